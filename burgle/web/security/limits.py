"""The limits a public tutor page enforces, in one place, and the helpers that apply them.

Every number a visitor can run into is here, so the page's ``maxlength``s, the server's
websocket limit and the refusals agree. Sizes are what a person could need many times
over; anything bigger is refused by its size before it is read.

>>> shorten("guard " + "C3" * 1000, 24)
'guard C3C3C3C3C3C3C3C3C…'
>>> too_big("A save", 3_500_000, MAX_SAVE_CHARS)
'A save is at most 200,000 characters; this one has 3,500,000.'
>>> with request_time_limit(0.5):
...     sum(range(10))
45
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading

__all__ = [
    "KERNEL_MEMORY_MB", "MAX_MESSAGE_BYTES", "MAX_QUOTE", "MAX_SAVE_CHARS", "MAX_TEXT_CHARS",
    "MEMORY_PER_VISITOR_MB", "REQUEST_CPU_SECONDS", "RequestCutOff", "default_max_kernels",
    "request_time_limit", "shorten", "too_big",
]

#: Largest websocket message the server accepts from a page (tornado's
#: ``websocket_max_message_size``; its default is 10 MiB). A bigger one closes the connection,
#: and the page says so (burgle-page.js). 1 MiB holds the largest save below, even as 4-byte
#: UTF-8 characters.
MAX_MESSAGE_BYTES = 1024 * 1024

#: Longest save a page accepts (pasted or as a file). A long real game saves in under
#: 50 kB (origin, a few hundred actions and the state snapshot).
MAX_SAVE_CHARS = 200_000

#: Longest one-line text box entry (commands, walls, seen cards). The rules lookup has its own
#: (burgle.web.tutor.lookup.MAX_QUERY).
MAX_TEXT_CHARS = 500

#: How much of a visitor's own text a refusal may quote back.
MAX_QUOTE = 80

#: CPU seconds one request from a page (a click, a typed value) may take in its kernel before
#: it is cut off. A click takes 50-80 ms (docs/benchmarks.md); CPU time, not time on the
#: clock, so that a busy server does not cut off ordinary clicks.
REQUEST_CPU_SECONDS = 2.0

#: Memory a visitor's kernel takes with all three apps open (docs/benchmarks.md, "Public
#: deployment"): what ``--max-kernels`` is sized by.
MEMORY_PER_VISITOR_MB = 120

#: Address-space ceiling of one kernel in MB (RLIMIT_AS, what ``prlimit --as`` sets). With
#: MALLOC_ARENA_MAX=2 a kernel with all three apps open maps about 380 MB (118 MB resident;
#: docs/benchmarks.md, "Public deployment"): this is twice that, room for ordinary use, and
#: stops a runaway kernel long before it can hurt its neighbours.
KERNEL_MEMORY_MB = 768


def shorten(text: str, limit: int = MAX_QUOTE) -> str:
    """*text* cut to at most *limit* characters, ending in '…' when cut."""
    text = str(text)
    return text if len(text) <= limit else text[: max(limit - 1, 0)] + "…"


def too_big(what: str, size: int, limit: int, unit: str = "characters") -> str:
    """The refusal for something over its size limit (says both sizes, quotes nothing)."""
    return f"{what} is at most {limit:,} {unit}; this one has {size:,}."


def default_max_kernels(total_mb: int | None = None, reserve_mb: int = 1024,
                        per_visitor_mb: int = MEMORY_PER_VISITOR_MB) -> int:
    """How many kernels fit in this machine's memory: (total - reserve) / per visitor, at least 1.

    >>> default_max_kernels(total_mb=24 * 1024)
    196
    >>> default_max_kernels(total_mb=512)
    1
    """
    if total_mb is None:
        total_mb = _total_memory_mb()
    return max(1, (total_mb - reserve_mb) // per_visitor_mb)


def _total_memory_mb() -> int:
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    return int(line.split()[1]) // 1024
    except OSError:
        pass
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // (1024 * 1024)
    except (ValueError, OSError, AttributeError):
        return 4096


class RequestCutOff(Exception):
    """A request from the page ran past its CPU time and was stopped; the apps show the message."""

    def __init__(self, seconds: float = REQUEST_CPU_SECONDS):
        self.seconds = seconds
        super().__init__(f"That took longer than {seconds:g} s, so it was cut off. Nothing else was changed; "
                         "try something smaller.")


@contextlib.contextmanager
def request_time_limit(seconds: float = REQUEST_CPU_SECONDS):
    """Raise :class:`RequestCutOff` inside the block once it has used *seconds* of CPU time.

    Uses ``ITIMER_PROF`` (process CPU time) and SIGPROF, so it works only in the main thread
    of a POSIX process (an ipykernel handles a page's messages there); elsewhere it does
    nothing. Nested uses keep the outer limit.
    """
    usable = (hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
              and signal.getitimer(signal.ITIMER_PROF)[0] == 0)
    if not usable:
        yield
        return

    def cut_off(signum, frame):
        raise RequestCutOff(seconds)

    previous = signal.signal(signal.SIGPROF, cut_off)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
