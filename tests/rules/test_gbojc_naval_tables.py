"""The naval module's tables read back exactly as printed (GBoJC, "WALKA NA MORZU - TABELE").

The tables live in the game's folder, legatus/games/gbojc_naval/data/rules/tables.rules; every
cell of every table is also checked in test_gbojc_naval_cells.py.
Cells are compared with the rulebook's text; rolls are clamped as 2.2 says
(a modified 2d6 above 12 counts as 12; below 2 is outside the range, except
in the boarding table, 8.29, where it counts as 2).
"""

from __future__ import annotations

import pytest

from legatus.framework.model.errors import RulesError
from legatus.framework.rules.ruleset import Ruleset
from legatus.framework.tools.testing import load_game
from tests.rules.engine import EngineRolls as Evaluator

# 8.29 as printed: defender's M down the side, attacker's M (1-8) across the top.
BOARDING_AS_PRINTED = """\
0	7-12	5-12	4-12	3-12	AUTO	AUTO	AUTO	AUTO
1	8-12	6-12	5-12	4-12	3-12	2-12	2-12	AUTO
2	10-12	8-12	7-12	6-12	5-12	4-12	3-12	2-12
3	12	9-12	8-12	7-12	6-12	5-12	4-12	3-12
4	12	10-12	9-12	8-12	7-12	6-12	5-12	4-12
5	12	11-12	10-12	9-12	8-12	7-12	6-12	5-12
6	NIE	12	11-12	10-12	9-12	8-12	7-12	6-12
7	NIE	12	12	11-12	10-12	9-12	8-12	7-12
8	NIE	NIE	12	12	11-12	10-12	9-12	8-12
"""

# 6.24 as printed: roll, wind strength, direction.
WIND_AS_PRINTED = [
    (2, "Martwa cisza", "2 kraw. heksu w lewo"),
    (3, "+2", "1 kraw. heksu w lewo"),
    (4, "+1", "1 kraw. heksu w lewo"),
    (5, "0", "1 kraw. heksu w lewo"),
    (6, "0", "1 kraw. heksu w lewo"),
    (7, "0", "1 kraw. heksu w prawo"),
    (8, "0", "1 kraw. heksu w prawo"),
    (9, "0", "1 kraw. heksu w prawo"),
    (10, "-1", "1 kraw. heksu w prawo"),
    (11, "-2", "1 kraw. heksu w prawo"),
    (12, "Martwa cisza", "2 kraw. heksu w prawo"),
]


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return load_game("gbojc_naval").rules.ruleset


@pytest.fixture(scope="module")
def evaluator() -> Evaluator:
    """The shipped game's tables, rolled by the engine with forced dice."""
    return Evaluator(load_game("gbojc_naval"))


def test_rule_8_29_every_boarding_cell_reads_back_as_printed(rules: Ruleset) -> None:
    table = rules.table("boarding")
    for line in BOARDING_AS_PRINTED.splitlines():
        defender, *cells = line.split("\t")
        for attacker, printed in enumerate(cells, start=1):
            assert table.lookup(int(defender), attacker).text == printed


def test_rule_8_29_attacker_m4_against_defender_m1_succeeds_on_4_to_12(rules: Ruleset) -> None:
    cell = rules.table("boarding").lookup(1, 4)
    assert cell.text == "4-12"
    assert [roll for roll in range(2, 13) if cell.passes(roll)] == list(range(4, 13))


def test_rule_8_29_attacker_m1_against_defender_m6_is_nie(rules: Ruleset) -> None:
    cell = rules.table("boarding").lookup(6, 1)
    assert cell.text == "NIE"
    assert cell.special is not None and cell.special.outcome == "fail"
    assert not any(cell.passes(roll) for roll in range(2, 13))


def test_rule_8_29_auto_captures_without_a_roll(rules: Ruleset) -> None:
    cell = rules.table("boarding").lookup(0, 5)
    assert cell.text == "AUTO"
    assert cell.special is not None
    assert (
        cell.special.meaning == "Automatyczne przejście okrętu, brak Wyniszczenia dla atakujących."
    )
    assert all(cell.passes(roll) for roll in range(2, 13))


def test_rule_8_23_example_two_m2_galleys_against_m1_repelled_on_a_3(evaluator: Evaluator) -> None:
    """8.23: column "4" (2 + 2), row "1": success needs 4-12; a roll of 3 is repelled."""
    result = evaluator.roll_on(
        "boarding", 3, row=1, column=4, height_advantage=False, height_disadvantage=False
    )
    assert (result.cell.text, result.modified, result.passed) == ("4-12", 3, False)


def test_rule_8_24_height_advantage_adds_one_to_the_boarding_roll(evaluator: Evaluator) -> None:
    result = evaluator.roll_on(
        "boarding", 3, row=1, column=4, height_advantage=True, height_disadvantage=False
    )
    assert (result.modifier, result.modified, result.passed) == (1, 4, True)


def test_rule_8_29_modified_rolls_above_12_count_as_12(evaluator: Evaluator) -> None:
    """Defender M5, attacker M1 needs a 12; a 12 with +1 is 13, which counts as 12."""
    result = evaluator.roll_on(
        "boarding", 12, row=5, column=1, height_advantage=True, height_disadvantage=False
    )
    assert (result.cell.text, result.modified, result.passed) == ("12", 12, True)


def test_rule_8_29_modified_rolls_below_2_count_as_2(evaluator: Evaluator) -> None:
    """Defender M1, attacker M6 succeeds on 2-12; a 2 with -1 is 1, which counts as 2."""
    result = evaluator.roll_on(
        "boarding", 2, row=1, column=6, height_advantage=False, height_disadvantage=True
    )
    assert (result.cell.text, result.modified, result.passed) == ("2-12", 2, True)


@pytest.mark.parametrize(("roll", "strength", "direction"), WIND_AS_PRINTED)
def test_rule_6_24_wind_table_reads_back_as_printed(
    rules: Ruleset, roll: int, strength: str, direction: str
) -> None:
    row = rules.table("wind").row(roll)
    assert (row["strength"].text, row["direction"].text) == (strength, direction)


def test_rule_6_24_wind_strength_cells_read_as_numbers(rules: Ruleset) -> None:
    table = rules.table("wind")
    assert [table.lookup(roll, "strength").number for roll in range(2, 13)] == [
        None,
        2,
        1,
        0,
        0,
        0,
        0,
        0,
        -1,
        -2,
        None,
    ]
    assert table.lookup(2, "strength").special is not None


def test_rule_2_2_modified_2d6_above_12_counts_as_12(rules: Ruleset) -> None:
    assert rules.table("wind").lookup(15, "direction").text == "2 kraw. heksu w prawo"


def test_rule_2_2_modified_2d6_below_2_is_outside_the_range(rules: Ruleset) -> None:
    with pytest.raises(RulesError, match="table 'wind' has no row for 1"):
        rules.table("wind").lookup(1, "strength")


def test_rule_6_43_fatigue_examples(evaluator: Evaluator) -> None:
    """C3 galley, 5 MP against cruise 4, rolls 3: 4, no effect; 6 MP and a 5: 7, Z2."""
    first = evaluator.roll_on("fatigue", 3, column=3, mp_over_cruise=1)
    second = evaluator.roll_on("fatigue", 5, column=3, mp_over_cruise=2)
    assert (first.modified, first.cell.text) == (4, "-")
    assert (second.modified, second.cell.text) == (7, "Z2")


def test_rule_6_47_fatigue_8_and_more_uses_the_last_row(rules: Ruleset) -> None:
    table = rules.table("fatigue")
    assert [table.lookup(11, crew).text for crew in range(5)] == ["Z4", "Z4", "Z4", "Z3", "Z3"]


def test_rule_8_14_grappling_modifiers_add_up(evaluator: Evaluator) -> None:
    result = evaluator.roll_on(
        "grappling", 1, column=0, target_immobilised=True, target_grappled=True, dead_calm=False
    )
    assert (result.modifier, result.cell.text) == (3, "-")
    result = evaluator.roll_on(
        "grappling", 3, column=0, target_immobilised=True, target_grappled=True, dead_calm=False
    )
    assert (result.modified, result.cell.text) == (6, "S")


def test_rule_8_34_better_crew_does_not_add_to_same_owner(evaluator: Evaluator) -> None:
    both = evaluator.roll_on(
        "ungrappling", 1, column=1, same_owner=True, better_crew=True, repelled_boarding=False
    )
    crew_only = evaluator.roll_on(
        "ungrappling", 1, column=1, same_owner=False, better_crew=True, repelled_boarding=False
    )
    assert (both.modifier, both.cell.text) == (2, "P")
    assert (crew_only.modifier, crew_only.cell.text) == (1, "P")


def test_rule_8_47_missile_fire_columns_are_ranges_of_m(rules: Ruleset) -> None:
    table = rules.table("missile_fire")
    assert table.lookup(6, 2).text == "W"
    assert table.lookup(6, 3).text == "W/Poż"
    assert table.lookup(1, 8).text == "-"
    assert table.lookup(9, 0).text == "W"


def test_rule_8_54_firefighting(rules: Ruleset) -> None:
    table = rules.table("firefighting")
    assert [table.lookup(roll).text for roll in range(1, 7)] == [
        "Ogień ugaszony.",
        "Ogień ugaszony.",
        "Okręt wciąż płonie.",
        "Okręt wciąż płonie, ogień może się przenieść na inny okręt. *",
        "Okręt spłonął i zatonął.",
        "Okręt spłonął i zatonął.",
    ]
