"""Small helpers shared by the core-engine tests (test_setup, test_actions, test_guards,
test_loot, test_refusals, test_saves, test_scenarios, test_properties, test_golden).

Scenarios are written in TOML (burgle/engine/scenario.py). Unless a test is about Events,
its event deck holds only harmless filler cards so a short turn draws nothing that moves
pieces around.
"""

from __future__ import annotations

import copy
import json
import textwrap

import pytest

from burgle.board import cell_name, parse_cell
from burgle.engine.errors import ActionSyntaxError, IllegalAction
from burgle.engine.game import Game

# Events whose effect leaves guards, characters and alarms alone (EVENT-14, EVENT-18).
FILLER_EVENTS = '["reboot", "keycode_change"]'


# The floor-1 guard in the bottom-right corner, pacing C4, D4, D3, C3 over the first turns
# (D4 and C4 are reachable only from C3; the guard stays clear of rows 1-2).
QUIET_GUARD = {"floor": 1, "cell": "1D4", "die": "1C4", "deck": ["1C3", "1D3", "1D4"]}


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


def build(tiles=None, chars=None, guards=None, seed: int = 1, events: str | None = FILLER_EVENTS,
          **top) -> Game:
    """A scenario from Python values. *chars*: list of dicts (or a cell name for one Hawk);
    *guards*: list of dicts; default: the floor-1 guard on 1D4 heading for 1C4.
    *top*: other top-level fields (spent=3, entrance="1A1", loot_deck=[...], ...)."""
    if chars is None:
        chars = [{"character": "hawk", "cell": "1B2"}]
    if guards is None:
        guards = [QUIET_GUARD]
    lines = [f"seed = {seed}"]
    if events is not None:
        lines.append(f"event_deck = {events}")
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


def kinds(happenings) -> list[str]:
    return [h.kind for h in happenings]


def of_kind(happenings, kind: str) -> list:
    return [h for h in happenings if h.kind == kind]


def cells_of(happenings, kind: str) -> list[str]:
    return [N(h.cell) for h in happenings if h.kind == kind]


def snapshot(game: Game) -> dict:
    return copy.deepcopy(game.to_dict())


def assert_refused(game: Game, action, rule: str | None = None, exc=IllegalAction) -> str:
    """The action is refused with *exc*, the message names the action and *rule*, and the
    state is exactly as before (guide: legality first, mutation after)."""
    before = snapshot(game)
    log_before = len(game.log)
    with pytest.raises(exc) as info:
        game.apply(action)
    assert isinstance(info.value, ValueError)
    msg = str(info.value)
    if exc is IllegalAction:
        assert str(action).split()[0] in msg, msg
        if rule is not None:
            assert info.value.rule == rule, msg
            assert f"({rule})" in msg, msg
    assert game.to_dict() == before
    assert len(game.log) == log_before
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


def play_until(game: Game, policy, max_actions: int = 400) -> Game:
    """Apply policy(game) -> action until the game ends or max_actions."""
    for _ in range(max_actions):
        if game.is_over:
            break
        game.apply(policy(game))
    return game


__all__ = [
    "ActionSyntaxError", "IllegalAction", "Game", "FILLER_EVENTS", "C", "N", "scenario", "kinds",
    "of_kind", "cells_of", "snapshot", "assert_refused", "legal_texts", "guard", "char", "tile",
    "json_roundtrip", "play_until", "build",
]
