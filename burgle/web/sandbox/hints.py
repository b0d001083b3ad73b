"""The sandbox's Hints panel: "What if I end my turn here?" and "Suggest a move".

Both come from :mod:`burgle.bots.hints`, computed from the players' view only. The panel
holds a function that returns the game on the page, so it always answers for the game
as it stands; a finished game, an open choice or a game before its entrance gets the
hint's own message instead of figures.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from burgle.bots.hints import HintError, end_turn_risk, suggest
from burgle.i18n import DEFAULT, Translator
from burgle.i18n.said import render
from burgle.web.ui import box, button, html_widget

SAMPLES = 400  # ~0.4 s on a laptop; the command line (burgle hint) takes --samples


class HintsPanel:
    """A card with two buttons and an answer line; ``panel.widget`` goes on the page."""

    def __init__(self, get_game, samples: int = SAMPLES):
        self.get_game = get_game
        self.samples = samples
        self.t = Translator(DEFAULT)  # the page's language (the sandbox sets it)
        self.risk_button = button("What if I end my turn here?", "burgle-hint-risk",
                                  tooltip="The chance to lose Stealth, and to be caught, before this character's "
                                          "next turn if it ended its turn now")
        self.suggest_button = button("Suggest a move", "burgle-hint-suggest",
                                     tooltip="The bot's move, and the risk of its 3 best actions")
        self.answer = html_widget("", "burgle-hint-answer")
        self.risk_button.on_click(lambda _b: self.show_risk())
        self.suggest_button.on_click(lambda _b: self.show_suggestion())
        self.widget: widgets.Box = box([html_widget("<h2>Hints</h2>"),
                                        box([self.risk_button, self.suggest_button], "burgle-hint-buttons",
                                            vertical=False),
                                        self.answer], "burgle-card", "burgle-hints")

    def _say(self, exc) -> str:
        """A hint's refusal in the page's language (a pending choice's prompt too)."""
        from burgle.i18n.happenings import say_words
        from burgle.i18n.said import Said, said_of

        said = said_of(exc)
        if isinstance(said, Said):  # the engine's prompt and game-over reason: their own templates
            words = {k: say_words(said.params[k], self.t.lang) for k in ("prompt", "why") if k in said.params}
            if words:
                said = Said(str(said), message=said.message, params={**said.params, **words})
        return render(said, self.t)

    def risk_text(self, risk) -> str:
        """A :class:`~burgle.bots.hints.Risk` in words, in the page's language."""
        t = self.t

        def pct(p, ci):
            if risk.exact:
                return f"{100 * p:.0f} %"
            return t.gettext("{p} % (95 % CI {low}–{high})").format(p=f"{100 * p:.1f}", low=f"{100 * ci[0]:.1f}",
                                                                    high=f"{100 * ci[1]:.1f}")
        how = (t.gettext("exact: nothing is left to chance") if risk.exact else
               t.gettext("{n} samples, Monte Carlo over re-deals of the hidden information and the dice").format(
                   n=f"{risk.samples:,}"))
        return t.gettext("loses Stealth {stealth}, caught {caught}; {how}").format(
            stealth=pct(risk.stealth, risk.stealth_ci), caught=pct(risk.capture, risk.capture_ci), how=how)

    def show_risk(self) -> str:
        try:
            risk = end_turn_risk(self.get_game(), samples=self.samples)
            text = self.t.gettext("If you end your turn here, before your next turn you {risk}.").format(
                risk=self.risk_text(risk))
        except HintError as exc:
            text = self._say(exc)
        self.answer.value = f"<p class='burgle-hint-text'>{html.escape(text)}</p>"
        return text

    def show_suggestion(self) -> str:
        try:
            tip = suggest(self.get_game(), samples=max(1, self.samples // 4))
            _ = self.t.gettext
            rows = "".join(
                "<li>" + html.escape((_("{action}: {risk}") if a.verb == "end" else
                                      _("{action}, then end the turn: {risk}")).format(action=a, risk=self.risk_text(r)))
                + "</li>" for a, r in tip.alternatives)
            text = _("Suggested: {action} ({reason}).").format(action=tip.action, reason=render(tip.reason, self.t))
            self.answer.value = (f"<p class='burgle-hint-text'>{html.escape(text)}</p>"
                                 f"<ol class='burgle-hint-list'>{rows}</ol>")
            return text
        except HintError as exc:
            self.answer.value = f"<p class='burgle-hint-text'>{html.escape(self._say(exc))}</p>"
            return self._say(exc)
