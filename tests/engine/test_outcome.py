"""Outcomes for any number of sides: ranks, what a result is worth to each, who won.

Two-sided results name a winner (or none); a game with more sides may rank
them, teams sharing a rank. The search players' evaluation, the PettingZoo
rewards and the statistics tables all read results through these functions.
"""

from __future__ import annotations

import pytest

from legatus.framework.engine import outcome
from legatus.framework.engine.core import Context, EngineError, Run
from legatus.framework.engine.program import VictoryResult
from legatus.framework.model.gamedef import GameDef
from legatus.framework.play.ai.evaluation import result_value
from legatus.framework.tools.simulate.compare import compare
from legatus.framework.tools.simulate.stats import by_player, summarise
from tests.engine.toy import toy_game

TWO = ("caesar", "pompey")
FIVE = ("rome_a", "rome_b", "carthage_a", "carthage_b", "syracuse")


def test_two_sides_the_winner_ranks_first_a_draw_ranks_both_first() -> None:
    won = VictoryResult("caesar", "10 VP").to_json()
    assert "ranks" not in won  # a two-sided game's result keeps its shape
    assert outcome.ranks(won, TWO) == {"caesar": 1, "pompey": 2}
    assert outcome.ranks({"winner": None}, TWO) == {"caesar": 1, "pompey": 1}
    assert [outcome.value(won, s, TWO) for s in TWO] == [1.0, -1.0]
    assert [outcome.value({"winner": None}, s, TWO) for s in TWO] == [0.0, 0.0]
    assert outcome.won(won, "caesar", TWO) and not outcome.won(won, "pompey", TWO)
    assert not outcome.won({"winner": None}, "caesar", TWO)


def test_a_team_sharing_first_rank_wins_and_each_rank_is_worth_what_it_beat() -> None:
    """Rome's two players win together; Syracuse beats Carthage's two; Carthage is last."""
    ranks = {"rome_a": 1, "rome_b": 1, "syracuse": 2, "carthage_a": 3, "carthage_b": 3}
    result = VictoryResult("rome_a", "Carthago captured", ranks=ranks).to_json()
    assert result["ranks"] == ranks
    assert outcome.ranks(result, FIVE) == ranks
    values = {side: outcome.value(result, side, FIVE) for side in FIVE}
    assert values == {
        "rome_a": 0.75,  # beat 3 of 4, beaten by none
        "rome_b": 0.75,
        "syracuse": 0.0,  # beat 2, beaten by 2
        "carthage_a": -0.75,
        "carthage_b": -0.75,
    }
    assert [side for side in FIVE if outcome.won(result, side, FIVE)] == ["rome_a", "rome_b"]
    assert result_value({"result": result}, "syracuse", FIVE) == 0.0
    assert result_value({"result": result}, "rome_b", FIVE) == 0.75


def test_the_statistics_give_every_seat_its_rate_with_an_interval() -> None:
    records = [
        {"winner": "rome_a", "ranks": dict(zip(FIVE, (1, 1, 3, 3, 2), strict=True))},
        {"winner": "syracuse", "ranks": dict(zip(FIVE, (2, 2, 2, 2, 1), strict=True))},
        {"winner": None, "ranks": dict.fromkeys(FIVE, 1)},
        {"winner": "rome_a", "ranks": dict(zip(FIVE, (1, 1, 3, 3, 2), strict=True))},
    ]
    for record in records:
        record.update(reason="", length=1, scores={}, players={s: "random" for s in FIVE})
    summary = summarise(records, FIVE)
    assert {s: summary["sides"][s]["wins"] for s in FIVE} == {
        "rome_a": 2,
        "rome_b": 2,
        "carthage_a": 0,
        "carthage_b": 0,
        "syracuse": 1,
    }
    assert summary["draws"]["games"] == 1
    low, high = summary["sides"]["syracuse"]["ci95"]
    assert 0 < low < 0.25 < high < 1
    assert by_player(records)["random"] == {
        "seats": 20,
        "wins": 5,
        "win_rate": 0.25,
        "ci95": pytest.approx(by_player(records)["random"]["ci95"]),
        "by_side": {side: {"seats": 4, "wins": summary["sides"][side]["wins"]} for side in FIVE},
    }


def test_a_variant_comparison_pairs_ranks_for_any_number_of_seats() -> None:
    base = [
        {"seed": 1, "winner": "syracuse", "ranks": dict(zip(FIVE, (2, 2, 2, 2, 1), strict=True))},
        {"seed": 2, "winner": None, "ranks": dict.fromkeys(FIVE, 1)},
    ]
    variant = [
        {"seed": 1, "winner": "rome_a", "ranks": dict(zip(FIVE, (1, 1, 3, 3, 2), strict=True))},
        {"seed": 2, "winner": None, "ranks": dict.fromkeys(FIVE, 1)},
    ]
    for record in (*base, *variant):
        record.update(variant=None, length=10, fired={}, scores={})
    found = compare(base, variant, FIVE)
    assert found["same_outcome"] == 1
    assert found["sides"]["rome_b"]["base_rate"] == 0.0
    assert found["sides"]["rome_b"]["variant_rate"] == 0.5
    assert found["sides"]["syracuse"]["variant_rate"] == 0.0


def test_ending_with_ranks_names_every_side_or_is_refused(demo: GameDef) -> None:
    """``ctx.end`` with ranks must rank every side a seat plays and only the game's sides;
    the refusal changes nothing."""
    game = toy_game(demo)
    state = game.new_state(seed=1)
    ctx = Context(game, state, Run())
    with pytest.raises(EngineError, match="the ranks name"):
        ctx.end("red", "a bad ranking", ranks={"red": 1, "green": 2})
    assert state["result"] is None
    sides = demo.side_ids
    ctx.end(None, "shared", ranks=dict.fromkeys(sides, 1))
    assert state["result"]["ranks"] == dict.fromkeys(sides, 1)
    assert not any(outcome.won(state["result"], s, sides) for s in sides)


def test_sides_no_seat_plays_take_no_part_in_the_outcome() -> None:
    """Ranks may leave out sides no seat plays (Hannibal Barkas's neutral states): a draw
    between the two nations is a draw, not a shared win over the unranked sides, and a
    result is worth nothing to a side that takes no part."""
    sides = ["rome", "carthage", "numidia", "gauls"]
    drawn = {"winner": None, "ranks": {"rome": 1, "carthage": 1}}
    assert outcome.ranks(drawn, sides) == {"rome": 1, "carthage": 1}
    assert not any(outcome.won(drawn, side, sides) for side in sides)
    assert [outcome.value(drawn, side, sides) for side in sides] == [0.0, 0.0, 0.0, 0.0]
    won = {"winner": "rome", "ranks": {"rome": 1, "carthage": 2}}
    assert [outcome.won(won, side, sides) for side in sides] == [True, False, False, False]
    assert [outcome.value(won, side, sides) for side in sides] == [1.0, -1.0, 0.0, 0.0]
