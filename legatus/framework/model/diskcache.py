"""A per-user cache on disk for what is slow to compute and the same in every process.

The rules language's parser tables (Lark's LALR analysis of ``grammar.lark``) cost about
0.5 s to compute in each new process, every ``legatus`` command and every test process
paying it again; read from here they cost a few hundredths. An entry is stored with
:mod:`marshal` (plain values only: dictionaries, lists, tuples, text and numbers; it can
hold no object that runs code), under a name made from a hash of everything it was
computed from, so a changed grammar, library or Python never reads a stale entry.

The folder is ``$LEGATUS_CACHE_DIR``, else ``$XDG_CACHE_HOME/legatus``, else
``~/.cache/legatus``; ``LEGATUS_CACHE_DIR=off`` turns the cache off. It is used only when it
belongs to the user and nobody else may write to it. Entries are written to a temporary
file and renamed into place, so a process never reads a half-written one. Every failure
(no home folder, a full disk, a damaged entry) just means the value is computed again:
the cache never makes a command fail or print anything.
"""

from __future__ import annotations

import contextlib
import hashlib
import marshal
import os
import stat
import sys
import tempfile
from pathlib import Path
from typing import Any

#: Entries larger than this are neither written nor read.
MAX_ENTRY_BYTES = 16 * 1024 * 1024
#: At most this many entries are kept: a write beyond it removes the least recently used
#: (a test suite or a fuzzer parses many texts, each an entry of its own).
MAX_ENTRIES = 2000


def cache_dir() -> Path | None:
    """The cache folder, created if needed; None when caching is off or unsafe."""
    chosen = os.environ.get("LEGATUS_CACHE_DIR")
    if chosen is not None:
        if chosen.strip().lower() in ("", "off", "0", "no"):
            return None
        folder = Path(chosen)
    else:
        base = os.environ.get("XDG_CACHE_HOME") or ""
        try:
            root = Path(base) if base else Path.home() / ".cache"
        except RuntimeError:  # no home folder to be found
            return None
        folder = root / "legatus"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = folder.stat()
    except OSError:
        return None
    if not stat.S_ISDIR(info.st_mode):
        return None
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        return None  # someone else's folder: what is in it is not ours to trust
    if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return None
    return folder


def entry_name(kind: str, *parts: str | bytes) -> str:
    """The file name of an entry computed from ``parts`` (with this Python's version, since
    :mod:`marshal`'s format is Python's own)."""
    digest = hashlib.sha256()
    for part in (sys.version, *parts):
        data = part.encode("utf-8") if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "little"))
        digest.update(data)
    return f"{kind}-{digest.hexdigest()[:32]}.marshal"


def read(name: str, folder: Path | None = None) -> Any:
    """The entry's value, or None when there is none (or it cannot be read)."""
    folder = folder if folder is not None else cache_dir()
    if folder is None:
        return None
    try:
        with (folder / name).open("rb") as handle:
            blob = handle.read(MAX_ENTRY_BYTES + 1)
        if len(blob) > MAX_ENTRY_BYTES:
            return None
        value = marshal.loads(blob)
    except (OSError, EOFError, ValueError, TypeError):
        return None
    with contextlib.suppress(OSError):
        os.utime(folder / name)  # recently used: the last an overfull cache removes
    return value


def write(name: str, value: Any, folder: Path | None = None) -> bool:
    """Store ``value`` (plain values only) under ``name``; True when it was stored."""
    folder = folder if folder is not None else cache_dir()
    if folder is None:
        return False
    try:
        blob = marshal.dumps(value)
    except ValueError:
        return False  # not plain values: never stored
    if len(blob) > MAX_ENTRY_BYTES:
        return False
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".", suffix=".part")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(blob)
            os.replace(temporary, folder / name)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
    except OSError:
        return False
    _trim(folder)
    return True


def _trim(folder: Path) -> None:
    """Remove the least recently used entries beyond :data:`MAX_ENTRIES` (down to nine
    tenths of it, so that the writes after it do not each remove one)."""
    limit = MAX_ENTRIES
    try:
        with os.scandir(folder) as found:
            entries = [e for e in found if e.name.endswith(".marshal") and e.is_file()]
        if len(entries) <= limit:
            return
        used = sorted(entries, key=lambda e: e.stat().st_mtime_ns)
        for entry in used[: len(entries) - limit * 9 // 10]:
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
    except OSError:
        return
