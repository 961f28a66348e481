"""Julius Caesar's documented queries: a point of play in the rulebook's words.

Rule tests (and anyone reading a game: a plugin's page, a script, an
analysis) ask these instead of the dictionaries the game keeps in its state,
so that a test reads like the rulebook and the game may change how it keeps
things. Each takes a :class:`~legatus.framework.engine.situation.Situation`: the test
kit's :class:`~legatus.framework.tools.testing.Kit`, a :class:`~legatus.framework.play.driver.Match` or a
procedure's :class:`~legatus.framework.engine.core.Context`::

    from legatus.games.julius_caesar import queries
    queries.vp(kit, "pompey")           # 7 at the start of 705
    queries.battle_order(kit)           # [["Caesar"], ["Legio 5", "Legio 6"]]

What they answer is the truth of the state, hidden blocks included: what a
side may see of it is :func:`seen`. Section numbers are the Polish rulebook's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from legatus import Frame, Situation, context_of, frames_of, observe, piece, pieces_at, zone_cards
from legatus.games.julius_caesar import command_record, model
from legatus.games.julius_caesar.battle import turn_order

# -- victory (JC 1.2) -----------------------------------------------------------------------


def vp(at: Situation, side: str) -> int:
    """JC 1.2: the VP of the side's friendly cities plus one per enemy leader it killed."""
    return model.vp(at.game.definition, at.state, side)


def holds(at: Situation, side: str, location: str) -> bool:
    """JC 4.2.1: the location is friendly to the side (its blocks alone stand there)."""
    return model.controls(at.state, side, location)


def trophies(at: Situation, side: str) -> list[str]:
    """JC 1.2, 7.51: the enemy leaders the side has killed (1 VP each)."""
    return list(model.trophies(at.state, side))


def leaders_lost(at: Situation, side: str) -> int:
    """JC 3.21, 7.51: how many of its leaders the side has lost (the third leader may come)."""
    return int(model.records(at.state).leaders_lost.get(side, 0))


# -- the cards of the turn (JC 2.1) -------------------------------------------------------


@dataclass(frozen=True)
class Cards:
    """What the turn's two cards decided (JC 2.1), once revealed."""

    #: The card each side played (None: it passed).
    played: Mapping[str, str | None]
    #: For a side that played Apollo, the card it copies (None: nothing to copy).
    copied: Mapping[str, str | None]
    #: Player 1 this turn (None in a cancelled turn).
    player1: str | None
    #: The event in force: (card, side), or None.
    event: tuple[str, str] | None
    #: Both played events: the turn ends at once.
    cancelled: bool
    #: Each side's (move points, levy points).
    orders: Mapping[str, tuple[int, int]]
    #: The cards in effect last turn (what Apollo copies; empty in a year's first turn).
    previous: Mapping[str, str | None]


def cards(at: Situation) -> Cards:
    """JC 2.1: the turn's cards and what they decide (after the reveal)."""
    records = at.state["records"]
    event = records.get("event")
    orders = records.get("orders") or {}
    return Cards(
        played=dict(records.get("cards") or {}),
        copied=dict(records.get("copied") or {}),
        player1=records.get("player1"),
        event=None if not event else (str(event["card"]), str(event["side"])),
        cancelled=bool(records.get("cancelled")),
        orders={side: (int(o["move"]), int(o["levy"])) for side, o in orders.items()},
        previous=dict(records.get("previous_cards") or {}),
    )


def hand(at: Situation, side: str) -> list[str]:
    """JC 2.1: the cards in a side's hand (its secret), in order."""
    return list(zone_cards(at.state, f"hand:{side}"))


def deck(at: Situation) -> list[str]:
    """JC 2.1: the undealt cards, face down, top first."""
    return list(zone_cards(at.state, "deck"))


def discarded(at: Situation, side: str) -> list[str]:
    """JC 2.1: the card a side discarded face down when the year's hand was dealt (empty
    before the discard, and once the year ends)."""
    return list(zone_cards(at.state, f"discarded:{side}"))


def committed(at: Situation, side: str) -> list[str]:
    """JC 2.1: the card a side has played face down this turn, before both are revealed."""
    return list(zone_cards(at.state, f"committed:{side}"))


def played(at: Situation, side: str) -> list[str]:
    """JC 2.1: the cards a side has revealed this year, the most recent last."""
    return list(zone_cards(at.state, f"played:{side}"))


def player1(at: Situation) -> str | None:
    """JC 2.1: the side that is Player 1 this turn."""
    found: str | None = model.records(at.state).player1
    return found


# -- the command phase (JC 6.0-6.4) ----------------------------------------------------------


@dataclass(frozen=True)
class Attack:
    """An attack of this turn on one location, as both players can count it (JC 6.12-6.14,
    7.3): no block is named."""

    location: str
    attacker: str
    defender: str
    #: The roads and sea borders the attacker came by (``"Genua|Roma"``), in the order used.
    roads: tuple[str, ...]
    #: The space the attacker came from along each road.
    origins: Mapping[str, str]
    #: Attacking blocks that came along each road.
    arrivals: Mapping[str, int]
    #: The road of the main attack (None until the attacker names it).
    main: str | None
    #: Defenders the attack pins (JC 6.13).
    pinned: int
    #: Defending blocks that responded along each road (JC 6.14).
    responses: Mapping[str, int]
    #: Blocks in reserve, by side (JC 7.3).
    reserves: Mapping[str, int]


def attacks(at: Situation) -> dict[str, Attack]:
    """JC 6.12: this turn's attacks, by location, in the order the locations became contested."""
    record = command_record.public(at.state)
    return {
        location: _attack(location, record["attacks"][location])
        for location in record["contested"]
        if location in record["attacks"]
    }


def attack(at: Situation, location: str) -> Attack | None:
    """JC 6.12: this turn's attack on ``location``, if any."""
    found = command_record.attack(at.state, location)
    return None if found is None else _attack(location, found)


def _attack(location: str, found: Mapping[str, Any]) -> Attack:
    return Attack(
        location=location,
        attacker=str(found["attacker"]),
        defender=str(found["defender"]),
        roads=tuple(found["roads"]),
        origins=dict(found["origins"]),
        arrivals=dict(found["arrivals"]),
        main=found.get("main"),
        pinned=int(found.get("pinned", 0)),
        responses=dict(found.get("responses", {})),
        reserves={side: int(n) for side, n in found.get("reserves", {}).items()},
    )


def came_from(at: Situation, location: str) -> dict[str, str]:
    """JC 6.12-6.14, 7.6: the space each block that attacked, reinforced or responded at
    ``location`` this turn came from, both sides' (what its retreats and the reserves
    depend on)."""
    detail = command_record.attack_detail(at.state, location)
    return {} if detail is None else dict(detail["origins_by_block"])


def contested(at: Situation) -> list[str]:
    """JC 4.2.1, 7.1: the locations that became contested this turn, in that order."""
    return list(command_record.public(at.state)["contested"])


def move_points(at: Situation, side: str) -> int | None:
    """JC 6.1: the move points the side has left to spend this turn, while it moves (its
    card's, or the one group an event moves); None when it is not moving."""
    for frame in reversed(frames_of(at.state, "command_moves", "group_move")):
        env = frame.get("env") or {}
        if env.get("side") == side:
            # The rules' procedures count down their variable ``left``.
            return int(env["left"]) if "left" in env else None
    return None


def levy_points(at: Situation, side: str) -> int | None:
    """JC 6.4: the levy points the side has left to spend this turn, while it levies; None
    when it is not levying."""
    for frame in reversed(frames_of(at.state, "levy")):
        env = frame.get("env") or {}
        if env.get("side") == side:
            # The rules' procedure levy counts down its variable ``left``.
            return int(env["left"]) if "left" in env else None
    return None


def pinned(at: Situation, location: str) -> int:
    """JC 6.13: how many defenders the attack on ``location`` pins (0 without an attack)."""
    found = attack(at, location)
    return 0 if found is None else found.pinned


def road_use(at: Situation, side: str, a: str, b: str) -> int:
    """JC 6.11: how many of the side's blocks used the road between ``a`` and ``b`` this
    turn, both ways together (sea borders are not counted)."""
    return command_record.road_used(at.state, side, model.road_key(a, b))


def roads_used(at: Situation, side: str) -> dict[str, int]:
    """JC 6.11: every road the side's blocks used this turn (``"Genua|Roma"``, the two
    spaces in order), with how many blocks used it."""
    found: dict[str, int] = command_record.public(at.state)["road_use"].get(side, {})
    return {key: int(n) for key, n in sorted(found.items()) if n}


def moved(at: Situation, side: str) -> list[str]:
    """JC 6.1: the side's blocks that moved this turn, in the order they moved."""
    return list(command_record.moved(at.state, side))


def levied(at: Situation, side: str) -> list[str]:
    """JC 6.4: the side's blocks levied this turn (they do not move this turn)."""
    return list(command_record.private(at.state, side)["levied"])


def sea_moves(at: Situation) -> list[tuple[str, str, tuple[str, ...], str]]:
    """JC 6.3: this turn's sea moves: (side, port left, seas crossed, port reached)."""
    return [
        (m["side"], m["from"], tuple(m["seas"]), m["to"])
        for m in command_record.public(at.state)["sea_moves"]
    ]


def held_seas(at: Situation, side: str) -> list[str]:
    """JC 6.3: the seas the side's sea moves crossed, where a navis of its own must stay."""
    return list(command_record.public(at.state)["held_seas"].get(side, []))


@dataclass(frozen=True)
class EventGroup:
    """The group an event card moved this turn (Mars, Mercury, Neptune, Pluto)."""

    side: str
    #: The event's way of moving: ``mars``, ``mercury``, ``neptune`` or ``pluto``.
    mode: str
    #: The location the group moved from.
    origin: str
    #: The locations it attacked; the one it attacked, if exactly one.
    attacked: tuple[str, ...]
    location: str | None
    #: The blocks it moved.
    blocks: tuple[str, ...]


def event_group(at: Situation) -> EventGroup | None:
    """JC 2.1 cards Mars, Mercury, Neptune, Pluto: the group the event moved this turn."""
    found = command_record.event_group_detail(at.state)
    if found is None:
        return None
    return EventGroup(
        side=str(found["side"]),
        mode=str(found["mode"]),
        origin=str(found["from"]),
        attacked=tuple(found["attacked"]),
        location=found["location"],
        blocks=tuple(found["blocks"]),
    )


# -- battles (JC 7.0-7.8) -----------------------------------------------------------------------


def battles(at: Situation) -> list[str]:
    """JC 7.1: the contested locations still to fight this turn, in Player 1's order so far."""
    return list(at.state["records"].get("battles") or [])


@dataclass(frozen=True)
class BattleNow:
    """The battle being fought (JC 7.2)."""

    location: str
    round: int
    attacker: str
    defender: str


def battle(at: Situation) -> BattleNow | None:
    """JC 7.2: the battle being fought (its round and roles), None between battles."""
    found = model.records(at.state).battle
    if not found:
        return None
    return BattleNow(
        str(found["location"]), int(found["round"]), str(found["attacker"]), str(found["defender"])
    )


def _battle_frame(at: Situation) -> Frame | None:
    """The variables of the battle being fought: the rules' procedure ``battle``'s frame
    (``location``, ``blocks``, ``reserves``, ``round``...), once it has begun."""
    for frame in reversed(frames_of(at.state, "battle")):
        if "blocks" in (frame.get("env") or {}):
            found: Frame = frame["env"]
            return found
    return None


@dataclass(frozen=True)
class FirstFire:
    """JC 2.1 cards Mars and Neptune: the blocks that fire before any defender in round 1 of
    the battle being fought."""

    #: The event's mode (``mars``, ``neptune``).
    mode: str
    blocks: tuple[str, ...]


def first_fire(at: Situation) -> FirstFire | None:
    """JC 2.1 (Mars, Neptune), 7.2: who fires first in round 1 of the battle being fought
    by an event's grace; None without such a rule (or between battles)."""
    frame = _battle_frame(at)
    found = None if frame is None else frame.get("first_fire")
    if not found:
        return None
    return FirstFire(str(found["mode"]), tuple(found.get("blocks", ())))


def battle_order(at: Situation) -> list[list[str]]:
    """JC 7.2, 7.8: the battle turns still to come in this round, in order: the blocks of
    each turn (one side, one initiative letter; the defender first on equal letters; Mars's
    and Neptune's attackers first in round 1). Reserves not arrived have no turn. Empty
    between battles."""
    frame = _battle_frame(at)
    if frame is None:
        return []
    return turn_order(
        context_of(at),
        frame["location"],
        frame["blocks"],
        frame["reserves"],
        frame["acted"],
        frame["round"],
        frame["attacker"],
        frame["first_fire"],
    )


def reserves(at: Situation, location: str) -> dict[str, list[str]]:
    """JC 7.3: the blocks in reserve at ``location``, by side: during its battle, those not
    arrived yet; before it, those this turn's moves made reserves."""
    state = at.state
    frame = _battle_frame(at)
    if frame is not None and frame["location"] == location:
        # The battle empties its list when the reserves arrive (JC 7.3).
        here = [b for b in frame["reserves"] if piece(state, b).at == location]
        return {
            side: sorted(b for b in here if piece(state, b).side == side) for side in model.SIDES
        }
    detail = command_record.attack_detail(state, location)
    if detail is None:
        return {side: [] for side in model.SIDES}
    found: dict[str, list[str]] = detail["reserve_blocks"]
    return {side: list(found.get(side, [])) for side in model.SIDES}


# -- blocks --------------------------------------------------------------------------------


def blocks_at(at: Situation, location: str, side: str | None = None) -> list[str]:
    """The blocks standing at a location (one side's), sorted."""
    return sorted(pieces_at(at.state, location, side))


def pool(at: Situation, side: str) -> list[str]:
    """JC 5.2: the side's blocks in its pool (eliminated ones included), sorted."""
    return sorted(model.pool(at.state, side))


def eliminated(at: Situation, side: str) -> list[str]:
    """JC 7.5: the side's blocks eliminated this year, lying face up (or face down, PL 7.5)
    in its pool until the year ends; they may not be levied until then."""
    state = at.state
    return sorted(
        b
        for b in model.pool(state, side)
        if any(flag in piece(state, b).flags for flag in model.ELIMINATED_FLAGS)
    )


def status(at: Situation, location: str, side: str) -> str:
    """JC 4.2.1: a location as ``side`` finds it: ``friendly`` (its blocks alone stand
    there), ``enemy`` (the enemy's alone), ``vacant`` (no block) or ``contested`` (both:
    a battle is due, JC 7.1)."""
    return model.status(at.state, location, side)


def seen(at: Situation, side: str, block: str) -> dict[str, Any] | None:
    """What ``side`` sees of ``block`` (JC 3.0 fog of war): its entry in the side's view
    (owner, location, strength, flags, as far as the side may see them), or None when the
    side cannot tell it from the other blocks standing with it."""
    known: dict[str, dict[str, Any]] = observe(at.game.definition, at.state, side)["pieces"][
        "known"
    ]
    entry = known.get(block)
    return None if entry is None else dict(entry)


__all__ = [
    "Attack",
    "BattleNow",
    "Cards",
    "EventGroup",
    "FirstFire",
    "attack",
    "attacks",
    "battle",
    "battle_order",
    "battles",
    "blocks_at",
    "came_from",
    "cards",
    "committed",
    "contested",
    "deck",
    "discarded",
    "eliminated",
    "event_group",
    "first_fire",
    "hand",
    "held_seas",
    "holds",
    "leaders_lost",
    "levied",
    "levy_points",
    "move_points",
    "moved",
    "pinned",
    "played",
    "player1",
    "pool",
    "reserves",
    "road_use",
    "roads_used",
    "sea_moves",
    "seen",
    "status",
    "trophies",
    "vp",
]
