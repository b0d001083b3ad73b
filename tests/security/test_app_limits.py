"""The apps' side of the limits (no server): saves are data only and refused by size,
typed text is refused by size and never echoed in full, a request over its CPU time is cut
off with a message, and the kernel guard drops what a page never sends (issue 15)."""

from __future__ import annotations

import json
import time
import types

import pytest

from burgle.engine.game import Game
from burgle.web.security import kernel as public_kernel
from burgle.web.security.limits import MAX_SAVE_CHARS, MAX_TEXT_CHARS, RequestCutOff, request_time_limit


def _spin(seconds: float) -> None:
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


# ------------------------------------------------------------------ finding 4: saves are data
def _save_naming(path) -> str:
    doc = Game.new(3, characters=["raven"]).save()
    doc["origin"] = {"scenario": str(path)}
    doc.pop("state")
    return json.dumps(doc)


def test_the_sandbox_never_reads_a_server_file_named_in_a_save(tmp_path):
    from burgle.web.sandbox import SandboxApp

    secret = tmp_path / "settings.json"
    secret.write_text(json.dumps({"format": "burgle-scenario", "version": 1, "seed": 77, "api_key": "hunter2"}))
    app = SandboxApp(seed=7)
    state = app.model.game.to_dict()
    answers = []
    for path in (secret, tmp_path / "absent.json"):
        for load in (lambda text: app.load(text), lambda text: app.load(text.encode())):  # text box, file
            assert load(_save_naming(path)) is False
            answers.append(app.message.value)
    assert len(set(answers)) == 1, answers  # the same whether the file exists or not
    assert "origin.scenario" in answers[0]
    assert "hunter2" not in answers[0] and "77" not in answers[0] and "api_key" not in answers[0]
    assert app.model.game.to_dict() == state and app.errors == []


def test_a_save_over_the_limit_is_refused_by_its_size_unread(monkeypatch):
    from burgle.web.sandbox import SandboxApp
    from burgle.web.sandbox import model as sandbox_model

    app = SandboxApp(seed=7)
    state = app.model.game.to_dict()
    monkeypatch.setattr(Game, "load", classmethod(lambda cls, *a, **k: pytest.fail("a too-big save was parsed")))
    huge = '{"format": "burgle-save", "pad": "' + "x" * MAX_SAVE_CHARS + '"}'
    assert app.load(huge) is False
    assert f"at most {MAX_SAVE_CHARS:,} characters" in app.message.value and "Nothing was read" in app.message.value
    assert app.load(huge.encode()) is False
    assert app.model.game.to_dict() == state and app.errors == []
    assert sandbox_model.Sandbox  # the model module is the one the app uses


# ------------------------------------------------------------------ finding 7: no huge echo
def test_the_explorer_refuses_a_huge_command_without_echoing_it():
    from burgle.web.explorer import ExplorerApp

    app = ExplorerApp()
    setup = app.model.setup
    typed = "guard " + "Q" * 9_000_000
    app.command.value = typed
    assert f"at most {MAX_TEXT_CHARS:,} characters" in app.message.value
    assert len(app.message.value) < 1000 and "QQQQ" not in app.message.value
    app.walls_text.value = "A1|B1, " * 100_000
    assert "at most" in app.message.value and len(app.message.value) < 1000
    app.command.value = "zap " + "Z" * 300  # unknown command, under the limit: quoted short
    assert "Unknown command" in app.message.value and "Z" * 100 not in app.message.value
    assert app.model.setup == setup and app.errors == []


# ------------------------------------------------------------------ time limit
def test_request_time_limit_cuts_off_a_long_computation():
    start = time.process_time()
    with pytest.raises(RequestCutOff, match="cut off"):
        with request_time_limit(0.3):
            _spin(5)
    assert time.process_time() - start < 2  # stopped at its limit, not after the 5 s of CPU


def test_a_cut_off_click_shows_a_message_and_the_page_goes_on(monkeypatch):
    from burgle.web.tutor import TutorApp

    app = TutorApp()
    monkeypatch.setattr(app.lookup, "search", lambda query, limit=12: _spin(5))
    with request_time_limit(0.3):  # what the kernel wraps every page request in
        app.search.value = "guard"
    assert "cut off" in app.feedback.value and app.errors == []
    monkeypatch.undo()
    app.search.value = "GUARD-9"
    assert app.hit_buttons and app.errors == []


# ------------------------------------------------------------------ finding 2: the kernel guard
class _FakeKernel:
    def __init__(self):
        self.calls = []
        self.comm_manager = types.SimpleNamespace(comms={})
        self.shell_handlers = {t: (lambda stream, ident, msg, t=t: self.calls.append((t, msg))) for t in
                               ("comm_open", "comm_msg", "comm_close", "execute_request")}


def _open(target):
    return {"content": {"comm_id": "c1", "target_name": target, "data": {}}}


def test_the_kernel_guard_opens_only_the_widget_control_comm():
    k = _FakeKernel()
    public_kernel.guard_comm_handlers(k)
    k.shell_handlers["comm_open"](None, [], _open("jupyter.widget"))  # a widget made by the page: dropped
    k.shell_handlers["comm_open"](None, [], _open("jupyter.widget.control"))
    assert [t for t, _ in k.calls] == ["comm_open"] and k.calls[0][1]["content"]["target_name"] == "jupyter.widget.control"
    k.comm_manager.comms = {i: types.SimpleNamespace(primary=False) for i in range(public_kernel.MAX_PAGE_COMMS)}
    k.shell_handlers["comm_open"](None, [], _open("jupyter.widget.control"))  # too many open: dropped
    assert len(k.calls) == 1


def test_the_kernel_guard_cuts_off_slow_requests_and_ends_the_kernel_on_memory():
    k = _FakeKernel()
    ended = []
    k.shell_handlers["comm_msg"] = lambda *a: _spin(5)
    k.shell_handlers["comm_close"] = lambda *a: (_ for _ in ()).throw(MemoryError())
    public_kernel.guard_comm_handlers(k, seconds=0.3, on_out_of_memory=lambda: ended.append(True))
    start = time.process_time()
    k.shell_handlers["comm_msg"](None, [], {"content": {}})  # cut off and dropped, the kernel goes on
    assert time.process_time() - start < 2 and not ended
    k.shell_handlers["comm_close"](None, [], {"content": {}})
    assert ended == [True]
    assert k.shell_handlers["execute_request"].__name__ == "<lambda>"  # only comm handlers are wrapped
