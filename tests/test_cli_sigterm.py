"""SIGTERM (what ``kill PID``, a job scheduler or systemd send) stops ``legatus simulate`` and
``legatus check-game`` as Ctrl-C does: the parent stops its worker processes, says so in one
line and exits with 143, and the results file resumes. Its workers used to be left behind,
orphaned, blocked for over a minute and holding the results file's lock. A parent killed
outright (SIGKILL, which it cannot catch) takes its workers with it too (Linux).

End to end, with the real command in a process of its own; no timing is asserted: each wait
has a generous deadline (tests/waits.py), after which the state is checked.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.test_cli_bad_input import ROOT
from tests.waits import bound

#: Whole commands stopped by signals in the middle of their work: long checks (``slow``), which
#: CI runs as its second step.
pytestmark = [
    pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc"),
    pytest.mark.slow,
]


def stat(pid: int) -> list[str] | None:
    """A process's /proc stat fields from its state on (state, ppid, pgrp, session, ...)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()


def alive(pid: int) -> bool:
    fields = stat(pid)
    return fields is not None and fields[0] not in ("Z", "X")


def processes() -> list[int]:
    return [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit()]


def children(pid: int) -> list[int]:
    return [p for p in processes() if (s := stat(p)) is not None and s[1] == str(pid)]


def in_session(session: int) -> list[int]:
    return [p for p in processes() if (s := stat(p)) is not None and s[3] == str(session)]


def wait_for(condition: Callable[[], object], seconds: float) -> None:
    """Wait until ``condition()`` holds or ``bound(seconds)`` ran out; the test then checks
    the state and says what is wrong."""
    deadline = time.monotonic() + bound(seconds)
    while time.monotonic() < deadline and not condition():
        time.sleep(0.2)


def records(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


COMMANDS = {
    "simulate": ["simulate", "julius_caesar", "--games", "4000", "--workers", "2",
                 "--no-progress"],
    "check-game": ["check-game", "julius_caesar", "--games", "400", "--workers", "2"],
}  # fmt: skip


@pytest.mark.parametrize(
    ("command", "sent"),
    [("simulate", signal.SIGTERM), ("check-game", signal.SIGTERM), ("simulate", signal.SIGKILL)],
    ids=["simulate-sigterm", "check-game-sigterm", "simulate-sigkill"],
)
def test_a_stopped_parent_leaves_no_worker_and_a_file_that_resumes(
    command: str, sent: signal.Signals, tmp_path: Path
) -> None:
    out = tmp_path / "results.jsonl"
    argv = [sys.executable, "-m", "legatus.framework.frontends.cli", *COMMANDS[command]]
    process = subprocess.Popen(
        [*argv, "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, cwd=ROOT, start_new_session=True,
    )  # fmt: skip
    try:
        wait_for(lambda: out.exists() and out.stat().st_size > 0, 120)
        wait_for(lambda: len(children(process.pid)) >= 2, 60)
        workers = children(process.pid)
        assert len(workers) >= 2, "the run has its two workers"
        os.kill(process.pid, sent)  # the parent alone, as `kill PID` does
        _, err = process.communicate(timeout=bound(180))
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    if sent == signal.SIGTERM:
        assert process.returncode == 143
        assert err == "terminated\n", err
    else:
        assert process.returncode == -signal.SIGKILL
    wait_for(lambda: not any(alive(w) for w in workers), 60)
    assert [w for w in workers if alive(w)] == [], "no worker left behind"
    assert [p for p in in_session(process.pid) if alive(p)] == [], "nothing left of the run"
    kept = records(out)
    assert kept
    # The same command again (a few more games): the file is not locked, resumes from
    # where it stopped, and holds every game once.
    more = str(len(kept) + 2) if command == "simulate" else "1"
    again = [*argv[:5], "--games", more, *argv[7:]]
    resumed = subprocess.run(
        [*again, "--out", str(out)], capture_output=True, text=True, check=False, cwd=ROOT,
        timeout=bound(900),
    )  # fmt: skip
    assert resumed.returncode in (0, 1), resumed.stderr  # check-game: 1 if it finds a fault
    assert "error" not in resumed.stderr, resumed.stderr
    final = records(out)
    keys = [(r.get("scenario"), r["seed"]) for r in final]
    assert len(keys) == len(set(keys))
    assert all(k in final for k in kept)
