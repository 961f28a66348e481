"""GBoJC 8.22: several activated ships board one target together; one ship grappled to two
enemies may split its marines between them (each part at least M1); 8.27 repelled."""

from __future__ import annotations

from framework.testing import GameUnderTest as Game
from games.gbojc_naval import fleet

from .conftest import answer, empty_sea, finished, put, run


def _legal(game: Game, state: dict) -> set[str]:
    return {action.text for action in game.legal_actions(state)}


def test_rule_8_22_example_m3_galley_boards_two_ships_with_1_and_2(game: Game) -> None:
    """8.22: "Galera z siłą M3 jest zahaczona do dwóch wrogich okrętów ... M1 musi
    przydzielić do jednego, a M2 do drugiego." """
    state = empty_sea(game)
    put(state, "Concordia", "2010", "N")  # M3
    put(state, "Belenos", "2110", "S")
    put(state, "Epona", "1910", "S")
    fleet.grapple(state, "Concordia", "Belenos")
    fleet.grapple(state, "Concordia", "Epona")
    run(game, state, "squadron_turn", [6, 5, 6, 6], side="romans", ships=["Concordia"],
        individual=False, leader="")  # fmt: skip
    answer(game, state, "end_moves")
    legal = _legal(game, state)
    assert {
        "board(Belenos)",
        "board_with(Belenos, Concordia, 1)",
        "board_with(Epona, Concordia, 3)",
    } <= legal
    answer(game, state, "board_with(Epona, Concordia, 1)")  # M1 vs M2 (row 2): 10-12; 11 -1
    assert state["pieces"]["Epona"]["side"] == "romans"
    # a capture on a modified 9-12 depletes the attacker (8.28): M3 -> M2, one sent: one left
    assert fleet.attr(state, "Concordia", "depletion") == 1
    legal = _legal(game, state)
    assert "board_with(Belenos, Concordia, 1)" in legal
    assert "board_with(Belenos, Concordia, 2)" not in legal
    answer(game, state, "board(Belenos)")  # the M1 left vs M2: 10-12; 12 -1 = 11
    assert state["pieces"]["Belenos"]["side"] == "romans"
    assert finished(state)


def test_rule_8_22_two_galleys_board_together_with_their_summed_marines(game: Game) -> None:
    state = empty_sea(game)
    put(state, "Aquila", "2010", "N")  # M2
    put(state, "Lupa", "2210", "N")  # M2
    put(state, "Belenos", "2110", "S")  # M2
    fleet.grapple(state, "Aquila", "Belenos")
    fleet.grapple(state, "Lupa", "Belenos")
    run(game, state, "squadron_turn", [3, 4], side="romans", ships=["Aquila", "Lupa"],
        individual=False, leader="")  # fmt: skip
    answer(game, state, "end_moves", "board(Belenos)")  # M4 vs M2: 6-12; 7 -1 = 6
    assert state["pieces"]["Belenos"]["side"] == "romans"
    assert any("Aquila, Lupa board Belenos (M4 against M2" in e["text"] for e in state["log"])


def test_rule_8_27_repelled_ships_may_not_board_that_target_again_this_turn(game: Game) -> None:
    state = empty_sea(game)
    put(state, "Concordia", "2010", "N")  # M3
    put(state, "Belenos", "2110", "S")  # M2
    fleet.grapple(state, "Concordia", "Belenos")
    run(game, state, "squadron_turn", [1, 1], side="romans", ships=["Concordia"],
        individual=False, leader="")  # fmt: skip
    answer(game, state, "end_moves", "board_with(Belenos, Concordia, 1)")
    assert state["pieces"]["Belenos"]["side"] == "veneti"
    assert finished(state)  # M2 left, but Belenos repelled it: no more boarding
