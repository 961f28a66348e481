"""GBoJC 8.2 boarding, table 8.29 and depletion 8.28, with forced 2d6."""

from __future__ import annotations

from pathlib import Path

from framework.engine.state import State
from framework.testing import GameUnderTest as Game
from games.gbojc_naval import combat, fleet

from .conftest import context, empty_sea, put, texts, variant, with_stats


def _no_height(tmp_path: Path) -> Game:
    return variant(tmp_path, "height.sailing_over_galley = false")


def two_biremes_against_belenos(game: Game) -> State:
    """Aquila and Lupa (biremes, M2 each) beside Belenos (a sailing ship, M2 depleted to M1)."""
    state = empty_sea(game)
    put(state, "Aquila", "2010", "N")
    put(state, "Lupa", "2210", "N")
    put(state, "Belenos", "2109", "S")
    fleet.set_attr(state, "Belenos", "depletion", 1)
    return state


def test_rule_8_23_example_two_m2_galleys_need_4_to_12_against_m1(tmp_path: Path) -> None:
    """8.23: two M2 galleys against an M1 sailing ship read column 4, row 1: 4-12."""
    game = _no_height(tmp_path)
    state = two_biremes_against_belenos(game)
    ctx = context(game, state, [2, 2])
    assert combat.board(ctx, [("Aquila", 2), ("Lupa", 2)], "Belenos") is True
    assert state["pieces"]["Belenos"]["side"] == "romans"
    assert "captured" in state["pieces"]["Belenos"]["flags"]
    # a capture on a modified 4 (not 9-12) costs the attackers nothing
    assert fleet.marines(game.definition, state, "Aquila") == 2


def test_rule_8_23_example_roll_3_is_repelled_and_both_sides_deplete(tmp_path: Path) -> None:
    """8.23: "Jeśli atakujący wyrzuci na kościach sumę 3, to atak zostanie odparty i obie
    strony, atakujący i broniący, poniosą straty w postaci Wyczerpania." """
    game = _no_height(tmp_path)
    state = two_biremes_against_belenos(game)
    ctx = context(game, state, [1, 2])
    assert combat.board(ctx, [("Aquila", 2), ("Lupa", 2)], "Belenos") is False
    assert state["pieces"]["Belenos"]["side"] == "veneti"
    assert fleet.attr(state, "Aquila", "depletion") == 1
    assert fleet.attr(state, "Lupa", "depletion") == 1
    assert fleet.attr(state, "Belenos", "depletion") == 2
    assert "Belenos" in fleet.turn_list(state, "repelled_boarding")
    assert ["Aquila", "Belenos"] in fleet.turn_list(state, "repelled_by")


def test_rule_8_23_example_needs_5_to_12_under_the_default_height(game: Game) -> None:
    """The 8.23 example does not reproduce with ``height.sailing_over_galley`` (default
    true): the M1 sailing ship towers over the galleys (-1, 8.24), so the "4 do 12" of the
    example's cell needs 5-12 on the dice. A rolled 4 (modified 3) is repelled, both sides
    depleted; a rolled 5 (modified 4) takes the ship. The example's rolled 3 still repels."""
    state = two_biremes_against_belenos(game)
    ctx = context(game, state, [2, 2])
    assert combat.board(ctx, [("Aquila", 2), ("Lupa", 2)], "Belenos") is False
    assert any("(M4 against M1, cell 4-12, roll 4-1): repelled" in t for t in texts(state))
    assert [fleet.attr(state, s, "depletion") for s in ("Aquila", "Lupa", "Belenos")] == [1, 1, 2]
    state = two_biremes_against_belenos(game)
    ctx = context(game, state, [2, 3])
    assert combat.board(ctx, [("Aquila", 2), ("Lupa", 2)], "Belenos") is True
    assert any("(M4 against M1, cell 4-12, roll 5-1): captured" in t for t in texts(state))
    state = two_biremes_against_belenos(game)
    ctx = context(game, state, [1, 2])
    assert combat.board(ctx, [("Aquila", 2), ("Lupa", 2)], "Belenos") is False
    assert [fleet.attr(state, s, "depletion") for s in ("Aquila", "Lupa", "Belenos")] == [1, 1, 2]


def test_rule_8_29_m4_against_m1_succeeds_on_4_to_12(game: Game) -> None:
    """Column 4, row 1: 4-12. Veneti attackers have the height over a galley (+1, 8.24):
    a rolled 3 is a modified 4 and takes the ship."""
    state = empty_sea(game)
    put(state, "Cernunnos", "2009", "S")  # M3
    put(state, "Taranis", "2209", "S")  # M3 -> commits 1
    put(state, "Aquila", "2110", "N")  # bireme M2, depleted to M1
    fleet.set_attr(state, "Aquila", "depletion", 1)
    ctx = context(game, state, [1, 2])
    assert combat.board(ctx, [("Cernunnos", 3), ("Taranis", 1)], "Aquila") is True
    assert state["pieces"]["Aquila"]["side"] == "veneti"
    assert any("(M4 against M1, cell 4-12, roll 3+1): captured" in t for t in texts(state))


def test_rule_8_29_m1_against_m6_is_nie_repelled_without_defender_loss(tmp_path: Path) -> None:
    """Row 6, column 1: NIE, automatically repelled even on a 12; the defenders lose
    nothing (no depletion on 2-5 either), the attacker is depleted."""
    game = _no_height(tmp_path)
    with_stats(game, "Cernunnos", marines=6)
    state = empty_sea(game)
    put(state, "Aquila", "2010", "N")
    put(state, "Cernunnos", "2109", "S")
    fleet.set_attr(state, "Aquila", "depletion", 1)  # M1
    ctx = context(game, state, [1, 1])
    assert combat.board(ctx, [("Aquila", 1)], "Cernunnos") is False
    assert fleet.attr(state, "Aquila", "depletion") == 2
    assert fleet.attr(state, "Cernunnos", "depletion") == 0
    assert any("M1 against M6, cell NIE" in t for t in texts(state))


def test_rule_8_29_auto_captures_without_depletion(tmp_path: Path) -> None:
    """Row 0, column 5+: AUTO, no depletion for the attackers."""
    game = _no_height(tmp_path)
    state = empty_sea(game)
    put(state, "Concordia", "2010", "N")  # M3
    put(state, "Victoria", "2210", "N")  # M3
    put(state, "Belenos", "2109", "S")
    fleet.set_attr(state, "Belenos", "depletion", 3)  # M0
    ctx = context(game, state, [1, 1])
    assert combat.board(ctx, [("Concordia", 3), ("Victoria", 2)], "Belenos") is True
    assert fleet.attr(state, "Concordia", "depletion") == 0
    assert fleet.attr(state, "Victoria", "depletion") == 0


def test_rule_8_28_capture_on_9_to_12_depletes_every_attacker(tmp_path: Path) -> None:
    game = _no_height(tmp_path)
    state = two_biremes_against_belenos(game)
    ctx = context(game, state, [5, 4])
    assert combat.board(ctx, [("Aquila", 2), ("Lupa", 2)], "Belenos") is True
    assert fleet.attr(state, "Aquila", "depletion") == 1
    assert fleet.attr(state, "Lupa", "depletion") == 1
