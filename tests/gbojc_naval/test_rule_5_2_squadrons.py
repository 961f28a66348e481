"""GBoJC 5.2: squadrons by command range (5.23-5.24) or line astern (5.22); 5.3 individual
squadrons and the crew check of table 5.32; 3.2 initiative; 6.12 the speed phase."""

from __future__ import annotations

from pathlib import Path

from framework.testing import GameUnderTest as Game
from games.gbojc_naval import fleet, phases

from .conftest import (
    answer,
    board_commander,
    context,
    empty_sea,
    finished,
    listed,
    put,
    run,
    variant,
)


def test_rule_5_23_range_counts_through_friends_but_not_enemies(game: Game) -> None:
    """Range 2 from the command ship's hexes, its own hex not counted."""
    state = empty_sea(game)
    put(state, "Belenos", "2010", "S")
    board_commander(state, "Chief of the Osismii", "Belenos")  # range 2
    put(state, "Epona", "2012", "S")  # two hexes south: in range
    put(state, "Sucellus", "2013", "S")  # three: out of range
    ctx = context(game, state)
    assert phases.in_command(ctx, "Chief of the Osismii") == ["Belenos", "Epona"]
    # an enemy ship on the one hex between cuts the line of command
    put(state, "Aquila", "2011", "NE")  # galley on 2011, stern 1912
    assert phases.in_command(ctx, "Chief of the Osismii") == ["Belenos"]


def test_rule_5_24_squadrons_and_individual_ships(game: Game) -> None:
    state = empty_sea(game)
    put(state, "Belenos", "2010", "S")
    board_commander(state, "Chief of the Osismii", "Belenos")
    put(state, "Epona", "2012", "S")
    put(state, "Sucellus", "3012", "S")
    run(game, state, "form_squadrons")
    assert finished(state)
    assert state["records"]["squadrons"] == {"Chief of the Osismii": ["Belenos", "Epona"]}
    assert state["records"]["individual"] == ["Sucellus"]


def test_rule_5_24_a_ship_in_range_of_two_commanders_is_assigned_by_its_player(game: Game) -> None:
    state = empty_sea(game)
    put(state, "Belenos", "2010", "S")
    board_commander(state, "Chief of the Osismii", "Belenos")
    put(state, "Epona", "2014", "S")
    board_commander(state, "Chief of the Namnetes", "Epona")
    put(state, "Sucellus", "2012", "S")
    run(game, state, "form_squadrons")
    assert state["prompt"]["side"] == "veneti"
    answer(game, state, "assign(Sucellus, Chief of the Namnetes)")
    assert state["records"]["squadrons"]["Chief of the Namnetes"] == ["Epona", "Sucellus"]


def test_rule_5_22_a_line_astern_led_by_the_command_ship_forms_its_squadron(game: Game) -> None:
    """Form 1: each bow points straight at the stern ahead. The fourth ship is out of range
    2, but in the line; choosing the line leaves the other ship in range out (5.22)."""
    state = empty_sea(game)
    put(state, "Belenos", "2010", "N")
    board_commander(state, "Chief of the Osismii", "Belenos")
    put(state, "Epona", "2011", "N")
    put(state, "Sucellus", "2012", "N")
    put(state, "Nodens", "2013", "N")
    put(state, "Esus", "1810", "N")  # in range, not in the line
    ctx = context(game, state)
    assert phases.line_astern(ctx, "Belenos") == ["Belenos", "Epona", "Sucellus", "Nodens"]
    run(game, state, "form_squadrons")
    answer(game, state, "line_astern(Chief of the Osismii)")
    assert state["records"]["squadrons"]["Chief of the Osismii"] == [
        "Belenos", "Epona", "Nodens", "Sucellus",
    ]  # fmt: skip
    assert state["records"]["individual"] == ["Esus"]


def test_rule_5_22_echelon_and_command_ship_second(game: Game) -> None:
    """Form 2: facing the same way, each bow touches the stern of the ship ahead across a
    bow-quarter edge. The command ship may be second in the line."""
    state = empty_sea(game)
    grid = fleet.grid(game.definition)
    put(state, "Epona", "2010", "N")
    second = grid.neighbour("2010", "SE")  # Epona's stern is its own hex (one-hex ship)
    assert second is not None
    bow_of_second = grid.neighbour(second, "S")
    assert bow_of_second is not None
    put(state, "Belenos", second, "N")
    assert phases.follows(context(game, state), "Belenos", "Epona")
    assert phases.line_astern(context(game, state), "Belenos")[:2] == ["Epona", "Belenos"]


def test_rule_3_2_initiative_rolls_with_the_admirals_and_rerolls_ties(game: Game) -> None:
    """Brutus +2, the Veneti admiral +1: 3+2 = 4+1 ties; then 6+2 beats 1+1."""
    state = game.setup(seed=0)
    phases.set_wind(context(game, state))
    run(game, state, "initiative", [3, 4, 6, 1])
    assert state["prompt"]["side"] == "romans"
    answer(game, state, "go_second")
    assert state["records"]["first"] == "veneti"


def test_rule_6_12_speed_phase_offers_only_galleys_that_may_use_maximum(game: Game) -> None:
    state = empty_sea(game)
    put(state, "Aquila", "2010", "N")
    put(state, "Lupa", "2210", "N", fatigue=2)
    put(state, "Taurus", "2410", "N")
    put(state, "Belenos", "2510", "S")
    fleet.grapple(state, "Taurus", "Belenos")
    run(game, state, "choose_speeds")
    assert listed(game, state) == [["maximum", "Aquila"], ["speeds_set"]]
    answer(game, state, "maximum(Aquila)")
    assert fleet.attr(state, "Aquila", "speed") == "max"
    assert finished(state)


def test_rule_5_32_the_table_restricts_a_ship_rolling_at_most_its_crew(game: Game) -> None:
    """Table 5.32 (the default): a roll <= C# sets a galley to cruise speed and bars hexes
    next to an enemy (2009 touches Belenos on 2008); a roll > C# moves normally."""
    state = empty_sea(game)
    put(state, "Aquila", "2010", "N", speed="max")  # C3
    put(state, "Belenos", "2008", "S")
    run(game, state, "squadron_turn", [3], side="romans", ships=["Aquila"], individual=True,
        leader="")  # fmt: skip
    answer(game, state, "act(Aquila)")
    assert fleet.attr(state, "Aquila", "speed") == "cruise"
    answer(game, state, "speed(4)")
    rows = [a for a in listed(game, state) if a[0] == "row"]
    assert rows == [["row", "1909"], ["row", "2109"]]

    state = empty_sea(game)
    put(state, "Aquila", "2010", "N", speed="max")
    put(state, "Belenos", "2008", "S")
    run(game, state, "squadron_turn", [4], side="romans", ships=["Aquila"], individual=True,
        leader="")  # fmt: skip
    answer(game, state, "act(Aquila)")
    assert [a[1] for a in listed(game, state)] == [0, 1, 2, 3, 4, 5, 6]
    answer(game, state, "speed(4)")
    assert listed(game, state) == [["row", "1909"], ["row", "2009"], ["row", "2109"]]


def test_rule_5_31_text_variant_restricts_on_a_roll_above_the_crew_at_half_cruise(
    tmp_path: Path,
) -> None:
    game = variant(tmp_path, "individual.text_limits = true")
    state = empty_sea(game)
    put(state, "Aquila", "2010", "N", speed="max")
    run(game, state, "squadron_turn", [3], side="romans", ships=["Aquila"], individual=True,
        leader="")  # fmt: skip
    answer(game, state, "act(Aquila)")
    assert [a[1] for a in listed(game, state)] == [0, 1, 2]  # half of cruise 4


def test_rule_5_31_text_variant_a_restricted_ship_next_to_an_enemy_does_not_move(
    tmp_path: Path,
) -> None:
    game = variant(tmp_path, "individual.text_limits = true")
    state = empty_sea(game)
    put(state, "Aquila", "2010", "N")
    put(state, "Belenos", "2110", "S")
    run(game, state, "squadron_turn", [3], side="romans", ships=["Aquila"], individual=True,
        leader="")  # fmt: skip
    answer(game, state, "act(Aquila)")
    assert state["prompt"]["kind"] == "combat"  # no speed to announce: straight to combat
    assert ["grapple", "Belenos"] in listed(game, state)
