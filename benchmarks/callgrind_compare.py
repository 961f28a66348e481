"""Compare the engine's cost between commits in instructions, which a loaded machine does not
change: ``valgrind --tool=callgrind`` counts the instructions of whole games of a game between
random players (the seeds given), per action. Loading is cancelled out exactly: each revision
runs the same script twice, once playing no game and once playing the seeds, after the same
load and the same warm-up game, and the difference is divided by the actions played.

    python benchmarks/callgrind_compare.py --revisions 7c191d2 tree --seeds 1 2 3 4

Each revision other than ``tree`` (the working tree) is extracted with ``git archive`` and
installed in a virtual environment of its own; a revision must have
``legatus.framework.tools.bench._play`` (every one since the framework moved under
``legatus.framework``). Its per-user cache (``LEGATUS_CACHE_DIR``, where the version has
one) is a fresh folder, filled by an unmeasured run first, so both measured runs find it
warm. Games differ between revisions where the rules changed (their lengths differ), so
the figure compared is instructions per action. Measures only; nothing is asserted. Slow:
each run is ~50 times slower under callgrind.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COLLECTED = re.compile(r"Collected : (\d+)")


def python_for(revision: str, work: Path) -> str:
    """A Python that runs ``revision`` (its own virtual environment)."""
    if revision == "tree":
        tree = ROOT
    else:
        tree = work / revision / "tree"
        tree.mkdir(parents=True)
        archive = work / revision / "source.tar"
        with archive.open("wb") as out:
            subprocess.run(["git", "archive", revision], cwd=ROOT, stdout=out, check=True)
        with tarfile.open(archive) as tar:
            tar.extractall(tree, filter="data")
    venv = work / revision / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    subprocess.run([python, "-m", "pip", "install", "-q", str(tree)], check=True)
    return python


SCRIPT = """
import gc, os, sys
from legatus.framework.play.catalog import default_catalog
from legatus.framework.tools.bench import _play
game = default_catalog().load(sys.argv[1])
_play(game, 0)
if os.environ.get("LEGATUS_BENCH_FREEZE"):
    gc.collect()
    gc.freeze()
print("actions:", sum(_play(game, int(seed)) for seed in sys.argv[2:]))
"""


def instructions(
    python: str, args: list[str], cache: Path, freeze: bool = False
) -> tuple[int, int]:
    """Instructions callgrind counted for the script playing ``args`` (a game, then seeds),
    and the actions it played."""
    env = dict(os.environ, PYTHONHASHSEED="0", LEGATUS_CACHE_DIR=str(cache))
    if freeze:
        env["LEGATUS_BENCH_FREEZE"] = "1"
    with tempfile.TemporaryDirectory() as out:
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}/cg.out",
             python, "-c", SCRIPT, *args],
            capture_output=True, text=True, env=env, cwd=out, check=False,
        )  # fmt: skip
    found = COLLECTED.search(done.stderr)
    played = re.search(r"actions: (\d+)", done.stdout)
    if done.returncode != 0 or found is None or played is None:
        raise SystemExit(f"{' '.join(args)} failed: {done.stderr[-2000:]}")
    return int(found.group(1)), int(played.group(1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--revisions", nargs="+", default=["tree"])
    parser.add_argument("--seeds", nargs="+", type=int, default=[1, 2, 3])
    parser.add_argument("--game", default="julius_caesar")
    parser.add_argument(
        "--freeze",
        action="store_true",
        help="after the warm-up game, collect and freeze what is alive (gc.freeze): a full "
        "collection then no longer walks the loaded game's definition, whose cost (tens of "
        "millions of instructions) otherwise falls inside or outside the measured games by "
        "the luck of the collector's thresholds",
    )
    args = parser.parse_args()
    seeds = [str(seed) for seed in args.seeds]
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for revision in args.revisions:
            python = python_for(revision, work)
            cache = work / revision / "cache"
            subprocess.run(  # unmeasured: fills the cache both measured runs then read
                [python, "-c", SCRIPT, args.game], env=dict(os.environ, LEGATUS_CACHE_DIR=str(cache)),
                capture_output=True, check=True, cwd=work,
            )  # fmt: skip
            # (Not run from the current folder: ``python -c`` would import the legatus there,
            # a checkout's, and fill the cache for its files instead of the revision's.)
            base, _ = instructions(python, [args.game], cache, args.freeze)
            count, actions = instructions(python, [args.game, *seeds], cache, args.freeze)
            print(
                f"{revision}: {(count - base) / actions / 1e3:.1f} k instructions per action "
                f"({actions} actions over seeds {' '.join(seeds)}; loading and warm-up "
                f"{base / 1e6:.1f} M{'; frozen after the warm-up' if args.freeze else ''})",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
