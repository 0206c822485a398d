"""Shared by the sample battles' build_sample.py scripts: grid maths for the two kinds of board the
samples use, and the writer of a Sandtable scenario from readable data. Each script describes its
battle (terrain, rivers, roads, order of battle...) and calls write_scenario; `sandtable convert`
then puts the file in canonical form.

Columns run west to east, rows north to south, 0-based here (labels in the file are 1-based CCRR).
Side ids are canonical, as Sandtable stores them: the owner cell with a direction in the first half.
"""
from xml.sax.saxutils import quoteattr, escape


class Board:
    def __init__(self, cols, rows):
        self.cols, self.rows = cols, rows

    def on_map(self, c):
        return 0 <= c[0] < self.cols and 0 <= c[1] < self.rows

    def label(self, c):
        return "%02d%02d" % (c[0] + 1, c[1] + 1)

    def edge(self, cell, d):
        half = self.sides // 2
        return (cell, d) if d < half else (self.neighbor(cell, d), d - half)

    def sides_between(self, cells_a, cells_b):
        """Every side between a cell of cells_a and a neighbouring cell of cells_b, in canonical form:
        the whole boundary of two strips, which on staggered hexes zigzags through two side
        directions (a single direction per cell would leave gaps at every corner)."""
        b = set(cells_b)
        out = set()
        for a in cells_a:
            for d in range(self.sides):
                n = self.neighbor(a, d)
                if n in b and self.on_map(a) and self.on_map(n):
                    out.add(self.edge(a, d))
        return sorted(out)

    def sides_west_of(self, cells):
        """The sides between each cell and its neighbours one column to the west."""
        return self.sides_between(cells, [(c - 1, row) for c, r in cells for row in (r - 1, r, r + 1)])

    def polyline(self, *points):
        cells = [points[0]]
        for a, b in zip(points, points[1:]):
            cells += self.line(a, b)[1:]
        return cells

    def direction(self, a, b):
        return next(d for d in range(self.sides) if self.neighbor(a, d) == b)

    def block(self, c0, r0, c1, r1):
        """The cells of the rectangle of columns c0..c1 and rows r0..r1, column by column."""
        return [(c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)]

    def boundary(self, inside, cells):
        """Sides between a region (inside(cell) is true) and the rest of the map, for the cells given."""
        out = set()
        for c in cells:
            for d in range(self.sides):
                n = self.neighbor(c, d)
                if self.on_map(n) and inside(c) and not inside(n):
                    out.add(self.edge(c, d))
        return out

    def crossed_sides(self, cells):
        """The side ids a path of adjacent cells crosses, in order."""
        return [self.edge(a, self.direction(a, b)) for a, b in zip(cells, cells[1:])]


class Ground:
    """The terrain and elevation layers of a board, painted by terrain key."""

    def __init__(self, board, terrain_types, fill, level):
        self.board = board
        self.index = {t[0]: i for i, t in enumerate(terrain_types)}
        self.terrain = [[self.index[fill]] * board.cols for _ in range(board.rows)]
        self.elevation = [[level] * board.cols for _ in range(board.rows)]

    def paint(self, cells, key):
        for c in cells:
            if self.board.on_map(c):
                self.terrain[c[1]][c[0]] = self.index[key]

    def set_level(self, cells, level):
        for c in cells:
            if self.board.on_map(c):
                self.elevation[c[1]][c[0]] = level

    def raise_hill(self, top, level, radius):
        """Rings of falling level around a top, never lowering what is already higher."""
        for c in self.board.block(top[0] - radius, top[1] - radius, top[0] + radius, top[1] + radius):
            if self.board.on_map(c):
                d = self.board.distance(c, top)
                if d <= radius:
                    self.elevation[c[1]][c[0]] = max(self.elevation[c[1]][c[0]], level - d)


class FlatHexBoard(Board):
    """Flat-top hexes, odd columns shifted down (Sandtable's hex-flat, parity odd)."""
    sides = 6
    DIRS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]

    @staticmethod
    def to_axial(c, r):
        return c, r - (c - (c & 1)) // 2

    @staticmethod
    def from_axial(q, r):
        return q, r + (q - (q & 1)) // 2

    def neighbor(self, cell, d):
        q, r = self.to_axial(*cell)
        dq, dr = self.DIRS[d]
        return self.from_axial(q + dq, r + dr)

    def distance(self, a, b):
        aq, ar = self.to_axial(*a)
        bq, br = self.to_axial(*b)
        return (abs(aq - bq) + abs(ar - br) + abs(aq + ar - bq - br)) // 2

    def line(self, a, b):
        n = self.distance(a, b)
        aq, ar = self.to_axial(*a)
        bq, br = self.to_axial(*b)
        out = []
        for i in range(n + 1):
            t = i / n if n else 0
            fq = aq + 1e-6 + (bq - aq) * t
            fr = ar + 1e-6 + (br - ar) * t
            fs = -fq - fr
            q, r, s = round(fq), round(fr), round(fs)
            dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
            if dq > dr and dq > ds:
                q = -r - s
            elif dr > ds:
                r = -q - s
            out.append(self.from_axial(q, r))
        return out


class SquareBoard(Board):
    """Squares that touch only across a side (the area rules); directions 0 east, 1 north, 2 west, 3 south."""
    sides = 4
    DIRS = [(1, 0), (0, -1), (-1, 0), (0, 1)]

    def neighbor(self, cell, d):
        return (cell[0] + self.DIRS[d][0], cell[1] + self.DIRS[d][1])

    def distance(self, a, b):
        return abs(a[0] - b[0]) + abs(a[1] - b[1])

    def line(self, a, b):
        """Side-adjacent cells from a to b, stepping along the axis that keeps nearest the straight line."""
        out = [a]
        c = a
        tx, ty = b[0] - a[0], b[1] - a[1]

        def off(p):
            return abs((p[0] - a[0]) * ty - (p[1] - a[1]) * tx)

        while c != b:
            dx, dy = b[0] - c[0], b[1] - c[1]
            step_x = (c[0] + (1 if dx > 0 else -1), c[1])
            step_y = (c[0], c[1] + (1 if dy > 0 else -1))
            if dx == 0:
                c = step_y
            elif dy == 0:
                c = step_x
            else:
                c = step_x if off(step_x) <= off(step_y) else step_y
            out.append(c)
        return out


def write_scenario(d, board, grid="hex-flat", yards=400, also=None, exclusions=(), roster=False):
    """Prints the scenario described by the build script's globals d (INFO, TERRAIN, terrain,
    elevation, hexsides, PATHS, FEATURES, HQ, UNITS, TRAINS, PLACE, REINF, EVENTS) as Sandtable XML.
    also: other rulesets the scenario declares; exclusions: (rule, pieces, comment) accepted findings;
    roster: number each unit by its id, for rulesets with a numbered roster."""
    o = []
    w = o.append
    w('<?xml version="1.0" encoding="UTF-8"?>')
    w('<scenario format-version="1">')
    w('<info title=%s date=%s place=%s theatre=%s turn-minutes="%d" turns="%d" first-player=%s ruleset=%s%s>' % (
        quoteattr(d["INFO"]["title"]), quoteattr(d["INFO"]["date"]), quoteattr(d["INFO"]["place"]), quoteattr(d["INFO"]["theatre"]),
        d["INFO"]["turnMinutes"], d["INFO"]["turns"], quoteattr(d["INFO"]["firstPlayer"]), quoteattr(d["INFO"]["ruleset"]), ' also-rulesets=%s' % quoteattr(also) if also else ""))
    w('<side id="union" name="Union"/><side id="confederate" name="Confederate"/>')
    w('<setup-notes>%s</setup-notes>' % escape(d["INFO"]["setup"]))
    w('<special-rules>%s</special-rules>' % escape(d["INFO"]["special"]))
    w('<objectives side="union">%s</objectives>' % escape(d["INFO"]["objectives_union"]))
    w('<objectives side="confederate">%s</objectives>' % escape(d["INFO"]["objectives_cs"]))
    w('<victory-conditions>%s</victory-conditions>' % escape(d["INFO"]["victory"]))
    w('</info>')
    w('<map grid="%s" parity="odd" cols="%d" rows="%d" label-base="1" yards-per-cell="%d" feet-per-contour="20">' % (grid, board.cols, board.rows, yards))
    w('<terrain-types>')
    for key, name, cls, cover, blocks, colour, symbol in d["TERRAIN"]:
        w('<terrain key=%s name=%s class="%s" cover="%s" blocks-sight="%s" colour="%s"%s/>' % (
            quoteattr(key), quoteattr(name), cls, cover, "true" if blocks else "false", colour,
            ' symbol="%s"' % symbol if symbol != "none" else ""))
    w('</terrain-types>')
    w('<terrain encoding="csv">' + ",".join(str(v) for row in d["terrain"] for v in row) + '</terrain>')
    w('<elevation encoding="csv">' + ",".join(str(v) for row in d["elevation"] for v in row) + '</elevation>')
    w('<hexsides>')
    for (cell, side), h in sorted(d["hexsides"].items()):
        if not board.on_map(cell):
            cell, side = board.neighbor(cell, side), side + board.sides // 2
        crossing = ' crossing="%s"' % h["crossing"] if h["crossing"] else ""
        w('<hexside cell="%s" side="%d" features="%s"%s/>' % (board.label(cell), side, h["features"], crossing))
    w('</hexsides>')
    w('<paths>')
    for i, (kind, name, cells) in enumerate(d["PATHS"], 1):
        w('<path id="%d" kind="%s" name=%s cells="%s"/>' % (i, kind, quoteattr(name), " ".join(board.label(c) for c in cells)))
    w('</paths>')
    w('<features>')
    for i, (kind, cell, name, side, value) in enumerate(d["FEATURES"], 1):
        extra = (' side="%s"' % side if side else "") + (' value="%d"' % value if value else "")
        w('<feature id="%d" kind="%s" cell="%s" name=%s%s/>' % (i, kind, board.label(cell), quoteattr(name), extra))
    w('</features>')
    w('</map>')
    w('<order-of-battle>')
    for hid, side, echelon, parent, name, commander, supply in d["HQ"]:
        extra = (' parent="%d"' % parent if parent else "") + (' supply-cell="%s"' % board.label(supply) if supply else "")
        w('<headquarters id="%d" side="%s" echelon="%s" name=%s commander=%s%s/>' % (
            hid, side, echelon, quoteattr(name), quoteattr(commander), extra))
    for uid, parent, name, arm, stands, strength, quality, weapon, gun, formation in d["UNITS"]:
        number = ' roster="%d"' % uid if roster else ""
        w('<unit id="%d" parent="%d" name=%s%s arm="%s" stands="%d" strength="%d" quality="%s" weapon="%s" gun="%s" formation="%s"/>' % (
            uid, parent, quoteattr(name), number, arm, stands, strength, quality, weapon, gun, formation))
    for tid, corps, name in d["TRAINS"]:
        w('<train id="%d" corps="%d" name=%s/>' % (tid, corps, quoteattr(name)))
    w('</order-of-battle>')
    w('<deployment>')
    occupied = {}
    for piece, (cells, facing) in d["PLACE"].items():
        for c in cells:
            assert board.on_map(c), (piece, c)
            if piece.startswith("unit:"):
                assert c not in occupied, ("two units in", board.label(c), piece, occupied.get(c))
                occupied[c] = piece
        f = ' facing="%s"' % facing if facing else ""
        w('<place piece="%s" cells="%s"%s/>' % (piece, " ".join(board.label(c) for c in cells), f))
    for piece, (turn, entry, note) in d["REINF"].items():
        w('<reinforcement piece="%s" turn="%d" entry="%s">%s</reinforcement>' % (piece, turn, board.label(entry), escape(note)))
    w('</deployment>')
    w('<events>')
    for roll, text in d["EVENTS"].items():
        w('<event roll="%d">%s</event>' % (roll, escape(text)))
    w('</events>')
    if exclusions:
        w('<exclusions>')
        for rule, pieces, comment in exclusions:
            w('<exclusion rule="%s" pieces="%s">%s</exclusion>' % (rule, pieces, escape(comment)))
        w('</exclusions>')
    w('</scenario>')
    print("\n".join(o))



class BrigadeArmies:
    """The order of battle and deployment of two armies whose units are brigades (The Hexed General's
    1,000-1,500 men), each also carrying stands of about 450 men (or 7 guns) for the area rules.
    Its lists are the HQ, UNITS, TRAINS, PLACE and REINF that write_scenario reads."""

    def __init__(self):
        self.HQ, self.UNITS, self.TRAINS, self.PLACE, self.REINF = [], [], [], {}, {}

    def hq(self, side, echelon, parent, name, commander, at=None, supply=None, arrive=None):
        hid = len(self.HQ) + 1
        self.HQ.append((hid, side, echelon, parent, name, commander, supply))
        if at:
            self.PLACE["commander:%d" % hid] = ([at], None)
        if arrive:
            self.REINF["commander:%d" % hid] = arrive
        return hid

    def unit(self, parent, name, arm, strength, at=None, quality="seasoned", weapon=None, gun=None,
             formation="line", facing=1, arrive=None):
        uid = len(self.UNITS) + 1
        if weapon is None:
            weapon = "none" if arm == "artillery" else ("rifled-carbine" if arm == "cavalry" else "rifle-musket")
        stands = max(1, round(strength / 450)) if arm != "artillery" else max(1, strength // 7)
        self.UNITS.append((uid, parent, name, arm, stands, strength, quality, weapon, gun or "none", formation))
        if at:
            self.PLACE["unit:%d" % uid] = ([at], "corner:%d" % facing)
        if arrive:
            self.REINF["unit:%d" % uid] = arrive
        return uid

    def train(self, corps, name, at=None, arrive=None):
        tid = len(self.TRAINS) + 1
        self.TRAINS.append((tid, corps, name))
        if at:
            self.PLACE["train:%d" % tid] = ([at], None)
        if arrive:
            self.REINF["train:%d" % tid] = arrive

    def division(self, corps, side, name, commander, at, brigades, facing, arrive=None):
        """brigades: (name, men, cell); each brigade is one infantry unit."""
        d = self.hq(side, "division", corps, name, commander, at=None if arrive else at, arrive=arrive)
        for bname, men, cell in brigades:
            self.unit(d, bname, "infantry", men, at=None if arrive else cell, facing=facing, arrive=arrive)
        return d
