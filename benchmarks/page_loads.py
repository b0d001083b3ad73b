#!/usr/bin/env python3
"""Load a Voila-served notebook many times in headless Chromium and count stalls.

Starts ``voila`` on 127.0.0.1, waits until it serves its static files, then opens
the notebook page ``--loads`` times (a fresh browser context and page each time,
``--concurrent`` pages at once).  A load succeeds when an element matching
``--selector`` (by default ``.ready-marker``, i.e. a widget on which the notebook
called ``widget.add_class("ready-marker")``) is visible; a load that does not get
there within ``--timeout`` seconds is a *stall*.

Prints a per-batch table, a summary (counts, median / 95th percentile / max load
time), optionally waits for idle-kernel culling and reports the kernel count
before and after.  Exits 1 if any load stalled (or culling was asked for and did
not happen), 0 otherwise.

Only 127.0.0.1 is contacted: every browser request to another host is aborted
(Voila's ``lab`` template links a CDN stylesheet).

Example::

    python benchmarks/page_loads.py --notebook benchmarks/voila_repro/multi_cell.ipynb \\
        --loads 100 --timeout 20 \\
        --voila-arg=--MappingKernelManager.cull_idle_timeout=120 \\
        --voila-arg=--MappingKernelManager.cull_interval=60

``--tutor`` serves the tutor (``notebooks/tutor.ipynb``) exactly as ``burgle tutor``
does (``burgle.web.tutor.server.voila_command``: the kernel-client fix, culling, hidden code,
no ``test-only`` cells) and waits for ``.burgle-ready``::

    .venv/bin/python benchmarks/page_loads.py --tutor --loads 100 --timeout 20

Needs ``voila`` (with ipywidgets and whatever the notebook imports) and the
``playwright`` Python package; the browser is Debian's ``/usr/bin/chromium``
(``--chromium`` to change it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def decode_ws_frame(payload) -> dict | None:
    """Summarise one kernel websocket frame (JSON or v1 binary protocol)."""
    try:
        if isinstance(payload, str):
            msg = json.loads(payload)
            channel = msg.get("channel")
            header, parent = msg.get("header", {}), msg.get("parent_header", {})
            content = msg.get("content", {})
        else:
            data = bytes(payload)
            n = int.from_bytes(data[0:8], "little")
            offsets = [int.from_bytes(data[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(n)]
            parts = [data[offsets[i] : offsets[i + 1]] for i in range(min(n - 1, 5))]
            channel = parts[0].decode()
            header = json.loads(parts[1] or b"{}")
            parent = json.loads(parts[2] or b"{}")
            content = json.loads(parts[4] or b"{}")
    except Exception as exc:  # pragma: no cover - diagnostics only
        return {"undecodable": repr(exc)}
    out = {
        "channel": channel,
        "msg_type": header.get("msg_type"),
        "msg_id": (header.get("msg_id") or "")[:8],
        "parent_type": parent.get("msg_type"),
        "parent_id": (parent.get("msg_id") or "")[:8],
    }
    if "execution_state" in content:
        out["state"] = content["execution_state"]
    if "status" in content and header.get("msg_type", "").endswith("_reply"):
        out["status"] = content["status"]
    return out


def _die_with_parent() -> None:
    """Linux: the server gets SIGTERM when this script dies, even by SIGKILL or `timeout`."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except Exception:
        pass


def exit_on_sigterm() -> None:
    """Make SIGTERM (e.g. from `timeout`) run the ``finally`` blocks that stop the server."""
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))


@dataclass
class LoadResult:
    index: int
    ok: bool
    seconds: float
    kernel_id: str = ""
    error: str = ""
    frames: list = field(default_factory=list)
    console: list = field(default_factory=list)
    loading_text: str = ""
    page_text: str = ""  # start of the page's text when the load failed

    @property
    def cell_error(self) -> bool:
        """The notebook raised (Voila's error notice is on the page): not a stall."""
        return "error when executing cell" in self.page_text or "Traceback" in self.page_text


class VoilaServer:
    def __init__(self, notebook: Path, port: int, extra: list[str], log_path: Path, voila: list[str],
                 command: list[str] | None = None):
        self.notebook, self.port, self.extra, self.log_path, self.voila = notebook, port, extra, log_path, voila
        self.command = command  # the whole command line, if given (``--tutor``)
        self.proc: subprocess.Popen | None = None
        self.base = f"http://127.0.0.1:{port}"

    def start(self, ready_timeout: float = 60.0) -> None:
        cmd = self.command or [
            *self.voila,
            str(self.notebook),
            "--Voila.ip=127.0.0.1",
            f"--port={self.port}",
            "--no-browser",
            *self.extra,
        ]
        self.log = open(self.log_path, "w")
        print("voila command:", " ".join(cmd), flush=True)
        self.proc = subprocess.Popen(
            cmd, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True,
            preexec_fn=_die_with_parent,
        )
        t0 = time.monotonic()
        while time.monotonic() - t0 < ready_timeout:
            if self.proc.poll() is not None:
                raise RuntimeError(f"voila exited with {self.proc.returncode}; see {self.log_path}")
            try:
                with urllib.request.urlopen(self.base + "/voila/static/voila.js", timeout=2) as r:
                    if r.status == 200:
                        print(f"voila ready in {time.monotonic() - t0:.1f} s", flush=True)
                        return
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            time.sleep(0.25)
        raise RuntimeError("voila did not become ready")

    def kernel_ids(self) -> list[str] | None:
        """Kernel ids from GET /api/kernels, or None if the endpoint is not there."""
        try:
            with urllib.request.urlopen(self.base + "/api/kernels", timeout=5) as r:
                return [k["id"] for k in json.load(r)]
        except Exception:
            return None

    def kernel_processes(self) -> int:
        """Count ipykernel processes whose parent is the voila server."""
        if self.proc is None:
            return 0
        count = 0
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            try:
                stat = Path(f"/proc/{pid}/stat").read_text()
                ppid = int(stat.rsplit(")", 1)[1].split()[1])
                cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            except (OSError, IndexError, ValueError):
                continue
            if ppid == self.proc.pid and b"kernel" in cmdline:
                count += 1
        return count

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)
        if getattr(self, "log", None):
            self.log.close()


async def one_load(browser, url: str, index: int, selector: str, timeout: float, record: bool) -> LoadResult:
    context = await browser.new_context()
    page = await context.new_page()
    frames: list = []
    console: list = []
    kernel = {"id": ""}
    t0 = time.monotonic()

    async def route(r):
        u = r.request.url
        if u.startswith("http://127.0.0.1") or u.startswith("ws://127.0.0.1") or u.startswith("data:"):
            await r.continue_()
        else:
            await r.abort()

    await page.route("**/*", route)

    def on_ws(ws):
        if "/api/kernels/" in ws.url:
            kernel["id"] = ws.url.split("/api/kernels/")[1].split("/")[0]
        if record:
            frames.append({"t": round(time.monotonic() - t0, 3), "dir": "open", "url": ws.url})
            ws.on("framesent", lambda p: frames.append({"t": round(time.monotonic() - t0, 3), "dir": "sent", **(decode_ws_frame(p) or {})}))
            ws.on("framereceived", lambda p: frames.append({"t": round(time.monotonic() - t0, 3), "dir": "recv", **(decode_ws_frame(p) or {})}))
            ws.on("close", lambda *_: frames.append({"t": round(time.monotonic() - t0, 3), "dir": "close"}))

    page.on("websocket", on_ws)
    if record:
        page.on("console", lambda m: console.append(f"{time.monotonic() - t0:.3f} {m.type}: {m.text}"))
    result = LoadResult(index=index, ok=False, seconds=0.0)
    try:
        await page.goto(url, wait_until="commit", timeout=timeout * 1000)
        remaining = max(0.1, timeout - (time.monotonic() - t0))
        await page.locator(selector).first.wait_for(state="visible", timeout=remaining * 1000)
        result.ok = True
    except Exception as exc:
        result.error = type(exc).__name__ + ": " + str(exc).splitlines()[0][:200]
        try:
            result.loading_text = await page.evaluate(
                "() => (document.getElementById('loading_text') || {}).innerText || ''"
            )
            result.page_text = await page.evaluate("() => (document.body || {}).innerText || ''")
        except Exception:
            pass
    result.seconds = time.monotonic() - t0
    result.kernel_id = kernel["id"]
    result.frames, result.console = frames, console
    await context.close()
    return result


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    k = max(0, min(len(s) - 1, int(round(q / 100 * len(s) + 0.5)) - 1))
    return s[k]


async def run(args) -> int:
    from playwright.async_api import async_playwright

    port = args.port or free_port()
    out_dir = Path(args.out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    voila_cmd = args.voila.split() if args.voila else [shutil.which("voila") or "voila"]
    command = None
    if args.tutor:
        from burgle.web.tutor.server import notebook_path, voila_command

        notebook = Path(args.notebook).resolve() if args.notebook else notebook_path()
        command = voila_command(notebook, port, extra=args.voila_arg)
    else:
        notebook = Path(args.notebook).resolve()
    server = VoilaServer(notebook, port, args.voila_arg, out_dir / "voila-server.log", voila_cmd, command)
    url = server.base + "/" + args.url_suffix.lstrip("/")
    results: list[LoadResult] = []
    cull_ok = True
    try:
        server.start()
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
            deadline = time.monotonic() + args.max_minutes * 60
            print(f"{'batch':>5} {'load':>5} {'ok':>3} {'seconds':>8}  kernel    note", flush=True)
            index = 0
            batch = 0
            while index < args.loads and time.monotonic() < deadline:
                k = min(args.concurrent, args.loads - index)
                batch_results = await asyncio.gather(
                    *(one_load(browser, url, index + j, args.selector, args.timeout, args.record) for j in range(k))
                )
                for r in batch_results:
                    note = "" if r.ok else (
                        f"CELL ERROR ({' '.join(r.page_text.split())[:80]})" if r.cell_error
                        else f"STALL ({r.loading_text or r.error[:60]})")
                    print(f"{batch:>5} {r.index:>5} {'yes' if r.ok else 'NO':>3} {r.seconds:>8.2f}  {r.kernel_id[:8]:8}  {note}", flush=True)
                    if not r.ok and args.record:
                        path = out_dir / f"stall-{r.index:04d}.json"
                        path.write_text(json.dumps({"index": r.index, "kernel_id": r.kernel_id, "error": r.error,
                                                    "loading_text": r.loading_text, "page_text": r.page_text[:5000],
                                                    "frames": r.frames,
                                                    "console": r.console}, indent=1))
                    if r.ok and args.record and r.index == 0:
                        (out_dir / "good-0000.json").write_text(json.dumps({"frames": r.frames, "console": r.console}, indent=1))
                if k > 1:
                    ids = [r.kernel_id for r in batch_results if r.ok]
                    distinct = len(set(ids))
                    print(f"      batch {batch}: {sum(r.ok for r in batch_results)}/{k} ok, "
                          f"{distinct} distinct kernels, slowest {max(r.seconds for r in batch_results):.2f} s", flush=True)
                results.extend(batch_results)
                index += k
                batch += 1
                if args.pause:
                    await asyncio.sleep(args.pause)
            await browser.close()

        if args.check_cull:
            before_api, before_proc = server.kernel_ids(), server.kernel_processes()
            print(f"kernels now: api={None if before_api is None else len(before_api)} processes={before_proc}; "
                  f"waiting up to {args.check_cull} s for idle culling", flush=True)
            t0 = time.monotonic()
            after_proc = before_proc
            while time.monotonic() - t0 < args.check_cull:
                await asyncio.sleep(5)
                after_proc = server.kernel_processes()
                if after_proc == 0:
                    break
            after_api = server.kernel_ids()
            print(f"kernels after {time.monotonic() - t0:.0f} s: api={None if after_api is None else len(after_api)} "
                  f"processes={after_proc}", flush=True)
            cull_ok = after_proc == 0
    finally:
        server.stop()

    ok = [r.seconds for r in results if r.ok]
    failed = [r for r in results if not r.ok]
    errors = [r for r in failed if r.cell_error]
    stalls = [r for r in failed if not r.cell_error]
    print()
    print(f"loads {len(results)}  ok {len(ok)}  stalls {len(stalls)}  cell errors {len(errors)}  "
          f"(timeout {args.timeout:g} s, concurrent {args.concurrent})")
    if ok:
        print(f"load seconds: median {statistics.median(ok):.2f}  p95 {pct(ok, 95):.2f}  max {max(ok):.2f}  min {min(ok):.2f}")
    if stalls:
        print("stalled loads:", ", ".join(str(r.index) for r in stalls))
    if errors:
        print("loads where the notebook raised (see the server log):", ", ".join(str(r.index) for r in errors))
    if len(results) < args.loads:
        print(f"stopped early after {args.max_minutes} minutes")
    print(f"server log: {out_dir / 'voila-server.log'}")
    return 0 if not failed and cull_ok and len(results) == args.loads else 1


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--notebook", help="notebook to serve (required unless --tutor)")
    ap.add_argument("--tutor", action="store_true",
                    help="serve notebooks/tutor.ipynb with burgle tutor's settings; selector .burgle-ready")
    ap.add_argument("--loads", type=int, default=100, help="total page loads (default 100)")
    ap.add_argument("--concurrent", type=int, default=1, help="pages opened at once per batch (default 1)")
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds before a load counts as a stall (default 20)")
    ap.add_argument("--selector", default=".ready-marker", help="CSS selector that must become visible")
    ap.add_argument("--voila-arg", action="append", default=[], metavar="ARG",
                    help="extra argument passed to voila (repeat; write --voila-arg=--Foo.bar=1)")
    ap.add_argument("--voila", default="", help="command that runs voila (default: `voila` on PATH)")
    ap.add_argument("--url-suffix", default="", help="path after the server root (default: the notebook)")
    ap.add_argument("--port", type=int, default=0, help="port (default: a free one)")
    ap.add_argument("--chromium", default="/usr/bin/chromium", help="Chromium executable")
    ap.add_argument("--out-dir", default="/tmp/page_loads", help="server log and stall records go here")
    ap.add_argument("--record", action="store_true", help="record websocket frames and console of stalled loads")
    ap.add_argument("--pause", type=float, default=0.0, help="seconds to wait between batches")
    ap.add_argument("--check-cull", type=float, default=0.0, metavar="S",
                    help="after the loads, wait up to S seconds for all kernels to be culled")
    ap.add_argument("--max-minutes", type=float, default=60.0, help="stop starting new loads after this long")
    args = ap.parse_args(argv)
    exit_on_sigterm()
    if args.tutor and args.selector == ".ready-marker":
        args.selector = ".burgle-ready"
    if not args.tutor and not args.notebook:
        ap.error("--notebook is required (or --tutor)")
    return asyncio.run(run(args))


if __name__ == "__main__":
    sys.exit(main())
