#!/usr/bin/env python3
"""Writes RULESET.RULE-KEY.xml (or RULESET.RULE-KEY~VARIANT.xml, another way to break the same rule):
the ruleset's base fixture with one change that breaks that rule. The matching .expected files list
the findings the rule must report, "CELLS | PIECES | MESSAGE" (checked by hand once, then kept:
tests/validators/test_rules.cpp compares them exactly)."""

CASES = {
    "hexed-general": {
        "terrain.impassable": [('<place piece="unit:5" cells="0705"', '<place piece="unit:5" cells="0908"')],
        "deployment.one-side-per-cell": [('<place piece="commander:6" cells="0703" />', '<place piece="commander:6" cells="0303" />')],
        "reinforcement.entry-on-edge": [('<place piece="unit:5" cells="0705" facing="corner:3" />\n', ''),
                                        ('  </deployment>', '    <reinforcement piece="unit:5" turn="3" entry="0505" />\n  </deployment>')],
        "deployment.all-pieces": [('<place piece="unit:2" cells="0304" facing="corner:0" />\n', '')],
        "stacking.units-per-cell": [('<place piece="unit:2" cells="0304"', '<place piece="unit:2" cells="0303"')],
        "facing.kind": [('<place piece="unit:1" cells="0303" facing="corner:0" />', '<place piece="unit:1" cells="0303" facing="side:0" />'),
                        ('<place piece="unit:4" cells="0703" facing="corner:3" />', '<place piece="unit:4" cells="0703" />')],
        "command.one-army-per-side": [('  </order-of-battle>', '    <headquarters id="7" side="union" echelon="army" name="Second Army" commander="Hooker" />\n  </order-of-battle>'),
                                      ('<place piece="commander:1" cells="0202" />', '<place piece="commander:1" cells="0202" />\n    <place piece="commander:7" cells="0102" />')],
        "corps.structure": [('    <train id="2" corps="5" name="Third Corps train" />\n', ''), ('    <place piece="train:2" cells="0904" />\n', '')],
        # A corps whose commander is not named yet (no commander attribute, no piece): said once.
        "corps.structure~no-commander": [('name="Third Corps" commander="Hill"', 'name="Third Corps"'), ('    <place piece="commander:5" cells="0803" />\n', '')],
        "division.structure": [('  </order-of-battle>', '    <headquarters id="7" side="union" echelon="division" parent="2" name="Empty Division" commander="" />\n  </order-of-battle>'),
                               ('<place piece="commander:1" cells="0202" />', '<place piece="commander:1" cells="0202" />\n    <place piece="commander:7" cells="0102" />')],
        # Attached to a corps is legal ("until such time as he attaches them to a Corps"); under a
        # brigade headquarters of its own, outside any division, it is not.
        "command.independent-units": [('  </order-of-battle>', '    <headquarters id="7" side="union" echelon="brigade" parent="1" name="Reserve Brigade" commander="Tyler" />\n  </order-of-battle>'),
                                      ('<unit id="3" parent="1"', '<unit id="3" parent="7"')],
        "corps.line-of-supply": [('supply-cell="0104"', 'supply-cell="0204"'), ('supply-cell="1004"', 'supply-cell="0908"')],
        "corps.train-on-road-to-supply": [('<place piece="train:1" cells="0204" />', '<place piece="train:1" cells="0203" />'),
                                          ('<place piece="train:2" cells="0904" />', '<place piece="train:2" cells="0304" />')],
    },
    "kallistra-hex": {
        "stacking.stands-by-arm": [('name="2nd Wisconsin" arm="infantry" stands="6"', 'name="2nd Wisconsin" arm="infantry" stands="7"'),
                                   ('formation="column" />', 'formation="column" />\n    <unit id="7" parent="4" name="2nd Virginia" arm="infantry" stands="1" strength="300" quality="green" weapon="smoothbore-musket" formation="line" />'),
                                   ('<place piece="commander:1"', '<place piece="unit:7" cells="0704" facing="side:3" />\n    <place piece="commander:1"')],
        # The base's 7-hex skirmish line (no maximum in the text) drawn in to 2 hexes.
        "stacking.skirmishers": [('<place piece="unit:4" cells="0401 0402 0403 0404 0405 0406 0407"', '<place piece="unit:4" cells="0403 0402"')],
        "line.contiguous": [('<place piece="unit:2" cells="0305 0306"', '<place piece="unit:2" cells="0305 0307"')],
        "unit.allowed-values": [('name="4th Virginia" arm="infantry" stands="4" strength="400" quality="green"', 'name="4th Virginia" arm="infantry" stands="4" strength="400" quality="seasoned"'),
                                ('gun="12lb-napoleon"', 'gun="20lb-parrott"'),
                                ('weapon="rifled-carbine"', 'weapon="breech-loader"')],
        "command.unit-within-radius": [('<place piece="commander:4" cells="0804" />', '<place piece="commander:4" cells="1001" />')],
    },
    "acw-area": {
        "stacking.stands-per-cell": [('<place piece="unit:3" cells="0204"', '<place piece="unit:3" cells="0203"')],
        "command.under-echelon": [('<unit id="3" parent="3"', '<unit id="3" parent="2"')],
        "terrain.wagons": [('<place piece="train:1" cells="0105" />', '<place piece="train:1" cells="0501" />')],
        "terrain.difficult": [('<place piece="unit:3" cells="0204"', '<place piece="unit:3" cells="0608"')],
        "command.unit-within-radius": [('<place piece="unit:1" cells="0203"', '<place piece="unit:1" cells="0402"'),
                                       ('<place piece="commander:3" cells="0204" />', '<place piece="commander:3" cells="0602" />')],
        "command.commander-within-radius": [('<place piece="commander:6" cells="0904" />', '<place piece="commander:6" cells="0308" />')],
        "facing.kind": [('<place piece="unit:4" cells="0803" facing="side:2" />', '<place piece="unit:4" cells="0803" facing="corner:2" />'),
                        ('<place piece="unit:5" cells="0804" facing="side:2" />', '<place piece="unit:5" cells="0804" />')],
    },
    "good-old-rebel": {
        "roster.unique-numbers": [('name="Regiment 2" roster="2"', 'name="Regiment 2" roster="1"'), ('name="Regiment 3" roster="3"', 'name="Regiment 3" roster="0"')],
        "unit.bases": [('name="Regiment 1" roster="1" arm="infantry" stands="2"', 'name="Regiment 1" roster="1" arm="infantry" stands="3"')],
        "unit.allowed-values": [('name="Regiment 4" roster="4" arm="infantry" stands="2" strength="400" quality="seasoned"', 'name="Regiment 4" roster="4" arm="infantry" stands="2" strength="400" quality="elite"'),
                                # Cavalry with a musket, infantry with a carbine: "cavalry use carbines".
                                ('name="Regiment 6" roster="6" arm="infantry" stands="2" strength="400" quality="seasoned" weapon="rifle-musket" formation="line"', 'name="Regiment 6" roster="6" arm="cavalry" stands="2" strength="400" quality="seasoned" weapon="rifle-musket" formation="mounted"'),
                                ('name="Regiment 7" roster="7" arm="infantry" stands="2" strength="400" quality="seasoned" weapon="rifle-musket"', 'name="Regiment 7" roster="7" arm="infantry" stands="2" strength="400" quality="seasoned" weapon="rifled-carbine"')],
        "command.has-commander": [('    <place piece="commander:3" cells="0406" />\n', ''), ('name="Barksdale\'s Brigade" commander="Barksdale"', 'name="Barksdale\'s Brigade" commander=""')],
        "corps.brigade-count": [('<headquarters id="8" side="confederate" echelon="brigade" parent="6"', '<headquarters id="8" side="confederate" echelon="brigade" parent="5"')],
        "command.unit-within-radius": [('<place piece="commander:3" cells="0406" />', '<place piece="commander:3" cells="0112" />')],
        "scenario.events-table": [('    <event roll="7">Event 7.</event>\n', ''), ('    <event roll="12">Event 12.</event>\n', '')],
        "scenario.objectives": [('    <objectives side="confederate">Take the ridge.</objectives>\n', '')],
        # No table at all: one finding, not eleven.
        "scenario.events-table~no-table": [('  <events>\n    <event roll="2">Event 2.</event>\n    <event roll="3">Event 3.</event>\n    <event roll="4">Event 4.</event>\n    <event roll="5">Event 5.</event>\n    <event roll="6">Event 6.</event>\n    <event roll="7">Event 7.</event>\n    <event roll="8">Event 8.</event>\n    <event roll="9">Event 9.</event>\n    <event roll="10">Event 10.</event>\n    <event roll="11">Event 11.</event>\n    <event roll="12">Event 12.</event>\n  </events>\n', '')],
        "scenario.setup-notes": [('    <setup-notes>The Union holds the ridge; the Confederates deploy below it.</setup-notes>\n', '')],
        "arming.impossible-weapon": [('date="1863-07-02"', 'date="1865-04-01"'), ('name="Regiment 5" roster="5" arm="infantry" stands="2" strength="400" quality="seasoned" weapon="rifle-musket"', 'name="Regiment 5" roster="5" arm="infantry" stands="2" strength="400" quality="seasoned" weapon="smoothbore-musket"'),
                                     ('name="Regiment 1" roster="1" arm="infantry" stands="2" strength="400" quality="seasoned" weapon="rifle-musket"', 'name="Regiment 1" roster="1" arm="infantry" stands="2" strength="400" quality="seasoned" weapon="smoothbore-musket"')],
    },
}

for ruleset, cases in CASES.items():
    base = open(f"{ruleset}.base.xml").read()
    for key, edits in cases.items():
        text = base
        for old, new in edits:
            assert old in text, (ruleset, key, old)
            text = text.replace(old, new, 1)
        open(f"{ruleset}.{key}.xml", "w").write(text)
