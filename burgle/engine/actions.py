"""Actions as values with a short text form that parses back.

An action is a verb and its arguments. Cells are stored as cell numbers
(``burgle.geometry.board``), seats as integers, everything else as words.

>>> a = Action.parse("move 2C3")
>>> a
Action('move 2C3')
>>> a.verb, a.args
('move', (26,))
>>> str(Action("laser", ("quiet",)))
'laser quiet'
>>> Action.parse("mvoe 2C3")
Traceback (most recent call last):
...
burgle.engine.errors.ActionSyntaxError: unknown action 'mvoe 2C3': 'mvoe' is not a verb; accepted verbs: ...
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from burgle.geometry.board import ROOF, CellError, cell_name, parse_cell
from burgle.engine.errors import ActionSyntaxError


@dataclass(frozen=True)
class Verb:
    """How a verb is written: its argument kinds and what it does.

    Argument kinds: ``cell`` (such as 2C3), ``place`` (a cell or ``roof``), ``seat`` (a seat number 0..3), ``word``
    (one of ``words``), ``card`` (a tool or loot key), or the same with ``?`` when
    the argument may be left out.
    """

    name: str
    params: tuple[str, ...]
    help: str
    rule: str
    words: tuple[str, ...] = ()


# Choices the rules hand to players mid-resolution are verbs too (CONV-7), so they are
# listed by legal_actions() like everything else and recorded in the log.
VERBS: dict[str, Verb] = {
    v.name: v
    for v in (
        Verb("entrance", ("cell",), "choose the floor-1 entrance and reveal it", "SETUP-9"),
        Verb("move", ("cell",), "move to a linked cell (adjacent, stairs, duct, secret door, walkway down, thermal link)", "ACT-5"),
        Verb("peek", ("cell",), "reveal a face-down tile without entering it", "ACT-2"),
        Verb("hack", (), "add a hack token to the Computer Room you stand on", "ACT-9"),
        Verb("add-die", ("cell?",), "add a die to a Safe (2 actions)", "ACT-10"),
        Verb("roll", ("cell?",), "roll a Safe's dice to crack its combination (1 action)", "ACT-11"),
        Verb("escape", (), "escape from the top-floor Stairs to the roof", "ACT-15"),
        Verb("end", (), "end your action phase", "TURN-3"),
        # choices
        Verb("alarm", ("cell",), "choose which of the equally near alarms the guard heads for", "ALARM-3"),
        Verb("laser", ("word",), "on a Laser: pay 1 more action (quiet) or trigger the alarm", "TILE-12", ("quiet", "alarm")),
        Verb("deadbolt", ("word",), "a Deadbolt revealed by your move: pay 2 more actions or stay", "TILE-6", ("pay", "stay")),
        Verb("cancel-alarm", ("word",), "spend a hack token to cancel the alarm", "ALARM-2", ("computer", "laptop")),
        Verb("allow-alarm", (), "let the alarm go off (keep your hack tokens)", "ALARM-2"),
        Verb("stealth", ("word",), "pay the Stealth you lose with your own token or one lying on your tile", "END-3", ("own", "tile")),
        Verb("character", ("seat",), "choose a character (by seat)", "CONV-7"),
        Verb("cell", ("cell",), "choose a cell", "CONV-7"),
        Verb("keep", ("card",), "keep this tool (Rigger: draw 2, keep 1)", "CHAR-13"),
        Verb("draw", ("word",), "Rigger's rule: draw one tool, or two and keep one", "CHAR-13", ("one", "two")),
        Verb("order", ("word",), "choose an order", "CONV-7", ("top", "bottom")),
        Verb("events-order", ("word",), "Crystal Ball: put the looked-at Events back, new top first (2-1-3: the former second card on top)", "TOOL-3"),
        Verb("set-die", ("word", "word"), "Stethoscope: turn one rolled die showing the first face to the second face", "TOOL-11", ("1", "2", "3", "4", "5", "6")),
        Verb("keep-dice", (), "keep the Safe dice as rolled (do not use the Stethoscope)", "TOOL-11"),
        # free actions
        Verb("use", ("card", "place?"), "use a tool (free); the target is a cell, or 'roof' for a Thermal Bomb upward from the top floor", "ACT-13"),
        Verb("give", ("card", "seat"), "give a tool or loot card to a character on your tile (free)", "ACT-13"),
        Verb("take", ("card", "seat"), "take a tool or loot card from a character on your tile (free)", "ACT-13"),
        Verb("pick-up", ("card",), "pick up a card lying on your tile (free)", "ACT-13"),
        Verb("catch-kitty", (), "catch your loose Persian Kitty on your tile (free)", "LOOT-10"),
        # character abilities
        Verb("flex", ("cell",), "Acrobat: move into an adjacent guard's cell without being seen (free)", "CHAR-1"),
        Verb("climb", ("cell",), "Acrobat: climb the outside wall to the cell above or below (3 actions)", "CHAR-2"),
        Verb("laptop", (), "Hacker: put a hack token on your card (1 action)", "CHAR-4"),
        Verb("xray", ("cell",), "Hawk: peek through a wall (free, once per turn)", "CHAR-5"),
        Verb("enhance", ("cell",), "Hawk: peek up to 2 links away (free, once per turn)", "CHAR-6"),
        Verb("crybaby", ("cell",), "Juicer: trigger an alarm on an adjacent revealed tile (free)", "CHAR-7"),
        Verb("reroute", ("word",), "Juicer: take the alarm from your tile, or set it off again (free, once per turn)", "CHAR-8", ("take", "trigger")),
        Verb("distract", ("cell",), "Raven: place the crow up to 2 steps away (free)", "CHAR-11"),
        Verb("disrupt", (), "Raven: place the crow on your cell (free)", "CHAR-12"),
        Verb("tinker", (), "Rigger: pay 1 Stealth to draw a tool (free)", "CHAR-14"),
        Verb("orders", ("seat", "cell"), "Rook: move another character one move (1 action, once per turn)", "CHAR-15"),
        Verb("disguise", ("seat",), "Rook: swap places with a character (1 action, first action only)", "CHAR-16"),
        Verb("clairvoyance", (), "Spotter: look at the top patrol card of your floor (1 action, once per turn)", "CHAR-17"),
        Verb("precognition", (), "Spotter: look at the top Event (1 action, once per turn)", "CHAR-18"),
        # outcomes of chance events, when chance is explicit (burgle.engine.draws)
        Verb("patrol-card", ("cell",), "chance: the patrol card drawn or looked at", "GUARD-3"),
        Verb("event-card", ("card",), "chance: the Event drawn or looked at", "EVENT-0"),
        Verb("tool-card", ("card",), "chance: the Tool drawn", "ACT-12"),
        Verb("loot-card", ("card",), "chance: the Loot drawn", "ACT-12"),
        Verb("die", ("word",), "chance: the face a die shows", "CONV-7", ("1", "2", "3", "4", "5", "6")),
        Verb("tile", ("word", "word?"), "chance: the kind (and number) of the face-down tile being revealed", "ACT-3"),
    )
}


class Action(NamedTuple):
    """One action: a verb and its arguments (cells as numbers)."""

    verb: str
    args: tuple = ()

    def __str__(self) -> str:
        verb = VERBS.get(self.verb)
        if verb is None:
            return " ".join([self.verb, *map(str, self.args)])
        parts = [self.verb]
        for kind, value in zip(verb.params, self.args):
            kind = kind.rstrip("?")
            if kind == "place" and value >= ROOF:
                parts.append("roof")
            else:
                parts.append(cell_name(value) if kind in ("cell", "place") else str(value))
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    @property
    def text(self) -> str:
        return str(self)

    @classmethod
    def parse(cls, text: str) -> "Action":
        """Parse the text form. Raises ActionSyntaxError naming the text and the accepted forms."""
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise ActionSyntaxError(f"an action must be text such as 'move 2C3', not {type(text).__name__} (ACT-1)")
        words = text.split()
        if not words:
            raise ActionSyntaxError(f"empty action text (ACT-1): {_accepted_forms()}")
        name = words[0].lower()
        verb = VERBS.get(name)
        if verb is None:
            raise ActionSyntaxError(
                f"unknown action {text!r}: {words[0]!r} is not a verb; accepted verbs: "
                + ", ".join(VERBS) + " (ACT-1)"
            )
        given = words[1:]
        required = sum(1 for p in verb.params if not p.endswith("?"))
        if not required <= len(given) <= len(verb.params):
            raise ActionSyntaxError(
                f"malformed action {text!r}: expected {usage(verb)} ({verb.rule})"
            )
        args = []
        for kind, word in zip(verb.params, given):
            args.append(_parse_arg(kind.rstrip("?"), word, verb, text))
        return cls(name, tuple(args))


def _parse_arg(kind: str, word: str, verb: Verb, text: str):
    if kind == "place" and word.lower() == "roof":  # a cell, or the roof (TOOL-12)
        return ROOF
    if kind in ("cell", "place"):
        try:
            return parse_cell(word)
        except CellError as exc:
            raise ActionSyntaxError(f"malformed action {text!r}: {exc} ({verb.rule})") from None
    if kind == "seat":
        if word.isdigit() and 0 <= int(word) <= 3:
            return int(word)
        raise ActionSyntaxError(f"malformed action {text!r}: {word!r} is not a seat number 0-3 ({verb.rule})")
    if kind == "word":
        w = word.lower()
        if verb.words and w not in verb.words:
            raise ActionSyntaxError(
                f"malformed action {text!r}: {word!r} is not one of {', '.join(verb.words)} ({verb.rule})"
            )
        return w
    return word.lower()  # card keys are checked against the state, which knows what is held


def usage(verb: Verb) -> str:
    parts = [verb.name]
    for p in verb.params:
        kind = p.rstrip("?")
        shown = {"cell": "CELL", "place": "CELL|roof", "seat": "SEAT", "card": "CARD"}.get(kind) or "|".join(verb.words)
        parts.append(f"[{shown}]" if p.endswith("?") else shown)
    return " ".join(parts)


def _accepted_forms() -> str:
    return "accepted forms: " + "; ".join(usage(v) for v in VERBS.values())


_tuple_new = tuple.__new__


def act(verb: str, *args) -> Action:
    """Shorthand used by the engine: ``act("move", 26)``."""
    return _tuple_new(Action, (verb, args))  # = Action(verb, args), without the NamedTuple __new__ call
