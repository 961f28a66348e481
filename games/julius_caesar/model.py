"""Julius Caesar's reading of the game state: locations, control, VP.

The state layout is the framework's (:mod:`framework.engine.state`). What
Julius Caesar adds lives under ``state["public"]`` (everyone sees it):

``player1``
    the side that is Player 1 this turn (JC 2.1).
``cards``
    ``{side: card id}`` revealed this turn; ``event`` the event card in force
    (or None); ``cancelled`` true when both played events (JC 2.1).
``command``
    this turn's command-phase record: ``moved`` (ids of blocks that moved),
    ``road_use`` (``{side: {road key: blocks}}``, JC 6.11), ``attacks``
    (``{location: {"attacker": side, "main": road key, "roads": [road keys],
    "reserves": [block ids], "pinned": [defender ids]}}``, JC 6.12-6.14),
    ``sea_moves`` (amphibious moves this turn, JC 6.3).
``battles``
    contested locations awaiting battle, in the order they arose (JC 7.1).
``trophies``
    ``{side: [enemy leader ids killed]}``, 1 VP each (JC 1.2, 7.51).
``leaders_lost``
    ``{side: number of own leaders killed}`` (JC 3.21: the third leader).

Piece flags: ``revealed`` while a block fights unreserved in a battle;
``face_up`` while it lies in the pool after elimination this year (JC 7.5).
A road key is the two space ids joined by ``|`` in sorted order, e.g.
``"Genua|Roma"``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from framework.engine.state import State
from framework.gamedef import GameDef

CAESAR = "caesar"
POMPEY = "pompey"
SIDES = (CAESAR, POMPEY)


def enemy(side: str) -> str:
    return POMPEY if side == CAESAR else CAESAR


def road_key(a: str, b: str) -> str:
    return f"{a}|{b}" if a < b else f"{b}|{a}"


def blocks_at(state: State, space: str, side: str | None = None) -> list[str]:
    """Ids of the blocks standing at a space, optionally one side's, sorted."""
    return [
        pid
        for pid, p in state["pieces"].items()
        if p["at"] == space and (side is None or p["side"] == side)
    ]


def occupants(state: State) -> dict[str, set[str]]:
    """Space id -> the sides with blocks there (one pass over the pieces)."""
    found: dict[str, set[str]] = {}
    for piece in state["pieces"].values():
        at = piece["at"]
        if at not in ("pool", "out"):
            found.setdefault(at, set()).add(piece["side"])
    return found


def status(state: State, space: str, side: str) -> str:
    """JC 4.2.1 / 4.4: 'friendly', 'enemy', 'vacant' or 'contested' for ``side``."""
    sides = {p["side"] for p in state["pieces"].values() if p["at"] == space}
    return status_of(sides, side)


def status_of(sides: set[str], side: str) -> str:
    if not sides:
        return "vacant"
    if len(sides) > 1:
        return "contested"
    return "friendly" if side in sides else "enemy"


def friendly_cities(game: GameDef, state: State, side: str) -> list[str]:
    found = occupants(state)
    land = game.board.space_kinds
    return sorted(
        space
        for space, sides in found.items()
        if sides == {side} and land[game.board.spaces[space].kind] == "land"
    )


def vp(game: GameDef, state: State, side: str) -> int:
    """JC 1.2: VP of friendly cities plus one per enemy leader killed."""
    spaces = game.board.spaces
    cities = sum(spaces[c].vp for c in friendly_cities(game, state, side))
    return cities + len(trophies(state, side))


def trophies(state: State, side: str) -> list[str]:
    found: list[str] = state["public"].get("trophies", {}).get(side, [])
    return found


def controls(state: State, side: str, space: str) -> bool:
    return status(state, space, side) == "friendly"


def pool(state: State, side: str) -> list[str]:
    return [pid for pid, p in state["pieces"].items() if p["at"] == "pool" and p["side"] == side]


def on_map(state: State, side: str) -> Iterable[tuple[str, dict[str, Any]]]:
    return (
        (pid, p)
        for pid, p in state["pieces"].items()
        if p["side"] == side and p["at"] not in ("pool", "out")
    )
