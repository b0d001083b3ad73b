"""Small ipywidgets helpers and the base style shared by the explorer and sandbox pages.

Pictures go into a ``widgets.HTML`` as inline SVG (never ``display()`` into an
``Output``: see docs/voila-page-loads.md). Widget values are only sent when they
change (:func:`set_value`), which keeps a click to a handful of messages.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from burgle.web.security.limits import shorten

#: Longest message line (a refusal quoting the visitor's text is cut to this).
MAX_MESSAGE_CHARS = 600

__all__ = ["BASE_CSS", "box", "button", "esc", "html_widget", "set_value", "show", "svg_body", "toggle_class"]

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


class StatusMessages:
    """For apps with a ``message`` HTML widget and a ``refresh()``: run one user edit and
    say what changed, or why it was refused (the edit's model then left nothing changed).
    ``refusals`` names the exception class(es) that carry a message for the player."""

    refusals: type[Exception] | tuple[type[Exception], ...] = ()

    def _do(self, edit) -> bool:
        try:
            note = edit()
        except self.refusals as exc:
            self.refresh()
            self._message(str(exc), error=True)
            return False
        self.refresh()  # the picture first: it is what the player waits for
        self._message(note, error=False)
        return True

    def _message(self, text: str, error: bool, info: bool = False) -> None:
        icon = "" if info else ("\u26d4 " if error else "\u2713 ")
        text = shorten(text, MAX_MESSAGE_CHARS)  # a refusal never echoes a huge input back
        set_value(self.message, "value", f"<p role='status'>{icon}{esc(text, quote=False)}</p>")
        toggle_class(self.message, "burgle-message-error", error)
        toggle_class(self.message, "burgle-message-ok", not error and not info)


BASE_CSS = r"""
.burgle-app {
  --b-ink: #1d2433; --b-ink2: #4a5366; --b-muted: #6b7385; --b-line: #e4e0d6; --b-paper: #faf8f3;
  --b-card: #ffffff; --b-accent: #d55e00; --b-accent2: #b34d00; --b-blue: #0072b2; --b-green: #00795a;
  --b-green-bg: #e9f6f1; --b-red: #b42318; --b-red-bg: #fdf0ee; --b-amber-bg: #fff6e5; --b-purple: #cc79a7;
  --jp-widgets-font-size: 14px;
  font-family: "Inter", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", "DejaVu Sans", Arial, sans-serif;
  color: var(--b-ink); background: var(--b-paper); font-size: 14.5px; line-height: 1.45;
  max-width: 1360px; margin: 0 auto; border-radius: 14px; overflow: hidden;
  box-shadow: 0 1px 3px rgba(0,0,0,.06), 0 8px 24px rgba(0,0,0,.05);
}
.burgle-app .widget-html-content { line-height: 1.45; white-space: normal; }
.burgle-app p { margin: 0 0 .45em 0; }
.burgle-app h2 { font-size: 13px; font-weight: 800; text-transform: uppercase; letter-spacing: .08em;
  color: var(--b-muted); margin: 0 0 6px 0; }
.burgle-app code { font-family: "JetBrains Mono", "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: .92em;
  background: #eef1f6; padding: 1px 5px; border-radius: 4px; }
.burgle-app .jupyter-button { border-radius: 8px; font-size: 13.5px; font-weight: 600; height: auto;
  min-height: 32px; line-height: 1.25; padding: 5px 12px; background: #fff; color: var(--b-ink);
  border: 1px solid #cfd5df; box-shadow: 0 1px 0 rgba(0,0,0,.04); }
.burgle-app .jupyter-button:hover:enabled { background: #f3f5f9; border-color: #aab3c2; }
.burgle-app .jupyter-button:focus-visible { outline: 3px solid rgba(0,114,178,.45); outline-offset: 1px; }
.burgle-app .jupyter-button.mod-primary { background: var(--b-accent); border-color: var(--b-accent); color: #fff; }
.burgle-app .jupyter-button.mod-primary:hover:enabled { background: var(--b-accent2); }
.burgle-app .jupyter-button:disabled { opacity: .45; cursor: not-allowed; }
.burgle-app .widget-toggle-buttons .jupyter-button { min-height: 30px; padding: 3px 10px; margin: 0 4px 0 0; }
.burgle-app .widget-toggle-buttons .jupyter-button.mod-active { background: #1b2230; border-color: #1b2230; color: #fff; }
.burgle-app .widget-label { color: var(--b-ink2); font-weight: 600; }
.burgle-app input[type=text], .burgle-app textarea, .burgle-app select { border-radius: 7px !important; }
.burgle-header { background: #1b2230; color: #fff; padding: 11px 20px; align-items: center; justify-content: space-between;
  flex-wrap: wrap; gap: 4px 18px; }
.burgle-brand { display: flex; align-items: baseline; gap: 4px 10px; flex-wrap: wrap; }
.burgle-name { white-space: nowrap; }
.burgle-logo { color: #f0a030; font-size: 20px; }
.burgle-name { font-size: 20px; font-weight: 800; letter-spacing: .01em; }
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
"""
