"""The static site (``burgle publish``) as a visitor uses it, offline but for 127.0.0.1.

The site is built once per run (the assembled Pyodide distribution is cached outside the
repository, in ``$BURGLE_PUBLISH_CACHE`` or ``~/.cache/burgle-publish``, so only the first
build downloads), served by ``python -m http.server`` on 127.0.0.1, and opened in
Chromium with every request to any other host refused and recorded: the test fails if the
site asked for anything elsewhere. One visit plays lesson 1 to its end, reloads (the
progress kept in the browser's storage comes back), changes something in the guard
explorer and plays three sandbox actions; the pages are switched with the bar, as a
person does.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from burgle.lessons import load_all, load_lesson
from burgle.lessons.model import lessons_dir
from waiting import wait_for_js

pytestmark = [pytest.mark.browser]

#: A cold page: Pyodide and the kernel start in the browser (docs/benchmarks.md, "Static site").
LOAD_TIMEOUT_MS = 120_000
LESSON = load_lesson(lessons_dir() / "01-first-steps.toml")


def words(text: str) -> str:
    return " ".join(text.split())


def exact(text: str) -> re.Pattern:
    return re.compile(rf"^\s*{re.escape(text)}\s*$")


@pytest.fixture(scope="session")
def static_site(tmp_path_factory) -> Path:
    """The site, built once per run; or ``$BURGLE_STATIC_SITE``, a site built beforehand from
    this checkout (``burgle publish DIR``), used as it is and never written to."""
    from burgle.publish.site import build_site

    built = os.environ.get("BURGLE_STATIC_SITE")
    if built:
        assert (Path(built) / "index.html").is_file(), f"$BURGLE_STATIC_SITE={built} holds no site"
        return Path(built)
    cache = os.environ.get("BURGLE_PUBLISH_CACHE") or None
    out = tmp_path_factory.mktemp("static") / "site"
    lines: list[str] = []
    build_site(out, cache=cache, log=lines.append)
    assert (out / "index.html").is_file(), lines
    return out


@pytest.fixture(scope="session")
def site_url(static_site):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory",
                             str(static_site), str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 20
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            assert proc.poll() is None and time.monotonic() < deadline, "http.server did not start"
            time.sleep(0.1)
    yield url
    proc.terminate()
    proc.wait(10)


@pytest.fixture
def visit(browser, site_url):
    """A fresh browser context that may reach the site only; ``.elsewhere`` lists refusals."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(20_000)
    elsewhere: list[str] = []

    def only_the_site(route):
        url = route.request.url
        if url.startswith((site_url, "data:", "blob:")):
            route.continue_()
        else:
            elsewhere.append(url)
            route.abort()

    context.route("**/*", only_the_site)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.elsewhere, page.js_errors = elsewhere, errors
    yield page
    context.close()


def open_site(page, url: str) -> None:
    page.goto(url, wait_until="commit", timeout=LOAD_TIMEOUT_MS)
    page.locator(".burgle-tutor.burgle-ready").wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)


def picture(page) -> str:
    return page.locator(".burgle-picture svg").first.evaluate("svg => svg.outerHTML")


def wait_changed(page, selector: str, before: str, timeout: float = 60_000) -> None:
    wait_for_js(page, "([sel, before]) => { const e = document.querySelector(sel); return e !== null && e.outerHTML !== before; }",
                arg=[selector, before], timeout=timeout)


def play_lesson(page, lesson) -> None:
    page.locator("button.burgle-lesson").filter(has_text=lesson.title).click()
    page.locator(".burgle-lesson-view").wait_for(state="visible")
    page.locator(".burgle-picture svg").first.wait_for(state="visible")
    for number, step in enumerate(lesson.steps):
        opening = words(step.text).split(":")[0].split(",")[0][:30]
        wait_for_js(page, "t => (document.querySelector('.burgle-narration') || {}).innerText?.replace(/\\s+/g, ' ').includes(t)",
            arg=opening,
        )
        if step.expect is not None:
            before = picture(page)
            page.locator("button.burgle-action").filter(has_text=exact(str(step.expect))).click()
            page.locator(".burgle-feedback.burgle-feedback-right").wait_for()
            assert words(step.right)[:40] in words(page.locator(".burgle-feedback").inner_text())
            wait_changed(page, ".burgle-picture svg", before)
        if number + 1 < len(lesson.steps):
            page.locator(".burgle-next").click()
    assert "lesson complete" in page.locator(".burgle-feedback").inner_text().lower()


def test_the_static_site_plays_lesson_1_explorer_and_sandbox_offline(visit, site_url):
    page = visit
    total = len(load_all())
    open_site(page, site_url)  # index.html sends the visitor to the tutor page
    assert "/voici/render/tutor.html" in page.url

    # The tutor: lesson 1 by clicking, to its end; then home shows it done.
    play_lesson(page, LESSON)
    page.locator(".burgle-home").click()
    page.locator(".burgle-lesson-list").wait_for(state="visible")
    assert page.locator("button.burgle-lesson").filter(has_text=LESSON.title).inner_text().strip().startswith("✓")
    assert words(page.locator(".burgle-progress").inner_text()).startswith(f"1 of {total}")

    # Reload: a new Python in the browser, and the progress the browser kept comes back.
    page.reload(wait_until="commit", timeout=LOAD_TIMEOUT_MS)
    page.locator(".burgle-tutor.burgle-ready").wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    wait_for_js(page, "() => (document.querySelector('.burgle-progress') || {}).innerText?.trim().startsWith('1 of')")

    # The guard explorer: move the guard by clicking cell C3; the route and picture follow.
    page.locator("button.burgle-nav-explorer").click()
    page.locator(".burgle-explorer.burgle-ready").wait_for(state="visible", timeout=60_000)
    page.locator(".burgle-explorer .burgle-picture svg").first.wait_for(state="visible")
    picture_before = page.locator(".burgle-explorer .burgle-picture svg").first.evaluate("s => s.outerHTML")
    page.locator(".burgle-explorer button.burgle-cell").nth(4 * 2 + 2).click()  # C3, in reading order
    wait_for_js(page, "() => (document.querySelector('.burgle-explorer .burgle-route') || {}).innerText"
        "?.replace(/\\s+/g, ' ').includes('Route from C3')")
    wait_changed(page, ".burgle-explorer .burgle-picture svg", picture_before)

    # The sandbox: three actions with its buttons; each is logged and redrawn.
    page.locator("button.burgle-nav-sandbox").click()
    page.locator(".burgle-sandbox.burgle-ready").wait_for(state="visible", timeout=60_000)
    page.locator(".burgle-sandbox .burgle-picture svg").first.wait_for(state="visible")
    page.locator(".burgle-sandbox button.burgle-more-actions").click()  # the 16 entrances are folded
    for n, action in enumerate(("entrance 1B2", "move 1B1", "peek 1C1"), 1):
        before = page.locator(".burgle-sandbox .burgle-picture svg").first.evaluate("s => s.outerHTML")
        if n < 3:
            page.locator(".burgle-sandbox button.burgle-action").filter(has_text=exact(action)).click()
        else:  # on the board itself (issue 10 §2): the cell offers move and peek
            wait_for_js(page, "() => (document.querySelector(\".burgle-sandbox .burgle-hit[data-cell='1C1']\")"
                                   " || {getAttribute: () => ''}).getAttribute('aria-label').includes('peek 1C1')")
            page.locator(".burgle-sandbox .burgle-hit[data-cell='1C1']").click()
            page.locator(".burgle-sandbox .burgle-cell-choice").filter(has_text=exact(action)).click()
        wait_for_js(page, "n => document.querySelectorAll('.burgle-sandbox .burgle-log .burgle-log-entry').length === n", arg=n)
        wait_changed(page, ".burgle-sandbox .burgle-picture svg", before)
    log = words(page.locator(".burgle-sandbox .burgle-log").inner_text())
    assert "Hawk: entrance 1B2" in log and "Hawk moves to 1B1." in log and "peek 1C1" in log

    # The language picker works here too (issue 14): Japanese at once, the sandbox's log
    # narrated again in it; then ?lang=es in the address on a fresh load.
    page.locator(".burgle-lang select").select_option("ja")
    wait_for_js(page, "() => document.documentElement.lang === 'ja'")
    wait_for_js(page, "() => (document.querySelector('.burgle-sandbox .burgle-log') || {}).innerText?.includes('ホーク')")
    page.goto(page.url.split("?")[0].split("#")[0] + "?lang=es", wait_until="commit", timeout=LOAD_TIMEOUT_MS)
    page.locator(".burgle-tutor.burgle-ready").wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    wait_for_js(page, "() => document.documentElement.lang === 'es' && "
        "(document.querySelector('.burgle-nav-tutor') || {}).innerText?.trim() === 'Lecciones'",
        timeout=LOAD_TIMEOUT_MS)

    assert page.elsewhere == [], f"the site asked other hosts for {page.elsewhere[:5]}"
    assert page.js_errors == [], page.js_errors


def test_the_static_site_opens_in_the_language_of_its_address_and_switches(visit, site_url):
    """Issue 14: the static site works in all three languages. ``/?lang=ja`` (the site's own
    address, through index.html) opens the tutor in Japanese; the explorer follows; the
    bar's picker switches to Spanish and a lesson's text is Spanish; all offline."""
    from burgle.i18n import Translator
    from burgle.lessons.translations import localize

    page = visit
    page.goto(site_url + "?lang=ja", wait_until="commit", timeout=LOAD_TIMEOUT_MS)
    page.locator(".burgle-tutor.burgle-ready").wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    assert "/voici/render/tutor.html?lang=ja" in page.url
    wait_for_js(page, "label => document.documentElement.lang === 'ja' && "
        "(document.querySelector('.burgle-nav-tutor') || {}).innerText?.trim() === label",
        arg=Translator("ja").gettext("Lessons"), timeout=LOAD_TIMEOUT_MS)
    page.locator("button.burgle-lesson").filter(has_text=localize(LESSON, "ja").title).wait_for()
    page.locator("button.burgle-nav-explorer").click()
    page.locator(".burgle-explorer.burgle-ready").wait_for(state="visible", timeout=60_000)
    wait_for_js(page, "() => (document.querySelector('.burgle-explorer .burgle-route') || {}).innerText?.includes('A1から目的地D2')")
    page.locator(".burgle-lang select").select_option("es")
    wait_for_js(page, "() => document.documentElement.lang === 'es'")
    wait_for_js(page, "() => (document.querySelector('.burgle-explorer .burgle-route') || {}).innerText?.includes('Ruta de A1')")
    assert "lang=es" in page.url
    page.locator("button.burgle-nav-tutor").click()
    spanish = localize(LESSON, "es")
    page.locator("button.burgle-lesson").filter(has_text=spanish.title).click()
    wait_for_js(page, "t => (document.querySelector('.burgle-narration') || {}).innerText?.replace(/\\s+/g, ' ').includes(t)",
        arg=words(spanish.steps[0].text)[:25])
    assert page.elsewhere == [], f"the site asked other hosts for {page.elsewhere[:5]}"
    assert page.js_errors == [], page.js_errors


@pytest.fixture(scope="session")
def strict_site_url(static_site):
    """The site behind the headers a host should send (burgle.publish.hosting): caching,
    gzip, and the Content Security Policy."""
    import functools
    import http.server
    import threading

    from burgle.publish.hosting import SiteHandler

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(SiteHandler, directory=str(static_site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def test_the_static_site_works_under_its_content_security_policy(browser, static_site, strict_site_url):
    """Pyodide, the kernel's worker and the widgets run under the site's policy (no eval,
    no inline script but voici's own, by hash): the page gets ready, lesson 1 answers a
    click, the explorer and the sandbox open, and the browser reports no blocked script,
    worker, style or request, in the page or its workers (issue 15: the static site's CSP)."""
    from burgle.publish.hosting import csp, inline_script_hashes

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    violations: list[str] = []
    page.add_init_script("document.addEventListener('securitypolicyviolation', e => "
                         "console.error('CSP-VIOLATION ' + e.violatedDirective + ' ' + e.blockedURI));")

    def watch(message):
        if "CSP-VIOLATION" in message.text or "Content Security Policy" in message.text:
            violations.append(message.text)

    page.on("console", watch)
    page.on("worker", lambda worker: worker.on("console", watch))
    response = page.goto(strict_site_url + "voici/render/tutor.html", wait_until="commit", timeout=LOAD_TIMEOUT_MS)
    assert response.headers["content-security-policy"] == csp(inline_script_hashes(static_site))
    assert (static_site / "_headers").read_text().count(csp(inline_script_hashes(static_site))) == 1
    page.locator(".burgle-tutor.burgle-ready").wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    page.locator("button.burgle-lesson").filter(has_text=LESSON.title).click()
    page.locator(".burgle-picture svg").first.wait_for(state="visible", timeout=60_000)
    step = next(s for s in LESSON.steps if s.expect is not None)
    for _ in range(LESSON.steps.index(step)):
        page.locator(".burgle-next").click()
    before = picture(page)
    page.locator("button.burgle-action").filter(has_text=exact(str(step.expect))).click()
    wait_changed(page, ".burgle-picture svg", before)
    for name in ("explorer", "sandbox"):  # each builds its widgets (anywidget's blob: modules among them)
        page.locator(f"button.burgle-nav-{name}").click()
        page.locator(f".burgle-{name}.burgle-ready").wait_for(state="visible", timeout=60_000)
        page.locator(f".burgle-{name} .burgle-picture svg").first.wait_for(state="visible")
    context.close()
    assert violations == []
