"""JC 7.3: reserves sit out round 1 and arrive, revealed, at the start of round 2.

The rulebook's example: Caesar attacks Tarraco from Narbo with 4 blocks (the
main attack) and from Bilbilis with 2 more. Pompeius has 3 blocks defending
Tarraco and moves 4 blocks from Carthago Nova into it. Round 1 has the 3
defenders against Caesar's 4 blocks from Narbo; Caesar's blocks from Bilbilis
and Pompeius's from Carthago Nova are reserves arriving in round 2.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from framework.engine.state import State
from framework.engine.view import observe
from framework.testing import GameUnderTest as Game

from .conftest import empty_board, place

MAIN = ["C Equitatus 1", "Legio 10", "Legio 7", "Legio 9"]  # from Narbo
SECOND = ["Legio 11", "Legio 12"]  # from Bilbilis
DEFENDERS = ["Legio 5", "Legio 6", "P Equitatus 1"]
RESPONSE = ["Legio 2", "Legio 4", "P Auxilia 1", "Pompeius"]  # from Carthago Nova
STRENGTHS = {
    "C Equitatus 1": 3, "Legio 10": 3, "Legio 7": 3, "Legio 9": 3, "Legio 11": 3,
    "Legio 12": 3, "Legio 5": 3, "Legio 6": 3, "P Equitatus 1": 2, "Legio 2": 4,
    "Legio 4": 3, "P Auxilia 1": 4, "Pompeius": 3,
}  # fmt: skip
ORIGINS = {
    **{b: "Narbo" for b in MAIN},
    **{b: "Bilbilis" for b in SECOND},
    **{b: "Carthago Nova" for b in RESPONSE},
}


@pytest.fixture
def game(make_game: Callable[..., Game]) -> Game:
    return make_game("battle_phase")


def tarraco(game: Game, attack: dict[str, Any]) -> State:
    state = game.setup()
    empty_board(state)
    for block, strength in STRENGTHS.items():
        place(state, "Tarraco", block, strength=strength)
    state["records"].update(
        player1="caesar",
        battles=["Tarraco"],
        command={"attacks": {"Tarraco": attack}},
        trophies={"caesar": [], "pompey": []},
        leaders_lost={"caesar": 0, "pompey": 0},
    )
    return game.begin(state)


RECORD = {
    "attacker": "caesar",
    "main": "Narbo|Tarraco",
    "roads": ["Bilbilis|Tarraco", "Narbo|Tarraco"],
    "reserves": {"caesar": SECOND, "pompey": RESPONSE},
    "origins": ORIGINS,
}


def revealed(state: State) -> list[str]:
    return sorted(b for b, p in state["pieces"].items() if "revealed" in p["flags"])


def play_round_passing(game: Game, state: State) -> list[str]:
    """Pass every turn of the current round; return the blocks that had a turn."""
    start = state["records"]["battle"]["round"]
    order = []
    while state["records"]["battle"]["round"] == start:
        block = str(game.legal_actions(state)[0].args[0])
        order.append(block)
        game.apply(state, f"pass({block})")
    return order


def test_rule_7_3_example_round_1_is_three_against_four(game: Game) -> None:
    state = tarraco(game, RECORD)
    assert revealed(state) == sorted(MAIN + DEFENDERS)
    assert sorted(play_round_passing(game, state)) == sorted(MAIN + DEFENDERS)


def test_rule_7_3_example_reserves_arrive_revealed_in_round_2(game: Game) -> None:
    state = tarraco(game, RECORD)
    play_round_passing(game, state)
    assert revealed(state) == sorted(STRENGTHS)
    assert sorted(play_round_passing(game, state)) == sorted(STRENGTHS)


def test_rule_7_3_reserves_are_hidden_from_the_enemy_in_round_1(game: Game, jc: Any) -> None:
    state = tarraco(game, RECORD)
    known = observe(jc, state, "caesar")["pieces"]["known"]
    # Cleopatra's blue block is known to all (JC 1.3); her strength is not.
    assert (
        sorted(b for b in known if known[b]["side"] == "pompey" and b != "Cleopatra") == DEFENDERS
    )
    assert "strength" not in known.get("Cleopatra", {})
    texts = [e["text"] for e in observe(jc, state, "caesar")["log"]]
    assert "Pompeius has 4 block(s) in reserve" in texts
    assert not any("Legio 2" in t for t in texts)


def test_rule_7_3_reserves_take_no_hits_in_round_1(game: Game) -> None:
    """Legio 10 (C4) scores 3 hits on the defenders (III, III, II): a tie at III, then
    Legio 6 alone at III, then a three-way tie at II; the reserve Legio 2 (IV) is never hit."""
    state = tarraco(game, RECORD)
    # Pass the B blocks and the defending C blocks, up to Legio 10's turn.
    while "fire(Legio 10)" not in [a.text for a in game.legal_actions(state)]:
        game.apply(state, f"pass({game.legal_actions(state)[0].args[0]})")
    game.forced_dice = [1, 2, 3]
    game.apply(state, "fire(Legio 10)")  # 3 hits on III, III, II
    assert [a.text for a in game.legal_actions(state)] == ["hit(Legio 5)", "hit(Legio 6)"]
    game.apply(state, "hit(Legio 5)")  # Legio 5 II; then Legio 6 III is alone at the top
    assert state["pieces"]["Legio 6"]["strength"] == 2
    # The third hit: three blocks at II, the owner chooses; never the reserve Legio 2 (IV).
    assert [a.text for a in game.legal_actions(state)] == [
        "hit(Legio 5)",
        "hit(Legio 6)",
        "hit(P Equitatus 1)",
    ]
    assert state["pieces"]["Legio 2"]["strength"] == 4


def test_rule_7_3_reserves_derived_from_origins_and_the_main_road(game: Game) -> None:
    """Without a reserves list: attackers off the main road and Player 2's responders."""
    record = {k: v for k, v in RECORD.items() if k != "reserves"}
    state = tarraco(game, record)
    assert revealed(state) == sorted(MAIN + DEFENDERS)


def test_rule_7_3_a_reserves_list_per_side_or_flat_is_the_same(game: Game) -> None:
    state = tarraco(game, {**RECORD, "reserves": SECOND + RESPONSE})
    assert revealed(state) == sorted(MAIN + DEFENDERS)


def test_rule_7_3_example_from_the_command_phase_record(game: Game, jc: Any) -> None:
    """The same example written by the command phase's own record
    (:mod:`games.julius_caesar.command_record`): ids of reserves stay private."""
    from games.julius_caesar import command_record as record

    state = game.setup()
    empty_board(state)
    for block, strength in STRENGTHS.items():
        place(state, "Tarraco", block, strength=strength)
    for block in MAIN + SECOND:
        record.note_engagement(state, "caesar", block, "Tarraco", ORIGINS[block])
    record.declare_main(state, "Tarraco", "Narbo|Tarraco")
    record.settle_attacks(state, "caesar", {"Tarraco": len(DEFENDERS)})
    for block in RESPONSE:
        record.note_engagement(state, "pompey", block, "Tarraco", "Carthago Nova")
    state["records"].update(player1="caesar", battles=record.battles(state, {"Tarraco"}))
    assert state["records"]["command"]["attacks"]["Tarraco"]["reserves"] == {
        "caesar": 2,
        "pompey": 4,
    }
    game.begin(state)
    assert revealed(state) == sorted(MAIN + DEFENDERS)
    assert sorted(play_round_passing(game, state)) == sorted(MAIN + DEFENDERS)
    assert revealed(state) == sorted(STRENGTHS)
