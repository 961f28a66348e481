"""HB VII: politics - aggression against a neutral state allies it with the other nation
(+2 VP, 2 heavy infantry in its capital, its cities), taking a state's capital turns it to
the captor, and the lost alliance costs its maker 2 VP; exact outcomes."""

from __future__ import annotations

from games.hannibal_barkas import sieges
from tests.hannibal_barkas.conftest import put, units_at
from tests.hannibal_barkas.test_rule_6_cities import city_position

A, B = "carthage_spain", "rome_north"


def test_rule_7_aggression_allies_the_state_with_the_other_nation_and_its_capital_turns_it() -> (
    None
):
    """HB VII: Rome's army marching from Hippo Regius into Iol, Numidia's land, is an act of
    aggression: Numidia allies with Carthage at once (the track's alliance end), Carthage's
    player scores 2 VP, 2 more heavy infantry stand in Siga, its capital, and its cities are
    his (reference A.23 #24). Then Rome takes Siga: Numidia turns to Rome, whose player
    scores the city's VP and 2 VP for the alliance; Carthage's loses its 2 VP."""
    game, state = city_position()
    records = state["records"]
    state["records"]["order"] = [B, A]
    state["records"]["ip"][B] = 1
    put(state, "numidia", "Siga", heavy_infantry=2)  # the neutral capital's garrison (HB II)
    put(state, B, "Hippo Regius", heavy_infantry=3)
    game.begin(state)
    game.apply(state, "activate(Hippo Regius)", "take(heavy_infantry, 3)", "march")
    game.apply(state, "step(Iol)")
    assert records["political"]["numidia"] == 2  # Carthage's end of the five-space track
    assert records["allied_by"]["numidia"] == A
    assert records["vp"][A] == 2
    assert units_at(state, "Siga", A) == {"heavy_infantry": 4}
    assert {"Siga", "Iol"} <= set(state["zones"][f"cities:{A}"])
    ctx = game.context(state)
    sieges.capture(ctx, B, "Siga", "is stormed")
    assert records["political"]["numidia"] == -2
    assert records["allied_by"]["numidia"] == B
    assert records["vp"][A] == 0
    assert records["vp"][B] == 3 + 2  # Siga's card, and the alliance
