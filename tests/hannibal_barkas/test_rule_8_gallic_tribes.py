"""HB VIII: the Gallic tribes - attitude markers and their modifiers (HB 8.1), the attitude
test once a stage per tribe (HB 8.2, Tabela 2), volunteers on an alliance (A.23 #51), armed
resistance by the tribe's levy (HB 8.3, Ex. 13); forced dice, exact outcomes."""

from __future__ import annotations

from legatus.framework.tools.testing import GameUnderTest
from legatus.games.hannibal_barkas import gauls
from tests.hannibal_barkas.conftest import put, units_at
from tests.hannibal_barkas.test_rule_6_cities import city_position

A, B = "carthage_spain", "rome_north"


def rome_in_boii(**lingones: str) -> tuple[GameUnderTest, dict]:
    """Rome (B) acts first with 1 IP and 8 heavy infantry in the Boii's land, allied with
    Rome; the Lingones next door carry the marker given (none: neutral)."""
    game, state = city_position()
    state["records"]["order"] = [B, A]
    state["records"]["ip"][B] = 1
    markers = state["records"]["gauls"]
    markers.clear()
    markers["Boii"] = {"team": "rome", "attitude": "allied"}
    if lingones:
        markers["Lingones"] = dict(lingones)
    put(state, B, "Boii", heavy_infantry=8)
    return game, state


def march_into_lingones(game: GameUnderTest, state: dict) -> None:
    game.begin(state)
    game.apply(state, "activate(Boii)", "take(heavy_infantry, 8)", "march", "step(Lingones)")


def test_example_13_an_unfriendly_tribe_rolls_hostile_and_fights_with_its_levy() -> None:
    """Ex. 13: a Roman army enters the Lingones, friendly to Carthage (unfriendly to Rome:
    -4). Rome rolls 5, less 4 is 1: hostile - the tribe fights with the levy printed on its
    land, 6 Gallic infantry and 2 Gallic cavalry, led by Carthage's player (HB 8.3). The
    Gauls lose everything: the tribe turns friendly to the winner, who scores 1 VP for 8
    units (HB 8.3, 5.11)."""
    game, state = rome_in_boii(team="carthage", attitude="friendly")
    game.force(5)  # the attitude test
    game.force(1, 1)  # the Gallic cavalry miss
    game.force(*[7] * 8)  # Rome's heavy infantry: 8 hits
    game.force(*[1] * 6)  # the Gallic infantry miss
    march_into_lingones(game, state)
    line = next(e["text"] for e in state["log"] if "test their attitude" in e["text"])
    # The log keeps Tabela 2's word; the terminal reads it in English (test_terminal.py).
    assert line == "Lingones test their attitude to rome: d10 5 -4 = 1, Wrogie"
    game.apply(state, "decline")  # the move: Carthage does not answer it (Rome: its own)
    assert units_at(state, "Lingones", "gauls") == {"gallic_infantry": 6, "gallic_cavalry": 2}
    game.apply(state, "decline", "decline")  # before the battle
    assert state["prompt"]["side"] == A and state["prompt"]["kind"] == "lose"  # Carthage leads
    game.apply(state, "lose(gallic_cavalry)", "lose(gallic_cavalry)")  # the rest: infantry
    assert game.forced_dice == []
    assert units_at(state, "Lingones") == {"heavy_infantry": 8}
    assert state["records"]["gauls"]["Lingones"] == {"team": "rome", "attitude": "friendly"}
    assert state["records"]["vp"][B] == 1


def test_rule_8_2_an_alliance_brings_two_gallic_volunteers_and_the_army_moves_on() -> None:
    """HB 8.2: a neutral tribe (no modifier) rolling 9 allies with the army's nation: the
    marker, 2 Gallic infantry volunteers in its land (A.23 #51), and the army may move on."""
    game, state = rome_in_boii()
    game.force(9)
    march_into_lingones(game, state)
    assert state["records"]["gauls"]["Lingones"] == {"team": "rome", "attitude": "allied"}
    assert units_at(state, "Lingones", B) == {"heavy_infantry": 8, "gallic_infantry": 2}
    assert state["prompt"]["kind"] == "march"  # 1 MP left, no fight: the move goes on
    assert "step(Ravenna)" in game.legal(state)


def test_rule_8_2_the_test_is_made_once_a_stage_per_tribe() -> None:
    """HB 8.2: a second army entering a tribe's land in the same stage rolls no test: a
    neutral result (5) lets the first army go on, and the second enters with no die."""
    game, state = rome_in_boii()
    game.force(5)
    march_into_lingones(game, state)
    assert state["records"]["tested"] == ["Lingones"]
    ctx = game.context(state)
    assert not gauls.must_test(ctx, "Lingones", "rome")
    assert not gauls.must_test(ctx, "Lingones", "carthage")  # once a stage, whoever enters
    assert "Lingones" not in state["records"]["gauls"]  # neutral: no marker


def test_rule_8_1_the_friendly_modifier_is_plus_4_and_results_stay_in_the_table() -> None:
    """HB 8.1, Tabela 2: a tribe friendly to the tester adds 4 (a 6 becomes 10: an alliance);
    modified rolls above 10 count as 10 (A.23 #16)."""
    for roll, modified in ((6, 10), (9, 10), (3, 7)):
        game, state = rome_in_boii(team="rome", attitude="friendly")
        game.force(roll)
        march_into_lingones(game, state)
        line = next(e["text"] for e in state["log"] if "test their attitude" in e["text"])
        word = "Sojusz" if modified >= 9 else "Przyjazne"
        assert line == f"Lingones test their attitude to rome: d10 {roll} +4 = {modified}, {word}"
        attitude = "allied" if modified >= 9 else "friendly"
        assert state["records"]["gauls"]["Lingones"] == {"team": "rome", "attitude": attitude}
