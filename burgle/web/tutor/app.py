"""The tutor app: ipywidgets on top of :mod:`burgle.web.tutor.session` and :mod:`~burgle.web.tutor.lookup`.

``TutorApp().display()`` shows a lesson list with the learner's progress and a rules
lookup; opening a lesson shows its picture (inline SVG in a ``widgets.HTML``, never an
``Output``: see docs/voila-page-loads.md), the narration, the legal actions as buttons,
feedback and navigation. No rules logic lives here: the session judges actions, the
engine decides what is legal, the pictures package draws.

Stable CSS classes (shared with the browser tests) are listed in the tutor contract:
``burgle-tutor``, ``burgle-ready``, ``burgle-lesson-list``, ``burgle-lesson``,
``burgle-lesson-view``, ``burgle-lesson-title``, ``burgle-narration``, ``burgle-picture``,
``burgle-action``, ``burgle-feedback`` (+ ``-right`` / ``-wrong``), ``burgle-next``,
``burgle-back``, ``burgle-restart``, ``burgle-home``, ``burgle-search``, ``burgle-hit``,
``burgle-progress``; since issue 10: ``burgle-predict`` with ``burgle-answer`` buttons (+
``burgle-answer-right`` / ``-chosen`` once answered), ``burgle-typed`` (the action text box)
and ``burgle-try``, ``burgle-confirm`` with ``burgle-restart-yes`` / ``-no``,
``burgle-state-box`` (the game panel), ``burgle-skip`` (the skip link to the lookup).

A prediction step (``[steps.predict]``) shows its question and a button per cell or choice;
a click on the board answers it too (:meth:`TutorApp.click_cell`, for the clickable
board). Action buttons are labelled by :func:`burgle.web.ui.action_label` (characters
named, not seats); each button's ``action`` attribute is the action text.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import ipywidgets as widgets
from ipywidgets.widgets.widget_string import HTMLStyle

from burgle.geometry.board import cell_name, floor_of
from burgle.data.rules import RULE_ID as RULE_TEXT, RULE_INDEX
from burgle.engine.actions import VERBS
from burgle.web.board import Board, cell_targets
from burgle.i18n import N_, Translator, action_help, card_name, rule as rule_in
from burgle.i18n.languages import DEFAULT, language
from burgle.i18n.happenings import say_words
from burgle.lessons.translations import localize
from burgle.web.language import FONT_CSS
from burgle.lessons.model import Lesson, LessonError, lessons_dir, load_lesson
from burgle.web.tutor.lookup import RulesLookup, query_words
from burgle.web.tutor.session import NO_PART, Feedback, LessonSession, Progress, lesson_sections
from burgle.web.tutor.storage import ProgressStore
from burgle.web.ui import STATE_CSS, STOP_ICON, AppPage, PageHelper, action_label, button_css, frame_css, game_state_html

PAGE_TITLE = N_("Burgle Bros. tutor")
FEEDBACK = ".burgle-tutor .burgle-feedback"
BIG_GROUP = 12  # a group with more actions shows SHOWN_FIRST of them and a "show all" toggle
SHOWN_FIRST = 8
# ASCII word boundaries: in Japanese a cell name or rule id runs straight into kana (「1B2は」).
CELL_TEXT = re.compile(r"\b[1-3][A-D][1-4]\b", re.ASCII)
QUOTED_ACTION = re.compile(r"'([a-z][a-z-]*(?: [\w-]+){0,2})'")

# Strings translated inside f-strings below, where Babel's extractor does not look: marked
# here so that they reach the catalog (tests/test_i18n_pages.py checks none is missed).
_IN_F_STRINGS = (
    N_("Skip to the rules lookup"), N_("The game"), N_("Part {n}"), N_("Lesson {n}"), N_("rules {ids}"),
    N_("Pick up where you left off"), N_("step {n} of {total}"), N_("All done"), N_("No lessons yet."),
    N_("Sorry"), N_("Step {n}"), N_("Describe the picture in words"), N_("Marked on the board: {cells}"),
    N_("Rules:"), N_("Your actions"), N_("Predict"), N_("Why"), N_("What the engine did"),
    N_("Nothing changed on the board: try again."), N_("Lesson complete"), N_("No lesson covers this yet."),
    N_("Cut off"), N_("Something went wrong"),
)

KIND_HEADINGS = {
    "right": ("✓", N_("Right!")),
    "wrong": ("✗", N_("Not quite.")),
    "illegal": (STOP_ICON, N_("The rules don't allow that.")),
    "other": ("↺", N_("Not this time.")),
}


# ---------------------------------------------------------------------- text helpers
_MARKED = re.compile("|".join(f"(?P<{name}>{rx.pattern})" for name, rx in (
    ("action", QUOTED_ACTION), ("rule", RULE_TEXT), ("cell", CELL_TEXT))), re.ASCII)


def _rule_title(rid: str, lang: str) -> str:
    """The rule's summary (its index line) in *lang*, for a tooltip."""
    if lang == DEFAULT or rid not in RULE_INDEX:
        return RULE_INDEX.get(rid, "")
    try:
        r = rule_in(rid, lang)
    except (KeyError, ValueError):
        return RULE_INDEX.get(rid, "")
    return r.summary or RULE_INDEX.get(rid, "")


def rich(text: str, lang: str = DEFAULT) -> str:
    """Escape lesson text and mark cell names, quoted actions and rule ids.

    One pass over the text: markup once made is never scanned again, so a cell name in
    a rule's tooltip stays text (CONV-2's summary mentions '2C3').

    >>> rich("Peek at 1B2 ('peek 1B2', ACT-2).")
    "Peek at <b class='burgle-cell'>1B2</b> (<code class='burgle-act'>peek 1B2</code>, <abbr class='burgle-rule' title='...'>ACT-2</abbr>)."
    """
    def one(m: re.Match) -> str:
        found = m.group(0)
        if m.group("action") is not None:
            action = m.group(m.re.groupindex["action"] + 1)
            if action.split()[0] in VERBS:
                return f"<code class='burgle-act'>{html.escape(action)}</code>"
            return html.escape(found, quote=False)
        if m.group("rule") is not None:
            return (f"<abbr class='burgle-rule' title='{html.escape(_rule_title(found, lang), quote=True)}'>"
                    f"{html.escape(found)}</abbr>")
        return f"<b class='burgle-cell'>{html.escape(found)}</b>"

    out, last = [], 0
    for m in _MARKED.finditer(text):
        out.append(html.escape(text[last:m.start()], quote=False))
        out.append(one(m))
        last = m.end()
    out.append(html.escape(text[last:], quote=False))
    return "".join(out)


def rule_chip(rid: str, lang: str = DEFAULT) -> str:
    title = html.escape(_rule_title(rid, lang), quote=True)
    return f"<span class='burgle-chip' title='{title}'>{html.escape(rid)}</span>"


def mark(text: str, words) -> str:
    """*text* escaped, with the query *words* wrapped in ``<mark>`` (plain substring match)."""
    words = sorted({w for w in words if w}, key=len, reverse=True)
    if not words:
        return html.escape(text)
    low = text.lower()
    spans, i = [], 0
    while i < len(text):
        found = next((w for w in words if low.startswith(w, i)), None)
        if found:
            spans.append(f"<mark>{html.escape(text[i:i + len(found)])}</mark>")
            i += len(found)
        else:
            spans.append(html.escape(text[i]))
            i += 1
    return "".join(spans)


def short_title(title: str) -> str:
    """'First steps: peek, move, ...' -> 'First steps'."""
    head = title.split(":")[0].strip()
    return head if len(head) <= 32 else head[:31].rstrip() + "…"


def svg_body(svg: str) -> str:
    """The ``<svg>`` element alone (no XML prolog or doctype), for inline HTML."""
    start = svg.find("<svg")
    return svg[start:] if start >= 0 else svg


# Layouts and styles no code changes are shared by all the widgets that use them: a page
# then sends a few hundred widget models instead of a thousand (each widget would
# otherwise bring its own Layout and Style model).
_SHARED: dict[str, widgets.Widget] = {}
_PARTS = {
    "layout": lambda: widgets.Layout(),
    "button_layout": lambda: widgets.Layout(width="auto"),
    "button_style": lambda: widgets.ButtonStyle(),
    "html_style": lambda: HTMLStyle(),
}


def _shared(name: str) -> widgets.Widget:
    part = _SHARED.get(name)
    if part is None or part.comm is None:  # never made, or closed (Widget.close_all)
        part = _SHARED[name] = _PARTS[name]()
    return part


def _button(description: str, *classes: str, tooltip: str = "", style: str = "",
            own_layout: bool = False) -> widgets.Button:
    b = widgets.Button(description=description, tooltip=tooltip or description, button_style=style,
                       layout=widgets.Layout(width="auto") if own_layout else _shared("button_layout"),
                       style=_shared("button_style"))
    for c in classes:
        b.add_class(c)
    return b


def _html(value: str = "", *classes: str) -> widgets.HTML:
    w = widgets.HTML(value, layout=_shared("layout"), style=_shared("html_style"))
    for c in classes:
        w.add_class(c)
    return w


def _box(children=(), *classes: str, vertical: bool = True, own_layout: bool = False) -> widgets.Box:
    box = (widgets.VBox if vertical else widgets.HBox)(
        list(children), layout=widgets.Layout() if own_layout else _shared("layout"))
    for c in classes:
        box.add_class(c)
    return box


def _dispose(widgets_) -> None:
    """Close widgets that left the page (and their children and own layouts and styles),
    so neither the kernel nor the browser keeps models nobody shows any more."""
    shared = {id(w) for w in _SHARED.values()}
    for w in widgets_:
        _dispose(getattr(w, "children", ()))
        for part in (getattr(w, "layout", None), getattr(w, "style", None)):
            if part is not None and id(part) not in shared:
                part.close()
        w.close()


def _show(widget, visible: bool) -> None:
    widget.layout.display = None if visible else "none"


# ---------------------------------------------------------------------- the app
class TutorApp(AppPage):
    """The tutor: lesson list, rules lookup and lesson view, as one ipywidgets tree (``root``)."""

    def __init__(self, folder=None, storage: bool = True, lang: str = DEFAULT):
        self.folder = Path(folder) if folder else lessons_dir()
        self.lang = language(lang)
        self.t = Translator(self.lang)
        self._localized: dict[tuple[str, str], Lesson] = {}
        self.errors: list[str] = []  # unexpected errors in callbacks (also shown on the page)
        self.progress = Progress()
        self.session: LessonSession | None = None
        self.lesson_buttons: dict[str, widgets.Button] = {}
        self.action_buttons: list[widgets.Button] = []
        self.hit_buttons: list[widgets.Button] = []
        self._lesson_stamp = None
        self._picture_key = None
        self._actions_key = None
        self._predict_key = None
        self._expanded: set[str] = set()

        self.store = ProgressStore() if storage else None
        if self.store is not None:
            self.store.observe(self._on_restored, names=["loaded", "restored"])
        self._build()
        self._labels()
        self._load_lessons()
        self.go_home()

    # ------------------------------------------------------------------ language
    def set_language(self, lang: str) -> None:
        """Show everything in *lang* (``en``, ``es``, ``ja``) from now on: the page's labels,
        the lessons (steps without a current translation stay English), the narration and
        refusals. An open lesson stays at its step with its game."""
        lang = language(lang)
        if lang == self.lang:
            return
        self.lang = lang
        self.t = Translator(lang)
        self._labels()
        self._use_lessons(list(self._english.values()))
        self._picture_key = self._actions_key = self._predict_key = None
        if self.session is not None:
            self.session.set_language(self._localize(self.session.lesson), lang)
            self._render_lesson()
        self._refresh_list()

    def _localize(self, lesson: Lesson) -> Lesson:
        """*lesson* (from this app's list, in any language) in the app's language."""
        english = self._english.get(lesson.id, lesson)
        key = (english.id, self.lang)
        if key not in self._localized:
            self._localized[key] = localize(english, self.lang)
        return self._localized[key]

    def _labels(self) -> None:
        """Every fixed text of the page, in the app's language."""
        _ = self.t.gettext
        self.helper.title = _(PAGE_TITLE)
        self.brand.value = (
            "<div class='burgle-brand'><span class='burgle-logo' aria-hidden='true'>◆</span>"
            "<span class='burgle-name'>Burgle Bros.</span><span class='burgle-sub'>"
            + html.escape(_("Tutor · The Bank Job")) + "</span></div>")
        self.lessons_h2.value = f"<h2>{html.escape(_('Lessons'))}</h2>"
        self.search.placeholder = _("GUARD-9, Lavatory, Blueprints, peek…")
        self.search.description = _("Search the rules")
        self.lookup_h2.value = (f"<h2 id='burgle-lookup' tabindex='-1'>{html.escape(_('Rules lookup'))}</h2>"
                                f"<p class='burgle-help'>" + html.escape(_(
                                    "Search by rule id, tile, card or any word. Each hit opens the lesson that "
                                    "teaches it.")) + "</p>")
        self.skip.value = (f"<a class='burgle-skip' href='#burgle-lookup'>"
                           f"{html.escape(_('Skip to the rules lookup'))}</a>")
        for b, label, tip in (
                (self.home_button, _("◂ All lessons"), _("Back to the lesson list")),
                (self.try_button, _("Try it"), _("Try the action typed in the box: the rules engine judges it")),
                (self.back_button, _("◂ Back"), _("Go back to the start of the previous step")),
                (self.restart_button, _("↺ Restart"), _("Start this lesson again")),
                (self.restart_yes, _("Yes, start again"), _("Start this lesson again from its first step")),
                (self.restart_no, _("Keep going"), _("Stay where you are"))):
            b.description, b.tooltip = label, tip
        self.typed.placeholder = _("e.g. move 1B2")
        self.typed.description = _("Type an action")
        self.confirm_text.value = ("<p class='burgle-confirm-text'>" + html.escape(_(
            "Start this lesson again from step 1? What you did in it is undone.")) + "</p>")
        self.state_title.value = f"<h2 class='burgle-state-title'>{html.escape(_('The game'))}</h2>"

    # ------------------------------------------------------------------ building
    def _build(self) -> None:
        self.progress_html = _html("", "burgle-progress")
        self.brand = brand = _html("", "burgle-brand-box")
        self.header = _box([brand, self.progress_html], "burgle-header", vertical=False)
        self.helper = PageHelper(title=PAGE_TITLE, live=[".burgle-tutor .burgle-feedback",
                                                         ".burgle-tutor .burgle-progress"])

        # home: continue banner, lesson list, rules lookup
        self.banner_html = _html("", "burgle-banner-text")
        self.continue_button = _button("▸", "burgle-continue", style="primary", own_layout=True)
        self.continue_button.on_click(self._safe(lambda _b: self._continue()))
        self.banner = _box([self.banner_html, self.continue_button], "burgle-banner", vertical=False)
        self.lesson_list = _box([], "burgle-lesson-list")
        self.list_note = _html("", "burgle-list-note")
        self.lessons_h2 = _html("", "burgle-h2")
        lessons_col = _box([self.lessons_h2, self.lesson_list, self.list_note], "burgle-lessons-col")
        self.search = widgets.Text(continuous_update=True, style={"description_width": "initial"},
                                   layout=widgets.Layout(width="100%"))
        self.search.add_class("burgle-search")
        self.search.observe(self._safe(lambda _c: self._run_search()), names="value")
        self.results = _box([], "burgle-results")
        self.lookup_h2 = _html("", "burgle-h2")
        lookup_col = _box([self.lookup_h2, self.search, self.results], "burgle-lookup")
        self.skip = skip = _html("", "burgle-skip-box")
        self.home_view = _box([skip, self.banner,
                               _box([lessons_col, lookup_col], "burgle-home-cols", vertical=False)],
                              "burgle-home-view", own_layout=True)

        # lesson view
        self.home_button = _button("◂", "burgle-home")
        self.home_button.on_click(self._safe(lambda _b: self.go_home()))
        self.title_html = _html("", "burgle-lesson-title")
        self.steps_html = _html("", "burgle-steps")
        top = _box([self.home_button, self.title_html, self.steps_html], "burgle-lesson-top", vertical=False)
        self.picture = Board(layout=_shared("layout"))  # the board: its cells are clickable (burgle.web.board)
        self.picture.add_class("burgle-picture")
        self.picture.on_pick(self._safe(self._pick))
        self.alt_html = _html("", "burgle-alt")
        self.picture_col = _box([self.picture, self.alt_html], "burgle-picture-col")
        self.narration = _html("", "burgle-narration")
        self.predict_box = _box([], "burgle-predict", own_layout=True)
        self.answer_buttons: list[widgets.Button] = []
        self.actions_box = _box([], "burgle-actions", own_layout=True)
        self.typed = widgets.Text(continuous_update=False, style={"description_width": "initial"},
                                  layout=widgets.Layout(flex="1 1 auto", width="auto", min_width="0"))
        self.typed.add_class("burgle-typed")
        self.typed.observe(self._safe(lambda _c: self._typed()), names="value")
        self.try_button = _button("▸", "burgle-try")
        self.try_button.on_click(self._safe(lambda _b: self._typed()))
        self.typed_row = _box([self.typed, self.try_button], "burgle-typed-row", vertical=False, own_layout=True)
        self.feedback = _html("", "burgle-feedback")
        self.state_html = _html("", "burgle-state-box")
        self.back_button = _button("◂", "burgle-back")
        self.restart_button = _button("↺", "burgle-restart")
        self.next_button = _button("▸", "burgle-next", style="primary")
        self.back_button.on_click(self._safe(lambda _b: self.back()))
        self.restart_button.on_click(self._safe(lambda _b: self.ask_restart()))
        self.restart_yes = _button("✓", "burgle-restart-yes", style="danger")
        self.restart_no = _button("✗", "burgle-restart-no")
        self.restart_yes.on_click(self._safe(lambda _b: self.restart()))
        self.restart_no.on_click(self._safe(lambda _b: self._confirm(False)))
        self.confirm_text = _html("")
        self.confirm_box = _box([self.confirm_text, self.restart_yes, self.restart_no],
                                "burgle-confirm", vertical=False, own_layout=True)
        self.next_button.on_click(self._safe(lambda _b: self.next()))
        nav = _box([self.back_button, self.restart_button, self.next_button], "burgle-nav", vertical=False)
        self.state_title = _html("")
        self.state_box = _box([self.state_title, self.state_html],
                              "burgle-state-card", own_layout=True)
        self.side_col = _box([self.narration, self.predict_box, self.actions_box, self.typed_row, self.feedback,
                              nav, self.confirm_box, self.state_box], "burgle-side-col")
        self.body = _box([self.picture_col, self.side_col], "burgle-lesson-body", vertical=False)
        self.lesson_view = _box([top, self.body], "burgle-lesson-view", own_layout=True)

        children = [_html(f"<style>{CSS}{STATE_CSS}{FONT_CSS}</style>", "burgle-style"), self.helper, self.header,
                    self.home_view, self.lesson_view]
        if self.store is not None:
            children.insert(2, self.store)
        self.root = _box(children, "burgle-tutor", own_layout=True)
        self.root.layout.width = "100%"

    # ------------------------------------------------------------------ lessons
    def _scan(self):
        found = []
        for p in self.folder.glob("*.toml"):
            try:
                found.append((p.name, p.stat().st_mtime_ns))
            except OSError:  # removed while we looked
                continue
        return tuple(sorted(found))

    def _load_lessons(self, force: bool = True) -> None:
        """Read every lesson file (again, when the folder changed): new lessons appear."""
        stamp = self._scan()
        if not force and stamp == self._lesson_stamp:
            return
        self._lesson_stamp = stamp
        lessons, problems, seen = [], [], set()
        for name, _ in stamp:
            try:
                lesson = load_lesson(self.folder / name)
            except (LessonError, OSError, ValueError) as exc:  # a file being written, or broken
                problems.append(str(exc))
                continue
            if lesson.id in seen:
                problems.append(f"{name}: another file already has the lesson id {lesson.id!r}")
                continue
            seen.add(lesson.id)
            lessons.append(lesson)
        self.problems = problems
        self._localized.clear()
        self._use_lessons(lessons)

    def _use_lessons(self, english: list[Lesson]) -> None:
        """Show *english* lessons (as read from their files) in the app's language."""
        self._english = {l.id: l for l in english}
        self.lessons: list[Lesson] = sorted((self._localize(l) for l in english), key=lambda l: (l.order, l.id))
        self.by_id = {l.id: l for l in self.lessons}
        self.lookup = RulesLookup(self.lessons, lang=self.lang)
        self._build_list()
        if self.search.value:
            self._run_search()

    def number(self, lesson_id: str) -> int:
        return next(i for i, l in enumerate(self.lessons, 1) if l.id == lesson_id)

    def _build_list(self) -> None:
        old = self.lesson_list.children
        self.lesson_buttons, self._cards, parts = {}, {}, []
        _ = self.t.gettext
        for part, (title, group) in enumerate(lesson_sections(self.lessons), 1):
            cards = []
            for lesson in group:
                n = self.number(lesson.id)
                button = _button(lesson.title, "burgle-lesson",
                                 tooltip=_("Open lesson {n}: {title}").format(n=n, title=lesson.title))
                button.on_click(self._safe(lambda _b, lid=lesson.id: self.open_lesson(lid)))
                self.lesson_buttons[lesson.id] = button
                card = _box([_html("", "burgle-lesson-num"), button, _html("", "burgle-lesson-meta")],
                            "burgle-lesson-card")
                self._cards[lesson.id] = card
                cards.append(card)
            heading = _html("", "burgle-section")
            heading.value = (f"<h3><span class='burgle-part'>{html.escape(_('Part {n}').format(n=part))}</span> "
                             f"{html.escape(_(title) if title == NO_PART else title)}</h3>")
            parts.append(_box([heading, _box(cards, "burgle-lesson-grid")], "burgle-lesson-section"))
        self.lesson_list.children = parts
        _dispose(old)
        note = ""
        if self.problems:
            items = "".join(f"<li>{html.escape(p)}</li>" for p in self.problems)
            unread = self.t.ngettext("{n} lesson file could not be read", "{n} lesson files could not be read",
                                     len(self.problems)).format(n=len(self.problems))
            note = f"<details><summary>{html.escape(unread)}</summary><ul>{items}</ul></details>"
        if not self.lessons:
            note = ("<p>" + html.escape(_("No lessons found in {folder}.").format(folder=self.folder)) + "</p>"
                    + note)
        self.list_note.value = note
        self._refresh_list()

    def _refresh_list(self) -> None:
        _, t = self.t.gettext, self.t
        for n, lesson in enumerate(self.lessons, 1):
            done = self.progress.is_done(lesson.id)
            current = self.progress.lesson == lesson.id and not done
            card = self._cards[lesson.id]
            num, button, meta = card.children
            button.description = ("✓ " if done else "") + lesson.title
            for cls, on in (("burgle-done", done), ("burgle-current", current)):
                (card.add_class if on else card.remove_class)(cls)
            status = _("Done") if done else (_("In progress · step {n}").format(n=self.progress.step + 1)
                                             if current else _("New"))
            num.value = (f"<span class='burgle-num'>{html.escape(_('Lesson {n}').format(n=n))}</span>"
                         f"<span class='burgle-status burgle-status-{'done' if done else 'current' if current else 'new'}'>"
                         f"{html.escape(status)}</span>")
            taught = sorted(lesson.taught, key=_natural)
            rules = ", ".join(f"<abbr class='burgle-rule' title='{html.escape(_rule_title(r, self.lang), quote=True)}'>"
                              f"{html.escape(r)}</abbr>" for r in taught)
            steps = t.ngettext("{n} step", "{n} steps", len(lesson.steps)).format(n=len(lesson.steps))
            meta.value = (f"<p class='burgle-summary'>{html.escape(lesson.summary)}</p>"
                          f"<p class='burgle-meta'>{html.escape(steps)} · "
                          f"{html.escape(_('rules {ids}')).format(ids=rules)}</p>")
        ids = [l.id for l in self.lessons]
        done = sum(1 for i in ids if self.progress.is_done(i))
        pct = round(100 * done / len(ids)) if ids else 0
        self.progress_html.value = (
            f"<div class='burgle-progress-box' role='status'><span>{html.escape(self._summary(done, len(ids)))}</span>"
            f"<span class='burgle-bar' aria-hidden='true'><span style='width:{pct}%'></span></span></div>")
        self._refresh_banner()

    def _summary(self, done: int, total: int) -> str:
        return self.t.ngettext("{done} of {total} lesson done", "{done} of {total} lessons done", total).format(
            done=done, total=total)

    def _refresh_banner(self) -> None:
        _ = self.t.gettext
        p = self.progress
        if p.lesson in self.by_id and not p.is_done(p.lesson):
            lesson = self.by_id[p.lesson]
            step = min(p.step, len(lesson.steps) - 1)
            n = self.number(lesson.id)
            self.banner_html.value = (
                f"<p class='burgle-kicker'>{html.escape(_('Pick up where you left off'))}</p>"
                f"<p class='burgle-banner-title'>{html.escape(_('Lesson {n}: {title}').format(n=n, title=lesson.title))}"
                f" <span class='burgle-muted'>· "
                f"{html.escape(_('step {n} of {total}').format(n=step + 1, total=len(lesson.steps)))}</span></p>")
            self.continue_button.description = _("Continue ▸")
            self.continue_button.tooltip = _("Continue lesson {n} at step {step}").format(n=n, step=step + 1)
            self._continue_target = (lesson.id, step)
        else:
            todo = next((l for l in self.lessons if not p.is_done(l.id)), None)
            if todo is None:
                self.banner_html.value = (
                    f"<p class='burgle-kicker'>{html.escape(_('All done'))}</p><p class='burgle-banner-title'>"
                    + html.escape(_("You have finished every lesson. Time to rob a bank for real!")) + "</p>"
                    if self.lessons else f"<p class='burgle-banner-title'>{html.escape(_('No lessons yet.'))}</p>")
                self._continue_target = None
            else:
                first = not p.completed
                intro = ("<p class='burgle-banner-intro'>" + html.escape(_(
                    "Learn the rules one at a time: each lesson sets up a small heist, you act, and the rules "
                    "engine shows what happens.")) + "</p>" if first else "")
                n = self.number(todo.id)
                kicker = _("Welcome, burglar") if first else _("Next up")
                self.banner_html.value = (
                    f"<p class='burgle-kicker'>{html.escape(kicker)}</p>{intro}"
                    f"<p class='burgle-banner-title'>"
                    f"{html.escape(_('Lesson {n}: {title}').format(n=n, title=todo.title))}</p>")
                self.continue_button.description = _("Start ▸") if first else _("Next lesson ▸")
                self.continue_button.tooltip = _("Open lesson {n}: {title}").format(n=n, title=todo.title)
                self._continue_target = (todo.id, 0)
        _show(self.continue_button, self._continue_target is not None)

    def _continue(self) -> None:
        if self._continue_target:
            self.open_lesson(*self._continue_target)

    # ------------------------------------------------------------------ navigation
    def go_home(self) -> None:
        """Show the lesson list (re-reading the lesson folder: new lessons appear)."""
        self._load_lessons(force=False)
        self._refresh_list()
        _show(self.home_view, True)
        _show(self.lesson_view, False)

    def open_lesson(self, lesson_id: str, step: int = 0) -> LessonSession | None:
        """Open a lesson at *step* (the start of that step)."""
        if lesson_id not in self.by_id:
            self._load_lessons()
        lesson = self.by_id[lesson_id]
        try:
            session = LessonSession(lesson, step, lang=self.lang)
        except ValueError as exc:  # its scenario or expected actions no longer load
            self.go_home()
            _ = self.t.gettext
            self.banner_html.value = (
                f"<p class='burgle-kicker'>{html.escape(_('Sorry'))}</p><p class='burgle-banner-title'>"
                + html.escape(_("Lesson {title} cannot be opened yet: {error}").format(title=lesson.title, error=exc))
                + "</p>")
            return None
        self.session = session
        self._picture_key = self._actions_key = self._predict_key = None
        self._expanded = set()
        _show(self.confirm_box, False)
        self._render_lesson()  # before it is shown: the view never shows the previous lesson's content
        _show(self.home_view, False)
        _show(self.lesson_view, True)
        return self.session

    def act(self, action: str) -> Feedback:
        """The learner chose *action* (an action button, or typed); the focus moves to
        the feedback, which screen readers announce."""
        fb = self.session.try_action(action)
        self._render_lesson()
        self.helper.focus_on(FEEDBACK)
        return fb

    def answer(self, value) -> Feedback:
        """The learner's answer to the step's prediction (a cell or a choice)."""
        fb = self.session.answer(value)
        self._render_lesson()
        self.helper.focus_on(FEEDBACK)
        return fb

    def click_cell(self, cell) -> Feedback | list | None:
        """A click on a cell of the board (name or number), as the browser makes it: while
        the step asks for a prediction on the board, the click is the answer; otherwise
        the one legal action that targets the cell is done, or, with several, their list
        is returned (the page offers them as a menu); None when the cell offers nothing."""
        s = self.session
        if s is None:
            return None
        if s.predicting and s.step.predict.cells:
            return self.answer(cell)
        name = cell_name(cell) if isinstance(cell, int) else str(cell).upper()
        return self.picture.click(name) or None

    def _board_targets(self) -> tuple[dict, str]:
        """What each cell of the board offers now, and what a cell offering nothing says:
        the step's cells to answer while it asks for a prediction on the board, else the
        legal actions naming the cell (labelled as their buttons)."""
        s = self.session
        if s.predicting:
            p = s.step.predict
            if p.cells:
                return {cell_name(c): [["answer", cell_name(c), f"answer {cell_name(c)}"]] for c in p.cells}, \
                    "Answer with one of the cells offered."
            return {}, "Answer with one of the choices offered."
        if not s.waiting:
            return {}, "Nothing to do on the board in this step: read it, then press Next."
        return (cell_targets(s.legal_actions(), lambda t: action_label(s.game, t)),
                "No legal action names {cell} now. To see what the rules say to any action, type it in the box "
                "under the actions.")

    def _pick(self, kind: str, value: str) -> Feedback | None:
        """A cell's pick sent by the board: an answer or an action."""
        if self.session is None:
            return None
        return self.answer(value) if kind == "answer" else self.act(value)

    def _typed(self) -> None:
        text = self.typed.value.strip()
        if not text or self.session is None:
            return
        self.typed.value = ""
        self.act(text)

    def ask_restart(self) -> None:
        """Restart at once on the first step with nothing done; else ask first."""
        s = self.session
        if s.index == 0 and not s.acted and s.answered is None:
            self.restart()
        else:
            self._confirm(True)

    def _confirm(self, on: bool) -> None:
        _show(self.confirm_box, on)
        if on:
            self.helper.focus_on(".burgle-tutor .burgle-restart-yes")

    def next(self) -> None:
        _show(self.confirm_box, False)
        s = self.session
        if s.completed:
            following = self._following(s.lesson.id)
            if following is not None:
                self.open_lesson(following.id)
            else:
                self.go_home()
            return
        if s.next():
            self._render_lesson()

    def back(self) -> None:
        _show(self.confirm_box, False)
        if self.session.back():
            self._render_lesson()

    def restart(self) -> None:
        _show(self.confirm_box, False)
        self.session.restart()
        self._render_lesson()

    def _following(self, lesson_id: str) -> Lesson | None:
        ids = [l.id for l in self.lessons]
        i = ids.index(lesson_id) if lesson_id in ids else -1
        rest = self.lessons[i + 1:]
        return next((l for l in rest if not self.progress.is_done(l.id)), rest[0] if rest else None)

    # ------------------------------------------------------------------ lesson view
    def _render_lesson(self) -> None:
        s = self.session
        lesson = s.lesson
        n = self.number(lesson.id) if lesson.id in self.by_id else 0
        # The feedback first: no new step may show under the old step's feedback (it
        # stayed ~0.5 s while the picture came). The picture before the action buttons:
        # once a step's buttons are there, so is its picture.
        self._render_feedback()
        _ = self.t.gettext
        self.title_html.value = (f"<p class='burgle-kicker'>{html.escape(_('Lesson {n}').format(n=n))}</p>"
                                 f"<h1>{html.escape(lesson.title)}</h1>")
        dots = "".join(
            f"<span class='burgle-dot{' burgle-dot-now' if i == s.index else ''}"
            f"{' burgle-dot-past' if i < s.index else ''}' title='{html.escape(_('Step {n}').format(n=i + 1))}'></span>"
            for i in range(len(s.steps)))
        # The stepper's text is the browser tests' way to know the step: the English stays in
        # a data attribute whatever the language.
        of = html.escape(_("Step {n} of {total}").format(n=s.index + 1, total=len(s.steps)))
        self.steps_html.value = (f"<div class='burgle-stepper' aria-label='{of}' "
                                 f"data-step='{s.index + 1}' data-steps='{len(s.steps)}'>"
                                 f"<span>{of}</span><span class='burgle-dots'>{dots}</span></div>")
        wide = len(s.floors) > 1
        (self.body.add_class if wide else self.body.remove_class)("burgle-wide")
        self._render_narration()
        self._render_predict()
        self._render_picture()
        self._render_actions()
        state = game_state_html(s.game, lang=self.lang)
        if self.state_html.value != state:
            self.state_html.value = state
        self.back_button.disabled = not s.can_back
        if s.completed:
            following = self._following(lesson.id)
            self.next_button.description = _("Next lesson ▸") if following is not None else _("All lessons ▸")
            self.next_button.tooltip = (_("Lesson {n}: {title}").format(n=self.number(following.id),
                                                                        title=following.title)
                                        if following is not None else _("Back to the lesson list"))
            self.next_button.disabled = False
        else:
            self.next_button.description = _("Next ▸")
            self.next_button.tooltip = _("Do this step's action first") if s.waiting else _("Go on to the next step")
            self.next_button.disabled = not s.can_next
        self._save_place()

    def _render_picture(self) -> None:
        s = self.session
        key = (s.lesson.id, s.index, len(s.game.log), s.predicting, s.waiting, self.lang)
        if key == self._picture_key:
            return
        self._picture_key = key
        self.picture.show(f"<div class='burgle-svg'>{svg_body(s.picture('svg'))}</div>", *self._board_targets())
        paras = "".join(f"<p>{html.escape(p)}</p>" for p in s.alt_text().split("\n") if p.strip())
        self.alt_html.value = (f"<details class='burgle-alt-details'><summary>"
                               f"{html.escape(self.t.gettext('Describe the picture in words'))}"
                               f"</summary>{paras}</details>")

    def _render_narration(self) -> None:
        s = self.session
        step = s.step
        _, lang = self.t.gettext, self.lang
        rules = "".join(rule_chip(r, lang) for r in step.rules)
        if s.predicting:
            prompt = _("First, predict: answer the question below.")
        elif s.waiting:
            prompt = _("Your move: choose an action below.")
        elif step.expect is None:
            prompt = _("Read this, then press Next.") if not s.is_last else _("That is the end of this lesson.")
        else:
            prompt = ""
        prompt = f"<p class='burgle-prompt'>{html.escape(prompt)}</p>" if prompt else ""
        where = ""
        if s.highlight_cells:
            cells = ", ".join(cell_name(c) for c in s.highlight_cells)
            where = (f"<p class='burgle-where'><span class='burgle-swatch'></span>"
                     f"{html.escape(_('Marked on the board: {cells}').format(cells=cells))}</p>")
        self.narration.value = (f"<div class='burgle-narration-text'><p>{rich(step.text, lang)}</p></div>{where}{prompt}"
                                + (f"<p class='burgle-rules'>{html.escape(_('Rules:'))} {rules}</p>" if rules else ""))

    def _render_actions(self) -> None:
        s = self.session
        key = (s.lesson.id, s.index, s.waiting, s.predicting, len(s.game.log), tuple(sorted(self._expanded)),
               self.lang)
        if key == self._actions_key:
            return  # same step, same choices (e.g. after a wrong action): keep the buttons
        self._actions_key = key
        old = self.actions_box.children
        self.action_buttons = []
        rows = []
        _ = self.t.gettext
        for group in s.action_groups():
            actions = list(group.actions)
            hidden = []
            if len(actions) > BIG_GROUP and group.label not in self._expanded:
                shown = self._preferred(actions)[:SHOWN_FIRST]
                hidden = [a for a in actions if a not in shown]
                actions = shown
            buttons = []
            for text in actions:
                label = action_label(s.game, text, self.lang)
                tip = self._describe(text) + (" " + _("(typed: {action})").format(action=text) if label != text else "")
                b = _button(label, "burgle-action", tooltip=tip)
                b.action = text  # the action itself; the label may name a character instead of a seat
                b.on_click(self._safe(lambda _b, t=text: self.act(t)))
                buttons.append(b)
            self.action_buttons.extend(buttons)
            if hidden:
                shown_label = self._group_label(group)
                more = _button(_("Show all {n}").format(n=len(group.actions)), "burgle-more-actions",
                               tooltip=_("Show every '{group}' action").format(group=shown_label))
                more.on_click(self._safe(lambda _b, label=group.label: self._expand(label)))
                buttons.append(more)
            label = html.escape(self._group_label(group)) + (f"<span class='burgle-hint'>"
                                                            f"{html.escape(say_words(group.hint, self.lang))}</span>"
                                                if group.hint else "")
            rows.append(_box([_html(f"<span class='burgle-group-label'>{label}</span>"),
                              _box(buttons, "burgle-group-buttons", vertical=False)], "burgle-group"))
        self.actions_box.children = ([_html(f"<p class='burgle-actions-title'>{html.escape(_('Your actions'))}</p>"),
                                      _box(rows, "burgle-groups", vertical=False)] if rows else [])
        _dispose(old)
        _show(self.actions_box, bool(rows))

    def _group_label(self, group) -> str:
        """A group's label in the app's language ('Use Blueprints' names the card)."""
        if group.label.startswith("Use ") and group.actions and len(group.actions[0].split()) > 1:
            return self.t.gettext("Use {card}").format(card=card_name(group.actions[0].split()[1], self.lang))
        return self.t.gettext(group.label)

    def _describe(self, action: str) -> str:
        """What an action does, in the app's language (for tooltips)."""
        verb = action.split()[0] if action.split() else ""
        if verb not in VERBS:
            return ""
        return f"{action_help(verb, self.lang)} ({VERBS[verb].rule})"

    def _render_predict(self) -> None:
        s = self.session
        p = s.step.predict
        key = (s.lesson.id, s.index, s.answered, self.lang)
        if key == self._predict_key:
            return
        self._predict_key = key
        old = self.predict_box.children
        self.answer_buttons = []
        children = []
        if p is not None:
            # (once the board's cells are clickable, a click there answers too: click_cell)
            _ = self.t.gettext
            how = _("Answer with one of these cells.") if p.cells else _("Choose one.")
            if s.answered is not None:
                how = _("You answered {given}; the answer is {answer}.").format(given=s.answered, answer=p.answer)
            children.append(_html(f"<p class='burgle-kicker'>{html.escape(_('Predict'))}</p><p class='burgle-predict-q'>"
                                  f"{rich(p.question, self.lang)}</p><p class='burgle-help'>{html.escape(how)}</p>"))
            for option in p.options:
                b = _button(option, "burgle-answer", tooltip=_("Answer: {option}").format(option=option))
                b.disabled = s.answered is not None
                if s.answered is not None and p.is_right(option):
                    b.add_class("burgle-answer-right")
                if s.answered == option:
                    b.add_class("burgle-answer-chosen")
                b.on_click(self._safe(lambda _b, o=option: self.answer(o)))
                self.answer_buttons.append(b)
            children.append(_box(self.answer_buttons, "burgle-answers", vertical=False))
        self.predict_box.children = children
        _dispose(old)
        _show(self.predict_box, p is not None)

    def _preferred(self, actions: list[str]) -> list[str]:
        """Actions on the step's marked cells first, then on the active character's floor."""
        s = self.session
        marked = {cell_name(c) for c in s.highlight_cells}
        ch = s.game.active_character
        floor = str(floor_of(ch.cell)) if ch.on_board and ch.cell is not None and ch.cell < 48 else "1"

        def rank(text: str) -> int:
            words = text.split()
            if any(w.upper() in marked for w in words):
                return 0
            if any(CELL_TEXT.fullmatch(w.upper()) and w.startswith(floor) for w in words):
                return 1
            return 2

        return sorted(actions, key=rank)

    def _expand(self, label: str) -> None:
        self._expanded.add(label)
        self._render_actions()

    def _render_feedback(self) -> None:
        # One message for its classes and its text: the page never shows the new kind
        # ("right") over the old text, nor the reverse.
        with self.feedback.hold_sync():
            self._fill_feedback()

    def _fill_feedback(self) -> None:
        s = self.session
        fb = s.feedback
        for cls in ("burgle-feedback-right", "burgle-feedback-wrong", "burgle-feedback-illegal",
                    "burgle-feedback-other", "burgle-feedback-done"):
            self.feedback.remove_class(cls)
        parts = []
        _, lang = self.t.gettext, self.lang
        if fb is not None:
            self.feedback.add_class("burgle-feedback-right" if fb.right else "burgle-feedback-wrong")
            self.feedback.add_class(f"burgle-feedback-{fb.kind}")
            icon, heading = KIND_HEADINGS[fb.kind]
            tried = f" <code class='burgle-act'>{html.escape(fb.action)}</code>" if fb.action else ""
            parts.append(f"<p class='burgle-fb-head'><span class='burgle-fb-icon' aria-hidden='true'>{icon}</span>"
                         f"{html.escape(_(heading))}<span class='burgle-fb-tried'>{tried}</span></p>")
            parts.append(f"<p class='burgle-fb-text'>{rich(fb.text, lang)}</p>")
            if fb.right:
                if fb.after:
                    parts.append(f"<div class='burgle-after'><p class='burgle-fb-sub'>{html.escape(_('Why'))}</p>"
                                 f"<p>{rich(fb.after, lang)}</p></div>")
                if fb.happened:
                    items = "".join(f"<li>{rich(t, lang)} {rule_chip(r, lang) if r else ''}</li>"
                                    for t, r in zip(fb.happened, fb.rules))
                    parts.append(f"<div class='burgle-happened'><p class='burgle-fb-sub'>"
                                 f"{html.escape(_('What the engine did'))}</p><ol>{items}</ol></div>")
            elif fb.prediction and s.answered is not None:
                then = (_("The board now shows the answer: choose your action below.") if s.waiting
                        else _("The board now shows the answer: press Next."))
                parts.append(f"<p class='burgle-fb-retry'>{html.escape(then)}</p>")
            elif s.waiting:
                parts.append(f"<p class='burgle-fb-retry'>{html.escape(_('Nothing changed on the board: try again.'))}</p>")
        if s.completed:
            self._mark_done(s.lesson.id)
            self.feedback.add_class("burgle-feedback-done")
            following = self._following(s.lesson.id)
            nxt = (_("Next: lesson {n}, {title}.").format(n=self.number(following.id), title=following.title)
                   if following is not None else _("That was the last lesson."))
            parts.append(f"<div class='burgle-complete'><p class='burgle-fb-sub'>{html.escape(_('Lesson complete'))}"
                         f"</p><p>{html.escape(nxt)}</p></div>")
        if not parts:
            parts.append("<p class='burgle-fb-idle'>" + (html.escape(_(
                "Pick an action: the tutor will tell you how it went.")) if s.waiting else "") + "</p>")
        # The widget itself is the live region (PageHelper marks it): replacing its content
        # is announced, and the focus moves here after an action.
        self.feedback.value = f"<div class='burgle-fb'>{''.join(parts)}</div>"

    # ------------------------------------------------------------------ lookup
    def _run_search(self) -> None:
        query = self.search.value
        old = self.results.children
        hits = self.lookup.search(query) if query.strip() else []
        words = query_words(query)
        rows, self.hit_buttons = [], []
        _ = self.t.gettext
        for hit in hits:
            links = hit.links[:2]
            buttons = []
            for link in links:
                n = self.number(link.lesson)
                title = self.by_id[link.lesson].title if link.lesson in self.by_id else link.title
                b = _button(_("Lesson {n}: {title}").format(n=n, title=short_title(title)) + " ▸", "burgle-hit",
                            tooltip=_("Open lesson {n} ({title}) at step {step}").format(
                                n=n, title=title, step=link.step + 1))
                b.on_click(self._safe(lambda _b, l=link: self.open_lesson(l.lesson, l.step)))
                buttons.append(b)
            self.hit_buttons.extend(buttons)
            where = ""
            if links and not links[0].taught:
                where = f"<p class='burgle-hit-note'>{html.escape(links[0].why[:1].upper() + links[0].why[1:])}.</p>"
            elif not links:
                where = f"<p class='burgle-hit-note'>{html.escape(_('No lesson covers this yet.'))}</p>"
            rule = f" {rule_chip(hit.rule, self.lang)}" if hit.rule and hit.kind not in ("rule", "lesson") else ""
            info = _html(f"<p class='burgle-hit-title'><span class='burgle-kind burgle-kind-{hit.kind}'>"
                         f"{hit.label}</span> {mark(hit.title, words)}{rule}</p>"
                         + (f"<p class='burgle-hit-text'>{mark(hit.text, words)}</p>" if hit.text != hit.title.split(' · ')[-1] else "")
                         + where + hit.wording_html, "burgle-hit-info")
            rows.append(_box([info, _box(buttons, "burgle-hit-links", vertical=False)], "burgle-hit-row"))
        if query.strip() and not hits:
            rows.append(_html("<p class='burgle-help'>" + html.escape(_(
                "Nothing matches “{query}”. Try a rule id such as GUARD-9, a tile such as Lavatory, or a card "
                "such as Blueprints.").format(query=query[:80])) + "</p>"))
        self.results.children = rows
        _dispose(old)

    # ------------------------------------------------------------------ progress
    def _save_place(self) -> None:
        s = self.session
        if s is None:
            return
        if s.completed:
            self._mark_done(s.lesson.id)
        self.progress.lesson, self.progress.step = s.lesson.id, s.index
        self._store()

    def _mark_done(self, lesson_id: str) -> None:
        if not self.progress.is_done(lesson_id):
            self.progress.complete(lesson_id)
            self._refresh_list()
            self._store()

    def _store(self) -> None:
        if self.store is not None and self.store.loaded:
            self.store.save(self.progress)

    def _on_restored(self, change) -> None:
        """The browser sent what it had stored (on load, or when another tab stored
        progress): merge it with this visit's progress, never dropping a completion."""
        if not self.store.loaded:
            return
        try:
            self.progress = self.progress.merge(self.store.stored())
            self._refresh_list()
            self.store.save(self.progress)
        except Exception as exc:  # noqa: BLE001 - a bad stored value must not break the page
            self.errors.append(f"restoring progress: {exc!r}")

    # ------------------------------------------------------------------ plumbing
    def _cut_off(self, text: str) -> None:
        self.feedback.value = (f"<p class='burgle-fb-head'>{html.escape(self.t.gettext('Cut off'))}</p>"
                               f"<p>{html.escape(text)}</p>")

    def _went_wrong(self, text: str) -> None:
        self.feedback.value = (f"<p class='burgle-fb-head'>{html.escape(self.t.gettext('Something went wrong'))}</p>"
                               f"<p>{html.escape(text)}</p>")

    def find_action(self, text: str) -> widgets.Button:
        """The action button of the action *text*, or labelled *text* (tests, notebooks)."""
        for b in self.action_buttons:
            if getattr(b, "action", None) == text or b.description == text:
                return b
        raise KeyError(f"no action button {text!r}; shown: {[b.description for b in self.action_buttons]}")


def _natural(rid: str):
    family, _, num = rid.partition("-")
    return (family, int(num) if num.isdigit() else 0)


CSS = (frame_css(".burgle-tutor", widgets_px=15, font_size="15px", line_height="1.5", max_width=1280,
                 p_gap=".5em")
       + r""".burgle-tutor code.burgle-act { font-family: "JetBrains Mono", "DejaVu Sans Mono", Menlo, Consolas, monospace;
  font-size: .9em; background: #eef1f6; color: #233; padding: 1px 6px; border-radius: 5px; white-space: nowrap; }
.burgle-tutor b.burgle-cell { font-weight: 700; color: var(--b-ink); white-space: nowrap; }
.burgle-tutor abbr.burgle-rule { text-decoration: none; border-bottom: 1px dotted var(--b-muted); cursor: help; }
.burgle-tutor .burgle-chip { display: inline-block; font-size: 11.5px; line-height: 1.2; font-weight: 600;
  letter-spacing: .02em; color: var(--b-ink2); background: #eef0f4; border: 1px solid #dde1e8;
  border-radius: 999px; padding: 1px 7px; margin: 1px 2px; white-space: nowrap; cursor: help; }
.burgle-tutor .burgle-kicker { text-transform: uppercase; letter-spacing: .09em; font-size: 11.5px;
  font-weight: 700; color: var(--b-accent2); margin: 0 0 2px 0; }
.burgle-tutor .burgle-muted { color: var(--b-muted); font-weight: 400; }
"""
       + button_css(".burgle-tutor", font_size="14px", min_height=34, line_height="1.3", padding="6px 14px")
       + r""".burgle-tutor h1 { font-size: 24px; line-height: 1.25; margin: 0; font-weight: 750; letter-spacing: -.01em; }
.burgle-tutor h2 { font-size: 18px; margin: 0 0 6px 0; font-weight: 700; }

/* header */
.burgle-header { background: #1b2230; color: #fff; padding: 12px 22px; align-items: center;
  justify-content: space-between; }
.burgle-brand { display: flex; align-items: baseline; gap: 10px; }
.burgle-logo { color: #f0a030; font-size: 20px; }
.burgle-name { font-size: 21px; font-weight: 800; letter-spacing: .01em; color: #fff; }
.burgle-header .widget-html-content { color: #fff; }
.burgle-sub { color: #b8c0d0; font-size: 14px; }
.burgle-progress .burgle-progress-box { display: flex; align-items: center; gap: 10px; color: #e6e9f0;
  font-size: 14px; font-weight: 600; }
.burgle-bar { display: inline-block; width: 140px; height: 8px; background: rgba(255,255,255,.18);
  border-radius: 999px; overflow: hidden; }
.burgle-bar > span { display: block; height: 100%; background: #f0a030; border-radius: 999px; }

/* home */
.burgle-home-view { padding: 18px 22px 24px 22px; }
.burgle-banner { background: var(--b-card); border: 1px solid var(--b-line); border-left: 5px solid var(--b-accent);
  border-radius: 12px; padding: 14px 18px; align-items: center; justify-content: space-between; gap: 16px;
  margin-bottom: 18px; }
.burgle-banner-text { flex: 1 1 auto; min-width: 0; }
.burgle-banner-title { font-size: 17px; font-weight: 700; margin: 0 !important; }
.burgle-banner-intro { font-size: 15px; color: var(--b-ink2); margin: 0 0 2px 0 !important; }
.burgle-tutor .jupyter-button.burgle-continue { flex: 0 0 auto; min-width: 130px; font-size: 15px; padding: 8px 18px; }
.burgle-home-cols { gap: 22px; align-items: flex-start; }
.burgle-lessons-col { flex: 1 1 60%; min-width: 0; }
.burgle-lookup { flex: 0 0 380px; background: var(--b-card); border: 1px solid var(--b-line);
  border-radius: 12px; padding: 14px 16px; }
.burgle-help { color: var(--b-muted); font-size: 13.5px; }
.burgle-lesson-list { gap: 18px; }
.burgle-lesson-grid { display: grid !important; grid-template-columns: repeat(auto-fill, minmax(290px, 1fr));
  gap: 12px; }
.burgle-section h3 { font-size: 15px; font-weight: 750; margin: 0 0 2px 0; color: var(--b-ink); }
.burgle-part { color: var(--b-accent2); text-transform: uppercase; letter-spacing: .08em; font-size: 12px;
  margin-right: 6px; }
.burgle-lesson-card { background: var(--b-card); border: 1px solid var(--b-line); border-radius: 12px;
  padding: 12px 14px 10px 14px; transition: box-shadow .15s, border-color .15s; }
.burgle-lesson-card:hover { border-color: #c9c2b2; box-shadow: 0 4px 14px rgba(0,0,0,.06); }
.burgle-lesson-card.burgle-done { background: #fbfdfb; border-color: #cfe6dc; }
.burgle-lesson-card.burgle-current { border-color: var(--b-accent); }
.burgle-lesson-num .widget-html-content { display: flex; justify-content: space-between; align-items: center; }
.burgle-num { font-size: 12px; font-weight: 700; color: var(--b-muted); text-transform: uppercase; letter-spacing: .08em; }
.burgle-status { font-size: 11.5px; font-weight: 700; border-radius: 999px; padding: 1px 8px; }
.burgle-status-new { color: var(--b-muted); background: #f1f2f5; }
.burgle-status-done { color: var(--b-green); background: var(--b-green-bg); }
.burgle-status-current { color: var(--b-accent2); background: var(--b-amber-bg); }
.burgle-tutor .jupyter-button.burgle-lesson { background: none; border: none; box-shadow: none; padding: 2px 0;
  text-align: left; white-space: normal; font-size: 16.5px; font-weight: 700; color: var(--b-ink);
  width: 100% !important; min-height: 0; }
.burgle-tutor .jupyter-button.burgle-lesson:hover:enabled { background: none; color: var(--b-accent2);
  text-decoration: underline; }
.burgle-summary { color: var(--b-ink2); font-size: 14px; margin: 2px 0 6px 0 !important; }
.burgle-meta { color: var(--b-muted); font-size: 12.5px; margin: 0 !important; white-space: nowrap;
  overflow: hidden; text-overflow: ellipsis; }
.burgle-meta abbr.burgle-rule { border-bottom: none; }
.burgle-lesson-card, .burgle-lesson-meta, .burgle-lesson-meta > .widget-html-content { min-width: 0; }
.burgle-more { color: var(--b-muted); font-size: 12px; }
.burgle-list-note { color: var(--b-muted); font-size: 13px; margin-top: 8px; }
.burgle-results { gap: 8px; margin-top: 8px; }
.burgle-hit-row { border-top: 1px solid var(--b-line); padding-top: 8px; }
.burgle-hit-title { font-weight: 650; font-size: 14.5px; margin: 0 0 2px 0 !important; }
.burgle-hit-text { color: var(--b-ink2); font-size: 13.5px; margin: 0 0 4px 0 !important; }
.burgle-hit-note { color: var(--b-muted); font-size: 12.5px; font-style: italic; margin: 0 0 4px 0 !important; }
.burgle-hit-links { flex-wrap: wrap; gap: 4px; }
.burgle-hit-wording { font-size: 13px; color: var(--b-ink2); margin: 0 0 6px 0; }
.burgle-hit-wording summary { cursor: pointer; color: var(--b-blue); }
.burgle-rule-text table { border-collapse: collapse; margin: 4px 0; }
.burgle-rule-text th, .burgle-rule-text td { border: 1px solid var(--b-line); padding: 1px 6px; text-align: left; }
.burgle-rule-text ul, .burgle-rule-text ol { padding-left: 1.3em; margin: 4px 0; }
.burgle-tutor .jupyter-button.burgle-hit { font-size: 13px; min-height: 28px; padding: 3px 10px; color: var(--b-blue);
  border-color: #bcd6ea; background: #f4f9fd; }
.burgle-kind { display: inline-block; font-size: 10.5px; font-weight: 800; text-transform: uppercase;
  letter-spacing: .07em; padding: 1px 6px; border-radius: 4px; margin-right: 4px; vertical-align: 1px;
  background: #eceff4; color: var(--b-ink2); }
.burgle-kind-rule { background: #e8f1f8; color: #0a5a8a; }
.burgle-kind-tile { background: #f3ece0; color: #7a5310; }
.burgle-kind-tool, .burgle-kind-loot { background: #efe9f5; color: #5b3f7d; }
.burgle-kind-event { background: #fdebe3; color: #9a3d0b; }
.burgle-kind-character { background: #e6f4ef; color: #1d6b52; }
.burgle-kind-lesson { background: #fff3d6; color: #7a5800; }
.burgle-tutor mark { background: #ffe58a; color: inherit; padding: 0 1px; border-radius: 2px; }

/* lesson view */
.burgle-lesson-view { padding: 14px 22px 24px 22px; }
.burgle-lesson-top { align-items: center; gap: 16px; margin-bottom: 12px; }
.burgle-tutor .jupyter-button.burgle-home { flex: 0 0 auto; }
.burgle-steps { flex: 0 0 auto; }
.burgle-lesson-title { flex: 1 1 auto; min-width: 0; }
.burgle-stepper { display: flex; flex-direction: column; align-items: flex-end; gap: 4px; font-size: 13px;
  color: var(--b-muted); font-weight: 600; white-space: nowrap; }
.burgle-dots { display: flex; gap: 5px; }
.burgle-dot { width: 10px; height: 10px; border-radius: 50%; background: #dcd8cf; display: inline-block; }
.burgle-dot-past { background: #9fb7a9; }
.burgle-dot-now { background: var(--b-accent); box-shadow: 0 0 0 3px rgba(213,94,0,.2); }
.burgle-lesson-body { gap: 22px; align-items: flex-start; }
.burgle-picture-col { flex: 0 1 430px; min-width: 280px; background: #fff; border: 1px solid var(--b-line);
  border-radius: 12px; padding: 8px; }
.burgle-lesson-body.burgle-wide .burgle-picture-col { flex: 1 1 62%; }
.burgle-lesson-body.burgle-wide .burgle-side-col { flex: 1 1 340px; }
.burgle-svg svg { display: block; width: 100%; height: auto; max-height: 78vh; }
.burgle-alt-details { font-size: 13px; color: var(--b-ink2); padding: 4px 6px 2px 6px; }
.burgle-alt-details summary { cursor: pointer; color: var(--b-blue); font-weight: 600; }
.burgle-tutor summary { min-height: 24px; padding: 3px 0; box-sizing: border-box; }  /* a 24 px target */
.burgle-side-col { flex: 1 1 420px; min-width: 0; gap: 14px; }
.burgle-wide .burgle-narration-text p { font-size: 16px; }
.burgle-narration { background: var(--b-card); border: 1px solid var(--b-line); border-radius: 12px; padding: 16px 18px; }
.burgle-narration-text p { font-size: 17px; line-height: 1.6; margin: 0 0 10px 0; max-width: 68ch; }
.burgle-where { font-size: 13.5px; color: var(--b-ink2); display: flex; align-items: center; gap: 8px; }
.burgle-swatch { display: inline-block; width: 14px; height: 14px; border: 2px dashed var(--b-purple); border-radius: 3px; }
.burgle-prompt { font-weight: 700; color: var(--b-accent2); margin: 6px 0 4px 0 !important; }
.burgle-rules { font-size: 12.5px; color: var(--b-muted); margin: 6px 0 0 0 !important; }
.burgle-actions { background: var(--b-card); border: 1px solid var(--b-line); border-radius: 12px; padding: 12px 16px; gap: 8px; }
.burgle-actions-title { font-size: 12px; font-weight: 800; text-transform: uppercase; letter-spacing: .08em;
  color: var(--b-muted); margin: 0 !important; }
.burgle-groups { flex-wrap: wrap; column-gap: 26px; row-gap: 8px; }
.burgle-group { gap: 2px; }
.burgle-group-label { font-size: 13px; font-weight: 700; color: var(--b-ink2); }
.burgle-hint { font-weight: 400; color: var(--b-muted); margin-left: 8px; }
.burgle-group-buttons { flex-wrap: wrap; gap: 6px; }
.burgle-tutor .jupyter-button.burgle-action { font-family: "JetBrains Mono", "DejaVu Sans Mono", Menlo, Consolas, monospace;
  font-size: 14px; font-weight: 600; border-color: #9dbbd6; background: #f3f8fc; color: #0b4f7c; min-width: 96px; }
.burgle-tutor .jupyter-button.burgle-action:hover:enabled { background: #e2eff9; border-color: var(--b-blue); }
.burgle-tutor .jupyter-button.burgle-more-actions { font-size: 13px; color: var(--b-muted); border-style: dashed; }
.burgle-feedback { border-radius: 12px; padding: 12px 16px; background: #f4f2ec; border: 1px solid var(--b-line); }
.burgle-feedback.burgle-feedback-right { background: var(--b-green-bg); border-color: #b6dfcf; }
.burgle-feedback.burgle-feedback-wrong { background: var(--b-red-bg); border-color: #f1c8c0; }
.burgle-feedback.burgle-feedback-other { background: var(--b-amber-bg); border-color: #f2d9a6; }
.burgle-fb-idle { color: var(--b-muted); margin: 0 !important; }
.burgle-fb-head { font-size: 16px; font-weight: 750; margin: 0 0 4px 0 !important; display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
.burgle-feedback-right .burgle-fb-head { color: var(--b-green); }
.burgle-feedback-wrong .burgle-fb-head { color: var(--b-red); }
.burgle-feedback-other .burgle-fb-head { color: #8a5a00; }
.burgle-fb-icon { font-size: 18px; }
.burgle-fb-tried { font-weight: 500; }
.burgle-fb-text { font-size: 15.5px; }
.burgle-fb-retry { color: var(--b-muted); font-size: 13.5px; margin: 0 !important; }
.burgle-fb-sub { font-size: 11.5px; font-weight: 800; text-transform: uppercase; letter-spacing: .08em;
  color: var(--b-muted); margin: 8px 0 2px 0 !important; }
.burgle-after p:not(.burgle-fb-sub), .burgle-happened li { font-size: 15px; }
.burgle-happened ol { margin: 2px 0 0 0; padding-left: 22px; }
.burgle-happened li { margin: 1px 0; }
.burgle-complete { margin-top: 10px; padding: 10px 12px; border-radius: 10px; background: #fff; border: 1px dashed #8cc7b1; }
.burgle-complete .burgle-fb-sub { color: var(--b-green); margin-top: 0 !important; }
.burgle-tutor .burgle-nav { gap: 8px; justify-content: flex-end; }
.burgle-tutor .burgle-nav .burgle-restart { margin-right: auto; }

/* new in issue 10: predictions, typed actions, restart confirmation, the game panel */
.burgle-skip-box { height: 0; }
.burgle-skip { position: absolute; left: -9999px; top: 0; }
.burgle-skip:focus { position: static; display: inline-block; margin: 0 0 8px 0; padding: 6px 12px; background: #fff;
  color: var(--b-blue); font-weight: 700; border: 2px solid var(--b-blue); border-radius: 8px; }
.burgle-predict { background: var(--b-amber-bg); border: 1px solid #f2d9a6; border-radius: 12px; padding: 12px 16px; gap: 6px; }
.burgle-predict-q { font-size: 16px; font-weight: 650; margin: 0 0 2px 0 !important; }
.burgle-answers { flex-wrap: wrap; gap: 8px; }
.burgle-tutor .jupyter-button.burgle-answer { min-width: 72px; max-width: 100%; font-weight: 700;
  border-color: #d9a441; white-space: normal; text-align: left; overflow: visible; }
.burgle-tutor .jupyter-button.burgle-answer.burgle-answer-right { background: var(--b-green-bg); border-color: var(--b-green);
  color: var(--b-green); opacity: 1; }
.burgle-tutor .jupyter-button.burgle-answer.burgle-answer-chosen { box-shadow: inset 0 0 0 2px var(--b-ink); opacity: 1; }
.burgle-typed-row { gap: 8px; align-items: center; flex-wrap: wrap; }
.burgle-typed-row .widget-label { font-size: 13.5px; color: var(--b-ink2); font-weight: 600; }
.burgle-tutor .burgle-typed input { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; min-height: 32px; }
.burgle-confirm { gap: 8px; align-items: center; flex-wrap: wrap; background: var(--b-red-bg); border: 1px solid #f1c8c0;
  border-radius: 10px; padding: 8px 12px; }
.burgle-confirm-text { margin: 0 !important; font-weight: 600; }
.burgle-tutor .jupyter-button.mod-danger { background: var(--b-red); border-color: var(--b-red); color: #fff; }
.burgle-state-card { background: var(--b-card); border: 1px solid var(--b-line); border-radius: 12px; padding: 10px 14px; }
.burgle-state-title { font-size: 12px !important; font-weight: 800 !important; text-transform: uppercase;
  letter-spacing: .08em; color: var(--b-muted); margin: 0 0 4px 0 !important; }
.burgle-tutor .burgle-fb-icon .burgle-icon { vertical-align: -2px; }
.burgle-feedback:focus { outline: 3px solid rgba(0,114,178,.45); outline-offset: 2px; }

/* one page scroll: widget boxes neither scroll nor squash their children */
.burgle-tutor .widget-box, .burgle-tutor.widget-box { overflow: visible; }
.burgle-tutor .widget-vbox > *, .burgle-tutor.widget-vbox > * { flex-shrink: 0; }

@media (max-width: 900px) {
  .burgle-home-cols, .burgle-lesson-body { flex-direction: column; align-items: stretch; }
  .burgle-lookup { flex: 1 1 auto; }
  .burgle-picture-col { flex: 1 1 auto; }
  .burgle-lesson-body.burgle-wide .burgle-picture-col, .burgle-lesson-body.burgle-wide .burgle-side-col { flex: 1 1 auto; }
}
@media (max-width: 600px) {
  .burgle-tutor { border-radius: 0; font-size: 15px; }
  .burgle-header { flex-wrap: wrap; gap: 6px; padding: 10px 14px; }
  .burgle-brand { flex-wrap: wrap; row-gap: 0; }
  .burgle-sub { flex-basis: 100%; font-size: 13px; }
  .burgle-progress, .burgle-progress .widget-html-content { min-width: 0; max-width: 100%; }
  .burgle-progress .burgle-progress-box { flex-wrap: wrap; font-size: 13px; }
  .burgle-bar { width: 96px; }
  .burgle-home-view, .burgle-lesson-view { padding: 12px 6px 20px 6px; }
  .burgle-banner { flex-direction: column; align-items: stretch; padding: 12px 14px; }
  .burgle-lesson-grid { grid-template-columns: minmax(0, 1fr); }
  .burgle-lesson-card { padding: 10px 12px 8px 12px; }
  .burgle-tutor .jupyter-button.burgle-lesson { min-height: 28px; height: auto; overflow: visible; }
  .burgle-lookup { padding: 12px; }
  .burgle-lesson-top { flex-wrap: wrap; gap: 8px; }
  .burgle-lesson-title { flex-basis: 100%; order: 2; }
  .burgle-steps { order: 1; margin-left: auto; }
  .burgle-stepper { align-items: flex-end; }
  .burgle-dots { flex-wrap: wrap; justify-content: flex-end; }
  .burgle-tutor h1 { font-size: 20px; }
  .burgle-picture-col { min-width: 0; padding: 2px; }
  .burgle-svg svg { max-height: none; }
  .burgle-narration { padding: 12px 14px; }
  .burgle-narration-text p { font-size: 16px; }
  .burgle-actions { padding: 10px 12px; }
  .burgle-groups { flex-direction: column; }
  .burgle-tutor .jupyter-button.burgle-action { min-width: 0; }
  .burgle-tutor .burgle-nav { flex-wrap: wrap; }
}
""")
