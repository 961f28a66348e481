"""CPU seconds a new process takes to import Legatus and to load a game, cold and warm.

For each game and run: a fresh, empty per-user cache (``LEGATUS_CACHE_DIR``) in a temporary
folder; one process loads the game into it (cold: every file parsed and checked, the rules
parser's tables computed), a second process loads it again (warm: what the first kept).
Each figure is the process's own CPU time (``time.process_time``; a loaded machine slows the
wall clock, not this), measured inside the process, so interpreter start-up is left out.
Runs alternate when ``--python`` names several interpreters or ``--pythonpath`` several
trees (``-`` for none), so two revisions are compared under the same load:

    python benchmarks/load_times.py --runs 3 --pythonpath - /path/to/other/tree
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

PROBE = """
import sys, time
t0 = time.process_time()
from legatus.framework.play.catalog import Catalog
catalog = Catalog.discover()
t1 = time.process_time()
catalog.load(sys.argv[1])
t2 = time.process_time()
print(f"{t1 - t0:.4f} {t2 - t1:.4f}")
"""

GAMES = ("julius_caesar", "hannibal_barkas", "hammer_of_the_scots")


def probe(python: str, pythonpath: str, game: str, cache: str) -> tuple[float, float]:
    env = dict(os.environ, LEGATUS_CACHE_DIR=cache)
    env.pop("PYTHONPATH", None)
    if pythonpath != "-":
        env["PYTHONPATH"] = pythonpath
    done = subprocess.run(
        [python, "-c", PROBE, game], env=env, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise SystemExit(f"load_times: {game} did not load: {done.stderr.strip()[-300:]}")
    imported, loaded = done.stdout.split()
    return float(imported), float(loaded)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--python", nargs="+", default=[sys.executable])
    parser.add_argument("--pythonpath", nargs="+", default=["-"])
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    setups = [(py, path) for py in args.python for path in args.pythonpath]
    found: dict[tuple[str, str, str], list[tuple[float, float, float]]] = {}
    for _ in range(args.runs):
        for python, path in setups:
            for game in args.games:
                with tempfile.TemporaryDirectory() as cache:
                    imported, cold = probe(python, path, game, cache)
                    _, warm = probe(python, path, game, cache)
                found.setdefault((python, path, game), []).append((imported, cold, warm))
    for (python, path, game), runs in found.items():
        median = [statistics.median(run[i] for run in runs) for i in range(3)]
        where = python if path == "-" else f"{python} PYTHONPATH={path}"
        print(
            f"{where}  {game}: import {median[0]:.2f} s, load cold {median[1]:.2f} s, "
            f"warm {median[2]:.2f} s (medians of {len(runs)}; warm runs "
            + ", ".join(f"{run[2]:.2f}" for run in runs)
            + ")"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
