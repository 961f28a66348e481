"""Helpers for Julius Caesar rule tests.

Rule tests run the real data, the real procedures and the shipped rules file
(``games/julius_caesar/data/rules/julius_caesar.rules``) through the test kit
(:mod:`framework.testing`): each starts from a position written in a position
file's form, at the step its rule lives in, plays the actions that lead to the
rule by their text through the real sequence of play, forces each roll's dice
and reads the outcome through the game's queries
(:mod:`games.julius_caesar.queries`). A test that needs another value of a
parameter sets it through a variant compiled like any other. Nothing here
copies a parameter's value.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable, Mapping
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


JC = "julius_caesar"


def command_phase(
    setup: str,
    *,
    player1: str = "caesar",
    caesar: tuple[int, int] = (1, 0),
    pompey: tuple[int, int] = (0, 0),
    year: int = 1,
    turn: int = 1,
    records: Mapping[str, Any] | None = None,
) -> str:
    """A position's text at the start of a turn's command phase (JC 2.2): what the card
    phase left (Player 1, each side's move and levy points, ``(move, levy)``), then
    ``setup`` (position lines: ``setup:``, ``pieces:``...) and any other ``records``."""
    orders = {"caesar": {"move": caesar[0], "levy": caesar[1]}}
    orders["pompey"] = {"move": pompey[0], "levy": pompey[1]}
    lines = [
        f"at: {{step: command_phase, counters: {{year: {year}, turn: {turn}}}}}",
        "records:",
        f"  player1: {player1}",
        f"  orders: {json.dumps(orders)}",
        *(f"  {name}: {json.dumps(value)}" for name, value in (records or {}).items()),
    ]
    return "\n".join(lines) + "\n" + textwrap.dedent(setup).strip("\n") + "\n"


def group(origin: str, to: str, *blocks: str) -> list[str]:
    """The actions that move ``blocks`` from ``origin`` to ``to`` as one group (JC 6.1)."""
    return [f"group({origin})", *(f"move({block}, {origin}, {to})" for block in blocks)]
