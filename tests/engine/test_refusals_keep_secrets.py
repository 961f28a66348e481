"""Refusals never quote what the side refused may not see (issue: undo quoted the enemy's
face-down discard). Each test compares everything a side receives for two games that differ
only in the other side's hidden choice."""

from __future__ import annotations

import pytest

from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match, UndoRefused
from tests.helpers import answer


def refusal_after(pompey_discard_index: int) -> str:
    game = default_catalog().load("julius_caesar")
    session = Match(game, game.new_state(seed=1), history=True)
    for _ in range(2):  # each side discards one card face down (JC 2.1)
        prompt = game.prompt(session.state)
        assert prompt is not None and prompt.kind == "discard"
        index = pompey_discard_index if prompt.side == "pompey" else 0
        answer(session, prompt.actions[index])
    assert session.moves[-1].side == "pompey"
    with pytest.raises(UndoRefused) as caught:
        session.undo("caesar", replies=())  # another person's decision is not a reply to take
    return str(caught.value)


def test_undo_refused_for_the_other_sides_hidden_action_quotes_nothing_of_it() -> None:
    first, second = refusal_after(0), refusal_after(1)
    assert first == second == "caesar cannot undo: another player has decided since (pompey)"
