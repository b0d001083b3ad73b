"""Instructions per random action (burgle) and per random ply (python-chess), counted by
valgrind's callgrind: a measure that machine load does not move.

Run:  python benchmarks/bench_instructions.py [--games 30] [--chess-games 6]

On a shared machine the wall-clock and even the CPU-second rates of ``bench_engine.py``
swing by a third from one run to the next. Callgrind counts the instructions the process
executes, the same on every run, so it shows what a change to the engine did. Each side is
run twice in a fresh interpreter, once with the play loop and once without it (imports
and set-up only), and the difference is divided by the actions (plies) played:

- burgle: the playout loop of ``bench_engine.burgle_actions`` (seeds 0..games-1, 1-4
  characters, ``game.apply(choice(game.legal_actions()))`` until the game is over or cut off
  at 2000 actions), with the games set up before the loop;
- python-chess: the loop of ``bench_engine.chess_plies`` (``board.push(choice(list(
  board.legal_moves)))`` until the game is over or 500 plies), boards set up before.

Instructions are not time: python-chess's integer bit work runs at more instructions per
cycle than the engine's object-heavy code, so the wall-clock ratio of ``bench_engine.py``
comes out lower than the ratio of instructions printed here. Needs ``valgrind`` (Debian:
``apt-get install valgrind``); takes about two minutes.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BURGLE = """
import random, sys
from burgle.analysis.simulate import DEFAULT_MAX_ACTIONS
from burgle.engine import Game
games = []
for i in range({games}):
    rng = random.Random(i)
    games.append((Game.new(seed=i, players=rng.randint(1, 4)), rng.choice))
total = 0
if {play}:
    for game, choice in games:
        n = 0
        while not game.is_over and n < DEFAULT_MAX_ACTIONS:
            game.apply(choice(game.legal_actions()))
            n += 1
        total += n
print(total)
"""

CHESS = """
import random, chess
choice = random.Random(0).choice
boards = [chess.Board() for _ in range({games})]
total = 0
if {play}:
    for board in boards:
        n = 0
        while not board.is_game_over() and n < 500:
            board.push(choice(list(board.legal_moves)))
            n += 1
        total += n
print(total)
"""


def instructions(code: str) -> tuple[int, int]:
    """(instructions, the count the script printed) of one run under callgrind."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:  # pragma: no cover - valgrind's summary line is missing
        raise RuntimeError(run.stderr[-2000:])
    return int(found.group(1)), int(run.stdout.split()[-1])


def per_step(template: str, games: int) -> tuple[float, int]:
    played, steps = instructions(template.format(games=games, play=True))
    setup, _ = instructions(template.format(games=games, play=False))
    return (played - setup) / steps, steps


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30, help="burgle games (default 30)")
    parser.add_argument("--chess-games", type=int, default=6, help="python-chess games (default 6)")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 2
    burgle, actions = per_step(BURGLE, args.games)
    chess, plies = per_step(CHESS, args.chess_games)
    print("| measure | instructions | over |")
    print("|---|---:|---|")
    print(f"| burgle, per random legal action | {burgle:,.0f} | {actions} actions, {args.games} games |")
    print(f"| python-chess, per random ply | {chess:,.0f} | {plies} plies, {args.chess_games} games |")
    print(f"| ratio chess / burgle (actions per ply, by instructions) | {chess / burgle:.2f} | |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
