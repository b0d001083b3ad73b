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

import base64
import fnmatch
import gzip
import hashlib
import http.server
import re
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

#: The Content Security Policy the site works under, but for its inline scripts, which
#: :func:`csp` allows one by one by their hash. Measured in Chromium
#: (tests/browser/test_static_site.py fails on any violation the page or its workers
#: report): Pyodide compiles WebAssembly ('wasm-unsafe-eval'); JupyterLite starts the
#: kernel in a web worker and anywidget imports each widget's front-end module from a
#: blob: URL; JupyterLab and the widgets set styles inline. No eval, no inline script but
#: voici's own (listed by hash), nothing from another origin, and ``connect-src 'self'``
#: keeps Python in the page from reaching other hosts.
CSP_DIRECTIVES: tuple[tuple[str, str], ...] = (
    ("default-src", "'self'"),
    ("script-src", "'self' {hashes}'wasm-unsafe-eval' blob:"),
    ("worker-src", "'self' blob:"),
    ("style-src", "'self' 'unsafe-inline'"),
    ("img-src", "'self' data: blob:"),
    ("font-src", "'self' data:"),
    ("connect-src", "'self' data: blob:"),
    ("object-src", "'none'"),
    ("base-uri", "'self'"),
    ("form-action", "'self'"),
    ("frame-ancestors", "'self'"),
)

_INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.S | re.I)


def inline_script_hashes(site: Path | str) -> list[str]:
    """The CSP hash sources (``'sha256-...'``) of every inline script in the site's pages:
    voici writes the same few scripts into every page, so they can be listed."""
    found = set()
    for page in sorted(Path(site).rglob("*.html")):
        for body in _INLINE_SCRIPT.findall(page.read_text(encoding="utf-8")):
            if body.strip():
                found.add("'sha256-" + base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode() + "'")
    return sorted(found)


def csp(hashes: list[str] | tuple[str, ...] = ()) -> str:
    """The policy, allowing the inline scripts of *hashes* (see :func:`inline_script_hashes`)."""
    fill = "".join(h + " " for h in hashes)
    return "; ".join(f"{name} {value.format(hashes=fill)}" for name, value in CSP_DIRECTIVES)


def security_headers(hashes: list[str] | tuple[str, ...] = ()) -> dict[str, str]:
    """Headers every response of the site carries, beside its Cache-Control: the policy,
    no MIME sniffing, and no Referer sent to other sites. ``_headers`` and
    :class:`SiteHandler` both send exactly these."""
    return {
        "Content-Security-Policy": csp(hashes),
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
    }


#: Files worth compressing on the fly (the wheels and the standard library are zip files
#: already; the WebAssembly, the JavaScript, the pages and the JSON shrink by 3-5x).
COMPRESSIBLE = (".wasm", ".js", ".mjs", ".html", ".json", ".css", ".svg", ".ipynb", ".txt", ".map", ".ttf")


def cache_control(path: str) -> str:
    for pattern, value in CACHE_RULES:
        if fnmatch.fnmatchcase(path, pattern):
            return value
    return "no-cache"


def headers_file(site: Path | str) -> str:
    """The rules for *site* in the ``_headers`` format (path pattern, then indented headers)."""
    lines = []
    for pattern, value in CACHE_RULES:
        lines += [pattern, f"  Cache-Control: {value}"]
        if pattern == "/*":
            lines += [f"  {name}: {value}" for name, value in security_headers(inline_script_hashes(site)).items()]
    return "\n".join(lines) + "\n"


@lru_cache(maxsize=8)
def _site_headers(directory: str) -> tuple[tuple[str, str], ...]:
    return tuple(security_headers(inline_script_hashes(directory)).items())


@lru_cache(maxsize=512)
def _gzipped(path: str, mtime: float) -> bytes:
    return gzip.compress(Path(path).read_bytes(), compresslevel=6, mtime=0)


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """``python -m http.server`` plus the headers above and gzip, for local serving and
    benchmarks. Set ``csp = False`` on a subclass to leave the security headers out."""

    csp = True
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".mjs": "text/javascript", ".js": "text/javascript"}

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass

    def end_headers(self):
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        self.send_header("Cache-Control", cache_control(path))
        if self.csp:
            for name, value in _site_headers(str(self.directory)):
                self.send_header(name, value)
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
