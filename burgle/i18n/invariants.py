"""What a translation must carry over unchanged, and house-style checks per language.

Cell names (``2C3``, and ``C3`` where the floor is clear), wall notation (``A1|B1``,
``C1/C2``), rule ids (``GUARD-9``), action texts in quotes (``'move 1B2'``) and
``{placeholders}`` are the same in every language. :func:`differences` compares a
translation with its English and names every such token that is missing or extra.

Word boundaries are ASCII ones on purpose: in Japanese, ``1B2に`` has no ``\\b`` between
``2`` and ``に`` (both are word characters to ``re``), so ``\\b`` would miss the cell.

>>> sorted(tokens("Peek at 1B2 (ACT-2): choose 'peek 1B2'; the wall C1/C2 blocks {who}."))
["'peek 1B2'", '1B2', 'ACT-2', 'C1/C2', '{who}']
>>> actions("The guard's way is long: choose 'end'.")
["'end'"]
>>> sorted(tokens("1B2を覗き見ます(ACT-2)。「peek 1B2」を選んでください。"))
["'peek 1B2'", '1B2', 'ACT-2']
>>> differences("Move to 1B2 (ACT-5).", "Muévete a 1B3 (ACT-5).")
['missing 1B2', 'extra 1B3']
>>> polite_problems("1B2に移動します。警備員が動く。")
['not in polite form (です・ます): 警備員が動く。']
"""

from __future__ import annotations

import re
from functools import cache

from burgle.data.rules import FAMILIES

_NOT_BEFORE = r"(?<![A-Za-z0-9_\-])"
_NOT_AFTER = r"(?![A-Za-z0-9_])"

WALL = re.compile(_NOT_BEFORE + r"[A-D][1-4][|/][A-D][1-4]" + _NOT_AFTER)
RULE_ID = re.compile(_NOT_BEFORE + r"(?:" + "|".join(FAMILIES) + r")-\d+" + _NOT_AFTER)
CELL = re.compile(_NOT_BEFORE + r"[1-9][A-D][1-4]" + _NOT_AFTER)
BARE_CELL = re.compile(_NOT_BEFORE + r"[A-D][1-4]" + _NOT_AFTER)
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")
# Quoted spans, in any language's quotes: 'x', "x", `x`, ‘x’, “x”, «x», 「x」, 『x』. A lookahead,
# so that spans may overlap: in "the guard's way: 'end'" the apostrophe must not swallow the quote.
QUOTED = re.compile(r"(?=(?:'([^'\n]{1,40})'|\"([^\"\n]{1,40})\"|`([^`\n]{1,40})`|‘([^’\n]{1,40})’"
                    r"|“([^”\n]{1,40})”|«([^»\n]{1,40})»|「([^」\n]{1,40})」|『([^』\n]{1,40})』))")


@cache
def _is_action(text: str) -> bool:
    from burgle.engine.actions import VERBS, Action
    from burgle.engine.errors import ActionSyntaxError

    words = text.split()
    if not words or words[0] not in VERBS:
        return False
    try:
        Action.parse(text)
    except (ActionSyntaxError, ValueError):
        return False
    return True


def actions(text: str) -> list[str]:
    """Action texts quoted in *text* (any quote style), normalised to ``'verb args'``."""
    out = []
    for m in QUOTED.finditer(text):
        inner = next(g for g in m.groups() if g is not None).strip()
        if _is_action(inner):
            out.append(f"'{inner}'")
    return out


def tokens(text: str) -> set[str]:
    """Every token of *text* that a translation must keep: walls, rule ids, cells, bare
    cells (outside walls), quoted action texts and placeholders."""
    found: set[str] = set(actions(text))
    rest = WALL.sub(lambda m: found.add(m.group()) or " ", text)
    rest = RULE_ID.sub(lambda m: found.add(m.group()) or " ", rest)
    rest = CELL.sub(lambda m: found.add(m.group()) or " ", rest)
    found.update(BARE_CELL.findall(rest))
    found.update(PLACEHOLDER.findall(text))
    return found


def differences(english: str, translation: str) -> list[str]:
    """``missing X`` / ``extra X`` for every invariant token that differs (empty: all kept)."""
    want, got = tokens(english), tokens(translation)
    return [f"missing {t}" for t in sorted(want - got)] + [f"extra {t}" for t in sorted(got - want)]


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


# ---------------------------------------------------------------- house style per language

# A sentence may close with a reference or a quote after the verb: 「…します(GUARD-9)。」
_JA_TAIL = re.compile(r"(?:[\s)）」』\]*`]|\([^()]*\)|（[^（）]*）)+$")
_JA_POLITE = re.compile(r"(?:です|ます|ません|ました|ませんでした|でした|ましょう|ください|でしょう)(?:か|ね|よ)?$")
_OPEN, _CLOSE = "(（「『", ")）」』"


def ja_sentences(text: str) -> list[str]:
    """Sentences of *text*: split at 。 outside brackets, so that a 。 inside （…） or 「…」
    does not end the sentence around it."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            depth = max(0, depth - 1)
        elif ch == "\n":
            depth, start = 0, i + 1
        elif ch == "。" and depth == 0:
            out.append(text[start:i + 1].strip())
            start = i + 1
    return out


def polite_problems(text: str) -> list[str]:
    """Japanese sentences (ending in 。) that are not in the polite form (です・ます).

    Noun phrases without 。 (names, titles, table cells) are not sentences and pass."""
    problems = []
    for sentence in ja_sentences(text):
        body = _JA_TAIL.sub("", sentence[:-1])
        if body and not _JA_POLITE.search(body):
            problems.append(f"not in polite form (です・ます): {sentence}")
    return problems


def spanish_punctuation_problems(text: str) -> list[str]:
    """Spanish opens questions and exclamations with ¿ and ¡ (counts must match)."""
    problems = []
    for opening, closing in (("¿", "?"), ("¡", "!")):
        if text.count(opening) != text.count(closing):
            problems.append(f"{text.count(closing)} '{closing}' but {text.count(opening)} '{opening}'")
    return problems


def style_problems(lang: str, text: str) -> list[str]:
    if lang == "ja":
        return polite_problems(text)
    if lang == "es":
        return spanish_punctuation_problems(text)
    return []
