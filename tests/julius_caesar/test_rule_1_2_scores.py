"""JC 1.2 through the game plugin's ``scores``: simulation reports each side's VP."""

from __future__ import annotations

from legatus.framework.play.catalog import default_catalog
from legatus.framework.tools.simulate.play import scores
from legatus.framework.tools.testing import Kit, PlayFrom

from .conftest import JC, placed


def plugin_scores(kit: Kit) -> dict[str, float] | None:
    found = default_catalog().games()[JC].scores(kit.definition, kit.state)
    return None if found is None else dict(found)


def test_the_plugins_scores_give_the_starting_vp(play_from: PlayFrom) -> None:
    """JC 1.2 sidebar: Pompey starts with 7 VP, Caesar with 1 (Massilia)."""
    assert plugin_scores(play_from(JC)) == {"caesar": 1.0, "pompey": 7.0}


def test_the_plugins_scores_count_trophies_and_not_contested_cities(play_from: PlayFrom) -> None:
    """JC 1.2, 4.2.1: a contested Roma is worth nothing; a killed leader is 1 VP."""
    kit = play_from(
        JC,
        "records: {trophies: {pompey: [Antonius]}, leaders_lost: {caesar: 1}}\n"
        + placed({"Roma": ["Legio 7", "Legio 1"], "Massilia": ["Legio 8"]}),
    )
    assert plugin_scores(kit) == {"caesar": 1.0, "pompey": 1.0}


def test_a_game_without_scores_has_none() -> None:
    demo = default_catalog().load("demo_skirmish")
    assert scores(demo, demo.new_state(seed=0)) is None
    jc = default_catalog().load(JC)
    assert scores(jc, jc.new_state(seed=0)) == {"caesar": 1.0, "pompey": 7.0}
