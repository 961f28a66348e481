"""Legatus games as OpenSpiel games (legatus/framework/tools/simulate/openspiel.py): OpenSpiel's own
random-simulation checks on Julius Caesar and the naval module, its information-set MCTS
bot playing Julius Caesar to the end, the information-state key (one per information set,
the same worked out afresh or carried along, short), no leak through observations or
information states, the resampler's seeds (the same game in any process) and its
information set (never another state's)."""

from __future__ import annotations

import json
import subprocess
import sys
from itertools import islice
from pathlib import Path

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install 'legatus[openspiel]'"
)

from open_spiel.python.algorithms import ismcts  # noqa: E402

from legatus.framework.engine import outcome  # noqa: E402
from legatus.framework.tools.simulate import openspiel  # noqa: E402
from tests.ai.conftest import jc_game, other_truth, random_positions  # noqa: E402


@pytest.mark.slow  # whole random games, every state cloned, serialized and rebuilt: long checks
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
    bot.set_resampler(openspiel.Resampler(3))
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
    samples = [openspiel.resample(state, player, seed=n) for n in range(5)]
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


def test_a_sample_takes_the_legal_actions_the_state_listed_which_are_its_own() -> None:
    """A sample drawn for the side asked takes the state's listing of the legal actions
    (and skips listing them again): at positions of random games of Julius Caesar and of
    the naval module, the sample's own listing, worked out afresh, is the same actions in
    the same order, and each plays the same on the sample either way."""
    checked = 0
    for name, seed in (("julius_caesar", 9), ("gbojc_naval", 3)):
        game = openspiel.load(name)
        legatus = game.legatus
        for n, truth in enumerate(islice(random_positions(legatus, seed, every=31), 12)):
            state = _adapter_state(game, truth)
            if state.is_terminal():
                continue
            player = state.current_player()
            listed = state.legal()
            sample = openspiel.resample(state, player, seed=n)
            assert sample._truth is not None and sample._truth.legal is state._truth.legal
            afresh = _adapter_state(game, sample.truth)
            assert [a.text for a in afresh.legal()] == [a.text for a in listed]
            ids = state.legal_actions()
            for action in {ids[0], ids[-1]}:
                one, two = sample.clone(), afresh.clone()
                one.apply_action(action)
                two.apply_action(action)
                assert one.truth == two.truth
            checked += 1
    assert checked >= 20


ROOT = Path(__file__).resolve().parents[2]
SIDES = ("caesar", "pompey")


def _adapter_state(game: object, truth: dict[str, object]) -> openspiel.LegatusState:
    """An OpenSpiel state holding ``truth`` (nothing derived from it yet)."""
    state = game.new_initial_state()  # type: ignore[attr-defined]
    state.apply_action(0)
    state._truth = openspiel._Truth(truth)
    return state


def _afresh(state: openspiel.LegatusState, player: int) -> str:
    """``player``'s key worked out from nothing: no digest of the log carried along."""
    copy = state.clone()
    copy._truth = openspiel._Truth(copy.truth)
    return copy.information_key(player)


def _hidden_differences(truth: dict, other: dict, side: str) -> tuple[bool, bool]:
    """Whether ``other`` deals the enemy's hidden blocks otherwise, and its hand."""
    enemy = next(s for s in SIDES if s != side)
    blocks = any(
        truth["pieces"][pid] != other["pieces"][pid]
        for pid, piece in truth["pieces"].items()
        if piece["side"] == enemy
    )
    return blocks, truth["zones"][f"hand:{enemy}"] != other["zones"][f"hand:{enemy}"]


def test_no_leak_through_observations_or_information_states() -> None:
    """Two true states that differ only in what a side may not see (the enemy's blocks,
    which is which and how strong, the enemy's hand, the log entries addressed to the
    enemy, the generator) give that side the same observation string and tensor, the same
    information-state key and the same information set written out."""
    game = openspiel.load("julius_caesar")
    legatus = jc_game()
    blocks_differ = hands_differ = 0
    for n, truth in enumerate(islice(random_positions(legatus, 9, every=37), 8)):
        for player, side in enumerate(legatus.definition.side_ids):
            other = other_truth(legatus, truth, side, salt=200 + n)
            blocks, hand = _hidden_differences(truth, other, side)
            blocks_differ += blocks
            hands_differ += hand
            first, second = _adapter_state(game, truth), _adapter_state(game, other)
            assert first.observation_string(player) == second.observation_string(player)
            assert first.observation_tensor(player) == second.observation_tensor(player)
            assert first.information_state_string(player) == second.information_state_string(player)
            assert openspiel.information_state_text(
                first, player
            ) == openspiel.information_state_text(second, player)
    assert blocks_differ >= 8 and hands_differ >= 4, "the hidden facts did differ"


def test_the_information_state_key_names_the_information_set() -> None:
    """Two states in the same information set of a side give it the same key, two in
    different sets different keys: the key is equal exactly when the information set
    written out is. Pairs in one set: a true state and another with other hidden facts;
    pairs in different sets: every other position, the same position with one of the
    side's own blocks at another strength (the log the same), and with a log entry it
    may read changed (the state the same). The key stays short whatever the log."""
    game = openspiel.load("julius_caesar")
    legatus = jc_game()
    key_of: dict[str, str] = {}  # information set written out -> key
    set_of: dict[str, str] = {}  # key -> information set written out

    def record(state: openspiel.LegatusState, player: int) -> str:
        key = state.information_state_string(player)
        text = openspiel.information_state_text(state, player)
        assert len(key) < 48 < len(text)
        assert key_of.setdefault(text, key) == key, "one information set, two keys"
        assert set_of.setdefault(key, text) == text, "one key, two information sets"
        return key

    positions = list(islice(random_positions(legatus, 7, every=29), 10))
    for n, truth in enumerate(positions):
        for player, side in enumerate(SIDES):
            key = record(_adapter_state(game, truth), player)
            other = other_truth(legatus, truth, side, salt=400 + n)
            assert record(_adapter_state(game, other), player) == key
            stronger = json.loads(json.dumps(truth))
            own = next(
                pid
                for pid, piece in stronger["pieces"].items()
                if piece["side"] == side and len(legatus.definition.pieces[pid].strengths) > 1
            )
            levels = legatus.definition.pieces[own].strengths
            piece = stronger["pieces"][own]
            piece["strength"] = next(level for level in levels if level != piece["strength"])
            assert record(_adapter_state(game, stronger), player) != key
            reread = json.loads(json.dumps(truth))
            readable = [e for e in reread["log"] if "to" not in e or side in e["to"]]
            readable[len(readable) // 2]["text"] += " (read otherwise)"
            assert record(_adapter_state(game, reread), player) != key
    assert len(set_of) == len(positions) * len(SIDES) * 3


def test_a_key_carried_along_a_game_is_the_key_worked_out_afresh() -> None:
    """A state played on keeps the digests of its log and works out only what is new; a
    resampled state starts from digests of the state it was drawn from. Either way each
    side's key is the one worked out from nothing, and a sample's is its state's for the
    side it was drawn for: the sample is in the same information set."""
    game = openspiel.load("julius_caesar")
    state = game.new_initial_state()
    state.apply_action(4)
    pick = np.random.RandomState(4)
    for step in range(150):
        if step % 10 == 0:
            for player in (0, 1):
                assert state.information_key(player) == _afresh(state, player)
            player = state.current_player()
            sample = openspiel.resample(state, player, seed=step)
            assert _afresh(sample, player) == state.information_key(player)
            for _ in range(3):
                for other in (0, 1):
                    assert sample.information_key(other) == _afresh(sample, other)
                if sample.is_terminal():
                    break
                sample.apply_action(sample.legal_actions()[-1])
        legal = state.legal_actions()
        state.apply_action(legal[pick.randint(len(legal))])


def test_the_resampler_reads_nothing_hidden() -> None:
    """Two true states in the same information set of a side give the same samples for the
    same seed: the resampler's seeds come from the side's key, its information set from
    what the side may see."""
    game = openspiel.load("julius_caesar")
    legatus = jc_game()
    for n, truth in enumerate(islice(random_positions(legatus, 9, every=53), 4)):
        side = truth["prompt"]["side"]
        player = SIDES.index(side)
        first = _adapter_state(game, truth)
        second = _adapter_state(game, other_truth(legatus, truth, side, salt=500 + n))
        for seed in (1, 2):
            one, two = openspiel.Resampler(seed), openspiel.Resampler(seed)
            for _ in range(3):
                assert one(first, player).truth == two(second, player).truth


def test_a_resampler_draws_other_states_in_turn_and_the_same_ones_again() -> None:
    game = openspiel.load("julius_caesar")
    state = game.new_initial_state()
    state.apply_action(6)
    for _ in range(20):
        state.apply_action(state.legal_actions()[0])
    player = state.current_player()
    drawn = [openspiel.Resampler(11)(state, player).truth for _ in range(2)]
    resampler = openspiel.Resampler(11)
    again = [resampler(state, player).truth for _ in range(3)]
    assert again[0] == drawn[0] == drawn[1]  # a new resampler starts over
    assert again[0]["rng"] != again[1]["rng"] != again[2]["rng"]  # each draw its own


def test_the_resampler_draws_from_the_set_of_the_truth_the_state_holds() -> None:
    """The information set is kept on the state's truth, not by its history: a state given
    another truth (the same history) resamples from the new truth's set."""
    game = openspiel.load("julius_caesar")
    legatus = jc_game()
    first, second = islice(random_positions(legatus, 9, every=41), 1, 3)
    state = _adapter_state(game, first)
    player = SIDES.index(second["prompt"]["side"])
    before = openspiel.resample(state, player, seed=1)
    assert _afresh(before, player) == state.information_key(player)
    state._truth = openspiel._Truth(second)
    after = openspiel.resample(state, player, seed=1)
    assert _afresh(after, player) == state.information_key(player) != _afresh(before, player)
    assert after.observation_string(player) == state.observation_string(player)


def _bot_game(bot_seed: int, game_seed: int, decisions: int = 24) -> list[int]:
    """The first ``decisions`` actions of a game of Julius Caesar between two IS-MCTS bots."""
    game = openspiel.load("julius_caesar")
    bots = [openspiel.ismcts_bot(game, bot_seed + player, simulations=4) for player in (0, 1)]
    state = game.new_initial_state()
    state.apply_action(game_seed)
    actions: list[int] = []
    while not state.is_terminal() and len(actions) < decisions:
        action = int(bots[state.current_player()].step(state))
        actions.append(action)
        state.apply_action(action)
    return actions


def test_the_same_bot_seed_and_game_seed_replay_the_same_game_in_any_process() -> None:
    """Nothing the process did before changes a game: the same seeds replay it here after
    another game, and in a new process."""
    here = _bot_game(5, 8)
    other = _bot_game(6, 8)
    assert _bot_game(5, 8) == here != other
    script = (
        "import json, sys\n"
        "from tests.simulate.test_openspiel import _bot_game\n"
        "print(json.dumps(_bot_game(5, 8)))\n"
    )
    ran = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert json.loads(ran.stdout.splitlines()[-1]) == here
