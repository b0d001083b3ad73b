#!/usr/bin/env python3
"""The static site (``burgle publish``) in a cold browser: load, reload, bytes, clicks.

Serves a built site on 127.0.0.1 with the headers a host should send
(:mod:`burgle.publish.hosting`: gzip, Cache-Control, and with ``--csp`` the Content
Security Policy), then for each run opens a fresh Chromium profile (cold: empty HTTP and
code caches) and measures:

* ``ready``: page requested -> the tutor's lesson list shown (``.burgle-tutor.burgle-ready``);
* ``lesson``: page requested -> lesson 1 open with its first action playable (the first
  lesson interactive: ready, a click on the lesson, its picture and Next shown);
* ``reload``: the same page reloaded in the same browser (HTTP cache warm) -> ready;
* ``ready cpu``, ``reload cpu``: CPU seconds Chromium spent on them (all its processes):
  on a busy machine wall times stretch, CPU seconds much less;
* ``MB``: bytes the server sent for the cold load (gzip where it compresses), counted on
  its socket; ``reload MB`` the same for the reload;
* ``click``: in lesson 1, click an action -> the new picture in the page (median of the
  lesson's actions), and in the explorer, a cell -> its new picture.

Every request to another host is refused and counted (must be 0).

    .venv/bin/python benchmarks/static_site.py --runs 3            # builds into a temp dir
    .venv/bin/python benchmarks/static_site.py --site /tmp/site --runs 5 --csp

Run it on a quiet machine: the figures are wall-clock times of a 2-core box, and the
load average is printed with them.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]


class _Counter:
    """Counts the bytes a handler writes to its socket (headers and bodies)."""

    def __init__(self, raw, sent):
        self.raw, self.sent = raw, sent

    def write(self, data):
        self.sent[0] += len(data)
        return self.raw.write(data)

    def __getattr__(self, name):
        return getattr(self.raw, name)


SENT = [0]  # bytes the server sent, all requests


def serve(site: Path, csp: bool) -> tuple[http.server.ThreadingHTTPServer, str]:
    from burgle.publish.hosting import SiteHandler

    def setup(self):
        SiteHandler.setup(self)
        self.wfile = _Counter(self.wfile, SENT)

    handler = type("Handler", (SiteHandler,), {"csp": csp, "setup": setup})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def browser_cpu(profile: Path) -> float:
    """CPU seconds used so far by the Chromium processes of this profile (and their children):
    what the machine's load inflates least, so the figure to compare across busy runs."""
    import psutil

    total = 0.0
    for proc in psutil.process_iter(["cmdline"]):
        try:
            if any(str(profile) in part for part in proc.info["cmdline"] or []):
                t = proc.cpu_times()
                total += t.user + t.system
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            pass
    return total


def one_run(browser_type, url: str, profile: Path) -> dict:
    # Other hosts are made unreachable by the resolver, not by Playwright's request routing:
    # routing would switch the HTTP cache off, and the reload is about that cache.
    resolver = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
    ctx = browser_type.launch_persistent_context(str(profile), executable_path=CHROMIUM, args=[*ARGS, resolver],
                                                 viewport={"width": 1280, "height": 900})
    elsewhere, errors = [], []

    def seen(request):
        if not request.url.startswith((url, "data:", "blob:", "chrome", "about:")):
            elsewhere.append(request.url)

    ctx.on("request", seen)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    out = {}
    SENT[0] = 0
    cpu0 = browser_cpu(profile)
    t0 = time.monotonic()
    page.goto(url + "voici/render/tutor.html", wait_until="commit", timeout=180_000)
    page.locator(".burgle-tutor.burgle-ready").wait_for(state="visible", timeout=180_000)
    out["ready"] = time.monotonic() - t0
    out["ready cpu"] = browser_cpu(profile) - cpu0
    page.locator("button.burgle-lesson").first.click()
    page.locator(".burgle-picture svg").first.wait_for(state="visible", timeout=60_000)
    page.locator(".burgle-next").wait_for(state="visible")
    out["lesson"] = time.monotonic() - t0
    out["MB"] = SENT[0] / 1e6  # everything the server sent for the cold load

    # click -> new picture, over lesson 1's actions
    clicks = []
    from burgle.lessons import load_lesson
    from burgle.lessons.model import lessons_dir

    lesson = load_lesson(lessons_dir() / "01-first-steps.toml")
    for n, step in enumerate(lesson.steps):
        if step.expect is not None:
            before = page.locator(".burgle-picture svg").first.evaluate("s => s.outerHTML")
            button = page.locator("button.burgle-action").filter(has_text=str(step.expect)).first
            button.wait_for(state="visible")
            t = time.monotonic()
            button.click()
            page.wait_for_function("b => { const s = document.querySelector('.burgle-picture svg');"
                                   " return s && s.outerHTML !== b; }", arg=before, polling="raf")
            clicks.append(time.monotonic() - t)
        if n + 1 < len(lesson.steps):
            page.locator(".burgle-next").click()
    out["click"] = statistics.median(clicks)

    # explorer: a cell -> new picture (the first open builds it: not timed)
    page.locator("button.burgle-nav-explorer").click()
    page.locator(".burgle-explorer .burgle-picture svg").first.wait_for(state="visible", timeout=60_000)
    ex = []
    for name_index in (4 * 2 + 2, 4 * 3 + 0, 4 * 1 + 1):  # C3, A4, B2 (reading order)
        before = page.locator(".burgle-explorer .burgle-picture svg").first.evaluate("s => s.outerHTML")
        cell = page.locator(".burgle-explorer button.burgle-cell").nth(name_index)
        t = time.monotonic()
        cell.click()
        page.wait_for_function("b => { const s = document.querySelector('.burgle-explorer .burgle-picture svg');"
                               " return s && s.outerHTML !== b; }", arg=before, polling="raf")
        ex.append(time.monotonic() - t)
    out["explorer click"] = statistics.median(ex)

    t0 = time.monotonic()
    SENT[0] = 0
    cpu0 = browser_cpu(profile)
    page.reload(wait_until="commit", timeout=180_000)
    page.locator(".burgle-tutor.burgle-ready").wait_for(state="visible", timeout=180_000)
    out["reload"] = time.monotonic() - t0
    out["reload MB"] = SENT[0] / 1e6
    out["reload cpu"] = browser_cpu(profile) - cpu0
    out["elsewhere"] = len(elsewhere)
    out["errors"] = len(errors)
    ctx.close()
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, help="a built site (default: build one now into a temp dir)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--csp", action="store_true", help="serve with the security headers of burgle.publish.hosting (the site's CSP)")
    args = ap.parse_args(argv)
    site = args.site
    if site is None:
        from burgle.publish.site import build_site

        site = Path(tempfile.mkdtemp(prefix="burgle-site-")) / "site"
        build_site(site, log=lambda line: print("  build:", line))
    server, url = serve(site, args.csp)
    rows = []
    with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
        for i in range(args.runs):
            load = os.getloadavg()[0]
            row = one_run(p.chromium, url, Path(tmp) / f"profile-{i}")
            row["load"] = load
            rows.append(row)
            print(f"run {i + 1}: " + "  ".join(f"{k} {v:.2f}" if isinstance(v, float) else f"{k} {v}"
                                               for k, v in row.items()), flush=True)
    server.shutdown()
    keys = ["ready", "ready cpu", "lesson", "reload", "reload cpu", "MB", "reload MB", "click", "explorer click"]
    print("median: " + "  ".join(f"{k} {statistics.median(r[k] for r in rows):.2f}" for k in keys))
    bad = sum(r["elsewhere"] + r["errors"] for r in rows)
    print(f"requests to other hosts + page errors: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
