"""The tutor page in Japanese and Spanish, in Chromium (issue 14, sections 3 and 4).

* The learner switches the language with the header's picker and plays lesson 1 to its
  end, with Playwright's normal clicks: Japanese at desktop size, Spanish at 390 px wide.
  Every text the learner reads on the way (lesson list, narration, feedback, refusal,
  buttons) is the translation, never the English.
* Japanese renders with a system font that has its glyphs (never boxes), and no font is
  fetched from anywhere (the page's requests to anything but 127.0.0.1 are aborted anyway;
  no request for a font file is made at all).
* Long Spanish labels do not make the page wider than a 390 px phone, nor cut a button's text.
* ``?lang=es`` selects Spanish, and the choice is remembered across a reload.
"""

from __future__ import annotations

import re

import pytest

from burgle.geometry.board import parse_cell
from burgle.i18n import Translator
from burgle.i18n.refusals import explain
from burgle.engine.refusals import refuse
from burgle.lessons.translations import localize
from test_tutor_page import LESSON, LOAD_TIMEOUT_MS, exact, open_tutor, words
from waiting import wait_for_js

pytestmark = [pytest.mark.browser]

PHONE = {"width": 390, "height": 844}
#: Font families that cover Japanese (the ones a system may have); none is a web font.
JAPANESE_FONTS = re.compile(r"CJK|Noto Sans JP|Hiragino|Yu Gothic|Meiryo|IPA|Takao|VL Gothic|Source Han", re.I)


def switch(page, lang: str) -> None:
    """Pick *lang* in the header's menu and wait until the page speaks it."""
    page.locator(".burgle-lang select").select_option(lang)
    wait_language(page, lang)


def wait_language(page, lang: str) -> None:
    lessons = Translator(lang).gettext("Lessons")
    try:
        wait_for_js(page, "([lang, label]) => document.documentElement.lang === lang && "
            "(document.querySelector('.burgle-nav-tutor') || {}).innerText?.trim() === label",
            arg=[lang, lessons], timeout=LOAD_TIMEOUT_MS)
    except TimeoutError as e:
        # What the page shows instead: the picker's own state (set in the browser at once) apart
        # from the labels the kernel sends back, so a failure says which side did not follow.
        shown = page.evaluate("""() => ({html_lang: document.documentElement.lang, url: location.href,
            select: (document.querySelector('.burgle-lang select') || {}).value,
            picker_label: (document.querySelector('.burgle-lang-label') || {}).innerText,
            nav: (document.querySelector('.burgle-nav-tutor') || {}).innerText})""")
        raise AssertionError(f"the page did not switch to {lang!r} ({lessons!r} in the bar): it shows {shown}") from e


def wait_text(page, selector: str, text: str) -> None:
    """Wait until *selector* shows *text* (case aside: some headings are upper-cased by CSS)."""
    wait_for_js(page, "([sel, text]) => (document.querySelector(sel) || {}).innerText?.replace(/\\s+/g, ' ').toLowerCase()"
        ".includes(text)", arg=[selector, text.lower()])


def play_lesson_1(page, lang: str) -> None:
    """Open lesson 1 from the list and play it to its end, checking each text is *lang*'s."""
    lesson = localize(LESSON, lang)
    t = Translator(lang)
    assert lesson.title != LESSON.title
    page.locator("button.burgle-lesson").filter(has_text=lesson.title).click()
    page.locator(".burgle-lesson-view").wait_for(state="visible")
    assert lesson.title in words(page.locator(".burgle-lesson-title").inner_text())
    for number, step in enumerate(lesson.steps, 1):
        wait_for_js(page, "n => document.querySelector(\".burgle-stepper[data-step='\" + n + \"']\") !== null",
                               arg=number)
        wait_text(page, ".burgle-narration", words(step.text)[:12])
        if number == 1:
            # A refusal, typed: the engine's reason in the learner's language, the rule id as is.
            page.locator(".burgle-typed input").fill("peek 1D4")
            page.locator(".burgle-try").click()
            page.locator(".burgle-feedback.burgle-feedback-illegal").wait_for()
            reason = explain(refuse("peek.not_adjacent", cell=parse_cell("1D4"), who="hawk",
                                    from_cell=parse_cell("1A2")), lang)
            text = words(page.locator(".burgle-feedback").inner_text())
            assert reason[:15] in text and "ACT-2" in text, text
            assert "not adjacent" not in text
        if step.expect is not None:
            if step.wrong:
                action, said = next(iter(step.wrong.items()))
                page.locator("button.burgle-action").filter(has_text=exact(action)).click()
                page.locator(".burgle-feedback.burgle-feedback-wrong").wait_for()
                wait_text(page, ".burgle-feedback", words(said)[:15])
            page.locator("button.burgle-action").filter(has_text=exact(str(step.expect))).click()
            page.locator(".burgle-feedback.burgle-feedback-right").wait_for()
            wait_text(page, ".burgle-feedback", words(step.right)[:15])
            text = words(page.locator(".burgle-feedback").inner_text()).lower()  # headings are upper-cased
            assert t.gettext("What the engine did").lower() in text and "what the engine did" not in text
        if number < len(lesson.steps):
            page.locator(".burgle-next").click()
    wait_text(page, ".burgle-feedback", t.gettext("Lesson complete"))
    page.locator(".burgle-home").click()
    page.locator(".burgle-lesson-list").wait_for(state="visible")
    assert page.locator("button.burgle-lesson").filter(has_text=lesson.title).inner_text().strip().startswith("✓ ")


def platform_fonts(page, selector: str) -> list[dict]:
    """The fonts Chromium used to draw the text of *selector* (DevTools protocol)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    return cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]


def test_japanese_lesson_1_by_clicking_with_a_system_font(page, tutor_url):
    fonts_fetched = []
    page.on("request", lambda r: fonts_fetched.append(r.url) if r.resource_type == "font" else None)
    open_tutor(page, tutor_url)
    switch(page, "ja")
    assert words(page.locator(".burgle-header").first.inner_text()).count("チューター") == 1
    play_lesson_1(page, "ja")
    assert page.js_errors == []

    # The Japanese words are drawn with a Japanese system font (never .notdef boxes).
    page.locator(".burgle-lesson").first.click()
    page.locator(".burgle-narration").wait_for(state="visible")
    fonts = platform_fonts(page, ".burgle-narration-text p")
    cjk = [f for f in fonts if JAPANESE_FONTS.search(f["familyName"])]
    assert cjk and all(not f["isCustomFont"] for f in cjk), fonts
    drawn = sum(f["glyphCount"] for f in cjk)
    text = page.locator(".burgle-narration-text p").inner_text()
    assert drawn >= sum(1 for ch in text if ord(ch) > 0x3000) > 10, (fonts, text)
    assert fonts_fetched == []


def local_page(browser, viewport):
    """A new context of *viewport* that can reach 127.0.0.1 only, its page, and the list the
    page's uncaught errors go to."""
    context = browser.new_context(viewport=viewport)
    context.set_default_timeout(15_000)
    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(
        ("http://127.0.0.1", "ws://127.0.0.1", "data:")) else route.abort())
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return context, page, errors


def test_spanish_lesson_1_at_phone_width(browser, tutor_server):
    context, page, errors = local_page(browser, PHONE)
    try:
        open_tutor(page, tutor_server[0])
        switch(page, "es")
        assert_fits(page)
        page.locator("button.burgle-lesson").first.wait_for()
        play_lesson_1(page, "es")
        page.locator("button.burgle-lesson").filter(has_text=localize(LESSON, "es").title).click()
        page.locator(".burgle-next").wait_for(state="visible")
        assert_fits(page)
        assert errors == []
    finally:
        context.close()


def assert_fits(page) -> None:
    """Nothing makes the page scroll sideways, and no visible button cuts its label."""
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= PHONE["width"], f"the page is {wide} px wide at {PHONE['width']} px"
    cut = page.evaluate("""() => [...document.querySelectorAll('button, select')]
        .filter(b => b.offsetParent !== null && b.getBoundingClientRect().width > 0)
        .filter(b => b.scrollWidth > b.clientWidth + 1 || b.getBoundingClientRect().right > window.innerWidth + 1)
        .map(b => b.innerText || b.value)""")
    assert cut == [], f"buttons whose label is cut or that stick out: {cut}"


def test_lang_in_the_address_selects_spanish_and_the_choice_is_remembered(page, tutor_url):
    open_tutor(page, tutor_url + "?lang=es")
    wait_language(page, "es")
    assert page.locator(".burgle-lang select").input_value() == "es"
    assert Translator("es").gettext("Rules lookup") in page.locator(".burgle-lookup").inner_text()
    # A reload without the parameter: the browser remembered Spanish.
    page.goto(tutor_url, wait_until="commit", timeout=LOAD_TIMEOUT_MS)
    page.locator(".burgle-tutor.burgle-ready").wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    wait_language(page, "es")
    # Picking a language rewrites ?lang= in the address, so a reload keeps the new choice.
    page.goto(tutor_url + "?lang=es", wait_until="commit", timeout=LOAD_TIMEOUT_MS)
    page.locator(".burgle-tutor.burgle-ready").wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    wait_language(page, "es")
    switch(page, "ja")
    assert "lang=ja" in page.url
    assert page.js_errors == []
