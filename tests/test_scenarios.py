"""Hand-written scenarios (burgle/engine/scenario.py): good ones load into a playable state,
bad ones are refused naming the field or line at fault."""

from __future__ import annotations

import json
import textwrap

import pytest

from burgle.engine.errors import ScenarioError
from engine_helpers import C, Game, char, guard, scenario, tile

GOOD = """
seed = 5
spent = 1
event_deck = ["reboot", "keycode_change"]
tool_deck = ["crowbar", "donuts"]
loot_deck = ["stamp", "tiara"]

[tiles]
1B2 = "safe revealed dice=2"
1C2 = "laser 2 revealed alarm"
2A1 = "computer_laser revealed hack=3"

[[characters]]
character = "hawk"
cell = "1B2"
stealth = 2
tools = ["blueprints"]
loot = ["gold_bar"]

[[characters]]
character = "rook"
side = "advanced"
cell = "1B2"

[[guards]]
floor = 1
cell = "1D4"
die = "1C2"
speed = 3
deck = ["1A1", "1A2"]
discard = ["1C2"]
removed = ["1B1"]
"""


def test_good_scenario_loads_as_written():
    game = scenario(GOOD)
    assert char(game).stealth == 2 and char(game).tools == ["blueprints"] and char(game).loot == ["gold_bar"]
    assert char(game, 1).side == "advanced"
    assert tile(game, "1B2").dice == 2 and tile(game, "1C2").alarm and tile(game, "2A1").hack == 3
    gd = guard(game, 1)
    assert (gd.cell, gd.die, gd.speed) == (C("1D4"), C("1C2"), 3)
    assert gd.deck == (C("1A1"), C("1A2")) and gd.discard == (C("1C2"),) and gd.removed == (C("1B1"),)
    assert game.s.spent == 1 and game.s.tool_deck == ["crowbar", "donuts"]
    assert game.phase == "actions" and game.legal_actions()


def test_scenario_as_json_and_dict():
    import tomllib

    d = tomllib.loads(GOOD)
    assert Game.from_scenario(d).to_dict() == scenario(GOOD).to_dict()
    assert Game.from_scenario(json.dumps(d)).to_dict() == scenario(GOOD).to_dict()


def test_scenario_from_file(tmp_path):
    path = tmp_path / "lesson.toml"
    path.write_text(textwrap.dedent(GOOD), encoding="utf-8")
    assert Game.from_scenario(str(path)).to_dict() == scenario(GOOD).to_dict()


def test_scenario_is_deterministic_by_seed():
    assert scenario(GOOD).to_dict() == scenario(GOOD).to_dict()


def test_unplaced_character_enters_at_the_entrance_SETUP_11():
    game = scenario("""
        entrance = "1A1"
        [[characters]]
        character = "hawk"
        [[guards]]
        floor = 1
        cell = "1D4"
        die = "1C4"
        """)
    assert char(game).cell == C("1A1") and tile(game, "1A1").revealed and tile(game, "1A1").downstairs


def bad(text) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        scenario(text)
    assert isinstance(info.value, ValueError)
    return info.value


HAWK = '[[characters]]\ncharacter = "hawk"\ncell = "1B2"\n'
GUARD = '[[guards]]\nfloor = 1\ncell = "1D4"\ndie = "1C4"\n'


@pytest.mark.parametrize("text, field, words", [
    ('[tiles]\n1B2 = "vault revealed"\n' + HAWK + GUARD, "tiles.1B2", "unknown tile"),
    ('[tiles]\n1B2 = "laser 7 revealed"\n' + HAWK + GUARD, "tiles.1B2", "numbers"),
    ('[tiles]\n1B2 = "safe 3 revealed"\n' + HAWK + GUARD, "tiles.1B2", "no combination number"),
    ('[tiles]\n1C2 = "computer_laser revealed hack=7"\n' + HAWK + GUARD, "tiles.1C2.hack", "0 to 6"),
    ('[tiles]\n1C2 = "safe revealed dice=7"\n' + HAWK + GUARD, "tiles.1C2.dice", "0 to 6"),
    ('[tiles]\n1C2 = "laser 1 alarm"\n' + HAWK + GUARD, "tiles.1C2", "revealed"),
    ('[tiles]\n1C2 = "laser 1 shiny"\n' + HAWK + GUARD, "tiles.1C2.shiny", "unknown field"),
    ('[tiles]\n1C2 = "laser 1"\n1C3 = "laser 1"\n' + HAWK + GUARD, "tiles.1C2", "the building has 1"),
    ('[tiles]\n9Z9 = "laser 1"\n' + HAWK + GUARD, "tiles.9Z9", "cell"),
    ('[[characters]]\ncharacter = "batman"\ncell = "1B2"\n' + GUARD, "characters[0].character", "unknown character"),
    (HAWK + HAWK + GUARD, "characters[1].character", "twice"),
    ('[[characters]]\ncharacter = "hawk"\nside = "dark"\ncell = "1B2"\n' + GUARD, "characters[0].side", "side"),
    ('[[characters]]\ncharacter = "hawk"\ncell = "1B2"\ntools = ["lockpick"]\n' + GUARD, "characters[0].tools",
     "unknown card"),
    ('[[characters]]\ncharacter = "hawk"\ncell = "1B2"\nloot = ["crowbar"]\n' + GUARD, "characters[0].loot",
     "unknown card"),
    ('[[characters]]\ncharacter = "hawk"\ncell = "1B2"\nloot = ["gold_bar", "gold_bar"]\n' + GUARD,
     "characters[0].loot", "two Gold Bars"),
    ('tool_deck = ["crowbar"]\n[[characters]]\ncharacter = "hawk"\ncell = "1B2"\ntools = ["crowbar"]\n' + GUARD,
     "tool_deck", "appears 2 times"),
    ('event_deck = ["reboot", "reboot"]\n' + HAWK + GUARD, "event_deck", "appears 2 times"),
    ('event_deck = ["coffee"]\n' + HAWK + GUARD, "event_deck", "unknown card"),
    ('[[characters]]\ncharacter = "hawk"\ncell = "1B2"\nstealth = -1\n' + GUARD, "characters[0].stealth", "whole"),
    ('[[characters]]\ncharacter = "hawk"\ncell = "1B2"\nmood = "calm"\n' + GUARD, "characters[0].mood",
     "unknown field"),
    (HAWK + GUARD + GUARD, "guards[1].floor", "already has a guard"),
    (HAWK + '[[guards]]\nfloor = 1\ncell = "2D4"\ndie = "1C4"\n', "guards[0].cell", "not on floor 1"),
    (HAWK + '[[guards]]\nfloor = 2\ncell = "2D4"\ndie = "1C4"\n', "guards[0].die", "not on floor 2"),
    (HAWK + '[[guards]]\nfloor = 1\ncell = "1D4"\ndie = "1D4"\n', "guards[0].die", "never shares"),
    (HAWK + '[[guards]]\nfloor = 4\n', "guards[0].floor", "1 to 3"),
    (HAWK + '[[guards]]\nfloor = 1\ncell = "1D4"\ndie = "1C4"\nspeed = 7\n', "guards[0].speed", "1 to 6"),
    (HAWK + '[[guards]]\nfloor = 1\ncell = "1D4"\ndie = "1C4"\ndeck = ["1A1", "1A1"]\n', "guards[0]", "twice"),
    (HAWK + '[[guards]]\nfloor = 1\ncell = "1D4"\n', "guards[floor 1].die", "destination"),
    ('[tiles]\n1D4 = "laser 1 revealed alarm"\n' + HAWK + '[[guards]]\nfloor = 1\ncell = "1D4"\ndie = "1C4"\n',
     "guards[floor 1].cell", "alarm"),
    ('[tiles]\n1A1 = "laser 1 revealed alarm"\n' + HAWK + GUARD, "guards[floor 1].die", "alarm"),
    ('[walls]\n1 = "A1|B1, A1/A2"\n' + HAWK + GUARD, "walls.1", "cut the floor apart"),
    ('[walls]\n1 = "A1|C1"\n' + HAWK + GUARD, "walls.1", "wall"),
    ('[walls]\n4 = "A1|B1"\n' + HAWK + GUARD, "walls.4", "floor"),
    (HAWK + '[[characters]]\ncharacter = "rook"\n' + GUARD, "characters[1].cell", "entrance"),
    ('active = 3\n' + HAWK + GUARD, "active", "0 to 0"),
    ('spent = 5\n' + HAWK + GUARD, "spent", "0 to 4"),
    ('colour = "red"\n' + HAWK + GUARD, "colour", "unknown field"),
    ('format = "chess"\n' + HAWK + GUARD, "format", "burgle-scenario"),
    ('version = 2\n' + HAWK + GUARD, "version", "not supported"),
    ('seed = "x"\n' + HAWK + GUARD, "seed", "whole number"),
    (GUARD, "characters", "1 to 4"),
    ('entrance = "2A1"\n' + HAWK + GUARD, "entrance", "floor 1"),
    ('thermal = [["1A1", "3A1"]]\n' + HAWK + GUARD, "thermal[0]", "directly above"),
])
def test_bad_scenarios_name_the_field(text, field, words):
    err = bad(text)
    assert err.field == field, str(err)
    assert words.lower() in str(err).lower(), str(err)
    assert field in str(err)


@pytest.mark.parametrize("text, line", [
    ('seed = 1\n[[characters]]\ncharacter = "hawk\ncell = "1B2"\n', 3),
    ('seed = 1\nseed = 2\n', 2),
    ('seed = 1\n\n\n[tiles\n', 4),
])
def test_malformed_toml_names_the_line(text, line):
    err = bad(text)
    assert err.line == line and f"line {line}" in str(err)


def test_malformed_json_names_the_line():
    with pytest.raises(ScenarioError) as info:
        Game.from_scenario('{\n "seed": 1,\n "characters": [\n')
    assert info.value.line is not None and "line" in str(info.value)


def test_missing_scenario_file(tmp_path):
    with pytest.raises(ScenarioError) as info:
        Game.from_scenario(str(tmp_path / "nope.toml"))
    assert "nope.toml" in str(info.value)
