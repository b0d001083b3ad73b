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

import anywidget
import traitlets

from burgle.i18n import DEFAULT, LANGUAGE_NAMES, LANGUAGES, best_language
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
