"""How a host should serve the static site: caching, compression and a Content Security
Policy that Pyodide works under (docs/publishing.md, "Hosting the static site").

The rules are data, used three ways: ``burgle publish`` writes them into the site as a
``_headers`` file (read by hosts such as Netlify and Cloudflare Pages), docs/publishing.md
explains them, and :class:`SiteHandler` applies them to serve the site locally
(``benchmarks/static_site.py`` measures the page behind exactly these headers).

>>> cache_control("/static/pyodide/ipython-9.0.2-py3-none-any.whl")
'public, max-age=31536000, immutable'
>>> cache_control("/voici/render/tutor.html")
'no-cache'
"""

from __future__ import annotations

import fnmatch
import gzip
import http.server
from functools import lru_cache
from pathlib import Path

#: Cache-Control by path, first match wins. Every wheel's file name carries its version,
#: and burgle's carries a hash of its contents, so a wheel never changes under its name:
#: browsers may keep it for a year without asking. Everything else (pages, the Pyodide
#: core, the JupyterLite bundles, the lock file) keeps its name across builds, so the
#: browser revalidates it on each visit (a 304 costs a round trip, not the bytes).
CACHE_RULES: tuple[tuple[str, str], ...] = (
    ("/static/pyodide/*.whl", "public, max-age=31536000, immutable"),
    ("/*", "no-cache"),
)

#: A Content Security Policy the site works under (checked in Chromium by
#: benchmarks/static_site.py --csp): Pyodide compiles WebAssembly ('wasm-unsafe-eval')
#: and runs its loader through eval ('unsafe-eval'); JupyterLite starts a web worker and
#: anywidget imports the widgets' front-end code from blob: URLs; the Voila template has
#: inline scripts and styles. Nothing may be fetched from another origin.
CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' blob:; "
       "worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
       "font-src 'self' data:; connect-src 'self' data: blob:; object-src 'none'; base-uri 'self'; "
       "form-action 'self'; frame-ancestors 'self'")

#: Files worth compressing on the fly (the wheels and the standard library are zip files
#: already; the WebAssembly, the JavaScript, the pages and the JSON shrink by 3-5x).
COMPRESSIBLE = (".wasm", ".js", ".mjs", ".html", ".json", ".css", ".svg", ".ipynb", ".txt", ".map", ".ttf")


def cache_control(path: str) -> str:
    for pattern, value in CACHE_RULES:
        if fnmatch.fnmatchcase(path, pattern):
            return value
    return "no-cache"


def headers_file() -> str:
    """The rules in the ``_headers`` format (path pattern, then indented headers)."""
    lines = []
    for pattern, value in CACHE_RULES:
        lines += [pattern, f"  Cache-Control: {value}"]
        if pattern == "/*":
            lines += [f"  Content-Security-Policy: {CSP}", "  X-Content-Type-Options: nosniff",
                      "  Referrer-Policy: no-referrer"]
    return "\n".join(lines) + "\n"


@lru_cache(maxsize=512)
def _gzipped(path: str, mtime: float) -> bytes:
    return gzip.compress(Path(path).read_bytes(), compresslevel=6, mtime=0)


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """``python -m http.server`` plus the headers above and gzip, for local serving and
    benchmarks. Set ``csp = False`` on a subclass to leave the policy out."""

    csp = True
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".mjs": "text/javascript", ".js": "text/javascript"}

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass

    def end_headers(self):
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        self.send_header("Cache-Control", cache_control(path))
        if self.csp:
            self.send_header("Content-Security-Policy", CSP)
        super().end_headers()

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if (path.is_file() and path.suffix in COMPRESSIBLE
                and "gzip" in self.headers.get("Accept-Encoding", "")
                and not self.headers.get("If-Modified-Since")):
            data = _gzipped(str(path), path.stat().st_mtime)
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(path)))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Last-Modified", self.date_time_string(int(path.stat().st_mtime)))
            self.end_headers()
            import io

            return io.BytesIO(data)
        return super().send_head()
