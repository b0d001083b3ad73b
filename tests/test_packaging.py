"""A plain install works everywhere (issue 9): the sdist and the wheel carry the lessons, the
served notebooks and the rules specification; a wheel installed in a fresh venv finds every
lesson and serves the tutor page from any directory.

``python -m build`` runs once for the module (sdist, then the wheel built from that sdist,
so the wheel also proves the sdist is complete). The fresh venv gets the wheel alone
(``--no-deps``); its dependencies are reused from this interpreter's site-packages through
a ``.pth`` line, and Voila's templates and the widget manager through ``JUPYTER_PATH``.
That keeps the test to seconds and still honest about what matters: the ``burgle``
package it imports is the installed wheel, not this checkout (asserted below), and it runs
from an empty temporary directory.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import sysconfig
import tarfile
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted(p.name for p in (ROOT / "tutorials").glob("*.toml"))
NOTEBOOKS = ("tutor.ipynb", "explorer.ipynb", "sandbox.ipynb")
SPEC = ("RULES.md", "guard-route-vectors.txt")


def expected_data() -> set[str]:
    """Package data every distribution must carry, as paths inside the package."""
    return ({f"burgle/lessons/tutorials/{n}" for n in LESSONS}
            | {f"burgle/web/notebooks/{n}" for n in NOTEBOOKS}
            | {f"burgle/data/spec/{n}" for n in SPEC})


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("dist")
    proc = subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, f"python -m build failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    wheels, sdists = list(out.glob("*.whl")), list(out.glob("*.tar.gz"))
    assert len(wheels) == 1 and len(sdists) == 1, list(out.iterdir())
    return {"wheel": wheels[0], "sdist": sdists[0]}


def test_the_wheel_carries_lessons_notebooks_and_the_spec(dist):
    with zipfile.ZipFile(dist["wheel"]) as z:
        names = set(z.namelist())
        missing = expected_data() - names
        assert not missing, f"the wheel lacks {sorted(missing)[:5]}"
        first = z.read("burgle/lessons/tutorials/" + LESSONS[0])
    assert first == (ROOT / "tutorials" / LESSONS[0]).read_bytes()
    assert len(LESSONS) >= 50


def test_the_sdist_carries_them_as_plain_files(dist):
    with tarfile.open(dist["sdist"]) as tar:
        top = tar.getnames()[0].split("/")[0]
        members = {m.name.removeprefix(top + "/"): m for m in tar.getmembers()}
    missing = expected_data() - set(members)
    assert not missing, f"the sdist lacks {sorted(missing)[:5]}"
    links = [name for name in expected_data() if not members[name].isfile()]
    assert not links, f"not plain files in the sdist (a symlink would break on unpacking): {links[:5]}"


def test_twine_check_passes(dist):
    proc = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", str(dist["sdist"]),
                           str(dist["wheel"])], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and proc.stdout.count("PASSED") == 2, proc.stdout + proc.stderr


# ----------------------------------------------------------------------------- a fresh venv


@pytest.fixture(scope="module")
def venv(dist, tmp_path_factory) -> Path:
    """A new venv holding only the wheel; dependencies reused from this interpreter."""
    home = tmp_path_factory.mktemp("venv") / "v"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(home)], check=True)
    python = home / "bin" / "python"
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             check=True, capture_output=True, text=True).stdout.strip()
    reused = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    # A path added by a .pth line is not scanned for .pth files itself, so this checkout's
    # editable-install hook (a .pth in that folder) is not loaded in the new venv.
    Path(purelib, "zz_reuse_deps.pth").write_text("\n".join(sorted(reused)) + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
                    "--no-deps", "--no-index", str(dist["wheel"])], check=True, capture_output=True, text=True)
    return home


def venv_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["JUPYTER_PATH"] = str(Path(sys.prefix) / "share" / "jupyter")  # voila templates, widget manager
    return env


def test_the_installed_wheel_is_what_runs_and_finds_every_lesson(venv, tmp_path):
    code = ("import burgle, json; from burgle.lessons import load_all; "
            "from burgle.web.tutor.server import notebook_path; "
            "print(json.dumps([burgle.__file__, [l.id for l in load_all()], str(notebook_path())]))")
    out = subprocess.run([str(venv / "bin" / "python"), "-c", code], cwd=tmp_path, env=venv_env(),
                         capture_output=True, text=True, check=True).stdout
    package, ids, notebook = json.loads(out)
    assert Path(package).is_relative_to(venv) and not Path(package).is_relative_to(ROOT)
    assert Path(notebook).is_relative_to(venv) and Path(notebook).is_file()
    assert sorted(f"{i}.toml" for i in ids) == LESSONS

    check = subprocess.run([str(venv / "bin" / "burgle"), "lessons", "check"], cwd=tmp_path, env=venv_env(),
                           capture_output=True, text=True, timeout=300)
    assert check.returncode == 0, check.stderr[-2000:]
    assert len(re.findall(r"^ok ", check.stdout, re.M)) == len(LESSONS)


def test_the_installed_wheel_serves_the_tutor_page_from_any_directory(venv, tmp_path):
    from burgle.web.tutor.server import free_port

    port = free_port()
    log_path = tmp_path / "tutor.log"
    with open(log_path, "w") as log:
        proc = subprocess.Popen([str(venv / "bin" / "burgle"), "tutor", "--no-browser", "--port", str(port)],
                                cwd=tmp_path, env=venv_env(), stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 90
        while f"Burgle tutor: {url}" not in log_path.read_text():
            assert proc.poll() is None, f"burgle tutor exited {proc.returncode}:\n{log_path.read_text()}"
            assert time.monotonic() < deadline, f"burgle tutor did not start:\n{log_path.read_text()}"
            time.sleep(0.2)
        # Voila runs the notebook in a new kernel before answering: the page holds the
        # app's widget view, and no error output.
        with urllib.request.urlopen(url, timeout=120) as r:
            assert r.status == 200
            page = r.read().decode()
        outputs = [json.loads(m) for m in re.findall(
            r'<script type="application/vnd.voila.cell-output\+json">\s*(.*?)\s*</script>', page, re.S)]
        assert outputs, f"the page shows no cell output:\n{page[-2000:]}"
        assert not [o for o in outputs if o.get("output_type") == "error"], outputs
        assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in outputs)
        kernel = re.search(r'"kernelId": "([0-9a-f-]+)"', page).group(1)
        with urllib.request.urlopen(f"{url}api/kernels/{kernel}", timeout=10) as r:
            info = json.load(r)
        assert info["id"] == kernel and info["execution_state"] in ("idle", "busy")
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
