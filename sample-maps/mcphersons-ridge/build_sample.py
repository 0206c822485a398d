#!/usr/bin/env python3
"""Builds mcphersons-ridge.sandtable.xml, McPherson's Ridge and the Railroad Cut, Gettysburg,
1 July 1863, 8:00 to 11:30 am, for Kallistra's ACW hex rules: 100 yards per hex (the rifle-musket
reaches 3 hexes), 15 minutes per turn, flat-top hexes, regiments as stands of about 75 men (a
battery's section of two guns is a stand).

    python3 build_sample.py > /tmp/mcphersons-ridge.xml
    sandtable convert /tmp/mcphersons-ridge.xml mcphersons-ridge.sandtable.xml
    python3 build_sample.py --dem /tmp/mcphersons-ridge-relief.asc   # the landforms as a terrain model

Columns run west to east, rows north to south, 0-based here (labels in the file are 1-based CCRR).
Sources and simplifications: README.md.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from sandtable_sample import BrigadeArmies, FlatHexBoard, Ground, Relief, write_scenario  # noqa: E402

COLS, ROWS = 24, 20
YARDS = 100
MEN_PER_STAND = 75
board = FlatHexBoard(COLS, ROWS)
polyline, on_map = board.polyline, board.on_map

# --- terrain ----------------------------------------------------------------------------------
TERRAIN = [
    ("open", "Open fields", "open", "none", False, "#c9d89a", "none"),
    ("woods", "Woods", "broken", "light", True, "#5f8f4e", "trees"),
    ("orchard", "Orchard", "open", "light", False, "#d9cf7a", "orchard"),
    ("buildings", "Farm and seminary buildings", "broken", "heavy", True, "#b8a08a", "buildings"),
    ("cut", "Railroad cut (steep-sided)", "difficult", "heavy", False, "#a89a7a", "rocks"),
]
ground = Ground(board, TERRAIN, fill="open", level=0)
paint, block = ground.paint, board.block

# After the NPS Gettysburg map, the Bachelder map of the first day (1876) and the Warren survey.
# Herr Ridge's crest is column 3, Willoughby Run runs between columns 7 and 8, McPherson's Ridge has
# its western crest on column 10 and its eastern on 12, and Seminary Ridge is column 20.
paint(block(8, 11, 10, 15), "woods")                # Herbst Woods, down the ridge to the run
paint([(11, 12), (11, 13)], "woods")
paint(block(0, 15, 2, 18), "woods")                 # the woods south-west of Herr Ridge
paint([(2, 10), (3, 10)], "buildings")              # Herr's tavern on the pike
paint([(12, 10)], "buildings")                      # the McPherson farm
paint([(19, 11), (20, 12)], "buildings")            # the Lutheran Seminary and its houses
paint([(21, 13)], "orchard")
paint([(19, 2), (20, 2)], "woods")                  # the woods on Oak Ridge's south end

# --- roads, the unfinished railroad, Willoughby Run --------------------------------------------
PATHS = [
    ("pike", "Chambersburg Pike", polyline((0, 11), (12, 10), (23, 9))),
    ("railroad", "Unfinished railroad bed (the Railroad Cut)", polyline((0, 8), (12, 7), (23, 6))),
    ("road", "Fairfield road", polyline((23, 13), (16, 16), (8, 18), (0, 19))),
    ("road", "Mummasburg road", polyline((23, 4), (16, 0))),
]
CUT = [c for kind, name, cells in PATHS if kind == "railroad" for c in cells if 13 <= c[0] <= 16]
paint(CUT, "cut")                                   # the middle cut, between McPherson's and Seminary ridges

hexsides = {}
WILLOUGHBY_RUN = board.water_chain((8, 0), (8, 9), (7, 19), from_edge=True, to_edge=True)
for e in WILLOUGHBY_RUN:
    hexsides[e] = {"features": "stream", "crossing": None}
for kind, name, cells in PATHS:
    for e in board.crossed_sides(cells):
        if e in hexsides:
            hexsides[e]["crossing"] = "bridge" if kind in ("pike", "railroad") else "ford"

# --- the ground: round heights in feet (set by hand) for the landforms of the USGS Gettysburg quadrangle and the NPS map (10-foot
# interval), each hex at its centre; level 0 is 490 feet, one level 10 feet ---------------------------
relief = Relief(board, YARDS, datum_ft=490, interval_ft=10)
relief.slope((23, 10), 515, (0, 10), 540)
relief.ridge([(3, 0), (3, 10), (3, 19)], 580, 350)                # Herr Ridge
relief.ridge([(10, 2), (10, 10), (10, 18)], 545, 200)             # McPherson's Ridge, western crest
relief.ridge([(12, 1), (12, 10), (12, 19)], 560, 250)             # McPherson's Ridge, eastern crest
relief.ridge([(20, 0), (20, 10), (20, 19)], 570, 350)             # Seminary Ridge
relief.stream_valley(WILLOUGHBY_RUN, 505, 300, end_ft=495)
relief.valley([(16, 0), (16, 19)], 530, 300)                     # the swale behind McPherson's Ridge
relief.apply(ground)
terrain, elevation = ground.terrain, ground.elevation

FEATURES = [
    ("label", (3, 17), "Herr Ridge", None, 0),
    ("label", (12, 17), "McPherson's Ridge", None, 0),
    ("label", (20, 16), "Seminary Ridge", None, 0),
    ("label", (9, 14), "Herbst Woods", None, 0),
    ("label", (7, 18), "Willoughby Run", None, 0),
    ("label", (14, 6), "Railroad Cut", None, 0),
    ("objective", (12, 10), "McPherson farm", "confederate", 3),
    ("objective", (20, 12), "Lutheran Seminary", "confederate", 5),
    ("objective", (3, 11), "Herr Ridge", "union", 2),
    ("entry", (23, 12), "I Corps (Wadsworth)", "union", 0),
]

# --- order of battle ---------------------------------------------------------------------------
armies = BrigadeArmies()  # its lists, and its hq(): the order of battle's headquarters
HQ, UNITS, TRAINS, PLACE, REINF = armies.HQ, armies.UNITS, armies.TRAINS, armies.PLACE, armies.REINF
hq = armies.hq
US, CS = "union", "confederate"


def regiment(brigade, name, men, cells=None, facing=0, quality="veteran", weapon="rifle-musket",
             arm="infantry", formation="line", arrive=None):
    """A regiment as stands of about 75 men, in line across the cells given (a line of more than
    six infantry stands, or four cavalry, needs a second hex) or in skirmish order one stand a hex."""
    uid = len(UNITS) + 1
    stands = max(1, round(men / MEN_PER_STAND))
    UNITS.append((uid, brigade, name, arm, stands, men, quality, weapon, "none", formation))
    if cells:
        PLACE["unit:%d" % uid] = (cells, "corner:%d" % facing)
    if arrive:
        REINF["unit:%d" % uid] = arrive
    return uid


def battery(brigade, name, guns, gun, cells=None, facing=0, quality="veteran", arrive=None):
    """A battery: a stand for each section of two guns."""
    uid = len(UNITS) + 1
    UNITS.append((uid, brigade, name, "artillery", max(1, guns // 2), guns, quality, "none", gun, "unlimbered"))
    if cells:
        PLACE["unit:%d" % uid] = (cells, "corner:%d" % facing)
    if arrive:
        REINF["unit:%d" % uid] = arrive
    return uid


def column(c, r0, r1):
    return [(c, r) for r in range(r0, r1 + 1)]


# Facing: corners 0..5 run clockwise from the east corner (flat-top): 0 is east, 3 west.
EAST, WEST = 0, 3
# Turn 1 is 8:00 am; each turn is 15 minutes, so turn 9 is 10:00 and turn 14 is 11:15 am.
ENTRY = (23, 12)   # across the fields from the Emmitsburg road to the Seminary
PIKE_EAST = (23, 9)

# Union: Buford's two brigades dismounted on McPherson's Ridge, Calef's six 3-inch rifles by sections
# across the pike, the 3rd Indiana out as skirmishers along Willoughby Run.
# Reynolds commanded the army's left wing (the I, III and XI Corps and Buford's division): here the
# wing is the army. He rides in on turn 7.
reynolds = hq(US, "army", 0, "Left Wing, Army of the Potomac (Reynolds)", "Maj. Gen. John F. Reynolds",
              arrive=(7, PIKE_EAST, "Reynolds rides ahead to Buford at the Seminary"))
buford = hq(US, "division", reynolds, "1st Cavalry Division (Buford)", "Brig. Gen. John Buford", at=(20, 12))
gamble = hq(US, "brigade", buford, "1st Brigade (Gamble)", "Col. William Gamble", at=(11, 12))
regiment(gamble, "8th Illinois Cavalry", 470, column(10, 9, 10), WEST, weapon="rifled-carbine", arm="cavalry",
         formation="dismounted")
regiment(gamble, "12th Illinois Cavalry", 230, [(10, 11)], WEST, weapon="rifled-carbine", arm="cavalry",
         formation="dismounted")
regiment(gamble, "3rd Indiana Cavalry (skirmishers)", 310, column(8, 10, 13), WEST, weapon="rifled-carbine",
         arm="cavalry", formation="skirmish")
regiment(gamble, "8th New York Cavalry", 580, column(10, 12, 13), WEST, weapon="rifled-carbine", arm="cavalry",
         formation="dismounted")
battery(gamble, "Calef's battery (A, 2nd US)", 6, "3in-rifle", column(11, 9, 11), WEST, quality="regular")
devin = hq(US, "brigade", buford, "2nd Brigade (Devin)", "Col. Thomas C. Devin", at=(11, 4))
regiment(devin, "6th New York Cavalry", 220, [(10, 7)], WEST, weapon="rifled-carbine", arm="cavalry",
         formation="dismounted")
regiment(devin, "9th New York Cavalry", 370, column(10, 5, 6), WEST, weapon="rifled-carbine", arm="cavalry",
         formation="dismounted")
regiment(devin, "17th Pennsylvania Cavalry", 460, column(10, 3, 4), WEST, weapon="rifled-carbine", arm="cavalry",
         formation="dismounted")
regiment(devin, "3rd West Virginia Cavalry (two companies)", 60, [(10, 2)], WEST, weapon="rifled-carbine",
         arm="cavalry", formation="dismounted")

# The I Corps: Wadsworth's division comes across the fields at the double, Cutler's brigade first
# (the 7th Indiana was back with the trains), then the Iron Brigade.
wadsworth = hq(US, "division", reynolds, "1st Division (Wadsworth)", "Brig. Gen. James S. Wadsworth",
               arrive=(9, ENTRY, "At the head of Cutler's brigade"))
CUTLER_ARRIVES = (9, ENTRY, "Cutler's brigade, first of the infantry, about 10 am")
cutler = hq(US, "brigade", wadsworth, "2nd Brigade (Cutler)", "Brig. Gen. Lysander Cutler", arrive=CUTLER_ARRIVES)
for name, men in [("76th New York", 375), ("56th Pennsylvania", 250), ("147th New York", 380),
                  ("95th New York", 240), ("14th Brooklyn (84th New York)", 320)]:
    regiment(cutler, name, men, arrive=CUTLER_ARRIVES)
battery(wadsworth, "Hall's 2nd Maine Battery", 6, "3in-rifle", quality="veteran",
        arrive=(9, PIKE_EAST, "Sent out the pike to relieve Calef"))
IRON_ARRIVES = (10, ENTRY, "The Iron Brigade, at the double, into Herbst Woods")
meredith = hq(US, "brigade", wadsworth, "1st Brigade, the Iron Brigade (Meredith)", "Brig. Gen. Solomon Meredith",
              arrive=IRON_ARRIVES)
for name, men in [("2nd Wisconsin", 300), ("7th Wisconsin", 365), ("19th Indiana", 310), ("24th Michigan", 495),
                  ("6th Wisconsin", 345)]:
    regiment(meredith, name, men, quality="elite", arrive=IRON_ARRIVES)

# Confederates: Heth's two leading brigades have deployed on Herr Ridge astride the pike, Archer's
# to the south with the 5th Alabama Battalion out as skirmishers, Davis's to the north across the
# railroad bed (the 11th Mississippi was guarding the trains); Pegram's batteries on the ridge.
# Lee and A. P. Hill were back at Cashtown: their markers stand on the pike at the map's west edge.
lee = hq(CS, "army", 0, "Army of Northern Virginia (Lee)", "Gen. Robert E. Lee", at=(0, 10))
hill = hq(CS, "corps", lee, "Third Corps (A. P. Hill)", "Lt. Gen. Ambrose P. Hill", at=(0, 11))
heth = hq(CS, "division", hill, "Heth's division", "Maj. Gen. Henry Heth", at=(1, 11))
archer = hq(CS, "brigade", heth, "Archer's brigade", "Brig. Gen. James J. Archer", at=(2, 14))
regiment(archer, "13th Alabama", 310, [(3, 12)], EAST)
regiment(archer, "5th Alabama Battalion (skirmishers)", 135, column(5, 13, 14), EAST, formation="skirmish")
regiment(archer, "1st Tennessee (Provisional Army)", 280, [(3, 13)], EAST)
regiment(archer, "7th Tennessee", 250, [(3, 14)], EAST)
regiment(archer, "14th Tennessee", 220, [(3, 15)], EAST)
davis = hq(CS, "brigade", heth, "Davis's brigade", "Brig. Gen. Joseph R. Davis", at=(2, 7))
regiment(davis, "42nd Mississippi", 575, column(3, 9, 10), EAST, quality="green")
regiment(davis, "2nd Mississippi", 490, column(3, 7, 8), EAST)
regiment(davis, "55th North Carolina", 640, column(3, 5, 6), EAST, quality="green")
pegram = hq(CS, "brigade", heth, "Pegram's artillery battalion", "Maj. William J. Pegram", at=(1, 10))
battery(pegram, "Fredericksburg Artillery (Marye)", 4, "12lb-napoleon", [(2, 11)], EAST)
battery(pegram, "Pee Dee Artillery (Zimmerman)", 4, "3in-rifle", [(2, 9)], EAST)
battery(pegram, "Crenshaw's battery", 4, "12lb-napoleon", [(2, 12)], EAST)

EVENTS = {
    2: "Reynolds falls in Herbst Woods: the I Corps loses its general; Doubleday takes command two turns later.",
    3: "Buford's troopers run short of carbine ammunition: one dismounted regiment may not fire this turn.",
    4: "Davis's regiments pour into the railroad cut: a Confederate regiment in the cut may not leave it this turn.",
    5: "Archer is captured: Archer's brigade loses its commander for the rest of the game.",
    6: "No event.",
    7: "No event.",
    8: "No event.",
    9: "The 6th Wisconsin charges the cut: one Union regiment adjacent to the cut may charge twice this turn.",
    10: "Calef's guns limber up too early: Calef's battery may not fire this turn.",
    11: "Heth holds back: no Confederate regiment may advance east of Willoughby Run this turn.",
    12: "Hall's guns flanked: Hall's battery must limber and fall back one hex.",
}

INFO = dict(
    title="McPherson's Ridge and the Railroad Cut",
    date="1863-07-01",
    place="Gettysburg, Adams County, Pennsylvania",
    theatre="eastern",
    turns=14,
    turnMinutes=15,
    startTime="08:00",
    firstPlayer="confederate",
    ruleset="kallistra-hex",
    setup="""8:00 am, 1 July 1863. Heth's leading brigades have shaken out on Herr Ridge astride the Chambersburg Pike: Archer's south of it with the 5th Alabama Battalion out as skirmishers, Davis's to the north across the unfinished railroad bed, and Pegram's batteries have opened from the ridge. Buford's troopers hold McPherson's Ridge dismounted, Gamble's brigade from the Fairfield road to the railroad bed and Devin's north of it, with the 3rd Indiana skirmishing along Willoughby Run and Calef's six 3-inch rifles by sections across the pike. Buford watches from the Seminary.
Reynolds rides in on turn 7 (9:30 am); Wadsworth's division comes across the fields to the Seminary: Cutler's brigade and Hall's battery on turn 9 (10:00 am), the Iron Brigade on turn 10. Turns are 15 minutes; turn 14 ends at 11:30 am, when the first fight died down. Regiments are stands of about 75 men; a line of more than six infantry stands (four cavalry) stands across two adjacent hexes, and skirmishers are one stand a hex.""",
    special="""Willoughby Run is a stream: crossing it costs a whole move except at the bridges on the pike and the railroad bed. The railroad cut is difficult ground with steep sides: a regiment in it may fire only along it. Buford's troopers fight dismounted with breech-loading carbines (the rules' rifled carbine).""",
    objectives_union="Hold McPherson's Ridge (the McPherson farm, 1311) until the infantry comes up, and keep the Seminary (2113) to the end.",
    objectives_cs="Drive Buford off McPherson's Ridge, take the McPherson farm (1311) and push on to the Seminary (2113).",
    victory="At the end of turn 14 (11:30 am), the Confederacy wins if it holds the McPherson farm and any hex of Seminary Ridge; the Union wins if it holds the McPherson farm and has lost fewer stands than the Confederates; anything else is a draw. Historically the Union held the ridge and took most of Archer's brigade and many of Davis's men in the cut.",
)

# Where the map's centre lies, north up: about the McPherson farm's lane, from general knowledge,
# not surveyed (README.md). Place it by control points before importing a real terrain model.
CENTRE_LON_LAT = (-77.2505, 39.8360)

if __name__ == "__main__":
    if "--dem" in sys.argv:
        relief.write_dem(sys.argv[sys.argv.index("--dem") + 1], *CENTRE_LON_LAT)
    else:
        write_scenario(globals(), board, yards=YARDS, contour_ft=10, geo=CENTRE_LON_LAT,
                       surface=relief.surface(), base_ft=relief.datum)
