"""GBoJC 6.21-6.24: the wind's strength and direction, and a sailing ship's speed.

The wind is rolled at the start of every turn but the first (phase A); each test starts at
that step, and the turn goes on to its initiative (Romans 6, Veneti 1)."""

from __future__ import annotations

from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.gbojc_naval import queries
from legatus.games.gbojc_naval.queries import Wind

from .conftest import NAVAL, sea

INITIATIVE = (6, 1)


def wind_roll(play_from: PlayFrom, strength: int, direction: str, *rolls: list[int]) -> Kit:
    """Turn 2's wind roll (``rolls``: the strength roll, and after a 7 the direction's), from
    the wind ``strength`` towards ``direction``."""
    position = sea({}, step="roll_wind", turn=2, wind=(strength, direction))
    return play_from(NAVAL, position, dice=[*rolls, *INITIATIVE])


def test_rule_6_21_the_scenario_sets_the_first_wind(play_from: PlayFrom) -> None:
    """The game's first step (the scenario's start) sets the wind; turn 1 rolls none."""
    kit = play_from(NAVAL, dice=INITIATIVE)
    assert queries.wind(kit) == Wind(strength=3, direction="S", calm=False)


def test_rule_6_24_a_3_strengthens_the_wind_by_2(play_from: PlayFrom) -> None:
    assert queries.wind(wind_roll(play_from, 3, "S", [1, 2])) == Wind(5, "S", False)


def test_rule_6_24_an_11_weakens_it_by_2(play_from: PlayFrom) -> None:
    assert queries.wind(wind_roll(play_from, 3, "S", [5, 6])) == Wind(1, "S", False)


def test_rule_6_24_a_12_is_dead_calm_strength_0(play_from: PlayFrom) -> None:
    """The legend: "„Martwa cisza” = Siła wiatru wynosi 0"; 6.22: no sailing ship moves."""
    kit = play_from(
        NAVAL,
        sea({"Taranis": ("2010", "S")}, step="roll_wind", turn=2, wind=(4, "S")),
        dice=[[6, 6], *INITIATIVE],
    )
    assert queries.wind(kit) == Wind(0, "S", True)
    assert queries.speed_limit(kit, "Taranis") == 0


def test_rule_6_23_a_7_rolls_again_for_the_direction(play_from: PlayFrom) -> None:
    """7: strength 0 change; the second roll (2: "2 kraw. heksu w lewo") turns it 2 sides left."""
    assert queries.wind(wind_roll(play_from, 3, "S", [3, 4], [1, 1])) == Wind(3, "NE", False)


def test_rule_6_23_a_7_then_a_9_turns_it_one_side_right(play_from: PlayFrom) -> None:
    assert queries.wind(wind_roll(play_from, 3, "S", [3, 4], [4, 5])).direction == "SW"


def test_rule_6_23_sailing_speed_by_facing(play_from: PlayFrom) -> None:
    """Wind 5 blowing south: astern 5, stern quarter 6, bow quarter 4, bow 3 (6.22-6.23);
    Taranis, activated, may announce that many points."""
    expected = {"S": 5, "SE": 6, "SW": 6, "NE": 4, "NW": 4, "N": 3}
    for facing, speed in expected.items():
        kit = play_from(
            NAVAL,
            sea(
                {"Taranis": ("2010", facing)},
                wind=(5, "S"),
                records={"first": "veneti", "individual": ["Taranis"]},
            ),
        )
        assert queries.speed_limit(kit, "Taranis") == speed, facing
        kit.dice(6).act("activate(Taranis)", "act(Taranis)")
        assert kit.legal()[-1] == f"speed({speed})", facing


def test_rule_7_1_cut_sails_immobilise_and_8_25_captured_sail_at_half_wind(
    play_from: PlayFrom,
) -> None:
    """Wind 5: a captured sailing ship sails at half of it, rounded up (3); one whose sails
    are cut does not sail at all."""
    for flag, speed in (("captured", 3), ("immobilised", 0)):
        kit = play_from(
            NAVAL,
            sea({"Taranis": ("2010", "S")}, wind=(5, "S"), pieces={"Taranis": {"flags": [flag]}}),
        )
        assert queries.speed_limit(kit, "Taranis") == speed, flag
