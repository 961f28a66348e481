"""Every bad input on the command line is a one-line error and a nonzero exit, never a
traceback: a table of the inputs found by hand, and random argument vectors."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from framework.cli import main

ROOT = Path(__file__).resolve().parent.parent


def run(argv: list[str]) -> tuple[int, str, str]:
    """``legatus ARGV`` in this process: exit code, stdout, stderr (nothing may escape)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse
            code = exc.code if isinstance(exc.code, int) else 1
    return code, out.getvalue(), err.getvalue()


BAD = [
    (["variant", "check", "/nonexistent.variant"], "cannot read the variant file"),
    (["variant", "diff", "no_such_variant"], "no variant file 'no_such_variant'"),
    (["golden", "--regenerate", "/nonexistent.jsonl"], "cannot read the golden file"),
    (["bench", "demo_skirmish", "--games", "0"], "--games: 0 is out of range"),
    (["bench", "demo_skirmish", "--games", "-1"], "--games: -1 is out of range"),
    (["check-game", "demo_skirmish", "--games", "0"], "--games: 0 is out of range"),
    (["check-game", "demo_skirmish", "--games", "1", "--workers", "0"], "--workers: 0"),
    (["simulate", "demo_skirmish", "--games", str(10**12)], "--games: 1000000000000 is out"),
    (["simulate", "demo_skirmish", "--workers", "-3"], "--workers: -3 is out of range"),
    (["simulate", "demo_skirmish", "--max-actions", "-1"], "--max-actions: -1 is out of range"),
    (["simulate", "demo_skirmish", "--games", "2", "--scheduler", "tcp://127.0.0.1:1"],
     "--scheduler is for the dask backend"),
    (["simulate", "demo_skirmish", "--games", "2", "--backend", "dask", "--scheduler", "x"],
     "cannot reach the Dask scheduler 'x'"),
    (["simulate", "demo_skirmish", "--side", "red=random", "--side", "red=first"],
     "red is given a player twice"),
    (["variant", "compare", "julius_caesar", "polish_winter", "--top", "-1"], "--top: -1"),
    (["check-game", "demo_skirmish", "--games", "1", "--out", "/nonexistent/r.jsonl"],
     "the folder /nonexistent does not exist"),
    (["play", "demo_skirmish", "--side", "red=mcts:c=-1"], "mcts needs c >= 0"),
    (["play", "demo_skirmish", "--side", "red=mcts:c=nan"], "expected a finite number"),
    (["play", "demo_skirmish", "--side", "red=mcts:priors=5"], "priors=5: expected 0 or 1"),
    (["play", "demo_skirmish", "--side", "red=mcts:depth=0"], "mcts needs depth >= 1"),
    (["play", "demo_skirmish", "--side", "red=mcts:rollout=-1"], "mcts needs rollout >= 0"),
    (["play", "demo_skirmish", "--save", "/nonexistent/x.json"], "cannot save to"),
    (["play", "demo_skirmish", "--resume", "/nonexistent.json"], "cannot read save"),
    (["replay", "/dev/zero"], "save is larger than"),
    (["play", "no_such_game"], "no game folder or installed game named 'no_such_game'"),
    (["nosuch"], "invalid choice: 'nosuch'"),
]  # fmt: skip


@pytest.mark.parametrize(("argv", "message"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_is_a_one_line_error(argv: list[str], message: str) -> None:
    code, _, err = run(argv)
    assert code != 0
    assert err.count("\n") == 1 and err.startswith("error: "), err
    assert message in err


def test_the_real_command_prints_no_traceback_for_a_bad_input() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "framework.cli", "bench", "demo_skirmish", "--games", "0"],
        capture_output=True, text=True, check=False, cwd=ROOT,
    )  # fmt: skip
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1


WORDS = [
    "games", "validate", "rules", "check", "variant", "diff", "play", "replay", "golden",
    "simulate", "demo_skirmish", "no_such_game", "broken_battle", "--games", "--workers",
    "--seed", "--side", "red=random", "red=mcts:c=-1", "blue=nobody", "--max-actions",
    "--variant", "polish_winter", "--format", "json", "--quiet", "--out", "/nonexistent/x",
    "--regenerate", "--backend", "dask", "--scheduler", "0", "-1", "abc", "1e3", "",
    "99999999999999999999", "--", "-", "--help-me", "\x00", "é",
]  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(WORDS) | st.text(max_size=8), min_size=0, max_size=6))
def test_random_argument_vectors_never_give_a_traceback(argv: list[str]) -> None:
    """Whatever the arguments, ``legatus`` returns an exit code and prints what it prints:
    an exception other than its own one-line errors would escape ``main`` here."""
    if argv and argv[0] in ("simulate", "golden") and "--games" not in argv:
        argv = [*argv, "--games", "1"]
    code, _, err = run([a for a in argv if "\x00" not in a] or ["--games"])
    assert isinstance(code, int)
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "julius_caesar", "--games", "400", "--workers", "2", "--no-progress"],
        ["check-game", "julius_caesar", "--games", "400", "--workers", "2"],
        [
            "simulate",
            "julius_caesar",
            "--games",
            "4000",
            "--workers",
            "2",
            "--backend",
            "dask",
            "--no-progress",
        ],
    ],
    ids=["simulate", "check-game", "simulate-dask"],
)
def test_ctrl_c_is_one_line_exit_130_and_the_finished_games_are_kept(
    argv: list[str], tmp_path: Path
) -> None:
    import signal
    import time

    out = tmp_path / "results.jsonl"
    process = subprocess.Popen(
        [sys.executable, "-m", "framework.cli", *argv, "--out", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
        start_new_session=True,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not out.exists() or out.stat().st_size == 0):
        time.sleep(0.2)
    os.killpg(process.pid, signal.SIGINT)  # as the terminal does: the whole process group
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert err == "interrupted\n", err
    kept = out.read_text().splitlines()
    assert kept and all(line.endswith("}") for line in kept)
