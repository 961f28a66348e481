"""The fleet as the rules see it: ships, their hexes, values and relations.

Everything here reads the state; nothing rolls or asks. A ship's changing
values live in its piece state (legatus/framework/engine/state.py): ``facing``, and
``attrs`` with ``speed`` ("cruise" or "max", galleys, 6.11), ``fatigue``
(turns left, 6.43), ``depletion`` (levels, 8.61) and ``grappled`` (the ships
it is grappled to, 8.1). Flags: ``captured``/``recaptured`` (8.25-8.26),
``immobilised`` (sails cut, 7.1), ``burning`` (8.53). A commander's
``attrs.ship`` is the ship carrying it (5.1); its strength is the side shown
(2 front, 1 reduced, 5.52-5.53).

What happens during the current turn is in ``records["turn"]``: which ships
acted, fired, tried to grapple, were repelled (8.27, 8.31), took fatigue (6.45), and
so on.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from typing import Any, TypedDict

from legatus import (
    OFF_MAP,
    Context,
    Field,
    GameDef,
    HexGrid,
    RecordsView,
    State,
    footprint,
    piece,
    pieces_of,
)

GALLEY = "galley"
SAILING = "sailing_ship"
COMMANDER = "commander"


def grid(definition: GameDef) -> HexGrid:
    found = definition.board.hex_grid
    assert found is not None, "the naval game is played on a hex map"
    return found


def is_ship(definition: GameDef, pid: str) -> bool:
    return definition.pieces[pid].type != COMMANDER


def is_galley(definition: GameDef, pid: str) -> bool:
    return definition.pieces[pid].type == GALLEY


def afloat(definition: GameDef, state: State) -> Iterator[str]:
    """Ships on the map, in id order."""
    for pid, entry in pieces_of(state):
        if entry["at"] not in OFF_MAP and is_ship(definition, pid):
            yield pid


def ships_of(definition: GameDef, state: State, side: str) -> list[str]:
    return [p for p in afloat(definition, state) if piece(state, p).side == side]


def hexes(definition: GameDef, state: State, pid: str) -> tuple[str, ...]:
    """The hexes a ship covers, bow first (a galley two, 4.0)."""
    return tuple(h for h in footprint(definition, state, pid) if h is not None)


def occupancy(definition: GameDef, state: State) -> dict[str, str]:
    """Hex -> the ship on it (6.5: one counter per hex)."""
    taken: dict[str, str] = {}
    for pid in afloat(definition, state):
        for hex_id in hexes(definition, state, pid):
            taken[hex_id] = pid
    return taken


def facing(state: State, pid: str) -> str:
    """The hex side a ship's bow points at (every ship on the map has one, 4.0)."""
    found = piece(state, pid).facing
    assert found is not None, f"{pid} has no facing"
    return found


def attr(state: State, pid: str, name: str, default: Any = 0) -> Any:
    return piece(state, pid).attr(name, default)


def set_attr(state: State, pid: str, name: str, value: Any) -> None:
    piece(state, pid).set_attr(name, value)


def has(state: State, pid: str, flag: str) -> bool:
    return flag in piece(state, pid).flags


def taken_ship(state: State, pid: str) -> bool:
    """Captured or recaptured (8.25-8.26): C0 and M0 for the rest of the game."""
    return has(state, pid, "captured") or has(state, pid, "recaptured")


def crew(definition: GameDef, state: State, pid: str) -> int:
    """C#: the counter's, or 0 for a captured ship (8.25, 8.64)."""
    if taken_ship(state, pid):
        return 0
    return int(definition.pieces[pid].stats["crew"])


def marines(definition: GameDef, state: State, pid: str) -> int:
    """M#: the counter's less the depletion levels, never below 0; 0 when captured (8.62, 8.25)."""
    if taken_ship(state, pid):
        return 0
    return max(0, int(definition.pieces[pid].stats["marines"]) - int(attr(state, pid, "depletion")))


def grappled_to(state: State, pid: str) -> list[str]:
    return list(attr(state, pid, "grappled", []))


def grapple(state: State, a: str, b: str) -> None:
    for x, y in ((a, b), (b, a)):
        partners = sorted({*grappled_to(state, x), y})
        set_attr(state, x, "grappled", partners)


def ungrapple(state: State, a: str, b: str) -> None:
    for x, y in ((a, b), (b, a)):
        partners = [p for p in grappled_to(state, x) if p != y]
        if partners:
            set_attr(state, x, "grappled", partners)
        else:
            piece(state, x).attrs.pop("grappled", None)


def grappled_by_enemy(state: State, pid: str) -> bool:
    side = piece(state, pid).side
    return any(piece(state, p).side != side for p in grappled_to(state, pid))


def immobile(state: State, pid: str) -> bool:
    """Sails cut (7.1): the counter shows its immobile side."""
    return has(state, pid, "immobilised")


class Wind(TypedDict):
    strength: int
    direction: str
    calm: bool


class Records(RecordsView):
    """The naval game's records (``records:`` of its manifest), typed; a state holds every
    declared record from its start (:mod:`legatus.framework.engine.records`)."""

    wind = Field[Wind]()
    squadrons = Field[dict[str, list[str]]]()  # commander -> its ships (5.22)
    individual = Field[list[str]]()  # ships outside any squadron (5.3)
    first = Field["str | None"]()  # the side that won the initiative (3.2)
    turn = Field[dict[str, list[Any]]]()  # what happened this turn


def records(state: State) -> Records:
    return Records.of(state)


def wind(state: State) -> Wind:
    return records(state).wind


def dead_calm(state: State) -> bool:
    return bool(wind(state)["calm"])


def turn_data(state: State) -> dict[str, Any]:
    return records(state).turn


def turn_list(state: State, key: str) -> list[Any]:
    found: list[Any] = turn_data(state).setdefault(key, [])
    return found


def mark(state: State, key: str, value: Any) -> None:
    found = turn_list(state, key)
    if value not in found:
        found.append(value)
        found.sort(key=str)


def adjacent(definition: GameDef, state: State, a: str, b: str) -> bool:
    """Some hex of ``a`` shares a side with some hex of ``b``."""
    g = grid(definition)
    other = set(hexes(definition, state, b))
    return any(n in other for h in hexes(definition, state, a) for n in g.adjacent(h))


def distance(definition: GameDef, state: State, a: str, b: str) -> int:
    g = grid(definition)
    return min(
        g.hex_distance(x, y)
        for x in hexes(definition, state, a)
        for y in hexes(definition, state, b)
    )


def enemies_adjacent(definition: GameDef, state: State, pid: str) -> list[str]:
    side = piece(state, pid).side
    return [
        o
        for o in afloat(definition, state)
        if piece(state, o).side != side and adjacent(definition, state, pid, o)
    ]


def height_advantage(ctx: Context, a: str, b: str) -> bool:
    """Does ship ``a`` tower over ship ``b``?

    The rules give the height advantage a modifier in boarding (8.24) and
    fire (8.44) but never say who has it; 7.1 speaks of the Veneti sailing
    ships' height. Parameter ``height.sailing_over_galley`` (default true):
    a sailing ship has it over a galley, and no one otherwise.
    """
    if not ctx.param("height.sailing_over_galley"):
        return False
    d = ctx.definition
    return d.pieces[a].type == SAILING and is_galley(d, b)


def commanders_on(definition: GameDef, state: State, ship: str) -> list[str]:
    return [
        pid
        for pid, entry in pieces_of(state)
        if definition.pieces[pid].type == COMMANDER
        and entry["at"] not in OFF_MAP
        and attr(state, pid, "ship", None) == ship
    ]


def commanders(definition: GameDef, state: State, side: str) -> list[str]:
    return [
        pid
        for pid, entry in pieces_of(state)
        if definition.pieces[pid].type == COMMANDER
        and entry["at"] not in OFF_MAP
        and entry["side"] == side
    ]


def command_range(definition: GameDef, state: State, commander: str) -> int:
    """The range on the side shown (5.23; the reduced side after a transfer or death, 5.52-5.53)."""
    stats = definition.pieces[commander].stats
    front = piece(state, commander).strength >= 2
    return int(stats["range"] if front else stats["reduced_range"])


def admiral(definition: GameDef, state: State, side: str) -> str | None:
    """The side's admiral: its commander with an initiative value (5.12), if still in play."""
    for pid in commanders(definition, state, side):
        if int(definition.pieces[pid].stats["initiative"]) > 0:
            return pid
    return None


def move_commanders(definition: GameDef, state: State, ship: str) -> None:
    """Commanders ride on their ship's bow hex."""
    at = piece(state, ship).at
    for commander in commanders_on(definition, state, ship):
        piece(state, commander).at = at


def hex_reach(
    definition: GameDef, state: State, start: Iterable[str], side: str, limit: int
) -> dict[str, int]:
    """Hexes within ``limit`` steps of ``start``, never through a hex with an enemy ship.

    Command range (5.23) is counted this way: from any hex of the command
    ship, through hexes with friendly ships but not enemy ones, not counting
    the command ship's own hex.
    """
    g = grid(definition)
    taken = occupancy(definition, state)
    seen = {h: 0 for h in start}
    queue = deque(seen)
    while queue:
        here = queue.popleft()
        if seen[here] >= limit:
            continue
        for there in g.adjacent(here):
            if there in seen:
                continue
            holder = taken.get(there)
            seen[there] = seen[here] + 1
            if holder is not None and piece(state, holder).side != side:
                continue  # an enemy ship's hex is reached but not crossed
            queue.append(there)
    return seen


def ships_taken(definition: GameDef, state: State, side: str) -> int:
    """Enemy ships (by their starting side) sunk, or now in another side's hands."""
    count = 0
    for pid, counter in definition.pieces.items():
        if counter.type == COMMANDER or counter.side == side:
            continue
        now = piece(state, pid)
        if now.at == "out" or now.side != counter.side:
            count += 1
    return count


def fleet_size(definition: GameDef, side: str) -> int:
    return sum(1 for p in definition.pieces.values() if p.type != COMMANDER and p.side == side)
