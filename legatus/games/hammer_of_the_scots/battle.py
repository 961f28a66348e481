"""The Battle Phase (HotS 5.0-5.8): what Hammer of the Scots' battles call beyond the kit.

The rounds, turn slots, reserves, fire and hits to the strongest are the kit's, called from
the rules file (``battle_phase``, ``battle``, ``take_hits``, ``attackers_retreat``,
``regroup``). This module gives the game's own readings:

- a noble defending one of his home areas fires at ``home_fire`` (B3; HotS 1.4), never when
  attacking: :func:`fire_at`;
- a step lost (HotS 5.41) and where an eliminated block goes (HotS 5.7, 5.8): a noble other
  than Moray is replaced by his block of the other colour at ``switch_strength`` (the kit's
  counterpart swap) and joins the battle as a reserve of his new side; the black-cross
  blocks killed in combat leave the game (record ``dead``), except Edward I, who goes to
  the pool as Edward II (AMB-11, ``edward_i.dies_to_pool``); the rest go face down to
  their pool: :func:`take_hit`;
- retreats (HotS 5.5): to an adjacent friendly or vacant area, within the border limits of
  the round, not across a border closed to the side (the enemy was the last to use it to
  enter a battle this turn; if both sides did, only Player 2 may retreat across it), English blocks never from
  England into Scotland and Scots never into England (AMB-7); the Norse to any friendly
  coastal area but England (HotS 4.7): :func:`retreat_areas`; the victor's regroup the
  same, border control aside (AMB-8) unless ``border_control.regroups``: :func:`regroup_to`.
"""

from __future__ import annotations

from typing import Any

from legatus import Context, kit, pieces_at, rules_effect, rules_query, sides_by_space
from legatus.games.hammer_of_the_scots.movement import BORDERS, ENGLAND

NORSE = "norse"


def _limits(ctx: Context) -> dict[str, int]:
    green, red = int(ctx.param("border_limit.green")), int(ctx.param("border_limit.red"))
    return {"green": green, "national-green": green, "red": red, "national-red": red}


def _barred(ctx: Context, location: str, side: str) -> frozenset[str]:
    """AMB-7: Scots never into England; English blocks in England never into Scotland."""
    if side == "scots":
        return frozenset({ENGLAND})
    if location == ENGLAND:
        return frozenset(ctx.definition.board.neighbours(ENGLAND))
    return frozenset()


def _norse_areas(ctx: Context, block: str) -> list[str] | None:
    """HotS 4.7: the Norse retreats or regroups to any friendly coastal area but England."""
    if ctx.definition.pieces[block].type != NORSE:
        return None
    side, occupied = ctx.state["pieces"][block]["side"], sides_by_space(ctx.state)
    coastal = [s for s, space in ctx.definition.board.spaces.items() if "coastal" in space.tags]
    return [
        s for s in kit.retreat.open_spaces(coastal, occupied, side, {"friendly"}) if s != ENGLAND
    ]


def _closed(ctx: Context, side: str, attack: dict[str, Any]) -> set[str]:
    """HotS 5.5 (reference 6.7): the borders closed to ``side``. 4.0
    (``border_control.last_battle_entry``): those whose latest use to enter a battle, this
    battle's or another's this turn, was the enemy's; Player 1 moves first, so one both
    sides used is open to Player 2 only. 3.0 (V-1): those the enemy used to enter this
    battle."""
    enemy = ctx.definition.other_sides(side)[0]
    entered = {s: set(keys) for s, keys in attack["entered"].items()}
    if not ctx.param("border_control.last_battle_entry"):
        return entered.get(enemy, set())
    for found in ctx.state["records"].get("command", {}).get("attacks", {}).values():
        entered.setdefault(found["attacker"], set()).update(found.get("roads", ()))
        entered.setdefault(found["defender"], set()).update(found.get("responses", {}))
    closed = entered.get(enemy, set())
    if side != ctx.state["records"]["player1"]:
        closed = closed - entered.get(side, set())
    return closed


@rules_query(
    "fire_at(block: piece, location: space, attacking: bool) -> int",
    rule="HotS 1.4",
    needs={"home_fire": "int", "schiltroms": "bool"},
)
def fire_at(ctx: Context, block: str, location: str, attacking: bool) -> int:
    """HotS 1.4: a noble defending a home area fires at ``home_fire``; optional schiltroms
    (``schiltroms``): Scottish infantry fire one better where the English have no archers;
    0 leaves the rating."""
    piece = ctx.definition.pieces[block]
    if not attacking and location in piece.homes:
        ctx.fired("HotS 1.4")
        return int(ctx.param("home_fire"))
    if ctx.param("schiltroms") and piece.side == "scots" and piece.type == "infantry":
        pieces = ctx.state["pieces"]
        english = [b for b in pieces_at(ctx.state, location) if pieces[b]["side"] == "english"]
        if not any(ctx.definition.pieces[b].type == "archers" for b in english):
            ctx.fired("HotS sidebar Schiltroms")
            return (piece.attacking.firepower if piece.attacking else 0) + 1
    return 0


@rules_effect(
    "take_hit(block: piece)",
    rule="HotS 5.41",
    needs={
        "switch_strength": "int",
        "edward_i.dies_to_pool": "bool",
        "pillage.turns_nobles": "bool",
        "king.killed_any_way": "bool",
    },
)
def take_hit(ctx: Context, block: str) -> None:
    """HotS 5.41, 5.7, 5.8: the block loses a step; eliminated, it goes where the module says.
    Out of battle (Pillage) a noble turns only with ``pillage.turns_nobles`` (4.0 5.7; 3.0:
    to the pool, V-4) and a king lost wins only with ``king.killed_any_way`` (6.2; 9.1: in
    battle, AMB-12)."""
    kit.fight.hit_logged(ctx, block)
    game, records = ctx.definition, ctx.state["records"]
    in_battle = records.get("battle") is not None
    crosses = [b for b, p in game.pieces.items() if "black-cross" in p.tags]
    if block == "Edward" and records["edward"] == 1 and ctx.param("edward_i.dies_to_pool"):
        crosses.remove(block)
    nobles = [b for b, p in game.pieces.items() if p.counterpart is not None]
    losses = kit.Losses(
        face_up=False,
        for_good=crosses if in_battle else [],
        switch=nobles if in_battle or ctx.param("pillage.turns_nobles") else [],
        switch_strength=int(ctx.param("switch_strength")),
        cite={kit.steps.SWITCHED: "HotS 5.7", kit.steps.KILLED: "HotS 5.8"},
    )
    edward_ii = block == "Edward" and records["edward"] == 2
    outcome = kit.steps.lose_step(ctx, block, losses)
    king = block == "King" or edward_ii
    if outcome in (kit.steps.ELIMINATED, kit.steps.KILLED) and king and not in_battle:
        in_battle = bool(ctx.param("king.killed_any_way"))
    if outcome in (kit.steps.ELIMINATED, kit.steps.KILLED) and king and in_battle:
        records["king_lost"] = game.pieces[block].side
        ctx.fired("HotS 9.1")
    if outcome == kit.steps.KILLED:
        records["dead"] = sorted({*records["dead"], block})
    elif outcome == kit.steps.ELIMINATED and block == "Edward" and records["edward"] == 1:
        records["edward"] = 2
        ctx.log("Edward I is dead: the block is Edward II from now on", event="edward_ii")


@rules_effect("attacker_now(location: space, side: side)", rule="HotS 5.32")
def attacker_now(ctx: Context, location: str, side: str) -> None:
    """HotS 5.32: every defender fell before the defender's reserves arrived: they attack."""
    ctx.log(f"The attacker at {location} is now {ctx.definition.side_name(side)}", event="roles")


@rules_query("newcomers(location: space, blocks: list[piece]) -> list[piece]", rule="HotS 5.7")
def newcomers(ctx: Context, location: str, blocks: list[str]) -> list[str]:
    """HotS 5.7: blocks now in the battle that were not (nobles who changed side in it)."""
    known = set(blocks)
    return sorted(b for b in pieces_at(ctx.state, location) if b not in known)


@rules_query(
    "retreat_areas(location: space, block: piece, attack: any, used: any) -> list[space]",
    rule="HotS 5.5",
    needs={
        "border_limit.green": "int",
        "border_limit.red": "int",
        "border_control.last_battle_entry": "bool",
    },
)
def retreat_areas(
    ctx: Context, location: str, block: str, attack: dict[str, Any], used: dict[str, Any]
) -> list[str]:
    """HotS 5.5: where ``block`` may retreat now (``used``: this round's count by side)."""
    norse = _norse_areas(ctx, block)
    if norse is not None:
        return norse
    side = ctx.state["pieces"][block]["side"]
    return kit.retreat.retreat_destinations(
        ctx.definition.board,
        location,
        side,
        sides_by_space(ctx.state),
        kinds=BORDERS,
        limits=_limits(ctx),
        used=used.get(side, {}),
        closed=_closed(ctx, side, attack),
        barred=_barred(ctx, location, side),
    )


@rules_query(
    "retreat_counted(location: space, block: piece, to: space, used: any) -> any", rule="HotS 5.5"
)
def retreat_counted(
    ctx: Context, location: str, block: str, to: str, used: dict[str, dict[str, int]]
) -> dict[str, dict[str, int]]:
    """This round's retreats with ``block``'s to ``to`` counted (none for the Norse)."""
    if ctx.definition.pieces[block].type == NORSE:
        return used
    side = ctx.state["pieces"][block]["side"]
    return kit.battle.count_crossing(used, side, kit.borders.border_key(location, to))


@rules_query(
    "regroup_to(location: space, block: piece, attack: any) -> list[space]",
    rule="HotS 5.6",
    needs={"border_control.regroups": "bool"},
)
def regroup_to(ctx: Context, location: str, block: str, attack: dict[str, Any]) -> list[str]:
    """HotS 5.6: where a victor's block may regroup, border limits aside (counted by the
    rules file): adjacent friendly or vacant areas, border control aside (AMB-8, 3.0 5.6)
    unless ``border_control.regroups`` (then not across a border closed to it, 5.5)."""
    norse = _norse_areas(ctx, block)
    if norse is not None:
        return norse
    side = ctx.state["pieces"][block]["side"]
    areas = kit.retreat.regroup_destinations(
        ctx.definition.board,
        location,
        side,
        sides_by_space(ctx.state),
        BORDERS,
        barred=_barred(ctx, location, side),
    )
    if not ctx.param("border_control.regroups"):
        return areas
    closed = _closed(ctx, side, attack)
    return [to for to in areas if kit.borders.border_key(location, to) not in closed]


@rules_effect("cannot_retreat(location: space, block: piece)", rule="HotS 5.8")
def cannot_retreat(ctx: Context, location: str, block: str) -> None:
    """HotS 5.3, 5.8: a block that must retreat and cannot is eliminated (a noble changes
    side, AMB-10; a black-cross block is gone for good)."""
    ctx.log(f"{block} must retreat from {location} and cannot", block=block)
    unit = ctx.state["pieces"][block]
    while unit["at"] == location and unit["side"] == ctx.definition.pieces[block].side:
        take_hit(ctx, block)
