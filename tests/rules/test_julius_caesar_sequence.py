"""Julius Caesar's sequence of play (JC 2.0-2.3) and winter turn (JC 8.0-8.6) walked step by step."""

from __future__ import annotations

import json

import pytest

from framework.rules.loading import with_variant
from framework.rules.ruleset import Ruleset
from framework.rules.sequence import (
    StepCall,
    cursor_from_json,
    cursor_to_json,
    iter_steps,
    next_step,
    plan,
)
from framework.rules.trace import tracing

from .fakes import JC_SYMBOLS, FakeState, jc_registry, jc_rules, variant

WINTER_ES = [
    "cleopatra_home",
    "winter_victory",
    "navis_to_port",
    "winter_supply",
    "disband",
    "year_reset",
]


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return jc_rules()


def walk(rules: Ruleset, state: FakeState | None = None) -> list[StepCall]:
    state = state or FakeState()
    return list(iter_steps(rules, jc_registry(), lambda: state))


def test_rule_2_0_five_years_of_five_turns_of_three_phases(rules: Ruleset) -> None:
    steps = walk(rules)
    turns = [s for s in steps if s.procedure == "card_phase"]
    assert len(turns) == 25
    assert [(s.loops["year"], s.loops["turn"]) for s in turns[:6]] == [
        (1, 1),
        (1, 2),
        (1, 3),
        (1, 4),
        (1, 5),
        (2, 1),
    ]
    first_turn = [s.procedure for s in steps[1:4]]
    assert first_turn == ["card_phase", "command_phase", "battle_phase"]


def test_rule_2_1_each_year_starts_with_the_deal(rules: Ruleset) -> None:
    deals = [s for s in walk(rules) if s.procedure == "deal"]
    assert [s.loops["year"] for s in deals] == [1, 2, 3, 4, 5]
    assert deals[0].arguments == {"cards": 6, "discard": 1}
    assert deals[0].rule == "JC 2.1"


def test_rule_8_0_winter_steps_in_their_exact_order(rules: Ruleset) -> None:
    winter = [s for s in walk(rules) if s.path[:2] == ("year", "winter") and s.loops["year"] == 1]
    assert [s.procedure for s in winter] == WINTER_ES
    assert [s.kind for s in winter] == ["step", "check", "step", "step", "step", "step"]
    supply = winter[3]
    assert (supply.label, supply.arguments, supply.rule) == (
        "year.winter.winter_supply",
        {"base": 3},
        "JC 8.3",
    )


def test_rule_8_6_no_year_reset_after_the_last_year(rules: Ruleset) -> None:
    steps = walk(rules)
    resets = [s.loops["year"] for s in steps if s.procedure == "year_reset"]
    assert resets == [1, 2, 3, 4]
    assert (steps[-1].kind, steps[-1].procedure, steps[-1].path) == (
        "check",
        "final_victory",
        ("final_victory",),
    )
    assert len(steps) == 5 * (1 + 5 * 3 + 6) - 1 + 1


def test_rule_2_1_cancelled_turn_skips_command_and_battle(rules: Ruleset) -> None:
    first_three = walk(rules, FakeState(cancelled=True))[:4]
    assert [s.procedure for s in first_three] == ["deal", "card_phase", "card_phase", "card_phase"]


def test_conditions_are_evaluated_when_the_step_is_reached(rules: Ruleset) -> None:
    registry = jc_registry()
    deal = next_step(rules, registry, FakeState())
    assert deal is not None
    card = next_step(rules, registry, FakeState(), deal.cursor)
    assert card is not None and card.procedure == "card_phase"
    skipped = next_step(rules, registry, FakeState(cancelled=True), card.cursor)
    played = next_step(rules, registry, FakeState(), card.cursor)
    assert skipped is not None and played is not None
    assert (skipped.procedure, played.procedure) == ("card_phase", "command_phase")


def test_the_cursor_survives_a_trip_through_json(rules: Ruleset) -> None:
    registry = jc_registry()
    step = next_step(rules, registry, FakeState())
    for _ in range(20):
        assert step is not None
        step = next_step(rules, registry, FakeState(), step.cursor)
    assert step is not None
    saved = json.loads(json.dumps(cursor_to_json(step.cursor)))
    restored = next_step(rules, registry, FakeState(), cursor_from_json(saved))
    direct = next_step(rules, registry, FakeState(), step.cursor)
    assert restored == direct
    assert restored is not None and restored.label == "year.winter.year_reset"


def test_walking_the_sequence_counts_the_rules_that_fired(rules: Ruleset) -> None:
    with tracing() as trace:
        walk(rules)
    assert trace.counts["JC 8.1"] == 5
    assert trace.counts["JC 2.2"] == 25
    assert trace.counts["JC 8.6"] == 4
    assert trace.by_origin[("dsl", "JC 8.0")] == 5


def test_polish_winter_order_checks_victory_after_supply(rules: Ruleset) -> None:
    polish = with_variant(rules, variant("jc_polish_winter.variant"), JC_SYMBOLS, jc_registry())
    winter = [s.procedure for s in walk(polish) if s.path[:2] == ("year", "winter")][:6]
    assert winter == [
        "cleopatra_home",
        "navis_to_port",
        "winter_supply",
        "winter_victory",
        "disband",
        "year_reset",
    ]


def test_plan_lists_every_step_with_its_loops_and_conditions(rules: Ruleset) -> None:
    lines = [str(p) for p in plan(rules)]
    assert lines[:3] == [
        "year.deal: step deal(cards: hand_size, discard: discards)",
        "year.turn.card_phase: step card_phase",
        "year.turn.command_phase: step command_phase when not cancelled()",
    ]
    assert lines[-2:] == [
        "year.winter.year_reset: step year_reset when year < years",
        "final_victory: check final_victory",
    ]
    assert plan(rules)[1].loops == ("year in 1..years", "turn in 1..turns_per_year")
