"""Checking lessons against the engine, and which rules they teach.

:func:`check_lesson` first lints the starting board (:mod:`burgle.lessons.realism`: a state a
real game could reach), then plays the lesson with its expected actions from start to end:
every expected action must be legal, and every claim about what happened (a happening of a
kind on a cell, a value in the state snapshot, dice, routes, refusals:
:mod:`burgle.lessons.claims`) must match what the engine reports; every die value and route
the prose names must be backed by such a claim.
A step's prediction (``[steps.predict]``) must be proved right by the engine: its
claims are checked on the happenings from its step to the step named ``by``, and on the
state after that step.
"""

from __future__ import annotations

import re

from burgle.geometry.board import cell_name, parse_cell
from burgle.data.rules import RULE_INDEX
from burgle.engine.errors import IllegalAction
from burgle.lessons import claims, realism
from burgle.lessons.model import Lesson, LessonError, Step, load_all, start


CELL_IN_TEXT = re.compile(r"\b[1-3][A-D][1-4]\b")


def snapshot_value(snapshot: dict, path: str):
    """Read ``guards[0].cell`` or ``tiles.1B2.alarm`` from a ``Game.to_dict()`` snapshot.
    Missing boolean/count fields of a tile read as False/0, as the snapshot leaves them out."""
    value = snapshot
    for part in path.replace("[", ".").replace("]", "").split("."):
        if isinstance(value, list):
            if not part.isdigit() or int(part) >= len(value):
                raise KeyError(path)
            value = value[int(part)]
        elif isinstance(value, dict):
            if part not in value:
                if path.startswith("tiles."):
                    return 0 if part in ("hack", "dice", "stealth") else False
                raise KeyError(path)
            value = value[part]
        else:
            raise KeyError(path)
    return value


def check_step(lesson: Lesson, step: Step, game) -> list:
    """Apply the step's expected action and verify its claims. Returns the happenings.

    A read-and-continue step (no expected action) has its state, guard-die, route and
    refusal claims checked against the current state."""
    before = _before(game)
    check_refusals(lesson, step, game)
    happened = []
    if step.expect is not None:
        happened = _apply(lesson, step, game)
        check_happened(lesson, step, happened)
    snap = game.to_dict()
    check_state(lesson, step, snap)
    check_dice_claims(lesson, step, happened, snap)
    check_route_claims(lesson, step, before["walls"], _walls(game))
    check_traffic_claims(lesson, step, before["walls"], _walls(game))
    check_prose(lesson, step, happened, before["guards"])
    return happened


def _walls(game) -> list[frozenset]:
    return [frozenset(w) for w in game.s.walls]


def _before(game) -> dict:
    return {"walls": _walls(game), "guards": {g.floor: g.cell for g in game.s.guards}}


def _apply(lesson: Lesson, step: Step, game) -> list:
    if step.expect not in game.legal_actions():
        try:
            game.check(step.expect)
            why = "it is not among the legal actions"
        except ValueError as exc:
            why = str(exc)
        raise LessonError(lesson.id, f"the expected action {str(step.expect)!r} is illegal: {why}", step.key)
    return list(game.apply(step.expect))


def check_happened(lesson: Lesson, step: Step, happened: list) -> None:
    seen = {(h.kind, h.cell) for h in happened} | {(h.kind, None) for h in happened}
    for kind, cell in step.happened:
        if (kind, cell) not in seen:
            where = f" on {cell_name(cell)}" if cell is not None else ""
            got = "; ".join(h.text for h in happened) or "nothing"
            raise LessonError(lesson.id, f"claims a {kind!r}{where}, but the engine reports: {got}", step.key)
    named = {parse_cell(m) for m in CELL_IN_TEXT.findall(step.after)}
    vouched = {cell for _, cell in step.happened} | set(step.highlight) | {
        parse_cell(v) for v in step.state.values() if isinstance(v, str) and CELL_IN_TEXT.fullmatch(v)}
    vouched |= {c for r in step.routes for c in r.sequence()}
    unclaimed = sorted(named - vouched)
    if unclaimed:
        raise LessonError(lesson.id, "the 'after' text names " + ", ".join(map(cell_name, unclaimed))
                          + " but no 'happened', 'state' or 'routes' claim (or highlight) checks it", step.key)


def check_state(lesson: Lesson, step: Step, snap: dict) -> None:
    for path, expected in step.state.items():
        try:
            actual = snapshot_value(snap, path)
        except KeyError:
            raise LessonError(lesson.id, f"state claim {path!r} names no field of the game state", step.key) from None
        if actual != expected:
            raise LessonError(lesson.id, f"claims {path} = {expected!r}, but the engine has {actual!r}", step.key)


# ---------------------------------------------------------------------- dice, routes, refusals
def check_refusals(lesson: Lesson, step: Step, game) -> None:
    """Each 'refused' action is illegal when the step starts, and its refusal cites the rule given."""
    for action, rule in step.refused.items():
        try:
            game.check(action)
        except IllegalAction as exc:
            if rule and exc.rule != rule:
                raise LessonError(lesson.id, f"claims {action!r} is refused by {rule}, but the engine refuses it "
                                  f"citing {exc.rule}: {exc.reason}", step.key) from None
            continue
        raise LessonError(lesson.id, f"claims {action!r} is refused, but the engine allows it", step.key)


def check_dice_claims(lesson: Lesson, step: Step, happened: list, snap: dict) -> None:
    for claim in step.dice:
        wrong = claims.check_dice(claim, happened, snap)
        if wrong:
            raise LessonError(lesson.id, f"claims the dice {claim.text!r}, but {wrong}", step.key)


def check_route_claims(lesson: Lesson, step: Step, walls_before: list, walls_after: list) -> None:
    printed = [frozenset(w) for w in start(lesson).s.walls] if any(r.walls == "printed" for r in step.routes) else None
    for claim in step.routes:
        floor = claim.start // 16
        walls = claims.claim_walls(claim.walls, walls_before[floor], walls_after[floor], printed[floor] if printed else ())
        wrong = claims.check_route(claim, walls)
        if wrong:
            raise LessonError(lesson.id, f"claims the route {claim.text!r}, but {wrong}", step.key)


def check_traffic_claims(lesson: Lesson, step: Step, walls_before: list, walls_after: list) -> None:
    """Each 'traffic' claim: the cell's heat on the walls it names (claims.check_traffic)."""
    printed = [frozenset(w) for w in start(lesson).s.walls] if any(t.walls == "printed" for t in step.traffic) else None
    for claim in step.traffic:
        floor = claim.cell // 16
        walls = claims.claim_walls(claim.walls, walls_before[floor], walls_after[floor], printed[floor] if printed else ())
        wrong = claims.check_traffic(claim, walls)
        if wrong:
            raise LessonError(lesson.id, f"claims the traffic {claim.text!r}, but {wrong}", step.key)


def _prose(step: Step) -> list[tuple[str, str]]:
    """The step's learner-facing texts, named as the messages name them."""
    fields = [(f"'{name}'", getattr(step, name)) for name in ("text", "right", "other", "after")]
    fields += [(f"'wrong' ({a})", t) for a, t in step.wrong.items()]
    if step.predict is not None:
        fields += [(f"'predict.{name}'", getattr(step.predict, name)) for name in ("question", "right", "wrong")]
    return [(n, t) for n, t in fields if t]


def check_prose(lesson: Lesson, step: Step, happened: list, guards_before: dict) -> None:
    """Every die value and every route the step's prose names is backed by a claim (or, for a
    route, by the guard's walk the engine reported in this step)."""
    faces = {f for c in step.dice for f in c.faces}
    walks = claims.guard_walks(happened, guards_before)
    sequences = [r.sequence() for r in step.routes if r.kind != "loop"] + walks
    loops = [r.sequence() for r in step.routes if r.kind == "loop"]
    for name, text in _prose(step):
        for value in claims.dice_values(text):
            if value not in faces:
                raise LessonError(lesson.id, f"the step's {name} states a die value {value}, but no 'dice' claim "
                                  "of this step checks it", step.key)
        for path, quoted in claims.prose_paths(text):
            if not claims.vouched(path, sequences, loops):
                raise LessonError(lesson.id, f"the step's {name} names the way {quoted!r}, but it is neither the "
                                  "guard's walk in this step nor a 'routes' claim the routing code checks", step.key)


def check_realism(lesson: Lesson, game) -> None:
    """The starting board is one a real game could reach (realism.problems)."""
    found = realism.problems(lesson.scenario, game)
    if found:
        raise LessonError(lesson.id, "scenario." + found[0])


def check_prediction(lesson: Lesson, index: int, happenings: list[list], snapshots: list[dict]) -> None:
    """The prediction of step *index* is proved by the engine: *happenings[k]* are what
    step k's action made happen, *snapshots[k]* the state after step k."""
    step = lesson.steps[index]
    p = step.predict
    keys = [s.key for s in lesson.steps]
    last = keys.index(p.by) if p.by else index
    seen = [h for k in range(index, last + 1) for h in happenings[k]]
    where = f"the prediction (proved by step {keys[last]!r})"
    if not p.happened and not p.state:
        raise LessonError(lesson.id, f"{where} has no claim ('predict.happened' or 'predict.state') for the "
                                     "engine to prove its answer", step.key)
    answer = parse_cell(p.answer) if p.cells else None
    tied = answer is None  # a cell answer must be tied to a claim about that cell
    got = "; ".join(h.text for h in seen) or "nothing"
    for kind, cell in p.happened:
        cells = {h.cell for h in seen if h.kind == kind}
        if cell is not None:
            if cell not in cells:
                raise LessonError(lesson.id, f"{where} claims a {kind!r} on {cell_name(cell)}, but the engine "
                                             f"reports: {got}", step.key)
            tied = tied or cell == answer
            continue
        if answer is None:
            if not cells:
                raise LessonError(lesson.id, f"{where} claims a {kind!r}, but the engine reports: {got}", step.key)
            continue
        if answer not in cells:
            raise LessonError(lesson.id, f"{where} answers {p.answer}, but no {kind!r} happens there; the engine "
                                         f"reports: {got}", step.key)
        also = sorted(c for c in p.cells if c != answer and c in cells)
        if also:
            raise LessonError(lesson.id, f"{where} answers {p.answer}, but a {kind!r} happens on "
                                         f"{', '.join(map(cell_name, also))} too, another cell offered", step.key)
        tied = True
    for path, expected in p.state.items():
        try:
            actual = snapshot_value(snapshots[last], path)
        except KeyError:
            raise LessonError(lesson.id, f"{where}: state claim {path!r} names no field of the game state",
                              step.key) from None
        if actual != expected:
            raise LessonError(lesson.id, f"{where} claims {path} = {expected!r}, but the engine has {actual!r}",
                              step.key)
        if isinstance(expected, str) and CELL_IN_TEXT.fullmatch(expected):
            tied = tied or parse_cell(expected) == answer
    if not tied:
        raise LessonError(lesson.id, f"{where}: no claim names the answer cell {p.answer}, so nothing proves it",
                          step.key)


def check_lesson(lesson: Lesson) -> None:
    """Raise LessonError at the first problem: unknown rule id, bad scenario, illegal
    expected action, a claim that does not match the engine, or a prediction the
    engine does not prove."""
    for rid in sorted(lesson.taught):
        if rid not in RULE_INDEX:
            raise LessonError(lesson.id, f"unknown rule id {rid!r} (not in RULES.md)")
    game = start(lesson)
    check_realism(lesson, game)
    happenings, snapshots = [], []
    predicting = any(step.predict is not None for step in lesson.steps)
    for step in lesson.steps:
        happenings.append(check_step(lesson, step, game))
        if predicting:
            snapshots.append(game.to_dict())
    for index, step in enumerate(lesson.steps):
        if step.predict is not None:
            check_prediction(lesson, index, happenings, snapshots)


def coverage(lessons: list[Lesson]) -> dict[str, list[str]]:
    """Rule id -> the lessons teaching it, for every id in RULES.md."""
    out: dict[str, list[str]] = {rid: [] for rid in RULE_INDEX}
    for lesson in lessons:
        for rid in lesson.taught:
            if rid in out:
                out[rid].append(lesson.id)
    return out


def check_all(folder=None) -> list[Lesson]:
    lessons = load_all(folder)
    for lesson in lessons:
        check_lesson(lesson)
    return lessons
