"""Statistics of simulations: Wilson intervals, paired differences, summaries, coverage."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from legatus.framework.tools.simulate.compare import compare
from legatus.framework.tools.simulate.stats import (
    coverage,
    newcombe_paired,
    paired_difference,
    paired_proportions,
    sign_test,
    summarise,
    wilson,
)


def test_wilson_matches_published_values() -> None:
    # Reference values of the 95% Wilson score interval (e.g. R's prop.test
    # without continuity correction, or statsmodels' proportion_confint).
    lo, hi = wilson(60, 100)
    assert lo == pytest.approx(0.50200, abs=1e-5)
    assert hi == pytest.approx(0.69060, abs=1e-5)
    lo, hi = wilson(0, 10)
    assert lo == 0.0
    assert hi == pytest.approx(0.27753, abs=1e-5)
    lo, hi = wilson(10, 10)
    assert lo == pytest.approx(0.72247, abs=1e-5)
    assert hi == 1.0


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [(81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611),
     (1, 29, 0.0061, 0.1718)],
)  # fmt: skip
def test_wilson_matches_newcombes_worked_examples(
    wins: int, games: int, low: float, high: float
) -> None:
    """Newcombe (1998), "Two-sided confidence intervals for the single proportion",
    Statistics in Medicine 17:857-872: the paper's four worked examples, method 3 (the
    score interval without continuity correction)."""
    lo, hi = wilson(wins, games)
    assert (round(lo, 4), round(hi, 4)) == (low, high)


@pytest.mark.parametrize(
    ("table", "low", "high"),
    [
        # Newcombe (1998), "Improved confidence intervals for the difference between
        # binomial proportions based on paired data", Statistics in Medicine 17:2635-2650:
        # the worked example of 50 pairs (20 both, 12 and 2 discordant, 16 neither), method 10.
        ((20, 12, 2, 16), 0.0562, 0.3292),
        # Fagerland, Lydersen and Laake's paired examples (Statistics in Medicine 2014,
        # 33:2850-2875; Statistical Analysis of Contingency Tables, 2017, chapter 8), with
        # Newcombe's square-and-add interval: airway hyper-responsiveness before and after
        # stem cell transplantation (Bentur et al. 2009), to 3 decimals ...
        ((1, 1, 7, 12), -0.507, -0.026),
        # ... and complete response before and after consolidation therapy (Cavo et al. 2012).
        ((59, 6, 16, 80), -0.1186, -0.0046),
    ],
)
def test_newcombes_paired_interval_matches_published_examples(
    table: tuple[int, int, int, int], low: float, high: float
) -> None:
    places = len(str(low).split(".")[1])
    lo, hi = newcombe_paired(*table)
    assert (round(lo, places), round(hi, places)) == (low, high)
    # The same from the outcomes themselves: (first yes, second yes) for each pair.
    both, only_first, only_second, neither = table
    first = [True] * (both + only_first) + [False] * (only_second + neither)
    second = [True] * both + [False] * only_first + [True] * only_second + [False] * neither
    found = paired_proportions(first, second)
    assert found["ci95"] == [lo, hi]
    assert found["change"] == pytest.approx((only_first - only_second) / sum(table))
    assert found["counts"] == {
        "both": both, "only_first": only_first, "only_second": only_second, "neither": neither,
    }  # fmt: skip


def test_pairs_that_all_end_alike_are_not_certainty() -> None:
    """Ten pairs with the same outcome under both rule sets used to give +0.0 (+0.0 to
    +0.0); the paired interval says what ten pairs can say."""
    same = [True] * 5 + [False] * 5
    found = paired_proportions(same, same)
    assert found["change"] == 0.0
    lo, hi = found["ci95"]
    assert (round(lo, 4), round(hi, 4)) == (-0.1666, 0.1666)
    everyone = paired_proportions([True] * 10, [True] * 10)["ci95"]
    assert everyone[0] == pytest.approx(-(1 - wilson(10, 10)[0]))  # -27.8 points
    assert paired_proportions([], [])["ci95"] == [-1.0, 1.0]


def test_a_gap_between_two_sides_stays_inside_what_a_difference_of_rates_can_be() -> None:
    """Balance printed "-50.0 (-148.0 to +48.0)" for a gap of two sides' wins; with no
    draws the gap is 2p - 1, and its interval is 2 * Wilson - 1."""
    first = [True] * 2 + [False] * 8  # one side won 2 of 10, the other 8
    second = [not won for won in first]
    lo, hi = paired_proportions(first, second)["ci95"]
    w_lo, w_hi = wilson(2, 10)
    assert lo == pytest.approx(2 * w_lo - 1) and hi == pytest.approx(2 * w_hi - 1)
    assert -1 <= lo < hi <= 1


@given(st.lists(st.tuples(st.booleans(), st.booleans()), min_size=1, max_size=300))
def test_a_paired_interval_holds_its_change_and_stays_in_minus_1_1(
    pairs: list[tuple[bool, bool]],
) -> None:
    found = paired_proportions([a for a, _ in pairs], [b for _, b in pairs])
    lo, hi = found["ci95"]
    assert -1.0 <= lo <= found["change"] <= hi <= 1.0
    assert hi - lo > 0.0


def test_the_sign_test_counts_signs_exactly() -> None:
    assert sign_test([1, 1, 1, 1]) == pytest.approx(0.125)
    assert sign_test([2, 1, 3, 1, 1, 5]) == pytest.approx(0.03125)
    assert sign_test([1, -1, 0, 0]) == 1.0
    assert sign_test([]) == 1.0


@given(st.integers(min_value=1, max_value=5000), st.data())
def test_wilson_interval_contains_the_rate_and_stays_in_0_1(
    trials: int, data: st.DataObject
) -> None:
    wins = data.draw(st.integers(min_value=0, max_value=trials))
    lo, hi = wilson(wins, trials)
    assert 0.0 <= lo <= wins / trials <= hi <= 1.0


def test_paired_difference_is_the_mean_with_a_normal_interval() -> None:
    result = paired_difference([1.0, 0.0, 0.0, -1.0, 1.0])
    assert result["change"] == pytest.approx(0.2)
    half = 1.959963984540054 * math.sqrt(0.7) / math.sqrt(5)
    assert result["ci95"] == pytest.approx([0.2 - half, 0.2 + half])
    assert result["pairs"] == 5
    assert paired_difference([1.0, 1.0])["ci95"] == [1.0, 1.0]
    assert paired_difference([])["pairs"] == 0


def record(seed: int, winner: str | None, length: int, fired: dict[str, int]) -> dict[str, object]:
    return {
        "seed": seed,
        "players": {"a": "random", "b": "first"},
        "variant": None,
        "winner": winner,
        "reason": "x",
        "length": length,
        "scores": {"a": 1.0 if winner == "a" else 0.0, "b": 1.0 if winner == "b" else 0.0},
        "fired": fired,
    }


def test_summary_counts_wins_draws_scores_lengths_and_balance() -> None:
    records = [
        record(0, "a", 10, {}),
        record(1, "a", 20, {}),
        record(2, "b", 30, {}),
        record(3, None, 40, {}),
    ]
    summary = summarise(records, ["a", "b"])
    assert summary["games"] == 4
    assert summary["sides"]["a"]["wins"] == 2
    assert summary["sides"]["a"]["win_rate"] == 0.5
    assert summary["sides"]["a"]["ci95"] == list(wilson(2, 4))
    assert summary["sides"]["b"]["win_rate"] == 0.25
    assert summary["draws"] == {"games": 1, "rate": 0.25}
    assert summary["balance"] == pytest.approx(0.75)
    assert summary["length"]["mean"] == 25
    assert summary["length"]["min"] == 10 and summary["length"]["max"] == 40
    assert summary["scores"]["a"]["distribution"] == {"0.0": 2, "1.0": 2}
    assert summary["players"]["first"]["wins"] == 1 and summary["players"]["first"]["seats"] == 4


def test_coverage_lists_counts_and_the_rules_that_never_fired() -> None:
    records = [record(0, "a", 1, {"R 1": 3, "R 9": 1}), record(1, "b", 1, {"R 1": 2})]
    report = coverage(records, {"R 1": "dsl", "R 2": "python"})
    by_rule = {entry["rule"]: entry for entry in report["rules"]}
    assert by_rule["R 1"] == {"rule": "R 1", "origin": "dsl", "fired": 5, "games": 2}
    assert by_rule["R 2"]["fired"] == 0
    assert by_rule["R 9"]["origin"] == "python"  # fired without being declared
    assert report["never_fired"] == ["R 2"]


def test_paired_comparison_uses_per_seed_differences() -> None:
    base = [record(s, "a", 10, {"R 1": 1}) for s in range(4)]
    variant = [
        record(0, "b", 12, {"R 1": 2}),
        record(1, "a", 12, {"R 1": 2}),
        record(2, "b", 12, {"R 1": 2}),
        record(3, "a", 12, {"R 1": 2, "R 2": 1}),
    ]
    report = compare(base, variant, ["a", "b"])
    assert report["pairs"] == 4
    assert report["same_outcome"] == 2
    assert report["sides"]["a"]["change"] == pytest.approx(-0.5)
    assert report["sides"]["a"]["base_rate"] == 1.0
    assert report["sides"]["b"]["variant_rate"] == 0.5
    assert report["length"]["change"] == 2.0
    assert report["sides"]["a"]["ci95"] == list(newcombe_paired(2, 0, 2, 0))
    assert report["sides"]["a"]["counts"] == {
        "both": 2, "only_first": 0, "only_second": 2, "neither": 0,
    }  # fmt: skip
    rules = {r["rule"]: r for r in report["rules"]}
    # One more firing in each of four games: its normal interval has width zero, but four
    # signs alike are not evidence (sign test p = 0.125).
    assert rules["R 1"]["ci95"] == [1.0, 1.0]
    assert rules["R 1"]["direction"] == "same"
    six = compare(
        [record(s, "a", 10, {"R 1": 1}) for s in range(6)],
        [record(s, "a", 10, {"R 1": 2 + s % 2}) for s in range(6)],
        ["a", "b"],
    )
    assert {r["rule"]: r for r in six["rules"]}["R 1"]["direction"] == "more"
    assert rules["R 1"]["base_per_game"] == 1.0 and rules["R 1"]["variant_per_game"] == 2.0
    assert rules["R 2"]["change"] == 0.25
    assert rules["R 2"]["direction"] == "same"  # once in four games: not significant


def test_the_module_examples_run() -> None:
    import doctest

    from legatus.framework.tools.simulate import stats

    result = doctest.testmod(stats)
    assert result.attempted > 0 and result.failed == 0


def test_players_win_rates_count_seats_with_wilson_intervals() -> None:
    from legatus.framework.tools.simulate.stats import by_player

    records = [
        {"players": {"a": "mcts", "b": "random"}, "winner": "a"},
        {"players": {"a": "random", "b": "mcts"}, "winner": "b"},
        {"players": {"a": "mcts", "b": "random"}, "winner": "b"},
        {"players": {"a": "random", "b": "mcts"}, "winner": None},
    ]
    table = by_player(records)
    assert table["mcts"]["seats"] == 4 and table["mcts"]["wins"] == 2
    assert table["mcts"]["ci95"] == list(wilson(2, 4))
    assert table["mcts"]["by_side"] == {"a": {"seats": 2, "wins": 1}, "b": {"seats": 2, "wins": 1}}
    assert table["random"]["wins"] == 1 and table["random"]["by_side"]["b"]["wins"] == 1
    # The same player on both sides takes two seats per game.
    both = by_player([{"players": {"a": "random", "b": "random"}, "winner": "a"}])
    assert both["random"] == {
        "seats": 2,
        "wins": 1,
        "win_rate": 0.5,
        "ci95": list(wilson(1, 2)),
        "by_side": {"a": {"seats": 1, "wins": 1}, "b": {"seats": 1, "wins": 0}},
    }


def test_a_team_one_player_holds_is_one_seat_a_game() -> None:
    """Teams of two seats (the records' ``teams``): a player holding both seats of a team
    takes one seat a game, named after the team, so the interval counts games, not seats."""
    from legatus.framework.tools.simulate.stats import by_player

    seats = {"n": ["n"], "s": ["s"], "e": ["e"], "w": ["w"]}
    teams = {"n": "north", "s": "north", "e": "east", "w": "east"}

    def game(north: str, east: str, winner: str) -> dict[str, Any]:
        players = {"n": north, "s": north, "e": east, "w": east}
        return {"players": players, "seats": seats, "teams": teams, "winner": winner}

    records = [
        game("mcts", "greedy", "n"),
        game("greedy", "mcts", "e"),
        game("mcts", "greedy", "e"),
    ]
    table = by_player(records)
    assert table["mcts"]["seats"] == 3 and table["mcts"]["wins"] == 2
    assert table["mcts"]["ci95"] == list(wilson(2, 3))
    assert table["mcts"]["by_side"] == {
        "east": {"seats": 1, "wins": 1}, "north": {"seats": 2, "wins": 1}
    }  # fmt: skip
    # Players who share a team: each holds a place of its own in it, named with the player.
    mixed = {"players": {"n": "mcts", "s": "greedy", "e": "mcts", "w": "greedy"},
             "seats": seats, "teams": teams, "winner": "n"}  # fmt: skip
    assert by_player([mixed])["mcts"]["by_side"] == {
        "east (mcts)": {"seats": 1, "wins": 0}, "north (mcts)": {"seats": 1, "wins": 1}
    }  # fmt: skip
