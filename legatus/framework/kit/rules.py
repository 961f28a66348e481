"""The kit's primitives as typed queries and effects a rules file calls.

A game that fights its battles on the kit calls :func:`register_kit` from its plugin's
``register_rules``; the checker then knows each primitive's parameters and result, and
a rules file writes, for instance (the fixture game's battle round in
``tests/kit/test_kit_rules.py``)::

    for slot in firing_order(fighting(blocks, reserves, round, 2), attacker):
      let hits = roll_hits(strength(slot), fire_value(slot, owner(slot) == attacker))
      ...
      decide hit by defender:
        option hit(block: piece from strongest(targets)):
          step_loss(block)

``roll_hits`` rolls the state's seeded dice: it is meant for a ``let``, once per fire.
The effects log what they did, naming a block only to the sides that may identify it
(the game's visibility declarations, :func:`legatus.framework.engine.view.piece_entry`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from legatus.framework.engine.core import Context, EngineError
from legatus.framework.engine.state import pieces_at
from legatus.framework.engine.view import piece_entry
from legatus.framework.kit import battle, borders, combat
from legatus.framework.rules.registry import rules_effect, rules_query

if TYPE_CHECKING:
    from legatus.framework.rules.registry import RuleRegistry


@rules_query("initiative(piece: piece, attacking: bool) -> str")
def initiative(ctx: Context, piece: str, attacking: bool) -> str:
    """The piece's initiative letter in its role."""
    return combat.combat_rating(ctx.definition, piece, attacking).initiative


@rules_query("fire_value(piece: piece, attacking: bool) -> int")
def fire_value(ctx: Context, piece: str, attacking: bool) -> int:
    """The piece's fire value in its role: a die at or below it hits."""
    return combat.combat_rating(ctx.definition, piece, attacking).firepower


def _key(ctx: Context, attacker: str) -> Callable[[str], tuple[int, str, int]]:
    pieces = ctx.state["pieces"]

    def key(block: str) -> tuple[int, str, int]:
        attacking = pieces[block]["side"] == attacker
        return combat.turn_key(initiative(ctx, block, attacking), attacking)

    return key


@rules_query("firing_order(blocks: list[piece], attacker: side) -> list[piece]")
def firing_order(ctx: Context, blocks: Sequence[str], attacker: str) -> list[str]:
    """The blocks in the order of their battle turns: by initiative letter, the
    defender first on an equal letter (``attacker`` names the attacking side)."""
    return [b for slot in combat.firing_order(blocks, _key(ctx, attacker)) for b in slot]


@rules_query("next_to_fire(blocks: list[piece], attacker: side) -> list[piece]")
def next_to_fire(ctx: Context, blocks: Sequence[str], attacker: str) -> list[str]:
    """The blocks whose battle turn comes first: one side's blocks of one letter."""
    slots = combat.firing_order(blocks, _key(ctx, attacker))
    return slots[0] if slots else []


@rules_query("strongest(blocks: list[piece]) -> list[piece]")
def strongest(ctx: Context, blocks: Sequence[str]) -> list[str]:
    """The blocks a hit may take: the strongest of ``blocks`` (the owner picks one)."""
    pieces = ctx.state["pieces"]
    return combat.strongest({b: pieces[b]["strength"] for b in blocks})


@rules_query("roll_hits(dice: int, fire: int) -> int")
def roll_hits(ctx: Context, dice: int, fire: int) -> int:
    """Roll ``dice`` dice (the state's seeded generator); the hits, rolls <= ``fire``."""
    volley = combat.fire_roll(ctx, dice, fire, what=f"{dice} dice at {fire}")
    rolls = ", ".join(map(str, volley.dice))
    ctx.log(
        f"{dice} dice hitting on {fire} or less: {rolls} -> {volley.hits}",
        event="fire",
        dice=list(volley.dice),
        hits=volley.hits,
    )
    return volley.hits


@rules_query(
    "fighting(blocks: list[piece], reserves: list[piece], round: int, arrival_round: int)"
    " -> list[piece]"
)
def fighting(
    ctx: Context, blocks: Sequence[str], reserves: Sequence[str], round: int, arrival_round: int
) -> list[str]:
    """The blocks that fight in ``round``: reserves only from ``arrival_round`` on."""
    return combat.fighting(blocks, reserves, round, arrival_round)


@rules_query(
    "border_limit(origin: space, to: space, kinds: list[connection_kind], limits: list[int]) -> int"
)
def border_limit(
    ctx: Context, origin: str, to: str, kinds: Sequence[str], limits: Sequence[int]
) -> int:
    """How many blocks may cross between two spaces: the largest of ``limits`` (one per
    connection kind of ``kinds``) among the connections joining them; 0 if none."""
    if len(kinds) != len(limits):
        raise EngineError(f"border_limit: {len(kinds)} kinds but {len(limits)} limits")
    return borders.border_limit(
        ctx.definition.board, origin, to, dict(zip(kinds, limits, strict=True))
    )


@rules_query("crossed(pieces: list[piece], to: space) -> int")
def crossed(ctx: Context, pieces: Sequence[str], to: str) -> int:
    """How many of ``pieces`` stand at ``to`` (the blocks already sent across a border)."""
    return sum(1 for p in pieces if ctx.state["pieces"][p]["at"] == to)


@rules_query("with_piece(pieces: list[piece], piece: piece) -> list[piece]")
def with_piece(ctx: Context, pieces: Sequence[str], piece: str) -> list[str]:
    """``pieces`` and ``piece`` after them (a list a procedure keeps, such as the blocks
    already moved)."""
    return [*pieces, piece]


def _log_piece(ctx: Context, piece: str, text: str, anonymous: str) -> None:
    """Log a change to a piece: named to the sides that may identify it, else not."""
    state = ctx.state["pieces"][piece]
    named: list[str] = []
    hidden: list[str] = []
    for side in ctx.definition.side_ids:
        (named if piece_entry(ctx.definition, piece, state, side)[0] else hidden).append(side)
    if not hidden:
        ctx.log(text, event="step", piece=piece)
        return
    ctx.log(text, to=named, event="step", piece=piece)
    ctx.log(anonymous, to=hidden, event="step")


@rules_effect("step_loss(block: piece)")
def step_loss(ctx: Context, block: str) -> None:
    """The block loses a step; below its lowest strength it goes to its owner's pool."""
    at = ctx.state["pieces"][block]["at"]
    side = ctx.definition.side_name(ctx.state["pieces"][block]["side"])
    before = ctx.state["pieces"][block]["strength"]
    after = combat.step_below(ctx.definition.pieces[block].strengths, before)
    if after is None:
        _log_piece(
            ctx,
            block,
            f"{block} is eliminated in {at}",
            f"a {side} block is eliminated in {at}",
        )
    else:
        _log_piece(
            ctx,
            block,
            f"{block} loses a step in {at}: {before} -> {after}",
            f"a {side} block loses a step in {at}",
        )
    combat.step_loss(ctx, block)


@rules_effect("eliminate(block: piece)")
def eliminate(ctx: Context, block: str) -> None:
    """The block is eliminated to its owner's pool, whatever its strength."""
    at = ctx.state["pieces"][block]["at"]
    side = ctx.definition.side_name(ctx.state["pieces"][block]["side"])
    _log_piece(
        ctx, block, f"{block} is eliminated in {at}", f"a {side} block is eliminated in {at}"
    )
    combat.eliminate_to_pool(ctx, block)


# -- battle rounds and retreats (kit.battle, kit.retreat) ------------------------------
# A battle's progress is the calling procedure's variables (its blocks, reserves, round,
# the blocks that have acted, the sides disrupted); these queries read the pieces and
# those variables, and take the game's numbers (the round reserves arrive in) as arguments.


@rules_query("battle_blocks(location: space) -> list[piece]")
def battle_blocks(ctx: Context, location: str) -> list[str]:
    """The blocks in the battle at ``location``, both sides', reserves included, sorted."""
    return sorted(pieces_at(ctx.state, location))


@rules_query("in_battle(location: space, blocks: list[piece]) -> list[piece]")
def in_battle(ctx: Context, location: str, blocks: Sequence[str]) -> list[str]:
    """Those of ``blocks`` still at the battle's location."""
    return battle.still_in(ctx.state["pieces"], location, blocks)


@rules_query("sides_in_battle(location: space, blocks: list[piece]) -> list[side]")
def sides_in_battle(ctx: Context, location: str, blocks: Sequence[str]) -> list[str]:
    """The sides with blocks still in the battle (reserves included), in the sides' order."""
    return battle.sides_in(ctx.state["pieces"], location, blocks, ctx.definition.side_ids)


@rules_query("main_forces(blocks: list[piece], reserves: list[piece]) -> list[side]")
def main_forces(ctx: Context, blocks: Sequence[str], reserves: Sequence[str]) -> list[str]:
    """The sides with a main force in the battle: a block there that is not a reserve."""
    return battle.main_forces(ctx.state["pieces"], blocks, reserves, ctx.definition.side_ids)


@rules_query(
    "main_force_lost(location: space, blocks: list[piece], reserves: list[piece],"
    " main: list[side], disrupted: list[side], round: int, arrival_round: int) -> list[side]"
)
def main_force_lost(
    ctx: Context,
    location: str,
    blocks: Sequence[str],
    reserves: Sequence[str],
    main: Sequence[str],
    disrupted: Sequence[str],
    round: int,
    arrival_round: int,
) -> list[str]:
    """The side (one at most) whose main force is gone before its reserves arrive in
    ``arrival_round``, its reserves still there, not yet ``disrupted``."""
    return battle.main_force_lost(
        ctx.state["pieces"],
        location,
        blocks,
        reserves,
        main,
        disrupted,
        round,
        arrival_round,
        ctx.definition.side_ids,
    )


@rules_query(
    "reserves_alone(location: space, blocks: list[piece], reserves: list[piece], round: int,"
    " arrival_round: int) -> list[side]"
)
def reserves_alone(
    ctx: Context,
    location: str,
    blocks: Sequence[str],
    reserves: Sequence[str],
    round: int,
    arrival_round: int,
) -> list[str]:
    """The side (one at most) with nothing but reserves in the battle before they arrive:
    the enemy has nothing to fire at and the round ends."""
    return battle.reserves_alone(
        ctx.state["pieces"],
        location,
        blocks,
        reserves,
        round,
        arrival_round,
        ctx.definition.side_ids,
    )


def battle_turns(
    ctx: Context,
    location: str,
    blocks: Sequence[str],
    reserves: Sequence[str],
    acted: Sequence[str],
    round: int,
    arrival_round: int,
    attacker: str,
    first: Sequence[str],
) -> list[list[str]]:
    """The turn slots still to come this round, in order (:func:`battle.turn_slots`):
    ``first`` act before every other block (an event's first fire), then by initiative
    letter, the defender first on an equal letter."""
    pieces = ctx.state["pieces"]
    definition = ctx.definition

    def key(block: str) -> combat.TurnKey:
        attacking = pieces[block]["side"] == attacker
        letter = combat.combat_rating(definition, block, attacking).initiative
        return combat.turn_key(letter, attacking, block in first)

    return battle.turn_slots(pieces, location, blocks, reserves, acted, round, arrival_round, key)


@rules_query(
    "battle_slot(location: space, blocks: list[piece], reserves: list[piece],"
    " acted: list[piece], round: int, arrival_round: int, attacker: side,"
    " first: list[piece]) -> list[piece]"
)
def battle_slot(
    ctx: Context,
    location: str,
    blocks: Sequence[str],
    reserves: Sequence[str],
    acted: Sequence[str],
    round: int,
    arrival_round: int,
    attacker: str,
    first: Sequence[str],
) -> list[str]:
    """The blocks whose battle turn comes next: one side's, one initiative letter (or
    ``first``, an event's first fire); empty when the round is done."""
    slots = battle_turns(
        ctx, location, blocks, reserves, acted, round, arrival_round, attacker, first
    )
    return slots[0] if slots else []


@rules_query("turn_side(slot: list[piece]) -> side")
def turn_side(ctx: Context, slot: Sequence[str]) -> str:
    """The side whose battle turn it is: the owner of the slot's blocks."""
    return battle.slot_side(ctx.state["pieces"], slot)


@rules_query("battle_winner(location: space, blocks: list[piece]) -> list[side]")
def battle_winner(ctx: Context, location: str, blocks: Sequence[str]) -> list[str]:
    """The side left alone in the battle, if one is (none if no one is left)."""
    return battle.sole_side(sides_in_battle(ctx, location, blocks))


@rules_query("with_side(sides: list[side], side: side) -> list[side]")
def with_side(ctx: Context, sides: Sequence[str], side: str) -> list[str]:
    """``sides`` and ``side`` after them (a list a procedure keeps: the sides disrupted)."""
    return [*sides, side]


@rules_query("no_retreats() -> any")
def no_retreats(ctx: Context) -> dict[str, dict[str, int]]:
    """A round's count of retreats by side and border, before any."""
    return {}


def register_kit(registry: RuleRegistry) -> None:
    """Register the kit's queries and effects for a game's rules files: each is declared
    where it is written (:func:`~legatus.framework.rules.registry.rules_query`,
    :func:`~legatus.framework.rules.registry.rules_effect`)."""
    from legatus.framework.kit import (
        cards,
        command,
        deployment,
        events,
        fight,
        held,
        levy,
        routes,
        sealed,
        steps,
        winter,
    )

    registry.add_marked(sys.modules[__name__])  # ratings, fire, hits, borders, battle rounds
    registry.add_marked(cards, levy, winter)
    registry.add_marked(steps, events, routes)  # step losses, events, the battle's ground
    registry.add_marked(command, deployment)  # card-driven command and free deployment
    registry.add_marked(fight)  # a battle's attack, record, reveals, fire and log
    registry.add_marked(sealed, held)  # sealed bids, blocks held face up in their pool
