"""``burgle balance --games N --out results.parquet``: the balance lab's sweep from the
command line (:mod:`burgle.bots.balance`). Every pair of characters on both sides and
crews of 1 to 4, N seeded games each, in parallel on all local cores (or on a Dask
cluster with ``--scheduler ADDRESS``); one row per game, written as Parquet (``.parquet``)
or CSV (``.csv``), which pandas reads back. A summary of win rates is printed."""

from __future__ import annotations

import argparse
from burgle.cli import command


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = command(subparsers, "balance")
    parser.add_argument("--games", metavar="N", default="20", help="games per crew (default 20)")
    parser.add_argument("--seed", metavar="S", default="0", help="seed of game 0 of every crew (default 0)")
    parser.add_argument("--out", metavar="FILE", default="balance.parquet", help="a .parquet or .csv file")
    parser.add_argument("--bot", metavar="BOT", default="heuristic", help="heuristic or random")
    parser.add_argument("--workers", metavar="W", default="0", help="local processes (0: all cores)")
    parser.add_argument("--scheduler", metavar="ADDRESS", default=None,
                        help="a Dask scheduler address (tcp://host:8786): run on that cluster instead")
    parser.add_argument("--characters", metavar="LIST", default=None,
                        help="only these characters, comma-separated (default: all 9)")
    parser.add_argument("--no-pairs", action="store_true", help="leave out the pairs")
    parser.add_argument("--no-sizes", action="store_true", help="leave out the crews of 1 to 4")
    parser.add_argument("--no-settings", action="store_true",
                        help="leave out the basic pairs on The Office Job and on random walls")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    import sys

    from burgle.bots import BOTS
    from burgle.bots.balance import default_cells, summarise, sweep
    from burgle.data.cards import CHARACTERS

    try:
        games, seed, workers = int(args.games), int(args.seed), int(args.workers)
    except ValueError:
        raise ValueError("--games, --seed and --workers must be whole numbers") from None
    if args.bot not in BOTS:
        raise ValueError(f"--bot must be one of: {', '.join(BOTS)}, not {args.bot!r}")
    out = args.out
    if not out.endswith((".parquet", ".csv")):
        raise ValueError(f"--out must end in .parquet or .csv, not {out!r}")
    chars = None
    if args.characters:
        chars = [c.strip().lower() for c in args.characters.split(",") if c.strip()]
        bad = [c for c in chars if c not in CHARACTERS]
        if bad:
            raise ValueError(f"unknown character(s) {', '.join(bad)}; known: {', '.join(CHARACTERS)}")
    cells = default_cells(pairs=not args.no_pairs, sizes=not args.no_sizes, characters=chars,
                          settings=not args.no_settings)
    if not cells:
        raise ValueError("nothing to play: --no-pairs, --no-sizes and --no-settings leave no crew")
    client = None
    if args.scheduler:
        from dask.distributed import Client

        client = Client(args.scheduler)
    df = sweep(cells, games, seed=seed, bot=args.bot, workers=workers, client=client, progress=sys.stderr.isatty())
    if out.endswith(".parquet"):
        df.to_parquet(out, index=False)
    else:
        df.to_csv(out, index=False)
    wins, n = int(df["won"].sum()), len(df)
    print(f"{n} games, {wins} won; {len(cells)} crews; written to {out}")
    by = ["job", "walls", "players", "sides", "characters"]
    for row in summarise(df, by).sort_values(["rate", "mean_safes"], ascending=False).itertuples():
        print(f"  {row.job:<6} {row.walls:<8} {row.characters:<28} {row.sides:<18} {row.wins:>4}/{row.games:<4} "
              f"{100 * row.rate:5.1f} % (95 % CI {100 * row.low:.1f}–{100 * row.high:.1f}), "
              f"{row.mean_safes:.2f} Safes")
    return 0
