"""JC 7.41: the elephant has two strengths, IV and II, and drops one level per hit.

The data gives its strengths as ``[2, 4]``; one hit takes it from IV to II,
the next eliminates it. At IV it is the strongest target. Caesar attacks Utica
from Tacape; the elephant defends it with Legio 39.
"""

from __future__ import annotations

from legatus.framework.tools.testing import Kit, PlayFrom

from .conftest import JC, command_phase, group


def utica(play_from: PlayFrom, caesar: str, pompey: str) -> Kit:
    """Caesar's blocks (YAML placements) march from Tacape into Utica and attack."""
    kit = play_from(
        JC,
        command_phase(f"""
            setup:
              caesar: {{map: {{Tacape: [{caesar}]}}, others: out}}
              pompey: {{map: {{Utica: [{pompey}]}}, others: out}}
        """),
    )
    return kit.act(*group("Tacape", "Utica", *kit.pieces_at("Tacape")))


def test_rule_7_41_one_hit_drops_the_elephant_from_four_to_two(play_from: PlayFrom) -> None:
    """Caesar (A3, I) scores one hit: the elephant (IV) is the strongest, and falls to II."""
    kit = utica(play_from, "{piece: Caesar, strength: 1}", "P Elephant, Legio 39")
    kit.dice([3]).act("fire(Caesar)")
    assert kit.strength("P Elephant") == 2
    assert kit.strength("Legio 39") == 3
    assert "P Elephant loses a step: IV -> II" in kit.log()


def test_rule_7_41_the_second_hit_eliminates_the_elephant(play_from: PlayFrom) -> None:
    """Caesar (A3, II) rolls 1, 2 against the elephant alone: IV -> II -> eliminated."""
    kit = utica(
        play_from, "{piece: Caesar, strength: 2}", "P Elephant, {piece: Legio 39, strength: 1}"
    )
    kit.dice([1, 2]).act("fire(Caesar)")
    assert (kit.at("P Elephant"), kit.flags("P Elephant")) == ("pool", ["face_up"])
    assert kit.strength("Legio 39") == 1


def test_rule_7_41_the_elephant_fires_as_b3_with_its_strength(play_from: PlayFrom) -> None:
    """At IV it rolls four dice; rolls of 1-3 hit (B3)."""
    kit = utica(play_from, "Legio 7, Legio 9", "P Elephant")
    kit.dice([1, 3, 4, 6]).act("fire(P Elephant)")
    assert "P Elephant (B3) fires 4 dice: 1, 3, 4, 6 -> 2 hits" in kit.log()
