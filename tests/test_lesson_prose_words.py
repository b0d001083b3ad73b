"""The prose checks (routes and die values a lesson names) read each language with its own
words, from burgle/data/prose_words.toml (issue 14: in Spanish and Japanese they missed real
routes and read the list '1B2, 1B1 y 1C3' as a route)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from burgle.i18n.languages import LANGUAGES
from burgle.lessons import LessonError, load_all
from burgle.lessons import claims
from burgle.lessons.check import check_prose
from burgle.lessons.claims import dice_values, prose_paths, prose_words
from burgle.lessons.translations import check_translation, localize

TUTORIALS = Path(__file__).parents[1] / "tutorials"
LESSONS = {lesson.id: lesson for lesson in load_all(TUTORIALS)}


def routes(text: str, lang: str) -> list[list[str]]:
    return [cells for cells, _ in prose_paths(text, lang)]


@pytest.mark.parametrize("lang, text", [
    ("en", "The guard went on by 1D2 and 1D3 to 1C3."),
    ("es", "El guardia siguió por 1D2 y 1D3 hasta 1C3."),
    ("ja", "警備員は1D2と1D3を通って1C3まで進みました。"),
])
def test_a_way_is_found_in_each_language(lang, text):
    assert routes(text, lang) == [["1D2", "1D3", "1C3"]]


@pytest.mark.parametrize("lang, text", [
    ("en", "He walked 1C4, 1C3 and then 1C2."),
    ("es", "Recorrió 1C4, 1C3 y luego 1C2."),
    ("ja", "警備員は1C4、1C3、次に1C2と歩きました。"),
])
def test_a_comma_list_of_neighbours_with_the_language_s_then_is_one_way(lang, text):
    assert routes(text, lang) == [["1C4", "1C3", "1C2"]]


@pytest.mark.parametrize("lang, text", [
    ("en", "His discards are 1B2, 1B1 and 1C3."),
    ("es", "Sus descartes son 1B2, 1B1 y 1C3."),  # the list the English-only words misread
    ("ja", "捨札は1B2、1B1と1C3です。"),
])
def test_a_list_that_is_not_a_way_is_not_read_as_one(lang, text):
    assert routes(text, lang) == []


@pytest.mark.parametrize("lang, text", [
    ("en", "You can choose 1C3 or 1D4. The guard is on 1D2 and 1D3. The wall between 1C2 and 1D2."),
    ("es", "Puedes elegir 1C3 o 1D4. El guardia está en 1D2 y 1D3. El muro entre 1C2 y 1D2."),
    ("ja", "選べるのは1C3か1D4です。警備員は1D2と1D3にいます。1C2と1D2の間の壁です。"),
])
def test_choices_bare_pairs_and_between_are_not_ways(lang, text):
    assert routes(text, lang) == []


def test_the_english_words_alone_missed_the_translated_ways():
    # What the checker did before the words came per language: no way at all in Japanese,
    # and the Spanish 'y ... hasta' way unseen.
    assert routes("警備員は1C4、1C3、1C2と歩きました。", "en") == []
    assert routes("siguió por 1D2 y 1D3 hasta 1C3", "en") == []
    assert routes("Sus descartes son 1B2, 1B1 y 1C3.", "en") == [["1B2", "1B1"]]


@pytest.mark.parametrize("lang, text, faces", [
    ("en", "You rolled a 2 and a 1: no 6. The dice now read 2 and 6.", [2, 1, 2, 6]),
    ("es", "Sacaste un 2 y un 1: ningún 6. Los dados marcan ahora 2 y 6.", [2, 1, 2, 6]),
    ("ja", "出た目は2と1で、6はありません。ダイスは2と6になりました。", [2, 1, 2, 6]),
    ("es", "el dado de la planta 1 muestra ahora 4", [4]),  # not the floor number
    ("ja", "フロア1のダイスは今4です。3歩（ダイス2 + 警報1）歩きました。", [4, 2]),
    ("ja", "1、3、6が出ました。チワワは6を出しました。", [1, 3, 6, 6]),
])
def test_die_faces_are_read_in_each_language(lang, text, faces):
    assert dice_values(text, lang) == faces


@pytest.mark.parametrize("lang, text", [
    ("en", "Your 1st try rolls 1 die, the 2nd rolls 2 dice."),
    ("es", "En tu primer intento tiras 1 dado; solo entras si sacas un 6."),
    ("ja", "ダイスは2個あり、ダイスが1つ上がりました。フロア2では2A1が出ました。1か2が出ると逃げます。"),
])
def test_counts_of_dice_cell_names_and_conditions_are_not_faces(lang, text):
    assert dice_values(text, lang) == []


def test_every_language_of_the_tutor_has_its_words():
    assert all(prose_words(lang).lang == lang for lang in LANGUAGES)
    with pytest.raises(ValueError, match=r"no words for language 'fr' \(it has: en, es, ja\)"):
        prose_words("fr")


def test_a_table_missing_a_list_is_named():
    with pytest.raises(ValueError, match=r"\[xx\] lacks way, pair"):
        claims._compile("xx", {"spaced": True, "comma": [","], "after_comma": [], "choice": ["or"],
                               "between": [], "dice_join": [","], "dice_article": [], "dice": []})


def test_a_translated_step_is_checked_with_its_own_language():
    lesson = LESSONS["01-first-steps"]
    step = dataclasses.replace(lesson.steps[0], text="El guardia va de 1B2 y luego 1B3 hasta 1B4.",
                               right="", other="", after="", wrong={}, predict=None, lang="es")
    with pytest.raises(LessonError, match="names the way '1B2 y luego 1B3 hasta 1B4'"):
        check_prose(lesson, step, [], {})
    # The same words read as English name no way: nothing to vouch for.
    check_prose(lesson, dataclasses.replace(step, lang="en"), [], {})


@pytest.mark.parametrize("lang", ["es", "ja"])
def test_localize_marks_translated_steps_with_their_language(lang):
    lesson = LESSONS["22-cameras"]
    stale = {p.step for p in check_translation(lesson, lang) if p.kind == "stale"}
    local = localize(lesson, lang)
    assert [s.lang for s in local.steps] == [("en" if s.key in stale else lang) for s in lesson.steps]
    assert all(s.lang == "en" for s in lesson.steps)
