"""The Hammer of the Scots plugin: the data folder, the rules vocabulary, scores and evaluation.

Registered in the ``legatus`` entry-point group like the other games. Its typed action kinds are
data (``actions:`` in ``data/game.yaml``), its rules ``data/rules/hammer_of_the_scots.rules``
on the kit's queries and effects and the game's own (:mod:`.movement`, :mod:`.battle`,
:mod:`.winter`, :mod:`.events`).
"""

from __future__ import annotations

import math
import sys
from collections.abc import Mapping
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
    TextBoard,
    hookimpl,
    kit,
    rules_query,
)
from legatus.games.hammer_of_the_scots import render


@rules_query("opening_draw() -> int", rule="HotS 8.1, 8.2")
def opening_draw(ctx: Context) -> int:
    """HotS 8.1, 8.2: how many English pool blocks the scenario draws into England."""
    return int(ctx.state["records"]["opening_draw"])


@rules_query("year() -> int", rule="HotS 7.0")
def year(ctx: Context) -> int:
    """HotS 7.0: the year being played (a tournament bid is made before 1297's, p. 8)."""
    return int(ctx.state["records"]["year"])


@rules_query("final_year() -> bool", rule="HotS 9.0")
def final_year(ctx: Context) -> bool:
    """HotS 8.1-8.3, 9.0: this is the scenario's last year, or later (the Campaign)."""
    records = ctx.state["records"]
    return bool(records["year"] >= records["last_year"])


@rules_query("extended() -> bool", rule="HotS 8.3")
def extended(ctx: Context) -> bool:
    """HotS 8.3: the Campaign goes on past its last year while tied."""
    return bool(ctx.state["records"]["extended"])


@rules_query("year_over() -> bool", rule="HotS 3.12")
def year_over(ctx: Context) -> bool:
    """HotS 3.12, 7.0: both players played events this turn, so the year ends."""
    return bool(ctx.state["records"]["cancelled"])


class HammerOfTheScots(GamePlugin):
    """Columbia Games' Hammer of the Scots (2 players, hidden blocks, cards; rules 4.0)."""

    name = "hammer_of_the_scots"
    data = Path(__file__).parent / "data"

    def register_rules(self, registry: RuleRegistry) -> None:
        kit.register_kit(registry)
        from legatus.games.hammer_of_the_scots import battle, events, movement, winter

        registry.add_marked(sys.modules[__name__], movement, battle, winter, events)
        play_event = kit.events.PlayEvent(declinable="events.declinable", rule="HotS 3.12")
        registry.add_procedure(
            "play_event",
            play_event,
            rule=play_event.rule,
            params={"card": "card", "side": "side"},
            needs=play_event.needs,
        )
        movement.register_moves(registry)

    def invariants(self) -> Mapping[str, Invariant]:
        """The kit's index of the blocks on the map is right after every action."""
        return {"HotS blocks indexed where they stand": kit.invariants.occupancy_kept}

    def scores(self, definition: GameDef, state: State) -> Mapping[str, float]:
        """HotS 9.0: the nobles each side controls."""
        return {side: float(len(_nobles(definition, state, side))) for side in definition.side_ids}

    def evaluate(
        self, definition: GameDef, state: State, side: str, params: Mapping[str, Any]
    ) -> float:
        """For the computer players (on a sampled state): the nobles controlled more than the
        enemy (HotS 9.0), plus a fifth of a noble per step of strength more on the map
        (HotS 2.11), squashed into (-1, 1)."""
        enemy = definition.other_sides(side)[0]
        steps = {s: 0 for s in definition.side_ids}
        for entry in state["pieces"].values():
            if entry["at"] not in ("pool", "out"):
                steps[entry["side"]] += entry["strength"]
        nobles = len(_nobles(definition, state, side)) - len(_nobles(definition, state, enemy))
        return math.tanh((nobles + 0.2 * (steps[side] - steps[enemy])) / 20)

    def render_view(self, definition: GameDef, view: Mapping[str, Any]) -> str:
        """The year, phase, nobles seen, cards, orders and battles in words (kit.pages)."""
        return kit.pages.render_view(definition, view, render.PAGES)

    def page_parts(self, definition: GameDef, view: Mapping[str, Any]) -> Mapping[str, Any]:
        return kit.pages.page_parts(definition, view, render.PAGES)

    def text_board(
        self, definition: GameDef, params: Mapping[str, Any], language: str = "en"
    ) -> TextBoard:
        """Border limits (HotS 4.3) and this Move Phase's crossings."""
        return kit.pages.LimitBoard(definition, params, language)

    def battle_board(
        self, definition: GameDef, params: Mapping[str, Any], view: Mapping[str, Any]
    ) -> Mapping[str, Any] | None:
        return render.battle_board(definition, params, view)


def _nobles(definition: GameDef, state: State, side: str) -> list[str]:
    pieces = state["pieces"]
    return [
        b
        for b, p in definition.pieces.items()
        if p.type == "noble"
        and pieces[b]["side"] == side
        and pieces[b]["at"] not in ("pool", "out")
    ]


@hookimpl
def legatus_register_games(register: RegisterGame) -> None:
    register(HammerOfTheScots())
