"""Lessons are data, checked against the engine (issue 5 items 1 and 3)."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

import pytest

from burgle.cli import main
from burgle.lessons import LessonError, check_lesson, coverage, load_all
from burgle.lessons.model import parse_lesson

TUTORIALS = Path(__file__).parents[1] / "tutorials"
FIRST = tomllib.loads((TUTORIALS / "01-first-steps.toml").read_text())


@pytest.mark.parametrize("lesson", load_all(TUTORIALS), ids=lambda l: l.id)
def test_every_lesson_plays_through_with_its_claims_matching_the_engine(lesson):
    check_lesson(lesson)


def test_lesson_texts_are_keyed_for_translation():
    lesson = load_all(TUTORIALS)[0]
    texts = lesson.texts()
    assert texts["01-first-steps.title"].startswith("First steps")
    assert "01-first-steps.peek.wrong.move 1B2" in texts
    assert all(v.strip() for v in texts.values())


def bad(mutate) -> str:
    doc = copy.deepcopy(FIRST)
    mutate(doc)
    with pytest.raises(LessonError) as err:
        check_lesson(parse_lesson(doc, "tutorials/01-first-steps.toml"))
    return str(err.value)


def test_unknown_rule_id_is_reported_with_the_lesson():
    msg = bad(lambda d: d["rules"].append("GUARD-99"))
    assert "01-first-steps" in msg and "GUARD-99" in msg


def test_malformed_rule_id_is_reported_with_the_step():
    def mutate(d):
        d["steps"][1]["rules"] = ["guard nine"]
    msg = bad(mutate)
    assert "step 'peek'" in msg and "guard nine" in msg


def test_illegal_expected_action_is_reported_with_the_engine_reason_ACT_2():
    def mutate(d):
        d["steps"][1]["expect"] = "peek 1D4"
    msg = bad(mutate)
    assert "step 'peek'" in msg and "peek 1D4" in msg and "ACT-2" in msg


def test_claim_that_does_not_match_the_engine_is_reported():
    def mutate(d):
        d["steps"][4]["state"]["guards[0].cell"] = "1C1"
    msg = bad(mutate)
    assert "step 'end'" in msg and "1C1" in msg and "'1D1'" in msg


def test_claimed_happening_that_did_not_happen_is_reported():
    def mutate(d):
        d["steps"][4]["happened"].append("alarm 1D1")
    msg = bad(mutate)
    assert "'alarm' on 1D1" in msg


def test_unknown_cell_and_unknown_card_are_reported():
    def cell(d):
        d["steps"][0]["highlight"] = ["1E9"]
    assert "1E9" in bad(cell)

    def card(d):
        d["scenario"]["characters"][0]["tools"] = ["jetpack"]
    msg = bad(card)
    assert "jetpack" in msg and "characters[0].tools" in msg


def test_coverage_counts_the_ids_each_lesson_teaches():
    first = [lesson for lesson in load_all(TUTORIALS) if lesson.id == "01-first-steps"]
    cov = coverage(first)
    assert cov["GUARD-7"] == ["01-first-steps"]
    assert "CHAR-1" in cov and cov["CHAR-1"] == []


def test_cli_lessons_check(capsys, tmp_path):
    assert main(["lessons", "check"]) == 0
    assert "ok    01-first-steps" in capsys.readouterr().out
    broken = tmp_path / "broken.toml"
    broken.write_text((TUTORIALS / "01-first-steps.toml").read_text().replace('expect = "move 1B2"', 'expect = "move 1C3"'))
    assert main(["lessons", "check", str(broken)]) == 1
    err = capsys.readouterr().err
    assert "step 'move'" in err and "move 1C3" in err


def test_after_text_naming_an_unchecked_cell_is_reported():
    def mutate(d):
        d["steps"][4]["after"] += " He could also have gone to 1C3."
    msg = bad(mutate)
    assert "step 'end'" in msg and "1C3" in msg


def test_lessons_together_teach_every_rule_id_in_rules_md():
    """Issue 5: every id of RULES.md (burgle.data.rules, kept equal to RULES.md by
    tests/test_data.py) is taught by at least one lesson."""
    cov = coverage(load_all(TUTORIALS))
    missing = [rid for rid, lessons in cov.items() if not lessons]
    assert not missing, f"no lesson teaches: {', '.join(missing)}"


# ---------------------------------------------------------------------- predictions
ELEVEN = tomllib.loads((TUTORIALS / "11-clockwise-tie-break.toml").read_text())


def bad_prediction(mutate) -> str:
    doc = copy.deepcopy(ELEVEN)
    fork = next(s for s in doc["steps"] if s["key"] == "fork")
    mutate(fork["predict"])
    with pytest.raises(LessonError) as err:
        check_lesson(parse_lesson(doc, "tutorials/11-clockwise-tie-break.toml"))
    return str(err.value)


def test_a_prediction_the_engine_disproves_is_reported():
    def wrong_answer(p):
        p["answer"] = "1C2"
    msg = bad_prediction(wrong_answer)
    assert "step 'fork'" in msg and "answers 1C2" in msg and "guard_step" in msg


def test_a_prediction_whose_other_option_also_happens_is_reported():
    def both(p):
        p["cells"] = ["1B1", "1A2"]  # he steps on 1A2 as well: the claim does not single out the answer
    assert "1A2 too" in bad_prediction(both)


def test_a_prediction_needs_a_claim_tied_to_its_answer():
    def no_claim(p):
        del p["happened"]
    assert "no claim" in bad_prediction(no_claim)

    def other_cell(p):
        p["happened"] = ["guard_step 1A2"]
    assert "names the answer cell" in bad_prediction(other_cell)


@pytest.mark.parametrize("mutate, words", [
    (lambda p: p.update(answer="1D4"), "not among the cells"),
    (lambda p: p.update(choices=["a", "b"]), "not both"),
    (lambda p: p.update(cells=["1B1"]), "at least 2"),
    (lambda p: p.update(by="intro"), "not this step or a later one"),
    (lambda p: p.update(colour="red"), "predict.colour"),
    (lambda p: p.pop("question"), "'question'"),
])
def test_malformed_predictions_are_refused_with_the_field(mutate, words):
    assert words in bad_prediction(mutate)


def test_every_lesson_names_its_part_and_a_part_is_one_run_of_lessons():
    """Issue 10 §6: part titles come from the lesson data, not guessed from rule families."""
    lessons = load_all(TUTORIALS)
    assert {l.id: l.part for l in lessons}["45-loot-gemstone-tiara-painting"] == "Tools and loot"
    assert all(l.part for l in lessons), [l.id for l in lessons if not l.part]
    runs = [l.part for i, l in enumerate(lessons) if i == 0 or lessons[i - 1].part != l.part]
    assert len(runs) == len(set(runs)), f"a part's lessons are split up in the order: {runs}"
    def blank(d):
        d["part"] = " "
    assert "'part' must be non-empty text" in bad(blank)
