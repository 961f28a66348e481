"""JC 1.2 victory (checked in winter, JC 8.4): VP of friendly cities plus one per enemy
leader killed; 10 VP at a winter check wins; after the fifth year more VP wins, then the
holder of Roma, else a draw.

The VP are the game's queries (``vp``, ``holds``: ``games/julius_caesar/model.py``); the
decisions are the rules file's own ``victory`` declarations, run by the engine: each test
plays a sequence of play made of the check it is about."""

from __future__ import annotations

import pytest

from framework.engine.state import State
from framework.gamedef import GameDef
from framework.testing import rules_game
from games.julius_caesar import model
from tests.julius_caesar.conftest import empty_board, place

RULE = "JC 1.2"
NO_DECISION = {
    "winner": None,
    "reason": "the sequence of play ended without a winner",
    "rule": "",
}


def historical(jc: GameDef) -> State:
    return rules_game("julius_caesar").setup()


def hand_built(jc: GameDef, caesar: list[str], pompey: list[str]) -> State:
    """One block in each listed city: Caesar's Legio 7..., Pompey's Legio 1..."""
    state = empty_board(historical(jc))
    ours = ["Legio 7", "Legio 8", "Legio 9", "Legio 10", "Legio 11"]
    theirs = ["Legio 1", "Legio 2", "Legio 3", "Legio 4", "Legio 5"]
    for city, block in zip(caesar, ours, strict=False):
        place(state, city, block)
    for city, block in zip(pompey, theirs, strict=False):
        place(state, city, block)
    return state


def checked(state: State, *checks: str, **params: int) -> dict[str, object]:
    """The result of running the rules file's victory checks on ``state``."""
    game = rules_game("julius_caesar", steps=[f"check {c}" for c in checks], params=params)
    game.begin(state)
    result: dict[str, object] = state["result"]
    return result


def test_starting_vp_pompey_7_caesar_1(jc: GameDef) -> None:
    """JC 1.2 sidebar: Pompey starts with 7 VP, Caesar with 1 (Massilia); Roma is vacant."""
    state = historical(jc)
    assert (model.vp(jc, state, "caesar"), model.vp(jc, state, "pompey")) == (1, 7)
    assert model.controls(state, "caesar", "Massilia")
    assert not model.controls(state, "pompey", "Roma")
    assert not model.controls(state, "caesar", "Roma")


def test_killed_leaders_are_1_vp_each(jc: GameDef) -> None:
    """JC 1.2, 7.51: Caesar has killed Pompeius and Scipio: 2 trophies, 1 + 2 = 3 VP."""
    state = historical(jc)
    state["records"]["trophies"] = {"caesar": ["Pompeius", "Scipio"]}
    assert len(model.trophies(state, "caesar")) == 2
    assert model.trophies(state, "pompey") == []
    assert model.vp(jc, state, "caesar") == 3


def test_contested_city_counts_for_nobody(jc: GameDef) -> None:
    """JC 4.2.1: a city with both sides' blocks is contested, friendly to neither."""
    state = hand_built(jc, ["Roma"], ["Roma"])
    assert (model.vp(jc, state, "caesar"), model.vp(jc, state, "pompey")) == (0, 0)


def test_ten_vp_win_at_a_winter_check(jc: GameDef) -> None:
    """JC 1.2: Pompey adds Roma (2) and Athenae (1) to his 7: 10 VP wins."""
    state = historical(jc)
    place(state, "Roma", "Legio 32")
    place(state, "Athenae", "Legio 33")
    assert checked(state, "winter_victory") == {
        "winner": "pompey",
        "reason": "pompey wins (winter_victory)",
        "rule": RULE,
    }
    assert state["log"][-1]["text"] == "Game over: pompey wins (winter_victory)"


def test_nine_vp_do_not_win(jc: GameDef) -> None:
    """JC 1.2: 9 VP (7 + Roma) is not enough; the game goes on."""
    state = historical(jc)
    place(state, "Roma", "Legio 32")
    assert model.vp(jc, state, "pompey") == 9
    assert checked(state, "winter_victory") == NO_DECISION


def test_vp_to_win_is_a_parameter(jc: GameDef) -> None:
    """Variant vp_to_win = 7: Pompey wins with his starting 7 VP."""
    result = checked(historical(jc), "winter_victory", vp_to_win=7)
    assert result["winner"] == "pompey"


@pytest.mark.parametrize(
    ("caesar", "pompey", "winner"),
    [(["Massilia", "Roma"], ["Utica"], "caesar"), (["Massilia"], ["Utica"], None)],
)
def test_both_reaching_the_target(
    jc: GameDef, caesar: list[str], pompey: list[str], winner: str | None
) -> None:
    """Both at or above the target (vp_to_win = 1 here; impossible at 10 with 13 city VP
    and 3 trophies each): more VP wins; equal VP decide nothing yet."""
    result = checked(hand_built(jc, caesar, pompey), "winter_victory", vp_to_win=1)
    assert result["winner"] == winner
    assert (result == NO_DECISION) == (winner is None)


def test_final_more_vp_wins(jc: GameDef) -> None:
    """JC 1.2: no one reached 10 by the end of year 5: Pompey's 7 beat Caesar's 1."""
    assert checked(historical(jc), "final_victory") == {
        "winner": "pompey",
        "reason": "pompey wins (final_victory)",
        "rule": RULE,
    }


def test_final_tie_goes_to_the_holder_of_roma(jc: GameDef) -> None:
    """JC 1.2: 3 VP each (Caesar Massilia + Roma; Pompey Alexandria + Utica): Caesar
    holds Roma and wins."""
    state = hand_built(jc, ["Massilia", "Roma"], ["Alexandria", "Utica"])
    assert (model.vp(jc, state, "caesar"), model.vp(jc, state, "pompey")) == (3, 3)
    assert checked(state, "final_victory")["winner"] == "caesar"


def test_final_tie_without_roma_is_a_draw(jc: GameDef) -> None:
    """JC 1.2: 3 VP each, Roma vacant: a draw."""
    state = hand_built(jc, ["Massilia", "Athenae", "Tarraco"], ["Alexandria", "Utica"])
    assert checked(state, "final_victory") == {
        "winner": None,
        "reason": "draw (final_victory)",
        "rule": RULE,
    }


def test_winter_check_in_the_last_year_always_decides(jc: GameDef) -> None:
    """JC 1.2, 8.0: the rules file checks the final victory after the winter check only in
    the last year: before it the game goes on, in it the final count decides."""
    game = rules_game("julius_caesar")
    winter = next(b for b in game.rules.program.blocks if b.name == "winter")
    final = next(n for n in winter.body if getattr(n, "victory", "") == "final_victory")
    assert final.when is not None  # "when year == years"
    assert checked(historical(jc), "winter_victory") == NO_DECISION
    result = checked(historical(jc), "winter_victory", "final_victory")
    assert result["winner"] == "pompey"
