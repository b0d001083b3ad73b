"""The languages of the tutor and how a requested language is read.

>>> LANGUAGES
('en', 'es', 'ja')
>>> language("es-ES"), language("ja_JP"), language(" EN ")
('es', 'ja', 'en')
>>> language("fr")
Traceback (most recent call last):
...
burgle.i18n.languages.UnknownLanguage: unknown language 'fr'; the tutor speaks: en (English), es (Español), ja (日本語)
>>> best_language("fr", None, "ja-JP,ja;q=0.9,en;q=0.8")
'ja'
>>> best_language("fr")
'en'
"""

from __future__ import annotations

LANGUAGES: tuple[str, ...] = ("en", "es", "ja")
DEFAULT = "en"
# Each language named in itself, for the language picker.
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "es": "Español", "ja": "日本語"}


class UnknownLanguage(ValueError):
    """A language code the tutor has no translation for."""


def _base(code: str) -> str:
    return code.strip().replace("_", "-").split("-")[0].lower()


def language(code: str | None) -> str:
    """*code* as one of :data:`LANGUAGES` (``es-MX`` -> ``es``); ``None`` or ``""`` is the
    default. An unknown code raises :class:`UnknownLanguage` naming the allowed ones."""
    if code is None or not str(code).strip():
        return DEFAULT
    base = _base(str(code))
    if base not in LANGUAGES:
        allowed = ", ".join(f"{c} ({LANGUAGE_NAMES[c]})" for c in LANGUAGES)
        raise UnknownLanguage(f"unknown language {str(code).strip()!r}; the tutor speaks: {allowed}")
    return base


def best_language(*candidates: str | None) -> str:
    """The first supported language among *candidates*, in order of preference (e.g. the
    ``?lang=`` parameter, the remembered choice, the browser's Accept-Language list);
    the default when none is supported. Never raises: a bad candidate is skipped."""
    for candidate in candidates:
        if not candidate:
            continue
        for part in str(candidate).split(","):
            base = _base(part.split(";")[0])
            if base in LANGUAGES:
                return base
    return DEFAULT
