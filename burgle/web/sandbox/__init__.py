"""The sandbox: play a complete seeded game of The Bank Job or The Office Job in a web page.

* :mod:`~burgle.web.sandbox.model`: :class:`Sandbox`, pure Python (no widgets): the game,
  its legal actions grouped for buttons, the narrated log, rewind and redo, save and load;
* :mod:`~burgle.web.sandbox.app`: :class:`SandboxApp`, the ipywidgets page
  (``SandboxApp().display()``, ``notebooks/sandbox.ipynb``).

Exports are imported on first use, so the model never pulls in ipywidgets.
"""

from __future__ import annotations

__all__ = ["Sandbox", "SandboxError", "SandboxApp"]

_WHERE = {
    "Sandbox": "burgle.web.sandbox.model",
    "SandboxError": "burgle.web.sandbox.model",
    "SandboxApp": "burgle.web.sandbox.app",
}


def __getattr__(name: str):
    if name in _WHERE:
        import importlib

        value = getattr(importlib.import_module(_WHERE[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'burgle.web.sandbox' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(__all__))
