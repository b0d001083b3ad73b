#!/usr/bin/env python3
"""N requests for the tutor page at once, over plain HTTP (no browser): does every page
come back with the app in it, and how long does the server take?

Serves ``notebooks/tutor.ipynb`` with ``burgle tutor``'s settings, sends ``--requests``
GETs of ``/`` at the same moment and counts the pages whose HTML holds the app's widget
view (``application/vnd.jupyter.widget-view+json``). Each GET makes Voila start a kernel
and run the notebook, so this is the server's share of a page load, with the browsers'
share (drawing ~300 widgets) left out. Also counts nbclient's
``Timeout waiting for IOPub output`` warnings in the server log: each one is a page whose
app was dropped (see ``burgle/web/tutor/server.py``, ``VoilaExecutor.iopub_timeout``).

    .venv/bin/python benchmarks/tutor_http_burst.py --requests 10
    # nbclient's default wait, to see pages lose the app under load:
    .venv/bin/python benchmarks/tutor_http_burst.py --requests 25 --voila-arg=--VoilaExecutor.iopub_timeout=4

Exits 1 if a page came back without the app.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from page_loads import VoilaServer, exit_on_sigterm, free_port  # noqa: E402

MARK = "application/vnd.jupyter.widget-view+json"


def fetch(url: str, timeout: float) -> tuple[bool, float, str]:
    t0 = time.monotonic()
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            body = r.read().decode("utf-8", "replace")
        return MARK in body, time.monotonic() - t0, ""
    except Exception as exc:
        return False, time.monotonic() - t0, f"{type(exc).__name__}: {exc}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--requests", type=int, default=10, help="GETs sent at once (default 10)")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per request")
    ap.add_argument("--voila-arg", action="append", default=[], metavar="ARG",
                    help="extra voila argument after burgle tutor's (repeat; write --voila-arg=--Foo.bar=1)")
    ap.add_argument("--out-dir", default="/tmp/tutor_http_burst")
    args = ap.parse_args(argv)
    exit_on_sigterm()

    from burgle.web.tutor.server import notebook_path, voila_command

    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    port = free_port()
    nb = notebook_path()
    log = out / "voila-server.log"
    server = VoilaServer(nb, port, [], log, [], command=voila_command(nb, port, extra=args.voila_arg))
    try:
        server.start()
        with ThreadPoolExecutor(args.requests) as pool:
            results = list(pool.map(lambda _: fetch(server.base + "/", args.timeout), range(args.requests)))
    finally:
        server.stop()
    good = [t for ok, t, _ in results if ok]
    times = [t for _, t, _ in results]
    timeouts = log.read_text().count("Timeout waiting for IOPub output")
    print(f"requests {args.requests} at once: pages with the app {len(good)}/{args.requests}; "
          f"seconds median {statistics.median(times):.2f} max {max(times):.2f}; "
          f"'Timeout waiting for IOPub output' in the log: {timeouts}")
    for ok, _, err in results:
        if err:
            print("  error:", err)
    print(f"server log: {log}")
    return 0 if len(good) == args.requests else 1


if __name__ == "__main__":
    sys.exit(main())
