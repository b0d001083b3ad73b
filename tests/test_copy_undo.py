"""Copies, undo and rewind (issue 11, section 2): a copy is independent of its original
(an open choice included), undo takes back exactly one action, and rewinding n actions
gives the game as it was, without replaying the log."""

from __future__ import annotations

import gc
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from burgle.data.cards import CHARACTERS
from burgle.engine.game import Game
from burgle.engine.state import GameState
from burgle.geometry.board import parse_cell
from engine_helpers import build

SETTINGS = settings(derandomize=True, max_examples=25, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))
NAMES = list(CHARACTERS)


def random_game(seed: int, n: int, actions: int) -> Game:
    rng = random.Random(seed)
    names = rng.sample(NAMES, n)
    game = Game.new(seed, characters=names, sides=[rng.choice(["basic", "advanced"]) for _ in names])
    play(game, rng, actions)
    return game


def play(game: Game, rng: random.Random, actions: int) -> list[str]:
    done = []
    for _ in range(actions):
        if game.is_over:
            break
        legal = game.legal_actions()
        moves = [a for a in legal if a.verb == "move"]
        action = rng.choice(moves) if moves and rng.random() < 0.5 else rng.choice(legal)
        game.apply(action)
        done.append(str(action))
    return done


def snapshot(game: Game):
    return (json.dumps(game.to_dict(), sort_keys=True), json.dumps(game.view(), sort_keys=True),
            game.legal_actions(), game.pending, list(game.log))


@SETTINGS
@given(st.integers(0, 2**32 - 1), st.integers(1, 4), st.integers(0, 120), st.integers(0, 2**16))
def test_a_copy_plays_on_alone_and_like_its_original(seed, n, before, after_seed):
    game = random_game(seed, n, before)
    original = snapshot(game)
    other = game.copy()
    assert snapshot(other) == original
    done = play(other, random.Random(after_seed), 40)
    assert snapshot(game) == original  # the original did not move
    for text in done:  # the same actions on the original give the same game (open choices included)
        game.apply(text)
    assert game.to_dict() == other.to_dict() and game.log_text() == other.log_text()


@SETTINGS
@given(st.integers(0, 2**32 - 1), st.integers(1, 4), st.integers(1, 150))
def test_undo_takes_back_one_action_at_a_time(seed, n, actions):
    rng = random.Random(seed)
    game = Game.new(seed, characters=rng.sample(NAMES, n))
    states = [snapshot(game)]
    for _ in range(actions):
        if not play(game, rng, 1):
            break
        states.append(snapshot(game))
    assert len(states) == len(game.log) + 1
    last = game.log[-1]
    game.undo()
    assert snapshot(game) == states[-2]
    game.apply(last)  # the same action again: the same game (determinism)
    assert snapshot(game) == states[-1]
    while game.log:
        game.undo()
        assert snapshot(game) == states[len(game.log)]
    with pytest.raises(ValueError, match="no action to undo"):
        game.undo()


@SETTINGS
@given(st.integers(0, 2**32 - 1), st.integers(1, 4), st.integers(5, 100), st.integers(0, 2**16))
def test_copies_sharing_history_undo_independently(seed, n, actions, other_seed):
    game = random_game(seed, n, actions)
    k = min(3, len(game.log))
    states = [snapshot(game.rewind(i)) for i in range(k + 1)]
    other = game.copy()
    for _ in range(k):
        game.undo()
    play(game, random.Random(other_seed), 30)  # the original now builds on a shared snapshot
    for i in range(k + 1):  # the copy's history is intact
        assert snapshot(other) == states[i]
        if i < k:
            other.undo()


def open_choice_game() -> Game:
    game = build({"1B2": "safe revealed", "1C2": "laser 1"})
    game.apply("move 1C2")
    assert game.pending is not None and game.pending.rule == "TILE-12"
    return game


@pytest.mark.parametrize("answer", ["laser quiet", "laser alarm"])
def test_an_open_choice_survives_a_copy_and_an_undo(answer):
    game = open_choice_game()
    other = game.copy()
    assert other.pending == game.pending and other.legal_actions() == game.legal_actions()
    hs = other.apply(answer)
    assert game.pending is not None  # untouched
    game_hs = game.apply(answer)
    assert hs == game_hs and other.to_dict() == game.to_dict()
    game.undo()
    assert game.pending == other.rewind(1).pending
    again = game.apply(answer)
    assert again == hs and game.to_dict() == other.to_dict()


def test_rewind_is_a_copy_and_undos_and_leaves_the_game_alone():
    game = random_game(7, 2, 60)
    before = snapshot(game)
    for n in (0, 1, 5, len(game.log)):
        assert game.rewind(n).to_dict() == game.replay(len(game.log) - n).to_dict()
    assert snapshot(game) == before


def test_legal_actions_is_an_immutable_tuple():
    game = random_game(3, 2, 10)
    legal = game.legal_actions()
    assert isinstance(legal, tuple)
    with pytest.raises(AttributeError):
        legal.clear()  # type: ignore[attr-defined]
    assert game.legal_actions() == legal


def test_a_game_given_a_new_state_lists_that_state_s_legal_actions():
    """Setting ``game.s`` (a what-if: a character set on another cell) replaces the listed
    legal actions too; the copy it was taken from keeps its own."""
    game = Game.new(seed=1, characters=["hawk", "rook"])
    game.apply("entrance 1B2")
    before = game.legal_actions()
    assert "move 1B1" in map(str, before)
    what_if = game.copy()
    state = what_if.s.copy()
    corner = parse_cell("1A4")
    state.characters[state.active].cell = corner
    what_if.s = state
    moves = [a.args[0] for a in what_if.legal_actions() if a.verb == "move"]
    assert moves and all(game.adjacent(corner, to) for to in moves)
    assert game.legal_actions() == before


def test_state_copy_shares_no_mutable_part():
    """GameState.copy copies every field; mutable ones are new objects (tiles are immutable)."""
    game = random_game(11, 4, 80)
    s, c = game.s, game.s.copy()
    assert c.to_dict() == s.to_dict()
    for name in s.__slots__:
        a, b = getattr(s, name), getattr(c, name)
        if isinstance(a, (list, dict)) or name == "chance":
            assert a is not b, name
    for a, b in zip(s.guards + s.characters, c.guards + c.characters):
        assert a is not b and a == b
        for name in a.__slots__:
            if isinstance(getattr(a, name), list):
                assert getattr(a, name) is not getattr(b, name), name


def test_undo_history_holds_snapshots_that_cannot_change():
    """The state before each action is kept as GameState.snapshot(): one flat tuple of
    immutable values (nothing in it can be changed in place: a rule writing to it would fail
    loudly), in which the garbage collector soon tracks only the tuples holding tracked
    objects (the tiles, the walls, the layout); GameState.restore() of it is a live state
    equal to the state it was taken of (what undo() plays on), and leaves the snapshot as
    it was."""
    game = random_game(11, 4, 80)
    s = game.s
    snap = s.snapshot()
    assert type(snap) is tuple

    def mutable(x) -> bool:
        if isinstance(x, tuple):  # Tiles are NamedTuples: tuples too
            return any(mutable(y) for y in x)
        return isinstance(x, (list, dict, set, bytearray)) or hasattr(x, "__dict__") or hasattr(x, "__slots__")

    assert not any(mutable(x) for x in snap if x is not s.pending)  # the open choice's data is replaced, never changed
    for _ in range(2):  # a pass untracks a tuple whose items an earlier pass untracked
        gc.collect()
    tracked = [x for x in snap if gc.is_tracked(x)]
    assert len(tracked) <= 4 and all(x is s.pending or len(x) in (3, 48) for x in tracked)
    live = GameState.restore(snap)
    assert live.to_dict() == s.to_dict()
    for name in s.__slots__:
        assert type(getattr(live, name)) is type(getattr(s, name)), name
    for a, b in zip(s.guards + s.characters, live.guards + live.characters):
        assert a == b and a is not b
    live.tiles[0] = live.tiles[1]
    live.guards[0].deck = live.guards[0].deck[:-1]  # the piles are tuples, replaced whole
    live.characters[0].tools.append("crowbar")
    assert GameState.restore(snap).to_dict() == s.to_dict()  # the snapshot did not change
    game = random_game(3, 2, 6)
    assert not game.is_over
    before = game.copy()
    game.apply(game.legal_actions()[0])
    game.undo()
    assert game.to_dict() == before.to_dict() and type(game.s.tiles) is list


def test_tiles_are_immutable_values():
    game = random_game(5, 1, 5)
    with pytest.raises(AttributeError):
        game.s.tiles[0].alarm = True  # type: ignore[misc]
