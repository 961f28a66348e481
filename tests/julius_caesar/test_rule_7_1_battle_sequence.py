"""JC 2.3, 7.1: Player 1 picks the battles one at a time; fighting blocks are revealed.

The battles follow the attacks each test plays in the command phase.
"""

from __future__ import annotations

from legatus.framework.kit import reads
from legatus.framework.tools.testing import Kit, PlayFrom

from .conftest import JC, command_phase, group

#: Caesar's Legio 7 attacks Tarraco from Narbo; Pompeius's Legio 1 attacks Neapolis from Roma.
TWO_BATTLES = """
setup:
  caesar: {map: {Narbo: [Legio 7], Neapolis: [Legio 13]}, others: out}
  pompey: {map: {Tarraco: [{piece: Legio 5, strength: 2}], Roma: [{piece: Legio 1, strength: 1}]}, others: out}
"""
ATTACKS = [*group("Narbo", "Tarraco", "Legio 7"), *group("Roma", "Neapolis", "Legio 1")]


def two_battles(play_from: PlayFrom, setup: str = TWO_BATTLES, player1: str = "caesar") -> Kit:
    kit = play_from(JC, command_phase(setup, player1=player1, pompey=(1, 0)))
    if player1 == "caesar":
        return kit.act(*ATTACKS)
    return kit.act(*ATTACKS[2:], *ATTACKS[:2])


def test_rule_7_1_player1_chooses_each_battle(play_from: PlayFrom) -> None:
    """Two contested cities: Player 1 (Pompeius here) is asked, with 2 legal actions."""
    kit = two_battles(play_from, player1="pompey")
    assert reads.battles(kit) == ["Neapolis", "Tarraco"]
    assert kit.asked == ("pompey", "battle_choice")
    assert kit.legal() == ["battle(Neapolis)", "battle(Tarraco)"]
    kit.act("battle(Tarraco)")
    assert reads.battles(kit) == ["Neapolis"]
    assert reads.battle(kit) == reads.BattleNow("Tarraco", 1, "caesar", "pompey")


def test_rule_7_1_next_battle_after_the_first_ends(play_from: PlayFrom) -> None:
    """Legio 5 (C2, defender) kills Legio 7 at I; the last battle then starts at once."""
    kit = two_battles(
        play_from,
        """
        setup:
          caesar: {map: {Narbo: [{piece: Legio 7, strength: 1}], Neapolis: [Legio 13]}, others: out}
          pompey:
            map: {Tarraco: [{piece: Legio 5, strength: 1}], Roma: [{piece: Legio 1, strength: 1}]}
            others: out
        """,
    )
    kit.act("battle(Tarraco)")
    kit.dice([2]).act("fire(Legio 5)")
    # Pompeius won Tarraco: his regroup is offered first (Bilbilis, Carthago Nova, Narbo).
    assert kit.asked == ("pompey", "regroup")
    kit.act("end_regroup")
    battle = reads.battle(kit)
    assert battle is not None and battle.location == "Neapolis"
    assert reads.battles(kit) == []


def test_rule_2_3_a_single_battle_needs_no_choice(play_from: PlayFrom) -> None:
    kit = play_from(
        JC,
        command_phase("""
            setup:
              caesar: {map: {Narbo: [Legio 7]}, others: out}
              pompey: {map: {Tarraco: [{piece: Legio 5, strength: 2}]}, others: out}
        """),
    )
    kit.act(*group("Narbo", "Tarraco", "Legio 7"))
    assert kit.asked is not None and kit.asked[1] == "battle_turn"
    battle = reads.battle(kit)
    assert battle is not None and battle.location == "Tarraco"


def test_rule_2_3_only_contested_locations_are_fought(play_from: PlayFrom) -> None:
    """A position at the battle phase: Tarraco is listed but no longer contested, Neapolis
    is contested but not listed. Tarraco is skipped, Neapolis is fought (a battle is
    never skipped); with no record of its attack, Player 1 attacks."""
    kit = play_from(
        JC,
        """
        at: {step: battle_phase, counters: {year: 1, turn: 1}}
        records: {player1: caesar, battles: [Tarraco]}
        setup:
          caesar: {map: {Tarraco: [Legio 7], Neapolis: [Legio 13]}, others: out}
          pompey: {map: {Neapolis: [{piece: Legio 1, strength: 1}]}, others: out}
        """,
    )
    assert reads.battle(kit) == reads.BattleNow("Neapolis", 1, "caesar", "pompey")


def test_rule_7_1_fighting_blocks_are_revealed_and_hidden_again(play_from: PlayFrom) -> None:
    """Revealed: the blocks in the battle only; the enemy's view shows them only meanwhile."""
    kit = play_from(
        JC,
        command_phase("""
            setup:
              caesar: {map: {Narbo: [{piece: Legio 7, strength: 1}, Legio 9]}, others: out}
              pompey: {map: {Tarraco: [{piece: Legio 5, strength: 1}]}, others: out}
        """),
    )
    kit.act(*group("Narbo", "Tarraco", "Legio 7"), "end_group")
    revealed = [b for b in kit.definition.pieces if "revealed" in kit.flags(b)]
    assert sorted(revealed) == ["Legio 5", "Legio 7"]
    assert reads.seen(kit, "pompey", "Legio 7") == {
        "side": "caesar",
        "at": "Tarraco",
        "strength": 1,
        "flags": ["revealed"],
    }
    assert reads.seen(kit, "pompey", "Legio 9") is None
    kit.dice([6]).act("fire(Legio 5)")  # miss
    kit.dice([1]).act("fire(Legio 7)")  # Legio 5 eliminated: Caesar wins
    kit.act("end_regroup")
    assert not any("revealed" in kit.flags(b) for b in kit.definition.pieces)
    assert reads.seen(kit, "pompey", "Legio 7") is None
    seen = reads.seen(kit, "pompey", "Legio 5")
    assert seen is not None and seen["flags"] == ["face_up"]  # eliminated: face up (JC 7.5)
    assert reads.battle(kit) is None


def test_rule_7_1_the_enemy_view_ignores_hidden_reserves(play_from: PlayFrom) -> None:
    """Swapping which hidden reserve came from Bilbilis leaves Pompeius's view unchanged."""
    views = []
    for reserve in ("Legio 11", "Legio 12"):
        kit = play_from(
            JC,
            command_phase(
                f"""
                setup:
                  caesar: {{map: {{Narbo: [Legio 7], Bilbilis: [{reserve}]}}, others: out}}
                  pompey: {{map: {{Tarraco: [{{piece: Legio 5, strength: 2}}]}}, others: out}}
                """,
                caesar=(2, 0),
            ),
        )
        kit.act(*group("Narbo", "Tarraco", "Legio 7"), *group("Bilbilis", "Tarraco", reserve))
        kit.act("main(Tarraco, Narbo)")
        assert reads.reserves(kit, "Tarraco") == {"caesar": [reserve], "pompey": []}
        views.append(kit.view("pompey"))
    assert views[0] == views[1]


def test_rule_7_1_the_side_that_moved_in_attacks_even_where_it_was_contested(
    play_from: PlayFrom,
) -> None:
    """A location may be contested before anyone moves into it: by the rulebooks' Jupiter
    (variant ``rulebook_events``) one of Pompeius's two blocks in Tarraco, drawn blind,
    goes over to Caesar where it stands. No attack is recorded there; Caesar, Player 1 by
    his event, moves nothing; Pompeius's Legio 6 marches in from Carthago Nova: Pompeius
    attacks there."""
    kit = play_from(
        JC,
        command_phase(
            """
            setup:
              caesar: {map: {Narbo: [Legio 7]}, others: out}
              pompey:
                map:
                  Tarraco: [{piece: Legio 5, strength: 2}, P Auxilia 3]
                  Carthago Nova: [Legio 6]
                others: out
            """,
            caesar=(0, 0),
            pompey=(1, 0),
            records={"event": {"card": "Jupiter", "side": "caesar"}},
        ),
        variant="rulebook_events",
    )
    kit.dice([1]).act("choose(Tarraco)")  # the first of the two: Legio 5
    assert kit.log()[-1] == "Jupiter: Legio 5 in Tarraco goes over to Caesar"
    assert reads.attack(kit, "Tarraco") is None
    kit.act(*group("Carthago Nova", "Tarraco", "Legio 6"))
    found = reads.attack(kit, "Tarraco")
    assert found is not None and found.attacker == "pompey"
    battle = reads.battle(kit)
    assert battle is not None and battle.attacker == "pompey"
