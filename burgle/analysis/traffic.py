"""Where the guard walks on a floor layout: two traffic maps (issue 12, section 4).

**Heat** (:func:`heat`), the definition of the layout generator the rulebook recommends
(gabob.com/burgle, ``js/burgle.js`` of github.com/bpa/burgle): walk the guard's route
from every cell to every other cell, 240 ordered pairs, and count for each cell how many
of those routes *enter* it (the start is not counted, the destination is). Every cell
is the destination of 15 routes, so heat is at least 15; summed over the floor it is the
total length of the 240 routes. gabob colours a cell with the hue
``240 * (1 - (heat - 15) / 168)`` (blue: quiet, red: busy); :func:`heat_shade` gives the
same scale as 0..1.

The route here is the guard's real one: the most clockwise shortest route of GUARD-9
(:mod:`burgle.geometry.routing`). gabob breaks ties between shortest routes with a
heuristic instead: at a fork it takes the step whose direction is the first one met
turning counter-clockwise (on the board as printed) from the straight line to the
destination, a step pointing straight at it counting last (:func:`gabob_route`, our own
reading of its definition). :func:`compare_heat` names the cells where the two give
different heat, and the pairs whose routes differ.

**Patrol step shares** (:func:`step_shares`): the exact long-run share of the guard's
steps that enter each cell under a real patrol: destinations drawn from the floor's
patrol deck, trimmed after every shuffle (SETUP-4), reshuffled when empty (GUARD-4),
a card naming his own cell drawn again (GUARD-3, DEC-8), no alarms. Speed does not
matter: with no alarms his walk is fixed by the sequence of destinations, and MP only
cut it into moves.

The chain, exactly (Fractions). Look at the patrol at the moments the deck is
reshuffled: the guard stands on the last card of the cycle just ended, *g*; the new
cycle draws the first ``n = 16 - trim`` cards of a fresh shuffle, ``s1 .. sn``: an
ordered sample of distinct cells, each ordering equally likely (the trimmed cards are
unseen and cannot be told apart from the rest). He walks ``g -> s1 -> s2 ... -> sn``,
except that ``s1 = g`` is drawn again (DEC-8), which leaves the legs ``s1 -> s2 ...``.
No other card can name his own cell: within a cycle the cards are distinct. So

* the chain of reshuffle positions moves ``g -> sn``, and ``sn`` is any cell with
  chance 1/16 whatever *g* was: its stationary law is uniform (:func:`reshuffle_chain`
  builds the 16x16 matrix and solves it);
* the expected number of legs ``a -> b`` (a != b) in a cycle is
  ``P(g = a, s1 = b) + (n - 1) * P(sk = a, sk+1 = b) = 1/256 + (n - 1)/240``
  (:func:`leg_weights`), the same for all 240 ordered pairs.

By the renewal-reward theorem the long-run share of steps entering cell *c* is the
expected number of such steps per cycle over the expected number of steps per cycle.
Since every leg is equally frequent, that is ``heat[c] / sum(heat)`` for every trim,
that is for every number of characters: the patrol spreads the guard exactly as
gabob's heat (with the GUARD-9 route) says. The tests check it against a simulation of
the deck (:func:`sample_patrol_steps`) and against the real engine's guard
(:func:`engine_patrol_steps`).

>>> from burgle.geometry.layouts import job_walls
>>> floor1 = job_walls("bank")[0]
>>> h = heat(floor1)
>>> min(h), max(h), sum(h)
(15, 154, 816)
>>> [index_name(c) for c in range(16) if h[c] == max(h)]
['C3']
>>> shares = step_shares(floor1, characters=2)
>>> shares[10], Fraction(h[10], sum(h))
(Fraction(77, 408), Fraction(77, 408))
>>> [index_name(c) for c in compare_heat(floor1).cells]
['B1', 'D1', 'B2', 'C2', 'D2', 'D3']
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from burgle.geometry.board import CELLS_PER_FLOOR, COLS, FloorLayout, cell_name, index_name
from burgle.geometry.routing import route_table

__all__ = [
    "heat",
    "heat_shade",
    "gabob_route",
    "gabob_heat",
    "HeatComparison",
    "compare_heat",
    "reshuffle_chain",
    "leg_weights",
    "step_shares",
    "TrafficMaps",
    "traffic_maps",
    "sample_patrol_steps",
    "engine_patrol_steps",
    "EngineRun",
    "ENGINE_CYCLES",
    "TRIM",
]

N = CELLS_PER_FLOOR
PAIRS = N * (N - 1)  # 240 ordered (start, destination) pairs
HEAT_FLOOR = N - 1  # every cell ends 15 routes
HEAT_SPAN = 168  # gabob's colour scale: heat 15 is blue (hue 240), heat 183 red (hue 0)
TRIM = {1: 9, 2: 6, 3: 3, 4: 0}  # SETUP-4, DEC-14: patrol cards removed after each shuffle, by characters


# ----------------------------------------------------------------------------- heat


def _heat_of(route) -> tuple[int, ...]:
    counts = [0] * N
    for a in range(N):
        for b in range(N):
            if a != b:
                for c in route(a, b):
                    counts[c] += 1
    return tuple(counts)


def heat(walls) -> tuple[int, ...]:
    """gabob's heat of each cell (by index 0..15), with the guard's GUARD-9 routes.

    >>> heat(frozenset())[:4]
    (24, 40, 40, 24)
    """
    table = route_table(frozenset(walls))
    return _heat_of(table.route)


def heat_shade(h: int) -> float:
    """gabob's colour scale as 0 (heat 15, blue) .. 1 (heat 183 or more, red)."""
    return max(0.0, min(1.0, (h - HEAT_FLOOR) / HEAT_SPAN))


_DIRECTIONS = ((-COLS, -math.pi / 2), (1, 0.0), (COLS, math.pi / 2), (-1, math.pi))  # up, right, down, left


def gabob_route(walls, a: int, b: int) -> tuple[int, ...]:
    """The route gabob.com's heat map walks from *a* to *b* (start excluded, destination
    included): a shortest route; at a fork, of the steps that stay on a shortest route it
    takes the one with the largest angle ``(direction - bearing) mod 2 pi``, the bearing
    being the straight line to the destination (angles with y growing downward, so
    "largest" is the first met turning counter-clockwise on the printed board from just
    short of the bearing), a step exactly along the bearing counting as 0.

    >>> from burgle.geometry.board import parse_index
    >>> [index_name(i) for i in gabob_route(frozenset(), parse_index("D3"), parse_index("A1"))]
    ['C3', 'B3', 'A3', 'A2', 'A1']
    """
    return _gabob_walk(route_table(frozenset(walls)), a, b)


def _gabob_walk(table, a: int, b: int) -> tuple[int, ...]:
    nbrs, dist = table.layout.neighbours, table.dist
    out = []
    u = a
    while u != b:
        d = dist[u * N + b]
        options = [(angle, u + delta) for delta, angle in _DIRECTIONS
                   if u + delta in nbrs[u] and dist[(u + delta) * N + b] == d - 1]
        if len(options) == 1:
            u = options[0][1]
        else:
            bearing = math.atan2(b // COLS - u // COLS, b % COLS - u % COLS)
            best, u_next = 0.0, options[0][1]
            for angle, v in options:
                r = angle - bearing
                if r < 0:
                    r += 2 * math.pi
                if r > best:
                    best, u_next = r, v
            u = u_next
        out.append(u)
    return tuple(out)


def gabob_heat(walls) -> tuple[int, ...]:
    """Heat as gabob.com computes it: the same definition, its tie-break heuristic."""
    table = route_table(frozenset(walls))
    return _heat_of(lambda a, b: _gabob_walk(table, a, b))


@dataclass(frozen=True)
class HeatComparison:
    """Heat with the GUARD-9 route (``ours``) and with gabob's heuristic (``gabob``);
    ``cells``: the cells where they differ; ``pairs``: the (start, destination) pairs
    whose routes differ, with both routes (start excluded)."""

    ours: tuple[int, ...]
    gabob: tuple[int, ...]
    cells: tuple[int, ...]
    pairs: tuple[tuple[int, int, tuple[int, ...], tuple[int, ...]], ...]

    def describe(self) -> str:
        if not self.pairs:
            return "gabob's heuristic picks the GUARD-9 route for every pair: the heat is the same."
        cells = ", ".join(f"{index_name(c)} {self.gabob[c]} -> {self.ours[c]}" for c in self.cells) or "none"
        return (f"{len(self.pairs)} of {PAIRS} routes differ from gabob's heuristic; heat differs on "
                f"{len(self.cells)} cells (gabob -> GUARD-9): {cells}")


def compare_heat(walls) -> HeatComparison:
    """Where gabob's tie-break heuristic and the GUARD-9 rule give different routes and heat."""
    walls = frozenset(walls)
    table = route_table(walls)
    pairs = []
    for a in range(N):
        for b in range(N):
            if a != b:
                g = _gabob_walk(table, a, b)
                if g != table.route(a, b):
                    pairs.append((a, b, table.route(a, b), g))
    ours = _heat_of(table.route)
    theirs = list(ours)
    for _, _, mine, g in pairs:
        for c in mine:
            theirs[c] -= 1
        for c in g:
            theirs[c] += 1
    theirs = tuple(theirs)
    return HeatComparison(ours, theirs, tuple(c for c in range(N) if ours[c] != theirs[c]), tuple(pairs))


# ----------------------------------------------------------------------------- patrol step shares


def _trim(characters: int) -> int:
    if characters not in TRIM:
        raise ValueError(f"a crew has 1 to 4 characters, not {characters!r} (SETUP-4 trims by characters)")
    return TRIM[characters]


def reshuffle_chain(characters: int = 2) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
    """The chain of the guard's cell at each reshuffle, and its stationary law.

    Returns ``(matrix row of any start cell, stationary law)``: from *g* the next
    reshuffle finds him on the cycle's last card ``sn``, each cell with chance 1/16
    (a uniformly ordered sample of ``16 - trim`` distinct cards: its last card is any
    cell alike). Solved exactly: every row is that same law, so it is stationary.
    """
    _trim(characters)
    row = tuple(Fraction(1, N) for _ in range(N))  # P(sn = g') for every g
    matrix = [row for _ in range(N)]
    pi = [Fraction(1, N)] * N
    for _ in range(2):  # one step of pi -> pi P from any start gives the fixed point; check it
        pi = [sum(pi[g] * matrix[g][h] for g in range(N)) for h in range(N)]
    return row, tuple(pi)


def leg_weights(characters: int = 2) -> dict[tuple[int, int], Fraction]:
    """Expected number of legs ``a -> b`` (walks from cell a to destination b) per cycle of
    the patrol deck, in the long run (see the module text): ``1/256 + (n - 1)/240`` with
    ``n = 16 - trim`` cards drawn per cycle, for each ordered pair a != b.

    >>> w = leg_weights(1)
    >>> w[(0, 5)], len(set(w.values())), sum(w.values())
    (Fraction(37, 1280), 1, Fraction(111, 16))
    """
    n = N - _trim(characters)
    _, start = reshuffle_chain(characters)
    first = Fraction(1, N)  # P(s1 = b): the first card of the cycle is any cell alike
    pair = Fraction(1, N * (N - 1))  # P(sk = a, sk+1 = b), a != b: two consecutive cards of the sample
    return {(a, b): start[a] * first + (n - 1) * pair for a in range(N) for b in range(N) if a != b}


def step_shares(walls, characters: int = 2) -> tuple[Fraction, ...]:
    """The exact long-run share of the guard's steps that enter each cell (by index), his
    destinations drawn from the patrol deck of a crew of *characters* (1-4), no alarms.
    Sums to 1. Equal to ``heat[c] / sum(heat)`` for every crew (see the module text)."""
    table = route_table(frozenset(walls))
    per_cell = [Fraction(0)] * N
    total = Fraction(0)
    for (a, b), w in leg_weights(characters).items():
        route = table.route(a, b)
        total += w * len(route)
        for c in route:
            per_cell[c] += w
    return tuple(x / total for x in per_cell)


@dataclass(frozen=True)
class TrafficMaps:
    """Both traffic maps of one floor layout (cells by index 0..15)."""

    walls: frozenset
    heat: tuple[int, ...]
    shares: tuple[Fraction, ...]
    comparison: HeatComparison

    @property
    def gabob_heat(self) -> tuple[int, ...]:
        return self.comparison.gabob


def traffic_maps(walls, characters: int = 2) -> TrafficMaps:
    """Heat (GUARD-9 route), gabob's heat, and the patrol step shares of a layout."""
    walls = frozenset(walls)
    cmp = compare_heat(walls)
    return TrafficMaps(walls, cmp.ours, step_shares(walls, characters), cmp)


# ----------------------------------------------------------------------------- simulations


def sample_patrol_steps(walls, cycles: int, chance, characters: int = 2) -> tuple[int, ...]:
    """Steps entering each cell over *cycles* complete cycles of a simulated patrol deck:
    16 cards shuffled by *chance* (``below(n)``, e.g. :class:`burgle.engine.chance.Chance`),
    ``trim`` removed, drawn one by one, a card naming his own cell drawn again (DEC-8), all
    16 reshuffled when the deck is empty (GUARD-4). The guard starts on the first card
    drawn; counting starts at the first reshuffle (from there the patrol is stationary:
    the last card of a shuffled cycle is any cell alike) and covers whole cycles, so the
    counts estimate :func:`step_shares` without bias from where the run starts or stops."""
    trim = _trim(characters)
    table = route_table(frozenset(walls))
    counts = [0] * N

    def shuffled() -> list[int]:
        cards = list(range(N))
        for i in range(N - 1, 0, -1):  # Fisher-Yates
            j = chance.below(i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        return cards[trim:]

    deck = shuffled()
    guard = deck.pop()
    for cycle in range(cycles + 1):
        while deck:
            dest = deck.pop()
            if dest == guard:  # GUARD-3, DEC-8: draw again
                continue
            if cycle:  # the first cycle is the run-in
                for c in table.route(guard, dest):
                    counts[c] += 1
            guard = dest
        deck = shuffled()
    return tuple(counts)


ENGINE_CYCLES = {1: 20, 2: 14, 3: 11, 4: 9}
"""Patrol cycles counted per engine game, by crew size: about 500 guard steps, far fewer
sightings than the 99 Stealth that would end the game."""


@dataclass(frozen=True)
class EngineRun:
    """:func:`engine_patrol_steps`: per game, guard steps entering each cell; ``discarded``:
    games that ended (a capture) before their cycles were complete, left out."""

    games: tuple[tuple[int, ...], ...]
    discarded: int

    @property
    def steps(self) -> int:
        return sum(map(sum, self.games))


def _bounce_pair(walls) -> tuple[int, int]:
    return 0, FloorLayout(frozenset(walls)).neighbours[0][0]  # A1 and its first open neighbour


def engine_patrol_steps(walls, games: int, seed: int = 0, characters: int = 1,
                        cycles: int | None = None) -> EngineRun:
    """The real engine's floor-1 guard on these walls, counted step by step.

    Plays *games* games (seeds *seed*, *seed* + 1, ...) through the public API only: a
    scenario puts the crew (*characters*: Peterman, Hawk, Rook, Spotter, with 99 Stealth
    each) on two revealed Secret Doors, A1 and a neighbour, and each turn every character
    walks between them three times (3 actions: no Event is drawn, TURN-4) and ends its
    turn, so the guard patrols with no alarm. In each game the ``guard_step`` happenings
    are counted over *cycles* whole patrol cycles (default :data:`ENGINE_CYCLES`), from
    the second ``reshuffle`` happening on: the first cycle comes from the scenario's deck
    and the second from a fresh shuffle whose last card is any cell alike, so from there
    the patrol is stationary, and whole cycles leave no bias from where counting stops.
    """
    from burgle.engine.game import Game
    from burgle.geometry.layouts import layout_text

    crew = ["peterman", "hawk", "rook", "spotter"][:characters]
    cycles = ENGINE_CYCLES[characters] if cycles is None else cycles
    _trim(characters)
    a, b = _bounce_pair(walls)
    names = [cell_name(a), cell_name(b)]
    out, discarded = [], 0
    for g in range(games):
        game = Game.from_scenario({
            "seed": seed + g,
            "walls": {"1": layout_text(walls)},
            "tiles": {names[0]: "secret_door 1 revealed", names[1]: "secret_door 2 revealed"},
            "characters": [{"character": c, "cell": names[0], "stealth": 99} for c in crew],
            "guards": [{"floor": 1, "cell": "1D4", "die": "1A4"}],
            "entrance": names[0],
        })
        where = [0] * characters
        counts, shuffles = [0] * N, 0
        while shuffles < cycles + 2 and not game.is_over:
            seat = game.seat_to_act
            if game.pending is not None:  # no choice is expected here; take the first to stay general
                happened = game.apply(game.legal_actions()[0])
            elif game.actions_left > 1:
                where[seat] ^= 1
                happened = game.apply(f"move {names[where[seat]]}")
            else:
                happened = game.apply("end")
            for h in happened:
                if h.kind == "reshuffle" and h.cell is not None and h.cell < N:
                    shuffles += 1
                elif h.kind == "guard_step" and h.cell is not None and h.cell < N and 2 <= shuffles < cycles + 2:
                    counts[h.cell] += 1
        if shuffles < cycles + 2:
            discarded += 1
        else:
            out.append(tuple(counts))
    return EngineRun(tuple(out), discarded)
