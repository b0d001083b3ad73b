#!/usr/bin/env python3
"""Browser-free reproduction of the Voila stall: run a notebook with nbclient N times.

Each run starts a kernel with jupyter_client's AsyncKernelManager (as Voila does),
executes every cell with nbclient's NotebookClient (the base of Voila's VoilaExecutor,
which emulates Output widgets and so sends comm_msg on the shell channel while it waits
for execute_reply) and counts runs that do not finish within --timeout seconds.

    python benchmarks/voila_repro/nbclient_hang.py --runs 100            # stock client
    python benchmarks/voila_repro/nbclient_hang.py --runs 100 --fixed    # EdgeSafeAsyncKernelClient

Exits 1 if any run hung.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

import nbformat
from jupyter_client.manager import AsyncKernelManager
from nbclient import NotebookClient

HERE = Path(__file__).resolve().parent


async def one_run(nb_path: Path, fixed: bool, timeout: float) -> tuple[bool, float, str]:
    nb = nbformat.read(nb_path, as_version=4)
    km = AsyncKernelManager(kernel_name="python3")
    if fixed:
        km.client_class = "burgle.web.tutor.voila_fix.EdgeSafeAsyncKernelClient"
    await km.start_kernel(cwd=str(nb_path.parent))
    client = NotebookClient(nb, km=km, timeout=None, resources={"metadata": {"path": str(nb_path.parent)}})
    t0 = time.monotonic()
    ok, where = True, ""
    task = asyncio.ensure_future(client.async_execute(cleanup_kc=True))
    try:
        done, _ = await asyncio.wait({task}, timeout=timeout)
        if task in done:
            task.result()  # re-raise a real error
        else:
            ok = False
        where = f"cell index {max((i for i, c in enumerate(nb.cells) if c.get('execution_count')), default=-1)}"
    finally:
        if not task.done():
            task.cancel()  # nbclient turns this into DeadKernelError; ignore it
            await asyncio.wait({task})
            task.exception()
        await km.shutdown_kernel(now=True)
    return ok, time.monotonic() - t0, where


async def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--notebook", default=str(HERE / "multi_cell.ipynb"))
    ap.add_argument("--runs", type=int, default=100)
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--fixed", action="store_true", help="use burgle.web.tutor.voila_fix.EdgeSafeAsyncKernelClient")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(HERE))
    # nbclient's helper tasks complain noisily when a hung run is torn down; keep output readable
    asyncio.get_running_loop().set_exception_handler(lambda loop, ctx: None)
    hangs, times = [], []
    for i in range(args.runs):
        ok, secs, where = await one_run(Path(args.notebook), args.fixed, args.timeout)
        if ok:
            times.append(secs)
        else:
            hangs.append(i)
            print(f"run {i}: HUNG after {secs:.1f} s (waiting for the execute_reply of {where})", flush=True)
    times.sort()
    med = times[len(times) // 2] if times else float("nan")
    print(f"runs {args.runs}  hung {len(hangs)}  fixed={args.fixed}  median execute {med:.2f} s")
    return 1 if hangs else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
