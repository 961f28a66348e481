"""Compare ``legatus bench`` between an earlier commit and the working tree.

    python benchmarks/bench_compare.py --before 05d8657 --game julius_caesar --runs 3

Extracts the earlier commit with ``git archive`` into a temporary folder and
installs it into a virtual environment of its own (its plugins are found
through its own entry points, which differ between versions), then runs
``legatus bench GAME --games N --json`` (each environment's own program: the module it
runs moved between versions) alternately with
that environment and with the installed working tree, ``--runs`` times
each, so both see the same load, and prints the best of each rate (wall and
CPU time) side by side. The earlier commit must have ``legatus bench``.
Measures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def extract(commit: str, into: Path) -> None:
    archive = into / "before.tar"
    with archive.open("wb") as out:
        subprocess.run(["git", "archive", commit], cwd=ROOT, stdout=out, check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into / "tree", filter="data")


def install(tree: Path, into: Path) -> str:
    """A virtual environment with ``tree`` installed; its Python."""
    subprocess.run([sys.executable, "-m", "venv", str(into)], check=True)
    python = str(into / "bin" / "python")
    subprocess.run([python, "-m", "pip", "install", "-q", str(tree)], check=True)
    return python


def bench(game: str, games: int, python: str) -> dict[str, Any]:
    env = dict(os.environ)
    command = [
        str(Path(python).with_name("legatus")),
        "bench",
        game,
        "--games",
        str(games),
    ]
    done = subprocess.run(
        [*command, "--json"], env=env, cwd=tempfile.gettempdir(), capture_output=True, text=True
    )
    if done.returncode != 0:
        raise SystemExit(done.stderr)
    figures: dict[str, Any] = json.loads(done.stdout)
    return figures


def best(runs: list[dict[str, Any]]) -> dict[str, float]:
    found: dict[str, float] = {}
    for run in runs:
        rates = {k: v for k, v in run.items() if k.endswith("_per_second")}
        rates.update({f"{k} (cpu)": v for k, v in run.get("cpu", {}).items()})
        for key, value in rates.items():
            found[key] = max(found.get(key, 0.0), value)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="the earlier commit")
    parser.add_argument("--game", default="julius_caesar")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        extract(args.before, Path(folder))
        old_python = install(Path(folder) / "tree", Path(folder) / "venv")
        before: list[dict[str, Any]] = []
        after: list[dict[str, Any]] = []
        for _ in range(args.runs):
            before.append(bench(args.game, args.games, old_python))
            after.append(bench(args.game, args.games, sys.executable))
    old, new = best(before), best(after)
    width = max(len(k) for k in new)
    print(f"{'figure':<{width}}  {'before':>10}  {'after':>10}")
    for key in new:
        print(f"{key:<{width}}  {old.get(key, float('nan')):>10}  {new[key]:>10}")
    print(
        f"mean actions per game: {before[0]['mean_actions_per_game']} -> "
        f"{after[0]['mean_actions_per_game']}"
    )


if __name__ == "__main__":
    main()
