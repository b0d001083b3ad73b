"""``burgle layout``: a building's walls, its layout code, random walls, traffic and statistics.

RULES.md JOB-3 (valid layouts, random walls), JOB-5 (layout codes), SETUP-3 and JOB-2
(the printed walls), CONV-3 (wall notation). See docs/layouts.md.

Usage::

    burgle layout [--job bank|office]                       the job's printed walls and code
    burgle layout --code "703h1 e0607 81ll0"                 decode and check a code
    burgle layout --walls "A1|B1, C1/C2, ..." [--walls ...]  encode hand-written walls, one floor each
    burgle layout --random --seed N [--floors F] [--count K] uniformly random valid walls
    burgle layout --stats                                    statistics over all 175,264 layouts
    ... [--traffic]                                          also print each floor's traffic maps
    ... [--draw OUT.svg|OUT.png]                             also draw the traffic maps

A building prints as a title line, one ``floor N: walls`` line per floor (CONV-3, in
reading order) and a ``code: ...`` line. With ``--count K`` the output is K lines, one
building each, its floor codes separated by spaces, and nothing else, so it pipes:
``burgle layout --random --seed 1 --count 100 | sort | uniq -c``.

Bad input (a code of the wrong length or with digits outside 0-9 a-v, a floor with 7 or 9
walls, a wall on the outer border, walls cutting cells off, an unknown job, options that
do not go together) raises ValueError: ``burgle layout: <message>`` on stderr, exit 2,
nothing on stdout.
"""

from __future__ import annotations

import argparse
import os
import sys

from burgle.data.jobs import JOBS, get_job
from burgle.geometry.layouts import (
    LayoutError,
    decode_building,
    encode,
    encode_building,
    job_walls,
    layout_text,
    parse_layout,
    random_building,
    check_layout,
)
from burgle.cli import command

MAX_COUNT = 1_000_000
MAX_FLOORS = max(j.floors for j in JOBS.values())


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = command(subparsers, "layout")
    parser.add_argument("--job", metavar="JOB", default=None,
                        help="bank (The Bank Job, the default) or office (The Office Job)")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--code", metavar="CODE", default=None,
                        help="decode and check a layout code, one 5-character code per floor, e.g. '190m3 11hu0'")
    source.add_argument("--walls", metavar="SPEC", action="append", default=None,
                        help="encode hand-written walls, e.g. 'A1|B1, C1/C2, ...'; give it once per floor")
    source.add_argument("--random", action="store_true",
                        help="uniformly random valid walls (JOB-3), drawn from --seed")
    parser.add_argument("--seed", metavar="N", type=int, default=None, help="the seed of --random")
    parser.add_argument("--floors", metavar="F", type=int, default=None,
                        help="floors per random building (default: the job's)")
    parser.add_argument("--count", metavar="K", type=int, default=None,
                        help="K random buildings, one line each: floor codes separated by spaces")
    parser.add_argument("--stats", action="store_true",
                        help="statistics over all 175,264 valid layouts, and where the printed floors rank")
    parser.add_argument("--traffic", action="store_true",
                        help="also print each floor's traffic maps: heat and the guard's share of steps")
    parser.add_argument("--draw", metavar="OUT", default=None,
                        help="also draw the floors' traffic maps to OUT.svg or OUT.png")
    parser.set_defaults(func=run)
    return parser


# ----------------------------------------------------------------------------- the building


def _check_options(args) -> None:
    if not args.random:
        for name in ("seed", "floors", "count"):
            if getattr(args, name) is not None:
                raise ValueError(f"--{name} goes with --random")
    elif args.seed is None:
        raise ValueError("--random needs --seed N (the same seed always gives the same walls)")
    if args.floors is not None and not 1 <= args.floors <= MAX_FLOORS:
        raise ValueError(f"--floors {args.floors}: a building has 1 to {MAX_FLOORS} floors")
    if args.count is not None and not 1 <= args.count <= MAX_COUNT:
        raise ValueError(f"--count {args.count}: give 1 to {MAX_COUNT:,} buildings")
    if args.count is not None and (args.traffic or args.draw or args.stats):
        raise ValueError("--count prints codes only: it does not go with --traffic, --draw or --stats")


def building(args) -> tuple[str, tuple[frozenset, ...]]:
    """The title and the floors the options describe, every floor checked (JOB-3)."""
    job = get_job(args.job) if args.job is not None else None
    if args.code is not None:
        floors = decode_building(args.code, floors=job.floors if job else None)
        if job is None and len(floors) > MAX_FLOORS:
            raise LayoutError(f"{len(floors)} floor codes; the jobs have at most {MAX_FLOORS} floors")
        return f"Layout code {encode_building(floors)} (JOB-5)", floors
    if args.walls is not None:
        if job is not None and len(args.walls) != job.floors:
            raise LayoutError(f"{len(args.walls)} --walls given, but {job.name} has {job.floors} floors")
        if len(args.walls) > MAX_FLOORS:
            raise LayoutError(f"{len(args.walls)} --walls given; the jobs have at most {MAX_FLOORS} floors")
        floors = []
        for f, spec in enumerate(args.walls, 1):
            where = f"floor {f}: " if len(args.walls) > 1 else ""
            try:
                floors.append(check_layout(parse_layout(spec)))
            except LayoutError as exc:
                raise LayoutError(f"--walls {spec!r}: {where}{exc}") from None
        return "Hand-written walls (CONV-3)", tuple(floors)
    if args.random:
        from burgle.engine.chance import Chance

        n = args.floors or (job or get_job()).floors
        return f"Random walls, seed {args.seed} (JOB-3)", random_building(Chance(args.seed), n)
    job = job or get_job()
    return f"{job.name}: printed walls ({job.walls_rule})", job_walls(job)


def building_lines(title: str, floors) -> list[str]:
    return ([title] + [f"floor {f}: {layout_text(w)}" for f, w in enumerate(floors, 1)]
            + [f"code: {encode_building(floors)}"])


# ----------------------------------------------------------------------------- traffic


def _grid(values, cell_text) -> list[str]:
    rows = ["    " + "".join(f"{c:>10}" for c in "ABCD")]
    for r in range(4):
        rows.append(f"  {r + 1} " + "".join(f"{cell_text(values, 4 * r + c):>10}" for c in range(4)))
    return rows


def traffic_lines(floors) -> list[str]:
    from burgle.analysis.traffic import compare_heat

    out = []
    for f, walls in enumerate(floors, 1):
        cmp = compare_heat(walls)
        total = sum(cmp.ours)
        out.append(f"floor {f} ({encode(walls)}): heat, the routes of the 240 (start, destination) pairs "
                   "entering each cell (GUARD-9 route)")
        if cmp.cells:
            out.append("  [n]: what gabob.com shows, its tie-break choosing another route")
        out += _grid(cmp, lambda c, i: f"{c.ours[i]}" + (f" [{c.gabob[i]}]" if c.ours[i] != c.gabob[i] else ""))
        out.append(f"floor {f}: long-run share of the guard's steps under a real patrol, any crew size "
                   f"(heat / {total})")
        out += _grid(cmp.ours, lambda h, i: f"{100 * h[i] / total:.1f}%")
    return out


# ----------------------------------------------------------------------------- statistics


def stats_lines(extra=()) -> list[str]:
    from burgle.analysis.layout_stats import all_stats

    st = all_stats()
    n = len(st.stats.masks)
    fmt = {"mean route length": lambda v: f"{v:.3f}", "tied share": lambda v: f"{100 * v:.1f}%",
           "max heat": lambda v: f"{v:.0f}"}
    out = [f"All {n:,} valid layouts of a 4x4 floor (8 walls, no cell cut off; JOB-3)",
           "mean route length: walking distance over the 240 (start, destination) pairs (GUARD-8)",
           "tied share: pairs with more than one shortest route, the clockwise rule decides (GUARD-9)",
           "max heat: routes of those pairs entering the busiest cell (gabob's heat, GUARD-9 route)",
           "",
           f"{'':<20}{'min':>9}{'Q1':>9}{'median':>9}{'Q3':>9}{'max':>9}"]
    for d in st.distributions:
        f = fmt[d.name]
        out.append(f"{d.name:<20}" + "".join(f"{f(v):>9}" for v in (d.minimum, d.q1, d.median, d.q3, d.maximum)))
    out += ["", "Where floors rank: value (percentile among all layouts; 0 = lowest, 100 = highest)",
            f"{'':<16}" + "".join(f"{d.name:>22}" for d in st.distributions)]
    rows = [(f"{job.name.split()[1]} floor {f}", w) for job in JOBS.values() for f, w in enumerate(job_walls(job), 1)]
    rows += list(extra)
    for name, walls in rows:
        ranks = st.rank(walls)
        out.append(f"{name:<16}" + "".join(
            f"{fmt[d.name](ranks[d.name][0]) + f' ({ranks[d.name][1]:.1f})':>22}" for d in st.distributions))
    out.append("Quartiles are order statistics (the value at rank ceil(q n)); percentiles count ties as half below.")
    return out


# ----------------------------------------------------------------------------- run


def run(args: argparse.Namespace) -> int:
    _check_options(args)
    if args.draw is not None:  # a bad picture name fails before anything is printed
        from burgle.pictures import format_for_path

        format_for_path(args.draw)
    if args.count is not None:
        from burgle.engine.chance import Chance

        n = args.floors or (get_job(args.job) if args.job else get_job()).floors
        chance = Chance(args.seed)
        done = 0
        while done < args.count:  # streamed, so that '| head' stops it early
            chunk = min(1000, args.count - done)
            if not _emit("\n".join(encode_building(random_building(chance, n)) for _ in range(chunk))):
                break
            done += chunk
        return 0
    given = args.code is not None or args.walls is not None or args.random
    title, floors = building(args)
    lines: list[str] = []
    if args.stats:
        label = "Random" if args.random else ("Given" if given else None)
        extra = [(f"{label} floor {f}", w) for f, w in enumerate(floors, 1)] if label else []
        lines += stats_lines(extra)
        if given or args.traffic or args.draw:
            lines.append("")
    if given or not args.stats:
        lines += building_lines(title, floors)
    if args.traffic:
        lines += [""] + traffic_lines(floors)
    if args.draw is not None:
        from burgle.pictures.traffic import save_traffic

        save_traffic(floors, args.draw, title=title)
    _emit("\n".join(lines))
    return 0


def _emit(text: str) -> bool:
    """Print *text*; False if the reader went away (``| head``): then stay quiet."""
    try:
        print(text, flush=True)
        return True
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # no second error when Python flushes at exit
        return False
