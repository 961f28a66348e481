"""HB 4.2 (with 3.4.4 and 4.1): activating regions, moving armies, several armies into one
region (Ex. 4), splitting, units activated once a stage; HB 1.2: movement points."""

from __future__ import annotations

from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.hannibal_barkas import queries
from tests.hannibal_barkas.conftest import (
    CARTHAGE,
    ROME,
    clear_board,
    clear_tribes,
    decline_effects,
    empty_hands,
    hb_rules,
    put,
    seated,
    set_ip,
    set_order,
    set_tribe,
    stage_position,
)


def position(scenario: str = "campaign-2p") -> Kit:
    """An empty board but for what a test puts on it; Carthage acts first."""
    kit = seated(hb_rules("actions"), scenario)
    clear_board(kit)
    empty_hands(kit)
    players = queries.players(kit)
    set_order(
        kit,
        *(
            p
            for p in ("carthage_spain", "rome_north", "rome_south", "carthage_africa", "syracuse")
            if p in players
        ),
    )
    return kit


def decline(kit: Kit) -> None:
    while kit.asked is not None and kit.asked[1] == "respond":
        kit.act("decline")


def test_example_4_three_armies_into_one_region_two_ip() -> None:
    """Ex. 4: the player activates armies A, B and C at once, all to end in the same
    region; C has a leader with 'A', so he pays 2 IP, for A and B, and moves all three."""
    kit = position()
    put(kit, "carthage_spain", "Boii", "Hannibal", heavy_infantry=3)  # C
    put(kit, "carthage_spain", "Pisae", heavy_infantry=2)  # A
    put(kit, "carthage_spain", "Asculum", heavy_infantry=2)  # B
    set_ip(kit, carthage_spain=2)
    kit.begin()
    kit.act("activate(Boii)")  # free: Hannibal is an 'A' leader
    assert queries.ip(kit, "carthage_spain") == 2
    kit.act("take(Hannibal)", "take(heavy_infantry, 3)", "march", "step(Arretium)", "halt")
    decline(kit)
    assert kit.asked is not None and kit.asked[1] == "joining"
    assert kit.legal() == ["done", "join(Asculum)", "join(Pisae)"]
    kit.act("join(Pisae)", "take(heavy_infantry, 2)", "march", "step(Arretium)")
    decline(kit)
    # Rome's city of Arretium: the group may storm it, besiege it (HB 6.1) or stop
    assert kit.legal() == ["assault(Arretium)", "besiege(Arretium)", "halt"]
    kit.act("halt")
    decline(kit)
    kit.act("join(Asculum)", "take(heavy_infantry, 2)", "march")
    # it must end in Arretium: straight there, or by Ariminum or Roma (2 MP)
    assert kit.legal() == ["step(Ariminum)", "step(Arretium)", "step(Roma)"]
    kit.act("step(Arretium)")
    decline(kit)
    kit.act("halt")
    decline(kit)
    assert queries.ip(kit, "carthage_spain") == 0
    assert queries.units_at(kit, "Arretium") == {"Hannibal": 1, "heavy_infantry": 7}
    assert kit.asked is not None and kit.asked[1] == "continue"  # HB 10.1: on together
    kit.act("done")
    assert kit.asked is not None and kit.asked[1] == "action"


def test_activating_a_region_costs_1_ip_and_an_active_leaders_region_nothing() -> None:
    """HB 4.2: 1 IP a region; a region with an 'A' leader is activated free (HB 1.2.8);
    without IP and without one, a region cannot be activated."""
    kit = position()
    put(kit, "carthage_spain", "Boii", "Magon", heavy_infantry=2)
    put(kit, "carthage_spain", "Insubres", "Hannibal", heavy_infantry=2)
    set_ip(kit, carthage_spain=1)
    kit.begin()
    assert [a for a in kit.legal() if a.startswith("activate")] == [
        "activate(Boii)",
        "activate(Insubres)",
    ]
    kit.act("activate(Boii)")
    assert queries.ip(kit, "carthage_spain") == 0
    kit.act("done")  # paid for: nothing has to move (HB 4.2)
    kit.act("pass")  # Rome
    assert [a for a in kit.legal() if a.startswith("activate")] == ["activate(Insubres)"]


def test_a_unit_moves_once_a_stage_a_region_is_activated_again_for_the_rest() -> None:
    """HB 4.2: a unit is activated once a stage; the units left behind may be activated in
    a later action, paying again; those that moved are turned over (HB 4.1)."""
    kit = position()
    put(kit, "carthage_spain", "Boii", heavy_infantry=3, cavalry=1)
    set_tribe(kit, "Lingones", "carthage", "allied")
    set_ip(kit, carthage_spain=2)
    kit.begin()
    kit.act("activate(Boii)", "take(heavy_infantry, 2)", "march", "step(Lingones)", "halt")
    decline(kit)
    assert queries.units_at(kit, "Boii") == {"heavy_infantry": 1, "cavalry": 1}
    moved = kit.pieces_at("Lingones")
    assert all(kit.flags(pid) == ["moved"] for pid in moved)
    assert all(queries.has_moved(kit, pid) for pid in moved)
    assert not any(queries.has_moved(kit, pid) for pid in kit.pieces_at("Boii"))
    kit.act("done")
    kit.act("pass")  # Rome
    kit.act("activate(Boii)")  # the second activation of Boii: 1 IP again
    assert queries.ip(kit, "carthage_spain") == 0
    assert kit.legal() == ["done", "take(cavalry, 1)", "take(heavy_infantry, 1)"]
    kit.act("done")
    kit.act("pass")
    assert not [a for a in kit.legal() if a.startswith("activate(Lingones")]


def test_movement_points_are_the_slowest_units() -> None:
    """HB 1.2: infantry moves 2 regions, cavalry 4; a group moves at its slowest unit's
    pace; at its last point the move ends."""
    kit = position()
    put(kit, "carthage_spain", "Gades", cavalry=1, heavy_infantry=1)
    set_ip(kit, carthage_spain=2)
    kit.begin()
    kit.act("activate(Gades)", "take(cavalry, 1)", "march")
    move = queries.move(kit)
    assert move is not None and (move.player, move.origin, move.mp) == (
        "carthage_spain",
        "Gades",
        4,
    )
    kit.act("step(Castulo)", "step(Celtiberi)", "step(Tarraco)", "step(Emporiae)")
    decline(kit)
    assert queries.units_at(kit, "Emporiae") == {"cavalry": 1}
    kit.act("take(heavy_infantry, 1)", "march", "step(Malaca)")
    move = queries.move(kit)
    assert move is not None and (move.at, move.mp) == ("Malaca", 1)
    assert kit.legal() == [
        "garrison(Malaca)",  # HB VI: units may stay inside their own city's walls
        "halt",
        "step(Carthago Nova)",
        "step(Castulo)",
        "step(Gades)",
    ]
    kit.act("step(Carthago Nova)")
    decline(kit)
    assert queries.units_at(kit, "Carthago Nova") == {"heavy_infantry": 1}


def test_a_moving_army_may_split_on_the_way() -> None:
    """HB 4.2: a moving army may be split into parts that end in different regions."""
    kit = position()
    put(kit, "carthage_spain", "Boii", "Hannibal", "Magon", heavy_infantry=3, cavalry=2)
    kit.begin()
    kit.act("activate(Boii)", "take(Hannibal)", "take(Magon)", "take(heavy_infantry, 3)")
    kit.act("take(cavalry, 2)", "march", "step(Pisae)")
    assert "drop(heavy_infantry, 2)" in kit.legal() and "drop(Magon)" in kit.legal()
    kit.act("drop(heavy_infantry, 2)", "drop(Magon)", "step(Roma)")  # no MP left
    decline(kit)
    assert queries.units_at(kit, "Pisae") == {"Magon": 1, "heavy_infantry": 2}
    assert queries.units_at(kit, "Roma") == {"Hannibal": 1, "heavy_infantry": 1, "cavalry": 2}


def test_an_army_may_enter_the_enemy_and_an_allys_land() -> None:
    """HB 4.2, V: a move may enter a region the enemy holds (a battle follows, Utica); an
    ally's land is its nation's (Massilia's Cirta)."""
    kit = position()
    put(kit, "carthage_spain", "Carthago", heavy_infantry=2)
    put(kit, "rome_north", "Utica", heavy_infantry=1)
    put(kit, "numidia", "Siga", heavy_infantry=2)
    set_ip(kit, carthage_spain=1)
    kit.begin()
    assert queries.status(kit, "Utica", "carthage_spain") == "enemy"
    assert queries.status(kit, "Carthago", "carthage_spain") == "friendly"
    assert queries.status(kit, "Cirta", "carthage_spain") == "vacant"
    kit.act("activate(Carthago)", "take(heavy_infantry, 2)", "march")
    assert kit.legal() == [
        "garrison(Carthago)",
        "step(Hadrumetum)",
        "step(Utica)",
        "step(Zama)",
    ]
    kit.act("step(Zama)")
    assert "step(Cirta)" in kit.legal()  # Massilia is allied with Carthage
    kit.act("step(Cirta)")
    decline(kit)
    assert queries.units_at(kit, "Cirta") == {"heavy_infantry": 2}


def test_leaders_do_not_move_alone() -> None:
    """HB 5.6: leaders are not units and move only with units."""
    kit = position()
    put(kit, "carthage_spain", "Boii", "Hannibal", heavy_infantry=1)
    kit.begin()
    kit.act("activate(Boii)", "take(Hannibal)")
    assert "march" not in kit.legal()
    kit.act("take(heavy_infantry, 1)")
    assert "march" in kit.legal()


def test_a_leader_who_moved_moves_no_more_this_stage() -> None:
    """HB 4.1: the army's stack is turned over once it has moved, its leaders with it; the
    variant ``leaders_move_again`` lets a leader move again with fresh units."""
    for variant, again in ((None, False), ("leaders_move_again", True)):
        kit = seated(hb_rules("actions", variant=variant), "campaign-2p")
        clear_board(kit)
        set_order(kit, "carthage_spain", "rome_north")
        put(kit, "carthage_spain", "Boii", "Hannibal", heavy_infantry=1)
        put(kit, "carthage_spain", "Lingones", heavy_infantry=1)
        set_tribe(kit, "Lingones", "carthage", "allied")
        kit.begin()
        kit.act(
            "activate(Boii)",
            "take(Hannibal)",
            "take(heavy_infantry, 1)",
            "march",
            "step(Lingones)",
            "halt",
        )
        decline(kit)
        kit.act("pass")  # Rome
        assert ("activate(Lingones)" in kit.legal()) is True
        kit.act("activate(Lingones)")
        assert ("take(Hannibal)" in kit.legal()) is again, variant


def test_which_spaces_an_army_may_enter_and_where_it_stops() -> None:
    """HB 4.2, V, VII: an army may enter the enemy's land (Rome: Massilia's Hippo Regius,
    Massilia being Carthage's ally), a neutral state's (Numidia's Iol: aggression, and it
    stops there), a space the enemy holds (Cirta: a battle, it stops); the Syracusan player
    picks no quarrel with a neutral state (HB 10.4)."""
    from legatus.games.hannibal_barkas.model import enterable, passable

    ctx = seated(hb_rules("actions"), "campaign-2p").context()
    assert enterable(ctx, "rome", "Hippo Regius") and passable(ctx, "rome", "Hippo Regius")
    assert enterable(ctx, "rome", "Iol") and not passable(ctx, "rome", "Iol")
    assert enterable(ctx, "rome", "Cirta") and not passable(ctx, "rome", "Cirta")
    assert enterable(ctx, "carthage", "Cirta") and passable(ctx, "carthage", "Cirta")
    assert passable(ctx, "carthage", "Roma")  # no army in its field: the city is passed by
    assert not enterable(ctx, "syracuse", "Iol")


def test_rule_4_2_a_free_region_left_with_only_a_leader_may_be_done_not_left_stuck() -> None:
    """HB 4.2, 1.2.8, 5.6: a region activated free (an 'A' leader stands there) must move a
    group - but when the tribe's levy (HB 8.3) has destroyed every unit there, nothing is
    left to move: the leader may not move alone, so he is not offered, and the activation
    ends (``done``); it used to offer only ``take(Hannibal)`` and then no action at all."""
    kit = position("campaign-4p")
    clear_tribes(kit)
    set_tribe(kit, "Cenomani", "rome", "friendly")
    put(kit, "carthage_spain", "Cenomani", "Hannibal")
    put(kit, "carthage_africa", "Cenomani", heavy_infantry=1)  # a common army (HB 10.1)
    kit.begin()
    kit.dice(1)  # the attitude test: 1 - 4, hostile
    kit.dice([10, 10])  # the Gallic cavalry: both hit
    kit.act("activate(Cenomani)")
    decline(kit)  # before the battle
    kit.close()
    assert queries.units_at(kit, "Cenomani") == {"Hannibal": 1}
    assert kit.asked == ("carthage_spain", "select")
    assert kit.legal() == ["done"]
    kit.act("done")
    assert kit.asked == ("rome_north", "action")
    assert queries.units_at(kit, "Cenomani") == {"Hannibal": 1}


def test_rule_1_2_2_an_army_may_stop_where_it_has_just_taken_a_city(play_from: PlayFrom) -> None:
    """HB 1.2, 1.2.2: movement points are a most ("maksymalnie 2 regiony"), nothing forces a
    move on. Ten heavy infantry (2 MP) in Capua's region storm the empty city, on the siege
    track at level 1, with 1 MP: a 10 takes it (HB 6.1). With the MP left the army may step
    on, or stop in the city's region, which it does; it moved this stage (HB 4.1)."""
    position = stage_position(
        {CARTHAGE: {"Capua": ["10 heavy_infantry"]}},
        cities={ROME: ["Capua"]},
        records={"sieges": {"Capua": {"level": 1, "by": CARTHAGE}}},
    )
    kit = play_from("hannibal_barkas", position)
    kit.act("activate(Capua)", "take(heavy_infantry, 10)", "march")
    kit.dice([10, 1, 1, 1, 1, 1, 1, 1, 1, 1], [1]).act("assault(Capua)")
    decline_effects(kit)
    assert kit.log()[-2:] == ["Capua is taken by assault", "Carthage takes Capua"]
    assert kit.asked == (CARTHAGE, "march")
    assert kit.legal() == ["halt", "step(Beneventum)", "step(Paestum)", "step(Roma)"]
    kit.act("halt")
    assert kit.asked == (ROME, "action")
    army = sorted(f"Carthaginian heavy infantry {n}" for n in range(1, 11))
    assert sorted(kit.pieces_at("Capua")) == army
    assert all(kit.flags(pid) == ["moved"] for pid in army)
    assert kit.zone(f"cities:{CARTHAGE}") == ["Capua"]
    assert kit.record("vp")[CARTHAGE] == 3  # Capua's VP (HB 6.3)
