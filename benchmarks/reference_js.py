"""Julius Caesar's random games: Legatus against the JavaScript reference engine.

    python benchmarks/reference_js.py --reference /work/refjs --runs 3
    python benchmarks/reference_js.py --before main --runs 3

The reference is the rules engine of the best-known web implementation of the
game, Rally the Troops' ``rules.js`` with the ``data.js`` it requires (not
part of Legatus and never copied into it: ``--reference DIR`` names the folder
holding the two files, by default ``$LEGATUS_JS_REFERENCE`` or
``/work/refjs``; docs/engine.md says where to get them). Each run plays, one
after the other in child processes of this script (so both see the same load):

* ``node benchmarks/reference_js_driver.js``: ``--reference-games`` random games
  of the reference after ``--warmup`` untimed ones, players uniform over the
  actions its view lists (less undo and the interface's cancel and shortcut
  entries), timed with node's ``process.cpuUsage``;
* ``legatus bench julius_caesar --games N --mcts-decisions 0 --json``: random
  players uniform over the legal actions, timed with ``time.process_time``;
  with ``--before COMMIT`` also that commit's own ``legatus bench`` (installed
  from ``git archive`` into a virtual environment of its own, as
  ``bench_compare.py`` does).

It prints each run's games and actions per CPU-second and the ratio (Legatus's
games per CPU-second over the reference's), then the best, worst and median
ratio over the runs. Measures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DRIVER = HERE / "reference_js_driver.js"
DEFAULT_REFERENCE = os.environ.get("LEGATUS_JS_REFERENCE", "/work/refjs")


def missing_reference(folder: Path) -> str | None:
    """Why ``folder`` cannot serve as the reference, or None."""
    absent = [name for name in ("rules.js", "data.js") if not (folder / name).is_file()]
    if absent:
        return (
            f"reference_js: no JavaScript reference in {folder} (missing {', '.join(absent)}); "
            "see docs/engine.md, 'The JavaScript reference'"
        )
    return None


def figures_of(command: list[str], what: str, cwd: str | None = None) -> dict[str, Any]:
    """The JSON a benchmark ``command`` prints; its error output ends the run if it fails."""
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"reference_js: {what} failed:\n{done.stderr}")
    figures: dict[str, Any] = json.loads(done.stdout)
    return figures


def run_reference(node: str, folder: Path, games: int, seed: int, warmup: int) -> dict[str, Any]:
    command = [node, str(DRIVER), str(folder), str(games), str(seed), str(warmup)]
    return figures_of(command, "the reference driver")


def run_legatus(program: str, games: int, seed: int) -> dict[str, Any]:
    command = [program, "bench", "julius_caesar", "--games", str(games), "--seed", str(seed)]
    return figures_of(
        [*command, "--mcts-decisions", "0", "--json"], "legatus bench", cwd=tempfile.gettempdir()
    )


def before_program(commit: str, into: Path) -> str:
    """``legatus`` of ``commit``, installed into a virtual environment of its own."""
    sys.path.insert(0, str(HERE))
    from bench_compare import extract, install  # a sibling script

    extract(commit, into)
    return str(Path(install(into / "tree", into / "venv")).with_name("legatus"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--reference",
        type=Path,
        default=Path(DEFAULT_REFERENCE),
        help="folder with the reference's rules.js and data.js "
        "(default: $LEGATUS_JS_REFERENCE or /work/refjs)",
    )
    parser.add_argument("--runs", type=int, default=3, help="alternating runs (default: 3)")
    parser.add_argument("--reference-games", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=2, help="untimed reference games first")
    parser.add_argument("--games", type=int, default=20, help="Legatus games per run")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--node", default=shutil.which("node") or "/usr/bin/node")
    parser.add_argument("--before", help="also measure this commit's legatus bench")
    parser.add_argument("--json", action="store_true", help="print every run as JSON")
    args = parser.parse_args(argv)

    reason = missing_reference(args.reference)
    if reason is None and not Path(args.node).is_file():
        reason = f"reference_js: no node program at {args.node} (--node)"
    if reason is not None:
        print(reason, file=sys.stderr)
        return 2

    programs = {"tree": str(Path(sys.executable).with_name("legatus"))}
    with tempfile.TemporaryDirectory() as scratch:
        if args.before:
            programs = {args.before: before_program(args.before, Path(scratch)), **programs}
        runs: list[dict[str, Any]] = []
        for number in range(args.runs):
            run: dict[str, Any] = {
                "reference": run_reference(
                    args.node, args.reference, args.reference_games, args.seed, args.warmup
                )
            }
            for label, program in programs.items():
                run[label] = run_legatus(program, args.games, args.seed)
            runs.append(run)
            reference = run["reference"]
            line = (
                f"run {number + 1}: reference {reference['games_per_cpu_second']:.3f} games "
                f"({reference['actions_per_cpu_second']:.0f} actions, "
                f"{reference['mean_actions_per_game']} a game) per CPU-second"
            )
            for label in programs:
                cpu = run[label]["cpu"]
                ratio = cpu["games_per_second"] / reference["games_per_cpu_second"]
                run[f"ratio {label}"] = ratio
                line += (
                    f"; Legatus {label} {cpu['games_per_second']:.2f} games "
                    f"({cpu['actions_per_second']} actions, "
                    f"{run[label]['mean_actions_per_game']} a game): {ratio:.1f}x"
                )
            print(line, flush=True)
        if args.json:
            print(json.dumps(runs, indent=2))
        for label in programs:
            ratios = sorted(run[f"ratio {label}"] for run in runs)
            print(
                f"{label}: games per CPU-second, Legatus over the reference: "
                f"median {statistics.median(ratios):.1f}x, "
                f"lowest {ratios[0]:.1f}x, highest {ratios[-1]:.1f}x over {len(ratios)} runs"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
