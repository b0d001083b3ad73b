"""Accessibility of the pages (issue 10 §5), checked with axe-core in Chromium.

axe-core (through ``axe-playwright-python``, which ships its own copy of axe) audits the
lesson list, a lesson step, the guard explorer and the sandbox: no serious or critical
violation, which covers WCAG AA colour contrast, names of inputs and selects, and ARIA
use. The test also checks what axe cannot: each page names itself in the tab title, the
page asks no other host for anything (no font or icon from a CDN), the skip link leads
to the rules lookup, and the feedback takes the focus after an action.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from test_tutor_page import LOAD_TIMEOUT_MS, open_tutor

pytestmark = [pytest.mark.browser]

BAD = ("serious", "critical")


def audit(page, where: str) -> None:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, context=".burgle-site")
    bad = [v for v in results.response["violations"] if v.get("impact") in BAD]
    report = "\n".join(
        f"{v['id']} ({v['impact']}): {v['help']}: " + "; ".join(n["target"][0] for n in v["nodes"][:4])
        + "\n    " + (v["nodes"][0].get("failureSummary") or "").replace("\n", " ")[:300]
        for v in bad)
    assert not bad, f"axe finds on {where}:\n{report}"


def test_the_pages_pass_axe_and_ask_no_other_host(page, tutor_url):
    foreign: list[str] = []
    page.on("request", lambda r: foreign.append(r.url) if not r.url.startswith(
        ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")) else None)
    open_tutor(page, tutor_url)
    assert page.title() == "Burgle Bros. tutor"
    audit(page, "the lesson list")

    # The skip link: the first Tab stop of the lesson list, it leads to the rules lookup.
    page.locator(".burgle-skip").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('.burgle-search') !== null")

    page.locator("button.burgle-lesson").first.click()
    page.locator(".burgle-next").click()
    page.locator("button.burgle-action").first.wait_for()
    audit(page, "a lesson step")
    page.locator("button.burgle-action").first.click()
    # Playwright's expect(), not wait_for_function(string): the page's CSP forbids eval.
    expect(page.locator(".burgle-feedback")).to_be_focused()
    assert page.locator(".burgle-feedback").get_attribute("aria-live") == "polite"

    page.locator(".burgle-nav-explorer").click()
    page.locator(".burgle-explorer.burgle-ready .burgle-picture svg").first.wait_for(timeout=LOAD_TIMEOUT_MS)
    expect(page).to_have_title("Burgle Bros. guard explorer")
    audit(page, "the explorer")

    page.locator(".burgle-nav-sandbox").click()
    page.locator(".burgle-sandbox.burgle-ready .burgle-action").first.wait_for(timeout=LOAD_TIMEOUT_MS)
    expect(page).to_have_title("Burgle Bros. sandbox")
    audit(page, "the sandbox")
    assert foreign == [], f"the page asked other hosts for: {foreign}"
    assert page.js_errors == []
