"""Matplotlib drawing of a :class:`~burgle.pictures.layout.Layout`: PNG, PDF, or into
a user's own axes.

SVG does not come through here: :mod:`burgle.pictures.svg` writes it directly, with no
plotting library (the pages and the static site use that path). Matplotlib is for
raster and print output (``burgle draw -o x.png``, ``x.pdf``) and for figures of your
own (:func:`draw_on`), and it is imported only when one of these is asked for.

Uses ``matplotlib.figure.Figure`` with the Agg/PDF canvases directly, never pyplot, so
it runs headless and in threads and leaves no global figure behind. Each layout item
becomes one artist, or one entry in a collection of items sharing a layer. PNG and PDF
carry the picture's text alternative in their ``Description``/``Subject`` metadata.
"""

from __future__ import annotations

import io
import threading

from burgle.pictures.layout import HALO_PT, HALO_ROLES, PAPER, UNIT_INCH, Box, Dot, Label, Layout, Path
from burgle.pictures.scene import PictureError

__all__ = ["RASTER_FORMATS", "render_layout", "figure", "draw_on"]

RASTER_FORMATS = ("png", "pdf")
_LOCK = threading.RLock()  # rcParams are process-wide: one render at a time
_FONT = "DejaVu Sans"
TEXT_Z = 100


def _patch(item):
    from matplotlib.patches import Circle, FancyBboxPatch, Polygon, Rectangle

    if isinstance(item, Box):
        if item.round:
            return FancyBboxPatch((item.x, item.y), item.w, item.h, boxstyle=f"round,pad=0,rounding_size={item.round}",
                                  facecolor=item.face, edgecolor=item.edge, linewidth=item.lw, linestyle=item.ls)
        return Rectangle((item.x, item.y), item.w, item.h, facecolor=item.face, edgecolor=item.edge,
                         linewidth=item.lw, linestyle=item.ls)
    if isinstance(item, Dot):
        return Circle((item.x, item.y), item.r, facecolor=item.face, edgecolor=item.edge, linewidth=item.lw,
                      linestyle=item.ls)
    return Polygon(item.points, closed=True, facecolor=item.face, edgecolor=item.edge, linewidth=item.lw,
                   linestyle=item.ls)


def draw_on(ax, lay: Layout, texts: bool = True):
    """Draw *lay* into the matplotlib ``Axes`` *ax* (one board unit per data unit, y
    growing downward like the printed board) and return *ax*. Font sizes and line widths
    are in points, so they keep their size whatever the axes' scale.

    >>> from matplotlib.figure import Figure
    >>> from burgle.engine.game import Game
    >>> from burgle.pictures import layout, scene
    >>> game = Game.new(seed=1, characters=["hawk"])
    >>> _ = game.apply("entrance 1B2")
    >>> ax = Figure().add_subplot()
    >>> draw_on(ax, layout(scene(game, floors=1))) is ax
    True
    """
    from matplotlib import patheffects
    from matplotlib.collections import LineCollection, PatchCollection
    from matplotlib.colors import to_rgba

    halo = [patheffects.withStroke(linewidth=HALO_PT, foreground=PAPER)]
    ax.set_xlim(lay.xmin, lay.xmax)
    ax.set_ylim(lay.ymax, lay.ymin)
    ax.set_aspect("equal")
    ax.set_axis_off()
    ax.set_autoscale_on(False)
    patches: dict[tuple, list] = {}
    lines: dict[int, list] = {}
    for item in lay.items:
        if isinstance(item, Label):
            if texts:  # labels sit above every shape
                ax.text(item.x, item.y, item.text, fontsize=item.size, color=item.color, ha=item.ha, va=item.va,
                        fontweight="bold" if item.bold else "normal", zorder=TEXT_Z + item.z, family=_FONT,
                        gid=item.role, clip_on=False, path_effects=halo if item.role in HALO_ROLES else None)
        elif isinstance(item, Path):
            lines.setdefault(item.z, []).append(item)
        else:
            hatch = getattr(item, "hatch", "")
            patches.setdefault((item.z, hatch), []).append(item)
    for (z, hatch), group in sorted(patches.items()):
        pc = PatchCollection([_patch(i) for i in group], match_original=True, zorder=z)
        if hatch:
            pc.set_hatch(hatch)
        ax.add_collection(pc, autolim=False)
    for z, group in sorted(lines.items()):
        lc = LineCollection(
            [i.points for i in group],
            colors=[to_rgba(i.color, i.alpha) for i in group],
            linewidths=[i.lw for i in group],
            linestyles=[i.ls for i in group],
            zorder=z,
            capstyle="projecting" if all(i.role in ("wall", "grid") for i in group) else "round",
            joinstyle="round",
        )
        ax.add_collection(lc, autolim=False)
    return ax


def figure(lay: Layout):
    """A matplotlib ``Figure`` showing *lay* at its natural size (not attached to pyplot)."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(lay.width * UNIT_INCH, lay.height * UNIT_INCH), facecolor="white")
    draw_on(fig.add_axes((0, 0, 1, 1)), lay)
    return fig


def render_layout(lay: Layout, fmt: str = "png", dpi: int = 110) -> bytes:
    """Render *lay* as PNG or PDF ``bytes`` (SVG: :func:`burgle.pictures.svg.svg_document`)."""
    if fmt not in RASTER_FORMATS:
        raise PictureError(f"matplotlib draws {', '.join(RASTER_FORMATS)} here, not {fmt!r}; SVG is written by "
                           "burgle.pictures.svg")
    buf = io.BytesIO()
    title = lay.title or "Burgle Bros."
    with _LOCK:
        fig = figure(lay)
        if fmt == "png":
            fig.savefig(buf, format="png", dpi=dpi, pil_kwargs={"compress_level": 3},  # zlib 6 costs ~30 ms more
                        metadata={"Title": title, "Description": lay.alt_text, "Software": "burgle"})
        else:
            fig.savefig(buf, format="pdf", metadata={"Title": title, "Subject": lay.alt_text, "Creator": "burgle",
                                                     "CreationDate": None, "ModDate": None})
    return buf.getvalue()
