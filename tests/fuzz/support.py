"""What every fuzzer shares: example budgets, a hang guard, and the shape of a good error.

The property all three input surfaces promise is the same: whatever the bytes,
either the input is accepted or one documented error escapes, and that error
says where the problem is. These helpers state "says where" once.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from hypothesis import HealthCheck, settings

from legatus.framework.model.errors import DataError, RulesError, RulesErrors

LONG = "long"
#: Far more than any single input needs, even on a slow CI machine: a hang, not a slow run.
HANG_SECONDS = 30.0


def budget(examples: int) -> settings:
    """``examples`` per test in CI and dev runs; the long profile's own count when it is loaded."""
    if settings.get_current_profile_name() == LONG:
        return settings(settings.get_profile(LONG))
    return settings(
        deadline=None,
        max_examples=examples,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.filter_too_much,
        ],
    )


class Hang(AssertionError):
    """One input took longer than :data:`HANG_SECONDS`: the bounded input made the code loop."""


@contextmanager
def time_limit(what: str, seconds: float = HANG_SECONDS) -> Iterator[None]:
    """Fail with :class:`Hang` if the block runs longer than ``seconds`` (POSIX timer)."""

    def alarm(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"{what} ran longer than {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def assert_positioned_data_error(error: DataError, line_counts: dict[str, int]) -> None:
    """Every problem names a file, a line (0: the whole file) and a JSON path from ``$``.

    ``line_counts`` maps a file name as the loader shows it to its number of
    lines; a problem in such a file must not point past its end.
    """
    assert error.problems, "a DataError without problems"
    for problem in error.problems:
        assert isinstance(problem.file, str) and problem.file, problem
        assert isinstance(problem.line, int) and problem.line >= 0, problem
        assert isinstance(problem.path, str) and problem.path.startswith("$"), problem
        assert isinstance(problem.message, str) and problem.message, problem
        if problem.file in line_counts:
            assert problem.line <= line_counts[problem.file] + 1, (problem, line_counts)
    assert str(error)


def assert_positioned_rules_error(error: RulesError | RulesErrors) -> None:
    """Every rules error has a file, a 1-based line and column, and a message."""
    errors = error.errors if isinstance(error, RulesErrors) else (error,)
    assert errors, "a RulesErrors without errors"
    for one in errors:
        assert isinstance(one, RulesError), one
        assert one.span.file, one
        assert one.span.line >= 1, one.render()
        assert one.span.column >= 1, one.render()
        assert one.message, one.render()
        assert one.render()


def line_count(raw: bytes) -> int:
    """Lines in a file as YAML counts them: ``\\r``, NEL and the Unicode separators break lines too."""
    text = raw.decode("utf-8", "replace").replace("\r\n", "\n")
    return sum(text.count(brk) for brk in "\n\r\x85\u2028\u2029") + 1
