"""``burgle draw``: draw a saved game or a scenario (RULES.md: what the picture shows is
described in docs/pictures.md).

Usage::

    burgle draw FILE [--floor N] -o OUT.svg|OUT.png|OUT.pdf [--highlight CELLS] [--caption TEXT]
                [--no-legend] [--describe]
    burgle draw --job bank|office [--walls random|CODE|SPEC] [--seed N] [--floor N] -o OUT ...

* FILE is a save (JSON with ``"format": "burgle-save"``, read by
  ``Game.load``) or a scenario (TOML or JSON, read by
  ``Game.from_scenario``).
* Without FILE, ``--job`` and ``--walls`` (:mod:`burgle.cli.building`) draw the building a
  new game of seed ``--seed`` (default 1) is set up with: its walls (printed, random from
  the seed, a layout code or hand-written) and the first guard (SETUP-8), tiles face down.
  A save or a scenario names its own job and walls: giving both is refused.
* ``--floor N`` draws floor N only (1-3, 1-2 in The Office Job); the default draws every floor side by side.
* ``-o/--output`` names the picture; its extension (.svg, .png or .pdf) picks the format (SVG is written
  directly; PNG and PDF need matplotlib).
* ``--highlight 1B2,1C3`` frames cells; ``--caption`` writes a sentence under the picture.
* ``--describe`` prints the picture's text alternative.

Bad input (missing file, unknown floor, unknown highlight cell, unsupported extension,
an unknown job, walls that are no valid layout, FILE together with --job/--walls)
raises ValueError, which ``burgle.cli.main`` reports as ``burgle draw: <message>``
(exit status 2).
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

from burgle.cli.building import add_job_options, game_options

USAGE = ("burgle draw [-h] [FILE | --job JOB [--walls random|CODE|SPEC] [--seed N]] [--floor N] "
         "-o OUT.svg|OUT.png|OUT.pdf [--highlight CELLS] [--caption TEXT] [--no-legend] [--describe]")
INPUTS = (".json", ".toml")


class DrawInputError(ValueError):
    """A file ``burgle draw`` cannot read as a game."""


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "draw",
        usage=USAGE,
        help="draw a saved game or a scenario: floors, guard routes, alarms (SVG or PNG)",
        description=(
            "Draw the floors of a saved game (JSON save) or a scenario (TOML/JSON): tiles, tokens, "
            "characters, each guard with his die, the route he will take this turn with numbered steps, "
            "the tied routes the clockwise rule turns down, and each alarm's walking distance."
        ),
    )
    parser.add_argument("file", metavar="FILE", nargs="?", default=None,
                        help="a save (.json) or a scenario (.toml or .json); without it, a new game's building")
    add_job_options(parser)
    parser.set_defaults(job=None)
    parser.add_argument("--seed", metavar="N", default=None,
                        help="the seed of the new game drawn without FILE (default 1)")
    parser.add_argument("--floor", metavar="N", default=None, help="draw floor N only; default: every floor")
    parser.add_argument("-o", "--output", metavar="OUT", required=True, help="the picture to write: OUT.svg, OUT.png or OUT.pdf")
    parser.add_argument("--highlight", metavar="CELLS", default="", help="cells to frame, e.g. 1B2,1C3")
    parser.add_argument("--caption", metavar="TEXT", default="", help="a sentence under the picture")
    parser.add_argument("--no-legend", action="store_true", help="leave out the legend")
    parser.add_argument("--describe", action="store_true", help="print the picture's text alternative")
    parser.set_defaults(func=run)
    return parser


def load_game(path: str):
    """A Game from a save document or a scenario file."""
    from burgle.engine.game import Game

    p = Path(path)
    suffix = p.suffix.lower()
    if suffix not in INPUTS:
        raise DrawInputError(
            f"cannot read {path!r}: unsupported extension {suffix or '(none)'!r}; accepted: "
            + ", ".join(INPUTS) + " (a save or a scenario)"
        )
    if not p.is_file():
        raise DrawInputError(f"cannot read {path!r}: no such file")
    if suffix == ".json":
        try:
            doc = json.loads(p.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise DrawInputError(f"{path}: not valid JSON ({exc.msg}, line {exc.lineno})") from None
        if isinstance(doc, dict) and doc.get("format") == "burgle-save":
            return Game.load(str(p))
    return Game.from_scenario(p)


def new_building(args: argparse.Namespace):
    """The game ``Game.new(seed, ["hawk"], job=, walls=)`` sets up: the building before the
    entrance (the character is not on the board yet, so only the building is drawn)."""
    from burgle.engine.game import Game

    if args.job is None and args.walls is None:
        raise DrawInputError("name a FILE (a save or a scenario), or draw a new building with --job and/or --walls")
    if args.job is None:
        args.job = "bank"
    building = game_options(args)
    try:
        seed = int(args.seed) if args.seed is not None else 1
    except ValueError:
        raise DrawInputError(f"--seed must be a whole number, not {args.seed!r}") from None
    return Game.new(seed, characters=["hawk"], **building)


def run(args: argparse.Namespace) -> int:
    if args.file is not None and (args.job is not None or args.walls is not None or args.seed is not None):
        raise DrawInputError(f"{args.file!r} names its own job and walls: give either FILE or --job/--walls/--seed")
    from burgle.pictures import Highlights, format_for_path, parse_floors, save, scene

    format_for_path(args.output)  # fail before any work
    floors = parse_floors(args.floor) if args.floor is not None else None
    game = load_game(args.file) if args.file is not None else new_building(args)
    cells = tuple(c for c in re.split(r"[,\s]+", args.highlight.strip()) if c)
    sc = scene(game, floors=floors, highlights=Highlights(cells=cells, caption=args.caption),
               legend=not args.no_legend)
    save(sc, args.output)
    if args.describe:
        print(sc.alt_text)
    return 0
