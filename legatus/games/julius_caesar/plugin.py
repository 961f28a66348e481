"""The Julius Caesar plugin: one object that carries everything about the game.

Bundled games register through the ``legatus`` entry-point group exactly as a
third-party game would (see ``pyproject.toml``): the module's
``legatus_register_games`` hook registers :class:`JuliusCaesar`, whose
methods give the data folder, the procedures, queries and effects the rules
file uses, the invariants, the scores and the evaluation the computer players
use. Its typed action kinds are data, declared in its manifest (``actions:`` in
``data/game.yaml``), and read by the default ``GamePlugin.action_kinds``.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from legatus import (
    Context,
    GameDef,
    GamePlugin,
    Invariant,
    Procedure,
    RegisterGame,
    RuleRegistry,
    State,
    StepInvariant,
    TextBoard,
    hookimpl,
    kit,
    rules_query,
)
from legatus.games.julius_caesar import model

NAME = "julius_caesar"
DATA = Path(__file__).parent / "data"


@rules_query("vp(side: side) -> int", rule="JC 1.2")
def vp(ctx: Context, side: str) -> int:
    """JC 1.2: the VP of the side's friendly cities plus one per enemy leader killed."""
    return model.vp(ctx.definition, ctx.state, side)


@rules_query("holds(side: side, space: space) -> bool", rule="JC 4.2.1")
def holds(ctx: Context, side: str, space: str) -> bool:
    """JC 4.2.1: the space is friendly to the side (only its blocks stand there)."""
    return model.controls(ctx.state, side, space)


@rules_query("cancelled() -> bool", rule="JC 2.1")
def cancelled(ctx: Context) -> bool:
    """JC 2.1: both players played an event this turn, so the turn ends at once."""
    return bool(model.records(ctx.state).cancelled)


#: The arguments a step of the sequence may give each procedure: (types, optional names).
PROCEDURE_PARAMS: dict[str, tuple[dict[str, str], tuple[str, ...]]] = {
    "play_event": ({"card": "card", "side": "side"}, ()),
}


def procedures() -> dict[str, Procedure]:
    """Every procedure of the game, from its rule modules."""
    from legatus.games.julius_caesar import command, events

    found: dict[str, Procedure] = {}
    for module in (command, events):
        found.update(module.PROCEDURES)
    return found


def _register_battle(registry: RuleRegistry) -> None:
    """The battle phase's queries and effects (JC 7.0-7.8): the kit's (``kit.register_kit``:
    rounds, the attack, fire, hits, reveals, the battle's record and log) and this game's own
    (:mod:`~legatus.games.julius_caesar.battle`, :mod:`~legatus.games.julius_caesar.retreat`)."""
    from legatus.games.julius_caesar import battle, retreat

    kit.register_kit(registry)
    registry.add_marked(battle, retreat)


class JuliusCaesar(GamePlugin):
    """Columbia Games' Julius Caesar (2 players, hidden blocks, cards)."""

    name = NAME
    data = DATA

    def register_rules(self, registry: RuleRegistry) -> None:
        from legatus.games.julius_caesar import (
            command,
            command_record,
            effects,
            events,
            levy,
        )

        plugin = sys.modules[__name__]
        registry.add_marked(plugin, command, command_record, levy, events, effects)
        command.register_moves(registry)
        _register_battle(registry)
        for name, procedure in procedures().items():
            params, optional = PROCEDURE_PARAMS.get(name, ({}, ()))
            registry.add_procedure(
                name,
                procedure,
                rule=procedure.rule,
                params=params,
                optional=optional,
                needs=getattr(procedure, "needs", None),
            )

    def invariants(self) -> Mapping[str, Invariant]:
        from legatus.games.julius_caesar.invariants import INVARIANTS

        return INVARIANTS

    def step_invariants(self) -> Sequence[StepInvariant]:
        """No battle pending outside the battle phase, hands as the year's turns leave them,
        the cards revealed before the command phase, navis in port in winter."""
        from legatus.games.julius_caesar.invariants import STEP_INVARIANTS

        return STEP_INVARIANTS

    def scores(self, definition: GameDef, state: State) -> Mapping[str, float]:
        """JC 1.2: each side's VP (friendly cities, plus one per enemy leader killed)."""
        return {side: float(model.vp(definition, state, side)) for side in definition.side_ids}

    def render_view(self, definition: GameDef, view: Mapping[str, Any]) -> str:
        """VP, Player 1, the cards played and the orders in words, cards explained."""
        from legatus.games.julius_caesar.render import render_view

        return render_view(definition, dict(view))

    def text_board(
        self, definition: GameDef, params: Mapping[str, Any], language: str = "en"
    ) -> TextBoard:
        """Road limits and this turn's moves, winter supply, strengths one way."""
        from legatus.games.julius_caesar.render import CaesarBoard

        return CaesarBoard(definition, params, language)

    def page_parts(self, definition: GameDef, view: Mapping[str, Any]) -> Mapping[str, Any]:
        """Year, turn and phase, VP, Player 1, the cards played, orders and the battle."""
        from legatus.games.julius_caesar.render import page_parts

        return page_parts(definition, dict(view))

    def battle_board(
        self, definition: GameDef, params: Mapping[str, Any], view: Mapping[str, Any]
    ) -> Mapping[str, Any] | None:
        """The battle's blocks by initiative, reserves apart, hits, retreats (JC 7.0-7.7)."""
        from legatus.games.julius_caesar.battleboard import battle_board

        return battle_board(definition, params, view)

    def evaluate(
        self, definition: GameDef, state: State, side: str, params: Mapping[str, Any]
    ) -> float:
        """VP, material in steps and threatened friendly cities (see ``evaluation.py``)."""
        from legatus.games.julius_caesar.evaluation import evaluate

        return evaluate(definition, state, side, int(params["vp_to_win"]))


@hookimpl
def legatus_register_games(register: RegisterGame) -> None:
    register(JuliusCaesar())
