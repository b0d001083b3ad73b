"""The rules' handle on a game: what every rule function receives as ``g``.

:class:`Rules` holds the current state (``g.s``), the route tables cached per wall set,
what happened so far in the action being resolved (``g.note``), the way to hand a choice
to a seat (``g.ask``) or end the game (``g.game_over``), and how chance is resolved
(seeded or explicit, see :mod:`burgle.engine.draws`). It is not the public API: players,
analysis and apps use :class:`burgle.engine.game.Game`, which owns a ``Rules`` and shares
its reading helpers (``table``, ``neighbours``, ``who``...).
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Generator, Iterable
from functools import lru_cache
from typing import Any, NoReturn

from burgle.data.cards import CHARACTERS, CHARACTER_NAMES, EVENT_BY_KEY, LOOT_BY_KEY, TOOL_BY_KEY
from burgle.data.tiles import TILE_TYPE_BY_KEY
from burgle.engine.actions import Action
from burgle.engine.choice import Choice
from burgle.engine.happenings import Happening
from burgle.engine.state import Character, GameState
from burgle.geometry.board import CELLS_PER_FLOOR, FLOORS, ROOF, cell_name
from burgle.geometry.routing import RouteTable, route_table

N = CELLS_PER_FLOOR

# What a resolution is: a generator that yields Choices, receives the chosen Action and
# returns its result (rule functions are generators because choices come mid-way).
Resolving = Generator[Choice, Action, Any]


def ability_key(name: str) -> str:
    """The snake_case key of an ability name on a card: 'Steady Hands' -> 'steady_hands'."""
    return re.sub(r"[^a-z]+", "_", name.lower()).strip("_")


ABILITY: dict[tuple[str, str], str] = {
    (side.character, side.side): ability_key(side.ability)
    for pair in CHARACTERS.values()
    for side in pair
}


_tuple_new = tuple.__new__  # Rules.note: a Happening made without its NamedTuple constructor
_CELL_NAMES = tuple(cell_name(c) for c in range(FLOORS * N))  # names() of the board's cells, made once


@lru_cache(maxsize=256)
def _floor_cells(f: int, walls: frozenset) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """For floor index *f* with *walls*: each cell's neighbours and cells across a wall, as
    building cells. Shared by all games (like ``route_table``): every new game, copy and
    undone game has its own ``Rules`` caches, which would otherwise rebuild these tuples
    in play, once per floor."""
    layout = route_table(walls).layout
    base = N * f
    return (tuple(tuple(base + i for i in row) for row in layout.neighbours),
            tuple(tuple(base + i for i in row) for row in layout.across_walls))


class GameOver(Exception):
    """Raised inside a resolution when the game ends; the driver stops there."""


class Rules:
    """The state being resolved and the services rule functions use (see module docstring)."""

    __slots__ = ("s", "_current", "_tables", "_nbr_walls", "_nbr_cells", "_wall_cells", "explicit_chance", "_draws",
                 "_forcing", "_forced")

    def __init__(self, state: GameState):
        self.s = state
        self._current: list[Happening] = []  # what the action being resolved did so far
        self._tables: dict[int, tuple[frozenset, RouteTable]] = {}
        # neighbours() per cell, valid while each floor's wall set is the one in _nbr_walls
        self._nbr_walls: list[frozenset | None] = [None] * FLOORS
        self._nbr_cells: list[tuple[int, ...]] = [()] * (FLOORS * N)
        self._wall_cells: list[tuple[int, ...]] = [()] * (FLOORS * N)  # across_wall(), cached with them
        self.explicit_chance = False  # chance events pause as chance nodes (draws.py)
        self._draws: list[Action] = []  # seeded chance outcomes of the action being resolved
        self._forcing = False  # re-running an action: chance outcomes come from _forced
        self._forced: deque[Action] = deque()

    def copy(self, state: GameState) -> "Rules":
        new = Rules(state)
        new._tables = dict(self._tables)
        new._nbr_walls, new._nbr_cells, new._wall_cells = self._nbr_walls[:], self._nbr_cells[:], self._wall_cells[:]
        new.explicit_chance = self.explicit_chance
        return new

    # ------------------------------------------------------------------ resolving
    def note(self, kind: str, rule: str, cell: int | None = None, seat: int | None = None, value: object = None,
             who: str | None = None, tile: str | None = None) -> None:
        """Record what happened, a :class:`Happening` of these fields (returned by
        ``Game.apply``, shown in the log).

        Takes the fields, not a built Happening, and makes the tuple directly: the
        NamedTuple's own constructor, with its keyword handling, cost about 0.25 µs more a
        record, and a random playout notes three or so per action (3% of its time).

        >>> from burgle.engine import Game
        >>> g = Game.new(seed=1, characters=["hawk"])._rules
        >>> g.note("peek", "ACT-2", cell=5, seat=0, value=1, who="Hawk", tile="Atrium (3)")
        >>> g._current[-1] == Happening("peek", "ACT-2", cell=5, seat=0, value=1, who="Hawk", tile="Atrium (3)")
        True
        >>> type(g._current[-1]) is Happening, g._current[-1].text
        (True, 'Hawk peeks at 1B2: Atrium (3).')
        """
        self._current.append(_tuple_new(Happening, (kind, rule, cell, seat, value, who, tile)))

    def ask(self, seat: int, prompt: str, rule: str, options: Iterable[Action]) -> Resolving:
        """Generator: ask *seat* to pick one of *options* (asked only if there is a choice)."""
        options = tuple(options)
        if len(options) == 1:
            return options[0]
        action = yield Choice(seat, prompt, rule, options)
        return action

    def game_over(self, outcome: str, reason: str) -> NoReturn:
        self.s.outcome = outcome
        self.s.outcome_reason = reason
        raise GameOver(reason)

    # ------------------------------------------------------------------ reading
    @property
    def active_character(self) -> Character:
        return self.s.characters[self.s.active]

    def table(self, floor: int) -> RouteTable:
        """The guard route table of *floor* under its current walls (GUARD-8)."""
        walls = self.s.walls[floor - 1]
        t = self._tables.get(floor)
        if t is None or t[0] is not walls:
            t = (walls, route_table(walls))
            self._tables[floor] = t
        return t[1]

    def neighbours(self, cell: int) -> tuple[int, ...]:
        """The cells adjacent to *cell* (same floor, no wall between; CONV-4)."""
        f = cell // N
        if self.s.walls[f] is not self._nbr_walls[f]:  # cached per wall set, like table()
            self._cache_cells(f)
        return self._nbr_cells[cell]

    def across_wall(self, cell: int) -> tuple[int, ...]:
        """The same-floor cells sharing a side with *cell* across a wall piece (a Secret
        Door's one-way wall TILE-16, X-Ray CHAR-5, Dynamite TOOL-5), up, right, down, left."""
        f = cell // N
        if self.s.walls[f] is not self._nbr_walls[f]:
            self._cache_cells(f)
        return self._wall_cells[cell]

    def _cache_cells(self, f: int) -> None:
        """neighbours() and across_wall() of floor index *f* under its current walls."""
        walls = self.s.walls[f]
        base = N * f
        self._nbr_cells[base:base + N], self._wall_cells[base:base + N] = _floor_cells(f, walls)
        self._nbr_walls[f] = walls

    def adjacent(self, a: int, b: int) -> bool:
        if a // N != b // N:
            return False
        return b in self.neighbours(a)

    def characters_at(self, cell: int) -> list[Character]:
        if cell is None:
            return []
        return [c for c in self.s.characters if c.cell == cell and not c.escaped]  # on the board at *cell*

    def has_ability(self, ch: Character, ability: str) -> bool:
        return ABILITY[(ch.name, ch.side)] == ability

    def extra_dice(self, ch: Character) -> int:
        """Dice *ch* rolls beyond the Safe's dice (ACT-11) or the Keypad's attempt count
        (TILE-10): 1 for the basic Peterman's Steady Hands (CHAR-9), else 0."""
        return 1 if ABILITY[(ch.name, ch.side)] == "steady_hands" else 0

    def ability_holder(self, ability: str) -> Character | None:
        for ch in self.s.characters:
            if not ch.escaped and ABILITY[(ch.name, ch.side)] == ability:
                return ch
        return None

    def round_effect_active(self, key: str) -> bool:
        for _, k in self.s.round_effects:
            if k == key:
                return True
        return False

    def who(self, ch: Character) -> str:
        return CHARACTER_NAMES.get(ch.name) or ch.name.title()

    def name(self, cell: int) -> str:
        if cell >= ROOF:
            return "the roof"
        return _CELL_NAMES[cell] if cell >= 0 else cell_name(cell)

    def tile_name(self, cell: int) -> str:
        """The tile's name as the players see it ('face down' while it is)."""
        t = self.s.tiles[cell]
        if not t.revealed:
            return "face down"
        name = TILE_TYPE_BY_KEY[t.kind].name
        return f"{name} ({t.number})" if t.number is not None else name

    @staticmethod
    def card_name(key: str) -> str:
        for table in (TOOL_BY_KEY, LOOT_BY_KEY, EVENT_BY_KEY):
            if key in table:
                return table[key].name
        return key
