"""The naval module of Great Battles of Julius Caesar as a Legatus plugin.

One object, :class:`GbojcNaval`, registered through the ``legatus`` entry
point like any game, gives the game's data folder (its manifest
``data/game.yaml``, data, tables and rules files), the procedures and queries
the sequence of play and the victory checks name, the typed action kinds,
and the game's own invariants (:mod:`.invariants`). Nothing here is special to the engine: Julius Caesar and the
demo fixture game are built the same way (docs/how-to-write-a-game-plugin.md
walks through it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from legatus import (
    ActionKind,
    Context,
    GameDef,
    GamePlugin,
    Immediate,
    Invariant,
    RegisterGame,
    RuleRegistry,
    TextBoard,
    hookimpl,
    parse_signature,
)
from legatus.games.gbojc_naval import activation, fleet, losses, phases
from legatus.games.gbojc_naval.invariants import INVARIANTS

NAME = "gbojc_naval"
FOLDER = Path(__file__).parent

#: The most movement points a speed announcement can name (the biggest counter value).
MOST_POINTS = 12


def ships_taken(ctx: Context, side: str) -> int:
    """9.0 (INVENTED scenario rule): enemy ships the side has sunk or captured."""
    return fleet.ships_taken(ctx.definition, ctx.state, side)


def fleet_taken(ctx: Context, side: str) -> bool:
    """9.0 (INVENTED scenario rule): the side has sunk or captured ``victory.share_taken``
    per cent of the enemy's ships."""
    enemy = ctx.definition.opponent(side)
    share = int(ctx.param("victory.share_taken"))
    taken = fleet.ships_taken(ctx.definition, ctx.state, side)
    return taken * 100 >= share * fleet.fleet_size(ctx.definition, enemy)


def register_rules(registry: RuleRegistry) -> None:
    """The queries of the victory checks and the procedures of the sequence of play."""
    registry.add_query(
        "ships_taken", ships_taken, returns="int", params={"side": "side"}, rule="GBoJC 9.0"
    )
    registry.add_query(
        "fleet_taken", fleet_taken, returns="bool", params={"side": "side"}, rule="GBoJC 9.0"
    )
    immediate = {
        "set_wind": (phases.set_wind, "GBoJC 6.21"),
        "roll_wind": (phases.roll_wind, "GBoJC 6.24"),
        "fight_fires": (phases.fight_fires, "GBoJC 8.54"),
        "recover_fatigue": (phases.recover_fatigue, "GBoJC 6.45"),
    }
    for name, (function, rule) in immediate.items():
        registry.add_procedure(name, Immediate(function, rule), rule=rule)
    procedures = {
        "form_squadrons": phases.FormSquadrons(),
        "initiative": phases.Initiative(),
        "choose_speeds": phases.ChooseSpeeds(),
        "squadron_turn": activation.SquadronTurn(),
        "ship_move": activation.ShipMove(),
        "reaction": activation.Reaction(),
        "place_commander": losses.PlaceCommander(),
    }
    for name, procedure in procedures.items():
        registry.add_procedure(name, procedure, rule=procedure.rule)
    registry.add_procedure(
        "activate_squadrons",
        activation.ActivateSquadrons(),
        rule=activation.ActivateSquadrons.rule,
        params={"individual": "bool"},
    )


# -- actions ---------------------------------------------------------------------------------

#: Every action of the game, with typed arguments (codes, docs and UIs come from these).
ACTIONS: tuple[ActionKind, ...] = (
    parse_signature(
        "assign",
        "ship: piece",
        "commander: piece",
        doc="Put a ship under a commander's squadron",
        rule="GBoJC 5.24",
    ),
    parse_signature(
        "by_range",
        "commander: piece",
        doc="The squadron is formed by command range",
        rule="GBoJC 5.2",
    ),
    parse_signature(
        "line_astern",
        "commander: piece",
        doc="The squadron is formed in line astern",
        rule="GBoJC 5.2",
    ),
    parse_signature("go_first", doc="Take the first activation (initiative)", rule="GBoJC 3.2"),
    parse_signature("go_second", doc="Let the enemy activate first (initiative)", rule="GBoJC 3.2"),
    parse_signature(
        "maximum",
        "ship: piece",
        doc="The galley rows at maximum speed this turn",
        rule="GBoJC 6.12",
    ),
    parse_signature(
        "cruise", "ship: piece", doc="The galley rows at cruise speed this turn", rule="GBoJC 6.12"
    ),
    parse_signature("speeds_set", doc="Every galley's speed is chosen", rule="GBoJC 6.12"),
    parse_signature(
        "activate",
        "unit: piece",
        doc="Activate a commander's squadron or a lone ship",
        rule="GBoJC 5.41",
    ),
    parse_signature(
        "transfer",
        "commander: piece",
        "ship: piece",
        doc="The commander tries to move to another ship",
        rule="GBoJC 5.52",
    ),
    parse_signature(
        "act", "ship: piece", doc="The next ship of the squadron acts", rule="GBoJC 5.4"
    ),
    parse_signature("done", doc="End this ship's or squadron's activation", rule="GBoJC 5.4"),
    parse_signature(
        "speed",
        f"points: number 0..{MOST_POINTS}",
        doc="Announce the movement points the ship will use",
        rule="GBoJC 6.3",
    ),
    parse_signature("row", "to: hex", doc="Row forward one hex", rule="GBoJC 6.32"),
    parse_signature("back", "to: hex", doc="Back water one hex", rule="GBoJC 6.32"),
    parse_signature(
        "sail",
        "to: hex",
        "facing: facing",
        doc="Sail one hex, turning to a facing the wind allows",
        rule="GBoJC 6.2",
    ),
    parse_signature(
        "pivot", "bow: hex", "facing: facing", doc="Turn one hex side", rule="GBoJC 6.32"
    ),
    parse_signature("about", doc="Turn about (reverse the facing)", rule="GBoJC 6.32"),
    parse_signature("stop", doc="Stop moving", rule="GBoJC 6.3"),
    parse_signature("end_moves", doc="Move no more", rule="GBoJC 6.3"),
    parse_signature(
        "grapple", "target: piece", doc="Try to grapple an adjacent enemy ship", rule="GBoJC 8.1"
    ),
    parse_signature("ungrapple", doc="Try to break free of a grapple", rule="GBoJC 8.14"),
    parse_signature("stay_grappled", doc="Stay grappled", rule="GBoJC 8.14"),
    parse_signature(
        "board", "target: piece", doc="Board an enemy ship with this ship's crew", rule="GBoJC 8.2"
    ),
    parse_signature(
        "board_with",
        "target: piece",
        "ship: piece",
        "part: number 1..8",
        doc="Add part of another ship's crew to a boarding",
        rule="GBoJC 8.22",
    ),
    parse_signature("end_boarding", doc="Add no more ships to the boarding", rule="GBoJC 8.22"),
    parse_signature(
        "fire", "target: piece", doc="Fire missiles at a ship in range", rule="GBoJC 8.4"
    ),
    parse_signature(
        "fire_part",
        "target: piece",
        "points: number 1..8",
        doc="Fire part of the missile points at a target",
        rule="GBoJC 8.43",
    ),
    parse_signature(
        "fire_incendiary", "target: piece", doc="Fire incendiary missiles", rule="GBoJC 8.5"
    ),
    parse_signature(
        "cut_sails",
        "target: piece",
        doc="Cut an adjacent sailing ship's rigging with sickles on poles",
        rule="GBoJC 8.6",
    ),
    parse_signature("return_fire", doc="Fire back at the ship that fired", rule="GBoJC 8.42"),
    parse_signature("hold_fire", doc="Do not fire back", rule="GBoJC 8.42"),
    parse_signature(
        "place",
        "commander: piece",
        "ship: piece",
        doc="Put a commander whose ship was lost on another ship",
        rule="GBoJC 5.53",
    ),
)


class GbojcNaval(GamePlugin):
    """The naval module of Great Battles of Julius Caesar (hex map, facing, wind)."""

    name = NAME
    data = FOLDER / "data"

    def register_rules(self, registry: RuleRegistry) -> None:
        register_rules(registry)

    def action_kinds(self, definition: GameDef) -> Sequence[ActionKind]:
        return ACTIONS

    def invariants(self) -> Mapping[str, Invariant]:
        return INVARIANTS

    def evaluate(
        self, definition: GameDef, state: dict[str, Any], side: str, params: Mapping[str, Any]
    ) -> float | None:
        """Ships taken, burning and immobilised, marines, fatigue and position
        (:mod:`legatus.games.gbojc_naval.evaluation`)."""
        from legatus.games.gbojc_naval.evaluation import evaluate

        return evaluate(definition, state, side, params)

    def text_board(
        self, definition: GameDef, params: Mapping[str, Any], language: str = "en"
    ) -> TextBoard:
        """The hex map; each move of a ship said from its bow and facing."""
        from legatus.games.gbojc_naval.render import NavalBoard

        return NavalBoard(definition, params, language)

    def page_parts(self, definition: GameDef, view: Mapping[str, Any]) -> Mapping[str, Any]:
        """The turn, the wind, who activates first, ships taken, the squadrons."""
        from legatus.games.gbojc_naval.page import page_parts

        return page_parts(definition, dict(view))

    def battle_board(
        self, definition: GameDef, params: Mapping[str, Any], view: Mapping[str, Any]
    ) -> Mapping[str, Any] | None:
        """The combat being resolved: the ships on each side with their values, the action
        and whose decision it is, the rolls, the ships sunk or captured (8.1-8.6)."""
        from legatus.games.gbojc_naval.battleboard import battle_board

        return battle_board(definition, params, view)


@hookimpl
def legatus_register_games(register: RegisterGame) -> None:
    register(GbojcNaval())
