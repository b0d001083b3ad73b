"""The ``burgle`` command line. Each sub-command lives in its own module exposing
``add_parser(subparsers)`` (which registers it and sets ``func``) and is listed in
``SUBCOMMANDS``."""

from __future__ import annotations

import argparse
import importlib
import sys

SUBCOMMANDS = ("route", "layout", "simulate", "hint", "balance", "lessons", "draw", "tutor", "publish", "i18n")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="burgle", description="Rules engine and tutor for Burgle Bros. (The Bank Job, The Office Job)"
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in SUBCOMMANDS:
        importlib.import_module(f"burgle.cli.{name}").add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except (ValueError, OSError) as exc:
        print(f"burgle {args.command}: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
