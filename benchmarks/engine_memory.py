"""What a process playing many random games keeps: allocated blocks and RSS as games go by.

Plays ``GAMES`` random Julius Caesar games one after the other with the function a
simulation's worker runs (``legatus.framework.tools.simulate.play.play_game``), printing every
``--every`` games the process's RSS, Python's allocated blocks and the fill of the engine's two
bounded caches of actions (each option's actions made so far, at most 4,096 an option; the
texts of actions, at most 65,536). At the end it empties those caches and prints the blocks
left: two runs of different lengths that end at the same count kept nothing else.

    python benchmarks/engine_memory.py 1500
    python benchmarks/engine_memory.py 6000
"""

from __future__ import annotations

import argparse
import gc
import sys
from typing import Any

from legatus.framework.engine import actions
from legatus.framework.tools.simulate.play import Experiment, play_game


def made_caches() -> list[dict[Any, Any]]:
    """Every option's dictionary of the actions it made (the closures of ``action_of``)."""
    found: list[dict[Any, Any]] = []
    for obj in gc.get_objects():
        if callable(obj) and getattr(obj, "__name__", "") == "action_of":
            closure = getattr(obj, "__closure__", None) or ()
            found += [cell.cell_contents for cell in closure if type(cell.cell_contents) is dict]
    return found


def rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) / 1024
    return float("nan")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", type=int)
    parser.add_argument("--every", type=int, default=1000)
    args = parser.parse_args()
    experiment = Experiment(game="julius_caesar", players={"caesar": "random", "pompey": "random"})
    for seed in range(args.games):
        play_game(experiment, seed)
        if (seed + 1) % args.every == 0:
            gc.collect()
            print(
                f"{seed + 1} games: RSS {rss_mb():.1f} MB, {sys.getallocatedblocks()} blocks, "
                f"{sum(map(len, made_caches()))} actions made, "
                f"{actions._action_text.cache_info().currsize} action texts",
                flush=True,
            )
    gc.collect()
    before = sys.getallocatedblocks()
    for made in made_caches():
        made.clear()
    actions._action_text.cache_clear()
    actions._arg_text.cache_clear()
    gc.collect()
    print(
        f"{args.games} games: {before} blocks, {sys.getallocatedblocks()} after emptying the "
        f"caches of actions; RSS {rss_mb():.1f} MB"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
