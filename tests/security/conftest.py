"""Servers for the security probes, each on 127.0.0.1 with its own settings.

* ``tutor`` (session): ``burgle tutor``'s server for notebooks/tutor.ipynb, at its default
  log level (WARN), with room for a few pages. Its log is kept: the probes read it.
* ``limits`` (session): the same server for a tiny page (a few widgets, and buttons that
  grow the kernel's memory or spin its CPU: what a hostile page could make a kernel do),
  with one kernel slot, short idle timeouts and a small memory ceiling, so that each limit
  is reached in seconds. Trusts X-Forwarded-Proto (``--behind-proxy``).

Probes that need a browser are marked ``browser`` (``-m "not browser"`` skips them) and use
Debian's Chromium like tests/browser/.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

ROOT = HERE.parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]
LOCAL = ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")

#: Settings of the ``limits`` server.
LIMITS = {"idle_seconds": 6, "gone_seconds": 10, "memory_mb": 560}

LIMITS_NOTEBOOK = '''\
import time
import ipywidgets as widgets
from burgle.web.security.limits import RequestCutOff

hog = []
note = widgets.HTML("ready")
note.add_class("probe-note")

def grow(_):
    hog.append(bytearray(64 * 1024 * 1024))  # address space, as a runaway kernel would take
    note.value = f"{64 * len(hog)} MB"

def spin(_):
    try:
        end = time.process_time() + 30
        while time.process_time() < end:
            pass
        note.value = "finished"
    except RequestCutOff as exc:
        note.value = str(exc)

buttons = []
for name, act in (("grow", grow), ("spin", spin)):
    b = widgets.Button(description=name)
    b.add_class(f"probe-{name}")
    b.on_click(act)
    buttons.append(b)
text = widgets.Text()
text.add_class("probe-text")
box = widgets.VBox([*buttons, text, note])
box.add_class("probe-ready")
box
'''


def kernel_pids(server) -> list[int]:
    """The server's kernel processes (its children running burgle's kernel module)."""
    out = subprocess.run(["ps", "-o", "pid=,args=", "--ppid", str(server.proc.pid)],
                         capture_output=True, text=True).stdout
    return [int(line.split()[0]) for line in out.splitlines() if "burgle.web.security.kernel" in line]


def wait_for(predicate, timeout: float, step: float = 0.2):
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(step)


def _serve(tmp_path_factory, name: str, **options):
    from burgle.web.tutor.server import TutorServer

    log_path = tmp_path_factory.mktemp(name) / "server.log"
    log = open(log_path, "w")
    server = TutorServer(stdout=log, stderr=subprocess.STDOUT, **options)
    server.start(ready_timeout=60)
    server.log_path = log_path
    return server, log


@pytest.fixture(scope="session")
def tutor(tmp_path_factory):
    server, log = _serve(tmp_path_factory, "tutor", log_level="WARN", max_kernels=8)
    yield server
    server.stop()
    log.close()


@pytest.fixture(scope="session")
def limits(tmp_path_factory):
    folder = tmp_path_factory.mktemp("limits-page")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(LIMITS_NOTEBOOK)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path = folder / "limits.ipynb"
    nbformat.write(nb, path)
    server, log = _serve(
        tmp_path_factory, "limits", notebook=path, log_level="WARN", max_kernels=1,
        idle_minutes=LIMITS["idle_seconds"] / 60, kernel_memory_mb=LIMITS["memory_mb"], behind_proxy=True,
        extra=[f"--MappingKernelManager.cull_idle_timeout={LIMITS['gone_seconds']}",
               "--MappingKernelManager.cull_interval=1"])
    yield server
    server.stop()
    log.close()


@pytest.fixture
def free_limits(limits):
    """The ``limits`` server with its one kernel slot free (the previous probe's kernel gone)."""
    assert wait_for(lambda: not kernel_pids(limits), 30), "a kernel from an earlier probe is still running"
    yield limits


def visit(server, **kwargs):
    """A :class:`probe.Visitor` of *server*'s page, once its one seat is free: a kernel whose
    process has just ended can be a moment from leaving the server's books (503 till then)."""
    from probe import Visitor

    deadline = time.monotonic() + 30
    while True:
        v = Visitor(server.url, **kwargs)
        if v.status != 503 or time.monotonic() > deadline:
            return v
        time.sleep(0.5)


def open_page(page, server, selector: str = ".probe-ready") -> None:
    """Open *server*'s page in the browser, as :func:`visit` does (waits out a full page)."""
    deadline = time.monotonic() + 30
    while True:
        response = page.goto(server.url)
        if response.status != 503 or time.monotonic() > deadline:
            break
        page.wait_for_timeout(500)
    page.wait_for_selector(selector, timeout=60_000)


@pytest.fixture(scope="session")
def browser():
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: run `bash tests/setup-and-run.sh` (or apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


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
