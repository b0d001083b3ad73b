"""The page ``burgle tutor`` serves: a bar linking the tutor, the routing explorer and the
sandbox, above whichever of the three is open.

The tutor opens first (learners are the main audience); the explorer and the sandbox are
built the first time they are opened, so the page loads as fast as the tutor alone. All
three run in the page's one kernel, so switching keeps each one's state.

Stable CSS classes: ``burgle-site`` (root), ``burgle-nav`` (the bar), and one button per
app: ``burgle-nav-tutor``, ``burgle-nav-explorer``, ``burgle-nav-sandbox`` (the open one
also carries ``burgle-nav-current``).
"""

from __future__ import annotations

import ipywidgets as widgets

from burgle.web.tutor import TutorApp

APPS = (
    ("tutor", "Lessons", "Learn the rules one at a time, by playing them"),
    ("explorer", "Guard explorer", "Where will the guard walk, and why that way?"),
    ("sandbox", "Sandbox game", "Play a whole seeded game, rewind, save and load"),
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
@media (max-width: 600px) {
  .burgle-site .burgle-nav { gap: 4px; padding: 4px 0 6px 0; }
  .burgle-site .burgle-nav .jupyter-button { padding: 3px 9px; font-size: 12.5px; min-height: 30px; }
}
"""


def _build(name: str):
    if name == "explorer":
        from burgle.web.explorer import ExplorerApp

        return ExplorerApp()
    from burgle.web.sandbox import SandboxApp

    return SandboxApp()


class BurgleHome:
    """The landing bar and the three apps (the tutor first)."""

    def __init__(self, tutor: TutorApp | None = None):
        self.tutor = tutor or TutorApp()
        self.apps = {"tutor": self.tutor}
        self.buttons = {}
        for name, label, tip in APPS:
            b = widgets.Button(description=label, tooltip=tip)
            b.add_class("burgle-nav-button")
            b.add_class(f"burgle-nav-{name}")
            b.on_click(lambda _, n=name: self.open(n))
            self.buttons[name] = b
        nav = widgets.HBox([widgets.HTML(f"<style>{CSS}</style>"), *self.buttons.values()])
        nav.add_class("burgle-nav")
        self.stack = widgets.Box([self.tutor.root])
        self.stack.layout.width = "100%"
        self.root = widgets.VBox([nav, self.stack])
        self.root.add_class("burgle-site")
        self.root.layout.width = "100%"
        self.current = "tutor"
        self._mark()

    def open(self, name: str) -> None:
        """Show one of the apps ('tutor', 'explorer', 'sandbox'), building it on first use."""
        if name not in self.buttons:
            raise ValueError(f"unknown app {name!r}; the page has: {', '.join(self.buttons)}")
        app = self.apps.get(name)
        if app is None:
            app = self.apps[name] = _build(name)
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
