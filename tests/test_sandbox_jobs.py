"""The sandbox starts games on either job, with printed, random or coded walls (issue 12,
section 3; JOB-1, JOB-3, JOB-5): the model, and the new-game form driven kernel-side."""

from __future__ import annotations

import pytest

from burgle.geometry.layouts import decode_building, job_code, job_walls
from burgle.web.sandbox.model import Sandbox, SandboxError


def test_office_job_game_with_printed_walls():
    sb = Sandbox(seed=4, characters=["hawk", "raven"], job="office")
    assert sb.job.name == "The Office Job" and sb.floor_numbers == (1, 2)
    assert tuple(sb.game.s.walls) == job_walls("office")
    assert sb.building() == f"The Office Job · walls {job_code('office')} (printed, JOB-2)"
    assert sb.legal()[0].startswith("entrance 1")
    svg = sb.svg()
    assert "Floor 2" in svg and "Floor 3" not in svg  # the building has two floors


def test_random_walls_come_from_the_seed():
    a = Sandbox(seed=9, characters=["hawk"], job="bank", walls="random")
    b = Sandbox(seed=9, characters=["hawk"], job="bank", walls="random")
    c = Sandbox(seed=10, characters=["hawk"], job="bank", walls="random")
    assert a.game.s.walls == b.game.s.walls != c.game.s.walls
    code = a.game.view()["layout"]
    assert decode_building(code) == tuple(a.game.s.walls)  # every floor a valid layout (JOB-3)
    assert a.building() == f"The Bank Job · walls {code} (random, drawn from seed 9; JOB-3)"
    again = Sandbox.from_save(a.save_text())  # the save records job and walls
    assert again.game.s.walls == a.game.s.walls and again.building() == a.building()


def test_bad_job_or_walls_keep_the_game():
    sb = Sandbox(seed=1, characters=["hawk"])
    before = sb.game.to_dict()
    for job, walls, words in [("museum", None, "museum"), ("office", "703h1 e0607 81ll0", "2 floors"),
                              ("office", "7w3h1 11hu0", "'w' is not a base-32 digit")]:
        with pytest.raises(SandboxError) as info:
            sb.new_game(2, ["hawk"], job=job, walls=walls)
        assert words in str(info.value) and "The game on the page is kept" in str(info.value)
        assert sb.game.to_dict() == before


# ----------------------------------------------------------------------------- the page


@pytest.fixture
def app():
    pytest.importorskip("ipywidgets")
    from burgle.web.sandbox.app import SandboxApp

    a = SandboxApp()
    yield a
    assert a.errors == []


def test_new_game_on_the_office_job_from_the_form(app):
    assert [v for _, v in app.floors.options] == ["all", "play", "1", "2", "3"]
    app.floors.value = "3"
    app.job.value = "office"
    app.seed.value = 5
    app.new_button.click()
    assert app.model.job.key == "office" and app.model.game.origin["seed"] == 5
    assert [v for _, v in app.floors.options] == ["all", "play", "1", "2"] and app.floors.value == "play"
    assert "The Office Job" in app.building.value and job_code("office") in app.building.value
    assert "The Office Job" in app.message.value and "burgle-message-ok" in app.message._dom_classes
    app.floors.value = "all"
    assert "Floor 2" in app.picture.value and "Floor 3" not in app.picture.value


def test_new_game_with_random_walls_and_with_a_code(app):
    app.walls.value = "random"
    app.seed.value = 12
    app.new_button.click()
    code = app.model.game.view()["layout"]
    assert app.model.game.origin["walls"] == "random" and code in app.building.value and "seed 12" in app.building.value
    app.new_button.click()  # no action taken yet: starts at once, the same seed gives the same walls
    assert app.model.game.view()["layout"] == code
    app.walls.value = "code"
    assert app.walls_code.layout.display is None  # the code box shows for "Layout code"
    app.walls_code.value = "81ll0 e0607 703h1"
    app.new_button.click()
    assert app.model.game.view()["layout"] == "81ll0 e0607 703h1"
    before = app.model.game.to_dict()
    app.walls_code.value = "81ll0"
    app.new_button.click()
    assert "burgle-message-error" in app.message._dom_classes and "3 floors" in app.message.value
    assert app.model.game.to_dict() == before


def test_loading_a_save_sets_the_form_to_its_job_and_walls(app):
    other = Sandbox(seed=21, characters=["hawk"], job="office", walls="random")
    assert app.load(other.save_text())
    assert app.job.value == "office" and app.walls.value == "random" and app.seed.value == 21
    assert [v for _, v in app.floors.options] == ["all", "play", "1", "2"]
    coded = Sandbox(seed=2, characters=["hawk"], job="office", walls="190m3 11hu0")
    assert app.load(coded.save_text())
    assert app.walls.value == "code" and app.walls_code.value == "190m3 11hu0"
