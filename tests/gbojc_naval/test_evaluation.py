"""The naval evaluation (legatus/games/gbojc_naval/evaluation.py): each term moves the value the way
its rule says, for the side it concerns, and the plugin object gives it to the players."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import pytest

from legatus.framework.engine.core import Game
from legatus.framework.engine.state import State
from legatus.framework.play.ai.evaluation import evaluator
from legatus.framework.tools.testing import load_game
from legatus.games.gbojc_naval import evaluation, fleet

from .conftest import GALLEYS


@pytest.fixture
def game() -> Iterator[Game]:
    yield load_game("gbojc_naval")


def empty_sea(game: Game) -> State:
    """The scenario's state with nothing on the map, a moderate south wind and no turn
    record: the evaluation reads only where the ships are and what they carry."""
    state = game.setup(seed=0)
    for piece in state["pieces"].values():
        piece["at"] = "out"
        piece.pop("facing", None)
        piece["attrs"] = {}
    state["records"]["wind"] = {"strength": 3, "direction": "S", "calm": False}
    state["records"]["turn"] = {}
    return state


def put(state: State, ship: str, at: str, facing: str, **attrs: Any) -> None:
    """A ship by its bow hex and facing (a galley's stern trails behind, GBoJC 4.2)."""
    piece = state["pieces"][ship]
    piece["at"], piece["facing"] = at, facing
    piece["attrs"] = dict(attrs)
    if ship in GALLEYS:
        piece["attrs"].setdefault("speed", "cruise")


def value(game: Game, state: State, side: str = "romans") -> float:
    return evaluation.evaluate(game.definition, state, side, game.rules.values)


def raw(game: Game, state: State, side: str = "romans") -> float:
    """The weighted sum before tanh (in ships)."""
    return evaluation.SCALE * math.atanh(value(game, state, side))


def sea(game: Game) -> State:
    """Nothing on the map and nothing lost: the ships a test does not place wait in the
    pool (off the map but not taken: GBoJC 9.0 counts only ships sunk, "out", or captured)."""
    state = empty_sea(game)
    for piece in state["pieces"].values():
        piece["at"] = "pool"
    return state


def two_fleets(game: Game) -> State:
    """Two Roman galleys and two Veneti sailing ships, ten hexes apart."""
    state = sea(game)
    put(state, "Concordia", "1020", "N")
    put(state, "Aquila", "1220", "N")
    put(state, "Taranis", "1010", "S")
    put(state, "Belenos", "1210", "S")
    return state


def test_rule_9_0_each_ship_taken_is_worth_a_ship_and_progress_to_victory(game: Game) -> None:
    state = two_fleets(game)
    before = raw(game, state)
    state["pieces"]["Sucellus"]["at"] = "out"  # a Veneti ship sunk (off the map: "out")
    # The Romans need 6 of the 12 Veneti ships (victory.share_taken 50%).
    assert raw(game, state) - before == pytest.approx(
        evaluation.TAKEN_VALUE + evaluation.PROGRESS_VALUE / 6
    )


def test_rule_9_0_the_winning_share_is_worth_the_bonus(game: Game) -> None:
    state = two_fleets(game)
    for ship in ("Lugus", "Epona", "Sucellus", "Nodens", "Cernunnos"):
        state["pieces"][ship]["at"] = "out"
    five = raw(game, state)
    state["pieces"]["Esus"]["at"] = "out"
    assert raw(game, state) - five == pytest.approx(
        evaluation.TAKEN_VALUE + evaluation.PROGRESS_VALUE / 6 + evaluation.WIN_BONUS
    )
    assert value(game, state) > 0.95


def test_rule_8_25_a_captured_ship_counts_as_taken_and_brings_no_marines(game: Game) -> None:
    state = two_fleets(game)
    before = raw(game, state)
    belenos = state["pieces"]["Belenos"]
    belenos["side"] = "romans"
    belenos["flags"] = ["captured"]
    marines = int(game.definition.pieces["Belenos"].stats["marines"])
    gained = raw(game, state) - before
    # Taken (+1 and progress), the Veneti lose its marines; the Romans gain a ship with none
    # (8.25: M0) whose contact and pull terms change with it.
    assert gained > evaluation.TAKEN_VALUE + evaluation.MARINE_VALUE * marines - 0.2


def test_rule_8_53_a_burning_ship_counts_against_its_side(game: Game) -> None:
    state = two_fleets(game)
    before = raw(game, state)
    state["pieces"]["Concordia"]["flags"] = ["burning"]
    assert raw(game, state) - before == pytest.approx(-evaluation.BURNING_VALUE)
    assert raw(game, state, "veneti") - raw(game, two_fleets(game), "veneti") == pytest.approx(
        evaluation.BURNING_VALUE
    )


def test_rule_7_1_a_ship_with_its_sails_cut_counts_against_its_side(game: Game) -> None:
    state = two_fleets(game)
    before = raw(game, state)
    state["pieces"]["Taranis"]["flags"] = ["immobilised"]
    assert raw(game, state) - before == pytest.approx(evaluation.IMMOBILE_VALUE)


def test_rule_8_62_depleted_marines_count_less(game: Game) -> None:
    state = two_fleets(game)
    before = raw(game, state)
    fleet.set_attr(state, "Aquila", "depletion", 1)
    assert raw(game, state) - before == pytest.approx(-evaluation.MARINE_VALUE)


def test_rule_6_43_a_fatigued_galley_counts_against_its_side(game: Game) -> None:
    state = two_fleets(game)
    before = raw(game, state)
    fleet.set_attr(state, "Concordia", "fatigue", 3)
    assert raw(game, state) - before == pytest.approx(-3 * evaluation.FATIGUE_VALUE)


def test_rule_8_24_contact_favours_the_side_that_boards_better(game: Game) -> None:
    """Aquila (M2 galley) next to Taranis (M3 sailing ship, with the height over a galley,
    8.24: 4 against 2) is worse for the Romans than Aquila far away; Concordia (M3) next to
    Belenos (M2, 3 with the height) is better."""
    far = sea(game)
    put(far, "Aquila", "1220", "N")
    put(far, "Taranis", "1210", "S")
    near = sea(game)
    put(near, "Aquila", "1211", "N")
    put(near, "Taranis", "1210", "S")
    assert fleet.distance(game.definition, near, "Aquila", "Taranis") == 1
    assert raw(game, near) < raw(game, far)
    good = sea(game)
    put(good, "Concordia", "1211", "N")
    put(good, "Belenos", "1210", "S")
    good_far = sea(game)
    put(good_far, "Concordia", "1220", "N")
    put(good_far, "Belenos", "1210", "S")
    assert raw(game, good) > raw(game, good_far)


def test_each_side_is_drawn_towards_the_enemy(game: Game) -> None:
    """Two ships of equal boarding strength (M3 galley and M2 sailing ship with the height):
    only the pull counts, and nearer is better for both sides."""
    near, far = sea(game), sea(game)
    put(near, "Concordia", "1214", "N")
    put(near, "Belenos", "1210", "S")
    put(far, "Concordia", "1222", "N")
    put(far, "Belenos", "1210", "S")
    assert raw(game, near, "romans") > raw(game, far, "romans")
    assert raw(game, near, "veneti") > raw(game, far, "veneti")


def test_the_players_get_the_evaluation_through_the_plugin_object(game: Game) -> None:
    state = two_fleets(game)
    state["pieces"]["Sucellus"]["at"] = "out"
    judge = evaluator(game)
    assert judge(state, "romans") == pytest.approx(value(game, state, "romans"))
    assert judge(state, "romans") > 0 > judge(state, "veneti")
