"""The sandbox in Chromium: a new game on The Office Job, with random walls, from the
new-game form with ordinary clicks (issue 12, section 3). Uses the sandbox server and
page of ``test_sandbox_browser.py``."""

from __future__ import annotations

import pytest

from test_sandbox_browser import picture, sandbox, sandbox_server, words  # noqa: F401
from waiting import wait_for_js

pytestmark = [pytest.mark.browser, pytest.mark.flaky(reruns=2, reruns_delay=2)]

SB = ".burgle-sandbox"


def test_new_game_on_the_office_job_with_random_walls(sandbox):
    page = sandbox
    assert "The Bank Job" in words(page.locator(f"{SB} .burgle-building").inner_text())
    page.locator(f"{SB} .burgle-floors button", has_text="Building").click()
    wait_for_js(page, f"() => document.querySelector('{SB} .burgle-picture svg').textContent.includes('Floor 3')")
    page.get_by_label("Job", exact=True).select_option(label="The Office Job")
    page.get_by_label("Walls", exact=True).select_option(label="Random (drawn from the seed)")
    seed = page.locator(f"{SB} .burgle-seed input")
    seed.fill("31")
    seed.press("Tab")
    before = picture(page)
    page.locator(f"{SB} button.burgle-new-game").click()
    wait_for_js(page, f"() => document.querySelector('{SB} .burgle-building').innerText.includes('Office')")
    line = words(page.locator(f"{SB} .burgle-building").inner_text())
    assert line.startswith("The Office Job · walls ") and "random, drawn from seed 31" in line
    wait_for_js(page, f"before => document.querySelector('{SB} .burgle-picture svg').outerHTML !== before",
                           arg=before)
    buttons = [words(t) for t in page.locator(f"{SB} .burgle-floors button").all_inner_texts()]
    assert buttons == ["Building", "In play", "Floor 1", "Floor 2"]
    page.locator(f"{SB} .burgle-floors button", has_text="Building").click()
    wait_for_js(page, f"() => document.querySelector('{SB} .burgle-picture svg').textContent.includes('Floor 2')")
    assert "Floor 3" not in page.locator(f"{SB} .burgle-picture svg").first.text_content()
    assert page.locator(f"{SB} button.burgle-action", has_text="entrance 1").count() > 0
    assert page.js_errors == []


def test_the_new_game_form_passes_axe(sandbox):
    """The job, walls and layout-code inputs are labelled: no serious or critical axe finding."""
    from axe_playwright_python.sync_playwright import Axe

    page = sandbox
    page.get_by_label("Walls", exact=True).select_option(label="Layout code")
    page.get_by_label("Layout code", exact=True).wait_for()
    results = Axe().run(page, context=SB)
    bad = [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]
    assert not bad, "\n".join(f"{v['id']}: {v['help']}: " + "; ".join(n["target"][0] for n in v["nodes"][:4])
                              for v in bad)
