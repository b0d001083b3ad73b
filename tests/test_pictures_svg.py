"""The SVG writer (burgle.pictures.svg): pictures with no plotting library, as the pages
and the static site (Pyodide, no matplotlib) draw them; matplotlib stays for PNG/PDF and
for users' own axes. What is drawn is checked through the SVG's own elements."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from burgle.engine.game import Game
from burgle.pictures import draw, layout, render, save, scene
from burgle.pictures.layout import Box, Dot, Label, Path as LPath, Poly
from burgle.pictures.svg import PT, svg_document

DATA = Path(__file__).parent / "data"
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def mid():
    return Game.from_scenario((DATA / "pictures_midgame.toml").read_text())


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode("utf-8"))


def test_svg_is_well_formed_and_accessible(mid):
    svg = render(mid)
    root = parse(svg)
    assert root.tag == SVG + "svg" and root.get("role") == "img"
    assert root.get("aria-label") == "Turn 1: Hawk to act, 3 of 4 actions left"
    assert root.find(SVG + "title").text == root.get("aria-label")
    desc = root.find(SVG + "desc").text
    assert desc == scene(mid).alt_text and "He stops on 1D2." in desc
    assert "matplotlib" not in svg and svg == render(mid)  # no plotting library, deterministic


def test_every_layout_item_is_one_svg_element(mid):
    """Each box, dot, polygon, line and label of the layout is one element of its role."""
    lay = layout(scene(mid))
    root = parse(render(mid))
    tag = {Box: "rect", Dot: "circle", Poly: "polygon", LPath: "polyline", Label: "text"}
    want = Counter((tag[type(i)], i.role) for i in lay.items)
    got = Counter((e.tag[len(SVG):], e.get("class")) for e in root.iter()
                  if e.get("class") and e.tag[len(SVG):] in tag.values() and not e.get("class").endswith("_hatch")
                  and e.get("class") != "background")
    assert got == want
    texts = Counter(e.text for e in root.iter(SVG + "text"))
    assert texts == Counter(i.text for i in lay.items if isinstance(i, Label))


def test_svg_coordinates_are_the_layout_in_points(mid):
    lay = layout(scene(mid, floors=1))
    root = parse(svg_document(lay))
    assert float(root.get("viewBox").split()[2]) == pytest.approx(lay.width * PT, abs=0.01)
    (route,) = [e for e in root.iter(SVG + "polyline") if e.get("class") == "route"]
    (want,) = lay.of("route")
    got = [float(v) for p in route.get("points").split() for v in p.split(",")]
    assert got == pytest.approx([v for x, y in want.points for v in ((x - lay.xmin) * PT, (y - lay.ymin) * PT)],
                                abs=0.01)
    later = next(e for e in root.iter(SVG + "polyline") if e.get("class") == "later")
    assert later.get("stroke-dasharray")  # dashed, as in the legend
    face_down = [e for e in root.iter(SVG + "rect") if e.get("class") == "face_down_hatch"]
    assert face_down and all(e.get("fill") == "url(#burgle-hatch)" for e in face_down)


def test_pages_draw_without_matplotlib():
    """The static site runs in Pyodide, where matplotlib does not exist: the pages, the
    tutor's, explorer's and sandbox's pictures and Game._repr_svg_ never import it."""
    code = (
        "import sys\n"
        "sys.modules['matplotlib'] = None  # any import of it now fails\n"
        "from burgle.web.tutor.app import TutorApp\n"
        "from burgle.web.explorer.app import ExplorerApp\n"
        "from burgle.web.sandbox.app import SandboxApp\n"
        "from burgle.engine.game import Game\n"
        "g = Game.new(seed=1, characters=['hawk'])\n"
        "g.apply('entrance 1B2')\n"
        "assert g._repr_svg_().startswith('<?xml')\n"
        "ExplorerApp(); SandboxApp()\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


def test_png_and_pdf_come_from_matplotlib(mid, tmp_path):
    pdf = save(mid, tmp_path / "mid.pdf").read_bytes()
    assert pdf[:5] == b"%PDF-" and save(mid, tmp_path / "again.pdf").read_bytes() == pdf  # no dates: deterministic
    assert save(scene(mid, floors=1), tmp_path / "f1.png").read_bytes()[:4] == b"\x89PNG"


def test_draw_into_your_own_axes(mid):
    from matplotlib.figure import Figure

    fig = Figure()
    left, right = fig.subplots(1, 2)
    assert draw(mid, ax=left, floors=1, legend=False) is left
    draw(scene(mid, floors=2), ax=right)
    texts = {t.get_text() for t in left.texts}
    assert {"Floor 1", "Comp. Laser", "5 away"} <= texts and "Floor 2" not in texts
    assert "Floor 2" in {t.get_text() for t in right.texts}
    assert left.get_ylim()[0] > left.get_ylim()[1]  # y grows downward, like the printed board
