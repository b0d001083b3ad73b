"""The guard's forecast route and alarm distances (burgle.analysis.guard_forecast).

Rules: GUARD-5..12 (move, route, tie-break, arrival, entering), ALARM-3 (nearest alarm,
ties), ALARM-4 (switching off), TURN-5 (Thermo), TURN-7 (who moves), CHAR-11/12 (crow),
TOOL-4 (Donuts), TILE-2 (Camera), END-4 (capture).

Floor 1 of The Bank Job (SETUP-3), used throughout:

    +---+---+---+---+
    | A1| B1  C1  D1|
    +   +   +---+   +
    | A2  B2  C2| D2|
    +---+---+   +   +
    | A3  B3  C3  D3|
    +   +   +   +---+
    | A4| B4| C4  D4|
    +---+---+---+---+
"""

from __future__ import annotations

import random

import pytest

from burgle.analysis.guard_forecast import (
    FloorError,
    alarm_distances,
    forecast,
    forecast_all,
    moves_this_turn,
)
from burgle.geometry.board import cell_name, floor_of, parse_cell
from burgle.engine.game import Game


def C(name: str) -> int:
    return parse_cell(name)


def names(cells) -> list[str]:
    return [cell_name(c) for c in cells]


def make(tiles=(), guard=("1D4", "1C3", 2), chars=(("hawk", "1A1", 3),), extra="", guard2=None, **guard_kw):
    """A scenario: *tiles* as (cell, spec) pairs, the floor-1 guard (cell, die, speed),
    characters as (key, cell, stealth); seat 0 is active and has spent 3 actions so
    ending the turn draws no Event (TURN-4)."""
    lines = ["seed = 1", "spent = 3", extra]
    for key, cell, stealth in chars:
        lines += ["[[characters]]", f'character = "{key}"', f'cell = "{cell}"', f"stealth = {stealth}"]
    lines += ["[tiles]"] + [f'{c} = "{spec}"' for c, spec in tiles]
    cell, die, speed = guard
    lines += ["[[guards]]", "floor = 1", f'cell = "{cell}"', f'die = "{die}"', f"speed = {speed}"]
    lines += [f"{k} = {str(v).lower() if isinstance(v, bool) else v}" for k, v in guard_kw.items()]
    if guard2:
        lines += ["[[guards]]", "floor = 2", f'cell = "{guard2[0]}"', f'die = "{guard2[1]}"', f"speed = {guard2[2]}"]
    return Game.from_scenario("\n".join(lines))


def engine_steps(game, floor=1):
    """End the action phase for real and return the cells the floor's guard stepped to
    (choices answered with their first option)."""
    hs = list(game.apply("end"))
    while game.pending is not None:
        hs += list(game.apply(game.legal_actions()[0]))
    return [h.cell for h in hs if h.kind == "guard_step" and floor_of(h.cell) == floor]


# ----------------------------------------------------------------------------- basic moves


def test_mp_is_die_plus_alarms_and_route_is_the_table_route():
    """GUARD-6: MP = die + alarms; GUARD-7/8: he walks his route and stops when MP run out."""
    game = make(tiles=[("1B1", "laser 1 revealed alarm")], guard=("1D4", "1B1", 2))
    f = forecast(game, 1)
    assert f.mp == 3 and f.mp_text == "die 2 + 1 alarm = 3 MP"
    assert names(f.path) == ["1C4", "1C3", "1C2"]
    assert f.complete and cell_name(f.stop) == "1C2"
    assert f.next_destination == C("1B1")
    assert [s.mp_left for s in f.steps] == [2, 1, 0]
    (leg,) = f.legs
    assert names(leg.this_turn) == ["1C4", "1C3", "1C2"] and names(leg.later) == ["1B2", "1B1"]
    assert engine_steps(game) == list(f.path)


def test_forecast_never_changes_the_game():
    game = make(tiles=[("1B1", "laser 1 revealed alarm"), ("1A2", "thermo 1 revealed")],
                guard=("1D4", "1B1", 2), chars=(("hawk", "1A2", 3),))
    before = game.to_dict()
    forecast_all(game)
    alarm_distances(game, 1, end_of_turn=True)
    assert game.to_dict() == before


def test_arrival_mid_move_goes_on_to_the_nearest_alarm():
    """GUARD-11/ALARM-4: he switches off the alarm he arrives on and heads for the nearest
    remaining one with the MP left."""
    game = make(tiles=[("1C3", "laser 1 revealed alarm"), ("1B1", "motion 1 revealed alarm")],
                guard=("1D4", "1C3", 2))
    f = forecast(game, 1)
    assert f.mp == 4
    assert names(f.path) == ["1C4", "1C3", "1C2", "1B2"]
    assert f.steps[1].arrival and f.steps[1].alarm_off and f.steps[1].new_destination == C("1B1")
    assert f.complete and cell_name(f.stop) == "1B2" and f.next_destination == C("1B1")
    assert [(cell_name(l.start), cell_name(l.destination), l.walked) for l in f.legs] == [
        ("1D4", "1C3", 2), ("1C3", "1B1", 2)]
    assert engine_steps(game) == list(f.path)


def test_arrival_without_alarms_stops_the_known_part():
    """GUARD-11/GUARD-3: no alarm left, the next destination is an unseen patrol card."""
    game = make(guard=("1D4", "1C3", 3))
    f = forecast(game, 1)
    assert names(f.path) == ["1C4", "1C3"]
    assert not f.complete and f.stop is None and cell_name(f.end) == "1C3"
    assert f.mp_unknown == 1 and "patrol card" in f.unknown_reason
    assert f.next_destination is None
    assert engine_steps(game)[:2] == list(f.path)


def test_arrival_with_the_last_mp_is_complete():
    game = make(guard=("1D4", "1C3", 2))
    f = forecast(game, 1)
    assert f.complete and cell_name(f.stop) == "1C3" and f.next_destination is None
    assert any("last MP" in n for n in f.notes)


def test_alarm_tie_at_arrival_stops_and_names_the_tie():
    """ALARM-3: equally near alarms: the players choose, so the forecast stops there."""
    game = make(tiles=[("1C3", "laser 1 revealed alarm"), ("1B3", "motion 1 revealed alarm"),
                       ("1D3", "fingerprint 4 revealed alarm")], guard=("1D4", "1C3", 2))
    f = forecast(game, 1)
    assert f.mp == 5 and names(f.path) == ["1C4", "1C3"]
    assert not f.complete and f.mp_unknown == 3
    assert names(f.tie) == ["1B3", "1D3"] and "players choose" in f.unknown_reason


def test_tied_routes_are_listed_with_their_explanation():
    """GUARD-9/10 vector F1 A1>D2: the route via B1 beats the one via C2."""
    game = make(guard=("1A1", "1D2", 2), chars=(("hawk", "1D4", 3),))
    f = forecast(game, 1)
    (leg,) = f.legs
    assert names(leg.route) == ["1A2", "1B2", "1B1", "1C1", "1D1", "1D2"]
    assert [names(a) for a in leg.alternatives] == [["1A2", "1B2", "1C2", "1C3", "1D3", "1D2"]]
    assert leg.explanation and leg.explanation[0].startswith("at B2")
    assert names(f.path) == ["1A2", "1B2"]


# ----------------------------------------------------------------------------- cancelled or changed moves


def test_donuts_cancel_the_move():
    game = make(guard=("1D4", "1C3", 2), donuts=True)
    f = forecast(game, 1)
    assert not f.moves and f.path == () and f.end == C("1D4")
    assert any("TOOL-4" in n for n in f.notes)
    assert engine_steps(game) == []


def test_advanced_raven_crow_disrupts_without_alarms():
    game = make(guard=("1D4", "1C3", 2), chars=(("raven", "1A1", 3),), extra='crow = "1D4"')
    game.s.characters[0].side = "advanced"
    f = forecast(game, 1)
    assert not f.moves and any("CHAR-12" in n for n in f.notes)
    assert engine_steps(game) == []


def test_basic_raven_crow_costs_one_more_mp():
    """GUARD-12f / CHAR-11."""
    game = make(guard=("1D4", "1B1", 4), chars=(("raven", "1A1", 3),), extra='crow = "1C4"')
    f = forecast(game, 1)
    assert f.steps[0].crow and f.steps[0].mp_left == 2
    assert names(f.path) == ["1C4", "1C3", "1C2"]
    assert engine_steps(game) == list(f.path)


def test_thermo_alarm_at_the_end_of_the_actions_counts():
    """TURN-5: ending on a working Thermo places an alarm before the guard moves: +1 MP
    and the die goes to it (ALARM-3)."""
    game = make(tiles=[("1B4", "thermo 1 revealed")], guard=("1D4", "1A1", 2), chars=(("hawk", "1B4", 3),))
    f = forecast(game, 1)
    assert f.pending_alarms == (C("1B4"),) and f.mp == 3
    assert names(f.path) == ["1C4", "1C3", "1B3"]
    assert [(a.name, a.distance, a.pending) for a in f.alarms] == [("1B4", 4, True)]
    assert forecast(game, 1, end_of_turn=False).pending_alarms == ()
    assert engine_steps(game) == list(f.path)


def test_camera_alarm_mid_move_changes_the_destination():
    """GUARD-12e / TILE-2: entering a working Camera while a character stands on another
    one triggers an alarm there; the die goes to it and the guard turns."""
    game = make(tiles=[("1C4", "camera 1 revealed"), ("1A2", "camera 2 revealed")],
                guard=("1D4", "1A1", 2), chars=(("hawk", "1A2", 3),))
    f = forecast(game, 1)
    assert f.steps[0].camera_alarms == (C("1A2"),) and f.steps[0].new_destination == C("1A2")
    assert names(f.path) == ["1C4", "1C3"] and f.next_destination == C("1A2")
    assert [cell_name(l.destination) for l in f.legs] == ["1A1", "1A2"]
    assert engine_steps(game) == list(f.path)


def test_capture_ends_the_move():
    """GUARD-12b / END-4: a character with no Stealth left is captured; the game ends."""
    game = make(guard=("1D4", "1B1", 4), chars=(("hawk", "1A1", 3), ("peterman", "1C3", 0)))
    f = forecast(game, 1)
    assert names(f.path) == ["1C4", "1C3"] and f.steps[-1].captured == 1
    assert f.complete and any("captured" in n for n in f.notes)
    engine_steps(game)
    assert game.outcome == "lost"


def test_foyer_sight_is_recorded():
    """TILE-9: a character on a Foyer pays when the guard enters an adjacent cell."""
    game = make(tiles=[("1A3", "foyer 1 revealed")], guard=("1C3", "1A4", 2),
                chars=(("hawk", "1A1", 3), ("peterman", "1A3", 2)))
    f = forecast(game, 1)
    assert names(f.path) == ["1B3", "1A3"]
    assert f.steps[0].seen == (1,) and f.steps[1].seen == (1,)


# ----------------------------------------------------------------------------- alarm distances, who moves


def test_alarm_distances_nearest_first():
    game = make(tiles=[("1B1", "laser 1 revealed alarm"), ("1D1", "motion 1 revealed alarm")],
                guard=("1D4", "1B1", 2))
    got = [(a.name, a.distance, a.nearest, a.destination) for a in alarm_distances(game, 1)]
    assert got == [("1B1", 5, True, True), ("1D1", 5, True, False)]  # tied: both nearest
    assert alarm_distances(game, 2) == ()


def test_who_moves_this_turn():
    """TURN-7: the guard of the active character's floor; Shift Change swaps (EVENT-19)."""
    game = make(guard=("1D4", "1C3", 2), guard2=("2A1", "2D4", 3))
    assert moves_this_turn(game, 1) and not moves_this_turn(game, 2)
    assert forecast(game, 2).moves_this_turn is False and forecast(game, 2).moves
    game.s.turn_effects.append("shift_change")
    assert not moves_this_turn(game, 1) and moves_this_turn(game, 2)


def test_unplaced_guard():
    game = make()
    f = forecast(game, 3)
    assert not f.placed and f.path == () and "GUARD-2" in f.describe()[0]


@pytest.mark.parametrize("bad", [0, 4, "2", None, True])
def test_bad_floor_is_a_value_error_naming_it(bad):
    game = make()
    with pytest.raises(FloorError) as err:
        forecast(game, bad)
    assert isinstance(err.value, ValueError)
    assert repr(bad) in str(err.value) and "1, 2, 3" in str(err.value)


def test_describe_reads_like_a_player():
    game = make(tiles=[("1B1", "laser 1 revealed alarm")], guard=("1D4", "1B1", 2))
    text = "\n".join(forecast(game, 1).describe())
    assert "die 2 + 1 alarm = 3 MP" in text and "Steps: 1. 1C4, 2. 1C3, 3. 1C2." in text
    assert "He stops on 1C2." in text


# ----------------------------------------------------------------------------- against the engine


def _policy_game(seed: int, rng: random.Random):
    keys = ["acrobat", "hacker", "hawk", "juicer", "peterman", "raven", "rigger", "rook", "spotter"]
    return Game.new(seed=seed, characters=rng.sample(keys, rng.randint(1, 4)))


def test_forecast_matches_the_engine_on_random_games():
    """Whenever a turn ends with no Event drawn, the engine's guard walks exactly the
    forecast path (all of it when the forecast is complete, else its known prefix)."""
    checked = 0
    for seed in range(120):
        rng = random.Random(seed)
        game = _policy_game(seed, rng)
        for _ in range(250):
            if game.is_over:
                break
            acts = game.legal_actions()
            if game.pending is None and game.phase == "actions":
                ends = [a for a in acts if a.verb == "end"]
                moves = [a for a in acts if a.verb == "move"]
                r = rng.random()
                a = ends[0] if ends and (r < 0.25 or game.actions_left <= 0) else (
                    rng.choice(moves) if moves and r < 0.85 else rng.choice(acts))
            else:
                a = rng.choice(acts)
            if a.verb != "end" or game.pending is not None:
                game.apply(a)
                continue
            floor = floor_of(game.active_character.cell)
            before = game.to_dict()
            f = forecast(game, floor)
            assert game.to_dict() == before
            hs = list(game.apply(a))
            while game.pending is not None and not game.is_over:
                hs += list(game.apply(rng.choice(game.legal_actions())))
            if any(h.kind == "event" or h.rule.startswith("EVENT") for h in hs):
                continue  # an Event may move anything; the forecast assumes none
            steps = [h.cell for h in hs if h.kind == "guard_step" and floor_of(h.cell) == floor]
            known = list(f.path)
            assert (steps == known) if f.complete else (steps[: len(known)] == known), (seed, f.describe())
            checked += 1
    assert checked > 300


# ----------------------------------------------------------------------------- what the players know


def test_a_patrol_card_the_spotter_saw_is_followed():
    """CHAR-17: with the top patrol card known, the engine draws it with no chance node, so
    the forecast walks on past his arrival toward that card instead of stopping there."""
    game = Game.from_scenario("""
seed = 1
spent = 2
[[characters]]
character = "spotter"
cell = "1A1"
[[guards]]
floor = 1
cell = "1D4"
die = "1C4"
speed = 3
deck = ["1B1", "1A4", "1D1"]
discard = ["1A1", "1B2", "1C1", "1A2", "1C2", "1D2", "1A3", "1B3", "1C3", "1D3", "1B4", "1C4", "1D4"]
""")
    before = forecast(game, 1)
    assert names(before.path) == ["1C4"] and not before.complete and before.mp_unknown == 2
    game.apply("clairvoyance")
    game.apply("order top")
    after = forecast(game, 1)
    assert len(after.path) == 3 and after.complete
    assert after.steps[0].arrival and after.steps[0].new_destination == C("1D1")
    assert after.next_destination == C("1D1")
    assert engine_steps(game) == list(after.path)  # spent 3: no Event (TURN-4)


@pytest.mark.parametrize("seed", [2, 9, 14])
def test_forecasts_are_the_same_in_every_redeal(seed):
    """Nothing hidden changes a forecast: games re-dealt consistently with the view
    (Game.redeal) get the same forecast, floor by floor."""
    rng = random.Random(seed)
    game = _policy_game(seed, rng)
    for _ in range(60):
        nxt = game.copy()
        nxt.apply(rng.choice(nxt.legal_actions()))
        if nxt.is_over:
            break
        game = nxt
    expected = [forecast(game, f) for f in (1, 2, 3)]
    for k in range(3):
        other = game.redeal(1000 * seed + k)
        assert other.to_dict() != game.to_dict()
        assert [forecast(other, f) for f in (1, 2, 3)] == expected


def test_an_event_the_players_know_is_in_the_forecast():
    """CHAR-18: after Precognition shows Espresso on top of the Event deck, the forecast of
    this turn's move includes it (+1 MP, EVENT Espresso); an unknown Event stays out."""
    scenario = """
seed = 1
spent = 1
event_deck = ["video_loop", "espresso"]
[[characters]]
character = "spotter"
side = "advanced"
cell = "1A1"
[[guards]]
floor = 1
cell = "1D4"
die = "1A4"
speed = 2
"""
    game = Game.from_scenario(scenario)
    unknown = forecast(game, 1)
    assert unknown.mp == 2 and not any("Espresso" in n for n in unknown.notes)
    game.apply("precognition")
    game.apply("order top")
    known = forecast(game, 1)
    assert known.mp == 3 and "Espresso 1" in known.mp_text and any("Espresso" in n for n in known.notes)
    assert len(known.path) == 3
    hs = list(game.apply("end"))  # spent 2: the Event is drawn (TURN-4)
    assert [h.cell for h in hs if h.kind == "guard_step"] == list(known.path)


def test_a_thermo_alarm_tied_with_another_stops_before_he_moves():
    """TURN-5 then ALARM-3: the Thermo's alarm as near as the alarm his die sits on: the
    players choose, so the forecast stops before his first step."""
    base = make(guard=("1D4", "1A1", 2), chars=(("hawk", "1A1", 3),))
    dist = base.table(1).dist
    here = C("1D4") % 16
    pairs = [(a, t) for a in range(16) for t in range(16)
             if a != t and here not in (a, t) and dist[here * 16 + a] == dist[here * 16 + t]]
    a, t = pairs[0]
    game = make(tiles=[(cell_name(a), "laser 1 revealed alarm"), (cell_name(t), "thermo 1 revealed")],
                guard=("1D4", cell_name(a), 2), chars=(("hawk", cell_name(t), 3),))
    f = forecast(game, 1)
    assert f.path == () and sorted(f.tie) == sorted([a, t]) and not f.complete
    assert f.mp == 4 and "players choose" in f.unknown_reason
