"""The Julius Caesar plugin: registers the game's data folder, and the
procedures and queries its rules file uses.

Bundled games register through the ``legatus`` entry-point group exactly as a
third-party game would (see ``pyproject.toml``).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from framework.engine.actions import ActionCodec
from framework.engine.core import Context, Procedure
from framework.engine.state import State
from framework.gamedef import GameDef
from framework.hookspecs import RegisterGame, RegisterInvariant, hookimpl
from framework.rules.registry import RuleRegistry
from games.julius_caesar import model

NAME = "julius_caesar"
DATA = Path(__file__).parent / "data"


@hookimpl
def legatus_register_games(register: RegisterGame) -> None:
    register(NAME, DATA)


def vp(ctx: Context, side: str) -> int:
    """JC 1.2: the VP of the side's friendly cities plus one per enemy leader killed."""
    return model.vp(ctx.definition, ctx.state, side)


def holds(ctx: Context, side: str, space: str) -> bool:
    """JC 4.2.1: the space is friendly to the side (only its blocks stand there)."""
    return model.controls(ctx.state, side, space)


def cancelled(ctx: Context) -> bool:
    """JC 2.1: both players played an event this turn, so the turn ends at once."""
    return bool(ctx.state["public"].get("cancelled", False))


@hookimpl
def legatus_register_rules(game: str, registry: RuleRegistry) -> None:
    if game != NAME:
        return
    registry.add_query("vp", vp, returns="int", params={"side": "side"}, rule="JC 1.2")
    registry.add_query(
        "holds", holds, returns="bool", params={"side": "side", "space": "space"}, rule="JC 4.2.1"
    )
    registry.add_query("cancelled", cancelled, returns="bool", rule="JC 2.1")
    from games.julius_caesar import effects, events

    q = registry.add_query
    q(
        "vulcan_targets",
        events.vulcan_targets,
        returns="list[space]",
        params={"side": "side"},
        rule="JC card Vulcan",
    )
    q(
        "enemy_blocks_at",
        events.enemy_blocks_at,
        returns="list[piece]",
        params={"side": "side", "space": "space"},
    )
    q("blocks_in", events.blocks_in, returns="list[piece]", params={"space": "space"})
    q("occupied_cities", events.occupied_cities, returns="list[space]")
    q(
        "defect_targets",
        effects.defect_targets,
        returns="list[piece]",
        params={"side": "side"},
        rule="JC card Jupiter",
    )
    q(
        "defect_cities",
        effects.defect_cities,
        returns="list[space]",
        params={"block": "piece"},
        rule="JC card Jupiter",
    )
    q(
        "jupiter_locations",
        events.jupiter_locations,
        returns="list[space]",
        params={"side": "side"},
        rule="JC card Jupiter",
    )
    q(
        "jupiter_cities",
        events.jupiter_cities,
        returns="list[space]",
        params={"side": "side", "location": "space"},
    )
    registry.add_effect(
        "defect_one",
        events.defect_one,
        params={"side": "side", "location": "space", "city": "space"},
        rule="JC card Jupiter",
    )
    registry.add_effect("lose_step", effects.lose_step, params={"block": "piece"}, rule="JC 7.4")
    registry.add_effect(
        "defect", effects.defect, params={"block": "piece", "city": "space"}, rule="JC card Jupiter"
    )
    registry.add_effect(
        "defect_in_place",
        events.defect_in_place,
        params={"side": "side", "location": "space"},
        rule="JC 2.1 rulebook Jupiter",
    )
    registry.add_procedure(
        "rulebook_group_move",
        events.RulebookGroupMove(),
        params={"side": "side", "mode": "str"},
        rule="JC 2.1 rulebook events",
    )
    for name, procedure in procedures().items():
        params, optional = PROCEDURE_PARAMS.get(name, ({}, ()))
        registry.add_procedure(
            name, procedure, rule=procedure.rule, params=params, optional=optional
        )


#: The arguments a step of the sequence may give each procedure: (types, optional names).
PROCEDURE_PARAMS: dict[str, tuple[dict[str, str], tuple[str, ...]]] = {
    "winter_supply": ({"base": "int"}, ("base",)),
    "cleopatra_home": ({"home": "space"}, ("home",)),
    "play_event": ({"card": "card", "side": "side"}, ()),
    "group_move": ({"side": "side", "mode": "str"}, ()),
}


def procedures() -> dict[str, Procedure]:
    """Every procedure of the game, from its rule modules."""
    from games.julius_caesar import battle, cards, command, deployment, events, winter

    found: dict[str, Procedure] = {}
    for module in (cards, command, winter, deployment, events, battle):
        found.update(module.PROCEDURES)
    return found


@hookimpl
def legatus_register_invariants(game: str, register: RegisterInvariant) -> None:
    if game != NAME:
        return
    from games.julius_caesar.invariants import INVARIANTS

    for name, check in INVARIANTS.items():
        register(name, check)


@hookimpl
def legatus_action_codec(game: str, definition: GameDef) -> ActionCodec | None:
    if game != NAME:
        return None
    from games.julius_caesar.encoding import codec

    return codec(definition)


@hookimpl
def legatus_scores(
    game: str, definition: GameDef, state: dict[str, Any]
) -> dict[str, float] | None:
    """JC 1.2: each side's VP (friendly cities, plus one per enemy leader killed)."""
    if game != NAME:
        return None
    return {side: float(model.vp(definition, state, side)) for side in definition.side_ids}


@hookimpl
def legatus_evaluate(
    game: str, definition: GameDef, state: State, side: str, params: Mapping[str, Any]
) -> float | None:
    """VP, material in steps and threatened friendly cities (see ``evaluation.py``)."""
    if game != NAME:
        return None
    from games.julius_caesar.evaluation import VP_TO_WIN, evaluate

    return evaluate(definition, state, side, int(params.get("vp_to_win", VP_TO_WIN)))
