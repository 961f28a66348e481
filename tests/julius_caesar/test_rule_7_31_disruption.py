"""JC 7.31: reserves are disrupted when their main force dies in round 1.

Disrupted blocks lose one step at once, then fight normally; if the disrupted
side is the defender, the attacker becomes the defender for the rest of the
battle. The Polish text can be read as "roles swap *instead of* the step loss"
for a disrupted defender: parameter ``disrupted_defender_loses_step`` = false.

Every battle is at Tarraco, after the command phase's moves: Caesar's main attack
comes from Narbo, his reserves from Bilbilis, Pompeius's responses from Carthago Nova.
"""

from __future__ import annotations

from typing import Any

from legatus.framework.kit import reads
from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.julius_caesar import queries

from .conftest import JC, command_phase, group


def attacker_reserve(play_from: PlayFrom, narbo: str, bilbilis: str, tarraco: str) -> Kit:
    """Caesar attacks from Narbo (the main attack) and Bilbilis (reserves); YAML lists."""
    kit = play_from(
        JC,
        command_phase(
            f"""
            setup:
              caesar: {{map: {{Narbo: {narbo}, Bilbilis: {bilbilis}}}, others: out}}
              pompey: {{map: {{Tarraco: {tarraco}}}, others: out}}
            """,
            caesar=(2, 0),
        ),
    )
    kit.act(*group("Narbo", "Tarraco", *kit.pieces_at("Narbo")))
    kit.act(*group("Bilbilis", "Tarraco", *kit.pieces_at("Bilbilis")), "main(Tarraco, Narbo)")
    return kit


def test_rule_7_31_attacker_reserves_lose_a_step_and_roles_stay(play_from: PlayFrom) -> None:
    """Legio 5 (defender, C) kills Legio 7 (I): Legio 11 III -> II, Legio 12 I -> eliminated."""
    kit = attacker_reserve(
        play_from,
        "[{piece: Legio 7, strength: 1}]",
        "[Legio 11, {piece: Legio 12, strength: 1}]",
        "[{piece: Legio 5, strength: 2}]",
    )
    kit.dice([2, 5]).act("fire(Legio 5)")
    assert kit.strength("Legio 11") == 2
    assert (kit.at("Legio 12"), kit.flags("Legio 12")) == ("pool", ["face_up"])
    battle = reads.battle(kit)
    assert battle is not None and (battle.round, battle.attacker) == (2, "caesar")
    assert "revealed" in kit.flags("Legio 11")  # arrived for round 2
    # Round 2, C: the defender Legio 5 first, then the disrupted Legio 11 fights normally;
    # it may retreat to the vacant cities along either road Caesar attacked by (JC 7.62).
    kit.act("pass(Legio 5)")
    assert kit.legal() == [
        "fire(Legio 11)",
        "pass(Legio 11)",
        "retreat(Legio 11, Bilbilis)",
        "retreat(Legio 11, Narbo)",
    ]


def defender_reserve(play_from: PlayFrom, **more: Any) -> Kit:
    """Legio 7 (III) attacks from Narbo; Legio 5 (I) defends; Legio 2 (III) and Legio 4 (II)
    respond from Carthago Nova: Pompeius's reserves. Legio 7 then kills Legio 5, the
    defender's main force, in round 1."""
    kit = play_from(
        JC,
        command_phase(
            """
            setup:
              caesar: {map: {Narbo: [Legio 7]}, others: out}
              pompey:
                map:
                  Tarraco: [{piece: Legio 5, strength: 1}]
                  Carthago Nova: [{piece: Legio 2, strength: 3}, {piece: Legio 4, strength: 2}]
                others: out
            """,
            pompey=(1, 0),
        ),
        **more,
    )
    kit.act(*group("Narbo", "Tarraco", "Legio 7"))
    kit.act(*group("Carthago Nova", "Tarraco", "Legio 2", "Legio 4"))
    assert reads.reserves(kit, "Tarraco") == {"caesar": [], "pompey": ["Legio 2", "Legio 4"]}
    kit.act("pass(Legio 5)")
    kit.dice([1, 6, 6]).act("fire(Legio 7)")  # Legio 5 (I) eliminated
    return kit


def test_rule_7_31_disrupted_defender_loses_steps_and_becomes_the_attacker(
    play_from: PlayFrom,
) -> None:
    kit = defender_reserve(play_from)
    assert (kit.strength("Legio 2"), kit.strength("Legio 4")) == (2, 1)
    assert reads.battle(kit) == reads.BattleNow("Tarraco", 2, "pompey", "caesar")


def test_rule_7_31_after_the_swap_caesar_defends_first_and_retreats_as_defender(
    play_from: PlayFrom,
) -> None:
    """Round 2, all C: Legio 7 now defends and goes first. As defender it may not retreat
    along the road Pompeius's blocks came by (Carthago Nova): Bilbilis or Narbo (vacant)."""
    kit = defender_reserve(play_from)
    assert queries.battle_order(kit) == [["Legio 7"], ["Legio 2", "Legio 4"]]
    assert kit.legal() == [
        "fire(Legio 7)",
        "pass(Legio 7)",
        "retreat(Legio 7, Bilbilis)",
        "retreat(Legio 7, Narbo)",
    ]
    kit.act("pass(Legio 7)")
    # Pompeius now attacks: vacant cities only along his own road in, Carthago Nova.
    assert kit.legal() == [
        "fire(Legio 2)",
        "fire(Legio 4)",
        "pass(Legio 2)",
        "pass(Legio 4)",
        "retreat(Legio 2, Carthago Nova)",
        "retreat(Legio 4, Carthago Nova)",
    ]


def test_rule_7_31_after_the_swap_the_new_attacker_must_retreat_in_round_4(
    play_from: PlayFrom,
) -> None:
    kit = defender_reserve(play_from)
    for _ in range(6):  # rounds 2 and 3: three turns each
        assert kit.prompt is not None
        kit.act(f"pass({kit.prompt.actions[0].args[0]})")
    battle = reads.battle(kit)
    assert battle is not None and battle.round == 4
    kit.act("pass(Legio 7)")
    assert kit.legal() == ["retreat(Legio 2, Carthago Nova)", "retreat(Legio 4, Carthago Nova)"]


def test_variant_disrupted_defender_only_swaps_roles(play_from: PlayFrom) -> None:
    kit = defender_reserve(play_from, params={"disrupted_defender_loses_step": False})
    assert (kit.strength("Legio 2"), kit.strength("Legio 4")) == (3, 2)
    battle = reads.battle(kit)
    assert battle is not None and battle.attacker == "pompey"


def test_rule_7_31_no_disruption_when_the_main_force_survives_round_1(
    play_from: PlayFrom,
) -> None:
    kit = attacker_reserve(
        play_from,
        "[{piece: Legio 7, strength: 2}]",
        "[Legio 11, {piece: Legio 12, strength: 1}]",
        "[{piece: Legio 5, strength: 2}]",
    )
    kit.dice([2, 5]).act("fire(Legio 5)")  # Legio 7 II -> I, alive
    kit.act("pass(Legio 7)")
    assert (kit.strength("Legio 11"), kit.strength("Legio 12")) == (3, 1)


def archers_first(play_from: PlayFrom, legio_11: int) -> Kit:
    """Caesar attacks Tarraco with Legio 7 (I) from Narbo (main) and Legio 11 from Bilbilis
    (reserve); Pompeius defends with P Auxilia 3 (A1, I) and Legio 5 (C2, II)."""
    return attacker_reserve(
        play_from,
        "[{piece: Legio 7, strength: 1}]",
        f"[{{piece: Legio 11, strength: {legio_11}}}]",
        "[{piece: P Auxilia 3, strength: 1}, {piece: Legio 5, strength: 2}]",
    )


def test_rule_7_31_a_side_left_with_reserves_only_ends_round_1(play_from: PlayFrom) -> None:
    """JC 7.3, 7.31: P Auxilia 3 (A, first) kills Legio 7, Caesar's whole main force, in
    round 1. Legio 11 is disrupted (III -> II) but as a reserve can neither fire nor be hit
    before round 2, so Legio 5, still to act, has nothing to fire at: round 1 ends there
    (Legio 5 is not asked), the reserve arrives and round 2 begins with the A block."""
    kit = archers_first(play_from, 3)
    kit.dice([1]).act("fire(P Auxilia 3)")
    assert kit.strength("Legio 11") == 2
    battle = reads.battle(kit)
    assert battle is not None and battle.round == 2
    assert "revealed" in kit.flags("Legio 11")
    assert kit.legal() == [
        "fire(P Auxilia 3)",
        "pass(P Auxilia 3)",
        "retreat(P Auxilia 3, Carthago Nova)",
    ]
    assert kit.log()[-4:] == [
        "Caesar has only reserves at Tarraco: round 1 ends",
        "Round 2 at Tarraco",
        "The reserves arrive",
        "Caesar reveals Legio 11 (C3, II)",
    ]
    assert not any("Legio 5" in t for t in kit.log() if "fires" in t or "passes" in t)


def test_rule_7_31_reserves_destroyed_by_disruption_end_the_battle(play_from: PlayFrom) -> None:
    """JC 7.31: the same, with Legio 11 at I: the disruption's step loss eliminates it,
    Caesar has no block left at Tarraco and the battle ends at once: Pompeius wins and
    may regroup (JC 7.7); Legio 5 never had its turn."""
    kit = archers_first(play_from, 1)
    kit.dice([1]).act("fire(P Auxilia 3)")
    assert kit.at("Legio 11") == "pool"
    assert kit.asked == ("pompey", "regroup")
    assert "Battle at Tarraco ends: Pompeius wins" in kit.log()
    assert not any(text.startswith("Legio 5") for text in kit.log("caesar") + kit.log("pompey"))


def test_rule_7_31_mars_attackers_left_without_targets_end_round_1(play_from: PlayFrom) -> None:
    """Card Mars: every attacker fires first in round 1. C Auxilia 3 (A1) kills Legio 5,
    Pompeius's only defender; his response Legio 2 (reserve) is disrupted (IV -> III) and
    Pompeius becomes the attacker. Legio 7 (Caesar's other attacker) would fire at no
    target: round 1 ends, and in round 2 Caesar, now defending, goes first."""
    kit = play_from(
        JC,
        command_phase(
            """
            setup:
              caesar: {map: {Narbo: [{piece: C Auxilia 3, strength: 1}, Legio 7]}, others: out}
              pompey:
                map: {Tarraco: [{piece: Legio 5, strength: 1}], Carthago Nova: [Legio 2]}
                others: out
            """,
            caesar=(0, 0),
            pompey=(1, 0),
            records={"event": {"card": "Mars", "side": "caesar"}},
        ),
    )
    kit.act(*group("Narbo", "Tarraco", "C Auxilia 3", "Legio 7"))
    kit.act(*group("Carthago Nova", "Tarraco", "Legio 2"))
    kit.dice([1]).act("fire(C Auxilia 3)")
    battle = reads.battle(kit)
    assert battle is not None and (battle.round, battle.attacker) == (2, "pompey")
    assert kit.strength("Legio 2") == 3
    assert kit.legal() == [
        "fire(C Auxilia 3)",
        "pass(C Auxilia 3)",
        "retreat(C Auxilia 3, Bilbilis)",
        "retreat(C Auxilia 3, Narbo)",
    ]
    assert "Pompeius has only reserves at Tarraco: round 1 ends" in kit.log()
