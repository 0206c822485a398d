#!/usr/bin/env python3
"""Builds franklin.sandtable.xml, Franklin, 30 November 1864, the attack on the Carter House line,
for I'm a Good Old Rebel: 100 yards per hex (3 inches at the rules' 15 inches to 500 yards), 15
minutes per turn, flat-top hexes, regiments of 2 bases in brigades, each with a roster number.

    python3 build_sample.py > /tmp/franklin.xml
    sandtable convert /tmp/franklin.xml franklin.sandtable.xml

Columns run west to east, rows north to south, 0-based here (labels in the file are 1-based CCRR).
Sources and simplifications: README.md.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from sandtable_sample import BrigadeArmies, FlatHexBoard, Ground, Relief, write_scenario  # noqa: E402

COLS, ROWS = 20, 14
board = FlatHexBoard(COLS, ROWS)
neighbor, distance, line, polyline, on_map, edge, label = (
    board.neighbor, board.distance, board.line, board.polyline, board.on_map, board.edge, board.label)

# --- terrain ----------------------------------------------------------------------------------
TERRAIN = [
    ("open", "Open fields", "open", "none", False, "#c9d89a", "none"),
    ("woods", "Locust grove", "broken", "light", True, "#5f8f4e", "trees"),
    ("hedge", "Osage orange hedge and abatis", "difficult", "light", True, "#7d8f4a", "scrub"),
    ("town", "Buildings", "broken", "heavy", True, "#b8a08a", "buildings"),
]
ground = Ground(board, TERRAIN, fill="open", level=1)
terrain, elevation = ground.terrain, ground.elevation
paint, set_level, raise_hill, block = ground.paint, ground.set_level, ground.raise_hill, board.block

# After the NPS / Battle of Franklin Trust maps and Jacob D. Cox's map of the lines (1897).
paint(block(6, 0, 10, 0), "town")          # the south edge of Franklin
paint([(8, 3)], "town")                     # the Carter House and its outbuildings
paint([(10, 3)], "town")                    # the Carter cotton gin
paint([(5, 2), (5, 3), (6, 2)], "woods")    # the locust grove west of the pike
paint([(12, 4), (13, 4), (14, 4)], "hedge") # the Osage orange hedge east of the gin

# --- the Union works along hex sides -----------------------------------------------------------
# The main line: earthworks with a ditch in front (walls) along the south side of row 3, from the
# locust grove to the railroad cut; the retrenchment behind the Carter House on row 2.
hexsides = {}
# Each line is the whole boundary between two rows of cells, so it runs on at every corner.
for e in board.sides_between([(c, 3) for c in range(2, COLS)], [(c, 4) for c in range(2, COLS)]):
    hexsides[e] = {"features": "wall", "crossing": None}
for e in board.sides_between([(c, 2) for c in range(6, 10)], [(c, 3) for c in range(6, 10)]):
    hexsides[e] = {"features": "wall", "crossing": None}
# The Harpeth is off the map to the north; a creek bed cuts the eastern fields, one chain of sides
# from the south edge to the east edge.
CREEK = board.water_chain((15, 13), (15, 8), (19, 6), from_edge=True, to_edge=True)
for e in CREEK:
    hexsides[e] = {"features": "stream", "crossing": None}

# --- the ground: round heights in feet (set by hand) for the landforms of the USGS Franklin quadrangle (10-foot contours), each cell
# at its centre; level 0 is 620 feet, one level 10 feet. The town stands on the bank of the Harpeth,
# the works on a low swell south of it; the fields dip and rise again to Wagner's knoll and the foot
# of Winstead Hill, whose top (about 850 feet) is off the map to the south.
relief = Relief(board, 100, datum_ft=620, interval_ft=10)
relief.slope((8, 0), 650, (8, 13), 675)
relief.ridge([(2, 3), (8, 3), (16, 3)], 670, 180)              # the swell the works were dug on
relief.ridge([(5, 10), (8, 10), (12, 10)], 690, 180)           # the knoll where Wagner stood
relief.ridge([(3, 13), (8, 13), (13, 13)], 710, 250)           # the foot of Winstead Hill
relief.stream_valley(CREEK, 660, 200, end_ft=645)
relief.apply(ground)

PATHS = [
    ("pike", "Columbia Pike", polyline((8, 0), (8, 13))),
    ("pike", "Lewisburg Pike", polyline((9, 0), (11, 3), (16, 10))),
    ("railroad", "Nashville and Decatur Railroad", polyline((12, 0), (16, 5), (19, 8))),
    ("road", "Carter's Creek Pike", polyline((6, 0), (0, 8))),
]
for kind, name, cells in PATHS:
    for e in board.crossed_sides(cells):
        if e in hexsides:
            hexsides[e]["crossing"] = "bridge" if hexsides[e]["features"] == "stream" else "ford"

FEATURES = [
    ("town", (6, 0), "Franklin", None, 0),
    ("label", (5, 2), "Locust grove", None, 0),
    ("objective", (8, 3), "Carter House", "confederate", 5),
    ("objective", (10, 3), "The cotton gin", "confederate", 3),
    ("objective", (8, 0), "Harpeth bridges", "confederate", 5),
    ("objective", (8, 10), "Wagner's position", "union", 1),
    ("entry", (8, 13), "Columbia Pike", "confederate", 0),
    ("label", (8, 13), "Winstead Hill", None, 0),
]

# --- order of battle -----------------------------------------------------------------------------
armies = BrigadeArmies()  # its lists, and its hq(): the order of battle's headquarters
HQ, UNITS, TRAINS, PLACE, REINF = armies.HQ, armies.UNITS, armies.TRAINS, armies.PLACE, armies.REINF
hq = armies.hq

def brigade(side, parent, name, commander, regiments, cells, facing, quality="veteran", arrive=None):
    """A brigade of regiments, each 2 bases, in a line of cells with the commander behind its middle."""
    behind = None
    if cells:
        mid = cells[len(cells) // 2]
        behind = neighbor(mid, 2 if side == "union" else 5)
        behind = behind if on_map(behind) else mid  # at the map edge the commander stands with his centre
    b = hq(side, "brigade", parent, name, commander, at=behind, arrive=arrive)
    for regiment, men, cell in zip(regiments, [r[1] for r in regiments], cells or [None] * len(regiments)):
        uid = len(UNITS) + 1
        UNITS.append((uid, b, regiment[0], "infantry", 2, men, quality, "rifle-musket", "none", "line"))
        if arrive:
            REINF["unit:%d" % uid] = arrive
        else:
            PLACE["unit:%d" % uid] = ([cell], "corner:%d" % facing)
    return b

def battery(parent, name, guns, cell, facing, gun):
    uid = len(UNITS) + 1
    UNITS.append((uid, parent, name, "artillery", 4, guns, "veteran", "none", gun, "unlimbered"))
    PLACE["unit:%d" % uid] = ([cell], "corner:%d" % facing)

def row(c0, c1, r):
    return [(c, r) for c in range(c0, c1 + 1)]

US, CS = "union", "confederate"
# Facing: corners 0..5 clockwise from the east corner (flat-top): 1 is north-east, 4 south-west.
schofield = hq(US, "army", 0, "Army of the Ohio and IV Corps (Schofield)", "Maj. Gen. John M. Schofield", at=(8, 0))
cox = hq(US, "corps", schofield, "XXIII Corps line (Cox)", "Brig. Gen. Jacob D. Cox", at=(9, 1))
brigade(US, cox, "Reilly's brigade", "Brig. Gen. James W. Reilly",
        [("12th Kentucky", 300), ("16th Kentucky", 300), ("8th Tennessee", 250), ("100th Ohio", 250), ("104th Ohio", 350)],
        row(8, 12, 3), 4)
brigade(US, cox, "Casement's brigade", "Brig. Gen. John S. Casement",
        [("65th Illinois", 300), ("65th Indiana", 300), ("124th Indiana", 400), ("103rd Ohio", 350)],
        row(13, 16, 3), 4)
brigade(US, cox, "Stiles's brigade", "Col. Israel N. Stiles",
        [("63rd Indiana", 350), ("112th Illinois", 350), ("120th Indiana", 400), ("128th Indiana", 400)],
        [(17, 3), (18, 3), (19, 3), (18, 2)], 4)
ruger = hq(US, "corps", schofield, "2nd Division, XXIII Corps (Ruger)", "Maj. Gen. Thomas H. Ruger", at=(5, 1))
brigade(US, ruger, "Strickland's brigade", "Col. Silas A. Strickland",
        [("50th Ohio", 300), ("72nd Illinois", 350), ("44th Missouri", 400), ("183rd Ohio", 650)],
        row(4, 7, 3), 4, quality="seasoned")
brigade(US, ruger, "Moore's brigade", "Col. Orlando H. Moore",
        [("80th Indiana", 300), ("23rd Michigan", 300), ("111th Ohio", 350), ("118th Ohio", 300)],
        row(0, 3, 3), 4)
wagner = hq(US, "corps", schofield, "2nd Division, IV Corps (Wagner)", "Brig. Gen. George D. Wagner", at=(8, 9))
brigade(US, wagner, "Lane's brigade", "Col. John Q. Lane",
        [("100th Illinois", 300), ("40th Indiana", 300), ("57th Indiana", 300), ("28th Kentucky", 300), ("26th Ohio", 300)],
        row(9, 13, 10), 4)
brigade(US, wagner, "Conrad's brigade", "Col. Joseph Conrad",
        [("42nd Illinois", 250), ("51st Illinois", 250), ("79th Illinois", 300), ("15th Missouri", 250), ("64th Ohio", 300)],
        row(3, 7, 10), 4)
brigade(US, wagner, "Opdycke's brigade", "Col. Emerson Opdycke",
        [("36th Illinois", 300), ("44th Illinois", 300), ("73rd Illinois", 300), ("88th Illinois", 300), ("24th Wisconsin", 300)],
        [(3, 1), (4, 1), (5, 1), (6, 1), (7, 1)], 4)
battery(HQ[cox - 1][0], "6th Ohio Battery", 4, (8, 2), 4, "12lb-napoleon")
battery(HQ[cox - 1][0], "1st Kentucky Battery", 4, (11, 2), 4, "3in-rifle")

hood = hq(CS, "army", 0, "Army of Tennessee", "Gen. John B. Hood", at=(8, 13))
cleburne = hq(CS, "corps", hood, "Cleburne's division", "Maj. Gen. Patrick R. Cleburne", at=(10, 12))
brigade(CS, cleburne, "Granbury's Texas brigade", "Brig. Gen. Hiram B. Granbury",
        [("5th Confederate", 250), ("6th and 15th Texas", 300), ("7th Texas", 250), ("10th Texas", 300),
         ("17th and 18th Texas", 300)], row(9, 13, 12), 1)
brigade(CS, cleburne, "Govan's Arkansas brigade", "Brig. Gen. Daniel C. Govan",
        [("1st and 15th Arkansas", 300), ("2nd and 24th Arkansas", 300), ("5th and 13th Arkansas", 300),
         ("6th and 7th Arkansas", 300)], row(12, 15, 13), 1)
brigade(CS, cleburne, "Lowrey's brigade", "Brig. Gen. Mark P. Lowrey",
        [("16th, 33rd and 45th Alabama", 350), ("5th and 8th Mississippi", 300), ("32nd Mississippi", 250)],
        row(9, 11, 13), 1)
brown = hq(CS, "corps", hood, "Brown's division", "Maj. Gen. John C. Brown", at=(6, 12))
brigade(CS, brown, "Gist's brigade", "Brig. Gen. States Rights Gist",
        [("46th Georgia", 300), ("65th Georgia", 250), ("16th South Carolina", 300), ("24th South Carolina", 300)],
        row(0, 3, 12), 1)
brigade(CS, brown, "Strahl's brigade", "Brig. Gen. Otho F. Strahl",
        [("4th and 5th Tennessee", 300), ("19th Tennessee", 250), ("24th Tennessee", 250), ("31st and 33rd Tennessee", 300)],
        row(5, 8, 13), 1)
brigade(CS, brown, "Gordon's brigade", "Brig. Gen. George W. Gordon",
        [("11th Tennessee", 250), ("12th and 47th Tennessee", 300), ("13th and 154th Tennessee", 300), ("29th Tennessee", 250)],
        row(4, 7, 12), 1)
brigade(CS, brown, "Carter's brigade", "Brig. Gen. John C. Carter",
        [("1st Tennessee", 250), ("6th and 9th Tennessee", 300), ("50th Tennessee", 250)],
        row(1, 3, 13), 1)

EVENTS = {
    2: "Cleburne falls: Cleburne's division loses its commander for the rest of the game.",
    3: "Wagner holds too long: Lane's and Conrad's brigades may not fall back this turn.",
    4: "Smoke and dusk: no fire at more than 2 hexes this turn.",
    5: "The cotton gin's guns: the 1st Kentucky Battery fires twice this turn.",
    6: "No event.",
    7: "No event.",
    8: "No event.",
    9: "Opdycke's counterattack: Opdycke's brigade may move and charge this turn even if no Confederate unit has crossed the works.",
    10: "Brown's officers fall: one Confederate brigade in contact with the works loses its commander.",
    11: "Retreating Federals mask the works: Union units on row 4 may not fire this turn.",
    12: "Forrest's cavalry presses the Union left: Casement's brigade may not move this turn.",
}

INFO = dict(
    title="Franklin: the Carter House line",
    date="1864-11-30",
    place="Franklin, Williamson County, Tennessee",
    theatre="western",
    turns=20,
    turnMinutes=15,
    startTime="16:00",
    firstPlayer="confederate",
    ruleset="good-old-rebel",
    setup="""4:00 pm. Cleburne's and Brown's divisions stepped off from Winstead Hill about 4 pm and have formed astride the Columbia Pike at its foot, advancing on Franklin; Brown's first line is Gordon's brigade by the pike and Gist's on his left, with Strahl and Carter behind them. Wagner's two brigades (Lane and Conrad) stand exposed in front of the Union works; behind them Cox's line of earthworks runs from the locust grove past the Carter House and the cotton gin to Stiles's brigade on the left. Opdycke's brigade rests in reserve west of the pike about 200 yards behind the Carter House.
Turns are 15 minutes, from 4:00 pm to 9:00 pm: the sun sets about 4:35 pm (turn 3), and from turn 6 (5:15 pm) the fighting goes on in the dark. The map is compressed: Winstead Hill stood about two miles south of the Carter House, not half a mile, and the Harpeth bridges about 1,000 yards behind it, not 300; the scale of the hexes is the rules' own.
The roster numbers are the units' ids, for the rules' numbered roster.""",
    special="""The Union works (walls along the hexsides of row 4) give cover as a defended wall; the retrenchment behind the Carter House is a second line. The Osage orange hedge east of the gin is difficult ground. Wagner's brigades may not fall back until a Confederate unit is adjacent to them. Opdycke's brigade may not move until a Confederate unit has crossed the works. Dusk on turns 3-5: no fire at more than 3 hexes; dark from turn 6: no fire at more than 1 hex, and no unit may charge a unit it does not touch.""",
    objectives_union="Hold the line of the works, the Carter House (0904) and the cotton gin (1104) until 9 pm, so that the army can cross the Harpeth to Nashville.",
    objectives_cs="Break the Union line at the Carter House (0904) or the cotton gin (1104) and reach the Harpeth bridges in Franklin (0901) by 9 pm.",
    victory="At the end of turn 20 (9:00 pm), the Confederacy wins if it holds the Carter House or the cotton gin and a Confederate unit has reached Franklin; otherwise the Union wins, as it did at a cost of 6,000 Confederate casualties.",
)

if __name__ == "__main__":
    write_scenario(globals(), board, yards=100, roster=True, contour_ft=10)
