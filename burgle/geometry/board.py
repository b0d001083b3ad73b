"""Cells, walls and floor layouts (RULES.md CONV-2, CONV-3, CONV-4, SETUP-3).

Cells are plain integers, like squares in python-chess: ``cell = 16 * (floor - 1)
+ index`` where ``index = 4 * (row - 1) + column`` (A=0 … D=3). Floors are numbered
1..3, so the building holds cells 0..47.

>>> parse_cell("2C3")
26
>>> cell_name(26)
'2C3'
>>> cell_name(26, with_floor=False)
'C3'
>>> sorted(wall_name(w) for w in parse_walls("A1|B1,C1/C2"))
['A1|B1', 'C1/C2']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from burgle.data.said import say

FLOORS = 3  # the most floors a job has (The Bank Job; The Office Job has 2, JOB-1)
ROWS = 4
COLS = 4
CELLS_PER_FLOOR = ROWS * COLS
ALL_CELLS = range(FLOORS * CELLS_PER_FLOOR)
ROOF = FLOORS * CELLS_PER_FLOOR
"""The roof as a link end (ACT-15, TOOL-12): 48 in every job, past the last cell of any
building (a 2-floor building's cells are 0..31, its roof is still 48; JOB-4)."""
COLUMN_LETTERS = "ABCD"

Wall = tuple[int, int]
"""A wall between two side-sharing cells of one floor, as (index, index) with a < b."""


class CellError(ValueError):
    """A cell or wall written in a way the rules' notation does not allow.

    Its message is a :class:`~burgle.i18n.said.Said` (:func:`say`): the English a developer
    reads, which a page can say in the learner's language."""


def cell(floor: int, index: int) -> int:
    if not 1 <= floor <= FLOORS:
        raise CellError(say("floor {floor} does not exist; floors are 1 to {floors}", floor=floor, floors=FLOORS))
    if not 0 <= index < CELLS_PER_FLOOR:
        raise CellError(say("cell index {index} is outside 0..{last}", index=index, last=CELLS_PER_FLOOR - 1))
    return CELLS_PER_FLOOR * (floor - 1) + index


def floor_of(c: int) -> int:
    return c // CELLS_PER_FLOOR + 1


def index_of(c: int) -> int:
    return c % CELLS_PER_FLOOR


def column_of(index: int) -> int:
    return index % COLS


def row_of(index: int) -> int:
    """Row 0..3 (row 1 printed at the top is 0)."""
    return index // COLS


def index_name(index: int) -> str:
    return f"{COLUMN_LETTERS[index % COLS]}{index // COLS + 1}"


def cell_name(c: int, with_floor: bool = True) -> str:
    name = index_name(index_of(c))
    return f"{floor_of(c)}{name}" if with_floor else name


_CELL_RE = re.compile(r"^\s*([1-3])?([A-Da-d])([1-4])\s*$")


def parse_cell(text: str, floor: int | None = None) -> int:
    """Parse ``2C3`` (or ``C3`` when *floor* is given) into a cell number."""
    m = _CELL_RE.match(text) if isinstance(text, str) else None
    if not m or (m.group(1) is None and floor is None):
        raise CellError(
            say("unknown cell {text}: expected a cell such as 2C3 or C3 (floor 1-3, column A-D, row 1-4)", text=repr(text))
            if floor is not None else
            say("unknown cell {text}: expected a cell such as 2C3 (floor 1-3, column A-D, row 1-4)", text=repr(text)))
    f = int(m.group(1)) if m.group(1) else floor
    assert f is not None  # a floorless cell was refused above
    index = 4 * (int(m.group(3)) - 1) + COLUMN_LETTERS.index(m.group(2).upper())
    return cell(f, index)


def parse_index(text: str) -> int:
    """Parse a floor-less cell name such as ``C3`` into its index 0..15."""
    m = _CELL_RE.match(text) if isinstance(text, str) else None
    if not m or m.group(1) is not None:
        raise CellError(say("unknown cell {text}: expected a cell such as C3 (column A-D, row 1-4)", text=repr(text)))
    return 4 * (int(m.group(3)) - 1) + COLUMN_LETTERS.index(m.group(2).upper())


def orthogonal_neighbours(index: int) -> tuple[int, ...]:
    """Indexes sharing a side with *index*, walls ignored, in the order up, right, down, left."""
    r, c = divmod(index, COLS)
    out = []
    if r > 0:
        out.append(index - COLS)
    if c < COLS - 1:
        out.append(index + 1)
    if r < ROWS - 1:
        out.append(index + COLS)
    if c > 0:
        out.append(index - 1)
    return tuple(out)


def make_wall(a: int, b: int) -> Wall:
    if b not in orthogonal_neighbours(a):
        raise CellError(say("no wall can stand between {a} and {b}: walls lie between two cells sharing a side",
                              a=index_name(a), b=index_name(b)))
    return (a, b) if a < b else (b, a)


def wall_name(wall: Wall) -> str:
    a, b = wall
    sep = "|" if b == a + 1 else "/"
    return f"{index_name(a)}{sep}{index_name(b)}"


_WALL_RE = re.compile(r"^\s*([A-Da-d][1-4])\s*([|/])\s*([A-Da-d][1-4])\s*$")


def parse_wall(text: str) -> Wall:
    """Parse ``A1|B1`` (side by side, left cell first) or ``C1/C2`` (stacked, upper first)."""
    m = _WALL_RE.match(text) if isinstance(text, str) else None
    if not m:
        raise CellError(say("malformed wall {text}: expected A1|B1 (cells side by side) "
                              "or C1/C2 (cells stacked, upper first)", text=repr(text)))
    a, sep, b = parse_index(m.group(1)), m.group(2), parse_index(m.group(3))
    if sep == "|" and not (b == a + 1 and row_of(a) == row_of(b)):
        raise CellError(say("malformed wall {text}: '|' joins a cell and the cell to its right, such as A1|B1",
                              text=repr(text)))
    if sep == "/" and b != a + COLS:
        raise CellError(say("malformed wall {text}: '/' joins a cell and the cell below it, such as C1/C2",
                              text=repr(text)))
    return make_wall(a, b)


def parse_walls(spec: str) -> frozenset[Wall]:
    """Parse a comma- or space-separated wall list such as ``A1|B1,C1/C2``."""
    parts = [p for p in re.split(r"[,\s]+", spec.strip()) if p]
    return frozenset(parse_wall(p) for p in parts)


def walls_spec(walls) -> str:
    return ",".join(wall_name(w) for w in sorted(walls))


@dataclass(frozen=True)
class FloorLayout:
    """The walls of one floor and the adjacency they leave (CONV-4).

    >>> layout = FloorLayout(parse_walls("A1|B1"))
    >>> [index_name(i) for i in layout.neighbours[0]]
    ['A2']
    """

    walls: frozenset[Wall]

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """Per index, adjacent indexes (no wall between) in the order up, right, down, left."""
        return tuple(
            tuple(n for n in orthogonal_neighbours(i) if make_wall(i, n) not in self.walls)
            for i in range(CELLS_PER_FLOOR)
        )

    @cached_property
    def across_walls(self) -> tuple[tuple[int, ...], ...]:
        """Per index, the indexes sharing a side with it across a wall piece, in the order
        up, right, down, left: the orthogonal neighbours that are not adjacent."""
        return tuple(
            tuple(n for n in orthogonal_neighbours(i) if make_wall(i, n) in self.walls)
            for i in range(CELLS_PER_FLOOR)
        )

    def adjacent(self, a: int, b: int) -> bool:
        return b in self.neighbours[a]

    def reachable_from(self, start: int = 0) -> set[int]:
        seen = {start}
        stack = [start]
        while stack:
            for n in self.neighbours[stack.pop()]:
                if n not in seen:
                    seen.add(n)
                    stack.append(n)
        return seen

    def is_connected(self) -> bool:
        return len(self.reachable_from()) == CELLS_PER_FLOOR

    def check_connected(self) -> None:
        """Raise CellError naming an unreachable cell if the walls cut the floor apart."""
        seen = self.reachable_from()
        if len(seen) != CELLS_PER_FLOOR:
            cut = sorted(set(range(CELLS_PER_FLOOR)) - seen)
            raise CellError(say("these walls cut the floor apart: {cells} cannot be reached from A1; every cell "
                                  "must be reachable", cells=", ".join(index_name(i) for i in cut)))

    def without(self, wall: Wall) -> "FloorLayout":
        return FloorLayout(self.walls - {wall})
