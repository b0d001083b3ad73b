"""The routing explorer's model (burgle.web.explorer.model): edits, refusals, and what it answers."""

from __future__ import annotations

import random

import pytest

from burgle.analysis.guard_forecast import forecast
from burgle.geometry.board import index_name, orthogonal_neighbours, parse_index, parse_walls
from burgle.web.explorer.model import (
    ALL_WALLS,
    BANK_JOB,
    Explorer,
    ExplorerError,
    Player,
    Setup,
    parse_explorer_cell,
)
from burgle.geometry.routing import explain_route, route_table


def names(cells):
    return [index_name(c) for c in cells]


def ix(name: str) -> int:
    return parse_index(name)


# ----------------------------------------------------------------------------- the route


def test_default_setup_shows_the_rulebook_tie_break_route():
    ex = Explorer()
    plan = ex.plan()
    # guard-route-vectors.txt: F1 A1>D2: A2 B2 B1 C1 D1 D2
    assert plan.route_names == ("A2", "B2", "B1", "C1", "D1", "D2")
    assert [names(r) for r in plan.alternatives] == [["A2", "B2", "C2", "C3", "D3", "D2"]]
    assert plan.proofs == tuple(explain_route(route_table(BANK_JOB[1]), 0, 7))
    words = " ".join(plan.explanation_lines())
    assert "At B2 he could step to B1 or C2" in words and "left-hand branch" in words
    assert "GUARD-9" in words
    assert plan.moves[0].names == ("A2", "B2") and plan.stop == ix("B2")
    assert plan.moves[0].mp_text == "die 2 = 2 MP"


def test_rulebook_example_open_floor_d3_to_a1_steps_west():
    ex = Explorer(Setup(walls=frozenset(), guard=ix("D3"), destination=ix("A1")))
    assert ex.plan().route_names == ("C3", "B3", "A3", "A2", "A1")  # GUARD-10 example 1


def test_single_route_says_there_is_nothing_to_decide():
    ex = Explorer(Setup(walls=frozenset(), guard=ix("A1"), destination=ix("A3")))
    plan = ex.plan()
    assert plan.alternatives == () and plan.proofs == ()
    assert "nothing to decide" in plan.explanation_lines()[0]


@pytest.mark.parametrize("seed", range(40))
def test_first_move_is_the_engine_forecast(seed):
    """Move 1 is exactly burgle.analysis.guard_forecast on the same position."""
    rng = random.Random(seed)
    walls = rng.choice([BANK_JOB[1], BANK_JOB[2], BANK_JOB[3], frozenset()])
    ex = Explorer(Setup(floor=rng.choice([1, 2, 3]), walls=walls, speed=rng.randint(1, 6)))
    # place things through the checked edits, in a random order
    cells = list(range(16))
    rng.shuffle(cells)
    if cells[0] != ex.setup.destination:
        ex.place_guard(cells[0])
    for c in cells[1:rng.randint(1, 5)]:
        try:
            ex.toggle_alarm(c)
        except ExplorerError:
            pass
    for c in cells[6:6 + rng.randint(0, 2)]:
        ex.toggle_player(c)
    if ex.plan().question is not None:
        ex.choose_alarm(ex.plan().question.tied[-1])
    plan = ex.plan()
    fc = forecast(ex.game(), ex.setup.floor)
    base = 16 * (ex.setup.floor - 1)
    known = tuple(c - base for c in fc.path)
    if fc.complete or not fc.tie:
        assert plan.moves[0].path == known
        assert plan.moves[0].end == fc.end - base
        assert plan.moves[0].complete == fc.complete
    elif plan.moves[0].answered:  # the players answered the tie in the middle of the move: it goes on
        assert plan.moves[0].path[:len(known)] == known
    else:  # the tie is asked: the move is known up to it
        assert plan.moves[0].path == known and not plan.moves[0].complete
        assert plan.question.move == 1 and plan.question.tied == tuple(c - base for c in fc.tie)


@pytest.mark.parametrize("seed", range(30))
def test_moves_walk_adjacent_cells_one_step_per_mp(seed):
    rng = random.Random(100 + seed)
    ex = Explorer(Setup(walls=rng.choice(list(BANK_JOB.values())), guard=5, destination=10,
                        speed=rng.randint(1, 6)), turns=6)
    for c in rng.sample([c for c in range(16) if c != 5], rng.randint(0, 4)):
        ex.toggle_alarm(c)
    while ex.plan().question is not None:
        ex.choose_alarm(ex.plan().question.tied[0])
    layout_walls = ex.setup.walls
    here = ex.setup.guard
    alarms = set(ex.setup.alarms)
    for m in ex.plan().moves:
        assert m.start == here
        assert m.mp == ex.setup.speed + len(alarms)  # GUARD-6, alarms left at the start of the move
        for st in m.steps:
            assert st.cell in orthogonal_neighbours(here)
            assert (min(here, st.cell), max(here, st.cell)) not in layout_walls
            here = st.cell
            if st.alarm_off:
                alarms.discard(st.cell)
        assert m.end == here
        if m.complete:
            assert len(m.steps) == m.mp
        else:
            assert len(m.steps) < m.mp


# ----------------------------------------------------------------------------- alarms (ALARM-3)


def test_an_alarm_takes_his_die_to_the_nearest_alarm():
    ex = Explorer(Setup(walls=frozenset(), guard=ix("A1"), destination=ix("D4")))
    note = ex.toggle_alarm("C1")
    assert ex.setup.destination == ix("C1") and "nearest alarm: C1, 2 steps" in note
    ex.toggle_alarm("A4")  # 3 away: the die stays on C1 (ALARM-3 picks the nearest)
    assert ex.setup.destination == ix("C1")
    plan = ex.plan()
    assert [(a.name, a.distance, a.nearest, a.destination) for a in plan.alarms] == [
        ("C1", 2, True, True), ("A4", 3, False, False)]
    assert plan.mp == 2 + 2 and plan.mp_text == "die 2 + 2 alarms = 4 MP"


def test_equally_near_alarms_are_the_players_choice():
    ex = Explorer(Setup(walls=frozenset(), guard=ix("B2"), destination=ix("D4")))
    ex.toggle_alarm("B4")
    note = ex.toggle_alarm("D2")
    assert "equally near" in note and ex.setup.destination is None
    plan = ex.plan()
    assert plan.question is not None and plan.question.move == 0
    assert names(plan.question.tied) == ["D2", "B4"] and "ALARM-3" in plan.question.prompt
    assert plan.moves == () and "choice" in plan.ending
    with pytest.raises(ExplorerError, match="not one of the tied alarms"):
        ex.choose_alarm("A1")
    ex.choose_alarm("B4")
    assert ex.setup.destination == ix("B4") and ex.plan().question is None
    with pytest.raises(ExplorerError, match="no choice to make"):
        ex.choose_alarm("B4")


def test_a_tie_in_the_middle_of_a_move_is_asked_and_the_answer_continues_the_move():
    # open floor: A1 -> B1 (alarm, 1 away), then D1 and B3 are both 2 away with 3 MP left
    ex = Explorer(Setup(walls=frozenset(), guard=ix("A1"), destination=ix("D4"), speed=1))
    for c in ("B1", "D1", "B3"):
        ex.toggle_alarm(c)
    assert ex.setup.destination == ix("B1")
    plan = ex.plan()
    q = plan.question
    assert (q.move, index_name(q.at), names(q.tied), q.mp_left) == (1, "B1", ["D1", "B3"], 3)
    assert plan.moves[0].names == ("B1",) and not plan.moves[0].complete
    ex.choose_alarm("D1")
    m = ex.plan().moves[0]
    assert m.names == ("B1", "C1", "D1", "D2") and m.complete and len(m.steps) == m.mp == 4
    assert m.answered == ((( ix("D1"), ix("B3")), ix("D1")),)
    # the answer is forgotten when the setup changes
    ex.set_speed(2)
    assert ex.choices == {}


def test_removing_alarms():
    ex = Explorer(Setup(walls=frozenset(), guard=ix("A1"), destination=ix("D4")))
    ex.toggle_alarm("B1")
    ex.toggle_alarm("D4")
    assert ex.setup.destination == ix("B1")
    note = ex.toggle_alarm("B1")  # the die's alarm goes: ALARM-5, the nearest remaining one
    assert ex.setup.destination == ix("D4") and "nearest alarm: D4" in note
    note = ex.toggle_alarm("D4")  # none left: the die stays (a patrol card in a game)
    assert ex.setup.alarms == frozenset() and ex.setup.destination == ix("D4") and "patrol card" in note


# ----------------------------------------------------------------------------- players


def test_players_are_seen_and_caught():
    ex = Explorer(Setup(walls=frozenset(), guard=ix("A1"), destination=ix("A4"), speed=3))
    ex.toggle_player("A2")
    ex.toggle_player("A3")
    ex.set_stealth(1, 0)
    plan = ex.plan()
    m = plan.moves[0]
    assert m.steps[0].seen == (0,) and m.steps[1].captured == 1
    assert m.names == ("A2", "A3") and m.captured == 1
    assert "caught" in plan.ending and "END-4" in plan.ending
    assert "sees player 1" in m.text()


def test_at_most_four_players():
    ex = Explorer()
    for c in ("A2", "A3", "A4", "B4"):
        ex.toggle_player(c)
    with pytest.raises(ExplorerError, match="at most 4"):
        ex.toggle_player("C4")
    ex.toggle_player("A3")  # a second click takes the player off
    assert [p.cell for p in ex.setup.players] == [ix("A2"), ix("A4"), ix("B4")]


# ----------------------------------------------------------------------------- refusals


def refused(ex: Explorer, edit, match: str):
    before = (ex.setup, dict(ex.choices), ex.turns)
    with pytest.raises(ExplorerError, match=match):
        edit()
    assert (ex.setup, dict(ex.choices), ex.turns) == before


def test_walls_that_cut_the_floor_apart_are_refused_and_the_walls_kept():
    ex = Explorer()
    refused(ex, lambda: ex.set_walls("A1|B1, A1/A2"), r"cut the floor apart: A1 cannot be reached.*GUARD-8")
    refused(ex, lambda: ex.toggle_wall("A1/A2"), "cut the floor apart")  # A1|B1 is a Bank Job wall
    ex2 = Explorer(Setup(walls=frozenset()))
    refused(ex2, lambda: ex2.set_walls("B1|C1, B2|C2, B3|C3, B4|C4"), "cut the floor apart")


def test_bad_wall_text_is_refused():
    ex = Explorer()
    refused(ex, lambda: ex.set_walls("A1|C1"), r"'\|' joins a cell and the cell to its right")
    refused(ex, lambda: ex.set_walls("A1-B1"), "malformed wall")
    refused(ex, lambda: ex.toggle_wall("E1|F1"), "malformed wall")


def test_bad_cells_are_refused_with_a_clear_message():
    ex = Explorer()
    refused(ex, lambda: ex.place_guard("A1|B1"), "is a wall, not a cell")
    refused(ex, lambda: ex.place_guard("E5"), "not a cell")
    refused(ex, lambda: ex.place_guard("2C3"), "on floor 2, but the explorer shows floor 1")
    refused(ex, lambda: ex.place_guard(16), "not a cell of the floor")
    refused(ex, lambda: ex.place_guard("D2"), "holds his die")
    ex.toggle_alarm("C1")
    refused(ex, lambda: ex.place_guard("C1"), "never stands on an alarm")
    refused(ex, lambda: ex.toggle_alarm("A1"), "guard's own cell")
    refused(ex, lambda: ex.set_destination("B4"), "sits on one of them")
    refused(ex, lambda: ex.set_destination("A1"), "never shares his cell")
    refused(ex, lambda: ex.set_speed(7), "1 to 6")
    refused(ex, lambda: ex.set_speed("fast"), "1 to 6")
    refused(ex, lambda: ex.set_turns(0), "1 to 6")
    refused(ex, lambda: ex.use_floor(4), "does not exist")
    refused(ex, lambda: ex.command("teleport A1"), "Unknown command")
    refused(ex, lambda: ex.command("guard"), "needs a value")


def test_setup_check_catches_what_edits_never_build():
    with pytest.raises(ExplorerError, match="never stands on an alarm"):
        Setup(alarms=frozenset({0}), destination=0).check()
    with pytest.raises(ExplorerError, match="at most 4"):
        Setup(players=tuple(Player(c) for c in range(5))).check()
    with pytest.raises(ExplorerError, match="die shows 1 to 6"):
        Setup(speed=0).check()


def test_parse_explorer_cell():
    assert parse_explorer_cell("c3") == ix("C3")
    assert parse_explorer_cell(" 1C3 ", floor=1) == ix("C3")
    assert parse_explorer_cell(5) == 5
    with pytest.raises(ExplorerError, match="wall"):
        parse_explorer_cell("C1/C2")


# ----------------------------------------------------------------------------- editing


def test_walls_by_floor_text_and_toggle():
    ex = Explorer()
    ex.use_floor(2)
    assert ex.setup.walls == BANK_JOB[2] and ex.setup.floor == 2 and ex.setup.wall_set_name == "Bank Job floor 2"
    ex.open_floor()
    assert ex.setup.walls == frozenset() and ex.setup.wall_set_name == "Open floor"
    assert ex.toggle_wall("B2/B3") == "Wall B2/B3 added."
    assert ex.setup.walls == parse_walls("B2/B3") and ex.setup.wall_set_name == "Your walls"
    assert ex.toggle_wall((ix("B2"), ix("B3"))) == "Wall B2/B3 removed."
    ex.set_walls("A1|B1; C1/C2")
    assert ex.setup.walls_text == "A1|B1, C1/C2"
    assert len(ALL_WALLS) == 24


def test_commands():
    ex = Explorer(Setup(walls=frozenset()))
    ex.command("guard C3")
    ex.command("die A1")
    ex.command("speed 4")
    ex.command("player D4")
    ex.command("wall A1|B1")
    ex.command("turns 2")
    assert (ex.setup.guard, ex.setup.destination, ex.setup.speed) == (ix("C3"), ix("A1"), 4)
    assert ex.setup.players == (Player(ix("D4")),) and ex.setup.walls == parse_walls("A1|B1") and ex.turns == 2
    ex.command("alarm B3")
    assert ex.setup.destination == ix("B3")
    ex.command("floor 3")
    assert ex.setup.walls == BANK_JOB[3]
    ex.command("open")
    assert ex.setup.walls == frozenset()
    ex.command("walls")  # no walls at all
    assert ex.setup.walls == frozenset()


# ----------------------------------------------------------------------------- next moves


def test_next_moves_until_a_patrol_card():
    plan = Explorer().plan()  # A1 -> D2 (6 steps), 2 MP: three moves, then a card
    assert [m.names for m in plan.moves] == [("A2", "B2"), ("B1", "C1"), ("D1", "D2")]
    assert "patrol card" in plan.ending
    ex = Explorer(turns=2)
    assert len(ex.plan().moves) == 2 and "Showing 2 moves" in ex.plan().ending


def test_next_moves_follow_the_alarms():
    ex = Explorer(Setup(walls=frozenset(), guard=ix("A1"), destination=ix("D4"), speed=1), turns=4)
    ex.toggle_alarm("D1")
    ex.toggle_alarm("A4")  # D1 and A4 are both 3 away: the players choose
    ex.choose_alarm("D1")
    moves = ex.plan().moves
    assert moves[0].names == ("B1", "C1", "D1") and moves[0].destination_after == ix("A4")
    assert moves[1].mp == 2  # one alarm left
    assert moves[-1].steps[-1].name == "A4" or not moves[-1].complete


# ----------------------------------------------------------------------------- picture and odds


def test_scene_shows_route_stop_later_moves_and_alarms():
    ex = Explorer()
    ex.toggle_alarm("C3")
    ex.toggle_player("B2")
    sc = ex.scene()
    fs = sc.floor(1)
    r = fs.route
    assert r.badge_names == (("1A2", "1"), ("1B2", "2"), ("1C2", "3"))
    assert r.stop_name == "1C2" and r.sightings == ((5, "sees 1"),)
    assert fs.cell("1C3").note == "T2?" and fs.alarm_labels == {"1C3": "4 away"}
    assert fs.header[1] == "His next move: die 2 + 1 alarm = 3 MP"
    svg = ex.svg()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg and ex.svg() is svg  # cached
    assert "Route from A1 to his destination C3" in fs.alt_text


def test_patrol_odds_and_danger_map():
    ex = Explorer()
    view = ex.patrol()
    assert view is not None and not view.error
    assert sum(view.destination.values()) == 1
    assert view.destination[ix("D2")] == 0  # his die's card lies face up
    for c in ("A2", "B2", "B1", "C1", "D1", "D2"):  # his next 3 moves are certain
        assert view.enter[ix(c)] == 1
    assert view.discard == (ix("D2"),) and view.turns == 3
    ex.set_seen_cards("A1 b3")
    assert ex.patrol().discard == (ix("A1"), ix("B3"), ix("D2"))
    assert ex.patrol().destination[ix("B3")] == 0
    with pytest.raises(ExplorerError, match="appears twice"):
        ex.set_seen_cards("A1 A1")
    with pytest.raises(ExplorerError, match="1 to 4"):
        ex.set_crew(5)
    ex.set_crew(4)
    assert ex.patrol().crew == 4


def test_the_page_says_what_the_danger_map_leaves_out():
    """Issue 11, section 4: new alarms and Events between his moves are not in the danger
    map, and the explorer's page says so, in the analysis module's own words."""
    from burgle.analysis.patrol import LEFT_OUT

    view = Explorer().patrol()
    assert view.left_out == LEFT_OUT and "no new alarms" in LEFT_OUT and "no Events" in LEFT_OUT
    pytest.importorskip("ipywidgets")
    from burgle.web.explorer.app import patrol_html

    ex = Explorer()
    assert LEFT_OUT in patrol_html(ex.patrol(), ex.setup, "enter").replace("&#x27;", "'")


def test_patrol_waits_for_the_players_choice():
    ex = Explorer(Setup(walls=frozenset(), guard=ix("B2"), destination=ix("D4")))
    ex.toggle_alarm("B4")
    ex.toggle_alarm("D2")
    assert "choice" in ex.patrol().error
