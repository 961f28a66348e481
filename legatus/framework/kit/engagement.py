"""The turn's record of moves into battle: border use, attacks, main attacks, pins, reserves.

Columbia's block games remember, for the rest of a turn, what the moves did: how many
blocks each side sent across each border (the border limits, :mod:`.movement`), which
locations each side attacked, from where and across which borders, which border is the
main attack and which blocks wait in reserve, how many defenders the attack pins
(Julius Caesar 6.11-6.14 and 7.3; Hammer of the Scots 4.3, 4.6, 5.32-5.33).

Why two halves: the enemy sees blocks move (where they go and whose they are) but never
which blocks they are. So everything that can be counted from the table is in the
*public* record, and every block id in each side's *own* record, which only that side's
view shows (a game declares them as two records, the second ``visible_to: owner``).
The functions here take the halves as plain dictionaries: the state's JSON is theirs.

The public record (the keys this module reads and writes; a game may keep more):

``road_use``
    ``{side: {border key: blocks}}``: blocks each side moved across each border with a
    limit this turn, both directions together (:func:`~.borders.border_key`).
``attacks``
    ``{location: attack}`` for every location a side entered while the enemy held it::

        {"attacker": side, "defender": side,
         "roads": [border keys, in the order first used],
         "origins": {border key: the space the attacker came from},
         "arrivals": {border key: attacking blocks that came that way},
         "main": border key of the main attack (None until declared),
         "pinned": defenders pinned (set with "main"),
         "responses": {border key: defending blocks that came that way},
         "reserves": {side: blocks in reserve}}

``contested``
    locations in the order they became contested (the order of the battles).

A side's own record:

``moved``
    ids of the side's blocks that moved this turn (a block moves once per turn).
``arrivals``
    ``{location: {block: border key}}``: the side's blocks that attacked, reinforced or
    responded there, and the border each came across.
``reserves``
    ``{location: [block ids]}``: the side's reserves there.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Any

from legatus.framework.kit.borders import border_key

Record = dict[str, Any]

#: What a block did by entering a location held by the enemy (:func:`note_engagement`).
ATTACK, REINFORCE, RESPOND = "attack", "reinforce", "respond"


# -- reading ---------------------------------------------------------------------------------


def border_uses(public: Record, side: str) -> dict[str, int]:
    """``{border key: blocks}`` ``side`` moved across each border this turn."""
    found: dict[str, int] = public["road_use"].get(side, {})
    return found


def border_used(public: Record, side: str, key: str) -> int:
    """Blocks of ``side`` that crossed the border ``key`` this turn."""
    return int(public["road_use"].get(side, {}).get(key, 0))


def attack(public: Record, location: str) -> Record | None:
    """The attack on ``location`` this turn, or None."""
    found: Record | None = public["attacks"].get(location)
    return found


def other_end(key: str, space: str) -> str:
    """The space across the border ``key`` from ``space``."""
    a, _, b = key.partition("|")
    return b if a == space else a


def attack_detail(
    public: Record, own: Mapping[str, Record], location: str, sides: Sequence[str]
) -> Record | None:
    """Everything the battle at ``location`` needs to know, block ids included.

    The public attack plus ``"origins_by_block"``: ``{block: the space it entered
    from}`` for every side's blocks that attacked, reinforced or responded there, and
    ``"reserve_blocks"``: ``{side: [block ids]}``. ``own`` is every side's own record.
    For the battle's own use: never show it to a side.
    """
    found = attack(public, location)
    if found is None:
        return None
    detail = dict(found)
    origins: dict[str, str] = {}
    reserves: dict[str, list[str]] = {}
    for side in sides:
        mine = own[side]
        for block, key in mine["arrivals"].get(location, {}).items():
            origins[block] = other_end(key, location)
        reserves[side] = sorted(mine["reserves"].get(location, []))
    detail["origins_by_block"] = origins
    detail["reserve_blocks"] = reserves
    return detail


def battles(public: Record, contested_now: AbstractSet[str]) -> list[str]:
    """Contested locations for the battles: in the order they arose, then the rest."""
    listed = [loc for loc in public["contested"] if loc in contested_now]
    return listed + sorted(contested_now - set(listed))


# -- writing ---------------------------------------------------------------------------------


def use_border(public: Record, side: str, key: str) -> None:
    """One more block of ``side`` across the border ``key`` (toward its limit)."""
    uses = public["road_use"].setdefault(side, {})
    uses[key] = uses.get(key, 0) + 1


def note_engagement(
    public: Record,
    own: Record,
    side: str,
    defender: str,
    sides: Sequence[str],
    block: str,
    location: str,
    came_from: str,
) -> str:
    """A block of ``side`` (``own`` its record) entered ``location`` from ``came_from``
    while enemy blocks stood there; ``defender`` holds it if this is a new attack.

    Returns what the block did: :data:`ATTACK` (the location was the enemy's: it is
    contested now), :data:`REINFORCE` (its side already attacks there) or
    :data:`RESPOND` (its side defends there: a reserve). A new border of the attack
    undoes a main attack declared before it. ``sides`` are every side, for the
    reserves' counts.
    """
    key = border_key(came_from, location)
    found = public["attacks"].get(location)
    own["arrivals"].setdefault(location, {})[block] = key
    if found is None:
        found = {
            "attacker": side,
            "defender": defender,
            "roads": [],
            "origins": {},
            "arrivals": {},
            "main": None,
            "pinned": 0,
            "responses": {},
            "reserves": {s: 0 for s in sides},
        }
        public["attacks"][location] = found
        public["contested"].append(location)
        what = ATTACK
    else:
        what = REINFORCE if found["attacker"] == side else RESPOND
    if what == RESPOND:
        found["responses"][key] = found["responses"].get(key, 0) + 1
        own["reserves"].setdefault(location, []).append(block)
        found["reserves"][side] = found["reserves"].get(side, 0) + 1
        return what
    if key not in found["roads"]:
        found["roads"].append(key)
        found["origins"][key] = came_from
        found["main"] = None
    found["arrivals"][key] = found["arrivals"].get(key, 0) + 1
    return what


def main_choices(found: Record, unreserved: Collection[str] = ()) -> list[str]:
    """The border keys of an attack that may be its main attack.

    Every border it used but those in ``unreserved``: ways in that never bring
    reserves (a game may say so of some kinds of border), whose blocks always fight
    with the main force.
    """
    return [key for key in found["roads"] if key not in unreserved]


def open_mains(public: Record, side: str, unreserved: Collection[str] = ()) -> list[str]:
    """Locations ``side`` attacked across two or more borders whose main attack is not
    declared (borders in ``unreserved`` do not count, see :func:`main_choices`)."""
    return [
        location
        for location in public["contested"]
        if (found := public["attacks"].get(location)) is not None
        and found["attacker"] == side
        and found["main"] is None
        and len(main_choices(found, unreserved)) > 1
    ]


def declare_main(public: Record, location: str, key: str) -> None:
    """The attack on ``location`` across the border ``key`` is the main attack."""
    found = attack(public, location)
    if found is None or key not in found["roads"]:
        raise ValueError(f"no attack on {location!r} across {key!r}")
    found["main"] = key


def settle_attacks(
    public: Record,
    own: Record,
    side: str,
    defenders: Mapping[str, int],
    unreserved: Collection[str] = (),
    *,
    reserves_pin: bool = False,
) -> None:
    """After ``side``'s moves (``own`` its record): the main attack, the pins and the
    reserves of each of its attacks.

    An attack across a single border has it as its main attack by itself; undeclared
    otherwise, the first border used is. Blocks that came across another border (not
    in ``unreserved``) are reserves. ``defenders`` gives the enemy blocks standing in
    each attacked location now: the attacking blocks pin as many of them, the main
    force only (Julius Caesar 6.13) or, with ``reserves_pin``, the reserves too
    (Hammer of the Scots 4.6).
    """
    own_arrivals = own["arrivals"]
    for location in public["contested"]:
        found = public["attacks"].get(location)
        if found is None or found["attacker"] != side:
            continue
        if found["main"] is None:
            found["main"] = (main_choices(found, unreserved) or found["roads"])[0]
        main = found["main"]
        fighting = [key for key in found["roads"] if key == main or key in unreserved]
        pinning = found["roads"] if reserves_pin else fighting
        attacking = sum(found["arrivals"].get(key, 0) for key in pinning)
        found["pinned"] = min(attacking, defenders.get(location, 0))
        arrivals = own_arrivals.get(location, {})
        reserves = sorted(block for block, key in arrivals.items() if key not in fighting)
        own["reserves"][location] = reserves
        found["reserves"][side] = len(reserves)
