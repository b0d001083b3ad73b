"""Rules whose only checks were indirect: guards ignoring tiles, the Laser and Motion
Computer Rooms, and play passing to the next player."""

from __future__ import annotations

from engine_helpers import C, build, cells_of, char, guard, kinds, tile

OPEN_FLOOR_1 = {"1": ""}


def test_guard_walks_through_deadbolt_laser_and_motion_untouched_GUARD_13():
    """GUARD-13: no cost, block or alarm affects a guard."""
    game = build(
        tiles={"1C1": "deadbolt 1 revealed", "1B1": "laser 1 revealed", "1A1": "motion 1 revealed"},
        chars=[{"character": "hawk", "cell": "1D4"}],
        guards=[{"floor": 1, "cell": "1D1", "die": "1A1", "speed": 3, "deck": ["1B3"]}],
        walls=OPEN_FLOOR_1, spent=3)
    happened = game.apply("end")
    assert cells_of(happened, "guard_step") == ["1C1", "1B1", "1A1"]
    assert "alarm" not in kinds(happened) and "blocked" not in kinds(happened)
    assert not any(tile(game, c).alarm for c in ("1C1", "1B1", "1A1"))
    assert guard(game, 1).cell == C("1A1")  # where he arrived


def test_laser_computer_room_tokens_cancel_a_laser_alarm_TILE_4():
    """TILE-4 with ALARM-2: the Laser Computer Room's tokens cancel only Laser alarms."""
    game = build(
        tiles={"1B2": "walkway 1 revealed", "1C2": "laser 2 revealed", "2A1": "computer_laser revealed hack=2"},
        chars=[{"character": "hawk", "cell": "1B2"}], walls=OPEN_FLOOR_1)
    game.apply("move 1C2")
    assert {str(a) for a in game.legal_actions()} == {"laser quiet", "laser alarm"}
    game.apply("laser alarm")
    assert {str(a) for a in game.legal_actions()} == {"cancel-alarm computer", "allow-alarm"}
    happened = game.apply("cancel-alarm computer")
    assert "alarm_hacked" in kinds(happened)
    assert tile(game, "2A1").hack == 1 and not tile(game, "1C2").alarm


def test_laser_computer_room_tokens_do_not_cancel_a_fingerprint_TILE_4():
    game = build(
        tiles={"1B2": "walkway 1 revealed", "1C2": "fingerprint 4", "2A1": "computer_laser revealed hack=2"},
        chars=[{"character": "hawk", "cell": "1B2"}], walls=OPEN_FLOOR_1)
    game.apply("move 1C2")
    assert game.pending is None  # no hack choice offered: wrong type
    assert tile(game, "1C2").alarm and tile(game, "2A1").hack == 2


def test_motion_computer_room_tokens_cancel_the_motion_alarm_on_leaving_TILE_5():
    """TILE-5 with TILE-14: leaving a Motion tile entered this turn offers the Motion tokens."""
    game = build(
        tiles={"1B2": "walkway 1 revealed", "1C2": "motion 2 revealed", "1D2": "foyer 2 revealed",
               "2A1": "computer_motion revealed hack=1"},
        chars=[{"character": "hawk", "cell": "1B2"}], walls=OPEN_FLOOR_1)
    game.apply("move 1C2")
    game.apply("move 1D2")
    assert {str(a) for a in game.legal_actions()} == {"cancel-alarm computer", "allow-alarm"}
    game.apply("cancel-alarm computer")
    assert not tile(game, "1C2").alarm and tile(game, "2A1").hack == 0
    assert char(game).cell == C("1D2")


def test_play_passes_to_the_next_player_skipping_escaped_seats_TURN_8_TURN_1():
    """TURN-8: after the guard phase the next player (TURN-1) begins."""
    game = build(chars=[{"character": "hawk", "cell": "1B2"}, {"character": "raven", "cell": "1A1"},
                        {"character": "rook", "escaped": True}], spent=3)
    happened = game.apply("end")
    assert game.s.active == 1 and "turn_start" in kinds(happened)
    game.apply("end")  # the Raven ends too (a harmless filler Event): seat 2 has escaped, so seat 0 is next
    assert game.s.active == 0
