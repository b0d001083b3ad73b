"""Character cards, Tools, Loot and Events of The Bank Job (RULES.md section 9).

Pure data: imports nothing of burgle.  Each record names the rule that is its
spec (CHAR-n, TOOL-n, LOOT-n, EVENT-n); ``text`` is a one-line English summary
faithful to that rule, keyed by the card key for later translation (a character
side's key is ``"<character>_<side>"``, see `CharacterSide.key`).

Orders: every tuple lists its records in rule-id order, which for Tools, Loot and
Events is also the alphabetical order of the keys; characters are alphabetical
by character key, basic side first (CHAR-1..18).  The decks `TOOL_DECK`,
`LOOT_DECK` and `EVENT_DECK` list card keys alphabetically with copies expanded
(two ``"gold_bar"``).  Seeded shuffles (SETUP-7) depend on these orders: never
reorder them.

Timing vocabulary of `CharacterSide.timing` (``action_cost`` in brackets):

* ``"passive"``: always in effect, nothing to activate (None).
* ``"extends"``: widens where existing actions may be taken; those actions keep
  their own costs (None).  Only the Peterman's Drill (ACT-10, ACT-11).
* ``"free"``: free action in the own action phase, any number per turn (0;
  DEC-46).
* ``"free_once_per_turn"``: free action, at most once per turn (0).
* ``"action"``: costs ``action_cost`` actions, no per-turn limit.
* ``"action_once_per_turn"``: costs ``action_cost`` actions, at most once per turn.
* ``"action_first"``: costs ``action_cost`` actions, only while no action point
  has been spent this turn (so at most once per turn; DEC-49).

Once-per-turn limits reset at the start of every turn (TURN-2c).
"""

from __future__ import annotations

from dataclasses import dataclass

TIMINGS: tuple[str, ...] = (
    "passive",
    "extends",
    "free",
    "free_once_per_turn",
    "action",
    "action_once_per_turn",
    "action_first",
)

SIDES: tuple[str, str] = ("basic", "advanced")


@dataclass(frozen=True)
class CharacterSide:
    """One side of a two-sided character card (SETUP-6, CHAR-1..18)."""

    character: str
    side: str
    ability: str
    rule: str
    timing: str
    text: str
    action_cost: int | None = None

    @property
    def key(self) -> str:
        """Translation and save-file key, e.g. ``"acrobat_basic"``."""
        return f"{self.character}_{self.side}"


@dataclass(frozen=True)
class ToolCard:
    """A Tool: used once as a free action on its owner's turn, then discarded unless stated (TOOL-n)."""

    key: str
    name: str
    rule: str
    text: str


@dataclass(frozen=True)
class LootCard:
    """A kind of Loot; held effects apply while held (LOOT-n)."""

    key: str
    name: str
    rule: str
    copies: int
    text: str


@dataclass(frozen=True)
class EventCard:
    """An Event (EVENT-n); ``round_effect`` cards stay with the drawer until its next turn (TURN-9)."""

    key: str
    name: str
    rule: str
    round_effect: bool
    text: str


CHARACTER_NAMES: dict[str, str] = {
    "acrobat": "Acrobat",
    "hacker": "Hacker",
    "hawk": "Hawk",
    "juicer": "Juicer",
    "peterman": "Peterman",
    "raven": "Raven",
    "rigger": "Rigger",
    "rook": "Rook",
    "spotter": "Spotter",
}

CHARACTER_SIDES: tuple[CharacterSide, ...] = (
    CharacterSide(
        character="acrobat", side="basic", ability="Flexibility", rule="CHAR-1",
        timing="free", action_cost=0,
        text=(
            "Free action, any number per turn: move into an adjacent cell where a guard stands without "
            "losing Stealth; if still there with a guard when the guard phase starts, lose 1 Stealth."
        ),
    ),
    CharacterSide(
        character="acrobat", side="advanced", ability="Climb Window", rule="CHAR-2",
        timing="action", action_cost=3,
        text=(
            "3 actions, on an outer cell: climb to the cell directly above or below (never to the roof); "
            "your action phase then ends; no extra cost can be paid."
        ),
    ),
    CharacterSide(
        character="hacker", side="basic", ability="Jammer", rule="CHAR-3",
        timing="passive", action_cost=None,
        text=(
            "Fingerprint, Laser and Motion alarms are not triggered by the Hacker, nor by anyone on the "
            "Hacker's tile, on any turn."
        ),
    ),
    CharacterSide(
        character="hacker", side="advanced", ability="Laptop", rule="CHAR-4",
        timing="action", action_cost=1,
        text=(
            "1 action: put a hack token on this card (max 1); anyone may spend it to cancel a "
            "Fingerprint, Laser or Motion alarm."
        ),
    ),
    CharacterSide(
        character="hawk", side="basic", ability="X-Ray", rule="CHAR-5",
        timing="free_once_per_turn", action_cost=0,
        text="Once per turn, free: peek a face-down tile on the other side of a wall of the Hawk's cell.",
    ),
    CharacterSide(
        character="hawk", side="advanced", ability="Enhance", rule="CHAR-6",
        timing="free_once_per_turn", action_cost=0,
        text=(
            "Once per turn, free: peek a face-down tile 1 or 2 links away (adjacent cells or Stairs, "
            "never through walls), the middle tile of 2 links being face up."
        ),
    ),
    CharacterSide(
        character="juicer", side="basic", ability="Crybaby", rule="CHAR-7",
        timing="free", action_cost=0,
        text="Free action, any number per turn: trigger an alarm (not hackable) on a revealed adjacent tile.",
    ),
    CharacterSide(
        character="juicer", side="advanced", ability="Reroute", rule="CHAR-8",
        timing="free_once_per_turn", action_cost=0,
        text=(
            "Once per turn, free: take the alarm token from the Juicer's tile (holding at most 1), or "
            "discard the held token to trigger an alarm (not hackable) on the Juicer's tile."
        ),
    ),
    CharacterSide(
        character="peterman", side="basic", ability="Steady Hands", rule="CHAR-9",
        timing="passive", action_cost=None,
        text="Rolls 1 extra die on every Safe roll and every Keypad attempt he makes.",
    ),
    CharacterSide(
        character="peterman", side="advanced", ability="Drill", rule="CHAR-10",
        timing="extends", action_cost=None,
        text=(
            "May add dice to and roll the revealed Safe directly above or below as if standing on it; "
            "the Tool and Loot of a Safe cracked this way are laid on that Safe's tile."
        ),
    ),
    CharacterSide(
        character="raven", side="basic", ability="Distract", rule="CHAR-11",
        timing="free", action_cost=0,
        text=(
            "Free action, any number per turn: place the crow on a cell of the Raven's floor within "
            "walking distance 2; a guard stepping into the crow's cell loses 1 extra movement point."
        ),
    ),
    CharacterSide(
        character="raven", side="advanced", ability="Disrupt", rule="CHAR-12",
        timing="free", action_cost=0,
        text=(
            "Free action: place the crow on the Raven's cell; a guard starting his move on it while his "
            "floor has no alarm token does not move, and the crow returns to the Raven."
        ),
    ),
    CharacterSide(
        character="rigger", side="basic", ability="The Solution", rule="CHAR-13",
        timing="passive", action_cost=None,
        text=(
            "Starts with the Dynamite; whenever anyone gets a Tool from the deck, they may draw 2, keep 1 "
            "and discard the other."
        ),
    ),
    CharacterSide(
        character="rigger", side="advanced", ability="Tinker", rule="CHAR-14",
        timing="free", action_cost=0,
        text=(
            "Free action, any number per turn: pay 1 own Stealth token to draw a Tool; whenever anyone gets a "
            "Tool from the deck, they may draw 2, keep 1 and discard the other."
        ),
    ),
    CharacterSide(
        character="rook", side="basic", ability="Orders", rule="CHAR-15",
        timing="action_once_per_turn", action_cost=1,
        text=(
            "Once per turn, 1 action: move another character by one move, without Deadbolt, Laser or "
            "Gemstone extra costs (Lasers stay quiet; Keypads still need a roll)."
        ),
    ),
    CharacterSide(
        character="rook", side="advanced", ability="Disguise", rule="CHAR-16",
        timing="action_first", action_cost=1,
        text=(
            "1 action, only before spending any action this turn: swap places with any character on the "
            "board, on any floor (neither counts as entering)."
        ),
    ),
    CharacterSide(
        character="spotter", side="basic", ability="Clairvoyance", rule="CHAR-17",
        timing="action_once_per_turn", action_cost=1,
        text=(
            "Once per turn, 1 action: look at the top card of your floor's patrol deck and leave it on "
            "top or put it at the bottom."
        ),
    ),
    CharacterSide(
        character="spotter", side="advanced", ability="Precognition", rule="CHAR-18",
        timing="action_once_per_turn", action_cost=1,
        text=(
            "Once per turn, 1 action: look at the top card of the Event deck and leave it on top or put "
            "it at the bottom."
        ),
    ),
)

# character key -> (basic side, advanced side)
CHARACTERS: dict[str, tuple[CharacterSide, CharacterSide]] = {
    character: (
        next(s for s in CHARACTER_SIDES if s.character == character and s.side == "basic"),
        next(s for s in CHARACTER_SIDES if s.character == character and s.side == "advanced"),
    )
    for character in CHARACTER_NAMES
}

CHARACTER_SIDE_BY_KEY: dict[str, CharacterSide] = {side.key: side for side in CHARACTER_SIDES}

TOOLS: tuple[ToolCard, ...] = (
    ToolCard("blueprints", "Blueprints", "TOOL-1", "Peek any one face-down tile on any floor."),
    ToolCard(
        "crowbar", "Crowbar", "TOOL-2",
        "Put the crowbar token on a revealed adjacent tile: it is disabled for good (no cost, block, "
        "roll or alarm from its own text).",
    ),
    ToolCard(
        "crystal_ball", "Crystal Ball", "TOOL-3",
        "Look at the top 3 Events and put them back on top in any order.",
    ),
    ToolCard(
        "donuts", "Donuts", "TOOL-4",
        "Put under any placed guard: the next time he would make a guard-phase move he does not move "
        "at all, and the Donuts are discarded.",
    ),
    ToolCard(
        "dynamite", "Dynamite", "TOOL-5",
        "Destroy one wall (not the outer border) on a side of your tile, for everyone, then trigger an "
        "alarm (not hackable) on your tile.",
    ),
    ToolCard(
        "emp", "E.M.P.", "TOOL-6",
        "Remove every alarm token on every floor; until the start of your next turn no alarm can be "
        "triggered.",
    ),
    ToolCard(
        "invisible_suit", "Invisible Suit", "TOOL-7",
        "+1 action this turn; for the rest of this action phase your own arrivals cost no Stealth from "
        "guards and trigger no Camera alarm.",
    ),
    ToolCard(
        "makeup_kit", "Makeup Kit", "TOOL-8",
        "Every character on your tile, you included, gains 1 Stealth.",
    ),
    ToolCard("rollerskates", "Rollerskates", "TOOL-9", "+2 actions this turn."),
    ToolCard(
        "smoke_bomb", "Smoke Bomb", "TOOL-10",
        "Put 3 Stealth tokens on your tile; characters there may lose them instead of their own, like "
        "Lavatory tokens.",
    ),
    ToolCard(
        "stethoscope", "Stethoscope", "TOOL-11",
        "Right after a Safe roll this turn, before cracked tokens are placed, set one die to any face.",
    ),
    ToolCard(
        "thermal_bomb", "Thermal Bomb", "TOOL-12",
        "Link your cell with the cell directly above or below (from the top floor up, floor 3 or 2 in The Office Job: "
        "the roof) for moves "
        "(1 action) and peeks both ways, then trigger an alarm (not hackable) on your tile.",
    ),
    ToolCard(
        "virus", "Virus", "TOOL-13",
        "Add 3 hack tokens to one revealed Computer Room (max 6).",
    ),
)

LOOT: tuple[LootCard, ...] = (
    LootCard("bust", "Bust", "LOOT-1", 1, "The holder cannot use Tools."),
    LootCard(
        "chihuahua", "Chihuahua", "LOOT-2", 1,
        "At the start of the holder's turn roll a die: on a 6 trigger an alarm (not hackable) on its tile.",
    ),
    LootCard(
        "cursed_goblet", "Cursed Goblet", "LOOT-3", 1,
        "The character who draws it loses 1 Stealth (if it has any; never a capture).",
    ),
    LootCard(
        "gemstone", "Gemstone", "LOOT-4", 1,
        "Each counting move of the holder into a tile with another character costs 1 more action.",
    ),
    LootCard(
        "gold_bar", "Gold Bar", "LOOT-5", 2,
        "When one is drawn, the other is laid on this Safe's tile; no character may ever hold both.",
    ),
    LootCard(
        "isotope", "Isotope", "LOOT-6", 1,
        "Whenever the holder makes a counting entry onto a working Thermo, its alarm triggers at once.",
    ),
    LootCard(
        "keycard", "Keycard", "LOOT-7", 1,
        "While a character holds it, a Safe may be rolled only if the holder stands on that Safe's tile.",
    ),
    LootCard(
        "mirror", "Mirror", "LOOT-8", 1,
        "The holder has 1 action less per turn and never triggers Laser alarms (enters Lasers for 1 action).",
    ),
    LootCard(
        "painting", "Painting", "LOOT-9", 1,
        "The holder cannot move, or be moved, through Secret Door walls or Service Ducts.",
    ),
    LootCard(
        "persian_kitty", "Persian Kitty", "LOOT-10", 1,
        "At the start of the holder's turn roll a die: on 1-2 the Kitty gets loose one step toward the "
        "nearest revealed alarm tile; only the holder may catch it; no one escapes while it is loose.",
    ),
    LootCard(
        "stamp", "Stamp", "LOOT-11", 1,
        "The holder draws an Event after spending 3 actions or fewer (instead of 2 or fewer); still one Event.",
    ),
    LootCard(
        "tiara", "Tiara", "LOOT-12", 1,
        "The holder is seen (loses 1 Stealth) when it arrives by a counting move or a walk-down on a "
        "cell adjacent to a guard.",
    ),
)

EVENTS: tuple[EventCard, ...] = (
    EventCard(
        "brown_out", "Brown Out", "EVENT-1", False,
        "Remove all alarm tokens on all floors; each guard draws one patrol card per alarm removed on his floor.",
    ),
    EventCard(
        "buddy_system", "Buddy System", "EVENT-2", False,
        "Move another character on the board onto your tile (it does not count as entering).",
    ),
    EventCard(
        "change_of_plans", "Change of Plans", "EVENT-3", False,
        "If your floor has no alarm token, its guard draws a new patrol card.",
    ),
    EventCard(
        "crash", "Crash!", "EVENT-4", False,
        "If your floor has no alarm token, its guard's die moves to your tile.",
    ),
    EventCard(
        "daydreaming", "Daydreaming", "EVENT-5", False,
        "Your floor's guard moves 1 space less this turn.",
    ),
    EventCard(
        "dead_drop", "Dead Drop", "EVENT-6", False,
        "Give all your Tools and Loot to the player on your right (a second Gold Bar stays with you).",
    ),
    EventCard(
        "espresso", "Espresso", "EVENT-7", False,
        "Your floor's guard moves 1 space more this turn.",
    ),
    EventCard(
        "freight_elevator", "Freight Elevator", "EVENT-8", False,
        "Fall to the cell directly above (no Stealth loss); on the top floor (floor 3, or 2 in The Office Job), "
        "escape to the roof if the team could escape, else nothing.",
    ),
    EventCard(
        "go_with_your_gut", "Go With Your Gut", "EVENT-9", False,
        "Move into an adjacent face-down tile for no action; extra costs cannot be paid.",
    ),
    EventCard(
        "gymnastics", "Gymnastics", "EVENT-10", True,
        "Until your next turn, any other character may move (1 action) from the cell directly below a "
        "revealed Walkway up onto it.",
    ),
    EventCard(
        "heads_up", "Heads Up!", "EVENT-11", False,
        "The next player gets 1 extra action on its next turn.",
    ),
    EventCard(
        "jump_the_gun", "Jump the Gun", "EVENT-12", False,
        "The next player's next turn is skipped, its guard move included.",
    ),
    EventCard("jury_rig", "Jury-Rig", "EVENT-13", False, "Draw a Tool."),
    EventCard("keycode_change", "Keycode Change", "EVENT-14", False, "Remove every keypad-open token."),
    EventCard("lampshade", "Lampshade", "EVENT-15", False, "Gain 1 Stealth."),
    EventCard(
        "lost_grip", "Lost Grip", "EVENT-16", False,
        "Fall to the cell directly below (no Stealth loss); on floor 1 nothing happens.",
    ),
    EventCard(
        "peekhole", "Peekhole", "EVENT-17", False,
        "Peek a face-down tile sharing a side with yours (walls ignored) or directly above or below; "
        "mandatory if one exists.",
    ),
    EventCard(
        "reboot", "Reboot", "EVENT-18", False,
        "Every revealed Computer Room ends with exactly 1 hack token.",
    ),
    EventCard(
        "shift_change", "Shift Change", "EVENT-19", False,
        "Your floor's guard does not move this turn; every placed guard of another floor moves instead.",
    ),
    EventCard(
        "shoplifting", "Shoplifting", "EVENT-20", False,
        "Trigger an alarm (not hackable) on every looted Laboratory.",
    ),
    EventCard(
        "squeak", "Squeak!", "EVENT-21", False,
        "Your floor's guard takes one step toward the nearest character on that floor.",
    ),
    EventCard(
        "switch_signs", "Switch Signs", "EVENT-22", False,
        "If your floor has no alarm token, its guard and his die swap cells; otherwise the guard "
        "teleports to the nearest alarm and switches it off.",
    ),
    EventCard(
        "throw_voice", "Throw Voice", "EVENT-23", False,
        "If your floor has no alarm token, move its guard's die to a cell adjacent to it.",
    ),
    EventCard(
        "time_lock", "Time Lock", "EVENT-24", True,
        "Until your next turn, no character may move along Stairs, the roof link or Thermal Bomb links.",
    ),
    EventCard(
        "video_loop", "Video Loop", "EVENT-25", True,
        "Until your next turn, Cameras trigger no alarms.",
    ),
    EventCard(
        "where_is_he", "Where Is He?", "EVENT-26", False,
        "Your floor's guard teleports to his die (with alarms: to the nearest alarm, switching it off) "
        "and gets a new destination.",
    ),
)

TOOL_BY_KEY: dict[str, ToolCard] = {tool.key: tool for tool in TOOLS}
LOOT_BY_KEY: dict[str, LootCard] = {loot.key: loot for loot in LOOT}
EVENT_BY_KEY: dict[str, EventCard] = {event.key: event for event in EVENTS}

# Decks before shuffling (SETUP-7): card keys, alphabetical, copies expanded.
TOOL_DECK: tuple[str, ...] = tuple(sorted(tool.key for tool in TOOLS))
LOOT_DECK: tuple[str, ...] = tuple(sorted(loot.key for loot in LOOT for _ in range(loot.copies)))
EVENT_DECK: tuple[str, ...] = tuple(sorted(event.key for event in EVENTS))

# The three round effects (TURN-9).
ROUND_EFFECT_EVENT_KEYS: tuple[str, ...] = tuple(event.key for event in EVENTS if event.round_effect)
