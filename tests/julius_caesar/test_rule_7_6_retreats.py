"""JC 7.6-7.64: retreats.

7.61: road limits apply to retreats in each battle round; never into an enemy
or contested location; one block per round across a strait. 7.62: attackers
retreat to adjacent vacant cities along the roads used to attack or
reinforce, or to any adjacent friendly city. 7.63: defenders retreat to
adjacent friendly or vacant cities, not along roads the attacker used. 7.64:
by sea, one block per round, through one adjacent friendly sea to a friendly
port on that sea.

Legal-action counts are derived by hand in each docstring.
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


def to_round_2(game: Game, state: State) -> None:
    while state["records"]["battle"]["round"] == 1:
        game.apply(state, f"pass({game.legal_actions(state)[0].args[0]})")


TARRACO = {"attacker": "caesar", "main": "Narbo|Tarraco", "roads": ["Narbo|Tarraco"]}
TARRACO_MAP = {
    "Tarraco": {"Legio 7": 3, "Legio 5": 3},
    "Carthago Nova": {"Legio 11": 3},
    "Mare Hispanum": {"C Navis 1": 2},
    "Massilia": {"Legio 14": 3},
}


def test_rule_7_63_defender_not_along_the_attack_road_nor_to_enemy_cities(game: Game) -> None:
    """Legio 5: Narbo is the attacker's road, Carthago Nova is enemy, Mare Hispanum is
    enemy; Bilbilis (vacant, minor road) remains: fire, pass, 1 retreat = 3 actions."""
    state = begin(game, TARRACO_MAP, {"Tarraco": TARRACO})
    to_round_2(game, state)
    assert actions(game, state) == ["fire(Legio 5)", "pass(Legio 5)", "retreat(Legio 5, Bilbilis)"]


def test_rule_7_62_attacker_to_vacant_along_its_road_or_any_friendly(game: Game) -> None:
    """Legio 7: Narbo (vacant, its road), Carthago Nova (friendly), not Bilbilis (vacant,
    unused); by sea through friendly Mare Hispanum to friendly Carthago Nova or Massilia:
    fire, pass and 4 retreats = 6 actions."""
    state = begin(game, TARRACO_MAP, {"Tarraco": TARRACO})
    to_round_2(game, state)
    game.apply(state, "pass(Legio 5)")
    assert actions(game, state) == [
        "fire(Legio 7)",
        "pass(Legio 7)",
        "retreat(Legio 7, Carthago Nova)",
        "retreat(Legio 7, Mare Hispanum, Carthago Nova)",
        "retreat(Legio 7, Mare Hispanum, Massilia)",
        "retreat(Legio 7, Narbo)",
    ]


def test_rule_7_6_retreat_moves_the_block_and_hides_it(game: Game) -> None:
    state = begin(game, TARRACO_MAP, {"Tarraco": TARRACO})
    to_round_2(game, state)
    game.apply(state, "pass(Legio 5)")
    game.apply(state, "retreat(Legio 7, Mare Hispanum, Massilia)")
    assert state["pieces"]["Legio 7"] == {
        "side": "caesar",
        "at": "Massilia",
        "strength": 3,
        "flags": [],
    }
    assert "Legio 7 retreats: Tarraco -> Mare Hispanum -> Massilia" in [
        e["text"] for e in state["log"]
    ]


def test_rule_7_61_road_limit_per_round(game: Game) -> None:
    """Three defenders, the minor road to Bilbilis takes 2 per round; Carthago Nova is
    enemy. After two retreat, the third may only fire or pass; in round 3 it may go."""
    blocks = {
        "Tarraco": {"Legio 7": 3, "Legio 5": 1, "Legio 6": 1, "Legio 4": 1},
        "Carthago Nova": {"Legio 11": 3},
    }
    state = begin(game, blocks, {"Tarraco": TARRACO})
    to_round_2(game, state)
    game.apply(state, "retreat(Legio 5, Bilbilis)")
    game.apply(state, "retreat(Legio 6, Bilbilis)")
    assert actions(game, state) == ["fire(Legio 4)", "pass(Legio 4)"]
    game.apply(state, "pass(Legio 4)")
    game.apply(state, "pass(Legio 7)")
    assert state["records"]["battle"]["round"] == 3
    assert actions(game, state) == ["fire(Legio 4)", "pass(Legio 4)", "retreat(Legio 4, Bilbilis)"]


MESSANA = {"attacker": "pompey", "main": "Lilybaeum|Messana", "roads": ["Lilybaeum|Messana"]}


def test_rule_7_61_one_block_per_round_across_a_strait(game: Game) -> None:
    """Caesar defends Messana: Rhegium (friendly, strait) and Syracusae (vacant) are open,
    Lilybaeum is the attacker's road. Once one block crossed the strait, the other may
    only go to Syracusae this round."""
    blocks = {
        "Messana": {"Legio 18": 2, "Legio 19": 2, "Legio 37": 3},
        "Rhegium": {"Legio 20": 1},
    }
    state = begin(game, blocks, {"Messana": MESSANA})
    to_round_2(game, state)
    assert actions(game, state) == [
        "fire(Legio 18)",
        "fire(Legio 19)",
        "pass(Legio 18)",
        "pass(Legio 19)",
        "retreat(Legio 18, Rhegium)",
        "retreat(Legio 18, Syracusae)",
        "retreat(Legio 19, Rhegium)",
        "retreat(Legio 19, Syracusae)",
    ]
    game.apply(state, "retreat(Legio 18, Rhegium)")
    assert actions(game, state) == [
        "fire(Legio 19)",
        "pass(Legio 19)",
        "retreat(Legio 19, Syracusae)",
    ]


UTICA = {"attacker": "caesar", "main": "Tacape|Utica", "roads": ["Tacape|Utica"]}
UTICA_MAP = {
    "Utica": {"Legio 17": 3, "Legio 39": 2, "Legio 38": 2},
    "Mare Internum": {"C Navis 4": 2},
    "Syracusae": {"Legio 19": 2},
    "Mare Hispanum": {"P Navis 3": 2},
    "Carthago Nova": {"Legio 2": 2},
}


def test_rule_7_64_example_both_sides_retreat_by_their_own_sea(game: Game) -> None:
    """Utica: Caesar holds Mare Internum, Pompeius Mare Hispanum. Pompeius's defenders may
    go to Badias, Iomnium (not Tacape, the attack road) or by sea to Carthago Nova;
    only one of them by sea this round."""
    state = begin(game, UTICA_MAP, {"Utica": UTICA})
    to_round_2(game, state)
    assert actions(game, state) == [
        "fire(Legio 38)",
        "fire(Legio 39)",
        "pass(Legio 38)",
        "pass(Legio 39)",
        "retreat(Legio 38, Badias)",
        "retreat(Legio 38, Iomnium)",
        "retreat(Legio 38, Mare Hispanum, Carthago Nova)",
        "retreat(Legio 39, Badias)",
        "retreat(Legio 39, Iomnium)",
        "retreat(Legio 39, Mare Hispanum, Carthago Nova)",
    ]
    game.apply(state, "retreat(Legio 39, Mare Hispanum, Carthago Nova)")
    assert actions(game, state) == [
        "fire(Legio 38)",
        "pass(Legio 38)",
        "retreat(Legio 38, Badias)",
        "retreat(Legio 38, Iomnium)",
    ]
    game.apply(state, "pass(Legio 38)")
    # Caesar's attacker: Tacape along his road, or by sea via Mare Internum to Syracusae.
    assert actions(game, state) == [
        "fire(Legio 17)",
        "pass(Legio 17)",
        "retreat(Legio 17, Mare Internum, Syracusae)",
        "retreat(Legio 17, Tacape)",
    ]


def test_rule_7_61_never_into_a_contested_city(game: Game) -> None:
    """Bilbilis is contested (its own battle waits): Legio 5 has no retreat left."""
    blocks = {
        "Tarraco": {"Legio 7": 3, "Legio 5": 3},
        "Carthago Nova": {"Legio 11": 3},
        "Bilbilis": {"Legio 12": 1, "Legio 6": 1},
    }
    attacks = {
        "Tarraco": TARRACO,
        "Bilbilis": {"attacker": "caesar", "main": "Bilbilis|Burdigala", "roads": []},
    }
    state = begin(game, blocks, attacks)
    game.apply(state, "battle(Tarraco)")
    to_round_2(game, state)
    assert actions(game, state) == ["fire(Legio 5)", "pass(Legio 5)"]
