"""The page ``burgle tutor`` serves links the tutor, the explorer and the sandbox (issue 6)."""

from __future__ import annotations

import pytest

from test_tutor_page import LOAD_TIMEOUT_MS, open_tutor
from waiting import wait_for_js

pytestmark = [pytest.mark.browser, pytest.mark.flaky(reruns=2, reruns_delay=2)]


def test_bar_opens_the_explorer_and_the_sandbox_and_back(page, tutor_url):
    open_tutor(page, tutor_url)
    page.locator(".burgle-nav-explorer").click()
    page.locator(".burgle-explorer.burgle-ready .burgle-picture svg").first.wait_for(
        state="visible", timeout=LOAD_TIMEOUT_MS)
    assert page.locator(".burgle-explorer .burgle-route").first.inner_text().strip()
    page.locator(".burgle-nav-sandbox").click()
    page.locator(".burgle-sandbox.burgle-ready .burgle-action").first.wait_for(
        state="visible", timeout=LOAD_TIMEOUT_MS)
    page.locator(".burgle-nav-tutor").click()
    page.locator(".burgle-tutor .burgle-lesson").first.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    page.locator(".burgle-tutor .burgle-lesson").first.wait_for(state="visible")


def test_the_bar_does_not_move_between_pages(page, tutor_url):
    """Issue 10 §5: the tab bar stays put; each page names itself in the tab title."""
    def bar():
        return [page.locator(f".burgle-nav-{name}").bounding_box() for name in ("tutor", "explorer", "sandbox")]

    open_tutor(page, tutor_url)
    where = {"tutor": bar()}
    assert page.title() == "Burgle Bros. tutor"
    for name, ready, title in (("explorer", ".burgle-explorer.burgle-ready", "Burgle Bros. guard explorer"),
                               ("sandbox", ".burgle-sandbox.burgle-ready", "Burgle Bros. sandbox")):
        page.locator(f".burgle-nav-{name}").click()
        page.locator(ready).first.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
        wait_for_js(page, "t => document.title === t", arg=title)
        where[name] = bar()
    page.locator(".burgle-nav-tutor").click()
    page.locator(".burgle-tutor .burgle-lesson").first.wait_for(state="visible")
    wait_for_js(page, "() => document.title === 'Burgle Bros. tutor'")
    where["back"] = bar()
    assert where["explorer"] == where["tutor"] == where["sandbox"] == where["back"], where
