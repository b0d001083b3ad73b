"""Lessons as data: one TOML file per lesson under ``tutorials/`` (see docs/lesson-format.md).

A lesson has a title, the part of the course it belongs to, the RULES.md ids it
teaches, a starting scenario (the engine's scenario format) and steps. A step narrates,
may point at cells, may ask the learner to predict something first (a
:class:`Prediction`: click a cell or a choice), and may expect one learner action, with
feedback for the right action and for likely wrong ones, and claims about what the
engine will report happened. All learner-facing text is in the file, keyed
``<lesson id>.<step key>.<field>`` so it can be translated later.
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
from burgle.lessons.claims import DiceClaim, RouteClaim, TrafficClaim, parse_dice, parse_route, parse_traffic

RULE_ID = re.compile(r"^(?:" + "|".join(FAMILIES) + r")-\d+$")  # a whole field that is a rule id
LESSON_FIELDS = {"id", "title", "summary", "part", "rules", "order", "scenario", "steps"}
STEP_FIELDS = {"key", "text", "highlight", "predict", "expect", "right", "wrong", "other", "after", "happened",
               "state", "rules", "dice", "routes", "traffic", "refused"}
PREDICT_FIELDS = {"question", "cells", "choices", "answer", "right", "wrong", "by", "happened", "state"}


class LessonError(ValueError):
    """A lesson file that cannot be used; names the lesson, the step and the problem."""

    def __init__(self, lesson: str, problem: str, step: str | None = None):
        self.lesson, self.step, self.problem = lesson, step, problem
        where = f"lesson {lesson!r}" + (f", step {step!r}" if step else "")
        super().__init__(f"{where}: {problem}")


@dataclass(frozen=True)
class Prediction:
    """A question the learner answers before the step goes on: by clicking one of
    ``cells`` on the board, or one of ``choices``. Until then the picture hides what
    would give the answer away (the guard's route and the tied route not taken).

    The claims (``happened``, ``state``) are what the engine must report by the end of
    step ``by`` (this step when empty) for ``answer`` to be right: ``burgle lessons
    check`` plays them. A ``happened`` claim with a kind alone, in a cell question,
    means: that kind happens on the answer cell and on none of the other cells offered.
    """

    question: str
    answer: str  # a cell name such as '1B1' (cell questions) or one of the choices
    cells: tuple[int, ...] = ()
    choices: tuple[str, ...] = ()
    right: str = ""
    wrong: str = ""
    by: str = ""  # key of the step whose action shows the answer ('' = this step)
    happened: tuple[tuple[str, int | None], ...] = ()
    state: dict[str, object] = field(default_factory=dict)

    @property
    def options(self) -> tuple[str, ...]:
        """What the learner can answer: cell names, or the choices, in the file's order."""
        from burgle.geometry.board import cell_name

        return tuple(cell_name(c) for c in self.cells) if self.cells else self.choices

    def is_right(self, answer) -> bool:
        """Whether *answer* (a cell name or number, or a choice) is the right one."""
        if self.cells:
            try:
                return parse_cell(answer) == parse_cell(self.answer)
            except (CellError, TypeError, ValueError):
                return False
        return str(answer).strip() == self.answer


@dataclass(frozen=True)
class Step:
    key: str
    text: str
    highlight: tuple[int, ...] = ()
    predict: Prediction | None = None  # a question answered before the step's action
    expect: Action | None = None  # None: read and continue
    right: str = ""
    wrong: dict[str, str] = field(default_factory=dict)  # action text -> feedback
    other: str = ""  # feedback for any other wrong action
    after: str = ""  # explains what happened once the action is applied
    happened: tuple[tuple[str, int | None], ...] = ()  # claims: (happening kind, cell)
    state: dict[str, object] = field(default_factory=dict)  # claims: snapshot path -> value
    rules: tuple[str, ...] = ()
    dice: tuple[DiceClaim, ...] = ()  # claims: what was rolled, what a die shows (claims.py)
    routes: tuple[RouteClaim, ...] = ()  # claims: routes checked by the GUARD-9 routing code
    refused: dict[str, str] = field(default_factory=dict)  # action text -> the rule its refusal cites ("" any)
    traffic: tuple[TrafficClaim, ...] = ()  # claims: a cell's heat on a floor's walls (claims.py)


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
    part: str = ""  # the part of the course in the lesson list ('The basics', 'Events'...)

    def texts(self) -> dict[str, str]:
        """Every learner-facing text, keyed for translation."""
        out = {f"{self.id}.title": self.title, f"{self.id}.summary": self.summary}
        if self.part:
            out[f"{self.id}.part"] = self.part
        for s in self.steps:
            for name in ("text", "right", "other", "after"):
                if getattr(s, name):
                    out[f"{self.id}.{s.key}.{name}"] = getattr(s, name)
            for action, text in s.wrong.items():
                out[f"{self.id}.{s.key}.wrong.{action}"] = text
            p = s.predict
            if p is not None:
                for name in ("question", "right", "wrong"):
                    if getattr(p, name):
                        out[f"{self.id}.{s.key}.predict.{name}"] = getattr(p, name)
                for k, choice in enumerate(p.choices):
                    out[f"{self.id}.{s.key}.predict.choices.{k}"] = choice
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


def _claims(values, lesson: str, step: str, where: str = "") -> tuple[tuple[str, int | None], ...]:
    if not isinstance(values, list):
        raise LessonError(lesson, f"'{where}happened' is a list of claims 'KIND [CELL]'", step)
    out = []
    for claim in values:
        parts = str(claim).split()
        if not parts or len(parts) > 2:
            raise LessonError(lesson, f"a '{where}happened' claim is 'KIND [CELL]', not {claim!r}", step)
        out.append((parts[0], _cell(parts[1], lesson, step) if len(parts) == 2 else None))
    return tuple(out)


def parse_prediction(d, lesson: str, step: str) -> Prediction:
    """A step's ``[steps.predict]`` table (see :class:`Prediction`)."""
    if not isinstance(d, dict):
        raise LessonError(lesson, "'predict' must be a table (question, cells or choices, answer...)", step)
    extra = sorted(set(d) - PREDICT_FIELDS)
    if extra:
        raise LessonError(lesson, f"unknown field 'predict.{extra[0]}'; allowed: {', '.join(sorted(PREDICT_FIELDS))}",
                          step)
    question = _str(d, "question", lesson, step)
    cells, choices = d.get("cells"), d.get("choices")
    if (cells is None) == (choices is None):
        raise LessonError(lesson, "a prediction offers either 'cells' (answered on the board) or 'choices', "
                                  "not both and not neither", step)
    options = cells if cells is not None else choices
    if not isinstance(options, list) or len(options) < 2:
        raise LessonError(lesson, f"'predict.{'cells' if cells is not None else 'choices'}' must list at least "
                                  "2 options", step)
    if cells is not None:
        cells = tuple(_cell(c, lesson, step) for c in cells)
        choices = ()
    else:
        if not all(isinstance(c, str) and c.strip() for c in choices):
            raise LessonError(lesson, "'predict.choices' must be non-empty texts", step)
        choices, cells = tuple(c.strip() for c in choices), ()
    if len(set(options if not cells else cells)) != len(options):
        raise LessonError(lesson, "a prediction lists the same option twice", step)
    answer = _str(d, "answer", lesson, step)
    if cells:
        if _cell(answer, lesson, step) not in cells:
            raise LessonError(lesson, f"the answer {answer!r} is not among the cells offered", step)
    elif answer not in choices:
        raise LessonError(lesson, f"the answer {answer!r} is not among the choices {list(choices)}", step)
    state = d.get("state", {})
    if not isinstance(state, dict):
        raise LessonError(lesson, "'predict.state' maps snapshot paths to values", step)
    by = d.get("by", "")
    if not isinstance(by, str):
        raise LessonError(lesson, "'predict.by' is the key of a step", step)
    return Prediction(
        question=question, answer=answer, cells=cells, choices=choices,
        right=_str(d, "right", lesson, step), wrong=_str(d, "wrong", lesson, step), by=by.strip(),
        happened=_claims(d.get("happened", []), lesson, step, "predict."), state=dict(state),
    )


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
    happened = _claims(d.get("happened", []), lesson, key)
    predict = parse_prediction(d["predict"], lesson, key) if "predict" in d else None
    state = d.get("state", {})
    if not isinstance(state, dict):
        raise LessonError(lesson, "'state' maps snapshot paths to values", key)
    dice = _parsed(d, "dice", parse_dice, lesson, key)
    routes = _parsed(d, "routes", parse_route, lesson, key)
    traffic = _parsed(d, "traffic", parse_traffic, lesson, key)
    refused = d.get("refused", {})
    if not isinstance(refused, dict):
        raise LessonError(lesson, "'refused' maps action texts to the rule id the refusal cites ('' for any)", key)
    for action, rule in refused.items():
        if not isinstance(rule, str) or (rule and not RULE_ID.match(rule)):
            raise LessonError(lesson, f"'refused' gives {action!r} the rule {rule!r}: write a rule id or ''", key)
    refused = {str(_action(a, lesson, key)): r for a, r in refused.items()}
    if expect is None and (wrong or happened or d.get("right") or d.get("after")):
        raise LessonError(lesson, "feedback and 'happened' claims need an expected action ('expect')", key)
    if expect is None and any(c.source != "guard" for c in dice):
        raise LessonError(lesson, "a claim about rolled dice needs an expected action ('expect') that rolls them", key)
    return Step(
        key=key, text=text, highlight=highlight, predict=predict, expect=expect,
        right=_str(d, "right", lesson, key, required=expect is not None),
        wrong=wrong, other=_str(d, "other", lesson, key, required=False),
        after=_str(d, "after", lesson, key, required=False),
        happened=tuple(happened), state=dict(state), rules=_rules(d.get("rules", []), lesson, key),
        dice=dice, routes=routes, refused=refused, traffic=traffic,
    )


def _parsed(d: dict, name: str, parse, lesson: str, key: str) -> tuple:
    """A list of claim texts, each read by *parse* (burgle.lessons.claims)."""
    values = d.get(name, [])
    if not isinstance(values, list):
        raise LessonError(lesson, f"'{name}' must be a list of claims", key)
    out = []
    for text in values:
        try:
            out.append(parse(text))
        except (ValueError, CellError) as exc:
            raise LessonError(lesson, str(exc), key) from None
    return tuple(out)


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
    for s in parsed:
        if s.predict is not None and s.predict.by and s.predict.by not in keys[keys.index(s.key):]:
            raise LessonError(lesson, f"'predict.by' names {s.predict.by!r}, which is not this step or a later one",
                              s.key)
    order = doc.get("order", 999)
    if not isinstance(order, int):
        raise LessonError(lesson, "'order' must be a whole number")
    return Lesson(
        id=lesson, title=_str(doc, "title", lesson), summary=_str(doc, "summary", lesson, required=False),
        rules=_rules(doc.get("rules", []), lesson), order=order, scenario=scenario, steps=parsed, source=source,
        part=_str(doc, "part", lesson) if "part" in doc else "",
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
