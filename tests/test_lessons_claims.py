"""The lesson checker catches what a careful reader caught (issue 10 §7): dice the engine
never rolled, routes the tie-break does not take, refusals that do not happen, and starting
boards no real game could reach. Each test plants one such error in a real lesson."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

import pytest

from burgle.lessons import LessonError, check_lesson
from burgle.lessons.model import load_all, parse_lesson, start
from burgle.lessons.realism import dealt_problems, problems

TUTORIALS = Path(__file__).parents[1] / "tutorials"


def doc(prefix: str) -> dict:
    path = next(TUTORIALS.glob(f"{prefix}-*.toml"))
    return tomllib.loads(path.read_text())


def step(d: dict, key: str) -> dict:
    return next(s for s in d["steps"] if s["key"] == key)


def fails(d: dict) -> str:
    with pytest.raises(LessonError) as err:
        check_lesson(parse_lesson(copy.deepcopy(d), "planted.toml"))
    return str(err.value)


def test_the_planted_lessons_pass_as_shipped():
    for prefix in ("11", "43", "44", "47", "48"):
        check_lesson(parse_lesson(doc(prefix), "shipped.toml"))


# ---------------------------------------------------------------------------- dice


def test_dice_the_engine_never_rolled_are_caught():
    """Review problem 1: lesson 44 narrated a 1 and a 4 where the engine rolled otherwise."""
    d = doc("44")
    step(d, "roll")["dice"] = ["safe 3B2: 1 4"]
    msg = fails(d)
    assert "step 'roll'" in msg and "'safe 3B2: 1 4'" in msg and "the engine rolled [2, 1]" in msg


def test_a_die_value_in_the_prose_needs_a_dice_claim():
    d = doc("44")
    step(d, "roll")["after"] = step(d, "roll")["after"].replace("You rolled a 2 and a 1", "You rolled a 1 and a 4")
    msg = fails(d)
    assert "states a die value 4" in msg and "step 'roll'" in msg


def test_what_a_guard_die_shows_is_a_checked_claim_on_read_only_steps_too():
    d = doc("11")
    step(d, "intro")["dice"] = ["guard 1: 3"]
    assert "the floor-1 die shows 4" in fails(d)
    d = doc("43")
    step(d, "away")["after"] = step(d, "away")["after"].replace("with 2 steps for his die", "with 1 step for his die")
    assert "states a die value 1" in fails(d)


def test_pet_and_stethoscope_rolls_are_claims():
    d = doc("48")
    step(d, "end")["dice"] = ["chihuahua: 5", "kitty: 2", "guard 1: 4"]
    assert "'chihuahua: 5'" in fails(d)
    d = doc("44")
    step(d, "stethoscope")["dice"] = ["stethoscope 3B2: 6 4"]
    assert "the engine rolled [2, 6]" in fails(d)


def test_malformed_dice_claims_are_refused_at_load():
    d = doc("44")
    step(d, "roll")["dice"] = ["safe: 2 1"]
    with pytest.raises(LessonError, match="a 'dice' claim is one of"):
        parse_lesson(d, "planted.toml")
    d = doc("11")
    step(d, "intro")["dice"] = ["keypad 1C2: 6"]
    with pytest.raises(LessonError, match="needs an expected action"):
        parse_lesson(d, "planted.toml")


# ---------------------------------------------------------------------------- routes


def test_a_route_the_tie_break_does_not_take_is_caught():
    """Review problem 2: lesson 43 said he would have gone round by 1C1, 1B1 and 1B2."""
    d = doc("43")
    end = step(d, "end")
    end["routes"] = ["printed 1D1>1C2: 1C1 1B1 1B2 1C2"]
    msg = fails(d)
    assert "the guard's route (GUARD-9) is 1D2 1D3 1C3 1C2" in msg


def test_a_route_named_in_the_prose_must_be_a_checked_claim():
    d = doc("43")
    end = step(d, "end")
    end["text"] += " He might go by 1C1, 1B1, 1B2 and 1A2."
    msg = fails(d)
    assert "names the way '1C1, 1B1, 1B2 and 1A2'" in msg and "step 'end'" in msg
    end["routes"].remove("printed 1D1>1C2 tied: 1C1 1B1 1B2 1C2")  # the tied route it names is a claim too
    end["text"] = end["text"].replace(" He might go by 1C1, 1B1, 1B2 and 1A2.", " Or by 1C1, 1B1, 1B2.")
    assert "names the way '1C1, 1B1, 1B2'" in fails(d)


def test_routes_the_guard_only_might_take_are_checked_too():
    """Lesson 11 step 4 predicts his way back; a wrong prediction is caught."""
    d = doc("11")
    ret = step(d, "return")
    ret["text"] = ret["text"].replace("1D3, 1C3, 1C2", "1D1, 1C1, 1B1")
    ret["routes"] = ["1D2>1A2: 1D1 1C1 1B1 1B2 1A2", "walk 1C2: 1C3 1C4"]
    assert "the guard's route (GUARD-9) is 1D3 1C3 1C2 1B2 1A2" in fails(d)


def test_tied_loop_and_walk_claims_are_checked():
    d = doc("11")
    step(d, "intro")["routes"] = ["1A1>1D2 tied: 1A2 1B2 1B1 1C1 1D1 1D2"]
    assert "that is the route the tie-break chooses" in fails(d)
    d = doc("11")
    step(d, "end-one")["routes"] = ["1A1>1D2 loop: 1B2 1C2 1C3 1D3 1D2 1D1 1C1 1B1"]
    assert "the loop of the tie (GUARD-9) is 1B2 1B1 1C1 1D1 1D2 1D3 1C3 1C2" in fails(d)
    d = doc("11")
    step(d, "return")["routes"] = ["1D2>1A2: 1D3 1C3 1C2 1B2 1A2", "walk 1C2: 1D2 1D3"]
    assert "1C2 and 1D2 are not adjacent" in fails(d)


def test_walls_changed_by_dynamite_are_taken_into_account():
    d = doc("43")
    step(d, "end")["routes"] = ["1D1>1C2: 1D2 1D3 1C3 1C2"]  # the wall is gone by then
    assert "the guard's route (GUARD-9) is 1D2 1C2" in fails(d)


def test_traffic_and_moved_wall_claims_are_checked():
    """Lesson 61: heat (gabob's traffic map with the GUARD-9 route) and routes on the layout
    of another code (JOB-5: one wall moved) are checked like any route."""
    check_lesson(parse_lesson(doc("61"), "shipped.toml"))
    d = doc("61")
    step(d, "traffic")["traffic"] = ["1C1: 44"]
    assert "claims the traffic '1C1: 44', but gabob's heat of 1C1 on these walls is 43" in fails(d)
    d = doc("61")
    step(d, "move-a-wall")["traffic"] = ["code 894hk 1B2: 20"]
    assert "gabob's heat of 1B2 on these walls is 47" in fails(d)
    d = doc("61")
    step(d, "move-a-wall")["routes"] = ["1A1>1C2: 1B1 1C1 1C2", "code 894hk 1A1>1C2: 1B1 1C1 1C2"]
    assert "the guard's route (GUARD-9) is 1A2 1B2 1C2" in fails(d)
    d = doc("61")
    step(d, "move-a-wall")["routes"] = ["code 894wk 1A1>1C2: 1A2 1B2 1C2"]
    with pytest.raises(LessonError) as err:
        parse_lesson(d, "planted.toml")
    assert "'w' is not a base-32 digit" in str(err.value)


# ---------------------------------------------------------------------------- refusals


def test_an_action_the_prose_says_is_refused_must_be_refused_with_its_rule():
    d = doc("33")
    step(d, "move")["refused"] = {"climb 2D1": "TILE-6"}
    assert "citing CHAR-2" in fails(d)
    d = doc("30")
    step(d, "clairvoyance")["refused"] = {"clairvoyance": ""}
    assert "claims 'clairvoyance' is refused, but the engine allows it" in fails(d)


# ---------------------------------------------------------------------------- realism


def realism(d: dict) -> list[str]:
    lesson = parse_lesson(d, "planted.toml")
    return problems(lesson.scenario, start(lesson))


def test_a_floor_1_die_showing_1_is_caught():
    d = doc("43")
    d["scenario"]["guards"][0]["speed"] = 1
    msg = fails(d)
    assert "scenario.guards[0].speed" in msg and "starts at 2" in msg and "SETUP-5" in msg


def test_cracked_safes_raise_the_dice_of_their_floor_and_below():
    d = doc("09")
    for g in d["scenario"]["guards"]:
        g["speed"] = {1: 2, 2: 3, 3: 4}[g["floor"]]
    found = realism(d)
    assert any("guards[0].speed" in p and "3 Safes cracked" in p and "at least 5" in p for p in found)


def test_a_revealed_stairs_needs_a_downstairs_token_above():
    d = doc("21")
    del d["scenario"]["tiles"]["3D1"]
    assert any(p.startswith("tiles.3D1") and "ACT-3" in p for p in realism(d))


def test_two_safes_among_the_authored_tiles_of_a_floor_are_caught():
    d = doc("02")
    d["scenario"]["tiles"]["1D4"] = "safe"  # face down, still a second Safe on floor 1
    msg = fails(d)  # the loader refuses it first (issue 11 §6); the lint says the same of a loaded board
    assert "1D4" in msg and "SETUP-2" in msg


def test_tokens_on_a_floor_nobody_reached_are_caught():
    d = doc("24")
    d["scenario"]["guards"] = [g for g in d["scenario"]["guards"] if g["floor"] != 2]
    d["scenario"]["tiles"]["2B1"] = "fingerprint 4 revealed alarm"
    found = realism(d)
    assert any(p.startswith("tiles.2B1") and "GUARD-2" in p for p in found)


def test_a_cracked_safe_needs_its_whole_combination_cracked_and_its_loot_in_play():
    d = doc("44")
    d["scenario"]["tiles"]["1A1"] = "computer_motion 6 revealed"  # no cracked token
    assert any(p.startswith("tiles.1C1") and "not on 1A1" in p for p in realism(d))
    d = doc("44")
    d["scenario"]["characters"][0]["loot"] = ["keycard"]
    assert any("1 Loot cards are in play" in p and "2 cracked Safes" in p for p in realism(d))


def test_nobody_escapes_before_every_safe_is_cracked():
    d = doc("44")
    d["scenario"]["characters"].append({"character": "hawk", "escaped": True})
    assert any("someone has escaped" in p and "ACT-15" in p for p in realism(d))


def test_patrol_cards_are_all_accounted_for():
    d = doc("11")
    d["scenario"]["guards"][0]["removed"] = d["scenario"]["guards"][0]["removed"][:-1]
    assert any("guards[0]" in p and "SETUP-4" in p for p in realism(d))


def test_a_used_tool_cannot_still_be_in_hand():
    d = doc("26")
    d["scenario"]["thermal"] = [["1B2", "2B2"]]  # a link, while the Hawk still holds the bomb
    assert any("thermal bomb was used" in p for p in realism(d))


def test_dealt_floors_keep_one_safe_and_one_stairs():
    bad = {lesson.id: dealt_problems(start(lesson)) for lesson in load_all(TUTORIALS)}
    assert not {k: v for k, v in bad.items() if v}
