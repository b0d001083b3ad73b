"""Bots that play whole games from the players' view (issue 13).

A bot gets a :class:`Seat` (the view, the legal actions, apply, and copies of the game
re-dealt from public information) and answers ``choose(seat) -> Action``.

* :class:`HeuristicBot` (``"heuristic"``) plans the heist: see :mod:`burgle.bots.planner`.
* :class:`ValueBot` (not in ``BOTS``) is the first heuristic bot, kept for comparison
  (:mod:`burgle.bots.heuristic`, which also holds the view-reading both share).
* :class:`RandomBot` (``"random"``) picks uniformly among the legal actions: the baseline.
"""

from burgle.bots.heuristic import ValueBot
from burgle.bots.planner import HeuristicBot
from burgle.bots.play import GameRecord, new_game, play_game
from burgle.bots.random_bot import RandomBot
from burgle.bots.seat import Seat, determinize

BOTS = {"heuristic": HeuristicBot, "random": RandomBot}

__all__ = ["BOTS", "GameRecord", "HeuristicBot", "RandomBot", "Seat", "ValueBot", "determinize", "new_game",
           "play_game"]
