"""Card effects: characters, tools, loot and events (RULES.md section 9).

The core rules call into this package through a small set of hooks; each module
below owns one kind of card and exposes the same face for its verbs:
``VERBS``, ``candidates(g, ch)``, ``reason(g, ch, action)`` and the generator
``perform(g, ch, action)`` (returns True when the action ends the action phase).
"""

from __future__ import annotations

from burgle.engine.cards import abilities, events, items, tools

MODULES = (items, tools, abilities)
_BY_VERB = {verb: m for m in MODULES for verb in m.VERBS}

draw_tool = items.draw_tool
draw_loot = items.draw_loot
start_of_turn_loot = items.start_of_turn_loot
draw_event = events.draw_event
after_safe_roll = tools.after_safe_roll


def legal(g, ch) -> list:
    out = []
    for m in MODULES:
        for a in m.candidates(g, ch):
            if m.reason(g, ch, a) is None:
                out.append(a)
    return out


def why_illegal(g, ch, action):
    m = _BY_VERB.get(action.verb)
    if m is None:
        return f"{action.verb!r} is not an action of this game", "ACT-1"
    return m.reason(g, ch, action)


def perform(g, action):
    ch = g.active_character
    ends = yield from _BY_VERB[action.verb].perform(g, ch, action)
    return ends
