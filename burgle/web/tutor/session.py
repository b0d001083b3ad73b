"""One learner going through one lesson: pure Python, no widgets.

A :class:`LessonSession` holds the lesson's game (``burgle.lessons.start``) and the
current step. :meth:`LessonSession.try_action` judges what the learner did:

* ``right``: the step's expected action. It is applied, and the feedback carries the
  step's ``after`` explanation and the engine's happenings (what the guard did, why).
* ``wrong``: an action the lesson lists under ``[steps.wrong]``, with its own feedback.
* ``illegal``: an action the rules forbid now; the engine's reason and rule id are shown.
* ``other``: any other legal action, with the step's ``other`` feedback.

Only the right action changes the game; after anything else the learner simply retries.
A step with a prediction (``[steps.predict]``) first waits for the learner's answer
(:meth:`LessonSession.answer`: a cell or a choice); until then no action is offered and
the picture hides the guard's route. Any answer is taken once, judged ``right`` or
``wrong``, and explained; then the step goes on.

>>> from burgle.lessons import load_all
>>> session = LessonSession(next(l for l in load_all() if l.id == "01-first-steps"))
>>> session.step.key, session.waiting
('intro', False)
>>> session.next()
True
>>> session.try_action("move 1B2").kind
'wrong'
>>> fb = session.try_action("peek 1B2")
>>> fb.kind, fb.happened[0]
('right', '1B2 is revealed: Lavatory (5).')
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from burgle.geometry.board import ROOF, cell_name, floor_of
from burgle.engine.actions import VERBS, Action
from burgle.engine.errors import ActionSyntaxError, IllegalAction
from burgle.lessons.model import Lesson, Step, start

KINDS = ("right", "wrong", "illegal", "other")

# How the action buttons are grouped: (group label, verbs), in display order.
ACTION_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Move", ("move", "flex", "climb", "escape")),
    ("Look", ("peek", "xray", "enhance", "clairvoyance", "precognition")),
    ("Safe and computers", ("hack", "laptop", "add-die", "roll")),
    ("Tools and loot", ("use", "give", "take", "pick-up", "catch-kitty", "tinker")),
    ("Character abilities", ("crybaby", "reroute", "distract", "disrupt", "orders", "disguise")),
    ("Choose", ("alarm", "laser", "deadbolt", "cancel-alarm", "allow-alarm", "stealth", "character",
                "cell", "keep", "draw", "order", "events-order", "set-die", "keep-dice")),
    ("Turn", ("end",)),
)
_GROUP_OF = {verb: label for label, verbs in ACTION_GROUPS for verb in verbs}


@dataclass(frozen=True)
class Feedback:
    """What the tutor says about one attempt. ``kind`` is one of :data:`KINDS`."""

    kind: str
    text: str
    happened: tuple[str, ...] = ()  # the engine's happenings, as text (right actions only)
    after: str = ""  # the step's explanation, shown once the right action is applied
    action: str = ""  # the attempted action, in its text form when it parses
    rule: str = ""  # the RULES.md id the engine cites for an illegal action
    rules: tuple[str, ...] = ()  # rule ids of the happenings, same order as ``happened``
    prediction: bool = False  # the answer to a prediction, not an action


    @property
    def right(self) -> bool:
        return self.kind == "right"


@dataclass(frozen=True)
class ActionGroup:
    """Legal actions shown together: a label (``Move``, ``Look``...) and action texts."""

    label: str
    actions: tuple[str, ...]
    hint: str = ""  # e.g. the prompt of a pending choice


class LessonSession:
    """A lesson in progress: its game, the current step and the last feedback."""

    def __init__(self, lesson: Lesson, step: int = 0):
        self.lesson = lesson
        self._floors = step_floors(lesson)
        self.restart()
        if step:
            self.goto(step)

    # ------------------------------------------------------------------ reading
    @property
    def steps(self) -> tuple[Step, ...]:
        return self.lesson.steps

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    @property
    def is_first(self) -> bool:
        return self.index == 0

    @property
    def is_last(self) -> bool:
        return self.index == len(self.steps) - 1

    @property
    def predicting(self) -> bool:
        """True while the current step waits for the answer to its prediction."""
        return self.step.predict is not None and self.answered is None

    @property
    def waiting(self) -> bool:
        """True while the current step waits for the learner: an answer, or an action."""
        return self.predicting or (self.step.expect is not None and not self.acted)

    @property
    def can_next(self) -> bool:
        return not self.waiting and not self.is_last

    @property
    def can_back(self) -> bool:
        return not self.is_first

    @property
    def completed(self) -> bool:
        """The learner has reached the last step and done what it asks."""
        return self.is_last and not self.waiting

    @property
    def expected(self) -> str | None:
        return str(self.step.expect) if self.step.expect is not None else None

    def legal_actions(self) -> list[str]:
        """The engine's legal actions, while the step waits for one (else none: just Next).
        None while a prediction waits for its answer: acting first would give it away."""
        if not self.waiting or self.predicting:
            return []
        return [str(a) for a in self.game.legal_actions()]

    def action_groups(self) -> list[ActionGroup]:
        """The legal actions grouped for display (see :data:`ACTION_GROUPS`)."""
        actions = self.legal_actions()
        if not actions:
            return []
        pending = self.game.pending
        if pending is not None:
            return [ActionGroup("Choose", tuple(actions), hint=pending.prompt)]
        groups: dict[str, list[str]] = {}
        for text in actions:
            verb = text.split()[0]
            label = _GROUP_OF.get(verb, "Other")
            if verb == "use":  # one group per tool: 'use blueprints 2B2' -> 'Use Blueprints'
                card = text.split()[1]
                label = f"Use {self.game.card_name(card)}"
            groups.setdefault(label, []).append(text)
        order = [label for label, _ in ACTION_GROUPS]

        def rank(label: str) -> tuple[int, str]:
            base = "Tools and loot" if label.startswith("Use ") else label
            return (order.index(base) if base in order else len(order) - 1, label)

        return [ActionGroup(label, tuple(groups[label])) for label in sorted(groups, key=rank)]

    @staticmethod
    def describe(action: str) -> str:
        """What an action does, from the engine's verb table (for tooltips)."""
        verb = VERBS.get(action.split()[0]) if action.split() else None
        return f"{verb.help} ({verb.rule})" if verb else ""

    @property
    def floors(self) -> tuple[int, ...]:
        """The floors drawn for the current step (see :func:`step_floors`)."""
        return self._floors[self.index]

    @property
    def highlight_cells(self) -> tuple[int, ...]:
        return tuple(c for c in self.step.highlight if floor_of(c) in self.floors)

    def scene(self):
        """What the picture shows: the state with the step's highlights; while a prediction
        waits for its answer, without the guard's route (the answer) and its stop line."""
        from dataclasses import replace

        from burgle.pictures import Highlights, scene
        from burgle.pictures.scene import floor_alt_text

        sc = scene(self.game, floors=self.floors, highlights=Highlights(cells=self.highlight_cells))
        sc = self._traffic(sc)
        if not self.predicting:
            return sc
        hidden = []
        for fs in sc.floors:
            bare = replace(fs, route=None, header=fs.header[:1])
            hidden.append(replace(bare, alt_text=floor_alt_text(bare, self.game)))
        return replace(sc, floors=tuple(hidden))

    def _traffic(self, sc):
        """A step claiming traffic on its floor's walls shows that floor's traffic map
        (heat and share of the guard's steps) over the picture."""
        from burgle.pictures import add_overlay
        from burgle.pictures.traffic import traffic_layer

        floors = sorted({floor_of(t.cell) for t in self.step.traffic if t.walls == "now"} & set(self.floors))
        if not floors:
            return sc
        return add_overlay(sc, [traffic_layer(self.game.s.walls[f - 1], f) for f in floors])

    def picture(self, fmt: str = "svg"):
        """The current state drawn (:meth:`scene`; ``burgle.pictures.render_scene``)."""
        from burgle.pictures import render_scene  # checks *fmt*

        return render_scene(self.scene(), fmt)

    def alt_text(self) -> str:
        """The picture's text alternative."""
        return self.scene().alt_text

    # ------------------------------------------------------------------ predicting
    def answer(self, value) -> Feedback:
        """The learner's answer to the step's prediction: a cell (name or number) or a
        choice. Taken once; a wrong one is explained with the right answer."""
        p = self.step.predict
        if p is None:
            self.feedback = Feedback("other", "This step asks no question: read it, then act or press Next.")
            return self.feedback
        if self.answered is not None:
            self.feedback = Feedback("other", f"You have answered already ({self.answered}).", prediction=True)
            return self.feedback
        if p.cells:
            from burgle.geometry.board import CellError, parse_cell

            try:
                cell = parse_cell(value)
            except (CellError, TypeError, ValueError):
                cell = None
            if cell not in p.cells:
                options = ", ".join(p.options)
                self.feedback = Feedback("other", f"Answer with one of the cells offered: {options}.",
                                         action=str(value), prediction=True)
                return self.feedback
            shown = cell_name(cell)
        else:
            shown = str(value).strip()
            if shown not in p.choices:
                self.feedback = Feedback("other", f"Answer with one of: {', '.join(p.choices)}.",
                                         action=shown, prediction=True)
                return self.feedback
        self.answered = shown
        if p.is_right(shown):
            self.feedback = Feedback("right", p.right, action=shown, prediction=True)
        else:
            self.feedback = Feedback("wrong", f"{p.wrong} The answer: {p.answer}.", action=shown, prediction=True)
        return self.feedback

    # ------------------------------------------------------------------ acting
    def try_action(self, text) -> Feedback:
        """Judge the learner's action; apply it only when it is the step's expected one."""
        step = self.step
        raw = str(text).strip()
        try:
            action = Action.parse(raw)
        except ActionSyntaxError as exc:
            self.feedback = Feedback("illegal", f"That is not an action the game knows: {exc}", action=raw)
            return self.feedback
        shown = str(action)
        if self.predicting:
            self.feedback = Feedback("other", f"First answer the question: {step.predict.question}", action=shown)
            return self.feedback
        if step.expect is None:
            try:  # a step may invite trying something the rules forbid: the refusal is the answer
                self.game.check(action)
            except IllegalAction as exc:
                self.feedback = Feedback("illegal", f"The rules do not allow {shown!r}: {exc.reason} ({exc.rule}).",
                                         action=shown, rule=exc.rule)
                return self.feedback
            self.feedback = Feedback("other", "That is allowed, but nothing is done on this step: read it, then "
                                     "press Next.", action=shown)
            return self.feedback
        if self.acted:
            self.feedback = Feedback("other", "You have already done this step: press Next to go on.", action=shown)
            return self.feedback
        if action == step.expect:
            try:
                happened = self.game.apply(action)
            except IllegalAction as exc:  # the lesson no longer matches the engine
                self.feedback = Feedback("illegal", f"The lesson expects this, but the engine refuses it: "
                                         f"{exc.reason} ({exc.rule}).", action=shown, rule=exc.rule)
                return self.feedback
            self.acted = True
            self.happened = tuple(happened)
            self.feedback = Feedback(
                "right", step.right, happened=tuple(h.text for h in happened), after=step.after,
                action=shown, rules=tuple(h.rule for h in happened),
            )
            return self.feedback
        if shown in step.wrong:
            self.feedback = Feedback("wrong", step.wrong[shown], action=shown)
            return self.feedback
        try:
            self.game.check(action)
        except IllegalAction as exc:
            hint = f" {step.other}" if step.other else ""
            self.feedback = Feedback("illegal", f"The rules do not allow {shown!r}: {exc.reason} ({exc.rule}).{hint}",
                                     action=shown, rule=exc.rule)
            return self.feedback
        text = step.other or f"That is allowed, but this step asks for something else: try '{step.expect}'."
        self.feedback = Feedback("other", text, action=shown)
        return self.feedback

    def next(self) -> bool:
        """Go to the next step (once the current one is done). False if there is none."""
        if not self.can_next:
            return False
        self._enter(self.index + 1)
        return True

    def back(self) -> bool:
        """Go back to the start of the previous step (its action can be taken again)."""
        if not self.can_back:
            return False
        self.goto(self.index - 1)
        return True

    def restart(self) -> None:
        """The lesson from its first step, with a fresh game."""
        self.game = start(self.lesson)
        self._enter(0)

    def goto(self, index: int) -> None:
        """The start of step *index*: a fresh game with the expected actions of the steps
        before it applied (the actions the learner got right to get there)."""
        index = max(0, min(int(index), len(self.steps) - 1))
        game = start(self.lesson)
        for step in self.steps[:index]:
            if step.expect is not None:
                game.apply(step.expect)
        self.game = game
        self._enter(index)

    def _enter(self, index: int) -> None:
        self.index = index
        self.acted = False
        self.answered: str | None = None  # the answer given to the step's prediction
        self.happened: tuple = ()
        self.feedback: Feedback | None = None


def step_floors(lesson: Lesson) -> list[tuple[int, ...]]:
    """The floors each step's picture shows: where the characters stand, what the step
    points at, and where its expected action makes anything happen (found by playing the
    lesson's expected actions once). Fixed per step, so a step's picture keeps its frame
    before and after the learner acts."""
    top = ROOF  # cells below it are on a floor; the roof is none
    try:
        game = start(lesson)
    except ValueError:
        return [(1,)] * len(lesson.steps)

    def crew(g) -> set[int]:
        return {floor_of(ch.cell) for ch in g.s.characters if ch.on_board and ch.cell is not None and ch.cell < top}

    out = []
    for step in lesson.steps:
        floors = crew(game) | {floor_of(c) for c in step.highlight}
        if step.predict is not None:
            floors |= {floor_of(c) for c in step.predict.cells}
        if step.expect is not None:
            try:
                happened = game.apply(step.expect)
            except ValueError:
                happened = ()
            floors |= {floor_of(h.cell) for h in happened if h.cell is not None and h.cell < top}
            floors |= crew(game)
        out.append(tuple(sorted(floors)) or (1,))
    return out


# ---------------------------------------------------------------------- the lesson list
NO_PART = "More lessons"


def lesson_sections(lessons) -> list[tuple[str, list[Lesson]]]:
    """The lessons (sorted by ``order``) in the parts their files name (``part``), each
    part where its first lesson comes; a lesson naming no part goes under "More lessons".

    >>> from burgle.lessons import load_all
    >>> [title for title, _ in lesson_sections(load_all())][:2]
    ['The basics', 'Guards and alarms']
    """
    parts: dict[str, list[Lesson]] = {}
    for lesson in sorted(lessons, key=lambda l: (l.order, l.id)):
        parts.setdefault(lesson.part or NO_PART, []).append(lesson)
    return list(parts.items())


# ---------------------------------------------------------------------- progress
@dataclass
class Progress:
    """What the learner has done, as stored in the browser (``localStorage``).

    JSON: ``{"version": 1, "completed": [lesson ids], "current": {"lesson": id, "step": n} or null}``.

    >>> p = Progress(completed=["01-first-steps"], lesson="02-reading-the-board", step=2)
    >>> Progress.from_json(p.to_json()) == p
    True
    >>> Progress.from_json("not json").completed
    []
    """

    completed: list[str] = field(default_factory=list)
    lesson: str | None = None
    step: int = 0

    VERSION = 1

    def to_dict(self) -> dict:
        current = {"lesson": self.lesson, "step": self.step} if self.lesson else None
        return {"version": self.VERSION, "completed": list(self.completed), "current": current}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_dict(cls, data) -> "Progress":
        """Read stored progress; anything malformed is ignored rather than trusted."""
        if not isinstance(data, dict):
            return cls()
        completed = data.get("completed")
        completed = [c for c in completed if isinstance(c, str)] if isinstance(completed, list) else []
        current = data.get("current")
        lesson, step = None, 0
        if isinstance(current, dict) and isinstance(current.get("lesson"), str):
            lesson = current["lesson"]
            s = current.get("step")
            step = s if isinstance(s, int) and not isinstance(s, bool) and s >= 0 else 0
        return cls(completed=list(dict.fromkeys(completed)), lesson=lesson, step=step)

    @classmethod
    def from_json(cls, text) -> "Progress":
        if not text:
            return cls()
        try:
            return cls.from_dict(json.loads(text))
        except (TypeError, ValueError):
            return cls()

    def is_done(self, lesson_id: str) -> bool:
        return lesson_id in self.completed

    def complete(self, lesson_id: str) -> None:
        if lesson_id not in self.completed:
            self.completed.append(lesson_id)

    def merge(self, other: "Progress") -> "Progress":
        """Both learners' completed lessons; this one's current place, else the other's."""
        done = list(dict.fromkeys([*self.completed, *other.completed]))
        if self.lesson:
            return Progress(done, self.lesson, self.step)
        return Progress(done, other.lesson, other.step)

    def summary(self, lesson_ids) -> str:
        ids = list(lesson_ids)
        n = sum(1 for i in ids if i in self.completed)
        return f"{n} of {len(ids)} lesson{'s' if len(ids) != 1 else ''} done"
