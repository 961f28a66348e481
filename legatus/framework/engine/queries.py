"""Generic queries and effects over the engine's state layout.

They know no game, only the fixed layout of :mod:`legatus.framework.engine.state`,
so every game's rules may use them. Registered functions receive the
:class:`~legatus.framework.engine.core.Context` as their first argument.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from legatus.framework.engine.core import Context
from legatus.framework.engine.state import pieces_at as _pieces_at

if TYPE_CHECKING:
    from legatus.framework.rules.registry import RuleRegistry


def option(ctx: Context, name: str) -> bool:
    """Whether the game was started with a scenario option."""
    return name in ctx.state["options"]


def pieces_at(ctx: Context, space: str) -> list[str]:
    """The pieces standing at a space (all sides), sorted."""
    return _pieces_at(ctx.state, space)


def side_pieces_at(ctx: Context, side: str, space: str) -> list[str]:
    """One side's pieces at a space, sorted."""
    return _pieces_at(ctx.state, space, side)


def location(ctx: Context, piece: str) -> str:
    """Where a piece is: a space id, ``pool`` or ``out``."""
    at: str = ctx.state["pieces"][piece]["at"]
    return at


def owner(ctx: Context, piece: str) -> str:
    side: str = ctx.state["pieces"][piece]["side"]
    return side


def strength(ctx: Context, piece: str) -> int:
    value: int = ctx.state["pieces"][piece]["strength"]
    return value


def type_of(ctx: Context, piece: str) -> str:
    return ctx.definition.pieces[piece].type


def has_flag(ctx: Context, piece: str, flag: str) -> bool:
    return flag in ctx.state["pieces"][piece]["flags"]


def sides(ctx: Context) -> list[str]:
    """Every side, in the order the game's manifest lists them."""
    return list(ctx.definition.side_ids)


def other_sides(ctx: Context, side: str) -> list[str]:
    return [s for s in ctx.definition.side_ids if s != side]


def kind_of(ctx: Context, space: str) -> str:
    return ctx.definition.board.spaces[space].kind


def category_of(ctx: Context, space: str) -> str:
    return ctx.definition.board.spaces[space].category


def neighbours(ctx: Context, space: str) -> list[str]:
    return sorted(ctx.definition.board.neighbours(space))


def register_engine_queries(registry: RuleRegistry) -> None:
    q = registry.add_query
    q("option", option, returns="bool", params={"name": "str"}, rule="")
    q("pieces_at", pieces_at, returns="list[piece]", params={"space": "space"})
    q(
        "side_pieces_at",
        side_pieces_at,
        returns="list[piece]",
        params={"side": "side", "space": "space"},
    )
    q("location", location, returns="space", params={"piece": "piece"})
    q("owner", owner, returns="side", params={"piece": "piece"})
    q("strength", strength, returns="int", params={"piece": "piece"})
    q("type_of", type_of, returns="piece_type", params={"piece": "piece"})
    q("has_flag", has_flag, returns="bool", params={"piece": "piece", "flag": "str"})
    q("sides", sides, returns="list[side]")
    q("other_sides", other_sides, returns="list[side]", params={"side": "side"})
    q("kind_of", kind_of, returns="space_kind", params={"space": "space"})
    q("category_of", category_of, returns="space_category", params={"space": "space"})
    q("neighbours", neighbours, returns="list[space]", params={"space": "space"})
