"""Where the "guard-mate" Stealth goes: a character seen by its floor's guard moving after
its TEAMMATE's turn (TURN-7). For each such loss: how the victim's own previous end was rated
(the danger map with the teammate's move counted), how the teammate's end rated the victim
(one move), and what the teammate's turn did (alarms set off, ALARM-3; an Event; actions).

python benchmarks/bot_mate_loss.py N [START] [NAME=VALUE ...]
"""
import collections
import sys

from burgle.bots.heuristic import Plan
from burgle.bots.play import new_game
from burgle.bots.planner import HeuristicBot
from burgle.bots.seat import Seat

N = 16
MAX = 1500


def run(seed, bot_class, out):
    g = new_game(seed, 2)
    bot = bot_class(seed)
    seat = Seat(g)
    own_end = {}  # seat -> rated danger (twice) at its own last end
    turn = dict(alarms=0, event=False, actions=0, mate_p=None)
    cur = None
    count = 0
    while not g.is_over and count < MAX:
        count += 1
        s = g.s
        legal = seat.legal_actions()
        gd = seat.determinized(bot.rng.getrandbits(48))
        a = legal[0] if len(legal) == 1 else bot.decide(gd, legal)[0]
        if s.turn != cur and s.phase == "actions":
            cur = s.turn
            turn = dict(alarms=0, event=False, actions=0, mate_p=None, start_floor=None)
            ch = s.characters[s.active]
            turn["start_floor"] = ch.cell // N if ch.cell is not None else 0
        active = s.active
        ch = s.characters[active]
        if a.verb == "end" and ch.cell is not None:
            f = ch.cell // N
            own_end[active] = Plan(gd, bot.w).danger(gd, f).get(ch.cell, 0.0)
            # the victim's danger as the active character's end score saw it
            for i, o in enumerate(gd.s.characters):
                if i != active and o.on_board and o.cell // N == f:
                    turn["mate_p"] = Plan(gd, bot.w).danger(gd, f).get(o.cell, 0.0)
            turn["end_floor_changed"] = f != turn["start_floor"]
        elif a.verb != "end":
            turn["actions"] += 1
        hap = g.apply(a)
        ctx = "action"
        for h in hap:
            if h.kind == "event":
                ctx = "event"
                turn["event"] = True
            elif h.kind == "alarm" and ctx == "action":
                turn["alarms"] += 1
            elif h.kind in ("guard_moves", "guard_placed"):
                ctx = "guard"
            elif h.kind in ("stealth_lost", "stealth_tile") and ctx == "guard":
                loser = next((i for i, c in enumerate(g.s.characters) if g.who(c) == h.who), None)
                if loser is not None and loser != active:
                    out.append(dict(seed=seed, turn=s.turn, own_p=own_end.get(loser), mate_p=turn["mate_p"],
                                    alarms=turn["alarms"], event=turn["event"], actions=turn["actions"],
                                    moved_floor=turn.get("end_floor_changed", False)))


def band(p):
    if p is None:
        return "none"
    return "<0.2" if p < 0.2 else "0.2-0.5" if p < 0.5 else "0.5-0.8" if p < 0.8 else ">=0.8"


if __name__ == "__main__":
    attrs = {}
    for kv in [x for x in sys.argv[1:] if "=" in x]:
        k, v = kv.split("=")
        attrs[k] = float(v) if "." in v else int(v)
    args = [x for x in sys.argv[1:] if "=" not in x]
    n = int(args[0])
    start = int(args[1]) if len(args) > 1 else 1000
    Bot = type("Variant", (HeuristicBot,), attrs)
    out = []
    for sd in range(start, start + n):
        run(sd, Bot, out)
    print(f"guard-mate losses: {len(out)} in {n} games ({len(out) / n:.2f}/game)")
    for key in ("own_p", "mate_p"):
        print(f"by {key}:", dict(sorted(collections.Counter(band(r[key]) for r in out).items())))
    print("teammate set off an alarm:", sum(r["alarms"] > 0 for r in out),
          "| an Event in its turn:", sum(r["event"] for r in out),
          "| teammate left the floor:", sum(r["moved_floor"] for r in out),
          "| by turn 8:", sum(r["turn"] <= 8 for r in out))
    print("teammate's actions:", dict(sorted(collections.Counter(r["actions"] for r in out).items())))
    print("own_p<0.2 & mate_p<0.2:", sum((r["own_p"] or 0) < 0.2 and (r["mate_p"] or 0) < 0.2 for r in out),
          "| of those with alarm:", sum((r["own_p"] or 0) < 0.2 and (r["mate_p"] or 0) < 0.2 and r["alarms"] > 0 for r in out),
          "| with Event:", sum((r["own_p"] or 0) < 0.2 and (r["mate_p"] or 0) < 0.2 and r["event"] for r in out))
