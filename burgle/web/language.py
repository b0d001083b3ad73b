"""The language picker in the page header, and how the page's language is chosen.

:class:`LanguagePicker` is a small anywidget: the browser draws a ``<select>`` of the
tutor's languages (each named in itself), and reports once, when the page loads, what it
knows: the ``?lang=`` of the page's address, the language remembered in ``localStorage``
(``burgle-lang``) and the browser's preferred languages. The kernel picks the first one
the tutor speaks (:func:`burgle.i18n.best_language`: address, then remembered, then
browser) and sets ``value``; the apps follow ``value``. When the learner picks a language,
the browser remembers it (as it does a ``?lang=`` the tutor speaks: both are explicit
choices; the browser's own languages are not remembered), rewrites ``?lang=`` in the
address when there is one (so a reload keeps the choice), and sets the page's ``lang`` attribute (fonts and screen
readers use it).

It runs the same on the Voila server and on the static site (the page's own address and
storage, no server involved). Nothing read from the browser is run: the kernel keeps only
a language code it knows.
"""

from __future__ import annotations

import re

import anywidget
import traitlets

from burgle.i18n import DEFAULT, LANGUAGE_NAMES, LANGUAGES, N_, Translator, best_language
from burgle.i18n.languages import UnknownLanguage, language

STORAGE_KEY = "burgle-lang"

_ESM = r"""
// burgle.web.language.LanguagePicker
const KEY = "burgle-lang";
function stored() { try { return window.localStorage.getItem(KEY) || ""; } catch (e) { return ""; } }
function remember(v) { try { window.localStorage.setItem(KEY, v); } catch (e) { /* storage off */ } }
function queryLang() {
  try { return new URLSearchParams(window.location.search).get("lang") || ""; } catch (e) { return ""; }
}

function render({ model, el }) {
  el.classList.add("burgle-lang");
  const label = document.createElement("label");
  const text = document.createElement("span");
  text.className = "burgle-lang-label";
  const select = document.createElement("select");
  select.className = "burgle-lang-select";
  label.append(text, select);
  el.appendChild(label);

  const draw = () => {
    const names = model.get("names");
    const value = model.get("value");
    text.textContent = model.get("label");
    select.setAttribute("aria-label", model.get("label"));
    if (select.options.length !== Object.keys(names).length) {
      select.replaceChildren();
      for (const [code, name] of Object.entries(names)) {
        const o = document.createElement("option");
        o.value = code; o.textContent = name; o.lang = code;
        select.appendChild(o);
      }
    }
    select.value = value;
    if (model.get("loaded")) {
      document.documentElement.lang = value;
    }
  };
  draw();
  model.on("change:value", draw);
  model.on("change:label", draw);

  if (!model.get("loaded")) {
    const asked = queryLang().trim().toLowerCase().split(/[-_]/)[0];
    if (asked && Object.prototype.hasOwnProperty.call(model.get("names"), asked)) remember(asked);  // an explicit choice
    const langs = (navigator.languages || [navigator.language || ""]).join(",");
    model.set("asked", [queryLang(), stored(), langs]);
    model.set("loaded", true);
    model.save_changes();
  }

  select.addEventListener("change", () => {
    const v = select.value;
    remember(v);
    try {
      const url = new URL(window.location.href);
      if (url.searchParams.has("lang")) {
        url.searchParams.set("lang", v);
        window.history.replaceState(window.history.state, "", url.toString());
      }
    } catch (e) { /* no address to rewrite */ }
    model.set("value", v);
    model.save_changes();
  });
  return () => { model.off("change:value", draw); model.off("change:label", draw); };
}
export default { render };
"""

#: Japanese text: the system's Japanese fonts first (macOS, Windows, then Noto CJK on Linux),
#: so that kanji take their Japanese forms rather than Chinese ones; nothing is downloaded.
#: The picker sets ``<html lang>``, which ``:lang(ja)`` follows.
FONT_CSS = (":lang(ja) .burgle-tutor, :lang(ja) .burgle-app, :lang(ja) .burgle-site, :lang(ja) .burgle-lost "
            "{ font-family: \"Hiragino Sans\", \"Hiragino Kaku Gothic ProN\", \"Yu Gothic UI\", \"Yu Gothic\", "
            "Meiryo, \"Noto Sans CJK JP\", \"Noto Sans JP\", \"Source Han Sans JP\", system-ui, sans-serif; }\n")

_CSS = FONT_CSS + r"""
.burgle-lang { flex: 0 0 auto; margin-left: auto; display: flex; align-items: center; }
.burgle-lang label { display: flex; align-items: center; gap: 6px; font-size: 13px; color: #4a5366;
  font-weight: 600; white-space: nowrap; }
.burgle-lang select { font: inherit; font-weight: 600; min-height: 32px; padding: 2px 6px; border-radius: 8px;
  border: 1px solid #cfd5df; background: #fff; color: #1d2433; cursor: pointer; }
.burgle-lang select:focus-visible { outline: 3px solid rgba(0,114,178,.45); outline-offset: 1px; }
.burgle-header .burgle-lang label { color: #e8ecf3; }
@media (max-width: 600px) { .burgle-lang .burgle-lang-label { position: absolute; width: 1px; height: 1px;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; } }
"""


class LanguagePicker(anywidget.AnyWidget):
    """The header's language menu (see the module's documentation).

    ``value``: the page's language (``en``, ``es`` or ``ja``); observe it to follow the
    learner's choice. ``asked``: what the browser reported on load (address, remembered,
    browser preferences), read once. ``label``: the menu's visible name, in the language."""

    _esm = _ESM
    _css = _CSS
    value = traitlets.Unicode(DEFAULT).tag(sync=True)
    names = traitlets.Dict(dict(LANGUAGE_NAMES)).tag(sync=True)
    label = traitlets.Unicode("Language").tag(sync=True)
    asked = traitlets.List(traitlets.Unicode()).tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)

    @traitlets.validate("value")
    def _known(self, proposal):
        try:
            return language(proposal["value"])
        except UnknownLanguage:
            return self.value  # a code the tutor does not speak changes nothing

    @traitlets.observe("asked")
    def _pick(self, change) -> None:
        asked = [str(a)[:200] for a in (change["new"] or [])][:3]
        self.value = best_language(*asked)


assert set(LANGUAGE_NAMES) == set(LANGUAGES)


# ---------------------------------------------------------------- the explorer's and sandbox's chrome
# The fixed labels of the explorer and the sandbox (buttons, headings, fields, tabs), as
# those apps write them: :func:`relabel` shows them in a language. What those apps render
# from the game (the explorer's explanations, the sandbox's log and panels) is rendered
# in the language by the apps themselves (burgle.i18n.said, docs/i18n.md).
CHROME = (
    # explorer
    N_("Burgle Bros. guard explorer"), N_("Routing explorer · where does the guard go?"),
    N_("Place the pieces, read his route. Nothing here changes a game."), N_("The floor"),
    N_("Click a cell to put the guard there."),
    N_("The thin bars between cells are walls: click one to add or remove it."), N_("His die and speed"),
    N_("Speed:"), N_("Moves ahead"), N_("By typing"), N_("Walls as in the rules:"), N_("side by side,"),
    N_("one above the other. Press Enter to apply."), N_("Walls"), N_("A1|B1, C1/C2 …  (empty: no walls)"),
    N_("Type"), N_("One command, or several separated by · or ;"), N_("Reset the floor"),
    N_("Back to the starting floor: Bank Job floor 1, the guard on A1, his die on D2"),
    N_("Reset the floor? Your walls, guard, alarms and players are discarded."), N_("Yes, reset"),
    N_("Discard this floor"), N_("Keep it"), N_("Keep the floor as it is"),
    N_("Choose what a click places (Guard, His die, Alarm, Player), then click cells on the grid. His route, "
       "its reasons and his next moves update at once."),
    N_("The picture in words"), N_("His route"), N_("Why this way"), N_("Alarms"), N_("His next moves"),
    N_("Patrol odds and danger"), N_("Crew"),
    N_("Seen"), N_("patrol cards: B2 C4"), N_("Job"), N_("Random walls and layout codes"),
    N_("Eight walls a floor, no cell cut off (JOB-3). Codes are those of gabob.com/burgle (JOB-5)."),
    N_("Random walls"),
    N_("Random walls on every floor from this seed: uniform over all valid layouts (JOB-3); the same seed gives "
       "the same walls"),
    N_("Layout code"), N_("703h1 e0607 81ll0  (one floor: 703h1)"),
    N_("Paste a gabob.com layout code and press Enter: one code per floor, or one code for the floor shown (JOB-5)"),
    N_("Where he walks: traffic map"),
    N_("Of these walls, for any guard: how many of the 240 routes between two cells enter each cell (heat, "
       "gabob.com's measure, with his clockwise route), and his long-run share of steps there on patrol."),
    # sandbox
    N_("Burgle Bros. sandbox"), N_("Sandbox · play The Bank Job or The Office Job with the rules engine"), N_("What happened"),
    N_("Go back to"), N_("↶ Undo"), N_("Take back the last action"), N_("↷ Replay"), N_("Nothing to replay"),
    N_("Replay the next taken-back action"), N_("190m3 11hu0  (one code per floor)"),
    N_("No actions yet."), N_("Your actions"), N_("Type an action"), N_("e.g. move 1B2"), N_("Try it"),
    N_("Try the action typed in the box"), N_("The crew"), N_("The table"), N_("Hints"),
    N_("What if I end my turn here?"),
    N_("The chance to lose Stealth, and to be caught, before this character's next turn if it ended its turn now"),
    N_("Suggest a move"), N_("The bot's move, and the risk of its 3 best actions"), N_("The game"), N_("New game"),
    N_("Save and load"), N_("Seed"), N_("Start a new game"), N_("Set up a new game with this seed and crew (SETUP-1..8)"),
    N_("Yes, discard it"), N_("Start the new game; the one on the page is lost unless saved"),
    N_("Keep this game"), N_("Go on with the game on the page"), N_("Save…"), N_("Make a save file of this game"),
    N_("Load a file…"), N_("Load a save file (.json) made by Save…"), N_("Load text"),
    N_("Load the save pasted above"),
    N_("A save as JSON: press Save… to fill this in, or paste a save here and press Load text."),
    N_("Choose actions with the buttons, or type one; rewind to any earlier point with the dropdown under the "
       "log. Save to a file, load it later: the same seed and actions give the same game."),
)
_CHROME = frozenset(CHROME)
_TEXT_NODE = re.compile(r">([^<>]+)<")
_NEUTRAL = re.compile(r"[\s◆A-D1-4|/,.·]*|Burgle Bros\.")  # names and notation: the same in every language
_ATTRS = ("description", "tooltip", "placeholder", "title")


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from _walk(child)


def _html_in(english: str, t: Translator) -> str | None:
    """*english* HTML with each text node translated, if every text node is chrome (or
    neutral); None for anything else (HTML the app renders from the game)."""
    nodes = [n for n in _TEXT_NODE.findall(english) if n.strip()]
    if not nodes or not all(n.strip() in _CHROME or _NEUTRAL.fullmatch(n.strip()) for n in nodes):
        return None
    return _TEXT_NODE.sub(lambda m: ">" + (m.group(1).replace(m.group(1).strip(), t.gettext(m.group(1).strip()))
                                           if m.group(1).strip() in _CHROME else m.group(1)) + "<", english)


def relabel(root, lang: str) -> None:
    """Show the fixed labels under *root* (:data:`CHROME`) in *lang*; again with ``"en"``
    to go back. A label the app has changed since (a new English text) is taken as the new
    English. Nothing else on the page changes."""
    t = Translator(lang)
    for w in _walk(root):
        english: dict = w.__dict__.setdefault("_burgle_english", {})
        shown: dict = w.__dict__.setdefault("_burgle_shown", {})
        names = [a for a in _ATTRS if isinstance(getattr(w, a, None), str) and w.has_trait(a)]
        if w.has_trait("value") and isinstance(w.value, str) and "<" in w.value and "<style" not in w.value:
            names.append("value")
        for name in names:
            now = getattr(w, name)
            if name not in shown or now != shown[name]:
                english[name] = now  # first seen, or rewritten by the app since
            source = english[name]
            if name == "value":
                new = _html_in(source, t)
                if new is None:
                    continue
            else:
                if source not in _CHROME:
                    continue
                new = t.gettext(source)
            if now != new:
                setattr(w, name, new)
            shown[name] = new
        if w.has_trait("titles"):
            now = tuple(w.titles)
            if "titles" not in shown or now != shown["titles"]:
                english["titles"] = now
            new = tuple(t.gettext(x) if x in _CHROME else x for x in english["titles"])
            if now != new:
                w.titles = new
            shown["titles"] = new
