"""The command phase (JC 2.2, 6.0-6.4) and the event group move (cards Mars, Mercury,
Pluto, Neptune).

JC 2.2: Player 1 makes all its moves, then its levies (or plays its event
instead), then Player 2 does the same: the rules file's procedure
``command_phase`` (``julius_caesar.rules``), with the queries and effects here. Moves come before levies so that a
levied block cannot move in the turn it arrives (JC 6.4). Each side's card
gives move points (MP) and levy points (LP); what is not used is lost (JC
2.1 note). The legality of every move is :mod:`legatus.games.julius_caesar.movement`;
what the phase leaves for the battle phase is
:mod:`legatus.games.julius_caesar.command_record`.

Action decomposition (one small decision per prompt, to the side moving):

``sail(block, port, sea, ..., port)``
    a sea move of one land block (JC 6.3), 1 MP each; offered only before the
    side's first group move of the turn. The seas crossed are named, since one
    navis must then stay in each of them.
``group(location)``
    spend 1 MP on the blocks of one location (JC 6.1); offered only where at
    least one block has a legal move.
``move(block, location, ..., location)``
    inside a group: one block's whole path, its origin first
    (``move(Legio 7, Narbo, Tarraco)``). Blocks move one at a time, so
    control changes at once (JC 4.2.1): the first block into a vacant city
    makes it friendly, an attack makes it contested.
``end_group`` / ``end_moves``
    stop moving the group / stop moving this turn. A group with no legal move
    left closes by itself, and the moves end by themselves when no MP or no
    legal move is left.
``main(location, origin)``
    after its moves, for each location it attacked along two or more roads or
    sea borders, the attacker names the main attack by the space it came from
    (JC 7.3); the others bring reserves. A single road is the main attack by
    itself (by the Polish 7.3, ``reserves.sea_borders`` false, only roads
    count: see :func:`unreserved_roads`). Player 2's pins follow from it (JC
    6.13): the defender "chooses" its pinned blocks by moving the unpinned
    ones away.
``levy(block, city)`` / ``step(block)`` / ``end_levy``
    see :mod:`legatus.games.julius_caesar.levy`.

``group_move`` (args ``side``, ``mode``) runs the same decisions for one
group only, with the event's rules (``mars``, ``mercury``, ``pluto``,
``neptune``; see :mod:`legatus.games.julius_caesar.movement`): no sea moves, no
levy. The event procedure ``play_event`` (args ``card``, ``side``) is pushed
in place of the event player's moves and levies.

Hidden information: the log tells everyone where blocks go; the block names
only to their owner.
"""

from __future__ import annotations

from legatus import (
    Context,
    GameDef,
    Procedure,
    RuleRegistry,
    kit,
    piece,
    rules_effect,
    rules_query,
)
from legatus.games.julius_caesar import command_record as record
from legatus.games.julius_caesar import model
from legatus.games.julius_caesar.model import SIDES, enemy, road_key
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
MOVES, MAIN, OVER = "moves", "main", "over"


def orders(definition: GameDef, public: model.Records, side: str) -> tuple[int, int]:
    """(move points, levy points) of ``side`` this turn (JC 2.1, 2.2).

    The card phase's ``orders`` when present (it knows what Apollo copied),
    else the values of the card the side played; no card gives nothing.
    """
    given = public.orders.get(side)
    if given is not None:
        return int(given.get("move", 0)), int(given.get("levy", 0))
    card = public.cards.get(side)
    if card is None:
        return 0, 0
    values = definition.cards[card].values
    return int(values.get("move", 0)), int(values.get("levy", 0))


def event_side(public: model.Records) -> tuple[str, str] | None:
    """(card, side) of the event in force this turn, if any (JC 2.1)."""
    event = public.event
    if not event:
        return None
    return str(event["card"]), str(event["side"])


# -- the phase -----------------------------------------------------------------------


@rules_query("turn_order() -> list[side]", rule="JC 2.2")
def turn_order(ctx: Context) -> list[str]:
    """JC 2.2: Player 1, then Player 2."""
    first = str(model.records(ctx.state).player1)
    return [first, enemy(first)]


@rules_query("plays_event(side: side) -> bool", rule="JC 2.1")
def plays_event(ctx: Context, side: str) -> bool:
    """JC 2.1: ``side`` plays this turn's event instead of its moves and levies."""
    event = event_side(model.records(ctx.state))
    return event is not None and event[1] == side


@rules_query("event_card() -> card", rule="JC 2.1")
def event_card(ctx: Context) -> str:
    """JC 2.1: the event card in force this turn (what an Apollo copied, if it did)."""
    event = event_side(model.records(ctx.state))
    if event is None:
        raise ValueError("no event is in force this turn")
    return event[0]


@rules_query("move_points(side: side) -> int", rule="JC 2.2")
def move_points(ctx: Context, side: str) -> int:
    """JC 2.1, 2.2: ``side``'s move points this turn."""
    return orders(ctx.definition, model.records(ctx.state), side)[0]


@rules_query("levy_points(side: side) -> int", rule="JC 2.2")
def levy_points(ctx: Context, side: str) -> int:
    """JC 2.1, 2.2: ``side``'s levy points this turn."""
    return orders(ctx.definition, model.records(ctx.state), side)[1]


@rules_effect("announce_orders(side: side)", rule="JC 2.2")
def announce_orders(ctx: Context, side: str) -> None:
    """JC 2.2: everyone reads what ``side`` does this turn: its event, or its moves and
    levies."""
    name = ctx.definition.side_name(side)
    event = event_side(model.records(ctx.state))
    if event is not None and event[1] == side:
        ctx.log(f"{name} plays the event {event[0]}", side=side, event=event[0])
        return
    move, levy = orders(ctx.definition, model.records(ctx.state), side)
    ctx.log(f"{name}: {move} move(s), then {levy} levy", side=side, move=move, levy=levy)


@rules_effect("list_battles()", rule="JC 7.1")
def list_battles(ctx: Context) -> None:
    """JC 7.1: the contested locations, in the order they became contested, for the
    battle phase."""
    contested = kit.Occupancy(ctx.state["pieces"]).contested()
    battles = kit.engagement.battles(record.public(ctx.state), contested)
    model.records(ctx.state).battles = battles
    if battles:
        ctx.log(f"Battles to fight: {', '.join(battles)}", battles=battles)


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
    position = kit.Occupancy(ctx.state["pieces"])
    defenders = {
        location: len(position.blocks(location, enemy(side))) for location in public["contested"]
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
    """Move one block along a legal path, recording roads (sea borders have no limit, JC
    6.11), attacks and responses (JC 6.12-6.14)."""
    state = ctx.state
    final, came_from = path[-1], path[-2]
    status = kit.Occupancy(state["pieces"]).status(final, side)
    public, own = record.public(state), record.private(state, side)
    kit.count_crossings(ctx.definition.board, public, side, path, ROADS)
    piece(state, block).at = final
    own["moved"].append(block)
    what = ""
    if status in kit.movement.ENGAGED:
        what = kit.engagement.note_engagement(
            public, own, side, enemy(side), SIDES, block, final, came_from
        )
        ctx.fired("JC 6.14" if what == "respond" else "JC 6.12")
    if event:
        record.note_event_move(state, block, final if what in ("attack", "reinforce") else None)
    ctx.fired("JC 6.1")
    name, route = ctx.definition.side_name(side), " -> ".join(path)
    tail = {
        "attack": f": attacks {final}",
        "reinforce": f": joins the attack on {final}",
        "respond": f": reinforces the defence of {final} (reserve)",
    }.get(what, "")
    ctx.log(f"{name} moves a block {route}{tail}", side=side, path=list(path), engaged=what)
    ctx.log(f"{name} moves {block} {route}{tail}", to=[side], block=block)


def sail_block(ctx: Context, side: str, block: str, route: kit.movement.Path) -> None:
    """JC 6.3: one land block by sea, from a port through friendly seas to a port."""
    state = ctx.state
    origin, seas, to = route[0], list(route[1:-1]), route[-1]
    piece(state, block).at = to
    record.moved(state, side).append(block)
    record.note_sea_move(state, side, origin, seas, to)
    ctx.fired("JC 6.3")
    name, crossing = ctx.definition.side_name(side), ", ".join(seas)
    ctx.log(
        f"{name} moves a block by sea {origin} -> {to} across {crossing}",
        side=side,
        path=list(route),
    )
    ctx.log(f"{name} moves {block} by sea {origin} -> {to} across {crossing}", to=[side])


PROCEDURES: dict[str, Procedure] = {}
