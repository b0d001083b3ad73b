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
from burgle.web.explorer.building import Building, BuildingError, printed_floor_name

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

# Plain tiles for the small games the forecasts run on: guards ignore tiles (GUARD-13)
# and none of these lets anyone see beyond its own cell (unlike Foyer, Atrium, Camera).
_PLAIN = ("deadbolt 1", "deadbolt 2", "deadbolt 3", "detector 4", "detector 5", "detector 6",
          "fingerprint 4", "fingerprint 5", "fingerprint 6", "keypad 4", "keypad 5", "keypad 6",
          "laser 1", "laser 2", "laser 3", "motion 1")
# Characters standing in for the players: none has an ability the guard's move looks at.
_CREW = ("hawk", "peterman", "spotter", "rigger")

_CELLISH = re.compile(r"^\s*([1-3])?([A-Da-d][1-4])\s*$")


class ExplorerError(BurgleError):
    """An edit or input the explorer refuses. The message says why; nothing changed."""


def _n(k: int, word: str) -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"


def _names(cells) -> str:
    return " ".join(index_name(c) for c in cells)


def _and(items) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def parse_explorer_cell(value, role: str = "cell", floor: int | None = None) -> int:
    """A floor index 0..15 from ``"C3"`` (or ``"1C3"`` on floor 1) or an int; a clear
    :class:`ExplorerError` for anything else (a wall, another floor, a typo)."""
    if isinstance(value, bool):
        raise ExplorerError(f"{role}: {value!r} is not a cell; write a cell such as C3")
    if isinstance(value, int):
        if 0 <= value < N:
            return value
        raise ExplorerError(f"{role}: {value} is not a cell of the floor; cells are A1 to D4 (indexes 0 to 15)")
    text = str(value).strip()
    if "|" in text or "/" in text:
        raise ExplorerError(f"{role}: {text!r} is a wall, not a cell. The {role} stands on a cell such as C3 "
                            "(walls lie between cells)")
    m = _CELLISH.match(text)
    if not m:
        raise ExplorerError(f"{role}: {text!r} is not a cell; write a cell such as C3 "
                            "(column A to D, row 1 to 4)")
    if m.group(1) and floor is not None and int(m.group(1)) != floor:
        raise ExplorerError(f"{role}: {text} is on floor {m.group(1)}, but the explorer shows floor {floor}; "
                            f"write it without the floor ({m.group(2).upper()})")
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
    what = (f"{index_name(small[0])} cannot" if len(small) == 1
            else f"{_and(index_name(c) for c in small)} cannot")
    return (f"these walls cut the floor apart: {what} be reached from the other {rest} cells. "
            "Every cell must stay reachable (GUARD-8)")


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
        return "Open floor" if not self.walls else "Your walls"

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
            raise ExplorerError(f"floor {self.floor!r} does not exist; The Bank Job has floors 1, 2, 3")
        cut = _cut_message(self.walls)
        if cut:
            raise ExplorerError(cut)
        if not (isinstance(self.speed, int) and 1 <= self.speed <= 6):
            raise ExplorerError(f"the die shows 1 to 6, not {self.speed!r} (GUARD-1)")
        if self.guard in self.alarms:
            raise ExplorerError(f"the guard never stands on an alarm: entering {index_name(self.guard)} "
                                "switches its alarm off (GUARD-1, GUARD-12a)")
        if self.destination is not None and self.destination == self.guard:
            raise ExplorerError(f"his die never shares his cell ({index_name(self.guard)}): when he reaches it "
                                "he takes a new destination (GUARD-1, GUARD-11)")
        if self.alarms and self.destination is not None and self.destination not in self.alarms:
            raise ExplorerError("while the floor has alarms his die sits on one of them (GUARD-1, ALARM-3): "
                                f"{_and(index_name(a) for a in sorted(self.alarms))}")
        if self.destination is None and len(self.nearest_alarms()) < 2:
            raise ExplorerError("his die needs a cell: his destination")
        if len(self.players) > MAX_PLAYERS:
            raise ExplorerError(f"a game has at most {MAX_PLAYERS} characters (SETUP-6)")
        for p in self.players:
            if not 0 <= p.stealth <= 9:
                raise ExplorerError(f"Stealth runs from 0 up, not {p.stealth} (END-1)")


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
        where = (f"From {index_name(self.at)}" if self.move == 0 else
                 f"In move {self.move} he reaches {index_name(self.at)}"
                 + (f" with {self.mp_left} MP left" if self.mp_left else " with his last MP") + ";")
        return (f"{where} the alarms on {_and(index_name(c) for c in self.tied)} are equally near "
                f"({_n(self.distance, 'step')}). The players choose which one his die goes to (ALARM-3).")


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
        head = f"Move {self.number}" + (" (this turn)" if self.number == 1 else "") + f": {self.mp_text}"
        def step(s: Step) -> str:
            extra = []
            if s.alarm_off:
                extra.append("switches the alarm off")
            seen = [k for k in s.seen if k != s.captured]
            if seen:
                extra.append("sees " + _and(f"player {k + 1}" for k in seen) + ": -1 Stealth")
            return f"{s.number} {s.name}" + (f" ({'; '.join(extra)})" if extra else "")

        walk = ", ".join(step(s) for s in self.steps)
        out = f"{head}: {walk}" if walk else f"{head}: he does not move"
        if self.captured is not None:
            return out + f". He catches player {self.captured + 1} on {self.end_name}: the team loses (END-4)."
        if self.complete:
            out += f"; stops on {self.end_name}"
            if self.destination_after is not None and self.destination_after != self.destination:
                out += f", next heading for {index_name(self.destination_after)}"
            return out + "."
        return out + f"; known up to {self.end_name}, then {self.unknown}."


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
            return [f"His die is waiting for the players: {q.prompt}" if q else "No destination."]
        dest = index_name(s.destination)
        on_alarm = " (an alarm)" if s.destination in s.alarms else ""
        n = len(self.route)
        ways = len(self.alternatives) + 1
        tie = (f", the most clockwise of {ways} shortest routes (GUARD-9)" if ways > 1 else
               ", the only shortest route")
        lines = [f"Route from {index_name(s.guard)} to his destination {dest}{on_alarm}: {_n(n, 'step')}{tie}: "
                 + " · ".join(f"{k} {index_name(c)}" for k, c in enumerate(self.route, 1)) + "."]
        if self.moves:
            lines.append(self.moves[0].text())
        return lines

    def explanation_lines(self) -> list[str]:
        s = self.setup
        if s.destination is None:
            return ["Choose which alarm his die goes to first: the route depends on it."]
        if not self.alternatives:
            return [f"Only one shortest route leads from {index_name(s.guard)} to {index_name(s.destination)}, "
                    "so the clockwise rule has nothing to decide."]
        head = (f"{len(self.alternatives) + 1} routes are equally short. At each fork he takes the left branch "
                "as he faces his destination: the route that goes round the loop between the branches "
                "clockwise (GUARD-9).")
        return [head, *self.explanation]

    def alarm_lines(self) -> list[str]:
        s = self.setup
        if not self.alarms:
            return ["No alarms on the floor: his die is a patrol card's cell (GUARD-3)."]
        out = []
        for a in self.alarms:
            tags = []
            if a.nearest:
                tags.append("nearest")
            if a.destination:
                tags.append("his die is here: he heads for it")
            out.append(f"{a.name}: {_n(a.distance, 'step')} away" + (f" ({', '.join(tags)})" if tags else ""))
        near = [a for a in self.alarms if a.nearest]
        if s.destination is not None and s.destination in s.alarms and not any(a.destination for a in near):
            out.append(f"{index_name(s.destination)} is not the nearest any more; his die stays there until an "
                       "alarm goes off or he arrives (ALARM-3).")
        return out

    def move_lines(self) -> list[str]:
        out = [m.text() for m in self.moves]
        if self.ending:
            out.append(self.ending)
        return out

    def text(self) -> str:
        """Everything in words (the picture's text alternative)."""
        parts = self.route_lines()
        parts += self.explanation_lines() + self.alarm_lines()
        parts += [line for line in self.move_lines() if line not in parts]
        return "\n".join(parts + list(self.notes))


@dataclass(frozen=True)
class PatrolView:
    """Patrol odds and the danger map for the setup (:mod:`burgle.analysis.patrol`).

    Probabilities are keyed by floor index: ``destination`` the chance of each cell
    being his next destination; ``enter`` / ``end_turn`` the chance he enters it / ends
    a move on it within his next ``turns`` moves. ``error`` says why there are none."""

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
            raise ExplorerError(f"Refused: {exc}. {self._kept(new)}") from None
        if new != self.setup:
            self.choices = {}
        self.setup = new
        return new

    def _kept(self, new: Setup) -> str:
        return ("The previous walls are kept." if new.walls != self.setup.walls
                else "Nothing was changed.")

    def _cell(self, value, role: str) -> int:
        try:
            return parse_explorer_cell(value, role, self.setup.floor)
        except ExplorerError as exc:
            raise ExplorerError(f"Refused: {exc}. Nothing was changed.") from None

    # ---- the building: job, floors, random walls, layout codes (issue 12; building.py)
    def use_floor(self, floor) -> str:
        """Show *floor* of the building (1..3 in The Bank Job, 1..2 in The Office Job) with
        its walls (printed, random or from a code); the pieces stay where they are. Hand
        edits of the floor shown are dropped: its button brings its walls back."""
        try:
            f = self.building.check_floor(floor)
        except BuildingError as exc:
            raise ExplorerError(f"Refused: {exc}. Nothing was changed.") from None
        self._commit(replace(self.setup, floor=f, walls=self.building.floors[f - 1]))
        return self._walls_note(f)

    def set_job(self, job) -> str:
        """Switch to *job*'s building with its printed walls (JOB-1, JOB-2); the floor shown
        stays if the job has it, else floor 1. The pieces stay where they are."""
        try:
            building = Building.printed(str(job).strip().lower())
        except BuildingError as exc:
            raise ExplorerError(f"Refused: {exc}. Nothing was changed.") from None
        f = self.setup.floor if self.setup.floor in building.floor_numbers else 1
        self._commit(replace(self.setup, floor=f, walls=building.floors[f - 1]))
        self.building = building
        return (f"{building.name}: {len(building.floors)} floors, the printed walls. "
                + self._walls_note(f))

    def random_walls(self, seed) -> str:
        """Random walls on every floor of the job's building, drawn from *seed* (JOB-3:
        uniform over the 175,264 valid layouts; the same seed gives the same walls)."""
        try:
            building = Building.random(self.building.job, seed)
        except BuildingError as exc:
            raise ExplorerError(f"Refused: {exc}. The previous walls are kept.") from None
        self._commit(replace(self.setup, walls=building.floors[self.setup.floor - 1]))
        self.building = building
        return (f"Random walls from seed {building.seed} (JOB-3), building code {building.code()}. "
                "The same seed gives the same walls. " + self._walls_note(self.setup.floor, origin=False))

    def paste_code(self, text) -> str:
        """Walls from a layout code (JOB-5): one code per floor of the job for the whole
        building (``703h1 e0607 81ll0``), or one code for the floor shown. A bad code is
        refused with the reason; the walls on the page stay."""
        _check_size(text, "The layout code", "The previous walls are kept.")
        try:
            building = self.current_building().paste(text, self.setup.floor)
        except BuildingError as exc:
            raise ExplorerError(f"Refused: {exc}. The previous walls are kept.") from None
        self._commit(replace(self.setup, walls=building.floors[self.setup.floor - 1]))
        self.building = building
        whole = len(str(text).split()) > 1
        return (("The building's walls from its code " + building.code() + ". ") if whole else "") \
            + self._walls_note(self.setup.floor)

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
        what = b.describe(floor) if origin else f"{b.name}, floor {floor}"
        if code and code not in what:
            return f"{what}, code {code}."
        return what + "."

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
        return traffic_scene([s.walls], title=f"{b.name}, floor {s.floor}: where the guard walks", numbers=(s.floor,),
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
        return "No interior walls: an open floor."

    def set_walls(self, text: str) -> str:
        """All interior walls at once, in the rules' notation (``A1|B1, C1/C2``; empty = none)."""
        _check_size(text, "The walls text", "The previous walls are kept.")
        try:
            walls = parse_walls(str(text).replace(";", ","))
        except CellError as exc:
            raise ExplorerError(f"Refused: {exc}. The previous walls are kept.") from None
        self._commit(replace(self.setup, walls=walls))
        return f"{_n(len(walls), 'wall')}: " + (walls_spec(walls).replace(",", ", ") or "none") + "."

    def toggle_wall(self, wall) -> str:
        """Add the wall if it is not there, else remove it (``"A1|B1"`` or an index pair)."""
        w = self._wall(wall)
        if w in self.setup.walls:
            self._commit(replace(self.setup, walls=self.setup.walls - {w}))
            return f"Wall {wall_name(w)} removed."
        self._commit(replace(self.setup, walls=self.setup.walls | {w}))
        return f"Wall {wall_name(w)} added."

    def _wall(self, wall) -> tuple[int, int]:
        try:
            if isinstance(wall, str):
                return parse_wall(wall)
            a, b = wall
            return make_wall(int(a), int(b))
        except (CellError, TypeError, ValueError) as exc:
            msg = str(exc) if isinstance(exc, CellError) else f"{wall!r} is not a wall such as A1|B1"
            raise ExplorerError(f"Refused: {msg}. Nothing was changed.") from None

    def place_guard(self, cell) -> str:
        c = self._cell(cell, "guard")
        s = self.setup
        if c in s.alarms:
            raise ExplorerError(f"Refused: the guard never stands on an alarm: entering {index_name(c)} would "
                                "switch it off (GUARD-1, GUARD-12a). Remove the alarm first. Nothing was changed.")
        if c == s.destination:
            raise ExplorerError(f"Refused: {index_name(c)} holds his die, and his die never shares his cell: "
                                "when he reaches it he takes a new destination (GUARD-1, GUARD-11). "
                                "Move his die first. Nothing was changed.")
        new = replace(s, guard=c)
        if s.destination is None:  # an open alarm tie: asked again from his new cell
            near = new.nearest_alarms()
            new = replace(new, destination=near[0] if len(near) == 1 else None)
        self._commit(new)
        return f"Guard on {index_name(c)}."

    def set_destination(self, cell) -> str:
        """Put his die on *cell* (while there are alarms: on one of them, GUARD-1)."""
        c = self._cell(cell, "destination")
        s = self.setup
        if c == s.guard:
            raise ExplorerError(f"Refused: the guard stands on {index_name(c)}, and his die never shares his cell "
                                "(GUARD-1, GUARD-11). Nothing was changed.")
        if s.alarms and c not in s.alarms:
            raise ExplorerError("Refused: while the floor has alarms his die sits on one of them (GUARD-1, ALARM-3): "
                                f"{_and(index_name(a) for a in sorted(s.alarms))}. Nothing was changed.")
        self._commit(replace(s, destination=c))
        return f"His die on {index_name(c)}."

    def toggle_alarm(self, cell) -> str:
        """Place an alarm (his die goes to the nearest alarm, ALARM-3) or take one away."""
        c = self._cell(cell, "alarm")
        s = self.setup
        if c in s.alarms:
            alarms = s.alarms - {c}
            new = replace(s, alarms=alarms)
            note = f"Alarm on {index_name(c)} removed."
            if s.destination == c:
                if alarms:  # ALARM-5: alarms remain and the die is not on one
                    new, more = self._to_nearest(new)
                    note += " " + more
                else:
                    note += (f" No alarms left: in a game he would draw a patrol card (GUARD-3); here his die "
                             f"stays on {index_name(c)}.")
            self._commit(new)
            return note
        if c == s.guard:
            raise ExplorerError(f"Refused: no alarm goes off on the guard's own cell {index_name(c)} (ALARM-2). "
                                "Nothing was changed.")
        new, more = self._to_nearest(replace(s, alarms=s.alarms | {c}))
        self._commit(new)
        return f"Alarm on {index_name(c)}. {more}"

    def _to_nearest(self, new: Setup) -> tuple[Setup, str]:
        """ALARM-3: his die goes to the nearest alarm; a tie is the players' choice."""
        near = new.nearest_alarms()
        d = new.table.dist[new.guard * N + near[0]]
        if len(near) == 1:
            return replace(new, destination=near[0]), (f"His die goes to the nearest alarm: {index_name(near[0])}, "
                                                       f"{_n(d, 'step')} away (ALARM-3).")
        return replace(new, destination=None), (f"Alarms {_and(index_name(a) for a in near)} are equally near "
                                                f"({_n(d, 'step')}): choose which one his die goes to (ALARM-3).")

    def choose_alarm(self, cell) -> str:
        """Answer the open question (equally near alarms): his die goes to *cell*."""
        c = self._cell(cell, "alarm")
        q = self.plan().question
        if q is None:
            raise ExplorerError("Refused: there is no choice to make: no alarms are tied. Nothing was changed.")
        if c not in q.tied:
            raise ExplorerError(f"Refused: {index_name(c)} is not one of the tied alarms "
                                f"({_and(index_name(a) for a in q.tied)}). Nothing was changed.")
        if q.move == 0:
            self._commit(replace(self.setup, destination=c))
        else:
            self.choices[q.key] = c
        return f"The players send his die to {index_name(c)}."

    def toggle_player(self, cell) -> str:
        c = self._cell(cell, "player")
        s = self.setup
        k = s.player_at(c)
        if k is not None:
            self._commit(replace(s, players=s.players[:k] + s.players[k + 1:]))
            return f"Player {k + 1} taken off {index_name(c)}."
        if len(s.players) >= MAX_PLAYERS:
            raise ExplorerError(f"Refused: a game has at most {MAX_PLAYERS} characters (SETUP-6). "
                                "Nothing was changed.")
        self._commit(replace(s, players=s.players + (Player(c),)))
        return f"Player {len(s.players) + 1} on {index_name(c)} with 3 Stealth."

    def set_stealth(self, seat: int, stealth) -> str:
        s = self.setup
        if not 0 <= seat < len(s.players):
            raise ExplorerError(f"Refused: there is no player {seat + 1}. Nothing was changed.")
        try:
            n = int(stealth)
        except (TypeError, ValueError):
            raise ExplorerError(f"Refused: Stealth is a number, not {stealth!r}. Nothing was changed.") from None
        players = list(s.players)
        players[seat] = replace(players[seat], stealth=n)
        self._commit(replace(s, players=tuple(players)))
        return f"Player {seat + 1} has {n} Stealth."

    def set_speed(self, speed) -> str:
        try:
            n = int(str(speed).strip())
        except ValueError:
            raise ExplorerError(f"Refused: the die shows 1 to 6, not {speed!r}. Nothing was changed.") from None
        self._commit(replace(self.setup, speed=n))
        return f"His die shows {n}."

    def set_turns(self, turns) -> str:
        self.turns = self._check_turns(turns)
        return f"Looking {_n(self.turns, 'move')} ahead."

    @staticmethod
    def _check_turns(turns) -> int:
        try:
            n = int(turns)
        except (TypeError, ValueError):
            raise ExplorerError(f"Refused: look 1 to {MAX_TURNS} moves ahead, not {turns!r}.") from None
        if not 1 <= n <= MAX_TURNS:
            raise ExplorerError(f"Refused: look 1 to {MAX_TURNS} moves ahead, not {n}.")
        return n

    def set_crew(self, n) -> str:
        """The crew size, for the patrol odds: 1-4 characters remove 9, 6, 3, 0 cards (SETUP-4)."""
        try:
            k = int(n)
        except (TypeError, ValueError):
            k = None
        if k not in TRIM:
            raise ExplorerError(f"Refused: a crew has 1 to 4 characters, not {n!r} (SETUP-6). Nothing was changed.")
        self.crew = k
        return f"Crew of {k}: {TRIM[k]} patrol cards lie aside face down after each shuffle (SETUP-4)."

    def set_seen_cards(self, text: str) -> str:
        """The patrol cards face up on the discard pile this cycle, such as ``B2 C4 A1``."""
        _check_size(text, "The list of seen cards", "Nothing was changed.")
        parts = [p for p in re.split(r"[,\s]+", str(text).strip()) if p]
        cells = []
        for p in parts:
            c = self._cell(p, "patrol card")
            if c in cells:
                raise ExplorerError(f"Refused: patrol card {index_name(c)} appears twice; each of the 16 cards "
                                    "is in the deck once. Nothing was changed.")
            cells.append(c)
        if len(cells) + TRIM[self.crew] > N - 1:
            raise ExplorerError(f"Refused: {len(cells)} cards seen and {TRIM[self.crew]} removed leave no card to "
                                "draw; a cycle ends when the deck is empty (GUARD-4). Nothing was changed.")
        self.seen_cards = tuple(cells)
        return ("Patrol cards seen this cycle: " + (_names(cells) or "none") + ".")

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
            raise ExplorerError("Type a command such as " + ", ".join(self.COMMANDS) + ".")
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
            raise ExplorerError(f"Unknown command {shorten(text.strip())!r}. Try: " + ", ".join(self.COMMANDS) + ".")
        if not arg and verb != "walls":
            raise ExplorerError(f"{verb!r} needs a value, for example: "
                                + next(c for c in self.COMMANDS if c.startswith(verb[:3])) + ".")
        return table[verb](arg)

    # ------------------------------------------------------------------ answers
    @property
    def key(self):
        return (self.setup, self.turns, tuple(sorted(self.choices.items())))

    def plan(self) -> Plan:
        """The guard's route, its ties and explanation, the alarms and his next moves."""
        k = self.key
        p = self._plans.get(k)
        if p is None:
            if len(self._plans) > 256:
                self._plans.clear()
            p = self._plans[k] = _make_plan(self.setup, self.turns, dict(self.choices))
        return p

    def scene(self):
        """The picture as data (:class:`burgle.pictures.Scene`)."""
        return _make_scene(self.plan())

    def svg(self) -> str:
        """The picture: one floor as SVG text, cached per setup."""
        k = self.key
        svg = self._svgs.get(k)
        if svg is None:
            from burgle.pictures import render_scene

            if len(self._svgs) > 64:
                self._svgs.clear()
            svg = self._svgs[k] = render_scene(self.scene(), "svg")
        return svg

    def patrol(self) -> PatrolView | None:
        """Patrol odds and danger map (None when :mod:`burgle.analysis.patrol` is not installed).

        The players' view of the deck: the cards seen this cycle (:meth:`set_seen_cards`)
        plus his die's cell when it is not an alarm (the card that sent him there), with
        the crew's trim lying aside face down (:meth:`set_crew`)."""
        try:
            from burgle.analysis import patrol
        except ImportError:  # pragma: no cover - the module is part of burgle now
            return None
        k = (self.key, self.crew, self.seen_cards)
        view = self._patrols.get(k)
        if view is None:
            if len(self._patrols) > 64:
                self._patrols.clear()
            view = self._patrols[k] = _patrol_view(patrol, self.setup, self.turns, self.crew, self.seen_cards)
        return view

    def game(self):
        """The small game the forecasts run on (plain tiles), for notebooks and tests."""
        s = self.setup
        return _game(s, s.guard, s.destination, s.alarms, [p.stealth for p in s.players])


# ----------------------------------------------------------------------------- working it out


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


def _game(s: Setup, guard: int, dest: int, alarms, stealth, mp: int | None = None):
    from burgle.engine.game import Game

    try:
        game = Game.from_scenario(_scenario(s, guard, dest, alarms, stealth))
    except ScenarioError as exc:  # pragma: no cover - Setup.check() keeps setups valid
        raise ExplorerError(f"the engine refused this position: {exc}") from None
    if mp is not None:
        # The rest of a move after the players broke an alarm tie: his MP were fixed when
        # the move began (GUARD-6), so the small game gets exactly the MP he has left.
        g = game.s.guards[s.floor - 1]
        diff = mp - (g.speed + len(alarms))
        game.s.turn_effects.extend([f"espresso:{s.floor}"] * diff if diff > 0
                                   else [f"daydreaming:{s.floor}"] * -diff)
    return game


def _mp_text(speed: int, alarms: int) -> str:
    return f"die {speed}" + (f" + {_n(alarms, 'alarm')}" if alarms else "") + f" = {speed + alarms} MP"


def _make_plan(s: Setup, turns: int, choices: dict) -> Plan:
    from burgle.analysis.guard_forecast import forecast
    from burgle.geometry.routing import explain_route

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
                    "His moves depend on the players' choice.")

    route = table.route(s.guard, s.destination)
    alts = tuple(table.all_shortest_routes(s.guard, s.destination)[1:])
    proofs = tuple(explain_route(table, s.guard, s.destination))
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
            fc = forecast(_game(s, here, dest, left, stealth, mp_left), s.floor)
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
                ending = f"Player {captured + 1} is caught with no Stealth left: the game is lost (END-4)."
            elif not fc.complete and tie:  # an alarm tie in the middle of the move
                q = Question(number, here, tie, table.dist[here * N + tie[0]], fc.mp_unknown)
                if q.key in choices:
                    answered.append((tie, choices[q.key]))
                    dest, mp_left = choices[q.key], fc.mp_unknown
                    continue
                finish(False, None, "the players choose his next alarm")
                question = q
            elif not fc.complete:  # arrived with MP left and no alarm: the next patrol card decides
                finish(False, None, f"he draws a patrol card, face down, and walks on with {fc.mp_unknown} MP "
                                    "(GUARD-11, GUARD-3)")
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
                    "the players choose his next alarm" if tie else
                    "his next destination is a patrol card, face down (GUARD-11, GUARD-3)")
                finish(True, nxt, unknown)
            break
        last = moves[-1]
        if last.captured is not None or not last.complete:  # its text says why the rest is unknown
            break
        if last.destination_after is None:
            if question is None:
                ending = f"He arrives on {last.end_name} with his last MP; {last.unknown}."
            break
        guard, dest = last.end, last.destination_after
    if not ending and moves and len(moves) == turns and moves[-1].complete and moves[-1].captured is None:
        ending = (f"(Showing {_n(turns, 'move')}; his die does not speed up unless his patrol deck runs out, "
                  "GUARD-4. Players are assumed to stay put.)")
    notes = ()
    if s.players:
        notes = ("Each time he enters a player's cell that player loses 1 Stealth; with none left the player "
                 "is caught (GUARD-12, END-4).",)
    return Plan(s, s.speed + len(s.alarms), mp_text, alarms, route, alts, plain, proofs, tuple(moves), question,
                ending, notes)


def _patrol_view(patrol, s: Setup, turns: int, crew: int, seen: tuple[int, ...]) -> PatrolView:
    base = N * (s.floor - 1)
    discard = list(seen)
    if s.destination is not None and s.destination not in s.alarms and s.destination not in discard:
        discard.append(s.destination)  # the card that named his destination lies face up
    common = dict(turns=turns, crew=crew, discard=tuple(discard))
    if s.destination is None:
        return PatrolView(**common, error="The odds wait for the players' choice of alarm.")
    try:
        info = patrol.patrol_info(floor=s.floor, guard=base + s.guard, die=base + s.destination, speed=s.speed,
                                  discard=[base + c for c in discard], trim=TRIM[crew], walls=s.walls,
                                  alarms=[base + a for a in s.alarms])
        nxt = patrol.next_destination_odds(info)
        dm = patrol.danger_map(info, turns=turns, samples=2000, seed=0)
    except patrol.PatrolError as exc:
        return PatrolView(**common, error=f"No odds for this setup: {exc}.")
    notes = list(dm.notes)
    if s.alarms:
        notes.append("Alarms go first: he walks to each in turn (nearest first) before a patrol card is drawn.")
    return PatrolView(
        **common,
        destination={c - base: p for c, p in nxt.items()},
        enter={c - base: p for c, p in dm.enter.items()},
        end_turn={c - base: p for c, p in dm.end_turn.items()},
        reshuffle=dm.reshuffle, method=dm.how(), notes=tuple(notes),
    )


def _fork_words(table, a: int, b: int) -> list[str]:
    """One plain sentence per fork of the route from *a* to *b* where GUARD-9 decides."""
    from burgle.geometry.routing import fork_loop

    out = []
    path = (a,) + table.route(a, b)
    for u in path[:-1]:
        cands = table.first_steps(u, b)
        if len(cands) < 2:
            continue
        chosen = table.next_step(u, b)
        win = (u,) + table.route(u, b)
        for v in cands:
            if v == chosen:
                continue
            alt = (u, v) + table.route(v, b)
            rejoin = next(win[k] for k in range(2, len(win)) if win[k] == alt[k])
            loop = fork_loop(win, alt)
            out.append(
                f"At {index_name(u)} he could step to {index_name(chosen)} or {index_name(v)}; both ways are "
                f"{_n(len(win) - 1, 'step')} to {index_name(b)} and meet again at {index_name(rejoin)}. "
                f"Going out via {index_name(chosen)} and back via {index_name(v)} runs clockwise round "
                f"{_names(loop)}, so {index_name(chosen)} is his left-hand branch: he steps to "
                f"{index_name(chosen)}."
            )
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
                occ.append(Occupant("character", str(k + 1), f"Player {k + 1}", stealth=p.stealth, seat=k))
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
            text = ("sees " + ",".join(who)) if who else ""
            if st.captured is not None:
                text = (text + "; " if text else "") + f"catches {st.captured + 1}"
            if text:
                sights.setdefault(base + st.cell, []).append(text)
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
            sightings=tuple((c, "; ".join(t)) for c, t in sights.items()),
            unknown=first.unknown if not first.complete else "", mp=first.mp, mp_text=first.mp_text,
            moves_this_turn=True,
        )
    alarms = tuple(AlarmDistance(base + a.cell, a.distance, nearest=a.nearest, destination=a.destination)
                   for a in plan.alarms)
    walls = tuple(sorted((base + a, base + b) for a, b in s.walls))
    fs = FloorScene(
        floor=s.floor, title=f"Floor {s.floor}", header=_header(plan), cells=tuple(cells), walls=walls,
        broken_walls=(), links=(), guard=base + s.guard,
        die=None if s.destination is None else base + s.destination, speed=s.speed, route=route,
        alarms=alarms, alt_text=plan.text(),
    )
    return Scene(floors=(fs,), title="", legend=True)


def _header(plan: Plan) -> tuple[str, ...]:
    s = plan.setup
    title = f"Floor {s.floor}" + ("" if printed_floor_name(s.walls) else f" · {s.wall_set_name.lower()}")
    line2 = f"His next move: {plan.mp_text}"
    if s.destination is None:
        return (title, line2, "Alarms " + "/".join(index_name(c) for c in plan.question.tied)
                + " tied: players choose (ALARM-3)")
    m = plan.moves[0]
    if m.captured is not None:
        line3 = f"Catches player {m.captured + 1} on {m.end_name}"
    elif m.complete:
        line3 = f"Stops on {m.end_name}"
        later = [x for x in plan.moves[1:] if x.steps]
        if len(later) == 1:
            line3 += "; T2: where move 2 " + ("ends" if later[0].complete else "is known to")
        elif later:
            line3 += f"; T2..T{later[-1].number}: where moves 2..{later[-1].number} end"
    elif plan.question is not None and plan.question.move == 1:
        line3 = f"Known to {m.end_name}, then alarms " + "/".join(index_name(c) for c in plan.question.tied) + " tied"
    else:
        line3 = f"Known to {m.end_name}, then a patrol card (unseen)"
    return (title, line2, line3)


def _check_size(text, what: str, kept: str) -> None:
    """Refuse typed text over :data:`~burgle.web.security.limits.MAX_TEXT_CHARS` by its size,
    before parsing it and without quoting it back."""
    if len(str(text)) > MAX_TEXT_CHARS:
        raise ExplorerError(f"Refused: {too_big(what, len(str(text)), MAX_TEXT_CHARS)} {kept}")
