"""Block-game reads: a point of play in the words the Columbia block games share.

Rule tests ask these instead of the dictionaries a game keeps in its state (a hand, the
blocks at a location, an area's status, the turn's attacks, the battle being fought, its
turns still to come), so a test reads like the rulebook and the game may change how it
keeps things. Each takes a :class:`~legatus.framework.engine.situation.Situation`: the
test kit's :class:`~legatus.framework.tools.testing.Kit`, a
:class:`~legatus.framework.play.driver.Match` or a procedure's
:class:`~legatus.framework.engine.core.Context`::

    from legatus.framework.kit import reads
    reads.hand(kit, "red")                  # ['Halt', 'March']
    reads.status(kit, "Midford", "blue")    # 'contested'
    reads.attack(kit, "Midford").pinned     # 1

They answer the truth of the state, hidden blocks included; what a side may see of a
block is :func:`seen`. A game's own queries (its victory points, what its cards decide)
stay in its ``queries`` module. Where a game on the kit keeps things, by the names the
kit's other modules use (each read takes another name as a keyword):

- card zones (:mod:`~legatus.framework.kit.cards`): ``deck``, and per side ``hand``,
  ``discarded`` (face down at the deal), ``committed`` (face down this turn) and
  ``played`` (revealed this year);
- records: ``command`` and ``own_command``, the turn's record of moves into battle
  (:mod:`~legatus.framework.kit.engagement`: public, and each side's own); ``battle``,
  the battle being fought (``location``, ``round``, ``attacker``, ``defender``);
  ``player1``, the side that moves first this turn; ``battles``, the contested locations
  still to fight; ``trophies`` (side -> the enemy leaders it killed) and ``leaders_lost``
  (side -> how many of its own);
- the rules' procedure ``battle``, whose variables ``location``, ``blocks``,
  ``reserves``, ``acted``, ``round`` and ``attacker`` are the kit's battle rounds'
  arguments (:mod:`~legatus.framework.kit.battle`).

Hammer of the Scots keeps the same things (five cards dealt, no discard; one Player 1;
main attacks, reserves and pins, §4.6, §5.33; three rounds of A, B, C turns, §5.31), so
the same reads answer its tests.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from legatus.framework.engine.core import Frame
from legatus.framework.engine.situation import Situation, context_of
from legatus.framework.engine.state import frames_of, pieces_at, sides_by_space, zone_cards
from legatus.framework.engine.view import observe
from legatus.framework.kit import engagement
from legatus.framework.kit.borders import border_key
from legatus.framework.kit.levy import ELIMINATED
from legatus.framework.kit.retreat import FRIENDLY, area_status
from legatus.framework.kit.rules import battle_turns

#: The records the kit's reads look in, by default (see the module's text).
COMMAND, OWN_COMMAND, BATTLE, PLAYER1 = "command", "own_command", "battle", "player1"
BATTLES, TROPHIES, LEADERS_LOST = "battles", "trophies", "leaders_lost"
POOL = "pool"

# -- the cards ------------------------------------------------------------------------------


def hand(at: Situation, side: str) -> list[str]:
    """The cards in a side's hand (its secret), in order."""
    return list(zone_cards(at.state, f"hand:{side}"))


def deck(at: Situation) -> list[str]:
    """The undealt cards, face down, top first."""
    return list(zone_cards(at.state, "deck"))


def discarded(at: Situation, side: str) -> list[str]:
    """The cards a side discarded face down when the year's hand was dealt (empty before
    the discard, and once the year ends)."""
    return list(zone_cards(at.state, f"discarded:{side}"))


def committed(at: Situation, side: str) -> list[str]:
    """The card a side has played face down this turn, before both are revealed."""
    return list(zone_cards(at.state, f"committed:{side}"))


def played(at: Situation, side: str) -> list[str]:
    """The cards a side has revealed this year, the most recent last."""
    return list(zone_cards(at.state, f"played:{side}"))


def player1(at: Situation, *, record: str = PLAYER1) -> str | None:
    """The side that is Player 1 this turn: the revealed cards decide it (None before)."""
    found: str | None = at.state["records"].get(record)
    return found


# -- blocks ---------------------------------------------------------------------------------


def blocks_at(at: Situation, location: str, side: str | None = None) -> list[str]:
    """The blocks standing at a location (one side's), sorted."""
    return sorted(pieces_at(at.state, location, side))


def pool(at: Situation, side: str) -> list[str]:
    """The side's blocks in its pool (eliminated ones included), sorted."""
    return sorted(pieces_at(at.state, POOL, side))


def eliminated(at: Situation, side: str) -> list[str]:
    """The side's blocks eliminated this year, lying in its pool face up (or face down)
    until the year ends: they may not be levied until then (:data:`.levy.ELIMINATED`)."""
    pieces = at.state["pieces"]
    return [b for b in pool(at, side) if any(f in pieces[b]["flags"] for f in ELIMINATED)]


def status(at: Situation, location: str, side: str) -> str:
    """A location as ``side`` finds it: ``friendly`` (its blocks alone stand there),
    ``enemy`` (another side's alone), ``vacant`` (no block) or ``contested`` (two sides':
    a battle is due)."""
    return area_status(sides_by_space(at.state), location, side)


def holds(at: Situation, side: str, location: str) -> bool:
    """The location is friendly to the side: its blocks alone stand there."""
    return status(at, location, side) == FRIENDLY


def trophies(at: Situation, side: str, *, record: str = TROPHIES) -> list[str]:
    """The enemy leaders the side has killed (a VP each, in Julius Caesar)."""
    return list(at.state["records"].get(record, {}).get(side, []))


def leaders_lost(at: Situation, side: str, *, record: str = LEADERS_LOST) -> int:
    """How many of its leaders the side has lost (what brings its next leader)."""
    return int(at.state["records"].get(record, {}).get(side, 0))


def seen(at: Situation, side: str, block: str) -> dict[str, Any] | None:
    """What ``side`` sees of ``block`` (the blocks' fog of war): its entry in the side's
    view (owner, location, strength, flags, as far as the side may see them), or None when
    the side cannot tell it from the other blocks standing with it."""
    known = observe(at.game.definition, at.state, side)["pieces"]["known"]
    entry = known.get(block)
    return None if entry is None else dict(entry)


# -- the turn's moves into battle (engagement) ------------------------------------------------


@dataclass(frozen=True)
class Attack:
    """An attack of this turn on one location, as every side can count it: no block is
    named (:mod:`~legatus.framework.kit.engagement`)."""

    location: str
    attacker: str
    defender: str
    #: The borders the attacker came across (``"Genua|Roma"``), in the order used.
    roads: tuple[str, ...]
    #: The space the attacker came from across each border.
    origins: Mapping[str, str]
    #: Attacking blocks that came across each border.
    arrivals: Mapping[str, int]
    #: The border of the main attack (None until the attacker names it).
    main: str | None
    #: Defenders the attack pins.
    pinned: int
    #: Defending blocks that responded across each border.
    responses: Mapping[str, int]
    #: Blocks in reserve, by side.
    reserves: Mapping[str, int]


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


def attacks(at: Situation, *, record: str = COMMAND) -> dict[str, Attack]:
    """This turn's attacks, by location, in the order the locations became contested."""
    public = at.state["records"][record]
    return {
        location: _attack(location, public["attacks"][location])
        for location in public["contested"]
        if location in public["attacks"]
    }


def attack(at: Situation, location: str, *, record: str = COMMAND) -> Attack | None:
    """This turn's attack on ``location``, if any."""
    found = engagement.attack(at.state["records"][record], location)
    return None if found is None else _attack(location, found)


def contested(at: Situation, *, record: str = COMMAND) -> list[str]:
    """The locations that became contested this turn, in that order (the battles')."""
    return list(at.state["records"][record]["contested"])


def pinned(at: Situation, location: str, *, record: str = COMMAND) -> int:
    """How many defenders the attack on ``location`` pins (0 without an attack)."""
    found = attack(at, location, record=record)
    return 0 if found is None else found.pinned


def border_use(at: Situation, side: str, a: str, b: str, *, record: str = COMMAND) -> int:
    """How many of the side's blocks crossed the border between ``a`` and ``b`` this turn,
    both ways together (only borders with a limit are counted)."""
    return engagement.border_used(at.state["records"][record], side, border_key(a, b))


def borders_used(at: Situation, side: str, *, record: str = COMMAND) -> dict[str, int]:
    """Every border the side's blocks crossed this turn (``"Genua|Roma"``, the two spaces
    in order), with how many blocks crossed it."""
    found = engagement.border_uses(at.state["records"][record], side)
    return {key: int(n) for key, n in sorted(found.items()) if n}


def moved(at: Situation, side: str, *, own: str = OWN_COMMAND) -> list[str]:
    """The side's blocks that moved this turn, in the order they moved."""
    return list(at.state["records"][own][side]["moved"])


def _detail(at: Situation, location: str, record: str, own: str) -> dict[str, Any] | None:
    records = at.state["records"]
    sides = at.game.definition.side_ids
    return engagement.attack_detail(records[record], records[own], location, sides)


def came_from(
    at: Situation, location: str, *, record: str = COMMAND, own: str = OWN_COMMAND
) -> dict[str, str]:
    """The space each block that attacked, reinforced or responded at ``location`` this
    turn came from, every side's (what its retreats and the reserves depend on)."""
    detail = _detail(at, location, record, own)
    return {} if detail is None else dict(detail["origins_by_block"])


# -- battles ----------------------------------------------------------------------------------


def battles(at: Situation, *, record: str = BATTLES) -> list[str]:
    """The contested locations still to fight this turn, in Player 1's order so far."""
    return list(at.state["records"].get(record) or [])


@dataclass(frozen=True)
class BattleNow:
    """The battle being fought."""

    location: str
    round: int
    attacker: str
    defender: str


def battle(at: Situation, *, record: str = BATTLE) -> BattleNow | None:
    """The battle being fought (its round and roles), None between battles."""
    found = at.state["records"].get(record)
    if not found:
        return None
    return BattleNow(
        str(found["location"]), int(found["round"]), str(found["attacker"]), str(found["defender"])
    )


def battle_frame(at: Situation, *, procedure: str = BATTLE) -> Frame | None:
    """The variables of the battle being fought (the rules' procedure ``battle``'s:
    ``location``, ``blocks``, ``reserves``, ``round``...), once it has begun."""
    for frame in reversed(frames_of(at.state, procedure)):
        if "blocks" in (frame.get("env") or {}):
            found: Frame = frame["env"]
            return found
    return None


def battle_order(
    at: Situation, arrival_round: int, first: Sequence[str] = (), *, procedure: str = BATTLE
) -> list[list[str]]:
    """The battle turns still to come in this round, in order: the blocks of each turn
    (one side, one initiative letter, the defender first on equal letters; ``first``
    before all, an event's first fire). Reserves not arrived (they arrive in
    ``arrival_round``) have no turn. Empty between battles."""
    frame = battle_frame(at, procedure=procedure)
    if frame is None:
        return []
    return battle_turns(
        context_of(at),
        frame["location"],
        frame["blocks"],
        frame["reserves"],
        frame["acted"],
        frame["round"],
        arrival_round,
        frame["attacker"],
        first,
    )


def reserves(
    at: Situation,
    location: str,
    *,
    procedure: str = BATTLE,
    record: str = COMMAND,
    own: str = OWN_COMMAND,
) -> dict[str, list[str]]:
    """The blocks in reserve at ``location``, by side: during its battle, those not
    arrived yet; before it, those this turn's moves made reserves."""
    sides = at.game.definition.side_ids
    pieces = at.state["pieces"]
    frame = battle_frame(at, procedure=procedure)
    if frame is not None and frame["location"] == location:
        # The battle empties its list when the reserves arrive.
        here = [b for b in frame["reserves"] if pieces[b]["at"] == location]
        return {side: sorted(b for b in here if pieces[b]["side"] == side) for side in sides}
    detail = _detail(at, location, record, own)
    found: Mapping[str, list[str]] = {} if detail is None else detail["reserve_blocks"]
    return {side: list(found.get(side, [])) for side in sides}


def points_left(at: Situation, side: str, *procedures: str, name: str = "left") -> int | None:
    """The points (move, levy) the side has left to spend while one of ``procedures`` runs
    for it: the variable ``name`` they count down. None when none runs for the side."""
    for frame in reversed(frames_of(at.state, *procedures)):
        env = frame.get("env") or {}
        if env.get("side") == side:
            return int(env[name]) if name in env else None
    return None
