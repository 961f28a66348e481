"""``--plot FILE.png``: win rates with their intervals, scores, game lengths, rule changes.

Needs matplotlib (``pip install 'legatus[plot]'``); it draws off screen (the
Agg backend), so it works on a server without a display.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from legatus.framework.model.errors import LegatusError
from legatus.framework.tools.simulate.stats import wilson


def plot_summary(
    summary: Mapping[str, Any],
    records: Sequence[Mapping[str, Any]],
    sides: Sequence[str],
    path: Path,
    title: str = "",
) -> None:
    """Three panels: win rate per side (95% Wilson bars), score histograms, lengths."""
    plt = _pyplot()
    figure, (wins, scores, lengths) = plt.subplots(1, 3, figsize=(15, 4.5))
    labels = [*sides, "draw"]
    intervals = [summary["sides"][s]["ci95"] for s in sides]
    intervals.append(list(wilson(summary["draws"]["games"], summary["games"])))
    rates = [summary["sides"][s]["win_rate"] for s in sides] + [summary["draws"]["rate"]]
    low = [rate - lo for rate, (lo, _) in zip(rates, intervals, strict=True)]
    high = [hi - rate for rate, (_, hi) in zip(rates, intervals, strict=True)]
    wins.bar(labels, rates, yerr=[low, high], capsize=6, color="tab:blue")
    wins.set_ylim(0, 1)
    wins.set_ylabel("win rate")
    wins.set_title(f"Win rates, 95% Wilson intervals ({summary['games']} games)")
    if summary["scores"]:
        # Scores such as VP take few values: one bar per value and side, side by side.
        width = 0.8 / len(sides)
        for index, side in enumerate(sides):
            counts = Counter(r["scores"][side] for r in records if r.get("scores"))
            values = sorted(counts)
            offset = (index - (len(sides) - 1) / 2) * width
            scores.bar([v + offset for v in values], [counts[v] for v in values], width, label=side)
        scores.set_ylabel("games")
        scores.legend()
        scores.set_xlabel("score at the end")
        scores.set_title("Score distribution")
    else:
        scores.text(0.5, 0.5, "this game reports no scores", ha="center", va="center")
        scores.set_axis_off()
    lengths.hist([r["length"] for r in records], bins=20, color="tab:gray")
    lengths.set_xlabel("actions per game")
    lengths.set_ylabel("games")
    lengths.set_title("Game length")
    _save(plt, figure, path, title)


def plot_comparison(
    report: Mapping[str, Any], sides: Sequence[str], path: Path, top: int = 12, title: str = ""
) -> None:
    """Two panels: each side's win rate under both rule sets (95% Wilson bars), and the
    rule clauses whose firings per game changed most (paired 95% intervals)."""
    plt = _pyplot()
    figure, (rates, rules) = plt.subplots(1, 2, figsize=(14, 5))
    width = 0.38
    for offset, key, label in (
        (-width / 2, "base_summary", "base"),
        (width / 2, "variant_summary", "variant"),
    ):
        summary = report[key]
        values = [summary["sides"][s]["win_rate"] for s in sides]
        low = [v - summary["sides"][s]["ci95"][0] for v, s in zip(values, sides, strict=True)]
        high = [summary["sides"][s]["ci95"][1] - v for v, s in zip(values, sides, strict=True)]
        rates.bar(
            [i + offset for i in range(len(sides))],
            values,
            width,
            yerr=[low, high],
            capsize=5,
            label=str(report[label] or "base rules"),
        )
    rates.set_xticks(range(len(sides)), list(sides))
    rates.set_ylim(0, 1)
    rates.set_ylabel("win rate")
    rates.set_title(f"Win rates, 95% Wilson intervals ({report['pairs']} paired games)")
    rates.legend()
    moved = [r for r in report["rules"] if r["change"] != 0][:top]
    if moved:
        names = [r["rule"] for r in reversed(moved)]
        changes = [r["change"] for r in reversed(moved)]
        errors = [
            [c - r["ci95"][0] for c, r in zip(changes, reversed(moved), strict=True)],
            [r["ci95"][1] - c for c, r in zip(changes, reversed(moved), strict=True)],
        ]
        rules.barh(names, changes, xerr=errors, capsize=4, color="tab:gray")
        rules.axvline(0, color="black", linewidth=0.8)
        rules.set_xlabel("change in firings per game (variant - base)")
    else:
        rules.text(0.5, 0.5, "no rule fired more or less often", ha="center", va="center")
        rules.set_axis_off()
    rules.set_title("Rule clauses, paired 95% intervals")
    _save(plt, figure, path, title)


def require_plotting() -> None:
    """A one-line error now, before any game is played, when ``--plot`` cannot draw."""
    _pyplot()


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise LegatusError("--plot needs matplotlib: pip install 'legatus[plot]'") from None
    return plt


def _save(plt: Any, figure: Any, path: Path, title: str) -> None:
    if title:
        figure.suptitle(title)
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, format="png", dpi=90)
    plt.close(figure)
