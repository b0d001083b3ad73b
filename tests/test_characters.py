"""Character abilities, both sides of every card (RULES.md CHAR-1..18, ACT-14, and the
decisions DEC-22, DEC-25, DEC-37, DEC-46, DEC-49, DEC-50, DEC-52, DEC-54, DEC-56).

Situations are written as scenarios (burgle/engine/scenario.py) on The Bank Job's walls
(RULES.md SETUP-3 draws them; ``burgle layout`` prints them). A refusal raises
IllegalAction naming the rule and leaves ``to_dict()`` unchanged.
"""

from __future__ import annotations

import random

import pytest

from burgle.data.cards import CHARACTERS
from burgle.engine.chance import Chance
from burgle.engine.errors import IllegalAction
from burgle.engine.game import Game
from engine_helpers import C as cell
from engine_helpers import build, character, kinds, play_until, refused
from engine_helpers import char as ch

# The tile under the character the test is about: a Computer Room with no tokens (its own
# effects never come into play).
HOME = {"1B2": "computer_laser revealed"}


def guard1(cell_="1D4", die="1A4", deck=("1B4", "1C1", "1D1")) -> dict:
    return {"floor": 1, "cell": cell_, "die": die, "deck": list(deck)}


def make(tiles, chars, guards=None, seed: int = 1, events=("video_loop",), **top) -> Game:
    """*chars* on *tiles* with *guards* (default: guard1()); *top*: other top-level fields.
    The default Event deck holds a harmless Event for turns that draw one."""
    return build(tiles, chars=chars, guards=guards or [guard1()], seed=seed, events=list(events), **top)


def refuse(game: Game, text: str, rule: str) -> IllegalAction:
    assert text not in [str(a) for a in game.legal_actions()]
    return refused(game, text, rule)


def texts(happenings) -> str:
    return "\n".join(h.text for h in happenings)


# ============================================================================ wrong side / character (ACT-14)

@pytest.mark.parametrize("verb, text, rule", [
    ("flex", "flex 1C2", "CHAR-1"),
    ("climb", "climb 2B2", "CHAR-2"),
    ("laptop", "laptop", "CHAR-4"),
    ("xray", "xray 1B3", "CHAR-5"),
    ("enhance", "enhance 1C2", "CHAR-6"),
    ("crybaby", "crybaby 1C2", "CHAR-7"),
    ("reroute", "reroute take", "CHAR-8"),
    ("distract", "distract 1C2", "CHAR-11"),
    ("disrupt", "disrupt", "CHAR-12"),
    ("tinker", "tinker", "CHAR-14"),
    ("orders", "orders 1 1C2", "CHAR-15"),
    ("disguise", "disguise 1", "CHAR-16"),
    ("clairvoyance", "clairvoyance", "CHAR-17"),
    ("precognition", "precognition", "CHAR-18"),
])
def test_ability_of_the_other_side_is_refused(verb, text, rule):
    """ACT-14: only the chosen side's ability; the other side's is refused naming its CHAR id."""
    from burgle.engine.cards.abilities import SPEC

    _, name, side, spec_rule, _ = SPEC[verb]
    assert spec_rule == rule
    other_side = "advanced" if side == "basic" else "basic"
    game = make({**HOME, "1C2": "safe revealed", "1C3": "computer_motion revealed"},
                [character(name, "1B2", side=other_side), character("hawk" if name != "hawk" else "raven", "1C3")])
    err = refuse(game, text, rule)
    assert "other side of your character" in err.reason


def test_ability_of_another_character_is_refused():
    game = make({**HOME, "1C2": "safe revealed"}, [character("hawk", "1B2"), character("peterman", "1C2")])
    err = refuse(game, "orders 1 1B2", "CHAR-15")
    assert "Rook" in err.reason
    refuse(game, "tinker", "CHAR-14")


# ============================================================================ CHAR-1 Acrobat Flexibility

def flex_game(stealth: int = 3, spent: int = 0, others=(), **acrobat) -> Game:
    return make({**HOME, "1C2": "safe revealed", "1A2": "computer_motion revealed"},
                [character("acrobat", "1B2", stealth=stealth, **acrobat), *others],
                guards=[guard1("1C2", "1D3", deck=["1B4", "1A4", "1D4"])], spent=spent)


def test_flex_moves_into_the_guard_cell_without_stealth_loss():
    """CHAR-1: free counting move into a guard's cell, no END-2a loss."""
    game = flex_game()
    assert "flex 1C2" in [str(a) for a in game.legal_actions()]
    game.apply("flex 1C2")
    a = ch(game)
    assert a.cell == cell("1C2")
    assert a.stealth == 3
    assert game.s.spent == 0
    assert a.flex_cell == cell("1C2")


def test_flex_is_free_even_with_no_action_left_and_unlimited():
    """TURN-3, DEC-46: a free action with 0 actions left, any number per turn."""
    game = flex_game(spent=3)
    game.apply("flex 1C2")
    game.apply("move 1B2")  # the last action
    assert game.actions_left == 0
    game.apply("flex 1C2")  # again, with nothing left
    assert ch(game).cell == cell("1C2")
    assert ch(game).stealth == 3
    assert game.s.spent == 4


def test_flex_penalty_at_guard_phase_when_still_with_the_guard():
    """CHAR-1, DEC-37, TURN-7a: still on the guard's cell when the guard phase starts: -1 Stealth."""
    game = flex_game()
    game.apply("flex 1C2")
    out = game.apply("end")
    penalty = [h for h in out if h.rule == "CHAR-1" and h.kind == "stealth_lost"]
    assert len(penalty) == 1
    assert ch(game).stealth == 2
    assert ch(game).flex_cell is None  # TURN-2c: a new turn, a new Flexibility record


def test_flex_no_penalty_after_leaving_the_guard():
    game = flex_game()
    game.apply("flex 1C2")
    game.apply("move 1B2")  # leaving a guard's cell costs nothing
    out = game.apply("end")
    assert not [h for h in out if h.rule == "CHAR-1"]
    assert ch(game).stealth == 3


def test_flex_no_penalty_on_a_later_turn():
    """CHAR-1: the penalty concerns the Flexibility move of that same turn."""
    game = flex_game()
    game.apply("flex 1C2")
    game.apply("end")  # penalty now; the guard walks away (1C2 -> 1C3 -> 1D3)
    assert ch(game).stealth == 2
    g1 = game.s.guards[0]
    assert g1.cell != ch(game).cell
    assert ch(game).flex_cell is None


def test_flex_refused_without_a_guard_on_the_cell():
    game = flex_game()
    refuse(game, "flex 1A2", "CHAR-1")
    refuse(game, "flex 1B3", "CHAR-1")  # across the wall B2/B3


def test_flex_pays_the_gemstone_surcharge():
    """CHAR-1, DEC-54, LOOT-4: Flexibility is a counting move and pays the Gemstone's +1."""
    others = [character("hawk", "1C2")]
    game = flex_game(loot=["gemstone"], spent=4, others=others)
    refuse(game, "flex 1C2", "LOOT-4")
    game = flex_game(loot=["gemstone"], spent=3, others=others)
    game.apply("flex 1C2")
    assert game.s.spent == 4
    assert ch(game).stealth == 3


# ============================================================================ CHAR-2 Acrobat Climb Window

def climb_game(above: str, spent: int = 0, here: str = "1A1", loot=(), others=(), guard2=None) -> Game:
    """The advanced Acrobat on *here* below the tile *above*; *guard2*: the floor-2 guard's fields."""
    up = "2" + here[1:]
    guard2 = guard2 or {"cell": "2D4", "die": "2D1", "deck": ["2C4", "2B4"]}
    return make({here: "computer_laser revealed", up: above},
                [character("acrobat", here, side="advanced", loot=list(loot)), *others],
                guards=[guard1(), {"floor": 2, **guard2}], spent=spent)


def test_climb_moves_up_spends_3_and_ends_the_phase():
    """CHAR-2: 3 actions, counting move up; the action phase ends (no Event: 3 spent)."""
    game = climb_game("computer_motion")
    events = list(game.s.event_deck)
    out = game.apply("climb 2A1")
    a = ch(game)
    assert a.cell == cell("2A1")
    assert game.s.tiles[cell("2A1")].revealed
    assert "turn_start" in kinds(out)  # the phase ended and the next turn began
    assert "event" not in kinds(out)   # TURN-4: 3 spent actions, no Event
    assert game.s.event_deck == events


def test_climb_places_a_new_floor_guard():
    """CHAR-2, GUARD-2: a climb onto an unguarded floor places its guard."""
    game = climb_game("computer_motion", guard2={"deck": ["2C4", "2B4", "2D4"]})
    assert not game.s.guards[1].placed
    out = game.apply("climb 2A1")
    assert "guard_placed" in kinds(out)
    assert game.s.guards[1].placed


def test_climb_down_from_an_outer_cell():
    game = make({"2D3": "computer_laser revealed", "1D3": "safe"}, [character("acrobat", "2D3", side="advanced")],
                guards=[guard1(), {"floor": 2, "cell": "2A4", "die": "2A1"}])
    game.apply("climb 1D3")
    assert ch(game).cell == cell("1D3")


def test_climb_onto_a_new_deadbolt_stops_but_spends_3_and_ends(  # DEC-56
):
    """DEC-56: a Deadbolt revealed by the climb keeps the Acrobat out (no extra can be paid),
    the 3 actions are spent and the phase ends."""
    game = climb_game("deadbolt 1")
    events = list(game.s.event_deck)
    out = game.apply("climb 2A1")
    assert ch(game).cell == cell("1A1")
    assert game.s.tiles[cell("2A1")].revealed
    assert "blocked" in kinds(out)
    assert "turn_start" in kinds(out)
    assert game.s.event_deck == events  # 3 actions were spent: no Event
    assert game.pending is None  # no 'pay 2 more' choice was offered


def test_climb_refuses_a_known_empty_deadbolt():
    """CHAR-2, DEC-50: a known empty Deadbolt is no legal target."""
    game = climb_game("deadbolt 1 revealed")
    refuse(game, "climb 2A1", "CHAR-2")


def test_climb_refuses_a_revealed_walkway_above():
    """CHAR-2, DEC-52: no moving up into a revealed Walkway."""
    game = climb_game("walkway 1 revealed")
    err = refuse(game, "climb 2A1", "CHAR-2")
    assert "DEC-52" in err.reason


def test_climb_into_a_face_down_walkway_drops_back():
    """DEC-52, TILE-20: a face-down Walkway can be climbed into; it drops the Acrobat back."""
    game = climb_game("walkway 1")
    game.apply("climb 2A1")
    assert ch(game).cell == cell("1A1")
    assert game.s.tiles[cell("2A1")].revealed


def test_climb_laser_triggers_its_alarm():
    """CHAR-2: no extra can be paid, so a Laser triggers."""
    game = climb_game("laser 1")
    out = game.apply("climb 2A1")
    assert ch(game).cell == cell("2A1")
    assert game.s.tiles[cell("2A1")].alarm
    assert "laser_quiet" not in kinds(out)


def test_climb_refuses_inner_cells_the_roof_and_short_allowance():
    game = climb_game("computer_motion", here="1B2")
    refuse(game, "climb 2B2", "CHAR-2")  # not an outer cell
    game = climb_game("computer_motion", spent=2)
    refuse(game, "climb 2A1", "CHAR-2")  # 3 actions needed
    game = make({"3A1": "computer_laser revealed"}, [character("acrobat", "3A1", side="advanced")],
                guards=[guard1(), {"floor": 3, "cell": "3D4", "die": "3D1"}])
    climbs = [str(a) for a in game.legal_actions() if a.verb == "climb"]
    assert climbs == ["climb 2A1"]  # never to the roof (DEC-50)
    refuse(game, "climb 1A1", "CHAR-2")


def test_climb_refuses_gemstone_into_an_occupied_cell():
    """CHAR-2: with the Gemstone, an occupied cell is no legal target."""
    others = [character("hawk", "2A1")]
    game = climb_game("computer_motion revealed", loot=["gemstone"], others=others)
    refuse(game, "climb 2A1", "CHAR-2")


def test_climb_is_not_affected_by_time_lock():
    game = climb_game("computer_motion")
    game = Game.from_scenario({**game.origin["scenario"], "round_effects": [[0, "time_lock"]]})
    game.apply("climb 2A1")
    assert ch(game).cell == cell("2A1")


# ============================================================================ CHAR-3 Hacker Jammer

def jammer_game(tile: str, hacker_side: str = "basic") -> Game:
    return make({**HOME, "1C2": f"{tile} revealed"},
                [character("hawk", "1B2"), character("hacker", "1C2", side=hacker_side)])


def test_jammer_laser_on_another_seats_turn():
    """CHAR-3: anyone entering a Laser where the Hacker stands triggers nothing and pays no extra."""
    game = jammer_game("laser 1")
    out = game.apply("move 1C2")
    assert game.pending is None
    assert game.s.spent == 1
    assert not game.s.tiles[cell("1C2")].alarm
    assert "alarm" not in kinds(out)


def test_jammer_motion_leaving_where_the_hacker_stands():
    game = jammer_game("motion 1")
    game.apply("move 1C2")
    game.apply("move 1B2")
    assert not game.s.tiles[cell("1C2")].alarm


def test_without_jammer_motion_triggers():
    game = jammer_game("motion 1", hacker_side="advanced")
    game.apply("move 1C2")
    game.apply("move 1B2")
    assert game.s.tiles[cell("1C2")].alarm


def test_jammer_hacker_himself():
    game = make({**HOME, "1C2": "fingerprint 4"}, [character("hacker", "1B2")])
    game.apply("move 1C2")
    assert not game.s.tiles[cell("1C2")].alarm


# ============================================================================ CHAR-4 Hacker Laptop

def test_laptop_puts_one_token_for_one_action():
    game = make(HOME, [character("hacker", "1B2", side="advanced")])
    game.apply("laptop")
    assert ch(game).token
    assert game.s.spent == 1
    refuse(game, "laptop", "CHAR-4")  # max 1 token


def test_laptop_refused_without_an_action_left():
    game = make(HOME, [character("hacker", "1B2", side="advanced")], spent=4)
    refuse(game, "laptop", "CHAR-4")


def test_laptop_token_spent_by_another_seat():
    """CHAR-4, ALARM-2.2: any seat may spend the Laptop token on a Fingerprint alarm."""
    game = jammer_game("fingerprint 4", hacker_side="advanced")
    game = Game.from_scenario(_with_token(game, 1))
    game.apply("move 1C2")
    assert game.pending is not None and game.pending.seat == 0
    assert "cancel-alarm laptop" in [str(o) for o in game.pending.options]
    game.apply("cancel-alarm laptop")
    assert not ch(game, 1).token
    assert not game.s.tiles[cell("1C2")].alarm


def _with_token(game: Game, seat: int) -> dict:
    sc = dict(game.origin["scenario"])
    sc["characters"] = [dict(c) for c in sc["characters"]]
    sc["characters"][seat]["token"] = True
    return sc


# ============================================================================ CHAR-5 Hawk X-Ray

def hawk_game(side: str, here: str, tiles: dict) -> Game:
    return make(tiles, [character("hawk", here, side=side)],
                guards=[guard1(), {"floor": 2, "cell": "2D4", "die": "2D3"}])


def test_xray_peeks_through_a_wall_once_per_turn():
    """CHAR-5: free, once per turn, only across a wall of the Hawk's cell."""
    game = hawk_game("basic", "2B1", {"2B1": "computer_laser revealed"})
    xs = sorted(str(a) for a in game.legal_actions() if a.verb == "xray")
    assert xs == ["xray 2A1", "xray 2C1"]
    out = game.apply("xray 2A1")
    assert game.s.tiles[cell("2A1")].revealed
    assert game.s.spent == 0
    assert any(h.kind == "peek" and h.rule == "CHAR-5" for h in out)
    err = refuse(game, "xray 2C1", "CHAR-5")
    assert "once per turn" in err.reason


def test_xray_not_without_a_wall():
    game = hawk_game("basic", "2B1", {"2B1": "computer_laser revealed"})
    refuse(game, "xray 2B2", "CHAR-5")  # adjacent, no wall
    refuse(game, "xray 2D1", "CHAR-5")  # not sharing a side


def test_xray_not_a_face_up_tile():
    game = hawk_game("basic", "2B1", {"2B1": "computer_laser revealed", "2A1": "safe revealed"})
    refuse(game, "xray 2A1", "CHAR-5")


def test_xray_usable_again_next_turn():
    game = hawk_game("basic", "2B1", {"2B1": "computer_laser revealed"})
    game.apply("xray 2A1")
    game.apply("end")
    assert game.s.active == 0 and ch(game).used == []
    game.apply("xray 2C1")


# ============================================================================ CHAR-6 Hawk Enhance

def test_enhance_two_links_through_a_face_up_middle():
    """CHAR-6: 2 links with a face-up middle tile, never through walls."""
    game = hawk_game("advanced", "1A2", {"1A2": "computer_laser revealed", "1B2": "safe revealed"})
    targets = {str(a) for a in game.legal_actions() if a.verb == "enhance"}
    assert "enhance 1C2" in targets and "enhance 1A1" in targets
    assert "enhance 1A3" not in targets  # wall A2/A3
    refuse(game, "enhance 1A3", "CHAR-6")
    refuse(game, "enhance 1D2", "CHAR-6")  # 3 links
    game.apply("enhance 1C2")
    assert game.s.tiles[cell("1C2")].revealed
    assert game.s.spent == 0
    refuse(game, "enhance 1A1", "CHAR-6")  # once per turn


def test_enhance_middle_face_down_is_not_a_link():
    game = hawk_game("advanced", "1A2", {"1A2": "computer_laser revealed", "1B2": "safe"})
    refuse(game, "enhance 1C2", "CHAR-6")


def test_enhance_uses_stairs_both_ways():
    game = hawk_game("advanced", "1A2", {"1A2": "computer_laser revealed", "1B2": "stairs 4 revealed"})
    assert "enhance 2B2" in [str(a) for a in game.legal_actions()]  # up the Stairs from the middle
    game = hawk_game("advanced", "2B2", {"2B2": "computer_laser revealed", "1B2": "stairs 4 revealed"})
    assert "enhance 1A2" in [str(a) for a in game.legal_actions()]  # down the Stairs, then adjacent


# ============================================================================ CHAR-7 Juicer Crybaby

def test_crybaby_on_revealed_adjacent_tiles_only_unlimited():
    """CHAR-7, DEC-27, DEC-46: free, any number, revealed adjacent tiles, not hackable."""
    game = make({**HOME, "1C2": "fingerprint 4 revealed", "1A2": "safe revealed", "1B1": "stairs 4",
                 "1B3": "foyer 1 revealed", "1D1": "computer_fingerprint revealed hack=2"},
                [character("juicer", "1B2")])
    refuse(game, "crybaby 1B1", "CHAR-7")  # face down
    refuse(game, "crybaby 1B3", "CHAR-7")  # across the wall B2/B3
    game.apply("crybaby 1C2")
    assert game.pending is None  # not hackable: no hack token offered
    assert game.s.tiles[cell("1C2")].alarm
    game.apply("crybaby 1A2")
    assert game.s.tiles[cell("1A2")].alarm
    assert game.s.spent == 0
    assert game.s.guards[0].die in (cell("1C2"), cell("1A2"))  # ALARM-3


# ============================================================================ CHAR-8 Juicer Reroute

def reroute_game(alarm: bool, token: bool) -> Game:
    return make({"1B2": f"laser 1 revealed{' alarm' if alarm else ''}"},
                [character("juicer", "1B2", side="advanced", token=token)],
                guards=[guard1(die="1B2" if alarm else "1A4")])


def test_reroute_take_removes_the_alarm_and_the_guard_draws():
    """CHAR-8, ALARM-5, DEC-16: taking the last alarm of the floor makes the guard draw."""
    game = reroute_game(alarm=True, token=False)
    out = game.apply("reroute take")
    assert ch(game).token
    assert not game.s.tiles[cell("1B2")].alarm
    assert game.s.guards[0].die == cell("1D1")
    assert "patrol_draw" in kinds(out)
    assert game.s.spent == 0
    refuse(game, "reroute trigger", "CHAR-8")  # once per turn, either mode


def test_reroute_trigger_sets_the_alarm_off_not_hackable():
    game = make({"1B2": "laser 1 revealed", "1D1": "computer_laser revealed hack=3"},
                [character("juicer", "1B2", side="advanced", token=True)])
    refuse(game, "reroute take", "CHAR-8")  # already holds one
    game.apply("reroute trigger")
    assert game.pending is None
    assert not ch(game).token
    assert game.s.tiles[cell("1B2")].alarm
    assert game.s.guards[0].die == cell("1B2")


def test_reroute_refusals():
    refuse(reroute_game(alarm=False, token=False), "reroute take", "CHAR-8")
    refuse(reroute_game(alarm=False, token=False), "reroute trigger", "CHAR-8")


# ============================================================================ CHAR-9 Peterman Steady Hands

def peterman_game(side: str, tiles: dict, dice_on_safe: int = 1) -> Game:
    return make({"1B2": f"safe revealed dice={dice_on_safe}", **tiles}, [character("peterman", "1B2", side=side)])


@pytest.mark.parametrize("side, count", [("basic", 3), ("advanced", 2)])
def test_steady_hands_safe_roll(side, count):
    """CHAR-9, ACT-11: +1 die for the basic Peterman, not added to the Safe."""
    game = peterman_game(side, {}, dice_on_safe=2)
    out = game.apply("roll")
    roll = next(h for h in out if h.kind == "safe_roll")
    assert len(roll.value) == count
    assert game.s.tiles[cell("1B2")].dice == 2


@pytest.mark.parametrize("side, count", [("basic", 2), ("advanced", 1)])
def test_steady_hands_keypad(side, count):
    """CHAR-9, TILE-10: +1 die on the Peterman's Keypad attempts."""
    game = peterman_game(side, {"1C2": "keypad 4 revealed"})
    out = game.apply("move 1C2")
    roll = next(h for h in out if h.kind == "keypad_roll")
    assert len(roll.value) == count


# ============================================================================ CHAR-10 Peterman Drill

COMBO_2B2 = ["2A2", "2C2", "2D2", "2B1", "2B3", "2B4"]


def drill_game(last: str = "motion 1", **peterman) -> Game:
    cracked = {c: f"{k} cracked revealed" for c, k in zip(
        COMBO_2B2[:5], ["detector 4", "detector 5", "detector 6", "service_duct 5", "service_duct 6"])}
    return make({**HOME, "2B2": "safe revealed dice=1", **cracked, "2B4": f"{last} revealed"},
                [character("peterman", "1B2", side="advanced", **peterman)],
                tool_deck=["crowbar", "donuts"], loot_deck=["bust", "stamp"])


def test_drill_from_below_cracks_and_lays_rewards_on_the_safe():
    """CHAR-10, DEC-22: rewards lie on the drilled Safe; dice of that floor and below rise;
    Drill places no guard (GUARD-2)."""
    probe = drill_game()
    face = Chance.from_state(probe.s.chance.state).dice(1)[0]
    last = {1: "motion 1", 2: "motion 2", 3: "motion 3", 4: "keypad 4", 5: "keypad 5", 6: "keypad 6"}[face]
    game = drill_game(last)
    speeds = [gd.speed for gd in game.s.guards]
    assert "roll 2B2" in [str(a) for a in game.legal_actions()]
    out = game.apply("roll 2B2")
    assert "safe_cracked" in kinds(out)
    safe = game.s.tiles[cell("2B2")]
    assert safe.cracked
    assert safe.items == ("donuts", "stamp")
    assert ch(game).tools == [] and ch(game).loot == []
    assert [gd.speed for gd in game.s.guards] == [speeds[0] + 1, speeds[1] + 1, speeds[2]]
    assert not game.s.guards[1].placed


def test_drill_add_die_from_below_costs_2():
    game = drill_game()
    game.apply("add-die 2B2")
    assert game.s.tiles[cell("2B2")].dice == 2
    assert game.s.spent == 2


def test_drill_from_above():
    game = make({"2B2": "computer_laser revealed", "1B2": "safe revealed"},
                [character("peterman", "2B2", side="advanced")],
                guards=[guard1(), {"floor": 2, "cell": "2D4", "die": "2D3"}])
    game.apply("add-die 1B2")
    assert game.s.tiles[cell("1B2")].dice == 1


def test_drill_refusals():
    basic = make({**HOME, "2B2": "safe revealed dice=1"}, [character("peterman", "1B2")])
    refuse(basic, "roll 2B2", "ACT-11")  # only the advanced side drills
    hidden = make({**HOME, "2B2": "safe"}, [character("peterman", "1B2", side="advanced")])
    refuse(hidden, "add-die 2B2", "CHAR-10")  # a face-down Safe
    keycard = drill_game(loot=["keycard"])
    refuse(keycard, "roll 2B2", "LOOT-7")  # the Keycard holder must stand on that Safe


# ============================================================================ CHAR-11 Raven Distract

def raven_game(side: str, guard=None) -> Game:
    return make(HOME, [character("raven", "1B2", side=side)], guards=[guard or guard1()])


def test_distract_range_0_to_2_walls_count():
    """CHAR-11: any cell of the Raven's floor at walking distance 0-2, free, unlimited."""
    game = raven_game("basic")
    targets = {str(a) for a in game.legal_actions() if a.verb == "distract"}
    assert {"distract 1B2", "distract 1A2", "distract 1A1", "distract 1C1", "distract 1C3"} <= targets
    assert "distract 1B3" not in targets  # wall B2/B3: 3 steps around
    refuse(game, "distract 1B3", "CHAR-11")
    refuse(game, "distract 1D2", "CHAR-11")
    refuse(game, "distract 2B2", "CHAR-11")
    game.apply("distract 1B2")
    assert game.s.crow == cell("1B2")
    game.apply("distract 1C1")
    assert game.s.crow == cell("1C1")
    assert game.s.spent == 0
    refuse(game, "distract 1C1", "CHAR-11")  # already there


SLOW_GUARD = {"floor": 1, "cell": "1D1", "die": "1A1", "speed": 2, "deck": ["1D4", "1C4"]}


def test_distract_crow_costs_the_guard_one_more_mp():
    """CHAR-11, GUARD-12f: D1 -> A1 goes C1, B1, B2, A2; 2 MP reach B1, or only C1 with the crow."""
    control = raven_game("basic", guard=SLOW_GUARD)
    control.apply("end")
    assert control.s.guards[0].cell == cell("1B1")
    game = raven_game("basic", guard=SLOW_GUARD)
    game.apply("distract 1C1")
    game.apply("end")
    assert game.s.guards[0].cell == cell("1C1")
    assert game.s.crow == cell("1C1")  # it stays until moved again


# ============================================================================ CHAR-12 Raven Disrupt

def disrupt_game(alarm: bool) -> Game:
    return make({**HOME, "1A2": "safe revealed", "1D4": f"laser 1 revealed{' alarm' if alarm else ''}"},
                [character("raven", "1B2", side="advanced", stealth=3)],
                guards=[guard1("1B2", "1D4" if alarm else "1A4", deck=["1D1", "1C1"])])


def test_disrupt_cancels_the_guard_move_without_alarms():
    """CHAR-12: a guard starting his move on the crow's cell, no alarm on his floor: he stays;
    the crow returns to the Raven."""
    game = disrupt_game(alarm=False)
    game.apply("disrupt")
    assert game.s.crow == cell("1B2")
    game.apply("move 1A2")
    out = game.apply("end")
    assert any(h.kind == "guard_stays" and h.rule == "CHAR-12" for h in out)
    assert game.s.guards[0].cell == cell("1B2")
    assert game.s.crow is None


def test_disrupt_does_nothing_with_an_alarm_on_the_floor():
    game = disrupt_game(alarm=True)
    game.apply("disrupt")
    game.apply("move 1A2")
    game.apply("end")
    assert game.s.guards[0].cell != cell("1B2")
    assert game.s.crow == cell("1B2")


def test_disrupt_refused_when_the_crow_is_already_there():
    game = disrupt_game(alarm=False)
    game.apply("disrupt")
    refuse(game, "disrupt", "CHAR-12")


# ============================================================================ CHAR-13 / CHAR-14 Rigger

def test_basic_rigger_starts_with_the_dynamite_advanced_does_not():
    """CHAR-13, CHAR-14, SETUP-6."""
    basic = Game.new(3, characters=["rigger", "hawk"], sides=["basic", "basic"])
    assert basic.s.characters[0].tools == ["dynamite"] and "dynamite" not in basic.s.tool_deck
    advanced = Game.new(3, characters=["rigger", "hawk"], sides=["advanced", "basic"])
    assert advanced.s.characters[0].tools == [] and "dynamite" in advanced.s.tool_deck


@pytest.mark.parametrize("side", ["basic", "advanced"])
def test_the_solution_draw_two_keep_one(side):
    """CHAR-13 (and CHAR-14, which carries it): anyone getting a Tool may draw 2, keep 1."""
    game = make({**HOME, "1A2": "safe revealed", "1C2": "laboratory 3"},
                [character("hawk", "1B2"), character("rigger", "1A2", side=side)],
                tool_deck=["crowbar", "donuts", "smoke_bomb"])
    game.apply("move 1C2")
    assert game.pending.seat == 0 and game.pending.rule == "CHAR-13"
    game.apply("draw two")
    assert {str(o) for o in game.pending.options} == {"keep smoke_bomb", "keep donuts"}
    game.apply("keep donuts")
    assert ch(game).tools == ["donuts"]
    assert game.s.tool_discard == ["smoke_bomb"]
    assert game.s.tool_deck == ["crowbar"]


def test_tinker_pays_own_stealth_for_a_tool():
    """CHAR-14: free, any number; pay 1 own Stealth; refused at 0 own Stealth."""
    game = make({"1B2": "lavatory revealed stealth=3"}, [character("rigger", "1B2", side="advanced", stealth=2)],
                tool_deck=["crowbar", "donuts", "smoke_bomb"])
    game.apply("tinker")
    game.apply("draw one")  # Tinker draws use the draw-2-keep-1 rule too
    assert ch(game).tools == ["smoke_bomb"]
    assert ch(game).stealth == 1
    game.apply("tinker")
    game.apply("draw two")
    game.apply("keep crowbar")
    assert ch(game).tools == ["smoke_bomb", "crowbar"]
    assert ch(game).stealth == 0
    assert game.s.tiles[cell("1B2")].stealth == 3  # Lavatory tokens are not own tokens
    assert game.s.spent == 0
    assert not game.is_over  # never a capture
    refuse(game, "tinker", "CHAR-14")


def test_tinker_refused_with_an_empty_tool_deck():
    game = make(HOME, [character("rigger", "1B2", side="advanced")], tool_deck=[])
    refuse(game, "tinker", "CHAR-14")


# ============================================================================ CHAR-15 Rook Orders

def rook_game(side: str = "basic", spent: int = 0, other_cell: str = "1C3", tiles=None,
              other_loot=(), guards=None) -> Game:
    return make({**HOME, **(tiles or {})},
                [character("rook", "1B2", side=side), character("hawk", other_cell, loot=list(other_loot)),
                 character("spotter")], guards=guards, spent=spent, entrance="1D1")


def test_orders_move_another_character_quietly_through_a_laser():
    """CHAR-15, DEC-25: the Rook pays 1 action; a Laser takes the ordered character quietly."""
    game = rook_game(tiles={"1C3": "safe revealed", "1C4": "laser 1"})
    out = game.apply("orders 1 1C4")
    assert ch(game, 1).cell == cell("1C4")
    assert game.pending is None
    assert not game.s.tiles[cell("1C4")].alarm
    assert "laser_quiet" not in kinds(out)
    assert game.s.spent == 1
    err = refuse(game, "orders 1 1C3", "CHAR-15")
    assert "once per turn" in err.reason


def test_orders_ignore_a_known_deadbolt_and_the_gemstone():
    game = rook_game(tiles={"1C3": "safe revealed", "1C4": "deadbolt 1 revealed"}, other_loot=["gemstone"])
    game.apply("orders 1 1C4")
    assert ch(game, 1).cell == cell("1C4")
    assert game.s.spent == 1


def test_orders_keypad_still_rolls():
    game = rook_game(tiles={"1C3": "safe revealed", "1C4": "keypad 4 revealed"})
    out = game.apply("orders 1 1C4")
    assert "keypad_roll" in kinds(out)
    assert game.s.spent == 1


def test_orders_into_the_guards_cell_costs_the_ordered_character_stealth():
    """CHAR-15: all rules apply to the ordered character (END-2a)."""
    game = rook_game(tiles={"1C3": "safe revealed", "1C4": "stairs 4"}, guards=[guard1("1C4", "1A4")])
    game.apply("orders 1 1C4")
    assert ch(game, 1).stealth == 2
    assert ch(game, 0).stealth == 3


def test_orders_refusals():
    game = rook_game(tiles={"1C3": "safe revealed"})
    refuse(game, "orders 1 1A3", "CHAR-15")  # not linked to the Hawk's cell 1C3
    refuse(game, "orders 0 1A2", "CHAR-15")  # himself
    refuse(game, "orders 2 1A1", "CHAR-15")  # the Spotter is not on the board yet
    refuse(game, "orders 3 1A1", "CHAR-15")  # no such seat
    spent = rook_game(spent=4, tiles={"1C3": "safe revealed"})
    refuse(spent, "orders 1 1C4", "CHAR-15")  # no action left


def test_orders_respect_the_ordered_characters_restrictions():
    """CHAR-15, LOOT-9: 'a link it could use': the Painting bars Secret Doors for the ordered one."""
    game = rook_game(other_cell="1A4", tiles={"1A4": "safe revealed", "1B4": "secret_door 1 revealed"},
                     other_loot=["painting"])
    refuse(game, "orders 1 1B4", "LOOT-9")


def test_orders_walk_down_stays_non_counting():
    """CHAR-15, ACT-8: an ordered walk-down is not an entry (no Laser)."""
    game = rook_game(other_cell="2C3", tiles={"2C3": "walkway 1 revealed", "1C3": "laser 1 revealed"},
                     guards=[guard1(), {"floor": 2, "cell": "2A1", "die": "2A4"}])
    game.apply("orders 1 1C3")
    assert ch(game, 1).cell == cell("1C3")
    assert not game.s.tiles[cell("1C3")].alarm
    assert game.s.spent == 1


# ============================================================================ CHAR-16 Rook Disguise

DISGUISE_GUARDS = [guard1("1D4", "1A4"), {"floor": 2, "cell": "2D4", "die": "2A1"}]


def test_disguise_swaps_across_floors_non_counting():
    """CHAR-16: 1 action, any floor; both arrivals non-counting (no Laser on arrival)."""
    game = rook_game(side="advanced", other_cell="2C3", tiles={"2C3": "laser 1 revealed"},
                     guards=DISGUISE_GUARDS)
    out = game.apply("disguise 1")
    assert ch(game, 0).cell == cell("2C3")
    assert ch(game, 1).cell == cell("1B2")
    assert game.s.spent == 1
    assert game.pending is None and not game.s.tiles[cell("2C3")].alarm
    assert "move" in kinds(out)


def test_disguise_only_as_the_first_action():
    """DEC-49: no action point spent yet this turn; free actions before it are fine."""
    game = rook_game(side="advanced", other_cell="2C3", tiles={"2C3": "safe revealed", "1A2": "stairs 4"},
                     guards=DISGUISE_GUARDS)
    game.apply("peek 1A2")
    refuse(game, "disguise 1", "DEC-49")
    again = rook_game(side="advanced", other_cell="2C3", tiles={"2C3": "safe revealed"}, guards=DISGUISE_GUARDS)
    again.apply("disguise 1")
    refuse(again, "disguise 1", "DEC-49")  # so at most once a turn


def test_disguise_after_a_free_action():
    game = make({"1B2": {"kind": "computer_laser", "revealed": True, "items": ["crowbar"]}, "1C3": "safe revealed"},
                [character("rook", "1B2", side="advanced"), character("hawk", "1C3")])
    game.apply("pick-up crowbar")
    game.apply("disguise 1")
    assert ch(game, 0).cell == cell("1C3")


def test_disguise_sight_but_no_tiara():
    """CHAR-16, END-2a: arriving on a guard's cell costs Stealth; LOOT-12: a swap is not a
    move the Tiara reacts to."""
    game = rook_game(side="advanced", other_cell="1C3", other_loot=["tiara"],
                     tiles={"1C3": "safe revealed", "1B1": "stairs 4"}, guards=[guard1("1C3", "1A4")])
    # the Rook arrives on the guard's cell 1C3; the Hawk (Tiara) lands on 1B2, next to no guard
    game.apply("disguise 1")
    assert ch(game, 0).stealth == 2
    assert ch(game, 1).stealth == 3
    tiara = rook_game(side="advanced", other_cell="1D3", other_loot=["tiara"],
                      tiles={"1D3": "safe revealed"}, guards=[guard1("1C2", "1A4")])
    tiara.apply("disguise 1")  # the Hawk lands on 1B2, adjacent to the guard on 1C2
    assert ch(tiara, 1).cell == cell("1B2")
    assert ch(tiara, 1).stealth == 3


def test_disguise_refusals():
    game = rook_game(side="advanced", other_cell="1B2")
    refuse(game, "disguise 1", "CHAR-16")  # same tile: nothing to swap
    refuse(game, "disguise 2", "CHAR-16")  # not on the board
    refuse(game, "disguise 0", "CHAR-16")  # himself


# ============================================================================ CHAR-17 / CHAR-18 Spotter

def spotter_game(side: str, deck=("1A1", "1D4", "1C3"), events=("lampshade", "video_loop", "heads_up")) -> Game:
    return make(HOME, [character("spotter", "1B2", side=side)], guards=[guard1("1D1", "1A4", deck=deck)], events=events)


@pytest.mark.parametrize("where, deck", [("bottom", ["1C3", "1A1", "1D4"]), ("top", ["1A1", "1D4", "1C3"])])
def test_clairvoyance_top_or_bottom(where, deck):
    """CHAR-17: 1 action, once per turn; the seat sees the card (prompt and Happening)."""
    game = spotter_game("basic")
    out = game.apply("clairvoyance")
    assert game.pending is not None and game.pending.seat == 0
    assert "1C3" in game.pending.prompt
    assert "1C3" in texts(out)
    game.apply(f"order {where}")
    assert [str(c) for c in game.to_dict()["guards"][0]["deck"]] == deck
    assert game.s.spent == 1
    err = refuse(game, "clairvoyance", "CHAR-17")
    assert "once per turn" in err.reason


def test_clairvoyance_again_next_turn_and_empty_deck():
    game = spotter_game("basic", deck=["1A1", "1C3"])
    game.apply("clairvoyance")
    game.apply("order top")
    game.apply("end")  # Event, guard phase: he walks to 1A4 and draws 1C3
    assert game.s.active == 0
    game.apply("clairvoyance")  # once per turn resets (TURN-2c)
    empty = spotter_game("basic", deck=[])
    refuse(empty, "clairvoyance", "CHAR-17")


@pytest.mark.parametrize("where, deck", [
    ("bottom", ["heads_up", "lampshade", "video_loop"]),
    ("top", ["lampshade", "video_loop", "heads_up"]),
])
def test_precognition_top_or_bottom(where, deck):
    """CHAR-18: the same with the Event deck."""
    game = spotter_game("advanced")
    out = game.apply("precognition")
    assert "Heads Up!" in game.pending.prompt
    assert "Heads Up!" in texts(out)
    game.apply(f"order {where}")
    assert game.s.event_deck == deck
    assert game.s.spent == 1
    refuse(game, "precognition", "CHAR-18")


def test_precognition_empty_event_deck_refused():
    game = spotter_game("advanced", events=[])
    refuse(game, "precognition", "CHAR-18")


def test_spotter_needs_an_action():
    game = make(HOME, [character("spotter", "1B2")], spent=4)
    refuse(game, "clairvoyance", "CHAR-17")


# ============================================================================ random playouts

@pytest.mark.parametrize("name", list(CHARACTERS))
@pytest.mark.parametrize("side", ["basic", "advanced"])
def test_random_playouts_never_crash(name, side):
    """Seeded random legal play with each side of each character: no crash, every listed
    action is accepted, the guard invariants hold, replay rebuilds the same state."""
    for seed in range(12):
        rnd = random.Random(f"{name}-{side}-{seed}")
        others = [n for n in CHARACTERS if n != name]
        rnd.shuffle(others)
        chars = [name] + others[: rnd.randint(0, 3)]
        sides = [side] + [rnd.choice(["basic", "advanced"]) for _ in chars[1:]]
        game = Game.new(seed, characters=chars, sides=sides)

        def pick(game):
            acts = game.legal_actions()
            if len(acts) > 1 and rnd.random() < 0.8:
                acts = [a for a in acts if a.verb != "end"] or acts
            return rnd.choice(acts)

        def check(game):
            if game.pending is not None or game.is_over:
                return  # mid-resolution or stopped by a capture
            for gd in game.s.guards:
                if gd.placed:
                    assert gd.die != gd.cell
                    assert not game.s.tiles[gd.cell].alarm
            assert game.s.spent <= game.s.allowance

        play_until(game, pick, 150, after=check)
        assert game.replay().to_dict() == game.to_dict()
