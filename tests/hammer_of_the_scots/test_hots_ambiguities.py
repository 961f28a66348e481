"""The reference's ambiguities (AMB-n) that the game's data and code do not name, each played
through the shipped rules file on the public test kit from a position, with forced dice and
draws: each test asserts the exact outcome of the reading the reference chooses (its table of
ambiguities, section 15). The others are named where the game plays them and tested with
their rules (see docs/hammer-of-the-scots.md, "The readings chosen").
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from legatus.framework.tools.testing import Kit, PlayFrom
from tests.hammer_of_the_scots.test_hots_4_movement_examples import move_phase
from tests.hammer_of_the_scots.test_hots_7_winter_turn import winter_at
from tests.hammer_of_the_scots.test_rule_5_battle_examples import battle_at, turn_of

HOTS = "hammer_of_the_scots"
SCOTS_FIVE = ["Lindsay", "Barclay", "Grant", "Campbell", "Fraser"]


def at_step(
    play_from: PlayFrom,
    step: str,
    english: Mapping[str, Sequence[Any]],
    scots: Mapping[str, Sequence[Any]],
    *,
    records: Mapping[str, Any] | None = None,
    counters: Mapping[str, int] | None = None,
    scenario: str | None = None,
    zones: Mapping[str, list[str]] | None = None,
) -> Kit:
    """The game at ``step`` (in 1297's first turn unless ``counters`` say otherwise), with the
    blocks given by side and area, the rest out of play; ``records`` added to the
    scenario's (the opening draw none)."""
    position: dict[str, Any] = {
        "at": {"step": step, "counters": dict(counters or {"year": 1, "turn": 1})},
        "records": {"opening_draw": 0, "player1": "english", **(records or {})},
        "setup": {
            "english": {"map": dict(english), "others": "out"},
            "scots": {"map": dict(scots), "others": "out"},
        },
    }
    if zones:
        position["zones"] = dict(zones)
        position["remaining"] = "deck"
    if scenario:
        position["scenario"] = scenario
    return play_from(HOTS, json.loads(json.dumps(position)))


# -- cards and movement ----------------------------------------------------------------------


def test_hots_3_12_amb_3_truce_no_friendly_movement(play_from: PlayFrom) -> None:
    """Card Truce, AMB-3 (the card face, not data.js): the English play Truce, the Scots a
    2. The English, Player 1 by their event, make no move at all; the Scots may move but
    neither attack Galloway (English-held) nor enter England. No battle follows."""
    kit = at_step(
        play_from,
        "card_phase",
        {"Galloway": ["York Infantry"], "England": ["Durham Infantry"]},
        {"Annan": ["Douglas"]},
        zones={"hand:english": ["Truce"], "hand:scots": ["2"]},
    )
    kit.act("play(Truce)", side="english")
    kit.act('play("2")', side="scots")
    assert kit.record("truce") == "english"
    assert kit.asked == ("scots", "group")
    kit.act("group(Annan)")
    destinations = {a.split(", ")[-1].rstrip(")") for a in kit.legal() if a.startswith("move(")}
    assert destinations == {"Carrick", "Lanark", "Lennox", "Selkirk", "Teviot"}
    assert (kit.at("York Infantry"), kit.at("Durham Infantry")) == ("Galloway", "England")
    kit.act("move(Douglas, Annan, Lanark)")
    log = kit.log()
    assert "English play the event Truce" in log and "English call a Truce" in log
    assert not any(line.startswith(("English move", "Battle at")) for line in log)


def test_hots_4_4_amb_6_retreats_across_the_national_border_use_the_ordinary_limits(
    play_from: PlayFrom,
) -> None:
    """HotS 4.4, 5.5, AMB-6: one block a Group Move crosses the Anglo-Scottish border, but
    retreats keep the ordinary limits (6 across a green border): the Scots attack Annan and
    both English infantry retreat to England across it in round 1."""
    kit = battle_at(
        play_from,
        {"Annan": ["York Infantry", "Lancaster Infantry"]},
        {"Annan": ["Lindsay"]},
        player1="scots",
    )
    assert turn_of(kit) == {"York Infantry", "Lancaster Infantry"}
    kit.act("retreat(York Infantry, England)")
    assert "retreat(Lancaster Infantry, England)" in kit.legal()
    kit.act("retreat(Lancaster Infantry, England)")
    assert kit.pieces_at("England", "english") == ["Lancaster Infantry", "York Infantry"]


def test_hots_4_7_amb_23_the_norse_never_moves_over_land(play_from: PlayFrom) -> None:
    """HotS 4.7, AMB-23: the Norse (no move number) is never a land mover: from Ross, with
    a 2, the Scots' group there moves only Grant; the Norse is offered only its sea move."""
    kit = move_phase(
        play_from,
        {},
        {"Ross": ["Norse", "Grant"]},
        player1="scots",
        moves={"english": 1, "scots": 2},
    )
    assert kit.asked == ("scots", "group")
    assert any(a.startswith("sea_move(Norse, ") for a in kit.legal())
    kit.act("group(Ross)")
    movers = {a.split(", ")[0][5:] for a in kit.legal() if a.startswith("move(")}
    assert movers == {"Grant"}


def test_hots_4_6_amb_23_the_norse_counts_as_an_attacker_for_pinning(
    play_from: PlayFrom,
) -> None:
    """HotS 4.6, 4.7, AMB-23: the Norse sails from Ross to attack Buchan, held by Buchan
    (red) alone: one attacking block pins one defender, so the English, moving second,
    may not move the group in Buchan (only Argyll's)."""
    kit = move_phase(
        play_from,
        {"Buchan": ["Buchan/E"]},
        {"Ross": ["Norse", "Grant"]},
        player1="scots",
        moves={"english": 1, "scots": 1},
    )
    kit.act("sea_move(Norse, Buchan)")
    assert kit.asked == ("english", "group")
    assert kit.legal() == ["end_moves", "group(Argyll)"]


# -- battles -----------------------------------------------------------------------------------


def test_hots_5_3_amb_25_owner_orders_same_letter_blocks(play_from: PlayFrom) -> None:
    """HotS 5.31, AMB-25: two Scottish C blocks defend Lanark: the Scots choose which fires
    first (both are offered), then the other has his turn; the English C block comes after
    both (the defender first on equal letters)."""
    kit = battle_at(
        play_from,
        {"Lanark": ["York Infantry"]},
        {"Lanark": ["Douglas", "Campbell"]},
    )
    assert kit.asked == ("scots", "battle_turn") and turn_of(kit) == {"Douglas", "Campbell"}
    kit.act("pass(Campbell)")
    assert turn_of(kit) == {"Douglas"}
    kit.act("pass(Douglas)")
    assert kit.asked == ("english", "battle_turn") and turn_of(kit) == {"York Infantry"}


def test_hots_5_2_amb_26_celtic_unity_in_a_defection_battle_empties_a_side(
    play_from: PlayFrom,
) -> None:
    """HotS 5.2, AMB-26: Celtic Unity applies in every battle, defection battles too, and
    the block leaves before anyone fires. A Herald turns Galloway (red) beside Wales
    Infantry; the Welsh, revealed, roll a 5 and go to the English pool: no block of theirs
    is left, so the Scots win the battle without a shot."""
    from tests.hammer_of_the_scots.test_hots_3_12_and_6_events_and_kings import event

    kit = event(
        play_from,
        "scots",
        "Herald",
        {"Galloway": ["Galloway/E", "Wales Infantry"]},
        {"Fife": ["Douglas"]},
        dice=[4],
    )
    assert kit.legal() == ["choose(Argyll/E)", "choose(Galloway/E)", "pass"]
    kit.dice(5).act("choose(Galloway/E)")
    assert (kit.at("Wales Infantry"), kit.at("Galloway/S")) == ("pool", "Galloway")
    log = kit.log()
    assert "Battle at Galloway ends: the Scots win" in log
    assert not any(" fires " in line for line in log)


def test_hots_1_4_amb_36_a_noble_turned_in_his_home_fires_b3_only_defending(
    play_from: PlayFrom,
) -> None:
    """HotS 1.4, 5.7, AMB-36: the Scots attack Atholl, held by Atholl (red) and York
    Infantry, both at 1. Beaten,
    he turns blue and joins the Scots, the attackers (the English pick him among their
    equals to take the hit): in round 2 he fires at his printed B2, not the B3 of a noble
    defending his home."""
    kit = battle_at(
        play_from,
        {"Atholl": ["Atholl/E", "York Infantry"]},
        {"Atholl": ["Douglas"]},
        player1="scots",
        strengths={"Atholl/E": 1, "York Infantry": 1},
    )
    kit.act("pass(Atholl/E)", "pass(York Infantry)")
    kit.dice([1, 6, 6, 6]).act("fire(Douglas)", "hit(Atholl/E)")
    assert (kit.at("Atholl/S"), kit.owner("Atholl/S")) == ("Atholl", "scots")
    assert turn_of(kit) == {"Atholl/S"}  # round 2: B before C
    assert kit.prompt is not None and "Atholl/S (B2)" in kit.prompt.text
    kit.dice([3]).act("fire(Atholl/S)")  # a 3 would hit at B3
    assert "Atholl/S (B2) fires 1 dice: 3 -> 0 hits" in kit.log()


def test_hots_9_1_amb_31_edward_ii_eliminated_for_want_of_a_retreat_wins_for_the_scots(
    play_from: PlayFrom,
) -> None:
    """HotS 5.3, 9.1, AMB-31: Edward II attacks Douglas in Selkirk, every area around it
    held by the Scots. After round 3 he must retreat and cannot: eliminated, which is
    "eliminated in battle", so the Scots win at the end of the Game Turn."""
    ring = ["Annan", "Dunbar", "Lanark", "Lothian", "Teviot"]
    scots = {"Selkirk": ["Douglas"]} | {a: [b] for a, b in zip(ring, SCOTS_FIVE, strict=True)}
    kit = at_step(play_from, "battle_phase", {"Selkirk": ["Edward"]}, scots, records={"edward": 2})
    for _ in range(3):
        kit.act("pass(Edward)", "pass(Douglas)")
    assert kit.at("Edward") == "out"  # a black cross: out for good (5.8)
    assert kit.asked == ("scots", "regroup")
    kit.act("end_regroup")
    assert kit.result == {
        "winner": "scots",
        "reason": "the Scots win (king_killed)",
        "rule": "HotS 9.1",
    }


def test_hots_9_0_amb_14_with_thirteen_nobles_in_play_seven_win(play_from: PlayFrom) -> None:
    """HotS 9.0, AMB-14: Moray is out of play, so 13 nobles are: at the end of Braveheart
    (1305's last turn) the English hold 7, the Scots 6. The two counts are compared: 7 is
    no majority of 14, but the higher count wins."""
    english = {a: [f"{a}/E"] for a in ("Angus", "Argyll", "Atholl", "Buchan", "Dunbar")}
    english |= {"Galloway": ["Galloway/E"], "Lennox": ["Lennox/E"]}
    scots = {"Carrick": ["Bruce/S"], "Badenoch": ["Comyn/S"], "Mar": ["Mar/S"]}
    scots |= {"Ross": ["Ross/S"], "Mentieth": ["Mentieth/S"], "Lanark": ["Steward/S"]}
    kit = at_step(
        play_from,
        "border_raid",
        english,
        scots,
        records={"year": 1305},
        counters={"year": 9, "turn": 5},
    )
    assert kit.result == {
        "winner": "english",
        "reason": "the English win (final)",
        "rule": "HotS 9.0",
    }


# -- winter --------------------------------------------------------------------------------------


def test_hots_5_8_amb_28_winter_attrition_is_the_forced_disbanding(play_from: PlayFrom) -> None:
    """HotS 5.8, 7.3, AMB-28: "Winter Attrition" is the forced disbanding of 7.3 and 7.5:
    the Hobelars (black cross) in Lothian, Edward not wintering with them, must disband, and
    go to the English pool like any block disbanded; a black-cross block leaves the game
    for good only when killed in combat."""
    kit = winter_at(play_from, "english_winter", {"Lothian": ["Hobelars"]}, {"Fife": ["Douglas"]})
    assert kit.at("Hobelars") == "pool"
    assert "English disband Hobelars at Lothian" in kit.log("english")


def test_hots_7_61_amb_19_the_french_knights_stay_in_the_pool(play_from: PlayFrom) -> None:
    """HotS 7.61, AMB-19: the French knights joined the Scottish pool in an earlier winter.
    In Fife they disband by choice and go back to the pool; the Scots now hold no noble
    (fewer than 8), yet the knights stay in the pool and the builds draw them (Fife is
    coastal) at strength 1."""
    kit = winter_at(
        play_from,
        "scots_winter",
        {},
        {"Fife": ["French Knights", "Douglas"]},
        records={"french_knights": True},
    )
    assert kit.asked == ("scots", "disband_by_choice")
    kit.act("disband(French Knights)", "end_disband")
    assert kit.at("French Knights") == "pool"
    assert kit.asked == ("scots", "build")
    kit.dice(1).act("build(Fife)")
    assert (kit.at("French Knights"), kit.strength("French Knights")) == ("Fife", 1)


def test_hots_7_5_amb_33_moray_counts_against_the_limit_wallace_in_selkirk_does_not(
    play_from: PlayFrom,
) -> None:
    """HotS 7.5, AMB-33: Moray stays in Lothian (castle 2) beside Douglas and Lindsay:
    he counts, so the Scots must disband one of the three; Wallace wintering in Selkirk
    (castle 0) does not count there, and nothing of his disbands."""
    kit = winter_at(
        play_from,
        "scots_winter",
        {},
        {"Lothian": ["Moray", "Douglas", "Lindsay"], "Teviot": ["Wallace"]},
    )
    assert kit.asked == ("scots", "wallace_winter")
    kit.act("selkirk", "end_disband")
    assert kit.at("Wallace") == "Selkirk"
    assert kit.asked == ("scots", "winter_disband")
    assert kit.legal() == ["disband(Douglas)", "disband(Lindsay)", "disband(Moray)"]
    kit.act("disband(Lindsay)")
    assert (kit.at("Wallace"), kit.at("Lindsay")) == ("Selkirk", "pool")


def test_hots_7_7_amb_34_the_levy_is_half_the_pool_after_the_winter_rounded_up(
    play_from: PlayFrom,
) -> None:
    """HotS 7.7, AMB-34: four blocks in the English pool, York Infantry in England. It
    disbands in the winter (7.3), so the pool holds five when the Feudal Levy is counted:
    half, rounded up, is 3 blocks drawn into England."""
    pool = ["Durham Infantry", "Lancaster Infantry", "Northumber Infantry", "Westmor Infantry"]
    kit = winter_at(
        play_from,
        "english_winter",
        {"England": ["York Infantry"]},
        {},
        pools={"english": pool},
        dice=[1, 1, 1],
    )
    assert "English draw 3 block(s) from the pool into England" in kit.log()
    assert len(kit.pieces_at("England", "english")) == 3
    assert len([b for b in [*pool, "York Infantry"] if kit.at(b) == "pool"]) == 2


def test_hots_8_2_amb_37_in_the_bruce_edward_never_winters_in_scotland_infantry_do(
    play_from: PlayFrom,
) -> None:
    """HotS 7.4, 8.2, AMB-37: The Bruce, winter of 1306: Edward I in Lothian is not asked
    to winter there and disbands; the York Infantry beside him stay within Lothian's castle
    limit (7.32), the scenario's "no winter in Scotland" binding Edward's exception only."""
    kit = at_step(
        play_from,
        "english_winter",
        {"Lothian": ["Edward", "York Infantry"]},
        {"Fife": ["Douglas"]},
        records={"year": 1306},
        counters={"year": 1},
        scenario="bruce",
    )
    assert not any(line.startswith("Edward I winters") for line in kit.log())
    assert (kit.at("Edward"), kit.at("York Infantry")) == ("pool", "Lothian")
