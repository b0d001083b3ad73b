"""A decision handed to a seat (or to chance) in the middle of resolving something."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from burgle.engine.actions import Action

CHANCE = -1  # the seat of the chance player (explicit chance, see burgle.engine.draws)


@dataclass(frozen=True)
class Choice:
    """A decision the rules hand to a seat in the middle of resolving something. At a chance
    node *seat* is ``CHANCE`` and *probabilities* gives each option's exact probability."""

    seat: int
    prompt: str
    rule: str
    options: tuple[Action, ...]
    probabilities: tuple[Fraction, ...] | None = None

    @property
    def is_chance(self) -> bool:
        return self.seat == CHANCE

    def to_dict(self) -> dict:
        d = {"seat": self.seat, "prompt": self.prompt, "rule": self.rule,
             "options": [str(o) for o in self.options]}
        if self.probabilities is not None:
            d["chance"] = True
            d["probabilities"] = [str(p) for p in self.probabilities]
        return d
