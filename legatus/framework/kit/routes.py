"""Leaving a battle by the battle's ground: sea-going blocks' retreats, regroups.

What a retreat depends on besides the map is the battle's **ground** (:class:`Ground`):
where it is fought, who attacks, the borders each side's blocks used to enter it and, where
known, the area each block came from. The land blocks' rules are
:func:`~legatus.framework.kit.retreat.retreat_destinations` with the borders the ground
closes; this module adds the rules of a sea-going block class, which crosses no road and
counts against no border limit (Julius Caesar 7.82):

- an attacker back to the area it came from while that is friendly or vacant, or to a
  friendly sea next to the battle;
- a defender to a friendly sea next to the battle, or a vacant one the attacker did not
  come from;
- from a battle at sea, also to a friendly port on that sea;

and the victor's **regroup** (:func:`regroup_areas`; Julius Caesar 7.7, 7.83; Hammer of
the Scots 5.6): a land block to an adjacent friendly or vacant area across the given
connection kinds, a sea-going one to an adjacent friendly or vacant sea, or from a battle
at sea to a friendly or vacant port on it (Hammer of the Scots 4.7's sea-going block regroups
to any friendly coastal area: :func:`~legatus.framework.kit.retreat.open_spaces` over the coast).
:func:`regroup_block` moves one, telling the enemy where a block went, not which.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from legatus.framework.engine.core import Context
from legatus.framework.kit.movement import Occupancy, place
from legatus.framework.kit.retreat import (
    FRIENDLY,
    FRIENDLY_OR_VACANT,
    VACANT,
    Occupied,
    area_status,
    open_spaces,
    regroup_destinations,
)
from legatus.framework.model.board import Board
from legatus.framework.rules.registry import rules_effect, rules_query


@dataclass(frozen=True)
class Ground:
    """Where a battle is, who attacks, how they came: ``entered`` maps a side to the border
    keys its blocks used to enter the battle; ``origins`` maps a block to the area it
    entered from, where known."""

    location: str
    attacker: str
    entered: Mapping[str, frozenset[str]]
    origins: Mapping[str, str]


def other_end(key: str, space: str) -> str | None:
    """The area a border key (``A|B``) leads to from ``space``; None if not one of its ends.

    >>> other_end("Ford|Hill", "Hill"), other_end("Ford|Hill", "Bay")
    ('Ford', None)
    """
    a, _, b = key.partition("|")
    return b if a == space else a if b == space else None


def _ends(ground: Ground, side: str) -> set[str]:
    """The areas ``side``'s blocks came from into the battle, by its borders."""
    ends = (other_end(key, ground.location) for key in ground.entered.get(side, ()))
    return {end for end in ends if end is not None}


def sea_going_retreats(
    board: Board,
    ground: Ground,
    block: str,
    side: str,
    occupied: Occupied,
    *,
    sea: str,
    land: str,
    border: str,
    stands_on: Collection[str],
) -> list[str]:
    """Where a sea-going ``block`` of ``side`` may retreat from the battle (see the
    module's docstring), sorted: seas are areas of category ``sea``, ports those of
    ``land``, ``border`` the connection kind the block came by; only areas of a kind or
    category in ``stands_on``."""
    here = ground.location
    seas = board.adjacent_of_category(here, sea)
    found: set[str] = set()
    if side == ground.attacker:
        origin = ground.origins.get(block)
        came = {origin} if origin is not None else _ends(ground, side)
        near = came & board.neighbours(here, border)
        found.update(s for s in near if area_status(occupied, s, side) in FRIENDLY_OR_VACANT)
        found.update(s for s in seas if area_status(occupied, s, side) == FRIENDLY)
    else:
        barred = _ends(ground, ground.attacker)
        for water in seas:
            status = area_status(occupied, water, side)
            if status == FRIENDLY or (status == VACANT and water not in barred):
                found.add(water)
    if board.spaces[here].category == sea:
        found.update(
            open_spaces(board.adjacent_of_category(here, land), occupied, side, {FRIENDLY})
        )
    return [
        s
        for s in sorted(found)
        if board.spaces[s].kind in stands_on or board.spaces[s].category in stands_on
    ]


@rules_query(
    "regroup_areas(location: space, block: piece, kinds: list[connection_kind], "
    "sea_going: list[str], sea: str, land: str, barred: list[space]?) -> list[space]"
)
def regroup_areas(
    ctx: Context,
    location: str,
    block: str,
    kinds: list[str],
    sea_going: list[str],
    sea: str,
    land: str,
    barred: list[str] | None = None,
) -> list[str]:
    """Where ``block`` may regroup from ``location``, border limits aside: a block of a
    ``sea_going`` type to an adjacent friendly or vacant area of category ``sea``, or from
    a battle at sea to one of ``land`` on it; any other across ``kinds``; never into a
    ``barred`` area (Hammer of the Scots: the English not into Scotland)."""
    board = ctx.definition.board
    occupied = Occupancy.of(ctx.state["pieces"]).sides_by_space()
    side = ctx.state["pieces"][block]["side"]
    if ctx.definition.pieces[block].type not in sea_going:
        return regroup_destinations(board, location, side, occupied, kinds, barred=barred or ())
    found = set(
        open_spaces(board.adjacent_of_category(location, sea), occupied, side, FRIENDLY_OR_VACANT)
    )
    if board.spaces[location].category == sea:
        ports = board.adjacent_of_category(location, land)
        found.update(open_spaces(ports, occupied, side, FRIENDLY_OR_VACANT))
    return sorted(found)


@rules_effect("regroup_block(side: side, location: space, block: piece, to: space)")
def regroup_block(ctx: Context, side: str, location: str, block: str, to: str) -> None:
    """Move a block of the victor out of the battle's location. Regrouped blocks stand
    hidden again, so the other sides read how many blocks went where, not which."""
    place(ctx.state["pieces"], block, to)
    does = ctx.definition.side_does
    ctx.log(does(side, f"regroups {block}: {location} -> {to}"), to=[side], block=block, at=to)
    ctx.log(
        does(side, f"regroups a block: {location} -> {to}"),
        to=[s for s in ctx.definition.side_ids if s != side],
        event="regroup",
        at=to,
    )
