"""Translator tooling: extract, update, compile and check the gettext catalogs (needs Babel).

Nothing here runs when the tutor runs: pages read the compiled ``.mo`` files with the
standard library. Babel is a development dependency (the ``i18n`` extra).

* :func:`extract` collects every marked string and narration template into
  ``burgle/locale/burgle.pot`` and merges it into each language's ``.po`` (new messages
  empty, changed ones marked fuzzy, so they fall back to English until reviewed).
* :func:`compile_all` writes each ``.mo`` from its ``.po`` (fuzzy entries left out).
* :func:`check_catalog` lists what is missing, fuzzy, or breaks an invariant.
"""

from __future__ import annotations

import gettext as _gettext
import io
from pathlib import Path

from burgle.i18n.catalogs import DOMAIN, KEYWORDS
from burgle.i18n.data import Problem
from burgle.i18n.invariants import differences, style_problems
from burgle.i18n.languages import DEFAULT, LANGUAGES, language

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "burgle" / "locale"
MAPPING = ROOT / "babel.cfg"
COMMENT_TAGS = ("Translators:",)


def po_path(lang: str, locale_dir: Path = LOCALE) -> Path:
    return Path(locale_dir) / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str, locale_dir: Path = LOCALE) -> Path:
    return Path(locale_dir) / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def _keywords() -> dict:
    from babel.messages.extract import DEFAULT_KEYWORDS
    from babel.messages.frontend import parse_keywords

    keywords = dict(DEFAULT_KEYWORDS)
    keywords.update(parse_keywords(list(KEYWORDS)))
    return keywords


def template():
    """A fresh catalog of every message the sources hold now (not written anywhere)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with open(MAPPING, encoding="utf-8") as fp:
        method_map, options_map = parse_mapping_cfg(fp)
    catalog = Catalog(project="burgle", msgid_bugs_address="", charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, _keywords(), COMMENT_TAGS, strip_comment_tags=True):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def read(path: Path, lang: str | None = None):
    from babel.messages.pofile import read_po

    with open(path, "rb") as fp:
        return read_po(fp, locale=lang, abort_invalid=True)


def write(catalog, path: Path) -> None:
    from babel.messages.pofile import write_po

    buf = io.BytesIO()
    write_po(buf, catalog, width=100, sort_output=False, include_previous=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buf.getvalue())


def extract(locale_dir: Path = LOCALE) -> list[str]:
    """Write ``burgle.pot`` and merge it into every language's ``.po``. Returns a summary."""
    pot = template()
    write(pot, Path(locale_dir) / f"{DOMAIN}.pot")
    lines = [f"{len(pot)} messages in burgle/locale/{DOMAIN}.pot"]
    for lang in LANGUAGES:
        if lang == DEFAULT:
            continue
        path = po_path(lang, locale_dir)
        if path.exists():
            catalog = read(path, lang)
            catalog.update(pot, no_fuzzy_matching=False)
        else:
            from babel.messages.catalog import Catalog

            catalog = Catalog(locale=lang, project="burgle", charset="utf-8")
            catalog.update(pot)
        write(catalog, path)
        lines.append(f"{lang}: {_stats(catalog)}")
    return lines


def _stats(catalog) -> str:
    messages = [m for m in catalog if m.id]
    done = sum(1 for m in messages if m.string and all(m.string if isinstance(m.string, tuple) else [m.string])
               and not m.fuzzy)
    fuzzy = sum(1 for m in messages if m.fuzzy)
    return f"{done}/{len(messages)} translated, {fuzzy} fuzzy"


def mo_bytes(catalog) -> bytes:
    from babel.messages.mofile import write_mo

    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def compile_all(locale_dir: Path = LOCALE) -> list[str]:
    """Write every language's ``.mo`` from its ``.po``."""
    lines = []
    for lang in LANGUAGES:
        if lang == DEFAULT:
            continue
        catalog = read(po_path(lang, locale_dir), lang)
        mo_path(lang, locale_dir).write_bytes(mo_bytes(catalog))
        lines.append(f"{lang}: {_stats(catalog)} -> {_shown(mo_path(lang, locale_dir))}")
    return lines


def _shown(path: Path) -> str:
    """*path* relative to the repository when it is inside it."""
    path = Path(path)
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def _forms(message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple) else [message.string]


def _english(message) -> str:
    return message.id[-1] if isinstance(message.id, tuple) else message.id


def check_catalog(lang: str, locale_dir: Path = LOCALE, pot=None) -> list[Problem]:
    """Problems of *lang*'s catalog against the sources: every message extracted now must
    be translated (not fuzzy), keep its placeholders, cells and rule ids, follow the house
    style, and the committed ``.mo`` must be the compiled ``.po``."""
    lang = language(lang)
    if lang == DEFAULT:
        return []
    path = po_path(lang, locale_dir)
    where = _shown(path)
    if not path.exists():
        return [Problem(where, "", "", "missing", "no catalog: run 'burgle i18n extract'")]
    catalog = read(path, lang)
    pot = pot if pot is not None else template()
    problems = []
    for message in pot:
        if not message.id:
            continue
        name = f"{message.context} | {_english(message)}" if message.context else _english(message)
        found = catalog.get(message.id, context=message.context)
        if found is None or not any(_forms(found)):
            problems.append(Problem(where, name, "", "missing", "no translation: run 'burgle i18n extract', "
                                    "translate it in the .po, then 'burgle i18n compile'"))
            continue
        if found.fuzzy:
            problems.append(Problem(where, name, "", "stale", "marked fuzzy (the English changed): review it, "
                                    "remove the fuzzy flag, then 'burgle i18n compile'"))
        english = " ".join(message.id) if isinstance(message.id, tuple) else message.id
        if isinstance(message.id, tuple) and len(_forms(found)) != catalog.num_plurals:
            problems.append(Problem(where, name, "", "invariant", f"{len(_forms(found))} plural forms, but the "
                                    f"header's Plural-Forms ({catalog.plural_forms}) needs {catalog.num_plurals}"))
        for i, form in enumerate(_forms(found)):
            if not form:
                problems.append(Problem(where, name, f"msgstr[{i}]", "missing", "empty plural form"))
                continue
            for diff in differences(english, form):
                problems.append(Problem(where, name, f"msgstr[{i}]", "invariant", diff))
            for style in style_problems(lang, form):
                problems.append(Problem(where, name, f"msgstr[{i}]", "style", style))
    problems.extend(check_compiled(lang, catalog, locale_dir))
    return problems


def check_compiled(lang: str, catalog, locale_dir: Path = LOCALE) -> list[Problem]:
    """The committed ``.mo`` must hold exactly what compiling the ``.po`` gives."""
    path = mo_path(lang, locale_dir)
    where = _shown(path)
    if not path.exists():
        return [Problem(where, "", "", "missing", "not compiled: run 'burgle i18n compile'")]
    with open(path, "rb") as fp:
        committed = _gettext.GNUTranslations(fp)._catalog
    fresh = _gettext.GNUTranslations(io.BytesIO(mo_bytes(catalog)))._catalog
    if committed != fresh:
        return [Problem(where, "", "", "stale", "differs from the .po: run 'burgle i18n compile' and commit it")]
    return []
