"""HB V: battles on land - the three steps of a round, losses and the critical 10 (HB 5.5),
leaders' rerolls (HB 5.6), elephants (HB 5.8), pursuit (HB 5.9), retreats (HB 5.4; a beaten
fleet into its besieged port), VP (HB 5.11); worked examples 6, 7 and 9 exactly as printed,
with forced dice.

Each army rolls once a step, one die per unit firing in that step, the attacker's armies
first; a reroll is a roll of one die; at sea each side's ships roll at once (the docs'
"Forcing the dice")."""

from __future__ import annotations

from typing import Any

import pytest

from legatus.framework.model.errors import DataError
from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.hannibal_barkas import queries
from legatus.games.hannibal_barkas.invariants import nations_apart
from legatus.games.hannibal_barkas.queries import Siege
from tests.hannibal_barkas.conftest import (
    CARTHAGE,
    ROME,
    besiege,
    decline_effects,
    empty_board,
    give,
    hold,
    put,
    put_inside,
    set_ip,
    set_order,
    stage_position,
)

A, B = "carthage_spain", "rome_north"


def battle_position(**changes: Any) -> Kit:
    """An empty board; Carthage (A) acts first with 1 IP; Rome (B) defends in Insubres, a
    tribe allied with Carthage (no attitude test for A), without a city."""
    return empty_board(**changes)


def respond_none(kit: Kit) -> None:
    while kit.asked is not None and kit.asked[1] == "respond":
        kit.act("decline")


def attack(kit: Kit, *takes: str) -> None:
    """A activates Boii (its allies) and attacks Insubres with what it takes; the moves' and the
    battle's effect windows pass."""
    kit.begin()
    kit.act("activate(Boii)", *takes, "march", "step(Insubres)")
    respond_none(kit)  # after the move
    respond_none(kit)  # before the battle


def battle(kit: Kit) -> queries.BattleNow:
    found = queries.battle(kit)
    assert found is not None
    return found


def example_6(kit: Kit, *leaders: str) -> None:
    put(kit, A, "Boii", *leaders, light_infantry=2, heavy_infantry=3, cavalry=3)
    put(kit, B, "Insubres", light_infantry=1, heavy_infantry=2, cavalry=1)
    takes = [f"take({leader})" for leader in leaders]
    attack(
        kit,
        *takes,
        "take(light_infantry, 2)",
        "take(heavy_infantry, 3)",
        "take(cavalry, 3)",
    )


def test_example_6_a_round_losses_retreat_and_pursuit() -> None:
    """Ex. 6: A (2 LI, 3 HI, 3 Cav) attacks B (1 LI, 2 HI, 1 Cav). Light infantry: A rolls
    5 and 9, B loses its light infantry; B rolls 7. Cavalry: A rolls 7, 1, 6; B rolls 8 and
    A loses a light infantry. Heavy infantry: A rolls 2, 7, 10 - the 10 is A's to choose:
    B's cavalry, and the other hit a heavy infantry; B rolls 10 and 6 and chooses A's
    cavalry. B, left with one infantry, retreats; A pursues with 2 cavalry, rolls 8 and 4,
    and B's last unit dies. A scores no VP: 4 units, not 5 (HB 5.3-5.5, 5.9, 5.11)."""
    kit = battle_position()
    kit.dice([5, 9], 7)  # light infantry: A, then B
    kit.dice([7, 1, 6], 8)  # cavalry
    kit.dice([2, 7, 10], [10, 6])  # heavy infantry
    example_6(kit)
    # Step 1: A's hit on B, who chooses its loss.
    assert kit.asked == (B, "lose")
    assert kit.legal() == ["lose(cavalry)", "lose(heavy_infantry)", "lose(light_infantry)"]
    kit.act("lose(light_infantry)")
    # Step 2: B's 8 hits; A chooses.
    assert kit.asked == (A, "lose")
    kit.act("lose(light_infantry)")
    # Step 3: A's 10 is A's to choose; the other hit is B's (only heavy infantry left).
    assert kit.asked == (A, "strike")
    assert kit.legal() == [f"strike({B}, cavalry)", f"strike({B}, heavy_infantry)"]
    kit.act(f"strike({B}, cavalry)")
    # B's 10 is B's to choose (A.23 #1: whoever rolled it).
    assert kit.asked == (B, "strike")
    kit.act(f"strike({A}, cavalry)")
    assert queries.units_at(kit, "Boii") == {}
    assert queries.units_at(kit, "Insubres", A) == {
        "light_infantry": 1,
        "heavy_infantry": 3,
        "cavalry": 2,
    }
    assert queries.units_at(kit, "Insubres", B) == {"heavy_infantry": 1}
    # The defender decides first (HB 5.3); it may not go back whence the attack came.
    assert kit.asked == (B, "retreat")
    assert "retreat(Boii)" not in kit.legal()  # whence the attack came
    assert "retreat(Leponti)" in kit.legal()
    kit.dice([8, 4])  # the pursuit: A's two horsemen at once
    kit.act("retreat(Cenomani)")
    assert queries.units_at(kit, "Cenomani") == {}  # the pursuit's 8 killed it
    kit.close()
    assert queries.vp(kit, A) == 0  # 4 units eliminated: no VP (HB 5.11)


def test_example_7_a_leaders_command_rerolls_two_failed_dice() -> None:
    """Ex. 7: in Ex. 6 A has a leader with command 2 and rerolls one failed cavalry die
    (5, still a miss) and one failed infantry die (8, a hit): B's whole army dies in the
    first round and there is no pursuit (HB 5.6)."""
    kit = battle_position()
    kit.dice([5, 9])  # A's light infantry: one miss, its command kept
    kit.dice(7)  # B's light infantry
    kit.dice([7, 1, 6], 5)  # A's cavalry, and one failed die rerolled: 5
    kit.dice(8)  # B's cavalry
    kit.dice([2, 7, 10], 8)  # A's heavy infantry, the 2 rerolled: 8
    kit.dice([10, 6])  # B's heavy infantry
    example_6(kit, "Hasdrubal")  # command 2
    assert kit.asked == (A, "reroll")
    assert kit.legal() == ["done", "reroll(light_infantry)"]
    kit.act("done")  # A keeps its command for later steps
    kit.act("lose(light_infantry)")  # B's loss
    assert kit.legal() == ["done", "reroll(cavalry)"]
    kit.act("reroll(cavalry)")
    assert kit.asked is not None and kit.asked[1] == "reroll"  # one point of command left
    kit.act("done")
    kit.act("lose(light_infantry)")  # A's loss to B's 8
    assert kit.legal() == ["done", "reroll(heavy_infantry)"]
    kit.act("reroll(heavy_infantry)")  # command spent: no more questions
    kit.act(f"strike({B}, cavalry)")  # A's 10; its two other hits kill the HI
    kit.act(f"strike({A}, cavalry)")  # B's 10
    assert queries.units_at(kit, "Insubres", B) == {}
    assert queries.units_at(kit, "Insubres", A) == {
        "light_infantry": 1,
        "heavy_infantry": 3,
        "cavalry": 2,
        "Hasdrubal": 1,
    }
    kit.close()  # no pursuit was rolled
    assert queries.vp(kit, A) == 0  # 4 units


def test_example_9_elephants_hit_without_a_roll_and_frighten_horses() -> None:
    """Ex. 9: A attacks with 2 elephants; B has 3 cavalry, 5 heavy and 3 light infantry.
    B's light infantry miss; the elephants kill 2 of B's units (B chooses a light infantry
    and a cavalry), 2 of B's cavalry sit the step out, the third rolls a 10 and B chooses an
    elephant. Next round A has one elephant: one of B's two horsemen comes back (HB 1.2.6,
    5.8)."""
    kit = battle_position()
    put(kit, A, "Boii", elephants=2, heavy_infantry=4)
    put(kit, B, "Insubres", cavalry=3, heavy_infantry=5, light_infantry=3)
    kit.dice([1, 2, 3])  # B's light infantry miss
    kit.dice(10)  # B's one horseman the elephants do not frighten
    attack(kit, "take(elephants, 2)", "take(heavy_infantry, 4)")
    assert kit.asked == (B, "lose")
    rolled = battle(kit).dice
    assert [d.value for d in rolled[B]] == [10]  # one die: two horsemen sit out
    assert [d.automatic for d in rolled[A]] == [True, True]  # no roll for the elephants
    kit.act("lose(light_infantry)", "lose(cavalry)")
    assert kit.asked == (B, "strike")
    kit.dice([1, 1, 1, 1], [1, 1, 1, 1, 1])  # the heavy infantry miss: A's 4, B's 5
    kit.act(f"strike({A}, elephants)")
    kit.dice([1, 1])  # round 2: B's two light infantry
    kit.dice(1)  # one horseman is back, the other still shies away from the elephant
    kit.act("stand", "stand")  # B, then A, fight on
    rolled = battle(kit).dice
    assert [d.key for d in rolled[B]] == ["cavalry"]
    assert [d.automatic for d in rolled[A]] == [True]
    assert kit.asked == (B, "lose")


def test_rule_5_5_critical_attacker_only_variant() -> None:
    """The variant attacker_chooses_criticals (A.23 #1: HB 5.5 as printed): the defender's
    10 is chosen by its victim like any hit."""
    kit = battle_position(battle__critical_roller_chooses=False)
    kit.dice([5, 9], 7, [7, 1, 6], 8, [2, 7, 10], [10, 6])
    example_6(kit)
    kit.act("lose(light_infantry)", "lose(light_infantry)")
    kit.act(f"strike({B}, cavalry)")  # the attacker's 10 still chooses
    assert kit.asked == (A, "lose")  # B's 10: A's choice
    assert kit.legal() == ["lose(cavalry)", "lose(heavy_infantry)", "lose(light_infantry)"]


def test_rule_5_1_cavalry_alone_retreats_at_once_and_is_pursued() -> None:
    """HB 5.1: an army of cavalry only may retreat at once, with no battle; the winner may
    pursue it with its cavalry."""
    kit = battle_position()
    put(kit, A, "Boii", cavalry=2, heavy_infantry=2)
    put(kit, B, "Insubres", cavalry=2)
    attack(kit, "take(cavalry, 2)", "take(heavy_infantry, 2)")
    assert kit.asked == (B, "escape")
    assert kit.legal()[0] == "retreat(Cenomani)" and "stand" in kit.legal()
    kit.dice([9, 3])  # the pursuit
    kit.act("retreat(Cenomani)")
    assert queries.units_at(kit, "Cenomani", B) == {"cavalry": 1}
    assert queries.units_at(kit, "Insubres", A) == {"cavalry": 2, "heavy_infantry": 2}


def test_rule_5_6_leaders_die_with_their_army_and_the_enemy_scores_them() -> None:
    """HB 5.6, 5.11: leaders die when all their army's units are eliminated; the enemy
    scores their VP at once, and 1 VP for each full 5 units (HB 5.11)."""
    kit = battle_position()
    put(kit, A, "Boii", heavy_infantry=6)
    put(kit, B, "Insubres", "Pretor I", heavy_infantry=5)
    kit.dice([9, 9, 9, 9, 9, 7], [1, 1, 1, 1, 1])
    attack(kit, "take(heavy_infantry, 6)")
    assert kit.asked == (B, "reroll")
    kit.act("done")  # Pretor I's command: B keeps it
    assert queries.units_at(kit, "Insubres", B) == {}
    assert kit.at("Pretor I") == "out"
    # 5 units: 1 VP, and Pretor I's card: 1 VP
    assert queries.vp(kit, A) == 2


def test_rule_5_4_an_army_with_nowhere_to_go_cannot_retreat() -> None:
    """HB 5.4: the attacker goes back whence it came; an army that landed from the sea has
    no way back (no retreat onto ships) and fights on."""
    kit = battle_position()
    put(kit, A, "S10", ships=1, heavy_infantry=2)
    put(kit, B, "Panormus", heavy_infantry=2)
    set_ip(kit, **{A: 2})
    kit.begin()
    kit.act("activate(S10)", "take(ships, 1)", "march", "unload(Panormus)")
    kit.act("take(heavy_infantry, 2)", "done", "halt")
    respond_none(kit)
    assert kit.asked is not None and kit.asked[1] == "shelter"  # Rome's city of Panormus
    kit.dice([1, 1], [1, 1])
    kit.act("done")
    respond_none(kit)
    kit.act("stand")  # Rome fights on
    assert kit.asked is not None and kit.asked[0] == A and kit.legal() == ["stand"]


def test_example_8_effects_answered_in_a_chain_before_the_battle() -> None:
    """Ex. 8: A plays 'Zasadzka' before the battle (4 infantry to-hit rolls at once); B
    answers with 'Dogodny teren' (the first 2 enemy hits this round cancelled); A answers
    with 'Uśmiech bogów', cancelling it; B plays nothing more. The ambush takes effect: A
    rolls 4 dice, and the losses are taken before the battle begins (HB 5.2, 5.7)."""
    kit = battle_position()
    put(kit, A, "Boii", heavy_infantry=2)
    put(kit, B, "Insubres", heavy_infantry=2, light_infantry=2)
    give(kit, A, "Zasadzka [Carthage]", "Uśmiech bogów [Carthage]")
    give(kit, B, "Dogodny teren [Rome]")
    kit.begin()
    kit.act("activate(Boii)", "take(heavy_infantry, 2)", "march", "step(Insubres)")
    kit.act("decline")  # the move: B does not answer it (A is not asked: its own)
    # Before the battle every player is asked at once, the defender first (HB 5.2).
    assert kit.asked == (B, "respond")
    assert kit.legal() == ["decline", "effect(Dogodny teren [Rome])"]
    kit.act("decline")
    assert "effect(Zasadzka [Carthage])" in kit.legal()
    assert "effect(Uśmiech bogów [Carthage])" not in kit.legal()  # nothing to cancel
    kit.act("effect(Zasadzka [Carthage])")
    kit.act("effect(Dogodny teren [Rome])")  # B answers
    kit.act("decline")  # A, for now
    kit.act("decline")  # B
    assert kit.legal() == ["decline", "effect(Uśmiech bogów [Carthage])"]
    kit.act("effect(Uśmiech bogów [Carthage])")
    kit.dice([7, 3, 10, 8])  # the ambush: one roll of 4 dice, 3 hits, one of them a 10
    kit.dice([1, 1], 1)  # then the first round, all misses
    kit.act("decline", "decline")  # the chain resolves, the last first
    assert any("The effect of Dogodny teren [Rome] is cancelled" in t for t in kit.log())
    assert battle(kit).cancelled == {}  # Dogodny teren never took effect
    assert kit.asked == (A, "strike")  # the 10
    kit.act(f"strike({B}, heavy_infantry)")
    kit.act("lose(light_infantry)", "lose(light_infantry)")  # B chooses the others
    assert queries.units_at(kit, "Insubres", B) == {"heavy_infantry": 1}
    assert queries.discards(kit, "rome") == ["Dogodny teren [Rome]"]


def test_rule_5_7_favourable_ground_cancels_the_first_two_hits() -> None:
    """Dogodny teren not cancelled: the ambush's first two hits are cancelled (Ex. 8)."""
    kit = battle_position()
    put(kit, A, "Boii", heavy_infantry=2)
    put(kit, B, "Insubres", heavy_infantry=2, light_infantry=2)
    give(kit, A, "Zasadzka [Carthage]")
    give(kit, B, "Dogodny teren [Rome]")
    kit.begin()
    kit.act("activate(Boii)", "take(heavy_infantry, 2)", "march", "step(Insubres)")
    kit.act("decline")  # the move (B is asked, not A)
    kit.act("decline", "effect(Zasadzka [Carthage])")
    kit.act("effect(Dogodny teren [Rome])", "decline")
    kit.dice([7, 3, 10, 8])  # three hits: the 7 and the 10 are cancelled, the 8 stands
    kit.dice(1, [1, 1], [1, 1])  # the first round's misses
    kit.act("decline", "decline")
    assert kit.asked == (B, "lose")
    kit.act("lose(light_infantry)")
    assert queries.units_at(kit, "Insubres", B) == {"heavy_infantry": 2, "light_infantry": 1}


def test_example_10_a_naval_battle_marines_and_the_sunk_cargo() -> None:
    """Ex. 10: A carries 3 infantry and 2 cavalry on 4 ships (2 HI, 1 HI, 2 Cav, empty); B
    attacks with 5 ships and 7 infantry (2, 2, 2, 1, empty). B rolls first: its two-marine
    ships (5+) 6, 4, 7, the one-marine ship (6+) 5, the empty ship (7+) 9 - three hits; A
    sinks all but the ship with its cavalry. A rolls 7 (5+), 4 (6+), 10 and 5 (7+): two
    hits, B sinks its empty ship and A's 10 sinks a ship with two infantry. A retreats with
    its last ship; no pursuit at sea; B scores 1 VP for 6 units (3 ships and their 3 land
    units, HB 5.10, 5.11). The rulebook's "3 ships with 4 infantry" left to B should read 5
    (2 + 2 + 1 after losing the empty ship and a two-marine one)."""
    kit = battle_position()
    set_order(kit, B, A)
    set_ip(kit, **{B: 1})
    put(kit, A, "S10", ships=4, heavy_infantry=3, cavalry=2)
    put(kit, B, "O3", ships=5, heavy_infantry=7)
    kit.dice([6, 4, 7, 5, 9])  # B, the attacker, first: its ships at once, most marines first
    kit.dice([7, 4, 10, 5])
    kit.begin()
    kit.act("activate(O3)", "take(ships, 5)", "march", "sail(S10)")
    kit.act("decline", "decline")  # no effects before the battle
    assert kit.asked == (B, "stow")
    kit.act(*["stow(heavy_infantry, heavy_infantry)"] * 3, "stow(heavy_infantry)")
    assert kit.asked is not None and kit.asked[0] == A  # B's fifth ship sails empty
    kit.act("stow(heavy_infantry, heavy_infantry)", "stow(heavy_infantry)")
    kit.act("stow(cavalry, cavalry)")  # the fourth ship is left empty
    rolled = battle(kit).dice
    assert [(d.need, d.value) for d in rolled[B]] == [(5, 6), (5, 4), (5, 7), (6, 5), (7, 9)]
    assert [(d.need, d.value) for d in rolled[A]] == [(5, 7), (6, 4), (7, 10), (7, 5)]
    assert kit.asked == (A, "lose")
    kit.act("sink(Carthaginian ships 1)", "sink(Carthaginian ships 2)")
    kit.act("sink(Carthaginian ships 4)")
    assert kit.asked == (A, "strike")  # A's 10
    kit.act("sink(Roman ships 1)")  # two infantry aboard
    assert kit.asked == (B, "lose")
    kit.act("sink(Roman ships 5)")  # the empty one
    assert queries.units_at(kit, "S10", A) == {"ships": 1, "cavalry": 2}
    assert kit.asked == (A, "retreat")
    kit.act("retreat(S09)")
    kit.close()  # no pursuit at sea (HB 5.10)
    assert queries.units_at(kit, "S09", A) == {"ships": 1, "cavalry": 2}
    assert queries.units_at(kit, "S10", B) == {"ships": 3, "heavy_infantry": 5}
    assert queries.vp(kit, B) == 1  # 6 units: 1 VP


def test_rule_5_10_a_leader_drowns_at_once_when_his_last_ship_sinks() -> None:
    """HB 1.2.7, 5.10, 5.11: a leader at sea rides with his army's ships; when its last ship
    sinks he goes down with it at once, and the enemy scores his VP then, not after the
    step's other losses. A (Hannon Magnus on 1 ship) defends S10 against B's 2 ships, one
    with a heavy infantry aboard (6+) and one empty (7+). B rolls 10 and 1, A rolls 10: B's
    10 sinks A's only ship; while A chooses the ship its own 10 sinks, Hannon Magnus is
    already gone (check-game fault, gates-5p seed 20027, action 3028)."""
    from legatus.games.hannibal_barkas.invariants import ships_carry_their_cargo

    kit = battle_position()
    set_order(kit, B, A)
    set_ip(kit, **{B: 1})
    put(kit, A, "S10", "Hannon Magnus", ships=1)
    put(kit, B, "O3", ships=2, heavy_infantry=1)
    kit.dice([10, 1])  # B, the attacker, first: the ship with a marine, then the empty one
    kit.dice(10)
    kit.begin()
    kit.act("activate(O3)", "take(ships, 2)", "march")
    kit.act("sail(S10)", "decline", "decline")  # no effects before the battle
    assert kit.asked == (B, "stow")
    kit.act("stow(heavy_infantry)")
    assert [(d.need, d.value) for d in battle(kit).dice[B]] == [(6, 10), (7, 1)]
    # B's 10 sank A's only ship (no choice); A's 10 is still to take
    assert kit.asked == (A, "strike")
    assert queries.units_at(kit, "S10", A) == {}
    assert kit.at("Hannon Magnus") == "out"
    assert queries.vp(kit, B) == 2  # Hannon Magnus's card
    assert "Hannon Magnus dies (he drowns with his fleet)" in kit.log()
    assert ships_carry_their_cargo(kit.definition, kit.state) == []
    kit.act("sink(Roman ships 1)")  # the ship with the heavy infantry
    assert queries.units_at(kit, "S10", B) == {"ships": 1}
    assert queries.vp(kit, B) == 2  # 1 unit lost by A: no VP for units


def besieged_port(inside: int) -> Kit:
    """Rome (B) holds Panormus (defence 2, walls for 4 units), besieged by Carthage (A, 6 HI
    in the field) and down to level 1, with ``inside`` Roman infantry inside the walls. A
    Roman fleet of 3 ships and 2 HI in S10, off Panormus, is attacked by 3 empty
    Carthaginian ships from O3: A hits once (7), Rome not at all; Rome stows its 2 HI on one
    ship and sinks an empty one, and is asked whether to retreat."""
    kit = battle_position()
    hold(kit, B, "Panormus")
    put_inside(kit, B, "Panormus", heavy_infantry=inside)
    put(kit, A, "Panormus", heavy_infantry=6)
    besiege(kit, "Panormus", A, 1)
    put(kit, A, "O3", ships=3)
    put(kit, B, "S10", ships=3, heavy_infantry=2)
    kit.dice([7, 1, 1])  # A, the attacker, first
    kit.dice([1, 1, 1])
    kit.begin()
    kit.act("activate(O3)", "take(ships, 3)", "march", "sail(S10)")
    kit.act("decline", "decline")  # no effects before the battle
    kit.act("stow(heavy_infantry, heavy_infantry)")
    stowed = battle(kit).stowage
    empty = next(a for a in kit.legal() if a[len("sink(") : -1] not in stowed)
    kit.act(empty)
    assert kit.asked == (B, "retreat")
    return kit


def test_rule_5_4_a_fleet_retreating_into_its_besieged_port_lands_its_troops_inside() -> None:
    """HB 5.4 (A.23 #30), 4.4, 6.2: a fleet beaten at sea may retreat into a port of its
    nation; with the enemy at the gates that is entering a besieged port, so its troops
    land inside the walls (not in the field among the besiegers, where they would stand
    with the enemy and no battle), and its empty ship brings supplies: the walls rise from
    1 to 2, the printed defence. The siege holds (6 besiegers against 2 + 2)."""
    kit = besieged_port(inside=0)
    (stowed_troops,) = battle(kit).stowage.values()
    kit.act("retreat(Panormus)")
    assert queries.units_at(kit, "Panormus", B) == {"ships": 2, "heavy_infantry": 2}
    # Roman ships in port, the Roman troops inside the walls: only Carthage in the field
    assert queries.field(kit, "Panormus", B) == {}
    assert queries.pieces_inside(kit, "Panormus") == sorted(stowed_troops)
    assert queries.siege(kit, "Panormus") == Siege("Panormus", level=2, by=A, declared=True)
    assert queries.battle(kit) is None
    assert nations_apart(kit.definition, kit.state) == []


def test_rule_5_4_a_fleet_may_not_retreat_into_a_besieged_port_without_room() -> None:
    """HB 5.4, VI: the walls of Panormus (defence 2) hold 4 units; with 3 inside there is no
    room for the 2 HI aboard, so the beaten fleet may not retreat into that port."""
    kit = besieged_port(inside=3)
    assert queries.room_in(kit, "Panormus") == 1
    assert "retreat(Panormus)" not in kit.legal()
    assert "retreat(S09)" in kit.legal()


def test_rule_5_6_a_leader_left_alone_dies_when_an_enemy_unit_enters(play_from: PlayFrom) -> None:
    """HB 5.6, 5.11: leaders do not move alone, but one may be left behind; a leader alone in
    a region with an enemy unit is eliminated at once, and the enemy scores his card's VP
    then (Pretor I: 1). Rome marches Pretor I's one unit from Arretium to Roma and leaves
    him; Carthage's two heavy infantry step in from Pisae: he dies as they enter, while
    their move still goes on, with no battle (no Roman unit is there)."""
    position = stage_position(
        {
            ROME: {"Arretium": ["Pretor I", "1 heavy_infantry"]},
            CARTHAGE: {"Pisae": ["2 heavy_infantry"]},
        },
        cities={ROME: ["Arretium", "Roma"], CARTHAGE: ["Pisae"]},
        records={"order": [ROME, CARTHAGE]},
        ip={ROME: 1},
    )
    kit = play_from("hannibal_barkas", position)
    kit.act("activate(Arretium)", "take(heavy_infantry, 1)", "march", "step(Roma)", "halt")
    decline_effects(kit)
    assert kit.at("Pretor I") == "Arretium"  # alone, and no enemy there: he stays
    kit.act("activate(Pisae)", "take(heavy_infantry, 2)", "march", "step(Arretium)")
    assert kit.log()[-2:] == [
        "Carthage activates Pisae for 1 IP",
        "Pretor I dies (alone with the enemy)",
    ]
    assert kit.asked == (CARTHAGE, "march")  # the move is not over, and no battle comes
    assert kit.at("Pretor I") == "out"
    assert "Pretor I" not in kit.zone(f"leaders:{ROME}")
    assert kit.record("vp")[CARTHAGE] == 1
    kit.act("halt")
    decline_effects(kit)
    assert kit.asked == (ROME, "action")  # the move ended: Pretor I's VP were scored once
    assert (kit.record("vp")[CARTHAGE], kit.record("vp")[ROME]) == (1, 0)


def test_rule_5_6_a_position_with_a_leader_alone_beside_the_enemy_is_refused(
    play_from: PlayFrom,
) -> None:
    """HB 5.6: no leader stands alone beside an enemy unit between actions (the invariant
    ``legatus check-game`` checks after every action, and a position before play)."""
    position = stage_position(
        {ROME: {"Arretium": ["Pretor I"]}, CARTHAGE: {"Arretium": ["1 heavy_infantry"]}},
        cities={ROME: ["Arretium"]},
    )
    with pytest.raises(DataError) as refused:
        play_from("hannibal_barkas", position)
    assert [p.message for p in refused.value.problems] == [
        "the position breaks no leader alone with the enemy: "
        "Pretor I stands alone in Arretium beside carthage"
    ]


def test_rule_5_6_a_leader_alone_dies_when_enemy_recruits_appear_beside_him(
    play_from: PlayFrom,
) -> None:
    """HB 5.6, 9.3: not only a move brings the enemy: Magon stands alone in Boii, and Rome
    recruits a light infantry in its city of Cremona there at the economy phase (the field
    is free of enemy units, so the recruit stands in it): Magon dies at once, and Rome scores
    his card's 2 VP."""
    position = stage_position(
        {CARTHAGE: {"Boii": ["Magon"]}},
        cities={ROME: ["Cremona"]},
        records={"gold": {ROME: 5, "rome_south": 0, "carthage_africa": 0}},
        step="economy",
    )
    kit = play_from("hannibal_barkas", position)
    assert kit.asked == (ROME, "recruit")
    kit.act("recruit(Cremona, light_infantry)")
    assert kit.log()[-2:] == [
        "Rome recruits one light infantry in Cremona",
        "Magon dies (alone with the enemy)",
    ]
    assert kit.at("Magon") == "out"
    assert kit.record("vp")[ROME] == 2


def test_rule_5_6_a_leader_alone_dies_when_a_fleet_lands_its_cargo_in_port(
    play_from: PlayFrom,
) -> None:
    """HB 5.6, 4.4: Maharbal stands alone in Pisae, a Roman port; a Roman fleet of two ships
    carrying two light infantry sails in from S06 and ends its move in port: its cargo lands
    in the region's field, and Maharbal dies at once (Rome scores his card's 2 VP)."""
    position = stage_position(
        {ROME: {"S06": ["2 ships", "2 light_infantry"]}, CARTHAGE: {"Pisae": ["Maharbal"]}},
        cities={ROME: ["Pisae"]},
        records={"order": [ROME, CARTHAGE]},
        ip={ROME: 1},
    )
    kit = play_from("hannibal_barkas", position)
    kit.act("activate(S06)", "take(ships, 2)", "march", "in_port(Pisae)")
    assert kit.log()[-3:-1] == ["2 LI land in Pisae", "Maharbal dies (alone with the enemy)"]
    assert kit.at("Maharbal") == "out"
    assert kit.record("vp")[ROME] == 2
