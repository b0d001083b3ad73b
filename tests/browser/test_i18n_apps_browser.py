"""The guard explorer and the sandbox in Japanese and Spanish, in Chromium (issue 14, section 1:
"the explorer's explanations and the sandbox's panels").

* On the tutor's page the learner picks Japanese in the bar, opens the explorer and clicks
  a cell: the route, its explanation, the next moves, the patrol odds and the message line
  are Japanese, with the same cell names; then the sandbox: its floor buttons, an action,
  the log, and a refused typed action are Japanese.
* At 390 px wide in Spanish the explorer and the sandbox do not make the page scroll
  sideways nor cut a button's label.
* The explorer on its own page (``explorer.ipynb``, no bar) has the picker in its header,
  and ``?lang=ja`` opens it in Japanese.
"""

from __future__ import annotations

import re

import pytest

from test_explorer_browser import explorer_server  # noqa: F401 - the standalone explorer's server
from test_i18n_browser import PHONE, assert_fits, local_page, switch
from test_tutor_page import LOAD_TIMEOUT_MS, exact, open_tutor, words
from waiting import wait_for_js

pytestmark = [pytest.mark.browser]

ENGLISH = re.compile(r"\b(Route from|his destination|steps?|Move \d|stops on|Chance he|Most likely|Busiest)\b")


def text(page, selector: str) -> str:
    return words(page.locator(selector).first.inner_text())


def wait_text(page, selector: str, wanted: str) -> None:
    wait_for_js(page, "([sel, t]) => (document.querySelector(sel) || {}).innerText?.replace(/\\s+/g, ' ').includes(t)",
        arg=[selector, wanted])


def grid_cell(page, name: str):
    index = 4 * (int(name[1]) - 1) + "ABCD".index(name[0])
    return page.locator(".burgle-explorer button.burgle-cell").nth(index)


def test_the_explorer_and_sandbox_speak_japanese_after_the_bar_switches(page, tutor_url):
    open_tutor(page, tutor_url)
    switch(page, "ja")
    page.locator("button.burgle-nav-explorer").click()
    page.locator(".burgle-explorer.burgle-ready").wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    wait_text(page, ".burgle-explorer .burgle-route", "A1から目的地D2までの経路")

    grid_cell(page, "C3").click()  # the guard goes to C3 (the chosen tool is the guard)
    wait_text(page, ".burgle-explorer .burgle-message", "警備員をC3に置きました。")
    wait_text(page, ".burgle-explorer .burgle-route", "C3から目的地D2までの経路")
    for selector in (".burgle-route", ".burgle-explanation", ".burgle-alarms", ".burgle-moves", ".burgle-patrol",
                     ".burgle-message"):
        shown = text(page, f".burgle-explorer {selector}")
        assert not ENGLISH.search(shown), (selector, shown)
    assert "移動1（このターン）" in text(page, ".burgle-explorer .burgle-moves")
    assert "次の3回の移動で各マスに入る確率" in text(page, ".burgle-explorer .burgle-patrol")
    svg = page.locator(".burgle-explorer .burgle-picture svg").first.evaluate("s => s.outerHTML")
    assert "フロア1" in svg and "His next move" not in svg

    grid_cell(page, "D2").click()  # his die is there: refused, and said why in Japanese
    wait_text(page, ".burgle-explorer .burgle-message", "できません。D2には警備員ダイスがあり")
    assert page.locator(".burgle-explorer .burgle-message.burgle-message-error").count() == 1

    page.locator("button.burgle-nav-sandbox").click()
    page.locator(".burgle-sandbox.burgle-ready").wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    page.locator(".burgle-sandbox .burgle-floors button").filter(has_text=exact("建物")).wait_for()
    assert "プレイ中" in text(page, ".burgle-sandbox .burgle-floors")
    assert "印刷された壁" in text(page, ".burgle-sandbox .burgle-building")
    page.locator(".burgle-sandbox button.burgle-more-actions").click()  # the 16 entrances are folded
    page.locator(".burgle-sandbox button.burgle-action").filter(has_text=exact("entrance 1B2")).click()
    wait_for_js(page, "() => document.querySelectorAll('.burgle-sandbox .burgle-log .burgle-log-entry').length === 1")
    assert "ホーク" in text(page, ".burgle-sandbox .burgle-log")
    page.locator(".burgle-sandbox .burgle-typed input").fill("peek 1D4")
    page.locator(".burgle-sandbox .burgle-try").click()
    wait_text(page, ".burgle-sandbox .burgle-message", "ACT-2")
    assert "not adjacent" not in text(page, ".burgle-sandbox .burgle-message")
    page.locator(".burgle-sandbox .burgle-undo").click()
    wait_text(page, ".burgle-sandbox .burgle-message", "ゲームの開始時に戻りました")
    assert page.js_errors == []


def test_the_explorer_and_sandbox_fit_a_phone_in_spanish(browser, tutor_server):
    context, page, errors = local_page(browser, PHONE)
    try:
        open_tutor(page, tutor_server[0])
        switch(page, "es")
        page.locator("button.burgle-nav-explorer").click()
        page.locator(".burgle-explorer.burgle-ready").wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
        wait_text(page, ".burgle-explorer .burgle-route", "Ruta de A1 a su destino D2")
        assert_fits(page)
        page.locator("button.burgle-nav-sandbox").click()
        page.locator(".burgle-sandbox.burgle-ready").wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
        page.locator(".burgle-sandbox .burgle-floors button").filter(has_text=exact("Edificio")).wait_for()
        assert_fits(page)
        assert errors == []
    finally:
        context.close()


def test_the_explorer_on_its_own_page_has_the_picker_and_follows_lang_in_the_address(browser, explorer_server):
    url, _log = explorer_server
    context, page, errors = local_page(browser, {"width": 1360, "height": 1000})
    try:
        page.goto(url + ("&" if "?" in url else "?") + "lang=ja", wait_until="commit", timeout=LOAD_TIMEOUT_MS)
        page.locator(".burgle-explorer.burgle-ready").wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
        page.locator(".burgle-explorer .burgle-header .burgle-lang select").wait_for()
        wait_for_js(page, "() => document.documentElement.lang === 'ja'")
        wait_text(page, ".burgle-explorer .burgle-route", "A1から目的地D2までの経路")
        page.locator(".burgle-explorer .burgle-header .burgle-lang select").select_option("es")
        wait_text(page, ".burgle-explorer .burgle-route", "Ruta de A1 a su destino D2")
        wait_for_js(page, "() => document.documentElement.lang === 'es'")
        assert "lang=es" in page.url
        assert errors == []
    finally:
        context.close()
