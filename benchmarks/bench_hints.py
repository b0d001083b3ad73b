"""How fast is a hint? 1,000 samples of the end-turn risk (goal: <= 1 s), beside the cost of
one bot decision and one copy, all in one run (issue 13).

    .venv/bin/python benchmarks/bench_hints.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import time

from burgle.bots import HeuristicBot, Seat, new_game
from burgle.bots.hints import end_turn_risk


def midgame(seed: int = 7, actions: int = 30):
    game = new_game(seed, 2)
    bot, seat = HeuristicBot(seed), Seat(game)
    for _ in range(actions):
        game.apply(bot.choose(seat))
    while game.pending is not None:
        game.apply(bot.choose(seat))
    return game


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--samples", type=int, default=1000)
    args = ap.parse_args()
    games = [midgame(s) for s in (7, 11, 23)]
    hint, decide, copy = [], [], []
    for _ in range(args.repeat):
        for g in games:
            t = time.perf_counter()
            end_turn_risk(g, samples=args.samples, seed=1)
            hint.append(time.perf_counter() - t)
            t = time.perf_counter()
            for _ in range(20):
                HeuristicBot(1).choose(Seat(g))
            decide.append((time.perf_counter() - t) / 20)
            t = time.perf_counter()
            for _ in range(1000):
                g.copy()
            copy.append((time.perf_counter() - t) / 1000)
    print(f"end-turn risk, {args.samples} samples: median {statistics.median(hint):.3f} s, max {max(hint):.3f} s")
    print(f"one heuristic decision: median {1000 * statistics.median(decide):.2f} ms")
    print(f"game.copy(): median {1e6 * statistics.median(copy):.1f} us")
    print(f"one hint sample = {statistics.median(hint) / args.samples / statistics.median(copy):.0f} copies")


if __name__ == "__main__":
    main()
