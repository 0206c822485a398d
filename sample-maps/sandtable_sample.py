"""Shared by the sample battles' build_sample.py scripts: grid maths for the two kinds of board the
samples use, and the writer of a Sandtable scenario from readable data. Each script describes its
battle (terrain, rivers, roads, order of battle...) and calls write_scenario; `sandtable convert`
then puts the file in canonical form.

Columns run west to east, rows north to south, 0-based here (labels in the file are 1-based CCRR).
Side ids are canonical, as Sandtable stores them: the owner cell with a direction in the first half.
"""
import heapq
import math
import os
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

    # --- water along cell sides ----------------------------------------------------------------
    # A stream is a chain of sides joined corner to corner. The sides and corners of the board form
    # a graph; a stream is the shortest way through it from waypoint to waypoint, so it never breaks.

    def side_corners(self, e):
        """The two corners of side e, as rounded points (the same corner has the same key from
        every side that meets there)."""
        cell, d = e
        (ax, ay), (bx, by) = self.centre(cell), self.centre(self.neighbor(cell, d))
        mx, my = (ax + bx) / 2, (ay + by) / 2
        ux, uy = bx - ax, by - ay
        h = self.half_side
        key = lambda x, y: (round(x * 1000), round(y * 1000))
        return key(mx - uy * h, my + ux * h), key(mx + uy * h, my - ux * h)

    def _water_graph(self):
        if getattr(self, "_graph", None) is None:
            graph, border, cell_corners = {}, set(), {}
            for c in self.block(0, 0, self.cols - 1, self.rows - 1):
                for d in range(self.sides):
                    n = self.neighbor(c, d)
                    a, b = self.side_corners((c, d))
                    cell_corners.setdefault(c, set()).update((a, b))
                    if not self.on_map(n):
                        border.update((a, b))
                        continue
                    e = self.edge(c, d)
                    graph.setdefault(a, {})[b] = e
                    graph.setdefault(b, {})[a] = e
            self._graph, self._border, self._cell_corners = graph, border, cell_corners
        return self._graph

    def water_chain(self, *waypoints, from_edge=False, to_edge=False, from_water=None, to_water=None):
        """The sides of one connected chain that touches every waypoint cell in turn: a whole stream,
        with no gap at any corner. It starts (ends) on the map's edge when asked, or on a corner of
        from_water (to_water), the sides of the stream or river it flows out of (into)."""
        graph = self._water_graph()

        def corners(c, edge, water):
            on_water = set(k for e in (water or []) for k in self.side_corners(e))
            return [k for k in sorted(self._cell_corners[c]) if k in graph and (not edge or k in self._border)
                    and (not water or k in on_water)]
        sides = []
        current = corners(waypoints[0], from_edge, from_water)
        for i, (a, b) in enumerate(zip(waypoints, waypoints[1:])):
            last = i == len(waypoints) - 2
            targets = set(corners(b, to_edge and last, to_water if last else None))
            assert current and targets, ("no corner to run a stream through", a, b)
            pa, pb = self.centre(a), self.centre(b)
            dist, before, queue = {}, {}, []
            for k in current:
                dist[k] = 0.0
                heapq.heappush(queue, (0.0, k))
            end = None
            while queue:
                cost, k = heapq.heappop(queue)
                if cost > dist[k]:
                    continue
                if k in targets:
                    end = k
                    break
                for n, e in sorted(graph[k].items()):
                    mid = ((k[0] + n[0]) / 2000, (k[1] + n[1]) / 2000)
                    step = cost + 1 + 0.5 * _distance_to_segment(mid, pa, pb)
                    if step < dist.get(n, math.inf):
                        dist[n], before[n] = step, (k, e)
                        heapq.heappush(queue, (step, n))
            assert end is not None, ("no way for a stream from", a, "to", b)
            leg, k = [], end
            while k in before:
                k, e = before[k]
                leg.append(e)
            sides += reversed(leg)
            current = [end]
        return sides


def _distance_to_segment(p, a, b):
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length = dx * dx + dy * dy
    t = 0 if length == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


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


class Relief:
    """The height of the ground in feet, built from its landforms, and read off at each cell's
    centre into contour levels: level = round((height - datum) / interval). A landform rises from
    the slope beneath it with a smooth (cosine) fall-off, the highest landform wins, and each valley
    cuts the ground down to its floor along a line of cells or a chain of stream sides.
    Distances are in yards, measured between cell centres (yards_per_cell apart)."""

    def __init__(self, board, yards_per_cell, datum_ft, interval_ft):
        self.board, self.yards = board, yards_per_cell
        self.datum, self.interval = datum_ft, interval_ft
        self.plane = lambda x, y: datum_ft
        self.rises, self.cuts = [], []

    def _yards(self, c):
        x, y = self.board.centre(c)
        return x * self.yards, y * self.yards

    def slope(self, low_cell, low_ft, high_cell, high_ft):
        """The general lie of the land: a plane through low_ft at one cell and high_ft at another."""
        (ax, ay), (bx, by) = self._yards(low_cell), self._yards(high_cell)
        dx, dy = bx - ax, by - ay
        length = dx * dx + dy * dy
        self.plane = lambda x, y: low_ft + (high_ft - low_ft) * ((x - ax) * dx + (y - ay) * dy) / length

    def hill(self, top, top_ft, radius_yards):
        self.ridge([top], top_ft, radius_yards)

    def ridge(self, cells, crest_ft, half_width_yards, end_ft=None):
        """A crest along the line through cells (a hill when one cell); its height runs from
        crest_ft at the first cell to end_ft at the last."""
        points = [self._yards(c) for c in cells]
        self.rises.append((points, crest_ft, crest_ft if end_ft is None else end_ft, half_width_yards, "line"))

    def valley(self, cells, floor_ft, half_width_yards, end_ft=None):
        """A valley floor along the line through cells, falling from floor_ft to end_ft."""
        points = [self._yards(c) for c in cells]
        self.cuts.append((points, floor_ft, floor_ft if end_ft is None else end_ft, half_width_yards, "line"))

    def stream_valley(self, sides, floor_ft, half_width_yards, end_ft=None):
        """A valley along water sides (a chain from Board.water_chain, or the sides of a river):
        its floor is at the nearest side's middle, falling from floor_ft at the first side to end_ft
        at the last."""
        points = []
        for cell, d in sides:
            (ax, ay), (bx, by) = self._yards(cell), self._yards(self.board.neighbor(cell, d))
            points.append(((ax + bx) / 2, (ay + by) / 2))
        self.cuts.append((points, floor_ft, floor_ft if end_ft is None else end_ft, half_width_yards, "points"))

    @staticmethod
    def _along(p, points, shape):
        """Distance from p to the polyline (or the nearest of the points), and how far along from
        the first point to the last (0..1) the nearest point lies."""
        if shape == "points" or len(points) == 1:
            near = min(points, key=lambda q: math.hypot(p[0] - q[0], p[1] - q[1]))
            (ax, ay), (bx, by) = points[0], points[-1]
            length = (bx - ax) ** 2 + (by - ay) ** 2
            t = 0.0 if length == 0 else max(0.0, min(1.0, ((near[0] - ax) * (bx - ax) + (near[1] - ay) * (by - ay)) / length))
            return math.hypot(p[0] - near[0], p[1] - near[1]), t
        lengths = [math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(points, points[1:])]
        total = sum(lengths) or 1.0
        best, where, walked = math.inf, 0.0, 0.0
        for (a, b), length in zip(zip(points, points[1:]), lengths):
            t = 0.0 if length == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1])) / length ** 2))
            d = math.hypot(p[0] - a[0] - t * (b[0] - a[0]), p[1] - a[1] - t * (b[1] - a[1]))
            if d < best:
                best, where = d, (walked + t * length) / total
            walked += length
        return best, where

    def height(self, c):
        return self.height_at(*self._yards(c))

    def height_at(self, x, y):
        """The height in feet at any point, in yards from the first cell's centre (x east, y south)."""
        p = (x, y)
        base = self.plane(*p)
        for points, start, end, width, shape in self.cuts:
            d, t = self._along(p, points, shape)
            floor = start + (end - start) * t
            if d < width and base > floor:
                base = floor + (base - floor) * 0.5 * (1 - math.cos(math.pi * d / width))
        h = base
        for points, start, end, width, shape in self.rises:
            d, t = self._along(p, points, shape)
            if d < width:
                top = start + (end - start) * t
                h = max(h, base + (top - base) * 0.5 * (1 + math.cos(math.pi * d / width)))
        return h

    def level(self, c):
        return max(0, round((self.height(c) - self.datum) / self.interval))

    def apply(self, ground):
        for c in self.board.block(0, 0, self.board.cols - 1, self.board.rows - 1):
            ground.elevation[c[1]][c[0]] = self.level(c)

    def surface(self, samples_per_cell=4):
        """The landforms' heights as the map's surface (Map::surface): in levels above the datum
        (not rounded; never below level 0's half, as the cells' levels are never below 0), on a
        lattice samples_per_cell points a cell's size apart from the map's top-left corner, as
        Sandtable's Layout lays a flat-top hex map out (the first cell's centre 1/sqrt(3) across and
        1/2 down from the corner). Returns (samples_per_cell, cols, rows, hundredths of a level)."""
        r = self.board.corner_radius()
        xs = [self.board.centre(c)[0] for c in self.board.block(0, 0, self.board.cols - 1, 0)]
        width = max(xs) - min(xs) + 2 * r[0]
        height = self.board.rows + (0.5 if self.board.cols > 1 else 0)
        cols = int(math.ceil(width * samples_per_cell)) + 1
        rows = int(math.ceil(height * samples_per_cell)) + 1
        values = []
        for j in range(rows):
            for i in range(cols):
                x = (i / samples_per_cell - r[0]) * self.yards
                y = (j / samples_per_cell - r[1]) * self.yards
                level = max(-0.45, (self.height_at(x, y) - self.datum) / self.interval)
                values.append(int(round(level * 100)))
        return samples_per_cell, cols, rows, values

    def write_dem(self, path, lon, lat, pixel_m=10.0, margin_yards=300):
        """Writes the landforms as a terrain model: an ASCII grid of heights in metres (path, with a
        .prj beside it) in a local azimuthal equidistant projection centred on (lon, lat), where
        the map's centre lies when placed there north-up. It is generated from the landforms above,
        not measured: a stand-in for a USGS terrain model, to show and check the import."""
        m_per_yard = 0.9144
        xs, ys = [], []
        for c in self.board.block(0, 0, self.board.cols - 1, self.board.rows - 1):
            x, y = self.board.centre(c)
            xs.append(x)
            ys.append(y)
        # The map picture's middle, in yards: its corners reach as far past the outer centres on
        # each side, so it is the centres' middle.
        r = self.board.corner_radius()
        mid_x = (min(xs) + max(xs)) / 2 * self.yards
        mid_y = (min(ys) + max(ys)) / 2 * self.yards
        half_w = ((max(xs) - min(xs)) / 2 + r[0]) * self.yards + margin_yards
        half_h = ((max(ys) - min(ys)) / 2 + r[1]) * self.yards + margin_yards
        cols = int(math.ceil(2 * half_w * m_per_yard / pixel_m))
        rows = int(math.ceil(2 * half_h * m_per_yard / pixel_m))
        west, south = -cols * pixel_m / 2, -rows * pixel_m / 2
        lines = ["ncols %d" % cols, "nrows %d" % rows, "xllcorner %.3f" % west, "yllcorner %.3f" % south,
                 "cellsize %.3f" % pixel_m, "NODATA_value -9999"]
        for j in range(rows):
            north = south + (rows - j - 0.5) * pixel_m
            row = []
            for i in range(cols):
                east = west + (i + 0.5) * pixel_m
                feet = self.height_at(mid_x + east / m_per_yard, mid_y - north / m_per_yard)
                row.append("%.2f" % (feet * 0.3048))
            lines.append(" ".join(row))
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")
        prj = ('PROJCS["Sandtable_local",GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",'
               '6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],'
               'PROJECTION["Azimuthal_Equidistant"],PARAMETER["False_Easting",0.0],PARAMETER["False_Northing",0.0],'
               'PARAMETER["Central_Meridian",%.8f],PARAMETER["Latitude_Of_Origin",%.8f],UNIT["Meter",1.0]]' % (lon, lat))
        with open(os.path.splitext(path)[0] + ".prj", "w") as f:
            f.write(prj)


class FlatHexBoard(Board):
    """Flat-top hexes, odd columns shifted down (Sandtable's hex-flat, parity odd)."""
    sides = 6
    DIRS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    half_side = 0.5 / math.sqrt(3)  # with neighbouring centres one unit apart

    @staticmethod
    def corner_radius():
        """How far a cell's corners reach from its centre, across and down."""
        return 1 / math.sqrt(3), 0.5

    @staticmethod
    def centre(c):
        """The cell's centre, in units of the distance between neighbouring centres."""
        return c[0] * math.sqrt(3) / 2, c[1] + 0.5 * (c[0] & 1)

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
    half_side = 0.5

    @staticmethod
    def corner_radius():
        return 0.5, 0.5

    @staticmethod
    def centre(c):
        return float(c[0]), float(c[1])

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


def _info_xml(w, info, also=None):
    # When the turns fall: the first turn's time, the night turns and the time after a night.
    clock = "".join(' %s=%s' % (attr, quoteattr(info[key])) for attr, key in
                    (("start-time", "startTime"), ("night-turns", "nightTurns"), ("dawn", "dawn")) if info.get(key))
    w('<info title=%s date=%s place=%s theatre=%s turn-minutes="%d" turns="%d"%s first-player=%s ruleset=%s%s>' % (
        quoteattr(info["title"]), quoteattr(info["date"]), quoteattr(info["place"]), quoteattr(info["theatre"]),
        info["turnMinutes"], info["turns"], clock, quoteattr(info["firstPlayer"]), quoteattr(info["ruleset"]), ' also-rulesets=%s' % quoteattr(also) if also else ""))
    w('<side id="union" name="Union"/><side id="confederate" name="Confederate"/>')
    w('<setup-notes>%s</setup-notes>' % escape(info["setup"]))
    w('<special-rules>%s</special-rules>' % escape(info["special"]))
    w('<objectives side="union">%s</objectives>' % escape(info["objectives_union"]))
    w('<objectives side="confederate">%s</objectives>' % escape(info["objectives_cs"]))
    w('<victory-conditions>%s</victory-conditions>' % escape(info["victory"]))
    w('</info>')


def _start_xml(w, board, place, reinf, events, exclusions, forces=None, strengths=None):
    """A scenario's start: forces taking part (headquarters ids; None for all), deployment (strengths:
    {piece: (stands, men)} at the start, for units below full strength), events and exclusions."""
    strengths = strengths or {}
    def now(piece):
        if piece not in strengths:
            return ""
        stands, men = strengths[piece]
        return ' stands="%d" strength="%d"' % (stands, men)
    if forces:
        w('<forces>')
        for hid in forces:
            w('<force headquarters="%d"/>' % hid)
        w('</forces>')
    w('<deployment>')
    occupied = {}
    for piece, (cells, facing) in place.items():
        for c in cells:
            assert board.on_map(c), (piece, c)
            if piece.startswith("unit:"):
                assert c not in occupied, ("two units in", board.label(c), piece, occupied.get(c))
                occupied[c] = piece
        f = ' facing="%s"' % facing if facing else ""
        w('<place piece="%s" cells="%s"%s%s/>' % (piece, " ".join(board.label(c) for c in cells), f, now(piece)))
    for piece, (turn, entry, note) in reinf.items():
        w('<reinforcement piece="%s" turn="%d" entry="%s"%s>%s</reinforcement>' % (piece, turn, board.label(entry), now(piece), escape(note)))
    w('</deployment>')
    w('<events>')
    for roll, text in events.items():
        w('<event roll="%d">%s</event>' % (roll, escape(text)))
    w('</events>')
    if exclusions:
        w('<exclusions>')
        for rule, pieces, comment in exclusions:
            w('<exclusion rule="%s" pieces="%s">%s</exclusion>' % (rule, pieces, escape(comment)))
        w('</exclusions>')


def write_scenario(d, board, grid="hex-flat", yards=400, also=None, exclusions=(), roster=False, contour_ft=20, geo=None,
                   scenarios=None, surface=None, base_ft=None):
    """Prints the scenario described by the build script's globals d (INFO, TERRAIN, terrain,
    elevation, hexsides, PATHS, FEATURES, HQ, UNITS, TRAINS, PLACE, REINF, EVENTS) as Sandtable XML.
    also: other rulesets the scenario declares; exclusions: (rule, pieces, comment) accepted findings;
    roster: number each unit by its id, for rulesets with a numbered roster; geo: (longitude,
    latitude) of the map's centre, north up, to place it on the Earth; surface: a Relief's surface(),
    the ground's heights kept with the map as an elevation import keeps a terrain model's; base_ft:
    the height of level 0 above the sea, as the import keeps it.
    scenarios: a battle of several scenarios (format-version 2): a list of dicts, each with INFO,
    PLACE, REINF, EVENTS and optionally forces, strengths and exclusions; d's own INFO, PLACE, REINF
    and EVENTS are then not written."""
    o = []
    w = o.append
    w('<?xml version="1.0" encoding="UTF-8"?>')
    if scenarios:
        w('<battle format-version="2">')
    else:
        w('<scenario format-version="1">')
        _info_xml(w, d["INFO"], also)
    w('<map grid="%s" parity="odd" cols="%d" rows="%d" label-base="1" yards-per-cell="%d" feet-per-contour="%d"%s>' % (
        grid, board.cols, board.rows, yards, contour_ft, ' base-feet="%d"' % base_ft if base_ft is not None else ""))
    w('<terrain-types>')
    for key, name, cls, cover, blocks, colour, symbol in d["TERRAIN"]:
        w('<terrain key=%s name=%s class="%s" cover="%s" blocks-sight="%s" colour="%s"%s/>' % (
            quoteattr(key), quoteattr(name), cls, cover, "true" if blocks else "false", colour,
            ' symbol="%s"' % symbol if symbol != "none" else ""))
    w('</terrain-types>')
    if geo:
        w('<geo crs="EPSG:4326" anchor="centre" x="%.6f" y="%.6f" rotation="0"/>' % geo)
    w('<terrain encoding="csv">' + ",".join(str(v) for row in d["terrain"] for v in row) + '</terrain>')
    w('<elevation encoding="csv">' + ",".join(str(v) for row in d["elevation"] for v in row) + '</elevation>')
    if surface:
        spc, _, _, values = surface
        w('<surface samples-per-cell="%d" encoding="csv">' % spc + ",".join(str(v) for v in values) + '</surface>')
    for kind, name, cells in d["PATHS"]:
        for e in board.crossed_sides(cells):
            water = d["hexsides"].get(e, {}).get("features", "")
            assert not ("river" in water or "stream" in water) or d["hexsides"][e]["crossing"], (
                "%s crosses water between %s and %s with no ford or bridge" % (name, board.label(e[0]), board.label(board.neighbor(*e))))
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
    if scenarios:
        for sc in scenarios:
            w('<scenario>')
            _info_xml(w, sc["INFO"], sc.get("also", also))
            _start_xml(w, board, sc["PLACE"], sc["REINF"], sc["EVENTS"], sc.get("exclusions", exclusions),
                       sc.get("forces"), sc.get("strengths"))
            w('</scenario>')
        w('</battle>')
    else:
        _start_xml(w, board, d["PLACE"], d["REINF"], d["EVENTS"], exclusions)
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
