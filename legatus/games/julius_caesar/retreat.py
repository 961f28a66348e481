"""Leaving a battle: Julius Caesar's retreat routes (JC 7.6-7.64, 7.82).

A route is the path of spaces a block takes, without the battle's location: one space
along a road, a sea or a port, or ``(sea, port)`` for a land block retreating by sea (JC
7.64): ``retreat(Legio 7, Narbo)``, ``retreat(Legio 7, Mare Hispanum, Massilia)``.

Land blocks retreat by the kit's rules (:func:`legatus.framework.kit.retreat_destinations`)
with this game's: never into an enemy or contested location (JC 7.61); within the road
limits per side per round, ``retreat_limit.strait`` across a strait (JC 6.11, 7.61); an
attacker to a friendly city along any road, to a vacant one only along a road its side
used to attack or reinforce (JC 7.62); a defender to a friendly or vacant city, never
along a road the attacker used (JC 7.63); by sea from a port through a friendly sea to a
friendly port, ``retreat_limit.sea`` a round (JC 7.64). Navis are the kit's sea-going
blocks (:func:`legatus.framework.kit.routes.sea_going_retreats`, JC 7.82), with no road
limits; in a port battle they retreat to a sea (a port-to-port retreat would be two navis
moves, JC 6.2). The regroup (JC 7.7, 7.83) is the rules file's ``regroup``, on the kit's
``regroup_areas`` and ``regroup_block``.
"""

from __future__ import annotations

from collections.abc import Mapping

from legatus import Context, State, kit, piece
from legatus.games.julius_caesar.effects import NAVIS

LAND_ROADS = ("major", "minor", "strait")
#: The counter key of retreats by sea (JC 7.64), next to road keys.
SEA_RETREAT = "sea"
Ground = kit.routes.Ground
Route = tuple[str, ...]


def is_navis(ctx: Context, block: str) -> bool:
    return ctx.definition.pieces[block].type == NAVIS


def is_sea(ctx: Context, space: str) -> bool:
    return bool(ctx.definition.board.spaces[space].category == "sea")


def move_block(state: State, block: str, to: str) -> None:
    piece(state, block).at = to


def retreat_routes(
    ctx: Context,
    ground: Ground,
    block: str,
    used: Mapping[str, int],
    occupied: kit.retreat.Occupied,
) -> list[Route]:
    """Every legal retreat of ``block`` now (JC 7.6-7.64, 7.82); ``used`` counts this
    round's retreats of the block's side by road key and ``sea``."""
    board, here = ctx.definition.board, ground.location
    side = piece(ctx.state, block).side
    if is_navis(ctx, block):
        stands_on = ctx.definition.piece_types[NAVIS].stands_on
        found = kit.routes.sea_going_retreats(
            board,
            ground,
            block,
            side,
            occupied,
            sea="sea",
            land="land",
            border="sea",
            stands_on=stands_on,
        )
        return [(space,) for space in found]
    attacking = side == ground.attacker
    nowhere: frozenset[str] = frozenset()
    limits = {
        "major": int(ctx.param("road_limit.major")),
        "minor": int(ctx.param("road_limit.minor")),
        "strait": int(ctx.param("retreat_limit.strait")),
    }
    routes: list[Route] = [
        (city,)
        for city in kit.retreat_destinations(
            board,
            here,
            side,
            occupied,
            kinds=LAND_ROADS,
            limits=limits,
            used=used,
            closed=nowhere if attacking else ground.entered.get(ground.attacker, nowhere),
            own_border_only=frozenset({kit.retreat.VACANT}) if attacking else nowhere,
            own_borders=ground.entered.get(side, nowhere) if attacking else nowhere,
        )
    ]
    if used.get(SEA_RETREAT, 0) < int(ctx.param("retreat_limit.sea")):
        routes.extend(kit.via_sea(board, here, side, occupied, sea="sea", land="land"))  # JC 7.64
    return routes
