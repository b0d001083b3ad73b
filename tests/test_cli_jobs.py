"""``burgle simulate`` and ``burgle draw`` with ``--job`` and ``--walls`` (JOB-1, JOB-3, JOB-5):
good input plays or draws that building; bad input is one clear line and changes nothing."""

from __future__ import annotations

import json
import re

import pytest

from burgle.cli import main
from burgle.engine.game import Game

SEVEN = "A1|B1, C1/C2, C2|D2, A2/A3, B2/B3, D3/D4, A4|B4"
NINE = SEVEN + ", B4|C4, C3|D3"
BORDER = SEVEN + ", D4|E4"
CUT = "A1|B1, A1/A2, C1/C2, C2|D2, B2/B3, D3/D4, A4|B4, B4|C4"

# (options, words the one-line error must contain)
BAD = [
    (["--walls", "703h e0607 81ll0"], "has 4 characters; a floor's code has 5"),
    (["--walls", "703h10 e0607 81ll0"], "has 6 characters"),
    (["--walls", "703h1 e0z07 81ll0"], "'z' is not a base-32 digit 0-9 or a-v"),
    (["--walls", f"{SEVEN}; e0607; 81ll0"], "floor 1: 7 walls; a layout has exactly 8 walls per floor"),
    (["--walls", f"{NINE}; e0607; 81ll0"], "floor 1: 9 walls"),
    (["--walls", f"{BORDER}; e0607; 81ll0"], "'D4|E4' is on the outer border"),
    (["--walls", f"{CUT}; e0607; 81ll0"], "cut off A1 from the other 15 cells"),
    (["--walls", "703h1 e0607"], "gives 2 floor code(s), but the building has 3 floors"),
    (["--job", "office", "--walls", "703h1 e0607 81ll0"], "gives 3 floor code(s), but the building has 2"),
    (["--job", "casino"], "unknown job 'casino'; the jobs are bank (The Bank Job), office (The Office Job)"),
    (["--walls", "random", "--walls", "e0607", "--walls", "81ll0"], "--walls random stands alone"),
]


def run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("options, words", BAD)
def test_simulate_refuses_bad_jobs_and_walls(options, words, capsys):
    code, out, err = run(["simulate", "--games", "2", *options], capsys)
    assert code == 2 and out == ""  # nothing played, nothing printed
    assert err.startswith("burgle simulate: ") and err.count("\n") == 1
    assert words in err, err


@pytest.mark.parametrize("options, words", BAD)
def test_draw_refuses_bad_jobs_and_walls_and_writes_nothing(options, words, capsys, tmp_path):
    out_file = tmp_path / "b.svg"
    code, out, err = run(["draw", *options, "-o", str(out_file)], capsys)
    assert code == 2 and not out_file.exists()
    assert err.startswith("burgle draw: ") and words in err, err


def _rows(out: str) -> dict[str, str]:
    return dict(re.split(r"\s{2,}", line.strip(), maxsplit=1) for line in out.splitlines() if line.strip())


def test_simulate_office_random_walls_is_deterministic(capsys):
    argv = ["simulate", "--games", "3", "--seed", "4", "--players", "2", "--job", "office", "--walls", "random"]
    _, first, _ = run(argv, capsys)
    _, again, _ = run(argv, capsys)
    rows = _rows(first)
    assert rows["job"] == "office" and rows["walls"] == "random"
    strip = ("elapsed", "actions per second", "games per second")
    assert [ln for ln in first.splitlines() if not ln.startswith(strip)] == \
        [ln for ln in again.splitlines() if not ln.startswith(strip)]


def test_simulate_with_a_code_plays_that_building(capsys):
    code, out, _ = run(["simulate", "--games", "1", "--players", "1", "--job", "office", "--walls", "703h1 E0607"], capsys)
    assert code == 0 and _rows(out)["walls"] == "703h1 e0607"


def test_simulate_bot_plays_the_office_job(capsys):
    code, out, _ = run(["simulate", "--games", "1", "--bot", "random", "--job", "office", "--max-actions", "50"], capsys)
    assert code == 0 and "job office, walls printed" in out


def test_draw_a_new_office_building(capsys, tmp_path):
    out_file = tmp_path / "office.svg"
    code, out, _ = run(["draw", "--job", "office", "--walls", "random", "--seed", "3", "-o", str(out_file),
                        "--describe"], capsys)
    assert code == 0 and out_file.exists()
    game = Game.new(3, characters=["hawk"], job="office", walls="random")
    assert "Floor 2:" in out and "Floor 3:" not in out
    first_wall = game.view()["walls"]["1"].split(",")[0].strip()
    assert first_wall in out


def test_draw_office_has_no_floor3(capsys, tmp_path):
    code, _, err = run(["draw", "--job", "office", "--floor", "3", "-o", str(tmp_path / "x.svg")], capsys)
    assert code == 2 and "floor 3 does not exist; The Office Job has floors 1, 2" in err


def test_draw_file_with_walls_is_refused(capsys, tmp_path):
    save = tmp_path / "g.json"
    save.write_text(json.dumps(Game.new(1, characters=["hawk"]).save()))
    code, _, err = run(["draw", str(save), "--walls", "random", "-o", str(tmp_path / "x.svg")], capsys)
    assert code == 2 and "names its own job and walls" in err
    assert not (tmp_path / "x.svg").exists()
