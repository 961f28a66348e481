"""GBoJC 6.21, 6.24: a dead calm is a wind of strength 0, and the next turn's change counts
from 0 ("Wynik „martwa cisza” oznacza wiatr o sile zerowej", 6.21; the table's legend
"„Martwa cisza” = Siła wiatru wynosi 0"). The engine's former reading, a calm for its turn
over a wind that keeps its strength, is variants/calm_keeps_strength.variant.

Each test plays the turns from turn 2's wind roll (phase A): each turn's wind, then its
initiative (Romans 6, Veneti 1), on an empty sea."""

from __future__ import annotations

import doctest

from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.gbojc_naval import phases, queries

from .conftest import NAVAL, sea

CALM = [1, 1]  # 2: "Martwa cisza"
PLUS_2 = [1, 2]  # 3: +2
PLUS_1 = [2, 2]  # 4: +1
NO_CHANGE = [3, 3]  # 6: 0 (not a 7: the direction stays)
MINUS_1 = [4, 6]  # 10: -1
MINUS_2 = [5, 6]  # 11: -2
INITIATIVE = (6, 1)


def turns(
    play_from: PlayFrom,
    strength: int,
    *rolls: list[int],
    variant: str | None = None,
) -> list[Kit]:
    """The game after each of several turns' wind rolls, from the wind ``strength``
    (a copy for each turn: the same game played on)."""
    first, *later = rolls
    position = sea({}, step="roll_wind", turn=2, wind=(strength, "S"))
    kit = play_from(NAVAL, position, dice=[first, *INITIATIVE], variant=variant)
    found = [kit.fork()]
    for dice in later:
        kit.dice(dice, *INITIATIVE).act("go_first")  # the turn ends; the next one's wind
        found.append(kit.fork())
    return found


def winds(
    play_from: PlayFrom, strength: int, *rolls: list[int], variant: str | None = None
) -> list[tuple[int, bool]]:
    """The wind (strength, calm) after each of several turns' wind rolls, from ``strength``."""
    return [
        (queries.wind(kit).strength, queries.wind(kit).calm)
        for kit in turns(play_from, strength, *rolls, variant=variant)
    ]


def test_rule_6_24_after_a_calm_the_next_change_counts_from_0(play_from: PlayFrom) -> None:
    """Wind 4, a calm (0), then +1: 1, not the 5 of 4 + 1."""
    assert winds(play_from, 4, CALM, PLUS_1) == [(0, True), (1, False)]


def test_rule_6_24_a_calm_lasts_until_a_3_or_a_4(play_from: PlayFrom) -> None:
    """From 0 a 5-9 (0) leaves it at 0, a 10-11 (-1, -2) cannot take it lower; a 3 (+2)
    ends the calm."""
    rolls = [CALM, NO_CHANGE, MINUS_1, MINUS_2, PLUS_2]
    assert winds(play_from, 4, *rolls) == [(0, True), (0, True), (0, True), (0, True), (2, False)]


def test_rule_6_24_a_wind_weakened_to_0_is_a_calm(play_from: PlayFrom) -> None:
    """Wind 1 and an 11 (-2): strength 0, a calm (the legend); a sailing ship with the wind
    on its stern quarter, which would add 1 (6.23), does not move (6.22)."""
    position = sea({"Taranis": ("2010", "SE")}, step="roll_wind", turn=2, wind=(1, "S"))
    kit = play_from(NAVAL, position, dice=[MINUS_2, *INITIATIVE])
    assert queries.wind(kit) == queries.Wind(0, "S", True)
    assert queries.speed_limit(kit, "Taranis") == 0
    # Taranis, an individual squadron (phase F), passes its crew check and may announce
    # nothing: its move is over at once. Turn 3's wind is a 4 (+1).
    kit.act("go_first").dice(6).act("activate(Taranis)")
    kit.dice(PLUS_1, *INITIATIVE).act("act(Taranis)")
    assert queries.wind(kit) == queries.Wind(1, "S", False)
    assert queries.speed_limit(kit, "Taranis") == 2  # 1, +1 stern quarter


def test_rule_6_24_the_former_reading_keeps_the_strength_under_a_calm(
    play_from: PlayFrom,
) -> None:
    """variants/calm_keeps_strength.variant, from the same dice: the calm stills the wind
    for its turn only (strength 4 kept), then +1 makes 5; and the wind never falls below 1
    by a change (wind.least = 1)."""
    former = "calm_keeps_strength"
    assert winds(play_from, 4, CALM, PLUS_1, variant=former) == [(4, True), (5, False)]
    assert winds(play_from, 4, CALM, NO_CHANGE, variant=former) == [(4, True), (4, False)]
    assert winds(play_from, 1, MINUS_2, variant=former) == [(1, False)]


def test_rule_6_24_the_variant_differs_from_the_base(play_from: PlayFrom) -> None:
    rolls = [CALM, NO_CHANGE, PLUS_1]
    assert winds(play_from, 4, *rolls) == [(0, True), (0, True), (1, False)]
    former = winds(play_from, 4, *rolls, variant="calm_keeps_strength")
    assert former == [(4, True), (4, False), (5, False)]


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


def test_rule_6_24_five_rolls_in_36_end_a_calm(play_from: PlayFrom) -> None:
    """From a calm, every 2d6 roll: only a 3 or a 4 (5 ways in 36) raises the wind, so a calm
    lasts 36/5 = 7.2 turns on average, its own counted (docs, the readings chosen). A 7
    rolls again for the direction: the second roll's dice are [1, 1]."""
    ended = 0
    for first in range(1, 7):
        for second in range(1, 7):
            rolls = [[first, second], [1, 1]] if first + second == 7 else [[first, second]]
            position = sea({}, step="roll_wind", turn=2, wind=(0, "S"))
            kit = play_from(NAVAL, position, dice=[*rolls, *INITIATIVE])
            ended += not queries.wind(kit).calm
    assert ended == 5
