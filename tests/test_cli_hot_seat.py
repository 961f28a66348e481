"""Two people at one terminal (issue 38, item 4): the hand-over clears the screen and its
scrollback, asks for one word and takes nothing else, and opens the game."""

from __future__ import annotations

from tests.helpers import legatus_here, legatus_on_a_terminal

HOT_SEAT = ("play", "julius_caesar", "--seed", "7", "--side", "caesar=human",
            "--side", "pompey=human", "--no-autosave")  # fmt: skip
TO_CAESAR = "== Hand the terminal to caesar: type ready when only caesar sees the screen =="
TO_POMPEY = "== Hand the terminal to pompey: type ready when only pompey sees the screen =="


def test_the_first_screen_is_a_hand_over_and_only_ready_takes_the_terminal() -> None:
    """Enter, undo, view and help typed at a hand-over each get one line saying what to
    type; the player's view shows only after ready (today's bug: undo there was taken as
    Enter and printed the next side's view to whoever sat there)."""
    typed = ["", "undo", "view", "help", "ready", "1", "", "undo", "Ready", "quit"]
    result = legatus_here(*HOT_SEAT, stdin="\n".join(typed) + "\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    before, _, after = out.partition(TO_CAESAR)
    assert before.strip() == ""  # nothing but the hand-over opens the game
    refusal = "> type ready when only caesar sees the screen (or quit to stop the game)"
    assert after.count(refusal) == 4
    caesars_turn = after.split(refusal)[-1]
    assert "== Julius Caesar — you are Caesar ==" in caesars_turn.split(TO_POMPEY)[0]
    assert "you are" not in after.split(refusal)[0]  # no view before ready
    pompey = out.split(TO_POMPEY)[1]
    assert pompey.count("> type ready when only pompey sees the screen") == 2
    assert pompey.index("you are Pompeius") > pompey.rindex("type ready when only pompey")
    assert "cannot undo" not in pompey  # the undo typed at the hand-over did nothing
    assert out.rstrip().endswith("game stopped.")


def test_the_hand_over_erases_the_screen_and_its_scrollback_on_a_terminal() -> None:
    status, out = legatus_on_a_terminal(*HOT_SEAT, stdin="ready\n1\nready\nquit\n")
    assert status == 0, out
    assert out.count("\x1b[2J\x1b[3J\x1b[H== Hand the terminal to ") == 2
    assert out.startswith("\x1b[2J\x1b[3J\x1b[H" + TO_CAESAR)


def test_off_a_terminal_the_hand_over_pushes_the_last_screen_far_up() -> None:
    """A pipe cannot be erased: a hundred blank lines between one player's screen and the
    next hand-over."""
    result = legatus_here(*HOT_SEAT, stdin="ready\n1\nready\nquit\n")
    assert result.returncode == 0, result.stderr
    caesars, _, _ = result.stdout.partition(TO_POMPEY)
    assert caesars.endswith("caesar> " + "\n" * 100)
