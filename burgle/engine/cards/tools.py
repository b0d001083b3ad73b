"""Tools (RULES.md TOOL-1..13): each used once as a free action, then discarded."""

from __future__ import annotations

VERBS = frozenset({"use"})


def candidates(g, ch):
    return ()


def reason(g, ch, action):
    return "tool effects are not implemented yet", "ACT-13"


def perform(g, ch, action):
    yield from ()
    return False


def after_safe_roll(g, ch, safe_cell, dice):
    """TOOL-11 hook: the Stethoscope may change one die right after a roll."""
    yield from ()
    return dice
