"""Julius Caesar victory (JC 1.2): 10 VP at a winter check; after year 5 more VP, then Roma."""

from __future__ import annotations

import pytest

from framework.rules.evaluator import Evaluator, Outcome
from framework.rules.trace import tracing

from .fakes import JC_SIDES, FakeState, jc_registry, jc_rules


@pytest.fixture(scope="module")
def evaluator() -> Evaluator:
    return Evaluator(jc_rules(), jc_registry(), JC_SIDES)


@pytest.mark.parametrize(
    ("caesar", "pompey", "outcome"),
    [
        (10, 7, Outcome("win", "caesar", "winter_victory", "JC 1.2")),
        (6, 12, Outcome("win", "pompey", "winter_victory", "JC 1.2")),
        (9, 9, Outcome("none", victory="winter_victory")),
        (11, 10, Outcome("win", "caesar", "winter_victory", "JC 1.2")),
        (10, 10, Outcome("none", victory="winter_victory", rule="JC 1.2")),
    ],
)
def test_rule_1_2_winter_check(
    evaluator: Evaluator, caesar: int, pompey: int, outcome: Outcome
) -> None:
    state = FakeState.make(vp={"caesar": caesar, "pompey": pompey})
    assert evaluator.decide("winter_victory", state) == outcome


def test_rule_1_2_after_year_5_more_vp_wins(evaluator: Evaluator) -> None:
    state = FakeState.make(vp={"caesar": 8, "pompey": 9}, control={"Roma": "caesar"})
    assert evaluator.decide("final_victory", state) == Outcome(
        "win", "pompey", "final_victory", "JC 1.2"
    )


def test_rule_1_2_equal_vp_the_holder_of_roma_wins(evaluator: Evaluator) -> None:
    state = FakeState.make(vp={"caesar": 8, "pompey": 8}, control={"Roma": "caesar"})
    assert evaluator.decide("final_victory", state).winner == "caesar"


def test_rule_1_2_equal_vp_and_roma_vacant_is_a_draw(evaluator: Evaluator) -> None:
    state = FakeState.make(vp={"caesar": 8, "pompey": 8})
    assert evaluator.decide("final_victory", state).kind == "draw"


def test_rule_1_2_deciding_clause_fires_its_rule(evaluator: Evaluator) -> None:
    with tracing() as trace:
        evaluator.decide("winter_victory", FakeState.make(vp={"caesar": 10}))
    assert trace.by_origin[("dsl", "JC 1.2")] == 1  # the clause that decided
    assert trace.by_origin[("python", "JC 1.2")] == 2  # the vp query, once per side
    assert trace.counts["JC 1.2"] == 3
