"""The interactive tutor: scripted lessons in a web page (ipywidgets, served by Voila).

* :mod:`~burgle.web.tutor.session`: :class:`LessonSession`, one learner in one lesson (pure Python);
* :mod:`~burgle.web.tutor.lookup`: :class:`RulesLookup`, search by rule id, tile, card or word;
* :mod:`~burgle.web.tutor.storage`: progress kept in the browser's ``localStorage`` (anywidget);
* :mod:`~burgle.web.tutor.app`: :class:`TutorApp`, the widgets (``TutorApp().display()``).

Exports are imported on first use, so ``burgle.web.tutor.voila_fix`` (loaded by the Voila
server) and the pure-Python parts do not pull in ipywidgets.
"""

from __future__ import annotations

from burgle.web.lazy import lazy_exports

__all__, __getattr__, __dir__ = lazy_exports(__name__, {
    ".session": ["Feedback", "LessonSession", "Progress"],
    ".lookup": ["RulesLookup"],
    ".app": ["TutorApp"],
})
