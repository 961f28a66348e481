"""HB IX: the economy phase - income from the cities (9.1), upkeep of 1 talent a unit and
the units disbanded when it cannot be paid (9.2), recruitment (9.3, Table 3, Ex. 14)."""

from __future__ import annotations

from legatus.framework.engine.view import observe
from legatus.framework.model.gamedef import GameDef
from legatus.framework.tools.testing import GameUnderTest
from tests.hannibal_barkas.conftest import clear_board, hb_rules, hold, put, seated, units_at

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


def economy_position(scenario: str = "campaign-2p") -> tuple[GameUnderTest, dict]:
    game = hb_rules("economy")
    state = seated(game, scenario)
    clear_board(state)
    for key in state["zones"]:
        if key.startswith("cities:"):
            state["zones"][key] = []
    for side in state["records"]["gold"]:
        state["records"]["gold"][side] = 0
    return game, state


def test_example_14_income_upkeep_and_recruits(hb: GameDef) -> None:
    """Ex. 14: 50 talents of income from cities not besieged; 44 units to pay; 6 left.
    Hannibal stands in the allied Boii's region and holds Placentia, whose income of 1
    lets him raise 1 unit there: a cavalry (3 talents) in Placentia, a Gallic infantry
    (2) on the Boii's land; 1 talent is kept."""
    game, state = economy_position()
    assert sum(int(hb.cards[c].values["income"]) for c in FIFTY) == 50
    hold(state, "carthage_spain", *FIFTY)
    put(state, "carthage_spain", "Boii", "Hannibal", heavy_infantry=10, light_infantry=6, cavalry=4)
    put(state, "carthage_spain", "Carthago", heavy_infantry=14, light_infantry=10)
    state["records"]["order"] = ["rome_north", "carthage_spain"]  # Carthage recruits first
    game.begin(state)
    assert state["records"]["gold"]["carthage_spain"] == 6
    assert state["prompt"] == {
        "side": "carthage_spain",
        "kind": "recruit",
        "text": "Carthage: recruit units (HB 9.3); 6 talents in your treasury",
    }
    legal = game.legal(state)
    assert "recruit(Placentia, cavalry)" in legal and "recruit(Boii, gallic_infantry)" in legal
    game.apply(state, "recruit(Placentia, cavalry)")
    assert not [a for a in game.legal(state) if a.startswith("recruit(Placentia")]
    game.apply(state, "recruit(Boii, gallic_infantry)")
    assert state["records"]["gold"]["carthage_spain"] == 1
    # 1 talent buys only light infantry (Table 3)
    assert {a.split(", ")[-1] for a in game.legal(state) if a != "done"} == {"light_infantry)"}
    game.apply(state, "done")
    assert units_at(state, "Boii", "carthage_spain") == {
        "Hannibal": 1,
        "heavy_infantry": 10,
        "light_infantry": 6,
        "cavalry": 5,
        "gallic_infantry": 1,
    }


def test_income_and_upkeep_are_told_to_all_the_treasury_only_to_its_owner(hb: GameDef) -> None:
    """HB 9.1-9.2, 1.2.11: everyone can count the income and the units; the sum in the
    treasury is the owner's secret."""
    game, state = economy_position()
    hold(state, "rome_north", "Roma", "Capua")
    put(state, "rome_north", "Roma", heavy_infantry=3)
    state["records"]["gold"]["rome_north"] = 4
    state["records"]["order"] = ["rome_north", "carthage_spain"]
    game.begin(state)
    assert state["records"]["gold"]["rome_north"] == 4 + 9 - 3
    rome = [e["text"] for e in observe(hb, state, "rome_north")["log"]]
    carthage = [e["text"] for e in observe(hb, state, "carthage_spain")["log"]]
    line = "Rome: income 9 talents (HB 9.1); upkeep of 3 units (HB 9.2)"
    assert line in rome and line in carthage
    assert "Your treasury: 10 talents" in rome
    assert "Your treasury: 10 talents" not in carthage


def test_a_player_short_of_gold_disbands_the_units_he_cannot_pay() -> None:
    """HB 9.2: he pays what he can and disbands the rest, choosing which."""
    game, state = economy_position()
    hold(state, "carthage_spain", "Ebusus")  # income 1
    put(state, "carthage_spain", "Ebusus", heavy_infantry=2, elephants=1)
    put(state, "carthage_spain", "Gades", cavalry=1)
    state["records"]["gold"]["carthage_spain"] = 1
    state["records"]["order"] = ["carthage_spain", "rome_north"]
    game.begin(state)
    assert state["records"]["gold"]["carthage_spain"] == 0
    assert state["prompt"]["kind"] == "disband"
    assert game.legal(state) == [
        "disband(Ebusus, elephants)",
        "disband(Ebusus, heavy_infantry)",
        "disband(Gades, cavalry)",
    ]
    game.apply(state, "disband(Ebusus, elephants)", "disband(Gades, cavalry)")
    assert units_at(state, "Ebusus") == {"heavy_infantry": 2}
    assert units_at(state, "Gades") == {}


def test_recruiting_limits(hb: GameDef) -> None:
    """HB 9.3: in a city at most as many units as its income; ships only in a port
    (HB 1.3.2); elephants only where the card shows them (HB 1.2.6), so not in Saguntum;
    Gallic units only in a tribe allied with the nation, at most its levy (A.23 #19);
    nothing dearer than the treasury."""
    game, state = economy_position()
    hold(state, "carthage_spain", "Castulo", "Carthago Nova")
    state["records"]["gold"]["carthage_spain"] = 100
    state["records"]["order"] = ["carthage_spain", "rome_north"]
    state["records"]["gauls"]["Ligures"] = {"team": "carthage", "attitude": "allied"}
    game.begin(state)
    legal = set(game.legal(state))
    assert "recruit(Castulo, ships)" not in legal and "recruit(Castulo, elephants)" not in legal
    assert {"recruit(Carthago Nova, ships)", "recruit(Carthago Nova, elephants)"} <= legal
    assert "recruit(Ligures, gallic_cavalry)" in legal  # Ligures 6-1
    assert "recruit(Cenomani, gallic_infantry)" not in legal  # friendly to Rome
    game.apply(state, "recruit(Ligures, gallic_cavalry)")
    assert "recruit(Ligures, gallic_cavalry)" not in game.legal(state)
    assert "recruit(Ligures, gallic_infantry)" in game.legal(state)
    for _ in range(4):  # Castulo's income is 4
        game.apply(state, "recruit(Castulo, heavy_infantry)")
    assert not [a for a in game.legal(state) if a.startswith("recruit(Castulo")]
    income = 4 + 5  # Castulo and Carthago Nova
    assert state["records"]["gold"]["carthage_spain"] == 100 + income - 4 - 4 * 2


def test_recruitment_goes_in_the_reverse_of_the_order_of_play() -> None:
    """HB 9.3: the first player in the order recruits last."""
    game, state = economy_position("campaign-4p")
    for side, city in (
        ("rome_north", "Roma"),
        ("rome_south", "Capua"),
        ("carthage_spain", "Gades"),
        ("carthage_africa", "Utica"),
    ):
        hold(state, side, city)
        state["records"]["gold"][side] = 10
    state["records"]["order"] = ["carthage_africa", "rome_north", "carthage_spain", "rome_south"]
    game.begin(state)
    asked = []
    while state["prompt"] is not None:
        asked.append(state["prompt"]["side"])
        game.apply(state, "done")
    assert asked == ["rome_south", "carthage_spain", "rome_north", "carthage_africa"]


def test_a_unit_raised_in_an_allied_states_city_is_that_states(hb: GameDef) -> None:
    """Reference A.23 #27: Cirta, Massilia's, raises Massylian counters for its ally."""
    game, state = economy_position()
    hold(state, "carthage_spain", "Cirta")
    state["records"]["gold"]["carthage_spain"] = 10
    state["records"]["order"] = ["carthage_spain", "rome_north"]
    game.begin(state)
    assert "recruit(Cirta, elephants)" not in game.legal(state)  # Massilia has none
    game.apply(state, "recruit(Cirta, cavalry)")
    raised = [pid for pid, p in state["pieces"].items() if p["at"] == "Cirta"]
    assert (
        raised == ["Massylian cavalry 1"] and state["pieces"][raised[0]]["side"] == "carthage_spain"
    )


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
        game, state = economy_position("campaign-4p")
        hold(state, "rome_south", "Capua")
        hold(state, "carthage_spain", "Carthago Nova")
        if captured:
            sieges.capture(game.context(state), "carthage_spain", "Capua", "is stormed")
            assert "Capua" in state["zones"]["cities:carthage_spain"]
            assert "Capua" not in state["zones"]["cities:rome_south"]
        state["records"]["order"] = order
        game.begin(state)
        return {side: state["records"]["gold"][side] for side in order}

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
