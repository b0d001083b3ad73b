"""Patrol odds and the danger map: where a guard may go, from what the players can see.

Two questions about one floor's guard, answered from **public information only**:

* :func:`next_destination_odds`: the exact chance of each cell being his next
  destination (the die's next cell once he reaches the current one);
* :func:`danger_map`: for every cell, the chance that he *enters* it, and the chance that
  he *ends a move* on it, within his next N moves (``turns=N``), with the per-move
  figures too. Computed exactly by enumerating the unseen patrol cards (``method
  "exact"``, :class:`fractions.Fraction` results) or, when that would take too long, by
  seeded Monte Carlo (``"monte-carlo"``, floats, with ``samples`` and ``seed``).

What the players see (GUARD-1, SETUP-4): the guard's cell, the die's cell and face, the
floor's walls and alarm tokens, the patrol discard pile in drawing order, and how many
cards were removed face down. What they do not see: the deck's order and *which* cards
were removed. So the model is: the unseen cards (the 16 cells of the floor minus the
discard pile) are in uniformly random order; ``removed`` of them lie aside face down and
the rest form the deck. Nothing hidden is read from a :class:`~burgle.engine.game.Game`:
only ``len(guard.removed)``, the size of the face-down pile, which is on the table.

Rules followed exactly:

* GUARD-3 / DEC-8: a card naming the guard's own cell means he has arrived: draw again;
* GUARD-4 / DEC-15: a draw from an empty deck first shuffles all 16 cards, removes
  ``trim`` again (SETUP-4, DEC-14), and raises the die by 1 (max 6);
* GUARD-6: MP = die face + alarm tokens on the floor, fixed when the move starts (a
  speed-up in the middle of a move counts from his next move);
* GUARD-7/8/9: one step per MP along ``burgle.geometry.routing`` routes (most clockwise
  shortest route); arriving with MP left he draws (or heads for the next alarm) and
  walks on; GUARD-11: the new destination is set even when no MP is left;
* GUARD-12a / ALARM-4, GUARD-11 / ALARM-3: alarm tokens on the floor are switched off
  when he enters their cell; while alarms remain, each arrival sends the die to the
  nearest one and no card is drawn;
* GUARD-12f / CHAR-11: the basic Raven's crow costs him 1 more MP on its cell.

Simplifications (the odds describe the guard left to himself):

* no new alarms (no Camera, Thermo, Laser... set off by players, no Juicer), no Events
  (Espresso, Shift Change, teleports...), no tools or abilities and no player action
  between his moves; each of "his next N moves" is a guard-phase move of this floor,
  whichever turns they fall in;
* alarm ties (ALARM-3, the players choose): the model takes the alarm first in reading
  order and says so in ``notes``;
* from a game (:func:`public_info`), the first move uses what the forecast
  (:func:`~burgle.analysis.guard_forecast.forecast`) knows of it: Donuts or the
  advanced Raven's crow cancel it, Espresso/Daydreaming change its MP when he moves this
  turn; a Thermo alarm the active character would set off is not added.

Exact enumeration. Every draw of the current cycle takes each still-unseen card with
the same chance 1/(unseen cards), whether the deck is thick or thin; after a reshuffle,
1/16, 1/15, ... So a card sequence's chance depends only on how many cards were drawn in
each cycle, and the model enumerates only the cards drawn within the horizon, memoised
on (guard cell, move, MP left, die face, cycle, set of seen cards). Probabilities are
kept as integers over one common denominator and packed, one slot per figure, into a
single Python integer per state, so summing the branches of a draw is one big-integer
addition; results are reduced to :class:`~fractions.Fraction` at the end.

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
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from math import factorial

from burgle.data.jobs import get_job
from burgle.geometry.board import CELLS_PER_FLOOR, CellError, cell_name, floor_of, parse_cell, parse_walls, walls_spec
from burgle.engine.errors import BurgleError
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
    "DEFAULT_BUDGET",
    "DEFAULT_SAMPLES",
]

N = CELLS_PER_FLOOR
FULL = (1 << N) - 1
MAX_SPEED = 6  # GUARD-4, DEC-48
MAX_TURNS = 12  # the largest horizon accepted (Monte Carlo beyond what enumeration can do)
DEFAULT_BUDGET = 10_000  # memoised draw states before the exact method gives way to Monte Carlo
DEFAULT_SAMPLES = 4_000  # Monte Carlo sample count when enumeration is over budget
METHODS = ("auto", "exact", "monte-carlo")

_LEAF, _DRAW, _FINAL = 0, 1, 2  # how a deterministic stretch of walking ends


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
    he steps onto it (GUARD-12f, CHAR-11), else None. Build one with :func:`patrol_info`
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
                walls=None, alarms: Iterable = (), first_mp: int | None = None, crow=None) -> PatrolInfo:
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
    return PatrolInfo(floor=floor, guard=g, die=d, speed=speed, discard=pile, trim=trim, removed=removed,
                      walls=frozenset(walls), alarms=al, first_mp=first_mp, crow=crow)


def public_info(game, floor) -> PatrolInfo:
    """The public patrol information of *floor* in *game* (never reads the deck's order or
    which cards were removed; only how many). The first move's MP comes from the guard
    forecast: 0 when Donuts or the crow cancel it (GUARD-5), Espresso/Daydreaming when he
    moves this turn (GUARD-6). Raises :class:`PatrolError` if the guard is not placed yet,
    has no destination yet, or the game is over."""
    from burgle.analysis.guard_forecast import forecast

    floor = _floor(floor, game)
    s = game.s
    guard = s.guards[floor - 1]
    if not guard.placed:
        raise PatrolError(f"the floor {floor} guard is not on the board yet; he appears when a character first "
                          f"arrives on floor {floor} (GUARD-2)")
    if s.outcome is not None:
        raise PatrolError(f"the game is over ({s.outcome}: {s.outcome_reason}); the guards move no more")
    if guard.die is None:
        raise PatrolError(f"the floor {floor} guard has no destination yet; it is drawn once the entrance is "
                          "chosen (SETUP-10)")
    base = N * (floor - 1)
    alarms = [c for c in range(base, base + N) if s.tiles[c].alarm]
    fc = forecast(game, floor, end_of_turn=False)
    if not fc.moves:
        first = 0  # Donuts (TOOL-4), the crow (CHAR-12) or no MP (GUARD-6)
    elif fc.moves_this_turn and fc.mp != guard.speed + len(alarms):
        first = fc.mp  # Espresso, Daydreaming (this turn only)
    else:
        first = None
    crow = s.crow if s.crow is not None and floor_of(s.crow) == floor \
        and game.ability_holder("distract") is not None else None
    return patrol_info(floor, guard.cell, guard.die, guard.speed, discard=list(guard.discard), trim=s.trim,
                       removed=len(guard.removed), walls=s.walls[floor - 1], alarms=alarms, first_mp=first,
                       crow=crow)


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


def _nearest_alarm(table, p: int, alarms: int, base: int, notes: list) -> int:
    cand = [i for i in range(N) if alarms >> i & 1]
    d = {i: table.dist[p * N + i] for i in cand}
    best = min(d.values())
    near = [i for i in cand if d[i] == best]
    if len(near) > 1:
        note = (f"On {cell_name(base + p)} the alarms on " + " and ".join(cell_name(base + i) for i in near)
                + f" are equally near: the players choose (ALARM-3); these odds assume "
                f"{cell_name(base + near[0])}, the first in reading order.")
        if note not in notes:
            notes.append(note)
    return near[0]


def _draw_odds(p: int, seen: int, removed: int) -> dict[int, Fraction]:
    """Odds of the card that becomes the die, drawn with the guard on index *p*: each
    unseen card is next with chance 1/unseen; his own cell means draw again (DEC-8); an
    empty deck is reshuffled first (GUARD-4), and a fresh deck (16 - trim >= 2 cards)
    always holds a card other than his cell: 1/15 each, whatever the trim."""
    unseen = [i for i in range(N) if not seen >> i & 1]
    u = len(unseen)
    deck = u - removed
    if deck == 0:  # reshuffle: all 16 back, the first card his own cell -> draw again
        return {i: Fraction(1, N - 1) for i in range(N) if i != p}
    out = {i: Fraction(1, u) for i in unseen if i != p}
    if p in unseen:
        again = _draw_odds(p, seen | 1 << p, removed)
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
    card (GUARD-3, DEC-8, GUARD-4).

    *source*: a Game (with *floor*), a :class:`PatrolInfo` or a dict of its fields."""
    info = _info(source, floor)
    table = route_table(info.walls)
    base = N * (info.floor - 1)
    # the first arrival at the die: if alarms remain then, the die goes to the nearest
    p, dest = info.guard - base, info.die - base
    alarms = 0
    for c in info.alarms:
        alarms |= 1 << (c - base)
    while True:
        p = table.step[p * N + dest]
        alarms &= ~(1 << p)
        if p == dest:
            break
    out = {c: Fraction(0) for c in range(base, base + N)}
    if alarms:
        out[base + _nearest_alarm(table, p, alarms, base, [])] = Fraction(1)
        return out
    seen = 0
    for c in info.discard:
        seen |= 1 << (c - base)
    for i, q in _draw_odds(p, seen, info.removed).items():
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
    end(c), enter(k, c), end(k, c), reshuffle."""

    def __init__(self, info: PatrolInfo, turns: int):
        self.info = info
        self.turns = turns
        self.base = N * (info.floor - 1)
        table = route_table(info.walls)
        self.table = table
        self.step = table.step
        self.trim = info.trim
        self.removed0 = info.removed
        self.notes: list[str] = []
        T = turns
        self.n_slots = 32 + 32 * T + 1
        self.s_resh = 32 + 32 * T
        self.enter_bits = [[(1 << c) | (1 << (32 + 16 * k + c)) for c in range(N)] for k in range(T)]
        self.end_bits = [[(1 << (16 + c)) | (1 << (32 + 16 * T + 16 * k + c)) for c in range(N)] for k in range(T)]
        self.walks: dict = {}
        seen = 0
        for c in info.discard:
            seen |= 1 << (c - self.base)
        self.seen0 = seen
        alarms = 0
        for c in info.alarms:
            alarms |= 1 << (c - self.base)
        self.alarms0 = alarms
        self.crow = -1 if info.crow is None else info.crow - self.base

    # -- deterministic walking between draws

    def walk(self, p: int, dest: int, mp: int, k: int, speed: int, alarms: int):
        """Walk from index *p* toward *dest* with *mp* MP left in move *k* (0-based; mp 0:
        move k is over). Returns (slot bits, how it ends, p, k, mp): _LEAF (horizon
        reached), _DRAW (arrived with no alarm: a card is drawn at p) or _FINAL (arrived
        on the very last step of the horizon: the draw matters only for the reshuffle)."""
        key = (p, dest, mp, k, speed, alarms)
        hit = self.walks.get(key)
        if hit is not None:
            return hit
        step = self.step
        T = self.turns
        crow = self.crow
        slots = 0
        while True:
            if mp == 0:
                k += 1
                if k == T:
                    out = (slots, _LEAF, p, k, 0)
                    break
                mp = speed + alarms.bit_count()  # GUARD-6, fixed when the move starts
            p = step[p * N + dest]
            mp -= 1
            slots |= self.enter_bits[k][p]
            alarms &= ~(1 << p)  # GUARD-12a, ALARM-4
            if p == crow:  # GUARD-12f: the basic Raven's crow costs 1 more MP
                mp = max(0, mp - 1)
            if mp == 0:
                slots |= self.end_bits[k][p]
            if p == dest:  # GUARD-11
                if alarms:
                    dest = _nearest_alarm(self.table, p, alarms, self.base, self.notes)
                    continue
                out = (slots, _FINAL if mp == 0 and k == T - 1 else _DRAW, p, k, mp)
                break
        self.walks[key] = out
        return out

    def root(self):
        """The walk from the present state up to the first draw (or the horizon)."""
        info = self.info
        p, dest = info.guard - self.base, info.die - self.base
        if info.first_mp is None:
            return self.walk(p, dest, info.speed + self.alarms0.bit_count(), 0, info.speed, self.alarms0)
        if info.first_mp == 0:  # his first move is cancelled: he ends it where he stands
            slots = self.end_bits[0][p]
            if self.turns == 1:
                return (slots, _LEAF, p, 1, 0)
            s, kind, q, k, mp = self.walk(p, dest, 0, 0, info.speed, self.alarms0)
            return (s | slots, kind, q, k, mp)
        return self.walk(p, dest, info.first_mp, 0, info.speed, self.alarms0)

    def removed_in(self, cycle: int) -> int:
        return self.removed0 if cycle == 0 else self.trim


class _Exact:
    """Exact enumeration with memoisation and integer arithmetic (see the module doc)."""

    def __init__(self, model: _Model, cycles: int):
        self.m = model
        self.cycles = cycles  # the most reshuffles the common denominator allows for
        info = model.info
        seen0 = model.seen0.bit_count()
        u0 = N - seen0
        m0 = u0 - info.removed
        full = factorial(N) // factorial(model.trim)  # (16)_(16-trim): one whole later cycle
        # prefix denominators: cycle 0 after n seen cards: u0!/(16-n)!; cycle c >= 1: ... * 16!/(16-n)!
        self.L = (factorial(u0) // factorial(u0 - m0)) * full ** cycles
        self.G = []
        first = [self.L // (factorial(u0) // factorial(N - n)) for n in range(seen0, N - info.removed + 1)]
        self.G.append([0] * seen0 + first)
        for c in range(1, cycles + 1):
            pre = (factorial(u0) // factorial(u0 - m0)) * full ** (c - 1)
            self.G.append([self.L // (pre * (factorial(N) // factorial(N - n))) for n in range(0, N - model.trim + 1)])
        self.w = self.L.bit_length() + 1
        self.memo: dict = {}
        self.ones_cache: dict = {}
        self.seg_cache: dict = {}
        self.unseen_cache: dict = {}
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
        """The walk toward each possible new destination after a draw at *p* (None for p),
        with its packed slots: (bits, how it ends, p, k, mp, ones, clear mask)."""
        key = (p, mp, k, speed)
        out = self.seg_cache.get(key)
        if out is None:
            walk = self.m.walk
            full = self.all_ones * self.mask_w
            out = []
            for c in range(N):
                if c == p:
                    out.append(None)
                    continue
                bits, kind, q, k2, mp2 = walk(p, c, mp, k, speed, 0)
                ones = self.ones(bits)
                out.append((bits, kind, q, k2, mp2, ones, full ^ (ones * self.mask_w)))
            self.seg_cache[key] = out
        return out

    def unseen(self, seen: int) -> list:
        lst = self.unseen_cache.get(seen)
        if lst is None:
            lst = self.unseen_cache[seen] = [i for i in range(N) if not seen >> i & 1]
        return lst

    def final(self, bits_ones: int, q: int, cycle: int, seen: int, g: int) -> int:
        """A leaf whose last step is an arrival: the draw there happens after the horizon
        but may still reshuffle the deck (die +1)."""
        u = N - seen.bit_count()
        deck = u - self.m.removed_in(cycle)
        value = bits_ones * g
        sw = self.m.s_resh * self.w
        if deck == 0:
            value |= g << sw
        elif deck == 1 and not seen >> q & 1:  # the last card is his own cell: 1/u
            value += (g // u) << sw
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
        for c in self.unseen(seen):
            after = seen | (1 << c)
            if c == p:  # DEC-8: his own cell, draw again
                v, cnt = draw(p, k, mp, speed, cycle, after)
                total += v
                count += cnt
                continue
            bits, kind, q, k2, mp2, ones, clear = segs[c]
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

    def draw(p, k, mp, speed, cycle, seen):
        key = (p, k, mp, speed, cycle, seen)
        if key in visited:
            return
        if len(visited) >= budget:
            raise _OverBudget
        visited.add(key)
        if N - seen.bit_count() - removed_in(cycle) == 0:
            cycle, seen, speed = cycle + 1, 0, min(MAX_SPEED, speed + 1)
        rest = FULL & ~seen
        while rest:
            low = rest & -rest
            rest ^= low
            c = low.bit_length() - 1
            if c == p:
                draw(p, k, mp, speed, cycle, seen | low)
            else:
                _, kind, q, k2, mp2 = walk(p, c, mp, k, speed, 0)
                if kind == _DRAW:
                    draw(q, k2, mp2, speed, cycle, seen | low)

    _, kind, q, k, mp = model.root()
    if kind == _DRAW:
        draw(q, k, mp, model.info.speed, 0, model.seen0)
    return len(visited)


def _monte_carlo(model: _Model, samples: int, seed: int):
    rng = random.Random(seed)
    info = model.info
    root = model.root()
    masks: Counter = Counter()
    resh_bit = 1 << model.s_resh
    unseen_lists: dict = {}
    for _ in range(samples):
        bits, kind, p, k, mp = root
        speed, cycle, seen = info.speed, 0, model.seen0
        while kind == _DRAW:
            while True:  # GUARD-3: draw until the card is not his own cell (DEC-8)
                if N - seen.bit_count() - model.removed_in(cycle) == 0:  # GUARD-4
                    cycle += 1
                    seen = 0
                    speed = min(MAX_SPEED, speed + 1)
                    bits |= resh_bit
                lst = unseen_lists.get(seen)
                if lst is None:
                    lst = unseen_lists[seen] = [i for i in range(N) if not seen >> i & 1]
                c = lst[rng.randrange(len(lst))]
                seen |= 1 << c
                if c != p:
                    break
            b, kind, p, k, mp = model.walk(p, c, mp, k, speed, 0)
            bits |= b
        if kind == _FINAL:
            u = N - seen.bit_count()
            deck = u - model.removed_in(cycle)
            if deck == 0 or (deck == 1 and not seen >> p & 1 and rng.randrange(u) == 0):
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


def danger_map(source, floor=None, turns: int = 3, method: str = "auto", budget: int = DEFAULT_BUDGET,
               samples: int = DEFAULT_SAMPLES, seed: int = 0) -> DangerMap:
    """For each of the floor's cells, the chance that the guard enters it, and that he ends
    a move on it, within his next *turns* moves (see :class:`DangerMap`).

    *source*: a Game (with *floor*), a :class:`PatrolInfo` or a dict of its fields.
    *method*: "exact" (enumerate the unseen cards; no limit), "monte-carlo" (*samples*
    seeded runs, ``random.Random(seed)``) or "auto" (exact unless it needs more than
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
        probs = _monte_carlo(model, samples, seed)
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
