"""The Julius Caesar evaluation (VP, material in steps, threatened friendly cities) and
the greedy player on hand-built positions (JC 1.2 VP, 4.2.1 friendly cities, 6.1 moves)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from framework.agents import Agent, decide
from framework.catalog import default_catalog
from framework.engine.actions import Action
from framework.engine.state import State, clone
from framework.gameplugin import GamePlugin
from framework.testing import GameUnderTest as Game
from games.julius_caesar import evaluation

from .test_rule_6_0_command_phase import command_game, play, position


@pytest.fixture
def game(make_game: Callable[..., Game]) -> Game:
    return command_game(make_game)


def make_agent(spec: str, side: str, seed: int, game: Game) -> Agent:
    return default_catalog().make_agent(spec, side, seed, game=game.game)


def choose(agent: Agent, game: Game, state: State, side: str) -> Action:
    return decide(agent, game.game, state, side, game.legal_actions(state))


def evaluate(game: Game, state: State, side: str, vp_to_win: int | None = None) -> float:
    """The evaluation with the rules' VP target (JC 1.2), or another one a test gives."""
    target = vp_to_win if vp_to_win is not None else int(game.rules.param("vp_to_win"))
    return evaluation.evaluate(game.definition, state, side, target)


def test_the_plugins_evaluation_scores_vp_steps_and_threats(game: Game) -> None:
    """More VP is better; the value is zero-sum; a friendly city next to enemy blocks
    (threatened) is worth less than a safe one."""
    definition = game.definition
    plugin = game.game.plugin
    params = game.rules.values

    def hook(*, state: State, side: str, **_: object) -> float | None:
        found: float | None = plugin.evaluate(definition, state, side, params)
        return found

    even = position(
        game,
        {"Massilia": ["Legio 11"], "Tarraco": ["Legio 1"]},
        strengths={"Legio 11": 3, "Legio 1": 3},
    )
    level = hook(game="julius_caesar", definition=definition, state=even, side="caesar", params={})
    # One VP and three steps each: only where the blocks stand differs (strength near cities).
    assert level == pytest.approx(
        -hook(game="julius_caesar", definition=definition, state=even, side="pompey", params={})
    )
    assert abs(level) < 0.05
    assert GamePlugin().evaluate(definition, even, "caesar", params) is None  # no opinion
    ahead = position(
        game,
        {"Roma": ["Legio 11"], "Tarraco": ["Legio 1"]},
        strengths={"Legio 11": 3, "Legio 1": 3},
    )
    value = evaluate(game, ahead, "caesar")
    assert 0 < value < 1
    assert evaluate(game, ahead, "pompey") == pytest.approx(-value)
    # Asculum and Lugdunum are worth no VP; only Asculum is next to Roma.
    safe = position(game, {"Roma": ["Legio 11"], "Lugdunum": ["Legio 1"]})
    threatened = position(game, {"Roma": ["Legio 11"], "Asculum": ["Legio 1"]})
    assert evaluate(game, threatened, "caesar") < evaluate(game, safe, "caesar")
    stronger = position(
        game, {"Roma": ["Legio 11"], "Tarraco": ["Legio 1"]}, strengths={"Legio 11": 3}
    )
    weaker = position(
        game, {"Roma": ["Legio 11"], "Tarraco": ["Legio 1"]}, strengths={"Legio 11": 1}
    )
    assert evaluate(game, stronger, "caesar") > evaluate(game, weaker, "caesar")


def test_greedy_takes_the_richest_vacant_city_and_keeps_its_own(game: Game) -> None:
    """JC 6.1: from Massilia (1 VP) one group move reaches Roma (2 VP), Tarraco (1 VP) and
    cities worth nothing. Greedy moves one block to Roma and leaves the other to hold
    Massilia: +2 VP is the best one action can do."""
    state = position(game, {"Massilia": ["Legio 11", "Legio 14"]}, caesar=(3, 0))
    play(game, state, "group(Massilia)")
    for seed in range(5):
        greedy = make_agent("greedy", "caesar", seed, game=game)
        action = choose(greedy, game, state, "caesar")
        assert action.kind == "move" and action.args[-1] == "Roma", action


def test_greedy_ends_the_group_rather_than_give_up_a_city(game: Game) -> None:
    """With a lone block in Roma (2 VP) and every move leaving it for a city worth less,
    greedy ends the group."""
    state = position(game, {"Roma": ["Legio 11"]}, caesar=(3, 0))
    play(game, state, "group(Roma)")
    greedy = make_agent("greedy", "caesar", 1, game=game)
    assert choose(greedy, game, state, "caesar").text == "end_group"


def test_a_contested_city_counts_by_the_chance_of_winning_its_battle(game: Game) -> None:
    """JC 4.2.1, 7.0, 7.4: a contested city belongs to nobody until its battle. It counts
    for each side by the square law on expected hits (strength x firepower / 6): a strong
    stack in Roma is worth more than a lone weak block there, and either is worth less
    than holding Roma outright."""
    held = position(game, {"Roma": ["Legio 11"]}, strengths={"Legio 11": 4})
    strong = position(
        game, {"Roma": ["Legio 11", "P Auxilia 1"]}, strengths={"Legio 11": 4, "P Auxilia 1": 1}
    )
    weak = position(
        game, {"Roma": ["Legio 11", "Legio 1"]}, strengths={"Legio 11": 1, "Legio 1": 4}
    )
    values = [evaluate(game, s, "caesar") for s in (held, strong, weak)]
    assert values[0] > values[1] > values[2]


def test_holding_the_vp_that_win_at_winter_is_worth_a_bonus(game: Game) -> None:
    """JC 1.2: the side holding vp_to_win VP wins at the next winter check, so reaching
    the target is worth more than one VP: the value jumps where the target is met."""
    state = position(game, {"Roma": ["Legio 11"]}, strengths={"Legio 11": 3})
    # Caesar holds Roma: 2 VP.
    below = evaluate(game, state, "caesar", vp_to_win=3)
    reached = evaluate(game, state, "caesar", vp_to_win=2)
    assert reached > below
    assert evaluate(game, state, "pompey", vp_to_win=2) == pytest.approx(-reached)


def test_strength_near_a_vp_city_is_worth_more_than_strength_far_away(game: Game) -> None:
    """JC 6.1: blocks move a few connections a turn, so a legion next to vacant Roma
    (2 VP) is better placed than the same legion far from every VP city."""
    near = position(game, {"Asculum": ["Legio 11"]}, strengths={"Legio 11": 3})
    far = position(game, {"Treviri": ["Legio 11"]}, strengths={"Legio 11": 3})
    assert evaluate(game, near, "caesar") > evaluate(game, far, "caesar")


def test_mcts_chooses_the_group_for_the_moves_it_allows(game: Game) -> None:
    """JC 6.1: choosing which group moves changes nothing by itself, so one ply (greedy)
    cannot tell the groups apart. MCTS looks at the moves each group allows: only the
    legion in Massilia can reach vacant Roma (2 VP) this turn, so it moves that group,
    and then sends the legion to Roma."""
    state = position(
        game,
        {"Massilia": ["Legio 11", "Legio 14"], "Treviri": ["Legio 12"]},
        caesar=(3, 0),
    )
    assert {a.text for a in game.legal_actions(state)} >= {"group(Massilia)", "group(Treviri)"}
    one_ply = set()
    for group in ("group(Massilia)", "group(Treviri)"):
        after = clone(state)
        play(game, after, group)
        one_ply.add(evaluate(game, after, "caesar"))
    assert len(one_ply) == 1
    for seed in range(3):
        mcts = make_agent("mcts", "caesar", seed, game=game)
        assert choose(mcts, game, state, "caesar").text == "group(Massilia)"
    play(game, state, "group(Massilia)")
    action = choose(make_agent("mcts", "caesar", 1, game=game), game, state, "caesar")
    assert action.kind == "move" and action.args[-1] == "Roma", action
