"""Translations of the game's data: tiles, characters, tools, loot, events, rules, actions.

The English lives where it always did (``burgle/data/tiles.py``, ``cards.py``, the rules
specification ``docs/rules/RULES.md``, the action verbs of ``burgle/engine/actions.py``).
Each other language has one TOML file per *domain* under ``burgle/locale/<lang>/``,
keyed by the same stable keys the English uses (tile and card keys, rule ids, verbs)::

    [atrium]
    source = "1f0c2e9a7b3d"   # fingerprint of the English this was translated from
    name = "Atrio"
    text = "..."

``source`` is what makes a translation honest: when the English of an entry changes,
its fingerprint no longer matches, :func:`check` reports the entry as stale and the
lookups fall back to the current English until a translator has reviewed the entry and
re-stamped it (``burgle i18n stamp``). Rule ids, cell names and wall notation must be
the same as in the English (:mod:`burgle.i18n.invariants`).

>>> tile_name("walkway", "es"), tile_name("walkway", "ja"), tile_name("walkway", "en")
('Pasarela', '通路', 'Walkway')
>>> ability("hawk_basic", "ja")[0]
'透視'
>>> rule("GUARD-9", "ja").title
'タイブレーク：最も時計回りの経路'
>>> card_name("smoke_bomb", "es")
'Bomba de humo'
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from burgle.i18n.invariants import differences, style_problems
from burgle.i18n.languages import DEFAULT, LANGUAGES, language

SOURCE = "source"


class TranslationError(ValueError):
    """A translation file that cannot be read; names the file and what is wrong."""


# ---------------------------------------------------------------- the English of each domain

def _tiles():
    from burgle.data.tiles import TILE_TYPES

    return {t.key: {"name": t.name, "text": t.text} for t in TILE_TYPES}


def _characters():
    from burgle.data.cards import CHARACTER_NAMES, CHARACTER_SIDES

    out = {key: {"name": name} for key, name in CHARACTER_NAMES.items()}
    out.update({s.key: {"ability": s.ability, "text": s.text} for s in CHARACTER_SIDES})
    return out


def _cards(table: str):
    def english():
        from burgle.data import cards

        return {c.key: {"name": c.name, "text": c.text} for c in getattr(cards, table)}
    return english


def _rules():
    from burgle.data.rules import RULES

    return {rid: {k: v for k, v in (("title", r.title), ("summary", r.summary), ("text", r.text)) if v}
            for rid, r in RULES.items()}


_SECTION = re.compile(r"^(\d+b?)\.\s+(.*)$")


def _sections():
    from burgle.data.rules import RULES

    out = {}
    for r in RULES.values():
        m = _SECTION.match(r.section)
        if m:
            out[m.group(1)] = {"title": m.group(2)}
    return out


def _actions():
    from burgle.engine.actions import VERBS

    return {name: {"help": verb.help} for name, verb in VERBS.items()}


DOMAINS = {
    "tiles": _tiles,
    "characters": _characters,
    "tools": _cards("TOOLS"),
    "loot": _cards("LOOT"),
    "events": _cards("EVENTS"),
    "rules": _rules,
    "sections": _sections,
    "actions": _actions,
}
"""Domain -> a function giving ``{key: {field: English}}``."""


@cache
def english(domain: str) -> dict[str, dict[str, str]]:
    if domain not in DOMAINS:
        raise KeyError(f"unknown translation domain {domain!r}; known: {', '.join(DOMAINS)}")
    return DOMAINS[domain]()


def fingerprint(fields: dict[str, str]) -> str:
    """A short fingerprint of an entry's English fields (order-independent)."""
    blob = "\x1e".join(f"{k}\x1f{fields[k]}" for k in sorted(fields) if k != SOURCE)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:12]


# ---------------------------------------------------------------- reading translations

def locale_file(lang: str, domain: str):
    return resources.files("burgle").joinpath("locale", language(lang), f"{domain}.toml")


@cache
def entries(domain: str, lang: str) -> dict[str, dict[str, str]]:
    """The raw entries of *lang* for *domain* (``{}`` when the file does not exist)."""
    lang = language(lang)
    english(domain)  # a known domain
    if lang == DEFAULT:
        return {}
    path = locale_file(lang, domain)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    return parse_entries(text, f"burgle/locale/{lang}/{domain}.toml")


def parse_entries(text: str, where: str) -> dict[str, dict[str, str]]:
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise TranslationError(f"{where}: not valid TOML: {exc}") from None
    for key, fields in doc.items():
        if not isinstance(fields, dict):
            raise TranslationError(f"{where}: {key!r} must be a table ([{key}]) of text fields")
        for name, value in fields.items():
            if not isinstance(value, str):
                raise TranslationError(f"{where}: [{key}] {name} must be text, not {type(value).__name__}")
    return {key: {name: value.strip() for name, value in fields.items()} for key, fields in doc.items()}


def current(domain: str, key: str, lang: str) -> dict[str, str] | None:
    """The translated fields of an entry if it exists and was made from today's English."""
    entry = entries(domain, lang).get(key)
    source = english(domain).get(key)
    if not entry or source is None or entry.get(SOURCE) != fingerprint(source):
        return None
    return entry


def lookup(domain: str, key: str, field: str, lang: str) -> str:
    """The text of *field* of entry *key* in *lang*; the English when there is no current
    translation (missing, or made from English that has changed since)."""
    source = english(domain)[key]
    entry = current(domain, key, lang) if language(lang) != DEFAULT else None
    if entry and entry.get(field):
        return entry[field]
    return source[field]


def tile_name(key: str, lang: str) -> str:
    return lookup("tiles", key, "name", lang)


def tile_text(key: str, lang: str) -> str:
    return lookup("tiles", key, "text", lang)


def character_name(character: str, lang: str) -> str:
    return lookup("characters", character, "name", lang)


def ability(side_key: str, lang: str) -> tuple[str, str]:
    """(ability name, text) of a character side such as ``"hawk_basic"``."""
    return lookup("characters", side_key, "ability", lang), lookup("characters", side_key, "text", lang)


def _card_domain(key: str) -> str:
    for domain in ("tools", "loot", "events"):
        if key in english(domain):
            return domain
    raise KeyError(f"no tool, loot or event card has the key {key!r}")


def card_name(key: str, lang: str) -> str:
    return lookup(_card_domain(key), key, "name", lang)


def card_text(key: str, lang: str) -> str:
    return lookup(_card_domain(key), key, "text", lang)


def action_help(verb: str, lang: str) -> str:
    return lookup("actions", verb, "help", lang)


def rule(rule_id: str, lang: str):
    """The :class:`burgle.data.rules.Rule` with its title, summary, text and section in
    *lang* (English for whatever has no current translation). The id never changes."""
    from burgle.data.rules import RULES

    r = RULES[rule_id]
    if language(lang) == DEFAULT:
        return r
    m = _SECTION.match(r.section)
    section = f"{m.group(1)}. {lookup('sections', m.group(1), 'title', lang)}" if m else r.section
    fields = english("rules")[rule_id]
    return dataclasses.replace(r, section=section, **{f: lookup("rules", rule_id, f, lang) for f in fields})


# ---------------------------------------------------------------- checking and stamping

@dataclass(frozen=True)
class Problem:
    """One thing wrong with a translation: where, and what."""

    where: str  # file, relative to the repository
    key: str
    field: str
    kind: str  # missing | stale | extra | invariant | style | unused
    message: str

    def __str__(self) -> str:
        field = f" {self.field}" if self.field else ""
        return f"{self.where} [{self.key}]{field}: {self.kind}: {self.message}"


def check_entries(domain: str, lang: str, found: dict[str, dict[str, str]], where: str) -> list[Problem]:
    """Every problem of *found* (the entries of one file) against today's English."""
    problems: list[Problem] = []
    source = english(domain)
    for key, fields in source.items():
        entry = found.get(key)
        if entry is None:
            problems.append(Problem(where, key, "", "missing", "no translation"))
            continue
        print_ = fingerprint(fields)
        if entry.get(SOURCE) != print_:
            was = entry.get(SOURCE) or "nothing"
            problems.append(Problem(where, key, "", "stale", f"made from English {was}, the English is now {print_}: "
                                    f"review it against the English, then run "
                                    f"'burgle i18n stamp --lang {lang} {domain} {key}'"))
        for field, english_text in fields.items():
            text = entry.get(field, "")
            if not text:
                problems.append(Problem(where, key, field, "missing", "no translation"))
                continue
            for diff in differences(english_text, text):
                problems.append(Problem(where, key, field, "invariant", diff + " (cells, walls, rule ids and "
                                        "actions stay as in the English)"))
            for style in style_problems(lang, text):
                problems.append(Problem(where, key, field, "style", style))
        for field in sorted(set(entry) - set(fields) - {SOURCE}):
            problems.append(Problem(where, key, field, "extra", f"the English has no field {field!r}; "
                                    f"allowed: {', '.join(sorted(fields))}"))
    for key in sorted(set(found) - set(source)):
        problems.append(Problem(where, key, "", "extra", f"no {domain} entry has this key"))
    return problems


def check(lang: str, domains=None) -> list[Problem]:
    """Every problem of *lang*'s data translations (all domains unless named)."""
    lang = language(lang)
    if lang == DEFAULT:
        return []
    problems = []
    for domain in domains or DOMAINS:
        where = f"burgle/locale/{lang}/{domain}.toml"
        try:
            found = entries(domain, lang)
        except TranslationError as exc:
            problems.append(Problem(where, "", "", "unreadable", str(exc)))
            continue
        problems.extend(check_entries(domain, lang, found, where))
    return problems


_HEADER = re.compile(r'^\[\s*(?:"([^"]+)"|([A-Za-z0-9_-]+))\s*\]\s*$')
_SOURCE_LINE = re.compile(r'^source\s*=\s*"[^"]*"\s*$')


def stamp_text(text: str, prints: dict[str, str]) -> tuple[str, list[str]]:
    """*text* (a domain file) with ``source`` set to *prints[key]* for each key; also
    returns the keys stamped. Only the ``source`` line of each table changes."""
    lines = text.splitlines(keepends=True)
    out: list[str] = []
    done: list[str] = []
    key = None
    pending = None  # the key whose source line is still to be written
    for line in lines:
        m = _HEADER.match(line.strip())
        if m:
            if pending:  # a table without a source line: add one under its header
                out.insert(header_at + 1, f'{SOURCE} = "{prints[pending]}"\n')
                done.append(pending)
            key = m.group(1) or m.group(2)
            pending = key if key in prints else None
            out.append(line)
            header_at = len(out) - 1
            continue
        if pending and _SOURCE_LINE.match(line.strip()):
            out.append(f'{SOURCE} = "{prints[pending]}"\n')
            done.append(pending)
            pending = None
            continue
        out.append(line)
    if pending:
        out.insert(header_at + 1, f'{SOURCE} = "{prints[pending]}"\n')
        done.append(pending)
    return "".join(out), done


def stamp(lang: str, domain: str, keys, folder=None) -> list[str]:
    """Record that the entries *keys* of *lang*/*domain* match today's English (run it
    after reviewing them). Returns the keys stamped; unknown keys raise KeyError."""
    lang = language(lang)
    source = english(domain)
    unknown = [k for k in keys if k not in source]
    if unknown:
        raise KeyError(f"{domain} has no entries {', '.join(unknown)}")
    path = Path(folder or Path(__file__).resolve().parents[1] / "locale") / lang / f"{domain}.toml"
    text = path.read_text(encoding="utf-8")
    new, done = stamp_text(text, {k: fingerprint(source[k]) for k in keys})
    missing = sorted(set(keys) - set(done))
    if missing:
        raise KeyError(f"{path} has no table for {', '.join(missing)}: translate it first")
    path.write_text(new, encoding="utf-8")
    entries.cache_clear()
    return done


def all_languages() -> tuple[str, ...]:
    return tuple(lang for lang in LANGUAGES if lang != DEFAULT)
