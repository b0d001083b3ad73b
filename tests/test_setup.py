"""Setup of a new game against RULES.md SETUP-1..11 (and DEC-13, DEC-14, DEC-15)."""

from __future__ import annotations

from collections import Counter

import pytest

from burgle.geometry.board import walls_spec
from burgle.geometry.layouts import job_walls
from burgle.data.cards import EVENT_DECK, LOOT_DECK, TOOL_DECK
from burgle.engine.errors import ScenarioError
from engine_helpers import C, N, Game, assert_refused, char, guard, json_roundtrip, kinds, scenario

SEEDS = range(12)
CHARS = ["hawk", "spotter", "rook", "acrobat"]

# SETUP-1 transcribed from RULES.md: key -> combination numbers of the copies.
SETUP_1 = {
    "atrium": [3, 4], "camera": [1, 2, 3, 6], "computer_fingerprint": [4], "computer_laser": [5],
    "computer_motion": [6], "deadbolt": [1, 2, 3], "detector": [4, 5, 6], "fingerprint": [4, 5, 6],
    "foyer": [1, 2], "keypad": [4, 5, 6], "laboratory": [3, 4], "laser": [1, 2, 3], "lavatory": [5],
    "motion": [1, 2, 3], "safe": [None, None, None], "secret_door": [1, 2], "service_duct": [5, 6],
    "stairs": [4, 5, 6], "thermo": [1, 2, 3], "walkway": [1, 2, 3],
}



def floor_cells(f):
    return set(range(16 * (f - 1), 16 * f))


@pytest.mark.parametrize("seed", SEEDS)
def test_48_tiles_each_copy_once_with_its_number_SETUP_1(seed):
    game = Game.new(seed, characters=["hawk"])
    dealt = Counter((t.kind, t.number) for t in game.s.tiles)
    expected = Counter((k, n) for k, nums in SETUP_1.items() for n in nums)
    assert len(game.s.tiles) == 48
    assert dealt == expected
    assert not any(t.revealed for t in game.s.tiles)  # dealt face down (SETUP-2)


@pytest.mark.parametrize("seed", SEEDS)
def test_one_safe_and_one_stairs_per_floor_SETUP_2(seed):
    game = Game.new(seed, characters=["hawk", "rook"])
    for f in (1, 2, 3):
        kinds_here = [game.s.tiles[c].kind for c in floor_cells(f)]
        assert kinds_here.count("safe") == 1
        assert kinds_here.count("stairs") == 1


def test_building_is_dealt_by_the_seed_SETUP_2():
    layouts = {tuple((t.kind, t.number) for t in Game.new(s, characters=["hawk"]).s.tiles) for s in SEEDS}
    assert len(layouts) == len(SEEDS)


def test_bank_job_walls_SETUP_3():
    game = Game.new(1, characters=["hawk"])
    for f, walls in enumerate(job_walls("bank"), start=1):  # checked against RULES.md by test_layouts
        assert game.s.walls[f - 1] == walls
        assert len(game.s.walls[f - 1]) == 8
        assert game.to_dict()["walls"][str(f)] == walls_spec(walls)
    # spot checks of CONV-4 adjacency on those walls
    assert not game.adjacent(C("1A1"), C("1B1"))
    assert game.adjacent(C("1A1"), C("1A2"))
    assert not game.adjacent(C("1C1"), C("1C2"))
    assert not game.adjacent(C("2B1"), C("2C1"))
    assert game.adjacent(C("3A1"), C("3B1"))
    assert not game.adjacent(C("1D4"), C("2D4"))  # never across floors


@pytest.mark.parametrize("n, trim", [(1, 9), (2, 6), (3, 3), (4, 0)])
def test_patrol_decks_trimmed_by_character_count_SETUP_4_DEC_14(n, trim):
    game = Game.new(5, characters=CHARS[:n])
    assert game.s.trim == trim
    for f in (1, 2, 3):
        gd = guard(game, f)
        assert len(gd.removed) == trim
        assert set(gd.deck) | set(gd.discard) | set(gd.removed) == floor_cells(f)
        assert len(gd.deck) + len(gd.discard) + len(gd.removed) == 16


def test_trim_counts_characters_not_humans_DEC_14():
    # a solo player running two characters trims like two players
    game = Game.new(2, players=2)
    assert len(game.s.characters) == 2 and game.s.trim == 6


def test_patrol_decks_are_shuffled_per_floor_SETUP_4():
    orders = {tuple(guard(Game.new(s, characters=["hawk", "rook", "spotter", "acrobat"]), 2).deck) for s in SEEDS}
    assert len(orders) > 1


def test_reshuffle_retrims_all_16_cards_DEC_15_GUARD_4():
    # 3 characters: trim 3. Deck holds 1 card; the guard arrives and must draw twice.
    game = scenario("""
        seed = 4
        spent = 3
        entrance = "1A1"
        [tiles]
        1A1 = "safe revealed"
        [[characters]]
        character = "hawk"
        cell = "1A1"
        [[characters]]
        character = "rook"
        [[characters]]
        character = "spotter"
        [[guards]]
        floor = 1
        cell = "1C4"
        die = "1D4"
        speed = 2
        deck = ["1D4"]
        discard = ["1A1", "1A2", "1A3", "1B1", "1B2", "1B3", "1B4", "1C1", "1C2", "1C3", "1C4", "1D1", "1D2", "1D3"]
        removed = ["1A4"]
        """)
    hs = game.apply("end")  # spent 3: no Event (TURN-4)
    gd = guard(game, 1)
    assert "reshuffle" in kinds(hs)
    assert len(gd.removed) == 3  # trimmed again by the character count
    assert set(gd.deck) | set(gd.discard) | set(gd.removed) == floor_cells(1)
    assert gd.speed == 3  # speed-up by 1 (GUARD-4)


@pytest.mark.parametrize("seed", [0, 7])
def test_guard_dice_2_3_4_SETUP_5(seed):
    game = Game.new(seed, characters=["hawk"])
    assert [gd.speed for gd in game.s.guards] == [2, 3, 4]
    assert not guard(game, 2).placed and not guard(game, 3).placed
    assert guard(game, 2).die is None and guard(game, 3).die is None
    assert guard(game, 2).discard == () and guard(game, 3).discard == ()


def test_each_character_takes_3_stealth_SETUP_6():
    game = Game.new(3, characters=CHARS)
    assert [c.stealth for c in game.s.characters] == [3, 3, 3, 3]
    assert all(c.cell is None and not c.tools and not c.loot for c in game.s.characters)


def test_basic_rigger_takes_the_dynamite_SETUP_6_CHAR_13():
    game = Game.new(3, characters=["hawk", "rigger"])
    assert char(game, 1).tools == ["dynamite"]
    assert "dynamite" not in game.s.tool_deck
    assert Counter(game.s.tool_deck) + Counter(["dynamite"]) == Counter(TOOL_DECK)
    advanced = Game.new(3, characters=["hawk", "rigger"], sides=["basic", "advanced"])
    assert char(advanced, 1).tools == []
    assert Counter(advanced.s.tool_deck) == Counter(TOOL_DECK)


def test_decks_are_complete_and_shuffled_SETUP_7():
    game = Game.new(8, characters=["hawk", "rook"])
    assert Counter(game.s.tool_deck) == Counter(TOOL_DECK)
    assert Counter(game.s.loot_deck) == Counter(LOOT_DECK)
    assert Counter(game.s.event_deck) == Counter(EVENT_DECK)
    orders = {tuple(Game.new(s, characters=["hawk"]).s.event_deck) for s in SEEDS}
    assert len(orders) == len(SEEDS)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_one_character_plays_without_gold_bars_DEC_57(players):
    """DEC-57: with one character both Gold Bars leave the Loot deck at setup (a drawn bar
    could never leave: LOOT-5, ACT-15); with two or more nothing is removed. The other
    decks are dealt exactly as with the bars (they are taken out after the shuffle)."""
    for seed in SEEDS:
        game = Game.new(seed, players=players)
        bars = game.s.loot_deck.count("gold_bar")
        assert bars == (0 if players == 1 else 2)
        assert Counter(game.s.loot_deck) + Counter({"gold_bar": 2 - bars}) == Counter(LOOT_DECK)


def test_one_character_scenarios_have_no_gold_bars_DEC_57():
    doc = {"seed": 3, "characters": [{"character": "hawk", "cell": "1A1"}]}
    assert "gold_bar" not in Game.from_scenario(doc).s.loot_deck
    for field, extra in (("characters[0].loot", {"characters": [{"character": "hawk", "cell": "1A1",
                                                                   "loot": ["gold_bar"]}]}),
                         ("loot_deck", {"loot_deck": ["tiara", "gold_bar"]}),
                         ("tiles.1A1.items", {"tiles": {"1A1": {"kind": "safe", "revealed": True,
                                                                "items": ["gold_bar"]}}})):
        with pytest.raises(ScenarioError, match="DEC-57") as err:
            Game.from_scenario({**doc, **extra})
        assert err.value.field == field
    two = {"seed": 3, "characters": [{"character": "hawk", "cell": "1A1"}, {"character": "rook", "cell": "1A1"}]}
    assert Game.from_scenario(two).s.loot_deck.count("gold_bar") == 2


def test_first_guard_on_the_first_floor_1_card_SETUP_8():
    for seed in SEEDS:
        game = Game.new(seed, characters=["hawk", "rook"])
        gd = guard(game, 1)
        assert gd.placed and len(gd.discard) == 1 and gd.cell == gd.discard[0]
        assert gd.die is None  # set only once the entrance is chosen (SETUP-10)
        assert game.phase == "entrance"


def test_entrance_choice_is_any_floor_1_cell_SETUP_9():
    game = Game.new(1, characters=["hawk"])
    assert sorted(str(a) for a in game.legal_actions()) == sorted(f"entrance 1{c}{r}" for c in "ABCD" for r in "1234")
    assert_refused(game, "entrance 2A1", "SETUP-9")
    assert_refused(game, "move 1A1", "SETUP-9")


def test_entrance_revealed_with_downstairs_marker_and_first_destination_SETUP_9_SETUP_10():
    game = Game.new(11, characters=["hawk", "rook"])
    gd = guard(game, 1)
    top = gd.deck[-1]
    hs = game.apply("entrance 1C2")
    t = game.s.tiles[C("1C2")]
    assert t.revealed and t.downstairs
    assert game.s.entrance == C("1C2")
    assert gd.die == top and gd.discard[-1] == top and gd.die != gd.cell
    assert kinds(hs)[:2] == ["reveal", "patrol_draw"]
    # only the entrance is revealed (nothing else happens at SETUP-9)
    assert sum(tt.revealed for tt in game.s.tiles) == 1


def test_entrance_reveal_effects_apply_SETUP_9_ACT_3():
    # find a seed whose floor 1 has the Lavatory or the Stairs, and enter there
    for seed in range(60):
        game = Game.new(seed, characters=["hawk"])
        cells = {game.s.tiles[c].kind: c for c in range(16)}
        if "lavatory" in cells and "stairs" in cells:
            break
    else:  # pragma: no cover
        pytest.skip("no seed with both tiles on floor 1")
    lav = Game.new(seed, characters=["hawk"])
    lav.apply(f"entrance {N(cells['lavatory'])}")
    assert lav.s.tiles[cells["lavatory"]].stealth == 3
    st = Game.new(seed, characters=["hawk"])
    st.apply(f"entrance {N(cells['stairs'])}")
    assert st.s.tiles[cells["stairs"] + 16].downstairs
    assert not st.s.tiles[cells["stairs"] + 16].revealed


def test_entrance_downstairs_token_links_to_nothing_DEC_13():
    game = Game.new(3, characters=["hawk"])
    entrance = next(c for c in range(16) if game.s.tiles[c].kind not in ("stairs", "service_duct", "walkway", "atrium"))
    game.apply(f"entrance {N(entrance)}")
    targets = {a.args[0] for a in game.legal_actions() if a.verb in ("move", "peek")}
    assert targets <= set(game.neighbours(entrance))


def test_placement_on_first_own_turn_SETUP_11_TURN_2():
    game = Game.new(2, characters=["hawk", "rook", "spotter"])
    entrance = next(c for c in range(16) if c != guard(game, 1).cell)
    hs = game.apply(f"entrance {N(entrance)}")
    assert "placed" in kinds(hs)
    assert char(game, 0).cell == entrance
    assert char(game, 1).cell is None and char(game, 2).cell is None  # not yet their turn
    assert game.s.active == 0 and game.actions_left == 4
    game.s.spent = 3  # skip the Event; the guard phase still runs
    game.apply("end")
    assert game.s.active == 1 and char(game, 1).cell == entrance and char(game, 2).cell is None


def test_first_player_may_be_chosen_SETUP_11():
    game = Game.new(2, characters=["hawk", "rook", "spotter"], first_seat=2)
    game.apply("entrance 1A1")
    assert game.s.active == 2 and char(game, 2).on_board and not char(game, 0).on_board


def test_placement_on_the_guard_is_seen_DEC_13_END_2():
    game = Game.new(6, characters=["hawk"])
    gcell = guard(game, 1).cell
    hs = game.apply(f"entrance {N(gcell)}")
    assert "stealth_lost" in kinds(hs)
    assert char(game, 0).stealth == 2


def test_placement_next_to_the_guard_is_not_seen_SETUP_11():
    game = Game.new(6, characters=["hawk"])
    gcell = guard(game, 1).cell
    nb = next(c for c in game.neighbours(gcell) if game.s.tiles[c].kind not in ("foyer", "atrium"))
    hs = game.apply(f"entrance {N(nb)}")
    assert "stealth_lost" not in kinds(hs) and char(game, 0).stealth == 3


def test_placement_is_not_an_entry_no_tile_effect_SETUP_11_ACT_8():
    # an entrance on a Fingerprint: no alarm at placement (non-counting arrival)
    for seed in range(80):
        game = Game.new(seed, characters=["hawk"])
        fp = [c for c in range(16) if game.s.tiles[c].kind in ("fingerprint", "laboratory", "detector")
              and c != guard(game, 1).cell]
        if fp:
            break
    hs = game.apply(f"entrance {N(fp[0])}")
    assert "alarm" not in kinds(hs) and "tool_drawn" not in kinds(hs)
    assert not game.s.tiles[fp[0]].alarm and not game.s.tiles[fp[0]].looted


@pytest.mark.parametrize("seed", [0, 1, 99, 2**40])
def test_same_seed_same_game_SETUP_CONV_7(seed):
    a = Game.new(seed, players=3)
    b = Game.new(seed, players=3)
    assert a.to_dict() == b.to_dict()
    a.apply("entrance 1B2")
    b.apply("entrance 1B2")
    assert a.to_dict() == b.to_dict()
    assert json_roundtrip(a.to_dict()) == a.to_dict()


def test_different_seeds_differ_CONV_7():
    assert Game.new(1, players=2).to_dict() != Game.new(2, players=2).to_dict()


def test_dealt_characters_are_distinct_SETUP_6():
    for seed in SEEDS:
        game = Game.new(seed, players=4)
        names = [c.name for c in game.s.characters]
        assert len(set(names)) == 4
        assert all(c.side == "basic" for c in game.s.characters)


@pytest.mark.parametrize("kwargs, field", [
    ({"characters": ["hawk", "hawk"]}, "characters"),
    ({"characters": ["hawk", "rook", "spotter", "acrobat", "raven"]}, "characters"),
    ({"characters": []}, "characters"),
    ({"characters": ["batman"]}, "characters[0]"),
    ({"characters": ["hawk"], "sides": ["shiny"]}, "sides[0]"),
    ({"players": 5}, "players"),
    ({"characters": ["hawk"], "first_seat": 1}, "first_seat"),
])
def test_bad_setups_are_refused_SETUP_6(kwargs, field):
    with pytest.raises(ScenarioError) as info:
        Game.new(1, **kwargs)
    assert info.value.field == field


def test_scenario_fills_unwritten_parts_like_a_setup_SETUP_1_SETUP_4():
    game = scenario("""
        seed = 3
        [[characters]]
        character = "hawk"
        cell = "1A1"
        [[guards]]
        floor = 1
        cell = "1D4"
        die = "1A4"
        """)
    assert Counter((t.kind, t.number) for t in game.s.tiles) == Counter(
        (k, n) for k, nums in SETUP_1.items() for n in nums)
    assert [gd.speed for gd in game.s.guards] == [2, 3, 4]
    assert len(guard(game, 2).removed) == 9 and len(guard(game, 2).deck) == 7
