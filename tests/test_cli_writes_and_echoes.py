"""Writes that fail and what the command line echoes back.

A full disk (errno 28, ENOSPC) while ``simulate``, ``study``, ``balance``, ``check-game``,
``position export`` or ``golden`` writes, a read-only file system, a folder without write
permission, a standard output on ``/dev/full``: each is one line and a nonzero exit, never
a traceback, and what was written before is kept (results files resume; a file written
whole is left as it was). The failures are made by making the writes fail: the results
file's writer (after one line, half of the next written, as a disk filling up does), the
``fsync`` every whole-file write ends with, the creation of a file in a folder; and the
real ``/dev/full`` for the standard output.

And what is echoed: escape codes in a variant's line or a file name are shown escaped (a
variant file cannot clear the screen), an argument of a megabyte is not echoed whole.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pytest

from legatus.framework.model.errors import printable
from tests.test_cli_bad_input import ROOT, run

FULL = OSError(errno.ENOSPC, "No space left on device")


class FillingUp:
    """A results file's writer on a disk that fills up: the first ``room`` lines go in
    whole, then half a line, then every write fails with ENOSPC."""

    def __init__(self, handle: IO[str], room: int) -> None:
        self.handle, self.room = handle, room

    def write(self, text: str) -> int:
        if self.room > 0:
            self.room -= 1
            return self.handle.write(text)
        self.handle.write(text[: len(text) // 2])
        self.handle.flush()
        raise FULL

    def flush(self) -> None:
        self.handle.flush()


def one_line(err: str) -> str:
    assert err.count("\n") == 1 and err.startswith("error: "), err
    assert "Traceback" not in err
    return err


def lines(path: Path) -> list[str]:
    return path.read_text("utf-8").split("\n")


@pytest.mark.parametrize(
    ("argv", "results"),
    [
        (["simulate", "demo_skirmish", "--games", "3", "--no-progress", "--out", "{out}/r.jsonl"],
         "r.jsonl"),
        (["check-game", "demo_skirmish", "--games", "3", "--out", "{out}/r.jsonl"], "r.jsonl"),
        (["study", "demo_skirmish", "--variants", "{out}/v.variant", "--games", "3",
          "--min-games", "3", "--no-progress", "--out", "{out}"], "base.jsonl"),
        (["balance", "demo_skirmish", "--param", "hold_to_win", "--range", "1..2", "--games",
          "3", "--min-games", "3", "--no-progress", "--out", "{out}"],
         "demo_skirmish_hold_to_win_1.jsonl"),
    ],
    ids=["simulate", "check-game", "study", "balance"],
)  # fmt: skip
def test_a_full_disk_while_writing_results_is_one_line_and_the_run_resumes(
    argv: list[str], results: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "v.variant").write_text("variant v of demo_skirmish\nparam turns = 4\n")
    command = [a.format(out=out) for a in argv]
    with monkeypatch.context() as patch:
        from legatus.framework.tools import checkgame, resultsfile
        from legatus.framework.tools.simulate import results as module

        real = resultsfile.locked

        @contextlib.contextmanager
        def locked(path: Path) -> Iterator[Any]:
            with real(path) as handle:
                yield FillingUp(handle, 1)

        patch.setattr(module, "locked", locked)
        patch.setattr(checkgame, "locked", locked)
        code, _, err = run(command)
    assert code == 1
    one_line(err)
    assert "cannot write results: No space left on device; the 1 game(s) written before " in err
    written = lines(out / results)
    assert json.loads(written[0])  # the game written before is kept whole ...
    assert written[1].startswith("{") and not written[1].endswith("}")  # ... and a cut line
    # Room again: the same command drops the cut line and plays what is missing.
    code, _, err = run(command)
    assert code == 0, err
    again = [json.loads(line) for line in lines(out / results) if line]
    seeds = [r["seed"] for r in again]
    assert sorted(seeds) == sorted(set(seeds)) and len(seeds) == 3


@pytest.fixture
def fsync_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every file written whole fails at its end, as on a full disk."""
    from legatus.framework.tools import writing

    def fsync(_: int) -> None:
        raise FULL

    monkeypatch.setattr(writing.os, "fsync", fsync)


@pytest.fixture
def save(tmp_path: Path) -> Path:
    path = tmp_path / "demo.json"
    code, _, err = run(["play", "demo_skirmish", "--seed", "1", "--quiet", "--save", str(path)])
    assert code == 0, err
    return path


@pytest.mark.parametrize(
    ("argv", "target", "message"),
    [
        (["position", "export", "{save}", "--at", "3", "--out", "{target}"], "p.yaml",
         "cannot write the position to {target}: No space left on device"),
        (["golden", "demo_skirmish", "--seed", "2", "--out", "{target}"], "g.jsonl",
         "cannot write the recording to {target}: No space left on device"),
        (["study", "demo_skirmish", "--variants", "{folder}/v.variant", "--games", "2",
          "--min-games", "2", "--no-progress", "--out", "{folder}/s"], "s/study.json",
         "cannot write the report's data to {target}: No space left on device"),
        (["balance", "demo_skirmish", "--param", "turns", "--range", "3..4", "--games", "2",
          "--min-games", "2", "--no-progress", "--out", "{folder}/b"],
         "b/variants/demo_skirmish_turns_4.variant",
         "cannot write the value's variant to {target}: No space left on device"),
    ],
    ids=["position-export", "golden", "study-report", "balance-variant"],
)  # fmt: skip
def test_a_full_disk_while_writing_a_file_whole_leaves_the_earlier_one(
    argv: list[str],
    target: str,
    message: str,
    save: Path,
    tmp_path: Path,
    fsync_fails: None,
) -> None:
    (tmp_path / "v.variant").write_text("variant v of demo_skirmish\nparam turns = 4\n")
    path = tmp_path / target
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("an earlier file\n")
    values = {"save": save, "target": path, "folder": tmp_path}
    code, _, err = run([a.format(**values) for a in argv])
    assert code == 1
    one_line(err)
    assert message.format(**values) in err
    assert path.read_text() == "an earlier file\n"  # left as it was
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]  # no half file


@pytest.mark.parametrize("failure", [errno.EROFS, errno.EACCES])
def test_position_export_onto_a_read_only_or_forbidden_folder_is_one_line(
    failure: int, save: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As root the tests cannot be refused a folder for real: a file made in ``shut``
    fails as a read-only file system (EROFS) or a folder without permission (EACCES) do."""
    shut = tmp_path / "shut"
    shut.mkdir()
    real = Path.open

    def refusing(self: Path, *args: Any, **kwargs: Any) -> Any:
        if self.parent == shut:
            error = PermissionError if failure == errno.EACCES else OSError
            raise error(failure, os.strerror(failure), str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", refusing)
    code, _, err = run(["position", "export", str(save), "--at", "3", "--out", str(shut / "p")])
    assert code == 1
    one_line(err)
    expected = (
        "permission denied"
        if failure == errno.EACCES
        else f"the folder {shut} takes no new files (Read-only file system)"
    )
    assert f"cannot write the position to {shut / 'p'}: {expected}" in err
    assert list(shut.iterdir()) == []


@pytest.mark.parametrize(
    "argv",
    [
        ["position", "export", "{save}", "--at", "3"],
        ["games"],
        ["simulate", "demo_skirmish", "--games", "2", "--json", "--no-progress"],
    ],
    ids=["position-export", "games", "simulate"],
)
def test_a_full_standard_output_is_one_line(argv: list[str], save: Path) -> None:
    """The real /dev/full behind the standard output: one line, exit 1, nothing from
    Python's own flush at exit."""
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", "legatus.framework.frontends.cli",
             *(a.format(save=save) for a in argv)],
            stdout=full, stderr=subprocess.PIPE, text=True, check=False, cwd=ROOT,
        )  # fmt: skip
    assert result.returncode == 1
    assert result.stderr.startswith("error: cannot write") and result.stderr.count("\n") == 1
    assert "No space left on device" in result.stderr
    assert "Traceback" not in result.stderr and "Exception ignored" not in result.stderr


def test_a_golden_kind_never_asked_records_nothing_and_keeps_the_file(tmp_path: Path) -> None:
    """--stop-at with a kind the game never asks used to record a whole game silently; a
    file regenerated with such a header is left as it was."""
    out = tmp_path / "g.jsonl"
    code, _, err = run(["golden", "demo_skirmish", "--seed", "2", "--stop-at", "march",
                        "--out", str(out)])  # fmt: skip
    assert code == 0, err
    kept = out.read_text()
    header = json.loads(kept.splitlines()[0])
    header["stop_at"] = "battle"
    out.write_text(json.dumps(header) + "\n" + kept.split("\n", 1)[1])
    before = out.read_text()
    code, _, err = run(["golden", "--regenerate", str(out)])
    assert code == 1
    assert one_line(err).startswith(
        "error: no prompt of kind 'battle' in demo_skirmish seed 2 up to its end ("
    )
    assert err.rstrip().endswith("so nothing is recorded; the kinds it asked: march")
    assert out.read_text() == before


# -- what is echoed --------------------------------------------------------------------------


def test_printable_shows_control_characters_escaped() -> None:
    assert printable("a\x1b[2Jb") == "a\\x1b[2Jb"
    assert printable("bell\x07 cr\r nl\n del\x7f c1\x9b") == (
        "bell\\x07 cr\\x0d nl\\x0a del\\x7f c1\\x9b"
    )
    assert printable("left\u202eright \u2066x\u2069 \u2028") == (
        "left\\u202eright \\u2066x\\u2069 \\u2028"
    )
    assert printable("tab\tkept", keep="\t") == "tab\tkept"
    assert printable("é, 東, ١ stay") == "é, 東, ١ stay"


def test_a_variant_cannot_clear_the_screen_through_its_errors(tmp_path: Path) -> None:
    """A variant's line with escape codes, in a file whose name has some too: the
    problem, its source line and the caret are shown escaped, the caret under the
    character it points at."""
    name = tmp_path / "evil\x1b[2J.variant"
    name.write_text('variant evil of julius_caesar "x"\nparam vp_to_win = \x1b[2J\x1b[31m 3\n')
    code, out, err = run(["variant", "check", str(name)])
    assert code == 1
    assert "\x1b" not in out + err
    shown = out.splitlines()
    assert shown[0] == f"{tmp_path}/evil\\x1b[2J.variant:2:19: unexpected character '\\x1b'"
    assert shown[1] == "    param vp_to_win = \\x1b[2J\\x1b[31m 3"
    assert shown[2] == "                      ^"
    assert shown[1][shown[2].index("^")] == "\\"


@pytest.mark.parametrize(
    "argv",
    [
        ["variant", "check", "x\x1b]0;owned\x07\x1b[2J.variant"],
        ["play", "no_game\x1b[2J\u202e"],
        ["nosuch\x1b[2J"],  # argparse's own message
        ["golden", "demo_skirmish", "--out", "/nonexistent\x1b[2J/x"],
    ],
)
def test_escape_codes_in_a_name_are_shown_escaped(argv: list[str]) -> None:
    code, out, err = run(argv)
    assert code != 0
    assert err.count("\n") == 1 and err.startswith("error: "), err
    assert "\x1b" not in out + err and "\u202e" not in err and "\x07" not in err
    assert "\\x1b[2J" in err


def test_an_argument_of_a_megabyte_is_not_echoed_whole() -> None:
    code, _, err = run(["play", "x" * 1_000_000])
    assert code == 1
    assert err.count("\n") == 1 and len(err) < 2_200
    assert "characters left out" in err
