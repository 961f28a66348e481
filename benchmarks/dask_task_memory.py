"""A Dask worker's own memory per task, without games.

Gives one worker of a LocalCluster (one thread, the statistical profiler off, as
``legatus simulate --backend dask`` starts them) ``TASKS`` trivial tasks the way a
simulation gives it games (a window of four in flight, each future released once read),
and prints the worker's RSS every ``--every`` tasks: what the worker keeps per task that is
Dask's, not a game's.

    python benchmarks/dask_task_memory.py 60000
"""

from __future__ import annotations

import argparse
import itertools
import sys
from typing import Any


def job(index: int) -> tuple[int, dict[str, Any]]:
    return index, {"seed": index, "winner": "pompey"}


def rss_kb() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return int(line.split()[1])
    return -1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tasks", type=int)
    parser.add_argument("--every", type=int, default=10000)
    args = parser.parse_args()
    import dask.config
    from dask.distributed import Client, LocalCluster, as_completed

    with dask.config.set({"distributed.worker.profile.enabled": False}):
        cluster = LocalCluster(
            n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None
        )
    client = Client(cluster)
    queue = iter(range(args.tasks))
    running = as_completed()
    for index in itertools.islice(queue, 4):
        running.add(client.submit(job, index, pure=False))
    for done, future in enumerate(running, 1):
        future.result()
        future.release()
        following = next(queue, None)
        if following is not None:
            running.add(client.submit(job, following, pure=False))
        if done % args.every == 0:
            (rss,) = client.run(rss_kb).values()
            print(f"{done} tasks: worker RSS {rss / 1024:.1f} MB", flush=True)
    client.close()
    cluster.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
