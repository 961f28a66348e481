"""HB IX: the economy phase - income from the cities (9.1), upkeep of 1 talent a unit and
the units disbanded when it cannot be paid (9.2), recruitment (9.3, Table 3, Ex. 14)."""

from __future__ import annotations

from legatus.framework.model.gamedef import GameDef
from legatus.framework.tools.testing import Kit
from legatus.games.hannibal_barkas import queries
from tests.hannibal_barkas.conftest import (
    clear_board,
    empty_treasuries,
    hb_rules,
    hold,
    no_cities,
    put,
    seated,
    set_gold,
    set_order,
    set_tribe,
)

#: Carthage's thirteen cities (42 talents), with Capua (4), Genua (2), Placentia (1) and
#: Cremona (1): 50 talents, as in Ex. 14.
FIFTY = (
    "Carthago",
    "Utica",
    "Hadrumetum",
    "Leptis",
    "Zama",
    "Melita",
    "Carthago Nova",
    "Gades",
    "Castulo",
    "Malaca",
    "Saguntum",
    "Tarraco",
    "Ebusus",
    "Capua",
    "Genua",
    "Placentia",
    "Cremona",
)


def economy_position(scenario: str = "campaign-2p") -> Kit:
    kit = seated(hb_rules("economy"), scenario)
    clear_board(kit)
    no_cities(kit)
    empty_treasuries(kit)
    return kit


def test_example_14_income_upkeep_and_recruits(hb: GameDef) -> None:
    """Ex. 14: 50 talents of income from cities not besieged; 44 units to pay; 6 left.
    Hannibal stands in the allied Boii's region and holds Placentia, whose income of 1
    lets him raise 1 unit there: a cavalry (3 talents) in Placentia, a Gallic infantry
    (2) on the Boii's land; 1 talent is kept."""
    kit = economy_position()
    assert sum(int(hb.cards[c].values["income"]) for c in FIFTY) == 50
    hold(kit, "carthage_spain", *FIFTY)
    put(kit, "carthage_spain", "Boii", "Hannibal", heavy_infantry=10, light_infantry=6, cavalry=4)
    put(kit, "carthage_spain", "Carthago", heavy_infantry=14, light_infantry=10)
    set_order(kit, "rome_north", "carthage_spain")  # Carthage recruits first
    kit.begin()
    assert queries.gold(kit, "carthage_spain") == 6
    assert kit.asked == ("carthage_spain", "recruit")
    assert kit.waiting == ("carthage_spain",)  # the others wait: one decision at a time
    assert kit.prompt is not None
    assert kit.prompt.text == "Carthage: recruit units (HB 9.3); 6 talents in your treasury"
    legal = kit.legal()
    assert "recruit(Placentia, cavalry)" in legal and "recruit(Boii, gallic_infantry)" in legal
    kit.act("recruit(Placentia, cavalry)")
    assert not [a for a in kit.legal() if a.startswith("recruit(Placentia")]
    kit.act("recruit(Boii, gallic_infantry)")
    assert queries.gold(kit, "carthage_spain") == 1
    # 1 talent buys only light infantry (Table 3)
    assert {a.split(", ")[-1] for a in kit.legal() if a != "done"} == {"light_infantry)"}
    kit.act("done")
    assert queries.units_at(kit, "Boii", "carthage_spain") == {
        "Hannibal": 1,
        "heavy_infantry": 10,
        "light_infantry": 6,
        "cavalry": 5,
        "gallic_infantry": 1,
    }


def test_income_and_upkeep_are_told_to_all_the_treasury_only_to_its_owner() -> None:
    """HB 9.1-9.2, 1.2.11: everyone can count the income and the units; the sum in the
    treasury is the owner's secret."""
    kit = economy_position()
    hold(kit, "rome_north", "Roma", "Capua")
    put(kit, "rome_north", "Roma", heavy_infantry=3)
    set_gold(kit, rome_north=4)
    set_order(kit, "rome_north", "carthage_spain")
    kit.begin()
    assert queries.gold(kit, "rome_north") == 4 + 9 - 3
    rome = kit.log("rome_north")
    carthage = kit.log("carthage_spain")
    line = "Rome: income 9 talents (HB 9.1); upkeep of 3 units (HB 9.2)"
    assert line in rome and line in carthage
    assert "Your treasury: 10 talents" in rome
    assert "Your treasury: 10 talents" not in carthage


def test_a_player_short_of_gold_disbands_the_units_he_cannot_pay() -> None:
    """HB 9.2: he pays what he can and disbands the rest, choosing which."""
    kit = economy_position()
    hold(kit, "carthage_spain", "Ebusus")  # income 1
    put(kit, "carthage_spain", "Ebusus", heavy_infantry=2, elephants=1)
    put(kit, "carthage_spain", "Gades", cavalry=1)
    set_gold(kit, carthage_spain=1)
    set_order(kit, "carthage_spain", "rome_north")
    kit.begin()
    assert queries.gold(kit, "carthage_spain") == 0
    assert kit.asked is not None and kit.asked[1] == "disband"
    assert kit.legal() == [
        "disband(Ebusus, elephants)",
        "disband(Ebusus, heavy_infantry)",
        "disband(Gades, cavalry)",
    ]
    kit.act("disband(Ebusus, elephants)", "disband(Gades, cavalry)")
    assert queries.units_at(kit, "Ebusus") == {"heavy_infantry": 2}
    assert queries.units_at(kit, "Gades") == {}


def test_recruiting_limits() -> None:
    """HB 9.3: in a city at most as many units as its income; ships only in a port
    (HB 1.3.2); elephants only where the card shows them (HB 1.2.6), so not in Saguntum;
    Gallic units only in a tribe allied with the nation, at most its levy (A.23 #19);
    nothing dearer than the treasury."""
    kit = economy_position()
    hold(kit, "carthage_spain", "Castulo", "Carthago Nova")
    set_gold(kit, carthage_spain=100)
    set_order(kit, "carthage_spain", "rome_north")
    set_tribe(kit, "Ligures", "carthage", "allied")
    kit.begin()
    legal = set(kit.legal())
    assert "recruit(Castulo, ships)" not in legal and "recruit(Castulo, elephants)" not in legal
    assert {"recruit(Carthago Nova, ships)", "recruit(Carthago Nova, elephants)"} <= legal
    assert "recruit(Ligures, gallic_cavalry)" in legal  # Ligures 6-1
    assert "recruit(Cenomani, gallic_infantry)" not in legal  # friendly to Rome
    kit.act("recruit(Ligures, gallic_cavalry)")
    assert "recruit(Ligures, gallic_cavalry)" not in kit.legal()
    assert "recruit(Ligures, gallic_infantry)" in kit.legal()
    for _ in range(4):  # Castulo's income is 4
        kit.act("recruit(Castulo, heavy_infantry)")
    assert not [a for a in kit.legal() if a.startswith("recruit(Castulo")]
    income = 4 + 5  # Castulo and Carthago Nova
    assert queries.gold(kit, "carthage_spain") == 100 + income - 4 - 4 * 2


def test_recruitment_goes_in_the_reverse_of_the_order_of_play() -> None:
    """HB 9.3: the first player in the order recruits last."""
    kit = economy_position("campaign-4p")
    for side, city in (
        ("rome_north", "Roma"),
        ("rome_south", "Capua"),
        ("carthage_spain", "Gades"),
        ("carthage_africa", "Utica"),
    ):
        hold(kit, side, city)
        set_gold(kit, **{side: 10})
    set_order(kit, "carthage_africa", "rome_north", "carthage_spain", "rome_south")
    kit.begin()
    asked = []
    while kit.asked is not None:
        asked.append(kit.asked[0])
        kit.act("done")
    assert asked == ["rome_south", "carthage_spain", "rome_north", "carthage_africa"]


def test_a_unit_raised_in_an_allied_states_city_is_that_states() -> None:
    """Reference A.23 #27: Cirta, Massilia's, raises Massylian counters for its ally."""
    kit = economy_position()
    hold(kit, "carthage_spain", "Cirta")
    set_gold(kit, carthage_spain=10)
    set_order(kit, "carthage_spain", "rome_north")
    kit.begin()
    assert "recruit(Cirta, elephants)" not in kit.legal()  # Massilia has none
    kit.act("recruit(Cirta, cavalry)")
    assert kit.pieces_at("Cirta") == ["Massylian cavalry 1"]
    assert kit.owner("Massylian cavalry 1") == "carthage_spain"


def test_rule_6_3_a_captured_citys_income_goes_to_its_captor(hb: GameDef) -> None:
    """HB 6.3, 9.1, 10.2: a city's card is its holder's, and the income with it. Capua (4
    talents) held by Rome's south player yields him 4 at the economy; once Carthage's
    Spanish player has taken it, its card is in his cities and the 4 talents are his, not
    the south's nor his team-mate's."""
    from legatus.games.hannibal_barkas import sieges

    assert int(hb.cards["Capua"].values["income"]) == 4
    assert int(hb.cards["Carthago Nova"].values["income"]) == 5
    order = ["rome_north", "rome_south", "carthage_spain", "carthage_africa"]

    def income(captured: bool) -> dict[str, int]:
        kit = economy_position("campaign-4p")
        hold(kit, "rome_south", "Capua")
        hold(kit, "carthage_spain", "Carthago Nova")
        if captured:
            sieges.capture(kit.context(), "carthage_spain", "Capua", "is stormed")
            assert "Capua" in queries.cities(kit, "carthage_spain")
            assert "Capua" not in queries.cities(kit, "rome_south")
        set_order(kit, *order)
        kit.begin()
        return {side: queries.gold(kit, side) for side in order}

    assert income(captured=False) == {
        "rome_north": 0,
        "rome_south": 4,
        "carthage_spain": 5,
        "carthage_africa": 0,
    }
    assert income(captured=True) == {
        "rome_north": 0,
        "rome_south": 0,
        "carthage_spain": 5 + 4,
        "carthage_africa": 0,
    }


def recruits_after_upkeep(carthage_gold: int) -> Kit:
    """Carthage holds Ebusus (income 1) with two units (upkeep 2); Rome holds Roma and
    recruits first (HB 9.3: the reverse of the order of play), then says it is done."""
    kit = economy_position()
    hold(kit, "carthage_spain", "Ebusus")
    hold(kit, "rome_north", "Roma")
    put(kit, "carthage_spain", "Ebusus", heavy_infantry=2)
    set_gold(kit, carthage_spain=carthage_gold)
    set_order(kit, "carthage_spain", "rome_north")
    kit.begin()
    assert kit.asked is not None and kit.asked[:2] == ("rome_north", "recruit")
    kit.act("done")
    return kit


def test_rule_9_3_a_treasury_below_the_cheapest_counter_is_not_asked_to_recruit() -> None:
    """HB 9.3, Table 3: the cheapest counter, light infantry, costs 1 talent. Left with 0
    after upkeep, Carthage is not asked; left with 1, it may raise light infantry and
    nothing dearer."""
    broke = recruits_after_upkeep(1)
    assert queries.gold(broke, "carthage_spain") == 0
    assert broke.asked is None
    one = recruits_after_upkeep(2)
    assert queries.gold(one, "carthage_spain") == 1
    assert one.asked is not None and one.asked[:2] == ("carthage_spain", "recruit")
    assert one.legal() == ["done", "recruit(Ebusus, light_infantry)"]
