"""GBoJC 6.43-6.45: how long a fatigue marker tires a galley.

6.43: "Z-3 oznacza, że załoga będzie zmęczona przez następne 3 tury"; 6.44's example: the
Fatigued-2 galley of 6.43 (cruise 4) "najwyższą prędkością, jaką w następnej turze może
osiągnąć, jest 2". So the status phase (G) of the turn of the test leaves a new marker as
it is, and each later one lowers it (6.45). The other reading, after the note to 6.43 on
the missing F-1, lowers it that same turn: variants/fatigue_same_turn.variant.

Each test plays the turns through the game's own procedures: the ship's move and fatigue
test (phase E), the status phase's recovery (G), the next turn's initiative (which clears
the turn's records) and speed phase (D), then the galley's announced speed.
"""

from __future__ import annotations

from framework.engine.state import State
from framework.testing import GameUnderTest as Game
from framework.testing import rules_game
from games.gbojc_naval import fleet

from .conftest import answer, empty_sea, finished, put, run, texts


def fatigue_test_turn(game: Game, state: State, roll: int) -> None:
    """Turn 1, phases E and G: Aquila (bireme C3, cruise 4, maximum 6, as the galley of the
    6.43 example) rows 6 points at maximum speed (+2 on the fatigue table) and rolls ``roll``."""
    put(state, "Aquila", "2020", "N", speed="max")
    run(game, state, "ship_move", [roll], ship="Aquila", restricted=False, phase="E")
    answer(game, state, "speed(6)", *(f'row("20{row:02d}")' for row in range(19, 13, -1)))
    assert finished(state)  # no enemy near: nothing to fire at or grapple
    status_phase(game, state)


def status_phase(game: Game, state: State) -> None:
    run(game, state, "recover_fatigue", [])
    assert finished(state)


def top_speed_next_turn(game: Game, state: State) -> int:
    """The next turn's phases C and D, then the most points Aquila may announce (phase E)."""
    run(game, state, "initiative", [6, 1])  # Romans 6, Veneti 1 (no admirals on the map)
    answer(game, state, "go_first")
    run(game, state, "choose_speeds", [])
    # 6.12, 6.44: a fatigued galley is turned to cruise and not asked about; a rested one
    # may go to maximum, and stays at cruise here
    assert finished(state) == bool(fleet.attr(state, "Aquila", "fatigue"))
    if not finished(state):
        answer(game, state, "speeds_set")
    assert fleet.attr(state, "Aquila", "speed") == "cruise"
    run(game, state, "ship_move", [], ship="Aquila", restricted=False, phase="E")
    speeds = [int(a.args[0]) for a in game.legal_actions(state)]
    assert speeds == list(range(max(speeds) + 1))
    return max(speeds)


def speeds_over_turns(game: Game, roll: int, turns: int) -> list[int]:
    """Aquila's top speed in each of the ``turns`` turns after its fatigue test."""
    state = empty_sea(game)
    fatigue_test_turn(game, state, roll)
    found = []
    for _ in range(turns):
        found.append(top_speed_next_turn(game, state))
        status_phase(game, state)
    return found


def test_rule_6_44_example_the_fatigued_2_galley_makes_2_in_the_next_turn(game: Game) -> None:
    """6.43: 6 points (+2) and a 5 on C3: Fatigued-2; phase G of that turn leaves it at 2;
    6.44: next turn cruise 4 - 2 = 2, announced as speed(0), speed(1) or speed(2)."""
    state = empty_sea(game)
    fatigue_test_turn(game, state, 5)
    assert "Aquila fatigue test: roll 5+2 -> Z2" in texts(state)
    assert fleet.attr(state, "Aquila", "fatigue") == 2
    assert top_speed_next_turn(game, state) == 2
    assert game.legal(state) == ["speed(0)", "speed(1)", "speed(2)"]


def test_rule_6_43_fatigued_2_tires_the_galley_for_the_next_2_turns(game: Game) -> None:
    """Turn 2: 4 - 2; turn 3: 4 - 1; turn 4: rested, cruise 4 (and maximum allowed again)."""
    assert speeds_over_turns(game, 5, 3) == [2, 3, 4]


def test_rule_6_43_z3_tires_the_galley_for_the_next_3_turns(game: Game) -> None:
    """6 points (+2) and a 6 on C3: 8, "Z3"; 4 - 3, 4 - 2, 4 - 1, then 4."""
    assert speeds_over_turns(game, 6, 4) == [1, 2, 3, 4]


def test_rule_6_45_a_marker_from_an_earlier_turn_is_still_lowered(game: Game) -> None:
    """Only the marker placed this turn waits: Lupa's Fatigued-3 of an earlier turn goes to 2
    in the same status phase that leaves Aquila's new Fatigued-2 alone."""
    state = empty_sea(game)
    put(state, "Lupa", "2220", "N", fatigue=3)
    fatigue_test_turn(game, state, 5)
    assert fleet.attr(state, "Aquila", "fatigue") == 2
    assert fleet.attr(state, "Lupa", "fatigue") == 2


def test_rule_6_45_the_variant_lowers_the_marker_the_same_turn() -> None:
    """variants/fatigue_same_turn.variant, same dice: Fatigued-2 is Fatigued-1 by the end of
    the turn of the test, the galley makes 3 the next turn (not the example's 2) and is
    rested the turn after; a Z3 tires it for 2 turns, not 3."""
    same_turn = rules_game("gbojc_naval", variant="fatigue_same_turn")
    state = empty_sea(same_turn)
    fatigue_test_turn(same_turn, state, 5)
    assert fleet.attr(state, "Aquila", "fatigue") == 1
    assert speeds_over_turns(same_turn, 5, 2) == [3, 4]
    assert speeds_over_turns(same_turn, 6, 3) == [2, 3, 4]


def test_rule_6_43_the_variant_differs_from_the_base(game: Game) -> None:
    same_turn = rules_game("gbojc_naval", variant="fatigue_same_turn")
    assert speeds_over_turns(game, 5, 3) != speeds_over_turns(same_turn, 5, 3)
