"""The command phase (JC 2.2, 6.0-6.4): Julius Caesar's moves on the kit.

JC 2.2: Player 1 makes all its moves, then its levies (or plays its event instead), then
Player 2: the rules file's procedure ``command_phase``, on the kit's orders
(:mod:`legatus.framework.kit.command`: the turn order, the event, the move and levy
points the cards gave; what is not used is lost, JC 2.1 note). Moves come before levies
so that a levied block cannot move in the turn it arrives (JC 6.4). The moves are the
procedures ``command_moves``, ``group_move``, ``move_group`` and ``main_attacks`` on the
kit's group moves, with Julius Caesar's settings (:mod:`.movement`); this module
registers them and gives the effects that move a block, which count Julius Caesar's
clauses and keep the event's group for the battle phase (:mod:`.command_record`):

``sail(block, port, sea, ..., port)``
    a land block by sea (JC 6.3), ``amphibious.cost`` MP each, before the side's first
    group; the seas crossed are named, since one navis must then stay in each.
``group(location)`` then ``move(block, location, ..., location)``
    1 MP for the blocks of one location (JC 6.1), then each block's whole path, one at a
    time, so control changes at once (JC 4.2.1); ``end_group`` / ``end_moves``.
``main(location, origin)``
    for each location it attacked along two or more roads or sea borders, the attacker
    names the main attack (JC 7.3; by the Polish 7.3, ``reserves.sea_borders`` false,
    only roads count: :func:`unreserved_roads`). Player 2's pins follow (JC 6.13).

``group_move`` (args ``side``, ``mode``) runs the same decisions for one group only, with
an event's rules (``mars``, ``mercury``, ``pluto``, ``neptune``).
"""

from __future__ import annotations

from legatus import Context, Procedure, RuleRegistry, kit, rules_effect, rules_query
from legatus.games.julius_caesar import command_record as record
from legatus.games.julius_caesar.model import enemy, road_key
from legatus.games.julius_caesar.movement import (
    CARD,
    EVENT_MODES,
    ROADS,
    RULEBOOK,
    SEA,
    Movement,
)

#: The rules parameters the command phase reads, with their types (the registry's
#: ``needs``). Their values, defaults included, are the rules file's. Readings of
#: other texts are variants that set them (see docs/variants.md): road_limit.minor 3
#: (PL table), move.reinforce_distance 2 (PL 6.1), navis.attack_ports false (PL 6.2),
#: levy.new_strength "one" and levy.steps_in_contested true (PL 6.4),
#: reserves.sea_borders false (PL 7.3).
MOVE_NEEDS: dict[str, str] = {
    "road_limit.major": "int",  # JC 6.11
    "road_limit.minor": "int",  # JC 6.11
    "road_limit.strait": "int",  # JC 4.3.2, 6.11
    "road_limit.strait_attack": "int",  # JC 4.3.2, 6.11
    "move.distance": "int",  # JC 2.2, 6.1
    "move.attack_distance": "int",  # JC 6.12
    "move.reinforce_distance": "int",  # JC 2.2, 6.14
    "navis.attack_ports": "bool",  # JC 6.2
    "reserves.sea_borders": "bool",  # JC 7.3
    "amphibious.cost": "int",  # JC 6.3
    "amphibious.navis_kept": "int",  # JC 6.3
    "mercury.distance": "int",  # JC 2.1 card Mercury
    "mercury.attack_distance": "int",  # JC 2.1 card Mercury
    "pluto.major": "int",  # JC 2.1 card Pluto
    "pluto.minor": "int",  # JC 2.1 card Pluto
    "pluto.strait": "int",  # JC 2.1 card Pluto
}
# -- moves: what the rules' procedures command_moves, group_move, move_group and
# main_attacks call (julius_caesar.rules) ---------------------------------------------------


def movement(ctx: Context, side: str, mode: str) -> Movement:
    """The legal moves of ``side`` in ``mode`` (``card``, an event's, or an event's by the
    rulebooks' reading) as the state stands."""
    if mode.startswith(RULEBOOK):
        mode = RULEBOOK + event_mode(mode)
    return Movement(ctx, side, mode)


@rules_query("rulebook_mode(mode: str) -> str")
def rulebook_mode(ctx: Context, mode: str) -> str:
    """The mode of an event's group move by the rulebooks' reading (JC 2.1)."""
    return RULEBOOK + event_mode(mode)


def event_mode(mode: str) -> str:
    """The event of a mode, whichever reading (``rulebook_mars``: ``mars``); a mode no
    event has is refused (a rules file's mistake)."""
    found = mode.lower().removeprefix(RULEBOOK)
    if found not in EVENT_MODES:
        raise ValueError(f"group_move: mode must be one of {EVENT_MODES}, not {mode!r}")
    return found


def register_moves(registry: RuleRegistry) -> None:
    """The kit's group moves and attack record, with Julius Caesar's settings (JC 6.1-6.3,
    7.3): ``group_origins``, ``group_movers``, ``block_routes``, ``sailors``,
    ``sea_routes``, ``open_mains`` and ``main_origins``."""
    kit.register_movement(
        registry,
        movement,
        record=record.public,
        sea_mode=CARD,
        unreserved=unreserved_roads,
        rules={
            "group_origins": "JC 6.1",
            "group_movers": "JC 6.1",
            "block_routes": "JC 6.1",
            "sailors": "JC 6.3",
            "sea_routes": "JC 6.3",
            "open_mains": "JC 7.3",
            "main_origins": "JC 7.3",
        },
        needs=MOVE_NEEDS,
    )


@rules_effect("begin_group(side: side, location: space, mode: str)", rule="JC 6.1")
def begin_group(ctx: Context, side: str, location: str, mode: str) -> None:
    """JC 6.1: ``side`` spends a move on the blocks at ``location`` (an event's group is
    recorded for the battle phase's first fire)."""
    if mode != CARD:
        record.open_event_group(ctx.state, side, event_mode(mode), location)
    name = ctx.definition.side_name(side)
    ctx.log(f"{name} moves the group at {location}", side=side, group=location)


@rules_effect(
    "move_group_block(side: side, block: piece, path: list[space], mode: str)", rule="JC 6.1"
)
def move_group_block(ctx: Context, side: str, block: str, path: list[str], mode: str) -> None:
    """JC 6.1: one block of the group moves along ``path``, its origin first."""
    move_block(ctx, side, block, tuple(path), event=mode != CARD)


@rules_effect("sail(side: side, block: piece, route: list[space])", rule="JC 6.3")
def sail(ctx: Context, side: str, block: str, route: list[str]) -> None:
    """JC 6.3: one land block by sea, ``route`` its port, the seas and the port reached."""
    sail_block(ctx, side, block, tuple(route))


@rules_query("event_name(mode: str) -> str")
def event_name(ctx: Context, mode: str) -> str:
    """The name of the event card whose group move ``mode`` is (``mars``: Mars)."""
    return event_mode(mode).title()


@rules_effect("end_moves(side: side)", rule="JC 6.0")
def end_moves(ctx: Context, side: str) -> None:
    """JC 6.0: ``side`` moves no more this turn (what is left is lost)."""
    ctx.log(f"{ctx.definition.side_name(side)} ends the moves", side=side)


@rules_effect("declare_main(side: side, location: space, origin: space)", rule="JC 7.3")
def declare_main(ctx: Context, side: str, location: str, origin: str) -> None:
    """JC 7.3: the attack on ``location`` from ``origin`` is the main attack."""
    key = road_key(location, origin)
    kit.engagement.declare_main(record.public(ctx.state), location, key)
    name = ctx.definition.side_name(side)
    ctx.log(
        f"{name}'s main attack on {location} comes from {origin}",
        side=side,
        location=location,
        main=key,
    )


@rules_effect("settle_attacks(side: side)", rule="JC 6.13")
def settle_attacks(ctx: Context, side: str) -> None:
    """JC 6.13, 7.3: the mains, pins and reserves of ``side``'s attacks, logged."""
    public = record.public(ctx.state)
    defenders: dict[str, int] = {}
    if public["contested"]:  # the index read only when some location is contested
        position = kit.Occupancy.of(ctx.state["pieces"])
        defenders = {
            location: len(position.blocks(location, enemy(side)))
            for location in public["contested"]
        }
    own = record.private(ctx.state, side)
    kit.engagement.settle_attacks(public, own, side, defenders, unreserved_roads(ctx))
    for location, found in public["attacks"].items():
        if found["attacker"] == side and found["pinned"]:
            ctx.fired("JC 6.13")
            ctx.log(
                f"{found['pinned']} block(s) defending {location} are pinned",
                location=location,
                pinned=found["pinned"],
            )


def unreserved_roads(ctx: Context) -> frozenset[str]:
    """The ways into this turn's attacks that never bring reserves (JC 7.3).

    By the Spanish text (the default, ``reserves.sea_borders`` true) none:
    "when attacking along two or more roads or sea borders", every way but
    the main attack brings reserves. The Polish 7.3 speaks of "two roads"
    only: with the parameter false the sea borders used (a navis attacking a
    port or a sea from a sea) bring their blocks into the main force, and a
    main attack is named only among roads.
    """
    if ctx.param("reserves.sea_borders"):
        return frozenset()
    board = ctx.definition.board
    return frozenset(
        key
        for found in record.public(ctx.state)["attacks"].values()
        for key in found["roads"]
        if SEA in board.connection_kinds_between(*key.split("|"))
    )


def move_block(
    ctx: Context, side: str, block: str, path: kit.movement.Path, *, event: bool = False
) -> None:
    """Move one block along a legal path, counting the roads (sea borders have no limit,
    JC 6.11), attacks and responses (JC 6.12-6.14); an event's group is recorded."""
    what = kit.command.move_block(ctx, side, block, path, ROADS)
    if what:
        ctx.fired("JC 6.14" if what == "respond" else "JC 6.12")
    if event:
        engaged = path[-1] if what in ("attack", "reinforce") else None
        record.note_event_move(ctx.state, block, engaged)
    ctx.fired("JC 6.1")


def sail_block(ctx: Context, side: str, block: str, route: kit.movement.Path) -> None:
    """JC 6.3: one land block by sea, from a port through friendly seas to a port."""
    kit.command.sail_block(ctx, side, block, route)
    ctx.fired("JC 6.3")


PROCEDURES: dict[str, Procedure] = {}
