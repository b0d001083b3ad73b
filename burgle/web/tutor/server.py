"""Serve the tutor notebook (``notebooks/tutor.ipynb``) as a web page with Voila.

``burgle tutor`` (``burgle/cli/tutor.py``) is the front end; the browser tests and the
page-load benchmarks start the server through the same settings, and ``binder/`` holds the
same settings for Voila as a Jupyter server extension (``binder/jupyter_server_config.json``,
kept equal to :data:`SERVER_CONFIG` by ``tests/test_tutor_server.py``).

The server:

* binds 127.0.0.1 only (``--Voila.ip``; Voila ignores ``--ip``) on the given port, or a
  free one; it never drifts to another port (``--Voila.port_retries=0``);
* hides code (``strip_sources``) and drops the notebook's ``test-only`` cells (they drive
  the app kernel-side for nbval and are neither shown nor run in the page);
* uses the kernel client that cannot lose an ``execute_reply``
  (:mod:`burgle.web.tutor.voila_fix`, docs/voila-page-loads.md);
* talks to its kernels over Unix sockets (``transport=ipc``), not TCP: with TCP each
  kernel gets five ports picked as "free" a moment before the kernel binds them, and with
  many kernels starting at once on a busy machine one of them was taken in between; that
  kernel died (``ZMQError: Address already in use``), Voila waited 60 s for it and then
  never finished the page;
* culls kernels idle for 2 minutes (closing a tab does not shut its kernel down);
* renders with the ``burgle`` template (``burgle/web/tutor/voila/templates/burgle``, found
  through ``JUPYTER_PATH``): Voila's lab template without the two Font Awesome stylesheets
  it links from a CDN, so the page asks no other host for anything (issue 10);
* waits up to 60 s, not nbclient's default 4 s, for a cell's remaining output after its
  reply (``VoilaExecutor.iopub_timeout``). Building the app sends ~300 widget messages;
  with many visitors at once the server falls more than 4 s behind on them, and nbclient
  then drops the rest of the cell's output, which includes the app itself: the page
  loads empty ("Timeout waiting for IOPub output" in the log). Measured in
  docs/benchmarks.md ("Tutor page").

Voila and ipywidgets are the ``web`` extra (``pip install -e '.[web]'``).
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

__all__ = [
    "FIX_CLASS",
    "READY_PATH",
    "SERVER_CONFIG",
    "TutorServer",
    "WebExtraMissing",
    "free_port",
    "missing_web_packages",
    "notebook_path",
    "server_env",
    "voila_command",
]

#: Import path of the kernel-client fix (docs/voila-page-loads.md).
FIX_CLASS = "burgle.web.tutor.voila_fix.EdgeSafeAsyncKernelClient"

#: Static file whose answer (200) means the server is up. Voila 0.5 serves its template's
#: static files under ``/voila/static/`` (``voila/app.py``: ``/voila/static/(.*)``).
READY_PATH = "/voila/static/voila.js"

#: Seconds a kernel may sit idle before it is shut down, and how often to check.
CULL_IDLE_TIMEOUT = 120
CULL_INTERVAL = 60

#: Seconds nbclient waits for a cell's outputs once the cell's reply has come.
IOPUB_TIMEOUT = 60

#: The page's Voila template, and the folder that holds ``voila/templates/<TEMPLATE>``
#: (put on ``JUPYTER_PATH`` by :func:`server_env`; binder/postBuild copies it instead).
TEMPLATE = "burgle"
TEMPLATE_ROOT = Path(__file__).resolve().parent

#: The Jupyter configuration the tutor needs, as traitlets config. The command line
#: below spells the same values as flags; binder/jupyter_server_config.json holds them
#: for Voila running as a server extension.
SERVER_CONFIG: dict[str, dict] = {
    "ServerKernelManager": {"client_class": FIX_CLASS, "transport": "ipc"},
    "MappingKernelManager": {"cull_idle_timeout": CULL_IDLE_TIMEOUT, "cull_interval": CULL_INTERVAL},
    "TagRemovePreprocessor": {"enabled": True, "remove_cell_tags": ["test-only"]},
    "VoilaConfiguration": {"strip_sources": True, "template": TEMPLATE},
    "VoilaExecutor": {"iopub_timeout": IOPUB_TIMEOUT},
}

WEB_PACKAGES = ("voila", "ipywidgets", "anywidget")
INSTALL_HINT = "pip install -e '.[web]'"


class WebExtraMissing(RuntimeError):
    """Voila (or another package of the ``web`` extra) is not installed."""


def missing_web_packages() -> list[str]:
    """The packages of the ``web`` extra that cannot be imported."""
    return [name for name in WEB_PACKAGES if importlib.util.find_spec(name) is None]


def notebook_path(name: str = "tutor") -> Path:
    """A served notebook (``tutor``, ``explorer`` or ``sandbox``), from the package's data.

    ``burgle/web/notebooks`` is a symlink to the repository's ``notebooks/`` in a checkout;
    a wheel carries the files, so ``burgle tutor`` works from any install and directory.
    """
    from importlib import resources

    return Path(str(resources.files("burgle.web").joinpath("notebooks", f"{name}.ipynb"))).resolve()


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def voila_command(notebook: Path | str, port: int, *, log_level: str = "INFO",
                  extra: tuple[str, ...] | list[str] = ()) -> list[str]:
    """The command line that serves ``notebook`` on ``http://127.0.0.1:<port>/``.

    A flag in ``extra`` replaces the default flag of the same name (traitlets refuses a
    setting given twice), e.g. ``extra=["--VoilaExecutor.iopub_timeout=4"]``.
    """
    overridden = {_flag_name(a) for a in extra if a.startswith("--")}
    defaults = [
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        "--Voila.port_retries=0",
        "--no-browser",
        f"--Voila.log_level={log_level}",
        "--strip_sources=True",
        f"--template={TEMPLATE}",
        f"--ServerKernelManager.client_class={FIX_CLASS}",
        "--ServerKernelManager.transport=ipc",
        "--TagRemovePreprocessor.remove_cell_tags=test-only",
        "--TagRemovePreprocessor.enabled=True",
        f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_TIMEOUT}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL}",
        f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT}",
    ]
    return [sys.executable, "-m", "voila", str(notebook),
            *(a for a in defaults if _flag_name(a) not in overridden), *extra]


def server_env(base=None) -> dict[str, str]:
    """The environment to run Voila in: *base* (this process's) with :data:`TEMPLATE_ROOT`
    first on ``JUPYTER_PATH``, where Voila looks for templates."""
    env = dict(os.environ if base is None else base)
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(TEMPLATE_ROOT), env.get("JUPYTER_PATH", "")) if p)
    return env


def _flag_name(arg: str) -> str:
    return arg.split("=", 1)[0]


def _die_with_parent() -> None:  # pragma: no cover - runs in the child between fork and exec
    """Linux: have the kernel send SIGTERM to the server if ``burgle tutor`` dies."""
    with contextlib.suppress(Exception):
        import ctypes

        PR_SET_PDEATHSIG = 1
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


class TutorServer:
    """A Voila process serving the tutor notebook.

    ``start()`` returns once the server answers :data:`READY_PATH`; ``stop()`` (or
    leaving the ``with`` block) stops it, and Voila shuts its kernels down on the way.
    """

    def __init__(self, port: int | None = None, *, notebook: Path | str | None = None,
                 log_level: str = "INFO", extra: tuple[str, ...] | list[str] = (),
                 stdout=None, stderr=None):
        self.requested_port = port or None
        self.notebook = Path(notebook) if notebook else notebook_path()
        self.log_level, self.extra = log_level, list(extra)
        self.stdout, self.stderr = stdout, stderr
        self.port: int | None = None
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def command(self) -> list[str]:
        return voila_command(self.notebook, self.port, log_level=self.log_level, extra=self.extra)

    def start(self, ready_timeout: float = 60.0) -> str:
        """Start Voila and wait until it serves; return the page's address."""
        missing = missing_web_packages()
        if missing:
            raise WebExtraMissing(
                f"the tutor page needs {', '.join(missing)} (the 'web' extra): {INSTALL_HINT}"
            )
        if not self.notebook.is_file():
            raise FileNotFoundError(f"tutor notebook not found: {self.notebook}")
        # A free port picked here can be taken before Voila binds it: try again then.
        attempts = 1 if self.requested_port else 3
        for attempt in range(attempts):
            self.port = self.requested_port or free_port()
            if self._launch(ready_timeout):
                return self.url
        raise RuntimeError(f"voila exited (status {self.proc.returncode}) before serving on "
                           f"127.0.0.1:{self.port}: is the port taken? (its messages are above)")

    def _launch(self, ready_timeout: float) -> bool:
        self.proc = subprocess.Popen(
            self.command(),
            cwd=self.notebook.parent,
            stdin=subprocess.DEVNULL,
            stdout=self.stdout,
            stderr=self.stderr,
            env=server_env(),
            # Ctrl-C in the terminal reaches burgle tutor only, which stops the server in
            # order; the server dies with us if we are killed (Linux).
            start_new_session=True,
            preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None,
        )
        deadline = time.monotonic() + ready_timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            if self.is_ready():
                return True
            time.sleep(0.2)
        self.stop()
        raise TimeoutError(f"voila did not answer {READY_PATH} within {ready_timeout:g} s")

    def is_ready(self) -> bool:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{READY_PATH}", timeout=2) as r:
                return r.status == 200
        except (urllib.error.URLError, ConnectionError, OSError):
            return False

    def wait(self) -> int:
        """Block until the server exits; its exit status."""
        assert self.proc is not None
        return self.proc.wait()

    def stop(self, timeout: float = 15.0) -> None:
        """SIGTERM (Voila then shuts its kernels down), SIGKILL if it does not exit."""
        proc = self.proc
        if proc is None or proc.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)

    def __enter__(self) -> "TutorServer":
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()
