"""Which actions are legal, and why the others are not (with the RULES.md id they break).

One function, :func:`reason`, decides legality; :func:`legal_actions` is the candidates
it passes, so the list and the refusals can never disagree.
"""

from __future__ import annotations

from burgle.geometry.board import CELLS_PER_FLOOR, ROOF, cell_name
from burgle.data.jobs import get_job
from burgle.data.tiles import COMPUTER_ROOMS, MAX_HACK_TOKENS
from burgle.engine import moves
from burgle.engine.cards import verbs
from burgle.engine.actions import VERBS, Action, act
from burgle.engine.draws import CHANCE_VERBS
from burgle.engine.context import Rules
from burgle.engine.refusals import refuse

N = CELLS_PER_FLOOR


# the actions candidates() lists, made once (actions are immutable values)
_MOVE = tuple(act("move", c) for c in range(ROOF))
_PEEK = tuple(act("peek", c) for c in range(ROOF))
_ENTRANCE = tuple(act("entrance", c) for c in range(N))
_HACK, _ADD_DIE, _ROLL, _ESCAPE, _END = act("hack"), act("add-die"), act("roll"), act("escape"), act("end")


def legal_actions(g: Rules) -> list[Action]:
    """The legal actions, in the order of :func:`candidates` (core), then the cards' verbs,
    then ``end``: exactly the candidates :func:`reason` passes (tests/test_properties.py
    checks it on random games). Checked here without building a refusal for every
    candidate that fails: a move is legal when it has a usable link and its cost is
    affordable (the same helpers ``reason`` uses); every listed peek target is legal when
    one action is left; the rarer tile actions go through ``reason`` itself."""
    s = g.s
    if s.phase == "entrance":
        return list(_ENTRANCE)
    ch = g.active_character
    left = s.allowance - s.spent
    # TURN-3: every core action costs at least one action, so none is legal with none left
    out = _core_legal(g, ch, left) if left > 0 else []
    out.extend(verbs.legal(g, ch))
    out.append(_END)
    return out


def _core_legal(g: Rules, ch, left: int) -> list[Action]:
    """``[a for a in candidates(g, ch) if reason(g, ch, a) is None]`` when *left* >= 1."""
    links = moves.links_from(g, ch)
    usable_link, extra_cost, adjacent = moves.usable_link, moves.known_extra_cost, moves.ADJACENT
    tiles = g.s.tiles
    gemstone = "gemstone" in ch.loot
    out = []
    for dest, kinds in links.items():  # reason's "move": a usable link (ACT-4), 1 + known extras affordable
        if kinds is adjacent:
            kind = "adjacent"  # a step within the floor: no restriction applies (moves.restriction)
        else:
            kind = usable_link(g, ch, dest, links)[0]
            if kind is None:
                continue
        # known_extra_cost is 0 but for a Deadbolt (ACT-7) or the Gemstone's holder (LOOT-4)
        if 1 + (extra_cost(g, ch, dest, kind) if gemstone or tiles[dest].kind == "deadbolt" else 0) <= left:
            out.append(_MOVE[dest])
    out += [_PEEK[c] for c in moves.peek_targets(g, ch)]  # "peek": a target, 1 action (ACT-2)
    for a in _tile_candidates(g, ch):
        if reason(g, ch, a) is None:
            out.append(a)
    return out


def candidates(g: Rules, ch, links=None, peeks=None) -> list[Action]:
    """The core actions worth asking :func:`reason` about (a superset of the legal ones)."""
    out = [_MOVE[c] for c in (moves.links_from(g, ch) if links is None else links)]
    out += [_PEEK[c] for c in (moves.peek_targets(g, ch) if peeks is None else peeks)]
    out += _tile_candidates(g, ch)
    return out


def _tile_candidates(g: Rules, ch) -> list[Action]:
    """The candidates after moves and peeks: what the tile (or the Drill) offers, and escape."""
    out = []
    here = ch.cell
    tiles = g.s.tiles
    kind = tiles[here].kind
    if kind in COMPUTER_ROOMS:
        out.append(_HACK)
    if kind == "safe":
        out.append(_ADD_DIE)
        out.append(_ROLL)
    if g.has_ability(ch, "drill"):
        for c in (moves.above(here, len(tiles)), moves.below(here)):
            if c is not None and tiles[c].kind == "safe":
                out.append(act("add-die", c))
                out.append(act("roll", c))
    if here // N + 1 == g.s.floors:  # on the top floor (JOB-4)
        out.append(_ESCAPE)
    return out


def normalize(g: Rules, action: Action) -> Action:
    """Write an action the way legal_actions() lists it (a Safe on your own tile needs no cell)."""
    if action.verb in ("add-die", "roll") and action.args and g.s.phase == "actions":
        if action.args[0] == g.active_character.cell:
            return Action(action.verb, ())
    return action


def missing_cell(s, action: Action) -> int | None:
    """The first cell *action* names that the building does not have (a floor-3 cell in The
    Office Job, JOB-1), or None. The roof, where a verb allows it, is no cell (TOOL-12)."""
    verb = VERBS.get(action.verb)
    if verb is None:
        return None
    for kind, value in zip(verb.params, action.args):
        kind = kind.rstrip("?")
        if kind in ("cell", "place") and isinstance(value, int) and value >= len(s.tiles):
            if not (kind == "place" and value == ROOF):
                return value
    return None


def why_illegal(g: Rules, action: Action) -> tuple[str, str]:
    s = g.s
    gone = missing_cell(s, action)
    if gone is not None:
        return refuse("job.no_cell", gone=gone, job=s.job, floor=s.floors, last_cell=len(s.tiles) - 1), "JOB-1"
    if s.phase == "entrance":
        if action.verb == "entrance":
            return refuse("entrance.not_floor_1", cell=action.args[0]), "SETUP-9"
        return refuse("entrance.first"), "SETUP-9"
    ch = g.active_character
    if action.verb == "entrance":
        return refuse("entrance.chosen"), "SETUP-9"
    found = reason(g, ch, action)
    if found is None:
        return refuse("turn.not_available", verb=action.verb), "TURN-3"
    return found


def _afford(g: Rules, cost: int):
    left = g.s.allowance - g.s.spent
    if cost > left:
        return left
    return None


def reason(g: Rules, ch, action: Action, links=None, peeks=None):
    """(reason, rule id) why *action* is illegal for the active character, or None.

    Verbs this module does not know are left to the cards (returns None only for
    known verbs that are legal). *links* / *peeks*: ``moves.links_from`` /
    ``moves.peek_targets`` of this state, if already computed (a speed-up only)."""
    verb = action.verb
    s = g.s
    if verb == "move":
        dest = action.args[0]
        kind, refusal = moves.usable_link(g, ch, dest, links)
        if refusal is not None:
            return refusal
        if kind is None:
            if _out_of_secret_door(g, ch, dest):
                return refuse("move.secret_door", who=ch.name, from_cell=ch.cell, cell=dest), "TILE-16"
            return refuse("move.not_linked", cell=dest, who=ch.name, from_cell=ch.cell), "ACT-4"
        extra = moves.known_extra_cost(g, ch, dest, kind)
        left = _afford(g, 1 + extra)
        if left is not None:
            t = s.tiles[dest]
            rule = "ACT-7" if extra >= 2 else "LOOT-4" if extra else "TURN-3"
            return refuse("move.cost_deadbolt" if (t.kind == "deadbolt" and t.revealed and extra >= 2) else
                          "move.cost_gemstone" if extra else "move.cost", who=ch.name, left=left), rule
        return None
    if verb == "peek":
        target = action.args[0]
        if target in (moves.peek_targets(g, ch) if peeks is None else peeks):
            left = _afford(g, 1)
            return None if left is None else (refuse("peek.cost", who=ch.name, left=left), "TURN-3")
        if s.tiles[target].revealed:
            return refuse("peek.face_up", cell=target), "DEC-42"
        if _out_of_secret_door(g, ch, target):
            return refuse("peek.secret_door", who=ch.name, from_cell=ch.cell, cell=target), "TILE-16"
        return refuse("peek.not_adjacent", cell=target, who=ch.name, from_cell=ch.cell), "ACT-2"
    if verb == "hack":
        t = s.tiles[ch.cell]
        if t.kind not in COMPUTER_ROOMS:
            return refuse("hack.not_computer", who=ch.name), "ACT-9"
        if t.hack >= MAX_HACK_TOKENS:
            return refuse("hack.full"), "ALARM-6"
        left = _afford(g, 1)
        return None if left is None else (refuse("hack.cost", who=ch.name, left=left), "TURN-3")
    if verb in ("add-die", "roll"):
        return _safe_reason(g, ch, action)
    if verb == "escape":
        return _escape_reason(g, ch)
    if verb == "end":
        return None
    if verb in CHOICE_VERBS:  # cite the rule that offers this choice (TILE-12 for a Laser answer...)
        return refuse("choice.none_open", verb=verb), VERBS[verb].rule
    if verb in CHANCE_VERBS:
        return refuse("chance.none_waiting"), "CONV-7"
    return verbs.why_illegal(g, ch, action) if verb not in _CORE else None


_CORE = {"move", "peek", "hack", "add-die", "roll", "escape", "end"}
CHOICE_VERBS = ("alarm", "laser", "deadbolt", "cancel-alarm", "allow-alarm", "stealth", "character", "cell",
                "keep", "draw", "order", "events-order")


def _out_of_secret_door(g: Rules, ch, dest: int) -> bool:
    """TILE-16: *dest* is across a wall from the revealed Secret Door the character stands on."""
    here = ch.cell
    t = g.s.tiles[here]
    return t.kind == "secret_door" and t.revealed and dest in g.across_wall(here)


def _safe_reason(g: Rules, ch, action):
    s = g.s
    target = action.args[0] if action.args else ch.cell
    cost = 2 if action.verb == "add-die" else 1
    rule = "ACT-10" if action.verb == "add-die" else "ACT-11"
    t = s.tiles[target]
    if target != ch.cell:
        if not g.has_ability(ch, "drill"):
            return refuse("safe.not_on", who=ch.name), rule
        if target not in (moves.above(ch.cell, len(s.tiles)), moves.below(ch.cell)):
            return refuse("safe.drill_reach"), "CHAR-10"
        if not (t.kind == "safe" and t.revealed):
            return refuse("safe.drill_not_safe", cell=target), "CHAR-10"
    elif t.kind != "safe":
        return refuse("safe.not_safe", who=ch.name), rule
    if t.cracked:
        return refuse("safe.cracked"), rule
    if action.verb == "add-die":
        if t.dice >= 6:
            return refuse("safe.full"), "ACT-10"
    else:
        if t.dice < 1:
            return refuse("safe.no_dice"), "DEC-45"
        holder = next((c for c in s.characters if "keycard" in c.loot), None)
        if holder is not None and holder.cell != target:
            return refuse("safe.keycard", who=holder.name), "LOOT-7"
    left = _afford(g, cost)
    if left is not None:
        return refuse("safe.cost_add" if cost == 2 else "safe.cost_roll", who=ch.name, left=left), rule
    return None


def _escape_reason(g: Rules, ch):
    if not moves.escape_link(g, ch):
        return refuse("escape.where", floor=g.s.floors), "ACT-15"
    if g.round_effect_active("time_lock"):
        return refuse("escape.time_lock"), "EVENT-24"
    found = moves.escape_conditions(g)
    if found is not None:
        return found
    left = _afford(g, 1)
    if left is not None:
        return refuse("escape.cost", who=ch.name, left=left), "ACT-15"
    return None
