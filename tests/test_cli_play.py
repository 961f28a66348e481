"""End-to-end: the real ``legatus`` command plays, saves, replays and talks to a human.

These use the demo game fixture (a third-party plugin with its own rules file
and procedure), installed by the README's test command.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def legatus(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "framework.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
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
    """Red is human: an unknown word and an out-of-range number re-prompt; undo
    is refused once blue has answered (only one's own actions are undone); quit
    stops the game."""
    session = "\n".join(["dance", "99", "move(Red Foot, Midford)", "undo", "help", "quit"]) + "\n"
    result = legatus("play", "demo_skirmish", "--seed", "1", "--side", "red=human", stdin=session)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "dance is not a legal choice here" in out
    assert "no choice 99: choose 1 to 3" in out
    assert "cannot undo: the last action (move(Blue Foot, Midford)) was blue's" in out
    assert "undo        take back your last action" in out
    assert out.rstrip().endswith("game stopped.")
    assert "red: move a piece or pass" in out
    assert "1. move(Red Boat, Midford)" in out


def test_unknown_side_and_player_are_errors() -> None:
    bad_side = legatus("play", "demo_skirmish", "--side", "green=random")
    assert bad_side.returncode == 1
    assert "--side 'green=random': expected ID=PLAYER with ID one of red, blue" in bad_side.stderr
    bad_player = legatus("play", "demo_skirmish", "--side", "red=genius")
    assert bad_player.returncode == 1
    assert "unknown player 'genius'" in bad_player.stderr
