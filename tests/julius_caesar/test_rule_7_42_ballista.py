"""JC 7.42: the ballista fires B4 when defending and D4 when attacking.

The data gives its ratings by role (``rating: {attacking: D4, defending: B4}``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from framework.engine.state import State
from framework.testing import GameUnderTest as Game

from .conftest import empty_board, place


@pytest.fixture
def game(make_game: Callable[..., Game]) -> Game:
    return make_game("battle_phase")


def begin(game: Game, strengths: dict[str, int], attacker: str) -> State:
    state = game.setup()
    empty_board(state)
    for block, strength in strengths.items():
        place(state, "Tarraco", block, strength=strength)
    attack: dict[str, Any] = {
        "attacker": attacker,
        "main": "Narbo|Tarraco",
        "roads": ["Narbo|Tarraco"],
    }
    state["records"].update(
        player1=attacker,
        battles=["Tarraco"],
        command={"attacks": {"Tarraco": attack}},
        trophies={"caesar": [], "pompey": []},
        leaders_lost={"caesar": 0, "pompey": 0},
    )
    return game.begin(state)


def order(game: Game, state: State) -> list[str]:
    blocks = []
    while state["records"]["battle"]["round"] == 1:
        block = str(game.legal_actions(state)[0].args[0])
        blocks.append(block)
        game.apply(state, f"pass({block})")
    return blocks


def test_rule_7_42_attacking_ballista_is_d4_after_the_legions(game: Game) -> None:
    state = begin(game, {"C Ballista": 2, "Legio 7": 3, "Legio 5": 3}, "caesar")
    assert order(game, state) == ["Legio 5", "Legio 7", "C Ballista"]


def test_rule_7_42_defending_ballista_is_b4_before_the_legions(game: Game) -> None:
    state = begin(game, {"C Ballista": 2, "Legio 7": 3, "Legio 5": 3}, "pompey")
    assert order(game, state) == ["C Ballista", "Legio 7", "Legio 5"]


def test_rule_7_42_ballista_hits_on_four_or_less(game: Game) -> None:
    """Defending (B4, II): rolls 4, 5 -> 1 hit on Legio 5 (III -> II)."""
    state = begin(game, {"C Ballista": 2, "Legio 5": 3}, "pompey")
    game.forced_dice = [4, 5]
    game.apply(state, "fire(C Ballista)")
    assert "C Ballista (B4) fires 2 dice: 4, 5 -> 1 hit" in [e["text"] for e in state["log"]]
    assert state["pieces"]["Legio 5"]["strength"] == 2
