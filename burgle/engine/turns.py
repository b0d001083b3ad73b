"""Turn structure (RULES.md TURN-1..10) and the handlers behind each core action verb."""

from __future__ import annotations

from burgle.geometry.board import CELLS_PER_FLOOR, floor_of
from burgle.engine import alarms, guards, moves, patrol, safes
from burgle.engine.cards import events, items, verbs
from burgle.engine.actions import act
from burgle.engine.context import Rules
from burgle.engine.state import replaced

N = CELLS_PER_FLOOR
ROUND_EFFECTS = ("gymnastics", "time_lock", "video_loop")


# ----------------------------------------------------------------------------- setup choice

def choose_entrance(g: Rules, action):
    """SETUP-9, SETUP-10, SETUP-11: reveal the entrance, set the first destination, begin."""
    s = g.s
    cell = action.args[0]
    s.entrance = cell
    yield from moves.reveal(g, cell, "SETUP-9")
    s.set_tile(cell, downstairs=True)
    yield from patrol.draw_patrol(g, s.guards[0])  # SETUP-10
    s.phase = "actions"
    yield from begin_turn(g, s.active)


# ----------------------------------------------------------------------------- start of turn

def expire_round_effects(g: Rules, seat: int) -> None:
    """TURN-2a / TURN-9: round effects owned by *seat* expire and its E.M.P. ends."""
    s = g.s
    for owner, key in [e for e in s.round_effects if e[0] == seat]:
        s.round_effects.remove((owner, key))
        s.event_discard.append(key)  # EVENT-0: the card now goes to the discards
        g.note("round_effect_ends", "TURN-9", seat=seat, value=g.card_name(key))
    if s.emp_seat == seat:
        s.emp_seat = None
        g.note("round_effect_ends", "TOOL-6", seat=seat, value="E.M.P.")


def pass_turn(g: Rules, seat: int):
    """TURN-8: play passes to the next player. Escaped seats passed over lose their round
    effects and E.M.P. at the moment their turn would have begun (TURN-9, DEC-32)."""
    chars = g.s.characters
    n = len(chars)
    nxt = seat
    for _ in range(n):
        nxt = (nxt + 1) % n
        if not chars[nxt].escaped:
            break
        expire_round_effects(g, nxt)
    yield from begin_turn(g, nxt)


def begin_turn(g: Rules, seat: int):
    """TURN-2, looping over skipped turns (TURN-10) until a seat has an action phase."""
    s = g.s
    while s.outcome is None:
        s.active = seat
        s.turn += 1
        ch = s.characters[seat]
        expire_round_effects(g, seat)  # (a)
        if s.skip[seat]:  # TURN-10
            s.skip = replaced(s.skip, seat, False)
            g.note("turn_skipped", "TURN-10", seat=seat, who=g.who(ch))
            yield from pass_turn(g, seat)
            return
        g.note("turn_start", "TURN-2", seat=seat, value=s.turn, who=g.who(ch))
        s.turn_effects.clear()
        s.spent = 0
        # (b) placement on the entrance, a non-counting arrival (SETUP-11, DEC-13)
        if not ch.placed_once:
            ch.placed_once = True
            assert s.entrance is not None  # the actions phase comes after the entrance
            ch.cell = s.entrance
            g.note("placed", "SETUP-11", cell=s.entrance, seat=seat, who=g.who(ch))
            yield from guards.arrival_sight(g, ch, s.entrance, tiara=False)  # LOOT-12: not a move
            if s.outcome:
                return
        # (c) per-turn counters of every character
        for c in s.characters:
            c.reset_turn()
        s.keypad_attempts.clear()
        # (d) loot rolls (LOOT-2, LOOT-10, DEC-39)
        if ch.loot:  # (only Loot acts at the start of a turn)
            yield from items.start_of_turn_loot(g, ch)
            if s.outcome:
                return
        # (e) allowance
        s.allowance = 4 - (1 if "mirror" in ch.loot else 0) + s.heads_up[seat]
        if s.heads_up[seat]:  # (a tuple: replaced only when it changes)
            s.heads_up = replaced(s.heads_up, seat, 0)
        g.note("allowance", "TURN-2", seat=seat, value=s.allowance, who=g.who(ch))
        return


# ----------------------------------------------------------------------------- end of turn

def end_action_phase(g: Rules, escaped: bool = False):
    """TURN-4..8: Thermo, Event, guard phase, next player."""
    s = g.s
    seat = s.active
    ch = s.characters[seat]
    if "invisible_suit" in s.turn_effects:  # TOOL-7, DEC-26: it covers this action phase only
        s.turn_effects.remove("invisible_suit")
    if not escaped:
        yield from thermo(g, ch)
        if s.outcome:
            return
        if draws_event(s, ch):
            yield from events.draw_event(g, ch)  # TURN-6
            if s.outcome:
                return
        yield from guard_phase(g, ch)
        if s.outcome:
            return
    s.turn_effects.clear()
    yield from pass_turn(g, seat)  # TURN-8


def event_threshold(ch) -> int:
    """TURN-4, LOOT-11: the most actions a character may spend and still draw an Event when its
    action phase ends: 2, or 3 while it holds the Stamp."""
    return 3 if "stamp" in ch.loot else 2


def draws_event(s, ch) -> bool:
    """TURN-4, LOOT-11: ending the action phase having spent ``event_threshold`` actions or
    fewer draws an Event."""
    return s.spent <= event_threshold(ch)


def thermo(g: Rules, ch):
    """TURN-5, TILE-19: a character ending its action phase on a working Thermo sets off an alarm."""
    assert ch.cell is not None
    t = g.s.tiles[ch.cell]
    if t.kind == "thermo" and t.working:
        g.note("thermo", "TURN-5", cell=ch.cell, seat=ch.seat, who=g.who(ch))
        yield from alarms.trigger(g, ch.cell, "thermo", by=ch, rule="TILE-19")


def flex_penalty(g: Rules, ch, guard):
    """TURN-7a, CHAR-1, DEC-37: the Acrobat still on the guard's cell after Flexibility pays
    1 Stealth before the guard moves."""
    if ch.flex_cell is not None and ch.flex_cell == ch.cell and guard.cell == ch.cell:
        yield from guards.lose_one(g, ch, "CHAR-1")


def guard_walk(g: Rules, floor: int, mp: int | None = None, end_of_turn: bool = False):
    """``Game.guard_walk``: *floor*'s guard makes one guard-phase move (GUARD-5..7) with *mp*
    movement points (None: GUARD-6 counts them). With *end_of_turn*, first what ends the
    active character's action phase before the guard phase: TURN-5's Thermo and, for the
    guard of its floor, TURN-7a's Acrobat penalty; the Event (TURN-6) only when the players
    know the top Event (Precognition, the Crystal Ball: CHAR-18, TOOL-3), else it is left out."""
    s = g.s
    guard = s.guards[floor - 1]
    if end_of_turn and s.phase == "actions" and s.outcome is None:
        ch = s.characters[s.active]
        if ch.cell is not None and not ch.escaped:
            yield from thermo(g, ch)
            if s.outcome:
                return
            if draws_event(s, ch) and s.event_deck and s.event_known[0] > 0:
                yield from events.draw_event(g, ch)
                if s.outcome:
                    return
            if floor_of(ch.cell) == floor:
                yield from flex_penalty(g, ch, guard)
                if s.outcome:
                    return
    if guard.placed and guard.die == guard.cell and s.outcome is None:
        # he stands on his destination (a walk from the middle of a move, its ALARM-3 choice
        # set aside): GUARD-11 first sends the die on
        yield from guards.arrive(g, guard)
    yield from guards.guard_phase_move(g, guard, mp)


def guard_phase(g: Rules, ch):
    """TURN-7: Acrobat penalty, then the guard of the active character's floor moves."""
    s = g.s
    if ch.escaped or not ch.on_board:
        return
    floor = floor_of(ch.cell)
    guard = s.guards[floor - 1]
    yield from flex_penalty(g, ch, guard)  # (a)
    if s.outcome:
        return
    if "shift_change" in s.turn_effects:  # EVENT-19
        others = [gd for gd in s.guards if gd.floor != floor and gd.placed]
        while others and s.outcome is None:
            if len(others) == 1:
                nxt = others[0]
            else:
                choice = yield from g.ask(
                    s.active, "Shift Change: which guard moves next?", "EVENT-19",
                    [act("cell", gd.cell) for gd in others],
                )
                nxt = next(gd for gd in others if gd.cell == choice.args[0])
            others.remove(nxt)
            yield from guards.guard_phase_move(g, nxt)
        return
    yield from guards.guard_phase_move(g, guard)


# ----------------------------------------------------------------------------- handlers

def do_move(g: Rules, action):
    ch = g.active_character
    dest = action.args[0]
    kind, _ = moves.usable_link(g, ch, dest)
    if kind == "walk_down":
        g.s.spent += 1  # DEC-54: exactly 1
        yield from moves.non_counting_arrival(g, ch, dest, fall=False, rule="TILE-20")
    else:
        yield from moves.counting_move(g, ch, dest, kind)
    return False


def do_peek(g: Rules, action):
    ch = g.active_character
    g.s.spent += 1
    yield from moves.peek(g, ch, action.args[0])
    return False


def do_hack(g: Rules, action):
    yield from safes.hack(g, g.active_character)
    return False


def _at_safe(g: Rules, action, step):
    """add-die / roll: on the Safe named, or on the one the character stands on."""
    ch = g.active_character
    cell = action.args[0] if action.args else ch.cell
    assert cell is not None
    yield from step(g, ch, cell)
    return False


def do_add_die(g: Rules, action):
    return (yield from _at_safe(g, action, safes.add_die))


def do_roll(g: Rules, action):
    return (yield from _at_safe(g, action, safes.roll))


def do_escape(g: Rules, action):
    """ACT-15: off to the roof; the action phase ends with no Event and no guard move."""
    s = g.s
    ch = g.active_character
    s.spent += 1
    yield from moves.leave(g, ch)
    if s.outcome:
        return True
    moves.escape(g, ch)
    return True


def do_end(g: Rules, action):
    yield from ()
    return True


HANDLERS = {
    "entrance": choose_entrance,
    "move": do_move,
    "peek": do_peek,
    "hack": do_hack,
    "add-die": do_add_die,
    "roll": do_roll,
    "escape": do_escape,
    "end": do_end,
}


def perform(g: Rules, action):
    """Resolve one top-level action, then, if it ended the action phase, the rest of the
    turn and the start of the next one."""
    s = g.s
    if action.verb == "entrance":
        yield from choose_entrance(g, action)
        return
    handler = HANDLERS.get(action.verb)
    if handler is None:
        ends = yield from verbs.perform(g, action)
    else:
        ends = yield from handler(g, action)
    if s.outcome:
        return
    ch = g.active_character
    if ch.escaped:
        yield from end_action_phase(g, escaped=True)
    elif ends:
        yield from end_action_phase(g)
