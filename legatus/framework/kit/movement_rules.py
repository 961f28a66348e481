"""The kit's group moves and attack record as typed queries a rules file calls.

A game that moves its blocks on the kit calls :func:`register_movement` from its
plugin's ``register_rules`` with a factory making its :class:`~.movement.GroupMoves`
for a side and a mode (the mode a rules file names: a card's moves, an event's), and
where the turn's public record lies in its state. A rules file then writes, for
instance (Julius Caesar's ``move_group``)::

    while open and count(group_movers(side, origin, mode)) > 0:
      decide move by side:
        option move(block: piece from group_movers(side, origin, mode),
                    path: list[space] from block_routes(side, origin, mode, block)):
          ...

Every query of one decision shares one :class:`~.movement.GroupMoves` and what it
found (``ctx.memo``, cleared whenever an effect changes the state). The effects that
move a block stay the game's (they log in its words and record what it keeps besides);
they call :func:`~.movement.count_crossings` and
:func:`~legatus.framework.kit.engagement.note_engagement`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING, TypeVar

from legatus.framework.engine.core import Context
from legatus.framework.engine.state import State
from legatus.framework.kit import engagement
from legatus.framework.kit.movement import GroupMoves, Path

if TYPE_CHECKING:
    from legatus.framework.rules.registry import RuleRegistry

T = TypeVar("T")

#: Makes the group moves of ``side`` in ``mode`` as the state stands: ``(ctx, side, mode)``.
MovesFactory = Callable[[Context, str, str], GroupMoves]


def memo(ctx: Context, key: tuple[str, ...], make: Callable[[], T]) -> T:
    """What ``make`` gives, made once for all the queries of one decision (``ctx.memo``)."""
    if key in ctx.memo:
        found: T = ctx.memo[key]
        return found
    made = make()
    ctx.memo[key] = made
    return made


def register_movement(
    registry: RuleRegistry,
    moves: MovesFactory,
    *,
    record: Callable[[State], engagement.Record],
    sea_mode: str,
    unreserved: Callable[[Context], Collection[str]] = lambda ctx: (),
    rules: Mapping[str, str] | None = None,
    needs: Mapping[str, str] | None = None,
) -> None:
    """Register the group moves' queries for a game's rules files.

    ``moves`` makes a side's :class:`~.movement.GroupMoves` in a mode; ``record`` finds
    the turn's public record (:mod:`~legatus.framework.kit.engagement`) in a state;
    ``sea_mode`` is the mode whose settings the sea moves read; ``unreserved`` gives the
    borders of this turn's attacks that never bring reserves
    (:func:`~legatus.framework.kit.engagement.main_choices`). ``rules`` gives each
    query's citation in the game's rulebook, by name; ``needs`` the rules parameters the
    ``moves`` factory reads.
    """
    cite = dict(rules or {})

    def movement(ctx: Context, side: str, mode: str) -> GroupMoves:
        return memo(ctx, ("movement", side, mode), lambda: moves(ctx, side, mode))

    def group_paths(ctx: Context, side: str, origin: str, mode: str) -> dict[str, list[Path]]:
        # Asked once per block a decision lists: what :func:`memo` does, with no closure made
        # when found.
        key = ("group", side, origin, mode)
        found: dict[str, list[Path]] | None = ctx.memo.get(key)
        if found is None:
            found = ctx.memo[key] = movement(ctx, side, mode).group_paths(origin)
        return found

    def sea_movers(ctx: Context, side: str) -> dict[str, list[Path]]:
        return memo(ctx, ("sailors", side), lambda: movement(ctx, side, sea_mode).sea_movers())

    def group_origins(ctx: Context, side: str, mode: str) -> list[str]:
        """The locations whose blocks could move now as a group."""
        key = ("origins", side, mode)
        return memo(ctx, key, lambda: movement(ctx, side, mode).group_origins())

    def group_movers(ctx: Context, side: str, origin: str, mode: str) -> list[str]:
        """The blocks of the group at ``origin`` that may still move."""
        return list(group_paths(ctx, side, origin, mode))

    def block_routes(
        ctx: Context, side: str, origin: str, mode: str, block: str
    ) -> list[list[str]]:
        """Every legal path of ``block`` from ``origin``, origin first, in the order a
        decision lists them (the search finds them so: registered ``text_order``)."""
        return [list(path) for path in group_paths(ctx, side, origin, mode).get(block, [])]

    def sailors(ctx: Context, side: str) -> list[str]:
        """The side's land blocks that may move by sea now."""
        return list(sea_movers(ctx, side))

    def sea_routes(ctx: Context, side: str, block: str) -> list[list[str]]:
        """Every sea move of ``block``: its port, the seas crossed, the port reached, in
        the order a decision lists them (:meth:`~.movement.GroupMoves.sea_routes` finds
        them so: registered ``text_order``)."""
        at = movement(ctx, side, sea_mode).position.pieces[block]["at"]
        return [[at, *route] for route in sea_movers(ctx, side).get(block, [])]

    def open_mains(ctx: Context, side: str) -> list[str]:
        """The locations ``side`` attacked across two or more borders whose main attack it
        has not named."""
        return engagement.open_mains(record(ctx.state), side, unreserved(ctx))

    def main_origins(ctx: Context, side: str, location: str) -> list[str]:
        """The spaces the main attack on ``location`` may come from."""
        found = engagement.attack(record(ctx.state), location)
        if found is None:
            return []
        keys = engagement.main_choices(found, unreserved(ctx))
        return [found["origins"][key] for key in keys]

    q = registry.add_query
    spaces, blocks, paths = "list[space]", "list[piece]", "list[list[space]]"
    move = {"side": "side", "origin": "space", "mode": "str"}
    for name, function, returns, params, needed in (
        ("group_origins", group_origins, spaces, {"side": "side", "mode": "str"}, needs),
        ("group_movers", group_movers, blocks, move, needs),
        ("block_routes", block_routes, paths, {**move, "block": "piece"}, needs),
        ("sailors", sailors, blocks, {"side": "side"}, needs),
        ("sea_routes", sea_routes, paths, {"side": "side", "block": "piece"}, needs),
        ("open_mains", open_mains, spaces, {"side": "side"}, None),
        ("main_origins", main_origins, spaces, {"side": "side", "location": "space"}, None),
    ):
        q(
            name,
            function,
            returns=returns,
            params=params,
            rule=cite.get(name, ""),
            needs=needed,
            text_order=name in ("block_routes", "sea_routes"),
        )
