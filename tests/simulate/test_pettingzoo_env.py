"""Julius Caesar (and the demo game) as a PettingZoo AEC environment."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test

from legatus.framework.model.errors import LegatusError
from legatus.framework.play.driver import Match
from legatus.framework.tools.checkgame import perturb
from legatus.framework.tools.simulate.environment import LegatusAECEnv, env


def test_pettingzoo_api_test_passes_on_julius_caesar() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # style advice (agent names, dict observations)
        api_test(env("julius_caesar"), num_cycles=300)


def test_pettingzoo_api_test_passes_on_a_game_without_an_action_encoding() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env("demo_skirmish"), num_cycles=50)


@pytest.mark.parametrize("scenario", ["three", "five"])
def test_a_game_of_five_sides_in_teams_returns_a_reward_per_agent(scenario: str) -> None:
    """The Council (fixture): five agents, the bid answered by each in turn; the returns
    are each side's outcome value (teams share theirs; they sum to zero)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env("council", scenario=scenario), num_cycles=60)
    environment = env("council", scenario=scenario)
    totals = play_episode(environment, 3)
    assert set(totals) == {"optimates_a", "optimates_b", "populares_a", "populares_b", "equites"}
    assert totals["optimates_a"] == totals["optimates_b"]
    assert totals["populares_a"] == totals["populares_b"]
    assert abs(sum(totals.values())) < 1e-9 and any(totals.values())


def play_episode(environment: LegatusAECEnv, seed: int) -> dict[str, float]:
    """Play a whole game choosing uniformly among the masked actions."""
    environment.reset(seed=seed)
    chooser = np.random.default_rng(seed)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter(100_000):
        observation, reward, terminated, truncated, _ = environment.last()
        totals[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) == len(environment.legal()) > 0
        environment.step(int(chooser.choice(legal)))
    return totals


def test_a_whole_game_ends_with_plus_and_minus_one_for_winner_and_loser() -> None:
    environment = env("julius_caesar")
    totals = play_episode(environment, seed=3)
    assert environment.agents == []
    assert environment.match is not None and environment.match.result is not None
    winner = environment.match.result["winner"]
    if winner is None:
        assert totals == {"caesar": 0.0, "pompey": 0.0}
    else:
        loser = "pompey" if winner == "caesar" else "caesar"
        assert totals == {winner: 1.0, loser: -1.0}


def test_the_mask_and_action_codes_name_exactly_the_legal_actions() -> None:
    environment = env("julius_caesar")
    environment.reset(seed=1)
    codec = environment.codec
    assert codec is not None and environment.layout == "slots"
    for _ in range(60):
        agent = environment.agent_selection
        observation = environment.observe(agent)
        legal = environment.legal()
        mask = observation["action_mask"]
        assert mask.sum() == len(legal) and mask[: len(legal)].all()
        codes = observation["action_codes"]
        for slot, action in enumerate(legal):
            code = sum(int(d) << (31 * i) for i, d in enumerate(codes[slot]))
            assert codec.decode(code) == action
        assert environment.observation_space(agent).contains(observation)
        environment.step(len(legal) - 1)


def test_the_observation_ignores_what_the_side_may_not_see() -> None:
    environment = env("julius_caesar")
    environment.reset(seed=2)
    for _ in range(40):
        environment.step(0)
    assert environment.match is not None
    definition = environment.game.definition
    for side in environment.possible_agents:
        before = environment.observe(side)["observation"]
        truth = environment.match
        environment.match = Match(environment.game, perturb(definition, truth.state, side, salt=7))
        after = environment.observe(side)["observation"]
        environment.match = truth
        assert np.array_equal(before, after)


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    """The demo game's declared actions are few: the action space is their codes, and a
    code whose action is not legal now is refused."""
    environment = env("demo_skirmish")
    environment.reset(seed=0)
    assert environment.layout == "codes"
    mask = environment.observe(environment.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = environment.observe(environment.agent_selection)["observation"].copy()
    with pytest.raises(LegatusError, match="is not legal now"):
        environment.step(illegal)
    assert np.array_equal(before, environment.observe(environment.agent_selection)["observation"])


def test_same_seed_same_episode() -> None:
    first, second = env("demo_skirmish"), env("demo_skirmish")
    assert play_episode(first, seed=4) == play_episode(second, seed=4)
    assert first.match is not None and second.match is not None
    assert first.match.state["log"] == second.match.state["log"]


def test_bad_calls_are_one_line_errors() -> None:
    """Before reset, or with an action that is no integer code, the environment says so."""
    environment = env("demo_skirmish")
    calls = (
        environment.last,
        lambda: environment.step(0),
        lambda: environment.step(None),
        lambda: environment.step("abc"),
        lambda: environment.observe("red"),
    )
    for call in calls:
        with pytest.raises(LegatusError, match=r"call reset\(\) first"):
            call()
    environment.reset(seed=1)
    for action in (None, "abc", 1.5, True):
        with pytest.raises(LegatusError, match="an action is an integer code"):
            environment.step(action)
