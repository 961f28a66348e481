"""End-to-end: the real ``legatus`` command plays, saves, replays and talks to a human.

These use the demo game fixture (a third-party plugin with its own rules file
and procedure), installed by the README's test command.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

#: Autosaves of these tests go here (tests/conftest.py sets it for every test).
STATE_HOME = os.environ["XDG_STATE_HOME"]


def legatus(
    *args: str, stdin: str | None = None, state_home: str = STATE_HOME
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "framework.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        env=dict(os.environ, XDG_STATE_HOME=state_home),
    )


def test_quiet_game_between_computer_players_prints_result_and_hash(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    first = legatus("play", "demo_skirmish", "--seed", "3", "--quiet", "--save", str(save))
    again = legatus("play", "demo_skirmish", "--seed", "3", "--quiet")
    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout
    lines = first.stdout.splitlines()
    assert lines[0].startswith("result: ")
    assert lines[1].startswith("actions: ") and "state hash: " in lines[1]
    replayed = legatus("replay", str(save))
    assert replayed.returncode == 0, replayed.stderr
    assert "hashes verified" in replayed.stdout
    assert replayed.stdout.splitlines()[-1] == "state hash: " + lines[1].split("state hash: ")[1]


def test_replay_of_an_edited_save_fails_clearly(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    legatus("play", "demo_skirmish", "--seed", "4", "--quiet", "--save", str(save))
    data = json.loads(save.read_text())
    data["moves"][-1][1] = "edited" if data["moves"][-1][1] == "pass" else "pass"
    save.write_text(json.dumps(data))
    result = legatus("replay", str(save))
    assert result.returncode == 1
    assert "checksum does not match" in result.stderr


def test_human_at_the_terminal_with_bad_input_undo_and_quit() -> None:
    """Red is human: an unknown action (typed against the game's declared action kinds)
    and an out-of-range number re-prompt; undo
    is refused once blue has answered (only one's own actions are undone); quit
    stops the game."""
    session = "\n".join(["dance", "99", "move(Red Foot, Midford)", "undo", "help", "quit"]) + "\n"
    result = legatus("play", "demo_skirmish", "--seed", "1", "--side", "red=human", stdin=session)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "not understood: dance: no action 'dance' in this game; actions: move, pass" in out
    assert "no choice 99: choose 1 to 3" in out
    assert "cannot undo: the last action was blue's" in out and "(move(Blue Foot" not in out
    assert "undo        take back your last action" in out
    assert out.rstrip().endswith(
        f"game stopped (saved to {STATE_HOME}/legatus/demo_skirmish-1.json)."
    )
    assert "red: move a piece or pass" in out
    assert "1. move(Red Boat, Midford)" in out


def test_unknown_side_and_player_are_errors() -> None:
    bad_side = legatus("play", "demo_skirmish", "--side", "green=random")
    assert bad_side.returncode == 1
    assert "--side 'green=random': expected ID=PLAYER with ID one of red, blue" in bad_side.stderr
    bad_player = legatus("play", "demo_skirmish", "--side", "red=genius")
    assert bad_player.returncode == 1
    assert "unknown player 'genius'" in bad_player.stderr


def test_a_game_at_the_terminal_is_autosaved_and_resumed(tmp_path: Path) -> None:
    """Every action is saved at once; quitting loses nothing; --resume continues with the
    save's seats or new ones."""
    home = str(tmp_path)
    moves = "move(Red Foot, Midford)\nquit\n"
    first = legatus("play", "demo_skirmish", "--seed", "1", "--side", "red=human", stdin=moves,
                    state_home=home)  # fmt: skip
    autosave = tmp_path / "legatus" / "demo_skirmish-1.json"
    assert first.returncode == 0, first.stderr
    assert f"autosaving to {autosave} (legatus play --resume {autosave} continues)" in first.stdout
    saved = json.loads(autosave.read_text())
    assert [m[0] for m in saved["moves"]] == ["red", "blue"]
    assert saved["players"] == {"red": "human", "blue": "random"}
    again = legatus("play", "demo_skirmish", "--resume", str(autosave), "--side", "red=first",
                    "--quiet", state_home=home)  # fmt: skip
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith("resumed 2 actions of demo_skirmish (seed 1)")
    assert "result: " in again.stdout


def test_save_paths_are_checked_before_play_and_at_the_prompt(tmp_path: Path) -> None:
    missing = legatus("play", "demo_skirmish", "--seed", "1", "--save", "/nonexistent/x.json")
    assert missing.returncode == 1 and missing.stdout == ""
    assert missing.stderr == (
        "error: cannot save to /nonexistent/x.json: the folder /nonexistent does not exist\n"
    )
    folder = legatus("play", "demo_skirmish", "--seed", "1", "--save", str(tmp_path))
    assert folder.stderr == f"error: cannot save to {tmp_path}: it is a folder; give a file name\n"
    typed = "save /nonexistent/y.json\nsave ~/z.json\nquit\n"
    at_prompt = legatus("play", "demo_skirmish", "--seed", "1", "--side", "red=human",
                        stdin=typed, state_home=str(tmp_path))  # fmt: skip
    assert at_prompt.returncode == 0, at_prompt.stderr
    assert "cannot save to /nonexistent/y.json: the folder /nonexistent does not exist" in (
        at_prompt.stdout
    )
    home_save = Path("~/z.json").expanduser()
    try:
        assert f"saved to {home_save}." in at_prompt.stdout and home_save.is_file()
    finally:
        home_save.unlink(missing_ok=True)


def test_two_people_at_one_terminal_each_read_only_their_own_log() -> None:
    """Hot seat: Caesar's face-down discard is in Caesar's log only; Pompey reads his own
    log after a hand-over screen, and never Caesar's card."""
    answers = "1\n\n1\n\nquit\n"
    result = legatus("play", "julius_caesar", "--seed", "1", "--side", "caesar=human",
                     "--side", "pompey=human", "--no-autosave", stdin=answers)  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = result.stdout
    handover = "== Hand the terminal to pompey: press Enter when only pompey sees it =="
    assert handover in out
    pompey_turn = out.split(handover)[1].split("== Hand the terminal to caesar")[0]
    assert "Caesar discards a card face down" in pompey_turn
    assert "Caesar discards 2/" not in pompey_turn
    caesar_turn = out.split("== Hand the terminal to caesar")[1]
    assert "Caesar discards 2/" in caesar_turn and "Pompeius discards 2/" not in caesar_turn


def test_a_game_without_a_seed_draws_one_and_says_it() -> None:
    result = legatus("play", "demo_skirmish", "--quiet")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("seed: ")
    seed = result.stdout.splitlines()[0].removeprefix("seed: ")
    again = legatus("play", "demo_skirmish", "--quiet", "--seed", seed)
    assert again.stdout.splitlines()[-1] == result.stdout.splitlines()[-1]


def test_a_side_given_twice_is_an_error() -> None:
    result = legatus("play", "demo_skirmish", "--side", "red=random", "--side", "red=first")
    assert result.returncode == 1
    assert result.stderr == "error: --side 'red=first': red is given a player twice\n"
