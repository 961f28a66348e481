"""GBoJC 8.1 grappling (table 8.14), 7.1 cutting sails and 8.3 ungrappling (table 8.34).

The Roman galley moves as an individual squadron in phase F (its crew check a 6), then
grapples, cuts sails or ungrapples in its move."""

from __future__ import annotations

from typing import Any

from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.gbojc_naval import queries

from .conftest import activate, individual

#: Aquila (C3) and Belenos (C3) side by side, across Aquila's starboard side.
SIDE_BY_SIDE = {"Aquila": ("2010", "N"), "Belenos": ("2110", "S")}


def aquila_in_combat(play_from: PlayFrom, **more: Any) -> Kit:
    """Aquila's move, at its combat stage (no points announced)."""
    kit = individual(play_from, SIDE_BY_SIDE, ["Aquila"], **more)
    return activate(kit, "Aquila").act("speed(0)")


def test_rule_8_14_c3_grapples_on_3(play_from: PlayFrom) -> None:
    kit = aquila_in_combat(play_from)
    kit.act("grapple(Belenos)")
    assert kit.asked == ("veneti", "reaction")  # 8.42: Belenos may fire at the galley first
    kit.dice(3).act("hold_fire")
    assert queries.ship(kit, "Belenos").grappled_to == ("Aquila",)


def test_rule_8_14_c3_fails_on_2_unless_the_target_is_immobilised(play_from: PlayFrom) -> None:
    kit = aquila_in_combat(play_from)
    kit.act("grapple(Belenos)").dice(2).act("hold_fire")
    assert queries.ship(kit, "Belenos").grappled_to == ()
    kit = aquila_in_combat(play_from, pieces={"Belenos": {"flags": ["immobilised"]}})
    kit.act("grapple(Belenos)").dice(1).act("hold_fire")
    assert queries.ship(kit, "Belenos").grappled_to == ("Aquila",)  # 1 + 2 = 3


def test_rule_8_13_one_attempt_a_turn_and_8_11_not_at_maximum_speed(play_from: PlayFrom) -> None:
    kit = aquila_in_combat(play_from)
    assert {"grapple(Belenos)", "cut_sails(Belenos)"} <= set(kit.legal())
    kit.act("grapple(Belenos)").dice(1).act("hold_fire")
    assert queries.this_turn(kit, "grapple_tried") == ["Aquila"]
    assert not any(a.startswith(("grapple", "cut_sails")) for a in kit.legal())
    # Lupa, at maximum speed beside Belenos, is offered neither (its fatigue test: a 1).
    kit = individual(
        play_from,
        {"Lupa": ("2210", "N"), "Belenos": ("2110", "S")},
        ["Lupa"],
        attrs={"Lupa": {"speed": "max"}},
    )
    activate(kit, "Lupa").dice(1).act("speed(0)")
    assert not any(a.startswith(("grapple", "cut_sails")) for a in kit.legal())


def test_rule_7_1_cut_sails_on_1_to_4_and_no_grapple_this_turn(play_from: PlayFrom) -> None:
    """Aquila cuts Belenos's sails (a 4); Lupa, another Roman galley next to Belenos, may
    then not grapple it this turn (without the cut it may)."""
    kit = individual(play_from, {**SIDE_BY_SIDE, "Lupa": ("2210", "N")}, ["Aquila", "Lupa"])
    activate(kit, "Aquila").act("speed(0)")
    assert [a for a in kit.legal() if a.startswith("cut_sails")] == ["cut_sails(Belenos)"]
    uncut = kit.fork().act("done")
    assert "grapple(Belenos)" in activate(uncut, "Lupa").act("speed(0)").legal()
    kit.dice(4).act("cut_sails(Belenos)", "done")
    assert queries.ship(kit, "Belenos").immobilised
    activate(kit, "Lupa").act("speed(0)")
    assert "grapple(Belenos)" not in kit.legal()


def test_rule_7_1_a_5_misses(play_from: PlayFrom) -> None:
    kit = aquila_in_combat(play_from)
    kit.dice(5).act("cut_sails(Belenos)")
    assert not queries.ship(kit, "Belenos").immobilised
    assert "Aquila cuts the sails of Belenos: roll 5 -> missed" in kit.log()


def grappled(play_from: PlayFrom, **more: Any) -> Kit:
    """Aquila and Belenos grappled; Aquila activated: its move asks for the ungrappling."""
    kit = individual(play_from, SIDE_BY_SIDE, ["Aquila"], grappled=[("Aquila", "Belenos")], **more)
    activate(kit, "Aquila")
    assert kit.asked == ("romans", "ungrapple")
    return kit


def test_rule_8_31_ungrappling_a_c3_needs_2_and_costs_2_points(play_from: PlayFrom) -> None:
    kit = grappled(play_from)
    kit.dice(2).act("ungrapple")
    assert queries.ship(kit, "Aquila").grappled_to == ()
    assert kit.legal() == ["speed(0)", "speed(1)", "speed(2)"]  # cruise 4 less 2


def test_rule_8_34_failed_ungrappling_keeps_the_ship_in_place(play_from: PlayFrom) -> None:
    kit = grappled(play_from)
    kit.dice(1).act("ungrapple")
    assert queries.ship(kit, "Aquila").grappled_to == ("Belenos",)
    assert kit.asked == ("romans", "combat")  # no move: straight to its combat


def test_rule_8_34_modifiers_same_owner_and_repelled_boarding(play_from: PlayFrom) -> None:
    """+2 for ships of one owner, +1 after repelling a boarding: a C3 rolling 1 then frees."""
    kit = grappled(play_from, pieces={"Belenos": {"side": "romans"}})
    kit.dice(1).act("ungrapple")  # 1 + 2 = 3
    assert queries.ship(kit, "Aquila").grappled_to == ()
    kit = grappled(play_from, records={"turn": {"repelled_boarding": ["Aquila"]}})
    kit.dice(1).act("ungrapple")  # 1 + 1 = 2
    assert queries.ship(kit, "Aquila").grappled_to == ()
