"""The game state as plain data, and its canonical dictionary form.

Everything that decides the future of a game lives here (including the chance
source's state), so two states with equal ``to_dict()`` play on identically. The
dictionary form names cells and cards the way the rules write them, so saved games
and test snapshots read as text.

Copies are cheap (``GameState.copy``, a few microseconds): tiles are immutable values
shared between copies (a rule that changes a tile puts a new one in its place with
:meth:`GameState.set_tile`), and so are the fields that seldom change, kept as tuples and
replaced when they do (:func:`replaced`): the walls, the per-seat counters and the guards'
patrol decks, discard piles and removed cards; the few guards and characters are copied.

The undo history keeps :meth:`GameState.snapshot` records: flat tuples of immutable values,
never changed; play goes on from :meth:`GameState.restore` of one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from burgle.geometry.board import ROOF, cell_name, walls_spec
from burgle.geometry.layouts import encode_building
from burgle.engine.chance import Chance

_new = object.__new__
Snapshot = tuple  # GameState.snapshot(): the state as one flat tuple of immutable values
_FIXED = 32  # a snapshot's fields before its guards' (8 each) and characters' (13 each)


def replaced(items: tuple, i: int, value) -> tuple:
    """*items* with item *i* replaced by *value*: how a rule changes one of the state's tuple
    fields (copies and undo snapshots share them, so they are never changed in place).

    >>> replaced((0, 0, 0), 1, 2)
    (0, 2, 0)
    """
    return (*items[:i], value, *items[i + 1:])


class Tile(NamedTuple):
    """One dealt room tile and the tokens on it: an immutable value.

    >>> t = Tile("laser", 2)
    >>> t.revealed, t.working
    (False, False)
    >>> t._replace(revealed=True).working
    True
    """

    kind: str
    number: int | None = None
    revealed: bool = False
    alarm: bool = False
    hack: int = 0  # Computer Rooms: hack tokens 0..6 (ALARM-6)
    dice: int = 0  # Safes: dice placed 0..6 (ACT-10)
    cracked: bool = False  # combination tile: cracked token; Safe: the Safe is cracked
    stealth: int = 0  # Lavatory / Smoke Bomb Stealth tokens (END-3)
    keypad_open: bool = False
    crowbar: bool = False
    looted: bool = False  # Laboratory: its tool was taken (TILE-11)
    downstairs: bool = False
    items: tuple[str, ...] = ()  # cards lying on the tile (LOOT-5, DEC-22)

    @property
    def working(self) -> bool:
        """Revealed and not Crowbar-disabled (section 8)."""
        return self.revealed and not self.crowbar

    def to_dict(self) -> dict:
        d: dict[str, Any] = {"kind": self.kind}
        if self.number is not None:
            d["number"] = self.number
        for name in ("revealed", "alarm", "cracked", "keypad_open", "crowbar", "looted", "downstairs"):
            if getattr(self, name):
                d[name] = True
        for name in ("hack", "dice", "stealth"):
            if getattr(self, name):
                d[name] = getattr(self, name)
        if self.items:
            d["items"] = list(self.items)
        return d

    def public_dict(self) -> dict:
        """What the players see of this tile: all of it when face up; face down, only that
        it is face down and a downstairs token on it (ACT-3), never its kind."""
        if self.revealed:
            return self.to_dict()
        return {"revealed": False, "downstairs": True} if self.downstairs else {"revealed": False}


_TILE_FIELD = {name: i for i, name in enumerate(Tile._fields)}  # for GameState.set_tile
_tuple_new = tuple.__new__


@dataclass(slots=True)
class Guard:
    """A floor's guard, his die (destination cell and speed) and patrol deck (GUARD-1)."""

    floor: int
    cell: int | None = None  # None until placed (SETUP-5, GUARD-2)
    die: int | None = None  # the destination cell
    speed: int = 2  # the die's face
    # The piles are tuples, replaced whole, never changed in place (copies and the undo
    # snapshot taken before every action share them; a pile changes once per guard step)
    deck: tuple[int, ...] = ()  # cells; the top card is the last
    discard: tuple[int, ...] = ()  # public, in drawing order
    removed: tuple[int, ...] = ()  # trimmed, face down (SETUP-4)
    donuts: bool = False  # TOOL-4

    @property
    def placed(self) -> bool:
        return self.cell is not None

    def copy(self) -> "Guard":
        g = _new(Guard)
        g.floor, g.cell, g.die, g.speed, g.donuts = self.floor, self.cell, self.die, self.speed, self.donuts
        g.deck, g.discard, g.removed = self.deck, self.discard, self.removed
        return g

    def to_dict(self) -> dict:
        return {
            "floor": self.floor,
            "cell": None if self.cell is None else cell_name(self.cell),
            "die": None if self.die is None else cell_name(self.die),
            "speed": self.speed,
            "deck": [cell_name(c) for c in self.deck],
            "discard": [cell_name(c) for c in self.discard],
            "removed": [cell_name(c) for c in self.removed],
            "donuts": self.donuts,
        }


@dataclass(slots=True)
class Character:
    """One crew member, seated at ``seat`` (CONV-6)."""

    seat: int
    name: str  # character key, e.g. "hawk"
    side: str = "basic"  # "basic" or "advanced"
    cell: int | None = None  # None before its first turn and after escaping
    escaped: bool = False
    stealth: int = 3
    tools: list[str] = field(default_factory=list)
    loot: list[str] = field(default_factory=list)
    token: bool = False  # Hacker's Laptop hack token / Juicer's held alarm token
    placed_once: bool = False
    # per-turn counters (TURN-2c)
    motion_marks: list[int] = field(default_factory=list)
    used: list[str] = field(default_factory=list)  # once-per-turn abilities used
    flex_cell: int | None = None  # the cell its latest entry by Flexibility reached (CHAR-1)

    @property
    def on_board(self) -> bool:
        return self.cell is not None and not self.escaped

    @property
    def cards(self) -> list[str]:
        return self.tools + self.loot

    def reset_turn(self) -> None:
        self.motion_marks.clear()
        self.used.clear()
        self.flex_cell = None  # CHAR-1: the penalty concerns a Flexibility move of the same turn

    def copy(self) -> "Character":
        c = _new(Character)
        c.seat, c.name, c.side, c.cell, c.escaped = self.seat, self.name, self.side, self.cell, self.escaped
        c.stealth, c.token, c.placed_once, c.flex_cell = self.stealth, self.token, self.placed_once, self.flex_cell
        c.tools, c.loot, c.motion_marks, c.used = [*self.tools], [*self.loot], [*self.motion_marks], [*self.used]
        return c

    def to_dict(self) -> dict:
        d: dict[str, Any] = {
            "seat": self.seat,
            "character": self.name,
            "side": self.side,
            "cell": None if self.cell is None else cell_name(self.cell),
            "escaped": self.escaped,
            "stealth": self.stealth,
            "tools": list(self.tools),
            "loot": list(self.loot),
        }
        if self.token:
            d["token"] = True
        if self.placed_once:
            d["placed_once"] = True
        if self.motion_marks:
            d["motion_marks"] = [cell_name(c) for c in self.motion_marks]
        if self.used:
            d["used"] = list(self.used)
        if self.flex_cell is not None:
            d["flex_cell"] = cell_name(self.flex_cell)
        return d


@dataclass(slots=True)
class GameState:
    tiles: list[Tile]
    walls: tuple[frozenset, ...]  # per floor, floor 1 first: the walls as they stand (Dynamite replaces)
    guards: list[Guard]  # per floor, floor 1 first
    characters: list[Character]  # index = seat
    chance: Chance  # the one seeded source of chance (CONV-7)
    trim: int  # patrol cards removed after every shuffle (SETUP-4, DEC-14)
    phase: str = "entrance"  # "entrance", "actions", "over"
    active: int = 0
    turn: int = 0
    spent: int = 0
    allowance: int = 4
    entrance: int | None = None
    tool_deck: list[str] = field(default_factory=list)  # top is last
    tool_discard: list[str] = field(default_factory=list)
    loot_deck: list[str] = field(default_factory=list)
    event_deck: list[str] = field(default_factory=list)
    event_discard: list[str] = field(default_factory=list)
    round_effects: list[tuple[int, str]] = field(default_factory=list)  # (owner seat, event key)
    emp_seat: int | None = None  # TOOL-6: no alarm until this seat's next turn
    heads_up: tuple[int, ...] = ()  # per seat (EVENT-11); like ``skip``, replaced, never changed in place
    skip: tuple[bool, ...] = ()  # per seat (EVENT-12)
    turn_effects: list[str] = field(default_factory=list)  # espresso, daydreaming, shift_change, invisible_suit
    keypad_attempts: dict[int, int] = field(default_factory=dict)  # per Keypad this turn (TILE-10, DEC-23)
    thermal: list[tuple[int, int]] = field(default_factory=list)  # TOOL-12 links (lower, upper); upper 48 = roof
    crow: int | None = None
    kitty: int | None = None  # the loose Kitty's cell (LOOT-10)
    outcome: str | None = None  # "won" or "lost"
    outcome_reason: str = ""
    pending: dict | None = None  # the open choice, as data (its options are legal_actions())
    # What the players know of deck orders (public): per floor, how many cards at the top and
    # at the bottom of the patrol deck they have seen (CHAR-17); the same for the Event deck
    # (CHAR-18, TOOL-3). The cards are those of the deck at these places.
    patrol_known: tuple[tuple[int, int], ...] = ((0, 0), (0, 0), (0, 0))
    event_known: tuple[int, int] = (0, 0)
    # The job (CONV-1, JOB-1) and the walls the building was set up with (SETUP-3, JOB-2,
    # JOB-3): one wall set per floor, never changed (Dynamite changes ``walls``).
    job: str = "bank"
    layout: tuple[frozenset, ...] = ()

    @property
    def floors(self) -> int:
        """How many floors the building has (3 in The Bank Job, 2 in The Office Job; JOB-4)."""
        return len(self.walls)

    def set_tile(self, cell: int, **changes) -> Tile:
        """Put a changed copy of the tile on *cell* (tiles are immutable, shared by copies).

        The same as ``tile._replace(**changes)``, written out: the NamedTuple's own
        ``_replace`` (a map over every field, a keyword dict popped field by field) cost
        about 0.7 µs more a call, and a random playout changes a tile every other action
        or so (reveals, alarms, hacks). A field Tile lacks still goes to ``_replace``,
        which refuses it.

        >>> from burgle.engine import Game
        >>> s = Game.new(seed=1)._rules.s
        >>> old = s.tiles[5]
        >>> s.set_tile(5, revealed=True, hack=2) == old._replace(revealed=True, hack=2), type(s.tiles[5]) is Tile
        (True, True)
        """
        tiles = self.tiles
        values = [*tiles[cell]]
        try:
            for key, value in changes.items():
                values[_TILE_FIELD[key]] = value
        except KeyError:
            return tiles[cell]._replace(**changes)  # raises ValueError: no such field
        t = tiles[cell] = _tuple_new(Tile, values)
        return t

    def copy(self) -> "GameState":
        """An independent copy: what one changes, the other does not see. (Written out, with
        the guards' and characters' copies inlined: it runs for every ``Game.copy``.)"""
        s = _new(GameState)
        s.tiles = [*self.tiles]
        s.walls = self.walls  # tuples (walls, counters, patrol piles): shared, replaced on change
        guards = []
        for og in self.guards:  # = Guard.copy
            g = _new(Guard)
            g.floor, g.cell, g.die, g.speed, g.donuts = og.floor, og.cell, og.die, og.speed, og.donuts
            g.deck, g.discard, g.removed = og.deck, og.discard, og.removed
            guards.append(g)
        s.guards = guards
        chars = []
        for o in self.characters:  # = Character.copy, with o the original
            c = _new(Character)
            c.seat, c.name, c.side, c.cell, c.escaped = o.seat, o.name, o.side, o.cell, o.escaped
            c.stealth, c.token, c.placed_once, c.flex_cell = o.stealth, o.token, o.placed_once, o.flex_cell
            c.tools, c.loot, c.motion_marks, c.used = [*o.tools], [*o.loot], [*o.motion_marks], [*o.used]
            chars.append(c)
        s.characters = chars
        s.chance = chance = _new(Chance)  # = Chance.copy
        chance.state = self.chance.state
        s.trim, s.phase, s.active, s.turn = self.trim, self.phase, self.active, self.turn
        s.spent, s.allowance, s.entrance = self.spent, self.allowance, self.entrance
        s.tool_deck, s.tool_discard, s.loot_deck = [*self.tool_deck], [*self.tool_discard], [*self.loot_deck]
        s.event_deck, s.event_discard = [*self.event_deck], [*self.event_discard]
        s.round_effects, s.emp_seat = [*self.round_effects], self.emp_seat
        s.heads_up, s.skip = self.heads_up, self.skip
        s.turn_effects, s.keypad_attempts, s.thermal = [*self.turn_effects], dict(self.keypad_attempts), [*self.thermal]
        s.crow, s.kitty, s.outcome, s.outcome_reason = self.crow, self.kitty, self.outcome, self.outcome_reason
        s.pending = self.pending  # never changed in place: replaced when the choice changes
        s.patrol_known, s.event_known = self.patrol_known, self.event_known
        s.job, s.layout = self.job, self.layout
        return s

    def snapshot(self) -> "Snapshot":
        """The state for the undo history, never changed: one flat tuple of immutable
        values (the guards' and characters' fields lie in it, 8 and 13 each, their
        sequences as tuples); :meth:`restore` makes a live state of it again.

        Taken before every action, so built to be cheap for the garbage collector too:
        tuples that hold only untracked values (numbers, text, other such tuples) are soon
        untracked, and the snapshot itself is one tuple, not a GameState of guard and
        character objects (about 25 tracked objects per action, which the collector kept
        walking: a quarter of a random playout's time)."""
        fr = tuple  # and "fr(x) if x else ()": most of these lists are empty, and a test costs less than a call
        out = [fr(self.tiles), self.walls, self.chance.state, self.trim, self.phase, self.active,
               self.turn, self.spent, self.allowance, self.entrance, fr(self.tool_deck) if self.tool_deck else (),
               fr(self.tool_discard) if self.tool_discard else (), fr(self.loot_deck) if self.loot_deck else (),
               fr(self.event_deck) if self.event_deck else (), fr(self.event_discard) if self.event_discard else (),
               fr(self.round_effects) if self.round_effects else (), self.emp_seat, self.heads_up,
               self.skip, fr(self.turn_effects) if self.turn_effects else (),
               fr(self.keypad_attempts.items()) if self.keypad_attempts else (),
               fr(self.thermal) if self.thermal else (), self.crow, self.kitty, self.outcome, self.outcome_reason,
               self.pending, self.patrol_known, self.event_known, self.job, self.layout, len(self.guards)]
        add = out.extend
        for g in self.guards:
            add((g.floor, g.cell, g.die, g.speed, g.donuts, g.deck, g.discard, g.removed))
        for c in self.characters:
            add((c.seat, c.name, c.side, c.cell, c.escaped, c.stealth, c.token, c.placed_once, c.flex_cell,
                 fr(c.tools) if c.tools else (), fr(c.loot) if c.loot else (),
                 fr(c.motion_marks) if c.motion_marks else (), fr(c.used) if c.used else ()))
        return fr(out)

    @staticmethod
    def restore(snap: "Snapshot") -> "GameState":
        """A live state (lists again, new guards and characters; the tuple fields shared with
        *snap*) equal to the state that :meth:`snapshot` took *snap* of; *snap* stays as it is."""
        s = _new(GameState)
        (tiles, walls, chance, s.trim, s.phase, s.active, s.turn, s.spent, s.allowance, s.entrance, tool_deck,
         tool_discard, loot_deck, event_deck, event_discard, round_effects, s.emp_seat, heads_up, skip,
         turn_effects, attempts, thermal, s.crow, s.kitty, s.outcome, s.outcome_reason, s.pending,
         s.patrol_known, s.event_known, s.job, s.layout, n_guards) = snap[:_FIXED]
        s.tiles, s.walls = [*tiles], walls
        s.chance = source = _new(Chance)
        source.state = chance
        s.tool_deck, s.tool_discard, s.loot_deck = [*tool_deck], [*tool_discard], [*loot_deck]
        s.event_deck, s.event_discard, s.round_effects = [*event_deck], [*event_discard], [*round_effects]
        s.heads_up, s.skip, s.turn_effects = heads_up, skip, [*turn_effects]
        s.keypad_attempts, s.thermal = dict(attempts), [*thermal]
        s.guards = live_guards = []
        end = _FIXED + 8 * n_guards
        for i in range(_FIXED, end, 8):
            g = _new(Guard)
            g.floor, g.cell, g.die, g.speed, g.donuts, g.deck, g.discard, g.removed = snap[i:i + 8]
            live_guards.append(g)
        s.characters = live_chars = []
        for i in range(end, len(snap), 13):
            c = _new(Character)
            (c.seat, c.name, c.side, c.cell, c.escaped, c.stealth, c.token, c.placed_once, c.flex_cell,
             tools, loot, marks, used) = snap[i:i + 13]
            c.tools, c.loot, c.motion_marks, c.used = [*tools], [*loot], [*marks], [*used]
            live_chars.append(c)
        return s

    def to_dict(self) -> dict:
        return {
            "job": self.job,
            "layout": encode_building(self.layout),  # JOB-5 codes of the walls at setup
            "phase": self.phase,
            "turn": self.turn,
            "active": self.active,
            "spent": self.spent,
            "allowance": self.allowance,
            "entrance": None if self.entrance is None else cell_name(self.entrance),
            "trim": self.trim,
            "chance": self.chance.state,
            "walls": {str(f + 1): walls_spec(w) for f, w in enumerate(self.walls)},
            "tiles": {cell_name(c): t.to_dict() for c, t in enumerate(self.tiles)},
            "guards": [g.to_dict() for g in self.guards],
            "characters": [c.to_dict() for c in self.characters],
            "tool_deck": list(self.tool_deck),
            "tool_discard": list(self.tool_discard),
            "loot_deck": list(self.loot_deck),
            "event_deck": list(self.event_deck),
            "event_discard": list(self.event_discard),
            **self.effects_dict(),
            "outcome": self.outcome,
            "outcome_reason": self.outcome_reason,
            "pending": self.pending,
            **self._known_dict(),
        }

    def effects_dict(self) -> dict:
        """The effects in play and the tokens off the tiles, all public: the same in the
        state's dictionary and in the players' view (``burgle.engine.view``)."""
        return {
            "round_effects": [[s, k] for s, k in self.round_effects],
            "emp_seat": self.emp_seat,
            "heads_up": list(self.heads_up),
            "skip": list(self.skip),
            "turn_effects": list(self.turn_effects),
            "keypad_attempts": {cell_name(c): n for c, n in sorted(self.keypad_attempts.items())},
            "thermal": [[cell_name(a), "roof" if b >= ROOF else cell_name(b)] for a, b in self.thermal],
            "crow": None if self.crow is None else cell_name(self.crow),
            "kitty": None if self.kitty is None else cell_name(self.kitty),
        }

    def _known_dict(self) -> dict:
        """What the players know of deck orders, only when they know something (older saves
        have no such key)."""
        known: dict[str, Any] = {}
        for f, (top, bottom) in enumerate(self.patrol_known):
            if top or bottom:
                known[f"patrol {f + 1}"] = [top, bottom]
        if any(self.event_known):
            known["events"] = list(self.event_known)
        return {"known": known} if known else {}
