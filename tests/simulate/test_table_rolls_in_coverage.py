"""Rule coverage counts the tables a game rolls on (``Context.roll_on``), not only its steps.

The naval module resolves wind, fatigue, grappling and boarding on rules-file tables
(GBoJC 6.24, 6.47, 8.14, 8.29): a simulation's coverage must list them, and say
when one never fired.
"""

from __future__ import annotations

from framework.agents import RandomAgent, agent_seed
from framework.engine.view import observe
from framework.playable import load_playable
from framework.rules.trace import tracing
from framework.simulate.rules_known import known_rules


def test_the_naval_tables_are_known_rules() -> None:
    known = known_rules(load_playable("gbojc_naval"))
    for table in ("GBoJC 6.24", "GBoJC 6.47", "GBoJC 8.14", "GBoJC 8.29", "GBoJC 8.34"):
        assert known[table] == "dsl"


def test_a_table_rolled_counts_in_the_game_and_in_an_enclosing_trace() -> None:
    game = load_playable("gbojc_naval")
    definition = game.definition
    state = game.new_state(seed=3)
    players = {s: RandomAgent(agent_seed(3, i)) for i, s in enumerate(definition.side_ids)}
    with tracing() as trace:
        for _ in range(300):
            if state["prompt"] is None:
                break
            side = state["prompt"]["side"]
            actions = game.legal_actions(state)
            game.apply(state, players[side].choose(observe(definition, state, side), actions))
    # GBoJC 6.47: every galley at maximum speed rolls on the fatigue table.
    assert game.fired["GBoJC 6.47"] > 0
    assert trace.counts["GBoJC 6.47"] == game.fired["GBoJC 6.47"]
