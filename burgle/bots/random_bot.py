"""The baseline: a bot that picks uniformly among the legal actions.

>>> from burgle.bots.play import play_game
>>> play_game(RandomBot, seed=2, players=2).won
False
"""

from __future__ import annotations

import random


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, seat):
        return self.rng.choice(seat.legal_actions())
