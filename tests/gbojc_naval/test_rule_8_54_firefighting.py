"""GBoJC 8.53-8.54: firefighting in the status phase, sinking, and fire spreading."""

from __future__ import annotations

from framework.testing import GameUnderTest as Game
from games.gbojc_naval import fleet, phases

from .conftest import board_commander, context, empty_sea, put


def _burning(game: Game) -> dict:
    state = empty_sea(game)
    put(state, "Belenos", "2110", "S")
    put(state, "Aquila", "2010", "N")
    state["pieces"]["Belenos"]["flags"] = ["burning"]
    fleet.grapple(state, "Aquila", "Belenos")
    return state


def test_rule_8_54_1_to_2_puts_the_fire_out(game: Game) -> None:
    state = _burning(game)
    phases.fight_fires(context(game, state, [2]))
    assert state["pieces"]["Belenos"]["flags"] == []


def test_rule_8_54_3_still_burns(game: Game) -> None:
    state = _burning(game)
    phases.fight_fires(context(game, state, [3]))
    assert state["pieces"]["Belenos"]["flags"] == ["burning"]
    assert "burning" not in state["pieces"]["Aquila"]["flags"]


def test_rule_8_54_4_and_a_5_spreads_to_the_grappled_ship(game: Game) -> None:
    state = _burning(game)
    phases.fight_fires(context(game, state, [4, 5]))
    assert "burning" in state["pieces"]["Aquila"]["flags"]
    state = _burning(game)
    phases.fight_fires(context(game, state, [4, 4]))
    assert "burning" not in state["pieces"]["Aquila"]["flags"]


def test_rule_8_53_a_ship_set_alight_by_spreading_fights_it_next_turn(game: Game) -> None:
    """The fire jumps to Aquila during the segment; Aquila rolls no die for it this turn."""
    state = _burning(game)
    phases.fight_fires(context(game, state, [4, 6]))  # no third die is needed
    assert "burning" in state["pieces"]["Aquila"]["flags"]


def test_rule_8_54_5_to_6_sinks_and_5_53_the_commander_moves_reduced(game: Game) -> None:
    state = _burning(game)
    put(state, "Lugus", "2410", "S")
    board_commander(state, "Veneti Admiral", "Belenos")
    phases.fight_fires(context(game, state, [6]))
    assert state["pieces"]["Belenos"]["at"] == "out"
    assert fleet.grappled_to(state, "Aquila") == []
    admiral = state["pieces"]["Veneti Admiral"]
    assert admiral["strength"] == 1 and admiral["attrs"]["ship"] == "Lugus"
    assert admiral["at"] == "2410"
