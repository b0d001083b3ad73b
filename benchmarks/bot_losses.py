"""Where the heuristic bot's Stealth goes, by phase, by the turn's start and by Event (docs/bots.md).

    python benchmarks/bot_losses.py GAMES [START] [NAME=VALUE ...]

Plays seeds START..START+GAMES-1 (The Bank Job, 2 basic characters, as ``burgle simulate``
does; NAME=VALUE plays a variant, as ``bot_variants.py``) and prints:

* **phases**: by Safes cracked so far (0-3), the crew's Stealth lost per game, the seat-turns
  played and the loss per seat-turn; the crew's Stealth left when each Safe falls; how many
  Safes the lost games had cracked.
* **own turn ends**: each end of the acting character's turn, by the chance the bot's danger
  map gives its cell (on the bot's re-dealt copy) and by the best chance it had in reach when
  the turn began (``HeuristicBot._anchor``): "start < .2" ends that were risky by choice,
  "start >= .2" ones that began cornered. With the Stealth the character lost in that end
  (its guard's move and the Event, TURN-4, TURN-7).
* **the opening**: Stealth lost before the first character reaches floor 2, by cause: the guard
  moving after the character's own turn, after the teammate's turn, an Event, or on the way
  (a move onto a guard, a Foyer, a new floor's guard placed).
* **the escape**: the games that crack every Safe, and how many of them escape, by what stood
  in the way then: Loot lying on a tile (the second Gold Bar, LOOT-5, by floor) or the loose
  Kitty (LOOT-10), both to be held before anyone escapes (ACT-15); the top floor's Stairs
  still face down.
* **Events**: each Event drawn (TURN-4), how often per game, and the crew's Stealth lost in
  the turn ends that drew it (the guard's move included).
* **how Stealth is lost**: each Stealth lost, by when (in the guard phase after a turn, TURN-7,
  with or without an Event drawn; or during an action, by its verb) and by whom (the active
  character, or its teammate).
* **actions left unspent**: the actions a turn ended with, per game, by Safes cracked so far
  and by what the character was to do (``HeuristicBot.floor_goal``: work its floor, with the
  Safe found or not; go up, standing on the Stairs or not; go down; the roof) and whether its
  teammate shared its floor, stood on the floor above or neither; and the
  Events those turn ends drew (2 actions spent or fewer, TURN-4), by the same keys.
"""
from __future__ import annotations

import collections
import statistics
import sys

from burgle.bots.heuristic import Plan
from burgle.bots.play import new_game
from burgle.bots.planner import LOSS_WEIGHT
from burgle.bots.seat import Seat

from bot_variants import variant

N = 16
MAX_ACTIONS = 3000


def band(p: float) -> str:
    return "< .2" if p < 0.2 else ".2-.8" if p < 0.8 else ">= .8"


def obstacles(g) -> list[str]:
    """What must happen before the crew may escape, once every Safe is cracked (ACT-15)."""
    s = g.s
    out = [f"a Gold Bar lying on floor {c // N + 1}" for c, t in enumerate(s.tiles) if "gold_bar" in t.items]
    if s.kitty is not None:
        out.append("the Kitty loose")
    top = s.floors - 1
    if not any(t.kind == "stairs" and t.revealed for t in s.tiles[top * N:(top + 1) * N]):
        out.append("the top floor's Stairs face down")
    return out


def goal(bot, plan, g) -> str:
    """What the active character was to do (``floor_goal``), the Safe found or not when working."""
    s = g.s
    ch = s.characters[s.active]
    kind, _ = bot.floor_goal(plan, ch)
    if kind == "work":
        safe = plan.safe[ch.cell // N]
        kind += ", Safe unknown" if safe is None else ", on the Safe" if ch.cell == safe else ", Safe known"
    elif kind == "up" and ch.cell == plan.stairs[ch.cell // N]:
        kind += ", on the Stairs"
    return kind


def seat_of(g, h) -> int:
    """The seat of the character a ``stealth_lost`` happening names."""
    return next(i for i, c in enumerate(g.s.characters) if g.who(c) == h.who)


def mate_here(s, ch) -> str:
    """Where the teammates stand: on the character's floor, else on the floor above (whose
    guard then moves after their turns too, TURN-7, if the character goes up), else neither."""
    floors = {o.cell // N for o in s.characters if o is not ch and o.on_board}
    f = ch.cell // N
    return "teammate on the floor" if f in floors else "teammate above" if f + 1 in floors else "alone"


def play(seed: int, bot_class, out: dict) -> None:
    g = new_game(seed, 2)
    bot = bot_class(seed)
    seat = Seat(g)
    cracked = 0
    turn = None
    opening = True
    escape: list[str] = []
    for _ in range(MAX_ACTIONS):
        if g.is_over:
            break
        s = g.s
        if s.turn != turn:
            turn = s.turn
            out["turns"][cracked] += 1
        action, _, copy = bot.deliberate(seat)
        active = s.active
        ch = s.characters[active]
        end_key = doing = None
        if action.verb == "end" and ch.cell is not None:
            plan = Plan(copy, bot.w)
            doing = (cracked, goal(bot, plan, copy), mate_here(s, ch))
            if g.actions_left > 0:
                out["unspent"][doing] += g.actions_left
            rated = plan.danger(copy, ch.cell // N).get(ch.cell, 0.0)
            anchor = bot._anchor
            if anchor[:2] == (s.turn, active):
                start = -anchor[3] / LOSS_WEIGHT.get(ch.stealth, bot.healthy)
                end_key = (band(rated), "start < .2" if start < 0.2 else "start >= .2")
                out["ends"][end_key] += 1
        own_before = ch.stealth
        crew_before = sum(c.stealth for c in s.characters)
        happened = g.apply(action)
        crew_after = sum(c.stealth for c in g.s.characters)
        if crew_after < crew_before:
            out["loss"][cracked] += crew_before - crew_after
        if end_key is not None and g.s.characters[active].stealth < own_before:
            out["end_loss"][end_key] += own_before - g.s.characters[active].stealth
        drew = any(h.kind == "event" for h in happened)
        if drew and doing is not None:
            out["event_doing"][doing] += 1
        when = ("guard phase" + (", Event drawn" if drew else "")) if action.verb == "end" else f"during {action.verb}"
        for h in happened:
            if h.kind == "stealth_lost":
                who = seat_of(g, h)
                out["how"][(when, "active" if who == active else "teammate")] += 1
        for h in happened:
            if h.kind == "event":
                name = str(h).split(":", 1)[-1].strip().rstrip(".")
                out["events"][name] += 1
                out["event_loss"][name] += max(0, crew_before - crew_after)
                break
        if opening and any(c.cell is not None and c.cell >= N for c in g.s.characters):
            opening = False
            out["up_turn"].append(g.s.turn)
        elif opening:
            cause = "on the way"
            for h in happened:
                if h.kind == "event":
                    cause = "Event"
                elif h.kind in ("guard_moves", "guard_placed") and cause != "Event":
                    cause = "guard"
                elif h.kind == "stealth_lost":
                    who = seat_of(g, h)
                    key = cause if cause != "guard" else "own guard" if who == active else "teammate's turn"
                    out["opening"][key] += 1
        now = sum(1 for t in g.s.tiles if t.kind == "safe" and t.cracked)
        if now > cracked:
            cracked = now
            out["at_crack"][cracked].append(crew_after)
            if all(t.cracked for t in g.s.tiles if t.kind == "safe"):
                escape = obstacles(g)
    if cracked == 3:
        for key in escape or ["nothing in the way"]:
            out["escape"][key][0] += 1
            out["escape"][key][1] += g.s.outcome == "won"
    if g.s.outcome != "won":
        out["lost_with"][cracked] += 1


def main(argv: list[str]) -> int:
    if not argv or not argv[0].isdigit():
        print(__doc__)
        return 2
    games = int(argv[0])
    start = int(argv[1]) if len(argv) > 1 and argv[1].isdigit() else 1000
    settings = [a for a in argv[1:] if "=" in a]
    bot_class = variant(settings)
    out = {k: collections.Counter() for k in ("turns", "loss", "ends", "end_loss", "events", "event_loss", "lost_with",
                                                  "how", "unspent", "event_doing")}
    out["at_crack"] = collections.defaultdict(list)
    out["opening"] = collections.Counter()
    out["escape"] = collections.defaultdict(lambda: [0, 0])
    out["up_turn"] = []
    for seed in range(start, start + games):
        play(seed, bot_class, out)
    n = games
    print(f"seeds {start}-{start + n - 1}{' ' + ' '.join(settings) if settings else ''}: "
          f"lost games by Safes cracked {dict(sorted(out['lost_with'].items()))}, won {n - sum(out['lost_with'].values())}")
    print("phase (Safes cracked): crew Stealth lost per game / seat-turns per game / per seat-turn")
    for k in range(4):
        t = out["turns"][k]
        print(f"  {k}: {out['loss'][k] / n:.2f} / {t / n:.1f} / {out['loss'][k] / t if t else 0:.3f}")
    print("crew Stealth left when Safe k falls: " + ", ".join(
        f"{k}: {statistics.mean(v):.2f} ({len(v)} games)" for k, v in sorted(out["at_crack"].items())))
    print(f"the opening (to seat-turn {statistics.median(out['up_turn']) if out['up_turn'] else '-'} at the median, "
          f"{len(out['up_turn'])} games went up): Stealth lost a game "
          + ", ".join(f"{k} {v / n:.2f}" for k, v in out["opening"].most_common()))
    print("own turn ends, by the end's rated chance and the best in reach at the turn's start: ends / Stealth lost, per game")
    for key in sorted(out["ends"]):
        print(f"  end {key[0]:6s} {key[1]:12s} {out['ends'][key] / n:6.2f} / {out['end_loss'][key] / n:.2f}")
    print("the escape, once every Safe is cracked: games / won, by what stood in the way")
    for key, (k, won) in sorted(out["escape"].items()):
        print(f"  {key:36s} {k:4d} / {won}")
    total = sum(out["events"].values())
    print(f"Events: {total / n:.1f} a game, crew Stealth lost in their turn ends {sum(out['event_loss'].values()) / n:.2f} a game")
    for name, k in sorted(out["events"].items(), key=lambda kv: -out["event_loss"][kv[0]])[:10]:
        print(f"  {name:24s} {k / n:.2f} a game, {out['event_loss'][name] / n:.3f} lost")
    print(f"how Stealth is lost: {sum(out['how'].values()) / n:.2f} a game")
    for (when, who), k in out["how"].most_common(8):
        print(f"  {when:28s} {who:9s} {k / n:.2f}")
    print(f"actions left unspent at a turn's end: {sum(out['unspent'].values()) / n:.1f} a game; the most, by Safes "
          "cracked and what the character was to do")
    for (k, kind, mate), v in out["unspent"].most_common(10):
        print(f"  {k} {kind:24s} {mate:22s} {v / n:.2f}")
    print(f"Events drawn at the acting character's turn end: {sum(out['event_doing'].values()) / n:.1f} a game; the most, "
          "by the same keys")
    for (k, kind, mate), v in out["event_doing"].most_common(8):
        print(f"  {k} {kind:24s} {mate:22s} {v / n:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
