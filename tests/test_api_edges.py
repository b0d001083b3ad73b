"""The engine's API edges (issue 11, section 5), re-checked after the guard walk moved into
the engine: the rule helpers stay private, and the analysis code above the engine needs
nothing but the public API (plus the scratch walker the engine offers it)."""

from __future__ import annotations

import ast
from pathlib import Path

from burgle.engine.context import Rules
from burgle.engine.game import Game

ROOT = Path(__file__).resolve().parents[1]


def test_rule_helpers_are_not_game_api():
    """Rule functions talk to the rules context (Rules.note, ask, game_over); a Game offers
    none of them: a caller cannot write a happening or end a game behind the rules' back."""
    game = Game.new(seed=1, characters=["hawk"])
    for name in ("note", "ask", "game_over"):
        assert hasattr(Rules, name)
        assert not hasattr(game, name), name


def test_analysis_reaches_no_private_part_of_the_engine():
    """burgle.analysis (forecast, patrol odds) drives the engine through Game's public API and
    burgle.engine.walker: no `_rules`, `_pending`, `_stack` or other private attribute of an
    engine object, and no rule module imported (guards, alarms, turns...) except the one
    GUARD-6 count the forecast words."""
    allowed_imports = {"burgle.engine.errors", "burgle.engine.walker", "burgle.engine.game",
                       "burgle.engine.guards"}  # guards: movement_points, for the words of a cancelled move
    for path in (ROOT / "burgle/analysis").glob("*.py"):
        if path.name in ("traffic.py", "layout_stats.py", "simulate.py"):
            continue  # layout statistics and seeded runs: not a view of one game's state
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
                assert ast.unparse(node.value) == "self", f"{path.name}:{node.lineno}: {ast.unparse(node)}"
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("burgle.engine"):
                assert node.module in allowed_imports, f"{path.name}:{node.lineno}: {node.module}"
