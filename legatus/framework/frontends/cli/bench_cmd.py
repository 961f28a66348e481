"""``legatus bench``: measure the engine's speed on a game (see legatus.framework.tools.bench)."""

from __future__ import annotations

import argparse
import json

from legatus.framework.frontends.cli.numbers import GAMES, NON_NEGATIVE, POSITIVE
from legatus.framework.tools.bench import bench


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "bench",
        help="measure how fast a game plays",
        description="Play complete games between random players on one core and report games, "
        "actions, legal-action listings, views, clones and save+replay per second, and the "
        "memory per state, and MCTS iterations per second. Measures only: nothing is asserted.",
    )
    parser.add_argument("game", help="an installed game's name or a game folder")
    parser.add_argument("--games", type=GAMES, default=20, help="games to play (at least 1)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument(
        "--repeat",
        type=POSITIVE,
        default=1,
        help="measure N times and keep the best of each figure",
    )
    parser.add_argument(
        "--mcts-decisions",
        type=NON_NEGATIVE,
        default=10,
        help="MCTS decisions to time at the default budget (0: skip)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    figures = bench(
        args.game,
        games=args.games,
        seed=args.seed,
        repeat=args.repeat,
        mcts_decisions=args.mcts_decisions,
    )
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    cpu = figures.pop("cpu")
    mcts = figures.pop("mcts", {})
    rows = [(key, value) for key, value in figures.items()]
    rows += [(f"{key} (cpu)", value) for key, value in cpu.items()]
    rows += [(f"mcts {key}", value) for key, value in mcts.items()]
    width = max(len(key) for key, _ in rows)
    for key, value in rows:
        print(f"{key.replace('_', ' '):<{width}}  {value}")
    return 0
