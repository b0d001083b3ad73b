"""Serving the tutor: ``burgle tutor``, its Voila settings, and the same settings for Binder.

The page itself is tested in a browser (tests/browser/); here: the command line, the
server's flags, start/stop, and that binder/ carries the same configuration.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import tomllib
import urllib.request
from pathlib import Path

import pytest

from burgle.cli import main
from burgle.web.tutor import server
from burgle.web.tutor.server import FIX_CLASS, READY_PATH, SERVER_CONFIG, TutorServer, voila_command

ROOT = Path(__file__).resolve().parents[1]


def test_the_fix_lives_in_the_package_and_the_benchmark_path_reexports_it():
    from burgle.web.tutor.voila_fix import EdgeSafeAsyncKernelClient, EdgeSafeAsyncZMQSocketChannel

    sys.path.insert(0, str(ROOT / "benchmarks" / "voila_repro"))
    try:
        import voila_zmq_fix
    finally:
        sys.path.remove(str(ROOT / "benchmarks" / "voila_repro"))
    assert voila_zmq_fix.EdgeSafeAsyncKernelClient is EdgeSafeAsyncKernelClient
    assert EdgeSafeAsyncKernelClient.shell_channel_class.default_value is EdgeSafeAsyncZMQSocketChannel
    module, _, name = FIX_CLASS.rpartition(".")
    assert getattr(__import__(module, fromlist=[name]), name) is EdgeSafeAsyncKernelClient


def test_voila_command_has_every_setting_the_page_needs():
    cmd = voila_command("/x/tutor.ipynb", 8123)
    assert cmd[:4] == [sys.executable, "-m", "voila", "/x/tutor.ipynb"]
    for flag in (
        "--Voila.ip=127.0.0.1",
        "--port=8123",
        "--Voila.port_retries=0",
        "--no-browser",
        "--strip_sources=True",
        "--ServerKernelManager.client_class=burgle.web.tutor.voila_fix.EdgeSafeAsyncKernelClient",
        "--ServerKernelManager.transport=ipc",
        "--TagRemovePreprocessor.remove_cell_tags=test-only",
        "--TagRemovePreprocessor.enabled=True",
        "--MappingKernelManager.cull_idle_timeout=120",
        "--MappingKernelManager.cull_interval=60",
        "--VoilaExecutor.iopub_timeout=60",
        "--template=burgle",
    ):
        assert flag in cmd, flag
    assert not any(a.startswith("--ip") for a in cmd), "voila ignores --ip; --Voila.ip binds"


def test_the_command_line_and_the_binder_config_say_the_same():
    flags = dict(a[2:].split("=", 1) for a in voila_command("nb.ipynb", 1) if a.startswith("--") and "=" in a)
    for cls, traits in SERVER_CONFIG.items():
        for trait, value in traits.items():
            key = f"{cls}.{trait}"
            given = flags.get(key) or flags.get(trait)
            expected = ",".join(value) if isinstance(value, list) else str(value)
            assert given == expected, (key, given, expected)
    binder = json.loads((ROOT / "binder" / "jupyter_server_config.json").read_text())
    assert binder == SERVER_CONFIG


def test_binder_installs_the_package_with_the_web_extra_on_a_python_it_supports():
    post_build = (ROOT / "binder" / "postBuild").read_text()
    assert re.search(r"pip install .*-e \"?\.\[web\]", post_build)
    assert "binder/jupyter_server_config.json" in post_build and "jupyter --config-dir" in post_build
    assert (ROOT / "binder" / "postBuild").stat().st_mode & 0o111, "postBuild must be executable"
    runtime = (ROOT / "binder" / "runtime.txt").read_text().strip()
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    assert runtime.startswith("python-3.") and int(runtime.split(".")[1]) >= int(requires.split(".")[1])
    reqs = (ROOT / "binder" / "requirements.txt").read_text()
    assert re.search(r"^voila==", reqs, re.M)


def test_the_notebook_is_found_beside_the_package():
    path = server.notebook_path()
    assert path == ROOT / "notebooks" / "tutor.ipynb"
    assert path.is_file()


def test_without_the_web_extra_burgle_tutor_says_how_to_install_it(monkeypatch, capsys):
    monkeypatch.setattr(server, "missing_web_packages", lambda: ["voila"])
    assert main(["tutor", "--no-browser"]) == 2
    err = capsys.readouterr().err
    assert "voila" in err and "pip install -e '.[web]'" in err


def test_burgle_tutor_help_names_its_options(capsys):
    with pytest.raises(SystemExit):
        main(["tutor", "--help"])
    out = capsys.readouterr().out
    assert "--port" in out and "--no-browser" in out


def _start(*args):
    proc = subprocess.Popen([sys.executable, "-m", "burgle", "tutor", "--no-browser", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = proc.stdout.readline()  # "Burgle tutor: http://127.0.0.1:PORT/" once it serves
    return proc, first


def _listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def test_burgle_tutor_serves_on_a_free_port_and_stops_on_ctrl_c():
    proc, first = _start()
    try:
        m = re.fullmatch(r"Burgle tutor: (http://127\.0\.0\.1:(\d+)/)\n", first)
        assert m, (first, proc.stderr.read() if proc.poll() is not None else "")
        url, port = m.group(1), int(m.group(2))
        with urllib.request.urlopen(url.rstrip("/") + READY_PATH, timeout=10) as r:
            assert r.status == 200
    finally:
        proc.send_signal(signal.SIGINT)
        status = proc.wait(30)
    assert status == 0
    deadline = time.monotonic() + 10
    while _listening(port) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _listening(port), "the server went on after Ctrl-C"


def test_a_taken_port_is_an_error_not_another_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        proc, first = _start("--port", str(port))
        status = proc.wait(60)
        err = proc.stderr.read()
    assert status == 2 and first == ""
    assert f"127.0.0.1:{port}" in err


def test_tutor_server_context_manager_starts_and_stops(tmp_path):
    log = open(tmp_path / "voila.log", "w")
    with TutorServer(stdout=log, stderr=subprocess.STDOUT) as srv:
        assert srv.is_ready() and srv.url == f"http://127.0.0.1:{srv.port}/"
        proc = srv.proc
    log.close()
    assert proc.poll() is not None


def test_an_extra_flag_replaces_the_default_of_the_same_name():
    cmd = voila_command("nb.ipynb", 1, extra=["--VoilaExecutor.iopub_timeout=4", "--debug"])
    assert [a for a in cmd if a.startswith("--VoilaExecutor.iopub_timeout")] == ["--VoilaExecutor.iopub_timeout=4"]
    assert cmd[-1] == "--debug"


def test_the_page_template_drops_the_cdn_and_is_found_where_voila_looks():
    """Issue 10: Voila's lab template links Font Awesome from a CDN; the page draws no icon."""
    folder = server.TEMPLATE_ROOT / "voila" / "templates" / server.TEMPLATE
    text = (folder / "index.html.j2").read_text()
    assert "extends 'lab/index.html.j2'" in text and text.count("fontawesome-free") == 2
    assert json.loads((folder / "conf.json").read_text())["base_template"] == "lab"
    env = server.server_env({"JUPYTER_PATH": "/elsewhere"})
    assert env["JUPYTER_PATH"].split(os.pathsep) == [str(server.TEMPLATE_ROOT), "/elsewhere"]
    post_build = (ROOT / "binder" / "postBuild").read_text()
    assert "burgle/web/tutor/voila/templates/burgle" in post_build and "jupyter --data-dir" in post_build
