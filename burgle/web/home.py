"""The page ``burgle tutor`` serves: a bar linking the tutor, the routing explorer and the
sandbox, above whichever of the three is open.

The tutor opens first (learners are the main audience); the explorer and the sandbox are
built the first time they are opened, so the page loads as fast as the tutor alone. All
three run in the page's one kernel, so switching keeps each one's state.

The bar ends with the language picker (:class:`burgle.web.language.LanguagePicker`,
``burgle-lang``): ``?lang=es`` in the address, the remembered choice or the browser's
languages pick the first language; every app follows the picker (``set_language``).

Stable CSS classes: ``burgle-site`` (root), ``burgle-nav`` (the bar), and one button per
app: ``burgle-nav-tutor``, ``burgle-nav-explorer``, ``burgle-nav-sandbox`` (the open one
also carries ``burgle-nav-current``), ``burgle-lang`` (the picker).
"""

from __future__ import annotations

import ipywidgets as widgets

from burgle.i18n import DEFAULT, N_, Translator
from burgle.web.language import LanguagePicker, relabel
from burgle.web.tutor import TutorApp

APPS = (
    ("tutor", N_("Lessons"), N_("Learn the rules one at a time, by playing them")),
    ("explorer", N_("Guard explorer"), N_("Where will the guard walk, and why that way?")),
    ("sandbox", N_("Sandbox game"), N_("Play a whole seeded game, rewind, save and load")),
)

CSS = """
.burgle-site, .burgle-site > .widget-box { overflow: visible; }
.lm-BoxPanel-child:has(.burgle-site) { scrollbar-gutter: stable; }
.burgle-site .burgle-nav { position: sticky; top: 0; z-index: 20; gap: 6px; padding: 6px 4px 8px 4px;
  flex-wrap: nowrap; overflow-x: auto; background: var(--jp-layout-color0, #fff); max-width: 1360px;
  width: 100%; margin: 0 auto; box-sizing: border-box; }
.burgle-site .burgle-nav .jupyter-button { width: auto; flex: 0 0 auto; border-radius: 999px; font-weight: 600;
  min-height: 34px; padding: 4px 14px; color: #1d2433; background: #eef0f4; border: 1px solid #cfd5df; }
.burgle-site .burgle-nav .jupyter-button.burgle-nav-current { background: #1f2937; color: #fff; border-color: #1f2937; }
.burgle-site .burgle-nav .jupyter-button:focus-visible { outline: 3px solid rgba(0,114,178,.45); outline-offset: 1px; }
.burgle-site .burgle-nav .burgle-lang { margin-left: auto; }
@media (max-width: 600px) {
  /* JupyterLab's panel padding, cell padding and output margin took 30 px of a 360 px
     screen: the board's cells need the width (24 px targets, issue 10 §1). */
  .lm-BoxPanel-child:has(.burgle-site), .jp-Cell:has(.burgle-site) {
    padding-left: 0 !important; padding-right: 0 !important; }
  .jp-OutputArea-output:has(.burgle-site) { margin-left: 0; }
  .burgle-site .burgle-nav { gap: 4px; padding: 4px 0 6px 0; flex-wrap: wrap; overflow-x: visible; }
  .burgle-site .burgle-nav .jupyter-button { padding: 3px 9px; font-size: 12.5px; min-height: 30px; }
}
"""


def _build(name: str, lang: str = DEFAULT):
    if name == "explorer":
        from burgle.web.explorer import ExplorerApp

        app = ExplorerApp()
    else:
        from burgle.web.sandbox import SandboxApp

        app = SandboxApp()
    if lang != DEFAULT:
        _follow(app, lang)
    return app


def _follow(app, lang: str) -> None:
    """*app* in *lang*: its own ``set_language``, or else its fixed labels (``relabel``)."""
    if hasattr(app, "set_language"):
        app.set_language(lang)
    else:
        relabel(app.root, lang)


class BurgleHome:
    """The landing bar and the three apps (the tutor first)."""

    def __init__(self, tutor: TutorApp | None = None):
        self.tutor = tutor or TutorApp()
        self.apps = {"tutor": self.tutor}
        self.lang = self.tutor.lang
        self.buttons = {}
        for name, label, tip in APPS:
            b = widgets.Button(description=label, tooltip=tip)
            b.add_class("burgle-nav-button")
            b.add_class(f"burgle-nav-{name}")
            b.on_click(lambda _, n=name: self.open(n))
            self.buttons[name] = b
        self.picker = LanguagePicker(value=self.lang)
        self.picker.observe(lambda change: self.set_language(change["new"]), names="value")
        nav = widgets.HBox([widgets.HTML(f"<style>{CSS}</style>"), *self.buttons.values(), self.picker])
        nav.add_class("burgle-nav")
        self.stack = widgets.Box([self.tutor.root])
        self.stack.layout.width = "100%"
        self.root = widgets.VBox([nav, self.stack])
        self.root.add_class("burgle-site")
        self.root.layout.width = "100%"
        self.current = "tutor"
        self._mark()
        self._labels()

    def set_language(self, lang: str) -> None:
        """Show the bar and every app in *lang* (also what the picker does)."""
        self.lang = lang
        if self.picker.value != lang:
            self.picker.value = lang  # comes back here through the observer
            return
        self._labels()
        for app in self.apps.values():
            _follow(app, lang)

    def _labels(self) -> None:
        _ = Translator(self.lang).gettext
        for name, label, tip in APPS:
            self.buttons[name].description = _(label)
            self.buttons[name].tooltip = _(tip)
        self.picker.label = _("Language")

    def open(self, name: str) -> None:
        """Show one of the apps ('tutor', 'explorer', 'sandbox'), building it on first use."""
        if name not in self.buttons:
            raise ValueError(f"unknown app {name!r}; the page has: {', '.join(self.buttons)}")
        app = self.apps.get(name)
        if app is None:
            app = self.apps[name] = _build(name, self.lang)
        self.stack.children = (app.root,)
        app.root.add_class("burgle-ready")
        self.current = name
        self._mark()

    def _mark(self) -> None:
        for name, b in self.buttons.items():
            if name == self.current:
                b.add_class("burgle-nav-current")
            else:
                b.remove_class("burgle-nav-current")

    def display(self) -> None:
        from IPython.display import display

        display(self.root)
        self.tutor.root.add_class("burgle-ready")
