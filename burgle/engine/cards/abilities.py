"""Character abilities that are actions or free actions (RULES.md CHAR-1..18, ACT-14).

Passive abilities act where their rule acts: Jammer (CHAR-3) in ``alarms.cancel_reason``,
the Laptop token (CHAR-4) in ``alarms.hack_sources``, Steady Hands (CHAR-9) in Safe and
Keypad rolls, Drill (CHAR-10) in ``legal``/``safes``, the crow's extra MP (CHAR-11) and
Disrupt's cancel (CHAR-12) in ``guards``, The Solution (CHAR-13/14) in ``items.draw_tool``,
the Acrobat's penalty (CHAR-1) in ``turns.guard_phase``.

Every verb here belongs to one side of one character card; ``reason`` refuses it for
anyone else, naming that side's rule. Once-per-turn abilities record their verb in
``Character.used`` (cleared at TURN-2c).
"""

from __future__ import annotations

from burgle.geometry.board import CELLS_PER_FLOOR, COLS, cell_name, floor_of
from burgle.engine import alarms, draws, guards, moves
from burgle.engine.cards import items
from burgle.engine.context import ABILITY, Rules
from burgle.engine.actions import act
from burgle.engine.refusals import refuse

N = CELLS_PER_FLOOR

# verb -> (ability key, character, side, rule, ability name)
SPEC = {
    "flex": ("flexibility", "acrobat", "basic", "CHAR-1", "Flexibility"),
    "climb": ("climb_window", "acrobat", "advanced", "CHAR-2", "Climb Window"),
    "laptop": ("laptop", "hacker", "advanced", "CHAR-4", "Laptop"),
    "xray": ("x_ray", "hawk", "basic", "CHAR-5", "X-Ray"),
    "enhance": ("enhance", "hawk", "advanced", "CHAR-6", "Enhance"),
    "crybaby": ("crybaby", "juicer", "basic", "CHAR-7", "Crybaby"),
    "reroute": ("reroute", "juicer", "advanced", "CHAR-8", "Reroute"),
    "distract": ("distract", "raven", "basic", "CHAR-11", "Distract"),
    "disrupt": ("disrupt", "raven", "advanced", "CHAR-12", "Disrupt"),
    "tinker": ("tinker", "rigger", "advanced", "CHAR-14", "Tinker"),
    "orders": ("orders", "rook", "basic", "CHAR-15", "Orders"),
    "disguise": ("disguise", "rook", "advanced", "CHAR-16", "Disguise"),
    "clairvoyance": ("clairvoyance", "spotter", "basic", "CHAR-17", "Clairvoyance"),
    "precognition": ("precognition", "spotter", "advanced", "CHAR-18", "Precognition"),
}
VERBS = frozenset(SPEC)
ONCE_PER_TURN = frozenset({"xray", "enhance", "reroute", "orders", "clairvoyance", "precognition"})
ARITY = {"laptop": 0, "disrupt": 0, "tinker": 0, "clairvoyance": 0, "precognition": 0, "orders": 2}
_BY_KEY = {spec[0]: verb for verb, spec in SPEC.items()}


def _left(g: Rules) -> int:
    return g.s.allowance - g.s.spent


def _outer(cell: int) -> bool:
    """CHAR-2: row 1 or 4, or column A or D."""
    row, col = divmod(cell % N, COLS)
    return row in (0, N // COLS - 1) or col in (0, COLS - 1)


def _others(g: Rules, ch):
    return [o for o in g.s.characters if o is not ch and o.on_board]


def _through_wall(g: Rules, ch) -> list[int]:
    """CHAR-5: same-floor cells sharing a side with the Hawk's cell across a wall."""
    return list(g.across_wall(ch.cell))


def _enhance_links(g: Rules, cell: int) -> list[int]:
    """CHAR-6: adjacency, and revealed Stairs both ways."""
    tiles = g.s.tiles
    out = list(g.neighbours(cell))
    up, down = moves.above(cell, len(tiles)), moves.below(cell)
    if up is not None and tiles[cell].kind == "stairs" and tiles[cell].revealed:
        out.append(up)
    if down is not None and tiles[down].kind == "stairs" and tiles[down].revealed:
        out.append(down)
    return out


def _enhance_targets(g: Rules, ch) -> list[int]:
    tiles = g.s.tiles
    out = []
    for mid in _enhance_links(g, ch.cell):
        if not tiles[mid].revealed:
            if mid not in out:
                out.append(mid)
            continue
        for c in _enhance_links(g, mid):  # 2 links: the middle tile is face up
            if c != ch.cell and not tiles[c].revealed and c not in out:
                out.append(c)
    return out


def _walking_distance(g: Rules, a: int, b: int) -> int:
    return g.table(floor_of(a)).dist[(a % N) * N + b % N]


# ----------------------------------------------------------------------------- candidates

_CELL_ACTIONS = {verb: tuple(act(verb, c) for c in range(3 * N)) for verb in ("flex", "climb", "xray", "enhance",
                                                                              "crybaby", "distract")}


def candidates(g: Rules, ch) -> list:
    """Every use of the character's own ability, one per target (``reason`` filters)."""
    if not ch.on_board:
        return []
    verb = _BY_KEY.get(_ability(ch))
    if verb is None:
        return []
    return _candidates(g, ch, verb)


def _candidates(g: Rules, ch, verb: str) -> list:
    """candidates() of the character on the board whose ability verb is *verb*."""
    s = g.s
    here = ch.cell
    if verb in _CELL_ACTIONS:
        made = _CELL_ACTIONS[verb]
        if verb == "distract":
            base = here - here % N
            row = g.table(here // N + 1).distances_from(here % N)  # walking distances (walls count)
            return [made[base + i] for i in range(N) if row[i] <= 2]
        if verb == "crybaby":
            return [made[c] for c in g.neighbours(here)]
        if verb == "flex":
            guards = s.guards
            return [made[c] for c in g.neighbours(here) if guards[c // N].cell == c]
        if verb == "climb":
            return [made[end] for end in (moves.above(here, len(s.tiles)), moves.below(here)) if end is not None]
        if verb == "xray":
            return [made[c] for c in _through_wall(g, ch)]
        return [made[c] for c in _enhance_targets(g, ch)]  # enhance
    if verb == "reroute":
        return [act("reroute", "take"), act("reroute", "trigger")]
    if verb == "orders":
        return [act("orders", other.seat, c) for other in _others(g, ch) for c in moves.links_from(g, other)]
    if verb == "disguise":
        return [act("disguise", other.seat) for other in _others(g, ch)]
    return [act(verb)]  # laptop, disrupt, tinker, clairvoyance, precognition


def _ability(ch) -> str:
    return ABILITY[(ch.name, ch.side)]


# ----------------------------------------------------------------------------- legality

def reason(g: Rules, ch, action):
    """(reason, rule) why the active character *ch* may not take *action* now, or None."""
    verb = action.verb
    spec = SPEC.get(verb)
    if spec is None:
        return refuse("ability.unknown", verb=verb), "ACT-14"
    key, character, side, rule, _name = spec
    ability = f"{character}_{side}"  # the side key: the refusals name the ability by it
    if _ability(ch) != key:
        if ch.name == character:
            return refuse("ability.other_side", ability=ability, who=ch.name, side=ch.side,
                          own=f"{ch.name}_{ch.side}", other_side=side), rule
        return refuse("ability.not_yours", ability=ability, owner=character, other_side=side, who=ch.name), rule
    if len(action.args) != ARITY.get(verb, 1):
        return refuse("ability.malformed", ability=ability, action=str(action)), rule
    if not ch.on_board:
        return refuse("ability.off_board", who=ch.name), rule
    if verb in ONCE_PER_TURN and verb in ch.used:
        return refuse("ability.once", ability=ability, who=ch.name), rule
    return _CHECKS[verb](g, ch, action.args, rule, ability)


def legal(g: Rules, ch) -> list:
    """The candidates that :func:`reason` passes. Every candidate is the character's own
    ability verb, so the checks of ``reason`` that depend only on the verb (whose ability,
    on the board, once per turn) are made once; each target then gets that verb's check."""
    if not ch.on_board:
        return []
    verb = _BY_KEY.get(_ability(ch))
    if verb is None or (verb in ONCE_PER_TURN and verb in ch.used):
        return []
    if verb == "distract":
        # the candidates are the cells of the Raven's floor within 2 steps, so of
        # _check_distract only the crow's own cell remains to refuse
        crow = g.s.crow
        return [a for a in _candidates(g, ch, verb) if a.args[0] != crow]
    if verb == "crybaby":
        # the candidates are the adjacent cells, so of _check_crybaby only a face-down tile remains
        tiles = g.s.tiles
        return [a for a in _candidates(g, ch, verb) if tiles[a.args[0]].revealed]
    if verb == "xray":
        # the candidates are the cells across a wall, so of _check_xray only a face-up tile remains
        tiles, made = g.s.tiles, _CELL_ACTIONS[verb]
        return [made[c] for c in g.across_wall(ch.cell) if not tiles[c].revealed]
    if verb == "orders":
        # the candidates are the cells each other character on the board has a link to, so
        # of _check_orders only the link's restrictions (moves.usable_link) and the one
        # action remain to refuse: each character's links are built once here, not once
        # per candidate as _check_orders alone would (the Rook lists a dozen or so)
        if _left(g) < 1:
            return []
        out = []
        usable_link = moves.usable_link
        for other in _others(g, ch):
            links = moves.links_from(g, other)
            for c in links:
                if usable_link(g, other, c, links)[0] is not None:
                    out.append(act("orders", other.seat, c))
        return out
    _key, character, side, rule, _name = SPEC[verb]
    ability = f"{character}_{side}"
    check = _CHECKS[verb]
    arity = ARITY.get(verb, 1)
    return [a for a in _candidates(g, ch, verb) if len(a.args) == arity and check(g, ch, a.args, rule, ability) is None]


def _cost(g: Rules, ch, cost: int, rule: str, ability: str):
    left = _left(g)
    if cost > left:
        if cost == 1:
            return refuse("ability.cost_one", ability=ability, who=ch.name, left=left), rule
        return refuse("ability.cost_many", ability=ability, cost=cost, who=ch.name, left=left), rule
    return None


def _check_flex(g: Rules, ch, args, rule, name):
    s = g.s
    dest = args[0]
    if not g.adjacent(ch.cell, dest):
        return refuse("ability.not_adjacent", cell=dest, who=ch.name, from_cell=ch.cell), rule
    if s.guards[floor_of(dest) - 1].cell != dest:
        return refuse("flex.no_guard", cell=dest), rule
    why = moves.restriction(g, ch, dest, "adjacent")
    if why is not None:
        return why
    extra = moves.known_extra_cost(g, ch, dest, "adjacent")
    if extra > _left(g):
        return refuse("ability.gemstone", who=ch.name, left=_left(g)), "LOOT-4"
    return None


def _check_climb(g: Rules, ch, args, rule, name):
    s = g.s
    dest = args[0]
    here = ch.cell
    if not _outer(here):
        return refuse("climb.not_outer", who=ch.name, cell=here), rule
    up, down = moves.above(here, len(s.tiles)), moves.below(here)
    if dest not in (up, down):
        return refuse("climb.reach_roof" if up is None else "climb.reach", from_cell=here, cell=dest), rule
    t = s.tiles[dest]
    if dest == up and t.kind == "walkway" and t.revealed:
        return refuse("climb.walkway"), rule
    extra = moves.known_extra_cost(g, ch, dest, "climb")
    if extra:
        if t.kind == "deadbolt" and t.revealed and extra >= 2:
            return refuse("climb.deadbolt", cell=dest), rule
        return refuse("climb.gemstone"), rule
    return _cost(g, ch, 3, rule, name)


def _check_laptop(g: Rules, ch, args, rule, name):
    if ch.token:
        return refuse("laptop.full"), rule
    return _cost(g, ch, 1, rule, name)


def _check_xray(g: Rules, ch, args, rule, name):
    dest = args[0]
    if dest not in _through_wall(g, ch):
        return refuse("xray.not_through_wall", cell=dest, who=ch.name, from_cell=ch.cell), rule
    if g.s.tiles[dest].revealed:
        return refuse("ability.face_up", cell=dest), rule
    return None


def _check_enhance(g: Rules, ch, args, rule, name):
    dest = args[0]
    if g.s.tiles[dest].revealed:
        return refuse("ability.face_up", cell=dest), rule
    if dest not in _enhance_targets(g, ch):
        return refuse("enhance.reach", cell=dest, from_cell=ch.cell), rule
    return None


def _check_crybaby(g: Rules, ch, args, rule, name):
    dest = args[0]
    if not g.adjacent(ch.cell, dest):
        return refuse("ability.not_adjacent", cell=dest, who=ch.name, from_cell=ch.cell), rule
    if not g.s.tiles[dest].revealed:
        return refuse("crybaby.face_down", cell=dest), rule
    return None


def _check_reroute(g: Rules, ch, args, rule, name):
    mode = args[0]
    if mode == "take":
        if ch.token:
            return refuse("reroute.holding"), rule
        if not g.s.tiles[ch.cell].alarm:
            return refuse("reroute.no_alarm", who=ch.name, cell=ch.cell), rule
        return None
    if mode == "trigger":
        if not ch.token:
            return refuse("reroute.empty"), rule
        return None
    return refuse("reroute.mode", item=mode), rule


def _check_distract(g: Rules, ch, args, rule, name):
    dest = args[0]
    if floor_of(dest) != floor_of(ch.cell):
        return refuse("distract.floor", cell=dest, who=ch.name), rule
    d = _walking_distance(g, ch.cell, dest)
    if d > 2:
        return refuse("distract.far", cell=dest, count=d, from_cell=ch.cell), rule
    if g.s.crow == dest:
        return refuse("distract.there", cell=dest), rule
    return None


def _check_disrupt(g: Rules, ch, args, rule, name):
    if g.s.crow == ch.cell:
        return refuse("disrupt.there", who=ch.name, cell=ch.cell), rule
    return None


def _check_tinker(g: Rules, ch, args, rule, name):
    if ch.stealth < 1:
        return refuse("tinker.no_stealth", who=ch.name), rule
    if not g.s.tool_deck:
        return refuse("tinker.empty"), rule
    return None


def _other(g: Rules, ch, seat, rule):
    chars = g.s.characters
    if not 0 <= seat < len(chars):
        return None, (refuse("other.no_seat", seat=seat, last=len(chars) - 1), rule)
    other = chars[seat]
    if other is ch:
        return None, (refuse("other.self", who=ch.name), rule)
    if not other.on_board:
        return None, (refuse("other.escaped" if other.escaped else "other.off_board", other=other.name), rule)
    return other, None


def _check_orders(g: Rules, ch, args, rule, name):
    seat, dest = args
    other, why = _other(g, ch, seat, rule)
    if why:
        return why
    kind, refusal = moves.usable_link(g, other, dest)
    if refusal is not None:
        return refusal
    if kind is None:
        return refuse("orders.not_linked", cell=dest, other=other.name, from_cell=other.cell), rule
    return _cost(g, ch, 1, rule, name)


def _check_disguise(g: Rules, ch, args, rule, name):
    if g.s.spent:
        return refuse("disguise.spent", who=ch.name, count=g.s.spent), "DEC-49"
    other, why = _other(g, ch, args[0], rule)
    if why:
        return why
    if other.cell == ch.cell:
        return refuse("disguise.same_tile", other=other.name, who=ch.name), rule
    return _cost(g, ch, 1, rule, name)


def _check_clairvoyance(g: Rules, ch, args, rule, name):
    if not g.s.guards[floor_of(ch.cell) - 1].deck:
        return refuse("clairvoyance.empty", floor=floor_of(ch.cell)), rule
    return _cost(g, ch, 1, rule, name)


def _check_precognition(g: Rules, ch, args, rule, name):
    if not g.s.event_deck:
        return refuse("precognition.empty"), rule
    return _cost(g, ch, 1, rule, name)


_CHECKS = {
    "flex": _check_flex, "climb": _check_climb, "laptop": _check_laptop, "xray": _check_xray,
    "enhance": _check_enhance, "crybaby": _check_crybaby, "reroute": _check_reroute,
    "distract": _check_distract, "disrupt": _check_disrupt, "tinker": _check_tinker,
    "orders": _check_orders, "disguise": _check_disguise, "clairvoyance": _check_clairvoyance,
    "precognition": _check_precognition,
}


# ----------------------------------------------------------------------------- effects

def _say(g: Rules, ch, rule, text, cell=None):
    g.note("card", rule, cell=cell, seat=ch.seat, value=text, who=g.who(ch))


def perform(g: Rules, ch, action):
    """Resolve a legal ability action. Returns True if it ends the action phase (Climb Window)."""
    s = g.s
    verb, args = action.verb, action.args
    who = g.who(ch)
    if verb in ONCE_PER_TURN:
        ch.used.append(verb)

    if verb == "flex":  # CHAR-1: free counting move, no END-2a loss; Gemstone still paid
        dest = args[0]
        _say(g, ch, "CHAR-1", f"{who} slips into the guard's cell {g.name(dest)} (Flexibility).", dest)
        yield from moves.counting_move(g, ch, dest, "adjacent", base_cost=0, flex=True, rule="CHAR-1")
        return False

    if verb == "climb":  # CHAR-2, DEC-50, DEC-56: 3 actions, no extras, ends the phase
        dest = args[0]
        _say(g, ch, "CHAR-2", f"{who} climbs the outside wall toward {g.name(dest)} (Climb Window).", dest)
        yield from moves.counting_move(g, ch, dest, "climb", base_cost=3, can_pay_extra=False, rule="CHAR-2")
        return True

    if verb == "laptop":  # CHAR-4
        s.spent += 1
        ch.token = True
        _say(g, ch, "CHAR-4", f"{who} puts a hack token on the Laptop.")
        return False

    if verb in ("xray", "enhance"):  # CHAR-5, CHAR-6: a peek (ACT-2 effects), free
        yield from moves.peek(g, ch, args[0], SPEC[verb][3])
        return False

    if verb == "crybaby":  # CHAR-7: not hackable
        dest = args[0]
        _say(g, ch, "CHAR-7", f"{who} cries out next to {g.name(dest)} (Crybaby).", dest)
        yield from alarms.trigger(g, dest, None, own=False, by=ch, rule="CHAR-7")
        return False

    if verb == "reroute":  # CHAR-8
        here = ch.cell
        if args[0] == "take":
            ch.token = True
            _say(g, ch, "CHAR-8", f"{who} takes the alarm token from {g.name(here)} (Reroute).", here)
            yield from alarms.remove_alarms(g, [here], rule="CHAR-8")  # ALARM-5
        else:
            ch.token = False
            _say(g, ch, "CHAR-8", f"{who} sets the held alarm off on {g.name(here)} (Reroute).", here)
            yield from alarms.trigger(g, here, None, own=False, by=ch, rule="CHAR-8")
        return False

    if verb == "distract":  # CHAR-11
        s.crow = args[0]
        _say(g, ch, "CHAR-11", f"{who} sends the crow to {g.name(args[0])} (Distract).", args[0])
        return False

    if verb == "disrupt":  # CHAR-12
        s.crow = ch.cell
        _say(g, ch, "CHAR-12", f"{who} puts the crow on {g.name(ch.cell)} (Disrupt).", ch.cell)
        return False

    if verb == "tinker":  # CHAR-14: 1 own Stealth token for a Tool (never a capture)
        ch.stealth -= 1
        g.note("stealth_lost", "CHAR-14", cell=ch.cell, seat=ch.seat, value=ch.stealth, who=who)
        yield from items.draw_tool(g, ch, "CHAR-14")
        return False

    if verb == "orders":  # CHAR-15, DEC-25
        other = s.characters[args[0]]
        dest = args[1]
        s.spent += 1
        _say(g, ch, "CHAR-15", f"{who} orders {g.who(other)} to {g.name(dest)} (Orders).", dest)
        kind, _ = moves.usable_link(g, other, dest)
        if kind == "walk_down":  # stays non-counting (ACT-8, DEC-3)
            yield from moves.non_counting_arrival(g, other, dest, fall=False, rule="TILE-20")
        else:
            yield from moves.counting_move(g, other, dest, kind, base_cost=0, ignore_extras=True, rule="CHAR-15")
        return False

    if verb == "disguise":  # CHAR-16, DEC-49: both arrivals non-counting
        yield from _disguise(g, ch, s.characters[args[0]])
        return False

    if verb == "clairvoyance":  # CHAR-17
        floor = floor_of(ch.cell)
        guard = s.guards[floor - 1]
        yield from draws.patrol_top(g, guard, "CHAR-17")
        deck = guard.deck
        top = cell_name(deck[-1])

        def patrol_known(known=None):
            if known is not None:
                draws.set_patrol_known(s, floor, known)
            return s.patrol_known[floor - 1]

        def to_bottom():  # the patrol deck is a tuple, replaced whole (state.Guard)
            guard.deck = (guard.deck[-1], *guard.deck[:-1])

        yield from _top_or_bottom(g, ch, deck, patrol_known, "CHAR-17", "Clairvoyance",
                                  f"the top patrol card of floor {floor}", top, f"the patrol card {top}",
                                  f"the floor {floor} deck", to_bottom)
        return False

    if verb == "precognition":  # CHAR-18
        yield from draws.event_top(g, 0, "CHAR-18")
        events = s.event_deck
        top = g.card_name(events[-1])

        def event_known(known=None):
            if known is not None:
                s.event_known = known
            return s.event_known

        yield from _top_or_bottom(g, ch, events, event_known, "CHAR-18", "Precognition", "the top Event", top,
                                  f"the Event {top}", "the Event deck", lambda: events.insert(0, events.pop()))
        return False
    raise AssertionError(f"unhandled ability verb {verb!r}")  # pragma: no cover


def _top_or_bottom(g: Rules, ch, deck, known, rule, ability, what, top, card, deck_name, to_bottom):
    """CHAR-17 / CHAR-18: for 1 action, look at the top card of *deck* (*what*, named *top*)
    and leave it on top or put it at the bottom (*to_bottom*() does). The players now know
    where that card is (*known*() reads, *known*(k) sets the deck's knowledge)."""
    who = g.who(ch)
    g.s.spent += 1
    known(draws.known_after_look(known(), len(deck)))
    _say(g, ch, rule, f"{who} looks at {what}: {top}.")
    choice = yield from g.ask(
        ch.seat, f"{ability}: {what} is {top}. Leave it on top or put it at the bottom?", rule,
        [act("order", "top"), act("order", "bottom")])
    if choice.args[0] == "bottom":
        known(draws.known_after_bottom(known(), len(deck)))
        to_bottom()
        _say(g, ch, rule, f"{who} puts {card} at the bottom of {deck_name}.")
    else:
        _say(g, ch, rule, f"{who} leaves {card} on top of {deck_name}.")


def _disguise(g: Rules, rook, other):
    """CHAR-16: swap places. Both leave (Motion, DEC-40), both are set down (GUARD-2), then
    each is checked for sight (END-2, not Tiara: LOOT-12 names counting moves and walk-down),
    the active Rook first (CONV-9)."""
    s = g.s
    s.spent += 1
    a, b = rook.cell, other.cell
    _say(g, rook, "CHAR-16", f"{g.who(rook)} swaps places with {g.who(other)} (Disguise).")
    for ch in (rook, other):
        yield from moves.leave(g, ch)
        if s.outcome:
            return
    for ch, dest in ((rook, b), (other, a)):
        yield from moves.set_down(g, ch, dest)
        g.note("move", "CHAR-16", cell=dest, seat=ch.seat, who=g.who(ch))
        if s.outcome:
            return
    for ch, dest in ((rook, b), (other, a)):
        yield from guards.arrival_sight(g, ch, dest, tiara=False)
        if s.outcome:
            return
