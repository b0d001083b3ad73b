"""What happened: the structured record an action returns, and its English text.

Each kind has one text template (data, so it can be translated later). Records are
cheap tuples; the text is only built when asked for.

>>> h = Happening("guard_step", "GUARD-7", cell=17, value=2)
>>> h.text
'Guard of floor 2 steps to 2B1 (2 MP left).'
"""

from __future__ import annotations

from typing import NamedTuple

from burgle.geometry.board import ROOF, cell_name, floor_of

TEMPLATES: dict[str, str] = {
    "turn_start": "Turn {value}: seat {seat} ({who}) begins.",
    "placed": "{who} enters the building at {cell}.",
    "allowance": "{who} has {value} actions this turn.",
    "reveal": "{cell} is revealed: {tile}.",
    "peek": "{who} peeks at {cell}: {tile}.",
    "move": "{who} moves to {cell}.",
    "walk_down": "{who} walks down from the Walkway to {cell}.",
    "fall": "{who} falls to {cell}.",
    "blocked": "{who} does not get into {cell} and stays put.",
    "deadbolt_paid": "{who} pays 2 more actions to get through the Deadbolt at {cell}.",
    "keypad_roll": "{who} rolls {value} at the Keypad on {cell}.",
    "keypad_open": "The Keypad on {cell} opens.",
    "laser_quiet": "{who} pays 1 more action to cross the Laser at {cell} quietly.",
    "spent": "{who} has spent {value} actions.",
    "stealth_lost": "{who} loses 1 Stealth ({value} left).",
    "stealth_tile": "{who} loses 1 Stealth, paid with a token on {cell}.",
    "stealth_gained": "{who} gains 1 Stealth ({value} now).",
    "captured": "{who} is seen with no Stealth left and is captured. The team loses.",
    "alarm": "Alarm! A token goes on {cell}.",
    "alarm_cancelled": "The alarm on {cell} does not go off: {value}.",
    "alarm_hacked": "A hack token cancels the alarm on {cell} ({value}).",
    "alarm_off": "The guard switches off the alarm on {cell}.",
    "alarm_removed": "The alarm on {cell} is removed.",
    "destination": "Guard of floor {floor} now heads for {cell}.",
    "patrol_draw": "Floor {floor} patrol card drawn: {cell}.",
    "patrol_redraw": "The patrol card names the guard's own cell {cell}: he has arrived, draw again.",
    "reshuffle": "Floor {floor} patrol deck is empty: all 16 cards are shuffled and {value} removed face down.",
    "speed_max": "The floor {floor} die already shows 6 and stays there.",
    "speed": "Guard of floor {floor} now moves {value} (die).",
    "guard_placed": "The floor {floor} guard appears on {cell}.",
    "guard_moves": "Guard of floor {floor} moves with {value} MP.",
    "guard_step": "Guard of floor {floor} steps to {cell} ({value} MP left).",
    "crow_cost": "The crow on {cell} costs the guard 1 more MP ({value} left).",
    "guard_stays": "Guard of floor {floor} does not move: {value}.",
    "guard_teleport": "Guard of floor {floor} is moved to {cell}.",
    "hack": "{who} adds a hack token to {cell} ({value} now).",
    "safe_die": "{who} adds a die to the Safe on {cell} ({value} dice).",
    "safe_roll": "{who} rolls the Safe on {cell}: {value}.",
    "cracked_token": "{cell} is cracked.",
    "safe_cracked": "The Safe on {cell} is cracked!",
    "tool_drawn": "{who} draws the tool {value}.",
    "loot_drawn": "{who} takes the loot {value}.",
    "card_laid": "{value} is laid on {cell}, to be picked up there.",
    "no_tool": "The tool deck is empty: no tool.",
    "thermo": "{who} ends the actions on a Thermo.",
    "event": "Event: {value}.",
    "event_effect": "{value}",
    "escaped": "{who} escapes to the roof!",
    "won": "Every character has escaped. The team wins!",
    "turn_skipped": "Seat {seat} ({who}) skips this turn.",
    "round_effect_ends": "{value} ends.",
    "card": "{value}",
}


class Happening(NamedTuple):
    kind: str
    rule: str
    cell: int | None = None
    seat: int | None = None
    value: object = None
    who: str | None = None
    tile: str | None = None

    @property
    def text(self) -> str:
        template = TEMPLATES.get(self.kind, "{kind}: {value}")
        return template.format(
            kind=self.kind,
            cell="the roof" if self.cell == ROOF else (cell_name(self.cell) if self.cell is not None else "?"),
            floor=floor_of(self.cell) if self.cell is not None and self.cell < ROOF else "?",
            seat=self.seat,
            value=self.value,
            who=self.who or (f"seat {self.seat}" if self.seat is not None else "someone"),
            tile=self.tile,
        )

    def __str__(self) -> str:
        return self.text
