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
from burgle.pictures.metrics import text_height, text_width
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
# Darker shades for words and for what words sit on: WCAG AA wants 4.5:1 for text, and
# GREY (4.0:1 on white), VERMILLION (3.9:1 with white) and GREEN (3.4:1 with white) fall
# short. They stay for lines and shapes (3:1 is enough there). tests/test_pictures_contrast.py
INK_GREY = "#666666"  # 5.7:1 on white
DEEP_VERMILLION = "#B34D00"  # 5.3:1 with white
DEEP_GREEN = "#00795A"  # 5.4:1 with white

HALO_PT = 2.4  # the halo's stroke width
HALO_ROLES = ("tile_label", "alarm_distance")  # text on the bare tile: a paper-coloured halo keeps it
# readable where a route line passes under it
GAP = 0.75  # between floor panels
LEFT = 0.38  # room for the row numbers
RIGHT = 0.12
UNIT_INCH = 0.9  # one cell, in inches
PT_PER_UNIT = 72 * UNIT_INCH  # points per cell: font sizes and line widths are in points
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
    group: str = ""  # the marker it belongs to ("1B2:alarm"); markers of a cell never overlap
    cell: str = ""  # a cell's own tile ("1B2"): the SVG marks it ``data-cell`` for clickable boards


class Poly(NamedTuple):
    points: tuple
    face: str
    edge: str
    lw: float
    z: int
    role: str
    ls: str = "-"
    group: str = ""


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
    group: str = ""


class Path(NamedTuple):
    points: tuple
    color: str
    lw: float
    z: int
    role: str
    ls: str = "-"
    alpha: float = 1.0
    group: str = ""


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
    group: str = ""


class Layout(NamedTuple):
    xmin: float
    ymin: float
    xmax: float
    ymax: float
    items: tuple
    alt_text: str
    title: str
    untitled: str = "Burgle Bros. board"  # the SVG's <title> when the picture has none (in the scene's language)

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
    out = [Box(cx - side / 2, cy - side / 2, side, side, VERMILLION, BLACK, 1.0, 8, role, round=0.04)]
    step = side * 0.27
    for px, py in PIPS.get(speed, ()):
        out.append(Dot(cx + px * step, cy + py * step, side * 0.075, WHITE, WHITE, 0.0, 9, role + "_pip"))
    return out


def guard_items(cx, cy, r=0.15):
    return [
        Poly(((cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)), BLACK, WHITE, 1.2, 14, "guard"),
        Label(cx, cy + 0.005, "G", 8.5 * r / 0.15, WHITE, 15, "guard", bold=True),
    ]


def alarm_items(cx, cy, pending=False, scale=1.0):
    return [
        Poly(_triangle_up(cx, cy, 0.27 * scale, 0.24 * scale), YELLOW, BLACK, 1.0, 8, "alarm",
             ls="--" if pending else "-"),
        Label(cx, cy + 0.045 * scale, "!", 8 * scale, BLACK, 9, "alarm", bold=True),
    ]


def character_items(cx, cy, label, stealth, active, scale=1.0):
    out = []
    r = 0.1 * scale
    if active:
        out.append(Dot(cx, cy, 0.13 * scale, "none", ORANGE, 2.2 * scale, 10, "active"))
    out.append(Dot(cx, cy, r, BLUE, WHITE, 1.0, 11, "character"))
    out.append(Label(cx, cy + 0.005, label, (7.5 if len(label) == 1 else 6.2) * scale, WHITE, 12, "character",
                     bold=True))
    if stealth is not None:
        sx, sy = cx + 0.105 * scale, cy - 0.09 * scale
        out.append(Dot(sx, sy, 0.058 * scale, WHITE, BLUE, 1.0, 12, "stealth"))
        out.append(Label(sx, sy + 0.004, str(stealth), 5.8 * scale, BLACK, 13, "stealth", bold=True))
    return out


def badge_items(cx, cy, text, stop=False, unknown=False, scale=1.0):
    if stop:
        return [Poly(_regular(cx, cy, 0.135 * scale, 8, 22.5), DEEP_VERMILLION, BLACK, 1.0, 12, "stop"),
                Label(cx, cy + 0.005, text, 7.2 * scale, WHITE, 13, "badge", bold=True)]
    # the last known step of an unfinished move: dashed ring, "n?" (the rest is unknown)
    if unknown:
        text += "?"
    r = (0.1 if len(text) == 1 else 0.125) * scale
    return [Dot(cx, cy, r, WHITE, VERMILLION, 1.8, 12, "unknown" if unknown else "badge_ring",
                ls="--" if unknown else "-"),
            Label(cx, cy + 0.005, text, (7 if len(text) < 3 else 5.8) * scale, BLACK, 13, "badge", bold=True)]


CHIP_STYLE = {  # kind -> (face, edge, text colour)
    "hack": (DEEP_GREEN, DEEP_GREEN, WHITE),
    "cracked": (DEEP_GREEN, DEEP_GREEN, WHITE),
    "downstairs": (SKY, BLACK, BLACK),
    "thermal": (ORANGE, BLACK, BLACK),
    "safe_dice": (WHITE, BLACK, BLACK),
}
CHIP_PT = 5.8  # chip text size


def _text_w(text: str, size: float, bold: bool = False) -> float:
    """Width of a label in board units (DejaVu Sans advance widths)."""
    return text_width(text, size, bold) / PT_PER_UNIT


def chip_items(cx, cy, mark, scale=1.0):
    """A token on a tile: a rounded box with a short text, centred on (cx, cy)."""
    face, edge, ink = CHIP_STYLE.get(mark.kind, (WHITE, GREY, BLACK))
    bold = mark.kind in ("cracked", "downstairs")
    size = CHIP_PT * scale
    w = _text_w(mark.label, size, bold) + 0.05 * scale
    h = 0.14 * scale
    return [
        Box(cx - w / 2, cy - h / 2, w, h, face, edge, 0.8, 12, "chip", round=0.035 * scale),
        Label(cx, cy + 0.003, mark.label, size, ink, 13, "mark", bold=bold),
    ]


def tag_items(cx, cy, text, role, ink, edge, scale=1.0, size=5.8, lw=1.2):
    """A short text in a white rounded box ("sees H", a caller's note), centred on (cx, cy)."""
    size *= scale
    w = _text_w(text, size, True) + 0.06 * scale
    h = 0.14 * scale
    return [Box(cx - w / 2, cy - h / 2, w, h, WHITE, edge, lw, 12, role, round=0.03),
            Label(cx, cy + 0.003, text, size, ink, 13, role, bold=True)]


# ----------------------------------------------------------------------------- bounding boxes


def bbox(item) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of what *item* paints, in board units, strokes included; a
    label's box is its advance width by its line height (DejaVu Sans metrics)."""
    if isinstance(item, Label):
        w = _text_w(item.text, item.size, item.bold)
        h = text_height(item.size) / PT_PER_UNIT
        x0 = {"left": item.x, "center": item.x - w / 2, "right": item.x - w}[item.ha]
        y0 = {"center": item.y - h / 2, "top": item.y, "bottom": item.y - h, "baseline": item.y - 0.8 * h}[item.va]
        halo = HALO_PT / 2 / PT_PER_UNIT if item.role in HALO_ROLES else 0.0
        return (x0 - halo, y0 - halo, x0 + w + halo, y0 + h + halo)
    pad = getattr(item, "lw", 0) / 2 / PT_PER_UNIT
    if isinstance(item, Box):
        return (item.x - pad, item.y - pad, item.x + item.w + pad, item.y + item.h + pad)
    if isinstance(item, Dot):
        return (item.x - item.r - pad, item.y - item.r - pad, item.x + item.r + pad, item.y + item.r + pad)
    xs = [p[0] for p in item.points]
    ys = [p[1] for p in item.points]
    if isinstance(item, Poly):  # a mitred corner reaches further than half the line width
        pad *= 2
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def union(boxes) -> tuple[float, float, float, float]:
    boxes = list(boxes)
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def overlap(a, b, gap: float = 0.0) -> bool:
    """Do boxes *a* and *b* overlap (or come closer than *gap*)?"""
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


# ----------------------------------------------------------------------------- the markers of a cell

INSET = 0.04  # walls and the border (4.2 pt) cover this much of each cell's edge
MARKER_GAP = 0.012  # the least room between two markers of a cell
SCALES = (1.0, 0.85, 0.75)  # a marker that fits nowhere is tried smaller, down to 3/4
CENTRE_Y = 0.45  # the guard, his badges and his route lines go through (0.5, CENTRE_Y)
# Rows of slots, top to bottom (cell coordinates: 0..1, y down): the tile's name; the
# guard, his badges, the alarm and the die; a row for notes, "sees H" and tokens; the
# characters; the tokens and the tile's number.
TITLE_Y, MIDDLE_Y, NOTE_Y, CHARACTER_Y, BOTTOM_Y = 0.155, CENTRE_Y, 0.685, 0.8, 0.855
NUMBER_AT = (0.86, 0.86)


def _row(y, start=0.0, end=1.0):
    """Slots along a row: centres at height *y*, the first free one from x=*start*
    towards x=*end*."""
    return [("row", y, start, end)]


def _centre_out(y):
    """Slots along a row at height *y*: the free centre nearest the middle of the cell."""
    return [("out", y, 0.0, 1.0)]


def _at(x, y):
    return ("at", y, x, x)


class Marker(NamedTuple):
    """One marker of a cell, before it is placed: ``make(cx, cy, scale)`` draws it
    centred on (cx, cy); ``slots`` are its candidate places in order of preference
    (cell coordinates: fixed points, or rows searched from one end or from the middle);
    ``words`` say what it shows; a marker that is not ``kept`` may be summarised in the
    cell's "+n" chip when the cell is full."""

    kind: str
    make: object
    slots: list
    words: str = ""
    kept: bool = True


class CellSlots:
    """Places the markers of one cell, by rule: each marker, in a fixed order of
    importance, takes the first of its slots where it stays inside the cell (clear of
    the walls) and keeps :data:`MARKER_GAP` from every marker placed before; a marker
    that fits nowhere is tried smaller (:data:`SCALES`). Each placed item is tagged with
    its marker's ``group`` (``"1B2:alarm"``)."""

    def __init__(self, x: float, y: float, name: str):
        self.x, self.y, self.name = x, y, name
        self.taken: list[tuple[float, float, float, float]] = []
        self.forced: list[str] = []  # kept markers that fit nowhere (never seen in the tests)

    def _free_x(self, box, slot) -> float | None:
        """The centre x of the first free place of *slot* for a marker of relative
        *box*, or None. Along a row, the only places worth trying are the row's start
        and the edges of the spans the markers already placed block."""
        kind, y, start, end = slot
        bx0, by0, bx1, by1 = box
        top, bottom = y + by0, y + by1
        if top < INSET - 1e-9 or bottom > 1 - INSET + 1e-9:
            return None
        lo, hi = INSET - bx0, 1 - INSET - bx1
        g = MARKER_GAP
        blocked = [(t[0] - g - bx1, t[2] + g - bx0) for t in self.taken if top < t[3] + g and t[1] < bottom + g]
        a, b = (start, end) if start <= end else (end, start)
        lo, hi = max(lo, a), min(hi, b)
        if lo > hi + 1e-9:
            return None
        cands = [min(max(start, lo), hi)]
        for u, v in blocked:
            cands += [u, v]
        if kind == "out":
            cands.append(min(max(0.5, lo), hi))
            cands.sort(key=lambda c: abs(c - 0.5))
        else:
            cands.sort(key=lambda c: abs(c - start))
        for cx in cands:
            if lo - 1e-9 <= cx <= hi + 1e-9 and not any(u + 1e-9 < cx < v - 1e-9 for u, v in blocked):
                return cx
        return None

    def place(self, m: Marker, force: bool = False) -> list | None:
        """The items of *m* at its first free slot, or None if none is free (with
        *force*: at its first slot anyway, recorded in ``forced``)."""
        for scale in SCALES:
            box = union(bbox(i) for i in m.make(0.0, 0.0, scale))
            for slot in m.slots:
                cx = self._free_x(box, slot)
                if cx is not None:
                    cy = slot[1]
                    self.taken.append((box[0] + cx, box[1] + cy, box[2] + cx, box[3] + cy))
                    return self._tag(m.make(self.x + cx, self.y + cy, scale), m.kind)
        if not force:
            return None
        self.forced.append(m.kind)
        kind, cy, cx, _end = m.slots[0]
        cx = 0.5 if kind == "out" else cx
        box = union(bbox(i) for i in m.make(0.0, 0.0, SCALES[-1]))
        self.taken.append((box[0] + cx, box[1] + cy, box[2] + cx, box[3] + cy))
        return self._tag(m.make(self.x + cx, self.y + cy, SCALES[-1]), m.kind)

    def _tag(self, items, kind):
        group = f"{self.name}:{kind}"
        return [i._replace(group=group) for i in items]


def pack_cell(x: float, y: float, name: str, markers: list[Marker]) -> list:
    """Lay out *markers* (in order of importance) in the cell at (x, y). When the cell
    is too full, a marker that may be summarised and fits nowhere is left out, and one
    "+n" chip stands for all those left out (what they show stays in the text
    alternative); if even that chip has no room, the last marker shown joins them."""
    if not markers:
        return []
    kept = [m for m in markers if m.kept]
    extra = [m for m in markers if not m.kept]
    dropped: set[int] = set()
    while True:
        pk = CellSlots(x, y, name)
        items: list = []
        for m in kept:
            items += pk.place(m, force=True)
        hidden = []
        for k, m in enumerate(extra):
            got = None if k in dropped else pk.place(m)
            if got is None:
                hidden.append(m)
            else:
                items += got
                last = k
        if not hidden:
            return items
        more = pk.place(_overflow_marker(hidden))
        if more is not None or len(hidden) == len(extra):
            return items + (more or [])
        dropped.add(last)


def _overflow_marker(hidden: list[Marker]) -> Marker:
    from burgle.pictures.scene import Mark

    mark = Mark("more", f"+{len(hidden)}", "; ".join(m.words for m in hidden))
    return Marker("more", lambda cx, cy, s: chip_items(cx, cy, mark, s), _row(BOTTOM_Y, 1.0, 0.0)
                  + _row(NOTE_Y, 1.0, 0.0) + _row(MIDDLE_Y, 1.0, 0.0) + _row(TITLE_Y, 1.0, 0.0), mark.text)


def _label_size(text: str) -> float:
    return 8.2 if len(text) <= 8 else (7.2 if len(text) <= 10 else 6.6)


def _center(x0, c):
    """Where the guard's route passes through cell *c* of the panel starting at *x0*."""
    i = c % N
    return x0 + i % 4 + 0.5, i // 4 + CENTRE_Y


def cell_markers(fs, v, odds: str | None, badges: dict, sightings: dict) -> list[Marker]:
    """The markers of cell *v* (a CellView), in order of importance, with their slots."""
    mid = _row(MIDDLE_Y, 0.2, 0.8)
    note_row = _centre_out(NOTE_Y)
    out: list[Marker] = []
    if v.number is not None:
        text = str(v.number)
        out.append(Marker("number", lambda cx, cy, s, text=text: [
            Dot(cx, cy, 0.085, WHITE, BLACK, 0.8, 7, "number"),
            Label(cx, cy + 0.005, text, 6.8, BLACK, 8, "number", bold=True)], [_at(*NUMBER_AT)]))
    if v.label:
        size = _label_size(v.label)
        out.append(Marker("title", lambda cx, cy, s: [
            Label(cx, cy, v.label, size * s, BLACK, 10, "tile_label", bold=True)],
            _centre_out(TITLE_Y) + _centre_out(0.2)))
    if odds is not None:  # top-left corner if the tile's name leaves room, else lower down
        w = _text_w(odds, 7.2, True) + 0.07
        out.append(Marker("odds", lambda cx, cy, s: [
            Box(cx - w * s / 2, cy - 0.07 * s, w * s, 0.14 * s, WHITE, BLUE, 0.9, 12, "odds", round=0.03),
            Label(cx, cy + 0.003, odds, 7.2 * s, BLACK, 13, "odds", bold=True)],
            [_at(INSET + 0.02 + w / 2, 0.12)] + _row(0.12, 0.0, 1.0) + note_row + _row(0.3, 0.0, 1.0)
            + _row(BOTTOM_Y, 0.0, 1.0) + _row(0.6, 0.0, 1.0)))
    if any(o.kind == "guard" for o in v.occupants):
        out.append(Marker("guard", lambda cx, cy, s: guard_items(cx, cy, 0.15 * s), [_at(0.5, CENTRE_Y)] + mid))
    if v.cell in badges:
        steps, stop, unknown = badges[v.cell]
        out.append(Marker("step", lambda cx, cy, s: badge_items(cx, cy, steps, stop, unknown, s),
                          [_at(0.5, CENTRE_Y), _at(0.8, CENTRE_Y), _at(0.2, CENTRE_Y)] + mid + note_row))
    alarm = next((a for a in fs.alarms if a.cell == v.cell), None)
    if alarm is not None or v.mark("alarm") is not None:
        pending = alarm is not None and alarm.pending
        words = _distance_label(alarm) if alarm is not None else ""
        bold = alarm is not None and alarm.nearest

        def alarm_marker(cx, cy, s):
            out = alarm_items(cx, cy, pending=pending, scale=s)
            if words:
                out.append(Label(cx, cy + 0.19 * s, words, 5.8 * s, BLACK, 9, "alarm_distance", bold=bold))
            return out
        out.append(Marker("alarm", alarm_marker, [_at(0.2, 0.39), _at(0.8, 0.39)] + _row(0.39, 0.2, 0.8)
                          + _row(0.6, 0.2, 0.8)))
    if v.destination and v.die_speed is not None:
        out.append(Marker("die", lambda cx, cy, s: die_items(cx, cy, v.die_speed, side=0.25 * s),
                          [_at(0.8, CENTRE_Y), _at(0.2, CENTRE_Y)] + _row(CENTRE_Y, 0.8, 0.2) + note_row
                          + _row(BOTTOM_Y, 1.0, 0.0)))
    for o in v.occupants:
        if o.kind == "character":
            out.append(Marker(f"character{o.seat}", lambda cx, cy, s, o=o: character_items(
                cx, cy, o.label, o.stealth, o.active, s), _row(CHARACTER_Y, 0.0, 1.0) + _row(CENTRE_Y, 0.0, 1.0)
                + _row(0.65, 0.0, 1.0) + _row(0.3, 0.0, 1.0), f"{o.name} ({o.stealth} Stealth)", kept=False))
    for k, seen in enumerate(sightings.get(v.cell, ())):
        out.append(Marker(f"seen{k}", lambda cx, cy, s, seen=seen: tag_items(cx, cy, seen, "seen", DEEP_VERMILLION,
                                                                               VERMILLION, s),
                          note_row + _centre_out(BOTTOM_Y) + _centre_out(0.3), seen, kept=False))
    if v.note:
        out.append(Marker("note", lambda cx, cy, s: tag_items(cx, cy, v.note, "note", BLACK, PURPLE, s, 6.4, 1.4),
                          note_row + _centre_out(BOTTOM_Y) + _centre_out(0.3), v.note, kept=False))
    for m in v.marks:
        if m.kind != "alarm":
            out.append(Marker(f"chip_{m.kind}", lambda cx, cy, s, m=m: chip_items(cx, cy, m, s),
                              _row(BOTTOM_Y, 1.0, 0.0) + _row(NOTE_Y, 1.0, 0.0) + _row(0.3, 1.0, 0.0)
                              + _row(0.55, 1.0, 0.0) + _row(TITLE_Y, 1.0, 0.0), m.text, kept=False))
    return out


# ----------------------------------------------------------------------------- panels


def _shade(p: float) -> str:
    """Blue over the tile, more opaque for a higher chance (the percentage says the value)."""
    alpha = 0.12 + 0.48 * max(0.0, min(1.0, p))
    return f"{BLUE}{round(alpha * 255):02X}"


def _floor_items(fs, x0: float, n_floors: int = 1) -> list:
    items: list = []
    # header lines (a little larger when several floors share the picture: it is shown smaller)
    ys = (-1.02, -0.7, -0.45)
    small = 7.6 * (1 + 0.1 * (n_floors - 1))
    for k, line in enumerate(fs.header[:3]):
        items.append(Label(x0, ys[k], line, 11 if k == 0 else small, BLACK, 20, "header", ha="left", bold=k != 1))
    # column letters and row numbers
    for col, letter in enumerate("ABCD"):
        items.append(Label(x0 + col + 0.5, -0.15, letter, 7.5, INK_GREY, 20, "coord"))
    for row in range(4):
        items.append(Label(x0 - 0.17, row + 0.5, str(row + 1), 7.5, INK_GREY, 20, "coord"))
    # the guard's route, as the cells need it: step badges and sightings
    r = fs.route
    badges, sightings = {}, {}
    if r is not None:
        last = r.path[-1] if len(r.path) > 1 else None
        for c, text in r.badges:
            is_end = c == last
            badges[c] = (text, is_end and r.stop is not None, is_end and r.stop is None and bool(r.unknown))
        for c, text in r.sightings:
            sightings.setdefault(c, []).append(text)
    # cells: the tile, then its markers
    odds = fs.overlay.labels() if fs.overlay is not None else {}
    for v in fs.cells:
        x, y = x0 + v.col, v.row
        if v.revealed:
            items.append(Box(x, y, 1, 1, PAPER if v.kind else WHITE, "none", 0, 0, "tile", cell=v.name))
        else:
            items.append(Box(x, y, 1, 1, LIGHT, GRID, 0, 0, "face_down", hatch="////", cell=v.name))
        if v.cell in odds:
            items.append(Box(x, y, 1, 1, _shade(float(fs.overlay.values[v.cell])), "none", 0, 1, "odds_shade"))
        items += pack_cell(x, y, v.name, cell_markers(fs, v, odds.get(v.cell), badges, sightings))
    # grid, walls
    for k in range(1, 4):
        items.append(Path(((x0 + k, 0), (x0 + k, 4)), GRID, 0.8, 1, "grid"))
        items.append(Path(((x0, k), (x0 + 4, k)), GRID, 0.8, 1, "grid"))
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
    # the guard's route lines, under the markers (which stay readable on top of them)
    if r is not None:
        pts = lambda cells: tuple(_center(x0, c) for c in cells)  # noqa: E731
        for alt in r.alternatives:
            items.append(Path(pts(alt), GREY, 2.2, 5, "alt_route", ls=":"))
        if len(r.later) > 1:
            items.append(Path(pts(r.later), VERMILLION, 1.6, 5, "later", ls="--"))
            (lx1, ly1), (lx2, ly2) = pts(r.later[-2:])
            items.append(Poly(_arrow_head(lx1, ly1, lx2, ly2, 0.13, at=1 - 0.13 / max(abs(lx2 - lx1), abs(ly2 - ly1))),
                              VERMILLION, VERMILLION, 0.5, 5, "later_head"))
        if len(r.path) > 1:  # a guard who does not move this turn: thinner, lighter (his header says so)
            p = pts(r.path)
            now = r.moves_this_turn or fs.floor is None
            items.append(Path(p, VERMILLION, 3.0 if now else 2.0, 6, "route", alpha=1.0 if now else 0.6))
            for (x1, y1), (x2, y2) in zip(p, p[1:]):
                items.append(Poly(_arrow_head(x1, y1, x2, y2, 0.15, at=0.5 + 0.075), VERMILLION, VERMILLION, 0.5, 6,
                                  "route_head"))
    # highlights
    for c in fs.hl_cells:
        i = c % N
        items.append(Box(x0 + i % 4 + 0.025, i // 4 + 0.025, 0.95, 0.95, "none", PURPLE, 2.6, 16, "highlight",
                         ls="--"))
    for a, b in fs.hl_edges:
        items.append(Path((_center(x0, a), _center(x0, b)), PURPLE, 6.0, 7, "highlight_edge", alpha=0.75))
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
    ("more", "+n: more tokens than fit (all in the text)"),
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
    if scene.legend_texts:  # the legend in the scene's language, overlay included (burgle.i18n.pictures)
        return dict(scene.legend_texts)
    titles = [(f.floor, f.overlay.title) for f in scene.floors if f.overlay is not None]
    if not titles:
        return {}
    if len({t for _, t in titles}) == 1:
        return {"odds": f"shade and %: {titles[0][1]}"}
    return {"odds": "shade and %: " + "; ".join(f"floor {f}: {t}" for f, t in titles)}


def _legend_symbol(kind, sx, cy, die: int = 3) -> list:
    if kind == "guard":
        return guard_items(sx, cy, r=0.14)
    if kind == "die":
        return die_items(sx, cy, die, side=0.22, role="legend_die")
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
        return tag_items(sx, cy, "sees H", "seen", DEEP_VERMILLION, VERMILLION)
    if kind == "face_down":
        return [Box(sx - 0.15, cy - 0.13, 0.3, 0.26, LIGHT, GRID, 0, 0, "face_down", hatch="////")]
    if kind == "odds":
        return [Box(sx - 0.15, cy - 0.13, 0.3, 0.26, _shade(0.5), GRID, 0.6, 1, "odds_shade"),
                Label(sx, cy + 0.003, "%", 6.4, BLACK, 13, "odds", bold=True)]
    if kind in ("downstairs", "cracked"):
        from burgle.pictures.scene import Mark

        label = "\u2193" if kind == "downstairs" else "\u2713"
        return chip_items(sx, cy, Mark(kind, label, kind))
    if kind == "more":
        from burgle.pictures.scene import Mark

        return chip_items(sx, cy, Mark("more", "+2", "more"))
    if kind == "secret_door":
        return [Path(((sx, cy - 0.16), (sx, cy + 0.16)), BLACK, 4.2, 4, "wall"),
                Poly(_arrow_head(sx - 0.2, cy, sx + 0.2, cy, 0.14, at=0.5 + 0.07 / 0.4), GREEN, BLACK, 0.6, 5,
                     "secret_door")]
    return [Box(sx - 0.15, cy - 0.13, 0.3, 0.26, "none", PURPLE, 2.2, 16, "highlight", ls="--")]


def _wide(text: str) -> bool:
    """Text in a script of full-width characters (Japanese): about twice as wide a character."""
    return any(ord(ch) >= 0x2E80 for ch in text)


def legend_items(x, y, width, keys, texts=None, size: float = 7.0, die: int = 3) -> tuple[list, float]:
    """The legend (entries *keys*) in columns from (x, y), its text at *size* points;
    returns its items and height. *texts* overrides entries' wording (key -> text);
    *die*: the face its die shows (the face of the picture's die, when it has one)."""
    texts = {**dict(LEGEND), **(texts or {})}
    k_size = size / 7.0
    ncols = max(2, int(width // (2.9 * k_size)))
    colw = width / ncols
    chars = max(8, int((colw - 0.5) / (CHAR_W * k_size)))
    line = 0.15 * k_size
    items: list = []
    row_top = y
    for start in range(0, len(keys), ncols):
        row = keys[start:start + ncols]
        wrapped = [textwrap.wrap(texts[k], chars // 2 if _wide(texts[k]) else chars) for k in row]
        h = max(0.38, line * max(len(w) for w in wrapped) + 0.2)
        cy = row_top + h / 2
        for k, (kind, lines) in enumerate(zip(row, wrapped)):
            cx = x + k * colw
            sx = cx + 0.18 * k_size
            items += [_scaled(i, sx, cy, k_size)._replace(role="legend_" + i.role) for i in _legend_symbol(kind, sx, cy, die)]
            y0 = cy - line / 2 * (len(lines) - 1)
            for j, text in enumerate(lines):
                items.append(Label(cx + 0.42 * k_size, y0 + line * j, text, size, BLACK, 20, "legend", ha="left"))
        row_top += h
    return items, row_top - y


def _scaled(item, cx: float, cy: float, k: float):
    """*item* scaled by *k* about (*cx*, *cy*): a legend's symbols grow with its text."""
    if k == 1:
        return item
    at = lambda x, y: (cx + (x - cx) * k, cy + (y - cy) * k)  # noqa: E731
    if isinstance(item, Box):
        x, y = at(item.x, item.y)
        return item._replace(x=x, y=y, w=item.w * k, h=item.h * k, round=item.round * k)
    if isinstance(item, Dot):
        x, y = at(item.x, item.y)
        return item._replace(x=x, y=y, r=item.r * k)
    if isinstance(item, (Poly, Path)):
        return item._replace(points=tuple(at(x, y) for x, y in item.points))
    if isinstance(item, Label):
        x, y = at(item.x, item.y)
        return item._replace(x=x, y=y, size=item.size * k)
    return item


def text_size(n_floors: int) -> float:
    """The legend's and caption's text size: a picture of several floors is shown
    smaller, so its text is set larger (7 pt for one floor, 12.6 pt for three: the
    Building view, drawn across a page, keeps its legend at 11 px and more)."""
    return 7.0 * (1 + 0.4 * (n_floors - 1))


# ----------------------------------------------------------------------------- the whole picture


def layout(scene) -> Layout:
    """Place every mark of *scene*; one cell is one unit, y grows downward."""
    items: list = []
    n = len(scene.floors)
    width = n * 4 + (n - 1) * GAP
    top = -1.25
    if scene.title:
        items.append(Label(0, -1.5, scene.title, 9 * (1 + 0.15 * (n - 1)), BLACK, 20, "title", ha="left", bold=True))
        top = -1.75
    for k, fs in enumerate(scene.floors):
        items += _floor_items(fs, k * (4 + GAP), n)
    for a, b in scene.arrows_between:
        fl = [f.floor for f in scene.floors]
        pa = _center(fl.index((a // N) + 1) * (4 + GAP), a)
        pb = _center(fl.index((b // N) + 1) * (4 + GAP), b)
        items += _arrow(pa, pb)
    bottom = 4.2
    keys = legend_keys(scene) if scene.legend else []
    if keys and any(i.group.endswith(":more") for i in items):  # a full cell summarised some markers
        keys.append("more")
    if keys:
        faces = {v.die_speed for f in scene.floors for v in f.cells if v.destination and v.die_speed}
        leg, h = legend_items(0, bottom, width, keys, _legend_texts(scene), size=text_size(n),
                              die=faces.pop() if len(faces) == 1 else 3)  # the legend's die: the board's
        items += leg
        bottom += h + 0.05
    if scene.caption:
        size = text_size(n) + 1
        per_line = max(20, int(width / (CHAR_W * size / 7)))
        lines = []
        for para in scene.caption.splitlines():
            lines += textwrap.wrap(para, per_line) or [""]
        step = 0.24 * size / 8
        for k, line in enumerate(lines):
            items.append(Label(0, bottom + 0.2 + step * k, line, size, BLACK, 20, "caption", ha="left"))
        bottom += step * len(lines) + 0.15
    return Layout(-LEFT, top, width + RIGHT, bottom, tuple(items), scene.alt_text, scene.title,
                  dict(scene.words).get("board", "Burgle Bros. board"))
