"""``burgle publish OUTDIR [--force] [--cache DIR]``: the pages as a static web site.

Builds the tutor, the guard explorer and the sandbox as a voici site (JupyterLite with the
Pyodide kernel) in OUTDIR: any static host can serve it, and each visitor's browser runs
the engine (docs/publishing.md). Needs npm and the ``publish`` extra, and network access
to the package registries while building; the site itself fetches nothing from any other
host.

Exit status: 0 when the site is written; 2 if OUTDIR is not empty (without ``--force``),
a tool is missing, or a build step fails, with OUTDIR left as it was.
"""

from __future__ import annotations

import sys
from burgle.cli import command


def add_parser(subparsers) -> None:
    p = command(subparsers, "publish")
    p.add_argument("outdir", help="folder to write the site to (must be empty or new, unless --force)")
    p.add_argument("--force", action="store_true", help="replace OUTDIR's contents if it is not empty")
    p.add_argument("--cache", default=None,
                   help="folder keeping the assembled Pyodide distribution between builds "
                        "(default: ~/.cache/burgle-publish)")
    p.set_defaults(func=run)


def run(args) -> int:
    from burgle.publish.site import PublishError, build_site

    try:
        build_site(args.outdir, force=args.force, cache=args.cache,
                   log=lambda line: print(line, flush=True))
    except PublishError as exc:
        print(f"burgle publish: {exc}", file=sys.stderr)
        return 2
    return 0
