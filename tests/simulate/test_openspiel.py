"""Legatus games as OpenSpiel games (legatus/framework/tools/simulate/openspiel.py): OpenSpiel's own
random-simulation checks on Julius Caesar and the naval module, its information-set MCTS
bot playing Julius Caesar to the end, and no leak through observations or information
states."""

from __future__ import annotations

from itertools import islice

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install 'legatus[openspiel]'"
)

from open_spiel.python.algorithms import ismcts  # noqa: E402

from legatus.framework.engine import outcome  # noqa: E402
from legatus.framework.tools.simulate import openspiel  # noqa: E402
from tests.ai.conftest import jc_game, other_truth, random_positions  # noqa: E402


@pytest.mark.parametrize("name", ["demo_skirmish", "gbojc_naval", "julius_caesar"])
def test_openspiel_random_simulation_checks_pass(name: str) -> None:
    """OpenSpiel's RandomSimTest: legal actions sorted, unique and matching the mask,
    clones equal, states rebuilt from their history and from serialization equal, returns
    zero-sum and within the utilities, observations of the declared size and finite, the
    game within its maximum length."""
    game = openspiel.load(name)
    pyspiel.random_sim_test(game, num_sims=2 if name == "demo_skirmish" else 1,
                            serialize=True, verbose=False)  # fmt: skip


def test_the_game_type_says_what_openspiel_needs_to_know() -> None:
    game = openspiel.load("julius_caesar")
    kind = game.get_type()
    assert kind.short_name == "legatus_julius_caesar"
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_players() == 2
    assert game.num_distinct_actions() == openspiel.MAX_LEGAL  # slots: 3·10²² codes
    naval = openspiel.load("gbojc_naval")
    assert naval.num_distinct_actions() == 25197  # the naval module's own action codes
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert len(state.chance_outcomes()) == openspiel.SEEDS
    state.apply_action(11)
    assert state.current_player() in (0, 1)
    assert state.truth["seed"] == 11  # the chance node chose the engine's seed


def test_chance_is_the_engines_seed_and_the_same_history_gives_the_same_game() -> None:
    game = openspiel.load("julius_caesar")
    first, second = game.new_initial_state(), game.new_initial_state()
    for state in (first, second):
        state.apply_action(5)
    for _ in range(40):
        action = first.legal_actions()[len(first.legal_actions()) // 2]
        first.apply_action(action)
        second.apply_action(action)
    assert first.truth == second.truth
    again = game.deserialize_state(first.serialize())
    assert again.truth == first.truth and again.history() == first.history()


def test_information_set_mcts_plays_julius_caesar_to_the_end() -> None:
    """OpenSpiel's IS-MCTS bot as Caesar, with states drawn from Caesar's information set
    and leaves scored by the game's evaluation, against OpenSpiel's uniform random bot."""
    game = openspiel.load("julius_caesar")
    bot = ismcts.ISMCTSBot(
        game,
        openspiel.Evaluator(game),
        uct_c=1.0,
        max_simulations=3,
        random_state=np.random.RandomState(3),
    )
    bot.set_resampler(openspiel.resampler)
    other = pyspiel.make_uniform_random_bot(1, 4)
    state = game.new_initial_state()
    state.apply_action(3)
    decisions = 0
    while not state.is_terminal():
        player = state.current_player()
        action = (bot if player == 0 else other).step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    result = state.truth["result"]
    assert result is not None, "the game ended with a result, not at its action bound"
    sides = ("caesar", "pompey")
    assert state.returns() == [outcome.value(result, side, sides) for side in sides]
    assert sum(state.returns()) == 0
    assert decisions > 50


def test_a_resampled_state_is_in_the_same_information_set_and_differs_in_hidden_facts() -> None:
    game = openspiel.load("julius_caesar")
    state = game.new_initial_state()
    state.apply_action(2)
    for _ in range(30):
        state.apply_action(state.legal_actions()[0])
    player = state.current_player()
    samples = [openspiel.resampler(state, player, seed=n) for n in range(5)]
    for sample in samples:
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.observation_string(player) == state.observation_string(player)
        assert sample.legal_actions() == state.legal_actions()
        assert sample.truth["rng"] != state.truth["rng"]  # the true future dice stay unknown
    enemy = 1 - player
    hidden = [
        pid
        for pid, piece in state.truth["pieces"].items()
        if piece["side"] == ("caesar", "pompey")[enemy]
    ]
    assert any(
        any(s.truth["pieces"][pid] != state.truth["pieces"][pid] for pid in hidden) for s in samples
    ), "the samples deal the enemy's hidden blocks anew"


def test_no_leak_through_observations_or_information_states() -> None:
    """Two true states that differ only in what a side may not see give that side the same
    observation string and tensor and the same information state string."""
    game = openspiel.load("julius_caesar")
    legatus = jc_game()
    for n, truth in enumerate(islice(random_positions(legatus, 9, every=37), 8)):
        for player, side in enumerate(legatus.definition.side_ids):
            other = other_truth(legatus, truth, side, salt=200 + n)
            first, second = game.new_initial_state(), game.new_initial_state()
            for state, held in ((first, truth), (second, other)):
                state.apply_action(0)
                state._truth = openspiel._Plain(held)
            assert first.observation_string(player) == second.observation_string(player)
            assert first.observation_tensor(player) == second.observation_tensor(player)
            assert first.information_state_string(player) == second.information_state_string(player)
