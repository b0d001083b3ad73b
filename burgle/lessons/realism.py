"""A lesson's starting board must be one a real game could reach.

The scenario loader checks what the engine needs (known tiles, one guard per floor, ...).
This lint checks what a learner would notice against the rules the lessons teach: a floor-1
die showing 1, three cracked Safes with the dice still at 2/3/4, a revealed Stairs with no
downstairs token above it, two Safes on one floor, hack work on a floor nobody has reached.
Each problem names the rule it breaks.

>>> from burgle.engine.game import Game
>>> scenario = {"seed": 1, "characters": [{"character": "hawk", "cell": "1A2"}],
...             "guards": [{"floor": 1, "cell": "1A1", "die": "1B1", "speed": 1}]}
>>> [p for p in problems(scenario, Game.from_scenario(scenario)) if p.startswith("guards[0].speed")]
['guards[0].speed: the floor-1 die shows 1, but it starts at 2 and only goes up (SETUP-5, GUARD-4, ACT-12); with 0 Safes cracked on floor 1 or above it shows at least 2']
"""

from __future__ import annotations

from collections import Counter

from burgle.data.cards import LOOT_DECK
from burgle.engine.safes import combination
from burgle.data.jobs import get_job
from burgle.geometry.board import CELLS_PER_FLOOR, ROOF, cell_name, floor_of, parse_cell

N = CELLS_PER_FLOOR
PRESENCE_FLAGS = {  # tokens that only a character on that floor can have put there
    "alarm": "an alarm token", "keypad_open": "a keypad-open token", "crowbar": "the crowbar token",
    "looted": "a looted Laboratory",
}


def _placed(g) -> bool:
    return g.cell is not None


def problems(scenario: dict, game) -> list[str]:
    """Every way the starting state contradicts the rules a learner is taught, each as
    'field: what is wrong (rule ids)'. *scenario* is the authored table, *game* its load."""
    s = game.s
    out: list[str] = []
    tiles = s.tiles
    safes = [c for c, t in enumerate(tiles) if t.kind == "safe"]
    cracked = [c for c in safes if tiles[c].cracked]

    # SETUP-5, JOB-1, GUARD-4, ACT-12: a die starts at 2/3/4 (2/3 in The Office Job) and only goes
    # up, 1 per Safe cracked on its floor or above
    start = get_job(s.job).guard_dice
    for i, g in enumerate(s.guards):
        rises = sum(1 for c in cracked if floor_of(c) >= g.floor)
        low = min(6, start[g.floor - 1] + rises)
        if g.speed < low:
            out.append(f"guards[{i}].speed: the floor-{g.floor} die shows {g.speed}, but it starts at "
                       f"{start[g.floor - 1]} and only goes up (SETUP-5, GUARD-4, ACT-12); with {rises} Safes "
                       f"cracked on floor {g.floor} or above it shows at least {low}")

    # ACT-3: a revealed Stairs puts a downstairs token on the cell above; SETUP-9: the entrance has one
    for c, t in enumerate(tiles):
        where = f"tiles.{cell_name(c)}"
        if t.kind == "stairs" and t.revealed and floor_of(c) < s.floors and not tiles[c + N].downstairs:
            out.append(f"tiles.{cell_name(c + N)}: the Stairs on {cell_name(c)} are face up, so a downstairs "
                       "token lies on the cell directly above (ACT-3)")
        if t.downstairs and c != s.entrance and not (
                c >= N and tiles[c - N].kind == "stairs" and tiles[c - N].revealed):
            out.append(f"{where}: a downstairs token lies only above a face-up Stairs tile or on the entrance "
                       "(ACT-3, SETUP-9)")

    # SETUP-2: one Safe and one Stairs per floor among the authored tiles, face up or down (the
    # loader deals the left-out ones; dealt_problems checks the result)
    authored = Counter()
    for key, spec in (scenario.get("tiles") or {}).items():
        kind = spec.get("kind") if isinstance(spec, dict) else str(spec).split()[0]
        authored[(floor_of(parse_cell(key)), kind)] += 1
    for f in range(1, s.floors + 1):
        for kind in ("safe", "stairs"):
            if authored[(f, kind)] > 1:
                out.append(f"tiles: the scenario puts {authored[(f, kind)]} {kind} tiles on floor {f}; "
                           "every floor has exactly one Safe and one Stairs (SETUP-2)")

    # ACT-10..12: cracked tokens come from rolls of a Safe, whose dice stay on it; all six crack it
    for safe in safes:
        t, combo = tiles[safe], combination(safe)
        names = ", ".join(cell_name(c) for c in combo if not (tiles[c].revealed and tiles[c].cracked))
        if t.cracked and names:
            out.append(f"tiles.{cell_name(safe)}: a cracked Safe has a cracked token on all 6 tiles of its "
                       f"combination, which are face up; not on {names} (ACT-11, ACT-12)")
        if t.cracked and t.dice == 0:
            out.append(f"tiles.{cell_name(safe)}: the Safe was rolled open, and dice stay on a Safe: it holds at "
                       "least 1 die (ACT-10, ACT-11)")
        if not t.cracked and all(tiles[c].cracked for c in combo):
            out.append(f"tiles.{cell_name(safe)}: all 6 tiles of its combination are cracked, so the Safe is "
                       "cracked (ACT-12)")
    for c, t in enumerate(tiles):
        if t.cracked and t.kind != "safe" and not any(
                c in combination(safe) and tiles[safe].dice for safe in safes if floor_of(safe) == floor_of(c)):
            out.append(f"tiles.{cell_name(c)}: a cracked token comes from rolling a Safe in the same row or column, "
                       "and the dice rolled stay on that Safe; no such Safe holds a die (ACT-10, ACT-11)")

    # ACT-12, LOOT-5: every cracked Safe gave one Loot; a drawn Gold Bar brings its twin into play
    held = [k for ch in s.characters for k in ch.loot] + [k for t in tiles for k in t.items if k in LOOT_DECK]
    expected = len(cracked) + (1 if "gold_bar" in held else 0)
    if len(held) != expected:
        out.append(f"characters: {len(held)} Loot cards are in play ({', '.join(held) or 'none'}), but each of the "
                   f"{len(cracked)} cracked Safes gave exactly one (a Gold Bar brings its twin) (ACT-12, LOOT-5)")

    # ACT-15: nobody escapes before all Safes are cracked
    if any(ch.escaped for ch in s.characters) and len(cracked) < len(safes):
        out.append(f"characters: someone has escaped, but only {len(cracked)} of the {len(safes)} Safes are "
                   "cracked; escaping needs all of them (ACT-15)")

    # GUARD-2: a floor whose guard is not placed has never had a character on it
    crew = {(ch.name, ch.side) for ch in s.characters}
    for i, g in enumerate(s.guards):
        if _placed(g):
            continue
        for c in range(N * (g.floor - 1), N * g.floor):
            t = tiles[c]
            for flag, what in PRESENCE_FLAGS.items():
                if getattr(t, flag):
                    out.append(f"tiles.{cell_name(c)}: {what} on floor {g.floor}, where nobody has been: its guard "
                               "is not on the board yet (GUARD-2)")
            if t.stealth and t.kind != "lavatory":
                out.append(f"tiles.{cell_name(c)}: Smoke Bomb tokens on floor {g.floor}, where nobody has been "
                           "(GUARD-2)")
            if (t.dice or t.items or (t.cracked and t.kind == "safe")) and ("peterman", "advanced") not in crew:
                out.append(f"tiles.{cell_name(c)}: Safe work on floor {g.floor}, where nobody has been; only the "
                           "advanced Peterman drills from another floor (GUARD-2, CHAR-10)")
        for what, cell in (("the crow", s.crow), ("the Kitty", s.kitty)):
            if cell is not None and cell < ROOF and floor_of(cell) == g.floor:
                out.append(f"{'crow' if 'crow' in what else 'kitty'}: {what} on floor {g.floor}, where nobody "
                           "has been (GUARD-2)")

    # SETUP-4, GUARD-4: a floor's 16 patrol cards are its deck, its discard pile and the trimmed ones
    for i, g in enumerate(s.guards):
        cards = [*g.deck, *g.discard, *g.removed]
        floor = set(range(N * (g.floor - 1), N * g.floor))
        if Counter(cards) != Counter(floor) or len(g.removed) != s.trim:
            out.append(f"guards[{i}]: the floor-{g.floor} patrol cards are {len(g.deck)} in the deck, "
                       f"{len(g.discard)} discarded and {len(g.removed)} removed; the 16 cards of the floor are "
                       f"always all there, with exactly {s.trim} removed for {len(s.characters)} characters "
                       "(SETUP-4, GUARD-4)")
        if _placed(g) and not g.discard:
            out.append(f"guards[{i}].discard: the floor-{g.floor} guard is on the board, so at least the card "
                       "that placed him lies face up on the discard pile (GUARD-2, GUARD-3, SETUP-8)")
        if not _placed(g) and g.discard:
            out.append(f"guards[{i}].discard: no card is drawn for floor {g.floor} before its guard appears "
                       "(GUARD-2)")

    # a token on the board means the card that makes it has been used (TOOL-2, -4, -5, -6, -10, -12)
    cards_left = Counter(s.tool_deck) + Counter(k for ch in s.characters for k in ch.tools) + Counter(
        k for t in tiles for k in t.items)
    marks = {
        "thermal_bomb": bool(s.thermal), "crowbar": any(t.crowbar for t in tiles),
        "donuts": any(g.donuts for g in s.guards), "emp": s.emp_seat is not None,
        "smoke_bomb": any(t.stealth and t.kind != "lavatory" for t in tiles),
        "dynamite": any(s.layout[f] - s.walls[f] for f in range(s.floors)),  # a wall of the layout is gone
    }
    for card, seen in marks.items():
        if seen and cards_left[card]:
            out.append(f"tool_deck: the board shows the {card.replace('_', ' ')} was used, yet the card is still "
                       "in a deck or a hand; each Tool is used once and discarded (ACT-13)")
    return out


def dealt_problems(game) -> list[str]:
    """SETUP-2 on the whole building once the loader has dealt the tiles a scenario leaves out:
    exactly one Safe and one Stairs per floor."""
    out = []
    for f in range(1, game.s.floors + 1):
        for kind in ("safe", "stairs"):
            n = sum(1 for c in range(N * (f - 1), N * f) if game.s.tiles[c].kind == kind)
            if n != 1:
                out.append(f"tiles: floor {f} holds {n} {kind} tiles once the left-out tiles are dealt; "
                           "every floor has exactly one Safe and one Stairs (SETUP-2)")
    return out
