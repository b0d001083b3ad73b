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

from burgle.publish import site, versions
from burgle.publish.site import PublishError, build_site
from burgle.publish.wheels import burgle_wheel, read_wheel, stub_wheel, write_wheel

ROOT = Path(__file__).resolve().parents[1]


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


# ----------------------------------------------------------------------------- versions


def test_the_publish_extra_pins_exactly_the_build_tools_of_the_version_table():
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["publish"]
    pinned = dict(r.split("==") for r in extra if "==" in r)
    assert pinned == versions.BUILD_TOOLS


def test_every_preloaded_package_is_in_the_distribution():
    names = set(versions.BROWSER_WHEELS) | set(versions.STUBS) | set(versions.KERNEL_SHIMS) | {"burgle"}
    assert set(versions.PRELOAD) <= names
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


def test_the_browser_glue_does_nothing_outside_the_browser():
    from burgle.publish import browser

    assert browser.install() is None and browser._INSTALLED is False
