"""Issue 15's probes that need a browser (tests/security has the others): the served page in
Debian's Chromium, as a visitor meets it. They live here to share this folder's one
Playwright browser (two sync Playwright sessions cannot run in one test process).

An injected
``?theme=`` script does not run, the page runs under its Content-Security-Policy with no
violation and nothing fetched from another site, text boxes take at most their limit, a
paste or a file too big is refused with a notice, and a page whose kernel ended (idle, out
of memory) says so and offers a reload (issue 15)."""

from __future__ import annotations

import sys
import urllib.parse
from pathlib import Path

import nbformat
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "security"))
from security_servers import LIMITS, LIMITS_NOTEBOOK, kernel_pids, open_page, serve, wait_for  # noqa: E402

from burgle.web.security.limits import MAX_SAVE_CHARS  # noqa: E402

pytestmark = pytest.mark.browser

LOCAL = ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")


@pytest.fixture(scope="module")
def tutor(tmp_path_factory):
    server, log = serve(tmp_path_factory, "security-tutor", log_level="WARN", max_kernels=4)
    yield server
    server.stop()
    log.close()


@pytest.fixture(scope="module")
def limits(tmp_path_factory):
    folder = tmp_path_factory.mktemp("security-limits-page")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(LIMITS_NOTEBOOK)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, folder / "limits.ipynb")
    server, log = serve(
        tmp_path_factory, "security-limits", notebook=folder / "limits.ipynb", log_level="WARN", max_kernels=1,
        idle_minutes=LIMITS["idle_seconds"] / 60, kernel_memory_mb=LIMITS["memory_mb"],
        extra=[f"--MappingKernelManager.cull_idle_timeout={LIMITS['gone_seconds']}",
               "--MappingKernelManager.cull_interval=1"])
    yield server
    server.stop()
    log.close()


@pytest.fixture
def free_limits(limits):
    assert wait_for(lambda: not kernel_pids(limits), 30), "a kernel from an earlier probe is still running"
    yield limits


@pytest.fixture
def context(browser):
    """A fresh browser profile whose requests may only go to 127.0.0.1; every request off it
    and every Content-Security-Policy violation is recorded."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.set_default_timeout(20_000)
    ctx.off_site, ctx.violations = [], []

    def route(r):
        if r.request.url.startswith(LOCAL):
            r.continue_()
        else:
            ctx.off_site.append(r.request.url)
            r.abort()

    ctx.route("**/*", route)
    ctx.expose_binding("burgleViolation", lambda _source, text: ctx.violations.append(text))
    ctx.add_init_script("document.addEventListener('securitypolicyviolation', e => "
                        "window.burgleViolation(e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sample || '')))")
    yield ctx
    ctx.close()

INJECTION = 'x"><img src=x onerror="window.pwned=1"><script>window.pwned=2</script>'


def _leave(page) -> None:
    page.goto("about:blank")  # the unload beacon frees the kernel


def test_an_injected_theme_script_does_not_run_and_the_page_breaks_no_policy(context, tutor):
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(tutor.url + "?theme=" + urllib.parse.quote(INJECTION, safe=""))
    page.wait_for_selector(".burgle-ready", timeout=90_000)
    assert page.evaluate("window.pwned") is None
    # Every app of the page, opened, under the policy: no violation, nothing off the site.
    page.click(".burgle-nav-sandbox")
    page.wait_for_selector(".burgle-sandbox")
    page.click(".burgle-nav-explorer")
    page.wait_for_selector(".burgle-explorer")
    page.wait_for_timeout(500)
    assert context.violations == [] and context.off_site == [] and errors == []
    _leave(page)


def test_text_boxes_take_their_limit_and_too_big_pastes_and_files_are_refused(context, tutor):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(tutor.url)
    page.wait_for_selector(".burgle-ready", timeout=90_000)
    search = page.locator(".burgle-search input")
    search.click()
    assert search.get_attribute("maxlength") == "200"
    page.click(".burgle-nav-sandbox")
    page.wait_for_selector(".burgle-sandbox")
    page.get_by_text("Save and load").click()
    box = page.locator(".burgle-save-text textarea")
    box.click()
    assert box.get_attribute("maxlength") == str(MAX_SAVE_CHARS)
    message = page.locator(".burgle-sandbox .burgle-message")
    before = message.inner_text()
    # A paste that does not fit is refused whole, with a notice; nothing reaches the kernel.
    page.evaluate("text => navigator.clipboard.writeText(text)", "{" + " " * (MAX_SAVE_CHARS + 10) + "}")
    page.keyboard.press("Control+V")
    notice = page.locator(".burgle-page-notice")
    notice.wait_for()
    assert "Nothing was pasted" in notice.inner_text() and box.input_value() == ""
    notice.get_by_role("button", name="OK").click()
    # A file over the limit: refused before it is read or sent; the game stays.
    with page.expect_file_chooser() as chooser:
        page.locator("button.burgle-load").click()
    chooser.value.set_files(
        {"name": "huge-save.json", "mimeType": "application/json", "buffer": b"{" + b" " * 300_000 + b"}"})
    notice.wait_for()
    assert "huge-save.json" in notice.inner_text() and "Nothing was sent" in notice.inner_text()
    page.wait_for_timeout(500)
    assert message.inner_text() == before
    _leave(page)


def test_an_idle_page_says_it_was_closed_and_offers_a_reload(context, free_limits):
    page = context.new_page()
    open_page(page, free_limits)
    notice = page.locator(".burgle-page-notice")
    notice.wait_for(timeout=(LIMITS["idle_seconds"] + 20) * 1000)
    assert f"closed after {LIMITS['idle_seconds']} seconds without use" in notice.inner_text()
    assert wait_for(lambda: not kernel_pids(free_limits), 30)
    notice.get_by_role("button", name="Reload the page").click()
    page.wait_for_selector(".probe-ready", timeout=120_000)  # a fresh page, a fresh kernel (slow under load)
    assert page.locator(".burgle-page-notice").count() == 0
    _leave(page)
    assert wait_for(lambda: not kernel_pids(free_limits), 30)


def test_a_page_out_of_memory_says_so(context, free_limits):
    page = context.new_page()
    open_page(page, free_limits)
    grow = page.get_by_role("button", name="grow")
    notice = page.locator(".burgle-page-notice")
    for _ in range(LIMITS["memory_mb"] // 64 + 2):
        if notice.count():
            break
        grow.click()
        page.wait_for_timeout(300)
    notice.wait_for(timeout=20_000)
    assert "used all the memory one visitor may have" in notice.inner_text()
    _leave(page)
