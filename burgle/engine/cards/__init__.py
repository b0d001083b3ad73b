"""Card effects: characters, tools, loot and events (RULES.md section 9).

Each module owns one kind of card: ``items`` (Tool and Loot draws, loot at the start of a
turn, trades), ``tools``, ``abilities`` (character cards) and ``events``. The modules of
card *verbs* (items, tools, abilities) expose the same face: ``VERBS``, ``candidates(g,
ch)``, ``reason(g, ch, action)`` and the generator ``perform(g, ch, action)`` (returns True
when the action ends the action phase); ``verbs`` dispatches to them.
"""
