"""Saved games, replay, rewind and the log (burgle/engine/saves.py): a save is the origin
plus the action log, loaded by replay and checked against the stored state."""

from __future__ import annotations

import json
import random

import pytest

from burgle.engine.errors import ScenarioError
from burgle.engine.saves import dumps
from engine_helpers import Game, build, snapshot


def random_game(seed: int, n_actions: int, players: int = 2, pick_seed: int = 0) -> tuple[Game, list[dict]]:
    """A seeded game played by a seeded random policy; also every intermediate state."""
    rng = random.Random(pick_seed)
    game = Game.new(seed, players=players)
    states = [snapshot(game)]
    for _ in range(n_actions):
        if game.is_over:
            break
        legal = game.legal_actions()
        # prefer ending the turn now and then so guards move and Events come
        action = legal[-1] if (game.pending is None and rng.random() < 0.2) else rng.choice(legal)
        game.apply(action)
        states.append(snapshot(game))
    return game, states


@pytest.fixture(scope="module")
def played():
    return random_game(seed=21, n_actions=80, players=3, pick_seed=5)


def test_save_json_load_identical_mid_game(played):
    game, _ = played
    text = dumps(game)
    doc = json.loads(text)
    assert doc["format"] == "burgle-save" and doc["version"] == 2
    assert doc["actions"] == [str(a) for a in game.log]
    loaded = Game.load(text)
    assert loaded.to_dict() == game.to_dict()
    assert loaded.log == game.log and loaded.log_text() == game.log_text()
    assert loaded.legal_actions() == game.legal_actions()


def test_save_with_a_pending_choice_round_trips():
    game = build({"1B2": "safe revealed", "1C2": "deadbolt 1"})
    game.apply("move 1C2")
    assert game.pending is not None
    loaded = Game.load(json.dumps(game.save()))
    assert loaded.to_dict() == game.to_dict()
    assert loaded.pending == game.pending
    loaded.apply("deadbolt pay")
    game.apply("deadbolt pay")
    assert loaded.to_dict() == game.to_dict()


def test_save_pending_choice_in_a_seeded_game():
    for pick in range(40):
        game = Game.new(3, players=2)
        rng = random.Random(pick)
        for _ in range(60):
            if game.is_over or game.pending is not None:
                break
            game.apply(rng.choice(game.legal_actions()))
        if game.pending is not None:
            break
    else:  # pragma: no cover
        pytest.skip("no pending choice reached")
    loaded = Game.load(game.save())
    assert loaded.pending == game.pending and loaded.to_dict() == game.to_dict()


def test_save_to_file_and_load_path(tmp_path, played):
    game, _ = played
    path = tmp_path / "game.json"
    path.write_text(dumps(game), encoding="utf-8")
    assert Game.load(path).to_dict() == game.to_dict()
    assert Game.load(str(path)).to_dict() == game.to_dict()


@pytest.mark.parametrize("n", [0, 1, 2, 7, 30])
def test_rewind_equals_the_game_n_actions_ago(played, n):
    game, states = played
    assert game.rewind(n).to_dict() == states[len(game.log) - n]


def test_rewind_everything_and_bounds(played):
    game, states = played
    assert game.rewind(len(game.log)).to_dict() == states[0]
    with pytest.raises(ValueError):
        game.rewind(len(game.log) + 1)
    with pytest.raises(ValueError):
        game.rewind(-1)


def test_rewind_leaves_the_game_alone(played):
    game, _ = played
    before = snapshot(game)
    game.rewind(3)
    assert game.to_dict() == before


def test_log_text_lists_actions_and_what_happened(played):
    game, _ = played
    text = game.log_text()
    lines = text.splitlines()
    assert lines[0].strip().startswith("1. entrance 1")
    numbered = [ln for ln in lines if not ln.startswith("        ")]
    assert len(numbered) == len(game.log)
    assert all(ln.strip().split(". ", 1)[1] == str(a) for ln, a in zip(numbered, game.log))
    assert "Turn 1: seat 0" in text and "enters the building" in text


def test_scenario_origin_round_trips():
    game = build({"1B2": "safe revealed", "1C2": "computer_laser 5"})
    game.apply("move 1C2")
    loaded = Game.load(game.save())
    assert loaded.to_dict() == game.to_dict() and loaded.origin == game.origin


# ----------------------------------------------------------------------------- bad save files

def good_doc():
    game = Game.new(4, characters=["hawk", "rook"])
    game.apply("entrance 1B2")
    game.apply("move 1A2" if game.is_legal("move 1A2") else str(game.legal_actions()[0]))
    return game.save()


def load_error(doc) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        Game.load(doc)
    assert isinstance(info.value, ValueError)
    return info.value


def test_truncated_json_names_the_line():
    text = json.dumps(good_doc(), indent=1)
    cut = text[: len(text) // 2]
    err = load_error(cut)
    assert err.line is not None and err.line > 1 and f"line {err.line}" in str(err)


def test_truncated_json_file_names_file_and_line(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(good_doc(), indent=1)[:300], encoding="utf-8")
    err = load_error(path)
    assert "broken.json" in str(err) and err.line is not None


def test_not_a_json_object():
    assert load_error("[1, 2, 3]").line == 1


def test_wrong_format_names_the_field():
    doc = good_doc()
    doc["format"] = "chess-pgn"
    assert load_error(doc).field == "format"


def test_wrong_version_names_the_field():
    doc = good_doc()
    doc["version"] = 99
    err = load_error(doc)
    assert err.field == "version" and "99" in str(err)


def test_missing_origin_names_the_field():
    doc = good_doc()
    del doc["origin"]
    assert load_error(doc).field == "origin"


def test_unknown_action_names_its_index():
    doc = good_doc()
    doc["actions"].append("teleport 3D4")
    err = load_error(doc)
    assert err.field == f"actions[{len(doc['actions']) - 1}]" and "teleport" in str(err)


def test_action_illegal_on_replay_names_its_index():
    doc = good_doc()
    doc["actions"][1] = "move 3D4"
    err = load_error(doc)
    assert err.field == "actions[1]" and "ACT-4" in str(err)


def test_actions_must_be_texts():
    doc = good_doc()
    doc["actions"] = [1, 2]
    assert load_error(doc).field == "actions"


def test_state_edited_by_hand_names_the_field_path():
    doc = good_doc()
    doc["state"]["characters"][0]["stealth"] = 9
    err = load_error(doc)
    assert err.field == "state.characters[0].stealth"


def test_state_edited_tile_names_the_field_path():
    doc = good_doc()
    doc["state"]["tiles"]["3D4"]["revealed"] = True
    assert load_error(doc).field == "state.tiles.3D4.revealed"


def test_origin_with_unknown_character():
    doc = good_doc()
    doc["origin"]["characters"] = ["hawk", "batman"]
    err = load_error(doc)
    assert err.field == "origin.characters[1]" and "batman" in str(err)


def test_origin_with_unknown_field():
    doc = good_doc()
    doc["origin"]["difficulty"] = "hard"
    assert load_error(doc).field == "origin"


def test_origin_without_seed():
    doc = good_doc()
    del doc["origin"]["seed"]
    assert load_error(doc).field == "origin.seed"


def test_missing_state_is_replayed_without_check():
    doc = good_doc()
    del doc["state"]
    assert Game.load(doc).log == Game.load(good_doc()).log


# --- data only (paths=False): what the web pages use. Nothing in the document may name a file.

def _save_pointing_at(path) -> str:
    game = Game.new(3, characters=["raven"])
    doc = game.save()
    doc["origin"] = {"scenario": str(path)}
    doc.pop("state")
    return json.dumps(doc)


def test_data_only_load_never_reads_a_file_named_in_origin_scenario(tmp_path, monkeypatch):
    secret = tmp_path / "secret.json"
    secret.write_text('{"format": "burgle-scenario", "version": 1, "seed": 424242, "token": "hunter2"}')
    missing = tmp_path / "missing.json"
    from pathlib import Path

    def no_reading(*_a, **_k):
        raise AssertionError("a data-only load opened a file")

    monkeypatch.setattr(Path, "read_text", no_reading)
    errors = []
    for path in (secret, missing):
        with pytest.raises(ScenarioError) as info:
            Game.load(_save_pointing_at(path), paths=False)
        errors.append(str(info.value))
    # Same answer whether the file exists or not, and nothing of its content.
    assert errors[0] == errors[1]
    assert "origin.scenario" in errors[0] and "424242" not in errors[0] and "hunter2" not in errors[0]


def test_data_only_load_takes_text_as_json_never_as_a_file_name(tmp_path):
    path = tmp_path / "save.json"
    path.write_text(dumps(Game.new(3, characters=["raven"])))
    with pytest.raises(ScenarioError, match="not valid JSON"):
        Game.load(str(path), paths=False)
    with pytest.raises(ScenarioError, match="not from a file name"):
        Game.load(path, paths=False)
    assert Game.load(str(path)).to_dict() == Game.new(3, characters=["raven"]).to_dict()  # the CLI still reads paths


def test_data_only_load_still_loads_saves_of_scenario_games():
    game = Game.from_scenario({"seed": 5, "characters": [{"character": "raven", "cell": "1B2"}]})
    loaded = Game.load(dumps(game), paths=False)
    assert loaded.to_dict() == game.to_dict()
    with pytest.raises(ScenarioError, match="not from a file name"):
        Game.from_scenario(__import__("pathlib").Path("x.toml"), paths=False)
