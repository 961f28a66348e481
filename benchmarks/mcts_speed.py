"""How fast information-set MCTS searches: iterations and seconds per decision.

Runs :func:`framework.ai.mcts.mcts_iterations_per_second` on positions from a
random game (every tenth decision with a real choice) for a few budgets, on
one core. Positions of a random game are not those of a real game: the
default budget (``DEFAULT_ITERATIONS``) was checked against 0.1 s per decision
on the decisions of games against greedy too (``benchmarks/strength.py``
reports A's mean and worst seconds per decision). Measured, never asserted;
``--json`` prints the figures as JSON.

    python benchmarks/mcts_speed.py --game julius_caesar --iterations 50 100 200
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from framework.ai.mcts import DEFAULT_ITERATIONS, mcts_iterations_per_second  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="julius_caesar")
    parser.add_argument("--variant")
    parser.add_argument("--iterations", type=int, nargs="+", default=[DEFAULT_ITERATIONS])
    parser.add_argument("--decisions", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = [
        mcts_iterations_per_second(
            args.game,
            iterations=n,
            decisions=args.decisions,
            seed=args.seed,
            variant=args.variant,
        )
        for n in args.iterations
    ]
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        for row in rows:
            print(
                f"{args.game}: {row['iterations']} iterations: "
                f"{row['seconds_per_decision']:.4f} s per decision, "
                f"{row['iterations_per_second']:.0f} iterations/s "
                f"({row['decisions']} decisions)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
