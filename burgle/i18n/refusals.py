"""Refusals in the learner's language: the engine's refusal templates, translated.

The engine's legality code returns a :class:`~burgle.engine.errors.Refusal` (English
text plus a template key and typed parameters; :mod:`burgle.engine.refusals`).
:func:`explain` fills the translated template (gettext, context ``refusal <key>``) with
each parameter rendered in the language: character and card names from the data
translations, cells unchanged (the roof translated), counts choosing the plural form.
A reason with no template (``key`` None), or one whose translation is missing, is shown
as the English.

>>> from burgle.engine.refusals import refuse
>>> explain(refuse("peek.cost", who="hawk", left=0), "es")
'asomarse cuesta 1 acción y a Halcón le quedan 0'
>>> explain(refuse("hack.cost", who="hawk", left=1), "es")
'piratear cuesta 1 acción y a Halcón le queda 1'
>>> explain(refuse("peek.not_adjacent", cell=15, who="hawk", from_cell=0), "ja").split("（")[0]
'1D4はホークのいるマス1A1に隣接していません'
>>> explain("a reason with no template", "ja")
'a reason with no template'
"""

from __future__ import annotations

from burgle.engine.refusals import COUNTED, PARAM_KINDS, REFUSALS, ROOF, TOOL_TARGETS
from burgle.geometry.board import cell_name
from burgle.i18n import data
from burgle.i18n.catalogs import Translator
from burgle.i18n.words import ROOF as ROOF_WORD


def context(key: str) -> str:
    """The gettext context of refusal *key*."""
    return f"refusal {key}"


def _render(kind: str, value, t: Translator) -> str:
    lang = t.lang
    if kind == "character":
        return data.character_name(str(value), lang)
    if kind == "cell":
        return t.pgettext(*ROOF_WORD) if int(value) >= ROOF else cell_name(int(value))
    if kind == "card":
        try:
            return data.card_name(str(value), lang)
        except (KeyError, ValueError, data.TranslationError):
            return str(value)
    if kind == "help":
        return data.action_help(str(value), lang)
    if kind == "ability":  # a character side's ability, by its side key
        return data.ability(str(value), lang)[0]
    if kind == "side":
        return t.gettext(str(value))  # 'basic' / 'advanced' (burgle.web.tutor.lookup.SIDES)
    if kind == "cellname":  # a cell name even past the top floor (a cell the job's building lacks)
        return cell_name(int(value))
    if kind == "job":  # job names are not translated yet
        from burgle.data.jobs import get_job

        return get_job(str(value)).name
    if kind == "target":  # what a tool takes as its target (context "tool target")
        return t.pgettext("tool target", TOOL_TARGETS[value])
    return str(value)


def explain(reason, lang: str) -> str:
    """*reason* (a Refusal, an ``IllegalAction``, or plain text) in *lang*."""
    if hasattr(reason, "reason") and not isinstance(reason, str):
        reason = reason.reason  # an IllegalAction
    key = getattr(reason, "key", None)
    if key not in REFUSALS:
        return str(reason)
    t = Translator(lang)
    params = reason.params
    template = REFUSALS[key]
    if key in COUNTED:
        translated = t.npgettext(context(key), template, template, int(params[COUNTED[key]]))
    else:
        translated = t.pgettext(context(key), template)
    values = {name: _render(PARAM_KINDS[name], value, t) for name, value in params.items()}
    try:
        return translated.format(**values)
    except (KeyError, IndexError, ValueError):  # a broken translation: the checker reports it
        return str(reason)
