"""Scale-out on a real Dask cluster: a ``dask scheduler`` and two ``dask worker`` programs on
localhost, started here as separate processes (the ``dask`` command distributed installs),
not a LocalCluster inside the test. ``legatus simulate --backend dask --scheduler ADDRESS``
must give the same results file as local worker processes (lines in another order: games
finish in any order), and a worker killed in the middle of a game must lose nothing: the
scheduler gives its game to the other worker, which plays the same game again.

On a busy machine (issue 39): Dask's connection timeouts are minutes (tests/conftest.py sets
them in the environment every process here inherits), a worker ends by itself if its
scheduler is gone (``--death-timeout``), the fixture stops every process it started, each
worker stopped before the scheduler is, whatever the test's outcome, and what the cluster logs (a
heartbeat that met a closed stream while it shut down, say) goes to a file, never into the
test's result."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.waits import bound, ran_out, wait_until

distributed = pytest.importorskip("distributed", reason="the dask extra is not installed")

#: A real scheduler and workers, each a process of its own, started and stopped per test: a
#: long check (``slow``), which CI runs as its second step.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
DASK = Path(sys.executable).with_name("dask")


@dataclass
class Cluster:
    address: str
    workers: dict[str, subprocess.Popen[bytes]]  # worker address -> its process
    client: Any


def _env() -> dict[str, str]:
    # The workers import Legatus and the games from this checkout, as an installed copy
    # would on a real cluster; they log only errors.
    return {**os.environ, "PYTHONPATH": str(ROOT), "DASK_LOGGING__DISTRIBUTED": "error"}


def _address(scheduler_file: Path) -> str | None:
    """The scheduler's address from its file, once the file is whole."""
    try:
        address = json.loads(scheduler_file.read_text("utf-8"))["address"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return address if isinstance(address, str) else None


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    if not DASK.exists():
        pytest.skip(f"no dask command beside {sys.executable}")
    started: list[subprocess.Popen[bytes]] = []
    client: Any = None
    scheduler_file = tmp_path / "scheduler.json"
    log = (tmp_path / "cluster.log").open("wb")
    try:
        started.append(
            subprocess.Popen(
                [str(DASK), "scheduler", "--host", "127.0.0.1", "--port", "0",
                 "--no-dashboard", "--scheduler-file", str(scheduler_file)],
                env=_env(), stdout=log, stderr=log,
            )
        )  # fmt: skip
        # The scheduler writes its file in more than one step: it may be seen empty first.
        wait_until(
            lambda: _address(scheduler_file) is not None or started[0].poll() is not None,
            120,
            "the dask scheduler to write its scheduler file",
        )
        address = _address(scheduler_file)
        assert address is not None, (tmp_path / "cluster.log").read_text()
        for name in ("w1", "w2"):
            started.append(
                subprocess.Popen(
                    [str(DASK), "worker", address, "--name", name, "--nworkers", "1",
                     "--nthreads", "1", "--no-nanny", "--no-dashboard",
                     "--death-timeout", f"{bound(300):g}"],
                    env=_env(), stdout=log, stderr=log, cwd=tmp_path,
                )
            )  # fmt: skip
        client = distributed.Client(address, timeout=f"{bound(120):g}s")
        try:
            client.wait_for_workers(2, timeout=bound(180))
        except TimeoutError:
            log.flush()
            raise AssertionError(
                ran_out("two dask workers to join the scheduler", bound(180))
                + "\n"
                + (tmp_path / "cluster.log").read_text()
            ) from None
        by_name = {info["name"]: addr for addr, info in client.scheduler_info()["workers"].items()}
        workers = {by_name["w1"]: started[1], by_name["w2"]: started[2]}
        yield Cluster(address, workers, client)
    finally:
        if client is not None:
            # Its heartbeats and the scheduler's answers may meet a closed stream on a busy
            # machine: nothing this test checks, and logged only.
            with contextlib.suppress(Exception):
                client.close(timeout=bound(60))
        # The workers first, each one waited for, then the scheduler: a worker stopping
        # says goodbye to its scheduler, and one whose scheduler had already gone waited for
        # it until killed (a minute, every other run of this file).
        for process in [*started[1:], *started[:1]]:
            if process.poll() is None:
                process.terminate()
            try:
                process.wait(timeout=bound(60))
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        log.close()


def legatus(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "legatus.framework.frontends.cli", *args],
        capture_output=True, text=True, check=False, timeout=bound(900), env=_env(),
    )  # fmt: skip


def by_seed(path: Path) -> dict[int, str]:
    lines = path.read_text("utf-8").splitlines()
    found = {json.loads(line)["seed"]: line for line in lines}
    assert len(found) == len(lines), "a seed twice in the results file"
    return found


def test_the_scheduler_gives_the_results_file_of_local_processes(
    cluster: Cluster, tmp_path: Path
) -> None:
    common = ["simulate", "demo_skirmish", "--games", "12", "--seed", "40",
              "--side", "blue=first", "--no-progress", "--json"]  # fmt: skip
    local = legatus(*common, "--workers", "2", "--out", str(tmp_path / "local.jsonl"))
    assert local.returncode == 0, local.stderr
    remote = legatus(
        *common, "--backend", "dask", "--scheduler", cluster.address,
        "--out", str(tmp_path / "dask.jsonl"),
    )  # fmt: skip
    assert remote.returncode == 0, remote.stderr
    assert by_seed(tmp_path / "dask.jsonl") == by_seed(tmp_path / "local.jsonl")
    assert sorted(by_seed(tmp_path / "dask.jsonl")) == list(range(40, 52))
    summary = {k: v for k, v in json.loads(remote.stdout).items() if k not in {"seconds", "played"}}
    expected = {k: v for k, v in json.loads(local.stdout).items() if k not in {"seconds", "played"}}
    assert summary == expected


def test_a_worker_killed_in_the_middle_of_a_game_loses_no_game(
    cluster: Cluster, tmp_path: Path
) -> None:
    """Julius Caesar between random players (a second or so a game): once the first game is
    in the results file, the worker that is playing a game is killed (SIGKILL: no goodbye
    to the scheduler). Every seed is still in the file, once, exactly as local processes
    play it."""
    games = ["--games", "8", "--seed", "7", "--no-progress"]
    out = tmp_path / "dask.jsonl"
    run = subprocess.Popen(
        [sys.executable, "-m", "legatus.framework.frontends.cli", "simulate", "julius_caesar", *games,
         "--backend", "dask", "--scheduler", cluster.address, "--out", str(out)],
        env=_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    killed: list[str] = []

    def kill_a_busy_worker() -> bool:
        """Once the first game is in the file, SIGKILL a worker playing one; True once done
        (or once the run ended: nothing to kill then)."""
        if run.poll() is not None:
            return True
        if out.exists() and out.read_text("utf-8").strip():
            busy = {w: keys for w, keys in cluster.client.processing().items() if keys}
            if busy:
                victim = sorted(busy)[0]
                cluster.workers[victim].send_signal(signal.SIGKILL)
                cluster.workers[victim].wait(timeout=bound(60))
                killed.append(victim)
                return True
        return False

    try:
        wait_until(
            kill_a_busy_worker, 600, "the first game in the results file, then a busy worker"
        )
        stdout, stderr = run.communicate(timeout=bound(900))
    finally:
        if run.poll() is None:
            run.kill()
            run.communicate()
    assert run.returncode == 0, stderr
    assert killed, "no worker was busy after the first game: nothing was tested"
    assert sorted(by_seed(out)) == list(range(7, 15))
    local = legatus("simulate", "julius_caesar", *games, "--workers", "2",
                    "--out", str(tmp_path / "local.jsonl"))  # fmt: skip
    assert local.returncode == 0, local.stderr
    assert by_seed(out) == by_seed(tmp_path / "local.jsonl")
    assert "8 games" in stdout


def test_only_a_window_of_games_is_in_flight_on_the_scheduler(cluster: Cluster) -> None:
    """Forty games on two one-thread workers: the backend submits four games per worker
    thread and the next one as a game finishes, so the scheduler never holds the whole
    run (a hundred thousand games would otherwise be a hundred thousand tasks at once)."""
    from legatus.framework.tools.simulate.backends import run_games
    from legatus.framework.tools.simulate.play import Experiment

    def tasks(dask_scheduler: Any) -> int:
        return len(dask_scheduler.tasks)

    experiment = Experiment(game="demo_skirmish", players={"red": "random", "blue": "first"})
    held: list[int] = []
    seeds: list[int] = []
    for record in run_games(experiment, range(100, 140), backend="dask", scheduler=cluster.address):
        seeds.append(record["seed"])
        held.append(cluster.client.run_on_scheduler(tasks))
    assert sorted(seeds) == list(range(100, 140))
    # Eight in flight; a finished game's task may linger a moment after its release.
    assert max(held) <= 12, held
    assert held[-1] <= 8, held


def test_a_long_run_plays_its_games_in_batches(
    cluster: Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Twenty-four games, told to give each worker thread at least one task: two tasks of
    twelve games each. Every seed comes back once, with the record local play gives it, and
    the scheduler never holds more than the two tasks (one per game would be twenty-four
    keys that every worker keeps in Dask's cache of task keys)."""
    from legatus.framework.tools.simulate import backends
    from legatus.framework.tools.simulate.play import Experiment

    def tasks(dask_scheduler: Any) -> int:
        return len(dask_scheduler.tasks)

    monkeypatch.setattr(backends, "FEWEST_TASKS_PER_THREAD", 1)
    experiment = Experiment(game="demo_skirmish", players={"red": "random", "blue": "first"})
    seeds = range(300, 324)
    held: list[int] = []
    records: dict[int, Any] = {}
    for record in backends.run_games(experiment, seeds, backend="dask", scheduler=cluster.address):
        records[record["seed"]] = record
        held.append(cluster.client.run_on_scheduler(tasks))
    assert max(held) <= 2, held
    local = {record["seed"]: record for record in backends.run_games(experiment, seeds)}
    assert records == local
