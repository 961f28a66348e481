"""HB 4.3: crossing the Alps costs each unit a d10 roll, 8 or more kills it, and the army
stops at once on the other side. The crossing is one roll: a die for each unit, in the
order of the counters (leaders roll none)."""

from __future__ import annotations

from legatus.framework.tools.testing import Kit
from legatus.games.hannibal_barkas import queries
from tests.hannibal_barkas.conftest import clear_board, hb_rules, put, seated, set_order, set_tribe


def alpine_march() -> Kit:
    kit = seated(hb_rules("actions"), "campaign-2p")
    clear_board(kit)
    set_order(kit, "carthage_spain", "rome_north")
    put(
        kit,
        "carthage_spain",
        "Volcae",
        "Hannibal",
        "Magon",
        heavy_infantry=2,
        cavalry=2,
        elephants=1,
    )
    # tribes allied with Carthage on the far side: no attitude test after the crossing (HB 8.2)
    for tribe in ("Taurini", "Leponti"):
        set_tribe(kit, tribe, "carthage", "allied")
    kit.begin()
    kit.act("activate(Volcae)", "take(Hannibal)", "take(Magon)")
    kit.act("take(heavy_infantry, 2)", "take(cavalry, 2)", "take(elephants, 1)", "march")
    return kit


def test_every_unit_rolls_and_dies_on_8_or_more() -> None:
    """HB 4.3: one d10 for each unit crossing (leaders are not units); 8, 9 and 10 kill."""
    kit = alpine_march()
    assert "step(Taurini)" in kit.legal()
    kit.dice([8, 3, 10, 7, 9])  # heavy infantry 8 and 3, cavalry 10 and 7, elephants 9
    kit.act("step(Taurini)")
    assert queries.units_at(kit, "Taurini") == {
        "Hannibal": 1,
        "Magon": 1,
        "heavy_infantry": 1,
        "cavalry": 1,
    }
    kit.close()
    line = next(t for t in kit.log() if t.startswith("Crossing the Alps"))
    assert line == "Crossing the Alps into Taurini: rolls [8, 3, 10, 7, 9]; 1 HI, 1 Cav, 1 El lost"


def test_the_army_stops_after_crossing_whatever_points_it_has_left() -> None:
    """HB 4.3: after the crossing the army ends its move at once (it had 1 MP left)."""
    kit = alpine_march()
    kit.dice([1, 1, 1, 1, 1])
    kit.act("step(Taurini)")
    assert kit.asked is not None and kit.asked[1] == "respond"  # the move is over
    assert all(queries.has_moved(kit, pid) for pid in kit.pieces_at("Taurini"))
    assert all(kit.flags(pid) == ["moved"] for pid in kit.pieces_at("Taurini"))


def test_leaders_whose_whole_army_dies_in_the_alps_die_with_it() -> None:
    """Reference A.23 #32: leaders left without units in the crossing are eliminated."""
    kit = alpine_march()
    kit.dice([9, 9, 9, 9, 9])
    kit.act("step(Leponti)")
    assert queries.units_at(kit, "Leponti") == {}
    assert kit.at("Hannibal") == "out"
    assert "Hannibal" in queries.removed(kit)


def test_only_the_dashed_borders_are_alpine() -> None:
    """A step across an ordinary border rolls nothing (no die is forced here)."""
    kit = seated(hb_rules("actions"), "campaign-2p")
    clear_board(kit)
    set_order(kit, "carthage_spain", "rome_north")
    put(kit, "carthage_spain", "Volcae", "Hannibal", heavy_infantry=1)
    kit.begin()
    kit.act("activate(Volcae)", "take(heavy_infantry, 1)", "march", "step(Emporiae)")
    assert kit.rolled == []
    assert queries.units_at(kit, "Emporiae") == {"heavy_infantry": 1}
