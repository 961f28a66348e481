"""Fixtures for the naval module's rule tests.

Tests load the real game (data, the shipped tables and rules files, procedures)
through the test kit (:func:`framework.testing.rules_game`) and build positions by
hand: :func:`empty_sea` takes every ship and commander off the map, :func:`put`
places a ship by its bow hex and facing (a galley's stern trails behind, GBoJC
4.2). Dice are forced through the test game's run (``game.forced_dice``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from framework.engine.core import Context
from framework.engine.state import State
from framework.gamedef import frozen_map
from framework.testing import GameUnderTest as Game
from framework.testing import finished as finished
from framework.testing import rules_game


@pytest.fixture
def game() -> Iterator[Game]:
    yield rules_game("gbojc_naval")


def variant(tmp_path: Path, *params: str) -> Game:
    """The game under a variant that sets parameters (``name = value`` lines)."""
    path = tmp_path / "test.variant"
    lines = ['variant test_params of gbojc_naval "test"', *(f"param {p}" for p in params)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return rules_game("gbojc_naval", variant=str(path))


def with_stats(game: Game, ship: str, **stats: int) -> None:
    """Give one ship other counter values, for a test: the data and the game are frozen, so
    the test's game plays a copy of the game over a changed definition from now on."""
    definition = game.definition
    piece = definition.pieces[ship]
    changed = replace(piece, stats=frozen_map({**piece.stats, **stats}))
    pieces = frozen_map({**definition.pieces, ship: changed})
    game.game = game.game.replace(definition=replace(definition, pieces=pieces))


def empty_sea(game: Game, *, strength: int = 3, direction: str = "S") -> State:
    """The scenario's state with nothing on the map and the given wind."""
    state = game.setup(seed=0)
    for piece in state["pieces"].values():
        piece["at"] = "out"
        piece.pop("facing", None)
        piece["attrs"] = {}
    state["records"]["wind"] = {"strength": strength, "direction": direction, "calm": strength == 0}
    state["records"]["turn"] = {}
    return state


def put(state: State, ship: str, at: str, facing: str, **attrs: Any) -> None:
    piece = state["pieces"][ship]
    piece["at"], piece["facing"] = at, facing
    piece["attrs"] = dict(attrs)
    if ship in GALLEYS:
        piece["attrs"].setdefault("speed", "cruise")


def board_commander(state: State, commander: str, ship: str) -> None:
    state["pieces"][commander]["at"] = state["pieces"][ship]["at"]
    state["pieces"][commander]["attrs"] = {"ship": ship}


def context(game: Game, state: State, dice: list[int] | None = None) -> Context:
    game.forced_dice = list(dice) if dice is not None else None
    return game.context(state)


def run(
    game: Game, state: State, procedure: str, dice: list[int] | None = None, **args: Any
) -> Context:
    """Start one procedure on an empty stack and run it to its first question
    (:meth:`framework.testing.GameUnderTest.run_procedure`)."""
    game.forced_dice = list(dice) if dice is not None else None
    return game.run_procedure(state, procedure, **args)


def answer(game: Game, state: State, *actions: str) -> None:
    for action in actions:
        game.apply(state, action)


def texts(state: State) -> list[str]:
    return [e["text"] for e in state["log"]]


# Ships of the scenario by kind, with their counter values (games/gbojc_naval/data/ships.yaml).
TRIREMES = ("Concordia", "Victoria", "Fortuna", "Minerva")  # C3 M3 CR3 MX5
BIREMES = ("Aquila", "Lupa", "Delphinus", "Taurus", "Cygnus", "Ceres")  # C3 M2 CR4 MX6
GALLEYS = TRIREMES + BIREMES
SAILING_M3 = ("Taranis", "Lugus", "Cernunnos")  # C3 M3
SAILING_M2 = ("Belenos", "Epona", "Sucellus", "Nodens", "Esus", "Toutatis")  # C3 M2


def listed(game: Game, state: State) -> list[list[Any]]:
    """The legal actions of the prompt awaited, as JSON lists (the state records none)."""
    return [action.to_json() for action in game.legal_actions(state)]
