"""What a bot may see: a :class:`Seat` at the table, and re-dealt copies of the game.

A bot never holds the :class:`~burgle.engine.game.Game` it plays. It gets a ``Seat``,
which exposes exactly four things: :meth:`Seat.view` (the players' view), the legal
actions, :meth:`Seat.apply` and :meth:`Seat.determinized` (a full copy of the game
whose hidden information -- face-down tile kinds, deck orders, removed patrol cards,
the random source -- is dealt anew from a seed, consistently with the view). A bot can
look ahead freely on such a copy: what it finds there depends only on the view and the
seed, never on the real hidden state. ``tests/test_bots.py`` checks it: a game and a
re-dealt twin of it (same view, other hidden information) get the same decisions from
bots with the same seed.

>>> from burgle.engine import Game
>>> game = Game.new(seed=4, players=2)
>>> _ = game.apply("entrance 1B2")
>>> seat = Seat(game)
>>> twin = determinize(game, 99)
>>> twin.view() == game.view(), twin.legal_actions() == game.legal_actions()
(True, True)
>>> determinize(game, 5).to_dict() == determinize(Seat(twin).determinized(0), 5).to_dict()
True
"""

from __future__ import annotations

from burgle.engine.game import Game


class Seat:
    """A bot's window on a game: the view, the legal actions, apply, and re-dealt copies.

    Nothing else of the game is reachable from here (the game is held in a name-mangled
    slot; a bot that reaches for it is a bug the review and the twin test catch)."""

    __slots__ = ("__game",)

    def __init__(self, game: Game):
        self.__game = game

    def view(self) -> dict:
        return self.__game.view()

    def legal_actions(self):
        return self.__game.legal_actions()

    def apply(self, action):
        return self.__game.apply(action)

    def determinized(self, seed: int) -> Game:
        """A copy of the game with its hidden information dealt anew from *seed*."""
        return determinize(self.__game, seed)


def determinize(game: Game, seed: int) -> Game:
    """A copy of *game* whose hidden information is dealt anew from *seed*, consistently
    with ``game.view()`` (what the players have learned included): the engine's
    ``Game.redeal``. The result depends only on the view and the seed."""
    return game.redeal(seed)
