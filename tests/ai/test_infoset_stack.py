"""The stack in an information set: each frame field as its procedure declares it.

Julius Caesar's battle frame lists both sides' blocks, reserves still face
down among them (JC 7.3). Before the frames were declared, a searching
player's information set copied the stack unchanged: in a random game (then
seed 5, action 359) Pompey's information set named Caesar's reserve Legio 12,
which Pompey's view hides. The position the tests use now is seed 17, action
43: Pompey's reserve Legio 3 at Sipontum, Caesar to answer. These tests compare everything a side's search receives (skeleton,
stack included, log, tokens, samples and the choice MCTS makes) for two true
states that differ only in what the side may not see, in the middle of a
battle, while a card lies face down and during winter.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from itertools import islice

import pytest

from legatus.framework.engine import rng
from legatus.framework.engine.frames import PIECES, PUBLIC, declare, undeclared
from legatus.framework.engine.state import State, clone
from legatus.framework.play.agents import RandomAgent, agent_seed
from legatus.framework.play.ai.infoset import information_set
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match

from .conftest import jc_game, other_truth, random_positions


def _position_at(seed: int, actions: int) -> State:
    game = jc_game()
    agents = {s: RandomAgent(agent_seed(seed, i)) for i, s in enumerate(game.definition.side_ids)}
    match = Match.new(game, seed=seed, players=agents)
    match.play(until=actions)
    return clone(match.state)


#: A random game's position with a reserve: seed 17, action 43, a battle at Sipontum
#: where Pompey's Legio 3 is in reserve and Caesar answers.
SEED, ACTION, RESERVE, WHERE = 17, 43, "Legio 3", "Sipontum"


def test_rule_7_3_a_reserve_face_down_is_a_token_in_the_enemys_stack() -> None:
    """A battle at Sipontum, Pompey's Legio 3 in reserve, Caesar to answer."""
    game = jc_game()
    truth = _position_at(SEED, ACTION)
    battle = next(f for f in truth["stack"] if f.get("p") == "battle")["env"]
    assert battle["reserves"] == [RESERVE]
    assert truth["prompt"]["side"] == "caesar"

    caesar = information_set(game, truth, "caesar")
    frame = next(f for f in caesar.skeleton["stack"] if f.get("p") == "battle")["env"]
    assert frame["reserves"] == ["?1"]
    assert "?1" in frame["blocks"] and RESERVE not in frame["blocks"]
    assert caesar.tokens == {"?1": {"side": "pompey", "at": WHERE}}
    assert RESERVE not in json.dumps(caesar.skeleton["stack"])

    pompey = information_set(game, truth, "pompey")
    own = next(f for f in pompey.skeleton["stack"] if f.get("p") == "battle")["env"]
    assert own["reserves"] == [RESERVE] and pompey.tokens == {}


def test_a_sample_puts_a_fitting_block_in_the_tokens_place() -> None:
    """The sample's battle names, as the reserve, a Pompey block it dealt to Sipontum;
    the sample plays on (its legal actions are listed, one applies)."""
    game = jc_game()
    truth = _position_at(SEED, ACTION)
    info = information_set(game, truth, "caesar")
    stream = rng.seed_state(11)
    for _ in range(20):
        sample = info.sample(stream)
        frame = next(f for f in sample["stack"] if f.get("p") == "battle")["env"]
        (reserve,) = frame["reserves"]
        assert sample["pieces"][reserve]["side"] == "pompey"
        assert sample["pieces"][reserve]["at"] == WHERE
        assert reserve in frame["blocks"]
        actions = game.legal_actions(sample)
        game.apply(sample, actions[0])


def _battle(state: State) -> bool:
    frames = [f for f in state["stack"] if f.get("p") == "battle"]
    return bool(frames) and bool(frames[0]["env"].get("reserves"))


def _card_face_down(state: State) -> bool:
    return any(state["zones"].get(f"committed:{side}") for side in ("caesar", "pompey"))


def _winter(state: State) -> bool:
    return any(f.get("p") in ("navis_to_port", "winter_supply", "disband") for f in state["stack"])


MOMENTS: dict[str, Callable[[State], bool]] = {
    "battle with reserves": _battle,
    "card face down": _card_face_down,
    "winter": _winter,
}


def _moments(name: str, count: int) -> list[State]:
    game = jc_game()
    wanted = MOMENTS[name]
    found: list[State] = []
    for seed in range(1, 40):
        for state in random_positions(
            game, seed, every=1, where=lambda s: s["prompt"] is not None and wanted(s)
        ):
            found.append(state)
            break
        if len(found) >= count:
            break
    assert len(found) == count, f"no {name} in 60 random games"
    return found


@pytest.mark.parametrize("moment", sorted(MOMENTS))
def test_hidden_facts_change_nothing_a_side_searches_with(moment: str) -> None:
    """Another truth (the enemy's hidden blocks renamed everywhere on the stack and in
    its records, other strengths, cards, private data, generator) gives the same
    skeleton with its stack, log and tokens, the same samples and the same MCTS choice."""
    game = jc_game()
    catalog = default_catalog()
    for n, truth in enumerate(_moments(moment, 2)):
        for side in game.definition.side_ids:
            other = other_truth(game, truth, side, salt=300 + n)
            first, second = information_set(game, truth, side), information_set(game, other, side)
            assert first.skeleton == second.skeleton, (moment, n, side)
            assert first.log == second.log and first.tokens == second.tokens
            assert first.sample(rng.seed_state(n)) == second.sample(rng.seed_state(n))
            if truth["prompt"]["side"] == side:
                actions = game.legal_actions(truth)
                assert game.legal_actions(other) == actions
                mcts = [
                    catalog.make_agent("mcts:iterations=4", side, 7, game=game) for _ in range(2)
                ]
                assert mcts[0].choose_in(first, actions) == mcts[1].choose_in(second, actions)  # type: ignore[attr-defined]


def test_every_field_on_the_stack_is_declared() -> None:
    """Julius Caesar and the naval module declare every field their procedures write."""
    catalog = default_catalog()
    for name, games in (("julius_caesar", range(1, 4)), ("gbojc_naval", range(1, 2))):
        game = catalog.load(name)
        for seed in games:
            for state in islice(random_positions(game, seed, every=3), 400):
                assert list(undeclared(game, state)) == [], name


def test_an_undeclared_field_never_reaches_a_search() -> None:
    """A field the procedure does not declare is left out of the stack a side reads;
    an owner-only field is blanked for the other side."""
    game = jc_game()
    truth = _position_at(SEED, ACTION)
    battle = next(f for f in truth["stack"] if f.get("p") == "battle")
    battle["secret_note"] = [RESERVE]
    info = information_set(game, truth, "caesar")
    frame = next(f for f in info.skeleton["stack"] if f.get("p") == "battle")
    assert "secret_note" not in frame
    assert ("battle", "secret_note") in set(undeclared(game, truth))


def test_declare_refuses_an_unknown_visibility() -> None:
    assert declare(args=PUBLIC, blocks=PIECES)["blocks"] == PIECES
    with pytest.raises(ValueError, match="visibility 'secret' is not one of"):
        declare(blocks="secret")
