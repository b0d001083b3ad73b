"""Build the static site: ``build_site(outdir)`` (``burgle publish OUTDIR``).

1. Check the tools first (npm, the ``publish`` extra at the pinned versions): a missing one
   stops the build before anything is written, with the command that installs it.
2. Assemble the Pyodide distribution the site serves (``static/pyodide/``): the npm core
   (wasm, standard library), PyPI's pure-Python wheels at the versions of
   :mod:`burgle.publish.versions`, the kernel's shim wheels, stub wheels, burgle's own
   browser wheel, and a ``pyodide-lock.json`` written for exactly these files. Everything
   but burgle's wheel is kept in a cache folder (``~/.cache/burgle-publish`` unless told
   otherwise), keyed by the versions, so a second build downloads nothing.
3. Run ``voici build`` on the three served notebooks (their ``test-only`` cells dropped, a
   first hidden cell loading :mod:`burgle.publish.browser`), with the kernel told to load
   every package at start, at once, and never to ask PyPI.
4. Serve Font Awesome from the site (the template links a CDN), drop what no page
   requests, add an ``index.html`` that opens the tutor.
5. Everything is built in a temporary folder beside OUTDIR and moved into place at the
   end; a failure leaves OUTDIR as it was.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from importlib import metadata
from pathlib import Path
from typing import Callable

from burgle.publish import hosting
from burgle.publish import versions as V

#: The served notebooks and the page each becomes (the tutor links the other two).
NOTEBOOKS = ("tutor", "explorer", "sandbox")

#: Files of the npm ``pyodide`` package the site serves (no source maps, consoles, types).
PYODIDE_CORE = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm",
                "python_stdlib.zip", "package.json")

FIRST_CELL = ("import burgle.publish.browser  # the static site's run-time glue (docs/publishing.md)\n"
              "burgle.publish.browser.install()")

KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"

#: Output folders no page of the site requests (JupyterLite's other apps and its API docs).
UNUSED = ("lab", "notebooks", "tree", "edit", "consoles", "repl", "doc", "extensions/@jupyterlite/pyodide-kernel-extension/static/pypi")

Log = Callable[[str], None]


class PublishError(RuntimeError):
    """The site cannot be built; the message says why and what to do."""


# ----------------------------------------------------------------------------- tools


def missing_tools() -> list[str]:
    """What must be installed before building, each with how to install it ([] if all is there)."""
    problems = []
    if shutil.which("npm") is None:
        problems.append("npm (Node.js's package manager) is not on PATH: install Node.js, e.g. "
                        "`sudo apt-get install -y npm` on Debian/Ubuntu or from nodejs.org")
    wrong = []
    for name, want in {**V.BUILD_TOOLS, "packaging": None}.items():
        try:
            have = metadata.version(name)
        except metadata.PackageNotFoundError:
            have = None
        if have is None or (want and have != want):
            wrong.append(f"{name} {have or 'missing'}" + (f" (needs {want})" if want else ""))
    for name in V.FROM_BUILD_ENV:
        try:
            metadata.version(name)
        except metadata.PackageNotFoundError:
            wrong.append(f"{name} missing")
    if wrong:
        problems.append(f"the publish tools are not installed as pinned ({', '.join(wrong)}): "
                        f"pip install 'burgle[web,publish]' (from a checkout: pip install -e '.[web,publish]')")
    return problems


def _run(cmd: list[str], what: str, cwd: Path | None = None) -> str:
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if proc.returncode != 0:
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-15:])
        raise PublishError(f"{what} failed (exit {proc.returncode}): {' '.join(cmd)}\n{tail}")
    return proc.stdout


# ----------------------------------------------------------------------------- pyodide


def hot_digest() -> str:
    from burgle.publish.wheels import hot_modules

    return hashlib.sha256("\n".join(hot_modules()).encode()).hexdigest()[:16]


def distribution_key(bytecode: bool) -> str:
    """Names the cached third-party part of the distribution: changes with any version."""
    pins = {"npm": V.NPM, "wheels": V.BROWSER_WHEELS, "stubs": V.STUBS, "bytecode": bytecode, "trim": V.TRIM,
            "shims": V.SHIMS, "stdlib_drop": V.STDLIB_DROP, "optimize": V.THIRD_PARTY_OPTIMIZE, "hot": hot_digest(),
            "patches": V.PATCHES,
            "env": {n: metadata.version(n) for n in V.FROM_BUILD_ENV},
            "kernel": V.BUILD_TOOLS["jupyterlite-pyodide-kernel"], "python": V.PYODIDE_PYTHON, "layout": 1}
    digest = hashlib.sha256(json.dumps(pins, sort_keys=True).encode()).hexdigest()[:16]
    return f"pyodide-{V.NPM['pyodide']}-{digest}"


def npm_pack(spec: str, dest: Path) -> Path:
    """Download an npm package's tarball (``npm pack``) into *dest*; its path."""
    dest.mkdir(parents=True, exist_ok=True)
    out = _run(["npm", "pack", spec, "--silent", "--pack-destination", str(dest)], f"npm pack {spec}")
    name = out.strip().splitlines()[-1]
    return dest / name


def _extract(tgz: Path, wanted: Callable[[str], str | None], dest: Path) -> None:
    """Extract the members for which ``wanted(name)`` gives a path (relative to *dest*)."""
    with tarfile.open(tgz) as tar:
        for member in tar.getmembers():
            target = wanted(member.name)
            if not target or not member.isfile():
                continue
            out = dest / target
            out.parent.mkdir(parents=True, exist_ok=True)
            with tar.extractfile(member) as src, open(out, "wb") as dst:
                shutil.copyfileobj(src, dst)


def kernel_shims() -> dict[str, Path]:
    """The kernel's own wheels, from the installed jupyterlite-pyodide-kernel labextension."""
    from jupyter_core.paths import jupyter_path

    for base in jupyter_path("labextensions"):
        pypi = Path(base) / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
        if pypi.is_dir():
            break
    else:
        raise PublishError("the Pyodide kernel's wheels are missing (jupyterlite-pyodide-kernel not "
                           "installed?): pip install 'burgle[web,publish]'")
    found: dict[str, Path] = {}
    for wheel in sorted(pypi.glob("*.whl")):
        name = wheel.name.split("-")[0].replace("_", "-")
        if name in V.KERNEL_SHIMS and (name != "widgetsnbextension" or "-4." in wheel.name):
            found[name] = wheel
    missing = set(V.KERNEL_SHIMS) - set(found)
    if missing:
        raise PublishError(f"the Pyodide kernel's wheels {sorted(missing)} are not in {pypi}")
    return found


def canonical_wheel_name(wheel: Path) -> str:
    return wheel.name.split("-")[0].replace("_", "-").lower()


def third_party(cache: Path, python: str | None, log: Log) -> Path:
    """The cached, version-keyed folder with the Pyodide core and every wheel but burgle's
    (precompiled to bytecode when *python*, a Python 3.13, is given)."""
    from burgle.publish.wheels import hot_modules, precompile, stub_wheel, trim_wheel

    folder = cache / distribution_key(python is not None)
    if (folder / "complete").is_file():
        log(f"Pyodide distribution: from the cache ({folder})")
        return folder
    log(f"Pyodide distribution: assembling {folder.name} (npm pyodide@{V.NPM['pyodide']}, "
        f"{len(V.BROWSER_WHEELS) + len(V.FROM_BUILD_ENV)} wheels)")
    cache.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=folder.name + ".part-", dir=cache))
    try:
        tgz = npm_pack(f"pyodide@{V.NPM['pyodide']}", work / "npm")
        core = set(PYODIDE_CORE) | {"pyodide-lock.json"}
        _extract(tgz, lambda n: n.split("/", 1)[1] if n.split("/", 1)[-1] in core else None, work / "core")
        wheels = work / "wheels"
        wheels.mkdir()
        pins = [f"{n}=={v}" for n, v in V.BROWSER_WHEELS.items()]
        pins += [f"{n}=={metadata.version(n)}" for n in V.FROM_BUILD_ENV]
        _run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
              "--platform", "any", "--implementation", "py", "--abi", "none",
              "--python-version", V.PYODIDE_PYTHON, "--dest", str(wheels), *pins],
             "downloading the browser's wheels (pip download)")
        for name, version in V.STUBS.items():
            stub_wheel(wheels, name, version)
        for wheel in kernel_shims().values():
            shutil.copy2(wheel, wheels / wheel.name)
        trimmed = sum(trim_wheel(w, V.TRIM, V.PATCHES.get(canonical_wheel_name(w)))
                      for w in sorted(wheels.glob("*.whl")))
        log(f"  trimmed {trimmed / 1e6:.1f} MB the pages never load (tests, front-end bundles, lexers, "
            f"IPython's terminal)")
        hot = hot_modules()
        precompile(sorted(wheels.glob("*.whl")), python, hot, optimize=V.THIRD_PARTY_OPTIMIZE)
        stdlib = work / "core" / "python_stdlib.zip"
        before = stdlib.stat().st_size
        precompile([stdlib], python, hot, V.STDLIB_DROP, optimize=V.THIRD_PARTY_OPTIMIZE)
        log(f"  standard library: {before / 1e6:.2f} MB -> {stdlib.stat().st_size / 1e6:.2f} MB (modules no page "
            f"imports dropped{', the ones the pages import as bytecode' if python else ''})")
        shutil.rmtree(work / "npm")  # the core is extracted; the tarball is not kept
        (work / "complete").write_text(json.dumps({"key": folder.name}) + "\n")
        if folder.exists():
            shutil.rmtree(folder)
        work.rename(folder)
    finally:
        if work.exists():
            shutil.rmtree(work, ignore_errors=True)
    return folder


def assemble_pyodide(dest: Path, cache: Path, log: Log) -> list[str]:
    """Write the Pyodide distribution into *dest*; the names of the packages it holds."""
    from burgle.publish.wheels import burgle_wheel, bytecode_python, hot_modules, precompile, read_wheel, shim_wheel

    python = bytecode_python()
    if python is None:
        log(f"No Python {V.PYODIDE_PYTHON} found: the wheels ship as source, and each page load compiles "
            f"them (slower; install python{V.PYODIDE_PYTHON} to precompile)")
    parts = third_party(cache, python, log)
    dest.mkdir(parents=True)
    for name in PYODIDE_CORE:
        shutil.copy2(parts / "core" / name, dest / name)
    for wheel in sorted((parts / "wheels").glob("*.whl")):
        shutil.copy2(wheel, dest / wheel.name)
    ours = burgle_wheel(dest)
    shims = [shim_wheel(dest, name, version) for name, version in V.SHIMS.items()]
    precompile([ours, *shims], python, hot_modules(), V.BURGLE_DROP)
    entries = {}
    for wheel in sorted(dest.glob("*.whl")):
        info = read_wheel(wheel, drop=V.NOT_IN_BROWSER | V.ON_DEMAND if wheel == ours else frozenset())
        entries[info.name] = info.lock_entry()
    unknown = {dep: name for name, e in entries.items() for dep in e["depends"] if dep not in entries}
    if unknown:
        raise PublishError("the browser's packages are not closed under their requirements: "
                           + ", ".join(f"{p} needs {d}" for d, p in sorted(unknown.items()))
                           + " (add them to BROWSER_WHEELS or STUBS in burgle/publish/versions.py)")
    npm_lock = json.loads((parts / "core" / "pyodide-lock.json").read_text())
    lock = {"info": npm_lock["info"], "packages": dict(sorted(entries.items()))}
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return sorted(entries)


# ----------------------------------------------------------------------------- site


def published_notebook(name: str) -> dict:
    """A served notebook as the site shows it: no ``test-only`` cell, no outputs, and a
    first cell that loads :mod:`burgle.publish.browser`."""
    from burgle.web.tutor.server import notebook_path

    nb = json.loads(notebook_path(name).read_text(encoding="utf-8"))
    cells = [c for c in nb["cells"] if "test-only" not in c.get("metadata", {}).get("tags", [])]
    first = {"cell_type": "code", "execution_count": None, "id": "burgle-publish", "metadata": {},
             "outputs": [], "source": FIRST_CELL}
    for cell in cells:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    nb["cells"] = [first, *cells]
    nb["metadata"]["kernelspec"] = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
    return nb


def write_lite_dir(lite: Path, contents: Path, packages: list[str]) -> None:
    from packaging.utils import canonicalize_name

    preload = [p for p in V.PRELOAD if canonicalize_name(p) in packages]
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "burgle",
            "litePluginSettings": {
                KERNEL_SETTINGS: {
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": preload},
                },
            },
        },
    }
    (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n")
    contents.mkdir(parents=True)
    for name in NOTEBOOKS:
        (contents / f"{name}.ipynb").write_text(json.dumps(published_notebook(name), indent=1) + "\n")


def voici_build(lite: Path, contents: Path, out: Path, log: Log) -> None:
    log("voici build")
    # voici-core 0.10's ``python -m voici_core`` imports a module it does not ship: call its app.
    _run([sys.executable, "-c", "import sys; from voici_core.app import main; sys.exit(main())", "build", "--lite-dir", str(lite), "--contents", str(contents),
          "--output-dir", str(out), "--no-sourcemaps", "--no-libarchive",
          "--strip_sources=True", "--show_tracebacks=False"], "voici build", cwd=lite)


def serve_font_awesome(site: Path, work: Path, log: Log) -> int:
    """Point the pages' Font Awesome link at a copy inside the site; how many pages changed."""
    version = V.NPM["@fortawesome/fontawesome-free"]
    tgz = npm_pack(f"@fortawesome/fontawesome-free@{version}", work / "npm")
    target = "static/fontawesome"
    _extract(tgz, lambda n: (n.split("/", 1)[1] if re.match(r"package/(css/all\.min\.css|webfonts/.*\.(woff2|woff))$", n)
                             else None), site / target)
    changed = 0
    link = re.compile(r"https://[^\"']*font-?awesome[^\"']*?/css/[^\"']*\.css")
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        depth = len(page.relative_to(site).parts) - 1
        new = link.sub("../" * depth + f"{target}/css/all.min.css", text)
        if new != text:
            page.write_text(new, encoding="utf-8")
            changed += 1
    log(f"Font Awesome {version}: served from the site ({changed} pages)")
    return changed


# The address's query (?lang=es) goes on to the tutor page, whose language picker reads it
# (issue 14); without scripts the refresh opens the tutor in the remembered or browser's language.
INDEX_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>Burgle Bros. rules tutor</title>
<script>window.location.replace("{tutor}" + window.location.search + window.location.hash);</script>
<noscript><meta http-equiv="refresh" content="0; url={tutor}"></noscript>
</head><body><p><a href="{tutor}">Open the Burgle Bros. rules tutor</a></p></body></html>
"""


def finish_site(site: Path) -> None:
    for rel in UNUSED:
        path = site / rel
        if path.is_dir():
            shutil.rmtree(path)
    pages = sorted(site.glob("voici/render/*.html"))
    tutor = next((p for p in pages if p.stem == "tutor"), None)
    if tutor is None:
        raise PublishError(f"voici made no page for tutor.ipynb (pages: {[p.name for p in pages]})")
    index = site / "index.html"
    index.write_text(INDEX_HTML.format(tutor=tutor.relative_to(site).as_posix()), encoding="utf-8")
    (site / "_headers").write_text(hosting.headers_file(site), encoding="utf-8")


def default_cache() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "burgle-publish"


def check_outdir(outdir: Path, force: bool) -> None:
    if outdir.exists() and not outdir.is_dir():
        raise PublishError(f"{outdir} exists and is not a folder")
    if outdir.is_dir() and any(outdir.iterdir()) and not force:
        raise PublishError(f"{outdir} is not empty: choose an empty or new folder, or pass --force "
                           f"to replace what is there")


def build_site(outdir: Path | str, *, force: bool = False, cache: Path | str | None = None,
               log: Log = print) -> Path:
    """Build the static site into *outdir* (see the module docs); returns *outdir*."""
    outdir = Path(outdir).absolute()
    check_outdir(outdir, force)
    problems = missing_tools()
    if problems:
        raise PublishError("cannot build the site:\n  - " + "\n  - ".join(problems))
    cache = Path(cache) if cache else default_cache()
    outdir.parent.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix=f".{outdir.name}.building-", dir=outdir.parent))
    work = Path(tempfile.mkdtemp(prefix="burgle-publish-"))
    try:
        lite, contents, site = work / "lite", work / "contents", stage / "site"
        packages = assemble_pyodide(lite / "static" / "pyodide", cache, log)
        write_lite_dir(lite, contents, packages)
        voici_build(lite, contents, site, log)
        serve_font_awesome(site, work, log)
        finish_site(site)
        _move_into_place(site, outdir)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
        shutil.rmtree(work, ignore_errors=True)
    log(f"Site written to {outdir}: serve it with  python -m http.server --bind 127.0.0.1 -d {outdir}  "
        f"and open http://127.0.0.1:8000/")
    return outdir


def _move_into_place(site: Path, outdir: Path) -> None:
    """Replace *outdir* by *site* (same file system), keeping the old one until the end."""
    old = None
    if outdir.exists():
        old = outdir.with_name(f".{outdir.name}.old-{os.getpid()}")
        outdir.rename(old)
    try:
        site.rename(outdir)
    except OSError:
        if old is not None:
            old.rename(outdir)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
