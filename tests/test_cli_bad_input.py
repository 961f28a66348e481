"""Every bad input on the command line is a one-line error and a nonzero exit, never a
traceback: a table of the inputs found by hand, and random argument vectors.

Rows may name files the test makes first: ``{tmp}`` (an empty folder), ``{save}`` (a save of
a demo game), ``{fifo}`` (a named pipe), ``{binary}`` (random bytes), ``{list}`` (a JSON
list), ``{results}`` (a results file whose line is not an object), ``{text}`` (a line of
notes, which a results file given by mistake must never cut).
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from legatus.framework.frontends.cli import main
from legatus.framework.tools.simulate import backends
from tests.waits import bound, wait_until

ROOT = Path(__file__).resolve().parent.parent


def interruptible() -> None:
    """In the child before it runs: Ctrl-C acts (a suite started in the background by a
    non-interactive shell has SIGINT ignored, a disposition every child would inherit)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


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
    # Saves, and where a game at the terminal is saved.
    (["play", "demo_skirmish", "--save", "{fifo}"], "cannot save to {fifo}: it is not a regular"),
    (["play", "demo_skirmish", "--save", "{tmp}"], "cannot save to {tmp}: it is a folder"),
    (["play", "demo_skirmish", "--save", "/proc/x.json"], "the folder /proc takes no new files"),
    (["play", "--resume", "{save}", "--seed", "3"], "--seed cannot change a resumed game"),
    (["play", "--resume", "{save}", "--variant", "x", "--option", "y"],
     "--variant and --option cannot change a resumed game"),
    (["play", "julius_caesar", "--resume", "{save}"],
     "is a save of demo_skirmish, not julius_caesar"),
    (["play", "--resume", "{tmp}"], "cannot read save: Is a directory"),
    (["play"], "play what? give a game"),
    (["play", "demo_skirmish", "--scenario", "nope"], "has no scenario 'nope'"),
    (["play", "demo_skirmish", "--side", "red"], "expected ID=PLAYER"),
    (["play", "demo_skirmish", "--side", "red=mcts:iterations=0"], "iterations >= 1"),
    (["play", "demo_skirmish", "--side", "red=mcts:actions=0"], "actions >= 1"),
    (["play", "demo_skirmish", "--side", "red=mcts:actions=9,iterations=9"],
     "mcts takes one budget, got iterations and actions"),
    (["play", "demo_skirmish", "--side", "red=mcts:foo=1"], "player 'mcts' has no option"),
    (["replay", "{tmp}"], "cannot read save: Is a directory"),
    (["replay", "{binary}"], "not a save file"),
    (["replay", "{list}"], "not a Legatus save"),
    # Other files a command writes, checked before the work starts.
    (["golden", "demo_skirmish", "--out", "{tmp}/missing/g.jsonl"], "the folder {tmp}/missing"),
    (["golden", "--regenerate", "{binary}"], "cannot read the golden file: not UTF-8"),
    (["simulate", "demo_skirmish", "--games", "1", "--plot", "{tmp}/missing/p.png"],
     "cannot draw the plot to {tmp}/missing/p.png: the folder"),
    (["variant", "compare", "julius_caesar", "polish_winter", "--games", "1", "--plot",
      "{fifo}"], "cannot draw the plot to {fifo}: it is not a regular file"),
    (["check-game", "demo_skirmish", "--games", "1", "--out", "{results}"],
     "results.jsonl:1: a line of results must be a JSON object"),
    (["simulate", "demo_skirmish", "--games", "1", "--out", "{results}"],
     "results.jsonl:1: a line of results must be a JSON object"),
    (["simulate", "demo_skirmish", "--games", "1", "--out", "{tmp}"], "cannot write results"),
    (["bench", "demo_skirmish", "--repeat", "0"], "--repeat: 0 is out of range"),
    (["check-game", "demo_skirmish", "--games", "-1"], "--games: -1 is out of range"),
    (["check-game", "demo_skirmish", "--games", "1", "--workers", "-3"], "--workers: -3 is out"),
    (["simulate", "demo_skirmish", "--games", "2", "--backend", "dask", "--scheduler",
      "tcp://127.0.0.1:1"], "cannot reach the Dask scheduler 'tcp://127.0.0.1:1': Timed out"),
    (["simulate", "demo_skirmish", "--games", "2", "--backend", "dask", "--scheduler", "::::"],
     "cannot reach the Dask scheduler '::::': invalid address"),
    (["variants", "no_such_game"], "no game folder or installed game named 'no_such_game'"),
    (["variant", "compare", "julius_caesar", "nope", "--games", "1"], "no variant 'nope'"),
    # Devices, folders and files that are not what a command reads or writes.
    (["variant", "check", "/dev/zero"],
     "cannot read the variant file /dev/zero: it is not a regular file"),
    (["golden", "--regenerate", "/dev/zero"],
     "/dev/zero: cannot read the golden file: it is not a regular file"),
    (["golden", "demo_skirmish", "--stop-at", "nosuchkind", "--out", "{tmp}/missing/g.jsonl"],
     "the folder {tmp}/missing does not exist"),
    (["golden", "demo_skirmish", "--seed", "1", "--stop-at", "nosuchkind", "--out",
      "{tmp}/g.jsonl"], "no prompt of kind 'nosuchkind' in demo_skirmish seed 1 up to its end"),
    (["position", "export", "{save}", "--at", "3", "--out", "{tmp}"],
     "cannot write the position to {tmp}: it is a folder; give a file name"),
    (["position", "export", "{save}", "--at", "3", "--out", "/proc/x.yaml"],
     "cannot write the position to /proc/x.yaml: the folder /proc takes no new files"),
    (["position", "export", "{save}", "--at", "3", "--out", "{tmp}/missing/p.yaml"],
     "the folder {tmp}/missing does not exist"),
    (["check-game", "demo_skirmish", "--games", "1", "--out", "{text}"],
     "notes.txt:1: not a JSON line of results"),
    (["simulate", "demo_skirmish", "--games", "1", "--out", "{text}"],
     "notes.txt:1: not a JSON line of results"),
    (["simulate", "demo_skirmish", "--games", "1", "--out", "/dev/zero"],
     "/dev/zero: cannot write results: it is not a regular file"),
]  # fmt: skip


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    """The files the table's rows name."""
    save = tmp_path / "demo.json"
    assert main(["play", "demo_skirmish", "--seed", "1", "--quiet", "--save", str(save)]) == 0
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "binary").write_bytes(bytes(range(256)) * 4)
    (tmp_path / "list.json").write_text("[1, 2]\n")
    (tmp_path / "results.jsonl").write_text("[1, 2]\n{}\n")
    (tmp_path / "notes.txt").write_text("my notes, not results\n")
    folder = tmp_path / "folder"
    folder.mkdir()
    return {
        "tmp": str(folder),
        "save": str(save),
        "fifo": str(tmp_path / "fifo"),
        "binary": str(tmp_path / "binary"),
        "list": str(tmp_path / "list.json"),
        "results": str(tmp_path / "results.jsonl"),
        "text": str(tmp_path / "notes.txt"),
    }


@pytest.mark.parametrize(("argv", "message"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_is_a_one_line_error(
    argv: list[str],
    message: str,
    files: dict[str, str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A scheduler nobody listens on is given up on after 1 s, not the command's 10 s: the
    # same attempt and the same message, without 9 s of waiting.
    monkeypatch.setattr(backends, "SCHEDULER_TIMEOUT", "1s")
    capsys.readouterr()
    code, _, err = run([arg.format(**files) for arg in argv])
    assert code != 0
    assert err.count("\n") == 1 and err.startswith("error: "), err
    assert message.format(**files) in err
    assert not Path(files["tmp"], "missing").exists()  # nothing made where it was refused
    assert not Path(files["tmp"], "g.jsonl").exists()  # no recording of a kind never asked
    assert Path(files["text"]).read_text() == "my notes, not results\n"  # never cut


@pytest.mark.parametrize("command", ["check", "diff"])
def test_a_shipped_variant_may_be_named_instead_of_a_file(command: str) -> None:
    """``variant check|diff NAME`` with a variant the game ships (it used to end in a
    traceback looking for a file of that name)."""
    code, out, err = run(["variant", command, "polish_winter"])
    assert code == 0 and err == ""
    assert out.startswith("polish_winter: ok, 1 change(s) to julius_caesar" if command == "check"
                          else "polish_winter changes julius_caesar:")  # fmt: skip


def test_the_real_command_prints_no_traceback_for_a_bad_input() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "legatus.framework.frontends.cli", "bench", "demo_skirmish", "--games", "0"],
        capture_output=True, text=True, check=False, cwd=ROOT,
    )  # fmt: skip
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1


WORDS = [
    "games", "validate", "rules", "check", "variant", "variants", "diff", "compare", "play",
    "replay", "golden", "simulate", "check-game", "bench", "demo_skirmish", "no_such_game",
    "broken_battle", "--games", "--workers", "--seed", "--side", "red=random",
    "red=mcts:c=-1", "blue=nobody", "red=mcts:depth=0", "--max-actions", "--variant",
    "polish_winter", "--format", "json", "--quiet", "--out", "/nonexistent/x", "--plot",
    "--regenerate", "--backend", "dask", "--scheduler", "--resume", "--save", "--no-autosave",
    "--top", "--repeat", "--mcts-decisions", "--scenario", "--option", "--version", "0", "-1",
    "abc", "1e3", "", "99999999999999999999", "--", "-", "--help-me", "\x00", "é",
]  # fmt: skip


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(WORDS) | st.text(max_size=8), min_size=0, max_size=6))
def test_random_argument_vectors_never_give_a_traceback(argv: list[str]) -> None:
    """Whatever the arguments, ``legatus`` returns an exit code and prints what it prints:
    an exception other than its own one-line errors would escape ``main`` here. It runs in
    an empty folder, so files a vector names land there."""
    if (
        argv
        and argv[0] in ("simulate", "golden", "check-game", "bench", "compare")
        and ("--games" not in argv)
    ):
        argv = [*argv, "--games", "1"]
    argv = [a for a in argv if "\x00" not in a] or ["--games"]
    with tempfile.TemporaryDirectory() as folder, contextlib.chdir(folder):
        code, _, err = run(argv)
    assert isinstance(code, int)
    assert "Traceback" not in err


@pytest.mark.slow  # whole commands and their workers interrupted mid-run: long checks
@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "julius_caesar", "--games", "4000", "--workers", "2", "--no-progress"],
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

    out = tmp_path / "results.jsonl"
    process = subprocess.Popen(
        [sys.executable, "-m", "legatus.framework.frontends.cli", *argv, "--out", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
        start_new_session=True, preexec_fn=interruptible,
    )  # fmt: skip
    wait_until(
        lambda: out.exists() and out.stat().st_size > 0, 180, "a first game in the results file"
    )
    os.killpg(process.pid, signal.SIGINT)  # as the terminal does: the whole process group
    _, err = process.communicate(timeout=bound(120))
    assert process.returncode == 130
    assert err == "interrupted\n", err
    kept = out.read_text().splitlines()
    assert kept and all(line.endswith("}") for line in kept)
