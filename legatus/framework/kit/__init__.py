"""The block-wargame kit: mechanics the Columbia block games share, parametrised by data.

Julius Caesar, Hammer of the Scots, Crusader Rex and Richard III fight their battles
the same way, and this floor of the framework says how once, naming no game and no
side:

- :mod:`~legatus.framework.kit.combat`: a block's combat rating (initiative letter and
  fire value, ``B2``), the firing order of a battle round (initiative A, B, C, D, the
  defender first on equal letters), a fire roll (one die per step of strength, a hit for
  each roll at or below the fire value, from the game's seeded dice), the blocks a hit
  must take (the strongest, the owner choosing among equals), a step loss (the next
  lower strength the block's data lists, below the lowest the block is eliminated to
  its owner's pool) and reserves (held out of the battle until the round they arrive);
- :mod:`~legatus.framework.kit.borders`: how many blocks may cross a border in a round
  or a move, by the border's kind (major road 4, minor road 2, ...), counted per key;
- :mod:`~legatus.framework.kit.cards`: the year's deal, the hand, a card discarded or
  played face down;
- :mod:`~legatus.framework.kit.levy`: new blocks from the pool where their type may enter
  play, steps for blocks on the map;
- :mod:`~legatus.framework.kit.winter`: ships at sea making port, each space's winter
  supply, disbanding;
- :mod:`~legatus.framework.kit.battle`: a battle's rounds: the turn slots still to come,
  the reserves' arrival, a main force lost before they arrive (disruption), the
  attacker's forced retreat in the last round and the blocks trapped, the winner;
- :mod:`~legatus.framework.kit.retreat`: where a block may retreat (friendly or vacant
  areas, border limits per round, the borders closed to it) or regroup;
- :mod:`~legatus.framework.kit.movement`: group moves: a location's status for a side
  (friendly, enemy, vacant, contested), each block's legal paths by its move distance,
  stopping where it engages the enemy, within the border limits per side per turn
  (moving on or engaging), pinned and barred by the attacks on its location, and the
  sea moves of land blocks through friendly seas;
- :mod:`~legatus.framework.kit.engagement`: the turn's record of those moves, public
  (border use, attacks, main attacks, pins, the order of the battles) and private to
  each side (which blocks moved, arrived where, wait in reserve).
- :mod:`~legatus.framework.kit.steps`: a step lost to a hit or an event, and where an
  eliminated block goes (its pool face up or down, out for good as a trophy, or over to
  the other side), by a game's :class:`~legatus.framework.kit.steps.Losses`; a block
  changing side;
- :mod:`~legatus.framework.kit.events`: the step that plays an event card's effect
  written in the rules file, declinable by a parameter, and the targets effects choose
  from (enemy groups, the blocks an event may turn and where);
- :mod:`~legatus.framework.kit.routes`: a battle's ground (who attacks, by which
  borders), the sea-going blocks' retreats, the victor's regroup areas and moves.
- :mod:`~legatus.framework.kit.cards` also decides what the revealed cards say (the first
  player, ties, events, a card that copies the other's, each side's points), and
  :mod:`~legatus.framework.kit.command` reads those orders in the command phase (the
  first player, the event played instead, move and levy points) and records each move
  and sea move; :mod:`~legatus.framework.kit.deployment` is the optional free set-up
  (historical places, shuffled among a side's blocks, in secret).
- :mod:`~legatus.framework.kit.sealed`: bids every side seals in secret and all show at
  once; :mod:`~legatus.framework.kit.held`: a block held face up in its pool, out of the
  draws for a while but counted.
- :mod:`~legatus.framework.kit.fight`: a battle's flow: the attack read from that record,
  the battles still to fight, the battle's public record, the blocks revealed, a block's
  fire (a die per step, a hit at or under its fire value), the log of each step;
- :mod:`~legatus.framework.kit.battle_board`: a battle drawn for the browser from a side's
  view (blocks by initiative, the defender first on equal letters, reserves apart).
- :mod:`~legatus.framework.kit.declared`: a block game declared by its rules parameters
  alone (move distances, border kinds and their limits, stop borders): the group moves'
  settings, the moves', hits' and retreats' effects a game would otherwise write, and
  :class:`~legatus.framework.kit.declared.DeclaredBlockGame`, the plugin of a game with
  no Python of its own (loaded when first asked for, as ``reads`` and ``invariants``).
- :mod:`~legatus.framework.kit.pages`: the turn's records (cards, orders, event, battles)
  and a game's score in words, for the terminal's screen and the browser page, and the
  terminal board's border limits with this turn's crossings (loaded when first asked for).

Each primitive is a plain function a game's Python may call, and
:func:`~legatus.framework.kit.rules.register_kit` registers the ones a rules file
calls as typed queries and effects (``firing_order(blocks, attacker)``,
``strongest(blocks)``, ``roll_hits(dice, fire)``, ``step_loss(block)``,
``border_limit(from, to, kinds, limits)``, ...): their values come from the game's
data (the pieces' ratings and strengths, the map's connection kinds) and the rules
file's parameters, given as arguments the checker sees.
:func:`~legatus.framework.kit.movement_rules.register_movement` registers the group
moves' queries (``group_origins(side, mode)``, ``group_movers(side, origin, mode)``,
``block_routes(side, origin, mode, block)``, ...) over a game's own settings.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

from legatus.framework.kit import (
    battle,
    battle_board,
    cards,
    command,
    deployment,
    engagement,
    events,
    fight,
    held,
    levy,
    movement,
    retreat,
    routes,
    sealed,
    steps,
    winter,
)
from legatus.framework.kit.battle import (
    count_crossing,
    first_trapped,
    main_force_lost,
    must_retreat,
    reserves_alone,
    sole_side,
    turn_slots,
)
from legatus.framework.kit.borders import border_key, border_limit, crossings, kind_limit
from legatus.framework.kit.combat import (
    ATTACKING,
    DEFENDING,
    Volley,
    combat_rating,
    eliminate_to_pool,
    fighting,
    fire_roll,
    firing_order,
    in_reserve,
    parse_rating,
    step_below,
    step_loss,
    strongest,
    turn_key,
)
from legatus.framework.kit.movement import (
    BlockClass,
    GroupMoves,
    MoveSettings,
    Occupancy,
    count_crossings,
    place,
)
from legatus.framework.kit.movement_rules import register_movement
from legatus.framework.kit.retreat import (
    area_status,
    open_spaces,
    regroup_destinations,
    retreat_destinations,
    via_sea,
)
from legatus.framework.kit.rules import register_kit
from legatus.framework.kit.steps import Losses

__all__ = [
    "ATTACKING",
    "DEFENDING",
    "BlockClass",
    "GroupMoves",
    "Losses",
    "MoveSettings",
    "Occupancy",
    "Volley",
    "area_status",
    "battle",
    "battle_board",
    "border_key",
    "border_limit",
    "cards",
    "combat_rating",
    "command",
    "count_crossing",
    "count_crossings",
    "crossings",
    "deployment",
    "eliminate_to_pool",
    "engagement",
    "events",
    "fight",
    "fighting",
    "fire_roll",
    "firing_order",
    "first_trapped",
    "held",
    "in_reserve",
    "kind_limit",
    "levy",
    "main_force_lost",
    "movement",
    "must_retreat",
    "open_spaces",
    "parse_rating",
    "place",
    "register_kit",
    "register_movement",
    "regroup_destinations",
    "reserves_alone",
    "retreat",
    "retreat_destinations",
    "routes",
    "sealed",
    "sole_side",
    "step_below",
    "step_loss",
    "steps",
    "strongest",
    "turn_key",
    "turn_slots",
    "via_sea",
    "winter",
]

# The block-game reads rule tests ask (kit.reads) and the block-game invariants
# check-game and positions check (kit.invariants): loaded when first asked for, so that
# playing a game (which asks neither) loads no more than before.
if TYPE_CHECKING:
    from legatus.framework.kit import declared, invariants, pages, reads

_ON_DEMAND = ("declared", "invariants", "pages", "reads")


def __getattr__(name: str) -> ModuleType:
    if name in _ON_DEMAND:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ += ["declared", "invariants", "pages", "reads"]
