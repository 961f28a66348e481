"""Battle rounds the Columbia block games share: turn slots, reserves, disruption, the end.

A battle is fought in rounds (Julius Caesar 7.2: four; Hammer of the Scots 5.3: three).
In each round every block in it has one battle turn, by initiative letter, the defender
first on an equal letter; the blocks of one side with one letter share a **turn slot**,
their owner picking which acts first (:func:`turn_slots`). **Reserves** sit out the
rounds before the one they arrive in; a side whose **main force** is gone before then has
its reserves **disrupted** (Julius Caesar 7.31), or, without disruption, the roles change
(Hammer of the Scots 5.32) — :func:`main_force_lost` says when, the game what follows.
In the **last round** the attacker's blocks must retreat on their turn, and a block that
must and cannot is eliminated (:func:`must_retreat`, :func:`first_trapped`); the battle
ends when **one side is left** (:func:`sole_side`). A round's retreats are counted per
side and border (:func:`count_crossing`), the limits being the border kit's.

The functions read the state's pieces (``state["pieces"]``: each piece's ``at`` and
``side``) and take everything else as arguments: the order of the sides, the round
reserves arrive in, the last round, which blocks act first by an event's grace. They name
no game; a game's rules file calls them through :mod:`legatus.framework.kit.rules`.

>>> pieces = {
...     "a": {"at": "Ford", "side": "red"},
...     "b": {"at": "Ford", "side": "blue"},
...     "c": {"at": "Ford", "side": "blue"},
... }
>>> main_force_lost(pieces, "Ford", ["a", "b", "c"], ["b", "c"], ["red", "blue"], [], 1, 2,
...                 ("red", "blue"))
['blue']
>>> sole_side(sides_in(pieces, "Ford", ["a"], ("red", "blue")))
['red']
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any

from legatus.framework.kit.combat import TurnKey, firing_order, in_reserve

#: The state's pieces: id -> entry with at least ``at`` (where) and ``side`` (whose).
Pieces = Mapping[str, Mapping[str, Any]]
#: A round's retreats so far: side -> border key -> blocks that crossed it.
Crossings = Mapping[str, dict[str, int]]


def still_in(pieces: Pieces, location: str, blocks: Iterable[str]) -> list[str]:
    """Those of ``blocks`` still at the battle's location (not retreated, not eliminated)."""
    return [b for b in blocks if pieces[b]["at"] == location]


def sides_in(
    pieces: Pieces, location: str, blocks: Iterable[str], sides: Sequence[str]
) -> list[str]:
    """The sides with blocks still in the battle, reserves included, in ``sides``' order."""
    there = {pieces[b]["side"] for b in blocks if pieces[b]["at"] == location}
    return [s for s in sides if s in there]


def main_forces(
    pieces: Pieces, blocks: Iterable[str], reserves: Collection[str], sides: Sequence[str]
) -> list[str]:
    """The sides with a main force in the battle: a block in it that is not a reserve."""
    found = {pieces[b]["side"] for b in blocks if b not in reserves}
    return [s for s in sides if s in found]


def _all_reserves(
    pieces: Pieces,
    present: Sequence[str],
    side: str,
    held: Callable[[str], bool],
) -> bool:
    own = [b for b in present if pieces[b]["side"] == side]
    return bool(own) and all(held(b) for b in own)


def main_force_lost(
    pieces: Pieces,
    location: str,
    blocks: Iterable[str],
    reserves: Collection[str],
    main: Collection[str],
    disrupted: Collection[str],
    round_: int,
    arrival_round: int,
    sides: Sequence[str],
) -> list[str]:
    """The side (one at most, the first in ``sides``) whose main force is gone before its
    reserves arrive while its reserves are still there, not already disrupted: Julius
    Caesar's disruption (7.31), Hammer of the Scots' change of roles (5.32). ``main`` are
    the sides that had a main force (:func:`main_forces`) and ``disrupted`` those already
    dealt with.

    >>> pieces = {"r": {"at": "F", "side": "red"}, "b": {"at": "F", "side": "blue"}}
    >>> main_force_lost(pieces, "F", ["r", "b"], ["b"], ["red", "blue"], [], 2, 2, ("red", "blue"))
    []
    """
    if round_ >= arrival_round:
        return []
    present = still_in(pieces, location, blocks)
    for side in sides:
        if side in disrupted or side not in main:
            continue
        if _all_reserves(pieces, present, side, reserves.__contains__):
            return [side]
    return []


def reserves_alone(
    pieces: Pieces,
    location: str,
    blocks: Iterable[str],
    reserves: Collection[str],
    round_: int,
    arrival_round: int,
    sides: Sequence[str],
) -> list[str]:
    """The side (one at most) with nothing but reserves in the battle before they arrive:
    they cannot be fired at, so the enemy's turns left this round are void (Julius Caesar
    7.3; Hammer of the Scots' reserves "neither fire, retreat nor take hits" in round 1)."""
    if round_ >= arrival_round:
        return []
    present = still_in(pieces, location, blocks)
    for side in sides:
        if _all_reserves(
            pieces, present, side, lambda b: in_reserve(b, reserves, round_, arrival_round)
        ):
            return [side]
    return []


def turn_slots(
    pieces: Pieces,
    location: str,
    blocks: Iterable[str],
    reserves: Collection[str],
    acted: Collection[str],
    round_: int,
    arrival_round: int,
    key: Callable[[str], TurnKey],
) -> list[list[str]]:
    """The battle turns still to come this round, in order: the blocks of each turn slot
    (equal ``key``, a :func:`~legatus.framework.kit.combat.turn_key`: one side, one
    initiative letter), leaving out the blocks gone from the battle, the reserves not yet
    arrived and the blocks that have had their turn (``acted``)."""
    waiting = [
        b
        for b in blocks
        if pieces[b]["at"] == location
        and b not in acted
        and not in_reserve(b, reserves, round_, arrival_round)
    ]
    return firing_order(waiting, key)


def slot_side(pieces: Pieces, slot: Sequence[str]) -> str:
    """The side whose battle turn a slot is: the owner of its blocks."""
    side: str = pieces[slot[0]]["side"]
    return side


def must_retreat(round_: int, last_round: int, side: str, attacker: str) -> bool:
    """Whether the side's blocks must retreat on their turn: the attacker's, in the last
    round (Julius Caesar 7.2; Hammer of the Scots 5.3 retreats them all after round 3).

    >>> must_retreat(4, 4, "red", "red"), must_retreat(4, 4, "blue", "red")
    (True, False)
    """
    return round_ >= last_round and side == attacker


def first_trapped(slot: Iterable[str], must: bool, has_retreat: Callable[[str], bool]) -> list[str]:
    """The first block of the slot that must retreat and has nowhere to go (it is
    eliminated instead: Julius Caesar 7.2, 7.6; Hammer of the Scots 5.8); empty when the
    slot need not retreat or each block can."""
    if not must:
        return []
    for block in slot:
        if not has_retreat(block):
            return [block]
    return []


def left_in(pieces: Pieces, location: str, blocks: Iterable[str], side: str) -> list[str]:
    """The side's blocks still in the battle (after the last round: the attackers that
    did not retreat, eliminated since a battle is never left open)."""
    return [b for b in blocks if pieces[b]["at"] == location and pieces[b]["side"] == side]


def sole_side(sides: Sequence[str]) -> list[str]:
    """The winner: the one side left in the battle, if one is (none if no one is left).

    >>> sole_side(["red"]), sole_side(["red", "blue"]), sole_side([])
    (['red'], [], [])
    """
    return list(sides) if len(sides) == 1 else []


def count_crossing(used: Crossings, side: str, key: str) -> dict[str, dict[str, int]]:
    """``used`` with one more block of ``side`` across the border ``key`` (a new mapping:
    the count given is not changed). Retreat limits count per side per round, so the
    caller starts each round from an empty count.

    >>> count_crossing(count_crossing({}, "red", "A|B"), "red", "A|B")
    {'red': {'A|B': 2}}
    """
    own = dict(used.get(side, {}))
    own[key] = own.get(key, 0) + 1
    return {**used, side: own}
