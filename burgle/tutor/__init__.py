"""The interactive tutor: scripted lessons in a web page (ipywidgets, served by Voila).

* :mod:`~burgle.tutor.session`: :class:`LessonSession`, one learner in one lesson (pure Python);
* :mod:`~burgle.tutor.lookup`: :class:`RulesLookup`, search by rule id, tile, card or word;
* :mod:`~burgle.tutor.storage`: progress kept in the browser's ``localStorage`` (anywidget);
* :mod:`~burgle.tutor.app`: :class:`TutorApp`, the widgets (``TutorApp().display()``).

Exports are imported on first use, so ``burgle.tutor.voila_fix`` (loaded by the Voila
server) and the pure-Python parts do not pull in ipywidgets.
"""

from __future__ import annotations

__all__ = ["Feedback", "LessonSession", "Progress", "RulesLookup", "TutorApp"]

_WHERE = {
    "Feedback": "burgle.tutor.session",
    "LessonSession": "burgle.tutor.session",
    "Progress": "burgle.tutor.session",
    "RulesLookup": "burgle.tutor.lookup",
    "TutorApp": "burgle.tutor.app",
}


def __getattr__(name: str):
    if name in _WHERE:
        import importlib

        value = getattr(importlib.import_module(_WHERE[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'burgle.tutor' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(__all__))
