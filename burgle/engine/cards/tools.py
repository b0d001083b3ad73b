"""Tools (RULES.md TOOL-1..13): each used once as a free action on its holder's own
turn (ACT-13), then discarded (the Donuts when eaten, TOOL-4).

A use is written ``use CARD [TARGET]``: ``use emp``, ``use crowbar 1B2``,
``use thermal_bomb roof``. Targets (see docs/rules-decisions.md):

- Blueprints: the face-down cell to peek; Crowbar: the adjacent tile; Virus: the
  Computer Room; Donuts: the guard's cell; Dynamite: the neighbouring cell across the
  wall to destroy; Thermal Bomb: the cell directly above or below, or ``roof``.
- Crystal Ball, E.M.P., Invisible Suit, Makeup Kit, Rollerskates, Smoke Bomb: none.
- Stethoscope: never a free action of its own; it is offered inside a Safe roll
  (:func:`after_safe_roll`) as the choice ``set-die FROM TO`` / ``keep-dice``.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from burgle.geometry.board import CELLS_PER_FLOOR, ROOF, floor_of, make_wall
from burgle.data.cards import TOOL_BY_KEY
from burgle.data.tiles import COMPUTER_ROOMS, MAX_HACK_TOKENS
from burgle.engine import alarms, draws, moves
from burgle.engine.actions import act
from burgle.engine.refusals import refuse
from burgle.engine.context import Rules
from burgle.engine.state import replaced

N = CELLS_PER_FLOOR
NO_TARGET = ("crystal_ball", "emp", "invisible_suit", "makeup_kit", "rollerskates", "smoke_bomb")
# choices asked inside a Safe roll (TOOL-11); listed here so a stray one gets a reason
CHOICE_VERBS = ("set-die", "keep-dice")
VERBS = frozenset({"use", *CHOICE_VERBS})


def _rule(key: str) -> str:
    return TOOL_BY_KEY[key].rule


def _card(key: str) -> str:
    return TOOL_BY_KEY[key].name if key in TOOL_BY_KEY else key


# ----------------------------------------------------------------------------- targets

def _dynamite_targets(g: Rules, ch) -> list[int]:
    """TOOL-5: the cells across a wall piece on a side of the user's tile (never the border)."""
    return list(g.across_wall(ch.cell))


def _thermal_targets(g: Rules, ch) -> list[int]:
    """TOOL-12: the cell directly above (from the top floor: the roof, JOB-4) or below (not
    below floor 1)."""
    here = ch.cell
    up = moves.above(here, len(g.s.tiles))
    out = [ROOF if up is None else up]  # above; from the top floor the roof (DEC-28, JOB-4)
    if here >= N:
        out.append(here - N)
    return out


def _targets(g: Rules, ch, key: str) -> list:
    """Every legal target of *key* for *ch* (None for a tool without a target)."""
    s = g.s
    if key in NO_TARGET:
        if key == "crystal_ball" and not s.event_deck:
            return []  # TOOL-3: nothing to look at (see _target_reason)
        return [None]
    if key == "blueprints":  # TOOL-1: any face-down tile, any floor
        return [c for c, t in enumerate(s.tiles) if not t.revealed]
    if key == "crowbar":  # TOOL-2, DEC-27: a revealed adjacent tile
        return [c for c in g.neighbours(ch.cell) if s.tiles[c].revealed]
    if key == "donuts":  # TOOL-4: under any placed guard
        return [gd.cell for gd in s.guards if gd.placed and not gd.donuts]
    if key == "dynamite":
        return _dynamite_targets(g, ch)
    if key == "thermal_bomb":
        return _thermal_targets(g, ch)
    if key == "virus":  # TOOL-13, DEC-27, DEC-55: one revealed Computer Room
        return [c for c, t in enumerate(s.tiles) if t.kind in COMPUTER_ROOMS and t.revealed]
    return []  # the Stethoscope: only inside a Safe roll


def candidates(g: Rules, ch) -> list:
    if not ch.tools or "bust" in ch.loot:  # LOOT-1
        return []
    out = []
    for key in dict.fromkeys(ch.tools):
        for target in _targets(g, ch, key):
            out.append(act("use", key) if target is None else act("use", key, target))
    return out


# ----------------------------------------------------------------------------- legality

def reason(g: Rules, ch, action):
    """(reason, rule) why *action* is illegal for the active character *ch*, or None."""
    if action.verb in CHOICE_VERBS:
        return refuse("use.stethoscope_choice"), "TOOL-11"
    if not action.args:
        return refuse("use.which"), "ACT-13"
    key = action.args[0]
    target = action.args[1] if len(action.args) > 1 else None
    if key not in TOOL_BY_KEY:
        return refuse("use.not_tool", item=key, items=", ".join(TOOL_BY_KEY)), "ACT-13"
    if key not in ch.tools:
        return refuse("use.not_held", who=ch.name, card=key), "ACT-13"
    if "bust" in ch.loot:
        return refuse("use.bust", who=ch.name), "LOOT-1"
    return _target_reason(g, ch, key, target)


def _target_reason(g: Rules, ch, key: str, target):
    s = g.s
    rule = _rule(key)
    if key == "stethoscope":
        return refuse("use.stethoscope"), rule
    if key in NO_TARGET:
        if target is not None:
            return refuse("use.no_target", card=key, item=key), rule
        if key == "crystal_ball" and not s.event_deck:
            return refuse("use.crystal_ball_empty"), rule
        return None
    if target is None:
        return refuse("use.needs_target", card=key, target=key), rule
    if target >= ROOF and key != "thermal_bomb":
        return refuse("use.roof", card=key, target=key), rule
    t = s.tiles[target] if target < ROOF else s.tiles[0]  # the roof (thermal bomb only) has no tile
    here = ch.cell
    if key == "blueprints":
        if t.revealed:
            return refuse("use.blueprints_face_up", cell=target), "DEC-42"
        return None
    if key == "crowbar":
        if not g.adjacent(here, target):
            return refuse("use.crowbar_not_adjacent", cell=target, who=ch.name, from_cell=here), rule
        if not t.revealed:
            return refuse("use.crowbar_face_down", cell=target), "DEC-27"
        return None
    if key == "donuts":
        gd = next((gd for gd in s.guards if gd.placed and gd.cell == target), None)
        if gd is None:
            return refuse("use.donuts_no_guard", cell=target), rule
        if gd.donuts:
            return refuse("use.donuts_twice", floor=gd.floor), rule
        return None
    if key == "dynamite":
        if target not in _dynamite_targets(g, ch):
            return refuse("use.dynamite", who=ch.name, from_cell=here, cell=target), rule
        return None
    if key == "thermal_bomb":
        if target not in _thermal_targets(g, ch):
            return refuse("use.thermal_floor_1" if here < N else "use.thermal", cell=target, who=ch.name,
                          from_cell=here), rule
        return None
    if key == "virus":
        if not t.revealed:  # asked first: a face-down tile's kind stays hidden
            return refuse("use.virus_face_down", cell=target), "DEC-27"
        if t.kind not in COMPUTER_ROOMS:
            return refuse("use.virus_not_computer", cell=target), rule
        return None
    return refuse("use.other", card=key), rule  # pragma: no cover


# ----------------------------------------------------------------------------- effects

def _discard(g: Rules, ch, key: str) -> None:
    ch.tools.remove(key)
    g.s.tool_discard.append(key)


def _say(g: Rules, ch, key: str, text: str, cell=None) -> None:
    g.note("card", _rule(key), cell=cell, seat=ch.seat, value=text)


def perform(g: Rules, ch, action):
    """Resolve one Tool; tools never end the action phase."""
    s = g.s
    key = action.args[0]
    target: Any = action.args[1] if len(action.args) > 1 else None  # a cell; None when the tool takes none
    who = g.who(ch)
    name = _card(key)
    here = ch.cell
    if key == "donuts":  # TOOL-4: discarded when the guard eats them (guards.guard_phase_move)
        ch.tools.remove(key)
        gd = s.guards[floor_of(target) - 1]
        gd.donuts = True
        _say(g, ch, key, f"{who} puts the Donuts under the floor {gd.floor} guard on {g.name(target)}.", target)
        yield from ()
        return False
    _discard(g, ch, key)  # the card is spent whatever follows
    if key == "blueprints":  # TOOL-1
        _say(g, ch, key, f"{who} uses the Blueprints on {g.name(target)}.", target)
        yield from moves.peek(g, ch, target, "TOOL-1")
    elif key == "crowbar":  # TOOL-2
        s.set_tile(target, crowbar=True)
        _say(g, ch, key, f"{who} puts the crowbar token on {g.name(target)} ({g.tile_name(target)}): "
             "it is disabled for good.", target)
    elif key == "crystal_ball":  # TOOL-3
        yield from _crystal_ball(g, ch)
    elif key == "dynamite":  # TOOL-5, CONV-3
        floor = floor_of(here)
        wall = make_wall(here % N, target % N)
        s.walls = replaced(s.walls, floor - 1, frozenset(s.walls[floor - 1] - {wall}))
        _say(g, ch, key, f"{who} blows up the wall between {g.name(here)} and {g.name(target)}.", here)
        yield from alarms.trigger(g, here, None, own=False, by=ch, rule="TOOL-5")
    elif key == "emp":  # TOOL-6, ALARM-5
        _say(g, ch, key, f"{who} sets off the E.M.P.: no alarm can be triggered until {who}'s next turn.")
        s.emp_seat = ch.seat
        yield from alarms.remove_alarms(g, [c for c, t in enumerate(s.tiles) if t.alarm], rule="TOOL-6")
    elif key == "invisible_suit":  # TOOL-7, DEC-26
        s.allowance += 1
        if "invisible_suit" not in s.turn_effects:
            s.turn_effects.append("invisible_suit")
        _say(g, ch, key, f"{who} puts on the Invisible Suit: +1 action, and unseen on arrival for the rest of "
             "this action phase.")
    elif key == "makeup_kit":  # TOOL-8
        _say(g, ch, key, f"{who} uses the Makeup Kit.", here)
        for other in g.characters_at(here):
            other.stealth += 1
            g.note("stealth_gained", "TOOL-8", cell=here, seat=other.seat, value=other.stealth,
                             who=g.who(other))
    elif key == "rollerskates":  # TOOL-9
        s.allowance += 2
        _say(g, ch, key, f"{who} puts on the Rollerskates: +2 actions this turn.")
    elif key == "smoke_bomb":  # TOOL-10, END-3
        s.set_tile(here, stealth=s.tiles[here].stealth + 3)
        _say(g, ch, key, f"{who} sets off the Smoke Bomb: 3 Stealth tokens lie on {g.name(here)}.", here)
    elif key == "thermal_bomb":  # TOOL-12, DEC-28
        link = (min(here, target), max(here, target))
        if link not in s.thermal:
            s.thermal.append(link)
        _say(g, ch, key, f"{who} burns a thermal link between {g.name(link[0])} and {g.name(link[1])}.", here)
        yield from alarms.trigger(g, here, None, own=False, by=ch, rule="TOOL-12")
    elif key == "virus":  # TOOL-13, ALARM-6: excess is lost
        t = s.set_tile(target, hack=min(MAX_HACK_TOKENS, s.tiles[target].hack + 3))
        _say(g, ch, key, f"{who} infects {g.name(target)} with the Virus: {t.hack} hack tokens now.", target)
    else:  # pragma: no cover - reason() refuses the rest
        raise AssertionError(f"unhandled tool {key!r} ({name})")
    return False


def _crystal_ball(g: Rules, ch):
    """TOOL-3: look at the top 3 Events (fewer if fewer remain), put them back in any order.

    The choice ``events-order A-B-C`` lists the looked-at cards from the new top down,
    each by its former position (1 = the former top card)."""
    s = g.s
    k = min(3, len(s.event_deck))
    for position in range(k):
        yield from draws.event_top(g, position, "TOOL-3")
        s.event_known = draws.known_after_look(s.event_known, len(s.event_deck), position + 1)
    top = s.event_deck[-k:][::-1]  # top card first
    shown = ", ".join(f"{i}. {g.card_name(key)}" for i, key in enumerate(top, 1))
    _say(g, ch, "crystal_ball", f"{g.who(ch)} looks into the Crystal Ball: {shown} (top first).")
    orders = ["-".join(str(i + 1) for i in p) for p in permutations(range(k))]
    choice = yield from g.ask(
        ch.seat, f"Crystal Ball: the top Events are {shown}. Put them back in which order (new top first)?",
        "TOOL-3", [act("events-order", o) for o in orders])
    order = [int(x) - 1 for x in choice.args[0].split("-")]
    new_top_first = [top[i] for i in order]
    s.event_deck[len(s.event_deck) - k:] = new_top_first[::-1]
    if order != sorted(order):
        _say(g, ch, "crystal_ball", "The Events go back in the order "
             + ", ".join(g.card_name(key) for key in new_top_first) + " (top first).")


# ----------------------------------------------------------------------------- Stethoscope

def after_safe_roll(g: Rules, ch, safe_cell, dice):
    """TOOL-11: right after a Safe roll made this turn, before cracked tokens are placed,
    the roller may use its Stethoscope (not while holding the Bust, LOOT-1) to set one
    die to any face. Returns the dice as they now stand."""
    if "stethoscope" not in ch.tools or "bust" in ch.loot:
        yield from ()
        return dice
    options = [act("set-die", str(f), str(t)) for f in sorted(set(dice)) for t in range(1, 7) if t != f]
    options.append(act("keep-dice"))
    choice = yield from g.ask(
        ch.seat, f"{g.who(ch)} rolled {list(dice)} on {g.name(safe_cell)}: use the Stethoscope to turn one die "
        "to another face (set-die FROM TO), or keep the dice?", "TOOL-11", options)
    if choice.verb == "keep-dice":
        return dice
    old, new = int(choice.args[0]), int(choice.args[1])
    dice = list(dice)
    dice[dice.index(old)] = new
    _discard(g, ch, "stethoscope")
    _say(g, ch, "stethoscope", f"{g.who(ch)} uses the Stethoscope: a {old} becomes a {new}; the dice are {dice}.",
         safe_cell)
    return dice
