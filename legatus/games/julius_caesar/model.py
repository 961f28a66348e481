"""Julius Caesar's reading of the game state: its two sides, control, VP, typed records.

The records are those the manifest declares (``game.yaml`` says what each holds), read
typed through :class:`Records`; ``command`` and ``own_command`` are the kit's record of
moves into battle (``command_record.py``). A block eliminated this year lies in its pool
flagged ``face_up`` (JC 7.5), or ``face_down`` (PL 7.5, ``eliminated.face_up`` false).
"""

from __future__ import annotations

from typing import Any

from legatus import Field, GameDef, RecordsView, State, kit

#: Piece flags of a block eliminated this year, lying in its pool (JC 5.2, 7.5, 8.6).
ELIMINATED_FLAGS = FACE_UP, FACE_DOWN = kit.levy.ELIMINATED
SIDES = CAESAR, POMPEY = ("caesar", "pompey")
road_key = kit.border_key  # the key of the road between two spaces


def occupants(state: State) -> kit.retreat.Occupied:
    """Space id -> the sides with blocks there (the kit's index kept with the pieces)."""
    return kit.Occupancy.of(state["pieces"]).sides_by_space()


def enemy(side: str) -> str:
    return POMPEY if side == CAESAR else CAESAR


def controls(state: State, side: str, space: str) -> bool:
    """JC 4.2.1: the space is friendly to the side (its blocks alone stand there)."""
    return kit.area_status(occupants(state), space, side) == "friendly"


def vp(definition: GameDef, state: State, side: str) -> int:
    """JC 1.2: VP of friendly cities plus one per enemy leader killed."""
    board = definition.board
    cities = sum(
        board.spaces[space].vp
        for space, sides in occupants(state).items()
        if len(sides) == 1
        and side in sides
        and board.space_kinds[board.spaces[space].kind] == "land"
    )
    return cities + len(trophies(state, side))


def trophies(state: State, side: str) -> list[str]:
    """JC 1.2, 7.51: the enemy leaders the side has killed (1 VP each)."""
    found: list[str] = records(state).trophies.get(side, [])
    return found


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
