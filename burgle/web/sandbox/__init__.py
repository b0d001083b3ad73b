"""The sandbox: play a complete seeded game of The Bank Job or The Office Job in a web page.

* :mod:`~burgle.web.sandbox.model`: :class:`Sandbox`, pure Python (no widgets): the game,
  its legal actions grouped for buttons, the narrated log, rewind and redo, save and load;
* :mod:`~burgle.web.sandbox.app`: :class:`SandboxApp`, the ipywidgets page
  (``SandboxApp().display()``, ``notebooks/sandbox.ipynb``).

Exports are imported on first use, so the model never pulls in ipywidgets.
"""

from __future__ import annotations

from burgle.web.lazy import lazy_exports

__all__, __getattr__, __dir__ = lazy_exports(__name__, {
    ".model": ["Sandbox", "SandboxError"],
    ".app": ["SandboxApp"],
})
