"""Battle mechanics the Columbia block games share: ratings, firing order, fire, hits.

A block's **combat rating** is an initiative letter and a fire value, ``B2``: in each
battle round the blocks act by letter, A before B before C before D, the defender's
blocks before the attacker's on an equal letter, and a block that fires rolls one die
per step of strength, each roll at or below its fire value a hit (Julius Caesar 7.2,
7.4; Hammer of the Scots 6.2, 6.3; Crusader Rex 5.2). Each hit takes a step from the
**strongest** enemy block, its owner choosing among equals; a block below its lowest
strength is **eliminated** to its owner's pool. **Reserves** sit out the rounds before
the one they arrive in.

Nothing here names a game: the letters, fire values and strengths are the pieces' data
(``rating``, ``attacking``/``defending``, ``strengths``), the dice the state's seeded
generator, and which side attacks the caller's knowledge.

>>> parse_rating("B2"), str(parse_rating("d3"))
(Rating(initiative='B', firepower=2), 'D3')
>>> turn_key("B", attacking=False) < turn_key("B", attacking=True) < turn_key("C", False)
True
>>> strongest({"Legio 5": 3, "Legio 6": 4, "Legio 7": 4})
['Legio 6', 'Legio 7']
>>> step_below((2, 4), 4), step_below((2, 4), 2), step_below((1, 2, 3, 4), 3)
(2, None, 2)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from legatus.framework.kit.movement import place
from legatus.framework.model.gamedef import GameDef, Rating

if TYPE_CHECKING:
    from legatus.framework.engine.core import Context

ATTACKING, DEFENDING = True, False

_RATING = re.compile(r"([A-Za-z])([0-9]+)\Z")

#: Where a block's battle turn falls in a round (:func:`turn_key`): smaller first.
TurnKey = tuple[int, str, int]

#: Where an eliminated block goes (the state's layout: ``at`` is a space, ``pool`` or ``out``).
POOL = "pool"


def parse_rating(text: str) -> Rating:
    """A combat rating as printed on a block: an initiative letter and a fire value.

    >>> parse_rating("A3").firepower
    3
    >>> parse_rating("3A")
    Traceback (most recent call last):
    ...
    ValueError: not a combat rating (a letter and a fire value, such as 'B2'): '3A'
    """
    found = _RATING.match(text.strip())
    if found is None:
        raise ValueError(f"not a combat rating (a letter and a fire value, such as 'B2'): {text!r}")
    return Rating(found.group(1).upper(), int(found.group(2)))


def combat_rating(definition: GameDef, piece: str, attacking: bool) -> Rating:
    """The piece's rating in its role: its attacking or defending rating where its data
    gives two (Julius Caesar's ballista is D4 attacking, B4 defending), else its one."""
    spec = definition.pieces[piece]
    rating = spec.attacking if attacking else spec.defending
    found = rating or spec.defending or spec.attacking
    if found is None:
        raise ValueError(f"{piece} has no combat rating")
    return found


def rating_at(
    definition: GameDef, piece: str, attacking: bool, location: str, home_fire: int = 0
) -> Rating:
    """The rating the piece fires with at ``location``: its rating in its role, but firing
    at ``home_fire`` (when given) where it defends one of its ``homes`` (Hammer of the Scots
    1.4: a noble defending his home area fires B3 for his printed B2)."""
    found = combat_rating(definition, piece, attacking)
    if home_fire and not attacking and location in definition.pieces[piece].homes:
        return Rating(found.initiative, home_fire)
    return found


def turn_key(initiative: str, attacking: bool, early: bool = False) -> TurnKey:
    """Where a block's battle turn falls in a round: ``early`` blocks first (an event's
    first fire), then by initiative letter, the defender before the attacker on a tie."""
    return (0 if early else 1, initiative, 1 if attacking else 0)


def firing_order(blocks: Iterable[str], key: Callable[[str], TurnKey]) -> list[list[str]]:
    """The battle turns of a round, in order: the blocks grouped by equal ``key`` (a
    :func:`turn_key`), each group sorted. Blocks of one side with one letter share a turn
    slot: their owner picks which of them acts first.

    >>> keys = {"P1": turn_key("B", False), "C1": turn_key("B", True), "P2": turn_key("B", False)}
    >>> firing_order(keys, keys.__getitem__)
    [['P1', 'P2'], ['C1']]
    """
    keys = {block: key(block) for block in blocks}
    ordered = sorted(set(keys.values()))
    return [sorted(b for b in keys if keys[b] == k) for k in ordered]


@dataclass(frozen=True)
class Volley:
    """A block's fire: the dice rolled and the hits they score."""

    dice: tuple[int, ...]
    hits: int


def fire_roll(ctx: Context, dice: int, fire: int, what: str = "") -> Volley:
    """Roll ``dice`` dice from the state's generator; each roll <= ``fire`` is a hit."""
    rolled = tuple(ctx.roll(dice, what=what))
    return Volley(rolled, sum(1 for d in rolled if d <= fire))


def strongest(strengths: Mapping[str, int]) -> list[str]:
    """The blocks a hit may take: those of the greatest strength, sorted (the owner picks
    among them when there are several)."""
    if not strengths:
        return []
    top = max(strengths.values())
    return sorted(b for b, s in strengths.items() if s == top)


def step_below(strengths: Sequence[int], current: int) -> int | None:
    """The strength one step below ``current`` (the next lower one the block's data
    lists, so a block printed IV and II drops two at once); None: it is eliminated."""
    lower = [s for s in strengths if s < current]
    return max(lower) if lower else None


def eliminate_to_pool(ctx: Context, piece: str) -> None:
    """The block leaves the map for its owner's pool, at its lowest strength."""
    place(ctx.state["pieces"], piece, POOL)
    ctx.state["pieces"][piece]["strength"] = ctx.definition.pieces[piece].min_strength


def step_loss(ctx: Context, piece: str) -> int | None:
    """The block loses a step: its new strength, or None when it was eliminated."""
    state = ctx.state["pieces"][piece]
    lower = step_below(ctx.definition.pieces[piece].strengths, state["strength"])
    if lower is None:
        eliminate_to_pool(ctx, piece)
        return None
    state["strength"] = lower
    return lower


def in_reserve(block: str, reserves: Collection[str], round_: int, arrival_round: int) -> bool:
    """Whether a block is held in reserve in this round: listed, and its round not come."""
    return round_ < arrival_round and block in reserves


def fighting(
    blocks: Iterable[str], reserves: Collection[str], round_: int, arrival_round: int
) -> list[str]:
    """The blocks that fight this round: all but the reserves before they arrive.

    >>> fighting(["A", "B", "C"], ["B"], 1, 2), fighting(["A", "B", "C"], ["B"], 2, 2)
    (['A', 'C'], ['A', 'B', 'C'])
    """
    return [b for b in blocks if not in_reserve(b, reserves, round_, arrival_round)]
