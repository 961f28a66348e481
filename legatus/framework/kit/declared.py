"""A block game declared from data: the moves and retreats a game would otherwise write in
Python, read from its rules parameters.

The kit's group moves (:mod:`.movement`) need a factory that turns a game's parameters
into :class:`~.movement.MoveSettings`, and a battle needs the game's retreat routes and
the effects that move, hit and eliminate its blocks. Julius Caesar writes these in Python
because its navis, sea moves and event cards bend them; a plain block game of the Columbia
family (land blocks moving along borders of a few kinds, each kind with a limit of blocks
per side per turn) needs nothing of its own. :class:`DeclaredBlockGame` is such a game's
plugin: its ``register_rules`` registers the whole kit and the queries and effects below,
so the game's folder holds a ``plugin.py`` that names its data folder and nothing else.

The parameters the rules file declares (the checker reports any that is missing, with its
type):

``move.distance: int``
    areas a block may move (Julius Caesar 6.1: 2); a block whose piece gives a ``move``
    stat moves that many instead (Hammer of the Scots 2.13: each block prints 2 or 3).
``move.attack_distance: int`` and ``move.reinforce_distance: int``
    the farthest step at which a move may enter an enemy area, or join a battle.
``move.borders: list[connection_kind]`` and ``move.limits: list[int]``
    the border kinds blocks cross and, one per kind in the same order, how many blocks of
    a side may cross one such border in a turn (Julius Caesar 6.11; Hammer of the Scots
    4.3: black 6, red 2). The same limits hold per battle round for retreats (Julius
    Caesar 7.61; Hammer of the Scots 6.5).
``move.attack_limits: list[int]``
    the limits of blocks ending their move in an enemy area across each kind (Julius
    Caesar's straits: 1).
``move.stop_borders: list[connection_kind]``
    border kinds that end a move once crossed (Hammer of the Scots 4.3: red borders).

Retreats follow the family's common rule (Julius Caesar 7.6-7.63; Hammer of the Scots
6.5): never into an enemy or contested area; an attacker to a friendly area, or a vacant
one across a border its side entered the battle by; a defender to a friendly or vacant
area, never across a border the attacker entered by.
"""

from __future__ import annotations

import sys
import weakref
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from legatus.framework.engine.core import Context
from legatus.framework.engine.gameplugin import GamePlugin
from legatus.framework.engine.state import sides_by_space
from legatus.framework.kit import battle, command, engagement, fight, retreat, steps
from legatus.framework.kit.borders import border_key
from legatus.framework.kit.events import PlayEvent
from legatus.framework.kit.movement import BlockClass, GroupMoves, MoveSettings, Occupancy
from legatus.framework.kit.movement_rules import register_movement
from legatus.framework.kit.rules import register_kit
from legatus.framework.rules.registry import rules_effect, rules_query

if TYPE_CHECKING:
    from legatus.framework.rules.registry import RuleRegistry

#: The rules parameters the declared moves and retreats read, with their types.
NEEDS: dict[str, str] = {
    "move.distance": "int",
    "move.attack_distance": "int",
    "move.reinforce_distance": "int",
    "move.borders": "list[connection_kind]",
    "move.limits": "list[int]",
    "move.attack_limits": "list[int]",
    "move.stop_borders": "list[connection_kind]",
}
#: The block class of a declared game's blocks: every block moves along ``move.borders``.
BLOCKS = "blocks"
#: The piece stat that gives a block its own move distance.
MOVE_STAT = "move"
#: The command phase's records (:mod:`.command`) the battles read.
RECORD, OWN = "command", "own_command"

Crossings = dict[str, dict[str, int]]


def _limits(ctx: Context, name: str) -> dict[str, int]:
    """``move.borders`` paired with the list parameter ``name``, one limit per kind."""
    kinds, limits = list(ctx.param("move.borders")), list(ctx.param(name))
    if len(kinds) != len(limits):
        raise ValueError(f"{name} gives {len(limits)} limits for {len(kinds)} move.borders")
    return {str(kind): int(limit) for kind, limit in zip(kinds, limits, strict=True)}


def declared_settings(ctx: Context) -> MoveSettings:
    """The group moves' settings from the parameters (see the module). A block whose piece
    gives a ``move`` stat (its type declares ``stats: [move]``) moves that many areas
    instead of ``move.distance``: blocks printed with their own move rating (Hammer of the
    Scots 2.13: 2 or 3)."""
    kinds = tuple(str(k) for k in ctx.param("move.borders"))
    classes = {BLOCKS: BlockClass(kinds)}
    class_of: dict[str, str] = {}
    for block, printed in ctx.definition.pieces.items():
        rating = printed.stats.get(MOVE_STAT)
        if rating is None:
            class_of[block] = BLOCKS
            continue
        name = f"{MOVE_STAT} {int(rating)}"
        classes.setdefault(name, BlockClass(kinds, distance=int(rating)))
        class_of[block] = name
    return MoveSettings(
        distance=int(ctx.param("move.distance")),
        attack_distance=int(ctx.param("move.attack_distance")),
        reinforce_distance=int(ctx.param("move.reinforce_distance")),
        moving_limits=_limits(ctx, "move.limits"),
        engaging_limits=_limits(ctx, "move.attack_limits"),
        classes=classes,
        class_of=class_of,
        stop_kinds=frozenset(str(k) for k in ctx.param("move.stop_borders")),
    )


#: Per playable game (its parameters never change): the settings, read once.
_settings: weakref.WeakKeyDictionary[Any, MoveSettings] = weakref.WeakKeyDictionary()


def declared_moves(ctx: Context, side: str, mode: str) -> GroupMoves:
    """The legal group moves of ``side`` as the state stands (one mode: every mode a rules
    file names moves alike)."""
    settings = _settings.get(ctx.game)
    if settings is None:
        settings = _settings[ctx.game] = declared_settings(ctx)
    state = ctx.state
    return GroupMoves(
        ctx.definition.board,
        Occupancy(state["pieces"]),
        side,
        settings,
        command.public(state),
        command.private(state, side)["moved"],
    )


# -- the moves' effects -----------------------------------------------------------------------


@rules_effect("begin_group(side: side, location: space)")
def begin_group(ctx: Context, side: str, location: str) -> None:
    """``side`` spends a move point on the blocks at ``location``: everyone reads it."""
    ctx.log(
        ctx.definition.side_does(side, f"moves the group at {location}"), side=side, group=location
    )


@rules_effect("move_group_block(side: side, block: piece, path: list[space])")
def move_group_block(ctx: Context, side: str, block: str, path: list[str]) -> None:
    """One block of the group moves along ``path``, its origin first, counting the borders
    it crosses and the attack or reinforcement it makes (:func:`.command.move_block`)."""
    command.move_block(ctx, side, block, tuple(path), tuple(ctx.param("move.borders")))


@rules_effect("end_moves(side: side)")
def end_moves(ctx: Context, side: str) -> None:
    """``side`` moves no more this turn (the points left are lost)."""
    ctx.log(ctx.definition.side_does(side, "ends the moves"), side=side)


@rules_effect("declare_main(side: side, location: space, origin: space)")
def declare_main(ctx: Context, side: str, location: str, origin: str) -> None:
    """The attack on ``location`` from ``origin`` is the main attack; the blocks that came
    by other borders are reserves."""
    key = border_key(location, origin)
    engagement.declare_main(command.public(ctx.state), location, key)
    name = ctx.definition.side_name(side)
    text = f"{name}'s main attack on {location} comes from {origin}"
    ctx.log(text, side=side, location=location, main=key)


@rules_effect("settle_attacks(side: side)")
def settle_attacks(ctx: Context, side: str) -> None:
    """The mains, pins and reserves of ``side``'s attacks this turn (:func:`.engagement.
    settle_attacks`): as many defenders as attackers are pinned; logged."""
    public = command.public(ctx.state)
    position = Occupancy(ctx.state["pieces"])
    others = ctx.definition.other_sides(side)
    defenders = {
        location: sum(len(position.blocks(location, other)) for other in others)
        for location in public["contested"]
    }
    engagement.settle_attacks(public, command.private(ctx.state, side), side, defenders)
    for location, found in public["attacks"].items():
        if found["attacker"] == side and found["pinned"]:
            text = f"{found['pinned']} block(s) defending {location} are pinned"
            ctx.log(text, location=location, pinned=found["pinned"])


# -- the battle's effects and retreats ---------------------------------------------------------


@rules_effect("take_hit(block: piece)")
def take_hit(ctx: Context, block: str) -> None:
    """A hit on ``block``: one step lost at once; at its lowest it is eliminated, face up in
    its pool until the year ends."""
    fight.hit_logged(ctx, block)
    steps.lose_step(ctx, block, steps.Losses())


@rules_effect("cannot_retreat(location: space, block: piece)")
def cannot_retreat(ctx: Context, location: str, block: str) -> None:
    """A block that must retreat and cannot is eliminated."""
    ctx.log(f"{block} must retreat from {location} and cannot", block=block)
    steps.eliminate(ctx, block, steps.Losses())


@rules_effect("last_round_over(location: space, blocks: list[piece], attacker: side)")
def last_round_over(ctx: Context, location: str, blocks: list[str], attacker: str) -> None:
    """The last round is over: attackers still in the battle are eliminated (they had to
    retreat), so a battle is never left open."""
    for block in battle.left_in(ctx.state["pieces"], location, blocks, attacker):
        steps.eliminate(ctx, block, steps.Losses())


def retreat_routes(
    ctx: Context,
    location: str,
    block: str,
    attacker: str,
    attack: Mapping[str, Any],
    used: Crossings,
) -> list[list[str]]:
    """Every legal retreat of ``block`` from the battle now, one area each (see the
    module); ``used`` counts this round's retreats by side and border."""
    side = ctx.state["pieces"][block]["side"]
    entered = {s: frozenset(keys) for s, keys in attack["entered"].items()}
    nowhere: frozenset[str] = frozenset()
    attacking = side == attacker
    found = retreat.retreat_destinations(
        ctx.definition.board,
        location,
        side,
        sides_by_space(ctx.state),
        kinds=tuple(ctx.param("move.borders")),
        limits=_limits(ctx, "move.limits"),
        used=used.get(side, {}),
        closed=nowhere if attacking else entered.get(attacker, nowhere),
        own_border_only=frozenset({retreat.VACANT}) if attacking else nowhere,
        own_borders=entered.get(side, nowhere) if attacking else nowhere,
    )
    return [[space] for space in found]


@rules_query(
    "battle_routes(location: space, block: piece, attacker: side, attack: any, used: any) "
    "-> list[list[space]]",
    needs=NEEDS,
)
def battle_routes(
    ctx: Context, location: str, block: str, attacker: str, attack: Any, used: Crossings
) -> list[list[str]]:
    """Every legal retreat of ``block`` from the battle at ``location`` now."""
    return retreat_routes(ctx, location, block, attacker, attack, used)


@rules_query(
    "trapped_blocks(location: space, slot: list[piece], must: bool, attacker: side, "
    "attack: any, used: any) -> list[piece]",
    needs=NEEDS,
)
def trapped_blocks(
    ctx: Context,
    location: str,
    slot: list[str],
    must: bool,
    attacker: str,
    attack: Any,
    used: Crossings,
) -> list[str]:
    """The first block of the slot that must retreat and has nowhere to go: it is
    eliminated instead; empty otherwise."""
    return battle.first_trapped(
        slot, must, lambda b: bool(retreat_routes(ctx, location, b, attacker, attack, used))
    )


@rules_query("retreat_counted(location: space, block: piece, route: list[space], used: any) -> any")
def retreat_counted(
    ctx: Context, location: str, block: str, route: list[str], used: Crossings
) -> Crossings:
    """This round's count of retreats with ``block``'s across its border added."""
    side = ctx.state["pieces"][block]["side"]
    return battle.count_crossing(used, side, border_key(location, route[-1]))


# -- the plugin ----------------------------------------------------------------------------------


def register_declared(registry: RuleRegistry) -> None:
    """Register the whole kit (:func:`.rules.register_kit`), the group moves on the
    declared settings, the effects and queries of this module, and the step
    ``play_event(card, side)`` that runs the rules file's effect for an event card
    (:class:`.events.PlayEvent`; the cards the list parameter ``events.declinable`` names
    may be declined)."""
    register_kit(registry)
    register_movement(registry, declared_moves, record=command.public, sea_mode="card", needs=NEEDS)
    registry.add_marked(sys.modules[__name__])
    registry.add_procedure(
        "play_event",
        PlayEvent(declinable="events.declinable"),
        params={"card": "card", "side": "side"},
        needs={"events.declinable": "list[card]"},
    )


class DeclaredBlockGame(GamePlugin):
    """A block game whose rules are all data: a subclass names the game and its data folder
    (``name``, ``data``); its rules file calls the kit (:func:`register_declared`)."""

    def register_rules(self, registry: RuleRegistry) -> None:
        register_declared(registry)
