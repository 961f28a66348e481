"""JC 7.2: battle turns in initiative order, defender first; at most four rounds.

Also the two guarantees every battle gives: there is always a legal action,
and a battle ends within the last round (random playouts from fixed positions).
"""

from __future__ import annotations

import random

import pytest

from legatus.framework.kit import reads
from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.julius_caesar import queries

from .conftest import JC, command_phase, group


def attack(play_from: PlayFrom, setup: str, origin: str, to: str, *attackers: str) -> Kit:
    """Caesar (Player 1, 1 MP) moves ``attackers`` from ``origin`` into ``to``."""
    kit = play_from(JC, command_phase(setup))
    return kit.act(*group(origin, to, *attackers))


def tarraco(play_from: PlayFrom, more: str = "") -> Kit:
    """Legio 7 (III) attacks Legio 5 (II) at Tarraco from Narbo."""
    return attack(
        play_from,
        f"""
        setup:
          caesar: {{map: {{Narbo: [Legio 7]}}, others: out}}
          pompey: {{map: {{Tarraco: [{{piece: Legio 5, strength: 2}}]{more}}}, others: out}}
        """,
        "Narbo",
        "Tarraco",
        "Legio 7",
    )


def test_rule_7_2_rulebook_example_turn_order(play_from: PlayFrom) -> None:
    """Caesar (A3) and his Equitatus (B2) attack Pompeius (B3) and a navis (D2) at Neapolis:
    Caesar, Pompeius, the Equitatus, the navis; each turn offers exactly fire and pass."""
    kit = attack(
        play_from,
        """
        setup:
          caesar: {map: {Roma: [Caesar, {piece: C Equitatus 1, strength: 2}]}, others: out}
          pompey: {map: {Neapolis: [Pompeius, P Navis 3]}, others: out}
        """,
        "Roma",
        "Neapolis",
        "Caesar",
        "C Equitatus 1",
    )
    assert queries.battle_order(kit) == [["Caesar"], ["Pompeius"], ["C Equitatus 1"], ["P Navis 3"]]
    order = []
    for _ in range(4):
        assert kit.prompt is not None
        block = str(kit.prompt.actions[0].args[0])
        assert kit.legal() == [f"fire({block})", f"pass({block})"]
        order.append((kit.prompt.side, block))
        kit.act(f"pass({block})")
    assert order == [
        ("caesar", "Caesar"),
        ("pompey", "Pompeius"),
        ("caesar", "C Equitatus 1"),
        ("pompey", "P Navis 3"),
    ]
    battle = reads.battle(kit)
    assert battle is not None and battle.round == 2


def test_rule_7_2_equal_initiative_blocks_share_the_turn(play_from: PlayFrom) -> None:
    """Two attacking C legions: the owner picks which acts first (2 blocks x fire/pass = 4)."""
    kit = attack(
        play_from,
        """
        setup:
          caesar: {map: {Narbo: [Legio 7, Legio 9]}, others: out}
          pompey: {map: {Tarraco: [{piece: P Auxilia 3, strength: 1}]}, others: out}
        """,
        "Narbo",
        "Tarraco",
        "Legio 7",
        "Legio 9",
    )
    assert queries.battle_order(kit) == [["P Auxilia 3"], ["Legio 7", "Legio 9"]]
    assert kit.legal() == ["fire(P Auxilia 3)", "pass(P Auxilia 3)"]
    kit.act("pass(P Auxilia 3)")
    assert kit.legal() == ["fire(Legio 7)", "fire(Legio 9)", "pass(Legio 7)", "pass(Legio 9)"]
    kit.act("pass(Legio 9)")
    assert kit.legal() == ["fire(Legio 7)", "pass(Legio 7)"]


def test_rule_7_2_retreat_from_round_2(play_from: PlayFrom) -> None:
    """Round 2: Legio 5 (defender) may retreat to vacant Bilbilis or Carthago Nova, not
    along the attacker's road to Narbo: fire, pass and 2 retreats."""
    kit = tarraco(play_from)
    kit.act("pass(Legio 5)", "pass(Legio 7)")
    assert kit.legal() == [
        "fire(Legio 5)",
        "pass(Legio 5)",
        "retreat(Legio 5, Bilbilis)",
        "retreat(Legio 5, Carthago Nova)",
    ]


def pass_rounds(kit: Kit, rounds: int) -> None:
    for _ in range(rounds * 2):
        assert kit.prompt is not None
        kit.act(f"pass({kit.prompt.actions[0].args[0]})")


def test_rule_7_2_attackers_must_retreat_in_round_4(play_from: PlayFrom) -> None:
    """Round 4: the defender fires or passes; Legio 7 is offered only its retreat to Narbo."""
    kit = tarraco(play_from)
    pass_rounds(kit, 3)
    battle = reads.battle(kit)
    assert battle is not None and battle.round == 4
    kit.act("pass(Legio 5)")
    assert kit.legal() == ["retreat(Legio 7, Narbo)"]
    kit.act("retreat(Legio 7, Narbo)")
    assert kit.at("Legio 7") == "Narbo"
    assert kit.log()[-1] == "Battle at Tarraco ends: Pompeius wins"
    assert kit.legal() == [
        "end_regroup",
        "regroup(Legio 5, Bilbilis)",
        "regroup(Legio 5, Carthago Nova)",
    ]


def test_rule_7_2_an_attacker_that_cannot_retreat_in_round_4_is_eliminated(
    play_from: PlayFrom,
) -> None:
    """Pompeius's Legio 6 marches into Narbo behind Legio 7 (Player 2's move): Legio 7 has no
    retreat in round 4 and is eliminated on its turn."""
    kit = play_from(
        JC,
        command_phase(
            """
            setup:
              caesar: {map: {Narbo: [Legio 7]}, others: out}
              pompey:
                map: {Tarraco: [{piece: Legio 5, strength: 2}], Burdigala: [{piece: Legio 6, strength: 1}]}
                others: out
            """,
            pompey=(1, 0),
        ),
    )
    kit.act(*group("Narbo", "Tarraco", "Legio 7"), *group("Burdigala", "Narbo", "Legio 6"))
    assert reads.blocks_at(kit, "Narbo") == ["Legio 6"]
    pass_rounds(kit, 3)
    kit.act("pass(Legio 5)")
    assert (kit.at("Legio 7"), kit.flags("Legio 7")) == ("pool", ["face_up"])
    assert kit.log()[-3:] == [
        "Legio 7 must retreat from Tarraco and cannot",
        "Legio 7 is eliminated in Tarraco and goes face up to Caesar's pool",
        "Battle at Tarraco ends: Pompeius wins",
    ]


# -- every battle ends, and never dead-ends -----------------------------------------

#: Three command phases that end in battles, each with the moves that make them: Tarraco
#: attacked along two roads, with Pompeius's response (reserves on both sides) and
#: bystanders by land and sea; Utica attacked by land while Pompeius's navis attacks
#: Caesar's at sea (two battles, an elephant, Cleopatra, a ballista); Messana attacked by
#: Pompeius across the strait and by road (the main attack named).
BATTLES: list[tuple[str, tuple[int, int], tuple[int, int], list[str]]] = [
    (
        """
        setup:
          caesar:
            map:
              Narbo: [Legio 7, Legio 9, Legio 10, C Equitatus 1]
              Bilbilis: [Legio 11, Legio 12]
              Mare Hispanum: [C Navis 1]
              Massilia: [Legio 14]
            others: out
          pompey:
            map:
              Tarraco: [Legio 5, Legio 6, P Equitatus 1]
              Carthago Nova: [{piece: Legio 2, strength: 4}, Legio 4, Pompeius, P Auxilia 1]
            others: out
        """,
        (2, 0),
        (1, 0),
        [
            *group("Narbo", "Tarraco", "Legio 7", "Legio 9", "Legio 10", "C Equitatus 1"),
            *group("Bilbilis", "Tarraco", "Legio 11", "Legio 12"),
            "main(Tarraco, Narbo)",
            *group("Carthago Nova", "Tarraco", "Legio 2", "Legio 4", "Pompeius", "P Auxilia 1"),
        ],
    ),
    (
        """
        setup:
          caesar:
            map:
              Tacape: [{piece: C Auxilia 3, strength: 2}, C Ballista]
              Mare Internum: [C Navis 4]
              Syracusae: [{piece: Legio 17, strength: 2}]
            others: out
          pompey:
            map:
              Utica:
                - {piece: Cleopatra, strength: 1}
                - {piece: Legio 39, strength: 2}
                - P Elephant
                - P Navis 3
                - P Navis 1
            others: out
        """,
        (1, 0),
        (1, 0),
        [
            *group("Tacape", "Utica", "C Auxilia 3", "C Ballista"),
            *group("Utica", "Mare Internum", "P Navis 1"),
            "end_group",
        ],
    ),
    (
        """
        setup:
          caesar: {map: {Messana: [Antonius, Legio 18]}, others: out}
          pompey:
            map:
              Rhegium: [{piece: Scipio, strength: 1}, {piece: Legio 3, strength: 2}]
              Syracusae: [Legio 37]
            others: out
        """,
        (0, 0),
        (2, 0),
        [
            *group("Rhegium", "Messana", "Scipio"),
            "end_group",
            *group("Syracusae", "Messana", "Legio 37"),
            "main(Messana, Rhegium)",
        ],
    ),
]


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("position", range(len(BATTLES)))
def test_rule_7_2_random_battles_end_within_four_rounds(
    play_from: PlayFrom, position: int, seed: int
) -> None:
    """Random legal choices with the game's own seeded dice: every prompt offers an action,
    the round never passes 4, and the battle phase ends with no contested location left."""
    setup, caesar, pompey, moves = BATTLES[position]
    kit = play_from(
        JC, command_phase(setup, caesar=caesar, pompey=pompey), seed=seed, random_dice=True
    )
    kit.act(*moves)
    assert kit.step == "battle_phase"
    chooser = random.Random(seed)
    last_round = kit.game.rules.param("battle_rounds")
    assert last_round == 4  # JC 7.2: four rounds at most
    rounds_seen: set[int] = set()
    while kit.step == "battle_phase":
        legal = kit.legal()
        assert legal
        battle = reads.battle(kit)
        if battle is not None:
            rounds_seen.add(battle.round)
            assert battle.round in range(1, last_round + 1), battle
        kit.act(chooser.choice(legal))
    assert rounds_seen, "no battle round was fought"
    assert kit.step == "card_phase" and kit.counters == {"year": 1, "turn": 2}
    for location in {kit.at(piece) for piece in kit.definition.pieces} - {"pool", "out"}:
        assert len({kit.owner(b) for b in kit.pieces_at(location)}) == 1, location
    assert not any("revealed" in kit.flags(piece) for piece in kit.definition.pieces)
