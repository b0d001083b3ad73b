"""The clickable board (burgle.web.board), kernel side: what each cell offers, what a
click does, and that nothing in it depends on hidden information (issue 10 §2)."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from burgle.engine.game import Game  # noqa: E402
from burgle.web.board import Board, cell_targets  # noqa: E402
from burgle.web.sandbox.app import SandboxApp  # noqa: E402
from burgle.web.tutor import TutorApp  # noqa: E402
from burgle.web.ui import action_label  # noqa: E402

CELL = re.compile(r"\b[1-3][A-D][1-4]\b")


@pytest.fixture
def sandbox():
    a = SandboxApp(seed=7, characters=("hawk", "peterman"))
    yield a
    assert a.errors == []


def test_the_svg_marks_each_drawn_cell_once():
    game = Game.new(seed=1, characters=["hawk"])
    from burgle.pictures import render

    svg = render(game)  # three floors
    cells = re.findall(r'data-cell="([1-3][A-D][1-4])"', svg)
    assert sorted(cells) == sorted(f"{f}{c}{r}" for f in "123" for c in "ABCD" for r in "1234")
    one = render(game, floors=2)
    assert set(re.findall(r'data-cell="(\w+)"', one)) == {f"2{c}{r}" for c in "ABCD" for r in "1234"}


def test_every_cell_offers_exactly_the_legal_actions_that_name_it(sandbox):
    sandbox.act("entrance 1B2")
    legal = sandbox.model.legal()
    offered = {p[1] for picks in sandbox.picture.targets.values() for p in picks}
    assert offered == {a for a in legal if CELL.search(a)} and offered  # 'end' names no cell: button only
    for cell, picks in sandbox.picture.targets.items():
        for kind, text, label in picks:
            assert kind == "act" and cell in text.split() and label == action_label(sandbox.model.game, text)


def test_a_click_with_one_action_does_it_and_with_several_offers_them(sandbox):
    assert sandbox.picture.picks("1C1") == [["act", "entrance 1C1", "entrance 1C1"]]
    sandbox.picture.click("1C1")  # the only action: done at once
    assert [str(a) for a in sandbox.model.game.log] == ["entrance 1C1"]
    menu = sandbox.picture.click("1D1")  # move and peek: the page shows a menu
    assert [p[1] for p in menu] == ["move 1D1", "peek 1D1"] and len(sandbox.model.game.log) == 1
    sandbox.picture.pick(*menu[1][:2])
    assert [str(a) for a in sandbox.model.game.log] == ["entrance 1C1", "peek 1D1"]
    assert sandbox.picture.picks("1C2") == [["act", "xray 1C2", "xray 1C2"]]  # a wall between: the Hawk's X-ray
    sandbox.picture.click("1C2")
    assert str(sandbox.model.game.log[-1]) == "xray 1C2"
    assert sandbox.picture.click("3D4") == []  # nothing names it: nothing happens


def test_a_stale_or_forged_pick_is_dropped_and_changes_nothing(sandbox):
    sandbox.act("entrance 1B2")
    state = sandbox.model.game.to_dict()
    for kind, value in (("act", "entrance 1A1"), ("act", "move 3D4"), ("answer", "1B1"), ("act", "end")):
        assert sandbox.picture.pick(kind, value) is None
    sandbox.picture._message(sandbox.picture, {"pick": ["act", "entrance 1A1"]}, [])  # as the browser sends it
    sandbox.picture._message(sandbox.picture, {"pick": "move 1B1"}, [])  # malformed: ignored
    assert sandbox.model.game.to_dict() == state and sandbox.picture.dropped == 5
    sandbox.picture._message(sandbox.picture, {"pick": ["act", "move 1B1"]}, [])
    assert str(sandbox.model.game.log[-1]) == "move 1B1"


def test_what_the_board_offers_depends_on_the_view_alone():
    game = Game.new(seed=3, characters=["hawk", "peterman"])
    game.apply("entrance 1B2")
    game.apply("peek 1C2")
    other = game.redeal(11)
    assert other.view() == game.view() and other.to_dict() != game.to_dict()
    label = lambda g: (lambda t: action_label(g, t))  # noqa: E731
    assert (cell_targets([str(a) for a in game.legal_actions()], label(game))
            == cell_targets([str(a) for a in other.legal_actions()], label(other)))


def test_the_tutor_acts_through_the_board():
    app = TutorApp(storage=False)
    app.open_lesson("01-first-steps", 1)  # 'peek 1B2'
    menu = app.click_cell("1B2")  # move or peek: a menu, nothing done yet
    assert [p[1] for p in menu] == ["move 1B2", "peek 1B2"] and not app.session.acted
    fb = app.picture.pick("act", "move 1B2")  # allowed, but not this step's action
    assert fb.kind == "wrong" and not app.session.acted  # the lesson explains why not
    fb = app.picture.pick("act", "peek 1B2")
    assert fb.right and app.session.acted
    assert app.helper.focus.startswith(".burgle-tutor .burgle-feedback#")  # focus goes to the feedback
    assert app.picture.targets == {} and "press Next" in app.picture.idle  # done: the board offers nothing
    app.next()  # 'move 1B2': the only action on the face-up 1B2
    assert app.picture.picks("1B2") == [["act", "move 1B2", "move 1B2"]]
    fb = app.click_cell("1B2")
    assert fb.right and app.session.acted


def test_a_prediction_on_the_board_is_answered_by_a_cell_and_offers_no_action_before():
    app = TutorApp(storage=False)
    lesson = app.by_id["11-clockwise-tie-break"]
    app.open_lesson(lesson.id, [s.key for s in lesson.steps].index("fork"))
    assert set(app.picture.targets) == {"1B1", "1C2"}  # only the cells offered, and no action
    assert all(p[0] == "answer" for picks in app.picture.targets.values() for p in picks)
    assert app.picture.pick("act", "move 1C2") is None and not app.session.acted
    app.picture.click("1B1")
    assert app.session.answered == "1B1" and app.session.feedback.right
    assert any(p[0] == "act" for picks in app.picture.targets.values() for p in picks)


def test_board_show_sends_nothing_unchanged():
    b = Board()
    seen = []
    b.observe(lambda c: seen.append(c["name"]), names=["value", "targets", "idle"])
    b.show("<svg/>", {"1A1": [["act", "move 1A1", "move 1A1"]]}, "")
    b.show("<svg/>", {"1A1": [["act", "move 1A1", "move 1A1"]]}, "")
    assert seen == ["value", "targets"]


def test_the_explorer_picture_uses_the_chosen_tool_on_a_clicked_cell():
    from burgle.web.explorer.app import ExplorerApp

    app = ExplorerApp()
    assert app.picture.picks("C3") == [["cell", "C3", "guard: C3"]]
    app.picture.click("C3")
    assert app.model.setup.guard == 10 and app.errors == []
    app.tool.value = "alarm"
    assert app.picture.picks("A1") == [["cell", "A1", "alarm: A1"]]
    app.picture.click("A1")
    assert 0 in app.model.setup.alarms
