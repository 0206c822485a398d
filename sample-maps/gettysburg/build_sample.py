#!/usr/bin/env python3
"""Builds gettysburg.sandtable.xml, Gettysburg, 1-3 July 1863, for The Hexed General: 400 yards per
hex, one hour per turn, flat-top hexes, units of a brigade (about 1,000-1,500 men).

    python3 build_sample.py > /tmp/gettysburg.xml
    sandtable convert /tmp/gettysburg.xml gettysburg.sandtable.xml

Columns run west to east, rows north to south, 0-based here (labels in the file are 1-based CCRR).
Sources and simplifications: README.md.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from sandtable_sample import BrigadeArmies, FlatHexBoard, Ground, Relief, write_scenario  # noqa: E402

COLS, ROWS = 22, 24
board = FlatHexBoard(COLS, ROWS)
neighbor, distance, line, polyline, on_map, edge, label = (
    board.neighbor, board.distance, board.line, board.polyline, board.on_map, board.edge, board.label)

# --- terrain ----------------------------------------------------------------------------------
TERRAIN = [
    ("open", "Open farmland", "open", "none", False, "#c9d89a", "none"),
    ("orchard", "Orchards and wheat", "open", "light", False, "#d9cf7a", "orchard"),
    ("woods", "Woods", "broken", "light", True, "#5f8f4e", "trees"),
    ("rocks", "Boulders and wooded slopes", "difficult", "heavy", True, "#7d7f6a", "rocks"),
    ("town", "Town", "broken", "heavy", True, "#b8a08a", "buildings"),
]
ground = Ground(board, TERRAIN, fill="open", level=1)
terrain, elevation = ground.terrain, ground.elevation
paint, set_level, raise_hill, block = ground.paint, ground.set_level, ground.raise_hill, board.block

# After the Bachelder maps (1876) and the Warren survey (1868-1873), and the NPS map.
paint([(11, 9), (11, 10), (12, 9)], "town")                       # Gettysburg
paint([(7, 9), (7, 10)], "woods")                                  # Herbst woods on McPherson's Ridge
paint([(9, 11), (9, 12), (9, 13), (9, 14), (8, 15), (8, 16)], "woods")  # Seminary Ridge woods
paint([(14, 11), (14, 12), (15, 12)], "woods")                     # Culp's Hill
paint([(11, 17), (11, 18)], "woods")                               # Rose woods and the Wheatfield's edge
paint([(12, 18)], "rocks")                                         # Devil's Den
paint([(13, 18), (13, 19)], "rocks")                               # Little Round Top and Big Round Top
paint([(10, 16)], "orchard")                                       # the Peach Orchard
paint([(11, 16)], "orchard")                                       # the Wheatfield
paint([(16, 11), (17, 10)], "woods")                               # woods along Rock Creek

# --- streams along cell sides -----------------------------------------------------------------
# Each stream is one chain of sides from the map's edge (or its source) to where it ends, through
# its waypoints, after the Warren survey and the USGS Gettysburg and Fairfield quadrangles.
hexsides = {}
def stream(*waypoints, from_edge=True, to_edge=True, **joins):
    sides = board.water_chain(*waypoints, from_edge=from_edge, to_edge=to_edge, **joins)
    for e in sides:
        hexsides[e] = {"features": "stream", "crossing": None}
    return sides
MARSH_CREEK = stream((2, 0), (2, 8), (3, 16), (5, 23))
WILLOUGHBY_RUN = stream((6, 2), (6, 9), (7, 14), (6, 18), (4, 20), from_edge=False, to_edge=False, to_water=MARSH_CREEK)
ROCK_CREEK = stream((15, 0), (15, 8), (16, 12), (16, 18), (16, 23))
PLUM_RUN = stream((12, 13), (12, 17), (13, 21), (16, 22), from_edge=False, to_edge=False, to_water=ROCK_CREEK)

# --- the ground: round heights in feet for the landforms of the USGS quadrangles (20-foot contours),
# set by hand, not read from the sheets; each cell at
# its centre; level 0 is 440 feet, one level 20 feet ------------------------------------------------
relief = Relief(board, 400, datum_ft=440, interval_ft=20)
relief.slope((21, 12), 490, (0, 12), 560)               # the land rises west toward South Mountain
relief.ridge([(5, 3), (5, 9), (5, 14)], 590, 500, end_ft=570)       # Herr Ridge
relief.ridge([(7, 5), (7, 9), (7, 12)], 560, 350, end_ft=540)       # McPherson's Ridge
relief.ridge([(9, 7), (9, 11), (9, 16), (8, 21)], 580, 450)         # Seminary Ridge (Warfield Ridge south)
relief.hill((9, 6), 620, 600)                                       # Oak Hill
relief.hill((12, 11), 600, 450)                                     # Cemetery Hill
relief.hill((14, 11), 630, 450)                                     # Culp's Hill
relief.ridge([(12, 12), (13, 14), (13, 17)], 580, 450, end_ft=550)  # Cemetery Ridge
relief.hill((12, 18), 560, 300)                                     # Houck's Ridge and Devil's Den
relief.hill((13, 18), 660, 350)                                     # Little Round Top
relief.hill((13, 19), 780, 650)                                     # Big Round Top
relief.hill((17, 10), 580, 400)                                     # Benner's Hill
relief.stream_valley(MARSH_CREEK, 470, 700, end_ft=440)
relief.stream_valley(WILLOUGHBY_RUN, 510, 450, end_ft=470)
relief.stream_valley(ROCK_CREEK, 490, 500, end_ft=450)
relief.stream_valley(PLUM_RUN, 530, 300, end_ft=470)
relief.apply(ground)

# --- roads ------------------------------------------------------------------------------------
TOWN = (11, 9)
PATHS = [
    ("pike", "Chambersburg Pike", polyline(TOWN, (7, 9), (0, 8))),
    ("road", "Mummasburg road", polyline(TOWN, (6, 4), (4, 0))),
    ("road", "Carlisle road", polyline(TOWN, (10, 0))),
    ("road", "Harrisburg road", polyline(TOWN, (14, 5), (17, 0))),
    ("pike", "York Pike", polyline(TOWN, (15, 7), (21, 5))),
    ("road", "Hanover road", polyline(TOWN, (14, 10), (21, 11))),
    ("pike", "Baltimore Pike", polyline(TOWN, (12, 11), (16, 15), (21, 20))),
    ("road", "Taneytown road", polyline(TOWN, (12, 12), (13, 17), (15, 23))),
    ("road", "Emmitsburg road", polyline(TOWN, (11, 13), (10, 16), (6, 23))),
    ("road", "Fairfield road", polyline(TOWN, (8, 11), (0, 16))),
    ("railroad", "Gettysburg Railroad (unfinished cut west of town)", polyline(TOWN, (7, 8), (3, 7))),
]
for kind, name, cells in PATHS:
    for e in board.crossed_sides(cells):
        if e in hexsides:
            hexsides[e]["crossing"] = "bridge" if kind in ("pike", "railroad") else "ford"

FEATURES = [
    ("town", TOWN, "Gettysburg", None, 0),
    ("label", (9, 6), "Oak Hill", None, 0),
    ("label", (5, 11), "Herr Ridge", None, 0),
    ("label", (13, 15), "Cemetery Ridge", None, 0),
    ("label", (13, 19), "Big Round Top", None, 0),
    ("label", (17, 10), "Benner's Hill", None, 0),
    ("label", (10, 16), "Peach Orchard", None, 0),
    ("objective", (12, 11), "Cemetery Hill", "confederate", 5),
    ("objective", (14, 11), "Culp's Hill", "confederate", 3),
    ("objective", (13, 18), "Little Round Top", "confederate", 3),
    ("objective", (13, 14), "The Angle", "confederate", 3),
    ("objective", (9, 10), "Seminary Ridge", "union", 2),
]

# --- order of battle -----------------------------------------------------------------------------
armies = BrigadeArmies()
HQ, UNITS, TRAINS, PLACE, REINF = armies.HQ, armies.UNITS, armies.TRAINS, armies.PLACE, armies.REINF
hq, unit, train, division = armies.hq, armies.unit, armies.train, armies.division

# Facing: corners 0..5 run clockwise from the east corner (flat-top): 3 is west, 0 east.
US, CS = "union", "confederate"
# Entry points: where the roads leave the map.
CHAMBERSBURG, MUMMASBURG, CARLISLE, HARRISBURG = (0, 8), (4, 0), (10, 0), (17, 0)
HANOVER, BALTIMORE, TANEYTOWN, EMMITSBURG, FAIRFIELD = (21, 11), (21, 20), (15, 23), (6, 23), (0, 16)
US_SUPPLY, CS_SUPPLY = BALTIMORE, CHAMBERSBURG

def arriving(turn, entry, note=""):
    return (turn, entry, note)

def corps(side, army, name, commander, turn, entry, supply, note="", train_turn=None, train_entry=None):
    c = hq(side, "corps", army, name, commander, supply=supply, arrive=arriving(turn, entry, note))
    train(c, name.split(" (")[0] + " train", arrive=arriving(train_turn or turn + 1, train_entry or entry))
    return c

def arriving_division(c, side, name, commander, turn, entry, brigades, later=None):
    """later: {brigade: (turn, entry, note)} for a brigade that came up after its division."""
    d = division(c, side, name, commander, None, [(b, men, None) for b, men in brigades], 3,
                 arrive=arriving(turn, entry))
    for uid, parent, bname, *rest in UNITS:
        if parent == d and later and bname in later:
            REINF["unit:%d" % uid] = later[bname]
    return d

meade = hq(US, "army", 0, "Army of the Potomac", "Maj. Gen. George G. Meade",
           arrive=arriving(13, TANEYTOWN, "Meade reaches the field after midnight"))
# Turn 1 is 8 am on 1 July; turn 13 is the night of 1-2 July, turns 14-29 are 4 am to 8 pm on 2 July,
# turn 30 is the next night and turns 31-42 are 4 am to 4 pm on 3 July.
i = corps(US, meade, "I Corps (Reynolds)", "Maj. Gen. John F. Reynolds", 2, EMMITSBURG, US_SUPPLY,
          "Reynolds rides ahead of Wadsworth to Buford at the Seminary")
arriving_division(i, US, "1st Division (Wadsworth)", "Brig. Gen. James S. Wadsworth", 2, EMMITSBURG,
                  [("Meredith's Iron Brigade", 1900), ("Cutler's brigade", 1600)])
arriving_division(i, US, "2nd Division (Robinson)", "Brig. Gen. John C. Robinson", 4, EMMITSBURG,
                  [("Paul's brigade", 1500), ("Baxter's brigade", 1450)])
arriving_division(i, US, "3rd Division (Rowley)", "Brig. Gen. Thomas A. Rowley", 3, EMMITSBURG,
                  [("Biddle's brigade", 1350), ("Stone's Bucktail brigade", 1300), ("Stannard's Vermont brigade", 1950)],
                  later={"Stannard's Vermont brigade": arriving(11, EMMITSBURG, "Stannard's nine-months men come up on the evening of 1 July")})
xi = corps(US, meade, "XI Corps (Howard)", "Maj. Gen. Oliver O. Howard", 4, TANEYTOWN, US_SUPPLY)
arriving_division(xi, US, "1st Division (Barlow)", "Brig. Gen. Francis C. Barlow", 5, EMMITSBURG,
                  [("von Gilsa's brigade", 1150), ("Ames' brigade", 1300)])
arriving_division(xi, US, "2nd Division (von Steinwehr)", "Brig. Gen. Adolph von Steinwehr", 5, TANEYTOWN,
                  [("Coster's brigade", 1200), ("Smith's brigade", 1400)])
arriving_division(xi, US, "3rd Division (Schurz)", "Maj. Gen. Carl Schurz", 5, TANEYTOWN,
                  [("Schimmelfennig's brigade", 1700), ("Krzyzanowski's brigade", 1400)])
xii = corps(US, meade, "XII Corps (Slocum)", "Maj. Gen. Henry W. Slocum", 9, BALTIMORE, US_SUPPLY)
arriving_division(xii, US, "1st Division (Williams)", "Brig. Gen. Alpheus S. Williams", 9, BALTIMORE,
                  [("McDougall's brigade", 1850), ("Ruger's brigade", 1600), ("Lockwood's brigade", 1800)])
arriving_division(xii, US, "2nd Division (Geary)", "Brig. Gen. John W. Geary", 10, BALTIMORE,
                  [("Candy's brigade", 1800), ("Kane's brigade", 700), ("Greene's brigade", 1400)])
iii = corps(US, meade, "III Corps (Sickles)", "Maj. Gen. Daniel E. Sickles", 11, EMMITSBURG, US_SUPPLY)
arriving_division(iii, US, "1st Division (Birney)", "Maj. Gen. David B. Birney", 11, EMMITSBURG,
                  [("Graham's brigade", 1500), ("Ward's brigade", 2200), ("de Trobriand's brigade", 1400)])
arriving_division(iii, US, "2nd Division (Humphreys)", "Brig. Gen. Andrew A. Humphreys", 13, EMMITSBURG,
                  [("Carr's brigade", 1700), ("Brewster's Excelsior brigade", 1850), ("Burling's brigade", 1350)])
ii = corps(US, meade, "II Corps (Hancock)", "Maj. Gen. Winfield S. Hancock", 16, TANEYTOWN, US_SUPPLY,
           "Hancock rides ahead on 1 July; his corps marches up the Taneytown road overnight")
arriving_division(ii, US, "1st Division (Caldwell)", "Brig. Gen. John C. Caldwell", 16, TANEYTOWN,
                  [("Cross's brigade", 850), ("Kelly's Irish Brigade", 550), ("Zook's brigade", 1000), ("Brooke's brigade", 850)])
arriving_division(ii, US, "2nd Division (Gibbon)", "Brig. Gen. John Gibbon", 16, TANEYTOWN,
                  [("Harrow's brigade", 1350), ("Webb's Philadelphia Brigade", 950), ("Hall's brigade", 950)])
arriving_division(ii, US, "3rd Division (Hays)", "Brig. Gen. Alexander Hays", 16, TANEYTOWN,
                  [("Carroll's brigade", 1050), ("Smyth's brigade", 1050), ("Willard's brigade", 1500)])
v = corps(US, meade, "V Corps (Sykes)", "Maj. Gen. George Sykes", 17, HANOVER, US_SUPPLY)
arriving_division(v, US, "1st Division (Barnes)", "Brig. Gen. James Barnes", 17, HANOVER,
                  [("Tilton's brigade", 650), ("Sweitzer's brigade", 1000), ("Vincent's brigade", 1350)])
arriving_division(v, US, "2nd Division, Regulars (Ayres)", "Brig. Gen. Romeyn B. Ayres", 17, HANOVER,
                  [("Day's brigade", 1550), ("Burbank's brigade", 950), ("Weed's brigade", 1500)])
arriving_division(v, US, "3rd Division, Pennsylvania Reserves (Crawford)", "Brig. Gen. Samuel W. Crawford", 20, BALTIMORE,
                  [("McCandless' brigade", 1250), ("Fisher's brigade", 1600)])
vi = corps(US, meade, "VI Corps (Sedgwick)", "Maj. Gen. John Sedgwick", 24, BALTIMORE, US_SUPPLY,
           "After a march of more than 30 miles from Manchester")
arriving_division(vi, US, "1st Division (Wright)", "Brig. Gen. Horatio G. Wright", 24, BALTIMORE,
                  [("Torbert's brigade", 1300), ("Bartlett's brigade", 1300), ("Russell's brigade", 1500)])
arriving_division(vi, US, "2nd Division (Howe)", "Brig. Gen. Albion P. Howe", 25, BALTIMORE,
                  [("Grant's Vermont brigade", 1800), ("Neill's brigade", 1700)])
arriving_division(vi, US, "3rd Division (Newton; Wheaton)", "Brig. Gen. Frank Wheaton", 25, BALTIMORE,
                  [("Shaler's brigade", 1750), ("Eustis' brigade", 1600), ("Nevin's brigade", 1550)])
buford = hq(US, "division", meade, "1st Cavalry Division (Buford)", "Brig. Gen. John Buford", at=(9, 10))
unit(buford, "Gamble's cavalry brigade", "cavalry", 1600, at=(7, 9), formation="dismounted", facing=3, quality="veteran")
unit(buford, "Devin's cavalry brigade", "cavalry", 1100, at=(8, 8), formation="dismounted", facing=2, quality="veteran")
unit(buford, "Calef's battery (A, 2nd US)", "artillery", 6, at=(7, 10), gun="3in-rifle", facing=3, quality="regular")
reserve = hq(US, "division", meade, "Artillery Reserve (Tyler)", "Brig. Gen. Robert O. Tyler",
             arrive=arriving(20, BALTIMORE))
for brigade_name, guns in [("1st Regular brigade (Ransom)", 24), ("1st Volunteer brigade (McGilvery)", 22),
                           ("2nd Volunteer brigade (Taft)", 12), ("3rd Volunteer brigade (Huntington)", 20),
                           ("4th Volunteer brigade (Fitzhugh)", 24)]:
    unit(reserve, "Artillery Reserve, " + brigade_name, "artillery", guns, gun="mixed", arrive=arriving(20, BALTIMORE))

lee = hq(CS, "army", 0, "Army of Northern Virginia", "Gen. Robert E. Lee",
         arrive=arriving(7, CHAMBERSBURG, "Lee reaches Seminary Ridge in the afternoon"))
hill = hq(CS, "corps", lee, "Third Corps (A. P. Hill)", "Lt. Gen. Ambrose P. Hill", at=(2, 8), supply=CS_SUPPLY)
train(hill, "Third Corps train", (0, 8))
heth = hq(CS, "division", hill, "Heth's division", "Maj. Gen. Henry Heth", at=(4, 8))
unit(heth, "Archer's brigade", "infantry", 1200, at=(5, 9), facing=0, formation="line")
unit(heth, "Davis' brigade", "infantry", 2300, at=(5, 8), facing=0, formation="line")
unit(heth, "Pettigrew's brigade", "infantry", 2600, at=(3, 8), facing=0, formation="march-column")
unit(heth, "Brockenbrough's brigade", "infantry", 1000, at=(4, 9), facing=0, formation="march-column")
unit(heth, "Pegram's artillery battalion", "artillery", 20, at=(4, 7), gun="mixed", facing=0)
arriving_division(hill, CS, "Pender's division", "Maj. Gen. W. Dorsey Pender", 3, CHAMBERSBURG,
                  [("Perrin's brigade", 1900), ("Lane's brigade", 1750), ("Thomas' brigade", 1350), ("Scales' brigade", 1400)])
arriving_division(hill, CS, "Anderson's division", "Maj. Gen. Richard H. Anderson", 10, CHAMBERSBURG,
                  [("Wilcox's brigade", 1700), ("Mahone's brigade", 1550), ("Wright's brigade", 1400),
                   ("Perry's brigade (Lang)", 750), ("Posey's brigade", 1300)])
ewell = corps(CS, lee, "Second Corps (Ewell)", "Lt. Gen. Richard S. Ewell", 6, CARLISLE, CS_SUPPLY,
              "From Heidlersburg and Middletown, on Hill's left", train_turn=12, train_entry=CHAMBERSBURG)
arriving_division(ewell, CS, "Rodes' division", "Maj. Gen. Robert E. Rodes", 6, CARLISLE,
                  [("Daniel's brigade", 2100), ("Iverson's brigade", 1400), ("Doles' brigade", 1350),
                   ("Ramseur's brigade", 1000), ("O'Neal's brigade", 1700)])
arriving_division(ewell, CS, "Early's division", "Maj. Gen. Jubal A. Early", 7, HARRISBURG,
                  [("Hays' Louisiana Tigers", 1300), ("Gordon's brigade", 1800), ("Hoke's brigade (Avery)", 1250),
                   ("Smith's brigade", 800)])
arriving_division(ewell, CS, "Johnson's division", "Maj. Gen. Edward Johnson", 12, CHAMBERSBURG,
                  [("Steuart's brigade", 2100), ("Stonewall Brigade (Walker)", 1350), ("Nicholls' brigade (Williams)", 1100),
                   ("Jones' brigade", 1450)])
longstreet = corps(CS, lee, "First Corps (Longstreet)", "Lt. Gen. James Longstreet", 16, CHAMBERSBURG, CS_SUPPLY)
arriving_division(longstreet, CS, "McLaws' division", "Maj. Gen. Lafayette McLaws", 16, CHAMBERSBURG,
                  [("Kershaw's brigade", 2200), ("Barksdale's brigade", 1600), ("Semmes' brigade", 1350),
                   ("Wofford's brigade", 1650)])
arriving_division(longstreet, CS, "Hood's division", "Maj. Gen. John B. Hood", 16, CHAMBERSBURG,
                  [("Law's brigade", 1950), ("Robertson's Texas Brigade", 1750), ("Anderson's brigade", 1850),
                   ("Benning's brigade", 1400)],
                  later={"Law's brigade": arriving(22, CHAMBERSBURG, "Law comes up from New Guilford about noon, after a march of some 25 miles")})
arriving_division(longstreet, CS, "Pickett's division", "Maj. Gen. George E. Pickett", 27, CHAMBERSBURG,
                  [("Garnett's brigade", 1450), ("Kemper's brigade", 1650), ("Armistead's brigade", 2000)])
# The reserve artillery of the corps, which fired the cannonade of 3 July (OR XXVII/2 pp. 351-352,
# 603, 678; Alexander, Fighting for the Confederacy).
def reserve_artillery(corps_hq, name, commander, battalions, turn):
    arrive = arriving(turn, CHAMBERSBURG)
    r = hq(CS, "division", corps_hq, name, commander, arrive=arrive)
    for battalion, guns in battalions:
        unit(r, battalion, "artillery", guns, gun="mixed", arrive=arrive)
reserve_artillery(longstreet, "First Corps reserve artillery (Walton)", "Col. James B. Walton",
                  [("Alexander's battalion", 26), ("Washington Artillery (Eshleman)", 10)], 17)
reserve_artillery(hill, "Third Corps reserve artillery (Walker)", "Col. R. Lindsay Walker",
                  [("McIntosh's battalion", 16)], 10)
reserve_artillery(ewell, "Second Corps reserve artillery (J. T. Brown)", "Col. J. Thompson Brown",
                  [("Dance's battalion", 20), ("Nelson's battalion", 12)], 13)

stuart = hq(CS, "division", lee, "Cavalry Division (Stuart)", "Maj. Gen. J. E. B. Stuart",
            arrive=arriving(24, HARRISBURG, "After his ride around the Union army"))
unit(stuart, "Hampton's brigade", "cavalry", 1750, formation="mounted", arrive=arriving(24, HARRISBURG))
unit(stuart, "Fitz Lee's brigade", "cavalry", 1900, formation="mounted", arrive=arriving(24, HARRISBURG))
unit(stuart, "W. H. F. Lee's brigade (Chambliss)", "cavalry", 1200, formation="mounted", arrive=arriving(24, HARRISBURG))

EVENTS = {
    2: "Reynolds falls: the I Corps loses its corps general; Doubleday takes command next turn.",
    3: "Heth looks for shoes: one Confederate brigade on the Chambersburg Pike must advance on the town.",
    4: "Ewell does not press Cemetery Hill: no Second Corps unit may attack a hill this turn.",
    5: "Sickles advances: the III Corps must move toward the Peach Orchard this turn.",
    6: "No event.",
    7: "No event.",
    8: "No event.",
    9: "Warren on Little Round Top: one V Corps brigade may move twice this turn.",
    10: "Alexander's great cannonade: every Union unit within 2 hexes of the Angle takes a morale check.",
    11: "Stuart is late: the Confederate cavalry arrives two turns later.",
    12: "The 20th Maine's charge: a Union brigade on Little Round Top ignores its first hit this turn.",
}

INFO = dict(
    title="Gettysburg",
    date="1863-07-01",
    place="Gettysburg, Adams County, Pennsylvania",
    theatre="eastern",
    turns=44,
    turnMinutes=60,
    startTime="08:00",
    nightTurns="13 30",
    dawn="04:00",
    firstPlayer="confederate",
    ruleset="hexed-general",
    setup="""The game opens at 8:00 am on 1 July. Buford's cavalry holds McPherson's Ridge west of the town with Calef's guns; Heth's division is coming down the Chambersburg Pike from Herr Ridge, Archer's and Davis' brigades deployed, the rest in column. Every other division arrives by the road it marched on, at the map's edge about three miles out, one turn before it reached the field: Reynolds' I Corps up the Emmitsburg road at 9 am, Barlow by the Emmitsburg road and Schurz and von Steinwehr by the Taneytown road, Rodes by the Carlisle road and Early by the Harrisburg road in the afternoon, Stannard's Vermonters in the evening, Johnson with Ewell's trains by the Chambersburg Pike at dusk, and the rest of both armies over the night and on 2 July; Law's brigade about noon on 2 July, Pickett on the evening of 2 July, Stuart's cavalry a little earlier. The reserve artillery of the three Confederate corps comes up for the cannonade of 3 July.
Turns are one hour: turns 1-12 are 8 am to 8 pm on 1 July, turn 13 the night of 1-2 July, turns 14-29 are 4 am to 8 pm on 2 July, turn 30 the next night, and turns 31-44 are 4 am to 6 pm on 3 July; the cannonade and Pickett's Charge are due on turn 42 (3 pm).""",
    special="""Night: on turns 13 and 30 no unit may attack or fire; reinforcements still arrive and units may move. Willoughby Run, Marsh Creek and Rock Creek are fordable streams. Trains may not enter the town.""",
    objectives_union="Hold Cemetery Hill (1312), Culp's Hill (1512), the Round Tops (1419) and the line of Cemetery Ridge.",
    objectives_cs="Take Cemetery Hill and Culp's Hill, or break the centre of the Union line on Cemetery Ridge at the Angle (1415).",
    victory="At the end of turn 44, the Confederacy wins if it holds Cemetery Hill or the Angle, or if the Union army has reached its break point; the Union wins if it holds Cemetery Hill, Culp's Hill, Little Round Top and the Angle and the Confederate army has reached its break point. Anything else is a Union marginal victory: Lee must retreat to Virginia.",
)

# --- the battle's scenarios ----------------------------------------------------------------------
# One map and one order of battle; three starts. The first is the opening above, played to the end;
# the second and third start at dawn on 2 and 3 July with every division that had come up standing
# where it stood at that hour, at its strength after the fighting before it.
INFO["title"] = "Gettysburg: 1 July, the whole battle"

def hq_named(name):
    return next(h[0] for h in HQ if h[4] == name)

def units_of(hid):
    return [u for u in UNITS if u[1] == hid]

def side_of_hq(hid):
    return next(h[1] for h in HQ if h[0] == hid)

def stands_for(u, men):
    uid, parent, name, arm, stands, strength, *rest = u
    return max(1, round(men / 450)) if arm != "artillery" else max(1, men // 7)

def day_start(start_turn, end_turn, anchors, posts, losses, trains_at):
    """A start at `start_turn` of the whole battle, played to `end_turn`.
    anchors: {division or brigade-holding headquarters: (cell, facing)}: its commander there and its
    units in the nearest free cells, on its own side of the field; posts: {headquarters without
    units of their own (armies, corps): cell}; losses: {unit name: men lost before the start};
    trains_at: {corps headquarters: road cell}. Pieces arriving later keep their road and hour,
    counted from the start."""
    place, reinf, strengths = {}, {}, {}
    arrived = lambda piece: piece in PLACE or (piece in REINF and REINF[piece][0] < start_turn)
    taken = {}
    enemy_anchor = {US: [], CS: []}
    for hid, (cell, facing) in anchors.items():
        enemy_anchor[CS if side_of_hq(hid) == US else US].append(cell)
    for hid, (cell, facing) in anchors.items():
        side = side_of_hq(hid)
        if arrived("commander:%d" % hid):
            place["commander:%d" % hid] = ([cell], None)
        # The nearest free cells to the anchor, preferring those farther from the enemy's anchors.
        for u in units_of(hid):
            piece = "unit:%d" % u[0]
            if not arrived(piece):
                continue
            candidates = [(c, r) for c in range(COLS) for r in range(ROWS)
                          if (c, r) not in taken and distance((c, r), cell) <= 3]
            candidates.sort(key=lambda c: (distance(c, cell),
                                           -min(distance(c, e) for e in enemy_anchor[side]), c))
            spot = candidates[0]
            taken[spot] = side
            place[piece] = ([spot], "corner:%d" % facing)
    for hid, cell in posts.items():
        if arrived("commander:%d" % hid):
            place["commander:%d" % hid] = ([cell], None)
    for tid, corps_hq, name in TRAINS:
        piece = "train:%d" % tid
        if arrived(piece):
            place[piece] = ([trains_at[corps_hq]], None)
    for piece, (turn, entry, note) in REINF.items():
        if turn >= start_turn and turn <= end_turn:
            reinf[piece] = (turn - start_turn + 1, entry, note)
    missing = [p for p in list(PLACE) + list(REINF) if p not in place and p not in reinf]
    assert not missing, ("placed nowhere at turn %d" % start_turn, missing)
    by_name = {u[2]: u for u in UNITS}
    for name, lost in losses.items():
        u = by_name[name]
        men = u[5] - lost
        assert 0 < men < u[5], (name, lost)
        strengths["unit:%d" % u[0]] = (min(u[4], stands_for(u, men)), men)
    return place, reinf, strengths

W, E, NE, NW, SW, SE = 3, 0, 5, 4, 2, 1  # corners: 0 east, clockwise; 5 north-east, 2 south-west

# Men lost on 1 July by the brigades that fought that day: round figures after Busey and Martin's
# losses (for brigades that fought on 1 July only, the battle's losses) and Pfanz's first-day study.
LOSSES_1_JULY = {
    "Meredith's Iron Brigade": 1150, "Cutler's brigade": 1000, "Paul's brigade": 1000,
    "Baxter's brigade": 650, "Biddle's brigade": 900, "Stone's Bucktail brigade": 850,
    "von Gilsa's brigade": 500, "Ames' brigade": 800, "Coster's brigade": 600,
    "Schimmelfennig's brigade": 800, "Krzyzanowski's brigade": 670,
    "Gamble's cavalry brigade": 100,
    "Archer's brigade": 680, "Davis' brigade": 900, "Pettigrew's brigade": 1100,
    "Brockenbrough's brigade": 150, "Perrin's brigade": 580, "Scales' brigade": 500,
    "Iverson's brigade": 900, "O'Neal's brigade": 700, "Daniel's brigade": 900,
    "Doles' brigade": 220, "Ramseur's brigade": 270, "Gordon's brigade": 380,
}
# And on 2 July (Busey and Martin; Pfanz, Gettysburg: The Second Day, and Culp's Hill and Cemetery
# Hill), added to the first day's for the start of 3 July.
LOSSES_2_JULY = {
    "Graham's brigade": 740, "Ward's brigade": 780, "de Trobriand's brigade": 490,
    "Carr's brigade": 790, "Brewster's Excelsior brigade": 780, "Burling's brigade": 510,
    "Cross's brigade": 330, "Kelly's Irish Brigade": 200, "Zook's brigade": 360, "Brooke's brigade": 390,
    "Harrow's brigade": 300, "Willard's brigade": 700, "Tilton's brigade": 125, "Sweitzer's brigade": 420,
    "Vincent's brigade": 350, "Day's brigade": 380, "Burbank's brigade": 450, "Weed's brigade": 200,
    "Greene's brigade": 300, "Ames' brigade": 150,
    "Kershaw's brigade": 630, "Barksdale's brigade": 750, "Semmes' brigade": 430, "Wofford's brigade": 370,
    "Law's brigade": 500, "Robertson's Texas Brigade": 600, "Anderson's brigade": 670, "Benning's brigade": 500,
    "Wilcox's brigade": 580, "Wright's brigade": 700, "Perry's brigade (Lang)": 300,
    "Hays' Louisiana Tigers": 250, "Hoke's brigade (Avery)": 330,
}
LOSSES_BY_3_JULY = dict(LOSSES_1_JULY)
for name, lost in LOSSES_2_JULY.items():
    LOSSES_BY_3_JULY[name] = LOSSES_BY_3_JULY.get(name, 0) + lost

H = hq_named
# Dawn, 2 July (turn 14, 4 am): the fishhook from Culp's Hill round Cemetery Hill and down Cemetery
# Ridge, Sickles at its southern end; Ewell in and east of the town, Hill on Seminary Ridge;
# Longstreet, Hancock, Sykes, Sedgwick and the reserves still on the roads (Pfanz, The Second Day).
DAY2_ANCHORS = {
    H("1st Division (Wadsworth)"): ((13, 10), NW), H("2nd Division (Robinson)"): ((12, 12), W),
    H("3rd Division (Rowley)"): ((12, 13), W),
    H("1st Division (Barlow)"): ((13, 11), NW), H("2nd Division (von Steinwehr)"): ((12, 11), NW),
    H("3rd Division (Schurz)"): ((11, 11), NW),
    H("1st Division (Williams)"): ((15, 13), NE), H("2nd Division (Geary)"): ((14, 11), NE),
    H("1st Division (Birney)"): ((12, 16), W), H("2nd Division (Humphreys)"): ((13, 14), W),
    H("1st Cavalry Division (Buford)"): ((11, 17), W),
    H("Heth's division"): ((7, 10), E), H("Pender's division"): ((9, 12), E),
    H("Anderson's division"): ((8, 14), E), H("Third Corps reserve artillery (Walker)"): ((8, 12), E),
    H("Rodes' division"): ((10, 10), E), H("Early's division"): ((12, 9), SE),
    H("Johnson's division"): ((16, 10), SW), H("Second Corps reserve artillery (J. T. Brown)"): ((17, 9), SW),
}
# Dawn, 3 July (turn 31): Hancock's II Corps at the Angle with the remains of the I Corps, the V and
# VI Corps on and behind the Round Tops, the XII Corps fighting for its works on Culp's Hill;
# Longstreet on the ground he took, Pickett behind Seminary Ridge, the guns along the Emmitsburg road
# (Pfanz, Culp's Hill and Cemetery Hill; Stewart, Pickett's Charge).
DAY3_ANCHORS = {
    H("1st Division (Wadsworth)"): ((13, 10), NW), H("2nd Division (Robinson)"): ((13, 12), W),
    H("3rd Division (Rowley)"): ((13, 15), W),
    H("1st Division (Barlow)"): ((13, 11), NW), H("2nd Division (von Steinwehr)"): ((12, 11), NW),
    H("3rd Division (Schurz)"): ((12, 10), NW),
    H("1st Division (Williams)"): ((15, 12), NE), H("2nd Division (Geary)"): ((14, 11), NE),
    H("1st Division (Birney)"): ((15, 16), W), H("2nd Division (Humphreys)"): ((14, 13), W),
    H("1st Cavalry Division (Buford)"): ((19, 20), W),
    H("1st Division (Caldwell)"): ((13, 16), W), H("2nd Division (Gibbon)"): ((13, 14), W),
    H("3rd Division (Hays)"): ((12, 13), W),
    H("1st Division (Barnes)"): ((13, 18), W), H("2nd Division, Regulars (Ayres)"): ((14, 18), W),
    H("3rd Division, Pennsylvania Reserves (Crawford)"): ((13, 17), W),
    H("1st Division (Wright)"): ((14, 19), SW), H("2nd Division (Howe)"): ((15, 17), W),
    H("3rd Division (Newton; Wheaton)"): ((14, 15), W), H("Artillery Reserve (Tyler)"): ((15, 14), W),
    H("Heth's division"): ((9, 13), E), H("Pender's division"): ((9, 11), E),
    H("Anderson's division"): ((10, 14), E), H("Third Corps reserve artillery (Walker)"): ((8, 12), E),
    H("Rodes' division"): ((10, 10), E), H("Early's division"): ((11, 9), SE),
    H("Johnson's division"): ((15, 10), SW), H("Second Corps reserve artillery (J. T. Brown)"): ((17, 9), SW),
    H("McLaws' division"): ((10, 16), E), H("Hood's division"): ((11, 18), NE),
    H("Pickett's division"): ((8, 15), E), H("First Corps reserve artillery (Walton)"): ((10, 15), E),
    H("Cavalry Division (Stuart)"): ((18, 7), SW),
}
def train_roads(corps_list, side):
    """Each corps's train on the road to its line of supply, in the four cells nearest the map's edge:
    the Baltimore Pike for the Union, the Chambersburg Pike for the Confederacy."""
    road = polyline(TOWN, (12, 11), (16, 15), (21, 20)) if side == US else polyline(TOWN, (7, 9), (0, 8))
    return {c: road[-4:][k % 4] for k, c in enumerate(corps_list)}

DAY2_TRAINS = {**train_roads([i, xi, xii, iii, ii, v, vi], US), **train_roads([hill, ewell, longstreet], CS)}
DAY2_POSTS = {meade: (13, 12), lee: (9, 10), i: (12, 12), xi: (12, 11), xii: (15, 11), iii: (13, 15),
              hill: (9, 11), ewell: (11, 8)}
DAY3_POSTS = {**DAY2_POSTS, ii: (13, 14), v: (14, 18), vi: (14, 16), longstreet: (9, 14)}

day2_place, day2_reinf, day2_strengths = day_start(14, 29, DAY2_ANCHORS, DAY2_POSTS, LOSSES_1_JULY, DAY2_TRAINS)
day3_place, day3_reinf, day3_strengths = day_start(31, 44, DAY3_ANCHORS, DAY3_POSTS, LOSSES_BY_3_JULY, DAY2_TRAINS)

INFO_2 = dict(INFO, title="Gettysburg: 2 July", date="1863-07-02", turns=16, startTime="04:00", nightTurns="", dawn="", firstPlayer="confederate",
    setup="""Dawn on 2 July (4 am). The Union army holds the fishhook: the XII Corps and Wadsworth on Culp's Hill, the XI Corps and the rest of the I Corps on Cemetery Hill and the northern end of Cemetery Ridge, Sickles' III Corps at its southern end, Buford's cavalry by the Peach Orchard. Ewell's corps is in and east of the town with Johnson facing Culp's Hill across Rock Creek; Hill's on Seminary Ridge. The brigades that fought on 1 July start at their strength after it. Hancock's II Corps arrives on turn 3 by the Taneytown road, Longstreet's McLaws and Hood on turn 3 by the Chambersburg Pike, Sykes' V Corps on turn 4, the Artillery Reserve and Crawford on turn 7, Stuart's cavalry on turn 11, Sedgwick's VI Corps on turns 11 and 12 after a march of more than 30 miles, and Pickett on turn 14.
Turns are one hour: turn 1 is 4 am and turn 16 is 7 pm on 2 July.""",
    victory="""At the end of turn 16, the Confederacy wins if it holds Cemetery Hill, Culp's Hill or Little Round Top; the Union wins if it holds all three and the Confederate army has reached its break point. Anything else is a draw: the battle goes on into 3 July.""")
INFO_3 = dict(INFO, title="Gettysburg: 3 July", date="1863-07-03", turns=14, startTime="04:00", nightTurns="", dawn="", firstPlayer="union",
    setup="""Dawn on 3 July (4 am). Both armies stand where the second day left them: the Union line from Culp's Hill, where the XII Corps opens the day fighting to retake its works from Johnson, round Cemetery Hill and along Cemetery Ridge to the Round Tops, Hancock's II Corps at the Angle and the V and VI Corps on and behind the Round Tops. Longstreet holds the Peach Orchard and the Wheatfield, Pickett's fresh division waits behind Seminary Ridge with the First Corps guns along the Emmitsburg road, and Stuart's cavalry is east of the town. Every brigade starts at its strength after 1 and 2 July.
Turns are one hour: turn 1 is 4 am, and the cannonade and Pickett's Charge are due on turn 12 (3 pm).""",
    victory="""At the end of turn 14, the Confederacy wins if it holds the Angle or Cemetery Hill; the Union wins if it holds them and the Confederate army has reached its break point. Anything else is a Union marginal victory: Lee must retreat to Virginia.""")

SCENARIOS = [
    dict(INFO=INFO, PLACE=PLACE, REINF=REINF, EVENTS=EVENTS),
    dict(INFO=INFO_2, PLACE=day2_place, REINF=day2_reinf, EVENTS=EVENTS, strengths=day2_strengths),
    dict(INFO=INFO_3, PLACE=day3_place, REINF=day3_reinf, EVENTS=EVENTS, strengths=day3_strengths),
]

if __name__ == "__main__":
    write_scenario(globals(), board, scenarios=SCENARIOS)
