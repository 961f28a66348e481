"""JC 6.14, 7.3: Player 2 may reinforce a contested location with unpinned blocks from
adjacent locations; responding blocks are always reserves."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from framework.engine.state import State
from framework.testing import GameUnderTest as Game
from games.julius_caesar import command_record

from .test_rule_6_0_command_phase import command_game, play, position, texts

NARBO = ["Legio 7", "Legio 8", "Legio 9", "Legio 10"]
BILBILIS = ["Legio 11", "Legio 12"]
NOVA_CARTHAGO = ["Legio 1", "Legio 2", "Legio 3", "Legio 4"]


@pytest.fixture
def game(make_game: Callable[..., Game]) -> Game:
    return command_game(make_game)


def tarraco_example(game: Game) -> State:
    """Rulebook 7.3 example: Caesar attacks Tarraco from Narbo with 4 blocks (main) and from
    Bilbilis with 2; Pompeius has 3 defending and moves 4 from Carthago Nova to Tarraco."""
    state = position(
        game,
        {
            "Narbo": NARBO,
            "Bilbilis": BILBILIS,
            "Tarraco": ["Legio 5", "Legio 6", "P Equitatus 1"],
            "Carthago Nova": NOVA_CARTHAGO,
        },
        caesar=(2, 0),
        pompey=(1, 0),
    )
    play(game, state, "group(Narbo)")
    for block in NARBO:
        play(game, state, f"move({block}, Narbo, Tarraco)")
    play(game, state, "group(Bilbilis)")
    for block in BILBILIS:
        play(game, state, f"move({block}, Bilbilis, Tarraco)")
    play(game, state, "main(Tarraco, Narbo)", "group(Carthago Nova)")
    for block in NOVA_CARTHAGO:
        play(game, state, f"move({block}, Carthago Nova, Tarraco)")
    return state


def test_7_3_example_responders_are_reserves(game: Game) -> None:
    state = tarraco_example(game)
    assert game.is_over(state)
    found = command_record.attack(state, "Tarraco")
    assert found == {
        "attacker": "caesar",
        "defender": "pompey",
        "roads": ["Narbo|Tarraco", "Bilbilis|Tarraco"],
        "origins": {"Narbo|Tarraco": "Narbo", "Bilbilis|Tarraco": "Bilbilis"},
        "arrivals": {"Narbo|Tarraco": 4, "Bilbilis|Tarraco": 2},
        "main": "Narbo|Tarraco",
        "pinned": 3,
        "responses": {"Carthago Nova|Tarraco": 4},
        "reserves": {"caesar": 2, "pompey": 4},
    }
    detail = command_record.attack_detail(state, "Tarraco")
    assert detail is not None
    assert detail["reserve_blocks"] == {"caesar": BILBILIS, "pompey": NOVA_CARTHAGO}


def test_6_14_response_only_from_an_adjacent_location(game: Game) -> None:
    """Corduba is two cities from Tarraco: its blocks may not respond there."""
    state = position(
        game,
        {"Narbo": ["Legio 7"], "Tarraco": ["Legio 5"], "Corduba": ["Legio 2"]},
        pompey=(1, 0),
    )
    play(game, state, "group(Narbo)", "move(Legio 7, Narbo, Tarraco)", "group(Corduba)")
    assert not any(a.endswith("Tarraco)") for a in texts(game, state))


def test_6_14_polish_reading_responds_from_two_cities(make_game: Callable[..., Game]) -> None:
    game = command_game(make_game, move__reinforce_distance=2)
    state = position(
        game,
        {"Narbo": ["Legio 7"], "Tarraco": ["Legio 5"], "Corduba": ["Legio 2"]},
        pompey=(1, 0),
    )
    play(game, state, "group(Narbo)", "move(Legio 7, Narbo, Tarraco)", "group(Corduba)")
    play(game, state, "move(Legio 2, Corduba, Carthago Nova, Tarraco)")
    assert command_record.private(state, "pompey")["reserves"] == {"Tarraco": ["Legio 2"]}
