"""JSONL results files that several runs may resume, one line per finished game.

``legatus simulate`` and ``legatus check-game`` write each finished game as a line at once,
so an interrupted run loses nothing and a second run with the same file plays only what is
missing. Three things keep such a file honest:

* **a lock**: one run writes a file at a time (:func:`locked`); a second run on the same file
  is refused at once instead of duplicating and losing games;
* **an identity** in every line (the game, its variant, the fingerprint of the files and
  variant text it was built from, and the experiment's other settings): a file written under
  other rules or for another game is refused with the line that says so, never mixed in;
* **checked lines** (:func:`read_lines`): a line that is binary, not a JSON object, or
  otherwise not a result is refused with its number; only a last line cut short by an
  interruption is dropped (and its game played again).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO, Any

from legatus.framework.model.errors import LegatusError

#: Checks one parsed line; returns an error message, or None when the line is sound.
LineCheck = Callable[[dict[str, Any]], str | None]


class ResultsFileError(LegatusError):
    """A results file that cannot be used: locked, of another experiment, or not results."""


@contextmanager
def locked(path: Path) -> Iterator[IO[str]]:
    """The results file opened for appending, locked against a second writer.

    The lock is the operating system's (``flock``): it goes with the process, so a run
    killed without cleaning up leaves no stale lock behind.
    """
    import fcntl

    if not path.parent.is_dir():
        raise ResultsFileError(f"{path}: the folder {path.parent} does not exist")
    if path.exists() and not path.is_file() and not path.is_dir():
        # A device or a named pipe: /dev/zero would be read without end, a pipe would block.
        raise ResultsFileError(f"{path}: cannot write results: it is not a regular file")
    try:
        handle = path.open("a", encoding="utf-8")
    except OSError as exc:
        raise ResultsFileError(f"{path}: cannot write results: {exc.strerror or exc}") from None
    try:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise ResultsFileError(
                f"{path}: another run is writing this results file; wait for it or use "
                "another --out file"
            ) from None
        yield handle
    finally:
        # A write that failed (a full disk) was said already; a cut line is repaired.
        with suppress(OSError):
            handle.close()


def append(handle: IO[str], path: Path, line: str, kept: int) -> None:
    """Write one result line and flush it, or a one-line error: the file keeps the ``kept``
    lines written before (and at worst a cut last line, dropped when the run resumes)."""
    try:
        handle.write(line)
        handle.flush()
    except OSError as exc:
        raise ResultsFileError(
            f"{path}: cannot write results: {exc.strerror or exc}; the {kept} game(s) "
            "written before are kept, and the same command resumes once there is room"
        ) from None


def read_lines(path: Path, check: LineCheck) -> list[tuple[int, dict[str, Any]]]:
    """The lines of a results file with their numbers, each checked; repairs a cut last line.

    A line that is not UTF-8 text, not JSON, not an object, or that ``check`` refuses is
    an error naming the file and the line, unless it is the start of a result cut short by
    an interrupted write: the last line, with no line break after it, beginning as every
    result does (``{"``). That line is cut off the file and its game is played again. A
    file that is not a results file (a text, an image, another program's data) is refused,
    never cut.
    """
    if not path.exists():
        return []
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ResultsFileError(f"{path}: cannot read results: {exc.strerror or exc}") from None
    lines = raw.split(b"\n")
    found: list[tuple[int, dict[str, Any]]] = []
    good = 0  # bytes of the file that hold complete, sound lines
    for number, line in enumerate(lines, 1):
        # Cut short: the very end of the file, no line break after it, a result's start.
        cut = number == len(lines) and line.lstrip().startswith(b'{"')
        if not line.strip():
            good += len(line) + 1
            continue
        try:
            record = json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            if cut:
                break  # the interrupted last line: dropped, its game played again
            raise ResultsFileError(f"{path}:{number}: not a JSON line of results") from None
        if not isinstance(record, dict):
            raise ResultsFileError(f"{path}:{number}: a line of results must be a JSON object")
        problem = check(record)
        if problem is not None:
            raise ResultsFileError(f"{path}:{number}: {problem}")
        found.append((number, record))
        good += len(line) + 1
    try:
        if good < len(raw):
            with path.open("r+b") as handle:
                handle.truncate(good)
        elif raw and not raw.endswith(b"\n"):
            with path.open("ab") as handle:
                handle.write(b"\n")  # a complete last line whose newline was cut off
    except OSError as exc:
        raise ResultsFileError(
            f"{path}: cannot repair the line cut short at its end: {exc.strerror or exc}"
        ) from None
    return found


_KIND_WORDS = {
    int: "a whole number",
    str: "a text",
    dict: "an object",
    list: "a list",
    type(None): "null",
}


def shape_problem(
    record: dict[str, Any], fields: dict[str, type | tuple[type, ...]], what: str
) -> str | None:
    """What is wrong with the fields of a record, or None: a field missing, unknown, or of
    another type than ``fields`` gives it (``bool`` is no ``int`` here, and a count is never
    negative). ``what`` names the record in the message ("the line", "fault 2 of the line")."""
    for name, kind in fields.items():
        if name not in record:
            return f"{what} has no {name!r}"
        value = record[name]
        if isinstance(value, bool) or not isinstance(value, kind):
            kinds = kind if isinstance(kind, tuple) else (kind,)
            expected = " or ".join(_KIND_WORDS.get(k, k.__name__) for k in kinds)
            return f"{what}'s {name!r} is {json.dumps(value)}, not {expected}"
        if isinstance(value, int) and value < 0:
            return f"{what}'s {name!r} is negative"
    unknown = sorted(set(record) - set(fields))
    if unknown:
        return f"{what} has an unknown field {unknown[0]!r}"
    return None
