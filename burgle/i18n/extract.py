"""A Babel extraction method for the engine's narration templates.

``babel.cfg`` points Babel at :func:`extract_happenings` for
``burgle/engine/happenings.py``: the templates live in a dict, not in ``_()`` calls, so
the Python extractor cannot see them. Each becomes a message with the context
``happening <kind>`` (see :mod:`burgle.i18n.happenings`), plural when it counts.
"""

from __future__ import annotations

PLACEHOLDER_NOTES = {
    "{who}": "{who}: a character's name",
    "{cell}": "{cell}: a cell name such as 2C3, or 'the roof'",
    "{floor}": "{floor}: a floor number",
    "{seat}": "{seat}: a seat number",
    "{tile}": "{tile}: a tile's name and number, e.g. 'Atrium (3)'",
    "{value}": "{value}: a number, a card name or dice",
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
