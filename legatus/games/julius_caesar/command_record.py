"""The command phase's record of one game turn (JC 6.0-6.4), kept for the battle phase.

Why two halves: the enemy sees blocks move (their location and owner are
public, JC 3.0 "fog of war") but never which blocks they are. So everything
that can be counted from the table goes to ``model.records(state).command``,
and every block id goes to ``model.records(state).own_command[side]``, which only
that side's view shows. The battle phase reads both through
:func:`attack_detail` and :func:`event_group_detail`.

Public, ``model.records(state).command``:

``road_use``
    ``{side: {road key: blocks}}``: blocks each side moved along each road
    this turn, both directions together (JC 6.11). Sea borders are not
    counted: they have no limit.
``attacks``
    ``{location: attack}`` for every location a side entered while the enemy
    held it (JC 6.12-6.14); an attack is::

        {"attacker": side, "defender": side,
         "roads": [road keys, in the order first used],   # roads and sea borders
         "origins": {road key: the space the attacker came from},
         "arrivals": {road key: attacking blocks that came that way},
         "main": road key of the main attack (None until declared, JC 7.3),
         "pinned": defenders pinned (JC 6.13; set with "main"),
         "responses": {road key: defender blocks that came that way (JC 6.14)},
         "reserves": {side: blocks in reserve (JC 7.3)}}

``contested``
    locations in the order they became contested (JC 7.1).
``sea_moves``
    one ``{"side", "from", "seas", "to"}`` per block moved by sea (JC 6.3).
``held_seas``
    ``{side: [seas]}`` crossed by its sea moves, where one of its navis must
    stay for the rest of the command phase (JC 6.3).
``event_group``
    ``{"side", "mode", "from", "attacked", "location", "count"}`` for the
    group moved by Mars, Mercury, Pluto or Neptune: where it came from, the
    locations it attacked, the one location if it attacked exactly one
    (``None`` otherwise), and how many blocks moved.

Private, ``model.records(state).own_command[side]`` (declared ``visible_to: owner``):

``moved``
    ids of the side's blocks that moved this turn (JC 6.1: once per turn).
``levied``
    ids of blocks levied this turn (JC 6.4: they do not move this turn).
``arrivals``
    ``{location: {block: road key}}`` for the side's blocks that attacked,
    reinforced or responded there.
``reserves``
    ``{location: [block ids]}``: the side's reserves there (JC 7.3): the
    attacker's blocks not on the main road, the defender's responders.
``event_group``
    ids of the blocks the event moved.

A road key is :func:`legatus.games.julius_caesar.model.road_key` of the two spaces.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from legatus import Context, State, reset_record, rules_effect
from legatus.games.julius_caesar import model
from legatus.games.julius_caesar.model import SIDES, enemy, road_key

Record = dict[str, Any]


@rules_effect("new_command_turn()", rule="JC 6.1")
def new_turn(ctx: Context) -> None:
    """Forget last turn's record: every block may move again (JC 6.1). Both halves go back
    to their declared starts (the manifest's ``command`` and ``own_command``)."""
    reset_record(ctx.definition, ctx.state, "command")
    reset_record(ctx.definition, ctx.state, "own_command")


def public(state: State) -> Record:
    """The public half (declared ``command`` in the manifest)."""
    record: Record = model.records(state).command
    return record


def private(state: State, side: str) -> Record:
    record: Record = model.records(state).own_command[side]
    return record


# -- reading ---------------------------------------------------------------------------


def moved(state: State, side: str) -> list[str]:
    found: list[str] = private(state, side)["moved"]
    return found


def road_used(state: State, side: str, key: str) -> int:
    """Blocks of ``side`` that used the road this turn (JC 6.11)."""
    return int(public(state)["road_use"].get(side, {}).get(key, 0))


def attack(state: State, location: str) -> Record | None:
    found: Record | None = public(state)["attacks"].get(location)
    return found


def attacker_at(state: State, location: str) -> str | None:
    found = attack(state, location)
    return None if found is None else str(found["attacker"])


def held_seas(state: State, side: str) -> list[str]:
    seas: list[str] = public(state)["held_seas"].setdefault(side, [])
    return seas


def other_end(key: str, space: str) -> str:
    a, _, b = key.partition("|")
    return b if a == space else a


def attack_detail(state: State, location: str) -> Record | None:
    """Everything the battle at ``location`` needs to know, block ids included.

    The public attack (above) plus ``"origins_by_block"``: ``{block: the
    space it entered from}`` for both sides' blocks that attacked, reinforced
    or responded there, and ``"reserve_blocks"``: ``{side: [block ids]}``
    (JC 7.3). For the battle phase's own use: never show it to a side.
    """
    found = attack(state, location)
    if found is None:
        return None
    detail = dict(found)
    origins: dict[str, str] = {}
    reserves: dict[str, list[str]] = {}
    for side in SIDES:
        own = private(state, side)
        for block, key in own["arrivals"].get(location, {}).items():
            origins[block] = other_end(key, location)
        reserves[side] = sorted(own["reserves"].get(location, []))
    detail["origins_by_block"] = origins
    detail["reserve_blocks"] = reserves
    return detail


def event_group_detail(state: State) -> Record | None:
    """The event group's public record plus ``"blocks"`` (its ids), or None."""
    group: Record | None = public(state).get("event_group")
    if group is None:
        return None
    detail = dict(group)
    detail["blocks"] = sorted(private(state, str(group["side"]))["event_group"])
    return detail


# -- writing ---------------------------------------------------------------------------


def use_road(state: State, side: str, key: str) -> None:
    uses = public(state)["road_use"].setdefault(side, {})
    uses[key] = uses.get(key, 0) + 1


def note_moved(state: State, side: str, block: str) -> None:
    moved(state, side).append(block)


def note_engagement(state: State, side: str, block: str, location: str, came_from: str) -> str:
    """A block of ``side`` entered ``location`` while enemy blocks stood there.

    Returns what it did: ``"attack"`` (the location was enemy: it becomes
    contested now, JC 4.2.1), ``"reinforce"`` (its side already attacks
    there) or ``"respond"`` (its side defends there: a reserve, JC 6.14).
    """
    record = public(state)
    key = road_key(came_from, location)
    found = record["attacks"].get(location)
    own = private(state, side)
    own["arrivals"].setdefault(location, {})[block] = key
    if found is None:
        found = {
            "attacker": side,
            "defender": enemy(side),
            "roads": [],
            "origins": {},
            "arrivals": {},
            "main": None,
            "pinned": 0,
            "responses": {},
            "reserves": {s: 0 for s in SIDES},
        }
        record["attacks"][location] = found
        record["contested"].append(location)
        what = "attack"
    else:
        what = "reinforce" if found["attacker"] == side else "respond"
    if what == "respond":
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
    """The road keys of an attack that may be its main attack (JC 7.3).

    Every road and sea border it used, but those in ``unreserved``: ways in that
    never bring reserves (sea borders by the Polish 7.3, which speaks of roads
    only), whose blocks always fight with the main force.
    """
    return [key for key in found["roads"] if key not in unreserved]


def open_mains(state: State, side: str, unreserved: Collection[str] = ()) -> list[str]:
    """Locations ``side`` attacked along two or more roads whose main attack is undeclared
    (roads in ``unreserved`` do not count, see :func:`main_choices`)."""
    record = public(state)
    return [
        location
        for location in record["contested"]
        if (found := record["attacks"].get(location)) is not None
        and found["attacker"] == side
        and found["main"] is None
        and len(main_choices(found, unreserved)) > 1
    ]


def declare_main(state: State, location: str, key: str) -> None:
    found = attack(state, location)
    assert found is not None and key in found["roads"]
    found["main"] = key


def settle_attacks(
    state: State, side: str, defenders: dict[str, int], unreserved: Collection[str] = ()
) -> None:
    """After ``side``'s moves: main attacks, pins and reserves of its attacks (JC 6.13, 7.3).

    A single road is the main attack by itself. ``defenders`` gives the
    enemy blocks standing in each attacked location now: attacking blocks
    (not reserves) pin as many of them. Blocks that came along a road in
    ``unreserved`` are never reserves (see :func:`main_choices`).
    """
    record = public(state)
    own = private(state, side)
    for location in record["contested"]:
        found = record["attacks"].get(location)
        if found is None or found["attacker"] != side:
            continue
        if found["main"] is None:
            found["main"] = (main_choices(found, unreserved) or found["roads"])[0]
        main = found["main"]
        fighting = [key for key in found["roads"] if key == main or key in unreserved]
        attacking = sum(found["arrivals"].get(key, 0) for key in fighting)
        found["pinned"] = min(attacking, defenders.get(location, 0))
        arrivals = own["arrivals"].get(location, {})
        reserves = sorted(block for block, key in arrivals.items() if key not in fighting)
        own["reserves"][location] = reserves
        found["reserves"][side] = len(reserves)


def note_sea_move(state: State, side: str, origin: str, seas: list[str], to: str) -> None:
    record = public(state)
    record["sea_moves"].append({"side": side, "from": origin, "seas": list(seas), "to": to})
    held = held_seas(state, side)
    for sea in seas:
        if sea not in held:
            held.append(sea)


def open_event_group(state: State, side: str, mode: str, origin: str) -> None:
    public(state)["event_group"] = {
        "side": side,
        "mode": mode,
        "from": origin,
        "attacked": [],
        "location": None,
        "count": 0,
    }
    private(state, side)["event_group"] = []


def note_event_move(state: State, block: str, attacked: str | None) -> None:
    group: Record | None = public(state).get("event_group")
    if group is None:
        return
    group["count"] += 1
    private(state, str(group["side"]))["event_group"].append(block)
    if attacked is not None and attacked not in group["attacked"]:
        group["attacked"].append(attacked)
    group["location"] = group["attacked"][0] if len(group["attacked"]) == 1 else None


def battles(state: State, contested_now: set[str]) -> list[str]:
    """Contested locations for the battle phase: in the order they arose, then the rest."""
    listed = [loc for loc in public(state)["contested"] if loc in contested_now]
    return listed + sorted(contested_now - set(listed))
