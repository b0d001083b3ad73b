"""Lessons as data: one TOML file per lesson under ``tutorials/`` (see docs/lesson-format.md).

A lesson has a title, the RULES.md ids it teaches, a starting scenario (the engine's
scenario format) and steps. A step narrates, may point at cells, and may expect one
learner action, with feedback for the right action and for likely wrong ones, and
claims about what the engine will report happened. All learner-facing text is in the
file, keyed ``<lesson id>.<step key>.<field>`` so it can be translated later.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from burgle.geometry.board import CellError, parse_cell
from burgle.data.rules import FAMILIES
from burgle.engine.actions import Action
from burgle.engine.errors import ActionSyntaxError, ScenarioError

RULE_ID = re.compile(r"^(?:" + "|".join(FAMILIES) + r")-\d+$")  # a whole field that is a rule id
LESSON_FIELDS = {"id", "title", "summary", "rules", "order", "scenario", "steps"}
STEP_FIELDS = {"key", "text", "highlight", "expect", "right", "wrong", "other", "after", "happened", "state", "rules"}


class LessonError(ValueError):
    """A lesson file that cannot be used; names the lesson, the step and the problem."""

    def __init__(self, lesson: str, problem: str, step: str | None = None):
        self.lesson, self.step, self.problem = lesson, step, problem
        where = f"lesson {lesson!r}" + (f", step {step!r}" if step else "")
        super().__init__(f"{where}: {problem}")


@dataclass(frozen=True)
class Step:
    key: str
    text: str
    highlight: tuple[int, ...] = ()
    expect: Action | None = None  # None: read and continue
    right: str = ""
    wrong: dict[str, str] = field(default_factory=dict)  # action text -> feedback
    other: str = ""  # feedback for any other wrong action
    after: str = ""  # explains what happened once the action is applied
    happened: tuple[tuple[str, int | None], ...] = ()  # claims: (happening kind, cell)
    state: dict[str, object] = field(default_factory=dict)  # claims: snapshot path -> value
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    summary: str
    rules: tuple[str, ...]
    order: int
    scenario: dict
    steps: tuple[Step, ...]
    source: str = ""

    def texts(self) -> dict[str, str]:
        """Every learner-facing text, keyed for translation."""
        out = {f"{self.id}.title": self.title, f"{self.id}.summary": self.summary}
        for s in self.steps:
            for name in ("text", "right", "other", "after"):
                if getattr(s, name):
                    out[f"{self.id}.{s.key}.{name}"] = getattr(s, name)
            for action, text in s.wrong.items():
                out[f"{self.id}.{s.key}.wrong.{action}"] = text
        return out

    @property
    def taught(self) -> set[str]:
        ids = set(self.rules)
        for s in self.steps:
            ids.update(s.rules)
        return ids


def _str(d: dict, name: str, lesson: str, step: str | None = None, required: bool = True) -> str:
    v = d.get(name, "")
    if not isinstance(v, str) or (required and not v.strip()):
        raise LessonError(lesson, f"{name!r} must be {'non-empty ' if required else ''}text", step)
    return v.strip()


def _rules(values, lesson: str, step: str | None = None) -> tuple[str, ...]:
    if not isinstance(values, list):
        raise LessonError(lesson, "'rules' must be a list of rule ids such as 'GUARD-9'", step)
    for r in values:
        if not isinstance(r, str) or not RULE_ID.match(r):
            raise LessonError(lesson, f"{r!r} is not a rule id (such as 'GUARD-9')", step)
    return tuple(values)


def _action(text, lesson: str, step: str) -> Action:
    try:
        return Action.parse(text)
    except ActionSyntaxError as exc:
        raise LessonError(lesson, f"cannot read the action {text!r}: {exc}", step) from None


def _cell(text, lesson: str, step: str) -> int:
    try:
        return parse_cell(text)
    except (CellError, TypeError):
        raise LessonError(lesson, f"unknown cell {text!r} (write cells such as '2C3')", step) from None


def parse_step(d, lesson: str, index: int) -> Step:
    if not isinstance(d, dict):
        raise LessonError(lesson, f"step {index + 1} must be a table")
    key = d.get("key") or f"step{index + 1}"
    extra = sorted(set(d) - STEP_FIELDS)
    if extra:
        raise LessonError(lesson, f"unknown field {extra[0]!r}; allowed: {', '.join(sorted(STEP_FIELDS))}", key)
    text = _str(d, "text", lesson, key)
    highlight = tuple(_cell(c, lesson, key) for c in d.get("highlight", []))
    expect = _action(d["expect"], lesson, key) if "expect" in d else None
    wrong = d.get("wrong", {})
    if not isinstance(wrong, dict):
        raise LessonError(lesson, "'wrong' maps action texts to feedback", key)
    wrong = {str(_action(a, lesson, key)): _str(wrong, a, lesson, key) for a in wrong}
    happened = []
    for claim in d.get("happened", []):
        parts = str(claim).split()
        if not parts or len(parts) > 2:
            raise LessonError(lesson, f"a 'happened' claim is 'KIND [CELL]', not {claim!r}", key)
        happened.append((parts[0], _cell(parts[1], lesson, key) if len(parts) == 2 else None))
    state = d.get("state", {})
    if not isinstance(state, dict):
        raise LessonError(lesson, "'state' maps snapshot paths to values", key)
    if expect is None and (wrong or happened or state or d.get("right") or d.get("after")):
        raise LessonError(lesson, "feedback and claims need an expected action ('expect')", key)
    return Step(
        key=key, text=text, highlight=highlight, expect=expect,
        right=_str(d, "right", lesson, key, required=expect is not None),
        wrong=wrong, other=_str(d, "other", lesson, key, required=False),
        after=_str(d, "after", lesson, key, required=False),
        happened=tuple(happened), state=dict(state), rules=_rules(d.get("rules", []), lesson, key),
    )


def parse_lesson(doc: dict, source: str = "") -> Lesson:
    lesson = str(doc.get("id") or Path(source).stem or "?")
    extra = sorted(set(doc) - LESSON_FIELDS)
    if extra:
        raise LessonError(lesson, f"unknown field {extra[0]!r}; allowed: {', '.join(sorted(LESSON_FIELDS))}")
    scenario = doc.get("scenario")
    if not isinstance(scenario, dict):
        raise LessonError(lesson, "'scenario' must be a table in the engine's scenario format")
    steps = doc.get("steps")
    if not isinstance(steps, list) or not steps:
        raise LessonError(lesson, "a lesson needs at least one [[steps]] table")
    parsed = tuple(parse_step(s, lesson, i) for i, s in enumerate(steps))
    keys = [s.key for s in parsed]
    dup = next((k for k in keys if keys.count(k) > 1), None)
    if dup:
        raise LessonError(lesson, "two steps share this key; keys name texts for translation", dup)
    order = doc.get("order", 999)
    if not isinstance(order, int):
        raise LessonError(lesson, "'order' must be a whole number")
    return Lesson(
        id=lesson, title=_str(doc, "title", lesson), summary=_str(doc, "summary", lesson, required=False),
        rules=_rules(doc.get("rules", []), lesson), order=order, scenario=scenario, steps=parsed, source=source,
    )


def load_lesson(path) -> Lesson:
    path = Path(path)
    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise LessonError(path.stem, f"cannot read {path}: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise LessonError(path.stem, f"not valid TOML: {exc}") from None
    return parse_lesson(doc, str(path))


def lessons_dir() -> Path:
    """The lessons the package ships: package data ``burgle/lessons/tutorials``.

    In a checkout that folder is a symlink to the repository's ``tutorials/``; a wheel or
    an sdist carries the files themselves, so every install finds the same lessons.
    """
    return Path(str(resources.files("burgle.lessons").joinpath("tutorials"))).resolve()


def load_all(folder=None) -> list[Lesson]:
    folder = Path(folder) if folder else lessons_dir()
    lessons = [load_lesson(p) for p in sorted(folder.glob("*.toml"))]
    return sorted(lessons, key=lambda l: (l.order, l.id))


def start(lesson: Lesson):
    """The lesson's game at its first step."""
    from burgle.engine.game import Game

    try:
        return Game.from_scenario(lesson.scenario)
    except ScenarioError as exc:
        raise LessonError(lesson.id, f"its scenario does not load: {exc}") from None
