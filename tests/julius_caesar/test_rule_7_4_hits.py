"""JC 7.4: a block rolls one d6 per strength point; each roll <= firepower is a hit.

Each hit at once reduces the strongest enemy block, its owner choosing among
ties; a block reduced below strength I is eliminated; fire is not simultaneous.

Each test starts at a command phase where Caesar (Player 1) attacks Tarraco from
Narbo, and fights the battle that follows.
"""

from __future__ import annotations

from legatus.framework.kit import reads
from legatus.framework.tools.testing import Kit, PlayFrom

from .conftest import JC, command_phase, group


def tarraco(play_from: PlayFrom, setup: str, *attackers: str, pompey: int = 0) -> Kit:
    """Caesar's ``attackers`` march from Narbo into Tarraco (1 MP); Pompeius has ``pompey`` MP."""
    kit = play_from(JC, command_phase(setup, pompey=(pompey, 0)))
    return kit.act(*group("Narbo", "Tarraco", *attackers))


def test_rule_7_4_example_caesar_rolls_three_dice_and_hits_on_1_to_3(play_from: PlayFrom) -> None:
    """Caesar (A3, III) rolls 3 dice 1, 3, 4: two hits, logged with the dice for both sides."""
    kit = tarraco(
        play_from,
        """
        setup:
          caesar: {map: {Narbo: [Caesar]}, others: out}
          pompey: {map: {Tarraco: [Legio 5, {piece: Legio 6, strength: 1}]}, others: out}
        """,
        "Caesar",
    )
    kit.dice([1, 3, 4]).act("fire(Caesar)")
    assert "Caesar (A3) fires 3 dice: 1, 3, 4 -> 2 hits" in kit.log()  # the public log
    assert [kit.strength("Legio 5"), kit.strength("Legio 6")] == [1, 1]


def test_rule_7_4_example_two_hits_against_three_two_two(play_from: PlayFrom) -> None:
    """The first hit must take the III; then all are at II and the owner picks (3 actions)."""
    kit = tarraco(
        play_from,
        """
        setup:
          caesar: {map: {Narbo: [{piece: Caesar, strength: 2}]}, others: out}
          pompey:
            map: {Tarraco: [Legio 5, {piece: Legio 6, strength: 2}, P Equitatus 1]}
            others: out
        """,
        "Caesar",
    )
    kit.dice([2, 3]).act("fire(Caesar)")
    assert [kit.strength(b) for b in ("Legio 5", "Legio 6", "P Equitatus 1")] == [2, 2, 2]
    assert kit.asked == ("pompey", "battle_hit")
    assert kit.legal() == ["hit(Legio 5)", "hit(Legio 6)", "hit(P Equitatus 1)"]
    kit.act("hit(P Equitatus 1)")
    assert [kit.strength(b) for b in ("Legio 5", "Legio 6", "P Equitatus 1")] == [2, 2, 1]


def test_rule_7_4_no_choice_without_a_real_tie(play_from: PlayFrom) -> None:
    kit = tarraco(
        play_from,
        """
        setup:
          caesar: {map: {Narbo: [{piece: Caesar, strength: 1}]}, others: out}
          pompey: {map: {Tarraco: [Legio 5, {piece: Legio 6, strength: 2}]}, others: out}
        """,
        "Caesar",
    )
    kit.dice([1]).act("fire(Caesar)")
    assert [kit.strength("Legio 5"), kit.strength("Legio 6")] == [2, 2]
    assert kit.asked == ("pompey", "battle_turn")


def test_rule_7_4_below_strength_one_is_eliminated(play_from: PlayFrom) -> None:
    """Legio 5 (C2, II) rolls 1, 2: Legio 7 II -> I -> eliminated, to the pool face up."""
    kit = tarraco(
        play_from,
        """
        setup:
          caesar: {map: {Narbo: [{piece: Legio 7, strength: 2}]}, others: out}
          pompey: {map: {Tarraco: [{piece: Legio 5, strength: 2}]}, others: out}
        """,
        "Legio 7",
    )
    kit.dice([1, 2]).act("fire(Legio 5)")
    log = kit.log()
    fired = log.index("Legio 5 (C2) fires 2 dice: 1, 2 -> 2 hits")
    assert log[fired : fired + 5] == [
        "Legio 5 (C2) fires 2 dice: 1, 2 -> 2 hits",
        "Hit on Legio 7",
        "Legio 7 loses a step: II -> I",
        "Hit on Legio 7",
        "Legio 7 is eliminated in Tarraco and goes face up to Caesar's pool",
    ]
    assert (kit.at("Legio 7"), kit.flags("Legio 7"), kit.strength("Legio 7")) == (
        "pool",
        ["face_up"],
        1,
    )


def test_rule_7_4_fire_is_not_simultaneous(play_from: PlayFrom) -> None:
    """Legio 5 (defender, C) fires first and kills Legio 7 (I) before its turn."""
    kit = tarraco(
        play_from,
        """
        setup:
          caesar: {map: {Narbo: [{piece: Legio 7, strength: 1}]}, others: out}
          pompey: {map: {Tarraco: [{piece: Legio 5, strength: 1}]}, others: out}
        """,
        "Legio 7",
    )
    kit.dice([1]).act("fire(Legio 5)")
    assert kit.at("Legio 7") == "pool"
    assert not any(text.startswith("Legio 7 (C2) fires") for text in kit.log())
    assert kit.log()[-1] == "Battle at Tarraco ends: Pompeius wins"
    assert reads.battle(kit) is None and kit.asked == ("pompey", "regroup")


def test_rule_7_4_hits_beyond_the_last_enemy_are_lost(play_from: PlayFrom) -> None:
    """Legio 2 responds from Carthago Nova (JC 6.14): a reserve, immune in round 1 (JC 7.3).
    Legio 10 (C4, III) scores 3 hits on the one defender at I: 2 are lost."""
    kit = tarraco(
        play_from,
        """
        setup:
          caesar: {map: {Narbo: [Legio 10]}, others: out}
          pompey:
            map: {Tarraco: [{piece: Legio 5, strength: 1}], Carthago Nova: [{piece: Legio 2, strength: 3}]}
            others: out
        """,
        "Legio 10",
        pompey=1,
    )
    kit.act(*group("Carthago Nova", "Tarraco", "Legio 2"))
    assert reads.reserves(kit, "Tarraco") == {"caesar": [], "pompey": ["Legio 2"]}
    kit.act("pass(Legio 5)")
    kit.dice([1, 2, 3]).act("fire(Legio 10)")  # 3 hits, one target: 2 are lost
    assert "2 hit(s) find no target" in kit.log()
    assert kit.strength("Legio 2") == 2  # disrupted (JC 7.31), not hit


def test_rule_7_4_a_miss_rolls_above_firepower(play_from: PlayFrom) -> None:
    """Legio 7 (C2, III) rolls 3, 4, 6: no hit; the turn passes to the next block."""
    kit = tarraco(
        play_from,
        """
        setup:
          caesar: {map: {Narbo: [Legio 7]}, others: out}
          pompey: {map: {Tarraco: [{piece: Legio 5, strength: 2}]}, others: out}
        """,
        "Legio 7",
    )
    kit.act("pass(Legio 5)")
    kit.dice([3, 4, 6]).act("fire(Legio 7)")
    assert kit.strength("Legio 5") == 2
    battle = reads.battle(kit)
    assert battle is not None and battle.round == 2
