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
from collections import deque
from dataclasses import dataclass
from fractions import Fraction

from burgle.geometry.board import CELLS_PER_FLOOR, FloorLayout, cell_name, floor_of
from burgle.data.cards import CHARACTERS, CHARACTER_NAMES, EVENT_BY_KEY, LOOT_BY_KEY, TOOL_BY_KEY
from burgle.data.tiles import TILE_TYPE_BY_KEY
from burgle.engine import legal, turns
from burgle.engine.actions import Action
from burgle.engine.chance import Chance
from burgle.engine.choice import CHANCE, Choice
from burgle.engine.errors import IllegalAction, RulesBug
from burgle.engine.happenings import Happening
from burgle.engine.state import GameState
from burgle.engine.view import player_view
from burgle.geometry.routing import route_table

N = CELLS_PER_FLOOR


def ability_key(name: str) -> str:
    return re.sub(r"[^a-z]+", "_", name.lower()).strip("_")


ABILITY = {
    (side.character, side.side): ability_key(side.ability)
    for pair in CHARACTERS.values()
    for side in pair
}


class GameOver(Exception):
    """Raised inside a resolution when the game ends; the driver stops there."""


@dataclass(frozen=True, slots=True)
class Resolution:
    """An action whose resolution waits for a choice, as data: the state before the action
    began (*base*, never changed), the action (None: the start of a turn opened by a
    scenario) and every answer given since. Re-running the action from *base* with these
    answers reaches the same choice again (all chance is in the state), which is how a
    copy or an undone game resumes an open choice."""

    base: GameState
    action: Action | None
    answers: tuple[Action, ...]
    choice: Choice
    draws: tuple[Action, ...] = ()  # outcomes of the seeded chance events on the way (draws.py)


class Game:
    """A game of The Bank Job. Build one with :meth:`new` or :meth:`from_scenario`."""

    def __init__(self, state: GameState, origin: dict):
        from burgle.engine import cards  # the card effects; imported late to keep layers one-way

        self.s = state
        self.origin = origin  # how this game was built: replaying the log from it rebuilds it
        self.cards = cards
        self.log: list[Action] = []
        self.happenings: list[tuple[Happening, ...]] = []
        self._current: list[Happening] = []
        self._pending: Resolution | None = None  # the open choice, as data
        self._gen = None  # the live resolution of _pending, when this game drove it itself
        self._legal: tuple[Action, ...] | None = None
        self._stack: list[tuple[GameState, Resolution | None]] = []  # before each logged action
        self._shared = 0  # stack entries below this index may be shared with copies
        self._tables: dict = {}
        self._nbrs: dict = {}  # floor -> (walls, per index: neighbour cells), see neighbours()
        self._explicit = False  # chance: seeded (False) or explicit (True), see burgle.engine.draws
        self._explicit_from: int | None = None  # the log length when chance became explicit
        self._draws: list[Action] = []  # seeded chance outcomes of the action being resolved
        self._forcing = False  # re-running an action: chance outcomes come from _forced
        self._forced: deque[Action] = deque()

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, seed: int, characters=None, players: int | None = None, sides=None,
            first_seat: int = 0, explicit_chance: bool = False) -> "Game":
        """A new game set up by SETUP-1..11 (see :mod:`burgle.engine.setup`). The setup is
        dealt by the seed; with *explicit_chance* every later chance event is a chance node."""
        from burgle.engine.setup import new_game

        game = new_game(cls, seed, characters=characters, players=players, sides=sides, first_seat=first_seat)
        game.explicit_chance = explicit_chance
        return game

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
        return self._pending.choice if self._pending is not None else None

    @property
    def seat_to_act(self) -> int:
        return self._pending.choice.seat if self._pending is not None else self.s.active

    @property
    def is_chance_node(self) -> bool:
        """True when the rules wait for a chance outcome (explicit chance only)."""
        return self._pending is not None and self._pending.choice.seat == CHANCE

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """At a chance node, every outcome with its exact probability (they sum to 1), from
        what the players know; elsewhere empty. Like OpenSpiel's ``chance_outcomes()``.

        >>> game = Game.new(seed=1, characters=["hawk"], explicit_chance=True)
        >>> _ = game.apply("entrance 1B2")
        >>> game.is_chance_node, game.pending.prompt
        (True, 'Chance: the tile on 1B2')
        >>> sum(p for _, p in game.chance_outcomes())
        Fraction(1, 1)
        """
        if not self.is_chance_node:
            return ()
        c = self._pending.choice
        return tuple(zip(c.options, c.probabilities or ()))

    @property
    def explicit_chance(self) -> bool:
        """Whether chance events pause for an outcome (True) or follow the seed (False)."""
        return self._explicit

    @explicit_chance.setter
    def explicit_chance(self, on: bool) -> None:
        if bool(on) == self._explicit:
            return
        if not on:
            raise ValueError("a game whose chance became explicit stays explicit (its log holds chance outcomes)")
        if self._pending is not None:
            raise ValueError("resolve the open choice before making chance explicit")
        self._explicit, self._explicit_from = True, len(self.log)
        self._legal = None

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
    def legal_actions(self) -> tuple[Action, ...]:
        """Exactly the actions that :meth:`apply` accepts now (an immutable tuple)."""
        if self._legal is None:
            if self.s.outcome is not None:
                self._legal = ()
            elif self._pending is not None:
                self._legal = self._pending.choice.options
            else:
                self._legal = tuple(legal.legal_actions(self))
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
        if self._pending is not None:
            c = self._pending.choice
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
        pending = self._pending
        if pending is not None:
            gen = self._gen
            if gen is None:  # a copy or an undone game: re-run the action up to its choice
                before = self.s
                gen = self._redrive(pending)  # on a fresh state: *before* stays as it was
            else:
                before = self.s.copy()  # the live resolution goes on changing self.s
            base, top, answers, sent = pending.base, pending.action, pending.answers + (action,), action
            self._draws = list(pending.draws)
        else:
            before = self.s.copy()
            base, top, answers, sent = before, action, (), None
            gen = turns.perform(self, action)
            self._draws = []
        self._current = []
        self._legal = None
        self._drive(gen, sent, base, top, answers)
        self._stack.append((before, pending))
        self.log.append(action)
        happened = tuple(self._current)
        self.happenings.append(happened)
        return happened

    apply_action = apply

    def _drive(self, gen, sent, base: GameState, action: Action | None, answers: tuple[Action, ...]) -> None:
        """Run a resolution until it ends or asks for a choice (recorded as a Resolution)."""
        try:
            choice = gen.send(sent) if sent is not None else next(gen)
        except StopIteration:
            self._gen = self._pending = self.s.pending = None
            return
        except GameOver:
            gen.close()
            self._gen = self._pending = self.s.pending = None
            self.s.phase = "over"
            return
        self._gen = gen
        self._pending = Resolution(base, action, answers, choice, tuple(self._draws))
        self.s.pending = choice.to_dict()

    def _start(self, action: Action | None):
        """The resolution of *action* (None: the start of the active seat's turn, see scenario)."""
        return turns.perform(self, action) if action is not None else turns.begin_turn(self, self.s.active)

    def _redrive(self, pending: Resolution):
        """Re-run *pending*'s action from its base with its answers, up to its open choice, on
        a fresh copy of the base (what happened on the way was already recorded)."""
        self.s = pending.base.copy()
        kept, self._current = self._current, []
        self._draws, self._forced, self._forcing = [], deque(pending.draws), True
        try:
            gen = self._start(pending.action)
            choice = next(gen)
            for answer in pending.answers:
                choice = gen.send(answer)
        finally:
            self._forcing = False
        self._current = kept
        if choice != pending.choice:  # pragma: no cover - the rules are deterministic given the state
            raise RulesBug(f"re-running {pending.action} reached {choice} instead of {pending.choice}")
        return gen

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
    def copy(self) -> "Game":
        """An independent copy of this game (state, log and undo history), in microseconds:
        an open choice is copied too, and either game may go on without affecting the other.

        >>> game = Game.new(seed=1, characters=["hawk"])
        >>> _ = game.apply("entrance 1B2")
        >>> other = game.copy()
        >>> _ = other.apply("end")
        >>> len(game.log), len(other.log)
        (1, 2)
        """
        new = Game.__new__(Game)
        new.s = self.s.copy()
        new.origin = self.origin
        new.cards = self.cards
        new.log = self.log[:]
        new.happenings = self.happenings[:]
        new._current = []
        new._pending = self._pending  # data: its base is never changed, only copied
        new._gen = None  # a resumed choice is re-run from the data (_redrive)
        new._legal = self._legal
        new._stack = self._stack[:]
        self._shared = new._shared = len(self._stack)  # both now share these snapshots
        new._tables = dict(self._tables)
        new._nbrs = dict(self._nbrs)
        new._explicit, new._explicit_from = self._explicit, self._explicit_from
        new._draws, new._forcing, new._forced = [], False, deque()
        return new

    def undo(self) -> Action:
        """Take back the last action (O(1)) and return it.

        >>> game = Game.new(seed=1, characters=["hawk"])
        >>> _ = game.apply("entrance 1B2")
        >>> game.undo()
        Action('entrance 1B2')
        >>> game.phase
        'entrance'
        """
        if not self._stack:
            raise ValueError("there is no action to undo: the log is empty")
        state, pending = self._stack.pop()
        if len(self._stack) < self._shared:  # another game holds this snapshot too: keep it intact
            state = state.copy()
            self._shared = len(self._stack)
        self.s = state
        self._pending, self._gen, self._legal = pending, None, None
        self.happenings.pop()
        action = self.log.pop()
        if self._explicit_from is not None and self._explicit_from > len(self.log):
            self._explicit_from = len(self.log)  # chance stays explicit from here on
        return action

    def replay(self, upto: int | None = None) -> "Game":
        """A new game rebuilt from this game's origin and the first *upto* logged actions."""
        from burgle.engine.saves import rebuild

        self._replayable()
        return rebuild(self.origin, self.log[:upto] if upto is not None else list(self.log),
                       explicit_from=self._explicit_from)

    def rewind(self, steps: int = 1) -> "Game":
        """A new game: this one as it was *steps* actions ago (this game is left alone).
        Costs a copy and *steps* undos, not a replay."""
        if not 0 <= steps <= len(self.log):
            raise ValueError(f"cannot rewind {steps} actions: the log holds {len(self.log)}")
        game = self.copy()
        for _ in range(steps):
            game.undo()
        return game

    def redeal(self, seed: int) -> "Game":
        """A copy of this game whose hidden information (face-down tiles, deck orders, removed
        patrol cards, the random source) is dealt anew by *seed*, consistently with what the
        players know: its ``view()`` is this game's (see :mod:`burgle.engine.redeal`). For
        Monte Carlo analysis. An open choice stays open. The copy has no undo history and
        cannot be saved or replayed: its past is not its origin's.

        >>> game = Game.new(seed=1, characters=["hawk"])
        >>> _ = game.apply("entrance 1B2")
        >>> other = game.redeal(7)
        >>> other.view() == game.view(), other.to_dict() == game.to_dict()
        (True, False)
        """
        from burgle.engine.redeal import redeal_state

        rng = Chance(seed)
        new = self.copy()
        new._stack, new._shared, new.origin = [], 0, None
        pending = self._pending
        if pending is None:
            redeal_state(new.s, rng)
        else:  # deal the state before the action anew, then re-run it to the open choice
            base = pending.base.copy()
            redeal_state(base, rng)
            new._pending = Resolution(base, pending.action, pending.answers, pending.choice, pending.draws)
            new._gen = new._redrive(new._pending)
            new._draws = list(pending.draws)
        return new

    # ------------------------------------------------------------------ what the players see
    def view(self) -> dict:
        """What the players may see, as JSON-able data (see :mod:`burgle.engine.view`)."""
        return player_view(self)

    def log_text(self) -> str:
        """The action log with what each action did, as readable text."""
        lines = []
        for i, (a, hs) in enumerate(zip(self.log, self.happenings), 1):
            lines.append(f"{i:>4}. {a}")
            lines.extend(f"        {h.text}" for h in hs)
        return "\n".join(lines)

    def _replayable(self) -> None:
        if self.origin is None:
            raise ValueError("a re-dealt game (Game.redeal) has no origin to replay or save: its hidden "
                             "deal is not the one its log was played on")

    def save(self) -> dict:
        from burgle.engine.saves import save_document

        self._replayable()
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
        extra = f", choice pending: {self._pending.choice.prompt}" if self._pending else ""
        return f"<Game turn {s.turn}, {who} (seat {s.active}) to act, {self.actions_left} actions left{extra}>"
