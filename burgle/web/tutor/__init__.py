"""The interactive tutor: scripted lessons in a web page (ipywidgets, served by Voila).

* :mod:`~burgle.web.tutor.session`: :class:`LessonSession`, one learner in one lesson (pure Python);
* :mod:`~burgle.web.tutor.lookup`: :class:`RulesLookup`, search by rule id, tile, card or word;
* :mod:`~burgle.web.tutor.storage`: progress kept in the browser's ``localStorage`` (anywidget);
* :mod:`~burgle.web.tutor.app`: :class:`TutorApp`, the widgets (``TutorApp().display()``).

Exports are imported on first use, so ``burgle.web.tutor.voila_fix`` (loaded by the Voila
server) and the pure-Python parts do not pull in ipywidgets.
"""

from __future__ import annotations

__all__ = ["Feedback", "LessonSession", "Progress", "RulesLookup", "TutorApp"]

_WHERE = {
    "Feedback": "burgle.web.tutor.session",
    "LessonSession": "burgle.web.tutor.session",
    "Progress": "burgle.web.tutor.session",
    "RulesLookup": "burgle.web.tutor.lookup",
    "TutorApp": "burgle.web.tutor.app",
}


def __getattr__(name: str):
    if name in _WHERE:
        import importlib

        value = getattr(importlib.import_module(_WHERE[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'burgle.web.tutor' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(__all__))
