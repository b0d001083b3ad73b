"""The bots: they see only the view, never act illegally, never stall (issue 13)."""

from __future__ import annotations

import re

import pytest

from burgle.bots import HeuristicBot, RandomBot, Seat, determinize, new_game, play_game
from burgle.bots.run import run_bot
from burgle.cli import main


def _hidden(game):
    s = game.s
    return ([(t.kind, t.number) for t in s.tiles if not t.revealed],
            [(g.deck, g.removed) for g in s.guards], s.tool_deck, s.loot_deck, s.event_deck)


def _midgame(seed: int, actions: int):
    game = new_game(seed, 2)
    bot = HeuristicBot(seed)
    seat = Seat(game)
    for _ in range(actions):
        if game.is_over:
            break
        game.apply(bot.choose(seat))
    return game


def test_a_seat_shows_the_view_the_legal_actions_apply_and_redeals_only():
    game = new_game(1, 2)
    seat = Seat(game)
    public = {name for name in dir(seat) if not name.startswith("_")}
    assert public == {"view", "legal_actions", "apply", "determinized"}
    assert not hasattr(seat, "__dict__")  # no room to hang the game on
    assert seat.view() == game.view() and seat.legal_actions() == game.legal_actions()


@pytest.mark.parametrize("seed", [3, 8])
def test_a_redeal_keeps_the_view_and_depends_on_nothing_hidden(seed):
    game = _midgame(seed, 25)
    a, b = determinize(game, 1), determinize(game, 2)
    for copy in (a, b):
        assert copy.view() == game.view()
        assert copy.legal_actions() == game.legal_actions()
    assert _hidden(a) != _hidden(b)  # the seed deals the hidden information anew
    assert _hidden(a) != _hidden(game)
    # a twin with the same view but other hidden information re-deals to the same state
    twin = determinize(game, 77)
    assert determinize(twin, 5).to_dict() == determinize(game, 5).to_dict()
    assert game.to_dict() == _midgame(seed, 25).to_dict()  # re-dealing never touched the game


def test_a_game_and_its_redealt_twin_get_the_same_decisions():
    """The bot's choice depends on the view and its seed only: a twin of the game (same
    view, other face-down tiles, deck orders and random state) gets the same decisions."""
    checked = 0
    for seed in (2, 5):
        game = new_game(seed, 2)
        driver = HeuristicBot(seed)
        seat = Seat(game)
        for step in range(60):
            if game.is_over:
                break
            if game.pending is not None and not hasattr(game, "redeal"):
                # the stand-in re-deal drops an open choice (burgle.bots.seat); the
                # engine's Game.redeal keeps it, and then every state is checked
                game.apply(driver.choose(seat))
                continue
            twin = determinize(game, 1000 + step)
            assert _hidden(twin) != _hidden(game) or step == 0
            mine = HeuristicBot(99).choose(Seat(game))
            theirs = HeuristicBot(99).choose(Seat(twin))
            assert mine == theirs, f"seed {seed}, action {step}: {mine} != {theirs}"
            checked += 1
            game.apply(driver.choose(seat))
    assert checked > 50


def test_deliberate_plays_the_game_choose_plays_and_says_why():
    """Benchmarks ask the bot why it acts (``deliberate``); asking must not change the game,
    and every real choice (more than one legal action) comes with a reason."""
    chosen, deliberated = new_game(4, 2), new_game(4, 2)
    plain, talking = HeuristicBot(4), HeuristicBot(4)
    reasons = 0
    for _ in range(80):
        if chosen.is_over:
            break
        legal = deliberated.legal_actions()
        action, reason, redeal = talking.deliberate(Seat(deliberated))
        assert action == plain.choose(Seat(chosen))
        assert redeal.view() == deliberated.view()  # decided on a re-deal of the same view
        assert (reason != "") == (len(legal) > 1), (action, reason, len(legal))
        reasons += reason != ""
        chosen.apply(action)
        deliberated.apply(action)
    assert chosen.to_dict() == deliberated.to_dict() and reasons > 40


@pytest.mark.parametrize("seed", range(12))
def test_the_heuristic_bot_plays_whole_games_legally_and_finishes(seed):
    # every action goes through Game.apply, which raises on an illegal one
    record = play_game(HeuristicBot, seed=seed, players=2, max_actions=2000)
    assert record.outcome in ("won", "lost"), f"seed {seed} stalled at {record.actions} actions"
    assert record.actions < 2000


def test_the_heuristic_bot_steps_off_the_guards_route():
    """The guard walks 1D4 -> 1C4 -> 1B4 (speed 2, die on 1B4): Hawk on 1C4 must not end
    its turn there (END-2b), and a face-up cell off the route is one step away."""
    from burgle.engine import Game

    game = Game.from_scenario({
        "seed": 3,
        "characters": [{"character": "hawk", "cell": "1C4"}],
        "tiles": {"1C4": "foyer 1 revealed", "1C3": "lavatory 5 revealed", "1D3": "walkway 1 revealed"},
        "guards": [{"floor": 1, "cell": "1D4", "die": "1B4", "speed": 2}],
    }, paths=False)
    bot, seat = HeuristicBot(1), Seat(game)
    turn = game.s.turn
    while game.s.turn == turn and not game.is_over:
        game.apply(bot.choose(seat))
    hawk = game.s.characters[0]
    assert game.name(hawk.cell) not in ("1C4", "1B4", "1D4") and hawk.stealth == 3


def test_the_danger_map_draws_from_the_whole_floor_once_the_deck_is_empty():
    """GUARD-4: an empty patrol deck is reshuffled from all 16 cards before the next draw, so
    after his arrival the guard may head anywhere; with cards left he heads for an unseen one.
    Here he walks 1B2 -> 1C2 -> 1C3 -> 1B3 (speed 4, die on 1B3) and has 1 step left: every
    unseen card lies east or south, but columns A and B are in the discard pile."""
    from burgle.bots.heuristic import Plan, Weights
    from burgle.engine import Game
    from burgle.geometry.board import parse_cell

    def danger(deck):
        game = Game.from_scenario({
            "seed": 3,
            "characters": [{"character": "hawk", "cell": "1D1"}],
            "guards": [{"floor": 1, "cell": "1B2", "die": "1B3", "speed": 4}],
        }, paths=False)
        guard = game.s.guards[0]
        guard.discard = tuple(parse_cell(n) for n in
                              ("1A1", "1A2", "1A3", "1A4", "1B1", "1B2", "1B4", "1C1", "1C2", "1C4"))
        guard.deck = tuple(parse_cell(n) for n in deck)
        return Plan(game, Weights()).danger(game, 0)

    west = parse_cell("1A3")
    assert danger(["1D4"]).get(west, 0.0) == 0.0  # his next card is one of the unseen, none west
    assert danger([]).get(west, 0.0) > 0.0  # a reshuffle may send him west


def test_event_aware_ends_price_a_known_crash_where_the_guard_would_reach():
    """Row X1 (``event_aware``, off by default): an end that draws an Event (TURN-4) is priced
    with what the Event adds to the guard's move. Crash! (EVENT-4) sends the guard (1B2, speed
    2, heading for 1B4) to the character's tile: on 1C1 he reaches her, on 1D4 he does not, and
    neither is on his way without the Event. A turn with 3 actions spent draws none."""
    from burgle.bots.planner import HeuristicBot
    from burgle.engine import Game
    from burgle.geometry.board import parse_cell

    game = Game.from_scenario({
        "seed": 3,
        "characters": [{"character": "hawk", "cell": "1D4"}],
        "guards": [{"floor": 1, "cell": "1B2", "die": "1B4", "speed": 2}],
    }, paths=False)
    s = game.s
    s.event_deck.remove("crash")
    s.event_deck.append("crash")  # the top (last), and known: as after the Crystal Ball (TOOL-3)
    s.event_known = (1, 0)
    bot = HeuristicBot(0)
    bot.event_aware = 2
    near, far = parse_cell("1C1"), parse_cell("1D4")
    ends = {near: 0.0, far: 0.0}
    reach = {near: (0, None), far: (0, None)}
    costs = bot.event_costs(game, s.characters[0], ends, reach, {})
    assert costs[near] == pytest.approx(1.0)  # one Stealth lost at 3 weighs 1
    assert costs[far] == 0.0
    s.spent = 3
    assert bot.event_costs(game, s.characters[0], ends, reach, {}) == {}


def test_the_heuristic_bot_cracks_safes_and_random_play_does_not():
    heuristic = run_bot("heuristic", games=4, seed=100, players=2)
    random = run_bot("random", games=20, seed=100, players=2)
    assert sum(r.safes for r in heuristic.records) >= 2
    assert sum(r.safes for r in random.records) == 0
    assert random.wins == 0 and random.unfinished == 0


def test_random_bot_games_are_legal_over_many_seeds():
    for seed in range(20):
        record = play_game(RandomBot, seed=seed, players=3, max_actions=3000)
        assert record.outcome is not None


def test_the_same_seed_gives_the_same_games_with_any_number_of_workers():
    one = run_bot("heuristic", games=2, seed=40, players=2, workers=1)
    two = run_bot("heuristic", games=2, seed=40, players=2, workers=2)
    strip = [(r.seed, r.outcome, r.actions, r.safes) for r in one.records]
    assert strip == [(r.seed, r.outcome, r.actions, r.safes) for r in two.records]


def test_simulate_with_a_bot_prints_the_win_line(capsys):
    assert main(["simulate", "--bot", "random", "--games", "5", "--seed", "3", "--players", "2"]) == 0
    out = capsys.readouterr().out
    first = out.splitlines()[0]
    assert re.fullmatch(r"wins: 0/5 \(0\.0 %, 95 % CI 0\.0–43\.4 %\)", first), first
    assert "capture: 5" in out and "mean actions per game" in out and "games/s" in out


@pytest.mark.parametrize("argv, message", [
    (["--bot", "clever"], "--bot must be one of: heuristic, random, not 'clever'"),
    (["--bot", "heuristic", "--job", "fort-knox"], "unknown job 'fort-knox'; the jobs are bank"),
    (["--bot", "heuristic", "--players", "5"], "--players must be 1 to 4"),
])
def test_simulate_with_a_bot_refuses_bad_input(capsys, argv, message):
    assert main(["simulate", "--games", "1", *argv]) == 2
    assert message in capsys.readouterr().err


def test_the_raven_puts_the_crow_where_it_stops_the_guard_reaching_her():
    """The guard walks 1A4 -> 1A3 -> 1B3 (speed 2, die on 1D4, the printed walls): the Raven
    on 1B3 is entered at his second step. A crow on 1A3 costs him 1 more MP there (CHAR-11,
    GUARD-12f), so he stops short of her: the bot's turn-end help places it on his way, and
    the forecast then leaves her cell alone."""
    from burgle.analysis.guard_forecast import forecast
    from burgle.engine import Game

    game = Game.from_scenario({
        "seed": 3,
        "characters": [{"character": "raven", "side": "basic", "cell": "1B3"}],
        "tiles": {"1B3": "lavatory 5 revealed", "1A3": "walkway 1 revealed", "1A4": "foyer 1 revealed"},
        "guards": [{"floor": 1, "cell": "1A4", "die": "1D4", "speed": 2}],
    }, paths=False)
    raven = game.s.characters[0]
    assert raven.cell in forecast(game, 1, end_of_turn=False).path
    bot = HeuristicBot(1)
    by = {}
    for a in game.legal_actions():
        by.setdefault(a.verb, []).append(a)
    crow = bot.turn_end_help(game, raven, 0, by)
    assert crow is not None and crow.verb == "distract"
    game.apply(crow)
    assert raven.cell not in forecast(game, 1, end_of_turn=False).path


@pytest.mark.parametrize("dice, first", [(0, "add-die"), (2, "add-die"), (3, "roll")])
def test_on_a_safe_with_its_combination_partly_face_down_the_side_work_is_dice_and_rolls(dice, first):
    """The Safe 1B2's combination (row 2, column B) has 2 tiles face up and 4 face down:
    up to 6 numbers may be missing, so dice are worth their 2 actions up to 3 (ACT-10,
    actions_to_crack); with 3 a roll cracks the face-up numbers it matches (ACT-11)."""
    from burgle.bots.heuristic import Plan
    from burgle.engine import Game

    game = Game.from_scenario({
        "seed": 3,
        "characters": [{"character": "hawk", "cell": "1B2"}],
        "tiles": {"1B2": {"kind": "safe", "revealed": True, "dice": dice},
                  "1A2": "walkway 2 revealed", "1C2": "lavatory 5 revealed"},
        "guards": [{"floor": 1, "cell": "1D4", "die": "1D3", "speed": 2}],
    }, paths=False)
    hawk = game.s.characters[0]
    bot = HeuristicBot(1)
    by = {}
    for a in game.legal_actions():
        by.setdefault(a.verb, []).append(a)
    work = [a.verb for a, *_ in bot.side_work(game, Plan(game, bot.w), hawk, by)]
    assert work[0] == first


# ---------------------------------------------------------------- abilities, tools and the escape
_CRACKED = {"1B2": {"kind": "safe", "revealed": True, "cracked": True},
            "2B2": {"kind": "safe", "revealed": True, "cracked": True},
            "3B2": {"kind": "safe", "revealed": True, "cracked": True}}


def _one_turn(game, bot):
    """The active seat's actions (as text) until its turn or the game ends."""
    seat, turn, done = Seat(game), game.s.turn, []
    while game.s.turn == turn and not game.is_over and len(done) < 30:
        a = bot.choose(seat)
        done.append(str(a))
        game.apply(a)
    return done


def _bot(**knobs):
    return type("Knobbed", (HeuristicBot,), knobs)(1)


@pytest.mark.parametrize("fetch", [1, 0])
def test_once_every_safe_is_cracked_the_one_without_a_gold_bar_fetches_the_other(fetch):
    """ACT-15, LOOT-5: the second Gold Bar lies on the floor-1 Safe (1A1); the Hawk holds the
    first, so only the Peterman may carry it, and no one escapes while it lies there. Without
    the fetch he heads up the Stairs next to him and the bar stays."""
    from burgle.engine import Game

    game = Game.from_scenario({
        "seed": 3,
        "characters": [{"character": "hawk", "cell": "3D4", "loot": ["gold_bar"]},
                       {"character": "peterman", "cell": "1A2"}],
        "tiles": {**_CRACKED, "1A1": {"kind": "safe", "revealed": True, "cracked": True, "items": ["gold_bar"]},
                  "1A2": "walkway 1 revealed", "1B2": "stairs 5 revealed", "3D4": "stairs 4 revealed"},
        "guards": [{"floor": 1, "cell": "1D4", "die": "1D3", "speed": 2}],
        "active": 1,
    }, paths=False)
    done = _one_turn(game, _bot(fetch=fetch))
    assert ("pick-up gold_bar" in done) == bool(fetch)
    assert ("gold_bar" in game.s.characters[1].loot) == bool(fetch)


@pytest.mark.parametrize("fetch,fetched", [(1, False), (3, False), (4, True)])
def test_the_second_gold_bar_is_fetched_before_the_last_safe_when_fetch_is_4(fetch, fetched):
    """LOOT-5, ACT-15: the floor-1 Safe is cracked and the second Gold Bar lies on it; the Hawk
    holds the first, so only the Peterman (on floor 2, its Safe still closed) may carry it. With
    ``fetch`` 4 he goes for it now, while the guards are slow (ACT-12 raises them at each crack);
    with 3 only once his floor's Safe is cracked, with 1 once every Safe is."""
    from burgle.bots.heuristic import Plan
    from burgle.engine import Game
    from burgle.geometry.board import parse_cell

    game = Game.from_scenario({
        "seed": 3,
        "characters": [{"character": "hawk", "cell": "3D4", "loot": ["gold_bar"]},
                       {"character": "peterman", "cell": "2A2"}],
        "tiles": {"1A1": {"kind": "safe", "revealed": True, "cracked": True, "items": ["gold_bar"]},
                  "1A2": "walkway 1 revealed", "1B2": "stairs 5 revealed", "2A2": "walkway 2 revealed",
                  "2B2": "lavatory 5 revealed", "3D4": "stairs 4 revealed"},
        "guards": [{"floor": 1, "cell": "1D4", "die": "1D3", "speed": 2}],
        "active": 1,
    }, paths=False)
    bot = _bot(fetch=fetch)
    peterman = game.s.characters[1]
    target = bot.fetch_target(game, Plan(game, bot.w), peterman)
    assert (target == parse_cell("1A1")) == fetched
    assert bot.fetch_target(game, Plan(game, bot.w), game.s.characters[0]) is None  # holds a bar


@pytest.mark.parametrize("roof_bomb", [1, 0])
def test_on_the_top_floor_once_every_safe_is_cracked_the_thermal_bomb_leads_to_the_roof(roof_bomb):
    """TOOL-12, ACT-15: the top floor's Stairs are 6 actions away; a thermal link to the roof
    from where she stands makes the escape 1 action."""
    from burgle.engine import Game

    game = Game.from_scenario({
        "seed": 3,
        "characters": [{"character": "hawk", "cell": "3A1", "tools": ["thermal_bomb"]}],
        "tiles": {**_CRACKED, "3A1": "walkway 1 revealed", "3D4": "stairs 4 revealed"},
        "guards": [{"floor": 3, "cell": "3D1", "die": "3D2", "speed": 2}],
    }, paths=False)
    done = _one_turn(game, _bot(roof_bomb=roof_bomb))
    if roof_bomb:
        assert done == ["use thermal_bomb roof", "escape"] and game.s.outcome == "won"
    else:
        assert game.s.outcome != "won"


@pytest.mark.parametrize("flex", [1, 0])
def test_the_acrobat_slips_past_the_guard_out_of_a_corner(flex):
    """CHAR-1: in the corner 1A1 (a wall below) the guard on 1B1 comes for her (his die on
    1A1). Flexibility onto his cell, then on along row 1: she ends out of his reach, off his
    cell (else 1 Stealth at the guard phase); without it she is seen where she stands."""
    from burgle.engine import Game

    game = Game.from_scenario({
        "seed": 3,
        "characters": [{"character": "acrobat", "side": "basic", "cell": "1A1"}],
        "tiles": {"1A1": "walkway 1 revealed", "1B1": "lavatory 5 revealed", "1C1": "walkway 3 revealed",
                  "1D1": "walkway 2 revealed"},
        "walls": {"1": "A1/A2"},
        "guards": [{"floor": 1, "cell": "1B1", "die": "1A1", "speed": 2}],
    }, paths=False)
    done = _one_turn(game, _bot(flex=flex))
    acrobat = game.s.characters[0]
    if flex:
        assert done[0] == "flex 1B1" and acrobat.stealth == 3 and game.name(acrobat.cell) in ("1C1", "1D1")
    else:
        assert acrobat.stealth == 2


@pytest.mark.parametrize("tools", [("dynamite",), ()])
def test_the_rigger_blows_a_wall_out_of_a_dead_end(tools):
    """TOOL-5: 1A1 and 1A2 are walled off from column B and the guard walks 1A3 -> 1A2 -> 1A1:
    every cell she can reach is on his way until the wall 1A1|1B1 goes."""
    from burgle.engine import Game

    game = Game.from_scenario({
        "seed": 3,
        "characters": [{"character": "rigger", "side": "basic", "cell": "1A1", "tools": ["dynamite"]}],
        "tiles": {"1A1": "walkway 1 revealed", "1A2": "walkway 2 revealed", "1A3": "lavatory 5 revealed",
                  "1B1": "walkway 3 revealed", "1C1": "foyer 1 revealed", "1D1": "foyer 2 revealed"},
        "walls": {"1": "A1|B1,A2|B2"},
        "guards": [{"floor": 1, "cell": "1A3", "die": "1A1", "speed": 2}],
    }, paths=False)
    done = _one_turn(game, _bot(opening_tools=tools))
    if tools:
        assert done[0] == "use dynamite 1B1" and game.s.characters[0].stealth == 3
    else:
        assert "use dynamite 1B1" not in done and game.s.characters[0].stealth == 2


@pytest.mark.parametrize("tools", [("crowbar",), ()])
def test_a_crowbar_on_the_fingerprint_in_the_way_to_the_safe(tools):
    """TOOL-2: the only way from 1A1 to the Safe on 1D1 crosses a Fingerprint on 1B1; with
    the Crowbar on it she walks on without an alarm (ALARM-1), without it she sets one off."""
    from burgle.engine import Game

    game = Game.from_scenario({
        "seed": 3,
        "characters": [{"character": "hawk", "cell": "1A1", "tools": ["crowbar"]}],
        "tiles": {"1A1": "walkway 1 revealed", "1B1": "fingerprint 4 revealed", "1C1": "walkway 2 revealed",
                  "1D1": "safe revealed", "1D2": "lavatory 5 revealed", "1D3": "walkway 3 revealed",
                  "1D4": "foyer 1 revealed"},
        "walls": {"1": "A1/A2"},
        "guards": [{"floor": 1, "cell": "1A4", "die": "1B4", "speed": 2}],
    }, paths=False)
    done = _one_turn(game, _bot(opening_tools=tools))
    alarms = [game.name(c) for c, t in enumerate(game.s.tiles) if t.alarm]
    if tools:
        assert done[0] == "use crowbar 1B1" and alarms == [] and game.name(game.s.characters[0].cell) == "1D1"
    else:
        assert "use crowbar 1B1" not in done and alarms == ["1B1"]


@pytest.mark.parametrize("crystal", [4, 0])
def test_the_crystal_ball_keeps_a_crash_off_the_top_of_the_event_deck(crystal):
    """TOOL-3, TURN-4: the Hawk ends her turn with no action spent, so she draws an Event:
    Crash! (EVENT-4) would move the guard's die onto her tile and bring him in (speed 2,
    1D1 -> 1C1 -> 1B1). With the Crystal Ball the bot looks first and puts a harmless Event
    on top (the orders tried on re-deals, the turn ended on each)."""
    from burgle.engine import Game

    game = Game.from_scenario({
        "seed": 3,
        "characters": [{"character": "hawk", "cell": "1B1", "tools": ["crystal_ball"]}],
        "tiles": {"1B1": "walkway 1 revealed", "1C1": "walkway 2 revealed", "1D1": "walkway 3 revealed"},
        "guards": [{"floor": 1, "cell": "1D1", "die": "1D4", "speed": 2}],
        "event_deck": ["reboot", "lampshade", "crash"],
    }, paths=False)
    hawk = game.s.characters[0]
    bot = _bot(crystal=crystal)
    by = {}
    for a in game.legal_actions():
        by.setdefault(a.verb, []).append(a)
    used = bot.turn_end_help(game, hawk, 4, by)
    if crystal:
        assert str(used) == "use crystal_ball"
        game.apply(used)
        game.apply(bot.answer(game, game.legal_actions())[0])
        assert game.s.event_deck[-1] != "crash"
    game.apply("end")
    assert (game.s.characters[0].stealth >= 3) == bool(crystal)


@pytest.mark.parametrize("drill", [1, 0])
def test_the_advanced_peterman_drills_the_safe_below_him(drill):
    """CHAR-10: the floor-1 Safe (1A1, 4 dice, its combination face up) is directly below the
    advanced Peterman on 2A1: he rolls it from there (1 action a roll) and cracks it without
    walking down; without the Drill he works his own floor."""
    from burgle.engine import Game

    game = Game.from_scenario({
        "seed": 3,
        "characters": [{"character": "peterman", "side": "advanced", "cell": "2A1"}],
        "tiles": {"1A1": {"kind": "safe", "revealed": True, "dice": 4}, "2A1": "laboratory 4 revealed",
                  "1B1": "walkway 1 revealed", "1C1": "walkway 2 revealed", "1D1": "walkway 3 revealed",
                  "1A2": "deadbolt 1 revealed", "1A3": "laboratory 3 revealed", "1A4": "secret_door 2 revealed"},
        "guards": [{"floor": 2, "cell": "2D4", "die": "2D3", "speed": 2}],
    }, paths=False)
    done = _one_turn(game, _bot(drill=drill))
    assert (done[0] == "roll 1A1") == bool(drill)
    assert game.s.tiles[0].cracked == bool(drill)  # 1A1


@pytest.mark.parametrize("enhance", [1, 0])
def test_the_advanced_hawk_peeks_two_links_away_for_free(enhance):
    """CHAR-6: from 1A1 the face-down 1B2 is two links away over face-up tiles: a free peek
    (once a turn) before any action; without Enhance she spends actions to see it."""
    from burgle.engine import Game

    game = Game.from_scenario({
        "seed": 3,
        "characters": [{"character": "hawk", "side": "advanced", "cell": "1A1"}],
        "tiles": {"1A1": "walkway 1 revealed", "1B1": "walkway 2 revealed", "1A2": "walkway 3 revealed"},
        "guards": [{"floor": 1, "cell": "1D4", "die": "1D3", "speed": 2}],
    }, paths=False)
    done = _one_turn(game, _bot(enhance=enhance))
    assert (done[0].startswith("enhance ")) == bool(enhance)
    assert not any(a.startswith("enhance") for a in done[1:])  # once a turn


@pytest.mark.parametrize("disrupt", [1, 0])
def test_the_advanced_raven_leaves_the_crow_under_the_guard(disrupt):
    """CHAR-12: she stands on the guard's cell (1B1; he heads for 1C1 at speed 3). The crow
    left there stops his next move (he starts on it, no alarm), so she walks on unseen;
    without it he walks to her and she loses 1 Stealth."""
    from burgle.engine import Game

    game = Game.from_scenario({
        "seed": 3,
        "characters": [{"character": "raven", "side": "advanced", "cell": "1B1", "stealth": 2}],
        "tiles": {"1A1": "walkway 1 revealed", "1B1": "walkway 2 revealed", "1C1": "walkway 3 revealed"},
        "guards": [{"floor": 1, "cell": "1B1", "die": "1C1", "speed": 3}],
    }, paths=False)
    done = _one_turn(game, _bot(disrupt=disrupt))
    assert (done[0] == "disrupt") == bool(disrupt)
    assert game.s.characters[0].stealth == (2 if disrupt else 1)


def _cornered(character):
    """The advanced *character* on 1A1, a wall to its right and the guard below it on 1A2
    (walking away to 1A4): no move, no peek; staying is best, with every action spare."""
    from burgle.engine import Game

    return Game.from_scenario({
        "seed": 3,
        "characters": [{"character": character, "side": "advanced", "cell": "1A1"}],
        "tiles": {"1A1": "walkway 1 revealed", "1A2": "walkway 2 revealed"},
        "walls": {"1": "A1|B1"},
        "guards": [{"floor": 1, "cell": "1A2", "die": "1A4", "speed": 2}],
    }, paths=False)


@pytest.mark.parametrize("laptop", [1, 0])
def test_the_advanced_hacker_keeps_a_spare_action_as_a_hack_token(laptop):
    """CHAR-4: with nothing else to do, 1 spare action puts a hack token on her card."""
    done = _one_turn(_cornered("hacker"), _bot(laptop=laptop))
    assert done == (["laptop", "end"] if laptop else ["end"])


@pytest.mark.parametrize("precognition", [1, 0])
def test_the_advanced_spotter_looks_at_the_event_her_turn_end_draws(precognition):
    """CHAR-18: ending the turn having spent 1 action draws an Event (TURN-4): she looks at
    it first and keeps it on top or sends it to the bottom."""
    done = _one_turn(_cornered("spotter"), _bot(precognition=precognition, laptop=0))
    if precognition:
        assert done[0] == "precognition" and done[1] in ("order top", "order bottom") and done[-1] == "end"
    else:
        assert "precognition" not in done


@pytest.mark.parametrize("top_first,goal", [(1, ("up", 1)), (0, ("work", 1))])
def test_alone_on_floor_2_with_a_teammate_working_floor_1_goes_on_up_when_top_first(top_first, goal):
    """TURN-7: a guard moves only in the turn of a character on his floor. With ``top_first``
    the Hawk, alone on floor 2 while the Peterman works floor 1 (uncracked), goes on up to
    floor 3, so floors 1 and 3 are worked at once and floor 2 last; without it she works
    floor 2. The Peterman works floor 1 either way."""
    from burgle.bots.heuristic import Plan
    from burgle.engine import Game

    game = Game.from_scenario({
        "seed": 3,
        "characters": [{"character": "hawk", "cell": "2A2"}, {"character": "peterman", "cell": "1A2"}],
        "tiles": {"2A2": "walkway 2 revealed", "1A2": "walkway 1 revealed", "2B2": "stairs 4 revealed"},
        "guards": [{"floor": 1, "cell": "1D4", "die": "1D3", "speed": 2},
                   {"floor": 2, "cell": "2D4", "die": "2D3", "speed": 3}],
    }, paths=False)
    bot = _bot(top_first=top_first)
    hawk, peterman = game.s.characters
    assert bot.floor_goal(Plan(game, bot.w), hawk) == goal
    assert bot.floor_goal(Plan(game, bot.w), peterman) == ("work", 0)


@pytest.mark.parametrize("keep_floor,fled", [(2, True), (1, False)])
def test_a_cornered_character_may_end_down_the_stairs_with_keep_floor_2(keep_floor, fled):
    """TURN-7: only the guard of the floor a character ends on moves. The Hawk on 2A1 stands
    above the floor-1 Stairs (1A1) with a speed-3 guard on 2B1 heading for her. Every end on
    floor 2 risks Stealth, so with ``keep_floor`` 2 the ends on floor 1 count too (1A1 among
    them, rated safe); with 1 the turn's end stays on her floor."""
    from burgle.bots.heuristic import Plan
    from burgle.engine import Game
    from burgle.geometry.board import parse_cell

    game = Game.from_scenario({
        "seed": 3,
        "characters": [{"character": "hawk", "cell": "2A1"}],
        "tiles": {"2A1": "walkway 2 revealed", "1A1": "stairs 4 revealed"},
        "guards": [{"floor": 1, "cell": "1D4", "die": "1D3", "speed": 2},
                   {"floor": 2, "cell": "2B1", "die": "2A1", "speed": 3}],
    }, paths=False)
    bot = _bot(keep_floor=keep_floor)
    hawk = game.s.characters[0]
    ends = bot.end_map(game, Plan(game, bot.w), hawk, hawk.cell, 4)
    assert (parse_cell("1A1") in ends) == fled
    assert all(v < 0 for c, v in ends.items() if c // 16 == 1)
    if fled:
        assert ends[parse_cell("1A1")] == max(ends.values())


@pytest.mark.parametrize("push,end", [(1.0, "3A1"), (5.0, "3C1")])
def test_once_every_safe_is_cracked_escape_push_walks_on_rather_than_waiting(push, end):
    """ACT-15, ACT-12: every Safe is cracked and the guards will only get faster. At 1
    Stealth the Hawk on 3A1 is three columns from the roof's Stairs (3D4). Weighing the
    distance as the rest of the game does (``escape_push`` 1) she peeks and waits where
    she stands; with the distance and the tolerance weighed 5 times more she walks on."""
    from burgle.engine import Game
    from burgle.geometry.board import parse_cell

    game = Game.from_scenario({
        "seed": 3,
        "characters": [{"character": "hawk", "cell": "3A1", "stealth": 1},
                       {"character": "peterman", "escaped": True}],
        "tiles": {**_CRACKED, "3A1": "walkway 3 revealed", "3D4": "stairs 4 revealed"},
        "guards": [{"floor": 3, "cell": "3A4", "die": "3D4", "speed": 4}],
    }, paths=False)
    done = _one_turn(game, _bot(escape_push=push))
    hawk = game.s.characters[0]
    assert done[:2] == ["peek 3B1", "peek 3A2"]
    assert hawk.cell == parse_cell(end) and hawk.stealth == 1 and not game.is_over


@pytest.mark.parametrize("roof_exit,turn,outcome", [
    (1, ["move 3D3", "move 3D4", "escape"], "won"),
    (0, ["move 3D3", "peek 3C3", "move 3D2", "peek 3D1", "xray 3C2", "end"], None)])
def test_once_every_safe_is_cracked_the_stairs_in_reach_are_the_way_out(roof_exit, turn, outcome):
    """ACT-15: every Safe is cracked and the Peterman is out. The Hawk (1 Stealth) on 3D2 is two
    moves from the roof's Stairs (3D4), where the floor-3 guard (3B4, 4 moves) is headed. From
    the Stairs she escapes with her third action, and the escape ends her action phase at once:
    no Event, no guard move. Rated as a place to end the turn (``roof_exit`` 0), the Stairs
    looked like the guard's cell: she stepped next to them, turned back and waited."""
    from burgle.engine import Game

    game = Game.from_scenario({
        "seed": 3,
        "characters": [{"character": "hawk", "cell": "3D2", "stealth": 1},
                       {"character": "peterman", "escaped": True}],
        "tiles": {**_CRACKED, "3D2": "walkway 3 revealed", "3D3": "secret_door 1 revealed",
                  "3D4": "stairs 4 revealed"},
        "guards": [{"floor": 3, "cell": "3B4", "die": "3D4", "speed": 4}],
    }, paths=False)
    assert _one_turn(game, _bot(roof_exit=roof_exit)) == turn
    assert game.s.outcome == outcome


@pytest.mark.parametrize("seed", [3, 26, 44])
def test_the_bots_walk_over_the_links_the_engine_allows(seed):
    """ACT-4: the planner's walks follow the engine's own links and restrictions. At the
    start of each turn (4 actions: every known extra cost affordable), the cells it counts one
    move away are the destinations of the legal moves, Stairs, Walkways, Secret Doors and
    Service Ducts included."""
    game = new_game(seed, 2)
    bot, seat = HeuristicBot(seed), Seat(game)
    checked = 0
    while not game.is_over and game.s.turn < 60:
        s = game.s
        ch = s.characters[s.active]
        # a turn's start: not the Event of a turn ended with no action spent (TURN-4), whose
        # choices (a Tool drawn by Jury-Rig, the Rigger's draw 2 keep 1, CHAR-13) are pending
        if game.phase == "actions" and game.pending is None and s.spent == 0 and ch.on_board and \
                game.actions_left == 4:
            legal = {a.args[0] for a in game.legal_actions() if a.verb == "move"}
            assert set(bot._links(game, ch, ch.cell)) == legal, (s.turn, ch.name, ch.cell)
            checked += 1
        game.apply(bot.choose(seat))
    assert checked >= 20


def test_no_way_up_the_stairs_into_a_walkway_so_the_bot_steps_off_the_guards_route():
    """TILE-20: a revealed Walkway cannot be entered from below, so from the Stairs on 1C3 the
    Walkway on 2C3 is no way out, though the Peterman is on his way up (floor 1's Safe is
    cracked). The floor-1 guard walks 1B3, 1C3, 1D3; with his last action the Peterman steps
    aside onto 1C2 or 1C4 rather than planning an end on 2C3 and ending on the Stairs."""
    from burgle.bots.heuristic import Plan
    from burgle.engine import Game
    from burgle.geometry.board import parse_cell

    game = Game.from_scenario({
        "seed": 3, "spent": 3,
        "characters": [{"character": "peterman", "cell": "1C3"}],
        "tiles": {"1A1": {"kind": "safe", "revealed": True, "cracked": True},
                  "1C3": "stairs 4 revealed", "2C3": "walkway 3 revealed",
                  "1C2": "laboratory 3 revealed", "1C4": "laboratory 4 revealed",
                  "1B3": "atrium 4 revealed", "1D3": "atrium 3 revealed"},
        "guards": [{"floor": 1, "cell": "1A3", "die": "1D3", "speed": 3},
                   {"floor": 2, "cell": "2A1", "die": "2A2", "speed": 3}],
    }, paths=False)
    bot = HeuristicBot(1)
    peterman = game.s.characters[0]
    ends = bot.end_map(game, Plan(game, bot.w), peterman, peterman.cell, 1)
    assert parse_cell("2C3") not in ends and parse_cell("1C4") in ends
    assert "move 2C3" not in {str(a) for a in game.legal_actions()}
    done = _one_turn(game, bot)
    assert done[-1] == "end" and game.s.characters[0].stealth == 3
    assert peterman.cell in (parse_cell("1C2"), parse_cell("1C4"))


@pytest.mark.parametrize("facedown_goal,moved", [(1, True), (0, False)])
def test_on_the_guards_route_the_bot_steps_into_a_face_down_cell_beside_it(facedown_goal, moved):
    """TURN-7, ACT-5: the Peterman has just come up onto 2D3, one action left, and the floor-2
    guard walks 2B3, 2C3, 2D3 toward him. The cells beside him, 2D2 and 2D4, are face down,
    off the route. Counting a face-down cell one step beyond its face-up neighbour
    (``facedown_goal``), he steps into 2D2 and keeps his Stealth; counted as out of reach, he
    spends the action on a peek and is seen."""
    from burgle.engine import Game
    from burgle.geometry.board import parse_cell

    game = Game.from_scenario({
        "seed": 3, "spent": 3,
        "characters": [{"character": "peterman", "cell": "2D3", "stealth": 2}],
        "tiles": {"1A1": {"kind": "safe", "revealed": True, "cracked": True},
                  "2D3": "laboratory 3 revealed", "2D2": "laboratory 4", "2D4": "lavatory"},
        "guards": [{"floor": 1, "cell": "1A4", "die": "1A3", "speed": 2},
                   {"floor": 2, "cell": "2A3", "die": "2D3", "speed": 3}],
    }, paths=False)
    done = _one_turn(game, _bot(facedown_goal=facedown_goal))
    peterman = game.s.characters[0]
    assert (done[0] in ("move 2D2", "move 2D4")) == moved
    assert (peterman.cell != parse_cell("2D3")) == moved
    assert peterman.stealth == (2 if moved else 1)


@pytest.mark.parametrize("camera_lift,end,stealth", [(1, "3C4", 3), (0, "3B3", 2)])
def test_a_character_on_a_camera_judges_the_cells_beside_it_by_the_route_without_its_alarm(
        camera_lift, end, stealth):
    """TILE-2, GUARD-8: the Rook stands on the Camera 3C3 with one action left; the floor-3
    guard (3A3, heading for 3C2, 4 moves) will step on the Camera 3B4. While the Rook stays on
    3C3 that triggers an alarm there and bends his route through 3C4 to 3C3; once the Rook
    walks off, he keeps his own route, 3A4 3B4 3B3 3B2. Judged on the route without its own
    alarm (``camera_lift``), the Rook ends on the Stairs 3C4 and keeps his Stealth; judged on
    the route as it stands, he walks through the Secret Door into 3B3, the cell the bent route
    spared, and is seen there."""
    from burgle.engine import Game
    from burgle.geometry.board import parse_cell

    game = Game.from_scenario({
        "seed": 3, "spent": 3,
        "characters": [{"character": "rook", "cell": "3C3", "stealth": 3}],
        "tiles": {"1B2": {"kind": "safe", "revealed": True, "cracked": True},
                  "2B2": {"kind": "safe", "revealed": True, "cracked": True},
                  "3C3": "camera 1 revealed", "3B4": "camera 2 revealed", "3B3": "secret_door 1 revealed",
                  "3C4": "stairs 6 revealed", "3A3": "thermo 1 revealed", "3A4": "motion 1 revealed",
                  "3D3": "deadbolt 2 revealed"},
        "guards": [{"floor": 1, "cell": "1A4", "die": "1A3", "speed": 2},
                   {"floor": 2, "cell": "2A4", "die": "2A3", "speed": 3},
                   {"floor": 3, "cell": "3A3", "die": "3C2", "speed": 4}],
    }, paths=False)
    done = _one_turn(game, _bot(camera_lift=camera_lift))
    rook = game.s.characters[0]
    assert done == [f"move {end}", "end"]
    assert rook.cell == parse_cell(end)
    assert rook.stealth == stealth


@pytest.mark.parametrize("unplaced_mate,first,stealth", [(1, "move 1C2", 3), (0, "peek 1D1", 2)])
def test_on_the_first_turn_the_bot_counts_the_guards_move_after_the_teammate_still_to_come(
        unplaced_mate, first, stealth):
    """SETUP-11, TURN-7: the Hawk stands on 1C1 with one action left in the first round; the
    Peterman is not placed yet and comes in at the entrance 1A1 in his turn, so the floor-1
    guard (1A2, heading for 1D1, 2 moves) moves twice before the Hawk's next turn: 1B2 1B1,
    then 1C1 1D1. Counting that second move (``unplaced_mate``), the Hawk steps off the route onto
    1C2 and keeps his Stealth; counting one move only, he thinks 1C1 safe, peeks and is seen
    there."""
    from burgle.engine import Game

    game = Game.from_scenario({
        "seed": 3, "spent": 3, "entrance": "1A1",
        "characters": [{"character": "hawk", "cell": "1C1"}, {"character": "peterman"}],
        "tiles": {"1C1": "laboratory 3 revealed"},
        "guards": [{"floor": 1, "cell": "1A2", "die": "1D1", "speed": 2}],
    }, paths=False)
    bot = _bot(unplaced_mate=unplaced_mate)
    hawk_turn = _one_turn(game, bot)
    assert [a for a in hawk_turn if a.split()[0] != "xray"][0] == first  # the Hawk's free look aside
    _one_turn(game, bot)  # the Peterman's first turn
    assert game.s.characters[0].stealth == stealth


@pytest.mark.parametrize("opening_tolerance,turn,end,stealth", [
    (0.5, ["move 1D3", "move 1C3", "peek 1B3", "move 1B3", "end"], "1B3", 3),
    (1.0, ["move 1D1", "laser quiet", "peek 1C1", "orders 0 1C3", "end"], "1D1", 2)])
def test_on_a_shared_floor_1_the_bot_takes_less_risk_for_progress(opening_tolerance, turn, end, stealth):
    """TURN-7: the Rook has just come in at the entrance 1D2; the Juicer stands on the Stairs
    1D3 and the floor-1 guard (1C1, 2 moves) heads for 1D2 through 1D1. With the tolerance
    halved while both share floor 1 (``opening_tolerance``), the Rook walks away from the
    guard's route and keeps his Stealth; with the full tolerance he pays 2 actions for the
    quiet way into the Laser 1D1 (TILE-12), to peek at 1C1 from there, and is seen on it."""
    from burgle.engine import Game
    from burgle.geometry.board import parse_cell

    game = Game.from_scenario({
        "seed": 3, "entrance": "1D2", "active": 1,
        "characters": [{"character": "juicer", "cell": "1D3"}, {"character": "rook", "cell": "1D2"}],
        "tiles": {"1D1": "laser 3 revealed", "1D2": "motion 2 revealed", "1C3": "walkway 1 revealed",
                  "1D3": "stairs 4 revealed"},
        "guards": [{"floor": 1, "cell": "1C1", "die": "1D2", "speed": 2}],
    }, paths=False)
    assert _one_turn(game, _bot(opening_tolerance=opening_tolerance)) == turn
    rook = game.s.characters[1]
    assert rook.cell == parse_cell(end)
    assert rook.stealth == stealth


def _computer_room_game(tokens, spent=0, cell="1B2"):
    """The Hawk on 1B2 (or *cell*), next to a Fingerprint (1B1) whose Computer Room (1C1)
    holds *tokens*."""
    from burgle.engine import Game

    return Game.from_scenario({
        "seed": 3, "spent": spent,
        "characters": [{"character": "hawk", "cell": cell}, {"character": "peterman", "cell": "2A1"}],
        "tiles": {"1B2": "walkway 1 revealed", "1B1": "fingerprint 4 revealed",
                  "1C1": {"kind": "computer_fingerprint", "revealed": True, "hack": tokens}},
        "guards": [{"floor": 1, "cell": "1D4", "die": "1D3", "speed": 2}],
    }, paths=False)


@pytest.mark.parametrize("tokens,hack_walk,crossed", [(0, 1, False), (1, 1, True), (1, 0, False)])
def test_a_fingerprint_is_walked_onto_while_a_hack_token_would_cancel_its_alarm(tokens, hack_walk, crossed):
    """ALARM-2: entering a Fingerprint (TILE-8) sets off its alarm unless a hack token from the
    Fingerprint Computer Room, on any floor, is spent; the bot spends it (``answer``). So with a
    token there the Fingerprint is no bar to a walk that must set off no alarm."""
    from burgle.geometry.board import parse_cell

    game = _computer_room_game(tokens)
    hawk = game.s.characters[0]
    walk = _bot(hack_walk=hack_walk).walk(game, hawk, hawk.cell)
    assert (parse_cell("1B1") in walk) == crossed


def test_a_spare_action_on_a_computer_room_is_a_hack_token():
    """ACT-9: a turn that ends on a Computer Room with actions to spare adds hack tokens there,
    each of which cancels a later alarm of its kind (ALARM-2); elsewhere there is none to add."""

    def spare(game, **knobs):
        by = {}
        for a in game.legal_actions():
            by.setdefault(a.verb, []).append(a)
        return _bot(**knobs).spare_action(game, game.s.characters[0], game.actions_left, by)

    assert spare(_computer_room_game(0)) is None  # on a Walkway
    action, reason = spare(_computer_room_game(0, cell="1C1"))
    assert str(action) == "hack" and "ACT-9" in reason
    assert spare(_computer_room_game(0, cell="1C1"), hack_spare=0) is None
    assert spare(_computer_room_game(6, cell="1C1")) is None  # full (ACT-9)


@pytest.mark.parametrize("spent,distance,tokens,bonus", [
    (0, 1, 0, True),  # 1 to walk there, 3 hacks: 4 spent, no Event (TURN-4)
    (0, 2, 5, True),  # 2 to walk, room for 1 token: 3 spent
    (0, 2, 6, False),  # the room is full (ACT-9): the turn ends with 2 spent and draws an Event
    (1, 2, 0, False),  # 3 spent on the way: no Event to spare
])
def test_a_computer_room_in_reach_is_a_better_end_when_its_hacks_spare_the_event(spent, distance, tokens, bonus):
    """TURN-4, ACT-9: a turn ended with 2 actions spent or fewer draws an Event. Hacks are work,
    not pacing (DEC-10), so a Computer Room where the spare actions become hack tokens and take
    the turn past 2 is worth ``hack_end`` (times the Stealth weight) more as a place to end."""
    from burgle.geometry.board import parse_cell

    game = _computer_room_game(tokens, spent=spent)
    hawk = game.s.characters[0]
    room = parse_cell("1C1")
    bot = _bot(hack_end=0.3)
    ends = bot.hack_ends(game, hawk, {hawk.cell: (0, None), room: (distance, room)})
    assert ends == ({room: 0.3 * bot.stealth_weight(hawk)} if bonus else {})
