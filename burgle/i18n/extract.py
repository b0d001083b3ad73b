"""Babel extraction methods for the engine's narration and refusal templates.

``babel.cfg`` points Babel at :func:`extract_happenings` for
``burgle/engine/happenings.py``: the templates live in a dict, not in ``_()`` calls, so
the Python extractor cannot see them. Each becomes a message with the context
``happening <kind>`` (see :mod:`burgle.i18n.happenings`), plural when it counts.
:func:`extract_refusals` does the same for ``burgle/engine/refusals.py`` (context
``refusal <key>``, see :mod:`burgle.i18n.refusals`).
"""

from __future__ import annotations

PLACEHOLDER_NOTES = {
    "{who}": "{who}: a character's name",
    "{cell}": "{cell}: a cell name such as 2C3, or 'the roof'",
    "{floor}": "{floor}: a floor number",
    "{seat}": "{seat}: a seat number",
    "{tile}": "{tile}: a tile's name and number, e.g. 'Atrium (3)'",
    "{value}": "{value}: a number, a card name or dice",
    "{from_cell}": "{from_cell}: a cell name such as 2C3",
    "{left}": "{left}: how many actions are left (a number)",
    "{count}": "{count}: a number",
    "{card}": "{card}: a card's name",
    "{verb}": "{verb}: an action's verb as typed (never translated)",
    "{help}": "{help}: what the action does (a translated phrase)",
    "{other}": "{other}: a character's name",
    "{item}": "{item}: a card key as the player typed it (never translated)",
    "{items}": "{items}: card keys (never translated)",
    "{target}": "{target}: what the tool takes as its target (a translated phrase)",
    "{ability}": "{ability}: a character ability's name",
    "{own}": "{own}: a character ability's name",
    "{owner}": "{owner}: a character's name",
    "{side}": "{side}: 'basic' or 'advanced' (translated)",
    "{other_side}": "{other_side}: 'basic' or 'advanced' (translated)",
    "{action}": "{action}: an action as typed (never translated)",
    "{last}": "{last}: the last seat number",
    "{cost}": "{cost}: a number of actions",
    "{gone}": "{gone}: a cell name the job's building does not have",
    "{job}": "{job}: the job's name (English for now)",
    "{last_cell}": "{last_cell}: the building's last cell name",
}


def extract_happenings(fileobj, keywords, comment_tags, options):
    """Yield ``(lineno, funcname, messages, comments)`` for every narration template."""
    from burgle.engine.happenings import TEMPLATES
    from burgle.i18n.happenings import COUNTED, VERBATIM, context

    source = fileobj.read().decode("utf-8")
    lines = source.splitlines()
    for kind, template in TEMPLATES.items():
        if kind in VERBATIM:
            continue
        lineno = next((i + 1 for i, line in enumerate(lines) if line.strip().startswith(f'"{kind}":')), 0)
        notes = [note for token, note in PLACEHOLDER_NOTES.items() if token in template]
        comments = ["Narration of what happened. Keep every {placeholder}; " + "; ".join(notes)]
        if kind in COUNTED:
            yield lineno, "npgettext", (context(kind), COUNTED[kind], template), comments
        else:
            yield lineno, "pgettext", (context(kind), template), comments


def extract_refusals(fileobj, keywords, comment_tags, options):
    """Yield ``(lineno, funcname, messages, comments)`` for every refusal template."""
    from burgle.engine.refusals import COUNTED, REFUSALS, TOOL_TARGETS
    from burgle.i18n.refusals import context

    lines = fileobj.read().decode("utf-8").splitlines()
    for key, template in REFUSALS.items():
        lineno = next((i + 1 for i, line in enumerate(lines) if line.strip().startswith(f'"{key}":')), 0)
        notes = [note for token, note in PLACEHOLDER_NOTES.items() if token in template]
        comments = ["Why the rules refuse an action (shown to the learner; a rule id follows it). "
                    "Keep every {placeholder}" + ("; " + "; ".join(notes) if notes else "")]
        if key in COUNTED:
            yield lineno, "npgettext", (context(key), template, template), comments
        else:
            yield lineno, "pgettext", (context(key), template), comments
    for key, phrase in TOOL_TARGETS.items():
        lineno = next((i + 1 for i, line in enumerate(lines) if line.strip().startswith(f'"{key}":')), 0)
        yield lineno, "pgettext", ("tool target", phrase), [f"What the {key} Tool takes as its target (in a refusal)"]
