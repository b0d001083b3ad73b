"""``burgle tutor [--port N] [--no-browser] [public deployment options]``: serve the tutor.

Starts Voila on ``http://127.0.0.1:PORT/`` (a free port unless ``--port`` is given) with
the settings of :mod:`burgle.web.tutor.server`, prints the address, opens it in the browser
(unless ``--no-browser``) and runs until Ctrl-C (or SIGTERM), which stops the server and
its kernels.

The server is always the public one (:mod:`burgle.web.security`); these options size it
for a public deployment (docs/publishing.md, "Public deployment"):

* ``--max-kernels N``: at most N pages at once (each page has its own kernel); the next
  visitor gets "the tutor is full, try again in a minute". Default: the machine's memory
  divided by ~120 MB a visitor.
* ``--idle-minutes M``: close a page's kernel after M minutes without use while the tab is
  still open (default 30); the page then says so and offers a reload.
* ``--kernel-memory MB``: each kernel's memory ceiling (address space).
* ``--ip ADDR``: listen on ADDR instead of 127.0.0.1 (e.g. in a container behind a proxy).
* ``--behind-proxy``: trust the reverse proxy's X-Forwarded-For/-Proto (cookies are then
  marked Secure when the proxy speaks https). Only with a proxy in front.

Exit status: 0 after Ctrl-C/SIGTERM; 2 if the ``web`` extra (Voila) is not installed, the
tutor notebook is missing or the port is taken; otherwise the server's own exit status if
it stops by itself.
"""

from __future__ import annotations

import signal
import sys
import webbrowser
from burgle.cli import command


def add_parser(subparsers) -> None:
    p = command(subparsers, "tutor")
    p.add_argument("--port", type=int, default=0, help="port to listen on (default: a free one)")
    p.add_argument("--no-browser", action="store_true", help="only print the address, do not open a browser")
    p.add_argument("-v", "--verbose", action="store_true", help="show the server's log (requests, kernels)")
    p.add_argument("--notebook", default=None, help="serve another notebook instead (for development)")
    public = p.add_argument_group("public deployment (docs/publishing.md)")
    public.add_argument("--max-kernels", type=_positive_int, default=None, metavar="N",
                        help="at most N pages at once; then a 'the tutor is full' page "
                             "(default: the machine's memory / ~120 MB)")
    public.add_argument("--idle-minutes", type=_positive_float, default=None, metavar="M",
                        help="close a page left unused for M minutes, tab still open (default 30)")
    public.add_argument("--kernel-memory", type=_positive_int, default=None, metavar="MB",
                        help="memory ceiling of each page's kernel, in MB of address space")
    public.add_argument("--ip", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    public.add_argument("--behind-proxy", action="store_true",
                        help="trust X-Forwarded-For/-Proto from a reverse proxy in front of the tutor")
    p.set_defaults(func=run)


def _positive_int(text: str) -> int:
    import argparse

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a whole number of at least 1, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"a whole number of at least 1, not {value}")
    return value


def _positive_float(text: str) -> float:
    import argparse

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a number above 0, not {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"a number above 0, not {text}")
    return value


def _stop_on_sigterm(signum, frame):
    raise KeyboardInterrupt


def run(args) -> int:
    from burgle.web.tutor.server import INSTALL_HINT, TutorServer, WebExtraMissing, missing_web_packages

    missing = missing_web_packages()
    if missing:
        print(f"burgle tutor: {', '.join(missing)} not installed; the tutor page needs the 'web' extra:\n"
              f"    {INSTALL_HINT}", file=sys.stderr)
        return 2
    from burgle.web.tutor.server import IDLE_MINUTES

    server = TutorServer(args.port or None, notebook=args.notebook,
                         log_level="INFO" if args.verbose else "WARN",
                         ip=args.ip, max_kernels=args.max_kernels,
                         idle_minutes=args.idle_minutes or IDLE_MINUTES,
                         kernel_memory_mb=args.kernel_memory, behind_proxy=args.behind_proxy)
    previous = signal.signal(signal.SIGTERM, _stop_on_sigterm)
    previous_int = signal.signal(signal.SIGINT, signal.default_int_handler)  # even if started with SIGINT ignored
    try:
        try:
            url = server.start()
        except (WebExtraMissing, FileNotFoundError, RuntimeError, TimeoutError) as exc:
            print(f"burgle tutor: {exc}", file=sys.stderr)
            return 2
        print(f"Burgle tutor: {url}", flush=True)
        print("Press Ctrl-C to stop.", flush=True)
        if not args.no_browser and not webbrowser.open(url):
            print("(no web browser found: open the address above yourself)", flush=True)
        status = server.wait()
        print(f"burgle tutor: the server stopped (exit status {status})", file=sys.stderr)
        return status or 1
    except KeyboardInterrupt:
        print("\nStopping the tutor...", flush=True)
        return 0
    finally:
        # A second Ctrl-C or SIGTERM must not cut the stop short (Voila is shutting its kernels down).
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        server.stop()
        signal.signal(signal.SIGTERM, previous)
        signal.signal(signal.SIGINT, previous_int)
