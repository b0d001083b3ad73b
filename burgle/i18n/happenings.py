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
``alarm_cancelled`` and ``guard_stays``): each such sentence has a template in
:data:`SENTENCES`, matched against the English and said again in the language with its
names translated (until the engine gives them keys and parameters, docs/i18n.md).

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
from burgle.i18n.catalogs import N_, Translator

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

# The whole English sentences the engine writes as a value (``card``, ``event_effect``) or as
# a reason (``alarm_cancelled``, ``guard_stays``), as templates: :func:`narrate` finds the one
# that reads exactly as the sentence and says it in the language. Placeholders by name:
# ``who``/``other`` a character, ``card`` a card, ``cards`` a list of cards (", "), ``tile``
# a tile, ``ability`` an ability's name; anything else (cells, numbers) stays as written. A
# sentence no template matches is shown in English (tests/test_i18n_happenings.py plays
# every Event, Tool and ability and checks that each one they write has a template).
SENTENCES = (
    # Tools (burgle/engine/cards/tools.py)
    N_("{who} puts the Donuts under the floor {floor} guard on {cell}."),
    N_("{who} uses the Blueprints on {cell}."),
    N_("{who} puts the crowbar token on {cell} ({tile}): it is disabled for good."),
    N_("{who} blows up the wall between {cell} and {cell2}."),
    N_("{who} sets off the E.M.P.: no alarm can be triggered until {who}'s next turn."),
    N_("{who} puts on the Invisible Suit: +1 action, and unseen on arrival for the rest of this action phase."),
    N_("{who} uses the Makeup Kit."),
    N_("{who} puts on the Rollerskates: +2 actions this turn."),
    N_("{who} sets off the Smoke Bomb: 3 Stealth tokens lie on {cell}."),
    N_("{who} burns a thermal link between {cell} and {cell2}."),
    N_("{who} infects {cell} with the Virus: {n} hack tokens now."),
    N_("{who} looks into the Crystal Ball: {cards} (top first)."),
    N_("The Events go back in the order {cards} (top first)."),
    N_("{who} uses the Stethoscope: a {old} becomes a {new}; the dice are {dice}."),
    # abilities (burgle/engine/cards/abilities.py)
    N_("{who} slips into the guard's cell {cell} ({ability})."),
    N_("{who} climbs the outside wall toward {cell} ({ability})."),
    N_("{who} puts a hack token on the Laptop."),
    N_("{who} cries out next to {cell} ({ability})."),
    N_("{who} sends the crow to {cell} ({ability})."),
    N_("{who} puts the crow on {cell} ({ability})."),
    N_("{who} orders {other} to {cell} ({ability})."),
    N_("{who} takes the alarm token from {cell} ({ability})."),
    N_("{who} sets the held alarm off on {cell} ({ability})."),
    N_("{who} swaps places with {other} ({ability})."),
    N_("{who} looks at the top Event: {card}."),
    N_("{who} leaves the Event {card} on top of the Event deck."),
    N_("{who} puts the Event {card} at the bottom of the Event deck."),
    N_("{who} looks at the top patrol card of floor {floor}: {cell}."),
    N_("{who} leaves the patrol card {cell} on top of the floor {floor} deck."),
    N_("{who} puts the patrol card {cell} at the bottom of the floor {floor} deck."),
    N_("The elevator reaches the roof but the team cannot escape yet: {why}."),
    # Events (burgle/engine/cards/events.py)
    N_("The floor {floor} guard rushes to the alarm on {cell}."),
    N_("The floor {floor} guard moves 1 less this turn."),
    N_("The floor {floor} guard moves 1 more this turn."),
    N_("The Freight Elevator takes {who} to the roof."),
    N_("Until your next turn the others may climb from below onto a revealed Walkway."),
    N_("{who} will have 1 more action next turn."),
    N_("{who} will skip the next turn."),
    N_("The floor {floor} guard stays; the guards of the other floors move instead."),
    N_("The floor {floor} guard hears a squeak and steps toward {who}."),
    N_("Until your next turn no one may use Stairs, the roof or thermal links."),
    N_("Until your next turn Cameras trigger no alarms."),
    N_("Your floor has an alarm token: nothing happens."),
    N_("There is no alarm token to remove."),
    N_("No other character can be brought here: nothing happens."),
    N_("The guard already stands on your tile: he has arrived."),
    N_("There is no one on your right: nothing happens."),
    N_("{who} hands {cards} to {other}."),
    N_("{who} has nothing to hand over."),
    N_("No face-down tile is adjacent: nothing happens."),
    N_("There is no floor below: nothing happens."),
    N_("No face-down tile is in reach: nothing happens."),
    N_("No Laboratory has been looted: nothing happens."),
    N_("The guard already stands on a character's cell: he stays."),
    N_("The Event deck is empty: {n} discarded Events are shuffled into a new deck."),
    N_("The Keypad on {cell} locks again."),
    N_("The Computer Room on {cell} now holds 1 hack token."),
    # Loot and cards on the board (burgle/engine/cards/items.py)
    N_("The Persian Kitty gets loose and runs to {cell}."),
    N_("The Chihuahua rolls {n}."),
    N_("The Persian Kitty rolls {n}."),
    N_("The Kitty stays: no alarm tile on this floor."),
    N_("The second Gold Bar is laid on {cell}."),
    N_("{who} picks up {card}."),
    N_("{who} catches the Persian Kitty."),
    # why an alarm does not go off (burgle/engine/alarms.py) or a guard stays (guards.py)
    N_("an E.M.P. is active (TOOL-6)"),
    N_("the tile is disabled by the Crowbar (TOOL-2)"),
    N_("the Hacker's Jammer blocks it (CHAR-3)"),
    N_("the guard stands on that tile (ALARM-2)"),
    N_("the tile already has an alarm token (DEC-17)"),
    N_("Video Loop is active (EVENT-25)"),
    N_("the Mirror's holder never triggers Lasers (LOOT-8)"),
    N_("the Invisible Suit hides its wearer (TOOL-7)"),
    N_("he eats the Donuts"),
    N_("the crow disrupts him"),
    # why a game ended (Game.s.outcome_reason)
    N_("every character escaped"),
    N_("{who} was captured on {cell}"),
)
# The prompts of the choices the engine asks the players (``Game.pending.prompt``).
PROMPTS = (
    N_("The Deadbolt on {cell}: pay 2 more actions or stay?"),
    N_("The Laser on {cell}: pay 1 more action or trigger it?"),
    N_("A {kind} alarm is about to go off on {cell}: spend a hack token?"),
    N_("{who} loses 1 Stealth: pay with your own token or one on {cell}?"),
    N_("Crystal Ball: the top Events are {cards}. Put them back in which order (new top first)?"),
    N_("{who} rolled {dice} on {cell}: use the Stethoscope to turn one die to another face (set-die FROM TO), or keep "
       "the dice?"),
    N_("The floor {floor} guard is equally near the alarms on {cells}: which does he head for?"),
    N_("The floor {floor} guard is equally near the alarms on {cells}: which one does he go to?"),
    N_("Buddy System: which character comes to {cell}?"),
    N_("Go With Your Gut: move into which face-down tile?"),
    N_("Peekhole: peek at which tile?"),
    N_("Squeak! The guard hears equally near characters: toward whom?"),
    N_("Throw Voice: move the floor {floor} die from {cell} to?"),
    N_("{ability}: the top Event is {card}. Leave it on top or put it at the bottom?"),
    N_("{ability}: the top patrol card of floor {floor} is {cell}. Leave it on top or put it at the bottom?"),
    N_("{who}'s rule: draw one tool, or draw two and keep one?"),
    N_("Keep which tool? {card} or {card2}"),
    N_("The Kitty runs for the nearest alarm tile: which one?"),
    N_("Shift Change: which guard moves next?"),
)
SENTENCE_KINDS = frozenset({"card", "event_effect", "alarm_cancelled", "guard_stays"})
_FIELD = re.compile(r"\{(\w+)\}")


def _pattern(template: str) -> re.Pattern:
    out, seen, at = [], set(), 0
    for m in _FIELD.finditer(template):
        out.append(re.escape(template[at:m.start()]))
        name = m.group(1)
        out.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
        seen.add(name)
        at = m.end()
    out.append(re.escape(template[at:]))
    return re.compile("".join(out))


_PATTERNS = tuple((_pattern(t), t) for t in SENTENCES + PROMPTS)
N_("{text} ({rule})")
_RULE_TAIL = re.compile(r"(?P<text>.*) \((?P<rule>[A-Z]+-\d+[a-z]?)\)")


def say_words(text: str, lang: str) -> str:
    """A sentence or a choice's prompt of the engine in *lang* (see :data:`SENTENCES`,
    :data:`PROMPTS`), also with a rule id after it in brackets; unchanged when unknown."""
    t = Translator(lang)
    if t.lang == "en" or not text:
        return text
    said = say_sentence(text, t)
    if said != text:
        return said
    m = _RULE_TAIL.fullmatch(text)
    if m and sentence_template(m["text"]):
        return t.gettext("{text} ({rule})").format(text=say_sentence(m["text"], t), rule=m["rule"])
    return text


def sentence_template(text: str):
    """The template of :data:`SENTENCES` that reads exactly as *text*, and its fields; or None."""
    for rx, template in _PATTERNS:
        m = rx.fullmatch(text)
        if m:
            return template, m.groupdict()
    return None


def _field(name: str, value: str, t: Translator) -> str:
    if name in ("who", "other"):
        key = _names("characters").get(value)
        return data.character_name(key, t.lang) if key else value
    if name in ("card", "card2"):
        return _card(value, t.lang)
    if name == "cards":
        sep = t.pgettext("separator", ", ")
        return sep.join(_numbered_card(v, t.lang) for v in value.split(", "))
    if name == "kind":  # an alarm tile's kind: fingerprint, laser, motion...
        return data.tile_name(value, t.lang) if value in data.english("tiles") else value
    if name == "tile":
        return _tile(value, t) or value
    if name == "ability":
        key = _names("characters", "ability").get(value)
        return data.ability(key, t.lang)[0] if key else value
    return value


def _numbered_card(text: str, lang: str) -> str:
    m = re.fullmatch(r"(\d+\. )?(.+)", text)
    return (m.group(1) or "") + _card(m.group(2), lang)


def say_sentence(text: str, t: Translator) -> str:
    """An English sentence of the engine (see :data:`SENTENCES`) in the language; unchanged
    when no template reads as it (or the translation is broken)."""
    found = sentence_template(text)
    if found is None:
        return text
    template, fields = found
    try:
        return t.gettext(template).format(**{k: _field(k, v, t) for k, v in fields.items()})
    except (KeyError, IndexError, ValueError):
        return text


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
    if h.kind in SENTENCE_KINDS and isinstance(value, str):
        return say_sentence(value, t)
    if isinstance(value, str):
        return _card(value, t.lang)
    return str(value)


def narrate(h: Happening, lang: str) -> str:
    """The text of happening *h* in *lang* (cell names stay as they are)."""
    t = Translator(lang)
    if h.kind in VERBATIM and isinstance(h.value, str) and t.lang != "en":
        return say_sentence(h.value, t)
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
