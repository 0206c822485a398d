#!/usr/bin/env python3
"""Builds first-bull-run.sandtable.xml from the data below.

The map and order of battle are kept here as readable data (waypoints of streams and roads, named
hills and woods, the order of battle by brigade) and written as a Sandtable scenario; then
`sandtable convert` puts the file in canonical form:

    python3 build_sample.py > /tmp/bull-run.xml
    sandtable convert /tmp/bull-run.xml first-bull-run.sandtable.xml

Columns run west to east, rows north to south, 0-based here (labels in the file are 1-based CCRR).
One hex is 400 yards across (The Hexed General). Sources and simplifications: README.md.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from sandtable_sample import FlatHexBoard, Ground, Relief, write_scenario  # noqa: E402

COLS, ROWS = 28, 26
board = FlatHexBoard(COLS, ROWS)
neighbor, distance, line, polyline, on_map, edge, label = (
    board.neighbor, board.distance, board.line, board.polyline, board.on_map, board.edge, board.label)

# --- terrain ----------------------------------------------------------------------------------
TERRAIN = [
    ("open", "Open farmland", "open", "none", False, "#c9d89a", "none"),
    ("woods", "Woods", "broken", "light", True, "#5f8f4e", "trees"),
    ("heavy-woods", "Heavy woods and thickets", "difficult", "heavy", True, "#3d6b3a", "dense-trees"),
    ("town", "Village", "broken", "heavy", True, "#b8a08a", "buildings"),
]
ground = Ground(board, TERRAIN, fill="open", level=0)
terrain, elevation = ground.terrain, ground.elevation
paint, set_level, raise_hill, block = ground.paint, ground.set_level, ground.raise_hill, board.block

# Woods, after the period maps: north of Matthews Hill and about Sudley, along Bull Run's west
# bank above the Stone Bridge, south-east of Henry Hill, the forest between Bull Run and
# Centreville, and the pines west of Chinn Ridge.
paint(block(9, 2, 11, 4), "woods")
paint(block(10, 6, 11, 8), "woods")
paint(block(10, 12, 12, 15), "woods")
paint(block(14, 10, 18, 14), "woods")
paint(block(15, 15, 17, 16), "heavy-woods")
paint(block(1, 13, 3, 18), "woods")
paint(block(19, 19, 21, 21), "woods")
paint([(25, 8), (25, 9), (24, 8)], "town")      # Centreville
paint([(12, 23), (13, 23)], "town")              # Manassas Junction

# --- streams along hex sides -------------------------------------------------------------------
# Bull Run: cell (c, r) is on the west bank when c < BULL_RUN[r].
BULL_RUN = [8, 8, 8, 8, 8, 9, 9, 10, 11, 12, 12, 13, 13, 14, 14, 15, 15, 16, 16, 17, 17, 18, 19, 20, 21, 22]

def west_of_bull_run(c):
    return c[0] < BULL_RUN[c[1]] if 0 <= c[1] < ROWS else c[0] < BULL_RUN[0 if c[1] < 0 else ROWS - 1]


ALL = block(0, 0, COLS - 1, ROWS - 1)
hexsides = {}
for e in board.boundary(west_of_bull_run, ALL):
    hexsides[e] = {"features": "river", "crossing": None}

# Young's Branch runs east just south of the Warrenton Turnpike into Bull Run below the Stone
# Bridge; Cub Run flows south across the turnpike east of Bull Run to join it below Union Mills.
# Each is one chain of sides from its source to its mouth.
BULL_RUN_SIDES = [e for e, h in sorted(hexsides.items()) if h["features"] == "river"]
def stream(*waypoints, **ends):
    sides = board.water_chain(*waypoints, to_water=BULL_RUN_SIDES, **ends)
    for e in sides:
        hexsides.setdefault(e, {"features": "stream", "crossing": None})
    return sides
YOUNGS_BRANCH = stream((2, 9), (5, 10), (8, 10), (11, 10))
CUB_RUN = stream((21, 0), (20, 8), (19, 14), (21, 19), (19, 22), from_edge=True)

# --- the ground: round heights in feet (set by hand) for the landforms of the USGS Manassas and Gainesville quadrangles (20-foot
# contours), each cell at its centre; level 0 is 180 feet, one level 20 feet -------------------------
relief = Relief(board, 400, datum_ft=180, interval_ft=20)
relief.slope((22, 24), 280, (0, 0), 320)
relief.hill((9, 11), 330, 700)                                   # Henry House Hill
relief.hill((8, 6), 320, 700)                                    # Matthews Hill
relief.hill((8, 8), 300, 400)                                    # Buck Hill
relief.ridge([(5, 9), (5, 12), (5, 15)], 330, 500, end_ft=310)   # Chinn Ridge
relief.ridge([(27, 6), (25, 8), (24, 11)], 420, 1200, end_ft=380)  # the Centreville heights
relief.hill((12, 22), 330, 1200)                                 # the Manassas plateau
relief.stream_valley(BULL_RUN_SIDES, 210, 700, end_ft=160)
relief.stream_valley(YOUNGS_BRANCH, 280, 400, end_ft=220)
relief.stream_valley(CUB_RUN, 300, 500, end_ft=170)
relief.apply(ground)

# --- roads and railroads -------------------------------------------------------------------------
PATHS = [
    ("pike", "Warrenton Turnpike", polyline((0, 9), (8, 9), (11, 9), (12, 9), (20, 8), (27, 8))),
    ("road", "Manassas-Sudley Road", polyline((6, 0), (6, 2), (7, 5), (8, 9), (8, 12), (10, 18), (12, 23), (12, 25))),
    ("road", "Sudley Springs road (the Union flank march)", polyline((20, 8), (16, 4), (11, 2), (8, 2), (7, 2))),
    ("road", "Centreville - Blackburn's Ford road", polyline((25, 8), (22, 12), (18, 17), (17, 19), (16, 20), (12, 23))),
    ("road", "Mitchell's Ford road", polyline((18, 17), (15, 16), (14, 17), (12, 21))),
    ("road", "Union Mills road", polyline((12, 23), (17, 24), (21, 24), (27, 24))),
    ("road", "Brentsville road", polyline((13, 23), (16, 25))),
    ("railroad", "Manassas Gap Railroad", polyline((0, 21), (6, 22), (12, 23))),
    ("railroad", "Orange and Alexandria Railroad", polyline((12, 23), (20, 23), (21, 23), (27, 22))),
]

for kind, name, cells in PATHS:
    for e in board.crossed_sides(cells):
        if e in hexsides and "river" in hexsides[e]["features"]:
            bridge = kind in ("pike", "railroad")
            hexsides[e]["crossing"] = "bridge" if bridge else "ford"
        elif e in hexsides:
            hexsides[e]["crossing"] = "bridge" if kind in ("pike", "railroad") else "ford"

# Fords with no road of their own, north to south: Poplar, Lewis, Ball's, Island (between Ball's and
# Mitchell's), McLean's.
for c in [(9, 6), (12, 12), (13, 13), (14, 15), (16, 21)]:
    for d in range(6):
        n = neighbor(c, d)
        e = edge(c, d)
        if on_map(n) and e in hexsides and "river" in hexsides[e]["features"] and hexsides[e]["crossing"] is None:
            hexsides[e]["crossing"] = "ford"
            break

# --- features --------------------------------------------------------------------------------
FEATURES = [
    ("town", (25, 8), "Centreville", None, 0),
    ("town", (12, 23), "Manassas Junction", None, 0),
    ("town", (6, 2), "Sudley Springs", None, 0),
    ("label", (8, 9), "Stone House", None, 0),
    ("label", (8, 6), "Matthews Hill", None, 0),
    ("label", (5, 12), "Chinn Ridge", None, 0),
    ("label", (9, 11), "Henry House Hill", None, 0),
    ("label", (12, 9), "Stone Bridge", None, 0),
    ("objective", (9, 11), "Henry House Hill", "union", 3),
    ("objective", (12, 23), "Manassas Junction", "union", 5),
    ("objective", (25, 8), "Centreville", "confederate", 3),
    ("entry", (12, 23), "Kirby Smith and Elzey (by rail)", "confederate", 0),
    ("entry", (27, 8), "Howard", "union", 0),
]

# --- order of battle -----------------------------------------------------------------------------
# (id, side, echelon, parent, name, commander)
HQ = []
UNITS = []   # (id, parent, name, arm, stands, strength, quality, weapon, gun, formation)
TRAINS = []  # (id, corps, name)
PLACE = {}   # piece -> (cells, facing)
REINF = {}   # piece -> (turn, entry, note)

def hq(side, echelon, parent, name, commander, at=None, supply=None):
    hid = len(HQ) + 1
    HQ.append((hid, side, echelon, parent, name, commander, supply))
    if at:
        PLACE["commander:%d" % hid] = ([at], None)
    return hid

def unit(parent, name, arm, strength, at=None, quality="green", weapon=None, gun=None, formation="line", facing=1, arrive=None):
    uid = len(UNITS) + 1
    stands = 1
    if weapon is None:
        weapon = "none" if arm == "artillery" else ("rifled-carbine" if arm == "cavalry" else "smoothbore-musket")
    UNITS.append((uid, parent, name, arm, stands, strength, quality, weapon, gun or "none", formation))
    if at:
        PLACE["unit:%d" % uid] = ([at], "corner:%d" % facing)
    if arrive:
        REINF["unit:%d" % uid] = arrive
    return uid

def train(corps, name, at):
    tid = len(TRAINS) + 1
    TRAINS.append((tid, corps, name))
    PLACE["train:%d" % tid] = ([at], None)

UNION_SUPPLY = (27, 8)  # where the Warrenton Turnpike leaves the board toward Washington
CS_SUPPLY = (16, 25)    # where the Brentsville road leaves the board behind Manassas

us = hq("union", "army", 0, "Army of Northeastern Virginia", "Brig. Gen. Irvin McDowell", at=(9, 3))
# Facing: corners 0..5 run clockwise from the east corner (flat-top): 2 is north-west, 5 south-east.
tyler = hq("union", "corps", us, "1st Division (Tyler)", "Brig. Gen. Daniel Tyler", at=(14, 9), supply=UNION_SUPPLY)
train(tyler, "Tyler's division train", (21, 8))
keyes = hq("union", "division", tyler, "1st Brigade (Keyes)", "Col. Erasmus D. Keyes", at=(16, 9))
unit(keyes, "2nd Maine, 1st and 2nd Connecticut", "infantry", 1400, at=(16, 9), facing=3)
unit(keyes, "3rd Connecticut", "infantry", 1000, at=(17, 9), facing=3)
schenck = hq("union", "division", tyler, "2nd Brigade (Schenck)", "Brig. Gen. Robert C. Schenck", at=(13, 10))
unit(schenck, "1st and 2nd Ohio", "infantry", 1300, at=(13, 10), facing=3)
unit(schenck, "2nd New York", "infantry", 800, at=(14, 10), facing=3)
unit(schenck, "Carlisle's Battery (E, 2nd US)", "artillery", 6, at=(13, 9), gun="mixed", facing=3, quality="regular")
sherman = hq("union", "division", tyler, "3rd Brigade (Sherman)", "Col. William T. Sherman", at=(14, 8))
unit(sherman, "13th and 69th New York", "infantry", 1600, at=(14, 8), facing=3)
unit(sherman, "79th New York", "infantry", 1000, at=(15, 8), facing=3)
unit(sherman, "2nd Wisconsin", "infantry", 1000, at=(15, 7), facing=3)
unit(sherman, "Ayres' Battery (E, 3rd US)", "artillery", 6, at=(13, 8), gun="mixed", facing=3, quality="regular")
richardson = hq("union", "division", tyler, "4th Brigade (Richardson)", "Col. Israel B. Richardson", at=(18, 17))
unit(richardson, "1st Massachusetts and 12th New York", "infantry", 1500, at=(18, 17), facing=4)
unit(richardson, "2nd and 3rd Michigan", "infantry", 1500, at=(18, 18), facing=4)

hunter = hq("union", "corps", us, "2nd Division (Hunter)", "Col. David Hunter", at=(7, 4), supply=UNION_SUPPLY)
train(hunter, "Hunter's division train", (22, 8))
porter = hq("union", "division", hunter, "1st Brigade (Porter)", "Col. Andrew Porter", at=(6, 4))
unit(porter, "8th and 14th New York", "infantry", 1500, at=(6, 5), facing=5)
unit(porter, "27th New York and US Regulars", "infantry", 1200, at=(5, 4), facing=5, quality="regular")
unit(porter, "Griffin's Battery (D, 5th US)", "artillery", 6, at=(6, 3), gun="mixed", facing=5, quality="regular")
unit(porter, "Palmer's cavalry battalion (US Regulars)", "cavalry", 500, at=(5, 3), facing=5, quality="regular", formation="mounted")
burnside = hq("union", "division", hunter, "2nd Brigade (Burnside)", "Col. Ambrose E. Burnside", at=(7, 5))
unit(burnside, "1st and 2nd Rhode Island", "infantry", 1200, at=(7, 5), facing=5, weapon="rifle-musket")
unit(burnside, "2nd New Hampshire and 71st New York", "infantry", 1500, at=(8, 5), facing=5)
unit(burnside, "2nd Rhode Island Battery", "artillery", 6, at=(7, 4), gun="mixed", facing=5)

heintzelman = hq("union", "corps", us, "3rd Division (Heintzelman)", "Col. Samuel P. Heintzelman", at=(10, 2), supply=UNION_SUPPLY)
train(heintzelman, "Heintzelman's division train", (23, 8))
franklin = hq("union", "division", heintzelman, "1st Brigade (Franklin)", "Col. William B. Franklin", at=(11, 2))
unit(franklin, "5th and 11th Massachusetts", "infantry", 1400, at=(11, 2), formation="march-column", facing=2)
unit(franklin, "1st Minnesota", "infantry", 900, at=(12, 3), formation="march-column", facing=2)
unit(franklin, "Ricketts' Battery (I, 1st US)", "artillery", 6, at=(10, 2), gun="10lb-parrott", formation="limbered", facing=3, quality="regular")
willcox = hq("union", "division", heintzelman, "2nd Brigade (Willcox)", "Col. Orlando B. Willcox", at=(13, 3))
unit(willcox, "11th New York (Fire Zouaves) and 38th New York", "infantry", 1700, at=(13, 3), formation="march-column", facing=2)
unit(willcox, "1st Michigan", "infantry", 800, at=(14, 3), formation="march-column", facing=2)
unit(willcox, "Arnold's Battery (D, 2nd US)", "artillery", 6, at=(15, 4), formation="limbered", facing=2, quality="regular")
howard = hq("union", "division", heintzelman, "3rd Brigade (Howard)", "Col. Oliver O. Howard",
            )
REINF["commander:%d" % howard] = (8, (27, 8), "Howard's brigade, last in the flank march, arrives in the afternoon")
unit(howard, "3rd and 4th Maine", "infantry", 1500, arrive=(8, (27, 8), ""))
unit(howard, "5th Maine and 2nd Vermont", "infantry", 1500, arrive=(8, (27, 8), ""))

miles = hq("union", "corps", us, "5th Division (Miles)", "Col. Dixon S. Miles", at=(25, 8), supply=UNION_SUPPLY)
train(miles, "Miles' division train", (26, 8))
blenker = hq("union", "division", miles, "1st Brigade (Blenker)", "Col. Louis Blenker", at=(24, 7))
unit(blenker, "8th and 29th New York", "infantry", 1400, at=(24, 7), facing=3)
unit(blenker, "39th New York and 27th Pennsylvania", "infantry", 1500, at=(25, 7), facing=3)
davies = hq("union", "division", miles, "2nd Brigade (Davies)", "Col. Thomas A. Davies", at=(19, 18))
unit(davies, "16th and 18th New York", "infantry", 1500, at=(19, 18), facing=4)
unit(davies, "31st and 32nd New York", "infantry", 1500, at=(19, 17), facing=4)
unit(davies, "Hunt's and Tidball's batteries", "artillery", 12, at=(20, 16), gun="mixed", facing=4, quality="regular")

cs = hq("confederate", "army", 0, "Confederate Army of the Potomac and Army of the Shenandoah", "Gen. Joseph E. Johnston", at=(11, 15))
line_ = hq("confederate", "corps", cs, "Beauregard's line on Bull Run", "Brig. Gen. P. G. T. Beauregard", at=(12, 15), supply=CS_SUPPLY)
train(line_, "Army supply train", (14, 24))
evans = hq("confederate", "division", line_, "7th Brigade (Evans)", "Col. Nathan G. Evans", at=(8, 7))
unit(evans, "4th South Carolina and 1st Louisiana Battalion", "infantry", 1100, at=(8, 7), facing=2)
unit(evans, "Latham's Battery", "artillery", 6, at=(7, 8), facing=2, gun="6lb-field-gun")
cocke = hq("confederate", "division", line_, "5th Brigade (Cocke)", "Col. Philip St. George Cocke", at=(11, 12))
unit(cocke, "18th, 19th and 28th Virginia", "infantry", 1500, at=(12, 12), facing=0)
unit(cocke, "8th and 49th Virginia", "infantry", 1000, at=(12, 13), facing=0)
bonham = hq("confederate", "division", line_, "1st Brigade (Bonham)", "Brig. Gen. Milledge L. Bonham", at=(13, 17))
unit(bonham, "2nd and 3rd South Carolina", "infantry", 1400, at=(14, 16), facing=1)
unit(bonham, "7th and 8th South Carolina", "infantry", 1400, at=(14, 17), facing=1)
unit(bonham, "Kemper's Battery", "artillery", 6, at=(13, 16), facing=1, gun="6lb-field-gun")
longstreet = hq("confederate", "division", line_, "4th Brigade (Longstreet)", "Brig. Gen. James Longstreet", at=(14, 18))
unit(longstreet, "1st, 11th and 17th Virginia", "infantry", 1500, at=(15, 18), facing=1)
unit(longstreet, "Washington Artillery of New Orleans", "artillery", 6, at=(15, 19), facing=1, gun="6lb-field-gun", quality="seasoned")
jones = hq("confederate", "division", line_, "3rd Brigade (D. R. Jones)", "Brig. Gen. David R. Jones", at=(17, 21))
unit(jones, "17th and 18th Mississippi, 5th South Carolina", "infantry", 1500, at=(17, 21), facing=1)
ewell = hq("confederate", "division", line_, "2nd Brigade (Ewell)", "Brig. Gen. Richard S. Ewell", at=(20, 24))
unit(ewell, "5th and 6th Alabama, 6th Louisiana", "infantry", 1500, at=(20, 24), facing=1)
early = hq("confederate", "division", line_, "6th Brigade (Early)", "Col. Jubal A. Early", at=(15, 21))
unit(early, "7th Virginia, 7th Louisiana and 13th Mississippi", "infantry", 1800, at=(15, 21), facing=1)
holmes = hq("confederate", "division", line_, "Reserve Brigade (Holmes)", "Brig. Gen. Theophilus H. Holmes", at=(13, 24))
unit(holmes, "1st Arkansas and 2nd Tennessee", "infantry", 1300, at=(13, 24), facing=1)
unit(holmes, "30th Virginia Cavalry (Radford)", "cavalry", 500, at=(11, 18), facing=1, formation="mounted")
jackson = hq("confederate", "division", line_, "1st Brigade, Army of the Shenandoah (Jackson)", "Brig. Gen. Thomas J. Jackson", at=(11, 16))
unit(jackson, "2nd, 4th and 5th Virginia", "infantry", 1500, at=(11, 16), facing=1, quality="green")
unit(jackson, "27th and 33rd Virginia", "infantry", 1100, at=(10, 16), facing=1)
unit(jackson, "Pendleton's Rockbridge Artillery", "artillery", 6, at=(10, 15), facing=1, gun="6lb-field-gun")
bartow = hq("confederate", "division", line_, "2nd Brigade, Army of the Shenandoah (Bartow)", "Col. Francis S. Bartow", at=(9, 9))
unit(bartow, "7th and 8th Georgia", "infantry", 1400, at=(9, 9), facing=2)
bee = hq("confederate", "division", line_, "3rd Brigade, Army of the Shenandoah (Bee)", "Brig. Gen. Barnard E. Bee", at=(8, 10))
unit(bee, "4th Alabama and 2nd Mississippi", "infantry", 1400, at=(8, 10), facing=2)
unit(bee, "11th Mississippi and 6th North Carolina", "infantry", 1300, at=(9, 10), facing=2)
unit(bee, "Imboden's Staunton Artillery", "artillery", 4, at=(9, 12), facing=2, gun="6lb-field-gun")
smith = hq("confederate", "division", line_, "4th Brigade, Army of the Shenandoah (Kirby Smith / Elzey)", "Brig. Gen. Edmund Kirby Smith")
# By rail from Piedmont to Manassas Junction about noon, without the 13th Virginia; on the field
# about 3 pm. They enter at the junction (not an edge: see EXCLUSIONS) at 1:20 pm, because the map
# brings the junction some three miles nearer Henry Hill than it was.
SMITH_ARRIVES = (11, (12, 23), "Detrained at Manassas Junction about noon; on Chinn Ridge about 3 pm")
REINF["commander:%d" % smith] = SMITH_ARRIVES
smith_units = [
    unit(smith, "1st Maryland Battalion and 3rd Tennessee", "infantry", 1100, arrive=SMITH_ARRIVES),
    unit(smith, "10th Virginia", "infantry", 600, arrive=SMITH_ARRIVES),
    unit(smith, "Beckham's battery (Newtown Artillery)", "artillery", 4, gun="6lb-field-gun", arrive=SMITH_ARRIVES),
]
hampton = hq("confederate", "division", line_, "Hampton's Legion", "Col. Wade Hampton", at=(10, 13))
unit(hampton, "Hampton's Legion (infantry)", "infantry", 600, at=(10, 13), facing=1)
stuart = hq("confederate", "division", line_, "1st Virginia Cavalry (Stuart)", "Col. J. E. B. Stuart", at=(6, 13))
unit(stuart, "1st Virginia Cavalry", "cavalry", 300, at=(6, 13), facing=1, formation="mounted")

EVENTS = {
    2: "Stonewall: Jackson's brigade ignores its first hit this turn.",
    3: "Confused uniforms: one Union battery adjacent to a Confederate unit in blue takes a hit without firing.",
    4: "Heat and thirst: no Union unit that moved last turn may move this turn.",
    5: "Sightseers from Washington crowd the Turnpike: Union road moves east of Cub Run are halved.",
    6: "No event.",
    7: "No event.",
    8: "No event.",
    9: "Johnston hurries the railroad: Kirby Smith's brigade arrives one turn earlier.",
    10: "Stuart's charge: the 1st Virginia Cavalry may move and fight twice this turn.",
    11: "A caisson overturns: one Union battery on a road may not move this turn.",
    12: "Panic at Cub Run bridge: Union units may not cross Cub Run this turn.",
}

INFO = dict(
    title="First Bull Run (First Manassas)",
    date="1861-07-21",
    place="Manassas, Prince William County, Virginia",
    theatre="eastern",
    turns=27,
    turnMinutes=20,
    startTime="10:00",
    firstPlayer="union",
    ruleset="hexed-general",
    setup="""The game opens at 10:00 am. McDowell's flanking column (Hunter, then Heintzelman) has crossed Bull Run at Sudley Springs and is coming down on Matthews Hill, where Evans has turned to meet it; Bee and Bartow are hurrying north past the Henry house. Tyler demonstrates at the Stone Bridge; Richardson and Davies face Blackburn's Ford; Blenker holds Centreville. The Confederate brigades still line Bull Run from the Stone Bridge to Union Mills. Jackson's brigade stands in reserve behind Mitchell's Ford.
Following The Hexed General, each Union division acts as a corps (its brigades as divisions) with its own train; Beauregard's line is one corps, with Johnston's brigades from the Shenandoah under it. Runyon's 4th Division, left guarding the road to Washington, is not on the map.
Hampton's Legion, which came by rail that morning, is marching up to the Robinson house. Kirby Smith's and Elzey's men (some 1,700 infantry and Beckham's battery, without the 13th Virginia) detrained at Manassas Junction about noon and reached Chinn Ridge about 3 pm; they enter at the junction on turn 11 (1:20 pm), because the map puts the junction about 3 miles from Henry Hill where it was some 6.""",
    special="""Bull Run is fordable only at the marked fords and bridges. The Stone Bridge is blocked by an abatis (treat it as a ford for movement). The Cub Run bridge carries one unit per turn.""",
    objectives_union="Take Henry House Hill (1012) and cut the railroad at Manassas Junction (1324).",
    objectives_cs="Hold Henry House Hill; if the Union army breaks, threaten Centreville (2609).",
    victory="At the end of turn 27, the Union wins if it holds Henry House Hill and Manassas Junction; the Confederacy wins if it holds Henry House Hill or the Union army has reached its break point (half its infantry and cavalry units lost). Any other result is a draw.",
)

EXCLUSIONS = [
]+[("reinforcement.entry-on-edge", piece,
      "Historical: Kirby Smith's and Elzey's men came by the Manassas Gap Railroad and detrained at Manassas Junction.")
     for piece in ["commander:%d" % smith] + ["unit:%d" % u for u in smith_units]]

# --- the battle's scenarios ----------------------------------------------------------------------
# One map and one order of battle; two starts: the morning on Matthews Hill, as above, and the
# afternoon on Henry Hill, from 2 pm (turn 13 of the day).
MORNING = dict(INFO, title="First Bull Run: Matthews Hill, morning", turns=12,
    setup=INFO["setup"] + """
The scenario ends at 2 pm (turn 12), when the Confederates driven off Matthews Hill had rallied on Henry House Hill and the afternoon's fight for it began.""",
    objectives_union="Take Matthews Hill (0907) and the Stone House crossroads (0910), and cross the Turnpike.",
    objectives_cs="Hold Matthews Hill as long as you can, then form on Henry House Hill (1012).",
    victory="At the end of turn 12, the Union wins if it holds Matthews Hill and the Stone House crossroads and no Confederate unit stands north of the Turnpike; the Confederacy wins if it still holds Matthews Hill. Anything else is a draw, and the afternoon decides.")

AFTERNOON_START = 13  # 2 pm
# Where each brigade stood about 2 pm, when Ricketts' and Griffin's batteries went up onto Henry Hill
# and Jackson's line held the plateau's south-eastern edge (Hennessy, The First Battle of Manassas;
# Ricketts', Griffin's, Heintzelman's and Jackson's reports, OR I/2). Pieces not named stand where
# they stood in the morning.
AFTERNOON_AT = {
    "Griffin's Battery (D, 5th US)": ((8, 11), 0), "Ricketts' Battery (I, 1st US)": ((9, 10), 0),
    "5th and 11th Massachusetts": ((8, 10), 0), "1st Minnesota": ((7, 11), 0),
    "11th New York (Fire Zouaves) and 38th New York": ((8, 12), 0), "1st Michigan": ((7, 10), 0),
    "Arnold's Battery (D, 2nd US)": ((7, 9), 0),
    "8th and 14th New York": ((8, 8), 0), "27th New York and US Regulars": ((7, 8), 0),
    "Palmer's cavalry battalion (US Regulars)": ((6, 9), 0),
    "1st and 2nd Rhode Island": ((7, 6), 5), "2nd New Hampshire and 71st New York": ((8, 6), 5),
    "2nd Rhode Island Battery": ((7, 7), 5),
    "13th and 69th New York": ((10, 9), 1), "79th New York": ((10, 8), 1), "2nd Wisconsin": ((11, 8), 1),
    "2nd Maine, 1st and 2nd Connecticut": ((12, 8), 1), "3rd Connecticut": ((13, 8), 1),
    "3rd and 4th Maine": ((9, 7), 1), "5th Maine and 2nd Vermont": ((10, 7), 1),
    "2nd, 4th and 5th Virginia": ((10, 12), 4), "27th and 33rd Virginia": ((11, 12), 4),
    "Pendleton's Rockbridge Artillery": ((10, 11), 4),
    "Hampton's Legion (infantry)": ((9, 12), 4), "4th Alabama and 2nd Mississippi": ((11, 13), 4),
    "11th Mississippi and 6th North Carolina": ((10, 13), 4), "Imboden's Staunton Artillery": ((12, 14), 4),
    "7th and 8th Georgia": ((12, 13), 4), "4th South Carolina and 1st Louisiana Battalion": ((13, 13), 4),
    "Latham's Battery": ((13, 14), 4), "1st Virginia Cavalry": ((7, 13), 2),
    "18th, 19th and 28th Virginia": ((12, 12), 3), "8th and 49th Virginia": ((12, 11), 3),
    "1st Maryland Battalion and 3rd Tennessee": ((10, 19), 5), "10th Virginia": ((11, 20), 5),
    "Beckham's battery (Newtown Artillery)": ((11, 19), 5),
}
# The brigades' and regiments' commanders with them.
AFTERNOON_COMMANDERS = {
    "2nd Division (Hunter)": (7, 7), "1st Brigade (Porter)": (8, 8), "2nd Brigade (Burnside)": (7, 6),
    "3rd Division (Heintzelman)": (8, 9), "1st Brigade (Franklin)": (8, 10), "2nd Brigade (Willcox)": (8, 12),
    "3rd Brigade (Howard)": (9, 7), "3rd Brigade (Sherman)": (10, 9), "1st Brigade (Keyes)": (12, 8),
    "Army of Northeastern Virginia": (8, 7),
    "1st Brigade, Army of the Shenandoah (Jackson)": (10, 12), "Hampton's Legion": (9, 12),
    "3rd Brigade, Army of the Shenandoah (Bee)": (11, 13), "2nd Brigade, Army of the Shenandoah (Bartow)": (12, 13),
    "7th Brigade (Evans)": (13, 13), "1st Virginia Cavalry (Stuart)": (7, 13), "5th Brigade (Cocke)": (12, 12),
    "4th Brigade, Army of the Shenandoah (Kirby Smith / Elzey)": (11, 19),
    "Confederate Army of the Potomac and Army of the Shenandoah": (11, 14),
    "Beauregard's line on Bull Run": (11, 14),
}
# Men lost in the morning by the regiments that fought on Matthews Hill: round figures after the
# returns of casualties in OR I/2 and Hennessy's account of the morning, for the regiments whose
# losses fell mostly there (not cited by page: see README.md); the rest start at full strength.
MORNING_LOSSES = {
    "4th South Carolina and 1st Louisiana Battalion": 300, "4th Alabama and 2nd Mississippi": 400,
    "7th and 8th Georgia": 300, "1st and 2nd Rhode Island": 120, "2nd New Hampshire and 71st New York": 100,
    "8th and 14th New York": 150, "27th New York and US Regulars": 130,
}

def afternoon_start():
    place, reinf, strengths = {}, {}, {}
    by_unit = {u[2]: u for u in UNITS}
    by_hq = {h[4]: h for h in HQ}
    for piece, (cells, facing) in PLACE.items():
        place[piece] = (cells, facing)
    for piece, (turn, entry, note) in REINF.items():
        if turn >= AFTERNOON_START:
            reinf[piece] = (turn - AFTERNOON_START + 1, entry, note)
        else:
            place[piece] = ([entry], "corner:1" if piece.startswith("unit:") else None)
    side_of_unit = lambda u: next(h[1] for h in HQ if h[0] == u[1])
    moved = {"unit:%d" % by_unit[name][0] for name in AFTERNOON_AT}
    # Each cell's side and whether a unit stands in it, from the pieces that stay where they were.
    held = {}
    for piece, (cells, facing) in place.items():
        if piece not in moved and piece.startswith("unit:"):
            held[cells[0]] = next(side_of_unit(u) for u in UNITS if "unit:%d" % u[0] == piece)
    for name, (cell, facing) in AFTERNOON_AT.items():
        u = by_unit[name]
        side = side_of_unit(u)
        # The named cell, or the nearest free one to it.
        free = sorted((c for c in ((x, y) for x in range(COLS) for y in range(ROWS))
                       if c not in held and distance(c, cell) <= 2), key=lambda c: (distance(c, cell), c))
        spot = free[0]
        held[spot] = side
        place["unit:%d" % u[0]] = ([spot], "corner:%d" % facing)
    for name, cell in AFTERNOON_COMMANDERS.items():
        assert held.get(cell, by_hq[name][1]) == by_hq[name][1], (name, cell)
        place["commander:%d" % by_hq[name][0]] = ([cell], None)
    for name, lost in MORNING_LOSSES.items():
        u = by_unit[name]
        strengths["unit:%d" % u[0]] = (u[4], u[5] - lost)
    return place, reinf, strengths

afternoon_place, afternoon_reinf, afternoon_strengths = afternoon_start()
AFTERNOON = dict(INFO, title="First Bull Run: Henry Hill, afternoon", turns=15, startTime="14:00",
    setup="""2:00 pm. The Confederates driven off Matthews Hill have rallied behind Jackson's Virginians, who hold the south-eastern edge of the Henry House Hill plateau with Pendleton's and Imboden's guns; Hampton's Legion stands by the Robinson house and Stuart's cavalry on the left. McDowell has sent Ricketts' and Griffin's batteries up onto the plateau by the Henry house, supported by Franklin's and Willcox's brigades and the Fire Zouaves; Porter and Burnside rest on Matthews Hill, Sherman and Keyes have crossed Bull Run above the Stone Bridge, and Howard's brigade is coming up behind Heintzelman. Kirby Smith's and Elzey's men, detrained at Manassas Junction, are on the road north. The regiments that fought on Matthews Hill start at their strength after the morning.
Turns are 20 minutes: turn 1 is 2:00 pm and turn 15 is 6:40 pm.""",
    objectives_union="Take Henry House Hill (1012) and hold it with the guns.",
    objectives_cs="Hold Henry House Hill, then drive the Union army back across Bull Run.",
    victory="At the end of turn 15, the Union wins if it holds Henry House Hill; the Confederacy wins if it holds Henry House Hill and the Union army has reached its break point (half its infantry and cavalry units lost). Anything else is a Confederate marginal victory.")

SCENARIOS = [
    dict(INFO=MORNING, PLACE=PLACE, REINF=REINF, EVENTS=EVENTS, exclusions=EXCLUSIONS),
    dict(INFO=AFTERNOON, PLACE=afternoon_place, REINF=afternoon_reinf, EVENTS=EVENTS, strengths=afternoon_strengths,
         exclusions=[]),
]

if __name__ == "__main__":
    write_scenario(globals(), board, scenarios=SCENARIOS)
