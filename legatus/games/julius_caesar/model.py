"""Julius Caesar's reading of the game state: locations, control, VP.

The state layout is the framework's (:mod:`legatus.framework.engine.state`). What
Julius Caesar adds lives under ``state["records"]`` (everyone sees it):

``player1``
    the side that is Player 1 this turn (JC 2.1), None when the turn is cancelled.
``cards``, ``copied``, ``previous_cards``, ``orders``
    the cards revealed this turn (``{side: card}``), what an Apollo copied, last
    turn's cards in effect (what Apollo copies), and the move and levy points
    each side may spend (``{side: {"move", "levy"}}``), written by the card phase.
``event``, ``cancelled``
    the event in force (``{"card", "side"}`` or None); true when both played
    events, so the turn ends at once (JC 2.1).
``command``
    this turn's command-phase record (see ``command_record.py``): ``road_use``
    (``{side: {road key: blocks}}``, JC 6.11), ``attacks`` (``{location:
    {attacker, defender, roads, origins, arrivals, main, pinned, responses,
    reserves}}`` with counts only, JC 6.12-6.14), ``contested``,
    ``sea_moves``, ``held_seas`` and ``event_group``. Block identities
    (which blocks moved, arrived by which road, are in reserve) are kept in
    ``private[side]["command"]``, never in public.
``battles``, ``battle``
    contested locations awaiting battle, in the order they arose (JC 7.1), and
    the battle in progress (``{location, round, attacker, defender}``).
``trophies``
    ``{side: [enemy leader ids killed]}``, 1 VP each (JC 1.2, 7.51).
``leaders_lost``
    ``{side: number of own leaders killed}`` (JC 3.21: the third leader).
``defected``
    ``{block: original side}`` for blocks that changed side through Jupiter.

Piece flags: ``revealed`` while a block fights unreserved in a battle;
``face_up`` while it lies in the pool after elimination this year (JC 7.5),
for both players to see; ``face_down`` instead where eliminated blocks lie
face down (PL 7.5, parameter ``eliminated.face_up`` false): not levied this
year either, but its identity stays its owner's.
A road key is the two space ids joined by ``|`` in sorted order, e.g.
``"Genua|Roma"``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from legatus import Field, GameDef, PieceEntry, RecordsView, State, pieces_at, pieces_of

#: Piece flags of a block eliminated this year, lying in its pool (JC 5.2, 7.5, 8.6).
FACE_UP, FACE_DOWN = "face_up", "face_down"
ELIMINATED_FLAGS = (FACE_UP, FACE_DOWN)

CAESAR = "caesar"
POMPEY = "pompey"
SIDES = (CAESAR, POMPEY)


def enemy(side: str) -> str:
    return POMPEY if side == CAESAR else CAESAR


def road_key(a: str, b: str) -> str:
    return f"{a}|{b}" if a < b else f"{b}|{a}"


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


def friendly_cities(definition: GameDef, state: State, side: str) -> list[str]:
    found = occupants(state)
    land = definition.board.space_kinds
    return sorted(
        space
        for space, sides in found.items()
        if sides == {side} and land[definition.board.spaces[space].kind] == "land"
    )


def vp(definition: GameDef, state: State, side: str) -> int:
    """JC 1.2: VP of friendly cities plus one per enemy leader killed."""
    spaces = definition.board.spaces
    cities = sum(spaces[c].vp for c in friendly_cities(definition, state, side))
    return cities + len(trophies(state, side))


def trophies(state: State, side: str) -> list[str]:
    found: list[str] = records(state).trophies.get(side, [])
    return found


def controls(state: State, side: str, space: str) -> bool:
    return status(state, space, side) == "friendly"


def pool(state: State, side: str) -> list[str]:
    return pieces_at(state, "pool", side)


def on_map(state: State, side: str) -> Iterable[tuple[str, PieceEntry]]:
    return (
        (pid, p)
        for pid, p in pieces_of(state)
        if p["side"] == side and p["at"] not in ("pool", "out")
    )


# -- the records, typed ---------------------------------------------------------------------------


class Records(RecordsView):
    """Julius Caesar's records (``records:`` of its manifest), typed. A field with a default
    reads it while a hand-built position lacks the record (a state the engine starts holds
    every declared record)."""

    cards = Field[dict[str, "str | None"]](default={})  # side -> the card it played (JC 2.1)
    copied = Field[dict[str, "str | None"]](default={})  # side -> the card Apollo copied
    event = Field["dict[str, Any] | None"](default=None)  # the event played: card, side
    cancelled = Field[bool](default=False)  # two events: the turn is cancelled (JC 2.1)
    player1 = Field["str | None"](default=None)  # the side that plays first this turn
    orders = Field[dict[str, dict[str, int]]](default={})  # side -> its move and levy points
    previous_cards = Field[dict[str, "str | None"]](default={})  # last turn's cards
    command = Field[dict[str, Any]]()  # this turn's moves: road use, attacks, sea moves
    own_command = Field[dict[str, dict[str, Any]]]()  # side -> what only it knows of them
    deployment = Field[dict[str, dict[str, str]]]()  # side -> block -> city (JC 5.3)
    battles = Field[list[str]](default=[])  # the battles still to fight (JC 7.1)
    battle = Field["dict[str, Any] | None"](default=None)  # the battle being fought
    trophies = Field[dict[str, list[str]]](default={})  # side -> enemy leaders it killed
    leaders_lost = Field[dict[str, int]](default={})  # side -> its leaders lost
    defected = Field[dict[str, str]](default={})  # block -> the side it left (Jupiter)


def records(state: State) -> Records:
    """The typed view of ``state``'s records."""
    return Records.of(state)
