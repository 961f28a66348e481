"""The Hannibal Barkas evaluation for the greedy and MCTS players: VP against the war's
target, cities, armies, treasury and the political track, judged for the side's nation
(HB 10.3) against the best other seated nation."""

from __future__ import annotations

import math

import pytest

from legatus.framework.engine.state import State, clone
from legatus.framework.play.agents import decide
from legatus.framework.play.ai.greedy import GreedyAgent
from legatus.framework.play.catalog import default_catalog
from legatus.games.hannibal_barkas import evaluation, queries
from tests.hannibal_barkas.conftest import (
    besiege,
    clear_tribes,
    empty_board,
    gain,
    hb_rules,
    kit_on,
    put,
    put_inside,
    seated,
    set_ip,
    set_lean,
    set_order,
    set_tribe,
)


def judge(state: State, side: str) -> float:
    game = hb_rules()
    return evaluation.evaluate(game.definition, state, side, game.rules.values)


def scores(state: State) -> dict[str, float]:
    game = hb_rules()
    return {
        t: evaluation.score(game.definition, state, t, game.rules.values)
        for t in evaluation.seated_teams(game.definition, state)
    }


def test_each_term_counts_for_the_nation_and_against_its_rival() -> None:
    """Two players: Rome's value is the opposite of Carthage's; one more VP, city, unit,
    talent or political step makes it better by the term's weight."""
    game = hb_rules()
    state = seated(game, "campaign-2p").state
    base = scores(state)
    assert judge(state, "rome_north") == pytest.approx(-judge(state, "carthage_spain"))
    assert judge(state, "rome_south") == judge(state, "rome_north")  # one nation

    more = clone(state)
    gain(more, "vp", rome_south=3)
    assert scores(more)["rome"] - base["rome"] == pytest.approx(3.0)  # small war: 30 = 30
    more = clone(state)
    gain(more, "gold", rome_north=10)
    assert scores(more)["rome"] - base["rome"] == pytest.approx(10 * evaluation.GOLD_VALUE)
    more = clone(state)
    put(more, "rome_north", "Roma", heavy_infantry=2)  # 2 talents each
    assert scores(more)["rome"] - base["rome"] == pytest.approx(4 * evaluation.UNIT_VALUE)
    more = clone(state)
    besiege(more, "Capua", "carthage_spain", 3)
    assert base["rome"] - scores(more)["rome"] == pytest.approx(4 * evaluation.CITY_VALUE)
    more = clone(state)
    set_lean(more, "numidia", -1)  # one step towards Rome
    step = (evaluation.ALLY_VALUE + 2) / 2  # half of an alliance and its 2 VP (HB VII)
    assert evaluation.step_value(state, "rome", game.rules.values) == step
    assert step > 10 * evaluation.GOLD_VALUE  # a political action pays its 10 talents (HB 3.4.5)
    assert scores(more)["rome"] - base["rome"] == pytest.approx(step)
    assert scores(more)["carthage"] - base["carthage"] == pytest.approx(-step)
    lead = scores(state)["rome"] - scores(state)["carthage"]
    assert judge(state, "rome_north") == pytest.approx(math.tanh(lead / evaluation.SCALE))


def test_syracuse_is_measured_by_its_own_target() -> None:
    """HB 10.4: Syracuse's VP count against its own target (20 in the small war): 10 of
    its VP weigh as 15 of a nation's; the side is judged against the best other nation."""
    kit = seated(hb_rules(), "campaign-3p")
    base = scores(kit.state)
    gain(kit, "vp", syracuse=10)
    assert queries.vp(kit, "syracuse") == 10
    assert scores(kit.state)["syracuse"] - base["syracuse"] == pytest.approx(15.0)
    others = max(v for t, v in scores(kit.state).items() if t != "syracuse")
    expected = math.tanh((scores(kit.state)["syracuse"] - others) / evaluation.SCALE)
    assert judge(kit.state, "syracuse") == pytest.approx(expected)


def test_the_plugin_gives_the_evaluation_to_the_search_players() -> None:
    """The greedy and MCTS players read it through the game plugin's hook."""
    game = default_catalog().load("hannibal_barkas")
    state = game.new_state("campaign-2p", seed=1)
    found = game.plugin.evaluate(game.definition, state, "rome_north", game.rules.values)
    assert found == pytest.approx(judge(state, "rome_north"))
    assert -1.0 < found < 1.0


def test_rule_5_a_battle_in_the_field_counts_by_its_likely_outcome() -> None:
    """HB V: Rome's 4 heavy infantry and Carthage's 2 heavy infantry with Hannon (command
    1, 1 VP) share the field of Pisae, a battle about to be fought (HB 5.1). A heavy
    infantry hits on 7+ (0.4 a round, HB 1.2, 1.4); Hannon rerolls one failed die (HB 5.6):
    Carthage fires 0.8 + 1 x 0.4 = 1.2 hits a round, Rome 1.6. Square law: Rome is 6.4 /
    (6.4 + 2.4) likely to win. In two rounds Rome loses 2.4 of 4 units (0.6 of its 8
    talents), Carthage all of its 2 (4 talents), and with them Hannon (likely lost and
    destroyed: (1 - 0.2727) x 1); the winner's VP is 1 per 5 units eliminated (HB 5.11)."""
    kit = empty_board()
    put(kit, "rome_north", "Pisae", heavy_infantry=4)
    put(kit, "carthage_spain", "Pisae", "Hannon", heavy_infantry=2)
    assert queries.status(kit, "Pisae", "rome_north") == "contested"
    _, fields, _ = evaluation.survey(kit.definition, kit.state)
    found = evaluation.battles(kit.definition, kit.state, fields, ["rome", "carthage"])
    wins = 6.4 / 8.8
    assert found["rome"]["material"] == pytest.approx(-8 * 2.4 / 4)
    assert found["rome"]["vp"] == pytest.approx(wins * 2 / 5)
    assert found["carthage"]["material"] == pytest.approx(-4.0)
    assert found["carthage"]["vp"] == pytest.approx((1 - wins) * 2.4 / 5 - 1 * wins * 1.0)
    # The score adds them (VP at the small war's 30: one VP is one) to the other terms.
    plain = scores(kit.state)
    rome, carthage = (
        plain[t] + evaluation.UNIT_VALUE * found[t]["material"] + found[t]["vp"]
        for t in ("rome", "carthage")
    )
    assert judge(kit.state, "rome_north") == pytest.approx(math.tanh((rome - carthage) / 10.0))


def test_rule_8_3_an_army_entering_a_hostile_tribe_expects_its_levy() -> None:
    """HB 8.1, 8.3: P. C. Scipio (command 2, 3 VP) with one cavalry marching into the Boii,
    allied with Carthage, where 2 Carthaginian Gallic infantry stand, will fight them and
    the tribe's levy of 8 Gallic infantry and 3 Gallic cavalry (each 0.3 hits a round). The
    estimate counts the levy before it takes the field: Rome fires 0.3 + 0.7 x 0.3 = 0.51
    (a reroll for the failed die), the enemy 13 x 0.3 = 3.9; Rome is 0.51 / 51.21 likely to
    win, loses its cavalry and, all but surely, its consul. The greedy player (the search
    players' one-ply view) marches elsewhere."""
    kit = empty_board()
    set_order(kit, "rome_north", "carthage_spain")
    set_ip(kit, rome_north=1)
    clear_tribes(kit)
    set_tribe(kit, "Boii", "carthage", "allied")
    set_tribe(kit, "Cenomani", "rome", "allied")
    put(kit, "rome_north", "Cenomani", "P. C. Scipio", cavalry=1)
    put(kit, "carthage_spain", "Boii", gallic_infantry=2)
    kit.begin()
    kit.act("activate(Cenomani)", "take(P. C. Scipio)", "take(cavalry, 1)", "march")
    into = kit_on(kit.game, clone(kit.state), random_dice=True)
    into.act("step(Boii)")
    assert queries.units_at(into, "Boii", "gauls") == {}  # the levy has not taken the field yet
    _, fields, _ = evaluation.survey(into.definition, into.state)
    found = evaluation.battles(into.definition, into.state, fields, ["rome", "carthage"])
    wins = 0.51 / (0.51 + 3.9 * 13)
    assert found["rome"]["material"] == pytest.approx(-3.0)
    assert found["rome"]["vp"] == pytest.approx(wins * 1.02 / 5 - 3 * (1 - wins))
    assert judge(into.state, "rome_north") < judge(kit.state, "rome_north") - 0.2
    legal = kit.match.legal_actions()
    assert "step(Boii)" in kit.legal()
    chosen = decide(GreedyAgent(kit.game, seed=0), kit.game, kit.state, "rome_north", legal)
    assert chosen.text != "step(Boii)"


def test_rule_6_2_a_siege_counts_for_its_besieger_by_the_chance_the_city_falls() -> None:
    """HB 6.2, 6.3: Carthage besieges Pisae (2 VP, 2 talents of income) down to level 2 on
    the siege track, with one heavy infantry inside its walls: each stage costs the city a
    level or a defender, so it falls with a chance of 1 in 1 + 2 + 1. Carthage expects a
    quarter of its VP and income; Rome has lost the income already (a besieged city yields
    nothing, HB 6.2)."""
    kit = empty_board()
    besiege(kit, "Pisae", "carthage_spain", 2)
    put_inside(kit, "rome_north", "Pisae", heavy_infantry=1)
    _, _, walls = evaluation.survey(kit.definition, kit.state)
    assert walls == {"Pisae": 1}
    assert queries.extra_defenders(kit, "Pisae") == 1
    found = evaluation.sieges(kit.definition, kit.state, walls, {})
    assert found == {"carthage": {"vp": 0.5, "material": 0.0, "income": 0.5}}
    plain = scores(kit.state)
    lead = plain["carthage"] + 0.5 + evaluation.CITY_VALUE * 0.5 - plain["rome"]
    assert judge(kit.state, "carthage_spain") == pytest.approx(math.tanh(lead / evaluation.SCALE))


@pytest.mark.parametrize("scenario", ["campaign-4p", "gates-5p"])
def test_every_side_scored_at_once_as_one_by_one(scenario: str) -> None:
    """evaluate_sides (what MCTS asks, the nations scored once a position) gives each side
    exactly what evaluate gives it, on positions of a random game."""
    from itertools import islice

    from legatus.framework.play.agents import RandomAgent, agent_seed
    from legatus.framework.play.driver import Match

    game = default_catalog().load("hannibal_barkas")
    definition, params = game.definition, game.rules.values
    players = {s: RandomAgent(agent_seed(3, i)) for i, s in enumerate(definition.side_ids)}
    match = Match.new(game, scenario, seed=3, players=players)
    checked = 0
    for _ in islice(iter(match.step, False), 400):
        if match.state["actions"] % 40 == 0:
            checked += 1
            together = evaluation.evaluate_sides(definition, match.state, params)
            assert together == {
                side: evaluation.evaluate(definition, match.state, side, params)
                for side in definition.side_ids
            }
    assert checked >= 5
