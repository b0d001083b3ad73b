"""Random legal playouts: many games, each action chosen uniformly among the legal ones.

Game *i* of a run with seed *S* uses seed ``S + i`` for the engine (the building, the
decks, every die) and a ``random.Random(S + i)`` for the policy, which draws, in this
order: the number of characters (1 to 4, when not fixed), the side of each character
(with ``sides="random"``), then one ``choice`` among ``game.legal_actions()`` per action.
A game stops when it is over or after *max_actions* actions ("unfinished").

>>> summary = simulate(3, seed=1, players=2)
>>> summary.games, summary.wins + summary.losses + summary.unfinished
(3, 3)
>>> print(summary.format(timing=False))  # doctest: +ELLIPSIS
games                      3
...
"""

from __future__ import annotations

import random
import re
import statistics
from dataclasses import dataclass, field
from time import perf_counter

from burgle.data.cards import CHARACTER_NAMES
from burgle.engine import Game

SIDES = ("basic", "advanced", "random")
MAX_PLAYERS = 4
DEFAULT_MAX_ACTIONS = 2000

# outcome_reason text -> loss cause; the first needle found names the cause.
_CAUSES = (("captured", "capture"),)
_CELL = re.compile(r"\b[1-3][A-D][1-4]\b")
_WHO = re.compile(r"\b(" + "|".join(re.escape(n) for n in CHARACTER_NAMES.values()) + r")\b")


def loss_cause(reason: str) -> str:
    """A short, game-independent name for why a game was lost, from ``GameState.outcome_reason``.

    >>> loss_cause("Hawk was captured on 2B3")
    'capture'

    Reasons with no known name keep their text, with characters and cells made generic,
    so equal causes still count together:

    >>> loss_cause("Raven fell off 1A2")
    'someone fell off a cell'
    """
    low = reason.lower()
    for needle, cause in _CAUSES:
        if needle in low:
            return cause
    text = _CELL.sub("a cell", _WHO.sub("someone", reason)).strip()
    return text or "unknown"


@dataclass
class SimulationSummary:
    """What :func:`simulate` found. ``str()`` gives the table ``burgle simulate`` prints."""

    games: int
    seed: int
    players: int | None  # None: 1..4 at random per game
    sides: str
    max_actions: int
    job: str = "bank"  # JOB-1
    walls: str = "printed"  # "printed", "random" (each game its own, JOB-3) or the layout code (JOB-5)
    wins: int = 0
    loss_causes: dict[str, int] = field(default_factory=dict)  # cause -> games, most frequent first
    unfinished: int = 0
    actions_per_game: tuple[int, ...] = ()  # in game order
    player_counts: dict[int, int] = field(default_factory=dict)  # characters -> games
    seconds: float = 0.0  # wall-clock time of the whole run (the only non-deterministic field)

    @property
    def losses(self) -> int:
        return sum(self.loss_causes.values())

    @property
    def total_actions(self) -> int:
        return sum(self.actions_per_game)

    @property
    def mean_actions(self) -> float:
        return statistics.fmean(self.actions_per_game) if self.actions_per_game else 0.0

    @property
    def median_actions(self) -> float:
        return statistics.median(self.actions_per_game) if self.actions_per_game else 0.0

    @property
    def max_actions_played(self) -> int:
        return max(self.actions_per_game, default=0)

    @property
    def actions_per_second(self) -> float:
        return self.total_actions / self.seconds if self.seconds > 0 else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def format(self, timing: bool = True) -> str:
        """The summary table; *timing* False leaves out the three timing lines (the rest is
        determined by the arguments)."""
        players = "1-4 at random" if self.players is None else str(self.players)
        rows = [
            ("games", f"{self.games}"),
            ("seed", f"{self.seed} (game i uses seed {self.seed}+i)"),
            ("players", players + ("" if self.players is not None or not self.player_counts else
                                   " (" + ", ".join(f"{k}: {v}" for k, v in sorted(self.player_counts.items())) + ")")),
            ("sides", self.sides),
            ("job", self.job),
            ("walls", self.walls),
            ("wins", f"{self.wins}"),
            ("losses", f"{self.losses}"),
        ]
        rows += [(f"  {cause}", f"{n}") for cause, n in self.loss_causes.items()]
        rows += [
            ("unfinished", f"{self.unfinished} (cut off at {self.max_actions} actions)"),
            ("actions per game", f"mean {self.mean_actions:.1f}, median {self.median_actions:g}, "
                                 f"max {self.max_actions_played}"),
            ("total actions", f"{self.total_actions}"),
        ]
        if timing:
            rows += [
                ("elapsed", f"{self.seconds:.3f} s"),
                ("actions per second", f"{self.actions_per_second:,.0f}"),
                ("games per second", f"{self.games_per_second:,.1f}"),
            ]
        width = max(len(k) for k, _ in rows) + 2
        return "\n".join(f"{k:<{width}}{v}" for k, v in rows)

    def __str__(self) -> str:
        return self.format(timing=True)


def _check(games, seed, players, sides, max_actions) -> None:
    def is_int(x):
        return isinstance(x, int) and not isinstance(x, bool)

    if not is_int(games) or games < 0:
        raise ValueError(f"--games must be a whole number >= 0, not {games!r}")
    if not is_int(seed):
        raise ValueError(f"--seed must be a whole number, not {seed!r}")
    if players is not None and (not is_int(players) or not 1 <= players <= MAX_PLAYERS):
        raise ValueError(f"--players must be 1 to {MAX_PLAYERS} (a game has 1 to 4 characters), not {players!r}")
    if sides not in SIDES:
        raise ValueError(f"--sides must be one of {', '.join(SIDES)}, not {sides!r}")
    if not is_int(max_actions) or max_actions < 1:
        raise ValueError(f"--max-actions must be a whole number >= 1, not {max_actions!r}")


def play_random_game(seed: int, players: int | None = None, sides: str = "basic",
                     max_actions: int = DEFAULT_MAX_ACTIONS, job: str = "bank", walls=None) -> tuple[Game, int]:
    """One random legal playout (see the module docstring); returns the game and the
    number of actions applied."""
    rng = random.Random(seed)
    n = players if players is not None else rng.randint(1, MAX_PLAYERS)
    side_list = [rng.choice(("basic", "advanced")) for _ in range(n)] if sides == "random" else [sides] * n
    game = Game.new(seed=seed, players=n, sides=side_list, job=job, walls=walls)
    choice = rng.choice
    count = 0
    while count < max_actions and not game.is_over:
        game.apply(choice(game.legal_actions()))
        count += 1
    return game, count


def simulate(games: int, seed: int, players: int | None = None, sides: str = "basic",
             max_actions: int = DEFAULT_MAX_ACTIONS, job: str = "bank", walls=None) -> SimulationSummary:
    """Play *games* random legal games (game i: seed ``seed + i``) and sum them up.

    Raises ValueError for negative *games*, *players* outside 1..4, an unknown *sides*
    or *max_actions* < 1."""
    _check(games, seed, players, sides, max_actions)
    summary = SimulationSummary(games=games, seed=seed, players=players, sides=sides, max_actions=max_actions,
                                job=job, walls=_walls_shown(job, walls))
    causes: dict[str, int] = {}
    counts = []
    start = perf_counter()
    for i in range(games):
        game, n = play_random_game(seed + i, players, sides, max_actions, job, walls)
        counts.append(n)
        k = len(game.s.characters)
        summary.player_counts[k] = summary.player_counts.get(k, 0) + 1
        outcome = game.s.outcome
        if outcome is None:
            summary.unfinished += 1
        elif outcome == "won":
            summary.wins += 1
        else:
            cause = loss_cause(game.s.outcome_reason)
            causes[cause] = causes.get(cause, 0) + 1
    summary.seconds = perf_counter() - start
    summary.actions_per_game = tuple(counts)
    summary.loss_causes = dict(sorted(causes.items(), key=lambda kv: (-kv[1], kv[0])))
    return summary


def _walls_shown(job: str, walls) -> str:
    """How the summary names the walls; bad walls or an unknown job raise ValueError here,
    before any game is played."""
    from burgle.engine.setup import check_job, job_layout

    the_job = check_job(job)
    if walls is None or (isinstance(walls, str) and walls.strip().lower() in ("printed", "random")):
        return "printed" if walls is None else walls.strip().lower()
    from burgle.geometry.layouts import encode_building

    return encode_building(job_layout(the_job, walls))


def wilson(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval for *k* successes in *n* trials (95 % by default), as
    fractions. It stays inside [0, 1] and is sound near 0 %, unlike the normal interval.

    >>> lo, hi = wilson(250, 1000)
    >>> round(lo, 4), round(hi, 4)
    (0.2242, 0.2778)
    >>> wilson(0, 20)[0], round(wilson(0, 20)[1], 3)
    (0.0, 0.161)
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / denom
    return max(0.0, centre - half), min(1.0, centre + half)
