"""JC 7.8-7.83: naval and coastal battles.

7.8: navis fight at D2/D3, the defender first; the attacker must retreat in
round 4 if a defending navis remains. 7.81: navis fight in battles at ports,
attacking only from an adjacent sea; when navis and land blocks attack a port
together, either the navis or the land blocks are reserves (the attacker names
the main attack). 7.82: navis retreat on their D turn from round 2; without a
retreat they win or perish. 7.83: the winner's navis regroup.
"""

from __future__ import annotations

from legatus.framework.kit import reads
from legatus.framework.tools.testing import Kit, PlayFrom

from .conftest import JC, command_phase, group


def pass_turns(kit: Kit, count: int) -> None:
    for _ in range(count):
        assert kit.prompt is not None
        kit.act(f"pass({kit.prompt.actions[0].args[0]})")


def sea_attack(play_from: PlayFrom, p_navis_3: int = 2) -> Kit:
    """C Navis 1 attacks P Navis 3 in Mare Hispanum from Mare Tyrrhenum; Caesar holds Massilia
    and Genua, Pompeius Tarraco and Carthago Nova."""
    kit = play_from(
        JC,
        command_phase(f"""
            setup:
              caesar:
                map: {{Mare Tyrrhenum: [C Navis 1], Massilia: [Legio 14], Genua: [Legio 8]}}
                others: out
              pompey:
                map:
                  Mare Hispanum: [{{piece: P Navis 3, strength: {p_navis_3}}}]
                  Tarraco: [Legio 5]
                  Carthago Nova: [{{piece: Legio 2, strength: 2}}]
                others: out
        """),
    )
    return kit.act(*group("Mare Tyrrhenum", "Mare Hispanum", "C Navis 1"))


def test_rule_7_82_defending_navis_retreats(play_from: PlayFrom) -> None:
    """P Navis 3: no friendly sea; vacant Oceanus Atlanticus but not Mare Tyrrhenum (the
    attacker came from it); friendly ports on the sea: Carthago Nova, Tarraco. 5 actions."""
    kit = sea_attack(play_from)
    pass_turns(kit, 2)
    assert kit.legal() == [
        "fire(P Navis 3)",
        "pass(P Navis 3)",
        "retreat(P Navis 3, Carthago Nova)",
        "retreat(P Navis 3, Oceanus Atlanticus)",
        "retreat(P Navis 3, Tarraco)",
    ]


def test_rule_7_82_attacking_navis_retreats(play_from: PlayFrom) -> None:
    """C Navis 1: back to Mare Tyrrhenum (vacant, it came from there), or to the friendly
    ports Genua and Massilia on the same sea; not to vacant Oceanus Atlanticus. 5 actions."""
    kit = sea_attack(play_from)
    pass_turns(kit, 3)
    assert kit.legal() == [
        "fire(C Navis 1)",
        "pass(C Navis 1)",
        "retreat(C Navis 1, Genua)",
        "retreat(C Navis 1, Mare Tyrrhenum)",
        "retreat(C Navis 1, Massilia)",
    ]


def test_rule_7_8_attacker_must_retreat_in_round_4_or_perish(play_from: PlayFrom) -> None:
    """Pompeius's P Navis 4 sails from Roma into Mare Tyrrhenum behind C Navis 1: no friendly
    port or sea is left to it, and in round 4 it perishes."""
    kit = play_from(
        JC,
        command_phase(
            """
            setup:
              caesar: {map: {Mare Tyrrhenum: [C Navis 1]}, others: out}
              pompey: {map: {Mare Hispanum: [P Navis 3], Roma: [P Navis 4]}, others: out}
            """,
            pompey=(1, 0),
        ),
    )
    kit.act(*group("Mare Tyrrhenum", "Mare Hispanum", "C Navis 1"))
    kit.act(*group("Roma", "Mare Tyrrhenum", "P Navis 4"))
    pass_turns(kit, 6)
    battle = reads.battle(kit)
    assert battle is not None and battle.round == 4
    kit.act("pass(P Navis 3)")
    assert (kit.at("C Navis 1"), kit.flags("C Navis 1")) == ("pool", ["face_up"])


def test_rule_7_8_navis_fire_d3(play_from: PlayFrom) -> None:
    """P Navis 1 (D3, II) rolls 3, 4: one hit on C Navis 1 (II -> I)."""
    kit = play_from(
        JC,
        command_phase("""
            setup:
              caesar: {map: {Mare Tyrrhenum: [C Navis 1]}, others: out}
              pompey: {map: {Mare Hispanum: [P Navis 1]}, others: out}
        """),
    )
    kit.act(*group("Mare Tyrrhenum", "Mare Hispanum", "C Navis 1"))
    kit.dice([3, 4]).act("fire(P Navis 1)")
    assert kit.strength("C Navis 1") == 1


def coastal(play_from: PlayFrom, main: str, p_navis_3: bool = True) -> Kit:
    """C Navis 1 attacks Tarraco from Mare Hispanum, Legio 7 from Narbo; ``main`` names where
    the main attack comes from, the other way brings a reserve (JC 7.3, 7.81)."""
    defenders = "[{piece: Legio 5, strength: 2}" + (", P Navis 3]" if p_navis_3 else "]")
    kit = play_from(
        JC,
        command_phase(
            f"""
            setup:
              caesar: {{map: {{Mare Hispanum: [C Navis 1], Narbo: [Legio 7]}}, others: out}}
              pompey: {{map: {{Tarraco: {defenders}}}, others: out}}
            """,
            caesar=(2, 0),
        ),
    )
    kit.act(*group("Mare Hispanum", "Tarraco", "C Navis 1"), *group("Narbo", "Tarraco", "Legio 7"))
    assert kit.legal() == ["main(Tarraco, Mare Hispanum)", "main(Tarraco, Narbo)"]
    return kit.act(f"main(Tarraco, {main})")


def round_1(kit: Kit) -> list[str]:
    order = []
    while (battle := reads.battle(kit)) is not None and battle.round == 1:
        assert kit.prompt is not None
        block = str(kit.prompt.actions[0].args[0])
        order.append(block)
        kit.act(f"pass({block})")
    return order


def test_rule_7_81_navis_main_attack_land_blocks_in_reserve(play_from: PlayFrom) -> None:
    """Round 1: Legio 5 (C), then the navis (D), defender first; Legio 7 waits."""
    kit = coastal(play_from, "Mare Hispanum")
    assert reads.reserves(kit, "Tarraco") == {"caesar": ["Legio 7"], "pompey": []}
    assert round_1(kit) == ["Legio 5", "P Navis 3", "C Navis 1"]
    assert "revealed" in kit.flags("Legio 7")


def test_rule_7_81_land_main_attack_navis_in_reserve(play_from: PlayFrom) -> None:
    kit = coastal(play_from, "Narbo", p_navis_3=False)
    assert reads.reserves(kit, "Tarraco") == {"caesar": ["C Navis 1"], "pompey": []}
    assert round_1(kit) == ["Legio 5", "Legio 7"]


def test_rule_7_82_navis_in_a_port_battle_retreat_to_a_sea(play_from: PlayFrom) -> None:
    """Round 2 at Tarraco: P Navis 3 may not use Mare Hispanum (vacant, the attacker's
    origin): fire or pass only. C Navis 1 may go back to Mare Hispanum."""
    kit = coastal(play_from, "Mare Hispanum")
    pass_turns(kit, 3)  # round 1
    pass_turns(kit, 2)  # Legio 5 and Legio 7 in round 2
    assert kit.legal() == ["fire(P Navis 3)", "pass(P Navis 3)"]
    kit.act("pass(P Navis 3)")
    assert kit.legal() == [
        "fire(C Navis 1)",
        "pass(C Navis 1)",
        "retreat(C Navis 1, Mare Hispanum)",
    ]


def test_rule_7_83_navis_regroup_to_seas_and_ports_of_the_same_sea(play_from: PlayFrom) -> None:
    """Caesar wins at Mare Hispanum: 2 vacant seas + 8 friendly or vacant ports on it
    (not Pompeian Tarraco and Carthago Nova) + end_regroup = 11 actions."""
    kit = sea_attack(play_from, p_navis_3=1)
    kit.act("pass(P Navis 3)")
    kit.dice([1, 6]).act("fire(C Navis 1)")
    assert kit.legal() == [
        "end_regroup",
        "regroup(C Navis 1, Caralis)",
        "regroup(C Navis 1, Genua)",
        "regroup(C Navis 1, Iomnium)",
        "regroup(C Navis 1, Mare Tyrrhenum)",
        "regroup(C Navis 1, Massilia)",
        "regroup(C Navis 1, Narbo)",
        "regroup(C Navis 1, Oceanus Atlanticus)",
        "regroup(C Navis 1, Siga)",
        "regroup(C Navis 1, Tingis)",
        "regroup(C Navis 1, Utica)",
    ]
