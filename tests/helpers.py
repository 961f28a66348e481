"""Helpers the tests share: the real command line in a subprocess, and answering a match.

``legatus(...)`` runs ``python -m legatus.framework.frontends.cli`` from this
checkout (the same code the tests import, even where the installed console
script is another copy), with its output captured as text and a generous
timeout; a test states what it expects of the exit status and the output.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from legatus.framework.engine.actions import Action
from legatus.framework.play.driver import Match

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
        timeout=timeout,
        cwd=cwd,
        env=environment,
    )


def answer(match: Match, action: Action | str) -> Action:
    """Answer the decision awaited with ``action``, as the side asked first."""
    return match.answer(match.waiting_for()[0], action)
