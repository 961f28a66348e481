"""JC 6.12, 7.3: attacks come only from adjacent locations; each road or sea border used
to attack costs its own move point; the attacker names the main attack, the other
roads bring reserves. The record the battle phase reads is checked key by key."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from framework.engine.state import State
from framework.testing import GameUnderTest as Game
from games.julius_caesar import command_record

from .test_rule_6_0_command_phase import at, command_game, play, position, texts

SIX = ["Legio 8", "Legio 11", "Legio 12", "Legio 13", "Legio 14", "Legio 16"]
CAESAR_SIX_IN_MASSILIA = {
    "Massilia": SIX,
    "Tarraco": ["Legio 5", "Legio 6", "P Equitatus 1"],
    "Genua": ["Legio 1", "Legio 3", "Legio 4"],
}


@pytest.fixture
def game(make_game: Callable[..., Game]) -> Game:
    return command_game(make_game)


def test_6_12_example_six_blocks_cannot_attack_tarraco(game: Game) -> None:
    """Caesar's 6 blocks in Massilia cannot attack Tarraco: it is two cities away."""
    state = position(game, CAESAR_SIX_IN_MASSILIA)
    play(game, state, "group(Massilia)")
    assert not any(a.endswith("Tarraco)") for a in texts(game, state))


def test_6_12_example_at_most_four_attack_genua(game: Game) -> None:
    """Genua is adjacent: 4 blocks attack it (major road); the other 2 cannot attack it
    through Lugdunum, which would be a double move."""
    state = position(game, CAESAR_SIX_IN_MASSILIA)
    play(game, state, "group(Massilia)")
    for block in SIX[:4]:
        play(game, state, f"move({block}, Massilia, Genua)")
    assert texts(game, state) == [
        "end_group",
        "move(Legio 14, Massilia, Lugdunum)",
        "move(Legio 14, Massilia, Lugdunum, Cenabum)",
        "move(Legio 14, Massilia, Lugdunum, Treviri)",
        "move(Legio 14, Massilia, Narbo)",
        "move(Legio 14, Massilia, Narbo, Burdigala)",
        "move(Legio 16, Massilia, Lugdunum)",
        "move(Legio 16, Massilia, Lugdunum, Cenabum)",
        "move(Legio 16, Massilia, Lugdunum, Treviri)",
        "move(Legio 16, Massilia, Narbo)",
        "move(Legio 16, Massilia, Narbo, Burdigala)",
    ]


def test_6_12_attack_record(game: Game) -> None:
    state = position(game, CAESAR_SIX_IN_MASSILIA)
    play(game, state, "group(Massilia)", "move(Legio 8, Massilia, Genua)")
    play(game, state, "move(Legio 11, Massilia, Genua)", "end_group")
    assert command_record.public(state)["attacks"] == {
        "Genua": {
            "attacker": "caesar",
            "defender": "pompey",
            "roads": ["Genua|Massilia"],
            "origins": {"Genua|Massilia": "Massilia"},
            "arrivals": {"Genua|Massilia": 2},
            "main": "Genua|Massilia",
            "pinned": 2,
            "responses": {},
            "reserves": {"caesar": 0, "pompey": 0},
        }
    }
    assert command_record.private(state, "caesar")["arrivals"] == {
        "Genua": {"Legio 8": "Genua|Massilia", "Legio 11": "Genua|Massilia"}
    }


def roma_attacked_from_genua_and_ravenna(game: Game) -> State:
    """Rulebook 6.13 example: 5 blocks defend Roma; 4 attack from Genua, 2 from Ravenna."""
    state = position(
        game,
        {
            "Genua": ["Antonius", "Legio 8", "Legio 11", "Legio 12"],
            "Ravenna": ["Caesar", "Legio 13"],
            "Roma": ["Pompeius", "Legio 1", "Legio 3", "Legio 4", "Legio 5"],
        },
        caesar=(2, 0),
        pompey=(1, 0),
    )
    play(game, state, "group(Genua)")
    for block in ("Antonius", "Legio 8", "Legio 11", "Legio 12"):
        play(game, state, f"move({block}, Genua, Roma)")
    play(game, state, "group(Ravenna)", "move(Caesar, Ravenna, Roma)")
    play(game, state, "move(Legio 13, Ravenna, Roma)")
    return state


def test_6_12_two_roads_cost_two_moves_then_the_main_attack_is_named(game: Game) -> None:
    state = roma_attacked_from_genua_and_ravenna(game)
    prompt = game.prompt(state)
    assert prompt is not None and (prompt.side, prompt.kind) == ("caesar", "main")
    assert texts(game, state) == ["main(Roma, Genua)", "main(Roma, Ravenna)"]
    play(game, state, "main(Roma, Genua)")
    found = command_record.attack(state, "Roma")
    assert found is not None
    assert (found["main"], found["pinned"], found["reserves"]) == (
        "Genua|Roma",
        4,
        {"caesar": 2, "pompey": 0},
    )
    assert found["roads"] == ["Genua|Roma", "Ravenna|Roma"]
    assert found["arrivals"] == {"Genua|Roma": 4, "Ravenna|Roma": 2}
    assert command_record.private(state, "caesar")["reserves"] == {"Roma": ["Caesar", "Legio 13"]}


def test_7_3_attack_detail_for_the_battle_phase(game: Game) -> None:
    state = roma_attacked_from_genua_and_ravenna(game)
    play(game, state, "main(Roma, Ravenna)")
    detail = command_record.attack_detail(state, "Roma")
    assert detail is not None
    assert detail["main"] == "Ravenna|Roma"
    assert detail["pinned"] == 2
    assert detail["reserve_blocks"] == {
        "caesar": ["Antonius", "Legio 11", "Legio 12", "Legio 8"],
        "pompey": [],
    }
    assert detail["origins_by_block"] == {
        "Antonius": "Genua",
        "Legio 8": "Genua",
        "Legio 11": "Genua",
        "Legio 12": "Genua",
        "Caesar": "Ravenna",
        "Legio 13": "Ravenna",
    }


def test_3_0_public_record_names_no_block(game: Game) -> None:
    state = roma_attacked_from_genua_and_ravenna(game)
    play(game, state, "main(Roma, Genua)")
    public = {
        name: value
        for name, value in state["records"].items()
        if game.definition.records[name].visible_to == "all"
    }
    text = json.dumps(public)
    assert not any(block in text for block in game.definition.pieces if block != "Roma")


def test_6_12_attack_by_land_and_sea_borders(game: Game) -> None:
    """A navis from the sea and a legion by road attack one port: two ways in, two MP."""
    state = position(
        game,
        {
            "Mare Hispanum": ["C Navis 1"],
            "Narbo": ["Legio 7"],
            "Tarraco": ["Legio 5"],
        },
        caesar=(2, 0),
    )
    play(game, state, "group(Mare Hispanum)", "move(C Navis 1, Mare Hispanum, Tarraco)")
    play(game, state, "group(Narbo)", "move(Legio 7, Narbo, Tarraco)")
    assert texts(game, state) == ["main(Tarraco, Mare Hispanum)", "main(Tarraco, Narbo)"]
    play(game, state, "main(Tarraco, Narbo)")
    assert command_record.private(state, "caesar")["reserves"] == {"Tarraco": ["C Navis 1"]}
    assert at(state, "C Navis 1") == "Tarraco"
