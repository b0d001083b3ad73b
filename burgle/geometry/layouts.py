"""Floor layouts: wall positions, layout codes, validity, enumeration and random walls.

RULES.md JOB-3 (Advanced Wall Layouts: 8 walls per floor on the 24 interior positions, no
cell cut off, random layouts uniform over the valid ones), JOB-5 (layout codes), CONV-3
(wall notation), SETUP-3 and JOB-2 (the printed walls, read from ``burgle/data/jobs.toml``).

A layout is a ``frozenset`` of walls (index pairs, as everywhere in
:mod:`burgle.geometry`), or, inside this module, a *mask*: an int whose bit k is set when
a wall stands at position k of :data:`POSITIONS` (JOB-5's reading order).

>>> code = job_code("bank")
>>> code
'703h1 e0607 81ll0'
>>> layout_text(decode("703h1"))
'A1|B1, C1/C2, C2|D2, A2/A3, B2/B3, D3/D4, A4|B4, B4|C4'
>>> encode(job_walls("office")[1])
'11hu0'
>>> check_layout(parse_layout("A1|B1, A1/A2, C1/C2, C2|D2, B2/B3, D3/D4, A4|B4, B4|C4"))
Traceback (most recent call last):
...
burgle.geometry.layouts.LayoutError: these walls cut off A1 from the other 15 cells; every cell must be reachable (JOB-3)

Random layouts come from the game's one random source (CONV-7): anything with a
``below(n)`` method returning a uniform integer in ``0..n-1``, such as
:class:`burgle.engine.chance.Chance` (the geometry layer does not import the engine).
"""

from __future__ import annotations

import re
from functools import cache
from math import comb

from burgle.data.jobs import Job, get_job
from burgle.data.said import and_list, joined, say, say_n
from burgle.geometry.board import (
    CELLS_PER_FLOOR,
    COLS,
    ROWS,
    CellError,
    Wall,
    index_name,
    parse_wall,
    wall_name,
)

__all__ = [
    "POSITIONS",
    "POSITION_OF",
    "WALLS_PER_FLOOR",
    "VALID_LAYOUTS",
    "LayoutError",
    "mask_of",
    "walls_of",
    "encode",
    "decode",
    "encode_building",
    "decode_building",
    "layout_text",
    "parse_layout",
    "cut_off",
    "check_layout",
    "is_valid_mask",
    "job_walls",
    "job_code",
    "building_walls",
    "all_layouts",
    "random_layout",
    "random_building",
]

N = CELLS_PER_FLOOR
WALLS_PER_FLOOR = 8  # JOB-3, like SETUP-3 and JOB-2
VALID_LAYOUTS = 175_264  # checked by all_layouts() and the tests; quoted by messages and docs
DIGITS = "0123456789abcdefghijklmnopqrstuv"  # base 32, as JavaScript's toString(32) writes it
CODE_LENGTH = 5  # 24 positions in 5-bit digits

POSITIONS: tuple[Wall, ...] = tuple(
    wall
    for r in range(ROWS)
    for wall in (
        [(COLS * r + c, COLS * r + c + 1) for c in range(COLS - 1)]  # the row's side-by-side walls
        + ([(COLS * r + c, COLS * (r + 1) + c) for c in range(COLS)] if r < ROWS - 1 else [])  # walls below it
    )
)
"""The 24 interior wall positions in JOB-5's reading order: 0 is A1|B1, 3 is A1/A2, 23 is C4|D4."""

POSITION_OF: dict[Wall, int] = {w: k for k, w in enumerate(POSITIONS)}
_ALL = (1 << len(POSITIONS)) - 1
_SUBSETS = comb(len(POSITIONS), WALLS_PER_FLOOR)  # 735,471 ways to place 8 walls


class LayoutError(CellError):
    """A layout (JOB-3) or layout code (JOB-5) that cannot be used; the message says why."""


# ----------------------------------------------------------------------------- masks and codes


def mask_of(walls) -> int:
    """The position mask of a wall set (bit k: a wall at ``POSITIONS[k]``)."""
    mask = 0
    for w in walls:
        mask |= 1 << POSITION_OF[tuple(sorted(w))]
    return mask


def walls_of(mask: int) -> frozenset[Wall]:
    """The wall set of a position mask."""
    return frozenset(POSITIONS[k] for k in range(len(POSITIONS)) if mask >> k & 1)


def encode(walls) -> str:
    """A floor's 5-character layout code (JOB-5): its position mask in base 32, last digit
    holding bits 0-4.

    >>> encode(frozenset())
    '00000'
    >>> encode({(0, 1)}), encode({(14, 15)})
    ('00001', '80000')
    """
    mask = walls if isinstance(walls, int) else mask_of(walls)
    return "".join(DIGITS[mask >> (5 * k) & 31] for k in reversed(range(CODE_LENGTH)))


def decode(code: str) -> frozenset[Wall]:
    """The walls of a 5-character layout code (JOB-5); upper case is read as lower case.

    Only the code's form is checked here (:func:`check_layout` checks the layout):

    >>> decode("7w3h1")
    Traceback (most recent call last):
    ...
    burgle.geometry.layouts.LayoutError: layout code '7w3h1': 'w' is not a base-32 digit 0-9 or a-v (JOB-5)
    """
    return walls_of(_decode_mask(code))


def _decode_mask(code: str) -> int:
    if not isinstance(code, str):
        raise LayoutError(say("a layout code is text such as '703h1', not {code}", code=repr(code)))
    text = code.strip().lower()
    if len(text) != CODE_LENGTH:
        raise LayoutError(say("layout code {code} has {n} characters; a floor's code has {length} "
                              "(base-32 digits 0-9 and a-v, such as 703h1; JOB-5)",
                              code=repr(code), n=len(text), length=CODE_LENGTH))
    bad = [ch for ch in text if ch not in DIGITS]
    if bad:
        raise LayoutError(say("layout code {code}: {digit} is not a base-32 digit 0-9 or a-v (JOB-5)",
                              code=repr(code), digit=repr(bad[0])))
    mask = int(text, 32)
    if mask > _ALL:
        raise LayoutError(say("layout code {code} starts with {digit}, which sets a bit for wall position 24 or beyond; "
                              "a floor has 24 interior wall positions (0-23), so the first digit is 0-f: the outer "
                              "border is always walled (CONV-3, JOB-3)", code=repr(code), digit=repr(text[0])))
    return mask


def encode_building(floors) -> str:
    """One code per floor, separated by spaces (JOB-5)."""
    return " ".join(encode(f) for f in floors)


def decode_building(text: str, floors: int | None = None) -> tuple[frozenset[Wall], ...]:
    """The floors of a building code such as ``"703h1 e0607 81ll0"``, each checked by
    :func:`check_layout`; *floors*, if given, is the number of floors the code must have."""
    codes = text.split() if isinstance(text, str) else None
    if not codes:
        raise LayoutError(say("a building code is one 5-character code per floor, such as '190m3 11hu0', not {text}",
                              text=repr(text)))
    if floors is not None and len(codes) != floors:
        raise LayoutError(say("{text} gives {n} floor code(s), but the building has {floors} floors",
                              text=repr(text.strip()), n=len(codes), floors=floors))
    out = []
    for k, c in enumerate(codes, 1):
        try:
            walls = decode(c)
        except LayoutError as exc:
            raise LayoutError(say("floor {floor}: {why}", floor=k, why=exc.args[0]) if len(codes) > 1
                              else exc.args[0]) from None
        out.append(check_layout(walls, floor=k if len(codes) > 1 else None, source=f"code {c!r}"))
    return tuple(out)


# ----------------------------------------------------------------------------- text


def layout_text(walls) -> str:
    """The walls in CONV-3 notation, in reading order (the order the rules print them)."""
    mask = walls if isinstance(walls, int) else mask_of(walls)
    return ", ".join(wall_name(POSITIONS[k]) for k in range(len(POSITIONS)) if mask >> k & 1)


_TOKEN = re.compile(r"^\s*([A-Za-z])(\d+)\s*([|/])\s*([A-Za-z])(\d+)\s*$")


def _border_wall(token: str) -> bool:
    """True for a wall written on the outer border, such as ``D1|E1`` or ``A4/A5``."""
    m = _TOKEN.match(token)
    if not m:
        return False
    c1, r1, sep, c2, r2 = m.group(1).upper(), int(m.group(2)), m.group(3), m.group(4).upper(), int(m.group(5))
    if sep == "|":  # right of column D
        return r1 == r2 and 1 <= r1 <= ROWS and (c1, c2) == ("D", "E")
    return c1 == c2 and c1 in "ABCD" and r2 == r1 + 1 and (r1 == 0 or r2 == ROWS + 1)  # above row 1, below row 4


def parse_layout(text: str) -> frozenset[Wall]:
    """Walls written by hand in CONV-3 notation (``"A1|B1, C1/C2"``, commas or spaces
    between walls); only the writing is checked (:func:`check_layout` checks the layout).

    >>> parse_layout("D1|E1")
    Traceback (most recent call last):
    ...
    burgle.geometry.layouts.LayoutError: wall 'D1|E1' is on the outer border, which is always walled (CONV-3); walls stand between two cells of the floor, on its 24 interior positions (JOB-3)
    """
    if not isinstance(text, str):
        raise LayoutError(say("walls are text such as 'A1|B1, C1/C2', not {text}", text=repr(text)))
    seen: dict[Wall, str] = {}
    for token in (t for t in re.split(r"[,;\s]+", text.strip()) if t):
        if _border_wall(token):
            raise LayoutError(say("wall {wall} is on the outer border, which is always walled (CONV-3); walls stand "
                                    "between two cells of the floor, on its 24 interior positions (JOB-3)",
                                    wall=repr(token)))
        try:
            wall = parse_wall(token)
        except CellError as exc:
            raise LayoutError(exc.args[0]) from None  # its Said, which a page can translate
        if wall in seen:
            raise LayoutError(say("wall {wall} is written twice ({first} and {second})", wall=wall_name(wall),
                                    first=repr(seen[wall]), second=repr(token)))
        seen[wall] = token
    return frozenset(seen)


# ----------------------------------------------------------------------------- validity

# For the flood fill on bit masks: bit i of an "east" mask means the side between cell i
# and cell i+1 is open, of a "south" mask the side between i and i+4.
_EAST_ALL = sum(1 << a for a, b in POSITIONS if b == a + 1)
_SOUTH_ALL = sum(1 << a for a, b in POSITIONS if b == a + COLS)


def _closing_table(chunk: int) -> list[tuple[int, int]]:
    """For each value of byte *chunk* of a position mask: the (east, south) sides its walls close."""
    table = []
    for byte in range(256):
        east = south = 0
        for k in range(8):
            if byte >> k & 1:
                a, b = POSITIONS[8 * chunk + k]
                if b == a + 1:
                    east |= 1 << a
                else:
                    south |= 1 << a
        table.append((east, south))
    return table


_BLOCK = [_closing_table(chunk) for chunk in range(3)]


def _open_sides(mask: int) -> tuple[int, int]:
    b0, b1, b2 = _BLOCK[0][mask & 255], _BLOCK[1][mask >> 8 & 255], _BLOCK[2][mask >> 16 & 255]
    return _EAST_ALL & ~(b0[0] | b1[0] | b2[0]), _SOUTH_ALL & ~(b0[1] | b1[1] | b2[1])


def _reach(east: int, south: int, start: int) -> int:
    """Cells (bit mask) reachable from the cells of *start* through open sides."""
    r = start
    while True:
        n = r | (r & east) << 1 | (r >> 1 & east) | (r & south) << 4 | (r >> 4 & south)
        if n == r:
            return r
        r = n


def is_valid_mask(mask: int) -> bool:
    """True iff the mask has 8 walls and leaves every cell reachable (JOB-3)."""
    if mask.bit_count() != WALLS_PER_FLOOR:
        return False
    east, south = _open_sides(mask)
    return _reach(east, south, 1) == (1 << N) - 1


def cut_off(walls) -> list[tuple[int, ...]]:
    """The pieces the walls cut the floor into, biggest first (ties: the one holding the
    lowest cell first); one piece means nothing is cut off.

    >>> [[index_name(i) for i in p] for p in cut_off(parse_layout("A1|B1, A1/A2"))]
    [['B1', 'C1', 'D1', 'A2', 'B2', 'C2', 'D2', 'A3', 'B3', 'C3', 'D3', 'A4', 'B4', 'C4', 'D4'], ['A1']]
    """
    east, south = _open_sides(mask_of(walls))
    left, pieces = (1 << N) - 1, []
    while left:
        piece = _reach(east, south, left & -left)
        pieces.append(tuple(i for i in range(N) if piece >> i & 1))
        left &= ~piece
    return sorted(pieces, key=lambda p: (-len(p), p[0]))


def check_layout(walls, floor: int | None = None, source: str = "") -> frozenset[Wall]:
    """*walls* as a frozenset if they form a valid layout (JOB-3): exactly 8 interior walls
    and every cell reachable. Otherwise raises :class:`LayoutError` naming the floor (if
    given), the wall count or the cells cut off."""
    walls = frozenset(tuple(sorted(w)) for w in walls)

    def placed(why):  # the reason, after the floor and the source when given (a Said: a page translates it)
        src = (say("(code {code})", code=source[5:]) if source.startswith("code ") else f"({source})") if source else ""
        where = joined(say("floor {floor}", floor=floor) if floor is not None else "", src)
        return say("{where}: {why}", where=where, why=why) if where else why

    stray = [w for w in walls if w not in POSITION_OF]
    if stray:
        raise LayoutError(placed(say("{wall} is not one of the 24 interior wall positions (JOB-3)",
                                     wall=repr(stray[0]))))
    if len(walls) != WALLS_PER_FLOOR:
        raise LayoutError(placed(say_n("{n} wall; a layout has exactly {need} walls per floor (JOB-3)",
                                       "{n} walls; a layout has exactly {need} walls per floor (JOB-3)",
                                       len(walls), need=WALLS_PER_FLOOR)))
    pieces = cut_off(walls)
    if len(pieces) > 1:
        rest = pieces[0]
        cut = [", ".join(index_name(i) for i in p) for p in pieces[1:]]
        raise LayoutError(placed(say("these walls cut off {cells} from the other {n} cells; every cell must be "
                                     "reachable (JOB-3)", cells=and_list(cut) if len(cut) <= 2 else " and ".join(cut),
                                     n=len(rest))))
    return walls


# ----------------------------------------------------------------------------- jobs


@cache
def job_walls(job: str | Job = "bank") -> tuple[frozenset[Wall], ...]:
    """The printed walls of a job (SETUP-3, JOB-2), one wall set per floor, floor 1 first.

    >>> len(job_walls("bank")), len(job_walls("office"))
    (3, 2)
    """
    j = get_job(job)
    return tuple(check_layout(parse_layout(", ".join(floor)), floor=f, source=f"{j.walls_rule}")
                 for f, floor in enumerate(j.walls, 1))


def job_code(job: str | Job = "bank") -> str:
    """The building code of a job's printed walls (JOB-5)."""
    return encode_building(job_walls(job))


def building_walls(walls=None, job: str | Job = "bank", chance=None) -> tuple[frozenset[Wall], ...]:
    """The walls of every floor of a *job*'s building, from any of the forms JOB-3 allows:

    * ``None``: the job's printed walls (SETUP-3, JOB-2);
    * ``"random"``: uniformly random valid layouts drawn from *chance*, floor 1 first;
    * a building code (``"190m3 11hu0"``, one code per floor, JOB-5);
    * hand-written walls in CONV-3 notation, floors separated by ``;``
      (``"A1|B1, C1/C2, ...; D1/D2, ..."``);
    * a list with one entry per floor, each a CONV-3 text, a wall set or a 5-character code.

    Every floor is checked (:func:`check_layout`); errors name the floor.

    >>> building_walls("190m3 11hu0", job="office") == job_walls("office")
    True
    >>> building_walls(["703h1", "A1|B1"], job="office")
    Traceback (most recent call last):
    ...
    burgle.geometry.layouts.LayoutError: floor 2: 1 wall; a layout has exactly 8 walls per floor (JOB-3)
    """
    j = get_job(job)
    if walls is None:
        return job_walls(j)
    if isinstance(walls, str) and walls.strip().lower() == "random":
        if chance is None:
            raise LayoutError("random walls need the game's random source (a seed)")
        return random_building(chance, j.floors)
    if isinstance(walls, str) and re.search(r"[|/]", walls):
        walls = walls.split(";")
        if len(walls) != j.floors:
            raise LayoutError(say("{n} floor(s) of hand-written walls given, but {job} has {floors} floors; "
                                  "separate the floors with ';'", n=len(walls), job=j.name, floors=j.floors))
    elif isinstance(walls, str):
        return decode_building(walls, floors=j.floors)
    floors = list(walls)
    if len(floors) != j.floors:
        raise LayoutError(say("{n} floor layout(s) given, but {job} has {floors} floors", n=len(floors), job=j.name,
                              floors=j.floors))
    out = []
    for f, spec in enumerate(floors, 1):
        try:
            if isinstance(spec, str) and not re.search(r"[|/]", spec) and spec.strip():
                ws = decode(spec)
            elif isinstance(spec, str):
                ws = parse_layout(spec)
            else:
                ws = frozenset(tuple(sorted(w)) for w in spec)
        except LayoutError as exc:
            raise LayoutError(say("floor {floor}: {why}", floor=f, why=exc.args[0])) from None
        out.append(check_layout(ws, floor=f))
    return tuple(out)


# ----------------------------------------------------------------------------- enumeration and chance


@cache
def all_layouts() -> tuple[int, ...]:
    """The masks of all valid layouts of a 4x4 floor (JOB-3), ascending: 175,264 of the
    735,471 ways to place 8 walls on 24 positions.

    >>> len(all_layouts()) == VALID_LAYOUTS
    True
    """
    out = []
    full = (1 << N) - 1
    blocks, east_all, south_all = _BLOCK, _EAST_ALL, _SOUTH_ALL
    mask = (1 << WALLS_PER_FLOOR) - 1
    while mask <= _ALL:
        b0, b1, b2 = blocks[0][mask & 255], blocks[1][mask >> 8 & 255], blocks[2][mask >> 16]
        east = east_all & ~(b0[0] | b1[0] | b2[0])
        south = south_all & ~(b0[1] | b1[1] | b2[1])
        r = 1
        while True:
            n = r | (r & east) << 1 | (r >> 1 & east) | (r & south) << 4 | (r >> 4 & south)
            if n == r:
                break
            r = n
        if r == full:
            out.append(mask)
        low = mask & -mask  # Gosper's hack: the next mask with the same number of bits
        ripple = mask + low
        mask = ripple | ((mask ^ ripple) >> 2) // low
    if len(out) != VALID_LAYOUTS:  # pragma: no cover - a broken flood fill, not bad input
        raise AssertionError(f"{len(out)} valid layouts counted, expected {VALID_LAYOUTS}")
    return tuple(out)


def _unrank(rank: int) -> int:
    """The *rank*-th 8-of-24 position mask in the combinatorial number system (colex)."""
    mask = 0
    for i in range(WALLS_PER_FLOOR, 0, -1):
        c = i - 1
        while comb(c + 1, i) <= rank:
            c += 1
        rank -= comb(c, i)
        mask |= 1 << c
    return mask


def random_layout(chance) -> frozenset[Wall]:
    """A uniformly random valid layout (JOB-3), drawn from *chance* (``below(n)``).

    Rejection: draw one of the 735,471 ways to place 8 walls, each equally likely
    (one ``below`` call), and draw again until no cell is cut off. Every valid layout is
    kept with the same chance, so the result is exactly uniform over the 175,264; about
    4.2 draws are needed on average.
    """
    while True:
        mask = _unrank(chance.below(_SUBSETS))
        if is_valid_mask(mask):
            return walls_of(mask)


def random_building(chance, floors: int) -> tuple[frozenset[Wall], ...]:
    """*floors* independent uniformly random layouts, floor 1 first (JOB-3)."""
    return tuple(random_layout(chance) for _ in range(floors))
