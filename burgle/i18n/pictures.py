"""Pictures in the learner's language: the words a board picture writes, and its text
alternative.

:func:`localize_scene` takes a :class:`burgle.pictures.Scene` (built in English by
``burgle.pictures.scene``) and returns the same scene with its words in a language: the
picture's title and each floor's header lines, tile names, character names, the legend,
and the text alternative (rebuilt from the scene's data by :func:`floor_description`).
Cell names, wall notation and rule ids stay as they are; what the analysis writes in
prose (a forecast's notes, such as why the guard stays) stays English, and so does a
lesson's own caption.

>>> from burgle.engine.game import Game
>>> from burgle.pictures import scene
>>> g = Game.new(seed=1, characters=["hawk"])
>>> _ = g.apply("entrance 1A1")
>>> sc = localize_scene(scene(g, floors=1), "es", g)
>>> sc.title, sc.floors[0].header[0]
('Turno 1: le toca a Halcón, le quedan 4 de 4 acciones', 'Planta 1')
>>> sc.floors[0].alt_text.split(".")[0]
'Planta 1: una cuadrícula de 4 por 4, columnas A a D de izquierda a derecha, filas 1 a 4 de arriba abajo'
"""

from __future__ import annotations

import re
from dataclasses import replace

from burgle.geometry.board import cell_name
from burgle.i18n import data
from burgle.i18n.catalogs import N_, NC_, NP_, Translator
from burgle.i18n.languages import DEFAULT, language
from burgle.i18n.said import Said, render

# The legend's entries (burgle.pictures.layout.LEGEND), marked for the catalog.
LEGEND = {
    "guard": N_("guard"),
    "die": N_("his die: destination, pips = speed"),
    "badge": N_("his steps this turn"),
    "stop": N_("where he stops"),
    "unknown": N_("last known step; then a patrol card or an alarm tie"),
    "later": N_("his way on a later move"),
    "alt": N_("tied route not taken (clockwise rule)"),
    "alarm": N_("alarm, walking steps from the guard"),
    "pending": N_("alarm going off at the end of the actions (Thermo)"),
    "character": N_("character, Stealth left"),
    "seen": N_("he sees a character there: -1 Stealth"),
    "face_down": N_("face down"),
    "downstairs": N_("downstairs token"),
    "cracked": N_("cracked"),
    "secret_door": N_("way into a Secret Door"),
    "highlight": N_("highlight"),
    "odds": N_("shade and %: chance (see below)"),
    "more": N_("+n: more tokens than fit (all in the text)"),
}

# The short tile names drawn in the cells (burgle.pictures.scene.TILE_LABELS, kept equal by a
# test): a translation must fit a cell too, so it is a catalog message, not the full name.
TILE_LABELS = {
    "atrium": NC_("tile label", "Atrium"), "camera": NC_("tile label", "Camera"),
    "computer_fingerprint": NC_("tile label", "Comp. Finger"), "computer_laser": NC_("tile label", "Comp. Laser"),
    "computer_motion": NC_("tile label", "Comp. Motion"), "deadbolt": NC_("tile label", "Deadbolt"),
    "detector": NC_("tile label", "Detector"), "fingerprint": NC_("tile label", "Fingerprint"),
    "foyer": NC_("tile label", "Foyer"), "keypad": NC_("tile label", "Keypad"),
    "laboratory": NC_("tile label", "Lab"), "laser": NC_("tile label", "Laser"),
    "lavatory": NC_("tile label", "Lavatory"), "motion": NC_("tile label", "Motion"),
    "safe": NC_("tile label", "Safe"), "secret_door": NC_("tile label", "Secret Door"),
    "service_duct": NC_("tile label", "Duct"), "stairs": NC_("tile label", "Stairs"),
    "thermo": NC_("tile label", "Thermo"), "walkway": NC_("tile label", "Walkway"),
}

# Header lines and titles the scene writes, as templates: a line that matches none (the
# analysis' own prose) is kept as it is. Each template is also its pattern, its
# placeholders matching what the scene puts there (_SLOTS).
_LINES = (
    N_("Floor {n}"),
    N_("Guard not on the board yet (GUARD-2)"),
    N_("Game over: the guard moves no more"),
    N_("Guard's first destination: after the entrance (SETUP-10)"),
    N_("Guard moves this turn: {mp}"),
    N_("Guard's next move (not this turn): {mp}"),
    N_("Stops on {cell}"),
    N_("Captures on {cell}"),
    N_("He stays"),
    N_("Alarms {cells} tied: players choose (ALARM-3)"),
    N_("Known to {cell}, then alarms {cells} tied ({n} MP left)"),
    N_("Known to {cell}, then {n} MP: next card unseen"),
    N_("Before the first turn: choose the entrance"),
)
_SLOTS = {"n": r"\d+", "cell": r"\S+", "cells": r"\S+", "mp": r".+"}


def _pattern(template: str) -> re.Pattern:
    parts = re.split(r"\{(\w+)\}", template)  # text, name, text, name, ..., text
    return re.compile("^" + "".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>{_SLOTS[part]})"
                                    for i, part in enumerate(parts)) + "$")


_LINE_RX = tuple((_pattern(t), t) for t in _LINES)
_MP = re.compile(r"^die (?P<die>\d)(?P<rest>.*) = (?P<mp>\d+) MP$")

TURN_TITLE = NP_("Turn {turn}: {who} to act, {left} of {total} action left",
                 "Turn {turn}: {who} to act, {left} of {total} actions left")

# The text alternative's sentences.
GRID = N_("{floor}: a 4 by 4 grid, columns A to D left to right, rows 1 to 4 top to bottom. Walls: {walls}.")
DYNAMITE = N_("Destroyed by Dynamite: {walls}.")
FACE_UP = NP_("{n} tile face up: {tiles}.", "{n} tiles face up: {tiles}.")
FACE_DOWN = NP_("{n} face down.", "{n} face down.")
FACE_DOWN_TOKENS = NP_("{n} face down: with tokens {tokens}.", "{n} face down: with tokens {tokens}.")
STANDS = N_("{who} ({label}) stands on {cell} with {stealth} Stealth.")
STANDS_ACTIVE = N_("{who} ({label}, active) stands on {cell} with {stealth} Stealth.")
GUARD_ON = N_("The guard (G) stands on {cell}; his die shows {speed} and sits on {die}.")
GUARD_NO_DIE = N_("The guard (G) stands on {cell}; his die shows {speed} and is not on the board yet.")
NO_GUARD = N_("The guard of this floor is not on the board yet.")
ALARMS = N_("Alarms: {alarms}.")
ALARM_AT = N_("{cell} at walking distance {n}")
THIS_TURN = N_("This turn: {mp}.")
NEXT_MOVE = N_("His next move: {mp}.")
ROUTE = N_("Route: {steps}.")
STEP = N_("step {n} {cell}")
STOPS = N_("He stops on {cell}.")
KNOWN = N_("The known route ends on {cell} with {n} MP left.")
LATER = N_("Then, on a later move: {cells}.")
TIED = N_("Tied route not taken (dimmed): {cells}; the most clockwise route wins (GUARD-9).")
MARKED = N_("Highlighted: {cells}.")
# Translators: the last part of a picture's text alternative (for screen readers): its caption.
CAPTION = N_("Caption: {caption}")
# Translators: the title (SVG <title>, read by screen readers) of a picture that has none of its own.
BOARD = N_("Burgle Bros. board")
NONE = N_("none")
SHADE = N_("shade and %: {what}")
FLOOR_WHAT = N_("floor {floor}: {what}")
_SEP = NC_("separator", "; ")

# A mark's words by its kind ({n}: the number its label shows).
MARKS = {
    "alarm": N_("alarm token"),
    "cracked": N_("cracked token"),
    "downstairs": N_("downstairs token (stairs from the floor below)"),
    "keypad_open": N_("the Keypad is open"),
    "crowbar": N_("Crowbar: the tile is disabled"),
    "crow": N_("the Raven's crow"),
    "kitty": N_("the loose Persian Kitty"),
    "entrance": N_("the entrance"),
}
COUNTED_MARKS = {
    "safe_dice": NP_("{n} die on the Safe", "{n} dice on the Safe"),
    "hack": NP_("{n} hack token", "{n} hack tokens"),
    "stealth_tokens": NP_("{n} Stealth token on the tile", "{n} Stealth tokens on the tile"),
}


def _line(text: str, t: Translator) -> str:
    if isinstance(text, Said):  # the explorer's header lines carry their own message
        return render(text, t)
    for rx, template in _LINE_RX:
        m = rx.match(text)
        if m:
            values = dict(m.groupdict())
            if "mp" in values:
                values["mp"] = _mp(values["mp"], t)
            return t.gettext(template).format(**values)
    return text


def _mp(text: str, t: Translator) -> str:
    """'die 3 + 1 alarm = 4 MP' in the language (the parts past the die stay as written)."""
    m = _MP.match(text)
    if not m:
        return text
    return t.gettext("die {die}{rest} = {mp} MP").format(die=m["die"], rest=m["rest"], mp=m["mp"])


def _mark(mark, t: Translator) -> str:
    if mark.kind in COUNTED_MARKS:
        n = int(re.sub(r"\D", "", mark.label) or 0)
        return t.ngettext(*COUNTED_MARKS[mark.kind], n).format(n=n)
    if mark.kind in MARKS:
        return t.gettext(MARKS[mark.kind])
    return mark.text  # cards lying here, links: English for now


# The short chips drawn in a cell, by the mark's kind ({n}: the number the English chip shows);
# short on purpose: a chip must fit in a cell.
CHIPS = {
    "safe_dice": NC_("mark chip", "dice {n}"), "cracked": NC_("mark chip", "cracked"),
    "hack": NC_("mark chip", "hack {n}"), "keypad_open": NC_("mark chip", "open"), "crowbar": NC_("mark chip", "bar"),
    "stealth_tokens": NC_("mark chip", "St +{n}"), "crow": NC_("mark chip", "crow"),
    "kitty": NC_("mark chip", "kitty"), "entrance": NC_("mark chip", "in"),
}
COUNTED_CHIPS = {"items": NP_("{n} card", "{n} cards")}


# The titles burgle.analysis.patrol gives its odds overlays (the legend quotes them), as
# templates; {how} is how they were worked out.
ODDS_TITLES = (
    N_("chance he enters the cell within his next move ({how})"),
    N_("chance he enters the cell within his next {n} moves ({how})"),
    N_("chance he ends a move on the cell within his next move ({how})"),
    N_("chance he ends a move on the cell within his next {n} moves ({how})"),
    N_("chance he enters the cell in his next move ({how})"),
    N_("chance he enters the cell in his move {n} from now ({how})"),
    N_("chance he ends a move on the cell in his next move ({how})"),
    N_("chance he ends a move on the cell in his move {n} from now ({how})"),
    N_("chance of each cell being his next destination (exact)"),
)
_HOW = ((re.compile(r"exact, (?P<n>[\d,]+) card sequences"), "exact, {n} card sequences"),
        (re.compile(r"Monte Carlo, (?P<n>[\d,]+) samples, seed (?P<seed>\d+)"), "Monte Carlo, {n} samples, seed {seed}"))


def odds_title(title, t: Translator) -> str:
    """An odds overlay's title in the language (a :class:`Said` says itself; the patrol
    analysis' English titles are matched against :data:`ODDS_TITLES`)."""
    if isinstance(title, Said) or t.lang == DEFAULT:
        return render(title, t)
    from burgle.i18n.happenings import _pattern

    for template in ODDS_TITLES:
        m = _pattern(template).fullmatch(str(title))
        if m:
            fields = m.groupdict()
            if "how" in fields:
                for rx, how in _HOW:
                    h = rx.fullmatch(fields["how"])
                    if h:
                        fields["how"] = t.gettext(how).format(**h.groupdict())
                        break
            return t.gettext(template).format(**fields)
    return str(title)


def _chip(mark, t: Translator) -> str:
    n = int(re.sub(r"\D", "", mark.label) or 0)
    if mark.kind in COUNTED_CHIPS:
        return t.ngettext(*COUNTED_CHIPS[mark.kind], n).format(n=n)
    if mark.kind in CHIPS and not (mark.kind == "cracked" and mark.label != "cracked"):
        return t.pgettext(*CHIPS[mark.kind]).format(n=n)
    return mark.label  # symbols (!, ✓, ↓, T↑, ↔1B2) are the same in every language


def _tile(kind: str | None, lang: str) -> str | None:
    try:
        return data.tile_name(kind, lang) if kind else None
    except KeyError:
        return None


def floor_description(fs, t: Translator) -> str:
    """The text alternative of one floor picture in *t*'s language (the English one is
    ``burgle.pictures.scene.floor_alt_text``)."""
    from burgle.geometry.board import CELLS_PER_FLOOR as N
    from burgle.geometry.board import wall_name

    _ = t.gettext
    out = []
    name = _("Floor {n}").format(n=fs.floor) if fs.floor is not None else fs.title
    walls = ", ".join(wall_name((a % N, b % N)) for a, b in fs.walls) or _(NONE)
    out.append(_(GRID).format(floor=name, walls=walls))
    if fs.broken_walls:
        out.append(_(DYNAMITE).format(walls=", ".join(wall_name((a % N, b % N)) for a, b in fs.broken_walls)))
    if fs.floor is not None:
        up = [v for v in fs.cells if v.revealed]
        if up:
            descs = []
            for v in up:
                d = f"{v.name} {v.title}" + (f" {v.number}" if v.number is not None else "")
                if v.marks:
                    d += " (" + "; ".join(_mark(m, t) for m in v.marks) + ")"
                descs.append(d)
            out.append(t.ngettext(*FACE_UP, len(up)).format(n=len(up), tiles="; ".join(descs)))
        down = [v for v in fs.cells if not v.revealed]
        if down:
            tokens = [f"{v.name} ({'; '.join(_mark(m, t) for m in v.marks)})" for v in down if v.marks]
            if tokens:
                out.append(t.ngettext(*FACE_DOWN_TOKENS, len(down)).format(n=len(down), tokens=", ".join(tokens)))
            else:
                out.append(t.ngettext(*FACE_DOWN, len(down)).format(n=len(down)))
        for v in fs.cells:
            for o in v.occupants:
                if o.kind == "character":
                    out.append(_(STANDS_ACTIVE if o.active else STANDS).format(
                        who=o.name, label=o.label, cell=v.name, stealth=o.stealth))
    r = fs.route
    if fs.guard is not None and fs.floor is not None:
        if fs.die is not None:
            out.append(_(GUARD_ON).format(cell=cell_name(fs.guard), speed=fs.speed, die=cell_name(fs.die)))
        else:
            out.append(_(GUARD_NO_DIE).format(cell=cell_name(fs.guard), speed=fs.speed))
    elif fs.floor is not None:
        out.append(_(NO_GUARD))
    if fs.alarms:
        parts = [_(ALARM_AT).format(cell=a.name, n=a.distance) if a.distance is not None else a.name
                 for a in fs.alarms]
        out.append(_(ALARMS).format(alarms="; ".join(parts)))
    if r is not None:
        if r.mp_text and r.forecast is not None and r.forecast.floor is not None:
            out.append(_(THIS_TURN if r.moves_this_turn else NEXT_MOVE).format(mp=_mp(r.mp_text, t)))
        if len(r.path) > 1:
            out.append(_(ROUTE).format(steps=", ".join(_(STEP).format(n=b, cell=cell_name(c)) for c, b in r.badges)))
        if r.stop is not None and len(r.path) > 1:
            out.append(_(STOPS).format(cell=cell_name(r.stop)))
        elif r.unknown:
            out.append(_(KNOWN).format(cell=cell_name(r.end), n=r.mp_unknown))
        if r.later:
            out.append(_(LATER).format(cells=" ".join(cell_name(c) for c in r.later[1:])))
        for alt in r.alternatives:
            out.append(_(TIED).format(cells=" ".join(cell_name(c) for c in alt)))
    if fs.hl_cells:
        out.append(_(MARKED).format(cells=", ".join(cell_name(c) for c in fs.hl_cells)))
    return " ".join(out)


def _title(sc, t: Translator, game) -> str:
    if game is not None and game.s.phase == "actions" and not game.s.outcome:
        s = game.s
        who = data.character_name(s.characters[s.active].name, t.lang)
        return t.ngettext(*TURN_TITLE, s.allowance).format(turn=s.turn, who=who, left=s.allowance - s.spent,
                                                           total=s.allowance)
    return _line(sc.title, t)


def localize_scene(sc, lang: str, game=None):
    """*sc* with its words in *lang* (unchanged for English). *game*: the game it shows,
    for the title (whose turn); without it, the title is translated by pattern."""
    lang = language(lang)
    if lang == DEFAULT:
        return sc
    t = Translator(lang)
    floors = []
    for fs in sc.floors:
        cells = []
        for v in fs.cells:
            title = _tile(v.kind, lang) if v.revealed else t.pgettext("tile", "face down")
            occupants = tuple(replace(o, name=data.character_name(_character_key(o.name), lang))
                              if o.kind == "character" and _character_key(o.name) else
                              replace(o, name=render(o.name, t)) if isinstance(o.name, Said) else o
                              for o in v.occupants)
            label = t.pgettext(*TILE_LABELS[v.kind]) if v.label and v.kind in TILE_LABELS else v.label
            marks = tuple(replace(m, label=_chip(m, t)) for m in v.marks)
            cells.append(replace(v, title=title or v.title, label=label, occupants=occupants, marks=marks))
        new = replace(fs, title=_line(fs.title, t), header=tuple(_line(h, t) for h in fs.header), cells=tuple(cells))
        if fs.route is not None:  # the explorer's sightings ("sees 1") and why the route is not known further
            new = replace(new, route=replace(fs.route, sightings=tuple((c, render(s, t)) for c, s in fs.route.sightings),
                                             unknown=render(fs.route.unknown, t) if fs.route.unknown else ""))
        # a picture whose words carry their messages (the explorer's) says them; others are described
        alt = render(fs.alt_text, t) if isinstance(fs.alt_text, Said) else floor_description(new, t)
        floors.append(replace(new, alt_text=alt))
    legend = {key: t.gettext(text) for key, text in LEGEND.items()}
    titles = [(f.floor, odds_title(f.overlay.title, t)) for f in sc.floors if f.overlay is not None]
    if titles:  # what the overlay's shades and percentages are (its own words, as burgle.pictures.layout)
        what = (titles[0][1] if len({x for _, x in titles}) == 1 else t.pgettext(*_SEP).join(
            t.gettext(FLOOR_WHAT).format(floor=f, what=x) for f, x in titles))
        legend["odds"] = t.gettext(SHADE).format(what=what)
    floors = [replace(f, overlay=replace(f.overlay, title=odds_title(f.overlay.title, t))) if f.overlay is not None
              else f for f in floors]
    return replace(sc, floors=tuple(floors), title=_title(sc, t, game), legend_texts=tuple(legend.items()),
                   caption=render(sc.caption, t),
                   words=(("caption", t.gettext(CAPTION)), ("board", t.gettext(BOARD))))


def _character_key(name: str) -> str | None:
    from burgle.data.cards import CHARACTER_NAMES

    return next((k for k, v in CHARACTER_NAMES.items() if v == name), None)
