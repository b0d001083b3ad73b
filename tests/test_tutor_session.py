"""The tutor's lesson session and stored progress: pure Python, no widgets (issue 5)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from burgle.geometry.board import parse_cell
from burgle.lessons import Step, load_all, load_lesson
from burgle.web.tutor import LessonSession, Progress
from burgle.web.tutor.session import KINDS, lesson_sections, step_floors

TUTORIALS = Path(__file__).parents[1] / "tutorials"
FIRST = load_lesson(TUTORIALS / "01-first-steps.toml")


@pytest.fixture
def session():
    return LessonSession(FIRST)


def at_peek(session):
    assert session.next()
    assert session.step.key == "peek"
    return session


def test_a_new_session_starts_on_the_read_only_intro(session):
    assert session.index == 0 and session.step.key == "intro"
    assert not session.waiting and session.can_next and not session.can_back
    assert session.legal_actions() == [] and session.action_groups() == []  # just Next
    fb = session.try_action("peek 1B2")
    assert fb.kind == "other" and "Next" in fb.text
    assert session.game.log == []


def test_a_waiting_step_lists_the_engines_legal_actions_and_blocks_next(session):
    at_peek(session)
    assert session.waiting and not session.can_next
    assert session.next() is False and session.index == 1
    assert session.legal_actions() == [str(a) for a in session.game.legal_actions()]
    assert "peek 1B2" in session.legal_actions()


def test_actions_are_grouped_each_legal_action_once(session):
    at_peek(session)
    groups = session.action_groups()
    labels = [g.label for g in groups]
    assert labels == ["Move", "Look", "Turn"]
    flat = [a for g in groups for a in g.actions]
    assert sorted(flat) == sorted(session.legal_actions())
    assert "end" in groups[-1].actions and "xray 1A3" in groups[1].actions
    assert "ACT-2" in session.describe("peek 1B2")


def test_right_action_is_applied_with_after_text_and_happenings(session):
    at_peek(session)
    before = session.picture()
    fb = session.try_action("peek 1B2")
    assert fb.kind == "right" and fb.right
    assert fb.text == FIRST.steps[1].right
    assert fb.after == FIRST.steps[1].after
    assert "1B2 is revealed: Lavatory (5)." in fb.happened
    assert len(fb.rules) == len(fb.happened) and "ACT-2" in fb.rules
    assert session.game.to_dict()["tiles"]["1B2"]["revealed"] is True
    assert not session.waiting and session.can_next
    assert session.picture() != before


def test_wrong_action_gets_the_steps_feedback_and_changes_nothing(session):
    at_peek(session)
    state = session.game.to_dict()
    fb = session.try_action("move 1B2")
    assert fb.kind == "wrong" and fb.text == FIRST.steps[1].wrong["move 1B2"]
    assert session.game.to_dict() == state and session.game.log == []
    assert session.waiting and session.index == 1
    assert session.try_action("peek 1B2").kind == "right"  # the learner simply retries


def test_other_legal_action_gets_the_other_feedback(session):
    at_peek(session)
    state = session.game.to_dict()
    fb = session.try_action("peek 1A1")
    assert fb.kind == "other" and fb.text == FIRST.steps[1].other
    assert session.game.to_dict() == state


@pytest.mark.parametrize("text, rule", [
    ("peek 1D4", "ACT-2"),  # not adjacent
    ("move 1A3", "ACT-4"),  # through a wall
])
def test_illegal_action_names_the_rule_and_changes_nothing(session, text, rule):
    at_peek(session)
    state = session.game.to_dict()
    fb = session.try_action(text)
    assert fb.kind == "illegal" and fb.rule == rule and rule in fb.text
    assert session.game.to_dict() == state and session.waiting


@pytest.mark.parametrize("text", ["mvoe 1B2", "peek 9Z9", "", "__import__('os').system('true')"])
def test_text_that_is_no_action_is_refused_as_text(session, text):
    at_peek(session)
    state = session.game.to_dict()
    fb = session.try_action(text)
    assert fb.kind == "illegal"
    assert session.game.to_dict() == state


def test_a_done_step_does_not_take_a_second_action(session):
    at_peek(session)
    session.try_action("peek 1B2")
    fb = session.try_action("move 1B2")
    assert fb.kind == "other" and "already" in fb.text
    assert len(session.game.log) == 1


def test_whole_lesson_right_actions_complete_it(session):
    kinds = []
    while True:
        if session.step.expect is not None:
            kinds.append(session.try_action(str(session.step.expect)).kind)
        if not session.next():
            break
    assert kinds == ["right"] * 4
    assert session.is_last and session.completed
    assert session.game.to_dict()["guards"][0]["cell"] == "1D1"
    assert any("steps to 1D2" in h for h in session.feedback.happened)


def test_back_returns_to_the_start_of_the_previous_step(session):
    at_peek(session)
    session.try_action("peek 1B2")
    session.next()
    assert session.step.key == "move"
    assert session.back()
    assert session.step.key == "peek" and session.waiting
    assert session.game.log == [] and session.feedback is None
    assert session.back() and session.index == 0
    assert session.back() is False


def test_restart_and_goto_replay_the_expected_actions(session):
    at_peek(session)
    session.try_action("peek 1B2")
    session.restart()
    assert session.index == 0 and session.game.log == []
    session.goto(3)
    assert session.step.key == "move-again" and session.waiting
    snap = session.game.to_dict()
    assert snap["characters"][0]["cell"] == "1B2" and snap["spent"] == 2
    assert LessonSession(FIRST, step=3).game.to_dict() == snap
    session.goto(99)
    assert session.is_last


def test_feedback_kinds_are_the_contracts():
    assert KINDS == ("right", "wrong", "illegal", "other")


def test_each_step_draws_the_floors_of_its_crew_marks_and_happenings():
    look_up = Step(key="up", text="Look upstairs.", highlight=(parse_cell("2B2"),))
    lesson = replace(FIRST, steps=(FIRST.steps[0], look_up, *FIRST.steps[1:]))
    assert step_floors(lesson)[:3] == [(1,), (1, 2), (1,)]
    session = LessonSession(lesson, step=1)
    assert session.floors == (1, 2) and "Floor 2" in session.alt_text()


def test_lesson_01_pictures_show_floor_1_only_with_the_highlight(session):
    assert step_floors(FIRST) == [(1,)] * len(FIRST.steps) and session.floors == (1,)
    at_peek(session)
    assert session.highlight_cells == (parse_cell("1B2"),)
    assert "Highlighted: 1B2" in session.alt_text()
    svg = session.picture()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg and "<desc" in svg


@pytest.mark.parametrize("lesson", load_all(TUTORIALS), ids=lambda l: l.id)
def test_every_lesson_can_be_completed_in_the_tutor(lesson):
    session = LessonSession(lesson)
    for _ in lesson.steps:
        if session.step.predict is not None:
            assert session.legal_actions() == [] and not session.can_next  # the answer comes first
            assert session.answer(session.step.predict.answer).kind == "right"
        if session.step.expect is not None:
            fb = session.try_action(str(session.step.expect))
            assert fb.kind == "right", (session.step.key, fb.text)
        if not session.next():
            break
    assert session.completed
    assert "<svg" in session.picture()


# ---------------------------------------------------------------------- progress
def test_progress_round_trips_through_json():
    p = Progress(completed=["01-first-steps", "02-reading-the-board"], lesson="03-setting-up", step=2)
    text = p.to_json()
    assert json.loads(text) == {"version": 1, "completed": ["01-first-steps", "02-reading-the-board"],
                                "current": {"lesson": "03-setting-up", "step": 2}}
    assert Progress.from_json(text) == p
    assert Progress.from_json(Progress().to_json()) == Progress()


@pytest.mark.parametrize("stored", [
    "", "null", "not json", "[1, 2]", '{"completed": "01"}', '{"completed": [1, null, "01-first-steps"]}',
    '{"current": {"lesson": 5, "step": 1}}', '{"current": {"lesson": "01-first-steps", "step": -3}}',
    '{"current": {"lesson": "01-first-steps", "step": true}}',
])
def test_malformed_stored_progress_is_ignored_not_trusted(stored):
    p = Progress.from_json(stored)
    assert all(isinstance(c, str) for c in p.completed)
    assert p.lesson is None or isinstance(p.lesson, str)
    assert isinstance(p.step, int) and not isinstance(p.step, bool) and p.step >= 0


def test_progress_merge_summary_and_completion():
    here = Progress()
    here.complete("02-reading-the-board")
    here.complete("02-reading-the-board")
    assert here.completed == ["02-reading-the-board"]
    stored = Progress(completed=["01-first-steps"], lesson="03-setting-up", step=4)
    merged = here.merge(stored)
    assert merged.completed == ["02-reading-the-board", "01-first-steps"]
    assert (merged.lesson, merged.step) == ("03-setting-up", 4)  # this visit had no place yet
    here.lesson, here.step = "05-x", 1
    assert here.merge(stored).lesson == "05-x"
    assert merged.summary(["01-first-steps", "02-reading-the-board", "03-setting-up"]) == "2 of 3 lessons done"
    assert merged.summary(["01-first-steps"]) == "1 of 1 lesson done"  # unknown ids are not counted


def test_lesson_sections_keep_every_lesson_once_in_order():
    lessons = load_all(TUTORIALS)
    sections = lesson_sections(lessons)
    flat = [l.id for _, group in sections for l in group]
    assert flat == [l.id for l in lessons]
    assert sections[0][0] == "The basics" and FIRST.id in [l.id for l in sections[0][1]]
    assert all(title for title, _ in sections)


# ---------------------------------------------------------------------- predictions
def lesson(lesson_id):
    return next(l for l in load_all(TUTORIALS) if l.id == lesson_id)


def at_step(lesson_id, key):
    l = lesson(lesson_id)
    return LessonSession(l, [s.key for s in l.steps].index(key))


def test_a_prediction_hides_the_route_until_answered_then_lets_the_step_go_on():
    s = at_step("11-clockwise-tie-break", "fork")
    assert s.predicting and s.waiting and s.legal_actions() == []
    hidden = s.scene().floors[0]
    assert hidden.route is None and len(hidden.header) == 1
    assert "Tied route" not in s.alt_text() and "Route:" not in s.alt_text()
    assert s.try_action("move 1C2").kind == "other"  # no acting before answering
    assert s.game.s.characters[0].cell == parse_cell("1C3")
    fb = s.answer("1B1")
    assert (fb.kind, fb.prediction, fb.action) == ("right", True, "1B1")
    assert not s.predicting and s.scene().floors[0].route is not None  # the answer is shown now
    assert "move 1C2" in s.legal_actions() and s.try_action("move 1C2").kind == "right"


def test_a_wrong_answer_is_taken_once_and_names_the_right_one():
    s = at_step("11-clockwise-tie-break", "fork")
    fb = s.answer("1c2")
    assert fb.kind == "wrong" and "The answer: 1B1" in fb.text
    assert s.answer("1B1").kind == "other"  # no second try: the board shows the answer now
    assert s.answered == "1C2"


@pytest.mark.parametrize("answer", ["1A1", "banana", "", None, 7])
def test_an_answer_that_is_no_option_is_refused_and_leaves_the_question_open(answer):
    s = at_step("13-alarms-and-the-guard", "second")
    assert s.answer(answer).kind == "other"
    assert s.predicting


def test_choice_predictions_and_going_back_asks_again():
    s = at_step("16-losing-stealth", "foyer")
    assert s.step.predict.options == ("0", "1", "2")
    assert s.answer("2").kind == "wrong"
    s.restart()
    s.goto([x.key for x in s.steps].index("foyer"))
    assert s.predicting


def test_read_only_steps_answer_a_typed_illegal_action_with_its_rule(session):
    fb = session.try_action("peek 1D4")  # intro step: nothing to do, but the refusal is still the answer
    assert fb.kind == "illegal" and fb.rule == "ACT-2"
    assert session.try_action("peek 1B2").kind == "other"


def test_lessons_name_their_parts_and_tools_are_not_basics():
    sections = dict(lesson_sections(load_all(TUTORIALS)))
    assert list(sections) == ["The basics", "Guards and alarms", "Rooms", "The crew", "Tools and loot", "Events",
                              "Other jobs and wall layouts"]
    assert all(40 <= l.order < 50 for l in sections["Tools and loot"])


def test_the_picture_in_words_counts_one_tile_in_the_singular(session):
    """Issue 10 §6: '1 tiles face up'."""
    session.next()
    assert "1 tile face up:" in session.alt_text() and "1 tiles" not in session.alt_text()


def test_a_step_claiming_traffic_shows_the_traffic_map():
    """Lesson 61: a step with 'traffic' claims on its walls draws the floor's traffic map
    (heat and share of steps, as claimed) over the picture; other steps do not."""
    lesson = next(l for l in load_all(TUTORIALS) if l.id == "61-random-walls")
    s = LessonSession(lesson)
    assert s.scene().floors[0].overlay is None
    s.goto([st.key for st in lesson.steps].index("traffic"))
    layer = s.scene().floors[0].overlay
    assert layer is not None and layer.labels()[parse_cell("1A3")] == "132 · 11.7%"
    assert "1C2 15 · 1.3%" in s.alt_text()


#: What in a picture tells where the guard goes: his route and its arrows, the tied route
#: not taken, his later move, the step badges and the stop marker (roles of burgle.pictures).
ANSWER_ROLES = {"route", "route_head", "alt_route", "later", "later_head", "badge", "badge_ring", "stop"}
PREDICTIONS = [(l.id, s.key) for l in load_all(TUTORIALS) for s in l.steps if s.predict is not None]


def drawn_roles(svg: str) -> set[str]:
    import re

    return set(re.findall(r'class="([^"]+)"', svg)) & ANSWER_ROLES


@pytest.mark.parametrize("lesson_id, key", PREDICTIONS)
def test_no_prediction_step_draws_its_answer_before_it_is_given(lesson_id, key):
    """Issue 10 §2: until the learner answers, neither the picture (SVG) nor its words (alt
    text) show the guard's route or the tied route not taken; once answered, they may."""
    s = at_step(lesson_id, key)
    assert s.predicting
    assert drawn_roles(s.picture("svg")) == set(), f"{lesson_id} {key}: the question's picture shows the answer"
    words = s.alt_text()
    assert "Route:" not in words and "Tied route" not in words and "He stops" not in words, words
    s.answer(s.step.predict.answer)
    assert not s.predicting


def test_predictions_are_asked_in_lessons_10_11_13_16_and_the_routes_come_once_answered():
    assert {lid for lid, _ in PREDICTIONS} >= {"10-guard-patrol", "11-clockwise-tie-break", "13-alarms-and-the-guard",
                                               "16-losing-stealth"}
    for lesson_id, key in PREDICTIONS[:2]:  # lessons 10 and 11 ask where the guard walks
        s = at_step(lesson_id, key)
        s.answer(s.step.predict.answer)
        assert {"route", "stop"} <= drawn_roles(s.picture("svg")), lesson_id
