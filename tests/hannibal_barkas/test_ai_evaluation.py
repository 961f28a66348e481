"""The Hannibal Barkas evaluation for the greedy and MCTS players: VP against the war's
target, cities, armies, treasury and the political track, judged for the side's nation
(HB 10.3) against the best other seated nation."""

from __future__ import annotations

import math

import pytest

from framework.catalog import default_catalog
from framework.engine.state import clone
from games.hannibal_barkas import evaluation
from tests.hannibal_barkas.conftest import hb_rules, put, seated


def judge(state: dict, side: str) -> float:
    game = hb_rules()
    return evaluation.evaluate(game.definition, state, side, game.game.rules.values)


def scores(state: dict) -> dict[str, float]:
    game = hb_rules()
    return {
        t: evaluation.score(game.definition, state, t, game.game.rules.values)
        for t in evaluation.seated_teams(game.definition, state)
    }


def test_each_term_counts_for_the_nation_and_against_its_rival() -> None:
    """Two players: Rome's value is the opposite of Carthage's; one more VP, city, unit,
    talent or political step makes it better by the term's weight."""
    game = hb_rules()
    state = seated(game, "campaign-2p")
    base = scores(state)
    assert judge(state, "rome_north") == pytest.approx(-judge(state, "carthage_spain"))
    assert judge(state, "rome_south") == judge(state, "rome_north")  # one nation

    more = clone(state)
    more["records"]["vp"]["rome_south"] += 3
    assert scores(more)["rome"] - base["rome"] == pytest.approx(3.0)  # small war: 30 = 30
    more = clone(state)
    more["records"]["gold"]["rome_north"] += 10
    assert scores(more)["rome"] - base["rome"] == pytest.approx(10 * evaluation.GOLD_VALUE)
    more = clone(state)
    put(more, "rome_north", "Roma", heavy_infantry=2)  # 2 talents each
    assert scores(more)["rome"] - base["rome"] == pytest.approx(4 * evaluation.UNIT_VALUE)
    more = clone(state)
    more["records"]["sieges"]["Capua"] = {"level": 3, "by": "carthage_spain"}
    assert base["rome"] - scores(more)["rome"] == pytest.approx(4 * evaluation.CITY_VALUE)
    more = clone(state)
    more["records"]["political"]["numidia"] = -1  # one step towards Rome
    assert scores(more)["rome"] - base["rome"] == pytest.approx(evaluation.STEP_VALUE)
    assert scores(more)["carthage"] - base["carthage"] == pytest.approx(-evaluation.STEP_VALUE)
    lead = scores(state)["rome"] - scores(state)["carthage"]
    assert judge(state, "rome_north") == pytest.approx(math.tanh(lead / evaluation.SCALE))


def test_syracuse_is_measured_by_its_own_target() -> None:
    """HB 10.4: Syracuse's VP count against its own target (20 in the small war): 10 of
    its VP weigh as 15 of a nation's; the side is judged against the best other nation."""
    game = hb_rules()
    state = seated(game, "campaign-3p")
    base = scores(state)
    state["records"]["vp"]["syracuse"] += 10
    assert scores(state)["syracuse"] - base["syracuse"] == pytest.approx(15.0)
    others = max(v for t, v in scores(state).items() if t != "syracuse")
    expected = math.tanh((scores(state)["syracuse"] - others) / evaluation.SCALE)
    assert judge(state, "syracuse") == pytest.approx(expected)


def test_the_plugin_gives_the_evaluation_to_the_search_players() -> None:
    """The greedy and MCTS players read it through the game plugin's hook."""
    game = default_catalog().load("hannibal_barkas")
    state = game.new_state("campaign-2p", seed=1)
    found = game.plugin.evaluate(game.definition, state, "rome_north", game.rules.values)
    assert found == pytest.approx(judge(state, "rome_north"))
    assert -1.0 < found < 1.0
