"""Pictures and their text alternatives show what the players see, and nothing else
(issue 10, issue 11 §1): they read ``game.view()``, so a game whose hidden information is
dealt anew (``Game.redeal``: face-down tiles, deck orders, removed patrol cards) draws the
very same SVG, byte for byte, and says the very same words."""

from __future__ import annotations

from hypothesis import given

from burgle.engine.game import Game
from burgle.pictures import alt_text, render, scene
from burgle.pictures.public import public_state
from test_hidden import SETTINGS, played


@SETTINGS
@given(played())
def test_a_redealt_game_draws_the_same_picture(spec):
    game, seed = spec
    other = game.redeal(seed)
    assert other.view() == game.view()
    assert render(other) == render(game)
    assert alt_text(other) == alt_text(game)
    for floor in range(1, len(game.view()["walls"]) + 1):  # 3 floors, or 2 in The Office Job
        assert render(other, floors=floor) == render(game, floors=floor)


def test_a_face_down_tile_has_no_kind_in_what_pictures_read():
    game = Game.new(seed=5, characters=["hawk", "raven"])
    game.apply("entrance 1B2")
    seen = public_state(game)
    down = [c for c, t in enumerate(game.s.tiles) if not t.revealed]
    assert down and all(seen.tiles[c].kind == "" for c in down)
    cells = [v for f in scene(game).floors for v in f.cells]
    assert all(v.kind is None and v.label == "" and v.title == "face down" for v in cells if not v.revealed)
    assert [v.name for v in cells if v.revealed] == ["1B2"]


@SETTINGS
@given(played())
def test_a_redealt_game_has_the_same_graphs(spec):
    import networkx as nx

    from burgle.pictures import building_graph, floor_graph

    game, seed = spec
    other = game.redeal(seed)
    a, b = building_graph(game), building_graph(other)
    assert dict(a.nodes(data=True)) == dict(b.nodes(data=True))
    assert sorted(a.edges(data="kind")) == sorted(b.edges(data="kind"))
    assert nx.utils.graphs_equal(floor_graph(game, 2), floor_graph(other, 2))
