"""Deprecated alias: The Bank Job's walls now live in ``jobs.toml`` (:mod:`burgle.data.jobs`).

Kept only because ``burgle.engine.setup`` still imports it; it goes when the engine takes
the walls from the game's job (issue 12, second phase). Use
``burgle.geometry.layouts.job_walls("bank")`` (wall sets) or
``burgle.data.jobs.get_job("bank").walls`` (names) instead.
"""

from burgle.data.jobs import get_job

BANK_JOB_WALLS: dict[int, tuple[str, ...]] = dict(enumerate(get_job("bank").walls, start=1))
