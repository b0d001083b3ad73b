"""``burgle draw`` and ``burgle route --draw`` (pictures of saved games, scenarios and
routes; GUARD-9 for the route picture)."""

from __future__ import annotations

from pathlib import Path

import pytest

from burgle.cli import main
from burgle.engine.game import Game
from burgle.engine.saves import dumps

MIDGAME = Path(__file__).parent / "data" / "pictures_midgame.toml"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def save_file(tmp_path):
    game = Game.new(seed=4, characters=["hawk", "raven"])
    game.apply("entrance 1B2")
    for _ in range(6):  # a few legal moves, deterministic
        moves = [a for a in game.legal_actions() if a.verb == "move"] or [game.legal_actions()[0]]
        game.apply(moves[0])
    path = tmp_path / "game.json"
    path.write_text(dumps(game))
    return path


def test_draw_scenario_to_svg(capsys, tmp_path):
    out = tmp_path / "mid.svg"
    assert run(capsys, "draw", MIDGAME, "-o", out) == (0, "", "")
    svg = out.read_text()
    assert svg.startswith("<?xml") and "Floor 1" in svg and "Floor 3" in svg


def test_draw_save_to_png_one_floor(capsys, tmp_path, save_file):
    out = tmp_path / "f1.png"
    code, text, err = run(capsys, "draw", save_file, "--floor", "1", "-o", out, "--describe")
    assert (code, err) == (0, "")
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Floor 1: a 4 by 4 grid" in text and "Floor 2:" not in text


def test_draw_highlight_and_caption(capsys, tmp_path):
    code, text, _ = run(capsys, "draw", MIDGAME, "--floor", "1", "-o", tmp_path / "h.svg",
                        "--highlight", "1B2,1C3", "--caption", "Look here.", "--describe", "--no-legend")
    assert code == 0 and "Highlighted: 1B2, 1C3." in text and "Caption: Look here." in text


def test_scenario_json_is_read_as_a_scenario(capsys, tmp_path):
    src = tmp_path / "s.json"
    src.write_text('{"characters": [{"character": "hawk", "cell": "1A1"}]}')
    assert run(capsys, "draw", src, "-o", tmp_path / "s.svg")[0] == 0


@pytest.mark.parametrize("args, words", [
    (["--floor", "4", "-o", "x.svg"], ["floor 4", "1, 2, 3"]),
    (["-o", "x.gif"], ["'.gif'", ".svg, .png, .pdf"]),
    (["-o", "x"], ["'(none)'", ".svg, .png"]),
    (["--highlight", "1Z9", "-o", "x.svg"], ["1Z9"]),
])
def test_bad_input_is_one_clear_line(capsys, tmp_path, args, words):
    args = [str(tmp_path / a) if a.startswith("x") else a for a in args]
    code, out, err = run(capsys, "draw", MIDGAME, *args)
    assert code == 2 and out == "" and err.startswith("burgle draw: ") and err.count("\n") == 1
    for w in words:
        assert w in err
    assert not list(tmp_path.iterdir())


def test_bad_file(capsys, tmp_path):
    code, _, err = run(capsys, "draw", tmp_path / "nothing.toml", "-o", tmp_path / "x.svg")
    assert code == 2 and "no such file" in err
    other = tmp_path / "game.txt"
    other.write_text("x")
    code, _, err = run(capsys, "draw", other, "-o", tmp_path / "x.svg")
    assert code == 2 and "'.txt'" in err and ".json, .toml" in err


def test_route_draw(capsys, tmp_path):
    out = tmp_path / "r.png"
    code, text, err = run(capsys, "route", "--floor", "1", "A1", "D2", "--draw", out)
    assert (code, text, err) == (0, "A2 B2 B1 C1 D1 D2\n", "")
    assert out.read_bytes()[:4] == b"\x89PNG"
    svg = tmp_path / "open.svg"
    assert run(capsys, "route", "--walls", "", "D3", "A1", "--draw", svg)[0] == 0
    assert "Guard route D3 to A1" in svg.read_text()


def test_route_draw_bad_extension_prints_nothing(capsys, tmp_path):
    code, out, err = run(capsys, "route", "A1", "D2", "--draw", tmp_path / "r.gif")
    assert code == 2 and out == "" and "'.gif'" in err and ".svg, .png" in err


def test_help_lists_draw():
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "burgle", "draw", "-h"], capture_output=True, text=True)
    assert out.returncode == 0 and "OUT.svg|OUT.png" in out.stdout
