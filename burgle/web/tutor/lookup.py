"""Rules lookup: search rule ids, tiles, cards and lessons, each hit naming its lesson.

The query is only ever matched as plain text (lower-cased substrings, and rule ids such
as ``GUARD-9``, ``guard 9`` or ``guard9``); nothing typed is evaluated or used as a
regular expression.

>>> from burgle.lessons import load_all
>>> look = RulesLookup(load_all())
>>> hit = look.search("GUARD-9")[0]
>>> hit.kind, hit.rule, hit.title
('rule', 'GUARD-9', 'GUARD-9 · Clockwise tie-break')
>>> hit = look.search("lavatory")[0]
>>> hit.kind, hit.rule, hit.title, hit.links[0].lesson
('tile', 'TILE-13', 'Lavatory', '01-first-steps')

In another language (``RulesLookup(lessons, lang="es")``) titles, one-line texts and the
full wording are the translations (``burgle.i18n``), and a query matches the translated
names as well as the English ones:

>>> RulesLookup(load_all(), lang="es").search("caja fuerte")[0].title
'Caja fuerte'
>>> RulesLookup(load_all(), lang="ja").search("GUARD-9")[0].title
'GUARD-9 · 時計回りのタイブレーク'

Each hit of a rule, tile or card carries its rule's full wording from the packaged RULES.md,
as markdown (``wording``) and as HTML that is safe to show (``wording_html``: everything
typed in the specification is escaped; lists and tables become HTML; no link or image can
make the page fetch anything):

>>> hit.wording == RULES["TILE-13"].text and "<details" in hit.wording_html
True
>>> print(markdown_html("A *list*:\\n- one <b>\\n- two"), end="")
<p>A <em>list</em>:</p>
<ul>
<li>one &lt;b&gt;</li>
<li>two</li>
</ul>
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

import mistune

from burgle.data.cards import CHARACTER_NAMES, CHARACTER_SIDES, EVENTS, LOOT, TOOLS
from burgle.data.rules import RULE_INDEX, RULES
from burgle.data.tiles import TILE_TYPES
from burgle.i18n import N_, Translator, ability, card_name, card_text, character_name, tile_name, tile_text
from burgle.i18n import rule as rule_in
from burgle.i18n.languages import DEFAULT, language
from burgle.lessons.check import coverage
from burgle.lessons.model import RULE_ID, Lesson

KIND_ORDER = ("rule", "tile", "tool", "loot", "event", "character", "lesson")
KIND_LABEL = {"rule": N_("Rule"), "tile": N_("Tile"), "tool": N_("Tool"), "loot": N_("Loot"), "event": N_("Event"),
              "character": N_("Character"), "lesson": N_("Lesson")}
MAX_QUERY = 200
SIDES = {"basic": N_("basic"), "advanced": N_("advanced")}  # a character card's two sides
_RULE_WORD = re.compile(r"^([a-z]+)[\s_-]*(\d+)$")
_FAMILIES = {rid.split("-")[0].lower() for rid in RULE_INDEX}


@dataclass(frozen=True)
class Link:
    """Where a hit is taught: a lesson and the step to open it at."""

    lesson: str
    title: str
    step: int = 0
    taught: bool = True  # False: no lesson teaches it yet; this is the closest one
    why: str = ""  # e.g. "teaches GUARD-7" for a closest lesson


@dataclass(frozen=True)
class Hit:
    kind: str  # one of KIND_ORDER
    key: str  # rule id, tile or card key, lesson id
    title: str
    text: str  # one line: the summary, or the lesson sentence that matched
    rule: str  # the RULES.md id (for a lesson: its first rule)
    links: tuple[Link, ...] = ()
    score: int = 0
    lang: str = DEFAULT

    @property
    def label(self) -> str:
        """The kind of hit ('Rule', 'Tile'...) in the hit's language."""
        return Translator(self.lang).gettext(KIND_LABEL[self.kind])

    def _rule(self):
        if self.kind == "lesson" or self.rule not in RULES:
            return None
        return rule_in(self.rule, self.lang)

    @property
    def wording(self) -> str:
        """The full wording of the hit's rule (RULES.md, or its translation; markdown); '' for a lesson."""
        rule = self._rule()
        return rule.text if rule is not None else ""

    @property
    def wording_html(self) -> str:
        """The full wording as a collapsed ``<details>`` block, safe to show ('' for a lesson)."""
        if not self.wording:
            return ""
        rule = self._rule()
        title = html.escape(Translator(self.lang).gettext("Full rule: {rule}").format(rule=f"{rule.id} · {rule.title}"))
        return (f"<details class='burgle-hit-wording'><summary>{title}</summary>"
                f"<div class='burgle-rule-text'>{markdown_html(self.wording)}</div></details>")


@dataclass(frozen=True)
class _Entry:
    kind: str
    key: str
    title: str
    text: str
    rule: str
    name: str  # matched first (title words)
    ids: str  # rule id, key, aliases


def _scene_start(lesson: Lesson, index: int) -> int:
    """Where a link to step *index* opens: back over the read-only steps just before it
    (the narration that sets the scene), so a link never skips a lesson's introduction.

    >>> from burgle.lessons import load_all
    >>> _scene_start(next(l for l in load_all() if l.id.startswith("48-")), 1)
    0
    """
    while index > 0 and lesson.steps[index - 1].expect is None and lesson.steps[index - 1].predict is None:
        index -= 1
    return index


def normalize_rule_id(word: str) -> str | None:
    """``guard 9``, ``Guard-9``, ``guard9`` -> ``GUARD-9`` when that id exists, else None."""
    m = _RULE_WORD.match(word.strip().lower())
    if not m or m.group(1) not in _FAMILIES:
        return None
    rid = f"{m.group(1).upper()}-{int(m.group(2))}"
    return rid if rid in RULE_INDEX else None


def query_words(query: str) -> list[str]:
    """The query as lower-case words; rule ids (``guard 9``) are kept together."""
    q = str(query or "")[:MAX_QUERY].lower()
    q = re.sub(r"\b([a-z]+)[\s_]+(\d+)\b", lambda m: f"{m.group(1)}-{m.group(2)}"
               if m.group(1) in _FAMILIES else m.group(0), q)
    return [w for w in re.findall(r"[\w'’-]+", q) if w.strip("-'’")]


class RulesLookup:
    """Search over RULES.md ids, tile types, cards and lesson texts."""

    def __init__(self, lessons: list[Lesson], lang: str = DEFAULT):
        self.lang = language(lang)
        self.lessons = list(lessons)
        self.by_id = {lesson.id: lesson for lesson in self.lessons}
        self.coverage = coverage(self.lessons)
        self.entries = self._entries()
        self.rule_entries = {e.key: e for e in self.entries if e.kind == "rule"}

    # ------------------------------------------------------------------ index
    def _entries(self) -> list[_Entry]:
        lang = self.lang
        english = lang == DEFAULT  # in another language, the English names match too (as ids)
        out = []
        for rid, summary in RULE_INDEX.items():
            local = summary if english else rule_in(rid, lang).summary or summary
            out.append(_Entry("rule", rid, f"{rid} · {local}", local, rid, local.lower(),
                              rid.lower() if english else f"{rid} {summary}".lower()))
        for t in TILE_TYPES:
            name = t.name if english else tile_name(t.key, lang)
            ids = " ".join([t.rule, t.key, t.short, *t.aliases] + ([] if english else [t.name])).lower()
            out.append(_Entry("tile", t.key, name, t.text if english else tile_text(t.key, lang), t.rule,
                              " ".join([name, *t.aliases]).lower(), ids))
        for kind, cards in (("tool", TOOLS), ("loot", LOOT), ("event", EVENTS)):
            for c in cards:
                name = c.name if english else card_name(c.key, lang)
                out.append(_Entry(kind, c.key, name, c.text if english else card_text(c.key, lang), c.rule,
                                  name.lower(), f"{c.rule} {c.key}".lower() + ("" if english else f" {c.name.lower()}")))
        t = Translator(lang)
        for side in CHARACTER_SIDES:
            who = CHARACTER_NAMES.get(side.character, side.character.title())
            power, text = (side.ability, side.text) if english else ability(side.key, lang)
            local = who if english else character_name(side.character, lang)
            title = t.gettext("{who}: {ability} ({side})").format(who=local, ability=power, side=t.gettext(SIDES.get(side.side, side.side)))
            out.append(_Entry("character", side.key, title, text, side.rule,
                              f"{local} {power}".lower(),
                              f"{side.rule} {side.key}".lower() + ("" if english else f" {who.lower()}")))
        for lesson in self.lessons:
            first = sorted(lesson.taught)[0] if lesson.taught else ""
            out.append(_Entry("lesson", lesson.id, lesson.title, lesson.summary, first, lesson.title.lower(),
                              " ".join([lesson.id, *lesson.taught]).lower()))
        return out

    # ------------------------------------------------------------------ search
    def search(self, query: str, limit: int = 12) -> list[Hit]:
        """Hits for *query*, best first. Every word must match the entry somewhere."""
        words = query_words(query)
        if not words:
            return []
        scores: dict[_Entry, int] = {}
        for entry in self.entries:
            score = self._score(entry, words)
            if score:
                scores[entry] = score
        # A tile or card is its rule: fold a matching rule entry into it (keeping the better score).
        for entry, score in list(scores.items()):
            if entry.kind not in ("rule", "lesson"):
                rule_entry = self.rule_entries.get(entry.rule)
                if rule_entry in scores:
                    scores[entry] = max(score, scores.pop(rule_entry))
        ranked = sorted(scores.items(), key=lambda es: (-es[1], KIND_ORDER.index(es[0].kind), natural(es[0].key)))
        return [self._hit(entry, words, score) for entry, score in ranked[:limit]]

    def _score(self, entry: _Entry, words: list[str]) -> int:
        total = 0
        lesson_text = self._lesson_text(entry) if entry.kind == "lesson" else ""
        for w in words:
            rid = normalize_rule_id(w)
            if rid:
                if entry.rule == rid or (entry.kind == "lesson" and rid.lower() in entry.ids.split()):
                    total += 1000 if entry.kind == "rule" else 300
                elif entry.kind == "lesson" and re.search(rf"\b{re.escape(rid)}\b", lesson_text, re.I):
                    total += 100
                else:
                    return 0
                continue
            if entry.kind == "rule" and w in _FAMILIES and entry.key.lower().startswith(w + "-"):
                total += 70
            elif entry.name == w:
                total += 120
            elif re.search(rf"\b{re.escape(w)}", entry.name):
                total += 60
            elif w in entry.name:
                total += 30
            elif w in entry.ids.split() or any(i.startswith(w) for i in entry.ids.split()):
                total += 25
            elif w in entry.text.lower():
                total += 8
            elif entry.kind == "lesson" and w in lesson_text.lower():
                total += 6
            else:
                return 0
        if total and " ".join(words) == entry.name:
            total += 200  # the whole query is this entry's name: "gold bar" is the card, not DEC-57
        return total

    def _lesson_text(self, entry: _Entry) -> str:
        lesson = self.by_id[entry.key]
        return " ".join(f"{s.text} {s.after}" for s in lesson.steps)

    def _hit(self, entry: _Entry, words: list[str], score: int) -> Hit:
        if entry.kind == "lesson":
            lesson = self.by_id[entry.key]
            step, text = self._matching_step(lesson, words)
            link = Link(lesson.id, lesson.title, _scene_start(lesson, step))
            return Hit("lesson", lesson.id, lesson.title, text or lesson.summary, entry.rule, (link,), score,
                       self.lang)
        return Hit(entry.kind, entry.key, entry.title, entry.text, entry.rule,
                   self.links(entry.rule, names=(entry.name,) if entry.kind != "rule" else ()), score, self.lang)

    def _matching_step(self, lesson: Lesson, words: list[str]) -> tuple[int, str]:
        """The first step whose text, explanation or rule ids match a query word, and that sentence."""
        for i, s in enumerate(lesson.steps):
            for text in (s.text, s.after):
                hay = text.lower()
                for w in words:
                    rid = normalize_rule_id(w)
                    if (rid and rid in s.rules) or (not rid and w in hay) or (rid and rid.lower() in hay):
                        return i, sentence_with(text, rid or w)
        return 0, ""

    # ------------------------------------------------------------------ links
    def links(self, rule: str, names=()) -> tuple[Link, ...]:
        """The lessons teaching *rule* (opened at the step that teaches it, or mentions
        one of *names*); when none does yet, the lessons teaching the nearest rule of the
        same family, marked ``taught=False``."""
        out: list[Link] = []
        for lid in self.coverage.get(rule, []):
            lesson = self.by_id[lid]
            out.append(Link(lid, lesson.title, self._teaching_step(lesson, rule, names)))
        for lesson in self.lessons:  # lessons that talk about a tile or card by name
            if any(link.lesson == lesson.id for link in out) or not names:
                continue
            for i, s in enumerate(lesson.steps):
                if any(n and re.search(rf"\b{re.escape(n)}\b", s.text, re.I) for n in names):
                    out.append(Link(lesson.id, lesson.title, _scene_start(lesson, i)))
                    break
        if out:
            order = {lesson.id: n for n, lesson in enumerate(self.lessons)}
            return tuple(sorted(out, key=lambda link: order[link.lesson]))
        return self._closest(rule)

    def _teaching_step(self, lesson: Lesson, rule: str, names=()) -> int:
        for i, s in enumerate(lesson.steps):
            if rule in s.rules:
                return _scene_start(lesson, i)
        for i, s in enumerate(lesson.steps):
            if re.search(rf"\b{re.escape(rule)}\b", s.text) or any(
                    n and re.search(rf"\b{re.escape(n)}\b", s.text, re.I) for n in names):
                return _scene_start(lesson, i)
        return 0

    def _closest(self, rule: str) -> tuple[Link, ...]:
        m = RULE_ID.match(rule)
        if not m:
            return ()
        family, number = rule.split("-")[0], int(rule.split("-")[1])
        taught = [(abs(int(rid.split("-")[1]) - number), int(rid.split("-")[1]), rid)
                  for rid, ls in self.coverage.items() if ls and rid.split("-")[0] == family]
        if not taught:
            return ()
        _, _, near = min(taught)
        lesson = self.by_id[self.coverage[near][0]]
        return (Link(lesson.id, lesson.title, self._teaching_step(lesson, near), taught=False,
                     why=Translator(self.lang).gettext("no lesson teaches {rule} yet; this one teaches {near}").format(
                         rule=rule, near=near)),)


class _SafeRenderer(mistune.HTMLRenderer):
    """Markdown to HTML with every raw HTML tag escaped; links and images become their text,
    so nothing in a rule's wording can load or open anything."""

    def __init__(self):
        super().__init__(escape=True)

    def link(self, text: str, url: str, title: str | None = None) -> str:
        return text

    def image(self, text: str, url: str, title: str | None = None) -> str:
        return text


_MARKDOWN = mistune.create_markdown(renderer=_SafeRenderer(), plugins=["table", "strikethrough"])


def markdown_html(text: str) -> str:
    """Render RULES.md markdown (paragraphs, lists, tables, emphasis, code) as safe HTML."""
    return _MARKDOWN(text or "")


def natural(key: str) -> tuple:
    """Sort key putting GUARD-2 before GUARD-10."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", key))


def sentence_with(text: str, word: str, width: int = 160) -> str:
    """The sentence of *text* containing *word* (case-insensitive), shortened to *width*."""
    sentences = re.split(r"(?<=[.!?])\s+", text)
    low = word.lower()
    for s in sentences:
        if low in s.lower():
            return s if len(s) <= width else s[: width - 1].rstrip() + "…"
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"
