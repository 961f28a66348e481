"""Files a command will write, checked before it starts the work they are for.

A save written after every action, a plot drawn after an hour of simulation, a golden
recording: if the path cannot be written, the command says so at once, in one line, instead
of failing (or silently losing the result) at the end. ``~`` is expanded. An existing file is
only ever replaced when it is a regular file: a device such as ``/dev/null`` or a named pipe
is refused, since saves are written beside the target and renamed over it.
"""

from __future__ import annotations

import os
from pathlib import Path

from legatus.framework.model.errors import LegatusError


class OutputPathError(LegatusError):
    """A path a command was asked to write to cannot be written."""


def writable_file(path: Path, what: str = "write") -> Path:
    """``path`` with ``~`` expanded, or a one-line error saying why it cannot be written.

    ``what`` starts the message: ``cannot save to PATH: ...``, ``cannot write the plot to``.
    The folder is tried by creating (and removing) a file in it: permissions alone do not say
    whether a folder such as ``/proc`` takes new files.
    """
    target = path.expanduser()
    where = f"cannot {what} {path}"
    if target.is_dir():
        raise OutputPathError(f"{where}: it is a folder; give a file name")
    if target.exists() and not target.is_file():
        raise OutputPathError(f"{where}: it is not a regular file")
    folder = target.parent
    if not folder.is_dir():
        raise OutputPathError(f"{where}: the folder {folder} does not exist")
    if target.exists() and not os.access(target, os.W_OK):
        raise OutputPathError(f"{where}: permission denied")
    probe = folder / f".{target.name}.{os.getpid()}.probe"
    try:
        probe.open("x").close()
        probe.unlink()
    except OSError as exc:
        if isinstance(exc, PermissionError):
            raise OutputPathError(f"{where}: permission denied") from None
        raise OutputPathError(
            f"{where}: the folder {folder} takes no new files ({exc.strerror or exc})"
        ) from None
    return target
