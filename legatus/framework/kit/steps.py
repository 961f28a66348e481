"""Step losses, eliminations and changes of side, as the Columbia block games share them.

A block's strength is its steps. A hit, or an event, takes one: the block drops to the
next lower strength its data lists (Julius Caesar 7.4, 7.41: a block printed IV and II drops
a whole level; Hammer of the Scots 5.41); below its lowest it is **eliminated**. Where
an eliminated block goes differs by game and by block, and :class:`Losses` says it as
data the game builds from its pieces and parameters:

- ``switch``: pieces (ids or types) that change side where they stand, at
  ``switch_strength``, and fight on (Hammer of the Scots 5.7: a noble beaten in battle
  joins the other side at strength 1; Julius Caesar 7.52);
- ``for_good``: pieces that leave the game (``out``): Julius Caesar 7.51's leaders, each
  a trophy for the enemy (record ``trophies``) and a loss counted for its side (``lost``);
  Hammer of the Scots 5.8's black-cross blocks killed in combat, no trophy;
- every other block goes to its owner's pool, face up for the enemy to see until the year
  ends or face down (``face_up``; Julius Caesar 7.5 and its Polish reading; Hammer of the
  Scots' draw pools are face down); a block serving another side than its own (record
  ``returns``: ``{block: its original side}``, an event of Julius Caesar 2.1) goes back to
  its original owner's pool.

A block also changes side outside a battle (:func:`change_side`): an event turns it
(the events of Julius Caesar 2.1 and Hammer of the Scots 3.12), and the record ``returns`` keeps
its original owner where the event says it goes home when eliminated.

The log follows what the enemy may see: a block standing revealed in a battle (flag
``revealed``) is named to all; a hidden one is named to its owner and told to the others
as "a <side> block"; a block eliminated face down is named to all only if it was revealed
or its identity is public by the game's visibility declarations. Each outcome may cite the
game's rule (``Losses.cite``: by outcome, and ``skipped`` for a step that drops more than
one level), counted for the rules' coverage.

>>> roman(3), roman(7)
('III', '7')
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from legatus.framework.engine.core import Context
from legatus.framework.engine.state import note_moved, set_flag
from legatus.framework.kit.combat import POOL, step_below
from legatus.framework.kit.movement import place
from legatus.framework.rules.registry import rules_effect, rules_query

#: Outcomes of a step loss or an elimination, for the caller's log and checks.
REDUCED, UNCHANGED, ELIMINATED, KILLED, SWITCHED = (
    "reduced",
    "unchanged",
    "eliminated",
    "killed",
    "switched",
)
#: The ``cite`` key of a step that drops more than one level (printed IV and II: IV -> II).
SKIPPED = "skipped"
#: Where a block eliminated for good goes.
OUT = "out"
#: The flags of a block lying in its pool after elimination.
FACE_UP, FACE_DOWN = "face_up", "face_down"
#: The flag of a block standing revealed in a battle.
REVEALED = "revealed"


def roman(strength: int) -> str:
    """A strength as printed on the blocks, I to IV (other numbers as they are)."""
    return {1: "I", 2: "II", 3: "III", 4: "IV"}.get(strength, str(strength))


@dataclass(frozen=True)
class Losses:
    """Where a game's eliminated blocks go (see the module's docstring); ``trophies``,
    ``lost`` and ``returns`` name records of ``state["records"]`` (None: not kept)."""

    face_up: bool = True
    for_good: Collection[str] = ()
    switch: Collection[str] = ()
    switch_strength: int = 1
    trophies: str | None = None
    lost: str | None = None
    returns: str | None = None
    cite: Mapping[str, str] = field(default_factory=dict)


def _is(ctx: Context, block: str, kinds: Collection[str]) -> bool:
    return block in kinds or ctx.definition.pieces[block].type in kinds


def _identity_public(ctx: Context, block: str) -> bool:
    return bool(ctx.definition.piece_visibility[block][0].visible_to == "all")


def enemy_of(ctx: Context, side: str) -> str:
    """The other side of a two-sided game (every Columbia block game)."""
    return next(s for s in ctx.definition.side_ids if s != side)


def log_block(ctx: Context, block: str, named: str, anonymous: str, **data: Any) -> None:
    """Log a change to a block: by name to all when it stands revealed, else by name to its
    owner and ``anonymous`` (with its location and event) to the others."""
    unit = ctx.state["pieces"][block]
    if REVEALED in unit["flags"]:
        ctx.log(named, block=block, **data)
        return
    owner = unit["side"]
    ctx.log(named, to=[owner], block=block, **data)
    ctx.log(anonymous, to=[enemy_of(ctx, owner)], at=unit["at"], event=data.get("event"))


def lose_step(ctx: Context, block: str, losses: Losses, *, spare_last: bool = False) -> str:
    """``block`` loses one step; at its lowest strength it is eliminated (:func:`eliminate`)
    unless ``spare_last`` (an effect that reduces but never kills). Returns the outcome."""
    unit = ctx.state["pieces"][block]
    before = unit["strength"]
    lower = step_below(ctx.definition.pieces[block].strengths, before)
    if lower is not None:
        unit["strength"] = lower
        if lower < before - 1:
            ctx.fired(losses.cite.get(SKIPPED, ""))
        name = ctx.definition.side_name(unit["side"])
        log_block(
            ctx,
            block,
            f"{block} loses a step: {roman(before)} -> {roman(lower)}",
            f"a {name} block in {unit['at']} loses a step",
            event="step",
            strength=lower,
        )
        return REDUCED
    if spare_last:
        return UNCHANGED
    return eliminate(ctx, block, losses)


def eliminate(ctx: Context, block: str, losses: Losses) -> str:
    """Remove ``block`` from the map as ``losses`` says; returns the outcome."""
    state = ctx.state
    unit = state["pieces"][block]
    side, at = unit["side"], unit["at"]
    side_name = ctx.definition.side_name
    if _is(ctx, block, losses.switch):
        ctx.fired(losses.cite.get(SWITCHED, ""))
        new_side = enemy_of(ctx, side)
        turned = swap_for_counterpart(ctx, block)
        unit = state["pieces"][turned]
        unit["side"] = new_side
        note_moved()
        unit["strength"] = max(losses.switch_strength, ctx.definition.pieces[turned].min_strength)
        joined = block if turned == block else f"{block} ({turned})"
        ctx.log(
            f"{joined} is eliminated and joins {side_name(new_side)} at strength "
            f"{roman(unit['strength'])}",
            event="switch",
            block=block,
            side=new_side,
            at=at,
        )
        return SWITCHED
    was_revealed = REVEALED in unit["flags"]
    set_flag(state, block, REVEALED, False)
    records = state["records"]
    if _is(ctx, block, losses.for_good):
        ctx.fired(losses.cite.get(KILLED, ""))
        foe = enemy_of(ctx, side)
        if losses.trophies:
            trophies = records.setdefault(losses.trophies, {s: [] for s in ctx.definition.side_ids})
            trophies.setdefault(foe, []).append(block)
        if losses.lost:
            lost = records.setdefault(losses.lost, {s: 0 for s in ctx.definition.side_ids})
            lost[side] = lost.get(side, 0) + 1
        place(state["pieces"], block, OUT)
        trophy = f": a trophy for {side_name(foe)}" if losses.trophies else ""
        ctx.log(f"{block} is killed in {at}{trophy}", event="killed", block=block, side=side, at=at)
        return KILLED
    ctx.fired(losses.cite.get(ELIMINATED, ""))
    if losses.returns:
        original = records.get(losses.returns, {}).pop(block, None)
        if original is not None:
            unit["side"] = original
            note_moved()
    place(state["pieces"], block, POOL)
    unit["strength"] = ctx.definition.pieces[block].min_strength
    owner = unit["side"]
    pool = f"{side_name(owner)}'s pool"
    face = FACE_UP if losses.face_up else FACE_DOWN
    set_flag(state, block, face)
    text = f"{block} is eliminated in {at} and goes {face.replace('_', ' ')} to {pool}"
    if losses.face_up or was_revealed or _identity_public(ctx, block):
        ctx.log(text, event="eliminated", block=block, side=owner, at=at)
        return ELIMINATED
    # Face down: who the block is stays its owner's, unless the enemy saw it fall.
    ctx.log(text, to=[owner], event="eliminated", block=block, side=owner, at=at)
    ctx.log(
        f"a {side_name(owner)} block is eliminated in {at} and goes face down to {pool}",
        to=[enemy_of(ctx, owner)],
        event="eliminated",
        side=owner,
        at=at,
    )
    return ELIMINATED


def swap_for_counterpart(ctx: Context, block: str) -> str:
    """The block that now stands for ``block``'s unit: its counterpart (a unit printed once in
    each side's colour, the pieces file's ``counterpart``: Hammer of the Scots 2.22's nobles)
    takes its place, strength and flags, and ``block`` goes out of play at full strength;
    ``block`` itself when it has none (it changes side as it is: Julius Caesar's Cleopatra).
    A game whose units have counterparts reads the returned id for the rest of a battle."""
    other = ctx.definition.pieces[block].counterpart
    if other is None:
        return block
    pieces = ctx.state["pieces"]
    unit, twin = pieces[block], pieces[other]
    at = unit["at"]
    twin["strength"], twin["flags"] = unit["strength"], list(unit["flags"])
    unit["strength"], unit["flags"] = ctx.definition.pieces[block].steps, []
    place(pieces, other, at)
    place(pieces, block, OUT)
    return other


def change_side(ctx: Context, block: str, side: str, *, returns: str | None = None) -> None:
    """``block`` now serves ``side``. With ``returns`` (a record's name) its original owner
    is kept there, so that eliminated it goes home (:class:`Losses`); a block turned back
    to that owner leaves the record. A block with a counterpart is replaced by it
    (:func:`swap_for_counterpart`)."""
    block = swap_for_counterpart(ctx, block)
    unit = ctx.state["pieces"][block]
    if returns:
        record = ctx.state["records"].setdefault(returns, {})
        if record.get(block) == side:
            del record[block]
        else:
            record[block] = unit["side"]
    unit["side"] = side
    note_moved()


# -- for rules files (registered by register_kit) -------------------------------------------


@rules_effect(
    "reduce_block(block: piece, face_up: bool?, for_good: list[str]?, switch: list[str]?, "
    "switch_strength: int?)"
)
def reduce_block(
    ctx: Context,
    block: str,
    face_up: bool = True,
    for_good: list[str] | None = None,
    switch: list[str] | None = None,
    switch_strength: int = 1,
) -> None:
    """The block loses a step (:func:`lose_step`); eliminated, it goes where the arguments
    say: to its pool face up or down, out of the game (``for_good``: pieces or types) or
    over to the other side at ``switch_strength`` (``switch``)."""
    losses = Losses(face_up, for_good or (), switch or (), switch_strength)
    lose_step(ctx, block, losses)


@rules_effect("go_over(block: piece, side: side)")
def go_over(ctx: Context, block: str, side: str) -> None:
    """The block goes over to ``side`` where it stands, at its strength (an event turning
    a block: Hammer of the Scots 3.12)."""
    turned = ctx.definition.pieces[block].counterpart or block
    change_side(ctx, block, side)
    unit = ctx.state["pieces"][turned]
    name = ctx.definition.side_name(side)
    ctx.log(f"{block} in {unit['at']} goes over to {name}", event="defect", block=block, side=side)


@rules_query("in_play_for(block: piece) -> piece")
def in_play_for(ctx: Context, block: str) -> str:
    """The block standing for ``block``'s unit now: ``block`` itself, or its counterpart
    once the unit changed side (:func:`swap_for_counterpart`), so that a rules file keeps
    track of a noble turned in battle (Hammer of the Scots 5.7)."""
    other = ctx.definition.pieces[block].counterpart
    if other is not None and ctx.state["pieces"][block]["at"] == OUT:
        return other
    return block
