"""Which modules do the pages import while they start? ``python -m burgle.publish.probe SITE``

Runs the Pyodide distribution of a built site (``SITE/static/pyodide``) in Node.js, as the
page's kernel does: load every preloaded package, import the kernel, then build the
tutor, open lesson 1, the explorer and the sandbox. It writes the files of every module
then imported (paths inside the standard library's zip or site-packages) to
``burgle/publish/hot-modules.txt``, which ``burgle publish`` reads: those modules ship as
bytecode, everything else as source (smaller; compiled only if a page ever imports it).
Run it again after a change that makes the pages import other modules; a module missing
from the list still works, it is only compiled in the browser.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

from burgle.publish import versions as V

SCRIPT = r"""
const [, , pyodideDir, preload, code] = process.argv;
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
await py.loadPackage(JSON.parse(preload), { messageCallback: () => {} });
py.runPython(code);
const failed = py.globals.get("PROBE_TB");
if (failed) {
  console.error("PROBE-ERROR " + failed);
  process.exit(1);
}
console.log("HOT" + py.runPython(
  "import json, sys; json.dumps(sorted({getattr(m, '__file__', None) or '' for m in list(sys.modules.values())}))"));
"""

#: What the pages do while they start (the served notebooks' first cells, then a click on
#: lesson 1 and on the explorer and sandbox buttons).
PAGES = """
import piplite.piplite, pyodide_kernel
pyodide_kernel.kernel_instance.interpreter.send_comm = lambda *args: None  # the page's worker sets this
import burgle.publish.browser
from burgle.web.home import BurgleHome
home = BurgleHome()
home.tutor.open_lesson('01-first-steps')
home.open('explorer')
home.open('sandbox')
"""

MARKERS = ("python313.zip/", "site-packages/")


def relative(path: str) -> str | None:
    for marker in MARKERS:
        if marker in path:
            rel = path.split(marker, 1)[1]
            return rel[:-1] if rel.endswith(".pyc") else rel
    return None


def probe(site: Path) -> list[str]:
    pyodide = (site / "static" / "pyodide").absolute()
    with tempfile.NamedTemporaryFile("w", suffix=".mjs", delete=False) as f:
        f.write(SCRIPT)
    try:
        code = ("import traceback\nPROBE_TB = ''\ntry:\n" + textwrap.indent(PAGES.strip(), "    ")
                + "\nexcept BaseException:\n    PROBE_TB = traceback.format_exc()\n")
        proc = subprocess.run(["node", f.name, str(pyodide), json.dumps(list(V.PRELOAD)), code],
                              capture_output=True, text=True, timeout=600)
    finally:
        Path(f.name).unlink()
    line = next((ln for ln in proc.stdout.splitlines() if ln.startswith("HOT")), None)
    if proc.returncode != 0 or line is None:
        said = [ln for ln in (proc.stdout + proc.stderr).splitlines() if len(ln) < 1000]  # not Pyodide's minified source
        raise SystemExit(f"the probe failed (exit {proc.returncode}):\n" + "\n".join(said[-30:]))
    return sorted({r for p in json.loads(line[3:]) if (r := relative(p)) and r.endswith(".py")})


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(__doc__.splitlines()[0])
        return 2
    hot = probe(Path(args[0]))
    out = Path(__file__).with_name("hot-modules.txt")
    out.write_text("# Modules the pages import while they start: written by python -m burgle.publish.probe SITE\n"
                   + "\n".join(hot) + "\n", encoding="utf-8")
    print(f"{len(hot)} modules -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
