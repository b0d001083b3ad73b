"""mypy passes on the engine, the rules data and the geometry (issue 11, section 8); the
configuration is pyproject.toml's [tool.mypy]. Rule functions type their ``g`` as the rules
context (burgle.engine.context.Rules)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api", reason="mypy is in the test extra: pip install -e '.[test]'")
ROOT = Path(__file__).resolve().parents[1]


def test_mypy_passes_on_engine_data_and_geometry():
    cwd = os.getcwd()
    os.chdir(ROOT)  # mypy reads [tool.mypy] from the project's pyproject.toml
    try:
        out, err, status = api.run(["--no-incremental", "--config-file", str(ROOT / "pyproject.toml")])
    finally:
        os.chdir(cwd)
    assert status == 0, out + err
