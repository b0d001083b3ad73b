"""Statistics over every valid layout of a 4x4 floor (issue 12, section 4; RULES.md JOB-3).

For each of the 175,264 valid layouts (:func:`burgle.geometry.layouts.all_layouts`):

* **mean route length**: the guard's walking distance (GUARD-8) averaged over the 240
  ordered (start, destination) pairs of distinct cells;
* **tied share**: the share of those pairs with more than one shortest route, where the
  most clockwise rule (GUARD-9) decides;
* **max heat**: the largest heat of a cell (gabob's definition with the GUARD-9 route,
  :func:`burgle.analysis.traffic.heat`): how many of the 240 routes enter the busiest cell.

Then the distribution of each (min, quartiles, max) and where a given floor ranks.

The work is done for many layouts at once with numpy arrays (layout x cell x destination):
breadth-first distances level by level, then the GUARD-9 route by dynamic programming on
the same levels (the winner from a cell is the step maximising the shoelace sum of the
whole route, as :class:`burgle.geometry.routing.RouteTable` does one layout at a time),
then each cell's heat as the size of its subtree in each destination's route tree. The
tests check it against ``RouteTable`` and :func:`~burgle.analysis.traffic.heat` on
sampled layouts and on the printed floors.

>>> from burgle.geometry.layouts import job_walls, mask_of
>>> s = floor_stats([mask_of(w) for w in job_walls("bank")])
>>> [f"{m:.3f}" for m in s.mean_length], [f"{t:.3f}" for t in s.tied_share], s.max_heat.tolist()
(['3.400', '3.133', '3.567'], ['0.100', '0.133', '0.100'], [154, 79, 98])
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from burgle.geometry.board import CELLS_PER_FLOOR, COLS, orthogonal_neighbours
from burgle.geometry.layouts import POSITIONS, all_layouts, mask_of

__all__ = ["FloorStats", "floor_stats", "Distribution", "distribution", "percentile_rank", "all_stats",
           "LayoutStats"]

N = CELLS_PER_FLOOR
PAIRS = N * (N - 1)
_OFFSET = (-COLS, 1, COLS, -1)  # up, right, down, left (the order of orthogonal_neighbours)
_X = np.arange(N) % COLS
_Y = np.arange(N) // COLS
# _CROSS[d][u]: the shoelace term of the step from u in direction d (GUARD-9: x = column,
# y = row growing downward); 0 where the step would leave the floor (never taken).
_CROSS = [np.array([(_X[u] * _Y[u + off] - _X[u + off] * _Y[u]) if u + off in orthogonal_neighbours(u) else 0
                    for u in range(N)], dtype=np.int16) for off in _OFFSET]
_EAST = [(POSITIONS.index(w), w[0]) for w in POSITIONS if w[1] == w[0] + 1]  # (position, west cell)
_SOUTH = [(POSITIONS.index(w), w[0]) for w in POSITIONS if w[1] == w[0] + COLS]  # (position, upper cell)
NEG = np.int16(-30000)


@dataclass(frozen=True)
class FloorStats:
    """Per layout (in the order given): mean route length, tied share, max heat, and the
    heat of every cell (layout x cell)."""

    masks: np.ndarray
    mean_length: np.ndarray
    tied_share: np.ndarray
    max_heat: np.ndarray
    heat: np.ndarray


def _sides(masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per layout, 16-bit masks of the open east sides (bit u: u and u+1 joined) and the
    open south sides (bit u: u and u+4 joined)."""
    east = np.zeros(len(masks), dtype=np.uint16)
    south = np.zeros(len(masks), dtype=np.uint16)
    for k, cell in _EAST:
        east |= (((masks >> k) & 1) ^ 1).astype(np.uint16) << cell
    for k, cell in _SOUTH:
        south |= (((masks >> k) & 1) ^ 1).astype(np.uint16) << cell
    return east, south


def _unpack(bits16: np.ndarray) -> np.ndarray:
    """(L x 16) uint16 cell masks -> (L*256,) bool, entry l*256 + u*16 + b = bit b of [l, u]."""
    return np.unpackbits(np.ascontiguousarray(bits16).view(np.uint8), bitorder="little").astype(bool)


def _batch(masks: np.ndarray):
    L = len(masks)
    east, south = _sides(masks)
    e, s = east[:, None], south[:, None]
    # breadth-first distances, all cells of all layouts at once on bit masks:
    # reach[l, u] = cells within the current distance of u
    reach = np.broadcast_to((np.uint16(1) << np.arange(N, dtype=np.uint16))[None, :], (L, N)).copy()
    dist = np.zeros(L * N * N, dtype=np.int8)
    top = 0
    while True:
        grown = reach | ((reach & e) << 1) | ((reach >> 1) & e) | ((reach & s) << 4) | ((reach >> 4) & s)
        if np.array_equal(grown, reach):
            break
        dist += ~_unpack(grown)  # one more for every cell not reached within this distance
        reach = grown
        top += 1
    dist += 1
    dist[_unpack(np.broadcast_to((np.uint16(1) << np.arange(N, dtype=np.uint16))[None, :], (L, N)))] = 0
    if (reach != 0xFFFF).any():
        raise ValueError("a layout cuts the floor apart; only valid layouts have statistics (JOB-3)")
    # open directions per (layout, cell): bit d set if the step in direction d is open
    ee, ss = east.astype(np.int32)[:, None], south.astype(np.int32)[:, None]
    u = np.arange(N)[None, :]
    up = np.where(u >= COLS, (ss >> np.maximum(u - COLS, 0)) & 1, 0)
    right = (ee >> u) & 1
    down = (ss >> u) & 1
    left = np.where(u % COLS > 0, (ee >> np.maximum(u - 1, 0)) & 1, 0)
    opens = (up | right << 1 | down << 2 | left << 3).astype(np.uint8).ravel()  # index l*16 + u
    # GUARD-9 winners and shortest-route counts (capped at 2), level by level, sparse
    area = np.zeros(L * N * N, dtype=np.int16)
    count = (dist == 0).astype(np.int8)
    parent = np.zeros(L * N * N, dtype=np.int8)  # direction of the winner's first step
    levels = []
    for k in range(1, top + 1):
        idx = np.flatnonzero(dist == k)
        levels.append(idx)
        cell = (idx >> 4) & 15
        op = opens[idx >> 4]
        best = np.full(len(idx), NEG, dtype=np.int16)
        tied = np.zeros(len(idx), dtype=bool)
        paths = np.zeros(len(idx), dtype=np.int8)
        way = np.zeros(len(idx), dtype=np.int8)
        for d, off in enumerate(_OFFSET):
            valid = (op >> d) & 1 == 1
            nb = np.where(valid, idx + off * N, idx)
            closer = valid & (dist[nb] == k - 1)
            score = np.where(closer, _CROSS[d][cell] + area[nb], NEG)
            paths = np.minimum(paths + np.where(closer, count[nb], 0), 2).astype(np.int8)
            tied |= closer & (score == best)
            better = score > best
            tied &= ~better
            best = np.where(better, score, best)
            way = np.where(better, d, way).astype(np.int8)
        if tied.any():  # pragma: no cover - GUARD-9 says it never happens
            raise RuntimeError("no unique most clockwise route on some layout (GUARD-9)")
        area[idx] = best
        count[idx] = paths
        parent[idx] = way
    # heat: the size of each cell's subtree in the route tree of each destination
    size = np.ones(L * N * N, dtype=np.int16)
    for idx in reversed(levels):
        way = parent[idx]
        for d, off in enumerate(_OFFSET):
            child = idx[way == d]
            size[child + off * N] += size[child]
    heat = size.reshape(L, N, N).sum(axis=2, dtype=np.int32) - N
    total_length = dist.reshape(L, N * N).sum(axis=1, dtype=np.int32)
    ties = (count >= 2).reshape(L, N * N).sum(axis=1)
    return total_length / PAIRS, ties / PAIRS, heat


def floor_stats(masks, batch: int = 4096) -> FloorStats:
    """The statistics of the given layouts (position masks, or wall sets), in that order."""
    masks = np.array([m if isinstance(m, (int, np.integer)) else mask_of(m) for m in masks], dtype=np.int64)
    mean, tied, heat = [], [], []
    for i in range(0, len(masks), batch):
        m, t, h = _batch(masks[i:i + batch])
        mean.append(m)
        tied.append(t)
        heat.append(h)
    heat_all = np.concatenate(heat) if heat else np.zeros((0, N), dtype=np.int32)
    return FloorStats(masks, np.concatenate(mean) if mean else np.zeros(0), np.concatenate(tied) if tied
                      else np.zeros(0), heat_all.max(axis=1) if len(heat_all) else np.zeros(0, dtype=np.int32),
                      heat_all)


@dataclass(frozen=True)
class Distribution:
    """Min, quartiles and max of one statistic over all valid layouts. Quartiles are
    order statistics (the value at rank ceil(q * n), the "inverted CDF" definition), so
    each is the value of some layout."""

    name: str
    minimum: float
    q1: float
    median: float
    q3: float
    maximum: float


def distribution(name: str, values: np.ndarray) -> Distribution:
    q = np.quantile(values, [0.25, 0.5, 0.75], method="inverted_cdf")
    return Distribution(name, float(values.min()), float(q[0]), float(q[1]), float(q[2]), float(values.max()))


def percentile_rank(values: np.ndarray, x: float) -> float:
    """The percentage of layouts below *x*, counting those equal to it as half below
    (the mid-rank percentile): 0 = lowest of all, 100 = highest of all."""
    below = np.count_nonzero(values < x - 1e-12)
    equal = np.count_nonzero(np.abs(values - x) <= 1e-12)
    return 100.0 * (below + equal / 2) / len(values)


@dataclass(frozen=True)
class LayoutStats:
    """:func:`all_stats`: the statistics of every valid layout and their distributions."""

    stats: FloorStats
    distributions: tuple[Distribution, ...]

    def values(self, name: str) -> np.ndarray:
        return {"mean route length": self.stats.mean_length, "tied share": self.stats.tied_share,
                "max heat": self.stats.max_heat}[name]

    def rank(self, walls) -> dict[str, tuple[float, float]]:
        """Statistic -> (value, percentile rank among all valid layouts) for one floor."""
        one = floor_stats([walls])
        out = {}
        for name, v in (("mean route length", one.mean_length[0]), ("tied share", one.tied_share[0]),
                        ("max heat", one.max_heat[0])):
            out[name] = (float(v), percentile_rank(self.values(name), float(v)))
        return out


def all_stats(batch: int = 4096) -> LayoutStats:
    """Enumerate every valid layout (175,264) and compute their statistics."""
    st = floor_stats(all_layouts(), batch=batch)
    dists = (distribution("mean route length", st.mean_length), distribution("tied share", st.tied_share),
             distribution("max heat", st.max_heat))
    return LayoutStats(st, dists)
