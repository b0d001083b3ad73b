"""The tutor page as a learner uses it: served by ``burgle tutor``, clicked in Chromium.

The expected actions and texts come from the lesson file itself
(``tutorials/01-first-steps.toml``), so the test follows the lesson as written. CSS classes
are the stable ones of the tutor contract (``burgle-lesson``, ``burgle-action``, ...).

Retries: a browser test may be rerun (``flaky``) against a slow machine; the page itself
needs none (the page-load benchmark in docs/benchmarks.md counts stalls with no retry).
"""

from __future__ import annotations

import re

import pytest

from burgle.lessons import coverage, load_all, load_lesson
from burgle.lessons.model import lessons_dir
from waiting import wait_for_js

pytestmark = [pytest.mark.browser, pytest.mark.flaky(reruns=2, reruns_delay=2)]

#: A page load is a kernel starting and building the app: ~4 s here, up to ~35 s when ten
#: start at once on a busy 2-core machine (docs/benchmarks.md, "Tutor page").
LOAD_TIMEOUT_MS = 60_000

LESSON = load_lesson(lessons_dir() / "01-first-steps.toml")


def open_tutor(page, url: str) -> None:
    """Load the page and wait until the app has been built and displayed."""
    page.goto(url, wait_until="commit", timeout=LOAD_TIMEOUT_MS)
    page.locator(".burgle-tutor.burgle-ready").wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)


def exact(text: str) -> re.Pattern:
    """Matches an element whose whole text is *text* (button labels)."""
    return re.compile(rf"^\s*{re.escape(text)}\s*$")


def words(text: str) -> str:
    """Text with runs of whitespace made single spaces (the HTML rendering changes them)."""
    return " ".join(text.split())


def lesson_button(page, lesson):
    return page.locator("button.burgle-lesson").filter(has_text=lesson.title)


def action_button(page, action: str):
    return page.locator("button.burgle-action").filter(has_text=exact(action))


def picture(page) -> str:
    return page.locator(".burgle-picture svg").first.evaluate("svg => svg.outerHTML")


def feedback_text(page) -> str:
    return words(page.locator(".burgle-feedback").inner_text())


def wait_picture_changed(page, before: str) -> None:
    wait_for_js(page, "before => { const s = document.querySelector('.burgle-picture svg');"
        " return s !== null && s.outerHTML !== before; }",
        arg=before,
    )


def test_lesson_01_by_clicking_then_reload_keeps_progress(page, tutor_url):
    open_tutor(page, tutor_url)
    total = len(load_all())
    assert words(page.locator(".burgle-progress").inner_text()).startswith(f"0 of {total}")
    button = lesson_button(page, LESSON)
    assert not button.inner_text().strip().startswith("✓")
    button.click()

    view = page.locator(".burgle-lesson-view")
    view.wait_for(state="visible")
    assert LESSON.title in words(page.locator(".burgle-lesson-title").inner_text())
    page.locator(".burgle-picture svg").first.wait_for(state="visible")
    assert page.locator(".burgle-picture svg").count() == 1

    tried_wrong = False
    for number, step in enumerate(LESSON.steps):
        narration = page.locator(".burgle-narration")
        # The narration shows the step's text (cells are bolded, so compare its first words).
        opening = words(step.text).split(":")[0].split(",")[0][:30]
        wait_for_js(page, "([sel, text]) => (document.querySelector(sel) || {}).innerText?.replace(/\\s+/g, ' ').includes(text)",
            arg=[".burgle-narration", opening],
        )
        if step.expect is None:
            assert page.locator("button.burgle-action").count() == 0
        else:
            expected = str(step.expect)
            # The step's buttons come after its picture: once they are here, the picture is this step's.
            page.locator("button.burgle-action").first.wait_for()
            if step.wrong and not tried_wrong:
                # A learner's mistake first: specific feedback, nothing on the board changes.
                wrong_action, wrong_text = next(iter(step.wrong.items()))
                before = picture(page)
                action_button(page, wrong_action).click()
                page.locator(".burgle-feedback.burgle-feedback-wrong").wait_for()
                assert words(wrong_text)[:40] in feedback_text(page)
                assert page.locator(".burgle-next").is_disabled()
                assert picture(page) == before, "a wrong action must not change the board"
                tried_wrong = True
            before = picture(page)
            action_button(page, expected).click()
            page.locator(".burgle-feedback.burgle-feedback-right").wait_for()
            text = feedback_text(page)
            assert words(step.right)[:40] in text, text
            if step.after:
                assert words(step.after)[:40] in text, text
            wait_picture_changed(page, before)
        if number + 1 < len(LESSON.steps):
            page.locator(".burgle-next").click()
    assert tried_wrong, "lesson 01 has a step with a specific wrong action"

    # The last step's right action completes the lesson.
    assert "lesson complete" in feedback_text(page).lower()
    page.locator(".burgle-home").click()
    page.locator(".burgle-lesson-list").wait_for(state="visible")
    assert lesson_button(page, LESSON).inner_text().strip().startswith("✓ ")
    assert words(page.locator(".burgle-progress").inner_text()).startswith(f"1 of {total}")

    # Reload: a new kernel, but the browser remembers the progress (localStorage).
    page.reload(wait_until="commit", timeout=LOAD_TIMEOUT_MS)
    page.locator(".burgle-tutor.burgle-ready").wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    wait_for_js(page, "() => (document.querySelector('.burgle-progress') || {}).innerText?.trim().startsWith('1 of')"
    )
    assert lesson_button(page, LESSON).inner_text().strip().startswith("✓ ")
    assert page.js_errors == []


def test_rules_lookup_opens_the_lesson_teaching_the_rule(page, tutor_url):
    open_tutor(page, tutor_url)
    teaching = coverage(load_all())["GUARD-9"]
    assert teaching, "some lesson teaches GUARD-9"
    titles = {lesson.id: lesson.title for lesson in load_all()}

    search = page.locator(".burgle-search input")
    search.click()
    # One input event for the whole query (typing key by key would search "G", "GU", ...
    # and the first hit shown could belong to a query not finished yet).
    search.fill("GUARD-9")
    hit = page.locator("button.burgle-hit").first
    hit.wait_for(state="visible")
    assert "GUARD-9" in page.locator(".burgle-tutor").inner_text()
    # The hit shows the rule's full wording, list items and all, once its summary is clicked.
    wording = page.locator(".burgle-hit-wording").first
    assert not wording.locator("li").first.is_visible()
    wording.locator("summary").click()
    wording.locator("li").first.wait_for(state="visible")
    assert "the leftmost from the guard" in words(wording.inner_text())
    named = hit.get_attribute("title") or hit.inner_text()
    hit.click()

    page.locator(".burgle-lesson-view").wait_for(state="visible")
    wait_for_js(page, "() => (document.querySelector('.burgle-lesson-title h1') || {}).innerText?.trim()")
    shown = words(page.locator(".burgle-lesson-title").inner_text())
    opened = [lid for lid, title in titles.items() if title in shown]
    assert opened and opened[0] in teaching, (shown, teaching)
    assert titles[opened[0]] in named
    page.locator(".burgle-picture svg").first.wait_for(state="visible")
    assert page.js_errors == []


def test_page_shows_no_code_and_no_test_only_cells(page, tutor_url):
    open_tutor(page, tutor_url)
    html = page.content()
    assert "TutorApp()" not in html  # strip_sources: the notebook's code is not sent
    assert "test-only" not in html and "nbval" not in html  # tagged cells are removed
    assert page.locator(".burgle-tutor").count() == 1
