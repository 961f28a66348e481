"""JC 7.41: the elephant has two strengths, IV and II, and drops one level per hit.

The data gives its strengths as ``[2, 4]``; one hit takes it from IV to II,
the next eliminates it. At IV it is the strongest target.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from framework.engine.state import State
from framework.testing import GameUnderTest as Game

from .conftest import empty_board, place

UTICA = {"attacker": "caesar", "main": "Tacape|Utica", "roads": ["Tacape|Utica"]}


@pytest.fixture
def game(make_game: Callable[..., Game]) -> Game:
    return make_game("battle_phase")


def begin(game: Game, strengths: dict[str, int]) -> State:
    state = game.setup()
    empty_board(state)
    for block, strength in strengths.items():
        place(state, "Utica", block, strength=strength)
    state["records"].update(
        player1="caesar",
        battles=["Utica"],
        command={"attacks": {"Utica": UTICA}},
        trophies={"caesar": [], "pompey": []},
        leaders_lost={"caesar": 0, "pompey": 0},
    )
    return game.begin(state)


def test_rule_7_41_one_hit_drops_the_elephant_from_four_to_two(game: Game) -> None:
    """Caesar (A3, I) scores one hit: the elephant (IV) is the strongest, and falls to II."""
    state = begin(game, {"Caesar": 1, "P Elephant": 4, "Legio 39": 3})
    game.forced_dice = [3]
    game.apply(state, "fire(Caesar)")
    assert state["pieces"]["P Elephant"]["strength"] == 2
    assert state["pieces"]["Legio 39"]["strength"] == 3
    assert "P Elephant loses a step: IV -> II" in [e["text"] for e in state["log"]]


def test_rule_7_41_the_second_hit_eliminates_the_elephant(game: Game) -> None:
    """Caesar (A3, II) rolls 1, 2 against the elephant alone: IV -> II -> eliminated."""
    state = begin(game, {"Caesar": 2, "P Elephant": 4, "Legio 39": 1})
    game.forced_dice = [1, 2]
    game.apply(state, "fire(Caesar)")
    piece = state["pieces"]["P Elephant"]
    assert (piece["at"], piece["flags"]) == ("pool", ["face_up"])
    assert state["pieces"]["Legio 39"]["strength"] == 1


def test_rule_7_41_the_elephant_fires_as_b3_with_its_strength(game: Game) -> None:
    """At IV it rolls four dice; rolls of 1-3 hit (B3)."""
    state = begin(game, {"Legio 7": 3, "Legio 9": 3, "P Elephant": 4})
    game.forced_dice = [1, 3, 4, 6]
    game.apply(state, "fire(P Elephant)")
    assert "P Elephant (B3) fires 4 dice: 1, 3, 4, 6 -> 2 hits" in [e["text"] for e in state["log"]]
