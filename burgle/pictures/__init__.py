"""Pictures of the building: networkx graphs, drawings and their text alternatives.

Layers, lowest first (only ``draw`` imports matplotlib, and only when called):

* :mod:`~burgle.pictures.graphs`: floors as networkx graphs (:func:`floor_graph`,
  :func:`guard_graph`, :func:`building_graph`);
* :mod:`~burgle.pictures.scene`: what a picture shows, as data (:func:`scene`), with
  the guard's forecast route from :mod:`burgle.analysis.guard_forecast`;
* :mod:`~burgle.pictures.layout`: where each mark goes (:func:`layout`);
* :mod:`~burgle.pictures.svg`: SVG text, written directly (no plotting library: the
  pages, the static site in Pyodide, Jupyter and ``burgle draw -o x.svg``);
* :mod:`~burgle.pictures.draw`: matplotlib, for PNG, PDF and your own axes (``ax=``).

>>> from burgle.engine.game import Game
>>> game = Game.new(seed=1, characters=["hawk"])
>>> _ = game.apply("entrance 1B2")
>>> svg = render(game, floors=1)
>>> svg.lstrip().startswith("<?xml") and "<title" in svg
True
>>> alt_text(game, floors=1).startswith("Turn 1")
True
"""

from __future__ import annotations

from pathlib import Path as _Path

from burgle.pictures.layout import layout
from burgle.pictures.scene import Highlights, PictureError, Scene, add_overlay, parse_floors, route_scene, scene

__all__ = [
    "Floor",
    "add_overlay",
    "Highlights",
    "PictureError",
    "Scene",
    "alt_text",
    "building_graph",
    "draw",
    "draw_floor",
    "draw_floors",
    "floor_graph",
    "guard_graph",
    "layout",
    "render",
    "render_scene",
    "route_scene",
    "save",
    "save_route",
    "scene",
]

#: Loaded on first use (PEP 562): the pages draw without networkx, and the static site
#: would otherwise download and import it on every load (docs/benchmarks.md, "Static site").
_GRAPHS = ("building_graph", "floor_graph", "guard_graph")


def __getattr__(name: str):
    if name in _GRAPHS:
        from burgle.pictures import graphs

        return getattr(graphs, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


FORMATS = ("svg", "png", "pdf")
SUFFIXES = {".svg": "svg", ".png": "png", ".pdf": "pdf"}


def check_format(fmt: str) -> str:
    """*fmt* lower-cased ("svg", "png" or "pdf"); anything else is a :class:`PictureError`."""
    f = str(fmt).lower().lstrip(".")
    if f not in FORMATS:
        raise PictureError(f"unsupported picture format {fmt!r}; accepted: " + ", ".join(FORMATS))
    return f


def render_scene(sc: Scene, fmt: str = "svg"):
    """Draw a scene: SVG text (``str``, no plotting library) or PNG/PDF ``bytes`` (matplotlib)."""
    fmt = check_format(fmt)
    if fmt == "svg":
        from burgle.pictures.svg import svg_document

        return svg_document(layout(sc))
    from burgle.pictures.draw import render_layout

    return render_layout(layout(sc), fmt)


def render(game, floors=None, highlights=None, fmt: str = "svg", legend: bool = True, overlay=None):
    """Draw *floors* of *game* (None = all three side by side): SVG ``str``, or PNG/PDF
    ``bytes``. *overlay*: per-cell odds drawn over a floor (a DangerMap, one of its
    layers, or next-destination odds; see :func:`~burgle.pictures.scene.add_overlay`)."""
    check_format(fmt)
    return render_scene(scene(game, floors=floors, highlights=highlights, legend=legend, overlay=overlay), fmt)


def draw(picture, ax, floors=None, highlights=None, legend: bool = True, overlay=None):
    """Draw a game (its *floors*), a :class:`Scene` or a :class:`Floor` into your own
    matplotlib ``Axes`` *ax*; returns *ax*. One board unit (a cell) is one data unit.

    >>> from matplotlib.figure import Figure
    >>> from burgle.engine.game import Game
    >>> game = Game.new(seed=1, characters=["hawk"])
    >>> _ = game.apply("entrance 1B2")
    >>> fig = Figure(figsize=(8, 4))
    >>> left, right = fig.subplots(1, 2)
    >>> _ = draw(game, ax=left, floors=1, legend=False)
    >>> _ = draw(game, ax=right, floors=2, legend=False)
    """
    from burgle.pictures.draw import draw_on

    if isinstance(picture, Floor):
        sc = picture.scene
    elif isinstance(picture, Scene):
        sc = picture
    else:
        sc = scene(picture, floors=floors, highlights=highlights, legend=legend, overlay=overlay)
    return draw_on(ax, layout(sc))


def draw_floor(game, floor: int, highlights=None, fmt: str = "svg", legend: bool = True, overlay=None):
    """One floor of *game* (1..3)."""
    return render(game, floors=(floor,) if not isinstance(floor, (tuple, list)) else floor,
                  highlights=highlights, fmt=fmt, legend=legend, overlay=overlay)


def draw_floors(game, highlights=None, fmt: str = "svg", legend: bool = True, overlay=None):
    """All three floors of *game* side by side."""
    return render(game, floors=None, highlights=highlights, fmt=fmt, legend=legend, overlay=overlay)


def alt_text(game, floors=None, highlights=None, overlay=None) -> str:
    """The text alternative of the picture :func:`render` would draw."""
    return scene(game, floors=floors, highlights=highlights, overlay=overlay).alt_text


def format_for_path(path) -> str:
    """'svg', 'png' or 'pdf' from a file name; anything else is a :class:`PictureError`."""
    suffix = _Path(str(path)).suffix.lower()
    if suffix not in SUFFIXES:
        raise PictureError(
            f"cannot write {str(path)!r}: unsupported extension {suffix or '(none)'!r}; accepted: "
            + ", ".join(SUFFIXES)
        )
    return SUFFIXES[suffix]


def save(picture, path) -> _Path:
    """Write a game, a :class:`Scene` or a :class:`Floor` to *path* (``.svg``, ``.png`` or ``.pdf``)."""
    fmt = format_for_path(path)
    if isinstance(picture, Scene):
        data = render_scene(picture, fmt)
    elif isinstance(picture, Floor):
        data = picture.render(fmt)
    else:
        data = render(picture, fmt=fmt)
    path = _Path(path)
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_bytes(data)
    return path


def save_route(walls, start: int, dest: int, path, floor: int | None = None) -> _Path:
    """Draw one guard route on an empty floor (``burgle route --draw``) to *path*.

    *walls*: index pairs; *start*, *dest*: floor indexes 0..15."""
    format_for_path(path)
    return save(route_scene(walls, start, dest, floor=floor), path)


class Floor:
    """One floor of a game, as the explorer and notebooks see it.

    Shows itself in Jupyter (``_repr_svg_``); ``graph`` and ``guard_graph`` are the
    networkx views, ``scene`` the picture as data, ``alt_text`` its description.
    The view reads the game when asked, so it follows the game as it changes."""

    def __init__(self, game, floor: int, highlights=None, overlay=None):
        self.game = game
        self.floor = parse_floors(floor, game)[0]
        self.highlights = Highlights.coerce(highlights)
        self.overlay = overlay  # per-cell odds (a DangerMap, a layer, next-destination odds)
        scene(game, floors=self.floor, highlights=self.highlights, overlay=overlay)  # validate now

    @property
    def scene(self) -> Scene:
        return scene(self.game, floors=self.floor, highlights=self.highlights, overlay=self.overlay)

    @property
    def graph(self):
        from burgle.pictures.graphs import floor_graph

        return floor_graph(self.game, self.floor)

    @property
    def guard_graph(self):
        from burgle.pictures.graphs import guard_graph

        return guard_graph(self.game, self.floor)

    @property
    def alt_text(self) -> str:
        return self.scene.alt_text

    def render(self, fmt: str = "svg"):
        return render_scene(self.scene, fmt)

    def _repr_svg_(self) -> str:
        return self.render("svg")

    def __repr__(self) -> str:
        return f"<Floor {self.floor} of {self.game!r}>"
