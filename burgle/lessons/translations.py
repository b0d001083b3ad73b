"""Lessons in other languages: one file per lesson and language, keyed by step.

``tutorials/<lang>/<lesson id>.toml`` holds the learner-facing texts of one lesson in one
language; everything else (scenario, expected actions, claims, highlights, rule ids)
stays in the English lesson and is never repeated. Which texts exist is decided by the
English lesson alone (:meth:`burgle.lessons.model.Lesson.texts`), so a new kind of text
in the lesson model is required of translations at once. See docs/lesson-format.md,
"Translations".

Each step table, and the lesson's own title/summary/part, records in ``source`` the
fingerprint of the English it was translated from. When LESSONS rewrites a step, the
fingerprint no longer matches: :func:`check_translation` reports the step stale and
:func:`localize` shows that step in English until a translator has updated it and run
``burgle lessons stamp``.

>>> from burgle.lessons import load_all
>>> first = next(l for l in load_all() if l.id == "01-first-steps")
>>> localize(first, "ja").steps[1].expect == first.steps[1].expect
True
>>> localize(first, "es").steps[1].other
"Primero asómate a 1B2: elige 'peek 1B2'."
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from burgle.i18n.data import fingerprint
from burgle.i18n.invariants import differences, style_problems
from burgle.i18n.languages import DEFAULT, LANGUAGES, language
from burgle.lessons.model import Lesson, lessons_dir

LESSON_TEXT_FIELDS = ("title", "summary", "part")
STEP_TEXT_FIELDS = ("text", "right", "other", "after")
PREDICT_TEXT_FIELDS = ("question", "right", "wrong")
SOURCE = "source"


class TranslationFileError(ValueError):
    """A lesson translation file that cannot be read; names the file and the problem."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a lesson's translation."""

    lesson: str
    lang: str
    step: str  # '' for the lesson's own texts
    kind: str  # missing | stale | invariant | extra | style | unreadable
    message: str
    field: str = ""

    def __str__(self) -> str:
        where = f"lesson {self.lesson!r} ({self.lang})" + (f", step {self.step!r}" if self.step else "")
        field = f" {self.field}" if self.field else ""
        return f"{where}{field}: {self.kind}: {self.message}"


def translation_path(lesson_id: str, lang: str, folder=None) -> Path:
    return Path(folder or lessons_dir()) / language(lang) / f"{lesson_id}.toml"


# ---------------------------------------------------------------- the English, grouped

def english_groups(lesson: Lesson) -> dict[str, dict[str, str]]:
    """The lesson's texts grouped as a translation file groups them: ``""`` (title,
    summary, part) and one group per step key; within a group, keys relative to it
    (``text``, ``wrong.move 1B2``, ``predict.question``, ``predict.choices.0``)."""
    groups: dict[str, dict[str, str]] = {"": {}}
    steps = {s.key for s in lesson.steps}
    prefix = f"{lesson.id}."
    for key, text in lesson.texts().items():
        rest = key[len(prefix):]
        head, _, tail = rest.partition(".")
        if head in steps and tail:
            groups.setdefault(head, {})[tail] = text
        else:
            groups[""][rest] = text
    for s in lesson.steps:
        groups.setdefault(s.key, {})
    return groups


# ---------------------------------------------------------------- reading a translation

def read_translation(path) -> dict[str, dict[str, str]]:
    """A translation file as groups like :func:`english_groups` (plus ``source``)."""
    path = Path(path)
    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise TranslationFileError(f"{path}: not valid TOML: {exc}") from None
    return parse_translation(doc, str(path))


def _text(value, where: str) -> str:
    if not isinstance(value, str):
        raise TranslationFileError(f"{where} must be text, not {type(value).__name__}")
    return value.strip()


def parse_translation(doc: dict, where: str) -> dict[str, dict[str, str]]:
    groups: dict[str, dict[str, str]] = {"": {}}
    for name, value in doc.items():
        if name == "steps":
            continue
        if name == "lesson":
            groups[""]["lesson"] = _text(value, f"{where}: 'lesson'")
        else:
            groups[""][name] = _text(value, f"{where}: {name!r}")
    steps = doc.get("steps", {})
    if not isinstance(steps, dict):
        raise TranslationFileError(f"{where}: 'steps' must be tables [steps.<key>]")
    for key, table in steps.items():
        if not isinstance(table, dict):
            raise TranslationFileError(f"{where}: [steps.{key}] must be a table of texts")
        group: dict[str, str] = {}
        for name, value in table.items():
            at = f"{where}: [steps.{key}] {name}"
            if name == "wrong":
                if not isinstance(value, dict):
                    raise TranslationFileError(f"{at} maps action texts to feedback")
                for action, text in value.items():
                    group[f"wrong.{action}"] = _text(text, f"{at}.{action!r}")
            elif name == "predict":
                if not isinstance(value, dict):
                    raise TranslationFileError(f"{at} must be a table (question, right, wrong, choices)")
                for pname, pvalue in value.items():
                    if pname == "choices":
                        if not isinstance(pvalue, list):
                            raise TranslationFileError(f"{at}.choices must be a list of texts")
                        for k, choice in enumerate(pvalue):
                            group[f"predict.choices.{k}"] = _text(choice, f"{at}.choices[{k}]")
                    else:
                        group[f"predict.{pname}"] = _text(pvalue, f"{at}.{pname}")
            else:
                group[name] = _text(value, at)
        groups[str(key)] = group
    return groups


def load_translation(lesson: Lesson, lang: str, folder=None) -> dict[str, dict[str, str]] | None:
    """The translation of *lesson* into *lang* as groups, or None when there is no file."""
    path = translation_path(lesson.id, lang, folder)
    if not path.exists():
        return None
    return read_translation(path)


# ---------------------------------------------------------------- checking

def check_groups(lesson: Lesson, lang: str, found: dict[str, dict[str, str]] | None) -> list[Problem]:
    """Every problem of a translation (*found*, as groups) against the English *lesson*."""
    lang = language(lang)
    if found is None:
        return [Problem(lesson.id, lang, "", "missing", f"no translation file "
                        f"({translation_path(lesson.id, lang).relative_to(lessons_dir().parent)})")]
    problems: list[Problem] = []
    declared = found.get("", {}).get("lesson")
    if declared is not None and declared != lesson.id:
        problems.append(Problem(lesson.id, lang, "", "invariant", f"the file says lesson = {declared!r}"))
    english = english_groups(lesson)
    for group, texts in english.items():
        got = found.get(group)
        if got is None:
            problems.append(Problem(lesson.id, lang, group, "missing", "no translation of this step"))
            continue
        if texts:
            want = fingerprint(texts)
            if got.get(SOURCE) != want:
                was = got.get(SOURCE) or "nothing"
                target = f"{lesson.id} {group}" if group else lesson.id
                problems.append(Problem(lesson.id, lang, group, "stale", f"made from English {was}, the English is "
                                        f"now {want}: update the translation, then run "
                                        f"'burgle lessons stamp --lang {lang} {target}'"))
        for name, text in texts.items():
            translated = got.get(name, "")
            if not translated:
                problems.append(Problem(lesson.id, lang, group, "missing", "no translation", name))
                continue
            for diff in differences(text, translated):
                problems.append(Problem(lesson.id, lang, group, "invariant", diff + " (cell names, actions, rule ids "
                                        "and {placeholders} stay as in the English)", name))
            for style in style_problems(lang, translated):
                problems.append(Problem(lesson.id, lang, group, "style", style, name))
        allowed = set(texts) | {SOURCE} | ({"lesson"} if group == "" else set())
        for name in sorted(set(got) - allowed):
            problems.append(Problem(lesson.id, lang, group, "extra", "the English lesson has no such text", name))
    for group in sorted(set(found) - set(english)):
        problems.append(Problem(lesson.id, lang, group, "extra", "the English lesson has no step with this key"))
    return problems


def check_translation(lesson: Lesson, lang: str, folder=None) -> list[Problem]:
    """Every problem of *lesson*'s translation into *lang* (the file under ``folder``)."""
    try:
        found = load_translation(lesson, lang, folder)
    except TranslationFileError as exc:
        return [Problem(lesson.id, language(lang), "", "unreadable", str(exc))]
    return check_groups(lesson, lang, found)


def part_problems(lessons, lang: str, folder=None) -> list[Problem]:
    """Lessons of one part of the course (the same English ``part``) must name it the same
    way in *lang*: the lesson list groups them by that name."""
    names: dict[str, dict[str, list[str]]] = {}
    for lesson in lessons:
        if not lesson.part:
            continue
        try:
            found = load_translation(lesson, lang, folder)
        except TranslationFileError:
            continue
        name = (found or {}).get("", {}).get("part")
        if name:
            names.setdefault(lesson.part, {}).setdefault(name, []).append(lesson.id)
    problems = []
    for part, spellings in names.items():
        if len(spellings) > 1:
            first = sorted(spellings.items(), key=lambda kv: (-len(kv[1]), kv[0]))[0][0]
            for name, ids in spellings.items():
                if name != first:
                    for lesson_id in ids:
                        problems.append(Problem(lesson_id, language(lang), "", "invariant", f"part {part!r} is "
                                                f"{name!r} here but {first!r} in other lessons", "part"))
    return problems


# ---------------------------------------------------------------- using a translation

def usable_groups(lesson: Lesson, lang: str, found) -> dict[str, dict[str, str]]:
    """The groups of *found* that may be shown: present, made from today's English, and
    keeping every invariant. The others are left out (their texts stay English)."""
    if not found:
        return {}
    bad = {p.step for p in check_groups(lesson, lang, found) if p.kind in ("missing", "stale", "invariant")}
    return {group: texts for group, texts in found.items() if group not in bad}


def localize(lesson: Lesson, lang: str, folder=None) -> Lesson:
    """*lesson* with its texts in *lang* wherever a current translation exists; the same
    steps, actions, claims and highlights. English, or no file: the lesson unchanged."""
    lang = language(lang)
    if lang == DEFAULT:
        return lesson
    try:
        found = load_translation(lesson, lang, folder)
    except TranslationFileError:
        return lesson
    groups = usable_groups(lesson, lang, found)
    if not groups:
        return lesson
    top = groups.get("", {})
    steps = tuple(_localize_step(step, groups[step.key], lang) if step.key in groups else step
                  for step in lesson.steps)
    fields = {name: top[name] for name in LESSON_TEXT_FIELDS if top.get(name) and getattr(lesson, name)}
    return dataclasses.replace(lesson, steps=steps, **fields)


def _localize_step(step, texts: dict[str, str], lang: str):
    fields = {name: texts[name] for name in STEP_TEXT_FIELDS if getattr(step, name) and texts.get(name)}
    fields["lang"] = lang
    if step.wrong:
        fields["wrong"] = {action: texts.get(f"wrong.{action}", text) for action, text in step.wrong.items()}
    p = step.predict
    if p is not None:
        changes = {name: texts[f"predict.{name}"] for name in PREDICT_TEXT_FIELDS
                   if getattr(p, name) and texts.get(f"predict.{name}")}
        if p.choices:
            choices = tuple(texts.get(f"predict.choices.{k}", c) for k, c in enumerate(p.choices))
            changes["choices"] = choices
            changes["answer"] = choices[p.choices.index(p.answer)]
        fields["predict"] = dataclasses.replace(p, **changes)
    return dataclasses.replace(step, **fields)


# ---------------------------------------------------------------- writing: stamp and skeleton

_STEP_HEADER = re.compile(r'^\[\s*steps\s*\.\s*(?:"([^"]+)"|([A-Za-z0-9_-]+))\s*\]\s*$')
_ANY_HEADER = re.compile(r"^\[")
_SOURCE_LINE = re.compile(r'^source\s*=\s*"[^"]*"\s*$')


def stamp_text(text: str, prints: dict[str, str]) -> tuple[str, list[str]]:
    """*text* (a translation file) with ``source`` set for each group named in *prints*
    (``""``: the lesson's own texts, before the first table). Only ``source`` lines change:
    an existing one is rewritten, a missing one is added under the table's header (or,
    for the lesson's own texts, under ``lesson = ...``)."""
    segments: list[tuple[str | None, list[str]]] = [("", [])]
    for line in text.splitlines(keepends=True):
        stripped = line.strip()
        if _ANY_HEADER.match(stripped):
            m = _STEP_HEADER.match(stripped)
            segments.append(((m.group(1) or m.group(2)) if m else None, [line]))
        else:
            segments[-1][1].append(line)
    done: list[str] = []
    for name, lines in segments:
        if name is None or name not in prints or name in done:
            continue
        new = f'{SOURCE} = "{prints[name]}"\n'
        at = next((i for i, line in enumerate(lines) if _SOURCE_LINE.match(line.strip())), None)
        if at is not None:
            lines[at] = new
        elif name:
            lines.insert(1, new)
        else:
            after = next((i + 1 for i, line in enumerate(lines) if line.strip().startswith("lesson")), None)
            if after is None:
                after = next((i for i, line in enumerate(lines) if line.strip() and not line.strip().startswith("#")),
                             len(lines))
            lines.insert(after, new)
        done.append(name)
    return "".join(line for _, lines in segments for line in lines), done


def stamp(lesson: Lesson, lang: str, groups=None, folder=None) -> list[str]:
    """Record that the translation of *groups* (step keys, ``""`` for the lesson's own
    texts; default: all) matches today's English. Run it after updating them."""
    path = translation_path(lesson.id, lang, folder)
    english = english_groups(lesson)
    groups = list(english) if groups is None else list(groups)
    unknown = [g for g in groups if g not in english]
    if unknown:
        raise KeyError(f"lesson {lesson.id!r} has no step {', '.join(map(repr, unknown))}")
    prints = {g: fingerprint(english[g]) for g in groups if english[g]}
    new, done = stamp_text(path.read_text(encoding="utf-8"), prints)
    missing = sorted(set(prints) - set(done))
    if missing:
        raise KeyError(f"{path} has no [steps.{missing[0]}] table: translate it first")
    path.write_text(new, encoding="utf-8")
    return done


def _toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def skeleton(lesson: Lesson, lang: str) -> str:
    """A translation file for *lesson* to fill in: every text empty, the English above it
    as a comment. Its ``source`` lines are left out: ``stamp`` adds them once translated."""
    lang = language(lang)
    english = english_groups(lesson)
    lines = [f"# {lang} translation of tutorials/{Path(lesson.source).name or lesson.id + '.toml'} "
             "(docs/lesson-format.md, \"Translations\").", f'lesson = "{lesson.id}"']
    for name, text in english[""].items():
        lines += [f"# en: {text}", f'{name} = ""']
    for step in lesson.steps:
        texts = english[step.key]
        if not texts:
            continue
        lines += ["", f"[steps.{step.key}]"]
        for name in STEP_TEXT_FIELDS:
            if name in texts:
                lines += [f"# en: {texts[name]}", f'{name} = ""']
        wrong = [(k[len("wrong."):], t) for k, t in texts.items() if k.startswith("wrong.")]
        if wrong:
            lines += [f"[steps.{step.key}.wrong]"]
            for action, text in wrong:
                lines += [f"# en: {text}", f'{_toml_string(action)} = ""']
        predict = {k[len("predict."):]: t for k, t in texts.items() if k.startswith("predict.")}
        if predict:
            lines += [f"[steps.{step.key}.predict]"]
            for name in PREDICT_TEXT_FIELDS:
                if name in predict:
                    lines += [f"# en: {predict[name]}", f'{name} = ""']
            choices = [t for k, t in predict.items() if k.startswith("choices.")]
            if choices:
                lines += ["# en: " + " | ".join(choices), "choices = [" + ", ".join('""' for _ in choices) + "]"]
    return "\n".join(lines) + "\n"


def languages() -> tuple[str, ...]:
    """The languages lessons can be translated into (all but the default)."""
    return tuple(lang for lang in LANGUAGES if lang != DEFAULT)
