"""Benchmark the guard route tables (RULES.md GUARD-8/GUARD-9).

Run:  python benchmarks/bench_routing.py

Reports, per Bank Job floor (and an open floor):
* the median time to precompute a RouteTable from scratch (budget: <= 5 ms),
* the median cost of a hot-path query ``table.step[a*16+b]`` (budget: <= 1 us),
* the median cost of a ``table.route(a, b)`` method call.
"""

from __future__ import annotations

import statistics
import timeit
from time import perf_counter

from burgle.geometry.board import FloorLayout
from burgle.geometry.layouts import job_walls
from burgle.geometry.routing import RouteTable

BUILD_REPEATS = 200
QUERY_REPEATS = 7
QUERY_NUMBER = 200_000


def median_build_ms(walls) -> float:
    times = []
    for _ in range(BUILD_REPEATS):
        layout = FloorLayout(walls)  # fresh layout: neighbour lists are rebuilt too
        t0 = perf_counter()
        RouteTable(layout)
        times.append(perf_counter() - t0)
    return statistics.median(times) * 1e3


def median_ns(stmt: str, env: dict) -> float:
    runs = timeit.repeat(stmt, globals=env, number=QUERY_NUMBER, repeat=QUERY_REPEATS)
    return statistics.median(runs) / QUERY_NUMBER * 1e9


def main() -> None:
    floors = {f"Bank Job floor {f}": w for f, w in enumerate(job_walls("bank"), start=1)}
    floors["open floor"] = frozenset()
    a, b = 12, 3  # A4 -> D1: a long route
    overhead = median_ns("pass", {})
    print(f"{'floor':<18} {'precompute ms':>14} {'step[a*16+b] ns':>16} {'route(a,b) ns':>14}")
    for name, walls in floors.items():
        table = RouteTable(FloorLayout(walls))
        env = {"table": table, "a": a, "b": b}
        step_ns = median_ns("table.step[a*16+b]", env) - overhead
        route_ns = median_ns("table.route(a, b)", env) - overhead
        print(f"{name:<18} {median_build_ms(walls):>14.3f} {step_ns:>16.1f} {route_ns:>14.1f}")
    print(
        f"(median of {BUILD_REPEATS} builds; queries: median of {QUERY_REPEATS} x "
        f"{QUERY_NUMBER} calls, empty-loop overhead {overhead:.1f} ns subtracted)"
    )


if __name__ == "__main__":
    main()
