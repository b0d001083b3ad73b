"""Tracer for the planner (planfix work): where the turns and the Stealth go.

python benchmarks/bot_trace.py N [START] [v]   # N seeds from START; v prints every action with its reason
"""
import collections
import statistics
import sys

from burgle.bots.heuristic import Plan
from burgle.bots.play import new_game
from burgle.bots.planner import HeuristicBot
from burgle.bots.seat import Seat
from burgle.engine.safes import combination

N = 16
MAX = 1500


def run(seed, verbose=False, bot_class=HeuristicBot):
    g = new_game(seed, 2)
    bot = bot_class(seed)
    seat = Seat(g)
    r = dict(cracks=[], shared=0, turns=0, pace=0, loss=collections.Counter(), ends=[],
             first_up=None, events=0, floor1_loss=0)
    cur_turn = None
    cells = []
    start_st = None
    count = 0
    while not g.is_over and count < MAX:
        count += 1
        s = g.s
        a, why, gd = bot.deliberate(seat)
        why = why or "only"
        if s.turn != cur_turn and s.phase == "actions":
            cur_turn = s.turn
            r["turns"] += 1
            ch = s.characters[s.active]
            cells = [ch.cell]
            others = [o for o in s.characters if o is not ch and o.on_board]
            if ch.cell is not None and any(o.cell // N == ch.cell // N for o in others):
                r["shared"] += 1
                f = ch.cell // N
                cr = any(t.kind == "safe" and t.cracked for t in s.tiles[f * N:(f + 1) * N])
                r.setdefault("shared_by", collections.Counter())[(f + 1, "cracked" if cr else "open")] += 1
            if verbose:
                print(f"T{s.turn} seat{s.active} {ch.name} cell={g.name(ch.cell) if ch.cell is not None else None}"
                      f" st={[c.stealth for c in s.characters]} "
                      f"chars={[g.name(c.cell) if c.cell is not None else None for c in s.characters]} "
                      f"guards={[g.name(x.cell) if x.cell is not None else None for x in s.guards]}")
        if verbose:
            print("   ", a, "|", why)
        active = s.active
        ch = s.characters[active]
        if a.verb == "end" and ch.cell is not None:
            # the danger the bot rated for this end (on its re-dealt copy)
            p = Plan(gd, bot.w).danger(gd, ch.cell // N).get(ch.cell, 0.0)
            moved = len(cells) > 1
            if moved and ch.cell in cells[:-1]:
                r["pace"] += 1
            end_rec = [p, 0]
        else:
            end_rec = None
        hap = g.apply(a)
        s2 = g.s
        ch2 = s2.characters[active]
        if ch2.cell is not None and (not cells or cells[-1] != ch2.cell) and s2.active == active:
            cells.append(ch2.cell)
        ctx = "action"
        for h in hap:
            if h.kind == "event":
                ctx = "event"
                r["events"] += 1
            elif h.kind in ("guard_moves", "guard_placed"):
                ctx = "guard"
            elif h.kind in ("stealth_lost", "stealth_tile"):
                loser = next((i for i, c in enumerate(s2.characters) if g.who(c) == h.who), None)
                if ctx == "guard":
                    k = "guard-own" if loser == active else "guard-mate"
                    if end_rec is not None and loser == active:
                        end_rec[1] += 1
                else:
                    k = ctx
                if h.kind == "stealth_tile":
                    k += "(tile)"
                r["loss"][k] += 1
                if s.turn <= 8:
                    r["floor1_loss"] += 1
        if end_rec is not None:
            r["ends"].append(tuple(end_rec))
        ms = r.setdefault("milestones", {})
        for f in range(3):
            for c in range(f * N, f * N + N):
                t = s2.tiles[c]
                if t.revealed and t.kind == "safe":
                    ms.setdefault((f, "found"), s2.turn)
                    if all(s2.tiles[x].revealed for x in combination(c)):
                        ms.setdefault((f, "revealed"), s2.turn)
                    if t.cracked:
                        ms.setdefault((f, "cracked"), s2.turn)
            if any(o.cell is not None and o.cell // N == f for o in s2.characters):
                ms.setdefault((f, "arrived"), s2.turn)
        if sum(1 for t in s2.tiles if t.kind == "safe" and t.cracked) > len(r["cracks"]):
            r["cracks"].append(s2.turn)
            r.setdefault("order", []).extend(c // N + 1 for c, t in enumerate(s2.tiles) if t.kind == "safe" and t.cracked
                                             and c // N + 1 not in r.get("order", []))
        if r["first_up"] is None and any(c.cell is not None and c.cell >= N for c in s2.characters):
            r["first_up"] = s2.turn
    r["outcome"] = g.s.outcome
    r["last"] = g.s.turn
    return r


def summary(res):
    n = len(res)
    out = []
    for k in range(3):
        ts = [x["cracks"][k] for x in res if len(x["cracks"]) > k]
        out.append(f"safe{k + 1}: {len(ts)} med {statistics.median(ts) if ts else None}")
    print(" | ".join(out), "| wins", sum(x["outcome"] == "won" for x in res), "| safes/g",
          round(sum(len(x["cracks"]) for x in res) / n, 2))
    print("turns/g", round(sum(x["turns"] for x in res) / n, 1), "shared/g", round(sum(x["shared"] for x in res) / n, 1),
          "pace/g", round(sum(x["pace"] for x in res) / n, 2), "events/g", round(sum(x["events"] for x in res) / n, 2),
          "first up med", statistics.median([x["first_up"] or 99 for x in res]),
          "loss by T8/g", round(sum(x["floor1_loss"] for x in res) / n, 2))
    print("crack orders:", collections.Counter("".join(map(str, x.get("order", []))) for x in res).most_common(8))
    steps = ("arrived", "found", "revealed", "cracked")
    for f in range(3):
        parts = []
        for a, b in zip(steps, steps[1:]):
            d = [x["milestones"][(f, b)] - x["milestones"][(f, a)] for x in res
                 if (f, a) in x.get("milestones", {}) and (f, b) in x["milestones"]]
            parts.append(f"{a}->{b} {statistics.median(d) if d else None} ({len(d)})")
        print(f"floor {f + 1}:", ", ".join(parts))
    sb = collections.Counter()
    for x in res:
        sb.update(x.get("shared_by", {}))
    print("shared turns by (floor, its Safe)/g:", {k: round(v / n, 2) for k, v in sorted(sb.items())})
    loss = collections.Counter()
    for x in res:
        loss.update(x["loss"])
    print("Stealth lost per game:", {k: round(v / n, 2) for k, v in sorted(loss.items())})
    buckets = collections.defaultdict(lambda: [0, 0])
    for x in res:
        for p, l in x["ends"]:
            b = "<20" if p < 0.2 else "20-80" if p < 0.8 else ">=80"
            buckets[b][0] += 1
            buckets[b][1] += l
    print("ends by rated danger (ends/g, own-guard loss/g):",
          {b: (round(v[0] / n, 1), round(v[1] / n, 2)) for b, v in sorted(buckets.items())})


if __name__ == "__main__":
    attrs = {}
    for kv in [x for x in sys.argv[1:] if "=" in x]:
        k, v = kv.split("=")
        attrs[k] = float(v) if "." in v else int(v)
    sys.argv = [x for x in sys.argv if "=" not in x]
    Bot = type("Variant", (HeuristicBot,), attrs)
    n = int(sys.argv[1])
    start = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2] != "v" else 1000
    if "v" in sys.argv[2:]:
        r = run(start, True, Bot)
        print({k: v for k, v in r.items() if k != "ends"})
        sys.exit()
    summary([run(s, False, Bot) for s in range(start, start + n)])
