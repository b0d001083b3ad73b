"""The rules specification, read from the package's own copy of RULES.md.

``docs/rules/RULES.md`` is the project's copy of the specification (kept identical to the
shared one); the package reaches it as ``burgle/data/spec/`` so that a wheel carries it.
Every rule is parsed from it: its id, its title, its index summary (section 11) and its full
wording, so no table of rule ids is kept by hand anywhere.

>>> RULES["GUARD-9"].title
'Tie-break: the most clockwise route'
>>> RULE_INDEX["SETUP-5"]
'Guard dice 2/3/4'
>>> RULES["ACT-3"].text.startswith("(any reveal")
True
>>> RULES["TILE-3"].text == RULES["TILE-5"].text  # listed together, one text
True
>>> RULES["CHAR-18"].text  # the "**Tools**" heading after it is no part of it
'Once per turn, 1 action: the same with the Event deck.'

>>> "JOB-5" in RULES and "DEC-57" in RULES
True
>>> RULE_ID.findall("GUARD-9 beats ACT-4; FOO-1 is no rule")
['GUARD-9', 'ACT-4']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

_START = re.compile(r"\*\*([A-Z]+-\d+)\s+(.*?)\*\*\s*")
_GROUP = re.compile(r"^\*\*[A-Z][a-z]+\*\*")  # a bold word that is not a rule id
_INDEX_ROW = re.compile(r"^\| ([A-Z]+-\d+) \| (.+?) \|$", re.M)


@dataclass(frozen=True)
class Rule:
    """One numbered rule of RULES.md."""

    id: str
    title: str  # the bold title after the id, without its final full stop
    summary: str  # its line in the index (section 11)
    text: str  # the full wording after the title, markdown as written (tables, lists)
    section: str  # the heading it sits under, e.g. "5. Guards"

    @property
    def family(self) -> str:
        return self.id.split("-")[0]


def spec_path(name: str = "RULES.md"):
    """A file of the packaged specification (``RULES.md`` or ``guard-route-vectors.txt``)."""
    return resources.files("burgle.data").joinpath("spec", name)


@cache
def rules_text() -> str:
    return spec_path().read_text(encoding="utf-8")


def parse_rules(text: str) -> dict[str, Rule]:
    """Every rule in *text*, in the order written. A rule runs from its bold ``**ID Title.**``
    to the next rule or heading; the index gives its summary."""
    body, _, rest = text.partition("## 11. Index")
    index = dict(_INDEX_ROW.findall(rest.partition("## 12.")[0]))
    rules: dict[str, Rule] = {}
    section = ""
    current: list | None = None  # [id, title, lines]

    def close() -> None:
        if current is not None:
            rid, title, lines = current
            rules[rid] = Rule(rid, title, index.get(rid, ""), "\n".join(lines).strip(), section)

    for line in body.splitlines():
        if line.startswith("## "):
            close()
            current = None
            section = line[3:].strip()
            continue
        starts = list(_START.finditer(line))
        if not starts:
            if _GROUP.match(line):  # "**Tools** (each used once ...):" introduces a group: no rule's text
                close()
                current = None
            elif current is not None:
                current[2].append(line)
            continue
        # a line may carry a heading word before its first rule ("**Events.** **EVENT-0 ...");
        # rules listed together ("**TILE-3 ...**, **TILE-4 ...**, **TILE-5 ...** Hack action ...")
        # share the text after the last of them
        for i, m in enumerate(starts):
            close()
            end = starts[i + 1].start() if i + 1 < len(starts) else len(line)
            own = line[m.end():end].strip()
            if i + 1 < len(starts) and not own.strip(",;& "):
                shared = line[starts[-1].end():].strip()
                current = [m.group(1), m.group(2).strip().rstrip("."), [shared]]
            else:
                current = [m.group(1), m.group(2).strip().rstrip("."), [own]]
    close()
    missing = sorted(set(index) - set(rules))
    if missing:
        raise ValueError(f"RULES.md index names rules with no definition: {missing}")
    return rules


RULES: dict[str, Rule] = parse_rules(rules_text())
RULE_INDEX: dict[str, str] = {rid: r.summary for rid, r in RULES.items() if r.summary}
FAMILIES: tuple[str, ...] = tuple(dict.fromkeys(r.family for r in RULES.values()))
RULE_ID = re.compile(r"\b(?:" + "|".join(FAMILIES) + r")-\d+\b")
"""A rule id of a family that RULES.md defines, anywhere in a text (``GUARD-9``, ``JOB-5``)."""
