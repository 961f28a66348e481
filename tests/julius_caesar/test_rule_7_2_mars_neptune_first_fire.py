"""JC 7.2 with cards Mars and Neptune: who fires first in round 1 of one battle.

Mars: in one battle all attacking blocks fire before any defending block in
round 1, so the defender may be fired on twice in a row. Neptune: the event's
navis fire before all defending blocks in round 1 of one naval or coastal
battle. Each test starts at a command phase whose event Caesar plays, moves the
event's group by its actions and fights the battle that follows.
"""

from __future__ import annotations

import json

from legatus.framework.kit import reads
from legatus.framework.play.ai.infoset import information_set
from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.julius_caesar import queries

from .conftest import JC, command_phase, forge_first_fire, group

TARRACO = """
setup:
  caesar: {map: {Narbo: [{piece: C Auxilia 3, strength: 1}, Legio 7]}, others: out}
  pompey: {map: {Tarraco: [{piece: P Auxilia 3, strength: 1}, Legio 5]}, others: out}
"""


def event(play_from: PlayFrom, card: str, setup: str, *moves: str, pompey: int = 0) -> Kit:
    """Caesar plays ``card`` (so he is Player 1, without moves or levies), moves its group
    with ``moves``; Pompeius then has ``pompey`` MP."""
    kit = play_from(
        JC,
        command_phase(
            setup,
            caesar=(0, 0),
            pompey=(pompey, 0),
            records={"event": {"card": card, "side": "caesar"}},
        ),
    )
    assert kit.asked == ("caesar", "group")
    return kit.act(*moves)


def mars_at_tarraco(play_from: PlayFrom, setup: str = TARRACO, pompey: int = 0) -> Kit:
    return event(
        play_from,
        "Mars",
        setup,
        *group("Narbo", "Tarraco", "C Auxilia 3", "Legio 7"),
        pompey=pompey,
    )


def turn_order(kit: Kit, turns: int) -> list[str]:
    """Pass ``turns`` battle turns, taking the first offered block each time."""
    order = []
    for _ in range(turns):
        assert kit.prompt is not None
        block = str(kit.prompt.actions[0].args[0])
        order.append(block)
        kit.act(f"pass({block})")
    return order


def test_without_an_event_the_defender_goes_first_on_equal_letters(play_from: PlayFrom) -> None:
    kit = play_from(JC, command_phase(TARRACO))
    kit.act(*group("Narbo", "Tarraco", "C Auxilia 3", "Legio 7"))
    assert queries.event_group(kit) is None
    assert turn_order(kit, 4) == ["P Auxilia 3", "C Auxilia 3", "Legio 5", "Legio 7"]


def test_card_mars_attackers_fire_first_in_round_1_only(play_from: PlayFrom) -> None:
    kit = mars_at_tarraco(play_from)
    found = queries.event_group(kit)
    assert found is not None and (found.mode, found.location) == ("mars", "Tarraco")
    assert found.blocks == ("C Auxilia 3", "Legio 7")
    assert queries.battle_order(kit) == [
        ["C Auxilia 3"],
        ["Legio 7"],
        ["P Auxilia 3"],
        ["Legio 5"],
    ]
    assert turn_order(kit, 4) == ["C Auxilia 3", "Legio 7", "P Auxilia 3", "Legio 5"]
    battle = reads.battle(kit)
    assert battle is not None and battle.round == 2
    assert turn_order(kit, 4) == ["P Auxilia 3", "C Auxilia 3", "Legio 5", "Legio 7"]


def test_card_mars_the_defender_acts_last_in_round_1_and_first_in_round_2(
    play_from: PlayFrom,
) -> None:
    """The card's caution: three defender turns in a row across the round change."""
    kit = mars_at_tarraco(play_from)
    sides = []
    for _ in range(6):
        assert kit.prompt is not None
        sides.append(kit.prompt.side)
        kit.act(f"pass({kit.prompt.actions[0].args[0]})")
    assert sides == ["caesar", "caesar", "pompey", "pompey", "pompey", "caesar"]


def test_card_mars_both_attacking_volleys_land_before_any_defender_fires(
    play_from: PlayFrom,
) -> None:
    """C Auxilia 3 (A1) then Legio 7 (C2) fire; Legio 5 (III) takes the hits before it acts."""
    kit = mars_at_tarraco(play_from)
    kit.dice([1]).act("fire(C Auxilia 3)")  # 1 hit on the strongest: Legio 5 III -> II
    kit.dice([1, 2, 6]).act("fire(Legio 7)")  # 2 hits: Legio 5 II -> I, then a tie at I
    assert kit.strength("Legio 5") == 1
    assert kit.legal() == ["hit(Legio 5)", "hit(P Auxilia 3)"]


def test_card_mars_applies_to_the_battle_of_its_group_only(play_from: PlayFrom) -> None:
    """Two battles: the Mars group attacked Tarraco; Pompeius attacks Caesar's Genua from
    Roma. Player 1 picks Genua first: it is fought in the normal order, the defender first
    on equal letters (C Auxilia 4 before P Auxilia 4, Legio 8 before Legio 6)."""
    kit = mars_at_tarraco(
        play_from,
        """
        setup:
          caesar:
            map:
              Narbo: [{piece: C Auxilia 3, strength: 1}, Legio 7]
              Genua: [{piece: C Auxilia 4, strength: 1}, Legio 8]
            others: out
          pompey:
            map:
              Tarraco: [{piece: P Auxilia 3, strength: 1}, Legio 5]
              Roma: [{piece: P Auxilia 4, strength: 1}, Legio 6]
            others: out
        """,
        pompey=1,
    )
    kit.act(*group("Roma", "Genua", "P Auxilia 4", "Legio 6"))
    assert kit.asked == ("caesar", "battle_choice")
    kit.act("battle(Genua)")
    assert turn_order(kit, 4) == ["C Auxilia 4", "P Auxilia 4", "Legio 8", "Legio 6"]


def test_card_mars_attacking_two_locations_favours_the_first_battle_picked(
    play_from: PlayFrom,
) -> None:
    """The Mars group splits, attacking Tarraco and Burdigala: the card favours one battle,
    the first of them that Player 1 picks."""
    kit = event(
        play_from,
        "Mars",
        """
        setup:
          caesar: {map: {Narbo: [{piece: C Auxilia 3, strength: 1}, Legio 7]}, others: out}
          pompey:
            map:
              Tarraco: [{piece: P Auxilia 3, strength: 1}, Legio 5]
              Burdigala: [Legio 6]
            others: out
        """,
        "group(Narbo)",
        "move(C Auxilia 3, Narbo, Tarraco)",
        "move(Legio 7, Narbo, Burdigala)",
    )
    found = queries.event_group(kit)
    assert found is not None and (found.attacked, found.location) == (
        ("Tarraco", "Burdigala"),
        None,
    )
    kit.act("battle(Tarraco)")
    assert turn_order(kit, 2) == ["C Auxilia 3", "P Auxilia 3"]


NAVAL = """
setup:
  caesar: {map: {Mare Tyrrhenum: [C Navis 1]}, others: out}
  pompey: {map: {Mare Hispanum: [P Navis 3, P Navis 4]}, others: out}
"""


def test_rule_7_8_naval_battle_defenders_first(play_from: PlayFrom) -> None:
    kit = play_from(
        JC,
        command_phase("""
            setup:
              caesar: {map: {Mare Tyrrhenum: [C Navis 1, C Navis 2]}, others: out}
              pompey: {map: {Mare Hispanum: [P Navis 3, P Navis 4]}, others: out}
        """),
    )
    kit.act(*group("Mare Tyrrhenum", "Mare Hispanum", "C Navis 1", "C Navis 2"))
    assert kit.legal() == [
        "fire(P Navis 3)",
        "fire(P Navis 4)",
        "pass(P Navis 3)",
        "pass(P Navis 4)",
    ]


def test_card_neptune_the_event_navis_fire_before_all_defenders(play_from: PlayFrom) -> None:
    """The Neptune navis C Navis 1 sails from Mare Tyrrhenum into Mare Hispanum, held by
    P Navis 3 and 4: it fires before the defenders in round 1, after them in round 2 (D
    against D, the defender first)."""
    kit = event(play_from, "Neptune", NAVAL, *group("Mare Tyrrhenum", "Mare Hispanum", "C Navis 1"))
    assert queries.battle_order(kit) == [["C Navis 1"], ["P Navis 3", "P Navis 4"]]
    assert turn_order(kit, 3) == ["C Navis 1", "P Navis 3", "P Navis 4"]
    assert turn_order(kit, 3) == ["P Navis 3", "P Navis 4", "C Navis 1"]


def test_card_neptune_in_a_coastal_battle(play_from: PlayFrom) -> None:
    """Caesar's navis attacks Tarraco from Mare Hispanum; Legio 5 (C) would go first."""
    kit = event(
        play_from,
        "Neptune",
        """
        setup:
          caesar: {map: {Mare Hispanum: [C Navis 1]}, others: out}
          pompey: {map: {Tarraco: [{piece: Legio 5, strength: 2}]}, others: out}
        """,
        *group("Mare Hispanum", "Tarraco", "C Navis 1"),
    )
    assert turn_order(kit, 2) == ["C Navis 1", "Legio 5"]


def test_the_first_fire_record_names_only_blocks_the_enemy_may_identify(
    play_from: PlayFrom,
) -> None:
    """The battle frame keeps the event's blocks (its ``first_fire`` argument and field):
    each id there reaches Pompeius's information set (what a search player reads) only if he
    may identify the block (JC 7.1, 7.3: a reserve stays hidden until it arrives). This
    battle's blocks are revealed, so he reads them; a hidden block written into the record
    (Legio 8, left unrevealed in Narbo) reaches him as a token, never by name."""
    setup = TARRACO.replace("Legio 7]", "Legio 7, Legio 8]")
    kit = mars_at_tarraco(play_from, setup).act("end_group")
    assert queries.first_fire(kit) == queries.FirstFire("mars", ("C Auxilia 3", "Legio 7"))
    assert "revealed" not in kit.flags("Legio 8")

    def seen(side: str) -> str:
        frames = information_set(kit.game, kit.state, side).skeleton["stack"]
        (battle,) = [f for f in frames if f.get("p") == "battle"]
        return json.dumps(battle)

    assert '"blocks": ["C Auxilia 3", "Legio 7"]' in seen("pompey")
    forge_first_fire(kit, "Legio 8")
    assert "Legio 8" in seen("caesar")
    assert "Legio 8" not in seen("pompey")


SPLIT = """
setup:
  caesar: {map: {Narbo: [{piece: C Auxilia 3, strength: 1}, Legio 7]}, others: out}
  pompey:
    map:
      Tarraco: [{piece: P Auxilia 3, strength: 1}, Legio 5]
      Burdigala: [{piece: Legio 6, strength: 1}]
    others: out
"""


def split_mars(play_from: PlayFrom, variant: str | None = None) -> Kit:
    """Caesar's Mars group splits from Narbo: C Auxilia 3 attacks Tarraco, Legio 7 Burdigala."""
    kit = play_from(
        JC,
        command_phase(SPLIT, caesar=(0, 0), records={"event": {"card": "Mars", "side": "caesar"}}),
        variant=variant,
    )
    return kit.act(
        "group(Narbo)", "move(C Auxilia 3, Narbo, Tarraco)", "move(Legio 7, Narbo, Burdigala)"
    )


def test_rule_7_2_mars_the_event_player_names_the_favoured_battle_in_the_variant(
    play_from: PlayFrom,
) -> None:
    """Card Mars: all attackers fire first in round 1 "in one battle". The group attacks
    Tarraco and Burdigala. By default the first of them Player 1 picks is the one: Burdigala,
    where Legio 7 then fires before Legio 6. With ``first_fire_chosen`` the event's player
    names it before any battle: he names Tarraco, so at Burdigala, fought first, the defender
    goes first on equal letters (Legio 6, then Legio 7), and at Tarraco C Auxilia 3 fires
    before P Auxilia 3."""
    base = split_mars(play_from).act("battle(Burdigala)")
    assert turn_order(base, 2) == ["Legio 7", "Legio 6"]
    kit = split_mars(play_from, "first_fire_chosen")
    assert kit.asked == ("caesar", "first_fire")
    assert kit.legal() == ["choose(Burdigala)", "choose(Tarraco)"]
    kit.act("choose(Tarraco)")
    assert kit.asked == ("caesar", "battle_choice")
    kit.act("battle(Burdigala)")
    assert turn_order(kit, 1) == ["Legio 6"]
    kit.dice([1, 6, 6]).act("fire(Legio 7)")  # Legio 6 (I) is eliminated: Caesar wins
    assert kit.at("Legio 6") == "pool"
    kit.act("end_regroup")
    battle = reads.battle(kit)
    assert battle is not None and battle.location == "Tarraco"
    assert turn_order(kit, 2) == ["C Auxilia 3", "P Auxilia 3"]
