"""Where each mark of a scene goes: a flat list of shapes and labels in board units.

:func:`layout` places a :class:`~burgle.pictures.scene.Scene` on a plane where one cell
is one unit (x grows to the right, y grows downward like the printed board). The result
is a :class:`Layout`: plain tuples (boxes, polygons, circles, polylines, labels), each
with a ``role`` saying what it shows ("route", "badge", "stop", "alarm", "wall", ...).
:mod:`burgle.pictures.draw` turns them into matplotlib artists one for one, so tests
can check what is drawn here without matplotlib.

Colours are the Okabe-Ito palette (safe for colour-blind readers), and no meaning rests
on colour alone: every kind of mark also has its own shape, line style or text.
"""

from __future__ import annotations

import math
import textwrap
from typing import NamedTuple

from burgle.geometry.board import CELLS_PER_FLOOR
from burgle.pictures.scene import _distance_label

N = CELLS_PER_FLOOR

# Okabe-Ito
BLACK = "#000000"
ORANGE = "#E69F00"
SKY = "#56B4E9"
GREEN = "#009E73"
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
PURPLE = "#CC79A7"
GREY = "#7F7F7F"
LIGHT = "#E4E4E4"
GRID = "#C8C8C8"
WHITE = "#FFFFFF"
PAPER = "#FFFDF7"

GAP = 0.75  # between floor panels
LEFT = 0.38  # room for the row numbers
RIGHT = 0.12
UNIT_INCH = 0.9  # one cell, in inches
CHAR_W = 0.061  # width of one character at 7 pt, in units (approximate, for wrapping)


class Box(NamedTuple):
    x: float
    y: float
    w: float
    h: float
    face: str
    edge: str
    lw: float
    z: int
    role: str
    ls: str = "-"
    hatch: str = ""
    round: float = 0.0  # corner radius (0: square)


class Poly(NamedTuple):
    points: tuple
    face: str
    edge: str
    lw: float
    z: int
    role: str
    ls: str = "-"


class Dot(NamedTuple):
    x: float
    y: float
    r: float
    face: str
    edge: str
    lw: float
    z: int
    role: str
    ls: str = "-"


class Path(NamedTuple):
    points: tuple
    color: str
    lw: float
    z: int
    role: str
    ls: str = "-"
    alpha: float = 1.0


class Label(NamedTuple):
    x: float
    y: float
    text: str
    size: float
    color: str
    z: int
    role: str
    ha: str = "center"
    va: str = "center"
    bold: bool = False


class Layout(NamedTuple):
    xmin: float
    ymin: float
    xmax: float
    ymax: float
    items: tuple
    alt_text: str
    title: str

    @property
    def width(self) -> float:
        return self.xmax - self.xmin

    @property
    def height(self) -> float:
        return self.ymax - self.ymin

    def of(self, role: str) -> list:
        return [i for i in self.items if i.role == role]

    def texts(self, role: str | None = None) -> list[str]:
        return [i.text for i in self.items if isinstance(i, Label) and (role is None or i.role == role)]


# ----------------------------------------------------------------------------- small shapes


def _regular(cx, cy, r, n, start_deg):
    return tuple(
        (cx + r * math.cos(math.radians(start_deg + 360 * k / n)),
         cy + r * math.sin(math.radians(start_deg + 360 * k / n)))
        for k in range(n)
    )


def _triangle_up(cx, cy, w, h):
    return ((cx - w / 2, cy + h / 2), (cx + w / 2, cy + h / 2), (cx, cy - h / 2))


def _arrow_head(x1, y1, x2, y2, size, at=1.0):
    """A triangle pointing from (x1, y1) to (x2, y2), its tip at fraction *at* of the way."""
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    tx, ty = x1 + dx * at, y1 + dy * at
    bx, by = tx - ux * size, ty - uy * size
    px, py = -uy * size * 0.55, ux * size * 0.55
    return ((tx, ty), (bx + px, by + py), (bx - px, by - py))


PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def die_items(cx, cy, speed, side=0.25, role="die"):
    out = [Box(cx - side / 2, cy - side / 2, side, side, VERMILLION, BLACK, 1.0, 6, role, round=0.04)]
    step = side * 0.27
    for px, py in PIPS.get(speed, ()):
        out.append(Dot(cx + px * step, cy + py * step, side * 0.075, WHITE, WHITE, 0.0, 7, role + "_pip"))
    return out


def guard_items(cx, cy, r=0.17):
    return [
        Poly(((cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)), BLACK, WHITE, 1.2, 14, "guard"),
        Label(cx, cy + 0.005, "G", 8.5, WHITE, 15, "guard", bold=True),
    ]


def alarm_items(cx, cy, pending=False):
    return [
        Poly(_triangle_up(cx, cy, 0.27, 0.24), YELLOW, BLACK, 1.0, 6, "alarm", ls="--" if pending else "-"),
        Label(cx, cy + 0.045, "!", 8, BLACK, 7, "alarm", bold=True),
    ]


def character_items(cx, cy, label, stealth, active):
    out = []
    if active:
        out.append(Dot(cx, cy, 0.145, "none", ORANGE, 2.2, 8, "active"))
    out.append(Dot(cx, cy, 0.11, BLUE, WHITE, 1.0, 9, "character"))
    out.append(Label(cx, cy + 0.005, label, 7.5 if len(label) == 1 else 6.2, WHITE, 10, "character", bold=True))
    if stealth is not None:
        sx, sy = cx + 0.115, cy - 0.095
        out.append(Dot(sx, sy, 0.062, WHITE, BLUE, 1.0, 10, "stealth"))
        out.append(Label(sx, sy + 0.004, str(stealth), 5.8, BLACK, 11, "stealth", bold=True))
    return out


def badge_items(cx, cy, text, stop=False, unknown=False):
    if stop:
        out = [Poly(_regular(cx, cy, 0.135, 8, 22.5), VERMILLION, BLACK, 1.0, 12, "stop"),
               Label(cx, cy + 0.005, text, 7.2, WHITE, 13, "badge", bold=True)]
    else:  # the last known step of an unfinished move: dashed ring, "n?" (the rest is unknown)
        if unknown:
            text += "?"
        r = 0.1 if len(text) == 1 else 0.125
        out = [Dot(cx, cy, r, WHITE, VERMILLION, 1.8, 12, "unknown" if unknown else "badge_ring",
                   ls="--" if unknown else "-"),
               Label(cx, cy + 0.005, text, 7 if len(text) < 3 else 5.8, BLACK, 13, "badge", bold=True)]
    return out


CHIP_STYLE = {  # kind -> (face, edge, text colour)
    "hack": (GREEN, GREEN, WHITE),
    "cracked": (GREEN, GREEN, WHITE),
    "downstairs": (SKY, BLACK, BLACK),
    "thermal": (ORANGE, BLACK, BLACK),
    "safe_dice": (WHITE, BLACK, BLACK),
}


def chip_items(x_right, cy, mark):
    face, edge, ink = CHIP_STYLE.get(mark.kind, (WHITE, GREY, BLACK))
    w = 0.055 * len(mark.label) + 0.07
    x = x_right - w
    return x, [
        Box(x, cy - 0.075, w, 0.15, face, edge, 0.8, 12, "chip", round=0.04),
        Label(x + w / 2, cy + 0.003, mark.label, 5.8, ink, 7, "mark", bold=mark.kind in ("cracked", "downstairs")),
    ]


# ----------------------------------------------------------------------------- panels


def _shade(p: float) -> str:
    """Blue over the tile, more opaque for a higher chance (the percentage says the value)."""
    alpha = 0.12 + 0.48 * max(0.0, min(1.0, p))
    return f"{BLUE}{round(alpha * 255):02X}"


def overlay_items(x, y, p, text):
    """A cell's share of an overlay: the shading, and the percentage in a white box at the
    top-left corner (the tile name moves down a little to make room)."""
    w = 0.078 * len(text) + 0.08
    return [
        Box(x, y, 1, 1, _shade(p), "none", 0, 1, "odds_shade"),
        Box(x + 0.05, y + 0.04, w, 0.14, WHITE, BLUE, 0.9, 12, "odds", round=0.03),
        Label(x + 0.05 + w / 2, y + 0.112, text, 7.2, BLACK, 13, "odds", bold=True),
    ]


def _label_size(text: str) -> float:
    return 8.2 if len(text) <= 8 else (7.2 if len(text) <= 10 else 6.6)


def _center(x0, c):
    i = c % N
    return x0 + i % 4 + 0.5, i // 4 + 0.52


def _floor_items(fs, x0: float) -> list:
    items: list = []
    # header lines
    ys = (-1.02, -0.7, -0.45)
    for k, line in enumerate(fs.header[:3]):
        items.append(Label(x0, ys[k], line, 11 if k == 0 else 7.6, BLACK, 20, "header", ha="left", bold=k != 1))
    # column letters and row numbers
    for col, letter in enumerate("ABCD"):
        items.append(Label(x0 + col + 0.5, -0.15, letter, 7.5, GREY, 20, "coord"))
    for row in range(4):
        items.append(Label(x0 - 0.17, row + 0.5, str(row + 1), 7.5, GREY, 20, "coord"))
    # cells
    odds = fs.overlay.labels() if fs.overlay is not None else {}
    for v in fs.cells:
        x, y = x0 + v.col, v.row
        if v.revealed:
            items.append(Box(x, y, 1, 1, PAPER if v.kind else WHITE, "none", 0, 0, "tile"))
        else:
            items.append(Box(x, y, 1, 1, LIGHT, GRID, 0, 0, "face_down", hatch="////"))
        if v.label:  # a little lower under an overlay's percentage
            items.append(Label(x + 0.5, y + (0.27 if v.cell in odds else 0.19), v.label, _label_size(v.label), BLACK,
                               5, "tile_label", bold=True))
        if v.number is not None:
            items.append(Dot(x + 0.875, y + 0.855, 0.085, WHITE, BLACK, 0.8, 5, "number"))
            items.append(Label(x + 0.875, y + 0.86, str(v.number), 6.8, BLACK, 6, "number", bold=True))
        alarm = v.mark("alarm")
        if alarm is not None:
            items += alarm_items(x + 0.22, y + 0.45)
        # bottom row: characters from the left, marks from the right
        cx = x + 0.16
        for o in v.occupants:
            if o.kind == "character":
                items += character_items(cx, y + 0.835, o.label, o.stealth, o.active)
                cx += 0.3
            elif o.kind == "guard":
                items += guard_items(x + 0.5, y + 0.52)
        chips = [m for m in v.marks if m.kind != "alarm"]
        xr = x + (0.77 if v.number is not None else 0.95)
        row = y + 0.84
        width = sum(0.055 * len(m.label) + 0.1 for m in chips)
        if chips and cx > x + 0.16 and xr - width < cx - 0.12:  # no room beside the characters: a row higher
            xr, row = x + 0.95, y + 0.675
        for m in chips:
            xr, chip = chip_items(xr, row, m)
            items += chip
            xr -= 0.03
        if v.destination and v.die_speed is not None:
            items += die_items(x + 0.81, y + 0.5, v.die_speed)
        if v.note:  # a caller's label, in a purple-edged box under the cell's centre
            w = 0.058 * len(v.note) + 0.08
            items.append(Box(x + 0.5 - w / 2, y + 0.595, w, 0.15, WHITE, PURPLE, 1.4, 15, "note", round=0.03))
            items.append(Label(x + 0.5, y + 0.672, v.note, 6.4, BLACK, 16, "note", bold=True))
    # an overlay of per-cell odds (patrol odds, danger map)
    if odds:
        for c, text in odds.items():
            i = c % N
            items += overlay_items(x0 + i % 4, i // 4, float(fs.overlay.values[c]), text)
    # alarm distances
    for a in fs.alarms:
        if a.pending:
            cx, cy = _center(x0, a.cell)
            items += alarm_items(cx - 0.28, cy - 0.07, pending=True)
        cx, cy = _center(x0, a.cell)
        items.append(Label(cx - 0.28, cy + 0.12, _distance_label(a), 5.8, BLACK, 7, "alarm_distance",
                           bold=a.nearest))
    # grid, walls
    segs = []
    for k in range(1, 4):
        segs.append(Path(((x0 + k, 0), (x0 + k, 4)), GRID, 0.8, 1, "grid"))
        segs.append(Path(((x0, k), (x0 + 4, k)), GRID, 0.8, 1, "grid"))
    items += segs
    for a, b in fs.broken_walls:
        items.append(Path(_wall_points(x0, a, b), GREY, 2.0, 3, "broken_wall", ls="--"))
    for a, b in fs.walls:
        items.append(Path(_wall_points(x0, a, b), BLACK, 4.2, 4, "wall"))
    items.append(Box(x0, 0, 4, 4, "none", BLACK, 4.2, 4, "border"))
    # secret-door entries
    for a, b, _kind in fs.links:
        (ax, ay), (bx, by) = _center(x0, a), _center(x0, b)
        items.append(Poly(_arrow_head(ax, ay, bx, by, 0.14, at=0.5 + 0.14 / max(abs(bx - ax), abs(by - ay)) / 2),
                          GREEN, BLACK, 0.6, 5, "secret_door"))
    # the guard's route
    r = fs.route
    if r is not None:
        pts = lambda cells: tuple(_center(x0, c) for c in cells)  # noqa: E731
        for alt in r.alternatives:
            items.append(Path(pts(alt), GREY, 2.2, 9, "alt_route", ls=":"))
        if len(r.later) > 1:
            items.append(Path(pts(r.later), VERMILLION, 1.6, 10, "later", ls="--"))
            (lx1, ly1), (lx2, ly2) = pts(r.later[-2:])
            items.append(Poly(_arrow_head(lx1, ly1, lx2, ly2, 0.13, at=1 - 0.13 / max(abs(lx2 - lx1), abs(ly2 - ly1))),
                              VERMILLION, VERMILLION, 0.5, 10, "later_head"))
        if len(r.path) > 1:  # a guard who does not move this turn: thinner, lighter (his header says so)
            p = pts(r.path)
            items.append(Path(p, VERMILLION, 3.0 if r.moves_this_turn or fs.floor is None else 2.0, 11, "route",
                              alpha=1.0 if r.moves_this_turn or fs.floor is None else 0.6))
            for (x1, y1), (x2, y2) in zip(p, p[1:]):
                items.append(Poly(_arrow_head(x1, y1, x2, y2, 0.15, at=0.5 + 0.075), VERMILLION, VERMILLION, 0.5, 11,
                                  "route_head"))
        last = r.path[-1] if len(r.path) > 1 else None
        for c, text in r.badges:
            cx, cy = _center(x0, c)
            if c == r.guard:
                cx -= 0.2
            is_end = c == last
            items += badge_items(cx, cy, text, stop=is_end and r.stop is not None,
                                 unknown=is_end and r.stop is None and bool(r.unknown))
        for c, text in r.sightings:  # above the step badge: whom he sees there
            cx, cy = _center(x0, c)
            w = 0.052 * len(text) + 0.07
            items.append(Box(cx - w / 2, cy - 0.255, w, 0.14, WHITE, VERMILLION, 1.2, 12, "seen", round=0.03))
            items.append(Label(cx, cy - 0.182, text, 5.8, VERMILLION, 13, "seen", bold=True))
    # highlights
    for c in fs.hl_cells:
        i = c % N
        items.append(Box(x0 + i % 4 + 0.06, i // 4 + 0.06, 0.88, 0.88, "none", PURPLE, 2.6, 16, "highlight", ls="--"))
    for a, b in fs.hl_edges:
        items.append(Path((_center(x0, a), _center(x0, b)), PURPLE, 6.0, 14, "highlight_edge", alpha=0.75))
    for a, b in fs.hl_arrows:
        items += _arrow(_center(x0, a), _center(x0, b))
    return items


def _arrow(p, q, role="highlight_arrow"):
    (x1, y1), (x2, y2) = p, q
    d = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / d, (y2 - y1) / d
    s1 = (x1 + ux * 0.18, y1 + uy * 0.18)
    s2 = (x2 - ux * 0.18, y2 - uy * 0.18)
    return [
        Path((s1, (s2[0] - ux * 0.12, s2[1] - uy * 0.12)), PURPLE, 3.0, 17, role),
        Poly(_arrow_head(s1[0], s1[1], s2[0], s2[1], 0.2), PURPLE, PURPLE, 0.5, 17, role + "_head"),
    ]


def _wall_points(x0, a, b):
    a, b = a % N, b % N
    if b == a + 1:  # side by side: vertical wall on b's left edge
        x, y = x0 + b % 4, b // 4
        return ((x, y), (x, y + 1))
    x, y = x0 + b % 4, b // 4  # stacked: horizontal wall on b's top edge
    return ((x, y), (x + 1, y))


# ----------------------------------------------------------------------------- legend


LEGEND = (  # (key, text), in drawing order
    ("guard", "guard"),
    ("die", "his die: destination, pips = speed"),
    ("badge", "his steps this turn"),
    ("stop", "where he stops"),
    ("unknown", "last known step; then a patrol card or an alarm tie"),
    ("later", "his way on a later move"),
    ("alt", "tied route not taken (clockwise rule)"),
    ("alarm", "alarm, walking steps from the guard"),
    ("pending", "alarm going off at the end of the actions (Thermo)"),
    ("character", "character, Stealth left"),
    ("seen", "he sees a character there: -1 Stealth"),
    ("face_down", "face down"),
    ("downstairs", "downstairs token"),
    ("cracked", "cracked"),
    ("secret_door", "way into a Secret Door"),
    ("highlight", "highlight"),
    ("odds", "shade and %: chance (see below)"),
)


def legend_keys(scene) -> list[str]:
    """The legend entries a scene needs: only marks that appear in it."""
    present = set()
    for fs in scene.floors:
        if fs.guard is not None:
            present.add("guard")
        if fs.die is not None and fs.speed is not None:
            present.add("die")
        r = fs.route
        if r is not None:
            if len(r.path) > 1:
                present.add("badge")
            if r.stop is not None and len(r.path) > 1:
                present.add("stop")
            if r.unknown:
                present.add("unknown")
            if len(r.later) > 1:
                present.add("later")
            if r.alternatives:
                present.add("alt")
            if r.sightings:
                present.add("seen")
        if any(not a.pending for a in fs.alarms):
            present.add("alarm")
        if any(a.pending for a in fs.alarms):
            present.add("pending")
        if fs.hl_cells:
            present.add("highlight")
        if fs.overlay is not None:
            present.add("odds")
        if fs.links:
            present.add("secret_door")
        for v in fs.cells:
            if not v.revealed:
                present.add("face_down")
            if any(o.kind == "character" for o in v.occupants):
                present.add("character")
            for m in v.marks:
                if m.kind in ("downstairs", "cracked"):
                    present.add(m.kind)
    return [k for k, _ in LEGEND if k in present]


def _legend_texts(scene) -> dict[str, str]:
    """The overlay's own wording for its legend entry: what the percentages are chances of."""
    titles = [(f.floor, f.overlay.title) for f in scene.floors if f.overlay is not None]
    if not titles:
        return {}
    if len({t for _, t in titles}) == 1:
        return {"odds": f"shade and %: {titles[0][1]}"}
    return {"odds": "shade and %: " + "; ".join(f"floor {f}: {t}" for f, t in titles)}


def _legend_symbol(kind, sx, cy) -> list:
    if kind == "guard":
        return guard_items(sx, cy, r=0.14)
    if kind == "die":
        return die_items(sx, cy, 3, side=0.22, role="legend_die")
    if kind == "badge":
        return badge_items(sx, cy, "1")
    if kind == "stop":
        return badge_items(sx, cy, "3", stop=True)
    if kind == "unknown":
        return badge_items(sx, cy, "2", unknown=True)
    if kind == "later":
        return [Path(((sx - 0.2, cy), (sx + 0.2, cy)), VERMILLION, 1.6, 10, "later", ls="--")]
    if kind == "alt":
        return [Path(((sx - 0.2, cy), (sx + 0.2, cy)), GREY, 2.2, 9, "alt_route", ls=":")]
    if kind == "alarm":
        return alarm_items(sx, cy)
    if kind == "pending":
        return alarm_items(sx, cy, pending=True)
    if kind == "character":
        return character_items(sx, cy + 0.03, "H", 3, False)
    if kind == "seen":
        return [Box(sx - 0.17, cy - 0.07, 0.34, 0.14, WHITE, VERMILLION, 1.2, 12, "seen", round=0.03),
                Label(sx, cy + 0.003, "sees H", 5.8, VERMILLION, 13, "seen", bold=True)]
    if kind == "face_down":
        return [Box(sx - 0.15, cy - 0.13, 0.3, 0.26, LIGHT, GRID, 0, 0, "face_down", hatch="////")]
    if kind == "odds":
        return [Box(sx - 0.15, cy - 0.13, 0.3, 0.26, _shade(0.5), GRID, 0.6, 1, "odds_shade"),
                Label(sx, cy + 0.003, "%", 6.4, BLACK, 13, "odds", bold=True)]
    if kind in ("downstairs", "cracked"):
        from burgle.pictures.scene import Mark

        label = "\u2193" if kind == "downstairs" else "\u2713"
        return chip_items(sx + 0.08, cy, Mark(kind, label, kind))[1]
    if kind == "secret_door":
        return [Path(((sx, cy - 0.16), (sx, cy + 0.16)), BLACK, 4.2, 4, "wall"),
                Poly(_arrow_head(sx - 0.2, cy, sx + 0.2, cy, 0.14, at=0.5 + 0.07 / 0.4), GREEN, BLACK, 0.6, 5,
                     "secret_door")]
    return [Box(sx - 0.15, cy - 0.13, 0.3, 0.26, "none", PURPLE, 2.2, 16, "highlight", ls="--")]


def legend_items(x, y, width, keys, texts=None) -> tuple[list, float]:
    """The legend (entries *keys*) in columns from (x, y); returns its items and height.
    *texts* overrides entries' wording (key -> text)."""
    texts = {**dict(LEGEND), **(texts or {})}
    ncols = max(2, int(width // 2.9))
    colw = width / ncols
    chars = max(8, int((colw - 0.5) / CHAR_W))
    items: list = []
    row_top = y
    for start in range(0, len(keys), ncols):
        row = keys[start:start + ncols]
        wrapped = [textwrap.wrap(texts[k], chars) for k in row]
        h = max(0.38, 0.15 * max(len(w) for w in wrapped) + 0.2)
        cy = row_top + h / 2
        for k, (kind, lines) in enumerate(zip(row, wrapped)):
            cx = x + k * colw
            items += [i._replace(role="legend_" + i.role) for i in _legend_symbol(kind, cx + 0.18, cy)]
            y0 = cy - 0.075 * (len(lines) - 1)
            for j, line in enumerate(lines):
                items.append(Label(cx + 0.42, y0 + 0.15 * j, line, 7, BLACK, 20, "legend", ha="left"))
        row_top += h
    return items, row_top - y


# ----------------------------------------------------------------------------- the whole picture


def layout(scene) -> Layout:
    """Place every mark of *scene*; one cell is one unit, y grows downward."""
    items: list = []
    n = len(scene.floors)
    width = n * 4 + (n - 1) * GAP
    top = -1.25
    if scene.title:
        items.append(Label(0, -1.5, scene.title, 9, BLACK, 20, "title", ha="left", bold=True))
        top = -1.75
    for k, fs in enumerate(scene.floors):
        items += _floor_items(fs, k * (4 + GAP))
    for a, b in scene.arrows_between:
        fl = [f.floor for f in scene.floors]
        pa = _center(fl.index((a // N) + 1) * (4 + GAP), a)
        pb = _center(fl.index((b // N) + 1) * (4 + GAP), b)
        items += _arrow(pa, pb)
    bottom = 4.2
    keys = legend_keys(scene) if scene.legend else []
    if keys:
        leg, h = legend_items(0, bottom, width, keys, _legend_texts(scene))
        items += leg
        bottom += h + 0.05
    if scene.caption:
        per_line = max(20, int(width / (CHAR_W * 8 / 7)))
        lines = []
        for para in scene.caption.splitlines():
            lines += textwrap.wrap(para, per_line) or [""]
        for k, line in enumerate(lines):
            items.append(Label(0, bottom + 0.2 + 0.24 * k, line, 8, BLACK, 20, "caption", ha="left"))
        bottom += 0.24 * len(lines) + 0.15
    return Layout(-LEFT, top, width + RIGHT, bottom, tuple(items), scene.alt_text, scene.title)
