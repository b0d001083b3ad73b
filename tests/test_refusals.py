"""Refused actions: each illegal action raises IllegalAction or ActionSyntaxError (both
ValueError), names the action and the RULES.md id it breaks, and changes nothing
(guide: legality first, mutation after)."""

from __future__ import annotations

import pytest

from burgle.engine.actions import Action
from burgle.engine.errors import ActionSyntaxError, IllegalAction
from engine_helpers import Game, assert_refused, build, refused

BASE = {"1B2": "safe revealed", "1C2": "fingerprint 4 revealed", "1A2": "laser 1"}


def base_game(**kw):
    return build(BASE, **kw)


def refuse(game, text, rule):
    err = refused(game, text, rule)
    assert isinstance(err, ValueError)
    msg = str(err)
    assert repr(str(Action.parse(text))) in msg, msg  # names the action as written by the engine
    assert err.reason and len(err.reason) > 10
    assert not game.is_legal(text)
    return msg


@pytest.mark.parametrize("text, rule", [
    ("move 1D4", "ACT-4"),  # wrong cell: not adjacent
    ("move 1B3", "ACT-4"),  # through the B2/B3 wall
    ("move 1B2", "ACT-4"),  # its own cell
    ("move 2B2", "ACT-4"),  # no Stairs here
    ("move 3D4", "ACT-4"),
    ("peek 1C2", "DEC-42"),  # face up
    ("peek 1B3", "ACT-2"),  # through a wall
    ("peek 1D1", "ACT-2"),
    ("peek 2B2", "ACT-2"),
    ("hack", "ACT-9"),  # not on a Computer Room
    ("roll", "DEC-45"),  # no dice on the Safe
    ("roll 1A1", "ACT-11"),  # not there
    ("add-die 2B2", "ACT-10"),  # only the Drill reaches another Safe
    ("escape", "ACT-15"),  # not on the floor-3 Stairs
    ("entrance 1A1", "SETUP-9"),  # setup is over
    ("catch-kitty", "DEC-18"),
    ("pick-up crowbar", "ACT-13"),
    ("give crowbar 1", "ACT-13"),  # no such seat
    ("take tiara 3", "ACT-13"),
])
def test_illegal_actions_are_refused_unchanged(text, rule):
    """Each case names the rule it breaks (ACT-2, ACT-4, ACT-9..11, ACT-13, ACT-15, DEC-18, DEC-42, DEC-45, SETUP-9)."""
    refuse(base_game(), text, rule)


@pytest.mark.parametrize("text, rule", [
    ("laser quiet", "TILE-12"), ("laser alarm", "TILE-12"), ("deadbolt pay", "TILE-6"), ("deadbolt stay", "TILE-6"),
    ("stealth own", "END-3"), ("stealth tile", "END-3"), ("alarm 1A1", "ALARM-3"), ("cancel-alarm computer", "ALARM-2"),
    ("allow-alarm", "ALARM-2"), ("cell 1A1", "CONV-7"), ("character 0", "CONV-7"), ("keep crowbar", "CHAR-13"),
    ("draw one", "CHAR-13"), ("order top", "CONV-7"), ("events-order 1-2-3", "TOOL-3"), ("die 6", "CONV-7"),
])
def test_choice_verbs_without_a_pending_choice_cite_the_rule_offering_them(text, rule):
    """A choice's answer with no such choice open cites the rule that offers that choice (the
    Laser's TILE-12...), the generic CONV-7 only for generic choices and chance outcomes."""
    msg = refuse(base_game(), text, rule)
    assert "no such choice is open" in msg or "no chance event" in msg


def test_secret_door_is_left_only_through_open_sides_TILE_16():
    game = build({"1B2": "secret_door 1 revealed", "1B3": "laser 1 revealed"})  # the wall B2/B3 (SETUP-3)
    refuse(game, "move 1B3", "TILE-16")
    game = build({"1B2": "secret_door 1 revealed"})
    refuse(game, "peek 1B3", "TILE-16")
    other = build({"1B2": "safe revealed"})
    refuse(other, "move 1B3", "ACT-4")  # a plain wall: the movement rule


@pytest.mark.parametrize("text, rule", [
    ("move 1A2", "TURN-3"), ("peek 1A2", "TURN-3"), ("add-die", "ACT-10"),
])
def test_too_few_actions_left_TURN_3(text, rule):
    refuse(base_game(spent=4), text, rule)


def test_hack_with_no_action_left_TURN_3():
    refuse(build({"1B2": "computer_motion revealed"}, spent=4), "hack", "TURN-3")


def test_roll_with_no_action_left_ACT_11():
    refuse(build({"1B2": "safe revealed dice=1"}, spent=4), "roll", "ACT-11")


def test_known_deadbolt_short_of_3_ACT_7():
    refuse(build({"1B2": "safe revealed", "1C2": "deadbolt 1 revealed"}, spent=2), "move 1C2", "ACT-7")


def test_legal_looking_action_while_a_choice_is_pending_TURN_3():
    game = build({"1B2": "safe revealed", "1C2": "deadbolt 1", "1A2": "computer_laser 5"})
    game.apply("move 1C2")
    assert game.pending is not None
    for text in ("move 1A2", "end", "peek 1A2", "laser quiet", "stealth own"):
        msg = refuse(game, text, "TILE-6")
        assert "deadbolt pay" in msg and "deadbolt stay" in msg  # the refusal lists the options
    assert game.is_legal("deadbolt stay")


def test_pending_choice_of_another_kind_refused_TILE_12():
    game = build({"1B2": "safe revealed", "1C2": "laser 1"})
    game.apply("move 1C2")
    refuse(game, "deadbolt pay", "TILE-12")
    refuse(game, "alarm 1C2", "TILE-12")


@pytest.mark.parametrize("text", [
    "", "   ", "mvoe 1A1", "move", "move 1A1 1A2", "move 1E5", "move 4A1", "move A1", "laser loud",
    "stealth both", "give", "give tiara", "give tiara x", "give tiara 9", "alarm", "peek roof", "hack 1A1",
    "end now",
])
def test_malformed_text_is_a_syntax_error_ACT_1(text):
    game = base_game()
    msg = assert_refused(game, text, exc=ActionSyntaxError)  # a ValueError; state and (empty) log unchanged
    if text.strip():
        assert repr(text) in msg, msg
    assert "(ACT-" in msg or "(TURN-" in msg or "(TILE-" in msg or "(END-" in msg or "(ALARM-" in msg, msg
    assert not game.is_legal(text)


def test_non_text_action_is_a_syntax_error_ACT_1():
    game = base_game()
    with pytest.raises(ActionSyntaxError):
        game.apply(42)


def test_actions_after_the_game_is_over_END_8():
    game = build({"1B2": "safe revealed", "1C2": "computer_laser 5 revealed"}, chars=[{"character": "hawk", "cell": "1B2",
                                                                          "stealth": 0}],
                 guards=[{"floor": 1, "cell": "1C2", "die": "1C3"}])
    game.apply("move 1C2")
    assert game.outcome == "lost"
    for text in ("end", "move 1B2", "peek 1B3"):
        refuse(game, text, "END-8")


def test_entrance_phase_refuses_everything_else_SETUP_9():
    game = Game.new(1, characters=["hawk"])
    for text in ("move 1A1", "end", "peek 1A1", "entrance 2A1", "entrance 3D4"):
        refuse(game, text, "SETUP-9")


def test_illegal_candidates_never_in_legal_actions_and_legal_ones_accepted():
    """ACT-2, ACT-4: a move or peek to every cell is accepted iff legal_actions() lists it."""
    game = base_game()
    legal = {str(a) for a in game.legal_actions()}
    for c in range(48):
        for verb in ("move", "peek"):
            text = f"{verb} {Action('move', (c,)).text.split()[1]}"
            if text in legal:
                assert game.copy().apply(text) is not None
            else:
                refuse(game, text, refuse_rule(game, text))


def refuse_rule(game, text):
    try:
        game.check(text)
    except IllegalAction as exc:
        return exc.rule
    raise AssertionError(f"{text} was accepted")  # pragma: no cover
