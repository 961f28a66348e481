"""``legatus bench`` reports every figure (measured, never asserted for speed)."""

from __future__ import annotations

from legatus.framework.play.ai.mcts import DEFAULT_ITERATIONS
from legatus.framework.tools.bench import bench

FIGURES = {
    "games_per_second",
    "actions_per_second",
    "legal_listings_per_second",
    "views_per_second",
    "clones_per_second",
    "forks_per_second",
    "save_replays_per_second",
    "state_json_bytes",
    "state_memory_bytes",
    "mean_actions_per_game",
}


def test_bench_reports_every_figure_for_the_demo_game() -> None:
    figures = bench("demo_skirmish", games=3)
    assert set(figures) >= FIGURES
    assert figures["games"] == 3
    assert figures["mean_actions_per_game"] == 6.0  # 3 turns x 2 sides, one decision each
    assert all(figures[name] > 0 for name in FIGURES)


def test_bench_times_the_mcts_player_on_julius_caesar() -> None:
    figures = bench("julius_caesar", games=1, mcts_decisions=2)
    mcts = figures["mcts"]
    assert mcts["decisions"] == 2
    assert mcts["iterations"] == DEFAULT_ITERATIONS
    assert mcts["budget"] == f"iterations={DEFAULT_ITERATIONS}"
    assert mcts["iterations_per_second"] > 0
    assert mcts["seconds_per_decision"] > 0


def test_bench_skips_mcts_when_asked() -> None:
    assert "mcts" not in bench("demo_skirmish", games=1, mcts_decisions=0)
