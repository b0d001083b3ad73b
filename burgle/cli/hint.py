"""``burgle hint SAVE.json [--samples N] [--seed S]``: what could happen if the acting
character ended its turn now, and the bot's suggested move with the risk of its 3 best
actions (:mod:`burgle.bots.hints`). A finished game, an open choice or a game before its
entrance gets a one-line message and exit status 2."""

from __future__ import annotations

import argparse

from burgle.bots.hints import DEFAULT_SAMPLES, hint_text
from burgle.cli import command


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = command(subparsers, "hint")
    parser.add_argument("save", metavar="SAVE.json", help="a save file (burgle save format)")
    parser.add_argument("--samples", metavar="N", default=str(DEFAULT_SAMPLES),
                        help=f"samples for the end-turn risk (default {DEFAULT_SAMPLES}; the suggestion uses N/5 each)")
    parser.add_argument("--seed", metavar="S", default="0", help="seed of the samples (default 0)")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    from burgle.engine import Game

    try:
        samples, seed = int(args.samples), int(args.seed)
    except ValueError:
        raise ValueError(f"--samples and --seed must be whole numbers, not {args.samples!r} / {args.seed!r}") from None
    game = Game.load(args.save)
    print(hint_text(game, samples=samples, seed=seed))
    return 0
