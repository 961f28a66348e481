"""Helpers the tests share: the real command line in a subprocess (or in this process),
and answering a match.

``legatus(...)`` runs ``python -m legatus.framework.frontends.cli`` from this
checkout (the same code the tests import, even where the installed console
script is another copy), with its output captured as text and a generous
timeout (scaled by LEGATUS_TEST_SLOWNESS, tests/waits.py); a test states what it expects of the exit status and the output.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from legatus.framework.engine.actions import Action
from legatus.framework.play.driver import Match
from tests.waits import bound

ROOT = Path(__file__).resolve().parent.parent


def legatus(
    *args: str,
    stdin: str | None = None,
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
    timeout: float = 600,
) -> subprocess.CompletedProcess[str]:
    """Run the ``legatus`` command with ``args``; ``env`` adds to (or overrides) the
    environment, which always lets the subprocess import this checkout."""
    environment = {**os.environ, **(env or {})}
    path = environment.get("PYTHONPATH")
    environment["PYTHONPATH"] = f"{ROOT}{os.pathsep}{path}" if path else str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "legatus.framework.frontends.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        timeout=bound(timeout),
        cwd=cwd,
        env=environment,
    )


def legatus_here(
    *args: str,
    stdin: str | None = None,
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """``legatus(...)`` without the process: the command line's ``main(args)`` run in this
    process, its standard input ``stdin`` (empty when None, as in CI), its output, errors and
    exit status returned the same way; ``env`` and ``cwd`` hold while it runs.

    For the tests of what a command does, where the process boundary is not what is tested:
    starting Python and loading the game again cost about a second of CPU a command, here
    the game loaded once by the process's catalog is reused. Each command keeps tests that
    run it through :func:`legatus`, the real program in a process of its own."""
    import contextlib
    import io
    import warnings

    from legatus.framework.frontends.cli import main

    out, err = io.StringIO(), io.StringIO()
    saved = {name: os.environ.get(name) for name in env or {}}
    folder, reader, show = Path.cwd(), sys.stdin, warnings.showwarning
    try:
        os.environ.update(env or {})
        if cwd is not None:
            os.chdir(cwd)
        sys.stdin = io.StringIO(stdin or "")
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(list(args))
            except SystemExit as exc:  # argparse's usage errors
                code = exc.code if isinstance(exc.code, int) else 1
    finally:
        sys.stdin, warnings.showwarning = reader, show
        os.chdir(folder)
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    return subprocess.CompletedProcess(["legatus", *args], code, out.getvalue(), err.getvalue())


def legatus_on_a_terminal(
    *args: str,
    stdin: str,
    env: Mapping[str, str] | None = None,
    columns: int = 120,
    timeout: float = 600,
) -> tuple[int, str]:
    """Run the ``legatus`` command with its standard output on a pseudo-terminal of
    ``columns`` columns (what a person's terminal is) and ``stdin`` typed from a pipe; the
    exit status and everything written to the terminal (its line ends as ``\\n``)."""
    import fcntl
    import pty
    import struct
    import termios
    import time

    environment = {**os.environ, **(env or {})}
    if "NO_COLOR" not in (env or {}):
        environment.pop("NO_COLOR", None)  # colour unless the test asks for none
    path = environment.get("PYTHONPATH")
    environment["PYTHONPATH"] = f"{ROOT}{os.pathsep}{path}" if path else str(ROOT)
    environment["COLUMNS"] = str(columns)
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    process = subprocess.Popen(
        [sys.executable, "-m", "legatus.framework.frontends.cli", *args],
        stdin=subprocess.PIPE, stdout=slave, stderr=subprocess.PIPE, env=environment,
    )  # fmt: skip
    os.close(slave)
    assert process.stdin is not None
    process.stdin.write(stdin.encode())
    process.stdin.close()
    chunks = []
    deadline = time.monotonic() + bound(timeout)
    while time.monotonic() < deadline:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the child closed the terminal: it ended
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(master)
    status = process.wait(timeout=max(1.0, deadline - time.monotonic()))
    return status, b"".join(chunks).decode("utf-8", "replace").replace("\r\n", "\n")


def answer(match: Match, action: Action | str) -> Action:
    """Answer the decision awaited with ``action``, as the side asked first."""
    return match.answer(match.waiting_for()[0], action)
