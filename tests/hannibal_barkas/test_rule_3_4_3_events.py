"""HB 3.4.3 and 1.3.1: cards played as events and as effects. The texts are the placeholder
proposals of the reference (B.13), written as effects in the rules file; these tests play
them through the action phase and the effect windows."""

from __future__ import annotations

from legatus.framework.tools.testing import Kit
from legatus.games.hannibal_barkas import politics, queries
from tests.hannibal_barkas.conftest import (
    clear_board,
    empty_hands,
    give,
    hb_rules,
    move_card,
    put,
    seated,
    set_lean,
    set_order,
    set_vp,
)


def event_position(scenario: str = "campaign-2p", first: str = "carthage_spain") -> Kit:
    kit = seated(hb_rules("actions"), scenario)
    empty_hands(kit)
    others = [p for p in queries.players(kit) if p != first]
    set_order(kit, first, *others)
    return kit


def decline(kit: Kit) -> None:
    while kit.asked is not None and kit.asked[1] == "respond":
        kit.act("decline")


def test_reinforcements_appear_free_in_a_city_of_the_player() -> None:
    """B.13 "Nowe legiony": two heavy infantry, free, in a city the player holds that is
    not besieged (HB 9.3: reinforcements cost nothing)."""
    kit = event_position(first="rome_north")
    give(kit, "rome_north", "Nowe legiony")
    kit.begin()
    kit.act("event(Nowe legiony)")
    assert kit.asked is not None and kit.asked[1] == "choose"
    assert "choose(Roma)" in kit.legal()
    # Carthage's Gauls hold the Boii's field: the new units would stand inside Placentia's
    # walls, as recruits do (HB 9.3), and there is room there
    assert "choose(Placentia)" in kit.legal()
    gold = queries.gold(kit, "rome_north")
    kit.act("choose(Roma)")
    assert queries.units_at(kit, "Roma") == {"heavy_infantry": 2}
    assert queries.gold(kit, "rome_north") == gold
    assert queries.discards(kit, "rome") == ["Nowe legiony"]


def test_a_fleet_reinforcement_needs_a_port_and_an_elephant_the_symbol() -> None:
    kit = event_position()
    give(kit, "carthage_spain", "Flota kartagińska", "Słonie")
    kit.begin()
    kit.act("event(Słonie)")
    assert kit.legal() == ["choose(Carthago Nova)", "choose(Carthago)", "choose(Zama)"]
    kit.act("choose(Zama)")
    kit.act("pass")  # Rome
    kit.act("event(Flota kartagińska)")
    assert "choose(Castulo)" not in kit.legal() and "choose(Gades)" in kit.legal()


def test_an_embassy_moves_a_state_and_hieron_makes_an_alliance() -> None:
    """B.13: "Poselstwo" moves a state one space; "Hieron II umiera" moves Syracuse two
    spaces towards Carthage: an alliance (HB VII: 2 VP, 2 heavy infantry, its cities)."""
    kit = event_position()
    give(kit, "carthage_spain", "Hieron II umiera*", "Poselstwo [Carthage]")
    kit.begin()
    kit.act("event(Poselstwo [Carthage])")
    assert kit.legal() == ["choose(macedonia)", "choose(numidia)", "choose(syracuse)"]
    kit.act("choose(numidia)")
    assert queries.lean(kit, "numidia") == 1
    kit.act("pass")
    kit.act("event(Hieron II umiera*)")
    assert queries.lean(kit, "syracuse") == 2
    assert queries.vp(kit, "carthage_spain") == 2
    assert queries.alliances(kit) == {"syracuse": "carthage_spain"}
    assert {"Syracusae", "Leontini", "Tauromenium"} <= set(queries.cities(kit, "carthage_spain"))
    assert queries.units_at(kit, "Syracusae", "carthage_spain") == {"heavy_infantry": 4}
    assert queries.removed(kit) == ["Hieron II umiera*"]


def test_a_powerful_event_breaks_an_alliance() -> None:
    """HB VII, reference A.23 #25: a two-space event may move an allied state; the
    alliance is lost: the player who made it loses its 2 VP, the state's cards leave the
    hands and its counters go home to its capital."""
    kit = event_position()
    set_lean(kit, "syracuse", -2, allied_by="rome_north")
    set_vp(kit, rome_north=2)
    give(kit, "carthage_spain", "Hieron II umiera*")
    kit.begin()
    # The scenario's Syracuse is neutral; an alliance with Rome set by hand keeps its
    # counters the state's: only the VP and the cards are at stake here.
    kit.act("event(Hieron II umiera*)")
    assert queries.lean(kit, "syracuse") == 0
    assert queries.vp(kit, "rome_north") == 0
    assert queries.alliances(kit) == {}


def test_syphax_enters_only_for_numidias_ally() -> None:
    """B.13 "Syfaks": Syphax enters at Siga for the side allied with Numidia; not while he
    is on the board (HB 3.4.3)."""
    kit = event_position()
    give(kit, "carthage_spain", "Syfaks*")
    kit.begin()
    assert "event(Syfaks*)" not in kit.legal()
    kit = event_position()
    politics.shift(kit.context(), "carthage_spain", "numidia", 2)
    give(kit, "carthage_spain", "Syfaks*")
    kit.begin()
    kit.act("event(Syfaks*)")
    assert kit.at("Syphax") == "Siga"
    assert "Syphax" in queries.leader_cards(kit, "carthage_spain")


def test_a_storm_sinks_ships_on_the_open_sea_with_their_cargo() -> None:
    """B.13 "Sztorm": an enemy fleet on the open sea rolls a d10 a ship, 8 or more sinks it
    with its cargo (the owner chooses which units are lost)."""
    kit = event_position()
    clear_board(kit)
    put(kit, "rome_north", "O3", ships=3, heavy_infantry=4, cavalry=2)
    put(kit, "rome_north", "S07", ships=1)  # coastal: the storm cannot reach it
    give(kit, "carthage_spain", "Sztorm [Carthage]")
    kit.begin()
    kit.act("event(Sztorm [Carthage])")
    assert kit.legal() == ["choose(O3)"]
    kit.dice([9, 2, 8])  # one roll: a die for each ship in the zone
    kit.act("choose(O3)")
    # One ship afloat carries 2: 4 of the 6 land units go down, Rome choosing.
    assert kit.asked == ("rome_north", "lose")
    kit.act("lose(cavalry)", "lose(cavalry)")  # then only heavy infantry is left
    assert queries.units_at(kit, "O3") == {"ships": 1, "heavy_infantry": 2}


def test_disease_strikes_an_unmoved_army_of_ten() -> None:
    """B.13 "Choroby w armii": an enemy army of 10 or more units that has not moved this
    stage loses one unit in five, its owner choosing."""
    kit = event_position()
    clear_board(kit)
    put(kit, "rome_north", "Roma", heavy_infantry=8, light_infantry=3)
    put(kit, "rome_north", "Pisae", heavy_infantry=9)
    give(kit, "carthage_spain", "Choroby w armii [Carthage]")
    kit.begin()
    kit.act("event(Choroby w armii [Carthage])")
    assert kit.legal() == ["choose(Roma)"]
    kit.act("choose(Roma)", "lose(light_infantry)", "lose(light_infantry)")
    assert queries.units_at(kit, "Roma") == {"heavy_infantry": 8, "light_infantry": 1}


def test_a_gallic_rising_brings_volunteers_on_an_alliance() -> None:
    """B.13 "Powstanie Galów": two tribes of Gallia Transpadana move one step towards
    Carthage; an alliance brings 2 Gallic infantry volunteers (HB 8.2, A.23 #51)."""
    kit = event_position()
    give(kit, "carthage_spain", "Powstanie Galów")
    kit.begin()
    kit.act("event(Powstanie Galów)")
    assert "choose(Boii)" not in kit.legal()  # allied with Carthage already
    assert "choose(Veneti)" in kit.legal()  # Roman counters there face its levy (HB 8.3)
    kit.act("choose(Ligures)", "choose(Cenomani)")
    assert queries.marker(kit, "Ligures") == ("carthage", "allied")
    assert queries.marker(kit, "Cenomani") is None  # friendly to Rome, now neutral
    assert queries.units_at(kit, "Ligures", "carthage_spain") == {"gallic_infantry": 2}


def test_tarentums_treason() -> None:
    """B.13 "Zdrada Tarentu": with a Carthaginian army in its region, Tarentum becomes
    Carthaginian as if captured (HB 6.3: its VP); the Roman ships in its port put to sea."""
    kit = event_position()
    clear_board(kit)
    put(kit, "carthage_spain", "Tarentum", heavy_infantry=1)
    give(kit, "carthage_spain", "Zdrada Tarentu*")
    kit.begin()
    assert "event(Zdrada Tarentu*)" in kit.legal()
    kit.act("event(Zdrada Tarentu*)")
    assert "Tarentum" in queries.cities(kit, "carthage_spain")
    assert queries.holder(kit, "Tarentum") == "carthage_spain"
    assert queries.vp(kit, "carthage_spain") == 3
    assert queries.captured(kit) == {"Tarentum": "carthage_spain"}


def test_capuas_treason_waits_for_a_victory_in_italy() -> None:
    """B.13 "Zdrada Capui" needs a battle won in Italy this year: not before part 2."""
    kit = event_position()
    clear_board(kit)
    put(kit, "carthage_spain", "Capua", "Hannibal", heavy_infantry=1)
    give(kit, "carthage_spain", "Zdrada Capui*")
    kit.begin()
    assert "event(Zdrada Capui*)" not in kit.legal()


def test_march_losses_answer_a_long_march_and_the_smile_of_the_gods_cancels_them() -> None:
    """B.13 "Straty marszowe" (an effect): an enemy army that has just moved 2 regions
    loses one unit in five; "Uśmiech bogów" answers it and cancels it (Ex. 8: the chain of
    answers resolves, the last first)."""
    for answered in (False, True):
        kit = event_position(first="rome_north")
        clear_board(kit)
        put(kit, "rome_north", "Roma", "Konsul I", heavy_infantry=5, cavalry=1)
        give(kit, "carthage_spain", "Straty marszowe [Carthage]")
        give(kit, "rome_north", "Uśmiech bogów [Rome]")
        kit.begin()
        kit.act("activate(Roma)", "take(heavy_infantry, 5)", "take(cavalry, 1)", "march")
        kit.act("step(Capua)", "step(Beneventum)")
        assert kit.asked is not None and kit.asked[1] == "respond"
        # Rome is not asked to answer its own move (nothing could answer it): Carthage is.
        assert kit.waiting == ("carthage_spain",)
        kit.act("effect(Straty marszowe [Carthage])", side="carthage_spain")
        # The window opens again: Rome may answer the effect.
        assert kit.asked is not None and kit.asked[1] == "respond"
        rome = kit.legal("rome_north")
        assert rome == ["decline", "effect(Uśmiech bogów [Rome])"]  # the card answers an effect
        answer = "effect(Uśmiech bogów [Rome])" if answered else "decline"
        kit.act(answer, side="rome_north")
        kit.act("decline", side="carthage_spain")
        if answered:
            kit.act("decline", side="rome_north")
            kit.act("decline", side="carthage_spain")
            assert queries.units_at(kit, "Beneventum") == {"heavy_infantry": 5, "cavalry": 1}
        else:
            assert kit.asked is not None and kit.asked[1] == "lose"
            kit.act("lose(heavy_infantry)")
            assert queries.units_at(kit, "Beneventum") == {"heavy_infantry": 4, "cavalry": 1}


def test_rule_5_6_a_leader_killed_in_battle_never_comes_back() -> None:
    """HB 5.6: a leader killed is out of the game, his card with him; "Filip V Macedoński"
    does not bring Filip V back to an allied Macedonia (a check-game fault: his card was
    counted twice). Alive and off the board, he enters at Iliria."""
    for dead in (True, False):
        kit = event_position()
        clear_board(kit)
        set_lean(kit, "macedonia", 2, allied_by="carthage_spain")
        give(kit, "carthage_spain", "Filip V Macedoński*")
        if dead:
            move_card(kit, "Filip V", "removed")
        kit.begin()
        assert ("event(Filip V Macedoński*)" in kit.legal()) is not dead
        if not dead:
            kit.act("event(Filip V Macedoński*)")
            assert kit.at("Filip V") == "Iliria"
            assert len(queries.cards_of(kit, "Filip V")) == 1  # his card, once


def test_pirates_sink_a_ship_and_its_owner_chooses_the_cargo_lost() -> None:
    """B.13 "Piraci": each enemy ship at sea rolling 9 or 10 sinks; the cargo the ships left
    cannot carry (two to a ship, HB 1.2.7) is lost, its owner choosing it. The invariant
    "ships carry their cargo" waits for that choice (a check-game fault, macedonia-3p seed
    1001: it fired while Syracuse was still choosing)."""
    from legatus.games.hannibal_barkas.invariants import ships_carry_their_cargo

    kit = event_position(first="rome_north")
    clear_board(kit)
    put(kit, "carthage_spain", "S09", ships=2, heavy_infantry=1, light_infantry=2)
    give(kit, "rome_north", "Piraci [Rome]")
    kit.dice([6, 9])  # one roll: a die for each ship
    kit.begin()
    kit.act("event(Piraci [Rome])", "choose(S09)")
    assert kit.asked is not None and kit.asked[0] == "carthage_spain"
    assert ships_carry_their_cargo(kit.definition, kit.state) == []  # the choice is pending
    assert kit.legal() == ["lose(heavy_infantry)", "lose(light_infantry)"]
    kit.act("lose(light_infantry)")
    assert queries.units_at(kit, "S09") == {"ships": 1, "heavy_infantry": 1, "light_infantry": 1}
    assert ships_carry_their_cargo(kit.definition, kit.state) == []
