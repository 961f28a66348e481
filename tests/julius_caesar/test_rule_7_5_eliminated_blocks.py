"""JC 7.5-7.52: eliminated blocks, killed leaders, Cleopatra.

7.5: eliminated blocks go to their owner's pool face up (not levied this year).
7.51: a killed leader is a trophy worth 1 VP to the enemy; the side's third
leader becomes available (``leaders_lost`` counts the deaths). 7.52:
Cleopatra eliminated in battle joins the other side at strength I and fights
for it from her next battle turn. A block that defected (card Jupiter)
returns to its original owner's pool when eliminated.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from framework.engine.state import State
from framework.engine.view import observe
from framework.testing import GameUnderTest as Game
from games.julius_caesar.model import vp

from .conftest import empty_board, place


@pytest.fixture
def game(make_game: Callable[..., Game]) -> Game:
    return make_game("battle_phase")


def begin(
    game: Game, space: str, strengths: dict[str, int], attack: dict[str, Any], **public: Any
) -> State:
    state = game.setup()
    empty_board(state)
    for block, strength in strengths.items():
        place(state, space, block, strength=strength)
    state["records"].update(
        player1="caesar",
        battles=[space],
        command={"attacks": {space: attack}},
        trophies={"caesar": [], "pompey": []},
        leaders_lost={"caesar": 0, "pompey": 0},
        **public,
    )
    return game.begin(state)


TARRACO = {"attacker": "caesar", "main": "Narbo|Tarraco", "roads": ["Narbo|Tarraco"]}


def test_rule_7_5_eliminated_block_lies_face_up_in_the_pool(game: Game, jc: Any) -> None:
    state = begin(game, "Tarraco", {"Legio 7": 3, "Legio 5": 1}, TARRACO)
    game.apply(state, "pass(Legio 5)")
    game.forced_dice = [1, 5, 6]
    game.apply(state, "fire(Legio 7)")
    piece = state["pieces"]["Legio 5"]
    assert piece == {"side": "pompey", "at": "pool", "strength": 1, "flags": ["face_up"]}
    known = observe(jc, state, "caesar")["pieces"]["known"]
    assert known["Legio 5"] == {"side": "pompey", "at": "pool", "strength": 1, "flags": ["face_up"]}


def test_rule_7_51_killed_leader_is_a_trophy_and_unlocks_the_third(game: Game, jc: Any) -> None:
    """Pompeius (I) dies at Tarraco: a trophy for Caesar (+1 VP), Pompeius's count 1."""
    state = begin(game, "Tarraco", {"Caesar": 3, "Pompeius": 1, "Legio 5": 1}, TARRACO)
    before = vp(jc, state, "caesar")
    game.forced_dice = [1, 5, 6]
    game.apply(state, "fire(Caesar)")  # one hit: tie at I between Pompeius and Legio 5
    game.apply(state, "hit(Pompeius)")
    piece = state["pieces"]["Pompeius"]
    assert (piece["at"], piece["side"]) == ("out", "pompey")
    assert state["records"]["trophies"] == {"caesar": ["Pompeius"], "pompey": []}
    assert state["records"]["leaders_lost"] == {"caesar": 0, "pompey": 1}
    assert "Pompeius is killed in Tarraco: a trophy for Caesar" in [e["text"] for e in state["log"]]
    # Tarraco (1 VP) is still contested; the trophy alone adds 1 VP.
    assert vp(jc, state, "caesar") == before + 1


ALEXANDRIA = {
    "attacker": "caesar",
    "main": "Alexandria|Catabathmus",
    "roads": ["Alexandria|Catabathmus"],
}


def test_rule_7_52_cleopatra_joins_the_enemy_and_fights_on_her_next_turn(game: Game) -> None:
    """C Auxilia 3 (A1) hits; Pompeius puts the hit on Cleopatra (tie at I with P Auxilia
    3): she joins Caesar at I and, not having acted, takes her C turn for him this round."""
    blocks = {"C Auxilia 3": 1, "Legio 7": 1, "Cleopatra": 1, "P Auxilia 3": 1}
    state = begin(game, "Alexandria", blocks, ALEXANDRIA)
    game.apply(state, "pass(P Auxilia 3)")
    game.forced_dice = [1]
    game.apply(state, "fire(C Auxilia 3)")
    assert [a.text for a in game.legal_actions(state)] == ["hit(Cleopatra)", "hit(P Auxilia 3)"]
    game.apply(state, "hit(Cleopatra)")
    piece = state["pieces"]["Cleopatra"]
    assert piece == {"side": "caesar", "at": "Alexandria", "strength": 1, "flags": ["revealed"]}
    prompt = game.prompt(state)
    assert prompt is not None and prompt.side == "caesar"
    assert [a.text for a in prompt.actions] == [
        "fire(Cleopatra)",
        "fire(Legio 7)",
        "pass(Cleopatra)",
        "pass(Legio 7)",
    ]
    game.forced_dice = [1]
    game.apply(state, "fire(Cleopatra)")  # C1 for Caesar: P Auxilia 3 eliminated
    assert state["pieces"]["P Auxilia 3"]["at"] == "pool"
    assert "Battle at Alexandria ends: Caesar wins" in [e["text"] for e in state["log"]]


def test_rule_7_52_cleopatra_who_already_acted_waits_for_the_next_round(game: Game) -> None:
    """Cleopatra (C, defender) passes; Legio 7 (C, attacker) eliminates her: she joins
    Caesar but has had her turn; round 2 starts with Caesar's blocks only."""
    blocks = {"Legio 7": 2, "Cleopatra": 1, "P Auxilia 3": 1}
    state = begin(game, "Alexandria", blocks, ALEXANDRIA)
    game.apply(state, "pass(P Auxilia 3)")
    game.apply(state, "pass(Cleopatra)")
    game.forced_dice = [1, 6]
    game.apply(state, "fire(Legio 7)")
    assert [a.text for a in game.legal_actions(state)] == ["hit(Cleopatra)", "hit(P Auxilia 3)"]
    game.apply(state, "hit(Cleopatra)")
    assert state["records"]["battle"]["round"] == 2
    assert state["pieces"]["Cleopatra"]["side"] == "caesar"


def test_card_jupiter_defector_eliminated_returns_to_its_original_owner(game: Game) -> None:
    """Caesar's Legio 9 defected to Pompeius; killed at Tarraco, it goes face up to
    Caesar's pool."""
    state = game.setup()
    empty_board(state)
    place(state, "Tarraco", "Legio 7", strength=3)
    place(state, "Tarraco", "Legio 9", strength=1)
    state["pieces"]["Legio 9"]["side"] = "pompey"
    state["records"].update(
        player1="caesar",
        battles=["Tarraco"],
        command={"attacks": {"Tarraco": TARRACO}},
        defected={"Legio 9": "caesar"},
    )
    game.begin(state)
    game.apply(state, "pass(Legio 9)")
    game.forced_dice = [1, 6, 6]
    game.apply(state, "fire(Legio 7)")
    piece = state["pieces"]["Legio 9"]
    assert piece == {"side": "caesar", "at": "pool", "strength": 1, "flags": ["face_up"]}
    assert state["records"]["defected"] == {}


def test_rule_7_5_polish_reading_face_down_in_the_pool(
    make_game: Callable[..., Game], jc: Any
) -> None:
    """PL 7.5 (``eliminated.face_up`` false): Legio 5 goes face down to the pool. Caesar
    saw it fall (it fought revealed), so the log names it to both; but in the pool it is
    one of Pompeius's hidden blocks to Caesar, while Pompeius sees it flagged face down."""
    game = make_game("battle_phase", eliminated__face_up=False)
    state = begin(game, "Tarraco", {"Legio 7": 3, "Legio 5": 1}, TARRACO)
    game.apply(state, "pass(Legio 5)")
    game.forced_dice = [1, 5, 6]
    game.apply(state, "fire(Legio 7)")
    piece = state["pieces"]["Legio 5"]
    assert piece == {"side": "pompey", "at": "pool", "strength": 1, "flags": ["face_down"]}
    assert "Legio 5" not in observe(jc, state, "caesar")["pieces"]["known"]
    assert observe(jc, state, "pompey")["pieces"]["known"]["Legio 5"]["flags"] == ["face_down"]
    line = "Legio 5 is eliminated in Tarraco and goes face down to Pompeius's pool"
    assert [e.get("to") for e in state["log"] if e["text"] == line] == [None]
