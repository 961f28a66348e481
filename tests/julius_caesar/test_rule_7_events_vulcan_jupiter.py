"""Event effects built on the battle rules (JC 7.4-7.52): cards Vulcan and Jupiter.

``lose_step(block)`` (Vulcan): the block loses one step even if that
eliminates it, leaders too (a killed leader is a trophy, JC 7.51).
``defect(block, city)`` (Jupiter): one enemy block adjacent to a friendly city
moves into it and fights for the new side; a leader or navis does not defect
but loses one step, even if that eliminates it; Cleopatra may defect.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from framework.engine.core import Context, EngineError, Game
from framework.engine.state import State
from framework.engine.view import observe
from games.julius_caesar.effects import defect, defect_cities, defect_targets, lose_step

from .conftest import empty_board, place


@pytest.fixture
def game(make_game: Callable[..., Game]) -> Game:
    return make_game("battle_phase")


def position(game: Game, blocks: dict[str, dict[str, int]]) -> tuple[State, Context]:
    state = game.setup()
    empty_board(state)
    for space, strengths in blocks.items():
        for block, strength in strengths.items():
            place(state, space, block, strength=strength)
    state["records"].update(
        trophies={"caesar": [], "pompey": []}, leaders_lost={"caesar": 0, "pompey": 0}
    )
    return state, game.context(state)


MAP = {
    "Narbo": {"Legio 7": 3},
    "Tarraco": {"Legio 5": 2, "Scipio": 1, "P Navis 3": 2},
    "Mare Hispanum": {"P Navis 4": 1},
    "Alexandria": {"Cleopatra": 3},
    "Catabathmus": {"Legio 17": 2},
}


def test_card_vulcan_a_hidden_block_loses_a_step_unnamed_to_the_enemy(game: Game, jc: Any) -> None:
    state, ctx = position(game, MAP)
    assert lose_step(ctx, "Legio 5") == "reduced"
    assert state["pieces"]["Legio 5"]["strength"] == 1
    assert [e["text"] for e in observe(jc, state, "caesar")["log"]] == [
        "a Pompeius block in Tarraco loses a step"
    ]
    assert [e["text"] for e in observe(jc, state, "pompey")["log"]] == [
        "Legio 5 loses a step: II -> I"
    ]


def test_card_vulcan_a_leader_at_one_is_killed(game: Game) -> None:
    state, ctx = position(game, MAP)
    assert lose_step(ctx, "Scipio") == "killed"
    assert state["pieces"]["Scipio"]["at"] == "out"
    assert state["records"]["trophies"] == {"caesar": ["Scipio"], "pompey": []}
    assert state["records"]["leaders_lost"] == {"caesar": 0, "pompey": 1}


def test_lose_step_that_may_not_eliminate_spares_a_block_at_one(game: Game) -> None:
    state, ctx = position(game, MAP)
    assert lose_step(ctx, "Scipio", eliminate=False) == "unchanged"
    assert state["pieces"]["Scipio"] == {
        "side": "pompey",
        "at": "Tarraco",
        "strength": 1,
        "flags": [],
    }


def test_card_vulcan_cleopatra_outside_battle_goes_to_the_pool(game: Game) -> None:
    state, ctx = position(game, {"Alexandria": {"Cleopatra": 1}})
    assert lose_step(ctx, "Cleopatra") == "eliminated"
    piece = state["pieces"]["Cleopatra"]
    assert (piece["side"], piece["at"], piece["flags"]) == ("pompey", "pool", ["face_up"])


def test_card_jupiter_targets_and_cities(game: Game) -> None:
    """Caesar holds Narbo and Catabathmus: Pompeian blocks next to them are Tarraco's three
    (by road), the navis at sea (Narbo's coast) and Cleopatra at Alexandria (by road)."""
    _, ctx = position(game, MAP)
    assert defect_targets(ctx, "caesar") == [
        "Cleopatra",
        "Legio 5",
        "P Navis 3",
        "P Navis 4",
        "Scipio",
    ]
    assert defect_cities(ctx, "Legio 5") == ["Narbo"]
    assert defect_cities(ctx, "Legio 7") == ["Tarraco"]  # for Pompeius's Jupiter


def test_card_jupiter_a_block_defects_into_the_friendly_city(game: Game) -> None:
    state, ctx = position(game, MAP)
    defect(ctx, "Legio 5", "Narbo")
    assert state["pieces"]["Legio 5"] == {
        "side": "caesar",
        "at": "Narbo",
        "strength": 2,
        "flags": [],
    }
    assert state["records"]["defected"] == {"Legio 5": "pompey"}
    assert state["log"][-1]["text"] == (
        "Jupiter: Legio 5 defects from Tarraco to Narbo and now fights for Caesar"
    )


def test_card_jupiter_leader_and_navis_lose_a_step_instead(game: Game) -> None:
    state, ctx = position(game, MAP)
    defect(ctx, "P Navis 3", "Narbo")
    assert state["pieces"]["P Navis 3"] == {
        "side": "pompey",
        "at": "Tarraco",
        "strength": 1,
        "flags": [],
    }
    defect(ctx, "P Navis 4", "Narbo")  # at I: eliminated
    assert state["pieces"]["P Navis 4"]["at"] == "pool"
    defect(ctx, "Scipio", "Narbo")  # at I: killed, a trophy
    assert state["records"]["trophies"]["caesar"] == ["Scipio"]


def test_card_jupiter_cleopatra_may_defect(game: Game) -> None:
    state, ctx = position(game, MAP)
    defect(ctx, "Cleopatra", "Catabathmus")
    assert state["pieces"]["Cleopatra"]["side"] == "caesar"
    assert state["pieces"]["Cleopatra"]["at"] == "Catabathmus"
    assert state["records"].get("defected", {}) == {}


def test_card_jupiter_rejects_a_city_not_adjacent(game: Game) -> None:
    _, ctx = position(game, MAP)
    with pytest.raises(EngineError, match="Legio 5 in Tarraco cannot defect to Catabathmus"):
        defect(ctx, "Legio 5", "Catabathmus")


def test_card_jupiter_defector_fights_for_its_new_side(game: Game) -> None:
    """Legio 5 defected into Narbo; Pompeius attacks Narbo: Legio 5 defends for Caesar."""
    state, ctx = position(game, {"Tarraco": {"Legio 5": 2}, "Narbo": {"Legio 7": 3}})
    defect(ctx, "Legio 5", "Narbo")
    place(state, "Narbo", "Legio 6", strength=2)
    state["records"].update(
        player1="pompey",
        battles=["Narbo"],
        command={
            "attacks": {
                "Narbo": {"attacker": "pompey", "main": "Narbo|Tarraco", "roads": ["Narbo|Tarraco"]}
            }
        },
    )
    game.begin(state)
    prompt = game.prompt(state)
    assert prompt is not None and prompt.side == "caesar"
    assert [a.text for a in prompt.actions] == [
        "fire(Legio 5)",
        "fire(Legio 7)",
        "pass(Legio 5)",
        "pass(Legio 7)",
    ]
