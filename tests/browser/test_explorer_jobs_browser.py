"""The explorer's jobs, random walls, layout codes and traffic map in Chromium (issue 12,
section 3), with ordinary clicks and typing: the job switch, the random walls button (the
same seed gives the same walls), pasting a gabob.com code, a bad code refused with the
walls kept, and the traffic map's legend. Uses the explorer server and page of
``test_explorer_browser.py``."""

from __future__ import annotations

import pytest

from test_explorer_browser import explorer, explorer_server, picture, wait_text, words  # noqa: F401
from waiting import wait_for_js

pytestmark = [pytest.mark.browser, pytest.mark.flaky(reruns=2, reruns_delay=2)]

EX = ".burgle-explorer"


def floor_buttons(page) -> list[str]:
    return [words(t) for t in page.locator(f"{EX} .burgle-wall-set button").all_inner_texts()]


def walls_on(page) -> list[str]:
    """The wall buttons shown as walls (their tooltips name them: 'Wall A1|B1: ...')."""
    return sorted(t.split(":")[0].removeprefix("Wall ") for t in page.locator(f"{EX} button.burgle-wall.burgle-wall-on")
                  .evaluate_all("bs => bs.map(b => b.title)"))


def code_shown(page) -> str:
    return page.locator(f"{EX} .burgle-code-value").first.inner_text().strip()


def wait_changed(page, before: str) -> None:
    wait_for_js(page, f"before => document.querySelector('{EX} .burgle-picture svg').outerHTML !== before",
                           arg=before)


def test_job_switch_shows_the_office_jobs_two_floors(explorer):
    page = explorer
    assert floor_buttons(page) == ["Floor 1", "Floor 2", "Floor 3", "Open"]
    assert code_shown(page) == "703h1 e0607 81ll0"
    before = picture(page)
    page.locator(f"{EX} .burgle-job button", has_text="The Office Job").click()
    wait_text(page, f"{EX} .burgle-message", "The Office Job: 2 floors")
    wait_for_js(page, f"() => document.querySelectorAll('{EX} .burgle-wall-set button').length === 3")
    assert floor_buttons(page) == ["Floor 1", "Floor 2", "Open"]
    wait_changed(page, before)
    assert code_shown(page) == "190m3 11hu0"
    page.locator(f"{EX} .burgle-wall-set button", has_text="Floor 2").click()
    wait_text(page, f"{EX} .burgle-message", "The Office Job, floor 2")
    assert "D1/D2" in walls_on(page) and len(walls_on(page)) == 8
    assert page.js_errors == []


def test_random_walls_button_same_seed_same_walls(explorer):
    page = explorer
    seed = page.locator(f"{EX} .burgle-walls-seed input")
    seed.fill("7")
    seed.press("Tab")
    before = picture(page)
    page.locator(f"{EX} button.burgle-random-walls").click()
    wait_text(page, f"{EX} .burgle-message", "Random walls from seed 7")
    wait_changed(page, before)
    first, first_walls = code_shown(page), walls_on(page)
    assert len(first.split()) == 3 and len(first_walls) == 8
    seed.fill("8")
    seed.press("Tab")
    page.locator(f"{EX} button.burgle-random-walls").click()
    wait_text(page, f"{EX} .burgle-message", "Random walls from seed 8")
    wait_for_js(page, f"c => document.querySelector('{EX} .burgle-code-value').innerText.trim() !== c",
                           arg=first)
    seed.fill("7")
    seed.press("Tab")
    page.locator(f"{EX} button.burgle-random-walls").click()
    wait_text(page, f"{EX} .burgle-message", "Random walls from seed 7")
    wait_for_js(page, f"c => document.querySelector('{EX} .burgle-code-value').innerText.trim() === c",
                           arg=first)
    assert walls_on(page) == first_walls
    assert page.js_errors == []


def test_paste_a_code_then_a_bad_one_is_refused(explorer):
    page = explorer
    box = page.locator(f"{EX} .burgle-code-input input")
    page.locator(f"{EX} .burgle-wall-set button", has_text="Floor 2").click()
    wait_text(page, f"{EX} .burgle-message", "floor 2")
    before = picture(page)
    box.fill("190m3")  # The Office Job's floor 1, pasted as the floor shown
    box.press("Enter")
    wait_text(page, f"{EX} .burgle-message", "layout code 190m3")
    wait_changed(page, before)
    assert code_shown(page) == "703h1 190m3 81ll0"
    assert "D1/D2" in walls_on(page)
    good_picture, good_walls = picture(page), walls_on(page)

    box.fill("7w3h1")
    box.press("Enter")
    page.locator(f"{EX} .burgle-message.burgle-message-error").wait_for()
    message = words(page.locator(f"{EX} .burgle-message").inner_text())
    assert "'w' is not a base-32 digit 0-9 or a-v" in message and "previous walls are kept" in message
    assert box.input_value() == "7w3h1"  # kept in the box, to be fixed
    assert "burgle-invalid" in page.locator(f"{EX} .burgle-code-input").get_attribute("class")
    assert picture(page) == good_picture and walls_on(page) == good_walls
    assert code_shown(page) == "703h1 190m3 81ll0"
    assert page.js_errors == []


def test_traffic_map_legend_and_words_are_shown(explorer):
    page = explorer
    traffic = page.locator(f"{EX} .burgle-traffic-picture svg")
    traffic.scroll_into_view_if_needed()
    legend = page.locator(f"{EX} .burgle-traffic-picture svg .legend")
    assert legend.count() > 0
    assert legend.first.is_visible()
    assert "the guard's traffic" in words(" ".join(legend.all_text_contents()))
    assert traffic.get_attribute("role") == "img"
    summary = page.locator(f"{EX} .burgle-traffic-words summary")
    summary.click()
    row = page.locator(f"{EX} .burgle-traffic-table tr", has_text="C3")
    assert words(row.inner_text()).startswith("C3 154 18.9%")  # Bank Job floor 1's busiest cell
    assert "differ from his clockwise route" in words(page.locator(f"{EX} .burgle-traffic-differ").inner_text())
    assert page.js_errors == []


def test_the_new_controls_pass_axe(explorer):
    """Every new input is labelled (job buttons, seed, layout code), also with the Office
    Job's floors and a refused code on the page: no serious or critical axe finding."""
    from axe_playwright_python.sync_playwright import Axe

    page = explorer
    page.locator(f"{EX} .burgle-job button", has_text="The Office Job").click()
    wait_text(page, f"{EX} .burgle-message", "The Office Job: 2 floors")
    box = page.locator(f"{EX} .burgle-code-input input")
    box.fill("703h")
    box.press("Enter")
    page.locator(f"{EX} .burgle-message.burgle-message-error").wait_for()
    results = Axe().run(page, context=EX)
    bad = [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]
    assert not bad, "\n".join(f"{v['id']}: {v['help']}: " + "; ".join(n["target"][0] for n in v["nodes"][:4])
                              for v in bad)
    for name in ("Seed", "Layout code"):
        assert page.get_by_label(name, exact=True).count() == 1


def test_job_and_random_walls_come_back_after_a_reload(explorer):
    page = explorer
    page.locator(f"{EX} .burgle-job button", has_text="The Office Job").click()
    wait_text(page, f"{EX} .burgle-message", "The Office Job: 2 floors")
    page.locator(f"{EX} button.burgle-random-walls").click()
    wait_text(page, f"{EX} .burgle-message", "Random walls from seed 1")
    code = code_shown(page)
    wait_for_js(page, "() => (localStorage.getItem('burgle-explorer-setup') || '').includes('office')")
    page.reload(wait_until="commit")
    page.locator(f"{EX}.burgle-ready").wait_for(timeout=60_000)
    wait_text(page, f"{EX} .burgle-message", "last visit")
    assert floor_buttons(page) == ["Floor 1", "Floor 2", "Open"] and code_shown(page) == code
    assert page.js_errors == []
