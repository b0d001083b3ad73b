"""A :class:`~burgle.pictures.layout.Layout` written as SVG text, with no plotting library.

This is the picture path of the pages (the tutor, the explorer, the sandbox, the static
site running in Pyodide, where matplotlib does not exist), of ``Game._repr_svg_`` and of
``burgle draw -o x.svg``, the way python-chess writes its boards (``chess.svg``): each
layout item becomes one SVG element, in board units scaled to points, so sizes read the
same as in the matplotlib drawing (font sizes and line widths are points there too).

* Every label is real ``<text>`` (searchable, read by screen readers, scaled by the
  browser); every element carries its layout role as its ``class`` (``route``,
  ``badge``, ``alarm_distance``...), so pages, tests and style sheets can find it.
* The root ``<svg>`` has ``role="img"``, an ``aria-label`` (the picture's title) and the
  text alternative as ``<title>``/``<desc>``.
* No ids that could clash when several pictures share a page, except the one hatch
  pattern, whose definition is the same in every picture.
* The output is deterministic: the same layout gives the same text, byte for byte.

>>> from burgle.engine.game import Game
>>> from burgle.pictures import layout, scene
>>> game = Game.new(seed=1, characters=["hawk"])
>>> _ = game.apply("entrance 1B2")
>>> svg = svg_document(layout(scene(game, floors=1)))
>>> svg.startswith("<?xml") and 'role="img"' in svg and "<desc>" in svg
True
>>> "matplotlib" in svg
False
"""

from __future__ import annotations

from html import escape

from burgle.pictures.layout import HALO_PT, HALO_ROLES, PAPER, UNIT_INCH, Box, Dot, Label, Layout, Path, Poly

__all__ = ["PT", "svg_document", "svg_element"]

PT = 72 * UNIT_INCH  # points per board unit (one cell)
FONT = "'DejaVu Sans',Verdana,Arial,sans-serif"
HATCH_ID = "burgle-hatch"
_ANCHOR = {"left": "start", "center": "middle", "right": "end"}
_BASELINE = {"center": "central", "baseline": "alphabetic", "top": "hanging", "bottom": "text-after-edge"}
# matplotlib's dash patterns (rcParams lines.dashed_pattern / dotted_pattern), scaled by
# the line width as matplotlib does (lines.scale_dashes), so both renderers look alike.
_DASHES = {"--": (3.7, 1.6), ":": (1.0, 1.65), "-.": (6.4, 1.6, 1.0, 1.6)}


def _num(v: float) -> str:
    """A coordinate with at most 2 decimals, no trailing zeros ("12.5", "3", "-0.25")."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _paint(attr: str, colour: str) -> str:
    """``fill``/``stroke`` attributes for a colour: "none", "#RRGGBB" or "#RRGGBBAA"
    (the alpha becomes ``fill-opacity``/``stroke-opacity``, which every SVG reader knows)."""
    if colour in ("none", "", None):
        return f' {attr}="none"'
    if colour.startswith("#") and len(colour) == 9:
        alpha = int(colour[7:9], 16) / 255
        return f' {attr}="{colour[:7]}" {attr}-opacity="{alpha:.3g}"'
    return f' {attr}="{colour}"'


def _stroke(colour: str, lw: float, ls: str = "-", alpha: float = 1.0) -> str:
    if lw <= 0 or colour in ("none", "", None):
        return ' stroke="none"'
    out = _paint("stroke", colour) + f' stroke-width="{_num(lw)}"'
    if ls in _DASHES:
        out += ' stroke-dasharray="' + ",".join(_num(d * lw) for d in _DASHES[ls]) + '"'
    if alpha < 1:
        out += f' stroke-opacity="{alpha:.3g}"'
    return out


def _points(points, x0: float, y0: float) -> str:
    return " ".join(f"{_num((x - x0) * PT)},{_num((y - y0) * PT)}" for x, y in points)


def svg_element(item, x0: float = 0.0, y0: float = 0.0) -> str:
    """One layout item as one SVG element; (*x0*, *y0*) is the picture's top-left corner."""
    role = item.role
    if item.group:
        role += f'" data-marker="{item.group}'
    if isinstance(item, Box):
        x, y, w, h = (item.x - x0) * PT, (item.y - y0) * PT, item.w * PT, item.h * PT
        rx = f' rx="{_num(item.round * PT)}"' if item.round else ""
        geo = f'x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}"{rx}'
        cell = f' data-cell="{item.cell}"' if item.cell else ""
        out = f'<rect class="{role}"{cell} {geo}{_paint("fill", item.face)}{_stroke(item.edge, item.lw, item.ls)}/>'
        if item.hatch:  # matplotlib draws the hatch in the edge colour, over the face
            out += f'<rect class="{role}_hatch" {geo} fill="url(#{HATCH_ID})" stroke="none"/>'
        return out
    if isinstance(item, Dot):
        return (f'<circle class="{role}" cx="{_num((item.x - x0) * PT)}" cy="{_num((item.y - y0) * PT)}" '
                f'r="{_num(item.r * PT)}"{_paint("fill", item.face)}{_stroke(item.edge, item.lw, item.ls)}/>')
    if isinstance(item, Poly):
        return (f'<polygon class="{role}" points="{_points(item.points, x0, y0)}"{_paint("fill", item.face)}'
                f'{_stroke(item.edge, item.lw, item.ls)} stroke-linejoin="miter"/>')
    if isinstance(item, Path):
        cap = "square" if role in ("wall", "grid", "border") else "round"
        return (f'<polyline class="{role}" points="{_points(item.points, x0, y0)}" fill="none"'
                f'{_stroke(item.color, item.lw, item.ls, item.alpha)} stroke-linecap="{cap}" '
                f'stroke-linejoin="round"/>')
    if isinstance(item, Label):
        weight = ' font-weight="bold"' if item.bold else ""
        if item.role in HALO_ROLES:
            weight += f' stroke="{PAPER}" stroke-width="{HALO_PT:g}" stroke-linejoin="round" paint-order="stroke"'
        return (f'<text class="{role}" x="{_num((item.x - x0) * PT)}" y="{_num((item.y - y0) * PT)}" '
                f'font-size="{item.size:g}" fill="{item.color}" text-anchor="{_ANCHOR[item.ha]}" '
                f'dominant-baseline="{_BASELINE[item.va]}"{weight}>{escape(item.text, quote=False)}</text>')
    raise TypeError(f"cannot draw {type(item).__name__} as SVG")  # pragma: no cover - layout makes only these


def _defs() -> str:
    # matplotlib's '////' hatch: thin diagonal lines in the edge colour (GRID), 6 pt apart
    return (f'<defs><pattern id="{HATCH_ID}" patternUnits="userSpaceOnUse" width="6" height="6">'
            '<path d="M-1,1 l2,-2 M0,6 l6,-6 M5,7 l2,-2" stroke="#C8C8C8" stroke-width="1"/></pattern></defs>')


def svg_document(lay: Layout, xml_declaration: bool = True) -> str:
    """The whole picture as SVG text: shapes in drawing order (by layer, then as laid
    out), labels above every shape, the text alternative as ``<title>``/``<desc>``."""
    width, height = lay.width * PT, lay.height * PT
    title = lay.title or lay.untitled
    head = ('<?xml version="1.0" encoding="utf-8"?>\n' if xml_declaration else "")
    out = [
        head + f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{_num(width)}pt" '
        f'height="{_num(height)}pt" viewBox="0 0 {_num(width)} {_num(height)}" role="img" '
        f'aria-label="{escape(title)}" class="burgle-board">',
        f"<title>{escape(title, quote=False)}</title>",
        f"<desc>{escape(lay.alt_text, quote=False)}</desc>",
        _defs(),
        f'<rect class="background" x="0" y="0" width="{_num(width)}" height="{_num(height)}" fill="#FFFFFF"/>',
    ]
    x0, y0 = lay.xmin, lay.ymin
    shapes = sorted((i for i in lay.items if not isinstance(i, Label)), key=lambda i: i.z)
    out.append('<g class="shapes">')
    out.extend(svg_element(i, x0, y0) for i in shapes)
    out.append("</g>")
    labels = sorted((i for i in lay.items if isinstance(i, Label)), key=lambda i: i.z)
    out.append(f'<g class="labels" style="font-family:{FONT}">')
    out.extend(svg_element(i, x0, y0) for i in labels)
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"
