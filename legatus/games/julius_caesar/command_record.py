"""The command phase's record of one game turn (JC 6.0-6.4), kept for the battle phase.

The record is the kit's (:mod:`legatus.framework.kit.command`, whose keys
:mod:`legatus.framework.kit.engagement` documents): public, ``records.command`` (border
use, JC 6.11, sea borders not counted; attacks, JC 6.12-6.14, 7.3; the contested order,
JC 7.1; sea moves and the seas held, JC 6.3), and per side, ``records.own_command[side]``,
the block ids only that side's view shows (JC 3.0 "fog of war": blocks moved, JC 6.1,
arrivals and reserves, JC 7.3, levied, JC 6.4). Julius Caesar keeps one more thing in
each half, the group an event moved (cards Mars, Mercury, Pluto, Neptune), for the
battle phase's first fire: public ``event_group``, ``{"side", "mode", "from",
"attacked", "location", "count"}`` (the locations it attacked, the one location if it
attacked exactly one, how many blocks moved), and private ``event_group``, its ids.
"""

from __future__ import annotations

from typing import Any

from legatus import State, kit
from legatus.games.julius_caesar import model
from legatus.games.julius_caesar.model import SIDES

Record = dict[str, Any]
public, private, held_seas = kit.command.public, kit.command.private, kit.command.held_seas


def moved(state: State, side: str) -> list[str]:
    found: list[str] = private(state, side)["moved"]
    return found


def road_used(state: State, side: str, key: str) -> int:
    """Blocks of ``side`` that used the road this turn (JC 6.11)."""
    return kit.engagement.border_used(public(state), side, key)


def attack(state: State, location: str) -> Record | None:
    return kit.engagement.attack(public(state), location)


def attack_detail(state: State, location: str) -> Record | None:
    """Everything the battle at ``location`` needs to know, block ids included. For the
    battle phase's own use: never show it to a side."""
    own = model.records(state).own_command
    return kit.engagement.attack_detail(public(state), own, location, SIDES)


def event_group_detail(state: State) -> Record | None:
    """The event group's public record plus ``"blocks"`` (its ids), or None."""
    group: Record | None = public(state).get("event_group")
    if group is None:
        return None
    return {**group, "blocks": sorted(private(state, str(group["side"]))["event_group"])}


def open_event_group(state: State, side: str, mode: str, origin: str) -> None:
    group: Record = {"side": side, "mode": mode, "from": origin, "attacked": [], "location": None}
    public(state)["event_group"] = {**group, "count": 0}
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
