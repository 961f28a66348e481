"""JC 7.42: the ballista fires B4 when defending and D4 when attacking.

The data gives its ratings by role (``rating: {attacking: D4, defending: B4}``). The
battle is at Tarraco: the attacker marches in from Narbo.
"""

from __future__ import annotations

from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.julius_caesar import queries

from .conftest import JC, command_phase, group


def caesar_attacks(play_from: PlayFrom) -> Kit:
    kit = play_from(
        JC,
        command_phase("""
            setup:
              caesar: {map: {Narbo: [C Ballista, Legio 7]}, others: out}
              pompey: {map: {Tarraco: [Legio 5]}, others: out}
        """),
    )
    return kit.act(*group("Narbo", "Tarraco", "C Ballista", "Legio 7"))


def pompey_attacks(play_from: PlayFrom, *, legio_7: bool = True) -> Kit:
    kit = play_from(
        JC,
        command_phase(
            f"""
            setup:
              caesar: {{map: {{Tarraco: [C Ballista{", Legio 7" if legio_7 else ""}]}}, others: out}}
              pompey: {{map: {{Narbo: [Legio 5]}}, others: out}}
            """,
            player1="pompey",
            caesar=(0, 0),
            pompey=(1, 0),
        ),
    )
    return kit.act(*group("Narbo", "Tarraco", "Legio 5"))


def test_rule_7_42_attacking_ballista_is_d4_after_the_legions(play_from: PlayFrom) -> None:
    kit = caesar_attacks(play_from)
    assert queries.battle_order(kit) == [["Legio 5"], ["Legio 7"], ["C Ballista"]]


def test_rule_7_42_defending_ballista_is_b4_before_the_legions(play_from: PlayFrom) -> None:
    kit = pompey_attacks(play_from)
    assert queries.battle_order(kit) == [["C Ballista"], ["Legio 7"], ["Legio 5"]]


def test_rule_7_42_ballista_hits_on_four_or_less(play_from: PlayFrom) -> None:
    """Defending (B4, II): rolls 4, 5 -> 1 hit on Legio 5 (III -> II)."""
    kit = pompey_attacks(play_from, legio_7=False)
    kit.dice([4, 5]).act("fire(C Ballista)")
    assert "C Ballista (B4) fires 2 dice: 4, 5 -> 1 hit" in kit.log()
    assert kit.strength("Legio 5") == 2
