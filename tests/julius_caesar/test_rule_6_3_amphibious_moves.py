"""JC 6.3: sea moves: 1 MP per land block, port to a friendly or vacant port through one or
more friendly seas; before any other move; one navis stays in each sea crossed; never into
an enemy or contested port; unpinned blocks in a contested port may sail."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from framework.engine.state import State
from framework.testing import GameUnderTest as Game
from games.julius_caesar import command_record

from .test_rule_6_0_command_phase import at, command_game, play, position, texts

THREE_SEAS = {
    "Mare Tyrrhenum": ["C Navis 1"],
    "Mare Internum": ["C Navis 2"],
    "Mare Aegypticum": ["C Navis 3"],
}
TO_ANTIOCHIA = "Roma, Mare Tyrrhenum, Mare Internum, Mare Aegypticum, Antiochia"


@pytest.fixture
def game(make_game: Callable[..., Game]) -> Game:
    return command_game(make_game)


def three_seas(game: Game, moves: int = 2, **more: list[str]) -> State:
    return position(
        game, {"Roma": ["Legio 17", "Legio 18"], **THREE_SEAS, **more}, caesar=(moves, 0)
    )


def test_6_3_example_roma_to_antiochia(game: Game) -> None:
    """Caesar, a navis in each of three adjacent friendly seas, spends 2 MP to move two
    legions from Roma to vacant Antiochia by sea."""
    state = three_seas(game)
    play(game, state, f"sail(Legio 17, {TO_ANTIOCHIA})", f"sail(Legio 18, {TO_ANTIOCHIA})")
    assert (at(state, "Legio 17"), at(state, "Legio 18")) == ("Antiochia", "Antiochia")
    assert game.is_over(state)  # 2 MP spent
    seas = ["Mare Tyrrhenum", "Mare Internum", "Mare Aegypticum"]
    assert (
        command_record.public(state)["sea_moves"]
        == [{"side": "caesar", "from": "Roma", "seas": seas, "to": "Antiochia"}] * 2
    )
    assert command_record.held_seas(state, "caesar") == seas


def test_6_3_sea_moves_come_before_other_moves(game: Game) -> None:
    state = three_seas(game, moves=3)
    assert any(a.startswith("sail(") for a in texts(game, state))
    play(game, state, "group(Mare Aegypticum)", "end_group")
    assert not any(a.startswith("sail(") for a in texts(game, state))


def test_6_3_one_navis_stays_in_each_sea_crossed(game: Game) -> None:
    state = three_seas(game, moves=3)
    play(game, state, "sail(Legio 17, Roma, Mare Tyrrhenum, Neapolis)")
    groups = [a for a in texts(game, state) if a.startswith("group(")]
    # not group(Mare Tyrrhenum): its only navis must stay
    assert groups == ["group(Mare Aegypticum)", "group(Mare Internum)", "group(Roma)"]


def test_6_3_a_second_navis_may_leave_a_crossed_sea(game: Game) -> None:
    state = position(
        game, {"Roma": ["Legio 17"], "Mare Tyrrhenum": ["C Navis 1", "C Navis 2"]}, caesar=(2, 0)
    )
    play(game, state, "sail(Legio 17, Roma, Mare Tyrrhenum, Neapolis)", "group(Mare Tyrrhenum)")
    play(game, state, "move(C Navis 1, Mare Tyrrhenum, Mare Internum)")
    assert game.is_over(state)  # C Navis 2 stays: the group had nothing more to move
    assert at(state, "C Navis 2") == "Mare Tyrrhenum"


def test_6_3_never_into_an_enemy_or_contested_port(game: Game) -> None:
    state = three_seas(game, Antiochia=["Legio 34"])
    assert not any(a.endswith("Antiochia)") for a in texts(game, state))
    assert f"sail(Legio 17, {TO_ANTIOCHIA.replace('Antiochia', 'Tarsus')})" in texts(game, state)


def test_6_3_only_through_friendly_seas(game: Game) -> None:
    """Pompeius' navis in Mare Internum makes it enemy: no route goes through it."""
    state = position(
        game,
        {"Roma": ["Legio 17"], "Mare Tyrrhenum": ["C Navis 1"], "Mare Internum": ["P Navis 1"]},
    )
    sails = [a for a in texts(game, state) if a.startswith("sail(")]
    assert sails == [
        f"sail(Legio 17, Roma, Mare Tyrrhenum, {port})"
        for port in (
            "Aleria",
            "Caralis",
            "Genua",
            "Lilybaeum",
            "Messana",
            "Neapolis",
            "Rhegium",
            "Utica",
        )
    ]


def test_6_3_one_move_point_per_block(game: Game) -> None:
    state = three_seas(game, moves=1)
    play(game, state, f"sail(Legio 17, {TO_ANTIOCHIA})")
    assert game.is_over(state)
    assert at(state, "Legio 18") == "Roma"


def test_6_3_unpinned_blocks_may_sail_from_a_contested_port(game: Game) -> None:
    """Legio 13 pins one of Neapolis's two defenders; the other may sail away."""
    state = position(
        game,
        {
            "Roma": ["Legio 13"],
            "Neapolis": ["Legio 1", "Legio 3"],
            "Mare Tyrrhenum": ["P Navis 1"],
        },
        pompey=(2, 0),
    )
    play(game, state, "group(Roma)", "move(Legio 13, Roma, Neapolis)")
    sails = [a for a in texts(game, state) if a.startswith("sail(")]
    assert len(sails) == 16  # 2 blocks x 8 ports on Mare Tyrrhenum (Roma vacant now)
    play(game, state, "sail(Legio 1, Neapolis, Mare Tyrrhenum, Utica)")
    assert not any(a.startswith("sail(") for a in texts(game, state))
