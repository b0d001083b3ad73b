"""Alarms and hacking (RULES.md ALARM-1..6).

Rule functions here are generators: they ``yield`` a :class:`~burgle.engine.game.Choice`
when the rules hand a decision to the players and receive the chosen action back.
"""

from __future__ import annotations

from burgle.geometry.board import CELLS_PER_FLOOR, floor_of
from burgle.data.tiles import COMPUTER_ROOM_FOR_ALARM, HACKABLE_ALARMS
from burgle.engine import patrol
from burgle.engine.actions import act
from burgle.engine.context import Rules

HACKABLE = HACKABLE_ALARMS  # ALARM-1
COMPUTER_ROOM = COMPUTER_ROOM_FOR_ALARM


def floor_cells(floor: int) -> range:
    start = CELLS_PER_FLOOR * (floor - 1)
    return range(start, start + CELLS_PER_FLOOR)


def alarms_on_floor(g: Rules, floor: int) -> list[int]:
    tiles = g.s.tiles
    return [c for c in floor_cells(floor) if tiles[c].alarm]


def cancel_reason(g: Rules, cell: int, kind: str | None, own: bool, by=None, arrival: bool = False) -> str | None:
    """ALARM-2.1: why an alarm on *cell* would not be placed, or None if it would.

    *kind* is the alarm's type (a tile key for tile alarms, None for others); *own* is
    True when the alarm comes from the tile's own text; *by* is the character
    triggering it, if any; *arrival* marks an alarm caused by that character arriving.
    """
    s = g.s
    tile = s.tiles[cell]
    if s.emp_seat is not None:
        return "an E.M.P. is active (TOOL-6)"
    if own and tile.crowbar:
        return "the tile is disabled by the Crowbar (TOOL-2)"
    if kind in HACKABLE:
        hacker = g.ability_holder("jammer")
        if hacker is not None and (hacker is by or (hacker.on_board and hacker.cell == cell)):
            return "the Hacker's Jammer blocks it (CHAR-3)"
    guard = s.guards[floor_of(cell) - 1]
    if guard.cell == cell:
        return "the guard stands on that tile (ALARM-2)"
    if tile.alarm:
        return "the tile already has an alarm token (DEC-17)"
    if kind == "camera" and g.round_effect_active("video_loop"):
        return "Video Loop is active (EVENT-25)"
    if kind == "laser" and by is not None and "mirror" in by.loot:
        return "the Mirror's holder never triggers Lasers (LOOT-8)"
    if arrival and by is not None and by.seat == s.active and "invisible_suit" in s.turn_effects and kind == "camera":
        return "the Invisible Suit hides its wearer (TOOL-7)"
    return None


def hack_sources(g: Rules, kind: str) -> list[str]:
    """ALARM-2.2: hack tokens that could cancel an alarm of this kind."""
    if kind not in HACKABLE:
        return []
    sources = []
    room = COMPUTER_ROOM[kind]
    if any(t.kind == room and t.hack > 0 for t in g.s.tiles):
        sources.append("computer")
    if any(ch.token and ch.name == "hacker" and ch.side == "advanced" and not ch.escaped for ch in g.s.characters):
        sources.append("laptop")
    return sources


def trigger(g: Rules, cell: int, kind: str | None, own: bool = True, by=None, arrival: bool = False, rule: str = "ALARM-2"):
    """Trigger one alarm on *cell* (ALARM-2). Returns True if a token was placed."""
    placed = yield from trigger_many(g, [(cell, kind, own)], by=by, arrival=arrival, rule=rule)
    return bool(placed)


def trigger_many(g: Rules, alarms, by=None, arrival: bool = False, rule: str = "ALARM-2"):
    """Trigger several alarms at one moment (CONV-9): place them all, then move each
    affected floor's die once. *alarms* is a list of (cell, kind, own). Returns the cells
    that received a token."""
    s = g.s
    placed = []
    for cell, kind, own in alarms:
        reason = cancel_reason(g, cell, kind, own, by, arrival)
        if reason is not None:
            g.note("alarm_cancelled", "ALARM-2", cell=cell, value=reason)
            continue
        sources = hack_sources(g, kind)
        if sources:
            options = [act("cancel-alarm", src) for src in sources] + [act("allow-alarm")]
            choice = yield from g.ask(
                s.active, f"A {kind} alarm is about to go off on {g.name(cell)}: spend a hack token?",
                "ALARM-2", options,
            )
            if choice.verb == "cancel-alarm":
                spend_hack_token(g, kind, choice.args[0])
                g.note("alarm_hacked", "ALARM-6", cell=cell, value=choice.args[0])
                continue
        s.set_tile(cell, alarm=True)
        placed.append(cell)
        g.note("alarm", rule, cell=cell)
    for floor in sorted({floor_of(c) for c in placed}):
        guard = s.guards[floor - 1]
        if guard.placed:
            yield from die_to_nearest(g, guard)
    return placed


def spend_hack_token(g: Rules, kind: str, source: str) -> None:
    if source == "computer":
        room = COMPUTER_ROOM[kind]
        for c, t in enumerate(g.s.tiles):
            if t.kind == room and t.hack > 0:
                g.s.set_tile(c, hack=t.hack - 1)
                return
    else:
        for ch in g.s.characters:
            if ch.token and ch.name == "hacker" and ch.side == "advanced":
                ch.token = False
                return


def die_to_nearest(g: Rules, guard):
    """ALARM-3: the die goes to the alarm nearest the guard; players choose between ties."""
    alarms = alarms_on_floor(g, guard.floor)
    if not alarms or not guard.placed:
        return
    table = g.table(guard.floor)
    here = guard.cell % CELLS_PER_FLOOR
    dist = {c: table.dist[here * CELLS_PER_FLOOR + c % CELLS_PER_FLOOR] for c in alarms}
    best = min(dist.values())
    tied = [c for c in alarms if dist[c] == best]
    if len(tied) == 1:
        target = tied[0]
    else:
        choice = yield from g.ask(
            g.s.active,
            f"The floor {guard.floor} guard is equally near the alarms on "
            + ", ".join(g.name(c) for c in tied) + ": which does he head for?",
            "ALARM-3", [act("alarm", c) for c in tied],
        )
        target = choice.args[0]
    guard.die = target
    g.note("destination", "ALARM-3", cell=target)


def remove_alarms(g: Rules, cells, draws_per_alarm: bool = False, rule: str = "ALARM-5"):
    """ALARM-5: alarms removed by an effect. Afterwards, on each affected floor, the die
    goes to the nearest remaining alarm, or the guard draws a patrol card (DEC-16). With
    *draws_per_alarm* (Brown Out, EVENT-1) he draws one card per alarm removed instead."""
    s = g.s
    removed: dict[int, int] = {}
    for c in cells:
        if s.tiles[c].alarm:
            s.set_tile(c, alarm=False)
            removed[floor_of(c)] = removed.get(floor_of(c), 0) + 1
            g.note("alarm_removed", rule, cell=c)
    for floor in sorted(removed):
        guard = s.guards[floor - 1]
        if not guard.placed:
            continue
        if draws_per_alarm:
            for _ in range(removed[floor]):
                yield from patrol.draw_patrol(g, guard)
        elif alarms_on_floor(g, floor):
            if not s.tiles[guard.die].alarm if guard.die is not None else True:
                yield from die_to_nearest(g, guard)
        else:
            yield from patrol.draw_patrol(g, guard)
