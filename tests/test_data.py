"""Rules data against RULES.md: tiles (SETUP-1, TILE-1..20), characters (CHAR-1..18),
Tools (TOOL-1..13), Loot (LOOT-1..12), Events (EVENT-1..26, TURN-9)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from burgle.data import cards, tiles

RULES_MD = Path(__file__).parents[1] / "docs/rules/RULES.md"
DATA_MODULES = (Path(tiles.__file__), Path(cards.__file__))
RULE_ID = re.compile(r"\b(?:CONV|SETUP|JOB|TURN|ACT|GUARD|ALARM|END|TILE|CHAR|TOOL|LOOT|EVENT|DEC)-\d+\b")  # written out: checks the parser

# SETUP-1, transcribed: name -> (numbers of the copies, icon)
SETUP_1 = {
    "Atrium": ((3, 4), None),
    "Camera": ((1, 2, 3, 6), "alarm"),
    "Computer Room – Fingerprint": ((4,), None),
    "Computer Room – Laser": ((5,), None),
    "Computer Room – Motion": ((6,), None),
    "Deadbolt": ((1, 2, 3), "stop"),
    "Detector": ((4, 5, 6), "alarm"),
    "Fingerprint": ((4, 5, 6), "alarm"),
    "Foyer": ((1, 2), None),
    "Keypad": ((4, 5, 6), "stop"),
    "Laboratory": ((3, 4), None),
    "Laser": ((1, 2, 3), "alarm"),
    "Lavatory": ((5,), None),
    "Motion": ((1, 2, 3), "alarm"),
    "Safe": ((None, None, None), None),
    "Secret Door": ((1, 2), None),
    "Service Duct": ((5, 6), None),
    "Stairs": ((4, 5, 6), None),
    "Thermo": ((1, 2, 3), "alarm"),
    "Walkway": ((1, 2, 3), None),
}


def rules_text() -> str:
    if not RULES_MD.is_file():
        pytest.fail(f"RULES.md not found at {RULES_MD}; the data tests check rule ids against it")
    return RULES_MD.read_text(encoding="utf-8")


def defined_rule_ids() -> set[str]:
    """Ids defined in RULES.md: bold definitions (**TILE-1 ...) and rows of the index (| TILE-1 |)."""
    text = rules_text()
    ids = set(re.findall(r"\*\*(" + RULE_ID.pattern + r")", text))
    ids |= set(re.findall(r"^\| (" + RULE_ID.pattern + r") \|", text, flags=re.MULTILINE))
    return ids


def parse_setup_1_table() -> dict[str, tuple[tuple[int | None, ...], str | None]]:
    text = rules_text()
    start = text.index("**SETUP-1")
    end = text.index("**SETUP-2", start)
    table: dict[str, tuple[tuple[int | None, ...], str | None]] = {}
    for line in text[start:end].splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 4 or not cells[1].isdigit():
            continue
        name, copies, numbers, icon = cells
        name = re.sub(r"\s*\(.*\)$", "", name)
        if numbers == "none":
            nums: tuple[int | None, ...] = (None,) * int(copies)
        else:
            nums = tuple(int(n) for n in numbers.split(","))
        assert len(nums) == int(copies), line
        table[name] = (nums, None if icon in {"–", "-"} else icon)
    return table


def all_texts():
    for t in tiles.TILE_TYPES:
        yield f"tile {t.key}", t.text
        yield f"tile name {t.key}", t.name
    for s in cards.CHARACTER_SIDES:
        yield f"character {s.key}", s.text
        yield f"ability {s.key}", s.ability
    for group in (cards.TOOLS, cards.LOOT, cards.EVENTS):
        for c in group:
            yield f"card {c.key}", c.text
            yield f"card name {c.key}", c.name


# --- tiles -----------------------------------------------------------------


def test_setup_1_transcription_matches_rules_md():
    """SETUP-1: the table in this test is the one printed in RULES.md."""
    assert parse_setup_1_table() == SETUP_1


def test_tile_types_match_setup_1():
    """SETUP-1: 20 types with exactly these copies, numbers and icons."""
    got = {t.name: (t.numbers, t.icon) for t in tiles.TILE_TYPES}
    assert got == SETUP_1
    assert len(tiles.TILE_TYPES) == 20


def test_48_tile_copies():
    """SETUP-1: 48 distinct copies; TILE_COPIES agrees with each type's numbers, in type order."""
    assert len(tiles.TILE_COPIES) == 48
    assert sum(t.copies for t in tiles.TILE_TYPES) == 48
    expected = tuple((t.key, n) for t in tiles.TILE_TYPES for n in t.numbers)
    assert tiles.TILE_COPIES == expected
    counts = Counter(key for key, _ in tiles.TILE_COPIES)
    assert counts["safe"] == 3 and counts["stairs"] == 3  # SETUP-2 sets these aside
    assert counts["camera"] == 4
    assert sorted(n for k, n in tiles.TILE_COPIES if k == "camera") == [1, 2, 3, 6]
    # TILE-15: only Safes have no number; all numbers are die faces.
    for key, number in tiles.TILE_COPIES:
        assert (number is None) == (key == "safe"), key
        assert number is None or 1 <= number <= 6


def test_tile_rules_each_once_in_order():
    """TILE-1..20 each named by exactly one type, in RULES.md order (= alphabetical keys)."""
    assert [t.rule for t in tiles.TILE_TYPES] == [f"TILE-{i}" for i in range(1, 21)]
    keys = [t.key for t in tiles.TILE_TYPES]
    assert keys == sorted(keys)


def test_tile_keys_and_shorts_unique():
    keys = [t.key for t in tiles.TILE_TYPES]
    shorts = [t.short for t in tiles.TILE_TYPES]
    assert len(set(keys)) == 20
    assert len(set(shorts)) == 20
    assert len({s.lower() for s in shorts}) == 20
    for t in tiles.TILE_TYPES:
        assert re.fullmatch(r"[a-z]+(_[a-z]+)*", t.key), t.key
        assert 2 <= len(t.short) <= 5, t.short
    assert tiles.TILE_TYPE_BY_KEY == {t.key: t for t in tiles.TILE_TYPES}


def test_detector_alias():
    """SETUP-1: Detector was "Scanner" in the 1st edition."""
    assert tiles.TILE_TYPE_BY_KEY["detector"].aliases == ("Scanner",)


def test_alarm_and_stop_icons():
    """ALARM-1, ACT-6: six alarm tiles, two stop tiles; only Fingerprint, Laser, Motion are hackable."""
    assert set(tiles.ALARM_TILE_KEYS) == {t.key for t in tiles.TILE_TYPES if t.icon == "alarm"}
    assert set(tiles.ALARM_TILE_KEYS) == {"camera", "detector", "fingerprint", "laser", "motion", "thermo"}
    assert set(tiles.STOP_TILE_KEYS) == {t.key for t in tiles.TILE_TYPES if t.icon == "stop"}
    assert {t.key for t in tiles.TILE_TYPES if t.hackable} == {"fingerprint", "laser", "motion"}
    for t in tiles.TILE_TYPES:
        assert t.icon in {"alarm", "stop", None}


def test_computer_room_for_alarm():
    """ALARM-2, TILE-3..5: each Computer Room cancels only its own alarm type."""
    assert tiles.COMPUTER_ROOM_FOR_ALARM == {
        "fingerprint": "computer_fingerprint",
        "laser": "computer_laser",
        "motion": "computer_motion",
    }
    for alarm, room in tiles.COMPUTER_ROOM_FOR_ALARM.items():
        assert tiles.TILE_TYPE_BY_KEY[alarm].hackable
        assert room in tiles.TILE_TYPE_BY_KEY


# --- characters --------------------------------------------------------------


def test_character_sides():
    """SETUP-6, CHAR-1..18: 9 characters, basic then advanced, each rule once."""
    sides = cards.CHARACTER_SIDES
    assert len(sides) == 18
    assert [s.rule for s in sides] == [f"CHAR-{i}" for i in range(1, 19)]
    assert len(cards.CHARACTERS) == 9
    assert set(cards.CHARACTERS) == set(cards.CHARACTER_NAMES)
    for character, (basic, advanced) in cards.CHARACTERS.items():
        assert (basic.character, basic.side) == (character, "basic")
        assert (advanced.character, advanced.side) == (character, "advanced")
    assert len({s.key for s in sides}) == 18
    assert cards.CHARACTER_SIDE_BY_KEY == {s.key: s for s in sides}
    characters = [s.character for s in sides[::2]]
    assert characters == sorted(characters)


@pytest.mark.parametrize(
    ("rule", "character", "ability"),
    [
        ("CHAR-1", "acrobat", "Flexibility"),
        ("CHAR-2", "acrobat", "Climb Window"),
        ("CHAR-3", "hacker", "Jammer"),
        ("CHAR-4", "hacker", "Laptop"),
        ("CHAR-5", "hawk", "X-Ray"),
        ("CHAR-6", "hawk", "Enhance"),
        ("CHAR-7", "juicer", "Crybaby"),
        ("CHAR-8", "juicer", "Reroute"),
        ("CHAR-9", "peterman", "Steady Hands"),
        ("CHAR-10", "peterman", "Drill"),
        ("CHAR-11", "raven", "Distract"),
        ("CHAR-12", "raven", "Disrupt"),
        ("CHAR-13", "rigger", "The Solution"),
        ("CHAR-14", "rigger", "Tinker"),
        ("CHAR-15", "rook", "Orders"),
        ("CHAR-16", "rook", "Disguise"),
        ("CHAR-17", "spotter", "Clairvoyance"),
        ("CHAR-18", "spotter", "Precognition"),
    ],
)
def test_character_abilities(rule, character, ability):
    side = next(s for s in cards.CHARACTER_SIDES if s.rule == rule)
    assert (side.character, side.ability) == (character, ability)
    # The index of RULES.md names the same ability.
    assert re.search(rf"^\| {rule} \| .*{re.escape(ability)}", rules_text(), flags=re.MULTILINE)


def test_character_timings_and_costs():
    """Timing vocabulary documented in cards.py; costs as RULES.md states them."""
    for s in cards.CHARACTER_SIDES:
        assert s.timing in cards.TIMINGS, s.key
        if s.timing in {"passive", "extends"}:
            assert s.action_cost is None, s.key
        elif s.timing.startswith("free"):
            assert s.action_cost == 0, s.key
        else:
            assert isinstance(s.action_cost, int) and s.action_cost >= 1, s.key
    by_rule = {s.rule: s for s in cards.CHARACTER_SIDES}
    assert by_rule["CHAR-2"].action_cost == 3  # Climb Window
    assert by_rule["CHAR-4"].action_cost == 1  # Laptop
    assert by_rule["CHAR-15"].timing == "action_once_per_turn"  # Orders
    assert by_rule["CHAR-16"].timing == "action_first"  # Disguise, DEC-49
    # DEC-46: unlimited free abilities
    for rule in ("CHAR-1", "CHAR-7", "CHAR-11", "CHAR-14"):
        assert by_rule[rule].timing == "free", rule
    for rule in ("CHAR-5", "CHAR-6", "CHAR-8"):
        assert by_rule[rule].timing == "free_once_per_turn", rule
    for rule in ("CHAR-3", "CHAR-9", "CHAR-13"):
        assert by_rule[rule].timing == "passive", rule


# --- tools, loot, events -------------------------------------------------------


def test_tools():
    """TOOL-1..13, 13 cards, one each."""
    assert [t.rule for t in cards.TOOLS] == [f"TOOL-{i}" for i in range(1, 14)]
    assert [t.key for t in cards.TOOLS] == [
        "blueprints", "crowbar", "crystal_ball", "donuts", "dynamite", "emp", "invisible_suit",
        "makeup_kit", "rollerskates", "smoke_bomb", "stethoscope", "thermal_bomb", "virus",
    ]
    assert cards.TOOL_DECK == tuple(sorted(t.key for t in cards.TOOLS))
    assert len(cards.TOOL_DECK) == 13
    assert cards.TOOL_BY_KEY == {t.key: t for t in cards.TOOLS}
    assert "dynamite" in cards.TOOL_DECK  # SETUP-6: the basic Rigger takes it out


def test_loot():
    """LOOT-1..12: 12 kinds, 13 cards (two Gold Bars, LOOT-5)."""
    assert [card.rule for card in cards.LOOT] == [f"LOOT-{i}" for i in range(1, 13)]
    assert [card.key for card in cards.LOOT] == [
        "bust", "chihuahua", "cursed_goblet", "gemstone", "gold_bar", "isotope", "keycard",
        "mirror", "painting", "persian_kitty", "stamp", "tiara",
    ]
    assert {card.key: card.copies for card in cards.LOOT if card.copies != 1} == {"gold_bar": 2}
    assert len(cards.LOOT_DECK) == 13
    assert cards.LOOT_DECK == tuple(sorted(cards.LOOT_DECK))
    assert Counter(cards.LOOT_DECK) == {card.key: card.copies for card in cards.LOOT}
    assert cards.LOOT_BY_KEY == {card.key: card for card in cards.LOOT}


def test_events():
    """EVENT-1..26, 26 cards, one each."""
    assert [e.rule for e in cards.EVENTS] == [f"EVENT-{i}" for i in range(1, 27)]
    assert [e.key for e in cards.EVENTS] == [
        "brown_out", "buddy_system", "change_of_plans", "crash", "daydreaming", "dead_drop",
        "espresso", "freight_elevator", "go_with_your_gut", "gymnastics", "heads_up",
        "jump_the_gun", "jury_rig", "keycode_change", "lampshade", "lost_grip", "peekhole",
        "reboot", "shift_change", "shoplifting", "squeak", "switch_signs", "throw_voice",
        "time_lock", "video_loop", "where_is_he",
    ]
    assert cards.EVENT_DECK == tuple(sorted(e.key for e in cards.EVENTS))
    assert len(cards.EVENT_DECK) == 26
    assert cards.EVENT_BY_KEY == {e.key: e for e in cards.EVENTS}


def test_round_effects_exactly_three():
    """TURN-9: Gymnastics, Time Lock and Video Loop are the only round effects."""
    assert {e.key for e in cards.EVENTS if e.round_effect} == {"gymnastics", "time_lock", "video_loop"}
    assert cards.ROUND_EFFECT_EVENT_KEYS == ("gymnastics", "time_lock", "video_loop")


@pytest.mark.parametrize(
    ("records", "prefix"),
    [(cards.TOOLS, "TOOL"), (cards.LOOT, "LOOT"), (cards.EVENTS, "EVENT")],
    ids=["tools", "loot", "events"],
)
def test_card_names_match_rules_index(records, prefix):
    """The index of RULES.md names each card as the data does."""
    text = rules_text()
    for card in records:
        row = re.search(rf"^\| {card.rule} \| (.*?) \|$", text, flags=re.MULTILINE)
        assert row, f"{card.rule} missing from the RULES.md index"
        assert row.group(1).startswith(card.name), (card.rule, card.name, row.group(1))
        assert card.rule.startswith(prefix + "-")


def test_tile_names_match_rules_index():
    text = rules_text()
    for t in tiles.TILE_TYPES:
        row = re.search(rf"^\| {t.rule} \| (.*?) \|$", text, flags=re.MULTILINE)
        assert row, f"{t.rule} missing from the RULES.md index"
        assert row.group(1) == t.name.replace(" \u2013 ", " "), (t.rule, t.name, row.group(1))


# --- all records ----------------------------------------------------------------


def test_keys_unique_and_snake_case():
    for group in (cards.TOOLS, cards.LOOT, cards.EVENTS):
        keys = [c.key for c in group]
        assert len(keys) == len(set(keys))
        for key in keys:
            assert re.fullmatch(r"[a-z]+(_[a-z]+)*", key), key
    for s in cards.CHARACTER_SIDES:
        assert re.fullmatch(r"[a-z]+", s.character)
        assert s.side in cards.SIDES


def test_texts_non_empty_single_line():
    for where, text in all_texts():
        assert isinstance(text, str) and text.strip(), f"{where}: empty text"
        assert "\n" not in text and "\r" not in text, f"{where}: text spans several lines"
        assert text == text.strip(), f"{where}: stray whitespace"
        assert "  " not in text, f"{where}: double space"


def test_every_rule_id_in_data_modules_exists():
    """Every rule id cited in the data modules (fields, comments, docstrings) is defined in RULES.md."""
    defined = defined_rule_ids()
    assert len(defined) > 100, f"could not parse rule ids from {RULES_MD}"
    for module in DATA_MODULES:
        cited = set(RULE_ID.findall(module.read_text(encoding="utf-8")))
        missing = sorted(cited - defined)
        assert not missing, f"{module.name} cites rule ids not defined in RULES.md: {missing}"
    fields = {t.rule for t in tiles.TILE_TYPES} | {s.rule for s in cards.CHARACTER_SIDES}
    fields |= {c.rule for group in (cards.TOOLS, cards.LOOT, cards.EVENTS) for c in group}
    assert not sorted(fields - defined), sorted(fields - defined)


def test_packaged_rules_are_the_projects_copy_of_the_specification():
    """The package reads the rules from docs/rules (burgle/data/spec is that folder), and
    every id in the index (section 11) has its full wording parsed (CONV-1..DEC-57, JOB-1..5)."""
    import re

    from burgle.data.rules import RULES, RULE_INDEX, spec_path

    assert spec_path().read_text(encoding="utf-8") == rules_text()
    index = rules_text()[rules_text().index("## 11. Index"):rules_text().index("## 12. Change log")]
    rows = dict(re.findall(r"^\| ([A-Z]+-\d+) \| (.+?) \|$", index, re.M))
    assert RULE_INDEX == rows
    assert set(RULES) == defined_rule_ids()
    for rid in ("JOB-1", "JOB-5", "DEC-57", "GUARD-9"):
        assert len(RULES[rid].text) > 80, f"{rid}: full wording not parsed"
    assert RULES["DEC-57"].text.startswith("In a game with exactly one character")
