"""HB V: battles on land - the three steps of a round, losses and the critical 10 (HB 5.5),
leaders' rerolls (HB 5.6), elephants (HB 5.8), pursuit (HB 5.9), retreats (HB 5.4; a beaten
fleet into its besieged port), VP (HB 5.11); worked examples 6, 7 and 9 exactly as printed,
with forced dice."""

from __future__ import annotations

from typing import Any

from legatus.framework.tools.testing import GameUnderTest
from legatus.games.hannibal_barkas import model
from legatus.games.hannibal_barkas.invariants import nations_apart
from tests.hannibal_barkas.conftest import (
    definition,
    empty_board,
    give,
    hold,
    put,
    units_at,
)

A, B = "carthage_spain", "rome_north"


def battle_position(**changes: Any) -> tuple[GameUnderTest, dict]:
    """An empty board; Carthage (A) acts first with 1 IP; Rome (B) defends in Insubres, a
    tribe allied with Carthage (no attitude test for A), without a city."""
    return empty_board(**changes)


def respond_none(game: GameUnderTest, state: dict) -> None:
    while state["prompt"] is not None and state["prompt"]["kind"] == "respond":
        game.apply(state, "decline")


def attack(game: GameUnderTest, state: dict, *takes: str) -> None:
    """A activates Boii (its allies) and attacks Insubres with what it takes; the moves' and the
    battle's effect windows pass."""
    game.begin(state)
    game.apply(state, "activate(Boii)", *takes, "march", "step(Insubres)")
    respond_none(game, state)  # after the move
    respond_none(game, state)  # before the battle


def battle(state: dict) -> dict:
    return next(f for f in reversed(state["stack"]) if f.get("p") == "battle")


def example_6(game: GameUnderTest, state: dict, *leaders: str) -> None:
    put(state, A, "Boii", *leaders, light_infantry=2, heavy_infantry=3, cavalry=3)
    put(state, B, "Insubres", light_infantry=1, heavy_infantry=2, cavalry=1)
    takes = [f"take({leader})" for leader in leaders]
    attack(
        game,
        state,
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
    game, state = battle_position()
    game.force(5, 9, 7)  # light infantry: A, then B
    game.force(7, 1, 6, 8)  # cavalry
    game.force(2, 7, 10, 10, 6)  # heavy infantry
    example_6(game, state)
    # Step 1: A's hit on B, who chooses its loss.
    assert state["prompt"]["side"] == B and state["prompt"]["kind"] == "lose"
    assert game.legal(state) == ["lose(cavalry)", "lose(heavy_infantry)", "lose(light_infantry)"]
    game.apply(state, "lose(light_infantry)")
    # Step 2: B's 8 hits; A chooses.
    assert state["prompt"]["side"] == A and state["prompt"]["kind"] == "lose"
    game.apply(state, "lose(light_infantry)")
    # Step 3: A's 10 is A's to choose; the other hit is B's (only heavy infantry left).
    assert state["prompt"]["side"] == A and state["prompt"]["kind"] == "strike"
    assert game.legal(state) == [f"strike({B}, cavalry)", f"strike({B}, heavy_infantry)"]
    game.apply(state, f"strike({B}, cavalry)")
    # B's 10 is B's to choose (A.23 #1: whoever rolled it).
    assert state["prompt"]["side"] == B and state["prompt"]["kind"] == "strike"
    game.apply(state, f"strike({A}, cavalry)")
    assert units_at(state, "Boii") == {}
    assert units_at(state, "Insubres", A) == {
        "light_infantry": 1,
        "heavy_infantry": 3,
        "cavalry": 2,
    }
    assert units_at(state, "Insubres", B) == {"heavy_infantry": 1}
    # The defender decides first (HB 5.3); it may not go back whence the attack came.
    assert state["prompt"]["side"] == B and state["prompt"]["kind"] == "retreat"
    assert "retreat(Boii)" not in game.legal(state)  # whence the attack came
    assert "retreat(Leponti)" in game.legal(state)
    game.force(8, 4)  # the pursuit
    game.apply(state, "retreat(Cenomani)")
    assert units_at(state, "Cenomani") == {}  # the pursuit's 8 killed it
    assert game.forced_dice == []
    assert state["records"]["vp"][A] == 0  # 4 units eliminated: no VP (HB 5.11)


def test_example_7_a_leaders_command_rerolls_two_failed_dice() -> None:
    """Ex. 7: in Ex. 6 A has a leader with command 2 and rerolls one failed cavalry die
    (5, still a miss) and one failed infantry die (8, a hit): B's whole army dies in the
    first round and there is no pursuit (HB 5.6)."""
    game, state = battle_position()
    game.force(5, 9)  # A's light infantry: one miss, its command kept
    game.force(7)  # B's light infantry
    game.force(7, 1, 6, 5)  # A's cavalry, and one failed die rerolled: 5
    game.force(8)  # B's cavalry
    game.force(2, 7, 10, 8)  # A's heavy infantry, the 2 rerolled: 8
    game.force(10, 6)  # B's heavy infantry
    example_6(game, state, "Hasdrubal")  # command 2
    assert state["prompt"]["kind"] == "reroll" and state["prompt"]["side"] == A
    assert game.legal(state) == ["done", "reroll(light_infantry)"]
    game.apply(state, "done")  # A keeps its command for later steps
    game.apply(state, "lose(light_infantry)")  # B's loss
    assert game.legal(state) == ["done", "reroll(cavalry)"]
    game.apply(state, "reroll(cavalry)")
    assert state["prompt"]["kind"] == "reroll"  # one point of command left
    game.apply(state, "done")
    game.apply(state, "lose(light_infantry)")  # A's loss to B's 8
    assert game.legal(state) == ["done", "reroll(heavy_infantry)"]
    game.apply(state, "reroll(heavy_infantry)")  # command spent: no more questions
    game.apply(state, f"strike({B}, cavalry)")  # A's 10; its two other hits kill the HI
    game.apply(state, f"strike({A}, cavalry)")  # B's 10
    assert units_at(state, "Insubres", B) == {}
    assert units_at(state, "Insubres", A) == {
        "light_infantry": 1,
        "heavy_infantry": 3,
        "cavalry": 2,
        "Hasdrubal": 1,
    }
    assert game.forced_dice == []  # no pursuit was rolled
    assert state["records"]["vp"][A] == 0  # 4 units


def test_example_9_elephants_hit_without_a_roll_and_frighten_horses() -> None:
    """Ex. 9: A attacks with 2 elephants; B has 3 cavalry, 5 heavy and 3 light infantry.
    B's light infantry miss; the elephants kill 2 of B's units (B chooses a light infantry
    and a cavalry), 2 of B's cavalry sit the step out, the third rolls a 10 and B chooses an
    elephant. Next round A has one elephant: one of B's two horsemen comes back (HB 1.2.6,
    5.8)."""
    game, state = battle_position()
    put(state, A, "Boii", elephants=2, heavy_infantry=4)
    put(state, B, "Insubres", cavalry=3, heavy_infantry=5, light_infantry=3)
    game.force(1, 2, 3)  # B's light infantry miss
    game.force(10)  # B's one horseman the elephants do not frighten
    attack(game, state, "take(elephants, 2)", "take(heavy_infantry, 4)")
    assert state["prompt"]["side"] == B and state["prompt"]["kind"] == "lose"
    rolled = battle(state)["dice"]
    assert [d["value"] for d in rolled[B]] == [10]  # one die: two horsemen sit out
    assert [d.get("auto") for d in rolled[A]] == [True, True]  # no roll for the elephants
    game.apply(state, "lose(light_infantry)", "lose(cavalry)")
    assert state["prompt"]["kind"] == "strike" and state["prompt"]["side"] == B
    game.force(1, 1, 1, 1, 1, 1, 1, 1, 1)  # the heavy infantry miss
    game.apply(state, f"strike({A}, elephants)")
    game.force(1, 1)  # round 2: B's two light infantry
    game.force(1)  # one horseman is back, the other still shies away from the elephant
    game.apply(state, "stand", "stand")  # B, then A, fight on
    rolled = battle(state)["dice"]
    assert [d["key"] for d in rolled[B]] == ["cavalry"]
    assert [d.get("auto") for d in rolled[A]] == [True]
    assert state["prompt"]["side"] == B and state["prompt"]["kind"] == "lose"


def test_rule_5_5_critical_attacker_only_variant() -> None:
    """The variant attacker_chooses_criticals (A.23 #1: HB 5.5 as printed): the defender's
    10 is chosen by its victim like any hit."""
    game, state = battle_position(battle__critical_roller_chooses=False)
    game.force(5, 9, 7, 7, 1, 6, 8, 2, 7, 10, 10, 6)
    example_6(game, state)
    game.apply(state, "lose(light_infantry)", "lose(light_infantry)")
    game.apply(state, f"strike({B}, cavalry)")  # the attacker's 10 still chooses
    assert state["prompt"]["side"] == A and state["prompt"]["kind"] == "lose"  # B's 10: A's choice
    assert game.legal(state) == ["lose(cavalry)", "lose(heavy_infantry)", "lose(light_infantry)"]


def test_rule_5_1_cavalry_alone_retreats_at_once_and_is_pursued() -> None:
    """HB 5.1: an army of cavalry only may retreat at once, with no battle; the winner may
    pursue it with its cavalry."""
    game, state = battle_position()
    put(state, A, "Boii", cavalry=2, heavy_infantry=2)
    put(state, B, "Insubres", cavalry=2)
    attack(game, state, "take(cavalry, 2)", "take(heavy_infantry, 2)")
    assert state["prompt"]["kind"] == "escape" and state["prompt"]["side"] == B
    assert game.legal(state)[0] == "retreat(Cenomani)" and "stand" in game.legal(state)
    game.force(9, 3)  # the pursuit
    game.apply(state, "retreat(Cenomani)")
    assert units_at(state, "Cenomani", B) == {"cavalry": 1}
    assert units_at(state, "Insubres", A) == {"cavalry": 2, "heavy_infantry": 2}


def test_rule_5_6_leaders_die_with_their_army_and_the_enemy_scores_them() -> None:
    """HB 5.6, 5.11: leaders die when all their army's units are eliminated; the enemy
    scores their VP at once, and 1 VP for each full 5 units (HB 5.11)."""
    game, state = battle_position()
    put(state, A, "Boii", heavy_infantry=6)
    put(state, B, "Insubres", "Pretor I", heavy_infantry=5)
    game.force(9, 9, 9, 9, 9, 7, 1, 1, 1, 1, 1)
    attack(game, state, "take(heavy_infantry, 6)")
    assert state["prompt"]["kind"] == "reroll" and state["prompt"]["side"] == B
    game.apply(state, "done")  # Pretor I's command: B keeps it
    assert units_at(state, "Insubres", B) == {}
    assert state["pieces"]["Pretor I"]["at"] == "out"
    # 5 units: 1 VP, and Pretor I's card: 1 VP
    assert state["records"]["vp"][A] == 2


def test_rule_5_4_an_army_with_nowhere_to_go_cannot_retreat() -> None:
    """HB 5.4: the attacker goes back whence it came; an army that landed from the sea has
    no way back (no retreat onto ships) and fights on."""
    game, state = battle_position()
    put(state, A, "S10", ships=1, heavy_infantry=2)
    put(state, B, "Panormus", heavy_infantry=2)
    state["records"]["ip"][A] = 2
    game.begin(state)
    game.apply(state, "activate(S10)", "take(ships, 1)", "march", "unload(Panormus)")
    game.apply(state, "take(heavy_infantry, 2)", "done", "halt")
    respond_none(game, state)
    assert state["prompt"]["kind"] == "shelter"  # Rome's city of Panormus
    game.force(1, 1, 1, 1)
    game.apply(state, "done")
    respond_none(game, state)
    game.apply(state, "stand")  # Rome fights on
    assert state["prompt"]["side"] == A and game.legal(state) == ["stand"]


def test_example_8_effects_answered_in_a_chain_before_the_battle() -> None:
    """Ex. 8: A plays 'Zasadzka' before the battle (4 infantry to-hit rolls at once); B
    answers with 'Dogodny teren' (the first 2 enemy hits this round cancelled); A answers
    with 'Uśmiech bogów', cancelling it; B plays nothing more. The ambush takes effect: A
    rolls 4 dice, and the losses are taken before the battle begins (HB 5.2, 5.7)."""
    game, state = battle_position()
    put(state, A, "Boii", heavy_infantry=2)
    put(state, B, "Insubres", heavy_infantry=2, light_infantry=2)
    give(state, A, "Zasadzka [Carthage]", "Uśmiech bogów [Carthage]")
    give(state, B, "Dogodny teren [Rome]")
    game.begin(state)
    game.apply(state, "activate(Boii)", "take(heavy_infantry, 2)", "march", "step(Insubres)")
    game.apply(state, "decline")  # the move: B does not answer it (A is not asked: its own)
    # Before the battle every player is asked at once, the defender first (HB 5.2).
    assert state["prompt"]["side"] == B and state["prompt"]["kind"] == "respond"
    assert game.legal(state) == ["decline", "effect(Dogodny teren [Rome])"]
    game.apply(state, "decline")
    assert "effect(Zasadzka [Carthage])" in game.legal(state)
    assert "effect(Uśmiech bogów [Carthage])" not in game.legal(state)  # nothing to cancel
    game.apply(state, "effect(Zasadzka [Carthage])")
    game.apply(state, "effect(Dogodny teren [Rome])")  # B answers
    game.apply(state, "decline")  # A, for now
    game.apply(state, "decline")  # B
    assert game.legal(state) == ["decline", "effect(Uśmiech bogów [Carthage])"]
    game.apply(state, "effect(Uśmiech bogów [Carthage])")
    game.force(7, 3, 10, 8)  # the ambush: 3 hits, one of them a 10
    game.force(1, 1, 1, 1, 1, 1)  # then the first round, all misses
    game.apply(state, "decline", "decline")  # the chain resolves, the last first
    texts = [e["text"] for e in state["log"]]
    assert any("The effect of Dogodny teren [Rome] is cancelled" in t for t in texts)
    assert battle(state)["cancel"] == {}  # Dogodny teren never took effect
    assert state["prompt"]["kind"] == "strike" and state["prompt"]["side"] == A  # the 10
    game.apply(state, f"strike({B}, heavy_infantry)")
    game.apply(state, "lose(light_infantry)", "lose(light_infantry)")  # B chooses the others
    assert units_at(state, "Insubres", B) == {"heavy_infantry": 1}
    assert state["zones"]["discard_rome"] == ["Dogodny teren [Rome]"]


def test_rule_5_7_favourable_ground_cancels_the_first_two_hits() -> None:
    """Dogodny teren not cancelled: the ambush's first two hits are cancelled (Ex. 8)."""
    game, state = battle_position()
    put(state, A, "Boii", heavy_infantry=2)
    put(state, B, "Insubres", heavy_infantry=2, light_infantry=2)
    give(state, A, "Zasadzka [Carthage]")
    give(state, B, "Dogodny teren [Rome]")
    game.begin(state)
    game.apply(state, "activate(Boii)", "take(heavy_infantry, 2)", "march", "step(Insubres)")
    game.apply(state, "decline")  # the move (B is asked, not A)
    game.apply(state, "decline", "effect(Zasadzka [Carthage])")
    game.apply(state, "effect(Dogodny teren [Rome])", "decline")
    game.force(7, 3, 10, 8)  # three hits: the 7 and the 10 are cancelled, the 8 stands
    game.force(1, 1, 1, 1)  # the first round's heavy infantry miss (light infantry: 1, 1)
    game.force(1, 1)
    game.apply(state, "decline", "decline")
    assert state["prompt"]["side"] == B and state["prompt"]["kind"] == "lose"
    game.apply(state, "lose(light_infantry)")
    assert units_at(state, "Insubres", B) == {"heavy_infantry": 2, "light_infantry": 1}


def test_example_10_a_naval_battle_marines_and_the_sunk_cargo() -> None:
    """Ex. 10: A carries 3 infantry and 2 cavalry on 4 ships (2 HI, 1 HI, 2 Cav, empty); B
    attacks with 5 ships and 7 infantry (2, 2, 2, 1, empty). B rolls first: its two-marine
    ships (5+) 6, 4, 7, the one-marine ship (6+) 5, the empty ship (7+) 9 - three hits; A
    sinks all but the ship with its cavalry. A rolls 7 (5+), 4 (6+), 10 and 5 (7+): two
    hits, B sinks its empty ship and A's 10 sinks a ship with two infantry. A retreats with
    its last ship; no pursuit at sea; B scores 1 VP for 6 units (3 ships and their 3 land
    units, HB 5.10, 5.11). The rulebook's "3 ships with 4 infantry" left to B should read 5
    (2 + 2 + 1 after losing the empty ship and a two-marine one)."""
    game, state = battle_position()
    state["records"]["order"] = [B, A]
    state["records"]["ip"][B] = 1
    put(state, A, "S10", ships=4, heavy_infantry=3, cavalry=2)
    put(state, B, "O3", ships=5, heavy_infantry=7)
    game.force(6, 4, 7, 5, 9)  # B, the attacker, first
    game.force(7, 4, 10, 5)
    game.begin(state)
    game.apply(state, "activate(O3)", "take(ships, 5)", "march", "sail(S10)")
    game.apply(state, "decline", "decline")  # no effects before the battle
    assert state["prompt"]["side"] == B and state["prompt"]["kind"] == "stow"
    game.apply(state, *["stow(heavy_infantry, heavy_infantry)"] * 3, "stow(heavy_infantry)")
    assert state["prompt"]["side"] == A  # B's fifth ship sails empty
    game.apply(state, "stow(heavy_infantry, heavy_infantry)", "stow(heavy_infantry)")
    game.apply(state, "stow(cavalry, cavalry)")  # the fourth ship is left empty
    rolled = battle(state)["dice"]
    assert [(d["need"], d["value"]) for d in rolled[B]] == [(5, 6), (5, 4), (5, 7), (6, 5), (7, 9)]
    assert [(d["need"], d["value"]) for d in rolled[A]] == [(5, 7), (6, 4), (7, 10), (7, 5)]
    assert state["prompt"]["side"] == A and state["prompt"]["kind"] == "lose"
    game.apply(state, "sink(Carthaginian ships 1)", "sink(Carthaginian ships 2)")
    game.apply(state, "sink(Carthaginian ships 4)")
    assert state["prompt"]["side"] == A and state["prompt"]["kind"] == "strike"  # A's 10
    game.apply(state, "sink(Roman ships 1)")  # two infantry aboard
    assert state["prompt"]["side"] == B and state["prompt"]["kind"] == "lose"
    game.apply(state, "sink(Roman ships 5)")  # the empty one
    assert units_at(state, "S10", A) == {"ships": 1, "cavalry": 2}
    assert state["prompt"]["side"] == A and state["prompt"]["kind"] == "retreat"
    game.apply(state, "retreat(S09)")
    assert game.forced_dice == []  # no pursuit at sea (HB 5.10)
    assert units_at(state, "S09", A) == {"ships": 1, "cavalry": 2}
    assert units_at(state, "S10", B) == {"ships": 3, "heavy_infantry": 5}
    assert state["records"]["vp"][B] == 1  # 6 units: 1 VP


def test_rule_5_10_a_leader_drowns_at_once_when_his_last_ship_sinks() -> None:
    """HB 1.2.7, 5.10, 5.11: a leader at sea rides with his army's ships; when its last ship
    sinks he goes down with it at once, and the enemy scores his VP then, not after the
    step's other losses. A (Hannon Magnus on 1 ship) defends S10 against B's 2 ships, one
    with a heavy infantry aboard (6+) and one empty (7+). B rolls 10 and 1, A rolls 10: B's
    10 sinks A's only ship; while A chooses the ship its own 10 sinks, Hannon Magnus is
    already gone (check-game fault, gates-5p seed 20027, action 3028)."""
    from legatus.games.hannibal_barkas.invariants import ships_carry_their_cargo

    game, state = battle_position()
    state["records"]["order"] = [B, A]
    state["records"]["ip"][B] = 1
    put(state, A, "S10", "Hannon Magnus", ships=1)
    put(state, B, "O3", ships=2, heavy_infantry=1)
    game.force(10, 1)  # B, the attacker, first: the ship with a marine, then the empty one
    game.force(10)
    game.begin(state)
    game.apply(state, "activate(O3)", "take(ships, 2)", "march")
    game.apply(state, "sail(S10)", "decline", "decline")  # no effects before the battle
    assert state["prompt"]["side"] == B and state["prompt"]["kind"] == "stow"
    game.apply(state, "stow(heavy_infantry)")
    assert [(d["need"], d["value"]) for d in battle(state)["dice"][B]] == [(6, 10), (7, 1)]
    # B's 10 sank A's only ship (no choice); A's 10 is still to take
    assert state["prompt"]["side"] == A and state["prompt"]["kind"] == "strike"
    assert units_at(state, "S10", A) == {}
    assert state["pieces"]["Hannon Magnus"]["at"] == "out"
    assert state["records"]["vp"][B] == 2  # Hannon Magnus's card
    assert "Hannon Magnus dies (he drowns with his fleet)" in [e["text"] for e in state["log"]]
    assert ships_carry_their_cargo(game.game.definition, state) == []
    game.apply(state, "sink(Roman ships 1)")  # the ship with the heavy infantry
    assert units_at(state, "S10", B) == {"ships": 1}
    assert state["records"]["vp"][B] == 2  # 1 unit lost by A: no VP for units


def besieged_port(inside: int) -> tuple[GameUnderTest, dict]:
    """Rome (B) holds Panormus (defence 2, walls for 4 units), besieged by Carthage (A, 6 HI
    in the field) and down to level 1, with ``inside`` Roman infantry inside the walls. A
    Roman fleet of 3 ships and 2 HI in S10, off Panormus, is attacked by 3 empty
    Carthaginian ships from O3: A hits once (7), Rome not at all; Rome stows its 2 HI on one
    ship and sinks an empty one, and is asked whether to retreat."""
    game, state = battle_position()
    hold(state, B, "Panormus")
    for pid in put(state, B, "Panormus", heavy_infantry=inside):
        model.set_city(state["pieces"][pid], "Panormus")
    put(state, A, "Panormus", heavy_infantry=6)
    state["records"]["sieges"]["Panormus"] = {"level": 1, "by": A}
    put(state, A, "O3", ships=3)
    put(state, B, "S10", ships=3, heavy_infantry=2)
    game.force(7, 1, 1)  # A, the attacker, first
    game.force(1, 1, 1)
    game.begin(state)
    game.apply(state, "activate(O3)", "take(ships, 3)", "march", "sail(S10)")
    game.apply(state, "decline", "decline")  # no effects before the battle
    game.apply(state, "stow(heavy_infantry, heavy_infantry)")
    stowed = battle(state)["stowage"]
    empty = next(a for a in game.legal(state) if a[len("sink(") : -1] not in stowed)
    game.apply(state, empty)
    assert state["prompt"]["side"] == B and state["prompt"]["kind"] == "retreat"
    return game, state


def test_rule_5_4_a_fleet_retreating_into_its_besieged_port_lands_its_troops_inside() -> None:
    """HB 5.4 (A.23 #30), 4.4, 6.2: a fleet beaten at sea may retreat into a port of its
    nation; with the enemy at the gates that is entering a besieged port, so its troops
    land inside the walls (not in the field among the besiegers, where they would stand
    with the enemy and no battle), and its empty ship brings supplies: the walls rise from
    1 to 2, the printed defence. The siege holds (6 besiegers against 2 + 2)."""
    game, state = besieged_port(inside=0)
    (stowed_troops,) = battle(state)["stowage"].values()
    game.apply(state, "retreat(Panormus)")
    assert units_at(state, "Panormus", B) == {"ships": 2, "heavy_infantry": 2}
    field = model.field_units(definition(), state, "Panormus")
    assert all(state["pieces"][p]["side"] == A for p in field)  # Roman ships in port
    assert sorted(model.inside(state, "Panormus")) == sorted(stowed_troops)
    assert state["records"]["sieges"]["Panormus"] == {"level": 2, "by": A}
    assert not any(f.get("p") == "battle" for f in state["stack"])
    assert nations_apart(definition(), state) == []


def test_rule_5_4_a_fleet_may_not_retreat_into_a_besieged_port_without_room() -> None:
    """HB 5.4, VI: the walls of Panormus (defence 2) hold 4 units; with 3 inside there is no
    room for the 2 HI aboard, so the beaten fleet may not retreat into that port."""
    game, state = besieged_port(inside=3)
    assert "retreat(Panormus)" not in game.legal(state)
    assert "retreat(S09)" in game.legal(state)
