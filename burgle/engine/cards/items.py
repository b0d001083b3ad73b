"""Getting and handing over cards: Tool and Loot draws, loot held at the start of a turn,
trades and picking up (RULES.md ACT-12, ACT-13, CHAR-13/14, LOOT-2, LOOT-3, LOOT-5, LOOT-10)."""

from __future__ import annotations

from burgle.geometry.board import CELLS_PER_FLOOR, floor_of
from burgle.data.cards import TOOL_BY_KEY
from burgle.data.tiles import ALARM_TILE_KEYS
from burgle.engine import alarms, draws, guards
from burgle.engine.actions import Action, act
from burgle.engine.refusals import refuse
from burgle.engine.context import Rules

N = CELLS_PER_FLOOR
VERBS = frozenset({"give", "take", "pick-up", "catch-kitty"})


def _is_tool(key: str) -> bool:
    return key in TOOL_BY_KEY


# ----------------------------------------------------------------------------- drawing

def draw_tool(g: Rules, ch, rule: str, lay_on: int | None = None):
    """A character gets a Tool from the deck (Lab, Safe, Jury-Rig, Tinker). With a Rigger
    in the game it may draw 2 and keep 1 (CHAR-13/14). The Tool deck never reshuffles (DEC-33)."""
    s = g.s
    if not s.tool_deck:
        g.note("no_tool", "DEC-33", seat=ch.seat)
        return
    rigger = next((c for c in s.characters if c.name == "rigger" and not c.escaped), None)
    two = False
    if rigger is not None and len(s.tool_deck) >= 2:
        choice = yield from g.ask(ch.seat, f"{g.who(rigger)}'s rule: draw one tool, or draw two and keep one?",
                                  "CHAR-13", [act("draw", "one"), act("draw", "two")])
        two = choice.args[0] == "two"
    if two:
        yield from draws.tool_top(g, rule)
        first = s.tool_deck.pop()
        yield from draws.tool_top(g, rule)
        drawn = [first, s.tool_deck.pop()]
        choice = yield from g.ask(ch.seat, "Keep which tool? " + " or ".join(g.card_name(k) for k in drawn),
                                  "CHAR-13", [act("keep", k) for k in dict.fromkeys(drawn)])
        kept = choice.args[0]
        drawn.remove(kept)
        s.tool_discard.extend(drawn)
    else:
        yield from draws.tool_top(g, rule)
        kept = s.tool_deck.pop()
    _take(g, ch, kept, ch.tools, "tool_drawn", rule, lay_on, rule)


def _take(g: Rules, ch, key: str, hand: list, kind: str, rule: str, lay_on: int | None, laid_rule: str) -> None:
    """A drawn card goes into *hand* (Happening *kind*), or lies on the drilled Safe's tile
    *lay_on* (DEC-22)."""
    if lay_on is not None:
        g.s.set_tile(lay_on, items=g.s.tiles[lay_on].items + (key,))
        g.note("card_laid", laid_rule, cell=lay_on, seat=ch.seat, value=g.card_name(key))
    else:
        hand.append(key)
        g.note(kind, rule, seat=ch.seat, value=g.card_name(key), who=g.who(ch))


def draw_loot(g: Rules, ch, safe_cell: int, lay_on: int | None = None):
    """ACT-12: the cracker takes the top Loot, with its on-draw effects (LOOT-3, LOOT-5)."""
    s = g.s
    if not s.loot_deck:
        return
    yield from draws.loot_top(g)
    key = s.loot_deck.pop()
    _take(g, ch, key, ch.loot, "loot_drawn", "ACT-12", lay_on, "CHAR-10")
    if key == "cursed_goblet":  # LOOT-3, END-5: never a capture
        yield from guards.lose_one(g, ch, "LOOT-3", by_guard=False)
    elif key == "gold_bar" and "gold_bar" in s.loot_deck:  # LOOT-5
        s.loot_deck.remove("gold_bar")
        s.set_tile(safe_cell, items=s.tiles[safe_cell].items + ("gold_bar",))
        s.chance.shuffle(s.loot_deck)
        g.note("card", "LOOT-5", cell=safe_cell, value=f"The second Gold Bar is laid on {g.name(safe_cell)}.")


# ----------------------------------------------------------------------------- loot at turn start

def start_of_turn_loot(g: Rules, ch):
    """TURN-2d / DEC-39: Chihuahua, then Persian Kitty."""
    s = g.s
    if "chihuahua" in ch.loot:  # LOOT-2
        roll = (yield from draws.roll(g, 1, "LOOT-2"))[0]
        g.note("card", "LOOT-2", seat=ch.seat, value=f"The Chihuahua rolls {roll}.")
        if roll == 6:
            yield from alarms.trigger(g, ch.cell, None, own=False, by=ch, rule="LOOT-2")
            if s.outcome:
                return
    if "persian_kitty" in ch.loot and s.kitty is None:  # LOOT-10
        roll = (yield from draws.roll(g, 1, "LOOT-10"))[0]
        g.note("card", "LOOT-10", seat=ch.seat, value=f"The Persian Kitty rolls {roll}.")
        if roll <= 2:
            yield from kitty_escapes(g, ch)


def kitty_escapes(g: Rules, ch):
    s = g.s
    here = ch.cell
    floor = floor_of(here)
    table = g.table(floor)
    base = N * (floor - 1)
    targets = [c for c in range(base, base + N)
               if c != here and s.tiles[c].revealed and s.tiles[c].kind in ALARM_TILE_KEYS]
    if not targets:
        g.note("card", "LOOT-10", seat=ch.seat, value="The Kitty stays: no alarm tile on this floor.")
        return
    dist = {c: table.dist[(here - base) * N + c - base] for c in targets}
    best = min(dist.values())
    tied = [c for c in targets if dist[c] == best]
    choice = yield from g.ask(s.active, "The Kitty runs for the nearest alarm tile: which one?", "LOOT-10",
                              [act("cell", c) for c in tied])
    target = choice.args[0]
    s.kitty = base + table.step[(here - base) * N + target - base]
    g.note("card", "LOOT-10", cell=s.kitty, seat=ch.seat,
                     value=f"The Persian Kitty gets loose and runs to {g.name(s.kitty)}.")


# ----------------------------------------------------------------------------- free actions

def candidates(g: Rules, ch) -> list[Action]:
    s = g.s
    here = ch.cell
    out: list[Action] = []
    if here is None:  # not on the board: no shared tile
        return out
    for other in s.characters:
        if other is ch or other.cell != here or other.escaped:
            continue
        for key in ch.tools + ch.loot:
            out.append(act("give", key, other.seat))
        for key in other.tools + other.loot:
            out.append(act("take", key, other.seat))
    lying = s.tiles[here].items
    if lying:
        for key in dict.fromkeys(lying):
            out.append(act("pick-up", key))
    if s.kitty is not None and s.kitty == here and "persian_kitty" in ch.loot:
        out.append(act("catch-kitty"))
    return out


def _holds(ch, key):
    return key in ch.tools or key in ch.loot


def reason(g: Rules, ch, action):
    s = g.s
    verb = action.verb
    if verb in ("give", "take"):
        key, seat = action.args
        if seat >= len(s.characters) or seat == ch.seat:
            return refuse("trade.not_other", seat=seat), "ACT-13"
        other = s.characters[seat]
        if not other.on_board or other.cell != ch.cell:
            return refuse("trade.not_here", other=other.name, who=ch.name), "ACT-13"
        giver, receiver = (ch, other) if verb == "give" else (other, ch)
        if not _holds(giver, key):
            return refuse("trade.not_held", who=giver.name, item=key), "ACT-13"
        if key == "gold_bar" and "gold_bar" in receiver.loot:
            return refuse("loot.gold_bar_twice", who=receiver.name), "LOOT-5"
        return None
    if verb == "pick-up":
        key = action.args[0]
        if key not in s.tiles[ch.cell].items:
            return refuse("pickup.not_here", item=key, cell=ch.cell), "ACT-13"
        if key == "gold_bar" and "gold_bar" in ch.loot:
            return refuse("loot.gold_bar_twice", who=ch.name), "LOOT-5"
        return None
    if verb == "catch-kitty":
        if "persian_kitty" not in ch.loot:
            return refuse("kitty.not_holder"), "DEC-18"
        if s.kitty is None:
            return refuse("kitty.not_loose"), "LOOT-10"
        if s.kitty != ch.cell:
            return refuse("kitty.elsewhere", cell=s.kitty, who=ch.name), "LOOT-10"
        return None
    return None


def perform(g: Rules, ch, action):
    s = g.s
    verb = action.verb
    if verb in ("give", "take"):
        key, seat = action.args
        other = s.characters[seat]
        giver, receiver = (ch, other) if verb == "give" else (other, ch)
        pile = "tools" if key in giver.tools else "loot"
        getattr(giver, pile).remove(key)
        getattr(receiver, pile).append(key)
        g.note("card", "ACT-13", seat=ch.seat,
                         value=f"{g.who(giver)} hands {g.card_name(key)} to {g.who(receiver)}.")
    elif verb == "pick-up":
        key = action.args[0]
        items = list(s.tiles[ch.cell].items)
        items.remove(key)
        s.set_tile(ch.cell, items=tuple(items))
        (ch.tools if _is_tool(key) else ch.loot).append(key)
        g.note("card", "ACT-13", seat=ch.seat, value=f"{g.who(ch)} picks up {g.card_name(key)}.")
    elif verb == "catch-kitty":
        s.kitty = None
        g.note("card", "LOOT-10", seat=ch.seat, value=f"{g.who(ch)} catches the Persian Kitty.")
    yield from ()
    return False
