"""The routing explorer's model: one floor, a guard, his die, alarms and players (no widgets).

An :class:`Explorer` holds one valid :class:`Setup`. Every edit builds a new setup,
checks it and only then keeps it; a refused edit raises :class:`ExplorerError` whose
message says why, and the previous setup stays. What the guard does is not worked out
here: each of his moves is :func:`burgle.analysis.guard_forecast.forecast` on a small
game built from the setup (plain tiles, so nothing but walls, alarms and players
matters), and the routes come from :func:`burgle.geometry.routing.route_table`. The model only
chains the moves, asks the players' questions (ALARM-3 ties) and words the answers.

Cells are floor *indexes* 0..15 written without a floor (``C3``), like walls in the
rules' notation (``A1|B1``, ``C1/C2``).

>>> ex = Explorer()                      # floor 1, guard on A1, his die on D2, speed 2
>>> plan = ex.plan()
>>> plan.route_names
('A2', 'B2', 'B1', 'C1', 'D1', 'D2')
>>> plan.moves[0].names, plan.moves[0].end_name
(('A2', 'B2'), 'B2')
>>> ex.set_walls("A1|B1, A1/A2")
Traceback (most recent call last):
...
burgle.web.explorer.model.ExplorerError: Refused: these walls cut the floor apart: A1 cannot be reached from the other 15 cells. Every cell must stay reachable (GUARD-8). The previous walls are kept.
>>> ex.toggle_alarm("C1")
'Alarm on C1. His die goes to the nearest alarm: C1, 4 steps away (ALARM-3).'
>>> ex.plan().moves[0].mp_text
'die 2 + 1 alarm = 3 MP'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from burgle.web.security.limits import MAX_TEXT_CHARS, shorten, too_big

from burgle.geometry.board import (
    CELLS_PER_FLOOR,
    CellError,
    FloorLayout,
    cell_name,
    index_name,
    make_wall,
    orthogonal_neighbours,
    parse_index,
    parse_wall,
    parse_walls,
    wall_name,
    walls_spec,
)
from burgle.geometry.layouts import job_walls
from burgle.engine.errors import BurgleError, ScenarioError
from burgle.engine.walker import PLAIN_TILES
from burgle.web.explorer.building import Building, BuildingError, printed_floor_name
from burgle.i18n import N_
from burgle.i18n.said import Said, and_list, joined, said_of, say, say_n

__all__ = [
    "ALL_WALLS",
    "BANK_JOB",
    "Explorer",
    "ExplorerError",
    "Move",
    "Plan",
    "Player",
    "Question",
    "Setup",
    "Step",
    "PatrolView",
    "TOOLS",
    "TRIM",
    "parse_explorer_cell",
]

N = CELLS_PER_FLOOR
MAX_PLAYERS = 4
MAX_TURNS = 6
BANK_JOB: dict[int, frozenset] = dict(enumerate(job_walls("bank"), start=1))
#: Every place a wall can stand on a floor (24), in reading order: the wall buttons.
ALL_WALLS: tuple[tuple[int, int], ...] = tuple(
    sorted({make_wall(i, j) for i in range(N) for j in orthogonal_neighbours(i)})
)
#: What a click on a cell of the grid does (the app's "click places" choice).
TOOLS = ("guard", "destination", "alarm", "player")

# Plain tiles for the small games the forecasts run on (the engine walker's, GUARD-13).
_PLAIN = PLAIN_TILES
# Characters standing in for the players: none has an ability the guard's move looks at.
_CREW = ("hawk", "peterman", "spotter", "rigger")

_CELLISH = re.compile(r"^\s*([1-3])?([A-Da-d][1-4])\s*$")


class ExplorerError(BurgleError):
    """An edit or input the explorer refuses. The message says why; nothing changed."""


def _steps(k: int) -> Said:
    return say_n("{n} step", "{n} steps", k)


def _names(cells) -> str:
    return " ".join(index_name(c) for c in cells)


def _and(items) -> Said:
    return and_list(list(items))


# What a cell stands for in a refusal ("guard: ..."), by the role the code names.
_ROLES = {"cell": lambda: say("cell"), "guard": lambda: say("guard"), "destination": lambda: say("destination"),
          "alarm": lambda: say("alarm"), "player": lambda: say("player"), "patrol card": lambda: say("patrol card")}


def _role(role: str):
    return _ROLES[role]() if role in _ROLES else role


def parse_explorer_cell(value, role: str = "cell", floor: int | None = None) -> int:
    """A floor index 0..15 from ``"C3"`` (or ``"1C3"`` on floor 1) or an int; a clear
    :class:`ExplorerError` for anything else (a wall, another floor, a typo)."""
    who = _role(role)
    if isinstance(value, bool):
        raise ExplorerError(say("{role}: {value} is not a cell; write a cell such as C3", role=who,
                                value=repr(value)))
    if isinstance(value, int):
        if 0 <= value < N:
            return value
        raise ExplorerError(say("{role}: {value} is not a cell of the floor; cells are A1 to D4 (indexes 0 to 15)",
                                role=who, value=value))
    text = str(value).strip()
    if "|" in text or "/" in text:
        raise ExplorerError(say("{role}: {value} is a wall, not a cell. The {role} stands on a cell such as C3 "
                                "(walls lie between cells)", role=who, value=repr(text)))
    m = _CELLISH.match(text)
    if not m:
        raise ExplorerError(say("{role}: {value} is not a cell; write a cell such as C3 "
                                "(column A to D, row 1 to 4)", role=who, value=repr(text)))
    if m.group(1) and floor is not None and int(m.group(1)) != floor:
        raise ExplorerError(say("{role}: {value} is on floor {other}, but the explorer shows floor {floor}; "
                                "write it without the floor ({cell})", role=who, value=text, other=m.group(1),
                                floor=floor, cell=m.group(2).upper()))
    return parse_index(m.group(2))


def _cut_message(walls) -> str | None:
    """Why these walls are not a floor (a cell walled off), or None if every cell is reachable."""
    layout = FloorLayout(frozenset(walls))
    seen = layout.reachable_from(0)
    if len(seen) == N:
        return None
    parts, left = [], set(range(N))
    while left:
        part = FloorLayout.reachable_from(layout, min(left))
        parts.append(sorted(part))
        left -= part
    parts.sort(key=len)
    small = parts[0]
    rest = N - len(small)
    return say("these walls cut the floor apart: {cells} cannot be reached from the other {rest} cells. "
               "Every cell must stay reachable (GUARD-8)", cells=_and(index_name(c) for c in small), rest=rest)


# ----------------------------------------------------------------------------- the setup


@dataclass(frozen=True)
class Player:
    """A character on the floor: where it stands and its Stealth (seen with none: captured)."""

    cell: int
    stealth: int = 3


@dataclass(frozen=True)
class Setup:
    """What the explorer shows: walls of one floor, the guard, his die, alarms, players.

    ``destination`` is the die's cell; it is None only while two or more alarms are
    equally near and the players have not chosen yet (ALARM-3)."""

    floor: int = 1
    walls: frozenset = BANK_JOB[1]
    guard: int = 0  # A1
    destination: int | None = 7  # D2
    alarms: frozenset = frozenset()
    players: tuple[Player, ...] = ()
    speed: int = 2

    @property
    def walls_text(self) -> str:
        return ", ".join(wall_name(w) for w in sorted(self.walls))

    @property
    def wall_set_name(self) -> str:
        """'Bank Job floor 2', 'Office Job floor 1' (a job's printed walls), 'Open floor' or 'Your walls'."""
        printed = printed_floor_name(self.walls)
        if printed:
            return printed
        return say("Open floor") if not self.walls else say("Your walls")

    @property
    def table(self):
        from burgle.geometry.routing import route_table

        return route_table(self.walls)

    def player_at(self, cell: int) -> int | None:
        return next((k for k, p in enumerate(self.players) if p.cell == cell), None)

    def distances(self) -> dict[int, int]:
        """Walking distance from the guard to each alarm (GUARD-8)."""
        t = self.table
        return {a: t.dist[self.guard * N + a] for a in sorted(self.alarms)}

    def nearest_alarms(self, frm: int | None = None) -> tuple[int, ...]:
        if not self.alarms:
            return ()
        t = self.table
        frm = self.guard if frm is None else frm
        d = {a: t.dist[frm * N + a] for a in self.alarms}
        best = min(d.values())
        return tuple(sorted(a for a in d if d[a] == best))

    def check(self) -> None:
        """Raise :class:`ExplorerError` unless this is a position the rules allow."""
        if self.floor not in (1, 2, 3):
            raise ExplorerError(say("floor {floor} does not exist; The Bank Job has floors 1, 2, 3",
                                    floor=repr(self.floor)))
        cut = _cut_message(self.walls)
        if cut:
            raise ExplorerError(cut)
        if not (isinstance(self.speed, int) and 1 <= self.speed <= 6):
            raise ExplorerError(say("the die shows 1 to 6, not {speed} (GUARD-1)", speed=repr(self.speed)))
        if self.guard in self.alarms:
            raise ExplorerError(say("the guard never stands on an alarm: entering {cell} "
                                    "switches its alarm off (GUARD-1, GUARD-12a)", cell=index_name(self.guard)))
        if self.destination is not None and self.destination == self.guard:
            raise ExplorerError(say("his die never shares his cell ({cell}): when he reaches it "
                                    "he takes a new destination (GUARD-1, GUARD-11)", cell=index_name(self.guard)))
        if self.alarms and self.destination is not None and self.destination not in self.alarms:
            raise ExplorerError(say("while the floor has alarms his die sits on one of them (GUARD-1, ALARM-3): "
                                    "{cells}", cells=_and(index_name(a) for a in sorted(self.alarms))))
        if self.destination is None and len(self.nearest_alarms()) < 2:
            raise ExplorerError(say("his die needs a cell: his destination"))
        if len(self.players) > MAX_PLAYERS:
            raise ExplorerError(say("a game has at most {n} characters (SETUP-6)", n=MAX_PLAYERS))
        for p in self.players:
            if not 0 <= p.stealth <= 9:
                raise ExplorerError(say("Stealth runs from 0 up, not {n} (END-1)", n=p.stealth))


# ----------------------------------------------------------------------------- the answers


@dataclass(frozen=True)
class Step:
    """One step of a guard move: the cell he enters (an index) and what happens there."""

    number: int
    cell: int
    seen: tuple[int, ...] = ()  # players (seat 0..3) who lose 1 Stealth here (GUARD-12b)
    captured: int | None = None  # the player caught here: the team loses (END-4)
    alarm_off: bool = False  # he switches the alarm here off (ALARM-4)
    arrival: bool = False  # this was his destination (GUARD-11)
    new_destination: int | None = None

    @property
    def name(self) -> str:
        return index_name(self.cell)


@dataclass(frozen=True)
class Question:
    """A choice the rules leave to the players: equally near alarms (ALARM-3)."""

    move: int  # 0: before his next move; k: during or after move k
    at: int  # the guard's cell when it is asked
    tied: tuple[int, ...]
    distance: int
    mp_left: int = 0

    @property
    def key(self) -> tuple[int, tuple[int, ...]]:
        return (self.at, self.tied)

    @property
    def prompt(self) -> str:
        cells, steps = _and(index_name(c) for c in self.tied), _steps(self.distance)
        if self.move == 0:
            return say("From {at} the alarms on {cells} are equally near ({steps}). The players choose which one "
                       "his die goes to (ALARM-3).", at=index_name(self.at), cells=cells, steps=steps)
        if self.mp_left:
            return say("In move {move} he reaches {at} with {mp} MP left; the alarms on {cells} are equally near "
                       "({steps}). The players choose which one his die goes to (ALARM-3).", move=self.move,
                       at=index_name(self.at), mp=self.mp_left, cells=cells, steps=steps)
        return say("In move {move} he reaches {at} with his last MP; the alarms on {cells} are equally near "
                   "({steps}). The players choose which one his die goes to (ALARM-3).", move=self.move,
                   at=index_name(self.at), cells=cells, steps=steps)


@dataclass(frozen=True)
class Move:
    """One guard-phase move (his next one is move 1), as far as it is known."""

    number: int
    start: int
    mp: int
    mp_text: str
    steps: tuple[Step, ...]
    end: int
    complete: bool  # every step of the move is known
    destination: int | None  # his die's cell when the move starts
    destination_after: int | None  # his die's cell when it ends (None: not known)
    unknown: str = ""  # why the rest (of this move, or of the next) is not known
    captured: int | None = None
    answered: tuple[tuple[tuple[int, ...], int], ...] = ()  # ties the players answered (tied, chosen)

    @property
    def path(self) -> tuple[int, ...]:
        return tuple(s.cell for s in self.steps)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.steps)

    @property
    def end_name(self) -> str:
        return index_name(self.end)

    def text(self) -> str:
        head = (say("Move {n} (this turn): {mp}", n=self.number, mp=self.mp_text) if self.number == 1
                else say("Move {n}: {mp}", n=self.number, mp=self.mp_text))

        def step(s: Step):
            extra = []
            if s.alarm_off:
                extra.append(say("switches the alarm off"))
            seen = [k for k in s.seen if k != s.captured]
            if seen:
                extra.append(say("sees {players}: -1 Stealth",
                                 players=_and(say("player {n}", n=k + 1) for k in seen)))
            if not extra:
                return say("{n} {cell}", n=s.number, cell=s.name)
            return say("{n} {cell} ({what})", n=s.number, cell=s.name, what=joined(*extra, sep="; "))

        walk = joined(*(step(s) for s in self.steps), sep=", ")
        if self.captured is not None:
            if walk:
                return say("{head}: {walk}. He catches player {n} on {cell}: the team loses (END-4).", head=head,
                           walk=walk, n=self.captured + 1, cell=self.end_name)
            return say("{head}: he does not move. He catches player {n} on {cell}: the team loses (END-4).",
                       head=head, n=self.captured + 1, cell=self.end_name)
        out = say("{head}: {walk}", head=head, walk=walk) if walk else say("{head}: he does not move", head=head)
        if self.complete:
            if self.destination_after is not None and self.destination_after != self.destination:
                return say("{moves}; stops on {cell}, next heading for {dest}.", moves=out, cell=self.end_name,
                           dest=index_name(self.destination_after))
            return say("{moves}; stops on {cell}.", moves=out, cell=self.end_name)
        return say("{moves}; known up to {cell}, then {unknown}.", moves=out, cell=self.end_name,
                   unknown=self.unknown)


@dataclass(frozen=True)
class AlarmInfo:
    cell: int
    distance: int
    nearest: bool
    destination: bool

    @property
    def name(self) -> str:
        return index_name(self.cell)


@dataclass(frozen=True)
class Plan:
    """Everything the explorer shows for one setup (see :meth:`Explorer.plan`)."""

    setup: Setup
    mp: int
    mp_text: str
    alarms: tuple[AlarmInfo, ...]
    route: tuple[int, ...]  # guard to destination, cells entered (start excluded)
    alternatives: tuple[tuple[int, ...], ...]  # the other shortest routes (start excluded)
    explanation: tuple[str, ...]  # plain words, one per fork
    proofs: tuple[str, ...]  # burgle.geometry.routing.explain_route, one per fork
    moves: tuple[Move, ...]
    question: Question | None  # the first open choice, if any
    ending: str  # why the list of moves stops where it does
    notes: tuple[str, ...] = ()

    @property
    def route_names(self) -> tuple[str, ...]:
        return tuple(index_name(c) for c in self.route)

    @property
    def stop(self) -> int | None:
        """Where his next move ends, when known."""
        m = self.moves[0] if self.moves else None
        return m.end if m is not None and m.complete else None

    # ---- words
    def route_lines(self) -> list[str]:
        s = self.setup
        if s.destination is None:
            q = self.question
            return [say("His die is waiting for the players: {question}", question=q.prompt) if q
                    else say("No destination.")]
        walk = " · ".join(f"{k} {index_name(c)}" for k, c in enumerate(self.route, 1))
        where = dict(guard=index_name(s.guard), dest=index_name(s.destination), steps=_steps(len(self.route)),
                     walk=walk)
        ways = len(self.alternatives) + 1
        on_alarm = s.destination in s.alarms
        if ways > 1:
            line = (say("Route from {guard} to his destination {dest} (an alarm): {steps}, the most clockwise of "
                        "{ways} shortest routes (GUARD-9): {walk}.", ways=ways, **where) if on_alarm else
                    say("Route from {guard} to his destination {dest}: {steps}, the most clockwise of {ways} "
                        "shortest routes (GUARD-9): {walk}.", ways=ways, **where))
        else:
            line = (say("Route from {guard} to his destination {dest} (an alarm): {steps}, the only shortest "
                        "route: {walk}.", **where) if on_alarm else
                    say("Route from {guard} to his destination {dest}: {steps}, the only shortest route: {walk}.",
                        **where))
        lines = [line]
        if self.moves:
            lines.append(self.moves[0].text())
        return lines

    def explanation_lines(self) -> list[str]:
        s = self.setup
        if s.destination is None:
            return [say("Choose which alarm his die goes to first: the route depends on it.")]
        if not self.alternatives:
            return [say("Only one shortest route leads from {guard} to {dest}, so the clockwise rule has nothing "
                        "to decide.", guard=index_name(s.guard), dest=index_name(s.destination))]
        head = say("{n} routes are equally short. At each fork he takes the left branch as he faces his "
                   "destination: the route that goes round the loop between the branches clockwise (GUARD-9).",
                   n=len(self.alternatives) + 1)
        return [head, *self.explanation]

    def alarm_lines(self) -> list[str]:
        s = self.setup
        if not self.alarms:
            return [say("No alarms on the floor: his die is a patrol card's cell (GUARD-3).")]
        out = []
        for a in self.alarms:
            tags = []
            if a.nearest:
                tags.append(say("nearest"))
            if a.destination:
                tags.append(say("his die is here: he heads for it"))
            if tags:
                out.append(say("{cell}: {steps} away ({tags})", cell=a.name, steps=_steps(a.distance),
                               tags=joined(*tags, sep=", ")))
            else:
                out.append(say("{cell}: {steps} away", cell=a.name, steps=_steps(a.distance)))
        near = [a for a in self.alarms if a.nearest]
        if s.destination is not None and s.destination in s.alarms and not any(a.destination for a in near):
            out.append(say("{cell} is not the nearest any more; his die stays there until an alarm goes off or he "
                           "arrives (ALARM-3).", cell=index_name(s.destination)))
        return out

    def move_lines(self) -> list[str]:
        out = [m.text() for m in self.moves]
        if self.ending:
            out.append(self.ending)
        return out

    def text(self) -> str:
        """Everything in words (the picture's text alternative), one sentence or list a line."""
        parts = self.route_lines()
        parts += self.explanation_lines() + self.alarm_lines()
        parts += [line for line in self.move_lines() if line not in parts]
        return joined(*(parts + list(self.notes)), sep="\n")


@dataclass(frozen=True)
class PatrolView:
    """Patrol odds and the danger map for the setup (:mod:`burgle.analysis.patrol`).

    Probabilities are keyed by floor index: ``destination`` the chance of each cell
    being his next destination; ``enter`` / ``end_turn`` the chance he enters it / ends
    a move on it within his next ``turns`` moves. ``error`` says why there are none;
    ``left_out`` what the danger map leaves out (``burgle.analysis.patrol.LEFT_OUT``)."""

    turns: int = 0
    crew: int = 2
    discard: tuple[int, ...] = ()
    destination: dict = field(default_factory=dict)
    enter: dict = field(default_factory=dict)
    end_turn: dict = field(default_factory=dict)
    reshuffle: object = 0
    method: str = ""
    notes: tuple[str, ...] = ()
    error: str = ""
    left_out: str = ""

    def top(self, what: str = "enter", k: int = 5) -> list[tuple[int, object]]:
        table = getattr(self, what)
        return sorted(((c, p) for c, p in table.items() if p > 0), key=lambda cp: (-cp[1], cp[0]))[:k]


#: Cards removed face down after each shuffle, by crew size (SETUP-4, DEC-14).
from burgle.data.setup import TRIM  # noqa: E402  (SETUP-4: the one table)


# ----------------------------------------------------------------------------- the explorer


class Explorer:
    """A floor to explore: edits are checked; :meth:`plan` answers where the guard goes.

    Every edit method returns a short sentence saying what changed (for the page), or
    raises :class:`ExplorerError` and keeps the previous setup."""

    def __init__(self, setup: Setup | None = None, turns: int = 3):
        setup = setup or Setup()
        setup.check()
        self.setup = setup
        self.turns = self._check_turns(turns)
        self.choices: dict[tuple[int, tuple[int, ...]], int] = {}  # answers to mid-move ties
        self.crew = 2  # crew size: how many patrol cards are removed after each shuffle (SETUP-4)
        self.seen_cards: tuple[int, ...] = ()  # patrol cards face up this cycle (besides his die's cell)
        self._plans: dict = {}
        self._svgs: dict = {}
        self._patrols: dict = {}
        self._traffic: dict = {}
        self.building = Building.printed()  # the job and its floors' walls; the floor shown is setup.floor

    # ------------------------------------------------------------------ editing
    def _commit(self, new: Setup) -> Setup:
        try:
            new.check()
        except ExplorerError as exc:
            raise ExplorerError(_refused(exc, walls=new.walls != self.setup.walls)) from None
        if new != self.setup:
            self.choices = {}
        self.setup = new
        return new

    def _cell(self, value, role: str) -> int:
        try:
            return parse_explorer_cell(value, role, self.setup.floor)
        except ExplorerError as exc:
            raise ExplorerError(_refused(exc)) from None

    # ---- the building: job, floors, random walls, layout codes (issue 12; building.py)
    def use_floor(self, floor) -> str:
        """Show *floor* of the building (1..3 in The Bank Job, 1..2 in The Office Job) with
        its walls (printed, random or from a code); the pieces stay where they are. Hand
        edits of the floor shown are dropped: its button brings its walls back."""
        try:
            f = self.building.check_floor(floor)
        except BuildingError as exc:
            raise ExplorerError(_refused(exc)) from None
        self._commit(replace(self.setup, floor=f, walls=self.building.floors[f - 1]))
        return self._walls_note(f)

    def set_job(self, job) -> str:
        """Switch to *job*'s building with its printed walls (JOB-1, JOB-2); the floor shown
        stays if the job has it, else floor 1. The pieces stay where they are."""
        try:
            building = Building.printed(str(job).strip().lower())
        except BuildingError as exc:
            raise ExplorerError(_refused(exc)) from None
        f = self.setup.floor if self.setup.floor in building.floor_numbers else 1
        self._commit(replace(self.setup, floor=f, walls=building.floors[f - 1]))
        self.building = building
        return joined(say("{job}: {n} floors, the printed walls.", job=_job(building), n=len(building.floors)),
                      self._walls_note(f))

    def random_walls(self, seed) -> str:
        """Random walls on every floor of the job's building, drawn from *seed* (JOB-3:
        uniform over the 175,264 valid layouts; the same seed gives the same walls)."""
        try:
            building = Building.random(self.building.job, seed)
        except BuildingError as exc:
            raise ExplorerError(_refused(exc, walls=True)) from None
        self._commit(replace(self.setup, walls=building.floors[self.setup.floor - 1]))
        self.building = building
        return joined(say("Random walls from seed {seed} (JOB-3), building code {code}. The same seed gives the "
                          "same walls.", seed=building.seed, code=building.code()),
                      self._walls_note(self.setup.floor, origin=False))

    def paste_code(self, text) -> str:
        """Walls from a layout code (JOB-5): one code per floor of the job for the whole
        building (``703h1 e0607 81ll0``), or one code for the floor shown. A bad code is
        refused with the reason; the walls on the page stay."""
        _check_size(text, "The layout code", "The previous walls are kept.")
        try:
            building = self.current_building().paste(text, self.setup.floor)
        except BuildingError as exc:
            raise ExplorerError(_refused(exc, walls=True)) from None
        self._commit(replace(self.setup, walls=building.floors[self.setup.floor - 1]))
        self.building = building
        whole = len(str(text).split()) > 1
        return joined(say("The building's walls from its code {code}.", code=building.code()) if whole else "",
                      self._walls_note(self.setup.floor))

    def current_building(self) -> Building:
        """The building as shown: the job's floors with the hand edits of the floor shown."""
        return self.building.with_floor(self.setup.floor, self.setup.walls)

    def layout_code(self) -> tuple[str | None, str | None, str]:
        """What the page offers to copy: the code of the floor shown, the building's code
        (None when a floor is not a valid layout, JOB-3) and why there is none ("" if there is)."""
        b = self.current_building()
        f = self.setup.floor
        return b.floor_code(f), b.code(), b.no_code(f) or b.no_code()

    def _walls_note(self, floor: int, origin: bool = True) -> str:
        b = self.current_building()
        code = b.floor_code(floor)
        if origin:
            what = b.describe(floor)
            if code and code not in what:
                return say("{what}, code {code}.", what=what, code=code)
            return say("{what}.", what=what)
        if code:
            return say("{job}, floor {floor}, code {code}.", job=_job(b), floor=floor, code=code)
        return say("{job}, floor {floor}.", job=_job(b), floor=floor)

    def traffic(self):
        """Both traffic maps of the walls shown (:func:`burgle.analysis.traffic.traffic_maps`)."""
        from burgle.analysis.traffic import traffic_maps

        walls = self.setup.walls
        maps = self._traffic.get(walls)
        if maps is None:
            if len(self._traffic) > 64:
                self._traffic.clear()
            maps = self._traffic[walls] = traffic_maps(walls)
        return maps

    def traffic_scene(self):
        """The floor shown with its traffic maps as an overlay (:mod:`burgle.pictures.traffic`)."""
        from burgle.pictures.traffic import traffic_scene

        s, b = self.setup, self.current_building()
        return traffic_scene([s.walls], title=say("{job}, floor {floor}: where the guard walks", job=_job(b),
                                                  floor=s.floor), numbers=(s.floor,),
                             maps=[self.traffic()], legend=True)

    def traffic_svg(self) -> str:
        """:meth:`traffic_scene` as SVG text (no plotting library), cached per floor and walls."""
        key = ("svg", self.building.job, self.setup.floor, self.setup.walls)
        svg = self._traffic.get(key)
        if svg is None:
            from burgle.pictures import render_scene

            if len(self._traffic) > 64:
                self._traffic.clear()
            svg = self._traffic[key] = render_scene(self.traffic_scene(), "svg")
        return svg

    def open_floor(self) -> str:
        self._commit(replace(self.setup, walls=frozenset()))
        return say("No interior walls: an open floor.")

    def set_walls(self, text: str) -> str:
        """All interior walls at once, in the rules' notation (``A1|B1, C1/C2``; empty = none)."""
        _check_size(text, "The walls text", "The previous walls are kept.")
        try:
            walls = parse_walls(str(text).replace(";", ","))
        except CellError as exc:
            raise ExplorerError(_refused(exc, walls=True)) from None
        self._commit(replace(self.setup, walls=walls))
        if not walls:
            return say("0 walls: none.")
        return say_n("{n} wall: {walls}.", "{n} walls: {walls}.", len(walls),
                     walls=walls_spec(walls).replace(",", ", "))

    def toggle_wall(self, wall) -> str:
        """Add the wall if it is not there, else remove it (``"A1|B1"`` or an index pair)."""
        w = self._wall(wall)
        if w in self.setup.walls:
            self._commit(replace(self.setup, walls=self.setup.walls - {w}))
            return say("Wall {wall} removed.", wall=wall_name(w))
        self._commit(replace(self.setup, walls=self.setup.walls | {w}))
        return say("Wall {wall} added.", wall=wall_name(w))

    def _wall(self, wall) -> tuple[int, int]:
        try:
            if isinstance(wall, str):
                return parse_wall(wall)
            a, b = wall
            return make_wall(int(a), int(b))
        except (CellError, TypeError, ValueError) as exc:
            msg = said_of(exc) if isinstance(exc, CellError) else say("{wall} is not a wall such as A1|B1",
                                                                  wall=repr(wall))
            raise ExplorerError(say("Refused: {why}. Nothing was changed.", why=msg)) from None

    def place_guard(self, cell) -> str:
        c = self._cell(cell, "guard")
        s = self.setup
        if c in s.alarms:
            raise ExplorerError(say("Refused: the guard never stands on an alarm: entering {cell} would switch it "
                                    "off (GUARD-1, GUARD-12a). Remove the alarm first. Nothing was changed.",
                                    cell=index_name(c)))
        if c == s.destination:
            raise ExplorerError(say("Refused: {cell} holds his die, and his die never shares his cell: when he "
                                    "reaches it he takes a new destination (GUARD-1, GUARD-11). Move his die first. "
                                    "Nothing was changed.", cell=index_name(c)))
        new = replace(s, guard=c)
        if s.destination is None:  # an open alarm tie: asked again from his new cell
            near = new.nearest_alarms()
            new = replace(new, destination=near[0] if len(near) == 1 else None)
        self._commit(new)
        return say("Guard on {cell}.", cell=index_name(c))

    def set_destination(self, cell) -> str:
        """Put his die on *cell* (while there are alarms: on one of them, GUARD-1)."""
        c = self._cell(cell, "destination")
        s = self.setup
        if c == s.guard:
            raise ExplorerError(say("Refused: the guard stands on {cell}, and his die never shares his cell "
                                    "(GUARD-1, GUARD-11). Nothing was changed.", cell=index_name(c)))
        if s.alarms and c not in s.alarms:
            raise ExplorerError(say("Refused: while the floor has alarms his die sits on one of them "
                                    "(GUARD-1, ALARM-3): {cells}. Nothing was changed.",
                                    cells=_and(index_name(a) for a in sorted(s.alarms))))
        self._commit(replace(s, destination=c))
        return say("His die on {cell}.", cell=index_name(c))

    def toggle_alarm(self, cell) -> str:
        """Place an alarm (his die goes to the nearest alarm, ALARM-3) or take one away."""
        c = self._cell(cell, "alarm")
        s = self.setup
        if c in s.alarms:
            alarms = s.alarms - {c}
            new = replace(s, alarms=alarms)
            note = say("Alarm on {cell} removed.", cell=index_name(c))
            if s.destination == c:
                if alarms:  # ALARM-5: alarms remain and the die is not on one
                    new, more = self._to_nearest(new)
                    note = joined(note, more)
                else:
                    note = joined(note, say("No alarms left: in a game he would draw a patrol card (GUARD-3); "
                                            "here his die stays on {cell}.", cell=index_name(c)))
            self._commit(new)
            return note
        if c == s.guard:
            raise ExplorerError(say("Refused: no alarm goes off on the guard's own cell {cell} (ALARM-2). "
                                    "Nothing was changed.", cell=index_name(c)))
        new, more = self._to_nearest(replace(s, alarms=s.alarms | {c}))
        self._commit(new)
        return joined(say("Alarm on {cell}.", cell=index_name(c)), more)

    def _to_nearest(self, new: Setup) -> tuple[Setup, str]:
        """ALARM-3: his die goes to the nearest alarm; a tie is the players' choice."""
        near = new.nearest_alarms()
        d = new.table.dist[new.guard * N + near[0]]
        if len(near) == 1:
            return replace(new, destination=near[0]), say("His die goes to the nearest alarm: {cell}, {steps} "
                                                          "away (ALARM-3).", cell=index_name(near[0]),
                                                          steps=_steps(d))
        return replace(new, destination=None), say("Alarms {cells} are equally near ({steps}): choose which one "
                                                   "his die goes to (ALARM-3).",
                                                   cells=_and(index_name(a) for a in near), steps=_steps(d))

    def choose_alarm(self, cell) -> str:
        """Answer the open question (equally near alarms): his die goes to *cell*."""
        c = self._cell(cell, "alarm")
        q = self.plan().question
        if q is None:
            raise ExplorerError(say("Refused: there is no choice to make: no alarms are tied. Nothing was changed."))
        if c not in q.tied:
            raise ExplorerError(say("Refused: {cell} is not one of the tied alarms ({cells}). Nothing was changed.",
                                    cell=index_name(c), cells=_and(index_name(a) for a in q.tied)))
        if q.move == 0:
            self._commit(replace(self.setup, destination=c))
        else:
            self.choices[q.key] = c
        return say("The players send his die to {cell}.", cell=index_name(c))

    def toggle_player(self, cell) -> str:
        c = self._cell(cell, "player")
        s = self.setup
        k = s.player_at(c)
        if k is not None:
            self._commit(replace(s, players=s.players[:k] + s.players[k + 1:]))
            return say("Player {n} taken off {cell}.", n=k + 1, cell=index_name(c))
        if len(s.players) >= MAX_PLAYERS:
            raise ExplorerError(say("Refused: a game has at most {n} characters (SETUP-6). Nothing was changed.",
                                    n=MAX_PLAYERS))
        self._commit(replace(s, players=s.players + (Player(c),)))
        return say("Player {n} on {cell} with 3 Stealth.", n=len(s.players) + 1, cell=index_name(c))

    def set_stealth(self, seat: int, stealth) -> str:
        s = self.setup
        if not 0 <= seat < len(s.players):
            raise ExplorerError(say("Refused: there is no player {n}. Nothing was changed.", n=seat + 1))
        try:
            n = int(stealth)
        except (TypeError, ValueError):
            raise ExplorerError(say("Refused: Stealth is a number, not {value}. Nothing was changed.",
                                    value=repr(stealth))) from None
        players = list(s.players)
        players[seat] = replace(players[seat], stealth=n)
        self._commit(replace(s, players=tuple(players)))
        return say("Player {seat} has {n} Stealth.", seat=seat + 1, n=n)

    def set_speed(self, speed) -> str:
        try:
            n = int(str(speed).strip())
        except ValueError:
            raise ExplorerError(say("Refused: the die shows 1 to 6, not {value}. Nothing was changed.",
                                    value=repr(speed))) from None
        self._commit(replace(self.setup, speed=n))
        return say("His die shows {n}.", n=n)

    def set_turns(self, turns) -> str:
        self.turns = self._check_turns(turns)
        return say_n("Looking {n} move ahead.", "Looking {n} moves ahead.", self.turns)

    @staticmethod
    def _check_turns(turns) -> int:
        try:
            n = int(turns)
        except (TypeError, ValueError):
            raise ExplorerError(say("Refused: look 1 to {max} moves ahead, not {value}.", max=MAX_TURNS,
                                    value=repr(turns))) from None
        if not 1 <= n <= MAX_TURNS:
            raise ExplorerError(say("Refused: look 1 to {max} moves ahead, not {value}.", max=MAX_TURNS, value=n))
        return n

    def set_crew(self, n) -> str:
        """The crew size, for the patrol odds: 1-4 characters remove 9, 6, 3, 0 cards (SETUP-4)."""
        try:
            k = int(n)
        except (TypeError, ValueError):
            k = None
        if k not in TRIM:
            raise ExplorerError(say("Refused: a crew has 1 to 4 characters, not {value} (SETUP-6). Nothing was "
                                    "changed.", value=repr(n)))
        self.crew = k
        return say("Crew of {k}: {n} patrol cards lie aside face down after each shuffle (SETUP-4).", k=k, n=TRIM[k])

    def set_seen_cards(self, text: str) -> str:
        """The patrol cards face up on the discard pile this cycle, such as ``B2 C4 A1``."""
        _check_size(text, "The list of seen cards", "Nothing was changed.")
        parts = [p for p in re.split(r"[,\s]+", str(text).strip()) if p]
        cells = []
        for p in parts:
            c = self._cell(p, "patrol card")
            if c in cells:
                raise ExplorerError(say("Refused: patrol card {cell} appears twice; each of the 16 cards is in the "
                                        "deck once. Nothing was changed.", cell=index_name(c)))
            cells.append(c)
        if len(cells) + TRIM[self.crew] > N - 1:
            raise ExplorerError(say("Refused: {seen} cards seen and {trim} removed leave no card to draw; a cycle "
                                    "ends when the deck is empty (GUARD-4). Nothing was changed.", seen=len(cells),
                                    trim=TRIM[self.crew]))
        self.seen_cards = tuple(cells)
        if not cells:
            return say("Patrol cards seen this cycle: none.")
        return say("Patrol cards seen this cycle: {cells}.", cells=_names(cells))

    def click(self, cell, tool: str) -> str:
        """What a click on a grid cell does with the chosen *tool* (see :data:`TOOLS`)."""
        if tool == "guard":
            return self.place_guard(cell)
        if tool == "destination":
            return self.set_destination(cell)
        if tool == "alarm":
            return self.toggle_alarm(cell)
        if tool == "player":
            return self.toggle_player(cell)
        raise ExplorerError(f"unknown tool {tool!r}; one of {', '.join(TOOLS)}")

    COMMANDS = ("guard C3", "die A1", "alarm B2", "player D4", "wall A1|B1", "walls A1|B1, C1/C2",
                "speed 3", "floor 2", "open", "job office", "code 703h1", "random 7")

    def command(self, text: str) -> str:
        """One typed command, such as ``guard C3`` or ``wall A1|B1`` (see :attr:`COMMANDS`)."""
        _check_size(text, "A command", "Nothing was changed.")
        words = str(text).strip().split(None, 1)
        if not words:
            raise ExplorerError(say("Type a command such as {commands}.", commands=", ".join(self.COMMANDS)))
        verb, arg = words[0].lower(), (words[1] if len(words) > 1 else "")
        table = {
            "guard": self.place_guard, "g": self.place_guard,
            "die": self.set_destination, "destination": self.set_destination, "dest": self.set_destination,
            "alarm": self.toggle_alarm, "player": self.toggle_player, "wall": self.toggle_wall,
            "walls": self.set_walls, "speed": self.set_speed, "floor": self.use_floor,
            "choose": self.choose_alarm, "turns": self.set_turns,
            "job": self.set_job, "code": self.paste_code, "random": self.random_walls,
        }
        if verb == "open" and not arg:
            return self.open_floor()
        if verb not in table:
            raise ExplorerError(say("Unknown command {command}. Try: {commands}.",
                                    command=repr(shorten(text.strip())), commands=", ".join(self.COMMANDS)))
        if not arg and verb != "walls":
            raise ExplorerError(say("{verb} needs a value, for example: {example}.", verb=repr(verb),
                                    example=next(c for c in self.COMMANDS if c.startswith(verb[:3]))))
        return table[verb](arg)

    # ------------------------------------------------------------------ answers
    @property
    def key(self):
        return (self.setup, self.turns, tuple(sorted(self.choices.items())))

    def plan(self) -> Plan:
        """The guard's route, its ties and explanation, the alarms and his next moves."""
        return _cached(self._plans, self.key, 256, lambda: _make_plan(self.setup, self.turns, dict(self.choices)))

    def scene(self):
        """The picture as data (:class:`burgle.pictures.Scene`)."""
        return _make_scene(self.plan())

    def svg(self) -> str:
        """The picture: one floor as SVG text, cached per setup."""
        from burgle.pictures import render_scene

        return _cached(self._svgs, self.key, 64, lambda: render_scene(self.scene(), "svg"))

    def patrol(self) -> PatrolView | None:
        """Patrol odds and danger map (None when :mod:`burgle.analysis.patrol` is not installed).

        The players' view of the deck: the cards seen this cycle (:meth:`set_seen_cards`)
        plus his die's cell when it is not an alarm (the card that sent him there), with
        the crew's trim lying aside face down (:meth:`set_crew`)."""
        try:
            from burgle.analysis import patrol
        except ImportError:  # pragma: no cover - the module is part of burgle now
            return None
        return _cached(self._patrols, (self.key, self.crew, self.seen_cards), 64,
                       lambda: _patrol_view(patrol, self.setup, self.turns, self.crew, self.seen_cards))

    def game(self):
        """The small game the forecasts run on (plain tiles), for notebooks and tests."""
        s = self.setup
        return _game(s, s.guard, s.destination, s.alarms, [p.stealth for p in s.players])


# ----------------------------------------------------------------------------- working it out


def _cached(store: dict, key, limit: int, make):
    """*store*[*key*], made by *make*() when missing; the store is emptied past *limit* entries."""
    value = store.get(key)
    if value is None:
        if len(store) > limit:
            store.clear()
        value = store[key] = make()
    return value


def _scenario(s: Setup, guard: int, dest: int, alarms, stealth) -> dict:
    base = N * (s.floor - 1)
    tiles = {cell_name(base + i): _PLAIN[i] + " revealed" + (" alarm" if i in alarms else "") for i in range(N)}
    chars = [{"character": _CREW[k], "cell": cell_name(base + p.cell), "stealth": stealth[k]}
             for k, p in enumerate(s.players)]
    if not chars:  # a game has a character: one stands on another floor, out of the way
        other = 2 if s.floor == 1 else 1
        chars = [{"character": _CREW[0], "cell": cell_name(N * (other - 1))}]
    return {
        "seed": 1,
        "walls": {str(s.floor): walls_spec(s.walls)},
        "tiles": tiles,
        "characters": chars,
        "guards": [{"floor": s.floor, "cell": cell_name(base + guard), "die": cell_name(base + dest),
                    "speed": s.speed}],
    }


def _game(s: Setup, guard: int, dest: int, alarms, stealth):
    from burgle.engine.game import Game

    try:
        return Game.from_scenario(_scenario(s, guard, dest, alarms, stealth))
    except ScenarioError as exc:  # pragma: no cover - Setup.check() keeps setups valid
        raise ExplorerError(f"the engine refused this position: {exc}") from None


def _mp_text(speed: int, alarms: int) -> str:
    if not alarms:
        return say("die {die} = {mp} MP", die=speed, mp=speed)
    return say_n("die {die} + {n} alarm = {mp} MP", "die {die} + {n} alarms = {mp} MP", alarms, die=speed,
                 mp=speed + alarms)


def _make_plan(s: Setup, turns: int, choices: dict) -> Plan:
    from burgle.analysis.guard_forecast import forecast

    table = s.table
    base = N * (s.floor - 1)
    near = set(s.nearest_alarms())
    alarms = tuple(sorted(
        (AlarmInfo(a, d, a in near, a == s.destination) for a, d in s.distances().items()),
        key=lambda a: (a.distance, a.cell)))
    mp_text = _mp_text(s.speed, len(s.alarms))

    if s.destination is None:
        tied = s.nearest_alarms()
        q = Question(0, s.guard, tied, table.dist[s.guard * N + tied[0]])
        return Plan(s, s.speed + len(s.alarms), mp_text, alarms, (), (), (), (), (), q,
                    say("His moves depend on the players' choice."))

    route = table.route(s.guard, s.destination)
    alts = tuple(table.all_shortest_routes(s.guard, s.destination)[1:])
    proofs = tuple(_proof_words(table, s.guard, s.destination))
    plain = tuple(_fork_words(table, s.guard, s.destination))

    moves: list[Move] = []
    question = None
    ending = ""
    guard, dest, left = s.guard, s.destination, set(s.alarms)
    stealth = [p.stealth for p in s.players]
    for number in range(1, turns + 1):
        start, start_dest, mp0 = guard, dest, s.speed + len(left)
        steps: list[Step] = []
        answered: list = []
        here, mp_left = guard, None

        def finish(complete: bool, after, unknown: str = "", captured=None) -> Move:
            move = Move(number, start, mp0, _mp_text(s.speed, mp0 - s.speed), tuple(steps), here, complete,
                        start_dest, after, unknown=unknown, captured=captured, answered=tuple(answered))
            moves.append(move)
            return move

        while True:  # one forecast, or more when the players answer a tie in the middle of the move
            # the rest of a move after the players broke an alarm tie: his MP were fixed when
            # the move began (GUARD-6), so the engine walks him with exactly the MP he has left
            fc = forecast(_game(s, here, dest, left, stealth), s.floor, mp=mp_left)
            captured = None
            for st in fc.steps:
                cell = st.cell - base
                if st.alarm_off:
                    left.discard(cell)
                for seat in st.seen:
                    if seat != st.captured and seat < len(stealth):
                        stealth[seat] = max(0, stealth[seat] - 1)
                if st.captured is not None:
                    captured = st.captured
                steps.append(Step(len(steps) + 1, cell, tuple(k for k in st.seen if k < len(s.players)),
                                  st.captured, st.alarm_off, st.arrival,
                                  None if st.new_destination is None else st.new_destination - base))
            here = fc.end - base
            tie = tuple(c - base for c in fc.tie)
            if captured is not None:
                finish(True, None, captured=captured)
                ending = say("Player {n} is caught with no Stealth left: the game is lost (END-4).", n=captured + 1)
            elif not fc.complete and tie:  # an alarm tie in the middle of the move
                q = Question(number, here, tie, table.dist[here * N + tie[0]], fc.mp_unknown)
                if q.key in choices:
                    answered.append((tie, choices[q.key]))
                    dest, mp_left = choices[q.key], fc.mp_unknown
                    continue
                finish(False, None, say("the players choose his next alarm"))
                question = q
            elif not fc.complete:  # arrived with MP left and no alarm: the next patrol card decides
                finish(False, None, say("he draws a patrol card, face down, and walks on with {mp} MP "
                                        "(GUARD-11, GUARD-3)", mp=fc.mp_unknown))
            else:
                nxt = None if fc.next_destination is None else fc.next_destination - base
                if nxt is None and tie:  # arrived with his last MP; his next destination is a tie
                    q = Question(number, here, tie, table.dist[here * N + tie[0]], 0)
                    if q.key in choices:
                        answered.append((tie, choices[q.key]))
                        nxt = choices[q.key]
                    else:
                        question = q
                unknown = "" if nxt is not None else (
                    say("the players choose his next alarm") if tie else
                    say("his next destination is a patrol card, face down (GUARD-11, GUARD-3)"))
                finish(True, nxt, unknown)
            break
        last = moves[-1]
        if last.captured is not None or not last.complete:  # its text says why the rest is unknown
            break
        if last.destination_after is None:
            if question is None:
                ending = say("He arrives on {cell} with his last MP; {unknown}.", cell=last.end_name,
                             unknown=last.unknown)
            break
        guard, dest = last.end, last.destination_after
    if not ending and moves and len(moves) == turns and moves[-1].complete and moves[-1].captured is None:
        ending = say_n("(Showing {n} move; his die does not speed up unless his patrol deck runs out, GUARD-4. "
                       "Players are assumed to stay put.)",
                       "(Showing {n} moves; his die does not speed up unless his patrol deck runs out, GUARD-4. "
                       "Players are assumed to stay put.)", turns)
    notes = ()
    if s.players:
        notes = (say("Each time he enters a player's cell that player loses 1 Stealth; with none left the player "
                     "is caught (GUARD-12, END-4)."),)
    return Plan(s, s.speed + len(s.alarms), mp_text, alarms, route, alts, plain, proofs, tuple(moves), question,
                ending, notes)


def _patrol_view(patrol, s: Setup, turns: int, crew: int, seen: tuple[int, ...]) -> PatrolView:
    base = N * (s.floor - 1)
    discard = list(seen)
    if s.destination is not None and s.destination not in s.alarms and s.destination not in discard:
        discard.append(s.destination)  # the card that named his destination lies face up
    common = dict(turns=turns, crew=crew, discard=tuple(discard))
    if s.destination is None:
        return PatrolView(**common, error=say("The odds wait for the players' choice of alarm."))
    try:
        info = patrol.patrol_info(floor=s.floor, guard=base + s.guard, die=base + s.destination, speed=s.speed,
                                  discard=[base + c for c in discard], trim=TRIM[crew], walls=s.walls,
                                  alarms=[base + a for a in s.alarms])
        nxt = patrol.next_destination_odds(info)
        dm = patrol.danger_map(info, turns=turns, samples=2000, seed=0)
    except patrol.PatrolError as exc:
        return PatrolView(**common, error=say("No odds for this setup: {why}.", why=str(exc)))
    notes = [_tie_note(n) for n in dm.notes]
    if s.alarms:
        notes.append(say("Alarms go first: he walks to each in turn (nearest first) before a patrol card is drawn."))
    return PatrolView(
        **common,
        destination={c - base: p for c, p in nxt.items()},
        enter={c - base: p for c, p in dm.enter.items()},
        end_turn={c - base: p for c, p in dm.end_turn.items()},
        reshuffle=dm.reshuffle, method=_method(dm), notes=tuple(notes),
        left_out=say(_LEFT_OUT) if patrol.LEFT_OUT == _LEFT_OUT else patrol.LEFT_OUT,
    )


def _proof_words(table, a: int, b: int) -> list[str]:
    """:func:`burgle.geometry.routing.explain_route`, word for word, in words a page translates."""
    from burgle.geometry.routing import fork_loop, forks, loop_area

    lines = []
    for u, chosen, win, alts in forks(table, a, b):
        head = say("at {at}: shortest routes split: via {chosen} (chosen, the left branch) or {others}",
                   at=index_name(u), chosen=index_name(chosen),
                   others=joined(*(say("via {cell}", cell=index_name(v)) for v, _, _ in alts), sep=" or "))
        parts = []
        for v, alt, rejoin in alts:
            loop = fork_loop(win, alt)
            words = dict(chosen=index_name(chosen), win=_names(win), other=index_name(v), alt=_names(alt),
                         rejoin=index_name(rejoin), loop=_names(loop))
            if loop_area(win, alt) > 0:
                parts.append(say("via {chosen} is {win}, via {other} is {alt}; they rejoin at {rejoin} and the loop "
                                 "{loop} (out via {chosen}, back via {other}) runs clockwise, so via {chosen} wins",
                                 **words))
            else:
                parts.append(say("via {chosen} is {win}, via {other} is {alt}; they rejoin at {rejoin} and the loop "
                                 "{loop} (out via {chosen}, back via {other}) runs anticlockwise, so via {chosen} "
                                 "wins", **words))
        lines.append(joined(head, *parts, sep="; "))
    return lines


def _fork_words(table, a: int, b: int) -> list[str]:
    """One plain sentence per fork of the route from *a* to *b* where GUARD-9 decides."""
    from burgle.geometry.routing import fork_loop, forks

    out = []
    for u, chosen, win, alts in forks(table, a, b):
        for v, alt, rejoin in alts:
            loop = fork_loop(win, alt)
            out.append(say(
                "At {at} he could step to {chosen} or {other}; both ways are {steps} to {dest} and meet again at "
                "{rejoin}. Going out via {chosen} and back via {other} runs clockwise round {loop}, so {chosen} is "
                "his left-hand branch: he steps to {chosen}.", at=index_name(u), chosen=index_name(chosen),
                other=index_name(v), steps=_steps(len(win) - 1), dest=index_name(b), rejoin=index_name(rejoin),
                loop=_names(loop)))
    return out


# ----------------------------------------------------------------------------- the picture


def _make_scene(plan: Plan):
    from burgle.analysis.guard_forecast import AlarmDistance
    from burgle.pictures.scene import CellView, FloorScene, Mark, Occupant, RouteView, Scene

    s = plan.setup
    base = N * (s.floor - 1)
    moves = plan.moves
    first = moves[0] if moves else None
    notes: dict[int, list[str]] = {}
    for m in moves[1:]:
        if m.steps:
            notes.setdefault(m.end, []).append(f"T{m.number}" + ("" if m.complete else "?"))
    if first is not None and not first.steps:
        notes.setdefault(first.end, []).append("T1")
    cells = []
    for i in range(N):
        occ = []
        if i == s.guard:
            occ.append(Occupant("guard", "G", "guard"))
        for k, p in enumerate(s.players):
            if p.cell == i:
                occ.append(Occupant("character", str(k + 1), say("Player {n}", n=k + 1), stealth=p.stealth,
                                    seat=k))
        marks = (Mark("alarm", "!", "alarm token"),) if i in s.alarms else ()
        cells.append(CellView(
            cell=base + i, name=index_name(i), row=i // 4, col=i % 4, revealed=True, kind=None, title="",
            label="", number=None, marks=marks, occupants=tuple(occ),
            destination=i == s.destination, die_speed=s.speed if i == s.destination else None,
            note=",".join(notes.get(i, ())),
        ))
    route = None
    if first is not None:
        numbers: dict[int, list[str]] = {}
        for st in first.steps:
            numbers.setdefault(base + st.cell, []).append(str(st.number))
        sights: dict[int, list[str]] = {}
        for st in first.steps:
            who = [str(k + 1) for k in st.seen if k != st.captured]
            said = [say("sees {players}", players=",".join(who))] if who else []
            if st.captured is not None:
                said.append(say("catches {n}", n=st.captured + 1))
            if said:
                sights.setdefault(base + st.cell, []).append(joined(*said, sep="; "))
        later: list[int] = []
        for m in moves[1:]:
            later += [base + c for c in m.path]
        last = moves[-1]
        if last.complete and last.captured is None and last.destination_after is not None:
            later += [base + c for c in s.table.route(last.end, last.destination_after)]
        route = RouteView(
            guard=base + s.guard, path=(base + s.guard,) + tuple(base + c for c in first.path),
            badges=tuple((c, ",".join(ns)) for c, ns in numbers.items()),
            stop=base + first.end if first.complete else None, end=base + first.end,
            later=((base + first.end,) + tuple(later)) if later else (),
            alternatives=tuple((base + s.guard,) + tuple(base + c for c in r) for r in plan.alternatives),
            arrivals=tuple(base + st.cell for st in first.steps if st.arrival),
            sightings=tuple((c, joined(*t, sep="; ")) for c, t in sights.items()),
            unknown=first.unknown if not first.complete else "", mp=first.mp, mp_text=first.mp_text,
            moves_this_turn=True,
        )
    alarms = tuple(AlarmDistance(base + a.cell, a.distance, nearest=a.nearest, destination=a.destination)
                   for a in plan.alarms)
    walls = tuple(sorted((base + a, base + b) for a, b in s.walls))
    fs = FloorScene(
        floor=s.floor, title=say("Floor {n}", n=s.floor), header=_header(plan), cells=tuple(cells), walls=walls,
        broken_walls=(), links=(), guard=base + s.guard,
        die=None if s.destination is None else base + s.destination, speed=s.speed, route=route,
        alarms=alarms, alt_text=plan.text(),
    )
    return Scene(floors=(fs,), title="", legend=True)


def _header(plan: Plan) -> tuple[str, ...]:
    s = plan.setup
    title = (say("Floor {n}", n=s.floor) if printed_floor_name(s.walls) else
             say("Floor {n} · open floor", n=s.floor) if not s.walls else say("Floor {n} · your walls", n=s.floor))
    line2 = say("His next move: {mp}", mp=plan.mp_text)
    if s.destination is None:
        return (title, line2, say("Alarms {cells} tied: players choose (ALARM-3)",
                                  cells="/".join(index_name(c) for c in plan.question.tied)))
    m = plan.moves[0]
    if m.captured is not None:
        line3 = say("Catches player {n} on {cell}", n=m.captured + 1, cell=m.end_name)
    elif m.complete:
        line3 = say("Stops on {cell}", cell=m.end_name)
        later = [x for x in plan.moves[1:] if x.steps]
        if len(later) == 1:
            line3 = (say("Stops on {cell}; T2: where move 2 ends", cell=m.end_name) if later[0].complete else
                     say("Stops on {cell}; T2: where move 2 is known to", cell=m.end_name))
        elif later:
            line3 = say("Stops on {cell}; T2..T{last}: where moves 2..{last} end", cell=m.end_name,
                        last=later[-1].number)
    elif plan.question is not None and plan.question.move == 1:
        line3 = say("Known to {cell}, then alarms {cells} tied", cell=m.end_name,
                    cells="/".join(index_name(c) for c in plan.question.tied))
    else:
        line3 = say("Known to {cell}, then a patrol card (unseen)", cell=m.end_name)
    return (title, line2, line3)


def _check_size(text, what: str, kept: str) -> None:
    """Refuse typed text over :data:`~burgle.web.security.limits.MAX_TEXT_CHARS` by its size,
    before parsing it and without quoting it back."""
    if len(str(text)) > MAX_TEXT_CHARS:
        raise ExplorerError(say("Refused: {why} {kept}", why=too_big(what, len(str(text)), MAX_TEXT_CHARS),
                                kept=say("The previous walls are kept.") if "walls" in kept
                                else say("Nothing was changed.")))


def _refused(exc: BaseException, walls: bool = False):
    """``Refused: <why>. Nothing was changed.`` (or: the previous walls are kept), in words a page translates."""
    if walls:
        return say("Refused: {why}. The previous walls are kept.", why=said_of(exc))
    return say("Refused: {why}. Nothing was changed.", why=said_of(exc))


def _job(building) -> str:
    """A job's name as printed (the glossary keeps The Bank Job, The Office Job in every language)."""
    return building.name


#: :data:`burgle.analysis.patrol.LEFT_OUT`, marked for the catalog; shown translated only while it is the same.
_LEFT_OUT = N_("The guard is left to himself between his moves, with the alarms already on his floor: no new alarms, "
               "no Events (not even ones the players have seen coming), no tools and no players' moves.")

_TIE_NOTE = re.compile(r"On (\d[A-D][1-4]) the alarms on (.+) are equally near: the players choose \(ALARM-3\); "
                       r"these odds assume (\d[A-D][1-4]), the first in reading order\.")


def _tie_note(note: str):
    """The danger map's note on an alarm tie (burgle.analysis.patrol), in words a page translates."""
    m = _TIE_NOTE.fullmatch(str(note))
    if not m:
        return note
    return say("On {cell} the alarms on {cells} are equally near: the players choose (ALARM-3); these odds assume "
               "{first}, the first in reading order.", cell=m.group(1), cells=and_list(m.group(2).split(" and ")),
               first=m.group(3))


def _method(dm):
    """How the danger map was worked out (``dm.how()``), in words a page translates."""
    if dm.method == "exact":
        return say("exact, {n} card sequences", n=format(dm.sequences, ","))
    return say("Monte Carlo, {n} samples, seed {seed}", n=format(dm.samples, ","), seed=dm.seed)
