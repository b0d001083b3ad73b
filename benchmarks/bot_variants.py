"""Variant runner: python benchmarks/bot_variants.py SEED GAMES [attr=value ...] (HeuristicBot with class attributes set)."""
import sys, time
from burgle.bots.play import play_game
from burgle.bots.planner import HeuristicBot

seed, games = int(sys.argv[1]), int(sys.argv[2])
attrs = {}
for kv in sys.argv[3:]:
    k, v = kv.split("=")
    attrs[k] = float(v) if "." in v else int(v)
Bot = type("Variant", (HeuristicBot,), attrs)
t = time.time()
recs = [play_game(Bot, seed=s, players=2) for s in range(seed, seed + games)]
w = sum(r.won for r in recs)
dist = [sum(r.safes == k for r in recs) for k in range(4)]
print(f"{attrs} seeds {seed}+{games}: wins {w}/{games}, safes/g {sum(r.safes for r in recs)/games:.3f}, "
      f"0/1/2/3 {dist}, unfinished {sum(r.outcome is None for r in recs)}, {time.time()-t:.0f}s")
