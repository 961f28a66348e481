"""HB 4.3: crossing the Alps costs each unit a d10 roll, 8 or more kills it, and the army
stops at once on the other side."""

from __future__ import annotations

from legatus.framework.tools.testing import GameUnderTest
from tests.hannibal_barkas.conftest import clear_board, hb_rules, put, seated, units_at


def alpine_march() -> tuple[GameUnderTest, dict]:
    game = hb_rules("actions")
    state = seated(game, "campaign-2p")
    clear_board(state)
    state["records"]["order"] = ["carthage_spain", "rome_north"]
    put(
        state,
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
        state["records"]["gauls"][tribe] = {"team": "carthage", "attitude": "allied"}
    game.begin(state)
    game.apply(state, "activate(Volcae)", "take(Hannibal)", "take(Magon)")
    game.apply(state, "take(heavy_infantry, 2)", "take(cavalry, 2)", "take(elephants, 1)", "march")
    return game, state


def test_every_unit_rolls_and_dies_on_8_or_more() -> None:
    """HB 4.3: one d10 for each unit crossing (leaders are not units); 8, 9 and 10 kill."""
    game, state = alpine_march()
    assert "step(Taurini)" in game.legal(state)
    game.force(8, 3, 10, 7, 9)  # heavy infantry 8 and 3, cavalry 10 and 7, elephants 9
    game.apply(state, "step(Taurini)")
    assert units_at(state, "Taurini") == {
        "Hannibal": 1,
        "Magon": 1,
        "heavy_infantry": 1,
        "cavalry": 1,
    }
    assert game.forced_dice == []
    line = next(e["text"] for e in state["log"] if e["text"].startswith("Crossing the Alps"))
    assert line == "Crossing the Alps into Taurini: rolls [8, 3, 10, 7, 9]; 1 HI, 1 Cav, 1 El lost"


def test_the_army_stops_after_crossing_whatever_points_it_has_left() -> None:
    """HB 4.3: after the crossing the army ends its move at once (it had 1 MP left)."""
    game, state = alpine_march()
    game.force(1, 1, 1, 1, 1)
    game.apply(state, "step(Taurini)")
    assert state["prompt"]["kind"] == "respond"  # the move is over: effects may answer it
    assert all(
        state["pieces"][pid]["flags"] == ["moved"]
        for pid, piece in state["pieces"].items()
        if piece["at"] == "Taurini"
    )


def test_leaders_whose_whole_army_dies_in_the_alps_die_with_it() -> None:
    """Reference A.23 #32: leaders left without units in the crossing are eliminated."""
    game, state = alpine_march()
    game.force(9, 9, 9, 9, 9)
    game.apply(state, "step(Leponti)")
    assert units_at(state, "Leponti") == {}
    assert state["pieces"]["Hannibal"]["at"] == "out"
    assert "Hannibal" in state["zones"]["removed"]


def test_only_the_dashed_borders_are_alpine() -> None:
    """A step across an ordinary border rolls nothing (no die is forced here)."""
    game = hb_rules("actions")
    state = seated(game, "campaign-2p")
    clear_board(state)
    state["records"]["order"] = ["carthage_spain", "rome_north"]
    put(state, "carthage_spain", "Volcae", "Hannibal", heavy_infantry=1)
    game.begin(state)
    game.force()
    game.apply(state, "activate(Volcae)", "take(heavy_infantry, 1)", "march", "step(Emporiae)")
    assert units_at(state, "Emporiae") == {"heavy_infantry": 1}
