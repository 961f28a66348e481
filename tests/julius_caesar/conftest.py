"""Fixtures for Julius Caesar rule tests.

Rule tests run the real data, the real procedures and the shipped rules file
(``games/julius_caesar/data/rules/julius_caesar.rules``): a test that runs
one procedure from a fixed position replaces the sequence of play with that
step, and a test that needs another value of a parameter sets it, both
through a variant compiled like any other (:func:`framework.testing.rules_game`).
Nothing here copies a parameter's value.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from framework.catalog import default_catalog
from framework.engine.state import State
from framework.gamedef import GameDef
from framework.testing import GameUnderTest, rules_game


@pytest.fixture(scope="session")
def jc() -> GameDef:
    return default_catalog().definition("julius_caesar")


def empty_board(state: State) -> State:
    """Move every block to its side's pool, for hand-built positions."""
    for piece in state["pieces"].values():
        piece["at"] = "pool"
        piece["flags"] = []
    return state


def place(state: State, space: str, *blocks: str, strength: int | None = None) -> None:
    for block in blocks:
        state["pieces"][block]["at"] = space
        if strength is not None:
            state["pieces"][block]["strength"] = strength


@pytest.fixture
def make_game() -> Callable[..., GameUnderTest]:
    """``make_game(*steps, **param_changes)`` -> the game whose sequence is those steps.

    Parameters with a dot are written with ``__`` (``road_limit__minor=3``).
    Use ``state = game.setup(); empty_board(state); place(...); game.begin(state)``
    to start the steps from a hand-built position."""

    def build(*steps: str, **changes: Any) -> GameUnderTest:
        params = {k.replace("__", "."): v for k, v in changes.items()}
        return rules_game("julius_caesar", steps=list(steps), params=params)

    return build
