"""Julius Caesar's documented queries: a point of play in the rulebook's words.

Rule tests (and anyone reading a game: a plugin's page, a script, an analysis) ask these
instead of the dictionaries the game keeps in its state, so a test reads like the rulebook
and the game may change how it keeps things. Each takes a
:class:`~legatus.framework.engine.situation.Situation` (the test kit's ``Kit``, a ``Match``,
a procedure's ``Context``)::

    queries.vp(kit, "pompey")           # 7 at the start of 705
    queries.battle_order(kit)           # [["Caesar"], ["Legio 5", "Legio 6"]]

What every block game reads alike (hands, the blocks at a location, a location's status
(JC 4.2.1), what a side sees of a block (JC 3.0), trophies (JC 7.51), the turn's attacks,
pins and road use (JC 6.11-6.14), the battles to fight, the one being fought and its
reserves (JC 7.1-7.3)) is the kit's,
:mod:`legatus.framework.kit.reads`; these are Julius Caesar's own. They answer the truth of
the state, hidden blocks included. Section numbers are the Polish rulebook's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from legatus import Situation, context_of, kit
from legatus.games.julius_caesar import command_record, model
from legatus.games.julius_caesar.battle import first_fire_blocks

# -- victory (JC 1.2) -----------------------------------------------------------------------


def vp(at: Situation, side: str) -> int:
    """JC 1.2: the VP of the side's friendly cities plus one per enemy leader it killed."""
    return model.vp(at.game.definition, at.state, side)


# -- the cards of the turn (JC 2.1) -------------------------------------------------------


@dataclass(frozen=True)
class Cards:
    """What the turn's two cards decided (JC 2.1), once revealed."""

    played: Mapping[str, str | None]  #: The card each side played (None if it passed).
    #: For a side that played Apollo, the card it copies (None if nothing to copy).
    copied: Mapping[str, str | None]
    player1: str | None  #: Player 1 this turn (None in a cancelled turn).
    event: tuple[str, str] | None  #: The event in force, (card, side), or None.
    cancelled: bool  #: Both played events, so the turn ends at once.
    orders: Mapping[str, tuple[int, int]]  #: Each side's (move points, levy points).
    #: The cards in effect last turn (what Apollo copies; empty in a year's first turn).
    previous: Mapping[str, str | None]


def cards(at: Situation) -> Cards:
    """JC 2.1: the turn's cards and what they decide (after the reveal)."""
    records = model.records(at.state)
    event = records.event
    return Cards(
        played=dict(records.cards or {}),
        copied=dict(records.copied or {}),
        player1=records.player1,
        event=None if not event else (str(event["card"]), str(event["side"])),
        cancelled=bool(records.cancelled),
        orders={s: (int(o["move"]), int(o["levy"])) for s, o in (records.orders or {}).items()},
        previous=dict(records.previous_cards or {}),
    )


# -- the command phase (JC 6.0-6.4) ----------------------------------------------------------


def move_points(at: Situation, side: str) -> int | None:
    """JC 6.1: the move points the side has left to spend this turn, while it moves (its
    card's, or the one group an event moves); None when it is not moving."""
    return kit.reads.points_left(at, side, "command_moves", "group_move")


def levy_points(at: Situation, side: str) -> int | None:
    """JC 6.4: the levy points the side has left to spend this turn, while it levies; None
    when it is not levying."""
    return kit.reads.points_left(at, side, "levy")


def levied(at: Situation, side: str) -> list[str]:
    """JC 6.4: the side's blocks levied this turn (they do not move this turn)."""
    return list(command_record.private(at.state, side)["levied"])


def sea_moves(at: Situation) -> list[tuple[str, str, tuple[str, ...], str]]:
    """JC 6.3: this turn's sea moves: (side, port left, seas crossed, port reached)."""
    found = command_record.public(at.state)["sea_moves"]
    return [(m["side"], m["from"], tuple(m["seas"]), m["to"]) for m in found]


def held_seas(at: Situation, side: str) -> list[str]:
    """JC 6.3: the seas the side's sea moves crossed, where a navis of its own must stay."""
    return list(command_record.public(at.state)["held_seas"].get(side, []))


@dataclass(frozen=True)
class EventGroup:
    """The group an event card moved this turn (Mars, Mercury, Neptune, Pluto)."""

    side: str
    mode: str  #: The event's way of moving, ``mars``, ``mercury``, ``neptune`` or ``pluto``.
    origin: str  #: The location the group moved from.
    attacked: tuple[str, ...]  #: The locations it attacked; the one it attacked, if exactly one.
    location: str | None
    blocks: tuple[str, ...]  #: The blocks it moved.


def event_group(at: Situation) -> EventGroup | None:
    """JC 2.1 cards Mars, Mercury, Neptune, Pluto: the group the event moved this turn."""
    found = command_record.event_group_detail(at.state)
    if found is None:
        return None
    return EventGroup(
        str(found["side"]),
        str(found["mode"]),
        str(found["from"]),
        tuple(found["attacked"]),
        found["location"],
        tuple(found["blocks"]),
    )


# -- battles (JC 7.0-7.8) -----------------------------------------------------------------------


@dataclass(frozen=True)
class FirstFire:
    """JC 2.1 cards Mars and Neptune: the blocks that fire before any defender in round 1 of
    the battle being fought."""

    mode: str  #: The event's mode (``mars``, ``neptune``).
    blocks: tuple[str, ...]


def first_fire(at: Situation) -> FirstFire | None:
    """JC 2.1 (Mars, Neptune), 7.2: who fires first in round 1 of the battle being fought
    by an event's grace; None without such a rule (or between battles)."""
    frame = kit.reads.battle_frame(at)
    found = None if frame is None else frame.get("first_fire")
    if not found:
        return None
    return FirstFire(str(found["mode"]), tuple(found.get("blocks", ())))


def battle_order(at: Situation) -> list[list[str]]:
    """JC 7.2, 7.8: the battle turns still to come in this round, in order: the blocks of
    each turn (one side, one initiative letter; the defender first on equal letters; Mars's
    and Neptune's attackers first in round 1). Reserves not arrived have no turn. Empty
    between battles."""
    ctx, frame = context_of(at), kit.reads.battle_frame(at)
    if frame is None:
        return []
    fire = frame["first_fire"], frame["blocks"], frame["attacker"], frame["round"]
    first = first_fire_blocks(ctx, *fire)
    return kit.reads.battle_order(at, int(ctx.param("reserve_arrival_round")), first)
