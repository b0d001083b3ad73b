"""Pictures of where the guard walks: a floor layout with its traffic maps as an overlay.

One panel per floor, drawn by the ordinary pictures layers (:mod:`~burgle.pictures.layout`,
:mod:`~burgle.pictures.draw`) from a :class:`~burgle.pictures.scene.Scene` built here from
data (:mod:`burgle.analysis.traffic`):

* each cell's shade is its heat on gabob.com's scale (15 = lightest, 183 = darkest);
* its label gives both maps: the heat (how many of the 240 routes between two cells
  enter it, with the guard's GUARD-9 route) and the long-run share of the guard's steps
  there under a real patrol (``94 · 11.5%``);
* a note ``gabob 87`` on the cells where gabob.com, with its own tie-break, shows another
  number;
* the legend says all that, and the text alternative lists every cell.

>>> from burgle.geometry.layouts import job_walls
>>> sc = traffic_scene(job_walls("bank"), title="The Bank Job")
>>> f1 = sc.floor(1)
>>> f1.overlay_labels["1C3"], f1.cell("1B1").note
('154 · 18.9%', 'gabob 33')
>>> "C3 heat 154, 18.9% of his steps" in sc.alt_text
True
"""

from __future__ import annotations

from dataclasses import dataclass

from burgle.analysis.patrol import OddsLayer
from burgle.analysis.traffic import TrafficMaps, heat_shade, traffic_maps
from burgle.geometry.board import CELLS_PER_FLOOR, cell_name, index_name
from burgle.geometry.layouts import LayoutError, check_layout, encode, layout_text
from burgle.pictures.scene import CellView, FloorScene, PictureError, Scene
from burgle.data.said import joined, say, say_n

__all__ = ["TrafficLayer", "traffic_layer", "traffic_scene", "render_traffic", "save_traffic", "LEGEND_TEXT",
           "LAYER_TEXT"]

N = CELLS_PER_FLOOR

# The picture's words are Said (burgle.data.said): English str that a page shows in its language.
LEGEND_TEXT = say("the guard's traffic: heat · his share of steps (see below)")
LAYER_TEXT = say("the guard's traffic: heat, how many of the 240 routes between two cells enter the cell (gabob.com's "
                 "measure, his clockwise route, GUARD-9) · his long-run share of steps there on patrol")
CAPTION = say(
    "First number: heat, how many of the 240 routes between two cells enter the cell (gabob.com's measure, "
    "with the guard's clockwise route, GUARD-9; at least 15: every cell ends 15 routes). %: his long-run share "
    "of steps there on patrol, destinations from the patrol deck, any crew, no alarms; it is heat over the "
    "floor's total heat, as every start-destination leg is equally frequent. Shade: heat on gabob.com's scale, "
    "15 lightest to 183 darkest. A 'gabob n' note: the heat gabob.com shows there, its tie-break choosing "
    "other routes."
)


@dataclass(frozen=True)
class TrafficLayer(OddsLayer):
    """An overlay of both traffic maps of one floor, drawn like the patrol odds: ``values``
    shade each cell (heat on gabob's scale, 0..1), ``texts`` label it."""

    texts: tuple = ()  # (cell, label) pairs

    def labels(self) -> dict[int, str]:
        return dict(self.texts)


def traffic_layer(walls, floor: int, maps: TrafficMaps | None = None, title: str = LAYER_TEXT) -> TrafficLayer:
    """Both traffic maps of a floor with these walls as an overlay for any picture of that
    floor (``burgle.pictures.add_overlay``): the tutor draws it on lesson steps that claim
    traffic (``burgle.lessons.claims``). The shares are the patrol chain's exact ones
    (:func:`burgle.analysis.traffic.step_shares`); *maps* if the caller has them already;
    *title* the legend's wording (:data:`LAYER_TEXT` says it all; a traffic scene, whose
    caption explains, uses the short :data:`LEGEND_TEXT`)."""
    maps = traffic_maps(frozenset(walls)) if maps is None else maps
    h = maps.heat
    base = N * (floor - 1)
    return TrafficLayer(
        floor=floor, kind="traffic", title=title, method="exact",
        values={base + i: heat_shade(h[i]) for i in range(N)},
        texts=tuple((base + i, f"{h[i]} · {100 * float(maps.shares[i]):.1f}%") for i in range(N)),
    )


def _code_line(walls, floor: int | None) -> str:
    """``"Floor 2 · code 11hu0"``; a floor that is not a valid layout (JOB-3) has no code."""
    try:
        check_layout(walls)
    except LayoutError:
        if floor is None:
            return say("{n} walls: no layout code", n=len(walls))
        return say("Floor {floor} · {n} walls: no layout code", floor=floor, n=len(walls))
    if floor is None:
        return say("Code {code}", code=encode(walls))
    return say("Floor {floor} · code {code}", floor=floor, code=encode(walls))


def _floor_scene(maps: TrafficMaps, floor: int, named: bool) -> FloorScene:
    walls, cmp = maps.walls, maps.comparison
    h = maps.heat
    base = N * (floor - 1)
    share = [100 * float(x) for x in maps.shares]  # the patrol chain's exact shares (analysis.traffic)
    layer = traffic_layer(walls, floor, maps, title=LEGEND_TEXT)
    cells = tuple(
        CellView(cell=base + i, name=cell_name(base + i), row=i // 4, col=i % 4, revealed=True, kind=None,
                 title="", label="", number=None,
                 note=f"gabob {cmp.gabob[i]}" if cmp.gabob[i] != h[i] else "")
        for i in range(N)
    )
    top = [i for i in range(N) if h[i] == max(h)]
    words = dict(heat=max(h), share=f"{share[top[0]]:.1f}")
    if len(top) == 1:
        busiest = say("Busiest: {cells}, heat {heat}, {share}% of his steps", cells=index_name(top[0]), **words)
    elif len(top) <= 3:
        busiest = say("Busiest: {cells}, heat {heat}, {share}% of his steps each",
                      cells=", ".join(index_name(i) for i in top), **words)
    else:
        busiest = say("Busiest: {n} cells tie, heat {heat}, {share}% of his steps each", n=len(top), **words)
    header = (
        _code_line(walls, floor if named else None),
        busiest,
        (say_n("gabob.com differs on {n} cell (notes)", "gabob.com differs on {n} cells (notes)", len(cmp.cells))
         if cmp.cells else say("gabob.com shows the same heat")),
    )
    cell_words = joined(*(say("{cell} heat {heat}, {share}% of his steps", cell=index_name(i), heat=h[i],
                              share=f"{share[i]:.1f}") for i in range(N)), sep="; ")
    alt = joined(
        say("{where}: a 4 by 4 grid, columns A to D left to right, rows 1 to 4 top to bottom.", where=header[0]),
        say("Walls: {walls}.", walls=layout_text(walls)) if walls else say("Walls: none."),
        say("Traffic (heat: of the 240 routes between two cells, how many enter the cell, with the guard's clockwise "
            "route; and his long-run share of steps on patrol): {cells}.", cells=cell_words),
        say("{busiest}.", busiest=busiest),
        say("gabob.com, with its own tie-break, shows {cells}.",
            cells=", ".join(f"{index_name(c)} {cmp.gabob[c]}" for c in cmp.cells)) if cmp.cells else
        say("gabob.com shows the same heat."))
    return FloorScene(
        floor=floor, title=header[0], header=header, cells=cells,
        walls=tuple(sorted((base + a, base + b) for a, b in walls)), broken_walls=(), links=(),
        guard=None, die=None, speed=None, route=None, alarms=(), alt_text=alt, overlay=layer,
    )


def traffic_scene(floors, title: str = "", legend: bool = True, numbers=None, maps=None) -> Scene:
    """The traffic maps of a building's floors (a sequence of wall sets, floor 1 first; at
    most 3, as the jobs have), one panel per floor.

    *numbers*: the floors' numbers when they are not 1, 2, ... (the explorer draws the one
    floor it shows, such as ``numbers=(2,)``); *maps*: the floors'
    :class:`~burgle.analysis.traffic.TrafficMaps` when the caller has them already."""
    floors = [frozenset(w) for w in floors]
    if not 1 <= len(floors) <= 3:
        raise PictureError(f"a traffic picture shows 1 to 3 floors, not {len(floors)}")
    numbers = tuple(range(1, len(floors) + 1)) if numbers is None else tuple(numbers)
    if len(numbers) != len(floors) or len(set(numbers)) != len(numbers) or not all(
            isinstance(f, int) and 1 <= f <= 3 for f in numbers):
        raise PictureError(f"floor numbers {numbers!r} do not fit {len(floors)} floor(s): one number 1-3 each")
    maps = [traffic_maps(w) for w in floors] if maps is None else list(maps)
    if [m.walls for m in maps] != floors:
        raise PictureError("the traffic maps given are not those of the floors given")
    named = len(floors) > 1 or numbers != (1,)
    panels = tuple(_floor_scene(m, f, named) for f, m in zip(numbers, maps))
    return Scene(floors=panels, caption=CAPTION, title=title, legend=legend)


def render_traffic(floors, fmt: str = "svg", title: str = ""):
    """The traffic picture as SVG text or PNG bytes."""
    from burgle.pictures import render_scene

    return render_scene(traffic_scene(floors, title=title), fmt)


def save_traffic(floors, path, title: str = ""):
    """Write the traffic picture to *path* (.svg or .png)."""
    from burgle.pictures import save

    return save(traffic_scene(floors, title=title), path)
