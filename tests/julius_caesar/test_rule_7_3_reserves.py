"""JC 7.3: reserves sit out round 1 and arrive, revealed, at the start of round 2.

The rulebook's example, played through its command phase: Caesar attacks Tarraco
from Narbo with 4 blocks (the main attack) and from Bilbilis with 2 more.
Pompeius has 3 blocks defending Tarraco and moves 4 blocks from Carthago Nova
into it. Round 1 has the 3 defenders against Caesar's 4 blocks from Narbo;
Caesar's blocks from Bilbilis and Pompeius's from Carthago Nova are reserves
arriving in round 2.
"""

from __future__ import annotations

from legatus.framework.kit import reads
from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.julius_caesar import queries

from .conftest import JC, command_phase, group

MAIN = ["C Equitatus 1", "Legio 10", "Legio 7", "Legio 9"]  # from Narbo
SECOND = ["Legio 11", "Legio 12"]  # from Bilbilis
DEFENDERS = ["Legio 5", "Legio 6", "P Equitatus 1"]
RESPONSE = ["Legio 2", "Legio 4", "P Auxilia 1", "Pompeius"]  # from Carthago Nova
EVERY = sorted(MAIN + SECOND + DEFENDERS + RESPONSE)


def tarraco(play_from: PlayFrom) -> Kit:
    kit = play_from(
        JC,
        command_phase(
            """
            setup:
              caesar:
                map:
                  Narbo: [C Equitatus 1, Legio 10, Legio 7, Legio 9]
                  Bilbilis: [Legio 11, Legio 12]
                others: out
              pompey:
                map:
                  Tarraco: [Legio 5, Legio 6, P Equitatus 1]
                  Carthago Nova: [Legio 2, Legio 4, P Auxilia 1, Pompeius]
                others: out
            """,
            caesar=(2, 0),
            pompey=(1, 0),
        ),
    )
    kit.act(*group("Narbo", "Tarraco", *MAIN), *group("Bilbilis", "Tarraco", *SECOND))
    assert kit.asked == ("caesar", "main")
    kit.act("main(Tarraco, Narbo)")
    return kit.act(*group("Carthago Nova", "Tarraco", *RESPONSE))


def revealed(kit: Kit) -> list[str]:
    return sorted(b for b in kit.definition.pieces if "revealed" in kit.flags(b))


def play_round_passing(kit: Kit) -> list[str]:
    """Pass every turn of the current round; return the blocks that had a turn."""
    battle = reads.battle(kit)
    assert battle is not None
    order = []
    while (now := reads.battle(kit)) is not None and now.round == battle.round:
        assert kit.prompt is not None
        block = str(kit.prompt.actions[0].args[0])
        order.append(block)
        kit.act(f"pass({block})")
    return order


def test_rule_7_3_example_round_1_is_three_against_four(play_from: PlayFrom) -> None:
    kit = tarraco(play_from)
    found = reads.attack(kit, "Tarraco")
    assert found is not None
    assert (found.main, found.reserves) == ("Narbo|Tarraco", {"caesar": 2, "pompey": 4})
    assert reads.reserves(kit, "Tarraco") == {"caesar": SECOND, "pompey": RESPONSE}
    assert revealed(kit) == sorted(MAIN + DEFENDERS)
    assert sorted(b for turn in queries.battle_order(kit) for b in turn) == sorted(MAIN + DEFENDERS)
    assert sorted(play_round_passing(kit)) == sorted(MAIN + DEFENDERS)


def test_rule_7_3_example_reserves_arrive_revealed_in_round_2(play_from: PlayFrom) -> None:
    kit = tarraco(play_from)
    play_round_passing(kit)
    assert reads.reserves(kit, "Tarraco") == {"caesar": [], "pompey": []}
    assert revealed(kit) == EVERY
    assert sorted(play_round_passing(kit)) == EVERY


def test_rule_7_3_reserves_are_hidden_from_the_enemy_in_round_1(play_from: PlayFrom) -> None:
    kit = tarraco(play_from)
    seen = [b for b in kit.definition.pieces if reads.seen(kit, "caesar", b) is not None]
    # Cleopatra's blue block is known to all (JC 1.3); her strength is not.
    assert sorted(b for b in seen if kit.owner(b) == "pompey" and b != "Cleopatra") == DEFENDERS
    assert "strength" not in (reads.seen(kit, "caesar", "Cleopatra") or {})
    texts = kit.log("caesar")
    assert "Pompeius has 4 block(s) in reserve" in texts
    assert not any("Legio 2" in t for t in texts)


def test_rule_7_3_reserves_take_no_hits_in_round_1(play_from: PlayFrom) -> None:
    """Legio 10 (C4) scores 3 hits on the defenders (III, III, II): a tie at III, then
    Legio 6 alone at III, then a three-way tie at II; the reserve Legio 2 (IV) is never hit."""
    kit = tarraco(play_from)
    # Pass the B blocks and the defending C blocks, up to Legio 10's turn.
    while "fire(Legio 10)" not in kit.legal():
        assert kit.prompt is not None
        kit.act(f"pass({kit.prompt.actions[0].args[0]})")
    kit.dice([1, 2, 3]).act("fire(Legio 10)")  # 3 hits on III, III, II
    assert kit.legal() == ["hit(Legio 5)", "hit(Legio 6)"]
    kit.act("hit(Legio 5)")  # Legio 5 II; then Legio 6 III is alone at the top
    assert kit.strength("Legio 6") == 2
    # The third hit: three blocks at II, the owner chooses; never the reserve Legio 2 (IV).
    assert kit.legal() == ["hit(Legio 5)", "hit(Legio 6)", "hit(P Equitatus 1)"]
    assert kit.strength("Legio 2") == 4
