"""The jobs a game can be (RULES.md CONV-1): The Bank Job and The Office Job (JOB-1, JOB-2).

The facts live in ``jobs.toml`` next to this module; this module reads them once and
checks they hold together. Wall names stay in the rules' notation (CONV-3) here; the
geometry layer turns them into wall sets and layout codes
(:func:`burgle.geometry.layouts.job_walls`, :func:`~burgle.geometry.layouts.job_code`).

>>> bank = get_job("bank")
>>> bank.name, bank.floors, bank.guard_dice, len(bank.tiles)
('The Bank Job', 3, (2, 3, 4), 48)
>>> office = get_job("office")
>>> office.floors, office.top_floor, office.pile_size, office.count("safe"), office.numbers("stairs")
(2, 2, 14, 2, (4, 5))
>>> office.walls[0][:3]
('A1|B1', 'B1|C1', 'D1/D2')
>>> get_job("fort knox")
Traceback (most recent call last):
...
burgle.data.jobs.UnknownJobError: unknown job 'fort knox'; the jobs are bank (The Bank Job), office (The Office Job)
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass
from importlib import resources

from burgle.data.tiles import TILE_COPIES, TILE_TYPE_BY_KEY
from burgle.data.said import say

__all__ = ["Job", "JOBS", "DEFAULT_JOB", "UnknownJobError", "get_job", "job_names"]

DEFAULT_JOB = "bank"
"""The job a game is when none is named (CONV-1)."""


class UnknownJobError(ValueError):
    """A job name that is not one of :data:`JOBS`."""


@dataclass(frozen=True)
class Job:
    """One job's building: its tiles, guard dice and printed walls, floor 1 first."""

    key: str
    name: str
    tiles: tuple[tuple[str, int | None], ...]  # the copies, in TILE_COPIES order (a seeded deal depends on it)
    tiles_rule: str
    guard_dice: tuple[int, ...]  # the die face each floor's guard starts with (SETUP-5, JOB-1)
    walls: tuple[tuple[str, ...], ...]  # per floor, CONV-3 wall names as the rules print them
    walls_rule: str

    @property
    def floors(self) -> int:
        return len(self.walls)

    @property
    def top_floor(self) -> int:
        """The floor the roof is reached from, and the one JOB-4 reads for "floor 3"."""
        return self.floors

    @property
    def pile_size(self) -> int:
        """Tiles per pile before its Safe and Stairs are added (SETUP-2, JOB-1)."""
        return (len(self.tiles) - self.count("safe") - self.count("stairs")) // self.floors

    def count(self, kind: str) -> int:
        """How many copies of tile *kind* the building has (``count("safe")`` = floors, JOB-4)."""
        return sum(1 for k, _ in self.tiles if k == kind)

    def numbers(self, kind: str) -> tuple[int | None, ...]:
        """The combination numbers of the copies of *kind* in this building."""
        return tuple(n for k, n in self.tiles if k == kind)


def _copies(key: str, spec) -> tuple[tuple[str, int | None], ...]:
    if spec == "all":
        return TILE_COPIES
    if not isinstance(spec, list):
        raise ValueError(f"jobs.toml [{key}].tiles: expected \"all\" or a list of copies, not {spec!r}")
    wanted: Counter = Counter()
    for i, item in enumerate(spec):
        kind, _, number = str(item).partition(" ")
        if kind not in TILE_TYPE_BY_KEY:
            raise ValueError(f"jobs.toml [{key}].tiles[{i}]: unknown tile kind {kind!r}")
        wanted[(kind, int(number) if number else None)] += 1
    have = Counter(TILE_COPIES)
    for copy, n in wanted.items():
        if n > have[copy]:
            raise ValueError(f"jobs.toml [{key}].tiles: {n} copies of {copy} but the game has {have[copy]} (SETUP-1)")
    out = []
    for copy in TILE_COPIES:  # keep the master order
        if wanted[copy]:
            wanted[copy] -= 1
            out.append(copy)
    return tuple(out)


def _job(key: str, doc: dict) -> Job:
    walls = tuple(tuple(w.strip() for w in line.split(",") if w.strip()) for line in doc["walls"])
    job = Job(
        key=key, name=doc["name"], tiles=_copies(key, doc["tiles"]), tiles_rule=doc["tiles_rule"],
        guard_dice=tuple(doc["guard_dice"]), walls=walls, walls_rule=doc["walls_rule"],
    )
    if len(job.guard_dice) != job.floors:
        raise ValueError(f"jobs.toml [{key}]: {len(job.guard_dice)} guard dice for {job.floors} floors")
    for kind in ("safe", "stairs"):  # SETUP-2: one of each per floor
        if job.count(kind) != job.floors:
            raise ValueError(f"jobs.toml [{key}].tiles: {job.count(kind)} {kind} copies for {job.floors} floors")
    if job.pile_size * job.floors + 2 * job.floors != len(job.tiles):
        raise ValueError(f"jobs.toml [{key}].tiles: the other tiles do not split evenly over {job.floors} floors")
    return job


def _load() -> dict[str, Job]:
    doc = tomllib.loads(resources.files("burgle.data").joinpath("jobs.toml").read_text(encoding="utf-8"))
    return {key: _job(key, value) for key, value in doc.items()}


JOBS: dict[str, Job] = _load()
"""Every job by key, The Bank Job first."""


def job_names() -> str:
    """``"bank (The Bank Job), office (The Office Job)"``, for messages and help texts."""
    return ", ".join(f"{k} ({j.name})" for k, j in JOBS.items())


def get_job(job: str | Job = DEFAULT_JOB) -> Job:
    """The :class:`Job` named *job* (a key such as ``"office"``, or a Job, returned as is).

    Raises :class:`UnknownJobError` naming the jobs that exist."""
    if isinstance(job, Job):
        return job
    if isinstance(job, str) and job.strip().lower() in JOBS:
        return JOBS[job.strip().lower()]

    raise UnknownJobError(say("unknown job {job}; the jobs are {jobs}", job=repr(job), jobs=job_names()))
