"""A picture as plain data: what a drawing of the building shows, before any drawing.

:func:`scene` turns a game (and optional :class:`Highlights`) into a :class:`Scene`:
per floor the 16 cells with their labels and tokens, the walls, the guard, his die,
the route he will take this turn (numbered steps, stop cell, the rest of the way, the
tied routes the clockwise rule turns down), each alarm's walking distance from him,
the highlights, an optional overlay of per-cell odds (patrol odds, danger map), a header
and a text alternative. The drawing (:mod:`burgle.pictures.draw`)
only places what the scene says, so tests and screen readers read the scene.

No matplotlib here.

>>> from burgle.engine.game import Game
>>> game = Game.from_scenario({"characters": [{"character": "hawk", "cell": "1A1"}],
...     "tiles": {"1A1": "foyer 1 revealed", "1B2": "laser 2 revealed alarm"},
...     "guards": [{"floor": 1, "cell": "1D4", "die": "1B2", "speed": 2}]})
>>> f1 = scene(game, floors=1).floor(1)
>>> f1.route.badge_names
(('1C4', '1'), ('1C3', '2'), ('1C2', '3'))
>>> f1.route.stop_name, f1.cell("1B2").label, f1.alarm_labels
('1C2', 'Laser', {'1B2': '4 away'})
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from burgle.analysis.guard_forecast import GuardForecast, alarm_distances, check_floor, forecast
from burgle.analysis.patrol import OddsLayer, PatrolError
from burgle.geometry.board import (
    CELLS_PER_FLOOR,
    FLOORS,
    ROOF,
    CellError,
    cell_name,
    floor_of,
    index_name,
    make_wall,
    orthogonal_neighbours,
    parse_cell,
    wall_name,
)
from burgle.data.cards import CHARACTER_NAMES, LOOT_BY_KEY, TOOL_BY_KEY
from burgle.data.tiles import TILE_TYPE_BY_KEY
from burgle.engine.errors import BurgleError
from burgle.geometry.routing import explain_route, route_table
from burgle.pictures.public import public_state

__all__ = [
    "PictureError",
    "Highlights",
    "Mark",
    "Occupant",
    "CellView",
    "RouteView",
    "FloorScene",
    "Scene",
    "TILE_LABELS",
    "scene",
    "route_scene",
    "parse_floors",
    "add_overlay",
]

N = CELLS_PER_FLOOR


class PictureError(BurgleError):
    """Bad input to a picture: a floor, cell, highlight or output format it cannot draw."""


# Readable tile names that fit a cell (TileType.short is shorter still; this is for people).
TILE_LABELS: dict[str, str] = {
    "atrium": "Atrium",
    "camera": "Camera",
    "computer_fingerprint": "Comp. Finger",
    "computer_laser": "Comp. Laser",
    "computer_motion": "Comp. Motion",
    "deadbolt": "Deadbolt",
    "detector": "Detector",
    "fingerprint": "Fingerprint",
    "foyer": "Foyer",
    "keypad": "Keypad",
    "laboratory": "Lab",
    "laser": "Laser",
    "lavatory": "Lavatory",
    "motion": "Motion",
    "safe": "Safe",
    "secret_door": "Secret Door",
    "service_duct": "Duct",
    "stairs": "Stairs",
    "thermo": "Thermo",
    "walkway": "Walkway",
}


# ----------------------------------------------------------------------------- data


@dataclass(frozen=True)
class Highlights:
    """What a caller (a lesson, the explorer) wants to point at.

    ``cells``: cells to frame; ``edges``: pairs of side-sharing cells to mark (a step or
    a wall); ``arrows``: (from, to) pairs, any two drawn cells; ``labels``: cell -> a
    short note drawn on it; ``caption``: a sentence under the picture. Cells are names
    such as ``"2C3"`` or cell numbers. Unknown cells raise :class:`PictureError`."""

    cells: tuple = ()
    edges: tuple = ()
    arrows: tuple = ()
    caption: str = ""
    labels: Mapping = field(default_factory=dict)

    @classmethod
    def coerce(cls, value) -> "Highlights":
        if value is None:
            return cls()
        if isinstance(value, Highlights):
            return value
        if isinstance(value, Mapping):
            extra = set(value) - {"cells", "edges", "arrows", "caption", "labels"}
            if extra:
                raise PictureError(
                    f"unknown highlight field {sorted(extra)[0]!r}; accepted: cells, edges, arrows, caption, labels"
                )
            return cls(**{k: (tuple(v) if k in ("cells", "edges", "arrows") else v) for k, v in value.items()})
        if isinstance(value, str) or isinstance(value, Iterable):
            return cls(cells=tuple([value] if isinstance(value, str) else value))
        raise PictureError(f"highlights must be a Highlights, a dict or a list of cells, not {type(value).__name__}")


@dataclass(frozen=True)
class Mark:
    """A token or marker drawn in a cell: ``kind`` (see docs/pictures.md), the short
    ``label`` drawn, and ``text`` in words."""

    kind: str
    label: str
    text: str


@dataclass(frozen=True)
class Occupant:
    """A character (``kind="character"``) or guard (``"guard"``) standing on a cell."""

    kind: str
    label: str  # initial drawn in the badge
    name: str
    stealth: int | None = None
    seat: int | None = None
    active: bool = False


@dataclass(frozen=True)
class CellView:
    cell: int
    name: str
    row: int
    col: int
    revealed: bool
    kind: str | None  # tile key, None while face down
    title: str  # full tile name, or "face down"
    label: str  # what the drawing writes ("" while face down)
    number: int | None
    marks: tuple[Mark, ...] = ()
    occupants: tuple[Occupant, ...] = ()
    destination: bool = False  # the guard's die is here
    die_speed: int | None = None
    highlighted: bool = False
    note: str = ""  # a caller's label (Highlights.labels)

    def mark(self, kind: str) -> Mark | None:
        return next((m for m in self.marks if m.kind == kind), None)


@dataclass(frozen=True)
class RouteView:
    """The guard's move this turn, ready to draw. Cells are cell numbers.

    ``path`` runs from the guard's cell through every step (the solid numbered line);
    ``badges`` pairs each entered cell with its step number(s); ``stop`` is where he ends
    the move (None when unknown); ``end`` is where the known part ends; ``later`` runs
    on from ``end`` to his destination (a later move, drawn dashed); ``alternatives`` are
    the tied shortest routes the clockwise rule turns down (dimmed), each from its fork
    leg's start; ``unknown`` says why the rest of the move is unknown ("" if known)."""

    guard: int
    path: tuple[int, ...]
    badges: tuple[tuple[int, str], ...]  # (cell, "1") or (cell, "2,5") when he enters it twice
    stop: int | None
    end: int
    later: tuple[int, ...]
    alternatives: tuple[tuple[int, ...], ...]
    arrivals: tuple[int, ...] = ()
    sightings: tuple[tuple[int, str], ...] = ()  # (cell, "sees H"): who he sees there (GUARD-12, END-4)
    unknown: str = ""
    mp_unknown: int = 0
    tie: tuple[int, ...] = ()
    mp: int = 0
    mp_text: str = ""
    moves_this_turn: bool = False
    forecast: GuardForecast | None = None

    @property
    def stop_name(self) -> str | None:
        return None if self.stop is None else cell_name(self.stop)

    @property
    def step_names(self) -> tuple[str, ...]:
        return tuple(cell_name(c) for c in self.path[1:])

    @property
    def badge_names(self) -> tuple[tuple[str, str], ...]:
        """(cell name, step number(s)) for each entered cell, in order."""
        return tuple((cell_name(c), b) for c, b in self.badges)


@dataclass(frozen=True)
class FloorScene:
    floor: int | None  # None: a bare route picture (``burgle route --draw``)
    title: str
    header: tuple[str, ...]  # lines drawn above the grid
    cells: tuple[CellView, ...]
    walls: tuple[tuple[int, int], ...]  # cell pairs with a wall between
    broken_walls: tuple[tuple[int, int], ...]  # walls of the building's layout destroyed by Dynamite (TOOL-5)
    links: tuple[tuple[int, int, str], ...]  # secret-door entries drawn as arrows (from, to, kind)
    guard: int | None
    die: int | None
    speed: int | None
    route: RouteView | None
    alarms: tuple  # AlarmDistance, nearest first
    hl_cells: tuple[int, ...] = ()
    hl_edges: tuple[tuple[int, int], ...] = ()
    hl_arrows: tuple[tuple[int, int], ...] = ()
    alt_text: str = ""
    overlay: OddsLayer | None = None  # per-cell odds drawn as shading and percentages

    def cell(self, which) -> CellView:
        c = _resolve_cell(which, "cell")
        for v in self.cells:
            if v.cell == c:
                return v
        raise PictureError(f"cell {cell_name(c)} is not on this picture of floor {self.floor}")

    @property
    def alarm_labels(self) -> dict[str, str]:
        """Alarm cell name -> the distance label drawn beside it."""
        return {a.name: _distance_label(a) for a in self.alarms}

    @property
    def overlay_labels(self) -> dict[str, str]:
        """Cell name -> the percentage drawn on it by the overlay (cells above 0%)."""
        if self.overlay is None:
            return {}
        return {cell_name(c): t for c, t in self.overlay.labels().items()}

    def texts(self) -> list[str]:
        """Every string the drawing writes for this floor (tests, search)."""
        out = list(self.header) + list("ABCD1234")  # column letters and row numbers
        for v in self.cells:
            if v.label:
                out.append(v.label)
            if v.number is not None:
                out.append(str(v.number))
            out.extend(m.label for m in v.marks)
            for o in v.occupants:
                out.append(o.label)
                if o.stealth is not None:
                    out.append(str(o.stealth))
            if v.note:
                out.append(v.note)
        r = self.route
        if r is not None:
            open_end = r.path[-1] if r.stop is None and r.unknown and len(r.path) > 1 else None
            out.extend(b + ("?" if c == open_end else "") for c, b in r.badges)
            out.extend(t for _, t in r.sightings)
        out.extend(self.alarm_labels.values())
        out.extend(self.overlay_labels.values())
        return out


@dataclass(frozen=True)
class Scene:
    floors: tuple[FloorScene, ...]
    caption: str = ""
    title: str = ""
    arrows_between: tuple[tuple[int, int], ...] = ()  # highlight arrows joining two drawn floors
    legend: bool = True
    legend_texts: tuple[tuple[str, str], ...] = ()  # (legend key, its words) in another language (burgle.i18n)
    # the picture's fixed words in another language (burgle.i18n.pictures): "caption" (a template
    # with {caption}) for the text alternative, "board" for the SVG title of an untitled picture
    words: tuple[tuple[str, str], ...] = ()

    def floor(self, n: int | None) -> FloorScene:
        for f in self.floors:
            if f.floor == n:
                return f
        drawn = ", ".join(str(f.floor) for f in self.floors)
        raise PictureError(f"floor {n!r} is not in this picture; it shows floor(s) {drawn}")

    @property
    def alt_text(self) -> str:
        parts = [self.title] if self.title else []
        parts += [f.alt_text for f in self.floors]
        if self.caption:
            parts.append(dict(self.words).get("caption", "Caption: {caption}").format(caption=self.caption))
        return "\n\n".join(parts)

    def _repr_svg_(self) -> str:
        from burgle.pictures import render_scene  # lazy: the scene does not need the drawing code

        return render_scene(self, "svg")

    def texts(self) -> list[str]:
        out = [self.title] if self.title else []
        for f in self.floors:
            out += f.texts()
        if self.caption:
            out.append(self.caption)
        return out


# ----------------------------------------------------------------------------- helpers


def _resolve_cell(value, role: str) -> int:  # any job's cell; floors not drawn are refused by the caller
    if isinstance(value, bool):
        raise PictureError(f"{role} {value!r} is not a cell: write a cell such as 2C3")
    if isinstance(value, int):
        if 0 <= value < FLOORS * N:
            return value
        raise PictureError(f"{role} {value!r} is not a cell: cell numbers run 0..{FLOORS * N - 1}, or write 2C3")
    try:
        return parse_cell(value)
    except CellError as exc:
        raise PictureError(f"{role}: {exc}") from None


def parse_floors(floors, game=None) -> tuple[int, ...]:
    """None -> all floors; an int or an iterable of ints -> those floors (checked against
    *game*'s building when given, else against the floors any job has)."""
    if floors is None:
        return tuple(range(1, (game.s.floors if game is not None else FLOORS) + 1))
    if isinstance(floors, (int, str)):
        floors = (floors,)
    out = []
    for f in floors:
        if isinstance(f, str) and f.strip().isdigit():
            f = int(f)
        try:
            out.append(check_floor(f, game))
        except ValueError as exc:
            raise PictureError(str(exc)) from None
    if not out:
        raise PictureError("no floor to draw; name floors such as 1, 2, 3")
    return tuple(dict.fromkeys(out))


def _distance_label(a) -> str:
    if a.distance is None:
        return "alarm"
    return f"{a.distance} away"


def _crew_labels(characters) -> dict[int, str]:
    """Seat -> the initial drawn in its badge; two letters when initials clash."""
    names = {ch.seat: CHARACTER_NAMES.get(ch.name, ch.name.title()) for ch in characters}
    firsts = [n[0] for n in names.values()]
    out = {}
    for seat, n in names.items():
        out[seat] = n[0] if firsts.count(n[0]) == 1 else n[:2]
    return out


def _card_name(key: str) -> str:
    for table in (TOOL_BY_KEY, LOOT_BY_KEY):
        if key in table:
            return table[key].name
    return key


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _walls_of(floor_walls, base: int) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((base + a, base + b) for a, b in floor_walls))


# ----------------------------------------------------------------------------- scene from a game


def _marks(s, c: int, t) -> list[Mark]:
    m: list[Mark] = []
    if t.alarm:
        m.append(Mark("alarm", "!", "alarm token"))
    if t.kind == "safe" and t.revealed:
        if t.dice:
            m.append(Mark("safe_dice", f"dice {t.dice}", f"{t.dice} {'die' if t.dice == 1 else 'dice'} on the Safe"))
        if t.cracked:
            m.append(Mark("cracked", "cracked", "the Safe is cracked"))
    elif t.cracked:
        m.append(Mark("cracked", "\u2713", "cracked token"))
    if t.hack:
        m.append(Mark("hack", f"hack {t.hack}", _plural(t.hack, "hack token")))
    if t.downstairs:
        m.append(Mark("downstairs", "\u2193", "downstairs token (stairs from the floor below)"))
    if t.keypad_open:
        m.append(Mark("keypad_open", "open", "the Keypad is open"))
    if t.crowbar:
        m.append(Mark("crowbar", "bar", "Crowbar: the tile is disabled"))
    if t.stealth:
        m.append(Mark("stealth_tokens", f"St +{t.stealth}", _plural(t.stealth, "Stealth token") + " on the tile"))
    if t.items:
        cards = ", ".join(_card_name(k) for k in t.items)
        m.append(Mark("items", _plural(len(t.items), "card"), f"cards lying here: {cards}"))
    if s.crow == c:
        m.append(Mark("crow", "crow", "the Raven's crow"))
    if s.kitty == c:
        m.append(Mark("kitty", "kitty", "the loose Persian Kitty"))
    for a, b in s.thermal:
        if a == c:
            far = "the roof" if b >= ROOF else cell_name(b)
            m.append(Mark("thermal", "T\u2191", f"thermal link up to {far}"))
        elif b == c:
            m.append(Mark("thermal", "T\u2193", f"thermal link down to {cell_name(a)}"))
    if t.revealed and t.kind == "service_duct":
        other = [d for d, u in enumerate(s.tiles) if d != c and u.kind == "service_duct" and u.revealed]
        if other:
            m.append(Mark("duct", "\u2194" + cell_name(other[0]), f"duct to {cell_name(other[0])}"))
    if s.entrance == c:
        m.append(Mark("entrance", "in", "the entrance"))
    return m


def _route_view(fc: GuardForecast, crew: dict[int, str]) -> RouteView | None:
    if not fc.placed:
        return None
    sights: dict[int, list[str]] = {}
    for st in fc.steps:
        if st.seen:
            who = [crew.get(seat, "?") for seat in st.seen if seat != st.captured]
            text = ("sees " + ",".join(who)) if who else ""
            if st.captured is not None:
                text = (text + "; " if text else "") + "catches " + crew.get(st.captured, "?")
            sights.setdefault(st.cell, []).append(text)
    captured = any(st.captured is not None for st in fc.steps)
    path = (fc.guard,) + fc.path
    numbers: dict[int, list[str]] = {}
    for st in fc.steps:
        numbers.setdefault(st.cell, []).append(str(st.number))
    badges = tuple((c, ",".join(ns)) for c, ns in numbers.items())
    later: tuple[int, ...] = ()
    if fc.legs and fc.complete and not captured:
        last = fc.legs[-1]
        if last.later:
            later = (fc.end,) + last.later
    alts = []
    for leg in fc.legs:
        for alt in leg.alternatives:
            alts.append((leg.start,) + alt)
    return RouteView(
        guard=fc.guard, path=path, badges=badges, stop=fc.stop, end=fc.end, later=later,
        alternatives=tuple(alts), arrivals=tuple(st.cell for st in fc.steps if st.arrival),
        sightings=tuple((c, "; ".join(t)) for c, t in sights.items()),
        unknown=fc.unknown_reason, mp_unknown=fc.mp_unknown, tie=fc.tie, mp=fc.mp, mp_text=fc.mp_text,
        moves_this_turn=fc.moves_this_turn, forecast=fc,
    )


def _header(floor: int, fc: GuardForecast, over: bool = False) -> tuple[str, ...]:
    title = f"Floor {floor}"
    if not fc.placed:
        return (title, "Guard not on the board yet (GUARD-2)")
    if over:
        return (title, "Game over: the guard moves no more")
    if not fc.mp_text:  # no destination yet
        return (title, "Guard's first destination: after the entrance (SETUP-10)")
    when = "Guard moves this turn" if fc.moves_this_turn else "Guard's next move (not this turn)"
    line2 = f"{when}: {fc.mp_text}"
    if not fc.moves:
        why = next((n for n in fc.notes if "does not move" in n or "instead of moving" in n
                    or "no movement points" in n or "captured" in n), "")
        line3 = why.split(" (")[0].rstrip(".") if why else "He stays"
        if fc.tie and not fc.complete:
            line3 = "Alarms " + "/".join(cell_name(c) for c in fc.tie) + " tied: players choose (ALARM-3)"
    elif fc.complete:
        cap = next((st for st in fc.steps if st.captured is not None), None)
        line3 = f"Captures on {cell_name(cap.cell)}" if cap else f"Stops on {cell_name(fc.end)}"
    elif fc.tie:
        tied = "/".join(cell_name(c) for c in fc.tie)
        line3 = f"Known to {cell_name(fc.end)}, then alarms {tied} tied ({fc.mp_unknown} MP left)"
    else:
        line3 = f"Known to {cell_name(fc.end)}, then {fc.mp_unknown} MP: next card unseen"
    return (title, line2, line3)


def _floor_scene(game, floor: int, hl: "_Resolved", fc: GuardForecast, s=None) -> FloorScene:
    s = public_state(game) if s is None else s  # the view only: never a face-down tile's kind
    base = N * (floor - 1)
    guard = s.guards[floor - 1]
    crew = _crew_labels(s.characters)
    over = s.outcome is not None  # END-*: no guard moves again, so no route is drawn
    route = None if over else _route_view(fc, crew)
    cells = []
    for i in range(N):
        c = base + i
        t = s.tiles[c]
        occ = []
        if guard.cell == c:
            occ.append(Occupant("guard", "G", f"floor {floor} guard"))
        for ch in s.characters:
            if ch.on_board and ch.cell == c:
                occ.append(Occupant("character", crew[ch.seat], CHARACTER_NAMES.get(ch.name, ch.name),
                                    stealth=ch.stealth, seat=ch.seat, active=ch.seat == s.active))
        ttype = TILE_TYPE_BY_KEY[t.kind] if t.revealed else None
        cells.append(CellView(
            cell=c, name=cell_name(c), row=i // 4, col=i % 4, revealed=t.revealed,
            kind=t.kind if t.revealed else None,
            title=ttype.name if ttype else "face down",
            label=TILE_LABELS.get(t.kind, ttype.short) if ttype else "",
            number=t.number if t.revealed else None,
            marks=tuple(_marks(s, c, t)), occupants=tuple(occ),
            destination=guard.die == c, die_speed=guard.speed if guard.die == c else None,
            highlighted=c in hl.cells, note=hl.labels.get(c, ""),
        ))
    walls = _walls_of(s.walls[floor - 1], base)
    # walls the building was set up with that no longer stand: Dynamite (TOOL-5)
    broken = tuple(sorted((base + a, base + b) for a, b in s.layout[floor - 1] - s.walls[floor - 1]))
    links = []
    for c in range(base, base + N):
        t = s.tiles[c]
        if t.kind == "secret_door" and t.revealed:
            for j in orthogonal_neighbours(c % N):
                if make_wall(c % N, j) in s.walls[floor - 1]:
                    links.append((base + j, c, "secret_door"))
    alarms = fc.alarms if fc.placed else alarm_distances(game, floor)
    fs = FloorScene(
        floor=floor, title=f"Floor {floor}", header=_header(floor, fc, over), cells=tuple(cells), walls=walls,
        broken_walls=broken, links=tuple(links), guard=guard.cell, die=guard.die,
        speed=guard.speed if guard.placed else None, route=route, alarms=alarms,
        hl_cells=tuple(c for c in hl.cells if floor_of(c) == floor),
        hl_edges=tuple(e for e in hl.edges if floor_of(e[0]) == floor),
        hl_arrows=tuple(a for a in hl.arrows if floor_of(a[0]) == floor and floor_of(a[1]) == floor),
    )
    return _with_alt(fs, game)


@dataclass
class _Resolved:
    cells: tuple = ()
    edges: tuple = ()
    arrows: tuple = ()
    labels: dict = field(default_factory=dict)
    caption: str = ""


def _resolve_highlights(hl: Highlights, floors: tuple) -> _Resolved:
    drawn = set(floors)
    shown = ", ".join(str(f) for f in floors)

    def on_drawn(c: int, role: str) -> int:
        if floor_of(c) not in drawn:
            raise PictureError(f"{role} {cell_name(c)} is on floor {floor_of(c)}, which is not drawn (floors {shown})")
        return c

    cells = tuple(on_drawn(_resolve_cell(v, "highlight cell"), "highlight cell") for v in hl.cells)
    edges = []
    for e in hl.edges:
        if isinstance(e, str) or len(tuple(e)) != 2:
            raise PictureError(f"highlight edge {e!r} must be a pair of cells such as ('1A1', '1A2')")
        a, b = (on_drawn(_resolve_cell(v, "highlight edge cell"), "highlight edge cell") for v in e)
        if floor_of(a) != floor_of(b) or (b % N) not in orthogonal_neighbours(a % N):
            raise PictureError(f"highlight edge {cell_name(a)}-{cell_name(b)}: an edge joins two cells sharing a side")
        edges.append((a, b))
    arrows = []
    for e in hl.arrows:
        if isinstance(e, str) or len(tuple(e)) != 2:
            raise PictureError(f"highlight arrow {e!r} must be a pair of cells (from, to)")
        a, b = (on_drawn(_resolve_cell(v, "highlight arrow cell"), "highlight arrow cell") for v in e)
        if a == b:
            raise PictureError(f"highlight arrow {cell_name(a)}->{cell_name(b)} starts and ends on the same cell")
        arrows.append((a, b))
    labels = {}
    for k, v in dict(hl.labels).items():
        labels[on_drawn(_resolve_cell(k, "highlight label cell"), "highlight label cell")] = str(v)
    return _Resolved(cells, tuple(edges), tuple(arrows), labels, str(hl.caption or ""))


def scene(game, floors=None, highlights=None, title: str | None = None, legend: bool = True,
          overlay=None) -> Scene:
    """The scene of *game*: *floors* (None = all three, or 1..3, or a list), *highlights*
    (a :class:`Highlights`, a dict of its fields, or a list of cells), *overlay* (per-cell
    odds, see :func:`add_overlay`). Never changes the game."""
    fl = parse_floors(floors, game)
    hl = _resolve_highlights(Highlights.coerce(highlights), fl)
    s = public_state(game)
    floors_ = tuple(_floor_scene(game, f, hl, forecast(game, f), s) for f in fl)
    between = tuple(a for a in hl.arrows if floor_of(a[0]) != floor_of(a[1]))
    if title is None:
        if s.outcome:
            title = f"Game over: {s.outcome} ({s.outcome_reason})"
        elif s.phase == "actions":
            ch = s.characters[s.active]
            title = (f"Turn {s.turn}: {CHARACTER_NAMES.get(ch.name, ch.name)} to act, "
                     f"{s.allowance - s.spent} of {s.allowance} actions left")
        else:
            title = "Before the first turn: choose the entrance"
    sc = Scene(floors=floors_, caption=hl.caption, title=title, arrows_between=between, legend=legend)
    return add_overlay(sc, overlay) if overlay is not None else sc


def _overlays(overlay) -> list[OddsLayer]:
    """One layer or several (a list or tuple of them), each an OddsLayer, a DangerMap or a
    mapping cell -> probability (next-destination odds)."""
    items = list(overlay) if isinstance(overlay, (list, tuple)) else [overlay]
    out = []
    for item in items:
        try:
            out.append(OddsLayer.coerce(item))
        except PatrolError as exc:
            raise PictureError(str(exc)) from None
    return out


def overlay_sentence(layer: OddsLayer) -> str:
    """The overlay in words, for the text alternative."""
    parts = [f"{cell_name(c)} {t}" for c, t in sorted(layer.labels().items(), key=lambda kv: -layer.values[kv[0]])]
    rest = 16 - len(parts)
    return (f"Overlay (shaded cells, percentages): {layer.title}: " + (", ".join(parts) or "none")
            + (f"; the other {rest} cells 0%." if rest else "."))


def add_overlay(sc: Scene, overlay) -> Scene:
    """*sc* with per-cell odds drawn over its floors: cells shaded by probability, each
    with its percentage as text (the number carries the meaning; colour-blind safe), and a
    sentence added to the text alternative. *overlay*: a DangerMap (its ``enter`` layer),
    ``danger_map.layer("end_turn", turn=2)``, ``next_destination_odds(...)`` (a mapping
    cell -> probability, drawn as next-destination odds) or a list of those, at most one
    per floor, each for a drawn floor (:class:`PictureError` otherwise)."""
    from dataclasses import replace

    layers = _overlays(overlay)
    by_floor: dict[int, OddsLayer] = {}
    drawn = [f.floor for f in sc.floors]
    for layer in layers:
        if layer.floor not in drawn:
            raise PictureError(f"the overlay is for floor {layer.floor}, which is not drawn (floors "
                               + ", ".join(str(f) for f in drawn) + ")")
        if layer.floor in by_floor:
            raise PictureError(f"two overlays for floor {layer.floor}; give at most one per floor")
        by_floor[layer.floor] = layer
    floors = tuple(
        replace(f, overlay=by_floor[f.floor], alt_text=(f.alt_text + " " + overlay_sentence(by_floor[f.floor])).strip())
        if f.floor in by_floor else f
        for f in sc.floors
    )
    return replace(sc, floors=floors)


# ----------------------------------------------------------------------------- text alternative


def _with_alt(fs: FloorScene, game=None) -> FloorScene:
    from dataclasses import replace

    return replace(fs, alt_text=floor_alt_text(fs, game))


def floor_alt_text(fs: FloorScene, game=None) -> str:
    """Describe one floor picture in sentences (for screen readers and tests)."""
    out = []
    name = f"Floor {fs.floor}" if fs.floor is not None else fs.title
    walls = ", ".join(wall_name((a % N, b % N)) for a, b in fs.walls) or "none"
    out.append(f"{name}: a 4 by 4 grid, columns A to D left to right, rows 1 to 4 top to bottom. Walls: {walls}.")
    if fs.broken_walls:
        out.append("Destroyed by Dynamite: " + ", ".join(wall_name((a % N, b % N)) for a, b in fs.broken_walls) + ".")
    if fs.floor is not None:
        up = [v for v in fs.cells if v.revealed]
        if up:
            descs = []
            for v in up:
                d = f"{v.name} {v.title}" + (f" {v.number}" if v.number is not None else "")
                extra = [m.text for m in v.marks]
                if extra:
                    d += " (" + "; ".join(extra) + ")"
                descs.append(d)
            out.append(f"{_plural(len(up), 'tile')} face up: " + "; ".join(descs) + ".")
        down = [v for v in fs.cells if not v.revealed]
        if down:
            tokens = [f"{v.name} ({'; '.join(m.text for m in v.marks)})" for v in down if v.marks]
            out.append(f"{len(down)} face down" + (": with tokens " + ", ".join(tokens) if tokens else "") + ".")
        for v in fs.cells:
            for o in v.occupants:
                if o.kind == "character":
                    out.append(f"{o.name} ({o.label}{', active' if o.active else ''}) stands on {v.name} "
                               f"with {o.stealth} Stealth.")
    r = fs.route
    if fs.guard is not None and fs.floor is not None:
        where = f"sits on {cell_name(fs.die)}" if fs.die is not None else "is not on the board yet"
        out.append(f"The guard (G) stands on {cell_name(fs.guard)}; his die shows {fs.speed} and {where}.")
    elif fs.floor is not None:
        out.append("The guard of this floor is not on the board yet.")
    if fs.alarms:
        parts = []
        for a in fs.alarms:
            p = f"{a.name}" + (f" at walking distance {a.distance}" if a.distance is not None else "")
            flags = [w for w, on in (("goes off at the end of the actions", a.pending), ("nearest", a.nearest),
                                     ("his destination", a.destination)) if on]
            if flags:
                p += " (" + ", ".join(flags) + ")"
            parts.append(p)
        out.append("Alarms: " + "; ".join(parts) + ".")
    if r is not None:
        fc = r.forecast
        if fc is not None and fc.floor is not None:
            if r.mp_text:
                out.append(("This turn" if r.moves_this_turn else "His next move") + f": {r.mp_text}.")
            out.extend(n for n in fc.notes)
        if len(r.path) > 1:
            out.append("Route: " + ", ".join(f"step {b} {cell_name(c)}" for c, b in r.badges) + ".")
        if r.stop is not None and len(r.path) > 1:
            out.append(f"He stops on {cell_name(r.stop)}.")
        elif r.unknown:
            out.append(f"The known route ends on {cell_name(r.end)} with {r.mp_unknown} MP left: {r.unknown}.")
        if r.later:
            out.append("Then, on a later move: " + " ".join(cell_name(c) for c in r.later[1:]) + ".")
        for alt in r.alternatives:
            out.append("Tied route not taken (dimmed): " + " ".join(cell_name(c) for c in alt) +
                       "; the most clockwise route wins (GUARD-9).")
    if fs.hl_cells:
        out.append("Highlighted: " + ", ".join(cell_name(c) for c in fs.hl_cells) + ".")
    notes = [f"{v.name}: {v.note}" for v in fs.cells if v.note]
    if notes:
        out.append("Notes: " + "; ".join(notes) + ".")
    if fs.hl_edges:
        out.append("Marked steps: " + ", ".join(f"{cell_name(a)}-{cell_name(b)}" for a, b in fs.hl_edges) + ".")
    if fs.hl_arrows:
        out.append("Arrows: " + ", ".join(f"{cell_name(a)} to {cell_name(b)}" for a, b in fs.hl_arrows) + ".")
    return " ".join(out)


# ----------------------------------------------------------------------------- bare route pictures


def route_scene(walls, start: int, dest: int, floor: int | None = None, title: str | None = None) -> Scene:
    """A picture of one guard route on an empty floor (``burgle route --draw``).

    *start*, *dest* are floor indexes 0..15; *walls* a set of index pairs. The whole
    route is numbered, the tied routes dimmed, and the forks explained in the caption."""
    table = route_table(frozenset(walls))
    base = N * ((floor or 1) - 1)
    route = tuple(base + i for i in table.route(start, dest))
    alts = tuple((base + start,) + tuple(base + i for i in r) for r in table.all_shortest_routes(start, dest)[1:])
    name = (lambda c: cell_name(c)) if floor is not None else (lambda c: index_name(c % N))
    cells = []
    for i in range(N):
        c = base + i
        occ = (Occupant("guard", "G", "guard"),) if i == start else ()
        cells.append(CellView(cell=c, name=name(c), row=i // 4, col=i % 4, revealed=True, kind=None, title="",
                              label="", number=None, occupants=occ, destination=i == dest and i != start))
    rv = RouteView(
        guard=base + start, path=(base + start,) + route,
        badges=tuple((c, str(k)) for k, c in enumerate(route, 1)),
        stop=base + dest, end=base + dest, later=(), alternatives=alts,
    )
    head = title or (f"Floor {floor}: guard route {name(base + start)} to {name(base + dest)}" if floor
                     else f"Guard route {name(base + start)} to {name(base + dest)}")
    expl = explain_route(table, start, dest)
    steps = len(route)
    fs = FloorScene(
        floor=floor, title=head,
        header=(head, f"{_plural(steps, 'step')}" + (f", {_plural(len(alts), 'tied route')} dimmed" if alts else "")),
        cells=tuple(cells), walls=_walls_of(table.walls, base), broken_walls=(), links=(), guard=base + start,
        die=base + dest if dest != start else None, speed=None, route=rv, alarms=(),
    )
    alt = (f"{head}. Walls: " + (", ".join(wall_name(w) for w in sorted(table.walls)) or "none") + ". "
           + ("Route: " + ", ".join(f"step {k} {name(c)}" for k, c in enumerate(route, 1)) + ". " if route
              else "The guard is already there. ")
           + "".join("Tied route not taken (dimmed): " + " ".join(name(c) for c in a) + ". " for a in alts)
           + " ".join(expl))
    from dataclasses import replace

    fs = replace(fs, alt_text=alt.strip())
    caption = "\n".join(expl)
    return Scene(floors=(fs,), caption=caption, title="", legend=False)
