"""GBoJC 8.4-8.5: missile fire (table 8.47) through the side hex edges, range, blocking,
reaction fire resolved together (8.42, 8.63) and incendiary fire (8.51-8.52). Fire with M0
(8.25, 8.43, the M0 column) is in test_rule_8_25_captured_ship_fires.py."""

from __future__ import annotations

from framework.testing import GameUnderTest as Game
from games.gbojc_naval import combat, fleet

from .conftest import answer, context, empty_sea, finished, put, run


def _ranges(game: Game, target_at: str) -> tuple[int | None, int | None]:
    state = empty_sea(game)
    put(state, "Aquila", "2010", "N")  # bow 2010, stern 2011
    put(state, "Belenos", target_at, "S")
    ctx = context(game, state)
    return (
        combat.fire_range(ctx, "Aquila", "Belenos", False),
        combat.fire_range(ctx, "Aquila", "Belenos", True),
    )


def test_rule_8_41_normal_fire_never_across_the_bow_or_stern_edge(game: Game) -> None:
    assert _ranges(game, "2009") == (None, 1)  # ahead: only incendiary fire, any edge
    assert _ranges(game, "2012") == (None, 1)  # astern
    assert _ranges(game, "2110") == (1, 1)  # across the stern hex's starboard side
    assert _ranges(game, "1910") == (1, 1)


def test_rule_8_41_range_two_and_8_52_incendiary_only_at_one(game: Game) -> None:
    assert _ranges(game, "2210") == (2, None)
    assert _ranges(game, "2008") == (None, None)  # straight ahead, through the bow


def test_rule_8_46_a_ship_between_blocks_range_two(game: Game) -> None:
    """2212 lies two hexes off the stern hex 2011, straight through 2111: a ship there blocks.
    2211 lies off the straight lines, between 2110 and 2111: one of them free is enough."""
    state = empty_sea(game)
    put(state, "Aquila", "2010", "N")
    put(state, "Belenos", "2212", "S")
    ctx = context(game, state)
    assert combat.fire_range(ctx, "Aquila", "Belenos", False) == 2
    put(state, "Epona", "2111", "S")
    assert combat.fire_range(ctx, "Aquila", "Belenos", False) is None
    put(state, "Belenos", "2211", "S")
    assert combat.fire_range(ctx, "Aquila", "Belenos", False) == 2  # through 2110
    put(state, "Sucellus", "2110", "S")
    assert combat.fire_range(ctx, "Aquila", "Belenos", False) is None


def test_rule_8_47_height_advantage_sailing_ship_hits_a_galley_on_5(game: Game) -> None:
    """M2 (column 1-2) with the height (+1): a rolled 5 is a 6, "W"."""
    state = empty_sea(game)
    put(state, "Aquila", "2010", "N")
    put(state, "Belenos", "2110", "S")
    ctx = context(game, state, [5])
    combat.land(ctx, combat.shoot(ctx, "Belenos", "Aquila", False))
    assert fleet.marines(game.definition, state, "Aquila") == 1


def test_rule_8_47_range_two_minus_one(game: Game) -> None:
    state = empty_sea(game)
    put(state, "Aquila", "2010", "N")
    put(state, "Belenos", "2210", "S")
    ctx = context(game, state, [6])
    shot = combat.shoot(ctx, "Belenos", "Aquila", False)
    assert shot.depletion == 1  # 6 +1 height -1 range = 6: "W"
    ctx = context(game, state, [5])
    assert combat.shoot(ctx, "Belenos", "Aquila", False).depletion == 0  # 5: "-"


def test_rule_8_51_incendiary_w_poz_rolls_on_the_fire_table(game: Game) -> None:
    """Concordia M3 (column 3-4) against a grappled sailing ship: 6 -1 +1 = 6, "W/Poż";
    the fire table's 4-6 sets it burning."""
    state = empty_sea(game)
    put(state, "Concordia", "2010", "N")
    put(state, "Belenos", "2110", "S")
    put(state, "Aquila", "2210", "N")
    fleet.grapple(state, "Aquila", "Belenos")
    ctx = context(game, state, [6, 4])
    combat.land(ctx, combat.shoot(ctx, "Concordia", "Belenos", True))
    assert "burning" in state["pieces"]["Belenos"]["flags"]
    assert fleet.attr(state, "Belenos", "depletion") == 1
    ctx = context(game, state, [6, 3])
    shot = combat.shoot(ctx, "Concordia", "Belenos", True)
    assert shot.depletion == 1 and not shot.sets_fire


def test_rule_8_42_reaction_fire_lands_together_with_the_fire_it_answers(game: Game) -> None:
    """Concordia (M3) fires at Belenos, which fires back. Belenos: 5 +1 = 6 on column 1-2,
    "W"; Concordia: 6 -1 = 5 on column 3-4, "W". Were Belenos's hit applied first,
    Concordia would fire with M2 (column 1-2, "-")."""
    state = empty_sea(game)
    put(state, "Concordia", "2010", "N")
    put(state, "Belenos", "2110", "S")
    run(game, state, "reaction", [5, 6], shooter="Concordia", target="Belenos",
        incendiary=False, phase="E", grappling=False, strength=None)  # fmt: skip
    assert state["prompt"]["side"] == "veneti"
    answer(game, state, "return_fire")
    assert finished(state)
    assert fleet.attr(state, "Concordia", "depletion") == 1
    assert fleet.attr(state, "Belenos", "depletion") == 1
    assert ["Belenos", "E"] in fleet.turn_list(state, "reacted")


def test_rule_8_42_reaction_fire_once_per_phase(game: Game) -> None:
    state = empty_sea(game)
    put(state, "Concordia", "2010", "N")
    put(state, "Belenos", "2110", "S")
    fleet.mark(state, "reacted", ["Belenos", "E"])
    run(game, state, "reaction", [1], shooter="Concordia", target="Belenos",
        incendiary=False, phase="E", grappling=False, strength=None)  # fmt: skip
    assert finished(state)  # no question: Belenos already answered once this phase
