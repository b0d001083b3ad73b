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
