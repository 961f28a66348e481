"""Argument types for counts on the command line: nonsense is refused before anything runs.

``--games 0`` or ``--workers -3`` would run nothing, or hang, or crash far from the flag;
each type here refuses it at once with a message naming the flag's rule. The upper bounds
are what one run can hold in memory (a simulation keeps every result of its run).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

#: The most games one run plays (its results are kept in memory to summarise them).
MOST_GAMES = 10_000_000
#: The most worker processes (far more than any machine has cores for).
MOST_WORKERS = 1024


def counted(least: int, most: int | None = None, what: str = "") -> Callable[[str], int]:
    """An int type that accepts ``least`` to ``most`` (no bound above when None)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < least or (most is not None and value > most):
            bound = f"from {least:,} to {most:,}" if most is not None else f"at least {least}"
            raise argparse.ArgumentTypeError(f"{value} is out of range: {what or 'it'} must be "
                                             f"{bound}")  # fmt: skip
        return value

    parse.__name__ = "count"
    return parse


GAMES = counted(1, MOST_GAMES, "the number of games")
WORKERS = counted(1, MOST_WORKERS, "the number of workers")
POSITIVE = counted(1)
NON_NEGATIVE = counted(0)
