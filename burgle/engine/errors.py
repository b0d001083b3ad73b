"""Exceptions. Every refusal names what was wrong and what is allowed."""

from __future__ import annotations


class BurgleError(ValueError):
    """Base class of every error burgle raises for bad input."""


class IllegalAction(BurgleError):
    """An action the rules forbid in this state. ``rule`` is the RULES.md id it breaks.

    The game state is left exactly as it was.
    """

    def __init__(self, action, reason: str, rule: str):
        self.action = action
        self.reason = reason
        self.rule = rule
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
        super().__init__(prefix + message)


class RulesBug(RuntimeError):
    """An internal inconsistency the rules say cannot happen (never bad input)."""
