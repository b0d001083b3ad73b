"""Words and phrases the pages share, marked for the catalog (glossary: "UI words").

The page code translates them where it shows them::

    t = Translator(lang)
    t.gettext(words.NEXT)                          # 'Siguiente'
    t.ngettext(*words.DICE, n).format(n=n)         # '1 dado', '2 dados'
    t.pgettext(*words.ROOF)                        # 'el tejado'
"""

from __future__ import annotations

from burgle.i18n.catalogs import N_, NC_, NP_

LESSON = N_("Lesson")
LESSONS = N_("Lessons")
STEP = N_("Step")
NEXT = N_("Next")
BACK = N_("Back")
RESTART = N_("Restart")
TUTOR = N_("Tutor")
EXPLORER = N_("Guard explorer")
SANDBOX = N_("Sandbox")
RULES_LOOKUP = N_("Rules lookup")
LANGUAGE = N_("Language")
SEARCH = N_("Search")
UNDO = N_("Undo")
END_TURN = N_("End turn")
WHAT_HAPPENED = N_("What happened")
TRY_AGAIN = N_("Try again")
WELL_DONE = N_("Well done!")
SEAT = N_("seat {seat}")
SOMEONE = N_("someone")
STEP_OF = N_("Step {n} of {total}")

# Plural pairs (singular, plural); Japanese has one form for both.
DICE = NP_("{n} die", "{n} dice")
ACTIONS = NP_("{n} action", "{n} actions")
STEALTH_TOKENS = NP_("{n} Stealth token", "{n} Stealth tokens")
HACK_TOKENS = NP_("{n} hack token", "{n} hack tokens")
STEPS = NP_("{n} step", "{n} steps")

# Words with a context (the same English may need different translations elsewhere).
ROOF = NC_("place", "the roof")
FACE_DOWN = NC_("tile", "face down")
HACK_SOURCES = {"computer": NC_("hack token source", "computer"), "laptop": NC_("hack token source", "laptop")}
