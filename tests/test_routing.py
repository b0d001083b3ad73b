"""The guard's route (RULES.md GUARD-8, GUARD-9, GUARD-10; cells CONV-2, walls CONV-3,
adjacency CONV-4, orientation CONV-5).

The normative vectors live in ``docs/rules/guard-route-vectors.txt``, the project's copy of
the specification. A brute-force reference (enumerate every shortest route, keep the one that beats
all the others by the loop rule) is implemented here independently of
``burgle.geometry.routing`` and compared with ``RouteTable`` on random connected layouts.
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from burgle.geometry.board import (
    CellError,
    FloorLayout,
    index_name,
    make_wall,
    orthogonal_neighbours,
    parse_index,
    parse_walls,
)
from burgle.geometry.layouts import job_walls
from burgle.geometry.routing import (
    RouteTable,
    RouteTieError,
    beats,
    explain_route,
    fork_loop,
    loop_area,
    route_table,
)

VECTORS = Path(__file__).parents[1] / "docs/rules/guard-route-vectors.txt"
OPEN = frozenset()
INTERIOR_WALLS = tuple(
    sorted({make_wall(a, b) for a in range(16) for b in orthogonal_neighbours(a)})
)
PAIRS = [(a, b) for a in range(16) for b in range(16) if a != b]


def bank_walls(floor: int) -> frozenset:
    return job_walls("bank")[floor - 1]


def names(cells) -> str:
    return " ".join(index_name(i) for i in cells)


def idx(text: str) -> tuple[int, ...]:
    return tuple(parse_index(c) for c in text.split())


# --------------------------------------------------------------------------- vectors file


def _load_vectors():
    if not VECTORS.is_file():
        return None, None
    walls, cases = {}, []
    for raw in VECTORS.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("WALLS "):
            tag, spec = line[len("WALLS ") :].split(":", 1)
            walls[int(tag.strip()[1:])] = parse_walls(spec)
            continue
        head, expected = line.split(":", 1)
        tag, pair = head.split()
        start, dest = pair.split(">")
        cases.append((int(tag[1:]), start, dest, expected.split()))
    return walls, cases


VECTOR_WALLS, VECTOR_CASES = _load_vectors()
MISSING = (
    f"guard route vectors not found at {VECTORS}: they are part of the project "
    "(docs/rules/guard-route-vectors.txt)"
)


def _vector_params():
    if VECTOR_CASES is None:
        return [pytest.param(None, id="guard-route-vectors-missing")]
    return [pytest.param(c, id=f"F{c[0]} {c[1]}>{c[2]}") for c in VECTOR_CASES]


@pytest.mark.parametrize("case", _vector_params())
def test_guard_route_vector(case):
    """GUARD-9/GUARD-10: every line of guard-route-vectors.txt (Bank Job walls, CONV-3)."""
    if case is None:
        pytest.fail(MISSING)
    floor, start, dest, expected = case
    table = route_table(bank_walls(floor))
    a, b = parse_index(start), parse_index(dest)
    assert names(table.route(a, b)) == " ".join(expected)
    assert index_name(table.next_step(a, b)) == expected[0]
    assert table.distance(a, b) == len(expected)


def test_vectors_file_walls_and_counts():
    """GUARD-10: the file's WALLS lines are the Bank Job walls and it lists 24/32/24 pairs."""
    if VECTOR_CASES is None:
        pytest.fail(MISSING)
    assert VECTOR_WALLS == {f: bank_walls(f) for f in (1, 2, 3)}
    counts = {f: sum(1 for c in VECTOR_CASES if c[0] == f) for f in (1, 2, 3)}
    assert counts == {1: 24, 2: 32, 3: 24}


# --------------------------------------------------------------------------- reference


def ref_neighbours(walls) -> list[list[int]]:
    """CONV-4 adjacency written independently of board.FloorLayout."""
    out = []
    for i in range(16):
        r, c = divmod(i, 4)
        ns = []
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < 4 and 0 <= cc < 4:
                j = 4 * rr + cc
                if (min(i, j), max(i, j)) not in walls:
                    ns.append(j)
        out.append(ns)
    return out


def ref_bfs(nbrs, src) -> list[int]:
    d = [-1] * 16
    d[src] = 0
    queue = [src]
    for u in queue:
        for v in nbrs[u]:
            if d[v] < 0:
                d[v] = d[u] + 1
                queue.append(v)
    return d


def ref_all_routes(nbrs, a, b) -> list[tuple[int, ...]]:
    """Every shortest route a -> b, start *included*."""
    db = ref_bfs(nbrs, b)
    out = []

    def walk(path):
        u = path[-1]
        if u == b:
            out.append(tuple(path))
            return
        for v in nbrs[u]:
            if db[v] == db[u] - 1:
                walk(path + [v])

    walk([a])
    return out


def ref_area(p, q) -> int:
    """GUARD-9 loop area, straight from the rule text (x = column, y = row, y down)."""
    i = next(k for k in range(len(p)) if p[k] != q[k])
    j = next(k for k in range(i + 1, len(p)) if p[k] == q[k])
    loop = list(p[i - 1 : j + 1]) + [q[k] for k in range(j - 1, i - 1, -1)]
    pts = [(c % 4, c // 4) for c in loop]
    return sum(
        pts[k][0] * pts[(k + 1) % len(pts)][1] - pts[(k + 1) % len(pts)][0] * pts[k][1]
        for k in range(len(pts))
    )


def ref_winner(routes):
    """The one route that beats every other (GUARD-9), or None if none does."""
    winners = [
        p for p in routes if all(ref_area(p, q) > 0 for q in routes if q is not p)
    ]
    assert len(winners) <= 1  # beats is antisymmetric, so at most one can beat all
    return winners[0] if winners else None


@lru_cache(maxsize=None)
def ref_table(walls: frozenset):
    nbrs = ref_neighbours(walls)
    return {(a, b): ref_all_routes(nbrs, a, b) for a, b in PAIRS}


def assert_matches_reference(walls: frozenset):
    table = RouteTable(FloorLayout(walls))
    for (a, b), routes in ref_table(walls).items():
        win = ref_winner(routes)
        assert win is not None, f"no GUARD-9 winner {index_name(a)}>{index_name(b)}"
        where = f"{index_name(a)}>{index_name(b)} walls {sorted(walls)}"
        assert (a,) + table.route(a, b) == win, where
        assert table.distance(a, b) == len(win) - 1, where
        assert table.next_step(a, b) == win[1], where
        got = table.all_shortest_routes(a, b)
        assert got[0] == win[1:], where
        assert sorted(got) == sorted(r[1:] for r in routes), where


def assert_tail_property(table: RouteTable):
    """GUARD-9: the winner's tail is the winner from its second cell."""
    for a, b in PAIRS:
        r = table.route(a, b)
        assert r[1:] == table.route(r[0], b)
        assert table.step[a * 16 + b] == r[0]


# --------------------------------------------------------------------------- Bank Job floors


@pytest.mark.parametrize("floor", [1, 2, 3])
def test_bank_job_matches_brute_force_reference(floor):
    """GUARD-8/GUARD-9 on the Bank Job walls (CONV-3, CONV-4): RouteTable == brute force."""
    assert_matches_reference(bank_walls(floor))


@pytest.mark.parametrize("floor,expected", [(1, 24), (2, 32), (3, 24)])
def test_bank_job_tied_pairs_count(floor, expected):
    """GUARD-10: 24/32/24 tied pairs on floors 1/2/3, each with exactly 2 shortest routes."""
    walls = bank_walls(floor)
    ref = ref_table(walls)
    tied = {pair for pair, routes in ref.items() if len(routes) > 1}
    assert len(tied) == expected
    assert all(len(ref[pair]) == 2 for pair in tied)
    table = route_table(walls)
    assert {p for p in PAIRS if len(table.all_shortest_routes(*p)) > 1} == tied
    assert {p for p in PAIRS if len(table.first_steps(*p)) > 1} <= tied
    if VECTOR_CASES is not None:
        listed = {
            (parse_index(s), parse_index(d)) for f, s, d, _ in VECTOR_CASES if f == floor
        }
        assert listed == tied


@pytest.mark.parametrize("floor", [1, 2, 3])
def test_bank_job_untied_pairs_are_the_unique_bfs_route(floor):
    """GUARD-8/CONV-4: with a single shortest route the guard walks exactly it."""
    walls = bank_walls(floor)
    table = route_table(walls)
    for pair, routes in ref_table(walls).items():
        if len(routes) == 1:
            assert (pair[0],) + table.route(*pair) == routes[0]
            assert table.all_shortest_routes(*pair) == [routes[0][1:]]


@pytest.mark.parametrize("floor", [1, 2, 3])
def test_bank_job_tail_property(floor):
    """GUARD-9: taking the first step and recomputing gives the same whole route."""
    assert_tail_property(route_table(bank_walls(floor)))


@pytest.mark.parametrize("floor", [1, 2, 3])
def test_bank_job_with_one_or_two_walls_destroyed(floor):
    """GUARD-8/GUARD-9 after Dynamite: every Bank Job floor with 1 or 2 walls removed."""
    walls = bank_walls(floor)
    for k in (1, 2):
        for gone in itertools.combinations(sorted(walls), k):
            assert_matches_reference(walls - set(gone))


# --------------------------------------------------------------------------- rulebook examples


def test_guard10_rulebook_example_1_open_floor():
    """GUARD-10 rulebook 1 (CONV-5): open floor, D3 -> A1 steps West to C3."""
    t = route_table(OPEN)
    D3, A1 = parse_index("D3"), parse_index("A1")
    assert index_name(t.next_step(D3, A1)) == "C3"
    assert names(t.route(D3, A1)) == "C3 B3 A3 A2 A1"
    west, north = idx("D3 C3 B3 A3 A2 A1"), idx("D3 D2 C2 C1 B1 A1")
    assert names(fork_loop(west, north)) == "D3 C3 B3 A3 A2 A1 B1 C1 C2 D2"
    assert loop_area(west, north) > 0
    assert beats(west, north) and not beats(north, west)


def test_guard10_rulebook_example_2_open_floor():
    """GUARD-10 rulebook 2: B3 -> C4, loop B3 C3 C4 B4 is clockwise, so East to C3."""
    t = route_table(OPEN)
    B3, C4 = parse_index("B3"), parse_index("C4")
    assert names(t.route(B3, C4)) == "C3 C4"
    east, south = idx("B3 C3 C4"), idx("B3 B4 C4")
    assert names(fork_loop(east, south)) == "B3 C3 C4 B4"
    assert loop_area(east, south) == 2 and loop_area(south, east) == -2


def test_guard9_open_floor_a1_to_d4():
    """GUARD-9: three or more routes compare pairwise; open A1 -> D4 (20 routes)."""
    t = route_table(OPEN)
    A1, D4 = parse_index("A1"), parse_index("D4")
    assert len(t.all_shortest_routes(A1, D4)) == 20
    assert names(t.route(A1, D4)) == "B1 C1 D1 D2 D3 D4"
    win = (A1,) + t.route(A1, D4)
    assert all(beats(win, (A1,) + r) for r in t.all_shortest_routes(A1, D4)[1:])


DIAMOND = [
    # (start, dest, first step, heading, preferred direction)
    ("B2", "C3", "C2", "down-right", "right"),
    ("C2", "B3", "C3", "down-left", "down"),
    ("C3", "B2", "B3", "up-left", "left"),
    ("B3", "C2", "B2", "up-right", "up"),
    ("A1", "D4", "B1", "down-right", "right"),
    ("D1", "A4", "D2", "down-left", "down"),
    ("D4", "A1", "C4", "up-left", "left"),
    ("A4", "D1", "A3", "up-right", "up"),
]


@pytest.mark.parametrize("start,dest,first,heading,direction", DIAMOND)
def test_guard9_diamond_cycle(start, dest, first, heading, direction):
    """GUARD-9: on an open floor the first step is Right/Down/Left/Up when heading
    down-right/down-left/up-left/up-right (CONV-5)."""
    t = route_table(OPEN)
    a, b = parse_index(start), parse_index(dest)
    assert index_name(t.next_step(a, b)) == first
    assert len(t.first_steps(a, b)) == 2
    delta = parse_index(first) - a
    assert {-4: "up", 1: "right", 4: "down", -1: "left"}[delta] == direction


def test_guard9_no_fixed_direction_priority():
    """GUARD-9: the preferences form a cycle Right>Down>Left>Up>Right; no fixed order fits."""
    t = route_table(OPEN)
    step_dir = {-4: "up", 1: "right", 4: "down", -1: "left"}
    for order in itertools.permutations(("up", "right", "down", "left")):
        agrees = True
        for start, dest, *_ in DIAMOND:
            a, b = parse_index(start), parse_index(dest)
            options = {step_dir[v - a]: v for v in t.first_steps(a, b)}
            pick = next(options[d] for d in order if d in options)
            agrees &= pick == t.next_step(a, b)
        assert not agrees, f"fixed priority {order} should not reproduce GUARD-9"


@pytest.mark.parametrize("walls", [OPEN], ids=["open"])
def test_open_floor_matches_reference_and_tail(walls):
    """GUARD-9 on an open floor (many 3+ route ties): brute force and tail property."""
    assert_matches_reference(walls)
    assert_tail_property(route_table(walls))


# --------------------------------------------------------------------------- random layouts


def connected_walls(candidates) -> frozenset:
    """Add the drawn walls one by one (sorted), skipping any that would cut the floor."""
    walls: set = set()
    for w in sorted(candidates):
        if FloorLayout(frozenset(walls | {w})).is_connected():
            walls.add(w)
    return frozenset(walls)


layouts = st.sets(st.sampled_from(INTERIOR_WALLS)).map(connected_walls)


@settings(
    max_examples=60,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(layouts)
def test_random_connected_layouts_match_brute_force(walls):
    """GUARD-8/GUARD-9 (CONV-3, CONV-4): any connected subset of the 24 interior walls."""
    assert FloorLayout(walls).is_connected()
    assert_matches_reference(walls)
    assert_tail_property(RouteTable(FloorLayout(walls)))


@settings(max_examples=60, derandomize=True, deadline=None)
@given(layouts, st.data())
def test_loop_area_matches_reference(walls, data):
    """GUARD-9: loop_area/beats agree with the rule text and are antisymmetric, S != 0."""
    a, b = data.draw(st.sampled_from(PAIRS))
    routes = ref_all_routes(ref_neighbours(walls), a, b)
    for p, q in itertools.permutations(routes, 2):
        s = loop_area(p, q)
        assert s == ref_area(p, q) and s != 0
        assert loop_area(q, p) == -s
        assert beats(p, q) == (s > 0) != beats(q, p)


# --------------------------------------------------------------------------- API details


def test_flat_tables_and_queries():
    """CONV-2 indexes, GUARD-8 distances: flat tuples indexed a*16+b."""
    t = route_table(bank_walls(1))
    assert len(t.dist) == len(t.step) == len(t.routes) == 256
    for a in range(16):
        assert t.step[a * 16 + a] == -1 and t.routes[a * 16 + a] == () and t.dist[a * 17] == 0
        assert t.distances_from(a) == tuple(t.distance(a, b) for b in range(16))
        assert t.distances_from(a) == tuple(ref_bfs(ref_neighbours(bank_walls(1)), a))
    with pytest.raises(ValueError):
        t.next_step(3, 3)
    assert t.all_shortest_routes(5, 5) == [()]


def test_route_table_is_cached_by_wall_set():
    """Dynamite (CONV-3) changes walls: tables are cached per frozen wall set."""
    w = bank_walls(2)
    assert route_table(w) is route_table(frozenset(set(w)))
    assert route_table(w) is not route_table(w - {next(iter(w))})


def test_cut_floor_raises_cell_error():
    """CONV-4: a layout that cuts the floor apart is rejected with a clear message."""
    walls = parse_walls("A1|B1,A1/A2")
    with pytest.raises(CellError, match="cut the floor apart"):
        route_table(walls)
    with pytest.raises(ValueError, match="A1\\|B1"):
        RouteTable(FloorLayout(walls))


def test_route_tie_error_is_an_internal_runtime_error():
    """GUARD-9: an impossible tie is an internal error, not a player choice."""
    assert issubclass(RouteTieError, RuntimeError)


def test_loop_helpers_reject_bad_input():
    """GUARD-9 helpers take full routes (start included) of equal length and ends."""
    with pytest.raises(ValueError):
        loop_area(idx("B3 C3 C4"), idx("B3 C3 C4"))
    with pytest.raises(ValueError):
        loop_area(idx("B3 C3 C4"), idx("B3 B4"))
    with pytest.raises(ValueError):
        loop_area(idx("B3 C3 C4"), idx("A3 B4 C4"))


def test_explain_route():
    """GUARD-9/GUARD-10: one explanation line per tie broken along the route."""
    t = route_table(bank_walls(1))
    lines = explain_route(t, parse_index("A1"), parse_index("D2"))
    assert len(lines) == 1
    assert lines[0].startswith(
        "at B2: shortest routes split: via B1 (chosen, the left branch) or via C2;"
    )
    assert "loop B2 B1 C1 D1 D2 D3 C3 C2" in lines[0] and "clockwise" in lines[0]
    assert explain_route(t, parse_index("A1"), parse_index("A2")) == []
    assert explain_route(t, 4, 4) == []
    open_lines = explain_route(route_table(OPEN), parse_index("A1"), parse_index("D4"))
    assert [line.split(":")[0] for line in open_lines] == ["at A1", "at B1", "at C1"]
    assert all("anticlockwise" not in line for line in open_lines)
