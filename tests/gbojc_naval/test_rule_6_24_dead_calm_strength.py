"""GBoJC 6.21, 6.24: a dead calm is a wind of strength 0, and the next turn's change counts
from 0 ("Wynik „martwa cisza” oznacza wiatr o sile zerowej", 6.21; the table's legend
"„Martwa cisza” = Siła wiatru wynosi 0"). The engine's former reading, a calm for its turn
over a wind that keeps its strength, is variants/calm_keeps_strength.variant."""

from __future__ import annotations

import doctest

from framework.testing import GameUnderTest as Game
from framework.testing import rules_game
from games.gbojc_naval import movement, phases

from .conftest import context, empty_sea, put

CALM = [1, 1]  # 2: "Martwa cisza"
PLUS_2 = [1, 2]  # 3: +2
PLUS_1 = [2, 2]  # 4: +1
NO_CHANGE = [3, 3]  # 6: 0 (not a 7: the direction stays)
MINUS_1 = [4, 6]  # 10: -1
MINUS_2 = [5, 6]  # 11: -2


def winds(game: Game, strength: int, *rolls: list[int]) -> list[tuple[int, bool]]:
    """The wind (strength, calm) after each of several turns' wind rolls, from ``strength``."""
    state = empty_sea(game, strength=strength)
    found = []
    for dice in rolls:
        phases.roll_wind(context(game, state, dice))
        wind = state["records"]["wind"]
        found.append((wind["strength"], wind["calm"]))
    return found


def test_rule_6_24_after_a_calm_the_next_change_counts_from_0(game: Game) -> None:
    """Wind 4, a calm (0), then +1: 1, not the 5 of 4 + 1."""
    assert winds(game, 4, CALM, PLUS_1) == [(0, True), (1, False)]


def test_rule_6_24_a_calm_lasts_until_a_3_or_a_4(game: Game) -> None:
    """From 0 a 5-9 (0) leaves it at 0, a 10-11 (-1, -2) cannot take it lower; a 3 (+2)
    ends the calm."""
    rolls = [CALM, NO_CHANGE, MINUS_1, MINUS_2, PLUS_2]
    assert winds(game, 4, *rolls) == [(0, True), (0, True), (0, True), (0, True), (2, False)]


def test_rule_6_24_a_wind_weakened_to_0_is_a_calm(game: Game) -> None:
    """Wind 1 and an 11 (-2): strength 0, a calm (the legend); a sailing ship with the wind
    on its stern quarter, which would add 1 (6.23), does not move (6.22)."""
    state = empty_sea(game, strength=1, direction="S")
    put(state, "Taranis", "2010", "SE")
    phases.roll_wind(context(game, state, MINUS_2))
    assert state["records"]["wind"] == {"strength": 0, "direction": "S", "calm": True}
    assert movement.speed_limit(context(game, state), "Taranis") == 0
    phases.roll_wind(context(game, state, PLUS_1))
    assert movement.speed_limit(context(game, state), "Taranis") == 2  # 1, +1 stern quarter


def test_rule_6_24_the_former_reading_keeps_the_strength_under_a_calm() -> None:
    """variants/calm_keeps_strength.variant, from the same dice: the calm stills the wind
    for its turn only (strength 4 kept), then +1 makes 5; and the wind never falls below 1
    by a change (wind.least = 1)."""
    former = rules_game("gbojc_naval", variant="calm_keeps_strength")
    assert winds(former, 4, CALM, PLUS_1) == [(4, True), (5, False)]
    assert winds(former, 4, CALM, NO_CHANGE) == [(4, True), (4, False)]
    assert winds(former, 1, MINUS_2) == [(1, False)]


def test_rule_6_24_the_variant_differs_from_the_base(game: Game) -> None:
    former = rules_game("gbojc_naval", variant="calm_keeps_strength")
    rolls = [CALM, NO_CHANGE, PLUS_1]
    assert winds(game, 4, *rolls) == [(0, True), (0, True), (1, False)]
    assert winds(former, 4, *rolls) == [(4, True), (4, False), (5, False)]


def test_rule_6_24_changes_stay_within_the_bounds() -> None:
    """The worked examples of :func:`phases.changed_strength`, and the ceiling wind.most."""
    runner = doctest.DocTestRunner()
    for test in doctest.DocTestFinder().find(phases.changed_strength, globs={}):
        test.globs["changed_strength"] = phases.changed_strength
        runner.run(test)
    assert runner.summarize(verbose=False) == (0, 2)  # (failed, attempted)
    assert phases.changed_strength(6, 2, 0, 6) == 6
    assert phases.changed_strength(8, 1, 0, 6) == 8  # above the ceiling: no higher
    assert phases.changed_strength(8, -1, 0, 6) == 7


def test_rule_6_24_five_rolls_in_36_end_a_calm(game: Game) -> None:
    """From a calm, every 2d6 roll: only a 3 or a 4 (5 ways in 36) raises the wind, so a calm
    lasts 36/5 = 7.2 turns on average, its own counted (docs, the readings chosen). A 7
    rolls again for the direction: the second roll's dice are [1, 1]."""
    ended = 0
    for first in range(1, 7):
        for second in range(1, 7):
            state = empty_sea(game, strength=0)
            phases.roll_wind(context(game, state, [first, second, 1, 1]))
            ended += not state["records"]["wind"]["calm"]
    assert ended == 5
