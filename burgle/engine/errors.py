"""Exceptions. Every refusal names what was wrong and what is allowed."""

from __future__ import annotations

from burgle.data.said import joined, say


class BurgleError(ValueError):
    """Base class of every error burgle raises for bad input."""


class Refusal(str):
    """A refusal reason: its English text (it *is* the string, so every use of a reason as
    text reads as before) plus what a page needs to say it in another language: ``key``,
    the template's name in :data:`burgle.engine.refusals.REFUSALS`, and ``params``, typed
    values (cell numbers, character keys, counts), never pre-rendered words.

    Made by :func:`burgle.engine.refusals.refuse`; ``burgle.i18n.explain`` renders it in
    a language."""

    __slots__ = ("key", "params")
    key: str
    params: dict

    def __new__(cls, text: str, key: str, params: dict):
        self = super().__new__(cls, text)
        self.key = key
        self.params = params
        return self

    def __reduce__(self):
        return (Refusal, (str(self), self.key, self.params))


class IllegalAction(BurgleError):
    """An action the rules forbid in this state. ``rule`` is the RULES.md id it breaks.

    ``key`` and ``params`` name the refusal's template and its typed parameters when the
    reason is a :class:`Refusal` (``key`` is None for a reason with no template yet: the
    pages then show the English ``reason``). The message stays English, for developers.

    The game state is left exactly as it was.
    """

    def __init__(self, action, reason: str, rule: str):
        self.action = action
        self.reason = reason
        self.rule = rule
        self.key = getattr(reason, "key", None)
        self.params = dict(getattr(reason, "params", None) or {})
        super().__init__(f"illegal action {str(action)!r}: {reason} ({rule})")


class ActionSyntaxError(BurgleError):
    """Action text that does not parse; names the text and the accepted forms."""


class ScenarioError(BurgleError):
    """A scenario or save document that cannot be loaded; names the field or line at fault."""

    def __init__(self, message: str, field: str | None = None, line: int | None = None,
                 source: str | None = None):
        self.field = field
        self.line = line
        self.source = source
        where = []
        if source:
            where.append(str(source))
        if line is not None:
            where.append(f"line {line}")
        if field:
            where.append(f"field {field!r}")
        prefix = (", ".join(where) + ": ") if where else ""
        self.reason = message  # without the place; a Said when made with say() (a page translates it)
        if where and hasattr(message, "params"):  # a Said: the whole message as a Said too
            parts = [str(source)] if source else []
            parts += [say("line {line}", line=line)] if line is not None else []
            parts += [say("field {field}", field=repr(field))] if field else []
            message = say("{where}: {why}", where=joined(*parts, sep=", "), why=message)
            super().__init__(message)
        else:
            super().__init__(prefix + message if prefix else message)




class RulesBug(RuntimeError):
    """An internal inconsistency the rules say cannot happen (never bad input)."""
