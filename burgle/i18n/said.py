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
from burgle.data.said import Said, and_list, card, character, joined, said_of, say, say_n, word

__all__ = ["Said", "and_list", "card", "character", "joined", "render", "say", "say_n", "said_of", "word"]

_LIST_SEP = NC_("list", ", ")
_LIST_LAST = NC_("list", "{rest} and {last}")
# Separators of joined parts that differ by language (Japanese: full-width; "or" is a word).
_SEPS = {"; ": NC_("separator", "; "), ", ": NC_("separator", ", "), " or ": NC_("separator", " or ")}


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
