"""Loot held and drawn, trades and picking up, against RULES.md LOOT-1..12 (core parts),
ACT-12, ACT-13, TURN-2, TURN-4 and DEC-18, DEC-21, DEC-54."""

from __future__ import annotations

from engine_helpers import (
    CRACKABLE, QUIET_GUARD, C, after_move, assert_refused, build, char, guard, guard_at, kinds, legal_texts, of_kind,
    seed_where, tile,
)

HAWK = {"character": "hawk", "cell": "1B2"}
ROOK = {"character": "rook", "cell": "1B2"}


# ----------------------------------------------------------------------------- Gold Bar

def test_gold_bar_drawn_lays_the_second_on_the_safe_LOOT_5():
    game = build(CRACKABLE, chars=[HAWK, dict(ROOK, cell="1A2")], tool_deck=["crowbar"],
                 loot_deck=["stamp", "gold_bar", "tiara", "gold_bar"])  # two characters: DEC-57
    hs = game.apply("roll")
    assert char(game).loot == ["gold_bar"]
    assert tile(game, "1B2").items == ("gold_bar",)
    assert sorted(game.s.loot_deck) == ["stamp", "tiara"]
    assert "LOOT-5" in [h.rule for h in hs]
    assert "pick-up gold_bar" not in legal_texts(game)
    assert_refused(game, "pick-up gold_bar", "LOOT-5")
    # the second bar is Loot in play: no escape while it lies there (DEC-19)


def test_gold_bar_picked_up_by_another_character_ACT_13_LOOT_5():
    game = build({"1B2": {"kind": "safe", "revealed": True, "cracked": True, "items": ["gold_bar"]}},
                 chars=[dict(HAWK, loot=["gold_bar"]), ROOK], active=1)
    game.apply("pick-up gold_bar")
    assert char(game, 1).loot == ["gold_bar"] and tile(game, "1B2").items == ()
    assert game.s.spent == 0  # free (ACT-13)


def test_no_one_holds_two_gold_bars_by_trade_LOOT_5():
    game = build({"1B2": "safe revealed"}, chars=[dict(HAWK, loot=["gold_bar"]), dict(ROOK, loot=["gold_bar"])])
    assert_refused(game, "give gold_bar 1", "LOOT-5")
    assert_refused(game, "take gold_bar 1", "LOOT-5")


# ----------------------------------------------------------------------------- Cursed Goblet

def test_cursed_goblet_costs_one_stealth_LOOT_3():
    game = build(CRACKABLE, tool_deck=["crowbar"], loot_deck=["stamp", "cursed_goblet"])
    game.apply("roll")
    assert char(game).loot == ["cursed_goblet"] and char(game).stealth == 2


def test_cursed_goblet_never_captures_END_5_DEC_12():
    game = build(CRACKABLE, chars=[dict(HAWK, stealth=0)], tool_deck=["crowbar"], loot_deck=["cursed_goblet"])
    game.apply("roll")
    assert not game.is_over and char(game).stealth == 0 and char(game).loot == ["cursed_goblet"]


# ----------------------------------------------------------------------------- Gemstone

def test_gemstone_surcharge_entering_a_tile_with_another_character_LOOT_4():
    game = after_move("1C2", {"1B2": "safe revealed", "1C2": "laboratory 3 revealed looted"},
                      chars=[dict(HAWK, loot=["gemstone"]), dict(ROOK, cell="1C2")])
    assert game.s.spent == 2


def test_gemstone_move_must_be_affordable_in_full_LOOT_4():
    game = build({"1B2": "safe revealed", "1C2": "laboratory 3 revealed looted"},
                 chars=[dict(HAWK, loot=["gemstone"]), dict(ROOK, cell="1C2")], spent=3)
    assert "move 1C2" not in legal_texts(game)
    assert_refused(game, "move 1C2", "LOOT-4")


def test_gemstone_no_surcharge_on_an_empty_tile_LOOT_4():
    game = after_move("1C2", {"1B2": "safe revealed", "1C2": "laboratory 3 revealed looted"},
                      chars=[dict(HAWK, loot=["gemstone"])])
    assert game.s.spent == 1


def test_gemstone_walk_down_pays_no_surcharge_DEC_54():
    game = after_move("1A1", {"2A1": "walkway 1 revealed", "1A1": "safe revealed"},
                      chars=[dict(HAWK, cell="2A1", loot=["gemstone"]), dict(ROOK, cell="1A1")],
                      guards=[QUIET_GUARD, guard_at("2D4", "2D3")])
    assert game.s.spent == 1 and char(game).cell == C("1A1")


def test_gemstone_and_known_deadbolt_add_up_LOOT_4_ACT_7():
    # occupied Deadbolt: no Deadbolt extra, but the Gemstone surcharge
    game = after_move("1C2", {"1B2": "safe revealed", "1C2": "deadbolt 1 revealed"},
                      chars=[dict(HAWK, loot=["gemstone"]), dict(ROOK, cell="1C2")])
    assert game.s.spent == 2


# ----------------------------------------------------------------------------- Isotope

def test_isotope_thermo_counting_entry_triggers_at_once_LOOT_6():
    game = build({"1B2": "safe revealed", "1C2": "thermo 1 revealed"}, chars=[dict(HAWK, loot=["isotope"])])
    hs = game.apply("move 1C2")
    assert tile(game, "1C2").alarm and [h.rule for h in of_kind(hs, "alarm")] == ["LOOT-6"]


def test_isotope_walk_down_onto_thermo_no_entry_alarm_LOOT_6_ACT_8():
    game = after_move("1A1", {"2A1": "walkway 1 revealed", "1A1": "thermo 1 revealed"},
                      chars=[dict(HAWK, cell="2A1", loot=["isotope"])],
                      guards=[QUIET_GUARD, guard_at("2D4", "2D3")])
    assert not tile(game, "1A1").alarm


def test_without_isotope_thermo_entry_is_quiet_TILE_19():
    game = after_move("1C2", {"1B2": "safe revealed", "1C2": "thermo 1 revealed"})
    assert not tile(game, "1C2").alarm


# ----------------------------------------------------------------------------- Keycard

def test_keycard_holder_must_stand_on_the_safe_LOOT_7():
    game = build({"1B2": "safe revealed dice=1", "1A1": "computer_laser 5 revealed"},
                 chars=[dict(HAWK, cell="1A1", loot=["keycard"]), ROOK], active=1)
    assert "roll" not in legal_texts(game)
    assert_refused(game, "roll", "LOOT-7")


def test_keycard_holder_on_the_safe_allows_anyone_to_roll_LOOT_7():
    game = build({"1B2": "safe revealed dice=1"}, chars=[dict(HAWK, loot=["keycard"]), ROOK], active=1)
    assert "roll" in legal_texts(game)


# ----------------------------------------------------------------------------- Mirror

def test_mirror_one_action_less_at_turn_start_TURN_2_LOOT_8():
    game = build({"1B2": "safe revealed"}, chars=[dict(HAWK, loot=["mirror"])], spent=3)
    game.apply("end")
    assert game.s.allowance == 3


def test_mirror_checked_only_at_turn_start_DEC_21():
    game = build({"1B2": "safe revealed"}, chars=[HAWK, dict(ROOK, loot=["mirror"])])
    game.apply("take mirror 1")
    assert game.s.allowance == 4 and char(game).loot == ["mirror"]


def test_mirror_enters_lasers_quietly_for_1_LOOT_8_DEC_21():
    game = build({"1B2": "safe revealed", "1C2": "laser 1"}, chars=[dict(HAWK, loot=["mirror"])])
    hs = game.apply("move 1C2")
    assert game.pending is None and game.s.spent == 1 and not tile(game, "1C2").alarm
    assert "alarm" not in kinds(hs)


# ----------------------------------------------------------------------------- Painting

def test_painting_holder_cannot_use_service_ducts_LOOT_9():
    game = build({"1B2": "service_duct 5 revealed", "3D4": "service_duct 6 revealed"},
                 chars=[dict(HAWK, loot=["painting"])])
    assert "move 3D4" not in legal_texts(game)
    assert_refused(game, "move 3D4", "LOOT-9")


def test_painting_holder_cannot_pass_secret_door_walls_LOOT_9():
    game = build({"1B1": "safe revealed", "1A1": "secret_door 1 revealed"},
                 chars=[dict(HAWK, cell="1B1", loot=["painting"])])
    assert_refused(game, "move 1A1", "LOOT-9")


def test_painting_holder_may_enter_a_secret_door_without_a_wall_LOOT_9():
    game = after_move("1A1", {"1A2": "safe revealed", "1A1": "secret_door 1 revealed"},
                      chars=[dict(HAWK, cell="1A2", loot=["painting"])])
    assert char(game).cell == C("1A1")


# ----------------------------------------------------------------------------- Persian Kitty

KITTY_TILES = {
    "1B2": "safe revealed",
    "1A2": "fingerprint 4",  # an alarm tile, but face down: ignored
    "1B1": "laboratory 3 revealed looted alarm",  # an alarm token on a non-alarm tile: ignored
    "1C3": "laser 1 revealed",  # the nearest revealed alarm tile: B2 -> C2 -> C3
}
KITTY_GUARD = guard_at("1D1", "1B1", deck=["1D4", "1C4"])


def kitty_game(seed, chars=None):
    return build(KITTY_TILES, seed=seed, chars=chars or [dict(HAWK, loot=["persian_kitty"])],
                 guards=[KITTY_GUARD], spent=3)


def _loose(seed):
    g = kitty_game(seed)
    g.apply("end")
    return g.s.kitty is not None


def test_kitty_runs_toward_revealed_alarm_tiles_LOOT_10_DEC_18():
    game = kitty_game(seed_where(_loose))
    hs = game.apply("end")
    assert game.s.kitty == C("1C2")
    assert char(game).loot == ["persian_kitty"]  # the card stays with its holder
    assert any(h.rule == "LOOT-10" for h in hs)


def test_kitty_does_not_roll_while_loose_LOOT_10():
    game = kitty_game(seed_where(_loose))
    game.apply("end")
    game.s.spent = 3
    hs = game.apply("end")
    assert not [h for h in hs if h.rule == "LOOT-10"]


def test_only_the_holder_catches_the_kitty_DEC_18_ACT_13():
    seed = seed_where(lambda s: _loose_with_rook(s))
    game = kitty_game(seed, chars=[dict(HAWK, loot=["persian_kitty"]), dict(ROOK, cell="1C2")])
    game.apply("end")  # Hawk's turn ends; the Rook plays; then Hawk's turn: the roll
    assert game.s.active == 1
    game.s.spent = 3
    game.apply("end")
    assert game.s.kitty == C("1C2") and game.s.active == 0
    assert_refused(game, "catch-kitty", "LOOT-10")  # not on the Kitty's tile
    game.apply("move 1C2")
    assert "catch-kitty" in legal_texts(game)
    game.apply("catch-kitty")
    assert game.s.kitty is None and game.s.spent == 1


def _loose_with_rook(seed):
    g = kitty_game(seed, chars=[dict(HAWK, loot=["persian_kitty"]), dict(ROOK, cell="1C2")])
    g.apply("end")
    g.s.spent = 3
    g.apply("end")
    return g.s.kitty is not None and g.s.active == 0


def test_non_holder_cannot_catch_the_kitty_DEC_18():
    game = build({"1B2": "safe revealed"}, chars=[HAWK, dict(ROOK, loot=["persian_kitty"])], kitty="1B2")
    assert "catch-kitty" not in legal_texts(game)
    assert_refused(game, "catch-kitty", "DEC-18")


def test_kitty_with_no_alarm_tile_stays_LOOT_10():
    def rolled_low(seed):
        g = build({"1B2": "safe revealed"}, seed=seed, chars=[dict(HAWK, loot=["persian_kitty"])], spent=3)
        hs = g.apply("end")
        return any(h.rule == "LOOT-10" and "stays" in h.text for h in hs)

    seed = seed_where(rolled_low)
    game = build({"1B2": "safe revealed"}, seed=seed, chars=[dict(HAWK, loot=["persian_kitty"])], spent=3)
    game.apply("end")
    assert game.s.kitty is None


# ----------------------------------------------------------------------------- Stamp

def test_stamp_raises_the_event_threshold_to_3_LOOT_11_TURN_4():
    game = build({"1B2": "safe revealed"}, chars=[dict(HAWK, loot=["stamp"])], spent=3)
    hs = game.apply("end")
    assert len(of_kind(hs, "event")) == 1


def test_stamp_still_no_event_at_4_LOOT_11():
    game = build({"1B2": "safe revealed"}, chars=[dict(HAWK, loot=["stamp"])], spent=4)
    assert "event" not in kinds(game.apply("end"))


def test_stamp_judged_when_the_phase_ends_TURN_4():
    game = build({"1B2": "safe revealed"}, chars=[dict(HAWK, loot=["stamp"]), ROOK], spent=3)
    game.apply("give stamp 1")
    assert "event" not in kinds(game.apply("end"))


# ----------------------------------------------------------------------------- Tiara

def test_tiara_counting_arrival_next_to_a_guard_is_seen_LOOT_12():
    game = after_move("1C2", {"1B2": "safe revealed", "1C2": "computer_laser 5"}, chars=[dict(HAWK, loot=["tiara"])],
                      guards=[guard_at("1C3", "1C4")])
    assert char(game).stealth == 2


def test_tiara_not_through_walls_LOOT_12():
    game = after_move("1C2", {"1B2": "safe revealed", "1C2": "computer_laser 5"}, chars=[dict(HAWK, loot=["tiara"])],
                      guards=[guard_at("1D2", "1D3")])
    assert char(game).stealth == 3


def test_tiara_guard_moving_next_to_holder_does_nothing_LOOT_12():
    game = build({"1B3": "safe revealed"}, chars=[dict(HAWK, cell="1B3", loot=["tiara"])],
                 guards=[guard_at("1A4", "1A3", deck=["1D1", "1A4"])], spent=3)
    game.apply("end")
    assert char(game).stealth == 3


def test_tiara_walk_down_next_to_a_guard_is_seen_LOOT_12():
    game = after_move("1A1", {"2A1": "walkway 1 revealed", "1A1": "safe revealed"},
                      chars=[dict(HAWK, cell="2A1", loot=["tiara"])], guards=[guard_at("1A2", "1B2"), guard_at("2D4", "2D3")])
    assert char(game).stealth == 2


def test_tiara_fall_next_to_a_guard_is_not_seen_LOOT_12_DEC_11():
    game = after_move("2A1", {"2A2": "safe revealed", "2A1": "walkway 1", "1A1": "safe"},
                      chars=[dict(HAWK, cell="2A2", loot=["tiara"])],
                      guards=[guard_at("1A2", "1B2"), guard_at("2D4", "2D3")])
    assert char(game).cell == C("1A1") and char(game).stealth == 3


def test_tiara_placement_next_to_a_guard_is_not_seen_LOOT_12_SETUP_11():
    # a character not yet placed may already hold cards (Dead Drop, EVENT-6)
    game = build({"1B2": "safe revealed", "1C2": "computer_laser 5 revealed"},
                 chars=[HAWK, {"character": "rook", "loot": ["tiara"]}], entrance="1C2",
                 guards=[guard_at("1C3", "1C4", deck=["1D4", "1D3"])], spent=3)
    game.apply("end")
    assert char(game, 1).cell == C("1C2") and char(game, 1).stealth == 3


# ----------------------------------------------------------------------------- Chihuahua

def test_chihuahua_rolls_at_turn_start_and_alarms_on_6_LOOT_2_DEC_39():
    def barked(seed):
        g = build({"1B2": "safe revealed"}, seed=seed, chars=[dict(HAWK, loot=["chihuahua"])], spent=3)
        hs = g.apply("end")
        return any(h.rule == "LOOT-2" and h.kind == "alarm" for h in hs)

    seed = seed_where(barked)
    game = build({"1B2": "safe revealed"}, seed=seed, chars=[dict(HAWK, loot=["chihuahua"])], spent=3)
    hs = game.apply("end")
    assert tile(game, "1B2").alarm and guard(game, 1).die == C("1B2")
    ks = kinds(hs)
    assert ks.index("turn_start") < ks.index("alarm") < ks.index("allowance")


def test_chihuahua_alarm_is_not_hackable_LOOT_2_ALARM_1():
    def barked(seed):
        g = build({"1B2": "safe revealed", "2A1": "computer_fingerprint revealed hack=1"}, seed=seed,
                  chars=[dict(HAWK, loot=["chihuahua"])], spent=3)
        g.apply("end")
        return g.pending is not None or g.s.tiles[C("1B2")].alarm

    seed = seed_where(barked)
    game = build({"1B2": "safe revealed", "2A1": "computer_fingerprint revealed hack=1"}, seed=seed,
                 chars=[dict(HAWK, loot=["chihuahua"])], spent=3)
    game.apply("end")
    assert game.pending is None and tile(game, "1B2").alarm


# ----------------------------------------------------------------------------- trades, pick-up (ACT-13)

def test_trades_are_free_and_need_a_shared_tile_ACT_13():
    game = build({"1B2": "safe revealed", "1C2": "computer_laser 5 revealed"},
                 chars=[dict(HAWK, tools=["crowbar"], loot=["tiara"]), dict(ROOK, cell="1C2", loot=["stamp"])])
    assert_refused(game, "give crowbar 1", "ACT-13")
    game.apply("move 1C2")
    game.apply("give tiara 1")
    game.apply("take stamp 1")
    assert char(game).loot == ["stamp"] and char(game, 1).loot == ["tiara"] and game.s.spent == 1


def test_trade_needs_the_card_ACT_13():
    game = build({"1B2": "safe revealed"}, chars=[HAWK, ROOK])
    assert_refused(game, "give tiara 1", "ACT-13")
    assert_refused(game, "take tiara 1", "ACT-13")
    assert_refused(game, "give tiara 0", "ACT-13")


def test_pick_up_with_no_action_left_ACT_13():
    game = build({"1B2": {"kind": "safe", "revealed": True, "cracked": True, "items": ["crowbar"]}}, spent=4)
    game.apply("pick-up crowbar")
    assert char(game).tools == ["crowbar"] and tile(game, "1B2").items == ()


def test_no_trade_with_an_escaped_character_END_6():
    game = build({"1B2": "safe revealed"}, chars=[dict(HAWK, tools=["crowbar"]), {"character": "rook", "escaped": True}])
    assert_refused(game, "give crowbar 1", "ACT-13")
