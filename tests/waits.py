"""How the tests wait: on a condition, with a generous bound that scales on a slow machine.

A test waits for something to happen (a file written, a message received, a process
started or gone), never for a fixed time. Where a bound on wall-clock time must stay (so
that a fault fails the test instead of hanging it), it is ``bound(seconds)``: ``seconds``
is chosen for the 2-core development machine with two CPU-bound processes beside the
suite (``python benchmarks/under_load.py``), times ``LEGATUS_TEST_SLOWNESS`` from the
environment (1 if unset; ``LEGATUS_TEST_SLOWNESS=3`` on a machine three times slower).
A wait that runs out says what it waited for and for how long.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable


def _slowness() -> float:
    text = os.environ.get("LEGATUS_TEST_SLOWNESS", "").strip()
    if not text:
        return 1.0
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"LEGATUS_TEST_SLOWNESS={text!r}: expected a number such as 2") from None
    if not value > 0:
        raise ValueError(f"LEGATUS_TEST_SLOWNESS={text!r}: expected a number above 0")
    return value


#: The factor every wall-clock bound of the tests is multiplied by.
SLOWNESS = _slowness()


def bound(seconds: float) -> float:
    """``seconds`` (chosen for the loaded development machine) scaled by ``SLOWNESS``."""
    return seconds * SLOWNESS


def ran_out(what: str, seconds: float) -> str:
    """The failure message of a wait that ran out."""
    return (
        f"waited {seconds:.0f} s for {what}, in vain "
        f"(bounds scale with LEGATUS_TEST_SLOWNESS, now {SLOWNESS:g})"
    )


def wait_until(
    condition: Callable[[], object], seconds: float, what: str, poll: float = 0.05
) -> None:
    """Return once ``condition()`` is true; fail saying ``what`` was awaited if it is still
    false after ``bound(seconds)``. ``seconds`` is a bound, not a pause: a condition that
    holds at once returns at once."""
    limit = bound(seconds)
    deadline = time.monotonic() + limit
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(ran_out(what, limit))
        time.sleep(poll)
