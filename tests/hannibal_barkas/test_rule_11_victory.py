"""HB XI, 10.3, 10.4: victory - the wars' VP targets (the small war 30, Syracuse 20; the large
war 50, Syracuse 30; the campaign, until a capital falls, Syracuse 40), a nation's players'
VP counted together, the individual winner inside the winning nation, VP told only to one's
own nation, the capital taken (HB 11.1), Scenario I's own conditions."""

from __future__ import annotations

from typing import Any

from legatus.framework.tools.testing import GameUnderTest
from legatus.games.hannibal_barkas import sieges, victory
from tests.hannibal_barkas.conftest import clear_board, hb_rules, put, seated

State = dict[str, Any]


def position(scenario: str, *options: str) -> tuple[GameUnderTest, State]:
    from legatus.games.hannibal_barkas import setup

    game = hb_rules("actions")
    state = game.setup(scenario, options=options)
    setup.take_seats(game.context(state))
    return game, state


def test_rule_10_3_a_nations_players_reach_the_small_wars_30_together() -> None:
    """HB 10.3, 11.2: the war ends when the players of one nation reach 30 VP together;
    the one who scored more alone is the individual winner, his team-mate second."""
    game, state = position("campaign-4p")
    ctx = game.context(state)
    state["records"]["vp"].update(carthage_spain=20, carthage_africa=9, rome_north=12)
    victory.score(ctx, "rome_north", 5, "a battle")
    assert state["result"] is None  # Rome 17
    victory.score(ctx, "carthage_africa", 1, "a battle")
    result = state["result"]
    assert result["winner"] == "carthage_spain"
    assert result["rule"] == "HB 10.3, 11.2"
    assert result["reason"].startswith("Carthage reach 30 VP")
    assert result["ranks"]["carthage_spain"] == 1
    assert result["ranks"]["carthage_africa"] == 2
    assert result["ranks"]["rome_north"] == result["ranks"]["rome_south"] == 3


def test_rule_10_3_vp_are_told_only_to_the_players_own_nation() -> None:
    """HB 10.3, 1.2.12: a player may show his VP only to his ally: the log line of a score
    goes to his nation's sides alone."""
    game, state = position("campaign-4p")
    ctx = game.context(state)
    victory.score(ctx, "rome_south", 2, "a city")
    entry = state["log"][-1]
    assert entry["text"].endswith("scores 2 VP (a city)")
    assert sorted(entry["to"]) == ["rome_north", "rome_south"]


def test_rule_10_4_syracuse_wins_alone_at_its_own_target() -> None:
    """HB 10.4, 11.2: Syracuse, a player in games of five, wins alone at 20 VP in the small
    war; the nations' 30 do not apply to it."""
    game, state = position("campaign-5p")
    ctx = game.context(state)
    victory.score(ctx, "syracuse", 19, "cities")
    assert state["result"] is None
    victory.score(ctx, "syracuse", 1, "a city")
    assert state["result"]["winner"] == "syracuse"
    assert state["result"]["rule"] == "HB 10.4"


def test_rule_11_2_the_large_war_and_the_campaign() -> None:
    """HB 11.2: in the large war 30 VP do not end the war, 50 do (Syracuse 30); in the
    campaign no VP total ends it for a nation, Syracuse wins at 40."""
    game, state = position("gates-3p", "large_war")
    ctx = game.context(state)
    assert state["records"]["war"] == "large"
    victory.score(ctx, "carthage_spain", 30, "cities")
    victory.score(ctx, "syracuse", 29, "cities")
    assert state["result"] is None
    victory.score(ctx, "syracuse", 1, "a city")
    assert state["result"]["winner"] == "syracuse"
    game, state = position("gates-3p", "campaign")
    ctx = game.context(state)
    victory.score(ctx, "rome_north", 200, "cities")
    victory.score(ctx, "syracuse", 39, "cities")
    assert state["result"] is None
    victory.score(ctx, "syracuse", 1, "a city")
    assert state["result"]["winner"] == "syracuse"


def test_rule_11_1_taking_the_enemys_capital_wins_at_once() -> None:
    """HB 11.1: a nation taking the enemy's capital wins at once, whatever the VP; the
    Syracusan player wins by taking Roma or Carthago."""
    game, state = position("campaign-2p")
    ctx = game.context(state)
    state["records"]["vp"]["rome_north"] = 25
    sieges.capture(ctx, "carthage_spain", "Roma", "is stormed")
    assert state["result"]["winner"] == "carthage_spain"
    assert state["result"]["rule"] == "HB 11.1"
    game, state = position("campaign-3p")
    ctx = game.context(state)
    sieges.capture(ctx, "syracuse", "Carthago", "is stormed")
    assert state["result"]["winner"] == "syracuse"
    assert state["result"]["rule"] == "HB 11.1"


def test_scenario_1_fifteen_vp_or_hannibals_army_below_five_units() -> None:
    """Scenario I: each nation wins with 15 VP; Rome wins at once when the units Carthage
    controls in Italy and Transpadana fall below 5 (reference A.23 #34)."""
    game, state = position("stop-hannibal-2p")
    ctx = game.context(state)
    victory.score(ctx, "carthage_spain", 14, "cities")
    assert state["result"] is None
    victory.score(ctx, "carthage_spain", 1, "a city")
    assert state["result"]["winner"] == "carthage_spain"
    game = hb_rules("actions")
    state = seated(game, "stop-hannibal-2p")
    clear_board(state)
    ctx = game.context(state)
    put(state, "carthage_spain", "Boii", "Hannibal", heavy_infantry=5)
    victory.check(ctx)
    assert state["result"] is None
    state["pieces"]["Carthaginian heavy infantry 1"]["at"] = "out"
    victory.check(ctx)
    assert state["result"]["winner"] == "rome_north"
    assert state["result"]["rule"] == "HB Scenario I"
