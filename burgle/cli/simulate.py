"""``burgle simulate``: play many random legal games and print a summary.

Usage::

    burgle simulate [--games N] [--seed S] [--players P] [--sides basic|advanced|random]
                    [--job bank|office] [--walls random|CODE|SPEC] [--max-actions M]

Game *i* (0-based) uses seed ``S + i`` for the engine and a ``random.Random(S + i)``
policy that picks uniformly among ``game.legal_actions()``; without ``--players`` each
game has 1 to 4 characters drawn from that policy. A game still running after *M*
actions (default 2000) is cut off and counted as "unfinished". The loop itself is
``burgle.analysis.simulate.simulate``; this module only parses and prints.

``--job`` and ``--walls`` pick the building of every game (:mod:`burgle.cli.building`):
The Office Job (JOB-1), random walls drawn from each game's seed (JOB-3), a layout code
(JOB-5) or hand-written walls; they are checked before any game is played.

Everything printed is determined by the arguments except the last three lines
(elapsed time, actions per second, games per second).

With ``--bot heuristic`` (or ``random``) a bot of :mod:`burgle.bots` plays every seat
(default 2 characters) and the first line is ``wins: K/N (P %, 95 % CI a–b %)``
(Wilson), then losses by cause, unfinished games, mean actions and speed; a tqdm
progress bar runs on stderr when it is a terminal. ``--workers 0`` uses every core;
the games are the same whatever the number of workers.

Bad input (games < 0, players other than 1..4, max-actions < 1, a word that is not a
number, an unknown job, walls that are no valid layout) raises ValueError, reported by ``burgle.cli.main`` as one line
``burgle simulate: <message>`` on stderr, exit status 2.
"""

from __future__ import annotations

import argparse

from burgle.analysis.simulate import DEFAULT_MAX_ACTIONS, SIDES, simulate
from burgle.cli.building import add_job_options, game_options

USAGE = ("burgle simulate [-h] [--bot heuristic|random] [--games N] [--seed S] [--players P] "
         "[--sides basic|advanced|random] [--job bank|office] [--walls random|CODE|SPEC] [--workers W] "
         "[--max-actions M]")


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "simulate",
        usage=USAGE,
        help="play many random legal games and summarise wins, losses and speed",
        description=(
            "Play N games choosing uniformly among the legal actions (game i uses seed S+i "
            "for the engine and the policy) and print wins, losses by cause, unfinished "
            "games, actions per game and speed."
        ),
    )
    # Numbers are parsed in run() so a bad one gives the one-line error of every command.
    parser.add_argument("--games", metavar="N", default="100", help="number of games (default 100)")
    parser.add_argument("--seed", metavar="S", default="0", help="seed of game 0 (default 0)")
    parser.add_argument("--players", metavar="P", default=None,
                        help="characters per game, 1-4 (default: 1-4 at random per game)")
    parser.add_argument("--sides", metavar="SIDES", default="basic",
                        help="character card sides: basic, advanced or random (default basic)")
    parser.add_argument("--bot", metavar="BOT", default=None,
                        help="let a bot play (heuristic or random) and print 'wins: K/N (P %%, 95 %% CI a-b)', "
                             "losses by cause, mean actions and speed; default: random legal playouts")
    add_job_options(parser)
    parser.add_argument("--workers", metavar="W", default="1",
                        help="processes for --bot games (0: all local cores; default 1)")
    parser.add_argument("--max-actions", metavar="M", default=str(DEFAULT_MAX_ACTIONS),
                        help=f"cut a game off after M actions (default {DEFAULT_MAX_ACTIONS})")
    parser.set_defaults(func=run)
    return parser


def _int(option: str, text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{option} must be a whole number, not {text!r}") from None


def run(args: argparse.Namespace) -> int:
    games = _int("--games", args.games)
    seed = _int("--seed", args.seed)
    players = None if args.players is None else _int("--players", args.players)
    max_actions = _int("--max-actions", args.max_actions)
    sides = args.sides.strip().lower()
    building = game_options(args)  # checked before any game is played
    if args.bot is not None:
        from burgle.bots.run import run_bot

        if players is None:
            players = 2
        summary = run_bot(args.bot.strip().lower(), games, seed=seed, players=players, sides=sides,
                          job=building["job"], walls=building["walls"], max_actions=max_actions,
                          workers=_int("--workers", args.workers))
        print(summary)
        return 0
    if sides not in SIDES:
        raise ValueError(f"--sides must be one of {', '.join(SIDES)}, not {args.sides!r}")
    print(simulate(games, seed, players=players, sides=sides, max_actions=max_actions, **building))
    return 0
