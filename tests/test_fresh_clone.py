"""The repository stands alone: a clone with nothing beside it passes its own tests (issue 9).

The test clones the committed repository (``git clone`` of this checkout's HEAD) into an
empty temporary folder, so no ``../shared``, no ``.venv`` and no untracked file comes
along, and runs the non-browser tests there. To stay lean it reuses this interpreter and
its installed dependencies, with the clone first on ``PYTHONPATH``: the clone's own
``burgle`` package (checked below) is the one under test, its data read through its own
symlinks (``burgle/data/spec``, ``burgle/lessons/tutorials``, ``burgle/web/notebooks``).

What it proves is about committed files: a change not yet committed is not in the clone.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: Tests that must not run inside the clone: this one (it would recurse) and the packaging
#: test (it builds and installs a wheel: run once, from the real checkout).
NOT_IN_CLONE = ("tests/test_fresh_clone.py", "tests/test_packaging.py")


def clone_env(clone: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "COV_"))}
    env["PYTHONPATH"] = str(clone)  # before site-packages, so before the editable install
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def make_clone(empty: Path) -> Path:
    """``git clone`` of this checkout into the empty folder *empty*."""
    assert list(empty.iterdir()) == []
    target = empty / "burgle"
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(target)],
                   check=True, capture_output=True, text=True)
    return target


def inner_run() -> list[str]:
    """The clone's own non-browser tests, as a command run in the clone."""
    return [sys.executable, "-m", "pytest", "-q", "-m", "not browser", "-p", "no:cacheprovider", "-x",
            *(f"--ignore={p}" for p in NOT_IN_CLONE)]


#: The clone and its test run, started when the session has collected this module's test
#: together with the browser tests (tests/browser/conftest.py calls :func:`start_early`):
#: the run then goes on beside them, which mostly wait on Chromium and the kernels, instead
#: of adding its ~3 minutes after them. Empty when nothing started it (the test then clones
#: and runs in its turn).
EARLY: dict = {}


def start_early() -> None:
    if EARLY or not (ROOT / ".git").exists() or shutil.which("git") is None:
        return  # the tests say why, in their turn
    empty = Path(tempfile.mkdtemp(prefix="burgle-fresh-"))
    logs = Path(tempfile.mkdtemp(prefix="burgle-fresh-logs-"))  # not beside the clone: it must stand alone
    clone = make_clone(empty)
    out, err = open(logs / "stdout", "w+"), open(logs / "stderr", "w+")
    proc = subprocess.Popen(inner_run(), cwd=clone, env=clone_env(clone), stdout=out, stderr=err, text=True)
    EARLY.update(clone=clone, proc=proc, out=out, err=err, dirs=(empty, logs))


def stop_early() -> None:
    """End of the session: stop the early run if its test never waited for it, and tidy up."""
    if not EARLY:
        return
    if EARLY["proc"].poll() is None:
        EARLY["proc"].kill()
        EARLY["proc"].wait()
    EARLY["out"].close()
    EARLY["err"].close()
    for folder in EARLY["dirs"]:
        shutil.rmtree(folder, ignore_errors=True)
    EARLY.clear()


@pytest.fixture(scope="module")
def clone(tmp_path_factory) -> Path:
    if not (ROOT / ".git").exists():
        pytest.skip(f"{ROOT} is not a git checkout (an unpacked sdist): nothing to clone")
    if shutil.which("git") is None:
        pytest.fail("git is needed to clone the repository: apt-get install git")
    if EARLY:
        return EARLY["clone"]
    return make_clone(tmp_path_factory.mktemp("fresh"))


def test_the_clone_has_nothing_beside_it_and_imports_its_own_package(clone):
    assert [p.name for p in clone.parent.iterdir()] == ["burgle"]
    assert not (clone.parent / "shared").exists() and not (clone / ".venv").exists()
    out = subprocess.run(
        [sys.executable, "-c", "import burgle, burgle.data.rules as r, burgle.lessons.model as m;"
         "print(burgle.__file__); print(r.spec_path()); print(m.lessons_dir())"],
        cwd=clone, env=clone_env(clone), capture_output=True, text=True, check=True,
    ).stdout.split()
    package, spec, lessons = (Path(p).resolve() for p in out)
    for path in (package, spec, lessons):
        assert clone.resolve() in path.parents, f"{path} is not read from the clone {clone}"
    assert spec.is_file() and len(list(lessons.glob("*.toml"))) >= 1


def test_the_non_browser_tests_pass_in_the_clone(clone):
    if EARLY:  # started at collection: wait for it
        proc = EARLY["proc"]
        proc.wait(timeout=1500)
        EARLY["out"].seek(0)
        EARLY["err"].seek(0)
        returncode, stdout, stderr = proc.returncode, EARLY["out"].read(), EARLY["err"].read()
    else:
        done = subprocess.run(inner_run(), cwd=clone, env=clone_env(clone), capture_output=True, text=True,
                              timeout=900)
        returncode, stdout, stderr = done.returncode, done.stdout, done.stderr
    tail = "\n".join(stdout.splitlines()[-30:])
    assert returncode == 0, f"the tests failed in a fresh clone ({clone}):\n{tail}\n{stderr[-2000:]}"
    assert " passed" in tail and " failed" not in tail, tail
