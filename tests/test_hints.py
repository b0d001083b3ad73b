"""Hints: the end-turn risk and the suggested move, from the players' view (issue 13)."""

from __future__ import annotations

import json

import pytest

from burgle.bots import HeuristicBot, Seat, determinize, new_game
from burgle.bots.hints import HintError, end_turn_risk, hint_text, suggest
from burgle.cli import main
from burgle.engine import Game


def _midgame(seed=7, actions=30):
    game = new_game(seed, 2)
    bot = HeuristicBot(seed)
    seat = Seat(game)
    for _ in range(actions):
        game.apply(bot.choose(seat))
    while game.pending is not None:
        game.apply(bot.choose(seat))
    return game


def test_standing_where_the_guard_walks_is_certain_to_cost_stealth():
    # The guard walks 1D4 -> 1C4 -> 1B4 (speed 2, die on 1B4): Hawk on 1C4 is seen for sure.
    # 3 actions spent: no Event to change his walk (TURN-4).
    game = Game.from_scenario({
        "seed": 3, "spent": 3,
        "characters": [{"character": "hawk", "cell": "1C4"}],
        "tiles": {"1C4": "foyer 1 revealed"},
        "guards": [{"floor": 1, "cell": "1D4", "die": "1B4", "speed": 2}],
    }, paths=False)
    risk = end_turn_risk(game, samples=40, seed=1)
    assert risk.stealth == 1.0 and risk.capture == 0.0 and risk.exact
    assert "exact" in risk.text()
    # ... and with no Stealth left, that sighting is capture
    game2 = Game.from_scenario({
        "seed": 3, "spent": 3,
        "characters": [{"character": "hawk", "cell": "1C4", "stealth": 0}],
        "tiles": {"1C4": "foyer 1 revealed"},
        "guards": [{"floor": 1, "cell": "1D4", "die": "1B4", "speed": 2}],
    }, paths=False)
    assert end_turn_risk(game2, samples=40, seed=1).capture == 1.0


def test_the_risk_depends_only_on_the_view():
    game = _midgame()
    twin = determinize(game, 12345)
    a = end_turn_risk(game, samples=60, seed=4)
    b = end_turn_risk(twin, samples=60, seed=4)
    assert a == b
    assert game.to_dict() == _midgame().to_dict()  # the hint changed nothing


def test_a_risk_has_its_samples_and_a_wilson_interval():
    risk = end_turn_risk(_midgame(), samples=80, seed=2)
    assert risk.samples == 80
    for p, (lo, hi) in ((risk.stealth, risk.stealth_ci), (risk.capture, risk.capture_ci)):
        assert 0.0 <= lo <= p <= hi <= 1.0
    assert "80 samples" in risk.text() and "95 % CI" in risk.text()


def test_the_suggestion_is_the_bots_move_with_three_risks_at_most():
    game = _midgame()
    tip = suggest(game, samples=20, seed=0)
    assert tip.action in game.legal_actions() and tip.reason
    assert 1 <= len(tip.alternatives) <= 3 and tip.alternatives[0][0] == tip.action
    assert len({a for a, _ in tip.alternatives}) == len(tip.alternatives)


def test_no_hint_on_a_finished_game_or_an_open_choice():
    game = new_game(1, 2)
    with pytest.raises(HintError, match="entrance is not chosen"):
        end_turn_risk(game)
    bot, seat = HeuristicBot(1), Seat(game)
    while not game.is_over:
        game.apply(bot.choose(seat))
    with pytest.raises(HintError, match="the game is over"):
        hint_text(game)
    # an open choice: a Laser revealed by a move, for seat 0
    laser = Game.from_scenario({
        "seed": 2,
        "characters": [{"character": "hawk", "cell": "1A1"}, {"character": "rook", "cell": "1A1"}],
        "tiles": {"1A1": "foyer 1 revealed", "1A2": "laser 1"},
        "guards": [{"floor": 1, "cell": "1D4", "die": "1D3"}],
    }, paths=False)
    laser.apply("move 1A2")
    assert laser.pending is not None
    with pytest.raises(HintError, match="choice is pending for seat 0"):
        suggest(laser)


def test_burgle_hint_prints_both_hints(tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_midgame().save()))
    assert main(["hint", str(path), "--samples", "50"]) == 0
    out = capsys.readouterr().out
    assert "ends the turn here" in out and "50 samples" in out and "Suggested move:" in out


def test_burgle_hint_refuses_a_finished_game(tmp_path, capsys):
    game = new_game(1, 2)
    bot, seat = HeuristicBot(1), Seat(game)
    while not game.is_over:
        game.apply(bot.choose(seat))
    path = tmp_path / "over.json"
    path.write_text(json.dumps(game.save()))
    assert main(["hint", str(path)]) == 2
    assert "the game is over" in capsys.readouterr().err


def test_the_sandbox_hints_panel_answers_for_the_game_on_the_page():
    from burgle.web.sandbox.app import SandboxApp

    app = SandboxApp(seed=4)
    panel = app.hints
    assert "entrance is not chosen" in panel.show_risk()  # before the entrance: the hint's message
    app.act(str(app.model.game.legal_actions()[0]))
    panel.risk_button.click()
    assert "If you end your turn here" in panel.answer.value and "samples" in panel.answer.value
    panel.suggest_button.click()
    assert "Suggested:" in panel.answer.value and "<li>" in panel.answer.value
