"""JC 7.6-7.64: retreats.

7.61: road limits apply to retreats in each battle round; never into an enemy
or contested location; one block per round across a strait. 7.62: attackers
retreat to adjacent vacant cities along the roads used to attack or
reinforce, or to any adjacent friendly city. 7.63: defenders retreat to
adjacent friendly or vacant cities, not along roads the attacker used. 7.64:
by sea, one block per round, through one adjacent friendly sea to a friendly
port on that sea.

Legal-action counts are derived by hand in each docstring. Each battle follows the
attack its test plays in the command phase.
"""

from __future__ import annotations

from legatus.framework.kit import reads
from legatus.framework.tools.testing import Kit, PlayFrom

from .conftest import JC, command_phase, group


def to_round_2(kit: Kit) -> None:
    while (battle := reads.battle(kit)) is not None and battle.round == 1:
        assert kit.prompt is not None
        kit.act(f"pass({kit.prompt.actions[0].args[0]})")


#: Legio 7 attacks Tarraco from Narbo; Caesar also holds Carthago Nova, Mare Hispanum and
#: Massilia.
TARRACO = """
setup:
  caesar:
    map: {Narbo: [Legio 7], Carthago Nova: [Legio 11], Mare Hispanum: [C Navis 1], Massilia: [Legio 14]}
    others: out
  pompey: {map: {Tarraco: [Legio 5]}, others: out}
"""


def tarraco(play_from: PlayFrom, setup: str = TARRACO) -> Kit:
    kit = play_from(JC, command_phase(setup))
    return kit.act(*group("Narbo", "Tarraco", "Legio 7"))


def test_rule_7_63_defender_not_along_the_attack_road_nor_to_enemy_cities(
    play_from: PlayFrom,
) -> None:
    """Legio 5: Narbo is the attacker's road, Carthago Nova is enemy, Mare Hispanum is
    enemy; Bilbilis (vacant, minor road) remains: fire, pass, 1 retreat = 3 actions."""
    kit = tarraco(play_from)
    to_round_2(kit)
    assert kit.legal() == ["fire(Legio 5)", "pass(Legio 5)", "retreat(Legio 5, Bilbilis)"]


def test_rule_7_62_attacker_to_vacant_along_its_road_or_any_friendly(play_from: PlayFrom) -> None:
    """Legio 7: Narbo (vacant, its road), Carthago Nova (friendly), not Bilbilis (vacant,
    unused); by sea through friendly Mare Hispanum to friendly Carthago Nova or Massilia:
    fire, pass and 4 retreats = 6 actions."""
    kit = tarraco(play_from)
    to_round_2(kit)
    kit.act("pass(Legio 5)")
    assert kit.legal() == [
        "fire(Legio 7)",
        "pass(Legio 7)",
        "retreat(Legio 7, Carthago Nova)",
        "retreat(Legio 7, Mare Hispanum, Carthago Nova)",
        "retreat(Legio 7, Mare Hispanum, Massilia)",
        "retreat(Legio 7, Narbo)",
    ]


def test_rule_7_6_retreat_moves_the_block_and_hides_it(play_from: PlayFrom) -> None:
    kit = tarraco(play_from)
    to_round_2(kit)
    kit.act("pass(Legio 5)", "retreat(Legio 7, Mare Hispanum, Massilia)")
    assert (kit.owner("Legio 7"), kit.at("Legio 7"), kit.strength("Legio 7")) == (
        "caesar",
        "Massilia",
        3,
    )
    assert kit.flags("Legio 7") == []
    assert reads.seen(kit, "pompey", "Legio 7") is None  # one of Caesar's hidden blocks again
    assert "Legio 7 retreats: Tarraco -> Mare Hispanum -> Massilia" in kit.log()


def test_rule_7_61_road_limit_per_round(play_from: PlayFrom) -> None:
    """Three defenders, the minor road to Bilbilis takes 2 per round; Carthago Nova is
    enemy. After two retreat, the third may only fire or pass; in round 3 it may go."""
    kit = tarraco(
        play_from,
        """
        setup:
          caesar: {map: {Narbo: [Legio 7], Carthago Nova: [Legio 11]}, others: out}
          pompey:
            map:
              Tarraco:
                - {piece: Legio 5, strength: 1}
                - {piece: Legio 6, strength: 1}
                - {piece: Legio 4, strength: 1}
            others: out
        """,
    )
    to_round_2(kit)
    kit.act("retreat(Legio 5, Bilbilis)", "retreat(Legio 6, Bilbilis)")
    assert kit.legal() == ["fire(Legio 4)", "pass(Legio 4)"]
    kit.act("pass(Legio 4)", "pass(Legio 7)")
    battle = reads.battle(kit)
    assert battle is not None and battle.round == 3
    assert kit.legal() == ["fire(Legio 4)", "pass(Legio 4)", "retreat(Legio 4, Bilbilis)"]


def test_rule_7_61_one_block_per_round_across_a_strait(play_from: PlayFrom) -> None:
    """Caesar defends Messana: Rhegium (friendly, strait) and Syracusae (vacant) are open,
    Lilybaeum is the attacker's road. Once one block crossed the strait, the other may
    only go to Syracusae this round."""
    kit = play_from(
        JC,
        command_phase(
            """
            setup:
              caesar:
                map:
                  Messana: [{piece: Legio 18, strength: 2}, {piece: Legio 19, strength: 2}]
                  Rhegium: [{piece: Legio 20, strength: 1}]
                others: out
              pompey: {map: {Lilybaeum: [Legio 37]}, others: out}
            """,
            caesar=(0, 0),
            pompey=(1, 0),
        ),
    )
    kit.act(*group("Lilybaeum", "Messana", "Legio 37"))
    to_round_2(kit)
    assert kit.legal() == [
        "fire(Legio 18)",
        "fire(Legio 19)",
        "pass(Legio 18)",
        "pass(Legio 19)",
        "retreat(Legio 18, Rhegium)",
        "retreat(Legio 18, Syracusae)",
        "retreat(Legio 19, Rhegium)",
        "retreat(Legio 19, Syracusae)",
    ]
    kit.act("retreat(Legio 18, Rhegium)")
    assert kit.legal() == ["fire(Legio 19)", "pass(Legio 19)", "retreat(Legio 19, Syracusae)"]


def test_rule_7_64_example_both_sides_retreat_by_their_own_sea(play_from: PlayFrom) -> None:
    """Utica: Caesar holds Mare Internum, Pompeius Mare Hispanum. Pompeius's defenders may
    go to Badias, Iomnium (not Tacape, the attack road) or by sea to Carthago Nova;
    only one of them by sea this round."""
    kit = play_from(
        JC,
        command_phase("""
            setup:
              caesar:
                map: {Tacape: [Legio 17], Mare Internum: [C Navis 4], Syracusae: [{piece: Legio 19, strength: 2}]}
                others: out
              pompey:
                map:
                  Utica: [{piece: Legio 39, strength: 2}, {piece: Legio 38, strength: 2}]
                  Mare Hispanum: [P Navis 3]
                  Carthago Nova: [{piece: Legio 2, strength: 2}]
                others: out
        """),
    )
    kit.act(*group("Tacape", "Utica", "Legio 17"))
    to_round_2(kit)
    assert kit.legal() == [
        "fire(Legio 38)",
        "fire(Legio 39)",
        "pass(Legio 38)",
        "pass(Legio 39)",
        "retreat(Legio 38, Badias)",
        "retreat(Legio 38, Iomnium)",
        "retreat(Legio 38, Mare Hispanum, Carthago Nova)",
        "retreat(Legio 39, Badias)",
        "retreat(Legio 39, Iomnium)",
        "retreat(Legio 39, Mare Hispanum, Carthago Nova)",
    ]
    kit.act("retreat(Legio 39, Mare Hispanum, Carthago Nova)")
    assert kit.legal() == [
        "fire(Legio 38)",
        "pass(Legio 38)",
        "retreat(Legio 38, Badias)",
        "retreat(Legio 38, Iomnium)",
    ]
    kit.act("pass(Legio 38)")
    # Caesar's attacker: Tacape along his road, or by sea via Mare Internum to Syracusae.
    assert kit.legal() == [
        "fire(Legio 17)",
        "pass(Legio 17)",
        "retreat(Legio 17, Mare Internum, Syracusae)",
        "retreat(Legio 17, Tacape)",
    ]


def test_rule_7_61_never_into_a_contested_city(play_from: PlayFrom) -> None:
    """Caesar also attacks Bilbilis from Burdigala: contested, its own battle waits, so
    Legio 5 has no retreat left at Tarraco."""
    kit = play_from(
        JC,
        command_phase(
            """
            setup:
              caesar:
                map: {Narbo: [Legio 7], Carthago Nova: [Legio 11], Burdigala: [{piece: Legio 12, strength: 1}]}
                others: out
              pompey: {map: {Tarraco: [Legio 5], Bilbilis: [{piece: Legio 6, strength: 1}]}, others: out}
            """,
            caesar=(2, 0),
        ),
    )
    kit.act(*group("Narbo", "Tarraco", "Legio 7"), *group("Burdigala", "Bilbilis", "Legio 12"))
    assert reads.contested(kit) == ["Tarraco", "Bilbilis"]
    kit.act("battle(Tarraco)")
    to_round_2(kit)
    assert kit.legal() == ["fire(Legio 5)", "pass(Legio 5)"]
