"""Hannibal Barkas: the Gallic attitude test (HB 8.2, Table 2) and the stage sequence (HB III)."""

from __future__ import annotations

import pytest

from framework.rules.evaluator import Evaluator
from framework.rules.ruleset import Ruleset
from framework.rules.sequence import iter_steps

from .fakes import FakeState, hb_registry, hb_rules

GALLIC_AS_PRINTED = [
    ("10-9", "Sojusz", "-"),
    ("8-7", "Przyjazne", "+4"),
    ("6-5", "Neutralne", "-"),
    ("4-3", "Nieprzyjazne", "-4"),
    ("2-1", "Wrogie", "-"),
]


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return hb_rules()


def test_rule_8_2_table_2_reads_back_as_printed(rules: Ruleset) -> None:
    table = rules.table("gallic_attitude")
    printed = [
        (key.label, cells[0].text, cells[1].text)
        for key, cells in zip(table.row_keys, table.cells, strict=True)
        if not isinstance(key, str)
    ]
    assert printed == GALLIC_AS_PRINTED


def test_rule_8_2_example_13_romans_among_lingones_friendly_to_carthage(rules: Ruleset) -> None:
    """Ex. 13: Rome has -4 (the tribe is friendly to Carthage), rolls 5: 1, hostile."""
    state = FakeState.make(attitudes={("Lingones", "rome"): "unfriendly"})
    evaluator = Evaluator(rules, hb_registry(), ("rome", "carthage"))
    result = evaluator.roll_on(
        "gallic_attitude", 5, state, column="attitude", tribe="Lingones", tester="rome"
    )
    assert (result.modifier, result.modified, result.cell.text) == (-4, 1, "Wrogie")


def test_rule_8_1_friendly_tribe_gives_plus_4_and_rolls_clamp_at_10(rules: Ruleset) -> None:
    state = FakeState.make(attitudes={("Boii", "carthage"): "friendly"})
    evaluator = Evaluator(rules, hb_registry(), ("rome", "carthage"))
    result = evaluator.roll_on(
        "gallic_attitude", 9, state, column="attitude", tribe="Boii", tester="carthage"
    )
    assert (result.modifier, result.modified, result.cell.text) == (4, 10, "Sojusz")


def test_rule_8_2_neutral_tribe_has_no_modifier(rules: Ruleset) -> None:
    evaluator = Evaluator(rules, hb_registry(), ("rome", "carthage"))
    result = evaluator.roll_on(
        "gallic_attitude", 5, FakeState(), column="attitude", tribe="Boii", tester="rome"
    )
    assert (result.modifier, result.cell.text) == (0, "Neutralne")
    assert rules.table("gallic_attitude").lookup(7, "modifier").number == 4


def test_rule_iii_a_year_has_six_stages_with_consuls_in_2_and_economy_in_3_and_6(
    rules: Ruleset,
) -> None:
    states = iter([FakeState()] * 60 + [FakeState(over=True)] * 100)
    steps = list(iter_steps(rules, hb_registry(), lambda: next(states)))
    first_year = [s for s in steps if s.loops["year"] == 1]
    assert [s.loops["stage"] for s in first_year if s.procedure == "draw_consuls"] == [2]
    assert [s.loops["stage"] for s in first_year if s.procedure == "economy"] == [3, 6]
    assert len([s for s in first_year if s.procedure == "draw_cards"]) == 6
    assert steps[-1].procedure == "vp_target"
