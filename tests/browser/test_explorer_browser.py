"""The routing explorer page in Chromium: Voila serves ``notebooks/explorer.ipynb`` with the
tutor's settings (``burgle.web.tutor.server.TutorServer``: 127.0.0.1, code stripped,
``test-only`` cells removed, the kernel-client fix, idle culling).

Uses the ``browser`` fixture of ``conftest.py``; the server and the page fixtures are
this file's own (the explorer does not need the tutor's server).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from waiting import wait_for_js

pytestmark = [pytest.mark.browser, pytest.mark.flaky(reruns=2, reruns_delay=2)]

ROOT = Path(__file__).resolve().parents[2]
LOAD_TIMEOUT_MS = 60_000
LOCAL = ("http://127.0.0.1", "ws://127.0.0.1", "data:")


@pytest.fixture(scope="module")
def explorer_server(tmp_path_factory):
    """Voila on notebooks/explorer.ipynb: ``(url, log_path)``."""
    from burgle.web.tutor.server import TutorServer

    log_path = tmp_path_factory.mktemp("explorer") / "voila.log"
    with open(log_path, "w") as log:
        server = TutorServer(notebook=ROOT / "notebooks" / "explorer.ipynb", stdout=log, stderr=subprocess.STDOUT)
        try:
            url = server.start(ready_timeout=90)
        except Exception as exc:  # noqa: BLE001 - show the server's log
            server.stop()
            pytest.fail(f"voila did not start on the explorer: {exc}\n{log_path.read_text()}")
        yield url, log_path
        server.stop()


@pytest.fixture
def explorer(browser, request, explorer_server):
    """A fresh page showing the explorer, built and ready."""
    url, log_path = explorer_server
    context = browser.new_context(viewport={"width": 1360, "height": 1000})
    context.set_default_timeout(15_000)
    context.route("**/*", lambda r: r.continue_() if r.request.url.startswith(LOCAL) else r.abort())
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.js_errors = errors
    pg.goto(url, wait_until="commit", timeout=LOAD_TIMEOUT_MS)
    pg.locator(".burgle-explorer.burgle-ready").wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    pg.locator(".burgle-explorer .burgle-picture svg").wait_for(state="visible")
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


def picture(page) -> str:
    return page.locator(".burgle-explorer .burgle-picture svg").first.evaluate("svg => svg.outerHTML")


def cell(page, name: str):
    """The grid button of a cell such as C3 (grid buttons come in reading order)."""
    index = 4 * (int(name[1]) - 1) + "ABCD".index(name[0])
    return page.locator(".burgle-explorer button.burgle-cell").nth(index)


def wait_text(page, selector: str, text: str) -> None:
    wait_for_js(page, "([sel, text]) => (document.querySelector(sel) || {}).innerText?.replace(/\\s+/g, ' ').includes(text)",
        arg=[selector, text],
    )


def test_moving_the_guard_changes_route_and_picture(explorer):
    page = explorer
    route = words(page.locator(".burgle-route").inner_text())
    assert "Route from A1 to his destination D2" in route
    assert "left-hand branch" in words(page.locator(".burgle-explanation").inner_text())
    before = picture(page)
    cell(page, "C3").click()
    wait_text(page, ".burgle-route", "Route from C3 to his destination D2")
    wait_for_js(page, "before => document.querySelector('.burgle-explorer .burgle-picture svg')"
                           ".outerHTML !== before", arg=before)
    wait_text(page, ".burgle-message", "Guard on C3")
    assert cell(page, "C3").inner_text().strip() == "G"
    assert page.locator(".burgle-picture svg").count() == 1
    # and once more: the route follows every move
    before = picture(page)
    cell(page, "A4").click()
    wait_text(page, ".burgle-route", "Route from A4")
    wait_for_js(page, "before => document.querySelector('.burgle-explorer .burgle-picture svg')"
                           ".outerHTML !== before", arg=before)
    assert page.js_errors == []


def test_a_wall_that_cuts_the_floor_is_refused_on_the_page(explorer):
    page = explorer
    before = picture(page)
    box = page.locator(".burgle-walls-text input")
    box.fill("A1|B1, A1/A2")
    box.press("Enter")
    page.locator(".burgle-message.burgle-message-error").wait_for()
    message = words(page.locator(".burgle-message").inner_text())
    assert "cut the floor apart" in message and "A1 cannot be reached" in message
    assert picture(page) == before
    # a wall button adds a wall and the picture follows
    page.locator("button.burgle-wall[title^='Wall C3|D3']").click()
    page.locator(".burgle-message.burgle-message-ok").wait_for()
    assert "Wall C3|D3 added" in page.locator(".burgle-message").inner_text()
    wait_for_js(page, "before => document.querySelector('.burgle-explorer .burgle-picture svg')"
                           ".outerHTML !== before", arg=before)
    assert page.js_errors == []


def test_alarms_and_the_players_choice(explorer):
    page = explorer
    page.locator(".burgle-wall-set button", has_text="Open").click()
    wait_text(page, ".burgle-message", "open floor")
    cell(page, "B2").click()  # the guard
    wait_text(page, ".burgle-route", "Route from B2")
    page.locator(".burgle-tool button", has_text="Alarm").click()
    cell(page, "B4").click()
    wait_text(page, ".burgle-alarms", "B4: 2 steps away")
    cell(page, "D2").click()
    page.locator("button.burgle-choice").first.wait_for()
    assert "players choose" in words(page.locator(".burgle-question").inner_text())
    page.locator("button.burgle-choice", has_text="B4").click()
    wait_text(page, ".burgle-route", "to his destination B4")
    assert "die 2 + 2 alarms = 4 MP" in words(page.locator(".burgle-speed-text").inner_text())
    assert page.js_errors == []


def test_page_shows_no_code(explorer):
    html = explorer.content()
    assert "ExplorerApp()" not in html and "test-only" not in html
    assert explorer.locator(".burgle-explorer").count() == 1


def test_the_picture_takes_clicks_and_keys_with_the_chosen_tool(explorer):
    """Issue 10 §2: the picture's cells act as the grid's buttons do (the chosen tool)."""
    page = explorer
    hit = page.locator(".burgle-explorer .burgle-picture .burgle-hit[data-cell='C3']")
    assert hit.get_attribute("aria-label") == "C3: guard: C3"
    hit.click()
    wait_text(page, ".burgle-route", "Route from C3 to his destination D2")
    page.locator(".burgle-explorer .burgle-picture .burgle-hit[data-cell='C3']").focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("() => document.activeElement.getAttribute('data-cell')") == "B4"
    page.keyboard.press("Enter")
    wait_text(page, ".burgle-route", "Route from B4 to his destination D2")
    assert page.js_errors == []
