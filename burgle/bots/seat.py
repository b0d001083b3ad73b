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

import random

from burgle.engine.chance import Chance
from burgle.engine.game import Game
from burgle.geometry.board import CELLS_PER_FLOOR

N = CELLS_PER_FLOOR
_FIXED = ("safe", "stairs")  # SETUP-2: one of each per floor, so they stay on their floor


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
    with ``game.view()``. The result depends only on the view and the seed: two games with
    equal views give equal states (every hidden pool is sorted before it is shuffled).

    Uses the engine's ``Game.redeal`` when the engine has it (issue 11, section 3), else
    :func:`_redeal_copy`. In that fallback an open choice is dropped from the copy (its
    resolution would re-run from the real state): the copy shows the state as it stands,
    with the actions of the acting seat, for reading and for looking ahead after the choice.
    """
    redeal = getattr(game, "redeal", None)
    if redeal is not None:
        return redeal(seed)
    return _redeal_copy(game, seed)


def _redeal_copy(game: Game, seed: int) -> Game:
    g = game.copy()
    s = g.s
    rng = random.Random(seed)  # the standard library's shuffle is several times faster than Chance's
    # face-down tiles: each floor keeps its face-down Safe and Stairs (SETUP-2); the
    # other face-down tiles are exchangeable over all face-down cells
    floors = [[c for c in range(N * f, N * (f + 1)) if not s.tiles[c].revealed] for f in range(len(s.guards))]
    pool = sorted((s.tiles[c].kind, s.tiles[c].number or 0) for down in floors for c in down
                  if s.tiles[c].kind not in _FIXED)
    rng.shuffle(pool)
    for down in floors:
        fixed = sorted((s.tiles[c].kind, s.tiles[c].number or 0) for c in down if s.tiles[c].kind in _FIXED)
        cells = down[:]
        rng.shuffle(cells)
        kinds = fixed + [pool.pop() for _ in range(len(down) - len(fixed))]
        for c, (kind, number) in zip(cells, kinds):
            s.tiles[c] = s.tiles[c]._replace(kind=kind, number=number or None)
    # patrol decks: the unseen cards (deck and removed) are exchangeable
    for guard in s.guards:
        unseen = sorted(guard.deck + guard.removed)
        rng.shuffle(unseen)
        guard.deck, guard.removed = unseen[:len(guard.deck)], unseen[len(guard.deck):]
    for name in ("tool_deck", "loot_deck", "event_deck"):
        cards = sorted(getattr(s, name))
        rng.shuffle(cards)
        setattr(s, name, cards)
    s.chance = Chance(rng.getrandbits(64))
    # the copy's history points at the real hidden state: cut it off
    g._stack, g.log, g.happenings = [], [], []
    if g._pending is not None:
        g._pending = g._gen = None
        s.pending = None
        g._legal = None
    return g
