"""The Julius Caesar evaluation (VP, material in steps, threatened friendly cities) and
the greedy player on positions at a command phase (JC 1.2 VP, 4.2.1 friendly cities, 6.1
moves)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from legatus.framework.engine.actions import Action
from legatus.framework.engine.gameplugin import GamePlugin
from legatus.framework.engine.state import State
from legatus.framework.play.agents import Agent, decide
from legatus.framework.play.catalog import default_catalog
from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.julius_caesar import evaluation

from .conftest import JC, command_turn, placed


@pytest.fixture
def position(play_from: PlayFrom) -> Any:
    """``position(where, strengths=..., caesar=...)``: a command phase with those blocks."""

    def build(where: Mapping[str, Sequence[str]], **more: Any) -> Kit:
        return command_turn(play_from, where, **more)

    return build


def make_agent(spec: str, side: str, seed: int, kit: Kit) -> Agent:
    return default_catalog().make_agent(spec, side, seed, game=kit.game)


def choose(agent: Agent, kit: Kit, side: str) -> Action:
    assert kit.prompt is not None
    return decide(agent, kit.game, kit.state, side, kit.prompt.actions)


def evaluate(kit: Kit, side: str, vp_to_win: int | None = None) -> float:
    """The evaluation with the rules' VP target (JC 1.2), or another one a test gives."""
    target = vp_to_win if vp_to_win is not None else int(kit.game.rules.param("vp_to_win"))
    return evaluation.evaluate(kit.definition, kit.state, side, target)


def test_the_plugins_evaluation_scores_vp_steps_and_threats(position: Any) -> None:
    """More VP is better; the value is zero-sum; a friendly city next to enemy blocks
    (threatened) is worth less than a safe one."""
    even = position(
        {"Massilia": ["Legio 11"], "Tarraco": ["Legio 1"]},
        strengths={"Legio 11": 3, "Legio 1": 3},
    )
    definition, params = even.definition, even.game.rules.values
    plugin = even.game.plugin

    def hook(*, state: State, side: str, **_: object) -> float | None:
        found: float | None = plugin.evaluate(definition, state, side, params)
        return found

    level = hook(game="julius_caesar", definition=definition, state=even.state, side="caesar")
    # One VP and three steps each: only where the blocks stand differs (strength near cities).
    assert level == pytest.approx(
        -hook(game="julius_caesar", definition=definition, state=even.state, side="pompey")
    )
    assert abs(level) < 0.05
    assert GamePlugin().evaluate(definition, even.state, "caesar", params) is None  # no opinion
    ahead = position(
        {"Roma": ["Legio 11"], "Tarraco": ["Legio 1"]},
        strengths={"Legio 11": 3, "Legio 1": 3},
    )
    value = evaluate(ahead, "caesar")
    assert 0 < value < 1
    assert evaluate(ahead, "pompey") == pytest.approx(-value)
    # Asculum and Lugdunum are worth no VP; only Asculum is next to Roma.
    safe = position({"Roma": ["Legio 11"], "Lugdunum": ["Legio 1"]})
    threatened = position({"Roma": ["Legio 11"], "Asculum": ["Legio 1"]})
    assert evaluate(threatened, "caesar") < evaluate(safe, "caesar")
    stronger = position({"Roma": ["Legio 11"], "Tarraco": ["Legio 1"]}, strengths={"Legio 11": 3})
    weaker = position({"Roma": ["Legio 11"], "Tarraco": ["Legio 1"]}, strengths={"Legio 11": 1})
    assert evaluate(stronger, "caesar") > evaluate(weaker, "caesar")


def test_greedy_takes_the_richest_vacant_city_and_keeps_its_own(position: Any) -> None:
    """JC 6.1: from Massilia (1 VP) one group move reaches Roma (2 VP), Tarraco (1 VP) and
    cities worth nothing. Greedy moves one block to Roma and leaves the other to hold
    Massilia: +2 VP is the best one action can do."""
    kit = position({"Massilia": ["Legio 11", "Legio 14"]}, caesar=(3, 0))
    kit.act("group(Massilia)")
    for seed in range(5):
        action = choose(make_agent("greedy", "caesar", seed, kit), kit, "caesar")
        assert action.kind == "move" and action.args[-1] == "Roma", action


def test_greedy_ends_the_group_rather_than_give_up_a_city(position: Any) -> None:
    """With a lone block in Roma (2 VP) and every move leaving it for a city worth less,
    greedy ends the group."""
    kit = position({"Roma": ["Legio 11"]}, caesar=(3, 0))
    kit.act("group(Roma)")
    assert choose(make_agent("greedy", "caesar", 1, kit), kit, "caesar").text == "end_group"


def battle_ahead(
    play_from: PlayFrom, where: Mapping[str, Sequence[str]], strengths: Mapping[str, int]
) -> Kit:
    """The battle phase with those blocks: a location holding both sides' is contested, its
    battle about to be fought (JC 2.3; no other step may start with one)."""
    position = (
        "at: {step: battle_phase, counters: {year: 1, turn: 1}}\nrecords: {player1: caesar}\n"
    )
    return play_from(JC, position + placed(where, strengths=strengths))


def test_a_contested_city_counts_by_the_chance_of_winning_its_battle(
    position: Any, play_from: PlayFrom
) -> None:
    """JC 4.2.1, 7.0, 7.4: a contested city belongs to nobody until its battle. It counts
    for each side by the square law on expected hits (strength x firepower / 6): a strong
    stack in Roma is worth more than a lone weak block there, and either is worth less
    than holding Roma outright. (Legio 17, C2, has four steps.) The contested positions are
    the battle phase's, their battle not yet fought."""
    held = position({"Roma": ["Legio 17"]})
    strong = battle_ahead(play_from, {"Roma": ["Legio 17", "P Auxilia 1"]}, {"P Auxilia 1": 1})
    weak = battle_ahead(play_from, {"Roma": ["Legio 17", "Legio 1"]}, {"Legio 17": 1, "Legio 1": 4})
    values = [evaluate(kit, "caesar") for kit in (held, strong, weak)]
    assert values[0] > values[1] > values[2]


def test_holding_the_vp_that_win_at_winter_is_worth_a_bonus(position: Any) -> None:
    """JC 1.2: the side holding vp_to_win VP wins at the next winter check, so reaching
    the target is worth more than one VP: the value jumps where the target is met."""
    kit = position({"Roma": ["Legio 11"]}, strengths={"Legio 11": 3})
    # Caesar holds Roma: 2 VP.
    below = evaluate(kit, "caesar", vp_to_win=3)
    reached = evaluate(kit, "caesar", vp_to_win=2)
    assert reached > below
    assert evaluate(kit, "pompey", vp_to_win=2) == pytest.approx(-reached)


def test_strength_near_a_vp_city_is_worth_more_than_strength_far_away(position: Any) -> None:
    """JC 6.1: blocks move a few connections a turn, so a legion next to vacant Roma
    (2 VP) is better placed than the same legion far from every VP city."""
    near = position({"Asculum": ["Legio 11"]}, strengths={"Legio 11": 3})
    far = position({"Treviri": ["Legio 11"]}, strengths={"Legio 11": 3})
    assert evaluate(near, "caesar") > evaluate(far, "caesar")


def test_mcts_chooses_the_group_for_the_moves_it_allows(position: Any) -> None:
    """JC 6.1: choosing which group moves changes nothing by itself, so one ply (greedy)
    cannot tell the groups apart. MCTS looks at the moves each group allows: only the
    legion in Massilia can reach vacant Roma (2 VP) this turn, so it moves that group,
    and then sends the legion to Roma."""
    kit = position({"Massilia": ["Legio 11", "Legio 14"], "Treviri": ["Legio 12"]}, caesar=(3, 0))
    assert set(kit.legal()) >= {"group(Massilia)", "group(Treviri)"}
    one_ply = {
        evaluate(kit.fork().act(group), "caesar") for group in ("group(Massilia)", "group(Treviri)")
    }
    assert len(one_ply) == 1
    for seed in range(3):
        assert (
            choose(make_agent("mcts", "caesar", seed, kit), kit, "caesar").text == "group(Massilia)"
        )
    kit.act("group(Massilia)")
    action = choose(make_agent("mcts", "caesar", 1, kit), kit, "caesar")
    assert action.kind == "move" and action.args[-1] == "Roma", action
