"""Leaving a battle: retreats (JC 7.6-7.64, 7.82) and regroups (JC 7.7, 7.83).

A route is the path of spaces a block takes, without the battle's location:
one space along a road, a sea or a port, or ``(sea, port)`` for a land block
retreating by sea (JC 7.64). Actions carry it after the block:
``retreat(Legio 7, Narbo)``, ``retreat(Legio 7, Mare Hispanum, Massilia)``,
``regroup(Legio 7, Narbo)``.

Retreats (land blocks):

- never into an enemy or contested location (JC 7.61);
- road limits per side per battle round: ``road_limit.major`` /
  ``road_limit.minor`` (JC 6.11, 7.61), ``retreat_limit.strait`` across a
  strait (JC 7.61);
- attackers: to an adjacent friendly city along any road, or to an adjacent
  vacant city along a road their side used to attack or reinforce the battle
  (JC 7.62);
- defenders: to an adjacent friendly or vacant city, never along a road the
  attacker used to enter the battle (JC 7.63);
- by sea from a port, ``retreat_limit.sea`` block(s) per side per round:
  through one adjacent friendly sea to a friendly port on that sea (JC 7.64).

Navis (JC 7.82), with no road limits: attackers back to where they came from
while it is friendly or vacant, to a friendly adjacent sea, or (from a naval
battle) to a friendly port on the battle's sea; defenders to a friendly
adjacent sea, a vacant adjacent sea the attacker did not come from, or (from
a naval battle) a friendly port on the battle's sea. "The same sea" names the
sea of a naval battle; navis in a port battle retreat to a sea (assumption:
a port-to-port retreat would be two navis moves, JC 6.2).

The land rules are the kit's (:mod:`legatus.framework.kit.retreat`) with this
game's parameters: friendly or vacant cities, the road limits by kind, an
attacker to a vacant city only along its side's roads, a defender never along
the attacker's, by sea through a friendly sea to a friendly port; the navis
rules are this game's own.

Regroups (JC 7.7): the winner's blocks, reserves included, move to adjacent
friendly or vacant locations, with the road limits of JC 6.11 counted over
the whole regroup (``road_limit.major``/``minor``/``strait``), never by sea.
Navis regroup (JC 7.83) to an adjacent friendly or vacant sea, or from a
naval battle to a friendly or vacant port on that sea. The regroup is the
procedure ``regroup`` of ``julius_caesar.rules``; :func:`regroup_destinations`
and :func:`regroup_block` are its query and effect.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from legatus import Context, State, kit, piece, rules_effect, rules_query
from legatus.games.julius_caesar.effects import NAVIS
from legatus.games.julius_caesar.model import occupants

LAND_ROADS = ("major", "minor", "strait")
#: The statuses an attacker may retreat to only along a road its side used (JC 7.62).
ATTACKER_VACANT = frozenset({kit.retreat.VACANT})
#: The counter key of retreats by sea (JC 7.64), next to road keys.
SEA_RETREAT = "sea"

Occupied = Mapping[str, Collection[str]]
Route = tuple[str, ...]


@dataclass(frozen=True)
class Ground:
    """What a retreat depends on: where the battle is, who attacks, how they came.

    ``entered`` maps a side to the road keys (roads and sea borders) its
    blocks used to enter the battle; ``origins`` maps a block to the space it
    entered from, where known (navis retreat there, JC 7.82).
    """

    location: str
    attacker: str
    entered: Mapping[str, frozenset[str]]
    origins: Mapping[str, str]


def _status(occupied: Occupied, space: str, side: str) -> str:
    return kit.area_status(occupied, space, side)


def _other_end(key: str, space: str) -> str | None:
    a, _, b = key.partition("|")
    if a == space:
        return b
    if b == space:
        return a
    return None


def _retreat_limits(ctx: Context) -> dict[str, int]:
    """The blocks per side that may retreat across a border in a battle round, by its
    kind (JC 7.61: the road limits of JC 6.11, a strait its own)."""
    return {
        "major": int(ctx.param("road_limit.major")),
        "minor": int(ctx.param("road_limit.minor")),
        "strait": int(ctx.param("retreat_limit.strait")),
    }


def is_navis(ctx: Context, block: str) -> bool:
    return ctx.definition.pieces[block].type == NAVIS


def is_sea(ctx: Context, space: str) -> bool:
    board = ctx.definition.board
    return board.space_kinds[board.spaces[space].kind] == "sea"


def retreat_routes(
    ctx: Context, ground: Ground, block: str, used: Mapping[str, int], occupied: Occupied
) -> list[Route]:
    """Every legal retreat of ``block`` now (JC 7.6-7.64, 7.82); ``used`` counts
    this round's retreats of the block's side by road key and ``sea``."""
    side = piece(ctx.state, block).side
    if is_navis(ctx, block):
        return _navis_retreats(ctx, ground, block, side, occupied)
    return _land_retreats(ctx, ground, side, used, occupied)


def _land_retreats(
    ctx: Context, ground: Ground, side: str, used: Mapping[str, int], occupied: Occupied
) -> list[Route]:
    """A land block's retreats (JC 7.61-7.64), by the kit's rules of retreat: to a friendly
    or vacant city within this round's road limits; an attacker to a vacant one only along
    a road its side used (JC 7.62), a defender never along one the attacker used (JC 7.63);
    by sea through a friendly sea to a friendly port, ``retreat_limit.sea`` a round."""
    board = ctx.definition.board
    here = ground.location
    attacking = side == ground.attacker
    nowhere: frozenset[str] = frozenset()
    routes: list[Route] = [
        (city,)
        for city in kit.retreat_destinations(
            board,
            here,
            side,
            occupied,
            kinds=LAND_ROADS,
            limits=_retreat_limits(ctx),
            used=used,
            closed=nowhere if attacking else ground.entered.get(ground.attacker, nowhere),
            own_border_only=ATTACKER_VACANT if attacking else nowhere,
            own_borders=ground.entered.get(side, nowhere) if attacking else nowhere,
        )
    ]
    if used.get(SEA_RETREAT, 0) < int(ctx.param("retreat_limit.sea")):
        routes.extend(kit.via_sea(board, here, side, occupied, sea="sea", land="land"))  # JC 7.64
    return routes


def _navis_retreats(
    ctx: Context, ground: Ground, block: str, side: str, occupied: Occupied
) -> list[Route]:
    board = ctx.definition.board
    here = ground.location
    seas = board.adjacent_of_category(here, "sea")
    near = board.neighbours(here, "sea")
    found: set[str] = set()
    if side == ground.attacker:
        origin = ground.origins.get(block)
        came_from = (
            {origin}
            if origin is not None
            else {_other_end(k, here) or "" for k in ground.entered.get(side, ())}
        )
        for space in came_from & near:
            if _status(occupied, space, side) in ("friendly", "vacant"):
                found.add(space)
        found.update(s for s in seas if _status(occupied, s, side) == "friendly")
    else:
        attacker_from = _attacker_sources(ground)
        for sea in seas:
            state = _status(occupied, sea, side)
            if state == "friendly" or (state == "vacant" and sea not in attacker_from):
                found.add(sea)
    if is_sea(ctx, here):
        found.update(
            p
            for p in board.adjacent_of_category(here, "land")
            if _status(occupied, p, side) == "friendly"
        )
    navis_spaces = ctx.definition.piece_types[NAVIS].stands_on
    kinds = board.space_kinds
    return [
        (space,)
        for space in sorted(found)
        if board.spaces[space].kind in navis_spaces
        or kinds[board.spaces[space].kind] in navis_spaces
    ]


def _attacker_sources(ground: Ground) -> set[str]:
    """Where the attacker's blocks came from (the seas a defending navis may not use)."""
    sources = {
        end
        for key in ground.entered.get(ground.attacker, ())
        if (end := _other_end(key, ground.location)) is not None
    }
    return sources


# -- regroups ------------------------------------------------------------------
# The regroup itself is the procedure ``regroup`` of julius_caesar.rules (JC 7.7, 7.83):
# its loop, its decision and the road limits, counted over the whole regroup with the
# kit's ``border_limit`` and ``crossed``. These are the two things it asks of Python.


@rules_query(
    "regroup_destinations(location: space, block: piece) -> list[space]", rule="JC 7.7, 7.83"
)
def regroup_destinations(ctx: Context, location: str, block: str) -> list[str]:
    """Where ``block`` may regroup from ``location``, road limits aside (JC 7.7, 7.83):
    an adjacent friendly or vacant city along a road or strait, never by sea; a navis
    to an adjacent friendly or vacant sea, or from a naval battle to a friendly or
    vacant port on that sea."""
    board = ctx.definition.board
    occupied = occupants(ctx.state)
    side = piece(ctx.state, block).side
    open_to = kit.retreat.FRIENDLY_OR_VACANT
    if is_navis(ctx, block):
        found = kit.open_spaces(
            board.adjacent_of_category(location, "sea"), occupied, side, open_to
        )
        if is_sea(ctx, location):
            ports = board.adjacent_of_category(location, "land")
            found = sorted({*found, *kit.open_spaces(ports, occupied, side, open_to)})
        return found
    return kit.regroup_destinations(board, location, side, occupied, LAND_ROADS, open_to)


def move_block(state: State, block: str, to: str) -> None:
    piece(state, block).at = to


@rules_effect("regroup_block(side: side, location: space, block: piece, to: space)", rule="JC 7.7")
def regroup_block(ctx: Context, side: str, location: str, block: str, to: str) -> None:
    """Move a block of the victor out of the battle's location (JC 7.7). Regrouped
    blocks are hidden again (the battle is over), so the enemy's log names how many
    blocks went where, not which."""
    move_block(ctx.state, block, to)
    name = ctx.definition.side_name(side)
    ctx.log(f"{name} regroups {block}: {location} -> {to}", to=[side], block=block, at=to)
    ctx.log(
        f"{name} regroups a block: {location} -> {to}",
        to=[s for s in ctx.definition.side_ids if s != side],
        event="regroup",
        at=to,
    )
