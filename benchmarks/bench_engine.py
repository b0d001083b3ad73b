"""Benchmark the rules engine against python-chess, side by side on this machine.

Run:  python benchmarks/bench_engine.py [--quick] [--budget SECONDS] [--repeats N]

Measures, each over the same wall-clock budget per repeat (the three interleaved, so
machine load hits them alike), and reports medians over the repeats:

(a) burgle random legal actions per second, legality checked: the playout loop
    ``acts = game.legal_actions(); game.apply(rng.choice(acts))`` (``apply`` re-checks
    the action against the legal list); timed inside the loop only, game set-up excluded;
(b) complete random burgle games per second, set-up included (games as ``burgle
    simulate`` plays them: 1-4 characters at random, cut off at 2000 actions);
(c) python-chess random playout plies per second: ``board.legal_moves`` -> random
    choice -> ``board.push`` until ``board.is_game_over()`` or a ply cap;

and the ratio (a) / (c). Goals: (a) >= 2 x (c) (issue 11), (b) >= 100 games/s. Then copy(),
undo(), view() and redeal() on a mid-game position beside python-chess Board.copy() and
Board.pop() in the same run (issue 11: copy <= 20 us, undo <= 5 us). Then the guard
routing figures of ``bench_routing.py`` (its functions): per-floor route table
precompute (ms) and the hot-path query ``table.step[a*16+b]`` (ns).

Prints markdown tables (for docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
from pathlib import Path
from time import perf_counter, process_time

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench_routing, when run from elsewhere

from burgle.analysis.simulate import DEFAULT_MAX_ACTIONS, play_random_game  # noqa: E402
from burgle.engine import Game  # noqa: E402

CHESS_PLY_CAP = 500


def burgle_actions(budget: float, seed: int) -> tuple[float, float, int]:
    """(a): actions per second (wall, CPU) of the playout loop, timed inside the loop only."""
    actions = 0
    inside = inside_cpu = 0.0
    wall = perf_counter()
    i = seed
    while perf_counter() - wall < budget:
        rng = random.Random(i)
        game = Game.new(seed=i, players=rng.randint(1, 4))
        choice = rng.choice
        n = 0
        t0, c0 = perf_counter(), process_time()
        while not game.is_over and n < DEFAULT_MAX_ACTIONS:
            acts = game.legal_actions()
            game.apply(choice(acts))
            n += 1
        inside += perf_counter() - t0
        inside_cpu += process_time() - c0
        actions += n
        i += 1
    return actions / inside, actions / inside_cpu, actions


def burgle_games(budget: float, seed: int) -> tuple[float, float, int]:
    """(b): complete games per second (wall, CPU), set-up included."""
    games = 0
    t0, c0 = perf_counter(), process_time()
    while perf_counter() - t0 < budget:
        play_random_game(seed + games)
        games += 1
    return games / (perf_counter() - t0), games / (process_time() - c0), games


def chess_plies(budget: float, seed: int) -> tuple[float, float, int]:
    """(c): python-chess random playout plies per second (wall, CPU), timed inside the loop only."""
    import chess

    rng = random.Random(seed)
    choice = rng.choice
    plies = 0
    inside = inside_cpu = 0.0
    wall = perf_counter()
    while perf_counter() - wall < budget:
        board = chess.Board()
        n = 0
        t0, c0 = perf_counter(), process_time()
        while not board.is_game_over() and n < CHESS_PLY_CAP:
            board.push(choice(list(board.legal_moves)))
            n += 1
        inside += perf_counter() - t0
        inside_cpu += process_time() - c0
        plies += n
    return plies / inside, plies / inside_cpu, plies


def mid_game(actions: int = 80):
    """A mid-game burgle position (3 characters, ~80 actions played, still going) and a
    python-chess middlegame (40 plies), both from fixed seeds."""
    import chess

    seed = 0
    while True:
        rng = random.Random(seed)
        game = Game.new(seed=seed, players=3)
        while not game.is_over and len(game.log) < actions:
            game.apply(rng.choice(game.legal_actions()))
        if not game.is_over:
            break
        seed += 1
    board = chess.Board()
    rng = random.Random(1)
    while board.ply() < 40:
        moves = list(board.legal_moves)
        board.push(rng.choice(moves))
    return game, board


def _median_us(fn, number: int, repeats: int) -> float:
    import timeit

    return statistics.median(timeit.repeat(fn, number=number, repeat=repeats)) / number * 1e6


def copy_undo_figures(quick: bool) -> list[tuple[str, float, float | None]]:
    """(measure, burgle median us, python-chess median us): copy on a mid-game position
    beside Board.copy(stack=False) (and copy() with its history beside Board.copy()), and
    one undo beside one Board.pop(), measured in the same run."""
    import chess  # noqa: F401

    game, board = mid_game()
    number, repeats = (2000, 5) if quick else (20000, 9)
    rows = [
        ("copy() (state, log and undo history)", _median_us(game.copy, number, repeats),
         _median_us(board.copy, number, repeats)),
        ("copy() vs Board.copy(stack=False)", _median_us(game.copy, number, repeats),
         _median_us(lambda: board.copy(stack=False), number, repeats)),
    ]
    # undo: a copy of the game takes back its 80 actions; a copy of the board its 40 plies
    undo = []
    pop = []
    for _ in range(repeats):
        g = game.copy()
        n = len(g.log)
        t0 = perf_counter()
        for _ in range(n):
            g.undo()
        undo.append((perf_counter() - t0) / n * 1e6)
        b = board.copy()
        t0 = perf_counter()
        for _ in range(40):
            b.pop()
        pop.append((perf_counter() - t0) / 40 * 1e6)
    rows.append(("undo() vs Board.pop()", statistics.median(undo), statistics.median(pop)))
    rows.append(("view()", _median_us(game.view, number // 10, repeats), None))
    rows.append(("redeal(seed)", _median_us(lambda: game.redeal(7), number // 10, repeats), None))
    return rows


def routing_figures(quick: bool) -> list[tuple[str, float, float]]:
    """Per floor: (name, precompute ms, step[a*16+b] ns), measured as bench_routing.py does."""
    import bench_routing as br
    from burgle.geometry.board import FloorLayout
    from burgle.geometry.layouts import job_walls
    from burgle.geometry.routing import RouteTable

    if quick:
        br.BUILD_REPEATS, br.QUERY_REPEATS, br.QUERY_NUMBER = 50, 3, 50_000
    floors = {f"Bank Job floor {f}": w for f, w in enumerate(job_walls("bank"), start=1)}
    overhead = br.median_ns("pass", {})
    rows = []
    for name, walls in floors.items():
        table = RouteTable(FloorLayout(walls))
        step_ns = br.median_ns("table.step[a*16+b]", {"table": table, "a": 12, "b": 3}) - overhead
        rows.append((name, br.median_build_ms(walls), step_ns))
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="short run: 0.5 s budget, 3 repeats")
    parser.add_argument("--budget", type=float, default=None, help="seconds per measurement (default 2)")
    parser.add_argument("--repeats", type=int, default=None, help="repeats, medians reported (default 5)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-chess", action="store_true", help="skip python-chess (not installed)")
    args = parser.parse_args(argv)
    budget = args.budget or (0.5 if args.quick else 2.0)
    repeats = args.repeats or (3 if args.quick else 5)

    try:
        import chess
        chess_version = chess.__version__
    except ImportError:
        if not args.no_chess:
            print("python-chess is not installed (pip install 'burgle[bench]'), or pass --no-chess",
                  file=sys.stderr)
            return 2
        chess_version = None
    use_chess = chess_version is not None and not args.no_chess

    # warm-up: imports, route table caches
    burgle_actions(0.1, args.seed)
    if use_chess:
        chess_plies(0.1, args.seed)

    runs = {"a": [], "b": [], "c": []}  # (wall rate, CPU rate, count) per repeat
    for r in range(repeats):
        seed = args.seed + 100_000 * r
        runs["a"].append(burgle_actions(budget, seed))
        runs["b"].append(burgle_games(budget, seed))
        if use_chess:
            runs["c"].append(chess_plies(budget, seed))

    def med(key, k):
        return statistics.median(x[k] for x in runs[key])

    def span(key, fmt):
        vals = [x[0] for x in runs[key]]
        return f"{min(vals):{fmt}}-{max(vals):{fmt}}"

    def total(key):
        return sum(x[2] for x in runs[key])

    ma, mb = med("a", 0), med("b", 0)
    mc = med("c", 0) if use_chess else None

    print(f"machine: {platform.machine()}, {os.cpu_count()} CPUs (nproc), "
          f"Python {platform.python_version()} ({platform.python_implementation()}), "
          f"python-chess {chess_version or 'not installed'}")
    print(f"budget {budget:g} s (wall clock) per measurement, {repeats} repeats interleaved a-b-c; "
          "medians; rates per wall-clock second, and per CPU second of this process (less "
          "sensitive to other load on the machine)")
    print()
    print("| measure | median /s (wall) | range /s (wall) | median /s (CPU) | goal | met |")
    print("|---|---:|---:|---:|---|---|")
    print(f"| (a) burgle random legal actions ({total('a')} actions) | {ma:,.0f} | {span('a', ',.0f')} "
          f"| {med('a', 1):,.0f} | >= 2 x (c) | {'yes' if mc is None or ma >= 2 * mc else 'no'} |")
    print(f"| (b) burgle complete random games ({total('b')} games) | {mb:,.1f} | {span('b', ',.1f')} "
          f"| {med('b', 1):,.1f} | >= 100 | {'yes' if mb >= 100 else 'no'} |")
    if mc is not None:
        print(f"| (c) python-chess random plies ({total('c')} plies, cap {CHESS_PLY_CAP}/game) | {mc:,.0f} "
              f"| {span('c', ',.0f')} | {med('c', 1):,.0f} | | |")
        ratios = [x[0] / y[0] for x, y in zip(runs["a"], runs["c"])]
        cpu_ratio = med("a", 1) / med("c", 1)
        print(f"| ratio (a)/(c) | {ma / mc:.2f} | {min(ratios):.2f}-{max(ratios):.2f} (per repeat) "
              f"| {cpu_ratio:.2f} | >= 2 | {'yes' if ma >= 2 * mc else 'no'} |")
    if use_chess:
        print()
        print("| measure (mid-game) | burgle median (µs) | python-chess median (µs) | goal |")
        print("|---|---:|---:|---|")
        goals = {"copy() vs Board.copy(stack=False)": "≤ 20 µs", "undo() vs Board.pop()": "≤ 5 µs"}
        for name, ours, theirs in copy_undo_figures(args.quick):
            other = f"{theirs:.2f}" if theirs is not None else ""
            print(f"| {name} | {ours:.2f} | {other} | {goals.get(name, '')} |")
    print()
    print("| floor | route table precompute (ms) | query `step[a*16+b]` (ns) |")
    print("|---|---:|---:|")
    for name, ms, ns in routing_figures(args.quick):
        print(f"| {name} | {ms:.3f} | {ns:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
