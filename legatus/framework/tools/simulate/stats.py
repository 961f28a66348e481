"""Statistics of simulated games: win rates with intervals, scores, lengths, balance.

Win rates carry 95% **Wilson score** intervals: unlike the normal
approximation they stay inside [0, 1] and behave at rates near 0 or 1 and
with few games (Newcombe 1998, "Two-sided confidence intervals for the single
proportion", Statistics in Medicine 17:857-872, method 3).

A paired experiment plays the same seeds under two rule sets (common random
numbers), so a change in a win rate is a difference of two **paired
proportions**: its 95% interval is Newcombe's square-and-add interval for
paired data (Newcombe 1998, "Improved confidence intervals for the difference
between binomial proportions based on paired data", Statistics in Medicine
17:2635-2650, method 10): the Wilson intervals of both rates, combined with the
correlation of the pairs. It stays inside [-1, 1], is sound for a handful of
pairs, and never has width zero: ten pairs with the same outcome under both
rule sets give +0.0 (-16.7 to +16.7) points at a 50% rate, not +0.0 (+0.0 to
+0.0). The same interval measures the gap between two sides' wins in the same
games (a balance search). Other paired figures (scores, game lengths, rule
firings) are means of unbounded differences, with the normal approximation
mean ± 1.96 · sd / √n: a guide for large samples, never used to stop a run; a rule
clause is said to fire more or less often only when that interval excludes zero and
an exact sign test agrees (:func:`sign_test`), so four games that all differ by one
firing are not called a change.

    >>> lo, hi = wilson(60, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.502, 0.691)
    >>> lo, hi = newcombe_paired(20, 12, 2, 16)  # Newcombe's example: 0.0562 to 0.3292
    >>> round(lo, 4), round(hi, 4)
    (0.0562, 0.3292)
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from legatus.framework.engine import outcome

#: The normal quantile for two-sided 95% intervals.
Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95% by default)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # At 0 or all successes the bound is exactly 0 or 1; say so despite rounding.
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == trials else min(1.0, centre + half)
    return (lo, hi)


def newcombe_paired(
    both: int, only_first: int, only_second: int, neither: int, z: float = Z95
) -> tuple[float, float]:
    """The 95% interval of p1 - p2 for paired yes/no outcomes (Newcombe 1998, method 10).

    The counts are the pairs in which the first outcome and the second were both yes,
    only the first, only the second, neither; p1 = (both + only_first) / n and p2 =
    (both + only_second) / n. Each rate's Wilson interval is combined with phi, the
    correlation of the pairs (its numerator moved towards zero by n / 2 when positive,
    Newcombe's correction), into L = d - sqrt((p1 - l1)^2 - 2 phi (p1 - l1)(u2 - p2) +
    (u2 - p2)^2) and U symmetrically. With no pairs nothing is known: (-1, 1).
    """
    n = both + only_first + only_second + neither
    if n <= 0:
        return (-1.0, 1.0)
    first, second = both + only_first, both + only_second
    p1, p2 = first / n, second / n
    l1, u1 = wilson(first, n, z)
    l2, u2 = wilson(second, n, z)
    margins = first * (n - first) * second * (n - second)
    product = both * neither - only_first * only_second
    if margins == 0:
        phi = 0.0
    elif product > n / 2:
        phi = (product - n / 2) / math.sqrt(margins)
    elif product >= 0:
        phi = 0.0
    else:
        phi = product / math.sqrt(margins)
    low = (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2
    high = (p2 - l2) ** 2 - 2 * phi * (p2 - l2) * (u1 - p1) + (u1 - p1) ** 2
    change = p1 - p2
    return (
        max(-1.0, change - math.sqrt(max(0.0, low))),
        min(1.0, change + math.sqrt(max(0.0, high))),
    )


def paired_proportions(
    first: Sequence[bool], second: Sequence[bool], z: float = Z95
) -> dict[str, Any]:
    """The change from the rate of ``second`` to the rate of ``first`` (yes/no outcomes of
    the same pairs, in the same order), with Newcombe's 95% interval for paired data
    (:func:`newcombe_paired`) and the counts it comes from."""
    if len(first) != len(second):
        raise ValueError("paired outcomes of unequal lengths")
    counts = Counter((bool(a), bool(b)) for a, b in zip(first, second, strict=True))
    both, only_first = counts[(True, True)], counts[(True, False)]
    only_second, neither = counts[(False, True)], counts[(False, False)]
    n = len(first)
    lo, hi = newcombe_paired(both, only_first, only_second, neither, z)
    return {
        "change": (only_first - only_second) / n if n else 0.0,
        "ci95": [lo, hi],
        "pairs": n,
        "counts": {
            "both": both,
            "only_first": only_first,
            "only_second": only_second,
            "neither": neither,
        },
    }


def paired_difference(differences: Sequence[float], z: float = Z95) -> dict[str, Any]:
    """Mean of paired differences with its 95% normal-approximation interval (for
    unbounded figures such as scores and lengths; a change in a rate is
    :func:`paired_proportions`')."""
    n = len(differences)
    if n == 0:
        return {"change": 0.0, "ci95": [0.0, 0.0], "pairs": 0}
    mean = sum(differences) / n
    sd = statistics.stdev(differences) if n > 1 else 0.0
    half = z * sd / math.sqrt(n)
    return {"change": mean, "ci95": [mean - half, mean + half], "pairs": n}


def sign_test(differences: Sequence[float]) -> float:
    """The two-sided exact sign test's p-value for paired differences (zeros left out):
    how likely so lopsided a split of the signs is if either sign is as likely. Four
    differences of the same sign give 0.125, six give 0.031."""
    positive = sum(1 for d in differences if d > 0)
    negative = sum(1 for d in differences if d < 0)
    n = positive + negative
    if n == 0:
        return 1.0
    tail: float = sum(math.comb(n, k) for k in range(min(positive, negative) + 1)) / 2**n
    return min(1.0, 2 * tail)


def describe_numbers(values: Sequence[float]) -> dict[str, Any]:
    """Mean, spread and quantiles of a list of numbers (for scores and lengths)."""
    if not values:
        return {"n": 0}
    ordered = sorted(values)
    quartiles = statistics.quantiles(ordered, n=4) if len(ordered) > 1 else [ordered[0]] * 3
    return {
        "n": len(ordered),
        "mean": statistics.fmean(ordered),
        "sd": statistics.stdev(ordered) if len(ordered) > 1 else 0.0,
        "min": ordered[0],
        "q1": quartiles[0],
        "median": quartiles[1],
        "q3": quartiles[2],
        "max": ordered[-1],
    }


def summarise(records: Sequence[Mapping[str, Any]], sides: Sequence[str]) -> dict[str, Any]:
    """The summary of a simulation: win rates, draws, scores, lengths, balance.

    Balance is 1 minus the gap between the highest and the lowest side's win
    rate: 1 for a perfectly balanced game, 0 when one side always wins.
    """
    games = len(records)
    per_side: dict[str, Any] = {}
    for side in sides:
        wins = sum(1 for r in records if outcome.won(r, side, sides))
        lo, hi = wilson(wins, games)
        per_side[side] = {
            "wins": wins,
            "win_rate": wins / games if games else 0.0,
            "ci95": [lo, hi],
        }
    draws = sum(1 for r in records if not any(outcome.won(r, s, sides) for s in sides))
    rates = [per_side[s]["win_rate"] for s in sides]
    scores: dict[str, Any] = {}
    for side in sides:
        values = [r["scores"][side] for r in records if r.get("scores")]
        if values:
            scores[side] = {
                **describe_numbers(values),
                "distribution": {str(k): v for k, v in sorted(Counter(values).items())},
            }
    return {
        "games": games,
        "sides": per_side,
        "by_seat": per_seat(records, sides),
        "players": by_player(records),
        "draws": {"games": draws, "rate": draws / games if games else 0.0},
        "scores": scores,
        "length": describe_numbers([r["length"] for r in records]),
        "reasons": dict(Counter(r["reason"] for r in records).most_common()),
        "balance": 1 - (max(rates) - min(rates)) if games and rates else None,
    }


def by_player(records: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Each player spec's wins over the seats it took, with a 95% Wilson interval.

    A seat is one place at the table in one game (a side, or the sides one
    player plays: the records' ``seats``), so a player that plays every seat
    of a game (random against random) takes them all. A seat wins when one of
    its sides ranks first. In a game whose teams hold several seats (the
    records' ``teams``), the seats one player holds in one team count as one
    seat, named after the team: the team's seats win or lose together, so
    counting each would count every game twice and narrow the interval. With
    seats alternating (``--alternate``) this is the strength comparison of
    players free of the sides' own imbalance;
    ``by_side`` splits it by seat. Records of a timed run (``--timing``) add
    each player's ``thinking``: decisions with a choice, mean seconds per
    decision and the longest.
    """
    seats: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    side_seats: Counter[tuple[str, str]] = Counter()
    side_wins: Counter[tuple[str, str]] = Counter()
    decisions: Counter[str] = Counter()
    seconds: dict[str, float] = {}
    worst: dict[str, float] = {}
    cpu: dict[str, float] = {}
    worst_cpu: dict[str, float] = {}
    untimed_cpu: set[str] = set()  # players with a record from before CPU seconds
    for record in records:
        thinking = record.get("thinking") or {}
        sides = list(record["players"])
        for seat, members in places_of(record).items():
            player = record["players"][members[0]]
            won = int(any(outcome.won(record, side, sides) for side in members))
            seats[player] += 1
            wins[player] += won
            side_seats[(player, seat)] += 1
            side_wins[(player, seat)] += won
            for side in members:
                if side in thinking:
                    decisions[player] += int(thinking[side]["decisions"])
                    seconds[player] = seconds.get(player, 0.0) + float(thinking[side]["seconds"])
                    worst[player] = max(worst.get(player, 0.0), float(thinking[side]["worst"]))
                    if "cpu" in thinking[side]:
                        cpu[player] = cpu.get(player, 0.0) + float(thinking[side]["cpu"])
                        worst_cpu[player] = max(
                            worst_cpu.get(player, 0.0), float(thinking[side]["worst_cpu"])
                        )
                    else:
                        untimed_cpu.add(player)
    found: dict[str, Any] = {}
    for player in sorted(seats):
        lo, hi = wilson(wins[player], seats[player])
        found[player] = {
            "seats": seats[player],
            "wins": wins[player],
            "win_rate": wins[player] / seats[player],
            "ci95": [lo, hi],
            "by_side": {
                side: {"seats": n, "wins": side_wins[(p, side)]}
                for (p, side), n in sorted(side_seats.items())
                if p == player
            },
        }
        if player in seconds:
            found[player]["thinking"] = {
                "decisions": decisions[player],
                "seconds_per_decision": seconds[player] / decisions[player]
                if decisions[player]
                else 0.0,
                "worst": worst[player],
            }
            if player in cpu and player not in untimed_cpu:
                found[player]["thinking"]["cpu_per_decision"] = (
                    cpu[player] / decisions[player] if decisions[player] else 0.0
                )
                found[player]["thinking"]["worst_cpu"] = worst_cpu[player]
    return found


def seats_of(record: Mapping[str, Any]) -> dict[str, list[str]]:
    """A record's seats (seat -> its sides); one seat per side in records without them."""
    seats: Mapping[str, list[str]] | None = record.get("seats")
    if seats:
        return {seat: list(sides) for seat, sides in seats.items()}
    return {side: [side] for side in record["players"]}


def places_of(record: Mapping[str, Any]) -> dict[str, list[str]]:
    """A record's places at the table (a place -> its sides): its seats, or where teams hold
    several seats (the record's ``teams``), the seats one player holds in a team, named
    after the team (and the player, when players of a team differ)."""
    seats = seats_of(record)
    teams: Mapping[str, str] | None = record.get("teams")
    if not teams:
        return seats
    held: dict[tuple[str, str], list[str]] = {}
    for seat, members in seats.items():
        held.setdefault((teams[seat], record["players"][members[0]]), []).extend(members)
    mixed = {team for team, _ in held if sum(1 for t, _ in held if t == team) > 1}
    return {
        (f"{team} ({player})" if team in mixed else team): members
        for (team, player), members in held.items()
    }


def per_seat(records: Sequence[Mapping[str, Any]], sides: Sequence[str]) -> dict[str, Any]:
    """Each seat's wins (one of its sides ranks first) with a 95% Wilson interval, for
    games whose seats play several sides; empty when every seat is one side."""
    if not records:
        return {}
    seats = seats_of(records[0])
    if all(members == [seat] for seat, members in seats.items()):
        return {}
    games = len(records)
    found: dict[str, Any] = {}
    for seat, members in seats.items():
        wins = sum(1 for r in records if any(outcome.won(r, s, sides) for s in members))
        lo, hi = wilson(wins, games)
        found[seat] = {
            "sides": members,
            "wins": wins,
            "win_rate": wins / games,
            "ci95": [lo, hi],
        }
    return found


def coverage(records: Iterable[Mapping[str, Any]], known: Mapping[str, str]) -> dict[str, Any]:
    """How often each rule fired over the games, and the known rules that never fired.

    ``known`` maps every rule the game declares to where it is written
    ("dsl" or "python"); rules that fired without being declared (a tag a
    procedure cites only when it applies) are listed with origin "python".
    """
    totals: Counter[str] = Counter()
    games_with: Counter[str] = Counter()
    games = 0
    for record in records:
        games += 1
        for rule, count in record["fired"].items():
            totals[rule] += count
            games_with[rule] += 1
    rules = sorted(set(known) | set(totals))
    return {
        "games": games,
        "rules": [
            {
                "rule": rule,
                "origin": known.get(rule, "python"),
                "fired": totals.get(rule, 0),
                "games": games_with.get(rule, 0),
            }
            for rule in rules
        ],
        "never_fired": [rule for rule in rules if totals.get(rule, 0) == 0],
    }
