"""Hints from the players' view: "what could happen if I end my turn here?" and "suggest a move".

**End-turn risk.** If the acting character ended its action phase now, what is the chance
that it loses Stealth, and that the crew is caught, before its next turn begins? That
stretch holds this turn's Event (TURN-4) and guard move (TURN-7) and then every other
seat's turn. The hint answers it from the view only: each sample is a copy of the game
re-dealt from public information (:func:`burgle.bots.seat.determinize`: face-down tiles,
deck orders, removed patrol cards and the dice all drawn anew), played forward to the
character's next turn. The teammates are assumed to end their turns at once, so the
figure is the building's threat (guards, Events, alarms), not a guess at their plans;
choices on the way are answered as the heuristic bot would. It is Monte Carlo: the answer
gives the sample count and a Wilson 95 % interval. When no sample differs from another
(nothing is left to chance) the figure is exact and says so.

**Suggest a move.** The heuristic bot's choice (:mod:`burgle.bots.planner`) with its
one-line reason, and for its 3 best actions the risk of taking that action and then
ending the turn.

>>> from burgle.bots import new_game
>>> game = new_game(4, 2)
>>> _ = game.apply("entrance 1B2")
>>> risk = end_turn_risk(game, samples=50, seed=1)
>>> risk.samples, 0.0 <= risk.stealth <= 1.0, risk.capture
(50, True, 0.0)
>>> end_turn_risk(new_game(4, 2))
Traceback (most recent call last):
...
burgle.bots.hints.HintError: no hint yet: the entrance is not chosen (SETUP-9); choose it first
"""

from __future__ import annotations

from dataclasses import dataclass

from burgle.analysis.simulate import wilson
from burgle.bots.planner import HeuristicBot
from burgle.bots.seat import determinize
from burgle.engine.actions import Action
from burgle.engine.errors import BurgleError
from burgle.geometry.board import cell_name
from burgle.data.said import NC_

# The engine's outcomes (GameState.outcome) as the hints' "game is over" message says them.
OUTCOMES = (NC_("outcome", "won"), NC_("outcome", "lost"))

DEFAULT_SAMPLES = 1000


class HintError(BurgleError):
    """A hint cannot be given in this state; the message says why."""


@dataclass(frozen=True)
class Risk:
    """Chances (fractions) over *samples* re-deals, with Wilson 95 % intervals."""

    samples: int
    stealth: float  # the character loses at least one Stealth (its own or a tile's) or is caught
    capture: float  # the crew is caught (END-4)
    stealth_ci: tuple[float, float]
    capture_ci: tuple[float, float]
    exact: bool = False  # every sample agreed: nothing was left to chance

    def text(self) -> str:
        def pct(p, ci):
            if self.exact:
                return f"{100 * p:.0f} %"
            return f"{100 * p:.1f} % (95 % CI {100 * ci[0]:.1f}–{100 * ci[1]:.1f})"
        how = ("exact: nothing is left to chance" if self.exact
               else f"{self.samples:,} samples, Monte Carlo over re-deals of the hidden information and the dice")
        return f"loses Stealth {pct(self.stealth, self.stealth_ci)}, caught {pct(self.capture, self.capture_ci)}; {how}"


@dataclass(frozen=True)
class Suggestion:
    action: Action
    reason: str
    alternatives: tuple[tuple[Action, Risk], ...]  # the bot's 3 best, each then ending the turn


def check_hintable(game) -> None:
    """Raise HintError with a clear message when no hint can be given now."""
    from burgle.data.said import character, say, word  # Said: the English, which a page can translate

    s = game.s
    if s.outcome is not None:
        raise HintError(say("no hint: the game is over ({outcome}: {why})",
                            outcome=word("outcome", s.outcome), why=s.outcome_reason))
    if s.phase == "entrance":
        raise HintError(say("no hint yet: the entrance is not chosen (SETUP-9); choose it first"))
    pending = game.pending
    if pending is not None:
        raise HintError(say("no hint while a choice is pending for seat {seat}: {prompt} Answer it first.",
                            seat=pending.seat, prompt=pending.prompt))
    ch = s.characters[s.active]
    if not ch.on_board:
        raise HintError(say("no hint: {who} is not on the board", who=character(ch.name)))


def _finish_turns(g, seat: int, turn: int, answerer) -> None:
    """Play *g* on until *seat*'s next turn begins or the game ends: teammates end their
    turns at once, choices are answered as the bot would."""
    guard = 0
    while g.s.outcome is None and not (g.s.active == seat and g.s.turn != turn and g.pending is None):
        guard += 1
        if guard > 200:  # pragma: no cover - a turn always ends
            raise RuntimeError("a hint sample did not reach the next turn")
        legal = g.legal_actions()
        if g.pending is not None:
            g.apply(answerer.answer(g, legal)[0])
        else:
            end = next((a for a in legal if a.verb == "end"), legal[0])
            g.apply(end)


def _risk(game, first: list[Action], samples: int, seed: int) -> Risk:
    s = game.s
    seat = s.active
    turn = s.turn
    answerer = HeuristicBot(seed)
    lost = caught = 0
    outcomes = set()
    for i in range(samples):
        g = determinize(game, seed * 1_000_003 + i)
        ch = g.s.characters[seat]
        before = ch.stealth + (g.s.tiles[ch.cell].stealth if ch.cell is not None else 0)
        for a in first:
            if g.s.outcome is not None:
                break
            g.apply(a)
            while g.pending is not None and g.s.outcome is None:
                g.apply(answerer.answer(g, g.legal_actions())[0])
        if g.s.outcome is None and g.s.active == seat and g.s.turn == turn and Action("end") in g.legal_actions():
            g.apply("end")
        _finish_turns(g, seat, turn, answerer)
        ch = g.s.characters[seat]
        gone = g.s.outcome == "lost"
        here = ch.cell if ch.cell is not None else None
        after = ch.stealth + (g.s.tiles[here].stealth if here is not None else 0)
        hit = gone or after < before or ch.stealth < s.characters[seat].stealth
        lost += hit
        caught += gone
        outcomes.add((hit, gone))
    n = samples
    # one outcome in every sample and no hidden information or chance touched: exact
    exact = len(outcomes) == 1 and n > 0 and _deterministic(game, first)
    return Risk(n, lost / n, caught / n, wilson(lost, n), wilson(caught, n), exact)


def _deterministic(game, first) -> bool:
    """True when the stretch to the next turn draws nothing: two very different re-deals
    give the same states all the way (then one sample is the whole answer)."""
    a, b = determinize(game, 1), determinize(game, 2)
    seat, turn = game.s.active, game.s.turn
    for g in (a, b):
        answerer = HeuristicBot(0)
        for act in first:
            if g.s.outcome is None:
                g.apply(act)
        if g.s.outcome is None and g.s.active == seat and g.s.turn == turn and Action("end") in g.legal_actions():
            g.apply("end")
        _finish_turns(g, seat, turn, answerer)
    return a.view() == b.view()


def end_turn_risk(game, samples: int = DEFAULT_SAMPLES, seed: int = 0) -> Risk:
    """The risk for the acting character if it ended its turn now (see the module docstring)."""
    check_hintable(game)
    if not isinstance(samples, int) or isinstance(samples, bool) or samples < 1:
        raise HintError(f"--samples must be a whole number >= 1, not {samples!r}")
    return _risk(game, [], samples, seed)


def suggest(game, samples: int = 200, seed: int = 0) -> Suggestion:
    """The bot's move with its reason, and the risk of its 3 best actions (each then ending the turn)."""
    check_hintable(game)
    if not isinstance(samples, int) or isinstance(samples, bool) or samples < 1:
        raise HintError(f"--samples must be a whole number >= 1, not {samples!r}")
    bot = HeuristicBot(seed)
    legal = game.legal_actions()
    action, reason, scored = bot.decide(determinize(game, seed), legal)
    top: list[Action] = [action] + [a for a, _ in scored if a != action][:2]
    alternatives = tuple((a, _risk(game, [a], samples, seed)) for a in top)
    return Suggestion(action, reason, alternatives)


def hint_text(game, samples: int = DEFAULT_SAMPLES, seed: int = 0) -> str:
    """Both hints as text (what ``burgle hint`` prints)."""
    check_hintable(game)
    s = game.s
    ch = s.characters[s.active]
    who = game.who(ch)
    lines = [f"{who} (seat {ch.seat}) on {cell_name(ch.cell)}: {ch.stealth} Stealth, "
             f"{game.actions_left} action(s) left, turn {s.turn}."]
    risk = end_turn_risk(game, samples, seed)
    lines.append(f"If {who} ends the turn here, before its next turn it {risk.text()}.")
    tip = suggest(game, max(1, samples // 5), seed)
    lines.append(f"Suggested move: {tip.action} ({tip.reason}).")
    for i, (a, r) in enumerate(tip.alternatives, 1):
        then = "" if a.verb == "end" else ", then end the turn"
        lines.append(f"  {i}. {a}{then}: {r.text()}")
    return "\n".join(lines)
