"""Claims a lesson step makes beyond happenings and state, and the prose checks behind them.

A careful review found lesson text that the engine never backed: dice it never rolled, a
guard route the tie-break does not take, an action "the game refuses" that it allowed. So a
step may claim, and the checker verifies against the engine:

* ``dice``: what was rolled or what a die shows (``"safe 3B2: 2 1"``, ``"keypad 1C2: 6 4"``,
  ``"stethoscope 3B2: 2 6"``, ``"chihuahua: 6"``, ``"kitty: 2"``, ``"guard 1: 3"``);
* ``routes``: a guard route by the GUARD-9 routing code (``"1A1>1D2: 1A2 1B2 1B1 1C1 1D1 1D2"``),
  a shortest route the tie-break turns down (``"... tied: ..."``), the loop of a tie
  (``"... loop: ..."``) or a character's walk (``"walk 1B3: 1B2 1A2"``); prefix ``after`` or
  ``printed`` to use the walls after the step's action or the scenario's own walls, or
  ``code XXXXX`` for the floor whose layout code (JOB-5) that is (a wall moved elsewhere);
* ``traffic``: a cell's heat, gabob's traffic number with the GUARD-9 route
  (:func:`burgle.analysis.traffic.heat`), on the same walls: ``"1C3: 154"``,
  ``"code 703h2 1C3: 150"``;
* ``refused``: actions the engine must refuse at the step's start, each with the rule id the
  refusal must cite (or ``""`` for any).

And every number in a dice phrase and every route in the prose (text, right, other, wrong,
after) must be vouched for by such a claim, or by what the engine did in the step.

>>> parse_dice("safe 3B2: 2 1")
DiceClaim(source='safe', where=37, faces=(2, 1), text='safe 3B2: 2 1')
>>> parse_route("1A1>1D2 tied: 1A2 1B2 1C2 1C3 1D3 1D2").kind
'tied'
>>> check_traffic(parse_traffic("code 703h1 1C3: 154"), None)
>>> check_traffic(parse_traffic("1C3: 150"), decode("703h1"))
"gabob's heat of 1C3 on these walls is 154"
>>> [c for c, _ in prose_paths("He walked 1A3, 1B3, 1C3 to 1D3 and stopped.")]
[['1A3', '1B3', '1C3', '1D3']]
>>> dice_values("You rolled a 2 and a 1: no 6. The dice now read 2 and 6.")
[2, 1, 2, 6]
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from burgle.geometry.board import (
    CELLS_PER_FLOOR,
    CellError,
    FloorLayout,
    cell_name,
    floor_of,
    index_of,
    orthogonal_neighbours,
    parse_cell,
)
from burgle.geometry.layouts import LayoutError, decode
from burgle.geometry.routing import fork_loop, route_table

N = CELLS_PER_FLOOR

# ---------------------------------------------------------------------------- dice claims

DICE_SOURCES = {  # source -> what follows its name: a cell, a floor number or nothing
    "safe": "cell", "keypad": "cell", "stethoscope": "cell", "chihuahua": None, "kitty": None, "guard": "floor",
}
_DICE_RE = re.compile(r"^\s*([a-z]+)(?:\s+(\S+))?\s*:\s*([1-6](?:\s+[1-6])*)\s*$")


@dataclass(frozen=True)
class DiceClaim:
    source: str  # a key of DICE_SOURCES
    where: int | None  # the cell (safe, keypad, stethoscope) or the floor (guard)
    faces: tuple[int, ...]
    text: str


def parse_dice(text) -> DiceClaim:
    """``"SOURCE [CELL|FLOOR]: FACES"``; raises ValueError naming what is allowed."""
    m = _DICE_RE.match(text) if isinstance(text, str) else None
    forms = "'safe 3B2: 2 1', 'keypad 1C2: 6 4', 'stethoscope 3B2: 2 6', 'chihuahua: 6', 'kitty: 2' or 'guard 1: 3'"
    if not m or m.group(1) not in DICE_SOURCES:
        raise ValueError(f"a 'dice' claim is one of {forms}, not {text!r}")
    source, where, faces = m.group(1), m.group(2), tuple(int(f) for f in m.group(3).split())
    need = DICE_SOURCES[source]
    if need is None and where is not None or need is not None and where is None:
        raise ValueError(f"a 'dice' claim is one of {forms}, not {text!r}")
    if need == "cell":
        where = parse_cell(where)
    elif need == "floor":
        if where not in ("1", "2", "3"):
            raise ValueError(f"'guard' takes a floor 1-3 in the 'dice' claim {text!r}")
        where = int(where)
        if len(faces) != 1:
            raise ValueError(f"a guard's die shows one face, not {len(faces)}, in {text!r}")
    return DiceClaim(source, where, faces, text.strip())


def rolls(happened) -> list[tuple[str, int | None, tuple[int, ...]]]:
    """The dice of the engine's happenings: (source, cell, faces) in order."""
    out = []
    for h in happened:
        if h.kind in ("safe_roll", "keypad_roll"):
            out.append((h.kind.split("_")[0], h.cell, tuple(h.value)))
        elif h.kind == "card" and h.rule in ("LOOT-2", "LOOT-10") and "rolls" in str(h.value):
            out.append(("chihuahua" if h.rule == "LOOT-2" else "kitty", None,
                        tuple(int(d) for d in re.findall(r"\d", str(h.value)))))
        elif h.kind == "card" and h.rule == "TOOL-11":
            m = re.search(r"the dice are \[([\d, ]+)\]", str(h.value))
            if m:
                out.append(("stethoscope", h.cell, tuple(int(d) for d in re.findall(r"\d", m.group(1)))))
    return out


def check_dice(claim: DiceClaim, happened, snapshot: dict) -> str | None:
    """None if the claim holds, else what the engine has instead. Faces compare as a multiset."""
    if claim.source == "guard":
        speed = snapshot["guards"][claim.where - 1]["speed"]
        return None if speed == claim.faces[0] else f"the floor-{claim.where} die shows {speed}"
    got = [r for r in rolls(happened) if r[0] == claim.source and (claim.where is None or r[1] in (claim.where, None))]
    if any(Counter(faces) == Counter(claim.faces) for _, _, faces in got):
        return None
    if not got:
        return f"no {claim.source} dice were rolled in this step"
    return "the engine rolled " + "; ".join(f"{list(f)}" for _, _, f in got)


# Phrases in lesson prose that state a die's value. Each must be vouched for by a 'dice' claim.
_D = r"([1-6])"
_AND = r"(?:(?:,\s*|\s+and\s+)(?:a\s+|an\s+)?[1-6]\b)*"
DICE_PHRASES = [
    re.compile(r"\b(?:rolled|rolls|got)\s+(?:a\s+|an\s+)?" + _D + r"\b(?!\s*(?:dice|die|more|extra|times))" + _AND, re.I),
    re.compile(r"\b(?:a\s+|an\s+)?" + _D + _AND + r"\s+came up\b", re.I),
    re.compile(r"\bdice\s+(?:now\s+)?(?:read|show)\s+" + _D + _AND, re.I),
    re.compile(r"\bdie\s+(?:still\s+|now\s+|already\s+)?shows,?\s+(?:a\s+|an\s+)?" + _D + r"\b", re.I),
    re.compile(r"\b(?:its face|die's face)\s*[(,]\s*" + _D + r"\b", re.I),
    re.compile(r"\bdie of\s+" + _D + r"\b", re.I),
    re.compile(r"\bdice are\s+\[[1-6](?:,\s*[1-6])*\]", re.I),
    re.compile(r"\bA\s+" + _D + r"\s+again\b"),
    re.compile(r"\bdie\s+" + _D + r"\s*\+", re.I),
    re.compile(r"\b" + _D + r"\s+(?:steps?\s+)?for his die\b", re.I),
]


def dice_values(text: str) -> list[int]:
    """The die faces the prose states, in order.

    >>> dice_values("His die shows 4 (it has gone up). Your 1st try rolls 1 die, the 2nd rolls 2 dice.")
    [4]
    """
    found = []
    for pattern in DICE_PHRASES:
        for m in pattern.finditer(text):
            found.append((m.start(), [int(d) for d in re.findall(r"(?<![\w-])[1-6](?![\w-])", m.group(0))]))
    return [v for _, values in sorted(found) for v in values]


# ---------------------------------------------------------------------------- route claims

ROUTE_KINDS = ("route", "tied", "loop", "walk")
WALLS = ("now", "after", "printed")  # or "code XXXXX": the floor of that layout code (JOB-5)
_WALLS_RE = r"(?:(after|printed|code\s+\S+)\s+)?"
_ROUTE_RE = re.compile(
    rf"^\s*{_WALLS_RE}(?:(walk)\s+(\S+)|(\S+?)>(\S+?)(?:\s+(tied|loop))?)\s*:\s*(\S+(?:\s+\S+)*)\s*$")


def _walls_source(text: str | None, claim: str) -> str:
    """'now', 'after', 'printed' or 'code xxxxx' (a valid code, checked here)."""
    if not text:
        return "now"
    if text.startswith("code"):
        code = text.split()[1].lower()
        try:
            decode(code)
        except LayoutError as exc:
            raise ValueError(f"{claim!r}: {exc}") from None
        return f"code {code}"
    return text


def claim_walls(source: str, now, after, printed) -> frozenset:
    """The walls a claim reads: *now*, *after* and *printed* are the floor's walls at the
    step's start, after its action and in the scenario; 'code X' decodes X (JOB-5)."""
    if source.startswith("code "):
        return decode(source[5:])
    return frozenset({"now": now, "after": after, "printed": printed}[source])


@dataclass(frozen=True)
class RouteClaim:
    kind: str  # route (the GUARD-9 winner), tied (a shortest route it turns down), loop, walk
    start: int
    end: int | None  # None for a walk
    cells: tuple[int, ...]  # cells entered (start excluded); for a loop, its cells from the fork
    walls: str  # now (at the step's start), after (after its action), printed (the scenario's)
    text: str

    def sequence(self) -> tuple[int, ...]:
        """The cells a reader may name, in order (a loop's are cyclic)."""
        return self.cells if self.kind == "loop" else (self.start,) + self.cells


def parse_route(text) -> RouteClaim:
    """``"[after|printed] FROM>TO[ tied|loop]: CELLS"`` or ``"[after|printed] walk FROM: CELLS"``."""
    m = _ROUTE_RE.match(text) if isinstance(text, str) else None
    forms = ("'1A1>1D2: 1A2 1B2 ...' (the guard's route), '1A1>1D2 tied: ...', '1A1>1D2 loop: ...' "
             "or 'walk 1B3: 1B2 1A2', optionally after 'after ', 'printed ' or 'code 703h1 '")
    if not m:
        raise ValueError(f"a 'routes' claim is {forms}, not {text!r}")
    walls = _walls_source(m.group(1), text)
    if m.group(2):
        kind, start, end = "walk", parse_cell(m.group(3)), None
    else:
        kind, start, end = m.group(6) or "route", parse_cell(m.group(4)), parse_cell(m.group(5))
        if floor_of(end) != floor_of(start):
            raise ValueError(f"a guard route stays on one floor: {text!r}")
    cells = tuple(parse_cell(c, floor_of(start)) for c in m.group(7).split())
    if any(floor_of(c) != floor_of(start) for c in cells):
        raise ValueError(f"every cell of {text!r} must be on floor {floor_of(start)}")
    return RouteClaim(kind, start, end, cells, walls, text.strip())


def check_route(claim: RouteClaim, walls: frozenset) -> str | None:
    """None if the claim holds on a floor with these walls, else what the routing code says."""
    def names(cells):
        return " ".join(cell_name(c) for c in cells)

    table = route_table(frozenset(walls))
    base = N * (floor_of(claim.start) - 1)
    a = index_of(claim.start)
    if claim.kind == "walk":
        layout = FloorLayout(frozenset(walls))
        path = (claim.start,) + claim.cells
        for x, y in zip(path, path[1:]):
            if not layout.adjacent(index_of(x), index_of(y)):
                return f"{cell_name(x)} and {cell_name(y)} are not adjacent (CONV-4)"
        return None
    b = index_of(claim.end)
    winner = tuple(base + i for i in table.route(a, b))
    if claim.kind == "route":
        return None if claim.cells == winner else f"the guard's route (GUARD-9) is {names(winner)}"
    others = [tuple(base + i for i in r) for r in table.all_shortest_routes(a, b)[1:]]
    if claim.kind == "tied":
        if claim.cells == winner:
            return "that is the route the tie-break chooses, not one it turns down (GUARD-9)"
        if claim.cells in others:
            return None
        return ("not a shortest route; the shortest are " + "; ".join(names(r) for r in [winner] + others))
    loops = [tuple(base + i for i in fork_loop((a,) + table.route(a, b), (a,) + tuple(index_of(c) for c in r)))
             for r in others]
    if claim.cells in loops:
        return None
    if not loops:
        return f"there is only one shortest route from {cell_name(claim.start)} to {cell_name(claim.end)}: no loop"
    return "the loop of the tie (GUARD-9) is " + "; ".join(names(lp) for lp in loops)


# ---------------------------------------------------------------------------- traffic claims

_TRAFFIC_RE = re.compile(rf"^\s*{_WALLS_RE}(\S+)\s*:\s*(\d+)\s*$")


@dataclass(frozen=True)
class TrafficClaim:
    cell: int
    heat: int  # gabob's heat with the GUARD-9 route (burgle.analysis.traffic.heat)
    walls: str  # as RouteClaim.walls
    text: str


def parse_traffic(text) -> TrafficClaim:
    """``"[after|printed|code XXXXX] CELL: HEAT"``."""
    m = _TRAFFIC_RE.match(text) if isinstance(text, str) else None
    if not m:
        raise ValueError(f"a 'traffic' claim is '1C3: 154' (a cell's heat), optionally after 'after ', "
                         f"'printed ' or 'code 703h1 ', not {text!r}")
    return TrafficClaim(parse_cell(m.group(2)), int(m.group(3)), _walls_source(m.group(1), text), text.strip())


def check_traffic(claim: TrafficClaim, walls) -> str | None:
    """None if the cell's heat on these walls (or on the claim's layout code) is as claimed."""
    from burgle.analysis.traffic import heat

    if claim.walls.startswith("code "):
        walls = decode(claim.walls[5:])
    h = heat(frozenset(walls))[index_of(claim.cell)]
    return None if h == claim.heat else f"gabob's heat of {cell_name(claim.cell)} on these walls is {h}"


# ---------------------------------------------------------------------------- routes in prose

_CELL = r"(?:[1-3][A-D][1-4]|(?<![\w-])[A-D][1-4])"
_SEP = r"(?:\s*,\s*(?:then\s+|and\s+(?:then\s+)?|or\s+)?|\s+(?:then|and(?:\s+then)?|or|to)\s+|\s*(?:->|→)\s*)"
_RUN = re.compile(rf"{_CELL}(?:{_SEP}{_CELL})+(?![\w|/])")
_WALL_TEXT = re.compile(r"[1-3]?[A-D][1-4]\s*[|/]\s*[1-3]?[A-D][1-4]")
_BETWEEN = re.compile(rf"\bbetween\s+(?:the\s+)?{_CELL}\s+and\s+{_CELL}", re.I)


def _neighbours(x: str, y: str) -> bool:
    if len(x) == 3 and len(y) == 3 and x[0] != y[0]:
        return False
    i = 4 * (int(x[-1]) - 1) + "ABCD".index(x[-2])
    j = 4 * (int(y[-1]) - 1) + "ABCD".index(y[-2])
    return j in orthogonal_neighbours(i)


def prose_paths(text: str) -> list[tuple[list[str], str]]:
    """Cell sequences the prose names as a way through the building: runs of cells that share a
    side one after another ('1A3, 1B3, 1C3 to 1D3'). A bare pair ('1D2 and 1D3', '1C3 or 1D4'),
    a wall ('C1/C2') and 'between X and Y' are not routes."""
    text = _WALL_TEXT.sub(" WALL ", _BETWEEN.sub(" BETWEEN ", text))
    out = []
    for m in _RUN.finditer(text):
        cells = re.findall(_CELL, m.group(0))
        seps = re.split(_CELL, m.group(0))[1:-1]
        if any(re.search(r"\bor\b", s) for s in seps):
            continue
        if len(cells) == 2 and re.fullmatch(r"\s+and\s+", seps[0]):
            continue
        if all(_neighbours(x, y) for x, y in zip(cells, cells[1:])):
            out.append((cells, m.group(0)))
    return out


def guard_walks(happened, start: dict[int, int | None]) -> list[tuple[int, ...]]:
    """The guards' walks in the engine's happenings, each with the cell it began on."""
    pos = dict(start)
    walks: list[list[int]] = []
    current: dict[int, list[int]] = {}
    for h in happened:
        if h.cell is None or h.cell >= 3 * N:
            continue
        f = floor_of(h.cell)
        if h.kind == "guard_moves":
            current.pop(f, None)
        elif h.kind in ("guard_placed", "guard_teleport"):
            pos[f] = h.cell
            current[f] = [h.cell]
            walks.append(current[f])
        elif h.kind == "guard_step":
            if f not in current:
                current[f] = [pos[f]] if pos.get(f) is not None else []
                walks.append(current[f])
            current[f].append(h.cell)
            pos[f] = h.cell
    return [tuple(w) for w in walks if w]


def vouched(path: list[str], sequences, cyclic=()) -> bool:
    """Is *path* (cell names, floor optional) a contiguous piece of one of the sequences?"""
    def same(name: str, c: int) -> bool:
        return cell_name(c) == name if len(name) == 3 else cell_name(c, with_floor=False) == name

    n = len(path)
    for seq in list(sequences) + [s + s[: n - 1] for s in cyclic]:
        for i in range(len(seq) - n + 1):
            if all(same(path[k], seq[i + k]) for k in range(n)):
                return True
    return False


__all__ = [
    "CellError", "DICE_SOURCES", "DiceClaim", "RouteClaim", "check_dice", "check_route", "dice_values",
    "guard_walks", "parse_dice", "parse_route", "prose_paths", "rolls", "vouched",
]
