#!/usr/bin/env python3
"""Builds shiloh.sandtable.xml, Shiloh (Pittsburg Landing), 6 April 1862, on squares for the ACW
area rules (2015): one square is an area of 400 yards, one stand about 450 men or a battery.

    python3 build_sample.py > /tmp/shiloh.xml
    sandtable convert /tmp/shiloh.xml shiloh.sandtable.xml

Columns run west to east, rows north to south, 0-based here (labels in the file are 1-based CCRR).
Sources and simplifications: README.md.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from sandtable_sample import Ground, Relief, SquareBoard, write_scenario  # noqa: E402

COLS, ROWS = 20, 18
YARDS = 400
board = SquareBoard(COLS, ROWS)
neighbor, distance, line, polyline, on_map, edge, label = (
    board.neighbor, board.distance, board.line, board.polyline, board.on_map, board.edge, board.label)

# --- terrain ----------------------------------------------------------------------------------
TERRAIN = [
    ("open", "Fields and camps", "open", "none", False, "#c9d89a", "none"),
    ("woods", "Open woods", "broken", "light", True, "#6f9a58", "trees"),
    ("thicket", "Thickets and ravines", "difficult", "heavy", True, "#3d6b3a", "dense-trees"),
    ("orchard", "Peach orchard", "open", "light", False, "#d8b4c8", "orchard"),
    ("river", "Tennessee River", "impassable", "none", False, "#6f9fd8", "water"),
]
ground = Ground(board, TERRAIN, fill="woods", level=1)
terrain, elevation = ground.terrain, ground.elevation
paint, set_level, raise_hill, block = ground.paint, ground.set_level, ground.raise_hill, board.block

# The field was mostly open oak woods with farm clearings (after the Shiloh battlefield atlas of
# D. W. Reed, 1902, and the NPS map): the Union camps stood in the clearings.
paint(block(19, 0, 19, ROWS - 1), "river")
paint(block(18, 9, 18, ROWS - 1), "river")               # the river bends west below the Landing
paint(block(15, 2, 17, 5), "open")                       # Pittsburg Landing and the camps on the bluff
paint(block(4, 4, 6, 5), "open")                         # Jones field
paint(block(9, 3, 11, 4), "open")                        # Cavalry field and Hurlbut's camps
paint(block(4, 7, 6, 8), "open")                         # Rea field and Sherman's camps at Shiloh Church
paint(block(8, 7, 9, 7), "open")                         # Review field
paint([(10, 7)], "open")                                 # Duncan field
paint([(11, 7), (11, 8)], "thicket")                     # the Hornet's Nest
paint([(12, 9)], "orchard")                              # Sarah Bell's peach orchard
paint([(13, 9), (13, 10)], "open")                       # Wicker field
paint(block(7, 10, 9, 11), "open")                       # Spain field and Prentiss's camps
paint(block(3, 11, 5, 12), "open")                       # Fraley field
paint(block(14, 12, 16, 12), "open")                     # Stuart's camps on the Hamburg road
paint(block(0, 13, 5, 15), "open")                       # the Corinth road clearings behind the Confederate lines
paint([(12, 5), (13, 6), (14, 6)], "thicket")            # Dill Branch ravine
paint([(2, 9), (2, 10)], "thicket")                      # Shiloh Branch bottoms

# --- creeks along sides -----------------------------------------------------------------------
# Each creek is one chain of sides, source (or map edge) to mouth. Owl Creek runs north along the
# west of the field into Snake Creek, which runs east to the Tennessee; Lick Creek runs north-east
# south of the Confederate start to the river above the Landing; Shiloh Branch joins Owl Creek, and
# Dill Branch cuts its ravine to the river just above the Landing. After Reed's atlas (1902).
hexsides = {}
def creek(*waypoints, kind="stream", **ends):
    sides = board.water_chain(*waypoints, **ends)
    for e in sides:
        hexsides[e] = {"features": kind, "crossing": None}
    return sides
SNAKE_CREEK = creek((1, 1), (9, 1), (18, 1), kind="river")                          # backed up, unfordable
OWL_CREEK = creek((0, 12), (1, 9), (1, 4), (1, 1), kind="river", from_edge=True, to_water=SNAKE_CREEK)  # in flood
LICK_CREEK = creek((0, 17), (8, 17), (13, 16), (17, 14), kind="river", from_edge=True)  # in flood
SHILOH_BRANCH = creek((7, 9), (4, 9), (2, 10), (1, 9), to_water=OWL_CREEK)
DILL_BRANCH = creek((11, 5), (13, 5), (17, 6))

# --- the ground: heights in feet after Reed's atlas and the USGS Pittsburg Landing quadrangle
# (20-foot contours), each square at its centre; level 0 is 360 feet, one level 20 feet -------------
relief = Relief(board, YARDS, datum_ft=360, interval_ft=20)
relief.slope((17, 8), 480, (0, 16), 460)
relief.ridge([(14, 2), (16, 4), (16, 8)], 500, 800)          # the bluffs above the Landing
relief.ridge([(5, 8), (9, 7), (12, 9)], 490, 1000)           # the plateau of Shiloh Church and the Hornet's Nest
relief.stream_valley(OWL_CREEK, 400, 800, end_ft=380)
relief.stream_valley(SNAKE_CREEK, 380, 700, end_ft=370)
relief.stream_valley(LICK_CREEK, 410, 800, end_ft=370)
relief.stream_valley(SHILOH_BRANCH, 440, 500, end_ft=410)
relief.stream_valley(DILL_BRANCH, 440, 500, end_ft=370)
relief.apply(ground)
set_level(block(18, 0, 19, ROWS - 1), 0)                  # the river

# --- roads -----------------------------------------------------------------------------------
PATHS = [
    ("road", "Pittsburg-Corinth road", polyline((17, 4), (13, 5), (10, 6), (6, 8), (5, 9), (4, 12), (3, 15), (3, 17))),
    ("road", "Eastern Corinth road", polyline((15, 5), (12, 8), (9, 11), (8, 15))),
    ("road", "Hamburg-Savannah road", polyline((16, 0), (16, 4), (15, 8), (15, 12), (17, 15))),
    ("road", "Hamburg-Purdy road", polyline((0, 6), (3, 7), (6, 9), (10, 10), (14, 12), (17, 13))),
    ("road", "Savannah River road (Lew Wallace's route)", polyline((9, 0), (12, 1), (13, 2), (16, 3))),
    ("road", "Bark road", polyline((0, 15), (10, 14), (14, 15))),
]

for kind, name, cells in PATHS:
    for e in board.crossed_sides(cells):
        if e in hexsides:
            hexsides[e]["crossing"] = "bridge" if hexsides[e]["features"] == "river" else "ford"

# --- features --------------------------------------------------------------------------------
FEATURES = [
    ("landing", (17, 4), "Pittsburg Landing", None, 0),
    ("label", (12, 9), "Peach Orchard", None, 0),
    ("label", (4, 12), "Fraley Field", None, 0),
    ("objective", (17, 4), "Pittsburg Landing", "confederate", 10),
    ("objective", (5, 8), "Shiloh Church", "union", 3),
    ("objective", (11, 7), "Hornet's Nest", "confederate", 3),
    ("entry", (9, 0), "Lew Wallace", "union", 0),
    ("entry", (16, 0), "Nelson (Buell)", "union", 0),
]

# --- order of battle -------------------------------------------------------------------------
HQ, UNITS, TRAINS, PLACE, REINF = [], [], [], {}, {}
MEN_PER_STAND = 450

def hq(side, echelon, parent, name, commander, at=None, supply=None):
    hid = len(HQ) + 1
    HQ.append((hid, side, echelon, parent, name, commander, supply))
    if at:
        PLACE["commander:%d" % hid] = ([at], None)
    return hid

def unit(parent, name, arm, strength, at=None, quality="green", weapon=None, gun=None, formation="line",
         facing=1, arrive=None):
    uid = len(UNITS) + 1
    stands = max(1, round(strength / MEN_PER_STAND)) if arm != "artillery" else max(1, strength // 7)
    if weapon is None:
        weapon = "none" if arm == "artillery" else ("rifled-carbine" if arm == "cavalry" else "smoothbore-musket")
    UNITS.append((uid, parent, name, arm, stands, strength, quality, weapon, gun or "none", formation))
    if at:
        PLACE["unit:%d" % uid] = ([at], "side:%d" % facing)
    if arrive:
        REINF["unit:%d" % uid] = arrive
    return uid

def train(corps, name, at):
    tid = len(TRAINS) + 1
    TRAINS.append((tid, corps, name))
    PLACE["train:%d" % tid] = ([at], None)

def brigade(division, name, commander, at, men, regiments, facing, quality="green", weapon=None, arrive=None):
    b = hq(division[0], "brigade", division[1], name, commander, at=None if arrive else at)
    if arrive:
        REINF["commander:%d" % b] = arrive
    unit(b, regiments, "infantry", men, at=None if arrive else at, facing=facing, quality=quality, weapon=weapon,
         arrive=arrive)
    return b

# Facing: sides 0 east, 1 north, 2 west, 3 south.
LANDING = (17, 4)
US = "union"
grant = hq(US, "army", 0, "Army of the Tennessee", "Maj. Gen. Ulysses S. Grant", at=(16, 3))
# Grant had no corps: his divisions answer to him directly, and his wagons were parked at the Landing,
# which is the Union army's only base (see README).
def division(name, commander, at, arrive=None):
    d = hq(US, "division", grant, name, commander, at=None if arrive else at)
    if arrive:
        REINF["commander:%d" % d] = arrive
    return (US, d)

sherman = division("5th Division (Sherman)", "Brig. Gen. William T. Sherman", (4, 7))
brigade(sherman, "1st Brigade (McDowell)", "Col. John A. McDowell", (4, 6), 2100, "6th Iowa, 40th Illinois, 46th Ohio", 2)
unit(sherman[1], "Behr's and Barrett's batteries", "artillery", 12, at=(5, 7), gun="6lb-field-gun", facing=3)
STUART_UNIT = len(UNITS) + 1
brigade(sherman, "2nd Brigade (Stuart)", "Col. David Stuart", (15, 12), 2800, "55th Illinois, 54th and 71st Ohio", 3)
brigade(sherman, "3rd Brigade (Hildebrand)", "Col. Jesse Hildebrand", (5, 8), 2300, "53rd, 57th and 77th Ohio", 3)
brigade(sherman, "4th Brigade (Buckland)", "Col. Ralph P. Buckland", (6, 8), 2400, "48th, 70th and 72nd Ohio", 3)

prentiss = division("6th Division (Prentiss)", "Brig. Gen. Benjamin M. Prentiss", (8, 10))
brigade(prentiss, "1st Brigade (Peabody)", "Col. Everett Peabody", (7, 11), 2500, "25th Missouri, 16th Wisconsin, 12th Michigan, 21st Missouri", 3)
brigade(prentiss, "2nd Brigade (Miller)", "Col. Madison Miller", (9, 11), 2400, "18th Missouri, 61st Illinois, 18th Wisconsin", 3)
unit(prentiss[1], "Hickenlooper's and Munch's batteries", "artillery", 12, at=(8, 10), gun="mixed", facing=3)

mcclernand = division("1st Division (McClernand)", "Maj. Gen. John A. McClernand", (8, 6))
brigade(mcclernand, "1st Brigade (Hare)", "Col. Abraham M. Hare", (7, 6), 2000, "8th and 18th Illinois, 11th and 13th Iowa", 3)
brigade(mcclernand, "2nd Brigade (Marsh)", "Col. C. Carroll Marsh", (8, 6), 2000, "11th, 20th, 45th and 48th Illinois", 3)
brigade(mcclernand, "3rd Brigade (Raith)", "Col. Julius Raith", (9, 6), 1800, "17th, 29th, 43rd and 49th Illinois", 3)
unit(mcclernand[1], "Schwartz's, Dresser's and McAllister's batteries", "artillery", 14, at=(8, 5), gun="mixed", facing=3)

hurlbut = division("4th Division (Hurlbut)", "Brig. Gen. Stephen A. Hurlbut", (10, 4))
brigade(hurlbut, "1st Brigade (Williams)", "Col. Nelson G. Williams", (9, 4), 2400, "3rd Iowa, 28th, 32nd and 41st Illinois", 3)
brigade(hurlbut, "2nd Brigade (Veatch)", "Col. James C. Veatch", (10, 3), 2600, "14th and 15th Illinois, 25th Indiana, 46th Illinois", 3)
brigade(hurlbut, "3rd Brigade (Lauman)", "Brig. Gen. Jacob G. Lauman", (11, 4), 1800, "31st and 44th Indiana, 17th and 25th Kentucky", 3)
unit(hurlbut[1], "Ross's, Mann's and Myers' batteries", "artillery", 14, at=(10, 4), gun="mixed", facing=3)

wallace = division("2nd Division (W. H. L. Wallace)", "Brig. Gen. William H. L. Wallace", (15, 3))
brigade(wallace, "1st Brigade (Tuttle)", "Col. James M. Tuttle", (15, 3), 2100, "2nd, 7th, 12th and 14th Iowa", 3)
brigade(wallace, "2nd Brigade (McArthur)", "Brig. Gen. John McArthur", (15, 4), 2000, "9th and 12th Illinois, 13th Missouri, 14th Missouri (Birge's Sharpshooters), 81st Ohio", 3)
brigade(wallace, "3rd Brigade (Sweeny)", "Col. Thomas W. Sweeny", (16, 4), 2400, "8th Iowa, 7th, 50th, 52nd, 57th and 58th Illinois", 3)
unit(wallace[1], "Willard's, Richardson's and Stone's batteries", "artillery", 14, at=(16, 3), gun="mixed", facing=3, quality="seasoned")

lew = division("3rd Division (Lew Wallace)", "Maj. Gen. Lew Wallace", (9, 0), arrive=(22, (9, 0), "Marched the wrong road from Crump's Landing; arrives at dusk"))
brigade(lew, "1st Brigade (Smith)", "Col. Morgan L. Smith", None, 2300, "8th Missouri, 11th and 24th Indiana", 3, arrive=(22, (9, 0), ""))
brigade(lew, "2nd Brigade (Thayer)", "Col. John M. Thayer", None, 2300, "1st Nebraska, 23rd Indiana, 58th and 68th Ohio", 3, arrive=(22, (9, 0), ""))
brigade(lew, "3rd Brigade (Whittlesey)", "Col. Charles Whittlesey", None, 2300, "20th, 56th, 76th and 78th Ohio", 3, arrive=(22, (9, 0), ""))

# Nelson marched up the east bank and was ferried across to the Landing from about 5 pm; Ammen's
# brigade was first up the bluff. The Landing is not on the map's edge: see EXCLUSIONS.
nelson = division("4th Division, Army of the Ohio (Nelson)", "Brig. Gen. William Nelson", LANDING, arrive=(20, LANDING, "Ferried across the river to Pittsburg Landing from the east bank late in the afternoon"))
NELSON_PIECES = ["commander:%d" % nelson[1]]
for args, turn in [(("10th Brigade (Ammen)", "Col. Jacob Ammen", None, 2200, "36th Indiana, 6th and 24th Ohio", 3), 20),
                   (("19th Brigade (Hazen)", "Col. William B. Hazen", None, 2200, "9th Indiana, 6th Kentucky, 41st Ohio", 3), 21)]:
    b = brigade(nelson, *args, arrive=(turn, LANDING, ""))
    NELSON_PIECES += ["commander:%d" % b, "unit:%d" % len(UNITS)]
# Regiments landed that morning and sent forward: the 23rd Missouri to Prentiss, the 15th and 16th
# Iowa to McClernand's line (OR X/1: Prentiss's and Reid's reports).
ATTACHED = (5, LANDING, "Landed that morning at Pittsburg Landing and sent to the front")
b = brigade(prentiss, "23rd Missouri (attached)", "Col. Jacob T. Tindall", None, 600, "23rd Missouri", 3, arrive=ATTACHED)
NELSON_PIECES += ["commander:%d" % b, "unit:%d" % len(UNITS)]
b = brigade(mcclernand, "15th and 16th Iowa (attached)", "Col. Hugh T. Reid", None, 1500, "15th and 16th Iowa", 3,
            arrive=ATTACHED)
NELSON_PIECES += ["commander:%d" % b, "unit:%d" % len(UNITS)]

CS = "confederate"
CORINTH = (3, 17)   # where the Pittsburg-Corinth road leaves the map toward Corinth
johnston = hq(CS, "army", 0, "Army of the Mississippi", "Gen. Albert Sidney Johnston", at=(5, 13))

def corps(name, commander, at, train_at):
    c = hq(CS, "corps", johnston, name, commander, at=at, supply=CORINTH)
    train(c, name + " train", train_at)
    return c

def cs_division(c, name, commander, at):
    return (CS, hq(CS, "division", c, name, commander, at=at))

hardee = corps("III Corps (Hardee)", "Maj. Gen. William J. Hardee", (6, 12), (2, 14))
hindman = cs_division(hardee, "Hindman's division", "Brig. Gen. Thomas C. Hindman", (7, 12))
brigade(hindman, "Shaver's brigade", "Col. R. G. Shaver", (7, 12), 2400, "2nd, 6th and 7th Arkansas, 3rd Confederate", 1)
brigade(hindman, "Wood's brigade", "Brig. Gen. S. A. M. Wood", (6, 11), 2300, "16th Alabama, 8th and 9th Arkansas, 27th and 44th Tennessee", 1)
cleburne = cs_division(hardee, "Cleburne's brigade (independent)", "Brig. Gen. Patrick R. Cleburne", (5, 10))
brigade(cleburne, "Cleburne's brigade", "Brig. Gen. Patrick R. Cleburne", (5, 10), 2700, "15th Arkansas, 6th Mississippi, 2nd, 5th, 23rd and 24th Tennessee", 1)
unit(cleburne[1], "Trigg's and Calvert's batteries", "artillery", 8, at=(4, 11), gun="6lb-field-gun", facing=1)

bragg = corps("II Corps (Bragg)", "Maj. Gen. Braxton Bragg", (9, 13), (1, 14))
withers = cs_division(bragg, "Withers' division", "Brig. Gen. Jones M. Withers", (11, 12))
brigade(withers, "Gladden's brigade", "Brig. Gen. Adley H. Gladden", (10, 12), 2300, "21st, 22nd, 25th and 26th Alabama, 1st Louisiana", 1)
brigade(withers, "Chalmers' brigade", "Brig. Gen. James R. Chalmers", (12, 13), 2000, "5th, 7th, 9th and 10th Mississippi, 52nd Tennessee", 1)
brigade(withers, "Jackson's brigade", "Brig. Gen. John K. Jackson", (11, 13), 2200, "17th, 18th and 19th Alabama, 2nd Texas", 1)
unit(withers[1], "Robertson's and Girardey's batteries", "artillery", 10, at=(11, 12), gun="6lb-field-gun", facing=1)
ruggles = cs_division(bragg, "Ruggles' division", "Brig. Gen. Daniel Ruggles", (7, 13))
brigade(ruggles, "Gibson's brigade", "Col. Randall L. Gibson", (8, 13), 2300, "1st Arkansas, 4th, 13th and 19th Louisiana", 1)
brigade(ruggles, "Anderson's brigade", "Brig. Gen. Patton Anderson", (7, 13), 1600, "1st Florida Battalion, 17th, 20th Louisiana, 9th Texas", 1)
brigade(ruggles, "Pond's brigade", "Col. Preston Pond Jr.", (6, 13), 2200, "16th and 18th Louisiana, Crescent Regiment, 38th Tennessee", 1)

polk = corps("I Corps (Polk)", "Maj. Gen. Leonidas Polk", (5, 14), (0, 15))
clark = cs_division(polk, "Clark's division", "Brig. Gen. Charles Clark", (6, 14))
brigade(clark, "Russell's brigade", "Col. Robert M. Russell", (6, 14), 1800, "11th Louisiana, 12th, 13th and 22nd Tennessee", 1)
brigade(clark, "Stewart's brigade", "Brig. Gen. Alexander P. Stewart", (7, 14), 2000, "13th Arkansas, 4th, 5th and 33rd Tennessee", 1)
cheatham = cs_division(polk, "Cheatham's division", "Maj. Gen. B. Franklin Cheatham", (5, 15))
brigade(cheatham, "Johnson's brigade", "Brig. Gen. Bushrod R. Johnson", (4, 15), 2000, "Blythe's Mississippi, 2nd, 15th and 154th Tennessee", 1)
brigade(cheatham, "Stephens' brigade", "Col. William H. Stephens", (5, 15), 2000, "7th Kentucky, 1st and 6th Tennessee", 1)

breckinridge = corps("Reserve Corps (Breckinridge)", "Brig. Gen. John C. Breckinridge", None, (0, 14))
REINF["commander:%d" % breckinridge] = (3, (0, 15), "The Reserve Corps comes up the Bark road behind Polk")
bdiv = (CS, hq(CS, "division", breckinridge, "Reserve Corps brigades", "Brig. Gen. John C. Breckinridge"))
REINF["commander:%d" % bdiv[1]] = (3, (0, 15), "")
brigade(bdiv, "Trabue's brigade", "Col. Robert P. Trabue", None, 2400, "3rd, 4th and 6th Kentucky, 4th Alabama Battalion, 31st Alabama", 1, arrive=(3, (0, 15), ""))
brigade(bdiv, "Bowen's brigade", "Brig. Gen. John S. Bowen", None, 1900, "9th and 10th Arkansas, 2nd Confederate, 1st Missouri", 1, arrive=(4, (0, 15), ""))
brigade(bdiv, "Statham's brigade", "Col. Winfield S. Statham", None, 2300, "15th and 22nd Mississippi, 19th, 20th, 28th and 45th Tennessee", 1, arrive=(4, (0, 15), ""))
unit(bdiv[1], "Forrest's Tennessee cavalry", "cavalry", 450, arrive=(3, (0, 15), ""), formation="mounted")

EVENTS = {
    2: "Johnston falls: the army commander is removed; Beauregard takes command from the rear next turn.",
    3: "Gunboats: the Tyler and Lexington shell the Dill Branch ravine; no Confederate unit may end its move there this turn.",
    4: "Looting the camps: one Confederate brigade in a Union camp (open area) may not move this turn.",
    5: "Stragglers under the bluff: the Union side loses one stand from a unit within 2 areas of the Landing.",
    6: "No event.",
    7: "No event.",
    8: "No event.",
    9: "Ruggles' guns: up to 6 Confederate batteries within 2 areas of Duncan Field fire twice this turn.",
    10: "Prentiss holds: Union units in the Hornet's Nest ignore their first hit this turn.",
    11: "Webster's line: the Union batteries on the bluffs above the Landing fire twice this turn.",
    12: "Lew Wallace finds the right road: his division arrives four turns earlier.",
}

# Findings accepted as history, with the reason.
EXCLUSIONS = [
    ("command.unit-within-radius", "unit:%d commander:%d" % (STUART_UNIT, sherman[1]),
     "Historical: Stuart's brigade camped two miles from the rest of Sherman's division, guarding the Lick Creek ford."),
]+[("reinforcement.entry-on-edge", piece,
      "Historical: Nelson's division and the regiments landed on 6 April came by steamboat to Pittsburg Landing.")
     for piece in NELSON_PIECES]

INFO = dict(
    title="Shiloh (Pittsburg Landing), first day",
    date="1862-04-06",
    place="Pittsburg Landing, Hardin County, Tennessee",
    theatre="western",
    turns=22,
    turnMinutes=30,
    startTime="07:00",
    firstPlayer="confederate",
    ruleset="acw-area",
    setup="""The game opens at 7:00 am. Hardee's line has driven in Peabody's patrol at Fraley Field and is coming on against Prentiss's camps and Sherman's around Shiloh Church; Bragg's corps follows close behind, Polk's is on the Corinth road and Breckinridge's reserve is still coming up the Bark road. The Union divisions stand in their camps: Sherman and Prentiss in front, McClernand behind them, Hurlbut and W. H. L. Wallace back near the Landing. Stuart's brigade of Sherman's division is isolated on the Hamburg road by Lick Creek.
Grant had no corps: each Union division acts as one, drawing supply from Pittsburg Landing. Each brigade is one unit of stands of about 450 men; each division's batteries are grouped in one artillery unit.""",
    special="""Owl Creek, Snake Creek and Lick Creek are in flood and may be crossed only at the bridges and fords on the roads. The Tennessee River is impassable. Union units may not leave the map.""",
    objectives_union="Hold Pittsburg Landing (1805) until Buell and Lew Wallace arrive.",
    objectives_cs="Turn the Union left, drive the army away from the Landing into the Owl Creek bottoms, and take Pittsburg Landing (1805).",
    victory="At the end of turn 22 (6:00 pm), the Confederacy wins if it holds Pittsburg Landing or the Union army has lost half its stands; the Union wins if it holds the Landing and Shiloh Church; anything else is a Confederate tactical success and a draw.",
)
if __name__ == "__main__":
    write_scenario(globals(), board, grid="square", yards=YARDS, exclusions=EXCLUSIONS)
