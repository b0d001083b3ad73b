"""Where will the guard go? A read-only forecast of a guard's next move, and the walking
distance from each guard to each alarm.

The forecast is the engine's own move: ``Game.guard_walk`` plays GUARD-5..12 on a copy
of the game, with chance explicit, and the forecast reads what happened. The game is
never touched: ``game.to_dict()`` is identical before and after. It knows what the
players know and nothing more: when the guard arrives at his destination with movement
points left and no alarm remains, his next destination is the next patrol card, a chance
node unless the players have seen that card (the Spotter, CHAR-17), so the forecast stops
there and says so. Alarm ties (ALARM-3: players choose) stop it too.

What the engine's move covers, in the rules' order:

* TURN-5: when the active character ends its action phase on a working Thermo, an
  alarm goes off there first (``end_of_turn=True``, the default). That alarm counts for
  the guard's movement points and takes his die (ALARM-3) like any other. TURN-6: the
  Event drawn then is included only when the players know it (Precognition, the Crystal
  Ball: CHAR-18, TOOL-3); an unknown Event is assumed to change nothing. TURN-7a: the
  Acrobat still on the guard's cell after Flexibility pays first.
* GUARD-5: Donuts under him (TOOL-4) or the advanced Raven's crow on his cell with no
  alarm on his floor (CHAR-12) cancel the whole move.
* GUARD-6: MP = die + alarms on his floor + Espresso - Daydreaming, at least 0.
* GUARD-7/8/9: step by step along the most clockwise shortest route, one MP per step.
* GUARD-12: an alarm on the entered cell is switched off (a); characters seen on the
  cell, on an adjacent Foyer, or on an Atrium directly above or below lose 1 Stealth
  (the forecast assumes each pays with its own token when it has one, END-3), and one
  with nothing to pay is captured, which ends the game (b-d, END-4); a working Camera
  makes characters on other working Cameras of his floor trigger alarms, which take his
  die (e, TILE-2); the basic Raven's crow costs 1 more MP (f).
* GUARD-11: at his destination the die goes to the nearest remaining alarm; with no
  alarm he draws a patrol card.

>>> from burgle.engine.game import Game
>>> from burgle.geometry.board import cell_name
>>> game = Game.from_scenario({"characters": [{"character": "hawk", "cell": "1A1"}],
...     "tiles": {"1A1": "foyer 1 revealed", "1B2": "laser 2 revealed alarm"},
...     "guards": [{"floor": 1, "cell": "1D4", "die": "1B2", "speed": 2}]})
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


def _pending_thermo(game, floor: int) -> list[int]:
    """TURN-5: the Thermo alarm that goes off on *floor* when the active character's action
    phase ends now, as the engine resolves it (ALARM-2.1 may cancel it)."""
    s = game.s
    if s.outcome is not None or s.phase != "actions" or not s.guards[floor - 1].placed:
        return []
    walk = game.guard_walk(floor, mp=0, end_of_turn=True)
    return [h.cell for h in walk.happenings[0] if h.kind == "alarm" and h.rule == "TILE-19"
            and floor_of(h.cell) == floor]


def alarm_distances(game, floor: int, end_of_turn: bool = False, _pending=None) -> tuple[AlarmDistance, ...]:
    """Each alarm token on *floor* with its walking distance from the floor's guard,
    nearest first (then by cell). With *end_of_turn*, a Thermo alarm that will go off
    at the end of the action phase (TURN-5) is listed too, marked ``pending``.

    >>> from burgle.engine.game import Game
    >>> game = Game.from_scenario({"characters": [{"character": "hawk", "cell": "1A1"}],
    ...     "tiles": {"1B2": "laser 2 revealed alarm", "1D1": "motion 1 revealed alarm"},
    ...     "guards": [{"floor": 1, "cell": "1D4", "die": "1B2"}]})
    >>> [(a.name, a.distance, a.nearest, a.destination) for a in alarm_distances(game, 1)]
    [('1B2', 4, True, True), ('1D1', 5, False, False)]
    """
    check_floor(floor, game)
    s = game.s
    guard = s.guards[floor - 1]
    base = N * (floor - 1)
    cells = [c for c in range(base, base + N) if s.tiles[c].alarm]
    if _pending is None:  # the forecast passes what its own walk found
        _pending = _pending_thermo(game, floor) if end_of_turn else []
    pending = list(_pending)
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


def forecast(game, floor: int, end_of_turn: bool = True, mp: int | None = None) -> GuardForecast:
    """Forecast the next guard-phase move of *floor*'s guard from the current state.

    For the floor whose guard moves this turn, that is the move at the end of this
    turn if the action phase ended now and the Event changed nothing. *end_of_turn*
    (default True) includes what comes before the guard phase: the Thermo alarm of TURN-5,
    the Event if the players know it (TURN-6, CHAR-18) and the Acrobat's penalty of TURN-7a. *mp*: the movement points he has, when the
    caller knows better than GUARD-6 (the rest of a move). Never changes *game*.

    The move is the engine's own (``Game.guard_walk``, explicit chance): the forecast reads
    what happened and stops where the players cannot know more (a face-down patrol card,
    an alarm tie they choose). When a character pays Stealth and could pay with a token on
    its tile instead (END-3), the forecast assumes its own token.
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
    return _Reader(game, floor, end_of_turn, mover, mp).read()


def _tie_text(cells) -> str:
    return ("the alarms on " + " and ".join(cell_name(c) for c in cells)
            + " are equally near, so the players choose where his die goes (ALARM-3)")


class _Reader:
    """Walks the guard with the engine and turns what happened into a :class:`GuardForecast`."""

    def __init__(self, game, floor: int, end_of_turn: bool, mover: bool, mp: int | None):
        self.game, self.floor, self.mp_given = game, floor, mp
        self.end_of_turn, self.mover = end_of_turn, mover
        self.table = game.table(floor)
        self.base = N * (floor - 1)
        self.notes: list[str] = []

    def walk(self):
        """The engine's move, with the choices a forecast can make answered: Stealth from
        the character's own token (END-3), alarms allowed (ALARM-2). Returns the walk and
        everything that happened, in order."""
        walk = self.game.guard_walk(self.floor, mp=self.mp_given, end_of_turn=self.end_of_turn)
        happened = list(walk.happenings[0])
        while walk.pending is not None and walk.pending.rule in ("END-3", "ALARM-2"):
            options = {str(a): a for a in walk.pending.options}
            answer = options.get("stealth own") or options.get("allow-alarm") or walk.pending.options[0]
            happened += walk.apply(answer)
        return walk, happened

    def read(self) -> GuardForecast:
        game, floor, base, table = self.game, self.floor, self.base, self.table
        s = game.s
        guard = s.guards[floor - 1]
        walk, happened = self.walk()
        notes = self.notes
        pending = [h.cell for h in happened if h.kind == "alarm" and h.rule == "TILE-19" and floor_of(h.cell) == floor]
        if pending:
            notes.append(
                f"{game.who(s.characters[s.active])} ends on the Thermo on {cell_name(pending[0])}: an alarm goes "
                "off there first (TURN-5, TILE-19)."
            )
        start = next((i for i, h in enumerate(happened) if h.kind in ("guard_moves", "guard_stays")), len(happened))
        before, moving = happened[:start], happened[start:]
        for h in before:
            if h.kind == "event":
                notes.append(f"The players know the Event drawn at the end of this turn: {h.value} (CHAR-18, TOOL-3); "
                             "the forecast includes it.")
        # the die before he walks: where TURN-5's alarm or a known Event sent it, if they did
        dest = guard.die
        for h in before:
            if h.kind in ("destination", "patrol_draw") and floor_of(h.cell) == floor:
                dest = h.cell
        tie: tuple[int, ...] = ()
        choice = walk.pending
        open_tie = tuple(a.args[0] for a in choice.options) if choice is not None and choice.rule == "ALARM-3" else ()
        mp = next((h.value for h in moving if h.kind == "guard_moves"), 0)
        alarms_now = sum(1 for c in range(base, base + N) if s.tiles[c].alarm) + len(pending)
        effects = walk.s.turn_effects  # this turn's effects, a known Event's included
        espresso = effects.count(f"espresso:{floor}")
        daydream = effects.count(f"daydreaming:{floor}")
        if self.mp_given is not None:
            mp_text = f"{mp} MP left"
        else:
            parts = [f"die {guard.speed}"]
            if alarms_now:
                parts.append(f"{alarms_now} alarm{'s' if alarms_now != 1 else ''}")
            if espresso:
                parts.append("Espresso 1")
            mp_text = " + ".join(parts) + (" - Daydreaming 1" if daydream else "") + f" = {mp} MP"
            if not any(h.kind == "guard_moves" for h in moving):  # cancelled: what GUARD-6 would give
                mp = movement_points(game, guard) + len(pending)
                mp_text = " + ".join(parts) + (" - Daydreaming 1" if daydream else "") + f" = {mp} MP"
        common = dict(
            floor=floor, placed=True, guard=guard.cell, destination=guard.die, speed=guard.speed, mp=mp,
            mp_text=mp_text, moves_this_turn=self.mover,
            alarms=alarm_distances(game, floor, end_of_turn=self.end_of_turn, _pending=pending),
            pending_alarms=tuple(pending),
        )
        here = moving[0].cell if moving else guard.cell  # where his move starts (a known Event may move him)
        penalty = [h for h in before if h.rule == "CHAR-1" or (h.kind == "captured" and not moving)]
        if penalty:
            ch = s.characters[s.active]
            if any(h.kind == "captured" for h in before):
                notes.append(f"{game.who(ch)} still shares the guard's cell after Flexibility with no Stealth left: "
                             "captured before the guard moves, the team loses (CHAR-1, END-4).")
                return GuardForecast(**common, end=here, next_destination=dest, notes=tuple(notes))
            notes.append(f"{game.who(ch)} still shares the guard's cell after Flexibility: -1 Stealth first (CHAR-1).")
        stays = next((h for h in moving if h.kind == "guard_stays"), None)
        if stays is not None:  # GUARD-5
            notes.append("He eats the Donuts under him instead of moving (TOOL-4)." if stays.rule == "TOOL-4"
                         else "The crow on his cell disrupts him: he does not move (CHAR-12).")
            return GuardForecast(**common, end=here, next_destination=dest, notes=tuple(notes))
        if choice is not None and not moving:  # stopped before his move: the players choose, or chance
            if open_tie:
                why = _tie_text(open_tie)
            elif walk.is_chance_node:
                why = f"a chance event comes first ({choice.rule})"
            else:
                why = f"the players choose first ({choice.rule})"
            return GuardForecast(**common, moves=mp > 0, end=here, complete=mp == 0, mp_unknown=mp, tie=open_tie,
                                 unknown_reason=why if mp else "", notes=tuple(notes))
        if mp == 0:
            notes.append("He has no movement points and stays where he is (GUARD-6).")
            return GuardForecast(**common, end=here, next_destination=dest, notes=tuple(notes))
        return self.steps(common, moving, walk, here, dest, open_tie)

    def steps(self, common: dict, moving: list, walk, here: int, dest, open_tie) -> GuardForecast:
        game, floor, base, table, notes = self.game, self.floor, self.base, self.table, self.notes
        s = game.s
        steps: list[ForecastStep] = []
        legs: list[Leg] = []
        leg = [here, 0]  # the open leg: its start and the cells walked on it

        def close_leg(final_dest):
            a, b = leg[0] % N, final_dest % N
            legs.append(Leg(
                start=leg[0], destination=final_dest,
                route=tuple(base + i for i in table.route(a, b)), walked=leg[1],
                alternatives=tuple(tuple(base + i for i in r) for r in table.all_shortest_routes(a, b)[1:]),
                explanation=tuple(explain_route(table, a, b)),
            ))

        # group what happened by step: each guard_step and what followed it
        groups: list[list] = []
        for h in moving:
            if h.kind == "guard_step":
                groups.append([h])
            elif groups:
                groups[-1].append(h)
        mp_left = 0
        for n, group in enumerate(groups, 1):
            step = group[0]
            cell, mp_left = step.cell, step.value
            leg[1] += 1
            info: dict = {}
            seen: list[int] = []
            for h in group[1:]:
                if h.kind == "alarm_off" and h.cell == cell:
                    info["alarm_off"] = True
                elif h.kind in ("stealth_lost", "stealth_tile") and h.rule == "GUARD-12":
                    seen.append(h.seat)
                elif h.kind == "captured":
                    seen.append(h.seat)
                    info["captured"] = h.seat
                elif h.kind == "crow_cost":
                    info["crow"] = True
                    mp_left = h.value
                elif h.kind == "alarm" and h.rule == "TILE-2":
                    info["camera_alarms"] = info.get("camera_alarms", ()) + (h.cell,)
            if seen:
                info["seen"] = tuple(sorted(set(seen), key=seen.index))
            arrival = cell == dest
            new_dest = dest
            for h in group[1:]:  # ALARM-3, or a patrol card the players know (CHAR-17): no chance node
                if h.kind in ("destination", "patrol_draw") and floor_of(h.cell) == floor:
                    new_dest = h.cell
            if arrival:
                info["arrival"] = True
            if new_dest != dest:
                info["new_destination"] = new_dest
            if "seen" in info and "captured" not in info:
                who = " and ".join(game.who(s.characters[k]) for k in info["seen"])
                each = " each" if len(info["seen"]) > 1 else ""
                notes.append(f"At step {n} ({cell_name(cell)}) he sees {who}: -1 Stealth{each} (GUARD-12).")
            steps.append(ForecastStep(n, cell, max(mp_left, 0), **info))
            if "captured" in info:
                notes.append(f"On {cell_name(cell)} he sees {game.who(s.characters[info['captured']])}, who has no "
                             "Stealth left: captured, the team loses (END-4).")
                close_leg(dest)
                return GuardForecast(**common, moves=True, steps=tuple(steps), legs=tuple(legs), end=cell,
                                     notes=tuple(notes))
            if arrival or new_dest != dest:
                close_leg(dest)
                leg[0], leg[1] = cell, 0
                dest = new_dest
            here = cell
        mp_left = max(mp_left, 0)
        if walk.pending is not None:  # a chance node (patrol card) or an alarm tie the players choose
            if open_tie:
                reason, tie, dest = _tie_text(open_tie), open_tie, None
            else:
                empty = (" (his deck is empty: reshuffle, die +1, GUARD-4)"
                         if any(h.kind == "reshuffle" for h in moving) else "")
                reason, tie = f"his next destination is the next patrol card, face down{empty} (GUARD-11, GUARD-3)", ()
            if mp_left > 0:
                return GuardForecast(**common, moves=True, steps=tuple(steps), legs=tuple(legs), end=here,
                                     complete=False, unknown_reason=reason, mp_unknown=mp_left, tie=tie,
                                     notes=tuple(notes))
            notes.append(f"He arrives on {cell_name(here)} with his last MP; {reason}.")
            return GuardForecast(**common, moves=True, steps=tuple(steps), legs=tuple(legs), end=here, tie=tie,
                                 notes=tuple(notes))
        close_leg(dest)  # MP ran out on the way: the rest of this leg is for a later move
        return GuardForecast(**common, moves=True, steps=tuple(steps), legs=tuple(legs), end=here,
                             next_destination=dest, notes=tuple(notes))
