"""JC 7.2: battle turns in initiative order, defender first; at most four rounds.

Also the two guarantees every battle gives: there is always a legal action,
and a battle ends within the last round (random playouts from fixed positions).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from framework.engine.state import State
from framework.testing import GameUnderTest as Game

from .battles import actions, battle_game, begin
from .conftest import empty_board, place


@pytest.fixture
def game(make_game: Callable[..., Game]) -> Game:
    return battle_game(make_game)


NAPLES = {"attacker": "caesar", "main": "Neapolis|Roma", "roads": ["Neapolis|Roma"]}
TARRACO = {"attacker": "caesar", "main": "Narbo|Tarraco", "roads": ["Narbo|Tarraco"]}


def test_rule_7_2_rulebook_example_turn_order(game: Game) -> None:
    """Caesar (A3) and his Equitatus (B2) attack Pompeius (B3) and a navis (D2) at Neapolis:
    Caesar, Pompeius, the Equitatus, the navis; each turn offers exactly fire and pass."""
    blocks = {
        "Neapolis": {"Caesar": 3, "C Equitatus 1": 2, "Pompeius": 3, "P Navis 3": 2},
    }
    state = begin(game, blocks, {"Neapolis": NAPLES})
    order = []
    for _ in range(4):
        prompt = game.prompt(state)
        assert prompt is not None
        block = str(prompt.actions[0].args[0])
        assert actions(game, state) == [f"fire({block})", f"pass({block})"]
        order.append((prompt.side, block))
        game.apply(state, f"pass({block})")
    assert order == [
        ("caesar", "Caesar"),
        ("pompey", "Pompeius"),
        ("caesar", "C Equitatus 1"),
        ("pompey", "P Navis 3"),
    ]
    assert state["records"]["battle"]["round"] == 2


def test_rule_7_2_equal_initiative_blocks_share_the_turn(game: Game) -> None:
    """Two attacking C legions: the owner picks which acts first (2 blocks x fire/pass = 4)."""
    blocks = {"Tarraco": {"Legio 7": 3, "Legio 9": 3, "P Auxilia 3": 1}}
    state = begin(game, blocks, {"Tarraco": TARRACO})
    assert actions(game, state) == ["fire(P Auxilia 3)", "pass(P Auxilia 3)"]
    game.apply(state, "pass(P Auxilia 3)")
    assert actions(game, state) == [
        "fire(Legio 7)",
        "fire(Legio 9)",
        "pass(Legio 7)",
        "pass(Legio 9)",
    ]
    game.apply(state, "pass(Legio 9)")
    assert actions(game, state) == ["fire(Legio 7)", "pass(Legio 7)"]


def test_rule_7_2_retreat_from_round_2(game: Game) -> None:
    """Round 2: Legio 5 (defender) may retreat to vacant Bilbilis or Carthago Nova, not
    along the attacker's road to Narbo: fire, pass and 2 retreats."""
    state = begin(game, {"Tarraco": {"Legio 7": 3, "Legio 5": 2}}, {"Tarraco": TARRACO})
    game.apply(state, "pass(Legio 5)")
    game.apply(state, "pass(Legio 7)")
    assert actions(game, state) == [
        "fire(Legio 5)",
        "pass(Legio 5)",
        "retreat(Legio 5, Bilbilis)",
        "retreat(Legio 5, Carthago Nova)",
    ]


def pass_rounds(game: Game, state: State, rounds: int) -> None:
    for _ in range(rounds * 2):
        block = str(game.legal_actions(state)[0].args[0])
        game.apply(state, f"pass({block})")


def test_rule_7_2_attackers_must_retreat_in_round_4(game: Game) -> None:
    """Round 4: the defender fires or passes; Legio 7 is offered only its retreat to Narbo."""
    state = begin(game, {"Tarraco": {"Legio 7": 3, "Legio 5": 2}}, {"Tarraco": TARRACO})
    pass_rounds(game, state, 3)
    assert state["records"]["battle"]["round"] == 4
    game.apply(state, "pass(Legio 5)")
    assert actions(game, state) == ["retreat(Legio 7, Narbo)"]
    game.apply(state, "retreat(Legio 7, Narbo)")
    assert state["pieces"]["Legio 7"]["at"] == "Narbo"
    assert state["log"][-1]["text"] == "Battle at Tarraco ends: Pompeius wins"
    assert actions(game, state) == [
        "end_regroup",
        "regroup(Legio 5, Bilbilis)",
        "regroup(Legio 5, Carthago Nova)",
    ]


def test_rule_7_2_an_attacker_that_cannot_retreat_in_round_4_is_eliminated(game: Game) -> None:
    """Narbo is held by Pompeius: Legio 7 has no retreat and is eliminated on its turn."""
    blocks = {"Tarraco": {"Legio 7": 3, "Legio 5": 2}, "Narbo": {"Legio 6": 1}}
    state = begin(game, blocks, {"Tarraco": TARRACO})
    pass_rounds(game, state, 3)
    game.apply(state, "pass(Legio 5)")
    piece = state["pieces"]["Legio 7"]
    assert (piece["at"], piece["flags"]) == ("pool", ["face_up"])
    assert [e["text"] for e in state["log"][-3:]] == [
        "Legio 7 must retreat from Tarraco and cannot",
        "Legio 7 is eliminated in Tarraco and goes face up to Caesar's pool",
        "Battle at Tarraco ends: Pompeius wins",
    ]


# -- every battle ends, and never dead-ends -----------------------------------------

POSITIONS: list[tuple[dict[str, dict[str, int]], dict[str, Any]]] = [
    (
        {
            "Tarraco": {
                "Legio 7": 3, "Legio 9": 3, "Legio 10": 3, "C Equitatus 1": 3,
                "Legio 11": 3, "Legio 12": 3,
                "Legio 5": 3, "Legio 6": 3, "P Equitatus 1": 2,
                "Legio 2": 4, "Legio 4": 3, "Pompeius": 3, "P Auxilia 1": 4,
            },
            "Mare Hispanum": {"C Navis 1": 2},
            "Massilia": {"Legio 14": 3},
        },
        {
            "Tarraco": {
                "attacker": "caesar",
                "main": "Narbo|Tarraco",
                "roads": ["Bilbilis|Tarraco", "Narbo|Tarraco"],
                "reserves": {
                    "caesar": ["Legio 11", "Legio 12"],
                    "pompey": ["Legio 2", "Legio 4", "Pompeius", "P Auxilia 1"],
                },
                "origins": {
                    "Legio 11": "Bilbilis", "Legio 12": "Bilbilis", "Legio 2": "Carthago Nova",
                    "Legio 4": "Carthago Nova", "Pompeius": "Carthago Nova",
                    "P Auxilia 1": "Carthago Nova",
                },
            }
        },
    ),
    (
        {
            "Utica": {"Cleopatra": 1, "C Auxilia 3": 2, "Legio 39": 2, "P Elephant": 4,
                      "P Navis 3": 2, "C Ballista": 2},
            "Mare Internum": {"C Navis 4": 3, "P Navis 1": 2},
            "Syracusae": {"Legio 17": 2},
        },
        {
            "Utica": {"attacker": "caesar", "main": "Tacape|Utica", "roads": ["Tacape|Utica"]},
            "Mare Internum": {"attacker": "pompey", "main": "Mare Internum|Utica",
                              "roads": ["Mare Internum|Utica"]},
        },
    ),
    (
        {
            "Messana": {"Antonius": 2, "Legio 18": 4, "Legio 37": 3, "Scipio": 1},
            "Rhegium": {"Legio 3": 2},
        },
        {"Messana": {"attacker": "pompey", "main": "Messana|Rhegium", "roads": ["Messana|Rhegium"]}},
    ),
]  # fmt: skip


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("position", range(len(POSITIONS)))
def test_rule_7_2_random_battles_end_within_four_rounds(
    game: Game, position: int, seed: int
) -> None:
    """Random legal choices with the state's own dice: every prompt offers an action, the
    round never passes 4, and the phase ends with no contested location left."""
    blocks, attacks = POSITIONS[position]
    state = game.setup(seed=seed)
    empty_board(state)
    for space, strengths in blocks.items():
        for block, strength in strengths.items():
            place(state, space, block, strength=strength)
    state["records"].update(
        player1="caesar",
        battles=list(attacks),
        command={"attacks": attacks},
        trophies={"caesar": [], "pompey": []},
        leaders_lost={"caesar": 0, "pompey": 0},
    )
    game.begin(state)
    chooser = random.Random(seed)
    last_round = game.rules.param("battle_rounds")
    assert last_round == 4  # JC 7.2: four rounds at most
    rounds_seen: set[int] = set()
    for _ in range(500):
        if state["result"] is not None:
            break
        legal = game.legal_actions(state)
        assert legal
        battle = state["records"].get("battle")
        if battle:
            rounds_seen.add(battle["round"])
            assert battle["round"] in range(1, last_round + 1), battle
        game.apply(state, chooser.choice(legal))
    assert rounds_seen, "no battle round was fought"
    assert state["result"] is not None
    sides: dict[str, set[str]] = {}
    for piece in state["pieces"].values():
        if piece["at"] not in ("pool", "out"):
            sides.setdefault(piece["at"], set()).add(piece["side"])
    assert all(len(s) == 1 for s in sides.values())
    assert not any("revealed" in p["flags"] for p in state["pieces"].values())
