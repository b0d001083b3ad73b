"""The ``--job`` and ``--walls`` options that ``burgle simulate`` and ``burgle draw`` share
(``burgle route`` and ``burgle layout`` read single floors and have their own).

* ``--job bank|office``: The Bank Job (default) or The Office Job (JOB-1).
* ``--walls random``: every game draws uniformly random valid walls from its seed (JOB-3,
  BD-40); ``--walls CODE``: a building's layout code, one 5-character code per floor
  (JOB-5, e.g. ``"190m3 11hu0"``); ``--walls SPEC``: hand-written walls in CONV-3 notation,
  floors separated by ``;``, or ``--walls`` given once per floor (each a code or CONV-3).

:func:`game_options` checks both before anything runs, so bad input (a code of the wrong
length or with a digit outside 0-9 a-v, 7 or 9 walls on a floor, a border wall, walls
cutting cells off, the wrong number of floors, an unknown job) is one clear ValueError.

>>> import argparse
>>> game_options(argparse.Namespace(job="office", walls=["703h1"]))
Traceback (most recent call last):
...
burgle.geometry.layouts.LayoutError: --walls '703h1': '703h1' gives 1 floor code(s), but the building has 2 floors
"""

from __future__ import annotations

import argparse

from burgle.data.jobs import get_job, job_names
from burgle.geometry.layouts import LayoutError, building_walls

RANDOM = "random"


def add_job_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--job", metavar="JOB", default="bank",
                        help=f"the job: {job_names()} (default bank; JOB-1)")
    parser.add_argument("--walls", metavar="random|CODE|SPEC", action="append", default=None,
                        help="the walls (default: the job's printed walls): 'random' (drawn from each game's "
                             "seed, JOB-3), a layout code such as '190m3 11hu0' (JOB-5), or CONV-3 walls with "
                             "floors separated by ';' (or --walls once per floor)")


def game_options(args: argparse.Namespace) -> dict:
    """``{"job": key, "walls": ...}`` for ``Game.new``, checked (see the module docstring)."""
    job = get_job(args.job)  # UnknownJobError names the jobs
    given = args.walls
    if given is None:
        return {"job": job.key, "walls": None}
    walls = given[0].strip() if len(given) == 1 else list(given)
    if isinstance(walls, str) and walls.lower() == RANDOM:
        return {"job": job.key, "walls": RANDOM}
    if isinstance(walls, list) and any(w.strip().lower() == RANDOM for w in walls):
        raise LayoutError("--walls random stands alone: it draws every floor")
    try:
        building_walls(walls, job=job)
    except LayoutError as exc:
        shown = " ".join(repr(w) for w in given)
        raise LayoutError(f"--walls {shown}: {exc}") from None
    return {"job": job.key, "walls": walls}
