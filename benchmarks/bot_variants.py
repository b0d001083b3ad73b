"""Play the heuristic bot with some of its tunable numbers changed (docs/bots.md, "tried and dropped").

    python benchmarks/bot_variants.py SEED GAMES [NAME=VALUE ...]

Each NAME must be a class attribute of ``HeuristicBot`` (``burgle/bots/planner.py`` and
``abilities.py``), such as ``tolerance=0.8`` or ``corner_cap=0``; the value keeps the
attribute's type. Prints wins,
mean Safes cracked, games by Safes cracked (0/1/2/3) and unfinished games for seeds
SEED..SEED+GAMES-1 on The Bank Job with 2 basic characters, the games ``burgle simulate
--bot heuristic --players 2 --seed SEED`` plays.
"""

from __future__ import annotations

import argparse
import sys
import time

from burgle.bots.play import play_game
from burgle.bots.planner import HeuristicBot


def variant(settings: list[str]) -> type:
    """A subclass of HeuristicBot with *settings* ("NAME=VALUE") applied; ValueError names a bad one."""
    attrs = {}
    for item in settings:
        name, sep, text = item.partition("=")
        if not sep or not name:
            raise ValueError(f"a setting is NAME=VALUE, not {item!r}")
        if name.startswith("_") or not hasattr(HeuristicBot, name) or callable(getattr(HeuristicBot, name)):
            known = sorted(k for k in dir(HeuristicBot)
                           if not k.startswith("_") and isinstance(getattr(HeuristicBot, k), (int, float)))
            raise ValueError(f"{name!r} is not a tunable number of HeuristicBot; these are: {', '.join(known)}")
        kind = type(getattr(HeuristicBot, name))
        try:
            attrs[name] = kind(float(text)) if kind is int and "." not in text else kind(text)
        except ValueError:
            raise ValueError(f"{name} takes a {kind.__name__}, not {text!r}") from None
    return type("Variant", (HeuristicBot,), attrs)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("seed", type=int)
    parser.add_argument("games", type=int)
    parser.add_argument("settings", nargs="*", metavar="NAME=VALUE")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("GAMES must be at least 1")
    try:
        bot = variant(args.settings)
    except ValueError as e:
        parser.error(str(e))
    start = time.perf_counter()
    records = [play_game(bot, seed=s, players=2) for s in range(args.seed, args.seed + args.games)]
    wins = sum(r.won for r in records)
    by_safes = [sum(r.safes == k for r in records) for k in range(4)]
    print(f"{' '.join(args.settings) or 'defaults'}, seeds {args.seed}-{args.seed + args.games - 1}: "
          f"wins {wins}/{args.games}, Safes/game {sum(r.safes for r in records) / args.games:.3f}, "
          f"0/1/2/3 Safes {by_safes}, unfinished {sum(r.outcome is None for r in records)}, "
          f"{time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
