"""JC 2.3, 7.1: Player 1 picks the battles one at a time; fighting blocks are revealed.

Positions are built by hand; the command phase's attack record
(``public["command"]["attacks"]``) is written as the command engineer records it.
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


def begin(
    game: Game,
    blocks: dict[str, dict[str, int]],
    attacks: dict[str, Any],
    *,
    player1: str = "caesar",
    battles: list[str] | None = None,
) -> State:
    state = game.setup()
    empty_board(state)
    for space, strengths in blocks.items():
        for block, strength in strengths.items():
            place(state, space, block, strength=strength)
    state["records"].update(
        player1=player1,
        battles=list(attacks) if battles is None else battles,
        command={"attacks": attacks},
        trophies={"caesar": [], "pompey": []},
        leaders_lost={"caesar": 0, "pompey": 0},
    )
    return game.begin(state)


TWO_BATTLES = {
    "Tarraco": {"Legio 7": 3, "Legio 5": 2},
    "Neapolis": {"Legio 13": 3, "Legio 1": 1},
}
ATTACKS = {
    "Tarraco": {"attacker": "caesar", "main": "Narbo|Tarraco", "roads": ["Narbo|Tarraco"]},
    "Neapolis": {"attacker": "pompey", "main": "Neapolis|Roma", "roads": ["Neapolis|Roma"]},
}


def test_rule_7_1_player1_chooses_each_battle(game: Game) -> None:
    """Two contested cities: Player 1 (Pompeius here) is asked, with 2 legal actions."""
    state = begin(game, TWO_BATTLES, ATTACKS, player1="pompey")
    prompt = game.prompt(state)
    assert prompt is not None and prompt.side == "pompey" and prompt.kind == "battle_choice"
    assert [a.text for a in prompt.actions] == ["battle(Neapolis)", "battle(Tarraco)"]
    game.apply(state, "battle(Tarraco)")
    assert state["records"]["battles"] == ["Neapolis"]
    assert state["records"]["battle"] == {
        "location": "Tarraco",
        "round": 1,
        "attacker": "caesar",
        "defender": "pompey",
    }


def test_rule_7_1_next_battle_after_the_first_ends(game: Game) -> None:
    """Legio 5 (C2, defender) kills Legio 7 at I; the last battle then starts at once."""
    blocks = {"Tarraco": {"Legio 7": 1, "Legio 5": 1}, "Neapolis": {"Legio 13": 3, "Legio 1": 1}}
    state = begin(game, blocks, ATTACKS)
    game.apply(state, "battle(Tarraco)")
    game.forced_dice = [2]
    game.apply(state, "fire(Legio 5)")
    # Pompeius won Tarraco: his regroup is offered first (Bilbilis, Carthago Nova, Narbo).
    prompt = game.prompt(state)
    assert prompt is not None and prompt.kind == "regroup"
    game.apply(state, "end_regroup")
    assert state["records"]["battle"]["location"] == "Neapolis"
    assert state["records"]["battles"] == []


def test_rule_2_3_a_single_battle_needs_no_choice(game: Game) -> None:
    state = begin(game, {"Tarraco": {"Legio 7": 3, "Legio 5": 2}}, {"Tarraco": ATTACKS["Tarraco"]})
    prompt = game.prompt(state)
    assert prompt is not None and prompt.kind == "battle_turn"
    assert state["records"]["battle"]["location"] == "Tarraco"


def test_rule_2_3_only_contested_locations_are_fought(game: Game) -> None:
    """A listed location no longer contested is skipped; an unlisted contested one is fought."""
    blocks = {"Tarraco": {"Legio 7": 3}, "Neapolis": {"Legio 13": 3, "Legio 1": 1}}
    state = begin(game, blocks, ATTACKS, battles=["Tarraco"])
    assert state["records"]["battle"]["location"] == "Neapolis"


def test_rule_7_1_fighting_blocks_are_revealed_and_hidden_again(game: Game, jc: Any) -> None:
    """Revealed: the blocks in the battle only; the enemy's view shows them only meanwhile."""
    blocks = {"Tarraco": {"Legio 7": 1, "Legio 5": 1}, "Narbo": {"Legio 9": 3}}
    state = begin(game, blocks, {"Tarraco": ATTACKS["Tarraco"]})
    flagged = sorted(b for b, p in state["pieces"].items() if "revealed" in p["flags"])
    assert flagged == ["Legio 5", "Legio 7"]
    seen = observe(jc, state, "pompey")["pieces"]["known"]
    assert seen["Legio 7"] == {
        "side": "caesar",
        "at": "Tarraco",
        "strength": 1,
        "flags": ["revealed"],
    }
    assert "Legio 9" not in seen
    game.forced_dice = [6]
    game.apply(state, "fire(Legio 5)")  # miss
    game.forced_dice = [1]
    game.apply(state, "fire(Legio 7)")  # Legio 5 eliminated: Caesar wins
    game.apply(state, "end_regroup")
    assert not any("revealed" in p["flags"] for p in state["pieces"].values())
    seen = observe(jc, state, "pompey")["pieces"]["known"]
    assert "Legio 7" not in seen
    assert seen["Legio 5"]["flags"] == ["face_up"]  # eliminated blocks lie face up (JC 7.5)
    assert state["records"]["battle"] is None


def test_rule_7_1_the_enemy_view_ignores_hidden_reserves(game: Game, jc: Any) -> None:
    """Swapping which hidden reserve stands in the battle leaves the enemy's view unchanged."""
    attack = {**ATTACKS["Tarraco"], "reserves": {"caesar": ["Legio 11"]}}
    views = []
    for reserve in ("Legio 11", "Legio 12"):
        attack["reserves"] = {"caesar": [reserve]}
        blocks = {"Tarraco": {"Legio 7": 3, "Legio 5": 2, reserve: 3}}
        state = begin(game, blocks, {"Tarraco": attack})
        view = observe(jc, state, "pompey")
        views.append((view["pieces"], [e for e in view["log"]]))
    assert views[0] == views[1]


def test_rule_7_1_without_an_attack_record_the_side_that_moved_in_attacks(game: Game) -> None:
    """No record for Tarraco: Caesar's blocks there all moved this turn, so he attacks."""
    state = game.setup()
    empty_board(state)
    place(state, "Tarraco", "Legio 7", "Legio 5", strength=2)
    state["records"].update(player1="pompey", battles=["Tarraco"])
    state["records"]["own_command"]["caesar"]["moved"] = ["Legio 7"]
    game.begin(state)
    assert state["records"]["battle"]["attacker"] == "caesar"
