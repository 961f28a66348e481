"""HB VIII: the Gallic tribes - attitude markers and their modifiers (HB 8.1), the attitude
test once a stage per tribe (HB 8.2, Tabela 2), volunteers on an alliance (A.23 #51), armed
resistance by the tribe's levy (HB 8.3, Ex. 13); forced dice, exact outcomes. The attitude
test is one roll of a d10."""

from __future__ import annotations

from legatus.framework.tools.testing import Kit
from legatus.games.hannibal_barkas import gauls, queries
from tests.hannibal_barkas.conftest import clear_tribes, put, set_ip, set_order, set_tribe
from tests.hannibal_barkas.test_rule_6_cities import city_position

A, B = "carthage_spain", "rome_north"


def rome_in_boii(team: str | None = None, attitude: str = "allied") -> Kit:
    """Rome (B) acts first with 1 IP and 8 heavy infantry in the Boii's land, allied with
    Rome; the Lingones next door carry the marker given (none: neutral)."""
    kit = city_position()
    set_order(kit, B, A)
    set_ip(kit, **{B: 1})
    clear_tribes(kit)
    set_tribe(kit, "Boii", "rome", "allied")
    set_tribe(kit, "Lingones", team, attitude)
    put(kit, B, "Boii", heavy_infantry=8)
    return kit


def march_into_lingones(kit: Kit) -> None:
    kit.begin()
    kit.act("activate(Boii)", "take(heavy_infantry, 8)", "march", "step(Lingones)")


def attitude_line(kit: Kit) -> str:
    return next(t for t in kit.log() if "test their attitude" in t)


def test_example_13_an_unfriendly_tribe_rolls_hostile_and_fights_with_its_levy() -> None:
    """Ex. 13: a Roman army enters the Lingones, friendly to Carthage (unfriendly to Rome:
    -4). Rome rolls 5, less 4 is 1: hostile - the tribe fights with the levy printed on its
    land, 6 Gallic infantry and 2 Gallic cavalry, led by Carthage's player (HB 8.3). The
    Gauls lose everything: the tribe turns friendly to the winner, who scores 1 VP for 8
    units (HB 8.3, 5.11)."""
    kit = rome_in_boii(team="carthage", attitude="friendly")
    assert queries.attitude(kit, "Lingones", "rome") == "unfriendly"
    kit.dice(5)  # the attitude test
    kit.dice([1, 1])  # the Gallic cavalry miss
    kit.dice([7] * 8)  # Rome's heavy infantry: 8 hits
    kit.dice([1] * 6)  # the Gallic infantry miss
    march_into_lingones(kit)
    # The log keeps Tabela 2's word; the terminal reads it in English (test_terminal.py).
    assert attitude_line(kit) == "Lingones test their attitude to rome: d10 5 -4 = 1, Wrogie"
    kit.act("decline")  # the move: Carthage does not answer it (Rome: its own)
    assert queries.units_at(kit, "Lingones", "gauls") == {
        "gallic_infantry": 6,
        "gallic_cavalry": 2,
    }
    kit.act("decline", "decline")  # before the battle
    assert kit.asked == (A, "lose")  # Carthage leads the Gauls
    kit.act("lose(gallic_cavalry)", "lose(gallic_cavalry)")  # the rest: infantry
    kit.close()
    assert queries.units_at(kit, "Lingones") == {"heavy_infantry": 8}
    assert queries.marker(kit, "Lingones") == ("rome", "friendly")
    assert queries.vp(kit, B) == 1


def test_rule_8_2_an_alliance_brings_two_gallic_volunteers_and_the_army_moves_on() -> None:
    """HB 8.2: a neutral tribe (no modifier) rolling 9 allies with the army's nation: the
    marker, 2 Gallic infantry volunteers in its land (A.23 #51), and the army may move on."""
    kit = rome_in_boii()
    kit.dice(9)
    march_into_lingones(kit)
    assert queries.marker(kit, "Lingones") == ("rome", "allied")
    assert queries.attitude(kit, "Lingones", "carthage") == "hostile"
    assert queries.units_at(kit, "Lingones", B) == {"heavy_infantry": 8, "gallic_infantry": 2}
    assert kit.asked is not None and kit.asked[1] == "march"  # 1 MP left, no fight
    assert "step(Ravenna)" in kit.legal()


def test_rule_8_2_the_test_is_made_once_a_stage_per_tribe() -> None:
    """HB 8.2: a second army entering a tribe's land in the same stage rolls no test: a
    neutral result (5) lets the first army go on, and the second enters with no die."""
    kit = rome_in_boii()
    kit.dice(5)
    march_into_lingones(kit)
    assert queries.tested(kit) == ["Lingones"]
    ctx = kit.context()
    assert not gauls.must_test(ctx, "Lingones", "rome")
    assert not gauls.must_test(ctx, "Lingones", "carthage")  # once a stage, whoever enters
    assert queries.marker(kit, "Lingones") is None  # neutral: no marker
    assert queries.attitude(kit, "Lingones", "rome") == "neutral"


def test_rule_8_1_the_friendly_modifier_is_plus_4_and_results_stay_in_the_table() -> None:
    """HB 8.1, Tabela 2: a tribe friendly to the tester adds 4 (a 6 becomes 10: an alliance);
    modified rolls above 10 count as 10 (A.23 #16)."""
    for roll, modified in ((6, 10), (9, 10), (3, 7)):
        kit = rome_in_boii(team="rome", attitude="friendly")
        kit.dice(roll)
        march_into_lingones(kit)
        word = "Sojusz" if modified >= 9 else "Przyjazne"
        assert attitude_line(kit) == (
            f"Lingones test their attitude to rome: d10 {roll} +4 = {modified}, {word}"
        )
        attitude = "allied" if modified >= 9 else "friendly"
        assert queries.marker(kit, "Lingones") == ("rome", attitude)
