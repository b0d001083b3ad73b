"""What the security probes share (servers' settings, waiting, opening the page), in a
module of its own name: test modules cannot import it from a conftest, which pytest loads
under the one name ``conftest`` for every folder."""

from __future__ import annotations

import subprocess
import time

#: Settings of the ``limits`` server.
# idle_seconds: long enough that a page served under load is drawn and connected before its
# kernel counts as idle (at 6 s a loaded CI machine lost the race on a reload)
LIMITS = {"idle_seconds": 12, "gone_seconds": 16, "memory_mb": 560}

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
    """The server's kernel processes (its children running burgle's kernel module). ``ww``:
    without it ps may cut each line at 80 columns (it does under pytest, COLUMNS unset), and a
    venv in a long path (a clone in a temporary folder) pushes the module's name past it."""
    out = subprocess.run(["ps", "ww", "-o", "pid=,args=", "--ppid", str(server.proc.pid)],
                         capture_output=True, text=True).stdout
    return [int(line.split()[0]) for line in out.splitlines() if "burgle.web.security.kernel" in line]


def wait_for(predicate, timeout: float, step: float = 0.2):
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(step)


def serve(tmp_path_factory, name: str, **options):
    from burgle.web.tutor.server import TutorServer

    log_path = tmp_path_factory.mktemp(name) / "server.log"
    log = open(log_path, "w")
    server = TutorServer(stdout=log, stderr=subprocess.STDOUT, **options)
    server.start(ready_timeout=60)
    server.log_path = log_path
    return server, log


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
