"""The ``burgle`` command line. Each sub-command lives in its own module exposing
``add_parser(subparsers)`` (which registers it and sets ``func``) and is listed in
``SUBCOMMANDS``. What ``--help`` says of a command (usage, help, description) is data, in
``commands.toml`` (:func:`command`)."""

from __future__ import annotations

import argparse
import importlib
import sys
import tomllib
from functools import lru_cache
from pathlib import Path

SUBCOMMANDS = ("route", "layout", "simulate", "hint", "balance", "lessons", "draw", "tutor", "publish", "i18n")


@lru_cache(maxsize=1)
def _texts() -> dict:
    return tomllib.loads((Path(__file__).with_name("commands.toml")).read_text(encoding="utf-8"))


def command(subparsers, name: str) -> argparse.ArgumentParser:
    """Register the sub-command *name* with its texts from ``commands.toml``."""
    text = _texts()[name]
    return subparsers.add_parser(name, usage=text.get("usage"), help=text["help"], description=text["description"])


def lang_option(parser: argparse.ArgumentParser) -> None:
    """The required ``--lang`` of the translators' commands: one of the translated languages."""
    from burgle.i18n.languages import DEFAULT, LANGUAGES

    parser.add_argument("--lang", required=True, help=" or ".join(lang for lang in LANGUAGES if lang != DEFAULT))


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
