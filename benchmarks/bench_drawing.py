"""Benchmark drawing all three floors of a mid-game state (burgle.pictures).

Run:  .venv/bin/python benchmarks/bench_drawing.py [--repeats N]

Budget: median <= 100 ms from game to SVG text for all three floors. Reports, for two
mid-game states (the hand-written scenario tests/data/pictures_midgame.toml and a
seeded game played for a while), the median wall-clock and CPU time of:

* scene   - what the picture shows (forecast routes, alarm distances, text alternative)
* layout  - where every mark goes
* svg     - the whole thing, game to SVG text (this is the budget)
* png     - game to PNG bytes (for comparison; not budgeted)

CPU time (``time.process_time``) is printed next to wall time because the machines
these run on are often shared; the budget is judged on wall time on a quiet machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path
from time import perf_counter, process_time

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from burgle.engine.game import Game  # noqa: E402
from burgle.pictures import layout, render, scene  # noqa: E402

BUDGET_MS = 100.0


def played_game(seed: int = 11, actions: int = 60) -> Game:
    """A seeded game after *actions* random legal actions, preferring moves."""
    rng = random.Random(seed)
    game = Game.new(seed=seed, characters=["hawk", "peterman", "raven"])
    for _ in range(actions):
        if game.is_over:
            break
        acts = game.legal_actions()
        moves = [a for a in acts if a.verb in ("move", "peek")]
        game.apply(rng.choice(moves) if moves and game.pending is None and rng.random() < 0.8 else rng.choice(acts))
    return game


def medians(fn, repeats: int) -> tuple[float, float]:
    wall, cpu = [], []
    for _ in range(repeats):
        w0, c0 = perf_counter(), process_time()
        fn()
        wall.append(perf_counter() - w0)
        cpu.append(process_time() - c0)
    return statistics.median(wall) * 1e3, statistics.median(cpu) * 1e3


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=30)
    args = parser.parse_args()
    states = {
        "scenario pictures_midgame": Game.from_scenario((ROOT / "tests/data/pictures_midgame.toml").read_text()),
        "seeded game, 60 actions": played_game(),
    }
    render(next(iter(states.values())))  # warm-up: imports, font cache
    print("command: python benchmarks/bench_drawing.py" + (f" --repeats {args.repeats}" if args.repeats != 30 else ""))
    print(f"{'state':<26} {'step':<7} {'median wall ms':>15} {'median CPU ms':>14}")
    worst = 0.0
    for name, game in states.items():
        sc = scene(game)
        rows = {
            "scene": lambda: scene(game),
            "layout": lambda: layout(sc),
            "svg": lambda: render(game, fmt="svg"),
            "png": lambda: render(game, fmt="png"),
        }
        for step, fn in rows.items():
            reps = args.repeats if step != "png" else max(5, args.repeats // 3)
            wall, cpu = medians(fn, reps)
            if step == "svg":
                worst = max(worst, wall)
            print(f"{name:<26} {step:<7} {wall:>15.1f} {cpu:>14.1f}")
    verdict = "within" if worst <= BUDGET_MS else "OVER"
    print(f"(median of {args.repeats} runs; svg = all three floors, game to SVG text; "
          f"worst svg median {worst:.1f} ms: {verdict} the {BUDGET_MS:.0f} ms budget)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
