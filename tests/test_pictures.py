"""Pictures: floor graphs, the scene a drawing is made from, its layout, text alternative,
and one smoke test per output format (burgle.pictures). What is drawn is checked through
the scene and layout data, never through pixels.

Rules behind what is shown: CONV-3/4 (walls, adjacency), GUARD-6..11 (the guard's route
this turn), GUARD-9 (tied routes), ALARM-3 (alarm distances), ACT-4/TILE-16..20/TOOL-12
(the extra links players use), SETUP-1 (tile names and numbers).
"""

from __future__ import annotations

import io
import subprocess
import sys
import threading
from collections import Counter
from pathlib import Path

import pytest

from burgle.geometry.board import cell_name, parse_cell
from burgle.engine.game import Game
from burgle.pictures import (
    Floor,
    Highlights,
    PictureError,
    alt_text,
    building_graph,
    floor_graph,
    guard_graph,
    layout,
    render,
    route_scene,
    save,
    scene,
)
from burgle.pictures.layout import Label, _center

DATA = Path(__file__).parent / "data"
MIDGAME = (DATA / "pictures_midgame.toml").read_text()


def C(name: str) -> int:
    return parse_cell(name)


def names(cells) -> list[str]:
    return [cell_name(c) for c in cells]


@pytest.fixture(scope="module")
def mid():
    return Game.from_scenario(MIDGAME)


@pytest.fixture(scope="module")
def mid_scene(mid):
    return scene(mid)


def small(tiles=(), guard=("1D4", "1C3", 3), chars=(("hawk", "1A1", 3),), extra=""):
    lines = ["seed = 5", extra]
    for key, cell, stealth in chars:
        lines += ["[[characters]]", f'character = "{key}"', f'cell = "{cell}"', f"stealth = {stealth}"]
    lines += ["[tiles]"] + [f'{c} = "{spec}"' for c, spec in tiles]
    lines += ["[[guards]]", "floor = 1", f'cell = "{guard[0]}"', f'die = "{guard[1]}"', f"speed = {guard[2]}"]
    return Game.from_scenario("\n".join(lines))


# ----------------------------------------------------------------------------- graphs


def test_guard_graph_is_the_walled_grid(mid):
    """CONV-4 / GUARD-8: 24 side-sharing pairs minus the 8 walls of each Bank Job floor."""
    for floor in (1, 2, 3):
        g = guard_graph(mid, floor)
        assert sorted(g.nodes) == list(range(16 * (floor - 1), 16 * floor))
        assert g.number_of_edges() == 16
        assert {d["kind"] for *_, d in g.edges(data=True)} == {"adjacent"}
    g1 = guard_graph(mid, 1)
    assert not g1.has_edge(C("1A1"), C("1B1"))  # wall A1|B1
    assert g1.has_edge(C("1A1"), C("1A2"))


def test_dynamite_removed_wall_joins_the_guard_graph():
    game = Game.from_scenario('[walls]\n1 = "C1/C2 C2|D2 A2/A3 B2/B3 D3/D4 A4|B4 B4|C4"\n'
                              '[[characters]]\ncharacter = "hawk"\ncell = "1A1"')
    assert guard_graph(game, 1).has_edge(C("1A1"), C("1B1"))
    assert scene(game, floors=1).floor(1).broken_walls == ((C("1A1"), C("1B1")),)


def test_floor_graph_nodes_carry_what_a_player_sees(mid):
    g = floor_graph(mid, 1)
    b2 = g.nodes[C("1B2")]
    got = (b2["name"], b2["tile"], b2["kind"], b2["number"], b2["characters"])
    assert got == ("1B2", "Camera", "camera", 2, ["hawk"])
    assert g.nodes[C("1A1")]["alarm"] and g.nodes[C("1D1")]["destination"] and g.nodes[C("1D4")]["guard"]
    assert g.nodes[C("1B3")]["hack"] == 2 and g.nodes[C("1D2")]["keypad_open"] and g.nodes[C("1C2")]["dice"] == 2
    hidden = g.nodes[C("1B1")]
    assert (hidden["revealed"], hidden["kind"], hidden["tile"], hidden["number"]) == (False, None, "face down", None)
    assert g.nodes[C("1A4")]["downstairs"] and g.nodes[C("1A2")]["cracked"]


def test_floor_graph_edge_kinds(mid):
    """ACT-4: adjacency both ways, plus stairs (TILE-18), walk-down (TILE-20), secret doors
    (TILE-16, one way); far ends on other floors are kept, marked off the floor."""
    g2 = floor_graph(mid, 2)
    extra = sorted((cell_name(a), cell_name(b), d["kind"])
                   for a, b, d in g2.edges(data=True) if d["kind"] != "adjacent")
    assert extra == [("1C3", "2C3", "stairs"), ("2A1", "1A1", "walk_down"), ("2C3", "1C3", "stairs")]
    assert g2.nodes[C("1C3")]["on_floor"] is False
    adjacent = [(a, b) for a, b, d in g2.edges(data=True) if d["kind"] == "adjacent"]
    assert len(adjacent) == 2 * guard_graph(mid, 2).number_of_edges()
    g3 = floor_graph(mid, 3)
    doors = [(a, b) for a, b, d in g3.edges(data=True) if d["kind"] == "secret_door"]
    assert doors == [(C("3A2"), C("3B2"))]  # through wall A2|B2, into the door only
    assert not g3.has_edge(C("3B2"), C("3A2"))


def test_building_graph_ducts_and_thermal_links():
    game = small(tiles=[("1A1", "service_duct 5 revealed"), ("2D4", "service_duct 6 revealed"),
                        ("3C3", "stairs 4 revealed")],
                 extra='thermal = [["1B2", "2B2"]]')
    g = building_graph(game)
    kinds = Counter(d["kind"] for *_, d in g.edges(data=True))
    assert kinds["duct"] == 2 and kinds["thermal"] == 2 and kinds["stairs"] == 1  # floor 3 stairs: roof only
    assert g.has_edge(C("3C3"), "roof") and g.has_edge(C("1A1"), C("2D4")) and g.has_edge(C("2B2"), C("1B2"))


def test_building_graph_has_no_way_up_the_stairs_into_a_revealed_walkway():
    """TILE-20: a revealed Walkway cannot be entered from below; down from it, onto the
    Stairs, is a walk-down and the way back down the Stairs."""
    game = small(tiles=[("1B2", "stairs 4 revealed"), ("2B2", "walkway 2 revealed")])
    g = building_graph(game)
    assert not g.has_edge(C("1B2"), C("2B2"))
    assert {d["kind"] for d in g.get_edge_data(C("2B2"), C("1B2")).values()} == {"stairs", "walk_down"}


# ----------------------------------------------------------------------------- the scene


def test_scene_route_this_turn(mid_scene):
    """GUARD-6: die 2 + 2 alarms = 4 MP; the numbered steps, the stop and the rest of the way."""
    f1 = mid_scene.floor(1)
    r = f1.route
    assert r.moves_this_turn and r.mp == 4
    assert r.badge_names == (("1C4", "1"), ("1C3", "2"), ("1D3", "3"), ("1D2", "4"))
    assert names(r.path) == ["1D4", "1C4", "1C3", "1D3", "1D2"]
    assert r.stop_name == "1D2" and names(r.later) == ["1D2", "1D1"] and r.alternatives == ()
    assert f1.header == ("Floor 1", "Guard moves this turn: die 2 + 2 alarms = 4 MP", "Stops on 1D2")


def test_scene_tied_routes_are_dimmed_alternatives(mid_scene):
    """GUARD-9: the floor-2 guard's route to 2D2 has a tied route along row 3."""
    r = mid_scene.floor(2).route
    assert not r.moves_this_turn
    assert [names(a) for a in r.alternatives] == [["2A4", "2A3", "2B3", "2C3", "2D3", "2D2"]]
    assert r.badge_names == (("2A3", "1"), ("2A2", "2"), ("2B2", "3"))
    assert mid_scene.floor(2).header[1] == "Guard's next move (not this turn): die 3 = 3 MP"


def test_scene_alarm_distances(mid_scene):
    """ALARM-3: walking distances from the guard, nearest first."""
    f1 = mid_scene.floor(1)
    assert f1.alarm_labels == {"1D1": "5 away", "1A1": "6 away"}
    assert [(a.name, a.nearest, a.destination) for a in f1.alarms] == [("1D1", True, True), ("1A1", False, False)]


def test_scene_cells_labels_numbers_and_tokens(mid_scene):
    f1 = mid_scene.floor(1)
    assert (f1.cell("1B3").label, f1.cell("1B3").title, f1.cell("1B3").number) == (
        "Comp. Laser", "Computer Room \u2013 Laser", 5)
    assert f1.cell("1B1").label == "" and not f1.cell("1B1").revealed
    assert [m.label for m in f1.cell("1B3").marks] == ["hack 2"]
    assert [m.kind for m in f1.cell("1A4").marks] == ["downstairs", "entrance"]
    assert f1.cell("1D2").mark("keypad_open").label == "open"
    assert f1.cell("1C2").mark("safe_dice").label == "dice 2" and f1.cell("1C2").number is None
    assert f1.cell("1A2").mark("cracked").label == "\u2713"
    (hawk,) = f1.cell("1B2").occupants
    assert (hawk.label, hawk.name, hawk.stealth, hawk.active) == ("H", "Hawk", 2, True)
    assert f1.cell("1D1").destination and f1.cell("1D1").die_speed == 2
    assert f1.cell("1D4").occupants[0].kind == "guard"


def test_character_initials_stay_unique():
    game = small(chars=(("raven", "1A1", 3), ("rook", "1A2", 2), ("hawk", "1B2", 1)))
    occ = {o.name: o.label for v in scene(game, floors=1).floor(1).cells for o in v.occupants if o.kind == "character"}
    assert occ == {"Raven": "Ra", "Rook": "Ro", "Hawk": "H"}


def test_unknown_continuation_is_shown():
    """GUARD-11: he arrives with MP left and no alarm: the next card is unseen."""
    game = small(guard=("1D4", "1C3", 4))
    f1 = scene(game, floors=1).floor(1)
    r = f1.route
    assert r.stop is None and cell_name(r.end) == "1C3" and r.mp_unknown == 2 and "patrol card" in r.unknown
    assert f1.header[2] == "Known to 1C3, then 2 MP: next card unseen"
    lay = layout(scene(game, floors=1))
    assert "2?" in lay.texts("badge") and "2?" in scene(game, floors=1).texts()
    (ring,) = [d for d in lay.of("unknown") if d.y < 4]
    assert ring.ls == "--" and (ring.x, ring.y) == pytest.approx(_center(0, C("1C3"))) and not lay.of("stop")


def test_unplaced_guard_floor(mid_scene):
    f3 = mid_scene.floor(3)
    assert f3.route is None and f3.guard is None
    assert f3.header == ("Floor 3", "Guard not on the board yet (GUARD-2)")
    assert f3.links == ((C("3A2"), C("3B2"), "secret_door"),)


# ----------------------------------------------------------------------------- highlights


def test_highlights_reach_the_scene_and_layout(mid):
    hl = Highlights(cells=("1B2", C("1C3")), edges=(("1C3", "1C4"),), arrows=(("1B2", "1C2"),),
                    caption="Hawk hides on the Camera.", labels={"1B2": "you"})
    sc = scene(mid, floors=1, highlights=hl)
    f1 = sc.floor(1)
    assert f1.hl_cells == (C("1B2"), C("1C3")) and f1.cell("1B2").highlighted and f1.cell("1B2").note == "you"
    assert f1.hl_edges == ((C("1C3"), C("1C4")),) and f1.hl_arrows == ((C("1B2"), C("1C2")),)
    assert sc.caption == "Hawk hides on the Camera."
    lay = layout(sc)
    frames = lay.of("highlight")
    assert len(frames) == 2 and (frames[0].x, frames[0].y) == pytest.approx((1.025, 1.025))
    assert len(lay.of("highlight_edge")) == 1 and len(lay.of("highlight_arrow")) == 1
    assert "you" in lay.texts("note") and "Hawk hides on the Camera." in lay.texts("caption")
    assert "Highlighted: 1B2, 1C3." in sc.alt_text and "1B2: you" in sc.alt_text


def test_highlights_as_dict_or_list(mid):
    assert scene(mid, floors=1, highlights={"cells": ["1A1"]}).floor(1).hl_cells == (C("1A1"),)
    assert scene(mid, floors=1, highlights=["1A1", "1A2"]).floor(1).hl_cells == (C("1A1"), C("1A2"))
    arrows = scene(mid, highlights={"arrows": [("1C3", "2C3")]}).arrows_between
    assert arrows == ((C("1C3"), C("2C3")),)


@pytest.mark.parametrize("hl, words", [
    ({"cells": ["1E9"]}, ["1E9", "column A-D"]),
    ({"cells": [99]}, ["99", "0..47"]),
    ({"cells": ["2B2"]}, ["2B2", "floor 2", "not drawn", "floors 1"]),
    ({"edges": [("1A1", "1C1")]}, ["1A1-1C1", "sharing a side"]),
    ({"arrows": [("1A1", "1A1")]}, ["1A1", "same cell"]),
    ({"color": "red"}, ["'color'", "cells, edges, arrows, caption, labels"]),
    ({"labels": {"Z1": "x"}}, ["Z1"]),
])
def test_bad_highlights_name_the_value(mid, hl, words):
    with pytest.raises(PictureError) as err:
        scene(mid, floors=1, highlights=hl)
    assert isinstance(err.value, ValueError)
    for w in words:
        assert w in str(err.value)


@pytest.mark.parametrize("floors", [0, 4, [1, 5], "x", ()])
def test_bad_floor_names_the_value(mid, floors):
    with pytest.raises(PictureError) as err:
        scene(mid, floors=floors)
    assert "1, 2, 3" in str(err.value)
    if floors in (0, 4):
        assert f"floor {floors}" in str(err.value)


def test_unsupported_format_names_the_accepted_ones(mid, tmp_path):
    with pytest.raises(PictureError, match=r"'jpeg'.*svg, png, pdf"):
        render(mid, fmt="jpeg")
    with pytest.raises(PictureError, match=r"'\.jpg'.*\.svg, \.png, \.pdf"):
        save(mid, tmp_path / "x.jpg")
    assert not (tmp_path / "x.jpg").exists()


# ----------------------------------------------------------------------------- layout = what is drawn


def test_layout_draws_exactly_the_scene_texts(mid_scene):
    lay = layout(mid_scene)
    on_board = Counter(i.text for i in lay.items if isinstance(i, Label) and i.y < 4.05)  # legend is below
    assert on_board == Counter(mid_scene.texts())


def test_layout_route_geometry(mid_scene):
    lay = layout(mid_scene)
    (route1, route2) = lay.of("route")
    assert route1.points == tuple(_center(0, c) for c in mid_scene.floor(1).route.path)
    x2 = 4 + 0.75  # floor 2's panel
    assert route2.points == tuple(_center(x2, c) for c in mid_scene.floor(2).route.path)
    badges = sorted(i.text for i in lay.of("badge") if i.y < 4)
    assert badges == ["1", "1", "2", "2", "3", "3", "4"]
    stops = [s for s in lay.of("stop") if s.points[0][1] < 4]
    assert len(stops) == 2  # one octagon per moving guard (legend ones are below the grid)
    assert len([a for a in lay.of("alt_route") if a.points[0][1] < 4]) == 1
    assert len(lay.of("later")) >= 2
    assert len(lay.of("wall")) >= sum(len(f.walls) for f in mid_scene.floors)


def test_layout_marks_alarm_and_guard_positions(mid_scene):
    lay = layout(mid_scene)
    alarm_marks = [l for l in lay.of("alarm_distance")]
    assert sorted(l.text for l in alarm_marks) == ["5 away", "6 away"]
    d1 = next(l for l in alarm_marks if l.text == "5 away")
    assert 3 < d1.x < 4 and 0 < d1.y < 1  # in cell 1D1
    guards = [i for i in lay.of("guard") if isinstance(i, Label) and i.y < 4]
    assert [(round(g.x, 2), round(g.y, 2)) for g in guards] == [(3.5, 3.46), (4.75 + 0.5, 3.46)]


def test_legend_lists_only_what_appears():
    game = small(guard=("1D4", "1C3", 2))
    keys = [t for t in layout(scene(game, floors=1)).texts("legend")]
    assert "tied route not taken (clockwise rule)" not in keys and "highlight" not in keys
    assert "where he stops" in keys and "guard" in keys
    assert layout(scene(game, floors=1, legend=False)).texts("legend") == []


# ----------------------------------------------------------------------------- text alternative


def test_alt_text_describes_the_picture(mid):
    text = alt_text(mid)
    for piece in [
        "Turn 1: Hawk to act, 3 of 4 actions left",
        "Floor 1: a 4 by 4 grid",
        "Walls: A1|B1, C1/C2",
        "1B3 Computer Room \u2013 Laser 5 (2 hack tokens)",
        "Hawk (H, active) stands on 1B2 with 2 Stealth.",
        "Alarms: 1D1 at walking distance 5 (nearest, his destination); 1A1 at walking distance 6.",
        "This turn: die 2 + 2 alarms = 4 MP.",
        "Route: step 1 1C4, step 2 1C3, step 3 1D3, step 4 1D2. He stops on 1D2.",
        "Tied route not taken (dimmed): 2A4 2A3 2B3 2C3 2D3 2D2",
        "The guard of this floor is not on the board yet.",
    ]:
        assert piece in text, piece


def test_route_scene_for_the_cli():
    """GUARD-10 vector F1 A1>D2 drawn on its own: 6 numbered steps, one tied route."""
    from burgle.geometry.board import parse_index
    from burgle.geometry.layouts import job_walls

    walls = job_walls("bank")[0]
    sc = route_scene(walls, parse_index("A1"), parse_index("D2"), floor=1)
    (fs,) = sc.floors
    assert [b for _, b in fs.route.badges] == ["1", "2", "3", "4", "5", "6"]
    assert fs.route.step_names == ("1A2", "1B2", "1B1", "1C1", "1D1", "1D2") and fs.route.stop_name == "1D2"
    assert [names(a) for a in fs.route.alternatives] == [["1A1", "1A2", "1B2", "1C2", "1C3", "1D3", "1D2"]]
    assert sc.caption.startswith("at B2: shortest routes split")
    assert "Tied route not taken (dimmed): 1A1 1A2 1B2 1C2 1C3 1D3 1D2" in sc.alt_text


# ----------------------------------------------------------------------------- output


def test_svg_smoke(mid, tmp_path):
    path = save(mid, tmp_path / "mid.svg")
    svg = path.read_text()
    assert svg.startswith("<?xml") and svg.rstrip().endswith("</svg>")
    assert 'role="img"' in svg and "<title" in svg and "<desc" in svg
    assert "He stops on 1D2." in svg  # the text alternative travels with the picture
    assert '<text class="badge"' in svg and ">Comp. Laser</text>" in svg
    assert render(mid) == svg  # deterministic


def test_png_smoke(mid, tmp_path):
    from PIL import Image

    path = save(scene(mid, floors=2), tmp_path / "f2.png")
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(data))
    assert img.size[0] > 300 and "Floor 2" in img.info.get("Description", "")


def test_jupyter_reprs(mid):
    assert mid._repr_svg_().startswith("<?xml")
    fl = Floor(mid, 2)
    assert fl._repr_svg_().startswith("<?xml") and fl.alt_text.startswith("Turn 1")
    assert fl.graph.graph["floor"] == 2 and fl.guard_graph.number_of_edges() == 16
    assert scene(mid, floors=1)._repr_svg_().startswith("<?xml")
    with pytest.raises(PictureError):
        Floor(mid, 7)


@pytest.mark.parametrize("module", ["burgle.analysis.guard_forecast", "burgle.pictures", "burgle.pictures.graphs",
                                    "burgle.pictures.svg", "burgle.pictures.draw", "burgle.pictures.metrics",
                                    "burgle.pictures.scene"])
def test_doctests(module):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0


def test_engine_and_pictures_data_never_import_matplotlib():
    code = (
        "import sys\n"
        "from burgle.engine.game import Game\n"
        "from burgle.pictures import scene, layout, floor_graph\n"
        "g = Game.new(seed=1, characters=['hawk'])\n"
        "g.apply('entrance 1B2')\n"
        "layout(scene(g)); floor_graph(g, 1)\n"
        "assert 'matplotlib' not in sys.modules, 'matplotlib imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_rendering_in_threads(mid):
    want = render(mid, floors=1)
    got, errors = [], []

    def work():
        try:
            got.append(render(mid, floors=1))
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and got == [want] * 4


# ----------------------------------------------------------------------------- patrol odds overlay


def test_danger_overlay_reaches_scene_layout_and_svg(mid):
    """Issue 6: the danger map drawn on its floor: each cell with a chance above 0 is
    shaded and labelled with its percentage (the number carries the meaning), the legend
    says what the percentages are chances of, and the text alternative lists them."""
    from burgle.analysis.patrol import danger_map, percent

    dm = danger_map(mid, 2, turns=3)
    sc = scene(mid, floors=[1, 2], overlay=dm)
    f2 = sc.floor(2)
    assert f2.overlay is not None and f2.overlay.kind == "enter" and sc.floor(1).overlay is None
    want = {cell_name(c): percent(p) for c, p in dm.enter.items() if p > 0}
    assert f2.overlay_labels == want and "100%" in want.values()
    assert Counter(want.values()) <= Counter(sc.texts())
    assert "Overlay (shaded cells, percentages): chance he enters the cell within his next 3 moves" in f2.alt_text
    assert "2B2 100%" in f2.alt_text and "exact" in f2.alt_text
    lay = layout(sc)
    assert Counter(lay.texts("odds")) == Counter(want.values())
    shades = [b for b in lay.of("odds_shade") if b.y < 4]
    assert len(shades) == len(want)
    x2 = 4 + 0.75
    lab = [i for i in lay.of("odds") if isinstance(i, Label)]
    for c, text in f2.overlay.labels().items():
        i = c % 16
        assert any(l.text == text and l.group == cell_name(c) + ":odds" and x2 + i % 4 < l.x < x2 + i % 4 + 1
                   and i // 4 < l.y < i // 4 + 1 for l in lab), cell_name(c)  # in its own cell
    legend = " ".join(lay.texts("legend"))
    assert "shade and %: chance he enters the cell within his next 3" in legend
    on_board = Counter(i.text for i in lay.items if isinstance(i, Label) and i.y < 4.05)
    assert on_board == Counter(sc.texts())
    svg = render(mid, floors=2, overlay=dm.layer("end_turn", turn=1))
    assert 'class="odds"' in svg and "he ends a move on the cell in his next move" in svg


def test_next_destination_overlay_and_several_floors(mid):
    from burgle.analysis.patrol import danger_map, next_destination_layer, next_destination_odds

    odds = next_destination_odds(mid, 2)
    sc = scene(mid, floors=[1, 2], overlay=[odds, danger_map(mid, 1, turns=1)])
    assert sc.floor(2).overlay.kind == "destination" and sc.floor(1).overlay.kind == "enter"
    assert sc.floor(2).overlay_labels == {cell_name(c): t for c, t in next_destination_layer(mid, 2).labels().items()}
    assert sum(odds.values()) == 1
    legend = " ".join(layout(sc).texts("legend"))
    assert "floor 1:" in legend and "floor 2: chance of each cell being his next destination" in legend
    assert Floor(mid, 2, overlay=odds).scene.floor(2).overlay_labels == sc.floor(2).overlay_labels
    assert "Overlay" in alt_text(mid, floors=2, overlay=odds)


def test_overlay_errors_name_the_value(mid):
    from burgle.analysis.patrol import danger_map

    dm = danger_map(mid, 2, turns=1)
    with pytest.raises(PictureError, match=r"overlay is for floor 2, which is not drawn \(floors 1\)"):
        scene(mid, floors=1, overlay=dm)
    with pytest.raises(PictureError, match="two overlays for floor 2"):
        scene(mid, floors=2, overlay=[dm, dm.layer("end_turn")])
    with pytest.raises(PictureError, match="an overlay is a DangerMap, an OddsLayer or a mapping"):
        scene(mid, floors=2, overlay="danger")
    with pytest.raises(PictureError, match=r"overlay value for 2A1 is 1.5"):
        scene(mid, floors=2, overlay={"2A1": 1.5})
    assert scene(mid, floors=2).floor(2).overlay is None and scene(mid, floors=2).floor(2).overlay_labels == {}


def test_add_overlay_to_a_scene_built_elsewhere():
    """The explorer builds its own scenes: add_overlay draws odds on them too."""
    from burgle.analysis.patrol import danger_map, patrol_info
    from burgle.pictures import add_overlay

    info = patrol_info(2, "2A1", "2D4", 3, ["2B2", "2C3"], trim=6, walls=frozenset())
    sc = add_overlay(route_scene(frozenset(), 0, 15, floor=2), danger_map(info, turns=2))
    f2 = sc.floor(2)
    assert f2.overlay_labels["2B1"] == "100%" and "Overlay" in f2.alt_text
    assert Counter(layout(sc).texts("odds")) == Counter(f2.overlay_labels.values())
