"""Blocks held face up in their pool: out of every draw for a while, still counted.

A Columbia block game may set a block aside in its side's draw pool face up, for the enemy
to see: the pool's size still counts it (a levy of half the pool), but no blind draw takes
it until the hold ends. Hammer of the Scots' tournament bid E1-E3 (reference 13) holds the
English king so for one to three years. The hold is the block's attribute ``held``, the
periods left (years there), which the rules file counts down with :func:`hold_passes` where
a period ends; a draw leaves out :func:`held_in_pool`. Face up is the flag the game's
visibility declarations read as showing the block (``revealed_by``), an argument.
"""

from __future__ import annotations

from legatus.framework.engine.core import Context, EngineError
from legatus.framework.engine.state import own_piece, set_flag
from legatus.framework.rules.registry import rules_effect, rules_query

#: The piece attribute counting the periods a block is still held.
HELD = "held"
POOL = "pool"


@rules_effect("hold_in_pool(block: piece, periods: int, face_up: str)")
def hold_in_pool(ctx: Context, block: str, periods: int, face_up: str) -> None:
    """``block``, in its pool, turned face up (flag ``face_up``) and held out of every draw
    for ``periods`` periods."""
    entry = own_piece(ctx.state, block)
    if entry["at"] != POOL:
        raise EngineError(f"{block} is not in its pool: it cannot be held there")
    entry.setdefault("attrs", {})[HELD] = periods
    set_flag(ctx.state, block, face_up)
    ctx.log(
        f"{block} is held face up in the pool for {periods} period(s)", event="held", block=block
    )


@rules_query("held_in_pool(side: side) -> list[piece]")
def held_in_pool(ctx: Context, side: str) -> list[str]:
    """The side's blocks held in its pool: what its draws leave out (its count does not)."""
    pieces = ctx.state["pieces"]
    return [
        b
        for b in ctx.definition.pieces
        if pieces[b]["side"] == side
        and pieces[b]["at"] == POOL
        and HELD in pieces[b].get("attrs", ())
    ]


@rules_effect("hold_passes(side: side, face_up: str)")
def hold_passes(ctx: Context, side: str, face_up: str) -> None:
    """A period ends: each of the side's held blocks is held one period less; one held no
    more turns face down (flag ``face_up`` off), to be drawn like the others."""
    pieces = ctx.state["pieces"]
    for block in ctx.definition.pieces:
        if pieces[block]["side"] != side or HELD not in pieces[block].get("attrs", ()):
            continue
        entry = own_piece(ctx.state, block)
        attrs = entry["attrs"]
        attrs[HELD] -= 1
        if attrs[HELD] <= 0:
            del attrs[HELD]
            if not attrs:
                del entry["attrs"]
            set_flag(ctx.state, block, face_up, False)
            ctx.log(f"{block} is turned face down in the pool", event="held", block=block)
