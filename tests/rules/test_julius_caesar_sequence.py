"""Julius Caesar's sequence of play (JC 2.0-2.3) and winter turn (JC 8.0-8.6) as the engine
runs the shipped rules file: every procedure is recorded instead of played (tests/rules/
engine.py), the conditions and the victory checks are evaluated as in play."""

from __future__ import annotations

import json

from legatus.framework.engine.core import Run
from legatus.framework.engine.state import clone
from legatus.framework.rules.plan import plan
from tests.rules.engine import calls, recorded

WINTER_ES = ["cleopatra_home", "navis_to_port", "winter_supply", "disband", "year_reset"]


def test_rule_2_0_five_years_of_five_turns_of_three_phases() -> None:
    state = recorded("julius_caesar").new_state(seed=1)
    turns = [c for c in calls(state) if c["p"] == "card_phase"]
    assert len(turns) == 25
    assert [(c["vars"]["year"], c["vars"]["turn"]) for c in turns[:6]] == [
        (1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (2, 1),
    ]  # fmt: skip
    first_turn = [c["p"] for c in calls(state)[1:4]]
    assert first_turn == ["card_phase", "command_phase", "battle_phase"]


def test_rule_2_1_each_year_starts_with_the_deal() -> None:
    state = recorded("julius_caesar").new_state(seed=1)
    deals = [c for c in calls(state) if c["p"] == "deal_cards"]
    assert [c["vars"] for c in deals] == [{"year": y} for y in range(1, 6)]


def test_rule_8_0_winter_steps_in_their_exact_order() -> None:
    """The winter of year 1 (no one wins at the check: Pompey's 7 VP are short of 10)."""
    state = recorded("julius_caesar").new_state(seed=1)
    winter = [c for c in calls(state) if c["vars"] == {"year": 1} and c["p"] != "deal_cards"]
    assert [c["p"] for c in winter] == WINTER_ES
    supply = winter[2]
    assert supply["args"] == {"base": 3}  # winter_supply(base: winter_supply_base)


def test_rule_1_2_the_last_winter_ends_the_game_at_its_checks() -> None:
    """JC 1.2, 8.0: after year 5's Cleopatra step the final check decides; the winter's
    other steps never run, and there are five deals and four year resets before."""
    game = recorded("julius_caesar")
    state = game.new_state(seed=1)
    assert [c["vars"]["year"] for c in calls(state) if c["p"] == "year_reset"] == [1, 2, 3, 4]
    assert calls(state)[-1] == {"p": "cleopatra_home", "args": {}, "vars": {"year": 5}}
    assert state["result"] == {
        "winner": "pompey",
        "reason": "Pompeius wins (final_victory)",
        "rule": "JC 1.2",
    }
    assert len(calls(state)) == 5 * (1 + 5 * 3 + 5) - 4


def test_rule_2_1_a_cancelled_turn_skips_command_and_battle() -> None:
    """JC 2.1: when both played events the turn ends at once: the conditions ``when not
    cancelled()`` are evaluated when their step is reached, against the state as it is."""
    game = recorded("julius_caesar", asks=True)
    run = Run()
    state = game.new_state(seed=1, run=run)
    game.apply(state, "next", run)  # after the deal
    assert calls(state)[-1]["p"] == "card_phase"
    state["records"]["cancelled"] = True  # as the card phase records two events
    game.apply(state, "next", run)
    assert [c["p"] for c in calls(state)] == ["deal_cards", "card_phase", "card_phase"]
    state["records"]["cancelled"] = False
    game.apply(state, "next", run)
    assert calls(state)[-1]["p"] == "command_phase"


def test_a_game_copied_through_json_mid_sequence_goes_on_the_same() -> None:
    """Where the sequence stands is plain data in the state (frames of block numbers,
    indices and loop values): a copy through JSON continues exactly as the original."""
    game = recorded("julius_caesar", asks=True)
    state = game.new_state(seed=1)
    for _ in range(20):
        game.apply(state, "next")
    copy = json.loads(json.dumps(state))
    assert calls(copy)[-1] == {"p": "year_reset", "args": {}, "vars": {"year": 1}}
    for _ in range(30):
        game.apply(state, "next")
        game.apply(copy, "next")
    assert calls(copy) == calls(state) and copy["stack"] == state["stack"]


def test_running_the_sequence_counts_the_rules_that_fired() -> None:
    game = recorded("julius_caesar")
    run = Run()
    game.new_state(seed=1, run=run)
    assert run.fired["JC 8.1"] == 2 * 5  # the step's @rule and the procedure's, every winter
    assert run.fired["JC 2.2"] == 2 * 25
    assert run.fired["JC 8.6"] == 2 * 4
    assert run.fired["JC 1.2"] == 6 + 1  # five winter checks, the last final check, its clause


def test_polish_winter_order_checks_victory_after_supply() -> None:
    """The shipped variant: in year 5 the game ends after winter supply, not before."""
    state = recorded("julius_caesar", variant="polish_winter").new_state(seed=1)
    winter = [c["p"] for c in calls(state) if c["vars"] == {"year": 1}][1:]
    assert winter == WINTER_ES
    assert [c["p"] for c in calls(state)[-3:]] == [
        "cleopatra_home",
        "navis_to_port",
        "winter_supply",
    ]


def test_plan_lists_every_step_with_its_loops_and_conditions() -> None:
    ruleset = recorded("julius_caesar").rules.ruleset
    lines = [str(p) for p in plan(ruleset)]
    assert lines[:3] == [
        'free_deployment: step free_deployment when option("free_deployment")',
        "year.deal_cards: step deal_cards",
        "year.turn.card_phase: step card_phase",
    ]
    assert lines[-2:] == [
        "year.winter.disband: step disband",
        "year.winter.year_reset: step year_reset",
    ]
    assert plan(ruleset)[2].loops == ("year in 1..years", "turn in 1..turns_per_year")


def test_recording_keeps_the_state_untouched_by_real_procedures() -> None:
    """The recorders play nothing: the pieces stand where the scenario put them."""
    game = recorded("julius_caesar")
    state = game.new_state(seed=1)
    assert state["pieces"] == clone(game.setup(seed=1))["pieces"]
