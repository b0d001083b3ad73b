"""Saved games: a versioned JSON document holding how the game began and its action log.

Loading replays the log, so a save can never describe a state the rules could not
reach; the state snapshot stored beside the log is checked against the replay, which
catches files edited by hand and files from another engine version.

>>> from burgle.engine.game import Game
>>> game = Game.new(seed=3, characters=["raven"])
>>> _ = game.apply("entrance 1B2")
>>> doc = game.save()
>>> doc["format"], doc["version"], doc["actions"]
('burgle-save', 2, ['entrance 1B2'])
>>> Game.load(doc).to_dict() == game.to_dict()
True
"""

from __future__ import annotations

import json
from pathlib import Path

from burgle.data.said import say
from burgle.engine.errors import ActionSyntaxError, IllegalAction, ScenarioError

FORMAT = "burgle-save"
VERSION = 2
"""Version 2 records the job and the walls (JOB-1, JOB-3): ``origin.job`` and
``origin.walls`` when not The Bank Job's printed walls, ``state.job`` and ``state.layout``.
Version 1 (every game The Bank Job with its printed walls) still loads."""
READS = (1, 2)


def save_document(game) -> dict:
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "origin": game.origin,
        "actions": [str(a) for a in game.log],
        "state": game.to_dict(),
    }
    if game.explicit_chance:  # chance outcomes are actions in the log from this point on
        doc["explicit_chance_from"] = game._explicit_from
    return doc


def dumps(game) -> str:
    return json.dumps(save_document(game), indent=1, sort_keys=False)


def read_json(source, what: str = "save file", *, paths: bool = True) -> tuple[dict, str | None]:
    """Accept a dict, JSON text or (unless ``paths=False``) a path; JSON errors name the line.

    ``paths=False`` is data only: text is always parsed as JSON, never opened as a file name.
    """
    name = None
    if isinstance(source, dict):
        return source, None
    if not paths and isinstance(source, Path):
        raise ScenarioError(f"a {what} is read from the document itself here, not from a file name")
    if paths and (isinstance(source, Path) or (isinstance(source, str) and not source.lstrip().startswith(("{", "[")))):
        name = str(source)
        try:
            text = Path(source).read_text(encoding="utf-8")
        except OSError as exc:
            raise ScenarioError(f"cannot read the {what}: {exc.strerror}", source=name) from None
    elif isinstance(source, str):
        text = source
    else:
        raise ScenarioError(f"a {what} is a JSON document, a dict or a path, not {type(source).__name__}")
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScenarioError(say("not valid JSON ({what}, column {column})", what=exc.msg, column=exc.colno),
                            line=exc.lineno, source=name) from None
    if not isinstance(doc, dict):
        raise ScenarioError(say("the save file must be a JSON object") if what == "save file" else
                            f"the {what} must be a JSON object", line=1, source=name)
    return doc, name


def rebuild(game_class, origin: dict, actions, source: str | None = None, *, paths: bool = True,
            explicit_from: int | None = None):
    """The game *origin* describes, built with *game_class* (``Game``: this module sits below
    it), with *actions* replayed (chance explicit from action *explicit_from* on, when given).
    ``paths=False``: data only, so ``origin.scenario`` must be the scenario's table itself
    (what :func:`save_document` writes), never a file name."""
    Game = game_class
    if "scenario" in origin:
        scenario = origin["scenario"]
        if not paths and not isinstance(scenario, dict):
            raise ScenarioError(say("origin.scenario must be the scenario itself (a table of fields, as saves "
                                    "write it), not {kind}", kind=type(scenario).__name__),
                                field="origin.scenario", source=source)
        game = Game.from_scenario(scenario, paths=paths)
    else:
        unknown = set(origin) - {"seed", "players", "characters", "sides", "first_seat", "job", "walls"}
        if unknown:
            raise ScenarioError(say("unknown origin fields {fields}", fields=str(sorted(unknown))), field="origin",
                                source=source)
        if "seed" not in origin:
            raise ScenarioError(say("the origin needs a seed"), field="origin.seed", source=source)
        try:
            game = Game.new(origin["seed"], characters=origin.get("characters"), players=origin.get("players"),
                            sides=origin.get("sides"), first_seat=origin.get("first_seat", 0),
                            job=origin.get("job", "bank"), walls=origin.get("walls"))
        except ScenarioError as exc:
            raise ScenarioError(exc.reason, field=f"origin.{exc.field}" if exc.field else "origin", source=source) from None
    for i, text in enumerate(actions):
        if i == explicit_from:
            game.explicit_chance = True
        try:
            game.apply(text)
        except (ActionSyntaxError, IllegalAction) as exc:
            why = (say("illegal action {action}: {reason} ({rule})", action=repr(str(exc.action)), reason=exc.reason,
                       rule=exc.rule) if isinstance(exc, IllegalAction) else str(exc))  # the refusal: a page translates it
            raise ScenarioError(say("action {n} cannot be replayed: {why}", n=i + 1, why=why),
                                field=f"actions[{i}]", source=source) from None
    if explicit_from is not None and explicit_from >= len(actions):
        game.explicit_chance = True
    return game


def first_difference(a, b, path: str = "state"):
    if isinstance(a, dict) and isinstance(b, dict):
        for k in list(a) + [k for k in b if k not in a]:
            if k not in a or k not in b:
                return f"{path}.{k}"
            d = first_difference(a[k], b[k], f"{path}.{k}")
            if d:
                return d
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return path
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, f"{path}[{i}]")
            if d:
                return d
        return None
    return None if a == b else path


def load_document(game_class, source, *, paths: bool = True):
    """The game a save describes (built with *game_class*; ``Game.load`` calls this).
    ``paths=False`` is data only: nothing in *source* may name a file to read (the web pages
    load saves this way; the command line reads paths).

    >>> from burgle.engine.game import Game
    >>> load_document(Game, "saves/game.json", paths=False)
    Traceback (most recent call last):
    ...
    burgle.engine.errors.ScenarioError: line 1: not valid JSON (Expecting value, column 1)
    """
    doc, name = read_json(source, paths=paths)
    if doc.get("format") != FORMAT:
        raise ScenarioError(say("not a burgle save (format is {format}, expected {expected})",
                                format=repr(doc.get("format")), expected=repr(FORMAT)),
                            field="format", source=name)
    version = doc.get("version")
    if version not in READS or isinstance(version, bool):
        raise ScenarioError(say("save version {version} is not supported; this burgle reads versions {versions}",
                                version=repr(version), versions=", ".join(map(str, READS))), field="version", source=name)
    if version == 1 and isinstance(doc.get("origin"), dict) and {"job", "walls"} & set(doc["origin"]):
        raise ScenarioError(say("a version-1 save has no job or walls in its origin (they came with version 2)"),
                            field="origin", source=name)
    origin = doc.get("origin")
    if not isinstance(origin, dict):
        raise ScenarioError(say("missing or malformed origin (how the game began)"), field="origin", source=name)
    actions = doc.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise ScenarioError(say("actions must be a list of action texts such as 'move 2C3'"), field="actions",
                            source=name)
    explicit_from = doc.get("explicit_chance_from")
    if explicit_from is not None and not (isinstance(explicit_from, int) and 0 <= explicit_from <= len(actions)):
        raise ScenarioError(say("explicit_chance_from must be an action index 0..{last}, not {value}", last=len(actions),
                                value=repr(explicit_from)),
                            field="explicit_chance_from", source=name)
    game = rebuild(game_class, origin, actions, source=name, paths=paths, explicit_from=explicit_from)
    stored = doc.get("state")
    if stored is not None:
        replayed = json.loads(json.dumps(game.to_dict()))
        if isinstance(stored, dict):
            for key in ("known", "job", "layout"):  # keys older saves lack: "known" came later, job and
                if key not in stored:               # layout with version 2 (their game is The Bank Job
                    replayed.pop(key, None)         # with its printed walls, checked by the replay)
        diff = first_difference(stored, replayed)
        if diff:
            raise ScenarioError(
                say("the stored state does not match the replayed actions (edited by hand, or saved by "
                    "another version of the rules)"), field=diff, source=name)
    return game
