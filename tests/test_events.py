"""Events (RULES.md EVENT-0..26, TURN-4, DEC-4..7, DEC-16, DEC-30..33, DEC-43, DEC-55).

Each test builds a state with a scenario, puts the Event under test on top of the Event
deck (the LAST entry), ends the action phase with few actions spent and checks the effect,
its timing and its edge cases. Guards of the active floor carry Donuts when their guard
phase move would blur what the Event did (TOOL-4: he then does not move at all).

The walls are The Bank Job's (RULES.md SETUP-3 draws them; ``burgle layout`` prints them).
"""

from __future__ import annotations

import copy
import json

import pytest

from burgle.geometry.board import cell_name
from burgle.engine import moves
from burgle.engine.game import Game
from engine_helpers import GUARD_1D4, C, build, character, kinds, of_kind, refused

# Harmless tiles put under characters whose cell the scenario leaves unwritten (a random
# Thermo, Foyer, Atrium or Camera there would add effects the test is not about).
QUIET_TILES = ["secret_door 1", "secret_door 2", "walkway 3", "service_duct 5", "walkway 2",
               "service_duct 6", "walkway 1"]

HAWK = character("hawk", "1B2")
# The floor-1 guard on 1D4 heading for 1A4 (with Donuts under him: he skips his next move).
G1 = GUARD_1D4
G1_DONUTS = dict(G1, donuts=True)
G2 = {"floor": 2, "cell": "2D4", "die": "2D1"}


def make(*events: str, tiles=None, chars=(HAWK,), guards=(G1_DONUTS,), seed: int = 3, **top) -> Game:
    """A scenario whose Event deck is *events* (the last on top); *top*: other top-level
    fields. Characters standing where *tiles* writes no tile get a quiet one."""
    tiles = dict(tiles or {})
    used = {" ".join(str(v).split()[:2]) for v in tiles.values() if isinstance(v, str)}
    pool = [t for t in QUIET_TILES if t not in used]
    for ch in chars:
        if ch.get("cell") and ch["cell"] not in tiles:
            tiles[ch["cell"]] = pool.pop(0) + " revealed"
    return build(tiles, chars=list(chars), guards=list(guards), seed=seed, events=list(events), **top)


def drawn(hs) -> list[str]:
    return [h.value for h in hs if h.kind == "event"]


def names(cells) -> list[str]:
    return [cell_name(c) for c in cells]


def options(game: Game) -> set[str]:
    assert game.pending is not None
    return {str(o) for o in game.pending.options}


# A solo Hawk on 1B2; the floor-1 guard on 1D4 heading for 1A4 with Donuts under him.
SOLO_TILES = {"1B2": "walkway 1 revealed"}
SOLO_GUARD = dict(G1_DONUTS, deck=["1A1", "1B1", "1C3"])


def solo(event: str, tiles=SOLO_TILES, hawk=HAWK, guard=SOLO_GUARD, under: str = "reboot", **top) -> Game:
    return make(under, event, tiles=tiles, chars=[hawk], guards=[guard], **top)


# ============================================================================ EVENT-0 / TURN-4

def test_turn4_event_drawn_with_two_spent():
    """TURN-4: the action phase ends with 2 spent actions: one Event is drawn."""
    g = make("reboot", "lampshade", seed=1, spent=2, guards=[G1])
    hs = g.apply("end")
    assert drawn(hs) == ["Lampshade"]
    assert g.s.event_deck == ["reboot"]
    assert g.s.event_discard == ["lampshade"]
    assert of_kind(hs, "event")[0].rule == "TURN-4"
    # the Event comes before the guard phase (TURN-6, TURN-7)
    ks = kinds(hs)
    assert ks.index("event") < ks.index("guard_moves")


def test_turn4_no_event_with_three_spent():
    """TURN-4: 3 spent actions (no Stamp): no Event."""
    g = make("reboot", "lampshade", seed=1, spent=3, guards=[G1])
    hs = g.apply("end")
    assert drawn(hs) == []
    assert g.s.event_deck == ["reboot", "lampshade"]


@pytest.mark.parametrize("spent,expected", [(3, ["Lampshade"]), (4, [])])
def test_turn4_stamp_threshold_three(spent, expected):
    """TURN-4 / LOOT-11: with the Stamp the threshold is 3 spent actions; still one Event."""
    g = make("reboot", "lampshade", seed=1, spent=spent, chars=[dict(HAWK, loot=["stamp"])], guards=[G1])
    assert drawn(g.apply("end")) == expected


def test_turn4_allowance_changes_do_not_change_threshold():
    """TURN-4: Heads Up! raises the allowance, not the threshold: 3 spent of 5 draws nothing."""
    g = make("reboot", "lampshade", seed=1, spent=3, allowance=5, guards=[G1])
    assert drawn(g.apply("end")) == []


def test_turn4_no_event_after_escape():
    """TURN-4 / ACT-15 / DEC-20: escaping ends the turn with no Event and no guard move."""
    g = make("reboot", "lampshade", seed=1,
             tiles={"1C1": "safe revealed cracked", "2C1": "safe revealed cracked", "3C1": "safe revealed cracked",
                    "3B2": "stairs 6 revealed"},
             chars=[character("hawk", "3B2"), character("peterman", "1B2")],
             guards=[G1, {"floor": 3, "cell": "3D4", "die": "3A4"}])
    hs = g.apply("escape")
    assert g.s.characters[0].escaped
    assert drawn(hs) == []
    assert "guard_moves" not in kinds(hs)
    assert g.s.event_deck == ["reboot", "lampshade"]
    assert g.s.active == 1


def test_event0_round_card_stays_with_drawer_then_is_discarded():
    """EVENT-0 / TURN-9: a round card lies in front of its drawer until its next turn, then
    goes to the discards; other cards are discarded at once."""
    g = make("reboot", "time_lock", seed=1, chars=[HAWK, character("peterman", "1A2")])
    g.apply("end")
    assert g.s.round_effects == [(0, "time_lock")]
    assert g.s.event_discard == []
    hs = g.apply("end")  # seat 1 draws Reboot; seat 0's turn begins
    assert drawn(hs) == ["Reboot"]
    assert g.s.active == 0
    assert g.s.round_effects == []
    assert sorted(g.s.event_discard) == ["reboot", "time_lock"]
    assert any(h.kind == "round_effect_ends" and h.value == "Time Lock" for h in hs)


def test_dec33_event_deck_reshuffles_discards_when_empty():
    """DEC-33 / EVENT-0: an empty Event deck is rebuilt from the discards."""
    g = make("lampshade", seed=1, guards=[G1])
    g.apply("end")
    assert g.s.event_deck == [] and g.s.event_discard == ["lampshade"]
    assert g.s.characters[0].stealth == 4
    hs = g.apply("end")
    assert any(h.rule == "DEC-33" for h in hs)
    assert drawn(hs) == ["Lampshade"]
    assert g.s.characters[0].stealth == 5
    assert g.s.event_deck == [] and g.s.event_discard == ["lampshade"]


def test_dec33_reshuffle_leaves_round_cards_in_front_of_players():
    """EVENT-0 / DEC-33: cards lying in front of players are not shuffled back."""
    g = make("time_lock", "lampshade", seed=1, chars=[HAWK, character("peterman", "1A2")])
    assert drawn(g.apply("end")) == ["Lampshade"]  # seat 0
    assert drawn(g.apply("end")) == ["Time Lock"]  # seat 1: lies in front of seat 1
    hs = g.apply("end")  # seat 0: the deck is empty; only Lampshade is in the discards
    assert drawn(hs) == ["Lampshade"]
    ks = kinds(hs)
    # Time Lock was still in front of seat 1 at the reshuffle; it is discarded only when
    # seat 1's next turn begins, after the draw
    assert ks.index("event") < ks.index("round_effect_ends")
    assert g.s.event_deck == []
    assert sorted(g.s.event_discard) == ["lampshade", "time_lock"]


# ============================================================================ EVENT-1 Brown Out

def test_event1_brown_out_removes_all_alarms_one_draw_per_alarm():
    """EVENT-1 / DEC-16: every alarm goes; each guard draws one card per alarm removed on
    his floor (not one more for the last alarm); the last card sets the destination."""
    g = make("reboot", "brown_out", seed=1,
             tiles={"1A2": "laser 1 revealed alarm", "1C3": "motion 1 revealed alarm",
                    "2C2": "fingerprint 4 revealed alarm"},
             guards=[dict(G1_DONUTS, die="1C3", deck=["1A1", "1B1", "1D1"]),
                     {"floor": 2, "cell": "2A1", "die": "2C2", "deck": ["2D4", "2B4"]}])
    hs = g.apply("end")
    assert not any(t.alarm for t in g.s.tiles)
    g1, g2 = g.s.guards[0], g.s.guards[1]
    assert names(g1.discard) == ["1D1", "1B1"]  # 2 alarms removed on floor 1
    assert g1.die == C("1B1")
    assert names(g1.deck) == ["1A1"]
    assert names(g2.discard) == ["2B4"]  # 1 alarm removed on floor 2
    assert g2.die == C("2B4")
    assert len([h for h in hs if h.kind == "alarm_removed" and h.rule == "EVENT-1"]) == 3
    assert len(of_kind(hs, "patrol_draw")) == 3


def test_event1_brown_out_without_alarms_does_nothing():
    """EVENT-1 / CONV-8: no alarm token anywhere: no draw."""
    g = solo("brown_out")
    before = copy.deepcopy(g.s.guards[0].discard)
    hs = g.apply("end")
    assert "patrol_draw" not in kinds(hs)
    assert g.s.guards[0].discard == before
    assert g.s.guards[0].die == C("1A4")


# ============================================================================ EVENT-2 Buddy System

def buddy() -> Game:
    """Hawk on 1B2, Peterman on floor 2 (2C3), Raven on 1D1."""
    return make("reboot", "buddy_system", seed=1,
                tiles={"1B2": "walkway 1 revealed", "2C3": "walkway 2 revealed", "1D1": "foyer 1 revealed"},
                chars=[HAWK, character("peterman", "2C3"), character("raven", "1D1")],
                guards=[G1_DONUTS, {"floor": 2, "cell": "2A4", "die": "2A1"}])


def test_event2_buddy_system_choice_and_non_counting_move():
    """EVENT-2: choose another character on the board; it comes onto your tile, a
    non-counting arrival (ACT-8)."""
    g = buddy()
    g.apply("end")
    assert g.pending is not None and g.pending.rule == "EVENT-2"
    assert options(g) == {"character 1", "character 2"}
    refused(g, "character 0")  # not another character
    refused(g, "end")  # the Event resolves first
    hs = g.apply("character 1")
    assert g.s.characters[1].cell == C("1B2")
    mv = [h for h in hs if h.kind == "move" and h.rule == "EVENT-2"]
    assert mv and mv[0].seat == 1
    assert g.s.characters[1].stealth == 3


def test_event2_buddy_system_sight_on_a_guard_cell():
    """EVENT-2 / END-2a / DEC-13: a non-counting (non-fall) arrival on a guard's cell is seen."""
    g = make("reboot", "buddy_system", seed=1, chars=[HAWK, character("peterman", "1A1")],
             guards=[dict(G1_DONUTS, cell="1B2")])
    g.apply("end")  # one candidate: no question asked
    assert g.s.characters[1].cell == C("1B2")
    assert g.s.characters[1].stealth == 2


def test_event2_buddy_system_no_candidate_does_nothing():
    """EVENT-2 / CONV-8: no other character on the board (solo): nothing."""
    g = solo("buddy_system")
    hs = g.apply("end")
    assert g.pending is None
    assert any(h.rule == "EVENT-2" for h in hs)
    assert g.s.characters[0].cell == C("1B2")


# ============================================================================ EVENT-3 / EVENT-4 (DEC-4)

def test_event3_change_of_plans_draws_a_patrol_card():
    """EVENT-3: no alarm on your floor: the guard draws a patrol card (GUARD-3)."""
    g = solo("change_of_plans")
    hs = g.apply("end")
    assert g.s.guards[0].die == C("1C3")
    assert names(g.s.guards[0].discard)[-1] == "1C3"
    assert [h.rule for h in hs if h.kind == "patrol_draw"] == ["GUARD-3"]


def test_event3_change_of_plans_with_alarm_does_nothing():
    """EVENT-3 / DEC-4: an alarm on your floor: nothing happens."""
    g = alarm_solo("change_of_plans")
    deck = g.s.guards[0].deck
    hs = g.apply("end")
    assert g.s.guards[0].deck == deck
    assert g.s.guards[0].die == C("1C3")
    assert any(h.rule == "DEC-4" for h in hs)


def alarm_solo(event: str) -> Game:
    """Solo Hawk on 1B2 with an alarm on 1C3 (the die on it)."""
    return solo(event, tiles={**SOLO_TILES, "1C3": "motion 1 revealed alarm"},
                guard=dict(G1_DONUTS, die="1C3", deck=["1A1", "1B1", "1D1"]))


def test_event4_crash_moves_die_to_your_tile():
    """EVENT-4: no alarm on your floor: the die moves to your tile."""
    g = solo("crash")
    hs = g.apply("end")
    assert g.s.guards[0].die == C("1B2")
    assert "patrol_draw" not in kinds(hs)
    assert any(h.kind == "destination" and h.rule == "EVENT-4" for h in hs)


def test_event4_crash_with_alarm_does_nothing():
    """EVENT-4 / DEC-4: an alarm on your floor: nothing happens."""
    g = alarm_solo("crash")
    hs = g.apply("end")
    assert g.s.guards[0].die == C("1C3")
    assert any(h.rule == "DEC-4" for h in hs)


def test_event4_crash_guard_on_your_tile_arrives():
    """EVENT-4 / GUARD-3 / DEC-8: the guard already on your tile has arrived: he draws."""
    g = make("reboot", "crash", guards=[dict(G1_DONUTS, cell="1B2", deck=["1D1", "1C3"])])
    g.apply("end")
    assert g.s.guards[0].die == C("1C3")
    assert g.s.guards[0].cell == C("1B2")


@pytest.mark.parametrize("event", ["crash", "throw_voice", "change_of_plans"])
def test_dec4_events_do_nothing_with_an_alarm_on_your_floor(event):
    """DEC-4: Crash!, Throw Voice and Change of Plans do nothing while your floor has an
    alarm token (no choice asked, die and deck unchanged)."""
    g = alarm_solo(event)
    gd = copy.deepcopy(g.s.guards[0].to_dict())
    hs = g.apply("end")
    assert g.pending is None
    assert g.s.guards[0].to_dict()["die"] == gd["die"]
    assert g.s.guards[0].to_dict()["deck"] == gd["deck"]
    assert any(h.rule == "DEC-4" for h in hs)


def test_dec4_alarm_on_another_floor_does_not_count():
    """DEC-4 / EVENT-0: only your floor's alarms matter."""
    g = make("reboot", "crash", tiles={"2C2": "fingerprint 4 revealed alarm"},
             guards=[G1_DONUTS, {"floor": 2, "cell": "2A1", "die": "2C2"}])
    g.apply("end")
    assert g.s.guards[0].die == C("1B2")


# ============================================================================ EVENT-5 / EVENT-7

@pytest.mark.parametrize("event,mp", [("daydreaming", 2), ("espresso", 4), ("lampshade", 3)])
def test_event5_event7_guard_mp_this_turn(event, mp):
    """EVENT-5 Daydreaming (-1 MP) / EVENT-7 Espresso (+1 MP) / GUARD-6: your floor's guard,
    this turn's guard phase only."""
    g = make("reboot", event, chars=[HAWK, character("peterman", "2A1")],
             guards=[dict(G1, speed=3), dict(G2, speed=3, donuts=True)])
    hs = g.apply("end")
    moves_ = of_kind(hs, "guard_moves")
    assert moves_[0].value == mp
    assert g.s.turn_effects == []  # gone once the turn is over
    # next turn (seat 1, on floor 2): no carry-over; his guard eats the Donuts
    assert g.s.active == 1


def test_event5_daydreaming_never_below_zero():
    """EVENT-5 / GUARD-6: MP minimum 0 (die 1 with Daydreaming = 0 MP: he does not step)."""
    g = make("reboot", "daydreaming", guards=[dict(G1, speed=1)])
    hs = g.apply("end")
    assert of_kind(hs, "guard_moves")[0].value == 0
    assert "guard_step" not in kinds(hs)
    assert g.s.guards[0].cell == C("1D4")


# ============================================================================ EVENT-6 Dead Drop

def dead_drop(receiver_loot: str) -> Game:
    """Seat 1 (Peterman, 1B2) draws Dead Drop holding 2 Tools and 2 Loot; seat 0 (Hawk) is on
    his right."""
    return make("reboot", "dead_drop", active=1,
                chars=[character("hawk", "1A1", loot=[receiver_loot]),
                       character("peterman", "1B2", tools=["virus", "crowbar"], loot=["gold_bar", "mirror"]),
                       character("raven", "1C3")])


def test_event6_dead_drop_gives_everything_to_the_player_on_the_right():
    """EVENT-6 / DEC-30: all Tools and Loot go to the previous seat."""
    g = dead_drop("tiara")
    hs = g.apply("end")
    receiver, giver, other = g.s.characters  # seat 1 drew; seat 0 is on its right
    assert giver.tools == [] and giver.loot == []
    assert receiver.tools == ["virus", "crowbar"]
    assert receiver.loot == ["tiara", "gold_bar", "mirror"]
    assert other.tools == [] and other.loot == []
    assert any(h.rule == "EVENT-6" and h.seat == 1 for h in hs)


def test_event6_dead_drop_gold_bar_overflow_stays():
    """EVENT-6 / LOOT-5 / DEC-30: a Gold Bar that would be the receiver's second stays."""
    g = dead_drop("gold_bar")
    g.apply("end")
    receiver, giver = g.s.characters[0], g.s.characters[1]
    assert receiver.loot.count("gold_bar") == 1
    assert giver.loot == ["gold_bar"]
    assert giver.tools == []
    assert receiver.tools == ["virus", "crowbar"]
    assert "mirror" in receiver.loot


def test_event6_dead_drop_skips_escaped_and_reaches_unplaced():
    """EVENT-6 / TURN-1: the player on your right skips escaped seats; a receiver not yet
    placed still receives."""
    g = make("reboot", "dead_drop", active=2, entrance="1A1",
             chars=[character("hawk"), character("peterman", escaped=True),
                    character("raven", "1B2", tools=["virus"])])
    g.apply("end")
    assert g.s.characters[0].tools == ["virus"]
    assert g.s.characters[2].tools == []


def test_event6_dead_drop_solo_does_nothing():
    """EVENT-6: the player on your right is yourself: nothing."""
    g = solo("dead_drop")
    g.s.characters[0].tools.append("virus")
    g.apply("end")
    assert g.s.characters[0].tools == ["virus"]


# ============================================================================ EVENT-8 Freight Elevator

def test_event8_freight_elevator_falls_up_without_stealth_loss():
    """EVENT-8 / DEC-11: floors 1-2: fall to the cell directly above (non-counting, reveal,
    GUARD-2), no Stealth loss even on the guard's cell."""
    g = make("reboot", "freight_elevator", tiles={"1B2": "walkway 1 revealed", "2B2": "fingerprint 4"},
             guards=[G1, {"floor": 2, "deck": ["2D4", "2B2"]}])
    hs = g.apply("end")
    ch = g.s.characters[0]
    assert ch.cell == C("2B2")
    assert g.s.tiles[C("2B2")].revealed
    assert g.s.guards[1].discard[0] == C("2B2")  # GUARD-2: placed on his first card
    assert any(h.kind == "guard_placed" and h.cell == C("2B2") for h in hs)
    assert ch.stealth == 3  # a fall landing costs nothing
    assert not g.s.tiles[C("2B2")].alarm  # no entry effect (Fingerprint)
    assert any(h.kind == "fall" and h.rule == "EVENT-8" for h in hs)
    # TURN-7: the guard phase moves the guard of the floor the character is on now: he
    # walks off the character's cell (starting there costs nothing, END-2)
    assert g.s.guards[0].cell == C("1D4")
    assert g.s.guards[1].cell != C("2B2")


def roof(cracked: str = "cracked", round_effects=(), peterman: bool = True) -> Game:
    """The Hawk (Tiara) on floor 3 draws Freight Elevator; the 1C1 Safe is *cracked* or not."""
    chars = [character("hawk", "3B4", loot=["tiara"])] + ([character("peterman", "1B2")] if peterman else [])
    return make("reboot", "freight_elevator", round_effects=list(round_effects),
                tiles={"1C1": f"safe revealed {cracked}", "2C1": "safe revealed cracked",
                       "3C1": "safe revealed cracked", "3B4": "laser 1 revealed"},
                chars=chars, guards=[G1, {"floor": 3, "cell": "3D1", "die": "3A1"}])


def test_event8_freight_elevator_on_floor3_escapes_when_act15_holds():
    """EVENT-8 / DEC-6: on floor 3, with all Safes cracked and all Loot held, the drawer
    escapes at once (ACT-15 consequences: no guard move)."""
    g = roof()
    hs = g.apply("end")
    ch = g.s.characters[0]
    assert ch.escaped and ch.cell is None
    assert ch.loot == ["tiara"]
    assert any(h.kind == "escaped" for h in hs)
    assert "guard_moves" not in kinds(hs)  # TURN-7b
    assert g.s.guards[2].cell == C("3D1")
    assert g.s.active == 1
    assert not g.is_over


def test_event8_freight_elevator_on_floor3_not_blocked_by_time_lock():
    """EVENT-8 / DEC-6 / DEC-29: the elevator is not a Stairs, roof or thermal link: Time
    Lock does not stop it (see docs/rules-decisions.md)."""
    g = roof(round_effects=[[1, "time_lock"]])
    g.apply("end")
    assert g.s.characters[0].escaped


def test_event8_freight_elevator_on_floor3_without_conditions_does_nothing():
    """EVENT-8 / DEC-6: a Safe still locked: nothing happens, the turn goes on."""
    g = roof(cracked="")
    hs = g.apply("end")
    assert g.s.characters[0].cell == C("3B4")
    assert not g.s.characters[0].escaped
    assert any(h.rule == "EVENT-8" for h in hs)
    assert "guard_moves" in kinds(hs)


def test_event8_freight_elevator_last_escape_wins():
    """EVENT-8 / END-7: the last character escaping by the elevator wins the game."""
    g = roof(peterman=False)
    g.apply("end")
    assert g.is_over and g.outcome == "won"


# ============================================================================ EVENT-9 Go With Your Gut

def gut(b1="foyer 1 revealed", a2="atrium 3 revealed", c2="atrium 4 revealed") -> Game:
    return make("reboot", "go_with_your_gut",
                tiles={"1B2": "walkway 1 revealed", "1B1": b1, "1A2": a2, "1C2": c2})


def test_event9_go_with_your_gut_choice_free_counting_move():
    """EVENT-9: choose among the adjacent face-down tiles (walls respected: 1B3 is behind a
    wall); a counting move at no action cost."""
    g = gut(b1="foyer 1", a2="atrium 3")
    g.apply("end")
    assert g.pending.rule == "EVENT-9"
    assert options(g) == {"cell 1B1", "cell 1A2"}  # 1C2 face up, 1B3 behind the wall
    refused(g, "cell 1C2")
    refused(g, "cell 1B3")
    hs = g.apply("cell 1A2")
    ch = g.s.characters[0]
    assert ch.cell == C("1A2")
    assert any(h.kind == "move" and h.rule == "EVENT-9" for h in hs)


def test_event9_go_with_your_gut_costs_nothing():
    """EVENT-9: the move costs 0 actions (spent unchanged when it resolves)."""
    g = gut(b1="foyer 1", a2="atrium 3", c2="atrium 4 revealed")
    g.s.spent = 1
    g.apply("end")
    assert g.s.spent == 1  # still in the Event: nothing paid
    g.apply("cell 1B1")
    assert g.s.characters[0].cell == C("1B1")


def test_event9_go_with_your_gut_empty_deadbolt_stops():
    """EVENT-9: extra costs cannot be paid: a newly revealed empty Deadbolt stops you."""
    g = gut(a2="deadbolt 1", c2="atrium 4 revealed")
    hs = g.apply("end")  # one target: no question; the Deadbolt offers no 'pay'
    assert g.s.characters[0].cell == C("1B2")
    assert g.s.tiles[C("1A2")].revealed
    assert any(h.kind == "blocked" and h.rule == "TILE-6" for h in hs)


def test_event9_go_with_your_gut_laser_triggers():
    """EVENT-9: a Laser cannot be crossed quietly: its alarm triggers."""
    g = gut(a2="laser 1", c2="atrium 4 revealed")
    g.apply("end")
    assert g.s.characters[0].cell == C("1A2")
    assert g.s.tiles[C("1A2")].alarm


def test_event9_go_with_your_gut_keypad_one_attempt():
    """EVENT-9: a Keypad allows one attempt (1 die)."""
    g = gut(a2="keypad 4", c2="atrium 4 revealed")
    hs = g.apply("end")
    rolls = of_kind(hs, "keypad_roll")
    assert len(rolls) == 1 and len(rolls[0].value) == 1


def test_event9_go_with_your_gut_walkway_fall():
    """EVENT-9 / TILE-20 / DEC-47: a Walkway revealed by the move drops you below."""
    g = make("reboot", "go_with_your_gut",
             tiles={"2B2": "atrium 3 revealed", "2B1": "foyer 1 revealed", "2A2": "walkway 2",
                    "2C2": "atrium 4 revealed", "1A2": "foyer 2 revealed"},
             chars=[character("hawk", "2B2")], guards=[G1, dict(G2, donuts=True)])
    g.apply("end")
    assert g.s.characters[0].cell == C("1A2")


def test_event9_go_with_your_gut_no_face_down_neighbour():
    """EVENT-9 / CONV-8: no adjacent face-down tile: nothing (a face-down tile behind a wall
    does not count)."""
    g = gut()
    hs = g.apply("end")
    assert g.s.characters[0].cell == C("1B2")
    assert any(h.rule == "EVENT-9" for h in hs)


# ============================================================================ EVENT-10 Gymnastics

def gym(active: int, gymnastics_out: bool = True, event: str = "lampshade") -> Game:
    """Hawk on 1C2 and Peterman on 1B2, below the Walkways 2C2 and 2B2; the Hawk drew
    Gymnastics (it lies in front of seat 0) unless *gymnastics_out* is false."""
    top = {"round_effects": [[0, "gymnastics"]]} if gymnastics_out else {}
    return make("reboot", event, active=active, **top,
                tiles={"2B2": "walkway 1 revealed", "2C2": "walkway 2 revealed", "1B2": "foyer 1 revealed",
                       "1C2": "foyer 2 revealed"},
                chars=[character("hawk", "1C2"), character("peterman", "1B2")], guards=[G1, G2])


def test_event10_gymnastics_lets_others_climb_onto_a_walkway():
    """EVENT-10 / DEC-7: any character but the drawer may move (1 action, counting) from the
    cell directly below a revealed Walkway onto it."""
    g = gym(1)
    g.apply("move 2B2")
    assert g.s.characters[1].cell == C("2B2")
    assert g.s.spent == 1


def test_event10_gymnastics_excludes_the_drawer():
    """EVENT-10 (seed 001): the drawer itself gets no Gymnastics link."""
    g = gym(1)
    drawer = g.s.characters[0]
    assert C("2C2") not in moves.links_from(g, drawer)
    assert "gymnastics" in moves.links_from(g, g.s.characters[1])[C("2B2")]
    g2 = gym(0)
    assert refused(g2, "move 2C2").rule == "ACT-4"  # no link at all for the drawer


def test_event10_gymnastics_drawn_is_a_round_effect():
    """EVENT-10 / TURN-9: drawn, it lies in front of the drawer; the next player may climb."""
    g = gym(0, gymnastics_out=False, event="gymnastics")
    refused(g, "move 2C2")
    g.apply("end")
    assert g.s.round_effects == [(0, "gymnastics")]
    assert g.s.active == 1
    g.apply("move 2B2")
    assert g.s.characters[1].cell == C("2B2")


def test_event10_without_gymnastics_no_climb():
    """TILE-20: without Gymnastics no one moves up into a revealed Walkway."""
    g = gym(1, gymnastics_out=False)
    refused(g, "move 2B2")


# ============================================================================ EVENT-11 / EVENT-12

def two(event: str, peterman=character("peterman", "2A1"), **top) -> Game:
    """Hawk (1B2) draws *event*, then Keycode Change, then Reboot; Peterman waits on 2A1."""
    return make("reboot", "keycode_change", event, chars=[HAWK, peterman],
                guards=[G1_DONUTS, dict(G2, die="2A4")], **top)


def test_event11_heads_up_adds_an_action_to_the_next_player():
    """EVENT-11 / TURN-2e: the next player gets +1 action on its next turn."""
    g = two("heads_up")
    g.apply("end")
    assert g.s.active == 1
    assert g.s.allowance == 5
    assert g.s.heads_up == (0, 0)
    g.apply("end")  # seat 1 -> seat 0: back to normal
    assert g.s.active == 0 and g.s.allowance == 4


def test_event11_heads_up_waits_for_a_turn_that_is_not_skipped():
    """EVENT-11 / TURN-10: a pending Heads Up! survives a skipped turn."""
    g = two("heads_up")
    g.s.skip = (False, True)  # Jump the Gun already pending for seat 1
    g.apply("end")  # seat 0 draws Heads Up!; seat 1 is skipped; seat 0 again
    assert g.s.active == 0
    assert g.s.allowance == 4
    assert g.s.heads_up == (0, 1)
    g.apply("end")  # seat 0 draws Keycode Change; seat 1's turn with 5 actions
    assert g.s.active == 1 and g.s.allowance == 5
    assert g.s.heads_up == (0, 0)


def test_event11_heads_up_solo_goes_to_the_drawer():
    """EVENT-11 / DEC-31: the next player may be the drawer itself."""
    g = solo("heads_up")
    g.apply("end")
    assert g.s.active == 0 and g.s.allowance == 5


def test_event11_heads_up_with_mirror():
    """EVENT-11 / TURN-2e: 4 - 1 (Mirror) + 1 (Heads Up!) = 4."""
    g = two("heads_up", peterman=character("peterman", "2A1", loot=["mirror"]))
    g.apply("end")
    assert g.s.allowance == 4


def test_event12_jump_the_gun_skips_the_whole_turn():
    """EVENT-12 / TURN-10: the next player's next turn is skipped: no actions, Event or guard
    phase (its floor's guard does not move); its round effects still expire."""
    g = two("jump_the_gun", round_effects=[[1, "video_loop"]])
    hs = g.apply("end")
    assert [h.seat for h in of_kind(hs, "turn_skipped")] == [1]
    assert g.s.active == 0
    assert g.s.guards[1].cell == C("2D4")  # no guard phase on floor 2
    assert g.s.round_effects == []  # TURN-10: only TURN-2(a) happens
    assert drawn(hs) == ["Jump the Gun"]  # no Event for the skipped seat
    assert g.s.skip == (False, False)
    assert g.s.event_deck == ["reboot", "keycode_change"]


def test_event12_jump_the_gun_unplaced_character_is_not_placed():
    """EVENT-12 / TURN-10: a skipped first turn does not place the character."""
    g = make("reboot", "jump_the_gun", entrance="1A1", chars=[HAWK, character("peterman")])
    g.apply("end")
    assert g.s.active == 0
    assert g.s.characters[1].cell is None


def test_event12_jump_the_gun_solo_skips_own_turn():
    """EVENT-12 / DEC-31: solo, the drawer's own next turn is skipped."""
    g = solo("jump_the_gun")
    turn = g.s.turn
    hs = g.apply("end")
    assert of_kind(hs, "turn_skipped")
    assert g.s.active == 0
    assert g.s.turn == turn + 2


# ============================================================================ EVENT-13..15

def test_event13_jury_rig_draws_a_tool():
    """EVENT-13: draw a Tool."""
    g = solo("jury_rig", tool_deck=["virus", "rollerskates"])
    hs = g.apply("end")
    assert g.s.characters[0].tools == ["rollerskates"]
    assert g.s.tool_deck == ["virus"]
    assert any(h.kind == "tool_drawn" and h.rule == "EVENT-13" for h in hs)


def test_event13_jury_rig_empty_tool_deck_gives_nothing():
    """EVENT-13 / DEC-33: the Tool deck never reshuffles: nothing."""
    g = solo("jury_rig", tool_deck=[])
    hs = g.apply("end")
    assert g.s.characters[0].tools == []
    assert "no_tool" in kinds(hs)


def test_event13_jury_rig_with_rigger_draw_two_keep_one():
    """EVENT-13 / CHAR-13: with a Rigger in the game the drawer may draw 2 and keep 1."""
    g = make("reboot", "jury_rig", tool_deck=["virus", "rollerskates", "crowbar"],
             chars=[HAWK, character("rigger", "1A1")])
    g.apply("end")
    assert g.pending.rule == "CHAR-13"
    g.apply("draw two")
    refused(g, "keep virus")
    g.apply("keep rollerskates")
    assert g.s.characters[0].tools == ["rollerskates"]
    assert "crowbar" in g.s.tool_discard and "virus" not in g.s.tool_discard
    assert g.s.tool_deck == ["virus"]


def test_event14_keycode_change_closes_every_keypad():
    """EVENT-14: every keypad-open token is removed."""
    open_keypad = {"kind": "keypad", "revealed": True, "keypad_open": True}
    g = solo("keycode_change", tiles={"1A2": dict(open_keypad, number=4), "2C3": dict(open_keypad, number=5)})
    assert g.s.tiles[C("1A2")].keypad_open
    g.apply("end")
    assert not g.s.tiles[C("1A2")].keypad_open
    assert not g.s.tiles[C("2C3")].keypad_open


def test_event15_lampshade_gains_one_stealth_no_maximum():
    """EVENT-15 / DEC-48: gain 1 Stealth, no maximum."""
    g = solo("lampshade", hawk=dict(HAWK, stealth=5))
    hs = g.apply("end")
    assert g.s.characters[0].stealth == 6
    assert any(h.kind == "stealth_gained" and h.rule == "EVENT-15" for h in hs)


# ============================================================================ EVENT-16 Lost Grip

def test_event16_lost_grip_falls_below_without_stealth_loss():
    """EVENT-16 / DEC-11: fall to the cell directly below, no Stealth loss on a guard's cell;
    the guard of the new floor moves in the guard phase (TURN-7)."""
    g = make("reboot", "lost_grip", tiles={"2B2": "atrium 3 revealed", "1B2": "fingerprint 4"},
             chars=[character("hawk", "2B2")], guards=[dict(G1_DONUTS, cell="1B2"), dict(G2, die="2A4")])
    hs = g.apply("end")
    ch = g.s.characters[0]
    assert ch.cell == C("1B2") and ch.stealth == 3
    assert g.s.tiles[C("1B2")].revealed and not g.s.tiles[C("1B2")].alarm
    assert any(h.kind == "fall" and h.rule == "EVENT-16" for h in hs)
    assert g.s.guards[1].cell == C("2D4")  # floor-2 guard did not move
    assert g.s.guards[0].donuts is False  # floor-1 guard's guard phase (Donuts eaten)


def test_event16_lost_grip_on_floor1_does_nothing():
    """EVENT-16 / CONV-8: on floor 1 nothing happens."""
    g = solo("lost_grip")
    hs = g.apply("end")
    assert g.s.characters[0].cell == C("1B2")
    assert "fall" not in kinds(hs)


def test_event16_lost_grip_leaving_motion_triggers_it():
    """EVENT-16 / DEC-40 / TILE-14: falling off a Motion tile entered this turn triggers it."""
    g = make("reboot", "lost_grip",
             tiles={"2A2": "atrium 3 revealed", "2B2": "motion 1 revealed", "1B2": "foyer 1 revealed"},
             chars=[character("hawk", "2A2")], guards=[G1_DONUTS, G2])
    g.apply("move 2B2")
    g.apply("end")
    assert g.s.characters[0].cell == C("1B2")
    assert g.s.tiles[C("2B2")].alarm
    assert g.s.guards[1].die == C("2B2")


# ============================================================================ EVENT-17 Peekhole

def test_event17_peekhole_reach_and_mandatory():
    """EVENT-17 / DEC-55: cells sharing a side (walls ignored) and directly above/below; the
    peek is mandatory (no way to decline, no other action meanwhile)."""
    g = make("reboot", "peekhole", tiles={"2B2": "atrium 3 revealed", "2A2": "foyer 1 revealed"},
             chars=[character("hawk", "2B2")], guards=[G1, dict(G2, donuts=True)])
    g.apply("end")
    assert g.pending.rule == "EVENT-17"
    # 2B3 lies behind the B2/B3 wall and still counts; 2A2 is face up
    assert options(g) == {"cell 2B1", "cell 2C2", "cell 2B3", "cell 1B2", "cell 3B2"}
    refused(g, "cell 2A2")
    refused(g, "end")
    assert "end" not in {str(a) for a in g.legal_actions()}
    guard3 = copy.deepcopy(g.s.guards[2].to_dict())
    hs = g.apply("cell 3B2")
    assert g.s.tiles[C("3B2")].revealed
    assert any(h.kind == "peek" and h.rule == "EVENT-17" for h in hs)
    assert g.s.characters[0].cell == C("2B2")
    assert g.s.guards[2].to_dict() == guard3  # a peek never places a guard (GUARD-2)


def test_event17_peekhole_nothing_to_peek():
    """EVENT-17 / CONV-8: no face-down tile in reach: nothing."""
    g = solo("peekhole", tiles={**SOLO_TILES, "1B1": "foyer 1 revealed", "1A2": "foyer 2 revealed",
                                "1C2": "atrium 3 revealed", "1B3": "atrium 4 revealed", "2B2": "walkway 2 revealed"})
    hs = g.apply("end")
    assert g.pending is None
    assert "peek" not in kinds(hs)


# ============================================================================ EVENT-18 Reboot

def test_event18_reboot_sets_every_revealed_computer_room_to_one():
    """EVENT-18: every revealed Computer Room ends with exactly 1 hack token."""
    g = solo("reboot", under="lampshade",
             tiles={**SOLO_TILES, "1A1": "computer_laser revealed", "2C3": "computer_motion revealed hack=4",
                    "3D4": "computer_fingerprint"})
    g.apply("end")
    assert g.s.tiles[C("1A1")].hack == 1
    assert g.s.tiles[C("2C3")].hack == 1
    assert g.s.tiles[C("3D4")].hack == 0  # face down


# ============================================================================ EVENT-19 Shift Change

def shift(floor3: bool = True) -> Game:
    """The Hawk (1B2) draws Shift Change; guards on floors 1, 2 and (if *floor3*) 3."""
    guards = [G1, dict(G2, die="2A4")] + ([{"floor": 3, "cell": "3A1", "die": "3D1"}] if floor3 else [])
    return make("reboot", "shift_change", guards=guards)


def test_event19_shift_change_moves_the_other_floors_guards():
    """EVENT-19: your floor's guard does not move; every placed guard of another floor makes
    a guard-phase move, in the order the players choose."""
    g = shift()
    g.apply("end")
    assert g.pending.rule == "EVENT-19"
    assert options(g) == {"cell 2D4", "cell 3A1"}
    refused(g, "cell 1D4")
    hs = g.apply("cell 3A1")
    assert g.s.guards[0].cell == C("1D4")  # his floor's guard stays
    assert g.s.guards[2].cell != C("3A1")
    assert g.s.guards[1].cell != C("2D4")
    steps = [h.cell // 16 + 1 for h in hs if h.kind == "guard_step"]
    assert steps[0] == 3 and steps[-1] == 2  # floor 3 first, as chosen
    assert g.s.turn_effects == []


def test_event19_shift_change_only_placed_guards_move():
    """EVENT-19: unplaced guards never move; one other guard: no question."""
    g = shift(floor3=False)
    g.apply("end")
    assert g.pending is None
    assert g.s.guards[1].cell != C("2D4")
    assert g.s.guards[0].cell == C("1D4")
    assert not g.s.guards[2].placed


# ============================================================================ EVENT-20 Shoplifting

def test_event20_shoplifting_alarms_every_looted_lab_not_hackable():
    """EVENT-20 / ALARM-1: an alarm on every looted Laboratory; hack tokens cannot stop it."""
    g = solo("shoplifting", tiles={**SOLO_TILES, "1C3": "laboratory 3 revealed looted",
                                   "1A1": "laboratory 4 revealed", "2A1": "computer_laser revealed hack=3"})
    hs = g.apply("end")
    assert g.pending is None  # no hack question
    assert g.s.tiles[C("1C3")].alarm
    assert not g.s.tiles[C("1A1")].alarm
    assert g.s.guards[0].die == C("1C3")
    assert any(h.kind == "alarm" and h.rule == "EVENT-20" for h in hs)


# ============================================================================ EVENT-21 Squeak!

def test_event21_squeak_one_step_toward_nearest_character():
    """EVENT-21 / GUARD-14 / DEC-43: one forced step along the GUARD-9 route toward the
    nearest character on his floor; not a guard-phase move (Donuts stay)."""
    g = make("reboot", "squeak", guards=[dict(G1, die="1A1", speed=1, donuts=True)])
    hs = g.apply("end")
    # route 1D4 -> 1B2: D3/D4 walled, so the only shortest first step is 1C4
    assert g.s.guards[0].cell == C("1C4")
    assert any(h.kind == "guard_teleport" and h.rule == "GUARD-14" for h in hs)
    ks = kinds(hs)
    assert ks.index("guard_teleport") < ks.index("guard_stays")  # then the Donuts


def test_event21_squeak_onto_a_character_sees_it():
    """EVENT-21 / GUARD-12b: stepping onto a character's cell costs it 1 Stealth."""
    g = make("reboot", "squeak", guards=[dict(G1_DONUTS, cell="1C2")])
    g.apply("end")
    assert g.s.guards[0].cell == C("1B2")
    assert g.s.characters[0].stealth == 2


def test_event21_squeak_guard_on_a_character_stays():
    """EVENT-21: he stays if he already stands on a character's cell."""
    g = make("reboot", "squeak", chars=[HAWK, character("peterman", "1D4")])
    hs = g.apply("end")
    assert g.s.guards[0].cell == C("1D4")
    assert "guard_teleport" not in kinds(hs)
    assert g.s.characters[1].stealth == 3


def test_event21_squeak_ties_players_choose():
    """EVENT-21 / DEC-43: equally near characters pulling him different ways: players choose."""
    g = make("reboot", "squeak", chars=[character("hawk", "1B3"), character("peterman", "1D3")],
             guards=[dict(G1_DONUTS, cell="1C3")])
    g.apply("end")
    assert g.pending.rule == "EVENT-21"
    assert options(g) == {"character 0", "character 1"}
    refused(g, "character 2")
    g.apply("character 1")
    assert g.s.guards[0].cell == C("1D3")
    assert g.s.characters[1].stealth == 2


def test_event21_squeak_step_onto_his_destination_arrives():
    """EVENT-21 / GUARD-14: a step onto his die's cell is an arrival: GUARD-11 draws."""
    g = make("reboot", "squeak", guards=[dict(G1_DONUTS, cell="1C2", die="1B2", deck=["1A1", "1D4"])])
    g.apply("end")
    assert g.s.guards[0].cell == C("1B2")
    assert g.s.guards[0].die == C("1D4")


# ============================================================================ EVENT-22 Switch Signs

def test_event22_switch_signs_without_alarms_swaps_guard_and_die():
    """EVENT-22 / GUARD-14: no alarm: guard and die swap cells; a teleport (GUARD-12 for
    characters on the new cell) with no GUARD-11 (no patrol draw)."""
    g = make("reboot", "switch_signs", chars=[HAWK, character("peterman", "1A4")])
    deck = g.s.guards[0].deck
    hs = g.apply("end")
    gd = g.s.guards[0]
    assert gd.cell == C("1A4") and gd.die == C("1D4")
    assert gd.deck == deck
    assert "patrol_draw" not in kinds(hs)
    assert g.s.characters[1].stealth == 2


def signs_alarms(event: str, alarm_1d4: bool = True) -> Game:
    """The guard on 1D1 heads for the alarm on 1B1; another alarm on 1D4 (if *alarm_1d4*)."""
    tiles = {"1B1": "laser 1 revealed alarm"} | ({"1D4": "motion 1 revealed alarm"} if alarm_1d4 else {})
    return make("reboot", event, tiles=tiles, guards=[dict(G1_DONUTS, cell="1D1", die="1B1", deck=["1C3", "1C4"])])


@pytest.mark.parametrize("event", ["switch_signs", "where_is_he"])
def test_dec5_with_alarms_nearest_alarm_switch_off_new_destination(event):
    """DEC-5 (EVENT-22, EVENT-26): with alarms, the guard teleports to the nearest alarm,
    switches it off, then GUARD-11 sends the die to the nearest remaining alarm."""
    g = signs_alarms(event)
    g.apply("end")
    gd = g.s.guards[0]
    # from 1D1: 1B1 is 2 steps away, 1D4 is 5 (D3/D4 walled): 1B1 is nearest
    assert gd.cell == C("1B1")
    assert not g.s.tiles[C("1B1")].alarm
    assert g.s.tiles[C("1D4")].alarm
    assert gd.die == C("1D4")


@pytest.mark.parametrize("event", ["switch_signs", "where_is_he"])
def test_dec5_last_alarm_switched_off_draws(event):
    """DEC-5 / GUARD-11: the only alarm switched off: he draws a patrol card."""
    g = signs_alarms(event, alarm_1d4=False)
    g.apply("end")
    gd = g.s.guards[0]
    assert gd.cell == C("1B1")
    assert gd.die == C("1C4")
    assert not any(t.alarm for t in g.s.tiles)


@pytest.mark.parametrize("event", ["switch_signs", "where_is_he"])
def test_dec5_tied_alarms_players_choose(event):
    """DEC-5 / ALARM-3: equally near alarms: players choose."""
    g = make("reboot", event, tiles={"1A3": "laser 1 revealed alarm", "1C3": "motion 1 revealed alarm"},
             chars=[character("hawk", "1D1")], guards=[dict(G1_DONUTS, cell="1B3", die="1A3")])
    g.apply("end")
    assert options(g) == {"alarm 1A3", "alarm 1C3"}
    refused(g, "alarm 1D1")
    g.apply("alarm 1C3")
    gd = g.s.guards[0]
    assert gd.cell == C("1C3") and gd.die == C("1A3")
    assert not g.s.tiles[C("1C3")].alarm


# ============================================================================ EVENT-23 Throw Voice

def test_event23_throw_voice_moves_die_to_an_adjacent_cell():
    """EVENT-23 / DEC-55: the die moves to a cell adjacent to its current cell, your choice
    (walls respected: 1A4|1B4)."""
    g = solo("throw_voice")  # die on 1A4: its only neighbour is 1A3 (A4|B4 walled)
    hs = g.apply("end")
    assert g.pending is None  # a single option is taken without asking
    assert g.s.guards[0].die == C("1A3")  # next to the die, not to the drawer (DEC-55)
    assert any(h.kind == "destination" and h.rule == "EVENT-23" for h in hs)


def test_event23_throw_voice_choice():
    """EVENT-23: choose among the die's neighbours; an illegal one is refused."""
    g = make("reboot", "throw_voice", guards=[dict(G1_DONUTS, die="1B3")])
    g.apply("end")
    assert options(g) == {"cell 1A3", "cell 1C3", "cell 1B4"}  # B2/B3 walled
    refused(g, "cell 1B2")
    refused(g, "cell 1D3")
    hs = g.apply("cell 1C3")
    assert g.s.guards[0].die == C("1C3")
    assert any(h.kind == "destination" and h.rule == "EVENT-23" for h in hs)


def test_event23_throw_voice_onto_the_guard_is_an_arrival():
    """EVENT-23 / GUARD-3: the die moved onto the guard's cell: he has arrived and draws."""
    g = make("reboot", "throw_voice", guards=[dict(G1_DONUTS, die="1C4", deck=["1A1", "1D4", "1B1"])])
    g.apply("end")
    assert options(g) == {"cell 1D4", "cell 1C3"}
    g.apply("cell 1D4")
    assert g.s.guards[0].die == C("1B1")


# ============================================================================ EVENT-24 Time Lock

def time_lock(peterman_cell: str = "1C3") -> Game:
    """The Hawk (1B2) draws Time Lock; the Peterman waits on the Stairs 1C3 (or on 1A1, at
    the thermal link 1A1-2A1)."""
    return make("reboot", "keycode_change", "time_lock", thermal=[["1A1", "2A1"]],
                tiles={"1B2": "walkway 1 revealed", "1C3": "stairs 4 revealed", "2C3": "foyer 1 revealed",
                       "1A1": "foyer 2 revealed", "2A1": "atrium 3 revealed", "1C4": "computer_motion 6"},
                chars=[HAWK, character("peterman", peterman_cell)], guards=[G1_DONUTS, G2])


def test_event24_time_lock_blocks_stairs_until_the_drawers_next_turn():
    """EVENT-24 / TURN-9 / DEC-29: no one may use Stairs (or thermal links) until the drawer's
    next turn begins."""
    g = time_lock()
    g.apply("end")  # seat 0 draws Time Lock
    assert g.s.active == 1
    assert refused(g, "move 2C3").rule == "EVENT-24"
    g.apply("move 1C4")
    g.apply("move 1C3")
    g.apply("end")  # seat 1: 2 spent -> Keycode Change; seat 0's turn: Time Lock expires
    assert g.s.active == 0 and g.s.round_effects == []
    g.apply("end")  # seat 0 draws Reboot; seat 1 again
    g.apply("move 2C3")
    assert g.s.characters[1].cell == C("2C3")


def test_event24_time_lock_blocks_thermal_links_and_roof():
    """EVENT-24 / DEC-29: thermal links are stairs links for Time Lock."""
    g = time_lock(peterman_cell="1A1")
    g.apply("end")
    assert refused(g, "move 2A1").rule == "EVENT-24"


# ============================================================================ EVENT-25 Video Loop

def video(active: int, effects, event: str, guard=None) -> Game:
    """The Hawk on the Camera 1A4, the Peterman on 1B2; the guard on the Camera 1D1 (or *guard*)."""
    return make("reboot", event, active=active, round_effects=effects,
                tiles={"1B1": "camera 1 revealed", "1A4": "camera 2 revealed", "1C1": "camera 3 revealed",
                       "1B2": "foyer 1 revealed", "2A1": "atrium 3 revealed"},
                chars=[character("hawk", "1A4"), character("peterman", "1B2")],
                guards=[guard or {"floor": 1, "cell": "1D1", "die": "1B1", "speed": 2}])


@pytest.mark.parametrize("event,alarm", [("video_loop", False), ("lampshade", True)])
def test_event25_video_loop_suspends_camera_guard_trigger(event, alarm):
    """EVENT-25 / TILE-2(1) / GUARD-12e: drawn before the guard phase, Video Loop stops the
    guard entering a Camera from alarming the character on another Camera."""
    g = video(0, [], event)
    g.apply("end")
    assert g.s.tiles[C("1A4")].alarm is alarm


@pytest.mark.parametrize("effects,alarm", [('[[0, "video_loop"]]', False), ("[]", True)])
def test_event25_video_loop_suspends_camera_arrival_trigger(effects, alarm):
    """EVENT-25 / TILE-2(2): a character arriving on a Camera while a guard stands on another
    Camera triggers nothing under Video Loop."""
    g = video(1, json.loads(effects), "lampshade", guard={"floor": 1, "cell": "1C1", "die": "1D1", "speed": 2})
    g.apply("move 1B1")
    assert g.s.tiles[C("1B1")].alarm is alarm


# ============================================================================ EVENT-26 Where Is He?

def test_event26_where_is_he_teleports_to_die_and_arrives():
    """EVENT-26 / GUARD-14 / GUARD-11: no alarm: he teleports to his die's cell and draws a
    new destination; characters there are seen."""
    g = make("reboot", "where_is_he", chars=[HAWK, character("peterman", "1A4")],
             guards=[dict(G1_DONUTS, deck=["1D1", "1C2"])])
    hs = g.apply("end")
    gd = g.s.guards[0]
    assert gd.cell == C("1A4")
    assert gd.die == C("1C2")
    assert g.s.characters[1].stealth == 2
    assert any(h.kind == "guard_teleport" for h in hs)


def test_event26_where_is_he_alarm_on_other_floor_ignored():
    """EVENT-26 / EVENT-0: only alarms of his floor matter."""
    g = make("reboot", "where_is_he", tiles={"2C2": "fingerprint 4 revealed alarm"},
             guards=[dict(G1_DONUTS, deck=["1D1", "1C2"]), {"floor": 2, "cell": "2A1", "die": "2C2"}])
    g.apply("end")
    assert g.s.guards[0].cell == C("1A4")
    assert g.s.guards[1].cell == C("2A1")


# ============================================================================ replay, saves

def test_event_choice_pending_survives_replay_and_save():
    """EVENT-0 / CONV-7: an Event choice is an ordinary logged action: a game paused on it
    replays and reloads to the same state, and answering it plays on identically."""
    g = buddy()
    g.apply("end")
    assert g.pending is not None
    again = g.replay()
    assert again.to_dict() == g.to_dict()
    loaded = Game.load(g.save())
    assert loaded.to_dict() == g.to_dict()
    g.apply("character 2")
    loaded.apply("character 2")
    assert loaded.to_dict() == g.to_dict()


# ============================================================================ all cards

def test_every_event_has_an_effect():
    """EVENT-1..26: every card of the deck is implemented."""
    from burgle.data.cards import EVENT_DECK
    from burgle.engine.cards.events import EFFECTS

    assert set(EFFECTS) == set(EVENT_DECK)
