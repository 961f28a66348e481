"""HB 3.4.3 and 1.3.1: cards played as events and as effects. The texts are the placeholder
proposals of the reference (B.13), written as effects in the rules file; these tests play
them through the action phase and the effect windows."""

from __future__ import annotations

from legatus.framework.tools.testing import GameUnderTest
from legatus.games.hannibal_barkas import politics
from tests.hannibal_barkas.conftest import clear_board, give, hb_rules, put, seated, units_at


def event_position(
    scenario: str = "campaign-2p", first: str = "carthage_spain"
) -> tuple[GameUnderTest, dict]:
    game = hb_rules("actions")
    state = seated(game, scenario)
    for key in state["zones"]:
        if key.startswith("hand:"):
            state["zones"][key] = []
    others = [s[0] for s in state["seats"].values() if s[0] != first]
    state["records"]["order"] = [first, *others]
    return game, state


def decline(game: GameUnderTest, state: dict) -> None:
    while state["prompt"] is not None and state["prompt"]["kind"] == "respond":
        game.apply(state, "decline")


def test_reinforcements_appear_free_in_a_city_of_the_player() -> None:
    """B.13 "Nowe legiony": two heavy infantry, free, in a city the player holds that is
    not besieged (HB 9.3: reinforcements cost nothing)."""
    game, state = event_position(first="rome_north")
    give(state, "rome_north", "Nowe legiony")
    game.begin(state)
    game.apply(state, "event(Nowe legiony)")
    assert state["prompt"]["kind"] == "choose"
    assert "choose(Roma)" in game.legal(state)
    # Carthage's Gauls hold the Boii's field: the new units would stand inside Placentia's
    # walls, as recruits do (HB 9.3), and there is room there
    assert "choose(Placentia)" in game.legal(state)
    gold = state["records"]["gold"]["rome_north"]
    game.apply(state, "choose(Roma)")
    assert units_at(state, "Roma") == {"heavy_infantry": 2}
    assert state["records"]["gold"]["rome_north"] == gold
    assert state["zones"]["discard_rome"] == ["Nowe legiony"]


def test_a_fleet_reinforcement_needs_a_port_and_an_elephant_the_symbol() -> None:
    game, state = event_position()
    give(state, "carthage_spain", "Flota kartagińska", "Słonie")
    game.begin(state)
    game.apply(state, "event(Słonie)")
    assert game.legal(state) == ["choose(Carthago Nova)", "choose(Carthago)", "choose(Zama)"]
    game.apply(state, "choose(Zama)")
    game.apply(state, "pass")  # Rome
    game.apply(state, "event(Flota kartagińska)")
    assert "choose(Castulo)" not in game.legal(state) and "choose(Gades)" in game.legal(state)


def test_an_embassy_moves_a_state_and_hieron_makes_an_alliance() -> None:
    """B.13: "Poselstwo" moves a state one space; "Hieron II umiera" moves Syracuse two
    spaces towards Carthage: an alliance (HB VII: 2 VP, 2 heavy infantry, its cities)."""
    game, state = event_position()
    give(state, "carthage_spain", "Hieron II umiera*", "Poselstwo [Carthage]")
    game.begin(state)
    game.apply(state, "event(Poselstwo [Carthage])")
    assert game.legal(state) == ["choose(macedonia)", "choose(numidia)", "choose(syracuse)"]
    game.apply(state, "choose(numidia)")
    assert state["records"]["political"]["numidia"] == 1
    game.apply(state, "pass")
    game.apply(state, "event(Hieron II umiera*)")
    records = state["records"]
    assert records["political"]["syracuse"] == 2
    assert records["vp"]["carthage_spain"] == 2
    assert records["allied_by"] == {"syracuse": "carthage_spain"}
    assert {"Syracusae", "Leontini", "Tauromenium"} <= set(state["zones"]["cities:carthage_spain"])
    assert units_at(state, "Syracusae", "carthage_spain") == {"heavy_infantry": 4}
    assert state["zones"]["removed"] == ["Hieron II umiera*"]


def test_a_powerful_event_breaks_an_alliance() -> None:
    """HB VII, reference A.23 #25: a two-space event may move an allied state; the
    alliance is lost: the player who made it loses its 2 VP, the state's cards leave the
    hands and its counters go home to its capital."""
    game, state = event_position()
    records = state["records"]
    records["political"]["syracuse"] = -2
    records["allied_by"]["syracuse"] = "rome_north"
    records["vp"]["rome_north"] = 2
    give(state, "carthage_spain", "Hieron II umiera*")
    game.begin(state)
    # The scenario's Syracuse is neutral; an alliance with Rome set by hand keeps its
    # counters the state's: only the VP and the cards are at stake here.
    game.apply(state, "event(Hieron II umiera*)")
    assert records["political"]["syracuse"] == 0
    assert records["vp"]["rome_north"] == 0
    assert records["allied_by"] == {}


def test_syphax_enters_only_for_numidias_ally() -> None:
    """B.13 "Syfaks": Syphax enters at Siga for the side allied with Numidia; not while he
    is on the board (HB 3.4.3)."""
    game, state = event_position()
    give(state, "carthage_spain", "Syfaks*")
    game.begin(state)
    assert "event(Syfaks*)" not in game.legal(state)
    game, state = event_position()
    politics.shift(game.context(state), "carthage_spain", "numidia", 2)
    give(state, "carthage_spain", "Syfaks*")
    game.begin(state)
    game.apply(state, "event(Syfaks*)")
    assert state["pieces"]["Syphax"]["at"] == "Siga"
    assert "Syphax" in state["zones"]["leaders:carthage_spain"]


def test_a_storm_sinks_ships_on_the_open_sea_with_their_cargo() -> None:
    """B.13 "Sztorm": an enemy fleet on the open sea rolls a d10 a ship, 8 or more sinks it
    with its cargo (the owner chooses which units are lost)."""
    game, state = event_position()
    clear_board(state)
    put(state, "rome_north", "O3", ships=3, heavy_infantry=4, cavalry=2)
    put(state, "rome_north", "S07", ships=1)  # coastal: the storm cannot reach it
    give(state, "carthage_spain", "Sztorm [Carthage]")
    game.begin(state)
    game.apply(state, "event(Sztorm [Carthage])")
    assert game.legal(state) == ["choose(O3)"]
    game.force(9, 2, 8)
    game.apply(state, "choose(O3)")
    # One ship afloat carries 2: 4 of the 6 land units go down, Rome choosing.
    assert state["prompt"]["side"] == "rome_north" and state["prompt"]["kind"] == "lose"
    game.apply(state, "lose(cavalry)", "lose(cavalry)")  # then only heavy infantry is left
    assert units_at(state, "O3") == {"ships": 1, "heavy_infantry": 2}


def test_disease_strikes_an_unmoved_army_of_ten() -> None:
    """B.13 "Choroby w armii": an enemy army of 10 or more units that has not moved this
    stage loses one unit in five, its owner choosing."""
    game, state = event_position()
    clear_board(state)
    put(state, "rome_north", "Roma", heavy_infantry=8, light_infantry=3)
    put(state, "rome_north", "Pisae", heavy_infantry=9)
    give(state, "carthage_spain", "Choroby w armii [Carthage]")
    game.begin(state)
    game.apply(state, "event(Choroby w armii [Carthage])")
    assert game.legal(state) == ["choose(Roma)"]
    game.apply(state, "choose(Roma)", "lose(light_infantry)", "lose(light_infantry)")
    assert units_at(state, "Roma") == {"heavy_infantry": 8, "light_infantry": 1}


def test_a_gallic_rising_brings_volunteers_on_an_alliance() -> None:
    """B.13 "Powstanie Galów": two tribes of Gallia Transpadana move one step towards
    Carthage; an alliance brings 2 Gallic infantry volunteers (HB 8.2, A.23 #51)."""
    game, state = event_position()
    give(state, "carthage_spain", "Powstanie Galów")
    game.begin(state)
    game.apply(state, "event(Powstanie Galów)")
    assert "choose(Boii)" not in game.legal(state)  # allied with Carthage already
    assert "choose(Veneti)" in game.legal(state)  # Roman counters there face its levy (HB 8.3)
    game.apply(state, "choose(Ligures)", "choose(Cenomani)")
    gauls = state["records"]["gauls"]
    assert gauls["Ligures"] == {"team": "carthage", "attitude": "allied"}
    assert "Cenomani" not in gauls  # friendly to Rome, now neutral
    assert units_at(state, "Ligures", "carthage_spain") == {"gallic_infantry": 2}


def test_tarentums_treason() -> None:
    """B.13 "Zdrada Tarentu": with a Carthaginian army in its region, Tarentum becomes
    Carthaginian as if captured (HB 6.3: its VP); the Roman ships in its port put to sea."""
    game, state = event_position()
    clear_board(state)
    put(state, "carthage_spain", "Tarentum", heavy_infantry=1)
    give(state, "carthage_spain", "Zdrada Tarentu*")
    game.begin(state)
    assert "event(Zdrada Tarentu*)" in game.legal(state)
    game.apply(state, "event(Zdrada Tarentu*)")
    assert "Tarentum" in state["zones"]["cities:carthage_spain"]
    assert state["records"]["vp"]["carthage_spain"] == 3
    assert state["records"]["captured"] == {"Tarentum": "carthage_spain"}


def test_capuas_treason_waits_for_a_victory_in_italy() -> None:
    """B.13 "Zdrada Capui" needs a battle won in Italy this year: not before part 2."""
    game, state = event_position()
    clear_board(state)
    put(state, "carthage_spain", "Capua", "Hannibal", heavy_infantry=1)
    give(state, "carthage_spain", "Zdrada Capui*")
    game.begin(state)
    assert "event(Zdrada Capui*)" not in game.legal(state)


def test_march_losses_answer_a_long_march_and_the_smile_of_the_gods_cancels_them() -> None:
    """B.13 "Straty marszowe" (an effect): an enemy army that has just moved 2 regions
    loses one unit in five; "Uśmiech bogów" answers it and cancels it (Ex. 8: the chain of
    answers resolves, the last first)."""
    for answered in (False, True):
        game, state = event_position(first="rome_north")
        clear_board(state)
        put(state, "rome_north", "Roma", "Konsul I", heavy_infantry=5, cavalry=1)
        give(state, "carthage_spain", "Straty marszowe [Carthage]")
        give(state, "rome_north", "Uśmiech bogów [Rome]")
        game.begin(state)
        game.apply(state, "activate(Roma)", "take(heavy_infantry, 5)", "take(cavalry, 1)", "march")
        game.apply(state, "step(Capua)", "step(Beneventum)")
        assert state["prompt"]["kind"] == "respond"
        # Rome is not asked to answer its own move (nothing could answer it): Carthage is.
        assert state["prompt"]["sides"] == ["carthage_spain"]
        game.game.apply(
            state, "effect(Straty marszowe [Carthage])", game.run, side="carthage_spain"
        )
        # The window opens again: Rome may answer the effect.
        assert state["prompt"]["kind"] == "respond"
        rome = [a.text for a in game.game.legal_actions(state, game.run, side="rome_north")]
        assert rome == ["decline", "effect(Uśmiech bogów [Rome])"]  # the card answers an effect
        answer = "effect(Uśmiech bogów [Rome])" if answered else "decline"
        game.game.apply(state, answer, game.run, side="rome_north")
        game.game.apply(state, "decline", game.run, side="carthage_spain")
        if answered:
            game.game.apply(state, "decline", game.run, side="rome_north")
            game.game.apply(state, "decline", game.run, side="carthage_spain")
            assert units_at(state, "Beneventum") == {"heavy_infantry": 5, "cavalry": 1}
        else:
            assert state["prompt"]["kind"] == "lose"
            game.apply(state, "lose(heavy_infantry)")
            assert units_at(state, "Beneventum") == {"heavy_infantry": 4, "cavalry": 1}


def test_rule_5_6_a_leader_killed_in_battle_never_comes_back() -> None:
    """HB 5.6: a leader killed is out of the game, his card with him; "Filip V Macedoński"
    does not bring Filip V back to an allied Macedonia (a check-game fault: his card was
    counted twice). Alive and off the board, he enters at Iliria."""
    for dead in (True, False):
        game, state = event_position()
        clear_board(state)
        records = state["records"]
        records["political"]["macedonia"] = 2
        records["allied_by"]["macedonia"] = "carthage_spain"
        give(state, "carthage_spain", "Filip V Macedoński*")
        if dead:
            for cards in state["zones"].values():
                if "Filip V" in cards:
                    cards.remove("Filip V")
            state["zones"]["removed"].append("Filip V")
        game.begin(state)
        assert ("event(Filip V Macedoński*)" in game.legal(state)) is not dead
        if not dead:
            game.apply(state, "event(Filip V Macedoński*)")
            assert state["pieces"]["Filip V"]["at"] == "Iliria"
            cards = [c for cards in state["zones"].values() for c in cards]
            assert cards.count("Filip V") == 1


def test_pirates_sink_a_ship_and_its_owner_chooses_the_cargo_lost() -> None:
    """B.13 "Piraci": each enemy ship at sea rolling 9 or 10 sinks; the cargo the ships left
    cannot carry (two to a ship, HB 1.2.7) is lost, its owner choosing it. The invariant
    "ships carry their cargo" waits for that choice (a check-game fault, macedonia-3p seed
    1001: it fired while Syracuse was still choosing)."""
    from legatus.games.hannibal_barkas.invariants import ships_carry_their_cargo

    game, state = event_position(first="rome_north")
    clear_board(state)
    put(state, "carthage_spain", "S09", ships=2, heavy_infantry=1, light_infantry=2)
    give(state, "rome_north", "Piraci [Rome]")
    game.force(6, 9)
    game.begin(state)
    game.apply(state, "event(Piraci [Rome])", "choose(S09)")
    assert state["prompt"]["side"] == "carthage_spain"
    assert ships_carry_their_cargo(game.definition, state) == []  # the choice is pending
    assert game.legal(state) == ["lose(heavy_infantry)", "lose(light_infantry)"]
    game.apply(state, "lose(light_infantry)")
    assert units_at(state, "S09") == {"ships": 1, "heavy_infantry": 1, "light_infantry": 1}
    assert ships_carry_their_cargo(game.definition, state) == []
