"""Nothing is lost (issue 10 §4), in Chromium.

* Two tabs that each finish a lesson keep both completions (progress is merged in the
  browser's storage, never overwritten).
* The sandbox game and the explorer's floor come back after a reload; starting a new
  game asks before discarding the one under way.
* When the server is gone, the page says so within 5 s and offers a reload.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from burgle.lessons import load_all
from test_tutor_lessons import play
from test_tutor_page import LOAD_TIMEOUT_MS, open_tutor
from waiting import wait_for_js

pytestmark = [pytest.mark.browser]

ROOT = Path(__file__).resolve().parents[2]
BY_ID = {l.id: l for l in load_all()}


def progress_starts(page, n: int) -> None:
    wait_for_js(page, "n => (document.querySelector('.burgle-progress') || {}).innerText?.trim()"
                           ".startsWith(n + ' of')", arg=n)


def test_two_tabs_each_finishing_a_lesson_keep_both(page, tutor_url):
    first = page
    second = page.context.new_page()  # the same browser profile: the same localStorage
    open_tutor(first, tutor_url)
    open_tutor(second, tutor_url)
    play(first, BY_ID["01-first-steps"])
    progress_starts(first, 1)
    progress_starts(second, 1)  # the other tab hears of it at once
    play(second, BY_ID["05-end-of-turn-details"])
    progress_starts(second, 2)
    first.reload(wait_until="commit", timeout=LOAD_TIMEOUT_MS)
    first.locator(".burgle-tutor.burgle-ready").wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    progress_starts(first, 2)
    for lesson in ("01-first-steps", "05-end-of-turn-details"):
        title = BY_ID[lesson].title
        assert first.locator("button.burgle-lesson").filter(has_text=title).inner_text().strip().startswith("✓")


def test_the_sandbox_game_and_the_explorer_floor_survive_a_reload(page, tutor_url):
    open_tutor(page, tutor_url)
    page.locator(".burgle-nav-sandbox").click()
    page.locator(".burgle-sandbox.burgle-ready .burgle-action").first.wait_for(timeout=LOAD_TIMEOUT_MS)
    page.locator(".burgle-sandbox button.burgle-action").filter(has_text="entrance 1B2").click()
    page.locator(".burgle-sandbox .burgle-message-ok").filter(has_text="entrance 1B2").wait_for()
    page.locator(".burgle-nav-explorer").click()
    page.locator(".burgle-explorer.burgle-ready .burgle-picture svg").first.wait_for(timeout=LOAD_TIMEOUT_MS)
    command = page.locator(".burgle-command input")
    command.fill("guard C3 · alarm B2")
    command.press("Enter")
    page.locator(".burgle-explorer .burgle-message-ok").wait_for()
    page.wait_for_timeout(300)  # the browser writes the kept floor as the kernel's change arrives

    page.reload(wait_until="commit", timeout=LOAD_TIMEOUT_MS)
    page.locator(".burgle-tutor.burgle-ready").wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    page.locator(".burgle-nav-explorer").click()
    page.locator(".burgle-explorer .burgle-message").filter(has_text="last visit").wait_for(timeout=LOAD_TIMEOUT_MS)
    assert "G" in page.locator(".burgle-explorer button.burgle-cell-guard").inner_text()
    assert page.locator(".burgle-explorer button.burgle-cell-guard").get_attribute("title").startswith("C3")
    page.locator(".burgle-nav-sandbox").click()
    page.locator(".burgle-sandbox .burgle-message").filter(has_text="last visit").wait_for(timeout=LOAD_TIMEOUT_MS)
    assert "entrance 1B2" in page.locator(".burgle-sandbox .burgle-log").inner_text()
    page.locator(".burgle-sandbox .burgle-new-game").click()  # a game under way: it asks first
    page.locator(".burgle-sandbox .burgle-new-yes").wait_for()
    page.locator(".burgle-sandbox .burgle-new-no").click()
    assert "entrance 1B2" in page.locator(".burgle-sandbox .burgle-log").inner_text()
    assert page.js_errors == []


def test_a_gone_server_is_said_within_5_seconds(browser, tmp_path):
    from burgle.web.tutor.server import TutorServer
    from conftest import _local_only

    log = open(tmp_path / "voila.log", "w")
    server = TutorServer(notebook=ROOT / "notebooks" / "explorer.ipynb", stdout=log, stderr=subprocess.STDOUT)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        url = server.start(ready_timeout=90)
        context.route("**/*", _local_only)
        pg = context.new_page()
        pg.goto(url, wait_until="commit", timeout=LOAD_TIMEOUT_MS)
        pg.locator(".burgle-explorer.burgle-ready .burgle-picture svg").first.wait_for(timeout=LOAD_TIMEOUT_MS)
        pg.wait_for_timeout(1500)  # the watchdog has had an answer
        assert pg.locator(".burgle-lost").count() == 0
        start = time.monotonic()
        os.killpg(server.proc.pid, signal.SIGKILL)  # the server is gone at once, as in a crash
        server.proc.wait(10)
        pg.locator(".burgle-lost").wait_for(state="visible", timeout=5000)
        said = time.monotonic() - start
        assert said <= 5.0, said
        assert "server is not answering" in pg.locator(".burgle-lost").inner_text()
        assert pg.locator(".burgle-lost button").inner_text() == "Reload the page"
    finally:
        context.close()
        server.stop()
        log.close()
