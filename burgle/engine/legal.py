"""Which actions are legal, and why the others are not (with the RULES.md id they break).

One function, :func:`reason`, decides legality; :func:`legal_actions` is the candidates
it passes, so the list and the refusals can never disagree.
"""

from __future__ import annotations

from burgle.geometry.board import CELLS_PER_FLOOR, ROOF, cell_name, floor_of, orthogonal_neighbours
from burgle.data.jobs import get_job
from burgle.data.tiles import COMPUTER_ROOMS
from burgle.engine import moves
from burgle.engine.cards import verbs
from burgle.engine.actions import VERBS, Action, act
from burgle.engine.draws import CHANCE_VERBS
from burgle.engine.context import Rules

N = CELLS_PER_FLOOR


def legal_actions(g: Rules) -> list[Action]:
    s = g.s
    if s.phase == "entrance":
        return [act("entrance", c) for c in range(N)]
    ch = g.active_character
    links, peeks = moves.links_from(g, ch), moves.peek_targets(g, ch)  # computed once per list
    out = []
    for a in candidates(g, ch, links, peeks):
        if reason(g, ch, a, links, peeks) is None:
            out.append(a)
    out.extend(verbs.legal(g, ch))
    out.append(act("end"))
    return out


def candidates(g: Rules, ch, links=None, peeks=None):
    yield from (act("move", c) for c in (moves.links_from(g, ch) if links is None else links))
    yield from (act("peek", c) for c in (moves.peek_targets(g, ch) if peeks is None else peeks))
    tile = g.s.tiles[ch.cell]
    if tile.kind in COMPUTER_ROOMS:
        yield act("hack")
    if tile.kind == "safe":
        yield act("add-die")
        yield act("roll")
    if g.has_ability(ch, "drill"):
        for c in (moves.above(ch.cell, len(g.s.tiles)), moves.below(ch.cell)):
            if c is not None and g.s.tiles[c].kind == "safe":
                yield act("add-die", c)
                yield act("roll", c)
    if floor_of(ch.cell) == g.s.floors:  # the top floor (JOB-4)
        yield act("escape")


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
        job = get_job(s.job)
        return (f"{cell_name(gone)} is not a cell of {job.name}: its building has {s.floors} floors, "
                f"cells 1A1 to {cell_name(len(s.tiles) - 1)}", "JOB-1")
    if s.phase == "entrance":
        if action.verb == "entrance":
            return f"the entrance must be a floor-1 cell, not {g.name(action.args[0])}", "SETUP-9"
        return "the players must first choose the entrance with 'entrance CELL' (a floor-1 cell)", "SETUP-9"
    ch = g.active_character
    if action.verb == "entrance":
        return "the entrance was chosen at setup", "SETUP-9"
    found = reason(g, ch, action)
    if found is None:
        return f"{action.verb!r} is not available now", "TURN-3"
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
                return (f"{g.who(ch)} stands on a Secret Door: it is one-way, entered through a wall but never "
                        f"left through one, and a wall stands between {g.name(ch.cell)} and {g.name(dest)}", "TILE-16")
            return (f"{g.name(dest)} is not linked to {g.who(ch)}'s cell {g.name(ch.cell)}: a move goes to an "
                    "adjacent cell with no wall between, or along revealed Stairs, Service Ducts, Secret "
                    "Doors, Walkways or thermal links", "ACT-4")
        extra = moves.known_extra_cost(g, ch, dest, kind)
        left = _afford(g, 1 + extra)
        if left is not None:
            t = s.tiles[dest]
            why = "a revealed empty Deadbolt costs 3 actions in all" if (t.kind == "deadbolt" and t.revealed and extra >= 2) else \
                "the Gemstone's holder pays 1 more to enter a tile with another character" if extra else "a move costs 1 action"
            rule = "ACT-7" if extra >= 2 else "LOOT-4" if extra else "TURN-3"
            return f"{why} and {g.who(ch)} has {left} left", rule
        return None
    if verb == "peek":
        target = action.args[0]
        if target in (moves.peek_targets(g, ch) if peeks is None else peeks):
            left = _afford(g, 1)
            return None if left is None else (f"a peek costs 1 action and {g.who(ch)} has {left} left", "TURN-3")
        if s.tiles[target].revealed:
            return f"{g.name(target)} is already face up; only face-down tiles can be peeked", "DEC-42"
        if _out_of_secret_door(g, ch, target):
            return (f"{g.who(ch)} stands on a Secret Door: no peeking out through its walls, and a wall stands "
                    f"between {g.name(ch.cell)} and {g.name(target)}", "TILE-16")
        return (f"{g.name(target)} is not adjacent to {g.who(ch)}'s cell {g.name(ch.cell)} (no wall between), "
                "nor above a Stairs tile, above or below an Atrium, or across a thermal link", "ACT-2")
    if verb == "hack":
        t = s.tiles[ch.cell]
        if t.kind not in COMPUTER_ROOMS:
            return f"{g.who(ch)} is not on a Computer Room", "ACT-9"
        if t.hack >= 6:
            return "this Computer Room already holds 6 hack tokens", "ALARM-6"
        left = _afford(g, 1)
        return None if left is None else (f"hacking costs 1 action and {g.who(ch)} has {left} left", "TURN-3")
    if verb in ("add-die", "roll"):
        return _safe_reason(g, ch, action)
    if verb == "escape":
        return _escape_reason(g, ch)
    if verb == "end":
        return None
    if verb in CHOICE_VERBS:  # cite the rule that offers this choice (TILE-12 for a Laser answer...)
        return (f"'{verb}' answers a choice the rules offer mid-action ({VERBS[verb].help}), and no such "
                "choice is open now", VERBS[verb].rule)
    if verb in CHANCE_VERBS:
        return "no chance event waits for an outcome now (outcomes are actions only when chance is explicit)", "CONV-7"
    return verbs.why_illegal(g, ch, action) if verb not in _CORE else None


_CORE = {"move", "peek", "hack", "add-die", "roll", "escape", "end"}
CHOICE_VERBS = ("alarm", "laser", "deadbolt", "cancel-alarm", "allow-alarm", "stealth", "character", "cell",
                "keep", "draw", "order", "events-order")


def _out_of_secret_door(g: Rules, ch, dest: int) -> bool:
    """TILE-16: *dest* is across a wall from the revealed Secret Door the character stands on."""
    here = ch.cell
    t = g.s.tiles[here]
    return (t.kind == "secret_door" and t.revealed and dest // N == here // N
            and dest % N in orthogonal_neighbours(here % N) and not g.adjacent(here, dest))


def _safe_reason(g: Rules, ch, action):
    s = g.s
    target = action.args[0] if action.args else ch.cell
    cost = 2 if action.verb == "add-die" else 1
    rule = "ACT-10" if action.verb == "add-die" else "ACT-11"
    t = s.tiles[target]
    if target != ch.cell:
        if not g.has_ability(ch, "drill"):
            return f"{g.who(ch)} must stand on the Safe (only the advanced Peterman drills from above or below)", rule
        if target not in (moves.above(ch.cell, len(s.tiles)), moves.below(ch.cell)):
            return "the Drill reaches only the Safe directly above or below", "CHAR-10"
        if not (t.kind == "safe" and t.revealed):
            return f"{g.name(target)} is not a revealed Safe", "CHAR-10"
    elif t.kind != "safe":
        return f"{g.who(ch)} is not on a Safe", rule
    if t.cracked:
        return "this Safe is already cracked", rule
    if action.verb == "add-die":
        if t.dice >= 6:
            return "a Safe holds at most 6 dice", "ACT-10"
    else:
        if t.dice < 1:
            return "the Safe has no dice yet: add a die first (2 actions)", "DEC-45"
        holder = next((c for c in s.characters if "keycard" in c.loot), None)
        if holder is not None and holder.cell != target:
            return f"{g.who(holder)} holds the Keycard and must stand on this Safe's tile", "LOOT-7"
    left = _afford(g, cost)
    if left is not None:
        return f"{'adding a die' if cost == 2 else 'rolling'} costs {cost} action{'s' * (cost > 1)} and {g.who(ch)} has {left} left", rule
    return None


def _escape_reason(g: Rules, ch):
    if not moves.escape_link(g, ch):
        return f"escape is only from the top-floor Stairs tile (floor {g.s.floors}) or a thermal link to the roof", "ACT-15"
    if g.round_effect_active("time_lock"):
        return "Time Lock: no one may use the Stairs or the roof link this round", "EVENT-24"
    found = moves.escape_conditions(g)
    if found is not None:
        return found
    left = _afford(g, 1)
    if left is not None:
        return f"escaping costs 1 action and {g.who(ch)} has {left} left", "ACT-15"
    return None
