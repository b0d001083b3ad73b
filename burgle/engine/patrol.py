"""Patrol decks: drawing a card, and the reshuffle of an empty deck (RULES.md GUARD-3, GUARD-4, DEC-8, DEC-15)."""

from __future__ import annotations

from burgle.geometry.board import CELLS_PER_FLOOR
from burgle.engine import draws
from burgle.engine.context import Rules

N = CELLS_PER_FLOOR


def reshuffle(g: Rules, guard) -> None:
    """GUARD-4 / DEC-15: all 16 cards back, shuffle, trim again, speed up by 1 (max 6)."""
    s = g.s
    deck = list(range(N * (guard.floor - 1), N * guard.floor))
    s.chance.shuffle(deck)
    guard.removed = tuple(deck[: s.trim])
    guard.deck = tuple(deck[s.trim:])
    guard.discard = ()
    draws.set_patrol_known(s, guard.floor, (0, 0))  # a new order: nothing is known of it
    floor_cell = N * (guard.floor - 1)  # names the floor only: the trimmed cards stay hidden
    g.note("reshuffle", "GUARD-4", cell=floor_cell, value=s.trim)
    if guard.speed < 6:
        guard.speed += 1
        g.note("speed", "GUARD-4", cell=floor_cell, value=guard.speed)
    else:
        g.note("speed_max", "DEC-48", cell=floor_cell, value=guard.speed)


def take_card(g: Rules, guard):
    """Generator: the floor's top patrol card, laid face up on the discard pile (GUARD-3,
    GUARD-4); a chance event unless the players know that card (CHAR-17)."""
    s = g.s
    if not guard.deck:
        reshuffle(g, guard)
    yield from draws.patrol_top(g, guard)
    known = draws.known_after_pop(s.patrol_known[guard.floor - 1], len(guard.deck))
    deck = guard.deck
    card = deck[-1]
    guard.deck, guard.discard = deck[:-1], guard.discard + (card,)  # tuples, replaced whole
    if known != s.patrol_known[guard.floor - 1]:
        draws.set_patrol_known(s, guard.floor, known)
    return card


def draw_patrol(g: Rules, guard):
    """GUARD-3: draw a patrol card and move the die there; a card naming the guard's own
    cell means he has arrived: draw again (DEC-8)."""
    while True:
        card = yield from take_card(g, guard)
        guard.die = card
        g.note("patrol_draw", "GUARD-3", cell=card)
        if card != guard.cell:
            return
        g.note("patrol_redraw", "DEC-8", cell=card)


