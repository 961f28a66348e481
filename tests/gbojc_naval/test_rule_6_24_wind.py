"""GBoJC 6.21-6.24: the wind's strength and direction, and a sailing ship's speed."""

from __future__ import annotations

from framework.testing import GameUnderTest as Game
from games.gbojc_naval import movement, phases

from .conftest import context, empty_sea, put


def test_rule_6_21_the_scenario_sets_the_first_wind(game: Game) -> None:
    state = game.setup(seed=0)
    phases.set_wind(context(game, state))
    assert state["records"]["wind"] == {"strength": 3, "direction": "S", "calm": False}


def test_rule_6_24_a_3_strengthens_the_wind_by_2(game: Game) -> None:
    state = empty_sea(game, strength=3)
    phases.roll_wind(context(game, state, [1, 2]))
    assert state["records"]["wind"] == {"strength": 5, "direction": "S", "calm": False}


def test_rule_6_24_an_11_weakens_it_by_2(game: Game) -> None:
    state = empty_sea(game, strength=3)
    phases.roll_wind(context(game, state, [5, 6]))
    assert state["records"]["wind"] == {"strength": 1, "direction": "S", "calm": False}


def test_rule_6_24_a_12_is_dead_calm_strength_0(game: Game) -> None:
    """The legend: "„Martwa cisza” = Siła wiatru wynosi 0"; 6.22: no sailing ship moves."""
    state = empty_sea(game, strength=4)
    phases.roll_wind(context(game, state, [6, 6]))
    assert state["records"]["wind"] == {"strength": 0, "direction": "S", "calm": True}
    put(state, "Taranis", "2010", "S")
    assert movement.speed_limit(context(game, state), "Taranis") == 0


def test_rule_6_23_a_7_rolls_again_for_the_direction(game: Game) -> None:
    """7: strength 0 change; the second roll (2: "2 kraw. heksu w lewo") turns it 2 sides left."""
    state = empty_sea(game, strength=3, direction="S")
    phases.roll_wind(context(game, state, [3, 4, 1, 1]))
    assert state["records"]["wind"] == {"strength": 3, "direction": "NE", "calm": False}


def test_rule_6_23_a_7_then_a_9_turns_it_one_side_right(game: Game) -> None:
    state = empty_sea(game, strength=3, direction="S")
    phases.roll_wind(context(game, state, [3, 4, 4, 5]))
    assert state["records"]["wind"]["direction"] == "SW"


def test_rule_6_23_sailing_speed_by_facing(game: Game) -> None:
    """Wind 5 blowing south: astern 5, stern quarter 6, bow quarter 4, bow 3 (6.22-6.23)."""
    state = empty_sea(game, strength=5, direction="S")
    ctx = context(game, state)
    expected = {"S": 5, "SE": 6, "SW": 6, "NE": 4, "NW": 4, "N": 3}
    for facing, speed in expected.items():
        put(state, "Taranis", "2010", facing)
        assert movement.speed_limit(ctx, "Taranis") == speed, facing


def test_rule_7_1_cut_sails_immobilise_and_8_25_captured_sail_at_half_wind(game: Game) -> None:
    state = empty_sea(game, strength=5, direction="S")
    put(state, "Taranis", "2010", "S")
    state["pieces"]["Taranis"]["flags"] = ["captured"]
    assert movement.speed_limit(context(game, state), "Taranis") == 3
    state["pieces"]["Taranis"]["flags"] = ["immobilised"]
    assert movement.speed_limit(context(game, state), "Taranis") == 0
