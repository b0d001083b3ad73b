"""A goal-directed heist planner with a safety check on every step.

:class:`HeuristicBot` keeps the eyes of the first bot (:class:`~burgle.bots.heuristic.ValueBot`: (the
re-dealt copy it reads, the guard danger map built on the engine's forecast, the answers
to mid-rule choices and the entrance) and replaces its way of choosing actions in the
action phase. ValueBot valued every legal action with one long formula; the
traces showed it wandering (15-25 turns for a Safe) and ending turns on cells its own
danger map rated near certain to be entered. The planner instead works through a short
list of tasks, and takes a step only when, after it, the turn can still end somewhere
as safe as it can now (up to a small tolerance):

* **Its floor.** A character works the floor it stands on while that floor's Safe is not
  cracked; of two on one such floor, one goes back down to a lower floor with work and no one
  on it, else one goes up to a free floor with work (TURN-7: alone on a floor, a character
  meets one guard move a round); from a cracked floor it heads for the nearest floor with
  work, up the Stairs first; once every Safe is cracked, for the top floor's Stairs and the
  roof (ACT-15).
* **Find the Safe (and the Stairs).** Peek face-down tiles next to it (ACT-2: no entry
  effects), else walk to the nearest revealed cell next to a face-down one.
* **Reveal the combination.** The 6 tiles of the Safe's row and column (ACT-11), by peeks
  from next to them.
* **Crack.** On the Safe: add dice up to a target (ACT-10), then roll (ACT-11).
* **Stay hidden.** The danger of ending the turn on a cell is the chance a guard enters
  it before the character's next turn (the map of :meth:`Plan.danger`: the engine's
  forecast, then the floor's unseen patrol cards with equal weight, and a second move
  when a teammate stays on the floor), plus the teammate's danger when the guard that
  moves is the one of its floor, plus Thermo and Camera alarms (TURN-5, TILE-2), Foyer
  and Atrium sight (TILE-9, TILE-1). Each Stealth lost weighs more as Stealth runs low
  (END-4); tokens on a Lavatory weigh little (END-3).
* **The end score** of a cell is minus that expected weight, minus ``lam`` per action of
  distance to the character's goal. A step is taken when the best end score still
  reachable after it is within ``tolerance`` of the best reachable now, and never into a
  corner (no end rated below ``corner_cap`` left in reach) in a turn that began with a safe
  end in reach. A move is played
  on the re-dealt copy first, so Stealth lost on the way (a guard, a Foyer, an Atrium, a
  new floor's guard placed, GUARD-2), alarms it sets off and Motion marks all count.
* **No safe progress:** walk to the best end cell (face-down neighbours included, at a
  price for what may lie there), or, when staying is best, spend spare actions on peeks.
  A Computer Room in reach counts ``hack_end`` more when hack tokens there (ACT-9) would
  take a turn that draws an Event (TURN-4: 2 actions spent or fewer) past 2: work, not
  pacing (DEC-10).
* **The escape.** Once every Safe is cracked, the Stairs to the roof reached with an action
  to spare are no turn end but the way out (ACT-15): the best end there is.
* **Walking.** Paths go over face-up tiles only, never onto a guard (END-2a), around
  alarm tiles that would go off (Fingerprint, Motion when passed through, Detector with
  cards, Camera while a guard stands on one; a Fingerprint or Motion not while a hack token
  would cancel its alarm, ALARM-2), paying Deadbolts and quiet Lasers in full.
  Routes over several turns may cross those at a price (an alarm, a turn spent waiting).

The abilities, tools and the escape are mixed in from :mod:`burgle.bots.abilities`
(:class:`~burgle.bots.abilities.AbilityPlay`), each tried on a copy and kept when it raises
this end score. The class attributes are the tunable numbers; ``docs/bots.md`` records what
each was measured to do.

>>> from burgle.bots.play import play_game
>>> record = play_game(HeuristicBot, seed=3, players=2)
>>> record.outcome in ("won", "lost"), record.actions > 10
(True, True)
"""

from __future__ import annotations

import collections
import heapq
import itertools

from burgle.bots.abilities import HELP_REASON, AbilityPlay
from burgle.bots.heuristic import INF, ValueBot, Plan, N, actions_to_crack, crack_chance
from burgle.engine.actions import Action
from burgle.engine.alarms import hack_sources
from burgle.engine.safes import combination
from burgle.engine.turns import event_threshold
from burgle.data.said import card, say, say_n  # reasons: English str a page can translate
from burgle.data.tiles import COMPUTER_ROOMS, MAX_HACK_TOKENS

# weight of one Stealth lost, by the Stealth left before the loss (0: capture, END-4)
LOSS_WEIGHT = {0: 25.0, 1: 4.0, 2: 1.6}
TILE_TOKEN_WEIGHT = 0.3


def mates_to_come(s, ch) -> list:
    """The teammates of *ch* not placed yet: each comes in at the entrance, on floor 1, at the
    start of its first turn (SETUP-11)."""
    return [o for o in s.characters if o is not ch and o.cell is None and not o.escaped]


class HeuristicBot(AbilityPlay, ValueBot):
    """Goal-directed heist planner (see the module docstring): the "heuristic" bot.

    ``HeuristicBot(seed)``: the seed decides the re-deals it looks ahead on, so the same
    seed and the same views give the same decisions."""

    name = "heuristic"
    _target = (-1, -1, None)
    tolerance = 0.6  # extra expected Stealth weight a progress step may add to the turn's end
    # dice on a Safe before rolling (2 when at most 2 numbers are missing); 0: as many as give
    # the fewest expected actions to crack (actions_to_crack)
    dice_target = 0
    loss_scale = 1.0  # scales LOSS_WEIGHT
    healthy = 1.0  # weight of one Stealth lost at 3 Stealth or more (LOSS_WEIGHT has the lower ones)
    # the crew splits over floors: 1 the later seat goes up, 2 the one nearer the Stairs does
    # (0: each works where it stands, measured worse)
    split = 2
    new_floor = 1  # go up at once to a floor whose guard is not placed yet
    # no pacing (DEC-10): 0 free; 1 never back onto a cell stood on this turn; 2 no task step
    # back, nor one after which the turn must end back where it started
    no_return = 2
    _banned: frozenset = frozenset()
    # moving into face-down tiles to explore: 1 after peeks and walks fail; 2 before peeking
    # (one action for what a peek and a move do; measured worse); 3 before peeking only into a
    # tile that opens two more, with 2 actions and 2 Stealth (measured the same)
    dive = 1
    unknown_hazard = 0.3  # ending the turn on a tile entered face down: its possible effects
    twice = 1  # count the guard's move after a teammate's turn on the same floor
    next_move = 0.0  # weight of the guard's move after the next one (a cell that stays safe)
    alarm_cost = 0.5  # an alarm speeds the guard up and draws him (GUARD-6, ALARM-3)
    lam = 0.2  # end score: Stealth weight per action of distance to the goal
    side = 1  # with no safe task step: reveal more of the floor rather than wait (side_work)
    keep_floor = 2  # no dodging down the Stairs and back: the end of the turn stays on the way
    # keep_floor 2: ... unless every end on the way is rated at least flee_at (a chance of a
    # Stealth lost): then ends on any floor count, and a cornered character leaves by the Stairs
    # (TURN-7: only the guard of the floor it ends on moves)
    flee_at = 0.2
    # work the top floor early: a character alone on its floor while a teammate works a lower,
    # uncracked floor goes on up to a free floor above with work (floors 1 and 3 in parallel,
    # floor 2 last); only at this much Stealth or more
    top_first = 1
    top_first_stealth = 0
    # of two on a floor with work, one goes back down to a lower floor with work and no one on it
    # (before going up: cracking raises the dice of the floors below, ACT-12)
    split_down = 1
    # who goes up: the one nearer the Stairs and farther from the floor's Safe (0: nearer the Stairs)
    split_safe = 0
    # from a cracked floor, with work above only on the teammate's floor: wait at the Stairs below it
    wait_below = 0
    early_dice = 0  # on the Safe with its combination partly face down: a die before walking off
    entry = 0  # entrance by the danger map of the guard's next two moves, this weight (0: the first bot's rule)
    # no pacing by retreat (DEC-10): a step onto a cell with nothing to reveal counts only if the
    # turn can end on a cell not yet stood on; the walk to the best end keeps to new cells when
    # one is within the tolerance
    commit = 0
    # the opening: a teammate not placed yet counts as on floor 1 (it comes in at the entrance,
    # SETUP-11), and while floor 1's Stairs are unknown the earlier seat looks for them
    opening = 0
    # the tolerance is a budget per turn, not per step: a step keeps the best end within it of the
    # best end at the turn's start (steps each giving up a little ended turns on cells the danger
    # map rated >= 80 %)
    anchor = 0
    _anchor: tuple = (-1, -1, 0.0, 0.0)  # (turn, seat, best end score, best end value) at the turn's start
    # a turn that began with a safe end in reach (rated < 20 %) takes no step after which the best
    # end left is rated >= this (a corner): 0 off
    corner_cap = 0.8
    corner_start = 0.2  # ... when the best end at the turn's start was rated below this
    tol_high = 1.0  # the tolerance scaled at 3 Stealth or more
    tol_low = 1.0  # ... and at 1 or 0
    # a walk to work (a tile to peek, the Safe, the Stairs) is a step only if the turn can still end
    # safely with this many actions kept for the work: else it walked there and back for nothing
    reserve = 0
    reserve_all = 0
    # an end that draws an Event (TURN-4) is ranked with the Event's expected extra cost, each Event
    # the deck may give next played on a copy: this many of the best end cells (0 off)
    event_aware = 0
    # a face-down end cell's distance to the goal: 1 + its nearest face-up neighbour's (0: none,
    # so as far as an unreachable cell, 12; row Y2)
    facedown_goal = 1
    # a character standing on a Camera: the danger of ending elsewhere from the guard's route
    # without the alarm its Camera would trigger (Plan.danger's lift, row Z1)
    camera_lift = 1
    # the danger on floor 1 counts the guard's move after a teammate not placed yet: it is
    # placed there in its turn (SETUP-11), whose guard phase moves him again (TURN-7; row Z3)
    unplaced_mate = 1
    # once every Safe is cracked, the distance to the roof and the tolerance weigh this many
    # times more: the guards only get faster, so waiting in a safe corner no longer pays
    escape_push = 5.0
    # the tolerance scaled on floor 1 while its Safe stands and a teammate shares the floor or is still
    # to come (SETUP-11): the guard moves after each of their turns (TURN-7), and the opening loses
    # Stealth over twice as fast per seat-turn as the rest of the hunt for the first Safe (row M3)
    opening_tolerance = 0.5
    # once every Safe is cracked, a way to the roof reached with an action to spare is the best end
    # (value 0): from it the character escapes, its action phase ends at once, with no Event and no
    # guard move (ACT-15). Rated as a turn end there, a guard's route over the Stairs kept
    # characters off them (row G1)
    roof_exit = 1
    _push = 1.0  # escape_push in the escape phase, else 1 (set by act)
    _last_ends = None

    @property
    def lam_now(self) -> float:
        """``lam`` as it weighs now (``escape_push`` once every Safe is cracked)."""
        return self.lam * self._push

    @property
    def tolerance_now(self) -> float:
        """``tolerance`` as it weighs now (``escape_push`` once every Safe is cracked)."""
        return self.tolerance * self._push

    # ------------------------------------------------------------------ the entrance
    def entrance(self, g, legal):
        """The first character's entrance (SETUP-11), where the second one comes in too: by
        the chance the floor-1 guard walks onto it in his next two moves (after each of the
        first two turns, TURN-7; the danger map), then room to move on."""
        if not self.entry:
            return super().entrance(g, legal)
        s = g.s
        guard = s.guards[0]
        table = g.table(1)
        if guard.cell is None:
            return super().entrance(g, legal)
        # his first destination is not drawn yet: each unseen patrol card with equal weight
        # (the danger map's walk), then his second move from where the first ends
        dmap: dict = {}
        unseen = [c for c in range(N) if c not in set(guard.discard)] or list(range(N))
        for p, here, dest in Plan._walk_unknown(table, 0, guard.cell, guard.speed, unseen, 1.0, dmap):
            if dest is None:
                Plan._walk_unknown(table, 0, here, guard.speed, unseen, p, dmap)
                continue
            left = guard.speed
            while left > 0 and here != dest:
                here = table.step[(here % N) * N + dest % N]
                dmap[here] = dmap.get(here, 0.0) + p
                left -= 1
            if left > 0:
                Plan._walk_unknown(table, 0, here, left, unseen, p, dmap)
        scored = []
        for a in legal:
            c = a.args[0]
            d = table.dist[(guard.cell % N) * N + c % N] if guard.cell is not None else 4
            near = sum(dmap.get(n, 0.0) for n in g.neighbours(c))
            score = -self.entry * (dmap.get(c, 0.0) + 0.3 * near) + 0.3 * min(d, 4) + 0.6 * len(g.neighbours(c))
            scored.append((a, score))
        scored.sort(key=lambda x: -x[1])
        return scored[0][0], say("the entrance the guard is least likely to walk onto in his next two moves"), scored

    # ------------------------------------------------------------------ the action phase
    def act(self, g, legal):
        s = g.s
        ch = s.characters[s.active]
        plan = Plan(g, self.w)
        self._push = self.escape_push if plan.escape_phase else 1.0
        r = g.actions_left
        by = {}
        for a in legal:
            by.setdefault(a.verb, []).append(a)
        if "escape" in by:
            return by["escape"][0], say("every Safe is cracked: out by the roof"), [(by["escape"][0], 0.0)]
        for verb in ("pick-up", "catch-kitty"):
            if verb in by:
                return by[verb][0], say("every Loot must be held to escape (ACT-15)"), [(by[verb][0], 0.0)]
        if ch.cell is None:
            end = by["end"][0]
            return end, say("not on the board"), [(end, 0.0)]
        tool = self.tool_use(g, plan, ch, r, by)
        if tool is not None:
            return tool, say("use the {tool}", tool=card(tool.args[0])), [(tool, 0.0)]
        here = ch.cell
        if self._visited[:2] != (s.turn, s.active):
            self._visited = (s.turn, s.active, set())
        visited = self._visited[2]
        visited.add(here)
        self._banned = set(visited) if self.no_return == 1 else set()
        goal = self.goal_dist(g, plan, ch)

        def score(values):
            return max(v - self.lam_now * goal.get(c, 12) for c, v in values.items())

        ends = self.end_map(g, plan, ch, here, r)
        reach = self._reach
        now = score(ends)
        if self._anchor[:2] != (s.turn, s.active):
            self._anchor = (s.turn, s.active, now, max(ends.values()))
        tol = self.tolerance_now * (self.tol_high if ch.stealth >= 3 else self.tol_low if ch.stealth <= 1 else 1.0)
        if here < N and not plan.cracked[0] and (
                mates_to_come(s, ch) or any(o is not ch and o.on_board and o.cell < N for o in s.characters)):
            tol *= self.opening_tolerance
        bar = now - tol
        lw = self.stealth_weight(ch)
        # a turn that began with a safe end in reach does not step into a corner (an end rated >= 80 %)
        corner = -self.corner_cap * lw if self.corner_cap and self._anchor[3] >= -self.corner_start * lw else None
        if self.anchor:
            bar = max(bar, self._anchor[2] - self.tolerance_now * (1 if self.anchor == 1 else 1.5) - 1e-9)
        end = by["end"][0]
        special = self.ability_step(g, plan, ch, r, by, score, now)  # Flexibility, tools (docs/bots.md, E rows)
        if special is not None:
            return special[0], special[1], [(special[0], special[2]), (end, now)]
        if max(ends.values()) < -0.25:  # no safe end in reach: the cards that make one
            guard = s.guards[here // N].cell
            for a in by.get("use", []):
                k = a.args[0]
                if (k == "donuts" and len(a.args) > 1 and a.args[1] == guard) or \
                        (k == "smoke_bomb" and ch.stealth <= 1):
                    return a, say("use the {tool}: no safe cell within reach", tool=card(k)), [(a, 0.0), (end, now)]
        tried = []  # (action, best end score after it): the alternatives a hint shows

        def ranked(a, v):
            rest = sorted((x for x in tried if x[0] != a), key=lambda x: -x[1])
            out = [(a, v)] + rest
            if a != end:
                out.append((end, ends[here] - self.lam_now * goal.get(here, 12)))
            return out

        work = self.escape_tasks(g, plan, ch, r, by)  # the escape and the abilities (docs/bots.md, E rows)
        if work is None:
            work = self.tasks(g, plan, ch, r, by)
        work = self.drill_tasks(g, plan, ch, r, by) + list(work)  # CHAR-10 (V rows)
        for a, cost, pos, why in itertools.chain(work, self.side_work(g, plan, ch, by)):
            if cost > r or any(a == x for x, _ in tried):
                continue
            self._last_ends = None
            if a.verb == "move" and self.no_return and a.args[0] in visited:
                continue  # no pacing back and forth in a turn (nor dodging Events so, DEC-10)
            if self.new_floor and why == "up the Stairs" and s.guards[pos // N].cell is None:
                return a, say("{why} (its guard is not placed yet)", why=why), ranked(a, now)
            if a.verb == "move" and not s.tiles[pos].revealed:
                after = score(self.end_map(g, plan, ch, pos, r - cost)) - self.unknown_hazard
            elif a.verb == "move":
                x = a.args[0]
                pointless = self.no_return >= 2 and not any(not s.tiles[n].revealed for n in g.neighbours(x))
                if pointless:  # a step is no progress if the turn must end back here (no pacing, DEC-10)
                    self._banned = self._banned | ({here} | visited if self.commit else {here})
                walk = self.reserve and (self.reserve_all or why not in (say("up the Stairs"), say("down the Stairs"), say("to the Stairs"), say("to the Stairs down"), say("to the Safe")))
                after = self.after_move(g, a, score, self.reserve if walk else 0)
                if pointless:
                    self._banned = set(visited) if self.no_return == 1 else set()
            else:
                after = score(self.end_map(g, plan, ch, pos, r - cost)) if (pos, cost) != (here, 0) else now
            if after >= bar and (corner is None or self._last_ends is None or max(self._last_ends.values()) >= corner):
                return a, why, ranked(a, after)
            tried.append((a, after))
        # no safe progress: walk to the best end cell (safety first, then nearness to the goal)
        best_here = ends[here] - self.lam_now * goal.get(here, 12)
        if r >= 1 and best_here >= now - 1e-9 and by.get("peek"):
            # staying is best: spare actions reveal tiles next to it (no entry effects, ACT-2)
            peek = by["peek"][0]
            return peek, say("a spare action: reveal a tile without entering it"), ranked(peek, now)
        extra = self.event_costs(g, ch, ends, reach, goal) if self.event_aware else {}
        hacks = self.hack_ends(g, ch, reach) if self.hack_end else {}
        for c, bonus in hacks.items():
            extra[c] = extra.get(c, 0.0) - bonus
        if extra:
            best_here -= extra.get(here, 0.0)
        best = max(ends, key=lambda c: (ends[c] - self.lam_now * goal.get(c, 12) - extra.get(c, 0.0), c == here))
        if self.commit and best != here and best in visited:
            # moved this turn: no walking back where it has stood while a new cell is as good
            # (within the tolerance a step was taken on; DEC-10)
            new = [c for c in ends if c not in visited and ends[c] - self.lam_now * goal.get(c, 12)
                   >= ends[best] - self.lam_now * goal.get(best, 12) - self.tolerance_now]
            if new:
                best = max(new, key=lambda c: ends[c] - self.lam_now * goal.get(c, 12))
        kept = self._target
        if kept[:2] == (s.turn, s.active) and kept[2] in ends and \
                ends[kept[2]] - self.lam_now * goal.get(kept[2], 12) >= ends[best] - self.lam_now * goal.get(best, 12) - 1e-6:
            best = kept[2]
        self._target = (s.turn, s.active, best)
        if best != here:
            moves = {a.args[0]: a for a in by.get("move", [])}
            step = moves.get(reach[best][1])
            if step is not None:
                if best in hacks:
                    return step, say("to the Computer Room: hack tokens there spare this turn's Event (ACT-9, TURN-4)"), \
                        ranked(step, now)
                return step, say("to the safest cell within reach"), ranked(step, now)
        look = self.look_at_patrol(g, ch, r, by)  # staying is best: a spare action
        if look is not None:
            return look, say("look at the guard's next patrol card: keep it or send it to the bottom (CHAR-17)"), \
                ranked(look, best_here)
        helper = self.turn_end_help(g, ch, r, by)
        if helper is not None:
            return helper, HELP_REASON[helper.verb], [(helper, 0.0), (end, best_here)]
        spare = self.spare_action(g, ch, r, by)  # the advanced Spotter's and Hacker's (abilities.py)
        if spare is not None:
            return spare[0], spare[1], [(spare[0], best_here), (end, best_here)]
        return end, say("end the turn on the safest cell within reach"), ranked(end, best_here)

    def hack_ends(self, g, ch, reach) -> dict:
        """{cell: bonus} for the Computer Rooms in reach where the turn's end would draw an
        Event (TURN-4: 2 actions spent or fewer, the walk there counted) but the spare
        actions, spent on hack tokens there (ACT-9, at most ``MAX_HACK_TOKENS`` a room), take it past the
        threshold: work, not pacing (DEC-10), and each token cancels a later alarm (ALARM-2)."""
        s = g.s
        limit = event_threshold(ch)
        out = {}
        for c, (d, _) in reach.items():
            t = s.tiles[c]
            if not t.revealed or t.kind not in COMPUTER_ROOMS or s.spent + d > limit:
                continue
            hacks = min(g.actions_left - d, MAX_HACK_TOKENS - t.hack)
            if s.spent + d + hacks > limit:
                out[c] = self.hack_end * self.stealth_weight(ch)
        return out

    def event_costs(self, g, ch, ends, reach, goal) -> dict:
        """{cell: expected extra cost of the Event drawn if the turn ends there} for the best
        ``event_aware`` end cells whose end draws one (TURN-4: 2 actions spent or fewer, the walk
        there counted). Each Event the deck may give next (its unseen part, by count; a known top
        alone, CHAR-18, TOOL-3) is played on a copy with the character set on the cell, then the
        guard's move; the same end without an Event is taken off, so the danger map's share is
        not counted twice. Crash! brings the guard to the character's tile (EVENT-4), which is
        what the map cannot see."""
        s = g.s
        limit = event_threshold(ch)
        cands = sorted(ends, key=lambda c: -(ends[c] - self.lam_now * goal.get(c, 12)))[:self.event_aware]
        cands = [c for c in cands if s.spent + reach.get(c, (0,))[0] <= limit]
        if not cands:
            return {}
        kt, kb = s.event_known
        deck = s.event_deck
        if kt:
            pool = [deck[-1]]
        else:
            pool = deck[kb:] or deck
        if not pool:
            return {}
        counts = collections.Counter(pool)
        out = {}
        for c in cands:
            spent = s.spent + reach.get(c, (0,))[0]
            base = self._end_cost(g, c, limit + 1, None)  # more spent than the threshold: no Event
            with_event = sum(n * self._end_cost(g, c, spent, e) for e, n in counts.items()) / len(pool)
            out[c] = max(0.0, with_event - base)
        return out

    def _end_cost(self, g, cell, spent, event) -> float:
        """What ending the turn with the acting character set on *cell*, *spent* actions spent and
        *event* on top of the Event deck costs the crew (``costs_on_the_way``; a capture as the
        danger map weighs it, END-4)."""
        h = self._with_active_on(g, cell, spent)
        if event is not None:
            h.s.event_deck.remove(event)
            h.s.event_deck.append(event)  # the top is the last card
        h = self._after(h, Action("end"))
        if h is None:
            return 0.0
        if h.is_over and h.s.outcome != "won":
            return LOSS_WEIGHT[0] * self.loss_scale
        return self.costs_on_the_way(g, h)

    def costs_on_the_way(self, g, h) -> float:
        """Stealth lost (a guard there, a Foyer or Atrium, END-2) and alarms set off between
        the game *g* and its continuation *h*, in end-score units."""
        seen = 0.0
        for old, new in zip(g.s.characters, h.s.characters):
            if new.stealth < old.stealth:
                seen += (old.stealth - new.stealth) * LOSS_WEIGHT.get(old.stealth, 1.0) * self.loss_scale
        tokens = sum(t.stealth for t in g.s.tiles) - sum(t.stealth for t in h.s.tiles)
        seen += TILE_TOKEN_WEIGHT * max(0, tokens)
        alarms = sum(t.alarm for t in h.s.tiles) - sum(t.alarm for t in g.s.tiles)
        return seen + self.alarm_cost * max(0, alarms)

    def after_move(self, g, a, score, reserve=0) -> float:
        """The best end score after the move *a*, played on a copy of the re-dealt game (a
        face-down tile is what the re-deal put there): its costs, alarms, Motion marks.
        *reserve*: actions kept back for the work the walk is for (a peek, a roll)."""
        h = self._after(g.copy(), a)
        if h is None or h.is_over or h.phase != "actions" or h.s.active != g.s.active:
            return -INF
        ch = h.s.characters[h.s.active]
        if ch.cell is None:
            return -INF
        left = max(0, h.actions_left - reserve)
        return score(self.end_map(h, Plan(h, self.w), ch, ch.cell, left)) - self.costs_on_the_way(g, h)

    # ------------------------------------------------------------------ tasks
    def floor_goal(self, plan, ch):
        """(kind, floor): what the character should do, and where.

        The crew splits over floors: a guard moves only in the turn of a character on
        his floor (TURN-7), so a character alone on its floor meets one guard move per
        round, which it sees coming when it chooses where to end. Of two characters on a
        floor with work, the later seat goes up while a floor above has work and no one
        on it. A character alone on its floor while a teammate works a lower floor goes on
        up to a free floor with work (``top_first``): floors 1 and 3 are worked at the same
        time and floor 2 last, so fewer turns are spent walking through cracked floors."""
        s = plan.g.s
        f = ch.cell // N
        top = plan.floors - 1
        if plan.escape_phase:
            return ("roof", f) if f == top else ("up", f)
        mates = [o for o in s.characters if o is not ch and o.on_board]
        mate_floors = {o.cell // N for o in mates}
        free_above = [x for x in range(f + 1, plan.floors) if not plan.cracked[x] and x not in mate_floors]
        if not plan.cracked[f]:
            same = [o for o in mates if o.cell // N == f]
            if self.opening and f == 0 and plan.stairs[0] is None:
                coming = mates_to_come(s, ch)
                if (same or coming) and free_above:  # one looks for the Stairs: the earlier seat
                    return ("up", f) if all(ch.seat < o.seat for o in same + coming) else ("work", f)
            free_below = [x for x in range(f) if not plan.cracked[x] and x not in mate_floors]
            if self.split_down and same and free_below and plan.stairs[f - 1] is not None:
                g = plan.g
                landing = plan.stairs[f - 1] + N
                mine = self.walk(g, ch, ch.cell, relaxed=True).get(landing, (INF,))[0]
                theirs = min(self.walk(g, o, o.cell, relaxed=True).get(landing, (INF,))[0] for o in same)
                if (mine, ch.seat) < (theirs, min(o.seat for o in same)):
                    return "down", f
                return "work", f
            if self.top_first and free_above and not same and ch.stealth >= self.top_first_stealth and \
                    any(not plan.cracked[o.cell // N] for o in mates if o.cell // N < f):
                return "up", f
            if self.split and free_above and same:
                stairs = plan.stairs[f]
                if self.split == 2 and stairs is not None:  # the one nearer the Stairs goes
                    g = plan.g
                    safe = plan.safe[f] if self.split_safe else None
                    if self.split_safe == 2 and safe is not None and \
                            not all(g.s.tiles[x].revealed for x in combination(safe)):
                        safe = None

                    def key(o):  # nearer the Stairs, and (once the Safe is found) farther from the Safe
                        walk = self.walk(g, o, o.cell, relaxed=True)
                        d = walk.get(stairs, (INF,))[0]
                        if safe is not None:
                            d -= min(walk.get(safe, (INF,))[0], 12)
                        return d
                    mine = key(ch)
                    other = min(same, key=lambda o: (key(o), o.seat))
                    theirs = key(other)
                    if (mine, ch.seat) > (theirs, other.seat):
                        return "work", f
                    return "up", f
                if any(o.seat < ch.seat for o in same):
                    return "up", f
            return "work", f
        if free_above:
            return "up", f
        ups = [x for x in range(f + 1, plan.floors) if not plan.cracked[x]]
        if ups:
            if self.wait_below and f + 1 in ups and f + 1 in mate_floors:
                # the floor above has work and a teammate on it: wait at the Stairs below, so
                # that its guard moves once a round, not twice (TURN-7)
                return "wait", f
            return "up", f
        return "down", f

    def tasks(self, g, plan, ch, r, by):
        """Progress steps, best first: (action, actions it spends, cell after, reason)."""
        s = g.s
        here = ch.cell
        kind, f = self.floor_goal(plan, ch)
        out = []
        if kind in ("roof", "up", "wait"):
            stairs = plan.stairs[f]
            if stairs is None:
                out += self.explore(g, plan, ch, by, f, focus=None, why=say("look for the Stairs"))
            elif here == stairs:
                if kind == "up":
                    for a in by.get("move", []):
                        if a.args[0] == here + N:
                            out.append((a, 1, here + N, say("up the Stairs")))
            else:
                step = self.first_step(g, plan, ch, here, {stairs}, by)
                if step is not None:
                    out.append((step, self.step_cost(g, ch, step.args[0]), step.args[0], say("to the Stairs")))
            return out
        if kind == "down":
            below = plan.stairs[f - 1]
            if below is None:
                return out
            landing = below + N
            if here == landing:
                for a in by.get("move", []):
                    if a.args[0] == below:
                        out.append((a, 1, below, say("down the Stairs")))
            else:
                step = self.first_step(g, plan, ch, here, {landing}, by)
                if step is not None:
                    out.append((step, self.step_cost(g, ch, step.args[0]), step.args[0], say("to the Stairs down")))
            return out
        safe = plan.safe[f]
        if safe is None:
            return self.explore(g, plan, ch, by, f, focus=None, why=say("look for the Safe"))
        comb = combination(safe)
        hidden = [c for c in comb if not s.tiles[c].revealed]
        if hidden:
            out = self.explore(g, plan, ch, by, f, focus=set(hidden), why=say("reveal the Safe's combination"))
            if self.early_dice and here == safe and by.get("add-die") and r >= 2:
                # on the Safe before walking off to reveal the rest: a die added stays (ACT-10)
                live = {s.tiles[c].number for c in comb if s.tiles[c].revealed and not s.tiles[c].cracked}
                missing = len(live) + len(hidden)
                if actions_to_crack(s.tiles[here].dice, missing, g.extra_dice(ch))[1]:
                    k = sum(1 for x in out if x[0].verb in ("peek", "xray"))
                    out.insert(k, (by["add-die"][0], 2, here, say("add a die while on the Safe ({n} on it)",
                                                                  n=s.tiles[here].dice + 1)))
            return out
        need = sorted({s.tiles[c].number for c in comb if not s.tiles[c].cracked})
        if here == safe:
            dice = s.tiles[safe].dice
            bonus = g.extra_dice(ch)
            if self.dice_target:
                add = dice < (int(self.dice_target) if len(need) >= 3 else 2)
            else:  # the fewest expected actions to crack (the Peterman's die included)
                add = actions_to_crack(dice, len(need), bonus)[1]
            if add and "add-die" in by and r >= 2:
                out.append((by["add-die"][0], 2, here, say("add a die ({n} on the Safe)", n=dice + 1)))
            if "roll" in by:
                p = crack_chance(need, dice + bonus)
                out.append((by["roll"][0], 1, here, say_n("roll {n} dice: {p} to crack it now", "roll {n} dice: {p} to crack it now",
                                                              dice + bonus, p=format(p, ".0%"))))
            return out
        step = self.first_step(g, plan, ch, here, {safe}, by)
        if step is not None:
            out.append((step, self.step_cost(g, ch, step.args[0]), step.args[0], say("to the Safe")))
        return out

    def side_work(self, g, plan, ch, by):
        """When no step of the task is safe (a guard between the character and its goal):
        reveal more of its floor instead of ending the turn with actions unspent (every turn
        with 2 actions or fewer spent draws an Event, TURN-4). Peeks and walks to face-down
        tiles are work, not pacing (DEC-10). Generated only when the tasks are exhausted."""
        if not self.side:
            return
        s = g.s
        here = ch.cell
        f = here // N
        if plan.safe[f] == here and not plan.cracked[f]:
            # on the Safe while its combination is still partly face down: dice added stay,
            # and a roll cracks the face-up tiles it matches (ACT-10, ACT-11)
            comb = combination(here)
            live = {s.tiles[c].number for c in comb if s.tiles[c].revealed and not s.tiles[c].cracked}
            missing = len(live) + sum(1 for c in comb if not s.tiles[c].revealed)
            bonus = g.extra_dice(ch)
            if by.get("add-die") and actions_to_crack(s.tiles[here].dice, missing, bonus)[1]:
                yield by["add-die"][0], 2, here, say("a die on the Safe while the way is blocked")
            if by.get("roll") and live:
                yield by["roll"][0], 1, here, say("roll for the face-up numbers while the way is blocked")
        yield from self.explore(g, plan, ch, by, ch.cell // N, focus=None,
                                why=say("reveal more of the floor while the way is blocked"))

    def explore(self, g, plan, ch, by, f, focus, why):
        """Peeks of face-down tiles of floor *f* (closest to *focus* first), then a walk to a
        revealed cell next to one."""
        s = g.s
        here = ch.cell
        base = N * f
        down = [c for c in range(base, base + N) if not s.tiles[c].revealed]
        if focus is None:
            focus = set(down)
        if not focus:
            return []

        def closeness(c):  # grid distance to the focus (walls ignored)
            return min(abs(c % 4 - x % 4) + abs((c % N) // 4 - (x % N) // 4) for x in focus)

        out = []
        peeks = [a for a in by.get("peek", []) if a.args[0] // N == f]
        peeks += [a for a in by.get("xray", []) if a.args[0] // N == f]
        if self.enhance:  # CHAR-6: free, once a turn, up to 2 links (V rows)
            peeks += [a for a in by.get("enhance", []) if a.args[0] // N == f]
        peeks.sort(key=lambda a: (closeness(a.args[0]), -sum(1 for n in g.neighbours(a.args[0])
                                                              if not s.tiles[n].revealed)))
        for a in peeks:
            out.append((a, 0 if a.verb in ("xray", "enhance") else 1, here, why))
        if self.dive == 3 and ch.stealth >= 2 and g.actions_left >= 2:
            # into a face-down tile that opens at least two more to peek from it: one action for
            # what a peek and a move would do (ACT-5), when Stealth is not low
            first = []
            for a in by.get("move", []):
                x = a.args[0]
                if x // N == f and not s.tiles[x].revealed and not self.guard_on(g, x):
                    more = sum(1 for n in g.neighbours(x) if not s.tiles[n].revealed and n != x)
                    if more >= 2:
                        first.append((closeness(x), -more, x, a))
            first.sort(key=lambda t: t[:3])
            out = [(a, 1, a.args[0], say("{why} (into a face-down tile)", why=why)) for *_, a in first[:1]] + out
        if self.dive == 2:  # moving in first: one action for what a peek and a move do
            first = []
            for a in by.get("move", []):
                x = a.args[0]
                if x // N == f and not s.tiles[x].revealed and not self.guard_on(g, x):
                    first.append((closeness(x), a))
            first.sort(key=lambda t: t[0])
            out = [(a, 1, a.args[0], say("{why} (into a face-down tile)", why=why)) for _, a in first[:2]] + out
        if self.dive:  # or step into one: reveal and move in one action (ACT-5), at a risk
            dives = [a for a in by.get("move", []) if a.args[0] // N == f and not s.tiles[a.args[0]].revealed
                     and not self.guard_on(g, a.args[0])]
            dives.sort(key=lambda a: closeness(a.args[0]))
            for a in dives[:2]:
                out.append((a, 1, a.args[0], say("{why} (into a face-down tile)", why=why)))
        # a revealed cell next to a face-down tile, nearest first (closer to the focus preferred)
        spots = {}
        for c in range(base, base + N):
            t = s.tiles[c]
            if not t.revealed or c == here:
                continue
            near = [n for n in g.neighbours(c) if not s.tiles[n].revealed]
            if near:
                spots[c] = min(closeness(n) for n in near)
        if spots:
            best = min(spots.values())
            targets = {c for c, d in spots.items() if d <= best + 1}
            step = self.first_step(g, plan, ch, here, targets, by, bias=spots)
            if step is not None:
                out.append((step, self.step_cost(g, ch, step.args[0]), step.args[0], why))
        # last resort: step into a face-down tile (its effects unknown)
        if not out:
            for a in by.get("move", []):
                x = a.args[0]
                if x // N == f and not s.tiles[x].revealed and not self.guard_on(g, x):
                    out.append((a, 1, x, say("{why} (into a face-down tile)", why=why)))
                    break
        return out

    # ------------------------------------------------------------------ walking
    @staticmethod
    def guard_on(g, c):
        return any(gd.cell == c for gd in g.s.guards)

    def step_cost(self, g, ch, x, plan_walk_attempt=True):
        t = g.s.tiles[x]
        if not t.revealed or t.crowbar:
            return 1
        if t.kind == "deadbolt" and not any(o.cell == x for o in g.s.characters if o is not ch and o.on_board):
            return 3
        if t.kind == "laser" and "mirror" not in ch.loot and not g.has_ability(ch, "jammer"):
            return 2
        if t.kind == "keypad" and not t.keypad_open:
            return 1 if plan_walk_attempt else 4
        return 1

    def passable(self, g, ch, x, camera_watched):
        """Can the character walk onto face-up *x* without an alarm or a sighting?"""
        s = g.s
        t = s.tiles[x]
        if not t.revealed or self.guard_on(g, x):
            return False
        if t.kind == "atrium" and (self.guard_on(g, x + N) or self.guard_on(g, x - N)):
            return False  # seen from above or below on arrival (TILE-1, DEC-51)
        if t.kind == "foyer" and any(self.guard_on(g, n) for n in g.neighbours(x)):
            return False  # seen from the next cell (TILE-9)
        if t.crowbar or t.alarm:
            return True
        k = t.kind
        jammer = g.has_ability(ch, "jammer")
        if k == "keypad":
            return True  # closed: an attempt per action, priced in step_cost (TILE-10)
        if k == "fingerprint" and not jammer and not self.hacked(g, k):
            return False
        if k == "detector" and ch.cards:
            return False
        if k == "camera" and camera_watched:
            return False
        return True

    def hacked(self, g, kind) -> bool:
        """Would a hack token cancel an alarm of this *kind* (ALARM-2: its Computer Room's,
        on any floor, or the advanced Hacker's)? The engine's own answer."""
        return bool(self.hack_walk) and bool(hack_sources(g, kind))

    def walk(self, g, ch, start, limit=None, relaxed=False, floors=None, unknown=False, banned=()):
        """Fewest actions from *start* to each face-up cell: {cell: (cost, first step)}.

        Strict (for this turn's end): no alarm, no guard's cell, no passing through a
        Motion tile entered this turn. *relaxed* (for routes over several turns): those
        cost extra instead, as a turn spent waiting or an alarm risked."""
        s = g.s
        camera_watched = any(gd.cell is not None and s.tiles[gd.cell].kind == "camera" and s.tiles[gd.cell].working
                             for gd in s.guards)
        jammer = g.has_ability(ch, "jammer")
        motion_free = jammer or self.hacked(g, "motion")  # leaving a Motion tile sets off no alarm (TILE-14)
        best = {start: (0, None)}
        heap = [(0, start, None)]
        while heap:
            d, c, first = heapq.heappop(heap)
            if best.get(c, (INF,))[0] < d:
                continue
            t = s.tiles[c]
            extra = 0
            if not motion_free:
                if c == start and c in ch.motion_marks:
                    continue  # leaving it now sets it off (TILE-14)
                if c != start and t.kind == "motion" and not t.crowbar and not t.alarm:
                    if not relaxed:
                        continue
                    extra = 4  # stop there, go on next turn
            for n in self._links(g, ch, c):
                if (floors is not None and n // N not in floors) or n in banned:
                    continue
                ok = self.passable(g, ch, n, camera_watched)
                cost = self.step_cost(g, ch, n, False) + extra
                if unknown and not s.tiles[n].revealed and not self.guard_on(g, n):
                    # one step into the unknown, as a place to end the turn (not walked through)
                    nd = d + cost
                    if (limit is None or nd <= limit) and nd < best.get(n, (INF,))[0]:
                        best[n] = (nd, first if first is not None else n)
                    continue
                if not ok:
                    tn = s.tiles[n]
                    if not relaxed or not tn.revealed:
                        continue
                    cost += 4 if self.guard_on(g, n) else 6
                nd = d + cost
                if limit is not None and nd > limit:
                    continue
                if nd < best.get(n, (INF,))[0]:
                    best[n] = (nd, first if first is not None else n)
                    heapq.heappush(heap, (nd, n, first if first is not None else n))
        return best

    def first_step(self, g, plan, ch, start, targets, by, limit=None, bias=None):
        """The legal move that starts a shortest safe walk to one of *targets*."""
        reach = self.walk(g, ch, start, relaxed=True)
        cands = [(reach[c][0] + (0.5 * bias[c] if bias else 0), c) for c in targets if c in reach and c != start]
        if not cands:
            return None
        cands.sort()
        moves = {a.args[0]: a for a in by.get("move", [])}
        for _, c in cands:
            first = reach[c][1]
            if first in moves and not self.guard_on(g, first):
                return moves[first]
        return None

    def goal_targets(self, g, plan, ch) -> set:
        """The cells where the character's next piece of work is done."""
        s = g.s
        fetch = self.fetch_target(g, plan, ch)
        if fetch is not None:
            return {fetch}
        if plan.escape_phase and self.roof_goal:
            roof = self.roof_cells(g, plan)
            if roof:  # the distance is to the roof from any floor (Stairs and links on the way)
                return roof
        kind, f = self.floor_goal(plan, ch)
        base = N * f

        def spots(focus=None):
            out = set()
            for c in range(base, base + N):
                if s.tiles[c].revealed and any(not s.tiles[n].revealed and (focus is None or n in focus)
                                               for n in g.neighbours(c)):
                    out.add(c)
            return out

        if kind in ("roof", "up", "wait"):
            return {plan.stairs[f]} if plan.stairs[f] is not None else spots()
        if kind == "down":
            return {plan.stairs[f - 1] + N} if plan.stairs[f - 1] is not None else set()
        safe = plan.safe[f]
        if safe is None:
            return spots()
        hidden = {c for c in combination(safe) if not s.tiles[c].revealed}
        if hidden:
            return spots(hidden) or spots()
        return {safe}

    def goal_dist(self, g, plan, ch):
        """Actions from each face-up cell to the nearest goal target (walls, stairs, costs), and
        from each face-down cell next to one of them (``facedown_goal``)."""
        s = g.s
        targets = self.goal_targets(g, plan, ch)
        dist = {t: 0 for t in targets}
        heap = [(0, t) for t in targets]
        into = self._links_into(g, ch)  # distances *to* the targets: the links walked backwards
        while heap:
            d, c = heapq.heappop(heap)
            if d > dist.get(c, INF):
                continue
            step = self.step_cost(g, ch, c, False) if c not in targets else 0
            for n in into[c]:
                if not s.tiles[n].revealed:
                    continue
                nd = d + max(1, step)
                if nd < dist.get(n, INF):
                    dist[n] = nd
                    heapq.heappush(heap, (nd, n))
        if self.facedown_goal:
            # a face-down cell where a turn may end (one step into the unknown): a step back to
            # its nearest face-up neighbour, then that one's way (else it counts as unreachable,
            # 12, and a cell on the guard's route is kept rather than stepping aside)
            for c in range(len(s.tiles)):
                if not s.tiles[c].revealed:
                    near = [dist[n] for n in g.neighbours(c) if n in dist]
                    if near:
                        dist[c] = min(near) + 1
        return dist

    # ------------------------------------------------------------------ the end of the turn
    def stealth_weight(self, ch) -> float:
        """The weight of one Stealth lost by *ch* at its Stealth now (LOSS_WEIGHT, scaled)."""
        return LOSS_WEIGHT.get(ch.stealth, self.healthy) * self.loss_scale

    def loss_weight(self, g, ch) -> float:
        if ch.cell is not None and g.s.tiles[ch.cell].stealth:
            return TILE_TOKEN_WEIGHT
        return LOSS_WEIGHT.get(ch.stealth, self.healthy)

    def end_value(self, g, plan, ch, c) -> float:
        """Minus the expected weight of Stealth lost if the turn ends with *ch* on *c*."""
        s = g.s
        f = c // N
        twice = None if self.twice else False
        if twice is None and self.unplaced_mate and f == 0 and mates_to_come(s, ch):
            twice = True  # a teammate still to come is placed on floor 1 in its turn (SETUP-11, TURN-7)
        dmap = plan.danger(g, f, twice=twice, lift=bool(self.camera_lift) and c != ch.cell)
        t = s.tiles[c]
        lw = self.stealth_weight(ch)
        if t.stealth:
            lw = TILE_TOKEN_WEIGHT
        p = dmap.get(c, 0.0)
        if self.next_move > 0:  # staying put next turn: his move after that (from the same map maker)
            p2 = plan.danger(g, f, twice=True).get(c, 0.0)
            p = min(1.0, p + self.next_move * max(0.0, p2 - p))
        if t.revealed and t.kind == "foyer" and not t.crowbar:
            p = min(1.0, p + sum(dmap.get(n, 0.0) for n in g.neighbours(c)))
        if t.revealed and t.kind == "atrium":  # seen when a guard enters the cell above or below (TILE-1)
            for x in (c - N, c + N):
                fx = x // N
                if 0 <= x < len(s.tiles) and s.guards[fx].cell is not None and any(
                        o.on_board and o is not ch and o.cell // N == fx for o in s.characters):
                    p = min(1.0, p + plan.danger(g, fx).get(x, 0.0))
        v = -p * lw
        if not t.revealed:  # what may lie there: an alarm, a Deadbolt, a fall (ACT-5)
            v -= self.unknown_hazard
        if t.revealed and not t.crowbar and not t.alarm:
            if t.kind == "thermo":
                v -= self.alarm_reach(g, c) * lw + 0.3
            elif t.kind == "camera":
                q = max((dmap.get(x, 0.0) for x in plan.cameras(f) if x != c), default=0.0)
                v -= q * (0.3 + 0.8 * lw)
        for o in s.characters:
            if o is ch or not o.on_board or o.cell // N != f:
                continue
            v -= dmap.get(o.cell, 0.0) * self.loss_weight(g, o)
        return v

    def end_map(self, g, plan, ch, start, r):
        """{cell: end value} over the cells reachable from *start* with *r* actions. Once every
        Safe is cracked, a way to the roof reached with an action to spare is worth 0, the best
        an end can be: the character escapes from it (ACT-15, ``roof_exit``)."""
        floors = None
        if self.keep_floor and ch.cell is not None:
            kind, f = self.floor_goal(plan, ch)
            floors = {start // N, f + 1 if kind in ("up", "roof") else f - 1 if kind == "down" else f}
        reach = self.walk(g, ch, start, limit=r, floors=floors, unknown=bool(self.unknown_hazard),
                          banned=self._banned - {start})
        out = {c: self.end_value(g, plan, ch, c) for c in reach}
        if floors is not None and self.keep_floor == 2 and \
                max(out.values()) < -self.flee_at * self.stealth_weight(ch):
            # cornered on the way: every floor's ends count
            reach = self.walk(g, ch, start, limit=r, unknown=bool(self.unknown_hazard),
                              banned=self._banned - {start})
            out = {c: self.end_value(g, plan, ch, c) for c in reach}
        if self.roof_exit and plan.escape_phase:
            for c in self.roof_cells(g, plan):
                if c in reach and reach[c][0] <= r - 1 and self._may_escape_from(g, c):
                    out[c] = 0.0  # no guard's move, no Event, no teammate's risk: the turn ends off the board
        self._reach = reach
        self._last_ends = out
        return out

    @classmethod
    def _may_escape_from(cls, g, cell) -> bool:
        """Would the engine let the acting character escape from *cell* (ACT-15: every Loot
        held, the Kitty not loose, the way to the roof not blocked)? Asked of a copy."""
        return any(a.verb == "escape" for a in cls._with_active_on(g, cell).legal_actions())

    @staticmethod
    def _with_active_on(g, cell, spent=None):
        """A what-if: a copy of *g* with the acting character set on *cell* (and *spent* actions
        spent), whose legal actions are that state's."""
        state = g.s.copy()
        state.characters[state.active].cell = cell
        if spent is not None:
            state.spent = spent
        h = g.copy()
        h.s = state
        return h
