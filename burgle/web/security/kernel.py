"""The kernel a public page gets: ipykernel with a memory ceiling, a time limit per request,
and only the messages a burgle page sends.

``burgle tutor`` starts every kernel as ``python -m burgle.web.security.kernel -f
{connection_file}`` (:class:`burgle.web.security.voila_app.PublicKernelSpecManager` writes
that into the kernel spec). Before ipykernel is even imported the process sets its
address-space ceiling (``RLIMIT_AS``, what ``prlimit --as`` sets) from
``BURGLE_KERNEL_MEMORY_MB``. Then, for every widget message from the page:

* **Only the widget-control comm may be opened by the page.** A page opens
  ``jupyter.widget.control`` once, to fetch the widgets' state; nothing in burgle's apps
  creates a widget from the browser. Any other ``comm_open`` from the page is dropped, which
  closes the hole through which one visitor grew a kernel by 1.9 GB (issue 15, finding 2).
* **A request that uses more than** :data:`~burgle.web.security.limits.REQUEST_CPU_SECONDS`
  **of CPU time is cut off** (:class:`~burgle.web.security.limits.RequestCutOff`). The apps
  catch it and say so; if it escapes them, it is dropped here and the kernel goes on.
* **Running out of memory ends the kernel** with exit status :data:`OUT_OF_MEMORY_EXIT`. The
  server records why (``voila_app.PublicKernelManager``) and the page tells the visitor and
  offers a reload (burgle-page.js). Other visitors' kernels and the server are separate
  processes and are not touched.
"""

from __future__ import annotations

import logging
import os
import resource
import sys
import time

from burgle.web.security.limits import KERNEL_MEMORY_MB, REQUEST_CPU_SECONDS, RequestCutOff, request_time_limit

__all__ = ["ALLOWED_PAGE_COMMS", "MEMORY_ENV", "OUT_OF_MEMORY_EXIT", "guard_comm_handlers", "main", "set_memory_ceiling"]

#: Exit status of a kernel that ran out of memory (the server reads it to tell the page).
OUT_OF_MEMORY_EXIT = 86

#: Environment variable holding the kernel's ceiling in MB (0: no ceiling).
MEMORY_ENV = "BURGLE_KERNEL_MEMORY_MB"

#: Comm targets the page may open.
ALLOWED_PAGE_COMMS = frozenset({"jupyter.widget.control"})

#: At most this many page-opened comms at once (the page opens one and closes it at once).
MAX_PAGE_COMMS = 4

log = logging.getLogger("burgle.kernel")


def set_memory_ceiling(mb: int) -> None:
    """Limit this process's address space to *mb* MB (0: leave it as it is)."""
    if mb > 0:
        limit = mb * 1024 * 1024
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


class _Quiet:
    """Log one line per kind of refusal a minute at most (a hostile page can send thousands)."""

    def __init__(self, period: float = 60.0):
        self.period, self.last = period, {}

    def warn(self, kind: str, text: str) -> None:
        now = time.monotonic()
        if now - self.last.get(kind, -1e9) >= self.period:
            self.last[kind] = now
            log.warning(text)


def guard_comm_handlers(kernel, seconds: float = REQUEST_CPU_SECONDS, on_out_of_memory=None) -> None:
    """Wrap *kernel*'s ``comm_open``/``comm_msg``/``comm_close`` handlers (see the module doc)."""
    quiet = _Quiet()
    exit_now = on_out_of_memory or (lambda: os._exit(OUT_OF_MEMORY_EXIT))

    def page_comms() -> int:
        return sum(1 for c in kernel.comm_manager.comms.values() if not getattr(c, "primary", True))

    def wrap(msg_type, handler):
        def guarded(stream, ident, msg):
            try:
                if msg_type == "comm_open":
                    target = msg.get("content", {}).get("target_name")
                    if target not in ALLOWED_PAGE_COMMS:
                        quiet.warn("comm_open", f"dropped a comm_open for target {str(target)[:40]!r} from the page")
                        return None
                    if page_comms() >= MAX_PAGE_COMMS:
                        quiet.warn("comm_open", "dropped a comm_open: the page has too many open")
                        return None
                with request_time_limit(seconds):
                    return handler(stream, ident, msg)
            except RequestCutOff:
                quiet.warn("cut-off", f"a {msg_type} ran past {seconds:g} s of CPU and was cut off")
            except MemoryError:
                exit_now()
            return None

        return guarded

    for msg_type in ("comm_open", "comm_msg", "comm_close"):
        handler = kernel.shell_handlers.get(msg_type)
        if handler is not None:
            kernel.shell_handlers[msg_type] = wrap(msg_type, handler)

    # ipywidgets runs click handlers through a dispatcher that catches every exception and
    # shows its traceback (IPython's showtraceback) instead of raising it: a MemoryError
    # there must end the kernel too.
    shell = getattr(kernel, "shell", None)
    if shell is not None and hasattr(shell, "showtraceback"):
        show = shell.showtraceback

        def showtraceback(*args, **kwargs):
            if isinstance(sys.exc_info()[1], MemoryError):
                exit_now()
            return show(*args, **kwargs)

        shell.showtraceback = showtraceback


def _kernel_class():
    from ipykernel.ipkernel import IPythonKernel

    class PublicKernel(IPythonKernel):
        """IPythonKernel whose widget-message handlers are guarded (see the module doc)."""

        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            guard_comm_handlers(self)

    return PublicKernel


def main(argv: list[str] | None = None) -> None:
    set_memory_ceiling(int(os.environ.get(MEMORY_ENV, KERNEL_MEMORY_MB) or 0))
    from ipykernel.kernelapp import IPKernelApp

    IPKernelApp.launch_instance(argv=argv, kernel_class=_kernel_class())


if __name__ == "__main__":  # pragma: no cover - run as a kernel process
    main(sys.argv[1:])
