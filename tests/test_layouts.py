"""Jobs and floor layouts against RULES.md: SETUP-1, SETUP-3, SETUP-5, JOB-1, JOB-2, JOB-3,
JOB-5. The rules' text is parsed from docs/rules/RULES.md through burgle.data.rules, so a
change there that the data does not follow fails here."""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter

import numpy as np
import pytest

from burgle.data.jobs import JOBS, UnknownJobError, get_job
from burgle.data.rules import RULES
from burgle.data.tiles import TILE_COPIES, TILE_TYPES
from burgle.engine.chance import Chance
from burgle.geometry import layouts as L
from burgle.geometry.board import parse_wall, parse_walls, wall_name

# ----------------------------------------------------------------------------- the rules' text


def rule_walls(rule: str) -> dict[int, frozenset]:
    """Per floor, the walls a rule lists as 'floor N: W, W, ...' (SETUP-3, JOB-2)."""
    text = RULES[rule].text.split("```")[0]
    found = re.findall(r"[Ff]loor (\d): ((?:[A-D][1-4][|/][A-D][1-4](?:, )?)+)", text)
    assert found, f"no wall list found in {rule}"
    return {int(f): parse_walls(spec) for f, spec in found}


def drawn_walls() -> dict[int, frozenset]:
    """The walls of SETUP-3's ASCII drawing, read from the picture itself."""
    block = RULES["SETUP-3"].text.split("```")[1].strip("\n").splitlines()
    lines = block[1:]  # under the "Floor 1  Floor 2  Floor 3" heading
    out = {}
    for f in range(3):
        x0 = 21 * f
        walls = set()
        for r in range(4):
            cells = lines[2 * r + 1][x0:x0 + 17]
            below = lines[2 * r + 2][x0:x0 + 17]
            for c in range(3):
                if cells[4 * (c + 1)] == "|":
                    walls.add((4 * r + c, 4 * r + c + 1))
            for c in range(4):
                if r < 3 and below[4 * c + 1:4 * c + 4] == "---":
                    walls.add((4 * r + c, 4 * r + c + 4))
        out[f + 1] = frozenset(walls)
    return out


def known_codes() -> dict[str, str]:
    """JOB-5's known codes: job name -> building code."""
    return dict(re.findall(r"(The \w+ Job) = `([0-9a-v ]+)`", RULES["JOB-5"].text))


def setup_1_copies() -> Counter:
    """SETUP-1's table as a multiset of (tile name, number)."""
    out: Counter = Counter()
    for name, copies, numbers in re.findall(r"^\| ([^|]+?) \| (\d+) \| ([^|]+?) \|", RULES["SETUP-1"].text, re.M):
        name = re.sub(r"\s*\(.*\)$", "", name)
        nums = [None] * int(copies) if numbers == "none" else [int(n) for n in numbers.split(",")]
        assert len(nums) == int(copies)
        out.update((name, n) for n in nums)
    return out


def job_1_copies() -> Counter:
    """JOB-1's list of The Office Job's tiles, as (tile name, number), Safes and Stairs included."""
    text = RULES["JOB-1"].text
    out: Counter = Counter()
    family = ""
    for item in re.search(r"The 28: (.*?)\. No Atrium", text).group(1).split("; "):
        # "Computer Room – Fingerprint 4, – Laser 5, – Motion 6" names three tiles
        for chunk in re.split(r", (?=– )", item):
            name, numbers = re.match(r"(.*?) ((?:\d, )*\d)$", chunk).groups()
            if name.startswith("– "):
                name = f"{family} {name}"
            elif "–" in name:
                family = name.split(" –")[0]
            out.update((name, int(n)) for n in numbers.split(", "))
    assert sum(out.values()) == int(re.search(r"(\d+) tiles plus", text).group(1)) == 28
    safes, stairs, *numbers = re.search(r"plus (\d) Safes and (\d) Stairs \(the Stairs numbered (\d) and (\d)\)",
                                        text).groups()
    out[("Safe", None)] += int(safes)
    out.update(("Stairs", int(n)) for n in numbers)
    assert len(numbers) == int(stairs)
    return out


NAME = {t.key: t.name for t in TILE_TYPES}


def named(copies) -> Counter:
    return Counter((NAME[k], n) for k, n in copies)


# ----------------------------------------------------------------------------- the jobs' data


def test_bank_job_walls_are_setup_3_and_its_drawing():
    listed, drawn = rule_walls("SETUP-3"), drawn_walls()
    assert listed == drawn  # the spec's list and picture agree
    assert L.job_walls("bank") == (listed[1], listed[2], listed[3])
    for f, names in enumerate(get_job("bank").walls, 1):  # written in the rules' own order
        assert ", ".join(names) in RULES["SETUP-3"].text
        assert L.layout_text(listed[f]) == ", ".join(names)


def test_office_job_walls_are_job_2():
    listed = rule_walls("JOB-2")
    assert L.job_walls("office") == (listed[1], listed[2])


def test_job_codes_are_job_5_both_ways():
    codes = known_codes()
    assert codes == {"The Bank Job": "703h1 e0607 81ll0", "The Office Job": "190m3 11hu0"}
    for job in JOBS.values():
        assert L.job_code(job) == codes[job.name]
        assert L.decode_building(codes[job.name], floors=job.floors) == L.job_walls(job)
        for walls, code in zip(L.job_walls(job), codes[job.name].split()):
            assert L.encode(walls) == code and L.decode(code) == walls


def test_bank_job_tiles_are_setup_1_and_dice_setup_5():
    bank = get_job("bank")
    assert named(bank.tiles) == setup_1_copies()
    assert bank.tiles == TILE_COPIES  # the master order, so seeded deals stay as they were
    assert bank.floors == 3 and bank.top_floor == 3 and bank.pile_size == 14
    dice = [int(d) for d in re.findall(r"shows (\d)", RULES["SETUP-5"].text)]
    assert bank.guard_dice == tuple(dice) == (2, 3, 4)


def test_office_job_tiles_floors_and_dice_are_job_1():
    office, text = get_job("office"), RULES["JOB-1"].text
    assert named(office.tiles) == job_1_copies()
    assert office.count("atrium") == office.count("detector") == 0  # "No Atrium and no Detector"
    assert office.floors == int(re.match(r"(\d) floors", text).group(1)) == 2
    assert office.pile_size == int(re.search(r"into 2 piles of (\d+)", text).group(1)) == 14
    dice = re.search(r"Guard dice: floor 1 shows (\d), floor 2 shows (\d)", text).groups()
    assert office.guard_dice == tuple(int(d) for d in dice) == (2, 3)
    assert office.count("safe") == office.count("stairs") == office.floors  # JOB-4: all F Safes
    master = iter(TILE_COPIES)
    assert all(copy in master for copy in office.tiles)  # in the master order, as a seeded deal needs


def test_unknown_job_is_refused_with_the_known_ones():
    with pytest.raises(UnknownJobError, match=r"unknown job 'fort knox'; the jobs are bank \(The Bank Job\), "
                                              r"office \(The Office Job\)"):
        get_job("fort knox")
    with pytest.raises(UnknownJobError):
        L.job_walls("casino")
    assert get_job(" Office ") is JOBS["office"]


# ----------------------------------------------------------------------------- positions and codes


def test_positions_follow_job_5_reading_order():
    names = [wall_name(w) for w in L.POSITIONS]
    assert len(names) == 24 and len(set(names)) == 24
    assert names[0] == "A1|B1" and names[23] == "C4|D4"  # JOB-5
    assert names[:7] == ["A1|B1", "B1|C1", "C1|D1", "A1/A2", "B1/B2", "C1/C2", "D1/D2"]
    assert names[21:] == ["A4|B4", "B4|C4", "C4|D4"]
    # every pair of side-sharing cells is one position: the 24 interior walls of a 4x4 floor
    assert set(L.POSITIONS) == {(a, b) for a in range(16) for b in range(a + 1, 16)
                                if (b == a + 1 and a % 4 < 3) or b == a + 4}


def test_code_bits_least_significant_last():
    assert L.encode({parse_wall("A1|B1")}) == "00001"  # bit 0 in the last character
    assert L.encode({L.POSITIONS[5]}) == "00010"  # bit 5: the character before it
    assert L.encode({L.POSITIONS[23]}) == "80000"  # bit 23: 4th bit of the first character
    assert L.encode(frozenset(L.POSITIONS)) == "fvvvv"


def test_codes_round_trip_and_read_upper_case():
    chance = Chance(3)
    for _ in range(300):
        walls = L.random_layout(chance)
        code = L.encode(walls)
        assert L.decode(code) == walls and L.decode(code.upper()) == walls
        assert L.layout_text(walls) == ", ".join(wall_name(w) for w in sorted(walls, key=L.POSITION_OF.get))
        assert L.parse_layout(L.layout_text(walls)) == walls


@pytest.mark.parametrize("code, message", [
    ("703h", r"has 4 characters; a floor's code has 5"),
    ("703h12", r"has 6 characters"),
    ("", r"has 0 characters"),
    ("70-h1", r"'-' is not a base-32 digit 0-9 or a-v"),
    ("703w1", r"'w' is not a base-32 digit"),
    ("g03h1", r"wall position 24 or beyond.*outer border is always walled"),
])
def test_bad_codes_are_refused(code, message):
    with pytest.raises(L.LayoutError, match=message):
        L.decode(code)


@pytest.mark.parametrize("walls, message", [
    ("A1|B1, C1/C2, C2|D2, A2/A3, B2/B3, D3/D4, A4|B4", r"^7 walls; a layout has exactly 8 walls per floor \(JOB-3\)"),
    ("A1|B1, C1/C2, C2|D2, A2/A3, B2/B3, D3/D4, A4|B4, B4|C4, C4|D4", r"^9 walls"),
    ("A1|B1, A1/A2, C1/C2, C2|D2, B2/B3, D3/D4, A4|B4, B4|C4", r"cut off A1 from the other 15 cells"),
    ("A1|B1, A1/A2, C4|D4, D3/D4, B2/B3, D1/D2, A3|B3, B1|C1",
     r"cut off A1 and D4 from the other 14 cells"),
    ("A1/A2, B1/B2, C1/C2, D1/D2, A3|B3, B3|C3, C3|D3, A4|B4", r"cut off A1, B1, C1, D1 from the other 12 cells"),
])
def test_bad_layouts_are_refused_naming_what_is_wrong(walls, message):
    with pytest.raises(L.LayoutError, match=message):
        L.check_layout(L.parse_layout(walls))


@pytest.mark.parametrize("text, message", [
    ("D1|E1", r"'D1\|E1' is on the outer border, which is always walled"),
    ("A4/A5", r"on the outer border"),
    ("A0/A1", r"on the outer border"),
    ("A1|C1", r"malformed wall 'A1\|C1'"),
    ("B1|A1", r"malformed wall 'B1\|A1': '\|' joins a cell and the cell to its right"),
    ("A1|B1, a1|b1", r"is written twice"),
])
def test_bad_wall_writing_is_refused(text, message):
    with pytest.raises(L.LayoutError, match=message):
        L.parse_layout(text)


def test_building_walls_from_every_form():
    office = L.job_walls("office")
    assert L.building_walls(job="office") == office
    assert L.building_walls("190m3 11hu0", job="office") == office
    assert L.building_walls(["190m3", L.layout_text(office[1])], job="office") == office
    assert L.building_walls([set(office[0]), office[1]], job="office") == office
    assert L.building_walls("random", job="office", chance=Chance(5)) == L.random_building(Chance(5), 2)
    with pytest.raises(L.LayoutError, match=r"gives 3 floor code\(s\), but the building has 2 floors"):
        L.building_walls("703h1 e0607 81ll0", job="office")
    with pytest.raises(L.LayoutError, match=r"^floor 2: layout code 'e06' has 3 characters"):
        L.building_walls(["703h1", "e06", "81ll0"])
    with pytest.raises(L.LayoutError, match=r"^floor 3 \(code '00000'\): 0 walls"):
        L.building_walls("703h1 e0607 00000")
    with pytest.raises(L.LayoutError, match="random walls need"):
        L.building_walls("random")


# ----------------------------------------------------------------------------- all layouts


def _symmetries():
    """The 8 symmetries of the square, as permutations of the 16 cells."""
    def rot(i):  # quarter turn
        r, c = divmod(i, 4)
        return 4 * c + (3 - r)

    def flip(i):
        r, c = divmod(i, 4)
        return 4 * r + (3 - c)
    out = []
    for k in range(4):
        for m in (False, True):
            def perm(i, k=k, m=m):
                for _ in range(k):
                    i = rot(i)
                return flip(i) if m else i
            out.append(perm)
    return out


def test_all_valid_layouts_counted_by_a_second_method():
    """175,264: the Gosper/flood-fill enumeration against every 8-of-24 choice checked with
    numpy (a different flood fill), and closed under the square's 8 symmetries."""
    layouts = L.all_layouts()
    assert len(layouts) == len(set(layouts)) == L.VALID_LAYOUTS == 175_264
    assert list(layouts) == sorted(layouts)
    combos = np.array(list(itertools.combinations(range(24), 8)), dtype=np.int64)
    masks = (np.int64(1) << combos).sum(axis=1)
    assert len(masks) == math.comb(24, 8) == 735_471
    from burgle.analysis.layout_stats import _sides  # the statistics' own open-side masks

    east, south = _sides(masks)
    reach = np.ones(len(masks), dtype=np.uint16)
    for _ in range(16):
        reach = reach | ((reach & east) << 1) | ((reach >> 1) & east) | ((reach & south) << 4) | ((reach >> 4) & south)
    assert sorted(masks[reach == 0xFFFF].tolist()) == list(layouts)
    valid = set(layouts)
    for perm in _symmetries():
        moved = {L.mask_of({tuple(sorted((perm(a), perm(b)))) for a, b in L.walls_of(m)}) for m in layouts[::97]}
        assert moved <= valid


def exact_shares() -> list[float]:
    """Per position, the share of valid layouts with a wall there (exact, by enumeration)."""
    counts = [0] * 24
    for m in L.all_layouts():
        while m:
            low = m & -m
            counts[low.bit_length() - 1] += 1
            m ^= low
    return [c / L.VALID_LAYOUTS for c in counts]


def test_corner_positions_are_walled_less_often_than_central_ones():
    share = exact_shares()
    corner = L.POSITION_OF[parse_wall("A1|B1")]  # a wall touching a corner cell
    central = L.POSITION_OF[parse_wall("B2/B3")]  # between two central cells
    assert share[corner] < share[central]
    assert abs(sum(share) - 8) < 1e-12  # 8 walls per layout
    # the square's symmetries map positions with equal shares onto each other
    assert len({round(s, 12) for s in share}) == 4


# ----------------------------------------------------------------------------- random layouts

ALPHA = 1e-3  # the chance that a correct generator fails test_random_layouts_are_uniform (any seed)
DRAWS = 20_000


def binomial_two_sided(k: int, n: int, p: float) -> float:
    """Exact two-sided binomial p-value (doubling the smaller tail), in log space."""
    logs = [math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) + i * math.log(p)
            + (n - i) * math.log1p(-p) for i in range(n + 1)]
    top = max(logs)
    pmf = [math.exp(x - top) for x in logs]
    total = sum(pmf)
    low, high = sum(pmf[:k + 1]) / total, sum(pmf[k:]) / total
    return min(1.0, 2 * min(low, high))


def worst_position(draw) -> tuple[float, int]:
    """Draw DRAWS layouts; per position, the exact binomial p-value of its wall count
    against the exact share; return the smallest, with its position."""
    counts = [0] * 24
    for _ in range(DRAWS):
        m = L.mask_of(draw())
        for k in range(24):
            counts[k] += m >> k & 1
    share = exact_shares()
    return min((binomial_two_sided(counts[k], DRAWS, share[k]), k) for k in range(24))


def naive_layout(chance) -> frozenset:
    """The tempting generator: add walls one at a time at random free positions, skipping
    any that would cut a cell off. It always ends with a valid layout, but not uniformly."""
    mask = 0
    while mask.bit_count() < 8:
        grown = mask | 1 << chance.below(24)
        if grown != mask and L._reach(*L._open_sides(grown), 1) == 0xFFFF:  # nothing cut off
            mask = grown
    return L.walls_of(mask)


def test_random_layouts_are_valid_and_seeded():
    building = L.random_building(Chance(9), 3)
    assert building == L.random_building(Chance(9), 3)  # same seed, same walls
    assert building != L.random_building(Chance(10), 3)
    assert building[0] == L.random_layout(Chance(9))  # floor 1 is drawn first
    chance = Chance(1)
    for _ in range(200):
        assert L.is_valid_mask(L.mask_of(L.check_layout(L.random_layout(chance))))


def test_random_layouts_are_uniform_per_position():
    """JOB-3: each position's wall count over 20,000 draws against its exact share (exact
    binomial tests, Bonferroni over the 24 positions: a correct generator fails with
    chance at most ALPHA = 0.1% for a random seed; seed 12 is fixed)."""
    chance = Chance(12)
    p, k = worst_position(lambda: L.random_layout(chance))
    assert p > ALPHA / 24, f"position {wall_name(L.POSITIONS[k])}: p = {p:.2e}"


def test_adding_walls_one_at_a_time_is_measurably_not_uniform():
    """The same test, same size, rejects the one-wall-at-a-time generator (it walls the
    corners too often): its worst position is far beyond the threshold."""
    chance = Chance(12)
    p, k = worst_position(lambda: naive_layout(chance))
    assert p < ALPHA / 24 / 1000, f"worst position {wall_name(L.POSITIONS[k])}: p = {p:.2e}"


def test_unrank_is_the_numeric_order_of_8_wall_masks():
    """The draw picks rank r of the 735,471 placements; rank r is the r-th smallest mask
    with 8 bits (Gosper's order), so every placement has exactly one rank."""
    assert L._unrank(0) == 0xFF and L._unrank(math.comb(24, 8) - 1) == 0xFF << 16
    m = 0xFF
    for r in range(3000):
        assert L._unrank(r) == m
        low = m & -m
        ripple = m + low
        m = ripple | ((m ^ ripple) >> 2) // low
    for r in range(0, math.comb(24, 8), 7919):
        mask = L._unrank(r)
        assert mask.bit_count() == 8 and mask < 1 << 24
        assert sum(math.comb(k, i + 1) for i, k in enumerate(b for b in range(24) if mask >> b & 1)) == r
