"""The tutor app built kernel-side, without a browser: click through lesson 01 via widget objects."""

from __future__ import annotations

import html
import shutil
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

import ipywidgets as widgets  # noqa: E402

from burgle.lessons import load_lesson  # noqa: E402
from burgle.web.tutor import TutorApp  # noqa: E402
from burgle.web.board import Board  # noqa: E402
from burgle.web.tutor.session import Progress  # noqa: E402

TUTORIALS = Path(__file__).parents[1] / "tutorials"
FIRST = load_lesson(TUTORIALS / "01-first-steps.toml")

CONTRACT_CLASSES = [
    "burgle-tutor", "burgle-lesson-list", "burgle-lesson", "burgle-lesson-view", "burgle-lesson-title",
    "burgle-narration", "burgle-picture", "burgle-feedback", "burgle-next", "burgle-back", "burgle-restart",
    "burgle-home", "burgle-search", "burgle-progress",
]
SINGLE = ["burgle-tutor", "burgle-lesson-list", "burgle-lesson-view", "burgle-lesson-title", "burgle-narration",
          "burgle-picture", "burgle-feedback", "burgle-next", "burgle-back", "burgle-restart", "burgle-home",
          "burgle-search", "burgle-progress"]


def walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def with_class(app, cls):
    return [w for w in walk(app.root) if cls in getattr(w, "_dom_classes", ())]


def visible(widget) -> bool:
    return widget.layout.display != "none"


@pytest.fixture
def folder(tmp_path):
    shutil.copy(TUTORIALS / "01-first-steps.toml", tmp_path)
    return tmp_path


@pytest.fixture
def app(folder):
    a = TutorApp(folder)
    a.store.loaded = True  # as if the browser had drawn the storage widget (nothing stored)
    yield a
    assert a.errors == []


def test_the_app_has_every_contract_class_once_where_tests_need_one(app):
    app.display()
    assert "burgle-ready" in app.root._dom_classes
    for cls in CONTRACT_CLASSES:
        assert with_class(app, cls), cls
    for cls in SINGLE:
        assert len(with_class(app, cls)) == 1, cls
    assert isinstance(with_class(app, "burgle-search")[0], widgets.Text)
    assert all(isinstance(w, widgets.HTML) for cls in ("burgle-narration", "burgle-feedback")
               for w in with_class(app, cls))
    assert isinstance(with_class(app, "burgle-picture")[0], Board)  # the board, its cells clickable


def test_the_real_tutorials_folder_lists_every_lesson_file():
    app = TutorApp(storage=False)
    files = sorted(TUTORIALS.glob("*.toml"))
    assert len(app.lesson_buttons) + len(app.problems) == len(files)
    assert app.lesson_buttons[FIRST.id].description == FIRST.title
    assert f"0 of {len(app.lessons)} lessons done" in app.progress_html.value


def test_home_shows_the_list_and_a_start_banner(app):
    assert visible(app.home_view) and not visible(app.lesson_view)
    assert [b.description for b in with_class(app, "burgle-lesson")] == [FIRST.title]
    assert "Welcome" in app.banner_html.value and app.continue_button.description.startswith("Start")
    app.continue_button.click()
    assert app.session.lesson.id == FIRST.id and visible(app.lesson_view) and not visible(app.home_view)


def test_click_through_lesson_01(app):
    app.lesson_buttons[FIRST.id].click()
    assert visible(app.lesson_view) and html.escape(FIRST.title) in app.title_html.value
    assert "<svg" in app.picture.value and app.picture.value.count("<svg") == 1
    assert not app.picture.value.lstrip().startswith("<?xml")
    assert "Describe the picture" in app.alt_html.value and "Floor 1" in app.alt_html.value
    # read-only intro: no actions, just Next
    assert app.action_buttons == [] and not app.next_button.disabled and app.back_button.disabled
    app.next_button.click()

    # peek step: the engine's legal actions, as buttons with the exact action text
    assert sorted(b.description for b in app.action_buttons) == sorted(app.session.legal_actions())
    assert all("burgle-action" in b._dom_classes for b in app.action_buttons)
    assert app.next_button.disabled
    assert "<b class='burgle-cell'>1B2</b>" in app.narration.value

    before = app.picture.value
    app.find_action("move 1B2").click()
    assert "burgle-feedback-wrong" in app.feedback._dom_classes
    assert "burgle-feedback-right" not in app.feedback._dom_classes
    assert "Peeking first costs the same" in app.feedback.value
    assert app.picture.value == before and app.next_button.disabled

    app.find_action("peek 1B2").click()
    assert "burgle-feedback-right" in app.feedback._dom_classes
    assert "burgle-feedback-wrong" not in app.feedback._dom_classes
    assert "When a Lavatory is revealed it gets 3 Stealth tokens" in app.feedback.value  # 'after'
    assert "is revealed: Lavatory (5)." in app.feedback.value  # the engine's happenings
    assert app.picture.value != before
    assert app.action_buttons == [] and not app.next_button.disabled

    for action in ("move 1B2", "move 1B1", "end"):
        app.next_button.click()
        assert "burgle-feedback-right" not in app.feedback._dom_classes  # a new step starts clean
        app.find_action(action).click()
        assert "burgle-feedback-right" in app.feedback._dom_classes, app.feedback.value
    assert "Guard of floor 1 steps to <b class='burgle-cell'>1D2</b>" in app.feedback.value
    assert "Lesson complete" in app.feedback.value
    assert app.next_button.description == "All lessons ▸"  # the only lesson in this folder

    app.next_button.click()
    assert visible(app.home_view)
    assert app.lesson_buttons[FIRST.id].description == "✓ " + FIRST.title
    assert "1 of 1 lesson done" in app.progress_html.value
    assert Progress.from_json(app.store.progress).completed == [FIRST.id]


def test_illegal_and_other_feedback_through_act(app):
    app.open_lesson(FIRST.id, 1)
    fb = app.act("peek 1D4")
    assert fb.kind == "illegal" and "burgle-feedback-wrong" in app.feedback._dom_classes
    assert "burgle-feedback-illegal" in app.feedback._dom_classes and "ACT-2" in app.feedback.value
    fb = app.act("peek 1A1")
    assert fb.kind == "other" and "burgle-feedback-other" in app.feedback._dom_classes
    assert app.session.game.log == []


def test_back_restart_and_home_buttons(app):
    app.open_lesson(FIRST.id, 1)
    app.find_action("peek 1B2").click()
    app.next_button.click()
    assert app.session.step.key == "move"
    app.back_button.click()
    assert app.session.step.key == "peek" and app.session.waiting
    assert "peek 1B2" in [b.description for b in app.action_buttons]
    app.restart_button.click()  # a step has been done: it asks first
    assert visible(app.confirm_box) and app.session.index == 1
    app.restart_no.click()
    assert not visible(app.confirm_box) and app.session.index == 1
    app.restart_button.click()
    app.restart_yes.click()
    assert app.session.index == 0 and app.session.game.log == [] and not visible(app.confirm_box)
    app.restart_button.click()  # nothing done yet: no question
    assert not visible(app.confirm_box) and app.session.index == 0
    app.home_button.click()
    assert visible(app.home_view) and not visible(app.lesson_view)
    assert "Pick up where you left off" in app.banner_html.value  # the place is remembered


def test_progress_is_saved_for_the_browser_and_restored_from_it(folder):
    app = TutorApp(folder)
    app.open_lesson(FIRST.id, 2)
    assert app.store.progress == ""  # nothing is written before the browser has said what it holds
    stored = Progress(completed=["01-first-steps", "gone-lesson"], lesson=None)
    app.store.restored = stored.to_json()
    app.store.loaded = True
    saved = Progress.from_json(app.store.progress)
    assert saved.completed == ["01-first-steps", "gone-lesson"] and (saved.lesson, saved.step) == (FIRST.id, 2)
    assert app.lesson_buttons[FIRST.id].description.startswith("✓ ")
    assert "1 of 1 lesson done" in app.progress_html.value  # unknown ids do not count

    fresh = TutorApp(folder)
    fresh.store.restored = Progress(lesson=FIRST.id, step=3).to_json()
    fresh.store.loaded = True
    fresh.continue_button.click()
    assert (fresh.session.lesson.id, fresh.session.step.key) == (FIRST.id, "move-again")
    assert fresh.errors == [] and app.errors == []


@pytest.mark.parametrize("garbage", ["not json", '{"completed": 7}', '["x"]', '{"current": {"lesson": []}}'])
def test_garbage_in_storage_does_not_break_the_page(folder, garbage):
    app = TutorApp(folder)
    app.store.restored = garbage
    app.store.loaded = True
    assert app.errors == [] and app.progress.completed == []
    app.lesson_buttons[FIRST.id].click()
    assert "<svg" in app.picture.value


def test_search_hits_open_their_lesson(app):
    app.search.value = "lavatory"
    assert app.hit_buttons and all("burgle-hit" in b._dom_classes for b in app.hit_buttons)
    assert "<mark>Lavatory</mark>" in app.results.children[0].children[0].value
    app.hit_buttons[0].click()
    assert visible(app.lesson_view) and app.session.lesson.id == FIRST.id
    assert app.session.step.key == "intro"  # the scene of the step that teaches it (peek)

    app.home_button.click()
    app.search.value = "GUARD-9"  # no lesson here teaches it: the closest one is offered
    assert "No lesson teaches GUARD-9 yet" in app.results.children[0].children[0].value
    # the hit shows the rule's full wording, not only its title (issue 9)
    assert "Full rule: GUARD-9" in app.results.children[0].children[0].value
    assert "the leftmost from the guard" in app.results.children[0].children[0].value
    app.hit_buttons[0].click()
    assert app.session.lesson.id == FIRST.id


def test_search_text_is_escaped_and_never_run(app, tmp_path):
    marker = tmp_path / "ran"
    app.search.value = f"__import__('os').system('touch {marker}')"
    app.search.value = "<script>alert(1)</script>"
    assert not marker.exists()
    shown = "".join(w.value for w in walk(app.results) if isinstance(w, widgets.HTML))
    assert "<script>" not in shown and "&lt;script&gt;" in shown
    app.search.value = ""
    assert app.results.children == () and app.hit_buttons == []


def test_new_and_broken_lesson_files_appear_when_going_home(app, folder):
    text = (folder / "01-first-steps.toml").read_text()
    (folder / "02-copy.toml").write_text(
        text.replace('id = "01-first-steps"', 'id = "02-copy"').replace("order = 1", "order = 2")
        .replace("First steps:", "Second steps:"))
    (folder / "03-broken.toml").write_text('id = "03-broken"\ntitle = "Half written"\n[scenario\n')
    app.open_lesson(FIRST.id)
    app.home_button.click()
    assert list(app.lesson_buttons) == ["01-first-steps", "02-copy"]
    assert "03-broken" in app.list_note.value and "could not be read" in app.list_note.value
    app.lesson_buttons["02-copy"].click()
    assert app.session.lesson.id == "02-copy"


BIG = '''
id = "90-big"
order = 90
title = "Blueprints everywhere"
summary = "A step with many legal actions."
rules = ["TOOL-1"]
[scenario]
seed = 1
entrance = "1A2"
[[scenario.characters]]
character = "peterman"
cell = "1B2"
tools = ["blueprints"]
[scenario.tiles]
"1A2" = "foyer 1 revealed downstairs"
"1B2" = "secret_door 1 revealed"
"2B2" = "lavatory 5"
[[scenario.guards]]
floor = 1
cell = "1D1"
die = "1D2"
speed = 2
deck = ["1A4", "1D4"]
[[steps]]
key = "look"
text = "Look at 2B2 with the Blueprints."
highlight = ["2B2"]
expect = "use blueprints 2B2"
right = "Seen."
after = "2B2 is a Lavatory."
happened = ["reveal 2B2"]
'''


def test_a_big_group_shows_the_marked_actions_first_and_a_show_all_button(folder):
    (folder / "90-big.toml").write_text(BIG)
    app = TutorApp(folder, storage=False)
    app.open_lesson("90-big")
    assert app.session.floors == (1, 2)
    assert "burgle-wide" in app.body._dom_classes
    group = next(g for g in app.session.action_groups() if g.label == "Use Blueprints")
    shown = [b.description for b in app.action_buttons if b.description.startswith("use blueprints")]
    assert len(group.actions) > 12 and len(shown) == 8 and shown[0] == "use blueprints 2B2"
    more = [w for w in walk(app.actions_box) if "burgle-more-actions" in getattr(w, "_dom_classes", ())]
    assert len(more) == 1
    more[0].click()
    shown = [b.description for b in app.action_buttons if b.description.startswith("use blueprints")]
    assert sorted(shown) == sorted(group.actions)
    app.find_action("use blueprints 2B2").click()
    assert "burgle-feedback-right" in app.feedback._dom_classes
    assert app.errors == []


def test_replaced_widgets_are_closed_and_wrong_clicks_keep_the_buttons(app):
    app.open_lesson(FIRST.id, 1)
    buttons = list(app.action_buttons)
    app.find_action("move 1B2").click()  # wrong: same step, same choices
    assert app.action_buttons == buttons and all(b.comm is not None for b in buttons)
    app.find_action("peek 1B2").click()
    assert app.action_buttons == [] and all(b.comm is None for b in buttons)  # closed
    app.home_button.click()
    app.search.value = "peek"
    hits = list(app.hit_buttons)
    app.search.value = "lavatory"
    assert hits and all(b.comm is None for b in hits)


def test_a_lesson_whose_scenario_does_not_load_is_reported_not_fatal(folder):
    text = (folder / "01-first-steps.toml").read_text()
    (folder / "02-bad-scenario.toml").write_text(
        text.replace('id = "01-first-steps"', 'id = "02-bad-scenario"').replace("order = 1", "order = 2")
        .replace('character = "hawk"', 'character = "nobody"'))
    (folder / "03-same-id.toml").write_text(text)
    app = TutorApp(folder, storage=False)
    assert list(app.lesson_buttons) == ["01-first-steps", "02-bad-scenario"]
    assert "already has the lesson id" in app.list_note.value
    app.lesson_buttons["02-bad-scenario"].click()
    assert app.errors == [] and visible(app.home_view) and "cannot be opened yet" in app.banner_html.value
    app.lesson_buttons[FIRST.id].click()
    assert app.session.lesson.id == FIRST.id


# ---------------------------------------------------------------------- issue 10
@pytest.fixture
def all_lessons():
    a = TutorApp(TUTORIALS)
    a.store.loaded = True
    yield a
    assert a.errors == []


def test_typed_actions_are_judged_by_the_engine_with_the_rule(app):
    app.open_lesson(FIRST.id, 1)
    app.typed.value = "peek 1D4"  # what the browser sends on Enter
    assert app.session.feedback.kind == "illegal" and "ACT-2" in app.feedback.value
    assert app.typed.value == ""  # emptied for the next try
    assert app.helper.focus.startswith(".burgle-tutor .burgle-feedback#")  # the focus goes to the answer
    app.typed.value = "fly away"
    assert "not an action the game knows" in app.feedback.value
    app.typed.value = "  peek 1B2 "
    assert app.session.feedback.kind == "right" and app.session.acted


def test_a_prediction_step_asks_first_on_the_board_then_shows_the_route(all_lessons):
    app = all_lessons
    lesson = app.by_id["11-clockwise-tie-break"]
    app.open_lesson(lesson.id, [s.key for s in lesson.steps].index("fork"))
    assert visible(app.predict_box) and [b.description for b in app.answer_buttons] == ["1B1", "1C2"]
    assert app.action_buttons == [] and not visible(app.actions_box)
    hidden = app.picture.value
    assert app.click_cell("1C2").kind == "wrong"  # a click on the board answers
    assert "The answer: <b class='burgle-cell'>1B1</b>" in app.feedback.value
    assert "Nothing changed" not in app.feedback.value and all(b.disabled for b in app.answer_buttons)
    assert app.picture.value != hidden  # the route is drawn now
    assert "move 1C2" in [b.description for b in app.action_buttons]
    app.click_cell("1B1")  # answered: a click is no answer any more (at most an action on 1B1)
    assert app.session.answered == "1C2"


def test_choice_predictions_by_button(all_lessons):
    app = all_lessons
    lesson = app.by_id["16-losing-stealth"]
    app.open_lesson(lesson.id, [s.key for s in lesson.steps].index("foyer"))
    next(b for b in app.answer_buttons if b.description == "1").click()
    assert app.session.feedback.kind == "right" and "burgle-feedback-right" in app.feedback._dom_classes
    assert "burgle-answer-right" in app.answer_buttons[1]._dom_classes


def test_action_labels_name_characters_and_the_panel_shows_cards_decks_and_safes(all_lessons):
    app = all_lessons
    lesson = app.by_id["45-loot-gemstone-tiara-painting"]
    session = app.open_lesson(lesson.id)
    while session.step.expect is None or not str(session.step.expect).startswith("give"):
        if session.step.predict is not None:
            session.answer(session.step.predict.answer)
        if session.step.expect is not None:
            session.try_action(str(session.step.expect))
        assert session.next()
    app._render_lesson()
    give = str(session.step.expect)
    button = app.find_action(give)
    assert button.description != give and " to " in button.description  # 'give Painting to Spotter'
    assert give.split()[-1] not in button.description.split()  # no seat number
    state = app.state_html.value
    assert "Patrol deck" in state and "Events" in state and "Loot" in state
    held = session.game.s.characters[session.game.s.active].loot
    assert held and all(session.game.card_name(k) in state for k in held)


def test_rule_tooltips_keep_their_text_when_cells_are_bolded():
    from burgle.data.rules import RULE_INDEX
    from burgle.web.tutor.app import rich

    out = rich("Just say 'C2' (CONV-2), as on 2C3.")
    assert f"title='{html.escape(RULE_INDEX['CONV-2'], quote=True)}'" in out
    assert out.count("<b class='burgle-cell'>") == 1


def test_lessons_are_listed_under_the_parts_their_files_name(all_lessons):
    heads = [w.value for w in with_class(all_lessons, "burgle-section")]
    assert any("Tools and loot" in h for h in heads)
    part = next(w for w in with_class(all_lessons, "burgle-lesson-section") if "Tools and loot" in w.children[0].value)
    titles = [b.description for b in walk(part) if "burgle-lesson" in getattr(b, "_dom_classes", ())]
    assert all_lessons.by_id["40-tools-free-and-once"].title in [t.lstrip("✓ ") for t in titles]


def test_the_page_names_itself_and_marks_its_live_regions(all_lessons):
    assert all_lessons.helper.title == "Burgle Bros. tutor"
    assert ".burgle-tutor .burgle-feedback" in all_lessons.helper.live
    assert "href='#burgle-lookup'" in with_class(all_lessons, "burgle-skip-box")[0].value
    assert "⛔" not in html.unescape(str([w.value for w in walk(all_lessons.root) if hasattr(w, "value")]))


def test_the_game_panel_shows_only_what_players_see():
    """A face-down Safe is 'not found yet'; two games differing only in face-down tiles and
    deck orders give the same panel (hidden information stays hidden)."""
    from burgle.engine.game import Game
    from burgle.web.ui import game_state_html

    a, b = Game.new(seed=3, characters=["hawk"]), Game.new(seed=4, characters=["hawk"])
    assert game_state_html(a).count("Safe not found yet") == 3
    for g in (a, b):  # same public facts: deck sizes and discard piles, no tile revealed
        for guard in g.s.guards:
            guard.discard = ()
    assert game_state_html(a) == game_state_html(b)
