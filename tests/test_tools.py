"""Tools (RULES.md TOOL-1..13, ACT-13, LOOT-1, DEC-26..29, DEC-33): effects, timing,
edge cases and refusals. Each test names the rule it checks."""

from __future__ import annotations

import random

import pytest

from burgle.geometry.board import parse_index, parse_walls
from burgle.engine import alarms, guards
from burgle.engine.actions import Action
from burgle.engine.errors import ActionSyntaxError
from burgle.engine.game import Game
from engine_helpers import GUARD_1D4, C, build, character, kinds, play_until, refused


def legal_texts(game: Game, verb: str = "use") -> set[str]:
    return {str(a) for a in game.legal_actions() if a.verb == verb}


# A quiet floor-1 set-up: one character on 1B2, the guard far away in 1D4.
SOLO_GUARD = dict(GUARD_1D4, speed=2)


def solo(tools, loot=(), tiles=None, guards=(), guard=SOLO_GUARD, events=("keycode_change",), **top) -> Game:
    """The Hawk on 1B2 holding *tools* and *loot*; *guards*: more guards; *top*: other
    top-level fields."""
    return build(tiles, chars=[character("hawk", "1B2", tools=list(tools), loot=list(loot))],
                 guards=[guard, *guards], seed=5, events=list(events), **top)


# ----------------------------------------------------------------------------- ACT-13 common rules

def test_act13_tool_use_is_free_and_discards_the_card():
    game = solo(["rollerskates"], spent=4)
    assert game.actions_left == 0
    assert "use rollerskates" in legal_texts(game)  # free: usable with 0 actions left (TURN-3)
    game.apply("use rollerskates")
    d = game.to_dict()
    assert d["spent"] == 4
    assert d["characters"][0]["tools"] == []
    assert d["tool_discard"] == ["rollerskates"]


def test_act13_refuses_a_tool_not_held():
    game = solo(["rollerskates"])
    refused(game, "use emp", "ACT-13")
    refused(game, "use bust", "ACT-13")  # not a Tool at all


def test_act13_refuses_a_tool_held_by_another_character_on_the_tile():
    game = build(chars=[character("hawk", "1B2"), character("rook", "1B2", tools=["emp"])], guards=[GUARD_1D4],
                 events=None)
    assert "use emp" not in legal_texts(game)
    err = refused(game, "use emp", "ACT-13")
    assert "does not hold" in err.reason


def test_loot1_bust_forbids_every_tool():
    game = solo(["rollerskates", "crowbar", "emp"], loot=["bust"], tiles={"1C2": "laser 2 revealed"})
    assert legal_texts(game) == set()
    refused(game, "use rollerskates", "LOOT-1")
    refused(game, "use crowbar 1C2", "LOOT-1")
    refused(game, "use emp", "LOOT-1")


def test_act13_no_tool_use_inside_an_action():
    """TURN-3: free actions go between actions, never inside one (a pending Laser choice)."""
    game = solo(["rollerskates"], tiles={"1C2": "laser 2 revealed"})
    game.apply("move 1C2")
    assert game.pending is not None and game.pending.rule == "TILE-12"
    refused(game, "use rollerskates", "TILE-12")


def test_act13_target_required_or_forbidden():
    game = solo(["emp", "crowbar"], tiles={"1C2": "laser 2 revealed"})
    refused(game, "use emp 1C2", "TOOL-6")
    refused(game, "use crowbar", "TOOL-2")
    refused(game, "use crowbar roof", "TOOL-2")


def test_use_text_round_trips():
    for text in ("use emp", "use crowbar 1B2", "use thermal_bomb roof", "use thermal_bomb 2C3",
                 "set-die 3 6", "keep-dice", "events-order 2-1-3"):
        assert str(Action.parse(text)) == text
    assert Action.parse("use thermal_bomb roof").args == ("thermal_bomb", 48)
    with pytest.raises(ActionSyntaxError):
        Action.parse("set-die 3 7")


# ----------------------------------------------------------------------------- TOOL-1 Blueprints

def test_tool1_blueprints_peek_any_face_down_tile_any_floor():
    game = solo(["blueprints"], tiles={"2C3": "stairs 5"})
    assert "use blueprints 2C3" in legal_texts(game)
    assert "use blueprints 3A1" in legal_texts(game)
    hs = game.apply("use blueprints 2C3")
    d = game.to_dict()
    assert d["tiles"]["2C3"]["revealed"] is True
    assert d["tiles"]["3C3"].get("downstairs") is True  # ACT-3 reveal effect of Stairs
    assert d["guards"][1]["cell"] is None  # a peek never places a guard (ACT-2, GUARD-2)
    assert d["spent"] == 0
    assert d["tool_discard"] == ["blueprints"]
    assert "peek" in kinds(hs)


def test_tool1_blueprints_refuses_a_face_up_tile():
    game = solo(["blueprints"], tiles={"3A1": "laser 2 revealed"})
    refused(game, "use blueprints 3A1", "DEC-42")
    refused(game, "use blueprints 1B2", "DEC-42")  # the user's own tile is face up


# ----------------------------------------------------------------------------- TOOL-2 Crowbar

def test_tool2_crowbar_disables_a_deadbolt():
    game = solo(["crowbar"], spent=2, tiles={"1C2": "deadbolt 1 revealed"})
    refused(game, "move 1C2", "ACT-7")  # a known empty Deadbolt costs 3; 2 are left
    game.apply("use crowbar 1C2")
    assert game.s.tiles[C("1C2")].crowbar
    game.apply("move 1C2")
    assert game.s.spent == 3  # 1 for the move: no Deadbolt cost (TILE-6)
    assert game.s.characters[0].cell == C("1C2")


def test_tool2_crowbar_disables_a_keypad():
    game = solo(["crowbar"], tiles={"1C2": "keypad 4 revealed"})
    game.apply("use crowbar 1C2")
    hs = game.apply("move 1C2")
    assert "keypad_roll" not in kinds(hs)  # no roll (TILE-10)
    assert game.s.characters[0].cell == C("1C2")
    assert game.s.spent == 1


def test_tool2_crowbar_disables_a_laser():
    game = solo(["crowbar"], tiles={"1C2": "laser 2 revealed"})
    game.apply("use crowbar 1C2")
    hs = game.apply("move 1C2")
    assert game.pending is None  # no pay-or-trigger choice (TILE-12)
    assert "alarm" not in kinds(hs)
    assert not game.s.tiles[C("1C2")].alarm
    assert game.s.spent == 1


def test_tool2_crowbar_disables_a_thermo_at_the_end_of_the_actions():
    game = solo(["crowbar"], tiles={"1C2": "thermo 1 revealed"})
    game.apply("use crowbar 1C2")
    game.apply("move 1C2")
    hs = game.apply("end")
    assert "thermo" not in kinds(hs)  # TURN-5 needs a working Thermo
    assert not game.s.tiles[C("1C2")].alarm


def test_tool2_crowbar_other_tiles_are_legal_but_unaffected():
    game = solo(["crowbar"], tiles={"1C2": "atrium 3 revealed"})
    game.apply("use crowbar 1C2")
    assert game.s.tiles[C("1C2")].crowbar


def test_tool2_crowbar_refusals():
    game = solo(["crowbar"], tiles={"1C2": "laser 2", "1D2": "laser 1 revealed", "1B3": "laser 3 revealed"})
    assert legal_texts(game) == set()
    refused(game, "use crowbar 1C2", "DEC-27")  # face down
    refused(game, "use crowbar 1D2", "TOOL-2")  # not adjacent
    refused(game, "use crowbar 1B3", "TOOL-2")  # across the B2/B3 wall
    refused(game, "use crowbar 1B2", "TOOL-2")  # own tile is not adjacent


# ----------------------------------------------------------------------------- TOOL-3 Crystal Ball

def test_tool3_crystal_ball_reorders_the_top_three():
    game = solo(["crystal_ball"], events=["lampshade", "espresso", "crash", "squeak"])
    game.apply("use crystal_ball")
    c = game.pending
    assert c.rule == "TOOL-3" and c.seat == 0
    assert {str(o) for o in c.options} == {"events-order " + o for o in
                                           ("1-2-3", "1-3-2", "2-1-3", "2-3-1", "3-1-2", "3-2-1")}
    assert "Squeak!" in c.prompt  # the looked-at cards are shown
    refused(game, "events-order 1-1-2", "TOOL-3")
    game.apply("events-order 3-1-2")  # former 3rd (espresso) on top, then squeak, then crash
    assert game.s.event_deck == ["lampshade", "crash", "squeak", "espresso"]
    assert game.s.tool_discard == ["crystal_ball"]
    assert game.s.spent == 0


def test_tool3_crystal_ball_fewer_than_three_and_refused_on_an_empty_deck():
    game = solo(["crystal_ball"], events=["crash", "squeak"])
    game.apply("use crystal_ball")
    assert {str(o) for o in game.pending.options} == {"events-order 1-2", "events-order 2-1"}
    game.apply("events-order 2-1")
    assert game.s.event_deck == ["squeak", "crash"]
    one = solo(["crystal_ball"], events=["crash"])
    one.apply("use crystal_ball")  # one card: nothing to choose
    assert one.pending is None and one.s.event_deck == ["crash"]
    empty = solo(["crystal_ball"], events=[])
    assert "use crystal_ball" not in legal_texts(empty)
    refused(empty, "use crystal_ball", "TOOL-3")


# ----------------------------------------------------------------------------- TOOL-4 Donuts

def test_tool4_donuts_cancel_the_next_guard_phase_move_then_are_discarded():
    game = solo(["donuts"])
    assert legal_texts(game) == {"use donuts 1D4"}
    game.apply("use donuts 1D4")
    assert game.s.guards[0].donuts
    assert game.s.tool_discard == []  # lying under the guard until eaten
    assert game.s.characters[0].tools == []
    hs = game.apply("end")
    assert game.s.guards[0].cell == C("1D4")  # he did not move
    assert not game.s.guards[0].donuts
    assert game.s.tool_discard == ["donuts"]
    assert any(h.kind == "guard_stays" and h.rule == "TOOL-4" for h in hs)
    game.apply("end")  # the next guard phase: he moves again
    assert game.s.guards[0].cell != C("1D4")


def test_tool4_donuts_under_a_guard_of_another_floor_but_not_an_unplaced_one():
    game = solo(["donuts"], guards=[{"floor": 2, "cell": "2A1", "die": "2D4"}])
    assert legal_texts(game) == {"use donuts 1D4", "use donuts 2A1"}
    refused(game, "use donuts 3A1", "TOOL-4")  # floor-3 guard not placed
    refused(game, "use donuts 1C3", "TOOL-4")  # no guard there
    game.apply("use donuts 2A1")
    assert game.s.guards[1].donuts and not game.s.guards[0].donuts


# ----------------------------------------------------------------------------- TOOL-5 Dynamite

def dynamite(cell: str = "1B3", tiles=None) -> Game:
    """The Hawk with the Dynamite on *cell*; the guard on 1B1 heading for 1D4."""
    return build(tiles, chars=[character("hawk", cell, tools=["dynamite"])], seed=2, events=["keycode_change"],
                 guards=[{"floor": 1, "cell": "1B1", "die": "1D4", "speed": 2, "deck": ["1A1", "1D1"]}])


def test_tool5_dynamite_destroys_a_wall_for_characters_and_guards():
    game = dynamite()
    b2, b3 = parse_index("B2"), parse_index("B3")
    before = game.table(1).route(parse_index("B1"), b3)
    assert len(before) == 4  # B2 C2 C3 B3: round the B2/B3 wall
    assert "1B2" not in {game.name(c) for c in game.neighbours(C("1B3"))}
    assert legal_texts(game) == {"use dynamite 1B2"}  # the only wall piece beside 1B3 (not the border)
    hs = game.apply("use dynamite 1B2")
    d = game.to_dict()
    assert "B2/B3" not in d["walls"]["1"]
    assert (b2, b3) not in game.s.walls[0]
    assert game.table(1).route(parse_index("B1"), b3) == (b2, b3)  # GUARD-8: the guard's route changes
    assert game.adjacent(C("1B3"), C("1B2"))  # and characters pass (CONV-3)
    # then an alarm, not hackable, on the user's tile; the die goes there (ALARM-3)
    assert game.s.tiles[C("1B3")].alarm and game.pending is None
    assert game.s.guards[0].die == C("1B3")
    assert [h.rule for h in hs if h.kind == "alarm"] == ["TOOL-5"]
    assert game.s.tool_discard == ["dynamite"]
    game.apply("move 1A3")
    hs = game.apply("end")
    steps = [game.name(h.cell) for h in hs if h.kind == "guard_step"]
    assert steps[:2] == ["1B2", "1B3"]  # 3 MP (2 + 1 alarm): straight through the old wall
    assert any(h.kind == "alarm_off" and h.cell == C("1B3") for h in hs)


def test_tool5_dynamite_alarm_is_not_hackable():
    game = dynamite(tiles={"2A1": "computer_fingerprint revealed hack=2", "2A2": "computer_laser revealed hack=2",
                           "2A3": "computer_motion revealed hack=2"})
    game.apply("use dynamite 1B2")
    assert game.pending is None and game.s.tiles[C("1B3")].alarm


def test_tool5_dynamite_refusals():
    game = dynamite()
    refused(game, "use dynamite 1A3", "TOOL-5")  # adjacent, no wall between
    refused(game, "use dynamite 1D3", "TOOL-5")  # not a side of the tile
    refused(game, "use dynamite 2B3", "TOOL-5")  # other floor
    refused(game, "use dynamite", "TOOL-5")
    corner = dynamite(cell="1A2")
    # 1A2: the outer border on the left is no target; A2/A3 below is
    assert legal_texts(corner) == {"use dynamite 1A3"}


# ----------------------------------------------------------------------------- TOOL-6 E.M.P.

def emp() -> Game:
    """The Hawk (E.M.P.) and the Rook among Fingerprints; three alarms on floors 1 and 2."""
    return build({"1A1": "fingerprint 4 revealed", "1A2": "fingerprint 6 revealed", "1B1": "fingerprint 5 revealed",
                  "1C3": "laser 1 revealed alarm", "1D1": "motion 1 revealed alarm", "2B2": "laser 2 revealed alarm"},
                 chars=[character("hawk", "1A2", tools=["emp"]), character("rook", "1B2")],
                 guards=[{"floor": 1, "cell": "1D4", "die": "1C3", "speed": 1, "deck": ["1A3", "1D3"]},
                         {"floor": 2, "cell": "2D4", "die": "2B2", "deck": ["2A3", "2C1"]}],
                 seed=4, events=["keycode_change"])


def test_tool6_emp_removes_every_alarm_and_guards_draw():
    game = emp()
    hs = game.apply("use emp")
    s = game.s
    assert not any(t.alarm for t in s.tiles)
    assert s.emp_seat == 0
    # ALARM-5: no alarm left on the floor, so each guard draws a patrol card
    assert s.guards[0].die == C("1D3") and s.guards[1].die == C("2C1")
    assert [h.rule for h in hs if h.kind == "alarm_removed"] == ["TOOL-6"] * 3
    assert s.tool_discard == ["emp"]


def test_tool6_emp_blocks_alarms_until_the_users_next_turn():
    game = emp()
    game.apply("use emp")
    hs = game.apply("move 1A1")  # a Fingerprint: no alarm
    assert not game.s.tiles[C("1A1")].alarm
    assert any(h.kind == "alarm_cancelled" and "E.M.P." in str(h.value) for h in hs)
    game.apply("end")
    assert game.s.active == 1 and game.s.emp_seat == 0  # still on during the next seat's turn
    game.apply("move 1B1")  # the Rook's Fingerprint: no alarm either
    assert not game.s.tiles[C("1B1")].alarm
    hs = game.apply("end")
    assert game.s.active == 0 and game.s.emp_seat is None  # ends at the start of the user's turn (TURN-2a)
    assert any(h.kind == "round_effect_ends" and h.rule == "TOOL-6" for h in hs)
    game.apply("move 1A2")  # now the Fingerprint goes off
    assert game.s.tiles[C("1A2")].alarm


# ----------------------------------------------------------------------------- TOOL-7 Invisible Suit

def suit(tools=("invisible_suit",)) -> Game:
    """The Hawk (Invisible Suit) on 1B2 next to the Camera 1C2; the guard on the Camera 1D1."""
    return build({"1C2": "camera 1 revealed", "1D1": "camera 2 revealed", "1A2": "foyer 1 revealed",
                  "1B1": "safe revealed", "1C1": "secret_door 1 revealed"},
                 chars=[character("hawk", "1B2", tools=list(tools)), character("rook", "1C4")],
                 guards=[{"floor": 1, "cell": "1D1", "die": "1A2", "speed": 2, "deck": ["1A4", "1D3"]}],
                 seed=6, events=["keycode_change"])


def test_tool7_invisible_suit_camera_control():
    game = suit(tools=())
    game.apply("move 1C2")  # a guard stands on another working Camera (TILE-2 trigger 2)
    assert game.s.tiles[C("1C2")].alarm


def test_tool7_invisible_suit_hides_own_arrivals_in_this_action_phase():
    game = suit()
    game.apply("use invisible_suit")
    s = game.s
    assert s.allowance == 5 and "invisible_suit" in s.turn_effects
    hs = game.apply("move 1C2")  # Camera with the guard on the 1D1 Camera: no alarm
    assert not s.tiles[C("1C2")].alarm
    assert any(h.kind == "alarm_cancelled" and "Invisible Suit" in str(h.value) for h in hs)
    for cell in ("1B2", "1B1", "1C1", "1D1"):  # the 5th action, onto the guard's cell
        game.apply(f"move {cell}")
    assert s.characters[0].cell == C("1D1") == s.guards[0].cell
    assert s.characters[0].stealth == 3  # END-2a not paid
    assert s.spent == 5 and game.actions_left == 0


def test_tool7_invisible_suit_does_not_cover_the_guard_phase():
    game = suit()
    game.apply("use invisible_suit")
    game.apply("move 1B1")
    hs = game.apply("end")  # guard phase: 1D1 -> 1C1 -> 1B1, onto the Hawk
    assert "invisible_suit" not in game.s.turn_effects  # gone with the action phase
    assert [game.name(h.cell) for h in hs if h.kind == "guard_step"][:2] == ["1C1", "1B1"]
    assert game.s.characters[0].stealth == 2  # END-2b in the guard phase is not covered


def test_tool7_dec26_invisible_suit_covers_only_the_users_arrivals():
    game = suit()
    game.apply("use invisible_suit")
    rook = game.s.characters[1]
    # another character's arrival in the same phase (as by Orders or Buddy System) is seen
    assert alarms.cancel_reason(game._rules, C("1C2"), "camera", True, by=rook, arrival=True) is None
    hawk = game.s.characters[0]
    assert alarms.cancel_reason(game._rules, C("1C2"), "camera", True, by=hawk, arrival=True) is not None
    rook.cell = C("1D1")
    list(guards.arrival_sight(game._rules, rook, C("1D1")))
    assert rook.stealth == 2


# ----------------------------------------------------------------------------- TOOL-8 Makeup Kit

def test_tool8_makeup_kit_everyone_on_your_tile():
    game = build(chars=[character("hawk", "1B2", stealth=1, tools=["makeup_kit"]), character("rook", "1B2", stealth=0),
                        character("raven", "1C2")], guards=[GUARD_1D4], events=None)
    game.apply("use makeup_kit")
    assert [c.stealth for c in game.s.characters] == [2, 1, 3]
    assert game.s.tool_discard == ["makeup_kit"]


# ----------------------------------------------------------------------------- TOOL-9 Rollerskates

def test_tool9_rollerskates_two_more_actions_event_threshold_unchanged():
    game = solo(["rollerskates"], spent=3, tiles={"1C2": "safe revealed"})
    game.apply("use rollerskates")
    assert game.s.allowance == 6 and game.actions_left == 3
    game.apply("move 1C2")
    game.apply("move 1B2")
    game.apply("move 1C2")
    assert game.actions_left == 0
    hs = game.apply("end")
    assert "event" not in kinds(hs)  # 6 spent > 2 (TURN-4)


# ----------------------------------------------------------------------------- TOOL-10 Smoke Bomb

def test_tool10_smoke_bomb_tokens_pay_like_lavatory_tokens():
    game = solo(["smoke_bomb"], guard={"floor": 1, "cell": "1C2", "die": "1A2", "speed": 1})
    game.apply("use smoke_bomb")
    assert game.s.tiles[C("1B2")].stealth == 3
    game.apply("end")  # guard steps C2 -> B2 onto the Hawk
    assert game.pending is not None and game.pending.rule == "END-3"
    game.apply("stealth tile")
    assert game.s.tiles[C("1B2")].stealth == 2 and game.s.characters[0].stealth == 3


# ----------------------------------------------------------------------------- TOOL-11 Stethoscope

NUMBER_AT = {6: "1A2", 1: "1C2", 2: "1D2", 4: "1B1", 3: "1B3", 5: "1B4"}


def _stetho(seed=1, tools=("stethoscope",), loot=()):
    """The Hawk on a Safe with 2 dice; its combination face up around it."""
    return build({"1B2": "safe revealed dice=2", "1A2": "fingerprint 6 revealed", "1C2": "motion 1 revealed",
                  "1D2": "laser 2 revealed", "1B1": "keypad 4 revealed", "1B3": "thermo 3 revealed",
                  "1B4": "detector 5 revealed"},
                 chars=[character("hawk", "1B2", tools=list(tools), loot=list(loot))], guards=[GUARD_1D4],
                 seed=seed, events=["keycode_change"])


def test_tool11_stethoscope_changes_a_die_before_cracked_tokens():
    game = _stetho()
    hs = game.apply("roll")
    dice = next(h.value for h in hs if h.kind == "safe_roll")
    c = game.pending
    assert c is not None and c.rule == "TOOL-11" and c.seat == 0
    assert not any(game.s.tiles[C(cell)].cracked for cell in NUMBER_AT.values())  # nothing cracked yet
    opts = {str(o) for o in c.options}
    assert "keep-dice" in opts
    assert len(opts) == 5 * len(set(dice)) + 1
    missing = min(set(range(1, 7)) - set(dice))
    old = dice[0]
    game.apply(f"set-die {old} {missing}")
    new = list(dice)
    new[0] = missing
    for face, cell in NUMBER_AT.items():
        assert game.s.tiles[C(cell)].cracked == (face in new), (face, dice, new)
    assert game.s.tool_discard == ["stethoscope"]


def test_tool11_stethoscope_may_be_kept():
    game = _stetho()
    hs = game.apply("roll")
    dice = next(h.value for h in hs if h.kind == "safe_roll")
    game.apply("keep-dice")
    for face, cell in NUMBER_AT.items():
        assert game.s.tiles[C(cell)].cracked == (face in dice)
    assert game.s.characters[0].tools == ["stethoscope"]


def test_tool11_stethoscope_not_with_the_bust_and_never_a_free_action():
    game = _stetho(loot=["bust"])
    game.apply("roll")
    assert game.pending is None  # LOOT-1: not offered
    game = _stetho()
    assert "use stethoscope" not in legal_texts(game)
    refused(game, "use stethoscope", "TOOL-11")
    refused(game, "set-die 1 6", "TOOL-11")
    refused(game, "keep-dice", "TOOL-11")


def test_tool11_stethoscope_choice_replays():
    game = _stetho()
    game.apply("roll")
    game.apply(str(game.pending.options[0]))
    assert game.replay().to_dict() == game.to_dict()


# ----------------------------------------------------------------------------- TOOL-12 Thermal Bomb

def _thermal(cell="1B2", tiles=None, guards=(), **top):
    """The Hawk with the Thermal Bomb on *cell*, a face-down Fingerprint on 2B2."""
    return build({"2B2": "fingerprint 4", **(tiles or {})}, chars=[character("hawk", cell, tools=["thermal_bomb"])],
                 guards=[GUARD_1D4, *guards], seed=8, events=["keycode_change"], **top)


FLOOR3 = {"floor": 3, "cell": "3D4", "die": "3A4"}


def test_tool12_thermal_bomb_links_both_ways_and_triggers_an_alarm():
    game = _thermal()
    assert legal_texts(game) == {"use thermal_bomb 2B2"}  # never below floor 1
    refused(game, "use thermal_bomb 2C2", "TOOL-12")
    refused(game, "use thermal_bomb roof", "TOOL-12")
    hs = game.apply("use thermal_bomb 2B2")
    s = game.s
    assert s.thermal == [(C("1B2"), C("2B2"))]
    assert s.tiles[C("1B2")].alarm and game.pending is None  # not hackable, on the user's tile
    assert [h.rule for h in hs if h.kind == "alarm"] == ["TOOL-12"]
    assert "peek 2B2" in legal_texts(game, "peek")  # peek across (ACT-2)
    game.apply("move 2B2")  # a counting move up (the Fingerprint goes off)
    assert s.characters[0].cell == C("2B2") and s.spent == 1
    assert s.guards[1].placed  # GUARD-2
    assert s.tiles[C("2B2")].alarm  # ACT-5.7 entry effect: a counting entry
    game.apply("move 1B2")  # and back down
    assert s.characters[0].cell == C("1B2") and s.spent == 2


def test_tool12_thermal_bomb_downward_and_time_lock():
    game = _thermal(cell="2B2", tiles={"1B2": "atrium 3 revealed"}, round_effects=[[0, "time_lock"]],
                    guards=[{"floor": 2, "cell": "2D4", "die": "2A4"}])
    assert legal_texts(game) == {"use thermal_bomb 1B2", "use thermal_bomb 3B2"}
    game.apply("use thermal_bomb 1B2")
    assert game.s.thermal == [(C("1B2"), C("2B2"))]
    refused(game, "move 1B2", "EVENT-24")  # DEC-29: Time Lock blocks thermal links


def test_tool12_thermal_bomb_from_floor_3_reaches_the_roof():
    game = _thermal(cell="3B2", guards=[FLOOR3])
    assert "use thermal_bomb roof" in legal_texts(game)
    err = refused(game, "escape", "ACT-15")
    assert "Stairs" in err.reason
    game.apply("use thermal_bomb roof")
    assert game.s.thermal == [(C("3B2"), 48)]
    assert game.to_dict()["thermal"] == [["3B2", "roof"]]
    err = refused(game, "escape", "ACT-15")  # the link is there; the Safes are not cracked
    assert "Safes" in err.reason
    assert "move roof" not in {str(a) for a in game.legal_actions()}


def test_tool12_thermal_roof_link_loads_from_a_scenario():
    game = _thermal(cell="3B2", thermal=[["3B2", "roof"]], guards=[FLOOR3])
    assert game.s.thermal == [(C("3B2"), 48)]


# ----------------------------------------------------------------------------- TOOL-13 Virus

def test_tool13_virus_adds_three_capped_at_six():
    game = solo(["virus"], tiles={"2A1": "computer_laser revealed hack=4", "3A1": "computer_motion revealed",
                                  "1A1": "computer_fingerprint"})
    assert legal_texts(game) == {"use virus 2A1", "use virus 3A1"}
    game.apply("use virus 2A1")
    assert game.s.tiles[C("2A1")].hack == 6  # 4 + 3, max 6 (ALARM-6)
    assert game.s.tool_discard == ["virus"]


def test_tool13_virus_refusals():
    game = solo(["virus"], tiles={"1A1": "computer_fingerprint", "1C2": "laser 2 revealed", "1D1": "laser 1"})
    room = refused(game, "use virus 1A1", "DEC-27")  # face down
    other = refused(game, "use virus 1D1", "DEC-27")  # face down too: the same answer, the kind stays hidden
    assert str(room).replace("1A1", "1D1") == str(other)
    refused(game, "use virus 1C2", "TOOL-13")
    refused(game, "use virus", "TOOL-13")


def test_tool13_virus_from_zero():
    game = solo(["virus"], tiles={"3A1": "computer_motion revealed"})
    game.apply("use virus 3A1")
    assert game.s.tiles[C("3A1")].hack == 3


# ----------------------------------------------------------------------------- whole games

ALL_TOOLS = ["blueprints", "crowbar", "crystal_ball", "donuts", "dynamite", "emp", "invisible_suit",
             "makeup_kit", "rollerskates", "smoke_bomb", "stethoscope", "thermal_bomb", "virus"]


def tool_scenario(seed: int) -> dict:
    """A random start where the characters hold all 13 Tools between them."""
    from burgle.data.cards import CHARACTERS

    rng = random.Random(seed)
    names = rng.sample(sorted(CHARACTERS), rng.randint(1, 4))
    tools = list(ALL_TOOLS)
    rng.shuffle(tools)
    entrance, guard, die = rng.sample(range(16), 3)
    from burgle.geometry.board import cell_name

    return {
        "seed": seed,
        "entrance": cell_name(entrance),
        "characters": [
            {"character": n, "side": rng.choice(["basic", "advanced"]), "cell": cell_name(entrance),
             "tools": tools[i::len(names)]}
            for i, n in enumerate(names)
        ],
        "guards": [{"floor": 1, "cell": cell_name(guard), "die": cell_name(die)}],
        "tool_deck": [],
    }


def _random_playout(seed: int, max_actions: int = 250) -> Game:
    rng = random.Random(seed)
    return play_until(Game.from_scenario(tool_scenario(seed)), lambda g: rng.choice(g.legal_actions()), max_actions)


@pytest.mark.parametrize("seed", range(12))
def test_random_playouts_with_tools_do_not_crash(seed):
    game = _random_playout(seed)
    assert game.replay().to_dict() == game.to_dict()


def test_every_listed_use_is_accepted_and_refusals_name_a_rule():
    game = solo(ALL_TOOLS, tiles={"1C2": "laser 2 revealed", "2A1": "computer_laser revealed"})
    uses = legal_texts(game)
    assert {u.split()[1] for u in uses} == set(ALL_TOOLS) - {"stethoscope"}
    for text in sorted(uses):
        copy = game.copy()
        copy.apply(text)
        while copy.pending is not None:
            copy.apply(copy.pending.options[0])
    assert parse_walls("B2/B3") <= game.s.walls[0]
