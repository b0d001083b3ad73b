"""Voila for strangers: the server ``burgle tutor`` runs (``python -m burgle.web.security``).

It is Voila 0.5's standalone server with the settings and the few classes a public
deployment needs (issue 15; docs/publishing.md, "Public deployment"):

* **Nothing from the URL reaches the page.** Template and theme overrides are off
  (``?template=``, ``?theme=``); the page is rendered with the ``burgle`` template
  (``burgle/web/tutor/voila/templates/burgle``), which has no inline script and loads
  nothing from another site, so the Content-Security-Policy below can forbid both.
* **Security headers on every response** (:data:`SECURITY_HEADERS`), cookies with
  ``SameSite`` (and ``Secure`` when the request came over https, e.g. through a TLS proxy
  with ``--behind-proxy``).
* **A page's kernel is freed when its tab closes.** The page gets an ``_xsrf`` cookie, so
  Voila's unload beacon passes the XSRF check (which stays on).
* **At most** ``--max-kernels`` **kernels** (:class:`PublicKernelManager`); a visitor
  beyond that gets a "the tutor is full" page (HTTP 503, ``Retry-After: 60``).
* **Idle kernels are culled**: after 2 minutes once the tab is gone, after 30 minutes (by
  default) while the tab is still open; the page then says so and offers a reload
  (``GET burgle/api/page-status/<kernel>`` tells it why its kernel ended).
* **Each kernel is boxed** (:class:`PublicKernelSpecManager`, :mod:`burgle.web.security.kernel`):
  a memory ceiling, a CPU-time limit per request, only the widget messages a page sends.
* **Websocket messages over** :data:`~burgle.web.security.limits.MAX_MESSAGE_BYTES` close
  the connection (tornado's ``websocket_max_message_size``; its default is 10 MiB), and
  request bodies are capped (:data:`MAX_BODY_BYTES`).
* **A page's kernel answers only that page's visitor** (:class:`KernelOwnerAuthorizer`):
  the kernel id alone no longer opens its websocket, shuts it down or reads its state; the
  visitor's signed identity cookie must match the one that loaded the page.
* **The log stays useful and private**: kernel ids are redacted unless the log level is
  DEBUG, and a line repeated more than :data:`LogGuard.BURST` times a minute (a page
  sending refused messages) is dropped, with one summary line.
"""

from __future__ import annotations

import asyncio
import base64
import collections
import contextvars
import functools
import hashlib
import json
import logging
import os
import re
import sys
import time

import tornado.web
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_server.auth.authorizer import Authorizer
from jupyter_server.base.handlers import APIHandler
from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.serverapp import DEFAULT_STATIC_FILES_PATH
from traitlets import Bool, Int
from traitlets.config import Config
from voila.app import Voila
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler

from burgle.web.security.kernel import MEMORY_ENV, OUT_OF_MEMORY_EXIT
from burgle.web.security.limits import (
    KERNEL_MEMORY_MB, MAX_MESSAGE_BYTES, MAX_SAVE_CHARS, MAX_TEXT_CHARS, default_max_kernels,
)

__all__ = [
    "CONTENT_SECURITY_POLICY", "KernelOwnerAuthorizer", "LogGuard", "PUBLIC_CONFIG", "PublicKernelManager",
    "PublicKernelSpecManager", "PublicVoila", "SECURITY_HEADERS", "TEMPLATE", "main",
]

#: The page template (``burgle/web/tutor/voila/templates/burgle``; its folder is put first on
#: ``JUPYTER_PATH`` by :func:`main`, as by ``burgle.web.tutor.server.server_env``).
TEMPLATE = "burgle"

#: The one inline script Voila writes itself (a keep-alive while a cell runs, from
#: ``voila/handler.py``); the policy allows exactly this text by its hash.
HEARTBEAT_SCRIPT = "window.voila_heartbeat()"


def _script_hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


#: No inline script but the heartbeat, no script from elsewhere, no eval. ``blob:`` is there
#: for anywidget (the tutor's progress store): it imports the widget's module from a blob
#: URL that the page's own, already allowed script makes. Styles may be inline: the apps
#: style their widgets with ``<style>`` in HTML widgets and the SVG pictures use style
#: attributes. The page connects only to its own origin (its kernel's websocket).
CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'none'",
    f"script-src 'self' blob: {_script_hash(HEARTBEAT_SCRIPT)}",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
])

#: Sent with every response (jupyter_server's handlers read ``settings["headers"]``).
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    # Not "no-referrer": browsers then send "Origin: null" with the unload beacon's POST,
    # which fails the server's origin check.
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "SAMEORIGIN",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
}

#: Seconds a page may take to build (its notebook run) before the server gives up on it.
#: Ten tutor pages at once took 35 s on 2 busy cores (docs/benchmarks.md).
PAGE_TIMEOUT = 300

#: Largest HTTP request body (the page only ever POSTs its unload beacon).
MAX_BODY_BYTES = 64 * 1024

#: The settings a public server starts from; the command line can override each.
PUBLIC_CONFIG: dict[str, dict] = {
    "VoilaConfiguration": {
        "template": TEMPLATE,
        "theme": "light",
        "allow_template_override": "NO",
        "allow_theme_override": "NO",
        "strip_sources": True,
        "show_tracebacks": False,
        "file_allowlist": [],  # /voila/files/ serves nothing from the notebook's folder
        "multi_kernel_manager_class": "burgle.web.security.voila_app.PublicKernelManager",
        "kernel_spec_manager_class": "burgle.web.security.voila_app.PublicKernelSpecManager",
    },
    # A kernel that dies is not restarted empty behind the page: the page says why it ended.
    "KernelRestarter": {"restart_limit": 0},
    "IdentityProvider": {"cookie_options": {"samesite": "Lax"}},
    "Voila": {
        "authorizer_class": "burgle.web.security.voila_app.KernelOwnerAuthorizer",
        "kernel_websocket_connection_class": "burgle.web.security.voila_app.PublicWebsocketConnection",
    },
}

#: The visitor whose page is starting a kernel (set by the page handler for the kernel manager).
_page_owner: contextvars.ContextVar[str | None] = contextvars.ContextVar("burgle_page_owner", default=None)


class TutorFull(tornado.web.HTTPError):
    """Every kernel slot is taken."""

    def __init__(self):
        super().__init__(503, reason="The tutor is full")


FULL_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="60">
<title>The tutor is full</title>
<style>
body { font: 17px/1.5 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", Arial, sans-serif; color: #1d2433;
  background: #faf8f3; margin: 0; display: flex; min-height: 100vh; align-items: center; justify-content: center; }
main { max-width: 34em; padding: 28px 32px; background: #fff; border: 1px solid #e4e0d6; border-radius: 14px; }
h1 { font-size: 24px; margin: 0 0 10px 0; }
a { color: #0072b2; font-weight: 700; }
</style></head>
<body><main class="burgle-full">
<h1>The tutor is full</h1>
<p>Every seat at this tutor is taken right now. Try again in a minute: this page reloads
itself then, or <a href="">try again now</a>.</p>
</main></body></html>
"""


# --------------------------------------------------------------------------- kernels
class PublicKernelSpecManager(KernelSpecManager):
    """Every kernel runs as :mod:`burgle.web.security.kernel` under a memory ceiling."""

    memory_mb = Int(KERNEL_MEMORY_MB, config=True,
                    help="Address-space ceiling of each kernel in MB (RLIMIT_AS; 0: none).")

    def get_kernel_spec(self, kernel_name, *args, **kwargs):
        spec = super().get_kernel_spec(kernel_name, *args, **kwargs)
        spec.argv = [sys.executable, "-m", "burgle.web.security.kernel", "-f", "{connection_file}"]
        spec.env = {
            **(spec.env or {}),
            MEMORY_ENV: str(self.memory_mb),
            # glibc keeps up to 8 x cores malloc arenas of 64 MB address space each: two keep the
            # kernel's address space close to what it uses, so the ceiling measures real use.
            "MALLOC_ARENA_MAX": "2",
            "OPENBLAS_NUM_THREADS": "1",
            "OMP_NUM_THREADS": "1",
            "MKL_NUM_THREADS": "1",
        }
        return spec


class PublicKernelManager(AsyncMappingKernelManager):
    """Kernels with a cap, two idle timeouts, and a memory of why each one ended."""

    max_kernels = Int(0, config=True,
                      help="Most kernels at once (one per open page); 0: sized from the machine's memory.")
    cull_connected_timeout = Int(1800, config=True,
                                 help="Seconds a kernel whose page is still open may sit idle before it is "
                                      "shut down (cull_idle_timeout applies once the page is gone).")

    #: How many ended kernels to remember (for the page's "why did my page stop?").
    REMEMBERED = 4096

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.owners: dict[str, str] = {}  # live kernel id -> username of the visitor whose page started it
        self.reasons: dict[str, str] = {}  # live kernel id -> why it is ending (set before it goes)
        self.ended: collections.OrderedDict[str, tuple[str, str]] = collections.OrderedDict()  # id -> (why, owner)
        self.visited: dict[str, float] = {}  # live kernel id -> time.monotonic() of the visitor's last act

    def note_visit(self, kernel_id: str) -> None:
        """The page's visitor did something (a click, typing; not the page's own keep-alive pings)."""
        if kernel_id in self._kernels:
            self.visited[kernel_id] = time.monotonic()

    def idle_seconds(self, kernel_id: str) -> float:
        """Seconds since the visitor last did something on the page (or since the page loaded)."""
        return time.monotonic() - self.visited.get(kernel_id, time.monotonic())

    def owner_of(self, kernel_id: str) -> str | None:
        """Who may use this kernel (None: a kernel no page started, open to all)."""
        if kernel_id in self.owners:
            return self.owners[kernel_id]
        return self.ended[kernel_id][1] if kernel_id in self.ended else None

    @property
    def capacity(self) -> int:
        return self.max_kernels if self.max_kernels > 0 else default_max_kernels()

    def live_kernel_ids(self) -> set[str]:
        """Running kernels and kernels still starting."""
        starting = {k for k, task in self._pending_kernels.items() if not task.done()}
        return set(self._kernels) | starting

    def is_full(self) -> bool:
        return len(self.live_kernel_ids()) >= self.capacity

    def page_status(self, kernel_id: str) -> str:
        """'running', or why the kernel ended or is ending ('idle', 'memory', 'stopped',
        'closed'), or 'unknown'."""
        if kernel_id in self.reasons:
            return self.reasons[kernel_id]
        if kernel_id in self.live_kernel_ids():
            return "running"
        return self.ended[kernel_id][0] if kernel_id in self.ended else "unknown"

    def _record(self, kernel_id: str, reason: str) -> None:
        """Why *kernel_id* is ending (the first reason given wins)."""
        self.reasons.setdefault(kernel_id, reason)

    async def _async_start_kernel(self, *, kernel_id=None, path=None, **kwargs):
        if kernel_id is None and self.is_full():
            raise TutorFull()
        kernel_id = await super()._async_start_kernel(kernel_id=kernel_id, path=path, **kwargs)
        self.owners[kernel_id] = _page_owner.get() or ""
        self.visited[kernel_id] = time.monotonic()
        return kernel_id

    start_kernel = _async_start_kernel  # as jupyter_server does

    async def _async_shutdown_kernel(self, kernel_id, now=False, restart=False):
        if not restart:
            self._record(kernel_id, "closed")
        return await super()._async_shutdown_kernel(kernel_id, now=now, restart=restart)

    shutdown_kernel = _async_shutdown_kernel

    def remove_kernel(self, kernel_id):
        """Every way out ends here: remember why, and whose it was, for the page's question."""
        reason = self.reasons.pop(kernel_id, "stopped")
        owner = self.owners.pop(kernel_id, None)
        self.visited.pop(kernel_id, None)
        if owner is not None:
            self.ended[kernel_id] = (reason, owner)
            while len(self.ended) > self.REMEMBERED:
                self.ended.popitem(last=False)
        return super().remove_kernel(kernel_id)

    def _handle_kernel_died(self, kernel_id):
        kernel = self._kernels.get(kernel_id)
        code = None
        process = getattr(getattr(kernel, "provisioner", None), "process", None)
        if process is not None:
            code = process.poll()
        self._record(kernel_id, "memory" if code in (OUT_OF_MEMORY_EXIT, -9) else "stopped")
        super()._handle_kernel_died(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id):
        """Shut a kernel down once idle: ``cull_idle_timeout`` with no page connected,
        ``cull_connected_timeout`` with one (the page then tells its visitor)."""
        kernel = self._kernels.get(kernel_id)
        if kernel is None or not hasattr(kernel, "last_activity"):
            return
        if getattr(kernel, "execution_state", None) == "dead":
            self._record(kernel_id, "stopped")
            await self.shutdown_kernel(kernel_id)
            return
        from jupyter_server._tz import utcnow

        connections = self._kernel_connections.get(kernel_id, 0)
        if connections:
            # An open page pings its kernel every second (burgle.web.ui.PageHelper's watchdog),
            # so the kernel is never idle: what counts is the visitor (PublicWebsocketConnection).
            idle, timeout = self.idle_seconds(kernel_id), self.cull_connected_timeout
        else:
            idle, timeout = (utcnow() - kernel.last_activity).total_seconds(), self.cull_idle_timeout
        # A kernel still starting, or running its page's notebook, is never idle: under load
        # a page can take longer to build than the idle time (it died mid-start, and Voila
        # then never finished that page).
        working = kernel.execution_state in ("starting", "busy") and not self.cull_busy
        if idle > timeout and not working:
            self.log.info("Closing an idle page's kernel (%d s idle, %d connection(s)).", idle, connections)
            self._record(kernel_id, "idle")
            self._close_pages(kernel_id)
            await self.shutdown_kernel(kernel_id)

    def _close_pages(self, kernel_id: str) -> None:
        """Close the websockets of *kernel_id*'s open pages (a shut-down kernel's page would
        otherwise wait forever); each page then asks why and tells its visitor. The
        connections are found through the restart callbacks each one registers."""
        kernel = self._kernels.get(kernel_id)
        restarter = getattr(kernel, "_restarter", None)
        callbacks = getattr(restarter, "callbacks", {}) or {}
        seen = set()
        for callback in [*callbacks.get("restart", []), *callbacks.get("dead", [])]:
            handler = getattr(getattr(callback, "__self__", None), "websocket_handler", None)
            if handler is not None and id(handler) not in seen:
                seen.add(id(handler))
                handler.close(4001, "closed by the server")


class PublicWebsocketConnection(ZMQChannelsWebsocketConnection):
    """A page's kernel websocket that tells the kernel manager when the visitor acts, and
    closes itself when the page keeps sending what no page sends.

    The watchdog of :class:`burgle.web.ui.PageHelper` sends a small ``{"ping": n}`` custom
    widget message every second; those are the page, not the visitor, so they do not count
    as activity (else an open tab would never be idle)."""

    #: Refused messages (types Voila does not pass to kernels) before the connection is closed.
    MAX_REFUSED = 50

    def handle_incoming_message(self, incoming_msg) -> None:
        msg_type, ping = self._peek(incoming_msg)
        allowed = self.multi_kernel_manager.allowed_message_types
        if msg_type is not None and allowed and msg_type not in allowed:
            self.refused = getattr(self, "refused", 0) + 1
            if self.refused == 1:
                self.log.warning("A page sent a message of a type kernels do not take (%s); dropped.",
                                 str(msg_type)[:40])
            elif self.refused == self.MAX_REFUSED + 1:
                self.log.warning("Closed a page's connection after %d refused messages.", self.MAX_REFUSED)
                self.websocket_handler.close(4002, "refused messages")
            return
        if msg_type is not None and not ping:
            manager = self.multi_kernel_manager
            if isinstance(manager, PublicKernelManager):
                manager.note_visit(self.kernel_id)
        super().handle_incoming_message(incoming_msg)  # (what it cannot read, it reports and drops)

    def _peek(self, incoming_msg) -> tuple[str | None, bool]:
        """(message type, whether it is the page's keep-alive ping), read cheaply."""
        try:
            if self.subprotocol == "v1.kernel.websocket.jupyter.org":
                _channel, parts = deserialize_msg_from_ws_v1(incoming_msg)
                header = json.loads(parts[0])
                content_bytes = parts[3] if len(parts) > 3 else b""
            else:
                msg = json.loads(incoming_msg)
                header, content_bytes = msg.get("header") or {}, json.dumps(msg.get("content") or {}).encode()
            msg_type = header.get("msg_type")
            ping = False
            if msg_type == "comm_msg" and len(content_bytes) < 300:
                data = json.loads(content_bytes).get("data") or {}
                ping = data.get("method") == "custom" and set(data.get("content") or {}) == {"ping"}
            return msg_type, ping
        except Exception:  # noqa: BLE001 - the real handler reports malformed messages
            return None, False


# --------------------------------------------------------------------------- handlers
class PublicVoilaHandler(TornadoVoilaHandler):
    """The page: "full" when every kernel slot is taken; an ``_xsrf`` cookie for the beacon."""

    @tornado.web.authenticated
    async def get(self, path=None):
        if not path:
            if self.kernel_manager.is_full():
                self._full()
                return
            self._give_xsrf_cookie()
        _page_owner.set(_username(self.current_user))  # this task's context only
        if path:
            await super().get(path=path)
            return
        # Voila waits forever for a page whose kernel died while it started (its executor's
        # task fails and nobody tells the page's stream): end such a page, not keep it open.
        limit = self.settings.get("burgle_page_timeout", PAGE_TIMEOUT)
        try:
            await asyncio.wait_for(super().get(path=path), limit)
        except asyncio.TimeoutError:
            self.log.warning("A page was not built within %d s and was ended.", limit)
            if not self._finished:
                self.finish("<p class='burgle-page-failed'>This page could not be built. Reload the page to "
                            "try again.</p></body></html>")

    def _give_xsrf_cookie(self) -> None:
        """Voila's unload beacon reads ``_xsrf`` from ``document.cookie`` and sends it with
        its POST; Voila's page never set it, so the beacon was refused (403) and the kernel
        lingered until culled. The check itself stays on. Not HttpOnly: the page must read it."""
        name = self.settings.get("xsrf_cookie_name", "_xsrf")
        if self.get_cookie(name):
            return
        token = self.xsrf_token  # sets the cookie with settings["xsrf_cookie_kwargs"]
        if self.request.protocol == "https":
            self.set_cookie(name, token, secure=True, **self.settings.get("xsrf_cookie_kwargs", {}))

    def _full(self) -> None:
        self.clear()
        self.set_status(503, "The tutor is full")
        self.set_header("Retry-After", "60")
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(FULL_PAGE)

    def write_error(self, status_code, **kwargs):
        exc = kwargs.get("exc_info", (None, None, None))[1]
        if isinstance(exc, TutorFull):
            self._full()
            return
        super().write_error(status_code, **kwargs)


class PageStatusHandler(APIHandler):
    """``GET burgle/api/page-status/<kernel>``: ``{"state": ...}`` (see PublicKernelManager.page_status)
    for the visitor whose page it is; 'unknown' for anyone else."""

    @tornado.web.authenticated
    def get(self, kernel_id):
        self.set_header("Cache-Control", "no-store")
        km = self.kernel_manager
        mine = km.owner_of(kernel_id) == _username(self.current_user)
        self.finish(json.dumps({"state": km.page_status(kernel_id) if mine else "unknown"}))


class OwnedShutdownHandler(VoilaShutdownKernelHandler):
    """Voila's unload beacon, for the page's own visitor only (the XSRF check still applies)."""

    @tornado.web.authenticated
    async def post(self, kernel_id):
        if not _owns(self, kernel_id):
            raise tornado.web.HTTPError(403)
        await super().post(kernel_id)


def _username(user) -> str:
    return getattr(user, "username", None) or ""


def _owns(handler, kernel_id: str | None) -> bool:
    km = handler.settings.get("kernel_manager")
    owner = km.owner_of(kernel_id) if kernel_id and isinstance(km, PublicKernelManager) else None
    return owner is None or owner == _username(handler.current_user)


class KernelOwnerAuthorizer(Authorizer):
    """A kernel's websocket and API answer only the visitor whose page started it.

    The visitor is the anonymous identity in jupyter_server's signed, HttpOnly identity
    cookie, set when the page loads. Without this, the kernel id alone was the key to a
    visitor's page (issue 15, finding 8). Kernels the server did not start for a page (none,
    in ``burgle tutor``) stay open to all, as before."""

    def is_authorized(self, handler, user, action, resource) -> bool:
        if resource != "kernels":
            return True
        kernel_id = (getattr(handler, "path_kwargs", None) or {}).get("kernel_id") or getattr(handler, "kernel_id", None)
        return _owns(handler, kernel_id)


class SecurityHeaders(tornado.web.OutputTransform):
    """Adds :data:`SECURITY_HEADERS` to every response, static files included (jupyter's own
    handlers already send them from ``settings["headers"]``; tornado's static file handlers
    send none)."""

    def transform_first_chunk(self, status_code, headers, chunk, finishing):
        for name, value in SECURITY_HEADERS.items():
            if name not in headers:
                headers[name] = value
        return status_code, headers, chunk


# --------------------------------------------------------------------------- logging
_KERNEL_ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
_VARYING = re.compile(r"\"[^\"]*\"|'[^']*'|\([^)]*\)|\d+")


class LogGuard(logging.Filter):
    """Redact kernel ids (a kernel id is the only key to a visitor's page) and drop a line
    repeated more than :attr:`BURST` times a :attr:`PERIOD` (a page can send thousands of
    refused messages a second); the first line after a quiet period says how many went."""

    BURST = 5
    PERIOD = 60.0

    def __init__(self, redact: bool = True):
        super().__init__()
        self.redact = redact
        self.seen: dict[tuple, list] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        decided = getattr(record, "_burgle_keep", None)
        if decided is not None:  # the same record reaching a second logger or handler
            return decided
        keep = self._decide(record)
        record._burgle_keep = keep
        return keep

    def _decide(self, record: logging.LogRecord) -> bool:
        if not record.exc_info and not str(record.getMessage()).strip():
            return False  # jupyter_server logs an empty warning for each write to a closed websocket
        # One key per kind of line: quoted values and numbers (a message type, a count) vary.
        key = (record.name, record.levelno, _VARYING.sub("_", str(record.msg)[:200]))
        now = time.monotonic()
        window = self.seen.get(key)
        if window is None or now - window[0] > self.PERIOD:
            dropped = window[2] if window else 0
            self.seen[key] = [now, 1, 0]
            if len(self.seen) > 10_000:
                self.seen.clear()
            if dropped:
                self._rewrite(record, suffix=f" ({dropped} more like this were not logged)")
            elif self.redact:
                self._rewrite(record)
            return True
        window[1] += 1
        if window[1] > self.BURST:
            window[2] += 1
            return False
        if self.redact:
            self._rewrite(record)
        return True

    def _rewrite(self, record: logging.LogRecord, suffix: str = "") -> None:
        text = record.getMessage()
        if self.redact:
            text = _KERNEL_ID.sub(lambda m: m.group(0)[:4] + "…", text)
        record.msg, record.args = text + suffix, ()


def install_log_guard(app_log: logging.Logger, redact: bool) -> LogGuard:
    guard = LogGuard(redact=redact)
    loggers = [app_log, logging.getLogger(), *(logging.getLogger(n) for n in (
        "tornado", "tornado.access", "tornado.application", "tornado.general", "traitlets", "burgle"))]
    handlers = [logging.lastResort] if logging.lastResort else []
    for logger in loggers:
        logger.addFilter(guard)
        handlers.extend(logger.handlers)
    for handler in handlers:
        handler.addFilter(guard)
    return guard


# --------------------------------------------------------------------------- the server
class PublicVoila(Voila):
    """Voila with :data:`PUBLIC_CONFIG`, the security headers and the handlers above."""

    behind_proxy = Bool(False, config=True,
                        help="Trust X-Forwarded-For/-Proto from a reverse proxy (only when one is in front).")
    page_timeout = Int(PAGE_TIMEOUT, config=True,
                       help="Seconds a page may take to build before the server ends it with a message.")

    def initialize(self, argv=None):
        self.update_config(Config(PUBLIC_CONFIG))  # the command line and config files still win
        super().initialize(argv)
        self.log_guard = install_log_guard(self.log, redact=self.log_level > logging.DEBUG)
        self._page_resources()

    def _page_resources(self) -> None:
        """The numbers the page's script needs (burgle-page.js reads them from the page)."""
        km_config = self.config.get("PublicKernelManager", {})
        idle = km_config.get("cull_connected_timeout", PublicKernelManager.cull_connected_timeout.default_value)
        burgle = {
            "maxlength": {"default": MAX_TEXT_CHARS, "burgle-save-text": MAX_SAVE_CHARS, "burgle-search": 200},
            "max_file_bytes": MAX_SAVE_CHARS,
            "max_message_bytes": MAX_MESSAGE_BYTES,
            "idle_seconds": int(idle),
        }
        resources = dict(self.config.VoilaConfiguration.get("resources", {}) or {})
        resources["burgle"] = burgle
        self.config.VoilaConfiguration.resources = resources
        self.voila_configuration.config.VoilaConfiguration.resources = resources

    def init_settings(self):
        settings = super().init_settings()
        settings["headers"] = {**SECURITY_HEADERS, **settings.get("headers", {})}
        # jupyter_server renders its error pages (a refused websocket, say) with static_url:
        # without a static path that fails and logs a traceback instead of the error.
        settings.setdefault("static_path", DEFAULT_STATIC_FILES_PATH)
        # Voila builds ``tornado.web.Application(**settings)``: this is its ``transforms`` argument.
        settings["transforms"] = [SecurityHeaders]
        settings["websocket_max_message_size"] = MAX_MESSAGE_BYTES
        settings["burgle_page_timeout"] = self.page_timeout
        settings["xsrf_cookie_kwargs"] = {"samesite": "Strict"}
        return settings

    def init_handlers(self):
        handlers = []
        replace = {TornadoVoilaHandler: PublicVoilaHandler, VoilaShutdownKernelHandler: OwnedShutdownHandler}
        for spec in super().init_handlers():
            if len(spec) > 1 and spec[1] in replace:
                spec = (spec[0], replace[spec[1]], *spec[2:])
            handlers.append(spec)
        status = (self.server_url.rstrip("/") + r"/burgle/api/page-status/([^/]+)", PageStatusHandler)
        return [status, *handlers]  # before the page's catch-all "/(.*)"

    def listen(self):
        self.app.listen = functools.partial(self.app.listen, xheaders=self.behind_proxy,
                                            max_body_size=MAX_BODY_BYTES)
        super().listen()


def main(argv: list[str] | None = None) -> None:
    """``python -m burgle.web.security NOTEBOOK [flags]``: serve like ``voila`` does, publicly."""
    from burgle.web.tutor.server import server_env

    os.environ["JUPYTER_PATH"] = server_env()["JUPYTER_PATH"]
    PublicVoila.launch_instance(argv=argv)
