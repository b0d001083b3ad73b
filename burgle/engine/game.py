"""The game: one state, the legal actions in it, and applying them.

>>> game = Game.new(seed=1, characters=["hawk", "peterman"])
>>> game.phase
'entrance'
>>> game.apply("entrance 1A1")[0].kind
'reveal'
>>> Action.parse("move 1A2") in game.legal_actions()
True
>>> game.apply("peek 1D4")
Traceback (most recent call last):
...
burgle.engine.errors.IllegalAction: illegal action 'peek 1D4': 1D4 is not adjacent to Hawk's cell 1A1 ...
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from burgle.geometry.board import CELLS_PER_FLOOR, FloorLayout, cell_name, floor_of
from burgle.data.cards import CHARACTERS, CHARACTER_NAMES, EVENT_BY_KEY, LOOT_BY_KEY, TOOL_BY_KEY
from burgle.data.tiles import TILE_TYPE_BY_KEY
from burgle.engine import legal, turns
from burgle.engine.actions import Action
from burgle.engine.errors import IllegalAction
from burgle.engine.happenings import Happening
from burgle.geometry.routing import route_table

N = CELLS_PER_FLOOR


def ability_key(name: str) -> str:
    return re.sub(r"[^a-z]+", "_", name.lower()).strip("_")


ABILITY = {
    (side.character, side.side): ability_key(side.ability)
    for pair in CHARACTERS.values()
    for side in pair
}


@dataclass(frozen=True)
class Choice:
    """A decision the rules hand to a seat in the middle of resolving something."""

    seat: int
    prompt: str
    rule: str
    options: tuple[Action, ...]

    def to_dict(self) -> dict:
        return {"seat": self.seat, "prompt": self.prompt, "rule": self.rule,
                "options": [str(o) for o in self.options]}


class GameOver(Exception):
    """Raised inside a resolution when the game ends; the driver stops there."""


class Game:
    """A game of The Bank Job. Build one with :meth:`new` or :meth:`from_scenario`."""

    def __init__(self, state, origin: dict):
        from burgle.engine import cards  # the card effects; imported late to keep layers one-way

        self.s = state
        self.origin = origin  # how this game was built: replaying the log from it rebuilds it
        self.cards = cards
        self.log: list[Action] = []
        self.happenings: list[list[Happening]] = []
        self._current: list[Happening] = []
        self._resolution = None
        self._choice: Choice | None = None
        self._legal: list[Action] | None = None
        self._tables = {}
        self._nbrs = {}  # floor -> (walls, per index: neighbour cells), see neighbours()

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, seed: int, characters=None, players: int | None = None, sides=None,
            first_seat: int = 0) -> "Game":
        """A new game set up by SETUP-1..11 (see :mod:`burgle.engine.setup`)."""
        from burgle.engine.setup import new_game

        return new_game(cls, seed, characters=characters, players=players, sides=sides, first_seat=first_seat)

    @classmethod
    def from_scenario(cls, scenario, *, paths: bool = True) -> "Game":
        """A game starting from a scenario document or file (see docs/scenario-format.md).
        ``paths=False``: data only, text is never taken for a file name."""
        from burgle.engine.scenario import game_from_scenario

        return game_from_scenario(cls, scenario, paths=paths)

    # ------------------------------------------------------------------ reading
    @property
    def phase(self) -> str:
        return self.s.phase

    @property
    def active_character(self):
        return self.s.characters[self.s.active]

    @property
    def pending(self) -> Choice | None:
        """The open choice, if the rules are waiting for a seat to decide."""
        return self._choice

    @property
    def seat_to_act(self) -> int:
        return self._choice.seat if self._choice else self.s.active

    @property
    def is_over(self) -> bool:
        return self.s.outcome is not None

    @property
    def outcome(self) -> str | None:
        return self.s.outcome

    @property
    def actions_left(self) -> int:
        return self.s.allowance - self.s.spent

    def to_dict(self) -> dict:
        """The whole state as plain data (JSON-able); equal dicts play on identically."""
        return self.s.to_dict()

    def table(self, floor: int):
        """The guard route table of *floor* under its current walls (GUARD-8)."""
        walls = self.s.walls[floor - 1]
        t = self._tables.get(floor)
        if t is None or t[0] is not walls:
            t = (walls, route_table(walls))
            self._tables[floor] = t
        return t[1]

    def neighbours(self, cell: int) -> tuple[int, ...]:
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

    def characters_at(self, cell: int) -> list:
        return [c for c in self.s.characters if c.on_board and c.cell == cell]

    def has_ability(self, ch, ability: str) -> bool:
        return ABILITY[(ch.name, ch.side)] == ability

    def ability_holder(self, ability: str):
        for ch in self.s.characters:
            if not ch.escaped and ABILITY[(ch.name, ch.side)] == ability:
                return ch
        return None

    def round_effect_active(self, key: str) -> bool:
        return any(k == key for _, k in self.s.round_effects)

    def who(self, ch) -> str:
        return CHARACTER_NAMES.get(ch.name) or ch.name.title()

    def name(self, cell: int) -> str:
        return "the roof" if cell >= 3 * N else cell_name(cell)

    def tile_name(self, cell: int) -> str:
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

    # ------------------------------------------------------------------ legality
    def legal_actions(self) -> list[Action]:
        """Exactly the actions that :meth:`apply` accepts now."""
        if self._legal is None:
            if self.s.outcome is not None:
                self._legal = []
            elif self._choice is not None:
                self._legal = list(self._choice.options)
            else:
                self._legal = legal.legal_actions(self)
        return self._legal

    def is_legal(self, action) -> bool:
        try:
            action = Action.parse(action)
        except ValueError:
            return False
        return action in self.legal_actions()

    def check(self, action) -> Action:
        """Parse and check *action*; raise IllegalAction (with the rule id) if it is illegal."""
        action = Action.parse(action)
        if action in self.legal_actions():
            return action
        if self.s.outcome is not None:
            raise IllegalAction(action, f"the game is over ({self.s.outcome}: {self.s.outcome_reason})",
                                "END-7" if self.s.outcome == "won" else "END-8")
        if self._choice is not None:
            c = self._choice
            raise IllegalAction(
                action, f"a choice is pending for seat {c.seat}: {c.prompt} Choose one of: "
                + ", ".join(map(str, c.options)), c.rule)
        reason, rule = legal.why_illegal(self, action)
        raise IllegalAction(action, reason, rule)

    # ------------------------------------------------------------------ acting
    def apply(self, action) -> tuple[Happening, ...]:
        """Apply a legal action (or its text) and return what happened.

        Illegal actions raise :class:`IllegalAction` and change nothing."""
        action = self.check(action)
        self._current = []
        self._legal = None
        if self._resolution is not None:
            gen, sent = self._resolution, action
        else:
            gen, sent = turns.perform(self, action), None
        self._drive(gen, sent)
        self.log.append(action)
        self.happenings.append(self._current)
        return tuple(self._current)

    apply_action = apply

    def _drive(self, gen, sent) -> None:
        try:
            choice = gen.send(sent) if sent is not None else next(gen)
        except StopIteration:
            self._resolution = None
            self._choice = None
            self.s.pending = None
            return
        except GameOver:
            gen.close()
            self._resolution = None
            self._choice = None
            self.s.pending = None
            self.s.phase = "over"
            return
        self._resolution = gen
        self._choice = choice
        self.s.pending = choice.to_dict()

    # ------------------------------------------------------------------ used by rule modules
    def note(self, happening: Happening) -> None:
        self._current.append(happening)

    def ask(self, seat: int, prompt: str, rule: str, options):
        """Generator: ask *seat* to pick one of *options* (asked only if there is a choice)."""
        options = tuple(options)
        if len(options) == 1:
            return options[0]
        action = yield Choice(seat, prompt, rule, options)
        return action

    def game_over(self, outcome: str, reason: str) -> None:
        self.s.outcome = outcome
        self.s.outcome_reason = reason
        raise GameOver(reason)

    # ------------------------------------------------------------------ history
    def replay(self, upto: int | None = None) -> "Game":
        """A new game rebuilt from this game's origin and the first *upto* logged actions."""
        from burgle.engine.saves import rebuild

        return rebuild(self.origin, self.log[:upto] if upto is not None else list(self.log))

    def rewind(self, steps: int = 1) -> "Game":
        """The game as it was *steps* actions ago (replay of the log)."""
        if not 0 <= steps <= len(self.log):
            raise ValueError(f"cannot rewind {steps} actions: the log holds {len(self.log)}")
        return self.replay(len(self.log) - steps)

    def copy(self) -> "Game":
        return self.replay()

    def log_text(self) -> str:
        """The action log with what each action did, as readable text."""
        lines = []
        for i, (a, hs) in enumerate(zip(self.log, self.happenings), 1):
            lines.append(f"{i:>4}. {a}")
            lines.extend(f"        {h.text}" for h in hs)
        return "\n".join(lines)

    def save(self) -> dict:
        from burgle.engine.saves import save_document

        return save_document(self)

    @classmethod
    def load(cls, document, *, paths: bool = True) -> "Game":
        """A saved game (a dict, JSON text or a path). ``paths=False``: data only; nothing in
        the document may name a file to read (what a web page must use)."""
        from burgle.engine.saves import load_document

        return load_document(document, paths=paths)

    def _repr_svg_(self) -> str:
        """Jupyter shows the game as a picture of its three floors (burgle.pictures)."""
        from burgle.pictures import render  # lazy: the engine never imports matplotlib itself

        return render(self, fmt="svg")

    def __repr__(self) -> str:
        s = self.s
        if s.outcome:
            return f"<Game {s.outcome}: {s.outcome_reason}; {len(self.log)} actions>"
        who = self.who(self.active_character)
        extra = f", choice pending: {self._choice.prompt}" if self._choice else ""
        return f"<Game turn {s.turn}, {who} (seat {s.active}) to act, {self.actions_left} actions left{extra}>"
