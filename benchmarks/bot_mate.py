"""Guard-mate losses (branch `shared`): a character seen by its floor's guard moving in the
teammate's turn (TURN-7). For each such loss: what the victim's map rated its cell at its own
last turn end (twice: the teammate's move counted), what the active teammate's map (one move)
rated the victim's cell at the active's turn start and at its end, and what the active did
(alarms set off, ALARM-3; an Event, TURN-4; whether it ended on the victim's floor).

python benchmarks/bot_mate.py N [START] [attr=value ...]
"""
import collections
import sys

from burgle.bots.heuristic import Plan
from burgle.bots.play import new_game
from burgle.bots.planner import HeuristicBot
from burgle.bots.seat import Seat

N = 16
MAX = 1500


def run(seed, bot_class=HeuristicBot):
    g = new_game(seed, 2)
    bot = bot_class(seed)
    seat = Seat(g)
    last_end = {}  # seat -> rated danger (twice) of its cell at its own last end
    last_shared = {}  # seat -> whether a teammate stood on its floor at its own last end
    last_event = {}  # seat -> whether its own last turn end drew an Event (TURN-4)
    out = []
    turn = None
    info = None
    count = 0
    while not g.is_over and count < MAX:
        count += 1
        s = g.s
        a, _, gd = bot.deliberate(seat)
        active = s.active
        ch = s.characters[active]
        mates = [(i, o) for i, o in enumerate(s.characters) if i != active and o.on_board and o.cell is not None]
        if s.turn != turn and s.phase == "actions":
            if info is not None:
                last_event[info["seat"]] = info["event"]
            turn = s.turn
            info = dict(seat=active, alarms=0, event=False, start={}, on_floor={},
                        stairs=any(o.cell // N == ch.cell // N and ch.cell is not None for i, o in mates)
                        and any(t.kind == "stairs" and t.revealed for t in s.tiles[(ch.cell // N) * N:(ch.cell // N + 1) * N]))
            for i, o in mates:
                info["on_floor"][i] = ch.cell is not None and ch.cell // N == o.cell // N
            for i, o in mates:
                info["start"][i] = Plan(gd, bot.w).danger(gd, o.cell // N, twice=False).get(o.cell, 0.0)
        if a.verb == "end" and ch.cell is not None:
            info["end_floor"] = ch.cell // N
            info["end"] = {i: Plan(gd, bot.w).danger(gd, o.cell // N, twice=False).get(o.cell, 0.0)
                           if o.cell // N == ch.cell // N else None for i, o in mates}
            last_shared[active] = any(o.cell // N == ch.cell // N for i, o in mates)
            last_end[active] = Plan(gd, bot.w).danger(gd, ch.cell // N).get(ch.cell, 0.0)
        hap = g.apply(a)
        ctx = "action"
        for h in hap:
            if h.kind == "alarm" and info is not None:
                info["alarms"] += 1
            if h.kind == "event":
                ctx = "event"
                if info is not None:
                    info["event"] = True
            elif h.kind in ("guard_moves", "guard_placed"):
                ctx = "guard"
            elif h.kind == "stealth_lost" and ctx == "guard":
                loser = next((i for i, c in enumerate(g.s.characters) if g.who(c) == h.who), None)
                if loser != active:
                    out.append(dict(seed=seed, turn=s.turn, own=last_end.get(loser), start=info["start"].get(loser),
                                    end=(info.get("end") or {}).get(loser), alarms=info["alarms"],
                                    event=info["event"], own_event=last_event.get(loser, False),
                                    own_shared=last_shared.get(loser, False), on_floor=info["on_floor"].get(loser),
                                    stairs=info["stairs"], stealth=g.s.characters[loser].stealth))
    return out


def b(p):
    return "none" if p is None else "<10" if p < 0.1 else "10-30" if p < 0.3 else "30-60" if p < 0.6 else ">=60"


if __name__ == "__main__":
    attrs = {}
    for kv in [x for x in sys.argv[1:] if "=" in x]:
        k, v = kv.split("=")
        attrs[k] = float(v) if "." in v else int(v)
    args = [x for x in sys.argv[1:] if "=" not in x]
    Bot = type("Variant", (HeuristicBot,), attrs)
    n = int(args[0])
    start = int(args[1]) if len(args) > 1 else 1000
    rows = [x for sd in range(start, start + n) for x in run(sd, Bot)]
    print(f"guard-mate losses: {len(rows)} in {n} games ({len(rows) / n:.2f}/game)")
    for key in ("own", "start", "end"):
        print(f"  by {key}:", dict(sorted(collections.Counter(b(x[key]) for x in rows).items())))
    print("  active set off alarms:", sum(x["alarms"] > 0 for x in rows), "| Event drawn:", sum(x["event"] for x in rows))
    print("  start<10 & end>=30 (the active's turn made it):", sum((x["start"] or 0) < 0.1 and (x["end"] or 0) >= 0.3 for x in rows))
    print("  active on the victim's floor at its start:", sum(bool(x["on_floor"]) for x in rows),
          "| of those with the floor's Stairs face up:", sum(bool(x["on_floor"]) and x["stairs"] for x in rows),
          "| start>=60 & on floor & Stairs up:", sum(bool(x["on_floor"]) and x["stairs"] and (x["start"] or 0) >= 0.6 for x in rows))
    late = [x for x in rows if (x["own"] or 0) < 0.1 and (x["start"] or 0) >= 0.6]
    print("  own end < 10 % but >= 60 % at the teammate's start:", len(late),
          "| of those, the victim's own end drew an Event:", sum(x["own_event"] for x in late),
          "| had no teammate on its floor then:", sum(not x["own_shared"] for x in late),
          "| neither:", sum(not x["own_event"] and x["own_shared"] for x in late))
    print("  by turn <=8:", sum(x["turn"] <= 8 for x in rows))
    for x in rows[:40]:
        print("   ", x)
