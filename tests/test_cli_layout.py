"""``burgle layout`` and ``burgle route --job/--walls`` (RULES.md JOB-1..JOB-5, SETUP-3, CONV-3;
issue 12, section 2). Bad input: exit 2, one line on stderr naming the fault, nothing on
stdout."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from burgle.cli import main
from burgle.data.jobs import get_job
from burgle.data.rules import RULES
from burgle.engine.chance import Chance
from burgle.geometry.layouts import encode_building, layout_text, random_building


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_default_prints_the_bank_jobs_walls_and_code(capsys):
    code, out, err = run(capsys, "layout")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "The Bank Job: printed walls (SETUP-3)"
    assert lines[1:4] == [f"floor {f}: {', '.join(w)}" for f, w in enumerate(get_job("bank").walls, 1)]
    for line in lines[1:4]:  # exactly as RULES.md prints them
        assert line.replace("floor", "Floor", 1) in RULES["SETUP-3"].text
    assert lines[4] == "code: 703h1 e0607 81ll0" and len(lines) == 5


def test_office_job(capsys):
    code, out, _ = run(capsys, "layout", "--job", "office")
    assert code == 0 and out.splitlines() == [
        "The Office Job: printed walls (JOB-2)",
        "floor 1: A1|B1, B1|C1, D1/D2, A2|B2, C2|D2, B3|C3, B3/B4, D3/D4",
        "floor 2: D1/D2, A2|B2, B2|C2, C2|D2, A2/A3, A3|B3, B3|C3, D3/D4",
        "code: 190m3 11hu0",
    ]


def test_code_is_decoded_and_written_back(capsys):
    code, out, _ = run(capsys, "layout", "--code", " 190M3   11hu0 ")
    assert code == 0
    assert out.splitlines()[0] == "Layout code 190m3 11hu0 (JOB-5)"
    assert out.splitlines()[1:] == run(capsys, "layout", "--job", "office")[1].splitlines()[1:]


def test_hand_written_walls_are_encoded(capsys):
    office = get_job("office").walls
    code, out, _ = run(capsys, "layout", "--walls", " ".join(office[0]), "--walls", ", ".join(office[1]))
    assert code == 0 and out.splitlines()[-1] == "code: 190m3 11hu0"
    code, out, _ = run(capsys, "layout", "--walls", "B4|C4 A4|B4 D3/D4 B2/B3 A2/A3 C2|D2 C1/C2 B1|C1")
    assert out.splitlines() == ["Hand-written walls (CONV-3)",  # reading order; bits 1, 5, 9-11, 20-22 (JOB-5)
                                "floor 1: B1|C1, C1/C2, C2|D2, A2/A3, B2/B3, D3/D4, A4|B4, B4|C4",
                                "code: 703h2"]


def test_random_buildings_are_seeded_and_pipe_clean(capsys):
    one = run(capsys, "layout", "--random", "--seed", "7")[1].splitlines()
    building = random_building(Chance(7), 3)
    assert one == ["Random walls, seed 7 (JOB-3)"] + [f"floor {f}: {layout_text(w)}" for f, w in
                                                       enumerate(building, 1)] + [f"code: {encode_building(building)}"]
    code, out, err = run(capsys, "layout", "--random", "--seed", "7", "--count", "5")
    lines = out.splitlines()
    assert (code, err, len(lines)) == (0, "", 5)
    assert lines[0] == encode_building(building)  # --count 1 is the same building
    chance = Chance(7)
    assert lines == [encode_building(random_building(chance, 3)) for _ in range(5)]
    assert all(len(line.split()) == 3 and all(len(c) == 5 for c in line.split()) for line in lines)
    office = run(capsys, "layout", "--random", "--seed", "7", "--count", "2", "--job", "office")[1].splitlines()
    assert [len(line.split()) for line in office] == [2, 2]
    single = run(capsys, "layout", "--random", "--seed", "7", "--count", "2", "--floors", "1")[1].splitlines()
    assert single == [encode_building(random_building(Chance(7), 1)), lines[0].split()[1]]


def test_count_output_stops_quietly_when_the_reader_does():
    """'burgle layout --random --seed 1 --count 100000 | head -2': two lines, no error."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    proc = subprocess.run(f"'{sys.executable}' -m burgle layout --random --seed 1 --count 100000 | head -2",
                          shell=True, capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0 and proc.stderr == ""
    assert proc.stdout.splitlines() == [encode_building(b) for b in
                                        (lambda c: [random_building(c, 3), random_building(c, 3)])(Chance(1))]


@pytest.mark.parametrize("argv, needle", [
    (["--code", "703h"], "layout code '703h' has 4 characters; a floor's code has 5"),
    (["--code", "703h1 e060 81ll0"], "floor 2: layout code 'e060' has 4 characters"),
    (["--code", "703h1 e06x7"], "'x' is not a base-32 digit 0-9 or a-v"),
    (["--code", "w03h1"], "'w' is not a base-32 digit"),
    (["--code", "g03h1"], "wall position 24 or beyond"),
    (["--code", "703h1 e0607 81ll0", "--job", "office"], "gives 3 floor code(s), but the building has 2 floors"),
    (["--code", "703h1 e0607 81ll0 190m3"], "4 floor codes; the jobs have at most 3 floors"),
    (["--code", "703h0"], "7 walls; a layout has exactly 8 walls per floor (JOB-3)"),
    (["--walls", "A1|B1, C1/C2, C2|D2, A2/A3, B2/B3, D3/D4, A4|B4, B4|C4, C4|D4"], "9 walls"),
    (["--walls", "A1|B1, C1/C2, C2|D2, A2/A3, B2/B3, D3/D4, A4|B4, D4|E4"], "'D4|E4' is on the outer border"),
    (["--walls", "A1|B1, A1/A2, C1/C2, C2|D2, B2/B3, D3/D4, A4|B4, B4|C4"],
     "these walls cut off A1 from the other 15 cells"),
    (["--walls", "A1|B1", "--job", "office"], "1 --walls given, but The Office Job has 2 floors"),
    (["--job", "fort"], "unknown job 'fort'; the jobs are bank (The Bank Job), office (The Office Job)"),
    (["--random"], "--random needs --seed N"),
    (["--seed", "3"], "--seed goes with --random"),
    (["--count", "3"], "--count goes with --random"),
    (["--random", "--seed", "1", "--count", "0"], "--count 0: give 1 to 1,000,000 buildings"),
    (["--random", "--seed", "1", "--floors", "4"], "--floors 4: a building has 1 to 3 floors"),
    (["--random", "--seed", "1", "--count", "2", "--traffic"], "--count prints codes only"),
    (["--draw", "out.gif"], "unsupported extension '.gif'"),
])
def test_bad_input_exits_2_with_one_line_and_nothing_printed(capsys, argv, needle):
    code, out, err = run(capsys, "layout", *argv)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith("burgle layout: ")
    assert needle in err


def test_options_that_exclude_each_other_are_refused_by_argparse(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["layout", "--code", "703h1", "--random"])
    assert exc.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


def test_traffic_maps_as_text(capsys):
    code, out, _ = run(capsys, "layout", "--code", "703h1", "--traffic")
    lines = out.splitlines()
    assert code == 0
    heat = lines.index("floor 1 (703h1): heat, the routes of the 240 (start, destination) pairs entering each "
                       "cell (GUARD-9 route)")
    assert lines[heat + 1].startswith("  [n]: what gabob.com shows")
    assert lines[heat + 3].split() == ["1", "15", "40", "[33]", "30", "32", "[39]"]
    assert lines[heat + 5].split() == ["3", "43", "91", "154", "56", "[63]"]
    share = lines.index("floor 1: long-run share of the guard's steps under a real patrol, any crew size "
                        "(heat / 816)")
    assert lines[share + 4].split() == ["3", "5.3%", "11.2%", "18.9%", "6.9%"]


def test_draw_writes_the_traffic_picture(capsys, tmp_path):
    out_file = tmp_path / "office.svg"
    code, out, err = run(capsys, "layout", "--job", "office", "--draw", str(out_file))
    assert (code, err) == (0, "") and out.splitlines()[-1] == "code: 190m3 11hu0"
    svg = out_file.read_text()
    assert "Floor 1 · code 190m3" in svg and "gabob 78" in svg and "106 · 13.0%" in svg
    assert "<desc" in svg and "B2 heat 87, 10.7% of his steps" in svg


def test_stats_distribution_and_ranks(capsys):
    code, out, err = run(capsys, "layout", "--stats", "--code", "08m8s")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "All 175,264 valid layouts of a 4x4 floor (8 walls, no cell cut off; JOB-3)"
    table = {line[:20].strip(): line[20:].split() for line in lines if line[:20].strip() in
             ("mean route length", "tied share", "max heat")}
    assert table["mean route length"] == ["3.000", "3.600", "3.867", "4.200", "5.450"]
    assert table["tied share"] == ["6.7%", "11.7%", "11.7%", "20.0%", "41.7%"]
    assert table["max heat"] == ["64", "131", "139", "151", "183"]
    ranks = {line[:16].strip(): line[16:] for line in lines if " floor " in line[:16]}
    assert list(ranks) == ["Bank floor 1", "Bank floor 2", "Bank floor 3", "Office floor 1", "Office floor 2",
                           "Given floor 1"]
    assert ranks["Bank floor 1"].split() == ["3.400", "(7.8)", "10.0%", "(7.7)", "154", "(81.1)"]
    assert lines[-1] == "code: 08m8s"


# ----------------------------------------------------------------------------- burgle route


def test_route_on_the_office_job_and_on_codes(capsys):
    assert run(capsys, "route", "--job", "office", "--floor", "2", "A1", "D4") == (0, "B1 C1 C2 C3 C4 D4\n", "")
    bank3 = run(capsys, "route", "--floor", "3", "D4", "C2")[1]
    assert run(capsys, "route", "--walls", "703h1 e0607 81ll0", "--floor", "3", "D4", "C2")[1] == bank3
    assert run(capsys, "route", "--walls", "81LL0", "D4", "C2")[1] == bank3
    assert run(capsys, "route", "--walls", "703h1", "A1", "D2")[1] == "A2 B2 B1 C1 D1 D2\n"


def test_route_on_random_walls_is_the_layout_commands_floor(capsys):
    floors = random_building(Chance(4), 2)
    from burgle.geometry.routing import route_table
    from burgle.geometry.board import index_name

    expected = " ".join(index_name(i) for i in route_table(floors[1]).route(0, 15)) + "\n"
    assert run(capsys, "route", "--job", "office", "--walls", "random", "--seed", "4", "--floor", "2",
               "A1", "D4")[1] == expected


@pytest.mark.parametrize("argv, needle", [
    (["--job", "office", "--floor", "3", "A1", "B1"], "unknown floor '3': The Office Job has floors 1 to 2"),
    (["--job", "casino", "A1", "B1"], "unknown job 'casino'"),
    (["--walls", "random", "A1", "B1"], "--walls random needs --seed N"),
    (["--seed", "3", "A1", "B1"], "--seed goes with --walls random"),
    (["--walls", "703h1", "--floor", "2", "A1", "B1"], "the code '703h1' has floors 1 to 1"),
    (["--walls", "703x1", "A1", "B1"], "'x' is not a base-32 digit"),
    (["--walls", "00000 11111", "A1", "B1"], "floor 1 (code '00000'): 0 walls"),
])
def test_route_bad_job_and_walls(capsys, argv, needle):
    code, out, err = run(capsys, "route", *argv)
    assert (code, out) == (2, "") and err.startswith("burgle route: ") and err.count("\n") == 1
    assert needle in err
