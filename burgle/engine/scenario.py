"""Scenarios: a game state written by hand (for lessons and tests), in TOML or JSON.

See docs/scenario-format.md for the fields. Anything not written is filled in the way
a real setup would (remaining tiles dealt face down by the seed, patrol decks shuffled
by the seed), so a scenario is always a state the engine can play on. Every problem is
reported with the field at fault.

>>> from burgle.engine.game import Game
>>> game = Game.from_scenario('''
... seed = 1
... [[characters]]
... character = "hawk"
... cell = "1B2"
... [tiles]
... 1B2 = "foyer 1 revealed"
... 1C2 = "laser 2"
... [[guards]]
... floor = 1
... cell = "1D4"
... die = "1A4"
... ''')
>>> game.tile_name(game.s.characters[0].cell)
'Foyer (1)'
"""

from __future__ import annotations

import copy
import json
import tomllib
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

from burgle.geometry.board import CELLS_PER_FLOOR, ROOF, CellError, cell_name, floor_of, parse_cell, parse_walls
from burgle.data.cards import CHARACTERS, EVENT_DECK, LOOT_DECK, TOOL_DECK
from burgle.data.jobs import DEFAULT_JOB, Job
from burgle.data.tiles import MAX_HACK_TOKENS, TILE_TYPE_BY_KEY
from burgle.engine.chance import Chance
from burgle.engine.draws import FIXED_KINDS
from burgle.engine.errors import ScenarioError
from burgle.engine.setup import TRIM, check_job, job_layout, without_gold_bars
from burgle.engine.state import Character, GameState, Guard, Tile
from burgle.geometry.routing import route_table

N = CELLS_PER_FLOOR
TOP_FIELDS = {
    "format", "version", "title", "seed", "job", "layout", "walls", "tiles", "characters", "guards", "active",
    "spent", "allowance", "entrance", "tool_deck", "loot_deck", "event_deck", "round_effects",
    "crow", "kitty", "thermal", "turn",
}
CHAR_FIELDS = {"character", "side", "cell", "stealth", "tools", "loot", "token", "escaped"}
GUARD_FIELDS = {"floor", "cell", "die", "speed", "deck", "discard", "removed", "donuts"}
TILE_FLAGS = {"revealed", "alarm", "cracked", "keypad_open", "crowbar", "looted", "downstairs"}
TILE_COUNTS = {"hack": MAX_HACK_TOKENS, "dice": 6, "stealth": 99}


def parse_scenario_text(text: str, source: str | None = None) -> dict:
    stripped = text.lstrip()
    if stripped.startswith("{"):
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise ScenarioError(f"not valid JSON ({exc.msg})", line=exc.lineno, source=source) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        line = None
        if "(at line " in msg:
            try:
                line = int(msg.split("(at line ")[1].split(",")[0])
            except ValueError:
                pass
        raise ScenarioError(f"not valid TOML ({msg})", line=line, source=source) from None


def load_scenario(source, *, paths: bool = True) -> dict:
    """A scenario dict from a dict, TOML/JSON text or (unless ``paths=False``) a file path.

    ``paths=False`` is data only: text is always parsed, never opened as a file name.
    """
    if isinstance(source, dict):
        return source
    if not paths and isinstance(source, Path):
        raise ScenarioError("a scenario is read from the document itself here, not from a file name")
    if paths and (isinstance(source, Path) or (isinstance(source, str) and "\n" not in source
                                                and source.endswith((".toml", ".json")))):
        try:
            text = Path(source).read_text(encoding="utf-8")
        except OSError as exc:
            raise ScenarioError(f"cannot read the scenario: {exc.strerror}", source=str(source)) from None
        return parse_scenario_text(text, str(source))
    if isinstance(source, str):
        return parse_scenario_text(source)
    raise ScenarioError(f"a scenario is a dict, TOML/JSON text or a path, not {type(source).__name__}")


def _cell(value, field: str, floor: int | None = None, job: Job | None = None) -> int:
    if not isinstance(value, str):
        raise ScenarioError(f"expected a cell such as '2C3', got {value!r}", field=field)
    try:
        c = parse_cell(value)
    except CellError as exc:
        raise ScenarioError(str(exc), field=field) from None
    if job is not None and c >= job.floors * N:
        raise ScenarioError(f"{value} is not a cell of {job.name}: it has {job.floors} floors, cells 1A1 to "
                            f"{cell_name(job.floors * N - 1)} (JOB-1)", field=field)
    if floor is not None and floor_of(c) != floor:
        raise ScenarioError(f"{value} is not on floor {floor}", field=field)
    return c


def _int(value, field: str, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise ScenarioError(f"expected a whole number from {lo} to {hi}, got {value!r}", field=field)
    return value


def _list(value, field: str) -> list:
    if not isinstance(value, list):
        raise ScenarioError(f"expected a list, got {value!r}", field=field)
    return value


def _unknown(d: dict, allowed: set, field: str) -> None:
    extra = sorted(set(d) - allowed)
    if extra:
        raise ScenarioError(f"unknown field {extra[0]!r}; allowed: {', '.join(sorted(allowed))}",
                            field=f"{field}.{extra[0]}" if field else extra[0])


def _tile(spec, field: str) -> Tile:
    """A tile written as a dict or as the short string 'KIND [NUMBER] [FLAG ...] [hack=N] ...'."""
    if isinstance(spec, str):
        words = spec.split()
        if not words:
            raise ScenarioError("empty tile description", field=field)
        d: dict = {"kind": words[0]}
        for w in words[1:]:
            if w.isdigit():
                d["number"] = int(w)
            elif "=" in w:
                k, _, v = w.partition("=")
                if not v.isdigit():
                    raise ScenarioError(f"{w!r}: the count must be a whole number", field=field)
                d[k] = int(v)
            else:
                d[w] = True
        spec = d
    if not isinstance(spec, dict):
        raise ScenarioError(f"a tile is a string such as 'laser 2 revealed' or a table, got {spec!r}", field=field)
    _unknown(spec, {"kind", "number", "items"} | TILE_FLAGS | set(TILE_COUNTS), field)
    kind = spec.get("kind")
    ttype = TILE_TYPE_BY_KEY.get(kind) if isinstance(kind, str) else None
    if kind is None or ttype is None:
        raise ScenarioError(f"unknown tile {kind!r}; known: {', '.join(TILE_TYPE_BY_KEY)}", field=field)
    numbers = [n for n in ttype.numbers if n is not None]
    number = spec.get("number")
    if numbers and number is None and len(numbers) == 1:
        number = numbers[0]
    if numbers and number not in numbers:
        raise ScenarioError(f"a {ttype.name} carries one of the numbers {numbers}, not {number!r}", field=field)
    if not numbers and number is not None:
        raise ScenarioError(f"a {ttype.name} has no combination number", field=field)
    values: dict = {}
    for flag in TILE_FLAGS:
        if flag in spec:
            if not isinstance(spec[flag], bool):
                raise ScenarioError(f"{flag} is true or false, not {spec[flag]!r}", field=f"{field}.{flag}")
            values[flag] = spec[flag]
    for name, hi in TILE_COUNTS.items():
        if name in spec:
            values[name] = _int(spec[name], f"{field}.{name}", 0, hi)
    values["items"] = tuple(str(i) for i in _list(spec.get("items", []), f"{field}.items"))
    t = Tile(kind, number)._replace(**values)
    if (t.alarm or t.hack or t.dice or t.cracked or t.stealth or t.keypad_open) and not t.revealed:
        raise ScenarioError("tokens lie only on revealed tiles: add 'revealed'", field=field)
    return t


def deal_rest(given: dict[int, Tile], rest: Counter, chance: Chance, floors: int = 3) -> list[Tile]:
    """SETUP-2 for the tiles a scenario leaves out: every floor ends with exactly one Safe
    and one Stairs. The Stairs copies left go to the floors lacking one in number order
    (as at setup, BD-25), each floor's Safe and Stairs to a random empty cell of that floor,
    the other tiles shuffled over the remaining empty cells. Two Safes or two Stairs given on
    one floor are refused. A floor given in full without its Safe or Stairs keeps the tiles
    it was given; the copy it has no room for is dealt with the other tiles (BD-26)."""
    fixed: dict[str, list[int]] = {kind: [] for kind in FIXED_KINDS}  # floors holding one
    for c, t in sorted(given.items()):
        if t.kind in FIXED_KINDS:
            floor = floor_of(c)
            if floor in fixed[t.kind]:
                raise ScenarioError(f"floor {floor} would hold two {TILE_TYPE_BY_KEY[t.kind].name} tiles; each floor "
                                    "has exactly one Safe and one Stairs (SETUP-2)", field=f"tiles.{cell_name(c)}")
            fixed[t.kind].append(floor)
    spare = {kind: sorted((n or 0 for (k, n), m in rest.items() if k == kind for _ in range(m))) for kind in FIXED_KINDS}
    pool = [(k, n or 0) for (k, n), m in rest.items() if k not in FIXED_KINDS for _ in range(m)]
    tiles: list[Tile | None] = [given.get(c) for c in range(floors * N)]
    empty_cells = []
    for floor in range(1, floors + 1):
        empty = [c for c in range(N * (floor - 1), N * floor) if c not in given]
        need = [(kind, spare[kind].pop(0)) for kind in FIXED_KINDS if floor not in fixed[kind] and spare[kind]]
        chance.shuffle(empty)
        for c, (kind, number) in zip(empty, need):
            tiles[c] = Tile(kind, number or None)
        pool += need[len(empty):]  # no room on its floor (BD-26)
        empty_cells += empty[len(need):]
    pool += [(kind, n) for kind in FIXED_KINDS for n in spare[kind]]  # copies no floor lacks
    pool.sort()
    chance.shuffle(pool)
    for c in sorted(empty_cells):
        kind, number = pool.pop()
        tiles[c] = Tile(kind, number or None)
    return [t for t in tiles if t is not None]


def game_from_scenario(cls, source, *, paths: bool = True):
    raw = load_scenario(source, paths=paths)
    sc = copy.deepcopy(raw)
    if not isinstance(sc, dict):
        raise ScenarioError("a scenario must be a table of fields")
    _unknown(sc, TOP_FIELDS, "")
    if sc.get("format", "burgle-scenario") != "burgle-scenario":
        raise ScenarioError(f"format is {sc['format']!r}, expected 'burgle-scenario'", field="format")
    if sc.get("version", 1) != 1:
        raise ScenarioError(f"scenario version {sc['version']!r} is not supported (this burgle reads 1)", field="version")
    seed = sc.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ScenarioError(f"the seed must be a whole number, got {seed!r}", field="seed")
    chance = Chance(seed)

    # the job (CONV-1, JOB-1) and its walls: the layout the building was set up with (the
    # printed walls unless given, JOB-3; "random" draws them first from the seed), then the
    # walls as they stand now (the layout unless given: a floor given here after Dynamite)
    job = check_job(sc.get("job", DEFAULT_JOB))
    layout = job_layout(job, sc.get("layout"), chance, field="layout")
    walls = list(layout)
    floor_keys = [str(f) for f in range(1, job.floors + 1)]
    given_walls = sc.get("walls") or {}
    if not isinstance(given_walls, dict):
        raise ScenarioError("walls is a table of FLOOR = 'A1|B1,C1/C2' (the walls as they stand); a whole layout "
                            "(a code or 'random') goes in 'layout'", field="walls")
    for key, spec in given_walls.items():
        if key not in floor_keys:
            raise ScenarioError(f"floor {key!r} does not exist in {job.name}; floors are {', '.join(floor_keys)}",
                                field=f"walls.{key}")
        try:
            w = parse_walls(spec) if spec else frozenset()
            route_table(w)
        except (CellError, TypeError, AttributeError) as exc:
            raise ScenarioError(str(exc), field=f"walls.{key}") from None
        walls[int(key) - 1] = w

    # characters
    chars_spec = _list(sc.get("characters", []), "characters")
    if not 1 <= len(chars_spec) <= 4:
        raise ScenarioError(f"a game has 1 to 4 characters, not {len(chars_spec)}", field="characters")
    crew: list[Character] = []
    for i, cs in enumerate(chars_spec):
        f = f"characters[{i}]"
        if not isinstance(cs, dict):
            raise ScenarioError("a character is a table with at least 'character'", field=f)
        _unknown(cs, CHAR_FIELDS, f)
        name = cs.get("character")
        if name not in CHARACTERS:
            raise ScenarioError(f"unknown character {name!r}; known: {', '.join(CHARACTERS)}", field=f"{f}.character")
        if any(c.name == name for c in crew):
            raise ScenarioError(f"{name} appears twice; each character card exists once", field=f"{f}.character")
        side = cs.get("side", "basic")
        if side not in ("basic", "advanced"):
            raise ScenarioError(f"side {side!r} is not 'basic' or 'advanced'", field=f"{f}.side")
        ch = Character(seat=i, name=name, side=side)
        if cs.get("cell") is not None:
            ch.cell = _cell(cs["cell"], f"{f}.cell", job=job)
            ch.placed_once = True
        ch.stealth = _int(cs.get("stealth", 3), f"{f}.stealth", 0, 99)
        ch.tools = [str(t) for t in _list(cs.get("tools", []), f"{f}.tools")]
        ch.loot = [str(t) for t in _list(cs.get("loot", []), f"{f}.loot")]
        ch.token = bool(cs.get("token", False))
        if cs.get("escaped"):
            ch.escaped, ch.cell, ch.placed_once = True, None, True
        crew.append(ch)

    # tiles: the given ones, then the remaining copies dealt face down by the seed
    given: dict[int, Tile] = {}
    tiles_spec = sc.get("tiles") or {}
    if not isinstance(tiles_spec, dict):
        raise ScenarioError("tiles is a table of CELL = 'kind number flags'", field="tiles")
    for key, spec in tiles_spec.items():
        c = _cell(key, f"tiles.{key}", job=job)
        given[c] = _tile(spec, f"tiles.{key}")
    used = Counter((t.kind, t.number) for t in given.values())
    available = Counter(job.tiles)
    for (kind, number), n in used.items():
        if n > available[(kind, number)]:
            where = next(cell_name(c) for c, t in given.items() if (t.kind, t.number) == (kind, number))
            raise ScenarioError(
                f"the building has {available[(kind, number)]} {kind} tile(s) numbered {number} "
                f"({job.name}, {job.tiles_rule}), the scenario uses {n}", field=f"tiles.{where}")
    tiles = deal_rest(given, available - used, chance, job.floors)
    for ch in crew:
        if ch.cell is not None and not tiles[ch.cell].revealed:
            tiles[ch.cell] = tiles[ch.cell]._replace(revealed=True)  # a character stands only on a face-up tile

    # guards
    trim = TRIM[len(crew)]
    guards = [Guard(floor=f, speed=job.guard_dice[f - 1]) for f in range(1, job.floors + 1)]
    seen_floors = set()
    for i, gs in enumerate(_list(sc.get("guards", []), "guards")):
        f = f"guards[{i}]"
        if not isinstance(gs, dict):
            raise ScenarioError("a guard is a table with at least 'floor'", field=f)
        _unknown(gs, GUARD_FIELDS, f)
        floor = _int(gs.get("floor"), f"{f}.floor", 1, job.floors)
        if floor in seen_floors:
            raise ScenarioError(f"floor {floor} already has a guard; each floor has one (GUARD-1)", field=f"{f}.floor")
        seen_floors.add(floor)
        gd = guards[floor - 1]
        gd.speed = _int(gs.get("speed", gd.speed), f"{f}.speed", 1, 6)
        gd.donuts = bool(gs.get("donuts", False))
        if gs.get("cell") is not None:
            gd.cell = _cell(gs["cell"], f"{f}.cell", floor)
        if gs.get("die") is not None:
            gd.die = _cell(gs["die"], f"{f}.die", floor)
            if gd.die == gd.cell:
                raise ScenarioError("the die never shares the guard's cell (GUARD-1)", field=f"{f}.die")
        for pile in ("deck", "discard", "removed"):
            cells = [_cell(v, f"{f}.{pile}[{j}]", floor) for j, v in enumerate(_list(gs.get(pile, []), f"{f}.{pile}"))]
            setattr(gd, pile, tuple(cells))
        all_cards = [*gd.deck, *gd.discard, *gd.removed]
        dup = [c for c, n in Counter(all_cards).items() if n > 1]
        if dup:
            raise ScenarioError(f"patrol card {cell_name(dup[0])} appears twice", field=f"{f}")
        if "deck" not in gs:  # the unseen cards, shuffled; trimmed as a real deck would be
            unseen = [c for c in range(N * (floor - 1), N * floor) if c not in gd.discard and c not in gd.removed]
            chance.shuffle(unseen)
            if "removed" not in gs:
                k = min(trim, max(0, len(unseen) - 1))
                gd.removed, unseen = tuple(unseen[:k]), unseen[k:]
            gd.deck = tuple(unseen)
    for gd in guards:
        if gd.cell is None and not gd.deck and not gd.discard:
            cards = list(range(N * (gd.floor - 1), N * gd.floor))
            chance.shuffle(cards)
            gd.removed, gd.deck = tuple(cards[:trim]), tuple(cards[trim:])

    # decks
    def deck(field, full, held):
        if field in sc:
            cards = [str(x) for x in _list(sc[field], field)]
        else:
            pool = Counter(full) - held
            cards = sorted(pool.elements())
            chance.shuffle(cards)
        return cards

    held_tools = Counter(t for ch in crew for t in ch.tools) + Counter(
        i for t in tiles for i in t.items if i in TOOL_DECK)
    held_loot = Counter(t for ch in crew for t in ch.loot) + Counter(
        i for t in tiles for i in t.items if i in LOOT_DECK)
    tool_deck = deck("tool_deck", TOOL_DECK, held_tools)
    loot_deck = deck("loot_deck", LOOT_DECK, held_loot)
    in_play = [e[1] for e in sc.get("round_effects", []) if isinstance(e, list) and len(e) == 2]
    event_deck = deck("event_deck", EVENT_DECK, Counter(in_play))  # round cards lie before their drawer
    _check_cards(crew, tiles, tool_deck, loot_deck, event_deck + [str(k) for k in in_play])
    if len(crew) == 1:  # DEC-57: no Gold Bar in a game with one character
        if "loot_deck" not in sc:
            loot_deck = without_gold_bars(loot_deck)
        bars: list[str] = (["characters[0].loot"] if "gold_bar" in crew[0].loot else []) + \
            [f"tiles.{cell_name(c)}.items" for c, t in enumerate(tiles) if "gold_bar" in t.items] + \
            (["loot_deck"] if "gold_bar" in loot_deck else [])
        if bars:
            raise ScenarioError("a game with one character has no Gold Bars: both leave the Loot deck at setup "
                                "(DEC-57)", field=bars[0])

    state = GameState(
        tiles=tiles, walls=tuple(walls), guards=guards, characters=crew, chance=chance, trim=trim,
        phase="actions", tool_deck=tool_deck, loot_deck=loot_deck, event_deck=event_deck,
        heads_up=(0,) * len(crew), skip=(False,) * len(crew), job=job.key, layout=layout,
    )
    if sc.get("entrance") is not None:
        state.entrance = _cell(sc["entrance"], "entrance", 1)
        state.set_tile(state.entrance, revealed=True, downstairs=True)  # SETUP-9
    state.active = _int(sc.get("active", 0), "active", 0, len(crew) - 1)
    state.turn = _int(sc.get("turn", 1), "turn", 1, 10_000)
    state.allowance = _int(sc.get("allowance", 4), "allowance", 0, 20)
    state.spent = _int(sc.get("spent", 0), "spent", 0, state.allowance)
    if sc.get("crow") is not None:
        state.crow = _cell(sc["crow"], "crow", job=job)
    if sc.get("kitty") is not None:
        state.kitty = _cell(sc["kitty"], "kitty", job=job)
    for i, pair in enumerate(_list(sc.get("thermal", []), "thermal")):
        if not (isinstance(pair, list) and len(pair) == 2):
            raise ScenarioError("a thermal link is a pair of cells ['1B2', '2B2'] or ['3B2', 'roof']", field=f"thermal[{i}]")
        a = _cell(pair[0], f"thermal[{i}][0]", job=job)
        b = ROOF if pair[1] == "roof" else _cell(pair[1], f"thermal[{i}][1]", job=job)
        if b - a != N and not (b == ROOF and floor_of(a) == job.floors):  # from the top floor to the roof (DEC-28, JOB-4)
            raise ScenarioError("a thermal link joins a cell and the cell directly above it", field=f"thermal[{i}]")
        state.thermal.append((a, b))
    for i, effect in enumerate(_list(sc.get("round_effects", []), "round_effects")):
        if not (isinstance(effect, list) and len(effect) == 2 and effect[1] in ("gymnastics", "time_lock", "video_loop")):
            raise ScenarioError("a round effect is [seat, 'gymnastics' | 'time_lock' | 'video_loop']", field=f"round_effects[{i}]")
        state.round_effects.append((_int(effect[0], f"round_effects[{i}][0]", 0, len(crew) - 1), effect[1]))

    active = crew[state.active]
    if active.escaped:
        raise ScenarioError("the active character has escaped", field="active")
    for ch in crew:  # SETUP-11: an unplaced character is placed on the entrance at its first turn
        if ch.cell is None and not ch.escaped and state.entrance is None:
            raise ScenarioError(f"{ch.name} has no cell and there is no entrance to place it on",
                                field=f"characters[{ch.seat}].cell")
    _check_guards(state)
    game = cls(state, {"scenario": raw})
    if active.cell is None:  # its first turn: placed at the entrance (SETUP-11)
        state.turn -= 1
        base = state.snapshot()
        game._drive(game._start(None), None, base, None, ())
    return game


def _check_cards(crew, tiles, tool_deck, loot_deck, event_deck) -> None:
    from burgle.data.cards import EVENT_BY_KEY, LOOT_BY_KEY, TOOL_BY_KEY

    places: list[tuple[str, str, Mapping[str, object]]] = []
    for i, ch in enumerate(crew):
        places += [(t, f"characters[{i}].tools", TOOL_BY_KEY) for t in ch.tools]
        places += [(t, f"characters[{i}].loot", LOOT_BY_KEY) for t in ch.loot]
        if ch.loot.count("gold_bar") > 1:
            raise ScenarioError("no one may hold two Gold Bars (LOOT-5)", field=f"characters[{i}].loot")
    for c, t in enumerate(tiles):
        places += [(k, f"tiles.{cell_name(c)}.items", {**TOOL_BY_KEY, **LOOT_BY_KEY}) for k in t.items]
    places += [(k, "tool_deck", TOOL_BY_KEY) for k in tool_deck]
    places += [(k, "loot_deck", LOOT_BY_KEY) for k in loot_deck]
    places += [(k, "event_deck", EVENT_BY_KEY) for k in event_deck]
    for key, field, known in places:
        if key not in known:
            raise ScenarioError(f"unknown card {key!r}; known here: {', '.join(known)}", field=field)
    limit = Counter(TOOL_DECK) + Counter(LOOT_DECK) + Counter(EVENT_DECK)
    count = Counter(k for k, _, _ in places)
    for key, n in count.items():
        if n > limit[key]:
            field = [f for k, f, _ in places if k == key][-1]
            raise ScenarioError(f"{key!r} appears {n} times but the game has {limit[key]}", field=field)


def _check_guards(state) -> None:
    for gd in state.guards:
        f = f"guards[floor {gd.floor}]"
        alarms = [c for c in range(N * (gd.floor - 1), N * gd.floor) if state.tiles[c].alarm]
        if gd.cell is None:
            if gd.die is not None:
                raise ScenarioError("an unplaced guard has no destination yet", field=f"{f}.die")
            continue
        if state.tiles[gd.cell].alarm:
            raise ScenarioError("a guard never stands on an alarm token (GUARD-1)", field=f"{f}.cell")
        if gd.die is None:
            raise ScenarioError("a placed guard needs his die's cell (his destination)", field=f"{f}.die")
        if alarms and gd.die not in alarms:
            raise ScenarioError("while the floor has alarms, the die sits on one of them (GUARD-1, ALARM-3)",
                                field=f"{f}.die")
