"""Events (RULES.md EVENT-0..26).

Each effect is a generator ``effect(g, ch)``; *ch* is the drawer, the active character
(TURN-6). "Your floor/tile" is the drawer's at the moment the effect resolves (CONV-6).
Choices are asked of the active seat with ``g.ask`` (CONV-7); an effect with no legal
target does nothing (CONV-8). Round effects (Gymnastics, Time Lock, Video Loop) only
need to lie in front of their drawer (``s.round_effects``): the core rules read them.
"""

from __future__ import annotations

from burgle.geometry.board import CELLS_PER_FLOOR, floor_of, orthogonal_neighbours
from burgle.data.tiles import COMPUTER_ROOMS
from burgle.engine import alarms, draws, guards, moves, patrol, seats
from burgle.engine.cards import items
from burgle.engine.actions import act
from burgle.engine.context import Rules
from burgle.engine.state import replaced

N = CELLS_PER_FLOOR
ROUND = ("gymnastics", "time_lock", "video_loop")


def draw_event(g: Rules, ch):
    """EVENT-0: draw the top Event and resolve it at once (the deck reshuffles, DEC-33)."""
    s = g.s
    if not s.event_deck:
        s.event_deck = s.event_discard
        s.event_discard = []
        s.chance.shuffle(s.event_deck)
        s.event_known = (0, 0)
        g.note("event_effect", "DEC-33", seat=ch.seat,
                         value=f"The Event deck is empty: {len(s.event_deck)} discarded Events are shuffled into a new deck.")
        if not s.event_deck:  # every card lies in front of players: nothing to draw
            return
    yield from draws.event_top(g)
    s.event_known = draws.known_after_pop(s.event_known, len(s.event_deck))
    key = s.event_deck.pop()
    g.note("event", "TURN-4", seat=ch.seat, value=g.card_name(key))
    effect = EFFECTS.get(key)
    if effect is not None and ch.on_board:  # CONV-6
        yield from effect(g, ch)
    if key in ROUND:
        s.round_effects.append((ch.seat, key))
    else:
        s.event_discard.append(key)


# ----------------------------------------------------------------------------- helpers

def _say(g: Rules, rule: str, text: str, **kw) -> None:
    g.note("event_effect", rule, value=text, **kw)


def _floor(ch) -> int:
    return floor_of(ch.cell)


def _your_guard(g: Rules, ch):
    """EVENT-0: the guard of the active character's floor (None if not placed)."""
    guard = g.s.guards[_floor(ch) - 1]
    return guard if guard.placed else None


def _your_guard_without_alarms(g: Rules, ch):
    """DEC-4: your floor's guard, or None (the Event does nothing) if he is not placed or
    your floor has an alarm token."""
    guard = _your_guard(g, ch)
    if guard is not None and alarms.alarms_on_floor(g, guard.floor):
        _say(g, "DEC-4", "Your floor has an alarm token: nothing happens.")
        return None
    return guard


def _nearest_alarm(g: Rules, guard, rule: str):
    """ALARM-3: the alarm token of his floor nearest the guard; players choose between ties."""
    table = g.table(guard.floor)
    here = guard.cell % N
    cells = alarms.alarms_on_floor(g, guard.floor)
    dist = {c: table.dist[here * N + c % N] for c in cells}
    best = min(dist.values())
    tied = [c for c in cells if dist[c] == best]
    choice = yield from g.ask(
        g.s.active, f"The floor {guard.floor} guard is equally near the alarms on "
        + ", ".join(g.name(c) for c in tied) + ": which one does he go to?", rule,
        [act("alarm", c) for c in tied])
    return choice.args[0]


def _to_nearest_alarm(g: Rules, guard, rule: str):
    """DEC-5: teleport to the nearest alarm (ALARM-3 ties), switch it off (GUARD-12a),
    then GUARD-11 sets the destination (GUARD-14)."""
    target = yield from _nearest_alarm(g, guard, rule)
    _say(g, rule, f"The floor {guard.floor} guard rushes to the alarm on {g.name(target)}.", cell=target)
    yield from guards.teleport(g, guard, target, then_arrive=True)


def _your_guard_unless_rushing(g: Rules, ch, rule: str):
    """DEC-5: your floor's guard; with an alarm on your floor he rushes to the nearest one
    (_to_nearest_alarm) and the Event is done. Returns None when there is nothing more to do."""
    guard = _your_guard(g, ch)
    if guard is not None and alarms.alarms_on_floor(g, guard.floor):
        yield from _to_nearest_alarm(g, guard, rule)
        return None
    return guard


# ----------------------------------------------------------------------------- the Events

def brown_out(g: Rules, ch):
    """EVENT-1: every alarm token goes; each guard draws one card per alarm removed on his
    floor, in turn, the last setting his destination (DEC-16)."""
    cells = [c for c, t in enumerate(g.s.tiles) if t.alarm]
    if not cells:
        _say(g, "EVENT-1", "There is no alarm token to remove.")
        return
    yield from alarms.remove_alarms(g, cells, draws_per_alarm=True, rule="EVENT-1")


def buddy_system(g: Rules, ch):
    """EVENT-2: another character on the board comes onto your tile (non-counting arrival)."""
    s = g.s
    others = [o for o in s.characters if o is not ch and o.on_board and o.cell != ch.cell]
    if not others:
        _say(g, "EVENT-2", "No other character can be brought here: nothing happens.")
        return
    choice = yield from g.ask(ch.seat, f"Buddy System: which character comes to {g.name(ch.cell)}?", "EVENT-2",
                              [act("character", o.seat) for o in others])
    buddy = s.characters[choice.args[0]]
    yield from moves.non_counting_arrival(g, buddy, ch.cell, fall=False, rule="EVENT-2")


def change_of_plans(g: Rules, ch):
    """EVENT-3 / DEC-4: with no alarm on your floor its guard draws a patrol card."""
    guard = _your_guard_without_alarms(g, ch)
    if guard is None:
        return
    yield from patrol.draw_patrol(g, guard)


def crash(g: Rules, ch):
    """EVENT-4 / DEC-4: with no alarm on your floor its die moves to your tile; if the
    guard stands there he has arrived (GUARD-3, GUARD-11)."""
    guard = _your_guard_without_alarms(g, ch)
    if guard is None:
        return
    if guard.cell == ch.cell:
        _say(g, "EVENT-4", "The guard already stands on your tile: he has arrived.", cell=ch.cell)
        yield from guards.arrive(g, guard)
        return
    guard.die = ch.cell
    g.note("destination", "EVENT-4", cell=ch.cell)


def daydreaming(g: Rules, ch):
    """EVENT-5: your floor's guard has 1 MP less if he moves this turn (GUARD-6)."""
    g.s.turn_effects.append(f"daydreaming:{_floor(ch)}")
    _say(g, "EVENT-5", f"The floor {_floor(ch)} guard moves 1 less this turn.")
    yield from ()


def dead_drop(g: Rules, ch):
    """EVENT-6 / DEC-30: all your Tools and Loot go to the player on your right; a Gold
    Bar that would be the receiver's second stays with you (LOOT-5)."""
    s = g.s
    seat = seats.previous_seat(g, ch.seat)
    if seat == ch.seat:
        _say(g, "EVENT-6", "There is no one on your right: nothing happens.")
        yield from ()
        return
    other = s.characters[seat]
    given = []
    for key in list(ch.tools):
        ch.tools.remove(key)
        other.tools.append(key)
        given.append(key)
    for key in list(ch.loot):
        if key == "gold_bar" and "gold_bar" in other.loot:
            continue  # LOOT-5: stays with the giver
        ch.loot.remove(key)
        other.loot.append(key)
        given.append(key)
    if given:
        _say(g, "EVENT-6", f"{g.who(ch)} hands {', '.join(g.card_name(k) for k in given)} to {g.who(other)}.",
             seat=ch.seat)
    else:
        _say(g, "EVENT-6", f"{g.who(ch)} has nothing to hand over.", seat=ch.seat)
    yield from ()


def espresso(g: Rules, ch):
    """EVENT-7: your floor's guard has 1 MP more if he moves this turn (GUARD-6)."""
    g.s.turn_effects.append(f"espresso:{_floor(ch)}")
    _say(g, "EVENT-7", f"The floor {_floor(ch)} guard moves 1 more this turn.")
    yield from ()


def freight_elevator(g: Rules, ch):
    """EVENT-8 / DEC-6 / DEC-11: below the top floor: fall to the cell directly above; on
    the top floor (floor 3, or 2 in The Office Job: JOB-4): escape if the ACT-15 conditions
    hold (automatic), else nothing."""
    up = moves.above(ch.cell, len(g.s.tiles))
    if up is not None:
        yield from moves.fall(g, ch, up, "EVENT-8")
        return
    unmet = moves.escape_conditions(g)
    if unmet is not None:
        _say(g, "EVENT-8", f"The elevator reaches the roof but the team cannot escape yet: {unmet[0]}.")
        return
    _say(g, "EVENT-8", f"The Freight Elevator takes {g.who(ch)} to the roof.", seat=ch.seat)
    yield from moves.leave(g, ch)  # ACT-15: leaving a Motion tile still triggers it
    if g.s.outcome:
        return
    moves.escape(g, ch)


def go_with_your_gut(g: Rules, ch):
    """EVENT-9: a free counting move into an adjacent face-down tile; extras cannot be paid."""
    s = g.s
    targets = [c for c in g.neighbours(ch.cell) if not s.tiles[c].revealed]
    if not targets:
        _say(g, "EVENT-9", "No face-down tile is adjacent: nothing happens.")
        return
    choice = yield from g.ask(ch.seat, "Go With Your Gut: move into which face-down tile?", "EVENT-9",
                              [act("cell", c) for c in targets])
    yield from moves.counting_move(g, ch, choice.args[0], "adjacent", base_cost=0, can_pay_extra=False,
                                   rule="EVENT-9")


def gymnastics(g: Rules, ch):
    """EVENT-10: round effect, read by moves.links_from (anyone but the drawer, DEC-7)."""
    _say(g, "EVENT-10", "Until your next turn the others may climb from below onto a revealed Walkway.")
    yield from ()


def heads_up(g: Rules, ch):
    """EVENT-11 / DEC-31: +1 action on the next player's next turn that is not skipped."""
    seat = seats.next_seat(g, ch.seat)
    g.s.heads_up = replaced(g.s.heads_up, seat, g.s.heads_up[seat] + 1)
    _say(g, "EVENT-11", f"{g.who(g.s.characters[seat])} will have 1 more action next turn.", seat=seat)
    yield from ()


def jump_the_gun(g: Rules, ch):
    """EVENT-12 / DEC-31: the next player's next turn is skipped (TURN-10)."""
    seat = seats.next_seat(g, ch.seat)
    g.s.skip = replaced(g.s.skip, seat, True)
    _say(g, "EVENT-12", f"{g.who(g.s.characters[seat])} will skip the next turn.", seat=seat)
    yield from ()


def jury_rig(g: Rules, ch):
    """EVENT-13: draw a Tool (CHAR-13/14 apply; an empty deck gives nothing, DEC-33)."""
    yield from items.draw_tool(g, ch, "EVENT-13")


def keycode_change(g: Rules, ch):
    """EVENT-14: every keypad-open token is removed."""
    for c, t in enumerate(g.s.tiles):
        if t.keypad_open:
            g.s.set_tile(c, keypad_open=False)
            _say(g, "EVENT-14", f"The Keypad on {g.name(c)} locks again.", cell=c)
    yield from ()


def lampshade(g: Rules, ch):
    """EVENT-15: gain 1 Stealth (no maximum, DEC-48)."""
    ch.stealth += 1
    g.note("stealth_gained", "EVENT-15", cell=ch.cell, seat=ch.seat, value=ch.stealth, who=g.who(ch))
    yield from ()


def lost_grip(g: Rules, ch):
    """EVENT-16 / DEC-11: fall to the cell directly below; on floor 1 nothing."""
    down = moves.below(ch.cell)
    if down is None:
        _say(g, "EVENT-16", "There is no floor below: nothing happens.")
        return
    yield from moves.fall(g, ch, down, "EVENT-16")


def peekhole_targets(g: Rules, ch) -> list[int]:
    """EVENT-17: face-down cells sharing a side with yours (walls ignored), above and below."""
    here = ch.cell
    base = here - here % N
    cells = [base + i for i in orthogonal_neighbours(here % N)]
    cells += [c for c in (moves.above(here, len(g.s.tiles)), moves.below(here)) if c is not None]
    return [c for c in cells if not g.s.tiles[c].revealed]


def peekhole(g: Rules, ch):
    """EVENT-17 / DEC-55: peek one face-down tile in reach; mandatory if there is one."""
    targets = peekhole_targets(g, ch)
    if not targets:
        _say(g, "EVENT-17", "No face-down tile is in reach: nothing happens.")
        return
    choice = yield from g.ask(ch.seat, "Peekhole: peek at which tile?", "EVENT-17",
                              [act("cell", c) for c in targets])
    yield from moves.peek(g, ch, choice.args[0], "EVENT-17")


def reboot(g: Rules, ch):
    """EVENT-18: every revealed Computer Room ends with exactly 1 hack token."""
    for c, t in enumerate(g.s.tiles):
        if t.revealed and t.kind in COMPUTER_ROOMS:
            g.s.set_tile(c, hack=1)
            _say(g, "EVENT-18", f"The Computer Room on {g.name(c)} now holds 1 hack token.", cell=c)
    yield from ()


def shift_change(g: Rules, ch):
    """EVENT-19: the guard phase moves the other floors' placed guards instead (turns.guard_phase)."""
    g.s.turn_effects.append("shift_change")
    _say(g, "EVENT-19", f"The floor {_floor(ch)} guard stays; the guards of the other floors move instead.")
    yield from ()


def shoplifting(g: Rules, ch):
    """EVENT-20: an alarm (not hackable) on every looted Laboratory, placed together (CONV-9)."""
    labs = [c for c, t in enumerate(g.s.tiles) if t.kind == "laboratory" and t.looted]
    if not labs:
        _say(g, "EVENT-20", "No Laboratory has been looted: nothing happens.")
        return
    yield from alarms.trigger_many(g, [(c, None, False) for c in labs], rule="EVENT-20")


def squeak(g: Rules, ch):
    """EVENT-21 / DEC-43: your floor's guard takes one forced step (GUARD-14) along his route
    toward the nearest character on his floor; he stays if he is on a character's cell."""
    s = g.s
    guard = _your_guard(g, ch)
    if guard is None:
        return
    crew = [c for c in s.characters if c.cell is not None and c.on_board and floor_of(c.cell) == guard.floor]
    if any(c.cell == guard.cell for c in crew):
        _say(g, "EVENT-21", "The guard already stands on a character's cell: he stays.", cell=guard.cell)
        return
    table = g.table(guard.floor)
    base = N * (guard.floor - 1)
    here = guard.cell - base
    dist = {c.seat: table.dist[here * N + c.cell - base] for c in crew}
    best = min(dist.values())
    tied = [c for c in crew if dist[c.seat] == best]
    steps = {base + table.step[here * N + c.cell - base] for c in tied}
    target = tied[0]
    if len(steps) > 1:  # the choice matters only if the equally near characters pull him apart
        choice = yield from g.ask(s.active, "Squeak! The guard hears equally near characters: toward whom?",
                                  "EVENT-21", [act("character", c.seat) for c in tied])
        target = s.characters[choice.args[0]]
    nxt = base + table.step[here * N + target.cell - base]
    _say(g, "EVENT-21", f"The floor {guard.floor} guard hears a squeak and steps toward {g.who(target)}.",
         cell=nxt)
    yield from guards.teleport(g, guard, nxt, then_arrive=False)


def switch_signs(g: Rules, ch):
    """EVENT-22 / DEC-5: no alarm on your floor: the guard and his die swap cells (a teleport,
    no GUARD-11); with alarms: he goes to the nearest alarm, switches it off, GUARD-11."""
    guard = yield from _your_guard_unless_rushing(g, ch, "EVENT-22")
    if guard is None:
        return
    old_cell, old_die = guard.cell, guard.die
    guard.die = old_cell
    g.note("destination", "EVENT-22", cell=old_cell)
    yield from guards.teleport(g, guard, old_die, then_arrive=False)


def throw_voice(g: Rules, ch):
    """EVENT-23 / DEC-4 / DEC-55: no alarm on your floor: move the die to a cell adjacent to
    it (your choice); onto the guard's cell, he has arrived (GUARD-3)."""
    guard = _your_guard_without_alarms(g, ch)
    if guard is None:
        return
    choice = yield from g.ask(ch.seat, f"Throw Voice: move the floor {guard.floor} die from {g.name(guard.die)} to?",
                              "EVENT-23", [act("cell", c) for c in g.neighbours(guard.die)])
    cell = choice.args[0]
    guard.die = cell
    g.note("destination", "EVENT-23", cell=cell)
    if cell == guard.cell:
        yield from guards.arrive(g, guard)


def time_lock(g: Rules, ch):
    """EVENT-24: round effect, read by moves.restriction and legal (DEC-29)."""
    _say(g, "EVENT-24", "Until your next turn no one may use Stairs, the roof or thermal links.")
    yield from ()


def video_loop(g: Rules, ch):
    """EVENT-25: round effect, read by alarms and guards (TILE-2)."""
    _say(g, "EVENT-25", "Until your next turn Cameras trigger no alarms.")
    yield from ()


def where_is_he(g: Rules, ch):
    """EVENT-26 / DEC-5: your floor's guard teleports to his die and arrives; with alarms, to
    the nearest alarm, switching it off, then GUARD-11."""
    guard = yield from _your_guard_unless_rushing(g, ch, "EVENT-26")
    if guard is None:
        return
    yield from guards.teleport(g, guard, guard.die, then_arrive=True)


EFFECTS = {
    "brown_out": brown_out,
    "buddy_system": buddy_system,
    "change_of_plans": change_of_plans,
    "crash": crash,
    "daydreaming": daydreaming,
    "dead_drop": dead_drop,
    "espresso": espresso,
    "freight_elevator": freight_elevator,
    "go_with_your_gut": go_with_your_gut,
    "gymnastics": gymnastics,
    "heads_up": heads_up,
    "jump_the_gun": jump_the_gun,
    "jury_rig": jury_rig,
    "keycode_change": keycode_change,
    "lampshade": lampshade,
    "lost_grip": lost_grip,
    "peekhole": peekhole,
    "reboot": reboot,
    "shift_change": shift_change,
    "shoplifting": shoplifting,
    "squeak": squeak,
    "switch_signs": switch_signs,
    "throw_voice": throw_voice,
    "time_lock": time_lock,
    "video_loop": video_loop,
    "where_is_he": where_is_he,
}
