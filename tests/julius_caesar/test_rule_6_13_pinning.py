"""JC 6.13: attacking blocks (not reserves) pin as many defenders, chosen by the defender;
unpinned blocks may move, even attack, but never along a road or sea border the attacker
used. The defender chooses by moving the unpinned blocks away."""

from __future__ import annotations

from legatus.framework.kit import reads
from legatus.framework.tools.testing import PlayFrom

from .conftest import command_turn, group
from .test_rule_6_12_attacks import roma_attacked_from_genua_and_ravenna

DEFENDERS = ["Legio 1", "Legio 3", "Legio 4", "Legio 5", "Pompeius"]


def test_6_13_example_one_block_of_five_may_leave_roma(play_from: PlayFrom) -> None:
    """Rulebook example: 4 from Genua (main attack) pin 4 of Roma's 5 defenders; 1 may leave,
    not by the Genua or Ravenna roads.

    Roma's roads: Genua (major), Neapolis (major), Asculum (minor), Ravenna (minor); the
    attacker used Genua and Ravenna, leaving 7 paths: Neapolis, and on to Brundisium,
    Rhegium or Sipontum; Asculum, and on to Ravenna (vacant now) or Sipontum. Any of the 5
    blocks may be the one: 5 x 7 = 35 moves, and end_group.
    """
    kit = roma_attacked_from_genua_and_ravenna(play_from)
    kit.act("main(Roma, Genua)")
    assert reads.pinned(kit, "Roma") == 4
    assert kit.legal() == ["end_moves", "group(Roma)"]
    kit.act("group(Roma)")
    actions = kit.legal()
    assert len(actions) == 36
    assert sorted({a.split(", ", 1)[1] for a in actions if a != "end_group"}) == [
        "Roma, Asculum)",
        "Roma, Asculum, Ravenna)",
        "Roma, Asculum, Sipontum)",
        "Roma, Neapolis)",
        "Roma, Neapolis, Brundisium)",
        "Roma, Neapolis, Rhegium)",
        "Roma, Neapolis, Sipontum)",
    ]
    kit.act("move(Pompeius, Roma, Neapolis)")
    # The other 4 are pinned: the group and the MP are spent; the battle at Roma begins.
    assert kit.step == "battle_phase"
    assert [kit.at(b) for b in DEFENDERS] == ["Roma"] * 4 + ["Neapolis"]


def test_6_13_reserves_pin_nothing(play_from: PlayFrom) -> None:
    """With Ravenna named the main attack, only its 2 blocks pin: 3 defenders may leave."""
    kit = roma_attacked_from_genua_and_ravenna(play_from)
    kit.act("main(Roma, Ravenna)", "group(Roma)")
    kit.act(*(f"move({block}, Roma, Neapolis)" for block in ("Legio 1", "Legio 3", "Legio 4")))
    assert kit.step == "battle_phase"
    assert [kit.at(b) for b in ("Legio 5", "Pompeius")] == ["Roma", "Roma"]


def test_6_13_all_pinned_when_attackers_outnumber(play_from: PlayFrom) -> None:
    kit = command_turn(
        play_from,
        {"Genua": ["Legio 8", "Legio 11", "Legio 12"], "Roma": ["Legio 1", "Legio 3"]},
        pompey=(1, 0),
    )
    kit.act(*group("Genua", "Roma", "Legio 8", "Legio 11", "Legio 12"))
    # Pompeius has no legal group: his moves end at once, and the battle begins.
    assert kit.step == "battle_phase"
    assert reads.pinned(kit, "Roma") == 2


def test_6_13_unpinned_block_may_attack(play_from: PlayFrom) -> None:
    """An unpinned defender attacks Caesar's Neapolis, by a road the attacker did not use."""
    kit = command_turn(
        play_from,
        {"Genua": ["Legio 8"], "Neapolis": ["Legio 18"], "Roma": ["Legio 1", "Legio 3"]},
        pompey=(1, 0),
    )
    kit.act(*group("Genua", "Roma", "Legio 8"), "group(Roma)")
    assert "move(Legio 1, Roma, Neapolis)" in kit.legal()
    assert "move(Legio 1, Roma, Genua)" not in kit.legal()
    kit.act("move(Legio 1, Roma, Neapolis)")
    assert reads.battles(kit) == ["Roma", "Neapolis"]
    found = reads.attack(kit, "Neapolis")
    assert found is not None and found.attacker == "pompey"
