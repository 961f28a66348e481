"""GBoJC 6.42-6.45: the fatigue test of galleys at maximum speed, its effects and recovery."""

from __future__ import annotations

from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.gbojc_naval import queries

from .conftest import NAVAL, activate, individual, sea


def row_north(play_from: PlayFrom, points: int, roll: int) -> Kit:
    """Aquila (bireme C3, CR 4, MX 6) at maximum speed rows ``points`` hexes north; the
    fatigue test at the end of its movement rolls ``roll``."""
    kit = individual(
        play_from, {"Aquila": ("2020", "N")}, ["Aquila"], attrs={"Aquila": {"speed": "max"}}
    )
    activate(kit, "Aquila").act(f"speed({points})")
    kit.dice(roll)
    return kit.act(*(f'row("20{row:02d}")' for row in range(19, 19 - points, -1)))


def test_rule_6_43_example_six_points_and_a_5_is_fatigued_2(play_from: PlayFrom) -> None:
    """6.43: cruise 4, maximum 6, C3; 6 MP spent (+2) and a roll of 5: "Fatigued-2"."""
    kit = row_north(play_from, 6, 5)
    assert kit.over  # its move, the last turn and the game are over
    assert queries.ship(kit, "Aquila").fatigue == 2
    assert "Aquila fatigue test: roll 5+2 -> Z2" in kit.log()


def test_rule_6_43_example_five_points_and_a_3_is_no_effect(play_from: PlayFrom) -> None:
    """6.43: 5 MP (+1) and a roll of 3 is a 4 on the C3 column: no effect."""
    kit = row_north(play_from, 5, 3)
    assert queries.ship(kit, "Aquila").fatigue == 0


def test_rule_6_44_fatigued_2_galley_moves_at_most_2_and_never_at_maximum(
    play_from: PlayFrom,
) -> None:
    """6.44 example: the Fatigued-2 galley of 6.43 reaches at most 2 next turn; 6.12: it
    cannot be set to maximum speed (the speed phase does not ask about it). At Fatigued-4,
    "always at least one hex"."""
    for fatigue, top in ((2, 2), (4, 1)):
        kit = individual(
            play_from, {"Aquila": ("2020", "N")}, ["Aquila"], attrs={"Aquila": {"fatigue": fatigue}}
        )
        assert not queries.may_use_maximum(kit, "Aquila")
        assert queries.speed_limit(kit, "Aquila") == top
        activate(kit, "Aquila")
        assert kit.legal() == [f"speed({n})" for n in range(top + 1)]


def test_rule_6_45_recovery_lowers_each_marker_by_one(play_from: PlayFrom) -> None:
    """The status phase (G/2): Aquila's Fatigued-1 goes, Lupa's Fatigued-3 becomes 2."""
    kit = play_from(
        NAVAL,
        sea(
            {"Aquila": ("2020", "N"), "Lupa": ("2220", "N")},
            step="recover_fatigue",
            attrs={"Aquila": {"fatigue": 1}, "Lupa": {"fatigue": 3}},
        ),
    )
    assert kit.over  # the last turn's status phase, then the end
    assert queries.ship(kit, "Aquila").fatigue == 0
    assert queries.ship(kit, "Lupa").fatigue == 2


def test_rule_6_42_sailing_ships_and_cruising_galleys_take_no_test(play_from: PlayFrom) -> None:
    """A galley at cruise speed rows 1 hex: its move ends without a fatigue test (no die is
    rolled: none is forced)."""
    kit = individual(play_from, {"Aquila": ("2020", "N")}, ["Aquila"])
    activate(kit, "Aquila").act("speed(1)", 'row("2019")')
    assert kit.over
    assert not any("fatigue test" in text for text in kit.log())


def test_rule_6_14_a_galley_at_maximum_tests_even_when_it_does_not_move(
    play_from: PlayFrom,
) -> None:
    """6.14: "niezależnie od liczby użytych PR": its squadron ends its moves without moving
    it; 0 points, a roll of 6 on C3 is Z2; its counter still shows maximum speed (it turns
    to cruise in the next speed phase)."""
    kit = individual(
        play_from, {"Aquila": ("2020", "N")}, ["Aquila"], attrs={"Aquila": {"speed": "max"}}
    )
    kit.dice(6).act("activate(Aquila)")
    kit.dice(6).act("end_moves")
    assert "Aquila fatigue test: roll 6+0 -> Z2" in kit.log()
    assert queries.ship(kit, "Aquila").fatigue == 2
    assert queries.ship(kit, "Aquila").speed == "max"
