"""Seconds of CPU an MCTS decision takes on positions of random games, and what it chose.

Random players play each scenario's game for each seed; every ``--every``-th decision with a
choice (up to ``--per-game`` a game) is also given to an MCTS player at ``--iterations``
(default 20), or with ``--actions`` at that budget in actions tried,
timed in process time (a loaded machine slows the wall clock, not this), and its choice, its
generator's state and its iteration counts go to ``--out`` as JSON lines: two revisions that
must choose alike (a speed change) give the same lines but for the times. Measures only.

    python benchmarks/mcts_decisions.py hannibal_barkas \
        --scenarios stop-hannibal-2p gates-2p gates-4p campaign-4p --seeds 1 2
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from legatus.framework.play.agents import RandomAgent
from legatus.framework.play.ai.infoset import information_set
from legatus.framework.play.ai.mcts import MctsAgent
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--scenarios", nargs="+", default=None)
    parser.add_argument("--seeds", nargs="+", type=int, default=[1, 2])
    parser.add_argument("--per-game", type=int, default=6)
    parser.add_argument("--every", type=int, default=10)
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--iterations", type=int, default=20)
    budget.add_argument("--actions", type=int, default=None)
    parser.add_argument("--out", default=None, help="a JSON-lines file of every decision")
    args = parser.parse_args()
    game = default_catalog().load(args.game)
    sides = game.definition.side_ids
    scenarios = args.scenarios or [game.definition.default_scenario().id]
    out = open(args.out, "w", encoding="utf-8") if args.out else None  # noqa: SIM115
    times: list[float] = []
    for scenario in scenarios:
        for seed in args.seeds:
            agent = MctsAgent(game, seed, iterations=args.iterations, actions=args.actions)
            match = Match.new(
                game, scenario, seed=seed, players={s: RandomAgent(seed) for s in sides}
            )
            seen = measured = 0
            while not match.over and measured < args.per_game:
                prompt = match.prompt()
                if len(prompt.actions) > 1:
                    seen += 1
                    if seen % args.every == 0:
                        info = information_set(game, match.state, prompt.side)
                        started = time.process_time()
                        chosen = agent.choose_in(info, prompt.actions)
                        took = time.process_time() - started
                        times.append(took)
                        measured += 1
                        if out is not None:
                            line = {"scenario": scenario, "seed": seed, "move": len(match.moves),
                                    "actions": len(prompt.actions), "choice": chosen.text,
                                    "rng": list(agent.rng), "done": agent.done,
                                    "dropped": agent.dropped, "seconds": round(took, 4)}  # fmt: skip
                            out.write(json.dumps(line) + "\n")
                match.step()
    if out is not None:
        out.close()
    if not times:
        print("no decision measured", file=sys.stderr)
        return 1
    what = f"{args.iterations} iterations" if args.actions is None else f"{args.actions} actions"
    print(
        f"{len(times)} decisions: {sum(times) / len(times):.3f} s of CPU a decision on average, "
        f"{max(times):.3f} s at worst (MCTS at {what})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
