"""JC 2.1 cards Mars, Mercury, Pluto, Neptune (printed card readings): ``group_move`` moves
one group. Mars: no navis, no sea moves. Mercury: three cities, or two and attack. Pluto:
attacks use raised road limits (strait 2, minor 3, major 6), other moves the normal ones.
Neptune: only the navis of one group. The record names what the battle phase needs."""

from __future__ import annotations

from typing import Any

import pytest

from framework.gamedef import GameDef
from framework.testing import GameUnderTest as Game
from framework.testing import rules_game
from games.julius_caesar import command_record

from .test_rule_6_0_command_phase import at, play, position, texts


def event_game(jc: GameDef, mode: str, side: str = "caesar", **changes: Any) -> Game:
    """The event's group move as the one step, with the shipped rules' parameters (some
    changed where a test says so)."""
    params = {name.replace("__", "."): value for name, value in changes.items()}
    step = f'group_move(side: "{side}", mode: "{mode}")'
    return rules_game("julius_caesar", steps=[step], params=params)


SIX = ["Legio 8", "Legio 11", "Legio 12", "Legio 13", "Legio 14", "Legio 16"]


def test_mars_moves_one_group_without_navis(jc: GameDef) -> None:
    game = event_game(jc, "mars")
    state = position(
        game,
        {
            "Massilia": ["Legio 11", "C Navis 1"],
            "Mare Hispanum": ["C Navis 2"],
            "Narbo": ["Legio 7"],
            "Genua": ["Legio 1"],
        },
    )
    assert texts(game, state) == ["end_moves", "group(Massilia)", "group(Narbo)"]  # no sea moves
    play(game, state, "group(Massilia)")
    assert not any("Navis" in a for a in texts(game, state))
    play(game, state, "move(Legio 11, Massilia, Genua)")
    assert game.is_over(state)  # one group only: Narbo does not move
    assert command_record.public(state)["event_group"] == {
        "side": "caesar",
        "mode": "mars",
        "from": "Massilia",
        "attacked": ["Genua"],
        "location": "Genua",
        "count": 1,
    }
    detail = command_record.event_group_detail(state)
    assert detail is not None and detail["blocks"] == ["Legio 11"]


def test_mercury_three_cities_or_two_and_attack(jc: GameDef) -> None:
    game = event_game(jc, "mercury")
    state = position(game, {"Massilia": ["Legio 11"], "Neapolis": ["Legio 1"]})
    play(game, state, "group(Massilia)")
    actions = texts(game, state)
    assert "move(Legio 11, Massilia, Genua, Roma, Asculum)" in actions
    assert "move(Legio 11, Massilia, Genua, Roma, Neapolis)" not in actions  # attack at 3
    assert "move(Legio 11, Massilia, Narbo, Tarraco, Carthago Nova)" in actions


def test_mercury_example_attacks_tarraco_and_genua_in_two_waves(jc: GameDef) -> None:
    """Rulebook 6.12 note: with Mercury the 6 blocks in Massilia may attack Tarraco, and
    Genua in two waves (4 by the major road, 2 through Lugdunum by the minor road)."""
    game = event_game(jc, "mercury")
    state = position(
        game,
        {"Massilia": SIX, "Tarraco": ["Legio 5"], "Genua": ["Legio 1", "Legio 3", "Legio 4"]},
    )
    play(game, state, "group(Massilia)")
    assert "move(Legio 8, Massilia, Narbo, Tarraco)" in texts(game, state)
    for block in SIX[:4]:
        play(game, state, f"move({block}, Massilia, Genua)")
    for block in SIX[4:]:
        play(game, state, f"move({block}, Massilia, Lugdunum, Genua)")
    assert texts(game, state) == ["main(Genua, Lugdunum)", "main(Genua, Massilia)"]
    play(game, state, "main(Genua, Massilia)")
    found = command_record.attack(state, "Genua")
    assert found is not None and found["reserves"] == {"caesar": 2, "pompey": 0}
    assert command_record.public(state)["event_group"]["count"] == 6


def test_pluto_raises_the_limits_of_attacks(jc: GameDef) -> None:
    game = event_game(jc, "pluto")
    state = position(game, {"Genua": SIX, "Roma": ["Legio 1"]})
    play(game, state, "group(Genua)")
    for block in SIX:
        play(game, state, f"move({block}, Genua, Roma)")
    assert {at(state, b) for b in SIX} == {"Roma"}
    assert command_record.road_used(state, "caesar", "Genua|Roma") == 6


def test_pluto_keeps_normal_limits_when_not_attacking(jc: GameDef) -> None:
    game = event_game(jc, "pluto")
    state = position(game, {"Genua": SIX})
    play(game, state, "group(Genua)")
    for block in SIX[:4]:
        play(game, state, f"move({block}, Genua, Roma)")
    assert not any(", Genua, Roma" in a for a in texts(game, state))


def test_pluto_minor_road_three_attackers(jc: GameDef) -> None:
    game = event_game(jc, "pluto")
    state = position(
        game, {"Ravenna": ["Caesar", "Legio 13", "Legio 14", "Legio 16"], "Roma": ["Legio 1"]}
    )
    play(game, state, "group(Ravenna)")
    for block in ("Caesar", "Legio 13", "Legio 14"):
        play(game, state, f"move({block}, Ravenna, Roma)")
    assert "move(Legio 16, Ravenna, Roma)" not in texts(game, state)


def test_neptune_moves_only_the_navis_of_one_group(jc: GameDef) -> None:
    game = event_game(jc, "neptune")
    state = position(
        game,
        {
            "Massilia": ["Legio 11", "C Navis 1"],
            "Mare Hispanum": ["P Navis 3"],
            "Narbo": ["Legio 7"],
        },
    )
    assert texts(game, state) == ["end_moves", "group(Massilia)"]
    play(game, state, "group(Massilia)")
    assert texts(game, state) == ["end_group", "move(C Navis 1, Massilia, Mare Hispanum)"]
    play(game, state, "move(C Navis 1, Massilia, Mare Hispanum)")
    detail = command_record.event_group_detail(state)
    assert detail is not None
    assert (detail["mode"], detail["location"], detail["blocks"]) == (
        "neptune",
        "Mare Hispanum",
        ["C Navis 1"],
    )


def test_group_move_rejects_an_unknown_mode(jc: GameDef) -> None:
    game = event_game(jc, "jupiter")
    with pytest.raises(ValueError, match="mode must be one of"):
        position(game, {"Massilia": ["Legio 11"]})
