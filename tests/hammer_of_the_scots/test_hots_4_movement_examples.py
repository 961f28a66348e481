"""HotS 4.0-4.6, 5.5 (reference 6.2-6.7): the rulebook's movement examples played through
the shipped rules file's Move Phase on the public test kit, from the card phase's outcome
(the orders of each side), and the sidebar "Closing Borders" with its 3.0 reading (variant
``border_control_3_0``, reference V-1) against the 4.0 default.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from legatus.framework.tools.testing import Kit, PlayFrom

HOTS = "hammer_of_the_scots"


def move_phase(
    play_from: PlayFrom,
    english: Mapping[str, Sequence[Any]],
    scots: Mapping[str, Sequence[Any]],
    *,
    player1: str,
    moves: Mapping[str, int],
    variant: str | None = None,
) -> Kit:
    """The Move Phase of 1297's first turn: each side's Group Moves (a Move card of that
    value), ``player1`` first, with the blocks given by side and area (Argyll red at home
    and Moray in Moray besides, so no side holds every noble; the rest out of play)."""
    position = {
        "at": {"step": "move_phase", "counters": {"year": 1, "turn": 1}},
        "records": {
            "player1": player1,
            "cards": {side: str(n) for side, n in moves.items()},
            "orders": {side: {"moves": n} for side, n in moves.items()},
        },
        "setup": {
            "english": {"map": {"Argyll": ["Argyll/E"], **english}, "others": "out"},
            "scots": {"map": {"Moray": ["Moray"], **scots}, "others": "out"},
        },
    }
    return play_from(HOTS, position, variant=variant)


def test_hots_4_2_a_group_moves_blocks_to_different_areas(play_from: PlayFrom) -> None:
    """HotS 4.2 (reference 6.1): one Group Move from Buchan sends its blocks to different
    areas (Angus and Mar); a block moves once a turn, so a second Group Move from Buchan
    offers only the block left there."""
    kit = move_phase(
        play_from,
        {},
        {"Buchan": ["Buchan/S", "Douglas", "Barclay"]},
        player1="scots",
        moves={"english": 1, "scots": 2},
    )
    kit.act("group(Buchan)", "move(Douglas, Buchan, Angus)", "move(Barclay, Buchan, Mar)")
    kit.act("end_group", "group(Buchan)")
    assert [a for a in kit.legal() if a.startswith("move(")] == [
        a for a in kit.legal() if a.startswith("move(Buchan/S")
    ]
    assert (kit.at("Douglas"), kit.at("Barclay")) == ("Angus", "Mar")


def test_hots_4_4_sidebar_two_blocks_leave_england_by_two_group_moves(
    play_from: PlayFrom,
) -> None:
    """HotS 4.4, sidebar "Border Movement Example" (reference 6.4): the English play a 2;
    each Group Move lets one block cross the Anglo-Scottish border: two Group Moves from
    England, each one block through vacant Annan into Galloway, one attacking group."""
    kit = move_phase(
        play_from,
        {"England": ["York Infantry", "Lancaster Infantry"]},
        {"Galloway": ["Galloway/S"]},
        player1="english",
        moves={"english": 2, "scots": 1},
    )
    kit.act("group(England)", "move(York Infantry, England, Annan, Galloway)")
    assert kit.legal() == ["end_moves", "group(Argyll)", "group(England)"]  # group over
    kit.act("group(England)", "move(Lancaster Infantry, England, Annan, Galloway)")
    assert kit.pieces_at("Galloway", "english") == ["Lancaster Infantry", "York Infantry"]


def test_hots_5_5_sidebar_closing_borders_4_0(play_from: PlayFrom) -> None:
    """Sidebar "Closing Borders" (4.0, reference 6.7): the Scots, Player 1, shift Douglas
    and Barclay from Badenoch into an empty Atholl (closing nothing); the English, moving
    second, come from Strathspey through the now-empty Badenoch and attack Atholl. In the
    battle Badenoch is a retreat route for the English only."""
    kit = move_phase(
        play_from,
        {"Strathspey": ["York Infantry", "Lancaster Infantry"]},
        {"Badenoch": ["Douglas", "Barclay"]},
        player1="scots",
        moves={"english": 1, "scots": 1},
    )
    kit.act("group(Badenoch)", "move(Douglas, Badenoch, Atholl)")
    kit.act("move(Barclay, Badenoch, Atholl)")  # the group has no block left to move
    kit.act("group(Strathspey)", "move(York Infantry, Strathspey, Badenoch, Atholl)")
    kit.act("move(Lancaster Infantry, Strathspey, Badenoch, Atholl)")
    assert kit.asked == ("scots", "battle_turn")  # C: the defenders first
    retreats = {a for a in kit.legal() if a.startswith("retreat(Douglas")}
    assert "retreat(Douglas, Badenoch)" not in retreats
    assert "retreat(Douglas, Mentieth)" in retreats
    kit.act("pass(Douglas)", "pass(Barclay)")
    assert "retreat(York Infantry, Badenoch)" in kit.legal()


def _atholl_from_mentieth(play_from: PlayFrom, variant: str | None) -> Kit:
    """The 3.0 sidebar's case: the Scots shift two blocks from Badenoch into Atholl (a move
    that starts no battle); the English attack Atholl from Mentieth, so Badenoch stays
    vacant and the Atholl-Badenoch border was used by no attack."""
    kit = move_phase(
        play_from,
        {"Mentieth": ["York Infantry", "Lancaster Infantry"]},
        {"Badenoch": ["Douglas", "Barclay"]},
        player1="scots",
        moves={"english": 1, "scots": 1},
        variant=variant,
    )
    kit.act("group(Badenoch)", "move(Douglas, Badenoch, Atholl)")
    kit.act("move(Barclay, Badenoch, Atholl)")  # the group has no block left to move
    kit.act("group(Mentieth)", "move(York Infantry, Mentieth, Atholl)")
    kit.act("move(Lancaster Infantry, Mentieth, Atholl)")
    return kit


def test_hots_5_5_3_0_sidebar_the_first_retreat_across_closes_it_both_readings(
    play_from: PlayFrom,
) -> None:
    """V-1 (3.0 sidebar "Closing Borders": after a move that starts no battle either player
    may retreat across the border, and whoever retreats across it first closes it to the
    enemy) against 4.0 (such a move closes nothing). In both readings Badenoch is open to
    both sides until Douglas retreats there; then it is closed to the English: under 3.0
    by his retreat, under 4.0 because Badenoch is now Scottish (5.5: Friendly or Neutral
    areas only). Nothing in play tells the readings apart, so the variant keeps one
    parameter (``border_control.last_battle_entry``) and models the closing by retreat
    through the area's new owner."""
    for variant in (None, "border_control_3_0"):
        kit = _atholl_from_mentieth(play_from, variant)
        assert "retreat(Douglas, Badenoch)" in kit.legal()
        assert "retreat(Douglas, Mentieth)" not in kit.legal()  # the English came that way
        kit.act("retreat(Douglas, Badenoch)", "pass(Barclay)")
        assert kit.asked == ("english", "battle_turn")
        legal = kit.legal()
        assert "retreat(York Infantry, Badenoch)" not in legal
        assert "retreat(York Infantry, Mentieth)" in legal


def test_hots_4_6_a_border_the_defence_reinforced_across_is_open_to_unpinned_blocks(
    play_from: PlayFrom,
) -> None:
    """HotS 4.6 with 5.5 (reference 6.6-6.7, AMB-30): unpinned defenders may not cross a
    border controlled by the enemy, the side that last used it to enter a battle. The
    English (Player 1) attack the two Scots in Buchan from Angus, emptying it; the Scots
    reinforce Buchan from Fife through Angus, across the English border of attack. Now the
    border is the Scots': the block left unpinned may leave that way. Under the 3.0 reading
    (V-2, variant ``border_control_3_0``) every border the enemy came in by stays closed."""
    for variant, reopened in ((None, True), ("border_control_3_0", False)):
        kit = move_phase(
            play_from,
            {"Angus": ["York Infantry"]},
            {"Buchan": ["Douglas", "Graham"], "Fife": ["Barclay"]},
            player1="english",
            moves={"english": 1, "scots": 2},
            variant=variant,
        )
        kit.act("group(Angus)", "move(York Infantry, Angus, Buchan)")
        kit.act("group(Fife)", "move(Barclay, Fife, Angus, Buchan)", "group(Buchan)")
        legal = kit.legal()
        assert "move(Douglas, Buchan, Mar)" in legal  # one of the two is free to go
        assert ("move(Douglas, Buchan, Angus)" in legal) is reopened, variant
