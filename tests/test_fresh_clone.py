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


@pytest.fixture(scope="module")
def clone(tmp_path_factory) -> Path:
    if not (ROOT / ".git").exists():
        pytest.skip(f"{ROOT} is not a git checkout (an unpacked sdist): nothing to clone")
    if shutil.which("git") is None:
        pytest.fail("git is needed to clone the repository: apt-get install git")
    empty = tmp_path_factory.mktemp("fresh")
    assert list(empty.iterdir()) == []
    target = empty / "burgle"
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(target)],
                   check=True, capture_output=True, text=True)
    return target


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
    ignore = [f"--ignore={p}" for p in NOT_IN_CLONE]
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-m", "not browser", "-p", "no:cacheprovider",
         "-x", *ignore],
        cwd=clone, env=clone_env(clone), capture_output=True, text=True, timeout=900,
    )
    tail = "\n".join(proc.stdout.splitlines()[-30:])
    assert proc.returncode == 0, f"the tests failed in a fresh clone ({clone}):\n{tail}\n{proc.stderr[-2000:]}"
    assert " passed" in tail and " failed" not in tail, tail
