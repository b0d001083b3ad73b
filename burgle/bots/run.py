"""Many bot games: a seeded run, its summary with a Wilson 95 % interval, in parallel.

Game *i* of a run with seed *S* is ``play_game(bot, seed=S + i, ...)``: the same seed
gives the same games whatever the number of worker processes, and in any order.

>>> summary = run_bot("random", games=4, seed=1, players=2)
>>> summary.line()
'wins: 0/4 (0.0 %, 95 % CI 0.0–49.0 %)'
>>> summary.unfinished, sum(summary.loss_causes.values())
(0, 4)
"""

from __future__ import annotations

import os
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from burgle.analysis.simulate import wilson
from burgle.data.jobs import JOBS as ALL_JOBS
from burgle.bots.play import DEFAULT_MAX_ACTIONS, GameRecord, play_game

JOBS = tuple(ALL_JOBS)  # bank, office (JOB-1)


def bot_class(name: str):
    from burgle.bots import BOTS

    try:
        return BOTS[name]
    except KeyError:
        raise ValueError(f"--bot must be one of: {', '.join(BOTS)}, not {name!r}") from None


@dataclass
class BotSummary:
    bot: str
    games: int
    seed: int
    players: int
    sides: str
    job: str
    walls: str = "printed"
    records: list[GameRecord] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def wins(self) -> int:
        return sum(r.won for r in self.records)

    @property
    def unfinished(self) -> int:
        return sum(r.outcome is None for r in self.records)

    @property
    def loss_causes(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for r in self.records:
            if r.cause is not None:
                out[r.cause] = out.get(r.cause, 0) + 1
        return dict(sorted(out.items(), key=lambda kv: (-kv[1], kv[0])))

    @property
    def mean_actions(self) -> float:
        return sum(r.actions for r in self.records) / len(self.records) if self.records else 0.0

    def line(self) -> str:
        """``wins: K/N (P %, 95 % CI a–b %)`` (Wilson score interval)."""
        n, k = len(self.records), self.wins
        lo, hi = wilson(k, n)
        p = 100.0 * k / n if n else 0.0
        return f"wins: {k}/{n} ({p:.1f} %, 95 % CI {100 * lo:.1f}–{100 * hi:.1f} %)"

    def format(self, timing: bool = True) -> str:
        rows = [self.line(),
                f"bot {self.bot}, {self.players} characters ({self.sides} sides), job {self.job}, walls {self.walls}, "
                f"seeds {self.seed}..{self.seed + self.games - 1}"]
        causes = self.loss_causes
        lost = sum(causes.values())
        rows.append(f"losses: {lost}" + ("".join(f"\n  {c}: {n}" for c, n in causes.items())))
        rows.append(f"unfinished: {self.unfinished} (cut off at the action cap)")
        safes = [r.safes for r in self.records]
        rows.append(f"mean actions per game: {self.mean_actions:.1f}; mean Safes cracked: "
                    f"{sum(safes) / len(safes) if safes else 0:.2f}")
        if timing and self.seconds > 0:
            total = sum(r.actions for r in self.records)
            rows.append(f"speed: {len(self.records) / self.seconds:.2f} games/s, {total / self.seconds:,.0f} actions/s "
                        f"({self.seconds:.1f} s)")
        return "\n".join(rows)

    def __str__(self) -> str:
        return self.format()


def _one(args) -> GameRecord:
    name, seed, players, sides, characters, job, walls, max_actions = args
    return play_game(bot_class(name), seed=seed, players=players, sides=sides, characters=characters,
                     job=job, walls=walls, max_actions=max_actions)


def run_bot(bot: str, games: int, seed: int = 0, players: int = 2, sides: str = "basic", job: str = "bank",
            characters=None, walls=None, max_actions: int = DEFAULT_MAX_ACTIONS, workers: int = 1,
            progress: bool | None = None) -> BotSummary:
    """Play *games* games (game i: seed ``seed + i``) with the bot named *bot*.

    *workers* > 1 plays them in that many processes (0: all local cores); the records
    come back in seed order either way. *progress*: a tqdm bar on stderr (None: only
    when stderr is a terminal)."""
    from time import perf_counter

    bot_class(bot)
    if not isinstance(games, int) or games < 0:
        raise ValueError(f"--games must be a whole number >= 0, not {games!r}")
    if not isinstance(players, int) or not 1 <= players <= 4:
        raise ValueError(f"--players must be 1 to 4, not {players!r}")
    if sides not in ("basic", "advanced"):
        raise ValueError(f"--sides must be basic or advanced, not {sides!r}")
    if job not in JOBS:
        raise ValueError(f"--job must be one of: {', '.join(JOBS)}, not {job!r}")
    tasks = [(bot, seed + i, players, sides, characters, job, walls, max_actions) for i in range(games)]
    shown = "printed" if walls in (None, "printed") else walls if isinstance(walls, str) else " / ".join(walls)
    summary = BotSummary(bot=bot, games=games, seed=seed, players=players, sides=sides, job=job, walls=shown)
    show = sys.stderr.isatty() if progress is None else progress
    bar = None
    if show:
        try:
            from tqdm import tqdm

            bar = tqdm(total=games, unit="game", file=sys.stderr)
        except ImportError:  # the bar is a nicety: the run goes on without it
            bar = None
    start = perf_counter()
    if workers == 0:
        workers = os.cpu_count() or 1
    if workers > 1 and games > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for rec in pool.map(_one, tasks, chunksize=max(1, games // (workers * 8))):
                summary.records.append(rec)
                if bar is not None:
                    bar.update()
    else:
        for t in tasks:
            summary.records.append(_one(t))
            if bar is not None:
                bar.update()
    if bar is not None:
        bar.close()
    summary.seconds = perf_counter() - start
    return summary
