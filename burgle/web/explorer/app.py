"""The routing explorer page: ipywidgets over :class:`burgle.web.explorer.model.Explorer`.

``ExplorerApp().display()`` shows a grid of buttons (cells and the wall places between
them) to place the guard, his die, alarms and players and to add or remove walls; the
picture of the floor with his numbered route (inline SVG in a ``widgets.HTML``); the
route, the tied alternatives and why the clockwise rule picks this one; each alarm's
walking distance; his next moves; and a message line that says what changed or why an
edit was refused (the previous setup is then kept). No rules logic lives here.

Stable CSS classes for the browser tests: root ``burgle-explorer`` (+ ``burgle-ready``
once displayed), picture ``burgle-picture``, route text ``burgle-route``, explanation
``burgle-explanation``, message ``burgle-message`` (+ ``burgle-message-error`` /
``burgle-message-ok``); also ``burgle-cell`` (grid cells, tooltip starting with the
cell name), ``burgle-wall`` (+ ``burgle-wall-on``), ``burgle-tool``, ``burgle-speed``,
``burgle-walls-text``, ``burgle-command``, ``burgle-choice``, ``burgle-moves``,
``burgle-alarms``, ``burgle-turns``, ``burgle-patrol``.
"""

from __future__ import annotations

import json
import re

import ipywidgets as widgets

from burgle.analysis.patrol import percent
from burgle.geometry.board import index_name, wall_name
from burgle.i18n import DEFAULT, N_, Translator
from burgle.i18n.said import Said, said_of, say
from burgle.web.language import relabel
from burgle.web.explorer.building import JOB_CHOICES, MAX_SEED, Building
from burgle.web.explorer.model import ALL_WALLS, MAX_TURNS, TRIM, Explorer, ExplorerError, Player, Setup
from burgle.web.ui import (BASE_CSS, BrowserValue, PageHelper, StatusMessages, box, button, esc, html_widget,
                           set_value, show, svg_body, toggle_class)
from burgle.web.board import Board

__all__ = ["ExplorerApp"]

DIE_FACES = "\u2680\u2681\u2682\u2683\u2684\u2685"
TOOL_OPTIONS = [(N_("Guard"), "guard"), (N_("His die"), "destination"), (N_("Alarm"), "alarm"),
                (N_("Player"), "player")]
TOOL_HELP = {
    "guard": N_("Click a cell to put the guard there."),
    "destination": N_("Click a cell to put his die (his destination) there."),
    "alarm": N_("Click a cell to set off an alarm there, or to take one away."),
    "player": N_("Click a cell to put a player there, or to take one off."),
}
OPEN = (N_("Open"), "open")
_EN = Translator(DEFAULT)


def wall_sets(building: Building, t: Translator = _EN) -> list[tuple[str, str]]:
    """The floor buttons of a building (The Office Job has 2 floors, JOB-1), then "Open"."""
    return [(t.gettext("Floor {n}").format(n=f), str(f)) for f in building.floor_numbers] + [
        (t.gettext(OPEN[0]), OPEN[1])]


def wall_set_tips(building: Building, t: Translator = _EN) -> list[str]:
    from burgle.i18n.said import render
    from burgle.web.explorer.building import _origin

    return [t.gettext("{job}, floor {floor}: {origin}").format(job=building.name, floor=f,
                                                               origin=render(_origin(building.origins[f - 1]), t))
            for f in building.floor_numbers] + [t.gettext("No interior walls")]


PAGE_TITLE = "Burgle Bros. guard explorer"
STORAGE_KEY = "burgle-explorer-setup"  # the floor being explored, kept in the browser across reloads
COMMAND_SPLIT = re.compile(r"[;·\n]")  # several commands on one line: 'guard C3 · die A1 · alarm B2'
CELL = "54px"
GAP = "24px"  # a wall's place between two cells: a 24 px target, drawn as a 14 px bar (CSS)


# Translated where shown (the section titles are in burgle.web.language.CHROME).
PER_ALARM = N_("(die + one per alarm on the floor, GUARD-6)")
LOOP_TEST = N_("The loop test, exactly (GUARD-9)")
_IN_F_STRINGS = (N_("Turned down:"), N_("Floor {n}"), N_("{job}, floor {floor}: {origin}"), N_("No interior walls"),
                 N_("printed walls"), N_("{job}: its printed walls"), N_("His die shows {n}"),
                 N_("{n} ({trim} cards aside)"), N_("Busiest: {cells}."), N_("Heat"), N_("Share of steps"),
                 N_("The traffic map in words"), N_("Your choice."), N_("gabob.com, if different"), N_("Cell"),
                 N_("{what}."), N_("Layout code of the building"), N_("Layout code of the floor"))
# Messages the model says inside another say() (Babel's extractor does not look into them).
_NESTED = (N_("via {cell}"), N_("player {n}"), N_("{why} (in '{part}'): nothing of this line was applied."))


class ExplorerApp(StatusMessages):
    refusals = ExplorerError

    """The explorer as one ipywidgets tree (``root``); ``model`` is the :class:`Explorer`."""

    def __init__(self, model: Explorer | None = None):
        self.model = model or Explorer()
        self.errors: list[str] = []  # unexpected errors in callbacks (also shown on the page)
        self._syncing = False
        self._players_key = None
        self._stealth_pickers: list[widgets.Dropdown] = []
        self.choice_buttons: list[widgets.Button] = []
        self.lang = DEFAULT
        self.t = Translator(DEFAULT)
        self._last_message = None
        self._build()
        self.refresh()
        self._message(say("Choose what a click places (Guard, His die, Alarm, Player), then click cells on the grid. "
                          "His route, its reasons and his next moves update at once."), error=False, info=True)

    # ------------------------------------------------------------------ building
    def _build(self) -> None:
        brand = html_widget(
            "<div class='burgle-brand'><span class='burgle-logo' aria-hidden='true'>◆</span>"
            "<span class='burgle-name'>Burgle Bros.</span><span class='burgle-sub'>Routing explorer · "
            "where does the guard go?</span></div>", "burgle-brand-box")
        note = html_widget("<span class='burgle-header-note'>Place the pieces, read his route. "
                           "Nothing here changes a game.</span>")
        header = box([brand, note], "burgle-header", vertical=False)
        self.helper = PageHelper(title=PAGE_TITLE, live=[".burgle-explorer .burgle-message"])
        self.kept = BrowserValue(key=STORAGE_KEY)
        self.kept.observe(self._safe(self._on_kept), names="loaded")
        self.reset_button = button("Reset the floor", "burgle-reset", tooltip="Back to the starting floor: Bank Job "
                                   "floor 1, the guard on A1, his die on D2")
        self.reset_button.on_click(self._safe(lambda _b: self.ask_reset()))
        self.reset_yes = button("Yes, reset", "burgle-reset-yes", style="danger", tooltip="Discard this floor")
        self.reset_no = button("Keep it", "burgle-reset-no", tooltip="Keep the floor as it is")
        self.reset_yes.on_click(self._safe(lambda _b: self.reset()))
        self.reset_no.on_click(self._safe(lambda _b: show(self.confirm, False)))
        self.confirm = box([html_widget("<p class='burgle-confirm-text'>Reset the floor? Your walls, guard, alarms "
                                        "and players are discarded.</p>"),
                            box([self.reset_yes, self.reset_no], "burgle-confirm-buttons", vertical=False)],
                           "burgle-confirm")
        show(self.confirm, False)

        # --- controls
        self.job = widgets.ToggleButtons(options=list(JOB_CHOICES), value=self.model.building.job,
                                         description="Job", style={"button_width": "auto", "description_width": "32px"},
                                         tooltips=[f"{name}: its printed walls" for name, _ in JOB_CHOICES])
        self.job.add_class("burgle-job")
        self.job.observe(self._safe(self._on_job), names="value")
        self._wall_sets_of = self.model.building
        self.wall_set = widgets.ToggleButtons(options=wall_sets(self.model.building), value="1",
                                              style={"button_width": "auto"},
                                              tooltips=wall_set_tips(self.model.building))
        self.wall_set.add_class("burgle-wall-set")
        self.wall_set.observe(self._safe(self._on_wall_set), names="value")
        self.tool = widgets.ToggleButtons(options=TOOL_OPTIONS, value="guard", style={"button_width": "auto"},
                                          tooltips=[TOOL_HELP[v] for _, v in TOOL_OPTIONS])
        self.tool.add_class("burgle-tool")
        self.tool.observe(self._safe(lambda _c: self._show_tool_help()), names="value")
        self.tool_help = html_widget("", "burgle-tool-help")

        self.cell_buttons: list[widgets.Button] = []
        self.wall_buttons: dict[tuple[int, int], widgets.Button] = {}
        children = []
        for r in range(7):
            for c in range(7):
                if r % 2 == 0 and c % 2 == 0:
                    i = (r // 2) * 4 + c // 2
                    b = button(index_name(i), "burgle-cell", tooltip=index_name(i), width=CELL)
                    b.layout.height = CELL
                    b.on_click(self._safe(lambda _b, i=i: self.click_cell(i)))
                    self.cell_buttons.append(b)
                    children.append(b)
                elif r % 2 == 0 or c % 2 == 0:
                    a = (r // 2) * 4 + c // 2
                    other = a + 1 if r % 2 == 0 else a + 4
                    w = (a, other)
                    b = button("", "burgle-wall", "burgle-wall-v" if r % 2 == 0 else "burgle-wall-h",
                               tooltip=wall_name(w), width=GAP if r % 2 == 0 else CELL)
                    b.layout.height = CELL if r % 2 == 0 else GAP
                    b.on_click(self._safe(lambda _b, w=w: self.click_wall(w)))
                    self.wall_buttons[w] = b
                    children.append(b)
                else:
                    children.append(html_widget("", "burgle-corner"))
        tracks = " ".join([CELL, GAP] * 3 + [CELL])
        self.grid = widgets.GridBox(children, layout=widgets.Layout(
            grid_template_columns=tracks, grid_template_rows=tracks, grid_gap="0px", width="max-content"))
        self.grid.add_class("burgle-grid")
        assert set(self.wall_buttons) == set(ALL_WALLS)
        grid_card = box([
            html_widget("<h2>The floor</h2>"),
            self.job, self.wall_set, self.tool, self.tool_help, self.grid,
            html_widget("<p class='burgle-muted burgle-small'>The thin bars between cells are walls: click one "
                        "to add or remove it.</p>"),
        ], "burgle-card", "burgle-floor-card")

        self.speed = widgets.ToggleButtons(options=[(f"{DIE_FACES[k - 1]} {k}", k) for k in range(1, 7)], value=2,
                                           style={"button_width": "auto"},
                                           tooltips=[f"His die shows {k}" for k in range(1, 7)])
        self.speed.add_class("burgle-speed")
        self.speed.observe(self._safe(self._on_speed), names="value")
        self.speed_text = html_widget("", "burgle-speed-text")
        # A select, not a slider: the slider's handle has no accessible name (axe, issue 10)
        self.turns = widgets.Dropdown(options=list(range(1, MAX_TURNS + 1)), value=self.model.turns,
                                      description="Moves ahead", style={"description_width": "initial"},
                                      layout=widgets.Layout(width="200px"))
        self.turns.add_class("burgle-turns")
        self.turns.observe(self._safe(self._on_turns), names="value")
        speed_card = box([html_widget("<h2>His die and speed</h2>"), self.speed, self.speed_text, self.turns],
                         "burgle-card")

        self.walls_text = widgets.Text(description="Walls", continuous_update=False,
                                       placeholder="A1|B1, C1/C2 …  (empty: no walls)",
                                       style={"description_width": "50px"}, layout=widgets.Layout(width="100%"))
        self.walls_text.add_class("burgle-walls-text")
        self.walls_text.observe(self._safe(self._on_walls_text), names="value")
        self.command = widgets.Text(description="Type", continuous_update=False,
                                    placeholder="guard C3 · die A1 · alarm B2 · player D4 · wall A1|B1 · speed 3",
                                    tooltip="One command, or several separated by · or ;",
                                    style={"description_width": "50px"}, layout=widgets.Layout(width="100%"))
        self.command.add_class("burgle-command")
        self.command.observe(self._safe(self._on_command), names="value")
        self.players_box = box([], "burgle-players")
        text_card = box([
            html_widget("<h2>By typing</h2><p class='burgle-muted burgle-small'>Walls as in the rules: "
                        "<code>A1|B1</code> side by side, <code>C1/C2</code> one above the other. "
                        "Press Enter to apply.</p>"),
            self.walls_text, self.command, self.players_box,
            box([self.reset_button], "burgle-reset-row", vertical=False), self.confirm,
        ], "burgle-card")
        # --- random walls and layout codes (JOB-3, JOB-5)
        self.seed = widgets.BoundedIntText(value=1, min=0, max=MAX_SEED, description="Seed",
                                           style={"description_width": "40px"}, layout=widgets.Layout(width="160px"))
        self.seed.add_class("burgle-walls-seed")
        self.random_button = button("Random walls", "burgle-random-walls",
                                    tooltip="Random walls on every floor from this seed: uniform over all valid "
                                            "layouts (JOB-3); the same seed gives the same walls")
        self.random_button.on_click(self._safe(lambda _b: self.random_walls()))
        self.code = widgets.Text(description="Layout code", continuous_update=False,
                                 placeholder="703h1 e0607 81ll0  (one floor: 703h1)",
                                 tooltip="Paste a gabob.com layout code and press Enter: one code per floor, or one "
                                         "code for the floor shown (JOB-5)",
                                 style={"description_width": "initial"}, layout=widgets.Layout(width="100%"))
        self.code.add_class("burgle-code-input")
        self.code.observe(self._safe(self._on_code), names="value")
        self.code_text = html_widget("", "burgle-code")
        layout_card = box([
            html_widget("<h2>Random walls and layout codes</h2><p class='burgle-muted burgle-small'>Eight walls a "
                        "floor, no cell cut off (JOB-3). Codes are those of gabob.com/burgle (JOB-5).</p>"),
            box([self.seed, self.random_button], "burgle-random-row", vertical=False),
            self.code, self.code_text,
        ], "burgle-card", "burgle-layout-card")
        controls = box([grid_card, layout_card, speed_card, text_card], "burgle-controls")

        # --- picture and answers
        self.message = html_widget("", "burgle-message")
        self.question = box([], "burgle-question")
        self.picture = Board()  # a click on a cell of the picture uses the chosen tool (burgle.web.board)
        self.picture.add_class("burgle-picture")
        self.picture.on_pick(self._safe(lambda _kind, cell: self.click_cell(cell)))
        self.alt = html_widget("", "burgle-alt")
        picture_col = box([self.message, self.question, self.picture, self.alt], "burgle-card", "burgle-picture-col")

        self.route = html_widget("", "burgle-route")
        self.explanation = html_widget("", "burgle-explanation")
        self.alarms = html_widget("", "burgle-alarms")
        self.moves = html_widget("", "burgle-moves")
        self.patrol = html_widget("", "burgle-patrol")
        self.patrol_layer = widgets.ToggleButtons(options=PATROL_LAYERS, value="enter", style={"button_width": "auto"},
                                                  tooltips=[t for _, _, t in PATROL_HELP])
        self.patrol_layer.add_class("burgle-patrol-layer")
        self.patrol_layer.observe(self._safe(lambda _c: self._render_patrol()), names="value")
        self.crew = widgets.Dropdown(options=[(f"{k} ({TRIM[k]} cards aside)", k) for k in (1, 2, 3, 4)],
                                     value=self.model.crew, description="Crew", style={"description_width": "40px"},
                                     layout=widgets.Layout(width="250px"))
        self.crew.add_class("burgle-crew-size")
        self.crew.observe(self._safe(lambda ch: None if self._syncing else
                                     self._do(lambda: self.model.set_crew(ch["new"]))), names="value")
        self.seen_cards = widgets.Text(description="Seen", continuous_update=False, placeholder="patrol cards: B2 C4",
                                       style={"description_width": "40px"}, layout=widgets.Layout(width="200px"))
        self.seen_cards.add_class("burgle-seen-cards")
        self.seen_cards.observe(self._safe(self._on_seen), names="value")
        self.patrol_box = box([
            html_widget("<h2>Patrol odds and danger</h2>"),
            self.patrol_layer, self.patrol,
            box([self.crew, self.seen_cards], "burgle-patrol-inputs", vertical=False),
        ], "burgle-patrol-box")
        self.traffic = html_widget("", "burgle-traffic-picture")
        self.traffic_text = html_widget("", "burgle-traffic-text")
        self.traffic_box = box([
            html_widget("<h2>Where he walks: traffic map</h2><p class='burgle-muted burgle-small'>Of these walls, "
                        "for any guard: how many of the 240 routes between two cells enter each cell (heat, "
                        "gabob.com's measure, with his clockwise route), and his long-run share of steps there on "
                        "patrol.</p>"),
            self.traffic, self.traffic_text,
        ], "burgle-traffic")
        info = box([self.route, self.explanation, self.alarms, self.moves, self.patrol_box, self.traffic_box],
                   "burgle-info")

        body = box([controls, picture_col, info], "burgle-body", vertical=False)
        self.root = box([html_widget(f"<style>{BASE_CSS}{CSS}</style>", "burgle-style"), self.helper, self.kept,
                         header, body], "burgle-app", "burgle-explorer")
        self.root.layout.width = "100%"
        self._show_tool_help()

    # ------------------------------------------------------------------ actions
    def click_cell(self, cell) -> None:
        """A click on a grid cell, with the chosen tool."""
        self._do(lambda: self.model.click(cell, self.tool.value))

    def click_wall(self, wall) -> None:
        self._do(lambda: self.model.toggle_wall(wall))

    def choose(self, cell) -> None:
        self._do(lambda: self.model.choose_alarm(cell))

    def type_command(self, text: str) -> bool:
        """One typed line: a command, or several separated by '·' or ';' (the hint shows
        three). All of them, or none: a refused one leaves the floor as it was."""
        return self._do(lambda: self._commands(text))

    def _commands(self, text: str) -> str:
        parts = [p.strip() for p in COMMAND_SPLIT.split(str(text)) if p.strip()]
        if len(parts) <= 1:
            return self.model.command(parts[0] if parts else "")
        m = self.model
        saved = (m.setup, dict(m.choices), m.turns, m.crew, m.seen_cards, m.building)
        notes = []
        for part in parts:
            try:
                notes.append(m.command(part))
            except ExplorerError as exc:
                m.setup, m.choices, m.turns, m.crew, m.seen_cards, m.building = saved
                why = str(exc).replace(" Nothing was changed.", "")
                english = f"{why} (in '{part}'): nothing of this line was applied."
                raise ExplorerError(Said(english, message="{why} (in '{part}'): nothing of this line was applied.",
                                         params={"why": said_of(exc), "part": part})) from None
        from burgle.i18n.said import joined

        return joined(*notes)

    def set_job(self, job: str) -> bool:
        """Switch job (the job buttons)."""
        return self._do(lambda: self.model.set_job(job))

    def random_walls(self, seed=None) -> bool:
        """Random walls from *seed* (default: the seed box), the "Random walls" button."""
        return self._do(lambda: self.model.random_walls(self.seed.value if seed is None else seed))

    def paste_code(self, text: str) -> bool:
        """A layout code typed or pasted in the code box; a refused one stays in the box, marked."""
        ok = self._do(lambda: self.model.paste_code(text))
        if not ok:
            self._sync(self.code, "value", text)
        toggle_class(self.code, "burgle-invalid", not ok)
        return ok

    def ask_reset(self) -> None:
        """Reset at once when the floor is the starting one; else ask first."""
        if self.model.setup == Setup() and not self.model.choices:
            self.reset()
            return
        show(self.confirm, True)
        self.helper.focus_on(".burgle-explorer .burgle-reset-yes")

    def reset(self) -> None:
        show(self.confirm, False)

        def run():
            m = self.model
            m.setup, m.choices, m.seen_cards = Setup(), {}, ()
            m.building = Building.printed()
            m.set_turns(3)
            m.set_crew(2)
            return say("Back to the starting floor: Bank Job floor 1, the guard on A1, his die on D2.")
        self._do(run)

    # ------------------------------------------------------------------ kept in the browser
    def setup_json(self) -> str:
        """The floor being explored, as JSON (what the browser keeps)."""
        m, s = self.model, self.model.setup
        return json.dumps({
            "version": 1, "floor": s.floor, "walls": sorted(list(w) for w in s.walls), "guard": s.guard,
            "destination": s.destination, "alarms": sorted(s.alarms),
            "players": [[p.cell, p.stealth] for p in s.players], "speed": s.speed, "turns": m.turns,
            "crew": m.crew, "seen": list(m.seen_cards),
            "job": m.building.job, "building": [sorted(list(w) for w in f) for f in m.building.floors],
            "origins": list(m.building.origins), "seed": m.building.seed}, sort_keys=True)

    def restore(self, text: str) -> str:
        """Put back a floor kept by :meth:`setup_json`; anything malformed is refused
        (ExplorerError) and the floor on the page stays as it was."""
        try:
            d = json.loads(text)
            if not isinstance(d, dict) or d.get("version") != 1:
                raise ValueError("not a kept floor")
            setup = Setup(floor=int(d["floor"]), walls=frozenset(tuple(sorted((int(a), int(b)))) for a, b in d["walls"]),
                          guard=int(d["guard"]),
                          destination=None if d["destination"] is None else int(d["destination"]),
                          alarms=frozenset(int(c) for c in d["alarms"]),
                          players=tuple(Player(int(c), int(st)) for c, st in d["players"]), speed=int(d["speed"]))
            setup.check()
            building = _kept_building(d, setup.floor)
        except (ValueError, TypeError, KeyError, ExplorerError) as exc:
            raise ExplorerError(say("The floor kept from your last visit could not be read ({why}); the starting "
                                    "floor is shown.", why=said_of(exc))) from None
        m = self.model
        saved = (m.setup, dict(m.choices), m.turns, m.crew, m.seen_cards, m.building)
        try:
            m.setup, m.choices, m.building = setup, {}, building
            m.set_turns(d.get("turns", 3))
            m.set_crew(d.get("crew", 2))
            m.set_seen_cards(" ".join(index_name(int(c)) for c in d.get("seen", [])))
        except (ExplorerError, ValueError, TypeError) as exc:
            m.setup, m.choices, m.turns, m.crew, m.seen_cards, m.building = saved
            raise ExplorerError(say("The floor kept from your last visit could not be read ({why}).",
                                    why=said_of(exc))) from None
        return say("Your floor from your last visit is back.")

    def _on_kept(self, change) -> None:
        if not change["new"]:
            return
        if self.kept.restored.strip() and self.model.setup == Setup() and self.model.building == Building.printed():
            try:
                note = self.restore(self.kept.restored)
            except ExplorerError:
                self.kept.value = ""
                return
            self.refresh()
            self._message(note, error=False, info=True)
        self._keep()

    def _keep(self) -> None:
        if self.kept.loaded:
            start = self.model.setup == Setup() and self.model.building == Building.printed()
            set_value(self.kept, "value", "" if start else self.setup_json())

    def _do(self, edit) -> bool:
        """Run one edit: show what changed, or why it was refused (the setup is then unchanged)."""
        toggle_class(self.walls_text, "burgle-invalid", False)
        toggle_class(self.seen_cards, "burgle-invalid", False)
        toggle_class(self.code, "burgle-invalid", False)
        return super()._do(edit)

    def _on_wall_set(self, change) -> None:
        if self._syncing or change["new"] is None:
            return
        v = change["new"]
        self._do(self.model.open_floor if v == "open" else (lambda: self.model.use_floor(v)))

    def _on_job(self, change) -> None:
        if not self._syncing and change["new"] is not None:
            self.set_job(change["new"])

    def _on_code(self, change) -> None:
        if self._syncing or not change["new"].strip():
            return
        self.paste_code(change["new"])

    def _on_speed(self, change) -> None:
        if not self._syncing:
            self._do(lambda: self.model.set_speed(change["new"]))

    def _on_turns(self, change) -> None:
        if not self._syncing:
            self._do(lambda: self.model.set_turns(change["new"]))

    def _on_walls_text(self, change) -> None:
        if self._syncing:
            return
        ok = self._do(lambda: self.model.set_walls(change["new"]))
        if not ok:  # keep what was typed, to be fixed; the walls themselves are unchanged
            self._sync(self.walls_text, "value", change["new"])
        toggle_class(self.walls_text, "burgle-invalid", not ok)

    def _on_command(self, change) -> None:
        if self._syncing or not change["new"].strip():
            return
        if self.type_command(change["new"]):
            self._sync(self.command, "value", "")

    def _on_seen(self, change) -> None:
        if self._syncing:
            return
        ok = self._do(lambda: self.model.set_seen_cards(change["new"]))
        if not ok:
            self._sync(self.seen_cards, "value", change["new"])
        toggle_class(self.seen_cards, "burgle-invalid", not ok)

    def _show_tool_help(self) -> None:
        help_text = esc(self.t.gettext(TOOL_HELP[self.tool.value]))
        set_value(self.tool_help, "value", f"<p class='burgle-muted burgle-small'>{help_text}</p>")
        self.picture.show(targets=self._board_targets())

    def _board_targets(self) -> dict:
        """Each cell of the picture offers the chosen tool there (as the grid's buttons do)."""
        tool = self.t.gettext(next(label for label, v in TOOL_OPTIONS if v == self.tool.value)).lower()
        return {index_name(i): [["cell", index_name(i), f"{tool}: {index_name(i)}"]] for i in range(16)}

    def _relabel_controls(self) -> None:
        """The labels and tooltips of the buttons built from data (tools, floors, die faces,
        crew, odds layers) in the page's language; their values stay."""
        _ = self.t.gettext
        self._syncing = True
        try:
            for widget, options in (
                    (self.tool, [(_(label), v) for label, v in TOOL_OPTIONS]),
                    (self.wall_set, wall_sets(self.model.building, self.t)),
                    (self.patrol_layer, [(_(label), v) for label, v in PATROL_LAYERS]),
                    (self.crew, [(_("{n} ({trim} cards aside)").format(n=k, trim=TRIM[k]), k) for k in (1, 2, 3, 4)])):
                value = widget.value
                widget.options = options
                if widget.value != value:
                    widget.value = value
            self.tool.tooltips = [_(TOOL_HELP[v]) for _l, v in TOOL_OPTIONS]
            self.wall_set.tooltips = wall_set_tips(self.model.building, self.t)
            self.patrol_layer.tooltips = [_(tip) for _l, _v, tip in PATROL_HELP]
            self.speed.tooltips = [_("His die shows {n}").format(n=k) for k in range(1, 7)]
            self.job.tooltips = [_("{job}: its printed walls").format(job=name) for name, _v in JOB_CHOICES]
        finally:
            self._syncing = False

    def _sync(self, widget, name, value) -> None:
        self._syncing = True
        try:
            set_value(widget, name, value)
        finally:
            self._syncing = False

    # ------------------------------------------------------------------ showing
    def set_language(self, lang: str) -> None:
        """Show the explorer in *lang*: its labels, headings, the picture's words, the
        explanations (the route, why this way, the alarms, his next moves, the odds, the
        traffic map) and the message line (the model's words, :mod:`burgle.i18n.said`)."""
        self.lang = lang
        self.t = Translator(lang)
        relabel(self.root, lang)
        self._relabel_controls()
        self._question_key = "unset"  # drawn again in the language
        self._players_key = None
        self._show_tool_help()
        self._say_last_message_again()
        self.refresh()

    def _svg(self) -> str:
        if self.lang == DEFAULT:
            return self.model.svg()
        from burgle.i18n.pictures import localize_scene
        from burgle.pictures import render_scene

        return render_scene(localize_scene(self.model.scene(), self.lang), "svg")

    def refresh(self) -> None:
        """Show the model's current setup and answers (only changed values are sent)."""
        m = self.model
        s = m.setup
        plan = m.plan()
        _ = self.t.gettext
        self.picture.show(f"<div class='burgle-svg'>{svg_body(self._svg())}</div>", self._board_targets())
        paras = "".join(f"<p>{esc(p)}</p>" for p in self._say(plan.text()).split("\n") if p.strip())
        set_value(self.alt, "value", f"<details class='burgle-alt-details'><summary>{esc(_('The picture in words'))}"
                                     f"</summary>{paras}</details>")
        self._render_grid()
        self._render_question(plan)
        self._render_text(plan)
        self._render_players()
        self._render_building()
        self._sync(self.speed, "value", s.speed)
        self._sync(self.turns, "value", m.turns)
        if "burgle-invalid" not in self.walls_text._dom_classes:
            self._sync(self.walls_text, "value", s.walls_text)
        set_value(self.speed_text, "value",
                  f"<p class='burgle-mp'>{esc(_('Speed:'))} <b>{esc(self._say(plan.mp_text))}</b> "
                  f"<span class='burgle-muted'>{esc(_(PER_ALARM))}</span></p>")
        self._sync(self.crew, "value", m.crew)
        if "burgle-invalid" not in self.seen_cards._dom_classes:
            self._sync(self.seen_cards, "value", " ".join(index_name(c) for c in m.seen_cards))
        self._keep()
        self._render_patrol()  # last: the odds may take a moment, the picture is already on its way
        self._render_traffic()

    def _render_building(self) -> None:
        """The job and floor buttons, and the layout code to copy."""
        m, s = self.model, self.model.setup
        b = m.building
        self._sync(self.job, "value", b.job)
        if b != self._wall_sets_of:  # another job or other walls: other floor buttons and tooltips
            self._wall_sets_of = b
            self._syncing = True
            try:
                self.wall_set.options = wall_sets(b, self.t)
                self.wall_set.tooltips = wall_set_tips(b, self.t)
            finally:
                self._syncing = False
        ws = str(s.floor) if s.walls == b.floors[s.floor - 1] else ("open" if not s.walls else None)
        self._sync(self.wall_set, "value", ws)
        floor_code, code, why = m.layout_code()
        here = self._say(m.current_building().describe(s.floor))
        why = self._say(why)
        _ = self.t.gettext
        if code:
            body = ("<p class='burgle-small'>" + esc(_("Your layout's code, to copy:"))
                    + f" <code class='burgle-code-value' aria-label='{esc(_('Layout code of the building'), quote=True)}'>"
                    f"{esc(code)}</code> <span class='burgle-muted'>("
                    + esc(_("floor {floor}:").format(floor=s.floor)) + f" <code>{esc(floor_code)}</code>)</span></p>")
        elif floor_code:
            body = ("<p class='burgle-small'>" + esc(_("Floor {floor}'s code, to copy:").format(floor=s.floor))
                    + f" <code class='burgle-code-value' aria-label='{esc(_('Layout code of the floor'), quote=True)}'>"
                    f"{esc(floor_code)}</code> <span class='burgle-muted'>("
                    + esc(_("no code for the whole building: {why}").format(why=why)) + ")</span></p>")
        else:
            body = ("<p class='burgle-small burgle-no-code'>" + esc(_("No layout code: {why}.").format(why=why))
                    + "</p>")
        set_value(self.code_text, "value", body + "<p class='burgle-muted burgle-small'>"
                  + esc(_("{what}.").format(what=here)) + "</p>")
        if "burgle-invalid" not in self.code._dom_classes:
            self._sync(self.code, "value", "")

    def _render_traffic(self) -> None:
        try:
            if self.lang == DEFAULT:
                svg = self.model.traffic_svg()
            else:  # the picture's words in the page's language (burgle.i18n.pictures)
                from burgle.i18n.pictures import localize_scene
                from burgle.pictures import render_scene

                svg = render_scene(localize_scene(self.model.traffic_scene(), self.lang), "svg")
            maps = self.model.traffic()
        except Exception as exc:  # noqa: BLE001 - the map is extra: the page must not break on it
            self._extra_failed(self.traffic, self.t.gettext("No traffic map: {why}"), exc)
            return
        set_value(self.traffic, "value", f"<div class='burgle-svg'>{svg_body(svg)}</div>")
        set_value(self.traffic_text, "value", traffic_html(maps, self.t))

    def _extra_failed(self, box, template: str, exc: Exception) -> None:
        """An extra (the traffic map, the patrol odds) could not be made: say why in its box,
        keep the error for the tests, and leave the rest of the page as it is."""
        self.errors.append(repr(exc))
        set_value(box, "value", "<p class='burgle-muted'>" + esc(template.format(why=str(exc))) + "</p>")

    def _render_patrol(self) -> None:
        try:
            view = self.model.patrol()
        except Exception as exc:  # noqa: BLE001 - the odds are extra: the page must not break on them
            self._extra_failed(self.patrol, self.t.gettext("No patrol odds: {why}"), exc)
            return
        show(self.patrol_box, view is not None)
        if view is not None:
            set_value(self.patrol, "value", patrol_html(view, self.model.setup, self.patrol_layer.value, self.t))

    def _render_grid(self) -> None:
        s = self.model.setup
        plan = self.model.plan()
        stop = plan.stop
        _ = self.t.gettext
        sep = _(", ")
        for i, b in enumerate(self.cell_buttons):
            parts, tips = [], []
            if i == s.guard:
                parts.append("G")
                tips.append(_("the guard"))
            if i == s.destination:
                parts.append(DIE_FACES[s.speed - 1])
                tips.append(_("his die ({n}): his destination").format(n=s.speed))
            if i in s.alarms:
                parts.append("!")
                tips.append(_("an alarm"))
            for k, p in enumerate(s.players):
                if p.cell == i:
                    parts.append(f"P{k + 1}")
                    tips.append(_("player {n} ({stealth} Stealth)").format(n=k + 1, stealth=p.stealth))
            if i == stop and i != s.guard:
                tips.append(_("he stops here this turn"))
            set_value(b, "description", " ".join(parts) if parts else index_name(i))
            set_value(b, "tooltip", index_name(i) + (": " + sep.join(tips) if tips else ""))
            toggle_class(b, "burgle-cell-empty", not parts)
            toggle_class(b, "burgle-cell-guard", i == s.guard)
            toggle_class(b, "burgle-cell-alarm", i in s.alarms)
            toggle_class(b, "burgle-cell-die", i == s.destination)
            toggle_class(b, "burgle-cell-stop", i == stop and i != s.guard)
        for w, b in self.wall_buttons.items():
            on = w in s.walls
            toggle_class(b, "burgle-wall-on", on)
            set_value(b, "tooltip", (_("Wall {wall}: click to remove it") if on else
                                     _("Wall {wall}: click to add it")).format(wall=wall_name(w)))

    def _render_question(self, plan) -> None:
        q = plan.question
        key = None if q is None else (q.key, q.move)
        if key == getattr(self, "_question_key", "unset"):
            return
        self._question_key = key
        old = list(self.question.children) + list(self.choice_buttons)
        self.choice_buttons = []
        children = []
        if q is not None:
            _ = self.t.gettext
            for c in q.tied:
                b = button(_("His die to {cell}").format(cell=index_name(c)), "burgle-choice", style="primary",
                           tooltip=_("The players send his die to the alarm on {cell} (ALARM-3)").format(
                               cell=index_name(c)))
                b.on_click(self._safe(lambda _b, c=c: self.choose(c)))
                self.choice_buttons.append(b)
            children = [html_widget(f"<p class='burgle-q'><b>{esc(_('Your choice.'))}</b> "
                                    f"{esc(self._say(q.prompt))}</p>"),
                        box(self.choice_buttons, "burgle-choices", vertical=False)]
        self.question.children = children
        show(self.question, q is not None)
        for w in old:  # the old question's widgets are gone from the page: free them
            w.close()

    def _render_text(self, plan) -> None:
        def section(title: str, lines, cls: str = "") -> str:
            items = "".join(f"<li>{_cells(esc(self._say(line)))}</li>" for line in lines)
            return f"<h2>{esc(self.t.gettext(title))}</h2><ul class='burgle-list {cls}'>{items}</ul>"

        set_value(self.route, "value", section("His route", plan.route_lines()))
        expl = plan.explanation_lines()
        proofs = "".join(f"<li>{esc(self._say(p))}</li>" for p in plan.proofs)
        detail = (f"<details class='burgle-proof'><summary>{esc(self.t.gettext(LOOP_TEST))}</summary>"
                  f"<ul class='burgle-list'>{proofs}</ul></details>") if plan.proofs else ""
        alts = ""
        if plan.alternatives:
            alts = ("<p class='burgle-alts'>" + esc(self.t.gettext("Turned down:")) + " " + "; ".join(
                " ".join(index_name(c) for c in r) for r in plan.alternatives) + "</p>")
        set_value(self.explanation, "value", section("Why this way", expl) + alts + detail)
        set_value(self.alarms, "value", section("Alarms", plan.alarm_lines()))
        set_value(self.moves, "value", section("His next moves", plan.move_lines() + list(plan.notes)))

    def _render_players(self) -> None:
        s = self.model.setup
        key = tuple(p.cell for p in s.players)
        if key == self._players_key:
            for k, p in enumerate(s.players):
                self._sync(self._stealth_pickers[k], "value", p.stealth)
            return
        self._players_key = key
        old = list(self.players_box.children)
        rows, self._stealth_pickers = [], []
        for k, p in enumerate(s.players):
            pick = widgets.Dropdown(options=list(range(0, 10)), value=p.stealth,
                                    description=self.t.gettext("P{n} on {cell}: Stealth").format(
                                        n=k + 1, cell=index_name(p.cell)),
                                    style={"description_width": "initial"}, layout=widgets.Layout(width="220px"))
            pick.add_class("burgle-stealth")
            pick.observe(self._safe(lambda ch, k=k: None if self._syncing else
                                    self._do(lambda: self.model.set_stealth(k, ch["new"]))), names="value")
            self._stealth_pickers.append(pick)
            rows.append(pick)
        if rows:
            rows.insert(0, html_widget("<p class='burgle-muted burgle-small'>" + esc(self.t.gettext(
                "Players: each time he enters a player's cell that player loses 1 Stealth.")) + "</p>"))
        self.players_box.children = rows
        for w in old:
            w.close()

    # ------------------------------------------------------------------ plumbing
    def cell_button(self, cell) -> widgets.Button:
        """The grid button of *cell* (``"C3"`` or an index), for tests and notebooks."""
        from burgle.web.explorer.model import parse_explorer_cell

        return self.cell_buttons[parse_explorer_cell(cell)]

    def wall_button(self, wall) -> widgets.Button:
        return self.wall_buttons[self.model._wall(wall)]


def _kept_building(d: dict, floor: int) -> Building:
    """The building of a kept floor (version 1 kept none: The Bank Job's printed walls)."""
    if "job" not in d:
        return Building.printed()
    b = Building.printed(str(d["job"]))
    floors = tuple(frozenset(tuple(sorted((int(a), int(c)))) for a, c in f) for f in d["building"])
    origins = tuple(str(o) for o in d["origins"])
    if len(floors) != len(b.floors) or len(origins) != len(floors) or floor not in b.floor_numbers:
        raise ValueError(f"the kept building does not fit {b.name}")
    for walls in floors:
        Setup(walls=walls).check()  # every cell reachable
    seed = d.get("seed")
    return Building(b.job, floors, origins, None if seed is None else int(seed))


def traffic_html(maps, t: Translator = _EN) -> str:
    """The traffic map in words: the busiest cells, where gabob.com differs, every cell (a table)."""
    from burgle.analysis.traffic import PAIRS

    _ = t.gettext
    sep = _(", ")
    h, shares, cmp = maps.heat, maps.shares, maps.comparison
    order = sorted(range(16), key=lambda c: (-h[c], c))
    top = sep.join(_("{cell} (heat {heat}, {share}% of his steps)").format(
        cell=index_name(c), heat=h[c], share=f"{100 * float(shares[c]):.1f}") for c in order[:3])
    if cmp.pairs:
        cells = sep.join(_("{cell}: {there} there, {here} here").format(cell=index_name(c), there=cmp.gabob[c],
                                                                         here=cmp.ours[c]) for c in cmp.cells)
        differ = (_("gabob.com breaks ties between shortest routes its own way: {n} of {pairs} routes differ from "
                    "his clockwise route (GUARD-9), and the heat differs on {cells}.") if cells else
                  _("gabob.com breaks ties between shortest routes its own way: {n} of {pairs} routes differ from "
                    "his clockwise route (GUARD-9), with the same heat on every cell.")).format(
            n=len(cmp.pairs), pairs=PAIRS, cells=cells)
    else:
        differ = _("gabob.com's tie-break gives his clockwise route (GUARD-9) for every pair: the same heat.")
    rows = "".join(f"<tr><th scope='row'>{index_name(c)}</th><td>{h[c]}</td><td>{100 * float(shares[c]):.1f}%</td>"
                   f"<td>{cmp.gabob[c] if cmp.gabob[c] != h[c] else ''}</td></tr>" for c in range(16))
    return (f"<p class='burgle-small'>{esc(_('Busiest: {cells}.').format(cells=top))}</p>"
            f"<p class='burgle-small burgle-traffic-differ'>{esc(differ)}</p>"
            f"<details class='burgle-traffic-words'><summary>{esc(_('The traffic map in words'))}</summary>"
            f"<table class='burgle-traffic-table'><thead><tr><th scope='col'>{esc(_('Cell'))}</th>"
            f"<th scope='col'>{esc(_('Heat'))}</th><th scope='col'>{esc(_('Share of steps'))}</th>"
            f"<th scope='col'>{esc(_('gabob.com, if different'))}</th></tr></thead>"
            f"<tbody>{rows}</tbody></table></details>")


def _cells(text: str) -> str:
    """Bold the cell names in an escaped line (also where no space separates them, as in Japanese)."""
    import re

    return re.sub(r"(?<![A-Za-z0-9])([A-D][1-4])(?![A-Za-z0-9])", r"<b class='burgle-cellname'>\1</b>", text)


PATROL_HELP = (
    (N_("Where he goes"), "enter", N_("The chance he enters each cell within the moves ahead")),
    (N_("Where he stops"), "end_turn", N_("The chance he ends one of the moves ahead on each cell")),
    (N_("Next card"), "destination", N_("The chance of each cell being his next destination")),
)
PATROL_LAYERS = [(label, key) for label, key, _ in PATROL_HELP]


def _pct(p) -> str:
    """The cell's label: the analysis' own percentage, blank for 0."""
    return "" if float(p) <= 0 else percent(p)


def patrol_html(view, setup, layer: str, t: Translator = _EN) -> str:
    """The odds as a 4x4 heat grid (walls as thick borders) and a sentence."""
    from burgle.i18n.said import render

    _ = t.gettext
    if view.error:
        return f"<p class='burgle-muted'>{esc(render(view.error, t))}</p>"
    table = getattr(view, layer)
    rows = []
    for r in range(4):
        tds = []
        for c in range(4):
            i = 4 * r + c
            p = float(table.get(i, 0))
            style = [f"background: rgba(213,94,0,{0.08 + 0.8 * p:.2f})" if p > 0 else "background: #fffdf7"]
            if c < 3 and (i, i + 1) in setup.walls:
                style.append("border-right: 4px solid #1d2433")
            if r < 3 and (i, i + 4) in setup.walls:
                style.append("border-bottom: 4px solid #1d2433")
            marks = ("G " if i == setup.guard else "") + (DIE_FACES[setup.speed - 1] if i == setup.destination else "")
            ink = " burgle-hot" if p >= 0.55 else ""
            tds.append(f"<td class='burgle-heat{ink}' style='{'; '.join(style)}' title='{index_name(i)}: "
                       f"{_pct(p) or '0%'}'><span class='burgle-heat-name'>{index_name(i)} {marks}</span>"
                       f"<span class='burgle-heat-p'>{_pct(p)}</span></td>")
        rows.append("<tr>" + "".join(tds) + "</tr>")
    n = view.turns
    # one move: a sentence of its own (a plural form with {n} would read "1 move" where no one says it)
    what = {"enter": _("Chance he walks into each cell during his next move") if n == 1 else t.ngettext(
                "Chance he walks into each cell during his next {n} move",
                "Chance he walks into each cell during his next {n} moves", n),
            "end_turn": _("Chance he ends his next move on each cell") if n == 1 else t.ngettext(
                "Chance he ends his next {n} move on each cell",
                "Chance he ends one of his next {n} moves on each cell", n),
            "destination": _("Chance of each cell being his next destination (after he reaches his die)")}[layer]
    what = what.format(n=n)
    sep = _(", ")
    top = sep.join(f"{index_name(c)} {_pct(p)}" for c, p in view.top(layer, 4))
    seen = sep.join(index_name(c) for c in view.discard) or _("none")
    notes = "".join(f"<li>{esc(render(note, t))}</li>" for note in view.notes)
    likely = _("Most likely: {cells}.").format(cells=top or _("nowhere"))
    players = _("From what the players see: patrol cards face up {seen}; {trim} aside face down (crew of {crew}); "
                "{method}.").format(seen=seen, trim=TRIM[view.crew], crew=view.crew, method=render(view.method, t))
    return (f"<p class='burgle-patrol-what'>{esc(_('{what}.').format(what=what))}</p>"
            f"<table class='burgle-heatmap' role='img' aria-label='{esc(what, quote=True)}: {esc(top, quote=True)}'>"
            f"{''.join(rows)}</table>"
            f"<p class='burgle-small'>{esc(likely)} "
            f"<span class='burgle-muted'>{esc(players)} {esc(render(view.left_out, t))}</span></p>"
            + (f"<ul class='burgle-list burgle-small'>{notes}</ul>" if notes else ""))


CSS = r"""
.burgle-explorer .burgle-body { padding: 16px 18px 22px 18px; gap: 16px; align-items: flex-start; }
.burgle-explorer .burgle-controls { flex: 0 0 360px; gap: 12px; }
.burgle-explorer .burgle-picture-col { flex: 1 1 440px; min-width: 320px; gap: 8px; }
.burgle-explorer .burgle-info { flex: 1 1 360px; min-width: 280px; gap: 10px; }
.burgle-explorer .burgle-info > .widget-html { background: var(--b-card); border: 1px solid var(--b-line);
  border-radius: 12px; padding: 10px 14px; }
.burgle-explorer .burgle-small { font-size: 12.5px; }
.burgle-explorer .burgle-list { margin: 0; padding-left: 18px; }
.burgle-explorer .burgle-list li { margin: 0 0 5px 0; }
.burgle-explorer .burgle-route li:first-child { font-size: 15px; }
.burgle-explorer b.burgle-cellname { font-weight: 700; }
.burgle-explorer .burgle-alts { color: var(--b-muted); font-size: 13px; margin: 4px 0 0 0 !important; }
.burgle-explorer .burgle-proof { font-size: 12.5px; color: var(--b-ink2); margin-top: 4px; }
.burgle-explorer .burgle-proof summary { cursor: pointer; color: var(--b-blue); font-weight: 600; }
.burgle-explorer .burgle-mp { margin: 4px 0 !important; }
.burgle-explorer .burgle-grid { margin: 4px 0 2px 0; padding: 6px; background: #1b2230; border-radius: 8px; }
.burgle-explorer .jupyter-button.burgle-cell { margin: 0; padding: 0; min-height: 0; border-radius: 6px;
  font-size: 15px; font-weight: 800; background: #fffdf7; border: 1px solid #e9e3d3; color: var(--b-ink); }
.burgle-explorer .jupyter-button.burgle-cell.burgle-cell-empty { color: #6e685a; font-size: 12px; font-weight: 600; }
.burgle-explorer .jupyter-button.burgle-cell.burgle-cell-guard { background: #1d2433; color: #fff; border-color: #000; }
.burgle-explorer .jupyter-button.burgle-cell.burgle-cell-alarm { background: #fff3a8; border-color: #c9b800; }
.burgle-explorer .jupyter-button.burgle-cell.burgle-cell-die { box-shadow: inset 0 0 0 3px var(--b-accent); color: var(--b-accent2); }
.burgle-explorer .jupyter-button.burgle-cell.burgle-cell-stop { box-shadow: inset 0 0 0 2px #d55e00aa; }
.burgle-explorer .jupyter-button.burgle-cell:hover:enabled { background: #f1ece0; }
.burgle-explorer .jupyter-button.burgle-cell.burgle-cell-guard:hover:enabled { background: #333c50; }
.burgle-explorer .jupyter-button.burgle-wall { margin: 0; padding: 0; min-height: 0; border-radius: 3px;
  background: transparent; border: none; box-shadow: none; }
.burgle-explorer .jupyter-button.burgle-wall-v { width: 24px; }
/* A wall's place is a 24 px target (issue 10 §1: every control at least 24 px); the wall
   itself is drawn as the 14 px bar in its middle. */
.burgle-explorer .jupyter-button.burgle-wall-v { --bar: 90deg; }
.burgle-explorer .jupyter-button.burgle-wall-h { --bar: 180deg; }
.burgle-explorer .jupyter-button.burgle-wall:hover:enabled {
  background: linear-gradient(var(--bar), transparent 5px, rgba(240,160,48,.55) 5px 19px, transparent 19px); }
.burgle-explorer .jupyter-button.burgle-wall.burgle-wall-on {
  background: linear-gradient(var(--bar), transparent 5px, #f0a030 5px 19px, transparent 19px); }
.burgle-explorer .jupyter-button.burgle-wall.burgle-wall-on:hover:enabled {
  background: linear-gradient(var(--bar), transparent 5px, #ffcf80 5px 19px, transparent 19px); }
.burgle-explorer .burgle-corner { min-height: 0; margin: 0; }
.burgle-explorer .burgle-question { background: var(--b-amber-bg); border: 1px solid #f2d9a6; border-radius: 10px;
  padding: 8px 12px; gap: 6px; }
.burgle-explorer .burgle-choices { gap: 8px; flex-wrap: wrap; }
.burgle-explorer .burgle-invalid input { border-color: var(--b-red) !important; background: var(--b-red-bg); }
.burgle-explorer .burgle-patrol-box { background: var(--b-card); border: 1px solid var(--b-line); border-radius: 12px;
  padding: 10px 14px; gap: 6px; }
.burgle-explorer .burgle-patrol-inputs { gap: 10px; flex-wrap: wrap; }
.burgle-explorer .burgle-patrol-what { font-weight: 650; margin: 2px 0 4px 0 !important; }
.burgle-explorer table.burgle-heatmap { border-collapse: collapse; border: 4px solid #1d2433; margin: 2px 0 6px 0; }
.burgle-explorer td.burgle-heat { width: 62px; height: 46px; border: 1px solid #e2dccd; vertical-align: top;
  padding: 3px 5px; position: relative; }
.burgle-explorer .burgle-heat-name { display: block; font-size: 10.5px; color: #5a6274; font-weight: 600; }
.burgle-explorer .burgle-heat-p { display: block; font-size: 15px; font-weight: 800; color: #1d2433; text-align: right; }
.burgle-explorer td.burgle-hot .burgle-heat-p, .burgle-explorer td.burgle-hot .burgle-heat-name { color: #fff; }
.burgle-explorer .burgle-players { gap: 4px; margin-top: 6px; }
.burgle-explorer .burgle-random-row { gap: 8px; align-items: center; flex-wrap: wrap; }
.burgle-explorer code.burgle-code-value { user-select: all; font-size: 14px; font-weight: 700; padding: 1px 5px;
  background: var(--b-amber-bg); border: 1px solid #f2d9a6; border-radius: 5px; }
.burgle-explorer .burgle-traffic { background: var(--b-card); border: 1px solid var(--b-line); border-radius: 12px;
  padding: 10px 14px; gap: 6px; }
.burgle-explorer .burgle-traffic-picture svg { max-width: 100%; height: auto; }
.burgle-explorer table.burgle-traffic-table { border-collapse: collapse; font-size: 12.5px; }
.burgle-explorer table.burgle-traffic-table th, .burgle-explorer table.burgle-traffic-table td {
  border: 1px solid var(--b-line); padding: 1px 6px; text-align: right; }
.burgle-explorer .widget-text, .burgle-explorer .widget-inline-hbox { margin: 2px 0; }
.burgle-explorer .burgle-reset-row { margin-top: 6px; }
.burgle-explorer .burgle-confirm { background: var(--b-red-bg); border: 1px solid #f1c8c0; border-radius: 10px;
  padding: 8px 10px; gap: 6px; }
.burgle-explorer .burgle-confirm-buttons { gap: 8px; flex-wrap: wrap; }
.burgle-app .jupyter-button.mod-danger { background: var(--b-red); border-color: var(--b-red); color: #fff; }
@media (max-width: 600px) {
  .burgle-explorer .burgle-body { padding: 10px 8px 16px 8px; }
  .burgle-explorer .burgle-controls, .burgle-explorer .burgle-picture-col, .burgle-explorer .burgle-info {
    flex: 1 1 100%; min-width: 0; }
  .burgle-explorer .widget-toggle-buttons { flex-wrap: wrap; }
}
@media (max-width: 1100px) {
  .burgle-explorer .burgle-body { flex-wrap: wrap; }
  .burgle-explorer .burgle-info { flex: 1 1 100%; }
}
"""
