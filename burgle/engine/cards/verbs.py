"""The card verbs (use, give, take, pick-up, catch-kitty and the character abilities):
which module answers which verb, and the legal ones among their candidates."""

from __future__ import annotations

from burgle.engine.cards import abilities, items, tools
from burgle.engine.context import Rules
from burgle.engine.refusals import refuse

MODULES = (items, tools, abilities)
_BY_VERB = {verb: m for m in MODULES for verb in m.VERBS}


def legal(g: Rules, ch) -> list:
    """The card actions legal now: each module's candidates that its ``reason`` passes
    (``abilities.legal`` is that filter with the checks that depend only on the verb made once)."""
    out = []
    for m in (items, tools):
        reason = m.reason
        for a in m.candidates(g, ch):
            if reason(g, ch, a) is None:
                out.append(a)
    out.extend(abilities.legal(g, ch))
    return out


def why_illegal(g: Rules, ch, action):
    m = _BY_VERB.get(action.verb)
    if m is None:
        return refuse("verb.unknown", verb=action.verb), "ACT-1"
    return m.reason(g, ch, action)


def perform(g: Rules, action):
    ch = g.active_character
    ends = yield from _BY_VERB[action.verb].perform(g, ch, action)
    return ends
