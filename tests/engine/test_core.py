"""The engine loop: prompts, legality, sequence of play, determinism, results."""

from __future__ import annotations

import pytest

from framework.engine.actions import Action
from framework.engine.state import clone, state_hash
from framework.errors import IllegalActionError, LegatusError
from framework.gamedef import GameDef
from tests.engine.toy import toy_game


def play_passes(game, state):  # type: ignore[no-untyped-def]
    while state["prompt"] is not None:
        game.apply(state, game.legal_actions(state)[0])
    return state


def test_first_prompt_is_reds_march_with_canonical_actions(demo: GameDef) -> None:
    game = toy_game(demo)
    state = game.new_state(seed=1)
    prompt = game.prompt(state)
    assert prompt is not None
    assert (prompt.side, prompt.kind) == ("red", "march")
    # Red Foot in Northtown may go to Midford; Red Boat on Still Lake may go to Midford (a harbour).
    assert [a.text for a in prompt.actions] == [
        "move(Red Boat, Midford)",
        "move(Red Foot, Midford)",
        "pass",
    ]
    assert state["vars"] == {"turn": 1}


def test_illegal_action_names_the_prompt_and_changes_nothing(demo: GameDef) -> None:
    game = toy_game(demo)
    state = game.new_state(seed=1)
    before = clone(state)
    with pytest.raises(IllegalActionError) as caught:
        game.apply(state, "move(Red Foot, Southtown)")
    assert "red: move a piece or pass" in str(caught.value)
    assert "move(Red Foot, Midford)" in str(caught.value)
    assert state == before


def test_sequence_runs_turns_then_ends_without_winner(demo: GameDef) -> None:
    game = toy_game(demo, turns=2)
    state = play_passes(game, game.new_state(seed=3))
    assert state["result"] == {
        "winner": None,
        "reason": "the sequence of play ended without a winner",
        "rule": "",
    }
    assert len(state["public"]["rolls"]) == 2
    assert state["vars"] == {}
    assert state["stack"] == []


def test_victory_check_ends_the_game(demo: GameDef) -> None:
    game = toy_game(demo, turns=5, target=1)
    state = play_passes(game, game.new_state(seed=3))
    assert state["result"]["winner"] == "red"
    assert state["result"]["rule"] == "TOY 9"
    assert len(state["public"]["rolls"]) == 1


def test_same_seed_and_actions_give_the_same_state(demo: GameDef) -> None:
    game = toy_game(demo, turns=3)
    a = play_passes(game, game.new_state(seed=42))
    b = play_passes(game, game.new_state(seed=42))
    c = play_passes(game, game.new_state(seed=43))
    assert state_hash(a) == state_hash(b)
    assert a["public"]["rolls"] != c["public"]["rolls"]


def test_forced_dice_replace_the_generator(demo: GameDef) -> None:
    game = toy_game(demo, turns=1)
    game.forced_dice = [6, 1]
    state = play_passes(game, game.new_state(seed=42))
    assert state["public"]["rolls"] == [[6, 1]]


def test_unknown_scenario_and_option_are_refused(demo: GameDef) -> None:
    game = toy_game(demo)
    with pytest.raises(LegatusError, match="has no scenario 'nope'"):
        game.new_state("nope")
    with pytest.raises(LegatusError, match="has no option 'fog'"):
        game.new_state(options=["fog"])


def test_rules_fired_are_counted(demo: GameDef) -> None:
    game = toy_game(demo, turns=2)
    play_passes(game, game.new_state(seed=1))
    assert game.fired["TOY 1"] == 2
    assert game.fired["TOY 2"] == 2


def test_apply_returns_to_answered_procedure(demo: GameDef) -> None:
    game = toy_game(demo)
    state = game.new_state(seed=1)
    game.apply(state, Action("move", ("Red Foot", "Midford")))
    assert state["pieces"]["Red Foot"]["at"] == "Midford"
    assert game.prompt(state).side == "blue"  # type: ignore[union-attr]
    assert state["log"][-1]["text"] == "red moves a piece to Midford"
