"""Benchmark ``burgle layout --stats``: statistics over all 175,264 valid 4x4 layouts (issue 12).

Run:  .venv/bin/python benchmarks/bench_layout_stats.py [--repeats 3] [--peer PATH]

Goal: <= 60 s on this machine for the whole ``--stats`` work (enumerate the valid layouts,
then mean route length, tied share and max heat of each, the distributions and the ranks
of the five printed floors).

Reports, per repeat, wall-clock and CPU time (``time.process_time``; the machine is shared)
of each stage, run in a fresh process so nothing is cached:

* ``enumerate``: ``burgle.geometry.layouts.all_layouts`` (pure Python, Gosper's hack and a
  bit-mask flood fill over the 735,471 placements of 8 walls);
* ``stats``: ``burgle.analysis.layout_stats.all_stats`` after it (numpy, all layouts at once);
* ``cli``: the whole ``burgle layout --stats`` command as a user runs it (interpreter start,
  imports, output).

``--peer PATH`` also times, in the same run and alternating with ours, bpa/burgle's own
Rust ``layout_stats`` (github.com/bpa/burgle, ``layout_stats/``), built outside this
repository with its ``main`` calling ``print_stats(4, 8, None)`` (its own commented-out
4x4/8-wall line; see docs/benchmarks.md). It enumerates the same placements and walks every
route with its own heuristic; it is the peer, not a reference for the numbers.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path
from time import perf_counter

ROOT = Path(__file__).resolve().parent.parent
GOAL_S = 60.0

STAGE = r"""
import json, sys, time
t0, c0 = time.perf_counter(), time.process_time()
from burgle.geometry.layouts import all_layouts
layouts = all_layouts()
t1, c1 = time.perf_counter(), time.process_time()
from burgle.analysis.layout_stats import all_stats
st = all_stats()
t2, c2 = time.perf_counter(), time.process_time()
print(json.dumps({"layouts": len(layouts), "enumerate": [t1 - t0, c1 - c0], "stats": [t2 - t1, c2 - c1]}))
"""


def ours_stages() -> dict:
    import json

    out = subprocess.run([sys.executable, "-c", STAGE], capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(out.stdout)


def timed(cmd, cwd=None) -> tuple[float, float, str]:
    """Wall and CPU (children's user + system) seconds of one command, and its last line."""
    before = os.times()
    t = perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=cwd)
    wall = perf_counter() - t
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    lines = [line for line in out.stdout.splitlines() if line.strip()]
    return wall, cpu, lines[-1] if lines else ""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--peer", default=None, help="path of bpa/burgle's built layout_stats binary")
    args = parser.parse_args(argv)
    print(f"load average at start: {os.getloadavg()[0]:.2f}, {os.getloadavg()[1]:.2f}, {os.getloadavg()[2]:.2f}")
    rows: dict[str, list[tuple[float, float]]] = {"enumerate": [], "stats": [], "cli": [], "peer": []}
    peer_line = ""
    for r in range(args.repeats):
        st = ours_stages()
        assert st["layouts"] == 175_264, st
        rows["enumerate"].append(tuple(st["enumerate"]))
        rows["stats"].append(tuple(st["stats"]))
        wall, cpu, last = timed([sys.executable, "-m", "burgle", "layout", "--stats"], cwd=ROOT)
        rows["cli"].append((wall, cpu))
        if args.peer:
            wall_p, cpu_p, peer_line = timed([args.peer], cwd=Path(args.peer).parent)
            rows["peer"].append((wall_p, cpu_p))
        print(f"repeat {r + 1}: cli {wall:.2f} s wall / {cpu:.2f} s CPU"
              + (f"; peer {wall_p:.2f} s wall / {cpu_p:.2f} s CPU" if args.peer else ""))
    print(f"load average at end: {os.getloadavg()[0]:.2f}")
    print(f"{'stage':<12}{'median wall s':>15}{'median CPU s':>14}")
    for name, values in rows.items():
        if values:
            print(f"{name:<12}{statistics.median(w for w, _ in values):>15.2f}"
                  f"{statistics.median(c for _, c in values):>14.2f}")
    cli = statistics.median(w for w, _ in rows["cli"])
    print(f"goal <= {GOAL_S:.0f} s for burgle layout --stats: {'met' if cli <= GOAL_S else 'NOT met'} ({cli:.1f} s)")
    if rows["peer"]:
        ratio_wall = statistics.median(w for w, _ in rows["cli"]) / statistics.median(w for w, _ in rows["peer"])
        ratio_cpu = statistics.median(c for _, c in rows["cli"]) / statistics.median(c for _, c in rows["peer"])
        print(f"ours / peer: {ratio_wall:.2f} (wall), {ratio_cpu:.2f} (CPU)")
        print(f"peer's summary line: {peer_line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
