"""Where simulated games run: this process, local worker processes, or a Dask cluster.

Every backend runs the same function, :func:`legatus.framework.tools.simulate.play.play_game`,
on (experiment, seed) pairs and yields the records as games finish (so the
order may differ between backends; each record carries its seed). Because a
record depends only on the experiment and the seed, every backend gives the
same records for the same seeds.

The local backend needs nothing but the standard library. The Dask backend
(``pip install 'legatus[dask]'``) starts a ``LocalCluster`` when no
scheduler address is given and connects to the given scheduler otherwise;
the workers must have Legatus and the game's plugin installed.
"""

from __future__ import annotations

import contextlib
import importlib
import itertools
import logging
import os
import signal
import sys
import threading
from collections.abc import Generator, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from legatus.framework.model.errors import LegatusError
from legatus.framework.tools.simulate.play import Experiment, play_game

Record = dict[str, Any]

BACKENDS = ("local", "dask")

#: How long ``simulate --backend dask --scheduler ADDRESS`` tries to reach the scheduler
#: before it says it cannot (Dask's ``Client(timeout=...)``).
SCHEDULER_TIMEOUT = "10s"


#: One game to play: an experiment and a seed.
Job = tuple[Experiment, int]


def run_games(
    experiment: Experiment,
    seeds: Sequence[int],
    *,
    backend: str = "local",
    workers: int = 1,
    scheduler: str | None = None,
) -> Iterator[Record]:
    """Yield one record per seed, in the order the games finish."""
    jobs = [(experiment, seed) for seed in seeds]
    for _, record in run_jobs(jobs, backend=backend, workers=workers, scheduler=scheduler):
        yield record


def run_jobs(
    jobs: Sequence[Job],
    *,
    backend: str = "local",
    workers: int = 1,
    scheduler: str | None = None,
) -> Generator[tuple[int, Record], None, None]:
    """Yield (index in ``jobs``, record) for every job, in the order the games finish.

    The games of several experiments (a study's base rules and its variants) share
    one pool of workers this way, so none waits for another experiment's last game.
    """
    if backend == "local":
        if scheduler is not None:
            raise LegatusError("--scheduler is for the dask backend: add --backend dask")
        yield from _run_local(jobs, workers)
    elif backend == "dask":
        yield from _run_dask(jobs, workers, scheduler)
    else:
        raise LegatusError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")


def require_backend(backend: str) -> None:
    """A one-line error now, before any game or file, when ``backend`` needs a package that
    is not installed (the dask backend: Dask's ``distributed``)."""
    if backend != "dask":
        return
    try:
        importlib.import_module("dask.distributed")
    except ImportError:
        raise LegatusError("the dask backend needs Dask: pip install 'legatus[dask]'") from None


def play_job(index: int, experiment: Experiment, seed: int) -> tuple[int, Record]:
    """A worker's task: one game, with the index of its job."""
    return index, play_game(experiment, seed)


def play_batch(batch: Sequence[tuple[int, Job]]) -> list[tuple[int, Record]]:
    """A Dask task: a few games, each with the index of its job."""
    return [(index, play_game(experiment, seed)) for index, (experiment, seed) in batch]


#: The most games one Dask task plays (see :func:`batch_size`).
MOST_GAMES_PER_TASK = 16
#: The fewest tasks each worker thread is given before games are grouped (see
#: :func:`batch_size`).
FEWEST_TASKS_PER_THREAD = 16


def batch_size(games: int, threads: int) -> int:
    """How many games one Dask task plays: one while a run is short, up to
    :data:`MOST_GAMES_PER_TASK` for a long one, so that every worker thread still gets at
    least :data:`FEWEST_TASKS_PER_THREAD` tasks.

    Every task a worker runs leaves its key in a cache of Dask's (``dask.utils.key_split``,
    an LRU cache of 100,000 keys, about 0.19 MB per 1,000 of them): one game per task grew a
    worker by that much for each 1,000 games it played until a hundred thousand. Sixteen
    games a task grow it sixteen times less, and cost the scheduler and the network
    sixteen times fewer messages.
    """
    per_thread = games // (max(1, threads) * FEWEST_TASKS_PER_THREAD)
    return max(1, min(MOST_GAMES_PER_TASK, per_thread))


def ignore_interrupts() -> None:
    """A worker process's initializer: Ctrl-C is the parent's to handle.

    The terminal sends SIGINT to the whole process group; without this every worker would
    print its own traceback. The parent stops the pool and keeps what finished. On Linux a
    worker also asks to be sent SIGTERM when its parent dies, however it dies (even by
    SIGKILL, which the parent cannot catch): no worker is left playing for nobody.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # The parent's SIGTERM handler (raise, to stop as Ctrl-C does) is inherited by a forked
    # worker, where the pool would catch what it raises and go on: a worker ends on SIGTERM.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with_parent()


def _die_with_parent() -> None:
    """SIGTERM to this process when its parent dies (Linux's PR_SET_PDEATHSIG); elsewhere,
    or without the C library, nothing."""
    if not sys.platform.startswith("linux"):
        return
    parent = os.getppid()
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM, 0, 0, 0)  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # the parent died before the request took effect
        os._exit(1)


def stop_workers(pool: ProcessPoolExecutor) -> None:
    """Stop a pool's worker processes now (Ctrl-C, SIGTERM, a failed write): the games they
    are playing are lost, and nothing else is, since the parent writes every finished game
    at once. Waiting for them instead would keep a long game (an MCTS one) running for
    minutes after the run was stopped."""
    # The pool's own table of its processes: the executor offers no public way to stop
    # a task that has started.
    workers = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            worker.terminate()
    for worker in workers:
        with contextlib.suppress(OSError, ValueError, AssertionError, AttributeError):
            worker.join(10)
    # The pool's manager thread closes its wake-up pipe as it ends; if that happens while
    # the interpreter exits, the exit hook of concurrent.futures writes to the closed pipe
    # and prints "Exception ignored ... Bad file descriptor" after our one line (a race in
    # CPython 3.11). With its workers gone the thread ends at once: wait for it here.
    if isinstance(manager, threading.Thread) and manager.is_alive():
        manager.join(10)


def _run_local(jobs: Sequence[Job], workers: int) -> Generator[tuple[int, Record], None, None]:
    if workers <= 1 or len(jobs) <= 1:
        for index, (experiment, seed) in enumerate(jobs):
            yield play_job(index, experiment, seed)
        return
    # Keep a bounded number of games in flight so an interrupted run loses
    # little and memory stays flat however many games are asked for.
    pool = ProcessPoolExecutor(max_workers=workers, initializer=ignore_interrupts)
    finished = False
    try:
        pending: set[Future[tuple[int, Record]]] = set()
        queue = iter(enumerate(jobs))
        for index, (experiment, seed) in queue:
            pending.add(pool.submit(play_job, index, experiment, seed))
            if len(pending) >= workers * 4:
                break
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                try:
                    found = future.result()
                except BrokenProcessPool:
                    raise LegatusError(
                        "a worker process stopped in the middle of a game (killed, or out of "
                        "memory); the games finished before are kept: the same command resumes"
                    ) from None
                yield found
                following = next(queue, None)
                if following is not None:
                    index, (experiment, seed) = following
                    pending.add(pool.submit(play_job, index, experiment, seed))
        finished = True
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:
            # Interrupted (Ctrl-C, SIGTERM, a failed game or write): the workers stop now and
            # the queued games are dropped; the results file holds every finished one.
            stop_workers(pool)


def _run_dask(
    jobs: Sequence[Job], workers: int, scheduler: str | None
) -> Generator[tuple[int, Record], None, None]:
    try:
        # Imported as Any: dask.distributed has no type annotations.
        distributed: Any = importlib.import_module("dask.distributed")
    except ImportError as exc:  # pragma: no cover - depends on the installed extras
        raise LegatusError("the dask backend needs Dask: pip install 'legatus[dask]'") from exc
    cluster: Any = None
    if scheduler is not None:
        try:
            client = distributed.Client(scheduler, timeout=SCHEDULER_TIMEOUT)
        except (OSError, ValueError, TypeError) as exc:
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise LegatusError(f"cannot reach the Dask scheduler {scheduler!r}: {reason}") from None
    else:
        cluster = local_cluster(distributed, workers)
        client = distributed.Client(cluster)
    try:
        # A worker lost in the middle of a game (killed, its machine gone) loses nothing:
        # the scheduler gives its unfinished games to other workers, and since a record
        # depends only on the experiment and the seed, the game played again is the same.
        # Only a window of tasks is in flight (four per worker thread), the next submitted
        # as one finishes: the scheduler's and this process's memory stay flat however many
        # games are asked for (the scheduler keeps a task's state for every future it
        # holds), and an interrupted run has little to cancel.
        # A task plays a batch of games (see batch_size): a long run's workers keep a key
        # for every task, and so many fewer keys.
        threads = _cluster_threads(client, workers)
        window = max(4, 4 * threads)
        size = batch_size(len(jobs), threads)
        numbered = iter(enumerate(jobs))
        queue = iter(lambda: list(itertools.islice(numbered, size)), [])
        running = distributed.as_completed()
        for batch in itertools.islice(queue, window):
            running.add(client.submit(play_batch, batch, pure=False))
        for future in running:
            found = future.result()
            future.release()
            following = next(queue, None)
            if following is not None:
                running.add(client.submit(play_batch, following, pure=False))
            yield from found
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


#: The environment a LocalCluster's processes start with (see :func:`local_cluster`).
WORKER_ENVIRONMENT = {"DASK_LOGGING__DISTRIBUTED": "critical"}
#: The Dask settings its workers run with (a nanny hands its worker this process's settings):
#: no statistical profiler, and a minute of the system monitor's samples, not an hour (two
#: samples a second of 8 quantities, for a dashboard the LocalCluster does not start).
WORKER_SETTINGS = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.system-monitor.log-length": 120,
}


def local_cluster(distributed: Any, workers: int) -> Any:
    """A LocalCluster of ``workers`` one-thread worker processes on this machine.

    The cluster's processes start with Ctrl-C ignored (a disposition they inherit): the
    terminal sends it to the whole process group, and the parent alone stops them. They log
    only critical faults (an environment they inherit too; silence_logs for the scheduler and
    nannies in this process): a game cancelled by Ctrl-C is no news, nor is a worker's
    heartbeat that meets the scheduler's stream already closed while the cluster shuts down
    (a CommClosedError, logged as an error, on a busy machine), and the command's own message
    is the one line the user reads. A game that fails still says so: its exception reaches
    this process through its future.

    The workers' statistical profiler is off: it samples every worker's stack a hundred times
    a second and keeps an hour of the samples, which a worker playing games for an hour grew
    by about 240 MB before it levelled off (measured with a 100,000-game run); off, a worker's
    memory stays flat (docs/simulation.md). The system monitor keeps a minute of samples, not
    an hour (about 1.8 MB a worker when full). Workers started by hand for ``--scheduler``
    take the same settings from the environment
    (``DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED=False``,
    ``DASK_DISTRIBUTED__ADMIN__SYSTEM_MONITOR__LOG_LENGTH=120``).
    """
    import dask.config

    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    saved = {name: os.environ.get(name) for name in WORKER_ENVIRONMENT}
    os.environ.update(WORKER_ENVIRONMENT)
    try:
        with dask.config.set(WORKER_SETTINGS):
            return distributed.LocalCluster(
                n_workers=max(1, workers),
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                # Without a dashboard the scheduler still serves HTTP (health, metrics), on
                # port 8787 unless told: a second cluster on the machine (two commands, or
                # tests on two processes) took another port and printed a three-line warning.
                scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                silence_logs=logging.CRITICAL,
            )
    finally:
        signal.signal(signal.SIGINT, previous)
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _cluster_threads(client: Any, default: int) -> int:
    """How many games the cluster plays at once: its workers' threads, as the scheduler
    counts them now (a scheduler given by address may have any number of workers)."""
    try:
        threads = sum(client.nthreads().values())
    except (OSError, AttributeError, TypeError, ValueError):
        return max(1, default)
    return max(1, threads or default)
