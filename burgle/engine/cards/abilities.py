"""Character abilities that are actions (RULES.md CHAR-1..18). Passive abilities are
checked where their rule acts (Jammer in alarms, Steady Hands in rolls, ...)."""

from __future__ import annotations

VERBS = frozenset({
    "flex", "climb", "laptop", "xray", "enhance", "crybaby", "reroute", "distract",
    "disrupt", "tinker", "orders", "disguise", "clairvoyance", "precognition",
})


def candidates(g, ch):
    return ()


def reason(g, ch, action):
    return "character abilities are not implemented yet", "ACT-14"


def perform(g, ch, action):
    yield from ()
    return False
