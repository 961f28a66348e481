"""JC 7.5-7.52: eliminated blocks, killed leaders, Cleopatra.

7.5: eliminated blocks go to their owner's pool face up (not levied this year).
7.51: a killed leader is a trophy worth 1 VP to the enemy; the side's third
leader becomes available (``leaders_lost`` counts the deaths). 7.52:
Cleopatra eliminated in battle joins the other side at strength I and fights
for it from her next battle turn. A block that defected (card Jupiter)
returns to its original owner's pool when eliminated.

Caesar attacks in every battle here, marching in during the command phase.
"""

from __future__ import annotations

from typing import Any

from legatus.framework.kit import reads
from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.julius_caesar import queries

from .conftest import JC, command_phase, group


def attack(
    play_from: PlayFrom,
    setup: str,
    origin: str,
    to: str,
    *attackers: str,
    records: dict[str, Any] | None = None,
    **more: Any,
) -> Kit:
    kit = play_from(JC, command_phase(setup, records=records), **more)
    return kit.act(*group(origin, to, *attackers))


LEGIO_7_AT_TARRACO = """
setup:
  caesar: {map: {Narbo: [Legio 7]}, others: out}
  pompey: {map: {Tarraco: [{piece: Legio 5, strength: 1}]}, others: out}
"""


def state_of(kit: Kit, block: str) -> tuple[str, str, int, list[str]]:
    return (kit.owner(block), kit.at(block), kit.strength(block), kit.flags(block))


def test_rule_7_5_eliminated_block_lies_face_up_in_the_pool(play_from: PlayFrom) -> None:
    kit = attack(play_from, LEGIO_7_AT_TARRACO, "Narbo", "Tarraco", "Legio 7")
    kit.act("pass(Legio 5)")
    kit.dice([1, 5, 6]).act("fire(Legio 7)")
    assert state_of(kit, "Legio 5") == ("pompey", "pool", 1, ["face_up"])
    assert reads.eliminated(kit, "pompey") == ["Legio 5"]
    assert reads.seen(kit, "caesar", "Legio 5") == {
        "side": "pompey",
        "at": "pool",
        "strength": 1,
        "flags": ["face_up"],
    }


def test_rule_7_51_killed_leader_is_a_trophy_and_unlocks_the_third(play_from: PlayFrom) -> None:
    """Pompeius (I) dies at Tarraco: a trophy for Caesar (+1 VP), Pompeius's count 1."""
    kit = attack(
        play_from,
        """
        setup:
          caesar: {map: {Narbo: [Caesar]}, others: out}
          pompey:
            map: {Tarraco: [{piece: Pompeius, strength: 1}, {piece: Legio 5, strength: 1}]}
            others: out
        """,
        "Narbo",
        "Tarraco",
        "Caesar",
    )
    before = queries.vp(kit, "caesar")
    kit.dice([1, 5, 6]).act("fire(Caesar)")  # one hit: tie at I between Pompeius and Legio 5
    kit.act("hit(Pompeius)")
    assert (kit.at("Pompeius"), kit.owner("Pompeius")) == ("out", "pompey")
    assert (reads.trophies(kit, "caesar"), reads.trophies(kit, "pompey")) == (["Pompeius"], [])
    assert (reads.leaders_lost(kit, "caesar"), reads.leaders_lost(kit, "pompey")) == (0, 1)
    assert "Pompeius is killed in Tarraco: a trophy for Caesar" in kit.log()
    # Tarraco (1 VP) is still contested; the trophy alone adds 1 VP.
    assert queries.vp(kit, "caesar") == before + 1


def test_rule_7_52_cleopatra_joins_the_enemy_and_fights_on_her_next_turn(
    play_from: PlayFrom,
) -> None:
    """C Auxilia 3 (A1) hits; Pompeius puts the hit on Cleopatra (tie at I with P Auxilia
    3): she joins Caesar at I and, not having acted, takes her C turn for him this round."""
    kit = attack(
        play_from,
        """
        setup:
          caesar:
            map: {Catabathmus: [{piece: C Auxilia 3, strength: 1}, {piece: Legio 7, strength: 1}]}
            others: out
          pompey:
            map: {Alexandria: [{piece: Cleopatra, strength: 1}, {piece: P Auxilia 3, strength: 1}]}
            others: out
        """,
        "Catabathmus",
        "Alexandria",
        "C Auxilia 3",
        "Legio 7",
    )
    kit.act("pass(P Auxilia 3)")
    kit.dice([1]).act("fire(C Auxilia 3)")
    assert kit.legal() == ["hit(Cleopatra)", "hit(P Auxilia 3)"]
    kit.act("hit(Cleopatra)")
    assert state_of(kit, "Cleopatra") == ("caesar", "Alexandria", 1, ["revealed"])
    assert kit.prompt is not None and kit.prompt.side == "caesar"
    assert kit.legal() == [
        "fire(Cleopatra)",
        "fire(Legio 7)",
        "pass(Cleopatra)",
        "pass(Legio 7)",
    ]
    kit.dice([1]).act("fire(Cleopatra)")  # C1 for Caesar: P Auxilia 3 eliminated
    assert kit.at("P Auxilia 3") == "pool"
    assert "Battle at Alexandria ends: Caesar wins" in kit.log()


def test_rule_7_52_cleopatra_who_already_acted_waits_for_the_next_round(
    play_from: PlayFrom,
) -> None:
    """Cleopatra (C, defender) passes; Legio 7 (C, attacker) eliminates her: she joins
    Caesar but has had her turn; round 2 starts with Caesar's blocks only."""
    kit = attack(
        play_from,
        """
        setup:
          caesar: {map: {Catabathmus: [{piece: Legio 7, strength: 2}]}, others: out}
          pompey:
            map: {Alexandria: [{piece: Cleopatra, strength: 1}, {piece: P Auxilia 3, strength: 1}]}
            others: out
        """,
        "Catabathmus",
        "Alexandria",
        "Legio 7",
    )
    kit.act("pass(P Auxilia 3)", "pass(Cleopatra)")
    kit.dice([1, 6]).act("fire(Legio 7)")
    assert kit.legal() == ["hit(Cleopatra)", "hit(P Auxilia 3)"]
    kit.act("hit(Cleopatra)")
    battle = reads.battle(kit)
    assert battle is not None and battle.round == 2
    assert kit.owner("Cleopatra") == "caesar"


def test_card_jupiter_defector_eliminated_returns_to_its_original_owner(
    play_from: PlayFrom,
) -> None:
    """Caesar's Legio 9 defected to Pompeius (card Jupiter, recorded as the position's
    ``defected``); killed at Tarraco, it goes face up to Caesar's pool."""
    kit = attack(
        play_from,
        """
        setup:
          caesar: {map: {Narbo: [Legio 7], Tarraco: [{piece: Legio 9, strength: 1}]}, others: out}
          pompey: {others: out}
        pieces:
          Legio 9: {side: pompey}
        """,
        "Narbo",
        "Tarraco",
        "Legio 7",
        records={"defected": {"Legio 9": "caesar"}},
    )
    kit.act("pass(Legio 9)")
    kit.dice([1, 6, 6]).act("fire(Legio 7)")
    assert state_of(kit, "Legio 9") == ("caesar", "pool", 1, ["face_up"])
    assert kit.record("defected") == {}


def test_rule_7_5_polish_reading_face_down_in_the_pool(play_from: PlayFrom) -> None:
    """PL 7.5 (``eliminated.face_up`` false): Legio 5 goes face down to the pool. Caesar
    saw it fall (it fought revealed), so the log names it to both; but in the pool it is
    one of Pompeius's hidden blocks to Caesar, while Pompeius sees it flagged face down."""
    kit = attack(
        play_from,
        LEGIO_7_AT_TARRACO,
        "Narbo",
        "Tarraco",
        "Legio 7",
        params={"eliminated.face_up": False},
    )
    kit.act("pass(Legio 5)")
    kit.dice([1, 5, 6]).act("fire(Legio 7)")
    assert state_of(kit, "Legio 5") == ("pompey", "pool", 1, ["face_down"])
    assert reads.seen(kit, "caesar", "Legio 5") is None
    seen = reads.seen(kit, "pompey", "Legio 5")
    assert seen is not None and seen["flags"] == ["face_down"]
    line = "Legio 5 is eliminated in Tarraco and goes face down to Pompeius's pool"
    # One entry, in the public log: both sides read it.
    assert kit.log().count(line) == kit.log("caesar").count(line) == 1
    assert kit.log("pompey").count(line) == 1
