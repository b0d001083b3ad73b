"""The tutor in English, Spanish and Japanese (docs/i18n.md).

Three kinds of translation, each where its kind of text lives:

* UI strings and narration templates: gettext catalogs (``burgle/locale/<lang>/LC_MESSAGES``),
  through a :class:`Translator`; code marks strings with ``t.gettext``/``t.ngettext`` or
  the markers :func:`N_`, :func:`NP_`, :func:`NC_` (see :mod:`burgle.i18n.words`).
* Game data (tiles, characters, cards, rules, action help): TOML files keyed by the
  data's own keys (``burgle/locale/<lang>/<domain>.toml``), read by :mod:`burgle.i18n.data`.
* Lessons: one file per lesson and language, keyed by step (``tutorials/<lang>/``), read
  by :mod:`burgle.lessons.translations`.

Cell names (``2C3``), action texts (``move 1B2``) and rule ids (``GUARD-9``) are the same
in every language.

>>> from burgle.i18n import Translator, tile_name
>>> Translator("ja").gettext("Next"), tile_name("safe", "ja")
('次へ', '金庫')
"""

from burgle.i18n.catalogs import KEYWORDS, N_, NC_, NP_, Translator, translations
from burgle.i18n.data import (
    TranslationError,
    ability,
    action_help,
    card_name,
    card_text,
    character_name,
    rule,
    tile_name,
    tile_text,
)
from burgle.i18n.languages import DEFAULT, LANGUAGE_NAMES, LANGUAGES, UnknownLanguage, best_language, language

__all__ = [
    "DEFAULT", "KEYWORDS", "LANGUAGES", "LANGUAGE_NAMES", "N_", "NC_", "NP_", "TranslationError", "Translator",
    "UnknownLanguage", "ability", "action_help", "best_language", "card_name", "card_text", "character_name",
    "language", "rule", "tile_name", "tile_text", "translations",
]
