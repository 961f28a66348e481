"""JC 6.11, 4.3.1, 4.3.2: road limits per side per turn: major 4, minor 2 (the Polish table's
3 is a variant), strait 2, or 1 when the city across is defended; sea borders unlimited."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from framework.testing import GameUnderTest as Game
from games.julius_caesar import command_record

from .test_rule_6_0_command_phase import at, command_game, play, position, texts

GENUA_SIX = ["Legio 8", "Legio 11", "Legio 12", "Legio 13", "Legio 14", "Legio 16"]


@pytest.fixture
def game(make_game: Callable[..., Game]) -> Game:
    return command_game(make_game)


def test_6_11_example_four_blocks_genua_to_roma(game: Game) -> None:
    """At most 4 blocks move from Genua to Roma (major road)."""
    state = position(game, {"Genua": GENUA_SIX})
    play(game, state, "group(Genua)")
    for block in GENUA_SIX[:4]:
        play(game, state, f"move({block}, Genua, Roma)")
    actions = texts(game, state)
    assert not any(", Genua, Roma" in a for a in actions)
    assert "move(Legio 14, Genua, Ravenna)" in actions
    assert command_record.road_used(state, "caesar", "Genua|Roma") == 4


def test_6_11_example_two_blocks_ravenna_to_roma(game: Game) -> None:
    """One or two blocks move from Ravenna to Roma (minor road)."""
    state = position(game, {"Ravenna": ["Caesar", "Legio 13", "Legio 14"]})
    play(game, state, "group(Ravenna)", "move(Caesar, Ravenna, Roma)")
    play(game, state, "move(Legio 13, Ravenna, Roma)")
    assert not any("Ravenna, Roma" in a for a in texts(game, state))


def test_6_11_polish_table_minor_limit_three(make_game: Callable[..., Game]) -> None:
    game = command_game(make_game, road_limit__minor=3)
    state = position(game, {"Ravenna": ["Caesar", "Legio 13", "Legio 14"]})
    play(game, state, "group(Ravenna)")
    for block in ("Caesar", "Legio 13", "Legio 14"):
        play(game, state, f"move({block}, Ravenna, Roma)")
    assert [at(state, b) for b in ("Caesar", "Legio 13", "Legio 14")] == ["Roma"] * 3


def test_6_11_limit_counts_both_directions_and_every_group(game: Game) -> None:
    """One block Ravenna -> Roma and one Roma -> Ravenna fill the minor road for the turn."""
    state = position(
        game, {"Ravenna": ["Legio 13"], "Roma": ["Legio 17", "Legio 18"]}, caesar=(2, 0)
    )
    play(game, state, "group(Ravenna)", "move(Legio 13, Ravenna, Roma)")
    play(game, state, "group(Roma)", "move(Legio 17, Roma, Ravenna)")
    assert command_record.road_used(state, "caesar", "Ravenna|Roma") == 2
    actions = texts(game, state)
    assert "move(Legio 18, Roma, Asculum, Ravenna)" in actions
    assert not any(a.startswith("move(Legio 18, Roma, Ravenna") for a in actions)


def test_6_11_example_each_side_has_its_own_limit(game: Game) -> None:
    """Player 1 moves 4 blocks Massilia -> Genua -> Ravenna; Player 2 then moves 4 blocks
    Roma -> Genua -> Massilia along the same road."""
    caesars = ["Legio 8", "Legio 11", "Legio 12", "Legio 14"]
    pompeys = ["Legio 1", "Legio 2", "Legio 3", "Legio 4"]
    state = position(game, {"Massilia": caesars, "Roma": pompeys}, caesar=(1, 0), pompey=(1, 0))
    play(game, state, "group(Massilia)")
    for block in caesars:
        play(game, state, f"move({block}, Massilia, Genua, Ravenna)")
    play(game, state, "group(Roma)")
    for block in pompeys:
        play(game, state, f"move({block}, Roma, Genua, Massilia)")
    assert {at(state, b) for b in caesars} == {"Ravenna"}
    assert {at(state, b) for b in pompeys} == {"Massilia"}
    assert command_record.public(state)["road_use"] == {
        "caesar": {"Genua|Massilia": 4, "Genua|Ravenna": 4},
        "pompey": {"Genua|Massilia": 4, "Genua|Roma": 4},
    }


def test_4_3_2_two_blocks_cross_a_strait(game: Game) -> None:
    state = position(game, {"Rhegium": ["Legio 18", "Legio 19", "Legio 20"]})
    play(game, state, "group(Rhegium)", "move(Legio 18, Rhegium, Messana)")
    play(game, state, "move(Legio 19, Rhegium, Messana, Syracusae)")
    assert not any("Rhegium, Messana" in a for a in texts(game, state))


def test_4_3_2_one_block_crosses_into_a_defended_city(game: Game) -> None:
    state = position(game, {"Rhegium": ["Legio 18", "Legio 19"], "Messana": ["Legio 37"]})
    play(game, state, "group(Rhegium)", "move(Legio 18, Rhegium, Messana)")
    assert texts(game, state) == [
        "end_group",
        "move(Legio 19, Rhegium, Neapolis)",
        "move(Legio 19, Rhegium, Neapolis, Brundisium)",
        "move(Legio 19, Rhegium, Neapolis, Roma)",
        "move(Legio 19, Rhegium, Neapolis, Sipontum)",
    ]


def test_6_11_sea_borders_have_no_limit(game: Game) -> None:
    navis = [f"C Navis {n}" for n in range(1, 6)]
    state = position(game, {"Massilia": navis})
    play(game, state, "group(Massilia)")
    for block in navis:
        play(game, state, f"move({block}, Massilia, Mare Hispanum)")
    assert {at(state, b) for b in navis} == {"Mare Hispanum"}
