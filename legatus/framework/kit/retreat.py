"""Leaving a battle: retreats and regroups, as the Columbia block games share them.

A block retreats (on its battle turn, or all of a side's at once) to an adjacent area
its side may enter: friendly or vacant, never enemy or contested (Julius Caesar 7.61;
Hammer of the Scots 5.5), across a border whose limit by kind (the border kit's) is not
reached by its side this round. The games differ in which borders are closed to a side,
and say it with three parameters of :func:`retreat_destinations`:

- ``closed``: borders the side may not retreat across (Julius Caesar 7.63: a defender
  never along a border the attacker used to enter the battle; Hammer of the Scots 5.5:
  the borders whose latest use to enter the battle was the enemy's);
- ``own_border_only`` and ``own_borders``: the areas (by status) a side may enter only
  along a border it used itself (Julius Caesar 7.62: an attacker to a vacant area only
  along a border its side came by; a friendly one along any);
- ``open_to``: the statuses a retreat may enter (friendly and vacant in both games);
- ``barred``: areas the side may never retreat or regroup into, whatever their status
  (Hammer of the Scots, AMB-7: English blocks not into Scotland, Scots not into England).

A sea-going block class has its own rules: the game gives them as the candidates and the
statuses (:func:`open_spaces`: Hammer of the Scots' Norse to any friendly coastal area),
or as a move through a sea to a port on it (:func:`via_sea`: Julius Caesar 7.64, a land
block retreating through a friendly sea to a friendly port). The victor's **regroup**
(Julius Caesar 7.7, Hammer of the Scots 5.6) goes to an adjacent friendly or vacant area
(:func:`regroup_destinations`), its border limits counted over the whole regroup by
the caller.

>>> area_status({"Ford": {"red"}}, "Ford", "red"), area_status({}, "Ford", "red")
('friendly', 'vacant')
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from legatus.framework.kit.borders import border_key, border_limit
from legatus.framework.model.board import Board

FRIENDLY, VACANT, ENEMY, CONTESTED = "friendly", "vacant", "enemy", "contested"
#: Where a block may retreat or regroup to in both games: friendly or vacant areas.
FRIENDLY_OR_VACANT = frozenset({FRIENDLY, VACANT})

#: Space -> the sides with blocks there (``legatus.framework.engine.state.sides_by_space``).
Occupied = Mapping[str, Collection[str]]


def area_status(occupied: Occupied, space: str, side: str) -> str:
    """An area's status for ``side``: ``vacant`` (no block), ``contested`` (two sides),
    ``friendly`` (only the side's) or ``enemy`` (only another's)."""
    sides = occupied.get(space)
    if not sides:
        return VACANT
    if len(sides) > 1:
        return CONTESTED
    return FRIENDLY if side in sides else ENEMY


def open_spaces(
    candidates: Iterable[str], occupied: Occupied, side: str, open_to: Collection[str]
) -> list[str]:
    """Those of ``candidates`` whose status for ``side`` is one of ``open_to``, sorted."""
    return sorted(s for s in candidates if area_status(occupied, s, side) in open_to)


def retreat_destinations(
    board: Board,
    location: str,
    side: str,
    occupied: Occupied,
    *,
    kinds: Collection[str],
    limits: Mapping[str, int],
    used: Mapping[str, int],
    open_to: Collection[str] = FRIENDLY_OR_VACANT,
    closed: Collection[str] = frozenset(),
    own_border_only: Collection[str] = frozenset(),
    own_borders: Collection[str] = frozenset(),
    barred: Collection[str] = frozenset(),
) -> list[str]:
    """The adjacent areas a block of ``side`` may retreat to from ``location``, sorted.

    Across a connection of ``kinds``, into an area whose status is one of ``open_to``,
    not across a ``closed`` border (a :func:`~legatus.framework.kit.borders.border_key`),
    into an area of an ``own_border_only`` status only across one of ``own_borders``, and
    while the side's count across that border this round (``used``, by border key) is
    below its limit (``limits`` by connection kind; a kind without one allows none);
    never into a ``barred`` area.
    """
    found: list[str] = []
    for space in sorted(board.neighbours(location, kinds)):
        status = area_status(occupied, space, side)
        if status not in open_to or space in barred:
            continue
        key = border_key(location, space)
        if key in closed or (status in own_border_only and key not in own_borders):
            continue
        if used.get(key, 0) < border_limit(board, location, space, limits):
            found.append(space)
    return found


def via_sea(
    board: Board,
    location: str,
    side: str,
    occupied: Occupied,
    *,
    sea: str,
    land: str,
    through: Collection[str] = frozenset({FRIENDLY}),
    to: Collection[str] = frozenset({FRIENDLY}),
) -> list[tuple[str, str]]:
    """The retreats by sea from ``location``: ``(sea area, port)`` through an adjacent
    area of category ``sea`` whose status is one of ``through``, to another area of
    category ``land`` on that sea whose status is one of ``to`` (Julius Caesar 7.64:
    through a friendly sea to a friendly port); sorted by sea, then port."""
    routes: list[tuple[str, str]] = []
    for water in sorted(board.adjacent_of_category(location, sea)):
        if area_status(occupied, water, side) not in through:
            continue
        for port in sorted(board.adjacent_of_category(water, land)):
            if port != location and area_status(occupied, port, side) in to:
                routes.append((water, port))
    return routes


def regroup_destinations(
    board: Board,
    location: str,
    side: str,
    occupied: Occupied,
    kinds: Collection[str],
    open_to: Collection[str] = FRIENDLY_OR_VACANT,
    barred: Collection[str] = frozenset(),
) -> list[str]:
    """Where the victor's blocks may regroup from ``location``, border limits aside: the
    areas one connection of ``kinds`` away whose status is one of ``open_to``, not
    ``barred``, sorted."""
    near = board.neighbours(location, kinds)
    return open_spaces(near - set(barred) if barred else near, occupied, side, open_to)
