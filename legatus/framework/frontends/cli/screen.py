"""The terminal itself: whether it is one, clearing it (scrollback included), colour, width.

A person's secrets must not stay on the screen when the terminal is handed to another
player: :func:`clear` erases the screen *and* the scrollback (``ESC [3J``, which xterm,
VTE, iTerm2, kitty and the Windows terminal honour) when standard output is a terminal,
and pushes the old text far up with blank lines otherwise (output piped to a pager or a
file cannot be erased). Colour is used only on a terminal and only when ``NO_COLOR`` is
unset (https://no-color.org).
"""

from __future__ import annotations

import os
import shutil
import sys
from typing import TextIO

#: Erase the screen, then the scrollback, then put the cursor at the top left. Some
#: terminals copy the screen into the scrollback on ``ESC [2J``: the ``ESC [3J`` after it
#: erases that copy too.
CLEAR = "\x1b[2J\x1b[3J\x1b[H"
#: Blank lines printed instead when the output is no terminal.
BLANK_LINES = 100


def is_terminal(stream: TextIO | None = None) -> bool:
    stream = stream or sys.stdout
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def clear(stream: TextIO | None = None) -> None:
    """Erase what the screen and its scrollback show (see the module)."""
    stream = stream or sys.stdout
    stream.write(CLEAR if is_terminal(stream) else "\n" * BLANK_LINES)
    stream.flush()


def colour_wanted(stream: TextIO | None = None) -> bool:
    """Colour on a terminal, unless ``NO_COLOR`` is set (to anything)."""
    return is_terminal(stream) and "NO_COLOR" not in os.environ


def unicode_ok(stream: TextIO | None = None) -> bool:
    """Whether the output's encoding can write box-drawing characters."""
    stream = stream or sys.stdout
    encoding = getattr(stream, "encoding", None) or "utf-8"  # text kept in memory: any
    try:
        "─│╱╲┄·".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def width(stream: TextIO | None = None, default: int = 120) -> int:
    """The columns to draw in: the terminal's, or ``default`` when the output is no terminal
    (a file, a pipe: the same drawing every time)."""
    if not is_terminal(stream):
        return default
    return shutil.get_terminal_size((default, 40)).columns
