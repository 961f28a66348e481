"""``benchmarks/mcts_budgets.py``, behind the Hannibal Barkas default budget's figures: it times
every budget on the same positions and reports the actions tried and iterations it measured."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "mcts_budgets.py"


def test_mcts_budgets_times_each_budget_on_the_same_positions(tmp_path: Path) -> None:
    out = tmp_path / "rows.json"
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "demo_skirmish", "--seeds", "1", "--every", "1",
         "--budgets", "iterations=5", "actions=20", "--out", str(out)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    rows = json.loads(out.read_text())
    by_budget = {b: [r for r in rows if r["budget"] == b] for b in ("iterations=5", "actions=20")}
    # The same decisions, once a budget.
    positions = [[(r["seed"], r["decision"]) for r in found] for found in by_budget.values()]
    assert positions[0] == positions[1] and positions[0]
    assert all(r["iterations"] == 5 for r in by_budget["iterations=5"])
    # A budget in actions stops at the iteration that reaches it.
    assert all(r["tried"] >= 20 for r in by_budget["actions=20"])
    lines = done.stdout.splitlines()
    assert len(lines) == 4  # all and others, for each budget (no kinds listed)
    assert re.fullmatch(
        r"iterations=5 +all +\d+ decisions: CPU s mean [\d.]+, worst [\d.]+, \d+ over 0\.2; "
        r"actions tried mean \d+, at most \d+; iterations mean 5\.0",
        lines[0],
    ), lines[0]
