"""JC 1.2 through the ``legatus_scores`` hook: simulation reports each side's VP."""

from __future__ import annotations

from framework.engine.core import Game
from framework.engine.state import State
from framework.engine.testing import StaticRules
from framework.gamedef import GameDef
from framework.playable import load_playable
from framework.plugins import default_plugins
from framework.simulate.play import scores
from tests.julius_caesar.conftest import empty_board, place


def hook_scores(jc: GameDef, state: State) -> dict[str, float] | None:
    result = default_plugins().manager.hook.legatus_scores(game=jc.name, definition=jc, state=state)
    assert result is None or isinstance(result, dict)
    return result


def test_hook_legatus_scores_gives_the_starting_vp(jc: GameDef) -> None:
    """JC 1.2 sidebar: Pompey starts with 7 VP, Caesar with 1 (Massilia)."""
    state = Game(jc, StaticRules(()), {}).setup()
    assert hook_scores(jc, state) == {"caesar": 1.0, "pompey": 7.0}


def test_hook_legatus_scores_counts_trophies_and_not_contested_cities(jc: GameDef) -> None:
    """JC 1.2, 4.2.1: a contested Roma is worth nothing; a killed leader is 1 VP."""
    state = empty_board(Game(jc, StaticRules(()), {}).setup())
    place(state, "Roma", "Legio 7")
    place(state, "Roma", "Legio 1")
    place(state, "Massilia", "Legio 8")
    state["public"]["trophies"] = {"pompey": ["Antonius"]}
    assert hook_scores(jc, state) == {"caesar": 1.0, "pompey": 1.0}


def test_hook_legatus_scores_answers_none_for_games_without_scores() -> None:
    demo = load_playable("demo_skirmish")
    assert scores(demo, demo.new_state(seed=0)) is None
    jc = load_playable("julius_caesar")
    assert scores(jc, jc.new_state(seed=0)) == {"caesar": 1.0, "pompey": 7.0}
