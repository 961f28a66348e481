"""The Hannibal Barkas plugin: one object that carries everything about the game.

Registered through the ``legatus`` entry-point group like any game (``pyproject.toml``):
the data folder, the procedures, queries and effects the rules file uses, the typed action
kinds, the invariants, the scores and the text view.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from legatus import (
    ActionKind,
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
    parse_signature,
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

UNIT_CHOICE = "choice(" + ", ".join(model.UNITS) + ")"


@rules_query("first_stage() -> int", rule="HB III")
def first_stage(ctx: Context) -> int:
    """HB III: the stage this year starts in (the scenario's, in the first year)."""
    return int(model.records(ctx.state).first_stage)


ACTIONS: tuple[ActionKind, ...] = (
    parse_signature(
        "pass", doc="No more actions this stage; an effect with no target", rule="HB 3.4.7"
    ),
    parse_signature(
        "ip", "card: card", doc="Play a card for its initiative points", rule="HB 3.4.1"
    ),
    parse_signature("gold", "card: card", doc="Play a card for its talents", rule="HB 3.4.2"),
    parse_signature("event", "card: card", doc="Play a card's event", rule="HB 3.4.3"),
    parse_signature(
        "effect", "card: card", doc="Play a card's effect, at any moment", rule="HB 1.3.1"
    ),
    parse_signature("decline", doc="Play no effect now", rule="HB 1.3.1"),
    parse_signature(
        "activate",
        "space: space",
        doc="Activate a region or sea zone to move from it",
        rule="HB 3.4.4",
    ),
    parse_signature(
        "politics",
        "state: side",
        doc="Move a state one space on the political track",
        rule="HB 3.4.5",
    ),
    parse_signature(
        "hand_over",
        "space: space",
        "player: side",
        doc="Hand an army with its leaders to a team-mate",
        rule="HB 3.4.6",
    ),
    parse_signature(
        "take",
        f"what: {UNIT_CHOICE}|piece",
        "count: number 1..99?",
        doc="Add units of a type (how many), or a leader, to the group",
        rule="HB 4.2",
    ),
    parse_signature("march", doc="Start moving the group", rule="HB 4.2"),
    parse_signature("done", doc="End this part of the move, or of the recruiting", rule="HB 4.2"),
    parse_signature(
        "step", "to: space", doc="Move the group into a neighbouring region", rule="HB 4.2"
    ),
    parse_signature(
        "drop",
        f"what: {UNIT_CHOICE}|piece",
        "count: number 1..99?",
        doc="Leave part of the moving army here",
        rule="HB 4.2",
    ),
    parse_signature("halt", doc="End the group's move here", rule="HB 4.2"),
    parse_signature(
        "join",
        "space: space",
        doc="Activate another region whose army ends in the same one",
        rule="HB 4.2, 10.1",
    ),
    parse_signature("continue", doc="Move the armies gathered on together", rule="HB 10.1"),
    parse_signature(
        "put_to_sea", "zone: space", doc="The fleet leaves its port (free)", rule="HB 4.4"
    ),
    parse_signature(
        "sail", "zone: space", doc="The fleet moves to a neighbouring sea zone", rule="HB 4.4"
    ),
    parse_signature("load", "region: space", doc="Load units from a coastal region", rule="HB 4.4"),
    parse_signature("unload", "region: space", doc="Land units in a coastal region", rule="HB 4.4"),
    parse_signature(
        "in_port", "region: space", doc="End the fleet's move in a port", rule="HB 4.4"
    ),
    parse_signature(
        "discard", "card: card", doc="Discard a card over the hand limit", rule="HB 3.1"
    ),
    parse_signature(
        "disband",
        "space: space",
        f"kind: {UNIT_CHOICE}",
        doc="Disband an unpaid unit",
        rule="HB 9.2",
    ),
    parse_signature(
        "recruit", "where: card|space", f"kind: {UNIT_CHOICE}", doc="Recruit a unit", rule="HB 9.3"
    ),
    parse_signature("lose", f"kind: {UNIT_CHOICE}", doc="Lose a unit of this type", rule="HB 5.5"),
    parse_signature(
        "choose",
        "value: piece|space|card|side",
        doc="Choose a target for an event",
        rule="HB 3.4.3",
    ),
    parse_signature(
        "shelter",
        "city: card",
        f"kind: {UNIT_CHOICE}",
        doc="Put a unit inside the walls of your city before the battle",
        rule="HB VI; A.23 #11",
    ),
    parse_signature("stand", doc="Fight on (or stay) rather than retreat", rule="HB 5.3"),
    parse_signature(
        "retreat",
        "to: space|card",
        doc="Retreat to a region, a sea zone, a port or into a city",
        rule="HB 5.4",
    ),
    parse_signature("withdraw", doc="Retreat whence the army came", rule="HB 5.4"),
    parse_signature(
        "reroll",
        f"die: {UNIT_CHOICE}|piece|choice(walls, ambush)",
        doc="Reroll a failed die for a point of command",
        rule="HB 5.6",
    ),
    parse_signature(
        "strike",
        "army: side",
        f"kind: {UNIT_CHOICE}",
        doc="Choose the enemy unit your 10 kills",
        rule="HB 5.5",
    ),
    parse_signature("sink", "ship: piece", doc="Choose the ship that sinks", rule="HB 5.10"),
    parse_signature(
        "stow",
        f"cargo: {UNIT_CHOICE}*0..2",
        doc="What the next ship carries in a sea battle",
        rule="HB 5.10",
    ),
    parse_signature("besiege", "city: card", doc="Besiege a city (1 MP)", rule="HB 6.2"),
    parse_signature("assault", "city: card", doc="Storm a city (1 MP)", rule="HB 6.1"),
    parse_signature(
        "garrison", "city: card", doc="End the move inside your city's walls", rule="HB VI"
    ),
    parse_signature(
        "sortie", doc="Sally out of the walls against the enemy in the field", rule="HB 9.3"
    ),
    parse_signature("devastate", doc="Devastate the enemy's region", rule="HB 12.1"),
    parse_signature("appoint", "leader: piece", doc="Name a consul dictator", rule="HB 12.4"),
    parse_signature(
        "extend", "leader: piece", doc="Try to keep a consul in command", rule="HB 12.3"
    ),
)


class HannibalBarkas(GamePlugin):
    """Hannibal Barkas (Gry Leonardo): the Second Punic War for 2 to 5 players."""

    name = NAME
    data = DATA

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

    def action_kinds(self, definition: GameDef) -> Sequence[ActionKind]:
        return ACTIONS

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
