"""Characters moving and peeking: links, the move procedure, arrivals, reveal effects
(RULES.md ACT-2..8, TILE-6, TILE-10, TILE-11, TILE-14, TILE-16..20)."""

from __future__ import annotations

from burgle.geometry.board import CELLS_PER_FLOOR, ROOF, floor_of
from burgle.data.cards import LOOT_BY_KEY as _LOOT
from burgle.engine import alarms, draws, guards
from burgle.engine.cards import items
from burgle.engine.actions import act
from burgle.engine.context import Rules
from burgle.engine.refusals import refuse
from burgle.engine.state import replaced

N = CELLS_PER_FLOOR

# Link kinds. "Counting" ones are moves by ACT-5 (ACT-8); walk-down is not.
COUNTING_LINKS = ("adjacent", "secret_door", "stairs_up", "stairs_down", "duct", "thermal", "gymnastics")
STAIRS_LINKS = ("stairs_up", "stairs_down", "thermal")  # what Time Lock blocks (EVENT-24, DEC-29)


def above(c: int, cells: int) -> int | None:
    """The cell directly above *c* in a building of *cells* cells (``len(s.tiles)``); None
    on the top floor, which has no cell above it (JOB-4)."""
    return c + N if c + N < cells else None


def below(c: int) -> int | None:
    return c - N if c >= N else None


ADJACENT: tuple[str, ...] = ("adjacent",)  # links_from()'s kinds of a cell reached only by a step within the floor


def links_from(g: Rules, ch, here: int | None = None) -> dict[int, tuple[str, ...]]:
    """ACT-4: every cell the character could move to, with the link kinds reaching it
    (restrictions not yet applied). A cell reached only as an adjacent cell has the shared
    tuple :data:`ADJACENT` (the usual case, told by identity). *here*: the links the
    character would have standing on that cell (a planner's walk), else its own cell."""
    s = g.s
    here = ch.cell if here is None else here
    tiles = s.tiles
    out: dict[int, tuple[str, ...]] = dict.fromkeys(g.neighbours(here), ADJACENT)
    for c in g.across_wall(here):  # into a Secret Door through its wall (TILE-16)
        t = tiles[c]
        if t.kind == "secret_door" and t.revealed:
            out[c] = ("secret_door",)
    tile = tiles[here]
    up, down = above(here, len(tiles)), below(here)
    if tile.kind == "stairs" and tile.revealed and up is not None:
        out[up] = out.get(up, ()) + ("stairs_up",)
    if down is not None and tiles[down].kind == "stairs" and tiles[down].revealed:
        out[down] = out.get(down, ()) + ("stairs_down",)
    if tile.kind == "service_duct" and tile.revealed:
        for c, t in enumerate(tiles):
            if c != here and t.kind == "service_duct" and t.revealed:
                out[c] = out.get(c, ()) + ("duct",)
    if tile.kind == "walkway" and tile.revealed and down is not None:
        out[down] = out.get(down, ()) + ("walk_down",)
    if up is not None and tiles[up].kind == "walkway" and tiles[up].revealed and g.round_effect_active("gymnastics"):
        if not any(owner == ch.seat for owner, key in s.round_effects if key == "gymnastics"):
            out[up] = out.get(up, ()) + ("gymnastics",)  # EVENT-10: anyone but the drawer
    for a, b in s.thermal:
        if a == here and b < ROOF:
            out[b] = out.get(b, ()) + ("thermal",)
        elif b == here:
            out[a] = out.get(a, ()) + ("thermal",)
    return out


def restriction(g: Rules, ch, dest: int, kind: str, here: int | None = None) -> tuple[str, str] | None:
    """Why a link may not be used now: (reason, rule id), or None. None of these concerns
    a step to an adjacent cell of the same floor (Time Lock closes Stairs and thermal links,
    the Painting Secret Doors and Service Ducts, a Walkway the way up from below). *here*:
    the cell the link starts from, when not the character's own (as in links_from)."""
    s = g.s
    here = ch.cell if here is None else here
    if kind in STAIRS_LINKS and g.round_effect_active("time_lock"):
        return refuse("move.time_lock"), "EVENT-24"
    if kind in ("secret_door", "duct") and "painting" in ch.loot:
        return refuse("move.painting"), "LOOT-9"
    t = s.tiles[dest]
    if t.kind == "walkway" and t.revealed and dest == (above(here, len(s.tiles)) or -1) and kind != "gymnastics":
        return refuse("move.walkway_up"), "TILE-20"
    return None


def usable_link(g: Rules, ch, dest: int, links=None):
    """The link the character would use to reach *dest*: (kind, None) or (None, (reason, rule)).

    A walk-down is preferred when a counting link reaches the same cell (see
    docs/rules-decisions.md).

    A cell adjacent on the same floor (CONV-4) is reached by the step "adjacent", which
    no :func:`restriction` concerns and which comes first among the kinds reaching it (a
    walk-down, the only kind preferred to it, leads to another floor), so it is the answer
    without building :func:`links_from` (``do_move`` asks this for every move it makes)."""
    if links is None:
        if dest in g.neighbours(ch.cell):
            return "adjacent", None
        links = links_from(g, ch)
    kinds = links.get(dest)
    if not kinds:
        return None, None
    first_refusal = None
    for kind in (kinds if len(kinds) == 1 else sorted(kinds, key=lambda k: k != "walk_down")):
        why = restriction(g, ch, dest, kind)
        if why is None:
            return kind, None
        first_refusal = first_refusal or why
    return None, first_refusal


def others_on(g: Rules, ch, cell: int) -> bool:
    return any(o is not ch and o.on_board and o.cell == cell for o in g.s.characters)


def known_extra_cost(g: Rules, ch, dest: int, kind: str, ignore_extras: bool = False) -> int:
    """Extra actions known before moving: a revealed empty Deadbolt (ACT-7) and the
    Gemstone (LOOT-4). Lasers are a choice made on entry."""
    if kind == "walk_down" or ignore_extras:
        return 0
    s = g.s
    extra = 0
    t = s.tiles[dest]
    if (t.kind == "deadbolt" and t.revealed and not t.crowbar
            and not others_on(g, ch, dest) and s.guards[floor_of(dest) - 1].cell != dest):
        extra += 2
    if "gemstone" in ch.loot and others_on(g, ch, dest):
        extra += 1
    return extra


# ----------------------------------------------------------------------------- reveal

def reveal(g: Rules, cell: int, rule: str = "ACT-3"):
    """Generator, ACT-3: turn a tile face up with its reveal effects. Returns True if it was
    face down. What lies there is a chance event (burgle.engine.draws.tile_kind)."""
    s = g.s
    if s.tiles[cell].revealed:
        return False
    yield from draws.tile_kind(g, cell, rule)
    t = s.tiles[cell]
    if t.kind == "lavatory":
        t = s.set_tile(cell, revealed=True, stealth=t.stealth + 3)
    else:
        t = s.set_tile(cell, revealed=True)
    g.note("reveal", rule, cell=cell, tile=g.tile_name(cell))
    if t.kind == "stairs":
        up = above(cell, len(s.tiles))
        if up is not None:
            s.set_tile(up, downstairs=True)
    return True


def peek(g: Rules, ch, cell: int, rule: str = "ACT-2"):
    yield from reveal(g, cell, rule)
    g.note("peek", rule, cell=cell, seat=ch.seat, who=g.who(ch), tile=g.tile_name(cell))


def peek_targets(g: Rules, ch) -> list[int]:
    """ACT-2: face-down cells the character may peek at with the Peek action."""
    s = g.s
    here = ch.cell
    tiles = s.tiles
    out = [c for c in g.neighbours(here) if not tiles[c].revealed]
    t = tiles[here]
    up, down = above(here, len(tiles)), below(here)
    if t.kind == "stairs" and up is not None and not tiles[up].revealed:
        out.append(up)
    if t.kind == "atrium":
        for c in (up, down):
            if c is not None and not tiles[c].revealed:
                out.append(c)
    for a, b in s.thermal:
        other = b if a == here else a if b == here else None
        if other is not None and other < ROOF and not tiles[other].revealed and other not in out:
            out.append(other)
    return out


# ----------------------------------------------------------------------------- arrivals

def leave(g: Rules, ch):
    """ACT-5.4 / TILE-14: leaving a Motion tile entered (counting) this turn triggers it."""
    here = ch.cell
    if here is not None and here in ch.motion_marks:
        ch.motion_marks.remove(here)
        if g.s.tiles[here].kind == "motion":
            yield from alarms.trigger(g, here, "motion", by=ch, rule="TILE-14")


def set_down(g: Rules, ch, dest: int, flex: bool = False):
    """Put the character on *dest*; place that floor's guard if he is not yet there (GUARD-2).
    *flex* records an entry by the Acrobat's Flexibility (CHAR-1)."""
    ch.cell = dest
    ch.flex_cell = dest if flex else None
    guard = g.s.guards[floor_of(dest) - 1]
    if not guard.placed:
        yield from guards.place_guard(g, guard, arriving=ch)


def non_counting_arrival(g: Rules, ch, dest: int, fall: bool, rule: str):
    """ACT-8: reveal, leave (Motion still counts, DEC-40), place guard, sight unless a fall."""
    yield from reveal(g, dest)
    yield from leave(g, ch)
    if g.s.outcome:
        return
    yield from set_down(g, ch, dest)
    kind = "fall" if fall else ("walk_down" if rule in ("TILE-20", "DEC-3") else "move")
    g.note(kind, rule, cell=dest, seat=ch.seat, who=g.who(ch))
    if not fall and g.s.outcome is None:
        yield from guards.arrival_sight(g, ch, dest, tiara=kind == "walk_down")  # LOOT-12


def fall(g: Rules, ch, dest: int, rule: str):
    yield from non_counting_arrival(g, ch, dest, fall=True, rule=rule)


def counting_move(g: Rules, ch, dest: int, kind: str, base_cost: int = 1, ignore_extras: bool = False,
                  can_pay_extra: bool = True, flex: bool = False, rule: str = "ACT-5"):
    """ACT-5: the move procedure. Pays *base_cost* plus known extras; returns True if the
    character got in. *ignore_extras*: Rook's Orders (DEC-25); *can_pay_extra* False: Climb
    Window and Go With Your Gut (an empty Deadbolt stops, a Laser triggers)."""
    s = g.s
    paying = ch.seat == s.active
    extra = known_extra_cost(g, ch, dest, kind, ignore_extras)
    if paying:
        s.spent += base_cost + extra
    newly = False if s.tiles[dest].revealed else (yield from reveal(g, dest))  # 2
    t = s.tiles[dest]
    # 3: stop tiles
    if t.kind == "deadbolt" and not t.crowbar and newly and not ignore_extras:
        empty = not others_on(g, ch, dest) and s.guards[floor_of(dest) - 1].cell != dest
        if empty:
            left = s.allowance - s.spent
            options = [act("deadbolt", "stay")]
            if can_pay_extra and paying and left >= 2:
                options.insert(0, act("deadbolt", "pay"))
            choice = yield from g.ask(ch.seat, f"The Deadbolt on {g.name(dest)}: pay 2 more actions or stay?", "TILE-6", options)
            if choice.args[0] == "stay":
                g.note("blocked", "TILE-6", cell=dest, seat=ch.seat, who=g.who(ch))
                return False
            s.spent += 2
            g.note("deadbolt_paid", "TILE-6", cell=dest, seat=ch.seat, who=g.who(ch))
    if t.kind == "keypad" and not t.crowbar and not t.keypad_open:
        n = s.keypad_attempts.get(dest, 0) + 1  # per Keypad per turn (DEC-23)
        s.keypad_attempts[dest] = n
        count = n + g.extra_dice(ch)
        dice = yield from draws.roll(g, count, "TILE-10")
        g.note("keypad_roll", "TILE-10", cell=dest, seat=ch.seat, value=dice, who=g.who(ch))
        if 6 not in dice:
            g.note("blocked", "TILE-10", cell=dest, seat=ch.seat, who=g.who(ch))
            return False
        t = s.set_tile(dest, keypad_open=True)
        g.note("keypad_open", "TILE-10", cell=dest)
    # 4: leave
    if ch.motion_marks:  # (leave() acts on a Motion mark only)
        yield from leave(g, ch)
        if s.outcome:
            return True
    # 5: arrive, place guard
    yield from set_down(g, ch, dest, flex)
    g.note("move", rule, cell=dest, seat=ch.seat, who=g.who(ch))
    if s.outcome:
        return True
    # 6: sight
    yield from guards.arrival_sight(g, ch, dest, flex=flex)
    if s.outcome:
        return True
    # 7: entry effects
    if s.tiles[dest].kind in ENTRY_EFFECT_KINDS:
        yield from entry_effects(g, ch, dest, newly, ignore_extras, can_pay_extra)
    return True


ENTRY_EFFECT_KINDS = frozenset({"laser", "fingerprint", "detector", "camera", "thermo", "motion", "laboratory",
                                "walkway"})  # the tiles entry_effects() acts on


def entry_effects(g: Rules, ch, dest: int, newly: bool, quiet_laser: bool, can_pay_extra: bool):
    """ACT-5.7: Laser, Fingerprint, Detector, Camera, Isotope+Thermo, Motion mark, Lab, Walkway fall."""
    s = g.s
    t = s.tiles[dest]
    if t.crowbar or t.kind not in ENTRY_EFFECT_KINDS:
        return
    kind = t.kind
    if kind == "laser":
        if not quiet_laser and alarms.cancel_reason(g, dest, "laser", True, by=ch) is None:
            options = [act("laser", "alarm")]
            if can_pay_extra and ch.seat == s.active and s.allowance - s.spent >= 1:
                options.insert(0, act("laser", "quiet"))
            choice = yield from g.ask(ch.seat, f"The Laser on {g.name(dest)}: pay 1 more action or trigger it?", "TILE-12", options)
            if choice.args[0] == "quiet":
                s.spent += 1
                g.note("laser_quiet", "TILE-12", cell=dest, seat=ch.seat, who=g.who(ch))
            else:
                yield from alarms.trigger(g, dest, "laser", by=ch, rule="TILE-12")
    elif kind == "fingerprint":
        yield from alarms.trigger(g, dest, "fingerprint", by=ch, rule="TILE-8")
    elif kind == "detector":
        if ch.tools or ch.loot:
            yield from alarms.trigger(g, dest, "detector", by=ch, rule="TILE-7")
    elif kind == "camera":
        if not g.round_effect_active("video_loop") and any(
            gd.cell is not None and gd.cell != dest and s.tiles[gd.cell].kind == "camera" and s.tiles[gd.cell].working
            for gd in s.guards
        ):
            yield from alarms.trigger(g, dest, "camera", by=ch, arrival=True, rule="TILE-2")
    elif kind == "thermo":
        if "isotope" in ch.loot:
            yield from alarms.trigger(g, dest, "thermo", by=ch, rule="LOOT-6")
    elif kind == "motion":
        if dest not in ch.motion_marks:
            ch.motion_marks.append(dest)
    elif kind == "laboratory":
        if not t.looted:
            s.set_tile(dest, looted=True)
            yield from items.draw_tool(g, ch, "TILE-11")
    elif kind == "walkway":
        down = below(dest)
        if newly and down is not None and s.outcome is None:  # TILE-20: revealed by this move
            yield from fall(g, ch, down, "TILE-20")


# ----------------------------------------------------------------------------- the roof (ACT-15)

def escape_link(g: Rules, ch) -> bool:
    s = g.s
    here = ch.cell
    t = s.tiles[here]
    if floor_of(here) == s.floors and t.kind == "stairs" and t.revealed:  # the top floor (JOB-4)
        return True
    return any(a == here and b >= ROOF for a, b in s.thermal)  # TOOL-12, DEC-28


def escape_conditions(g: Rules):
    """ACT-15 / DEC-19: what the team must have done before anyone may escape, wherever
    from (also read by Freight Elevator on the top floor, EVENT-8, DEC-6): (reason, rule) of the
    first unmet condition, or None when all hold."""
    s = g.s
    uncracked = [c for c, t in enumerate(s.tiles) if t.kind == "safe" and not t.cracked]
    if uncracked:  # all F Safes in a job of F floors (JOB-4)
        return refuse("escape.safes", floor=s.floors, count=len(uncracked)), "ACT-15"
    lying = [(c, i) for c, t in enumerate(s.tiles) for i in t.items if i in _LOOT]
    if lying:
        return refuse("escape.loot_lying", card=lying[0][1], cell=lying[0][0]), "DEC-19"
    if s.kitty is not None:
        return refuse("escape.kitty"), "LOOT-10"
    return None


def escape(g: Rules, ch) -> None:
    s = g.s
    ch.escaped = True
    ch.cell = None
    s.heads_up = replaced(s.heads_up, ch.seat, 0)
    s.skip = replaced(s.skip, ch.seat, False)
    g.note("escaped", "ACT-15", cell=ROOF, seat=ch.seat, who=g.who(ch))
    if all(c.escaped for c in s.characters):
        g.note("won", "END-7")
        g.game_over("won", "every character escaped")
