"""``burgle simulate`` and ``burgle.analysis.simulate`` (random legal playouts)."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from burgle.analysis.simulate import SimulationSummary, loss_cause, play_random_game, simulate
from burgle.cli import main

TIMING = ("elapsed", "actions per second", "games per second")


def untimed(text: str) -> list[str]:
    return [line for line in text.splitlines() if not line.startswith(TIMING)]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_counts_add_up():
    s = simulate(12, seed=3)
    assert isinstance(s, SimulationSummary)
    assert s.games == 12 == len(s.actions_per_game)
    assert s.wins + s.losses + s.unfinished == s.games
    assert s.losses == sum(s.loss_causes.values())
    assert s.total_actions == sum(s.actions_per_game)
    assert sum(s.player_counts.values()) == s.games
    assert set(s.player_counts) <= {1, 2, 3, 4}
    assert s.max_actions_played <= s.max_actions


def test_cut_off_games_are_unfinished():
    s = simulate(4, seed=5, max_actions=3)
    assert s.unfinished == 4 and s.wins == 0 and s.losses == 0
    assert s.actions_per_game == (3, 3, 3, 3)


def test_fixed_players_and_sides():
    s = simulate(3, seed=2, players=3, sides="advanced")
    assert s.player_counts == {3: 3}
    game, _ = play_random_game(2, players=3, sides="advanced", max_actions=1)
    assert [c.side for c in game.s.characters] == ["advanced"] * 3
    game, _ = play_random_game(2, players=4, sides="random", max_actions=1)
    assert {c.side for c in game.s.characters} <= {"basic", "advanced"}


def test_game_i_uses_seed_s_plus_i():
    """Game i of a run with seed S is the same game as game 0 of a run with seed S+i."""
    s = simulate(3, seed=10)
    t = simulate(1, seed=12)
    assert s.actions_per_game[2] == t.actions_per_game[0]


def test_loss_cause():
    assert loss_cause("Hawk was captured on 2B3") == "capture"
    assert loss_cause("Juicer fell into 3D4") == "someone fell into a cell"


def test_same_seed_same_output(capsys):
    a = run(capsys, "simulate", "--games", "8", "--seed", "4")
    b = run(capsys, "simulate", "--games", "8", "--seed", "4")
    assert a[0] == b[0] == 0 and a[2] == b[2] == ""
    assert untimed(a[1]) == untimed(b[1])
    assert len(a[1].splitlines()) - len(untimed(a[1])) == 3  # exactly the timing lines differ


def test_different_seed_different_output(capsys):
    a = run(capsys, "simulate", "--games", "10", "--seed", "1")[1]
    b = run(capsys, "simulate", "--games", "10", "--seed", "2")[1]
    assert untimed(a) != untimed(b)
    # per-game action counts: a seed change (almost certainly) changes some game
    assert simulate(10, 1).actions_per_game != simulate(10, 2).actions_per_game


@pytest.mark.parametrize("argv, needle", [
    (["--games", "-1"], "--games"),
    (["--players", "0"], "--players"),
    (["--players", "5"], "--players"),
    (["--games", "many"], "--games"),
    (["--max-actions", "0"], "--max-actions"),
    (["--sides", "both"], "--sides"),
])
def test_bad_input_exits_2_with_one_line(capsys, argv, needle):
    code, out, err = run(capsys, "simulate", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("burgle simulate: ") and needle in err


@pytest.mark.parametrize("kwargs", [dict(games=-1), dict(games=1, players=0), dict(games=1, players=5),
                                    dict(games=1, sides="mixed"), dict(games=1, max_actions=0)])
def test_simulate_rejects_bad_input(kwargs):
    with pytest.raises(ValueError):
        simulate(seed=0, **kwargs)


def test_zero_games():
    s = simulate(0, seed=0)
    assert (s.games, s.wins, s.losses, s.unfinished, s.total_actions) == (0, 0, 0, 0, 0)
    assert "games" in str(s)


def test_subprocess():
    proc = subprocess.run([sys.executable, "-m", "burgle", "simulate", "--games", "5", "--seed", "1"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    rows = dict(re.split(r"\s{2,}", line.strip(), maxsplit=1) for line in proc.stdout.splitlines())
    assert rows["games"] == "5"
    assert int(rows["wins"]) + int(rows["losses"]) + int(rows["unfinished"].split()[0]) == 5
    for label in ("actions per game", "total actions", *TIMING):
        assert label in rows
    assert float(rows["actions per second"].replace(",", "")) > 0
