"""A new game by RULES.md SETUP-1..8 (the players then choose the entrance, SETUP-9).

Chance is drawn in one documented order, so a seed fixes the whole setup: characters
(when dealt at random), the building, the patrol decks of floors 1, 2, 3, the Tool,
Loot and Event decks, then the first guard's card.
"""

from __future__ import annotations

from burgle.geometry.board import CELLS_PER_FLOOR, FLOORS, parse_walls
from burgle.data.cards import CHARACTERS, EVENT_DECK, LOOT_DECK, TOOL_DECK
from burgle.data.setup import START_SPEED, TRIM
from burgle.data.tiles import TILE_COPIES
from burgle.data.walls import BANK_JOB_WALLS
from burgle.engine.chance import Chance
from burgle.engine.errors import ScenarioError
from burgle.engine.state import Character, GameState, Guard, Tile

N = CELLS_PER_FLOOR
BANK_JOB = [parse_walls(",".join(BANK_JOB_WALLS[f])) for f in range(1, FLOORS + 1)]


def check_characters(characters, sides, field: str = "characters") -> tuple[list[str], list[str]]:
    chars = list(characters)
    if not 1 <= len(chars) <= 4:
        raise ScenarioError(f"a game has 1 to 4 characters, not {len(chars)}", field=field)
    for i, name in enumerate(chars):
        if name not in CHARACTERS:
            raise ScenarioError(f"unknown character {name!r}; known: {', '.join(CHARACTERS)}", field=f"{field}[{i}]")
    if len(set(chars)) != len(chars):
        raise ScenarioError("each character card exists once: no duplicates (SETUP-6)", field=field)
    sides = list(sides) if sides is not None else ["basic"] * len(chars)
    if len(sides) != len(chars):
        raise ScenarioError(f"{len(sides)} sides given for {len(chars)} characters", field="sides")
    for i, side in enumerate(sides):
        if side not in ("basic", "advanced"):
            raise ScenarioError(f"side {side!r} is not 'basic' or 'advanced'", field=f"sides[{i}]")
    return chars, sides


def without_gold_bars(loot_deck: list[str]) -> list[str]:
    """DEC-57: in a game with one character both Gold Bars leave the Loot deck at setup.
    Taken out after the shuffle, so the rest of the setup draws exactly as with them."""
    return [k for k in loot_deck if k != "gold_bar"]


def deal_building(chance: Chance) -> list[Tile]:
    """SETUP-2: 3 piles of 14, each with a Safe and a Stairs added, shuffled and dealt."""
    copies = [Tile(kind, number) for kind, number in TILE_COPIES]
    safes = [t for t in copies if t.kind == "safe"]
    stairs = [t for t in copies if t.kind == "stairs"]
    rest = [t for t in copies if t.kind not in ("safe", "stairs")]
    chance.shuffle(rest)
    tiles: list[Tile] = []
    for f in range(FLOORS):
        pile = rest[14 * f: 14 * (f + 1)] + [safes[f], stairs[f]]
        chance.shuffle(pile)
        tiles.extend(pile)
    return tiles


def new_game(cls, seed: int, characters=None, players: int | None = None, sides=None, first_seat: int = 0):
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ScenarioError(f"the seed must be an integer, not {seed!r}", field="seed")
    chance = Chance(seed)
    dealt = characters is None
    if characters is None:
        if players is None:
            players = 2
        if not isinstance(players, int) or not 1 <= players <= 4:
            raise ScenarioError(f"a game has 1 to 4 characters, not {players!r}", field="players")
        pool = list(CHARACTERS)
        chance.shuffle(pool)
        characters = pool[:players]
    elif players is not None and players != len(characters):
        raise ScenarioError(f"players={players} but {len(characters)} characters given", field="players")
    chars, sides = check_characters(characters, sides)
    if not 0 <= first_seat < len(chars):
        raise ScenarioError(f"first seat {first_seat} is not a seat 0..{len(chars) - 1}", field="first_seat")
    tiles = deal_building(chance)
    trim = TRIM[len(chars)]
    guards = []
    for f in range(1, FLOORS + 1):
        deck = list(range(N * (f - 1), N * f))
        chance.shuffle(deck)
        guards.append(Guard(floor=f, speed=START_SPEED[f], removed=deck[:trim], deck=deck[trim:]))
    crew = [Character(seat=i, name=name, side=side) for i, (name, side) in enumerate(zip(chars, sides))]
    tool_deck = list(TOOL_DECK)
    for ch in crew:
        if ch.name == "rigger" and ch.side == "basic":  # SETUP-6, CHAR-13
            tool_deck.remove("dynamite")
            ch.tools.append("dynamite")
    loot_deck, event_deck = list(LOOT_DECK), list(EVENT_DECK)
    chance.shuffle(tool_deck)
    chance.shuffle(loot_deck)
    chance.shuffle(event_deck)
    if len(crew) == 1:  # DEC-57: a lone character could never carry a Gold Bar out (LOOT-5, ACT-15)
        loot_deck = without_gold_bars(loot_deck)
    first = guards[0]
    card = first.deck.pop()  # SETUP-8
    first.discard.append(card)
    first.cell = card
    state = GameState(
        tiles=tiles, walls=list(BANK_JOB), guards=guards, characters=crew, chance=chance, trim=trim,
        phase="entrance", active=first_seat, tool_deck=tool_deck, loot_deck=loot_deck,
        event_deck=event_deck, heads_up=[0] * len(crew), skip=[False] * len(crew),
    )
    # The origin replays this setup exactly: dealt characters are dealt again by the seed.
    origin = {"seed": seed, "players": len(chars)} if dealt else {"seed": seed, "characters": chars}
    origin.update(sides=sides, first_seat=first_seat)
    return cls(state, origin)
