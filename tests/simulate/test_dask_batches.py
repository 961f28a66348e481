"""How many games a Dask task plays (issue 36, item 5): one while a run is short, sixteen
for a long one, every worker thread still given at least sixteen tasks."""

from __future__ import annotations

import pytest

from legatus.framework.tools.simulate.backends import batch_size


@pytest.mark.parametrize(
    ("games", "threads", "expected"),
    [
        (1, 2, 1),
        (40, 2, 1),  # a short run: one game a task, as before
        (63, 2, 1),
        (64, 2, 2),  # two games a task still leaves each thread 16 tasks
        (320, 2, 10),
        (512, 2, 16),
        (100_000, 2, 16),  # the 100,000-game run: 6,250 tasks, not 100,000
        (100_000, 0, 16),  # a scheduler without workers yet counts as one thread
        (0, 2, 1),
    ],
)
def test_batch_size(games: int, threads: int, expected: int) -> None:
    assert batch_size(games, threads) == expected
