"""The explorer page, driven kernel-side: click the widgets, read what they show."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("ipywidgets")

from burgle.web.explorer.app import ExplorerApp  # noqa: E402
from burgle.web.explorer.model import BANK_JOB  # noqa: E402


@pytest.fixture
def app():
    a = ExplorerApp()
    yield a
    assert a.errors == []


def classes(w):
    return set(w._dom_classes)


def test_stable_classes(app):
    assert {"burgle-explorer", "burgle-app"} <= classes(app.root)
    assert "burgle-picture" in classes(app.picture) and "<svg" in app.picture.value
    assert "burgle-route" in classes(app.route) and "burgle-explanation" in classes(app.explanation)
    assert "burgle-message" in classes(app.message)
    assert len(app.cell_buttons) == 16 and all("burgle-cell" in classes(b) for b in app.cell_buttons)
    assert len(app.wall_buttons) == 24 and all("burgle-wall" in classes(b) for b in app.wall_buttons.values())
    on = {w for w, b in app.wall_buttons.items() if "burgle-wall-on" in classes(b)}
    assert on == set(BANK_JOB[1])


def test_moving_the_guard_changes_route_text_and_picture(app):
    pic, route, expl = app.picture.value, app.route.value, app.explanation.value
    assert "<b class='burgle-cellname'>D2</b>" in route and "B1" in expl
    app.cell_button("C3").click()
    assert app.model.setup.guard == 10
    assert app.picture.value != pic and app.route.value != route
    assert "Route from <b class='burgle-cellname'>C3</b>" in app.route.value
    assert "burgle-message-ok" in classes(app.message) and "Guard on C3" in app.message.value
    assert app.cell_button("C3").description == "G" and "burgle-cell-guard" in classes(app.cell_button("C3"))
    assert app.cell_button("A1").description == "A1" and "burgle-cell-empty" in classes(app.cell_button("A1"))


def test_tools_place_die_alarms_and_players(app):
    app.tool.value = "destination"
    app.cell_button("B4").click()
    assert app.model.setup.destination == 13 and "⚁" in app.cell_button("B4").description
    app.tool.value = "alarm"
    app.cell_button("C1").click()
    assert app.model.setup.alarms == {2} and app.model.setup.destination == 2
    assert "C1" in app.alarms.value and "4 steps away" in app.alarms.value
    assert "die 2 + 1 alarm = 3 MP" in app.speed_text.value
    app.tool.value = "player"
    app.cell_button("B2").click()
    assert app.cell_button("B2").description == "P1"
    assert len(app._stealth_pickers) == 1
    app._stealth_pickers[0].value = 0
    assert app.model.setup.players[0].stealth == 0
    assert "catches" in app.picture.value or "caught" in app.moves.value


def test_wall_buttons_and_the_refused_cut(app):
    pic = app.picture.value
    app.wall_button("C3|D3").click()
    assert (10, 11) in app.model.setup.walls and "burgle-wall-on" in classes(app.wall_button("C3|D3"))
    assert app.picture.value != pic and "C3|D3" in app.walls_text.value
    walls = app.model.setup.walls
    pic = app.picture.value
    app.wall_button("A1/A2").click()  # with A1|B1 this walls A1 in
    assert "cut the floor apart" in app.message.value and "burgle-message-error" in classes(app.message)
    assert app.model.setup.walls == walls and app.picture.value == pic
    assert "burgle-wall-on" not in classes(app.wall_button("A1/A2"))


def test_walls_text_refused_keeps_state_and_the_typed_text(app):
    walls, pic = app.model.setup.walls, app.picture.value
    app.walls_text.value = "A1|B1, A1/A2"
    assert "Refused" in app.message.value and "A1 cannot be reached" in app.message.value
    assert app.model.setup.walls == walls and app.picture.value == pic
    assert app.walls_text.value == "A1|B1, A1/A2" and "burgle-invalid" in classes(app.walls_text)
    app.walls_text.value = "A1|C1"
    assert "joins a cell and the cell to its right" in app.message.value
    app.walls_text.value = "B2/B3"
    assert app.model.setup.walls == {(5, 9)} and "burgle-invalid" not in classes(app.walls_text)
    assert app.walls_text.value == "B2/B3"


def test_floor_choice_and_open_floor(app):
    app.wall_set.value = "2"
    assert app.model.setup.walls == BANK_JOB[2] and app.model.setup.floor == 2
    assert "Floor 2" in app.picture.value
    app.wall_set.value = "open"
    assert app.model.setup.walls == frozenset()
    app.wall_button("A1|B1").click()
    assert app.wall_set.value is None  # your own walls: no preset is selected


def test_command_field(app):
    app.command.value = "guard C4"
    assert app.model.setup.guard == 14 and app.command.value == ""
    app.command.value = "guard A1|B1"
    assert "is a wall, not a cell" in app.message.value and app.model.setup.guard == 14
    app.command.value = "guard D2"
    assert "holds his die" in app.message.value and app.model.setup.guard == 14
    app.command.value = "jump B2"
    assert "Unknown command" in app.message.value


def test_guard_onto_an_alarm_is_refused(app):
    app.tool.value = "alarm"
    app.cell_button("B3").click()
    app.tool.value = "guard"
    setup = app.model.setup
    app.cell_button("B3").click()
    assert "never stands on an alarm" in app.message.value and app.model.setup == setup


def test_speed_and_moves_ahead(app):
    pic = app.picture.value
    app.speed.value = 5
    assert app.model.setup.speed == 5 and app.picture.value != pic
    assert "die 5 = 5 MP" in app.speed_text.value and "⚄" in app.cell_button("D2").description
    app.turns.value = 1
    assert app.model.turns == 1 and "Move 2" not in app.moves.value


def test_tie_question_buttons(app):
    app.wall_set.value = "open"
    app.command.value = "guard B2"
    app.command.value = "alarm B4"
    app.command.value = "alarm D2"
    assert app.question.layout.display is None
    assert [b.description for b in app.choice_buttons] == ["His die to D2", "His die to B4"]
    assert "players choose" in app.question.children[0].value
    app.choice_buttons[1].click()
    assert app.model.setup.destination == 13 and app.question.layout.display == "none"


def test_patrol_panel(app):
    assert app.patrol_box.layout.display is None
    assert "burgle-heatmap" in app.patrol.value and "100%" in app.patrol.value
    app.patrol_layer.value = "destination"
    assert "next destination" in app.patrol.value
    app.seen_cards.value = "A1 A1"
    assert "appears twice" in app.message.value and "burgle-invalid" in classes(app.seen_cards)
    app.seen_cards.value = "A1 B3"
    assert app.model.seen_cards == (0, 9) and "A1, B3, D2" in app.patrol.value
    app.crew.value = 4
    assert app.model.crew == 4 and "0 aside" in app.patrol.value


def test_an_unexpected_error_is_shown_not_raised():
    a = ExplorerApp()
    a.model.click = lambda cell, tool: 1 / 0
    a.cell_button("B2").click()
    assert a.errors and "Something went wrong" in a.message.value


# ---------------------------------------------------------------------- issue 10
def test_the_hint_itself_works_several_commands_on_one_line(app):
    app.command.value = app.command.placeholder.split(" · player")[0]  # 'guard C3 · die A1 · alarm B2'
    s = app.model.setup
    assert s.guard == 10 and s.alarms == {5} and app.command.value == ""  # C3, B2
    before = app.model.setup
    app.command.value = "guard D4; alarm Z9"
    assert app.model.setup == before  # all or nothing
    assert "burgle-message-error" in classes(app.message) and "alarm Z9" in app.message.value


def test_the_floor_is_kept_in_the_browser_and_reset_asks(app):
    app.kept.loaded = True
    app.command.value = "guard C3 · alarm B2 · player D4"
    kept = app.kept.value
    assert kept and json.loads(kept)["guard"] == 10
    again = ExplorerApp()
    again.kept.restored = kept
    again.kept.loaded = True
    assert again.model.setup == app.model.setup and "last visit" in again.message.value
    again.reset_button.click()
    assert again.confirm.layout.display is None and again.model.setup == app.model.setup
    again.reset_yes.click()
    assert again.model.setup.guard == 0 and again.kept.value == ""
    bad = ExplorerApp()
    bad.kept.restored = '{"version": 1, "guard": 99}'
    bad.kept.loaded = True
    assert bad.model.setup.guard == 0 and bad.errors == []
    assert app.helper.title == "Burgle Bros. guard explorer"
