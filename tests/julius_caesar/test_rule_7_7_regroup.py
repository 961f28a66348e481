"""JC 7.7: the winner regroups.

All the winner's blocks, reserves included, may move to adjacent friendly or
vacant locations; road limits apply (JC 6.11, counted over the regroup);
never by sea. Blocks are hidden again before the regroup (the battle is over),
so the enemy is told how many blocks went where, not which.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from framework.engine.state import State
from framework.engine.view import observe
from framework.testing import GameUnderTest as Game

from .conftest import empty_board, place


@pytest.fixture
def game(make_game: Callable[..., Game]) -> Game:
    return make_game("battle_phase")


ATTACK = {
    "attacker": "caesar",
    "main": "Narbo|Tarraco",
    "roads": ["Bilbilis|Tarraco", "Narbo|Tarraco"],
    "reserves": {"caesar": ["Legio 11", "Legio 12"]},
    "origins": {"Legio 11": "Bilbilis", "Legio 12": "Bilbilis"},
}
MAP = {
    "Tarraco": {"Legio 7": 3, "Legio 9": 3, "Legio 11": 3, "Legio 12": 3, "Legio 5": 1},
    "Carthago Nova": {"Legio 2": 2},
    "Mare Hispanum": {"C Navis 1": 2},
    "Massilia": {"Legio 14": 3},
}


def caesar_wins(game: Game) -> State:
    state = game.setup()
    empty_board(state)
    for space, strengths in MAP.items():
        for block, strength in strengths.items():
            place(state, space, block, strength=strength)
    state["records"].update(
        player1="caesar",
        battles=["Tarraco"],
        command={"attacks": {"Tarraco": ATTACK}},
        trophies={"caesar": [], "pompey": []},
        leaders_lost={"caesar": 0, "pompey": 0},
    )
    game.begin(state)
    game.apply(state, "pass(Legio 5)")
    game.forced_dice = [1, 6, 6]
    game.apply(state, "fire(Legio 7)")  # Legio 5 eliminated: Caesar wins in round 1
    return state


def actions(game: Game, state: State) -> list[str]:
    return [a.text for a in game.legal_actions(state)]


def test_rule_7_7_winner_regroups_reserves_included_never_by_sea(game: Game) -> None:
    """4 blocks x (Narbo, Bilbilis) + end_regroup = 9 actions; Carthago Nova is enemy,
    and no route goes by Mare Hispanum to Massilia."""
    state = caesar_wins(game)
    prompt = game.prompt(state)
    assert prompt is not None and (prompt.side, prompt.kind) == ("caesar", "regroup")
    assert actions(game, state) == [
        "end_regroup",
        "regroup(Legio 11, Bilbilis)",
        "regroup(Legio 11, Narbo)",
        "regroup(Legio 12, Bilbilis)",
        "regroup(Legio 12, Narbo)",
        "regroup(Legio 7, Bilbilis)",
        "regroup(Legio 7, Narbo)",
        "regroup(Legio 9, Bilbilis)",
        "regroup(Legio 9, Narbo)",
    ]
    assert not any("revealed" in p["flags"] for p in state["pieces"].values())


def test_rule_7_7_road_limits_apply_to_the_regroup(game: Game) -> None:
    """Two blocks fill the minor road to Bilbilis; the others may only go to Narbo."""
    state = caesar_wins(game)
    game.apply(state, "regroup(Legio 11, Bilbilis)")
    game.apply(state, "regroup(Legio 12, Bilbilis)")
    assert actions(game, state) == [
        "end_regroup",
        "regroup(Legio 7, Narbo)",
        "regroup(Legio 9, Narbo)",
    ]
    game.apply(state, "regroup(Legio 7, Narbo)")
    game.apply(state, "end_regroup")
    at = {b: state["pieces"][b]["at"] for b in ("Legio 7", "Legio 9", "Legio 11", "Legio 12")}
    assert at == {
        "Legio 7": "Narbo",
        "Legio 9": "Tarraco",
        "Legio 11": "Bilbilis",
        "Legio 12": "Bilbilis",
    }
    assert state["result"] is not None  # no battle left: the phase is over


def test_rule_7_7_the_enemy_learns_where_not_which(game: Game, jc: Any) -> None:
    state = caesar_wins(game)
    game.apply(state, "regroup(Legio 11, Bilbilis)")
    pompey_log = [e["text"] for e in observe(jc, state, "pompey")["log"]]
    caesar_log = [e["text"] for e in observe(jc, state, "caesar")["log"]]
    assert pompey_log[-1] == "Caesar regroups a block: Tarraco -> Bilbilis"
    assert caesar_log[-1] == "Caesar regroups Legio 11: Tarraco -> Bilbilis"
