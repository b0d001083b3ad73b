"""Hacking and safes (RULES.md ACT-9..12, TILE-15)."""

from __future__ import annotations

from burgle.data.tiles import MAX_HACK_TOKENS
from burgle.geometry.board import CELLS_PER_FLOOR, COLS, floor_of
from burgle.engine import draws
from burgle.engine.cards import items, tools
from burgle.engine.context import Rules

N = CELLS_PER_FLOOR


def combination(safe_cell: int) -> list[int]:
    """ACT-11: the 6 other cells in the Safe's row and column on its floor."""
    base = safe_cell - safe_cell % N
    i = safe_cell % N
    row, col = divmod(i, COLS)
    same_row = [base + row * COLS + c for c in range(COLS) if c != col]
    same_col = [base + r * COLS + col for r in range(N // COLS) if r != row]
    return same_row + same_col


def hack(g: Rules, ch):
    g.s.spent += 1
    t = g.s.set_tile(ch.cell, hack=min(MAX_HACK_TOKENS, g.s.tiles[ch.cell].hack + 1))
    g.note("hack", "ACT-9", cell=ch.cell, seat=ch.seat, value=t.hack, who=g.who(ch))
    yield from ()


def add_die(g: Rules, ch, safe_cell: int):
    g.s.spent += 2
    t = g.s.set_tile(safe_cell, dice=g.s.tiles[safe_cell].dice + 1)
    g.note("safe_die", "ACT-10", cell=safe_cell, seat=ch.seat, value=t.dice, who=g.who(ch))
    yield from ()


def roll(g: Rules, ch, safe_cell: int):
    """ACT-11: roll the Safe's dice (+1 for the basic Peterman); crack matching face-up tiles."""
    s = g.s
    t = s.tiles[safe_cell]
    s.spent += 1
    count = t.dice + g.extra_dice(ch)
    dice = yield from draws.roll(g, count, "ACT-11")
    g.note("safe_roll", "ACT-11", cell=safe_cell, seat=ch.seat, value=dice, who=g.who(ch))
    dice = yield from tools.after_safe_roll(g, ch, safe_cell, dice)
    faces = set(dice)
    for c in combination(safe_cell):
        ct = s.tiles[c]
        if ct.revealed and not ct.cracked and ct.number in faces:
            s.set_tile(c, cracked=True)
            g.note("cracked_token", "ACT-11", cell=c)
    if all(s.tiles[c].cracked for c in combination(safe_cell)):
        yield from crack(g, ch, safe_cell)


def crack(g: Rules, ch, safe_cell: int):
    """ACT-12: the cracker draws a Tool, then a Loot; dice of this floor and below rise."""
    s = g.s
    s.set_tile(safe_cell, cracked=True)
    g.note("safe_cracked", "ACT-12", cell=safe_cell)
    drilled = ch.cell != safe_cell  # CHAR-10: rewards lie on the Safe (DEC-22)
    yield from items.draw_tool(g, ch, "ACT-12", lay_on=safe_cell if drilled else None)
    if s.outcome:
        return
    yield from items.draw_loot(g, ch, safe_cell, lay_on=safe_cell if drilled else None)
    for guard in s.guards[: floor_of(safe_cell)]:
        if guard.speed < 6:
            guard.speed += 1
            g.note("speed", "ACT-12", cell=N * (guard.floor - 1), value=guard.speed)
