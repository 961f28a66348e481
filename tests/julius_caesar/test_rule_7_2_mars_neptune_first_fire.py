"""JC 7.2 with cards Mars and Neptune: who fires first in round 1 of one battle.

Mars: in one battle all attacking blocks fire before any defending block in
round 1, so the defender may be fired on twice in a row. Neptune: the event's
navis fire before all defending blocks in round 1 of one naval or coastal
battle. The command phase records the event's group in
``public["command"]["event_group"]``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from framework.engine.state import State
from framework.testing import GameUnderTest as Game

from .conftest import empty_board, place


@pytest.fixture
def game(make_game: Callable[..., Game]) -> Game:
    return make_game("battle_phase")


def begin(
    game: Game,
    blocks: dict[str, dict[str, int]],
    attacks: dict[str, Any],
    event_group: dict[str, Any] | None,
) -> State:
    state = game.setup()
    empty_board(state)
    for space, strengths in blocks.items():
        for block, strength in strengths.items():
            place(state, space, block, strength=strength)
    state["records"].update(
        player1="caesar",
        battles=list(attacks),
        command={"attacks": attacks, "event_group": event_group},
        trophies={"caesar": [], "pompey": []},
        leaders_lost={"caesar": 0, "pompey": 0},
    )
    return game.begin(state)


def turn_order(game: Game, state: State, turns: int) -> list[str]:
    """Pass ``turns`` battle turns, taking the first offered block each time."""
    order = []
    for _ in range(turns):
        block = str(game.legal_actions(state)[0].args[0])
        order.append(block)
        game.apply(state, f"pass({block})")
    return order


TARRACO_BLOCKS = {
    "Tarraco": {"C Auxilia 3": 1, "Legio 7": 3, "P Auxilia 3": 1, "Legio 5": 3},
}
TARRACO = {"attacker": "caesar", "main": "Narbo|Tarraco", "roads": ["Narbo|Tarraco"]}
MARS = {"mode": "Mars", "blocks": ["Legio 7", "C Auxilia 3"], "location": "Tarraco"}


def test_without_an_event_the_defender_goes_first_on_equal_letters(game: Game) -> None:
    state = begin(game, TARRACO_BLOCKS, {"Tarraco": TARRACO}, None)
    assert turn_order(game, state, 4) == ["P Auxilia 3", "C Auxilia 3", "Legio 5", "Legio 7"]


def test_card_mars_attackers_fire_first_in_round_1_only(game: Game) -> None:
    state = begin(game, TARRACO_BLOCKS, {"Tarraco": TARRACO}, MARS)
    assert turn_order(game, state, 4) == ["C Auxilia 3", "Legio 7", "P Auxilia 3", "Legio 5"]
    assert state["records"]["battle"]["round"] == 2
    assert turn_order(game, state, 4) == ["P Auxilia 3", "C Auxilia 3", "Legio 5", "Legio 7"]


def test_card_mars_the_defender_acts_last_in_round_1_and_first_in_round_2(game: Game) -> None:
    """The card's caution: three defender turns in a row across the round change."""
    state = begin(game, TARRACO_BLOCKS, {"Tarraco": TARRACO}, MARS)
    sides = []
    for _ in range(6):
        prompt = game.prompt(state)
        assert prompt is not None
        sides.append(prompt.side)
        game.apply(state, f"pass({prompt.actions[0].args[0]})")
    assert sides == ["caesar", "caesar", "pompey", "pompey", "pompey", "caesar"]


def test_card_mars_both_attacking_volleys_land_before_any_defender_fires(game: Game) -> None:
    """C Auxilia 3 (A1) then Legio 7 (C2) fire; Legio 5 (III) takes the hits before it acts."""
    state = begin(game, TARRACO_BLOCKS, {"Tarraco": TARRACO}, MARS)
    game.forced_dice = [1]
    game.apply(state, "fire(C Auxilia 3)")  # 1 hit on the strongest: Legio 5 III -> II
    game.forced_dice = [1, 2, 6]
    game.apply(state, "fire(Legio 7)")  # 2 hits: Legio 5 II -> I, then a tie at I
    assert state["pieces"]["Legio 5"]["strength"] == 1
    assert [a.text for a in game.legal_actions(state)] == ["hit(Legio 5)", "hit(P Auxilia 3)"]


def test_card_mars_applies_to_the_recorded_battle_only(game: Game) -> None:
    """Two battles; the Mars group attacked Tarraco: Genua is fought in normal order."""
    blocks = {
        **TARRACO_BLOCKS,
        "Genua": {"C Auxilia 4": 1, "Legio 8": 3, "P Auxilia 4": 1, "Legio 6": 3},
    }
    attacks = {
        "Tarraco": TARRACO,
        "Genua": {"attacker": "caesar", "main": "Genua|Massilia", "roads": ["Genua|Massilia"]},
    }
    state = begin(game, blocks, attacks, MARS)
    game.apply(state, "battle(Genua)")
    assert turn_order(game, state, 4) == ["P Auxilia 4", "C Auxilia 4", "Legio 6", "Legio 8"]


def test_card_mars_without_a_location_takes_the_first_battle_of_the_group(game: Game) -> None:
    state = begin(game, TARRACO_BLOCKS, {"Tarraco": TARRACO}, {**MARS, "location": None})
    assert turn_order(game, state, 2) == ["C Auxilia 3", "Legio 7"]


NAVAL = {
    "Mare Hispanum": {"C Navis 1": 2, "C Navis 2": 2, "P Navis 3": 2, "P Navis 4": 2},
}
NAVAL_ATTACK = {
    "attacker": "caesar",
    "main": "Mare Hispanum|Mare Tyrrhenum",
    "roads": ["Mare Hispanum|Mare Tyrrhenum"],
}


def test_rule_7_8_naval_battle_defenders_first(game: Game) -> None:
    state = begin(game, NAVAL, {"Mare Hispanum": NAVAL_ATTACK}, None)
    assert [a.text for a in game.legal_actions(state)] == [
        "fire(P Navis 3)",
        "fire(P Navis 4)",
        "pass(P Navis 3)",
        "pass(P Navis 4)",
    ]


def test_card_neptune_the_event_navis_fire_before_all_defenders(game: Game) -> None:
    neptune = {"mode": "neptune", "blocks": ["C Navis 1"], "location": "Mare Hispanum"}
    state = begin(game, NAVAL, {"Mare Hispanum": NAVAL_ATTACK}, neptune)
    assert turn_order(game, state, 4) == ["C Navis 1", "P Navis 3", "P Navis 4", "C Navis 2"]
    assert turn_order(game, state, 4) == ["P Navis 3", "P Navis 4", "C Navis 1", "C Navis 2"]


def test_card_neptune_in_a_coastal_battle(game: Game) -> None:
    """Caesar's navis attack Tarraco from Mare Hispanum; Legio 5 (C) would go first."""
    blocks = {"Tarraco": {"C Navis 1": 2, "Legio 5": 2}}
    attack = {
        "attacker": "caesar",
        "main": "Mare Hispanum|Tarraco",
        "roads": ["Mare Hispanum|Tarraco"],
    }
    neptune = {"mode": "neptune", "blocks": ["C Navis 1"], "location": None}
    state = begin(game, blocks, {"Tarraco": attack}, neptune)
    assert turn_order(game, state, 2) == ["C Navis 1", "Legio 5"]


def test_card_mars_from_the_command_phase_record(game: Game) -> None:
    """The Mars group recorded by the command phase (block ids kept private)."""
    from games.julius_caesar import command_record as record

    state = game.setup()
    empty_board(state)
    for block, strength in TARRACO_BLOCKS["Tarraco"].items():
        place(state, "Tarraco", block, strength=strength)
    record.open_event_group(state, "caesar", "mars", "Narbo")
    for block in ("C Auxilia 3", "Legio 7"):
        record.note_engagement(state, "caesar", block, "Tarraco", "Narbo")
        record.note_event_move(state, block, "Tarraco")
    record.settle_attacks(state, "caesar", {"Tarraco": 2})
    state["records"].update(player1="caesar", battles=["Tarraco"])
    game.begin(state)
    assert turn_order(game, state, 4) == ["C Auxilia 3", "Legio 7", "P Auxilia 3", "Legio 5"]
