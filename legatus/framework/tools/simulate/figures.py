"""The figures of a study's or a balance search's report, as inline SVG.

Drawn from the run's JSON document with the standard library alone
(:mod:`legatus.framework.tools.simulate.svg`), so every install draws them (no plotting
package needed) and a report can be drawn again from its ``.json`` without playing a
game. Each function returns the text of one or more ``<svg>`` elements.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from legatus.framework.tools.simulate.svg import (
    Point,
    box_rows,
    domain,
    interval_curve,
    interval_rows,
    side_by_side,
)


def _rate(entry: Mapping[str, Any]) -> Point:
    """A win rate and its interval, in percent."""
    lo, hi = entry["ci95"]
    return Point(100 * entry["win_rate"], 100 * lo, 100 * hi)


def _change(entry: Mapping[str, Any]) -> Point:
    """A change (or a gap) and its interval, in points."""
    lo, hi = entry["ci95"]
    return Point(100 * entry["change"], 100 * lo, 100 * hi)


def _span(points: Sequence[Point]) -> tuple[float, float]:
    """An axis for changes in points: the intervals and zero, inside -100..100."""
    low, high = domain([v for p in points for v in (p.low, p.high)], include=[0.0])
    return (max(-100.0, low), min(100.0, high))


def study_win_rates(document: Mapping[str, Any]) -> str:
    """Each side's win rate under every rule set, with 95% Wilson intervals."""
    sides = document["sides"]
    labels = [document["base"]["name"], *(v["name"] for v in document["variants"])]
    summaries = [document["base"]["summary"], *(v["summary"] for v in document["variants"])]
    series = [(side, [_rate(s["sides"][side]) for s in summaries]) for side in sides]
    return interval_rows(
        "Win rate of each side under each rule set",
        labels,
        series,
        low=0.0,
        high=100.0,
        axis_label="win rate, % (95% Wilson interval)",
        reference=50.0,
    )


def study_changes(document: Mapping[str, Any]) -> str:
    """Each side's change in win rate against the base rules, with paired 95% intervals."""
    sides = document["sides"]
    variants = document["variants"]
    series = [(side, [_change(v["comparison"]["sides"][side]) for v in variants]) for side in sides]
    low, high = _span([p for _, points in series for p in points])
    return interval_rows(
        "What each variant changes",
        [v["name"] for v in variants],
        series,
        low=low,
        high=high,
        axis_label="change in win rate against the base rules, points (paired 95% interval)",
        reference=0.0,
    )


def distributions(
    labels: Sequence[str], games: Sequence[Mapping[str, Any]], sides: Sequence[str], what: str
) -> str:
    """Game lengths under each rule set (or value), and each side's scores, as box plots."""
    charts = [
        box_rows(
            f"Game length under each {what}",
            labels,
            [("length", [list(g["length"]) for g in games])],
            axis_label="actions per game",
        )
    ]
    if any(any(g["scores"].get(s) for s in sides) for g in games):
        charts.append(
            box_rows(
                f"Score at the end, by side, under each {what}",
                labels,
                [(side, [list(g["scores"].get(side) or []) for g in games]) for side in sides],
                axis_label="score at the end (the game's own: VP, ships taken)",
            )
        )
    return "".join(charts)


def balance_curve(document: Mapping[str, Any]) -> str:
    """Each side's win rate against the parameter's value (95% Wilson intervals) and the
    gap between the sides (paired 95% intervals), the recommended value marked."""
    sides = document["sides"]
    points = document["points"]
    values = [p["value"] for p in points]
    name = document["parameter"]["name"]
    best = document["recommended"]["value"]
    rates = interval_curve(
        "Win rates",
        values,
        [(side, [_rate(p["sides"][side]) for p in points]) for side in sides],
        low=0.0,
        high=100.0,
        x_label=name,
        y_label="win rate, % (95% Wilson)",
        reference=50.0,
        marked=best,
        marked_label=f"recommended {best}",
    )
    between = points[0]["gap"]["between"] if points else list(sides[:2])
    gaps = [_change(p["gap"]) for p in points]
    low, high = _span(gaps)
    gap = interval_curve(
        f"The gap {between[0]} - {between[1]}",
        values,
        [("gap", gaps)],
        low=low,
        high=high,
        x_label=name,
        y_label="gap in win rate, points (95%)",
        reference=0.0,
        marked=best,
        marked_label=f"recommended {best}",
        colours=("#000",),
    )
    return side_by_side(f"Balance search over {name}", [rates, gap])
