"""Patrol odds and the danger map (burgle.analysis.patrol).

Rules: GUARD-1 (public discard pile, hidden deck and removed cards), GUARD-3 / DEC-8 (a
card naming his own cell: draw again), GUARD-4 / DEC-15 (empty deck: all 16 reshuffled,
trimmed again, die +1, max 6), SETUP-4 / DEC-14 (trim), GUARD-6 (MP fixed when the move
starts), GUARD-7/11 (arrivals mid-move draw and walk on), ALARM-3/4 (alarms first).

Hand-checked cases use a corridor floor, whose walls leave one single path through the
16 cells (routes are unique, distances are positions along the snake):

    +---+---+---+---+
    | A1  B1  C1  D1|      A1 B1 C1 D1 D2 C2 B2 A2 A3 B3 C3 D3 D4 C4 B4 A4
    +---+---+---+   +       0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15
    | A2  B2  C2  D2|
    +   +---+---+---+
    | A3  B3  C3  D3|
    +---+---+---+   +
    | A4  B4  C4  D4|
    +---+---+---+---+
"""

from __future__ import annotations

import math
import random
import sys
from fractions import Fraction

import pytest

from burgle.analysis import patrol
from burgle.analysis.guard_forecast import forecast
from burgle.analysis.patrol import (
    DangerMap,
    OddsLayer,
    PatrolError,
    danger_map,
    next_destination_layer,
    next_destination_odds,
    patrol_info,
    percent,
    public_info,
)
from burgle.geometry.board import cell_name, parse_cell
from burgle.engine import guards as engine_guards
from burgle.engine.chance import Chance
from burgle.engine.errors import BurgleError
from burgle.engine.game import Game
from burgle.geometry.routing import route_table

SNAKE = "A1 B1 C1 D1 D2 C2 B2 A2 A3 B3 C3 D3 D4 C4 B4 A4".split()
CORRIDOR = "A1/A2 B1/B2 C1/C2 B2/B3 C2/C3 D2/D3 A3/A4 B3/B4 C3/C4"


def C(name: str, floor: int = 1) -> int:
    return parse_cell(name if name[0].isdigit() else f"{floor}{name}")


def named(table) -> dict[str, Fraction]:
    """{cell name: probability} for the cells with a chance above 0."""
    return {cell_name(c, with_floor=False): p for c, p in table.items() if p}


def corridor(guard, die, speed=2, unseen=None, trim=0, removed=None, floor=1, **kw):
    """A corridor floor where every card but *unseen* is in the discard pile."""
    unseen = set(unseen if unseen is not None else [])
    discard = [f"{floor}{n}" for n in SNAKE if n not in unseen]
    return patrol_info(floor, f"{floor}{guard}", f"{floor}{die}", speed, discard, trim, removed=removed,
                       walls=CORRIDOR, **kw)


F = Fraction


# ----------------------------------------------------------------------------- an independent oracle


def oracle(info, turns):
    """Every card sequence, one card at a time, plain Fractions and sets, no memo: the
    rules as written, to check the fast enumeration against. Returns the DangerMap
    figures as dicts keyed like DangerMap (enter, end_turn, enter_by_turn, end_by_turn,
    reshuffle)."""
    table = route_table(info.walls)
    base = 16 * (info.floor - 1)
    crow = None if info.crow is None else info.crow - base
    out = {"enter": {}, "end_turn": {}, "enter_by_turn": [{} for _ in range(turns)],
           "end_by_turn": [{} for _ in range(turns)], "reshuffle": F(0)}

    def add(d, c, p):
        d[base + c] = d.get(base + c, 0) + p

    def finish(prob, hist):
        for c in hist["entered"]:
            add(out["enter"], c, prob)
        for c in hist["ended"]:
            add(out["end_turn"], c, prob)
        for k in range(turns):
            for c in hist["ent_k"][k]:
                add(out["enter_by_turn"][k], c, prob)
            for c in hist["end_k"][k]:
                add(out["end_by_turn"][k], c, prob)
        if hist["resh"]:
            out["reshuffle"] += prob

    def draw(prob, st, hist, then):
        """Draw cards until one is not his cell, calling then(prob, st, hist) per outcome."""
        unseen = [c for c in range(16) if c not in st["seen"]]
        if len(unseen) - st["removed"] == 0:  # GUARD-4
            st = dict(st, seen=frozenset(), removed=info.trim, speed=min(6, st["speed"] + 1))
            hist = dict(hist, resh=True)
            unseen = list(range(16))
        for c in unseen:
            st2 = dict(st, seen=st["seen"] | {c})
            if c == st["p"]:
                draw(prob / len(unseen), st2, hist, then)
            else:
                then(prob / len(unseen), dict(st2, dest=c), hist)

    def walk(prob, st, hist):
        st = dict(st)
        hist = {k: (set(v) if isinstance(v, set) else [set(x) for x in v] if isinstance(v, list) else v)
                for k, v in hist.items()}
        while True:
            if st["mp"] == 0:
                st["k"] += 1
                if st["k"] == turns:
                    return finish(prob, hist)
                st["mp"] = st["speed"] + len(st["alarms"])
            p = table.step[st["p"] * 16 + st["dest"]]
            st["p"] = p
            st["mp"] -= 1
            hist["entered"].add(p)
            hist["ent_k"][st["k"]].add(p)
            st["alarms"] = st["alarms"] - {p}
            if p == crow:
                st["mp"] = max(0, st["mp"] - 1)
            if st["mp"] == 0:
                hist["ended"].add(p)
                hist["end_k"][st["k"]].add(p)
            if p == st["dest"]:
                if st["alarms"]:
                    d = {a: table.dist[p * 16 + a] for a in st["alarms"]}
                    st["dest"] = min(sorted(d), key=lambda a: d[a])
                    continue
                if st["mp"] == 0 and st["k"] == turns - 1:  # the last draw: only a reshuffle matters
                    unseen = [c for c in range(16) if c not in st["seen"]]
                    deck = len(unseen) - st["removed"]
                    if deck == 0:
                        hist["resh"] = True
                    elif deck == 1 and p in unseen:
                        finish(prob * F(len(unseen) - 1, len(unseen)), hist)
                        return finish(prob / len(unseen), dict(hist, resh=True))
                    return finish(prob, hist)
                return draw(prob, st, hist, walk)

    st = {"p": info.guard - base, "dest": info.die - base, "k": 0, "speed": info.speed,
          "alarms": frozenset(c - base for c in info.alarms), "seen": frozenset(c - base for c in info.discard),
          "removed": info.removed}
    st["mp"] = info.first_mp if info.first_mp is not None else info.speed + len(info.alarms)
    hist = {"entered": set(), "ended": set(), "ent_k": [set() for _ in range(turns)],
            "end_k": [set() for _ in range(turns)], "resh": False}
    if st["mp"] == 0:
        hist["ended"].add(st["p"])
        hist["end_k"][0].add(st["p"])
    walk(F(1), st, hist)
    return out


def same_as_oracle(dm: DangerMap, ref) -> None:
    base = 16 * (dm.floor - 1)
    cells = range(base, base + 16)
    for name in ("enter", "end_turn"):
        assert {c: getattr(dm, name)[c] for c in cells} == {c: ref[name].get(c, 0) for c in cells}, name
    for k in range(dm.turns):
        assert dm.enter_by_turn[k] == {c: ref["enter_by_turn"][k].get(c, 0) for c in cells}, k
        assert dm.end_by_turn[k] == {c: ref["end_by_turn"][k].get(c, 0) for c in cells}, k
    assert dm.reshuffle == ref["reshuffle"]


# ----------------------------------------------------------------------------- next destination, by hand


def test_the_last_unseen_card_is_certain():
    """15 cards in the discard pile, trim 0: the deck holds the 16th, so it comes next."""
    info = corridor("A1", "C1", unseen=["D4"])
    odds = next_destination_odds(info)
    assert named(odds) == {"D4": 1}
    assert len(odds) == 16 and sum(odds.values()) == 1


def test_only_unseen_card_is_his_own_cell_redraws_after_a_reshuffle():
    """The one card left names C1, where he arrives: he has arrived, draws again (DEC-8);
    the deck is empty, so all 16 are reshuffled (GUARD-4) and any card but C1 is next,
    C1 itself coming up again being redrawn once more: 1/15 each."""
    info = corridor("A1", "C1", unseen=["C1"])
    odds = named(next_destination_odds(info))
    assert "C1" not in odds
    assert odds == {n: F(1, 15) for n in SNAKE if n != "C1"}


def test_trim_hides_cards_the_deck_may_not_hold():
    """9 seen, trim 6: 7 unseen, 6 of them set aside, 1 in the deck: each unseen card is the
    deck's card with chance 1/7. If it is C1 (his arrival cell) he draws again from an
    empty deck: reshuffle, then any card but C1 (1/15 each).
    Unseen cards other than C1: 1/7 + 1/7 * 1/15 = 16/105; seen ones: 1/105."""
    unseen = ["C1", "D1", "D2", "C2", "A4", "B4", "C4"]
    info = corridor("A1", "C1", unseen=unseen, trim=6)
    assert info.deck_size == 1
    odds = named(next_destination_odds(info))
    for n in SNAKE:
        if n == "C1":
            assert n not in odds
        elif n in unseen:
            assert odds[n] == F(16, 105)
        else:
            assert odds[n] == F(1, 105)


def test_a_thicker_deck_with_trim():
    """5 seen, trim 3: 11 unseen, 8 in the deck. Each unseen card is next with 1/11; C1
    (his cell) means the next one, 1/10 each of the other 10: 1/11 + 1/110 = 1/10."""
    seen = ["A2", "A3", "B3", "C3", "D3"]
    info = corridor("A1", "C1", unseen=[n for n in SNAKE if n not in seen], trim=3)
    assert info.deck_size == 8
    odds = named(next_destination_odds(info))
    assert odds == {n: F(1, 10) for n in SNAKE if n not in seen and n != "C1"}
    # C1 already seen: no redraw is possible, 1/11 each
    seen2 = seen + ["C1"]
    info = corridor("A1", "C1", unseen=[n for n in SNAKE if n not in seen2], trim=3)
    assert named(next_destination_odds(info)) == {n: F(1, 10) for n in SNAKE if n not in seen2}


def test_an_empty_deck_is_reshuffled_before_the_draw():
    """10 seen, trim 6: the deck is empty, so the next draw shuffles all 16 (seen ones too)."""
    unseen = ["A1", "B1", "C1", "D1", "D2", "C2"]
    info = corridor("A4", "B4", unseen=unseen, trim=6)
    assert info.deck_size == 0
    assert named(next_destination_odds(info)) == {n: F(1, 15) for n in SNAKE if n != "B4"}


def test_next_destination_with_alarms_is_the_next_alarm():
    """ALARM-3: he clears the alarms first; after B3 the die goes to the alarm left, D2."""
    info = corridor("A2", "B3", alarms=["1B3", "1D2"])
    assert named(next_destination_odds(info)) == {"D2": 1}
    # the last alarm is his destination: the next one is a patrol card (the last unseen)
    info = corridor("A2", "B3", alarms=["1B3"], unseen=["A4"])
    assert named(next_destination_odds(info)) == {"A4": 1}


# ----------------------------------------------------------------------------- danger map, by hand


def test_two_moves_on_the_corridor_by_hand():
    """Guard on A2 heading for A3, die 2, unseen D1 and D4, trim 0 (deck: 2 cards).
    Move 1: A3 (arrives, 1 MP left), draws D1 or D4 (1/2 each), then A2 (toward D1) or
    B3 (toward D4). Move 2: B2, C2 or C3, D3. No draw reaches an empty deck."""
    info = corridor("A2", "A3", unseen=["D1", "D4"])
    dm = danger_map(info, turns=2)
    assert dm.method == "exact" and dm.sequences == 2
    h = F(1, 2)
    assert named(dm.enter) == {"A3": 1, "A2": h, "B3": h, "B2": h, "C2": h, "C3": h, "D3": h}
    assert named(dm.end_turn) == {"A2": h, "B3": h, "C2": h, "D3": h}
    assert named(dm.enter_by_turn[0]) == {"A3": 1, "A2": h, "B3": h}
    assert named(dm.enter_by_turn[1]) == {"B2": h, "C2": h, "C3": h, "D3": h}
    assert named(dm.end_by_turn[0]) == {"A2": h, "B3": h}
    assert named(dm.end_by_turn[1]) == {"C2": h, "D3": h}
    assert dm.reshuffle == 0
    same_as_oracle(dm, oracle(info, 2))


def test_four_moves_on_the_corridor_by_hand():
    """The same start over 4 moves. Toward D1: move 3 D2, D1 (arrives with 0 MP, draws D4,
    the last card), move 4 D2, C2. Toward D4: move 3 D4 (arrives, 1 MP), draws D1, D3;
    move 4 C3, B3. The deck is then empty, but no draw is due within 4 moves."""
    info = corridor("A2", "A3", unseen=["D1", "D4"])
    dm = danger_map(info, turns=4)
    h = F(1, 2)
    assert named(dm.end_by_turn[2]) == {"D1": h, "D3": h}
    assert named(dm.end_by_turn[3]) == {"C2": h, "B3": h}
    assert named(dm.enter_by_turn[2]) == {"D2": h, "D1": h, "D4": h, "D3": h}
    assert dm.enter[C("D2")] == h and dm.enter[C("C2")] == h  # C2 twice on the D1 branch: still 1/2
    # ends: toward D1 A2, C2, D1, C2; toward D4 B3, D3, D3, B3 ("at least once": 1/2 each)
    assert named(dm.end_turn) == {"A2": h, "C2": h, "D1": h, "B3": h, "D3": h}
    assert dm.reshuffle == 0
    same_as_oracle(dm, oracle(info, 4))


def test_reshuffle_speeds_him_up_from_his_next_move():
    """All 16 cards seen, trim 0, die 2: at B1 (1 step, 1 MP left) he must draw from an empty
    deck: reshuffle, die 3 (GUARD-4); any card but B1, 1/15 each; his last MP of move 1
    takes him to A1 (1/15) or C1 (14/15), speed unchanged within the move (GUARD-6). In
    move 2 he has 3 MP: every destination from C2 on (11 of 15) ends it on C2 (with 2 MP
    he could only reach D2)."""
    info = corridor("A1", "B1", unseen=[])
    assert info.deck_size == 0
    dm = danger_map(info, turns=2)
    assert dm.reshuffle == 1
    assert named(dm.end_by_turn[0]) == {"A1": F(1, 15), "C1": F(14, 15)}
    assert dm.end_by_turn[1][C("C2")] >= F(11, 15)
    assert dm.enter_by_turn[1][C("C2")] >= F(11, 15)
    same_as_oracle(dm, oracle(info, 2))


def test_speed_stays_at_most_6():
    """Die 6, deck empty, guard on D2 heading for A4 (11 steps away). Move 1: 6 steps to C3.
    Move 2: 5 steps to A4 (arrives with 1 MP: reshuffle, die stays 6, DEC-48), then one
    step back to B4 toward any new card. Move 3 has 6 MP, not 7: every card from A1 to A3
    (9 of the 15) ends it on A3."""
    info = corridor("D2", "A4", speed=6, unseen=[])
    dm = danger_map(info, turns=3)
    assert named(dm.end_by_turn[0]) == {"C3": 1}
    assert named(dm.end_by_turn[1]) == {"B4": 1}
    assert dm.reshuffle == 1
    assert dm.end_by_turn[2][C("A3")] >= F(9, 15)
    same_as_oracle(dm, oracle(info, 3))


def test_reshuffle_on_his_last_step_counts():
    """He arrives with his very last MP of the horizon and the deck is empty: that draw
    reshuffles (die +1) within the horizon."""
    info = corridor("A1", "C1", unseen=[])
    dm = danger_map(info, turns=1)
    assert named(dm.end_by_turn[0]) == {"C1": 1}
    assert dm.reshuffle == 1
    # one card left in the deck, and it names his arrival cell: 1 chance in 1 (only card)
    info = corridor("A1", "C1", unseen=["C1"])
    assert danger_map(info, turns=1).reshuffle == 1
    # two unseen, trim 1: the deck's card is C1 (his cell, then reshuffle) with chance 1/2
    info = corridor("A1", "C1", unseen=["C1", "A4"], trim=1)
    assert danger_map(info, turns=1).reshuffle == F(1, 2)
    same_as_oracle(danger_map(info, turns=1), oracle(info, 1))


def test_trim_after_reshuffle_and_removed_count_this_cycle():
    """Scenario decks may have fewer removed cards this cycle than the trim: the model
    uses *removed* now and *trim* after each shuffle (oracle agrees)."""
    info = corridor("A2", "A3", unseen=["D1", "D4", "A1"], trim=6, removed=1)
    assert info.deck_size == 2
    for turns in (1, 2, 3):
        same_as_oracle(danger_map(info, turns=turns), oracle(info, turns))


def test_alarms_come_first_and_count_for_mp():
    """Alarms on B3 and D2, die on B3 (nearest), die 2: MP 2 + 2 = 4. Move 1: A3, B3 (alarm
    off; the die goes to D2), A3, A2. Move 2: 2 + 1 = 3 MP: B2, C2, D2 (alarm off, no alarm
    left: he draws, the deck's last card A4)."""
    info = corridor("A2", "B3", alarms=["1B3", "1D2"], unseen=["A4"])
    dm = danger_map(info, turns=2)
    assert named(dm.enter_by_turn[0]) == {"A3": 1, "B3": 1, "A2": 1}
    assert named(dm.end_by_turn[0]) == {"A2": 1}
    assert named(dm.enter_by_turn[1]) == {"B2": 1, "C2": 1, "D2": 1}
    assert named(dm.end_by_turn[1]) == {"D2": 1}
    assert dm.sequences == 1 and dm.notes == ()
    same_as_oracle(dm, oracle(info, 2))


def test_alarm_ties_are_noted():
    """MP 2 + 3 alarms = 5. At A3 the alarms on B2 and C3 are both 2 away: the players
    choose (ALARM-3); the model takes B2, the first in reading order, and says so. Then
    A2, B2 (alarm off, the die goes to C3), A2, A3."""
    info = corridor("A2", "A3", alarms=["1A3", "1B2", "1C3"], unseen=["A4"])
    dm = danger_map(info, turns=1)
    assert any("players choose" in n and "1B2" in n for n in dm.notes)
    assert named(dm.enter_by_turn[0]) == {"A3": 1, "A2": 1, "B2": 1}
    assert named(dm.end_by_turn[0]) == {"A3": 1}


def test_a_cancelled_first_move():
    """first_mp 0 (Donuts, the crow): he ends move 1 where he stands."""
    info = corridor("A2", "A3", unseen=["D1", "D4"], first_mp=0)
    dm = danger_map(info, turns=2)
    assert named(dm.end_by_turn[0]) == {"A2": 1}
    assert named(dm.enter_by_turn[0]) == {}
    assert named(dm.end_by_turn[1]) == {"A2": F(1, 2), "B3": F(1, 2)}
    same_as_oracle(dm, oracle(info, 2))


# ----------------------------------------------------------------------------- against the oracle and Monte Carlo


def small_states(n, seed, max_unseen=5, max_speed=4):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        floor = rng.randint(1, 3)
        cells = list(range(16 * (floor - 1), 16 * floor))
        g, d = rng.sample(cells, 2)
        trim = rng.choice([0, 3, 6, 9])
        u = rng.randint(0, max_unseen)
        unseen = rng.sample(cells, u)
        removed = min(trim, u)
        discard = [c for c in cells if c not in unseen]
        rng.shuffle(discard)
        alarms = []
        if rng.random() < 0.2:
            alarms = [d] + rng.sample([c for c in cells if c not in (g, d)], rng.randint(0, 2))
        walls = None if rng.random() < 0.7 else CORRIDOR
        crow = rng.choice(cells) if rng.random() < 0.2 else None
        out.append(patrol_info(floor, g, d, rng.randint(1, max_speed), discard, trim, removed=removed, walls=walls,
                               alarms=alarms, first_mp=rng.choice([None] * 5 + [0, 4]), crow=crow))
    return out


@pytest.mark.parametrize("seed", range(4))
def test_fast_enumeration_equals_the_oracle(seed):
    """Random small states (any floor, Bank Job or corridor walls, trims, alarms, the crow,
    cancelled or boosted first moves), 1-3 moves; the oracle is slow, so only states with
    at most 2,000 card sequences."""
    checked = 0
    for info in small_states(16, seed):
        for turns in (1, 2, 3):
            dm = danger_map(info, turns=turns, method="exact")
            if dm.sequences <= 2000:
                same_as_oracle(dm, oracle(info, turns))
                checked += dm.sequences > 1
    assert checked >= 6


def test_invariants_on_many_states():
    rng = random.Random(5)
    for info in small_states(25, 11, max_unseen=12, max_speed=6):
        turns = rng.randint(1, 3)
        dm = danger_map(info, turns=turns)
        odds = next_destination_odds(info)
        assert sum(odds.values()) == 1 and all(0 <= p <= 1 for p in odds.values())
        assert odds[info.die] == 0  # never his arrival cell (DEC-8)
        assert 0 <= dm.reshuffle <= 1
        one = 1 if dm.method == "exact" else pytest.approx(1)
        for k in range(turns):
            assert sum(dm.end_by_turn[k].values()) == one
            for c in dm.enter:
                assert 0 <= dm.enter_by_turn[k][c] <= dm.enter[c] <= 1
                assert 0 <= dm.end_by_turn[k][c] <= dm.end_turn[c] <= 1
                if not (k == 0 and info.first_mp == 0):
                    assert dm.end_by_turn[k][c] <= dm.enter_by_turn[k][c]  # he ends a move where he stepped
        assert max(dm.end_turn.values()) <= 1 and sum(dm.end_turn.values()) >= 1
        assert set(dm.enter) == set(range(16 * (info.floor - 1), 16 * info.floor))


def assert_samples_agree(exact, mc):
    """Every figure of the Monte Carlo map *mc* lies within 4.5 standard errors of the exact
    one (a figure of 0 or 1 exactly: no run can differ)."""
    n = mc.samples

    def close(p, q):
        p = float(p)
        return abs(p - q) <= 4.5 * math.sqrt(max(p * (1 - p), 1e-4) / n) + 1e-9

    pairs = [("reshuffle", exact.reshuffle, mc.reshuffle)]
    for name in ("enter", "end_turn"):
        pairs += [(name, getattr(exact, name)[c], getattr(mc, name)[c]) for c in exact.enter]
    for k in range(exact.turns):
        pairs += [(f"enter move {k + 1}", exact.enter_by_turn[k][c], mc.enter_by_turn[k][c]) for c in exact.enter]
        pairs += [(f"end move {k + 1}", exact.end_by_turn[k][c], mc.end_by_turn[k][c]) for c in exact.enter]
    for name, p, q in pairs:
        assert close(p, q) and (p not in (0, 1) or q == p), (name, p, q)


@pytest.fixture(params=["numpy", "plain"])
def sampler(request, monkeypatch):
    """Both Monte Carlo samplers: numpy's, and the plain-Python one a browser without numpy
    (the static site's Pyodide) falls back to; ``sys.modules["numpy"] = None`` makes
    ``import numpy`` fail as it does there."""
    if request.param == "plain":
        monkeypatch.setitem(sys.modules, "numpy", None)
        assert patrol._sampler() is patrol._monte_carlo_pure
    else:
        assert patrol._sampler() is patrol._monte_carlo
    return request.param


def test_exact_and_monte_carlo_agree(sampler):
    """A mid-game floor 2 (die 3, 2 characters: trim 6), 3 moves: every figure of 40,000
    seeded samples lies within 4.5 standard errors of the exact value."""
    info = patrol_info(2, "2B2", "2D4", 3, ["2A1", "2C3", "2D2", "2A4", "2B1", "2C1", "2A3", "2B4"], trim=6)
    exact = danger_map(info, turns=3, method="exact")
    mc = danger_map(info, turns=3, method="monte-carlo", samples=40_000, seed=3)
    assert exact.method == "exact" and mc.method == "monte-carlo" and mc.samples == 40_000 and mc.seed == 3
    assert exact.reshuffle == F(27, 56)  # the horizon reaches the reshuffle
    assert_samples_agree(exact, mc)
    assert all(isinstance(p, float) for p in mc.enter.values())
    assert all(isinstance(p, Fraction) for p in exact.enter.values())


@pytest.mark.parametrize("turns", [3, 4])
def test_monte_carlo_follows_the_known_cards_and_the_reshuffles(turns, sampler):
    """Cards the Spotter saw (CHAR-17) come in their places in every run: the top one first
    (3C2), the bottom one last (3D1), the two unknown draws between them from the 1 unseen
    deck card and the 9 removed ones; the thin deck (trim 9) and the fast die (5) reshuffle
    within the horizon (GUARD-4). 20,000 samples agree with the exact figures within 4.5
    standard errors."""
    info = patrol_info(3, "3B4", "3A1", 5, ["3A4", "3A1", "3B1"], trim=9, known_top=["3C2"], known_bottom=["3D1"])
    exact = danger_map(info, turns=turns, method="exact")
    mc = danger_map(info, turns=turns, method="monte-carlo", samples=20_000, seed=turns)
    assert 0 < exact.reshuffle < 1
    assert exact.enter[C("C2", 3)] == 1  # his next card is the known top one
    assert_samples_agree(exact, mc)


def test_monte_carlo_is_seeded_and_auto_falls_back_over_budget(sampler):
    info = patrol_info(3, "3A1", "3D4", 4, [], trim=9)
    a = danger_map(info, turns=3, budget=10, samples=500, seed=7)
    b = danger_map(info, turns=3, budget=10, samples=500, seed=7)
    c = danger_map(info, turns=3, budget=10, samples=500, seed=8)
    assert a.method == "monte-carlo" and a.samples == 500 and a.seed == 7
    assert a == b and a.enter != c.enter
    assert "500 samples" in a.how() and "seed 7" in a.layer().title
    exact = danger_map(info, turns=1)
    assert exact.method == "exact" and exact.samples is None and exact.sequences > 0
    assert "card sequences" in exact.layer().title


# ----------------------------------------------------------------------------- against the engine


def drive(gen):
    for _ in gen:
        raise AssertionError("no choice expected in a plain guard move")


ENGINE_CASES = {
    "plain": "",
    "alarms and crow": """
crow = "2B2"
[tiles]
2B3 = "laser 1 revealed alarm"
2A2 = "motion 2 revealed alarm"
""",
}


@pytest.mark.parametrize("case", sorted(ENGINE_CASES))
def test_the_engine_walks_as_the_odds_say(case):
    """Hidden decks consistent with the public information (the unseen cards shuffled, the
    first `removed` set aside), then the engine's own guard moves (GUARD-5..12, with its
    reshuffles, alarms and the basic Raven's crow): the frequencies match the exact odds.
    Floor 2, nobody on it."""
    extra = ENGINE_CASES[case]
    die = "2B3" if extra else "2A4"  # with alarms the die sits on the nearest (ALARM-3)
    game = Game.from_scenario(f"""
seed = 1
{extra.split("[tiles]")[0]}
[[characters]]
character = "{'raven' if extra else 'hawk'}"
cell = "1A1"
[[guards]]
floor = 2
cell = "2C2"
die = "{die}"
speed = 3
discard = ["2B1", "2A4", "2D3", "2C4", "2B3"]
{"[tiles]" + extra.split("[tiles]")[1] if extra else ""}
""")
    guard = game.s.guards[1]
    info = public_info(game, 2)
    assert info.trim == 9 and info.removed == len(guard.removed)
    assert (info.crow is not None) == bool(extra) and len(info.alarms) == (2 if extra else 0)
    alarm_cells = sorted(info.alarms)
    turns, runs = 3, 3000
    exact = danger_map(info, turns=turns, method="exact")
    unseen = list(info.unseen)
    rng = random.Random(2)
    end = [dict.fromkeys(exact.enter, 0) for _ in range(turns)]
    entered = dict.fromkeys(exact.enter, 0)
    for r in range(runs):
        cards = unseen[:]
        rng.shuffle(cards)
        guard.cell, guard.die, guard.speed = info.guard, info.die, info.speed
        guard.removed, guard.deck, guard.discard = tuple(cards[: info.removed]), tuple(cards[info.removed:]), tuple(info.discard)
        for c in alarm_cells:
            game.s.set_tile(c, alarm=True)
        game.s.chance = Chance(r)
        seen = set()
        for k in range(turns):
            game._rules._current = []
            drive(engine_guards.guard_phase_move(game._rules, guard))
            seen |= {h.cell for h in game._rules._current if h.kind == "guard_step"}
            end[k][guard.cell] += 1
        for c in seen:
            entered[c] += 1

    def close(p, n):
        p = float(p)
        return abs(p - n / runs) <= 4.5 * math.sqrt(max(p * (1 - p), 1e-4) / runs)

    for c in exact.enter:
        assert close(exact.enter[c], entered[c]), cell_name(c)
        for k in range(turns):
            assert close(exact.end_by_turn[k][c], end[k][c]), (k, cell_name(c))


# ----------------------------------------------------------------------------- games: public only, no change


MIDGAME = """
seed = 4
[[characters]]
character = "hawk"
cell = "2A1"
[[characters]]
character = "peterman"
cell = "1A1"
[tiles]
2A1 = "walkway 1 revealed"
[[guards]]
floor = 2
cell = "2C2"
die = "2D4"
speed = 3
discard = ["2B1", "2A4", "2D3", "2C4"]
"""


def test_a_game_is_not_changed_and_hidden_cards_are_not_read():
    game = Game.from_scenario(MIDGAME)
    before = game.to_dict()
    odds = next_destination_odds(game, 2)
    dm = danger_map(game, 2, turns=3)
    mc = danger_map(game, 2, turns=2, method="monte-carlo", samples=200)
    assert game.to_dict() == before
    # another deck order and other removed cards, same public information: same answers
    other = Game.from_scenario(MIDGAME)
    g2 = other.s.guards[1]
    cards = [*g2.deck, *g2.removed]
    random.Random(9).shuffle(cards)
    g2.removed, g2.deck = tuple(cards[: len(g2.removed)]), tuple(cards[len(g2.removed):])
    assert g2.deck != game.s.guards[1].deck
    assert next_destination_odds(other, 2) == odds
    assert danger_map(other, 2, turns=3) == dm
    assert danger_map(other, 2, turns=2, method="monte-carlo", samples=200) == mc


def test_public_info_reads_the_game():
    game = Game.from_scenario(MIDGAME)
    info = public_info(game, 2)
    assert (cell_name(info.guard), cell_name(info.die), info.speed) == ("2C2", "2D4", 3)
    assert [cell_name(c) for c in info.discard] == ["2B1", "2A4", "2D3", "2C4"]
    assert info.trim == 6 and info.removed == 6 and info.deck_size == 6 and info.alarms == frozenset()
    assert info.first_mp is None  # he moves this turn with die 3, nothing else
    assert "2 characters" not in info.describe() and "6 removed face down" in info.describe()
    assert danger_map(info, turns=2) == danger_map(game, 2, turns=2)


def test_donuts_cancel_his_first_move():
    game = Game.from_scenario(MIDGAME.replace("speed = 3", "speed = 3\ndonuts = true"))
    info = public_info(game, 2)
    assert info.first_mp == 0
    assert named(danger_map(game, 2, turns=1).end_by_turn[0]) == {"C2": 1}


def test_the_first_move_matches_the_guard_forecast():
    """When the forecast knows his whole move (no card drawn during it), the danger map's
    move 1 is that move for certain."""
    rng = random.Random(3)
    checked = 0
    for seed in range(40):
        game = Game.new(seed=seed, characters=["hawk", "raven"])
        game.apply("entrance 1B2")
        for _ in range(rng.randint(0, 8)):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        if game.is_over:
            continue
        for floor in (1, 2, 3):
            g = game.s.guards[floor - 1]
            if not g.placed or g.die is None:
                continue
            fc = forecast(game, floor, end_of_turn=False)
            if not (fc.complete and fc.moves) or any(st.camera_alarms or st.captured is not None
                                                      for st in fc.steps):
                continue
            dm = danger_map(game, floor, turns=1)
            assert dm.end_by_turn[0][fc.stop] == 1
            assert {c for c, p in dm.enter_by_turn[0].items() if p} == set(fc.path)
            assert all(p == 1 for c, p in dm.enter_by_turn[0].items() if p)
            checked += 1
    assert checked >= 6


# ----------------------------------------------------------------------------- layers and text


def test_layers_and_percent_labels():
    info = corridor("A2", "A3", unseen=["D1", "D4"])
    dm = danger_map(info, turns=2)
    layer = dm.layer("end_turn", turn=2)
    assert layer.kind == "end_turn" and layer.floor == 1 and "move 2" in layer.title
    assert {cell_name(c): t for c, t in layer.labels().items()} == {"1C2": "50%", "1D3": "50%"}
    assert OddsLayer.coerce(dm).kind == "enter"
    nd = next_destination_layer(info)
    assert nd.kind == "destination" and named(nd.values) == {"D1": F(1, 2), "D4": F(1, 2)}
    assert OddsLayer.coerce(next_destination_odds(info)).labels() == nd.labels()
    assert [percent(p) for p in (0, F(1, 1000), F(1, 3), F(996, 1000), 1)] == ["0%", "<1%", "33%", ">99%", "100%"]
    text = "\n".join(dm.describe())
    assert "1A3 100%" in text and "exact, 2 card sequences" in text
    with pytest.raises(PatrolError, match="choose 'enter' or 'end_turn'"):
        dm.layer("sight")
    with pytest.raises(PatrolError, match="turn 3 is not allowed"):
        dm.layer("enter", turn=3)


# ----------------------------------------------------------------------------- bad input


@pytest.mark.parametrize("kwargs, message", [
    (dict(discard=["2A1", "2B1", "2A1"]), r"discard pile card 2A1 appears 2 times.*at most once"),
    (dict(discard=["2A1", "1B1"]), r"discard pile card 2 1B1 is on floor 1, outside floor 2; allowed: 2A1\.\.2D4"),
    (dict(discard=["2A1", "2Z9"]), r"discard pile card 2: unknown cell '2Z9'"),
    (dict(trim=12, discard=["2A1", "2B1", "2C1", "2D1", "2A2"]), r"trim too large: 12 cards removed.*at most 11"),
    (dict(trim=15), r"trim 15 is not allowed: a whole number 0\.\.14"),
    (dict(trim=-1), r"trim -1 is not allowed"),
    (dict(guard="1C2"), r"guard cell 1C2 is on floor 1, outside floor 2; allowed: 2A1\.\.2D4"),
    (dict(guard=50), r"guard cell 50 is not a cell: cell numbers run 0\.\.47"),
    (dict(die="3C2"), r"die cell 3C2 is on floor 3, outside floor 2"),
    (dict(die="2C2"), r"die cell 2C2 is the guard's own cell"),
    (dict(speed=7), r"die face \(speed\) 7 is not allowed: a whole number 1\.\.6"),
    (dict(speed=0), r"die face \(speed\) 0 is not allowed"),
    (dict(floor=4), r"floor 4 does not exist; The Bank Job has floors 1, 2, 3"),
    (dict(alarms=["2C2"]), r"alarm cell 2C2 is the guard's cell"),
    (dict(alarms=["2A1"]), r"die cell 2D4 holds no alarm.*2A1"),
    (dict(alarms=["1A1"]), r"alarm cell 1A1 is on floor 1, outside floor 2"),
    (dict(walls="A1|B1 A2|B2 A3|B3 A4|B4"), r"walls .* cut the floor apart"),
    (dict(walls="A1|C1"), r"walls: malformed wall"),
])
def test_bad_public_information_is_refused(kwargs, message):
    args = dict(floor=2, guard="2C2", die="2D4", speed=3, discard=["2A1"], trim=6)
    args.update(kwargs)
    with pytest.raises(PatrolError, match=message) as err:
        patrol_info(**args)
    assert isinstance(err.value, BurgleError) and isinstance(err.value, ValueError)


def test_bad_calls_are_refused():
    info = corridor("A2", "A3", unseen=["D1", "D4"])
    with pytest.raises(PatrolError, match=r"turns 0 is not allowed: a whole number 1\.\.12"):
        danger_map(info, turns=0)
    with pytest.raises(PatrolError, match=r"turns 13 is not allowed"):
        danger_map(info, turns=13)
    with pytest.raises(PatrolError, match=r"method 'guess' is not known; choose one of auto, exact, monte-carlo"):
        danger_map(info, method="guess")
    with pytest.raises(PatrolError, match=r"samples 0 is not allowed"):
        danger_map(info, method="monte-carlo", samples=0)
    with pytest.raises(PatrolError, match=r"seed 'x' must be a whole number"):
        danger_map(info, seed="x")
    with pytest.raises(PatrolError, match="does not match the patrol information, which is of floor 1"):
        danger_map(info, 2)
    with pytest.raises(PatrolError, match="expected a Game and a floor"):
        danger_map(42)
    game = Game.from_scenario(MIDGAME)
    with pytest.raises(PatrolError, match="a game needs a floor"):
        next_destination_odds(game)
    with pytest.raises(PatrolError, match=r"the floor 3 guard is not on the board yet.*GUARD-2"):
        danger_map(game, 3)
    with pytest.raises(PatrolError, match=r"floor 0 does not exist"):
        danger_map(game, 0)
    fresh = Game.new(seed=1, characters=["hawk"])
    with pytest.raises(PatrolError, match=r"no destination yet.*SETUP-10"):
        next_destination_odds(fresh, 1)
    with pytest.raises(PatrolError, match=r"overlay value for 1A1 is 2; expected a probability 0\.\.1"):
        OddsLayer.coerce({"1A1": 2})
    with pytest.raises(PatrolError, match="one floor"):
        OddsLayer.coerce({"1A1": 0.5, "2A1": 0.5})


def test_dict_input_is_accepted():
    d = dict(floor=1, guard="1A2", die="1A3", speed=2, discard=["1" + n for n in SNAKE if n not in ("D1", "D4")],
             trim=0, walls=CORRIDOR)
    assert danger_map(d, turns=2) == danger_map(patrol_info(**d), turns=2)


def test_doctests():
    import doctest

    import burgle.analysis.patrol as module

    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0


# ----------------------------------------------------------------------------- what the players learned


def spotter_floor(deck=("2A1", "2D4", "2C3", "2B4")) -> Game:
    """Floor 2: the Spotter on 2B2, the guard on 2D1 heading for 2B1; the deck's top card is
    the last named (2B4)."""
    return Game.from_scenario(f"""
seed = 3
[[characters]]
character = "spotter"
cell = "2B2"
[tiles]
2B2 = "motion 1 revealed"
[[guards]]
floor = 1
cell = "1D4"
die = "1A4"
[[guards]]
floor = 2
cell = "2D1"
die = "2B1"
deck = {list(deck)!r}
discard = {[cell_name(c) for c in range(16, 32) if cell_name(c) not in deck]!r}
""".replace("'", '"'))


def engine_draw_odds(game: Game, floor: int) -> dict[int, Fraction]:
    """The engine's own chance node at the guard's next patrol draw (Game.guard_walk with
    explicit chance): each card with its probability, from what the players know."""
    walk = game.guard_walk(floor, mp=20)
    drawn = [h.cell for h in walk.happenings[0] if h.kind == "patrol_draw"]
    if drawn:  # a card the players know is no chance node: the engine drew it at once
        return {drawn[0]: Fraction(1)}
    assert walk.pending is not None and walk.pending.rule == "GUARD-3"
    return {parse_cell(a.args[0]) if isinstance(a.args[0], str) else a.args[0]: p
            for a, p in walk.chance_outcomes()}


@pytest.mark.parametrize("where", ["top", "bottom"])
def test_odds_use_the_card_the_spotter_saw(where):
    """CHAR-17: right after the Spotter looks at the top patrol card, the odds and the danger
    map know it: left on top it is his next destination for certain; put at the bottom it
    cannot come next while unseen cards are left. Both agree with the engine's chance node."""
    game = spotter_floor()
    before = next_destination_odds(game, 2)
    danger_before = danger_map(game, 2, turns=2, method="exact")
    assert before[C("B4", 2)] == before[C("A1", 2)] > 0  # uniform over the unseen cards
    game.apply("clairvoyance")
    game.apply(f"order {where}")
    info = public_info(game, 2)
    after = next_destination_odds(game, 2)
    assert {c: p for c, p in after.items() if p} == engine_draw_odds(game, 2)
    if where == "top":
        assert info.known_top == (C("B4", 2),) and after[C("B4", 2)] == 1
    else:
        assert info.known_bottom == (C("B4", 2),) and after[C("B4", 2)] == 0
        assert after[C("A1", 2)] > before[C("A1", 2)]
    assert danger_map(game, 2, turns=2, method="exact").enter != danger_before.enter


def test_known_cards_in_patrol_info_are_checked():
    with pytest.raises(PatrolError, match="discard pile"):
        patrol_info(1, "1A1", "1B1", 2, discard=["1C1"], known_top=["1C1"])
    with pytest.raises(PatrolError, match="named twice"):
        patrol_info(1, "1A1", "1B1", 2, known_top=["1C1"], known_bottom=["1C1"])


def test_known_cards_by_hand():
    """Every card but A1, B1, C1 seen, no trim; the players know C1 lies on top: at B1 he
    draws C1 for certain, walks on to it; then A1 or B1 (his cell: again) follow."""
    seen = ["1" + c for c in "D1 A2 B2 C2 D2 A3 B3 C3 D3 A4 B4 C4 D4".split()]
    info = patrol_info(floor=1, guard="1A1", die="1B1", speed=1, trim=0, discard=seen, walls="",
                       known_top=["1C1"])
    assert named(next_destination_odds(info)) == {"C1": 1}
    dm = danger_map(info, turns=3, method="exact")
    assert named(dm.end_by_turn[1]) == {"C1": 1}
    bottom = patrol_info(floor=1, guard="1A1", die="1B1", speed=1, trim=0, discard=seen, walls="",
                         known_bottom=["1A1"])
    assert named(next_destination_odds(bottom)) == {"C1": 1}  # B1 is his cell: draw again; A1 comes last


@pytest.mark.parametrize("seed", [5, 8, 13])
def test_odds_are_the_same_in_every_redeal(seed):
    """Hidden information changes nothing the odds say: in games re-dealt consistently with
    what the players know (Game.redeal), after random play and a Spotter's look, the odds
    and the danger map are identical."""
    game = Game.new(seed=seed, characters=["spotter", "hawk"])
    rng = random.Random(seed)
    game.apply(rng.choice([a for a in game.legal_actions()]))
    for _ in range(40):
        if game.s.outcome is not None:
            break
        legal = list(game.legal_actions())
        looks = [a for a in legal if a.verb in ("clairvoyance", "order")]
        game.apply(looks[0] if looks and rng.random() < 0.5 else rng.choice(legal))
    floors = [f for f in (1, 2, 3) if game.s.guards[f - 1].placed and game.s.guards[f - 1].die is not None]
    assert floors and game.s.outcome is None
    for f in floors:
        odds = next_destination_odds(game, f)
        dm = danger_map(game, f, turns=2, method="exact")
        for k in range(3):
            other = game.redeal(100 * seed + k)
            assert other.to_dict() != game.to_dict()
            assert next_destination_odds(other, f) == odds
            d2 = danger_map(other, f, turns=2, method="exact")
            assert (d2.enter, d2.end_by_turn, d2.reshuffle) == (dm.enter, dm.end_by_turn, dm.reshuffle)
