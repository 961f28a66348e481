"""HB VII: politics - aggression against a neutral state allies it with the other nation
(+2 VP, 2 heavy infantry in its capital, its cities), taking a state's capital turns it to
the captor, and the lost alliance costs its maker 2 VP; exact outcomes."""

from __future__ import annotations

from legatus.games.hannibal_barkas import sieges
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


def test_rule_7_macedonias_entry_by_political_actions() -> None:
    """HB 3.4.5, VII, 10.1: Carthage's Africa player courts Macedonia twice (2 IP and 10
    talents each): the marker goes 0 -> 1 -> 2, the alliance end. He scores the 2 VP;
    2 heavy infantry join the 2 of the neutral garrison in Iliria, Macedonia's capital, all
    four under the Carthaginian player whose sphere holds Iliria (Hannibal's: Africa's
    sphere is Africa and the Numidian lands); Macedonia has no city cards to hand over
    (HB VII) and Filip V stays off the board (he comes by his event)."""
    from tests.hannibal_barkas.test_rule_3_4_actions import action_game

    game, state = action_game("campaign-4p")
    records = state["records"]
    assert records["spheres"]["carthage_africa"] == ["africa", "numidian_lands"]
    records["order"] = ["carthage_africa", "rome_north", "rome_south", "carthage_spain"]
    records["ip"]["carthage_africa"], records["gold"]["carthage_africa"] = 4, 20
    game.begin(state)
    game.apply(state, "politics(macedonia)")
    assert records["political"]["macedonia"] == 1
    assert "macedonia" not in records["allied_by"]
    game.apply(state, "pass", "pass", "pass")  # Rome's two players and Hannibal's
    game.apply(state, "politics(macedonia)")
    assert records["political"]["macedonia"] == 2
    assert records["allied_by"]["macedonia"] == "carthage_africa"
    assert (records["ip"]["carthage_africa"], records["gold"]["carthage_africa"]) == (0, 0)
    assert records["vp"]["carthage_africa"] == 2
    assert units_at(state, "Iliria", "carthage_spain") == {"heavy_infantry": 4}
    assert units_at(state, "Iliria", "carthage_africa") == {}
    assert state["zones"]["cities:macedonia"] == []
    assert state["pieces"]["Filip V"]["at"] == "out"
    assert [e["text"] for e in state["log"][-3:]] == [
        "Macedonia moves on the political track from 1 to 2 (Carthage (Africa))",
        "Macedonia allies with Carthage, brought in by Carthage (Africa); its army in Iliria "
        "is Carthage (Hannibal)'s",
        "Carthage (Africa) scores 2 VP (the alliance with Macedonia)",
    ]
    assert "politics(macedonia)" not in game.legal(state)  # an allied state is not courted


def test_rule_7_iliria_held_with_no_macedonian_left_turns_macedonia() -> None:
    """HB VII, reference A.23 #22: Iliria, Macedonia's capital, has no city to besiege; it
    is taken when one nation's army holds it with no Macedonian unit left. Macedonia,
    allied with Carthage, turns to Rome: the Roman player scores 2 VP and the Carthaginian
    who made the alliance loses his. While a Macedonian unit stands there, nothing turns."""
    from legatus.games.hannibal_barkas import politics

    game, state = city_position()
    records = state["records"]
    records["political"]["macedonia"] = 2
    records["allied_by"]["macedonia"] = A
    records["vp"][A] = 2
    put(state, B, "Iliria", heavy_infantry=3)
    guard = put(state, A, "Iliria", nation="macedonia", heavy_infantry=1)
    ctx = game.context(state)
    politics.cityless_capitals(ctx)
    assert records["allied_by"]["macedonia"] == A  # a Macedonian still holds his capital
    state["pieces"][guard[0]]["at"] = "out"
    politics.cityless_capitals(ctx)
    assert records["political"]["macedonia"] == -2
    assert records["allied_by"]["macedonia"] == B
    assert (records["vp"][A], records["vp"][B]) == (0, 2)


def test_rule_7_a_state_allied_on_the_enemys_army_attacks_it() -> None:
    """HB VII, 5.1: Syracuse, Rome's ally, is turned neutral by an event (Hieron II dies)
    while a Roman heavy infantry stands in the field of Syracusae, its capital; only the
    state's own units go home (HB VII), so the Roman stays. Carthage then courts Syracuse
    into its alliance: the Syracusan army, now Carthage's, attacks the Roman army on its
    land at once (the reading in legatus/games/hannibal_barkas/politics.py) - the two nations never
    share the field between actions. Carthage's 10 in the first round destroys the Roman."""
    from legatus.games.hannibal_barkas import politics
    from legatus.games.hannibal_barkas.invariants import nations_apart
    from tests.hannibal_barkas.test_rule_3_4_actions import action_game, decline_effects

    game, state = action_game("campaign-2p")
    records = state["records"]
    records["political"]["syracuse"] = -2
    records["allied_by"]["syracuse"] = B
    records["vp"][B] = 2
    records["order"] = [A, B]
    records["ip"][A], records["gold"][A] = 2, 10
    for piece in state["pieces"].values():
        if piece["at"] == "Syracusae" and piece["side"] == "syracuse":
            piece["side"] = B  # the allied garrison is Rome's: the neutral 2 and 2 more
    put(state, B, "Syracusae", nation="syracuse", heavy_infantry=2)
    put(state, B, "Syracusae", heavy_infantry=1)
    politics.shift(game.context(state), A, "syracuse", 3)  # a powerful event: -2 -> 1
    assert "syracuse" not in records["allied_by"]
    assert records["vp"][B] == 0
    assert units_at(state, "Syracusae", "syracuse") == {"heavy_infantry": 4}
    assert units_at(state, "Syracusae", B) == {"heavy_infantry": 1}
    assert nations_apart(game.definition, state) == []  # a neutral garrison does not count
    game.begin(state)
    game.apply(state, "politics(syracuse)")
    assert records["allied_by"]["syracuse"] == A
    assert [e["text"] for e in state["log"][-2:]] == [
        "Syracuse is at war with Rome's army in Syracusae: its army attacks",
        "Battle in Syracusae: Carthage (6 HI) attacks Rome (1 HI)",
    ]
    decline_effects(game, state)
    assert [e["text"] for e in state["log"][-4:]] == [
        "Carthage rolls [4, 2, 6, 2, 1, 10]",
        "Rome rolls [1]",
        "Rome loses 1 HI (a 10: chosen by the roller)",
        "The battle in Syracusae is over: Carthage win (0 attacking and 1 defending units "
        "eliminated)",
    ]
    assert units_at(state, "Syracusae") == {"heavy_infantry": 6}
    assert units_at(state, "Syracusae", A) == {"heavy_infantry": 6}
    assert (records["vp"][A], records["vp"][B]) == (2, 0)
    assert state["prompt"]["side"] == B and state["prompt"]["kind"] == "action"
    assert nations_apart(game.definition, state) == []
