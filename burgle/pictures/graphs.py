"""The building as networkx graphs (no matplotlib here).

Nodes are the engine's cell numbers (``16 * (floor - 1) + index``, see
``burgle.geometry.board``) with attributes describing what a player sees there. Three views:

* :func:`guard_graph` (``nx.Graph``): one floor, one edge per adjacency with no wall
  between (CONV-4, GUARD-8), Dynamite-destroyed walls removed. Exactly what guards
  use: no stairs, ducts, walkways, secret doors or thermal links.
* :func:`floor_graph` (``nx.MultiDiGraph``): one floor's 16 cells; every way a
  character can move is an edge with a ``kind`` attribute. Adjacency goes both ways
  (``kind="adjacent"``); the extra links (ACT-4) are their own kinds:
  ``secret_door`` (one-way, into a revealed Secret Door through a wall, TILE-16),
  ``duct`` (between the two revealed Service Ducts, TILE-17), ``stairs`` (revealed
  Stairs tile <-> the cell above, TILE-18; floor-3 Stairs -> ``"roof"``), ``walk_down``
  (revealed Walkway -> the cell below, TILE-20), ``thermal`` (Thermal Bomb link, both
  ways, TOOL-12). Links leaving the floor keep their far end, so the graph may hold a
  few nodes of other floors (and ``"roof"``), marked ``on_floor=False``.
* :func:`building_graph` (``nx.MultiDiGraph``): all 48 cells and every link.

Node attributes: ``name`` ("2C3"), ``floor``, ``index``, ``row``/``col`` (0-based, row 0
at the top), ``pos`` (col, row), ``revealed``, ``kind`` (tile key, None while face
down), ``tile`` (tile name or "face down"), ``number`` (combination number, None while
face down or for a Safe), ``alarm``, ``hack``, ``dice``, ``cracked``, ``keypad_open``,
``downstairs``, ``crowbar``, ``stealth_tokens``, ``items``, ``characters`` (character
keys standing there), ``guard`` (the floor's guard stands there), ``destination`` (his
die sits there), ``crow``, ``kitty``, ``on_floor``.

>>> from burgle.geometry.board import parse_cell
>>> from burgle.engine.game import Game
>>> game = Game.from_scenario({"characters": [{"character": "hawk", "cell": "1B2"}],
...     "tiles": {"1B2": "stairs 4 revealed"}})
>>> g = floor_graph(game, 1)
>>> g.nodes[parse_cell("1B2")]["tile"], g.nodes[parse_cell("1B2")]["characters"]
('Stairs', ['hawk'])
>>> sorted(d["kind"] for _, v, d in g.out_edges(parse_cell("1B2"), data=True))
['adjacent', 'adjacent', 'adjacent', 'stairs']
>>> guard_graph(game, 1).number_of_edges()  # 24 side-sharing pairs minus 8 walls
16
"""

from __future__ import annotations

import networkx as nx

from burgle.analysis.guard_forecast import check_floor
from burgle.geometry.board import CELLS_PER_FLOOR, cell_name, floor_of, make_wall, orthogonal_neighbours
from burgle.data.tiles import TILE_TYPE_BY_KEY
from burgle.pictures.public import public_state

__all__ = ["ROOF", "LINK_KINDS", "building_graph", "floor_graph", "guard_graph", "player_links", "node_attributes"]

N = CELLS_PER_FLOOR
ROOF = "roof"
LINK_KINDS = ("adjacent", "secret_door", "duct", "stairs", "walk_down", "thermal")


def node_attributes(game, c: int, s=None) -> dict:
    """What a player sees on cell *c*, as plain data (see the module docstring); *s*: the
    game's :func:`~burgle.pictures.public.public_state`, when the caller has it already."""
    s = public_state(game) if s is None else s
    t = s.tiles[c]
    index = c % N
    floor = floor_of(c)
    guard = s.guards[floor - 1]
    return {
        "name": cell_name(c),
        "floor": floor,
        "index": index,
        "row": index // 4,
        "col": index % 4,
        "pos": (index % 4, index // 4),
        "revealed": t.revealed,
        "kind": t.kind if t.revealed else None,
        "tile": TILE_TYPE_BY_KEY[t.kind].name if t.revealed else "face down",
        "number": t.number if t.revealed else None,
        "alarm": t.alarm,
        "hack": t.hack,
        "dice": t.dice,
        "cracked": t.cracked,
        "keypad_open": t.keypad_open,
        "downstairs": t.downstairs,
        "crowbar": t.crowbar,
        "stealth_tokens": t.stealth,
        "items": list(t.items),
        "characters": [ch.name for ch in s.characters if ch.on_board and ch.cell == c],
        "guard": guard.cell == c,
        "destination": guard.die == c,
        "crow": s.crow == c,
        "kitty": s.kitty == c,
        "on_floor": True,
    }


def guard_graph(game, floor: int) -> nx.Graph:
    """The guard's graph of *floor*: cells and the adjacencies he walks (GUARD-8).

    Edge attribute ``kind="adjacent"``; node attributes as :func:`node_attributes`."""
    check_floor(floor, game)
    layout = game.table(floor).layout
    base = N * (floor - 1)
    g = nx.Graph(floor=floor)
    s = public_state(game)
    for i in range(N):
        g.add_node(base + i, **node_attributes(game, base + i, s))
    for i in range(N):
        for j in layout.neighbours[i]:
            if i < j:
                g.add_edge(base + i, base + j, kind="adjacent")
    return g


def player_links(game):
    """Every (from, to, kind) a character could move along (ACT-4), building-wide.

    Adjacency appears in both directions. Restrictions that depend on who moves or
    on round effects (Time Lock, the Painting, Gymnastics) are not applied."""
    s = public_state(game)
    tiles = s.tiles
    out = []
    for floor in range(1, s.floors + 1):
        layout = game.table(floor).layout
        base = N * (floor - 1)
        for i in range(N):
            for j in layout.neighbours[i]:
                out.append((base + i, base + j, "adjacent"))
    walls = s.walls
    for c, t in enumerate(tiles):
        if not t.revealed:
            continue
        if t.kind == "secret_door":  # TILE-16: from the far side of a wall on one of its sides
            base, i = c - c % N, c % N
            for j in orthogonal_neighbours(i):
                if make_wall(i, j) in walls[floor_of(c) - 1]:
                    out.append((base + j, c, "secret_door"))
        elif t.kind == "stairs":  # TILE-18, ACT-15
            up = c + N if floor_of(c) < s.floors else ROOF  # the top floor's lead to the roof (JOB-4)
            if up == ROOF or not (tiles[up].revealed and tiles[up].kind == "walkway"):
                out.append((c, up, "stairs"))  # never up into a revealed Walkway (TILE-20)
            if up != ROOF:
                out.append((up, c, "stairs"))
        elif t.kind == "walkway" and floor_of(c) > 1:  # TILE-20
            out.append((c, c - N, "walk_down"))
    ducts = [c for c, t in enumerate(tiles) if t.kind == "service_duct" and t.revealed]
    if len(ducts) == 2:  # TILE-17
        out.append((ducts[0], ducts[1], "duct"))
        out.append((ducts[1], ducts[0], "duct"))
    for a, b in s.thermal:  # TOOL-12 (the roof end only under ACT-15)
        far = ROOF if b >= len(tiles) else b
        out.append((a, far, "thermal"))
        if far != ROOF:
            out.append((far, a, "thermal"))
    return out


def building_graph(game) -> nx.MultiDiGraph:
    """All cells (48, or 32 in The Office Job; plus ``"roof"`` when a link reaches it) and
    every player link."""
    g = nx.MultiDiGraph()
    s = public_state(game)
    for c in range(len(s.tiles)):
        g.add_node(c, **node_attributes(game, c, s))
    for a, b, kind in player_links(game):
        if b == ROOF and ROOF not in g:
            g.add_node(ROOF, name="roof", on_floor=False)
        g.add_edge(a, b, kind=kind)
    return g


def floor_graph(game, floor: int) -> nx.MultiDiGraph:
    """One floor for the explorer: its 16 cells and every player link touching them.

    A link to another floor keeps its far end as a node with ``on_floor=False``."""
    check_floor(floor, game)
    base = N * (floor - 1)
    mine = set(range(base, base + N))
    g = nx.MultiDiGraph(floor=floor)
    s = public_state(game)
    for c in sorted(mine):
        g.add_node(c, **node_attributes(game, c, s))
    for a, b, kind in player_links(game):
        if a not in mine and b not in mine:
            continue
        for end in (a, b):
            if end not in g:
                attrs = {"name": "roof"} if end == ROOF else node_attributes(game, end, s)
                attrs["on_floor"] = False
                g.add_node(end, **attrs)
        g.add_edge(a, b, kind=kind)
    return g

