"""GBoJC 8.1 grappling (table 8.14), 7.1 cutting sails and 8.3 ungrappling (table 8.34)."""

from __future__ import annotations

from framework.testing import GameUnderTest as Game
from games.gbojc_naval import combat, fleet

from .conftest import answer, context, empty_sea, listed, put, run


def _side_by_side(game: Game) -> dict:
    state = empty_sea(game)
    put(state, "Aquila", "2010", "N")  # C3
    put(state, "Belenos", "2110", "S")  # C3, across Aquila's starboard side
    return state


def test_rule_8_14_c3_grapples_on_3(game: Game) -> None:
    state = _side_by_side(game)
    ctx = context(game, state, [3])
    assert combat.try_grapple(ctx, "Aquila", "Belenos")
    assert fleet.grappled_to(state, "Belenos") == ["Aquila"]


def test_rule_8_14_c3_fails_on_2_unless_the_target_is_immobilised(game: Game) -> None:
    state = _side_by_side(game)
    assert not combat.try_grapple(context(game, state, [2]), "Aquila", "Belenos")
    state["records"]["turn"] = {}
    state["pieces"]["Belenos"]["flags"] = ["immobilised"]
    assert combat.try_grapple(context(game, state, [1]), "Aquila", "Belenos")  # 1+2 = 3


def test_rule_8_13_one_attempt_a_turn_and_8_11_not_at_maximum_speed(game: Game) -> None:
    state = _side_by_side(game)
    ctx = context(game, state, [1])
    assert combat.may_grapple(ctx, "Aquila")
    combat.try_grapple(ctx, "Aquila", "Belenos")
    assert not combat.may_grapple(ctx, "Aquila")
    fleet.set_attr(state, "Lupa", "speed", "max")
    put(state, "Lupa", "2210", "N", speed="max")
    assert not combat.may_grapple(ctx, "Lupa")


def test_rule_7_1_cut_sails_on_1_to_4_and_no_grapple_this_turn(game: Game) -> None:
    state = _side_by_side(game)
    ctx = context(game, state, [4])
    assert combat.cut_sails_targets(ctx, "Aquila") == ["Belenos"]
    assert combat.cut_sails(ctx, "Aquila", "Belenos")
    assert "immobilised" in state["pieces"]["Belenos"]["flags"]
    put(state, "Lupa", "2109", "N")  # another Roman galley next to Belenos
    assert "Belenos" not in combat.grapple_targets(ctx, "Lupa")


def test_rule_7_1_a_5_misses(game: Game) -> None:
    state = _side_by_side(game)
    assert not combat.cut_sails(context(game, state, [5]), "Aquila", "Belenos")
    assert "immobilised" not in state["pieces"]["Belenos"]["flags"]


def test_rule_8_31_ungrappling_a_c3_needs_2_and_costs_2_points(game: Game) -> None:
    state = _side_by_side(game)
    fleet.grapple(state, "Aquila", "Belenos")
    run(game, state, "ship_move", [2], ship="Aquila", restricted=False, phase="E")
    assert state["prompt"]["kind"] == "ungrapple"
    answer(game, state, "ungrapple")
    assert fleet.grappled_to(state, "Aquila") == []
    assert [a[1] for a in listed(game, state)] == [0, 1, 2]  # cruise 4 less 2


def test_rule_8_34_failed_ungrappling_keeps_the_ship_in_place(game: Game) -> None:
    state = _side_by_side(game)
    fleet.grapple(state, "Aquila", "Belenos")
    run(game, state, "ship_move", [1], ship="Aquila", restricted=False, phase="E")
    answer(game, state, "ungrapple")
    assert fleet.grappled_to(state, "Aquila") == ["Belenos"]
    assert state["prompt"]["kind"] in ("combat", "test_over")


def test_rule_8_34_modifiers_same_owner_and_repelled_boarding(game: Game) -> None:
    """+2 for ships of one owner, +1 after repelling a boarding: a C3 rolling 1 then frees."""
    state = _side_by_side(game)
    state["pieces"]["Belenos"]["side"] = "romans"
    fleet.grapple(state, "Aquila", "Belenos")
    assert combat.try_ungrapple(context(game, state, [1]), "Aquila")
    fleet.grapple(state, "Aquila", "Belenos")
    state["pieces"]["Belenos"]["side"] = "veneti"
    fleet.mark(state, "repelled_boarding", "Aquila")
    assert combat.try_ungrapple(context(game, state, [1]), "Aquila")  # 1+1 = 2 on C3
