"""The two memory scripts behind the README's 100,000-game figures run and report what they
say: ``benchmarks/engine_memory.py`` (the engine's caches of actions fill, and emptying them
frees blocks) and ``benchmarks/dask_task_memory.py`` (a worker's RSS every N tasks)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def run(script: str, *args: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), *args],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_engine_memory_reports_each_step_and_the_blocks_the_caches_held() -> None:
    lines = run("engine_memory.py", "2", "--every", "1")
    assert len(lines) == 3
    for games, line in zip((1, 2), lines, strict=False):
        found = re.fullmatch(
            rf"{games} games: RSS [\d.]+ MB, \d+ blocks, (\d+) actions made, (\d+) action texts",
            line,
        )
        assert found is not None, line
        assert int(found[1]) > 0 and int(found[2]) > 0
    end = re.fullmatch(
        r"2 games: (\d+) blocks, (\d+) after emptying the caches of actions; RSS [\d.]+ MB",
        lines[2],
    )
    assert end is not None, lines[2]
    assert int(end[2]) < int(end[1])


def test_dask_task_memory_reports_the_worker_every_n_jobs() -> None:
    """One job a task: at the end a key cached for each of the twenty tasks."""
    lines = run("dask_task_memory.py", "20", "--every", "10")
    assert [line.split(":")[0] for line in lines] == ["10 jobs", "20 jobs"]
    keys = []
    for line in lines:
        found = re.fullmatch(r"\d+ jobs: worker RSS [\d.]+ MB, (\d+) keys cached", line)
        assert found is not None, line
        keys.append(int(found[1]))
    assert keys[-1] == 20


def test_dask_task_memory_with_jobs_in_batches_caches_a_key_per_task() -> None:
    lines = run("dask_task_memory.py", "40", "--every", "20", "--per-task", "10")
    keys = [int(line.split(", ")[1].split()[0]) for line in lines]
    assert [line.split(":")[0] for line in lines] == ["20 jobs", "40 jobs"]
    assert keys[-1] == 4  # forty jobs in four tasks


def test_dask_task_memory_refuses_a_batch_of_no_jobs_in_one_line() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "dask_task_memory.py"), "10", "--per-task", "0"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1] == (
        "dask_task_memory.py: error: TASKS, --every and --per-task must be at least 1"
    )
    assert "Traceback" not in done.stderr
