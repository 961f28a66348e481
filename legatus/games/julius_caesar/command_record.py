"""The command phase's record of one game turn (JC 6.0-6.4), kept for the battle phase.

The record is the kit's (:mod:`legatus.framework.kit.engagement`: border use, attacks
with their origins, arrivals, main attack, pins, responses and reserves, the contested
order), in two halves: what both sides can count of the moves in
``model.records(state).command``, the block ids in ``model.records(state).own_command[side]``,
which only that side's view shows (JC 3.0 "fog of war"). The battle phase reads both
through :func:`attack_detail` and :func:`event_group_detail`. Julius Caesar keeps more
in them:

Public, ``model.records(state).command``, beside the kit's ``road_use`` (JC 6.11: sea
borders have no limit and are not counted), ``attacks`` (JC 6.12-6.14, 7.3) and
``contested`` (JC 7.1):

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

Private, ``model.records(state).own_command[side]`` (declared ``visible_to: owner``),
beside the kit's ``moved`` (JC 6.1: once per turn), ``arrivals`` and ``reserves``
(JC 7.3: the attacker's blocks not on the main road, the defender's responders):

``levied``
    ids of blocks levied this turn (JC 6.4: they do not move this turn).
``event_group``
    ids of the blocks the event moved.

A road key is :func:`legatus.games.julius_caesar.model.road_key` of the two spaces.
"""

from __future__ import annotations

from typing import Any

from legatus import Context, State, kit, reset_record, rules_effect
from legatus.games.julius_caesar import model
from legatus.games.julius_caesar.model import SIDES

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
    return kit.engagement.border_used(public(state), side, key)


def attack(state: State, location: str) -> Record | None:
    return kit.engagement.attack(public(state), location)


def held_seas(state: State, side: str) -> list[str]:
    seas: list[str] = public(state)["held_seas"].setdefault(side, [])
    return seas


def attack_detail(state: State, location: str) -> Record | None:
    """Everything the battle at ``location`` needs to know, block ids included (the kit's
    :func:`~legatus.framework.kit.engagement.attack_detail`). For the battle phase's own
    use: never show it to a side."""
    own = model.records(state).own_command
    return kit.engagement.attack_detail(public(state), own, location, SIDES)


def event_group_detail(state: State) -> Record | None:
    """The event group's public record plus ``"blocks"`` (its ids), or None."""
    group: Record | None = public(state).get("event_group")
    if group is None:
        return None
    detail = dict(group)
    detail["blocks"] = sorted(private(state, str(group["side"]))["event_group"])
    return detail


# -- writing ---------------------------------------------------------------------------


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
