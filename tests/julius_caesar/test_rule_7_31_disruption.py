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


#: Caesar attacks Tarraco with Legio 7 from Narbo (main) and Legio 11 from Bilbilis
#: (reserve); Pompeius defends with P Auxilia 3 (A1) and Legio 5 (C2).
ARCHERS_FIRST = {"Legio 7": 1, "Legio 11": 3, "P Auxilia 3": 1, "Legio 5": 2}
ONE_RESERVE = {
    **ATTACKER_RESERVE,
    "reserves": {"caesar": ["Legio 11"]},
    "origins": {"Legio 7": "Narbo", "Legio 11": "Bilbilis"},
}


def test_rule_7_31_a_side_left_with_reserves_only_ends_round_1(game: Game) -> None:
    """JC 7.3, 7.31: P Auxilia 3 (A, first) kills Legio 7, Caesar's whole main force, in
    round 1. Legio 11 is disrupted (III -> II) but as a reserve can neither fire nor be hit
    before round 2, so Legio 5, still to act, has nothing to fire at: round 1 ends there
    (Legio 5 is not asked), the reserve arrives and round 2 begins with the A block."""
    state = begin(game, ARCHERS_FIRST, ONE_RESERVE)
    game.forced_dice = [1]
    game.apply(state, "fire(P Auxilia 3)")
    assert state["pieces"]["Legio 11"]["strength"] == 2
    assert state["records"]["battle"]["round"] == 2
    assert "revealed" in state["pieces"]["Legio 11"]["flags"]
    assert [a.text for a in game.legal_actions(state)] == [
        "fire(P Auxilia 3)",
        "pass(P Auxilia 3)",
        "retreat(P Auxilia 3, Carthago Nova)",
    ]
    texts = [e["text"] for e in state["log"] if "to" not in e]
    assert texts[-4:] == [
        "Caesar has only reserves at Tarraco: round 1 ends",
        "Round 2 at Tarraco",
        "The reserves arrive",
        "Caesar reveals Legio 11 (C3, II)",
    ]
    assert not any("Legio 5" in t for t in texts if "fires" in t or "passes" in t)


def test_rule_7_31_reserves_destroyed_by_disruption_end_the_battle(game: Game) -> None:
    """JC 7.31: the same, with Legio 11 at I: the disruption's step loss eliminates it,
    Caesar has no block left at Tarraco and the battle ends at once: Pompeius wins and
    may regroup (JC 7.7); Legio 5 never had its turn."""
    state = begin(game, {**ARCHERS_FIRST, "Legio 11": 1}, ONE_RESERVE)
    game.forced_dice = [1]
    game.apply(state, "fire(P Auxilia 3)")
    assert state["pieces"]["Legio 11"]["at"] == "pool"
    prompt = game.prompt(state)
    assert prompt is not None and (prompt.side, prompt.kind) == ("pompey", "regroup")
    assert "Battle at Tarraco ends: Pompeius wins" in [e["text"] for e in state["log"]]
    assert not any(e["text"].startswith("Legio 5") for e in state["log"])


def test_rule_7_31_mars_attackers_left_without_targets_end_round_1(
    make_game: Callable[..., Game],
) -> None:
    """Card Mars: every attacker fires first in round 1. C Auxilia 3 (A1) kills Legio 5,
    Pompeius's only defender; his response Legio 2 (reserve) is disrupted (IV -> III) and
    Pompeius becomes the attacker. Legio 7 (Caesar's other attacker) would fire at no
    target: round 1 ends, and in round 2 Caesar, now defending, goes first."""
    game = make_game("battle_phase")
    state = game.setup()
    empty_board(state)
    for block, strength in {"C Auxilia 3": 1, "Legio 7": 3, "Legio 5": 1, "Legio 2": 4}.items():
        place(state, "Tarraco", block, strength=strength)
    attack = {
        "attacker": "caesar",
        "main": "Narbo|Tarraco",
        "roads": ["Narbo|Tarraco"],
        "reserves": {"pompey": ["Legio 2"]},
        "origins": {"C Auxilia 3": "Narbo", "Legio 7": "Narbo", "Legio 2": "Carthago Nova"},
    }
    mars = {"mode": "mars", "blocks": ["C Auxilia 3", "Legio 7"], "location": "Tarraco"}
    state["records"].update(
        player1="caesar",
        battles=["Tarraco"],
        command={"attacks": {"Tarraco": attack}, "event_group": mars},
        trophies={"caesar": [], "pompey": []},
        leaders_lost={"caesar": 0, "pompey": 0},
    )
    game.begin(state)
    game.forced_dice = [1]
    game.apply(state, "fire(C Auxilia 3)")
    battle = state["records"]["battle"]
    assert (battle["round"], battle["attacker"]) == (2, "pompey")
    assert state["pieces"]["Legio 2"]["strength"] == 3
    assert [a.text for a in game.legal_actions(state)] == [
        "fire(C Auxilia 3)",
        "pass(C Auxilia 3)",
        "retreat(C Auxilia 3, Bilbilis)",
        "retreat(C Auxilia 3, Narbo)",
    ]
    assert "Pompeius has only reserves at Tarraco: round 1 ends" in [
        e["text"] for e in state["log"]
    ]
