"""A picture of the board whose cells can be clicked, or played from the keyboard.

:class:`Board` is an anywidget that shows the SVG a page draws (``burgle.pictures``; each
cell's tile is a ``<rect data-cell="1B2">``) and lays a transparent button over every
cell. The kernel says what each cell offers (:attr:`Board.targets`: for each cell name,
the picks that target it, each ``[kind, value, label]``); the browser does the rest:

* a click on a cell with one pick does it at once; with several, a small menu under the
  picture offers them (labelled as the action buttons are); with none, a note says so;
* the keyboard does the same: one cell is in the Tab order, the arrow keys move between
  the cells (across floors drawn side by side), Enter or Space acts, Escape closes the menu.

What a cell offers is computed from what the players may see only (the legal actions,
which depend on the view alone: tests/test_hidden.py): a face-down cell offers what
``view()`` allows and its kind is never named. The browser sends back the pick; the
kernel runs it only if it is one of the cell's current picks (a stale click, made just
before the picture changed, is dropped), through the page's own action path
(:meth:`Board.on_pick`). The JavaScript is inline (no CDN), so the static site has it too.

Stable CSS classes (browser tests): ``burgle-board`` (the widget), ``burgle-hit`` (a
cell's button, ``data-cell`` its name; ``burgle-hit-on`` when it offers something),
``burgle-cell-menu`` with ``burgle-cell-choice`` buttons (``data-value``) and
``burgle-cell-cancel``, ``burgle-cell-note``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

import anywidget
import traitlets

__all__ = ["Board", "cell_targets", "CELL_WORD"]

CELL_WORD = re.compile(r"^[1-3][A-Da-d][1-4]$")


def cell_targets(actions: Iterable[str], label: Callable[[str], str] = str, kind: str = "act") -> dict:
    """Cell name -> the picks ``[kind, action, label]`` of the *actions* that name that
    cell (``move 1B2``, ``peek 2B4``, ``use blueprints 2B2``...), in the given order.

    >>> cell_targets(["move 1B3", "peek 1B3", "peek 2B4", "end"])
    {'1B3': [['act', 'move 1B3', 'move 1B3'], ['act', 'peek 1B3', 'peek 1B3']], '2B4': [['act', 'peek 2B4', 'peek 2B4']]}
    """
    out: dict[str, list[list[str]]] = {}
    for text in actions:
        for word in dict.fromkeys(str(text).split()[1:]):
            if CELL_WORD.match(word):
                out.setdefault(word.upper(), []).append([kind, str(text), label(str(text))])
    return out


_ESM = r"""
// burgle.web.board.Board: the board's cells as buttons over the SVG picture.
const NS = "http://www.w3.org/2000/svg";
const COLS = "ABCD";

function render({ model, el }) {
  el.classList.add("burgle-board");
  const pic = document.createElement("div");
  pic.className = "burgle-board-pic";
  const menu = document.createElement("div");
  menu.className = "burgle-cell-menu";
  menu.setAttribute("role", "group");
  menu.hidden = true;
  const note = document.createElement("p");
  note.className = "burgle-cell-note";
  note.setAttribute("aria-live", "polite");
  el.append(pic, menu, note);
  let current = null;  // the cell in the Tab order

  const targets = () => model.get("targets") || {};
  const hits = () => Array.from(pic.querySelectorAll(".burgle-hit"));
  const hitOf = (cell) => pic.querySelector(`.burgle-hit[data-cell="${cell}"]`);

  function send(pick) {
    note.textContent = "";
    model.send({ pick: [pick[0], pick[1]] });
  }

  function closeMenu(refocus) {
    const cell = menu.dataset.cell;
    menu.hidden = true;
    menu.replaceChildren();
    delete menu.dataset.cell;
    if (refocus && cell) focusCell(cell);
  }

  function openMenu(cell, picks) {
    menu.replaceChildren();
    menu.dataset.cell = cell;
    menu.setAttribute("aria-label", `Actions on ${cell}`);
    const head = document.createElement("span");
    head.className = "burgle-cell-menu-head";
    head.textContent = `${cell}:`;
    menu.append(head);
    for (const p of picks) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "burgle-cell-choice";
      b.dataset.value = p[1];
      b.textContent = p[2];
      b.addEventListener("click", () => { closeMenu(false); send(p); });
      menu.append(b);
    }
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "burgle-cell-cancel";
    cancel.textContent = "Cancel";
    cancel.addEventListener("click", () => closeMenu(true));
    menu.append(cancel);
    menu.hidden = false;
    menu.querySelector("button").focus();
  }

  function choose(cell) {
    const picks = targets()[cell] || [];
    closeMenu(false);
    current = cell;
    roving();
    if (picks.length === 1) send(picks[0]);
    else if (picks.length > 1) openMenu(cell, picks);
    else note.textContent = (model.get("idle") || "Nothing to do on {cell} now.").replaceAll("{cell}", cell);
  }

  function focusCell(cell) {
    const h = hitOf(cell);
    if (!h) return;
    current = cell;
    roving();
    h.focus({ preventScroll: false });
  }

  function roving() {
    const all = hits();
    if (!all.length) return;
    if (!current || !hitOf(current)) {
      const t = targets();
      const first = all.find((h) => (t[h.dataset.cell] || []).length) || all[0];
      current = first.dataset.cell;
    }
    for (const h of all) h.setAttribute("tabindex", h.dataset.cell === current ? "0" : "-1");
  }

  function labels() {
    const t = targets();
    for (const h of hits()) {
      const cell = h.dataset.cell;
      const picks = t[cell] || [];
      h.classList.toggle("burgle-hit-on", picks.length > 0);
      h.setAttribute("aria-label", picks.length ? `${cell}: ${picks.map((p) => p[2]).join(", ")}`
                                                : `${cell}: nothing to do`);
      let tip = h.querySelector("title");
      if (!tip) { tip = document.createElementNS(NS, "title"); h.append(tip); }
      tip.textContent = h.getAttribute("aria-label");
    }
    roving();
  }

  // The cell reached from `cell` by an arrow key, among the cells drawn (floors side by side).
  // Names are "1B2" (a game's floor 1) or "B2" (a picture of one floor alone).
  const parse = (n) => { const m = /^([1-3]?)([A-D])([1-4])$/.exec(n || ""); return m && { f: m[1], c: COLS.indexOf(m[2]), r: +m[3] }; };
  function step(cell, key) {
    const drawn = new Set(hits().map((h) => h.dataset.cell));
    const at = parse(cell);
    if (!at) return cell;
    let { f, c, r } = at;
    const floors = Array.from(new Set(Array.from(drawn, (n) => (parse(n) || {}).f))).sort();
    const k = floors.indexOf(f);
    if (key === "ArrowUp") r = Math.max(1, r - 1);
    else if (key === "ArrowDown") r = Math.min(4, r + 1);
    else if (key === "ArrowLeft") {
      if (c > 0) c -= 1;
      else if (k > 0) { f = floors[k - 1]; c = 3; }
    } else if (key === "ArrowRight") {
      if (c < 3) c += 1;
      else if (k >= 0 && k < floors.length - 1) { f = floors[k + 1]; c = 0; }
    }
    const next = `${f}${COLS[c]}${r}`;
    return drawn.has(next) ? next : cell;
  }

  function draw() {
    const active = document.activeElement;
    const had = active && pic.contains(active) && active.classList.contains("burgle-hit") ? active.dataset.cell : null;
    pic.innerHTML = model.get("value");
    closeMenu(false);
    const svg = pic.querySelector("svg");
    if (!svg) return;
    // The picture now holds buttons: a group with a name, not an image (whose children are presentational).
    svg.setAttribute("role", "group");
    const layer = document.createElementNS(NS, "g");
    layer.setAttribute("class", "burgle-hits");
    for (const r of svg.querySelectorAll("rect[data-cell]")) {
      const h = document.createElementNS(NS, "rect");
      for (const a of ["x", "y", "width", "height"]) h.setAttribute(a, r.getAttribute(a));
      h.setAttribute("class", "burgle-hit");
      h.setAttribute("data-cell", r.getAttribute("data-cell"));
      h.setAttribute("role", "button");
      h.setAttribute("tabindex", "-1");
      layer.append(h);
    }
    svg.append(layer);
    labels();
    // A redraw replaced the focused cell: keep the focus there (unless it moved on meanwhile).
    if (had && (document.activeElement === document.body || document.activeElement === null)) focusCell(had);
  }

  pic.addEventListener("click", (e) => {
    const h = e.target.closest && e.target.closest(".burgle-hit");
    if (h) choose(h.dataset.cell);
  });
  pic.addEventListener("keydown", (e) => {
    const h = e.target.closest && e.target.closest(".burgle-hit");
    if (!h) return;
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); choose(h.dataset.cell); }
    else if (e.key.startsWith("Arrow")) { e.preventDefault(); focusCell(step(h.dataset.cell, e.key)); }
  });
  menu.addEventListener("keydown", (e) => {
    if (e.key === "Escape") { e.preventDefault(); closeMenu(true); }
  });

  draw();
  const onTargets = () => { labels(); if (!menu.hidden) closeMenu(false); };
  model.on("change:value", draw);
  model.on("change:targets", onTargets);
  return () => { model.off("change:value", draw); model.off("change:targets", onTargets); };
}

export default { render };
"""

_CSS = r"""
.burgle-board { position: relative; }
.burgle-board svg .shapes, .burgle-board svg .labels, .burgle-board svg .background { pointer-events: none; }
.burgle-board .burgle-hit { fill: transparent; stroke: none; pointer-events: all; outline: none; }
.burgle-board .burgle-hit.burgle-hit-on { cursor: pointer; }
.burgle-board .burgle-hit.burgle-hit-on:hover { fill: rgba(0,114,178,.10); }
.burgle-board .burgle-hit:focus { stroke: #0072b2; stroke-width: 5; stroke-opacity: .85; fill: rgba(0,114,178,.06); }
.burgle-cell-menu { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; margin: 6px 2px 2px 2px;
  padding: 8px 10px; background: #f3f8fc; border: 1px solid #9dbbd6; border-radius: 10px; }
.burgle-cell-menu[hidden] { display: none; }
.burgle-cell-menu-head { font-weight: 700; color: #1d2433; margin-right: 2px; }
.burgle-cell-menu button { font: 600 14px/1.25 "DejaVu Sans Mono", Menlo, Consolas, monospace; min-height: 32px;
  padding: 4px 12px; border-radius: 8px; border: 1px solid #9dbbd6; background: #fff; color: #0b4f7c; cursor: pointer; }
.burgle-cell-menu button.burgle-cell-cancel { font-family: inherit; color: #4a5366; border-color: #cfd5df; }
.burgle-cell-menu button:focus-visible { outline: 3px solid rgba(0,114,178,.45); outline-offset: 1px; }
.burgle-cell-note { margin: 4px 4px 0 4px; font-size: 13px; color: #4a5366; min-height: 0; }
.burgle-cell-note:empty { display: none; }
"""


class Board(anywidget.AnyWidget):
    """The picture (``value``: HTML holding one ``<svg>``) with clickable cells.

    ``targets``: cell name -> list of picks ``[kind, value, label]`` (``kind`` is the
    page's own word, e.g. ``"act"`` or ``"answer"``); ``idle``: what a click on a cell
    that offers nothing says ('' for the default "Nothing to do on 1B2 now."; ``{cell}``
    stands for the cell clicked).
    :meth:`on_pick` registers the page's handler ``fn(kind, value)``."""

    _esm = _ESM
    _css = _CSS
    value = traitlets.Unicode("").tag(sync=True)
    targets = traitlets.Dict().tag(sync=True)
    idle = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._handlers: list[Callable[[str, str], object]] = []
        self.dropped = 0  # picks that were no longer offered when they arrived (stale clicks)
        self.on_msg(self._message)

    def on_pick(self, fn: Callable[[str, str], object]) -> None:
        self._handlers.append(fn)

    def show(self, value: str | None = None, targets: dict | None = None, idle: str | None = None) -> None:
        """Set the picture and what its cells offer in one message (unchanged parts are not sent)."""
        with self.hold_sync():
            if value is not None and value != self.value:
                self.value = value
            if targets is not None and targets != self.targets:
                self.targets = targets
            if idle is not None and idle != self.idle:
                self.idle = idle

    def picks(self, cell: str) -> list[list[str]]:
        return list(self.targets.get(str(cell).upper(), []))

    def pick(self, kind: str, value: str):
        """Run a pick, if a cell offers it now (what the browser's click sends); returns
        the handlers' last result, or None when it is not offered (dropped)."""
        if not any(p[0] == kind and p[1] == value for picks in self.targets.values() for p in picks):
            self.dropped += 1
            return None
        result = None
        for fn in self._handlers:
            result = fn(kind, value)
        return result

    def click(self, cell: str):
        """What a click on *cell* does, kernel side (for tests and notebooks): its one pick
        is run; with several, their list is returned (the browser shows them as a menu);
        with none, an empty list."""
        picks = self.picks(cell)
        if len(picks) == 1:
            return self.pick(picks[0][0], picks[0][1])
        return picks

    def _message(self, _widget, content, _buffers) -> None:
        pick = content.get("pick") if isinstance(content, dict) else None
        if isinstance(pick, list) and len(pick) == 2 and all(isinstance(x, str) for x in pick):
            self.pick(pick[0], pick[1])
