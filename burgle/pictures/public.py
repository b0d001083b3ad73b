"""What a picture may read of a game: its ``view()``, what the players see.

Pictures, their text alternatives and the networkx graphs read :func:`public_state`, never
``game.s``: a game whose hidden information is dealt anew (``Game.redeal``) draws the same
picture, byte for byte (tests/test_pictures_hidden.py), and no picture can show the kind
of a face-down tile, since it is not there to read.
"""

from __future__ import annotations

from types import SimpleNamespace

from burgle.engine.state import Tile
from burgle.geometry.board import CELLS_PER_FLOOR, ROOF, cell_name, parse_cell, parse_walls
from burgle.geometry.layouts import decode

__all__ = ["public_state"]

N = CELLS_PER_FLOOR


def _cell_or_none(name):
    return None if name is None else parse_cell(name)


def public_state(game) -> SimpleNamespace:
    """What a picture may read of *game*: its ``view()`` (what the players see), in the
    shape of the engine's state (``tiles``, ``guards``, ``characters``, ``walls``...).
    A face-down tile has no kind here (``kind == ""``): no picture can show it."""
    v = game.view()
    floors = len(v["walls"])  # 3 in The Bank Job, 2 in The Office Job (JOB-4)
    tiles = []
    for c in range(floors * N):
        d = dict(v["tiles"][cell_name(c)])
        d.setdefault("kind", "")
        if "items" in d:
            d["items"] = tuple(d["items"])
        tiles.append(Tile(**d))
    guards = [SimpleNamespace(floor=g["floor"], cell=_cell_or_none(g["cell"]), die=_cell_or_none(g["die"]),
                              speed=g["speed"], placed=g["cell"] is not None) for g in v["guards"]]
    characters = []
    for ch in v["characters"]:
        cell = _cell_or_none(ch["cell"])
        characters.append(SimpleNamespace(seat=ch["seat"], name=ch["character"], cell=cell, escaped=ch["escaped"],
                                          stealth=ch["stealth"], on_board=cell is not None and not ch["escaped"]))
    thermal = [(parse_cell(a), ROOF if b == "roof" else parse_cell(b)) for a, b in v["thermal"]]
    return SimpleNamespace(
        tiles=tiles, guards=guards, characters=characters, thermal=thermal, floors=floors, job=v["job"],
        walls=[parse_walls(v["walls"][str(f)]) for f in range(1, floors + 1)],
        layout=tuple(decode(code) for code in v["layout"].split()),  # the walls it was set up with (JOB-5)
        crow=_cell_or_none(v["crow"]), kitty=_cell_or_none(v["kitty"]), entrance=_cell_or_none(v["entrance"]),
        outcome=v["outcome"], outcome_reason=v["outcome_reason"], phase=v["phase"], turn=v["turn"],
        active=v["active"], allowance=v["allowance"], spent=v["spent"],
    )
