"""Run a command (by default the README's test command) while busy processes load the CPU.

Not a test: the way to find a test that only holds on an idle machine (issue 39), and to
check one claimed fixed::

    python benchmarks/under_load.py                          # 2 busy processes, python -m pytest -q
    python benchmarks/under_load.py --runs 3                 # three runs in a row, stop at a failure
    python benchmarks/under_load.py --busy 2 -- python -m pytest -q tests/simulate

It starts ``--busy`` processes (2 by default: as many as the development machine's cores)
that each spin a CPU-bound loop, ``python -c "while True: pass"`` in effect, for the whole
time; runs the command ``--runs`` times in a row beside them (the command after ``--``,
``python -m pytest -q`` with this Python by default, from the checkout's top folder); and
stops the busy processes at the end, whatever the end: the command passed or failed,
Ctrl-C, SIGTERM. A busy process also ends by itself once this script is gone (even killed
with SIGKILL): it checks every moment that its parent is still this script.

For each run it prints the elapsed wall time and the exit status; at the end a summary of
every run. Its own exit status is the first failing run's (0 when all passed).
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# A CPU-bound loop that ends once its parent (this script) is gone: getppid changes when
# the parent dies, so a busy process never outlives the script, even one killed by SIGKILL.
BUSY = """
import os
parent = os.getppid()
while os.getppid() == parent:
    for _ in range(200_000):
        pass
"""


def start_busy(count: int) -> list[subprocess.Popen[bytes]]:
    return [
        subprocess.Popen(
            [sys.executable, "-c", BUSY],
            stdin=subprocess.DEVNULL,
            # Its own session: the Ctrl-C of the terminal reaches the command, not these;
            # this script stops them itself.
            start_new_session=True,
        )
        for _ in range(count)
    ]


def stop(processes: list[subprocess.Popen[bytes]]) -> None:
    for process in processes:
        if process.poll() is None:
            process.terminate()
    for process in processes:
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _terminated(signum: int, frame: object) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Run a command (default: the README's test command) beside CPU-bound "
        "busy processes, stopping them at the end.",
        usage="%(prog)s [--busy N] [--runs N] [--keep-going] [-- COMMAND ...]",
    )
    parser.add_argument(
        "--busy", type=int, default=2, help="CPU-bound processes beside the command (2)"
    )
    parser.add_argument("--runs", type=int, default=1, help="runs of the command in a row (1)")
    parser.add_argument(
        "--keep-going", action="store_true", help="run every run even after one failed"
    )
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the command, after --")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        command = [sys.executable, "-m", "pytest", "-q"]
    if args.busy < 0 or args.runs < 1:
        parser.error("--busy must be 0 or more and --runs 1 or more")

    signal.signal(signal.SIGTERM, _terminated)
    signal.signal(signal.SIGHUP, _terminated)
    results: list[tuple[int, float, int | None]] = []
    busy = start_busy(args.busy)
    status = 0
    try:
        print(
            f"under_load: {args.busy} busy process(es) "
            f"(pids {' '.join(str(p.pid) for p in busy) or '-'}) on {os.cpu_count()} CPU(s); "
            f"running {args.runs} time(s): {' '.join(command)}",
            flush=True,
        )
        for run in range(1, args.runs + 1):
            started = time.monotonic()
            process = subprocess.Popen(command, cwd=ROOT)
            try:
                code: int | None = process.wait()
            except KeyboardInterrupt:
                # pytest stops at SIGINT and reports; failing that, SIGTERM, then SIGKILL.
                for sent in (signal.SIGINT, signal.SIGTERM, signal.SIGKILL):
                    process.send_signal(sent)
                    try:
                        process.wait(timeout=60)
                        break
                    except subprocess.TimeoutExpired:
                        continue
                code = None
            elapsed = time.monotonic() - started
            results.append((run, elapsed, code))
            load = " ".join(f"{x:.2f}" for x in os.getloadavg())
            said = "interrupted" if code is None else f"exit status {code}"
            print(
                f"under_load: run {run}/{args.runs}: {said} after {elapsed:.0f} s "
                f"({elapsed / 60:.1f} min); load average now {load}",
                flush=True,
            )
            if code is None:
                status = 130
                break
            if code != 0 and status == 0:
                status = code
            if code != 0 and not args.keep_going:
                break
    except KeyboardInterrupt:
        status = 130
    finally:
        stop(busy)
        for run, elapsed, code in results:
            said = (
                "interrupted" if code is None else ("passed" if code == 0 else f"failed ({code})")
            )
            print(f"under_load: summary: run {run}: {said} in {elapsed:.0f} s", flush=True)
        print(f"under_load: busy processes stopped; exit status {status}", flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
