"""The sandbox page: ipywidgets over :class:`burgle.web.sandbox.model.Sandbox`.

``SandboxApp().display()`` shows the building (inline SVG in a ``widgets.HTML``, never
an ``Output``: see docs/voila-page-loads.md), whose turn it is, the legal actions as
buttons (grouped; a choice the rules hand to a player is a group of its own), each
character's Stealth and hand, the narrated log, a rewind control (any earlier action;
taken-back actions can be replayed), a new-game form (seed, characters, sides), and
saving (a download link with the JSON as a ``data:`` URI, and a text box) and loading
(a file upload, or the text box). Refusals are shown in the message line and the game
stays as it was. No rules logic lives here.

Stable CSS classes for the browser tests: root ``burgle-sandbox`` (+ ``burgle-ready``
once displayed), action buttons ``burgle-action`` (description = the action text),
log ``burgle-log``, rewind control ``burgle-rewind`` (a dropdown of every point of the
game), picture ``burgle-picture``, message ``burgle-message`` (+ ``burgle-message-error``
/ ``burgle-message-ok``); also ``burgle-status``, ``burgle-crew``, ``burgle-undo``,
``burgle-redo``, ``burgle-new-game``, ``burgle-seed``, ``burgle-save``,
``burgle-save-link``, ``burgle-save-text``, ``burgle-load``, ``burgle-load-text``.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from burgle.data.cards import CHARACTER_NAMES, CHARACTERS, LOOT, TOOLS
from burgle.data.jobs import JOBS
from burgle.engine.actions import VERBS
from burgle.engine.errors import IllegalAction
from burgle.i18n import DEFAULT, N_, Translator, ability, action_help, card_name, character_name
from burgle.i18n.happenings import narrate, say_words
from burgle.i18n.refusals import explain
from burgle.i18n.said import joined, said_of, say, say_n
from burgle.web.language import relabel
from burgle.web.sandbox.hints import HintsPanel
from burgle.web.sandbox.model import Sandbox, SandboxError
from burgle.web.ui import (BASE_CSS, STATE_CSS, STOP_ICON, BrowserValue, PageHelper, StatusMessages, action_label,
                           box, button, card_chip, esc, game_state_html, html_widget, set_value, show, svg_body,
                           toggle_class)
from burgle.web.board import Board, cell_targets
from burgle.web.security.limits import shorten

__all__ = ["SandboxApp"]

# Translated where they are shown (the model's labels and words are English).
_SIDES = {"basic": N_("basic"), "advanced": N_("advanced")}
_IN_F_STRINGS = (N_("to act"), N_("chooses"), N_("Stealth"), N_("Stealth ({n})"), N_("seat {seat}"),
                 N_("escaped"), N_("not in yet"), N_("Entrance"), N_("Peek"), N_("Ability"), N_("Tools"),
                 N_("Cards"), N_("Escape"), N_("End"), N_("Other"))
_CARD_KEYS = {c.name: c.key for c in (*TOOLS, *LOOT)}

NONE = "-"
RANDOM = "random"
CHAR_OPTIONS = [(N_("(no one)"), NONE), (N_("random"), RANDOM)] + [(CHARACTER_NAMES[k], k) for k in CHARACTERS]
FLOOR_OPTIONS = [(N_("Building"), "all"), (N_("In play"), "play"), ("Floor 1", "1"), ("Floor 2", "2"),
                 ("Floor 3", "3")]
JOB_OPTIONS = [(j.name, k) for k, j in JOBS.items()]
WALL_OPTIONS = [(N_("Printed"), "printed"), (N_("Random (drawn from the seed)"), "random"), (N_("Layout code"), "code")]
_MORE = (N_("Seat {k}"), N_("All {n} floors"), N_("The floors with someone on them"), N_("Floor {n}"),
         N_("+{n} more"), N_("Show every '{label}' action"), N_("Replay: {action}"), N_("Nothing to replay"),
         N_("{status} Start a new game, load one, or rewind."), N_("↓ Download {name}"),
         N_("(or copy the text below)"))


def floor_options(floors: int) -> list[tuple[str, str]]:
    """The picture's floor buttons for a building of *floors* floors (JOB-1)."""
    return FLOOR_OPTIONS[:2 + floors]
PAGE_TITLE = "Burgle Bros. sandbox"
STORAGE_KEY = "burgle-sandbox-game"  # the game, as a save, kept in the browser across reloads
BIG_GROUP = 14  # a group with more buttons shows the first SHOWN ones and "show all"
SHOWN = 10


class SandboxApp(StatusMessages):
    refusals = SandboxError

    """The sandbox as one ipywidgets tree (``root``); ``model`` is the :class:`Sandbox`."""

    def __init__(self, model: Sandbox | None = None, seed: int = 1, characters=("hawk", "peterman")):
        self.model = model or Sandbox(seed=seed, characters=characters)
        self.errors: list[str] = []
        self.action_buttons: list[widgets.Button] = []
        self._pool: dict[str, widgets.Button] = {}
        self._rows: dict[str, widgets.Box] = {}  # group rows by label, reused
        self._more: dict[str, widgets.Button] = {}
        self._idle_note = None
        self._expanded: set[str] = set()
        self._syncing = False
        self._shown_key = None
        self.lang = DEFAULT
        self.t = Translator(DEFAULT)
        self._build()
        self.refresh()
        self._message(say("Choose actions with the buttons, or type one; rewind to any earlier point with the dropdown "
                      "under the log. Save to a file, load it later: the same seed and actions give the same game."),
                      error=False, info=True)

    # ------------------------------------------------------------------ building
    def _build(self) -> None:
        brand = html_widget(
            "<div class='burgle-brand'><span class='burgle-logo' aria-hidden='true'>◆</span>"
            "<span class='burgle-name'>Burgle Bros.</span><span class='burgle-sub'>Sandbox · play The Bank Job or "
            "The Office Job with the rules engine</span></div>", "burgle-brand-box")
        self.status = html_widget("", "burgle-status")
        header = box([brand, self.status], "burgle-header", vertical=False)
        self.helper = PageHelper(title=PAGE_TITLE, live=[".burgle-sandbox .burgle-message"])
        self.kept = BrowserValue(key=STORAGE_KEY)
        self.kept.observe(self._safe(self._on_kept), names="loaded")

        # picture + log (left)
        self._floor_count = self.model.job.floors
        self.floors = widgets.ToggleButtons(options=floor_options(self._floor_count), value="play",
                                            style={"button_width": "auto"},
                                            tooltips=self._floor_tips(self._floor_count))
        self.floors.add_class("burgle-floors")
        self.floors.observe(self._safe(lambda _c: self._render_picture()), names="value")
        self.picture = Board()  # the board: its cells are clickable (burgle.web.board)
        self.picture.add_class("burgle-picture")
        self.picture.on_pick(self._safe(lambda _kind, text: self.act(text)))
        self.alt = html_widget("", "burgle-alt")
        self.building = html_widget("", "burgle-building")
        picture_card = box([self.building, self.floors, self.picture, self.alt], "burgle-card", "burgle-picture-card")

        self.log = html_widget("", "burgle-log")
        self.rewind = widgets.Dropdown(options=[("0. The start of the game", 0)], value=0, description="Go back to",
                                       style={"description_width": "initial"}, layout=widgets.Layout(width="100%"))
        self.rewind.add_class("burgle-rewind")
        self.rewind.observe(self._safe(self._on_rewind), names="value")
        self.undo_button = button("↶ Undo", "burgle-undo", tooltip="Take back the last action")
        self.redo_button = button("↷ Replay", "burgle-redo", tooltip="Replay the next taken-back action")
        self.undo_button.on_click(self._safe(lambda _b: self._do(self.model.undo)))
        self.redo_button.on_click(self._safe(lambda _b: self._do(self.model.redo_next)))
        rewind_row = box([self.rewind, self.undo_button, self.redo_button], "burgle-rewind-row", vertical=False)
        log_card = box([html_widget("<h2>What happened</h2>"), rewind_row, self.log], "burgle-card", "burgle-log-card")
        left = box([picture_card, log_card], "burgle-left")

        # actions, crew, game (right)
        self.message = html_widget("", "burgle-message")
        self.actions = box([], "burgle-actions")
        self.typed = widgets.Text(placeholder="e.g. move 1B2", description="Type an action", continuous_update=False,
                                  style={"description_width": "initial"},
                                  layout=widgets.Layout(flex="1 1 auto", width="auto", min_width="0"))
        self.typed.add_class("burgle-typed")
        self.typed.observe(self._safe(lambda _c: self._typed()), names="value")
        self.try_button = button("Try it", "burgle-try", tooltip="Try the action typed in the box")
        self.try_button.on_click(self._safe(lambda _b: self._typed()))
        typed_row = box([self.typed, self.try_button], "burgle-typed-row", vertical=False)
        actions_card = box([html_widget("<h2>Your actions</h2>"), self.actions, typed_row], "burgle-card",
                           "burgle-actions-card")
        self.crew = html_widget("", "burgle-crew")
        self.table = html_widget("", "burgle-table")
        crew_card = box([html_widget("<h2>The crew</h2>"), self.crew, html_widget("<h2>The table</h2>"), self.table],
                        "burgle-card")

        self.seed = widgets.BoundedIntText(value=self.model.game.origin.get("seed", 1), min=0, max=2**31 - 1,
                                           description="Seed", style={"description_width": "44px"},
                                           layout=widgets.Layout(width="170px"))
        self.seed.add_class("burgle-seed")
        self.seat_pickers, self.side_pickers = [], []
        rows = []
        names = [c.name.lower() for c in self.model.crew()]
        for k in range(4):
            pick = widgets.Dropdown(options=CHAR_OPTIONS, value=names[k] if k < len(names) else NONE,
                                    description=f"Seat {k}", style={"description_width": "56px"},
                                    layout=widgets.Layout(width="210px"))
            pick.add_class("burgle-seat")
            side = widgets.ToggleButtons(options=[("basic", "basic"), ("advanced", "advanced")], value="basic",
                                         style={"button_width": "auto"})
            side.add_class("burgle-side")
            self.seat_pickers.append(pick)
            self.side_pickers.append(side)
            rows.append(box([pick, side], "burgle-seat-row", vertical=False))
        self.job = widgets.Dropdown(options=JOB_OPTIONS, value=self.model.job.key, description="Job",
                                    style={"description_width": "44px"}, layout=widgets.Layout(width="230px"))
        self.job.add_class("burgle-new-job")
        self.walls = widgets.Dropdown(options=WALL_OPTIONS, value="printed", description="Walls",
                                      style={"description_width": "44px"}, layout=widgets.Layout(width="290px"))
        self.walls.add_class("burgle-new-walls")
        self.walls.observe(self._safe(lambda _c: show(self.walls_code, self.walls.value == "code")), names="value")
        self.walls_code = widgets.Text(description="Layout code", placeholder="190m3 11hu0  (one code per floor)",
                                       style={"description_width": "initial"}, layout=widgets.Layout(width="290px"))
        self.walls_code.add_class("burgle-new-code")
        show(self.walls_code, False)
        self.new_button = button("Start a new game", "burgle-new-game", style="primary",
                                 tooltip="Set up a new game with this seed and crew (SETUP-1..8)")
        self.new_button.on_click(self._safe(lambda _b: self.ask_new_game()))
        self.new_yes = button("Yes, discard it", "burgle-new-yes", style="danger",
                              tooltip="Start the new game; the one on the page is lost unless saved")
        self.new_no = button("Keep this game", "burgle-new-no", tooltip="Go on with the game on the page")
        self.new_yes.on_click(self._safe(lambda _b: self.start_new_game()))
        self.new_no.on_click(self._safe(lambda _b: show(self.confirm, False)))
        self.confirm_text = html_widget("", "burgle-confirm-text")
        self.confirm = box([self.confirm_text, box([self.new_yes, self.new_no], "burgle-confirm-buttons",
                                                   vertical=False)], "burgle-confirm")
        show(self.confirm, False)
        new_box = box([self.seed, self.job, self.walls, self.walls_code, *rows, self.new_button, self.confirm],
                      "burgle-new-box")

        self.save_button = button("Save…", "burgle-save", tooltip="Make a save file of this game")
        self.save_button.on_click(self._safe(lambda _b: self.save()))
        self.save_link = html_widget("", "burgle-save-link")
        self.load_message = html_widget("", "burgle-load-message")
        self.upload = widgets.FileUpload(accept=".json,application/json", multiple=False, description="Load a file…")
        self.upload.tooltip = "Load a save file (.json) made by Save…"
        self.upload.add_class("burgle-load")
        self.upload.observe(self._safe(self._on_upload), names="value")
        self.save_text = widgets.Textarea(placeholder="A save as JSON: press Save… to fill this in, or paste a save "
                                                      "here and press Load text.",
                                          layout=widgets.Layout(width="100%", height="90px"))
        self.save_text.add_class("burgle-save-text")
        self.load_text_button = button("Load text", "burgle-load-text", tooltip="Load the save pasted above")
        self.load_text_button.on_click(self._safe(lambda _b: self.load(self.save_text.value)))
        files = box([box([self.save_button, self.upload, self.load_text_button], "burgle-file-row", vertical=False),
                     self.load_message, self.save_link, self.save_text], "burgle-files")
        self.game_tabs = widgets.Tab(children=[new_box, files])
        self.game_tabs.set_title(0, "New game")
        self.game_tabs.set_title(1, "Save and load")
        self.game_tabs.add_class("burgle-game-tabs")
        game_card = box([html_widget("<h2>The game</h2>"), self.game_tabs], "burgle-card")
        self.hints = HintsPanel(lambda: self.model.game)  # burgle/web/sandbox/hints.py
        right = box([self.message, actions_card, crew_card, self.hints.widget, game_card], "burgle-right")

        body = box([left, right], "burgle-body", vertical=False)
        self.root = box([html_widget(f"<style>{BASE_CSS}{STATE_CSS}{CSS}</style>", "burgle-style"), self.helper,
                         self.kept, header, body], "burgle-app", "burgle-sandbox")
        self.root.layout.width = "100%"

    # ------------------------------------------------------------------ language
    def set_language(self, lang: str) -> None:
        """Show the sandbox in *lang*: its fixed labels, the new-game form, the crew, the
        table, the log, the action buttons, the refusals and the messages (set-up, rewind,
        save and load: the model's words, :mod:`burgle.i18n.said`)."""
        self.lang = lang
        self.t = Translator(lang)
        relabel(self.root, lang)
        self._relabel_controls()
        self.hints.t = self.t
        self._shown_key = None
        self._more, self._pool = {}, {}  # buttons with tooltips: made again in the language
        self._say_last_message_again()
        self.refresh()

    def _relabel_controls(self) -> None:
        """The choices of the floor buttons and the new-game form in the page's language."""
        _ = self.t.gettext
        self._syncing = True
        try:
            n = self.model.job.floors
            keep = self.floors.value
            self.floors.options = [(_(label) if value in ("all", "play") else _("Floor {n}").format(n=value), value)
                                   for label, value in floor_options(n)]
            self.floors.tooltips = self._floor_tips(n)
            self.floors.value = keep
            keep = self.walls.value
            self.walls.options = [(_(label), value) for label, value in WALL_OPTIONS]
            self.walls.value = keep
            for k, (pick, side) in enumerate(zip(self.seat_pickers, self.side_pickers)):
                keep = pick.value
                pick.options = [(_(label), v) for label, v in CHAR_OPTIONS[:2]] + [
                    (character_name(key, self.lang), key) for _l, key in CHAR_OPTIONS[2:]]
                pick.value = keep
                pick.description = _("Seat {k}").format(k=k)
                keep = side.value
                side.options = [(_(_SIDES[v]), v) for v in ("basic", "advanced")]
                side.value = keep
        finally:
            self._syncing = False

    def _who(self, seat: int) -> str:
        return character_name(self.model.game.s.characters[seat].name, self.lang)

    def _status(self) -> str:
        """The status line in the page's language (the model's, in English)."""
        g, s, _ = self.model.game, self.model.game.s, self.t.gettext
        if self.lang == DEFAULT:
            return self.model.status()
        if s.outcome is None and g.pending is not None and s.phase != "entrance":
            turn = self.t.ngettext("Turn {turn}: {who} to act, {left} of {total} action left.",
                                   "Turn {turn}: {who} to act, {left} of {total} actions left.", s.allowance).format(
                turn=s.turn, who=self._who(s.active), left=g.actions_left, total=s.allowance)
            choose = _("{who} must choose: {prompt}").format(who=self._who(g.pending.seat),
                                                              prompt=say_words(g.pending.prompt, self.lang))
            return turn + ("" if self.lang == "ja" else " ") + choose
        if s.outcome is not None:  # the engine's reason, said with its template (burgle.i18n.happenings)
            why = say_words(s.outcome_reason or "", self.lang)
            return (_("Game over: the crew escaped, you win ({why}).") if s.outcome == "won"
                    else _("Game over: you lose ({why}).")).format(why=why)
        if s.phase == "entrance":
            return _("Before the first turn: {who} chooses the entrance on floor 1 (SETUP-9).").format(
                who=self._who(s.active))
        return self.t.ngettext("Turn {turn}: {who} to act, {left} of {total} action left.",
                               "Turn {turn}: {who} to act, {left} of {total} actions left.", s.allowance).format(
            turn=s.turn, who=self._who(s.active), left=g.actions_left, total=s.allowance)

    def _group_label(self, label: str) -> str:
        """A group's label in the page's language (the model names them in English)."""
        if self.lang == DEFAULT:
            return label
        _ = self.t.gettext
        g = self.model.game
        if label.startswith("Use ") and label[4:] in _CARD_KEYS:
            return _("Use {card}").format(card=card_name(_CARD_KEYS[label[4:]], self.lang))
        if label.endswith(" chooses") and g.pending is not None:
            return _("{who} chooses").format(who=self._who(g.pending.seat))
        if "'s " in label and g.s.phase == "actions":
            ch = g.active_character
            return _("{who}'s {ability}").format(who=self._who(ch.seat),
                                                 ability=ability(f"{ch.name}_{ch.side}", self.lang)[0])
        return _(label)

    def _refused(self, exc: SandboxError) -> str:
        """A refused action in the page's language (the engine's reason from its template)."""
        illegal = exc.__context__ if isinstance(exc.__context__, IllegalAction) else None
        if illegal is None or self.lang == DEFAULT:
            return said_of(exc)
        return self.t.gettext("Refused: {reason} ({rule}). Nothing changed.").format(
            reason=explain(illegal, self.lang), rule=illegal.rule)

    # ------------------------------------------------------------------ doing
    def act(self, text: str) -> bool:
        """The player chose *text* (an action button)."""
        def run():
            try:
                self.model.act(text)
            except SandboxError as exc:
                raise SandboxError(self._refused(exc)) from exc
            e = self.model.log[-1]
            said = [narrate(h, self.lang) for h in self.model.game.happenings[-1]]
            return f"{e.number}. {self._who(e.seat)}: {e.action}. " + " ".join(said)
        return self._do(run)

    def _typed(self) -> None:
        text = self.typed.value.strip()
        if not text:
            return
        self.typed.value = ""
        self.act(text)
        self.helper.focus_on(".burgle-sandbox .burgle-message")

    def rewind_to(self, n: int) -> bool:
        return self._do(lambda: self.model.go_to(n))

    def ask_new_game(self) -> bool:
        """Start at once when the game on the page has no action yet; else ask first."""
        n = len(self.model.game.log)
        if not n:
            return self.start_new_game()
        set_value(self.confirm_text, "value", "<p>" + esc(self.t.ngettext(
            "Start a new game? The game on the page ({n} action) is lost unless you save it first.",
            "Start a new game? The game on the page ({n} actions) is lost unless you save it first.", n).format(n=n))
            + "</p>")
        show(self.confirm, True)
        self.helper.focus_on(".burgle-sandbox .burgle-new-yes")
        return False

    def start_new_game(self) -> bool:
        show(self.confirm, False)
        chars, sides = [], []
        for pick, side in zip(self.seat_pickers, self.side_pickers):
            if pick.value != NONE:
                chars.append(pick.value)
                sides.append(side.value)
        randoms = [c for c in chars if c == RANDOM]

        def run():
            if not chars:
                raise SandboxError("Refused: choose at least one character (a game has 1 to 4). "
                                   "The game on the page is kept.")
            if randoms and len(randoms) != len(chars):
                raise SandboxError("Refused: choose every character, or 'random' for every seat (dealt by the "
                                   "seed, SETUP-6). The game on the page is kept.")
            walls = {"printed": None, "random": "random"}.get(self.walls.value, self.walls_code.value)
            if randoms:
                return self.model.new_game(self.seed.value, None, sides, players=len(chars), job=self.job.value,
                                           walls=walls)
            return self.model.new_game(self.seed.value, chars, sides, job=self.job.value, walls=walls)

        ok = self._do(run)
        if ok:
            self._expanded = set()
        return ok

    def save(self) -> None:
        m = self.model
        name = html.escape(m.save_name(), quote=True)
        _ = self.t.gettext
        self.save_link.value = (f"<a class='burgle-download' download='{name}' href='{m.save_data_uri()}'>"
                                + _("↓ Download {name}").format(name=name) + "</a> <span class='burgle-muted'>"
                                + esc(_("(or copy the text below)")) + "</span>")
        self.save_text.value = m.save_text()
        set_value(self.load_message, "value", "")
        self._message(say_n("Save made after {n} actions: download it, or copy the text.",
                            "Save made after {n} actions: download it, or copy the text.", len(m.game.log)),
                      error=False)

    def load(self, source, name: str = "") -> bool:
        """Load a save; a refusal is also shown beside the Load buttons, and the link to an
        earlier save is taken away (it is not the game on the page any more)."""
        ok = self._do(lambda: self.model.load(source))
        if ok:
            self._sync_form()
            set_value(self.load_message, "value", "")
        else:
            text = self.message.value.replace("<p>", "", 1).replace("</p>", "", 1)
            if name:
                text = text.replace(f"{STOP_ICON} ", f"{STOP_ICON} {esc(shorten(name))}: ", 1)
                set_value(self.message, "value", f"<p>{text}</p>")
            set_value(self.load_message, "value", f"<p class='burgle-load-error' role='alert'>{text}</p>")
        set_value(self.save_link, "value", "")
        return ok

    def _on_kept(self, change) -> None:
        """The browser said what it kept: the game of the last visit comes back."""
        if not change["new"] or not self.kept.restored.strip():
            return
        if self.model.game.log:  # this visit has played already: keep it
            self._keep()
            return
        try:
            note = self.model.load(self.kept.restored)
        except SandboxError:
            self.kept.value = ""  # unreadable (an older version): start afresh
            return
        self._sync_form()
        self.refresh()
        self._message(joined(say("Your game from your last visit is back."), note), error=False, info=True)

    def _keep(self) -> None:
        if self.kept.loaded:
            set_value(self.kept, "value", self.model.save_text())

    def _on_upload(self, change) -> None:
        files = change["new"]
        if not files:
            return
        f = files[0]
        content = f["content"] if isinstance(f, dict) else f.content
        name = f["name"] if isinstance(f, dict) else f.name
        self.load(bytes(content), name=name)
        self._syncing = True
        try:
            self.upload.value = ()
        finally:
            self._syncing = False

    def _on_rewind(self, change) -> None:
        if self._syncing or change["new"] is None:
            return
        self.rewind_to(change["new"])

    def _sync_form(self) -> None:
        crew = self.model.crew()
        origin = self.model.game.origin
        self.seed.value = origin.get("seed", self.seed.value)
        self.job.value = self.model.job.key
        walls = origin.get("walls")
        self.walls.value = "printed" if walls is None else ("random" if walls == "random" else "code")
        self.walls_code.value = walls if isinstance(walls, str) and walls != "random" else ""
        for k, (pick, side) in enumerate(zip(self.seat_pickers, self.side_pickers)):
            pick.value = crew[k].name.lower() if k < len(crew) else NONE
            side.value = crew[k].side if k < len(crew) else "basic"

    # ------------------------------------------------------------------ showing
    def refresh(self) -> None:
        m = self.model
        key = (id(m.game), len(m.game.log))
        set_value(self.status, "value", f"<span class='burgle-status-text'>{esc(self._status())}</span>")
        if key != self._shown_key:
            self._shown_key = key
            self._render_building()
            self._render_picture()
            self._render_log()
            self._render_crew()
        self._render_actions()
        self._render_rewind()
        self._keep()

    def _floor_tips(self, floors: int) -> list[str]:
        _ = self.t.gettext
        return ([_("All {n} floors").format(n=floors), _("The floors with someone on them")]
                + [_("Floor {n}").format(n=f) for f in range(1, floors + 1)])

    def _render_building(self) -> None:
        """The job and its walls above the picture; the floor buttons the building has."""
        m = self.model
        set_value(self.building, "value", f"<p class='burgle-building-line'>{esc(self._say(m.building()))}</p>")
        n = m.job.floors
        if n != self._floor_count:
            self._floor_count = n
            keep = self.floors.value if self.floors.value in ("all", "play") or int(self.floors.value) <= n \
                else "play"
            self._syncing = True
            try:
                self.floors.options = [(self.t.gettext(label) if value in ("all", "play")
                                        else self.t.gettext("Floor {n}").format(n=value), value)
                                       for label, value in floor_options(n)]
                self.floors.tooltips = self._floor_tips(n)
                self.floors.value = keep
            finally:
                self._syncing = False

    def _floors(self):
        v = self.floors.value
        if v == "all":
            return None
        if v == "play":
            return self.model.floors_in_play()
        return int(v)

    def _render_picture(self) -> None:
        m = self.model
        floors = self._floors()
        if self.lang == DEFAULT:
            svg, alt = m.svg(floors), m.alt_text(floors)
        else:  # the picture's words in the page's language (burgle.i18n.pictures)
            from burgle.i18n.pictures import localize_scene
            from burgle.pictures import render_scene, scene

            sc = localize_scene(scene(m.game, floors=floors), self.lang, m.game)
            svg, alt = render_scene(sc, "svg"), sc.alt_text
        targets = cell_targets(m.legal(), lambda t: action_label(m.game, t))
        self.picture.show(f"<div class='burgle-svg'>{svg_body(svg)}</div>", targets,
                          "" if targets or not m.game.is_over else self.t.gettext(
                              "The game is over: start a new game, load one, or rewind."))
        paras = "".join(f"<p>{esc(p)}</p>" for p in alt.split("\n") if p.strip())
        summary = esc(self.t.gettext("The picture in words"))
        set_value(self.alt, "value", f"<details class='burgle-alt-details'><summary>{summary}</summary>"
                                     f"{paras}</details>")

    def _render_log(self) -> None:
        entries = self.model.log
        if not entries:
            set_value(self.log, "value", f"<p class='burgle-muted'>{esc(self.t.gettext('No actions yet.'))}</p>")
            return
        items = []
        happenings = self.model.game.happenings
        for e in reversed(entries):
            texts = e.happened if self.lang == DEFAULT else [narrate(h, self.lang) for h in happenings[e.number - 1]]
            said = "".join(f"<li>{esc(t)}</li>" for t in texts)
            who = e.who if self.lang == DEFAULT else self._who(e.seat)
            items.append(f"<li class='burgle-log-entry'><span class='burgle-log-title'><span class='burgle-log-n'>"
                         f"{e.number}</span> <b>{esc(who)}</b>: <code>{esc(e.action)}</code></span>"
                         f"<ul class='burgle-log-said'>{said}</ul></li>")
        set_value(self.log, "value", f"<ol class='burgle-log-list' reversed>{''.join(items)}</ol>")

    def _render_crew(self) -> None:
        cards = []
        lang, _ = self.lang, self.t.gettext
        for c in self.model.crew():
            ch = self.model.game.s.characters[c.seat]
            hand = ([card_chip(k, "burgle-tool", lang) for k in ch.tools]
                    + [card_chip(k, "burgle-loot", lang) for k in ch.loot])
            dots = "●" * min(c.stealth, 9)
            tags = []
            if c.active:
                tags.append(f"<span class='burgle-tag burgle-tag-active'>{esc(_('to act'))}</span>")
            if c.to_choose:
                tags.append(f"<span class='burgle-tag burgle-tag-choose'>{esc(_('chooses'))}</span>")
            cls = " burgle-crew-active" if c.active else ""
            name, power, text, cell = c.name, c.ability, c.ability_text, c.cell
            if lang != DEFAULT:
                name = character_name(ch.name, lang)
                power, text = ability(f"{ch.name}_{ch.side}", lang)
                cell = _(cell) if cell in ("escaped", "not in yet") else cell
            side = _(_SIDES.get(c.side, c.side))
            seat = _("seat {seat}").format(seat=c.seat)
            stealth = esc(_("Stealth ({n})").format(n=c.stealth), quote=True)
            on = esc(_("on {cell}")).format(cell=f"<b>{esc(cell)}</b>")
            none = esc(_("no cards"))
            cards.append(
                f"<div class='burgle-crew-card{cls}'><div class='burgle-crew-head'><b>{esc(name)}</b>"
                f"<span class='burgle-muted'> · {esc(side)} · {esc(seat)}</span> {''.join(tags)}</div>"
                f"<div class='burgle-crew-line'><span title='{stealth}' class='burgle-stealth'>"
                f"{esc(_('Stealth'))} <b>{c.stealth}</b> <span aria-hidden='true'>{dots}</span></span>"
                f"<span class='burgle-where'>{on}</span></div>"
                f"<div class='burgle-crew-line burgle-ability' title='{esc(text, quote=True)}'>"
                f"{esc(power)}: <span class='burgle-muted'>{esc(text)}</span></div>"
                f"<div class='burgle-crew-line'>{''.join(hand) or f'<span class=burgle-muted>{none}</span>'}</div>"
                f"</div>")
        set_value(self.crew, "value", "".join(cards))
        set_value(self.table, "value", game_state_html(self.model.game, crew=False, lang=lang))

    def _render_actions(self) -> None:
        m = self.model
        rows, shown = [], []
        choice = m.game.pending is not None
        for g in m.groups():
            acts = list(g.actions)
            extra = []
            if len(acts) > BIG_GROUP and g.label not in self._expanded:
                hidden = len(acts) - SHOWN
                acts = acts[:SHOWN]
                more = self._more_button(g.label)
                set_value(more, "description", self.t.gettext("+{n} more").format(n=hidden))
                extra = [more]
            buttons = [self._action_button(a) for a in acts]
            shown += buttons
            label = esc(self._group_label(g.label)) + (f" <span class='burgle-hint'>{esc(say_words(g.hint, self.lang))}"
                                                       "</span>" if g.hint else "")
            rows.append(self._group_row(g.label, label, buttons + extra, choice))
        if not rows:
            if self._idle_note is None:
                self._idle_note = html_widget("", "burgle-idle")
            set_value(self._idle_note, "value", "<p class='burgle-muted'>" + esc(self.t.gettext(
                "{status} Start a new game, load one, or rewind.").format(status=self._status())) + "</p>")
            rows = [self._idle_note]
        self.action_buttons = shown
        if list(self.actions.children) != rows:
            self.actions.children = rows

    def _group_row(self, key: str, label_html: str, buttons, choice: bool):
        """One group's row, reused from one action to the next (widgets are not thrown away)."""
        row = self._rows.get(key)
        if row is None:
            head = html_widget("")
            row = box([head, box([], "burgle-group-buttons", vertical=False)], "burgle-group")
            self._rows[key] = row
        head, line = row.children
        set_value(head, "value", f"<span class='burgle-group-label'>{label_html}</span>")
        if list(line.children) != buttons:
            line.children = buttons
        toggle_class(row, "burgle-group-choice", choice)
        return row

    def _more_button(self, label: str):
        b = self._more.get(label)
        if b is None:
            b = button("+ more", "burgle-more-actions", tooltip=self.t.gettext("Show every '{label}' action").format(
                label=self._group_label(label)))
            b.on_click(self._safe(lambda _b, label=label: self._expand(label)))
            self._more[label] = b
        return b

    def _action_button(self, text: str) -> widgets.Button:
        label = action_label(self.model.game, text, self.lang)  # names characters, not seats
        b = self._pool.get((text, label))
        if b is None:
            verb = text.split()[0]
            tip = (self.model.describe(text) if self.lang == DEFAULT or verb not in VERBS
                   else f"{action_help(verb, self.lang)} ({VERBS[verb].rule})")
            if label != text:
                tip += " " + self.t.gettext("(typed: {action})").format(action=text)
            b = button(label, "burgle-action", tooltip=tip)
            b.action = text
            b.on_click(self._safe(lambda _b, t=text: self.act(t)))
            self._pool[(text, label)] = b
        return b

    def _expand(self, label: str) -> None:
        self._expanded.add(label)
        self._render_actions()

    def _render_rewind(self) -> None:
        m = self.model
        titles = m.timeline()
        if self.lang != DEFAULT:  # who acted, by name in the language
            titles = [self._say(titles[0])] + [f"{e.number}. {self._who(e.seat)}: {e.action}" for e in m.log] + \
                titles[1 + len(m.log):]
        opts = [(t, k) for k, t in enumerate(titles)]
        self._syncing = True
        try:
            if list(self.rewind.options) != opts:
                self.rewind.options = opts
            set_value(self.rewind, "value", len(m.game.log))
        finally:
            self._syncing = False
        self.undo_button.disabled = not m.game.log
        self.redo_button.disabled = not m.redo
        nxt = m.redo[0] if m.redo else ""
        set_value(self.redo_button, "tooltip", self.t.gettext("Replay: {action}").format(action=nxt) if nxt
                  else self.t.gettext("Nothing to replay"))

    # ------------------------------------------------------------------ plumbing
    def find_action(self, text: str) -> widgets.Button:
        """The shown action button whose description is *text* (for tests and notebooks)."""
        for b in self.action_buttons:
            if getattr(b, "action", None) == text or b.description == text:
                return b
        raise KeyError(f"no action button {text!r}; shown: {[b.description for b in self.action_buttons]}")


CSS = r"""
.burgle-sandbox .burgle-status-text { color: #f3f4f7; font-weight: 600; font-size: 14px; }
.burgle-sandbox .burgle-body { padding: 14px 16px 20px 16px; gap: 14px; align-items: flex-start; }
.burgle-sandbox .burgle-left { flex: 1 1 760px; min-width: 0; gap: 12px; }
.burgle-sandbox .burgle-right { flex: 0 0 440px; gap: 12px; min-width: 0; }
.burgle-sandbox .burgle-picture-card { gap: 6px; }
.burgle-sandbox .burgle-svg svg { max-height: 82vh; }
.burgle-sandbox .burgle-rewind-row { gap: 8px; align-items: center; margin-bottom: 6px; }
.burgle-sandbox .burgle-rewind-row .widget-dropdown { flex: 1 1 auto; min-width: 0; }
.burgle-sandbox .burgle-rewind-row .jupyter-button { flex: 0 0 auto; min-width: 92px; }
.burgle-sandbox .burgle-label { font-weight: 600; color: var(--b-ink2); white-space: nowrap; font-size: 13.5px; }
.burgle-sandbox .burgle-log { max-height: 340px; overflow-y: auto; }
@media (max-width: 1100px) { .burgle-sandbox .burgle-log { max-height: none; overflow: visible; } }
.burgle-sandbox .burgle-log-list { margin: 0; padding: 0; list-style: none; }
.burgle-sandbox .burgle-log-entry { border-top: 1px solid var(--b-line); padding: 5px 2px; }
.burgle-sandbox .burgle-log-entry:first-child { border-top: none; background: #fff8ec; border-radius: 8px; }
.burgle-sandbox .burgle-log-n { display: inline-block; min-width: 26px; text-align: right; color: var(--b-muted);
  font-weight: 700; font-size: 12.5px; margin-right: 4px; }
.burgle-sandbox .burgle-log-said { margin: 2px 0 0 34px; padding-left: 14px; color: var(--b-ink2); font-size: 13.5px; }
.burgle-sandbox .burgle-actions { gap: 8px; }
.burgle-sandbox .burgle-group { gap: 3px; }
.burgle-sandbox .burgle-group-choice { background: var(--b-amber-bg); border: 1px solid #f2d9a6; border-radius: 10px;
  padding: 8px 10px; }
.burgle-sandbox .burgle-group-label { font-size: 13px; font-weight: 700; color: var(--b-ink2); }
.burgle-sandbox .burgle-hint { font-weight: 500; color: #7a5200; display: block; margin-top: 2px; }
.burgle-sandbox .burgle-group-buttons { flex-wrap: wrap; gap: 6px; }
.burgle-sandbox .jupyter-button.burgle-action { font-family: "JetBrains Mono", "DejaVu Sans Mono", Menlo, Consolas,
  monospace; font-size: 13.5px; font-weight: 600; border-color: #9dbbd6; background: #f3f8fc; color: #0b4f7c; }
.burgle-sandbox .jupyter-button.burgle-action:hover:enabled { background: #e2eff9; border-color: var(--b-blue); }
.burgle-sandbox .jupyter-button.burgle-more-actions { font-size: 12.5px; color: var(--b-muted); border-style: dashed; }
.burgle-sandbox .burgle-crew-card { border: 1px solid var(--b-line); border-radius: 10px; padding: 7px 10px;
  margin-bottom: 6px; background: #fff; }
.burgle-sandbox .burgle-crew-card.burgle-crew-active { border-color: #e69f00; box-shadow: inset 3px 0 0 #e69f00; }
.burgle-sandbox .burgle-crew-line { font-size: 13.5px; display: flex; gap: 14px; flex-wrap: wrap; margin-top: 2px; }
.burgle-sandbox .burgle-ability { font-size: 12.5px; display: block; }
.burgle-sandbox .burgle-stealth { color: #0b4f7c; }
.burgle-sandbox .burgle-tag { font-size: 11px; font-weight: 800; text-transform: uppercase; letter-spacing: .06em;
  border-radius: 999px; padding: 1px 7px; margin-left: 6px; }
.burgle-sandbox .burgle-tag-active { background: #fff0d6; color: #8a5a00; }
.burgle-sandbox .burgle-tag-choose { background: #fde3d3; color: #9a3d0b; }
.burgle-sandbox .burgle-card-chip { display: inline-block; font-size: 12px; font-weight: 650; border-radius: 6px;
  padding: 1px 7px; margin: 1px 3px 1px 0; cursor: help; }
.burgle-sandbox .burgle-tool { background: #e8f1f8; color: #0a5a8a; border: 1px solid #c9def0; }
.burgle-sandbox .burgle-loot { background: #fff3d6; color: #7a5800; border: 1px solid #f0dca8; }
.burgle-sandbox .burgle-new-box, .burgle-sandbox .burgle-files { gap: 6px; padding: 8px 2px; }
.burgle-sandbox .burgle-seat-row { gap: 6px; align-items: center; }
.burgle-sandbox .burgle-file-row { gap: 8px; flex-wrap: wrap; }
.burgle-sandbox .burgle-download { font-weight: 700; color: var(--b-blue); }
.burgle-sandbox .burgle-game-tabs { width: 100%; }
.burgle-sandbox .burgle-typed-row { gap: 8px; align-items: center; margin-top: 8px; flex-wrap: wrap; }
.burgle-sandbox .burgle-confirm { background: var(--b-red-bg); border: 1px solid #f1c8c0; border-radius: 10px;
  padding: 8px 10px; gap: 6px; }
.burgle-sandbox .burgle-confirm-buttons { gap: 8px; flex-wrap: wrap; }
.burgle-app .jupyter-button.mod-danger { background: var(--b-red); border-color: var(--b-red); color: #fff; }
.burgle-sandbox .burgle-load-error { color: var(--b-red); font-weight: 600; margin: 0 !important; }
.burgle-sandbox .burgle-table { margin-top: 2px; }
@media (max-width: 600px) {
  .burgle-app { border-radius: 0; }
  .burgle-sandbox .burgle-body { padding: 10px 4px 16px 4px; }
  .burgle-sandbox .burgle-picture-card { padding: 8px 2px; }  /* Building view: 24 px cells at 360 px */
  .burgle-sandbox .burgle-seat-row { flex-wrap: wrap; }
  .burgle-sandbox .burgle-rewind-row { flex-wrap: wrap; }
  /* the hint buttons' labels are long in Spanish: one under the other, wrapped, never cut */
  .burgle-sandbox .burgle-hint-buttons { flex-wrap: wrap; gap: 6px; }
  .burgle-sandbox .burgle-hint-buttons .jupyter-button { flex: 0 1 auto; max-width: 100%; height: auto;
    min-height: 32px; white-space: normal; overflow: visible; }
}
@media (max-width: 1100px) {
  .burgle-sandbox .burgle-body { flex-direction: column; align-items: stretch; }
  .burgle-sandbox .burgle-right { flex: 1 1 auto; }
}
"""
