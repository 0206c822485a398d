#!/usr/bin/env python3
"""Builds antietam.sandtable.xml, Antietam (Sharpsburg), 17 September 1862, for The Hexed General:
400 yards per hex, 20 minutes per turn, flat-top hexes, units of a brigade (about 1,000-1,500 men).

    python3 build_sample.py > /tmp/antietam.xml
    sandtable convert /tmp/antietam.xml antietam.sandtable.xml

Columns run west to east, rows north to south, 0-based here (labels in the file are 1-based CCRR).
Sources and simplifications: README.md.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from sandtable_sample import Relief, BrigadeArmies, FlatHexBoard, Ground, write_scenario  # noqa: E402

COLS, ROWS = 20, 22
board = FlatHexBoard(COLS, ROWS)
neighbor, distance, line, polyline, on_map, edge, label = (
    board.neighbor, board.distance, board.line, board.polyline, board.on_map, board.edge, board.label)

# --- terrain ----------------------------------------------------------------------------------
TERRAIN = [
    ("open", "Open farmland", "open", "none", False, "#c9d89a", "none"),
    ("crops", "Standing corn", "open", "light", True, "#d9cf7a", "crops"),
    ("woods", "Woods", "broken", "light", True, "#5f8f4e", "trees"),
    ("town", "Town", "broken", "heavy", True, "#b8a08a", "buildings"),
]
ground = Ground(board, TERRAIN, fill="open", level=1)
terrain, elevation = ground.terrain, ground.elevation
paint, set_level, raise_hill, block = ground.paint, ground.set_level, ground.raise_hill, board.block

# After the Antietam Battlefield Board's atlas (Cope and Carman, 1904) and the NPS map.
paint(block(7, 5, 9, 5), "woods")            # the North Woods
paint([(8, 8), (9, 8)], "crops")             # Miller's Cornfield
paint(block(10, 7, 10, 9), "woods")          # the East Woods
paint(block(5, 8, 6, 10), "woods")           # the West Woods
paint([(11, 4), (12, 4), (11, 5)], "woods")  # Poffenberger woods
paint([(3, 5), (3, 6)], "woods")             # woods under Nicodemus Heights
paint([(12, 17), (12, 18), (11, 18)], "woods")  # the wooded bluff over Burnside Bridge
paint([(8, 14), (8, 15), (9, 14)], "town")   # Sharpsburg
paint([(17, 8), (18, 7)], "town")            # Keedysville, on the Boonsboro Pike

# --- rivers along hex sides --------------------------------------------------------------------
# Antietam Creek: cell (c, r) is west of it when c < CREEK[r]. It falls into the Potomac below row 21.
CREEK = [14, 14, 14, 14, 14, 14, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 12, 12, 12, 12, 12, 11]
def west_of_creek(c):
    r = min(max(c[1], 0), ROWS - 1)
    return c[0] < CREEK[r]

# The Potomac: cell (c, r) is on the Virginia side when c < POTOMAC[r].
POTOMAC = [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 4, 6]
def virginia(c):
    r = min(max(c[1], 0), ROWS - 1)
    return c[0] < POTOMAC[r]


ALL = block(0, 0, COLS - 1, ROWS - 1)
hexsides = {}
for e in board.boundary(lambda c: west_of_creek(c) and not virginia(c), ALL):
    a, d = e
    if not virginia(a) and not virginia(neighbor(a, d)):
        hexsides[e] = {"features": "river", "crossing": None}
for e in board.boundary(virginia, ALL):
    hexsides[e] = {"features": "river", "crossing": None}

# --- the ground: round heights in feet (set by hand) for the landforms of the USGS Keedysville and Shepherdstown quadrangles (20-foot
# contours), each cell at its centre; level 0 is 300 feet, one level 20 feet ------------------------
CREEK_SIDES = [e for e, h in sorted(hexsides.items()) if not virginia(e[0]) and not virginia(neighbor(*e))]
POTOMAC_SIDES = [e for e in sorted(board.boundary(virginia, ALL))]
relief = Relief(board, 400, datum_ft=300, interval_ft=20)
relief.slope((19, 21), 400, (2, 0), 420)
relief.hill((4, 5), 490, 700)                                     # Nicodemus Heights
relief.ridge([(4, 8), (4, 12)], 460, 500)                         # Hauser's Ridge
relief.hill((7, 10), 460, 700)                                    # the Dunker Church plateau
relief.ridge([(8, 12), (9, 14), (10, 15)], 480, 700)              # Sharpsburg's ridge and Cemetery Hill
relief.ridge([(10, 17), (10, 19)], 460, 500)                      # the heights over the lower bridge
relief.ridge([(15, 6), (15, 8), (16, 11)], 500, 1000)             # the heights of the Pry house
relief.stream_valley(CREEK_SIDES, 360, 700, end_ft=310)
relief.stream_valley(POTOMAC_SIDES, 320, 900, end_ft=300)
relief.apply(ground)

# --- roads ------------------------------------------------------------------------------------
PATHS = [
    ("pike", "Hagerstown Pike", polyline((8, 14), (7, 10), (7, 6), (6, 0))),
    ("pike", "Boonsboro Pike", polyline((8, 14), (13, 13), (15, 11), (17, 8), (19, 6))),
    ("road", "Smoketown road", polyline((7, 10), (10, 7), (12, 4))),
    ("road", "Keedysville road (upper bridge)", polyline((12, 4), (14, 4), (16, 6), (17, 8))),
    ("road", "Sunken road", polyline((7, 10), (9, 11), (10, 12), (11, 11), (12, 11))),
    ("road", "Harpers Ferry road", polyline((8, 14), (9, 17), (10, 19), (10, 21))),
    ("road", "Shepherdstown road", polyline((8, 14), (4, 16), (2, 17), (0, 17))),
    ("road", "Rohrbach bridge road (to Porterstown)", polyline((9, 15), (11, 16), (12, 16), (15, 15), (15, 11))),
    ("road", "Mumma and Roulette lane (Pry's ford)", polyline((9, 11), (10, 10), (11, 10), (14, 9), (15, 8))),
]
for kind, name, cells in PATHS:
    for e in board.crossed_sides(cells):
        if e in hexsides:
            ford = name == "Shepherdstown road" or "Pry's ford" in name
            hexsides[e]["crossing"] = "ford" if ford else "bridge"
# Only three bridges crossed the Antietam here (upper, middle, lower). Snavely's ford has no road.
for c in [(12, 18)]:
    for d in range(6):
        e = edge(c, d)
        if e in hexsides and hexsides[e]["crossing"] is None:
            hexsides[e]["crossing"] = "ford"
            break

FEATURES = [
    ("town", (8, 14), "Sharpsburg", None, 0),
    ("town", (17, 8), "Keedysville", None, 0),
    ("label", (8, 8), "The Cornfield", None, 0),
    ("label", (10, 12), "Sunken Road", None, 0),
    ("label", (13, 13), "Middle Bridge", None, 0),
    ("label", (4, 5), "Nicodemus Heights", None, 0),
    ("objective", (7, 10), "Dunker Church", "union", 3),
    ("objective", (8, 14), "Sharpsburg", "union", 5),
    ("objective", (2, 17), "Boteler's Ford", "union", 5),
    ("objective", (12, 16), "Burnside Bridge", "confederate", 2),
    ("entry", (19, 6), "Franklin (VI Corps)", "union", 0),
    ("entry", (0, 17), "McLaws, Anderson", "confederate", 0),
    ("entry", (0, 17), "A. P. Hill (Boteler's Ford)", "confederate", 0),
]

# --- order of battle -----------------------------------------------------------------------------
armies = BrigadeArmies()
HQ, UNITS, TRAINS, PLACE, REINF = armies.HQ, armies.UNITS, armies.TRAINS, armies.PLACE, armies.REINF
hq, unit, train, division = armies.hq, armies.unit, armies.train, armies.division

# Facing: corners 0..5 run clockwise from the east corner (flat-top): 1 north-east... 4 south-west.
US, CS = "union", "confederate"
US_SUPPLY = (19, 6)    # the Boonsboro Pike toward Keedysville, Boonsboro and Frederick
CS_SUPPLY = (0, 17)    # Boteler's Ford and the road to Shepherdstown

mcclellan = hq(US, "army", 0, "Army of the Potomac", "Maj. Gen. George B. McClellan", at=(15, 8))
i = hq(US, "corps", mcclellan, "I Corps (Hooker)", "Maj. Gen. Joseph Hooker", at=(9, 4), supply=US_SUPPLY)
train(i, "I Corps train", (16, 11))
division(i, US, "1st Division (Doubleday)", "Brig. Gen. Abner Doubleday", (7, 4),
         [("Gibbon's Iron Brigade", 1000, (7, 4)), ("Phelps' and Patrick's brigades", 1400, (6, 4)),
          ("Hofmann's brigade", 1000, (6, 3))], 4)
division(i, US, "2nd Division (Ricketts)", "Brig. Gen. James B. Ricketts", (10, 5),
         [("Duryee's brigade", 1100, (10, 5)), ("Christian's brigade", 1000, (10, 6)), ("Hartsuff's brigade", 1400, (11, 6))], 4)
division(i, US, "3rd Division, Pennsylvania Reserves (Meade)", "Brig. Gen. George G. Meade", (8, 4),
         [("Seymour's brigade", 1100, (9, 5)), ("Magilton's brigade", 1100, (8, 4)), ("Anderson's brigade", 1100, (9, 4))], 4)

xii = hq(US, "corps", mcclellan, "XII Corps (Mansfield)", "Maj. Gen. Joseph K. F. Mansfield", at=(12, 3), supply=US_SUPPLY)
train(xii, "XII Corps train", (16, 10))
division(xii, US, "1st Division (Williams)", "Brig. Gen. Alpheus S. Williams", (11, 3),
         [("Crawford's brigade", 2500, (11, 3)), ("Gordon's brigade", 2200, (10, 3))], 4)
division(xii, US, "2nd Division (Greene)", "Brig. Gen. George S. Greene", (12, 2),
         [("Tyndale's brigade", 1200, (12, 2)), ("Stainrook's brigade", 1000, (11, 2)), ("Goodrich's brigade", 1000, (13, 2))], 4)

ii = hq(US, "corps", mcclellan, "II Corps (Sumner)", "Maj. Gen. Edwin V. Sumner", at=(16, 9), supply=US_SUPPLY)
train(ii, "II Corps train", (17, 9))
division(ii, US, "1st Division (Richardson)", "Maj. Gen. Israel B. Richardson", (16, 10),
         [("Caldwell's brigade", 1300, (16, 10)), ("Meagher's Irish Brigade", 1300, (17, 10)), ("Brooke's brigade", 1400, (17, 11))], 3)
division(ii, US, "2nd Division (Sedgwick)", "Maj. Gen. John Sedgwick", (15, 7),
         [("Gorman's brigade", 1800, (15, 7)), ("Howard's brigade", 1700, (16, 7)), ("Dana's brigade", 1900, (16, 6))], 3)
division(ii, US, "3rd Division (French)", "Brig. Gen. William H. French", (17, 8),
         [("Kimball's brigade", 2200, (17, 8)), ("Morris' brigade", 2000, (18, 8)), ("Weber's brigade", 1500, (18, 9))], 3)

v = hq(US, "corps", mcclellan, "V Corps (Porter)", "Maj. Gen. Fitz John Porter", at=(15, 13), supply=US_SUPPLY)
train(v, "V Corps train", (14, 12))
division(v, US, "1st Division (Morell)", "Maj. Gen. George W. Morell", (16, 13),
         [("Barnes' brigade", 1500, (16, 13)), ("Griffin's brigade", 1500, (17, 13)), ("Stockton's brigade", 1300, (16, 14))], 3)
division(v, US, "2nd Division, Regulars (Sykes)", "Brig. Gen. George Sykes", (14, 13),
         [("Buchanan's brigade", 1500, (14, 13)), ("Lovell's brigade", 1200, (14, 12)), ("Warren's brigade", 1000, (15, 14))], 3)

ix = hq(US, "corps", mcclellan, "IX Corps (Burnside; Cox)", "Brig. Gen. Jacob D. Cox", at=(15, 17), supply=US_SUPPLY)
train(ix, "IX Corps train", (15, 11))
division(ix, US, "1st Division (Willcox)", "Brig. Gen. Orlando B. Willcox", (16, 16),
         [("Christ's brigade", 1500, (16, 16)), ("Welsh's brigade", 1600, (16, 17))], 3)
division(ix, US, "2nd Division (Sturgis)", "Brig. Gen. Samuel D. Sturgis", (14, 16),
         [("Nagle's brigade", 1400, (14, 16)), ("Ferrero's brigade", 1500, (14, 15))], 3)
division(ix, US, "3rd Division (Rodman)", "Brig. Gen. Isaac P. Rodman", (14, 18),
         [("Fairchild's brigade", 1000, (14, 18)), ("Harland's brigade", 1500, (14, 17))], 3)
division(ix, US, "Kanawha Division (Scammon)", "Col. Eliakim P. Scammon", (15, 18),
         [("Ewing's brigade", 1500, (15, 18)), ("Crook's brigade", 1400, (15, 16))], 3)

vi = hq(US, "corps", mcclellan, "VI Corps (Franklin)", "Maj. Gen. William B. Franklin", supply=US_SUPPLY,
        arrive=(14, US_SUPPLY, "Up from Pleasant Valley about 10 am"))
train(vi, "VI Corps train", arrive=(16, US_SUPPLY, ""))
division(vi, US, "1st Division (Slocum)", "Maj. Gen. Henry W. Slocum", None,
         [("Torbert's brigade", 1400, None), ("Bartlett's brigade", 1400, None), ("Newton's brigade", 1500, None)], 3,
         arrive=(14, US_SUPPLY, ""))
division(vi, US, "2nd Division (Smith)", "Maj. Gen. William F. Smith", None,
         [("Hancock's brigade", 1600, None), ("Brooks' Vermont brigade", 1500, None), ("Irwin's brigade", 1500, None)], 3,
         arrive=(15, US_SUPPLY, ""))
pleasonton = hq(US, "division", mcclellan, "Cavalry Division (Pleasonton)", "Brig. Gen. Alfred Pleasonton", at=(15, 12))
unit(pleasonton, "Pleasonton's cavalry brigades", "cavalry", 1500, at=(15, 12), formation="mounted", facing=3)
unit(pleasonton, "Horse artillery (Tidball, Robertson, Hains, Gibson)", "artillery", 22, at=(16, 12), gun="3in-rifle", facing=3, quality="regular")

lee = hq(CS, "army", 0, "Army of Northern Virginia", "Gen. Robert E. Lee", at=(7, 14))
jackson = hq(CS, "corps", lee, "Jackson's command", "Maj. Gen. Thomas J. Jackson", at=(6, 11), supply=CS_SUPPLY)
train(jackson, "Jackson's train", (5, 15))
division(jackson, CS, "Jackson's division (J. R. Jones)", "Brig. Gen. John R. Jones", (6, 7),
         [("Winder's and Jones' brigades (Grigsby)", 700, (6, 7)), ("Taliaferro's and Starke's brigades", 1100, (7, 7))], 1)
division(jackson, CS, "Ewell's division (Lawton)", "Brig. Gen. Alexander R. Lawton", (7, 8),
         [("Lawton's brigade (Douglass)", 1150, (8, 9)), ("Trimble's brigade (Walker)", 700, (9, 9)),
          ("Hays' brigade", 550, (7, 9)), ("Early's brigade", 1100, (5, 7))], 1)
division(jackson, CS, "Hood's division", "Brig. Gen. John B. Hood", (7, 10),
         [("Wofford's Texas brigade", 850, (6, 10)), ("Law's brigade", 1150, (7, 11))], 1)
unit(HQ[-1][0], "S. D. Lee's artillery battalion", "artillery", 20, at=(8, 11), gun="mixed", facing=1)
division(jackson, CS, "A. P. Hill's Light Division", "Maj. Gen. Ambrose P. Hill", None,
         [("Gregg's brigade", 1100, None), ("Branch's brigade", 1000, None), ("Archer's brigade", 800, None),
          ("Pender's and Brockenbrough's brigades", 900, None)], 0,
         arrive=(27, CS_SUPPLY, "17 miles from Harpers Ferry, across Boteler's Ford; comes up about 2:20 pm"))

longstreet = hq(CS, "corps", lee, "Longstreet's command", "Maj. Gen. James Longstreet", at=(9, 13), supply=CS_SUPPLY)
train(longstreet, "Longstreet's train", (4, 16))
division(longstreet, CS, "D. H. Hill's division", "Maj. Gen. Daniel H. Hill", (9, 12),
         [("Ripley's brigade", 1350, (9, 10)), ("Colquitt's brigade", 1300, (10, 10)), ("Garland's brigade (McRae)", 750, (11, 10)),
          ("Rodes' brigade", 850, (9, 11)), ("G. B. Anderson's brigade", 1200, (10, 11))], 1)
division(longstreet, CS, "D. R. Jones's division", "Brig. Gen. David R. Jones", (10, 15),
         [("Toombs' brigade", 600, (11, 16)), ("Drayton's and G. T. Anderson's brigades", 1100, (10, 15)),
          ("Kemper's and Jenkins' brigades", 800, (10, 14)), ("Garnett's brigade", 250, (11, 13))], 0)
division(longstreet, CS, "Walker's division", "Brig. Gen. John G. Walker", (10, 17),
         [("Manning's brigade", 2100, (10, 17)), ("Ransom's brigade", 1600, (11, 17))], 0)
division(longstreet, CS, "Evans' independent brigade", "Brig. Gen. Nathan G. Evans", (11, 14),
         [("Evans' brigade", 550, (12, 14))], 0)
division(longstreet, CS, "McLaws' division", "Maj. Gen. Lafayette McLaws", None,
         [("Kershaw's brigade", 1050, None), ("Barksdale's brigade", 900, None), ("Semmes' and Cobb's brigades", 1100, None)], 0,
         arrive=(6, CS_SUPPLY, "Across Boteler's Ford from Harpers Ferry after a night march; in the West Woods about 9 am"))
division(longstreet, CS, "R. H. Anderson's division", "Maj. Gen. Richard H. Anderson", None,
         [("Wright's and Mahone's brigades", 950, None), ("Pryor's and Featherston's brigades", 1400, None),
          ("Wilcox's and Armistead's brigades", 1100, None)], 0,
         arrive=(7, CS_SUPPLY, ""))
stuart = hq(CS, "division", lee, "Cavalry Division (Stuart)", "Maj. Gen. J. E. B. Stuart", at=(4, 5))
unit(stuart, "Fitz Lee's and Hampton's cavalry brigades", "cavalry", 1500, at=(4, 6), formation="mounted", facing=1)
unit(stuart, "Pelham's horse artillery on Nicodemus Heights", "artillery", 14, at=(4, 5), gun="mixed", facing=0)

EVENTS = {
    2: "The lost order: McClellan knows Lee's plans; one Union corps may move twice this turn.",
    3: "Fog at dawn over the Cornfield: no fire at more than one hex this turn.",
    4: "Mansfield falls: the XII Corps may not move this turn.",
    5: "McClellan's caution: neither the V nor the VI Corps may cross Antietam Creek this turn.",
    6: "No event.",
    7: "No event.",
    8: "No event.",
    9: "Long-range Union guns east of the creek: one Confederate unit within 3 hexes of the Pry house takes a hit.",
    10: "Ammunition runs short in the Sunken Road: its defenders may not fire this turn.",
    11: "A. P. Hill's men wear captured blue: his first attack this game is not fired on.",
    12: "Hooker wounded: the I Corps loses its corps general for two turns.",
}

INFO = dict(
    title="Antietam (Sharpsburg)",
    date="1862-09-17",
    place="Sharpsburg, Washington County, Maryland",
    theatre="eastern",
    turns=39,
    turnMinutes=20,
    startTime="05:40",
    firstPlayer="union",
    ruleset="hexed-general",
    setup="""The game opens at 5:40 am. Hooker's I Corps stands in and around the North Woods, ready to march down the Hagerstown Pike on the Dunker Church; Mansfield's XII Corps is a mile behind it. Sumner's II Corps waits east of Antietam Creek for the order to cross; Porter's V Corps holds the Middle Bridge and the Boonsboro Pike; Burnside's IX Corps faces the lower (Rohrbach) bridge. Franklin's VI Corps is on the road from Pleasant Valley.
Jackson holds the line from the West Woods across the Cornfield; Hood's division is in reserve at the Dunker Church; D. H. Hill holds the Sunken Road; D. R. Jones's thin division covers Sharpsburg and the lower bridge with Walker to his right. McLaws and R. H. Anderson are crossing Boteler's Ford from Harpers Ferry; A. P. Hill's Light Division is still at Harpers Ferry; it crosses Boteler's Ford and comes up on turn 27 (2:20 pm). The map brings the Potomac nearer Sharpsburg than it is (about a mile and a half on the map, some three miles by the road), so the ford's entry stands for the road behind it.""",
    special="""Antietam Creek may be crossed only at the three bridges and at Pry's and Snavely's fords. The Potomac may be crossed only at Boteler's Ford. Units of the V Corps may not cross the creek before turn 30 unless the Confederate army has reached its break point.""",
    objectives_union="Take the Dunker Church plateau (0811), Sharpsburg (0915) and cut the road to Boteler's Ford (0318).",
    objectives_cs="Hold Sharpsburg and the road to Boteler's Ford, and the Burnside Bridge (1317) until A. P. Hill arrives.",
    victory="At the end of turn 39 (6:40 pm), the Union wins if it holds Sharpsburg or Boteler's Ford; the Confederacy wins if it holds Sharpsburg, the road to the ford and the Dunker Church, or if the Union army has reached its break point. Anything else is a draw, as it was.",
)

if __name__ == "__main__":
    write_scenario(globals(), board)
