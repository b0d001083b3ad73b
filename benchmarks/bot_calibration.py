"""Is the heuristic bot's danger map right? (docs/bots.md, "Is the danger map right?")

    python benchmarks/bot_calibration.py GAMES [START]

Plays seeds START..START+GAMES-1 (The Bank Job, 2 basic characters, as ``burgle simulate``
does) and, at every turn end, takes the chance the bot's danger map (``Plan.danger`` on the
bot's re-dealt copy) gives the character's cell. Then it watches whether that character
loses Stealth (or a Lavatory token) before its next turn begins: in its own guard phase, the
teammate's turn or an Event. Prints, by tenths of the rated chance, the ends and the mean
rated against the share that lost Stealth, split by whether the end draws an Event (2 actions
or fewer spent, TURN-4) and whether the teammate shares the floor (TURN-7).
"""
from __future__ import annotations

import collections
import sys

from burgle.bots.heuristic import Plan
from burgle.bots.play import new_game
from burgle.bots.planner import HeuristicBot
from burgle.bots.seat import Seat

N = 16
MAX_ACTIONS = 1500


def calibrate(games: int, start: int) -> dict:
    """{(tenth, event, shared): [ends, sum of rated chances, ends that lost Stealth]}"""
    bins: dict = collections.defaultdict(lambda: [0, 0.0, 0])
    for seed in range(start, start + games):
        g = new_game(seed, 2)
        bot = HeuristicBot(seed)
        seat = Seat(g)
        open_ends: dict[int, list] = {}  # seat -> [rated, lost, event, shared]
        for _ in range(MAX_ACTIONS):
            if g.is_over:
                break
            s = g.s
            action, _, copy = bot.deliberate(seat)
            active = s.active
            ch = s.characters[active]
            if s.phase == "actions" and active in open_ends:  # its next turn: the end is settled
                rated, lost, event, shared = open_ends.pop(active)
                b = bins[(min(int(rated * 10), 9), event, shared)]
                b[0] += 1
                b[1] += rated
                b[2] += lost
            if action.verb == "end" and ch.cell is not None and s.phase == "actions":
                f = ch.cell // N
                shared = any(o.on_board and o is not ch and o.cell is not None and o.cell // N == f
                             for o in s.characters)
                rated = Plan(copy, bot.w).danger(copy, f).get(ch.cell, 0.0)
                open_ends[active] = [rated, 0, g.actions_left >= 2, shared]
            for h in g.apply(action):
                if h.kind in ("stealth_lost", "stealth_tile"):
                    loser = next((i for i, c in enumerate(g.s.characters) if g.who(c) == h.who), None)
                    if loser in open_ends:
                        open_ends[loser][1] = 1
    return bins


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 100
    start = int(argv[1]) if len(argv) > 1 else 1000
    bins = calibrate(games, start)
    print(f"seeds {start}-{start + games - 1}: rated chance of losing Stealth at a turn end against what happened")
    print("tenth  event  shared   ends  rated  lost")
    for (tenth, event, shared), (n, rated, lost) in sorted(bins.items()):
        print(f"{tenth / 10:4.1f}   {'yes' if event else 'no ':5}  {'yes' if shared else 'no ':6} {n:6d}  "
              f"{rated / n:5.1%}  {lost / n:5.1%}")


if __name__ == "__main__":
    main(sys.argv[1:])
