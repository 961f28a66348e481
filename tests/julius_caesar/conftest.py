"""Fixtures for Julius Caesar rule tests.

Rule tests build a :class:`~framework.engine.core.Game` from the real data
and the real procedures, with :class:`~framework.engine.testing.StaticRules`
standing in for the rules file where a test runs one procedure from a fixed
position. ``JC_PARAMS`` mirrors the parameters of the base game's rules file
(JC 1.2, 2.1, 6.11, 8.3); tests that change one show the effect of a variant.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from framework.engine.core import Game
from framework.engine.program import Step
from framework.engine.state import State
from framework.engine.testing import StaticRules
from framework.gamedef import GameDef
from framework.loader import load_game

JC_PARAMS: dict[str, Any] = {
    "years": 5,
    "turns_per_year": 5,
    "hand_size": 6,
    "discards": 1,
    "road_limit.major": 4,
    "road_limit.minor": 2,
    "road_limit.strait": 2,
    "road_limit.strait_attack": 1,
    "vp_to_win": 10,
    "winter_supply_base": 3,
    "apollo.reading": "card",
    "disband.cleopatra": False,
    "battle_rounds": 4,
    "retreat_from_round": 2,
    "reserve_arrival_round": 2,
    "disruption_step_loss": 1,
    "disrupted_defender_loses_step": True,
    "cleopatra_switch_strength": 1,
    "retreat_limit.strait": 1,
    "retreat_limit.sea": 1,
    "move.distance": 2,
    "move.attack_distance": 1,
    "move.reinforce_distance": 1,
    "navis.attack_ports": True,
    "amphibious.cost": 1,
    "amphibious.navis_kept": 1,
    "mercury.distance": 3,
    "mercury.attack_distance": 2,
    "pluto.major": 6,
    "pluto.minor": 3,
    "pluto.strait": 2,
    "levy.new_strength": "minimum",
    "levy.steps_in_contested": False,
}


@pytest.fixture(scope="session")
def jc() -> GameDef:
    return load_game("julius_caesar")


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
def make_game(jc: GameDef) -> Callable[..., Game]:
    """``make_game(procedures, *steps, **param_overrides)`` -> a Game over StaticRules.

    Use ``state = game.setup(); empty_board(state); place(...); game.begin(state)``
    to start the steps from a hand-built position."""

    def build(procedures: dict[str, Any], *step_names: str, **overrides: Any) -> Game:
        params = dict(JC_PARAMS)
        params.update({k.replace("__", "."): v for k, v in overrides.items()})
        rules = StaticRules(tuple(Step(name) for name in step_names), params)
        return Game(jc, rules, procedures)

    return build
