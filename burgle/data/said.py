"""Sentences in English that know the message they were made from: :class:`Said`.

The value half of :mod:`burgle.i18n.said`, kept in the lowest layer so that the geometry,
the engine and the job data can raise errors a page says again in the learner's language
without importing anything above them (docs/architecture.md: nothing lower imports
anything higher). Saying a :class:`Said` in a language (:func:`burgle.i18n.said.render`)
needs the catalogs and lives in :mod:`burgle.i18n`.

>>> s = say("Guard on {cell}.", cell="C3")
>>> s, s.message, s.params
('Guard on C3.', 'Guard on {cell}.', {'cell': 'C3'})
"""

from __future__ import annotations

__all__ = ["N_", "NC_", "NP_", "Said", "and_list", "card", "character", "joined", "say", "say_n", "said_of", "word"]


class Said(str):
    """English text (the ``str`` itself) that knows its message and parameters.

    A leaf has ``message`` (and ``plural``/``n`` for a counted message) and ``params``;
    a join has ``items`` and ``sep``; a list (``and_list``) has ``items`` and ``sep=None``."""

    message: str | None
    plural: str | None
    n: int | None
    params: dict
    items: tuple
    sep: str | None

    def __new__(cls, english: str, message=None, plural=None, n=None, params=None, items=(), sep=" "):
        obj = super().__new__(cls, english)
        obj.message, obj.plural, obj.n = message, plural, n
        obj.params, obj.items, obj.sep = dict(params or {}), tuple(items), sep
        return obj

    def __reduce__(self):
        return (Said, (str(self), self.message, self.plural, self.n, self.params, self.items, self.sep))


def _english(message: str, params: dict) -> str:
    return message.format(**{k: str(v) for k, v in params.items()})


def say(message: str, /, **params) -> Said:
    """*message* (English, with ``{named}`` placeholders) filled with *params*."""
    return Said(_english(message, params), message=message, params=params)


def say_n(singular: str, plural: str, n: int, /, **params) -> Said:
    """A counted message: *singular* or *plural* by *n* (``{n}`` is filled too)."""
    params = {"n": n, **params}
    return Said(_english(singular if n == 1 else plural, params), message=singular, plural=plural, n=n,
                params=params)


def joined(*texts, sep: str = " ") -> Said:
    """Several sentences (``Said`` or plain) one after the other; empty ones are left out.
    Japanese joins sentences without a space."""
    items = tuple(t for t in texts if t)
    return Said(sep.join(str(t) for t in items), items=items, sep=sep)


def and_list(items) -> Said:
    """``A1, B2 and C3`` in the language (``A1、B2 と C3``)."""
    items = tuple(items)
    english = items[0] if len(items) == 1 else (", ".join(str(i) for i in items[:-1]) + " and " + str(items[-1])
                                                 if items else "")
    return Said(str(english), items=items, sep=None)


def character(key: str) -> Said:
    """A character's name (``hawk``: ``Hawk``, ``Halcón``, ``ホーク``) from the data translations."""
    from burgle.data.cards import CHARACTER_NAMES

    return Said(CHARACTER_NAMES.get(key, key), params={"key": key}, sep="character")


def card(key: str, english: str | None = None) -> Said:
    """A card's name (a tool, loot or event key: ``smoke_bomb``) from the data translations;
    the English is *english* (the key itself unless given, as the bots write it)."""
    return Said(key if english is None else english, params={"key": key}, sep="card")


def word(context: str, english: str) -> Said:
    """A word the engine writes (``won``) said through the catalog message ``(context,
    english)``, which the caller marks with ``NC_``."""
    return Said(english, params={"context": context}, sep="word")


def said_of(exc: BaseException):
    """The message of an exception raised with a :class:`Said` (else its English text)."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, Said) else str(exc)


# Markers for Babel's extractor (burgle.i18n.catalogs.KEYWORDS): a message is translated
# where it is shown, by a page.


def N_(message: str) -> str:
    """Mark a string for extraction without translating it now (module-level labels);
    translate it where it is shown: ``t.gettext(LABEL)``."""
    return message


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural pair for extraction; translate it where shown:
    ``t.ngettext(*PAIR, n).format(n=n)``."""
    return singular, plural


def NC_(context: str, message: str) -> tuple[str, str]:
    """Mark a message with a context for extraction; translate it where shown:
    ``t.pgettext(*PAIR)``."""
    return context, message
