"""Shared set-up for the battle rule tests (JC 7.x): a game running only the
battle phase, started from hand-placed blocks and a hand-written attack record."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from framework.engine.state import State
from framework.testing import GameUnderTest as Game

from .conftest import empty_board, place


def battle_game(make_game: Callable[..., Game]) -> Game:
    """A game whose whole sequence is the battle phase, with the battle parameters."""
    return make_game("battle_phase")


def begin(game: Game, blocks: dict[str, dict[str, int]], attacks: dict[str, Any]) -> State:
    state = game.setup()
    empty_board(state)
    for space, strengths in blocks.items():
        for block, strength in strengths.items():
            place(state, space, block, strength=strength)
    state["records"].update(
        player1="caesar",
        battles=list(attacks),
        command={"attacks": attacks},
        trophies={"caesar": [], "pompey": []},
        leaders_lost={"caesar": 0, "pompey": 0},
    )
    return game.begin(state)


def actions(game: Game, state: State) -> list[str]:
    return [a.text for a in game.legal_actions(state)]
