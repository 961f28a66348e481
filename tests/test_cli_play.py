"""End-to-end: the real ``legatus`` command plays, saves, replays and talks to a human.

These use the demo game fixture (a third-party plugin with its own rules file
and procedure), installed by the README's test command. The program runs in a process of
its own where that is what is tested (a game played, saved and replayed; a game autosaved
and resumed; Ctrl-C; the working folder); the other tests run the same command line in
this process (``legatus_here``), where the game is loaded once.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import legatus, legatus_here
from tests.waits import bound, wait_until

#: Autosaves of these tests go here (tests/conftest.py sets it for every test).
STATE_HOME = os.environ["XDG_STATE_HOME"]


def interruptible() -> None:
    """In the child before it runs: Ctrl-C acts (a suite started in the background by a
    non-interactive shell has SIGINT ignored, a disposition every child would inherit)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


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
    legatus_here("play", "demo_skirmish", "--seed", "4", "--quiet", "--save", str(save))
    data = json.loads(save.read_text())
    data["moves"][-1][1] = "edited" if data["moves"][-1][1] == "pass" else "pass"
    save.write_text(json.dumps(data))
    result = legatus_here("replay", str(save))
    assert result.returncode == 1
    assert "checksum does not match" in result.stderr


def test_human_at_the_terminal_with_bad_input_undo_and_quit() -> None:
    """Red is human: an unknown action (typed against the game's declared action kinds)
    and an out-of-range number re-prompt; undo takes back red's move with the computer's
    reply to it (nothing was rolled or revealed since), quoting neither; quit stops the
    game."""
    session = "\n".join(["dance", "99", "move(Red Foot, Midford)", "undo", "help", "quit"]) + "\n"
    result = legatus_here(
        "play", "demo_skirmish", "--seed", "1", "--side", "red=human", stdin=session
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "not understood: dance: no action 'dance' in this game; actions: move, pass" in out
    assert "no choice 99: choose 1 to 3" in out
    assert "red> undone.\n" in out and "(move(Blue Foot" not in out
    after = out.split("red> undone.\n", 1)[1]
    assert "turn 1" in after and "Northtown: Red Foot [3]" in after  # back before the move
    assert "undo        take back your last decision and the computer's replies" in out
    assert out.rstrip().endswith(
        f"game stopped (saved to {STATE_HOME}/legatus/demo_skirmish-1.json)."
    )
    assert "red: move a piece or pass" in out
    assert "1. move(Red Boat, Midford)" in out


def test_unknown_side_and_player_are_errors() -> None:
    bad_side = legatus_here("play", "demo_skirmish", "--side", "green=random")
    assert bad_side.returncode == 1
    assert "--side 'green=random': expected ID=PLAYER with ID one of red, blue" in bad_side.stderr
    bad_player = legatus_here("play", "demo_skirmish", "--side", "red=genius")
    assert bad_player.returncode == 1
    assert "unknown player 'genius'" in bad_player.stderr


def test_a_game_at_the_terminal_is_autosaved_and_resumed(tmp_path: Path) -> None:
    """Every action is saved at once; quitting loses nothing; --resume continues with the
    save's seats or new ones."""
    home = str(tmp_path)
    moves = "move(Red Foot, Midford)\nquit\n"
    first = legatus("play", "demo_skirmish", "--seed", "1", "--side", "red=human", stdin=moves,
                    env={"XDG_STATE_HOME": home})  # fmt: skip
    autosave = tmp_path / "legatus" / "demo_skirmish-1.json"
    assert first.returncode == 0, first.stderr
    assert f"autosaving to {autosave} (legatus play --resume {autosave} continues)" in first.stdout
    saved = json.loads(autosave.read_text())
    assert [m[0] for m in saved["moves"]] == ["red", "blue"]
    assert saved["players"] == {"red": "human", "blue": "random"}
    again = legatus("play", "demo_skirmish", "--resume", str(autosave), "--side", "red=first",
                    "--quiet", env={"XDG_STATE_HOME": home})  # fmt: skip
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith("resumed 2 actions of demo_skirmish (seed 1)")
    assert "result: " in again.stdout


def test_save_paths_are_checked_before_play_and_at_the_prompt(tmp_path: Path) -> None:
    missing = legatus_here("play", "demo_skirmish", "--seed", "1", "--save", "/nonexistent/x.json")
    assert missing.returncode == 1 and missing.stdout == ""
    assert missing.stderr == (
        "error: cannot save to /nonexistent/x.json: the folder /nonexistent does not exist\n"
    )
    folder = legatus_here("play", "demo_skirmish", "--seed", "1", "--save", str(tmp_path))
    assert folder.stderr == f"error: cannot save to {tmp_path}: it is a folder; give a file name\n"
    typed = "save /nonexistent/y.json\nsave ~/z.json\nquit\n"
    at_prompt = legatus_here("play", "demo_skirmish", "--seed", "1", "--side", "red=human",
                        stdin=typed, env={"XDG_STATE_HOME": str(tmp_path)})  # fmt: skip
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
    answers = "ready\n1\nready\n1\nready\nquit\n"
    result = legatus_here("play", "julius_caesar", "--seed", "1", "--side", "caesar=human",
                     "--side", "pompey=human", "--no-autosave", stdin=answers)  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = result.stdout
    handover = "== Hand the terminal to pompey: type ready when only pompey sees the screen =="
    assert handover in out
    pompey_turn = out.split(handover)[1].split("== Hand the terminal to caesar")[0]
    assert "Caesar discards a card face down" in pompey_turn
    assert "Caesar discards 2/" not in pompey_turn
    caesar_turn = out.split("== Hand the terminal to caesar")[2]  # [1]: the first screen
    assert "Caesar discards 2/" in caesar_turn and "Pompeius discards 2/" not in caesar_turn


def test_a_game_without_a_seed_draws_one_and_says_it() -> None:
    result = legatus_here("play", "demo_skirmish", "--quiet")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("seed: ")
    seed = result.stdout.splitlines()[0].removeprefix("seed: ")
    again = legatus_here("play", "demo_skirmish", "--quiet", "--seed", seed)
    assert again.stdout.splitlines()[-1] == result.stdout.splitlines()[-1]


def test_a_side_given_twice_is_an_error() -> None:
    result = legatus_here("play", "demo_skirmish", "--side", "red=random", "--side", "red=first")
    assert result.returncode == 1
    assert result.stderr == "error: --side 'red=first': red is given a player twice\n"


def pompey_screens(caesar_discard: int, caesar_play: int) -> str:
    """What Pompeius reads at a shared terminal in the first turn, Caesar having discarded
    and played the cards numbered ``caesar_discard`` and ``caesar_play`` (face down), while
    Pompeius tries undo and reads his log and view."""
    answers = [
        "ready", str(caesar_discard), "ready",  # Caesar discards; the terminal goes to Pompeius
        "undo", "log", "view", "1", "ready",  # Pompeius: his own discard
        str(caesar_play), "ready",  # Caesar plays a card face down
        "undo", "log", "1", "ready",  # Pompeius plays his; the cards are revealed to both
        "quit",
    ]  # fmt: skip
    result = legatus_here("play", "julius_caesar", "--seed", "1", "--side", "caesar=human",
                     "--side", "pompey=human", "--no-autosave", stdin="\n".join(answers) + "\n")  # fmt: skip
    assert result.returncode == 0, result.stderr
    handover = "== Hand the terminal to pompey: type ready when only pompey sees the screen =="
    turns = result.stdout.split(handover)[1:]
    assert len(turns) == 2
    return "".join(turn.split("== Hand the terminal to caesar")[0] for turn in turns)


def test_what_pompeius_reads_does_not_depend_on_caesars_face_down_cards() -> None:
    """No leak: two games that differ only in the cards Caesar discarded and played face
    down (2/2 or Apollo, then each time his first card) give Pompeius the very same screens,
    undo refusals and log included, up to the reveal (JC 2.1)."""
    first = pompey_screens(caesar_discard=1, caesar_play=1)
    other = pompey_screens(caesar_discard=3, caesar_play=2)
    assert first == other
    assert "cannot undo: nothing to undo: pompey has taken no action" in first
    assert "cannot undo: another player has decided since (caesar)" in first
    assert "Caesar discards a card face down" in first and "Caesar plays a card face down" in first


def test_ctrl_c_at_the_prompt_exits_130_and_keeps_the_game(tmp_path: Path) -> None:
    """Ctrl-C while a person thinks: one line, exit 130, every action taken is in the save."""
    import signal

    save = tmp_path / "game.json"
    process = subprocess.Popen(
        [sys.executable, "-m", "legatus.framework.frontends.cli", "play", "demo_skirmish", "--seed", "1",
         "--side", "red=human", "--save", str(save)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True, preexec_fn=interruptible,
    )  # fmt: skip
    assert process.stdin is not None
    process.stdin.write("move(Red Foot, Midford)\n")
    process.stdin.flush()
    wait_until(
        lambda: save.exists() and len(json.loads(save.read_text())["moves"]) >= 2,
        120,
        "two moves in the save (red's, then blue's reply)",
        0.1,
    )
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=bound(120))
    assert process.returncode == 130
    assert err == "interrupted\n"
    assert [m[0] for m in json.loads(save.read_text())["moves"]] == ["red", "blue"]


def test_resume_needs_only_the_save_and_goes_on_saving_to_it(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    first = legatus_here("play", "demo_skirmish", "--seed", "1", "--side", "red=human",
                    "--save", str(save), stdin="move(Red Foot, Midford)\nquit\n")  # fmt: skip
    assert first.returncode == 0, first.stderr
    again = legatus_here("play", "--resume", str(save), stdin="pass\nquit\n")
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith("resumed 2 actions of demo_skirmish (seed 1)\n")
    assert f"game stopped (saved to {save})." in again.stdout
    moves = json.loads(save.read_text())["moves"]
    assert moves[:3] == [["red", "move(Red Foot, Midford)"], moves[1], ["red", "pass"]]
    assert legatus_here("replay", str(save)).returncode == 0


def test_a_second_game_with_the_same_seed_keeps_the_first_autosave(tmp_path: Path) -> None:
    home = str(tmp_path)
    for _ in range(2):
        result = legatus_here("play", "demo_skirmish", "--seed", "1", "--side", "red=human",
                         stdin="move(Red Foot, Midford)\nquit\n", env={"XDG_STATE_HOME": home})  # fmt: skip
        assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in (tmp_path / "legatus").iterdir()) == [
        "demo_skirmish-1-2.json",
        "demo_skirmish-1.json",
    ]
    assert "autosaving to " + str(tmp_path / "legatus" / "demo_skirmish-1-2.json") in result.stdout


def test_a_save_that_fails_during_play_is_said_once_and_play_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The folder of the save goes away mid-game: a warning, not a lost game."""
    from legatus.framework.frontends.cli.play_cmd import Terminal
    from legatus.framework.play.agents import RandomAgent
    from legatus.framework.play.catalog import default_catalog
    from legatus.framework.play.driver import Match

    folder = tmp_path / "saves"
    folder.mkdir()
    game = default_catalog().load("demo_skirmish")
    terminal = Terminal([], quiet=True)
    players = {s: RandomAgent(i) for i, s in enumerate(game.definition.side_ids)}
    match = Match.new(game, seed=1, players=players, history=True, listeners=[terminal])
    terminal.keep(match, folder / "game.json", {})
    folder.joinpath("game.json").unlink()
    folder.rmdir()
    match.play()
    assert match.over and terminal.save_failed
    err = capsys.readouterr().err
    assert err.count("warning: cannot save to") == 1
    assert "type save FILE to save the game elsewhere" in err


def test_a_folder_named_like_an_installed_game_does_not_replace_it(tmp_path: Path) -> None:
    """``legatus play julius_caesar`` next to a folder ``julius_caesar/`` holding a game:
    the installed game is played, and a warning says which one and how to get the other."""
    from legatus.framework.play.catalog import default_catalog

    shutil.copytree(default_catalog().games()["demo_skirmish"].data, tmp_path / "demo_skirmish")
    result = subprocess.run(
        [sys.executable, "-m", "legatus.framework.frontends.cli", "play", "demo_skirmish", "--seed", "1", "--quiet"],
        capture_output=True, text=True, check=False, cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stderr == (
        "warning: 'demo_skirmish' is the installed game; the folder ./demo_skirmish here is not "
        "used (give ./demo_skirmish to use it)\n"
    )


def test_view_shows_the_board_again_and_undo_shows_the_board_it_restored() -> None:
    """``view`` reprints the side's board; ``undo`` of one's own group choice (JC 6.1, no die
    rolled since) says so and reprints the board, back at the choice of a group."""
    typed = "1\n2\nview\n2\nundo\nquit\n"
    result = legatus_here("play", "julius_caesar", "--seed", "7", "--side", "caesar=human",
                     "--side", "pompey=greedy", "--no-autosave", stdin=typed)  # fmt: skip
    assert result.returncode == 0, result.stderr
    screens = result.stdout.split("caesar> ")
    heading = "== Julius Caesar — you are Caesar ==  (year 1, turn 1)"
    choose = "caesar: Caesar: 3 move(s) left: choose a group or a sea move"
    assert heading in screens[2] and choose in screens[2]  # the turn's first question
    assert screens[3].startswith(heading) and choose in screens[3]  # after view
    assert "Caesar moves the group at Genua" in screens[4]
    assert screens[5].startswith(f"undone.\n{heading}") and choose in screens[5]


def test_odd_input_at_the_prompt_is_refused_in_one_short_line() -> None:
    """An Arabic-Indic digit is no choice number, a superscript two no traceback, and a
    line of a megabyte is not echoed back (issue 38's last bad inputs)."""
    typed = "١\n²\n" + "x" * 1_000_000 + "\nquit\n"
    result = legatus_here("play", "demo_skirmish", "--side", "red=human", "--side", "blue=random",
                     "--seed", "1", "--no-autosave", stdin=typed)  # fmt: skip
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert "not understood: action kind '١' must be lower case letters" in result.stdout
    assert "not understood: action kind '²' must be lower case letters" in result.stdout
    assert "not understood: a line of 1,000,000 characters (type help)" in result.stdout
    assert "moves to" not in result.stdout  # no choice was taken
    assert len(result.stdout) + len(result.stderr) < 10_000
