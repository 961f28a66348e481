"""JC 6.2: navis move port to sea, sea to sea, sea to port, never port to port; one move
and attack, or two moves and no attack; a navis leaves a port with its location's group;
navis attack or respond only from an adjacent sea or port (ES reading, the default)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from framework.engine.state import State
from framework.testing import GameUnderTest as Game

from .test_rule_6_0_command_phase import at, command_game, play, position, texts


@pytest.fixture
def game(make_game: Callable[..., Game]) -> Game:
    return command_game(make_game)


def ends(game: Game, state: State, block: str, length: int) -> set[str]:
    return {
        str(a.args[-1])
        for a in game.legal_actions(state)
        if a.kind == "move" and a.args[0] == block and len(a.args) == length + 2
    }


def test_6_2_example_1_navis_from_massilia(game: Game) -> None:
    """A navis in Massilia reaches Mare Hispanum; without attacking, then Oceanus
    Atlanticus, Mare Tyrrhenum or any vacant or friendly port on Mare Hispanum."""
    state = position(game, {"Massilia": ["C Navis 1"]})
    play(game, state, "group(Massilia)")
    assert ends(game, state, "C Navis 1", 1) == {"Mare Hispanum"}
    assert ends(game, state, "C Navis 1", 2) == {
        "Oceanus Atlanticus",
        "Mare Tyrrhenum",
        "Utica",
        "Caralis",
        "Iomnium",
        "Siga",
        "Tingis",
        "Carthago Nova",
        "Tarraco",
        "Narbo",
        "Genua",
    }


def test_6_2_example_2_navis_from_mare_internum(game: Game) -> None:
    """From Mare Internum to Mare Aegaeum, then to Propontis, Mare Aegypticum, or the ports
    Creta, Athenae, Thessalonica, Aenos, Ephesus (Pergamum is no port)."""
    state = position(game, {"Mare Internum": ["C Navis 1"]})
    play(game, state, "group(Mare Internum)")
    via_aegaeum = {
        str(a.args[-1])
        for a in game.legal_actions(state)
        if a.kind == "move" and len(a.args) == 4 and a.args[2] == "Mare Aegaeum"
    }
    assert via_aegaeum == {
        "Propontis",
        "Mare Aegypticum",
        "Creta",
        "Athenae",
        "Thessalonica",
        "Aenos",
        "Ephesus",
    }
    assert {"Mare Tyrrhenum", "Mare Hadriaticum", "Mare Aegaeum", "Mare Aegypticum"} <= ends(
        game, state, "C Navis 1", 1
    )


def test_6_2_never_port_to_port(game: Game) -> None:
    state = position(game, {"Massilia": ["C Navis 1"]})
    play(game, state, "group(Massilia)")
    assert "move(C Navis 1, Massilia, Narbo)" not in texts(game, state)
    assert "move(C Navis 1, Massilia, Mare Hispanum, Narbo)" in texts(game, state)


def test_6_2_navis_attack_after_one_move_only(game: Game) -> None:
    state = position(
        game,
        {
            "Massilia": ["C Navis 1"],
            "Mare Hispanum": ["C Navis 2"],
            "Mare Tyrrhenum": ["P Navis 1"],
        },
        caesar=(2, 0),
    )
    play(game, state, "group(Massilia)")
    assert "Mare Tyrrhenum" not in ends(game, state, "C Navis 1", 2)
    play(game, state, "end_group", "group(Mare Hispanum)")
    play(game, state, "move(C Navis 2, Mare Hispanum, Mare Tyrrhenum)")
    assert state["records"]["battles"] == ["Mare Tyrrhenum"]


def test_6_2_navis_leaves_port_with_the_land_group(game: Game) -> None:
    state = position(game, {"Massilia": ["Legio 11", "C Navis 1"]})
    play(game, state, "group(Massilia)", "move(Legio 11, Massilia, Genua)")
    play(game, state, "move(C Navis 1, Massilia, Mare Hispanum, Genua)")
    assert (at(state, "Legio 11"), at(state, "C Navis 1")) == ("Genua", "Genua")


def test_6_2_navis_attack_a_port_from_the_sea(game: Game) -> None:
    state = position(game, {"Mare Hispanum": ["C Navis 1"], "Tarraco": ["Legio 5"]})
    play(game, state, "group(Mare Hispanum)")
    assert "move(C Navis 1, Mare Hispanum, Tarraco)" in texts(game, state)


def test_6_2_polish_reading_navis_attack_seas_only(make_game: Callable[..., Game]) -> None:
    game = command_game(make_game, navis__attack_ports=False)
    state = position(game, {"Mare Hispanum": ["C Navis 1"], "Tarraco": ["Legio 5"]})
    play(game, state, "group(Mare Hispanum)")
    assert "move(C Navis 1, Mare Hispanum, Tarraco)" not in texts(game, state)
    assert "move(C Navis 1, Mare Hispanum, Narbo)" in texts(game, state)


def test_6_2_navis_attack_a_sea_from_a_port(game: Game) -> None:
    state = position(game, {"Massilia": ["C Navis 1"], "Mare Hispanum": ["P Navis 3"]})
    play(game, state, "group(Massilia)")
    assert texts(game, state) == ["end_group", "move(C Navis 1, Massilia, Mare Hispanum)"]
