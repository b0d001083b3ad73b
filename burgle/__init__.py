"""burgle: a rules engine and tutor for Burgle Bros. (The Bank Job, The Office Job)."""

__version__ = "0.1.0"

from burgle.engine import (  # noqa: E402
    Action,
    ActionSyntaxError,
    BurgleError,
    Choice,
    Game,
    Happening,
    IllegalAction,
    ScenarioError,
)

__all__ = ["Action", "ActionSyntaxError", "BurgleError", "Choice", "Game", "Happening", "IllegalAction", "ScenarioError"]
