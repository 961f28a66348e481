"""JC 7.8-7.83: naval and coastal battles.

7.8: navis fight at D2/D3, the defender first; the attacker must retreat in
round 4 if a defending navis remains. 7.81: navis fight in battles at ports,
attacking only from an adjacent sea; when navis and land blocks attack a port
together, either the navis or the land blocks are reserves (the command
phase's record says which). 7.82: navis retreat on their D turn from round 2;
without a retreat they win or perish. 7.83: the winner's navis regroup.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from framework.engine.state import State
from framework.testing import GameUnderTest as Game

from .battles import actions, battle_game, begin


@pytest.fixture
def game(make_game: Callable[..., Game]) -> Game:
    return battle_game(make_game)


def pass_turns(game: Game, state: State, count: int) -> None:
    for _ in range(count):
        game.apply(state, f"pass({game.legal_actions(state)[0].args[0]})")


SEA_ATTACK = {
    "attacker": "caesar",
    "main": "Mare Hispanum|Mare Tyrrhenum",
    "roads": ["Mare Hispanum|Mare Tyrrhenum"],
    "origins": {"C Navis 1": "Mare Tyrrhenum"},
}
SEA_MAP = {
    "Mare Hispanum": {"C Navis 1": 2, "P Navis 3": 2},
    "Massilia": {"Legio 14": 3},
    "Genua": {"Legio 8": 3},
    "Tarraco": {"Legio 5": 3},
    "Carthago Nova": {"Legio 2": 2},
}


def test_rule_7_82_defending_navis_retreats(game: Game) -> None:
    """P Navis 3: no friendly sea; vacant Oceanus Atlanticus but not Mare Tyrrhenum (the
    attacker came from it); friendly ports on the sea: Carthago Nova, Tarraco. 5 actions."""
    state = begin(game, SEA_MAP, {"Mare Hispanum": SEA_ATTACK})
    pass_turns(game, state, 2)
    assert actions(game, state) == [
        "fire(P Navis 3)",
        "pass(P Navis 3)",
        "retreat(P Navis 3, Carthago Nova)",
        "retreat(P Navis 3, Oceanus Atlanticus)",
        "retreat(P Navis 3, Tarraco)",
    ]


def test_rule_7_82_attacking_navis_retreats(game: Game) -> None:
    """C Navis 1: back to Mare Tyrrhenum (vacant, it came from there), or to the friendly
    ports Genua and Massilia on the same sea; not to vacant Oceanus Atlanticus. 5 actions."""
    state = begin(game, SEA_MAP, {"Mare Hispanum": SEA_ATTACK})
    pass_turns(game, state, 3)
    assert actions(game, state) == [
        "fire(C Navis 1)",
        "pass(C Navis 1)",
        "retreat(C Navis 1, Genua)",
        "retreat(C Navis 1, Mare Tyrrhenum)",
        "retreat(C Navis 1, Massilia)",
    ]


def test_rule_7_8_attacker_must_retreat_in_round_4_or_perish(game: Game) -> None:
    """Mare Tyrrhenum is now Pompeius's, no friendly port or sea: C Navis 1 perishes."""
    blocks = {"Mare Hispanum": {"C Navis 1": 2, "P Navis 3": 2}, "Mare Tyrrhenum": {"P Navis 4": 2}}
    state = begin(game, blocks, {"Mare Hispanum": SEA_ATTACK})
    pass_turns(game, state, 6)
    assert state["records"]["battle"]["round"] == 4
    game.apply(state, "pass(P Navis 3)")
    piece = state["pieces"]["C Navis 1"]
    assert (piece["at"], piece["flags"]) == ("pool", ["face_up"])


def test_rule_7_8_navis_fire_d3(game: Game) -> None:
    """P Navis 1 (D3, II) rolls 3, 4: one hit on C Navis 1 (II -> I)."""
    blocks = {"Mare Hispanum": {"C Navis 1": 2, "P Navis 1": 2}}
    state = begin(game, blocks, {"Mare Hispanum": SEA_ATTACK})
    game.forced_dice = [3, 4]
    game.apply(state, "fire(P Navis 1)")
    assert state["pieces"]["C Navis 1"]["strength"] == 1


COASTAL = {
    "attacker": "caesar",
    "main": "Mare Hispanum|Tarraco",
    "roads": ["Mare Hispanum|Tarraco", "Narbo|Tarraco"],
    "reserves": {"caesar": ["Legio 7"]},
    "origins": {"C Navis 1": "Mare Hispanum", "Legio 7": "Narbo"},
}


def test_rule_7_81_navis_main_attack_land_blocks_in_reserve(game: Game) -> None:
    """Round 1: Legio 5 (C), then the navis (D), defender first; Legio 7 waits."""
    blocks = {"Tarraco": {"C Navis 1": 2, "Legio 7": 3, "Legio 5": 2, "P Navis 3": 2}}
    state = begin(game, blocks, {"Tarraco": COASTAL})
    order = []
    while state["records"]["battle"]["round"] == 1:
        block = str(game.legal_actions(state)[0].args[0])
        order.append(block)
        game.apply(state, f"pass({block})")
    assert order == ["Legio 5", "P Navis 3", "C Navis 1"]
    assert "revealed" in state["pieces"]["Legio 7"]["flags"]


def test_rule_7_81_land_main_attack_navis_in_reserve(game: Game) -> None:
    record = {**COASTAL, "main": "Narbo|Tarraco", "reserves": {"caesar": ["C Navis 1"]}}
    blocks = {"Tarraco": {"C Navis 1": 2, "Legio 7": 3, "Legio 5": 2}}
    state = begin(game, blocks, {"Tarraco": record})
    order = []
    while state["records"]["battle"]["round"] == 1:
        block = str(game.legal_actions(state)[0].args[0])
        order.append(block)
        game.apply(state, f"pass({block})")
    assert order == ["Legio 5", "Legio 7"]


def test_rule_7_82_navis_in_a_port_battle_retreat_to_a_sea(game: Game) -> None:
    """Round 2 at Tarraco: P Navis 3 may not use Mare Hispanum (vacant, the attacker's
    origin): fire or pass only. C Navis 1 may go back to Mare Hispanum."""
    blocks = {"Tarraco": {"C Navis 1": 2, "Legio 7": 3, "Legio 5": 2, "P Navis 3": 2}}
    state = begin(game, blocks, {"Tarraco": COASTAL})
    pass_turns(game, state, 3)  # round 1
    pass_turns(game, state, 2)  # Legio 5 and Legio 7 in round 2
    assert actions(game, state) == ["fire(P Navis 3)", "pass(P Navis 3)"]
    game.apply(state, "pass(P Navis 3)")
    assert actions(game, state) == [
        "fire(C Navis 1)",
        "pass(C Navis 1)",
        "retreat(C Navis 1, Mare Hispanum)",
    ]


def test_rule_7_83_navis_regroup_to_seas_and_ports_of_the_same_sea(game: Game) -> None:
    """Caesar wins at Mare Hispanum: 2 vacant seas + 8 friendly or vacant ports on it
    (not Pompeian Tarraco and Carthago Nova) + end_regroup = 11 actions."""
    blocks = {**SEA_MAP, "Mare Hispanum": {"C Navis 1": 2, "P Navis 3": 1}}
    state = begin(game, blocks, {"Mare Hispanum": SEA_ATTACK})
    game.apply(state, "pass(P Navis 3)")
    game.forced_dice = [1, 6]
    game.apply(state, "fire(C Navis 1)")
    assert actions(game, state) == [
        "end_regroup",
        "regroup(C Navis 1, Caralis)",
        "regroup(C Navis 1, Genua)",
        "regroup(C Navis 1, Iomnium)",
        "regroup(C Navis 1, Mare Tyrrhenum)",
        "regroup(C Navis 1, Massilia)",
        "regroup(C Navis 1, Narbo)",
        "regroup(C Navis 1, Oceanus Atlanticus)",
        "regroup(C Navis 1, Siga)",
        "regroup(C Navis 1, Tingis)",
        "regroup(C Navis 1, Utica)",
    ]
