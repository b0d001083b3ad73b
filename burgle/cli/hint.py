"""``burgle hint SAVE.json [--samples N] [--seed S]``: what could happen if the acting
character ended its turn now, and the bot's suggested move with the risk of its 3 best
actions (:mod:`burgle.bots.hints`). A finished game, an open choice or a game before its
entrance gets a one-line message and exit status 2."""

from __future__ import annotations

import argparse

from burgle.bots.hints import DEFAULT_SAMPLES, hint_text


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "hint", usage="burgle hint [-h] SAVE.json [--samples N] [--seed S]",
        help="the risk of ending the turn now, and a suggested move, from the players' view",
        description="From a save file: the chance that the acting character loses Stealth, and that the crew "
                    "is caught, before its next turn if it ended its turn now (Monte Carlo over re-deals of the "
                    "hidden information, with a 95 %% interval); then the bot's suggested move and the risk of "
                    "its 3 best actions.")
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
