"""HB 4.2 (with 3.4.4 and 4.1): activating regions, moving armies, several armies into one
region (Ex. 4), splitting, units activated once a stage; HB 1.2: movement points."""

from __future__ import annotations

from legatus.framework.tools.testing import GameUnderTest, PlayFrom
from tests.hannibal_barkas.conftest import (
    CARTHAGE,
    ROME,
    clear_board,
    decline_effects,
    hb_rules,
    put,
    seated,
    stage_position,
    units_at,
)


def position(scenario: str = "campaign-2p") -> tuple[GameUnderTest, dict]:
    """An empty board but for what a test puts on it; Carthage acts first."""
    game = hb_rules("actions")
    state = seated(game, scenario)
    clear_board(state)
    for key in state["zones"]:
        if key.startswith("hand:"):
            state["zones"][key] = []
    players = [
        p
        for p in ("carthage_spain", "rome_north", "rome_south", "carthage_africa", "syracuse")
        if any(p in s for s in state["seats"].values())
    ]
    state["records"]["order"] = [
        p for p in players if state["seats"].get(p) or p in {s[0] for s in state["seats"].values()}
    ]
    return game, state


def decline(game: GameUnderTest, state: dict) -> None:
    while state["prompt"] is not None and state["prompt"]["kind"] == "respond":
        game.apply(state, "decline")


def test_example_4_three_armies_into_one_region_two_ip(hb_game: object) -> None:
    """Ex. 4: the player activates armies A, B and C at once, all to end in the same
    region; C has a leader with 'A', so he pays 2 IP, for A and B, and moves all three."""
    game, state = position()
    put(state, "carthage_spain", "Boii", "Hannibal", heavy_infantry=3)  # C
    put(state, "carthage_spain", "Pisae", heavy_infantry=2)  # A
    put(state, "carthage_spain", "Asculum", heavy_infantry=2)  # B
    state["records"]["ip"]["carthage_spain"] = 2
    game.begin(state)
    game.apply(state, "activate(Boii)")  # free: Hannibal is an 'A' leader
    assert state["records"]["ip"]["carthage_spain"] == 2
    game.apply(
        state, "take(Hannibal)", "take(heavy_infantry, 3)", "march", "step(Arretium)", "halt"
    )
    decline(game, state)
    assert state["prompt"]["kind"] == "joining"
    assert game.legal(state) == ["done", "join(Asculum)", "join(Pisae)"]
    game.apply(state, "join(Pisae)", "take(heavy_infantry, 2)", "march", "step(Arretium)")
    decline(game, state)
    # Rome's city of Arretium: the group may storm it, besiege it (HB 6.1) or stop
    assert game.legal(state) == ["assault(Arretium)", "besiege(Arretium)", "halt"]
    game.apply(state, "halt")
    decline(game, state)
    game.apply(state, "join(Asculum)", "take(heavy_infantry, 2)", "march")
    # it must end in Arretium: straight there, or by Ariminum or Roma (2 MP)
    assert game.legal(state) == ["step(Ariminum)", "step(Arretium)", "step(Roma)"]
    game.apply(state, "step(Arretium)")
    decline(game, state)
    game.apply(state, "halt")
    decline(game, state)
    assert state["records"]["ip"]["carthage_spain"] == 0
    assert units_at(state, "Arretium") == {"Hannibal": 1, "heavy_infantry": 7}
    assert state["prompt"]["kind"] == "continue"  # HB 10.1: they may go on together
    game.apply(state, "done")
    assert state["prompt"]["kind"] == "action"


def test_activating_a_region_costs_1_ip_and_an_active_leaders_region_nothing() -> None:
    """HB 4.2: 1 IP a region; a region with an 'A' leader is activated free (HB 1.2.8);
    without IP and without one, a region cannot be activated."""
    game, state = position()
    put(state, "carthage_spain", "Boii", "Magon", heavy_infantry=2)
    put(state, "carthage_spain", "Insubres", "Hannibal", heavy_infantry=2)
    state["records"]["ip"]["carthage_spain"] = 1
    game.begin(state)
    assert [a for a in game.legal(state) if a.startswith("activate")] == [
        "activate(Boii)",
        "activate(Insubres)",
    ]
    game.apply(state, "activate(Boii)")
    assert state["records"]["ip"]["carthage_spain"] == 0
    game.apply(state, "done")  # paid for: nothing has to move (HB 4.2)
    game.apply(state, "pass")  # Rome
    assert [a for a in game.legal(state) if a.startswith("activate")] == ["activate(Insubres)"]


def test_a_unit_moves_once_a_stage_a_region_is_activated_again_for_the_rest() -> None:
    """HB 4.2: a unit is activated once a stage; the units left behind may be activated in
    a later action, paying again; those that moved are turned over (HB 4.1)."""
    game, state = position()
    put(state, "carthage_spain", "Boii", heavy_infantry=3, cavalry=1)
    state["records"]["gauls"]["Lingones"] = {"team": "carthage", "attitude": "allied"}
    state["records"]["ip"]["carthage_spain"] = 2
    game.begin(state)
    game.apply(
        state, "activate(Boii)", "take(heavy_infantry, 2)", "march", "step(Lingones)", "halt"
    )
    decline(game, state)
    assert units_at(state, "Boii") == {"heavy_infantry": 1, "cavalry": 1}
    moved = [pid for pid, p in state["pieces"].items() if p["at"] == "Lingones"]
    assert all(state["pieces"][pid]["flags"] == ["moved"] for pid in moved)
    game.apply(state, "done")
    game.apply(state, "pass")  # Rome
    game.apply(state, "activate(Boii)")  # the second activation of Boii: 1 IP again
    assert state["records"]["ip"]["carthage_spain"] == 0
    assert game.legal(state) == ["done", "take(cavalry, 1)", "take(heavy_infantry, 1)"]
    game.apply(state, "done")
    game.apply(state, "pass")
    assert not [a for a in game.legal(state) if a.startswith("activate(Lingones")]


def test_movement_points_are_the_slowest_units() -> None:
    """HB 1.2: infantry moves 2 regions, cavalry 4; a group moves at its slowest unit's
    pace; at its last point the move ends."""
    game, state = position()
    put(state, "carthage_spain", "Gades", cavalry=1, heavy_infantry=1)
    state["records"]["ip"]["carthage_spain"] = 2
    game.begin(state)
    game.apply(state, "activate(Gades)", "take(cavalry, 1)", "march")
    game.apply(state, "step(Castulo)", "step(Celtiberi)", "step(Tarraco)", "step(Emporiae)")
    decline(game, state)
    assert units_at(state, "Emporiae") == {"cavalry": 1}
    game.apply(state, "take(heavy_infantry, 1)", "march", "step(Malaca)")
    assert game.legal(state) == [
        "garrison(Malaca)",  # HB VI: units may stay inside their own city's walls
        "halt",
        "step(Carthago Nova)",
        "step(Castulo)",
        "step(Gades)",
    ]
    game.apply(state, "step(Carthago Nova)")
    decline(game, state)
    assert units_at(state, "Carthago Nova") == {"heavy_infantry": 1}


def test_a_moving_army_may_split_on_the_way() -> None:
    """HB 4.2: a moving army may be split into parts that end in different regions."""
    game, state = position()
    put(state, "carthage_spain", "Boii", "Hannibal", "Magon", heavy_infantry=3, cavalry=2)
    game.begin(state)
    game.apply(state, "activate(Boii)", "take(Hannibal)", "take(Magon)", "take(heavy_infantry, 3)")
    game.apply(state, "take(cavalry, 2)", "march", "step(Pisae)")
    assert "drop(heavy_infantry, 2)" in game.legal(state) and "drop(Magon)" in game.legal(state)
    game.apply(state, "drop(heavy_infantry, 2)", "drop(Magon)", "step(Roma)")  # no MP left
    decline(game, state)
    assert units_at(state, "Pisae") == {"Magon": 1, "heavy_infantry": 2}
    assert units_at(state, "Roma") == {"Hannibal": 1, "heavy_infantry": 1, "cavalry": 2}


def test_an_army_may_enter_the_enemy_and_an_allys_land() -> None:
    """HB 4.2, V: a move may enter a region the enemy holds (a battle follows, Utica); an
    ally's land is its nation's (Massilia's Cirta)."""
    game, state = position()
    put(state, "carthage_spain", "Carthago", heavy_infantry=2)
    put(state, "rome_north", "Utica", heavy_infantry=1)
    put(state, "numidia", "Siga", heavy_infantry=2)
    state["records"]["ip"]["carthage_spain"] = 1
    game.begin(state)
    game.apply(state, "activate(Carthago)", "take(heavy_infantry, 2)", "march")
    assert game.legal(state) == [
        "garrison(Carthago)",
        "step(Hadrumetum)",
        "step(Utica)",
        "step(Zama)",
    ]
    game.apply(state, "step(Zama)")
    assert "step(Cirta)" in game.legal(state)  # Massilia is allied with Carthage
    game.apply(state, "step(Cirta)")
    decline(game, state)
    assert units_at(state, "Cirta") == {"heavy_infantry": 2}


def test_leaders_do_not_move_alone() -> None:
    """HB 5.6: leaders are not units and move only with units."""
    game, state = position()
    put(state, "carthage_spain", "Boii", "Hannibal", heavy_infantry=1)
    game.begin(state)
    game.apply(state, "activate(Boii)", "take(Hannibal)")
    assert "march" not in game.legal(state)
    game.apply(state, "take(heavy_infantry, 1)")
    assert "march" in game.legal(state)


def test_a_leader_who_moved_moves_no_more_this_stage() -> None:
    """HB 4.1: the army's stack is turned over once it has moved, its leaders with it; the
    variant ``leaders_move_again`` lets a leader move again with fresh units."""
    for variant, again in ((None, False), ("leaders_move_again", True)):
        game = hb_rules("actions", variant=variant)
        state = seated(game, "campaign-2p")
        clear_board(state)
        state["records"]["order"] = ["carthage_spain", "rome_north"]
        put(state, "carthage_spain", "Boii", "Hannibal", heavy_infantry=1)
        put(state, "carthage_spain", "Lingones", heavy_infantry=1)
        state["records"]["gauls"]["Lingones"] = {"team": "carthage", "attitude": "allied"}
        game.begin(state)
        game.apply(
            state,
            "activate(Boii)",
            "take(Hannibal)",
            "take(heavy_infantry, 1)",
            "march",
            "step(Lingones)",
            "halt",
        )
        decline(game, state)
        game.apply(state, "pass")  # Rome
        assert ("activate(Lingones)" in game.legal(state)) is True
        game.apply(state, "activate(Lingones)")
        assert ("take(Hannibal)" in game.legal(state)) is again, variant


def test_which_spaces_an_army_may_enter_and_where_it_stops() -> None:
    """HB 4.2, V, VII: an army may enter the enemy's land (Rome: Massilia's Hippo Regius,
    Massilia being Carthage's ally), a neutral state's (Numidia's Iol: aggression, and it
    stops there), a space the enemy holds (Cirta: a battle, it stops); the Syracusan player
    picks no quarrel with a neutral state (HB 10.4)."""
    from legatus.games.hannibal_barkas.model import enterable, passable

    game = hb_rules("actions")
    state = seated(game, "campaign-2p")
    ctx = game.context(state)
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
    game, state = position("campaign-4p")
    state["records"]["gauls"].clear()
    state["records"]["gauls"]["Cenomani"] = {"team": "rome", "attitude": "friendly"}
    put(state, "carthage_spain", "Cenomani", "Hannibal")
    put(state, "carthage_africa", "Cenomani", heavy_infantry=1)  # a common army (HB 10.1)
    game.begin(state)
    game.force(1)  # the attitude test: 1 - 4, hostile
    game.force(10, 10)  # the Gallic cavalry: both hit
    game.apply(state, "activate(Cenomani)")
    decline(game, state)  # before the battle
    assert game.forced_dice == []
    assert units_at(state, "Cenomani") == {"Hannibal": 1}
    assert state["prompt"]["side"] == "carthage_spain"
    assert state["prompt"]["kind"] == "select"
    assert game.legal(state) == ["done"]
    game.apply(state, "done")
    assert state["prompt"]["kind"] == "action"
    assert state["prompt"]["side"] == "rome_north"
    assert units_at(state, "Cenomani") == {"Hannibal": 1}


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
