"""Event cards composed from primitive effects: Vulcan and Pluto, as printed and as in the rulebook."""

from __future__ import annotations

import pytest

from framework.errors import IllegalActionError
from framework.rules.evaluator import Choice, Evaluator
from framework.rules.loading import with_variant
from framework.rules.ruleset import Ruleset

from .fakes import JC_SIDES, JC_SYMBOLS, Block, FakeState, jc_registry, jc_rules, variant


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return jc_rules()


@pytest.fixture(scope="module")
def rulebook(rules: Ruleset) -> Ruleset:
    return with_variant(rules, variant("jc_rulebook_events.variant"), JC_SYMBOLS, jc_registry())


def battlefield() -> FakeState:
    return FakeState.make(
        blocks={
            "Pompeius": Block("pompey", "Neapolis", 3, "leader"),
            "Legio 1": Block("pompey", "Neapolis", 1),
            "Legio 3": Block("pompey", "Roma", 2),
            "P Navis 1": Block("pompey", "Mare Tyrrhenum", 2, "navis"),
            "Legio 13": Block("caesar", "Neapolis", 3),
            "Caesar": Block("caesar", "Ravenna", 3, "leader"),
        }
    )


def test_card_vulcan_offers_enemy_groups_not_at_sea(rules: Ruleset) -> None:
    run = Evaluator(rules, jc_registry(), JC_SIDES).run_effect(
        "vulcan", battlefield(), player="caesar"
    )
    choice = next(run)
    assert choice == Choice("vulcan", "target", "space", ("Neapolis", "Roma"), None, None)


def test_card_vulcan_every_enemy_block_loses_a_step_even_if_eliminated(rules: Ruleset) -> None:
    evaluator = Evaluator(rules, jc_registry(), JC_SIDES)
    after = evaluator.apply_effect("vulcan", battlefield(), lambda c: "Neapolis", player="caesar")
    assert after.blocks["Pompeius"].strength == 2
    assert "Legio 1" not in after.blocks
    assert after.blocks["Legio 13"].strength == 3  # Caesar's own block in Neapolis is spared
    assert after.log == ("lose_step Legio 1", "lose_step Pompeius")


def test_rulebook_vulcan_strikes_every_block_in_the_city(rulebook: Ruleset) -> None:
    evaluator = Evaluator(rulebook, jc_registry(), JC_SIDES)
    after = evaluator.apply_effect("vulcan", battlefield(), lambda c: "Neapolis", player="caesar")
    assert after.blocks["Legio 13"].strength == 2
    assert after.blocks["Pompeius"].strength == 2
    assert "Legio 1" not in after.blocks


def test_choosing_an_option_not_offered_is_illegal(rules: Ruleset) -> None:
    run = Evaluator(rules, jc_registry(), JC_SIDES).run_effect(
        "vulcan", battlefield(), player="caesar"
    )
    next(run)
    with pytest.raises(
        IllegalActionError,
        match="illegal action Ravenna at prompt 'vulcan: choose target'; legal: Neapolis, Roma",
    ):
        run.send("Ravenna")


def test_vulcan_with_no_enemy_group_does_nothing(rules: Ruleset) -> None:
    state = FakeState.make(blocks={"Caesar": Block("caesar", "Ravenna", 3, "leader")})
    evaluator = Evaluator(rules, jc_registry(), JC_SIDES)
    asked: list[Choice] = []
    after = evaluator.apply_effect("vulcan", state, lambda c: asked.append(c), player="caesar")
    assert after is state and asked == []


def test_card_pluto_and_rulebook_pluto_move_with_different_limits(
    rules: Ruleset, rulebook: Ruleset
) -> None:
    card = Evaluator(rules, jc_registry(), JC_SIDES).apply_effect(
        "pluto", FakeState(), lambda c: None, player="pompey"
    )
    book = Evaluator(rulebook, jc_registry(), JC_SIDES).apply_effect(
        "pluto", FakeState(), lambda c: None, player="pompey"
    )
    assert card.log == (
        "move_group attacking_only=True, major=6, minor=3, navis=False, player=pompey, "
        "sea_moves=False, strait=2",
    )
    assert book.log == (
        "move_group attacking_only=False, major=6, minor=4, navis=True, player=pompey, "
        "sea_moves=True, strait=4",
    )


def test_effects_are_found_by_their_card(rules: Ruleset) -> None:
    vulcan = rules.effect_for_card("Vulcan")
    assert vulcan is not None and vulcan.name == "vulcan"
    assert rules.effect_for_card("Apollo") is None
