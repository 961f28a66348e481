"""A person plays Julius Caesar against the MCTS player through the command line (run in the
test's process, ``legatus_here``: the game is loaded once)."""

from __future__ import annotations

import pytest

from tests.helpers import legatus_here


def test_human_caesar_against_mcts_pompey() -> None:
    """Caesar (the person) answers with choice numbers; Pompeius (MCTS, default budget)
    answers on its own turn: its discards and cards are played between Caesar's prompts,
    and the person never sees Pompeius's hidden blocks or hand."""
    answers = "\n".join(["1"] * 7 + ["quit"]) + "\n"
    result = legatus_here(
        "play",
        "julius_caesar",
        "--seed",
        "2",
        "--side",
        "caesar=human",
        "--side",
        "pompey=mcts",
        stdin=answers,
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "you are Caesar" in out
    assert out.count("Pompeius plays a card face down") >= 2
    assert "Cards revealed: Caesar" in out
    assert "caesar: Caesar: 1 levy point(s) left" in out
    assert "hidden Pompeius block" in out and "hand:pompey: 3 card(s)" in out
    assert out.rstrip().endswith("-2.json).") and "game stopped (saved to " in out


@pytest.mark.slow  # a whole game of two search players: a long check
def test_mcts_players_finish_a_game_between_themselves_quietly() -> None:
    """Both sides by search players with small budgets: the game ends with a result."""
    result = legatus_here(
        "play",
        "julius_caesar",
        "--seed",
        "3",
        "--quiet",
        "--side",
        "caesar=mcts:iterations=3",
        "--side",
        "pompey=greedy",
        stdin="",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("result: ")
