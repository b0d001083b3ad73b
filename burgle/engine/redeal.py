"""Dealing the hidden information anew, consistently with what the players know.

Hidden are: the kinds of the face-down tiles, the order of every deck, the patrol cards
removed face down (SETUP-4) and the random source. :func:`redeal_state` deals all of them
again from a seed, keeping everything the players can see (``view()``):

- face-down tiles: each floor keeps its own Safe and Stairs while they are face down
  (SETUP-2, BD-25), at a random face-down cell of that floor; the other face-down tiles
  are shuffled over the remaining face-down cells of all floors; tokens stay on their cells;
- patrol decks: the cards the players have not seen (the deck between its known top and
  bottom cards, and the removed cards) are shuffled together and dealt back, the same
  number to the deck and to the removed pile;
- the Event deck between its known top and bottom cards, and the Tool and Loot decks;
- the random source gets a new state.

Monte Carlo analysis (``Game.redeal``) samples the worlds the players cannot tell apart;
the hidden-information test (tests/test_hidden.py) checks that none of them changes the
view, the legal actions or a refusal.
"""

from __future__ import annotations

from burgle.geometry.board import CELLS_PER_FLOOR
from burgle.engine.chance import Chance
from burgle.engine.draws import FIXED_KINDS
from burgle.engine.state import GameState, Tile

N = CELLS_PER_FLOOR


def redeal_state(s: GameState, rng: Chance) -> None:
    """Deal *s*'s hidden information anew with *rng* (in place; *s* must be owned)."""
    _tiles(s, rng)
    for floor, guard in enumerate(s.guards):
        kt, kb = s.patrol_known[floor]
        deck = guard.deck
        hi = len(deck) - kt
        pool = sorted([*deck[kb:hi], *guard.removed])
        rng.shuffle(pool)
        middle = hi - kb
        guard.deck = (*deck[:kb], *pool[:middle], *deck[hi:])
        guard.removed = tuple(pool[middle:])
    kt, kb = s.event_known
    events = s.event_deck
    top = len(events) - kt
    unseen = sorted(events[kb:top])
    rng.shuffle(unseen)
    s.event_deck = events[:kb] + unseen + events[top:]
    for name in ("tool_deck", "loot_deck"):
        cards = sorted(getattr(s, name))
        rng.shuffle(cards)
        setattr(s, name, cards)
    s.chance = Chance(rng.next64())


def _tiles(s: GameState, rng: Chance) -> None:
    floors = [[c for c in range(N * f, N * (f + 1)) if not s.tiles[c].revealed] for f in range(s.floors)]
    pool = sorted((s.tiles[c].kind, s.tiles[c].number or 0) for down in floors for c in down
                  if s.tiles[c].kind not in FIXED_KINDS)
    rng.shuffle(pool)
    for down in floors:
        fixed = sorted((s.tiles[c].kind, s.tiles[c].number or 0) for c in down if s.tiles[c].kind in FIXED_KINDS)
        cells = down[:]
        rng.shuffle(cells)
        kinds = fixed + [pool.pop() for _ in range(len(down) - len(fixed))]
        for c, (kind, number) in zip(cells, kinds):
            # Tile(kind, number, *the rest): what _replace makes, without its keyword
            # machinery (a hint re-deals ~30 tiles per sample, thousands of samples).
            s.tiles[c] = tuple.__new__(Tile, (kind, number or None, *s.tiles[c][2:]))
