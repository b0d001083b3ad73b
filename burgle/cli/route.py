"""``burgle route``: print the guard's route between two cells of one floor.

RULES.md GUARD-8/GUARD-9 (shortest route, most clockwise tie-break), CONV-2 (cell
names), CONV-3 (wall notation).

Usage::

    burgle route [--job JOB] [--floor N] [--walls SPEC|CODE|random [--seed N]] [--explain] START DEST

Prints the cells the guard enters, in order, separated by spaces (start excluded,
destination included): ``burgle route --floor 1 A1 D2`` prints ``A2 B2 B1 C1 D1 D2``.

* ``--job bank|office`` picks the building (default The Bank Job; JOB-1, JOB-2).
* ``--floor N`` uses the job's printed walls of floor N (the default is floor 1).
* ``--walls`` uses other walls:

  - ``SPEC``: walls written by hand, e.g. ``A1|B1,C1/C2`` (CONV-3); an empty string is
    an open floor; any number of walls (a Dynamite hole, an exercise). Not with ``--floor``.
  - ``CODE``: a layout code (JOB-5), ``703h1``, or a building code ``"703h1 e0607 81ll0"``
    with ``--floor`` picking the floor (default 1).
  - ``random --seed N``: the random building of ``burgle layout --random --seed N`` for
    the job, ``--floor`` picking the floor (default 1).

* START and DEST are floor-less cells such as ``A1``. With a floor (``--floor``, or the
  default floor 1 of the printed walls) ``1A1`` style is accepted if the floor matches;
  with hand-written walls or a single code a floor prefix is rejected, because the walls
  describe no particular floor.
* START == DEST prints an empty line (the guard enters no cell) and exits 0.
* ``--explain`` adds, after the route line, one line per step where a tie between
  shortest routes was broken (see ``burgle.geometry.routing.explain_route``).
* ``--draw OUT.svg|OUT.png`` also draws the route: numbered steps, the tied shortest
  routes dimmed, the forks explained under the picture (``burgle.pictures``).

Bad input (unknown cell, floor prefix not matching, malformed wall, walls cutting the
floor apart, a bad code, an unknown job, a floor the job does not have, --floor with
hand-written walls, --walls random without --seed) raises ValueError,
which ``burgle.cli.main`` reports as one line ``burgle route: <message>`` on stderr,
exit status 2.
"""

from __future__ import annotations

import argparse

from burgle.data.jobs import get_job
from burgle.geometry.board import (
    CellError,
    floor_of,
    index_name,
    index_of,
    parse_cell,
    parse_index,
    parse_walls,
)
from burgle.geometry.layouts import LayoutError, decode_building, job_walls, random_building
from burgle.geometry.routing import explain_route, route_table
from burgle.cli import command


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = command(subparsers, "route")
    parser.add_argument(
        "--job",
        metavar="JOB",
        default=None,
        help="bank (The Bank Job, the default) or office (The Office Job)",
    )
    parser.add_argument(
        "--floor",
        metavar="N",
        default=None,
        help="use the job's walls of floor N (default 1), or that floor of a building code or random building",
    )
    parser.add_argument(
        "--walls",
        metavar="SPEC",
        default=None,
        help="other walls: hand-written ('A1|B1,C1/C2', '' = open floor), a layout code ('703h1', "
             "'703h1 e0607 81ll0' with --floor), or 'random' with --seed",
    )
    parser.add_argument(
        "--seed",
        metavar="N",
        type=int,
        default=None,
        help="the seed of --walls random (the walls of 'burgle layout --random --seed N')",
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


def _parse_floor(text: str, job) -> int:
    if text.strip() not in {str(f) for f in range(1, job.floors + 1)}:
        raise ValueError(f"unknown floor {text!r}: {job.name} has floors 1 to {job.floors}")
    return int(text)


def _is_code(text: str) -> bool:
    """A layout code, not hand-written walls: no wall separators, something written."""
    return bool(text.strip()) and not any(ch in text for ch in "|/")


def _walls(args) -> tuple[frozenset, int | None]:
    """The floor's walls and its number (None: walls of no particular floor)."""
    job = get_job(args.job) if args.job is not None else get_job()
    spec = args.walls
    if args.seed is not None and (spec is None or spec.strip().lower() != "random"):
        raise ValueError("--seed goes with --walls random")
    if spec is None:
        floor = _parse_floor(args.floor, job) if args.floor is not None else 1
        return job_walls(job)[floor - 1], floor
    if spec.strip().lower() == "random":
        if args.seed is None:
            raise ValueError("--walls random needs --seed N (the same seed always gives the same walls)")
        from burgle.engine.chance import Chance

        floor = _parse_floor(args.floor, job) if args.floor is not None else 1
        return random_building(Chance(args.seed), job.floors)[floor - 1], floor
    if _is_code(spec):
        try:
            floors = decode_building(spec, floors=job.floors if args.job is not None and len(spec.split()) > 1
                                     else None)
        except LayoutError as exc:
            raise LayoutError(f"--walls {spec!r}: {exc}") from None
        if args.floor is None:
            return floors[0], (1 if len(floors) > 1 else None)
        if not (args.floor.strip().isdigit() and 1 <= int(args.floor) <= len(floors)):
            raise ValueError(f"unknown floor {args.floor!r}: the code {spec.strip()!r} has floors 1 to {len(floors)}")
        return floors[int(args.floor) - 1], int(args.floor)
    if args.floor is not None:
        raise ValueError("give either --floor or --walls, not both: hand-written walls describe no particular floor")
    try:
        return parse_walls(spec), None
    except CellError as exc:
        raise CellError(f"--walls {spec!r}: {exc}") from None


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
    if args.draw is not None:  # a bad picture name fails before anything is printed
        from burgle.pictures import format_for_path

        format_for_path(args.draw)
    walls, floor = _walls(args)
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
