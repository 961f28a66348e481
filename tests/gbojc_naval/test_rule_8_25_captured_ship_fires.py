"""GBoJC 8.25, 8.43, 8.47: a ship with M0 fires on the M0 column of the missile fire table.

8.25 takes a captured ship's M# to 0, and its note says the captor "może go używać do
prowadzenia ostrzału"; table 8.47 prints an M0 column. 8.43's last words, "nie można
strzelać z siłą M0", end its paragraph on split fire: no part of a split may be M0. Read
as a ban on all fire with M0 they are variants/no_fire_at_m0.variant.
"""

from __future__ import annotations

from framework.engine.state import State
from framework.testing import GameUnderTest as Game
from framework.testing import rules_game
from games.gbojc_naval import combat, fleet

from .conftest import answer, context, empty_sea, finished, put, run, texts


def taken_belenos(game: Game) -> State:
    """Belenos, a Veneti sailing ship captured by the Romans (C0, M0), beside Epona, a Veneti
    sailing ship (M2) grappled to the Roman bireme Aquila; a dead calm, so no one sails."""
    state = empty_sea(game, strength=0)
    put(state, "Belenos", "2110", "S")
    state["pieces"]["Belenos"]["side"] = "romans"
    state["pieces"]["Belenos"]["flags"] = ["captured"]
    put(state, "Epona", "2010", "N")
    put(state, "Aquila", "1910", "S")
    fleet.grapple(state, "Aquila", "Epona")
    return state


def test_rule_8_25_a_captured_ship_has_m0_and_may_fire(game: Game) -> None:
    state = taken_belenos(game)
    ctx = context(game, state)
    assert fleet.marines(game.definition, state, "Belenos") == 0
    assert combat.may_fire(ctx, "Belenos")
    assert combat.fire_targets(ctx, "Belenos", False) == ["Epona"]


def test_rule_8_47_m0_column_a_7_depletes(game: Game) -> None:
    """M0 column: a rolled 6 +1 for the grappled target is "≥ 7": "W"."""
    state = taken_belenos(game)
    ctx = context(game, state, [6])
    combat.land(ctx, combat.shoot(ctx, "Belenos", "Epona", False))
    assert "Belenos fire at Epona: roll 6+1 -> W" in texts(state)
    assert fleet.attr(state, "Epona", "depletion") == 1


def test_rule_8_47_m0_column_a_6_does_nothing(game: Game) -> None:
    """A rolled 5 +1 is a 6: "-" in the M0 column ("W" in the 1-2 column)."""
    state = taken_belenos(game)
    ctx = context(game, state, [5])
    shot = combat.shoot(ctx, "Belenos", "Epona", False)
    assert (shot.depletion, shot.text) == (0, "Belenos fire at Epona: roll 5+1 -> -")


def test_rule_8_43_an_m0_ship_fires_whole_and_never_splits(game: Game) -> None:
    """In the combat stage of its move the captured ship is offered fire at Epona (on the M0
    column) but no ``fire_part`` (8.43: no part of a split may be M0); Epona may fire back
    (8.42) and holds. The fire resolves on the M0 column: 6 +1, "W"."""
    state = taken_belenos(game)
    run(game, state, "ship_move", [], ship="Belenos", restricted=False, phase="E")
    assert sorted(game.legal(state)) == ["done", "fire(Epona)", "grapple(Epona)"]
    game.forced_dice = [6]
    answer(game, state, "fire(Epona)", "hold_fire", "done")
    assert finished(state)
    assert fleet.attr(state, "Epona", "depletion") == 1


def test_rule_8_43_an_m0_ship_may_fire_back(game: Game) -> None:
    """8.42 reaction fire: Epona fires at the captured Belenos, which may answer on the M0
    column. The answer is rolled first: Belenos (M0) 6 +1 (Epona is grappled), "W"; then
    Epona (M2) 5, "-"."""
    state = taken_belenos(game)
    run(game, state, "reaction", [6, 5], shooter="Epona", target="Belenos",
        incendiary=False, phase="E", grappling=False, strength=None)  # fmt: skip
    assert state["prompt"]["side"] == "romans"
    answer(game, state, "return_fire")
    assert finished(state)
    assert fleet.attr(state, "Epona", "depletion") == 1
    assert fleet.attr(state, "Belenos", "depletion") == 0


def test_rule_8_43_no_fire_with_m0_in_the_variant() -> None:
    """variants/no_fire_at_m0.variant: the captured ship, and a ship depleted to M0, may not
    fire; its move offers grappling only."""
    no_m0 = rules_game("gbojc_naval", variant="no_fire_at_m0")
    state = taken_belenos(no_m0)
    ctx = context(no_m0, state)
    assert not combat.may_fire(ctx, "Belenos")
    put(state, "Lupa", "2012", "N", depletion=2)  # bireme M2, depleted to M0
    assert not combat.may_fire(ctx, "Lupa")
    run(no_m0, state, "ship_move", [], ship="Belenos", restricted=False, phase="E")
    assert sorted(no_m0.legal(state)) == ["done", "grapple(Epona)"]


def test_rule_8_43_the_variant_differs_from_the_base(game: Game) -> None:
    no_m0 = rules_game("gbojc_naval", variant="no_fire_at_m0")
    offered = []
    for each in (game, no_m0):
        state = taken_belenos(each)
        run(each, state, "ship_move", [], ship="Belenos", restricted=False, phase="E")
        offered.append(each.legal(state))
    assert offered[0] != offered[1]
    assert "fire(Epona)" in offered[0] and "fire(Epona)" not in offered[1]


def test_rule_8_43_a_ship_depleted_to_m0_fires_on_the_m0_column(game: Game) -> None:
    """Any M0 is M0: Sucellus (a Veneti sailing ship, M2 with two depletion levels) fires at
    Aquila on the same column: 5 +1 (the height, 8.44) +1 (Aquila is grappled) is a 7, "W"."""
    state = taken_belenos(game)
    put(state, "Sucellus", "1810", "N", depletion=2)
    ctx = context(game, state, [5])
    assert combat.may_fire(ctx, "Sucellus")
    shot = combat.shoot(ctx, "Sucellus", "Aquila", False)
    assert (shot.depletion, shot.text) == (1, "Sucellus fire at Aquila: roll 5+2 -> W")
