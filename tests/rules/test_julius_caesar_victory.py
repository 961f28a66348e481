"""JC 1.2 as the shipped rules file's ``victory`` declarations state it, decided by the
engine: ``require`` keeps the sides meeting the condition, ``most`` the best, ``else
continue`` goes on, ``else draw`` ends drawn. Each test sets the sides' VP on a hand-built
position (enemy leaders killed count one VP each, JC 1.2) and runs the check."""

from __future__ import annotations

from typing import Any

import pytest

from framework.engine.state import State
from framework.rules.trace import tracing
from framework.testing import rules_game
from tests.julius_caesar.conftest import empty_board, place

GOES_ON = {"winner": None, "reason": "the sequence of play ended without a winner", "rule": ""}


def position(caesar: int, pompey: int, roma: str | None = None) -> State:
    """No city held (but Roma by ``roma``); each side's VP made of trophies."""
    state = empty_board(rules_game("julius_caesar").setup())
    if roma is not None:
        place(state, "Roma", "Legio 7" if roma == "caesar" else "Legio 1")
    held = {"caesar": 2 if roma == "caesar" else 0, "pompey": 2 if roma == "pompey" else 0}
    state["records"]["trophies"] = {
        "caesar": ["a leader"] * (caesar - held["caesar"]),
        "pompey": ["a leader"] * (pompey - held["pompey"]),
    }
    return state


def decide(victory: str, caesar: int, pompey: int, roma: str | None = None) -> dict[str, Any]:
    game = rules_game("julius_caesar", steps=[f"check {victory}"])
    state = position(caesar, pompey, roma)
    game.begin(state)
    result: dict[str, Any] = state["result"]
    return result


def won(side: str, victory: str) -> dict[str, str]:
    return {"winner": side, "reason": f"{side} wins ({victory})", "rule": "JC 1.2"}


@pytest.mark.parametrize(
    ("caesar", "pompey", "outcome"),
    [
        (10, 7, won("caesar", "winter_victory")),
        (6, 12, won("pompey", "winter_victory")),
        (9, 9, GOES_ON),  # require: nobody has 10
        (11, 10, won("caesar", "winter_victory")),  # both have 10: most VP
        (10, 10, GOES_ON),  # both, equal: else continue
    ],
)
def test_rule_1_2_winter_check(caesar: int, pompey: int, outcome: dict[str, Any]) -> None:
    assert decide("winter_victory", caesar, pompey) == outcome


def test_rule_1_2_after_year_5_more_vp_wins() -> None:
    assert decide("final_victory", 8, 9, roma="caesar") == won("pompey", "final_victory")


def test_rule_1_2_equal_vp_the_holder_of_roma_wins() -> None:
    assert decide("final_victory", 8, 8, roma="caesar") == won("caesar", "final_victory")


def test_rule_1_2_equal_vp_and_roma_vacant_is_a_draw() -> None:
    assert decide("final_victory", 8, 8) == {
        "winner": None,
        "reason": "draw (final_victory)",
        "rule": "JC 1.2",
    }


def test_rule_1_2_the_deciding_clause_and_the_vp_query_fire_their_rule() -> None:
    game = rules_game("julius_caesar", steps=["check winter_victory"])
    state = position(10, 0)
    with tracing() as trace:
        game.begin(state)
    assert trace.by_origin[("dsl", "JC 1.2")] == 1  # the clause that decided
    assert trace.by_origin[("python", "JC 1.2")] == 2  # the vp query, once per side
    assert game.fired["JC 1.2"] == 1  # the end of the game, under the deciding clause's rule
