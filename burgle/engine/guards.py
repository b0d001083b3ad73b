"""Guards: patrol cards, movement, arrival, and what a guard sees (RULES.md GUARD, END-2..4)."""

from __future__ import annotations

from burgle.geometry.board import CELLS_PER_FLOOR, floor_of
from burgle.engine import alarms, patrol
from burgle.engine.actions import act
from burgle.engine.context import Rules

N = CELLS_PER_FLOOR


def arrive(g: Rules, guard):
    """GUARD-11: at his destination, the die goes to the nearest alarm, or he draws."""
    if alarms.alarms_on_floor(g, guard.floor):
        yield from alarms.die_to_nearest(g, guard)
    else:
        yield from patrol.draw_patrol(g, guard)


def place_guard(g: Rules, guard, arriving=None):
    """GUARD-2: the guard appears on his first card's cell, then the die is set (a waiting
    alarm takes it, ALARM-2.3). The appearance is an entry for everyone but *arriving*."""
    card = yield from patrol.take_card(g, guard)
    guard.cell = card
    g.note("guard_placed", "GUARD-2", cell=card)
    yield from guard_enters(g, guard, card, step=False, exclude=arriving)
    yield from arrive(g, guard)


# ----------------------------------------------------------------------------- sight and Stealth

def pay_stealth(g: Rules, losses, rule: str, by_guard: bool = True):
    """Charge each character in *losses* 1 Stealth, in turn order from the active seat
    (CONV-9, DEC-53); each chooses its source when its tile has tokens (END-3). A
    character with nothing to pay is captured if a guard saw it (END-4), else nothing
    happens (END-5)."""
    s = g.s
    n = len(s.characters)
    for ch in sorted(losses, key=lambda c: (c.seat - s.active) % n):
        yield from lose_one(g, ch, rule, by_guard)


def lose_one(g: Rules, ch, rule: str, by_guard: bool = True):
    s = g.s
    tile = s.tiles[ch.cell] if ch.cell is not None else None
    on_tile = tile is not None and tile.stealth > 0
    if on_tile and ch.stealth > 0:
        choice = yield from g.ask(
            ch.seat, f"{g.who(ch)} loses 1 Stealth: pay with your own token or one on {g.name(ch.cell)}?",
            "END-3", [act("stealth", "own"), act("stealth", "tile")],
        )
        use_tile = choice.args[0] == "tile"
    else:
        use_tile = on_tile
    if use_tile:
        assert tile is not None and ch.cell is not None
        s.set_tile(ch.cell, stealth=tile.stealth - 1)
        g.note("stealth_tile", rule, cell=ch.cell, seat=ch.seat, who=g.who(ch))
    elif ch.stealth > 0:
        ch.stealth -= 1
        g.note("stealth_lost", rule, cell=ch.cell, seat=ch.seat, value=ch.stealth, who=g.who(ch))
    elif by_guard:
        g.note("captured", "END-4", cell=ch.cell, seat=ch.seat, who=g.who(ch))
        g.game_over("lost", f"{g.who(ch)} was captured on {g.name(ch.cell)}")


def guards_seeing_arrival(g: Rules, ch, cell: int, flex: bool = False, tiara: bool = True) -> list:
    """END-2 a, c, d, e for a character arriving on *cell*: the guards who see it (one
    Stealth per guard, DEC-36). *tiara* False: an arrival LOOT-12 does not name (only
    counting moves, Orders and walk-down do)."""
    s = g.s
    tile = s.tiles[cell]
    floor = floor_of(cell)
    seeing = []
    guard = s.guards[floor - 1]
    here = guard.cell
    if here is not None:
        if here == cell and not flex:
            seeing.append(guard)
        elif here != cell:
            near = g.adjacent(here, cell)
            if near and tile.kind == "foyer" and tile.revealed:
                seeing.append(guard)  # TILE-9
            elif near and tiara and "tiara" in ch.loot:
                seeing.append(guard)  # LOOT-12
    if tile.kind == "atrium" and tile.revealed:  # TILE-1, DEC-51
        for other in (cell - N, cell + N):
            if 0 <= other < len(s.tiles):  # no floor above the top one (JOB-4)
                og = s.guards[floor_of(other) - 1]
                if og.cell == other:
                    seeing.append(og)
    return seeing


def arrival_sight(g: Rules, ch, cell: int, flex: bool = False, tiara: bool = True):
    """ACT-5.6: the arriving character pays for every guard that sees it."""
    s = g.s
    if ch.seat == s.active and "invisible_suit" in s.turn_effects:
        return  # TOOL-7, DEC-26
    for _ in guards_seeing_arrival(g, ch, cell, flex, tiara):
        yield from lose_one(g, ch, "END-2")


def guard_enters(g: Rules, guard, cell: int, step: bool, exclude=None):
    """GUARD-12: a guard entering *cell* (step, placement or teleport). Returns the MP the
    crow costs on top (GUARD-12f)."""
    s = g.s
    tile = s.tiles[cell]
    if tile.alarm:  # (a) ALARM-4
        tile = s.set_tile(cell, alarm=False)
        g.note("alarm_off", "ALARM-4", cell=cell)
    seen = []
    tiles = s.tiles
    floor_index = guard.floor - 1
    for ch in s.characters:
        where = ch.cell
        if where is None or ch.escaped or ch is exclude:  # not on the board
            continue
        if where == cell:  # (b)
            seen.append(ch)
        elif where // N == floor_index:
            if tiles[where].kind == "foyer" and g.adjacent(where, cell):  # (c) TILE-9
                seen.append(ch)
        elif tiles[where].kind == "atrium" and abs(where - cell) == N:  # (d) TILE-1
            seen.append(ch)
    if seen:
        yield from pay_stealth(g, seen, "GUARD-12")
    tile = s.tiles[cell]
    if tile.kind == "camera" and tile.working and not g.round_effect_active("video_loop"):  # (e) TILE-2
        cams = sorted({
            c for c in (ch.cell for ch in s.characters if ch.on_board and ch is not exclude)  # GUARD-2: not
            if c is not None and c != cell and s.tiles[c].kind == "camera" and s.tiles[c].working  # the arriver
        })
        if cams:
            yield from alarms.trigger_many(g, [(c, "camera", True) for c in cams], rule="TILE-2")
    if step and s.crow == cell:  # (f) CHAR-11
        raven = g.ability_holder("distract")
        if raven is not None:
            return 1
    return 0


# ----------------------------------------------------------------------------- movement

def movement_points(g: Rules, guard) -> int:
    """GUARD-6: die + alarms on his floor + Espresso − Daydreaming, at least 0."""
    s = g.s
    mp = guard.speed + len(alarms.alarms_on_floor(g, guard.floor))
    if s.turn_effects:
        mp += s.turn_effects.count(f"espresso:{guard.floor}")
        mp -= s.turn_effects.count(f"daydreaming:{guard.floor}")
    return max(0, mp)


def guard_phase_move(g: Rules, guard, mp: int | None = None):
    """GUARD-5..7: one guard-phase move. *mp*: the movement points, when analysis gives
    them (``Game.guard_walk``); by default GUARD-6 counts them."""
    s = g.s
    if not guard.placed:
        return
    if guard.donuts:  # TOOL-4
        guard.donuts = False
        s.tool_discard.append("donuts")
        g.note("guard_stays", "TOOL-4", cell=guard.cell, value="he eats the Donuts")
        return
    if s.crow == guard.cell and g.ability_holder("disrupt") is not None and not alarms.alarms_on_floor(g, guard.floor):
        s.crow = None  # CHAR-12: the crow returns to the Raven
        g.note("guard_stays", "CHAR-12", cell=guard.cell, value="the crow disrupts him")
        return
    if mp is None:
        mp = movement_points(g, guard)
    g.note("guard_moves", "GUARD-6", cell=guard.cell, value=mp)
    table = g.table(guard.floor)
    base = N * (guard.floor - 1)
    while mp > 0 and s.outcome is None:
        here, dest = guard.cell - base, guard.die - base
        nxt = base + table.step[here * N + dest]
        guard.cell = nxt
        mp -= 1
        g.note("guard_step", "GUARD-7", cell=nxt, value=mp)
        extra = yield from guard_enters(g, guard, nxt, step=True)
        if extra:
            mp -= extra
            g.note("crow_cost", "CHAR-11", cell=nxt, value=max(mp, 0))
        if nxt == guard.die:
            yield from arrive(g, guard)


def teleport(g: Rules, guard, cell: int, then_arrive: bool):
    """GUARD-14: a forced move; resolves GUARD-12 a–e, then GUARD-11 when due."""
    guard.cell = cell
    g.note("guard_teleport", "GUARD-14", cell=cell)
    yield from guard_enters(g, guard, cell, step=False)
    if then_arrive or guard.die == cell:
        yield from arrive(g, guard)
