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

from burgle.web.lazy import lazy_exports

__all__, __getattr__, __dir__ = lazy_exports(__name__, {
    ".model": ["Explorer", "ExplorerError", "Setup", "Player"],
    ".app": ["ExplorerApp"],
})
