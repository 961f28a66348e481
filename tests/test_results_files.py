"""Results files of ``simulate`` and ``check-game``: one writer at a time, every line of the
same game and rules, every line a game's result; errors name the file and the line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from legatus.framework.tools.checkgame import check_game
from legatus.framework.tools.resultsfile import ResultsFileError, locked
from legatus.framework.tools.simulate.play import Experiment
from legatus.framework.tools.simulate.results import simulate

DEMO = Experiment("demo_skirmish", {"red": "random", "blue": "random"})


def test_a_second_writer_is_refused_while_the_first_holds_the_file(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    with locked(out), pytest.raises(ResultsFileError, match="another run is writing"):
        simulate(DEMO, [0, 1], out=out)
    assert len(simulate(DEMO, [0, 1], out=out)) == 2  # free again


def test_a_file_of_another_game_or_rules_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    check_game("demo_skirmish", games=2, out=out, determinism=0)
    with pytest.raises(
        ResultsFileError,
        match=r"results.jsonl:1: this results file holds "
        r"another game or rules \(demo_skirmish, variant None",
    ):
        check_game("julius_caesar", games=1, out=out, determinism=0)
    base = tmp_path / "base.jsonl"
    check_game("julius_caesar", games=1, out=base, determinism=0)
    with pytest.raises(ResultsFileError, match=r"base.jsonl:1: .*\(julius_caesar, variant None"):
        check_game("julius_caesar", games=1, out=base, determinism=0, variant="polish_winter")
    sim = tmp_path / "sim.jsonl"
    simulate(Experiment("julius_caesar", {"caesar": "random", "pompey": "random"}), [0], out=sim)
    variant = Experiment(
        "julius_caesar", {"caesar": "random", "pompey": "random"}, variant="polish_winter"
    )
    with pytest.raises(
        ResultsFileError,
        match=r"sim.jsonl:1: this results file holds another "
        r"experiment \(variant None, fingerprint",
    ):
        simulate(variant, [0], out=sim)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (b"\xff\xfe binary\n", "not a JSON line of results"),
        (b"[1, 2]\n", "a line of results must be a JSON object"),
        (b'{"seed": "7"}\n', "the seed '7' is not an integer"),
        (b"WINNER\n", "the winner 'green' is not a side"),
        (b"NOSCORES\n", "the line has no scores"),
        (b"DUPLICATE\n", "seed 0 is already in the file with another result"),
    ],
)
def test_a_bad_line_is_refused_with_its_number(tmp_path: Path, line: bytes, message: str) -> None:
    out = tmp_path / "results.jsonl"
    simulate(DEMO, [0, 1], out=out)
    first = json.loads(out.read_text().splitlines()[0])
    if line == b"WINNER\n":
        line = (json.dumps({**first, "seed": 5, "winner": "green"}) + "\n").encode()
    elif line == b"NOSCORES\n":
        line = (json.dumps({k: v for k, v in first.items() if k != "scores"}) + "\n").encode()
    elif line == b"DUPLICATE\n":
        line = (json.dumps({**first, "length": first["length"] + 1}) + "\n").encode()
    out.write_bytes(out.read_bytes() + line + out.read_bytes().splitlines(keepends=True)[1])
    with pytest.raises(ResultsFileError, match=f"results.jsonl:3: {message}"):
        simulate(DEMO, [0, 1, 2], out=out)


def test_a_cut_last_line_is_dropped_and_its_game_played_again(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    simulate(DEMO, [0, 1], out=out)
    whole = out.read_bytes()
    out.write_bytes(whole[:-20])
    again = simulate(DEMO, [0, 1], out=out)
    assert out.read_bytes() == whole and [r["seed"] for r in again] == [0, 1]


def test_results_into_a_missing_folder_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ResultsFileError, match=r"the folder .*missing does not exist"):
        check_game("demo_skirmish", games=1, out=tmp_path / "missing" / "r.jsonl", determinism=0)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"scores": 5}, "the line's 'scores' is 5, not an object or null"),
        (
            {"scores": {"red": "x", "blue": 1}},
            'the scores {"red": "x", "blue": 1} are not a number for each side',
        ),
        ({"fired": {"DEMO 2": "b"}}, "the rule counts ('fired') are not whole numbers"),
        ({"length": True}, "the line's 'length' is true, not a whole number"),
        ({"length": -4}, "the line's 'length' is negative"),
        ({"reason": 5}, "the line's 'reason' is 5, not a text"),
        ({"thinking": "x"}, "the decision times ('thinking') are not figures for each side"),
    ],
)
def test_a_simulate_line_whose_figures_cannot_be_added_up_is_refused(
    tmp_path: Path, change: dict[str, object], message: str
) -> None:
    out = tmp_path / "results.jsonl"
    simulate(DEMO, [0, 1], out=out)
    first = json.loads(out.read_text().splitlines()[0])
    with out.open("a") as handle:
        handle.write(json.dumps({**first, "seed": 2, **change}) + "\n")
    with pytest.raises(ResultsFileError, match=re.escape(f"results.jsonl:3: {message}")):
        simulate(DEMO, [0, 1, 2], out=out)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"extra": 1}, "the line has an unknown field 'extra'"),
        ({"faults": [{"x": 1}]}, "fault 1 of the line has no 'kind'"),
        ({"faults": [1]}, "fault 1 of the line is not an object"),
        ({"winner": "green"}, "the winner 'green' is not a side (red, blue)"),
        ({"seed": True}, "the line's 'seed' is true, not a whole number"),
        ({"seed": "7"}, "the line's 'seed' is \"7\", not a whole number"),
        ({"replays": "x"}, "the line's 'replays' is \"x\", not a whole number"),
        ({"reason": None}, "the line's 'reason' is null, not a text"),
        ({"actions": 7, "seed": 0}, "seed 0 of scenario meeting is already in the file with "
                                    "another result"),
    ],
)  # fmt: skip
def test_a_check_game_line_that_is_not_a_report_is_refused(
    tmp_path: Path, change: dict[str, object], message: str
) -> None:
    """check-game's lines are checked field by field like simulate's: each kind of bad line
    is refused with its number, before any of it is read into the summary."""
    out = tmp_path / "results.jsonl"
    check_game("demo_skirmish", games=2, out=out, determinism=0)
    first = json.loads(out.read_text().splitlines()[0])
    with out.open("a") as handle:
        handle.write(json.dumps({**first, "seed": 2, **change}) + "\n")
    with pytest.raises(ResultsFileError, match=re.escape(f"results.jsonl:3: {message}")):
        check_game("demo_skirmish", games=3, out=out, determinism=0)
