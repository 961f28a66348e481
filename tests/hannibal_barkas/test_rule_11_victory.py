"""HB XI, 10.3, 10.4: victory - the wars' VP targets (the small war 30, Syracuse 20; the large
war 50, Syracuse 30; the campaign, until a capital falls, Syracuse 40), a nation's players'
VP counted together, the individual winner inside the winning nation, VP told only to one's
own nation, the capital taken (HB 11.1), Scenario I's own conditions."""

from __future__ import annotations

from typing import Any

from legatus.framework.tools.testing import Kit
from legatus.games.hannibal_barkas import queries, sieges, victory
from tests.hannibal_barkas.conftest import clear_board, hb_rules, put, seated, set_vp, take_off


def position(scenario: str, *options: str) -> Kit:
    return seated(hb_rules("actions"), scenario, options=options)


def result(kit: Kit) -> dict[str, Any]:
    found = kit.result
    assert found is not None, "the game is not over"
    return found


def test_rule_10_3_a_nations_players_reach_the_small_wars_30_together() -> None:
    """HB 10.3, 11.2: the war ends when the players of one nation reach 30 VP together;
    the one who scored more alone is the individual winner, his team-mate second."""
    kit = position("campaign-4p")
    ctx = kit.context()
    set_vp(kit, carthage_spain=20, carthage_africa=9, rome_north=12)
    victory.score(ctx, "rome_north", 5, "a battle")
    assert kit.result is None  # Rome 17
    assert queries.nation_vp(kit, "rome") == 17
    victory.score(ctx, "carthage_africa", 1, "a battle")
    found = result(kit)
    assert found["winner"] == "carthage_spain"
    assert found["rule"] == "HB 10.3, 11.2"
    assert found["reason"].startswith("Carthage reach 30 VP")
    assert found["ranks"]["carthage_spain"] == 1
    assert found["ranks"]["carthage_africa"] == 2
    assert found["ranks"]["rome_north"] == found["ranks"]["rome_south"] == 3


def test_rule_10_3_vp_are_told_only_to_the_players_own_nation() -> None:
    """HB 10.3, 1.2.12: a player may show his VP only to his ally: the log line of a score
    goes to his nation's sides alone."""
    kit = position("campaign-4p")
    victory.score(kit.context(), "rome_south", 2, "a city")
    line = "Rome (south) scores 2 VP (a city)"
    assert kit.log("rome_south")[-1] == line
    assert kit.log("rome_north")[-1] == line
    assert line not in kit.log("carthage_spain") and line not in kit.log("carthage_africa")
    assert line not in kit.log()


def test_rule_10_4_syracuse_wins_alone_at_its_own_target() -> None:
    """HB 10.4, 11.2: Syracuse, a player in games of five, wins alone at 20 VP in the small
    war; the nations' 30 do not apply to it."""
    kit = position("campaign-5p")
    ctx = kit.context()
    victory.score(ctx, "syracuse", 19, "cities")
    assert kit.result is None
    victory.score(ctx, "syracuse", 1, "a city")
    assert result(kit)["winner"] == "syracuse"
    assert result(kit)["rule"] == "HB 10.4"


def test_rule_11_2_the_large_war_and_the_campaign() -> None:
    """HB 11.2: in the large war 30 VP do not end the war, 50 do (Syracuse 30); in the
    campaign no VP total ends it for a nation, Syracuse wins at 40."""
    kit = position("gates-3p", "large_war")
    ctx = kit.context()
    assert queries.war(kit) == "large"
    victory.score(ctx, "carthage_spain", 30, "cities")
    victory.score(ctx, "syracuse", 29, "cities")
    assert kit.result is None
    victory.score(ctx, "syracuse", 1, "a city")
    assert result(kit)["winner"] == "syracuse"
    kit = position("gates-3p", "campaign")
    ctx = kit.context()
    victory.score(ctx, "rome_north", 200, "cities")
    victory.score(ctx, "syracuse", 39, "cities")
    assert kit.result is None
    victory.score(ctx, "syracuse", 1, "a city")
    assert result(kit)["winner"] == "syracuse"


def test_rule_11_1_taking_the_enemys_capital_wins_at_once() -> None:
    """HB 11.1: a nation taking the enemy's capital wins at once, whatever the VP; the
    Syracusan player wins by taking Roma or Carthago."""
    kit = position("campaign-2p")
    set_vp(kit, rome_north=25)
    sieges.capture(kit.context(), "carthage_spain", "Roma", "is stormed")
    assert result(kit)["winner"] == "carthage_spain"
    assert result(kit)["rule"] == "HB 11.1"
    kit = position("campaign-3p")
    sieges.capture(kit.context(), "syracuse", "Carthago", "is stormed")
    assert result(kit)["winner"] == "syracuse"
    assert result(kit)["rule"] == "HB 11.1"


def test_scenario_1_fifteen_vp_or_hannibals_army_below_five_units() -> None:
    """Scenario I: each nation wins with 15 VP; Rome wins at once when the units Carthage
    controls in Italy and Transpadana fall below 5 (reference A.23 #34)."""
    kit = position("stop-hannibal-2p")
    ctx = kit.context()
    victory.score(ctx, "carthage_spain", 14, "cities")
    assert kit.result is None
    victory.score(ctx, "carthage_spain", 1, "a city")
    assert result(kit)["winner"] == "carthage_spain"
    kit = seated(hb_rules("actions"), "stop-hannibal-2p")
    clear_board(kit)
    ctx = kit.context()
    put(kit, "carthage_spain", "Boii", "Hannibal", heavy_infantry=5)
    victory.check(ctx)
    assert kit.result is None
    take_off(kit, "Carthaginian heavy infantry 1")
    victory.check(ctx)
    assert result(kit)["winner"] == "rome_north"
    assert result(kit)["rule"] == "HB Scenario I"
