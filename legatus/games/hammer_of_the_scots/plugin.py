"""The Hammer of the Scots plugin: the data folder and the kit's rules vocabulary.

Not registered in the ``legatus`` entry-point group yet (issue 33): it is registered once it
plays whole games without faults (``legatus check-game``); until then tests load it directly.
Its typed action kinds are data (``actions:`` in ``data/game.yaml``), its rules the kit's
queries and effects called from ``data/rules/hammer_of_the_scots.rules``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from legatus import Context, GamePlugin, RegisterGame, RuleRegistry, hookimpl, kit, rules_query


@rules_query("opening_draw() -> int", rule="HotS 8.1, 8.2")
def opening_draw(ctx: Context) -> int:
    """HotS 8.1, 8.2: how many English pool blocks the scenario draws into England."""
    return int(ctx.state["records"]["opening_draw"])


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


@hookimpl
def legatus_register_games(register: RegisterGame) -> None:
    register(HammerOfTheScots())
