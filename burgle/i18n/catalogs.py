"""Gettext catalogs: UI strings and narration templates, one ``burgle`` domain per language.

The sources are ``burgle/locale/<lang>/LC_MESSAGES/burgle.po``, kept in git and edited by
translators; the compiled ``burgle.mo`` next to each is committed too, so that a wheel, an
editable install and Pyodide all read it with the standard library's :mod:`gettext` and
nothing else (Babel is only needed to extract, update and compile; see docs/i18n.md).
A test recompiles every ``.po`` and fails when a committed ``.mo`` differs from it.

English needs no catalog: the source strings are English.

>>> t = Translator("es")
>>> t.gettext("Next")
'Siguiente'
>>> [t.ngettext("{n} die", "{n} dice", n).format(n=n) for n in (1, 2)]
['1 dado', '2 dados']
>>> [Translator("ja").ngettext("{n} die", "{n} dice", n).format(n=n) for n in (1, 2)]
['ダイス1個', 'ダイス2個']
>>> Translator("en").ngettext("{n} die", "{n} dice", 1).format(n=1)
'1 die'
"""

from __future__ import annotations

import gettext as _gettext
from functools import cache
from importlib import resources

from burgle.data.said import N_, NC_, NP_  # noqa: F401 (the markers, defined beside Said)
from burgle.i18n.languages import DEFAULT, language

DOMAIN = "burgle"


def locale_dir():
    """The folder holding ``<lang>/LC_MESSAGES/burgle.mo`` (inside the package)."""
    return resources.files("burgle").joinpath("locale")


@cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The compiled catalog of *lang*; English (or a language whose ``.mo`` is absent) gets
    the identity translation, so every string falls back to its English source."""
    lang = language(lang)
    if lang == DEFAULT:
        return _gettext.NullTranslations()
    mo = locale_dir().joinpath(lang, "LC_MESSAGES", f"{DOMAIN}.mo")
    try:
        with mo.open("rb") as fp:
            return _gettext.GNUTranslations(fp)
    except FileNotFoundError:
        return _gettext.NullTranslations()


class Translator:
    """The gettext functions bound to one language, for code that renders text.

    The method names are the standard ones on purpose: Babel's extractor finds
    ``t.gettext("...")``, ``t._("...")``, ``t.ngettext(...)`` and ``t.pgettext(...)``.
    """

    def __init__(self, lang: str = DEFAULT):
        self.lang = language(lang)
        self._t = translations(self.lang)

    def gettext(self, message: str) -> str:
        return self._t.gettext(message)

    _ = gettext

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._t.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self._t.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._t.npgettext(context, singular, plural, n)

    def __repr__(self) -> str:
        return f"Translator({self.lang!r})"




# Babel's extraction keywords for the markers above (used by ``burgle i18n extract``).
KEYWORDS = ("N_", "NP_:1,2", "NC_:1c,2", "say", "say_n:1,2")
