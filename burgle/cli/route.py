"""``burgle route``: print the guard's route between two cells of one floor.

RULES.md GUARD-8/GUARD-9 (shortest route, most clockwise tie-break), CONV-2 (cell
names), CONV-3 (wall notation).

Usage::

    burgle route [--floor N | --walls SPEC] [--explain] START DEST

Prints the cells the guard enters, in order, separated by spaces (start excluded,
destination included): ``burgle route --floor 1 A1 D2`` prints ``A2 B2 B1 C1 D1 D2``.

* ``--floor 1..3`` uses The Bank Job's walls of that floor (the default is floor 1).
* ``--walls SPEC`` uses the given walls instead, e.g. ``A1|B1,C1/C2``; an empty
  string is an open floor. It cannot be combined with ``--floor``.
* START and DEST are floor-less cells such as ``A1``. With ``--floor`` (or the
  default floor 1) ``1A1`` style is accepted if the floor matches; with ``--walls``
  a floor prefix is rejected, because the walls describe no particular floor.
* START == DEST prints an empty line (the guard enters no cell) and exits 0.
* ``--explain`` adds, after the route line, one line per step where a tie between
  shortest routes was broken (see ``burgle.geometry.routing.explain_route``).
* ``--draw OUT.svg|OUT.png`` also draws the route: numbered steps, the tied shortest
  routes dimmed, the forks explained under the picture (``burgle.pictures``).

Bad input (unknown cell, floor prefix not matching, malformed wall, walls cutting the
floor apart, a floor other than 1..3, both --floor and --walls) raises ValueError,
which ``burgle.cli.main`` reports as one line ``burgle route: <message>`` on stderr,
exit status 2.
"""

from __future__ import annotations

import argparse

from burgle.geometry.board import (
    FLOORS,
    CellError,
    floor_of,
    index_name,
    index_of,
    parse_cell,
    parse_index,
    parse_walls,
)
from burgle.data.walls import BANK_JOB_WALLS
from burgle.geometry.routing import explain_route, route_table

USAGE = "burgle route [-h] [--floor N | --walls SPEC] [--explain] [--draw OUT] START DEST"


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "route",
        usage=USAGE,
        help="print the guard's route between two cells (GUARD-8, GUARD-9)",
        description=(
            "Print the cells a guard enters, in order, walking from START to DEST: the "
            "shortest route, and among several the most clockwise one (RULES.md GUARD-9). "
            "START == DEST prints an empty line."
        ),
    )
    parser.add_argument(
        "--floor",
        metavar="N",
        default=None,
        help="use The Bank Job's walls of floor N (1-3; default 1)",
    )
    parser.add_argument(
        "--walls",
        metavar="SPEC",
        default=None,
        help="use these walls instead, e.g. 'A1|B1,C1/C2' ('' = open floor)",
    )
    parser.add_argument(
        "--explain",
        action="store_true",
        help="after the route, explain each step where a tie between shortest routes was broken",
    )
    parser.add_argument(
        "--draw",
        metavar="OUT",
        default=None,
        help="also draw the route (numbered steps, tied routes dimmed) to OUT.svg or OUT.png",
    )
    parser.add_argument("start", metavar="START", help="the guard's cell, e.g. A1")
    parser.add_argument("dest", metavar="DEST", help="the destination cell, e.g. D2")
    parser.set_defaults(func=run)
    return parser


def _parse_floor(text: str) -> int:
    if text.strip() not in {str(f) for f in range(1, FLOORS + 1)}:
        raise ValueError(f"unknown floor {text!r}: The Bank Job has floors 1 to {FLOORS}")
    return int(text)


def _parse_endpoint(role: str, text: str, floor: int | None) -> int:
    """A floor-less index; a ``1A1`` prefix must match *floor* (None: no prefix allowed)."""
    try:
        if floor is None:
            try:
                return parse_index(text)
            except CellError as plain:
                try:
                    c = parse_cell(text)
                except CellError:
                    raise plain from None
                raise CellError(
                    f"cell {text!r} names floor {floor_of(c)}, but --walls describes no "
                    f"particular floor; write {index_name(index_of(c))}"
                ) from None
        c = parse_cell(text, floor)
    except CellError as exc:
        raise CellError(f"{role}: {exc}") from None
    if floor_of(c) != floor:
        raise CellError(
            f"{role}: cell {text!r} is on floor {floor_of(c)}, but the route is on floor {floor}"
        )
    return index_of(c)


def run(args: argparse.Namespace) -> int:
    if args.floor is not None and args.walls is not None:
        raise ValueError("give either --floor or --walls, not both")
    if args.draw is not None:  # a bad picture name fails before anything is printed
        from burgle.pictures import format_for_path

        format_for_path(args.draw)
    if args.walls is not None:
        try:
            walls = parse_walls(args.walls)
        except CellError as exc:
            raise CellError(f"--walls {args.walls!r}: {exc}") from None
        floor = None
    else:
        floor = _parse_floor(args.floor) if args.floor is not None else 1
        walls = parse_walls(",".join(BANK_JOB_WALLS[floor]))
    start = _parse_endpoint("START", args.start, floor)
    dest = _parse_endpoint("DEST", args.dest, floor)
    table = route_table(walls)  # CellError if the walls cut the floor apart
    print(" ".join(index_name(i) for i in table.route(start, dest)))
    if args.explain:
        for line in explain_route(table, start, dest):
            print(line)
    if args.draw is not None:
        from burgle.pictures import save_route

        save_route(walls, start, dest, args.draw, floor=floor)
    return 0
