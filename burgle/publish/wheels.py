"""Wheels for the browser: burgle's own (from the installed package), stubs, and the
Pyodide lock entries that describe them.

Pyodide installs a package from its lock file, ``pyodide-lock.json``: file name, sha256,
the import names it provides and the packages it depends on. The lock that ships with
the npm ``pyodide`` core names wheels built by the Pyodide project; the site carries
PyPI's wheels instead, so the lock is written anew from the wheels themselves, with each
``depends`` read from the wheel's ``Requires-Dist`` as it evaluates in the browser
(``sys_platform == "emscripten"``, no extras).
"""

from __future__ import annotations

import base64
import csv
import hashlib
import inspect
import io
import re
import zipfile
from dataclasses import dataclass
from email.parser import Parser
from importlib import metadata, resources
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from burgle.publish.versions import NOT_IN_BROWSER, PYODIDE_PYTHON

#: Marker values of Pyodide 0.29 (CPython 3.13 on emscripten/wasm32).
BROWSER_ENVIRONMENT = {
    "implementation_name": "cpython",
    "implementation_version": "3.13.2",
    "os_name": "posix",
    "platform_machine": "wasm32",
    "platform_python_implementation": "CPython",
    "platform_release": "",
    "platform_system": "Emscripten",
    "platform_version": "",
    "python_full_version": "3.13.2",
    "python_version": PYODIDE_PYTHON,
    "sys_platform": "emscripten",
    "extra": "",
}

#: Folders of the installed package the browser never needs (the server, the CLI).
_SKIP_IN_WHEEL = re.compile(r"(^|/)__pycache__(/|$)|^burgle/web/notebooks/|^burgle/cli/|^burgle/publish/(?!(browser|__init__)\.py$).+"
                            r"|^burgle/web/tutor/(server|voila_fix)\.py$")


@dataclass(frozen=True)
class WheelInfo:
    """What the Pyodide lock needs to know about one wheel."""

    name: str  # canonical (lower case, '-')
    version: str
    file_name: str
    sha256: str
    imports: tuple[str, ...]
    depends: tuple[str, ...]

    def lock_entry(self) -> dict:
        return {
            "name": self.name,
            "version": self.version,
            "file_name": self.file_name,
            "install_dir": "site",
            "sha256": self.sha256,
            "package_type": "package",
            "imports": list(self.imports),
            "depends": list(self.depends),
            "unvendored_tests": False,
            "shared_library": False,
        }


def read_wheel(path: Path, drop: frozenset[str] = frozenset()) -> WheelInfo:
    """Name, version, import names and browser dependencies of a wheel file."""
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        meta_name = next((n for n in names if n.endswith(".dist-info/METADATA") and n.count("/") == 1), None)
        if meta_name is None:
            raise ValueError(f"{path.name} is not a wheel: it has no .dist-info/METADATA")
        meta = Parser().parsestr(z.read(meta_name).decode("utf-8"))
        top_level = next((n for n in names if n.endswith(".dist-info/top_level.txt")), None)
        imports = (z.read(top_level).decode().split() if top_level else _top_level(names))
    depends = []
    for text in meta.get_all("Requires-Dist") or []:
        req = Requirement(text)
        if req.marker is not None and not _marker_holds(req.marker):
            continue
        dep = canonicalize_name(req.name)
        if dep not in drop and dep not in depends:
            depends.append(dep)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    return WheelInfo(canonicalize_name(meta["Name"]), meta["Version"], path.name, digest,
                     tuple(i for i in imports if i.isidentifier()), tuple(depends))


def _marker_holds(marker: Marker) -> bool:
    return marker.evaluate(dict(BROWSER_ENVIRONMENT))


def _top_level(names: list[str]) -> list[str]:
    """Import names of a wheel without top_level.txt: its top folders and top modules."""
    out: list[str] = []
    for n in names:
        first, _, rest = n.partition("/")
        if first.endswith((".dist-info", ".data")):
            continue
        mod = first if rest else (first[:-3] if first.endswith(".py") else "")
        if mod and mod not in out:
            out.append(mod)
    return out


# ----------------------------------------------------------------------------- writing wheels


def write_zip(path, files, record_name=None):
    """Write *files* (archive name -> bytes, in that order) as the zip at *path*, the same
    byte for byte every time, with the wheel RECORD *record_name* (each file's sha256 and
    size) written last, if given. Stand-alone on purpose (standard library only, imported
    inside, no annotations): its source is also the head of the compile script that runs
    under the browser's Python (_COMPILE_SCRIPT, see precompile)."""
    import base64, csv, hashlib, io, zipfile  # noqa: E401 (see the docstring)

    files = dict(files)
    if record_name is not None:
        record = io.StringIO()
        writer = csv.writer(record, lineterminator="\n")
        for name, data in files.items():
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            writer.writerow([name, "sha256=" + digest, str(len(data))])
        writer.writerow([record_name, "", ""])
        files[record_name] = record.getvalue().encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files.items():
            entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            z.writestr(entry, data)


def write_wheel(folder: Path, name: str, version: str, files: dict[str, bytes],
                requires: list[str] = (), summary: str = "") -> Path:
    """A pure-Python wheel holding *files* (archive name -> bytes), reproducible byte for byte."""
    dist = re.sub(r"[-_.]+", "_", name)
    info = f"{dist}-{version}.dist-info"
    meta = [f"Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}"]
    if summary:
        meta.append(f"Summary: {summary}")
    meta += [f"Requires-Dist: {r}" for r in requires]
    content = dict(sorted(files.items()))
    content[f"{info}/METADATA"] = ("\n".join(meta) + "\n").encode()
    content[f"{info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: burgle-publish\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    path = folder / f"{dist}-{version}-py3-none-any.whl"
    write_zip(path, content, f"{info}/RECORD")
    return path


def trim_wheel(path: Path, pattern: str, add: dict[str, str] | None = None) -> int:
    """Drop the files whose path inside the wheel matches *pattern*, and write the files of
    *add* (path -> text); RECORD is rewritten. The number of bytes the wheel lost."""
    rule = re.compile(pattern)
    before = path.stat().st_size
    with zipfile.ZipFile(path) as z:
        entries = [(i.filename, z.read(i)) for i in z.infolist() if not i.is_dir()]
    if not add and not any(rule.search(name) for name, _ in entries):
        return 0
    files = {name: data for name, data in entries if not rule.search(name)}
    files.update({name: text.encode() for name, text in (add or {}).items()})
    _rewrite(path, files)
    return before - path.stat().st_size


def _rewrite(path: Path, files: dict[str, bytes]) -> None:
    """Write *files* as the wheel at *path*, with a RECORD that matches them."""
    record_name = next(n for n in files if n.endswith(".dist-info/RECORD") and n.count("/") == 1)
    write_zip(path, {n: d for n, d in files.items() if n != record_name}, record_name)


def stub_wheel(folder: Path, name: str, version: str) -> Path:
    """A wheel with metadata only: installing it succeeds, importing it raises ImportError."""
    return write_wheel(folder, name, version, {},
                       summary="Empty stand-in for the static site (burgle publish): nothing to import")


def shim_wheel(folder: Path, name: str, version: str) -> Path:
    """A wheel of the package :mod:`burgle.publish.shims`.<name>, installed in the browser
    as top-level ``name`` (its modules as they are; precompiled later like every wheel)."""
    root = resources.files("burgle.publish.shims") / name
    files = {f"{name}/{child.name}": child.read_bytes() for child in sorted(root.iterdir(), key=lambda c: c.name)
             if child.name.endswith(".py")}
    if not files:
        raise ValueError(f"no shim named {name!r} in burgle/publish/shims/")
    # as for burgle's wheel: a hash of the contents in the version, so the name changes with them
    digest = hashlib.sha256(b"".join(n.encode() + b"\0" + d for n, d in sorted(files.items()))).hexdigest()
    return write_wheel(folder, name, f"{version}.{digest[:12]}", files,
                       summary=f"burgle publish's stand-in for {name} (see burgle/publish/shims/)")


def burgle_wheel(folder: Path) -> Path:
    """burgle as the browser runs it, from the installed package (editable or not): every
    module and data file the pages use, and its requirements minus :data:`NOT_IN_BROWSER`."""
    root = resources.files("burgle")
    files: dict[str, bytes] = {}

    def walk(node, prefix: str) -> None:
        for child in sorted(node.iterdir(), key=lambda c: c.name):
            arcname = f"{prefix}/{child.name}"
            if child.is_dir():
                if not _SKIP_IN_WHEEL.search(arcname + "/"):
                    walk(child, arcname)
            elif not _SKIP_IN_WHEEL.search(arcname) and not child.name.endswith((".pyc", ".pyo")):
                files[arcname] = child.read_bytes()

    walk(root, "burgle")
    dist = metadata.distribution("burgle")
    requires = []
    for text in dist.requires or []:
        req = Requirement(text)
        in_web_extra = req.marker is not None and req.marker.evaluate({"extra": "web"})
        if (req.marker is None or in_web_extra) and canonicalize_name(req.name) not in NOT_IN_BROWSER:
            req.marker = None
            requires.append(str(req))
    # The version carries a hash of the contents, so the file name changes whenever the
    # contents do and hosts may cache every wheel forever (burgle.publish.hosting).
    digest = hashlib.sha256(b"".join(n.encode() + b"\0" + d for n, d in sorted(files.items()))).hexdigest()
    return write_wheel(folder, "burgle", f"{dist.version}+{digest[:12]}", files, requires,
                       summary="burgle for the static site (pages only)")


# ----------------------------------------------------------------------------- bytecode

#: Run by the browser's Python version (3.13) outside the browser: rewrites each zip given
#: on the command line (wheels, and the standard library's zip) with the modules named in
#: the file ``argv[1]`` (paths inside the zip, one a line; ``*`` for all) replaced by their
#: ``.pyc`` (sourceless, as Pyodide ships its own packages), so the page imports them
#: without compiling; the other modules stay source (smaller, compiled only if imported).
#: Entries whose path matches the regular expression ``argv[2]`` are left out; ``argv[3]``
#: is the optimisation level (0, or 2: no docstrings or asserts, ``python -OO``). A zip's
#: RECORD, if it has one, is rewritten to match (by write_zip, whose source goes first).
_COMPILE_SCRIPT = r"""
import importlib.util, marshal, re, sys, zipfile
wanted = open(sys.argv[1], encoding="utf-8").read().split()
everything = "*" in wanted
wanted = set(wanted)
drop = re.compile(sys.argv[2]) if sys.argv[2] else None
optimize = int(sys.argv[3])
for path in sys.argv[4:]:
    with zipfile.ZipFile(path) as z:
        entries = [(i, z.read(i)) for i in z.infolist() if not i.is_dir()]
    out, record_name = {}, None
    for info, data in entries:
        name = info.filename
        if drop is not None and drop.search(name):
            continue
        if name.endswith(".dist-info/RECORD"):
            record_name = name
            continue
        if (name.endswith(".py") and ".dist-info/" not in name and ".data/" not in name
                and (everything or name in wanted)):
            try:
                code = compile(data, name, "exec", dont_inherit=True, optimize=optimize)
            except SyntaxError:
                out[name] = data
                continue
            out[name + "c"] = importlib.util.MAGIC_NUMBER + b"\0\0\0\0" + b"\0" * 8 + marshal.dumps(code)
        else:
            out[name] = data
    write_zip(path, out, record_name)
"""


def hot_modules() -> list[str]:
    """The modules the pages import while they start (paths inside the standard library's
    zip or site-packages), as measured by ``python -m burgle.publish.probe``: these ship
    as bytecode, the rest as source."""
    text = resources.files("burgle.publish").joinpath("hot-modules.txt").read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]


def bytecode_python() -> str | None:
    """A Python of the browser's version (3.13) to precompile wheels with, if one is installed:
    ``$BURGLE_PUBLISH_PYTHON`` (``none``: do not precompile), ``python3.13`` on PATH, or pyenv's."""
    import shutil
    import subprocess

    import os

    chosen = os.environ.get("BURGLE_PUBLISH_PYTHON")
    if chosen == "none":  # ship sources (benchmarks compare the two)
        return None
    candidates = [chosen, shutil.which(f"python{PYODIDE_PYTHON}"),
                  *sorted(map(str, Path.home().glob(f".pyenv/versions/{PYODIDE_PYTHON}*/bin/python{PYODIDE_PYTHON}")))]
    for exe in filter(None, candidates):
        try:
            out = subprocess.run([exe, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                                 capture_output=True, text=True, timeout=60).stdout.strip()
        except (OSError, subprocess.TimeoutExpired):
            continue
        if out == PYODIDE_PYTHON:
            return exe
    return None


def precompile(zips: list[Path], python: str | None, modules: list[str] | None = None, drop: str = "",
               optimize: int = 0) -> None:
    """Rewrite each zip (a wheel or the standard library) with *modules* (paths inside it;
    None: all) as bytecode compiled by *python* (3.13), the other modules left as source,
    and without the entries matching the regular expression *drop*; *optimize* as for
    :func:`compile` (2 drops docstrings and asserts). With *python* None nothing is
    compiled, but *drop* still applies."""
    import subprocess
    import sys
    import tempfile

    if not zips:
        return
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as listing:
        listing.write("\n".join(["*"] if modules is None else modules) + "\n" if python else "\n")
    try:
        script = inspect.getsource(write_zip) + _COMPILE_SCRIPT
        subprocess.run([python or sys.executable, "-I", "-c", script, listing.name, drop, str(optimize),
                        *map(str, zips)],
                       check=True, capture_output=True, text=True)
    finally:
        Path(listing.name).unlink()
