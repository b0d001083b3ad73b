"""Crowded cells as Chromium draws them (issue 10 §3): the SVG writer's markers, measured
with the browser's own boxes (getBBox, strokes and text halos added), never overlap within
a cell, and the text widths the layout assumes are what the browser draws."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from burgle.engine.game import Game
from burgle.pictures import render

pytestmark = pytest.mark.browser

DATA = Path(__file__).resolve().parents[1] / "data"

MEASURE_JS = """
() => {
  const out = {};
  for (const el of document.querySelectorAll('svg [data-marker]')) {
    const b = el.getBBox();
    const sw = parseFloat(el.getAttribute('stroke-width') || '0');
    const pad = el.getAttribute('stroke') === 'none' ? 0 : sw / 2;
    const box = [b.x - pad, b.y - pad, b.x + b.width + pad, b.y + b.height + pad];
    const key = el.getAttribute('data-marker');
    const u = out[key];
    out[key] = u ? [Math.min(u[0], box[0]), Math.min(u[1], box[1]), Math.max(u[2], box[2]), Math.max(u[3], box[3])]
                 : box;
  }
  const texts = [];
  for (const el of document.querySelectorAll('svg text[data-marker]')) {
    texts.push([el.textContent, el.getComputedTextLength(), parseFloat(el.getAttribute('font-size')),
                el.getAttribute('font-weight') === 'bold']);
  }
  return JSON.stringify({boxes: out, texts: texts});
}
"""


def crowded_games():
    from tests.test_pictures_layout import CROWDED

    yield Game.from_scenario(CROWDED)
    yield Game.from_scenario((DATA / "pictures_midgame.toml").read_text())


@pytest.fixture
def blank(browser):
    context = browser.new_context(viewport={"width": 900, "height": 900})
    pg = context.new_page()
    yield pg
    context.close()


def test_markers_do_not_overlap_as_drawn(blank):
    from burgle.pictures.layout import overlap
    from burgle.pictures.metrics import text_width

    for game in crowded_games():
        svg = render(game, floors=1)
        blank.set_content(f"<html><body style='margin:0'>{svg[svg.find('<svg'):]}</body></html>")
        got = json.loads(blank.evaluate(MEASURE_JS))
        cells: dict[str, dict[str, list]] = {}
        for key, box in got["boxes"].items():
            cell, marker = key.split(":", 1)
            cells.setdefault(cell, {})[marker] = box
        assert len(cells) >= 3
        for cell, marks in cells.items():
            names = sorted(marks)
            for k, a in enumerate(names):
                for b in names[k + 1:]:
                    assert not overlap(marks[a], marks[b]), (cell, a, b, marks[a], marks[b])
        for text, drawn, size, bold in got["texts"]:
            assert drawn <= text_width(text, size, bold) + 0.05, (text, drawn, text_width(text, size, bold))
