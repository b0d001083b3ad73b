"""Every word in the pictures meets WCAG AA contrast (issue 10 §5): 4.5:1 against what it
is drawn on. The check reads the picture's own layout (burgle.pictures.layout): for each
label, the topmost filled shape under its centre, or the white page.

Pictures checked: every step of every lesson (as the tutor draws it, legend included),
the explorer's floor with alarms, a seen player and the die, its traffic map, and the
Building view of games played by random moves (the sandbox)."""

from __future__ import annotations

import random

import pytest

from burgle.engine.game import Game
from burgle.lessons import load_all
from burgle.pictures import layout, scene
from burgle.pictures.layout import Box, Dot, Label, Poly
from burgle.web.tutor.session import LessonSession

AA = 4.5


def luminance(colour: str) -> float:
    h = colour.lstrip("#")[:6]
    rgb = [int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def over_white(colour: str) -> str:
    """A '#RRGGBBAA' fill as it shows on white."""
    h = colour.lstrip("#")
    if len(h) != 8:
        return colour
    a = int(h[6:], 16) / 255
    return "#" + "".join(f"{round(int(h[i:i + 2], 16) * a + 255 * (1 - a)):02X}" for i in (0, 2, 4))


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(over_white(a)), luminance(over_white(b))), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def covers(item, x: float, y: float) -> bool:
    if isinstance(item, Box):
        return item.x <= x <= item.x + item.w and item.y <= y <= item.y + item.h
    if isinstance(item, Dot):
        return (x - item.x) ** 2 + (y - item.y) ** 2 <= item.r ** 2
    pts, inside = item.points, False
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            inside = not inside
    return inside


def low_contrast(sc) -> set[tuple]:
    """(role, text colour, background, ratio) of each label under AA in the scene's layout."""
    items = layout(sc).items
    fills = [i for i in items if isinstance(i, (Box, Dot, Poly)) and i.face not in ("none", "")]
    bad = set()
    for label in (i for i in items if isinstance(i, Label)):
        under = [f for f in fills if f.z <= label.z and covers(f, label.x, label.y)]
        ground = max(under, key=lambda f: f.z).face if under else "#FFFFFF"
        ratio = contrast(label.color, ground)
        if ratio < AA:
            bad.add((label.role, label.color, ground, round(ratio, 2)))
    return bad


def test_every_word_of_every_lesson_picture_meets_aa():
    bad = set()
    for lesson in load_all():
        for k in range(len(lesson.steps)):
            bad |= low_contrast(LessonSession(lesson, k).scene())
    assert not bad, sorted(bad)


def test_the_explorer_and_its_traffic_map_meet_aa():
    from burgle.pictures.traffic import traffic_scene
    from burgle.web.explorer.model import Explorer, Player, Setup

    ex = Explorer(Setup(walls=frozenset(), guard=0, destination=15, players=(Player(cell=1, stealth=0),
                                                                              Player(cell=9, stealth=2))))
    ex.toggle_alarm("C1")
    ex.toggle_alarm("A4")
    assert not low_contrast(ex.scene()), sorted(low_contrast(ex.scene()))
    assert not low_contrast(ex.traffic_scene())


@pytest.mark.parametrize("seed", range(4))
def test_the_building_view_of_played_games_meets_aa(seed):
    rng = random.Random(seed)
    game = Game.new(seed=seed, characters=["hawk", "peterman"])
    bad = set()
    for _ in range(60):
        actions = game.legal_actions()
        if not actions or game.is_over:
            break
        game.apply(rng.choice(actions))
        bad |= low_contrast(scene(game, floors=(1, 2, 3)))
    assert not bad, sorted(bad)
