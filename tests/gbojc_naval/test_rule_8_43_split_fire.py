"""GBoJC 8.43: at the end of its move a ship may divide its M# among several targets;
8.41: it may instead fire while moving, with its whole M#."""

from __future__ import annotations

from framework.testing import GameUnderTest as Game
from games.gbojc_naval import fleet

from .conftest import answer, empty_sea, finished, listed, put, run


def _legal(game: Game, state: dict) -> set[str]:
    return {action.text for action in game.legal_actions(state)}


def test_rule_8_43_an_m3_trireme_splits_1_and_2_between_two_targets(game: Game) -> None:
    state = empty_sea(game)
    put(state, "Concordia", "2010", "N")  # M3
    put(state, "Belenos", "2110", "S")
    put(state, "Epona", "1910", "S")
    fleet.mark(state, "reacted", ["Belenos", "E"])  # no reaction fire, to keep the dice short
    fleet.mark(state, "reacted", ["Epona", "E"])
    run(game, state, "ship_move", [6, 6], ship="Concordia", restricted=False, phase="E")
    answer(game, state, "speed(0)")
    legal = _legal(game, state)
    assert {"fire(Belenos)", "fire_part(Belenos, 1)", "fire_part(Belenos, 2)"} <= legal
    answer(game, state, "fire_part(Belenos, 1)")  # column 1-2: 6 -1 = 5, no effect
    legal = _legal(game, state)
    assert "fire(Belenos)" not in legal and "fire(Epona)" in legal
    assert "fire_part(Epona, 1)" in legal and "fire_part(Epona, 2)" not in legal
    answer(game, state, "fire(Epona)")  # the 2 left, column 1-2: 6 -1 = 5, no effect
    assert fleet.attr(state, "Belenos", "depletion") == 0
    assert not any(a[0].startswith("fire") for a in listed(game, state))


def test_rule_8_43_an_m1_ship_cannot_split(game: Game) -> None:
    state = empty_sea(game)
    put(state, "Aquila", "2010", "N", depletion=1)  # M1
    put(state, "Belenos", "2110", "S")
    run(game, state, "ship_move", [], ship="Aquila", restricted=False, phase="E")
    answer(game, state, "speed(0)")
    assert not [a for a in _legal(game, state) if a.startswith("fire_part")]


def test_rule_8_41_fire_while_moving_then_no_more_fire(game: Game) -> None:
    state = empty_sea(game)
    put(state, "Aquila", "2010", "N")
    put(state, "Belenos", "2110", "S")
    fleet.mark(state, "reacted", ["Belenos", "E"])
    run(game, state, "ship_move", [1], ship="Aquila", restricted=False, phase="E")
    answer(game, state, "speed(1)", "fire(Belenos)")
    assert state["prompt"]["kind"] == "move"
    answer(game, state, 'row("2009")')
    assert finished(state) or not [a for a in _legal(game, state) if a.startswith("fire")]
