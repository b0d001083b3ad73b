"""The jobs in the engine: The Office Job (JOB-1, JOB-2, JOB-4), random and given walls
(JOB-3, JOB-5) in ``Game.new`` and scenarios, saves that record them (BD-40, BD-41)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from burgle.data.cards import CHARACTERS
from burgle.data.jobs import get_job
from burgle.engine.chance import Chance
from burgle.engine.errors import ScenarioError
from burgle.engine.game import Game
from burgle.engine.setup import deal_building
from burgle.geometry.board import ROOF
from burgle.geometry.layouts import (
    decode_building,
    encode_building,
    job_walls,
    layout_text,
    random_building,
)
from engine_helpers import C, build, character, kinds, legal_texts, refused

DATA = Path(__file__).parent / "data"


# ============================================================================ setup (JOB-1, JOB-2)

@pytest.mark.parametrize("seed", [1, 2, 99])
def test_office_setup_job1(seed):
    """JOB-1: 2 floors of 16, exactly the white-circled copies, one Safe and one Stairs per
    floor, guard dice 2 and 3, patrol decks of floors 1 and 2 only; JOB-2 walls."""
    game = Game.new(seed, characters=["hawk", "rook"], job="office")
    s = game.s
    job = get_job("office")
    assert s.job == "office" and s.floors == 2 and len(s.tiles) == 32
    assert Counter((t.kind, t.number) for t in s.tiles) == Counter(job.tiles)
    assert not any(t.kind in ("atrium", "detector") for t in s.tiles)
    for f in (1, 2):
        floor = s.tiles[16 * (f - 1):16 * f]
        assert [t.kind for t in floor].count("safe") == 1 and [t.kind for t in floor].count("stairs") == 1
    assert [g.speed for g in s.guards] == [2, 3]
    assert [g.floor for g in s.guards] == [1, 2]
    for g in s.guards:  # each deck holds only its own floor's cards
        assert all((c // 16) + 1 == g.floor for c in [*g.deck, *g.discard, *g.removed])
        assert len(g.deck) + len(g.discard) + len(g.removed) == 16
    assert tuple(s.walls) == job_walls("office") == s.layout
    assert game.view()["job"] == "office" and game.view()["layout"] == "190m3 11hu0"


def test_bank_setup_unchanged_by_jobs():
    """The default is The Bank Job with its printed walls, dealt exactly as before jobs
    existed (the golden games check every later draw)."""
    game = Game.new(4, characters=["hawk"])
    assert game.s.job == "bank" and game.s.floors == 3 and len(game.s.tiles) == 48
    assert tuple(game.s.walls) == job_walls("bank")
    assert [g.speed for g in game.s.guards] == [2, 3, 4]
    assert "job" not in game.origin and "walls" not in game.origin
    assert game.view()["layout"] == "703h1 e0607 81ll0"


@pytest.mark.parametrize("seed", [0, 7, 12345])
def test_random_walls_drawn_after_characters_before_tiles_bd40(seed):
    """BD-40: the seed deals the characters, then the walls (floor 1 first, JOB-3), then
    the tiles: the same calls on a bare random source give the same game."""
    game = Game.new(seed, players=3, walls="random")
    chance = Chance(seed)
    pool = list(CHARACTERS)
    chance.shuffle(pool)
    assert [c.name for c in game.s.characters] == pool[:3]
    layout = random_building(chance, 3)
    assert game.s.layout == layout and tuple(game.s.walls) == layout
    assert game.s.tiles == deal_building(chance, "bank")
    assert game.origin["walls"] == "random"
    # and the same seed with the printed walls deals other tiles (the walls drew chance)
    assert Game.new(seed, players=3).s.tiles != game.s.tiles


def test_random_walls_are_deterministic_and_differ_by_seed():
    a = Game.new(3, characters=["hawk"], job="office", walls="random")
    b = Game.new(3, characters=["hawk"], job="office", walls="random")
    c = Game.new(4, characters=["hawk"], job="office", walls="random")
    assert a.to_dict() == b.to_dict()
    assert a.s.layout != c.s.layout
    assert len(a.s.layout) == 2


@pytest.mark.parametrize("walls", [
    "703h1 e0607 81ll0",
    ["703h1", "e0607", "81ll0"],
    ["A1|B1, C1/C2, C2|D2, A2/A3, B2/B3, D3/D4, A4|B4, B4|C4", "e0607", "81ll0"],
    {"1": "703h1", "2": "e0607", "3": "81ll0"},
    list(job_walls("bank")),
])
def test_given_walls_every_form(walls):
    """JOB-3, JOB-5: a building code, one entry per floor (code, CONV-3 text or wall set), or
    a table by floor; the origin records the building code."""
    game = Game.new(1, characters=["hawk"], walls=walls)
    assert game.s.layout == job_walls("bank")
    assert game.origin["walls"] == "703h1 e0607 81ll0"


def test_given_walls_do_not_draw_chance():
    """Walls given by hand draw nothing: the tiles are those of the printed-walls game."""
    given = Game.new(8, characters=["hawk"], job="office", walls="703h1 e0607")
    printed = Game.new(8, characters=["hawk"], job="office")
    assert given.s.tiles == printed.s.tiles
    assert given.s.layout == decode_building("703h1 e0607")


@pytest.mark.parametrize("job, walls, words", [
    ("bank", "703h e0607 81ll0", "4 characters"),
    ("bank", "703h1 e06w7 81ll0", "'w' is not a base-32 digit"),
    ("office", "703h1", "1 floor code(s), but the building has 2 floors"),
    ("bank", ["A1|B1, C1/C2, C2|D2, A2/A3, B2/B3, D3/D4, A4|B4", "e0607", "81ll0"], "floor 1: 7 walls"),
    ("bank", ["A1|B1, C1/C2, C2|D2, A2/A3, B2/B3, D3/D4, A4|B4, B4|C4, C3|D3", "e0607", "81ll0"],
     "floor 1: 9 walls"),
    ("office", ["A1|B1, C1/C2, C2|D2, A2/A3, B2/B3, D3/D4, A4|B4, D4|E4", "11hu0"], "outer border"),
    ("office", ["A1|B1, A1/A2, C1/C2, C2|D2, B2/B3, D3/D4, A4|B4, B4|C4", "11hu0"], "cut off A1"),
    ("office", {"1": "190m3", "2": "11hu0", "3": "81ll0"}, "exactly the floors 1, 2"),
    ("office", 42, "not 42"),
])
def test_bad_walls_are_refused_with_the_reason(job, walls, words):
    with pytest.raises(ScenarioError) as info:
        Game.new(1, characters=["hawk"], job=job, walls=walls)
    assert info.value.field == "walls"
    assert words in str(info.value), str(info.value)


def test_unknown_job_is_refused():
    with pytest.raises(ScenarioError) as info:
        Game.new(1, characters=["hawk"], job="casino")
    assert info.value.field == "job"
    assert "bank (The Bank Job), office (The Office Job)" in str(info.value)


# ============================================================================ play (JOB-4)

def office(tiles=None, chars=None, guards=None, **top) -> Game:
    guards = guards if guards is not None else [{"floor": 1, "cell": "1D4", "die": "1C4", "deck": ["1C3", "1D3"]}]
    return build(tiles, chars=chars, guards=guards, job="office", **top)


def test_floor3_cells_are_refused_in_the_office_job():
    """JOB-1: the building has 2 floors; an action naming a floor-3 cell is refused with a
    clear reason and changes nothing."""
    game = Game.new(1, characters=["hawk"], job="office")
    err = refused(game, "entrance 3A1", "JOB-1")
    assert "3A1 is not a cell of The Office Job" in str(err) and "1A1 to 2D4" in str(err)
    game.apply("entrance 1B2")
    for text in ("move 3B2", "peek 3B2", "cell 3A1"):
        refused(game, text)
    assert "JOB-1" in str(refused(game, "move 3B2"))


def test_office_stairs_on_floor2_lead_to_the_roof_act15():
    """JOB-4: the floor-2 Stairs are the top floor's: with both Safes cracked, escape."""
    game = office({"2B2": "stairs 5 revealed", "1A1": "safe revealed cracked", "2D1": "safe revealed cracked"},
                  chars=[character("hawk", "2B2")])
    assert "escape" in legal_texts(game)
    hs = game.apply("escape")
    assert "escaped" in kinds(hs) and game.outcome == "won"


def test_office_escape_needs_both_safes_not_three():
    game = office({"2B2": "stairs 5 revealed", "1A1": "safe revealed cracked", "2D1": "safe revealed"},
                  chars=[character("hawk", "2B2")])
    err = refused(game, "escape", "ACT-15")
    assert "all 2 Safes must be cracked first (1 still locked)" in str(err)


def test_office_floor2_has_nothing_above():
    """JOB-4: no cell above floor 2: Stairs offer no move up, no peek up; the Acrobat cannot
    climb up (only down); a Thermal Bomb upward goes to the roof."""
    game = office({"2A1": "stairs 4 revealed"}, chars=[character("acrobat", "2A1", side="advanced", tools=["thermal_bomb"])],
                  guards=[{"floor": 1, "cell": "1D4", "die": "1C4"}, {"floor": 2, "cell": "2D4", "die": "2D3"}])
    texts = legal_texts(game)
    assert not any(t.endswith(("3A1",)) for t in texts)
    assert "climb 1A1" in texts and not any(t.startswith("climb 3") for t in texts)
    assert "use thermal_bomb roof" in texts
    assert "escape" not in texts  # the Safes are not cracked: refused with its reason
    game.apply("use thermal_bomb roof")
    assert game.s.thermal == [(C("2A1"), ROOF)]
    assert game.view()["thermal"] == [["2A1", "roof"]]


def test_office_freight_elevator_on_floor2_reaches_the_roof_event8():
    """EVENT-8 / DEC-6 with JOB-4: on the top floor (2) the elevator escapes when ACT-15 holds."""
    game = office({"2B4": "laser 1 revealed", "1C1": "safe revealed cracked", "2C1": "safe revealed cracked"},
                  chars=[character("hawk", "2B4")], events=["reboot", "freight_elevator"],
                  guards=[{"floor": 1, "cell": "1D4", "die": "1A4", "donuts": True},
                          {"floor": 2, "cell": "2D1", "die": "2A1"}])
    game.apply("end")
    assert game.s.characters[0].escaped and game.outcome == "won"


def test_bank_floor2_stairs_do_not_escape():
    game = build({"2B2": "stairs 5 revealed", "1A1": "safe revealed cracked", "2D1": "safe revealed cracked",
                  "3A1": "safe revealed cracked"}, chars=[character("hawk", "2B2")])
    assert "escape" not in legal_texts(game)
    assert "move 3B2" in legal_texts(game)


# ============================================================================ scenarios

def test_scenario_office_job_with_a_layout_code_and_a_dynamite_hole():
    """A scenario names its job and layout (JOB-3, JOB-5); 'walls' are the walls as they
    stand, so a missing wall shows as a Dynamite hole against the layout."""
    code = "190m3 11hu0"
    game = office(layout=code, walls={"1": layout_text(decode_building(code)[0]).replace("A1|B1, ", "")},
                  chars=[character("hawk", "1B2")])
    assert game.s.layout == decode_building(code)
    assert len(game.s.walls[0]) == 7 and game.s.walls[1] == game.s.layout[1]
    assert game.view()["layout"] == code
    assert Game.rebuild(game.origin, []).to_dict() == game.to_dict()


def test_scenario_random_layout_comes_from_its_seed():
    a = office(layout="random", seed=5, chars=[character("hawk", "1B2")])
    b = office(layout="random", seed=5, chars=[character("hawk", "1B2")])
    assert a.s.layout == b.s.layout != job_walls("office")


@pytest.mark.parametrize("top, tiles, field, words", [
    ({}, {"3A1": "laser 1"}, "tiles.3A1", "not a cell of The Office Job"),
    ({"walls": {"3": "A1|B1"}}, {}, "walls.3", "floors are 1, 2"),
    ({"layout": "703h1 e0607 81ll0"}, {}, "layout", "3 floor code(s), but the building has 2"),
    ({}, {"1A1": "atrium 3"}, "tiles.1A1", "has 0 atrium tile(s) numbered 3 (The Office Job, JOB-1)"),
    ({"kitty": "3A1"}, {}, "kitty", "not a cell of The Office Job"),
    ({"job": "casino"}, {}, "job", "unknown job"),
])
def test_bad_office_scenarios_name_the_field(top, tiles, field, words):
    top = {"job": "office", **top}
    with pytest.raises(ScenarioError) as info:
        build(tiles, chars=[character("hawk", "1B2")], **top)
    assert info.value.field == field, str(info.value)
    assert words in str(info.value), str(info.value)


def test_scenario_guard_on_floor3_refused_in_office():
    with pytest.raises(ScenarioError) as info:
        office(guards=[{"floor": 3, "cell": "3A1", "die": "3B1"}])
    assert info.value.field == "guards[0].floor"


# ============================================================================ saves (BD-41)

def _play(game: Game, n: int) -> Game:
    game.apply(game.legal_actions()[5])
    while len(game.log) < n and not game.is_over:
        acts = game.legal_actions()
        game.apply(acts[(len(game.log) * 7) % len(acts)])
    return game


@pytest.mark.parametrize("job, walls", [("office", None), ("office", "random"), ("bank", "random"),
                                        ("office", "703h1 e0607")])
def test_saves_record_job_and_walls(job, walls):
    game = _play(Game.new(11, characters=["hawk", "rook"], job=job, walls=walls), 25)
    doc = json.loads(json.dumps(game.save()))
    assert doc["version"] == 2
    assert doc["origin"].get("job", "bank") == job
    assert doc["state"]["job"] == job and doc["state"]["layout"] == encode_building(game.s.layout)
    loaded = Game.load(doc, paths=False)
    assert loaded.to_dict() == game.to_dict()
    assert loaded.view() == game.view()


def test_version1_save_still_loads():
    """A save written before jobs existed (version 1, The Bank Job, printed walls) loads and
    replays to the same state; saving it again writes version 2."""
    doc = json.loads((DATA / "save_v1.json").read_text(encoding="utf-8"))
    assert doc["version"] == 1 and "job" not in doc["state"] and "job" not in doc["origin"]
    game = Game.load(doc, paths=False)
    assert game.s.job == "bank" and game.s.layout == job_walls("bank")
    assert len(game.log) == len(doc["actions"])
    again = game.save()
    assert again["version"] == 2 and Game.load(again, paths=False).to_dict() == game.to_dict()


def test_version1_save_with_a_job_is_refused():
    doc = json.loads((DATA / "save_v1.json").read_text(encoding="utf-8"))
    doc["origin"]["job"] = "office"
    with pytest.raises(ScenarioError) as info:
        Game.load(doc, paths=False)
    assert info.value.field == "origin"


def test_save_with_edited_layout_is_refused():
    game = _play(Game.new(2, characters=["hawk"], job="office", walls="random"), 10)
    doc = game.save()
    doc["state"]["layout"] = "190m3 11hu0"
    with pytest.raises(ScenarioError) as info:
        Game.load(doc, paths=False)
    assert info.value.field == "state.layout"


# ============================================================================ above the engine

def test_analysis_and_pictures_read_the_games_floors():
    """The floor count comes from the game (JOB-1): forecasts, patrol odds, graphs and scenes
    of The Office Job have 2 floors, and floor 3 is refused naming the job."""
    from burgle.analysis.guard_forecast import forecast_all
    from burgle.analysis.patrol import PatrolError, public_info
    from burgle.pictures import PictureError, scene
    from burgle.pictures.graphs import building_graph, guard_graph

    game = Game.new(1, characters=["hawk"], job="office", walls="random")
    game.apply("entrance 1B2")
    assert len(forecast_all(game)) == 2
    assert len(scene(game).floors) == 2
    assert set(building_graph(game).nodes) <= set(range(32)) | {"roof"}
    with pytest.raises(PatrolError, match="floor 3 does not exist; The Office Job has floors 1, 2"):
        public_info(game, 3)
    with pytest.raises(ValueError, match="The Office Job has floors 1, 2"):
        guard_graph(game, 3)
    with pytest.raises(PictureError, match="floor 3 does not exist"):
        scene(game, floors=3)
    broken = [w for f in scene(game).floors for w in f.broken_walls]
    assert broken == []  # random walls are not Dynamite holes: pictures compare with the layout


def test_explicit_chance_in_the_office_job_offers_only_its_tiles():
    """Chance nodes (CONV-7) know the building: the entrance of an Office game can be any of
    the floor-1 pile's kinds, never an Atrium or a Detector (JOB-1); the Stairs there is
    the floor's own copy, number 4 (BD-25)."""
    game = Game.new(2, characters=["hawk"], job="office", explicit_chance=True)
    game.apply("entrance 1B2")
    assert game.is_chance_node
    outcomes = [str(a) for a, _ in game.chance_outcomes()]
    kinds = {o.split()[1] for o in outcomes}
    assert not kinds & {"atrium", "detector"} and "safe" in kinds
    assert [o for o in outcomes if o.split()[1] == "stairs"] == ["tile stairs 4"]
    assert sum(p for _, p in game.chance_outcomes()) == 1
