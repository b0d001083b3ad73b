"""Chance as an explicit step (issue 11, section 3): in explicit mode every draw, roll and
tile reveal pauses at a chance node whose outcomes and exact probabilities come from what
the players know; seeded games are unchanged (the goldens). Also ``redeal``: hidden
information dealt anew, consistently with the view."""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from burgle.data.cards import CHARACTERS
from burgle.engine.choice import CHANCE
from burgle.engine.draws import tile_outcomes
from burgle.engine.errors import IllegalAction
from burgle.engine.game import Game
from engine_helpers import build
from test_properties import check_invariants

SETTINGS = settings(derandomize=True, max_examples=30, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))
NAMES = list(CHARACTERS)


def check_node(game: Game) -> None:
    outcomes = game.chance_outcomes()
    assert game.seat_to_act == CHANCE and game.pending.is_chance
    assert len(outcomes) >= 2  # a certain outcome is not asked
    assert sum(p for _, p in outcomes) == 1 and all(p > 0 for _, p in outcomes)
    assert tuple(a for a, _ in outcomes) == game.legal_actions()
    assert len(set(game.legal_actions())) == len(outcomes)


@SETTINGS
@given(st.integers(0, 2**32 - 1), st.integers(1, 4), st.lists(st.integers(0, 2**16), min_size=30, max_size=160))
def test_explicit_games_offer_exact_outcomes_and_keep_the_invariants(seed, n, picks):
    rng = random.Random(seed)
    names = rng.sample(NAMES, n)
    game = Game.new(seed, characters=names, sides=[rng.choice(["basic", "advanced"]) for _ in names],
                    explicit_chance=True)
    nodes = 0
    for pick in picks:
        if game.is_over:
            break
        if game.is_chance_node:
            nodes += 1
            check_node(game)
            outcomes = game.chance_outcomes()
            action = outcomes[pick % len(outcomes)][0]
        else:
            assert game.chance_outcomes() == ()
            legal = game.legal_actions()
            moves = [a for a in legal if a.verb == "move"]
            action = moves[pick % len(moves)] if moves and pick % 3 else legal[pick % len(legal)]
        game.apply(action)
        if not game.is_chance_node:  # a chance node may pause mid-resolution (a guard before his die)
            check_invariants(game)
    assert nodes > 0
    loaded = Game.load(json.dumps(game.save()))  # the log holds the outcomes: it replays exactly
    assert loaded.to_dict() == game.to_dict() and loaded.explicit_chance
    if game.log:
        other = game.copy()
        other.undo()
        assert other.is_chance_node == (other.pending is not None and other.pending.seat == CHANCE)


def explicit(game: Game) -> Game:
    game.explicit_chance = True
    return game


def test_a_peek_asks_chance_for_the_tile_with_its_odds_ACT_3():
    game = explicit(build({"1B2": "safe revealed"}))
    game.apply("peek 1A2")
    check_node(game)
    odds = dict((str(a), p) for a, p in game.chance_outcomes())
    down1 = sum(1 for t in game.s.tiles[:16] if not t.revealed)
    assert odds.get("tile safe") is None  # floor 1's Safe is face up already (SETUP-2)
    assert odds["tile stairs 4"] == Fraction(1, down1)  # floor 1's Stairs, somewhere face down
    game.apply("tile stairs 4")
    assert game.s.tiles[game.s.characters[0].cell - 1].kind == "stairs"  # 1A2 now holds it
    assert sum(t.kind == "stairs" for t in game.s.tiles[:16]) == 1  # still one per floor
    assert not game.is_chance_node


def test_a_removed_patrol_card_may_come_next_GUARD_3_SETUP_4():
    game = Game.new(3, characters=["hawk"], explicit_chance=True)  # solo: 9 cards removed
    game.apply("entrance 1B2")
    if game.is_chance_node:  # the entrance's tile
        game.apply(game.legal_actions()[0])
    assert game.is_chance_node and game.pending.rule == "GUARD-3"
    gd = game.s.guards[0]
    unseen = set(gd.deck) | set(gd.removed)
    odds = game.chance_outcomes()
    assert {a.args[0] for a, _ in odds} == unseen and {p for _, p in odds} == {Fraction(1, len(unseen))}
    card = sorted(gd.removed)[0]
    game.apply(f"patrol-card {game.name(card)}")
    assert gd.discard[-1] == card and len(game.s.guards[0].removed) == 9


def spotter(deck: list[str]) -> Game:
    return explicit(build({"1B2": "safe revealed"}, chars=[{"character": "spotter", "cell": "1B2"}], spent=2,
                          guards=[{"floor": 1, "cell": "1D4", "die": "1C4", "deck": deck, "removed": ["1D3"]}]))


def test_clairvoyance_top_card_is_then_certain_CHAR_17():
    game = spotter(["1A1", "1B1", "1C1"])
    game.apply("clairvoyance")
    check_node(game)  # which card is on top: any unseen one, the removed 1D3 included
    assert {str(a) for a in game.legal_actions()} == {"patrol-card 1A1", "patrol-card 1B1", "patrol-card 1C1",
                                                      "patrol-card 1D3"}
    game.apply("patrol-card 1A1")
    game.apply("order top")
    view = game.view()["guards"][0]
    assert view["known_top"] == ["1A1"] and view["known_bottom"] == []
    game.apply("end")  # 3 spent: no Event; the guard reaches 1C4 and draws 1A1 for certain
    assert not game.is_chance_node and game.s.guards[0].die == 0 and game.s.guards[0].discard[-1] == 0


def test_clairvoyance_bottom_card_is_then_impossible_until_last_CHAR_17():
    game = spotter(["1A1", "1B1", "1C1"])
    game.apply("clairvoyance")
    game.apply("patrol-card 1B1")
    game.apply("order bottom")
    assert game.view()["guards"][0]["known_bottom"] == ["1B1"]
    game.apply("end")  # he reaches 1C4 and draws: 1B1 lies at the bottom, under 2 unknown cards
    check_node(game)
    assert {str(a) for a in game.legal_actions()} == {"patrol-card 1A1", "patrol-card 1C1", "patrol-card 1D3"}


def test_crystal_ball_makes_the_next_events_certain_TOOL_3():
    game = explicit(build({"1B2": "safe revealed"}, chars=[{"character": "hawk", "cell": "1B2",
                                                              "tools": ["crystal_ball"]}],
                          events=["reboot", "keycode_change", "lampshade", "espresso"]))
    game.apply("use crystal_ball")
    for _ in range(3):  # the top 3 cards, one chance node each
        check_node(game)
        game.apply(game.legal_actions()[0])
    order = game.legal_actions()[0]
    game.apply(order)
    known = game.view()["events_known_top"]
    assert len(known) == 3 and game.view()["event_deck_size"] == 4
    game.apply("end")  # spent 0: an Event is drawn, and it is certain
    assert not game.is_chance_node or game.pending.rule != "TURN-4"
    assert game.s.event_discard[-1] == known[0] or known[0] in [k for _, k in game.s.round_effects]


def test_dice_are_six_equal_outcomes_each_ACT_11():
    game = explicit(build({"1B2": "safe revealed dice=2"}))
    game.apply("roll")
    for _ in range(2):
        check_node(game)
        assert [str(a) for a, _ in game.chance_outcomes()] == [f"die {f}" for f in range(1, 7)]
        game.apply("die 6")
    assert any(h.kind == "safe_roll" and h.value == [6, 6] for h in game.happenings[-1])


def test_chance_outcomes_are_refused_in_seeded_play_CONV_7():
    game = build({"1B2": "safe revealed"})
    with pytest.raises(IllegalAction) as err:
        game.apply("die 6")
    assert err.value.rule == "CONV-7"
    with pytest.raises(ValueError, match="stays explicit"):
        explicit(game).explicit_chance = False


# ----------------------------------------------------------------------------- redeal

@SETTINGS
@given(st.integers(0, 2**32 - 1), st.integers(1, 4), st.integers(0, 150), st.integers(0, 2**16))
def test_a_redeal_keeps_the_view_and_plays_on(seed, n, actions, redeal_seed):
    rng = random.Random(seed)
    game = Game.new(seed, characters=rng.sample(NAMES, n))
    for _ in range(actions):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    other = game.redeal(redeal_seed)
    assert other.view() == game.view() and other.legal_actions() == game.legal_actions()
    check_invariants(other)
    for _ in range(30):  # the re-dealt world is a game like any other
        if other.is_over:
            break
        other.apply(rng.choice(other.legal_actions()))
        check_invariants(other)
    with pytest.raises(ValueError, match="re-dealt"):
        other.save()


def test_redeal_samples_tiles_with_the_chance_odds():
    """Over many re-deals the kind of a face-down tile follows tile_outcomes (and so the
    odds the explicit-chance game offers)."""
    game = build({"1B2": "safe revealed", "1A2": "stairs 4 revealed", "2B2": "laser 1 revealed"})
    cell = 17  # 2B1, face down
    odds = {str(a): w for a, w in tile_outcomes(game.s, cell)}
    total = sum(odds.values())
    runs = 3000
    seen = Counter()
    for seed in range(runs):
        t = game.redeal(seed).s.tiles[cell]
        seen["tile " + t.kind + (f" {t.number}" if t.number is not None else "")] += 1
    assert set(seen) <= set(odds)
    for text, w in odds.items():
        expected = runs * w / total
        assert abs(seen[text] - expected) < 5 * expected ** 0.5 + 3, (text, seen[text], expected)


def test_redeal_at_an_open_choice_resumes_it():
    game = build({"1B2": "safe revealed", "1C2": "laser 1"})
    game.apply("move 1C2")
    other = game.redeal(5)
    assert other.pending == game.pending and other.view() == game.view()
    other.apply("laser quiet")
    assert other.pending is None and other.view()["spent"] == 2


# ----------------------------------------------------------------------------- guard walks (for analysis)

def test_a_guard_walk_is_the_engines_own_guard_phase_GUARD_5_7():
    game = build({"1B2": "safe revealed"}, spent=3)  # 3 spent: ending draws no Event (TURN-4)
    walk = game.guard_walk(1, explicit_chance=False)
    game.apply("end")
    assert walk.s.guards[0].cell == game.s.guards[0].cell and walk.s.guards[0].die == game.s.guards[0].die
    assert walk.origin is None and walk.log == []


def test_a_guard_walk_takes_explicit_movement_points_and_pauses_at_patrol_draws_GUARD_3():
    game = build({"1B2": "safe revealed"})  # the guard on 1D4, heading for 1C4 (one step)
    before = game.to_dict()
    walk = game.guard_walk(1, mp=1)
    assert game.to_dict() == before  # a copy: the game did not move
    steps = [h for h in walk.happenings[0] if h.kind == "guard_step"]
    assert len(steps) == 1 and walk.is_chance_node  # he reached 1C4 and draws his next card
    check_node(walk)
    card = walk.legal_actions()[0]
    walk.apply(card)
    assert not walk.is_chance_node and walk.s.guards[0].die == card.args[0]
    for mp in (0, 2, 3):
        w = game.guard_walk(1, mp=mp, explicit_chance=False)
        assert sum(h.kind == "guard_step" for h in w.happenings[0]) == mp


def test_a_guard_walk_is_refused_for_an_unplaced_guard_or_bad_mp():
    game = build({"1B2": "safe revealed"})
    for floor, mp in ((2, None), (4, None), (1, -1)):
        with pytest.raises(ValueError):
            game.guard_walk(floor, mp=mp)


@given(seed=st.integers(min_value=0, max_value=(1 << 64) - 1), n=st.integers(min_value=0, max_value=60))
def test_shuffle_makes_the_draws_of_below_per_swap_CONV_7(seed, n):
    """``Chance.shuffle`` is Fisher-Yates with ``below(i + 1)`` per swap, written out for
    speed: the same order and the same state after, so seeded games stay bit for bit."""
    from burgle.engine.chance import Chance

    fast, slow = Chance(seed), Chance(seed)
    items, expected = list(range(n)), list(range(n))
    fast.shuffle(items)
    for i in range(n - 1, 0, -1):
        j = slow.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and fast.state == slow.state
