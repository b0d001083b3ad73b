"""Refusal templates: why an action is illegal, as English templates with named parameters.

The legality code says ``refuse("peek.cost", who=ch.name, left=1)`` instead of writing
the sentence itself. The result is a :class:`~burgle.engine.errors.Refusal`: the English
text (exactly what a developer reads in ``IllegalAction``'s message) that also carries
the key and the typed parameters, so that ``burgle.i18n.explain`` can say it in the
learner's language from the translated template (docs/i18n.md, "Refusals and narration").

Parameters are typed by name (:data:`PARAM_KINDS`): cells are cell numbers (48 and above
is the roof), characters are character keys, cards are card keys, counts are ints, a
verb is the action's verb, a ``key`` is shown as typed (a card key the player wrote) and a
``target`` is a tool key standing for what that tool takes as its target (:data:`TOOL_TARGETS`). A template that counts has its count parameter in
:data:`COUNTED`, so a translation can pick the right plural form.

>>> r = refuse("peek.cost", who="hawk", left=0)
>>> str(r), r.key, r.params
('a peek costs 1 action and Hawk has 0 left', 'peek.cost', {'who': 'hawk', 'left': 0})
>>> str(refuse("move.not_linked", cell=5, who="raven", from_cell=0))[:40]
"1B2 is not linked to Raven's cell 1A1: a"
"""

from __future__ import annotations

from burgle.data.cards import CHARACTER_NAMES, CHARACTERS, LOOT_BY_KEY, TOOL_BY_KEY
from burgle.engine.errors import Refusal
from burgle.geometry.board import cell_name

#: key -> English template. Keys are '<verb or topic>.<reason>'.
REFUSALS: dict[str, str] = {
    "move.not_linked": ("{cell} is not linked to {who}'s cell {from_cell}: a move goes to an adjacent cell "
                        "with no wall between, or along revealed Stairs, Service Ducts, Secret Doors, "
                        "Walkways or thermal links"),
    "move.secret_door": ("{who} stands on a Secret Door: it is one-way, entered through a wall but never left "
                         "through one, and a wall stands between {from_cell} and {cell}"),
    "move.cost": "a move costs 1 action and {who} has {left} left",
    "move.cost_deadbolt": "a revealed empty Deadbolt costs 3 actions in all and {who} has {left} left",
    "move.cost_gemstone": ("the Gemstone's holder pays 1 more to enter a tile with another character and "
                           "{who} has {left} left"),
    "move.time_lock": "Time Lock: no one may move along Stairs or thermal links this round",
    "move.painting": "the Painting's holder cannot pass Secret Doors or Service Ducts",
    "move.walkway_up": "no one may move up into a revealed Walkway from below",
    "peek.cost": "a peek costs 1 action and {who} has {left} left",
    "peek.face_up": "{cell} is already face up; only face-down tiles can be peeked",
    "peek.secret_door": ("{who} stands on a Secret Door: no peeking out through its walls, and a wall stands "
                         "between {from_cell} and {cell}"),
    "peek.not_adjacent": ("{cell} is not adjacent to {who}'s cell {from_cell} (no wall between), nor above a "
                          "Stairs tile, above or below an Atrium, or across a thermal link"),
    "hack.not_computer": "{who} is not on a Computer Room",
    "hack.full": "this Computer Room already holds 6 hack tokens",
    "hack.cost": "hacking costs 1 action and {who} has {left} left",
    "safe.not_on": "{who} must stand on the Safe (only the advanced Peterman drills from above or below)",
    "safe.drill_reach": "the Drill reaches only the Safe directly above or below",
    "safe.drill_not_safe": "{cell} is not a revealed Safe",
    "safe.not_safe": "{who} is not on a Safe",
    "safe.cracked": "this Safe is already cracked",
    "safe.full": "a Safe holds at most 6 dice",
    "safe.no_dice": "the Safe has no dice yet: add a die first (2 actions)",
    "safe.keycard": "{who} holds the Keycard and must stand on this Safe's tile",
    "safe.cost_add": "adding a die costs 2 actions and {who} has {left} left",
    "safe.cost_roll": "rolling costs 1 action and {who} has {left} left",
    "escape.where": "escape is only from the top-floor Stairs tile (floor {floor}) or a thermal link to the roof",
    "escape.time_lock": "Time Lock: no one may use the Stairs or the roof link this round",
    "escape.safes": "all {floor} Safes must be cracked first ({count} still locked)",
    "escape.loot_lying": "every Loot in play must be held: {card} lies on {cell}",
    "escape.kitty": "the Persian Kitty is loose: its holder must catch it first",
    "escape.cost": "escaping costs 1 action and {who} has {left} left",
    "entrance.not_floor_1": "the entrance must be a floor-1 cell, not {cell}",
    "entrance.first": "the players must first choose the entrance with 'entrance CELL' (a floor-1 cell)",
    "entrance.chosen": "the entrance was chosen at setup",
    "turn.not_available": "'{verb}' is not available now",
    "choice.none_open": ("'{verb}' answers a choice the rules offer mid-action ({help}), and no such choice is "
                         "open now"),
    "chance.none_waiting": ("no chance event waits for an outcome now (outcomes are actions only when chance "
                            "is explicit)"),
    "verb.unknown": "'{verb}' is not an action of this game",
    # cards: trading, picking up, the Kitty (cards/items.py)
    "trade.not_other": "seat {seat} is not another character in this game",
    "trade.not_here": "{other} is not on {who}'s tile; trades happen on a shared tile",
    "trade.not_held": "{who} does not hold '{item}'",
    "loot.gold_bar_twice": "{who} already holds a Gold Bar; no one may hold two",
    "pickup.not_here": "no '{item}' lies on {cell}",
    "kitty.not_holder": "only the Persian Kitty's holder may catch it",
    "kitty.not_loose": "the Persian Kitty is not loose",
    "kitty.elsewhere": "the Kitty is on {cell}, not on {who}'s tile",
    # cards: Tools (cards/tools.py)
    "use.stethoscope_choice": "the Stethoscope is used only right after a Safe roll, when the engine offers it",
    "use.which": "say which tool: use CARD [CELL]",
    "use.not_tool": "'{item}' is not a Tool; Tools are: {items}",
    "use.not_held": "{who} does not hold the {card}; only its holder may use a Tool",
    "use.bust": "{who} holds the Bust and cannot use Tools",
    "use.stethoscope": ("the Stethoscope is used only right after a Safe roll made this turn, before cracked tokens "
                        "are placed: the engine offers it then"),
    "use.no_target": "the {card} takes no target: write 'use {item}'",
    "use.crystal_ball_empty": "the Event deck is empty: the Crystal Ball has nothing to look at",
    "use.needs_target": "the {card} needs a target: {target}",
    "use.roof": "the roof is no target for the {card}: {target}",
    "use.blueprints_face_up": "{cell} is already face up; the Blueprints peek a face-down tile",
    "use.crowbar_not_adjacent": ("{cell} is not adjacent to {who}'s cell {from_cell} (same floor, a shared side, "
                                 "no wall between)"),
    "use.crowbar_face_down": "{cell} is face down; the Crowbar needs a revealed tile",
    "use.donuts_no_guard": "no guard stands on {cell}; the Donuts go under a placed guard",
    "use.donuts_twice": "the floor {floor} guard already has Donuts under him",
    "use.dynamite": ("no wall piece stands between {who}'s cell {from_cell} and {cell}; the Dynamite destroys a wall "
                     "on a side of your tile (never the outer border), named by the cell behind it"),
    "use.thermal": "{cell} is not directly above or below {who}'s cell {from_cell}",
    "use.thermal_floor_1": ("{cell} is not directly above or below {who}'s cell {from_cell}; from floor 1 the only "
                            "link is upward"),
    "use.virus_face_down": "{cell} is face down; the Virus needs a revealed Computer Room",
    "use.virus_not_computer": "{cell} is not a Computer Room",
    "use.other": "the {card} cannot be used this way",
    # cards: character abilities (cards/abilities.py); {ability} names a character side's ability
    "ability.unknown": "'{verb}' is not a character ability",
    "ability.other_side": ("{ability} is an ability of the other side of your character: {who} plays the {side} "
                           "side ({own}), {ability} is on the {other_side} side"),
    "ability.not_yours": "{ability} is the {owner}'s ability ({other_side} side); {who} does not have it",
    "ability.malformed": "malformed {ability} action '{action}'",
    "ability.off_board": "{who} is not on the board",
    "ability.once": "{ability} is usable once per turn and {who} has already used it this turn",
    "ability.cost_one": "{ability} costs 1 action and {who} has {left} left",
    "ability.cost_many": "{ability} costs {cost} actions and {who} has {left} left",
    "ability.not_adjacent": "{cell} is not adjacent to {who}'s cell {from_cell} (same floor, sharing a side, no wall)",
    "ability.gemstone": ("the Gemstone's holder pays 1 more action to enter a tile with another character and "
                         "{who} has {left} left"),
    "ability.face_up": "{cell} is already face up; only face-down tiles can be peeked (DEC-42)",
    "flex.no_guard": "no guard stands on {cell}: Flexibility moves only into a guard's cell",
    "climb.not_outer": "{who}'s cell {cell} is not an outer cell (row 1 or 4, column A or D)",
    "climb.reach": "Climb Window reaches only the cell directly above or below {from_cell}, not {cell}",
    "climb.reach_roof": ("Climb Window reaches only the cell directly above or below {from_cell} (never to the "
                         "roof, DEC-50), not {cell}"),
    "climb.walkway": "no one may climb up into a revealed Walkway from below (DEC-52)",
    "climb.deadbolt": "{cell} is a known empty Deadbolt and Climb Window cannot pay its extra actions (DEC-50)",
    "climb.gemstone": ("the Gemstone's holder cannot climb into a tile with another character: Climb Window "
                       "cannot pay extras (LOOT-4)"),
    "laptop.full": "the Laptop already holds its one hack token",
    "xray.not_through_wall": ("{cell} is not across a wall from {who}'s cell {from_cell}: X-Ray peeks only through "
                              "a wall of the Hawk's cell, on the same floor"),
    "enhance.reach": ("{cell} is not 1 or 2 links from {from_cell} (adjacent cells or Stairs, never through walls, "
                      "the middle tile of 2 links face up)"),
    "crybaby.face_down": "{cell} is face down: Crybaby needs a revealed tile (DEC-27)",
    "reroute.holding": "the Juicer already holds an alarm token; discard it with 'reroute trigger' first",
    "reroute.no_alarm": "there is no alarm token on {who}'s tile {cell}",
    "reroute.empty": "the Juicer holds no alarm token to set off",
    "reroute.mode": "Reroute is 'reroute take' or 'reroute trigger', not '{item}'",
    "distract.floor": "{cell} is not on {who}'s floor",
    "distract.far": "{cell} is {count} steps from {from_cell}; the crow flies 0 to 2 steps (walls count)",
    "distract.there": "the crow is already on {cell}",
    "disrupt.there": "the crow is already on {who}'s cell {cell}",
    "tinker.no_stealth": "{who} has no own Stealth token to pay with",
    "tinker.empty": "the Tool deck is empty (it never reshuffles, DEC-33)",
    "other.no_seat": "there is no seat {seat} in this game (seats 0..{last})",
    "other.self": "{who} must choose another character",
    "other.escaped": "{other} has escaped",
    "other.off_board": "{other} is not on the board yet",
    "orders.not_linked": ("{cell} is not linked to {other}'s cell {from_cell}: Orders move along a link it could "
                          "use (ACT-4), never to the roof"),
    "disguise.spent": "Disguise must come before any action point is spent this turn; {who} has spent {count}",
    "disguise.same_tile": "{other} is on {who}'s own tile: there is nothing to swap",
    "clairvoyance.empty": "the floor {floor} patrol deck is empty",
    "precognition.empty": "the Event deck is empty (its discards are reshuffled only when an Event is drawn)",
    "job.no_cell": "{gone} is not a cell of {job}: its building has {floor} floors, cells 1A1 to {last_cell}",
}

#: What each Tool that needs one takes as its target (the ``target`` parameter: a tool key).
TOOL_TARGETS: dict[str, str] = {
    "blueprints": "a face-down cell on any floor",
    "crowbar": "a revealed tile adjacent to you",
    "donuts": "the cell of a placed guard",
    "dynamite": "the neighbouring cell across a wall of your tile",
    "thermal_bomb": "the cell directly above or below yours ('roof' from the top floor up)",
    "virus": "a revealed Computer Room",
}

#: The kind of each parameter name: how a page renders it (``burgle.i18n.explain``).
PARAM_KINDS: dict[str, str] = {
    "who": "character", "other": "character", "cell": "cell", "from_cell": "cell", "left": "count",
    "count": "count", "seat": "count", "floor": "count", "card": "card", "verb": "verb", "help": "help",
    "item": "key", "items": "key", "target": "target", "action": "key", "last": "count", "cost": "count",
    "ability": "ability", "own": "ability", "owner": "character", "side": "side", "other_side": "side",
    "job": "job", "last_cell": "cell", "gone": "cellname",
}

#: key -> the parameter that counts (a translation has a form per plural category).
COUNTED: dict[str, str] = {key: ("left" if "{left}" in t else "count") for key, t in REFUSALS.items()
                           if "{left}" in t or "{count}" in t}

ROOF = 48
_NEEDS_HELP = frozenset(key for key, t in REFUSALS.items() if "{help}" in t)


def _character(key) -> str:
    return CHARACTER_NAMES.get(key) or str(key).title()


def _cell(cell) -> str:
    return "the roof" if cell >= ROOF else cell_name(cell)


def _card(key) -> str:
    card = LOOT_BY_KEY.get(key) or TOOL_BY_KEY.get(key)
    return card.name if card else str(key)


def _ability(side_key) -> str:
    """A character side's ability name, from its side key (``acrobat_basic``)."""
    character, _, side = side_key.rpartition("_")
    return CHARACTERS[character][0 if side == "basic" else 1].ability


def _job(key) -> str:
    from burgle.data.jobs import get_job

    return get_job(key).name


def _help(verb) -> str:
    from burgle.engine.actions import VERBS  # only for a choice verb's refusal (rare)

    return VERBS[verb].help


_ENGLISH = {"character": _character, "cell": _cell, "card": _card, "help": _help, "target": TOOL_TARGETS.__getitem__,
            "ability": _ability, "job": _job, "cellname": cell_name}


def english(kind: str, value) -> str:
    """A parameter as the English template shows it."""
    render = _ENGLISH.get(kind)
    return render(value) if render is not None else str(value)


def refuse(key: str, **params) -> Refusal:
    """The refusal *key* with *params*: its English text, carrying key and params.
    A ``help`` parameter defaults to the verb's help text (the verb is its value).
    Cheap: the legality code refuses many candidate actions while listing the legal ones."""
    if key in _NEEDS_HELP and "help" not in params:
        params["help"] = params["verb"]
    text = REFUSALS[key].format_map({name: english(PARAM_KINDS[name], v) for name, v in params.items()})
    return Refusal(text, key, params)
