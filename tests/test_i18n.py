"""The tutor in Spanish and Japanese: languages, gettext catalogs, data translations (issue 14)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from burgle.cli import main
from burgle.i18n import Translator, best_language, language, words
from burgle.i18n import data, tools
from burgle.i18n.invariants import differences, polite_problems, spanish_punctuation_problems
from burgle.i18n.languages import UnknownLanguage

LANGS = ("es", "ja")


@pytest.fixture(scope="module")
def pot():
    """The messages the sources hold now (one extraction for the module's catalog tests)."""
    return tools.template()


# ---------------------------------------------------------------- languages

def test_language_codes_are_read_leniently_and_unknown_ones_name_the_allowed():
    assert [language(c) for c in ("es", "es-MX", "ja_JP", " JA ", None, "")] == ["es", "es", "ja", "ja", "en", "en"]
    with pytest.raises(UnknownLanguage, match=r"'de'.*en \(English\), es \(Español\), ja \(日本語\)"):
        language("de")


def test_best_language_takes_the_first_supported_candidate():
    assert best_language(None, "fr-FR,fr;q=0.9,es;q=0.8", "ja") == "es"
    assert best_language("xx", "", None) == "en"


# ---------------------------------------------------------------- gettext catalogs

@pytest.mark.parametrize("n, es, ja", [(0, "0 dados", "ダイス0個"), (1, "1 dado", "ダイス1個"), (2, "2 dados", "ダイス2個"),
                                       (1_000_000, "1000000 dados", "ダイス1000000個")])
def test_plural_forms_follow_each_language(n, es, ja):
    assert Translator("es").ngettext(*words.DICE, n).format(n=n) == es
    assert Translator("ja").ngettext(*words.DICE, n).format(n=n) == ja
    assert Translator("en").ngettext(*words.DICE, n).format(n=n) == (f"{n} die" if n == 1 else f"{n} dice")


def test_contexts_separate_words_and_english_falls_back_to_the_source():
    assert Translator("es").pgettext(*words.ROOF) == "el tejado"
    assert Translator("ja").gettext(words.NEXT) == "次へ"
    assert Translator("en").gettext(words.NEXT) == "Next"
    assert Translator("es").gettext("A string nobody translated") == "A string nobody translated"


def test_extraction_finds_narration_templates_and_marked_ui_words(pot):
    from burgle.engine.happenings import TEMPLATES
    from burgle.i18n.happenings import VERBATIM, context

    ids = {(m.context, m.id if isinstance(m.id, str) else m.id[1]) for m in pot if m.id}
    for kind, template in TEMPLATES.items():
        if kind not in VERBATIM:
            assert (context(kind), template) in ids, kind
    assert (None, "Next") in ids and (None, "{n} dice") in ids and ("place", "the roof") in ids


@pytest.mark.parametrize("lang", LANGS)
def test_committed_catalogs_are_complete_compiled_and_keep_their_placeholders(lang, pot):
    assert [str(p) for p in tools.check_catalog(lang, pot=pot)] == []


def _locale_copy(tmp_path: Path) -> Path:
    dest = tmp_path / "locale"
    shutil.copytree(tools.LOCALE, dest)
    return dest


def _edit_po(locale: Path, lang: str, old: str, new: str) -> None:
    po = tools.po_path(lang, locale)
    text = po.read_text(encoding="utf-8")
    assert old in text
    po.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_catalog_check_reports_a_lost_placeholder_a_changed_cell_and_a_stale_mo(tmp_path, pot):
    locale = _locale_copy(tmp_path)
    _edit_po(locale, "es", 'msgstr "{who} se mueve a {cell}."', 'msgstr "{who} se mueve a 1B2."')
    problems = [str(p) for p in tools.check_catalog("es", locale, pot=pot)]
    assert any("missing {cell}" in p for p in problems)
    assert any("extra 1B2" in p for p in problems)
    assert any(".mo" in p and "differs from the .po" in p for p in problems)


def test_catalog_check_reports_fuzzy_and_missing_messages(tmp_path, pot):
    locale = _locale_copy(tmp_path)
    _edit_po(locale, "ja", 'msgstr "次へ"', 'msgstr ""')
    _edit_po(locale, "ja", 'msgctxt "happening move"', '#, fuzzy\nmsgctxt "happening move"')
    problems = tools.check_catalog("ja", locale, pot=pot)
    assert {(p.kind, p.key) for p in problems} >= {("missing", "Next"), ("stale", "happening move | {who} moves to {cell}.")}


def test_catalog_check_reports_impolite_japanese(tmp_path, pot):
    locale = _locale_copy(tmp_path)
    _edit_po(locale, "ja", 'msgstr "{who}が{cell}に移動します。"', 'msgstr "{who}が{cell}に移動する。"')
    assert any(p.kind == "style" for p in tools.check_catalog("ja", locale, pot=pot))


def test_compile_writes_what_the_pages_read(tmp_path):
    locale = _locale_copy(tmp_path)
    _edit_po(locale, "es", 'msgstr "Siguiente"', 'msgstr "Adelante"')
    for lang in LANGS:
        tools.mo_path(lang, locale).unlink()
    tools.compile_all(locale)
    import gettext

    with open(tools.mo_path("es", locale), "rb") as fp:
        assert gettext.GNUTranslations(fp).gettext("Next") == "Adelante"
    assert tools.check_compiled("ja", tools.read(tools.po_path("ja", locale), "ja"), locale) == []


# ---------------------------------------------------------------- invariants and style

def test_invariant_tokens_survive_japanese_text_without_word_boundaries():
    english = "Move to 1B2 through A1|B1 (GUARD-9): choose 'move 1B2', not 'peek 1C3'."
    assert differences(english, "1B2にA1|B1を通って移動します（GUARD-9）。「move 1B2」を選び、「peek 1C3」は選びません。") == []
    assert differences(english, "1B2に移動します（GUARD-9）。「move 1B2」を選びます。") == ["missing 'peek 1C3'", "missing 1C3", "missing A1|B1"]


def test_house_style_checks():
    assert polite_problems("警備員が移動します（GUARD-7）。「次へ」を押してください。") == []
    assert polite_problems("警備員が移動する。") != []
    assert spanish_punctuation_problems("¿Dónde está? ¡Alarma!") == []
    assert spanish_punctuation_problems("Dónde está?") != []


# ---------------------------------------------------------------- data translations

@pytest.mark.parametrize("lang", LANGS)
def test_every_data_translation_is_present_current_and_keeps_its_invariants(lang):
    assert [str(p) for p in data.check(lang)] == []


@pytest.mark.parametrize("domain", list(data.DOMAINS))
def test_every_english_entry_has_a_translation_in_each_language(domain):
    for lang in LANGS:
        assert set(data.entries(domain, lang)) == set(data.english(domain)), (domain, lang)


def test_lookups_give_the_learners_language_and_leave_ids_alone():
    assert data.tile_name("computer_laser", "es") == "Sala de ordenadores – Láser"
    assert data.card_name("where_is_he", "ja") == "彼はどこ？"
    assert data.character_name("peterman", "es") == "Revientacajas"
    assert data.ability("rook_advanced", "ja")[0] == "変装"
    assert data.action_help("peek", "es").startswith("revela")
    r = data.rule("GUARD-9", "es")
    assert r.id == "GUARD-9" and r.section.startswith("5. ") and r.section != data.rule("GUARD-9", "en").section


def _planted(domain: str, key: str, **changes) -> dict:
    found = {k: dict(v) for k, v in data.entries(domain, "es").items()}
    found[key].update(changes)
    return found


def test_data_check_reports_each_kind_of_planted_error():
    def kinds(found):
        return {(p.key, p.kind) for p in data.check_entries("tiles", "es", found, "tiles.toml")}

    missing = {k: v for k, v in data.entries("tiles", "es").items() if k != "foyer"}
    assert ("foyer", "missing") in kinds(missing)
    assert ("laser", "stale") in kinds(_planted("tiles", "laser", source="000000000000"))
    assert ("laser", "invariant") in kinds(_planted("tiles", "laser", text="Entrar en 1B2 cuesta 2 acciones."))
    assert ("laser", "extra") in kinds(_planted("tiles", "laser", nombre="Láser"))
    assert ("laser", "missing") in kinds(_planted("tiles", "laser", text=""))
    assert ("nonexistent", "extra") in kinds({**data.entries("tiles", "es"), "nonexistent": {"name": "x"}})


def test_a_stale_entry_falls_back_to_english_until_it_is_stamped(monkeypatch):
    stale = {k: dict(v) for k, v in data.entries("tiles", "ja").items()}
    stale["laser"]["source"] = "000000000000"
    monkeypatch.setattr(data, "entries", lambda domain, lang: stale if domain == "tiles" else {})
    assert data.tile_name("laser", "ja") == "Laser"
    assert data.tile_name("walkway", "ja") == "通路"


def test_stamp_rewrites_only_source_lines(tmp_path):
    folder = tmp_path / "locale"
    (folder / "es").mkdir(parents=True)
    text = '# comment\n\n[laser]\nsource = "old"\nname = "Láser"\ntext = "x"\n\n[motion]\nname = "Movimiento"\n'
    (folder / "es" / "tiles.toml").write_text(text, encoding="utf-8")
    assert data.stamp("es", "tiles", ["laser", "motion"], folder) == ["laser", "motion"]
    new = (folder / "es" / "tiles.toml").read_text(encoding="utf-8")
    laser, motion = (data.fingerprint(data.english("tiles")[k]) for k in ("laser", "motion"))
    assert new == text.replace('"old"', f'"{laser}"').replace('[motion]\n', f'[motion]\nsource = "{motion}"\n')
    with pytest.raises(KeyError, match="no table for atrium"):
        data.stamp("es", "tiles", ["atrium"], folder)
    with pytest.raises(KeyError, match="no entries nope"):
        data.stamp("es", "tiles", ["nope"], folder)


def test_a_bad_translation_file_is_rejected_with_the_file_and_line():
    with pytest.raises(data.TranslationError, match=r"tiles.toml: not valid TOML.*line 2"):
        data.parse_entries('[laser]\nname = "Láser\n', "burgle/locale/es/tiles.toml")
    with pytest.raises(data.TranslationError, match=r"\[laser\] name must be text"):
        data.parse_entries("[laser]\nname = 3\n", "burgle/locale/es/tiles.toml")


def test_cli_check_passes_and_stamp_needs_entries(capsys):
    assert main(["i18n", "check"]) == 0
    assert "ok    es" in capsys.readouterr().out
    assert main(["i18n", "stamp", "--lang", "es", "tiles"]) == 2
