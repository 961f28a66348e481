"""Julius Caesar's moves on the kit's group moves (JC 6.1-6.3; the event cards).

The search itself is the framework's (:mod:`legatus.framework.kit.movement`); what is
Julius Caesar's is which rules parameters fill the kit's settings, one settings object
per mode, and the navis kept at sea (JC 6.3). The rules (sections of the Polish
rulebook):

- a move goes 1 to ``move.distance`` locations (JC 2.2, 6.1): land blocks along roads
  (major, minor, straits), navis across sea borders: port to sea, sea to sea, sea to
  port, never port to port (JC 6.2);
- entering a location with enemy blocks stops the block (JC 2.2); attacking is allowed
  only from an adjacent location (``move.attack_distance``, JC 6.12), joining a battle
  likewise (``move.reinforce_distance``, JC 2.2; 2 is the PL 6.1 reading); navis attack
  ports only while ``navis.attack_ports`` (JC 6.2, ES reading; false: seas only);
- road limits per side per turn, both directions together (JC 6.11, 4.3.2):
  ``road_limit.major``, ``road_limit.minor``, ``road_limit.strait``, or
  ``road_limit.strait_attack`` when the city across holds enemy blocks; sea borders have
  no limit;
- pinning and the roads the attacker used (JC 6.13), sea moves of land blocks through
  friendly seas (JC 6.3): the kit's;
- a navis may not leave the last ``amphibious.navis_kept`` of its side's navis in a sea
  its side crossed by sea this turn (JC 6.3): :meth:`Movement.departs`.

The modes: ``card`` (a command card's moves), and the events' group moves (the cards):
Mars, Mercury and Pluto move no navis, Neptune only navis; Mercury lets the group go
``mercury.distance`` locations, or ``mercury.attack_distance`` and attack; Pluto raises
the limits of attacking moves (``pluto.*``). Read by the rulebooks (``rulebook_`` and the
event, variant ``rulebook_events``), every block of the group moves, navis too, and
Pluto raises the limits of every move of the group to the larger of the two.
"""

from __future__ import annotations

import weakref
from typing import Any

from legatus import Context, GameDef, kit
from legatus.games.julius_caesar import command_record as record

#: Connection kinds of map.yaml: the roads land blocks use, the borders navis cross.
ROADS = ("major", "minor", "strait")
SEA = "sea"
#: The block classes: land blocks, and navis (they stand at sea, JC 6.2).
LAND, NAVIS = "land", "navis"

#: Event modes of ``group_move`` (cards Mars, Mercury, Pluto, Neptune) and the card's own.
CARD = "card"
MARS, MERCURY, PLUTO, NEPTUNE = "mars", "mercury", "pluto", "neptune"
EVENT_MODES = (MARS, MERCURY, PLUTO, NEPTUNE)
#: The prefix of an event's mode read by the rulebooks (``rulebook_mars``: Mars as the
#: rulebooks tell it).
RULEBOOK = "rulebook_"


def is_navis(definition: GameDef, block: str) -> bool:
    """A block that stands at sea moves across sea borders (JC 6.2)."""
    return "sea" in definition.piece_types[definition.pieces[block].type].stands_on


def _settings_of(ctx: Context, mode: str) -> kit.MoveSettings:
    """The kit's settings for ``mode``, from the rules parameters (see the module)."""
    rulebook = mode.startswith(RULEBOOK)
    event = mode.removeprefix(RULEBOOK)
    if event == MERCURY:
        distance = int(ctx.param("mercury.distance"))
        attack = int(ctx.param("mercury.attack_distance"))
    else:
        distance = int(ctx.param("move.distance"))
        attack = int(ctx.param("move.attack_distance"))
    reinforce = max(attack, int(ctx.param("move.reinforce_distance")))
    moving = {kind: int(ctx.param(f"road_limit.{kind}")) for kind in ROADS}
    if event == PLUTO:
        engaging = {kind: int(ctx.param(f"pluto.{kind}")) for kind in ROADS}
    else:
        engaging = dict(moving)
        engaging["strait"] = int(ctx.param("road_limit.strait_attack"))
    if rulebook and event == PLUTO:
        raised = {kind: max(moving[kind], engaging[kind]) for kind in ROADS}
        moving, engaging = raised, dict(raised)
    game = ctx.definition
    return kit.MoveSettings(
        distance=distance,
        attack_distance=attack,
        reinforce_distance=reinforce,
        moving_limits=moving,
        engaging_limits=engaging,
        classes={
            LAND: kit.BlockClass(ROADS, moves=rulebook or event != NEPTUNE),
            NAVIS: kit.BlockClass(
                (SEA,),
                sea_going=True,
                engages_land=bool(ctx.param("navis.attack_ports")),
                moves=rulebook or event in (CARD, NEPTUNE),
            ),
        },
        class_of={block: NAVIS if is_navis(game, block) else LAND for block in game.pieces},
        sea_kind=SEA,
    )


#: Per playable game (its parameters never change), per mode: the kit's settings and the
#: navis kept at sea, read once, not at every decision.
_settings: weakref.WeakKeyDictionary[Any, dict[str, tuple[kit.MoveSettings, int]]] = (
    weakref.WeakKeyDictionary()
)


def move_settings(ctx: Context, mode: str) -> tuple[kit.MoveSettings, int]:
    """The kit's settings of ``mode`` and ``amphibious.navis_kept``, once per game."""
    by_mode = _settings.get(ctx.game)
    if by_mode is None:
        by_mode = _settings[ctx.game] = {}
    found = by_mode.get(mode)
    if found is None:
        found = (_settings_of(ctx, mode), int(ctx.param("amphibious.navis_kept")))
        by_mode[mode] = found
    return found


class Movement(kit.GroupMoves):
    """The legal moves of one side in one mode, from the state as it is now."""

    def __init__(self, ctx: Context, side: str, mode: str = CARD) -> None:
        settings, self.navis_kept = move_settings(ctx, mode)
        super().__init__(
            ctx.definition.board,
            kit.Occupancy.of(ctx.state["pieces"]),
            side,
            settings,
            record.public(ctx.state),
            record.moved(ctx.state, side),
        )
        self.state = ctx.state

    def departs(self, origin: str, block_class: kit.BlockClass) -> bool:
        """The kit's rule, and JC 6.3: one navis stays in each sea the side's sea moves
        crossed."""
        if not block_class.moves or not self.may_leave(origin):
            return False
        return not block_class.sea_going or self.navis_may_leave(origin)

    def navis_may_leave(self, location: str) -> bool:
        """JC 6.3: one navis stays in each sea the side's sea moves crossed."""
        if location not in record.held_seas(self.state, self.side):
            return True
        sea_going = self.settings.sea_going
        navis = [b for b in self.position.blocks(location, self.side) if b in sea_going]
        return len(navis) > self.navis_kept
