"""Small ipywidgets helpers and the base style shared by the explorer and sandbox pages.

Pictures go into a ``widgets.HTML`` as inline SVG (never ``display()`` into an
``Output``: see docs/voila-page-loads.md). Widget values are only sent when they
change (:func:`set_value`), which keeps a click to a handful of messages.
"""

from __future__ import annotations

import html

import anywidget
import ipywidgets as widgets
import traitlets

from burgle.i18n import DEFAULT, N_, Translator
from burgle.web.security.limits import RequestCutOff, shorten

__all__ = ["BASE_CSS", "BrowserValue", "PageHelper", "STATE_CSS", "STOP_ICON", "action_label", "box", "button",
           "card_chip", "esc", "game_state_html", "html_widget", "plural", "public_view", "set_value", "show",
           "svg_body", "toggle_class"]

#: "Refused" as an inline SVG (a no-entry sign): the emoji ⛔ shows as an empty box where
#: no emoji font is installed.
STOP_ICON = ("<svg class='burgle-icon' viewBox='0 0 16 16' width='1em' height='1em' aria-hidden='true' "
             "focusable='false'><circle cx='8' cy='8' r='7.5' fill='#b42318'/>"
             "<rect x='3.5' y='6.6' width='9' height='2.8' rx='.6' fill='#fff'/></svg>")

#: Longest message line (a refusal quoting the visitor's text is cut to this).
MAX_MESSAGE_CHARS = 600

esc = html.escape


def svg_body(svg: str) -> str:
    """The ``<svg>`` element alone (no XML prolog), for inline HTML."""
    start = svg.find("<svg")
    return svg[start:] if start >= 0 else svg


def button(description: str, *classes: str, tooltip: str = "", style: str = "", width: str = "auto") -> widgets.Button:
    b = widgets.Button(description=description, tooltip=tooltip or description, button_style=style,
                       layout=widgets.Layout(width=width))
    for c in classes:
        b.add_class(c)
    return b


def html_widget(value: str = "", *classes: str) -> widgets.HTML:
    w = widgets.HTML(value)
    for c in classes:
        w.add_class(c)
    return w


def box(children=(), *classes: str, vertical: bool = True) -> widgets.Box:
    b = (widgets.VBox if vertical else widgets.HBox)(list(children))
    for c in classes:
        b.add_class(c)
    return b


def show(widget, visible: bool) -> None:
    want = None if visible else "none"
    if widget.layout.display != want:
        widget.layout.display = want


def set_value(widget, name: str, value) -> bool:
    """Set a trait only if it differs (each change is a message to the browser)."""
    if getattr(widget, name) != value:
        setattr(widget, name, value)
        return True
    return False


def toggle_class(widget, cls: str, on: bool) -> None:
    has = cls in widget._dom_classes
    if on and not has:
        widget.add_class(cls)
    elif has and not on:
        widget.remove_class(cls)


def plural(n: int, word: str, many: str | None = None) -> str:
    """``plural(1, "die", "dice")`` -> '1 die'; ``plural(2, "tile")`` -> '2 tiles'."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


# ---------------------------------------------------------------------- the game, legibly
def _card(key: str, lang: str = DEFAULT) -> tuple[str, str]:
    from burgle.data.cards import EVENT_BY_KEY, LOOT_BY_KEY, TOOL_BY_KEY

    card = TOOL_BY_KEY.get(key) or LOOT_BY_KEY.get(key) or EVENT_BY_KEY.get(key)
    if card is None:
        return key, ""
    if lang == DEFAULT:
        return card.name, card.text
    from burgle.i18n import card_name, card_text

    return card_name(key, lang), card_text(key, lang)


def _character(key: str, lang: str = DEFAULT) -> str:
    from burgle.data.cards import CHARACTER_NAMES

    if lang != DEFAULT and key in CHARACTER_NAMES:
        from burgle.i18n import character_name

        return character_name(key, lang)
    return CHARACTER_NAMES.get(key) or str(key).title()


def _who(game, seat, lang: str = DEFAULT) -> str:
    try:
        ch = game.s.characters[int(seat)]
    except (ValueError, IndexError, TypeError):
        return Translator(lang).gettext("seat {seat}").format(seat=seat)
    return _character(ch.name, lang)


# Action labels that name a character or card (the action text itself stays as typed).
LABELS = {
    "give": N_("give {card} to {who}"),
    "take": N_("take {card} from {who}"),
    "character": N_("choose {who}"),
    "orders": N_("order {who} to {cell}"),
    "disguise": N_("swap places with {who}"),
}


# Translated inside f-strings (where Babel's extractor does not look): marked here.
_IN_F_STRINGS = (N_("no cards"), N_("Floor {n}"), N_("Decks: {decks}"), N_("Lying on tiles: {items}"),
                 N_("In play this round: {cards}"))


def action_label(game, text: str, lang: str = DEFAULT) -> str:
    """An action as a button says it: the action text itself (``move 1B2``), except that
    a seat number becomes the character's name and a card key its name:
    ``give painting 2`` -> 'give Painting to Hawk'.

    >>> from burgle.engine.game import Game
    >>> g = Game.new(seed=1, characters=["hawk", "peterman"])
    >>> action_label(g, "give painting 1"), action_label(g, "orders 0 1B2"), action_label(g, "move 1B2")
    ('give Painting to Peterman', 'order Hawk to 1B2', 'move 1B2')
    """
    words = str(text).split()
    if len(words) < 2:
        return str(text)
    verb = words[0]
    _ = Translator(lang).gettext
    if verb in ("give", "take") and len(words) == 3:
        return _(LABELS[verb]).format(card=_card(words[1], lang)[0], who=_who(game, words[2], lang))
    if verb in ("character", "disguise") and len(words) == 2:
        return _(LABELS[verb]).format(who=_who(game, words[1], lang))
    if verb == "orders" and len(words) == 3:
        return _(LABELS[verb]).format(who=_who(game, words[1], lang), cell=words[2])
    return str(text)


def card_chip(key: str, cls: str, lang: str = DEFAULT) -> str:
    """A card held: its name; its text on hover (title) or on a tap or Enter (details)."""
    name, text = _card(key, lang)
    return (f"<details class='burgle-cardchip {cls}'><summary title='{esc(text, quote=True)}'>{esc(name)}</summary>"
            f"<span class='burgle-cardtext'>{esc(text)}</span></details>")


def public_view(game) -> dict:
    """What the players may see of *game*, as data: the engine's ``Game.view()``
    (face-down tiles and deck orders never in it)."""
    return game.view()


def game_state_html(game, crew: bool = True, lang: str = DEFAULT) -> str:
    """What every player may see about the game, as HTML, from :func:`public_view`: each
    character's Stealth, place and cards (name; text on hover or tap), each floor's
    patrol deck size and discard pile, the Event, Tool and Loot deck sizes, and each Safe
    found so far (its dice, cracked or not). A Safe still face down is 'not found yet'.

    >>> from burgle.engine.game import Game
    >>> html_ = game_state_html(Game.new(seed=1, characters=["hawk"]))
    >>> "Patrol" in html_ and "Events" in html_ and "not found yet" in html_
    True
    """
    from burgle.geometry.board import CELLS_PER_FLOOR, cell_name

    t = Translator(lang)
    _ = t.gettext
    v = public_view(game)
    crew_items = []
    for ch in v["characters"]:
        if ch.get("escaped"):
            where = _("escaped")
        elif ch.get("cell") is None:
            where = _("not in yet")
        else:
            where = _("on {cell}").format(cell=ch["cell"])
        name = _character(ch["character"], lang)
        cards = "".join(card_chip(k, "burgle-tool", lang) for k in ch.get("tools", ()))
        cards += "".join(card_chip(k, "burgle-loot", lang) for k in ch.get("loot", ()))
        active = " burgle-state-active" if v["phase"] == "actions" and ch["seat"] == v["active"] else ""
        stealth = _("Stealth {n}").format(n=ch["stealth"])
        none = f"<span class=burgle-muted>{esc(_('no cards'))}</span>"
        crew_items.append(f"<li class='burgle-state-char{active}'><b>{esc(name)}</b> "
                          f"<span class='burgle-muted'>{esc(where)} · {esc(stealth)}</span>"
                          f"<div class='burgle-state-cards'>{cards or none}"
                          f"</div></li>")
    floors = []
    tiles = v["tiles"]
    for g in v["guards"]:
        names = [cell_name(c) for c in range(CELLS_PER_FLOOR * (g["floor"] - 1), CELLS_PER_FLOOR * g["floor"])]
        safe = next((n for n in names if tiles[n].get("revealed") and tiles[n].get("kind") == "safe"), None)
        if safe is None:
            safe_text = _("Safe not found yet")
        else:
            tile = tiles[safe]
            dice = tile.get("dice", 0)
            safe_text = (_("Safe {cell}: cracked").format(cell=safe) if tile.get("cracked") else
                         t.ngettext("Safe {cell}: {n} die", "Safe {cell}: {n} dice", dice).format(cell=safe, n=dice))
        seen = " ".join(g["discard"]) or _("none")
        deck = t.ngettext("Patrol deck {n} card; discard pile: {seen}", "Patrol deck {n} cards; discard pile: {seen}",
                          g["deck_size"]).format(n=g["deck_size"], seen=seen)
        floors.append(f"<li><b>{esc(_('Floor {n}').format(n=g['floor']))}</b> · {esc(safe_text)}<br>"
                      f"<span class='burgle-muted'>{esc(deck)}</span></li>")
    loose = [_("{card} on {cell}").format(card=_card(k, lang)[0], cell=n)
             for n, tile in tiles.items() for k in tile.get("items", ())]
    decks = _("Events {events} · Tools {tools} · Loot {loot}").format(
        events=v["event_deck_size"], tools=v["tool_deck_size"], loot=v["loot_deck_size"])
    if v["event_discard"]:
        decks += " · " + _("Event discard {n}").format(n=len(v["event_discard"]))
    effects = ", ".join(_card(k, lang)[0] for _owner, k in v["round_effects"])
    people = f"<ul class='burgle-state-crew'>{''.join(crew_items)}</ul>" if crew else ""
    return (f"<div class='burgle-state'>{people}"
            f"<ul class='burgle-state-floors'>{''.join(floors)}</ul>"
            f"<p class='burgle-state-decks'>{esc(_('Decks: {decks}').format(decks=decks))}</p>"
            + (f"<p class='burgle-state-decks'>{esc(_('Lying on tiles: {items}').format(items=', '.join(loose)))}</p>"
               if loose else "")
            + (f"<p class='burgle-state-decks'>{esc(_('In play this round: {cards}').format(cards=effects))}</p>"
               if effects else "")
            + "</div>")


STATE_CSS = r"""
.burgle-state { font-size: 13.5px; }
.burgle-state ul { list-style: none; margin: 0 0 6px 0; padding: 0; }
.burgle-state li { padding: 4px 0; border-top: 1px solid var(--b-line); }
.burgle-state li:first-child { border-top: none; }
.burgle-state-active b { color: var(--b-accent2); }
.burgle-state-cards { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 3px; }
.burgle-cardchip { display: inline-block; border-radius: 6px; font-size: 12.5px; }
.burgle-cardchip summary { cursor: pointer; font-weight: 650; padding: 2px 8px; min-height: 24px;
  display: flex; align-items: center; list-style: none; }
.burgle-cardchip summary::-webkit-details-marker { display: none; }
.burgle-cardchip[open] { flex-basis: 100%; }
.burgle-cardtext { display: block; padding: 2px 8px 6px 8px; font-weight: 400; }
.burgle-cardchip.burgle-tool { background: #e8f1f8; color: #0a4f7a; border: 1px solid #c9def0; }
.burgle-cardchip.burgle-loot { background: #fff3d6; color: #6b4d00; border: 1px solid #f0dca8; }
.burgle-state-decks { margin: 2px 0 !important; color: var(--b-ink2); }
"""


class AppPage:
    """What every app page does with its ``root`` box and its callbacks: :meth:`_safe` runs a
    callback so that an unexpected error is shown (:meth:`_went_wrong`) and kept in
    ``errors``, and a request over its CPU time is cut off with a word (:meth:`_cut_off`,
    burgle.web.security.kernel); :meth:`display` shows the page and marks it ready."""

    errors: list
    root: widgets.Box

    def _safe(self, fn):
        def run(*args):
            try:
                return fn(*args)
            except RequestCutOff as exc:  # over its CPU time (burgle.web.security.kernel): say so
                self._cut_off(str(exc))
            except MemoryError:
                raise  # the kernel ends and the page says why (burgle.web.security)
            except Exception as exc:  # noqa: BLE001 - the page must survive a bug
                self.errors.append(repr(exc))
                self._went_wrong(str(exc))

        return run

    def _cut_off(self, text: str) -> None:
        raise NotImplementedError

    def _went_wrong(self, text: str) -> None:
        raise NotImplementedError

    def display(self) -> None:
        """Show the app (in a notebook or a Voila page) and mark it ready. An app shown on
        its own page (not under the bar of :class:`burgle.web.home.BurgleHome`) gets the
        language picker at the end of its header, as the bar has it (issue 14)."""
        from IPython.display import display

        self._add_language_picker()
        display(self.root)
        self.root.add_class("burgle-ready")

    def _add_language_picker(self) -> None:
        if not hasattr(self, "set_language") or getattr(self, "picker", None) is not None:
            return
        header = next((w for w in self.root.children if "burgle-header" in getattr(w, "_dom_classes", ())), None)
        if header is None:
            return
        from burgle.web.language import LanguagePicker

        self.picker = LanguagePicker(value=getattr(self, "lang", DEFAULT),
                                     label=Translator(getattr(self, "lang", DEFAULT)).gettext("Language"))

        def follow(change):
            self.set_language(change["new"])
            self.picker.label = Translator(change["new"]).gettext("Language")

        self.picker.observe(self._safe(follow), names="value")
        header.children = (*header.children, self.picker)

    def _ipython_display_(self) -> None:
        self.display()


class StatusMessages(AppPage):
    """For apps with a ``message`` HTML widget and a ``refresh()``: run one user edit and
    say what changed, or why it was refused (the edit's model then left nothing changed).
    ``refusals`` names the exception class(es) that carry a message for the player."""

    refusals: type[Exception] | tuple[type[Exception], ...] = ()

    def _do(self, edit) -> bool:
        from burgle.i18n.said import said_of

        try:
            note = edit()
        except self.refusals as exc:
            self.refresh()
            self._message(said_of(exc), error=True)
            return False
        self.refresh()  # the picture first: it is what the player waits for
        self._message(note, error=False)
        return True

    def _say(self, text) -> str:
        """A model's words (a :class:`~burgle.i18n.said.Said` or plain English) in the page's language."""
        from burgle.i18n.said import render

        return render(text, getattr(self, "t", None) or Translator(DEFAULT))

    def _cut_off(self, text: str) -> None:
        self.refresh()
        self._message(text, error=True)

    def _went_wrong(self, text: str) -> None:
        self._message(f"Something went wrong: {text}", error=True)

    def _message(self, text: str, error: bool, info: bool = False) -> None:
        self._last_message = (text, error, info)  # said again when the language changes
        icon = "" if info else (f"{STOP_ICON} " if error else "\u2713 ")
        text = shorten(self._say(text), MAX_MESSAGE_CHARS)  # a refusal never echoes a huge input back
        set_value(self.message, "value", f"<p>{icon}{esc(text, quote=False)}</p>")
        toggle_class(self.message, "burgle-message-error", error)
        toggle_class(self.message, "burgle-message-ok", not error and not info)

    def _say_last_message_again(self) -> None:
        """Show the last message again, in the page's language now."""
        last = getattr(self, "_last_message", None)
        if last is not None:
            text, error, info = last
            self._message(text, error=error, info=info)


_HELPER_ESM = r"""
// The page's helper (burgle.web.ui.PageHelper): tab title, focus, live regions, and a
// watchdog that says so when the server or kernel no longer answers.
const PING_MS = 1000, LOST_MS = 3000;

function banner() {
  let el = document.querySelector(".burgle-lost");
  if (el) return el;
  el = document.createElement("div");
  el.className = "burgle-lost";
  el.setAttribute("role", "alert");
  el.hidden = true;
  el.innerHTML = "<p><b>The server is not answering.</b> If it has stopped, clicks here do nothing: reload " +
    "the page. What this browser keeps (your lesson progress, the sandbox game, the explorer's floor) " +
    "comes back after the reload. This note goes away by itself if the server answers again.</p>";
  const b = document.createElement("button");
  b.textContent = "Reload the page";
  b.className = "burgle-reload";
  b.addEventListener("click", () => window.location.reload());
  el.appendChild(b);
  document.body.appendChild(el);
  return el;
}

function render({ model, el }) {
  el.classList.add("burgle-helper");
  const setTitle = () => { const t = model.get("title"); if (t) document.title = t; };
  setTitle();
  model.on("change:title", setTitle);

  const focus = () => {
    const want = model.get("focus").split("#")[0];
    if (!want) return;
    requestAnimationFrame(() => {
      const target = document.querySelector(want);
      if (!target) return;
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
      const r = target.getBoundingClientRect();
      if (r.top < 0 || r.bottom > window.innerHeight) target.scrollIntoView({ block: "nearest" });
    });
  };
  model.on("change:focus", focus);

  const mark = () => {
    for (const sel of model.get("live")) {
      for (const node of document.querySelectorAll(sel)) {
        if (!node.hasAttribute("aria-live")) { node.setAttribute("aria-live", "polite"); node.setAttribute("role", "status"); }
      }
    }
  };
  mark();
  const watcher = new MutationObserver(mark);
  watcher.observe(document.body, { childList: true, subtree: true });

  // The watchdog: the kernel answers each ping; no answer for LOST_MS means it is gone.
  let sent = 0, answered = 0, lastAnswer = 0;
  const onMsg = (msg) => {
    if (msg && typeof msg.pong === "number") {
      answered = msg.pong; lastAnswer = Date.now();
      const b = document.querySelector(".burgle-lost");
      if (b) b.hidden = true;
    }
  };
  model.on("msg:custom", onMsg);
  const timer = setInterval(() => {
    if (lastAnswer && Date.now() - lastAnswer > LOST_MS) {
      const b = banner();
      if (b.hidden) { b.hidden = false; b.querySelector("button").focus(); }
    }
    sent += 1;
    try { model.send({ ping: sent }); } catch (e) { /* the connection is gone: the timer shows it */ }
  }, PING_MS);

  return () => {
    clearInterval(timer);
    watcher.disconnect();
    model.off("change:title", setTitle);
    model.off("change:focus", focus);
    model.off("msg:custom", onMsg);
  };
}

export default { render };
"""

_HELPER_CSS = r"""
.burgle-helper { display: none; }
.burgle-lost { position: fixed; left: 12px; right: 12px; bottom: 12px; z-index: 1000; max-width: 720px;
  margin: 0 auto; background: #fdf0ee; color: #7a1a10; border: 2px solid #b42318; border-radius: 12px;
  padding: 12px 16px; font: 15px/1.45 system-ui, "DejaVu Sans", Arial, sans-serif;
  box-shadow: 0 8px 24px rgba(0,0,0,.18); }
.burgle-lost[hidden] { display: none; }
.burgle-lost p { margin: 0 0 8px 0; }
.burgle-lost button { font: inherit; font-weight: 700; min-height: 36px; padding: 6px 16px; border-radius: 8px;
  border: 1px solid #b42318; background: #b42318; color: #fff; cursor: pointer; }
"""


class PageHelper(anywidget.AnyWidget):
    """What a page needs from the browser that widgets do not give: the tab's ``title``;
    moving the focus (:meth:`focus_on`, e.g. to the feedback after an action); ``live``
    regions (CSS selectors given ``aria-live``, so screen readers announce their
    changes); and a watchdog: the browser pings the kernel every second and, with no
    answer for 3 s (server stopped, kernel dead), shows a banner with a Reload button
    instead of silently ignoring clicks."""

    _esm = _HELPER_ESM
    _css = _HELPER_CSS
    title = traitlets.Unicode("").tag(sync=True)
    focus = traitlets.Unicode("").tag(sync=True)
    live = traitlets.List(traitlets.Unicode()).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.pings = 0
        self.on_msg(self._answer)

    def _answer(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and isinstance(content.get("ping"), int):
            self.pings += 1
            self.send({"pong": content["ping"]})

    def focus_on(self, selector: str) -> None:
        """Move the keyboard focus to the element *selector* (once it is drawn)."""
        n = int(self.focus.rpartition("#")[2] or 0) + 1 if "#" in self.focus else 1
        self.focus = f"{selector}#{n}"


_VALUE_ESM = r"""
// burgle.web.ui.BrowserValue: one text kept in localStorage under `key`.
function render({ model, el }) {
  el.classList.add("burgle-kept");
  const key = model.get("key");
  const read = () => { try { return window.localStorage.getItem(key) || ""; } catch (e) { return ""; } };
  if (!model.get("loaded")) {
    model.set("restored", read());
    model.set("loaded", true);
    model.save_changes();
  }
  const write = () => {
    try {
      const v = model.get("value");
      if (v) window.localStorage.setItem(key, v); else window.localStorage.removeItem(key);
    } catch (e) { /* storage disabled: kept for this visit only */ }
  };
  model.on("change:value", write);
  return () => model.off("change:value", write);
}
export default { render };
"""


class BrowserValue(anywidget.AnyWidget):
    """One text the browser keeps (``localStorage[key]``) across reloads.

    ``value``: what the kernel wants kept ('' removes it), written by the browser on each
    change; ``restored``: what the browser had kept when the page loaded, sent once,
    then ``loaded`` is True. Nothing read back is run: the app parses it as data."""

    _esm = _VALUE_ESM
    _css = ".burgle-kept { display: none; }"
    key = traitlets.Unicode("").tag(sync=True)
    value = traitlets.Unicode("").tag(sync=True)
    restored = traitlets.Unicode("").tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)


# The palette (colour-blind safe, WCAG AA on the paper colour) and the font stack: one place for
# every page (the tutor's CSS starts from them too).
PALETTE_CSS = r"""
  --b-ink: #1d2433; --b-ink2: #4a5366; --b-muted: #5a6274; --b-line: #e4e0d6; --b-paper: #faf8f3;
  --b-card: #ffffff; --b-accent: #d55e00; --b-accent2: #b34d00; --b-blue: #0072b2; --b-green: #00795a;
  --b-green-bg: #e9f6f1; --b-red: #b42318; --b-red-bg: #fdf0ee; --b-amber-bg: #fff6e5; --b-purple: #cc79a7;
  font-family: "Inter", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", "DejaVu Sans", Arial, sans-serif;
""".lstrip("\n")



def frame_css(root: str, *, widgets_px: int, font_size: str, line_height: str, max_width: int, p_gap: str) -> str:
    """The CSS every page starts with: its root element *root* carries the palette and the
    font, and is the centred card the page sits on; its HTML text and paragraphs get
    *line_height* and a *p_gap* below. (The apps' BASE_CSS and the tutor's CSS.)"""
    return (f"\n{root} {{\n" + PALETTE_CSS + f"  --jp-widgets-font-size: {widgets_px}px;\n"
            f"  color: var(--b-ink); background: var(--b-paper); font-size: {font_size}; line-height: {line_height};\n"
            f"  max-width: {max_width}px; margin: 0 auto; border-radius: 14px; overflow: hidden;\n"
            "  box-shadow: 0 1px 3px rgba(0,0,0,.06), 0 8px 24px rgba(0,0,0,.05);\n"
            "}\n"
            f"{root} .widget-html-content {{ line-height: {line_height}; white-space: normal; }}\n"
            f"{root} p {{ margin: 0 0 {p_gap} 0; }}\n")


def button_css(root: str, *, font_size: str, min_height: int, line_height: str, padding: str) -> str:
    """The buttons of the page under *root*: white, the accent colour for the primary one,
    and the same hover, keyboard focus and disabled looks on every page."""
    b = f"{root} .jupyter-button"
    return (f"{b} {{ border-radius: 8px; font-size: {font_size}; font-weight: 600; height: auto;\n"
            f"  min-height: {min_height}px; line-height: {line_height}; padding: {padding}; background: #fff; "
            "color: var(--b-ink);\n"
            "  border: 1px solid #cfd5df; box-shadow: 0 1px 0 rgba(0,0,0,.04); }\n"
            f"{b}:hover:enabled {{ background: #f3f5f9; border-color: #aab3c2; }}\n"
            f"{b}:focus-visible {{ outline: 3px solid rgba(0,114,178,.45); outline-offset: 1px; }}\n"
            f"{b}.mod-primary {{ background: var(--b-accent2); border-color: var(--b-accent2); color: #fff; }}\n"
            f"{b}.mod-primary:hover:enabled {{ background: #8f3d00; }}\n"
            f"{b}:disabled {{ opacity: .45; cursor: not-allowed; }}\n")


BASE_CSS = (frame_css(".burgle-app", widgets_px=14, font_size="14.5px", line_height="1.45", max_width=1360,
                      p_gap=".45em")
            + r""".burgle-app h2 { font-size: 13px; font-weight: 800; text-transform: uppercase; letter-spacing: .08em;
  color: var(--b-muted); margin: 0 0 6px 0; }
.burgle-app code { font-family: "JetBrains Mono", "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: .92em;
  background: #eef1f6; padding: 1px 5px; border-radius: 4px; }
"""
            + button_css(".burgle-app", font_size="13.5px", min_height=32, line_height="1.25", padding="5px 12px")
            + r""".burgle-app .widget-toggle-buttons .jupyter-button { min-height: 30px; padding: 3px 10px; margin: 0 4px 0 0; }
.burgle-app .widget-toggle-buttons .jupyter-button.mod-active { background: #1b2230; border-color: #1b2230; color: #fff; }
.burgle-app .widget-label { color: var(--b-ink2); font-weight: 600; }
.burgle-app input[type=text], .burgle-app textarea, .burgle-app select { border-radius: 7px !important; }
.burgle-header { background: #1b2230; color: #fff; padding: 11px 20px; align-items: center; justify-content: space-between;
  flex-wrap: wrap; gap: 4px 18px; }
.burgle-brand { display: flex; align-items: baseline; gap: 4px 10px; flex-wrap: wrap; }
.burgle-name { white-space: nowrap; }
.burgle-logo { color: #f0a030; font-size: 20px; }
.burgle-name { font-size: 20px; font-weight: 800; letter-spacing: .01em; color: #fff; }
.burgle-header .widget-html-content { color: #fff; }
.burgle-app .widget-box, .burgle-app.widget-box { overflow: visible; }
.burgle-app .widget-vbox > *, .burgle-app.widget-vbox > * { flex-shrink: 0; }
.burgle-sub { color: #b8c0d0; font-size: 14px; }
.burgle-header-note { color: #b8c0d0; font-size: 13px; }
.burgle-card { background: var(--b-card); border: 1px solid var(--b-line); border-radius: 12px; padding: 12px 14px; }
.burgle-svg svg { display: block; width: 100%; height: auto; }
.burgle-message { border-radius: 10px; padding: 8px 12px; background: #f4f2ec; border: 1px solid var(--b-line);
  font-size: 14px; min-height: 20px; }
.burgle-message.burgle-message-error { background: var(--b-red-bg); border-color: #f1c8c0; color: var(--b-red); }
.burgle-message.burgle-message-ok { background: var(--b-green-bg); border-color: #b6dfcf; color: #0b5a43; }
.burgle-message p { margin: 0 !important; }
.burgle-muted { color: var(--b-muted); }
.burgle-chip { display: inline-block; font-size: 11.5px; line-height: 1.2; font-weight: 600; color: var(--b-ink2);
  background: #eef0f4; border: 1px solid #dde1e8; border-radius: 999px; padding: 1px 7px; margin: 1px 2px; white-space: nowrap; }
.burgle-alt-details { font-size: 13px; color: var(--b-ink2); padding: 4px 6px 2px 6px; }
.burgle-alt-details summary { cursor: pointer; color: var(--b-blue); font-weight: 600; }
.burgle-app summary { min-height: 24px; padding: 3px 0; box-sizing: border-box; }  /* a 24 px target */
""")
