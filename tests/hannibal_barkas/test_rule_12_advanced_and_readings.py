"""HB XII's advanced rules and the other readings of the rulebook's ambiguities, each a
shipped variant; each test plays one position under the base game and under the variant
and shows the difference."""

from __future__ import annotations

from typing import Any

from legatus.framework.tools.testing import GameUnderTest
from legatus.games.hannibal_barkas import advanced, economy, model, sieges
from tests.hannibal_barkas.conftest import empty_board, put, units_at

A, B = "carthage_spain", "rome_north"


def position(
    variant: str | None, steps: tuple[str, ...] = ("actions",)
) -> tuple[GameUnderTest, Any]:
    return empty_board(*steps, variant=variant)


def test_rule_12_1_devastation_loots_a_region_and_scores_at_the_economy() -> None:
    """HB 12.1 (variant ``devastation``): an army of 6 infantry in Rome's Arretium may
    devastate it for 1 MP: 1 talent for each full 5 units, as many markers; at the economy
    Rome loses them from its income and Carthage scores 1 VP per 5 markers (none for 1).
    In the base game no army devastates."""
    for variant in (None, "devastation"):
        game, state = position(variant)
        put(state, A, "Arretium", heavy_infantry=6)
        game.begin(state)
        game.apply(state, "activate(Arretium)", "take(heavy_infantry, 6)", "march")
        assert ("devastate" in game.legal(state)) is (variant is not None)
        if variant is None:
            continue
        gold = state["records"]["gold"][A]
        game.apply(state, "devastate")
        assert state["records"]["gold"][A] == gold + 1
        assert state["records"]["devastation"] == {"Arretium": {A: 1}}
        ctx = game.context(state)
        assert advanced.devastation_economy(ctx) == {B: 1}
        assert state["records"]["devastation"] == {}
        assert state["records"]["vp"][A] == 0  # 1 marker: no VP


def test_rule_12_2_a_cut_off_city_yields_half_its_income_rounded_up() -> None:
    """HB 12.2 (variant ``cut_off``): an enemy army in Capua's region, not besieging it,
    halves its income of 4 and its recruits (2); in the base game nothing changes."""
    for variant, expected in ((None, 4), ("cut_off", 2)):
        game, state = position(variant)
        put(state, A, "Capua", heavy_infantry=2)
        ctx = game.context(state)
        assert economy.city_income(ctx, "Capua") == expected
        assert economy.recruit_limit(ctx, "Capua") == expected
        assert economy.city_income(ctx, "Roma") == int(
            ctx.definition.cards["Roma"].values["income"]
        )


def test_rule_12_3_a_proconsul_stays_on_a_6_or_more() -> None:
    """HB 12.3 (variant ``proconsul``): after the election Rome may try to keep one of last
    year's consuls: a d10 of 6 keeps him where he stood, 5 does not."""
    for roll, kept in ((6, True), (5, False)):
        game, state = position("proconsul")
        consul = "Konsul I"
        state["pieces"][consul]["at"] = "out"
        for cards in state["zones"].values():
            if consul in cards:
                cards.remove(consul)
        state["zones"]["consuls"].append(consul)
        put(state, B, "Roma", heavy_infantry=1)
        game.force(roll)
        game.run_procedure(state, "proconsul", candidates=[[consul, "Arretium", B]])
        assert state["prompt"]["kind"] == "proconsul"
        assert game.legal(state) == ["decline", f"extend({consul})"]
        game.apply(state, f"extend({consul})")
        assert (state["pieces"][consul]["at"] == "Arretium") is kept
        assert (consul in state["records"]["proconsuls"]) is kept


def test_rule_12_4_a_dictator_and_a_new_consular_army_after_a_defeat_in_italy() -> None:
    """HB 12.4 (variant ``dictator``): a Roman defeat in Italy costing 5 VP lets Rome name a
    sitting consul dictator for 3 stages (+1 command) and raise 8 heavy infantry, 4 light
    and 1 cavalry in Roma; 4 VP are not enough, and in the base game nothing happens."""
    for variant, vp, offered in ((None, 5, False), ("dictator", 4, False), ("dictator", 5, True)):
        game, state = position(variant)
        put(state, B, "Arretium", "Konsul I", heavy_infantry=1)
        ctx = game.context(state)
        before = len(state["stack"])
        advanced.defeat(ctx, "Arretium", vp)
        assert (len(state["stack"]) > before) is offered, (variant, vp)
    game, state = position("dictator")
    put(state, B, "Arretium", "Konsul I", heavy_infantry=1)
    game.run_procedure(state, "dictator")
    assert sorted(game.legal(state)) == ["appoint(Konsul I)", "decline"]
    game.apply(state, "appoint(Konsul I)")
    assert state["records"]["dictator"] == {"leader": "Konsul I", "stages": 3}
    assert units_at(state, "Roma", B) == {"heavy_infantry": 8, "light_infantry": 4, "cavalry": 1}


def test_assault_printed_defence_rolls_the_cards_level_not_the_tracks() -> None:
    """HB 6.1, A.23 #10 (variant ``assault_printed_defence``): Capua (printed 3) at level 2
    on the siege track rolls 2 wall dice in the base game, 3 under the variant."""
    for variant, walls in ((None, 2), ("assault_printed_defence", 3)):
        game, state = position(variant)
        state["records"]["sieges"]["Capua"] = {"level": 2, "by": A}
        dice = sieges.assault_dice(game.context(state), "Capua", False)
        assert dice == [("walls", 7)] * walls


def test_siege_declared_after_assault_leaves_the_card_on_the_track_without_a_siege() -> None:
    """HB 6.1-6.2, A.23 #9 (variant ``siege_declared_after_assault``): a failed assault on
    Capua leaves its card on the siege track; in the base game the siege begins at once
    (Ex. 11), under the variant it is not laid until declared for 1 MP."""
    for variant, siege in (
        (None, {"level": 3, "by": A}),
        (
            "siege_declared_after_assault",
            {"level": 3, "by": A, "active": False},
        ),
    ):
        game, state = position(variant)
        put(state, A, "Capua", heavy_infantry=6)
        for pid in put(state, B, "Capua", heavy_infantry=1):
            model.set_city(state["pieces"][pid], "Capua")
        game.force(*[1] * 6, *[1] * 4)  # every die misses
        game.begin(state)
        game.apply(state, "activate(Capua)", "take(heavy_infantry, 6)", "march")
        game.apply(state, "assault(Capua)", "decline", "decline")
        assert state["records"]["sieges"] == {"Capua": siege}
        assert ("besiege(Capua)" in game.legal(state)) is (variant is not None)


def test_gallic_cavalry_fearless_keeps_gallic_horsemen_in_the_fight() -> None:
    """HB 1.2.6, A.23 #14: in the base game Rome's Gallic cavalry sits the step out before
    Carthage's elephant as cavalry does; under ``gallic_cavalry_fearless`` it rolls."""
    for variant, rolled in ((None, []), ("gallic_cavalry_fearless", ["gallic_cavalry"])):
        game, state = position(variant)
        state["records"]["gauls"]["Insubres"] = {"team": "carthage", "attitude": "allied"}
        state["records"]["gauls"]["Boii"] = {"team": "carthage", "attitude": "allied"}
        put(state, A, "Boii", elephants=1, heavy_infantry=1)
        put(state, B, "Insubres", gallic_cavalry=1, heavy_infantry=3)
        game.force(1, 1, 1, 1, 1, 1)
        game.begin(state)
        game.apply(state, "activate(Boii)", "take(elephants, 1)", "take(heavy_infantry, 1)")
        # Rome declines to answer the move (Carthage is not asked: its own move), then both
        # players decline before the battle.
        game.apply(state, "march", "step(Insubres)", "decline", "decline", "decline")
        battle = next(f for f in reversed(state["stack"]) if f.get("p") == "battle")
        assert [d["key"] for d in battle["dice"][B]] == rolled
