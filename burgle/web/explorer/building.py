"""The explorer's building: which job, the walls of each of its floors, where they came
from, and their layout codes (RULES.md JOB-1..JOB-5). No widgets, no guard.

A :class:`Building` is a job (The Bank Job: 3 floors, The Office Job: 2, JOB-1) and one
wall set per floor: the job's printed walls (SETUP-3, JOB-2), random walls drawn from a
seed (JOB-3: uniform over the valid layouts, the same seed giving the same walls), or
walls read from a layout code as gabob.com writes it (JOB-5). The explorer shows one
floor of it and lets the walls of that floor be edited by hand;
:meth:`Building.with_floor` gives the building with those edits, whose code
:meth:`Building.code` is what the page offers to copy (only for valid layouts: exactly 8
walls and no cell cut off, JOB-3; otherwise :meth:`Building.no_code` says why).

Everything that reads input raises :class:`BuildingError` with a message naming what was
wrong and what is allowed; nothing is changed by a refused input (the values are frozen).

>>> b = Building.printed("office")
>>> b.name, len(b.floors), b.code()
('The Office Job', 2, '190m3 11hu0')
>>> r = Building.random("bank", seed=7)
>>> r == Building.random("bank", seed=7), r.origins[0]
(True, 'random walls, seed 7')
>>> pasted = Building.printed("bank").paste("703h1 e0607 81ll0", floor=1)
>>> pasted.code()
'703h1 e0607 81ll0'
>>> Building.printed("bank").paste("703h1 e0607", floor=1)
Traceback (most recent call last):
...
burgle.web.explorer.building.BuildingError: '703h1 e0607' holds 2 floor codes, but The Bank Job has 3 floors: paste 3 codes for the whole building, or 1 for the floor shown (JOB-5); for The Office Job, switch the job first
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from burgle.data.jobs import DEFAULT_JOB, JOBS, Job, UnknownJobError, get_job
from burgle.engine.errors import BurgleError
from burgle.geometry.layouts import (
    CODE_LENGTH,
    LayoutError,
    check_layout,
    decode,
    encode,
    encode_building,
    job_walls,
    random_building,
)

__all__ = ["Building", "BuildingError", "JOB_CHOICES", "MAX_SEED", "printed_floor_name"]

MAX_SEED = 2**31 - 1  # as the sandbox's seeds
#: The job switch: (label, key), in the order of burgle/data/jobs.toml.
JOB_CHOICES: tuple[tuple[str, str], ...] = tuple((j.name, k) for k, j in JOBS.items())


from burgle.i18n.said import said_of, say  # noqa: E402  (the page says these in the learner's language)


class BuildingError(BurgleError):
    """A job, seed or layout code the explorer refuses; the message says why."""


def printed_floor_name(walls) -> str | None:
    """``"Bank Job floor 2"`` when *walls* are the printed walls of a floor of some job, else None."""
    from burgle.i18n.said import say

    walls = frozenset(walls)
    for key, job in JOBS.items():
        for f, printed in enumerate(job_walls(key), 1):
            if printed == walls:
                return say("{job} floor {floor}", job=job.name.removeprefix('The '), floor=f)
    return None


def _origin(origin: str):
    """Where a floor's walls came from, in words that a page can translate."""
    import re

    from burgle.i18n.said import say

    if origin == "printed walls":
        return say("printed walls")
    if origin == "your walls":
        return say("your walls")
    m = re.fullmatch(r"random walls, seed (\d+)", origin)
    if m:
        return say("random walls, seed {seed}", seed=m.group(1))
    m = re.fullmatch(r"layout code (\w+)", origin)
    if m:
        return say("layout code {code}", code=m.group(1))
    return origin


@dataclass(frozen=True)
class Building:
    """A job and the walls of each of its floors (floor 1 first); ``origins`` say where
    the walls of each floor came from, in words (``"printed walls"``, ``"random walls, seed 7"``,
    ``"layout code 703h1"``, ``"your walls"``), one entry per floor."""

    job: str = DEFAULT_JOB
    floors: tuple[frozenset, ...] = field(default_factory=lambda: job_walls(DEFAULT_JOB))
    origins: tuple[str, ...] = ("printed walls",) * get_job(DEFAULT_JOB).floors
    seed: int | None = None  # the seed of random walls, if any floor has them

    # ------------------------------------------------------------------ making one
    @classmethod
    def printed(cls, job: str = DEFAULT_JOB) -> "Building":
        """The job's printed walls (SETUP-3, JOB-2)."""
        j = _job(job)
        return cls(j.key, job_walls(j.key), ("printed walls",) * j.floors)

    @classmethod
    def random(cls, job: str, seed) -> "Building":
        """Uniformly random valid walls on every floor (JOB-3), drawn from *seed*: the
        same seed gives the same walls."""
        from burgle.engine.chance import Chance

        j = _job(job)
        n = parse_seed(seed)
        floors = random_building(Chance(n), j.floors)
        return cls(j.key, floors, (f"random walls, seed {n}",) * j.floors, n)

    def paste(self, text, floor: int) -> "Building":
        """The walls of a layout code (JOB-5): one code per floor for the whole building
        (``"703h1 e0607 81ll0"``), or one code for *floor* only. Every floor is checked
        (8 walls, no cell cut off, JOB-3); a refused code raises :class:`BuildingError`."""
        if not isinstance(text, str) or not text.strip():
            raise BuildingError(say("paste a layout code: {n} characters 0-9 and a-v per floor, such as {code} (JOB-5)",
                                    n=CODE_LENGTH, code=encode(self.floors[0])))
        codes = text.split()
        n = len(self.floors)
        if len(codes) == 1:
            walls = self._read(codes[0], floor)
            return self._set(floor, walls, f"layout code {codes[0].lower()}")
        if len(codes) != n:
            shown = text.strip() if len(text.strip()) <= 60 else text.strip()[:57] + "..."
            other = next((j.name for j in JOBS.values() if j.floors == len(codes)), None)
            words = dict(text=repr(shown), k=len(codes), job=self.name, n=n)
            if other:
                raise BuildingError(say("{text} holds {k} floor codes, but {job} has {n} floors: paste {n} codes for "
                                        "the whole building, or 1 for the floor shown (JOB-5); for {other}, switch the "
                                        "job first", other=other, **words))
            raise BuildingError(say("{text} holds {k} floor codes, but {job} has {n} floors: paste {n} codes for the "
                                    "whole building, or 1 for the floor shown (JOB-5)", **words))
        floors = tuple(self._read(c, f) for f, c in enumerate(codes, 1))
        return replace(self, floors=floors, origins=tuple(f"layout code {c.lower()}" for c in codes), seed=None)

    def _read(self, code: str, floor: int) -> frozenset:
        multi = len(self.floors) > 1
        try:
            walls = decode(code)
        except LayoutError as exc:
            raise BuildingError(say("floor {floor}: {why}", floor=floor, why=said_of(exc)) if multi else said_of(exc)) from None
        try:
            return check_layout(walls, floor=floor if multi else None, source=f"code {code!r}")
        except LayoutError as exc:
            raise BuildingError(said_of(exc)) from None

    def _set(self, floor: int, walls, origin: str) -> "Building":
        self.check_floor(floor)
        k = floor - 1
        return replace(self, floors=self.floors[:k] + (frozenset(walls),) + self.floors[k + 1:],
                       origins=self.origins[:k] + (origin,) + self.origins[k + 1:])

    def with_floor(self, floor: int, walls) -> "Building":
        """This building with *walls* on *floor* (the explorer's hand edits): unchanged if
        they are the floor's walls already, else that floor's origin is "your walls"."""
        walls = frozenset(walls)
        if self.floors[floor - 1] == walls:
            return self
        return self._set(floor, walls, "your walls")

    # ------------------------------------------------------------------ reading it
    @property
    def name(self) -> str:
        return get_job(self.job).name

    @property
    def floor_numbers(self) -> tuple[int, ...]:
        return tuple(range(1, len(self.floors) + 1))

    def check_floor(self, floor) -> int:
        """*floor* as an int if this building has it; else :class:`BuildingError`."""
        try:
            f = int(str(floor).strip())
        except ValueError:
            f = None
        if f not in self.floor_numbers:
            floors = ", ".join(map(str, self.floor_numbers))
            raise BuildingError(say("floor {floor} does not exist; {job} has floors {floors} (JOB-1)",
                                    floor=repr(floor), job=self.name, floors=floors))
        return f

    def floor_code(self, floor: int) -> str | None:
        """The layout code of one floor, or None when its walls are not a valid layout."""
        walls = self.floors[floor - 1]
        return encode(walls) if self._problem(walls) is None else None

    def code(self) -> str | None:
        """The building's code, one per floor (JOB-5), or None if a floor is not a valid layout."""
        if any(self._problem(w) for w in self.floors):
            return None
        return encode_building(self.floors)

    def no_code(self, floor: int | None = None) -> str:
        """Why there is no code (for *floor*, or the first floor without one); "" if there is one."""
        floors = [floor] if floor is not None else list(self.floor_numbers)
        for f in floors:
            why = self._problem(self.floors[f - 1])
            if why:
                from burgle.i18n.said import say

                return say("floor {floor} has no layout code: {why}", floor=f, why=why)
        return ""

    @staticmethod
    def _problem(walls) -> str | None:
        try:
            check_layout(walls)
        except LayoutError as exc:
            return said_of(exc)
        return None

    def describe(self, floor: int) -> str:
        """Where the walls of *floor* came from, for the page (a :class:`~burgle.i18n.said.Said`)."""
        from burgle.i18n.said import say

        origin = self.origins[floor - 1]
        if origin == "printed walls":
            rule = get_job(self.job).walls_rule
            return say("{job}, floor {floor}: the printed walls ({rule})", job=self.name, floor=floor, rule=rule)
        return say("{job}, floor {floor}: {origin}", job=self.name, floor=floor, origin=_origin(origin))


def _job(job) -> Job:
    try:
        return get_job(job)
    except UnknownJobError as exc:
        raise BuildingError(said_of(exc)) from None


def parse_seed(seed) -> int:
    """A seed 0..MAX_SEED from an int or its text; else :class:`BuildingError`."""
    if isinstance(seed, bool):
        seed = None
    try:
        n = int(str(seed).strip())
    except ValueError:
        raise BuildingError(say("the seed is a whole number from 0 to {max}, not {value}", max=MAX_SEED,
                                value=repr(seed))) from None
    if not 0 <= n <= MAX_SEED:
        raise BuildingError(say("the seed runs from 0 to {max}, not {value}", max=MAX_SEED, value=n))
    return n
