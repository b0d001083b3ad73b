"""Servers for the security probes, each on 127.0.0.1 with its own settings.

* ``tutor`` (session): ``burgle tutor``'s server for notebooks/tutor.ipynb, at its default
  log level (WARN), with room for a few pages. Its log is kept: the probes read it.
* ``limits`` (session): the same server for a tiny page (a few widgets, and buttons that
  grow the kernel's memory or spin its CPU: what a hostile page could make a kernel do),
  with one kernel slot, short idle timeouts and a small memory ceiling, so that each limit
  is reached in seconds. Trusts X-Forwarded-Proto (``--behind-proxy``).

The probes that need a browser are tests/browser/test_security_page.py (they share that
folder's one Playwright browser).
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from security_servers import LIMITS, LIMITS_NOTEBOOK, kernel_pids, serve, wait_for  # noqa: E402

ROOT = HERE.parents[1]


@pytest.fixture(scope="session")
def tutor(tmp_path_factory):
    server, log = serve(tmp_path_factory, "tutor", log_level="WARN", max_kernels=8)
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
    server, log = serve(
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
