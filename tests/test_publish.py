"""``burgle publish``: what the build refuses, what it leaves behind when it fails, and the
parts it is made of (issue 9 §3). The whole build, served and clicked in Chromium, is
``tests/browser/test_static_site.py``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from packaging.utils import canonicalize_name

from burgle.publish import site, versions
from burgle.publish.site import PublishError, build_site
from burgle.publish.wheels import (burgle_wheel, hot_modules, precompile, read_wheel, shim_wheel, stub_wheel,
                                   write_wheel)

ROOT = Path(__file__).resolve().parents[1]


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


# ----------------------------------------------------------------------------- versions


def test_the_publish_extra_pins_exactly_the_build_tools_of_the_version_table():
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["publish"]
    pinned = dict(r.split("==") for r in extra if "==" in r)
    assert pinned == versions.BUILD_TOOLS


def test_every_preloaded_package_is_in_the_distribution():
    names = (set(versions.BROWSER_WHEELS) | set(versions.STUBS) | set(versions.KERNEL_SHIMS) | set(versions.SHIMS)
             | {"burgle"})
    assert {canonicalize_name(p) for p in versions.PRELOAD} <= {canonicalize_name(n) for n in names}
    # the kernel's worker skips its own slow install of a package only for these exact names
    assert {"micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython"} \
        <= set(versions.PRELOAD)
    assert not set(versions.STUBS) & set(versions.BROWSER_WHEELS)


# ----------------------------------------------------------------------------- refusals


def test_a_non_empty_outdir_is_refused_without_force_and_left_alone(tmp_path):
    out = tmp_path / "site"
    out.mkdir()
    (out / "keep.txt").write_text("mine")
    with pytest.raises(PublishError, match="not empty.*--force"):
        build_site(out, log=lambda _: None)
    assert [p.name for p in out.iterdir()] == ["keep.txt"] and (out / "keep.txt").read_text() == "mine"
    assert leftovers(tmp_path) == []


def test_a_missing_npm_is_named_with_how_to_install_it_and_nothing_is_written(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path / "empty-bin"))
    out = tmp_path / "site"
    with pytest.raises(PublishError) as err:
        build_site(out, log=lambda _: None)
    assert "npm" in str(err.value) and "apt-get install" in str(err.value)
    assert not out.exists() and leftovers(tmp_path) == []


def test_the_cli_reports_a_refusal_with_status_2(tmp_path, capsys):
    from burgle.cli import main

    (tmp_path / "x").write_text("")
    assert main(["publish", str(tmp_path)]) == 2
    assert "not empty" in capsys.readouterr().err


def fake_build(monkeypatch, fail_at: str | None = None):
    """Replace the slow steps (downloads, voici) by ones that write a tiny site."""

    def assemble(dest, cache, log):
        dest.mkdir(parents=True)
        (dest / "pyodide-lock.json").write_text("{}")
        return ["burgle"]

    def voici(lite, contents, out, log):
        if fail_at == "voici":
            raise PublishError("voici build failed (exit 1): simulated")
        (out / "voici" / "render").mkdir(parents=True)
        for nb in contents.glob("*.ipynb"):
            (out / "voici" / "render" / f"{nb.stem}.html").write_text("<html></html>")

    monkeypatch.setattr(site, "missing_tools", lambda: [])
    monkeypatch.setattr(site, "assemble_pyodide", assemble)
    monkeypatch.setattr(site, "voici_build", voici)
    monkeypatch.setattr(site, "serve_font_awesome", lambda s, w, log: 0)


def test_a_failed_build_leaves_the_old_site_as_it_was(tmp_path, monkeypatch):
    fake_build(monkeypatch, fail_at="voici")
    out = tmp_path / "site"
    out.mkdir()
    (out / "old.html").write_text("old")
    with pytest.raises(PublishError, match="simulated"):
        build_site(out, force=True, log=lambda _: None)
    assert [p.name for p in out.iterdir()] == ["old.html"]
    assert leftovers(tmp_path) == []


def test_force_replaces_the_old_site_whole(tmp_path, monkeypatch):
    fake_build(monkeypatch)
    out = tmp_path / "site"
    out.mkdir()
    (out / "old.html").write_text("old")
    build_site(out, force=True, log=lambda _: None)
    assert not (out / "old.html").exists()
    assert sorted(p.name for p in (out / "voici" / "render").iterdir()) == ["explorer.html", "sandbox.html",
                                                                          "tutor.html"]
    assert "voici/render/tutor.html" in (out / "index.html").read_text()
    assert leftovers(tmp_path) == []


# ----------------------------------------------------------------------------- parts


def test_published_notebooks_drop_test_only_cells_and_load_the_browser_glue():
    for name in site.NOTEBOOKS:
        nb = site.published_notebook(name)
        assert nb["cells"][0]["source"] == site.FIRST_CELL
        assert all("test-only" not in c.get("metadata", {}).get("tags", []) for c in nb["cells"])
        assert all(c.get("outputs", []) == [] for c in nb["cells"])
        assert any("display()" in "".join(c["source"]) for c in nb["cells"][1:])
    assert "BurgleHome" in "".join(site.published_notebook("tutor")["cells"][1]["source"])


def test_the_kernel_is_told_to_preload_and_never_to_ask_pypi(tmp_path):
    site.write_lite_dir(tmp_path, tmp_path / "contents", ["burgle", "ipython", "micropip", "piplite"])
    config = json.loads((tmp_path / "jupyter-lite.json").read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"][site.KERNEL_SETTINGS]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["loadPyodideOptions"]["packages"] == ["micropip", "piplite", "ipython", "burgle"]
    assert sorted(p.name for p in (tmp_path / "contents").iterdir()) == ["explorer.ipynb", "sandbox.ipynb",
                                                                        "tutor.ipynb"]


def test_a_stub_wheel_installs_nothing_importable(tmp_path):
    info = read_wheel(stub_wheel(tmp_path, "sqlite3", "1.0.0"))
    assert (info.name, info.version, info.imports, info.depends) == ("sqlite3", "1.0.0", (), ())
    with zipfile.ZipFile(tmp_path / info.file_name) as z:
        assert all(".dist-info/" in n for n in z.namelist())


def test_requirements_are_read_as_the_browser_sees_them(tmp_path):
    wheel = write_wheel(tmp_path, "demo", "1.0", {"demo/__init__.py": b""}, requires=[
        "plain>=1", "pexpect; sys_platform != 'emscripten'", "onlyweb; sys_platform == 'emscripten'",
        "old; python_version < '3.12'", "doc; extra == 'doc'", "matplotlib"])
    info = read_wheel(wheel, drop=frozenset({"matplotlib"}))
    assert info.imports == ("demo",) and info.depends == ("plain", "onlyweb")


def test_wheels_are_written_byte_for_byte_the_same(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir(), b.mkdir()
    files = {"x/__init__.py": b"print(1)\n", "x/data.txt": b"data"}
    assert write_wheel(a, "x", "1", files).read_bytes() == write_wheel(b, "x", "1", files).read_bytes()


@pytest.fixture(scope="module")
def browser_wheel(tmp_path_factory) -> Path:
    return burgle_wheel(tmp_path_factory.mktemp("wheel"))


def test_burgles_browser_wheel_has_the_pages_data_but_not_the_server(browser_wheel):
    names = set(zipfile.ZipFile(browser_wheel).namelist())
    lessons = {f"burgle/lessons/tutorials/{p.name}" for p in (ROOT / "tutorials").glob("*.toml")}
    assert lessons <= names and "burgle/data/spec/RULES.md" in names
    assert "burgle/web/tutor/app.py" in names and "burgle/publish/browser.py" in names
    assert not any(n.startswith(("burgle/cli/", "burgle/web/notebooks/")) for n in names)
    assert "burgle/web/tutor/voila_fix.py" not in names and "burgle/publish/site.py" not in names
    info = read_wheel(browser_wheel, drop=versions.NOT_IN_BROWSER)
    assert "matplotlib" not in info.depends and {"ipywidgets", "anywidget", "networkx"} <= set(info.depends)


def test_every_module_the_browser_gets_imports_without_matplotlib(browser_wheel, tmp_path):
    """matplotlib has no browser build: no module of the browser wheel may import it at
    module level (the pages draw SVG; matplotlib stays for PNG/PDF, imported when asked)."""
    with zipfile.ZipFile(browser_wheel) as z:
        z.extractall(tmp_path)
        modules = sorted(n[:-3].replace("/", ".").removesuffix(".__init__") for n in z.namelist()
                         if n.endswith(".py"))
    code = ("import sys, importlib\n"
            "sys.modules['matplotlib'] = None  # any import of it raises ImportError\n"
            f"for m in {modules!r}:\n"
            "    importlib.import_module(m)\n"
            "print(len(sys.modules))\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env={"PYTHONPATH": str(tmp_path)},
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]


def test_the_three_pages_build_without_the_packages_loaded_on_demand(browser_wheel):
    """networkx is in the site but not in burgle's lock entry (versions.ON_DEMAND): the
    pages must build and draw without it, or the browser would fail on the first page."""
    blocked = sorted(versions.ON_DEMAND | versions.NOT_IN_BROWSER)
    code = ("import sys\n"
            f"for name in {blocked!r}:\n"
            "    sys.modules[name] = None  # any import of it raises ImportError\n"
            "from burgle.web.home import BurgleHome\n"
            "home = BurgleHome()\n"
            "home.open('explorer'); home.open('sandbox')\n"
            "for app in home.apps.values():\n"
            "    assert '<svg' in app.picture.value or app is home.tutor, type(app)\n"
            "home.tutor.open_lesson('01-first-steps')\n"
            "assert '<svg' in home.tutor.picture.value\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    info = read_wheel(browser_wheel, drop=versions.NOT_IN_BROWSER | versions.ON_DEMAND)
    assert not set(info.depends) & versions.ON_DEMAND and {"ipywidgets", "anywidget"} <= set(info.depends)


def run_apart(coroutine):
    """Run ``coroutine`` to its end on a fresh event loop in its own thread: the browser
    tests' session-wide Playwright (sync API) keeps a loop running in this thread, where
    ``asyncio.run`` refuses to start."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def test_the_piplite_stand_in_loads_only_what_the_site_carries(tmp_path, monkeypatch):
    """The kernel imports ``piplite.piplite`` at start and sets two of its names; the
    stand-in loads from the site's lock and names what it refuses."""
    import types

    wheel = shim_wheel(tmp_path, "piplite", versions.SHIMS["piplite"])
    assert read_wheel(wheel).name == "piplite" and read_wheel(wheel).depends == ()
    with zipfile.ZipFile(wheel) as z:
        z.extractall(tmp_path / "site")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    for name in [m for m in sys.modules if m == "piplite" or m.startswith("piplite.")]:
        monkeypatch.delitem(sys.modules, name)
    loaded = []

    class Lock:
        def to_py(self, depth=-1):
            return {"burgle": {}, "networkx": {}}

    async def load_package(names):
        loaded.append(list(names))

    fake = types.SimpleNamespace(lockfile=types.SimpleNamespace(packages=Lock()), loadPackage=load_package)
    monkeypatch.setitem(sys.modules, "pyodide_js", fake)
    import piplite.cli
    import piplite.piplite

    assert piplite.__file__.startswith(str(tmp_path)) and "micropip" not in sys.modules
    piplite.piplite._PIPLITE_DISABLE_PYPI, piplite.piplite._PIPLITE_URLS = True, ["./all.json"]  # as the kernel does
    run_apart(piplite.install("NetworkX"))
    assert loaded == [["NetworkX"]]
    with pytest.raises(piplite.piplite.PiplitePyPIDisabled, match="does not carry numpy; it carries: burgle"):
        run_apart(piplite.install(["networkx", "numpy"]))
    assert loaded == [["NetworkX"]]
    code = run_apart(piplite.cli.get_transformed_code(["install", "numpy"]))
    with pytest.raises(RuntimeError, match="%pip is not available"):
        exec(code, {})


def test_precompile_turns_the_hot_modules_into_bytecode_and_drops_what_it_is_told(tmp_path):
    """The modules the pages import at start ship as bytecode, the rest as source; dropped
    entries are gone and a wheel's RECORD matches what is left."""
    import importlib.util
    import marshal

    wheel = write_wheel(tmp_path, "pkg", "1", {
        "pkg/__init__.py": b'"""Docs."""\nassert True\nVALUE = 1\n',
        "pkg/cold.py": b"COLD = 2\n",
        "pkg/gone.py": b"GONE = 3\n",
        "pkg/data.toml": b"x = 1\n",
    })
    precompile([wheel], sys.executable, ["pkg/__init__.py"], drop=r"^pkg/gone\.py$", optimize=2)
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        code = marshal.loads(z.read("pkg/__init__.pyc")[16:])
        record = z.read("pkg-1.dist-info/RECORD").decode()
    assert {"pkg/__init__.pyc", "pkg/cold.py", "pkg/data.toml"} <= names
    assert not {"pkg/__init__.py", "pkg/gone.py", "pkg/cold.pyc"} & names
    assert sorted(line.split(",")[0] for line in record.splitlines()) == sorted(names)
    namespace: dict = {}
    exec(code, namespace)
    assert namespace["VALUE"] == 1 and namespace.get("__doc__") is None  # -OO: no docstring
    assert "Docs." not in code.co_consts
    assert importlib.util.MAGIC_NUMBER == zipfile.ZipFile(wheel).read("pkg/__init__.pyc")[:4]


def test_no_module_the_pages_import_is_dropped():
    """hot-modules.txt (written by ``python -m burgle.publish.probe``) lists what the pages
    import while they start; none of it may be trimmed away."""
    import re

    hot = hot_modules()
    assert {"burgle/web/home.py", "burgle/web/tutor/app.py", "ipywidgets/__init__.py", "asyncio/__init__.py",
            "encodings/cp437.py", "pyodide_kernel/__init__.py"} <= set(hot)
    patched = {name for files in versions.PATCHES.values() for name in files}  # written after the trim
    for pattern in (versions.STDLIB_DROP, versions.BURGLE_DROP, versions.TRIM):
        assert not [m for m in hot if re.search(pattern, m) and m not in patched], pattern
    assert not [m for m in hot if m.startswith("networkx/")]  # loaded on demand only (versions.ON_DEMAND)


def test_the_browser_glue_does_nothing_outside_the_browser():
    from burgle.publish import browser

    assert browser.install() is None and browser._INSTALLED is False


# ----------------------------------------------------------------------------- hosting


def test_the_headers_file_carries_the_cache_rules_and_a_policy_naming_each_inline_script(tmp_path):
    import base64
    import hashlib

    from burgle.publish import hosting

    inline = "window.burgle = 1;"
    (tmp_path / "voici").mkdir()
    (tmp_path / "voici" / "page.html").write_text(
        f'<script src="a.js"></script><script>{inline}</script><script type="module">\n</script>')
    text = hosting.headers_file(tmp_path)
    assert "/static/pyodide/*.whl\n  Cache-Control: public, max-age=31536000, immutable" in text
    assert "/*\n  Cache-Control: no-cache" in text
    want = "'sha256-" + base64.b64encode(hashlib.sha256(inline.encode()).digest()).decode() + "'"
    assert hosting.inline_script_hashes(tmp_path) == [want]  # the empty one and the src= one: nothing to allow
    headers = hosting.security_headers([want])
    for name, value in headers.items():
        assert f"  {name}: {value}\n" in text
    policy = dict(d.strip().split(" ", 1) for d in headers["Content-Security-Policy"].split(";"))
    # nothing from another origin; no eval and no inline script but the listed one; WebAssembly allowed
    assert all("http" not in v and "*" not in v for v in policy.values())
    assert policy["script-src"] == f"'self' {want} 'wasm-unsafe-eval' blob:"
    assert not {"'unsafe-inline'", "'unsafe-eval'"} & set(policy["script-src"].split())
    assert policy["object-src"] == "'none'" and policy["frame-ancestors"] == "'self'"
    assert policy["default-src"] == "'self'" and policy["connect-src"] == "'self' data: blob:"


def test_the_local_server_sends_the_same_headers_and_gzip(tmp_path):
    import functools
    import gzip
    import http.server
    import threading
    import urllib.request

    from burgle.publish import hosting

    (tmp_path / "static" / "pyodide").mkdir(parents=True)
    (tmp_path / "static" / "pyodide" / "x-1.0-py3-none-any.whl").write_bytes(b"PK wheel")
    (tmp_path / "page.html").write_text("<p>" + "burgle " * 500 + "</p><script>go()</script>")
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(hosting.SiteHandler, directory=str(tmp_path)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        ask = urllib.request.Request(base + "/page.html", headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(ask) as page:
            assert page.headers["Content-Encoding"] == "gzip" and page.headers["Cache-Control"] == "no-cache"
            assert gzip.decompress(page.read()).decode().count("burgle") == 500
            for name, value in hosting.security_headers(hosting.inline_script_hashes(tmp_path)).items():
                assert page.headers[name] == value
        with urllib.request.urlopen(base + "/static/pyodide/x-1.0-py3-none-any.whl") as wheel:
            assert wheel.headers["Cache-Control"] == "public, max-age=31536000, immutable"
            assert wheel.headers["Content-Encoding"] is None and wheel.read() == b"PK wheel"
    finally:
        server.shutdown()
        server.server_close()
