"""The naval module of Great Battles of Julius Caesar as a Legatus plugin.

One object, :class:`GbojcNaval`, registered through the ``legatus`` entry
point like any game, gives the game's data folder (its manifest
``data/game.yaml``, data, tables and rules files), the procedures and queries
the sequence of play and the victory checks name, and the game's own
invariants (:mod:`.invariants`); its typed action kinds are data (``actions:`` in
the manifest). Nothing here is special to the engine: Julius Caesar and the
demo fixture game are built the same way (docs/how-to-write-a-game-plugin.md
walks through it).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from legatus import (
    Context,
    GameDef,
    GamePlugin,
    Immediate,
    Invariant,
    RegisterGame,
    RuleRegistry,
    TextBoard,
    hookimpl,
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


class GbojcNaval(GamePlugin):
    """The naval module of Great Battles of Julius Caesar (hex map, facing, wind)."""

    name = NAME
    data = FOLDER / "data"

    def register_rules(self, registry: RuleRegistry) -> None:
        register_rules(registry)

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
