"""Seats in turn order (RULES.md TURN-1, DEC-31)."""

from __future__ import annotations


from burgle.engine.context import Rules

def next_seat(g: Rules, seat: int) -> int:
    """TURN-1 / DEC-31: the next seat whose character has not escaped (maybe itself)."""
    chars = g.s.characters
    n = len(chars)
    for k in range(1, n + 1):
        cand = (seat + k) % n
        if not chars[cand].escaped:
            return cand
    return seat


def previous_seat(g: Rules, seat: int) -> int:
    """TURN-1: the player on your right."""
    chars = g.s.characters
    n = len(chars)
    for k in range(1, n + 1):
        cand = (seat - k) % n
        if not chars[cand].escaped:
            return cand
    return seat
