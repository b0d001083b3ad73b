"""A new game by RULES.md SETUP-1..8 (the players then choose the entrance, SETUP-9).

Chance is drawn in one documented order, so a seed fixes the whole setup: characters
(when dealt at random), the walls (only when random, JOB-3: floor 1 first), the building's
tiles, the patrol decks of floors 1 to F, the Tool, Loot and Event decks, then the first
guard's card (BD-40).

The job (``"bank"`` or ``"office"``, :mod:`burgle.data.jobs`) fixes the tiles, the floors
and the guard dice (SETUP-1..5, JOB-1); *walls* picks the walls (JOB-3):

>>> from burgle.engine.game import Game
>>> office = Game.new(seed=1, characters=["hawk"], job="office")
>>> office.s.floors, len(office.s.tiles), [g.speed for g in office.s.guards], office.view()["layout"]
(2, 32, [2, 3], '190m3 11hu0')
>>> Game.new(seed=1, characters=["hawk"], job="office", walls="703h1 e0607").view()["layout"]
'703h1 e0607'
>>> Game.new(seed=1, characters=["hawk"], job="office", walls="703h1")
Traceback (most recent call last):
...
burgle.engine.errors.ScenarioError: field 'walls': '703h1' gives 1 floor code(s), but the building has 2 floors
"""

from __future__ import annotations

from burgle.geometry.board import CELLS_PER_FLOOR
from burgle.geometry.layouts import LayoutError, building_walls, encode_building
from burgle.data.cards import CHARACTERS, EVENT_DECK, LOOT_DECK, TOOL_DECK
from burgle.data.jobs import DEFAULT_JOB, Job, UnknownJobError, get_job
from burgle.data.setup import TRIM
from burgle.engine.chance import Chance
from burgle.data.said import say
from burgle.engine.errors import ScenarioError
from burgle.engine.state import Character, GameState, Guard, Tile

N = CELLS_PER_FLOOR
PRINTED = "printed"  # walls=: the job's printed walls (SETUP-3, JOB-2), the default
RANDOM = "random"  # walls=: uniformly random valid walls from the seed (JOB-3)


def check_job(job, field: str = "job") -> Job:
    """The :class:`~burgle.data.jobs.Job` named *job*, or a ScenarioError naming the jobs."""
    try:
        return get_job(job)
    except UnknownJobError as exc:
        raise ScenarioError(exc.args[0], field=field) from None


def job_layout(job: Job, walls=None, chance: Chance | None = None, field: str = "walls") -> tuple[frozenset, ...]:
    """The walls a *job*'s building is set up with (JOB-3): ``None`` or ``"printed"`` for the
    printed walls, ``"random"`` (drawn from *chance*), a building code (JOB-5) or one entry
    per floor (CONV-3 text, a 5-character code or a wall set). Bad walls raise a
    ScenarioError naming the floor and what is wrong (count, cut-off cells, border...)."""
    if walls is None or (isinstance(walls, str) and walls.strip().lower() == PRINTED):
        walls = None
    elif isinstance(walls, dict):  # {floor: spec}, floors "1".."F", every floor given
        keys = sorted(str(k) for k in walls)
        want = [str(f) for f in range(1, job.floors + 1)]
        if keys != want:
            raise ScenarioError(f"walls by floor need exactly the floors {', '.join(want)} of {job.name}, "
                                f"not {', '.join(keys) or 'none'}", field=field)
        walls = [walls.get(f, walls.get(int(f))) for f in want]
    elif not isinstance(walls, (str, list, tuple)):
        raise ScenarioError(f"walls are 'printed', 'random', a layout code such as '190m3 11hu0' or one entry per "
                            f"floor ('A1|B1, C1/C2, ...' or a code), not {walls!r}", field=field)
    try:
        return building_walls(walls, job=job, chance=chance)
    except LayoutError as exc:
        raise ScenarioError(exc.args[0], field=field) from None  # its Said, when it has one


def walls_origin(walls, layout: tuple[frozenset, ...]) -> str | None:
    """How an origin records the walls (saves replay it): nothing for the printed walls,
    ``"random"`` (the seed draws them again), else the building code (JOB-5)."""
    if walls is None or (isinstance(walls, str) and walls.strip().lower() == PRINTED):
        return None
    if isinstance(walls, str) and walls.strip().lower() == RANDOM:
        return RANDOM
    return encode_building(layout)


def check_characters(characters, sides, field: str = "characters") -> tuple[list[str], list[str]]:
    chars = list(characters)
    if not 1 <= len(chars) <= 4:
        raise ScenarioError(say("a game has 1 to 4 characters, not {n}", n=len(chars)), field=field)
    for i, name in enumerate(chars):
        if name not in CHARACTERS:
            raise ScenarioError(say("unknown character {name}; known: {known}", name=repr(name), known=", ".join(CHARACTERS)),
                                field=f"{field}[{i}]")
    if len(set(chars)) != len(chars):
        raise ScenarioError(say("each character card exists once: no duplicates (SETUP-6)"), field=field)
    sides = list(sides) if sides is not None else ["basic"] * len(chars)
    if len(sides) != len(chars):
        raise ScenarioError(f"{len(sides)} sides given for {len(chars)} characters", field="sides")
    for i, side in enumerate(sides):
        if side not in ("basic", "advanced"):
            raise ScenarioError(say("side {side} is not 'basic' or 'advanced'", side=repr(side)), field=f"sides[{i}]")
    return chars, sides


def without_gold_bars(loot_deck: list[str]) -> list[str]:
    """DEC-57: in a game with one character both Gold Bars leave the Loot deck at setup.
    Taken out after the shuffle, so the rest of the setup draws exactly as with them."""
    return [k for k in loot_deck if k != "gold_bar"]


def deal_building(chance: Chance, job: Job | str = DEFAULT_JOB) -> list[Tile]:
    """SETUP-2 (JOB-1): one pile per floor (14 tiles each), each with a Safe and a Stairs
    added, shuffled and dealt floor 1 first."""
    job = get_job(job)
    copies = [Tile(kind, number) for kind, number in job.tiles]
    safes = [t for t in copies if t.kind == "safe"]
    stairs = [t for t in copies if t.kind == "stairs"]
    rest = [t for t in copies if t.kind not in ("safe", "stairs")]
    chance.shuffle(rest)
    tiles: list[Tile] = []
    size = job.pile_size
    for f in range(job.floors):
        pile = rest[size * f: size * (f + 1)] + [safes[f], stairs[f]]
        chance.shuffle(pile)
        tiles.extend(pile)
    return tiles


def new_game(cls, seed: int, characters=None, players: int | None = None, sides=None, first_seat: int = 0,
             job: str | Job = DEFAULT_JOB, walls=None):
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ScenarioError(say("the seed must be an integer, not {value}", value=repr(seed)), field="seed")
    the_job = check_job(job)
    drawn = isinstance(walls, str) and walls.strip().lower() == RANDOM
    layout = () if drawn else job_layout(the_job, walls)  # given walls are checked before anything is drawn
    chance = Chance(seed)
    dealt = characters is None
    if characters is None:
        if players is None:
            players = 2
        if not isinstance(players, int) or not 1 <= players <= 4:
            raise ScenarioError(say("a game has 1 to 4 characters, not {n}", n=repr(players)), field="players")
        pool = list(CHARACTERS)
        chance.shuffle(pool)
        characters = pool[:players]
    elif players is not None and players != len(characters):
        raise ScenarioError(say("players={players} but {n} characters given", players=players, n=len(characters)),
                            field="players")
    chars, sides = check_characters(characters, sides)
    if not 0 <= first_seat < len(chars):
        raise ScenarioError(say("first seat {seat} is not a seat 0..{last}", seat=first_seat, last=len(chars) - 1),
                            field="first_seat")
    if drawn:  # BD-40: random walls are drawn after the characters, before the tiles
        layout = job_layout(the_job, walls, chance)
    tiles = deal_building(chance, the_job)
    trim = TRIM[len(chars)]
    guards = []
    for f in range(1, the_job.floors + 1):
        deck = list(range(N * (f - 1), N * f))
        chance.shuffle(deck)
        guards.append(Guard(floor=f, speed=the_job.guard_dice[f - 1], removed=tuple(deck[:trim]), deck=tuple(deck[trim:])))
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
    card = first.deck[-1]  # SETUP-8
    first.deck, first.discard = first.deck[:-1], (card,)
    first.cell = card
    state = GameState(
        tiles=tiles, walls=layout, guards=guards, characters=crew, chance=chance, trim=trim,
        phase="entrance", active=first_seat, tool_deck=tool_deck, loot_deck=loot_deck,
        event_deck=event_deck, heads_up=(0,) * len(crew), skip=(False,) * len(crew),
        job=the_job.key, layout=layout,
    )
    # The origin replays this setup exactly: dealt characters are dealt again by the seed.
    origin: dict[str, object] = {"seed": seed, "players": len(chars)} if dealt else {"seed": seed, "characters": chars}
    origin.update(sides=sides, first_seat=first_seat)
    if the_job.key != DEFAULT_JOB:
        origin["job"] = the_job.key
    recorded = walls_origin(walls, layout)
    if recorded is not None:
        origin["walls"] = recorded
    return cls(state, origin)
