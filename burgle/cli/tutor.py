"""``burgle tutor [--port N] [--no-browser]``: serve the interactive tutor as a web page.

Starts Voila on ``http://127.0.0.1:PORT/`` (a free port unless ``--port`` is given) with
the settings of :mod:`burgle.web.tutor.server`, prints the address, opens it in the browser
(unless ``--no-browser``) and runs until Ctrl-C (or SIGTERM), which stops the server and
its kernels.

Exit status: 0 after Ctrl-C/SIGTERM; 2 if the ``web`` extra (Voila) is not installed, the
tutor notebook is missing or the port is taken; otherwise the server's own exit status if
it stops by itself.
"""

from __future__ import annotations

import signal
import sys
import webbrowser


def add_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "tutor",
        help="serve the interactive tutor in the browser (needs the 'web' extra)",
        description="Serve the interactive rules tutor (notebooks/tutor.ipynb) with Voila on "
                    "127.0.0.1 and open it in the browser. Stop it with Ctrl-C.",
    )
    p.add_argument("--port", type=int, default=0, help="port to listen on (default: a free one)")
    p.add_argument("--no-browser", action="store_true", help="only print the address, do not open a browser")
    p.add_argument("-v", "--verbose", action="store_true", help="show the server's log (requests, kernels)")
    p.add_argument("--notebook", default=None, help="serve another notebook instead (for development)")
    p.set_defaults(func=run)


def _stop_on_sigterm(signum, frame):
    raise KeyboardInterrupt


def run(args) -> int:
    from burgle.web.tutor.server import INSTALL_HINT, TutorServer, WebExtraMissing, missing_web_packages

    missing = missing_web_packages()
    if missing:
        print(f"burgle tutor: {', '.join(missing)} not installed; the tutor page needs the 'web' extra:\n"
              f"    {INSTALL_HINT}", file=sys.stderr)
        return 2
    server = TutorServer(args.port or None, notebook=args.notebook,
                         log_level="INFO" if args.verbose else "WARN")
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
