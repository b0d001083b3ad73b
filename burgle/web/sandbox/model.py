"""The sandbox's model: a complete seeded game to play, rewind, save and load (no widgets).

A :class:`Sandbox` holds one :class:`~burgle.engine.game.Game` and what the page shows
about it: the legal actions grouped for buttons (the choices the rules hand to players,
such as ``laser quiet``, are actions too), the narrated log with who did what, each
character's Stealth and hand, and the picture. Rewinding replays the log from the
game's origin (``Game.replay``); the actions taken back are kept so they can be
replayed forward until another action is chosen. Saves are the engine's versioned
documents (``Game.save``/``Game.load``): a file from another version or edited by hand
is refused with the engine's message naming the field, and the game on the page stays.

>>> sb = Sandbox(seed=7, characters=["hawk", "peterman"])
>>> sb.legal()[:2]
['entrance 1A1', 'entrance 1B1']
>>> sb.act("entrance 1B2")[0]
'1B2 is revealed: Service Duct (6).'
>>> sb.rewind_to(0)
'Back to the start of the game: 0 actions (1 can be replayed).'
>>> sb.redo_next().startswith("Replayed 1. Hawk: entrance 1B2")
True
>>> Sandbox.from_save(sb.save_text()).game.to_dict() == sb.game.to_dict()
True
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass

from burgle.data.cards import CHARACTER_NAMES, CHARACTERS, LOOT_BY_KEY, TOOL_BY_KEY
from burgle.data.jobs import get_job
from burgle.engine.actions import VERBS, Action
from burgle.engine.errors import ActionSyntaxError, BurgleError, IllegalAction, ScenarioError
from burgle.i18n.said import character, joined, said_of, say, say_n

__all__ = ["ActionGroup", "CrewView", "LogEntry", "Sandbox", "SandboxError", "GROUPS"]

#: Button groups, in the order shown: (label, verbs).
GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Entrance", ("entrance",)),
    ("Move", ("move",)),
    ("Peek", ("peek",)),
    ("Safe and computers", ("hack", "add-die", "roll")),
    ("Ability", ("flex", "climb", "laptop", "xray", "enhance", "crybaby", "reroute", "distract", "disrupt",
                 "tinker", "orders", "disguise", "clairvoyance", "precognition")),
    ("Tools", ("use",)),
    ("Cards", ("give", "take", "pick-up", "catch-kitty")),
    ("Escape", ("escape",)),
    ("End", ("end",)),
)
_GROUP_OF = {verb: label for label, verbs in GROUPS for verb in verbs}
MAX_SEED = 2**31 - 1


class SandboxError(BurgleError):
    """Something the sandbox refuses (an illegal action, a bad save file, a bad set-up).
    The message says why; the game on the page is unchanged."""


@dataclass(frozen=True)
class ActionGroup:
    label: str
    actions: tuple[str, ...]
    hint: str = ""


@dataclass(frozen=True)
class LogEntry:
    """One logged action: its number (1, 2, …), the seat that took it and what happened."""

    number: int
    seat: int
    who: str
    action: str
    happened: tuple[str, ...]

    @property
    def title(self) -> str:
        return f"{self.number}. {self.who}: {self.action}"


@dataclass(frozen=True)
class CrewView:
    seat: int
    name: str
    side: str
    ability: str
    ability_text: str
    cell: str  # "1B2", "not in yet", "escaped"
    stealth: int
    tools: tuple[tuple[str, str], ...]  # (name, card text)
    loot: tuple[tuple[str, str], ...]
    active: bool
    to_choose: bool  # a choice is pending for this seat


def _card(key: str) -> tuple[str, str]:
    card = TOOL_BY_KEY.get(key) or LOOT_BY_KEY.get(key)
    return (card.name, card.text) if card else (key, "")


class Sandbox:
    """A seeded game to play action by action, with rewind, redo, save and load."""

    def __init__(self, seed: int = 1, characters=("hawk", "peterman"), sides=None, players: int | None = None,
                 job: str = "bank", walls=None):
        self.game = None
        self.new_game(seed, characters, sides, players, job=job, walls=walls)

    # ------------------------------------------------------------------ games
    def new_game(self, seed, characters=None, sides=None, players: int | None = None, job: str = "bank",
                 walls=None) -> str:
        """Set up a new game (SETUP-1..8). *characters* None deals *players* at random. *job*
        ``"bank"`` or ``"office"`` (JOB-1); *walls* None (printed), ``"random"`` (drawn from
        the seed, JOB-3) or a layout code (JOB-5), as :meth:`Game.new` takes them."""
        from burgle.engine.game import Game

        try:
            seed = int(str(seed).strip())
        except ValueError:
            raise SandboxError(say("Refused: the seed is a whole number, not {value}. The game on the page is kept.",
                                   value=repr(seed))) from None
        if not 0 <= seed <= MAX_SEED:
            raise SandboxError(say("Refused: the seed runs from 0 to {max}, not {value}. The game on the page is "
                                   "kept.", max=MAX_SEED, value=seed))
        chars = None if characters is None else list(characters)
        try:
            game = Game.new(seed, characters=chars, players=players if chars is None else None,
                            sides=None if sides is None else list(sides), job=job, walls=walls)
        except ScenarioError as exc:
            raise SandboxError(say("Refused: {why}. The game on the page is kept.", why=said_of(exc))) from None
        self._set(game, [], [])
        crew = joined(*(say("{who} ({side})", who=character(ch.name), side=say(ch.side))
                        for ch in game.s.characters), sep=", ")
        if game.s.job == "bank" and "walls" not in game.origin:
            return say("New game, seed {seed}: {crew}. Choose the entrance on floor 1.", seed=seed, crew=crew)
        return say("New game, seed {seed}: {crew}. {job}, walls {walls}. Choose the entrance on floor 1.", seed=seed,
                   crew=crew, job=get_job(game.s.job).name, walls=game.view()['layout'])

    def _set(self, game, actors, redo) -> None:
        self.game = game
        self.actors: list[int] = list(actors)
        self.redo: list[str] = list(redo)
        self._svgs: dict = {}

    @classmethod
    def from_save(cls, source) -> "Sandbox":
        sb = cls.__new__(cls)
        sb.game = None
        sb.load(source)
        return sb

    # ------------------------------------------------------------------ reading
    def legal(self) -> list[str]:
        return [str(a) for a in self.game.legal_actions()]

    def groups(self) -> list[ActionGroup]:
        """The legal actions grouped for buttons; a pending choice is one group of its own."""
        acts = self.legal()
        if not acts:
            return []
        pending = self.game.pending
        if pending is not None:
            who = self.who(pending.seat)
            return [ActionGroup(f"{who} chooses", tuple(acts), f"{pending.prompt} ({pending.rule})")]
        groups: dict[str, list[str]] = {}
        for text in acts:
            verb = text.split()[0]
            label = _GROUP_OF.get(verb, "Other")
            if verb == "use":
                label = f"Use {self.game.card_name(text.split()[1])}"
            elif label == "Ability":
                ch = self.game.active_character
                side = CHARACTERS[ch.name][0 if ch.side == "basic" else 1]
                label = f"{self.game.who(ch)}'s {side.ability}"
            groups.setdefault(label, []).append(text)
        order = [label for label, _ in GROUPS]

        def rank(label: str):
            base = "Tools" if label.startswith("Use ") else ("Ability" if "'s " in label else label)
            return (order.index(base) if base in order else len(order), label)

        return [ActionGroup(label, tuple(groups[label])) for label in sorted(groups, key=rank)]

    @staticmethod
    def describe(action: str) -> str:
        """What an action does (the engine's verb table), for tooltips."""
        words = action.split()
        verb = VERBS.get(words[0]) if words else None
        return f"{verb.help} ({verb.rule})" if verb else ""

    def who(self, seat: int) -> str:
        return self.game.who(self.game.s.characters[seat])

    @property
    def log(self) -> list[LogEntry]:
        g = self.game
        return [LogEntry(i, seat, self.who(seat), str(a), tuple(h.text for h in hs))
                for i, (seat, a, hs) in enumerate(zip(self.actors, g.log, g.happenings), 1)]

    def status(self) -> str:
        """One line: whose turn, actions left, or how the game ended."""
        g, s = self.game, self.game.s
        if s.outcome is not None:
            if s.outcome == "won":
                return say("Game over: the crew escaped, you win ({why}).", why=s.outcome_reason)
            return say("Game over: you lose ({why}).", why=s.outcome_reason)
        if s.phase == "entrance":
            return f"Before the first turn: {self.who(s.active)} chooses the entrance on floor 1 (SETUP-9)."
        text = f"Turn {s.turn}: {self.who(s.active)} to act, {g.actions_left} of {s.allowance} actions left"
        if g.pending is not None:
            text += f". {self.who(g.pending.seat)} must choose: {g.pending.prompt}"
        return text + "."

    def crew(self) -> list[CrewView]:
        g, s = self.game, self.game.s
        out = []
        for ch in s.characters:
            side = CHARACTERS[ch.name][0 if ch.side == "basic" else 1]
            where = "escaped" if ch.escaped else ("not in yet" if ch.cell is None else g.name(ch.cell))
            out.append(CrewView(
                seat=ch.seat, name=CHARACTER_NAMES.get(ch.name, ch.name), side=ch.side, ability=side.ability,
                ability_text=side.text, cell=where, stealth=ch.stealth,
                tools=tuple(_card(k) for k in ch.tools), loot=tuple(_card(k) for k in ch.loot),
                active=ch.seat == s.active and s.outcome is None,
                to_choose=g.pending is not None and g.pending.seat == ch.seat,
            ))
        return out

    def timeline(self) -> list[str]:
        """Titles of every point the game can be rewound or replayed to: 0 = the start,
        then one per logged action, then the actions that can be replayed (redo)."""
        out = [say("0. The start of the game")]
        out += [e.title for e in self.log]
        n = len(self.game.log)
        seat_hint = "↷ "
        out += [f"{seat_hint}{n + k}. {text}" for k, text in enumerate(self.redo, 1)]
        return out

    # ------------------------------------------------------------------ acting
    def act(self, text) -> tuple[str, ...]:
        """Apply a legal action; return what happened (sentences). Illegal: SandboxError, nothing changes."""
        g = self.game
        seat = g.seat_to_act
        try:
            action = Action.parse(str(text).strip())
            happened = g.apply(action)
        except (ActionSyntaxError, IllegalAction) as exc:
            raise SandboxError(f"Refused: {exc}. Nothing changed.") from None
        self.actors.append(seat)
        if self.redo and self.redo[0] == str(action):
            self.redo.pop(0)
        else:
            self.redo = []
        self._svgs.clear()
        return tuple(h.text for h in happened)

    def rewind_to(self, n: int) -> str:
        """The game as it was after its first *n* actions; the later ones can be replayed."""
        g = self.game
        total = len(g.log)
        if not isinstance(n, int) or not 0 <= n <= total:
            raise SandboxError(say("Refused: the log holds {total} actions; rewind to 0..{total}, not {value}.",
                                   total=total, value=repr(n)))
        if n == total:
            return say("Nothing to rewind.")
        undone = [str(a) for a in g.log[n:]]
        self._set(g.replay(n), self.actors[:n], undone + self.redo)
        if n == 0:
            return say("Back to the start of the game: 0 actions ({k} can be replayed).", k=len(self.redo))
        return say_n("Back to after action {n}: {n} action ({k} can be replayed).",
                     "Back to after action {n}: {n} actions ({k} can be replayed).", n, k=len(self.redo))

    def undo(self) -> str:
        if not self.game.log:
            raise SandboxError(say("Refused: nothing to undo: no action has been taken yet."))
        return self.rewind_to(len(self.game.log) - 1)

    def redo_next(self) -> str:
        if not self.redo:
            raise SandboxError(say("Refused: nothing to replay."))
        text = self.redo[0]
        happened = self.act(text)
        e = self.log[-1]
        return joined(say("Replayed {action}.", action=e.title), happened[0] if happened else "")

    def go_to(self, n: int) -> str:
        """Rewind to *n* actions, or replay forward to it (see :meth:`timeline`)."""
        total = len(self.game.log)
        if n <= total:
            return self.rewind_to(n)
        if n > total + len(self.redo):
            raise SandboxError(say("Refused: only {n} actions are known.", n=total + len(self.redo)))
        while len(self.game.log) < n:
            self.redo_next()
        return say("Replayed up to action {n}.", n=n)

    # ------------------------------------------------------------------ saving
    def save_document(self) -> dict:
        return self.game.save()

    def save_text(self) -> str:
        return json.dumps(self.game.save(), indent=1)

    def save_name(self) -> str:
        seed = self.game.origin.get("seed", "scenario")
        return f"burgle-seed{seed}-{len(self.game.log)}-actions.json"

    def save_data_uri(self) -> str:
        return "data:application/json;base64," + base64.b64encode(self.save_text().encode("utf-8")).decode("ascii")

    def load(self, source) -> str:
        """Load a save (JSON text, bytes or a dict). A bad file: SandboxError naming the
        problem (the engine's ScenarioError names the field); the current game stays.
        A save is data only (never a file name) and at most
        :data:`~burgle.web.security.limits.MAX_SAVE_CHARS` long, refused by size unread."""
        from burgle.engine.game import Game
        from burgle.web.security.limits import MAX_SAVE_CHARS, too_big

        size = len(source) if isinstance(source, (str, bytes, bytearray, memoryview)) else 0
        if size > MAX_SAVE_CHARS:  # by its size, before reading a byte of it
            raise SandboxError(f"Refused: {too_big('a save', size, MAX_SAVE_CHARS)} Nothing was read, and the game "
                               "on the page is kept.")
        if isinstance(source, (bytes, bytearray, memoryview)):
            try:
                source = bytes(source).decode("utf-8")
            except UnicodeDecodeError:
                raise SandboxError(say("Refused: this file is not a burgle save (not UTF-8 text). "
                                       "The game on the page is kept.")) from None
        if isinstance(source, str) and not source.strip():
            raise SandboxError(say("Refused: the save is empty. The game on the page is kept."))
        if isinstance(source, str) and not source.lstrip().startswith("{"):
            raise SandboxError(say("Refused: this is not a burgle save: a save is a JSON document starting with "
                                   "'{{'. The game on the page is kept."))
        try:
            # Data only: nothing in a save from the page may name a file on the server.
            game = Game.load(source, paths=False)
            fresh = Game.rebuild(game.origin, [], paths=False)  # who took each action: replayed once more
            actors = []
            for a in game.log:
                actors.append(fresh.seat_to_act)
                fresh.apply(a)
        except ScenarioError as exc:
            raise SandboxError(say("Refused: {why}. The game on the page is kept.", why=said_of(exc))) from None
        except BurgleError as exc:  # pragma: no cover - load_document wraps the engine's errors
            raise SandboxError(say("Refused: {why}. The game on the page is kept.", why=said_of(exc))) from None
        self._set(game, actors, [])
        seed = game.origin.get("seed")
        if seed is not None:
            return say_n("Loaded a game (seed {seed}) after {n} action: {status}",
                         "Loaded a game (seed {seed}) after {n} actions: {status}", len(game.log), seed=seed,
                         status=self.status())
        return say_n("Loaded a game after {n} action: {status}", "Loaded a game after {n} actions: {status}",
                     len(game.log), status=self.status())

    # ------------------------------------------------------------------ the picture
    def svg(self, floors=None) -> str:
        """The building (or *floors*) as SVG text, cached until the next action."""
        key = (len(self.game.log), floors)
        svg = self._svgs.get(key)
        if svg is None:
            from burgle.pictures import render

            svg = self._svgs[key] = render(self.game, floors=floors, fmt="svg")
        return svg

    def alt_text(self, floors=None) -> str:
        from burgle.pictures import alt_text

        return alt_text(self.game, floors=floors)

    # ------------------------------------------------------------------ the building (issue 12)
    @property
    def job(self):
        """The game's :class:`~burgle.data.jobs.Job` (JOB-1)."""
        return get_job(self.game.s.job)

    @property
    def floor_numbers(self) -> tuple[int, ...]:
        return tuple(range(1, self.job.floors + 1))

    def building(self) -> str:
        """The job and its walls in one line: ``"The Office Job · walls 0k65a 0alhg
        (random, drawn from seed 3; JOB-3)"``; the code is the one gabob.com reads (JOB-5)."""
        walls = self.game.origin.get("walls")
        seed = self.game.origin.get("seed")
        if walls is None:
            how = say("printed, {rule}", rule=self.job.walls_rule)
        elif str(walls).strip().lower() == "random":
            how = say("random, drawn from seed {seed}; JOB-3", seed=seed) if seed is not None else say("random; JOB-3")
        else:
            how = say("from a layout code, JOB-5") if isinstance(walls, str) else say("set by hand, JOB-3")
        return say("{job} · walls {code} ({how})", job=self.job.name, code=self.game.view()['layout'], how=how)

    def floors_in_play(self) -> tuple[int, ...]:
        """Floors with a character or a placed guard on them (at least floor 1)."""
        s = self.game.s
        used = {1}
        for ch in s.characters:
            if ch.on_board and ch.cell < len(s.tiles):
                used.add(ch.cell // 16 + 1)
        for g in s.guards:
            if g.placed:
                used.add(g.floor)
        return tuple(sorted(used))
