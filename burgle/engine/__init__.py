"""The rules engine: pure Python, no widgets, no drawing."""

from burgle.engine.actions import Action, VERBS
from burgle.engine.errors import ActionSyntaxError, BurgleError, IllegalAction, ScenarioError
from burgle.engine.game import Choice, Game
from burgle.engine.happenings import Happening

__all__ = ["Action", "VERBS", "ActionSyntaxError", "BurgleError", "IllegalAction", "ScenarioError",
           "Choice", "Game", "Happening"]
