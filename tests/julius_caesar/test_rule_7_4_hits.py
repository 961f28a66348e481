"""JC 7.4: a block rolls one d6 per strength point; each roll <= firepower is a hit.

Each hit at once reduces the strongest enemy block, its owner choosing among
ties; a block reduced below strength I is eliminated; fire is not simultaneous.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from framework.engine.state import State
from framework.testing import GameUnderTest as Game

from .conftest import empty_board, place

TARRACO = {"attacker": "caesar", "main": "Narbo|Tarraco", "roads": ["Narbo|Tarraco"]}


@pytest.fixture
def game(make_game: Callable[..., Game]) -> Game:
    return make_game("battle_phase")


def begin(game: Game, strengths: dict[str, int], attack: dict[str, Any] = TARRACO) -> State:
    state = game.setup()
    empty_board(state)
    for block, strength in strengths.items():
        place(state, "Tarraco", block, strength=strength)
    state["records"].update(
        player1="caesar",
        battles=["Tarraco"],
        command={"attacks": {"Tarraco": attack}},
        trophies={"caesar": [], "pompey": []},
        leaders_lost={"caesar": 0, "pompey": 0},
    )
    return game.begin(state)


def strengths(state: State, *blocks: str) -> list[int]:
    return [state["pieces"][b]["strength"] for b in blocks]


def test_rule_7_4_example_caesar_rolls_three_dice_and_hits_on_1_to_3(game: Game) -> None:
    """Caesar (A3, III) rolls 3 dice 1, 3, 4: two hits, logged with the dice."""
    state = begin(game, {"Caesar": 3, "Legio 5": 3, "Legio 6": 1})
    game.forced_dice = [1, 3, 4]
    game.apply(state, "fire(Caesar)")
    fire = next(e for e in state["log"] if e.get("data", {}).get("event") == "fire")
    assert fire["text"] == "Caesar (A3) fires 3 dice: 1, 3, 4 -> 2 hits"
    assert fire["data"]["dice"] == [1, 3, 4] and "to" not in fire
    assert strengths(state, "Legio 5", "Legio 6") == [1, 1]


def test_rule_7_4_example_two_hits_against_three_two_two(game: Game) -> None:
    """The first hit must take the III; then all are at II and the owner picks (3 actions)."""
    state = begin(game, {"Caesar": 2, "Legio 5": 3, "Legio 6": 2, "P Equitatus 1": 2})
    game.forced_dice = [2, 3]
    game.apply(state, "fire(Caesar)")
    assert strengths(state, "Legio 5", "Legio 6", "P Equitatus 1") == [2, 2, 2]
    prompt = game.prompt(state)
    assert prompt is not None and (prompt.side, prompt.kind) == ("pompey", "battle_hit")
    assert [a.text for a in prompt.actions] == [
        "hit(Legio 5)",
        "hit(Legio 6)",
        "hit(P Equitatus 1)",
    ]
    game.apply(state, "hit(P Equitatus 1)")
    assert strengths(state, "Legio 5", "Legio 6", "P Equitatus 1") == [2, 2, 1]


def test_rule_7_4_no_choice_without_a_real_tie(game: Game) -> None:
    state = begin(game, {"Caesar": 1, "Legio 5": 3, "Legio 6": 2})
    game.forced_dice = [1]
    game.apply(state, "fire(Caesar)")
    assert strengths(state, "Legio 5", "Legio 6") == [2, 2]
    assert game.prompt(state).kind == "battle_turn"  # type: ignore[union-attr]


def test_rule_7_4_below_strength_one_is_eliminated(game: Game) -> None:
    """Legio 5 (C2, II) rolls 1, 2: Legio 7 II -> I -> eliminated, to the pool face up."""
    state = begin(game, {"Legio 7": 2, "Legio 5": 2})
    game.forced_dice = [1, 2]
    game.apply(state, "fire(Legio 5)")
    assert [e["text"] for e in state["log"][-6:-1]] == [
        "Legio 5 (C2) fires 2 dice: 1, 2 -> 2 hits",
        "Hit on Legio 7",
        "Legio 7 loses a step: II -> I",
        "Hit on Legio 7",
        "Legio 7 is eliminated in Tarraco and goes face up to Caesar's pool",
    ]
    piece = state["pieces"]["Legio 7"]
    assert (piece["at"], piece["flags"], piece["strength"]) == ("pool", ["face_up"], 1)


def test_rule_7_4_fire_is_not_simultaneous(game: Game) -> None:
    """Legio 5 (defender, C) fires first and kills Legio 7 (I) before its turn."""
    state = begin(game, {"Legio 7": 1, "Legio 5": 1})
    game.forced_dice = [1]
    game.apply(state, "fire(Legio 5)")
    assert state["pieces"]["Legio 7"]["at"] == "pool"
    assert not any(e["text"].startswith("Legio 7 (C2) fires") for e in state["log"])
    assert state["log"][-1]["text"] == "Battle at Tarraco ends: Pompeius wins"


def test_rule_7_4_hits_beyond_the_last_enemy_are_lost(game: Game) -> None:
    state = begin(game, {"Legio 10": 3, "Legio 5": 1, "Legio 2": 3}, {
        **TARRACO, "reserves": {"pompey": ["Legio 2"]}, "origins": {"Legio 2": "Carthago Nova"}
    })  # fmt: skip
    game.apply(state, "pass(Legio 5)")
    game.forced_dice = [1, 2, 3]
    game.apply(state, "fire(Legio 10)")  # 3 hits, one target: 2 are lost (reserve immune)
    texts = [e["text"] for e in state["log"]]
    assert "2 hit(s) find no target" in texts
    assert state["pieces"]["Legio 2"]["strength"] == 2  # disrupted (JC 7.31), not hit


def test_rule_7_4_a_miss_rolls_above_firepower(game: Game) -> None:
    """Legio 7 (C2, III) rolls 3, 4, 6: no hit; the turn passes to the next block."""
    state = begin(game, {"Legio 7": 3, "Legio 5": 2})
    game.apply(state, "pass(Legio 5)")
    game.forced_dice = [3, 4, 6]
    game.apply(state, "fire(Legio 7)")
    assert strengths(state, "Legio 5") == [2]
    assert state["records"]["battle"]["round"] == 2
