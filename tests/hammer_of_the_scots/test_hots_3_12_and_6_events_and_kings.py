"""HotS 3.12 (the five events, as printed on the cards), 6.1-6.22 (the kings, the
Coronation and the Return of King Balliol) and 9.1 (the kings' deaths): played through the
shipped rules file on the public test kit, with forced dice. An event is started as the
rules file's ``event_or_crown`` does it for its player (reference 5, 9, 12).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from legatus.framework.tools.testing import Kit, PlayFrom
from tests.hammer_of_the_scots.test_rule_5_battle_examples import battle_at

HOTS = "hammer_of_the_scots"


def event(
    play_from: PlayFrom,
    side: str,
    card: str,
    english: Mapping[str, Sequence[Any]],
    scots: Mapping[str, Sequence[Any]],
    *,
    records: Mapping[str, Any] | None = None,
    dice: Sequence[int | list[int]] = (),
) -> Kit:
    """``side`` plays ``card`` (as its event, or a Scottish crowning) in 1297's turn 1, with
    the blocks given by side and area, Argyll (red) at home and Moray in Moray besides, so
    that neither side holds every noble (the rest out of play); ``dice``: the rolls forced
    from the start."""
    position = {
        "at": {"step": "card_phase", "counters": {"year": 1, "turn": 1}},
        "records": {"player1": side, **(records or {})},
        "zones": {"hand:english": ["1"], "hand:scots": ["1"]},
        "remaining": "deck",
        "setup": {
            "english": {"map": {"Argyll": ["Argyll/E"], **english}, "others": "out"},
            "scots": {"map": {"Moray": ["Moray"], **scots}, "others": "out"},
        },
    }
    kit = play_from(HOTS, position, dice=dice)
    return kit.run_procedure("event_or_crown", side=side, event=card)


def test_hots_3_12_herald_fails_on_5_and_names_no_one(play_from: PlayFrom) -> None:
    """Card Herald, AMB-2: a 5 fails; the noble is named only after a success, so nothing
    is asked and nothing changes."""
    kit = event(
        play_from, "scots", "Herald", {"Angus": ["Angus/E"]}, {"Fife": ["Douglas"]}, dice=[5]
    )
    assert kit.finished and kit.owner("Angus/E") == "english" and kit.at("Angus/E") == "Angus"


def test_hots_3_12_herald_turns_a_noble_and_his_battle_is_fought_now(
    play_from: PlayFrom,
) -> None:
    """Card Herald, HotS 6.21 sidebar "Defection Battles": a 4 succeeds; the Scots name
    Angus (red), who turns blue where he stands, at his strength, beside English infantry:
    the battle is fought at once, Angus attacking (reference 7.12)."""
    kit = event(
        play_from,
        "scots",
        "Herald",
        {"Angus": [{"piece": "Angus/E", "strength": 2}, "York Infantry"], "Mar": ["Mar/E"]},
        {"Fife": ["Douglas"]},
        dice=[4],
    )
    assert kit.asked == ("scots", "choose")
    assert kit.legal() == ["choose(Angus/E)", "choose(Argyll/E)", "choose(Mar/E)", "pass"]
    kit.act("choose(Angus/E)")
    assert (kit.at("Angus/S"), kit.strength("Angus/S"), kit.at("Angus/E")) == ("Angus", 2, "out")
    assert kit.record("battle")["attacker"] == "scots"
    assert kit.record("battle")["location"] == "Angus"


def test_hots_3_12_victuals_adds_three_steps_to_one_group(play_from: PlayFrom) -> None:
    """Card Victuals: three steps divided as the player likes among the blocks of one
    group, none above its maximum: Douglas 3 -> 4 (full), Barclay 1 -> 3."""
    kit = event(
        play_from,
        "scots",
        "Victuals",
        {},
        {
            "Fife": [{"piece": "Douglas", "strength": 3}, {"piece": "Barclay", "strength": 1}],
            "Moray": ["Moray", {"piece": "Fraser", "strength": 1}],
        },
    )
    assert kit.legal() == ["choose(Fife)", "choose(Moray)", "pass"]
    kit.act("choose(Fife)", "step(Douglas)")
    assert kit.legal() == ["end_builds", "step(Barclay)"]  # Douglas is full
    kit.act("step(Barclay)", "step(Barclay)")
    assert kit.finished
    assert [kit.strength(b) for b in ("Douglas", "Barclay", "Fraser")] == [4, 3, 1]


def test_hots_3_12_sea_move_two_blocks_to_a_friendly_coastal_area(play_from: PlayFrom) -> None:
    """Card Sea Move (reference 6.9): one or two blocks, not the Norse, from one coastal
    area to one other friendly coastal area; Lanark (inland) and vacant areas are not."""
    kit = event(
        play_from,
        "scots",
        "Sea Move",
        {},
        {
            "Fife": ["Douglas", "Barclay", "Norse", "Lindsay"],
            "Moray": ["Moray", "Fraser"],
            "Lanark": ["Grant"],
        },
    )
    assert kit.legal() == ["choose(Fife)", "choose(Moray)", "pass"]
    kit.act("choose(Fife)")
    assert kit.legal() == ["choose(Moray)"]
    kit.act("choose(Moray)")
    assert kit.legal() == [
        "end_moves",
        "sea_move(Barclay, Moray)",
        "sea_move(Douglas, Moray)",
        "sea_move(Lindsay, Moray)",
    ]
    kit.act("sea_move(Douglas, Moray)", "sea_move(Barclay, Moray)")
    assert kit.finished
    assert kit.pieces_at("Moray") == ["Barclay", "Douglas", "Fraser", "Moray"]


def test_hots_3_12_no_scottish_sea_move_into_england_under_a_truce(play_from: PlayFrom) -> None:
    """Card Truce, AMB-27: the Scots hold England and may sea-move there, but not while an
    English Truce is in force (both players played events: the English Truce first)."""
    scots = {"Fife": ["Douglas"], "England": ["Keith"], "Moray": ["Moray", "Fraser"]}
    kit = event(play_from, "scots", "Sea Move", {}, scots)
    kit.act("choose(Fife)")
    assert kit.legal() == ["choose(England)", "choose(Moray)"]
    kit = event(play_from, "scots", "Sea Move", {}, scots, records={"truce": "english"})
    kit.act("choose(Fife)")
    assert kit.legal() == ["choose(Moray)"]


def test_hots_6_21_coronation_of_bruce_and_the_comyn_defections(play_from: PlayFrom) -> None:
    """HotS 6.21 (reference 9.2): Wallace dead, Bruce (blue) in Fife: the Scots play any
    event as a Coronation. The King enters Fife at 4; every Comyn noble of the Scots but
    Moray goes over to the English (Buchan, beside Fraser in Buchan: a battle now, Buchan
    attacking; Galloway alone: no battle); the Bruce nobles stay."""
    kit = event(
        play_from,
        "scots",
        "Truce",
        {},
        {
            "Fife": ["Bruce/S"],
            "Buchan": ["Buchan/S", "Fraser"],
            "Galloway": ["Galloway/S"],
            "Mar": ["Mar/S"],
            "Moray": ["Moray"],
        },
        records={"dead": ["Wallace"]},
    )
    assert kit.asked == ("scots", "crown")
    assert kit.legal() == ["crown(Bruce/S)", "play(Truce)"]
    kit.act("crown(Bruce/S)")
    assert (kit.at("King"), kit.strength("King"), kit.record("crowned")) == ("Fife", 4, True)
    assert [kit.owner(b) for b in ("Buchan/E", "Galloway/E", "Mar/S", "Moray")] == [
        "english",
        "english",
        "scots",
        "scots",
    ]
    assert kit.record("battle")["location"] == "Buchan"
    assert kit.record("battle")["attacker"] == "english"


def test_hots_6_22_return_of_king_balliol(play_from: PlayFrom) -> None:
    """HotS 6.22 (reference 9.2): from 1301, no King crowned, the French knights on the
    map: the King enters at 4 in their area (Wallace alive), and the Bruce nobles go over
    to the English."""
    kit = event(
        play_from,
        "scots",
        "Victuals",
        {},
        {"Lothian": ["French Knights", "Wallace"], "Mar": ["Mar/S"], "Ross": ["Ross/S"]},
        records={"year": 1301},
    )
    assert kit.legal() == ["crown(French Knights)", "play(Victuals)"]
    kit.act("crown(French Knights)")
    assert (kit.at("King"), kit.strength("King")) == ("Lothian", 4)
    assert (kit.owner("Mar/E"), kit.at("Mar/E"), kit.owner("Ross/S")) == ("english", "Mar", "scots")


def test_hots_6_21_no_coronation_while_wallace_lives(play_from: PlayFrom) -> None:
    """HotS 6.21: Wallace in the pool is not dead: no Coronation, the event is played."""
    kit = event(play_from, "scots", "Truce", {}, {"Fife": ["Bruce/S"]})
    assert kit.finished  # no question: the Truce is declared
    assert kit.record("truce") == "scots"


def test_hots_9_1_the_king_killed_in_battle_wins_for_the_english(play_from: PlayFrom) -> None:
    """HotS 6.2, 9.1 (reference 7.11, 12): the crowned King at 1 falls to the knight's
    fire in Fife: the English win at the end of the Game Turn."""
    kit = battle_at(
        play_from,
        {"Fife": ["York Knights"]},
        {"Fife": ["King"]},
        strengths={"King": 1},
    )
    kit.act("pass(King)")
    kit.dice([1, 6, 6, 6]).act("fire(York Knights)", "end_regroup")
    assert kit.over
    assert kit.result is not None and kit.result["winner"] == "english"
    assert kit.result["rule"] == "HotS 9.1"


def test_hots_9_1_edward_ii_killed_in_battle_wins_for_the_scots(play_from: PlayFrom) -> None:
    """HotS 6.1, 9.1: Edward II at 1 falls to Wallace's fire: the Scots win."""
    kit = battle_at(
        play_from,
        {"Lothian": ["Edward"]},
        {"Lothian": ["Wallace"]},
        strengths={"Edward": 1},
        player1="scots",
    )
    kit.state["records"]["edward"] = 2
    kit.dice([1, 6, 6, 6]).act("fire(Wallace)", "end_regroup")
    assert kit.result is not None and kit.result["winner"] == "scots"


def test_hots_6_1_edward_i_killed_in_battle_becomes_edward_ii(play_from: PlayFrom) -> None:
    """HotS 6.1, AMB-11 (reference 7.11): Edward I at 1 falls to Wallace's fire: the block
    goes to the English pool as Edward II; the game goes on."""
    kit = battle_at(
        play_from,
        {"Lothian": ["Edward"]},
        {"Lothian": ["Wallace"]},
        strengths={"Edward": 1},
        player1="scots",
    )
    kit.dice([1, 6, 6, 6]).act("fire(Wallace)")
    assert (kit.at("Edward"), kit.record("edward"), kit.over) == ("pool", 2, False)


def test_hots_9_1_a_king_falls_and_no_other_battle_is_fought(play_from: PlayFrom) -> None:
    """HotS 9.1 (reference 12: the kings' cases are immediate): the English fight Fife
    first and kill the King there; the battle in Lothian is not fought, nor is anything
    else: the English have won."""
    kit = battle_at(
        play_from,
        {"Fife": ["York Knights"], "Lothian": ["York Infantry"]},
        {"Fife": ["King"], "Lothian": ["Douglas"]},
        strengths={"King": 1},
    )
    assert kit.legal() == ["battle(Fife)", "battle(Lothian)"]
    kit.act("battle(Fife)", "pass(King)")
    kit.dice([1, 6, 6, 6]).act("fire(York Knights)", "end_regroup")
    assert kit.result is not None and kit.result["winner"] == "english"
    assert (kit.at("York Infantry"), kit.at("Douglas")) == ("Lothian", "Lothian")
    assert not any("Battle at Lothian" in line for line in kit.log())
