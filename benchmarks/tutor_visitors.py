#!/usr/bin/env python3
"""Ten visitors at once on the tutor page: does each get a working lesson, and are their
kernels culled after they leave?

Serves ``notebooks/tutor.ipynb`` with ``burgle tutor``'s settings
(``burgle.web.tutor.server.voila_command``: kernel-client fix, idle culling after 120 s checked
every 60 s, hidden code, no ``test-only`` cells) and, ``--rounds`` times, opens
``--visitors`` pages at once in Debian's Chromium. Each visitor, like a learner:

1. loads the page and waits for ``.burgle-ready``;
2. opens lesson 01 from the lesson list, clicks Next over its read-only steps;
3. clicks the step's expected action (``peek 1B2``) and waits for the right-answer
   feedback (``.burgle-feedback-right``) and a changed picture;
4. leaves (closes its browser context, as closing a tab does).

Each visitor has ``--timeout`` seconds for all of it, so a round is bounded in time. After
the last round the script counts the server's kernel processes and waits up to
``--check-cull`` seconds for idle culling to shut them all down.

Prints one line per visitor, a summary (ok count, median/p95/max load time and click-to-
feedback time, kernels before/after culling) and exits 1 if any visitor failed or a kernel
was left. Reuses ``page_loads.py`` (server start, kernel count, Chromium flags).

    .venv/bin/python benchmarks/tutor_visitors.py --visitors 10 --rounds 3 --check-cull 240
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from page_loads import CHROMIUM_ARGS, VoilaServer, exit_on_sigterm, free_port, pct  # noqa: E402

LOCAL = ("http://127.0.0.1", "ws://127.0.0.1", "data:")


@dataclass
class Visit:
    round: int
    index: int
    ok: bool = False
    load: float = 0.0  # page open -> .burgle-ready
    click: float = 0.0  # action click -> right feedback shown
    total: float = 0.0
    stage: str = ""
    error: str = ""


async def visit(browser, url: str, rnd: int, index: int, lesson, timeout: float) -> Visit:
    v = Visit(rnd, index)
    context = await browser.new_context(viewport={"width": 1280, "height": 900})

    async def route(r):
        await (r.continue_() if r.request.url.startswith(LOCAL) else r.abort())

    await context.route("**/*", route)
    page = await context.new_page()
    t0 = time.monotonic()
    deadline = t0 + timeout

    def left_ms() -> float:
        return max(100.0, (deadline - time.monotonic()) * 1000)

    try:
        v.stage = "load"
        await page.goto(url, wait_until="commit", timeout=left_ms())
        await page.locator(".burgle-tutor.burgle-ready").wait_for(state="visible", timeout=left_ms())
        v.load = time.monotonic() - t0
        v.stage = "open lesson"
        await page.locator("button.burgle-lesson").filter(has_text=lesson.title).click(timeout=left_ms())
        await page.locator(".burgle-lesson-view").wait_for(state="visible", timeout=left_ms())
        step = next(s for s in lesson.steps if s.expect is not None)
        for s in lesson.steps:
            if s is step:
                break
            v.stage = "next"
            await page.locator(".burgle-next").click(timeout=left_ms())
        v.stage = "action"
        action = str(step.expect)
        button = page.locator("button.burgle-action").filter(has_text=re.compile(rf"^\s*{re.escape(action)}\s*$"))
        await button.wait_for(state="visible", timeout=left_ms())
        before = await page.locator(".burgle-picture svg").first.evaluate("s => s.outerHTML", timeout=left_ms())
        t1 = time.monotonic()
        await button.click(timeout=left_ms())
        await page.locator(".burgle-feedback.burgle-feedback-right").wait_for(timeout=left_ms())
        v.click = time.monotonic() - t1
        v.stage = "feedback"
        text = " ".join((await page.locator(".burgle-feedback").inner_text(timeout=left_ms())).split())
        if " ".join(step.right.split())[:40] not in text:
            raise AssertionError(f"feedback without the step's text: {text[:120]!r}")
        await page.wait_for_function(
            "b => { const s = document.querySelector('.burgle-picture svg'); return s && s.outerHTML !== b; }",
            arg=before, timeout=left_ms())
        v.ok, v.stage = True, "done"
    except Exception as exc:
        v.error = type(exc).__name__ + ": " + str(exc).splitlines()[0][:160]
    v.total = time.monotonic() - t0
    await context.close()  # the visitor leaves
    return v


async def run(args) -> int:
    from playwright.async_api import async_playwright

    from burgle.lessons import load_lesson
    from burgle.lessons.model import lessons_dir
    from burgle.web.tutor.server import notebook_path, voila_command

    lesson = load_lesson(lessons_dir() / "01-first-steps.toml")
    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    port = free_port()
    nb = notebook_path()
    server = VoilaServer(nb, port, [], out / "voila-server.log", [],
                         command=voila_command(nb, port, extra=args.voila_arg))
    url = server.base + "/"
    visits: list[Visit] = []
    peak = 0
    culled_after = None
    left = None
    try:
        server.start()
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
            print(f"{'round':>5} {'visitor':>7} {'ok':>3} {'load s':>7} {'click s':>7} {'total s':>7}  note", flush=True)
            for rnd in range(args.rounds):
                t = time.monotonic()
                batch = await asyncio.gather(*(visit(browser, url, rnd, i, lesson, args.timeout)
                                               for i in range(args.visitors)))
                for v in batch:
                    note = "" if v.ok else f"FAILED at {v.stage}: {v.error}"
                    print(f"{v.round:>5} {v.index:>7} {'yes' if v.ok else 'NO':>3} {v.load:>7.2f} {v.click:>7.2f} {v.total:>7.2f}  {note}", flush=True)
                kernels = server.kernel_processes()
                peak = max(peak, kernels)
                print(f"      round {rnd}: {sum(v.ok for v in batch)}/{len(batch)} ok in {time.monotonic() - t:.1f} s; "
                      f"kernel processes now {kernels}", flush=True)
                visits.extend(batch)
            await browser.close()
        if args.check_cull:
            before = server.kernel_processes()
            print(f"all visitors left; kernel processes: {before}; waiting up to {args.check_cull:g} s for culling", flush=True)
            t = time.monotonic()
            left = before
            while time.monotonic() - t < args.check_cull:
                await asyncio.sleep(5)
                n = server.kernel_processes()
                if n != left:
                    print(f"  after {time.monotonic() - t:5.0f} s: {n} kernel processes", flush=True)
                left = n
                if n == 0:
                    culled_after = time.monotonic() - t
                    break
    finally:
        server.stop()

    ok = [v for v in visits if v.ok]
    print()
    print(f"visitors {len(visits)} ({args.rounds} rounds of {args.visitors} at once)  ok {len(ok)}  "
          f"failed {len(visits) - len(ok)}  (timeout {args.timeout:g} s each)")
    if ok:
        loads, clicks = [v.load for v in ok], [v.click for v in ok]
        print(f"load s:  median {statistics.median(loads):.2f}  p95 {pct(loads, 95):.2f}  max {max(loads):.2f}")
        print(f"click s: median {statistics.median(clicks):.2f}  p95 {pct(clicks, 95):.2f}  max {max(clicks):.2f}")
    print(f"kernel processes: peak after a round {peak}", end="")
    if args.check_cull:
        print(f"; after leaving: {'all culled in %.0f s' % culled_after if culled_after is not None else f'{left} left after {args.check_cull:g} s'}")
    else:
        print()
    print(f"server log: {out / 'voila-server.log'}")
    cull_ok = not args.check_cull or culled_after is not None
    return 0 if len(ok) == len(visits) and cull_ok else 1


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--visitors", type=int, default=10, help="pages opened at once (default 10)")
    ap.add_argument("--rounds", type=int, default=1, help="how many times (default 1)")
    ap.add_argument("--timeout", type=float, default=90.0, help="seconds each visitor gets for load + lesson + action")
    ap.add_argument("--check-cull", type=float, default=0.0, metavar="S",
                    help="after the last round, wait up to S seconds for every kernel to be culled")
    ap.add_argument("--voila-arg", action="append", default=[], metavar="ARG",
                    help="extra voila argument after burgle tutor's (repeat; write --voila-arg=--Foo.bar=1)")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--out-dir", default="/tmp/tutor_visitors")
    args = ap.parse_args(argv)
    exit_on_sigterm()
    return asyncio.run(run(args))


if __name__ == "__main__":
    sys.exit(main())
