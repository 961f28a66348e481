"""The battle phase (JC 2.3, 7.0-7.8): what is Julius Caesar's own in it.

The battle phase, a battle's rounds, fire, hits, disruption and regroup are procedures of
``julius_caesar.rules`` on the framework's kit: the rounds and turn slots of ``kit.battle``;
the attack read from the command phase's record, the battles to fight, the battle's record,
reveals, log lines and a block's fire (``volley``) of ``kit.fight``. What stays here: the
first fire Mars and Neptune grant in one battle (JC 2.1, 7.2;
:func:`legatus.games.julius_caesar.effects.first_fire`), a step lost or a block eliminated in
battle by this game's rules of Cleopatra and the leaders (JC 7.4, 7.31, 7.51, 7.52), retreat
routes with the navis rules and their count per round (JC 7.6-7.64, 7.82,
:mod:`legatus.games.julius_caesar.retreat`) and the clauses a battle's opening applies.

The battle's progress lives in the variables of the procedure ``battle``, kept in its frame
whose variables follow their pieces' visibility: a reserve's id is a token to the enemy
until it arrives.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from legatus import Context, kit, piece, rules_effect, rules_query
from legatus.games.julius_caesar import model, retreat
from legatus.games.julius_caesar.effects import eliminate_block, first_fire, lose_step
from legatus.games.julius_caesar.model import occupants, road_key

#: The rules parameters the battle reads here, with their types (the registry's ``needs``).
NEEDS: dict[str, str] = {
    "reserve_arrival_round": "int",  # JC 7.3
    "eliminated.face_up": "bool",  # JC 7.5
    "cleopatra_switch_strength": "int",  # JC 7.52
    "neptune.land_attack": "bool",  # JC 2.1 card Neptune (first fire)
    "retreat_limit.strait": "int",  # JC 7.61
    "retreat_limit.sea": "int",  # JC 7.64
    "road_limit.major": "int",  # JC 6.11, 7.61, 7.7
    "road_limit.minor": "int",  # JC 6.11, 7.61, 7.7
    "road_limit.strait": "int",  # JC 6.11, 7.7
}
#: The command phase's record the battles read (JC 7.3): its public and private halves.
RECORD, OWN = "command", "own_command"


# -- Mars and Neptune: the first fire in one battle (JC 2.1, 7.2) --------------------------------


@rules_query("first_fire_battles() -> list[space]", rule="JC 2.1 cards Mars, Neptune")
def first_fire_battles(ctx: Context) -> list[str]:
    """The pending battles an event's first fire could favour (Mars, Neptune)."""
    return [
        location
        for location in kit.fight.pending_battles(ctx)
        if first_fire(ctx, location, kit.fight.attacker_at(ctx, location, RECORD, OWN)) is not None
    ]


@rules_query("event_player() -> side", rule="JC 2.1 cards Mars, Neptune")
def event_player(ctx: Context) -> str:
    """The side that played this turn's event (whose group moved)."""
    return str(model.records(ctx.state).command["event_group"]["side"])


@rules_query("first_fire_event() -> str", rule="JC 2.1 cards Mars, Neptune")
def first_fire_event(ctx: Context) -> str:
    """The event's name as printed, ``Mars``, for the question of the favoured battle."""
    return str(model.records(ctx.state).command["event_group"]["mode"]).capitalize()


@rules_effect("favour_battle(location: space)", rule="JC 2.1 cards Mars, Neptune")
def favour_battle(ctx: Context, location: str) -> None:
    """Tell both sides which battle the event's first fire favours."""
    ctx.log(f"The event's first fire will favour the battle in {location}", location=location)


@rules_query(
    "battle_first_fire(location: space, favoured: list[space], used: bool) -> any",
    rule="JC 2.1 cards Mars, Neptune",
    needs={"neptune.land_attack": "bool"},
)
def battle_first_fire(
    ctx: Context, location: str, favoured: list[str], used: bool
) -> dict[str, Any] | None:
    """The first fire an event grants in the battle at ``location`` (:func:`first_fire`), or
    None: none once one battle had it (``used``), none in a battle other than the one named."""
    if used or (favoured and location not in favoured):
        return None
    return first_fire(ctx, location, kit.fight.attacker_at(ctx, location, RECORD, OWN))


def fires_first(grant: Mapping[str, Any], block: str) -> bool:
    """Whether an attacking block fires first under the grant: all with Mars (or Neptune's
    land attack), else the event group's navis."""
    return (
        grant.get("mode") == "mars"
        or bool(grant.get("all_attackers"))
        or block in (grant.get("blocks") or ())
    )


@rules_query(
    "first_fire_blocks(first_fire: any, blocks: list[piece], attacker: side, round: int) "
    "-> list[piece]",
    rule="JC 7.2",
)
def first_fire_blocks(
    ctx: Context, first_fire: dict[str, Any] | None, blocks: list[str], attacker: str, round: int
) -> list[str]:
    """The attacking blocks an event's first fire puts before every other in round 1 (JC 7.2
    with Mars, Neptune); none after round 1 or without the event."""
    if not first_fire or round != 1:
        return []
    pieces = ctx.state["pieces"]
    return [b for b in blocks if pieces[b]["side"] == attacker and fires_first(first_fire, b)]


@rules_effect(
    "open_battle(location: space, blocks: list[piece], attacker: side, reserves: list[piece], "
    "first_fire: any)",
    rule="JC 7.1",
)
def open_battle(
    ctx: Context,
    location: str,
    blocks: list[str],
    attacker: str,
    reserves: list[str],
    first_fire: dict[str, Any] | None,
) -> None:
    """The battle begins (the kit's ``begin_battle``), counting the clauses it applies: a
    naval battle (JC 7.8) or a land one (7.1) with navis (7.81), reserves (7.3), the event."""
    sea = retreat.is_sea(ctx, location)
    ctx.fired("JC 7.8" if sea else "JC 7.1")
    if not sea and any(retreat.is_navis(ctx, b) for b in blocks):
        ctx.fired("JC 7.81")
    if reserves:
        ctx.fired("JC 7.3")
    if first_fire:
        ctx.fired(f"JC card {str(first_fire['mode']).capitalize()}")
    kit.fight.open_battle(ctx, location, blocks, attacker, reserves, first_fire)


# -- steps lost and eliminations in battle (JC 7.4, 7.31, 7.5-7.52) ------------------------------


@rules_effect("disrupted_step(block: piece)", rule="JC 7.31")
def disrupted_step(ctx: Context, block: str) -> None:
    """A disrupted reserve block loses a step (JC 7.31), by the battle's rules (7.52)."""
    lose_step(ctx, block, in_battle=True)


@rules_effect("take_hit(block: piece)", rule="JC 7.4", needs=NEEDS)
def take_hit(ctx: Context, block: str) -> None:
    """A hit on ``block`` in battle: one step lost at once (JC 7.4), Cleopatra's switch and a
    leader's death included (JC 7.51, 7.52, :func:`lose_step`)."""
    kit.fight.hit_logged(ctx, block)
    lose_step(ctx, block, in_battle=True)


@rules_effect("cannot_retreat(location: space, block: piece)", rule="JC 7.6")
def cannot_retreat(ctx: Context, location: str, block: str) -> None:
    """A block that must retreat and cannot is eliminated (JC 7.2, 7.6)."""
    ctx.log(f"{block} must retreat from {location} and cannot", block=block)
    eliminate_block(ctx, block, in_battle=True)


@rules_effect(
    "last_round_over(location: space, blocks: list[piece], attacker: side)", rule="JC 7.2"
)
def last_round_over(ctx: Context, location: str, blocks: list[str], attacker: str) -> None:
    """The last round is over: attackers must have retreated; none can remain, but a battle
    is never left open (JC 7.2)."""
    for block in kit.battle.left_in(ctx.state["pieces"], location, blocks, attacker):
        eliminate_block(ctx, block, in_battle=True)


# -- retreats (JC 7.6-7.64, 7.82) ---------------------------------------------------------------


@rules_query(
    "battle_routes(location: space, block: piece, attacker: side, attack: any, used: any) "
    "-> list[list[space]]",
    rule="JC 7.6",
    needs=NEEDS,
)
def battle_routes(
    ctx: Context,
    location: str,
    block: str,
    attacker: str,
    attack: dict[str, Any],
    used: dict[str, dict[str, int]],
) -> list[list[str]]:
    """Every legal retreat of ``block`` from the battle now (JC 7.6-7.64, 7.82): the route's
    spaces; ``used`` counts this round's retreats by side and road key (``sea`` by sea)."""
    entered = {side: frozenset(keys) for side, keys in attack["entered"].items()}
    ground = retreat.Ground(location, attacker, entered, attack["origins"])
    used_by = used.get(piece(ctx.state, block).side, {})
    return [
        list(r) for r in retreat.retreat_routes(ctx, ground, block, used_by, occupants(ctx.state))
    ]


@rules_query(
    "trapped_blocks(location: space, slot: list[piece], must: bool, attacker: side, "
    "attack: any, used: any) -> list[piece]",
    rule="JC 7.2",
    needs=NEEDS,
)
def trapped_blocks(
    ctx: Context,
    location: str,
    slot: list[str],
    must: bool,
    attacker: str,
    attack: dict[str, Any],
    used: dict[str, dict[str, int]],
) -> list[str]:
    """The first block of the slot that must retreat (an attacker in the last round) and
    has no retreat: it is eliminated instead (JC 7.2, 7.6); empty otherwise."""
    return kit.battle.first_trapped(
        slot, must, lambda block: bool(battle_routes(ctx, location, block, attacker, attack, used))
    )


@rules_query(
    "retreat_counted(location: space, block: piece, route: list[space], used: any) -> any",
    rule="JC 7.61",
)
def retreat_counted(
    ctx: Context, location: str, block: str, route: list[str], used: dict[str, dict[str, int]]
) -> dict[str, dict[str, int]]:
    """This round's count of retreats with ``block``'s along ``route`` added, counting the
    clause it follows: by road (JC 7.6), by sea (7.64), a navis with no limit (7.82)."""
    if retreat.is_navis(ctx, block):
        ctx.fired("JC 7.82")
        return used
    ctx.fired("JC 7.64" if len(route) > 1 else "JC 7.6")
    key = retreat.SEA_RETREAT if len(route) > 1 else road_key(location, route[-1])
    return kit.battle.count_crossing(used, ctx.state["pieces"][block]["side"], key)
