"""``legatus check-game``: random games with invariants, replays, undo and view checks."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from legatus.framework.frontends.cli.numbers import GAMES, WORKERS
from legatus.framework.tools.checkgame import check_game


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "check-game",
        help="play random games and check the game plugin is sound",
        description="Play random games to the end from every scenario, checking the game's "
        "invariants after every action, save/replay round trips, undo and views at "
        "random points, and determinism across processes. Faults are written as saves "
        "that 'legatus replay' opens. Exit 0 when no fault was found, 1 otherwise.",
    )
    parser.add_argument("game", help="an installed game's name or a game folder")
    parser.add_argument("--games", type=GAMES, default=100, help="games per scenario")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--workers", type=WORKERS, default=1, help="worker processes")
    parser.add_argument(
        "--variant", help="check the game under a variant (a name shipped with it, or a file)"
    )
    parser.add_argument(
        "--out", type=Path, help="JSONL results file; an interrupted run resumes from it"
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.set_defaults(func=run)


def counts(found: dict[str, int]) -> str:
    """``{"blue": 3, "draw": 1}`` as a reader writes it: ``blue 3, draw 1``."""
    return ", ".join(f"{name} {number:,}" for name, number in found.items()) or "none"


def run(args: argparse.Namespace) -> int:
    summary = check_game(
        args.game,
        games=args.games,
        seed=args.seed,
        workers=args.workers,
        out=args.out,
        variant=args.variant,
    )
    figures = summary.figures()
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print(
            f"{figures['game']}: {figures['games']} games, {figures['finished']} finished, "
            f"mean {figures['mean_actions']} actions; checked {figures['replays']} replays, "
            f"{figures['undos']} undos, {figures['views']} views, "
            f"{figures['infosets']} information sets"
        )
        print(f"winners: {counts(figures['winners'])}")
        for report, fault in summary.faults[:20]:
            print(
                f"FAULT {report.scenario} seed {report.seed} action {fault.action}: {fault.kind}: {fault.message}"
            )
            if fault.save:
                print(f"      reproduce: legatus replay {fault.save}")
        for fault in summary.determinism:
            print(f"FAULT determinism: {fault.message}")
        print("no faults" if not figures["faults"] else f"faults: {counts(figures['faults'])}")
    return 0 if not figures["faults"] else 1
