#!/usr/bin/env python3
"""Memory per visitor, the "full" page, and how fast kernels are reclaimed, on the public
server (``burgle tutor``'s settings, burgle.web.security).

Starts the server for notebooks/tutor.ipynb on 127.0.0.1 with ``--max-kernels V`` and a
short idle time, then:

1. **Visitors** (one after another): each loads the page over HTTP and opens its kernel
   websocket the way the browser does (tests/security/probe.py), then opens the guard
   explorer and the sandbox, so that its kernel holds all three apps. Per visitor: the
   kernel's memory (PSS and RSS from /proc/<pid>/smaps_rollup), its CPU time, and the
   server process's memory growth.
2. **Full**: one more visitor; the time to the "The tutor is full" answer (HTTP 503) and
   whether a kernel was started for it.
3. **Leaving**: the first visitor closes its tab (Voila's unload beacon); the time until
   its kernel process is gone.
4. **Idle**: the other visitors stay connected and do nothing but ping their kernels every
   second, as the page's watchdog does; the time until each kernel is gone (expected: the
   idle time plus at most the cull interval).

    .venv/bin/python benchmarks/public_visitors.py --visitors 10 --idle 30 --cull-interval 5
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "security"))
from probe import Visitor, fetch  # noqa: E402


def kernel_pids(server_pid: int) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=,args=", "--ppid", str(server_pid)], capture_output=True, text=True).stdout
    return [int(line.split()[0]) for line in out.splitlines() if "burgle.web.security.kernel" in line]


def smaps_mb(pid: int) -> tuple[float, float]:
    """(PSS, RSS) of *pid* in MB."""
    values = {}
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            parts = line.split()
            if parts and parts[0] in ("Pss:", "Rss:"):
                values[parts[0]] = int(parts[1]) / 1024
    return values["Pss:"], values["Rss:"]


def cpu_seconds(pid: int) -> float:
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100  # utime + stime, in clock ticks of 1/100 s


def vm_size_mb(pid: int) -> float:
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmSize:"):
            return int(line.split()[1]) / 1024
    return 0.0


def drain(v: Visitor) -> None:
    """Read whatever the kernel has sent (the client answers the server's pings as it reads)."""
    while not v.closed and v.receive(0.005) is not None:
        pass


def open_app(v: Visitor, name: str) -> None:
    v.click(v.widget(f"burgle-nav-{name}"))
    ok = v.wait_for(lambda: any(f"burgle-{name}" in s.get("_dom_classes", ()) for s in v.states.values()), 120)
    assert ok, f"the {name} never appeared"
    v.load_states()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--visitors", type=int, default=10)
    ap.add_argument("--idle", type=float, default=30, help="seconds an open page may stay unused")
    ap.add_argument("--cull-interval", type=int, default=5, help="seconds between idle checks")
    args = ap.parse_args()

    from burgle.web.tutor.server import TutorServer

    log = open("/tmp/public_visitors.log", "w")
    server = TutorServer(log_level="WARN", stdout=log, stderr=subprocess.STDOUT, max_kernels=args.visitors,
                         idle_minutes=args.idle / 60, extra=[f"--MappingKernelManager.cull_interval={args.cull_interval}"])
    server.start()
    try:
        base_rss = smaps_mb(server.proc.pid)[1]
        visitors, rows = [], []
        for i in range(args.visitors):
            before = set(kernel_pids(server.proc.pid))
            t0 = time.monotonic()
            v = Visitor(server.url).connect()
            open_app(v, "explorer")
            open_app(v, "sandbox")
            v.sync()
            load = time.monotonic() - t0
            (pid,) = set(kernel_pids(server.proc.pid)) - before
            pss, rss = smaps_mb(pid)
            rows.append((pss, rss, cpu_seconds(pid), vm_size_mb(pid), load))
            visitors.append((v, pid))
            for earlier, _pid in visitors:  # the others keep using their pages meanwhile
                drain(earlier)  # and read what their kernels send, as a browser does (pongs too)
                earlier.click(earlier.widget("burgle-nav-tutor"))
            print(f"visitor {i + 1:>2}: kernel PSS {pss:6.1f} MB  RSS {rss:6.1f} MB  VmSize {vm_size_mb(pid):6.0f} MB  "
                  f"CPU {cpu_seconds(pid):5.2f} s  page+apps {load:5.1f} s", flush=True)
        server_growth = smaps_mb(server.proc.pid)[1] - base_rss

        t0 = time.monotonic()
        status, headers, body, _ = fetch(server.url)
        full_s = time.monotonic() - t0
        full_ok = status == 503 and "The tutor is full" in body and len(kernel_pids(server.proc.pid)) == args.visitors

        first, first_pid = visitors[0]
        t0 = time.monotonic()
        first.leave()
        while first_pid in kernel_pids(server.proc.pid) and time.monotonic() - t0 < 60:
            time.sleep(0.05)
        leave_s = time.monotonic() - t0

        rest = visitors[1:]
        for v, _pid in rest:  # their last act; from now on they only ping
            drain(v)
            v.click(v.widget("burgle-nav-tutor"))
            v.sync()
        t0 = time.monotonic()
        gone: dict[int, float] = {}
        n = 0
        while len(gone) < len(rest) and time.monotonic() - t0 < args.idle + 4 * args.cull_interval + 60:
            n += 1
            alive = set(kernel_pids(server.proc.pid))
            for v, pid in rest:
                if pid not in alive and pid not in gone:
                    gone[pid] = time.monotonic() - t0
                elif pid in alive and not v.closed:
                    try:
                        v.send("comm_msg", {"comm_id": v.widget("burgle-nav-tutor"),
                                            "data": {"method": "custom", "content": {"ping": n}}})
                        drain(v)
                    except Exception:  # noqa: BLE001 - its connection closed: the kernel is going
                        pass
            time.sleep(1.0)

        pss = [r[0] for r in rows]
        rss = [r[1] for r in rows]
        cpu = [r[2] for r in rows]
        vms = [r[3] for r in rows]
        loads = [r[4] for r in rows]
        print()
        print(f"load average at the end: {open('/proc/loadavg').read().split()[:3]}")
        print(f"kernel memory per visitor (3 apps open): PSS median {statistics.median(pss):.1f} MB "
              f"(min {min(pss):.1f}, max {max(pss):.1f}); RSS median {statistics.median(rss):.1f} MB; "
              f"address space median {statistics.median(vms):.0f} MB")
        print(f"server process growth: {server_growth:.1f} MB for {args.visitors} visitors "
              f"({server_growth / args.visitors:.1f} MB each)")
        print(f"kernel CPU per visitor (page + explorer + sandbox): median {statistics.median(cpu):.2f} s; "
              f"page+apps wall time median {statistics.median(loads):.1f} s")
        print(f"visitor {args.visitors + 1}: HTTP {status} in {full_s * 1000:.0f} ms, "
              f"'full' page and no new kernel: {full_ok}")
        print(f"tab closed -> kernel gone: {leave_s * 1000:.0f} ms")
        times = sorted(gone.values())
        print(f"idle pages (pinging, no visitor action) -> kernels gone: {len(times)}/{len(rest)}, "
              f"first {times[0]:.1f} s, last {times[-1]:.1f} s (idle {args.idle:g} s, "
              f"checked every {args.cull_interval} s)" if times else "idle pages: none reclaimed")
        ok = full_ok and len(times) == len(rest)
        return 0 if ok else 1
    finally:
        server.stop()
        log.close()


if __name__ == "__main__":
    sys.exit(main())
