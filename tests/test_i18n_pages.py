"""The pages in Spanish and Japanese (issue 14, sections 1 and 3): refusals built from keyed
templates, the tutor's chrome, lessons, narration and rules lookup in the learner's
language, and the language picker (``?lang=``, remembered, the browser's languages)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from burgle.engine.errors import IllegalAction, Refusal
from burgle.engine.game import Game
from burgle.engine.refusals import COUNTED, PARAM_KINDS, REFUSALS, refuse
from burgle.i18n import Translator, character_name
from burgle.i18n.refusals import explain
from burgle.lessons import load_all
from burgle.web.home import BurgleHome
from burgle.web.language import LanguagePicker
from burgle.web.tutor import TutorApp
from burgle.web.tutor.session import LessonSession
from burgle.web.ui import game_state_html

ENGINE = Path(__file__).resolve().parents[1] / "burgle" / "engine"
LESSON_1 = next(l for l in load_all() if l.id == "01-first-steps")


# ---------------------------------------------------------------- refusals: keys and params
def _literals(node) -> list[str]:
    """The keys a ``refuse()`` call can name: a literal, or literals picked by ``a if c else b``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _literals(node.body) + _literals(node.orelse)
    return []


def _refuse_calls():
    """Every ``refuse("key", name=...)`` call in the engine: (file, key, parameter names)."""
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "refuse":
                keys = _literals(node.args[0])
                assert keys, f"{path.name}:{node.lineno}: refuse() needs a literal key"
                for key in keys:
                    yield path.name, key, {k.arg for k in node.keywords}


def test_every_refusal_call_names_a_template_with_exactly_its_parameters():
    used = set()
    for where, key, names in _refuse_calls():
        assert key in REFUSALS, f"{where}: unknown refusal key {key!r}"
        wanted = set(re.findall(r"{(\w+)}", REFUSALS[key])) - {"help"}
        assert names == wanted, f"{where}: {key} passes {sorted(names)}, its template uses {sorted(wanted)}"
        used.add(key)
    assert used == set(REFUSALS), f"templates no code uses: {sorted(set(REFUSALS) - used)}"
    assert {p for t in REFUSALS.values() for p in re.findall(r"{(\w+)}", t)} <= set(PARAM_KINDS)


def test_an_illegal_action_carries_its_key_and_typed_params_and_keeps_the_english_message():
    game = Game.new(seed=1, characters=["hawk"])
    game.apply("entrance 1A1")
    state = game.to_json() if hasattr(game, "to_json") else None
    with pytest.raises(IllegalAction) as info:
        game.apply("peek 1D4")
    exc = info.value
    assert exc.key == "peek.not_adjacent" and exc.rule == "ACT-2"
    assert exc.params == {"cell": 15, "who": "hawk", "from_cell": 0}  # cells as numbers, the character's key
    assert str(exc) == ("illegal action 'peek 1D4': 1D4 is not adjacent to Hawk's cell 1A1 (no wall between), "
                        "nor above a Stairs tile, above or below an Atrium, or across a thermal link (ACT-2)")
    assert isinstance(exc.reason, Refusal) and exc.reason == exc.reason.__str__()
    if state is not None:
        assert game.to_json() == state


def test_a_reason_without_a_template_has_no_key():
    exc = IllegalAction("end", "plain words", "TURN-3")
    assert exc.key is None and exc.params == {} and explain(exc, "ja") == "plain words"


@pytest.mark.parametrize("lang, expected", [
    ("en", "1D4 is not adjacent to Hawk's cell 1A1"),
    ("es", "1D4 no es adyacente a la casilla 1A1 de Halcón"),
    ("ja", "1D4はホークのいるマス1A1に隣接していません"),
])
def test_explain_renders_the_refusal_in_the_language_with_names_translated_and_cells_kept(lang, expected):
    assert explain(refuse("peek.not_adjacent", cell=15, who="hawk", from_cell=0), lang).startswith(expected)


def test_counted_refusals_choose_the_plural_form():
    assert set(COUNTED) == {k for k, t in REFUSALS.items() if "{left}" in t or "{count}" in t}
    one, two = (explain(refuse("peek.cost", who="raven", left=n), "es") for n in (1, 2))
    assert one.endswith("le queda 1") and two.endswith("le quedan 2")
    locked = [explain(refuse("escape.safes", floor=3, count=n), "es") for n in (1, 2)]
    assert "queda 1 cerrada" in locked[0] and "quedan 2 cerradas" in locked[1]


def test_the_roof_and_card_names_are_translated_in_refusals():
    text = explain(refuse("escape.loot_lying", card="painting", cell=50), "es")
    assert "Cuadro" in text and "tejado" in text


# ---------------------------------------------------------------- grammar: counts in every language
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_game_panel_never_says_1_dice_or_1_cards(lang):
    t = Translator(lang)
    one = t.ngettext("Safe {cell}: {n} die", "Safe {cell}: {n} dice", 1).format(cell="1B2", n=1)
    deck = t.ngettext("Patrol deck {n} card; discard pile: {seen}", "Patrol deck {n} cards; discard pile: {seen}",
                      1).format(n=1, seen="-")
    assert not re.search(r"\b1 (dice|cards|dados|cartas)\b", one + deck), (one, deck)
    html_ = game_state_html(Game.new(seed=1, characters=["hawk"]), lang=lang)
    assert not re.search(r"\b1 (dice|cards|dados|cartas)\b", html_)


def test_the_lesson_list_counts_steps_and_lessons_in_the_language():
    app = TutorApp(storage=False, lang="es")
    meta = app._cards["01-first-steps"].children[2].value
    assert re.search(r"\d+ pasos", meta) and "steps" not in meta
    assert f"0 de {len(app.lessons)} lecciones hechas" in app.progress_html.value


# ---------------------------------------------------------------- every string reaches the catalog
PAGES = Path(__file__).resolve().parents[1] / "burgle" / "web"
_CALL = re.compile(r"""(?:\b_|\.gettext|\.ngettext)\((['"])((?:(?!\1).)+)\1\s*[,)]""")


def test_every_string_the_pages_translate_is_in_the_catalog():
    """A string translated inside an f-string is invisible to Babel's extractor; it must be
    marked elsewhere (N_) or it never gets a translation."""
    from babel.messages.pofile import read_po

    with open(Path(__file__).resolve().parents[1] / "burgle" / "locale" / "burgle.pot", "rb") as fp:
        ids = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(fp) if m.id}
    missing = [(path.name, m.group(2)) for path in sorted(PAGES.rglob("*.py"))
               for m in _CALL.finditer(path.read_text(encoding="utf-8")) if m.group(2) not in ids]
    assert missing == []


# ---------------------------------------------------------------- the tutor in a language
def test_a_session_narrates_and_refuses_in_its_language():
    s = LessonSession(LESSON_1, 1, lang="es")
    fb = s.try_action("peek 1D4")
    assert fb.kind == "illegal" and fb.rule == "ACT-2"
    assert fb.text.startswith("Las reglas no permiten 'peek 1D4': 1D4 no es adyacente")
    fb = s.try_action("peek 1B2")
    assert fb.right and fb.happened[0] == "Se revela 1B2: Aseo (5)."  # the engine's happenings, narrated


def test_the_tutor_switches_language_in_place_keeping_the_lesson_and_its_step():
    app = TutorApp(storage=False)
    app.open_lesson("01-first-steps", 1)
    app.act("peek 1B2")
    assert "What the engine did" in app.feedback.value
    game = app.session.game
    app.set_language("ja")
    assert app.session.game is game and app.session.index == 1
    assert "エンジンが行ったこと" in app.feedback.value and "What the engine did" not in app.feedback.value
    assert app.next_button.description == Translator("ja").gettext("Next ▸")
    assert app.home_button.description == "◂ レッスン一覧"
    assert "ステップ2" in app.steps_html.value and "data-step='2'" in app.steps_html.value
    assert app.session.step.text != LESSON_1.steps[1].text  # the lesson's own text, translated
    assert character_name("hawk", "ja") in app.state_html.value
    app.set_language("en")
    assert app.next_button.description == "Next ▸" and "What the engine did" in app.feedback.value


def test_the_rules_lookup_shows_full_rule_texts_in_the_language():
    app = TutorApp(storage=False, lang="es")
    app.search.value = "GUARD-9"
    info = app.results.children[0].children[0].value
    assert "Regla completa" in info and "GUARD-9" in info and "Full rule" not in info
    app.search.value = "caja fuerte"
    assert app.hit_buttons and "Lección" in app.hit_buttons[0].description


# ---------------------------------------------------------------- the picker
@pytest.mark.parametrize("asked, chosen", [
    (["es", "ja", "en-US"], "es"),  # the address first
    (["", "ja", "es-ES,es"], "ja"),  # then the remembered choice
    (["", "", "es-MX,es;q=0.9"], "es"),  # then the browser's languages
    (["fr", "", "de-DE"], "en"),  # nothing the tutor speaks: English
    (["<script>", "x" * 5000, ""], "en"),
])
def test_the_picker_takes_the_first_language_the_tutor_speaks(asked, chosen):
    picker = LanguagePicker()
    picker.asked = asked
    assert picker.value == chosen


def test_the_picker_ignores_a_code_the_tutor_does_not_speak():
    picker = LanguagePicker(value="ja")
    picker.value = "fr"
    assert picker.value == "ja"


def test_the_page_follows_the_picker_in_the_bar_and_every_app_built_before_or_after():
    home = BurgleHome(TutorApp(storage=False))
    home.open("explorer")
    home.picker.asked = ["es", "", ""]
    assert home.lang == "es" and home.tutor.lang == "es"
    assert home.buttons["tutor"].description == "Lecciones" and home.picker.label == "Idioma"
    home.open("sandbox")
    home.picker.value = "ja"
    assert home.tutor.lang == "ja" and home.buttons["sandbox"].description == "サンドボックス"


# ---------------------------------------------------------------- explorer and sandbox: their fixed labels
def test_the_explorer_and_sandbox_labels_follow_the_page_and_come_back_to_english():
    from burgle.web.language import CHROME, relabel
    from burgle.web.sandbox import SandboxApp

    app = SandboxApp()
    relabel(app.root, "es")
    assert app.undo_button.description == "↶ Deshacer" and app.helper.title == "Burgle Bros.: partida libre"
    assert app.game_tabs.titles == ("Nueva partida", "Guardar y cargar")
    assert app.typed.placeholder == "p. ej. move 1B2"
    table = app.table.value
    app.act(app.action_buttons[0].action)  # the app re-renders what the game shows: never mixed up
    relabel(app.root, "ja")
    assert app.undo_button.description == "↶ 取り消す" and app.table.value != table
    relabel(app.root, "en")
    assert app.undo_button.description == "↶ Undo" and app.game_tabs.titles == ("New game", "Save and load")
    assert app.helper.title == "Burgle Bros. sandbox"
    # every label listed is one the apps really write (a stale copy would never be shown)
    sources = "".join(p.read_text(encoding="utf-8") for p in PAGES.rglob("*.py") if p.name != "language.py")
    squashed = re.sub(r'"\s*\n\s*(f?)"', "", sources)
    assert [c for c in CHROME if c not in squashed and c.replace("'", "\\'") not in squashed] == []


def test_the_explorer_headings_in_japanese():
    from burgle.web.explorer import ExplorerApp

    app = ExplorerApp()
    app.set_language("ja")
    shown = " ".join(w.value for w in _walk(app.root) if hasattr(w, "value") and isinstance(w.value, str))
    assert "フロア" in shown and "入力で操作" in shown and "By typing" not in shown
    assert app.reset_button.description == "フロアをリセット"
    assert "<h2>警備員の経路</h2>" in app.route.value and "速さ：" in app.speed_text.value
    assert ">フロア1<" in app.picture.value and ">Floor 1<" not in app.picture.value
    app.set_language("en")
    assert "<h2>His route</h2>" in app.route.value and app.reset_button.description == "Reset the floor"


def _walk(w):
    yield w
    for c in getattr(w, "children", ()) or ():
        yield from _walk(c)


def test_the_sandbox_plays_in_spanish_crew_log_buttons_and_refusals():
    from burgle.web.sandbox import SandboxApp

    app = SandboxApp()
    app.set_language("es")
    assert "Halcón" in app.crew.value and "Hawk" not in app.crew.value
    assert app.status.value.count("Antes del primer turno") == 1
    assert "Planta 1" in app.table.value
    app.act("entrance 1A1")
    assert "Halcón" in app.log.value and "Turno 1" in app.status.value
    groups = " ".join(w.value for w in _walk(app.actions) if hasattr(w, "value") and isinstance(w.value, str))
    assert "Moverse" in groups
    before = app.model.game.to_json() if hasattr(app.model.game, "to_json") else len(app.model.game.log)
    app.typed.value = "peek 1D4"
    assert "Rechazado: 1D4 no es adyacente" in app.message.value and "ACT-2" in app.message.value
    after = app.model.game.to_json() if hasattr(app.model.game, "to_json") else len(app.model.game.log)
    assert after == before
    app.set_language("en")
    assert "Hawk" in app.crew.value and "Turn 1" in app.status.value


# ---------------------------------------------------------------- pictures
def test_the_pictures_tile_labels_are_the_drawings_own():
    from burgle.i18n.pictures import TILE_LABELS
    from burgle.pictures.scene import TILE_LABELS as DRAWN

    assert {k: v[1] for k, v in TILE_LABELS.items()} == DRAWN


def test_the_pictures_legend_keys_are_the_drawings_own():
    from burgle.i18n.pictures import LEGEND
    from burgle.pictures.layout import LEGEND as DRAWN

    assert LEGEND == dict(DRAWN)


@pytest.mark.parametrize("lang, words, english", [
    ("es", ["Planta 1", "Aseo", "su dado: destino"], ["Floor 1", "Lavatory", "his die: destination"]),
    ("ja", ["フロア1", "トイレ", "警備員ダイス"], ["Floor 1", "Lavatory", "his die: destination"]),
])
def test_a_lesson_picture_writes_its_words_and_text_alternative_in_the_language(lang, words, english):
    s = LessonSession(LESSON_1, 1, lang=lang)
    s.try_action("peek 1B2")
    svg = s.picture("svg")
    for w in words:
        assert w in svg
    for w in english:
        assert f">{w}<" not in svg
    alt = s.alt_text()
    assert "1B2" in alt and "Floor 1:" not in alt and ("Planta 1:" in alt or "フロア1：" in alt)


def test_the_alt_text_counts_with_plural_forms():
    from burgle.i18n import Translator
    from burgle.i18n.pictures import FACE_UP

    t = Translator("es")
    assert t.ngettext(*FACE_UP, 1).format(n=1, tiles="x").startswith("1 loseta boca arriba")
    assert t.ngettext(*FACE_UP, 2).format(n=2, tiles="x").startswith("2 losetas boca arriba")


def test_cell_names_and_rule_ids_are_marked_in_japanese_text_too():
    from burgle.web.tutor.app import rich

    marked = rich("1B2はGUARD-9により止まります。", "ja")
    assert "<b class='burgle-cell'>1B2</b>は" in marked and ">GUARD-9</abbr>により" in marked
    assert "時計回り" in marked  # the rule's tooltip, in Japanese


def test_tool_refusals_name_the_card_and_its_target_in_the_language():
    text = explain(refuse("use.needs_target", card="blueprints", target="blueprints"), "es")
    assert text == "Planos necesita un objetivo: una casilla boca abajo de cualquier planta"
    assert str(refuse("use.needs_target", card="blueprints", target="blueprints")) == (
        "the Blueprints needs a target: a face-down cell on any floor")  # the English, as before
    assert explain(refuse("trade.not_held", who="hawk", item="gold_bar"), "ja") == "ホークは「gold_bar」を持っていません"


def test_ability_refusals_name_the_ability_and_its_side_in_the_language():
    r = refuse("ability.other_side", ability="acrobat_advanced", who="acrobat", side="basic",
               own="acrobat_basic", other_side="advanced")
    assert str(r) == ("Climb Window is an ability of the other side of your character: Acrobat plays the basic "
                      "side (Flexibility), Climb Window is on the advanced side")
    assert explain(r, "es") == ("Escalar ventanas es una habilidad del otro lado de tu personaje: Acróbata juega "
                                "con el lado básico (Flexibilidad) y Escalar ventanas está en el lado avanzado")
    game = Game.new(seed=3, characters=["acrobat"])
    game.apply(str(game.legal_actions()[0]))
    with pytest.raises(IllegalAction) as info:
        game.apply("climb 2A1")
    assert info.value.key == "ability.other_side" and "窓登り" in explain(info.value, "ja")
