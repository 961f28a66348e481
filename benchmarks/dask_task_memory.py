"""A Dask worker's own memory per task, without games.

Gives one worker of a LocalCluster (one thread, the statistical profiler off, as
``legatus simulate --backend dask`` starts them) ``TASKS`` trivial tasks the way a
simulation gives it games (a window of four in flight, each future released once read),
and prints the worker's RSS every ``--every`` tasks, with the number of task keys in
Dask's cache ``dask.utils.key_split`` (an LRU cache of 100,000 keys that every task a
worker runs enters): what the worker keeps per task that is Dask's, not a game's.
``--per-task N`` puts N trivial jobs in each task, as simulate batches a long run's games.

    python benchmarks/dask_task_memory.py 60000
    python benchmarks/dask_task_memory.py 60000 --per-task 16
"""

from __future__ import annotations

import argparse
import itertools
import sys
from typing import Any


def job(indices: list[int]) -> list[tuple[int, dict[str, Any]]]:
    return [(index, {"seed": index, "winner": "pompey"}) for index in indices]


def rss_kb() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return int(line.split()[1])
    return -1


def keys_cached() -> int:
    from dask.utils import key_split

    return int(key_split.cache_info().currsize)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tasks", type=int)
    parser.add_argument("--every", type=int, default=10000)
    parser.add_argument("--per-task", type=int, default=1, help="jobs in one task (default 1)")
    args = parser.parse_args()
    if args.tasks < 1 or args.every < 1 or args.per_task < 1:
        parser.error("TASKS, --every and --per-task must be at least 1")
    import dask.config
    from dask.distributed import Client, LocalCluster, as_completed

    with dask.config.set({"distributed.worker.profile.enabled": False}):
        cluster = LocalCluster(
            n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None
        )
    client = Client(cluster)
    numbered = iter(range(args.tasks))
    queue = iter(lambda: list(itertools.islice(numbered, args.per_task)), [])
    running = as_completed()
    for batch in itertools.islice(queue, 4):
        running.add(client.submit(job, batch, pure=False))
    done = 0
    for future in running:
        for _ in future.result():
            done += 1
            if done % args.every == 0:
                (rss,) = client.run(rss_kb).values()
                (keys,) = client.run(keys_cached).values()
                print(
                    f"{done} jobs: worker RSS {rss / 1024:.1f} MB, {keys} keys cached", flush=True
                )
        future.release()
        following = next(queue, None)
        if following is not None:
            running.add(client.submit(job, following, pure=False))
    client.close()
    cluster.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
