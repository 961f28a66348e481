"""The engine loop: prompts, legality, sequence of play, determinism, results."""

from __future__ import annotations

import pytest

from legatus.framework.engine.actions import Action
from legatus.framework.engine.core import Game, Run
from legatus.framework.engine.dice import DiceError, ForcedDice
from legatus.framework.engine.state import State, clone, state_hash
from legatus.framework.model.errors import IllegalActionError, LegatusError
from legatus.framework.model.gamedef import GameDef
from tests.engine.toy import toy_game


def play_passes(game: Game, state: State, run: Run | None = None) -> State:
    while state["prompt"] is not None:
        game.apply(state, game.legal_actions(state, run)[0], run)
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
    assert len(state["records"]["rolls"]) == 2
    assert state["vars"] == {}
    assert state["stack"] == []


def test_victory_check_ends_the_game(demo: GameDef) -> None:
    game = toy_game(demo, turns=5, target=1)
    state = play_passes(game, game.new_state(seed=3))
    assert state["result"]["winner"] == "red"
    assert state["result"]["rule"] == "TOY 9"
    assert len(state["records"]["rolls"]) == 1


def test_same_seed_and_actions_give_the_same_state(demo: GameDef) -> None:
    game = toy_game(demo, turns=3)
    a = play_passes(game, game.new_state(seed=42))
    b = play_passes(game, game.new_state(seed=42))
    c = play_passes(game, game.new_state(seed=43))
    assert state_hash(a) == state_hash(b)
    assert a["records"]["rolls"] != c["records"]["rolls"]


def test_forced_dice_replace_the_generator(demo: GameDef) -> None:
    game = toy_game(demo, turns=1)
    run = Run(dice=ForcedDice([[6, 1]]))
    state = play_passes(game, game.new_state(seed=42, run=run), run)
    assert state["records"]["rolls"] == [[6, 1]]
    assert run.dice is not None and run.dice.waiting == [] and run.dice.rolled == 1
    assert [(r.count, r.sides, r.dice) for r in run.dice.made] == [(2, 6, (6, 1))]


def test_forced_dice_that_run_out_say_so(demo: GameDef) -> None:
    game = toy_game(demo, turns=1)
    run = Run(dice=ForcedDice([6]))
    with pytest.raises(DiceError, match=r"roll 1 is 2d6 .*but the test forced \[6\] \(1 die\)"):
        play_passes(game, game.new_state(seed=42, run=run), run)
    run = Run(dice=ForcedDice())
    with pytest.raises(DiceError, match=r"forced dice ran out: roll 1, 2d6"):
        play_passes(game, game.new_state(seed=42, run=run), run)


def test_unknown_scenario_and_option_are_refused(demo: GameDef) -> None:
    game = toy_game(demo)
    with pytest.raises(LegatusError, match="has no scenario 'nope'"):
        game.new_state("nope")
    with pytest.raises(LegatusError, match="has no option 'fog'"):
        game.new_state(options=["fog"])


def test_rules_fired_are_counted_in_the_run(demo: GameDef) -> None:
    game = toy_game(demo, turns=2)
    run = Run()
    play_passes(game, game.new_state(seed=1, run=run), run)
    assert run.fired["TOY 1"] == 2
    assert run.fired["TOY 2"] == 2
    quiet = Run(count=False)
    play_passes(game, game.new_state(seed=1, run=quiet), quiet)
    assert not quiet.fired


def test_a_game_is_immutable_and_shared_by_runs(demo: GameDef) -> None:
    """Two runs of one game keep their counts apart; the game carries no per-run state."""
    game = toy_game(demo, turns=1)
    first, second = Run(), Run()
    play_passes(game, game.new_state(seed=1, run=first), first)
    assert not second.fired
    with pytest.raises(AttributeError):
        game.fired = {}  # type: ignore[attr-defined]


def test_the_state_records_who_is_asked_what_not_the_actions(demo: GameDef) -> None:
    """Legal actions are listed by the procedure when wanted: a copy of the state read
    afresh (a loaded save, a sample) lists the same actions as the run that reached it."""
    game = toy_game(demo)
    run = Run()
    state = game.new_state(seed=1, run=run)
    assert state["prompt"] == {"side": "red", "kind": "march", "text": "red: move a piece or pass"}
    assert game.legal_actions(clone(state)) == game.legal_actions(state, run)


def test_apply_returns_to_answered_procedure(demo: GameDef) -> None:
    game = toy_game(demo)
    state = game.new_state(seed=1)
    game.apply(state, Action("move", ("Red Foot", "Midford")))
    assert state["pieces"]["Red Foot"]["at"] == "Midford"
    assert game.prompt(state).side == "blue"  # type: ignore[union-attr]
    assert state["log"][-1]["text"] == "red moves a piece to Midford"
