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
from typing import Any, NoReturn

from burgle.data.cards import CHARACTERS, CHARACTER_NAMES, EVENT_BY_KEY, LOOT_BY_KEY, TOOL_BY_KEY
from burgle.data.tiles import TILE_TYPE_BY_KEY
from burgle.engine.actions import Action
from burgle.engine.choice import Choice
from burgle.engine.happenings import Happening
from burgle.engine.state import Character, GameState
from burgle.geometry.board import CELLS_PER_FLOOR, ROOF, FloorLayout, cell_name, floor_of
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


class GameOver(Exception):
    """Raised inside a resolution when the game ends; the driver stops there."""


class Rules:
    """The state being resolved and the services rule functions use (see module docstring)."""

    __slots__ = ("s", "_current", "_tables", "_nbrs", "explicit_chance", "_draws", "_forcing", "_forced")

    def __init__(self, state: GameState):
        self.s = state
        self._current: list[Happening] = []  # what the action being resolved did so far
        self._tables: dict[int, tuple[frozenset, RouteTable]] = {}
        self._nbrs: dict[int, tuple[frozenset, tuple[tuple[int, ...], ...]]] = {}
        self.explicit_chance = False  # chance events pause as chance nodes (draws.py)
        self._draws: list[Action] = []  # seeded chance outcomes of the action being resolved
        self._forcing = False  # re-running an action: chance outcomes come from _forced
        self._forced: deque[Action] = deque()

    def copy(self, state: GameState) -> "Rules":
        new = Rules(state)
        new._tables, new._nbrs = dict(self._tables), dict(self._nbrs)
        new.explicit_chance = self.explicit_chance
        return new

    # ------------------------------------------------------------------ resolving
    def note(self, happening: Happening) -> None:
        """Record what happened (returned by ``Game.apply``, shown in the log)."""
        self._current.append(happening)

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
        floor = floor_of(cell)
        walls = self.s.walls[floor - 1]
        t = self._nbrs.get(floor)
        if t is None or t[0] is not walls:  # cached per wall set, like table()
            base = N * (floor - 1)
            t = (walls, tuple(tuple(base + i for i in row) for row in self._layout(floor).neighbours))
            self._nbrs[floor] = t
        return t[1][cell % N]

    def adjacent(self, a: int, b: int) -> bool:
        if a // N != b // N:
            return False
        return b in self.neighbours(a)

    def _layout(self, floor: int) -> FloorLayout:
        return self.table(floor).layout

    def characters_at(self, cell: int) -> list[Character]:
        return [c for c in self.s.characters if c.on_board and c.cell == cell]

    def has_ability(self, ch: Character, ability: str) -> bool:
        return ABILITY[(ch.name, ch.side)] == ability

    def ability_holder(self, ability: str) -> Character | None:
        for ch in self.s.characters:
            if not ch.escaped and ABILITY[(ch.name, ch.side)] == ability:
                return ch
        return None

    def round_effect_active(self, key: str) -> bool:
        return any(k == key for _, k in self.s.round_effects)

    def who(self, ch: Character) -> str:
        return CHARACTER_NAMES.get(ch.name) or ch.name.title()

    def name(self, cell: int) -> str:
        return "the roof" if cell >= ROOF else cell_name(cell)

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
