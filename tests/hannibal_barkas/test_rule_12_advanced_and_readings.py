"""HB XII's advanced rules and the other readings of the rulebook's ambiguities, each a
shipped variant; each test plays one position under the base game and under the variant
and shows the difference."""

from __future__ import annotations

from legatus.framework.tools.testing import Kit
from legatus.games.hannibal_barkas import advanced, economy, queries, sieges
from legatus.games.hannibal_barkas.queries import Dictator, Siege
from tests.hannibal_barkas.conftest import (
    besiege,
    empty_board,
    move_card,
    put,
    put_inside,
    set_tribe,
    take_off,
)

A, B = "carthage_spain", "rome_north"


def position(variant: str | None, steps: tuple[str, ...] = ("actions",)) -> Kit:
    return empty_board(*steps, variant=variant)


def test_rule_12_1_devastation_loots_a_region_and_scores_at_the_economy() -> None:
    """HB 12.1 (variant ``devastation``): an army of 6 infantry in Rome's Arretium may
    devastate it for 1 MP: 1 talent for each full 5 units, as many markers; at the economy
    Rome loses them from its income and Carthage scores 1 VP per 5 markers (none for 1).
    In the base game no army devastates."""
    for variant in (None, "devastation"):
        kit = position(variant)
        put(kit, A, "Arretium", heavy_infantry=6)
        kit.begin()
        kit.act("activate(Arretium)", "take(heavy_infantry, 6)", "march")
        assert ("devastate" in kit.legal()) is (variant is not None)
        if variant is None:
            continue
        gold = queries.gold(kit, A)
        kit.act("devastate")
        assert queries.gold(kit, A) == gold + 1
        assert queries.devastation(kit) == {"Arretium": {A: 1}}
        assert advanced.devastation_economy(kit.context()) == {B: 1}
        assert queries.devastation(kit) == {}
        assert queries.vp(kit, A) == 0  # 1 marker: no VP


def test_rule_12_2_a_cut_off_city_yields_half_its_income_rounded_up() -> None:
    """HB 12.2 (variant ``cut_off``): an enemy army in Capua's region, not besieging it,
    halves its income of 4 and its recruits (2); in the base game nothing changes."""
    for variant, expected in ((None, 4), ("cut_off", 2)):
        kit = position(variant)
        put(kit, A, "Capua", heavy_infantry=2)
        ctx = kit.context()
        assert economy.city_income(ctx, "Capua") == expected
        assert economy.recruit_limit(ctx, "Capua") == expected
        assert economy.city_income(ctx, "Roma") == int(
            ctx.definition.cards["Roma"].values["income"]
        )


def test_rule_12_3_a_proconsul_stays_on_a_6_or_more() -> None:
    """HB 12.3 (variant ``proconsul``): after the election Rome may try to keep one of last
    year's consuls: a d10 of 6 keeps him where he stood, 5 does not."""
    for roll, kept in ((6, True), (5, False)):
        kit = position("proconsul")
        consul = "Konsul I"
        take_off(kit, consul)
        move_card(kit, consul, "consuls")
        put(kit, B, "Roma", heavy_infantry=1)
        kit.dice(roll)
        kit.run_procedure("proconsul", candidates=[[consul, "Arretium", B]])
        assert kit.asked is not None and kit.asked[1] == "proconsul"
        assert kit.legal() == ["decline", f"extend({consul})"]
        kit.act(f"extend({consul})")
        assert (kit.at(consul) == "Arretium") is kept
        assert (consul in queries.proconsuls(kit)) is kept


def test_rule_12_4_a_dictator_and_a_new_consular_army_after_a_defeat_in_italy() -> None:
    """HB 12.4 (variant ``dictator``): a Roman defeat in Italy costing 5 VP lets Rome name a
    sitting consul dictator for 3 stages (+1 command) and raise 8 heavy infantry, 4 light
    and 1 cavalry in Roma; 4 VP are not enough, and in the base game nothing happens."""
    for variant, vp, offered in ((None, 5, False), ("dictator", 4, False), ("dictator", 5, True)):
        kit = position(variant)
        put(kit, B, "Arretium", "Konsul I", heavy_infantry=1)
        assert not kit.running("dictator")
        advanced.defeat(kit.context(), "Arretium", vp)
        assert kit.running("dictator") is offered, (variant, vp)
    kit = position("dictator")
    put(kit, B, "Arretium", "Konsul I", heavy_infantry=1)
    kit.run_procedure("dictator")
    assert sorted(kit.legal()) == ["appoint(Konsul I)", "decline"]
    kit.act("appoint(Konsul I)")
    assert queries.dictator(kit) == Dictator("Konsul I", stages=3)
    assert kit.record("dictator") == {"leader": "Konsul I", "stages": 3}
    assert queries.units_at(kit, "Roma", B) == {
        "heavy_infantry": 8,
        "light_infantry": 4,
        "cavalry": 1,
    }


def test_assault_printed_defence_rolls_the_cards_level_not_the_tracks() -> None:
    """HB 6.1, A.23 #10 (variant ``assault_printed_defence``): Capua (printed 3) at level 2
    on the siege track rolls 2 wall dice in the base game, 3 under the variant."""
    for variant, walls in ((None, 2), ("assault_printed_defence", 3)):
        kit = position(variant)
        besiege(kit, "Capua", A, 2)
        assert queries.defence(kit, "Capua") == 2
        dice = sieges.assault_dice(kit.context(), "Capua", False)
        assert dice == [("walls", 7)] * walls


def test_siege_declared_after_assault_leaves_the_card_on_the_track_without_a_siege() -> None:
    """HB 6.1-6.2, A.23 #9 (variant ``siege_declared_after_assault``): a failed assault on
    Capua leaves its card on the siege track; in the base game the siege begins at once
    (Ex. 11), under the variant it is not laid until declared for 1 MP."""
    for variant, declared in ((None, True), ("siege_declared_after_assault", False)):
        kit = position(variant)
        put(kit, A, "Capua", heavy_infantry=6)
        put_inside(kit, B, "Capua", heavy_infantry=1)
        kit.dice([1] * 6, [1] * 4)  # every die misses: the attackers', the defenders'
        kit.begin()
        kit.act("activate(Capua)", "take(heavy_infantry, 6)", "march")
        kit.act("assault(Capua)", "decline", "decline")
        assert queries.siege_track(kit) == {"Capua": Siege("Capua", 3, A, declared=declared)}
        assert ("besiege(Capua)" in kit.legal()) is (variant is not None)


def test_gallic_cavalry_fearless_keeps_gallic_horsemen_in_the_fight() -> None:
    """HB 1.2.6, A.23 #14: in the base game Rome's Gallic cavalry sits the step out before
    Carthage's elephant as cavalry does; under ``gallic_cavalry_fearless`` it rolls."""
    for variant, rolled in ((None, []), ("gallic_cavalry_fearless", ["gallic_cavalry"])):
        kit = position(variant)
        set_tribe(kit, "Insubres", "carthage", "allied")
        set_tribe(kit, "Boii", "carthage", "allied")
        put(kit, A, "Boii", elephants=1, heavy_infantry=1)
        put(kit, B, "Insubres", gallic_cavalry=1, heavy_infantry=3)
        if rolled:
            kit.dice(1)  # the Gallic horseman's die
        kit.begin()
        kit.act("activate(Boii)", "take(elephants, 1)", "take(heavy_infantry, 1)")
        # Rome declines to answer the move (Carthage is not asked: its own move), then both
        # players decline before the battle.
        kit.act("march", "step(Insubres)", "decline", "decline", "decline")
        battle = queries.battle(kit)
        assert battle is not None
        assert [d.key for d in battle.dice[B]] == rolled
