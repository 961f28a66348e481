"""Event cards: the step that plays a card's effect, and what the effects choose from.

In the Columbia block games an event card does what its face says (Julius Caesar 2.1: in
place of the player's moves and levies; Hammer of the Scots 3.12: five events). A rules
file writes each card's effect (``effect NAME(player: side) on "CARD": ...``);
:class:`PlayEvent` is the step a command phase pushes to run the effect bound to the card
a side played. A card the list parameter named to :class:`PlayEvent` holds runs
*declinable*: its first choice also offers ``pass`` (Hammer of the Scots 4.0: a player may
do nothing with his card; a Polish reading of Julius Caesar 2.1).

The queries effects choose from, named for no card (registered by
:func:`~legatus.framework.kit.rules.register_kit`): the blocks at an area, an enemy's
(:func:`blocks_in`, :func:`enemy_blocks_at`); the areas of a category holding an enemy
group or any block (:func:`enemy_areas`, :func:`occupied_areas`: events of Julius Caesar
2.1 and Hammer of the Scots 3.12 strike an enemy group); the areas of a category friendly
to a side next to one (:func:`friendly_neighbours`); the areas holding an enemy block
that could go over to a side, next to an area it holds (:func:`defector_areas`, Julius
Caesar 2.1). An event of Hammer of the Scots 3.12 names its block and turns it where it
stands (:func:`~legatus.framework.kit.steps.go_over`). A block an event takes blind, its
owner's blocks standing face away from the player, is a draw from the seeded dice
(:func:`draw_block`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from legatus.framework.engine.actions import Prompt
from legatus.framework.engine.core import Context, EngineError, Frame, Procedure
from legatus.framework.engine.frames import PUBLIC, declare
from legatus.framework.engine.state import pieces_at, sides_by_space
from legatus.framework.rules.registry import rules_query


class PlayEvent(Procedure):
    """``play_event(card, side)``: run the rules file's effect for an event card, played by
    ``side``; declinable when the card is one the list parameter ``declinable`` names."""

    fields = declare(args=PUBLIC)

    def __init__(
        self, *, declinable: str, rule: str = "", needs: Mapping[str, str] | None = None
    ) -> None:
        self.rule = rule
        self.declinable = declinable
        #: The parameters of the rules this step and the effects' Python read.
        self.needs = {**(needs or {}), declinable: "list[card]"}

    def start(self, ctx: Context, frame: Frame) -> None:
        card, side = frame["args"]["card"], frame["args"]["side"]
        effect = ctx.game.rules.effect_for_card(card)
        if effect is None:
            raise EngineError(f"the rules have no effect for the event card {card!r}")
        env = {p.name: side for p in effect.params if p.type.name == "side"}
        ctx.log(f"Event {card} takes effect for {side}", card=card, side=side)
        if card in ctx.param(self.declinable):
            ctx.push("run_effect", effect=effect.name, side=side, env=env, declinable=True)
            return
        ctx.push("run_effect", effect=effect.name, side=side, env=env)

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        return None


def draw_block(ctx: Context, candidates: Sequence[str], what: str) -> str:
    """One of ``candidates`` drawn blind (a die of as many faces): an enemy's blocks stand
    face away from the player, who points at one without knowing which it is."""
    if not candidates:
        raise EngineError(f"no block to draw: {what}")
    (index,) = ctx.roll(1, len(candidates), what=what)
    return candidates[index - 1]


def _of(ctx: Context, space: str, category: str) -> bool:
    return bool(ctx.definition.board.spaces[space].category == category)


@rules_query("blocks_in(space: space) -> list[piece]")
def blocks_in(ctx: Context, space: str) -> list[str]:
    """Every block at a location, of any side."""
    return sorted(pieces_at(ctx.state, space))


@rules_query("enemy_blocks_at(side: side, space: space) -> list[piece]")
def enemy_blocks_at(ctx: Context, side: str, space: str) -> list[str]:
    """The blocks of the other sides at a location."""
    return sorted(b for b in pieces_at(ctx.state, space) if ctx.state["pieces"][b]["side"] != side)


@rules_query("enemy_areas(side: side, category: str) -> list[space]")
def enemy_areas(ctx: Context, side: str, category: str) -> list[str]:
    """The areas of ``category`` holding another side's block (contested ones too)."""
    return sorted(
        space
        for space, sides in sides_by_space(ctx.state).items()
        if sides - {side} and _of(ctx, space, category)
    )


@rules_query("occupied_areas(category: str) -> list[space]")
def occupied_areas(ctx: Context, category: str) -> list[str]:
    """The areas of ``category`` with at least one block."""
    return sorted(s for s in sides_by_space(ctx.state) if _of(ctx, s, category))


@rules_query("friendly_neighbours(side: side, space: space, category: str) -> list[space]")
def friendly_neighbours(ctx: Context, side: str, space: str, category: str) -> list[str]:
    """The areas of ``category`` next to ``space`` that hold ``side``'s blocks only."""
    found = sides_by_space(ctx.state)
    return sorted(
        near
        for near in ctx.definition.board.neighbours(space)
        if found.get(near) == {side} and _of(ctx, near, category)
    )


def defectors(
    ctx: Context, side: str, space: str, category: str, away: Collection[str]
) -> list[str]:
    """The other sides' blocks at ``space`` an event may turn, sorted: those of the types
    ``away`` only while ``space`` is not of ``category`` (a Spanish reading of Julius
    Caesar 2.1: a ship only at sea)."""
    here = _of(ctx, space, category)
    return [
        b
        for b in enemy_blocks_at(ctx, side, space)
        if not here or ctx.definition.pieces[b].type not in away
    ]


@rules_query("defector_areas(side: side, category: str, away: list[str]) -> list[space]")
def defector_areas(ctx: Context, side: str, category: str, away: list[str]) -> list[str]:
    """The areas holding a block that could go over to ``side``: another side's block
    (:func:`defectors`) next to an area of ``category`` that holds ``side``'s blocks only."""
    board = ctx.definition.board
    found = sides_by_space(ctx.state)
    held = {s for s, sides in found.items() if sides == {side} and _of(ctx, s, category)}
    return sorted(
        space
        for space in found
        if board.neighbours(space) & held and defectors(ctx, side, space, category, away)
    )
