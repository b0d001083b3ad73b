"""Narration of what happened, in every language, over real games (issue 14, item 1: narration)."""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

from burgle.engine import Game
from burgle.engine.happenings import TEMPLATES, Happening
from burgle.i18n.happenings import COUNTED, VERBATIM, narrate

CELL = re.compile(r"(?<![A-Za-z0-9])[1-3][A-D][1-4](?![A-Za-z0-9])")


@cache
def happenings() -> tuple[Happening, ...]:
    """Every happening of a few random games with every character (kept small: ~2 s)."""
    out: list[Happening] = []
    characters = ["acrobat", "hacker", "hawk", "juicer", "peterman", "raven", "rigger", "rook", "spotter"]
    for seed in range(6):
        rng = random.Random(seed)
        game = Game.new(seed=seed, characters=rng.sample(characters, 3))
        for _ in range(400):
            if game.is_over:
                break
            out.extend(game.apply(rng.choice(game.legal_actions())))
    return tuple(out)


def test_the_engine_templates_are_the_plural_of_each_counted_message():
    # COUNTED holds the English singular next to the engine's plural; when ENGINE changes a
    # template this fails and names the entry to update (docs/i18n.md).
    for kind, singular in COUNTED.items():
        assert kind in TEMPLATES, kind
        assert re.findall(r"\{\w+\}", singular) == re.findall(r"\{\w+\}", TEMPLATES[kind]), kind


def test_games_produce_most_kinds_of_happening():
    kinds = {h.kind for h in happenings()}
    assert len(kinds) >= 25, sorted(kinds)


def test_english_narration_is_the_engine_text_with_singulars_fixed():
    for h in happenings():
        text = narrate(h, "en")
        if h.kind in COUNTED and h.value == 1:
            assert text == COUNTED[h.kind].format(**_fields(h)), h
        elif isinstance(h.value, (list, tuple)):
            assert text == h.text.replace(str(h.value), ", ".join(map(str, h.value))), h
        else:
            assert text == h.text, h


def _fields(h: Happening) -> dict:
    from burgle.geometry.board import cell_name, floor_of

    return dict(cell=cell_name(h.cell) if h.cell is not None and h.cell < 48 else "?", seat=h.seat, value=h.value,
                who=h.who, tile=h.tile, floor=floor_of(h.cell) if h.cell is not None and h.cell < 48 else "?")


@pytest.mark.parametrize("lang", ["es", "ja"])
def test_translated_narration_keeps_every_cell_and_fills_every_placeholder(lang):
    for h in happenings():
        text = narrate(h, lang)
        assert "{" not in text and "}" not in text, (h, text)
        assert sorted(CELL.findall(text)) == sorted(CELL.findall(h.text)), (h, text)
        if h.kind not in VERBATIM:
            assert text != h.text, (h, text)


def test_names_in_the_narration_are_translated():
    peek = Happening("peek", "ACT-2", cell=5, seat=0, who="Peterman", tile="Safe")
    assert narrate(peek, "es") == "Revientacajas se asoma a 1B2: Caja fuerte."
    assert narrate(peek, "ja") == "ピーターマンが1B2を覗き見ます（金庫）。"
    drawn = Happening("tool_drawn", "ACT-12", seat=0, value="Smoke Bomb", who="Hawk")
    assert narrate(drawn, "ja") == "ホークがツール「煙幕弾」を引きます。"
    escaped = Happening("escaped", "ACT-15", cell=48, seat=1, who="Raven")
    assert narrate(escaped, "es") == "¡Cuervo escapa al tejado!"
    hacked = Happening("alarm_hacked", "ALARM-6", cell=6, value="laptop")
    assert narrate(hacked, "es") == "Una ficha de pirateo anula la alarma de 1C2 (del Portátil)."


@pytest.mark.parametrize("n, es", [(1, "Halcón tiene 1 acción este turno."), (3, "Halcón tiene 3 acciones este turno.")])
def test_counted_narration_agrees_in_number(n, es):
    h = Happening("allowance", "TURN-2", seat=0, value=n, who="Hawk")
    assert narrate(h, "es") == es
    assert narrate(h, "ja") == f"ホークはこのターンに{n}アクション行えます。"


# ---------------------------------------------------------------- sentences the engine writes whole
def _random_play(games: int = 400, actions: int = 150):
    """Seeded games of random legal actions by random 3-character crews, either side:
    yields (game, False) before each action, then (game, True) when the game stops."""
    import random

    from burgle.engine.game import Game

    characters = ["hawk", "peterman", "raven", "rigger", "acrobat", "hacker", "juicer", "rook", "spotter"]
    for seed in range(games):
        rng = random.Random(seed)
        crew = rng.sample(characters, 3)
        g = Game.new(seed, characters=crew, sides=[rng.choice(["basic", "advanced"]) for _ in crew])
        for _ in range(actions):
            if g.is_over:
                break
            yield g, False
            g.apply(rng.choice(g.legal_actions()))
        yield g, True


def test_every_sentence_random_games_write_has_a_template_and_is_narrated_in_each_language():
    """Cards, Events and abilities write a whole English sentence as a happening's value;
    each one has a template in SENTENCES, so the log never shows it in English."""
    from burgle.i18n.happenings import SENTENCE_KINDS, sentence_template

    missing, templates = set(), set()
    for g, ended in _random_play():
        if not ended:
            continue
        for h in (h for hs in g.happenings for h in hs if h.kind in SENTENCE_KINDS and isinstance(h.value, str)):
            found = sentence_template(h.value)
            if found is None:
                missing.add(h.value)
                continue
            templates.add(found[0])
            for lang in ("es", "ja"):
                assert narrate(h, lang) != h.text, (lang, h.text)
    assert missing == set()
    assert len(templates) > 30


def test_a_sentence_is_said_with_its_names_translated_and_its_cells_kept():
    h = Happening("card", "TOOL-1", cell=5, seat=0, value="Hawk puts the Donuts under the floor 1 guard on 1B2.")
    assert narrate(h, "es") == "Halcón deja los Dónuts bajo el guardia de la planta 1 en 1B2."
    assert narrate(h, "ja") == "ホークがフロア1の警備員の足元（1B2）にドーナツを置きます。"
    h = Happening("event_effect", "EVENT-6", seat=0, value="Hawk hands Crowbar, Gold Bar to Raven.")
    assert narrate(h, "es") == "Halcón le da Palanca, Lingote de oro a Cuervo."
    h = Happening("guard_stays", "TOOL-4", cell=5, value="he eats the Donuts")
    assert narrate(h, "ja") == "フロア1の警備員は移動しません（ドーナツを食べています）。"
    h = Happening("alarm_cancelled", "ALARM-2", cell=5, value="an E.M.P. is active (TOOL-6)")
    assert narrate(h, "es") == "La alarma de 1B2 no salta: hay un Pulso electromagnético activo (TOOL-6)."
    h = Happening("card", "CHAR-1", cell=5, seat=0, who="Acrobat",
                  value="Acrobat slips into the guard's cell 1B2 (Flexibility).")
    assert "1B2" in narrate(h, "ja") and "Flexibility" not in narrate(h, "ja")
    odd = Happening("card", "TOOL-1", seat=0, value="Something no template reads as.")
    assert narrate(odd, "ja") == "Something no template reads as."


def test_every_choice_prompt_random_games_ask_is_said_in_each_language():
    from burgle.i18n.happenings import say_words, sentence_template

    prompts, missing = set(), set()
    for g, ended in _random_play():
        if not ended and g.pending is not None and g.s.phase != "entrance":
            (prompts if sentence_template(g.pending.prompt) else missing).add(g.pending.prompt)
    assert missing == set()
    assert len(prompts) > 5
    for p in prompts:
        assert say_words(p, "ja") != p and say_words(p + " (TILE-6)", "es").endswith(" (TILE-6)")
    assert say_words("The Deadbolt on 1B2: pay 2 more actions or stay? (TILE-6)", "ja") == \
        "1B2のデッドボルト：さらにアクションを2払いますか、それともとどまりますか？（TILE-6）"
