"""Property tests: random legal games (seed, 1-4 characters, random sides, either job,
printed or random walls) keep the rules' invariants after every action (RULES.md GUARD-1, ALARM-6, ACT-10, END-1, SETUP-1, SETUP-4,
CONV-7), accept every listed action, refuse the others without change, and replay, save and
load to the very same state."""

from __future__ import annotations

import copy
import json
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from burgle.geometry.board import cell_name, floor_of
from burgle.data.cards import CHARACTERS
from burgle.data.jobs import get_job
from burgle.geometry.layouts import check_layout
from burgle.engine import legal
from burgle.engine.actions import Action
from burgle.engine.cards import verbs
from burgle.engine.errors import ActionSyntaxError, IllegalAction
from burgle.engine.game import Game

SETTINGS = settings(derandomize=True, max_examples=100, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))
NAMES = list(CHARACTERS)
JOBS = ["bank", "office"]
WALLS = [None, "random"]
ODD_VERBS = ["hack", "roll", "add-die", "escape", "laser quiet", "deadbolt pay", "stealth tile", "alarm 1A1",
             "allow-alarm", "cancel-alarm computer", "pick-up gold_bar", "catch-kitty", "give tiara 1",
             "take crowbar 0", "entrance 1A1", "cell 2B2", "character 1", "keep crowbar", "draw two"]


def clone(game: Game) -> Game:
    """A cheap copy of a game with no open choice (no suspended resolution to copy)."""
    assert game.pending is None
    g = Game(copy.deepcopy(game.s), game.origin)
    return g


def check_invariants(game: Game) -> None:
    s = game.s
    assert all(c.stealth >= 0 for c in s.characters)  # END-1
    job = get_job(s.job)
    assert Counter((t.kind, t.number) for t in s.tiles) == Counter(job.tiles)  # SETUP-1, JOB-1: each tile once
    assert s.floors == job.floors == len(s.guards) == len(s.layout) and len(s.tiles) == 16 * job.floors
    for f, layout in enumerate(s.layout, 1):  # JOB-3: 8 walls, every cell reachable; Dynamite only removes
        check_layout(layout, floor=f)
        assert s.walls[f - 1] <= layout
    for c, t in enumerate(s.tiles):
        assert 0 <= t.hack <= 6 and 0 <= t.dice <= 6 and t.stealth >= 0, cell_name(c)  # ALARM-6, ACT-10
        if t.alarm or t.hack or t.dice or t.cracked or t.keypad_open:
            assert t.revealed, cell_name(c)
    for ch in s.characters:
        if ch.on_board:
            assert s.tiles[ch.cell].revealed  # characters stand on face-up tiles
        assert ch.loot.count("gold_bar") <= 1  # LOOT-5
    for gd in s.guards:
        floor = set(range(16 * (gd.floor - 1), 16 * gd.floor))
        assert 1 <= gd.speed <= 6  # DEC-48
        cards = [*gd.deck, *gd.discard, *gd.removed]
        assert sorted(cards) == sorted(floor)  # SETUP-4: the floor's 16 cards
        if gd.placed and s.phase != "entrance":  # the first destination comes with the entrance
            assert floor_of(gd.cell) == gd.floor and gd.die is not None and floor_of(gd.die) == gd.floor
            assert not s.tiles[gd.cell].alarm  # GUARD-1: never on an alarm token
            if game.pending is None and not game.is_over:  # mid-resolution (an ALARM-3 tie, a capture)
                assert gd.die != gd.cell  # GUARD-1
                alarms = [c for c in floor if s.tiles[c].alarm]
                if alarms:
                    assert gd.die in alarms  # GUARD-1, ALARM-3
    assert s.allowance - s.spent >= 0 or s.phase != "actions"


def check_refusals(game: Game, rng_pick: int) -> None:
    legal = set(map(str, game.legal_actions()))
    before = game.to_dict()
    cells = [c for c in range(48) if c % 5 == rng_pick % 5]  # a rotating sample of cells
    candidates = [f"{v} {cell_name(c)}" for v in ("move", "peek") for c in cells] + ODD_VERBS
    for text in candidates:
        if text in legal:
            continue
        try:
            game.apply(text)
        except IllegalAction as exc:
            assert exc.rule and "(" + exc.rule + ")" in str(exc)
        except ActionSyntaxError:
            pass
        else:  # pragma: no cover
            raise AssertionError(f"{text!r} is not listed as legal but was accepted")
        assert game.to_dict() == before


def check_legal_is_what_reason_passes(game: Game) -> None:
    """legal_actions() lists exactly the candidates that each verb's reason() passes
    (legal.py's contract), so its speed-ups (links computed once, abilities.legal making
    the verb-level checks once) can never drift from the refusals."""
    if game.pending is not None or game.is_over or game.phase != "actions":
        return
    g = game._rules
    ch = g.active_character
    expected = [a for a in legal.candidates(g, ch) if legal.reason(g, ch, a) is None]
    for m in verbs.MODULES:
        expected += [a for a in m.candidates(g, ch) if m.reason(g, ch, a) is None]
    expected.append(Action("end"))
    assert list(game.legal_actions()) == expected


def check_all_legal_accepted(game: Game) -> None:
    if game.pending is not None:
        return
    for action in game.legal_actions():
        g = clone(game)
        g.apply(action)  # must not raise
        check_invariants(g)


@st.composite
def game_spec(draw):
    n = draw(st.integers(1, 4))
    names = draw(st.permutations(NAMES))[:n]
    sides = [draw(st.sampled_from(["basic", "advanced"])) for _ in range(n)]
    seed = draw(st.integers(0, 2**32 - 1))
    picks = draw(st.lists(st.integers(0, 2**16), min_size=30, max_size=150))
    return seed, names, sides, picks, draw(st.sampled_from(JOBS)), draw(st.sampled_from(WALLS))


def choose(game: Game, pick: int) -> Action:
    legal = game.legal_actions()
    if game.pending is None and pick % 6 == 0 and Action("end") in legal:
        return Action("end")  # end turns often enough for guards and Events to play
    moves = [a for a in legal if a.verb == "move"]
    if moves and pick % 6 in (1, 2, 3):
        return moves[(pick // 6) % len(moves)]  # explore the building
    return legal[pick % len(legal)]


@SETTINGS
@given(game_spec())
def test_random_games_keep_the_invariants(spec):
    seed, names, sides, picks, job, walls = spec
    game = Game.new(seed, characters=names, sides=sides, job=job, walls=walls)
    check_invariants(game)
    for i, pick in enumerate(picks):
        if game.is_over:
            assert game.legal_actions() == ()
            break
        if i % 4 == 0:
            check_refusals(game, pick)
        if i % 9 == 3:
            check_all_legal_accepted(game)
        check_legal_is_what_reason_passes(game)
        action = choose(game, pick)
        assert game.is_legal(action)
        game.apply(action)
        check_invariants(game)
    # determinism (CONV-7): replaying the log from the origin gives the same state
    assert game.replay().to_dict() == game.to_dict()
    # save -> JSON -> load round trip
    loaded = Game.load(json.dumps(game.save()))
    assert loaded.to_dict() == game.to_dict() and loaded.pending == game.pending


@SETTINGS
@given(st.integers(0, 2**32 - 1), st.integers(1, 4), st.sampled_from(JOBS), st.sampled_from(WALLS))
def test_setup_is_a_function_of_the_seed(seed, players, job, walls):
    a, b = (Game.new(seed, players=players, job=job, walls=walls) for _ in range(2))
    assert a.to_dict() == b.to_dict()
    check_invariants(a)
    assert json.loads(json.dumps(a.to_dict())) == a.to_dict()


# ----------------------------------------------------------------------------- late-game states

@st.composite
def late_game(draw):
    """A scenario deep in a heist: the building (dealt by the seed) mostly face up, the
    characters spread over the floors, every guard placed, some Safes holding dice."""
    seed = draw(st.integers(0, 2**32 - 1))
    n = draw(st.integers(1, 4))
    names = draw(st.permutations(NAMES))[:n]
    sides = [draw(st.sampled_from(["basic", "advanced"])) for _ in range(n)]
    job = draw(st.sampled_from(JOBS))
    base = Game.new(seed, characters=names, sides=sides, job=job, walls=draw(st.sampled_from(WALLS)))
    floors = base.s.floors
    last = 16 * floors - 1
    hidden = set(draw(st.lists(st.integers(0, last), max_size=14)))
    endgame = draw(st.booleans())  # every Safe cracked, someone near the top floor's Stairs (JOB-4)
    stairs3 = next(c for c in range(16 * (floors - 1), 16 * floors) if base.s.tiles[c].kind == "stairs")
    tiles = {}
    for c, t in enumerate(base.s.tiles):
        spec = t.kind + (f" {t.number}" if t.number is not None else "")
        if c not in hidden or (endgame and t.kind in ("safe", "stairs")):
            spec += " revealed"
            if t.kind == "safe":
                spec += " cracked" if endgame else f" dice={draw(st.integers(0, 4))}"
        tiles[cell_name(c)] = spec
    chars = []
    for i, (name, side) in enumerate(zip(names, sides)):
        cell = stairs3 if endgame and i == 0 else draw(st.integers(0, last))
        chars.append({"character": name, "side": side, "cell": cell_name(cell),
                      "stealth": draw(st.integers(1, 4))})
    guards = []
    for f in range(1, floors + 1):
        g_cell = draw(st.integers(0, 15))
        die = draw(st.integers(0, 14))
        die = die if die < g_cell else die + 1
        guards.append({"floor": f, "cell": cell_name(16 * (f - 1) + g_cell), "die": cell_name(16 * (f - 1) + die),
                       "speed": draw(st.integers(2, 5))})
    doc = {"seed": seed, "job": job, "layout": base.view()["layout"], "tiles": tiles, "characters": chars,
           "guards": guards}
    picks = draw(st.lists(st.integers(0, 2**16), min_size=20, max_size=90))
    return doc, picks


def choose_late(game: Game, pick: int) -> Action:
    legal = game.legal_actions()
    if game.pending is None:
        for verb in ("escape", "roll", "add-die"):
            if pick % 3 == 0 and Action(verb) in legal:
                return Action(verb)
    return choose(game, pick)


@SETTINGS
@given(late_game())
def test_late_game_states_keep_the_invariants(spec):
    doc, picks = spec
    game = Game.from_scenario(doc)
    check_invariants(game)
    for i, pick in enumerate(picks):
        if game.is_over:
            assert game.legal_actions() == ()
            break
        if i % 5 == 0:
            check_refusals(game, pick)
        if i % 11 == 4:
            check_all_legal_accepted(game)
        check_legal_is_what_reason_passes(game)
        action = choose_late(game, pick)
        game.apply(action)
        check_invariants(game)
    assert game.replay().to_dict() == game.to_dict()
    loaded = Game.load(json.dumps(game.save()))
    assert loaded.to_dict() == game.to_dict()
