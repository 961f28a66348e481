"""GBoJC 6.3: movement costs, turning, backing water, one counter per hex (6.5)."""

from __future__ import annotations

from framework.testing import GameUnderTest as Game
from games.gbojc_naval import fleet, movement

from .conftest import answer, context, empty_sea, finished, listed, put, run


def _moves(game: Game, state: dict, ship: str, left: int, **moved: bool) -> dict[str, int]:
    found, _ = movement.steps(context(game, state), ship, left, dict(moved))
    return {s.action.text: s.cost for s in found}


def test_rule_6_32_sailing_example_2319_to_2419_facing_2518(game: Game) -> None:
    """6.32: a sailing ship on 2319 enters 2419 and turns to point at 2518, for 1 MP."""
    state = empty_sea(game)
    put(state, "Taranis", "2319", "NE")
    moves = _moves(game, state, "Taranis", 1)
    assert moves['sail("2419", NE)'] == 1
    assert fleet.grid(game.definition).neighbour("2419", "NE") == "2518"
    # forward and the two bow quarters, each with the free turn of one side: 9 actions
    assert len(moves) == 9


def test_rule_6_34_galley_example_swings_its_stern_from_4022_to_4122(game: Game) -> None:
    """6.35 example: a galley on 4023 (bow) - 4022 (stern) swings its stern to 4122."""
    state = empty_sea(game)
    put(state, "Aquila", "4023", "S")
    assert fleet.hexes(game.definition, state, "Aquila") == ("4023", "4022")
    moves = _moves(game, state, "Aquila", 4)
    assert moves['pivot("4023", SW)'] == 1
    movement.place(context(game, state), "Aquila", "4023", "SW")
    assert fleet.hexes(game.definition, state, "Aquila") == ("4023", "4122")


def test_rule_6_32_galley_costs(game: Game) -> None:
    state = empty_sea(game)
    put(state, "Aquila", "2010", "N")  # stern 2011
    moves = _moves(game, state, "Aquila", 4)
    assert {a: c for a, c in moves.items() if a.startswith("row")} == {
        'row("2009")': 1,
        'row("1909")': 1,
        'row("2109")': 1,
    }
    assert moves["about"] == 2  # 6.35
    assert {a for a in moves if a.startswith("back")} == {
        'back("2012")',
        'back("1911")',
        'back("2111")',
    }
    assert all(c == 2 for a, c in moves.items() if a.startswith("back"))  # 6.33
    assert moves['pivot("2010", NE)'] == moves['pivot("2010", NW)'] == 1  # 6.34, stern swings
    assert moves['pivot("1910", NW)'] == moves['pivot("2110", NE)'] == 1  # bow swings


def test_rule_6_33_no_backing_after_a_forward_move_and_no_forward_after_backing(game: Game) -> None:
    state = empty_sea(game)
    put(state, "Aquila", "2010", "N")
    assert not [a for a in _moves(game, state, "Aquila", 3, forward=True) if a.startswith("back")]
    after_back = _moves(game, state, "Aquila", 3, back=True)
    assert not [a for a in after_back if a.startswith(("row", "pivot", "about"))]


def test_rule_6_34_maximum_speed_galleys_only_move_forward(game: Game) -> None:
    state = empty_sea(game)
    put(state, "Aquila", "2010", "N", speed="max")
    assert set(_moves(game, state, "Aquila", 6)) == {'row("2009")', 'row("1909")', 'row("2109")'}


def test_rule_6_35_no_turning_about_next_to_an_enemy(game: Game) -> None:
    state = empty_sea(game)
    put(state, "Aquila", "2010", "N")
    put(state, "Taranis", "2110", "S")
    assert "about" not in _moves(game, state, "Aquila", 4)


def test_rule_6_5_a_ship_blocked_ahead_may_stop_short(game: Game) -> None:
    """6.13, 6.5: all announced points are spent unless the ship runs into another."""
    state = empty_sea(game)
    put(state, "Aquila", "2010", "N")
    put(state, "Lupa", "2008", "N")  # stern on 2009, right ahead
    run(game, state, "ship_move", ship="Aquila", restricted=False, phase="E")
    assert state["prompt"]["kind"] == "speed"
    answer(game, state, "speed(3)")
    legal = {a[0] for a in listed(game, state)}
    assert "stop" in legal and "row" in legal
    answer(game, state, "stop")
    assert state["pieces"]["Aquila"]["at"] == "2010"
    assert state["prompt"]["kind"] in ("combat", "test_over")


def test_rule_6_13_announced_points_are_all_spent(game: Game) -> None:
    state = empty_sea(game)
    put(state, "Aquila", "2010", "N")
    run(game, state, "ship_move", ship="Aquila", restricted=False, phase="E")
    assert [a[1] for a in listed(game, state)] == [0, 1, 2, 3, 4]  # cruise 4 (6.11)
    answer(game, state, "speed(2)", 'row("2009")')
    assert "stop" not in {a[0] for a in listed(game, state)}
    answer(game, state, 'row("2008")')
    assert finished(state)
    assert fleet.hexes(game.definition, state, "Aquila") == ("2008", "2009")
