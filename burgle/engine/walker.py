"""The engine's own guard move on a scratch floor, for analysis (patrol odds, danger maps).

Analysis asks one question thousands of times: from cell P, heading for cell D, with the
floor's alarms A, which cells does the guard enter, what does each step cost, and where
does he next draw a patrol card? :class:`GuardWalker` answers it with the rules' own code
(:func:`burgle.engine.guards.guard_phase_move`: GUARD-7..12, the crow's extra cost of
CHAR-11, ALARM-3/4 on arrival) run on a small scratch game built from public information
only: the floor's walls, plain face-up tiles (nothing for anyone to see through), the
crow and the Raven who owns it. No card of the real game is in it: the walk stops at his
first patrol draw, a chance node (:mod:`burgle.engine.draws`), and the caller settles the
card from what the players know.

The walker gives the guard as many movement points as the walk can use
(:data:`UNLIMITED`), so one record serves every MP budget: a move with M points takes
steps while it has points left, and each step costs what the record says (1, or 2 onto the
basic Raven's crow). :meth:`GuardWalker.movement_points` is GUARD-6, the engine's
:func:`~burgle.engine.guards.movement_points` on the scratch floor.

>>> w = GuardWalker(1, walls=frozenset())
>>> r = w.walk(0, 5, frozenset())  # 1A1 toward 1B2, no alarms
>>> [(s.cell, s.cost) for s in r.steps], r.draws
([(1, 1), (5, 1)], True)
>>> w.movement_points(speed=3, alarms=frozenset({9, 12}))
5
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from burgle.engine import guards
from burgle.engine.choice import CHANCE
from burgle.engine.context import Rules
from burgle.engine.errors import RulesBug
from burgle.engine.game import Game
from burgle.engine.state import replaced
from burgle.geometry.board import CELLS_PER_FLOOR, cell_name

N = CELLS_PER_FLOOR
UNLIMITED = 4 * N * N  # more steps than any walk to a patrol draw can take
#: Plain tiles, one per cell of a floor, for the small games analysis walks guards on:
#: guards ignore tiles (GUARD-13) and none of these lets anyone see beyond its own cell
#: (unlike Foyer, Atrium, Camera).
PLAIN_TILES = ("deadbolt 1", "deadbolt 2", "deadbolt 3", "detector 4", "detector 5", "detector 6",
               "fingerprint 4", "fingerprint 5", "fingerprint 6", "keypad 4", "keypad 5", "keypad 6",
               "laser 1", "laser 2", "laser 3", "motion 1")
_PARK = "motion 2"  # where the stand-in character waits, on another floor


@dataclass(frozen=True)
class WalkStep:
    """One cell the guard enters: ``cost`` MP (1; 2 onto the crow, CHAR-11), the floor's
    alarms left after he entered it (indexes 0..15, ALARM-4), his die's cell after it, and ``tie`` when he arrived
    at his die with equally near alarms left (ALARM-3: the players choose; the walk took
    the first in reading order)."""

    cell: int  # index 0..15 on the floor
    cost: int
    alarms: frozenset
    die: int  # index of his destination after the step (ALARM-3 moves it on arrival)
    tie: tuple[int, ...] = ()


@dataclass(frozen=True)
class WalkRecord:
    """The guard's walk from a cell toward his die until his next patrol draw: ``steps``
    in order; ``draws``: he arrives at a destination with no alarm left after the last
    step and draws a patrol card there (GUARD-11, GUARD-3). A walk that never draws (no
    step: he stands on his die) has ``draws`` False."""

    steps: tuple[WalkStep, ...]
    draws: bool


@lru_cache(maxsize=None)
def _scratch(floor: int, raven: bool) -> Game:
    """A small game of one floor with plain face-up tiles, its guard placed, and one
    character waiting on another floor: the basic Raven (who owns the crow) or a stand-in."""
    base = N * (floor - 1)
    park = N if floor == 1 else 0  # 2A1 for floor 1, else 1A1: seen by no guard of this floor
    return Game.from_scenario({
        "seed": 0,
        "tiles": {cell_name(base + i): PLAIN_TILES[i] + " revealed" for i in range(N)}
        | {cell_name(park): _PARK + " revealed"},
        "characters": [{"character": "raven" if raven else "hawk", "cell": cell_name(park)}],
        "guards": [{"floor": floor, "cell": cell_name(base), "die": cell_name(base + 1)}],
    })


class GuardWalker:
    """Walks *floor*'s guard with the engine's rules on a scratch copy of that floor (see
    the module docstring). *walls*: the floor's walls (index pairs); *crow*: the cell index
    of the basic Raven's crow, which costs him 1 more MP (CHAR-11), or None."""

    def __init__(self, floor: int, walls: frozenset, crow: int | None = None):
        self.floor = floor
        base = N * (floor - 1)
        game = _scratch(floor, crow is not None).copy()  # the floor's walls and the crow set below
        game.s.walls = replaced(game.s.walls, floor - 1, frozenset(walls))
        game.s.crow = None if crow is None else base + crow
        self._rules: Rules = game._rules
        self._rules.explicit_chance = True  # stop at his first patrol draw
        self._guard = self._rules.s.guards[floor - 1]
        self._base = base
        self._walks: dict = {}
        self._mp: dict = {}

    def _place(self, cell: int, die: int, alarms: frozenset, speed: int = 1) -> None:
        s = self._rules.s
        s.outcome = None
        g = self._guard
        g.cell, g.die, g.speed = self._base + cell, self._base + die, speed
        g.deck, g.discard, g.removed = (self._base, self._base + 1), (), ()  # two unknown cards: a chance node
        for i in range(N):
            c = self._base + i
            if s.tiles[c].alarm != (i in alarms):
                s.set_tile(c, alarm=i in alarms)

    def movement_points(self, speed: int, alarms: frozenset) -> int:
        """GUARD-6 for a die showing *speed* with *alarms* (indexes) on the floor."""
        key = (speed, len(alarms))
        mp = self._mp.get(key)
        if mp is None:
            self._place(0, 1, frozenset(range(1, 1 + len(alarms))), speed)
            mp = self._mp[key] = guards.movement_points(self._rules, self._guard)
        return mp

    def walk(self, cell: int, die: int, alarms: frozenset) -> WalkRecord:
        """The guard on index *cell*, his die on *die*, *alarms* on the floor: his walk up
        to his next patrol draw, as the engine plays it (memoised)."""
        key = (cell, die, alarms)
        rec = self._walks.get(key)
        if rec is None:
            rec = self._walks[key] = self._run(cell, die, alarms)
        return rec

    def _run(self, cell: int, die: int, alarms: frozenset) -> WalkRecord:
        rules = self._rules
        self._place(cell, die, alarms)
        rules._current = []
        gen = guards.guard_phase_move(rules, self._guard, UNLIMITED)
        draws = False
        tie_at: dict[int, tuple[int, ...]] = {}
        try:
            choice = next(gen)
            while True:
                if choice.seat == CHANCE:  # his patrol draw: the walk ends here
                    draws = True
                    gen.close()
                    break
                if choice.rule != "ALARM-3":  # pragma: no cover - plain tiles ask nothing else
                    raise RulesBug(f"a scratch guard walk asked {choice.prompt!r}")
                tied = tuple(a.args[0] - self._base for a in choice.options)
                tie_at[len(rules._current)] = tied
                choice = gen.send(choice.options[0])  # the first in reading order
        except StopIteration:  # pragma: no cover - UNLIMITED MP always ends at a draw
            pass
        rows: list[list] = []  # [cell, cost, alarms left, die, tie] per step, read from what happened
        left = set(alarms)
        mp = UNLIMITED
        for i, h in enumerate(rules._current):
            at = -1 if h.cell is None else h.cell - self._base
            value = h.value if isinstance(h.value, int) else 0
            if h.kind == "guard_step":
                rows.append([at, mp - value, None, rows[-1][3] if rows else die, ()])
                mp = value
            elif h.kind == "destination" and rows:  # ALARM-3: the die goes to the nearest alarm
                rows[-1][3] = at
            elif h.kind == "crow_cost":  # CHAR-11: the step onto the crow cost more
                rows[-1][1] += mp - value
                mp = value
            elif h.kind == "alarm_off":  # ALARM-4
                left.discard(at)
            if rows:
                rows[-1][2] = frozenset(left)
                if i + 1 in tie_at:
                    rows[-1][4] = tie_at[i + 1]
        steps = tuple(WalkStep(*row) for row in rows)
        rules._current = []
        return WalkRecord(steps, draws)
