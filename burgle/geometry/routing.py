"""The guard's route: shortest walking route with the most clockwise tie-break.

RULES.md GUARD-8 (shortest walking routes over CONV-4 adjacency, Dynamite-destroyed
walls removed), GUARD-9 (the "most clockwise" route, defined by the loop rule) and
GUARD-10 (worked examples).

Everything here works on one floor with cell *indexes* 0..15 (``index = 4 * row +
column``, row 0 printed at the top, CONV-2), never on building-wide cell numbers.

Route conventions (read carefully, the two differ):

* ``RouteTable.route(a, b)``, ``RouteTable.routes`` and
  ``RouteTable.all_shortest_routes(a, b)`` give the cells the guard *enters*: the
  start is excluded and the destination included, exactly like the lines of
  ``guard-route-vectors.txt``. ``route(a, a)`` is ``()``.
* The module-level functions ``loop_area``, ``fork_loop`` and ``beats`` take *full*
  routes: index sequences that *include the start cell* (``(a,) + table.route(a, b)``).

The loop rule (GUARD-9): two shortest routes P, Q first fork after P[i-1] and first
rejoin at P[j] = Q[j]; the loop runs out along P from P[i-1] to P[j] and back along Q
from Q[j-1] to Q[i]. With x = column and y = row (y grows downward) its signed area
S = sum(x_k * y_(k+1) - x_(k+1) * y_k) is positive iff the loop is clockwise as printed
(CONV-5); P beats Q iff S > 0. The guard walks the one shortest route that beats all
the others.

Rulebook example 1 (GUARD-10), open floor, guard on D3 heading for A1: he steps West
to C3 and keeps to the bottom-left edge.

>>> from burgle.geometry.board import index_name, parse_index
>>> table = route_table(frozenset())          # open floor: no interior walls
>>> D3, A1 = parse_index("D3"), parse_index("A1")
>>> index_name(table.next_step(D3, A1))
'C3'
>>> [index_name(i) for i in table.route(D3, A1)]
['C3', 'B3', 'A3', 'A2', 'A1']
>>> table.distance(D3, A1)
5
"""

from __future__ import annotations

from functools import lru_cache

from burgle.geometry.board import (
    CELLS_PER_FLOOR,
    COLS,
    CellError,
    FloorLayout,
    index_name,
    walls_spec,
)

__all__ = [
    "RouteTable",
    "RouteTieError",
    "route_table",
    "loop_area",
    "fork_loop",
    "beats",
    "explain_route",
]

_N = CELLS_PER_FLOOR

# CROSS[a * 16 + b] = x_a * y_b - x_b * y_a: one edge's term of the shoelace sum.
_X = tuple(i % COLS for i in range(_N))
_Y = tuple(i // COLS for i in range(_N))
_CROSS = tuple(_X[a] * _Y[b] - _X[b] * _Y[a] for a in range(_N) for b in range(_N))


class RouteTieError(RuntimeError):
    """Internal error: no unique most clockwise shortest route exists (GUARD-9).

    The rules state this is never observed; raising it means the layout or the
    engine is broken, not that the players must choose.
    """


# --------------------------------------------------------------------------- loop rule


def fork_loop(p, q) -> tuple[int, ...]:
    """The loop L(P, Q) of GUARD-9, as the list of its cells (each once).

    *p* and *q* are full routes **including the start cell**, of equal length, same
    start, same destination, and different. The loop starts at the fork cell
    P[i-1], runs out along P to the rejoin cell P[j], then back along Q from Q[j-1]
    to Q[i].

    >>> from burgle.geometry.board import index_name, parse_index
    >>> P = [parse_index(c) for c in "B3 C3 C4".split()]
    >>> Q = [parse_index(c) for c in "B3 B4 C4".split()]
    >>> [index_name(i) for i in fork_loop(P, Q)]
    ['B3', 'C3', 'C4', 'B4']
    """
    p, q = tuple(p), tuple(q)
    if len(p) != len(q) or len(p) < 2:
        raise ValueError("routes must have the same length (shortest routes) and at least 2 cells")
    if p[0] != q[0] or p[-1] != q[-1]:
        raise ValueError("routes must share their start cell and their destination")
    if p == q:
        raise ValueError("the two routes are identical: there is no fork")
    i = next(k for k in range(len(p)) if p[k] != q[k])
    if i == 0:  # pragma: no cover - excluded by the start check above
        raise ValueError("routes must share their start cell")
    j = next(k for k in range(i + 1, len(p)) if p[k] == q[k])
    return p[i - 1 : j + 1] + q[j - 1 : i - 1 : -1]


def loop_area(p, q) -> int:
    """Signed (doubled) area S of the loop L(P, Q) of GUARD-9; S > 0 iff clockwise.

    *p* and *q* are full routes **including the start cell** (see ``fork_loop``).
    x = column, y = row with y growing downward (CONV-5: clockwise as printed).

    Rulebook example 2 (GUARD-10): B3 -> C4 via C3 against via B4 is clockwise.

    >>> from burgle.geometry.board import parse_index
    >>> P = [parse_index(c) for c in "B3 C3 C4".split()]
    >>> Q = [parse_index(c) for c in "B3 B4 C4".split()]
    >>> loop_area(P, Q), loop_area(Q, P)
    (2, -2)
    """
    loop = fork_loop(p, q)
    n = len(loop)
    return sum(_CROSS[loop[k] * _N + loop[(k + 1) % n]] for k in range(n))


def beats(p, q) -> bool:
    """True iff route *p* beats route *q* by the loop rule (GUARD-9): L(P, Q) is clockwise.

    *p* and *q* are full routes **including the start cell**.

    >>> from burgle.geometry.board import parse_index
    >>> west = [parse_index(c) for c in "D3 C3 B3 A3 A2 A1".split()]
    >>> north = [parse_index(c) for c in "D3 D2 C2 C1 B1 A1".split()]
    >>> beats(west, north), beats(north, west)
    (True, False)
    """
    return loop_area(p, q) > 0


# --------------------------------------------------------------------------- the table


class RouteTable:
    """Walking distances and GUARD-9 routes for every ordered pair of one floor's cells.

    Built from a ``FloorLayout`` (raises ``CellError`` if its walls cut the floor
    apart). All 256 answers are precomputed; the flat tuples ``dist``, ``step`` and
    ``routes`` are indexed by ``a * 16 + b`` so the engine's hot path can read them
    directly:

    * ``dist[a*16+b]``: walking distance (GUARD-8, CONV-4);
    * ``step[a*16+b]``: the guard's next cell from *a* heading for *b* (``-1`` if a == b);
    * ``routes[a*16+b]``: the cells he enters, start excluded, destination included.

    Algorithm: one BFS per destination *b*, then dynamic programming by increasing
    distance. The winner from *u* is ``u + winner(v)`` for one candidate first step
    *v* (a neighbour one step closer): GUARD-9 says the winner's tail is the winner
    from its second cell. Two candidate routes ``u + W(v)`` and ``u + W(v')`` are
    identical after their first rejoin (both tails are winners from that cell), so the
    loop area between them equals ``A(u+W(v)) - A(u+W(v'))`` where ``A`` is the
    shoelace sum along a whole route. Keeping ``A`` per (cell, destination) makes each
    comparison O(1); the winner is the candidate with the largest ``A``, and equal
    values raise ``RouteTieError``.

    >>> from burgle.geometry.board import FloorLayout, index_name, parse_index
    >>> from burgle.geometry.layouts import job_walls
    >>> floor1 = FloorLayout(job_walls("bank")[0])  # The Bank Job's floor 1 (SETUP-3)
    >>> t = RouteTable(floor1)
    >>> A1, D2 = parse_index("A1"), parse_index("D2")
    >>> " ".join(index_name(i) for i in t.route(A1, D2))
    'A2 B2 B1 C1 D1 D2'
    >>> t.dist[A1 * 16 + D2], t.step[A1 * 16 + D2] == parse_index("A2")
    (6, True)
    """

    __slots__ = ("layout", "walls", "dist", "step", "routes", "_area", "_rows")

    def __init__(self, layout: FloorLayout):
        try:
            layout.check_connected()
        except CellError as exc:
            raise CellError(f"walls {walls_spec(layout.walls)!r}: {exc}") from None
        self.layout = layout
        self.walls = layout.walls
        nbrs = layout.neighbours
        cross = _CROSS
        n = _N

        dist = [0] * (n * n)
        step = [-1] * (n * n)
        routes: list[tuple[int, ...]] = [()] * (n * n)
        area = [0] * (n * n)  # shoelace sum along the winner route, per (u, b)

        for b in range(n):
            # BFS from the destination (adjacency is symmetric).
            db = [-1] * n
            db[b] = 0
            order = [b]
            for u in order:  # the list grows while we walk it
                du = db[u] + 1
                for v in nbrs[u]:
                    if db[v] < 0:
                        db[v] = du
                        order.append(v)
            rb: list[tuple[int, ...]] = [()] * n
            ab = [0] * n
            sb = [-1] * n
            for u in order[1:]:  # increasing distance from b
                closer = db[u] - 1
                best_v = -1
                best_s = 0
                tied = -1
                for v in nbrs[u]:
                    if db[v] == closer:
                        s = cross[u * n + v] + ab[v]
                        if best_v < 0 or s > best_s:
                            best_v, best_s, tied = v, s, -1
                        elif s == best_s:
                            tied = v
                if tied >= 0:
                    raise RouteTieError(
                        f"no unique most clockwise route from {index_name(u)} to "
                        f"{index_name(b)}: via {index_name(best_v)} and via "
                        f"{index_name(tied)} tie (walls {walls_spec(layout.walls)!r})"
                    )
                sb[u] = best_v
                ab[u] = best_s
                rb[u] = (best_v,) + rb[best_v]
            for a in range(n):
                k = a * n + b
                dist[k] = db[a]
                step[k] = sb[a]
                routes[k] = rb[a]
                area[k] = ab[a]

        self.dist: tuple[int, ...] = tuple(dist)
        self.step: tuple[int, ...] = tuple(step)
        self.routes: tuple[tuple[int, ...], ...] = tuple(routes)
        self._area = tuple(area)
        self._rows = tuple(self.dist[a * n : (a + 1) * n] for a in range(n))

    def __repr__(self) -> str:
        return f"RouteTable(walls={walls_spec(self.walls)!r})"

    # ---- queries (all O(1) tuple indexing)

    def distance(self, a: int, b: int) -> int:
        """Walking distance from *a* to *b* (GUARD-8, CONV-4)."""
        return self.dist[a * 16 + b]

    def next_step(self, a: int, b: int) -> int:
        """The cell the guard on *a* steps to when heading for *b* (a != b)."""
        s = self.step[a * 16 + b]
        if s < 0:
            raise ValueError(f"the guard is already on {index_name(a)}: there is no next step")
        return s

    def route(self, a: int, b: int) -> tuple[int, ...]:
        """Cells entered from *a* to *b*: start excluded, destination included (``()`` if a == b)."""
        return self.routes[a * 16 + b]

    def distances_from(self, a: int) -> tuple[int, ...]:
        """Walking distances from *a* to each of the 16 cells, by index."""
        return self._rows[a]

    def first_steps(self, a: int, b: int) -> tuple[int, ...]:
        """Every neighbour of *a* that starts some shortest route to *b* (GUARD-8).

        More than one means the GUARD-9 tie-break decides; order: up, right, down, left.
        """
        d = self.dist[a * 16 + b] - 1
        return tuple(v for v in self.layout.neighbours[a] if self.dist[v * 16 + b] == d)

    def all_shortest_routes(self, a: int, b: int) -> list[tuple[int, ...]]:
        """Every shortest route from *a* to *b*, each with the start **excluded** (like ``route``).

        The GUARD-9 winner comes first; the others follow in depth-first order over
        neighbours up, right, down, left. ``[()]`` when a == b. Used to show tied
        alternatives; it enumerates, so it is not for the hot path.

        >>> from burgle.geometry.board import parse_index
        >>> t = route_table(frozenset())
        >>> len(t.all_shortest_routes(parse_index("A1"), parse_index("D4")))
        20
        """
        out: list[tuple[int, ...]] = []
        nbrs = self.layout.neighbours
        dist = self.dist

        def walk(u: int, acc: tuple[int, ...]) -> None:
            if u == b:
                out.append(acc)
                return
            d = dist[u * 16 + b] - 1
            for v in nbrs[u]:
                if dist[v * 16 + b] == d:
                    walk(v, acc + (v,))

        walk(a, ())
        winner = self.routes[a * 16 + b]
        out.remove(winner)
        return [winner] + out


@lru_cache(maxsize=256)
def route_table(walls: frozenset) -> RouteTable:
    """The ``RouteTable`` of a floor with these walls, cached by the frozen wall set.

    Dynamite (TOOL-5) changes walls mid-game, so the engine asks for tables by wall
    set. Raises ``CellError`` (a ``ValueError``) if the walls cut the floor apart.

    >>> from burgle.geometry.board import parse_walls
    >>> route_table(parse_walls("A1|B1")) is route_table(parse_walls("A1|B1"))
    True
    """
    return RouteTable(FloorLayout(frozenset(walls)))


# --------------------------------------------------------------------------- explanations


def _names(cells) -> str:
    return " ".join(index_name(i) for i in cells)


def forks(table: RouteTable, a: int, b: int):
    """Each step of the route from *a* to *b* where GUARD-9 broke a tie, as (u, chosen,
    win, alternatives): the cell u where shortest routes split, the first step chosen, the
    winning route from u (u included), and for each rejected first step v its route
    (u, v, ...) with the cell where it rejoins the winner."""
    if a == b:
        return
    path = (a,) + table.route(a, b)
    for u in path[:-1]:
        cands = table.first_steps(u, b)
        if len(cands) < 2:
            continue
        chosen = table.next_step(u, b)
        win = (u,) + table.route(u, b)
        alts = []
        for v in cands:
            if v != chosen:
                alt = (u, v) + table.route(v, b)
                alts.append((v, alt, next(win[k] for k in range(2, len(win)) if win[k] == alt[k])))
        yield u, chosen, win, alts


def explain_route(table: RouteTable, a: int, b: int) -> list[str]:
    """One plain-English line per step of the route from *a* to *b* where GUARD-9 broke a tie.

    Each line names the cell where shortest routes split, the candidate first steps,
    the one chosen, and the loop that shows the chosen branch is the clockwise (left)
    one. Each rejected candidate *v* is represented by the route the guard would walk
    after stepping to *v* (its GUARD-9 winner). Empty if there was never a tie.

    >>> from burgle.geometry.board import parse_index
    >>> from burgle.geometry.layouts import job_walls
    >>> t = route_table(job_walls("bank")[0])
    >>> for line in explain_route(t, parse_index("A1"), parse_index("D2")):
    ...     print(line)
    at B2: shortest routes split: via B1 (chosen, the left branch) or via C2; via B1 is B2 B1 C1 D1 D2, via C2 is B2 C2 C3 D3 D2; they rejoin at D2 and the loop B2 B1 C1 D1 D2 D3 C3 C2 (out via B1, back via C2) runs clockwise, so via B1 wins
    """
    lines: list[str] = []
    for u, chosen, win, alts in forks(table, a, b):
        head = (
            f"at {index_name(u)}: shortest routes split: via {index_name(chosen)} "
            f"(chosen, the left branch) or "
            + " or ".join(f"via {index_name(v)}" for v, _, _ in alts)
        )
        parts = []
        for v, alt, rejoin in alts:
            loop = fork_loop(win, alt)
            turn = "clockwise" if loop_area(win, alt) > 0 else "anticlockwise"
            parts.append(
                f"via {index_name(chosen)} is {_names(win)}, via {index_name(v)} is "
                f"{_names(alt)}; they rejoin at {index_name(rejoin)} and the loop "
                f"{_names(loop)} (out via {index_name(chosen)}, back via {index_name(v)}) "
                f"runs {turn}, so via {index_name(chosen)} wins"
            )
        lines.append(head + "; " + "; ".join(parts))
    return lines
