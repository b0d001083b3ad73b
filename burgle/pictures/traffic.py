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
from burgle.analysis.traffic import HEAT_FLOOR, HEAT_SPAN, compare_heat, heat_shade
from burgle.geometry.board import CELLS_PER_FLOOR, cell_name, index_name
from burgle.geometry.layouts import encode, layout_text
from burgle.pictures.scene import CellView, FloorScene, PictureError, Scene

__all__ = ["TrafficLayer", "traffic_layer", "traffic_scene", "render_traffic", "save_traffic", "LEGEND_TEXT"]

N = CELLS_PER_FLOOR

LEGEND_TEXT = (
    "the guard's traffic. First number: heat, how many of the 240 routes between two cells enter the cell "
    "(gabob.com's definition, the guard's clockwise route, GUARD-9); %: his long-run share of steps there "
    "on patrol (any crew, no alarms); shade: heat on gabob.com's scale, 15 to 183; a 'gabob n' note: "
    "the number gabob.com shows, its tie-break choosing other routes"
)


@dataclass(frozen=True)
class TrafficLayer(OddsLayer):
    """An overlay of both traffic maps of one floor, drawn like the patrol odds: ``values``
    shade each cell (heat on gabob's scale, 0..1), ``texts`` label it."""

    texts: tuple = ()  # (cell, label) pairs

    def labels(self) -> dict[int, str]:
        return dict(self.texts)


def traffic_layer(walls, floor: int) -> TrafficLayer:
    """Both traffic maps of a floor with these walls as an overlay for any picture of that
    floor (``burgle.pictures.add_overlay``): the tutor draws it on lesson steps that claim
    traffic (``burgle.lessons.claims``)."""
    from burgle.analysis.traffic import heat

    h = heat(frozenset(walls))
    total = sum(h)
    base = N * (floor - 1)
    return TrafficLayer(
        floor=floor, kind="traffic", title=LEGEND_TEXT, method="exact",
        values={base + i: heat_shade(h[i]) for i in range(N)},
        texts=tuple((base + i, f"{h[i]} · {100 * h[i] / total:.1f}%") for i in range(N)),
    )


def _floor_scene(walls, floor: int, floors: int) -> FloorScene:
    cmp = compare_heat(walls)
    h, total = cmp.ours, sum(cmp.ours)
    base = N * (floor - 1)
    share = [100 * x / total for x in h]
    layer = traffic_layer(walls, floor)
    cells = tuple(
        CellView(cell=base + i, name=cell_name(base + i), row=i // 4, col=i % 4, revealed=True, kind=None,
                 title="", label="", number=None,
                 note=f"gabob {cmp.gabob[i]}" if cmp.gabob[i] != h[i] else "")
        for i in range(N)
    )
    top = [i for i in range(N) if h[i] == max(h)]
    busiest = (", ".join(index_name(i) for i in top) if len(top) <= 3 else f"{len(top)} cells tie")
    header = (
        f"Floor {floor} · code {encode(walls)}" if floors > 1 else f"Code {encode(walls)}",
        f"Busiest: {busiest}, heat {max(h)}, {share[top[0]]:.1f}% of his steps" + (" each" if len(top) > 1 else ""),
        (f"gabob.com differs on {len(cmp.cells)} cell{'s' if len(cmp.cells) != 1 else ''} (notes)" if cmp.cells
         else "gabob.com shows the same heat"),
    )
    cell_words = "; ".join(f"{index_name(i)} heat {h[i]}, {share[i]:.1f}% of his steps" for i in range(N))
    alt = (f"{header[0]}: a 4 by 4 grid, columns A to D left to right, rows 1 to 4 top to bottom. "
           f"Walls: {layout_text(walls) or 'none'}. Traffic (heat: of the 240 routes between two cells, how many "
           f"enter the cell, with the guard's clockwise route; and his long-run share of steps on patrol): "
           f"{cell_words}. {header[1]}."
           + (" gabob.com, with its own tie-break, shows " + ", ".join(
               f"{index_name(c)} {cmp.gabob[c]}" for c in cmp.cells) + "." if cmp.cells else
              " gabob.com shows the same heat."))
    return FloorScene(
        floor=floor, title=header[0], header=header, cells=cells,
        walls=tuple(sorted((base + a, base + b) for a, b in walls)), broken_walls=(), links=(),
        guard=None, die=None, speed=None, route=None, alarms=(), alt_text=alt, overlay=layer,
    )


def traffic_scene(floors, title: str = "", legend: bool = True) -> Scene:
    """The traffic maps of a building's floors (a sequence of wall sets, floor 1 first; at
    most 3, as the jobs have), one panel per floor."""
    floors = [frozenset(w) for w in floors]
    if not 1 <= len(floors) <= 3:
        raise PictureError(f"a traffic picture shows 1 to 3 floors, not {len(floors)}")
    panels = tuple(_floor_scene(w, f, len(floors)) for f, w in enumerate(floors, 1))
    caption = (f"Heat counts routes (min {HEAT_FLOOR}: every cell ends 15); gabob.com colours "
               f"{HEAT_FLOOR} blue to {HEAT_FLOOR + HEAT_SPAN} red. The share of steps is heat over the floor's "
               "total heat for every crew size: every start-destination leg is equally frequent on patrol.")
    return Scene(floors=panels, caption=caption, title=title, legend=legend)


def render_traffic(floors, fmt: str = "svg", title: str = ""):
    """The traffic picture as SVG text or PNG bytes."""
    from burgle.pictures import render_scene

    return render_scene(traffic_scene(floors, title=title), fmt)


def save_traffic(floors, path, title: str = ""):
    """Write the traffic picture to *path* (.svg or .png)."""
    from burgle.pictures import save

    return save(traffic_scene(floors, title=title), path)
