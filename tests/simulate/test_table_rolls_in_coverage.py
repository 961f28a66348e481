"""Rule coverage counts the tables a game rolls on (``Context.roll_on``), not only its steps.

The naval module resolves wind, fatigue, grappling and boarding on rules-file tables
(GBoJC 6.24, 6.47, 8.14, 8.29): a simulation's coverage must list them, and say
when one never fired.
"""

from __future__ import annotations

from legatus.framework.play.agents import RandomAgent, agent_seed
from legatus.framework.play.catalog import load as load_playable
from legatus.framework.play.driver import Match
from legatus.framework.rules.trace import tracing
from legatus.framework.tools.simulate.rules_known import known_rules


def test_the_naval_tables_are_known_rules() -> None:
    known = known_rules(load_playable("gbojc_naval"))
    for table in ("GBoJC 6.24", "GBoJC 6.47", "GBoJC 8.14", "GBoJC 8.29", "GBoJC 8.34"):
        assert known[table] == "dsl"


def test_a_table_rolled_counts_in_the_game_and_in_an_enclosing_trace() -> None:
    game = load_playable("gbojc_naval")
    players = {s: RandomAgent(agent_seed(3, i)) for i, s in enumerate(game.definition.side_ids)}
    with tracing() as trace:
        match = Match.new(game, seed=3, players=players).play(until=300)
    fired = match.run.fired
    # GBoJC 6.47: every galley at maximum speed rolls on the fatigue table.
    assert fired["GBoJC 6.47"] > 0
    assert trace.counts["GBoJC 6.47"] == fired["GBoJC 6.47"]
