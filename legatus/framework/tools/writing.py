"""Writing a whole file so that a failure loses nothing: the text goes to a new file beside
the target, which then replaces it in one step.

A full disk (errno 28), a read-only file system or a folder without write permission is
then a one-line :class:`WriteError` naming the file and the reason, the target is left as
it was (an earlier report, recording or position survives a failed rewrite), and no
half-written file is left behind.
"""

from __future__ import annotations

import os
from contextlib import suppress
from pathlib import Path

from legatus.framework.model.errors import LegatusError


class WriteError(LegatusError):
    """A file could not be written; the message says which and why, in one line."""


def write_text(path: Path, text: str, what: str = "write") -> None:
    """Write ``text`` (UTF-8) to ``path`` whole, or raise :class:`WriteError` saying
    ``cannot WHAT PATH: reason`` (``what``: "write the report to", "save the position to")."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with temporary.open("w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except OSError as exc:
        with suppress(OSError):
            temporary.unlink(missing_ok=True)
        raise WriteError(f"cannot {what} {path}: {exc.strerror or exc}") from None
