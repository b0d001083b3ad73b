"""The balance lab: win rates by crew, sides, crew size and job, from seeded bot games.

A sweep is a list of *cells* (one crew on one job) times a number of games; game *i*
of a cell uses seed ``seed + i`` with the cell's crew fixed, so every result is
reproducible whatever the number or kind of workers (one process, all local cores, or
a Dask ``distributed`` cluster). The result is a pandas DataFrame, one row per game::

    bot, job, walls, players, characters, sides, seed, won, outcome, cause, actions, safes, escaped, seconds

and :func:`summarise` turns it into win rates with Wilson 95 % intervals per group.

A cell's ``job`` is ``"bank"`` or ``"office"`` (JOB-1) and its ``walls`` ``"printed"``,
``"random"`` (each game draws its own from its seed, JOB-3) or a layout code (JOB-5).

>>> cells = pair_cells(["hawk", "peterman", "rook"], sides=("basic",))
>>> [c.characters for c in cells]
[('hawk', 'peterman'), ('hawk', 'rook'), ('peterman', 'rook')]
>>> df = sweep(cells[:1], games=2, seed=5, bot="random", workers=1)
>>> list(df["seed"]), list(df["won"]), list(df["characters"])
([5, 6], [False, False], ['hawk+peterman', 'hawk+peterman'])
>>> summarise(df, "characters")[["characters", "games", "wins"]].values.tolist()
[['hawk+peterman', 2, 0]]
>>> sorted({(c.job, c.walls) for c in setting_cells(["hawk", "rook"])})
[('bank', 'printed'), ('bank', 'random'), ('office', 'printed'), ('office', 'random')]
"""

from __future__ import annotations

import itertools
import os
from dataclasses import dataclass

from burgle.analysis.simulate import wilson
from burgle.bots.play import DEFAULT_MAX_ACTIONS, play_game
from burgle.data.cards import CHARACTERS

COLUMNS = ["bot", "job", "walls", "players", "characters", "sides", "seed", "won", "outcome", "cause",
           "actions", "safes", "escaped", "seconds"]


@dataclass(frozen=True)
class Cell:
    """One crew on one job: the unit of a sweep."""

    characters: tuple[str, ...]
    sides: tuple[str, ...]
    job: str = "bank"
    walls: str = "printed"


def pair_cells(characters=None, sides=("basic", "advanced")) -> list[Cell]:
    """Every pair of distinct characters, each with both characters on the same side."""
    chars = list(characters) if characters is not None else list(CHARACTERS)
    return [Cell(pair, (side, side)) for side in sides for pair in itertools.combinations(chars, 2)]


def size_cells(sizes=(1, 2, 3, 4), characters=None, side: str = "basic") -> list[Cell]:
    """Crews of each size: the first characters in the given (or card) order."""
    chars = list(characters) if characters is not None else list(CHARACTERS)
    return [Cell(tuple(chars[:n]), (side,) * n) for n in sizes if n <= len(chars)]


def _task(args) -> dict:
    cell, seed, bot, max_actions = args
    from burgle.bots import BOTS

    r = play_game(BOTS[bot], seed=seed, characters=cell.characters, sides=list(cell.sides), job=cell.job,
                  walls=cell.walls, max_actions=max_actions)
    return {"bot": bot, "job": cell.job, "walls": cell.walls, "players": len(cell.characters),
            "characters": "+".join(cell.characters), "sides": "+".join(cell.sides), "seed": seed,
            "won": r.won, "outcome": r.outcome or "unfinished", "cause": r.cause or "",
            "actions": r.actions, "safes": r.safes, "escaped": r.escaped, "seconds": r.seconds}


def tasks(cells, games: int, seed: int, bot: str = "heuristic", max_actions: int = DEFAULT_MAX_ACTIONS) -> list:
    if not isinstance(games, int) or games < 1:
        raise ValueError(f"--games must be a whole number >= 1, not {games!r}")
    return [(cell, seed + i, bot, max_actions) for cell in cells for i in range(games)]


def sweep(cells, games: int, seed: int = 0, bot: str = "heuristic", workers: int = 0, client=None,
          progress: bool = False, max_actions: int = DEFAULT_MAX_ACTIONS):
    """Play *games* seeded games per cell and return one DataFrame row per game.

    *client*: a ``dask.distributed.Client`` (a ``LocalCluster`` or a real cluster) to run
    the games on; otherwise *workers* local processes (0: every core, 1: this process)."""
    import pandas as pd

    todo = tasks(cells, games, seed, bot, max_actions)
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=len(todo), unit="game")
    rows: list[dict] = []
    if client is not None:
        from dask.distributed import as_completed

        futures = client.map(_task, todo, pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        out: list[dict | None] = [None] * len(todo)
        for fut in as_completed(futures):
            out[index[fut.key]] = fut.result()
            if bar is not None:
                bar.update()
        rows = [r for r in out if r is not None]
    else:
        n = (os.cpu_count() or 1) if workers == 0 else workers
        if n > 1 and len(todo) > 1:
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(max_workers=n) as pool:
                for row in pool.map(_task, todo, chunksize=max(1, len(todo) // (n * 8))):
                    rows.append(row)
                    if bar is not None:
                        bar.update()
        else:
            for t in todo:
                rows.append(_task(t))
                if bar is not None:
                    bar.update()
    if bar is not None:
        bar.close()
    return pd.DataFrame(rows, columns=COLUMNS)


def summarise(df, by):
    """Win rate per group with its Wilson 95 % interval: columns games, wins, rate, low, high
    (fractions), mean_safes."""
    import pandas as pd

    g = df.groupby(by, sort=True)
    out = g.agg(games=("won", "size"), wins=("won", "sum"), mean_safes=("safes", "mean")).reset_index()
    cis = [wilson(int(k), int(n)) for k, n in zip(out["wins"], out["games"])]
    out["rate"] = out["wins"] / out["games"]
    out["low"] = [lo for lo, _ in cis]
    out["high"] = [hi for _, hi in cis]
    return pd.DataFrame(out)


# (job, walls) settings the lab compares (JOB-1, JOB-3); the first is the printed game
SETTINGS = (("bank", "printed"), ("bank", "random"), ("office", "printed"), ("office", "random"))


def setting_cells(characters=None, settings=SETTINGS, side: str = "basic") -> list[Cell]:
    """Every pair on *side* on each (job, walls) setting: the same crews and seeds on each, so
    a difference between settings is the setting's, not the crews'."""
    return [Cell(c.characters, c.sides, job, walls)
            for job, walls in settings for c in pair_cells(characters, sides=(side,))]


def default_cells(pairs: bool = True, sizes: bool = True, characters=None, settings: bool = True) -> list[Cell]:
    """The lab's standard sweep: every pair on both sides, crews of 1 to 4, and the basic
    pairs on The Office Job and on random walls (each cell once)."""
    cells: list[Cell] = []
    if pairs:
        cells += pair_cells(characters)
    if sizes:
        cells += [c for c in size_cells(characters=characters) if c not in cells]
    if settings:
        cells += [c for c in setting_cells(characters) if c not in cells]
    return cells
