"""The naval module's invariants, checked by ``legatus check-game`` after every action.

The generic ones (each piece in one place it may stand, long counters on the map, strengths
within limits) come from the framework; these are the game's own.
"""

from __future__ import annotations

from typing import Any

from legatus import OFF_MAP, GameDef, Invariant, piece
from legatus.games.gbojc_naval import fleet


def one_counter_per_hex(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """6.5: no two ships share a hex."""
    seen: dict[str, str] = {}
    problems = []
    for ship in fleet.afloat(definition, state):
        for hex_id in fleet.hexes(definition, state, ship):
            if hex_id in seen:
                problems.append(f"{ship} and {seen[hex_id]} both on {hex_id}")
            seen[hex_id] = ship
    return problems


def grapples_hold_both_ways(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """8.1: a grapple joins two ships afloat, side by side, and both know it."""
    problems = []
    for ship in fleet.afloat(definition, state):
        for other in fleet.grappled_to(state, ship):
            if piece(state, other).at in OFF_MAP:
                problems.append(f"{ship} is grappled to {other}, which is not afloat")
            elif ship not in fleet.grappled_to(state, other):
                problems.append(f"{ship} is grappled to {other} but not the other way")
            elif not fleet.adjacent(definition, state, ship, other):
                problems.append(f"{ship} is grappled to {other} but they are apart")
    return problems


def commanders_aboard(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """5.1: a commander in play rides on a ship of its own side, at its bow hex."""
    problems = []
    for side in definition.side_ids:
        for commander in fleet.commanders(definition, state, side):
            ship = fleet.attr(state, commander, "ship", None)
            if ship is None or piece(state, ship).at in OFF_MAP:
                problems.append(f"{commander} is on no ship afloat")
            elif piece(state, ship).side != side:
                problems.append(f"{commander} rides on {ship}, an enemy ship")
            elif piece(state, commander).at != piece(state, ship).at:
                problems.append(f"{commander} is not at its ship {ship}")
    return problems


#: The game's own invariants, checked by ``legatus check-game`` after every action.
INVARIANTS: dict[str, Invariant] = {
    "one counter per hex (GBoJC 6.5)": one_counter_per_hex,
    "grapples hold both ways (GBoJC 8.1)": grapples_hold_both_ways,
    "commanders aboard (GBoJC 5.1)": commanders_aboard,
}
