"""Crowded cells stay readable (issue 10 §3): the markers of a cell (tile name, number,
alarm and its distance, the guard, his step badge or stop, his die, "sees H", characters,
tokens, notes, odds) are laid out by rule (burgle.pictures.layout.CellSlots) and, in the
picture's own coordinates, no two of them overlap and none sits under a wall."""

from __future__ import annotations

from collections import defaultdict

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from burgle.data.cards import CHARACTERS, LOOT_BY_KEY
from burgle.data.tiles import TILE_COPIES
from burgle.engine.errors import ScenarioError
from burgle.engine.game import Game
from burgle.geometry.board import cell_name, orthogonal_neighbours
from burgle.pictures import Highlights, layout, scene
from burgle.pictures.layout import INSET, GAP, Label, bbox, overlap, union

SETTINGS = settings(derandomize=True, max_examples=60, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))


def markers_by_cell(lay) -> dict[str, dict[str, tuple]]:
    """cell name -> marker -> the box it paints (union of its items, strokes and text)."""
    boxes: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))
    for item in lay.items:
        if item.group:
            cell, marker = item.group.split(":", 1)
            boxes[cell][marker].append(bbox(item))
    return {c: {m: union(b) for m, b in ms.items()} for c, ms in boxes.items()}


def check_no_overlap(sc) -> None:
    lay = layout(sc)
    drawn = [f.floor for f in sc.floors]
    for cell, marks in markers_by_cell(lay).items():
        floor, index = int(cell[0]), "ABCD".index(cell[1]) + 4 * (int(cell[2]) - 1)
        x0 = drawn.index(floor) * (4 + GAP) + index % 4
        y0 = index // 4
        names = sorted(marks)
        for k, a in enumerate(names):
            b = marks[a]
            assert x0 + INSET - 1e-9 <= b[0] and b[2] <= x0 + 1 - INSET + 1e-9, (cell, a, "off the cell", b)
            assert y0 + INSET - 1e-9 <= b[1] and b[3] <= y0 + 1 - INSET + 1e-9, (cell, a, "off the cell", b)
            for other in names[k + 1:]:
                assert not overlap(b, marks[other]), (cell, a, other, b, marks[other])


@st.composite
def crowded(draw):
    """A floor-1 cell with as much on it as a scenario allows: a face-up tile with its
    tokens, 0-4 characters, the crow, the kitty, a thermal link, the guard next door
    heading there (his die, his step badge and stop, whom he sees), an alarm, a note,
    odds; and a second busy cell beside it."""
    seed = draw(st.integers(0, 2**16))
    hot = draw(st.integers(0, 15))
    near = draw(st.sampled_from(orthogonal_neighbours(hot)))
    kinds = draw(st.permutations(TILE_COPIES))
    (kind, number), (kind2, number2) = kinds[0], kinds[1]
    tile = {"kind": kind, "revealed": True}
    if number is not None:
        tile["number"] = number
    alarm = draw(st.booleans())
    tile["alarm"] = alarm
    for flag in ("crowbar", "downstairs"):
        tile[flag] = draw(st.booleans())
    tile["stealth"] = draw(st.integers(0, 3))
    tile["items"] = draw(st.lists(st.sampled_from(sorted(LOOT_BY_KEY)), max_size=2, unique=True))
    if kind.startswith("computer"):
        tile["hack"] = draw(st.integers(0, 6))
    if kind == "safe":
        tile["dice"] = draw(st.integers(0, 6))
        tile["cracked"] = draw(st.booleans())
    if kind == "keypad":
        tile["keypad_open"] = draw(st.booleans())
    other = {"kind": kind2, "revealed": True, "downstairs": draw(st.booleans())}
    if number2 is not None:
        other["number"] = number2
    names = draw(st.permutations(sorted(CHARACTERS)))
    n_hot = draw(st.integers(0, 4))
    n_near = draw(st.integers(0, 4 - n_hot))
    chars = [{"character": names[k], "cell": cell_name(hot), "stealth": draw(st.integers(0, 5))} for k in range(n_hot)]
    chars += [{"character": names[n_hot + k], "cell": cell_name(near), "stealth": draw(st.integers(0, 5))}
              for k in range(n_near)]
    doc = {"seed": seed, "tiles": {cell_name(hot): tile, cell_name(near): other}, "characters": chars}
    if not chars:
        doc["entrance"] = cell_name(hot)
    if draw(st.booleans()):
        doc["crow"] = cell_name(hot)
    if draw(st.booleans()):
        doc["kitty"] = cell_name(hot)
    if draw(st.booleans()):
        doc["thermal"] = [[cell_name(hot), cell_name(hot + 16)]]
    guard_at = draw(st.sampled_from([near] + [c for c in orthogonal_neighbours(near) if c != hot]))
    doc["guards"] = [{"floor": 1, "cell": cell_name(guard_at), "die": cell_name(hot),
                      "speed": draw(st.integers(1, 6))}]
    if alarm and guard_at == hot:
        alarm = False
    note = draw(st.sampled_from(["", "you", "T2,T3?"]))
    odds = draw(st.sampled_from([None, 0.004, 0.37, 1.0]))
    return doc, hot, note, odds


@SETTINGS
@given(crowded())
def test_markers_in_crowded_cells_never_overlap(spec):
    doc, hot, note, odds = spec
    try:
        game = Game.from_scenario(doc)
    except ScenarioError:
        assume(False)
    hl = Highlights(cells=[hot], labels={hot: note} if note else {})
    check_no_overlap(scene(game, floors=1, highlights=hl, overlay={cell_name(hot): odds} if odds else None))
    check_no_overlap(scene(game))  # the three-floor picture: the same cells, the same rule


@settings(derandomize=True, max_examples=25, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 2**32 - 1), st.lists(st.integers(0, 2**16), min_size=20, max_size=160))
def test_markers_never_overlap_in_played_games(seed, picks):
    game = Game.new(seed, characters=["hawk", "raven", "rook", "juicer"][: 1 + seed % 4])
    for i, pick in enumerate(picks):
        if game.is_over:
            break
        if i % 10 == 0:
            check_no_overlap(scene(game))
        legal = game.legal_actions()
        game.apply(legal[pick % len(legal)])
    check_no_overlap(scene(game))


CROWDED = """
seed = 3
crow = "1C3"
kitty = "1C3"
thermal = [["1C3", "2C3"]]
[tiles]
1C3 = {kind="laser", number=2, revealed=true, alarm=true, crowbar=true, downstairs=true, stealth=2, items=["gold_bar"]}
1B2 = {kind="safe", revealed=true, dice=3, downstairs=true, stealth=1, items=["tiara", "gemstone"]}
[[characters]]
character = "hawk"
cell = "1C3"
stealth = 0
[[characters]]
character = "raven"
cell = "1C3"
stealth = 1
[[characters]]
character = "rook"
cell = "1C3"
stealth = 2
[[characters]]
character = "rigger"
cell = "1B2"
stealth = 4
[[guards]]
floor = 1
cell = "1B2"
die = "1C3"
speed = 6
"""


def test_a_full_cell_summarises_what_does_not_fit():
    """Three characters, seven tokens, the alarm, the die, his last known step and whom he
    sees, on one Laser: what does not fit becomes one "+n" chip; the text alternative
    still names everything."""
    sc = scene(Game.from_scenario(CROWDED), floors=1)
    check_no_overlap(sc)
    lay = layout(sc)
    marks = markers_by_cell(lay)["1C3"]
    assert {"title", "number", "alarm", "die", "step", "more"} <= set(marks)
    (more,) = [i for i in lay.items if isinstance(i, Label) and i.group == "1C3:more"]
    shown = [m for m in marks if m.startswith(("character", "chip_", "seen"))]
    assert int(more.text[1:]) == 3 + 7 + 1 - len(shown)  # 3 characters, 7 tokens, 1 "sees": each once
    assert "+n: more tokens than fit" in " ".join(lay.texts("legend"))
    for words in ("Raven (R", "Rook (R", "Persian Kitty", "Crowbar", "thermal link up", "2 Stealth tokens"):
        assert words in sc.alt_text, words


def test_the_building_view_legend_is_set_large_and_nothing_in_it_overlaps():
    """Issue 10 §3: the three-floor picture is drawn across a page at about 0.9 of its
    size, so its legend is set at 12.6 pt (11 px and more as drawn; the browser test
    measures it), its symbols grow with it, and no two of its entries overlap."""
    game = Game.new(seed=2, characters=["hawk", "raven"])
    game.apply("entrance 1B2")
    for floors, least in ((None, 12.6), (1, 7.0)):
        lay = layout(scene(game, floors=floors))
        texts = [i for i in lay.items if i.role == "legend"]
        symbols = [i for i in lay.items if i.role.startswith("legend_")]
        assert texts and symbols and min(t.size for t in texts) >= least
        boxes = [bbox(i) for i in texts]
        for k, a in enumerate(boxes):
            assert not any(overlap(a, b) for b in boxes[k + 1:]), texts[k].text
            assert not any(overlap(a, bbox(s)) for s in symbols), texts[k].text
        assert max(b[2] for b in boxes) <= lay.xmax  # inside the picture
