"""The first heuristic bot (``ValueBot``), and the eyes every bot here shares.

Since the planner (:mod:`burgle.bots.planner`, ``HeuristicBot``) replaced it as the
"heuristic" bot, this module keeps: :class:`Plan` (what a re-dealt copy shows: Safes,
Stairs, face-down pool, the guard danger map), :func:`crack_chance`, and ``ValueBot``,
which values every legal action with one formula (kept for comparison: it cracks about
one Safe a game and wins none, docs/bots.md). What follows describes ``ValueBot``.

It plays every seat of the crew through a :class:`~burgle.bots.seat.Seat`: it reads
``legal_actions()`` and a copy of the game re-dealt from public information
(:func:`~burgle.bots.seat.determinize`), and never the real hidden state.

How it decides (one action at a time, re-planned after every action):

* **The team plan.** Safes are cracked bottom-up: the *target floor* is the lowest floor
  whose Safe is not cracked (cracking raises the guard dice on that floor and below,
  ACT-12, so the crew leaves them behind), then the top floor's Stairs and the roof (ACT-15, JOB-4).
  On the target floor the goal is, in order: find the Safe (reveal tiles), reveal its
  combination (the 6 tiles of its row and column, ACT-11), then stand on it to add dice
  and roll. A character below the target floor heads for its floor's Stairs.
* **Where the guard will walk.** For each floor the guard's next move comes from the
  forecast (:func:`burgle.analysis.guard_forecast.forecast`); where its known part ends
  on an unseen patrol card, every unseen card of that floor is walked with equal weight
  (they are exchangeable). That gives, per cell, the chance he enters it: the *danger*.
* **Value of a state.** Progress (Safes cracked, combination tiles revealed and cracked,
  dice on Safes, Stairs and Safes found, tiles revealed, characters escaped), Stealth
  (worth more as it runs low; none left means the next sighting is capture), held
  tools, alarms (each speeds a guard, GUARD-6), and each character's position: its
  distance to its goal in actions, and the danger of the cell where its turn ends. For
  the acting character the position term looks ahead over its remaining actions: the
  best cell it can still reach and end on.
* **Choosing an action.** Deterministic actions are applied to a re-dealt copy and the
  resulting state is valued. Actions whose result is chance are valued by expectation
  instead of one sample: a peek or a move into a face-down tile (the chance it is the
  Safe or the Stairs, the cost of what could lie there), and a Safe roll (the exact
  chance to crack each number, and the whole Safe). At a Safe whose combination is
  revealed, it adds dice up to a target count, then rolls.
* **Abilities and cards** are free actions or actions like any other: the Hawk's free
  peeks, tools, trades and the rest are tried on the copy and kept when they raise the
  value (free actions only above a margin, and a few per turn, so a turn always ends).

>>> from burgle.bots.play import play_game
>>> record = play_game(ValueBot, seed=3, players=2)
>>> record.outcome in ("won", "lost", None), record.actions > 10
(True, True)
"""

from __future__ import annotations

import functools
import heapq
import math
import random
from dataclasses import dataclass
from typing import NamedTuple

from burgle.analysis.guard_forecast import forecast
from burgle.data.tiles import TILE_COPIES
from burgle.engine.actions import Action
from burgle.engine.safes import combination
from burgle.engine.moves import ADJACENT, links_from, restriction
from burgle.engine.turns import event_threshold
from burgle.geometry.board import CELLS_PER_FLOOR

N = CELLS_PER_FLOOR
WIN, LOSS = 100_000.0, -100_000.0
INF = 1e9  # "out of reach" in the bots' walks and scores


@dataclass(frozen=True)
class Weights:
    """The bot's tunable numbers (value units are roughly "one action of progress")."""

    safe_cracked: float = 120.0
    safe_found_target: float = 16.0
    safe_found_later: float = 6.0
    stairs_found: float = 8.0
    comb_revealed: float = 3.0
    comb_cracked: float = 7.0
    explore: float = 0.6
    escaped: float = 150.0
    floor_step: float = 30.0  # per floor away from the floor with work
    goal: float = 2.0  # per action of distance to the goal
    action_cost: float = 0.1  # per action spent: of two equal plans, the shorter
    alarm: float = 4.0
    tool: float = 3.0
    event: float = 0.0  # ending with an Event to draw (no back-and-forth to dodge it: DEC-10 etiquette)
    revisit: float = 3.0  # moving back onto a cell already stood on this turn
    free_margin: float = 0.5  # a free action must gain at least this much
    free_per_turn: int = 8
    dice_target: int = 3


STEALTH_VALUE = (0.0, 100.0, 170.0, 220.0, 255.0, 280.0, 300.0)
CAPTURE = 4000.0
TOOL_PRIORITY = ("rollerskates", "invisible_suit", "makeup_kit", "smoke_bomb", "donuts", "emp",
                 "blueprints", "stethoscope", "crowbar", "virus", "thermal_bomb", "dynamite", "crystal_ball")
# Expected cost (value units) of moving into a face-down tile, by what it turns out to be
HAZARD = {"deadbolt": 4.0, "keypad": 4.0, "laser": 2.0, "fingerprint": 4.0, "motion": 2.0,
          "thermo": 1.0, "camera": 0.5, "detector": 1.0}
WALKWAY_FALL = 20.0


def stealth_value(n: int) -> float:
    return STEALTH_VALUE[n] if n < len(STEALTH_VALUE) else STEALTH_VALUE[-1] + 5.0 * (n - len(STEALTH_VALUE) + 1)


def crack_chance(needed: list[int], dice: int) -> float:
    """P(every number in *needed* shows on at least one of *dice* dice), by inclusion-exclusion."""
    m = len(needed)
    if m == 0:
        return 1.0
    if dice <= 0:
        return 0.0
    total = 0.0
    comb = 1
    for j in range(m + 1):
        total += (-1) ** j * comb * ((6 - j) / 6) ** dice
        comb = comb * (m - j) // (j + 1)
    return max(0.0, total)


def _left_after_roll(missing: int, dice: int) -> list[float]:
    """P(exactly j of *missing* distinct needed numbers still missing after rolling *dice*
    dice), j = 0..missing: the j miss every die and the others each show (inclusion-exclusion)."""
    out = []
    for j in range(missing + 1):
        hit = sum((-1) ** i * math.comb(missing - j, i) * ((6 - j - i) / 6) ** dice for i in range(missing - j + 1))
        out.append(math.comb(missing, j) * hit)
    return out


@functools.lru_cache(maxsize=None)
def actions_to_crack(dice: int, missing: int, bonus: int = 0) -> tuple[float, bool]:
    """(expected actions to crack a Safe, add a die first?) when *dice* dice lie on it,
    *missing* distinct numbers of its revealed combination are still to crack, the roller
    rolls *bonus* extra dice (the Peterman, CHAR-9), a die costs 2 actions (ACT-10) and a
    roll 1 (ACT-11, at least 1 die on the Safe). A die added stays on the Safe; every roll
    cracks each needed number it shows. Solved by the fewest expected actions (backward over
    *missing*, each state compared with one die more, up to the 6 dice a Safe holds).

    >>> [actions_to_crack(d, 4)[1] for d in range(5)]  # 4 numbers missing: 2 dice, then roll
    [True, True, False, False, False]
    >>> [actions_to_crack(d, 5)[1] for d in range(5)]  # 5 missing: a third die pays
    [True, True, True, False, False]
    >>> actions_to_crack(1, 4, bonus=1)[1], round(actions_to_crack(3, 4)[0], 2)  # the Peterman rolls 1 + 1
    (False, 4.5)
    """
    if missing == 0:
        return 0.0, False
    roll = math.inf
    if dice > 0:
        left = _left_after_roll(missing, dice + bonus)
        if left[missing] < 1.0:
            rest = sum(p * actions_to_crack(dice, j, bonus)[0] for j, p in enumerate(left[:missing]))
            roll = (1.0 + rest) / (1.0 - left[missing])
    add = 2.0 + actions_to_crack(dice + 1, missing, bonus)[0] if dice < 6 else math.inf
    return (add, True) if add < roll else (roll, False)


class Plan:
    """What the bot knows and wants in one decision, read from the public part of a
    (re-dealt) game: it touches only face-up tiles, tokens, guards, dice, discard piles
    and characters, all of which the view shows."""

    def __init__(self, g, w: Weights):
        self.g = g
        self.w = w
        s = g.s
        self.floors = len(s.guards)
        self.safe = [None] * self.floors
        self.stairs = [None] * self.floors
        self.facedown = [0] * self.floors
        for c, t in enumerate(s.tiles):
            f = c // N
            if not t.revealed:
                self.facedown[f] += 1
            elif t.kind == "safe":
                self.safe[f] = c
            elif t.kind == "stairs":
                self.stairs[f] = c
        self.cracked = [self.safe[f] is not None and s.tiles[self.safe[f]].cracked for f in range(self.floors)]
        self.target = next((f for f in range(self.floors) if not self.cracked[f]), self.floors - 1)
        self.escape_phase = all(self.cracked)
        # face-down pool composition (public: all copies minus the face-up ones)
        counts: dict[str, int] = {}
        for kind, _ in TILE_COPIES:
            counts[kind] = counts.get(kind, 0) + 1
        for t in s.tiles:
            if t.revealed:
                counts[t.kind] -= 1
        self.pool = counts
        self.pool_size = max(1, sum(counts.values()) - counts.get("safe", 0) - counts.get("stairs", 0))
        self._goal: dict[int, dict[int, float]] = {}
        self._danger: dict[tuple, dict[int, float]] = {}

    # ------------------------------------------------------------------ geometry
    def neighbours(self, c: int):
        return self.g.neighbours(c)

    def floor_targets(self, f: int) -> tuple[list[int], float]:
        """Goal cells on floor index *f* and the floor's bonus. A floor whose Safe is not
        cracked is worked where the character stands; from a cracked floor it heads for
        the nearest floor with work, up the Stairs first; once all are cracked, for the
        top floor's Stairs and the roof (ACT-15)."""
        g, s = self.g, self.g.s
        top = self.floors - 1
        w = self.w
        if self.escape_phase:
            goal = [self.stairs[f]] if self.stairs[f] is not None else self.frontier(f)
            return goal, -w.floor_step * (top - f)
        if self.cracked[f]:
            ups = [x for x in range(f + 1, self.floors) if not self.cracked[x]]
            if ups:
                goal = [self.stairs[f]] if self.stairs[f] is not None else self.frontier(f)
                return goal, -w.floor_step * (ups[0] - f)
            downs = [x for x in range(f) if not self.cracked[x]]
            below = self.stairs[f - 1]
            goal = [below + N] if below is not None else self.frontier(f)
            return goal, -w.floor_step * (f - downs[-1])
        safe = self.safe[f]
        if safe is None:
            return self.frontier(f), 0.0
        hidden = [c for c in combination(safe) if not s.tiles[c].revealed]
        if hidden:
            spots = {c for h in hidden for c in g.neighbours(h) if s.tiles[c].revealed}
            return sorted(spots) or self.frontier(f), 0.0
        return [safe], 0.0

    @staticmethod
    def _on_camera(s, c: int) -> bool:
        """Whether *c* holds a working Camera (face up, no Crowbar: TILE-2)."""
        return s.tiles[c].kind == "camera" and s.tiles[c].working

    def cameras(self, f: int) -> list[int]:
        s = self.g.s
        return [c for c in range(N * f, N * f + N) if self._on_camera(s, c)]

    def frontier(self, f: int) -> list[int]:
        s = self.g.s
        out = [c for c in range(N * f, N * f + N) if s.tiles[c].revealed
               and any(not s.tiles[d].revealed for d in self.g.neighbours(c))]
        return out or [c for c in range(N * f, N * f + N) if s.tiles[c].revealed] or list(range(N * f, N * f + N))

    def enter_cost(self, c: int) -> float:
        t = self.g.s.tiles[c]
        if not t.revealed:
            return 2.0
        k = t.kind
        if t.crowbar:
            return 1.0
        if k == "deadbolt":
            return 3.0
        if k == "keypad" and not t.keypad_open:
            return 4.0
        if k == "laser":
            return 2.0
        return 1.0

    def goal_dist(self, f: int) -> tuple[dict[int, float], float]:
        """Distance in actions from each cell of floor *f* to its goal (Dijkstra backwards)."""
        got = self._goal.get(f)
        if got is None:
            targets, bonus = self.floor_targets(f)
            dist = {c: 0.0 for c in targets}
            heap = [(0.0, c) for c in targets]
            guards = {gd.cell for gd in self.g.s.guards if gd.cell is not None}
            while heap:
                d, c = heapq.heappop(heap)
                if d > dist.get(c, 1e9):
                    continue
                step = self.enter_cost(c) + (3.0 if c in guards else 0.0)
                for n in self.neighbours(c):
                    nd = d + step
                    if nd < dist.get(n, 1e9):
                        dist[n] = nd
                        heapq.heappush(heap, (nd, n))
            got = self._goal[f] = (dist, bonus)
        return got

    def pos_value(self, c: int) -> float:
        f = c // N
        dist, bonus = self.goal_dist(f)
        return bonus - self.w.goal * dist.get(c, 12.0)

    # ------------------------------------------------------------------ the guard
    def danger(self, g, f: int, twice: bool | None = None, lift: bool = False) -> dict[int, float]:
        """Per cell of floor index *f*: the chance the floor's guard enters it before the
        acting character's next turn. His next move is the forecast; where its known part
        ends on an unseen patrol card, every unseen card of the floor is walked with equal
        weight (they are exchangeable). When another character stays on this floor, he
        moves once more after its turn: that walk is added the same way.

        *lift*: the map for the acting character ending its turn elsewhere. It differs only
        when the character stands on a working Camera of the floor: there it makes the guard
        trigger an alarm on its cell when he steps on another Camera (TILE-2), which bends his
        route toward that cell; a character that walks off takes that detour with it."""
        s = g.s
        guard = s.guards[f]
        if guard.cell is None or guard.die is None:
            return {}
        base = N * f
        alarms = tuple(c for c in range(base, base + N) if s.tiles[c].alarm)
        active = s.characters[s.active]
        if twice is None:
            twice = any(o.on_board and o is not active and o.cell // N == f for o in s.characters)
        lifted = lift and active.on_board and active.cell // N == f and self._on_camera(s, active.cell)
        # who stands on a working Camera changes his route (TILE-2): part of the key
        on_cameras = tuple(o.cell for o in s.characters if o.on_board and o.cell // N == f
                           and self._on_camera(s, o.cell) and not (lifted and o is active))
        key = (f, guard.cell, guard.die, guard.speed, guard.donuts, s.crow, alarms, tuple(s.turn_effects), twice,
               on_cameras)
        got = self._danger.get(key)
        if got is not None:
            return got
        if lifted:  # the same floor with the acting character off it
            g = g.copy()
            g.s.characters[g.s.active].cell = None
        fc = forecast(g, f + 1, end_of_turn=False)
        out: dict[int, float] = {}
        for c in fc.path:
            out[c] = 1.0
        table = g.table(f + 1)
        unseen_all = self.next_cards(guard, base)
        # the card after next (a teammate's turn follows): from the whole floor once the deck
        # runs out (GUARD-4); this drops the one card the first move may draw
        unseen_after = unseen_all if len(guard.deck) >= 2 else list(range(base, base + N))
        end = fc.end if fc.end is not None else guard.cell
        # where he stands after the move, with his destination: [(p, cell, dest or None)]
        last = fc.steps[-1] if fc.steps else None
        if last is not None and last.captured is not None:
            # the forecast stops at a capture (END-4); the danger of the cells beyond must
            # not depend on who stands where: walk on toward his destination
            here, left = last.cell, last.mp_left
            dest = fc.legs[-1].destination if fc.legs else guard.die
            while left > 0 and dest is not None and here != dest:
                here = base + table.step[(here % N) * N + dest % N]
                out[here] = 1.0
                left -= 1
            if left > 0:
                states = self._walk_unknown(table, base, here, left, unseen_all, 1.0, out)
            else:
                states = [(1.0, here, dest if here != dest else None)]
        elif fc.complete:
            states = [(1.0, end, fc.next_destination)]
        else:
            states = self._walk_unknown(table, base, end, fc.mp_unknown, unseen_all, 1.0, out)
        if twice:
            mp = guard.speed + len(alarms)
            for p, here, dest in states:
                p *= self.second_move
                if dest is None:
                    self._walk_unknown(table, base, here, mp, unseen_after, p, out)
                else:
                    left = mp
                    while left > 0 and here != dest:
                        here = base + table.step[(here % N) * N + dest % N]
                        out[here] = out.get(here, 0.0) + p
                        left -= 1
                    if left > 0:
                        self._walk_unknown(table, base, here, left, unseen_after, p, out)
        for c in out:
            out[c] = min(1.0, out[c])
        self._danger[key] = out
        return out

    @staticmethod
    def next_cards(guard, base: int) -> list[int]:
        """The cells the guard's next patrol card may name, each as likely as another: the
        cards not in his discard pile (the deck's and the trimmed ones are exchangeable to
        the players, SETUP-4); the whole floor when his deck is empty, since the draw then
        reshuffles all 16 cards (GUARD-4). The deck's size is public (the view's deck_size)."""
        everything = list(range(base, base + N))
        if not guard.deck:
            return everything
        seen = set(guard.discard)
        return [c for c in everything if c not in seen] or everything

    # weight of the guard's move after a teammate's turn on the same floor (TURN-7): that
    # teammate may leave the floor first, and then he does not move
    second_move = 1.0

    # arrivals walked on within one move: reaching the drawn card's cell with movement points
    # left, he draws again and walks on (GUARD-7); 0 stops him there (the first bot's map)
    walk_on = 0

    @classmethod
    def _walk_unknown(cls, table, base, start, mp, cards, weight, out, depth=0):
        """Walk *mp* steps from *start* toward each of *cards* (equal weight), adding the
        chance of entering each cell to *out*; returns where he ends, per card. Arriving
        with steps left, he walks on toward each other card (up to `walk_on` arrivals)."""
        cands = [c for c in cards if c != start] or cards
        p = weight / len(cands)
        ends = []
        for dest in cands:
            here, left = start, mp
            while left > 0 and here != dest:
                here = base + table.step[(here % N) * N + dest % N]
                out[here] = out.get(here, 0.0) + p
                left -= 1
            if here == dest and left > 0 and depth < cls.walk_on:
                ends += cls._walk_unknown(table, base, here, left, [c for c in cards if c != dest] or cards,
                                          p, out, depth + 1)
            else:
                ends.append((p, here, dest if here != dest else None))
        return ends


class Choice(NamedTuple):
    """One decision of :meth:`ValueBot.deliberate`."""

    action: Action
    reason: str
    redeal: object  # the re-dealt Game the bot decided on (from public information only)


class ValueBot:
    """Plans a heist from the players' view by valuing every action (see the module docstring).

    ``ValueBot(seed)``: the seed decides the re-deals the bot looks ahead on and its
    tie-breaks, so the same seed and the same views give the same decisions."""

    name = "value"

    def __init__(self, seed: int = 0, weights: Weights | None = None):
        self.rng = random.Random(seed)
        self.w = weights or Weights()
        self._free: tuple[int, int, int] = (-1, -1, 0)  # (turn, seat, free actions taken)
        self._visited: tuple[int, int, set] = (-1, -1, set())  # cells this turn's character stood on

    # ------------------------------------------------------------------ entry point
    def choose(self, seat) -> Action:
        return self.deliberate(seat).action

    def deliberate(self, seat) -> "Choice":
        """What :meth:`choose` picks, with its one-line reason ("" when only one action is
        legal) and the re-dealt copy of the game it was decided on. It draws the same
        re-deal seed as :meth:`choose` (it is what :meth:`choose` calls), so benchmarks that
        ask why the bot acts play the very games ``burgle simulate`` plays."""
        legal = seat.legal_actions()
        if not legal:
            raise ValueError("no legal action: the game is over")
        g = seat.determinized(self.rng.getrandbits(48))
        if len(legal) == 1:
            return Choice(legal[0], "", g)
        action, reason, _ = self.decide(g, legal)
        return Choice(action, reason, g)

    def decide(self, g, legal) -> tuple[Action, str, list[tuple[Action, float]]]:
        """The chosen action, a one-line reason, and every action with its value (best
        first). *g* is a re-dealt copy of the game (never the real one)."""
        if any(a.verb not in _TURN_VERBS for a in legal):  # a choice in the middle of a rule
            a, why = self.answer(g, legal)
            return a, why, [(a, 0.0)]
        if g.phase == "entrance":
            return self.entrance(g, legal)
        return self.act(g, legal)

    # ------------------------------------------------------------------ entrance
    def entrance(self, g, legal):
        s = g.s
        guard = s.guards[0]
        table = g.table(1)
        route = set()
        if guard.cell is not None and guard.die is not None:
            route = {c for c in table.route(guard.cell % N, guard.die % N)}
        scored = []
        for a in legal:
            c = a.args[0]
            i = c % N
            d = table.dist[(guard.cell % N) * N + i] if guard.cell is not None else 4
            score = min(d, 4) + 0.6 * len(g.neighbours(c)) - (5.0 if i in route else 0.0)
            scored.append((a, score))
        scored.sort(key=lambda x: -x[1])
        return scored[0][0], "the entrance farthest from the guard's walk, with the most ways on", scored

    # ------------------------------------------------------------------ choices mid-rule
    def answer(self, g, legal):
        verbs = {a.verb for a in legal}
        by = {str(a): a for a in legal}
        s = g.s
        if "laser" in verbs:
            return (by.get("laser quiet") or by["laser alarm"]), "a quiet Laser costs an action, an alarm costs more"
        if "deadbolt" in verbs:
            return (by.get("deadbolt pay") or by["deadbolt stay"]), "the move was worth making"
        if "cancel-alarm" in verbs:
            a = by.get("cancel-alarm computer") or by.get("cancel-alarm laptop")
            return a, "a hack token keeps the guard slow"
        if "stealth" in verbs:
            return (by.get("stealth tile") or by["stealth own"]), "tile tokens first: they cannot travel"
        if "draw" in verbs:
            return (by.get("draw two") or legal[0]), "two tools to choose from"
        if "keep" in verbs:
            def rank(a):
                k = a.args[0]
                return TOOL_PRIORITY.index(k) if k in TOOL_PRIORITY else 99
            return min(legal, key=rank), "the most useful tool"
        if "alarm" in verbs:  # ALARM-3 tie: send the guard away from the crew
            crew = [ch.cell for ch in s.characters if ch.on_board]

            def far(a):
                c = a.args[0]
                tab = g.table(c // N + 1)
                ds = [tab.dist[(c % N) * N + x % N] for x in crew if x // N == c // N]
                return min(ds) if ds else 99
            return max(legal, key=far), "the alarm farthest from the crew draws the guard away"
        if "set-die" in verbs:
            need = self._needed_numbers(g)
            for a in legal:
                if a.verb == "set-die" and int(a.args[1]) in need and int(a.args[0]) not in need:
                    return a, "the Stethoscope turns a useless die into a needed number"
            return (by.get("keep-dice") or legal[0]), "no die worth turning"
        if "order" in verbs:
            return (by.get("order top") or legal[0]), "keep the order"
        if "cell" in verbs:
            plan = Plan(g, self.w)
            best = max(legal, key=lambda a: self.reveal_value(plan, a.args[0]) if a.verb == "cell" else -1)
            return best, "the most useful cell"
        return legal[0], "the first option"

    def _needed_numbers(self, g) -> set[int]:
        s = g.s
        out = set()
        for c, t in enumerate(s.tiles):
            if t.kind == "safe" and t.revealed and not t.cracked:
                for x in combination(c):
                    tx = s.tiles[x]
                    if tx.revealed and not tx.cracked and tx.number:
                        out.add(tx.number)
        return out

    # ------------------------------------------------------------------ the action phase
    def act(self, g, legal):
        s = g.s
        w = self.w
        ch = s.characters[s.active]
        plan = Plan(g, w)
        r = g.actions_left
        if self._free[:2] != (s.turn, s.active):
            self._free = (s.turn, s.active, 0)
        if self._visited[:2] != (s.turn, s.active):
            self._visited = (s.turn, s.active, set())
        visited = self._visited[2]
        if ch.cell is not None:
            visited.add(ch.cell)
        for a in legal:
            if a.verb == "escape":
                return a, "every Safe is cracked: out by the roof", [(a, WIN)]
        scripted = self.safe_script(g, plan, ch, r, legal)
        if scripted is not None:
            return scripted
        base_value = self.value(g, plan)
        scored = []
        for a in legal:
            v = self.action_value(g, plan, ch, r, a)
            if v is None:
                continue
            if a.verb in _FREE:
                if self._free[2] >= w.free_per_turn or v < base_value + w.free_margin:
                    continue
            if a.verb == "move" and a.args[0] in visited:
                v -= w.revisit  # no pacing back and forth (and no dodging Events so, DEC-10)
            scored.append((a, v))
        if not scored:
            end = next(a for a in legal if a.verb == "end")
            scored = [(end, self.value(g, plan, r_left=0))]
        scored.sort(key=lambda x: -x[1])
        best = scored[0][0]
        if best.verb in _FREE:
            self._free = (s.turn, s.active, self._free[2] + 1)
        return best, self.reason(plan, ch, best), scored

    def safe_script(self, g, plan, ch, r, legal):
        """On the target floor's Safe, with its combination face up: dice, then rolls."""
        s = g.s
        f = ch.cell // N
        safe = plan.safe[f]
        if safe is None or ch.cell != safe or plan.cracked[f]:
            return None
        comb = combination(safe)
        if any(not s.tiles[c].revealed for c in comb):
            return None
        need = sorted({s.tiles[c].number for c in comb if not s.tiles[c].cracked})
        danger = plan.danger(g, f).get(safe, 0.0)
        lc = self.loss_cost(g, ch)
        if danger * lc > 30 and r <= 2:
            return None  # better to step away: let the valuation choose
        dice = s.tiles[safe].dice
        bonus = g.extra_dice(ch)
        target = min(self.w.dice_target + (1 if len(need) >= 4 else 0), 6) - bonus
        by = {str(a): a for a in legal}
        add, roll = by.get("add-die"), by.get("roll")
        if add is not None and dice < max(target, 1) and r >= 2:
            return add, f"add a die ({dice + 1} on the Safe) before rolling", [(add, 0.0)]
        if roll is not None:
            p = crack_chance(need, dice + bonus)
            return roll, f"roll {dice + bonus} dice: {p:.0%} to crack it now", [(roll, 0.0)]
        return None

    def reason(self, plan, ch, a) -> str:
        v = a.verb
        f = ch.cell // N if ch.cell is not None else 0
        if v == "peek":
            return "reveal a tile without entering it" + (" (the Safe's row and column)" if plan.safe[f] is not None
                                                          and a.args[0] in combination(plan.safe[f]) else "")
        if v == "move":
            return "move toward the goal on a cell the guard is unlikely to enter"
        if v == "end":
            return "nothing left worth the risk: end the turn here"
        if v in ("add-die", "roll"):
            return "work on the Safe"
        if v == "use":
            return f"use the {a.args[0]}"
        return f"{v}: it improves the plan"

    # ------------------------------------------------------------------ valuation
    def loss_cost(self, g, ch) -> float:
        """What one Stealth lost to a guard costs this character (END-3, END-4)."""
        if ch.cell is not None and g.s.tiles[ch.cell].stealth:
            return 15.0  # paid from the tile's tokens
        n = ch.stealth
        return CAPTURE if n <= 0 else stealth_value(n) - stealth_value(n - 1)

    def action_value(self, g, plan, ch, r, a):
        v = a.verb
        w = self.w
        if v == "end":
            spent = g.s.spent
            return self.value(g, plan, r_left=0) - (w.event if spent <= event_threshold(ch) else 0.0)
        if v in ("peek", "xray", "enhance"):
            cost = 1 if v == "peek" else 0
            if r < cost:
                return None
            return self.value(g, plan, r_left=r - cost) + self.reveal_value(plan, a.args[0]) - w.action_cost * cost
        if v == "move" and not g.s.tiles[a.args[0]].revealed:
            x = a.args[0]
            if r < 1:
                return None
            guard_there = any(gd.cell == x for gd in g.s.guards)
            return (self.value(g, plan, r_left=r - 1, pos=x) + self.reveal_value(plan, x) - w.action_cost
                    - self.hazard(g, plan, ch, x, r - 1) - (self.loss_cost(g, ch) if guard_there else 0.0))
        if v == "roll":
            return self.roll_value(g, plan, ch, r, a)
        if v == "flex":  # the Acrobat's penalty (CHAR-1) makes it a trap for this planner
            return None
        if v == "move":
            t = g.s.tiles[a.args[0]]
            if t.kind == "keypad" and not t.keypad_open and not t.crowbar:
                tries = g.s.keypad_attempts.get(a.args[0], 0) + 1 + g.extra_dice(ch)
                p = 1 - (5 / 6) ** tries
                h = g.copy()
                h.s.set_tile(a.args[0], keypad_open=True)
                moved = self._after(h, a)
                return (p * (self.value(moved, plan) if moved is not None else LOSS)
                        + (1 - p) * self.value(g, plan, r_left=r - 1))
        h = self._after(g.copy(), a)
        if h is None:
            return None
        return self.value(h, Plan(h, w) if self._plan_changed(g, h) else plan)

    def _after(self, h, a):
        """*h* after *a* and the bot's own answers to the choices it opens (None: refused)."""
        try:
            h.apply(a)
            for _ in range(4):
                if h.pending is None or h.is_over:
                    break
                ans, _ = self.answer(h, h.legal_actions())
                h.apply(ans)
        except Exception:  # a lookahead the rules refuse is simply not chosen
            return None
        return h

    @staticmethod
    def _plan_changed(g, h) -> bool:
        a, b = g.s, h.s
        return any(x.revealed != y.revealed or x.cracked != y.cracked for x, y in zip(a.tiles, b.tiles))

    def reveal_value(self, plan, x: int) -> float:
        s = plan.g.s
        if s.tiles[x].revealed:
            return 0.0
        w = self.w
        f = x // N
        n = max(1, plan.facedown[f])
        v = w.explore
        if plan.safe[f] is None and not plan.escape_phase:
            v += w.safe_found_target / n
        if plan.stairs[f] is None:
            v += w.stairs_found / n
        safe = plan.safe[f]
        if safe is not None and not plan.cracked[f] and x in combination(safe):
            v += w.comb_revealed
        return v

    def hazard(self, g, plan, ch, x: int, r_after: int) -> float:
        total = plan.pool_size
        cost = 0.0
        guard = g.s.guards[x // N]
        reach = 0.0  # an alarm on x draws the guard to x: can he get there before I leave?
        if guard.cell is not None and r_after <= 1:
            d = g.table(x // N + 1).dist[(guard.cell % N) * N + x % N]
            mp = guard.speed + 1 + sum(1 for c in range(x - x % N, x - x % N + N) if g.s.tiles[c].alarm)
            reach = (0.9 if d <= mp else 0.25) * (1.0 if r_after == 0 else 0.4)
        sting = reach * self.loss_cost(g, ch)
        for kind, h in HAZARD.items():
            n = plan.pool.get(kind, 0)
            if not n:
                continue
            if kind == "detector" and not ch.cards:
                continue
            if kind == "thermo" and r_after > 0:
                h *= 0.3
            if kind in ("fingerprint", "detector") or (kind == "thermo" and r_after == 0):
                h += sting
            elif kind == "laser" and r_after == 0:
                h += sting
            cost += h * n / total
        if x // N > 0:
            cost += WALKWAY_FALL * plan.pool.get("walkway", 0) / total
        return cost

    def alarm_reach(self, g, c: int) -> float:
        """Roughly: the chance that an alarm on *c* brings its floor's guard onto *c* in his
        next move (the alarm adds 1 MP and takes his die, GUARD-6, ALARM-3)."""
        s = g.s
        guard = s.guards[c // N]
        if guard.cell is None:
            return 0.0
        base = c - c % N
        mp = guard.speed + 1 + sum(1 for x in range(base, base + N) if s.tiles[x].alarm)
        d = g.table(c // N + 1).dist[(guard.cell % N) * N + c % N]
        return 0.95 if d <= mp else 0.3

    def roll_value(self, g, plan, ch, r, a):
        if r < 1:
            return None
        s = g.s
        safe = a.args[0] if a.args else ch.cell
        t = s.tiles[safe]
        bonus = g.extra_dice(ch)
        k = t.dice + bonus
        comb = combination(safe)
        live = [s.tiles[c] for c in comb if s.tiles[c].revealed and not s.tiles[c].cracked]
        gain = 0.0
        p_hit = 1 - (5 / 6) ** k
        gain += self.w.comb_cracked * p_hit * len(live)
        if all(s.tiles[c].revealed for c in comb):
            need = sorted({x.number for x in live})
            gain += crack_chance(need, k) * (self.w.safe_cracked - self._safe_progress(g, safe))
        if gain <= 0.0:
            return None
        return self.value(g, plan, r_left=r - 1) + gain - self.w.action_cost

    def _safe_progress(self, g, safe: int) -> float:
        s = g.s
        w = self.w
        v = 0.0
        for c in combination(safe):
            t = s.tiles[c]
            if t.revealed:
                v += w.comb_revealed
                if t.cracked:
                    v += w.comb_cracked
        d = s.tiles[safe].dice
        v += sum((5.0, 5.0, 4.0, 3.0, 1.0, 0.5)[:d])
        return v

    def value(self, g, plan: Plan, r_left: int | None = None, pos: int | None = None) -> float:
        """The value of game *g* for the crew (higher is better)."""
        s = g.s
        if s.outcome == "won":
            return WIN
        if s.outcome is not None:
            return LOSS
        w = self.w
        v = 0.0
        for c, t in enumerate(s.tiles):
            if not t.revealed:
                continue
            v += w.explore
            if t.kind == "safe":
                f = c // N
                if t.cracked:
                    v += w.safe_cracked
                else:
                    v += w.safe_found_target
                    v += self._safe_progress(g, c)
            elif t.kind == "stairs":
                v += w.stairs_found
            if t.alarm and s.guards[c // N].cell is not None:
                v -= w.alarm
        acting = s.characters[s.active] if s.phase == "actions" else None
        r = g.actions_left if r_left is None else r_left
        mover_floor = None
        if acting is not None and acting.on_board:
            here = pos if pos is not None else acting.cell
            end_cell, end_value = self.best_end(g, plan, acting, here, r)
            v += end_value
            mover_floor = end_cell // N
        for ch in s.characters:
            if ch.escaped:
                v += w.escaped + stealth_value(3)
                continue
            v += stealth_value(ch.stealth)
            v += w.tool * len(ch.tools)
            if ch is acting or ch.cell is None:
                continue
            v += plan.pos_value(ch.cell)
            if mover_floor is not None and ch.cell // N == mover_floor:
                v -= plan.danger(g, mover_floor).get(ch.cell, 0.0) * self.loss_cost(g, ch)
        return v

    def best_end(self, g, plan: Plan, ch, start: int, r: int) -> tuple[int, float]:
        """The best cell to end the turn on, reachable from *start* with *r* actions over
        face-up tiles, and its value (position, danger, actions kept in hand)."""
        s = g.s
        w = self.w
        lc = self.loss_cost(g, ch)
        guards = {gd.cell for gd in s.guards if gd.cell is not None}
        others = [o for o in s.characters if o is not ch and o.on_board]
        jammer = g.has_ability(ch, "jammer")
        camera_watched = any(gd.cell is not None and s.tiles[gd.cell].kind == "camera" and s.tiles[gd.cell].working
                             for gd in s.guards)
        spent = {start: 0}
        heap = [(0, start)]
        best_c, best_v = start, -1e18
        while heap:
            d, c = heapq.heappop(heap)
            if d > spent.get(c, 99):
                continue
            f = c // N
            dmap = plan.danger(g, f)
            val = plan.pos_value(c) - dmap.get(c, 0.0) * lc - w.action_cost * d
            t = s.tiles[c]
            if t.revealed and not t.crowbar:
                if t.kind == "thermo" and not t.alarm:
                    # ending here sets off its alarm (TURN-5): the guard heads for this cell
                    val -= w.alarm + self.alarm_reach(g, c) * lc
                elif t.kind == "camera" and not t.alarm:
                    # a guard entering another working Camera sets off an alarm here (TILE-2)
                    p = max((dmap.get(x, 0.0) for x in plan.cameras(f) if x != c), default=0.0)
                    val -= p * (w.alarm + 0.8 * lc)
            for o in others:
                if o.cell // N == f:
                    val -= dmap.get(o.cell, 0.0) * self.loss_cost(g, o)
            if val > best_v:
                best_c, best_v = c, val
            if c != start and t.kind == "motion" and not t.crowbar and not jammer:
                continue  # leaving a Motion tile entered this turn sets it off (TILE-14)
            for n in self._links(g, ch, c):
                tn = s.tiles[n]
                if not tn.revealed or n in guards:
                    continue
                cost = 1
                if not tn.crowbar:
                    k = tn.kind
                    if k == "deadbolt" and not any(o.cell == n for o in others):
                        cost = 3
                    elif k == "keypad" and not tn.keypad_open:
                        continue
                    elif k == "laser":
                        cost = 1 if jammer or "mirror" in ch.loot else 2
                    elif k == "fingerprint" and not jammer and not tn.alarm:
                        continue
                    elif k == "detector" and ch.cards and not tn.alarm:
                        continue
                    elif k == "camera" and camera_watched and not tn.alarm:
                        continue
                nd = d + cost
                if nd <= r and nd < spent.get(n, 99):
                    spent[n] = nd
                    heapq.heappush(heap, (nd, n))
        return best_c, best_v

    @staticmethod
    def _links(g, ch, c: int) -> list[int]:
        """The cells *ch* could move to from *c*: the engine's links and their restrictions
        (ACT-4: Stairs, Walkways down but not up from below, Secret Doors, Service Ducts,
        Thermal Bomb links, Time Lock), never a copy of those rules."""
        cells = len(g.s.tiles)
        return [d for d, kinds in links_from(g, ch, c).items()
                if d < cells and (kinds is ADJACENT or any(restriction(g, ch, d, k, c) is None for k in kinds))]

    def _links_into(self, g, ch) -> list[list[int]]:
        """For each cell, the cells from which *ch* could move onto it (the links reversed)."""
        into: list[list[int]] = [[] for _ in g.s.tiles]
        for c in range(len(g.s.tiles)):
            for d in self._links(g, ch, c):
                into[d].append(c)
        return into


_FREE = {"use", "give", "take", "pick-up", "catch-kitty", "flex", "xray", "enhance", "crybaby", "reroute",
         "distract", "disrupt", "tinker"}
_TURN_VERBS = {"move", "peek", "hack", "add-die", "roll", "escape", "end", "entrance", "climb", "laptop",
               "orders", "disguise", "clairvoyance", "precognition"} | _FREE
