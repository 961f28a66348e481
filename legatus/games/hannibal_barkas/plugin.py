"""The Hannibal Barkas plugin: one object that carries everything about the game.

Registered through the ``legatus`` entry-point group like any game (``pyproject.toml``):
the data folder, the procedures, queries and effects the rules file uses, the invariants,
the scores and the text view. Its typed action kinds are data (``actions:`` in the manifest).
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
    RegisterGame,
    RuleRegistry,
    State,
    StepInvariant,
    TextBoard,
    hookimpl,
    rules_query,
)
from legatus.games.hannibal_barkas import (
    actions,
    activation,
    advanced,
    battle,
    cards,
    economy,
    effects,
    events,
    gauls,
    initiative,
    invariants,
    model,
    politics,
    render,
    setup,
    sieges,
)

NAME = "hannibal_barkas"
DATA = Path(__file__).parent / "data"


@rules_query("first_stage() -> int", rule="HB III")
def first_stage(ctx: Context) -> int:
    """HB III: the stage this year starts in (the scenario's, in the first year)."""
    return int(model.records(ctx.state).first_stage)


class HannibalBarkas(GamePlugin):
    """Hannibal Barkas (Gry Leonardo): the Second Punic War for 2 to 5 players."""

    name = NAME
    data = DATA
    #: Every change to a piece goes through model.writable (a copy of its entry put in
    #: its place), so the states a search plays on share the entries they leave alone.
    pieces_copied_on_write = True

    def forked(self, state: State, copy: State) -> None:
        """The index of where the pieces stand serves the copy until a piece moves."""
        model.carry_located(state, copy)

    def register_rules(self, registry: RuleRegistry) -> None:
        p = registry.add_procedure
        p("take_seats", setup.take_seats, rule="HB 10.2")
        p("new_stage", setup.new_stage, rule="HB 4.1")
        p("draw_cards", cards.draw_cards, rule="HB 3.1", needs={"hand_limit": "int"})
        p("hand_limit", cards.HandLimit(), rule="HB 3.1")
        p("draw_consuls", cards.draw_consuls, rule="HB 3.2", needs={"consuls": "int"})
        p("initiative", initiative.initiative, rule="HB 3.3")
        p("actions", actions.ActionPhase(), rule="HB 3.4")
        p("activation", activation.Activation(), rule="HB 4.2", needs={"activation.ip": "int"})
        p("play_event", events.PlayEvent(), rule="HB 3.4.3")
        p("effects", events.EffectWindow(), rule="HB 1.3.1")
        p("lose_units", events.LoseUnits(), rule="HB 5.5")
        p(
            "sink_ships",
            effects.SinkShips(),
            rule="HB 1.2.7",
            params={"player": "side", "zone": "space", "at_least": "int"},
        )
        p("battle", battle.Battle(), rule="HB V")
        p("assault", sieges.Assault(), rule="HB 6.1")
        p("dictator", advanced.Dictator(), rule="HB 12.4")
        p("proconsul", advanced.Proconsul(), rule="HB 12.3")
        p("resolve_sieges", sieges.resolve_sieges, rule="HB 6.2")
        p("economy", economy.Economy(), rule="HB IX", needs={"upkeep": "int"})
        p("end_stage", setup.end_stage, rule="HB III")
        p("time_limit", setup.time_limit, rule="HB XI")
        registry.add_marked(sys.modules[__name__], effects, politics, events, gauls, advanced)

    def invariants(self) -> Mapping[str, Invariant]:
        return invariants.INVARIANTS

    def step_invariants(self) -> Sequence[StepInvariant]:
        """The order of play set before the actions (HB 3.3)."""
        return invariants.STEP_INVARIANTS

    def scores(self, definition: GameDef, state: State) -> Mapping[str, float]:
        """Each side's victory points (HB 10.3)."""
        return {side: float(vp) for side, vp in model.records(state).vp.items()}

    def render_view(self, definition: GameDef, view: Mapping[str, Any]) -> str:
        return render.render_view(definition, view)

    def page_parts(self, definition: GameDef, view: Mapping[str, Any]) -> Mapping[str, Any]:
        """The generic parts, and each army on the map as one readable stack: leaders,
        units by kind, ships."""
        parts = dict(super().page_parts(definition, view))
        parts["stacks"] = render.map_stacks(definition, view)
        return parts

    def text_board(
        self, definition: GameDef, params: Mapping[str, Any], language: str = "en"
    ) -> TextBoard:
        """Armies by unit, cities and tribes, where a step leads, the Alps warned of."""
        return render.HannibalBoard(definition, params, language)

    def battle_board(
        self, definition: GameDef, params: Mapping[str, Any], view: Mapping[str, Any]
    ) -> Mapping[str, Any] | None:
        """The armies by the step they fire in, leaders, d10s, losses, retreats (HB V)."""
        from legatus.games.hannibal_barkas.battleboard import battle_board

        return battle_board(definition, params, view)

    def evaluate(
        self, definition: GameDef, state: State, side: str, params: Mapping[str, Any]
    ) -> float:
        """VP against the war's target, cities, armies, treasury and the political track
        (see ``evaluation.py``)."""
        from legatus.games.hannibal_barkas.evaluation import evaluate

        return evaluate(definition, state, side, params)

    def evaluate_sides(
        self, definition: GameDef, state: State, params: Mapping[str, Any]
    ) -> dict[str, float]:
        """Every side's :meth:`evaluate` at once: the nations scored once for all their
        players (legatus.framework.play.ai.evaluation.sides_evaluator)."""
        from legatus.games.hannibal_barkas.evaluation import evaluate_sides

        return evaluate_sides(definition, state, params)


@hookimpl
def legatus_register_games(register: RegisterGame) -> None:
    register(HannibalBarkas())
