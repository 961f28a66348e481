"""JC 6.1, 2.2, 4.2.1: group moves: one move point moves any or all blocks of one location
one or two cities; entering an enemy location stops; a block moves once per turn; control
changes at once."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from framework.engine.state import State
from framework.testing import GameUnderTest as Game
from games.julius_caesar import command_record
from games.julius_caesar.model import status

from .test_rule_6_0_command_phase import at, command_game, play, position, texts


@pytest.fixture
def game(make_game: Callable[..., Game]) -> Game:
    return command_game(make_game)


def destinations(game: Game, state: State, block: str) -> dict[int, set[str]]:
    """Where ``block`` may end a move, by the number of cities it moves."""
    found: dict[int, set[str]] = {}
    for action in game.legal_actions(state):
        if action.kind == "move" and action.args[0] == block:
            path = action.args[1:]
            found.setdefault(len(path) - 1, set()).add(str(path[-1]))
    return found


def test_6_1_example_massilia_one_and_two_cities(game: Game) -> None:
    """Rulebook 6.1 example: one MP takes blocks in Massilia to Narbo, Lugdunum, Genua;
    without an attack, on to Tarraco, Burdigala, Cenabum, Treviri, Ravenna or Roma."""
    state = position(game, {"Massilia": ["Legio 11"]})
    play(game, state, "group(Massilia)")
    reach = destinations(game, state, "Legio 11")
    assert reach[1] == {"Narbo", "Lugdunum", "Genua"}
    assert reach[2] - reach[1] == {"Tarraco", "Burdigala", "Cenabum", "Treviri", "Ravenna", "Roma"}
    assert reach[2] & reach[1] == {"Genua", "Lugdunum"}  # the long way round, by the minor road


def test_2_2_entering_an_enemy_location_stops(game: Game) -> None:
    state = position(game, {"Massilia": ["Legio 11"], "Genua": ["Legio 1"]})
    play(game, state, "group(Massilia)")
    actions = texts(game, state)
    assert "move(Legio 11, Massilia, Genua)" in actions
    assert not any(a.startswith("move(Legio 11, Massilia, Genua,") for a in actions)
    assert "move(Legio 11, Massilia, Lugdunum, Genua)" not in actions  # no attack after 2


def test_6_1_a_block_moves_once_per_turn(game: Game) -> None:
    state = position(game, {"Massilia": ["Legio 11", "Legio 14"]}, caesar=(3, 0))
    play(game, state, "group(Massilia)", "move(Legio 11, Massilia, Genua)", "end_group")
    assert "group(Genua)" not in texts(game, state)  # Legio 11 has moved
    play(game, state, "group(Massilia)")
    assert not any(a.startswith("move(Legio 11") for a in texts(game, state))
    assert command_record.moved(state, "caesar") == ["Legio 11"]


def test_6_1_group_blocks_may_go_different_ways(game: Game) -> None:
    state = position(game, {"Massilia": ["Legio 11", "Legio 14", "C Navis 1"]})
    play(
        game,
        state,
        "group(Massilia)",
        "move(Legio 11, Massilia, Narbo, Tarraco)",
        "move(Legio 14, Massilia, Lugdunum)",
        "move(C Navis 1, Massilia, Mare Hispanum)",
    )
    assert (at(state, "Legio 11"), at(state, "Legio 14"), at(state, "C Navis 1")) == (
        "Tarraco",
        "Lugdunum",
        "Mare Hispanum",
    )
    assert game.is_over(state)  # the group closed by itself, 1 MP spent: the phase ended


def test_6_1_each_group_costs_one_move_point(game: Game) -> None:
    state = position(game, {"Massilia": ["Legio 11"], "Narbo": ["Legio 7"]}, caesar=(1, 0))
    play(game, state, "group(Massilia)", "end_group")
    assert game.is_over(state)
    assert at(state, "Legio 7") == "Narbo"


def test_6_1_group_closes_when_nothing_more_can_move(game: Game) -> None:
    state = position(game, {"Massilia": ["Legio 11"], "Narbo": ["Legio 7"]}, caesar=(2, 0))
    play(game, state, "group(Massilia)", "move(Legio 11, Massilia, Genua)")
    assert texts(game, state) == ["end_moves", "group(Narbo)"]


def test_4_2_1_control_changes_at_once(game: Game) -> None:
    """Leaving makes a city vacant at once; the first block in makes it friendly;
    an attack makes it contested (so a second block from the same group joins a battle)."""
    state = position(game, {"Massilia": ["Legio 11", "Legio 14"], "Genua": ["Legio 1"]})
    play(game, state, "group(Massilia)", "move(Legio 11, Massilia, Lugdunum)")
    assert status(state, "Lugdunum", "caesar") == "friendly"
    play(game, state, "move(Legio 14, Massilia, Genua)")
    assert status(state, "Massilia", "caesar") == "vacant"
    assert status(state, "Genua", "caesar") == "contested"
