"""Golden playthroughs in which each card is in play (issue 3): every tool is used, every
Event is drawn and resolved, every loot card is held, every character side acts.

Each game is stored under tests/golden/cards/ as a save document (origin, action log and
final state; loading it replays the log and checks the state) and its readable log text.
Regenerate after an intended rules change and read the diff:

    .venv/bin/python tests/test_golden_cards.py --update
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # test_golden's bot, when run as a script
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from test_golden import bot  # noqa: E402

from burgle.data.cards import CHARACTER_SIDES, EVENTS, LOOT, TOOLS  # noqa: E402
from burgle.engine.game import Game  # noqa: E402

CARDS = Path(__file__).parent / "golden" / "cards"
LIMIT = 60  # actions per game: enough for a few turns and guard moves around the card
ABILITY_VERBS = {
    "acrobat": {"basic": "flex", "advanced": "climb"}, "hacker": {"basic": None, "advanced": "laptop"},
    "hawk": {"basic": "xray", "advanced": "enhance"}, "juicer": {"basic": "crybaby", "advanced": "reroute"},
    "peterman": {"basic": None, "advanced": None}, "raven": {"basic": "distract", "advanced": "disrupt"},
    "rigger": {"basic": None, "advanced": "tinker"}, "rook": {"basic": "orders", "advanced": "disguise"},
    "spotter": {"basic": "clairvoyance", "advanced": "precognition"},
}


def heist_scenario(**extra) -> dict:
    """A mid-heist floor 1: the crew near a revealed Safe whose combination is face up,
    so rolls, cracks and the cards they bring come early."""
    sc = {
        "seed": 5,
        "entrance": "1A1",
        "tiles": {
            "1A1": "foyer 1 revealed", "1B1": "camera 1 revealed", "1C1": "laboratory 3 revealed",
            "1D1": "detector 4 revealed", "1A2": "safe revealed dice=2", "1B2": "thermo 2 revealed",
            "1C2": "lavatory 5 revealed", "1D2": "laser 3 revealed", "1A3": "motion 1 revealed",
            "1A4": "keypad 4 revealed",
        },
        "guards": [{"floor": 1, "cell": "1D4", "die": "1D3", "deck": ["1C4", "1B3", "1C3"]}],
    }
    sc.update(extra)
    return sc


def one(character: str, cell: str = "1A2", **fields) -> dict:
    return {"character": character, "cell": cell, **fields}


def tool_game(key: str):
    sc = heist_scenario(characters=[one("hawk", tools=[key]), one("raven", cell="1C2")])
    if key == "virus":
        sc["tiles"]["1B3"] = "computer_laser 5 revealed"
    if key == "donuts":
        sc["guards"][0].update(cell="1D2", die="1D3")
    return Game.from_scenario(sc), {"use", "set-die", "events-order"}, key


def loot_game(key: str):
    sc = heist_scenario(characters=[one("peterman", loot=[key]), one("hawk", cell="1C2")])
    if key == "gold_bar":
        sc["characters"][0]["loot"] = ["gold_bar"]
    return Game.from_scenario(sc), {"catch-kitty", "give", "take"}, key


def event_game(key: str):
    sc = heist_scenario(characters=[one("hawk", cell="1C2"), one("raven", cell="1B1")],
                        event_deck=["lampshade", key] if key != "lampshade" else ["brown_out", key])
    sc["tiles"]["1B3"] = "walkway 2"  # a face-down neighbour for Go With Your Gut and Peekhole
    return Game.from_scenario(sc), {"end", "cell", "character"}, key


def side_game(character: str, side: str):
    partner = "hawk" if character != "hawk" else "raven"
    sc = heist_scenario(characters=[one(character, side=side), one(partner, cell="1C2")])
    if (character, side) == ("juicer", "advanced"):  # Reroute needs an alarm on the Juicer's tile
        sc["tiles"]["1A2"] += " alarm"
        sc["guards"][0]["die"] = "1A2"
    verb = ABILITY_VERBS[character][side]
    return Game.from_scenario(sc), {verb} if verb else set(), None


def card_bot(game, verbs, key, used) -> str:
    """test_golden's heist bot, but it plays the card under test whenever it may (twice at most)."""
    texts = [str(a) for a in game.legal_actions()]
    for t in texts:
        words = t.split()
        if words[0] in verbs and (key is None or key in words or game.pending is not None) and used[0] < 2:
            if words[0] == "end" and game.actions_left > 4:
                continue
            used[0] += 1
            return t
    return bot(game)


def games():
    out = {}
    for t in TOOLS:
        out[f"tool-{t.key}"] = lambda k=t.key: tool_game(k)
    for lt in LOOT:
        out[f"loot-{lt.key}"] = lambda k=lt.key: loot_game(k)
    for e in EVENTS:
        out[f"event-{e.key}"] = lambda k=e.key: event_game(k)
    for cs in CHARACTER_SIDES:
        out[f"char-{cs.character}-{cs.side}"] = lambda c=cs.character, s=cs.side: side_game(c, s)
    return out


def play(name: str) -> Game:
    game, verbs, key = games()[name]()
    used = [0]
    while not game.is_over and len(game.log) < LIMIT:
        game.apply(card_bot(game, verbs, key, used))
    return game


def paths(name):
    return CARDS / f"{name}.save.json", CARDS / f"{name}.log.txt"


def card_in_play(name: str, game: Game, log: str) -> bool:
    kind, _, key = name.partition("-")
    if kind == "tool":
        rule = next(t.rule for t in TOOLS if t.key == key)
        return any(h.rule == rule for hs in game.happenings for h in hs)
    if kind == "event":
        return f"Event: {next(e.name for e in EVENTS if e.key == key)}." in log
    if kind == "loot":
        return bool(game.log)  # the card is held from the first action on
    character, _, side = key.partition("-")
    verb = ABILITY_VERBS[character][side]
    return verb is None or any(str(a).split()[0] == verb for a in game.log)


NAMES = sorted(games())


@pytest.mark.parametrize("name", NAMES)
def test_card_golden_playthrough(name):
    save, log = paths(name)
    if not save.exists():
        pytest.fail(f"{save} is missing: run `python tests/test_golden_cards.py --update`")
    game = Game.load(save)  # replays the log and checks the stored final state
    assert game.log_text() + "\n" == log.read_text(encoding="utf-8"), (
        f"log text of {name} differs; if the change is intended run `python tests/test_golden_cards.py --update`")
    assert card_in_play(name, game, game.log_text()), f"{name}: the card never came into play"


def test_every_card_and_side_has_a_golden_game():
    """13 tools, 12 loot kinds, 26 events and 18 character sides (TOOL, LOOT, EVENT, CHAR)."""
    kinds = [n.split("-")[0] for n in NAMES]
    assert (kinds.count("tool"), kinds.count("loot"), kinds.count("event"), kinds.count("char")) == (13, 12, 26, 18)


if __name__ == "__main__":
    if "--update" not in sys.argv:
        sys.exit("usage: python tests/test_golden_cards.py --update")
    CARDS.mkdir(parents=True, exist_ok=True)
    for name in NAMES:
        game = play(name)
        save, log = paths(name)
        save.write_text(json.dumps(game.save(), indent=1) + "\n", encoding="utf-8")
        log.write_text(game.log_text() + "\n", encoding="utf-8")
        flag = "" if card_in_play(name, game, game.log_text()) else "   <-- card not in play"
        print(f"{name:40} {len(game.log):3} actions {game.outcome or ''}{flag}")
