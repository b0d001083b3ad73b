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

from collections import deque
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from burgle.engine import guards, legal, saves, turns
from burgle.engine.actions import Action
from burgle.engine.chance import Chance
from burgle.engine.choice import CHANCE, Choice
from burgle.engine.context import ABILITY, GameOver, Resolving, Rules, ability_key
from burgle.engine.errors import IllegalAction, RulesBug
from burgle.engine.happenings import Happening
from burgle.engine.redeal import redeal_state
from burgle.engine.state import Character, GameState, Snapshot
from burgle.engine.view import player_view
from burgle.geometry.routing import RouteTable

__all__ = ["ABILITY", "Choice", "Game", "GameOver", "Resolution", "ability_key"]

GUARD_WALK = "guard-walk"  # Game.guard_walk's resolution (not a player's verb)


@dataclass(frozen=True, slots=True)
class Resolution:
    """An action whose resolution waits for a choice, as data: the state before the action
    began (*base*, never changed), the action (None: the start of a turn opened by a
    scenario) and every answer given since. Re-running the action from *base* with these
    answers reaches the same choice again (all chance is in the state), which is how a
    copy or an undone game resumes an open choice."""

    base: Snapshot  # GameState.snapshot() of the state before the action
    action: Action | None
    answers: tuple[Action, ...]
    choice: Choice
    draws: tuple[Action, ...] = ()  # outcomes of the seeded chance events on the way (draws.py)


class Game:
    """A game of The Bank Job or The Office Job. Build one with :meth:`new` or :meth:`from_scenario`."""

    def __init__(self, state: GameState, origin: dict | None):
        self._rules = Rules(state)  # what the rule functions work on (burgle.engine.context)
        self.origin = origin  # how this game was built: replaying the log from it rebuilds it
        self.log: list[Action] = []
        self.happenings: list[tuple[Happening, ...]] = []
        self._pending: Resolution | None = None  # the open choice, as data
        self._gen: Resolving | None = None  # the live resolution of _pending, if this game drove it
        self._legal: tuple[Action, ...] | None = None
        # before each logged action: a snapshot of the state (never changed, shared by copies)
        self._stack: list[tuple[Snapshot, Resolution | None]] = []
        self._explicit_from: int | None = None  # the log length when chance became explicit

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, seed: int, characters=None, players: int | None = None, sides=None,
            first_seat: int = 0, explicit_chance: bool = False, job: str = "bank", walls=None) -> "Game":
        """A new game set up by SETUP-1..11 (see :mod:`burgle.engine.setup`). The setup is
        dealt by the seed; with *explicit_chance* every later chance event is a chance node.

        *job*: ``"bank"`` (The Bank Job, 3 floors) or ``"office"`` (The Office Job, 2 floors;
        JOB-1). *walls* (JOB-3): ``None``/``"printed"`` for the job's printed walls (SETUP-3,
        JOB-2), ``"random"`` for uniformly random valid walls drawn from the seed, a building
        code such as ``"190m3 11hu0"`` (JOB-5), or one entry per floor (CONV-3 text such as
        ``"A1|B1, C1/C2, ..."``, a 5-character code, or a wall set). Bad input raises
        :class:`ScenarioError` naming the field and what is allowed."""
        from burgle.engine.setup import new_game

        game = new_game(cls, seed, characters=characters, players=players, sides=sides, first_seat=first_seat,
                        job=job, walls=walls)
        game.explicit_chance = explicit_chance
        return game

    @classmethod
    def from_scenario(cls, scenario, *, paths: bool = True) -> "Game":
        """A game starting from a scenario document or file (see docs/scenario-format.md).
        ``paths=False``: data only, text is never taken for a file name."""
        from burgle.engine.scenario import game_from_scenario

        return game_from_scenario(cls, scenario, paths=paths)

    @classmethod
    def rebuild(cls, origin: dict, actions, source: str | None = None, *, paths: bool = True,
                explicit_from: int | None = None) -> "Game":
        """The game *origin* describes (a seed and setup, or a scenario), with *actions*
        replayed; see :func:`burgle.engine.saves.rebuild`."""
        return saves.rebuild(cls, origin, actions, source, paths=paths, explicit_from=explicit_from)

    # ------------------------------------------------------------------ reading
    @property
    def s(self) -> GameState:
        """The whole state (the rules' own data: read it; change it only through actions)."""
        return self._rules.s

    @s.setter
    def s(self, state: GameState) -> None:
        self._rules.s = state
        self._legal = None  # the legal actions are the new state's

    @property
    def phase(self) -> str:
        return self.s.phase

    @property
    def active_character(self) -> Character:
        return self.s.characters[self.s.active]

    @property
    def pending(self) -> Choice | None:
        """The open choice, if the rules are waiting for a seat (or chance) to decide."""
        return self._pending.choice if self._pending is not None else None

    @property
    def seat_to_act(self) -> int:
        """The seat that decides now: the open choice's, else the active seat (CHANCE at a
        chance node)."""
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
        if self._pending is None or self._pending.choice.seat != CHANCE:
            return ()
        c = self._pending.choice
        return tuple(zip(c.options, c.probabilities or ()))

    @property
    def explicit_chance(self) -> bool:
        """Whether chance events pause for an outcome (True) or follow the seed (False)."""
        return self._rules.explicit_chance

    @explicit_chance.setter
    def explicit_chance(self, on: bool) -> None:
        if bool(on) == self._rules.explicit_chance:
            return
        if not on:
            raise ValueError("a game whose chance became explicit stays explicit (its log holds chance outcomes)")
        if self._pending is not None:
            raise ValueError("resolve the open choice before making chance explicit")
        self._rules.explicit_chance, self._explicit_from = True, len(self.log)
        self._legal = None

    @property
    def is_over(self) -> bool:
        return self._rules.s.outcome is not None

    @property
    def outcome(self) -> str | None:
        return self.s.outcome

    @property
    def actions_left(self) -> int:
        return self.s.allowance - self.s.spent

    def to_dict(self) -> dict:
        """The whole state as plain data (JSON-able); equal dicts play on identically."""
        return self.s.to_dict()

    def view(self) -> dict:
        """What the players may see, as JSON-able data (see :mod:`burgle.engine.view`)."""
        return player_view(self.s, self.pending)

    # the rules' reading helpers, for analysis and pictures (see burgle.engine.context)
    def table(self, floor: int) -> RouteTable:
        """The guard route table of *floor* under its current walls (GUARD-8)."""
        return self._rules.table(floor)

    def neighbours(self, cell: int) -> tuple[int, ...]:
        return self._rules.neighbours(cell)

    def adjacent(self, a: int, b: int) -> bool:
        return self._rules.adjacent(a, b)

    def across_wall(self, cell: int) -> tuple[int, ...]:
        return self._rules.across_wall(cell)

    def characters_at(self, cell: int) -> list[Character]:
        return self._rules.characters_at(cell)

    def has_ability(self, ch: Character, ability: str) -> bool:
        return self._rules.has_ability(ch, ability)

    def extra_dice(self, ch: Character) -> int:
        """Dice *ch* rolls on a Safe or a Keypad beyond the usual ones (CHAR-9: 1 for the basic Peterman)."""
        return self._rules.extra_dice(ch)

    def ability_holder(self, ability: str) -> Character | None:
        return self._rules.ability_holder(ability)

    def round_effect_active(self, key: str) -> bool:
        return self._rules.round_effect_active(key)

    def who(self, ch: Character) -> str:
        return self._rules.who(ch)

    def name(self, cell: int) -> str:
        return self._rules.name(cell)

    def tile_name(self, cell: int) -> str:
        return self._rules.tile_name(cell)

    card_name = staticmethod(Rules.card_name)

    # ------------------------------------------------------------------ legality
    def legal_actions(self) -> tuple[Action, ...]:
        """Exactly the actions that :meth:`apply` accepts now (an immutable tuple)."""
        if self._legal is None:
            if self.s.outcome is not None:
                self._legal = ()
            elif self._pending is not None:
                self._legal = self._pending.choice.options
            else:
                self._legal = tuple(legal.legal_actions(self._rules))
        return self._legal

    def is_legal(self, action) -> bool:
        try:
            self.check(action)
        except ValueError:
            return False
        return True

    def check(self, action) -> Action:
        """Parse and check *action*; raise IllegalAction (with the rule id) if it is illegal.
        Returns the action as ``legal_actions()`` lists it (``add-die 1B2`` on that very
        Safe is ``add-die``)."""
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
        same = legal.normalize(self._rules, action)
        if same != action and same in self.legal_actions():
            return same
        reason, rule = legal.why_illegal(self._rules, action)
        raise IllegalAction(action, reason, rule)

    # ------------------------------------------------------------------ acting
    def apply(self, action) -> tuple[Happening, ...]:
        """Apply a legal action (or its text) and return what happened.

        Illegal actions raise :class:`IllegalAction` and change nothing."""
        legal = self._legal
        if legal is None or action.__class__ is not Action or action not in legal:
            action = self.check(action)  # parse, list, and refuse with the rule (the usual case is listed)
        rules = self._rules
        pending = self._pending
        before = rules.s.snapshot()
        if pending is not None:
            gen = self._gen
            if gen is None:  # a copy or an undone game: re-run the action up to its choice
                gen = self._redrive(pending)
            base, top, answers, sent = pending.base, pending.action, pending.answers + (action,), action
            rules._draws = list(pending.draws)
        else:
            base, top, answers, sent = before, action, (), None
            gen = turns.perform(rules, action)
            rules._draws = []
        rules._current = []
        self._legal = None
        self._drive(gen, sent, base, top, answers)
        self._stack.append((before, pending))
        self.log.append(action)
        happened = tuple(rules._current)
        self.happenings.append(happened)
        return happened

    apply_action = apply

    def _drive(self, gen: Resolving, sent: Action | None, base: Snapshot, action: Action | None,
               answers: tuple[Action, ...]) -> None:
        """Run a resolution until it ends or asks for a choice (recorded as a Resolution)."""
        s = self._rules.s
        try:
            # next(gen, None) ends without raising StopIteration (the usual end of an action)
            choice = gen.send(sent) if sent is not None else next(gen, None)
        except StopIteration:
            choice = None
        except GameOver:
            gen.close()
            self._gen = self._pending = s.pending = None
            s.phase = "over"
            return
        if choice is None:  # the resolution ended (a resolution yields Choices only)
            self._gen = self._pending = s.pending = None
            return
        self._gen = gen
        self._pending = Resolution(base, action, answers, choice, tuple(self._rules._draws))
        s.pending = choice.to_dict()

    def _start(self, action: Action | None) -> Resolving:
        """The resolution of *action* (None: the start of the active seat's turn, see scenario;
        a ``guard-walk``: see :meth:`guard_walk`)."""
        rules = self._rules
        if action is None:
            return turns.begin_turn(rules, rules.s.active)
        if action.verb == GUARD_WALK:
            floor, mp, end_of_turn = action.args
            return turns.guard_walk(rules, floor, mp, end_of_turn)
        return turns.perform(rules, action)

    def _redrive(self, pending: Resolution) -> Resolving:
        """Re-run *pending*'s action from its base with its answers, up to its open choice, on
        a fresh copy of the base (what happened on the way was already recorded); chance
        outcomes met on the way are replayed from the record (burgle.engine.draws)."""
        rules = self._rules
        rules.s = GameState.restore(pending.base)
        kept, rules._current = rules._current, []
        rules._draws, rules._forced, rules._forcing = [], deque(pending.draws), True
        try:
            gen = self._start(pending.action)
            choice = next(gen)
            for answer in pending.answers:
                choice = gen.send(answer)
        finally:
            rules._forcing = False
        rules._current = kept
        if choice != pending.choice:  # pragma: no cover - the rules are deterministic given the state
            raise RulesBug(f"re-running {pending.action} reached {choice} instead of {pending.choice}")
        return gen

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
        new._rules = self._rules.copy(self._rules.s.copy())
        new.origin = self.origin
        new.log = self.log[:]
        new.happenings = self.happenings[:]
        new._pending = self._pending  # data: its base is never changed, only copied
        new._gen = None  # a resumed choice is re-run from the data (_redrive)
        new._legal = self._legal
        new._stack = self._stack[:]  # snapshots, never changed: both games may share them
        new._explicit_from = self._explicit_from
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
        self._rules.s = GameState.restore(state)  # the snapshot stays intact (copies of this game may share it)
        self._pending, self._gen, self._legal = pending, None, None
        self.happenings.pop()
        action = self.log.pop()
        if self._explicit_from is not None and self._explicit_from > len(self.log):
            self._explicit_from = len(self.log)  # chance stays explicit from here on
        return action

    def replay(self, upto: int | None = None) -> "Game":
        """A new game rebuilt from this game's origin and the first *upto* logged actions."""
        self._replayable()
        return self.rebuild(self.origin or {}, self.log[:upto] if upto is not None else list(self.log),
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
        rng = Chance(seed)
        new = self.copy()
        new._stack, new.origin = [], None
        pending = self._pending
        if pending is None:
            redeal_state(new.s, rng)
        else:  # deal the state before the action anew, then re-run it to the open choice
            base = GameState.restore(pending.base)
            redeal_state(base, rng)
            new._pending = Resolution(base.snapshot(), pending.action, pending.answers, pending.choice, pending.draws)
            new._gen = new._redrive(new._pending)
            new._rules._draws = list(pending.draws)
        return new

    def guard_walk(self, floor: int, mp: int | None = None, explicit_chance: bool = True,
                   end_of_turn: bool = False) -> "Game":
        """A copy of this game in which the guard of *floor* has made a guard-phase move
        (GUARD-5..7, the engine's own step) with *mp* movement points (default: GUARD-6
        counts them), for analysis: forecasts, patrol odds, danger maps. With
        *end_of_turn*, the active character's action phase ends first as far as it comes
        before the guard phase (TURN-5 Thermo, TURN-7a Acrobat penalty, and the Event only
        when the players know the top one: CHAR-18, TOOL-3). With
        *explicit_chance* the walk pauses at each patrol draw as a chance node
        (``chance_outcomes()``; apply an outcome to go on), and at any choice the rules hand
        to a seat (an ALARM-3 tie). An open choice of this game is set aside: the walk starts
        from the state as it stands. The copy has no log, no undo and no origin: it is a
        what-if, not a game to save.

        >>> game = Game.new(seed=1, characters=["hawk"])
        >>> _ = game.apply("entrance 1B2")
        >>> walk = game.guard_walk(1, mp=1)
        >>> [h.kind for h in walk.happenings[0]]
        ['guard_moves', 'guard_step']
        """
        if not 1 <= floor <= len(self.s.guards) or not self.s.guards[floor - 1].placed:
            raise ValueError(f"there is no placed guard on floor {floor!r}")
        if mp is not None and (not isinstance(mp, int) or mp < 0):
            raise ValueError(f"movement points are a whole number >= 0, not {mp!r}")
        new = self.copy()
        new.log, new.happenings, new._stack, new.origin = [], [], [], None
        new._pending = new._gen = new._rules.s.pending = None
        if explicit_chance:
            new._rules.explicit_chance = True
        rules = new._rules
        walk = Action(GUARD_WALK, (floor, mp, end_of_turn))
        before = rules.s.snapshot()
        rules._current, rules._draws = [], []
        new._legal = None
        new._drive(new._start(walk), None, before, walk, ())
        new.happenings.append(tuple(rules._current))
        return new

    # ------------------------------------------------------------------ text, saves, pictures
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

    def save(self) -> dict[str, Any]:
        """The game as a versioned save document (see :mod:`burgle.engine.saves`)."""
        self._replayable()
        return saves.save_document(self)

    @classmethod
    def load(cls, document, *, paths: bool = True) -> "Game":
        """A saved game (a dict, JSON text or a path). ``paths=False``: data only; nothing in
        the document may name a file to read (what a web page must use)."""
        return saves.load_document(cls, document, paths=paths)

    def _repr_svg_(self) -> str:
        """Jupyter shows the game as a picture of its three floors. The engine's one call
        upward (docs/architecture.md): burgle.pictures is imported only when Jupyter asks,
        so the engine itself never needs matplotlib."""
        from burgle.pictures import render

        return render(self, fmt="svg")

    def __repr__(self) -> str:
        s = self.s
        if s.outcome:
            return f"<Game {s.outcome}: {s.outcome_reason}; {len(self.log)} actions>"
        who = self.who(self.active_character)
        extra = f", choice pending: {self._pending.choice.prompt}" if self._pending else ""
        return f"<Game turn {s.turn}, {who} (seat {s.active}) to act, {self.actions_left} actions left{extra}>"
