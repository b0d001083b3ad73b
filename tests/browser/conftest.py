"""Browser tests of the tutor page: ``burgle tutor`` serves it, Debian's Chromium shows it.

* ``tutor_url`` (session): runs ``burgle tutor --no-browser --port <free> --verbose`` as a
  subprocess, waits until it serves, yields ``http://127.0.0.1:PORT/`` and stops it at the
  end (SIGTERM, which also shuts its kernels down). Its log is printed when a test fails.
* ``browser`` (session): ``/usr/bin/chromium`` through Playwright's sync API (Playwright's
  own browser download is not used). ``tests/setup-and-run.sh`` installs it.
* ``page`` (per test): a fresh browser context (so a fresh ``localStorage``) whose requests
  to anything but 127.0.0.1 and ``data:`` are aborted (Voila's template links a CDN).

Every test in this folder is marked ``browser``: ``pytest -m "not browser"`` skips them.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
LOCAL = ("http://127.0.0.1", "ws://127.0.0.1", "data:")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)


#: The fresh-clone test (tests/test_fresh_clone.py) reruns the non-browser tests in a clone
#: (about 3 minutes). When the browser tests are collected too, it is started as soon as the
#: session has collected it, and runs beside them, which mostly wait on Chromium and the
#: kernels, instead of after them. (Here, not in a tests/conftest.py: --doctest-modules would
#: import that one as a second module named conftest.)
FRESH_CLONE_TEST = "test_fresh_clone.py::test_the_non_browser_tests_pass_in_the_clone"


def pytest_collection_finish(session):
    if os.environ.get("PYTEST_XDIST_WORKER"):
        # under pytest-xdist every worker collects every test; the workers already run the
        # clone's test beside the others, and an early start here would run it once per worker
        return
    browser = any(HERE in Path(str(item.path)).resolve().parents for item in session.items)
    for item in session.items:
        if browser and item.nodeid.endswith(FRESH_CLONE_TEST):
            item.module.start_early()
            return


def pytest_sessionfinish(session):
    for item in getattr(session, "items", []):
        if item.nodeid.endswith(FRESH_CLONE_TEST):
            item.module.stop_early()
            return


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def tutor_server(tmp_path_factory):
    """The running ``burgle tutor`` process: ``(url, log_path)``."""
    port = free_port()
    log_path = tmp_path_factory.mktemp("tutor") / "burgle-tutor.log"
    log = open(log_path, "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "burgle", "tutor", "--no-browser", "--port", str(port), "--verbose"],
        stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 90
    while True:
        if proc.poll() is not None:
            log.close()
            pytest.fail(f"burgle tutor exited with {proc.returncode}:\n{log_path.read_text()}")
        if f"Burgle tutor: {url}" in log_path.read_text():
            break
        if time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"burgle tutor did not start in 90 s:\n{log_path.read_text()}")
        time.sleep(0.2)
    yield url, log_path
    proc.send_signal(signal.SIGTERM)
    try:
        status = proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        status = proc.wait()
    log.close()
    assert status == 0, f"burgle tutor exited with {status} on SIGTERM"


@pytest.fixture(scope="session")
def tutor_url(tutor_server) -> str:
    return tutor_server[0]


@pytest.fixture(scope="session")
def browser():
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: run `bash tests/setup-and-run.sh` (or apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


def _local_only(route):
    if route.request.url.startswith(LOCAL):
        route.continue_()
    else:
        route.abort()


@pytest.fixture
def page(browser, request, tutor_server):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(15_000)
    context.route("**/*", _local_only)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.js_errors = errors
    yield pg
    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed:
        shot = Path(tutor_server[1]).with_name(f"{request.node.name}.png")
        try:
            pg.screenshot(path=str(shot), full_page=True)
            print(f"screenshot: {shot}")
        except Exception:
            pass
        print("---- burgle tutor log (last 60 lines) ----")
        print("\n".join(Path(tutor_server[1]).read_text().splitlines()[-60:]))
    context.close()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    rep = yield
    if rep.when == "call":
        item.rep_call = rep
    return rep
