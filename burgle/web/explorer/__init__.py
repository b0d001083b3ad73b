"""The routing explorer: one floor, its walls, a guard, his die, alarms and players.

* :mod:`~burgle.web.explorer.model`: :class:`Explorer`, pure Python (no widgets): edits that
  are checked and refused with a message, and the guard's route, ties, explanation,
  alarm distances and next moves, from :mod:`burgle.geometry.routing` and
  :func:`burgle.analysis.guard_forecast.forecast`;
* :mod:`~burgle.web.explorer.app`: :class:`ExplorerApp`, the ipywidgets page
  (``ExplorerApp().display()``, ``notebooks/explorer.ipynb``).

Exports are imported on first use, so the model never pulls in ipywidgets.
"""

from __future__ import annotations

__all__ = ["Explorer", "ExplorerError", "ExplorerApp", "Setup", "Player"]

_WHERE = {
    "Explorer": "burgle.web.explorer.model",
    "ExplorerError": "burgle.web.explorer.model",
    "Setup": "burgle.web.explorer.model",
    "Player": "burgle.web.explorer.model",
    "ExplorerApp": "burgle.web.explorer.app",
}


def __getattr__(name: str):
    if name in _WHERE:
        import importlib

        value = getattr(importlib.import_module(_WHERE[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'burgle.web.explorer' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(__all__))
