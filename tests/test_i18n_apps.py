"""The explorer's explanations and the sandbox's panels in the learner's language (issue 14,
section 1): the models answer in English :class:`~burgle.i18n.said.Said`, which the pages
render with the catalog; cell names, walls and rule ids stay as they are."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from burgle.i18n.said import Said, and_list, joined, render, said_of, say, say_n
from burgle.web.explorer import ExplorerApp
from burgle.web.explorer.model import Explorer, ExplorerError
from burgle.web.sandbox import SandboxApp

ROOT = Path(__file__).resolve().parents[1]
CELLS = re.compile(r"(?<![A-Za-z0-9])[A-D][1-4](?![A-Za-z0-9])")
RULES = re.compile(r"\b[A-Z]+-\d+[a-z]?\b")


def _text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def _walk(w):
    yield w
    for c in getattr(w, "children", ()) or ():
        yield from _walk(c)


# ---------------------------------------------------------------- Said
def test_said_is_the_english_and_says_itself_in_each_language():
    s = say("Guard on {cell}.", cell="C3")
    assert s == "Guard on C3." and isinstance(s, str) and render(s, "en") == "Guard on C3."
    assert render(s, "es") == "Guardia en C3." and render(s, "ja") == "警備員をC3に置きました。"
    n = say_n("{n} step", "{n} steps", 1)
    assert (n, render(n, "es"), render(say_n("{n} step", "{n} steps", 3), "es")) == ("1 step", "1 paso", "3 pasos")
    both = joined(s, say("Wall {wall} added.", wall="A1|B1"))
    assert both == "Guard on C3. Wall A1|B1 added."
    assert render(both, "ja") == "警備員をC3に置きました。壁A1|B1を置きました。"  # no space between sentences
    assert render(and_list(["A1", "B2", "C3"]), "es") == "A1, B2 y C3" and render(and_list(["A1", "B2"]), "ja") == "A1とB2"
    assert render("plain English", "ja") == "plain English"  # a plain str stays as it is


def test_a_said_with_a_message_the_catalog_lacks_or_breaks_shows_the_english():
    odd = Said("Odd words here.", message="Odd words {x}.", params={"x": "here"})
    assert render(odd, "ja") == "Odd words here."
    broken = Said("Guard on C3.", message="Guard on {cell}.", params={})  # the translation needs {cell}
    assert render(broken, "es") == "Guard on C3."


def test_an_exception_raised_with_a_said_keeps_it():
    with pytest.raises(ExplorerError) as info:
        Explorer().place_guard("D2")  # his die is there
    assert str(info.value).startswith("Refused: D2 holds his die")
    assert render(said_of(info.value), "es").startswith("Rechazado: D2 tiene su dado")


def _say_messages():
    for path in (ROOT / "burgle").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("say", "say_n") and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    yield path.name, node.lineno, first.value


def test_every_said_message_is_in_the_catalog_and_translated():
    """Babel does not look into a say() nested in another say(): such a message must be
    marked (N_) as well, or the page shows it in English."""
    with open(ROOT / "burgle" / "locale" / "burgle.pot", "rb") as fp:
        ids = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(fp) if m.id}
    messages = list(_say_messages())
    assert len(messages) > 150
    assert [m for m in messages if m[2] not in ids] == []
    from burgle.i18n import Translator

    for lang in ("es", "ja"):
        t = Translator(lang)
        untranslated = [m for _f, _l, m in messages if "{n}" not in m and t.gettext(m) == m and m.strip(".") != ""]
        assert [m for m in untranslated if m not in ("{n} {cell}", "{what}.", "{busiest}.", "{head}: {walk}",
                                                    "{who} ({side})", "{where}: {why}")] == []


# ---------------------------------------------------------------- the explorer
def test_the_explorer_explains_in_japanese_with_the_same_cells_and_rules():
    app = ExplorerApp()
    english = {name: _text(getattr(app, name).value) for name in ("route", "explanation", "alarms", "moves")}
    app.set_language("ja")
    for name, before in english.items():
        now = _text(getattr(app, name).value)
        assert sorted(CELLS.findall(now)) == sorted(CELLS.findall(before)), name
        assert sorted(RULES.findall(now)) == sorted(RULES.findall(before)), name
        assert not re.search(r"\b(the|his|he|steps?|route|move)\b", now), (name, now)
    assert "経路" in app.route.value and "時計回り" in app.explanation.value and "移動1" in app.moves.value
    assert "巡回" in app.patrol.value and "Chance" not in app.patrol.value
    assert "ヒート" in app.traffic_text.value and "Busiest" not in app.traffic_text.value
    assert "Busiest" not in app.traffic.value and "where the guard walks" not in app.traffic.value
    assert "警備員ダイス" in app.alt.value and "Route from" not in app.alt.value
    assert app.tool.options[0][0] == "警備員" and app.tool.value == "guard"
    app.set_job("office")  # the floor buttons are made again for the job: still in the language
    assert [label for label, _v in app.wall_set.options] == ["フロア1", "フロア2", "壁なし"]
    assert "The Office Job：" in app.job.tooltips[1] and "印刷された壁" in app.wall_set.tooltips[0]
    app.set_job("bank")
    assert "マスをクリックすると" in app.tool_help.value
    app.set_language("en")
    assert _text(app.route.value) == english["route"]


def test_the_explorer_says_what_changed_and_why_a_click_is_refused_in_spanish():
    app = ExplorerApp()
    app.set_language("es")
    app.tool.value = "alarm"
    app.cell_button("C1").click()
    assert "Alarma en C1. Su dado va a la alarma más cercana: C1, a 4 pasos (ALARM-3)." in app.message.value
    assert "burgle-message-ok" in app.message._dom_classes
    app.tool.value = "guard"
    app.cell_button("C1").click()
    assert "Rechazado: el guardia nunca está sobre una alarma" in app.message.value
    assert "burgle-message-error" in app.message._dom_classes
    app.set_language("ja")  # the message on the page is said again in the new language
    assert "できません。警備員が警報のマスに立つことはなく" in app.message.value
    app.command.value = "guard B2 · wall Z9"  # a typed line: all or nothing, said in the language
    assert "（「wall Z9」）：この行は何も反映していません。" in app.message.value
    assert "nothing of this line" not in app.message.value and app.model.setup.guard == 0


def test_the_explorer_asks_the_players_choice_in_the_language():
    app = ExplorerApp()
    app.set_language("es")
    app.type_command("open · guard B2 · alarm B4 · alarm D2")
    assert app.model.plan().question is not None
    q = app.question.children[0].value
    assert "Tú eliges." in q and "están igual de cerca" in q and "ALARM-3" in q
    assert sorted(b.description for b in app.choice_buttons) == ["Su dado a B4", "Su dado a D2"]


# ---------------------------------------------------------------- the sandbox
def test_the_sandbox_form_messages_and_rewind_in_spanish():
    app = SandboxApp()
    app.set_language("es")
    assert [label for label, _v in app.floors.options][:2] == ["Edificio", "En juego"]
    assert [label for label, _v in app.walls.options][0] == "Impresos"
    assert app.seat_pickers[0].description == "Asiento 0" and app.seat_pickers[0].value == "hawk"
    assert ("Halcón", "hawk") in app.seat_pickers[0].options and app.side_pickers[0].options[0][0] == "básico"
    assert "muros 703h1 e0607 81ll0 (impresos, SETUP-3)" in app.building.value
    app.act("entrance 1B2")
    app.act("move 1B1")
    assert app.rewind.options[0][0] == "0. El comienzo de la partida"
    assert app.rewind.options[1][0].startswith("1. Halcón: entrance 1B2")
    app.undo_button.click()
    assert "De vuelta a después de la acción 1: 1 acción (1 se pueden rehacer)." in app.message.value
    assert app.redo_button.tooltip == "Rehacer: move 1B1"
    app.save_button.click()
    assert "Guardado hecho tras 1 acción" in app.message.value and "Descargar" in app.save_link.value
    app.load("")
    assert "Rechazado: el guardado está vacío. Se conserva la partida de la página." in app.message.value
    app.new_button.click()
    assert "¿Empezar una partida nueva?" in app.confirm_text.value
    app.new_yes.click()
    assert "Partida nueva, semilla 1: Halcón (básico), Revientacajas (básico). Elige la entrada" in app.message.value


def test_the_sandbox_hints_in_japanese():
    app = SandboxApp()
    app.set_language("ja")
    app.hints.risk_button.click()  # before the entrance: no hint, said why in Japanese
    assert "まだヒントはありません。入口が選ばれていません（SETUP-9）" in app.hints.answer.value
    app.act("entrance 1B2")
    app.hints.samples = 8
    app.hints.risk_button.click()
    assert "ここでターンを終えた場合" in app.hints.answer.value and "ステルスを失う確率" in app.hints.answer.value


def test_an_app_on_its_own_page_has_the_language_picker_in_its_header():
    app = ExplorerApp()
    app._add_language_picker()
    header = next(w for w in app.root.children if "burgle-header" in w._dom_classes)
    assert header.children[-1] is app.picker
    app.picker.asked = ["ja", "", ""]  # what the browser reports on load: ?lang=ja
    assert app.lang == "ja" and app.picker.label == "言語" and "経路" in app.route.value
    app._add_language_picker()  # once only
    assert sum(1 for w in _walk(app.root) if w is app.picker) == 1


def test_the_static_site_index_passes_the_address_query_on_to_the_tutor():
    from burgle.publish.site import INDEX_HTML

    page = INDEX_HTML.format(tutor="voici/render/tutor.html")
    assert 'location.replace("voici/render/tutor.html" + window.location.search' in page
    assert "<noscript><meta http-equiv=\"refresh\" content=\"0; url=voici/render/tutor.html\"></noscript>" in page


def test_the_chips_drawn_in_cells_are_in_the_language_and_symbols_stay():
    from burgle.engine.game import Game
    from burgle.i18n.pictures import localize_scene
    from burgle.pictures import scene

    g = Game.new(1, characters=["hawk"])
    g.apply("entrance 1B2")
    sc = scene(g, floors=1)
    chips = {m.kind: m.label for v in sc.floors[0].cells for m in v.marks}
    assert chips.get("entrance") == "in"
    ja = {m.kind: m.label for v in localize_scene(sc, "ja", g).floors[0].cells for m in v.marks}
    es = {m.kind: m.label for v in localize_scene(sc, "es", g).floors[0].cells for m in v.marks}
    assert ja["entrance"] == "入口" and es["entrance"] == "entrada"
    assert {k: v for k, v in ja.items() if k in ("alarm", "downstairs", "thermal", "duct")} == \
        {k: v for k, v in chips.items() if k in ("alarm", "downstairs", "thermal", "duct")}


def test_the_odds_overlay_titles_of_the_patrol_analysis_in_the_language():
    from burgle.analysis.patrol import danger_map
    from burgle.engine.game import Game
    from burgle.i18n import Translator
    from burgle.i18n.pictures import odds_title

    g = Game.new(1, characters=["hawk"])
    g.apply("entrance 1B2")
    dm = danger_map(g, floor=1, turns=2, samples=50, seed=3)
    ja, es = Translator("ja"), Translator("es")
    for layer in (dm.layer("enter"), dm.layer("end_turn", turn=2)):
        assert "chance" in layer.title
        assert "chance" not in odds_title(layer.title, ja) and "確率" in odds_title(layer.title, ja)
        assert odds_title(layer.title, es).startswith("probabilidad de que")
    assert odds_title("some other words", ja) == "some other words"


def _a_lost_game():
    """The first seeded game of random legal actions that ends with a capture."""
    import random

    from burgle.engine.game import Game

    for seed in range(200):
        rng = random.Random(seed)
        g = Game.new(seed, characters=["hawk", "raven"])
        for _ in range(300):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
        if g.s.outcome == "lost":
            return g
    raise AssertionError("no random game of 200 seeds ended with a capture")


def test_a_lost_game_says_why_in_the_language():
    g = _a_lost_game()
    assert g.s.outcome == "lost" and "was captured on" in g.s.outcome_reason
    app = SandboxApp()
    app.load(g.save())
    app.set_language("ja")
    status = _text(app.status.value)
    assert "ゲーム終了：あなたの負けです（" in status and "で捕まりました）。" in status and "captured" not in status


# ---------------------------------------------------------------- the hint bot's reasons
def _bot_reasons(games=4, cap=400):
    """Every reason the heuristic bot gives for its action-phase moves in a few whole games."""
    from burgle.bots.planner import HeuristicBot
    from burgle.bots.play import new_game
    from burgle.bots.seat import determinize

    reasons = []
    for seed in range(games):
        g = new_game(seed, 3, characters=["hawk", "peterman", "juicer"])
        bot = HeuristicBot(seed)
        for i in range(cap):
            if g.is_over:
                break
            legal = g.legal_actions()
            action, reason, _scored = bot.decide(determinize(g, i), legal)
            if g.pending is None and g.phase == "actions":
                reasons.append(reason)
            g.apply(action)
    return reasons


def test_the_hint_bots_reasons_are_the_english_and_say_themselves_in_spanish_and_japanese():
    reasons = _bot_reasons()
    kinds = {r.message for r in reasons}
    assert len(kinds) >= 6  # several kinds of reason, not one
    for reason in reasons:
        assert isinstance(reason, Said) and reason.message  # a template with parameters
        assert render(reason, "en") == str(reason)  # the API's English is the string itself
        es, ja = render(reason, "es"), render(reason, "ja")
        assert es != str(reason) and ja != str(reason), reason
        # only rule ids, cell names and figures stay as written: no English word is left
        assert not re.search(r"[A-Za-z]{3,}", re.sub(r"[A-Z]+-\d+", "", ja)), (reason, ja)
        for word in ("the", "Stairs", "Safe", "cell", "reach", "look"):
            assert not re.search(rf"\b{word}\b", es), (reason, es)


def test_a_tool_in_a_reason_is_named_in_the_language():
    from burgle.i18n.said import card, say

    reason = say("use the {tool}: no safe cell within reach", tool=card("smoke_bomb"))
    assert reason == "use the smoke_bomb: no safe cell within reach"  # the English API output as before
    from burgle.i18n.data import card_name

    assert render(reason, "es").startswith("usar " + card_name("smoke_bomb", "es") + ":")
    assert render(reason, "ja").startswith(card_name("smoke_bomb", "ja") + "を使います")
    assert card_name("smoke_bomb", "ja") != "smoke_bomb"


def test_the_sandbox_suggests_a_move_with_its_reason_in_the_language():
    from burgle.bots.hints import suggest

    app = SandboxApp()
    app.act("entrance 1B2")
    app.hints.samples = 8
    tip = suggest(app.hints.get_game(), samples=2)  # what the panel asks (samples // 4), from the API
    assert isinstance(tip.reason, str) and tip.reason.isascii()
    for lang, start in (("es", "Sugerencia: "), ("ja", "おすすめ：")):
        app.set_language(lang)
        text = app.hints.show_suggestion()
        assert text.startswith(start + str(tip.action)), text
        assert render(tip.reason, lang) in text and str(tip.reason) not in text


def test_the_hints_game_over_message_says_the_outcome_in_the_language():
    g = _a_lost_game()
    assert g.s.outcome == "lost"
    app = SandboxApp()
    app.load(g.save())
    app.set_language("ja")
    text = app.hints.show_risk()
    assert text.startswith("ヒントはありません。ゲームは終わっています（敗北：") and "captured" not in text
    assert "lost" not in text
    app.set_language("es")
    text = app.hints.show_suggestion()
    assert text.startswith("no hay pista: la partida ha terminado (perdida: ") and "lost" not in text


# ---------------------------------------------------------------- picture words
def test_the_explorers_pictures_name_the_board_and_the_caption_in_the_language():
    from burgle.i18n import Translator

    app = ExplorerApp()
    for lang, board, caption in (("es", "Tablero de Burgle Bros.", "Pie de imagen: "),
                                 ("ja", "Burgle Bros.の盤面", "キャプション：")):
        app.set_language(lang)
        svg = app._svg()  # the floor picture has no title of its own: the default one, in the language
        assert f"<title>{board}</title>" in svg and f'aria-label="{board}"' in svg
        assert "Burgle Bros. board" not in svg
        traffic = app.traffic.value  # the traffic map has a caption: its text alternative says so
        desc = re.search(r"<desc>(.*?)</desc>", traffic, re.S).group(1)
        assert caption in desc and "Caption:" not in desc
        assert Translator(lang).gettext("Caption: {caption}").startswith(caption)
    app.set_language("en")
    assert "<title>Burgle Bros. board</title>" in app._svg() and "Caption: " in app.traffic.value


# ---------------------------------------------------------------- notation errors
def test_a_mistyped_wall_or_cell_is_explained_in_the_language_and_stays_english_for_developers():
    from burgle.geometry.board import CellError, parse_cell, parse_wall
    from burgle.geometry.layouts import LayoutError, parse_layout

    with pytest.raises(CellError) as exc:  # the exception: the English as before
        parse_wall("A1|C1")
    assert str(exc.value) == "malformed wall 'A1|C1': '|' joins a cell and the cell to its right, such as A1|B1"
    assert render(said_of(exc.value), "es") == "muro mal escrito 'A1|C1': '|' une una casilla con la de su derecha, como A1|B1"
    with pytest.raises(CellError) as exc:
        parse_cell("4E9")
    assert render(said_of(exc.value), "ja").startswith("'4E9'というマスはありません。2C3のように")
    with pytest.raises(LayoutError) as exc:
        parse_layout("A1|B1 a1|b1")
    assert str(exc.value) == "wall A1|B1 is written twice ('A1|B1' and 'a1|b1')"
    assert render(said_of(exc.value), "ja") == "壁A1|B1が2回書かれています（'A1|B1'と'a1|b1'）"

    app = ExplorerApp()
    app.set_language("es")
    app.walls_text.value = "A1|C1, B2/B3"  # typed in the walls field
    msg = _text(app.message.value)
    assert "Rechazado: muro mal escrito 'A1|C1': '|' une una casilla con la de su derecha" in msg, msg
    assert "malformed" not in msg and "joins" not in msg
    app.set_language("ja")  # said again in the new language
    msg = _text(app.message.value)
    assert "壁'A1|C1'の書き方が正しくありません。'|'はA1|B1のように" in msg and "malformed" not in msg, msg
    app.command.value = "wall A1/B3"  # the command line
    msg = _text(app.message.value)
    assert "壁'A1/B3'の書き方が正しくありません。'/'はC1/C2のように" in msg and "malformed" not in msg, msg


# ---------------------------------------------------------------- a save or scenario the engine refuses
def _save_after_the_entrance():
    """A 2-character game after its entrance, and its save as a dict."""
    import json

    from burgle.engine.game import Game

    g = Game.new(3, characters=["hawk", "raven"])
    g.apply("entrance 1B2")
    doc = g.save()
    return g, json.loads(doc) if isinstance(doc, str) else json.loads(json.dumps(doc))


def test_a_save_the_engine_refuses_is_explained_in_the_language_and_stays_english_for_developers():
    import json

    from burgle.engine.errors import ScenarioError
    from burgle.engine.game import Game
    from burgle.engine.saves import READS

    g, doc = _save_after_the_entrance()
    bad_version = json.dumps({**doc, "version": 99})
    with pytest.raises(ScenarioError) as exc:  # the engine's message: the English as before
        Game.load(bad_version, paths=False)
    versions = ", ".join(map(str, READS))
    assert str(exc.value) == f"field 'version': save version 99 is not supported; this burgle reads versions {versions}"

    app = SandboxApp()
    app.set_language("es")
    app.load(bad_version)
    msg = _text(app.message.value)
    assert (f"Rechazado: campo 'version': la versión de guardado 99 no es compatible; este burgle lee las versiones "
            f"{versions}. Se conserva la partida de la página.") in msg, msg
    app.set_language("ja")  # the message is said again in the new language
    msg = _text(app.message.value)
    assert f"フィールド'version'：セーブのバージョン99には対応していません。" in msg and "supported" not in msg, msg

    doc["state"]["turn"] = doc["state"].get("turn", 1) + 5  # a state edited by hand
    app.load(json.dumps(doc))
    msg = _text(app.message.value)
    assert "保存された状態が、再現したアクションの結果と一致しません" in msg and "stored state" not in msg, msg
    duplicate = json.dumps({**doc, "origin": {**doc["origin"], "characters": ["hawk", "hawk"]}, "state": None})
    app.set_language("es")
    app.load(duplicate)
    msg = _text(app.message.value)
    assert "campo 'origin.characters': cada carta de personaje existe una sola vez: sin repetidos (SETUP-6)" in msg, msg


def test_a_layout_code_the_explorer_refuses_is_explained_in_the_language():
    from burgle.geometry.layouts import LayoutError, check_layout

    with pytest.raises(LayoutError) as exc:  # the developer's English, as before
        check_layout([(0, 1)], floor=2, source="code '00001'")
    assert str(exc.value) == "floor 2 (code '00001'): 1 wall; a layout has exactly 8 walls per floor (JOB-3)"
    assert render(said_of(exc.value), "es") == ("planta 2 (código '00001'): 1 muro; una disposición tiene "
                                                 "exactamente 8 muros por planta (JOB-3)")
    app = ExplorerApp()
    app.set_language("es")
    assert app.paste_code("0000x") is False
    msg = _text(app.message.value)
    assert "código de disposición '0000x': 'x' no es un dígito en base 32" in msg and "layout code" not in msg, msg
    app.set_language("ja")
    msg = _text(app.message.value)
    assert "配置コード'0000x'：'x'は32進数の数字" in msg and "base-32" not in msg, msg
    assert app.paste_code("00001") is False  # a code that decodes, but to 1 wall
    msg = _text(app.message.value)
    assert "壁が1枚です。配置の壁は1フロアにちょうど8枚です（JOB-3）" in msg and "walls per floor" not in msg, msg


def test_a_save_with_an_action_the_rules_refuse_names_the_refusal_in_the_language():
    import json

    from burgle.engine.errors import IllegalAction, ScenarioError
    from burgle.engine.game import Game
    from burgle.i18n.refusals import explain

    g, doc = _save_after_the_entrance()
    doc = {**doc, "actions": doc["actions"] + ["move 3D4"], "state": None}  # no such move from 1B2
    with pytest.raises(IllegalAction) as refused:
        g.apply("move 3D4")
    with pytest.raises(ScenarioError) as exc:
        Game.load(json.dumps(doc), paths=False)
    assert str(exc.value).endswith(f"action 2 cannot be replayed: {refused.value}")  # the English as before
    app = SandboxApp()
    app.set_language("es")
    app.load(json.dumps(doc))
    msg = _text(app.message.value)
    assert f"la acción 2 no se puede reproducir: acción no permitida 'move 3D4': {explain(refused.value, 'es')}" in msg
    assert explain(refused.value, "es") != str(refused.value.reason)


def test_a_saves_origin_the_engine_refuses_is_explained_in_the_language():
    import json

    from burgle.engine.game import Game

    g = Game.new(3, characters=["hawk", "raven"])
    doc = g.save()
    doc = json.loads(doc) if isinstance(doc, str) else json.loads(json.dumps(doc))
    app = SandboxApp()
    app.set_language("ja")
    app.load(json.dumps({**doc, "origin": {**doc["origin"], "seed": "abc"}, "state": None}))
    msg = _text(app.message.value)
    assert "フィールド'origin.seed'：シードは整数でなければなりません（'abc'ではありません）" in msg, msg
    app.set_language("es")
    app.load(json.dumps({**doc, "origin": {**doc["origin"], "first_seat": 5}, "state": None}))
    msg = _text(app.message.value)
    assert "campo 'origin.first_seat': el primer asiento 5 no es un asiento 0..1" in msg and "is not" not in msg, msg
