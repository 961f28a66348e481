"""``--plot FILE.png``: win rates with their intervals, scores and game lengths.

Needs matplotlib (``pip install 'legatus[plot]'``); it draws off screen (the
Agg backend), so it works on a server without a display.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from framework.errors import LegatusError
from framework.simulate.stats import wilson


def plot_summary(
    summary: Mapping[str, Any],
    records: Sequence[Mapping[str, Any]],
    sides: Sequence[str],
    path: Path,
    title: str = "",
) -> None:
    """Three panels: win rate per side (95% Wilson bars), score histograms, lengths."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:  # pragma: no cover - depends on the installed extras
        raise LegatusError("--plot needs matplotlib: pip install 'legatus[plot]'") from exc
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
    if title:
        figure.suptitle(title)
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, format="png", dpi=90)
    plt.close(figure)
