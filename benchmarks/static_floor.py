"""The floor under the static site's load times: voici + the Pyodide kernel with no tutor.

Builds two sites with ``burgle publish``'s own pipeline, in one run:

* ``tutor``: the site as published;
* ``floor``: the same site, runtime, preloaded packages and first cell
  (:mod:`burgle.publish.browser`), but its tutor page shows one ``HTML`` widget with the
  tutor's ready classes instead of the tutor.

then opens each in a cold Chromium profile (page -> ready) and reloads it twice (HTTP
cache warm), alternating the two sites run by run so the machine's load falls on both
alike. What ``floor`` costs is what JupyterLite/voici and Pyodide cost before burgle's
code runs: no work in burgle can bring a load below it. CPU seconds are those of all the
profile's Chromium processes (see ``static_site.browser_cpu``).

    python benchmarks/static_floor.py [--runs 2]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import static_site  # noqa: E402  (the server, Chromium flags and CPU meter of the static-site benchmark)

FLOOR_CELL = ('import ipywidgets\n'
              'ready = ipywidgets.HTML("ready")\n'
              'ready.add_class("burgle-tutor")\n'
              'ready.add_class("burgle-ready")\n'
              'display(ready)\n')


def build(outdir: Path, floor: bool) -> Path:
    from burgle.publish import site

    real = site.published_notebook

    def one_widget(name: str) -> dict:
        nb = real(name)
        if name == "tutor":
            glue = nb["cells"][0]
            nb["cells"] = [glue, {"cell_type": "code", "execution_count": None, "id": "floor", "metadata": {},
                                  "outputs": [], "source": FLOOR_CELL}]
        return nb

    site.published_notebook = one_widget if floor else real
    try:
        return site.build_site(outdir, force=True, log=lambda line: None)
    finally:
        site.published_notebook = real


def loads(browser_type, url: str, profile: Path) -> dict:
    ctx = browser_type.launch_persistent_context(str(profile), executable_path=static_site.CHROMIUM,
                                                 args=list(static_site.ARGS), viewport={"width": 1280, "height": 900})
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    out = {}
    for kind in ("cold", "reload", "reload 2"):
        cpu0, t0 = static_site.browser_cpu(profile), time.monotonic()
        if kind == "cold":
            page.goto(url + "voici/render/tutor.html", wait_until="commit", timeout=180_000)
        else:
            page.reload(wait_until="commit", timeout=180_000)
        page.locator(".burgle-tutor.burgle-ready").wait_for(state="visible", timeout=180_000)
        out[kind] = time.monotonic() - t0
        out[kind + " cpu"] = static_site.browser_cpu(profile) - cpu0
    ctx.close()
    return out


def main(argv=None) -> int:
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=2)
    args = ap.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="burgle-floor-"))
    sites = {name: build(work / name, floor=name == "floor") for name in ("tutor", "floor")}
    servers = {name: static_site.serve(path, False) for name, path in sites.items()}
    rows: dict[str, list[dict]] = {name: [] for name in sites}
    with sync_playwright() as p:
        for i in range(args.runs):
            for name, (_server, url) in servers.items():
                load = os.getloadavg()[0]
                row = loads(p.chromium, url, work / f"profile-{name}-{i}")
                rows[name].append(row)
                print(f"{name} run {i + 1} (load {load:.1f}): "
                      + "  ".join(f"{k} {v:.2f}" for k, v in row.items()), flush=True)
    for server, _url in servers.values():
        server.shutdown()
    for name, rs in rows.items():
        print(f"median {name}: " + "  ".join(f"{k} {statistics.median(r[k] for r in rs):.2f}" for k in rs[0]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
