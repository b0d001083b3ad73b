"""Acting on the board itself (issue 10 §2), in Chromium: a click on a cell does its one
action or offers its actions; the keyboard moves between cells and acts. Clicks are
Playwright's normal ones (they fail when something covers the cell), never forced."""

from __future__ import annotations

import pytest

from test_accessibility import audit
from test_tutor_page import LOAD_TIMEOUT_MS, feedback_text, lesson_button, open_tutor, words
from burgle.lessons import load_lesson
from burgle.lessons.model import lessons_dir
from waiting import wait_for_js

pytestmark = [pytest.mark.browser, pytest.mark.flaky(reruns=2, reruns_delay=2)]

LESSON = load_lesson(lessons_dir() / "01-first-steps.toml")


def cell(page, name: str, root: str = ".burgle-tutor"):
    return page.locator(f"{root} .burgle-picture .burgle-hit[data-cell='{name}']")


def wait_feedback(page, kind: str) -> None:
    page.locator(f".burgle-feedback.burgle-feedback-{kind}").wait_for(state="visible")


def focused_cell(page) -> str | None:
    return page.evaluate("() => document.activeElement && document.activeElement.getAttribute('data-cell')")


def test_lesson_01_played_on_the_board_by_mouse_and_keyboard(page, tutor_url):
    open_tutor(page, tutor_url)
    lesson_button(page, LESSON).click()
    page.locator(".burgle-lesson-view").wait_for(state="visible")
    page.locator("button.burgle-next").click()  # the intro step

    # step 'peek 1B2': a click on the face-down 1B2 offers move and peek, and names no tile
    hit = cell(page, "1B2")
    hit.wait_for(state="visible")
    wait_for_js(page, "() => document.querySelector(\".burgle-hit[data-cell='1B2']\")"
                           ".getAttribute('aria-label').includes('peek')")
    assert hit.get_attribute("aria-label") == "1B2: move 1B2, peek 1B2"
    assert page.locator(".burgle-picture .burgle-hit").count() == 16
    assert page.locator(".burgle-picture .burgle-hit[tabindex='0']").count() == 1  # one cell in the Tab order
    hit.click()
    menu = page.locator(".burgle-picture .burgle-cell-menu")
    menu.wait_for(state="visible")
    assert [words(t) for t in menu.locator("button").all_inner_texts()] == ["move 1B2", "peek 1B2", "Cancel"]
    audit(page, "a lesson step with a cell's menu open")
    menu.locator("button.burgle-cell-choice", has_text="peek 1B2").click()
    wait_feedback(page, "right")
    assert "peek 1B2" in feedback_text(page) and menu.is_hidden()
    page.locator("button.burgle-next").click()

    # step 'move 1B2' by keyboard: arrows move the focus between cells, Enter acts
    wait_for_js(page, "() => document.querySelector(\".burgle-hit[data-cell='1B2']\")"
                           ".getAttribute('aria-label') === '1B2: move 1B2'")
    cell(page, "1B2").focus()
    page.keyboard.press("ArrowLeft")
    assert focused_cell(page) == "1A2"
    page.keyboard.press("ArrowUp")
    assert focused_cell(page) == "1A1"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    assert focused_cell(page) == "1B2"
    page.keyboard.press("Enter")
    wait_feedback(page, "right")
    assert "move 1B2" in feedback_text(page)
    wait_for_js(page, "() => document.activeElement.closest('.burgle-feedback') !== null")  # focus: the answer
    page.locator("button.burgle-next").click()

    # step 'move 1B1': Enter on a cell with two actions opens the menu; Escape closes it
    wait_for_js(page, "() => (document.querySelector(\".burgle-hit[data-cell='1B1']\")"
                           ".getAttribute('aria-label') || '').includes('move 1B1')")
    cell(page, "1D4").click()  # nothing names it: the note says how to try any action
    page.locator(".burgle-picture .burgle-cell-note", has_text="No legal action names 1D4 now").wait_for()
    assert "type it in the box" in page.locator(".burgle-picture .burgle-cell-note").inner_text()
    cell(page, "1B1").focus()
    page.keyboard.press("Enter")
    menu.wait_for(state="visible")
    assert page.evaluate("() => document.activeElement.classList.contains('burgle-cell-choice')")
    page.keyboard.press("Escape")
    menu.wait_for(state="hidden")
    assert focused_cell(page) == "1B1"
    page.keyboard.press("Enter")
    menu.wait_for(state="visible")
    menu.locator("button.burgle-cell-choice", has_text="move 1B1").press("Enter")
    wait_feedback(page, "right")
    assert "move 1B1" in feedback_text(page)
    assert not page.js_errors


def test_a_prediction_is_answered_by_clicking_a_cell(page, tutor_url):
    from burgle.lessons import load_all

    lesson = next(l for l in load_all() if l.id == "11-clockwise-tie-break")
    step = [s.key for s in lesson.steps].index("fork")
    open_tutor(page, tutor_url)
    lesson_button(page, lesson).click()
    for _ in range(step):
        page.locator("button.burgle-next:not([disabled])").click()
        wait_for_js(page, "n => document.querySelector('.burgle-stepper').innerText.includes('Step ' + n)",
                               arg=_ + 2)
    hit = cell(page, "1B1")
    wait_for_js(page, "() => (document.querySelector(\".burgle-hit[data-cell='1B1']\")"
                           ".getAttribute('aria-label') || '') === '1B1: answer 1B1'")
    assert cell(page, "1D4").get_attribute("aria-label") == "1D4: nothing to do"
    hit.click()
    wait_feedback(page, "right")
    assert page.locator("button.burgle-answer.burgle-answer-chosen").inner_text().strip() == "1B1"
