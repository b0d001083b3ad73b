"""What the planner does with abilities, cards and the escape: :class:`AbilityPlay`.

:class:`~burgle.bots.planner.HeuristicBot` is ``AbilityPlay`` on top of the planner's core
(floors, tasks, walking, the end score in :mod:`burgle.bots.planner`). Every ability or card
here is tried on a copy of the re-dealt game, played by the engine, and kept only when it
raises the planner's own end score (``end_value``, ``best_score``) by a margin, minus what it
costs on the way (``costs_on_the_way``): the engine stays the only place where a rule is
applied. docs/bots.md, "Cards and abilities" and rows 15-22, E1-E7 and V1-V6, records what
each was measured to do.

* **Before the turn ends** (``turn_end_help``): the basic Raven's crow (CHAR-11), the basic
  Juicer's alarm (CHAR-7), the basic Rook's Orders (CHAR-15), the E.M.P. (TOOL-6), Donuts
  (TOOL-4), the Crystal Ball before an Event (TOOL-3); the basic Spotter's look at the patrol
  card (CHAR-17, ``look_at_patrol``) and the choices these open (``answer``).
* **In the action phase** (``ability_step``): the Acrobat's Flexibility through a guard
  (CHAR-1), Dynamite (TOOL-5), the Crowbar (TOOL-2), the Thermal Bomb (TOOL-12), the advanced
  Raven's Disrupt (CHAR-12, off); at once (``tool_use``): Rollerskates, the Invisible Suit,
  the Makeup Kit, Blueprints; the advanced Peterman's Drill (CHAR-10, ``drill_tasks``).
* **The escape** (``escape_tasks``, ``fetch_target``, ``roof_cells``): Loot lying on a tile
  fetched first, the nearer way to the roof (ACT-15).

* **A spare action at the end** (``spare_action``): the advanced Spotter's look at the Event
  the end draws (CHAR-18), else the advanced Hacker's hack token (CHAR-4), else, on a
  Computer Room, a hack token there (ACT-9). The Crystal Ball
  and Precognition order Events by the same measure (``turn_end_cost``).

The advanced Hawk's Enhance (CHAR-6) is a knob here, used by the planner's exploration.
"""

from __future__ import annotations

from burgle.analysis.guard_forecast import forecast
from burgle.bots.heuristic import INF, N, Plan, actions_to_crack, crack_chance
from burgle.data.cards import LOOT_BY_KEY
from burgle.data.said import card, say  # reasons: English str a page can translate
from burgle.engine.actions import Action
from burgle.engine.safes import combination
from burgle.engine.turns import draws_event

# tiles whose own cost, block or alarm a crowbar token disables (TOOL-2)
CROWBAR_KINDS = frozenset({"deadbolt", "keypad", "camera", "detector", "fingerprint", "laser", "motion", "thermo"})
HELP_REASON = {
    "distract": say("the crow on the guard's way slows him (CHAR-11)"),
    "crybaby": say("an alarm draws the guard away from the crew (CHAR-7)"),
    "orders": say("Orders move a teammate out of the guard's way (CHAR-15)"),
    "use": say("a tool that keeps the guard off the crew this turn"),
}


class AbilityPlay:
    """The abilities, tools and escape of :class:`~burgle.bots.planner.HeuristicBot` (see
    the module docstring). A mixin: it calls the planner's ``end_map``, ``end_value``,
    ``goal_dist``, ``walk``, ``first_step``, ``step_cost``, ``costs_on_the_way`` and the
    first bot's ``_after`` and ``answer``, so it is only used through ``HeuristicBot``.
    The class attributes are its tunable numbers (``benchmarks/bot_variants.py`` sets them)."""

    clairvoyance = 1  # the Spotter looks at a patrol card that matters, with an action to spare (CHAR-17)
    help_moves = 3  # crow, alarm or Orders uses a turn (turn_end_help), 0: never
    help_margin = 0.02  # the end-value gain they must bring
    tool_margin = 0.5  # the gain a one-shot tool must bring there (E.M.P., Donuts)
    _helps: tuple = (-1, -1, 0)  # (turn, seat, uses this turn)
    flex = 1  # the Acrobat's Flexibility through a guard when it opens a better end (CHAR-1)
    flex_margin = 0.1  # the end-score gain a Flexibility move must bring
    # tools used where they open a better end (ability_step); the Thermal Bomb to the roof always
    open_margin = 0.5  # the end-score gain Dynamite or a Crowbar must bring
    opening_tools: tuple = ("dynamite", "crowbar")
    bomb_up = 1  # once every Safe is cracked, the Thermal Bomb up from a lower floor where it opens a better end
    roof_bomb = 1  # once every Safe is cracked, the Thermal Bomb to the roof from the top floor
    roof_goal = 1  # once every Safe is cracked, the end score's distance is to the roof, from any floor
    _follow: tuple = (-1, -1, None)  # (turn, seat, the move a tool was used for)
    follow_link = 1  # after a Thermal Bomb link up, the move along it (the move it was valued with)
    crystal = 4  # the Crystal Ball before an Event: the top Events' order tried on this many re-deals (0: never)
    # go for Loot lying on a tile (ACT-15): 1 once every Safe is cracked, 2 also on its floor, 3 also
    # once its own floor's Safe is cracked (its work there done: the detour costs least then), 4 at once
    fetch = 4
    # advanced sides (docs/bots.md, V rows)
    drill = 1  # the advanced Peterman adds dice to and rolls the Safe above or below him (CHAR-10)
    enhance = 1  # the advanced Hawk's free peek up to 2 links away, with the peeks (CHAR-6)
    # the advanced Raven's crow on her cell where it opens a better end (CHAR-12, ability_step): 0 off,
    # measured worse (Raven games A 1.383 -> 1.330, B 1.472 -> 1.461 Safes; docs/bots.md V3)
    disrupt = 0
    disrupt_margin = 0.1  # the end-score gain it must bring
    precognition = 1  # the advanced Spotter looks at the top Event before a turn end that draws it (CHAR-18)
    laptop = 1  # the advanced Hacker's hack token with a spare action at the turn's end (CHAR-4)
    hack_spare = 1  # a spare action at the turn's end on a Computer Room: a hack token (ACT-9)
    hack_walk = 1  # a Fingerprint or Motion tile is no bar to a walk while a hack token would cancel its alarm
    hack_end = 0.2  # a Computer Room where hacks would spare the turn's Event: this bonus (x the Stealth weight)

    def look_at_patrol(self, g, ch, r, by):
        """The basic Spotter's Clairvoyance (CHAR-17, 1 action once a turn) with an action
        to spare: worth it when his floor's guard draws a patrol card the players do not
        know before the Spotter's next turn (the forecast stops on it), because the card
        seen can be sent to the bottom (``answer`` keeps the one that leaves the crew safer)."""
        if not self.clairvoyance or r < 1 or not by.get("clairvoyance"):
            return None
        f = ch.cell // N
        if g.s.guards[f].cell is None:
            return None
        fc = forecast(g, f + 1, end_of_turn=False)
        twice = any(o.on_board and o is not ch and o.cell // N == f for o in g.s.characters)
        if fc.complete and (fc.next_destination is not None or not twice):
            return None
        return by["clairvoyance"][0]

    def answer(self, g, legal):
        verbs = {a.verb for a in legal}
        s = g.s
        ch = s.characters[s.active]
        if "order" in verbs and ch.cell is not None and g.has_ability(ch, "clairvoyance"):
            # CHAR-17: the patrol card on top or at the bottom, whichever leaves the best end
            def best_end(a):
                h = g.copy()
                h.apply(a)
                if h.pending is not None or h.is_over:
                    return -INF
                mover = h.s.characters[h.s.active]
                return max(self.end_map(h, Plan(h, self.w), mover, mover.cell, h.actions_left).values())
            options = sorted((a for a in legal if a.verb == "order"), key=lambda a: a.args[0] != "top")
            best = max(options, key=best_end)  # ties: top (the first)
            return best, say("the patrol card that keeps the guard away from the crew")
        if "order" in verbs and ch.cell is not None and g.has_ability(ch, "precognition"):
            # CHAR-18: the Event on top or at the bottom, whichever costs the crew less when the
            # turn ends (the Event drawn, TURN-4, then the guard's move), on a few re-deals
            options = sorted((a for a in legal if a.verb == "order"), key=lambda a: a.args[0] != "top")
            best = min(options, key=lambda a: self.turn_end_cost(g, a, max(1, self.crystal)))  # ties: top (the first)
            return best, say("the Event that costs the crew least at the turn's end (CHAR-18)")
        if "events-order" in verbs and self.crystal:
            # TOOL-3: the order of the top Events that costs the crew least when the turn ends
            # now (the Event drawn, TURN-4, then the guard's move), on a few re-deals
            best = min((a for a in legal if a.verb == "events-order"),
                       key=lambda a: self.turn_end_cost(g, a, self.crystal))  # ties: the first
            return best, say("use the {tool}", tool=card("crystal_ball"))
        return super().answer(g, legal)

    def turn_end_cost(self, g, a, copies: int) -> float:
        """What the choice *a* costs the crew if the turn then ends (the Event drawn, TURN-4,
        then the guard's move, TURN-7): Stealth and alarms (``costs_on_the_way``), a loss 100,
        summed over *copies* re-deals. Used to order Events (the Crystal Ball, TOOL-3; the
        Spotter's Precognition, CHAR-18)."""
        s = g.s
        total = 0.0
        for k in range(copies):
            h = self._after(g.redeal(s.turn * 7919 + k), a)
            if h is not None and not h.is_over and h.phase == "actions" and h.s.active == s.active:
                h = self._after(h, Action("end"))
            if h is None:
                return INF
            total += 100.0 if h.is_over and h.s.outcome != "won" else self.costs_on_the_way(g, h)
        return total

    def spare_action(self, g, ch, r, by):
        """(action, reason) for the last spare action of a turn that ends where it stands, or
        None: the advanced Spotter's look at the Event this end draws (CHAR-18, kept or sent to
        the bottom by ``answer``), else the advanced Hacker's hack token (CHAR-4)."""
        if r < 1:
            return None
        if self.precognition and by.get("precognition"):
            h = g.copy()
            h.apply(by["precognition"][0])  # legal: the look and the choice it opens, no answer yet
            if not h.is_over and draws_event(h.s, h.s.characters[g.s.active]):
                return by["precognition"][0], say("look at the Event this turn's end draws: keep it or send it to the bottom (CHAR-18)")
        if self.laptop and by.get("laptop"):  # a spare action kept as a hack token (V rows)
            return by["laptop"][0], say("a spare action kept as a hack token for a later alarm (CHAR-4)")
        if self.hack_spare and by.get("hack"):  # on a Computer Room: the token cancels a later alarm (ALARM-2)
            return by["hack"][0], say("a spare action: a hack token in this Computer Room for a later alarm (ACT-9)")
        return None

    def turn_end_help(self, g, ch, r, by):
        """Abilities that change the coming guard move, tried on copies before the turn
        ends: the basic Raven's crow on his way (CHAR-11, free: a guard stepping in loses 1
        MP), the basic Juicer's alarm on a tile next to her (CHAR-7, free: the alarm becomes
        his destination, ALARM-3, and speeds him, GUARD-6), the basic Rook's Orders moving a
        teammate out of his path (CHAR-15, 1 spare action). Kept only for a clear gain in
        the end value of the acting character's cell, which counts the teammates on its
        floor; at most ``help_moves`` a turn, so a turn always ends."""
        if self.crystal and draws_event(g.s, ch):  # the Crystal Ball before an Event is drawn (TOOL-3, TURN-4)
            ball = [a for a in by.get("use", []) if a.args[0] == "crystal_ball"]
            if ball:
                return ball[0]
        options = by.get("distract", []) + by.get("crybaby", [])
        if r >= 1:
            options += by.get("orders", [])
        # one-shot tools for the same purpose, at a higher bar: the E.M.P. (TOOL-6: every
        # alarm off, the guards slow again) and Donuts under a guard (TOOL-4: he skips a move)
        options += [a for a in by.get("use", []) if a.args[0] in ("emp", "donuts")]
        if not options or not self.help_moves:
            return None
        s = g.s
        if self._helps[:2] != (s.turn, s.active):
            self._helps = (s.turn, s.active, 0)
        if self._helps[2] >= self.help_moves:
            return None
        now = self.end_value(g, Plan(g, self.w), ch, ch.cell)
        best, best_v = None, now
        for a in options:
            h = self._after(g.copy(), a)
            if h is None or h.is_over or h.pending is not None or h.phase != "actions":
                continue
            mover = h.s.characters[s.active]
            v = self.end_value(h, Plan(h, self.w), mover, mover.cell) - self.costs_on_the_way(g, h)
            v -= self.tool_margin if a.verb == "use" else self.help_margin
            if v > best_v:
                best, best_v = a, v
        if best is not None:
            self._helps = (s.turn, s.active, self._helps[2] + 1)
        return best

    def drill_tasks(self, g, plan, ch, r, by):
        """The advanced Peterman's Drill (CHAR-10): dice added to (2 actions) and rolled on
        (1 action) the revealed Safe directly above or below him, as if he stood on it, once
        its combination is face up (ACT-11), by the same count of dice as on the Safe itself.
        The steps go through the same safety check as any task step (he stays where he is)."""
        if not self.drill or not (by.get("add-die") or by.get("roll")):
            return []
        s = g.s
        here = ch.cell
        out = []
        for safe in sorted({a.args[0] for a in by.get("add-die", []) + by.get("roll", []) if a.args and a.args[0] != here}):
            f = safe // N
            if plan.cracked[f] or s.tiles[safe].cracked:
                continue
            comb = combination(safe)
            if any(not s.tiles[c].revealed for c in comb):
                continue
            need = sorted({s.tiles[c].number for c in comb if not s.tiles[c].cracked})
            dice = s.tiles[safe].dice
            bonus = g.extra_dice(ch)
            adds = [a for a in by.get("add-die", []) if a.args == (safe,)]
            rolls = [a for a in by.get("roll", []) if a.args == (safe,)]
            if adds and r >= 2 and actions_to_crack(dice, len(need), bonus)[1]:
                out.append((adds[0], 2, here, say("drill: a die on the Safe one floor away ({n} on it, CHAR-10)",
                                                   n=dice + 1)))
            if rolls and dice + bonus > 0:
                p = crack_chance(need, dice + bonus)
                out.append((rolls[0], 1, here, say("drill: roll the Safe's dice from here: {p} to crack it now (CHAR-10)",
                                                    p=format(p, ".0%"))))
        return out

    def fetch_target(self, g, plan, ch):
        """The cell *ch* should fetch a card from before anyone can escape, or None: Loot
        lying on a tile (the second Gold Bar laid on the Safe, LOOT-5; a Drill's, CHAR-10) or
        the loose Kitty (its holder only, LOOT-10); no one escapes while any lies (ACT-15,
        DEC-19). Of the characters who may carry it (no one holds 2 Gold Bars), the nearest
        goes. With ``fetch`` 1 only once every Safe is cracked; 2 also when it lies on the
        character's floor; 3 also once the character's own floor's Safe is cracked; 4 at once."""
        if not self.fetch or ch.cell is None:
            return None
        s = g.s
        f = ch.cell // N
        # 3: its floor's work is over, so the detour costs least now; 4: at once, wherever it lies
        done = self.fetch >= 4 or (self.fetch >= 3 and plan.cracked[f])
        if s.kitty is not None and "persian_kitty" in ch.loot and (plan.escape_phase or s.kitty // N == f or done):
            return s.kitty
        lying = [(c, i) for c, t in enumerate(s.tiles) for i in t.items if i in LOOT_BY_KEY]
        best = None
        for c, i in lying:
            if not (plan.escape_phase or done or (self.fetch >= 2 and c // N == f)):
                continue
            carriers = [o for o in s.characters if o.on_board and not (i == "gold_bar" and "gold_bar" in o.loot)]
            if not any(o.seat == ch.seat for o in carriers):
                continue
            dist = {o.seat: self.walk(g, o, o.cell, relaxed=True).get(c, (INF,))[0] for o in carriers}
            if (dist[ch.seat], ch.seat) == min((d, seat) for seat, d in dist.items()):
                if best is None or dist[ch.seat] < best[0]:
                    best = (dist[ch.seat], c)
        return best[1] if best is not None else None

    def roof_cells(self, g, plan):
        """The top floor's cells that lead to the roof: its Stairs, once face up, and the
        ends of Thermal Bomb links to the roof (ACT-15, TOOL-12)."""
        s = g.s
        top = plan.floors - 1
        out = {a for a, b in s.thermal if b >= N * plan.floors}
        if plan.stairs[top] is not None:
            out.add(plan.stairs[top])
        return out

    def escape_tasks(self, g, plan, ch, r, by):
        """Steps that replace the tasks (None: the tasks as usual): the walk to Loot that
        must be fetched before the escape (``fetch_target``); on the top floor once every Safe
        is cracked, the walk to the nearer way to the roof when a Thermal Bomb link leads there
        (``roof_cells``)."""
        here = ch.cell
        fetch = self.fetch_target(g, plan, ch)
        if fetch is not None:
            if fetch == here:
                return []
            step = self.first_step(g, plan, ch, here, {fetch}, by)
            if step is None:
                return []
            return [(step, self.step_cost(g, ch, step.args[0]), step.args[0],
                     say("every Loot must be held to escape (ACT-15)"))]
        if plan.escape_phase and here // N == plan.floors - 1 and self.roof_goal:
            roof = self.roof_cells(g, plan)
            if roof and roof != {plan.stairs[-1]}:  # a thermal link to the roof: the nearer way out
                step = self.first_step(g, plan, ch, here, roof, by) if here not in roof else None
                return [] if step is None else [(step, self.step_cost(g, ch, step.args[0]), step.args[0],
                                                 say("to the nearest way to the roof (ACT-15)"))]
        return None

    def best_score(self, h):
        """The acting character's best end score in *h* (a copy after some action): the
        planner's own ``end_map`` and goal distance, both read afresh from *h* (walls, links
        and tokens may have changed), minus what it cost on the way is the caller's part."""
        if h is None or h.is_over or h.pending is not None or h.phase != "actions":
            return -INF
        mover = h.s.characters[h.s.active]
        if mover.cell is None:
            return -INF
        plan = Plan(h, self.w)
        goal = self.goal_dist(h, plan, mover)
        saved = self._banned, getattr(self, "_reach", None)
        ends = self.end_map(h, plan, mover, mover.cell, h.actions_left)
        self._banned, self._reach = saved
        if mover.flex_cell == mover.cell and self.guard_on(h, mover.cell):
            ends.pop(mover.cell, None)  # still there at the guard phase: 1 Stealth (CHAR-1)
        if not ends:
            return -INF
        return max(v - self.lam_now * goal.get(c, 12) for c, v in ends.items())

    def ability_step(self, g, plan, ch, r, by, score, now):
        """(action, reason, score) for an ability or tool that opens a better end of the
        turn than any walk, tried on copies of the re-dealt game and valued with the
        planner's own end score (``best_score``) minus what it costs on the way:

        * the basic Acrobat's Flexibility (CHAR-1): a free move onto a guard's cell without
          being seen, so a way through him; she must leave it before the turn ends (else 1
          Stealth), so it is tried only with an action left, and once on it she takes the
          best move off;
        * the Thermal Bomb (TOOL-12): from the top floor once every Safe is cracked, a link
          to the roof (the escape at once, ACT-15), else a link up or down out of a corner;
        * Dynamite (TOOL-5: a wall gone, an alarm on her tile) and the Crowbar (TOOL-2: a
          tile's cost, block or alarm gone for good), at the bar ``tool_margin``."""
        s = g.s
        here = ch.cell
        follow = self._follow
        if follow[:2] == (s.turn, s.active):  # the way the tool was used for (the thermal link)
            self._follow = (-1, -1, None)
            moves = [a for a in by.get("move", []) if a == follow[2]]
            if moves:
                return moves[0], say("along the {tool}'s link (TOOL-12)", tool=card("thermal_bomb")), 0.0
        if ch.flex_cell == here and self.guard_on(g, here):  # on the guard's cell: off it
            best, best_v = None, -INF
            for a in by.get("move", []) + by.get("flex", []):
                if a.verb == "flex" and r < 1:
                    continue
                h = self._after(g.copy(), a)
                if h is None or h.s.active != s.active:
                    continue
                v = self.best_score(h) - self.costs_on_the_way(g, h) - (0.1 if a.args[0] in self._visited[2] else 0.0)
                if v > best_v:
                    best, best_v = a, v
            if best is not None:
                return best, say("to the safest cell within reach"), best_v
            return None
        options = []
        if self.flex and r >= 1:
            options += [(a, self.flex_margin) for a in by.get("flex", [])]
        if self.disrupt:  # CHAR-12: the crow left on her cell stops a guard who starts his move there (V rows)
            options += [(a, self.disrupt_margin) for a in by.get("disrupt", []) if g.s.crow != here]
        uses = by.get("use", [])
        if uses:
            top = plan.floors - 1
            for a in uses:
                k = a.args[0]
                if k == "thermal_bomb":
                    if self.roof_bomb and plan.escape_phase and here // N == top and a.args[1] >= N * plan.floors:
                        h = self._after(g.copy(), a)
                        if h is not None and any(x.verb == "escape" for x in h.legal_actions()) and \
                                not (s.tiles[here].kind == "stairs" and s.tiles[here].revealed):
                            return a, say("use the {tool}", tool=card(k)), 0.0  # TOOL-12: out by the roof now
                    elif k in self.opening_tools and not plan.escape_phase and a.args[1] < N * plan.floors \
                            and now < -1.0:
                        options.append((a, self.tool_margin))
                    elif self.bomb_up and plan.escape_phase and a.args[1] == here + N:
                        options.append((a, self.tool_margin))  # a floor nearer the roof, from anywhere
                elif k in ("dynamite", "crowbar") and k in self.opening_tools:
                    t = s.tiles[a.args[1]]
                    if k == "crowbar" and (not t.revealed or t.crowbar or t.kind not in CROWBAR_KINDS):
                        continue
                    options.append((a, self.open_margin))
        best, best_v = None, now
        for a, margin in options:
            h = self._after(g.copy(), a)
            if h is None or h.s.active != s.active:
                continue
            if a.verb == "use" and a.args[0] == "thermal_bomb":  # the bomb and the way through it
                h = self._after(h, Action("move", (a.args[1],)))
                if h is None or h.s.active != s.active:
                    continue
            v = self.best_score(h) - self.costs_on_the_way(g, h) - margin
            if v > best_v:
                best, best_v = a, v
        if best is None:
            return None
        if best.verb == "disrupt":
            return best, say("the crow on this cell stops a guard who starts his move here (CHAR-12)"), best_v
        k = best.args[0]
        if k == "thermal_bomb" and self.follow_link:
            self._follow = (s.turn, s.active, Action("move", (best.args[1],)))
        if best.verb == "flex":
            return best, say("to the safest cell within reach"), best_v

        return best, say("use the {tool}", tool=card(k)), best_v

    def tool_use(self, g, plan, ch, r, by):
        uses = by.get("use", [])
        if not uses:
            return None
        s = g.s
        for a in uses:
            k = a.args[0]
            if k in ("rollerskates", "invisible_suit") and r >= 1:
                return a
            if k == "makeup_kit" and (ch.stealth <= 1 or sum(max(0, 3 - o.stealth) for o in s.characters
                                                            if o.on_board and o.cell == ch.cell) >= 2):
                return a
            if k == "blueprints" and len(a.args) > 1:
                f = ch.cell // N
                safe = plan.safe[f]
                x = a.args[1]
                if safe is not None and not plan.cracked[f] and x in combination(safe) and not s.tiles[x].revealed:
                    return a
        return None
