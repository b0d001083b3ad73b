"""Actions and turn structure against RULES.md ACT-1..15, TURN-1..10, TILE-1..20 (and the DEC
decisions they cite). Floor 1 adjacency on the Bank Job walls (SETUP-3), used throughout:

    A1-A2  B1-C1  B1-B2  C1-D1  D1-D2  A2-B2  B2-C2  C2-C3  D2-D3
    A3-B3  A3-A4  B3-C3  B3-B4  C3-D3  C3-C4  C4-D4
"""

from __future__ import annotations

import pytest

from burgle.engine.actions import Action
from engine_helpers import (
    COMBO, CRACKABLE, QUIET_GUARD, C, N, after_move, assert_refused, build, char, guard, guard_at, kinds, legal_texts,
    of_kind, seed_where, tile,
)

HAWK = {"character": "hawk", "cell": "1B2"}
SAFE = "safe revealed"
FLOOR2 = guard_at("2D4", "2D3")


def hawk_at(cell, **kw):
    return [dict(HAWK, cell=cell, **kw)]


# ----------------------------------------------------------------------------- ACT-1..3 peek

def test_peek_reveals_without_entering_costs_1_ACT_2_ACT_3():
    game = build({"1B2": SAFE, "1C2": "fingerprint 4"})
    hs = game.apply("peek 1C2")
    assert tile(game, "1C2").revealed and char(game).cell == C("1B2")
    assert game.s.spent == 1
    assert kinds(hs) == ["reveal", "peek"]  # reveal effects only: no alarm (ACT-2)
    assert not tile(game, "1C2").alarm


def test_peek_face_up_tile_refused_DEC_42():
    game = build({"1B2": SAFE, "1C2": "fingerprint 4 revealed"})
    assert "peek 1C2" not in legal_texts(game)
    assert_refused(game, "peek 1C2", "DEC-42")


def test_peek_through_a_wall_or_too_far_refused_ACT_2():
    game = build({"1B2": SAFE})
    assert_refused(game, "peek 1B3", "ACT-2")  # B2/B3 wall
    assert_refused(game, "peek 1D4", "ACT-2")
    assert_refused(game, "peek 2B2", "ACT-2")  # not from a Safe


def test_peek_up_from_stairs_places_no_guard_ACT_2_GUARD_2():
    game = build({"1B2": "stairs 4 revealed", "2B2": "fingerprint 5"})
    assert "peek 2B2" in legal_texts(game)
    assert "peek 1B2" not in legal_texts(game)  # its own cell
    hs = game.apply("peek 2B2")
    assert tile(game, "2B2").revealed and not guard(game, 2).placed
    assert "guard_placed" not in kinds(hs)


def test_peek_up_and_down_from_atrium_ACT_2_TILE_1():
    game = build({"2B2": "atrium 3 revealed"}, chars=hawk_at("2B2"),
                 guards=[QUIET_GUARD, FLOOR2])
    legal = legal_texts(game)
    assert {"peek 1B2", "peek 3B2"} <= legal
    game.apply("peek 3B2")
    assert tile(game, "3B2").revealed and not guard(game, 3).placed


def test_peek_revealing_stairs_puts_downstairs_token_above_ACT_3():
    game = build({"1B2": SAFE, "1C2": "stairs 5"})
    game.apply("peek 1C2")
    assert tile(game, "2C2").downstairs and not tile(game, "2C2").revealed


def test_peek_revealing_lavatory_gives_3_stealth_tokens_ACT_3_TILE_13():
    game = build({"1B2": SAFE, "1C2": "lavatory"})
    game.apply("peek 1C2")
    assert tile(game, "1C2").stealth == 3


def test_move_into_face_down_tile_is_a_move_not_a_peek_ACT_2_ACT_5():
    game = build({"1B2": SAFE, "1C2": "computer_laser 5"})
    hs = game.apply("move 1C2")
    assert char(game).cell == C("1C2") and tile(game, "1C2").revealed
    assert "peek" not in kinds(hs) and "move" in kinds(hs)
    assert game.s.spent == 1


# ----------------------------------------------------------------------------- TURN-3 costs

def test_actions_cost_and_allowance_TURN_3_ACT_1():
    game = build({"1B2": SAFE, "1A2": "computer_laser 5", "1A1": "computer_motion 6"})
    for step in ("move 1A2", "move 1B2", "move 1A2", "move 1A1"):
        game.apply(step)
    assert game.s.spent == 4 and game.actions_left == 0
    assert_refused(game, "move 1A2", "TURN-3")
    assert legal_texts(game) >= {"end"}
    assert not any(a.verb in ("move", "peek") for a in game.legal_actions())


def test_free_actions_with_no_actions_left_TURN_3_ACT_13():
    game = build({"1B2": SAFE}, chars=[dict(HAWK, tools=["crowbar"]), {"character": "rook", "cell": "1B2"}],
                 spent=4)
    assert game.actions_left == 0
    assert "give crowbar 1" in legal_texts(game)
    game.apply("give crowbar 1")
    assert char(game, 1).tools == ["crowbar"] and game.s.spent == 4
    game.apply("take crowbar 1")
    assert char(game, 0).tools == ["crowbar"]


# ----------------------------------------------------------------------------- Deadbolt

def test_deadbolt_revealed_by_move_pay_TILE_6_ACT_5():
    game = after_move("1C2", {"1B2": SAFE, "1C2": "deadbolt 1"})
    assert game.pending is not None and game.pending.rule == "TILE-6"
    assert {str(o) for o in game.pending.options} == {"deadbolt pay", "deadbolt stay"}
    assert game.s.spent == 1 and char(game).cell == C("1B2")
    game.apply("deadbolt pay")
    assert char(game).cell == C("1C2") and game.s.spent == 3


def test_deadbolt_revealed_by_move_stay_costs_1_TILE_6():
    game = after_move("1C2", {"1B2": SAFE, "1C2": "deadbolt 1"})
    hs = game.apply("deadbolt stay")
    assert char(game).cell == C("1B2") and game.s.spent == 1
    assert "blocked" in kinds(hs) and tile(game, "1C2").revealed


def test_deadbolt_revealed_without_2_left_stays_automatically_TILE_6():
    game = build({"1B2": SAFE, "1C2": "deadbolt 1"}, spent=2)
    hs = game.apply("move 1C2")
    assert game.pending is None and char(game).cell == C("1B2") and game.s.spent == 3
    assert "blocked" in kinds(hs)


def test_known_empty_deadbolt_costs_3_ACT_7_DEC_44():
    game = after_move("1C2", {"1B2": SAFE, "1C2": "deadbolt 1 revealed"})
    assert game.pending is None and char(game).cell == C("1C2") and game.s.spent == 3


def test_known_empty_deadbolt_needs_3_left_ACT_7_DEC_44():
    game = build({"1B2": SAFE, "1C2": "deadbolt 1 revealed"}, spent=2)
    assert "move 1C2" not in legal_texts(game)
    assert_refused(game, "move 1C2", "ACT-7")


def test_occupied_deadbolt_costs_1_TILE_6():
    game = after_move("1C2", {"1B2": SAFE, "1C2": "deadbolt 1 revealed"},
                      chars=[HAWK, {"character": "rook", "cell": "1C2"}])
    assert game.s.spent == 1 and char(game).cell == C("1C2")


def test_face_down_deadbolt_with_guard_on_it_costs_1_and_sees_TILE_6_END_2():
    game = build({"1B2": SAFE, "1C2": "deadbolt 1"}, guards=[guard_at("1C2", "1C3")])
    hs = game.apply("move 1C2")
    assert game.pending is None and game.s.spent == 1 and char(game).cell == C("1C2")
    assert char(game).stealth == 2 and "stealth_lost" in kinds(hs)


# ----------------------------------------------------------------------------- Keypad

def _keypad_game(seed, extra_chars=()):
    return build({"1B2": SAFE, "1C2": "keypad 4", "1A2": "keypad 5"}, seed=seed,
                 chars=[HAWK, *extra_chars], spent=0)


def _rolls(hs):
    return [h.value for h in hs if h.kind == "keypad_roll"]


def test_keypad_nth_attempt_rolls_n_dice_per_keypad_per_turn_TILE_10_DEC_23():
    def fails3(seed):
        g = _keypad_game(seed)
        for a in ("move 1C2", "move 1C2", "move 1A2"):
            if "blocked" not in kinds(g.apply(a)):
                return False
        return True

    game = _keypad_game(seed_where(fails3))
    r1 = _rolls(game.apply("move 1C2"))
    r2 = _rolls(game.apply("move 1C2"))
    r3 = _rolls(game.apply("move 1A2"))  # another Keypad: its own count
    assert [len(r[0]) for r in (r1, r2, r3)] == [1, 2, 1]
    assert all(6 not in r[0] for r in (r1, r2, r3))
    assert char(game).cell == C("1B2") and game.s.spent == 3  # each failed attempt costs 1
    assert not tile(game, "1C2").keypad_open
    game.apply("end")  # spent 3: no Event; counters reset next turn (TURN-2c)
    r4 = _rolls(game.apply("move 1C2"))
    assert len(r4[0]) == 1


def test_keypad_six_opens_and_then_free_for_everyone_TILE_10():
    def opens_first(seed):
        return "keypad_open" in kinds(_keypad_game(seed).apply("move 1C2"))

    game = _keypad_game(seed_where(opens_first))
    game.apply("move 1C2")
    assert char(game).cell == C("1C2") and tile(game, "1C2").keypad_open
    game.apply("move 1B2")
    hs = game.apply("move 1C2")
    assert _rolls(hs) == [] and char(game).cell == C("1C2")


def test_keypad_roll_needed_even_if_occupied_TILE_10():
    game = build({"1B2": SAFE, "1C2": "keypad 4 revealed"},
                 chars=[HAWK, {"character": "rook", "cell": "1C2"}])
    hs = game.apply("move 1C2")
    assert len(_rolls(hs)) == 1


def test_basic_peterman_rolls_one_more_keypad_die_TILE_10_CHAR_9():
    game = build({"1B2": SAFE, "1C2": "keypad 4 revealed"}, chars=[{"character": "peterman", "cell": "1B2"}])
    hs = game.apply("move 1C2")
    assert len(_rolls(hs)[0]) == 2


# ----------------------------------------------------------------------------- Laser

def test_laser_choice_quiet_costs_2_TILE_12_ACT_5():
    game = after_move("1C2", {"1B2": SAFE, "1C2": "laser 1"})
    assert game.pending.rule == "TILE-12"
    assert {str(o) for o in game.pending.options} == {"laser quiet", "laser alarm"}
    assert char(game).cell == C("1C2")  # the choice is made on entry (ACT-5.7)
    game.apply("laser quiet")
    assert game.s.spent == 2 and not tile(game, "1C2").alarm


def test_laser_choice_alarm_triggers_TILE_12_ALARM_2():
    game = after_move("1C2", {"1B2": SAFE, "1C2": "laser 1"})
    hs = game.apply("laser alarm")
    assert game.s.spent == 1 and tile(game, "1C2").alarm
    assert guard(game, 1).die == C("1C2") and "alarm" in kinds(hs)


def test_laser_with_no_action_left_just_triggers_ACT_5_7():
    game = after_move("1C2", {"1B2": SAFE, "1C2": "laser 1 revealed"}, spent=3)
    assert game.pending is None and tile(game, "1C2").alarm and game.s.spent == 4


def test_laser_never_blocks_ACT_7():
    game = build({"1B2": SAFE, "1C2": "laser 1 revealed"}, spent=3)
    assert "move 1C2" in legal_texts(game)


def test_laser_with_guard_on_it_no_choice_no_extra_ACT_5_7_ALARM_2():
    game = after_move("1C2", {"1B2": SAFE, "1C2": "laser 1 revealed"}, guards=[guard_at("1C2", "1C3")])
    assert game.pending is None and game.s.spent == 1 and not tile(game, "1C2").alarm


def test_laser_already_alarmed_no_choice_DEC_17():
    game = after_move("1C2", {"1B2": SAFE, "1C2": "laser 1 revealed alarm"}, guards=[guard_at("1D4", "1C2")])
    assert game.pending is None and game.s.spent == 1


# ----------------------------------------------------------------------------- Motion

def test_motion_triggers_on_leaving_after_entering_this_turn_TILE_14():
    game = build({"1B2": SAFE, "1C2": "motion 1 revealed"})
    hs = game.apply("move 1C2")
    assert not tile(game, "1C2").alarm and "alarm" not in kinds(hs)
    hs = game.apply("move 1B2")
    assert tile(game, "1C2").alarm
    assert [h.rule for h in of_kind(hs, "alarm")] == ["TILE-14"]
    assert guard(game, 1).die == C("1C2")


def test_motion_start_of_scenario_not_entered_this_turn_TILE_14():
    game = after_move("1C2", {"1B2": "motion 1 revealed", "1C2": SAFE})
    assert not tile(game, "1B2").alarm


def test_motion_entered_on_an_earlier_turn_does_not_trigger_TILE_14_TURN_2():
    game = after_move("1C2", {"1B2": SAFE, "1C2": "motion 1 revealed"}, spent=2)
    game.apply("end")  # spent 3
    game.apply("move 1B2")
    assert not tile(game, "1C2").alarm


def test_motion_failed_move_out_is_not_leaving_TILE_14_ACT_5():
    game = after_move("1C2", {"1B2": SAFE, "1C2": "motion 1 revealed", "1C3": "deadbolt 2"})
    game.apply("move 1C3")
    hs = game.apply("deadbolt stay")
    assert char(game).cell == C("1C2") and not tile(game, "1C2").alarm and "alarm" not in kinds(hs)
    game.apply("move 1B2")  # now it leaves: the mark of this turn still counts
    assert tile(game, "1C2").alarm


def test_motion_walk_down_from_it_counts_as_leaving_DEC_40():
    # leaving by a non-counting arrival still counts (DEC-40): enter the Motion, then leave
    # it by moving onto a face-down Walkway that drops the character below
    game = after_move("2C2", {"2B2": SAFE, "2C2": "motion 2 revealed", "2D2": "walkway 3"}, chars=hawk_at("2B2"),
                      guards=[QUIET_GUARD, guard_at("2A4", "2A3")])
    hs = game.apply("move 2D2")
    assert tile(game, "2C2").alarm and char(game).cell == C("1D2")
    assert "fall" in kinds(hs)


# ----------------------------------------------------------------------------- Stairs

def test_stairs_up_is_a_counting_move_that_places_the_guard_TILE_18_GUARD_2():
    game = build({"1B2": "stairs 4 revealed", "2B2": "safe"})
    assert "move 2B2" in legal_texts(game)
    hs = game.apply("move 2B2")
    gd = guard(game, 2)
    assert char(game).cell == C("2B2") and game.s.spent == 1
    assert gd.placed and len(gd.discard) == 2 and gd.cell == gd.discard[0] and gd.die == gd.discard[1]
    assert kinds(hs).index("guard_placed") < kinds(hs).index("move")


def test_stairs_down_from_cell_above_costs_1_TILE_18():
    game = build({"1B2": "stairs 4 revealed", "2B2": SAFE}, chars=hawk_at("2B2"),
                 guards=[QUIET_GUARD, FLOOR2])
    assert "move 1B2" in legal_texts(game)
    game.apply("move 1B2")
    assert char(game).cell == C("1B2") and game.s.spent == 1


def test_no_stairs_link_without_stairs_ACT_4():
    game = build({"1B2": SAFE, "2B2": SAFE}, chars=hawk_at("2B2"),
                 guards=[QUIET_GUARD, FLOOR2])
    assert_refused(game, "move 1B2", "ACT-4")


def test_stairs_move_up_into_a_deadbolt_is_a_counting_entry_TILE_18_TILE_6():
    game = after_move("2B2", {"1B2": "stairs 4 revealed", "2B2": "deadbolt 1"})
    assert game.pending.rule == "TILE-6"


# ----------------------------------------------------------------------------- Service Duct, Secret Door

def test_service_duct_links_both_revealed_ducts_any_floor_TILE_17():
    game = build({"1B2": "service_duct 5 revealed", "3D4": "service_duct 6 revealed"})
    assert "move 3D4" in legal_texts(game)
    game.apply("move 3D4")
    assert char(game).cell == C("3D4") and game.s.spent == 1 and guard(game, 3).placed
    assert not guard(game, 2).placed


def test_service_duct_needs_both_revealed_TILE_17():
    game = build({"1B2": "service_duct 5 revealed", "3D4": "service_duct 6"})
    assert_refused(game, "move 3D4", "ACT-4")


def test_secret_door_entered_through_its_wall_TILE_16():
    game = build({"1B1": SAFE, "1A1": "secret_door 1 revealed"}, chars=hawk_at("1B1"))
    assert "move 1A1" in legal_texts(game)  # A1|B1 wall
    game.apply("move 1A1")
    assert char(game).cell == C("1A1") and game.s.spent == 1


def test_secret_door_is_one_way_TILE_16():
    game = build({"1B1": "safe", "1A1": "secret_door 1 revealed"}, chars=hawk_at("1A1"))
    assert_refused(game, "move 1B1", "TILE-16")  # the Secret Door's own rule, not only ACT-4
    assert_refused(game, "peek 1B1", "TILE-16")


def test_face_down_secret_door_cannot_be_entered_through_a_wall_DEC_24():
    game = build({"1B1": SAFE, "1A1": "secret_door 1"}, chars=hawk_at("1B1"))
    assert_refused(game, "move 1A1", "ACT-4")


# ----------------------------------------------------------------------------- Walkway

def test_walkway_revealed_by_move_falls_without_stealth_loss_TILE_20_DEC_2():
    game = build({"2A2": SAFE, "2A1": "walkway 1", "1A1": "fingerprint 4"}, chars=hawk_at("2A2"),
                 guards=[guard_at("1A1", "1A2"), FLOOR2])
    hs = game.apply("move 2A1")
    assert char(game).cell == C("1A1") and tile(game, "1A1").revealed and tile(game, "2A1").revealed
    assert char(game).stealth == 3  # landing on the guard costs nothing
    assert not tile(game, "1A1").alarm  # a fall is not entering (no entry effect)
    assert game.s.spent == 1 and "fall" in kinds(hs)


def test_walkway_fall_places_the_guard_below_GUARD_2_TILE_20():
    game = after_move("3A1", {"3A2": SAFE, "3A1": "walkway 1"}, chars=hawk_at("3A2"),
                      guards=[QUIET_GUARD, guard_at("3D4", "3D3")])
    assert char(game).cell == C("2A1") and guard(game, 2).placed


def test_walkway_revealed_otherwise_no_fall_TILE_20():
    game = build({"2A2": SAFE, "2A1": "walkway 1"}, chars=hawk_at("2A2"), guards=[QUIET_GUARD, FLOOR2])
    game.apply("peek 2A1")
    game.apply("move 2A1")
    assert char(game).cell == C("2A1")


def test_walkway_on_floor_1_never_falls_TILE_20():
    game = after_move("1C2", {"1B2": SAFE, "1C2": "walkway 1"})
    assert char(game).cell == C("1C2")


@pytest.mark.parametrize("below, check", [
    ("deadbolt 1 revealed", lambda g: g.s.spent == 1),
    ("keypad 4 revealed", lambda g: tile(g, "1A1").keypad_open is False),
    ("laser 1 revealed", lambda g: g.pending is None and not tile(g, "1A1").alarm and g.s.spent == 1),
    ("fingerprint 4 revealed", lambda g: not tile(g, "1A1").alarm),
    ("laboratory 3 revealed", lambda g: not tile(g, "1A1").looted and char(g).tools == []),
    ("motion 1 revealed", lambda g: char(g).motion_marks == []),
    ("thermo 1", lambda g: tile(g, "1A1").revealed and not tile(g, "1A1").alarm),
])
def test_walk_down_is_non_counting_and_costs_exactly_1_DEC_3_ACT_8_DEC_54(below, check):
    game = build({"2A1": "walkway 1 revealed", "1A1": below}, chars=hawk_at("2A1"),
                 guards=[QUIET_GUARD, FLOOR2], tool_deck=["crowbar"])
    assert "move 1A1" in legal_texts(game)
    hs = game.apply("move 1A1")
    assert char(game).cell == C("1A1") and game.s.spent == 1
    assert "walk_down" in kinds(hs) and not [h for h in hs if h.kind == "keypad_roll"]
    assert check(game)


def test_walk_down_onto_a_guard_costs_stealth_DEC_3():
    game = after_move("1A1", {"2A1": "walkway 1 revealed", "1A1": SAFE}, chars=hawk_at("2A1"),
                      guards=[guard_at("1A1", "1A2"), FLOOR2])
    assert char(game).stealth == 2


def test_known_walkway_entered_then_walked_down_TILE_20():
    # entering a revealed Walkway does not fall (only a reveal by the move does); walking
    # down from it is a second action of exactly 1
    game = after_move("2A1", {"2A2": SAFE, "2A1": "walkway 1 revealed", "1A1": SAFE}, chars=hawk_at("2A2"),
                      guards=[QUIET_GUARD, FLOOR2])
    game.apply("move 1A1")
    assert char(game).cell == C("1A1") and game.s.spent == 2


def test_no_entering_a_revealed_walkway_from_below_TILE_20_DEC_52():
    game = build({"1B2": "stairs 4 revealed", "2B2": "walkway 2 revealed"}, guards=[QUIET_GUARD, FLOOR2])
    assert "move 2B2" not in legal_texts(game)
    assert_refused(game, "move 2B2", "TILE-20")


def test_face_down_walkway_entered_from_below_drops_back_DEC_52():
    game = build({"1B2": "stairs 4 revealed", "2B2": "walkway 2"})
    hs = game.apply("move 2B2")
    assert tile(game, "2B2").revealed and char(game).cell == C("1B2")
    assert guard(game, 2).placed and game.s.spent == 1 and "fall" in kinds(hs)


# ----------------------------------------------------------------------------- Lavatory, END-3

def test_lavatory_stealth_choice_when_seen_END_3_TILE_13():
    game = after_move("1C2", {"1B2": SAFE, "1C2": "lavatory revealed stealth=3"},
                      guards=[guard_at("1C2", "1C3")])
    assert game.pending.rule == "END-3"
    assert {str(o) for o in game.pending.options} == {"stealth own", "stealth tile"}
    game.apply("stealth tile")
    assert tile(game, "1C2").stealth == 2 and char(game).stealth == 3


def test_lavatory_own_choice_END_3():
    game = after_move("1C2", {"1B2": SAFE, "1C2": "lavatory revealed stealth=3"},
                      guards=[guard_at("1C2", "1C3")])
    game.apply("stealth own")
    assert tile(game, "1C2").stealth == 3 and char(game).stealth == 2


def test_lavatory_tokens_used_when_own_are_gone_END_3():
    game = after_move("1C2", {"1B2": SAFE, "1C2": "lavatory revealed stealth=1"}, chars=hawk_at("1B2", stealth=0),
                      guards=[guard_at("1C2", "1C3")])
    assert game.pending is None and tile(game, "1C2").stealth == 0 and not game.is_over


# ----------------------------------------------------------------------------- Laboratory, Detector, Fingerprint

def test_laboratory_first_counting_entry_draws_a_tool_TILE_11():
    game = after_move("1C2", {"1B2": SAFE, "1C2": "laboratory 3"}, tool_deck=["crowbar", "donuts"])
    assert char(game).tools == ["donuts"] and tile(game, "1C2").looted
    game.apply("move 1B2")
    game.apply("move 1C2")
    assert char(game).tools == ["donuts"] and game.s.tool_deck == ["crowbar"]


def test_laboratory_with_empty_tool_deck_gives_nothing_TILE_11_DEC_33():
    game = build({"1B2": SAFE, "1C2": "laboratory 3"}, tool_deck=[])
    hs = game.apply("move 1C2")
    assert char(game).tools == [] and "no_tool" in kinds(hs)


@pytest.mark.parametrize("cards, alarm", [({}, False), ({"tools": ["crowbar"]}, True), ({"loot": ["tiara"]}, True)])
def test_detector_triggers_only_with_cards_TILE_7(cards, alarm):
    game = after_move("1C2", {"1B2": SAFE, "1C2": "detector 4"}, chars=[dict(HAWK, **cards)])
    assert tile(game, "1C2").alarm is alarm


def test_fingerprint_entry_triggers_and_takes_the_die_TILE_8_ALARM_2():
    game = build({"1B2": SAFE, "1C2": "fingerprint 4"})
    hs = game.apply("move 1C2")
    assert tile(game, "1C2").alarm and guard(game, 1).die == C("1C2")
    assert [h.kind for h in hs if h.kind in ("alarm", "destination")] == ["alarm", "destination"]


def test_fingerprint_hack_token_cancel_offered_ALARM_2_ALARM_6():
    game = after_move("1C2", {"1B2": SAFE, "1C2": "fingerprint 4", "2A1": "computer_fingerprint revealed hack=2"})
    assert game.pending.rule == "ALARM-2"
    assert {str(o) for o in game.pending.options} == {"cancel-alarm computer", "allow-alarm"}
    game.apply("cancel-alarm computer")
    assert not tile(game, "1C2").alarm and tile(game, "2A1").hack == 1


def test_fingerprint_allow_alarm_keeps_tokens_DEC_35():
    game = after_move("1C2", {"1B2": SAFE, "1C2": "fingerprint 4", "2A1": "computer_fingerprint revealed hack=2"})
    game.apply("allow-alarm")
    assert tile(game, "1C2").alarm and tile(game, "2A1").hack == 2


def test_other_computer_rooms_tokens_do_not_cancel_ALARM_2_TILE_3():
    game = after_move("1C2", {"1B2": SAFE, "1C2": "fingerprint 4", "2A1": "computer_laser revealed hack=2"})
    assert game.pending is None and tile(game, "1C2").alarm


# ----------------------------------------------------------------------------- Camera

def test_camera_arrival_while_guard_on_another_camera_TILE_2():
    game = build({"1B2": SAFE, "1C2": "camera 1 revealed", "1D4": "camera 2 revealed"})
    hs = game.apply("move 1C2")
    assert tile(game, "1C2").alarm and [h.rule for h in of_kind(hs, "alarm")] == ["TILE-2"]
    assert char(game).stealth == 3  # no Stealth for a Camera


def test_camera_arrival_guard_on_face_down_camera_nothing_TILE_2():
    game = after_move("1C2", {"1B2": SAFE, "1C2": "camera 1 revealed", "1D4": "camera 2"})
    assert not tile(game, "1C2").alarm


def test_camera_guard_entering_camera_alarms_other_cameras_with_characters_any_floor_TILE_2_GUARD_12():
    game = build({"1A1": SAFE, "1C4": "camera 1 revealed", "3A1": "camera 2 revealed"},
                 chars=[dict(HAWK, cell="1A1"), {"character": "rook", "cell": "3A1"}],
                 guards=[QUIET_GUARD, guard_at("3D4", "3D3")], spent=3)
    hs = game.apply("end")
    assert tile(game, "3A1").alarm and guard(game, 3).die == C("3A1")
    assert "TILE-2" in [h.rule for h in of_kind(hs, "alarm")]


# ----------------------------------------------------------------------------- Thermo (TURN-5)

def test_thermo_triggers_at_end_of_actions_before_the_event_TURN_5_TILE_19_DEC_38():
    game = build({"1B2": SAFE, "1C2": "thermo 1 revealed"})
    hs = game.apply("move 1C2")
    assert not tile(game, "1C2").alarm
    hs = game.apply("end")
    assert [(N(h.cell), h.rule) for h in of_kind(hs, "alarm")] == [("1C2", "TILE-19")]
    ks = kinds(hs)
    assert ks.index("thermo") < ks.index("alarm") < ks.index("event") < ks.index("guard_moves")
    assert of_kind(hs, "guard_moves")[0].value == 3  # the alarm adds 1 MP (GUARD-6)


def test_thermo_crossed_mid_turn_nothing_TILE_19():
    game = after_move("1C2", {"1B2": SAFE, "1C2": "thermo 1 revealed", "1C3": "computer_laser 5"}, spent=1)
    game.apply("move 1C3")
    game.apply("end")
    assert not tile(game, "1C2").alarm


# ----------------------------------------------------------------------------- Foyer, Atrium (sight)

def test_foyer_arrival_next_to_guard_is_seen_TILE_9_END_2():
    game = after_move("1C2", {"1B2": SAFE, "1C2": "foyer 1 revealed"}, guards=[guard_at("1C3", "1C4")])
    assert char(game).stealth == 2


def test_foyer_not_seen_through_walls_TILE_9():
    game = after_move("1C2", {"1B2": SAFE, "1C2": "foyer 1 revealed"}, guards=[guard_at("1D2", "1D3")])
    assert char(game).stealth == 3


def test_atrium_arrival_seen_by_guards_above_and_below_DEC_51_TILE_1():
    game = after_move("2B2", {"2A2": SAFE, "2B2": "atrium 3 revealed"}, chars=hawk_at("2A2"),
                      guards=[guard_at("1B2", "1C2"), FLOOR2, guard_at("3B2", "3C2")])
    assert char(game).stealth == 1


def test_plain_arrival_next_to_guard_not_seen_END_2():
    game = after_move("1C2", {"1B2": SAFE, "1C2": "computer_laser 5"}, guards=[guard_at("1C3", "1C4")])
    assert char(game).stealth == 3


def test_arrival_on_the_guard_is_seen_END_2():
    game = after_move("1C2", {"1B2": SAFE, "1C2": "computer_laser 5"}, guards=[guard_at("1C2", "1C4")])
    assert char(game).stealth == 2


# ----------------------------------------------------------------------------- hack, safe

def test_hack_adds_a_token_for_1_action_ACT_9():
    game = build({"1B2": "computer_fingerprint revealed"})
    game.apply("hack")
    game.apply("hack")
    assert tile(game, "1B2").hack == 2 and game.s.spent == 2


def test_hack_at_6_refused_ACT_9_ALARM_6():
    game = build({"1B2": "computer_laser revealed hack=6"})
    assert "hack" not in legal_texts(game)
    assert_refused(game, "hack")


def test_add_die_costs_2_and_stays_ACT_10():
    game = build({"1B2": SAFE})
    game.apply("add-die")
    assert tile(game, "1B2").dice == 1 and game.s.spent == 2
    game.apply("add-die")
    assert tile(game, "1B2").dice == 2 and game.s.spent == 4


def test_add_die_needs_2_actions_in_this_turn_ACT_10():
    game = build({"1B2": SAFE}, spent=3)
    assert_refused(game, "add-die", "ACT-10")


def test_add_die_at_most_6_ACT_10():
    game = build({"1B2": "safe revealed dice=6"})
    assert_refused(game, "add-die", "ACT-10")


def test_roll_needs_a_die_DEC_45():
    game = build({"1B2": SAFE})
    assert_refused(game, "roll", "DEC-45")


def test_combination_is_row_and_column_ACT_11():
    from burgle.engine.safes import combination

    assert sorted(N(c) for c in combination(C("1B2"))) == sorted(COMBO)
    assert sorted(N(c) for c in combination(C("3D4"))) == ["3A4", "3B4", "3C4", "3D1", "3D2", "3D3"]


def test_roll_cracks_face_up_matching_tiles_only_ACT_11():
    tiles = {"1B2": "safe revealed dice=6"}
    for c, spec in COMBO.items():
        tiles[c] = spec + ("" if c == "1A2" else " revealed")

    def rolled_one(seed):
        g = build(tiles, seed=seed)
        return 1 in of_kind(g.apply("roll"), "safe_roll")[0].value

    seed = next(s for s in range(200) if rolled_one(s))
    game = build(tiles, seed=seed)
    hs = game.apply("roll")
    dice = of_kind(hs, "safe_roll")[0].value
    assert len(dice) == 6 and game.s.spent == 1 and tile(game, "1B2").dice == 6
    assert not tile(game, "1A2").cracked  # face down at the roll: nothing, even with a 1 rolled
    for c in ("1C2", "1D2", "1B1", "1B3", "1B4"):
        assert tile(game, c).cracked is (game.s.tiles[C(c)].number in dice)
    game.apply("peek 1A2")
    assert not tile(game, "1A2").cracked


def test_cracking_draws_tool_then_loot_and_raises_dice_here_and_below_ACT_12():
    tiles = {"3B2": "safe revealed dice=1", **{"3" + c[1:]: spec + " revealed cracked" for c, spec in COMBO.items()}}
    game = build(tiles, chars=hawk_at("3B2"), tool_deck=["crowbar", "donuts"], loot_deck=["tiara", "stamp"],
                 guards=[QUIET_GUARD, guard_at("3D4", "3D3")])
    assert not guard(game, 2).placed
    hs = game.apply("roll")
    assert tile(game, "3B2").cracked
    assert char(game).tools == ["donuts"] and char(game).loot == ["stamp"]
    ks = kinds(hs)
    assert ks.index("safe_cracked") < ks.index("tool_drawn") < ks.index("loot_drawn") < ks.index("speed")
    assert [gd.speed for gd in game.s.guards] == [3, 4, 5]  # unplaced floor-2 guard's die too


def test_cracking_on_floor_1_raises_only_floor_1_ACT_12():
    game = build(CRACKABLE, tool_deck=["crowbar"], loot_deck=["stamp"])
    game.apply("roll")
    assert [gd.speed for gd in game.s.guards] == [3, 3, 4]


def test_cracked_safe_cannot_be_rolled_ACT_11():
    game = build({"1B2": "safe revealed dice=2 cracked"})
    assert_refused(game, "roll", "ACT-11")
    assert_refused(game, "add-die", "ACT-10")


def test_dice_capped_at_6_when_raised_DEC_48():
    game = build(CRACKABLE, tool_deck=["crowbar"], loot_deck=["stamp"], guards=[dict(QUIET_GUARD, speed=6)])
    game.apply("roll")
    assert guard(game, 1).speed == 6


# ----------------------------------------------------------------------------- escape, win

ALL_CRACKED = {"1A1": "safe revealed cracked", "2A1": "safe revealed cracked", "3A1": "safe revealed cracked",
               "3B1": "stairs 4 revealed"}
GUARDS3 = [QUIET_GUARD, guard_at("3D4", "3D3")]


def test_escape_needs_floor_3_stairs_ACT_15():
    game = build(ALL_CRACKED, chars=hawk_at("3A1"), guards=GUARDS3)
    assert_refused(game, "escape", "ACT-15")


def test_escape_needs_all_safes_cracked_ACT_15():
    tiles = dict(ALL_CRACKED, **{"2A1": "safe revealed"})
    game = build(tiles, chars=hawk_at("3B1"), guards=GUARDS3)
    assert "escape" not in legal_texts(game)
    assert_refused(game, "escape", "ACT-15")


def test_escape_needs_all_loot_held_DEC_19():
    tiles = dict(ALL_CRACKED, **{"2A1": {"kind": "safe", "revealed": True, "cracked": True, "items": ["gold_bar"]}})
    game = build(tiles, chars=hawk_at("3B1", loot=["gold_bar"]) + [{"character": "rook", "cell": "3A1"}],
                 guards=GUARDS3)  # two characters: Gold Bars are in play (DEC-57)
    assert_refused(game, "escape", "DEC-19")


def test_escape_needs_kitty_not_loose_LOOT_10():
    game = build(ALL_CRACKED, chars=hawk_at("3B1", loot=["persian_kitty"]), guards=GUARDS3, kitty="3C1")
    assert_refused(game, "escape", "LOOT-10")


def test_escape_ends_the_turn_without_event_or_guard_move_ACT_15_DEC_20():
    game = build(ALL_CRACKED, chars=[dict(HAWK, cell="3B1", loot=["tiara"]), {"character": "rook", "cell": "3A1"}],
                 guards=GUARDS3)
    events = list(game.s.event_deck)
    g3 = (guard(game, 3).cell, guard(game, 3).die)
    hs = game.apply("escape")
    assert char(game).escaped and char(game).cell is None and char(game).loot == ["tiara"]
    assert "event" not in kinds(hs) and "guard_moves" not in kinds(hs) and "guard_step" not in kinds(hs)
    assert game.s.event_deck == events and (guard(game, 3).cell, guard(game, 3).die) == g3
    assert game.s.active == 1 and not game.is_over


def test_all_escaped_wins_END_7():
    game = build(ALL_CRACKED, chars=hawk_at("3B1"), guards=GUARDS3)
    hs = game.apply("escape")
    assert game.is_over and game.outcome == "won" and "won" in kinds(hs)
    assert game.legal_actions() == ()
    assert_refused(game, "end", "END-7")


def test_escape_costs_1_action_ACT_15():
    game = build(ALL_CRACKED, chars=hawk_at("3B1"), guards=GUARDS3, spent=4)
    assert_refused(game, "escape", "ACT-15")


def test_turn_order_skips_escaped_seats_TURN_1():
    game = build({"1B2": SAFE}, chars=[HAWK, {"character": "rook", "escaped": True},
                                       {"character": "spotter", "cell": "1B2"}], spent=3)
    game.apply("end")
    assert game.s.active == 2
    game.s.spent = 3
    game.apply("end")
    assert game.s.active == 0


def test_turn_order_is_clockwise_by_seat_TURN_1():
    game = build({"1B2": SAFE}, chars=[HAWK, {"character": "rook", "cell": "1B2"},
                                       {"character": "spotter", "cell": "1B2"}], spent=3)
    seats = []
    for _ in range(4):
        game.s.spent = 3
        game.apply("end")
        seats.append(game.s.active)
    assert seats == [1, 2, 0, 1]


# ----------------------------------------------------------------------------- TURN-4 events

@pytest.mark.parametrize("spent, drawn", [(0, True), (2, True), (3, False), (4, False)])
def test_event_drawn_iff_at_most_2_spent_TURN_4(spent, drawn):
    game = build({"1B2": SAFE}, spent=spent)
    before = len(game.s.event_deck)
    hs = game.apply("end")
    assert ("event" in kinds(hs)) is drawn
    assert len(game.s.event_deck) == before - drawn


def test_free_actions_do_not_count_as_spent_TURN_4():
    game = build({"1B2": SAFE}, chars=[dict(HAWK, tools=["crowbar"]), {"character": "rook", "cell": "1B2"}], spent=2)
    game.apply("give crowbar 1")
    assert "event" in kinds(game.apply("end"))


def test_failed_keypad_and_deadbolt_stay_count_as_spent_TURN_4():
    def blocked(seed):
        g = after_move("1C2", {"1B2": SAFE, "1C2": "deadbolt 1", "1A2": "keypad 4"}, spent=1, seed=seed)
        g.apply("deadbolt stay")
        return "blocked" in kinds(g.apply("move 1A2"))

    game = after_move("1C2", {"1B2": SAFE, "1C2": "deadbolt 1", "1A2": "keypad 4"}, spent=1, seed=seed_where(blocked))
    game.apply("deadbolt stay")
    game.apply("move 1A2")
    assert game.s.spent == 3 and char(game).cell == C("1B2")
    assert "event" not in kinds(game.apply("end"))


def test_allowance_reset_at_turn_start_TURN_2():
    game = build({"1B2": SAFE}, spent=3)
    hs = game.apply("end")
    assert game.s.spent == 0 and game.s.allowance == 4
    assert "allowance" in kinds(hs) and "turn_start" in kinds(hs)


def test_guard_moves_after_event_TURN_7():
    game = build({"1B2": SAFE})
    ks = kinds(game.apply("end"))
    assert ks.index("event") < ks.index("guard_moves") < ks.index("turn_start")


def test_action_text_round_trip_ACT_1():
    for text in ("move 2C3", "peek 1A1", "hack", "add-die", "roll", "escape", "end", "laser quiet",
                 "deadbolt stay", "stealth tile", "alarm 1B3", "give tiara 1", "pick-up gold_bar"):
        assert str(Action.parse(text)) == text


def test_character_inside_a_locked_keypad_leaves_freely_but_rolls_to_return_TILE_10():
    game = build({"1B2": "keypad 4 revealed", "1C2": SAFE}, chars=hawk_at("1B2"))
    hs = game.apply("move 1C2")
    assert _rolls(hs) == [] and char(game).cell == C("1C2")
    hs = game.apply("move 1B2")
    assert len(_rolls(hs)) == 1


def test_equivalent_texts_are_one_action_ACT_10():
    """'add-die 1B2' standing on that Safe is 'add-die': accepted, logged as legal_actions() lists it."""
    game = build({"1B2": SAFE})
    assert game.is_legal("add-die 1B2") and game.check("add-die 1B2") == Action("add-die")
    game.apply("add-die 1B2")
    assert game.log[-1] == Action("add-die") and tile(game, "1B2").dice == 1
    assert_refused(game, "roll 1A1", "ACT-11")  # another cell is another action
