"""The figures of a study's or a balance search's report, as PNG bytes.

Drawn with matplotlib off screen (the Agg backend) from the run's JSON document, so a
report can be drawn again from its ``.json`` without playing a game. Needs the ``plot``
extra (``pip install 'legatus[plot]'``).
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from legatus.framework.tools.simulate.plot import _pyplot

#: Colours of the sides, in the order of the game's sides (matplotlib's default cycle).
COLOURS = ("tab:red", "tab:blue", "tab:green", "tab:orange", "tab:purple", "tab:brown")


def _png(figure: Any, plt: Any, title: str = "") -> bytes:
    if title:
        figure.suptitle(title)
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=80)
    plt.close(figure)
    return buffer.getvalue()


def _colour(index: int) -> str:
    return COLOURS[index % len(COLOURS)]


def _boxplot(axes: Any, data: Sequence[Sequence[float]], **options: Any) -> Any:
    """Horizontal box plots (``orientation`` from matplotlib 3.10, ``vert`` before it)."""
    try:
        return axes.boxplot(data, orientation="horizontal", **options)
    except TypeError:  # pragma: no cover - matplotlib before 3.10
        return axes.boxplot(data, vert=False, **options)


def study_win_rates(document: Mapping[str, Any]) -> bytes:
    """Each side's win rate under every rule set, with 95% Wilson intervals."""
    plt = _pyplot()
    sides = document["sides"]
    labels = [document["base"]["name"], *(v["name"] for v in document["variants"])]
    summaries = [document["base"]["summary"], *(v["summary"] for v in document["variants"])]
    figure, axes = plt.subplots(figsize=(8, 1.2 + 0.42 * len(labels)))
    offset = 0.8 / max(1, len(sides))
    for index, side in enumerate(sides):
        ys = [row - 0.4 + offset * (index + 0.5) for row in range(len(labels))]
        rates = [s["sides"][side]["win_rate"] for s in summaries]
        low = [r - s["sides"][side]["ci95"][0] for r, s in zip(rates, summaries, strict=True)]
        high = [s["sides"][side]["ci95"][1] - r for r, s in zip(rates, summaries, strict=True)]
        axes.errorbar(
            rates, ys, xerr=[low, high], fmt="o", capsize=3, color=_colour(index), label=side
        )
    axes.axvline(0.5, color="grey", linewidth=0.6, linestyle=":")
    axes.set_yticks(range(len(labels)), labels)
    axes.invert_yaxis()
    axes.set_xlim(0, 1)
    axes.set_xlabel("win rate (95% Wilson interval)")
    axes.legend(loc="lower right", fontsize="small")
    return _png(figure, plt, "Win rate of each side under each rule set")


def study_changes(document: Mapping[str, Any]) -> bytes:
    """Each side's change in win rate against the base rules, with paired 95% intervals."""
    plt = _pyplot()
    sides = document["sides"]
    variants = document["variants"]
    labels = [v["name"] for v in variants]
    figure, axes = plt.subplots(figsize=(8, 1.2 + 0.42 * max(1, len(labels))))
    offset = 0.8 / max(1, len(sides))
    for index, side in enumerate(sides):
        ys = [row - 0.4 + offset * (index + 0.5) for row in range(len(labels))]
        entries = [v["comparison"]["sides"][side] for v in variants]
        changes = [100 * e["change"] for e in entries]
        low = [c - 100 * e["ci95"][0] for c, e in zip(changes, entries, strict=True)]
        high = [100 * e["ci95"][1] - c for c, e in zip(changes, entries, strict=True)]
        axes.errorbar(
            changes, ys, xerr=[low, high], fmt="o", capsize=3, color=_colour(index), label=side
        )
    axes.axvline(0, color="black", linewidth=0.8)
    axes.set_yticks(range(len(labels)), labels)
    axes.invert_yaxis()
    axes.set_xlabel("change in win rate against the base rules, points (paired 95% interval)")
    axes.legend(loc="lower right", fontsize="small")
    return _png(figure, plt, "What each variant changes")


def distributions(
    labels: Sequence[str], games: Sequence[Mapping[str, Any]], sides: Sequence[str], what: str
) -> bytes:
    """Game lengths and each side's scores under each rule set (or value), as box plots."""
    plt = _pyplot()
    has_scores = any(any(g["scores"].get(s) for s in sides) for g in games)
    panels = 2 if has_scores else 1
    height = 1.5 + 0.38 * len(labels)
    figure, axes = plt.subplots(1, panels, figsize=(6.5 * panels, height), squeeze=False)
    lengths = axes[0][0]
    _boxplot(lengths, [g["length"] or [0] for g in games])
    lengths.set_yticks(range(1, len(labels) + 1), list(labels))
    lengths.invert_yaxis()
    lengths.set_xlabel("actions per game")
    lengths.set_title("Game length")
    if has_scores:
        scores = axes[0][1]
        width = 0.8 / len(sides)
        for index, side in enumerate(sides):
            positions = [row + 1 - 0.4 + width * (index + 0.5) for row in range(len(labels))]
            boxes = _boxplot(
                scores,
                [g["scores"].get(side) or [0] for g in games],
                positions=positions,
                widths=width * 0.9,
                patch_artist=True,
                manage_ticks=False,
            )
            for box in boxes["boxes"]:
                box.set_facecolor(_colour(index))
                box.set_alpha(0.5)
            scores.plot([], [], color=_colour(index), linewidth=6, alpha=0.5, label=side)
        scores.set_yticks(range(1, len(labels) + 1), list(labels))
        scores.invert_yaxis()
        scores.set_xlabel("score at the end (the game's own: VP, ships taken)")
        scores.set_title("Score at the end, by side")
        scores.legend(fontsize="small")
    return _png(figure, plt, f"Distributions under each {what}")


def balance_curve(document: Mapping[str, Any]) -> bytes:
    """Each side's win rate against the parameter's value (95% Wilson intervals) and the
    gap between the sides (paired 95% intervals), the recommended value marked."""
    plt = _pyplot()
    sides = document["sides"]
    points = document["points"]
    values = [p["value"] for p in points]
    figure, (rates, gaps) = plt.subplots(1, 2, figsize=(12, 4.5))
    for index, side in enumerate(sides):
        ys = [p["sides"][side]["win_rate"] for p in points]
        low = [y - p["sides"][side]["ci95"][0] for y, p in zip(ys, points, strict=True)]
        high = [p["sides"][side]["ci95"][1] - y for y, p in zip(ys, points, strict=True)]
        rates.errorbar(
            values, ys, yerr=[low, high], fmt="-o", capsize=4, color=_colour(index), label=side
        )
    rates.axhline(0.5, color="grey", linewidth=0.6, linestyle=":")
    rates.set_ylim(0, 1)
    name = document["parameter"]["name"]
    rates.set_xlabel(name)
    rates.set_ylabel("win rate (95% Wilson interval)")
    rates.set_title("Win rates")
    rates.legend(fontsize="small")
    ys = [p["gap"]["change"] for p in points]
    low = [y - p["gap"]["ci95"][0] for y, p in zip(ys, points, strict=True)]
    high = [p["gap"]["ci95"][1] - y for y, p in zip(ys, points, strict=True)]
    gaps.errorbar(values, ys, yerr=[low, high], fmt="-o", capsize=4, color="black")
    gaps.axhline(0, color="grey", linewidth=0.8)
    best = document["recommended"]["value"]
    gaps.axvline(
        best, color="tab:green", linewidth=1.2, linestyle="--", label=f"recommended {best}"
    )
    between = points[0]["gap"]["between"] if points else sides[:2]
    gaps.set_xlabel(name)
    gaps.set_ylabel(f"wins of {between[0]} - wins of {between[1]}, per game")
    gaps.set_title("The gap between the sides (95% interval)")
    gaps.legend(fontsize="small")
    for axes in (rates, gaps):
        axes.set_xticks(values)
    return _png(figure, plt, f"Balance search over {name}")
