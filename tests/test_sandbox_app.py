"""The sandbox page, driven kernel-side: click the widgets, read what they show."""

from __future__ import annotations

import datetime
import json

import pytest

pytest.importorskip("ipywidgets")

from burgle.web.sandbox.app import SandboxApp  # noqa: E402


@pytest.fixture
def app():
    a = SandboxApp(seed=7, characters=("hawk", "peterman"))
    yield a
    assert a.errors == []


def classes(w):
    return set(w._dom_classes)


def upload(app, name: str, content: bytes) -> None:
    app.upload.value = ({"name": name, "type": "application/json", "size": len(content),
                         "content": memoryview(content), "last_modified": datetime.datetime.now()},)


def test_stable_classes(app):
    assert {"burgle-sandbox", "burgle-app"} <= classes(app.root)
    assert "burgle-picture" in classes(app.picture) and "<svg" in app.picture.value
    assert "burgle-log" in classes(app.log) and "burgle-rewind" in classes(app.rewind)
    assert all("burgle-action" in classes(b) for b in app.action_buttons)
    assert [b.description for b in app.action_buttons][:2] == ["entrance 1A1", "entrance 1B1"]


def test_actions_log_and_picture(app):
    pic = app.picture.value
    app.find_action("entrance 1B2").click()
    assert "burgle-message-ok" in classes(app.message) and "1. Hawk: entrance 1B2" in app.message.value
    assert app.picture.value != pic and "entrance 1B2" in app.log.value
    assert "Turn 1: Hawk to act, 4 of 4 actions left" in app.status.value
    assert [b.description for b in app.action_buttons] == app.model.legal()
    app.find_action("move 1B1").click()
    assert "Hawk" in app.crew.value and "on <b>1B1</b>" in app.crew.value
    assert app.log.value.index("move 1B1") < app.log.value.index("entrance 1B2")  # newest first


def test_rewind_dropdown_undo_and_replay(app):
    for t in ("entrance 1B2", "move 1B1", "peek 1C1"):
        app.find_action(t).click()
    pic3 = app.picture.value
    assert app.rewind.value == 3 and [label for label, _ in app.rewind.options][1] == "1. Hawk: entrance 1B2"
    app.rewind.value = 1
    assert len(app.model.game.log) == 1 and app.picture.value != pic3
    assert "Back to after action 1" in app.message.value
    assert [label for label, _ in app.rewind.options][2:] == ["↷ 2. move 1B1", "↷ 3. peek 1C1"]
    assert not app.redo_button.disabled and app.redo_button.tooltip == "Replay: move 1B1"
    app.rewind.value = 3  # forward again, through the replayable actions
    assert [str(a) for a in app.model.game.log] == ["entrance 1B2", "move 1B1", "peek 1C1"]
    assert app.picture.value == pic3
    app.undo_button.click()
    assert len(app.model.game.log) == 2 and app.rewind.value == 2
    app.redo_button.click()
    assert len(app.model.game.log) == 3 and app.redo_button.disabled
    app.rewind.value = 0
    assert app.model.game.log == [] and app.undo_button.disabled


def test_save_link_text_and_load_round_trip(app):
    for t in ("entrance 1B2", "move 1B1"):
        app.find_action(t).click()
    app.save_button.click()
    assert "download='burgle-seed7-2-actions.json'" in app.save_link.value
    assert "href='data:application/json;base64," in app.save_link.value
    saved, state = app.save_text.value, app.model.game.to_dict()
    app.seed.value = 99
    app.new_button.click()  # two actions played: it asks before discarding them
    assert app.confirm.layout.display is None and app.model.game.origin["seed"] == 7
    app.new_no.click()
    assert app.confirm.layout.display == "none" and len(app.model.game.log) == 2
    app.new_button.click()
    app.new_yes.click()
    assert app.model.game.origin["seed"] == 99 and app.model.game.log == []
    upload(app, "mine.json", saved.encode())
    assert app.model.game.to_dict() == state and "Loaded a game (seed 7)" in app.message.value
    assert app.seed.value == 7 and app.upload.value == ()
    app.seed.value = 5
    app.new_button.click()
    app.new_yes.click()
    app.save_text.value = saved
    app.load_text_button.click()
    assert app.model.game.to_dict() == state


@pytest.mark.parametrize("edit, field", [
    (lambda d: d.update(version=3), "version"),
    (lambda d: d["state"]["characters"][0].update(stealth=9), "state.characters[0].stealth"),
    (lambda d: d["actions"].__setitem__(0, "entrance 4Z9"), "actions[0]"),
])
def test_bad_save_files_show_a_message_and_keep_the_game(app, edit, field):
    app.find_action("entrance 1B2").click()
    app.save_button.click()
    doc = json.loads(app.save_text.value)
    edit(doc)
    app.find_action("move 1B1").click()
    state, pic = app.model.game.to_dict(), app.picture.value
    upload(app, "edited.json", json.dumps(doc).encode())
    assert "burgle-message-error" in classes(app.message)
    assert "edited.json" in app.message.value and field in app.message.value.replace("&#x27;", "'")
    assert "kept" in app.message.value
    assert app.model.game.to_dict() == state and app.picture.value == pic
    assert "edited.json" in app.load_message.value and "kept" in app.load_message.value  # beside Load
    assert app.save_link.value == ""  # the earlier save's link is gone
    upload(app, "notes.txt", b"shopping list")
    assert "not a burgle save" in app.message.value and app.model.game.to_dict() == state
    assert "⛔" not in app.message.value and "<svg" in app.message.value  # no emoji font needed


def test_new_game_form(app):
    app.seat_pickers[1].value = "raven"
    app.side_pickers[1].value = "advanced"
    app.seat_pickers[2].value = "juicer"
    app.seed.value = 12
    app.new_button.click()
    assert [(c.name, c.side) for c in app.model.crew()] == [("Hawk", "basic"), ("Raven", "advanced"),
                                                           ("Juicer", "basic")]
    app.seat_pickers[2].value = "hawk"
    before = app.model.game.to_dict()
    app.new_button.click()
    assert "exists once" in app.message.value and app.model.game.to_dict() == before
    for p in app.seat_pickers:
        p.value = "random"
    app.new_button.click()
    assert len(app.model.crew()) == 4
    app.seat_pickers[0].value = "hawk"
    app.new_button.click()
    assert "'random' for every seat" in app.message.value
    for p in app.seat_pickers:
        p.value = "-"
    app.new_button.click()
    assert "at least one character" in app.message.value


def test_floors_choice(app):
    app.find_action("entrance 1B2").click()
    assert app.floors.value == "play" and "Floor 2" not in app.picture.value
    app.floors.value = "all"
    assert "Floor 2" in app.picture.value and "Floor 3" in app.picture.value
    app.floors.value = "3"
    assert "Floor 3" in app.picture.value and "Floor 1" not in app.picture.value


def test_a_pending_choice_is_shown_as_its_own_group():
    from burgle.engine.game import Game
    from burgle.web.sandbox.model import Sandbox

    game = Game.from_scenario("""
[[characters]]
character = "hawk"
cell = "1A1"
[tiles]
1A1 = "foyer 1 revealed"
1A2 = "laser 1 revealed"
[[guards]]
floor = 1
cell = "1D4"
die = "1D3"
""")
    sb = Sandbox.__new__(Sandbox)
    sb._set(game, [], [])
    a = SandboxApp(model=sb)
    a.find_action("move 1A2").click()
    assert {b.description for b in a.action_buttons} == {"laser quiet", "laser alarm"}
    label = a.actions.children[0].children[0].value
    assert "Hawk chooses" in label and "TILE-12" in label
    assert "burgle-group-choice" in classes(a.actions.children[0])
    a.find_action("laser quiet").click()
    assert a.model.game.actions_left == 2 and a.errors == []


def test_big_groups_are_folded():
    from burgle.web.sandbox.app import BIG_GROUP

    a = SandboxApp(seed=7)
    assert len(a.model.legal()) == 16 > BIG_GROUP
    assert len(a.action_buttons) < 16
    more = a.actions.children[0].children[1].children[-1]
    assert more.description.startswith("+") and "burgle-more-actions" in classes(more)
    more.click()
    assert len(a.action_buttons) == 16


def test_the_game_is_kept_in_the_browser_and_comes_back(app):
    app.kept.loaded = True  # the browser has drawn the widget: nothing was kept
    app.find_action("entrance 1B2").click()
    kept = app.kept.value
    assert json.loads(kept)["actions"] == ["entrance 1B2"]
    again = SandboxApp(seed=1)
    again.kept.restored = kept  # the next visit: the browser hands the game back
    again.kept.loaded = True
    assert again.model.game.to_dict() == app.model.game.to_dict()
    assert "last visit" in again.message.value and again.seed.value == 7
    broken = SandboxApp(seed=1)
    broken.kept.restored = "{not a save"
    broken.kept.loaded = True
    assert broken.model.game.log == [] and broken.kept.value == "" and broken.errors == []


def test_typed_actions_labels_and_the_table(app):
    app.typed.value = "move 1B2"
    assert "burgle-message-error" in classes(app.message) and "move 1B2" in app.message.value
    app.typed.value = "entrance 1B2"
    assert app.model.game.log and app.typed.value == ""
    assert "Patrol deck" in app.table.value and "Events" in app.table.value
    assert app.helper.title == "Burgle Bros. sandbox"
    assert app.rewind.description  # the select has a name
