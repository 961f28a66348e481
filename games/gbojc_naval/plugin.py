"""The naval module of Great Battles of Julius Caesar as a Legatus plugin.

It registers the game folder (its manifest ``game.yaml``, data, tables and
rules files), the procedures and queries the sequence of play and the victory
checks name, the game's own invariants and its action encoding. Nothing
here is special to the engine: it is the same set of hooks Julius Caesar and
the demo fixture game use (docs/how-to-write-a-game-plugin.md walks through it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from framework.engine.actions import ActionCodec, Arg
from framework.engine.core import Context, Immediate
from framework.gamedef import GameDef
from framework.hexgrid import FACINGS
from framework.hookspecs import RegisterGame, RegisterInvariant, hookimpl
from framework.rules.registry import RuleRegistry
from games.gbojc_naval import activation, fleet, losses, phases

NAME = "gbojc_naval"
FOLDER = Path(__file__).parent

#: The most movement points a speed announcement can name (the biggest counter value).
MOST_POINTS = 12


@hookimpl
def legatus_register_games(register: RegisterGame) -> None:
    register(NAME, FOLDER)


def ships_taken(ctx: Context, side: str) -> int:
    """9.0 (INVENTED scenario rule): enemy ships the side has sunk or captured."""
    return fleet.ships_taken(ctx.definition, ctx.state, side)


def fleet_taken(ctx: Context, side: str) -> bool:
    """9.0 (INVENTED scenario rule): the side has sunk or captured ``victory.share_taken``
    per cent of the enemy's ships."""
    enemy = fleet.enemy_of(ctx.definition, side)
    share = int(ctx.param("victory.share_taken"))
    taken = fleet.ships_taken(ctx.definition, ctx.state, side)
    return taken * 100 >= share * fleet.fleet_size(ctx.definition, enemy)


@hookimpl
def legatus_register_rules(game: str, registry: RuleRegistry) -> None:
    if game != NAME:
        return
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


# -- invariants ------------------------------------------------------------------------


def one_counter_per_hex(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """6.5: no two ships share a hex."""
    seen: dict[str, str] = {}
    problems = []
    for ship in fleet.afloat(definition, state):
        for hex_id in fleet.hexes(definition, state, ship):
            if hex_id in seen:
                problems.append(f"{ship} and {seen[hex_id]} both on {hex_id}")
            seen[hex_id] = ship
    return problems


def grapples_hold_both_ways(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """8.1: a grapple joins two ships afloat, side by side, and both know it."""
    problems = []
    for ship in fleet.afloat(definition, state):
        for other in fleet.grappled_to(state, ship):
            if state["pieces"][other]["at"] in fleet.OFF_MAP:
                problems.append(f"{ship} is grappled to {other}, which is not afloat")
            elif ship not in fleet.grappled_to(state, other):
                problems.append(f"{ship} is grappled to {other} but not the other way")
            elif not fleet.adjacent(definition, state, ship, other):
                problems.append(f"{ship} is grappled to {other} but they are apart")
    return problems


def commanders_aboard(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """5.1: a commander in play rides on a ship of its own side, at its bow hex."""
    problems = []
    for side in definition.side_ids:
        for commander in fleet.commanders(definition, state, side):
            ship = fleet.attr(state, commander, "ship", None)
            if ship is None or state["pieces"][ship]["at"] in fleet.OFF_MAP:
                problems.append(f"{commander} is on no ship afloat")
            elif state["pieces"][ship]["side"] != side:
                problems.append(f"{commander} rides on {ship}, an enemy ship")
            elif state["pieces"][commander]["at"] != state["pieces"][ship]["at"]:
                problems.append(f"{commander} is not at its ship {ship}")
    return problems


@hookimpl
def legatus_register_invariants(game: str, register: RegisterInvariant) -> None:
    if game != NAME:
        return
    register("one counter per hex (GBoJC 6.5)", one_counter_per_hex)
    register("grapples hold both ways (GBoJC 8.1)", grapples_hold_both_ways)
    register("commanders aboard (GBoJC 5.1)", commanders_aboard)


# -- action encoding -------------------------------------------------------------------


@hookimpl
def legatus_action_codec(game: str, definition: GameDef) -> ActionCodec | None:
    if game != NAME:
        return None
    ships: list[Arg] = [p for p in definition.pieces if fleet.is_ship(definition, p)]
    leaders: list[Arg] = [p for p in definition.pieces if not fleet.is_ship(definition, p)]
    hexes: list[Arg] = list(fleet.grid(definition).hexes)
    facings: list[Arg] = list(FACINGS)
    one_ship = [ships]
    kinds: dict[str, list[list[Arg]]] = {
        "activate": [ships + leaders],
        "assign": [ships, leaders],
        "speed": [list(range(MOST_POINTS + 1))],
        "row": [hexes],
        "back": [hexes],
        "sail": [hexes, facings],
        "pivot": [hexes, facings],
        "fire_part": [ships, list(range(1, 9))],
        "board_with": [ships, ships, list(range(1, 9))],
        "transfer": [leaders, ships],
        "place": [leaders, ships],
        "by_range": [leaders],
        "line_astern": [leaders],
    }
    for kind in ("act", "board", "fire", "fire_incendiary", "grapple", "cut_sails"):
        kinds[kind] = one_ship
    for kind in ("maximum", "cruise"):
        kinds[kind] = one_ship
    for kind in (
        "about", "done", "end_boarding", "end_moves", "go_first", "go_second", "hold_fire",
        "return_fire", "speeds_set", "stay_grappled", "stop", "ungrapple",
    ):  # fmt: skip
        kinds[kind] = []
    return ActionCodec(kinds)
