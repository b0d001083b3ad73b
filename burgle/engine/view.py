"""What the players may see: the public part of a game, as JSON-able data.

The crew plays open-handed, so every character's cards and Stealth are public; so are
face-up tiles and their tokens, the guards and their dice, the patrol discard piles, deck
sizes, the cards lying face up, round and turn effects, and the open choice. Hidden:
the kind of every face-down tile, the order of every deck, the patrol cards removed face
down (SETUP-4) and the state of the random source. What the players have learned about
a deck's order (the Spotter's Clairvoyance and Precognition, the Crystal Ball) is public
and shown with the deck.

Two games whose hidden information differs but whose views are equal offer the same
legal actions and refuse the same actions with the same words (tests/test_hidden.py).

>>> from burgle.engine.game import Game
>>> game = Game.new(seed=1, characters=["hawk"])
>>> _ = game.apply("entrance 1B2")
>>> v = game.view()
>>> v["tiles"]["1B2"]["revealed"], v["tiles"]["1A1"]
(True, {'revealed': False})
>>> v["guards"][0]["deck_size"], "deck" in v["guards"][0]
(5, False)
"""

from __future__ import annotations

from typing import Any

from burgle.engine.choice import Choice
from burgle.engine.state import GameState
from burgle.geometry.board import cell_name, walls_spec
from burgle.geometry.layouts import encode_building


def _cell(c: int | None) -> str | None:
    return None if c is None else cell_name(c)


def _top(deck: tuple | list, k: int) -> tuple | list:
    return deck[::-1][:k]


def player_view(s: GameState, pending: Choice | None) -> dict[str, Any]:
    """The view of state *s* with the open choice *pending* (``Game.view()``)."""
    return {
        "job": s.job,  # the building (CONV-1, JOB-1), public like the walls
        "layout": encode_building(s.layout),  # JOB-5: the walls it was set up with, to share
        "phase": s.phase,
        "turn": s.turn,
        "active": s.active,
        "seat_to_act": pending.seat if pending is not None else s.active,
        "spent": s.spent,
        "allowance": s.allowance,
        "entrance": _cell(s.entrance),
        "trim": s.trim,
        "walls": {str(f + 1): walls_spec(w) for f, w in enumerate(s.walls)},
        "tiles": {cell_name(c): t.public_dict() for c, t in enumerate(s.tiles)},
        "guards": [
            {
                "floor": gd.floor,
                "cell": _cell(gd.cell),
                "die": _cell(gd.die),
                "speed": gd.speed,
                "deck_size": len(gd.deck),
                "discard": [cell_name(c) for c in gd.discard],
                "removed_count": len(gd.removed),
                "donuts": gd.donuts,
                # cards the players have seen in the deck (CHAR-17): top card first, bottom card first
                "known_top": [cell_name(c) for c in _top(gd.deck, s.patrol_known[gd.floor - 1][0])],
                "known_bottom": [cell_name(c) for c in gd.deck[: s.patrol_known[gd.floor - 1][1]]],
            }
            for gd in s.guards
        ],
        "characters": [ch.to_dict() for ch in s.characters],
        "tool_deck_size": len(s.tool_deck),
        "tool_discard": list(s.tool_discard),
        "loot_deck_size": len(s.loot_deck),
        "event_deck_size": len(s.event_deck),
        "event_discard": list(s.event_discard),
        "events_known_top": _top(s.event_deck, s.event_known[0]),  # CHAR-18, TOOL-3
        "events_known_bottom": s.event_deck[: s.event_known[1]],
        **s.effects_dict(),
        "outcome": s.outcome,
        "outcome_reason": s.outcome_reason,
        "pending": pending.to_dict() if pending is not None else None,
    }
