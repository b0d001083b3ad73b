"""Events (RULES.md EVENT-0..26)."""

from __future__ import annotations

from burgle.engine.happenings import Happening

ROUND = ("gymnastics", "time_lock", "video_loop")


def draw_event(g, ch):
    """EVENT-0: draw the top Event and resolve it at once (the deck reshuffles, DEC-33)."""
    s = g.s
    if not s.event_deck:
        s.event_deck = s.event_discard
        s.event_discard = []
        s.chance.shuffle(s.event_deck)
    key = s.event_deck.pop()
    g.note(Happening("event", "TURN-4", seat=ch.seat, value=g.card_name(key)))
    effect = EFFECTS.get(key)
    if effect is not None:
        yield from effect(g, ch)
    if key in ROUND:
        s.round_effects.append((ch.seat, key))
    else:
        s.event_discard.append(key)


EFFECTS = {}
