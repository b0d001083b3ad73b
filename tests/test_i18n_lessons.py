"""Lessons in Spanish and Japanese: per-language files keyed by step, checked against the
English (issue 14: `burgle lessons check --lang`)."""

from __future__ import annotations

import copy
import shutil
import tomllib
import warnings
from pathlib import Path

import pytest

from burgle.cli import main
from burgle.i18n.data import fingerprint
from burgle.lessons import check_lesson, load_all
from burgle.lessons.model import parse_lesson
from burgle.lessons.translations import (
    check_groups,
    check_translation,
    english_groups,
    load_translation,
    localize,
    parse_translation,
    read_translation,
    skeleton,
    stamp,
    stamp_text,
    translation_path,
)

TUTORIALS = Path(__file__).parents[1] / "tutorials"
LESSONS = {lesson.id: lesson for lesson in load_all(TUTORIALS)}
# Every lesson with a translation in each language (the lessons are translated one by one; a new
# English lesson waits here until both translations exist).
TRANSLATED = sorted(lid for lid in LESSONS if all(translation_path(lid, lang).exists() for lang in ("es", "ja")))
LANGS = ["es", "ja"]


def groups(lesson_id: str, lang: str) -> dict:
    return copy.deepcopy(load_translation(LESSONS[lesson_id], lang))


def kinds(lesson, lang, found) -> set[tuple[str, str, str]]:
    return {(p.kind, p.step, p.field) for p in check_groups(lesson, lang, found)}


# ---------------------------------------------------------------- the committed translations

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("lesson_id", TRANSLATED)
def test_translated_lessons_are_complete_and_keep_every_invariant(lesson_id, lang):
    problems = check_translation(LESSONS[lesson_id], lang)
    stale = [str(p) for p in problems if p.kind == "stale"]
    if stale:  # LESSONS rewrote the English since: shown in English until a translator updates it
        warnings.warn("stale translation: " + "; ".join(stale))
    assert [str(p) for p in problems if p.kind != "stale"] == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("lesson_id", TRANSLATED)
def test_a_localized_lesson_plays_the_same_game_in_another_language(lesson_id, lang):
    english = LESSONS[lesson_id]
    local = localize(english, lang)
    check_lesson(local)
    assert [(s.key, s.expect, s.highlight, s.happened, s.state) for s in local.steps] == \
        [(s.key, s.expect, s.highlight, s.happened, s.state) for s in english.steps]
    assert set(local.steps[-1].wrong) == set(english.steps[-1].wrong)
    stale = {p.step for p in check_translation(english, lang) if p.kind == "stale"}
    for e, t in zip(english.steps, local.steps):
        assert (t.text == e.text) == (e.key in stale), e.key


def test_english_and_untranslated_lessons_stay_as_they_are(tmp_path):
    lesson = LESSONS["01-first-steps"]
    assert localize(lesson, "en") is lesson
    # A lesson with no translation file (a folder holding none: every committed lesson may be translated).
    (tmp_path / "es").mkdir()
    assert not translation_path(lesson.id, "es", tmp_path).exists()
    assert localize(lesson, "es", tmp_path) is lesson


# ---------------------------------------------------------------- each kind of error, planted

def test_a_missing_file_step_field_or_wrong_answer_is_reported():
    lesson = LESSONS["02-reading-the-board"]
    assert kinds(lesson, "es", None) == {("missing", "", "")}
    found = groups(lesson.id, "es")
    del found["walls"]
    del found["peek-below"]["after"]
    del found["peek-below"]["wrong.peek 1D3"]
    assert {("missing", "walls", ""), ("missing", "peek-below", "after"),
            ("missing", "peek-below", "wrong.peek 1D3")} <= kinds(lesson, "es", found)


def test_a_cell_name_that_differs_from_the_english_is_reported():
    lesson = LESSONS["01-first-steps"]
    found = groups(lesson.id, "ja")
    found["end"]["after"] = found["end"]["after"].replace("1A4", "1A3")
    problems = [p for p in check_groups(lesson, "ja", found) if p.kind == "invariant"]
    assert [(p.step, p.field, p.message.split(" (")[0]) for p in problems] == \
        [("end", "after", "missing 1A4"), ("end", "after", "extra 1A3")]


def test_an_action_text_that_differs_from_the_english_is_reported():
    lesson = LESSONS["01-first-steps"]
    found = groups(lesson.id, "es")
    found["peek"]["other"] = "Primero asómate a 1B2: elige 'asomarse 1B2'."  # the action text was translated
    found["move"]["other"] = "Muévete a la loseta a la que acabas de asomarte: 'move 1B1'."
    found["move-again"]["other"] = "Sube a 1B1."  # the action text was dropped
    messages = {(p.step, p.message.split(" (")[0]) for p in check_groups(lesson, "es", found) if p.kind == "invariant"}
    assert messages == {("peek", "missing 'peek 1B2'"), ("move", "missing 'move 1B2'"),
                        ("move", "missing 1B2"), ("move", "extra 'move 1B1'"), ("move", "extra 1B1"),
                        ("move-again", "missing 'move 1B1'")}


def test_a_rule_id_that_differs_from_the_english_is_reported():
    lesson = LESSONS["02-reading-the-board"]
    found = groups(lesson.id, "ja")
    found["scope"]["text"] = found["scope"]["text"].replace("DEC-1", "DEC-2")
    assert {("invariant", "scope", "text")} == {k for k in kinds(lesson, "ja", found) if k[0] == "invariant"}


def _with_placeholder() -> tuple:
    doc = tomllib.loads((TUTORIALS / "01-first-steps.toml").read_text(encoding="utf-8"))
    doc["steps"][0]["text"] = "You are {who}, just inside the bank on 1A2."
    lesson = parse_lesson(doc, "01-first-steps.toml")
    found = groups(lesson.id, "es")
    found["intro"]["source"] = fingerprint(english_groups(lesson)["intro"])
    return lesson, found


def test_a_placeholder_missing_or_extra_is_reported():
    lesson, found = _with_placeholder()
    found["intro"]["text"] = "Eres Halcón y acabas de entrar en el banco por 1A2."
    assert [p.message.split(" (")[0] for p in check_groups(lesson, "es", found) if p.kind == "invariant"] == \
        ["missing {who}"]
    found["intro"]["text"] = "Eres {who} y acabas de entrar en el banco por 1A2 con {n} acciones."
    assert [p.message.split(" (")[0] for p in check_groups(lesson, "es", found) if p.kind == "invariant"] == \
        ["extra {n}"]
    found["intro"]["text"] = "Eres {who} y acabas de entrar en el banco por 1A2."
    assert check_groups(lesson, "es", found) == []


def test_text_the_english_does_not_have_is_reported():
    lesson = LESSONS["01-first-steps"]
    found = groups(lesson.id, "es")
    found["nonexistent"] = {"text": "?"}
    found["peek"]["wrong.move 1C2"] = "?"
    found["intro"]["after"] = "?"
    extra = {(p.step, p.field) for p in check_groups(lesson, "es", found) if p.kind == "extra"}
    assert extra == {("nonexistent", ""), ("peek", "wrong.move 1C2"), ("intro", "after")}


def test_impolite_japanese_and_unpaired_spanish_marks_are_reported():
    lesson = LESSONS["01-first-steps"]
    ja = groups(lesson.id, "ja")
    ja["move"]["right"] = "トイレに入った。"
    assert ("style", "move", "right") in kinds(lesson, "ja", ja)
    es = groups(lesson.id, "es")
    es["move"]["right"] = "Entras en el Aseo!"
    assert ("style", "move", "right") in kinds(lesson, "es", es)


def test_a_part_named_differently_in_two_lessons_is_reported(tmp_path):
    from burgle.lessons.translations import part_problems

    folder = tmp_path / "tutorials"
    shutil.copytree(TUTORIALS / "es", folder / "es")
    lessons = [LESSONS[lid] for lid in TRANSLATED]
    assert part_problems(lessons, "es", folder) == []
    path = folder / "es" / "02-reading-the-board.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('part = "Lo básico"', 'part = "Lo esencial"'),
                    encoding="utf-8")
    [problem] = part_problems(lessons, "es", folder)
    assert problem.lesson == "02-reading-the-board" and "'Lo esencial'" in problem.message


# ---------------------------------------------------------------- staleness

def _rewritten(step_index: int, new_text: str):
    doc = tomllib.loads((TUTORIALS / "01-first-steps.toml").read_text(encoding="utf-8"))
    doc["steps"][step_index]["text"] = new_text
    return parse_lesson(doc, "01-first-steps.toml")


def test_english_rewritten_after_translation_makes_only_that_step_stale(tmp_path):
    lesson = _rewritten(2, "You know 1B2 is safe now. Walk onto it (1 action).")
    found = groups(lesson.id, "es")
    assert {(p.kind, p.step) for p in check_groups(lesson, "es", found)} == {("stale", "move")}
    folder = tmp_path / "tutorials"
    shutil.copytree(TUTORIALS / "es", folder / "es")
    local = localize(lesson, "es", folder)
    assert local.steps[2].text == "You know 1B2 is safe now. Walk onto it (1 action)."  # English until updated
    assert local.steps[2].right == "You walk into the Lavatory."  # the whole step stays English
    assert local.steps[1].text.startswith("La loseta de tu derecha")
    stamp(lesson, "es", ["move"], folder)
    assert check_translation(lesson, "es", folder) == []


def test_a_translation_that_breaks_an_invariant_is_not_shown(tmp_path):
    folder = tmp_path / "tutorials"
    shutil.copytree(TUTORIALS / "ja", folder / "ja")
    path = folder / "ja" / "01-first-steps.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("「peek 1B2」", "「peek 1B3」"), encoding="utf-8")
    local = localize(LESSONS["01-first-steps"], "ja", folder)
    assert local.steps[1].other == LESSONS["01-first-steps"].steps[1].other
    assert local.steps[2].other.startswith("今覗き見た")


def test_stamp_sets_source_lines_and_only_those():
    text = 'lesson = "x"\ntitle = "T"\n\n[steps.a]\ntext = "A"\n[steps.a.wrong]\n"end" = "W"\n\n[steps.b]\nsource = "old"\ntext = "B"\n'
    new, done = stamp_text(text, {"": "111", "a": "222", "b": "333"})
    assert done == ["", "a", "b"]
    assert new == ('lesson = "x"\nsource = "111"\ntitle = "T"\n\n[steps.a]\nsource = "222"\ntext = "A"\n'
                   '[steps.a.wrong]\n"end" = "W"\n\n[steps.b]\nsource = "333"\ntext = "B"\n')
    with pytest.raises(KeyError, match="no step 'nope'"):
        stamp(LESSONS["01-first-steps"], "es", ["nope"])


# ---------------------------------------------------------------- files and predictions

def test_a_bad_translation_file_is_rejected_naming_the_file_and_line(tmp_path):
    folder = tmp_path / "tutorials"
    (folder / "es").mkdir(parents=True)
    (folder / "es" / "01-first-steps.toml").write_text('lesson = "01-first-steps"\ntitle = "Sin cerrar\n',
                                                      encoding="utf-8")
    [problem] = check_translation(LESSONS["01-first-steps"], "es", folder)
    assert problem.kind == "unreadable" and "01-first-steps.toml" in problem.message and "line 2" in problem.message
    assert localize(LESSONS["01-first-steps"], "es", folder) is LESSONS["01-first-steps"]


def test_prediction_choices_are_translated_and_the_answer_follows_its_choice():
    lesson = LESSONS["46-loot-mirror-stamp"]
    step = next(s for s in lesson.steps if s.predict is not None and s.predict.choices)
    english = english_groups(lesson)
    doc = {"lesson": lesson.id, "steps": {}}
    for group, texts in english.items():
        table = {"source": fingerprint(texts)} if texts else {}
        for name, text in texts.items():
            table[name] = text  # English in place of a translation, except the prediction below
        doc["steps"][group] = table
    top = doc["steps"].pop("")
    doc.update(top)
    found = parse_translation(doc, "in memory")
    found[step.key].update({"predict.choices.0": "Sí", "predict.choices.1": "No, nada", "predict.question": "¿Sí?"})
    found[step.key].pop("predict.choices", None)
    from burgle.lessons import translations

    local_step = translations._localize_step(step, found[step.key])
    assert local_step.predict.choices == ("Sí", "No, nada")
    assert local_step.predict.answer == ("Sí", "No, nada")[step.predict.choices.index(step.predict.answer)]
    assert local_step.predict.is_right(local_step.predict.answer)


def test_skeleton_lists_every_text_to_translate():
    lesson = LESSONS["02-reading-the-board"]
    found = parse_translation(tomllib.loads(skeleton(lesson, "ja")), "skeleton")
    missing = {(p.step, p.field) for p in check_groups(lesson, "ja", found) if p.kind == "missing"}
    english = {(group, name) for group, texts in english_groups(lesson).items() for name in texts}
    assert missing == english


def test_read_translation_groups_wrong_and_predict_texts():
    found = read_translation(translation_path("02-reading-the-board", "es"))
    assert found["peek-below"]["wrong.peek 1D3"].startswith("1D3 solo toca")


# ---------------------------------------------------------------- the command line

def test_cli_checks_a_language(capsys, tmp_path):
    files = [str(TUTORIALS / f"{lid}.toml") for lid in TRANSLATED]
    assert main(["lessons", "check", "--lang", "ja", *files]) == 0
    assert f"ja: {len(files)}/{len(files)} lessons translated, 0 with problems" in capsys.readouterr().out
    other = tmp_path / "99-untranslated.toml"
    other.write_text((TUTORIALS / "01-first-steps.toml").read_text(encoding="utf-8")
                     .replace('id = "01-first-steps"', 'id = "99-untranslated"'), encoding="utf-8")
    assert main(["lessons", "check", "--lang", "es", str(other)]) == 1
    assert "no translation file" in capsys.readouterr().err
    assert main(["lessons", "check", "--lang", "en", files[0]]) == 2
    assert main(["lessons", "check", "--lang", "fr", files[0]]) == 2
    assert "unknown language 'fr'" in capsys.readouterr().err
