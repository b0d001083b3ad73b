"""Where will the guard go? A read-only forecast of a guard's next move, and the walking
distance from each guard to each alarm.

The forecast replays GUARD-5..12 on copies of the few facts it needs (the guard's
cell, his destination, the floor's alarms, Stealth left) and never touches the game:
``game.to_dict()`` is identical before and after. It knows what the players know and
nothing more: when the guard arrives at his destination with movement points left and
no alarm remains, his next destination is the next patrol card, which is face down, so
the forecast stops there and says so. Alarm ties (ALARM-3: players choose) stop it too.

What the forecast follows, in the rules' order:

* TURN-5: when the active character ends its action phase on a working Thermo, an
  alarm goes off there first (``end_of_turn=True``, the default). That alarm counts for
  the guard's movement points and takes his die (ALARM-3) like any other.
* GUARD-5: Donuts under him (TOOL-4) or the advanced Raven's crow on his cell with no
  alarm on his floor (CHAR-12) cancel the whole move.
* GUARD-6: MP = die + alarms on his floor + Espresso - Daydreaming, at least 0.
* GUARD-7/8/9: step by step along the most clockwise shortest route
  (``game.table(floor)``), one MP per step.
* GUARD-12: an alarm on the entered cell is switched off (a); characters seen on the
  cell, on an adjacent Foyer, or on an Atrium directly above or below lose 1 Stealth,
  and one with nothing to pay is captured, which ends the game (b-d, END-4); a working
  Camera makes characters on other working Cameras of his floor trigger alarms, which
  take his die (e, TILE-2); the basic Raven's crow costs 1 more MP (f).
* GUARD-11: at his destination the die goes to the nearest remaining alarm; with no
  alarm he draws a patrol card (unknown).

>>> from burgle.engine.game import Game
>>> from burgle.geometry.board import cell_name
>>> game = Game.from_scenario('''
... [[characters]]
... character = "hawk"
... cell = "1A1"
... [tiles]
... 1A1 = "foyer 1 revealed"
... 1B2 = "laser 2 revealed alarm"
... [[guards]]
... floor = 1
... cell = "1D4"
... die = "1B2"
... speed = 2
... ''')
>>> f = forecast(game, 1)
>>> f.mp, [cell_name(c) for c in f.path], cell_name(f.stop)
(3, ['1C4', '1C3', '1C2'], '1C2')
>>> [(cell_name(a.cell), a.distance) for a in f.alarms]
[('1B2', 4)]
"""

from __future__ import annotations

from dataclasses import dataclass, field

from burgle.data.jobs import get_job
from burgle.geometry.board import CELLS_PER_FLOOR, FLOORS, cell_name, floor_of
from burgle.engine.errors import BurgleError
from burgle.engine.guards import movement_points
from burgle.geometry.routing import explain_route

__all__ = [
    "AlarmDistance",
    "FloorError",
    "check_floor",
    "ForecastStep",
    "GuardForecast",
    "Leg",
    "alarm_distances",
    "forecast",
    "forecast_all",
    "moves_this_turn",
]

N = CELLS_PER_FLOOR


class FloorError(BurgleError):
    """A floor number that the game's building does not have."""


def check_floor(floor, game=None) -> int:
    """*floor* if *game*'s building has it (any job's floor when no game is given, JOB-1)."""
    floors = game.s.floors if game is not None else FLOORS
    if isinstance(floor, bool) or not isinstance(floor, int) or not 1 <= floor <= floors:
        job = get_job(game.s.job).name if game is not None else "The Bank Job"
        raise FloorError(
            f"floor {floor!r} does not exist; {job} has floors "
            + ", ".join(str(f) for f in range(1, floors + 1))
        )
    return floor


# ----------------------------------------------------------------------------- results


@dataclass(frozen=True)
class AlarmDistance:
    """One alarm token and its walking distance from the floor's guard (ALARM-3, GUARD-8).

    ``distance`` is None while the guard is not placed. ``nearest`` marks every alarm at
    the least distance (more than one: a tie the players break, ALARM-3).
    ``destination``: the die sits on it. ``pending``: not on the board yet, it goes off
    at the end of the action phase (TURN-5, Thermo)."""

    cell: int
    distance: int | None
    nearest: bool = False
    destination: bool = False
    pending: bool = False

    @property
    def name(self) -> str:
        return cell_name(self.cell)


@dataclass(frozen=True)
class ForecastStep:
    """One step of the guard's move (GUARD-7): the cell he enters and what happens there."""

    number: int  # 1, 2, ...
    cell: int
    mp_left: int  # movement points left after the step (crow included)
    alarm_off: bool = False  # GUARD-12a / ALARM-4
    seen: tuple[int, ...] = ()  # seats losing 1 Stealth (GUARD-12 b-d)
    captured: int | None = None  # seat captured here: the team loses, the move ends (END-4)
    crow: bool = False  # the basic Raven's crow cost 1 more MP (GUARD-12f)
    camera_alarms: tuple[int, ...] = ()  # alarms the Camera triggers, any floor (GUARD-12e)
    arrival: bool = False  # the cell was his destination (GUARD-11)
    new_destination: int | None = None  # the die's new cell, when known (arrival or Camera)

    @property
    def name(self) -> str:
        return cell_name(self.cell)


@dataclass(frozen=True)
class Leg:
    """The guard's walk toward one destination.

    ``route`` is the whole GUARD-9 route from ``start`` to ``destination`` (start
    excluded, destination included); ``walked`` is how many of its cells he enters in
    this move (the rest is for a later move); ``alternatives`` are the other shortest
    routes, the ones the clockwise rule (GUARD-9) turns down; ``explanation`` says why
    at each fork (``burgle.geometry.routing.explain_route``)."""

    start: int
    destination: int
    route: tuple[int, ...]
    walked: int
    alternatives: tuple[tuple[int, ...], ...] = ()
    explanation: tuple[str, ...] = ()

    @property
    def this_turn(self) -> tuple[int, ...]:
        return self.route[: self.walked]

    @property
    def later(self) -> tuple[int, ...]:
        return self.route[self.walked :]


@dataclass(frozen=True)
class GuardForecast:
    """The guard's next move as far as the players can know it.

    ``end`` is the cell where the known part of the move ends. If ``complete`` he
    stops there for certain (``stop``); otherwise he still has ``mp_unknown`` movement
    points and ``unknown_reason`` says why the rest cannot be known (an unseen patrol
    card, or an alarm tie, ``tie``)."""

    floor: int
    placed: bool
    guard: int | None = None
    destination: int | None = None  # the die's cell before the move
    speed: int = 0  # the die's face
    mp: int = 0
    mp_text: str = ""
    moves_this_turn: bool = False  # this floor's guard moves in this turn's guard phase (TURN-7)
    moves: bool = False  # False when his move is cancelled, he has 0 MP, or he is not placed
    steps: tuple[ForecastStep, ...] = ()
    legs: tuple[Leg, ...] = ()
    end: int | None = None
    complete: bool = True
    unknown_reason: str = ""
    mp_unknown: int = 0
    tie: tuple[int, ...] = ()
    next_destination: int | None = None  # the die's cell after the move, if known
    alarms: tuple[AlarmDistance, ...] = ()
    pending_alarms: tuple[int, ...] = ()
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def path(self) -> tuple[int, ...]:
        """The cells he enters in the known part of the move, in order."""
        return tuple(s.cell for s in self.steps)

    @property
    def stop(self) -> int | None:
        """The cell where he ends his move, or None when that is not known yet."""
        return self.end if self.complete else None

    def describe(self) -> list[str]:
        """Plain-English sentences: the forecast as a player would say it."""
        f = self.floor
        if not self.placed:
            return [f"The floor {f} guard is not on the board yet (GUARD-2)."]
        where = f"sits on {cell_name(self.destination)}" if self.destination is not None else "is not placed yet"
        lines = [f"The floor {f} guard stands on {cell_name(self.guard)}; his die shows {self.speed} and {where}."]
        if self.mp_text:
            when = ("He moves at the end of this turn" if self.moves_this_turn
                    else "He does not move this turn; his next move")
            lines.append(f"{when}: {self.mp_text} (GUARD-6).")
        lines.extend(self.notes)
        if self.steps:
            walk = ", ".join(f"{s.number}. {s.name}" for s in self.steps)
            lines.append(f"Steps: {walk}.")
        if self.complete and self.moves:
            lines.append(f"He stops on {cell_name(self.end)}.")
        elif not self.complete:
            lines.append(
                f"The known part ends on {cell_name(self.end)} with {self.mp_unknown} MP left: {self.unknown_reason}."
            )
        for leg in self.legs:
            for alt in leg.alternatives:
                lines.append(
                    f"Tied route to {cell_name(leg.destination)} not taken: "
                    + " ".join(cell_name(c) for c in alt)
                    + " (GUARD-9, the most clockwise route wins)."
                )
        return lines


# ----------------------------------------------------------------------------- helpers


def moves_this_turn(game, floor: int) -> bool:
    """TURN-7: does this floor's guard move in the guard phase of the current turn?

    The guard of the active character's floor moves (the floor it stands on *now*);
    with Shift Change (EVENT-19) the guards of the other floors move instead."""
    s = game.s
    if s.outcome is not None or s.phase != "actions":
        return False
    ch = s.characters[s.active]
    if not ch.on_board:
        return False
    here = floor_of(ch.cell)
    if "shift_change" in s.turn_effects:
        return floor != here
    return floor == here


def _distances(table, here: int, cells) -> dict[int, int]:
    h = here % N
    return {c: table.dist[h * N + c % N] for c in cells}


def _nearest(table, here: int, alarms) -> list[int]:
    if not alarms:
        return []
    d = _distances(table, here, alarms)
    best = min(d.values())
    return sorted(c for c in alarms if d[c] == best)


def _pending_thermo(game, floor: int) -> list[int]:
    """TURN-5: the Thermo alarm that goes off when the active character's action phase
    ends on a working Thermo, if ALARM-2.1 does not cancel it (Thermo is not hackable)."""
    s = game.s
    if s.outcome is not None or s.phase != "actions":
        return []
    ch = s.characters[s.active]
    if not ch.on_board or floor_of(ch.cell) != floor:
        return []
    t = s.tiles[ch.cell]
    if t.kind != "thermo" or not t.working or t.alarm or s.emp_seat is not None:
        return []
    if s.guards[floor - 1].cell == ch.cell:
        return []
    return [ch.cell]


def alarm_distances(game, floor: int, end_of_turn: bool = False) -> tuple[AlarmDistance, ...]:
    """Each alarm token on *floor* with its walking distance from the floor's guard,
    nearest first (then by cell). With *end_of_turn*, a Thermo alarm that will go off
    at the end of the action phase (TURN-5) is listed too, marked ``pending``.

    >>> from burgle.engine.game import Game
    >>> game = Game.from_scenario('''
    ... [[characters]]
    ... character = "hawk"
    ... cell = "1A1"
    ... [tiles]
    ... 1B2 = "laser 2 revealed alarm"
    ... 1D1 = "motion 1 revealed alarm"
    ... [[guards]]
    ... floor = 1
    ... cell = "1D4"
    ... die = "1B2"
    ... ''')
    >>> [(a.name, a.distance, a.nearest, a.destination) for a in alarm_distances(game, 1)]
    [('1B2', 4, True, True), ('1D1', 5, False, False)]
    """
    check_floor(floor, game)
    s = game.s
    guard = s.guards[floor - 1]
    base = N * (floor - 1)
    cells = [c for c in range(base, base + N) if s.tiles[c].alarm]
    pending = _pending_thermo(game, floor) if end_of_turn else []
    allc = cells + pending
    if not guard.placed:
        return tuple(AlarmDistance(c, None, destination=(c == guard.die), pending=c in pending) for c in allc)
    table = game.table(floor)
    d = _distances(table, guard.cell, allc)
    best = min(d.values()) if d else None
    out = [
        AlarmDistance(c, d[c], nearest=d[c] == best, destination=c == guard.die, pending=c in pending)
        for c in allc
    ]
    out.sort(key=lambda a: (a.distance, a.cell))
    return tuple(out)


# ----------------------------------------------------------------------------- the forecast


def forecast_all(game, end_of_turn: bool = True) -> tuple[GuardForecast, ...]:
    """The forecast of every floor's guard, floor 1 first (3 floors, or 2 in The Office Job)."""
    return tuple(forecast(game, f, end_of_turn=end_of_turn) for f in range(1, game.s.floors + 1))


def forecast(game, floor: int, end_of_turn: bool = True) -> GuardForecast:
    """Forecast the next guard-phase move of *floor*'s guard from the current state.

    For the floor whose guard moves this turn, that is the move at the end of this
    turn if the action phase ended now and the Event changed nothing. *end_of_turn*
    (default True) includes the Thermo alarm of TURN-5. Never changes *game*.
    """
    check_floor(floor, game)
    s = game.s
    guard = s.guards[floor - 1]
    mover = moves_this_turn(game, floor)
    if not guard.placed:
        return GuardForecast(
            floor=floor, placed=False, speed=guard.speed, moves_this_turn=mover,
            alarms=alarm_distances(game, floor),
            notes=(f"The floor {floor} guard appears when a character first arrives on floor {floor} (GUARD-2).",),
        )

    if guard.die is None:  # before SETUP-10: the first destination is not drawn yet
        return GuardForecast(
            floor=floor, placed=True, guard=guard.cell, speed=guard.speed, moves_this_turn=mover, end=guard.cell,
            alarms=alarm_distances(game, floor),
            notes=("His first destination is drawn once the entrance is chosen (SETUP-10).",),
        )
    table = game.table(floor)
    base = N * (floor - 1)
    pending = _pending_thermo(game, floor) if end_of_turn else []
    alarms = {c for c in range(base, base + N) if s.tiles[c].alarm} | set(pending)
    notes: list[str] = []
    here = guard.cell
    dest = guard.die
    tie: tuple[int, ...] = ()
    if pending:
        notes.append(
            f"{game.who(s.characters[s.active])} ends on the Thermo on {cell_name(pending[0])}: an alarm goes off "
            "there first (TURN-5, TILE-19)."
        )
        near = _nearest(table, here, alarms)
        if len(near) == 1:
            dest = near[0]
        else:
            tie = tuple(near)
            dest = None

    if dest is not None and here == dest:
        # He stands on his die (the game ended as he arrived, or the players are choosing
        # his next alarm mid-move): the die moves before he walks on (GUARD-11, ALARM-3).
        near = _nearest(table, here, alarms - {here})
        if len(near) == 1:
            dest = near[0]
        else:
            tie, dest = tuple(near), None

    # GUARD-6 movement points (the pending Thermo alarm counts: it is on the board when he starts)
    mp = movement_points(game, guard) + len(pending)
    espresso = s.turn_effects.count(f"espresso:{floor}")
    daydream = s.turn_effects.count(f"daydreaming:{floor}")
    parts = [f"die {guard.speed}"]
    if alarms:
        parts.append(f"{len(alarms)} alarm{'s' if len(alarms) != 1 else ''}")
    if espresso:
        parts.append("Espresso 1")
    mp_text = " + ".join(parts) + (" - Daydreaming 1" if daydream else "") + f" = {mp} MP"

    common = dict(
        floor=floor, placed=True, guard=here, destination=guard.die, speed=guard.speed, mp=mp,
        mp_text=mp_text, moves_this_turn=mover,
        alarms=alarm_distances(game, floor, end_of_turn=end_of_turn),
        pending_alarms=tuple(pending),
    )

    # the Stealth each character could still pay, for captures (END-3, END-4)
    own = {ch.seat: ch.stealth for ch in s.characters}
    tile_tokens = {c: t.stealth for c, t in enumerate(s.tiles) if t.stealth}

    # TURN-7a: the Acrobat's Flexibility penalty comes before the guard moves (CHAR-1, DEC-37)
    if end_of_turn and mover and s.phase == "actions":
        ch = s.characters[s.active]
        if ch.on_board and ch.flex_cell is not None and ch.flex_cell == ch.cell and ch.cell == guard.cell:
            penalty = f"{game.who(ch)} still shares the guard's cell after Flexibility: -1 Stealth first (CHAR-1)."
            if own[ch.seat] > 0:
                own[ch.seat] -= 1
                notes.append(penalty)
            elif tile_tokens.get(ch.cell, 0) > 0:
                tile_tokens[ch.cell] -= 1
                notes.append(penalty)
            else:
                notes.append(f"{game.who(ch)} still shares the guard's cell after Flexibility with no Stealth left: "
                             "captured before the guard moves, the team loses (CHAR-1, END-4).")
                return GuardForecast(**common, end=here, next_destination=dest, tie=tie, notes=tuple(notes))

    # GUARD-5: cancelled moves
    if guard.donuts:
        notes.append("He eats the Donuts under him instead of moving (TOOL-4).")
        return GuardForecast(**common, end=here, next_destination=dest, tie=tie, notes=tuple(notes))
    if s.crow == here and game.ability_holder("disrupt") is not None and not alarms:
        notes.append("The crow on his cell disrupts him: he does not move (CHAR-12).")
        return GuardForecast(**common, end=here, next_destination=dest, tie=tie, notes=tuple(notes))
    if dest is None:
        if tie:
            why = ("the alarms on " + " and ".join(cell_name(c) for c in tie)
                   + " are equally near, so the players choose where his die goes (ALARM-3)")
        else:
            why = "his next destination is the next patrol card, face down (GUARD-11, GUARD-3)"
        return GuardForecast(
            **common, moves=mp > 0, end=here, complete=mp == 0, mp_unknown=mp, tie=tie,
            unknown_reason=why if mp else "", notes=tuple(notes),
        )
    if mp == 0:
        notes.append("He has no movement points and stays where he is (GUARD-6).")
        return GuardForecast(**common, end=here, next_destination=dest, notes=tuple(notes))

    people = [ch for ch in s.characters if ch.on_board]
    video_loop = game.round_effect_active("video_loop")
    distract = game.ability_holder("distract") is not None
    alarm_all = {c for c, t in enumerate(s.tiles) if t.alarm} | set(pending)  # for Camera cancels

    steps: list[ForecastStep] = []
    legs: list[Leg] = []
    leg_start, leg_walked = here, 0  # the open leg: from leg_start toward dest
    complete, unknown, mp_unknown = True, "", 0

    def close_leg(final_dest):
        a, b = leg_start % N, final_dest % N
        legs.append(Leg(
            start=leg_start, destination=final_dest,
            route=tuple(base + i for i in table.route(a, b)), walked=leg_walked,
            alternatives=tuple(tuple(base + i for i in r) for r in table.all_shortest_routes(a, b)[1:]),
            explanation=tuple(explain_route(table, a, b)),
        ))

    def tie_text(cells):
        return ("the alarms on " + " and ".join(cell_name(c) for c in cells)
                + " are equally near, so the players choose where his die goes (ALARM-3)")

    while mp > 0:
        nxt = base + table.step[(here % N) * N + dest % N]
        mp -= 1
        here = nxt
        leg_walked += 1
        info = {}
        # (a) ALARM-4
        if nxt in alarms:
            alarms.discard(nxt)
            alarm_all.discard(nxt)
            info["alarm_off"] = True
        # (b)-(d) sight: END-2b, TILE-9 Foyer, TILE-1 Atrium
        seen = []
        for ch in people:
            w = ch.cell
            if w == nxt:
                seen.append(ch)
            elif floor_of(w) == floor:
                if s.tiles[w].kind == "foyer" and game.adjacent(w, nxt):
                    seen.append(ch)
            elif s.tiles[w].kind == "atrium" and abs(w - nxt) == N:
                seen.append(ch)
        info["seen"] = tuple(ch.seat for ch in seen)
        for ch in sorted(seen, key=lambda c: (c.seat - s.active) % len(s.characters)):  # CONV-9
            if own[ch.seat] > 0:
                own[ch.seat] -= 1
            elif tile_tokens.get(ch.cell, 0) > 0:
                tile_tokens[ch.cell] -= 1
            else:
                info["captured"] = ch.seat
                break
        if seen and "captured" not in info:
            who = " and ".join(game.who(ch) for ch in seen)
            each = " each" if len(seen) > 1 else ""
            notes.append(f"At step {len(steps) + 1} ({cell_name(nxt)}) he sees {who}: -1 Stealth{each} (GUARD-12).")
        if "captured" in info:
            steps.append(ForecastStep(len(steps) + 1, nxt, mp, **info))
            notes.append(
                f"On {cell_name(nxt)} he sees {game.who(s.characters[info['captured']])}, who has no Stealth "
                "left: captured, the team loses (END-4)."
            )
            close_leg(dest)
            return GuardForecast(**common, moves=True, steps=tuple(steps), legs=tuple(legs), end=here,
                                 notes=tuple(notes))
        # (e) TILE-2 Camera: characters on other working Cameras trigger alarms
        t = s.tiles[nxt]
        if t.kind == "camera" and t.working and not video_loop:
            cams = sorted({
                ch.cell for ch in people
                if ch.cell != nxt and s.tiles[ch.cell].kind == "camera" and s.tiles[ch.cell].working
            })
            placed = [c for c in cams if s.emp_seat is None and c not in alarm_all
                      and (floor_of(c) == floor or s.guards[floor_of(c) - 1].cell != c)]  # ALARM-2.1
            info["camera_alarms"] = tuple(placed)
            alarm_all.update(placed)
            mine = [c for c in placed if floor_of(c) == floor]
            if mine:  # ALARM-3: his die goes to the nearest alarm
                alarms.update(mine)
                near = _nearest(table, nxt, alarms)
                if len(near) > 1:
                    steps.append(ForecastStep(len(steps) + 1, nxt, mp, **info))
                    close_leg(dest)
                    complete, mp_unknown, tie, unknown = False, mp, tuple(near), tie_text(near)
                    break
                if near[0] != dest:
                    close_leg(dest)
                    leg_start, leg_walked = nxt, 0
                    dest = near[0]
                info["new_destination"] = dest
        # (f) CHAR-11: the crow costs 1 more MP
        if s.crow == nxt and distract:
            mp -= 1
            info["crow"] = True
        # GUARD-11 arrival
        if nxt == dest:
            info["arrival"] = True
            close_leg(dest)
            leg_start, leg_walked = nxt, 0
            near = _nearest(table, nxt, alarms)
            if len(near) == 1:
                dest = near[0]
                info["new_destination"] = dest
                steps.append(ForecastStep(len(steps) + 1, nxt, max(mp, 0), **info))
                continue
            steps.append(ForecastStep(len(steps) + 1, nxt, max(mp, 0), **info))
            dest = None
            if near:
                tie = tuple(near)
                reason = tie_text(near)
            else:
                empty = " (his deck is empty: reshuffle, die +1, GUARD-4)" if not guard.deck else ""
                reason = f"his next destination is the next patrol card, face down{empty} (GUARD-11, GUARD-3)"
            if mp > 0:
                complete, mp_unknown, unknown = False, mp, reason
            else:
                notes.append(f"He arrives on {cell_name(nxt)} with his last MP; {reason}.")
            break
        steps.append(ForecastStep(len(steps) + 1, nxt, max(mp, 0), **info))
    else:
        close_leg(dest)  # MP ran out on the way: the rest of this leg is for a later move
    return GuardForecast(
        **common, moves=True, steps=tuple(steps), legs=tuple(legs), end=here, complete=complete,
        unknown_reason=unknown, mp_unknown=mp_unknown, tie=tie, next_destination=dest if complete else None,
        notes=tuple(notes),
    )
