"""Small helpers shared by the core-engine tests (test_setup, test_actions, test_guards,
test_loot, test_refusals, test_events, test_tools, test_characters, test_saves,
test_scenarios, test_properties, test_golden).

Scenarios are written in TOML (burgle/engine/scenario.py). Unless a test is about Events,
its event deck holds only harmless filler cards so a short turn draws nothing that moves
pieces around.
"""

from __future__ import annotations

import copy
import json
import textwrap

import pytest

from burgle.geometry.board import cell_name, parse_cell
from burgle.engine.errors import ActionSyntaxError, IllegalAction
from burgle.engine.game import Game

# Events whose effect leaves guards, characters and alarms alone (EVENT-14, EVENT-18).
FILLER_EVENTS = '["reboot", "keycode_change"]'


# The floor-1 guard in the bottom-right corner, pacing C4, D4, D3, C3 over the first turns
# (D4 and C4 are reachable only from C3; the guard stays clear of rows 1-2).
QUIET_GUARD = {"floor": 1, "cell": "1D4", "die": "1C4", "deck": ["1C3", "1D3", "1D4"]}

# The floor-1 guard on 1D4 heading for 1A4, his deck shuffled by the seed.
GUARD_1D4 = {"floor": 1, "cell": "1D4", "die": "1A4"}

# The combination of a Safe on 1B2 (ACT-11); CRACKABLE: that Safe with 1 die and every
# combination tile already cracked, so its next roll cracks it (ACT-12).
COMBO = {"1A2": "camera 1", "1C2": "laser 2", "1D2": "thermo 3", "1B1": "detector 4", "1B3": "fingerprint 5",
         "1B4": "keypad 6"}
CRACKABLE = {"1B2": "safe revealed dice=1", **{c: spec + " revealed cracked" for c, spec in COMBO.items()}}


def C(name: str) -> int:
    """Cell number of '2C3'."""
    return parse_cell(name)


def N(cell: int) -> str:
    return cell_name(cell)


def scenario(text: str) -> Game:
    return Game.from_scenario(textwrap.dedent(text))


def _toml(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k} = {_toml(x)}" for k, x in v.items()) + "}"
    return json.dumps(v)


def character(name: str, cell: str | None = None, **fields) -> dict:
    """A [[characters]] entry: character *name* on *cell* (None: not placed yet)."""
    d = {"character": name}
    if cell is not None:
        d["cell"] = cell
    d.update(fields)
    return d


def guard_at(cell: str, die: str, **fields) -> dict:
    """A [[guards]] entry: the guard of *cell*'s floor on *cell*, his die on *die*."""
    return {"floor": int(cell[0]), "cell": cell, "die": die, **fields}


def build(tiles=None, chars=None, guards=None, seed: int = 1, events: str | list | None = FILLER_EVENTS,
          **top) -> Game:
    """A scenario from Python values. *chars*: list of dicts (or a cell name for one Hawk);
    *guards*: list of dicts; default: the floor-1 guard on 1D4 heading for 1C4.
    *events*: the Event deck, a list (the last card on top) or its TOML text.
    *top*: other top-level fields (spent=3, entrance="1A1", loot_deck=[...], ...)."""
    if chars is None:
        chars = [{"character": "hawk", "cell": "1B2"}]
    if guards is None:
        guards = [QUIET_GUARD]
    lines = [f"seed = {seed}"]
    if events is not None:
        lines.append(f"event_deck = {events if isinstance(events, str) else _toml(events)}")
    lines += [f"{k} = {_toml(v)}" for k, v in top.items()]
    lines.append("[tiles]")
    lines += [f"{k} = {_toml(v)}" for k, v in (tiles or {}).items()]
    for c in chars:
        lines.append("[[characters]]")
        lines += [f"{k} = {_toml(v)}" for k, v in c.items()]
    for gd in guards:
        lines.append("[[guards]]")
        lines += [f"{k} = {_toml(v)}" for k, v in gd.items()]
    return Game.from_scenario("\n".join(lines))


def after_move(to: str, tiles=None, **kw) -> Game:
    """:func:`build` (*tiles*, *kw*), then the active character's move to *to*."""
    game = build(tiles, **kw)
    game.apply(f"move {to}")
    return game


def seed_where(pred, tries: int = 300) -> int:
    """The first seed for which pred(seed) holds (to reach a given roll of the dice)."""
    for seed in range(tries):
        if pred(seed):
            return seed
    raise AssertionError("no seed found")  # pragma: no cover


def kinds(happenings) -> list[str]:
    return [h.kind for h in happenings]


def of_kind(happenings, kind: str) -> list:
    return [h for h in happenings if h.kind == kind]


def cells_of(happenings, kind: str) -> list[str]:
    return [N(h.cell) for h in happenings if h.kind == kind]


def snapshot(game: Game) -> dict:
    return copy.deepcopy(game.to_dict())


def refused(game: Game, action, rule: str | None = None, exc=IllegalAction) -> Exception:
    """The action is refused with *exc* (naming *rule*, when given) and changes nothing:
    state and log are exactly as before (guide: legality first, mutation after).
    Returns the exception."""
    before = snapshot(game)
    log_before = len(game.log)
    with pytest.raises(exc) as info:
        game.apply(action)
    err = info.value
    if rule is not None:
        assert err.rule == rule, err
        assert f"({rule})" in str(err), err
    assert game.to_dict() == before
    assert len(game.log) == log_before
    return err


def assert_refused(game: Game, action, rule: str | None = None, exc=IllegalAction) -> str:
    """:func:`refused`, and the error is a ValueError whose message names the action.
    Returns the message."""
    err = refused(game, action, rule if exc is IllegalAction else None, exc)
    assert isinstance(err, ValueError)
    msg = str(err)
    if exc is IllegalAction:
        assert str(action).split()[0] in msg, msg
    return msg


def legal_texts(game: Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def guard(game: Game, floor: int):
    return game.s.guards[floor - 1]


def char(game: Game, seat: int = 0):
    return game.s.characters[seat]


def tile(game: Game, name: str):
    return game.s.tiles[C(name)]


def json_roundtrip(d: dict) -> dict:
    return json.loads(json.dumps(d))


def play_until(game: Game, policy, max_actions: int = 400, after=None) -> Game:
    """Apply policy(game) -> action until the game ends or max_actions; after(game), when
    given, runs after each action (invariant checks)."""
    for _ in range(max_actions):
        if game.is_over:
            break
        game.apply(policy(game))
        if after is not None:
            after(game)
    return game


__all__ = [
    "ActionSyntaxError", "IllegalAction", "Game", "FILLER_EVENTS", "QUIET_GUARD", "GUARD_1D4", "C", "N", "scenario",
    "kinds", "of_kind", "cells_of", "snapshot", "refused", "assert_refused", "legal_texts", "guard", "char",
    "tile", "json_roundtrip", "play_until", "build", "character", "guard_at", "after_move", "seed_where",
    "COMBO", "CRACKABLE",
]
