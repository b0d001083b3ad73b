"""The explorer's jobs and walls (issue 12, section 3): the job switch (JOB-1), random walls
from a seed (JOB-3), layout codes pasted and shown (JOB-5), and the traffic map of the
floor shown (section 4), in the model and driven through the page's widgets."""

from __future__ import annotations

import json

import pytest

from burgle.analysis.traffic import compare_heat, heat, step_shares
from burgle.geometry.board import parse_index, parse_walls
from burgle.geometry.layouts import check_layout, decode, encode, job_code, job_walls, parse_layout
from burgle.web.explorer.building import Building
from burgle.web.explorer.model import Explorer, ExplorerError, Setup
from burgle.web.security.limits import MAX_TEXT_CHARS

BANK, OFFICE = job_walls("bank"), job_walls("office")


def refused(ex: Explorer, edit, *words: str) -> str:
    """*edit* is refused with a message holding *words*, and nothing changes."""
    before = (ex.setup, ex.building, dict(ex.choices))
    with pytest.raises(ExplorerError) as info:
        edit()
    msg = str(info.value)
    for w in words:
        assert w in msg, msg
    assert (ex.setup, ex.building, dict(ex.choices)) == before
    return msg


# ----------------------------------------------------------------------------- the model


def test_the_office_job_has_two_floors_and_its_own_walls():
    ex = Explorer()
    ex.place_guard("C3")
    note = ex.set_job("office")
    assert "The Office Job" in note and "2 floors" in note and "JOB-2" in note
    assert ex.setup.walls == OFFICE[0] and ex.setup.floor == 1
    assert ex.setup.wall_set_name == "Office Job floor 1"
    assert ex.setup.guard == parse_index("C3")  # the pieces stay
    ex.use_floor(2)
    assert ex.setup.walls == OFFICE[1] and ex.setup.floor == 2
    refused(ex, lambda: ex.use_floor(3), "floor 3 does not exist", "The Office Job has floors 1, 2 (JOB-1)")
    refused(ex, lambda: ex.set_job("museum"), "unknown job 'museum'", "bank (The Bank Job)", "office (The Office Job)")
    ex.set_job("bank")
    assert ex.setup.floor == 2 and ex.setup.walls == BANK[1]  # The Bank Job has a floor 2: it stays
    ex.use_floor(3)
    ex.set_job("office")
    assert ex.setup.floor == 1 and ex.setup.walls == OFFICE[0]  # no floor 3 in the Office


def test_random_walls_same_seed_same_walls():
    ex = Explorer()
    note = ex.random_walls(7)
    first = ex.building
    assert "seed 7" in note and first.code() in note and first.seed == 7
    assert len(first.floors) == 3 and all(check_layout(w) == w for w in first.floors)
    assert ex.setup.walls == first.floors[0]
    ex.use_floor(3)
    assert ex.setup.walls == first.floors[2]  # the floor buttons show the random building's floors
    ex.random_walls(8)
    assert ex.building.floors != first.floors
    ex.random_walls("7")
    assert ex.building.floors == first.floors and ex.setup.walls == first.floors[2]
    ex.set_job("office")
    ex.random_walls(7)
    assert len(ex.building.floors) == 2 and ex.building.origins == ("random walls, seed 7",) * 2
    refused(ex, lambda: ex.random_walls("seven"), "whole number", "'seven'", "previous walls are kept")
    refused(ex, lambda: ex.random_walls(-1), "0 to 2147483647", "not -1")


def test_random_walls_differ_over_seeds():
    codes = {Building.random("office", seed).code() for seed in range(20)}
    assert len(codes) == 20  # 175,264 layouts a floor: twenty seeds give twenty buildings


def test_paste_a_building_code_or_one_floor_code():
    ex = Explorer()
    ex.random_walls(3)
    note = ex.paste_code("703h1 e0607 81ll0")
    assert ex.building.floors == BANK and "703h1 e0607 81ll0" in note
    ex.use_floor(2)
    ex.paste_code(" 11HU0 ")  # one code: the floor shown; upper case read as lower
    assert ex.setup.walls == OFFICE[1] and ex.building.floors == (BANK[0], OFFICE[1], BANK[2])
    assert ex.layout_code() == ("11hu0", "703h1 11hu0 81ll0", "")
    ex.use_floor(1)
    ex.use_floor(2)
    assert ex.setup.walls == OFFICE[1]  # the pasted floor is part of the building now


def test_bad_codes_are_refused_with_the_reason_and_the_walls_kept():
    ex = Explorer()
    ex.paste_code("703h1")
    seven = encode(BANK[0] - {min(BANK[0])})
    a1_shut = encode(parse_layout("A1|B1, A1/A2, C1/C2, C2|D2, B2/B3, D3/D4, A4|B4, B4|C4"))
    refused(ex, lambda: ex.paste_code("703h"), "has 4 characters", "5", "previous walls are kept")
    refused(ex, lambda: ex.paste_code("7w3h1"), "'w' is not a base-32 digit 0-9 or a-v")
    refused(ex, lambda: ex.paste_code(seven), "7 walls", "exactly 8 walls")
    refused(ex, lambda: ex.paste_code(a1_shut), "cut off A1")
    refused(ex, lambda: ex.paste_code("w03h1"), "'w' is not a base-32 digit")
    refused(ex, lambda: ex.paste_code("g0000"), "wall position 24 or beyond")
    refused(ex, lambda: ex.paste_code("703h1 e0607"), "holds 2 floor codes", "The Bank Job has 3 floors",
            "for The Office Job, switch the job first")
    refused(ex, lambda: ex.paste_code("703h1 e0607 " + seven), f"floor 3 (code '{seven}'): 7 walls")
    refused(ex, lambda: ex.paste_code("   "), "paste a layout code")
    refused(ex, lambda: ex.paste_code("x" * 5000), f"at most {MAX_TEXT_CHARS:,} characters")


def test_your_layouts_code_follows_your_walls():
    ex = Explorer()
    assert ex.layout_code() == ("703h1", job_code("bank"), "")
    ex.toggle_wall("A1|B1")
    floor, building, why = ex.layout_code()
    assert floor is None and building is None and "7 walls" in why and "floor 1" in why
    ex.toggle_wall("C3|D3")
    floor, building, why = ex.layout_code()
    assert why == "" and building.split()[1:] == job_code("bank").split()[1:]
    assert decode(floor) == ex.setup.walls  # the code is that of the walls shown
    other = Explorer()
    other.paste_code(building)
    assert other.building.floors[0] == ex.setup.walls


def test_traffic_map_of_the_floor_shown():
    ex = Explorer()
    maps = ex.traffic()
    assert maps.heat == heat(BANK[0]) and maps.shares == step_shares(BANK[0])
    assert maps.comparison == compare_heat(BANK[0]) and sum(maps.shares) == 1
    svg = ex.traffic_svg()
    assert 'role="img"' in svg and 'class="legend' in svg and "<desc>" in svg
    assert "where the guard walks" in svg and "gabob" in svg
    c3 = parse_index("C3")
    assert f"{maps.heat[c3]} · {100 * float(maps.shares[c3]):.1f}%" in svg
    ex.set_job("office")
    assert ex.traffic().heat == heat(OFFICE[0]) and ex.traffic_svg() != svg


def test_commands_for_jobs_codes_and_random_walls():
    ex = Explorer()
    ex.command("job office")
    assert ex.building.job == "office"
    ex.command("code 11hu0")
    assert ex.setup.walls == OFFICE[1]
    ex.command("random 5")
    assert ex.building.seed == 5


# ----------------------------------------------------------------------------- the page


@pytest.fixture
def app():
    pytest.importorskip("ipywidgets")
    from burgle.web.explorer.app import ExplorerApp

    a = ExplorerApp()
    yield a
    assert a.errors == []


def walls_on(app) -> frozenset:
    return frozenset(w for w, b in app.wall_buttons.items() if "burgle-wall-on" in b._dom_classes)


def test_page_job_switch(app):
    assert [v for _, v in app.wall_set.options] == ["1", "2", "3", "open"]
    app.job.value = "office"
    assert [v for _, v in app.wall_set.options] == ["1", "2", "open"]
    assert app.wall_set.value == "1" and walls_on(app) == OFFICE[0]
    assert "The Office Job" in app.message.value and "burgle-message-ok" in app.message._dom_classes
    app.wall_set.value = "2"
    assert walls_on(app) == OFFICE[1] and "11hu0" in app.code_text.value
    app.job.value = "bank"
    assert [v for _, v in app.wall_set.options] == ["1", "2", "3", "open"] and app.wall_set.value == "2"


def test_page_random_walls_button(app):
    app.seed.value = 11
    app.random_button.click()
    first = walls_on(app)
    assert first == app.model.building.floors[0] != BANK[0]
    code = app.model.building.code()
    assert code in app.code_text.value and "seed 11" in app.message.value
    app.seed.value = 12
    app.random_button.click()
    assert walls_on(app) != first
    app.seed.value = 11
    app.random_button.click()
    assert walls_on(app) == first and app.model.building.code() == code


def test_page_paste_a_code_and_a_bad_one(app):
    app.job.value = "office"
    app.code.value = "190m3 11hu0"
    assert walls_on(app) == OFFICE[0] and app.code.value == ""  # applied: the box is ready for the next one
    app.code.value = "703h1"
    assert walls_on(app) == BANK[0] and "703h1" in app.code_text.value
    pic, traffic = app.picture.value, app.traffic.value
    app.code.value = "7w3h1"
    assert "burgle-message-error" in app.message._dom_classes
    assert "not a base-32 digit" in app.message.value and "previous walls are kept" in app.message.value
    assert app.code.value == "7w3h1" and "burgle-invalid" in app.code._dom_classes  # kept to be fixed
    assert walls_on(app) == BANK[0] and app.picture.value == pic and app.traffic.value == traffic
    app.code.value = "e0607"
    assert walls_on(app) == BANK[1] and "burgle-invalid" not in app.code._dom_classes


def test_page_traffic_overlay_legend_and_words(app):
    assert "<svg" in app.traffic.value and 'class="legend' in app.traffic.value
    assert "The traffic map in words" in app.traffic_text.value
    assert "<th scope='row'>C3</th><td>154</td><td>18.9%</td>" in app.traffic_text.value  # Bank floor 1
    assert "7 of 240 routes differ" in app.traffic_text.value
    before = app.traffic.value
    app.wall_button("A1|B1").click()
    assert app.traffic.value != before and "No layout code" in app.code_text.value


def test_page_a_typed_line_with_a_bad_command_changes_no_job_or_walls(app):
    assert not app.type_command("job office · random 4 · guard E9")
    assert app.model.building == Building.printed("bank") and app.model.setup == Setup()
    assert "nothing of this line was applied" in app.message.value
    assert app.type_command("job office · code 703h1")
    assert app.model.building.job == "office" and walls_on(app) == BANK[0]


def test_page_keeps_job_and_walls_across_visits(app):
    from burgle.web.explorer.app import ExplorerApp

    app.job.value = "office"
    app.random_button.click()
    app.wall_set.value = "2"
    kept = app.setup_json()
    again = ExplorerApp()
    again.restore(kept)
    again.refresh()
    assert again.model.building == app.model.building and again.model.setup == app.model.setup
    assert [v for _, v in again.wall_set.options] == ["1", "2", "open"]
    old = json.loads(kept)  # a floor kept before jobs existed: The Bank Job's printed walls
    for key in ("job", "building", "origins", "seed"):
        del old[key]
    old["walls"] = sorted(list(w) for w in BANK[1])
    third = ExplorerApp()
    third.restore(json.dumps(old))
    assert third.model.building == Building.printed("bank") and third.model.setup.walls == BANK[1]
    bad = json.loads(kept)
    bad["building"] = bad["building"][:1]
    with pytest.raises(ExplorerError, match="could not be read"):
        ExplorerApp().restore(json.dumps(bad))


def test_reset_goes_back_to_the_bank_job(app):
    app.job.value = "office"
    app.reset()
    assert app.model.building == Building.printed("bank") and app.model.setup == Setup()
    assert walls_on(app) == BANK[0] and app.job.value == "bank"


def test_walls_text_and_code_agree():
    ex = Explorer()
    ex.set_walls("A1|B1, C1/C2, C2|D2, A2/A3, B2/B3, D3/D4, A4|B4, B4|C4")
    assert ex.setup.walls == parse_walls("A1|B1, C1/C2, C2|D2, A2/A3, B2/B3, D3/D4, A4|B4, B4|C4") == BANK[0]
    assert ex.layout_code()[0] == "703h1"
