"""JC 7.7: the winner regroups.

All the winner's blocks, reserves included, may move to adjacent friendly or
vacant locations; road limits apply (JC 6.11, counted over the regroup);
never by sea. Blocks are hidden again before the regroup (the battle is over),
so the enemy is told how many blocks went where, not which.
"""

from __future__ import annotations

from legatus.framework.kit import reads
from legatus.framework.tools.testing import Kit, PlayFrom

from .conftest import JC, command_phase, group


def caesar_wins(play_from: PlayFrom) -> Kit:
    """Caesar attacks Tarraco from Narbo (the main attack) and Bilbilis (2 reserves); Legio 7
    eliminates its one defender in round 1."""
    kit = play_from(
        JC,
        command_phase(
            """
            setup:
              caesar:
                map:
                  Narbo: [Legio 7, Legio 9]
                  Bilbilis: [Legio 11, Legio 12]
                  Mare Hispanum: [C Navis 1]
                  Massilia: [Legio 14]
                others: out
              pompey:
                map: {Tarraco: [{piece: Legio 5, strength: 1}], Carthago Nova: [{piece: Legio 2, strength: 2}]}
                others: out
            """,
            caesar=(2, 0),
        ),
    )
    kit.act(*group("Narbo", "Tarraco", "Legio 7", "Legio 9"))
    kit.act(*group("Bilbilis", "Tarraco", "Legio 11", "Legio 12"), "main(Tarraco, Narbo)")
    assert reads.reserves(kit, "Tarraco") == {"caesar": ["Legio 11", "Legio 12"], "pompey": []}
    kit.act("pass(Legio 5)")
    kit.dice([1, 6, 6]).act("fire(Legio 7)")  # Legio 5 eliminated: Caesar wins in round 1
    return kit


def test_rule_7_7_winner_regroups_reserves_included_never_by_sea(play_from: PlayFrom) -> None:
    """4 blocks x (Narbo, Bilbilis) + end_regroup = 9 actions; Carthago Nova is enemy,
    and no route goes by Mare Hispanum to Massilia."""
    kit = caesar_wins(play_from)
    assert kit.asked == ("caesar", "regroup")
    assert kit.legal() == [
        "end_regroup",
        "regroup(Legio 11, Bilbilis)",
        "regroup(Legio 11, Narbo)",
        "regroup(Legio 12, Bilbilis)",
        "regroup(Legio 12, Narbo)",
        "regroup(Legio 7, Bilbilis)",
        "regroup(Legio 7, Narbo)",
        "regroup(Legio 9, Bilbilis)",
        "regroup(Legio 9, Narbo)",
    ]
    assert not any("revealed" in kit.flags(block) for block in kit.definition.pieces)


def test_rule_7_7_road_limits_apply_to_the_regroup(play_from: PlayFrom) -> None:
    """Two blocks fill the minor road to Bilbilis; the others may only go to Narbo."""
    kit = caesar_wins(play_from)
    kit.act("regroup(Legio 11, Bilbilis)", "regroup(Legio 12, Bilbilis)")
    assert kit.legal() == ["end_regroup", "regroup(Legio 7, Narbo)", "regroup(Legio 9, Narbo)"]
    kit.act("regroup(Legio 7, Narbo)", "end_regroup")
    assert {b: kit.at(b) for b in ("Legio 7", "Legio 9", "Legio 11", "Legio 12")} == {
        "Legio 7": "Narbo",
        "Legio 9": "Tarraco",
        "Legio 11": "Bilbilis",
        "Legio 12": "Bilbilis",
    }
    # No battle left: the battle phase is over and the next turn's cards are played.
    assert kit.step == "card_phase" and kit.counters == {"year": 1, "turn": 2}


def test_rule_7_7_the_enemy_learns_where_not_which(play_from: PlayFrom) -> None:
    kit = caesar_wins(play_from)
    kit.act("regroup(Legio 11, Bilbilis)")
    assert kit.log("pompey")[-1] == "Caesar regroups a block: Tarraco -> Bilbilis"
    assert kit.log("caesar")[-1] == "Caesar regroups Legio 11: Tarraco -> Bilbilis"
