"""Patrol odds and the danger map: where a guard may go, from what the players can see.

Two questions about one floor's guard, answered from **public information only**:

* :func:`next_destination_odds`: the exact chance of each cell being his next
  destination (the die's next cell once he reaches the current one);
* :func:`danger_map`: for every cell, the chance that he *enters* it, and the chance that
  he *ends a move* on it, within his next N moves (``turns=N``), with the per-move
  figures too. Computed exactly by enumerating the unseen patrol cards (``method
  "exact"``, :class:`fractions.Fraction` results) or, when that would take too long, by
  seeded Monte Carlo (``"monte-carlo"``, floats, with ``samples`` and ``seed``).

What the players see (GUARD-1, SETUP-4, read from ``game.view()``): the guard's cell,
the die's cell and face, the floor's walls and alarm tokens, the patrol discard pile in
drawing order, how many cards were removed face down, and what they have learned of the
deck's order: a card the Spotter's Clairvoyance showed them, left on top or put at the
bottom (CHAR-17). What they do not see: the rest of the deck's order and *which* cards
were removed. So the model is: a known card comes in its known place; every other draw
of this cycle is uniform over the cards nobody has seen (the rest of the deck and the
removed cards, which are exchangeable), as the engine's own chance node says
(``Game.chance_outcomes``, :mod:`burgle.engine.draws`). The odds are the same in every
deal of the hidden information consistent with the view (``Game.redeal``).

The guard's walking is the engine's own (:class:`~burgle.engine.walker.GuardWalker`:
``guard_phase_move`` on a scratch copy of the floor): GUARD-7/8/9 steps along the most
clockwise shortest route, GUARD-12a / ALARM-4 alarms switched off as he enters them,
GUARD-11 / ALARM-3 the die sent to the nearest alarm while alarms remain, GUARD-12f /
CHAR-11 the basic Raven's crow costing 1 more MP, GUARD-6 movement points fixed when
each move starts. This module only cuts that walk into moves and adds the cards:

* GUARD-3 / DEC-8: a card naming the guard's own cell means he has arrived: draw again;
* GUARD-4 / DEC-15: a draw from an empty deck first shuffles all 16 cards, removes
  ``trim`` again (SETUP-4, DEC-14), and raises the die by 1 (max 6); GUARD-11: the new
  destination is set even when no MP is left.

What the danger map leaves out (:data:`LEFT_OUT`; the explorer's page says it too): the
guard is left to himself between his moves, with the alarms already on his floor. No
new alarms (a Camera, Thermo, Laser... set off by the players, the Juicer), no Events
drawn at the ends of turns (Espresso, Shift Change, teleports...), no tools, abilities or
player moves, so nobody for him to see; each of "his next N moves" is a guard-phase
move of this floor, whichever turns they fall in. They are left out rather than
modelled because they depend on what the players will do, which no odds can know: the
moves counted are the guard's, not the turns (a turn moves the guard of the active
character's floor, TURN-7), so not even an Event the players know is coming (Precognition,
the Crystal Ball) can be placed between two of his moves. The forecast of his next move
(:mod:`burgle.analysis.guard_forecast`) does include the players where they stand. Also:

* alarm ties (ALARM-3, the players choose): the model takes the alarm first in reading
  order and says so in ``notes``;
* from a game (:func:`public_info`), the first move uses what the forecast knows of it:
  Donuts or the advanced Raven's crow cancel it, Espresso/Daydreaming change its MP when
  he moves this turn; a Thermo alarm the active character would set off is not added.

Exact enumeration. Every unknown draw of the current cycle takes each card nobody has seen
with the same chance 1/(such cards), whether the deck is thick or thin; a known card has
chance 1; after a reshuffle, 1/16, 1/15, ... So a card sequence's chance depends only on
how many cards were drawn in each cycle, and the model enumerates only the cards drawn
within the horizon, memoised on (guard cell, move, MP left, die face, cycle, set of seen
cards). Probabilities are kept as integers over one common denominator and packed, one
slot per figure, into a single Python integer per state, so summing the branches of a draw
is one big-integer addition; results are reduced to :class:`~fractions.Fraction` at the
end.

Open floor, guard on A1 heading for B1, every card but A1 and B1 seen, no trim: at B1
he draws A1, or B1 (his own cell: draw again) and then A1, so A1 is certain; with 2 MP
he steps to B1 and back to A1.

>>> from burgle.geometry.board import cell_name
>>> seen = ["1" + c for c in "C1 D1 A2 B2 C2 D2 A3 B3 C3 D3 A4 B4 C4 D4".split()]
>>> info = patrol_info(floor=1, guard="1A1", die="1B1", speed=2, trim=0, discard=seen, walls="")
>>> {cell_name(c): str(p) for c, p in next_destination_odds(info).items() if p}
{'1A1': '1'}
>>> dm = danger_map(info, turns=1)
>>> dm.method, str(dm.enter[1]), str(dm.end_turn[0]), dm.sequences
('exact', '1', '1', 2)
"""

from __future__ import annotations

import random
import weakref
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import factorial

from burgle.data.jobs import get_job
from burgle.geometry.board import CELLS_PER_FLOOR, CellError, cell_name, floor_of, parse_cell, parse_walls, walls_spec
from burgle.engine.errors import BurgleError
from burgle.engine.walker import GuardWalker
from burgle.geometry.layouts import job_walls
from burgle.geometry.routing import route_table

__all__ = [
    "PatrolError",
    "PatrolInfo",
    "DangerMap",
    "OddsLayer",
    "patrol_info",
    "public_info",
    "next_destination_odds",
    "next_destination_layer",
    "danger_map",
    "percent",
    "MAX_TURNS",
    "LEFT_OUT",
    "DEFAULT_BUDGET",
    "DEFAULT_SAMPLES",
]

N = CELLS_PER_FLOOR
FULL = (1 << N) - 1
MAX_SPEED = 6  # GUARD-4, DEC-48
MAX_TURNS = 12  # the largest horizon accepted (Monte Carlo beyond what enumeration can do)
DEFAULT_BUDGET = 500  # memoised draw states before the exact method gives way to Monte Carlo
DEFAULT_SAMPLES = 2_000  # Monte Carlo sample count when enumeration is over budget
METHODS = ("auto", "exact", "monte-carlo")
#: What the danger map leaves out, in one sentence (shown on the explorer's page).
LEFT_OUT = ("The guard is left to himself between his moves, with the alarms already on his floor: no new alarms, "
            "no Events (not even ones the players have seen coming), no tools and no players' moves.")

_LEAF, _DRAW, _FINAL = 0, 1, 2  # how a deterministic stretch of walking ends
_NO_ALARMS: frozenset = frozenset()


class PatrolError(BurgleError):
    """Bad input to the patrol odds: names the value and what is allowed."""


# ----------------------------------------------------------------------------- public information


@dataclass(frozen=True)
class PatrolInfo:
    """What the players can see of one floor's patrol (GUARD-1), as the odds use it.

    Cells are building-wide cell numbers (``parse_cell("2C3")``). ``discard`` is the
    face-up pile in drawing order (this cycle: since the last shuffle); ``removed`` the
    number of cards lying aside face down this cycle; ``trim`` the number removed after
    every later shuffle (SETUP-4, DEC-14: 9, 6, 3, 0 for 1-4 characters); ``walls`` the
    floor's walls as index pairs; ``alarms`` the alarm tokens on the floor; ``first_mp``
    the MP of his next move when it is not die + alarms (Donuts: 0; Espresso: +1), else
    None; ``crow`` the cell of the basic Raven's crow, which costs him 1 more MP each time
    he steps onto it (GUARD-12f, CHAR-11), else None; ``known_top`` the deck's cards the
    players have seen on top (the Spotter's Clairvoyance, CHAR-17), top card first, and
    ``known_bottom`` those they know at the bottom (a seen card put there), bottom card
    first. Build one with :func:`patrol_info`
    (checked) or :func:`public_info` (from a game)."""

    floor: int
    guard: int
    die: int
    speed: int
    discard: tuple[int, ...]
    trim: int
    removed: int
    walls: frozenset
    alarms: frozenset = frozenset()
    first_mp: int | None = None
    crow: int | None = None
    known_top: tuple[int, ...] = ()
    known_bottom: tuple[int, ...] = ()

    @property
    def unseen(self) -> tuple[int, ...]:
        """The cards not in the discard pile (the deck and the removed cards), by cell."""
        gone = set(self.discard)
        base = N * (self.floor - 1)
        return tuple(c for c in range(base, base + N) if c not in gone)

    @property
    def deck_size(self) -> int:
        """Cards left in the deck (public: the pile's thickness)."""
        return N - len(self.discard) - self.removed

    def describe(self) -> str:
        alarms = ", ".join(cell_name(c) for c in sorted(self.alarms)) or "none"
        return (
            f"Floor {self.floor}: guard on {cell_name(self.guard)}, die on {cell_name(self.die)} showing "
            f"{self.speed}; discard pile ({len(self.discard)}): "
            + (" ".join(cell_name(c) for c in self.discard) or "empty")
            + f"; {self.removed} removed face down, {self.deck_size} in the deck, trim {self.trim}; alarms: {alarms}."
            + (f" Known on top of the deck: {' '.join(cell_name(c) for c in self.known_top)}." if self.known_top else "")
            + (f" Known at the bottom: {' '.join(cell_name(c) for c in self.known_bottom)}." if self.known_bottom
               else "")
        )


def _floor(floor, game=None) -> int:
    """*floor* if *game*'s building has it (any job's floor, 1-3, when no game is given; JOB-1)."""
    if isinstance(floor, str) and floor.strip().isdigit():
        floor = int(floor)
    floors = game.s.floors if game is not None else 3
    if isinstance(floor, bool) or not isinstance(floor, int) or not 1 <= floor <= floors:
        job = get_job(game.s.job if game is not None else "bank").name
        raise PatrolError(f"floor {floor!r} does not exist; {job} has floors "
                          + ", ".join(str(f) for f in range(1, floors + 1)))
    return floor


def _cell(value, role: str, floor: int) -> int:
    """A cell of *floor* from a name ('2C3', or 'C3' on that floor) or a cell number."""
    first, last = cell_name(N * (floor - 1)), cell_name(N * floor - 1)
    if isinstance(value, bool):
        raise PatrolError(f"{role} {value!r} is not a cell: write a cell of floor {floor}, {first}..{last}")
    if isinstance(value, int):
        c = value
        if not 0 <= c < 3 * N:
            raise PatrolError(f"{role} {value!r} is not a cell: cell numbers run 0..47; "
                              f"floor {floor} has {first}..{last}")
    else:
        try:
            c = parse_cell(value, floor=floor)
        except CellError as exc:
            raise PatrolError(f"{role}: {exc}") from None
    if floor_of(c) != floor:
        raise PatrolError(f"{role} {cell_name(c)} is on floor {floor_of(c)}, outside floor {floor}; "
                          f"allowed: {first}..{last}")
    return c


def _int(value, role: str, lo: int, hi: int, why: str = "") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise PatrolError(f"{role} {value!r} is not allowed: a whole number {lo}..{hi}" + (f" ({why})" if why else ""))
    return value


def patrol_info(floor, guard, die, speed: int, discard: Iterable = (), trim: int = 0, removed: int | None = None,
                walls=None, alarms: Iterable = (), first_mp: int | None = None, crow=None,
                known_top: Iterable = (), known_bottom: Iterable = ()) -> PatrolInfo:
    """Checked public information of one floor's patrol (see :class:`PatrolInfo`).

    Cells may be names (``"2C3"``, or ``"C3"`` meaning this floor) or cell numbers;
    *walls* a set of index pairs, a text such as ``"A1|B1 C1/C2"``, or None for the
    floor's Bank Job walls (SETUP-3); *removed* defaults to *trim*. Raises
    :class:`PatrolError` naming the bad value and what is allowed."""
    floor = _floor(floor)
    g = _cell(guard, "guard cell", floor)
    d = _cell(die, "die cell", floor)
    if g == d:
        raise PatrolError(f"die cell {cell_name(d)} is the guard's own cell; the die never shares his cell "
                          "(GUARD-1, GUARD-3): he would have arrived and drawn again")
    speed = _int(speed, "die face (speed)", 1, MAX_SPEED)
    if isinstance(discard, (str, int)):
        discard = [discard]
    pile = tuple(_cell(v, f"discard pile card {k + 1}", floor) for k, v in enumerate(discard))
    twice = [c for c, n in Counter(pile).items() if n > 1]
    if twice:
        raise PatrolError(f"discard pile card {cell_name(twice[0])} appears {Counter(pile)[twice[0]]} times; "
                          "each of the floor's 16 patrol cards appears at most once")
    trim = _int(trim, "trim", 0, N - 2, "the rules remove 0, 3, 6 or 9; a fresh deck must keep 2 cards")
    removed = trim if removed is None else removed
    removed = _int(removed, "removed card count", 0, N - 2)
    if len(pile) + removed > N:
        raise PatrolError(f"trim too large: {removed} cards removed face down and {len(pile)} in the discard pile "
                          f"make {len(pile) + removed}, but the floor has only {N} patrol cards; "
                          f"at most {N - len(pile)} can be removed")
    if walls is None:
        walls = job_walls("bank")[floor - 1]
    elif isinstance(walls, str):
        try:
            walls = parse_walls(walls)
        except CellError as exc:
            raise PatrolError(f"walls: {exc}") from None
    else:
        try:
            walls = frozenset((min(a, b), max(a, b)) for a, b in walls)
        except (TypeError, ValueError):
            raise PatrolError(f"walls {walls!r}: expected index pairs such as (0, 1), or text such as 'A1|B1 C1/C2'") \
                from None
        bad = [w for w in walls if not all(isinstance(i, int) and 0 <= i < N for i in w)]
        if bad:
            raise PatrolError(f"wall {bad[0]!r}: a wall joins two floor indexes 0..15 sharing a side")
    try:
        route_table(frozenset(walls))
    except CellError as exc:
        raise PatrolError(f"walls {walls_spec(walls)!r}: {exc}") from None
    if isinstance(alarms, (str, int)):
        alarms = [alarms]
    al = frozenset(_cell(v, "alarm cell", floor) for v in alarms)
    if g in al:
        raise PatrolError(f"alarm cell {cell_name(g)} is the guard's cell; a guard never stands on an alarm "
                          "token (GUARD-1, ALARM-4)")
    if al and d not in al:
        raise PatrolError(f"die cell {cell_name(d)} holds no alarm, but the floor has alarms on "
                          + ", ".join(cell_name(c) for c in sorted(al))
                          + "; while alarms remain the die sits on one of them (GUARD-1, ALARM-3)")
    if first_mp is not None:
        first_mp = _int(first_mp, "first move's MP", 0, 20)
    if crow is not None:
        crow = _cell(crow, "crow cell", floor)
    known: dict[str, tuple[int, ...]] = {}
    for role, cards in (("known top card", known_top), ("known bottom card", known_bottom)):
        if isinstance(cards, (str, int)):
            cards = [cards]
        known[role] = tuple(_cell(v, f"{role} {k + 1}", floor) for k, v in enumerate(cards))
    both = known["known top card"] + known["known bottom card"]
    for c in both:
        if c in pile or both.count(c) > 1:
            where = "is in the discard pile" if c in pile else "is named twice"
            raise PatrolError(f"known deck card {cell_name(c)} {where}; a card the players saw in the deck is "
                              "neither face up nor seen twice (CHAR-17)")
    if len(both) > N - len(pile) - removed:
        raise PatrolError(f"{len(both)} known deck cards, but the deck holds only {N - len(pile) - removed} cards")
    return PatrolInfo(floor=floor, guard=g, die=d, speed=speed, discard=pile, trim=trim, removed=removed,
                      walls=frozenset(walls), alarms=al, first_mp=first_mp, crow=crow,
                      known_top=known["known top card"], known_bottom=known["known bottom card"])


def public_info(game, floor) -> PatrolInfo:
    """The public patrol information of *floor* in *game*, read from the players' view
    (``game.view()``): the discard pile, how many cards lie removed face down (never which),
    the cards the players have seen in the deck (CHAR-17), the alarms, walls and crow. The
    first move's MP comes from the guard forecast: 0 when Donuts or the crow cancel it
    (GUARD-5), Espresso/Daydreaming when he moves this turn (GUARD-6). Raises
    :class:`PatrolError` if the guard is not placed yet, has no destination yet, or the
    game is over."""
    from burgle.analysis.guard_forecast import forecast

    floor = _floor(floor, game)
    view = game.view()
    gv = view["guards"][floor - 1]
    if gv["cell"] is None:
        raise PatrolError(f"the floor {floor} guard is not on the board yet; he appears when a character first "
                          f"arrives on floor {floor} (GUARD-2)")
    if view["outcome"] is not None:
        raise PatrolError(f"the game is over ({view['outcome']}: {view['outcome_reason']}); the guards move no more")
    if gv["die"] is None:
        raise PatrolError(f"the floor {floor} guard has no destination yet; it is drawn once the entrance is "
                          "chosen (SETUP-10)")
    base = N * (floor - 1)
    alarms = [c for c in range(base, base + N) if view["tiles"][cell_name(c)].get("alarm")]
    fc = forecast(game, floor, end_of_turn=False)
    if not fc.moves:
        first = 0  # Donuts (TOOL-4), the crow (CHAR-12) or no MP (GUARD-6)
    elif fc.moves_this_turn and fc.mp != gv["speed"] + len(alarms):
        first = fc.mp  # Espresso, Daydreaming (this turn only)
    else:
        first = None
    crow = view["crow"]
    if crow is not None and (floor_of(parse_cell(crow)) != floor or game.ability_holder("distract") is None):
        crow = None
    return patrol_info(floor, gv["cell"], gv["die"], gv["speed"], discard=gv["discard"], trim=view["trim"],
                       removed=gv["removed_count"], walls=view["walls"][str(floor)], alarms=alarms,
                       first_mp=first, crow=crow, known_top=gv["known_top"], known_bottom=gv["known_bottom"])


def _info(source, floor) -> PatrolInfo:
    if isinstance(source, PatrolInfo):
        if floor is not None and _floor(floor) != source.floor:
            raise PatrolError(f"floor {floor!r} does not match the patrol information, "
                              f"which is of floor {source.floor}")
        return source
    if hasattr(source, "s") and hasattr(source.s, "guards"):
        if floor is None:
            raise PatrolError("a game needs a floor: which guard (1, 2 or 3)?")
        return public_info(source, floor)
    if isinstance(source, Mapping):
        return patrol_info(**source)
    raise PatrolError(f"expected a Game and a floor, a PatrolInfo or a dict of its fields, not {type(source).__name__}")


# ----------------------------------------------------------------------------- results


def percent(p) -> str:
    """A probability as the short label drawn on a cell: '37%', '<1%', '>99%', '100%'."""
    p = float(p)
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    if p < 0.005:
        return "<1%"
    if p >= 0.995:
        return ">99%"
    return f"{round(100 * p)}%"


@dataclass(frozen=True)
class OddsLayer:
    """One per-cell probability layer of a floor, ready to draw over the floor picture
    (``burgle.pictures.render(game, overlay=...)``): ``values`` maps each of the floor's
    cells to a probability; ``title`` says what it is the chance of."""

    floor: int
    kind: str  # "destination", "enter", "end_turn"
    values: Mapping
    title: str
    method: str = "exact"
    samples: int | None = None

    def labels(self) -> dict[int, str]:
        """Cell -> percentage label, for the cells with a chance above 0."""
        return {c: percent(p) for c, p in sorted(self.values.items()) if p > 0}

    @classmethod
    def coerce(cls, value) -> "OddsLayer":
        """An OddsLayer from itself, a :class:`DangerMap` (its ``enter`` layer) or a mapping
        cell -> probability (next-destination odds, as :func:`next_destination_odds` gives)."""
        if isinstance(value, OddsLayer):
            return value
        if isinstance(value, DangerMap):
            return value.layer("enter")
        if isinstance(value, Mapping) and value:
            vals = {}
            for k, p in value.items():
                if isinstance(k, int) and not isinstance(k, bool) and 0 <= k < 3 * N:
                    c = k
                else:
                    try:
                        c = parse_cell(k)
                    except CellError as exc:
                        raise PatrolError(f"overlay cell: {exc}") from None
                try:
                    q = Fraction(p) if isinstance(p, (int, Fraction)) else float(p)
                except (TypeError, ValueError):
                    q = None
                if q is None or not 0 <= q <= 1:
                    raise PatrolError(f"overlay value for {cell_name(c)} is {p!r}; expected a probability 0..1")
                vals[c] = q
            floors = {floor_of(c) for c in vals}
            if len(floors) != 1:
                raise PatrolError("an overlay mapping must hold cells of one floor, not floors "
                                  + ", ".join(str(f) for f in sorted(floors)))
            return cls(floor=floors.pop(), kind="destination", values=vals,
                       title="chance of each cell being his next destination (patrol card)")
        raise PatrolError(f"an overlay is a DangerMap, an OddsLayer or a mapping cell -> probability, "
                          f"not {value!r}")


@dataclass(frozen=True)
class DangerMap:
    """Where the guard may be within his next ``turns`` moves (see :func:`danger_map`).

    Per cell (building-wide cell numbers, the floor's 16 cells): ``enter`` the chance he
    enters it at least once, ``end_turn`` the chance he ends at least one of the moves on
    it; ``enter_by_turn[k]`` / ``end_by_turn[k]`` the same for move k+1 alone (each
    ``end_by_turn[k]`` sums to 1); ``reshuffle`` the chance that his deck runs out and is
    reshuffled (die +1) within the horizon. ``method`` "exact" gives Fractions and
    ``sequences`` (card sequences enumerated) and ``states`` (memoised draw states);
    "monte-carlo" gives floats over ``samples`` seeded with ``seed``."""

    info: PatrolInfo
    turns: int
    method: str
    enter: dict
    end_turn: dict
    enter_by_turn: tuple
    end_by_turn: tuple
    reshuffle: Fraction | float
    sequences: int = 0
    states: int = 0
    samples: int | None = None
    seed: int | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def floor(self) -> int:
        return self.info.floor

    def how(self) -> str:
        if self.method == "exact":
            return f"exact, {self.sequences:,} card sequences"
        return f"Monte Carlo, {self.samples:,} samples, seed {self.seed}"

    def layer(self, what: str = "enter", turn: int | None = None) -> OddsLayer:
        """The ``enter`` or ``end_turn`` figures as an :class:`OddsLayer`, for all moves
        (``turn=None``) or move *turn* (1..turns) alone."""
        if what not in ("enter", "end_turn"):
            raise PatrolError(f"danger layer {what!r} does not exist; choose 'enter' or 'end_turn'")
        moves = f"his next {self.turns} moves" if self.turns > 1 else "his next move"
        if turn is None:
            values = self.enter if what == "enter" else self.end_turn
            when = f"within {moves}"
        else:
            turn = _int(turn, "turn", 1, self.turns, f"this map covers {self.turns} moves")
            values = (self.enter_by_turn if what == "enter" else self.end_by_turn)[turn - 1]
            when = "in his next move" if turn == 1 else f"in his move {turn} from now"
        verb = "he enters the cell" if what == "enter" else "he ends a move on the cell"
        return OddsLayer(floor=self.floor, kind=what, values=values, title=f"chance {verb} {when} ({self.how()})",
                         method=self.method, samples=self.samples)

    def describe(self) -> list[str]:
        """Plain-English lines: the inputs, the method, and the figures of each cell."""
        lines = [self.info.describe(), f"Danger over {self.turns} move(s), {self.how()}."]
        lines += list(self.notes)
        for name, table in (("enters", self.enter), ("ends a move on", self.end_turn)):
            parts = [f"{cell_name(c)} {percent(p)}" for c, p in sorted(table.items(), key=lambda kv: -kv[1]) if p > 0]
            lines.append(f"Chance he {name}: " + ", ".join(parts) + ".")
        lines.append(f"Chance of a reshuffle (die +1) on the way: {percent(self.reshuffle)}.")
        return lines


# ----------------------------------------------------------------------------- next destination


def _tie_note(base: int, at: int, tie: tuple[int, ...]) -> str:
    return (f"On {cell_name(base + at)} the alarms on " + " and ".join(cell_name(base + i) for i in tie)
            + f" are equally near: the players choose (ALARM-3); these odds assume "
            f"{cell_name(base + tie[0])}, the first in reading order.")


@lru_cache(maxsize=64)
def _walker(floor: int, walls: frozenset, crow: int | None) -> GuardWalker:
    """The engine's guard walk on a scratch copy of the floor (one per layout and crow)."""
    return GuardWalker(floor, walls, crow)


def walker_of(info: PatrolInfo) -> GuardWalker:
    base = N * (info.floor - 1)
    return _walker(info.floor, info.walls, None if info.crow is None else info.crow - base)


_MOVE_WALKS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _move_walks(walker: GuardWalker, turns: int, use: str) -> dict:
    """The walks without alarms cut into moves for *turns*-move maps on *walker*'s layout,
    kept as long as the walker is: they are the same in every call, and with no alarm
    there is no alarm tie to note. *use*: "walks" (:meth:`_Model.walk`) or "monte-carlo"
    (the same walks as :func:`_monte_carlo` keeps them)."""
    per_turns = _MOVE_WALKS.get(walker)
    if per_turns is None:
        per_turns = _MOVE_WALKS[walker] = {}
    return per_turns.setdefault((turns, use), {})


class _Deck:
    """What the players know of the patrol deck's order, as the draws use it (GUARD-3,
    GUARD-4, CHAR-17): cycle 0 is the deck as it lies now, later cycles follow reshuffles.

    In cycle 0 the cards shown to the players come in their known places: the top ones
    first, the bottom ones last; every other draw is uniform over the cards the players
    have not seen (the rest of the deck and the removed cards, which are exchangeable).
    After a reshuffle nothing is known: each draw is uniform over the unseen cards."""

    def __init__(self, info: PatrolInfo):
        base = N * (info.floor - 1)
        self.trim = info.trim
        self.removed0 = info.removed
        self.seen0 = 0
        for c in info.discard:
            self.seen0 |= 1 << (c - base)
        self.top = tuple(c - base for c in info.known_top)
        self.bottom = tuple(c - base for c in info.known_bottom)
        self.size = info.deck_size  # cards in the deck now
        known = 0
        for i in self.top + self.bottom:
            known |= 1 << i
        self.pool0 = FULL & ~self.seen0 & ~known  # the cards no one has seen this cycle
        self.unknown = self.size - len(self.top) - len(self.bottom)  # draws from the pool this cycle
        self._cache: dict = {}

    def removed_in(self, cycle: int) -> int:
        return self.removed0 if cycle == 0 else self.trim

    def pool_drawn(self, j: int) -> int:
        """How many of cycle 0's first *j* draws came from the unseen pool."""
        return min(max(j - len(self.top), 0), self.unknown)

    def cards(self, cycle: int, seen: int) -> list[int]:
        """The possible next cards (indexes, each equally likely) when *seen* are face up."""
        key = (cycle == 0, seen)
        out = self._cache.get(key)
        if out is None:
            if cycle:
                out = [i for i in range(N) if not seen >> i & 1]
            else:
                j = (seen & ~self.seen0).bit_count()  # cards drawn this cycle so far
                if j < len(self.top):
                    out = [self.top[j]]
                elif j < self.size - len(self.bottom):
                    out = [i for i in range(N) if self.pool0 >> i & 1 and not seen >> i & 1]
                else:
                    out = [self.bottom[self.size - 1 - j]]
            self._cache[key] = out
        return out


def _draw_odds(deck: _Deck, p: int, cycle: int, seen: int) -> dict[int, Fraction]:
    """Odds of the card that becomes the die, drawn with the guard on index *p*: each
    possible next card (:meth:`_Deck.cards`) with the same chance; his own cell means draw
    again (DEC-8); an empty deck is reshuffled first (GUARD-4), and a fresh deck
    (16 - trim >= 2 cards) always holds a card other than his cell: 1/15 each, whatever
    the trim."""
    if N - seen.bit_count() - deck.removed_in(cycle) == 0:  # reshuffle: the first card his own cell -> again
        return {i: Fraction(1, N - 1) for i in range(N) if i != p}
    cards = deck.cards(cycle, seen)
    u = len(cards)
    out = {i: Fraction(1, u) for i in cards if i != p}
    if p in cards:
        again = _draw_odds(deck, p, cycle, seen | 1 << p)
        for i, q in again.items():
            out[i] = out.get(i, 0) + q / u
    return out


def next_destination_odds(source, floor=None) -> dict[int, Fraction]:
    """The exact chance of each of the floor's 16 cells (cell number -> Fraction, zeros
    included, summing to 1) being the guard's next destination: the die's cell once he
    reaches the current one (GUARD-11). With alarms on the floor he first clears them
    (the die goes to the nearest each time, ALARM-3); while one remains after his arrival
    the next destination is that alarm for certain (of equally near alarms, which the
    players choose between, the first in reading order). Otherwise it is the next patrol
    card (GUARD-3, DEC-8, GUARD-4), as far as the players know the deck: a card the
    Spotter saw is certain in its place (CHAR-17).

    The walk to his destination is the engine's (:class:`~burgle.engine.walker.GuardWalker`).
    *source*: a Game (with *floor*), a :class:`PatrolInfo` or a dict of its fields."""
    info = _info(source, floor)
    base = N * (info.floor - 1)
    die = info.die - base
    rec = walker_of(info).walk(info.guard - base, die, frozenset(c - base for c in info.alarms))
    first = next(st for st in rec.steps if st.cell == die)  # his first arrival
    out = {c: Fraction(0) for c in range(base, base + N)}
    if first.alarms:  # the die went on to the nearest alarm (ALARM-3)
        out[base + first.die] = Fraction(1)
        return out
    deck = _Deck(info)
    for i, q in _draw_odds(deck, die, 0, deck.seen0).items():
        out[base + i] = q
    return out


def next_destination_layer(source, floor=None) -> OddsLayer:
    """:func:`next_destination_odds` as an :class:`OddsLayer` for the floor picture."""
    info = _info(source, floor)
    return OddsLayer(floor=info.floor, kind="destination", values=next_destination_odds(info),
                     title="chance of each cell being his next destination (exact)")


# ----------------------------------------------------------------------------- the danger model


class _OverBudget(Exception):
    pass


class _MoreCycles(Exception):
    pass


class _Model:
    """The guard left to himself, over *turns* moves. Slots (one per figure): enter(c),
    end(c), enter(k, c), end(k, c), reshuffle. His walking is the engine's
    (:class:`~burgle.engine.walker.GuardWalker`): this class only cuts the engine's walk
    into moves by their movement points and marks what each move enters and ends on."""

    def __init__(self, info: PatrolInfo, turns: int):
        self.info = info
        self.turns = turns
        self.base = N * (info.floor - 1)
        self.walker = walker_of(info)
        self.deck = _Deck(info)
        self.removed_in = self.deck.removed_in
        self.trim = info.trim
        self.notes: list[str] = []
        T = turns
        self.n_slots = 32 + 32 * T + 1
        self.s_resh = 32 + 32 * T
        self.enter_bits = [[(1 << c) | (1 << (32 + 16 * k + c)) for c in range(N)] for k in range(T)]
        self.end_bits = [[(1 << (16 + c)) | (1 << (32 + 16 * T + 16 * k + c)) for c in range(N)] for k in range(T)]
        self.walks = _move_walks(self.walker, turns, "walks")  # shared between calls on this layout
        self.alarm_walks: dict = {}  # walks with alarms may note a tie (ALARM-3): this call's own
        self.seen0 = self.deck.seen0
        self.alarms0 = frozenset(c - self.base for c in info.alarms)

    # -- deterministic walking between draws

    def walk(self, p: int, dest: int, mp: int, k: int, speed: int, alarms: frozenset):
        """Walk from index *p* toward *dest* with *mp* MP left in move *k* (0-based; mp 0:
        move k is over). Returns (slot bits, how it ends, p, k, mp): _LEAF (horizon
        reached), _DRAW (arrived with no alarm: a card is drawn at p) or _FINAL (arrived
        on the very last step of the horizon: the draw matters only for the reshuffle)."""
        key = (p, dest, mp, k, speed, alarms)
        walks = self.alarm_walks if alarms else self.walks
        hit = walks.get(key)
        if hit is not None:
            return hit
        rec = self.walker.walk(p, dest, alarms)
        steps = rec.steps
        last = len(steps) - 1
        T = self.turns
        slots = 0
        i = 0
        while True:
            if mp <= 0:
                k += 1
                if k == T:
                    out = (slots, _LEAF, p, k, 0)
                    break
                mp = self.walker.movement_points(speed, alarms)  # GUARD-6, fixed when the move starts
            st = steps[i]
            p, alarms = st.cell, st.alarms
            mp -= st.cost
            slots |= self.enter_bits[k][p]
            if mp <= 0:
                mp = 0
                slots |= self.end_bits[k][p]
            if st.tie:
                note = _tie_note(self.base, p, st.tie)
                if note not in self.notes:
                    self.notes.append(note)
            if i == last and rec.draws:  # GUARD-11: arrived with no alarm left
                out = (slots, _FINAL if mp == 0 and k == T - 1 else _DRAW, p, k, mp)
                break
            i += 1
        walks[key] = out
        return out

    def root(self):
        """The walk from the present state up to the first draw (or the horizon)."""
        info = self.info
        p, dest = info.guard - self.base, info.die - self.base
        if info.first_mp is None:
            mp = self.walker.movement_points(info.speed, self.alarms0)
            return self.walk(p, dest, mp, 0, info.speed, self.alarms0)
        if info.first_mp == 0:  # his first move is cancelled: he ends it where he stands
            slots = self.end_bits[0][p]
            if self.turns == 1:
                return (slots, _LEAF, p, 1, 0)
            s, kind, q, k, mp = self.walk(p, dest, 0, 0, info.speed, self.alarms0)
            return (s | slots, kind, q, k, mp)
        return self.walk(p, dest, info.first_mp, 0, info.speed, self.alarms0)


class _Exact:
    """Exact enumeration with memoisation and integer arithmetic (see the module doc)."""

    def __init__(self, model: _Model, cycles: int):
        self.m = model
        self.cycles = cycles  # the most reshuffles the common denominator allows for
        deck = model.deck
        seen0 = model.seen0.bit_count()
        pool0 = deck.pool0.bit_count()

        def falling(a: int, b: int) -> int:
            return factorial(a) // factorial(a - b)

        first = falling(pool0, deck.unknown)  # every order of this cycle's unknown draws
        full = falling(N, N - model.trim)  # (16)_(16-trim): one whole later cycle
        # prefix denominators: cycle 0 after j draws, of which d from the pool: (pool0)_d;
        # cycle c >= 1 after n cards: first * full^(c-1) * (16)_n
        self.L = first * full ** cycles
        self.G = [[0] * seen0 + [self.L // falling(pool0, deck.pool_drawn(j)) for j in range(deck.size + 1)]]
        for c in range(1, cycles + 1):
            pre = first * full ** (c - 1)
            self.G.append([self.L // (pre * falling(N, n)) for n in range(0, N - model.trim + 1)])
        self.w = self.L.bit_length() + 1
        self.memo: dict = {}
        self.ones_cache: dict = {}
        self.seg_cache: dict = {}
        self.all_ones = sum(1 << (s * self.w) for s in range(model.n_slots))
        self.mask_w = (1 << self.w) - 1

    def ones(self, bits: int) -> int:
        """The packed integer with 1 in each slot of *bits*."""
        v = self.ones_cache.get(bits)
        if v is None:
            v = 0
            w = self.w
            b, s = bits, 0
            while b:
                if b & 1:
                    v |= 1 << (s * w)
                b >>= 1
                s += 1
            self.ones_cache[bits] = v
        return v

    def segments(self, p: int, mp: int, k: int, speed: int) -> list:
        """The walks after a draw at *p*, one slot per possible new destination, filled on
        first use by :meth:`segment` (None until then)."""
        key = (p, mp, k, speed)
        out = self.seg_cache.get(key)
        if out is None:
            out = self.seg_cache[key] = [None] * N
        return out

    def segment(self, p: int, mp: int, k: int, speed: int, c: int) -> tuple:
        """The walk toward *c* after a draw at *p*, with its packed slots: (bits, how it
        ends, p, k, mp, ones, clear mask)."""
        bits, kind, q, k2, mp2 = self.m.walk(p, c, mp, k, speed, _NO_ALARMS)
        ones = self.ones(bits)
        return (bits, kind, q, k2, mp2, ones, (self.all_ones * self.mask_w) ^ (ones * self.mask_w))

    def final(self, bits_ones: int, q: int, cycle: int, seen: int, g: int) -> int:
        """A leaf whose last step is an arrival: the draw there happens after the horizon
        but may still reshuffle the deck (die +1)."""
        deck = N - seen.bit_count() - self.m.removed_in(cycle)
        value = bits_ones * g
        sw = self.m.s_resh * self.w
        if deck == 0:
            value |= g << sw
        elif deck == 1:
            cards = self.m.deck.cards(cycle, seen)
            if q in cards:  # the last card is his own cell: 1 in len(cards)
                value += (g // len(cards)) << sw
        return value

    def draw(self, p: int, k: int, mp: int, speed: int, cycle: int, seen: int):
        """(packed values, card sequences) of a draw with the guard on index *p*."""
        key = (p, k, mp, speed, cycle, seen)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        m = self.m
        resh = False
        if N - seen.bit_count() - m.removed_in(cycle) == 0:  # GUARD-4: reshuffle, die +1
            cycle += 1
            if cycle > self.cycles:
                raise _MoreCycles
            seen = 0
            speed = min(MAX_SPEED, speed + 1)
            resh = True
        n = seen.bit_count() + 1  # every child has drawn one card more
        g = self.G[cycle][n]
        deck = N - n - m.removed_in(cycle)  # the deck after this draw
        segs = self.segments(p, mp, k, speed)
        total = leaves = 0
        count = finals = 0
        draw = self.draw
        for c in self.m.deck.cards(cycle, seen):
            after = seen | (1 << c)
            if c == p:  # DEC-8: his own cell, draw again
                v, cnt = draw(p, k, mp, speed, cycle, after)
                total += v
                count += cnt
                continue
            seg = segs[c]
            if seg is None:
                seg = segs[c] = self.segment(p, mp, k, speed, c)
            bits, kind, q, k2, mp2, ones, clear = seg
            if kind == _DRAW:
                v, cnt = draw(q, k2, mp2, speed, cycle, after)
                total += (v & clear) | (ones * g)  # what this walk enters happens for certain
                count += cnt
                continue
            leaves += ones
            count += 1
            if kind == _FINAL and deck == 0:
                finals += 1  # his last step arrives at the card just drawn: that draw reshuffles
        if finals:
            leaves += finals << (m.s_resh * self.w)
        total += leaves * g
        if resh:
            sw = m.s_resh * self.w
            total = (total & ~(self.mask_w << sw)) | (self.G[cycle][0] << sw)
        out = (total, count)
        self.memo[key] = out
        return out

    def run(self):
        m = self.m
        bits, kind, q, k, mp = m.root()
        g = self.G[0][m.seen0.bit_count()]
        ones = self.ones(bits)
        if kind == _LEAF:
            value, count = ones * g, 1
        elif kind == _FINAL:
            value, count = self.final(ones, q, 0, m.seen0, g), 1
        else:
            v, count = self.draw(q, k, mp, m.info.speed, 0, m.seen0)
            value = (v & ((self.all_ones ^ ones) * self.mask_w)) | (ones * g)
        w, mask, L = self.w, self.mask_w, self.L
        probs = [Fraction((value >> (s * w)) & mask, L) for s in range(m.n_slots)]
        return probs, count, len(self.memo)


def _count_states(model: _Model, budget: int) -> int:
    """The number of draw states exact enumeration would memoise, or _OverBudget as soon as
    it passes *budget*: a cheap first pass (no arithmetic) so that "auto" gives up early."""
    visited: set = set()
    walk = model.walk
    removed_in = model.removed_in
    cards = model.deck.cards
    nexts: dict = {}  # (p, k, mp, speed) -> per card, the next draw's (p, k, mp) or None: many seen sets share it

    def draw(p, k, mp, speed, cycle, seen):
        key = (p, k, mp, speed, cycle, seen)
        if key in visited:
            return
        if len(visited) >= budget:
            raise _OverBudget
        visited.add(key)
        if N - seen.bit_count() - removed_in(cycle) == 0:
            cycle, seen, speed = cycle + 1, 0, min(MAX_SPEED, speed + 1)
        after = nexts.get((p, k, mp, speed))
        if after is None:
            after = nexts[p, k, mp, speed] = [0] * N  # 0: not walked yet (only cards that can come are)
        for c in cards(cycle, seen):
            if c == p:
                draw(p, k, mp, speed, cycle, seen | 1 << c)
                continue
            nxt = after[c]
            if nxt == 0:
                _, kind, q, k2, mp2 = walk(p, c, mp, k, speed, _NO_ALARMS)
                nxt = after[c] = (q, k2, mp2) if kind == _DRAW else None
            if nxt is not None:
                draw(*nxt, speed, cycle, seen | 1 << c)

    _, kind, q, k, mp = model.root()
    if kind == _DRAW:
        draw(q, k, mp, model.info.speed, 0, model.seen0)
    return len(visited)


def _words(bits: int, words: int) -> list[int]:
    """The slot flags *bits* cut into *words* 64-bit words, lowest first (a numpy row)."""
    return [(bits >> (64 * i)) & 0xFFFF_FFFF_FFFF_FFFF for i in range(words)]


_MP_KEY = 64  # MP left at a draw is below this (at most 20 for a first move, else die 6 + the alarms)


class _SampledWalks:
    """The walks of :meth:`_Model.walk` after a draw (no alarms), as numpy rows for
    :func:`_monte_carlo`, sorted by their key ((die x turns + move) x _MP_KEY + MP left) x
    16 + cell) x 16 + card: ``ends`` (cell, move, MP left, how it ends) and ``slots`` (the
    slot flags as 64-bit words). One per floor layout and horizon, kept between calls."""

    def __init__(self, words: int):
        import numpy as np

        self.keys = np.zeros(0, dtype=np.int64)
        self.ends = np.zeros((0, 4), dtype=np.int64)
        self.slots = np.zeros((0, words), dtype=np.uint64)

    @classmethod
    def of(cls, model: "_Model") -> "_SampledWalks":
        shared = _move_walks(model.walker, model.turns, "monte-carlo")
        table = shared.get("table")
        if table is None:
            table = shared["table"] = cls((model.n_slots + 63) // 64)
        return table

    def rows(self, model: "_Model", keys):
        """The row of each key, walking (once) those not met before."""
        import numpy as np

        at = np.searchsorted(self.keys, keys)
        known = at < len(self.keys)
        known[known] = self.keys[at[known]] == keys[known]
        if known.all():
            return at
        new = np.unique(keys[~known])
        T, words = model.turns, self.slots.shape[1]
        ends, slots = [], []
        for key in new.tolist():
            rest, card = divmod(key, N)
            rest, cell = divmod(rest, N)
            rest, mp = divmod(rest, _MP_KEY)
            speed, k = divmod(rest, T)
            bits, kind, q, k2, mp2 = model.walk(cell, card, mp, k, speed, _NO_ALARMS)
            ends.append((q, k2, mp2, kind))
            slots.append(_words(bits, words))
        keys_all = np.concatenate([self.keys, new])
        order = np.argsort(keys_all, kind="stable")
        self.keys = keys_all[order]
        self.ends = np.concatenate([self.ends, np.array(ends, dtype=np.int64)])[order]
        self.slots = np.concatenate([self.slots, np.array(slots, dtype=np.uint64).reshape(-1, words)])[order]
        return np.searchsorted(self.keys, keys)


def _monte_carlo(model: _Model, samples: int, seed: int):
    """Seeded Monte Carlo: *samples* independent runs of the guard, moved together with numpy.

    The runs advance in lockstep, one patrol draw per round. A draw is as the exact method
    has it (:class:`_Deck`): a card the players saw comes in its known place, any other
    is uniform over the cards nobody has seen this cycle, and every cycle has the same
    length in every run (the deck now, then 16 - trim after each reshuffle: GUARD-4,
    SETUP-4), so the reshuffles (die +1) fall at the same draw numbers in all runs. Each
    distinct (die, move, MP left, cell, card) met is walked once by :meth:`_Model.walk` (the
    engine's walk, cut into moves), and what it enters and ends on is ORed into every run
    that took it. ``numpy.random.default_rng(seed)`` makes it repeatable."""
    import numpy as np  # here, not at the top: exact maps (most of them) never load numpy

    rng = np.random.default_rng(seed)
    info, deck = model.info, model.deck
    words = (model.n_slots + 63) // 64
    size0, later = deck.size, N - model.trim  # cards per cycle: now, and after each reshuffle
    n_top, n_bottom = len(deck.top), len(deck.bottom)
    top = np.array(deck.top + (0,), dtype=np.int64)  # padded so that any index is readable
    bottom = np.array(deck.bottom + (0,), dtype=np.int64)
    index = np.arange(N, dtype=np.int64)

    def reshuffles_by(j):
        """Reshuffles done once draw number *j* (0-based, an array) is made: one before each
        draw from an empty deck, that is draws size0, size0 + later, ... (GUARD-4)."""
        return np.where(j < size0, 0, 1 + (j - size0) // later)

    def draw(runs):
        """Draw the next card of each of *runs* (draw number ``pos``): a reshuffle first if the
        deck is empty; returns the cards and marks them seen."""
        j = pos[runs]
        cycle = reshuffles_by(j)
        fresh = cycle > reshuffles_by(j - 1)
        seen[runs[fresh]] = 0
        resh[runs[fresh]] = True
        free = np.where(cycle == 0, deck.pool0, FULL) & ~seen[runs]  # the cards nobody has seen
        free_bits = (free[:, None] >> index) & 1
        nth = (rng.random(len(runs)) * free_bits.sum(axis=1)).astype(np.int64)
        card = np.argmax(free_bits.cumsum(axis=1) > nth[:, None], axis=1)
        if n_top or n_bottom:  # cycle 0: the cards the players saw come in their places (CHAR-17)
            card = np.where((cycle == 0) & (j < n_top), top[np.minimum(j, n_top)], card)
            from_end = size0 - 1 - j
            card = np.where((cycle == 0) & (from_end >= 0) & (from_end < n_bottom),
                            bottom[np.clip(from_end, 0, n_bottom)], card)
        seen[runs] |= 1 << card
        pos[runs] = j + 1
        return card, cycle

    bits0, kind0, p0, k0, mp0 = model.root()
    S = samples
    hits = np.tile(np.array(_words(bits0, words), dtype=np.uint64), (S, 1))
    p = np.full(S, p0, dtype=np.int64)
    k = np.full(S, k0, dtype=np.int64)
    mp = np.full(S, mp0, dtype=np.int64)
    kind = np.full(S, kind0, dtype=np.int64)
    pos = np.zeros(S, dtype=np.int64)  # each run's next draw number
    seen = np.full(S, deck.seen0, dtype=np.int64)  # the cards face up this cycle
    resh = np.zeros(S, dtype=bool)
    T = model.turns
    table = _SampledWalks.of(model)
    while True:
        runs = np.flatnonzero(kind == _DRAW)
        if not len(runs):
            break
        at = p[runs]
        card, cycle = draw(runs)
        again = np.flatnonzero(card == at)
        while len(again):  # GUARD-3: a card naming his own cell means draw again (DEC-8)
            card[again], cycle[again] = draw(runs[again])
            again = again[card[again] == at[again]]
        speed = np.minimum(MAX_SPEED, info.speed + cycle)  # GUARD-4: die +1 at each reshuffle, max 6
        row = table.rows(model, (((speed * T + k[runs]) * _MP_KEY + mp[runs]) * N + at) * N + card)
        p[runs], k[runs], mp[runs], kind[runs] = table.ends[row].T
        hits[runs] |= table.slots[row]
    # a walk whose very last step arrives: the draw there comes after the horizon, but it
    # reshuffles if the deck is empty, or if its last card is his own cell (draw again)
    final = np.flatnonzero(kind == _FINAL)
    if len(final):
        j = pos[final]
        resh[final[reshuffles_by(j) > reshuffles_by(j - 1)]] = True
        last = final[reshuffles_by(j + 1) > reshuffles_by(j)]
        if len(last):
            at = p[last]
            card, _ = draw(last)
            resh[last[card == at]] = True
    hits[resh, model.s_resh // 64] |= np.uint64(1 << (model.s_resh % 64))
    flags = np.unpackbits(hits.astype("<u8").view(np.uint8), axis=1, bitorder="little")
    counts = flags.sum(axis=0, dtype=np.int64).tolist()
    return [counts[s] / samples for s in range(model.n_slots)]


def _monte_carlo_pure(model: _Model, samples: int, seed: int):
    """Seeded Monte Carlo in plain Python, one run after another, for where numpy is missing:
    the static site's Pyodide has no numpy (docs/publishing.md), and the pages' danger
    maps fall back to sampling over the exact budget. The same draws as :func:`_monte_carlo`
    (a seen card in its known place, else uniform over the unseen ones: :meth:`_Deck.cards`;
    GUARD-3, GUARD-4, DEC-8) from ``random.Random(seed)``, so its figures agree with the
    numpy sampler's within sampling error, not digit for digit."""
    rng = random.Random(seed)
    rnd = rng.random  # int(rnd() * n): uniform over n <= 16 cards, faster than randrange
    info = model.info
    root = model.root()
    masks: Counter = Counter()
    resh_bit = 1 << model.s_resh
    cards = model.deck.cards
    walk = model.walk
    walks = model.walks
    lists: dict = {}  # (later cycle?, seen) -> the possible next cards
    r0, trim = model.deck.removed_in(0), model.trim
    for _ in range(samples):
        bits, kind, p, k, mp = root
        speed, cycle, seen, removed = info.speed, 0, model.seen0, r0
        while kind == _DRAW:
            while True:  # GUARD-3: draw until the card is not his own cell (DEC-8)
                if N - seen.bit_count() - removed == 0:  # GUARD-4
                    cycle += 1
                    seen = 0
                    removed = trim
                    speed = min(MAX_SPEED, speed + 1)
                    bits |= resh_bit
                key = seen | (1 << N) if cycle else seen
                lst = lists.get(key)
                if lst is None:
                    lst = lists[key] = cards(cycle, seen)
                c = lst[int(rnd() * len(lst))]
                seen |= 1 << c
                if c != p:
                    break
            hit = walks.get((p, c, mp, k, speed, _NO_ALARMS))
            b, kind, p, k, mp = hit if hit is not None else walk(p, c, mp, k, speed, _NO_ALARMS)
            bits |= b
        if kind == _FINAL:
            deck = N - seen.bit_count() - removed
            last = cards(cycle, seen) if deck == 1 else ()
            if deck == 0 or (p in last and int(rnd() * len(last)) == 0):
                bits |= resh_bit
        masks[bits] += 1
    counts = [0] * model.n_slots
    for bits, n in masks.items():
        s = 0
        while bits:
            if bits & 1:
                counts[s] += n
            bits >>= 1
            s += 1
    return [n / samples for n in counts]


def _sampler():
    """The numpy sampler where numpy is installed (wherever matplotlib is), else the plain one."""
    try:
        import numpy  # noqa: F401
    except ImportError:
        return _monte_carlo_pure
    return _monte_carlo


def danger_map(source, floor=None, turns: int = 3, method: str = "auto", budget: int = DEFAULT_BUDGET,
               samples: int = DEFAULT_SAMPLES, seed: int = 0) -> DangerMap:
    """For each of the floor's cells, the chance that the guard enters it, and that he ends
    a move on it, within his next *turns* moves (see :class:`DangerMap`).

    *source*: a Game (with *floor*), a :class:`PatrolInfo` or a dict of its fields.
    *method*: "exact" (enumerate the unseen cards; no limit), "monte-carlo" (*samples*
    seeded runs, ``numpy.random.default_rng(seed)``) or "auto" (exact unless it needs more than
    *budget* memoised draw states, then Monte Carlo). Never changes a game."""
    info = _info(source, floor)
    turns = _int(turns, "turns", 1, MAX_TURNS, "his next N moves")
    if method not in METHODS:
        raise PatrolError(f"method {method!r} is not known; choose one of " + ", ".join(METHODS))
    budget = _int(budget, "budget", 1, 10**9)
    samples = _int(samples, "samples", 1, 10**8)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise PatrolError(f"seed {seed!r} must be a whole number")
    model = _Model(info, turns)
    probs = None
    if method == "auto":
        try:
            _count_states(model, budget)
        except _OverBudget:
            method = "monte-carlo"
    if method != "monte-carlo":
        # draws within the horizon <= 2 x steps (each card at most once per cycle, DEC-8 redraws included)
        steps = (info.first_mp or 0) + turns * (MAX_SPEED + len(info.alarms))
        cycles = 0 if 2 * steps < info.deck_size else 1
        while probs is None:
            try:
                probs, count, states = _Exact(model, cycles).run()
            except _MoreCycles:
                cycles += 1
    if probs is not None:
        kw = dict(method="exact", sequences=count, states=states)
    else:
        probs = _sampler()(model, samples, seed)
        kw = dict(method="monte-carlo", sequences=samples, samples=samples, seed=seed)
    T, base = turns, model.base

    def cells(offset):
        return {base + c: probs[offset + c] for c in range(N)}

    return DangerMap(
        info=info, turns=turns, enter=cells(0), end_turn=cells(16),
        enter_by_turn=tuple(cells(32 + 16 * k) for k in range(T)),
        end_by_turn=tuple(cells(32 + 16 * T + 16 * k) for k in range(T)),
        reshuffle=probs[model.s_resh], notes=tuple(model.notes), **kw,
    )
