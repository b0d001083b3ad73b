"""Guards, alarms, Stealth and capture against RULES.md GUARD-1..14, ALARM-1..6, END-2..5.

Routes below are worked out by hand on the Bank Job walls (SETUP-3). Floor 1:

    +---+---+---+---+
    | A1| B1  C1  D1|      adjacency: A1-A2, B1-C1, B1-B2, C1-D1, D1-D2, A2-B2, B2-C2,
    +   +   +---+   +      C2-C3, D2-D3, A3-B3, A3-A4, B3-C3, B3-B4, C3-D3, C3-C4, C4-D4
    | A2  B2  C2| D2|
    +---+---+   +   +
    | A3  B3  C3  D3|
    +   +   +   +---+
    | A4| B4| C4  D4|
    +---+---+---+---+

The character waits on 1A1 (reached only from A2), out of every route used here, and
spends 3 actions so that no Event is drawn (TURN-4).
"""

from __future__ import annotations

from engine_helpers import (
    CRACKABLE, C, N, after_move, assert_refused, build, cells_of, char, guard, guard_at, kinds, legal_texts, of_kind,
    tile,
)

HOME = {"1A1": "safe revealed"}
HAWK = {"character": "hawk", "cell": "1A1"}


def g1(cell, die, speed=2, deck=None, **kw):
    return guard_at(cell, die, speed=speed, **({} if deck is None else {"deck": deck}), **kw)


def end_turn(game, spent=3):
    """End the action phase having spent *spent* actions (no Event when >= 3)."""
    game.s.spent = spent
    return game.apply("end")


def test_guard_walks_his_route_step_by_step_GUARD_7_GUARD_8():
    # A4 -> D1: the only shortest route is A3 B3 C3 D3 D2 D1 (6 steps)
    game = build(HOME, chars=[HAWK], guards=[g1("1A4", "1D1", 2, deck=["1B1", "1A2"])], spent=3)
    assert cells_of(game.apply("end"), "guard_step") == ["1A3", "1B3"]
    assert cells_of(end_turn(game), "guard_step") == ["1C3", "1D3"]
    hs = end_turn(game)
    assert cells_of(hs, "guard_step") == ["1D2", "1D1"]
    assert guard(game, 1).cell == C("1D1") and guard(game, 1).die == C("1A2")  # GUARD-11 at MP 0
    assert cells_of(hs, "patrol_draw") == ["1A2"]


def test_clockwise_tie_break_D2_to_A1_GUARD_9_GUARD_10():
    # two 6-step routes: D3 C3 C2 B2 A2 A1 and D1 C1 B1 B2 A2 A1; the vector file names the first
    game = build({"1B4": "safe revealed"}, chars=[dict(HAWK, cell="1B4")],
                 guards=[g1("1D2", "1A1", 6, deck=["1D4"])], spent=3)
    hs = game.apply("end")
    assert cells_of(hs, "guard_step") == ["1D3", "1C3", "1C2", "1B2", "1A2", "1A1"]


def test_clockwise_tie_break_C1_to_C3_GUARD_9():
    # D1 D2 D3 C3 versus B1 B2 C2 C3: the first (vector F1 C1>C3)
    game = build(HOME, chars=[HAWK], guards=[g1("1C1", "1C3", 4, deck=["1C1"])], spent=3)
    assert cells_of(game.apply("end"), "guard_step") == ["1D1", "1D2", "1D3", "1C3"]


def test_arrival_draws_new_destination_and_keeps_walking_GUARD_11_GUARD_7():
    # A4 -> C3 is A3 B3 C3; then C3 -> A1 is C2 B2 A2 A1
    game = build(HOME, chars=[HAWK], guards=[g1("1A4", "1C3", 4, deck=["1D4", "1A1"])], spent=3)
    hs = game.apply("end")
    assert cells_of(hs, "guard_step") == ["1A3", "1B3", "1C3", "1C2"]
    assert guard(game, 1).die == C("1A1") and guard(game, 1).discard[-1] == C("1A1")
    ks = kinds(hs)
    assert ks.index("patrol_draw") < len(ks) - 1 - ks[::-1].index("guard_step")


def test_card_naming_his_own_cell_is_redrawn_GUARD_3_DEC_8():
    game = build(HOME, chars=[HAWK], guards=[g1("1A4", "1C3", 4, deck=["1D4", "1A1", "1C3"])], spent=3)
    hs = game.apply("end")
    assert cells_of(hs, "patrol_draw") == ["1C3", "1A1"] and "patrol_redraw" in kinds(hs)
    assert cells_of(hs, "guard_step") == ["1A3", "1B3", "1C3", "1C2"]
    assert guard(game, 1).discard[-2:] == (C("1C3"), C("1A1"))


def test_movement_points_die_plus_alarms_GUARD_6():
    tiles = dict(HOME, **{"1D2": "laser 1 revealed alarm", "1B4": "laser 2 revealed alarm"})
    # guard C4: alarms at B4 (C3 B3 B4 = 3) and D2 (C3 D3 D2 = 3): the die sits on one
    game = build(tiles, chars=[HAWK], guards=[g1("1C4", "1D2", 2, deck=["1A3"])], spent=3)
    hs = game.apply("end")
    assert of_kind(hs, "guard_moves")[0].value == 4
    # C3 D3 D2 (alarm off, arrive: the B4 alarm is 4 away: D3 C3 B3 B4), D3
    assert cells_of(hs, "guard_step") == ["1C3", "1D3", "1D2", "1D3"]
    assert cells_of(hs, "alarm_off") == ["1D2"]
    assert guard(game, 1).die == C("1B4") and tile(game, "1B4").alarm


def test_guard_switches_off_alarms_and_walks_on_with_fixed_MP_ALARM_4_GUARD_6():
    tiles = dict(HOME, **{"1B3": "laser 1 revealed alarm", "1D3": "laser 2 revealed alarm"})
    game = build(tiles, chars=[HAWK], guards=[g1("1A3", "1B3", 2, deck=["1C4", "1A1"])], spent=3)
    hs = game.apply("end")
    assert of_kind(hs, "guard_moves")[0].value == 4  # fixed at the start: 2 + 2 alarms
    assert cells_of(hs, "guard_step") == ["1B3", "1C3", "1D3", "1C3"]
    assert cells_of(hs, "alarm_off") == ["1B3", "1D3"]
    assert not tile(game, "1B3").alarm and not tile(game, "1D3").alarm
    assert guard(game, 1).die == C("1A1")  # no alarm left: a patrol card (GUARD-11)


def test_alarm_during_the_move_does_not_change_MP_GUARD_6():
    # the guard enters the Camera on C4 while the Rook stands on the Camera 3A1: alarm on
    # floor 3, and even an alarm on his own floor would not add MP
    tiles = dict(HOME, **{"1C4": "camera 1 revealed", "1B4": "camera 2 revealed"})
    game = build(tiles, chars=[HAWK, {"character": "rook", "cell": "1B4"}],
                 guards=[g1("1D4", "1C4", 3, deck=["1D3", "1A3"])], spent=3)
    hs = game.apply("end")
    assert of_kind(hs, "guard_moves")[0].value == 3
    assert tile(game, "1B4").alarm
    # C4 (arrive; the Camera alarm took the die to B4: C3 B3 B4) then C3, B3
    assert cells_of(hs, "guard_step") == ["1C4", "1C3", "1B3"]
    assert guard(game, 1).die == C("1B4")


def test_reshuffle_speeds_up_but_MP_stays_GUARD_4_GUARD_6():
    game = build(HOME, chars=[HAWK], guards=[g1("1A4", "1A3", 2, deck=[], discard=[
        "1A1", "1A2", "1A3", "1B1", "1B2", "1B3", "1B4", "1C1", "1C2", "1C3", "1C4", "1D1", "1D2", "1D3",
        "1D4"], removed=["1A4"])], spent=3)
    hs = game.apply("end")
    assert of_kind(hs, "guard_moves")[0].value == 2
    assert len(cells_of(hs, "guard_step")) == 2
    assert guard(game, 1).speed == 3 and "reshuffle" in kinds(hs)
    assert len(guard(game, 1).removed) == 9  # one character: trim 9 again (DEC-15)


def test_each_entry_costs_stealth_also_passing_through_GUARD_12_END_2():
    # A3 -> C3 through B3 (Hawk), arrive at C3, new card A4: back through B3
    game = build({"1B3": "safe revealed"}, chars=[dict(HAWK, cell="1B3")],
                 guards=[g1("1A3", "1C3", 4, deck=["1D1", "1A4"])], spent=3)
    hs = game.apply("end")
    assert cells_of(hs, "guard_step") == ["1B3", "1C3", "1B3", "1A3"]
    assert char(game).stealth == 1 and len(of_kind(hs, "stealth_lost")) == 2


def test_guard_next_to_a_character_sees_nothing_END_2():
    game = build({"1B3": "safe revealed"}, chars=[dict(HAWK, cell="1B3")],
                 guards=[g1("1A4", "1A3", 2, deck=["1D1", "1A4"])], spent=3)
    game.apply("end")
    assert char(game).stealth == 3


def test_foyer_costs_one_per_adjacent_entry_and_one_for_itself_TILE_9_GUARD_12():
    # A4 -> D3: A3 (next to B3), B3 (the Foyer), C3 (next to B3), D3 (not next to it)
    game = build({"1B3": "foyer 1 revealed"}, chars=[dict(HAWK, cell="1B3")],
                 guards=[g1("1A4", "1D3", 4, deck=["1D1", "1D2"])], spent=3)
    hs = game.apply("end")
    assert cells_of(hs, "guard_step") == ["1A3", "1B3", "1C3", "1D3"]
    assert char(game).stealth == 0 and not game.is_over


def test_capture_when_nothing_left_to_pay_END_4():
    game = build({"1B3": "foyer 1 revealed"}, chars=[dict(HAWK, cell="1B3", stealth=2)],
                 guards=[g1("1A4", "1D3", 4, deck=["1D1", "1D2"])], spent=3)
    hs = game.apply("end")
    assert game.is_over and game.outcome == "lost" and "captured" in kinds(hs)
    assert cells_of(hs, "guard_step") == ["1A3", "1B3", "1C3"]  # the game stops at the capture
    assert game.legal_actions() == ()
    assert_refused(game, "end", "END-8")


def test_capture_at_zero_stealth_on_guard_entry_END_4():
    game = build({"1B3": "safe revealed"}, chars=[dict(HAWK, cell="1B3", stealth=0)],
                 guards=[g1("1A3", "1C3", 2, deck=["1D1", "1A4"])], spent=3)
    game.apply("end")
    assert game.outcome == "lost" and "Hawk" in game.s.outcome_reason


def test_capture_on_arrival_at_zero_END_4():
    game = after_move("1A2", {"1A2": "safe revealed", "1A1": "computer_laser 5 revealed"}, chars=[dict(HAWK, stealth=0)],
                      guards=[g1("1A2", "1B2", 2)])
    assert game.outcome == "lost"


def test_atrium_seen_when_guard_enters_cell_above_GUARD_12_TILE_1():
    # the floor-2 guard A2 -> C2 passes B2, above the Rook's Atrium 1B2
    game = build({"2D4": "safe revealed", "1B2": "atrium 3 revealed"},
                 chars=[dict(HAWK, cell="2D4"), {"character": "rook", "cell": "1B2"}],
                 guards=[g1("1D4", "1C4", 2, deck=["1C3", "1D3", "1D4"]),
                         guard_at("2A2", "2C2", speed=2, deck=["2A1", "2D1"])], spent=3)
    hs = game.apply("end")
    assert cells_of(hs, "guard_step") == ["2B2", "2C2"]
    assert char(game, 1).stealth == 2 and char(game, 0).stealth == 3


def test_only_the_active_floors_guard_moves_GUARD_5_TURN_7():
    game = build(HOME, chars=[HAWK],
                 guards=[g1("1D4", "1C4", 2, deck=["1C3", "1D3", "1D4"]),
                         guard_at("2A2", "2C2", deck=["2A1", "2D1"])], spent=3)
    before = (guard(game, 2).cell, guard(game, 2).die)
    hs = game.apply("end")
    assert (guard(game, 2).cell, guard(game, 2).die) == before
    assert cells_of(hs, "guard_step") == ["1C4", "1D4"]


def test_guard_of_the_floor_the_character_is_on_now_moves_TURN_7():
    game = after_move("2B2", {"1B2": "stairs 4 revealed", "2B2": "safe"}, chars=[dict(HAWK, cell="1B2")],
                      guards=[g1("1D4", "1C4", 2, deck=["1C3", "1D3", "1D4"]),
                              guard_at("2A4", "2A3", deck=["2D4", "2C4", "2A1"])], spent=2)
    hs = game.apply("end")
    assert guard(game, 1).cell == C("1D4")
    assert guard(game, 2).cell != C("2A4") and of_kind(hs, "guard_moves")[0].cell == C("2A4")


# ----------------------------------------------------------------------------- GUARD-2 placement

FLOOR2_DECK = ["2D1", "2A4"]  # top last: card 1 = 2A4 (the guard), card 2 = 2D1 (the die)


def test_first_arrival_places_guard_with_two_cards_GUARD_2():
    game = after_move("2B2", {"1B2": "stairs 4 revealed", "2B2": "safe"}, chars=[dict(HAWK, cell="1B2")],
                      guards=[g1("1D4", "1C4"), {"floor": 2, "deck": FLOOR2_DECK}])
    gd = guard(game, 2)
    assert gd.cell == C("2A4") and gd.die == C("2D1") and gd.discard == (C("2A4"), C("2D1"))
    assert gd.speed == 3


def test_first_arrival_alarm_takes_the_die_after_both_cards_DEC_9():
    game = build({"1B2": "stairs 4 revealed", "2B2": "fingerprint 4"}, chars=[dict(HAWK, cell="1B2")],
                 guards=[g1("1D4", "1C4"), {"floor": 2, "deck": FLOOR2_DECK}])
    hs = game.apply("move 2B2")
    gd = guard(game, 2)
    assert gd.discard == (C("2A4"), C("2D1")) and gd.die == C("2B2") and tile(game, "2B2").alarm
    ks = kinds(hs)
    assert ks.index("guard_placed") < ks.index("patrol_draw") < ks.index("alarm") < ks.index("destination")


def test_waiting_alarm_takes_the_die_instead_of_card_2_ALARM_2_3():
    game = after_move("2B2", {"1B2": "stairs 4 revealed", "2B2": "safe", "2C3": "laser 1 revealed alarm"},
                      chars=[dict(HAWK, cell="1B2")], guards=[g1("1D4", "1C4"), {"floor": 2, "deck": FLOOR2_DECK}])
    gd = guard(game, 2)
    assert gd.cell == C("2A4") and gd.discard == (C("2A4"),) and gd.die == C("2C3")


def test_placement_on_a_waiting_alarm_switches_it_off_GUARD_12_DEC_34():
    game = after_move("2B2", {"1B2": "stairs 4 revealed", "2B2": "safe", "2A4": "laser 1 revealed alarm"},
                      chars=[dict(HAWK, cell="1B2")], guards=[g1("1D4", "1C4"), {"floor": 2, "deck": FLOOR2_DECK}])
    gd = guard(game, 2)
    assert not tile(game, "2A4").alarm and gd.die == C("2D1") and len(gd.discard) == 2


def test_guard_appearing_on_the_arrival_cell_costs_one_stealth_once_GUARD_2_DEC_36():
    game = after_move("2B2", {"1B2": "stairs 4 revealed", "2B2": "safe"}, chars=[dict(HAWK, cell="1B2")],
                      guards=[g1("1D4", "1C4"), {"floor": 2, "deck": ["2D1", "2B2"]}])
    assert guard(game, 2).cell == C("2B2") and char(game).stealth == 2


def test_guard_appearing_under_a_fall_costs_nothing_GUARD_2_DEC_11():
    game = after_move("3A1", {"3A2": "safe revealed", "3A1": "walkway 1"}, chars=[dict(HAWK, cell="3A2")],
                      guards=[g1("1D4", "1C4"), {"floor": 2, "deck": ["2D1", "2A1"]},
                              guard_at("3D4", "3D3")])
    assert char(game).cell == C("2A1") and guard(game, 2).cell == C("2A1") and char(game).stealth == 3


def test_placement_sees_others_on_an_atrium_below_GUARD_2_GUARD_12():
    game = after_move("2B2", {"1B2": "stairs 4 revealed", "2B2": "safe", "1C2": "atrium 3 revealed"},
                      chars=[dict(HAWK, cell="1B2"), {"character": "rook", "cell": "1C2"}],
                      guards=[g1("1D4", "1C4"), {"floor": 2, "deck": ["2D1", "2C2"]}])
    assert char(game, 1).stealth == 2 and char(game, 0).stealth == 3


# ----------------------------------------------------------------------------- alarms

def test_tied_alarms_players_choose_even_if_the_die_is_on_one_ALARM_3():
    # guard B3: alarm A3 (die there) and a new one on C3, both 1 step away
    tiles = {"1C2": "safe revealed", "1A3": "laser 1 revealed alarm", "1C3": "fingerprint 4"}
    game = after_move("1C3", tiles, chars=[dict(HAWK, cell="1C2")], guards=[g1("1B3", "1A3")])
    assert game.pending is not None and game.pending.rule == "ALARM-3"
    assert {str(o) for o in game.pending.options} == {"alarm 1A3", "alarm 1C3"}
    assert legal_texts(game) == {"alarm 1A3", "alarm 1C3"}
    game.apply("alarm 1C3")
    assert guard(game, 1).die == C("1C3")


def test_nearest_alarm_takes_the_die_ALARM_3():
    # guard D4: alarm B4 (C4 C3 B3 B4 = 4) and new alarm C2 (C4 C3 C2 = 3)
    tiles = {"1B2": "safe revealed", "1B4": "laser 1 revealed alarm", "1C2": "fingerprint 4"}
    game = after_move("1C2", tiles, guards=[g1("1D4", "1B4")], chars=[{"character": "hawk", "cell": "1B2"}])
    assert game.pending is None and guard(game, 1).die == C("1C2")


def test_hack_cancel_not_offered_when_the_guard_stands_there_DEC_35():
    tiles = {"1B2": "safe revealed", "1C2": "fingerprint 4", "2A1": "computer_fingerprint revealed hack=1"}
    game = build(tiles, chars=[{"character": "hawk", "cell": "1B2"}], guards=[g1("1C2", "1C3")])
    hs = game.apply("move 1C2")
    assert game.pending is None and not tile(game, "1C2").alarm and tile(game, "2A1").hack == 1
    assert "alarm_cancelled" in kinds(hs)


def test_hack_cancel_not_offered_on_an_alarmed_tile_DEC_35_DEC_17():
    tiles = {"1B2": "safe revealed", "1C2": "fingerprint 4 revealed alarm",
             "2A1": "computer_fingerprint revealed hack=1"}
    game = after_move("1C2", tiles, chars=[{"character": "hawk", "cell": "1B2"}], guards=[g1("1D4", "1C2")])
    assert game.pending is None and tile(game, "2A1").hack == 1


def test_hack_cancel_not_offered_for_unhackable_alarms_ALARM_1():
    tiles = {"1B2": "safe revealed", "1C2": "thermo 1 revealed", "2A1": "computer_fingerprint revealed hack=1",
             "2B1": "computer_laser revealed hack=1", "2C1": "computer_motion revealed hack=1"}
    game = after_move("1C2", tiles, chars=[{"character": "hawk", "cell": "1B2", "loot": ["isotope"]}])
    assert game.pending is None and tile(game, "1C2").alarm


def test_guard_never_stands_on_an_alarm_and_die_on_alarm_GUARD_1():
    tiles = {"1B2": "safe revealed", "1C2": "fingerprint 4"}
    game = after_move("1C2", tiles, chars=[{"character": "hawk", "cell": "1B2"}], guards=[g1("1D4", "1C4")], spent=1)
    gd = guard(game, 1)
    assert gd.die == C("1C2") and not tile(game, N(gd.cell)).alarm
    game.apply("move 1B2")
    game.apply("end")
    gd = guard(game, 1)
    assert not game.s.tiles[gd.cell].alarm and gd.die != gd.cell


def test_placement_on_a_camera_ignores_the_falling_arrivals_camera_GUARD_2_TILE_2():
    # a fall (non-counting) onto the Camera 2A1 while the floor-2 guard appears on the
    # Camera 2D1: the arriving character is not covered by the appearance (GUARD-2) and a
    # fall has no entry effect (ACT-8), so no alarm
    game = after_move("3A1", {"3A2": "safe revealed", "3A1": "walkway 1", "2A1": "camera 1 revealed",
                       "2D1": "camera 2 revealed"}, chars=[dict(HAWK, cell="3A2")],
                      guards=[g1("1D4", "1C4"), {"floor": 2, "deck": ["2C4", "2D1"]},
                              guard_at("3D4", "3D3")])
    assert char(game).cell == C("2A1") and guard(game, 2).cell == C("2D1")
    assert not tile(game, "2A1").alarm


def test_placement_on_a_camera_alarms_others_on_cameras_GUARD_2_TILE_2():
    game = after_move("2B2", {"1B2": "stairs 4 revealed", "2B2": "safe", "2D1": "camera 2 revealed",
                              "1C4": "camera 1 revealed"},
                      chars=[dict(HAWK, cell="1B2"), {"character": "rook", "cell": "1C4"}],
                      guards=[g1("1D4", "1C3"), {"floor": 2, "deck": ["2C4", "2D1"]}])
    assert guard(game, 2).cell == C("2D1") and tile(game, "1C4").alarm and guard(game, 1).die == C("1C4")


def test_counting_arrival_on_camera_with_guard_appearing_on_camera_TILE_2_ACT_5():
    game = build({"1B2": "stairs 4 revealed", "2B2": "camera 1 revealed", "2D1": "camera 2 revealed"},
                 chars=[dict(HAWK, cell="1B2")],
                 guards=[g1("1D4", "1C4"), {"floor": 2, "deck": ["2C4", "2D1"]}])
    hs = game.apply("move 2B2")
    assert tile(game, "2B2").alarm and guard(game, 2).die == C("2B2")
    assert len(of_kind(hs, "alarm")) == 1


def test_cursed_goblet_at_zero_stealth_never_captures_END_5():
    game = build(CRACKABLE, chars=[{"character": "hawk", "cell": "1B2", "stealth": 0}], tool_deck=["crowbar"],
                 loot_deck=["cursed_goblet"])
    hs = game.apply("roll")
    assert not game.is_over and "captured" not in kinds(hs) and char(game).stealth == 0


def test_tie_on_arrival_mid_move_is_asked_and_the_move_resumes_ALARM_3_GUARD_11():
    # alarms B3 (die), A3, C3; guard B4, MP 2 + 3 = 5: B3 (off; A3 and C3 tie at 1)
    tiles = dict(HOME, **{"1B3": "laser 1 revealed alarm", "1A3": "laser 2 revealed alarm",
                          "1C3": "laser 3 revealed alarm"})
    game = build(tiles, chars=[HAWK], guards=[g1("1B4", "1B3", 2, deck=["1D4", "1D2"])], spent=3)
    hs = game.apply("end")
    assert cells_of(hs, "guard_step") == ["1B3"] and game.pending.rule == "ALARM-3"
    assert {str(o) for o in game.pending.options} == {"alarm 1A3", "alarm 1C3"}
    hs = game.apply("alarm 1C3")
    # C3 (off; A3 is next: C3 B3 A3), B3, A3 (off; no alarm left: card D2), then one step
    assert cells_of(hs, "guard_step") == ["1C3", "1B3", "1A3", "1B3"]
    assert guard(game, 1).die == C("1D2") and game.s.active == 0 and game.pending is None


def test_stealth_source_asked_mid_move_and_the_move_resumes_END_3_GUARD_12():
    tiles = {"1B3": "lavatory revealed stealth=2"}
    game = build(tiles, chars=[dict(HAWK, cell="1B3")], guards=[g1("1A3", "1C3", 3, deck=["1D1", "1D3"])],
                 spent=3)
    game.apply("end")
    assert game.pending.rule == "END-3" and game.pending.seat == 0
    hs = game.apply("stealth tile")
    assert tile(game, "1B3").stealth == 1 and char(game).stealth == 3
    assert cells_of(hs, "guard_step") == ["1C3", "1D3"]
