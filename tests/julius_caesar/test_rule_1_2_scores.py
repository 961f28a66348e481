"""JC 1.2 through the game plugin's ``scores``: simulation reports each side's VP."""

from __future__ import annotations

from framework.catalog import default_catalog
from framework.engine.state import State
from framework.gamedef import GameDef
from framework.simulate.play import scores
from framework.testing import rules_game
from tests.julius_caesar.conftest import empty_board, place


def plugin_scores(jc: GameDef, state: State) -> dict[str, float] | None:
    found = default_catalog().games()["julius_caesar"].scores(jc, state)
    return None if found is None else dict(found)


def test_the_plugins_scores_give_the_starting_vp(jc: GameDef) -> None:
    """JC 1.2 sidebar: Pompey starts with 7 VP, Caesar with 1 (Massilia)."""
    state = rules_game("julius_caesar").setup()
    assert plugin_scores(jc, state) == {"caesar": 1.0, "pompey": 7.0}


def test_the_plugins_scores_count_trophies_and_not_contested_cities(jc: GameDef) -> None:
    """JC 1.2, 4.2.1: a contested Roma is worth nothing; a killed leader is 1 VP."""
    state = empty_board(rules_game("julius_caesar").setup())
    place(state, "Roma", "Legio 7")
    place(state, "Roma", "Legio 1")
    place(state, "Massilia", "Legio 8")
    state["records"]["trophies"] = {"pompey": ["Antonius"]}
    assert plugin_scores(jc, state) == {"caesar": 1.0, "pompey": 1.0}


def test_a_game_without_scores_has_none() -> None:
    demo = default_catalog().load("demo_skirmish")
    assert scores(demo, demo.new_state(seed=0)) is None
    jc = default_catalog().load("julius_caesar")
    assert scores(jc, jc.new_state(seed=0)) == {"caesar": 1.0, "pompey": 7.0}
