"""The sandbox page in Chromium: Voila serves ``notebooks/sandbox.ipynb`` with the tutor's
settings (``burgle.web.tutor.server.TutorServer``). Play a few actions, rewind, replay.

Uses the ``browser`` fixture of ``conftest.py``; the server and page fixtures are this
file's own.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from waiting import wait_for_js

pytestmark = [pytest.mark.browser, pytest.mark.flaky(reruns=2, reruns_delay=2)]

ROOT = Path(__file__).resolve().parents[2]
LOAD_TIMEOUT_MS = 60_000
LOCAL = ("http://127.0.0.1", "ws://127.0.0.1", "data:")


@pytest.fixture(scope="module")
def sandbox_server(tmp_path_factory):
    """Voila on notebooks/sandbox.ipynb: ``(url, log_path)``."""
    from burgle.web.tutor.server import TutorServer

    log_path = tmp_path_factory.mktemp("sandbox") / "voila.log"
    with open(log_path, "w") as log:
        server = TutorServer(notebook=ROOT / "notebooks" / "sandbox.ipynb", stdout=log, stderr=subprocess.STDOUT)
        try:
            url = server.start(ready_timeout=90)
        except Exception as exc:  # noqa: BLE001 - show the server's log
            server.stop()
            pytest.fail(f"voila did not start on the sandbox: {exc}\n{log_path.read_text()}")
        yield url, log_path
        server.stop()


@pytest.fixture
def sandbox(browser, request, sandbox_server):
    url, log_path = sandbox_server
    context = browser.new_context(viewport={"width": 1360, "height": 1000}, accept_downloads=True)
    context.set_default_timeout(15_000)
    context.route("**/*", lambda r: r.continue_() if r.request.url.startswith(LOCAL) else r.abort())
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.js_errors = errors
    pg.goto(url, wait_until="commit", timeout=LOAD_TIMEOUT_MS)
    pg.locator(".burgle-sandbox.burgle-ready").wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    pg.locator(".burgle-sandbox .burgle-picture svg").wait_for(state="visible")
    yield pg
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        shot = log_path.with_name(f"{request.node.name}.png")
        try:
            pg.screenshot(path=str(shot), full_page=True)
            print(f"screenshot: {shot}")
        except Exception:  # noqa: BLE001
            pass
        print("---- voila log (last 60 lines) ----")
        print("\n".join(log_path.read_text().splitlines()[-60:]))
    context.close()


def words(text: str) -> str:
    return " ".join(text.split())


def exact(text: str) -> re.Pattern:
    return re.compile(rf"^\s*{re.escape(text)}\s*$")


def action(page, text: str):
    return page.locator("button.burgle-action").filter(has_text=exact(text))


def picture(page) -> str:
    return page.locator(".burgle-sandbox .burgle-picture svg").first.evaluate("svg => svg.outerHTML")


def upload(page, path) -> None:
    """Choose *path* in the file dialog of the Load button (ipywidgets makes its input on click)."""
    with page.expect_file_chooser() as chooser:
        page.locator("button.burgle-load").click()
    chooser.value.set_files(str(path))


def wait_log_entries(page, n: int) -> None:
    wait_for_js(page, "n => document.querySelectorAll('.burgle-log .burgle-log-entry').length === n", arg=n)


def test_play_a_few_actions_then_rewind_and_replay(sandbox):
    page = sandbox
    start = picture(page)
    # the entrance group is folded (16 choices): open it, then play
    page.locator("button.burgle-more-actions").click()
    played = ["entrance 1B2", "move 1B1", "peek 1C1"]
    for k, text in enumerate(played, 1):
        before = picture(page)
        action(page, text).click()
        wait_log_entries(page, k)
        wait_for_js(page, "before => document.querySelector('.burgle-sandbox .burgle-picture svg')"
                               ".outerHTML !== before", arg=before)
    log = words(page.locator(".burgle-log").inner_text())
    assert "Hawk: entrance 1B2" in log and "Hawk moves to 1B1." in log and "peek 1C1" in log
    assert "Turn 1: Hawk to act, 2 of 4 actions left" in words(page.locator(".burgle-status").inner_text())
    after_three = picture(page)

    # rewind to just after the entrance
    page.locator(".burgle-rewind select").select_option(label="1. Hawk: entrance 1B2")
    wait_log_entries(page, 1)
    page.locator(".burgle-message").filter(has_text="Back to after action 1").wait_for()
    assert picture(page) not in (after_three, start)
    assert action(page, "move 1B1").count() == 1

    # replay the two taken-back actions: the same game again
    page.locator("button.burgle-redo").click()
    wait_log_entries(page, 2)
    page.locator("button.burgle-redo").click()
    wait_log_entries(page, 3)
    assert picture(page) == after_three
    assert page.locator("button.burgle-redo").is_disabled()

    # undo, then a different action forgets the replayable one
    page.locator("button.burgle-undo").click()
    wait_log_entries(page, 2)
    action(page, "end").click()
    page.locator(".burgle-message.burgle-message-ok").filter(has_text="end").wait_for()
    assert page.locator("button.burgle-redo").is_disabled()
    assert page.js_errors == []


def test_save_link_and_a_bad_save_file(sandbox, tmp_path):
    page = sandbox
    page.locator("button.burgle-more-actions").click()
    action(page, "entrance 1B2").click()
    wait_log_entries(page, 1)
    page.locator(".burgle-game-tabs").get_by_text("Save and load").click()
    page.locator("button.burgle-save").click()
    link = page.locator(".burgle-save-link a")
    link.wait_for()
    assert link.get_attribute("href").startswith("data:application/json;base64,")
    with page.expect_download() as dl:
        link.click()
    saved = tmp_path / "saved.json"
    dl.value.save_as(saved)
    assert '"format": "burgle-save"' in saved.read_text()
    # a hand-edited file is refused, naming the field, and the game stays
    bad = tmp_path / "edited.json"
    bad.write_text(re.sub(r'"version": \d+', '"version": 99', saved.read_text(), count=1))  # any save version
    before = picture(page)
    upload(page, bad)
    page.locator(".burgle-message.burgle-message-error").wait_for()
    message = words(page.locator(".burgle-message").inner_text())
    assert "edited.json" in message and "version" in message and "kept" in message
    assert picture(page) == before
    # the good file loads
    upload(page, saved)
    page.locator(".burgle-message.burgle-message-ok").filter(has_text="Loaded").wait_for()
    wait_log_entries(page, 1)
    assert page.js_errors == []


def test_the_board_takes_clicks(sandbox):
    """A click on a cell does its one action; a face-down cell's label names actions only."""
    page, root = sandbox, ".burgle-sandbox"

    def hit(name):
        return page.locator(f"{root} .burgle-picture .burgle-hit[data-cell='{name}']")

    def label(name):
        return hit(name).get_attribute("aria-label")

    wait_for_js(page, "() => (document.querySelector(\".burgle-sandbox .burgle-hit[data-cell='1A1']\")"
                           " || {getAttribute: () => ''}).getAttribute('aria-label').startsWith('1A1: entrance')")
    assert label("1A1") == "1A1: entrance 1A1"
    hit("1A1").click()  # the one action: done at once
    page.locator(f"{root} .burgle-log", has_text="entrance 1A1").wait_for()
    wait_for_js(page, "() => document.querySelector(\".burgle-sandbox .burgle-hit[data-cell='1A2']\")"
                           ".getAttribute('aria-label') !== '1A2: nothing to do'")
    for name in ("1A2", "1B1"):
        text = label(name)
        if text != f"{name}: nothing to do":  # a wall may stand between
            assert re.fullmatch(rf"{name}: (move|peek|xray) {name}(, (move|peek|xray) {name})*", text), text
    hit("1D4").click()  # nothing names it: a note, nothing done
    page.locator(f"{root} .burgle-cell-note", has_text="Nothing to do on 1D4").wait_for()
    assert "1D4" not in page.locator(f"{root} .burgle-log").inner_text()
    assert not page.js_errors


#: The least size, in CSS pixels at the page's own scale, of any word in the pictures (issue 10 §3).
LEAST_TEXT_PX = 11


def rendered_text_sizes(page, root: str) -> list[tuple[str, str, float]]:
    """(class, text, size in CSS px) of each ``<text>`` of the picture: its own font size
    scaled as the SVG is drawn (its box over its viewBox; the smaller ratio, as the
    default preserveAspectRatio fits the drawing in the box)."""
    return page.evaluate("""root => {
        const svg = document.querySelector(root + ' .burgle-picture svg');
        const box = svg.getBoundingClientRect(), vb = svg.viewBox.baseVal;
        const scale = Math.min(box.width / vb.width, box.height / vb.height);
        return Array.from(svg.querySelectorAll('text'), t =>
            [t.getAttribute('class'), t.textContent, parseFloat(t.getAttribute('font-size')) * scale]);
    }""", root)


def test_the_building_view_legend_is_legible(sandbox):
    page = sandbox
    page.locator(".burgle-sandbox .burgle-floors button", has_text="Building").click()
    wait_for_js(page, "() => document.querySelectorAll('.burgle-sandbox .burgle-picture .burgle-hit').length"
                           " === 48")
    sizes = rendered_text_sizes(page, ".burgle-sandbox")
    legend = [s for s in sizes if s[0].startswith("legend")]
    assert legend, "the Building view has a legend"
    small = [s for s in legend if s[2] < LEAST_TEXT_PX]
    assert not small, f"legend text under {LEAST_TEXT_PX} px: {small[:5]}"
    # the arrow keys cross from one floor to the next, drawn side by side
    page.locator(".burgle-sandbox .burgle-hit[data-cell='1D1']").focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.getAttribute('data-cell')") == "2A1"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("() => document.activeElement.getAttribute('data-cell')") == "1C1"
