"""``burgle route`` (RULES.md GUARD-8, GUARD-9, GUARD-10; cells CONV-2, walls CONV-3,
adjacency CONV-4)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from burgle.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_vector_example_floor_1(capsys):
    """GUARD-10 vector F1 A1>D2 through the command line."""
    assert run(capsys, "route", "--floor", "1", "A1", "D2") == (0, "A2 B2 B1 C1 D1 D2\n", "")


def test_default_floor_is_1_and_floor_prefix_accepted(capsys):
    """CONV-2: START/DEST may carry the floor prefix if it matches; default floor 1."""
    assert run(capsys, "route", "A1", "D2") == (0, "A2 B2 B1 C1 D1 D2\n", "")
    assert run(capsys, "route", "--floor", "1", "1A1", "1d2") == (0, "A2 B2 B1 C1 D1 D2\n", "")
    assert run(capsys, "route", "--floor", "3", "3D4", "C2")[1] == "D3 C3 C4 B4 B3 B2 C2\n"


def test_floor_2_vector(capsys):
    """GUARD-10 vector F2 D4>A1."""
    assert run(capsys, "route", "--floor", "2", "D4", "A1")[1] == "D3 C3 B3 A3 A2 A1\n"


def test_walls_option(capsys):
    """CONV-3 wall spec; GUARD-10 rulebook examples and open A1->D4 (GUARD-9)."""
    assert run(capsys, "route", "--walls", "", "D3", "A1") == (0, "C3 B3 A3 A2 A1\n", "")
    assert run(capsys, "route", "--walls", "", "B3", "C4")[1] == "C3 C4\n"
    assert run(capsys, "route", "--walls", "", "A1", "D4")[1] == "B1 C1 D1 D2 D3 D4\n"
    # A wall between B1 and C1 pushes the guard down a row.
    assert run(capsys, "route", "--walls", "B1|C1", "A1", "D1")[1] == "B1 B2 C2 C1 D1\n"
    assert run(capsys, "route", "--walls", "B1|C1, C1/C2", "A1", "D1")[1] == "B1 B2 C2 D2 D1\n"


def test_same_start_and_dest_prints_empty_line(capsys):
    """GUARD-8: the guard already stands on his destination: he enters no cell."""
    assert run(capsys, "route", "B2", "B2") == (0, "\n", "")
    assert run(capsys, "route", "--explain", "B2", "B2") == (0, "\n", "")


def test_explain(capsys):
    """GUARD-9: --explain adds one line per tie broken, after the route line."""
    code, out, err = run(capsys, "route", "--floor", "1", "--explain", "A1", "D2")
    lines = out.splitlines()
    assert code == 0 and err == ""
    assert lines[0] == "A2 B2 B1 C1 D1 D2"
    assert len(lines) == 2
    assert lines[1].startswith("at B2: shortest routes split: via B1 (chosen")
    assert "via C2" in lines[1] and "clockwise" in lines[1]
    code, out, _ = run(capsys, "route", "--walls", "", "--explain", "A1", "D4")
    assert out.splitlines()[0] == "B1 C1 D1 D2 D3 D4"
    assert [l.split(":")[0] for l in out.splitlines()[1:]] == ["at A1", "at B1", "at C1"]
    # No tie on the way: only the route line.
    assert run(capsys, "route", "--explain", "A1", "A2")[1] == "A2\n"


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["--floor", "1", "Z9", "D2"], "'Z9'"),
        (["--floor", "1", "A1", "E1"], "'E1'"),
        (["--floor", "1", "A1", "A5"], "'A5'"),
        (["--floor", "2", "1A1", "D2"], "'1A1'"),
        (["--walls", "", "2A1", "D2"], "'2A1'"),
        (["--walls", "A1|C1", "A1", "D2"], "'A1|C1'"),
        (["--walls", "A1-B1", "A1", "D2"], "'A1-B1'"),
        (["--walls", "C2/C1", "A1", "D2"], "'C2/C1'"),
        (["--walls", "A1|B1,A1/A2", "A1", "D2"], "cut the floor apart"),
        (["--floor", "4", "A1", "D2"], "'4'"),
        (["--floor", "x", "A1", "D2"], "'x'"),
        (["--floor", "1", "--walls", "", "A1", "D2"], "--floor or --walls"),
    ],
    ids=[
        "unknown-start",
        "unknown-dest-column",
        "unknown-dest-row",
        "floor-mismatch",
        "floor-prefix-with-walls",
        "wall-not-adjacent",
        "wall-bad-separator",
        "wall-lower-first",
        "cut-floor",
        "floor-4",
        "floor-not-a-number",
        "floor-and-walls",
    ],
)
def test_bad_input_exits_2_with_one_line(capsys, argv, needle):
    """CONV-2/CONV-3/CONV-4 bad input: exit 2, one stderr line naming the bad value."""
    code, out, err = run(capsys, "route", *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("burgle route: ")
    assert needle in err


def test_cut_floor_message_names_walls_and_cells(capsys):
    """CONV-4: the message names the walls and the unreachable cells."""
    _, _, err = run(capsys, "route", "--walls", "A1|B1,A1/A2", "A1", "D2")
    assert "'A1|B1,A1/A2'" in err and "B1" in err and "cannot be reached" in err


def test_subprocess_python_m_burgle():
    """GUARD-10 vector F1 A1>D2 via a real process (python -m burgle), and one bad input."""
    ok = subprocess.run(
        [sys.executable, "-m", "burgle", "route", "--floor", "1", "A1", "D2"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (ok.returncode, ok.stdout, ok.stderr) == (0, "A2 B2 B1 C1 D1 D2\n", "")
    bad = subprocess.run(
        [sys.executable, "-m", "burgle", "route", "--floor", "4", "A1", "D2"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.count("\n") == 1 and "'4'" in bad.stderr
