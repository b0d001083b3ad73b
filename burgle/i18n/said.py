"""Sentences a model writes in English that a page can say again in the learner's language.

The explorer's and the sandbox's models answer in English sentences (their tests, docs
and notebooks read them). A :class:`Said` is such a sentence: a ``str`` holding exactly
that English, which also keeps the gettext message it was made from and its parameters,
so a page renders it in any language with :func:`render` (the same idea as the engine's
:class:`~burgle.engine.errors.Refusal`). Parameters are cell names and numbers (the same
in every language) or other :class:`Said` (rendered too).

>>> s = say("Guard on {cell}.", cell="C3")
>>> s, render(s, "es"), render(s, "ja")
('Guard on C3.', 'Guardia en C3.', '警備員をC3に置きました。')
>>> n = say_n("{n} step", "{n} steps", 2)
>>> render(joined(s, say("Route: {steps}.", steps=n)), "en")
'Guard on C3. Route: 2 steps.'
>>> render(and_list(["A1", "B2", "C3"]), "es"), render(and_list(["A1", "B2"]), "ja")
('A1, B2 y C3', 'A1とB2')

Messages are marked for Babel's extractor by the keywords ``say`` and ``say_n:1,2``
(:data:`burgle.i18n.catalogs.KEYWORDS`). A translation whose placeholders do not fit
(a broken catalog entry) shows the English rather than failing.
"""

from __future__ import annotations

from burgle.i18n.catalogs import NC_, Translator
from burgle.i18n.languages import DEFAULT

__all__ = ["Said", "and_list", "card", "character", "joined", "render", "say", "say_n", "said_of", "word"]

_LIST_SEP = NC_("list", ", ")
_LIST_LAST = NC_("list", "{rest} and {last}")
# Separators of joined parts that differ by language (Japanese: full-width; "or" is a word).
_SEPS = {"; ": NC_("separator", "; "), ", ": NC_("separator", ", "), " or ": NC_("separator", " or ")}


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


def render(text, lang_or_t=DEFAULT) -> str:
    """*text* in the language (a language code or a :class:`Translator`); plain ``str``
    stays as it is."""
    if not isinstance(text, Said):
        return "" if text is None else str(text)
    t = lang_or_t if isinstance(lang_or_t, Translator) else Translator(lang_or_t)
    if t.lang == DEFAULT:
        return str(text)
    try:
        return _render(text, t)
    except (KeyError, IndexError, ValueError):  # a broken translation: the English, never an error
        return str(text)


def _render(text, t: Translator) -> str:
    if not isinstance(text, Said):
        if getattr(text, "key", None) is not None and isinstance(text, str):  # the engine's Refusal
            from burgle.i18n.refusals import explain

            return explain(text, t.lang)
        return str(text)
    if text.message is not None:
        template = (t.ngettext(text.message, text.plural, text.n) if text.plural is not None
                    else t.gettext(text.message))
        return template.format(**{k: _render(v, t) for k, v in text.params.items()})
    if text.sep == "character":
        from burgle.i18n.data import character_name

        return character_name(text.params["key"], t.lang)
    if text.sep == "card":
        from burgle.i18n.data import card_name

        return card_name(text.params["key"], t.lang)
    if text.sep == "word":
        return t.pgettext(text.params["context"], str(text))
    parts = [_render(i, t) for i in text.items]
    if text.sep is None:  # a list: A, B and C
        if len(parts) <= 1:
            return "".join(parts)
        return t.pgettext(*_LIST_LAST).format(rest=t.pgettext(*_LIST_SEP).join(parts[:-1]), last=parts[-1])
    sep = ("" if t.lang == "ja" and text.sep == " " else
           t.pgettext(*_SEPS[text.sep]) if text.sep in _SEPS else text.sep)
    return sep.join(parts)
