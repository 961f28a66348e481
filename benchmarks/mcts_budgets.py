"""Seconds of CPU an MCTS decision takes at several budgets, on the same positions.

Computer players (``--players``, default greedy) play the scenario's game for each seed;
every decision whose first action is of one of ``--kinds`` (the widest, costliest kinds, such
as Hannibal Barkas's winter disbandings) and every ``--every``-th other decision with a choice
is given to an MCTS player at each of ``--budgets`` in turn (player specs' options, such as
``iterations=20`` and ``actions=200``), timed in process time. Budgets alternate position by
position, so a machine's load falls on all of them alike. Prints, for each budget, the mean and
worst CPU seconds a decision, how many took over ``--over`` seconds, the actions tried and the
iterations, for all the decisions, those of ``--kinds`` and the others. Measures only.

    python benchmarks/mcts_budgets.py hannibal_barkas --scenario campaign-2p --seeds 1 2 \
        --budgets iterations=20 actions=200 --kinds disband
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from legatus.framework.play.agents import agent_seed
from legatus.framework.play.ai.infoset import information_set
from legatus.framework.play.ai.mcts import MctsAgent
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--scenario", default=None)
    parser.add_argument("--seeds", nargs="+", type=int, default=[1, 2])
    parser.add_argument("--players", default="greedy", help="the player spec of every side")
    parser.add_argument("--budgets", nargs="+", default=["iterations=20"])
    parser.add_argument("--kinds", nargs="*", default=[], help="kinds of decision always timed")
    parser.add_argument("--every", type=int, default=10)
    parser.add_argument("--over", type=float, default=0.2)
    parser.add_argument("--out", default=None, help="a JSON file of every decision timed")
    args = parser.parse_args()
    catalog = default_catalog()
    game = catalog.load(args.game)
    sides = game.definition.side_ids
    scenario = args.scenario or game.definition.default_scenario().id
    rows: list[dict[str, Any]] = []
    for seed in args.seeds:
        players = {
            side: catalog.make_agent(args.players, side, agent_seed(seed, i), game=game)
            for i, side in enumerate(sides)
        }
        match = Match.new(game, scenario, seed=seed, players=players)
        seen = 0
        while not match.over:
            prompt = match.prompt()
            assert prompt is not None
            if len(prompt.actions) > 1:
                seen += 1
                kind = prompt.actions[0].kind
                if kind in args.kinds or seen % args.every == 0:
                    info = information_set(game, match.state, prompt.side)
                    for budget in args.budgets:
                        agent = catalog.make_agent(
                            f"mcts:{budget}", prompt.side, seed * 100_000 + seen, game=game
                        )
                        assert isinstance(agent, MctsAgent)
                        started = time.process_time()
                        agent.choose_in(info, prompt.actions)
                        rows.append(
                            {
                                "seed": seed,
                                "decision": seen,
                                "budget": budget,
                                "kind": kind,
                                "width": len(prompt.actions),
                                "cpu": time.process_time() - started,
                                "tried": agent.tried,
                                "iterations": agent.done + agent.dropped,
                            }
                        )
            match.step()
        print(f"seed {seed}: {len(match.moves)} actions", file=sys.stderr)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            json.dump(rows, out)
    for budget in args.budgets:
        for label, chosen in (
            ("all", lambda r: True),
            ("listed kinds", lambda r: r["kind"] in args.kinds),
            ("others", lambda r: r["kind"] not in args.kinds),
        ):
            found = [r for r in rows if r["budget"] == budget and chosen(r)]
            if not found:
                continue
            n = len(found)
            print(
                f"{budget:<16} {label:<12} {n:>4} decisions: CPU s mean "
                f"{sum(r['cpu'] for r in found) / n:.4f}, worst {max(r['cpu'] for r in found):.3f}, "
                f"{sum(r['cpu'] > args.over for r in found)} over {args.over}; actions tried mean "
                f"{sum(r['tried'] for r in found) / n:.0f}, at most {max(r['tried'] for r in found)}; "
                f"iterations mean {sum(r['iterations'] for r in found) / n:.1f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
