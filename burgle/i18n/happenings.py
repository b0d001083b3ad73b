"""The narration of what happened (the engine's happenings), in the learner's language.

The engine writes each kind of happening from one English template
(:data:`burgle.engine.happenings.TEMPLATES`); those templates are the ``msgid`` of
the gettext catalog, each with the context ``happening <kind>``, so a translator sees
the English next to the translation and an English change shows up as a new message.
A template whose ``{value}`` counts something also has an English singular here
(:data:`COUNTED`), so that "1 action" and "2 actions" each read right in every language.

Names in the fields (the character in ``{who}``, the tile in ``{tile}``, the card in
``{value}``) are translated from the data translations. Some happenings carry a whole
English sentence as their value (``card``, ``event_effect``, the reason of
``alarm_cancelled`` and ``guard_stays``): those stay English until the engine gives them
templates with parameters (docs/i18n.md, "Refusals and narration").

>>> from burgle.engine.happenings import Happening
>>> h = Happening("guard_step", "GUARD-7", cell=17, value=2)
>>> narrate(h, "es")
'El guardia de la planta 2 avanza a 2B1 (le quedan 2 PM).'
>>> narrate(h, "ja")
'フロア2の警備員が2B1へ進みます（残り2MP）。'
>>> narrate(Happening("allowance", "TURN-2", seat=0, value=1, who="Hawk"), "en")
'Hawk has 1 action this turn.'
>>> narrate(Happening("peek", "ACT-2", cell=5, seat=0, who="Hawk", tile="Atrium (3)"), "es")
'Halcón se asoma a 1B2: Atrio (3).'
"""

from __future__ import annotations

import re

from burgle.engine.happenings import TEMPLATES, Happening
from burgle.geometry.board import cell_name, floor_of
from burgle.i18n import data
from burgle.i18n.catalogs import Translator

ROOF = 48

# English singular of every template whose {value} is a count (the engine's template is the
# plural). Kept next to the engine's plural by a test; see docs/i18n.md for moving it there.
COUNTED: dict[str, str] = {
    "allowance": "{who} has {value} action this turn.",
    "spent": "{who} has spent {value} action.",
    "stealth_lost": "{who} loses 1 Stealth ({value} left).",
    "safe_die": "{who} adds a die to the Safe on {cell} ({value} die).",
    "guard_moves": "Guard of floor {floor} moves with {value} MP.",
    "guard_step": "Guard of floor {floor} steps to {cell} ({value} MP left).",
    "crow_cost": "The crow on {cell} costs the guard 1 more MP ({value} left).",
    "hack": "{who} adds a hack token to {cell} ({value} now).",
}

# Templates that are only "{value}": the value is an English sentence; nothing to translate.
VERBATIM = frozenset(kind for kind, template in TEMPLATES.items() if template.strip() == "{value}")

# Field values the engine writes as fixed English words: translated with these contexts.
WORD_CONTEXT = {"alarm_hacked": "hack token source"}

_TILE = re.compile(r"^(?P<name>.+?)(?: \((?P<number>\d)\))?$")


def context(kind: str) -> str:
    """The gettext context of a happening kind's template."""
    return f"happening {kind}"


def _names(domain: str, field: str = "name") -> dict[str, str]:
    return {fields[field]: key for key, fields in data.english(domain).items() if field in fields}


def _who(h: Happening, t: Translator) -> str:
    if h.who:
        key = _names("characters").get(h.who)
        return data.character_name(key, t.lang) if key else h.who
    if h.seat is not None:
        return t.gettext("seat {seat}").format(seat=h.seat)
    return t.gettext("someone")


def _tile(text: str | None, t: Translator) -> str | None:
    if text is None:
        return None
    if text == "face down":
        return t.pgettext("tile", "face down")
    m = _TILE.match(text)
    key = _names("tiles").get(m.group("name")) if m else None
    if not key:
        return text
    name = data.tile_name(key, t.lang)
    return f"{name} ({m.group('number')})" if m.group("number") else name


def _card(text: str, lang: str) -> str:
    for domain in ("tools", "loot", "events"):
        key = _names(domain).get(text)
        if key:
            return data.card_name(key, lang)
    return text


def _value(h: Happening, t: Translator) -> str:
    value = h.value
    if isinstance(value, (list, tuple)):
        return ("、" if t.lang == "ja" else ", ").join(map(str, value))
    if h.kind in WORD_CONTEXT and isinstance(value, str):
        return t.pgettext(WORD_CONTEXT[h.kind], value)
    if isinstance(value, str):
        return _card(value, t.lang)
    return str(value)


def narrate(h: Happening, lang: str) -> str:
    """The text of happening *h* in *lang* (cell names stay as they are)."""
    t = Translator(lang)
    if h.kind not in TEMPLATES or h.kind in VERBATIM:
        return h.text
    if h.kind in COUNTED and isinstance(h.value, int):
        template = t.npgettext(context(h.kind), COUNTED[h.kind], TEMPLATES[h.kind], h.value)
    else:
        template = t.pgettext(context(h.kind), TEMPLATES[h.kind])
    if h.cell is None:
        cell = "?"
    elif h.cell >= ROOF:
        cell = t.pgettext("place", "the roof")
    else:
        cell = cell_name(h.cell)
    return template.format(
        kind=h.kind,
        cell=cell,
        floor=floor_of(h.cell) if h.cell is not None and h.cell < ROOF else "?",
        seat=h.seat,
        value=_value(h, t),
        who=_who(h, t),
        tile=_tile(h.tile, t),
    )
