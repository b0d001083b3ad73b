"""Benchmark the patrol odds and the danger map (burgle.analysis.patrol, issues 6 and 11).

Run:  .venv/bin/python benchmarks/bench_patrol.py [--repeats N] [--positions N] [--turns N] [--budget N]

Goals: median <= 50 ms for next-destination odds + a 3-move danger map on a mid-game floor
(issue 6); 90th percentile <= 20 ms over the sweep, through the engine's own guard walk
(issue 11, section 9). The guard's walking comes from the engine
(``burgle.engine.walker.GuardWalker``, one per floor layout, kept between calls); the sweep
is also run "cold", with that cache emptied before each position, which adds building the
scratch floor (about 2 ms) to every call.

Reports, with the default settings (``method="auto"``: exact unless it needs more than
``DEFAULT_BUDGET`` memoised draw states, then seeded Monte Carlo):

* two fixed mid-game floors, median wall-clock and CPU time of ``next_destination_odds``
  + ``danger_map(turns=3)`` over *repeats* runs, the method used, the states and card
  sequences (exact) or samples (Monte Carlo):
  - floor 2 of the hand-written scenario ``tests/data/pictures_midgame.toml``;
  - a seeded game (seed 11, Hawk + Peterman: trim 6) whose floor-1 guard has made 9
    guard-phase moves through the engine (its own draws and reshuffles);
  - a hard one (seed 18, 1 character: trim 9, floor 3, die 5, after 6 guard moves:
    about 7,900 draw states, far over the budget), for the cost of the Monte Carlo fallback
    on a thin deck with a fast die (reshuffles within the horizon);
  - the second with ``method="monte-carlo"`` forced (the fallback's cost);
* a sweep of *positions* seeded mid-game floors (1-4 characters, any floor, 0-12 engine
  guard moves from a new game): the distribution of the time, and how many were exact.

CPU time (``time.process_time``) is shown next to wall time: the machine is shared.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from pathlib import Path
from time import perf_counter, process_time

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from burgle.analysis import patrol  # noqa: E402
from burgle.analysis.patrol import (  # noqa: E402
    DEFAULT_BUDGET,
    DEFAULT_SAMPLES,
    danger_map,
    next_destination_odds,
    public_info,
)
from burgle.engine import guards  # noqa: E402
from burgle.engine.game import Game  # noqa: E402

GOAL_MS = 50.0
GOAL_P90_MS = 20.0
CHARACTERS = ["hawk", "peterman", "raven", "juicer"]


def drive(gen) -> None:
    for _ in gen:
        raise RuntimeError("a guard move asked for a choice")


def patrolled(seed: int, characters: int, floor: int, moves: int):
    """A new seeded game whose *floor* guard has made *moves* guard-phase moves through the
    engine (placed first if needed, GUARD-2): a mid-game patrol deck. The characters are
    kept off the board meanwhile so that nobody is seen (the deck is what matters here)."""
    game = Game.new(seed=seed, characters=CHARACTERS[:characters])
    game.apply("entrance 1A1")
    cells = [ch.cell for ch in game.s.characters]
    for ch in game.s.characters:
        ch.cell = None
    guard = game.s.guards[floor - 1]
    if not guard.placed:
        drive(guards.place_guard(game._rules, guard))
    for _ in range(moves):
        drive(guards.guard_phase_move(game._rules, guard))
    for ch, cell in zip(game.s.characters, cells):
        ch.cell = cell
    return game


budget = DEFAULT_BUDGET  # --budget


def one(info, turns: int):
    odds = next_destination_odds(info)
    return odds, danger_map(info, turns=turns, budget=budget)


def timed(info, turns: int, repeats: int):
    wall, cpu = [], []
    dm = None
    for _ in range(repeats):
        w0, c0 = perf_counter(), process_time()
        _, dm = one(info, turns)
        wall.append(perf_counter() - w0)
        cpu.append(process_time() - c0)
    return statistics.median(wall) * 1e3, statistics.median(cpu) * 1e3, dm


def how(dm) -> str:
    if dm.method == "exact":
        return f"exact ({dm.states} states, {dm.sequences:,} sequences)"
    return f"monte-carlo ({dm.samples} samples, seed {dm.seed})"


def peer_sweep(path: str, infos, turns: int) -> None:
    """The sweep again, each position run by the peer module and by this one in turn (so both
    see the same load): CPU and wall percentiles, their ratio, and whether the positions
    exact in both give identical figures."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("peer_patrol", path)
    peer = importlib.util.module_from_spec(spec)
    sys.modules["peer_patrol"] = peer
    spec.loader.exec_module(peer)

    def run(mod, info):
        w0, c0 = perf_counter(), process_time()
        mod.next_destination_odds(info)
        dm = mod.danger_map(info, turns=turns)
        return (process_time() - c0) * 1e3, (perf_counter() - w0) * 1e3, dm

    rows = {"peer": [], "this": []}
    both = same = 0
    for info in infos:
        old = peer.patrol_info(info.floor, info.guard, info.die, info.speed, discard=info.discard, trim=info.trim,
                               removed=info.removed, walls=info.walls, alarms=info.alarms, first_mp=info.first_mp,
                               crow=info.crow)
        a, b = run(peer, old), run(patrol, info)
        rows["peer"].append(a)
        rows["this"].append(b)
        if a[2].method == b[2].method == "exact":
            both += 1
            same += (a[2].enter, a[2].end_by_turn, a[2].reshuffle) == (b[2].enter, b[2].end_by_turn, b[2].reshuffle)

    def q(xs, f):
        xs = sorted(xs)
        return xs[min(len(xs) - 1, int(f * len(xs)))]

    print(f"\nPeer {path}, interleaved over the same {len(infos)} positions (warm):")
    p90 = {}
    for name, rs in rows.items():
        cpu, wall = [r[0] for r in rs], [r[1] for r in rs]
        p90[name] = q(cpu, 0.9)
        print(f"  {name}: CPU ms median {q(cpu, 0.5):.1f}, 90% {q(cpu, 0.9):.1f}, max {max(cpu):.1f}; "
              f"wall ms median {q(wall, 0.5):.1f}, 90% {q(wall, 0.9):.1f}, max {max(wall):.1f}")
    print(f"  CPU 90th percentile, peer / this: {p90['peer'] / p90['this']:.1f}x; positions exact in both: {both}, "
          f"identical figures: {same}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=30)
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--turns", type=int, default=3)
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET,
                        help="memoised draw states before auto gives way to Monte Carlo (default: the module's); "
                             "the --peer comparison keeps each module's default")
    parser.add_argument("--peer", metavar="FILE", default=None,
                        help="an older burgle/analysis/patrol.py (git show REV:burgle/analysis/patrol.py > FILE): "
                             "run it interleaved with this one over the sweep, and compare times and figures")
    args = parser.parse_args()
    T = args.turns
    global budget
    budget = args.budget

    fixed = {
        "scenario pictures_midgame, floor 2": public_info(
            Game.from_scenario((ROOT / "tests/data/pictures_midgame.toml").read_text()), 2),
        "seeded game 11, 2 characters, floor 1 after 9 moves": public_info(patrolled(11, 2, 1, 9), 1),
    }
    hard = {"hard: seeded game 18, 1 character, floor 3 after 6": public_info(patrolled(18, 1, 3, 6), 3)}
    print(f"Patrol odds + danger map, {T} moves, method auto (budget {budget:,} states, "
          f"else {DEFAULT_SAMPLES:,} samples); median of {args.repeats}")
    print(f"{'position':<52} {'wall ms':>8} {'CPU ms':>8}  method")
    worst = 0.0
    for name, info in {**fixed, **hard}.items():
        one(info, T)  # warm the route tables
        wall, cpu, dm = timed(info, T, args.repeats)
        if name in fixed:
            worst = max(worst, wall)
        print(f"{name:<52} {wall:>8.1f} {cpu:>8.1f}  {how(dm)}")
        print(f"{'':<4}{info.describe()}")

    info = fixed["seeded game 11, 2 characters, floor 1 after 9 moves"]
    wall, cpu = [], []
    for _ in range(max(3, args.repeats // 3)):
        w0, c0 = perf_counter(), process_time()
        dm = danger_map(info, turns=T, method="monte-carlo")
        wall.append(perf_counter() - w0)
        cpu.append(process_time() - c0)
    print(f"{'seeded game 11 again, forced Monte Carlo':<52} {statistics.median(wall) * 1e3:>8.1f} "
          f"{statistics.median(cpu) * 1e3:>8.1f}  {how(dm)}")

    rng = random.Random(2026)
    infos = []
    for _ in range(args.positions):
        n = rng.randint(1, 4)
        floor = rng.randint(1, 3)
        infos.append(public_info(patrolled(rng.randrange(10**6), n, floor, rng.randint(0, 12)), floor))

    def q(xs, f):
        return xs[min(len(xs) - 1, int(f * len(xs)))]

    p90 = {}
    for cold in (False, True):
        rows = []
        for info in infos:
            if cold:
                patrol._walker.cache_clear()
            w0, c0 = perf_counter(), process_time()
            _, dm = one(info, T)
            rows.append(((perf_counter() - w0) * 1e3, (process_time() - c0) * 1e3, dm.method, dm.states))
        walls = sorted(r[0] for r in rows)
        cpus = sorted(r[1] for r in rows)
        exact = sum(r[2] == "exact" for r in rows)
        name = "cold (walker cache emptied each time)" if cold else "warm"
        print(f"\nSweep of {len(rows)} seeded mid-game floors, {name}, 1 run each: wall ms median "
              f"{statistics.median(walls):.1f}, 90% {q(walls, 0.9):.1f}, max {walls[-1]:.1f}; CPU ms median "
              f"{statistics.median(cpus):.1f}, 90% {q(cpus, 0.9):.1f}, max {cpus[-1]:.1f}")
        print(f"exact: {exact} of {len(rows)}; Monte Carlo: {len(rows) - exact}")
        p90[cold] = (q(walls, 0.9), q(cpus, 0.9), statistics.median(walls))
    met = worst <= GOAL_MS and p90[False][2] <= GOAL_MS
    print(f"\nGoal (issue 6): median <= {GOAL_MS:.0f} ms on a mid-game floor: {'met' if met else 'NOT met'}")
    for cold in (False, True):
        wall, cpu, _ = p90[cold]
        print(f"Goal (issue 11): 90th percentile <= {GOAL_P90_MS:.0f} ms ({'cold' if cold else 'warm'}): "
              f"wall {wall:.1f} ms {'met' if wall <= GOAL_P90_MS else 'NOT met'}, "
              f"CPU {cpu:.1f} ms {'met' if cpu <= GOAL_P90_MS else 'NOT met'}")
    if args.peer:
        peer_sweep(args.peer, infos, T)
    if os.name == "posix":
        print(f"load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())} "
              f"({os.cpu_count()} CPUs)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
