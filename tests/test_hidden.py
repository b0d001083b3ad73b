"""Hidden information stays hidden (issue 11, section 1): two games that differ only in what
the players cannot see (face-down tiles, deck orders, removed patrol cards, the random
source; ``Game.redeal``), in either job with printed or random walls (JOB-1, JOB-3), show the same view, offer the same legal actions and chance odds,
and refuse every action (every verb against every cell, card and seat, legal or not) with
the same exception, rule id and words."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from burgle.data.cards import CHARACTERS, LOOT_BY_KEY, TOOL_BY_KEY
from burgle.engine.actions import VERBS, Action
from burgle.engine.errors import BurgleError
from burgle.engine.game import Game
from burgle.geometry.board import cell_name

SETTINGS = settings(derandomize=True, max_examples=30, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))
NAMES = list(CHARACTERS)
CELLS = [cell_name(c) for c in range(48)]
CARDS = sorted(set(TOOL_BY_KEY) | set(LOOT_BY_KEY))


def _args(kind: str, verb) -> list[str]:
    kind = kind.rstrip("?")
    if kind == "cell":
        return CELLS
    if kind == "place":
        return CELLS + ["roof"]
    if kind == "seat":
        return ["0", "1", "2", "3"]
    if kind == "card":
        return CARDS
    return list(verb.words) or ["top", "x"]


def probes() -> list[str]:
    """Every verb with every argument it may take (a second argument: a sample)."""
    out = []
    for verb in VERBS.values():
        if not verb.params:
            out.append(verb.name)
            continue
        firsts = _args(verb.params[0], verb)
        if len(verb.params) == 1:
            out += [f"{verb.name} {a}" for a in firsts]
            if verb.params[0].endswith("?"):
                out.append(verb.name)
            continue
        seconds = _args(verb.params[1], verb)
        if verb.name == "use":  # every tool at every place: the Virus and Crowbar look at tiles
            out += [f"use {a}" for a in firsts] + [f"use {a} {b}" for a in TOOL_BY_KEY for b in seconds]
        else:
            out += [f"{verb.name} {a} {b}" for a in firsts[:6] for b in seconds]
    return out


PROBES = probes()


def answer(game: Game, text: str):
    """What the engine says to *text*: accepted, or the refusal's type, rule and message."""
    try:
        action = game.check(text)
    except BurgleError as exc:
        return type(exc).__name__, getattr(exc, "rule", None), str(exc)
    return "legal", str(action)


def same_to_the_players(a: Game, b: Game) -> None:
    assert a.view() == b.view()
    assert a.legal_actions() == b.legal_actions()
    assert a.chance_outcomes() == b.chance_outcomes()
    for text in PROBES:
        assert answer(a, text) == answer(b, text), text


@st.composite
def played(draw):
    seed = draw(st.integers(0, 2**32 - 1))
    n = draw(st.integers(1, 4))
    rng = random.Random(seed)
    names = rng.sample(NAMES, n)
    explicit = draw(st.booleans())
    job, walls = draw(st.sampled_from(["bank", "office"])), draw(st.sampled_from([None, "random"]))
    game = Game.new(seed, characters=names, sides=[rng.choice(["basic", "advanced"]) for _ in names],
                    explicit_chance=explicit, job=job, walls=walls)
    for _ in range(draw(st.integers(0, 6))):  # tools in hand, so their targets are probed too
        if game.s.tool_deck:
            game.s.characters[rng.randrange(n)].tools.append(game.s.tool_deck.pop())
    for _ in range(draw(st.integers(0, 160))):
        if game.is_over:
            break
        legal = game.legal_actions()
        moves = [a for a in legal if a.verb in ("move", "peek")]
        game.apply(rng.choice(moves) if moves and rng.random() < 0.6 else rng.choice(legal))
    return game, draw(st.integers(0, 2**32 - 1))


@SETTINGS
@given(played())
def test_a_redealt_game_looks_and_answers_the_same(spec):
    game, seed = spec
    other = game.redeal(seed)
    same_to_the_players(game, other)


def test_the_virus_does_not_find_computer_rooms_TOOL_13_DEC_27():
    """The known leak: 'use virus CELL' on a face-down tile answered differently when the tile
    was a Computer Room."""
    from engine_helpers import build

    game = build({"1B2": "safe revealed", "1C2": "computer_laser 5", "1A2": "camera 1"},
                 chars=[{"character": "hawk", "cell": "1B2", "tools": ["virus"]}])
    room, other = answer(game, "use virus 1C2"), answer(game, "use virus 1A2")
    assert room[:2] == other[:2] == ("IllegalAction", "DEC-27")
    assert room[2].replace("1C2", "1A2") == other[2]


def test_probes_cover_every_verb():
    assert {p.split()[0] for p in PROBES} == set(VERBS)
    assert Action.parse("use virus 1C2") and len(PROBES) > 1000
