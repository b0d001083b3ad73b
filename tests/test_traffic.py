"""Traffic maps and layout statistics (issue 12, section 4): gabob's heat against numbers
from gabob.com's own code, the GUARD-9 heat, the exact patrol step shares against a
simulated deck and against the real engine's guard, and the whole-enumeration statistics
against the one-layout route tables."""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction
from pathlib import Path

import pytest

from burgle.analysis import traffic as T
from burgle.analysis.layout_stats import floor_stats, percentile_rank
from burgle.engine.chance import Chance
from burgle.geometry import layouts as L
from burgle.geometry.board import index_name, parse_index
from burgle.geometry.routing import route_table

GABOB = json.loads((Path(__file__).parent / "data" / "gabob_heat.json").read_text())["heat"]
PRINTED = {f"{job} floor {f}": w for job in ("bank", "office") for f, w in enumerate(L.job_walls(job), 1)}


# ----------------------------------------------------------------------------- heat


@pytest.mark.parametrize("code", sorted(GABOB))
def test_gabob_heat_matches_gabobs_own_numbers(code):
    """tests/data/gabob_heat.json holds the heat js/burgle.js computes for 25 codes (the 5
    printed floors and 20 random layouts); our reading of its tie-break reproduces it."""
    walls = L.decode(code)
    assert list(T.gabob_heat(walls)) == GABOB[code]
    cmp = T.compare_heat(walls)
    assert list(cmp.gabob) == GABOB[code]
    assert cmp.ours == T.heat(walls)
    assert cmp.cells == tuple(c for c in range(16) if cmp.ours[c] != GABOB[code][c])
    table = route_table(walls)
    for a, b, ours, theirs in cmp.pairs:  # both are shortest routes; ours is the guard's
        assert ours == table.route(a, b) != theirs
        assert len(theirs) == table.distance(a, b) and theirs[-1] == b


def test_heat_is_the_count_of_routes_entering_each_cell():
    for name, walls in PRINTED.items():
        table, h = route_table(walls), T.heat(walls)
        assert min(h) >= 15, name  # every cell ends 15 routes
        assert sum(h) == sum(table.distance(a, b) for a in range(16) for b in range(16)), name
        for c in range(16):
            assert h[c] == sum(c in table.route(a, b) for a in range(16) for b in range(16) if a != b)


def test_printed_floors_where_gabob_and_guard_9_differ():
    """The heat gabob.com shows differs from the guard's on 6 cells of Bank floors 1 and 3
    and of Office floor 1; the other two printed floors agree."""
    differ = {name: [index_name(c) for c in T.compare_heat(w).cells] for name, w in PRINTED.items()}
    assert differ == {
        "bank floor 1": ["B1", "D1", "B2", "C2", "D2", "D3"],
        "bank floor 2": [],
        "bank floor 3": [],
        "office floor 1": ["B2", "C2", "B3", "A4", "B4", "C4"],
        "office floor 2": [],
    }
    assert "7 of 240 routes differ" in T.compare_heat(PRINTED["bank floor 1"]).describe()


def test_where_gabobs_tie_break_leaves_guard_9():
    """Bank floor 1, guard on C3 heading for C1: the shortest routes fork at C3, straight up
    through C2 or right through D3. GUARD-9 takes the left branch, C2 (the loop C3 C2 B2 B1
    C1 D1 D2 D3 runs clockwise); gabob's rule counts the step straight at the destination
    last and goes right. On an open floor the two agree on all 240 routes."""
    floor1 = PRINTED["bank floor 1"]
    C1, C2, B2, B1, C3, D3, D2, D1 = (parse_index(n) for n in "C1 C2 B2 B1 C3 D3 D2 D1".split())
    assert route_table(floor1).route(C3, C1) == (C2, B2, B1, C1)
    assert T.gabob_route(floor1, C3, C1) == (D3, D2, D1, C1)
    assert T.compare_heat(frozenset()).pairs == ()


# ----------------------------------------------------------------------------- patrol step shares


@pytest.mark.parametrize("characters", [1, 2, 3, 4])
def test_step_shares_are_heat_over_total_for_every_crew(characters):
    for name, walls in list(PRINTED.items()) + [("random", L.random_layout(Chance(characters)))]:
        shares, h = T.step_shares(walls, characters), T.heat(walls)
        assert sum(shares) == 1
        assert list(shares) == [Fraction(x, sum(h)) for x in h], name


def test_leg_weights_follow_the_deck():
    """Per cycle of n = 16 - trim cards: n legs, minus the first card's chance 1/16 of naming
    his own cell (DEC-8); every ordered pair alike; the reshuffle chain is uniform."""
    for characters, trim in T.TRIM.items():
        w = T.leg_weights(characters)
        assert len(w) == 240 and len(set(w.values())) == 1
        assert sum(w.values()) == (16 - trim) - Fraction(1, 16)
        row, pi = T.reshuffle_chain(characters)
        assert sum(row) == 1 and sum(pi) == 1 and set(pi) == {Fraction(1, 16)}
    with pytest.raises(ValueError, match="1 to 4 characters"):
        T.leg_weights(5)


ALPHA = 1e-3  # chance that a correct model fails one agreement test below, for a random seed


def t_tail(t: float, df: int) -> float:
    """Two-sided tail P(|T| > t) of Student's t with *df* degrees of freedom (Simpson's rule)."""
    c = math.gamma((df + 1) / 2) / (math.sqrt(df * math.pi) * math.gamma(df / 2))
    f = lambda x: c * (1 + x * x / df) ** (-(df + 1) / 2)  # noqa: E731
    hi, n = t + 400.0, 40_000
    h = (hi - t) / n
    s = f(t) + f(hi) + sum((4 if k % 2 else 2) * f(t + k * h) for k in range(1, n))
    return 2 * s * h / 3


def worst_cell(batches, shares) -> tuple[float, int]:
    """Batch means: per cell, the t statistic of its share over the batches against the
    exact share; returns the smallest two-sided p-value (Bonferroni-corrected over 16 cells
    by the caller) and its cell."""
    B = len(batches)
    worst = (1.0, -1)
    for c in range(16):
        xs = [row[c] / sum(row) for row in batches]
        mean = sum(xs) / B
        sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (B - 1))
        t = abs(mean - float(shares[c])) / (sd / math.sqrt(B)) if sd else math.inf
        worst = min(worst, (t_tail(t, B - 1) if t < math.inf else 0.0, c))
    return worst


def test_t_tail_is_students_t():
    assert abs(t_tail(2.093, 19) - 0.05) < 2e-4  # the textbook 97.5% point for 19 df
    assert abs(t_tail(0.0, 19) - 1.0) < 1e-9


def test_simulated_patrol_deck_agrees_with_the_exact_shares():
    walls = PRINTED["bank floor 1"]
    chance = Chance(4)
    for characters in (1, 4):
        batches = [T.sample_patrol_steps(walls, 200, chance, characters) for _ in range(20)]
        p, c = worst_cell(batches, T.step_shares(walls, characters))
        assert p > ALPHA / 16, f"cell {index_name(c)}: p = {p:.2e}"


@pytest.mark.parametrize("floor, characters", [("bank floor 1", 1), ("office floor 2", 4)])
def test_the_engines_guard_agrees_with_the_exact_shares(floor, characters):
    """About 40,000 steps of the real engine's guard (public API: a scenario, legal actions)
    in 80 games, grouped in 20 batches of 4 games; and the same counts clearly reject
    another floor's shares, so the test can fail."""
    walls = PRINTED[floor]
    run = T.engine_patrol_steps(walls, 80, seed=1, characters=characters)
    assert run.discarded == 0 and len(run.games) == 80 and run.steps > 30_000
    batches = [tuple(sum(game[c] for game in run.games[i::20]) for c in range(16)) for i in range(20)]
    p, c = worst_cell(batches, T.step_shares(walls, characters))
    assert p > ALPHA / 16, f"cell {index_name(c)}: p = {p:.2e}"
    p_other, _ = worst_cell(batches, T.step_shares(PRINTED["bank floor 2"], characters))
    assert p_other < 1e-12


# ----------------------------------------------------------------------------- layout statistics


def test_layout_statistics_match_the_route_tables():
    sample = random.Random(7).sample(L.all_layouts(), 60) + [L.mask_of(w) for w in PRINTED.values()]
    st = floor_stats(sample, batch=64)
    for i, mask in enumerate(sample):
        walls = L.walls_of(mask)
        table = route_table(walls)
        pairs = [(a, b) for a in range(16) for b in range(16) if a != b]
        assert st.mean_length[i] == pytest.approx(sum(table.distance(a, b) for a, b in pairs) / 240, abs=1e-12)
        tied = sum(len(table.all_shortest_routes(a, b)) > 1 for a, b in pairs)
        assert st.tied_share[i] == pytest.approx(tied / 240, abs=1e-12)
        assert tuple(st.heat[i]) == T.heat(walls) and st.max_heat[i] == max(T.heat(walls))


def test_layout_statistics_refuse_a_cut_floor():
    with pytest.raises(ValueError, match="cuts the floor apart"):
        floor_stats([L.mask_of(L.parse_layout("A1|B1, A1/A2"))])


def test_percentile_rank_counts_ties_half():
    import numpy as np

    values = np.array([1.0, 2.0, 2.0, 3.0])
    assert percentile_rank(values, 0.5) == 0 and percentile_rank(values, 3.5) == 100
    assert percentile_rank(values, 2.0) == 50 and percentile_rank(values, 1.0) == 12.5


# ----------------------------------------------------------------------------- the picture


def test_traffic_picture_scene_legend_and_text_alternative():
    from burgle.pictures import render_scene
    from burgle.pictures.layout import legend_keys, layout
    from burgle.pictures.scene import PictureError
    from burgle.pictures.traffic import traffic_scene

    office = L.job_walls("office")
    sc = traffic_scene(office, title="The Office Job")
    assert [f.title for f in sc.floors] == ["Floor 1 · code 190m3", "Floor 2 · code 11hu0"]
    f1 = sc.floor(1)
    h, cmp = T.heat(office[0]), T.compare_heat(office[0])
    for i in range(16):
        assert f1.overlay_labels[f"1{index_name(i)}"] == f"{h[i]} · {100 * h[i] / sum(h):.1f}%"
        assert f1.cell(i).note == (f"gabob {cmp.gabob[i]}" if i in cmp.cells else "")
        assert f"{index_name(i)} heat {h[i]}, {100 * h[i] / sum(h):.1f}% of his steps" in f1.alt_text
    assert f1.header[2] == "gabob.com differs on 6 cells (notes)"
    assert sc.floor(2).header[2] == "gabob.com shows the same heat" and not any(v.note for v in sc.floor(2).cells)
    assert legend_keys(sc) == ["odds"]  # the overlay's own entry, nothing from a game
    assert "the guard's traffic" in " ".join(i.text for i in layout(sc).items if i.role == "legend")
    assert render_scene(sc, "png")[:8] == b"\x89PNG\r\n\x1a\n"
    single = traffic_scene([L.job_walls("bank")[1]])
    assert single.floors[0].header[:2] == ("Code e0607", "Busiest: 8 cells tie, heat 79, 10.5% of his steps each")
    with pytest.raises(PictureError, match="1 to 3 floors, not 4"):
        traffic_scene(list(L.job_walls("bank")) + [office[0]])
