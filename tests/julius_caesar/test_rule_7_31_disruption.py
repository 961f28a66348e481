"""JC 7.31: reserves are disrupted when their main force dies in round 1.

Disrupted blocks lose one step at once, then fight normally; if the disrupted
side is the defender, the attacker becomes the defender for the rest of the
battle. The Polish text can be read as "roles swap *instead of* the step loss"
for a disrupted defender: parameter ``disrupted_defender_loses_step`` = false.
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


def begin(game: Game, strengths: dict[str, int], attack: dict[str, Any]) -> State:
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


ATTACKER_RESERVE = {
    "attacker": "caesar",
    "main": "Narbo|Tarraco",
    "roads": ["Bilbilis|Tarraco", "Narbo|Tarraco"],
    "reserves": {"caesar": ["Legio 11", "Legio 12"]},
    "origins": {"Legio 7": "Narbo", "Legio 11": "Bilbilis", "Legio 12": "Bilbilis"},
}


def test_rule_7_31_attacker_reserves_lose_a_step_and_roles_stay(game: Game) -> None:
    """Legio 5 (defender, C) kills Legio 7 (I): Legio 11 III -> II, Legio 12 I -> eliminated."""
    state = begin(
        game, {"Legio 7": 1, "Legio 11": 3, "Legio 12": 1, "Legio 5": 2}, ATTACKER_RESERVE
    )
    game.forced_dice = [2, 5]
    game.apply(state, "fire(Legio 5)")
    pieces = state["pieces"]
    assert pieces["Legio 11"]["strength"] == 2
    assert (pieces["Legio 12"]["at"], pieces["Legio 12"]["flags"]) == ("pool", ["face_up"])
    battle = state["records"]["battle"]
    assert (battle["round"], battle["attacker"]) == (2, "caesar")
    assert "revealed" in pieces["Legio 11"]["flags"]  # arrived for round 2
    # Round 2, C: the defender Legio 5 first, then the disrupted Legio 11 fights normally;
    # it may retreat to the vacant cities along either road Caesar attacked by (JC 7.62).
    game.apply(state, "pass(Legio 5)")
    assert [a.text for a in game.legal_actions(state)] == [
        "fire(Legio 11)",
        "pass(Legio 11)",
        "retreat(Legio 11, Bilbilis)",
        "retreat(Legio 11, Narbo)",
    ]


DEFENDER_RESERVE = {
    "attacker": "caesar",
    "main": "Narbo|Tarraco",
    "roads": ["Narbo|Tarraco"],
    "reserves": {"pompey": ["Legio 2", "Legio 4"]},
    "origins": {"Legio 7": "Narbo", "Legio 2": "Carthago Nova", "Legio 4": "Carthago Nova"},
}


def kill_the_defending_main_force(game: Game, state: State) -> None:
    game.apply(state, "pass(Legio 5)")
    game.forced_dice = [1, 6, 6]
    game.apply(state, "fire(Legio 7)")  # Legio 5 (I) eliminated


def test_rule_7_31_disrupted_defender_loses_steps_and_becomes_the_attacker(game: Game) -> None:
    state = begin(game, {"Legio 7": 3, "Legio 5": 1, "Legio 2": 3, "Legio 4": 2}, DEFENDER_RESERVE)
    kill_the_defending_main_force(game, state)
    pieces = state["pieces"]
    assert (pieces["Legio 2"]["strength"], pieces["Legio 4"]["strength"]) == (2, 1)
    battle = state["records"]["battle"]
    assert (battle["round"], battle["attacker"], battle["defender"]) == (2, "pompey", "caesar")


def test_rule_7_31_after_the_swap_caesar_defends_first_and_retreats_as_defender(
    game: Game,
) -> None:
    """Round 2, all C: Legio 7 now defends and goes first. As defender it may not retreat
    along the road Pompeius's blocks came by (Carthago Nova): Bilbilis or Narbo (vacant)."""
    state = begin(game, {"Legio 7": 3, "Legio 5": 1, "Legio 2": 3, "Legio 4": 2}, DEFENDER_RESERVE)
    kill_the_defending_main_force(game, state)
    assert [a.text for a in game.legal_actions(state)] == [
        "fire(Legio 7)",
        "pass(Legio 7)",
        "retreat(Legio 7, Bilbilis)",
        "retreat(Legio 7, Narbo)",
    ]
    game.apply(state, "pass(Legio 7)")
    # Pompeius now attacks: vacant cities only along his own road in, Carthago Nova.
    assert [a.text for a in game.legal_actions(state)] == [
        "fire(Legio 2)",
        "fire(Legio 4)",
        "pass(Legio 2)",
        "pass(Legio 4)",
        "retreat(Legio 2, Carthago Nova)",
        "retreat(Legio 4, Carthago Nova)",
    ]


def test_rule_7_31_after_the_swap_the_new_attacker_must_retreat_in_round_4(game: Game) -> None:
    state = begin(game, {"Legio 7": 3, "Legio 5": 1, "Legio 2": 3, "Legio 4": 2}, DEFENDER_RESERVE)
    kill_the_defending_main_force(game, state)
    for _ in range(6):  # rounds 2 and 3: three turns each
        game.apply(state, f"pass({game.legal_actions(state)[0].args[0]})")
    assert state["records"]["battle"]["round"] == 4
    game.apply(state, "pass(Legio 7)")
    assert [a.text for a in game.legal_actions(state)] == [
        "retreat(Legio 2, Carthago Nova)",
        "retreat(Legio 4, Carthago Nova)",
    ]


def test_variant_disrupted_defender_only_swaps_roles(make_game: Callable[..., Game]) -> None:
    params = {"disrupted_defender_loses_step": False}
    game = make_game("battle_phase", **params)
    state = begin(game, {"Legio 7": 3, "Legio 5": 1, "Legio 2": 3, "Legio 4": 2}, DEFENDER_RESERVE)
    kill_the_defending_main_force(game, state)
    pieces = state["pieces"]
    assert (pieces["Legio 2"]["strength"], pieces["Legio 4"]["strength"]) == (3, 2)
    assert state["records"]["battle"]["attacker"] == "pompey"


def test_rule_7_31_no_disruption_when_the_main_force_survives_round_1(game: Game) -> None:
    state = begin(
        game, {"Legio 7": 2, "Legio 11": 3, "Legio 12": 1, "Legio 5": 2}, ATTACKER_RESERVE
    )
    game.forced_dice = [2, 5]
    game.apply(state, "fire(Legio 5)")  # Legio 7 II -> I, alive
    game.apply(state, "pass(Legio 7)")
    pieces = state["pieces"]
    assert (pieces["Legio 11"]["strength"], pieces["Legio 12"]["strength"]) == (3, 1)
