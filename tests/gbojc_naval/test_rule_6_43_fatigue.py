"""GBoJC 6.42-6.45: the fatigue test of galleys at maximum speed, its effects and recovery."""

from __future__ import annotations

from framework.testing import GameUnderTest as Game
from games.gbojc_naval import fleet, movement, phases

from .conftest import answer, context, empty_sea, finished, put, run


def _row_north(game: Game, state: dict, points: int, dice: list[int]) -> None:
    put(state, "Aquila", "2020", "N", speed="max")  # bireme C3, CR 4, MX 6
    run(game, state, "ship_move", dice, ship="Aquila", restricted=False, phase="E")
    answer(game, state, f"speed({points})")
    for row in range(19, 19 - points, -1):
        answer(game, state, f'row("20{row:02d}")')


def test_rule_6_43_example_six_points_and_a_5_is_fatigued_2(game: Game) -> None:
    """6.43: cruise 4, maximum 6, C3; 6 MP spent (+2) and a roll of 5: "Fatigued-2"."""
    state = empty_sea(game)
    _row_north(game, state, 6, [5])
    assert finished(state)
    assert fleet.attr(state, "Aquila", "fatigue") == 2
    assert "Aquila fatigue test: roll 5+2 -> Z2" in [e["text"] for e in state["log"]]


def test_rule_6_43_example_five_points_and_a_3_is_no_effect(game: Game) -> None:
    """6.43: 5 MP (+1) and a roll of 3 is a 4 on the C3 column: no effect."""
    state = empty_sea(game)
    _row_north(game, state, 5, [3])
    assert fleet.attr(state, "Aquila", "fatigue") == 0


def test_rule_6_44_fatigued_2_galley_moves_at_most_2_and_never_at_maximum(game: Game) -> None:
    """6.44 example: the Fatigued-2 galley of 6.43 reaches at most 2 next turn; 6.12: it
    cannot be set to maximum speed."""
    state = empty_sea(game)
    put(state, "Aquila", "2020", "N", speed="cruise", fatigue=2)
    ctx = context(game, state)
    assert movement.speed_limit(ctx, "Aquila") == 2
    assert not phases.may_use_maximum(ctx, "Aquila")
    fleet.set_attr(state, "Aquila", "fatigue", 4)
    assert movement.speed_limit(ctx, "Aquila") == 1  # "always at least one hex"


def test_rule_6_45_recovery_lowers_each_marker_by_one(game: Game) -> None:
    state = empty_sea(game)
    put(state, "Aquila", "2020", "N", fatigue=1)
    put(state, "Lupa", "2220", "N", fatigue=3)
    phases.recover_fatigue(context(game, state))
    assert fleet.attr(state, "Aquila", "fatigue") == 0
    assert fleet.attr(state, "Lupa", "fatigue") == 2


def test_rule_6_42_sailing_ships_and_cruising_galleys_take_no_test(game: Game) -> None:
    state = empty_sea(game)
    put(state, "Aquila", "2020", "N", speed="cruise")
    run(game, state, "ship_move", [], ship="Aquila", restricted=False, phase="E")
    answer(game, state, "speed(1)", 'row("2019")')
    assert finished(state)  # no die was asked for: the forced list was empty


def test_rule_6_14_a_galley_at_maximum_tests_even_when_it_does_not_move(game: Game) -> None:
    """6.14: "niezależnie od liczby użytych PR": 0 points, a roll of 6 on C3 is Z2."""
    state = empty_sea(game)
    put(state, "Aquila", "2020", "N", speed="max")
    run(game, state, "squadron_turn", [6], side="romans", ships=["Aquila"], individual=False,
        leader="")  # fmt: skip
    answer(game, state, "end_moves")
    assert finished(state)
    assert fleet.attr(state, "Aquila", "fatigue") == 2
    assert fleet.attr(state, "Aquila", "speed") == "max"  # turned to cruise in phase D
