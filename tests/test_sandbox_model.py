"""The sandbox's model (burgle.web.sandbox.model): a whole game, rewind, redo, save and load."""

from __future__ import annotations

import json
import random

import pytest

from burgle.engine.game import Game
from burgle.web.sandbox.model import Sandbox, SandboxError


def play(sb: Sandbox, n: int, seed: int = 0) -> list[str]:
    """Take up to *n* random legal actions (moves and peeks preferred); return them."""
    rng = random.Random(seed)
    done = []
    for _ in range(n):
        acts = sb.legal()
        if not acts:
            break
        pref = [a for a in acts if a.split()[0] in ("move", "peek")]
        a = rng.choice(pref if pref and sb.game.pending is None and rng.random() < 0.8 else acts)
        sb.act(a)
        done.append(a)
    return done


def test_a_new_game_offers_the_entrance():
    sb = Sandbox(seed=7, characters=["hawk", "peterman"])
    assert [g.label for g in sb.groups()] == ["Entrance"]
    assert len(sb.legal()) == 16 and "chooses the entrance" in sb.status()
    assert [c.name for c in sb.crew()] == ["Hawk", "Peterman"]


def test_actions_are_grouped_and_narrated():
    sb = Sandbox(seed=7, characters=["hawk", "peterman"])
    happened = sb.act("entrance 1B2")
    assert happened[0].startswith("1B2 is revealed")
    labels = [g.label for g in sb.groups()]
    assert labels == ["Move", "Peek", "Hawk's X-Ray", "End"]
    assert sum(len(g.actions) for g in sb.groups()) == len(sb.legal())
    e = sb.log[0]
    assert (e.number, e.who, e.action) == (1, "Hawk", "entrance 1B2") and e.title == "1. Hawk: entrance 1B2"
    assert "Hawk enters the building at 1B2." in e.happened
    assert sb.describe("move 1B1").endswith("(ACT-5)")


def test_choices_the_rules_give_are_a_group_of_their_own():
    """A pending choice (here ALARM-3's tie, or a Laser's 'laser quiet') is offered as buttons."""
    for seed in range(60):
        sb = Sandbox(seed=seed, characters=["hawk", "peterman", "raven"])
        play(sb, 80, seed)
        for _ in range(200):
            if sb.game.pending is not None or sb.game.is_over:
                break
            play(sb, 1, seed + len(sb.game.log))
        if sb.game.pending is not None:
            groups = sb.groups()
            assert len(groups) == 1 and groups[0].label.endswith("chooses")
            assert groups[0].hint.endswith(f"({sb.game.pending.rule})")
            assert list(groups[0].actions) == sb.legal()
            sb.act(groups[0].actions[0])
            return
    pytest.fail("no pending choice met in 60 random games")


def test_laser_quiet_is_offered():
    game = Game.from_scenario("""
[[characters]]
character = "hawk"
cell = "1A1"
[tiles]
1A1 = "foyer 1 revealed"
1A2 = "laser 1 revealed"
[[guards]]
floor = 1
cell = "1D4"
die = "1D3"
""")
    sb = Sandbox.__new__(Sandbox)
    sb._set(game, [], [])
    sb.act("move 1A2")
    assert {"laser quiet", "laser alarm"} <= set(sb.legal())
    assert sb.groups()[0].label == "Hawk chooses"
    sb.act("laser quiet")
    assert sb.game.actions_left == 2


def test_illegal_actions_are_refused_and_change_nothing():
    sb = Sandbox(seed=7)
    before = sb.game.to_dict()
    with pytest.raises(SandboxError, match="illegal action 'move 1B2'"):
        sb.act("move 1B2")
    with pytest.raises(SandboxError, match="not a verb"):
        sb.act("dance")
    assert sb.game.to_dict() == before and sb.log == []


def test_rewind_to_any_point_and_replay():
    sb = Sandbox(seed=3, characters=["raven", "juicer"])
    actions = play(sb, 25, seed=3)
    states = [Game.new(3, characters=["raven", "juicer"]).to_dict()]
    g = Game.new(3, characters=["raven", "juicer"])
    for a in actions:
        g.apply(a)
        states.append(g.to_dict())
    assert sb.game.to_dict() == states[-1] and len(actions) >= 10
    for n in (len(actions) - 3, len(actions) // 2, 0):
        sb.rewind_to(n)
        assert sb.game.to_dict() == states[n] and len(sb.log) == n
    assert sb.redo == actions
    assert sb.timeline()[1].startswith("↷ 1. ")
    sb.go_to(5)
    assert sb.game.to_dict() == states[5] and sb.redo == actions[5:]
    sb.undo()
    assert sb.game.to_dict() == states[4] and sb.redo == actions[4:]
    sb.redo_next()
    assert [str(a) for a in sb.game.log] == actions[:5]
    # another action forgets the replayable ones
    other = next(a for a in sb.legal() if a != actions[5])
    sb.act(other)
    assert sb.redo == []
    with pytest.raises(SandboxError, match="rewind to 0"):
        sb.rewind_to(99)
    with pytest.raises(SandboxError, match="nothing to replay"):
        sb.redo_next()


def test_same_seed_and_actions_reproduce_the_game():
    a = Sandbox(seed=11, characters=["hawk", "rook", "spotter"], sides=["basic", "advanced", "basic"])
    actions = play(a, 60, seed=4)
    b = Sandbox(seed=11, characters=["hawk", "rook", "spotter"], sides=["basic", "advanced", "basic"])
    for x in actions:
        b.act(x)
    assert b.game.to_dict() == a.game.to_dict()
    assert [e.title for e in b.log] == [e.title for e in a.log]


def test_who_acted_is_recorded_for_each_action():
    sb = Sandbox(seed=5, characters=["hawk", "peterman"])
    play(sb, 40, seed=5)
    seats = {e.seat for e in sb.log}
    assert seats <= {0, 1}
    # the same seats after a save and a load (replayed once more)
    again = Sandbox.from_save(sb.save_text())
    assert [e.title for e in again.log] == [e.title for e in sb.log]


def test_save_and_load_round_trip():
    sb = Sandbox(seed=9, characters=["acrobat", "hacker"])
    play(sb, 30, seed=9)
    text = sb.save_text()
    doc = json.loads(text)
    assert doc["format"] == "burgle-save" and doc["version"] == 2
    assert sb.save_name() == f"burgle-seed9-{len(sb.game.log)}-actions.json"
    assert sb.save_data_uri().startswith("data:application/json;base64,")
    other = Sandbox(seed=1)
    note = other.load(text.encode("utf-8"))
    assert other.game.to_dict() == sb.game.to_dict() and "seed 9" in note
    assert other.redo == []


@pytest.mark.parametrize("edit, field", [
    (lambda d: d.update(version=3), "version"),
    (lambda d: d.update(format="something-else"), "format"),
    (lambda d: d["state"]["characters"][0].update(stealth=7), "state.characters[0].stealth"),
    (lambda d: d["actions"].__setitem__(1, "move 4A1"), "actions[1]"),
    (lambda d: d["actions"].append("fly away"), f"actions["),
    (lambda d: d["origin"].update(seed="x"), "seed"),
    (lambda d: d.pop("origin"), "origin"),
])
def test_bad_save_files_are_refused_naming_the_field(edit, field):
    sb = Sandbox(seed=9)
    play(sb, 6, seed=1)
    doc = json.loads(sb.save_text())
    edit(doc)
    target = Sandbox(seed=2)
    play(target, 3, seed=2)
    before = target.game.to_dict()
    with pytest.raises(SandboxError) as info:
        target.load(json.dumps(doc))
    assert field in str(info.value) and "kept" in str(info.value)
    assert target.game.to_dict() == before


@pytest.mark.parametrize("text, match", [
    ("", "empty"),
    ("hello", "not a burgle save"),
    ("{not json", "not valid JSON"),
    (b"\xff\xfe", "not UTF-8"),
])
def test_garbage_is_refused(text, match):
    sb = Sandbox(seed=2)
    with pytest.raises(SandboxError, match=match):
        sb.load(text)


def test_new_game_refusals_keep_the_game():
    sb = Sandbox(seed=2)
    sb.act("entrance 1A1")
    before = sb.game.to_dict()
    for args, match in [((3, ["hawk", "hawk"]), "exists once"), ((3, ["batman"]), "unknown character"),
                        (("abc", ["hawk"]), "whole number"), ((-1, ["hawk"]), "0 to"),
                        ((3, ["hawk"], ["sideways"]), "not 'basic' or 'advanced'"),
                        ((3, ["a", "b", "c", "d", "e"]), "1 to 4")]:
        with pytest.raises(SandboxError, match=match):
            sb.new_game(*args)
        assert sb.game.to_dict() == before


def test_random_characters_are_dealt_by_the_seed():
    a = Sandbox(seed=4, characters=None, players=3)
    b = Sandbox(seed=4, characters=None, players=3)
    assert [c.name for c in a.crew()] == [c.name for c in b.crew()] and len(a.crew()) == 3


def test_picture_and_floors_in_play():
    sb = Sandbox(seed=7)
    assert sb.floors_in_play() == (1,)
    svg = sb.svg()
    assert "<svg" in svg and sb.svg() is svg
    sb.act("entrance 1B2")
    assert sb.svg() is not svg and "Floor 1" in sb.alt_text(1)


def test_a_whole_game_can_be_played_to_its_end():
    sb = Sandbox(seed=21, characters=["hawk"])
    play(sb, 2000, seed=21)
    assert sb.game.is_over and sb.groups() == [] and sb.status().startswith("Game over")


def test_sandbox_starts_office_and_random_wall_games():
    """JOB-1, JOB-3: the sandbox model takes job= and walls= as Game.new does; a bad layout
    is refused and the game on the page is kept."""
    sb = Sandbox(seed=4, characters=["hawk"], job="office", walls="random")
    assert sb.game.s.job == "office" and sb.game.s.floors == 2
    again = Sandbox(seed=4, characters=["hawk"], job="office", walls="random")
    assert again.game.to_dict() == sb.game.to_dict()
    said = sb.new_game(5, ["hawk"], job="office", walls="703h1 e0607")
    assert "The Office Job, walls 703h1 e0607" in said
    before = sb.game.to_dict()
    with pytest.raises(SandboxError) as info:
        sb.new_game(6, ["hawk"], job="office", walls="703h1")
    assert "2 floors" in str(info.value) and sb.game.to_dict() == before
    assert Sandbox.from_save(sb.save_text()).game.to_dict() == before
