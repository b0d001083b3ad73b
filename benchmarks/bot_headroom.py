"""Where the heuristic bot's limit lies: what-if games that bend one condition (docs/bots.md).

    python benchmarks/bot_headroom.py {view,oracle,stealth,noevents,nospeedup,calm} [--games N] [--seed S] [--stealth K] [--set NAME=VALUE ...]

* ``view``: the bot as it plays (``burgle simulate --bot heuristic``), the baseline.
* ``oracle``: the bot decides on a copy of the real game instead of a re-deal from the
  view: it knows every face-down tile and the order of every deck. If it won much more,
  the limit would be information (a search over re-deals could recover some); if not, the
  limit is how it plays.
* ``stealth``: every character starts with K Stealth (default 99) instead of 3 (END-1),
  so no game ends in capture; the bot plays as at 3 Stealth (its weights do not change
  above 3). It measures the bot's pace (turns to crack each Safe and to escape) and how
  much Stealth that pace costs: a crew of two can lose at most 3 each and survive.
* ``noevents``: no Event is ever drawn (TURN-4 bent): what Events cost the bot, in wins.
* ``nospeedup``: an exhausted patrol deck is reshuffled and trimmed but the guard's die does
  not rise (GUARD-4 bent): what the slow pace costs in guard speed.
* ``calm``: both of the above.

``--set`` plays a variant (as ``bot_variants.py``): ``stealth --set loss_scale=0 --set
tolerance=100 --set corner_cap=0`` is the bot ignoring the guards, its pace with no dodging.
Each mode also prints the actions played per game, by verb (``--why K``: also the K most
frequent reasons the bot gave, by the Safes cracked so far).

No what-if is a bot a player could use: ``oracle`` reads hidden information and the others
change a rule (``noevents``, ``nospeedup`` and ``calm`` by replacing an engine function inside
this process only, ``BENDS``; the bot's re-dealt copies play by the same bent rule). They are
measurements, kept here to be re-run after changes.
Game i uses seed S+i (2 basic characters, The Bank Job), as ``burgle simulate`` does.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import re
import statistics
import sys
import time

from burgle.bots import abilities
from burgle.bots.play import DEFAULT_MAX_ACTIONS, new_game
from burgle.bots.planner import HeuristicBot
from burgle.bots.seat import Seat
from burgle.engine import patrol, turns
from burgle.geometry.board import floor_of

from bot_variants import variant


_RESHUFFLE = patrol.reshuffle  # the rule as written, called by the bent one


def _never_an_event(s, ch) -> bool:
    return False  # TURN-4 bent: no Event is drawn


def _reshuffle_same_speed(g, guard) -> None:
    speed = guard.speed
    _RESHUFFLE(g, guard)  # GUARD-4 bent: the new deck, but the same die
    guard.speed = speed


BENDS = {  # what-if mode: the engine functions it replaces (module, name, replacement)
    "noevents": [(turns, "draws_event", _never_an_event), (abilities, "draws_event", _never_an_event)],
    "nospeedup": [(patrol, "reshuffle", _reshuffle_same_speed)],
}
BENDS["calm"] = BENDS["noevents"] + BENDS["nospeedup"]


@contextlib.contextmanager
def bent_rules(mode: str):
    """The engine with the rules of the what-if *mode* bent (``BENDS``), restored on exit."""
    saved = [(module, name, getattr(module, name)) for module, name, _ in BENDS.get(mode, [])]
    for module, name, replacement in BENDS.get(mode, []):
        setattr(module, name, replacement)
    try:
        yield
    finally:
        for module, name, original in saved:
            setattr(module, name, original)


def play(seed: int, mode: str, stealth: int, bot_class=HeuristicBot, verbs=None, guards=None, reasons=None):
    """One game: (outcome, turns at which each Safe fell, last turn, Stealth lost per character).
    *verbs* counts the actions by verb, *guards* the guard moves, their MP and the patrol
    reshuffles (GUARD-4), by floor, *reasons* the actions by the Safes cracked so far and the
    bot's reason (its figures blanked)."""
    game = new_game(seed, 2)
    if mode == "stealth":
        for ch in game.s.characters:
            ch.stealth = stealth
    bot = bot_class(seed)
    seat = Seat(game)
    cracked_at: list[int] = []
    for _ in range(DEFAULT_MAX_ACTIONS * 2):
        if game.is_over:
            break
        if mode == "oracle":
            legal = game.legal_actions()
            action, why = (legal[0], "") if len(legal) == 1 else bot.decide(game.copy(), legal)[:2]
        else:
            action, why, _ = bot.deliberate(seat)
        if reasons is not None:
            reasons[len(cracked_at), re.sub(r"\d+", "#", str(why)) or "(the only legal action)"] += 1
        if verbs is not None:
            verbs[action.verb] += 1
        for h in game.apply(action):
            if guards is not None and h.kind in ("guard_moves", "reshuffle"):
                floor = floor_of(h.cell)
                guards[h.kind, floor] += 1
                if h.kind == "guard_moves":
                    guards["mp", floor] += h.value
        cracked = sum(1 for t in game.s.tiles if t.kind == "safe" and t.cracked)
        if cracked > len(cracked_at):
            cracked_at.append(game.s.turn)
    lost = [stealth - ch.stealth for ch in game.s.characters] if mode == "stealth" else []
    return game.s.outcome, cracked_at, game.s.turn, lost


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=("view", "oracle", "stealth", *BENDS))
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--stealth", type=int, default=99, help="starting Stealth in the stealth mode (default 99)")
    parser.add_argument("--why", type=int, default=0, metavar="K",
                        help="also print the K most frequent (Safes cracked, reason) pairs, in actions a game")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="a tunable number of HeuristicBot (as bot_variants.py), repeatable")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.why < 0:
        parser.error("--why must be 0 or more")
    if args.stealth < 3:
        parser.error("--stealth must be at least 3 (the rules' start, END-1)")
    try:
        bot_class = variant(args.set)
    except ValueError as exc:
        parser.error(str(exc))
    verbs: collections.Counter = collections.Counter()
    guards: collections.Counter = collections.Counter()
    reasons: collections.Counter = collections.Counter()
    start = time.perf_counter()
    with bent_rules(args.mode):
        results = [play(s, args.mode, args.stealth, bot_class, verbs, guards, reasons) for s in range(args.seed, args.seed + args.games)]
    n = len(results)
    won = [r for r in results if r[0] == "won"]
    print(f"{args.mode}{' ' + ' '.join(args.set) if args.set else ''}, seeds {args.seed}-{args.seed + n - 1}: wins {len(won)}/{n}, "
          f"Safes/game {sum(len(r[1]) for r in results) / n:.2f}, {time.perf_counter() - start:.0f} s")
    for k in range(3):
        turns = [r[1][k] for r in results if len(r[1]) > k]
        if turns:
            print(f"  Safe {k + 1} cracked in {len(turns)} games, median turn {statistics.median(turns):g}")
    if won:
        print(f"  won games end at median turn {statistics.median(r[2] for r in won):g}")
    if args.mode == "stealth":
        per_char = [x for r in results for x in r[3]]
        per_won = [x for r in won for x in r[3]]
        print(f"  Stealth lost per character: median {statistics.median(per_char):g}"
              + (f", in won games {statistics.median(per_won):g}" if per_won else ""))
    print("  per game, floors 1 / 2 / 3: guard moves " + " / ".join(f"{guards['guard_moves', f] / n:.1f}" for f in (1, 2, 3))
          + ", their mean MP " + " / ".join(f"{guards['mp', f] / max(1, guards['guard_moves', f]):.2f}" for f in (1, 2, 3))
          + ", patrol reshuffles (GUARD-4) " + " / ".join(f"{guards['reshuffle', f] / n:.2f}" for f in (1, 2, 3)))
    print("  actions per game: " + ", ".join(f"{v} {k / n:.1f}" for v, k in verbs.most_common(8)))
    if args.why:
        print("  actions a game by Safes cracked and reason:")
        for (cracked, why), k in reasons.most_common(args.why):
            print(f"    {cracked}  {k / n:5.1f}  {why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
