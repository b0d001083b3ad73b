"""The pictures where the pages show them (burgle.web): what each page draws follows the
state it shows."""

from __future__ import annotations

import pytest

from burgle.web.explorer.app import DIE_FACES, patrol_html
from burgle.web.explorer.model import Explorer


@pytest.mark.parametrize("speed", [1, 2, 3, 4, 5, 6])
def test_explorer_danger_map_draws_the_die_face_it_shows(speed):
    """Issue 10 §6: the danger map drew the die as ⚂ whatever its face."""
    ex = Explorer()
    ex.set_speed(speed)
    html = patrol_html(ex.patrol(), ex.setup, "enter")
    faces = [f for f in DIE_FACES if f in html]
    assert faces == [DIE_FACES[speed - 1]]


@pytest.mark.parametrize("speed", [1, 4, 6])
def test_the_explorer_pictures_legend_shows_his_die_as_it_is(speed):
    """Issue 10 §6: the picture's die and the legend's show the same face."""
    import re

    from burgle.web.explorer.model import Explorer

    ex = Explorer()
    ex.set_speed(speed)
    svg = ex.svg()
    assert len(re.findall(r'class="die_pip"', svg)) == speed
    assert len(re.findall(r'class="legend_\w*die_pip"', svg)) == speed
