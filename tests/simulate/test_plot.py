"""``--plot``: a PNG with the win rates, the scores (if the game has any) and the lengths."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("matplotlib")

from legatus.framework.tools.simulate.play import Experiment
from legatus.framework.tools.simulate.plot import plot_summary
from legatus.framework.tools.simulate.results import simulate
from legatus.framework.tools.simulate.stats import summarise

PNG = b"\x89PNG\r\n\x1a\n"


def test_plot_of_a_game_without_scores_is_a_png(tmp_path: Path) -> None:
    records = simulate(Experiment("demo_skirmish", {}), list(range(10)))
    summary = summarise(records, ["red", "blue"])
    assert summary["scores"] == {}
    path = tmp_path / "plots" / "demo.png"
    plot_summary(summary, records, ["red", "blue"], path, title="demo")
    assert path.read_bytes()[:8] == PNG


def test_plot_with_scores_is_a_png(tmp_path: Path) -> None:
    records = [
        {"players": {"a": "x", "b": "y"}, "winner": w, "reason": "", "length": n,
         "scores": {"a": float(n % 3), "b": 2.0}, "fired": {}}
        for n, w in ((10, "a"), (11, "b"), (12, None), (13, "a"))
    ]  # fmt: skip
    summary = summarise(records, ["a", "b"])
    path = tmp_path / "scores.png"
    plot_summary(summary, records, ["a", "b"], path)
    assert path.read_bytes()[:8] == PNG
