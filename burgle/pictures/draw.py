"""Matplotlib rendering of a :class:`~burgle.pictures.layout.Layout` (SVG or PNG).

Uses ``matplotlib.figure.Figure`` with the SVG/Agg canvases directly, never pyplot,
so it runs headless and in threads and leaves no global figure behind. Each layout
item becomes one artist, or one entry in a collection of items sharing a layer.

SVG output keeps text as text (``svg.fonttype = none``: small, searchable, read by
screen readers) and carries the picture's text alternative as ``<title>``/``<desc>``;
PNG output carries it in the ``Description`` metadata.
"""

from __future__ import annotations

import io
import threading
from html import escape

from burgle.pictures.layout import UNIT_INCH, Box, Dot, Label, Layout, Path
from burgle.pictures.scene import PictureError

__all__ = ["FORMATS", "render_layout", "check_format", "figure"]

FORMATS = ("svg", "png")
_LOCK = threading.RLock()  # rcParams are process-wide: one render at a time
_FONT = "DejaVu Sans"
TEXT_Z = 100
_PT = 72 * UNIT_INCH  # points per board unit
_ANCHOR = {"left": "start", "center": "middle", "right": "end"}
_BASELINE = {"center": "central", "baseline": "alphabetic", "top": "hanging", "bottom": "text-after-edge"}


def check_format(fmt: str) -> str:
    f = str(fmt).lower().lstrip(".")
    if f not in FORMATS:
        raise PictureError(f"unsupported picture format {fmt!r}; accepted: " + ", ".join(FORMATS))
    return f


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


def figure(lay: Layout, texts: bool = True):
    """A matplotlib ``Figure`` showing *lay* (not attached to pyplot); without its
    labels when *texts* is False (the SVG writer adds them as ``<text>`` itself)."""
    from matplotlib.collections import LineCollection, PatchCollection
    from matplotlib.colors import to_rgba
    from matplotlib.figure import Figure

    fig = Figure(figsize=(lay.width * UNIT_INCH, lay.height * UNIT_INCH), facecolor="white")
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(lay.xmin, lay.xmax)
    ax.set_ylim(lay.ymax, lay.ymin)
    ax.set_axis_off()
    ax.set_autoscale_on(False)

    patches: dict[tuple, list] = {}
    lines: dict[int, list] = {}
    for item in lay.items:
        if isinstance(item, Label):
            if texts:  # labels sit above every shape, in both formats
                ax.text(item.x, item.y, item.text, fontsize=item.size, color=item.color, ha=item.ha, va=item.va,
                        fontweight="bold" if item.bold else "normal", zorder=TEXT_Z + item.z, family=_FONT,
                        gid=item.role, clip_on=False)
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
    return fig


def _svg_accessible(svg: str, title: str, desc: str) -> str:
    """Add role="img", <title> and <desc> to the root element (screen readers)."""
    start = svg.find("<svg")
    end = svg.find(">", start)
    head = svg[start:end]
    if "role=" not in head:
        head += ' role="img" aria-labelledby="burgle-title burgle-desc"'
    extra = (f'\n <title id="burgle-title">{escape(title or "Burgle Bros. board")}</title>'
             f'\n <desc id="burgle-desc">{escape(desc)}</desc>')
    return svg[:start] + head + ">" + extra + svg[end + 1:]


def _svg_texts(lay: Layout) -> str:
    """The layout's labels as SVG ``<text>`` elements in the figure's point coordinates.

    This is what matplotlib writes with ``svg.fonttype = none``, without its per-text
    font measuring (most of the drawing time): the browser places the text."""
    out = [f'<g id="burgle-labels" style="font-family:\'{_FONT}\',Verdana,Arial,sans-serif">']
    for item in sorted((i for i in lay.items if isinstance(i, Label)), key=lambda i: i.z):
        x = (item.x - lay.xmin) * _PT
        y = (item.y - lay.ymin) * _PT
        weight = ' font-weight="bold"' if item.bold else ""
        out.append(
            f'<text class="{item.role}" x="{x:.2f}" y="{y:.2f}" font-size="{item.size:g}" fill="{item.color}" '
            f'text-anchor="{_ANCHOR[item.ha]}" dominant-baseline="{_BASELINE[item.va]}"{weight}>'
            f"{escape(item.text, quote=False)}</text>"
        )
    out.append("</g>")
    return "\n".join(out)


def render_layout(lay: Layout, fmt: str = "svg", dpi: int = 110):
    """Render *lay*: ``str`` for SVG, ``bytes`` for PNG."""
    fmt = check_format(fmt)
    from matplotlib import rc_context

    buf = io.BytesIO()
    with _LOCK:
        if fmt == "svg":
            fig = figure(lay, texts=False)
            with rc_context({"svg.fonttype": "none", "svg.hashsalt": "burgle"}):
                fig.savefig(buf, format="svg", metadata={"Date": None, "Title": lay.title or "Burgle Bros."})
            svg = buf.getvalue().decode("utf-8")
            end = svg.rfind("</svg>")
            svg = svg[:end] + _svg_texts(lay) + "\n" + svg[end:]
            return _svg_accessible(svg, lay.title, lay.alt_text)
        fig = figure(lay, texts=True)
        fig.savefig(buf, format="png", dpi=dpi, pil_kwargs={"compress_level": 3},  # zlib 6 costs ~30 ms more
                    metadata={"Title": lay.title or "Burgle Bros.", "Description": lay.alt_text, "Software": "burgle"})
        return buf.getvalue()
