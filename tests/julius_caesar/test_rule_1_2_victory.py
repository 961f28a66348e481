"""JC 1.2 victory (checked in winter, JC 8.4): VP of friendly cities plus one per enemy
leader killed; 10 VP at a winter check wins; after the fifth year more VP wins, then the
holder of Roma, else a draw."""

from __future__ import annotations

import pytest

from framework.engine.core import Context, Game
from framework.engine.program import Check, VictoryResult
from framework.engine.state import State
from framework.engine.testing import StaticRules
from framework.gamedef import GameDef
from games.julius_caesar.victory import (
    controls,
    final_victory,
    trophies,
    vp,
    winter_check,
    winter_victory,
)
from tests.julius_caesar.conftest import JC_PARAMS, empty_board, place

RULE = "JC 1.2"


def historical(jc: GameDef) -> State:
    return Game(jc, StaticRules(()), {}).setup()


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


def test_starting_vp_pompey_7_caesar_1(jc: GameDef) -> None:
    """JC 1.2 sidebar: Pompey starts with 7 VP, Caesar with 1 (Massilia); Roma is vacant."""
    state = historical(jc)
    assert (vp(jc, state, "caesar"), vp(jc, state, "pompey")) == (1, 7)
    assert controls(jc, state, "caesar", "Massilia")
    assert not controls(jc, state, "pompey", "Roma")
    assert not controls(jc, state, "caesar", "Roma")


def test_killed_leaders_are_1_vp_each(jc: GameDef) -> None:
    """JC 1.2, 7.51: Caesar has killed Pompeius and Scipio: 2 trophies, 1 + 2 = 3 VP."""
    state = historical(jc)
    state["public"]["trophies"] = {"caesar": ["Pompeius", "Scipio"]}
    assert trophies(jc, state, "caesar") == 2
    assert trophies(jc, state, "pompey") == 0
    assert vp(jc, state, "caesar") == 3


def test_contested_city_counts_for_nobody(jc: GameDef) -> None:
    """JC 4.2.1: a city with both sides' blocks is contested, friendly to neither."""
    state = hand_built(jc, ["Roma"], ["Roma"])
    assert (vp(jc, state, "caesar"), vp(jc, state, "pompey")) == (0, 0)


def test_ten_vp_win_at_a_winter_check(jc: GameDef) -> None:
    """JC 1.2: Pompey adds Roma (2) and Athenae (1) to his 7: 10 VP wins."""
    state = historical(jc)
    place(state, "Roma", "Legio 32")
    place(state, "Athenae", "Legio 33")
    assert winter_victory(jc, state, 10) == VictoryResult(
        "pompey", "Pompeius has 10 VP at the winter check", RULE
    )


def test_nine_vp_do_not_win(jc: GameDef) -> None:
    """JC 1.2: 9 VP (7 + Roma) is not enough; the game goes on."""
    state = historical(jc)
    place(state, "Roma", "Legio 32")
    assert vp(jc, state, "pompey") == 9
    assert winter_victory(jc, state, 10) is None


def test_vp_to_win_is_a_parameter(jc: GameDef) -> None:
    """Variant vp_to_win = 7: Pompey wins with his starting 7 VP."""
    result = winter_victory(jc, historical(jc), 7)
    assert result is not None and result.winner == "pompey"


@pytest.mark.parametrize(
    ("caesar", "pompey", "winner"),
    [(["Massilia", "Roma"], ["Utica"], "caesar"), (["Massilia"], ["Utica"], None)],
)
def test_both_reaching_the_target(
    jc: GameDef, caesar: list[str], pompey: list[str], winner: str | None
) -> None:
    """Both at or above the target (vp_to_win = 1 here; impossible at 10 with 13 city VP
    and 3 trophies each): more VP wins; equal VP decide nothing yet."""
    result = winter_victory(jc, hand_built(jc, caesar, pompey), 1)
    assert (result.winner if result else None) == winner
    assert (result is None) == (winner is None)


def test_final_more_vp_wins(jc: GameDef) -> None:
    """JC 1.2: no one reached 10 by the end of year 5: Pompey's 7 beat Caesar's 1."""
    assert final_victory(jc, historical(jc)) == VictoryResult(
        "pompey", "Pompeius has more VP after the last year (7)", RULE
    )


def test_final_tie_goes_to_the_holder_of_roma(jc: GameDef) -> None:
    """JC 1.2: 3 VP each (Caesar Massilia + Roma; Pompey Alexandria + Utica): Caesar
    holds Roma and wins."""
    state = hand_built(jc, ["Massilia", "Roma"], ["Alexandria", "Utica"])
    assert final_victory(jc, state) == VictoryResult(
        "caesar", "VP tied at 3; Caesar holds Roma", RULE
    )


def test_final_tie_without_roma_is_a_draw(jc: GameDef) -> None:
    """JC 1.2: 3 VP each, Roma vacant: a draw."""
    state = hand_built(jc, ["Massilia", "Athenae", "Tarraco"], ["Alexandria", "Utica"])
    assert final_victory(jc, state) == VictoryResult(
        None, "VP tied at 3 and nobody holds Roma: a draw", RULE
    )


def test_winter_check_in_the_last_year_always_decides(jc: GameDef) -> None:
    """JC 1.2: at the last winter the final count decides; before it the game goes on."""
    state = historical(jc)
    assert winter_check(jc, state, 10, last_year=False) is None
    result = winter_check(jc, state, 10, last_year=True)
    assert result is not None and result.winner == "pompey"


def test_a_check_in_the_sequence_ends_the_game(jc: GameDef) -> None:
    """JC 8.4: the sequence's winter check ends the game with the winner."""

    def check(ctx: Context) -> VictoryResult | None:
        return winter_victory(ctx.definition, ctx.state, int(ctx.param("vp_to_win")))

    rules = StaticRules(
        (Check("winter_victory", rule="JC 8.4"),), JC_PARAMS, {"winter_victory": check}
    )
    game = Game(jc, rules, {})
    state = game.setup()
    place(state, "Roma", "Legio 32")
    place(state, "Athenae", "Legio 33")
    game.begin(state)
    assert state["result"] == {
        "winner": "pompey",
        "reason": "Pompeius has 10 VP at the winter check",
        "rule": RULE,
    }
