"""The page ``burgle tutor`` serves links the tutor, the explorer and the sandbox (issue 6)."""

from __future__ import annotations

import pytest

from test_tutor_page import LOAD_TIMEOUT_MS, open_tutor

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
