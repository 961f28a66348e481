"""HB VI: cities - the assault (HB 6.1, Ex. 11), the siege and its attrition at the end of the
stage (HB 6.2, Ex. 12), capture and its VP (HB 6.3); forced dice, exact outcomes.

An assault's attackers roll at once, one die per infantry unit; its defenders at once too,
one die per level of the walls and then one per extra defender; each reroll is a roll of
one die. The end of a stage rolls a d10 for each besieged city on a flag of the track."""

from __future__ import annotations

from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.hannibal_barkas import queries, sieges
from legatus.games.hannibal_barkas.queries import Siege
from tests.hannibal_barkas.conftest import (
    CARTHAGE,
    ROME,
    decline_effects,
    empty_board,
    put,
    put_inside,
    stage_position,
    take_off,
)

A, B = "carthage_spain", "rome_north"


def city_position() -> Kit:
    """An empty board, no cards in hand; Carthage (A) acts first with 1 IP."""
    return empty_board()


def test_example_11_an_assault_one_exchange_of_fire_then_the_siege() -> None:
    """Ex. 11: Capua (defence 3) holds 6 extra infantry. A assaults with 20 heavy and 5
    light infantry and leaders of command 5 (Hannibal 3, Hasdrubal 2): four 10s, and the 5
    rerolls fail - 4 extra defenders die (a 10 of the attacker chooses nothing, HB 6.1). The
    defence rolls 9 dice at 7+ (3 for the level, 6 for the extra defenders): 10, 7, 8 - the
    10 is the defender's to choose, the other two the attacker's. Capua stays on space 3 of
    the siege track and A besieges it at once (A.23 #9); 1 MP is left for a second assault
    (infantry has 2 MP)."""
    kit = city_position()
    put(kit, A, "Capua", "Hannibal", "Hasdrubal", heavy_infantry=20, light_infantry=5)
    put_inside(kit, B, "Capua", heavy_infantry=6)
    kit.dice([10] * 4 + [1] * 21)  # the attacker's 25 dice, one roll
    kit.dice(1, 1, 1, 1, 1)  # its 5 rerolls, one die each
    kit.dice([10, 7, 8] + [1] * 6)  # the defence: 3 for the walls, 6 for the defenders
    kit.begin()
    kit.act("activate(Capua)", "take(Hannibal)", "take(Hasdrubal)")
    kit.act("take(heavy_infantry, 20)", "take(light_infantry, 5)", "march")
    assert "assault(Capua)" in kit.legal() and "besiege(Capua)" in kit.legal()
    kit.act("assault(Capua)", "decline", "decline")  # no effects played
    assert kit.asked == (A, "reroll")
    kit.act(*["reroll(heavy_infantry)"] * 3, *["reroll(light_infantry)"] * 2)
    assert queries.units_at(kit, "Capua", B) == {"heavy_infantry": 2}  # 4 of 6 extra defenders
    assert kit.asked == (B, "strike")
    kit.act(f"strike({A}, light_infantry)")
    assert kit.asked == (A, "lose")
    kit.act("lose(light_infantry)", "lose(light_infantry)")
    kit.close()
    assert queries.units_at(kit, "Capua", A) == {
        "heavy_infantry": 20,
        "light_infantry": 2,
        "Hannibal": 1,
        "Hasdrubal": 1,
    }
    assert queries.siege_track(kit) == {"Capua": Siege("Capua", level=3, by=A, declared=True)}
    assert kit.asked is not None and kit.asked[1] == "march"
    assert "assault(Capua)" in kit.legal()  # the second MP


def test_example_12_a_siege_five_stages_to_take_the_city() -> None:
    """Ex. 12: Capua (defence 3) with 2 extra infantry; A besieges with 6 infantry, more
    than 3 + 2. At the end of stages 1 and 2 a defender and a besieger die; in stages 3 and
    4 the card moves to spaces 2 and 1; in stage 5 it falls to A's one unit left. The
    surrender rolls on the flags (10, 10, 9, 8: GUESS, reference B.11) fail. A scores
    Capua's 3 VP (HB 6.3)."""
    kit = city_position()
    put(kit, A, "Capua", heavy_infantry=6)
    put_inside(kit, B, "Capua", heavy_infantry=2)
    ctx = kit.context()
    assert sieges.besiegeable(ctx, A, "Capua")
    sieges.besiege(ctx, A, "Capua")
    seen = []
    kit.dice(1, 1, 1, 1)  # one surrender roll a stage, on the flags
    for _stage in range(5):
        sieges.resolve_sieges(ctx)
        siege = queries.siege(kit, "Capua")
        seen.append(
            (
                None if siege is None else siege.level,
                queries.extra_defenders(kit, "Capua"),
                queries.units_at(kit, "Capua", A).get("heavy_infantry", 0),
            )
        )
    assert seen == [(3, 1, 5), (3, 0, 4), (2, 0, 3), (1, 0, 2), (None, 0, 1)]
    kit.close()  # four surrender rolls, none in the last stage
    assert "Capua" in queries.cities(kit, A)
    assert queries.vp(kit, A) == 3


def test_rule_6_2_a_roll_on_the_flag_makes_the_city_surrender() -> None:
    """HB 6.2: on a space with a flag a d10 as high as the flag's number (space 3: 10,
    GUESS) makes the city surrender at once; its extra defenders die."""
    kit = city_position()
    put(kit, A, "Capua", heavy_infantry=6)
    put_inside(kit, B, "Capua", heavy_infantry=2)
    ctx = kit.context()
    sieges.besiege(ctx, A, "Capua")
    kit.dice(10)
    sieges.resolve_sieges(ctx)
    assert queries.siege(kit, "Capua") is None
    assert "Capua" in queries.cities(kit, A)
    assert queries.units_at(kit, "Capua", B) == {}
    assert queries.units_at(kit, "Capua", A) == {"heavy_infantry": 5}


def test_rule_6_2_a_siege_the_besiegers_no_longer_outnumber_is_broken() -> None:
    """HB 6.2: 4 besiegers against defence 3 and 1 extra defender: the siege may not be
    laid (they must outnumber it); with 5 it may, and when the end of the stage leaves 4
    against 3 + 0 it goes on; a besieger lost to a battle breaks it (3 against 3)."""
    kit = city_position()
    put(kit, A, "Capua", heavy_infantry=4)
    put_inside(kit, B, "Capua", heavy_infantry=1)
    ctx = kit.context()
    assert not sieges.besiegeable(ctx, A, "Capua")
    put(kit, A, "Capua", heavy_infantry=1)
    assert sieges.besiegeable(ctx, A, "Capua")
    sieges.besiege(ctx, A, "Capua")
    kit.dice(1)
    sieges.resolve_sieges(ctx)
    assert queries.siege_track(kit) == {"Capua": Siege("Capua", level=3, by=A, declared=True)}
    assert queries.status(kit, "Capua", A) == queries.status(kit, "Capua", B) == "besieged"
    take_off(kit, kit.pieces_at("Capua")[0])  # a besieger lost to a battle
    sieges.verify(ctx)
    assert queries.siege_track(kit) == {}
    assert "Capua" in queries.cities(kit, B)


def test_rule_6_3_retaking_a_city_takes_back_the_enemys_vp() -> None:
    """HB 6.3: the captor scores the city's VP; retaking a city of one's own nation scores
    nothing, and the enemy loses the VP he scored for it. Leaders inside die and the captor
    scores them."""
    kit = city_position()
    ctx = kit.context()
    put(kit, B, "Capua", heavy_infantry=1)
    put_inside(kit, B, "Capua", "Pretor I")
    sieges.capture(ctx, A, "Capua", "is stormed")
    assert queries.vp(kit, A) == 3 + 1  # Capua, and Pretor I's card
    assert kit.at("Pretor I") == "out"
    sieges.capture(ctx, B, "Capua", "is stormed")
    assert queries.vp(kit, B) == 0
    assert queries.vp(kit, A) == 1
    assert "Capua" in queries.cities(kit, B)


def test_rule_6_2_a_siege_ends_the_moment_the_besiegers_leave(play_from: PlayFrom) -> None:
    """HB 6.1, 6.2: the city's card comes off the siege track the moment the enemy's troops
    leave its region, not at the stage's end: Carthage's 5 heavy infantry besieging Capua
    (level 3) march out to Beneventum, and the siege is broken as they step out. At the
    stage's end nothing is left to resolve: the level does not drop, no besieger is lost
    where none stands, no surrender die is rolled (the next stage's initiative roll-off,
    5 against 3, is the first roll)."""
    position = stage_position(
        {CARTHAGE: {"Capua": ["5 heavy_infantry"]}},
        cities={ROME: ["Capua"]},
        records={"sieges": {"Capua": {"level": 3, "by": CARTHAGE}}},
        stage=4,
    )
    kit = play_from("hannibal_barkas", position)
    kit.act("activate(Capua)", "take(heavy_infantry, 5)", "march", "step(Beneventum)")
    assert kit.log()[-1] == "The siege of Capua is broken"
    assert kit.record("sieges") == {}
    assert kit.asked == (CARTHAGE, "march")  # at once, while the move goes on
    kit.act("halt")
    decline_effects(kit)
    kit.act("pass")  # Rome
    kit.dice([5, 3]).act("pass")  # Carthage; the stage ends
    assert kit.counters == {"year": 1, "stage": 5}
    assert [line for line in kit.log() if "siege" in line.lower()] == [
        "The siege of Capua is broken"
    ]
    assert len(kit.pieces_at("Beneventum")) == 5
    assert kit.zone(f"cities:{ROME}") == ["Capua"]
