"""The 20 room-tile types of The Bank Job and their 48 copies (RULES.md SETUP-1, TILE-1..20).

Pure data: imports nothing of burgle.  One `TileType` per type, in the order of
RULES.md section 8 (which is also the alphabetical order of the keys, TILE-1..20).

Conventions:

* ``key`` is the snake_case id used in code and save files; never rename one.
* ``numbers`` lists the combination number printed on each copy (SETUP-1); its
  length is the copy count.  The 3 Safes carry no number: ``(None, None, None)``
  (TILE-15: a Safe is never part of a combination).
* ``icon`` is the printed corner icon: ``"alarm"`` (ACT-6: never keeps you out,
  an unmet requirement triggers an alarm), ``"stop"`` (ACT-6: an unmet
  requirement keeps you out) or ``None``.
* ``hackable`` is True only for the three tile alarms a Computer Room's hack
  tokens can cancel: Fingerprint, Laser, Motion (ALARM-1, ALARM-6).
* ``short`` is a unique 2-5 character label for board drawings.
* ``text`` is a one-line English summary of the effect, faithful to RULES.md,
  keyed by ``key`` for later translation.  The rule named by ``rule`` is the spec.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TileType:
    """One room-tile type; its copies differ only by combination number."""

    key: str
    name: str
    numbers: tuple[int | None, ...]
    icon: str | None
    rule: str
    hackable: bool
    short: str
    text: str
    aliases: tuple[str, ...] = ()

    @property
    def copies(self) -> int:
        """How many copies of this type the game has (SETUP-1)."""
        return len(self.numbers)


TILE_TYPES: tuple[TileType, ...] = (
    TileType(
        key="atrium",
        name="Atrium",
        numbers=(3, 4),
        icon=None,
        rule="TILE-1",
        hackable=False,
        short="Atr",
        text=(
            "Peek from it to the cell directly above or below; a character on it is seen by a guard "
            "entering the cell directly above or below, or when it arrives while a guard stands there."
        ),
    ),
    TileType(
        key="camera",
        name="Camera",
        numbers=(1, 2, 3, 6),
        icon="alarm",
        rule="TILE-2",
        hackable=False,
        short="Cam",
        text=(
            "Alarm (not hackable): a guard entering a working Camera triggers an alarm on every other "
            "working Camera holding a character, and a character arriving on a Camera while a guard "
            "stands on another one triggers it; Video Loop suspends both; no Stealth is lost."
        ),
    ),
    TileType(
        key="computer_fingerprint",
        name="Computer Room \u2013 Fingerprint",
        numbers=(4,),
        icon=None,
        rule="TILE-3",
        hackable=False,
        short="CRf",
        text=(
            "Hack (1 action): add a hack token (max 6); each token cancels one Fingerprint alarm "
            "anywhere in the building. Entering has no effect."
        ),
    ),
    TileType(
        key="computer_laser",
        name="Computer Room \u2013 Laser",
        numbers=(5,),
        icon=None,
        rule="TILE-4",
        hackable=False,
        short="CRl",
        text=(
            "Hack (1 action): add a hack token (max 6); each token cancels one Laser alarm "
            "anywhere in the building. Entering has no effect."
        ),
    ),
    TileType(
        key="computer_motion",
        name="Computer Room \u2013 Motion",
        numbers=(6,),
        icon=None,
        rule="TILE-5",
        hackable=False,
        short="CRm",
        text=(
            "Hack (1 action): add a hack token (max 6); each token cancels one Motion alarm "
            "anywhere in the building. Entering has no effect."
        ),
    ),
    TileType(
        key="deadbolt",
        name="Deadbolt",
        numbers=(1, 2, 3),
        icon="stop",
        rule="TILE-6",
        hackable=False,
        short="Dbt",
        text=(
            "Stop: if no character or guard is on it, entering costs 3 actions in total; "
            "if this move reveals it, pay 2 more or stay out (1 action spent)."
        ),
    ),
    TileType(
        key="detector",
        name="Detector",
        numbers=(4, 5, 6),
        icon="alarm",
        rule="TILE-7",
        hackable=False,
        short="Det",
        text="Alarm (not hackable): a character entering while holding any Tool or Loot card triggers it.",
        aliases=("Scanner",),
    ),
    TileType(
        key="fingerprint",
        name="Fingerprint",
        numbers=(4, 5, 6),
        icon="alarm",
        rule="TILE-8",
        hackable=True,
        short="Fgp",
        text="Alarm (hackable): entering it triggers its alarm.",
    ),
    TileType(
        key="foyer",
        name="Foyer",
        numbers=(1, 2),
        icon=None,
        rule="TILE-9",
        hackable=False,
        short="Foy",
        text=(
            "Guards see into it from adjacent cells, never through walls: a character on it is seen "
            "when a guard enters an adjacent cell, or when it arrives while a guard is adjacent."
        ),
    ),
    TileType(
        key="keypad",
        name="Keypad",
        numbers=(4, 5, 6),
        icon="stop",
        rule="TILE-10",
        hackable=False,
        short="Key",
        text=(
            "Stop: entering while it is not open needs a code roll; the n-th attempt on it this turn "
            "rolls n dice; any 6 opens it for everyone, otherwise you stay out and the action is spent."
        ),
    ),
    TileType(
        key="laboratory",
        name="Laboratory",
        numbers=(3, 4),
        icon=None,
        rule="TILE-11",
        hackable=False,
        short="Lab",
        text=(
            "The first character to make a counting entry draws a Tool; the Lab is then looted "
            "(Shoplifting targets it)."
        ),
    ),
    TileType(
        key="laser",
        name="Laser",
        numbers=(1, 2, 3),
        icon="alarm",
        rule="TILE-12",
        hackable=True,
        short="Lsr",
        text="Alarm (hackable): entering triggers it unless you pay 1 more action (2 in total) to enter quietly.",
    ),
    TileType(
        key="lavatory",
        name="Lavatory",
        numbers=(5,),
        icon=None,
        rule="TILE-13",
        hackable=False,
        short="Lav",
        text=(
            "When revealed it gets 3 Stealth tokens; characters on it may lose those instead of "
            "their own; the tokens never leave the tile."
        ),
    ),
    TileType(
        key="motion",
        name="Motion",
        numbers=(1, 2, 3),
        icon="alarm",
        rule="TILE-14",
        hackable=True,
        short="Mot",
        text=(
            "Alarm (hackable): leaving it by any means in the same turn you made a counting entry "
            "onto it triggers its alarm."
        ),
    ),
    TileType(
        key="safe",
        name="Safe",
        numbers=(None, None, None),
        icon=None,
        rule="TILE-15",
        hackable=False,
        short="Safe",
        text=(
            "Add a die (2 actions, max 6) or roll its dice (1 action): a die matching the number of a "
            "face-up tile in its row or column cracks that tile; when all 6 are cracked, draw a Tool "
            "and a Loot, and guard dice on this floor and below rise by 1."
        ),
    ),
    TileType(
        key="secret_door",
        name="Secret Door",
        numbers=(1, 2),
        icon=None,
        rule="TILE-16",
        hackable=False,
        short="SDr",
        text=(
            "Once revealed, it may be entered through a wall on one of its sides (1 action); "
            "one-way, no peeking out; not with the Painting; guards never pass."
        ),
    ),
    TileType(
        key="service_duct",
        name="Service Duct",
        numbers=(5, 6),
        icon=None,
        rule="TILE-17",
        hackable=False,
        short="Duct",
        text=(
            "Once both Ducts are revealed, move from one to the other for 1 action, whatever the "
            "floors; not with the Painting; no peeking through."
        ),
    ),
    TileType(
        key="stairs",
        name="Stairs",
        numbers=(4, 5, 6),
        icon=None,
        rule="TILE-18",
        hackable=False,
        short="Stair",
        text=(
            "When revealed, put a downstairs token on the cell directly above; move between the "
            "Stairs and that cell for 1 action either way, or peek up; the top floor's Stairs (floor 3, or 2 in The "
            "Office Job) lead to the roof."
        ),
    ),
    TileType(
        key="thermo",
        name="Thermo",
        numbers=(1, 2, 3),
        icon="alarm",
        rule="TILE-19",
        hackable=False,
        short="Thm",
        text=(
            "Alarm (not hackable): ending your action phase on it triggers its alarm, however you got "
            "there; with the Isotope, entering it triggers it at once."
        ),
    ),
    TileType(
        key="walkway",
        name="Walkway",
        numbers=(1, 2, 3),
        icon=None,
        rule="TILE-20",
        hackable=False,
        short="Walk",
        text=(
            "Revealed by a counting move into it, the mover falls to the cell directly below (no "
            "Stealth loss); once revealed, walk down for 1 action, but no one may move up into it "
            "(except with Gymnastics)."
        ),
    ),
)

TILE_TYPE_BY_KEY: dict[str, TileType] = {tile.key: tile for tile in TILE_TYPES}

# All 48 copies as (key, combination number), in a fixed order: the types in
# TILE_TYPES order (TILE-1..20, alphabetical by key), each type's copies by
# ascending number.  A seeded deal (SETUP-2) that shuffles this tuple depends on
# its order, so never reorder it.
TILE_COPIES: tuple[tuple[str, int | None], ...] = (
    ("atrium", 3), ("atrium", 4),
    ("camera", 1), ("camera", 2), ("camera", 3), ("camera", 6),
    ("computer_fingerprint", 4),
    ("computer_laser", 5),
    ("computer_motion", 6),
    ("deadbolt", 1), ("deadbolt", 2), ("deadbolt", 3),
    ("detector", 4), ("detector", 5), ("detector", 6),
    ("fingerprint", 4), ("fingerprint", 5), ("fingerprint", 6),
    ("foyer", 1), ("foyer", 2),
    ("keypad", 4), ("keypad", 5), ("keypad", 6),
    ("laboratory", 3), ("laboratory", 4),
    ("laser", 1), ("laser", 2), ("laser", 3),
    ("lavatory", 5),
    ("motion", 1), ("motion", 2), ("motion", 3),
    ("safe", None), ("safe", None), ("safe", None),
    ("secret_door", 1), ("secret_door", 2),
    ("service_duct", 5), ("service_duct", 6),
    ("stairs", 4), ("stairs", 5), ("stairs", 6),
    ("thermo", 1), ("thermo", 2), ("thermo", 3),
    ("walkway", 1), ("walkway", 2), ("walkway", 3),
)

# Tiles carrying the alarm icon (ALARM-1, ACT-6); also the Persian Kitty's targets (LOOT-10).
ALARM_TILE_KEYS: tuple[str, ...] = ("camera", "detector", "fingerprint", "laser", "motion", "thermo")

# Tiles carrying the stop icon (ACT-6).
STOP_TILE_KEYS: tuple[str, ...] = ("deadbolt", "keypad")

# Which Computer Room's hack tokens cancel which hackable tile alarm (ALARM-1, ALARM-2,
# TILE-3..5): the one table of Computer Room facts. Its keys are the hackable alarms.
COMPUTER_ROOM_FOR_ALARM: dict[str, str] = {
    "fingerprint": "computer_fingerprint",
    "laser": "computer_laser",
    "motion": "computer_motion",
}
HACKABLE_ALARMS: tuple[str, ...] = tuple(COMPUTER_ROOM_FOR_ALARM)
COMPUTER_ROOMS: tuple[str, ...] = tuple(COMPUTER_ROOM_FOR_ALARM.values())
MAX_HACK_TOKENS = 6  # a Computer Room holds at most 6 hack tokens (ACT-9, TOOL-13)
