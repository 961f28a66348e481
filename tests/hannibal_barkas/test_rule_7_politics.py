"""HB VII: politics - aggression against a neutral state allies it with the other nation
(+2 VP, 2 heavy infantry in its capital, its cities), taking a state's capital turns it to
the captor, and the lost alliance costs its maker 2 VP; exact outcomes."""

from __future__ import annotations

from legatus.games.hannibal_barkas import queries, sieges
from tests.hannibal_barkas.conftest import (
    put,
    set_gold,
    set_ip,
    set_lean,
    set_order,
    set_vp,
    take_off,
)
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
    kit = city_position()
    set_order(kit, B, A)
    set_ip(kit, **{B: 1})
    put(kit, "numidia", "Siga", heavy_infantry=2)  # the neutral capital's garrison (HB II)
    put(kit, B, "Hippo Regius", heavy_infantry=3)
    kit.begin()
    kit.act("activate(Hippo Regius)", "take(heavy_infantry, 3)", "march")
    kit.act("step(Iol)")
    assert queries.lean(kit, "numidia") == 2  # Carthage's end of the five-space track
    assert queries.ally(kit, "numidia") == "carthage"
    assert queries.allied_by(kit, "numidia") == A
    assert queries.vp(kit, A) == 2
    assert queries.units_at(kit, "Siga", A) == {"heavy_infantry": 4}
    assert {"Siga", "Iol"} <= set(queries.cities(kit, A))
    sieges.capture(kit.context(), B, "Siga", "is stormed")
    assert queries.lean(kit, "numidia") == -2
    assert queries.allied_by(kit, "numidia") == B
    assert queries.vp(kit, A) == 0
    assert queries.vp(kit, B) == 3 + 2  # Siga's card, and the alliance


def test_rule_7_macedonias_entry_by_political_actions() -> None:
    """HB 3.4.5, VII, 10.1: Carthage's Africa player courts Macedonia twice (2 IP and 10
    talents each): the marker goes 0 -> 1 -> 2, the alliance end. He scores the 2 VP;
    2 heavy infantry join the 2 of the neutral garrison in Iliria, Macedonia's capital, all
    four under the Carthaginian player whose sphere holds Iliria (Hannibal's: Africa's
    sphere is Africa and the Numidian lands); Macedonia has no city cards to hand over
    (HB VII) and Filip V stays off the board (he comes by his event)."""
    from tests.hannibal_barkas.test_rule_3_4_actions import action_game

    kit = action_game("campaign-4p")
    assert queries.sphere(kit, "carthage_africa") == ["africa", "numidian_lands"]
    set_order(kit, "carthage_africa", "rome_north", "rome_south", "carthage_spain")
    set_ip(kit, carthage_africa=4)
    set_gold(kit, carthage_africa=20)
    kit.begin()
    kit.act("politics(macedonia)")
    assert queries.lean(kit, "macedonia") == 1
    assert queries.allied_by(kit, "macedonia") is None
    kit.act("pass", "pass", "pass")  # Rome's two players and Hannibal's
    kit.act("politics(macedonia)")
    assert queries.lean(kit, "macedonia") == 2
    assert queries.allied_by(kit, "macedonia") == "carthage_africa"
    assert (queries.ip(kit, "carthage_africa"), queries.gold(kit, "carthage_africa")) == (0, 0)
    assert queries.vp(kit, "carthage_africa") == 2
    assert queries.units_at(kit, "Iliria", "carthage_spain") == {"heavy_infantry": 4}
    assert queries.units_at(kit, "Iliria", "carthage_africa") == {}
    assert queries.cities(kit, "macedonia") == []
    assert kit.at("Filip V") == "out"
    assert kit.log("carthage_africa")[-3:] == [
        "Macedonia moves on the political track from 1 to 2 (Carthage (Africa))",
        "Macedonia allies with Carthage, brought in by Carthage (Africa); its army in Iliria "
        "is Carthage (Hannibal)'s",
        "Carthage (Africa) scores 2 VP (the alliance with Macedonia)",
    ]
    assert "politics(macedonia)" not in kit.legal()  # an allied state is not courted


def test_rule_7_iliria_held_with_no_macedonian_left_turns_macedonia() -> None:
    """HB VII, reference A.23 #22: Iliria, Macedonia's capital, has no city to besiege; it
    is taken when one nation's army holds it with no Macedonian unit left. Macedonia,
    allied with Carthage, turns to Rome: the Roman player scores 2 VP and the Carthaginian
    who made the alliance loses his. While a Macedonian unit stands there, nothing turns."""
    from legatus.games.hannibal_barkas import politics

    kit = city_position()
    set_lean(kit, "macedonia", 2, allied_by=A)
    set_vp(kit, **{A: 2})
    put(kit, B, "Iliria", heavy_infantry=3)
    guard = put(kit, A, "Iliria", nation="macedonia", heavy_infantry=1)
    ctx = kit.context()
    politics.cityless_capitals(ctx)
    assert queries.allied_by(kit, "macedonia") == A  # a Macedonian still holds his capital
    take_off(kit, *guard)
    politics.cityless_capitals(ctx)
    assert queries.lean(kit, "macedonia") == -2
    assert queries.allied_by(kit, "macedonia") == B
    assert (queries.vp(kit, A), queries.vp(kit, B)) == (0, 2)


def test_rule_7_a_state_allied_on_the_enemys_army_attacks_it() -> None:
    """HB VII, 5.1: Syracuse, Rome's ally, is turned neutral by an event (Hieron II dies)
    while a Roman heavy infantry stands in the field of Syracusae, its capital; only the
    state's own units go home (HB VII), so the Roman stays. Carthage then courts Syracuse
    into its alliance: the Syracusan army, now Carthage's, attacks the Roman army on its
    land at once (the reading in legatus/games/hannibal_barkas/politics.py) - the two nations never
    share the field between actions. Carthage's 10 in the first round destroys the Roman."""
    from legatus.games.hannibal_barkas import politics
    from legatus.games.hannibal_barkas.invariants import nations_apart
    from tests.hannibal_barkas.conftest import give_counters
    from tests.hannibal_barkas.test_rule_3_4_actions import action_game, decline_effects

    kit = action_game("campaign-2p", random_dice=True)
    set_lean(kit, "syracuse", -2, allied_by=B)
    set_vp(kit, **{B: 2})
    set_order(kit, A, B)
    set_ip(kit, **{A: 2})
    set_gold(kit, **{A: 10})
    # the allied garrison is Rome's: the neutral 2 and 2 more
    give_counters(kit, "Syracusae", "syracuse", B)
    put(kit, B, "Syracusae", nation="syracuse", heavy_infantry=2)
    put(kit, B, "Syracusae", heavy_infantry=1)
    politics.shift(kit.context(), A, "syracuse", 3)  # a powerful event: -2 -> 1
    assert queries.allied_by(kit, "syracuse") is None
    assert queries.vp(kit, B) == 0
    assert queries.units_at(kit, "Syracusae", "syracuse") == {"heavy_infantry": 4}
    assert queries.units_at(kit, "Syracusae", B) == {"heavy_infantry": 1}
    assert nations_apart(kit.definition, kit.state) == []  # a neutral garrison does not count
    kit.begin()
    kit.act("politics(syracuse)")
    assert queries.allied_by(kit, "syracuse") == A
    assert kit.log()[-2:] == [
        "Syracuse is at war with Rome's army in Syracusae: its army attacks",
        "Battle in Syracusae: Carthage (6 HI) attacks Rome (1 HI)",
    ]
    decline_effects(kit)
    assert kit.log()[-4:] == [
        "Carthage rolls [4, 2, 6, 2, 1, 10]",
        "Rome rolls [1]",
        "Rome loses 1 HI (a 10: chosen by the roller)",
        "The battle in Syracusae is over: Carthage win (0 attacking and 1 defending units "
        "eliminated)",
    ]
    assert queries.units_at(kit, "Syracusae") == {"heavy_infantry": 6}
    assert queries.units_at(kit, "Syracusae", A) == {"heavy_infantry": 6}
    assert (queries.vp(kit, A), queries.vp(kit, B)) == (2, 0)
    assert kit.asked == (B, "action")
    assert nations_apart(kit.definition, kit.state) == []
