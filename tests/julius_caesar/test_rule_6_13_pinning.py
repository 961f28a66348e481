"""JC 6.13: attacking blocks (not reserves) pin as many defenders, chosen by the defender;
unpinned blocks may move, even attack, but never along a road or sea border the attacker
used. The defender chooses by moving the unpinned blocks away."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from framework.testing import GameUnderTest as Game

from .test_rule_6_0_command_phase import at, command_game, play, position, texts
from .test_rule_6_12_attacks import roma_attacked_from_genua_and_ravenna

DEFENDERS = ["Legio 1", "Legio 3", "Legio 4", "Legio 5", "Pompeius"]


@pytest.fixture
def game(make_game: Callable[..., Game]) -> Game:
    return command_game(make_game)


def test_6_13_example_one_block_of_five_may_leave_roma(game: Game) -> None:
    """Rulebook example: 4 from Genua (main attack) pin 4 of Roma's 5 defenders; 1 may leave,
    not by the Genua or Ravenna roads.

    Roma's roads: Genua (major), Neapolis (major), Asculum (minor), Ravenna (minor); the
    attacker used Genua and Ravenna, leaving 7 paths: Neapolis, and on to Brundisium,
    Rhegium or Sipontum; Asculum, and on to Ravenna (vacant now) or Sipontum. Any of the 5
    blocks may be the one: 5 x 7 = 35 moves, and end_group.
    """
    state = roma_attacked_from_genua_and_ravenna(game)
    play(game, state, "main(Roma, Genua)")
    assert texts(game, state) == ["end_moves", "group(Roma)"]
    play(game, state, "group(Roma)")
    actions = texts(game, state)
    assert len(actions) == 36
    assert sorted({a.split(", ", 1)[1] for a in actions if a != "end_group"}) == [
        "Roma, Asculum)",
        "Roma, Asculum, Ravenna)",
        "Roma, Asculum, Sipontum)",
        "Roma, Neapolis)",
        "Roma, Neapolis, Brundisium)",
        "Roma, Neapolis, Rhegium)",
        "Roma, Neapolis, Sipontum)",
    ]
    play(game, state, "move(Pompeius, Roma, Neapolis)")
    assert game.is_over(state)  # the other 4 are pinned: the group and the MP are spent
    assert [at(state, b) for b in DEFENDERS] == ["Roma"] * 4 + ["Neapolis"]


def test_6_13_reserves_pin_nothing(game: Game) -> None:
    """With Ravenna named the main attack, only its 2 blocks pin: 3 defenders may leave."""
    state = roma_attacked_from_genua_and_ravenna(game)
    play(game, state, "main(Roma, Ravenna)", "group(Roma)")
    for block in ("Legio 1", "Legio 3", "Legio 4"):
        play(game, state, f"move({block}, Roma, Neapolis)")
    assert game.is_over(state)
    assert [at(state, b) for b in ("Legio 5", "Pompeius")] == ["Roma", "Roma"]


def test_6_13_all_pinned_when_attackers_outnumber(game: Game) -> None:
    state = position(
        game,
        {"Genua": ["Legio 8", "Legio 11", "Legio 12"], "Roma": ["Legio 1", "Legio 3"]},
        pompey=(1, 0),
    )
    play(game, state, "group(Genua)")
    for block in ("Legio 8", "Legio 11", "Legio 12"):
        play(game, state, f"move({block}, Genua, Roma)")
    assert game.is_over(state)  # Pompeius has no legal group: his moves end at once


def test_6_13_unpinned_block_may_attack(game: Game) -> None:
    """An unpinned defender attacks Caesar's Neapolis, by a road the attacker did not use."""
    state = position(
        game,
        {
            "Genua": ["Legio 8"],
            "Neapolis": ["Legio 18"],
            "Roma": ["Legio 1", "Legio 3"],
        },
        pompey=(1, 0),
    )
    play(game, state, "group(Genua)", "move(Legio 8, Genua, Roma)", "group(Roma)")
    assert "move(Legio 1, Roma, Neapolis)" in texts(game, state)
    assert "move(Legio 1, Roma, Genua)" not in texts(game, state)
    play(game, state, "move(Legio 1, Roma, Neapolis)")
    assert state["records"]["battles"] == ["Roma", "Neapolis"]
    assert state["records"]["command"]["attacks"]["Neapolis"]["attacker"] == "pompey"
