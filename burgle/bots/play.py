"""Playing whole games with a bot: one game (:func:`play_game`) and its record.

Game *seed* uses ``Game.new(seed=seed, ...)`` for the engine and ``bot_class(seed)`` for
the bot, so a seed fixes the whole game. A game still running after *max_actions*
actions is cut off and counted as unfinished (``outcome`` None): a bot never stalls a
caller. Every action goes through ``game.apply``, so an illegal one raises
:class:`~burgle.engine.errors.IllegalAction` at once.

>>> from burgle.bots.random_bot import RandomBot
>>> record = play_game(RandomBot, seed=1, players=2)
>>> record.outcome, record.cause
('lost', 'capture')
"""

from __future__ import annotations

from dataclasses import dataclass
from time import perf_counter

from burgle.analysis.simulate import loss_cause
from burgle.bots.seat import Seat
from burgle.engine import Game

DEFAULT_MAX_ACTIONS = 2000


@dataclass(frozen=True)
class GameRecord:
    """How one game went."""

    seed: int
    characters: tuple[str, ...]
    sides: tuple[str, ...]
    outcome: str | None  # "won", "lost", or None when cut off at the action cap
    cause: str | None  # the loss cause (burgle.analysis.simulate.loss_cause), else None
    actions: int
    safes: int  # Safes cracked
    escaped: int  # characters escaped
    seconds: float

    @property
    def won(self) -> bool:
        return self.outcome == "won"


def new_game(seed: int, players: int = 2, sides="basic", characters=None, job: str = "bank", walls=None) -> Game:
    """A new game for a bot run. *sides*: "basic", "advanced" or a list, one per character;
    *job* and *walls* as :meth:`Game.new` takes them (JOB-1, JOB-3)."""
    n = len(characters) if characters is not None else players
    side_list = [sides] * n if isinstance(sides, str) else list(sides)
    return Game.new(seed=seed, characters=list(characters) if characters is not None else None,
                    players=None if characters is not None else players, sides=side_list, job=job,
                    walls=None if walls == "printed" else walls)


def play_game(bot_class, seed: int, players: int = 2, sides="basic", characters=None, job: str = "bank",
              max_actions: int = DEFAULT_MAX_ACTIONS, game: Game | None = None, walls=None) -> GameRecord:
    """Play one game with ``bot_class(seed)`` taking every seat's decisions."""
    start = perf_counter()
    game = game if game is not None else new_game(seed, players, sides, characters, job, walls)
    bot = bot_class(seed)
    seat = Seat(game)
    count = 0
    while not game.is_over and count < max_actions:
        game.apply(bot.choose(seat))
        count += 1
    s = game.s
    return GameRecord(
        seed=seed,
        characters=tuple(ch.name for ch in s.characters),
        sides=tuple(ch.side for ch in s.characters),
        outcome=s.outcome,
        cause=loss_cause(s.outcome_reason) if s.outcome not in (None, "won") else None,
        actions=count,
        safes=sum(1 for t in s.tiles if t.kind == "safe" and t.cracked),
        escaped=sum(1 for ch in s.characters if ch.escaped),
        seconds=perf_counter() - start,
    )
