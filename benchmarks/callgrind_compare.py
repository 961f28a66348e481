"""Compare the engine's cost between commits in instructions, which a loaded machine does not
change: ``valgrind --tool=callgrind`` counts the instructions of whole games of Julius Caesar
between random players, played by ``legatus play`` (every version has it), less the cost of
loading the game (``legatus rules check``: data and rules loaded and compiled), per action.

    python benchmarks/callgrind_compare.py --revisions 870f6d8 ef68d0a tree --seeds 1 2 3

Each revision other than ``tree`` (the working tree) is extracted with ``git archive`` and
installed in a virtual environment of its own. Games differ between revisions where the
rules changed (their lengths differ), so the figure compared is instructions per action.
Measures only; nothing is asserted. Slow: each run is ~50 times slower under callgrind.
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


def instructions(python: str, args: list[str]) -> tuple[int, str]:
    """Instructions callgrind counted for ``legatus ARGS`` (the environment's own program, run
    by its Python: the module behind it moved between versions), and its output."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    with tempfile.TemporaryDirectory() as out:
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}/cg.out",
             python, str(Path(python).with_name("legatus")), *args],
            capture_output=True, text=True, env=env, cwd=out, check=False,
        )  # fmt: skip
    found = COLLECTED.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"{' '.join(args)} failed: {done.stderr[-2000:]}")
    return int(found.group(1)), done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--revisions", nargs="+", default=["tree"])
    parser.add_argument("--seeds", nargs="+", type=int, default=[1, 2, 3])
    parser.add_argument("--game", default="julius_caesar")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for revision in args.revisions:
            python = python_for(revision, work)
            base, _ = instructions(python, ["rules", "check", args.game])
            total_actions, total = 0, 0
            for seed in args.seeds:
                count, out = instructions(
                    python, ["play", args.game, "--seed", str(seed), "--quiet"]
                )
                actions = int(re.search(r"actions: (\d+)", out).group(1))  # type: ignore[union-attr]
                total_actions += actions
                total += count - base
                print(
                    f"{revision} seed {seed}: {actions} actions, "
                    f"{(count - base) / 1e6:.1f} M instructions after loading",
                    flush=True,
                )
            print(
                f"{revision}: {total / total_actions / 1e3:.1f} k instructions per action "
                f"({total_actions} actions, loading {base / 1e6:.1f} M)",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
