"""Every chance event of the rules: patrol, Event, Tool and Loot draws, dice, and the kind of
a face-down tile when it is revealed (CONV-7).

A game resolves chance in one of two ways:

- **seeded** (the default): the hidden order dealt at setup and the one seeded random
  source decide, exactly as the physical game would (decks are drawn from the top, dice
  come from ``state.chance``). A seed and the actions fix the whole game.
- **explicit** (``game.explicit_chance = True``): at each chance event the rules pause
  at a *chance node*: ``legal_actions()`` lists the outcomes as actions (``patrol-card
  1B2``, ``event-card espresso``, ``tool-card crowbar``, ``loot-card tiara``, ``die 6``,
  ``tile laser 2``) and ``chance_outcomes()`` gives each with its exact probability,
  computed from what the players know (the view): uniform over the cards not yet seen,
  a card the Spotter or the Crystal Ball showed is certain in its place. Applying an
  outcome rearranges the hidden order to match (the chosen card is moved to the top, a
  face-down tile swapped into place) and play goes on deterministically. A node with one
  possible outcome is not asked.

Shuffles are not chance nodes: the cards they hide are exchangeable, so each later draw is
the chance event (a reshuffled patrol deck is drawn uniformly from its 16 cards; removed
patrol cards are exchangeable with the deck). Shuffles still use the seeded source.

Tiles: each floor holds exactly one Safe and one Stairs (SETUP-2), the Stairs copy of a
floor is the one dealt to it (floor f gets the Stairs numbered f+3 at setup, BD-25), and
the other 42 tiles are exchangeable. So a face-down cell of floor f with n face-down cells
is its floor's Safe with probability 1/n while that Safe is face down, likewise its
Stairs, and otherwise any face-down other tile, uniformly.

While a game is re-run to resume an open choice (``Game._redrive``), the outcomes met on
the way are replayed from the record kept in the open resolution (``forced``), so a
re-dealt game (``Game.redeal``) resumes its choice with the same history.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import TYPE_CHECKING

from burgle.geometry.board import CELLS_PER_FLOOR, cell_name, floor_of
from burgle.engine.actions import Action, act
from burgle.engine.choice import CHANCE, Choice
from burgle.engine.state import replaced

if TYPE_CHECKING:
    from burgle.engine.context import Rules
    from burgle.engine.state import GameState, Guard

N = CELLS_PER_FLOOR
CHANCE_VERBS = ("patrol-card", "event-card", "tool-card", "loot-card", "die", "tile")
FIXED_KINDS = ("safe", "stairs")  # one per floor (SETUP-2)


# ----------------------------------------------------------------------------- the driver

def _outcome(g: Rules, verb: str, prompt: str, rule: str, outcomes, natural):
    """Generator: the outcome (an Action of *verb*) of one chance event.

    *outcomes* () -> [(Action, weight)] is what may happen (explicit mode), *natural* () ->
    Action what the hidden order or the seeded source gives (seeded mode)."""
    if g.explicit_chance:
        options = outcomes()
        if len(options) == 1:
            return options[0][0]
        total = sum(w for _, w in options)
        answer = yield Choice(CHANCE, prompt, rule, tuple(a for a, _ in options),
                              tuple(Fraction(w, total) for _, w in options))
        return answer
    if g._forcing:
        out = g._forced.popleft()
        natural()  # keep the seeded source where it would be
        if out.verb != verb:  # pragma: no cover - the record and the rules disagree
            from burgle.engine.errors import RulesBug

            raise RulesBug(f"a re-run expected a {out.verb} outcome where the rules draw {verb}")
    else:
        out = natural()
    g._draws.append(out)
    return out


def _settle(g: Rules) -> bool:
    """True when the hidden order must be rearranged to the outcome (not in plain seeded play)."""
    return g.explicit_chance or g._forcing


# Plain seeded play (neither explicit nor re-running an action) is the hot path: each chance
# event below then records its natural outcome at once, as _outcome would, without building
# the prompt and the outcome list that only a chance node needs. Outcomes made once:
_DIE = tuple(act("die", str(f)) for f in range(1, 7))  # by face - 1
_PATROL = tuple(act("patrol-card", c) for c in range(3 * N))


# ----------------------------------------------------------------------------- dice

def roll(g: Rules, count: int, rule: str):
    """Generator: *count* dice (the seeded source draws them one by one, as ``Chance.dice``)."""
    s = g.s
    if not (g.explicit_chance or g._forcing):  # seeded play (see _DIE)
        faces = [s.chance.below(6) + 1 for _ in range(count)]
        g._draws.extend(_DIE[f - 1] for f in faces)
        return faces
    faces = []
    for i in range(count):
        a = yield from _outcome(
            g, "die", f"Chance: die {i + 1} of {count}", rule,
            lambda: [(act("die", str(f)), 1) for f in range(1, 7)],
            lambda: act("die", str(s.chance.below(6) + 1)))
        faces.append(int(a.args[0]))
    return faces


# ----------------------------------------------------------------------------- decks

def _deck_top(deck: tuple | list, known_top: int, known_bottom: int) -> tuple[int, int] | None:
    """The slice deck[lo:hi] of unknown cards that the top card is drawn from, or None when
    the top card is known (shown to the players, or all that is left is known)."""
    if known_top > 0 or len(deck) <= known_bottom:
        return None
    return known_bottom, len(deck)


def patrol_top(g: Rules, guard: "Guard", rule: str = "GUARD-3"):
    """Generator: settle which card is on top of *guard*'s (non-empty) patrol deck."""
    s = g.s
    kt, kb = s.patrol_known[guard.floor - 1]
    span = _deck_top(guard.deck, kt, kb)
    if span is None:
        return
    if not (g.explicit_chance or g._forcing):  # seeded play (see _DIE)
        g._draws.append(_PATROL[guard.deck[-1]])
        return

    def outcomes():
        assert span is not None
        pool = [*guard.deck[span[0]:], *guard.removed]
        return [(act("patrol-card", c), 1) for c in sorted(pool)]

    a = yield from _outcome(g, "patrol-card", f"Chance: the floor {guard.floor} patrol card", rule, outcomes,
                            lambda: act("patrol-card", guard.deck[-1]))
    if _settle(g):
        card = a.args[0]
        deck = [*guard.deck]
        if card in deck[span[0]:]:
            i = deck.index(card)
            deck[i], deck[-1] = deck[-1], deck[i]
        else:  # a removed card: swap it with the top card (they are exchangeable)
            j = guard.removed.index(card)
            guard.removed, deck[-1] = replaced(guard.removed, j, deck[-1]), card
        guard.deck = tuple(deck)


def _cards_top(g: Rules, deck: list, verb: str, prompt: str, rule: str, lo: int = 0, position: int = 0):
    """Generator: settle the card at *position* from the top of *deck*, drawn from the
    unknown cards deck[lo:len - position]."""
    hi = len(deck) - position
    if not (g.explicit_chance or g._forcing):  # seeded play (see _DIE)
        g._draws.append(act(verb, deck[hi - 1]))
        return

    def outcomes():
        counts = Counter(deck[lo:hi])
        return [(act(verb, k), n) for k, n in sorted(counts.items())]

    a = yield from _outcome(g, verb, prompt, rule, outcomes, lambda: act(verb, deck[hi - 1]))
    if _settle(g):
        key = a.args[0]
        i = deck.index(key, lo, hi)
        deck[i], deck[hi - 1] = deck[hi - 1], deck[i]


def tool_top(g: Rules, rule: str):
    yield from _cards_top(g, g.s.tool_deck, "tool-card", "Chance: the top Tool", rule)


def loot_top(g: Rules, rule: str = "ACT-12"):
    yield from _cards_top(g, g.s.loot_deck, "loot-card", "Chance: the top Loot", rule)


def event_top(g: Rules, position: int = 0, rule: str = "TURN-4"):
    """Generator: settle the Event *position* cards from the top (0 = the top card), unless
    the players already know it."""
    s = g.s
    deck = s.event_deck
    kt, kb = s.event_known
    if position < kt or position >= len(deck) - kb:
        return
    yield from _cards_top(g, deck, "event-card", "Chance: the " + ("top Event" if position == 0 else
                          f"Event {position + 1} from the top"), rule, lo=kb, position=position)


# ----------------------------------------------------------------------------- what the players know

def known_after_pop(known: tuple[int, int], size_before: int) -> tuple[int, int]:
    """Knowledge of a deck after its top card is drawn."""
    kt, kb = known
    if kt:
        return kt - 1, kb
    if size_before <= kb:
        return 0, kb - 1
    return 0, kb


def known_after_look(known: tuple[int, int], size: int, count: int = 1) -> tuple[int, int]:
    """Knowledge of a deck of *size* cards after the players saw its top *count* cards."""
    kt, kb = known
    kt = min(size, max(kt, count))
    return kt, min(kb, size - kt)


def known_after_bottom(known: tuple[int, int], size: int) -> tuple[int, int]:
    """Knowledge after the known top card is put at the bottom of the deck (CHAR-17/18)."""
    kt, kb = known
    if kt and kt + kb <= size:
        return kt - 1, kb + 1
    return known


def set_patrol_known(s: "GameState", floor: int, known: tuple[int, int]) -> None:
    k = list(s.patrol_known)
    k[floor - 1] = known
    s.patrol_known = tuple(k)


# ----------------------------------------------------------------------------- tiles

def tile_outcomes(s: "GameState", cell: int) -> list[tuple[Action, int]]:
    """Every kind the face-down tile on *cell* may be, with integer weights (see the module
    docstring)."""
    floor = floor_of(cell)
    base = N * (floor - 1)
    down = [c for c in range(base, base + N) if not s.tiles[c].revealed]
    n = len(down)
    fixed = Counter((s.tiles[c].kind, s.tiles[c].number or 0) for c in down if s.tiles[c].kind in FIXED_KINDS)
    regular = Counter((t.kind, t.number or 0) for t in s.tiles if not t.revealed and t.kind not in FIXED_KINDS)
    r = sum(regular.values())
    out: list[tuple[Action, int]] = []
    for (kind, number), k in sorted(fixed.items()):
        out.append((_tile_action(kind, number or None), k * r))  # k/n, over the common denominator n*r
    slots = n - sum(fixed.values())
    if slots and r:
        for (kind, number), k in sorted(regular.items()):
            out.append((_tile_action(kind, number or None), slots * k))  # (slots/n) * (k/r)
    if not r:  # only the floor's Safe and Stairs are left face down
        out = [(a, 1) for a, _ in out]
    return out


def _tile_action(kind: str, number: int | None) -> Action:
    return act("tile", kind) if number is None else act("tile", kind, str(number))


def tile_kind(g: Rules, cell: int, rule: str = "ACT-3"):
    """Generator: settle the kind of the face-down tile on *cell*, about to be revealed."""
    s = g.s
    if not (g.explicit_chance or g._forcing):  # seeded play (see _DIE)
        t = s.tiles[cell]
        g._draws.append(_tile_action(t.kind, t.number))
        return

    def natural():
        t = s.tiles[cell]
        return _tile_action(t.kind, t.number)

    a = yield from _outcome(g, "tile", f"Chance: the tile on {cell_name(cell)}", rule,
                            lambda: tile_outcomes(s, cell), natural)
    if _settle(g):
        place_tile(s, cell, a.args[0], int(a.args[1]) if len(a.args) > 1 else None)


def place_tile(s: "GameState", cell: int, kind: str, number: int | None) -> None:
    """Rearrange the face-down tiles so that *cell* holds (*kind*, *number*), keeping every
    floor's own Safe and Stairs on it (SETUP-2). Tokens stay on their cells."""
    if (s.tiles[cell].kind, s.tiles[cell].number) == (kind, number):
        return
    floor = floor_of(cell)
    down = [c for c, t in enumerate(s.tiles) if not t.revealed]
    if kind in FIXED_KINDS:
        src = next(c for c in down if floor_of(c) == floor and s.tiles[c].kind == kind)
    else:
        src = next(c for c in down if (s.tiles[c].kind, s.tiles[c].number) == (kind, number))
    here = s.tiles[cell]
    _swap_kinds(s, cell, src)
    if here.kind in FIXED_KINDS and floor_of(src) != floor:
        # the floor's Safe or Stairs went to another floor: bring it back to a face-down
        # cell of its floor that holds an exchangeable tile
        back = next(c for c in down if floor_of(c) == floor and c != cell and s.tiles[c].kind not in FIXED_KINDS)
        _swap_kinds(s, src, back)


def _swap_kinds(s: "GameState", a: int, b: int) -> None:
    ta, tb = s.tiles[a], s.tiles[b]
    s.tiles[a] = ta._replace(kind=tb.kind, number=tb.number)
    s.tiles[b] = tb._replace(kind=ta.kind, number=ta.number)
