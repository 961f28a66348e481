"""HotS 5.32, 5.7 and 9.1 (reference 7.3, 7.9, 7.11, 12): the battle rules beyond the
rulebook's worked examples (test_rule_5_battle_examples.py), played through the shipped
rules file with forced dice: the change of roles when the defenders fall before their
reserves arrive, a noble turned late in a battle, and the kings' deaths.
"""

from __future__ import annotations

import json
from typing import Any

from legatus.framework.tools.testing import Kit, PlayFrom
from tests.hammer_of_the_scots.test_rule_5_battle_examples import battle_at, turn_of

HOTS = "hammer_of_the_scots"
ENGLISH = ["Lancaster Knights", "York Knights", "York Infantry", "Northumber Infantry"]
RESERVES = ["Douglas", "Barclay", "Grant"]


def buchan_with_reserves(play_from: PlayFrom, defenders: dict[str, int]) -> Kit:
    """The rulebook's 5.33 illustration: four English blocks from Angus attack Buchan,
    whose ``defenders`` (block: strength) stand there; three Scots marched in from Moray
    across the Strathspey border are the defender's reserves."""
    road, response = "Angus|Buchan", "Buchan|Strathspey"
    attack = {
        "attacker": "english",
        "defender": "scots",
        "roads": [road],
        "origins": {road: "Angus"},
        "arrivals": {road: 4},
        "main": road,
        "pinned": len(defenders),
        "responses": {response: 3},
        "reserves": {"english": 0, "scots": 3},
    }
    own: dict[str, Any] = {
        "english": {
            "moved": ENGLISH,
            "levied": [],
            "arrivals": {"Buchan": dict.fromkeys(ENGLISH, road)},
            "reserves": {"Buchan": []},
        },
        "scots": {
            "moved": RESERVES,
            "levied": [],
            "arrivals": {"Buchan": dict.fromkeys(RESERVES, response)},
            "reserves": {"Buchan": RESERVES},
        },
    }
    command = {
        "road_use": {"english": {road: 4}, "scots": {response: 3}},
        "attacks": {"Buchan": attack},
        "contested": ["Buchan"],
        "sea_moves": [],
        "held_seas": {"english": [], "scots": []},
        "group_crossings": 0,
    }
    scots = [{"piece": b, "strength": s} for b, s in defenders.items()] + RESERVES
    position = {
        "at": {"step": "battle_phase", "counters": {"year": 1, "turn": 1}},
        "records": {"player1": "english", "command": command, "own_command": own},
        "setup": {
            "english": {"map": {"Buchan": ENGLISH}, "others": "out"},
            "scots": {"map": {"Buchan": scots}, "others": "out"},
        },
    }
    return play_from(HOTS, json.loads(json.dumps(position)))


def test_hots_5_32_the_roles_change_when_the_defenders_fall_first(play_from: PlayFrom) -> None:
    """HotS 5.32 (reference 7.3): the English knight kills both Scottish defenders (at 1)
    in Round 1 before the Scottish reserves arrive: from Round 2 the Scots attack and the
    English defend, so the English infantry fire before the Scottish infantry (C: the
    defender first), and after Round 3 the Scots, not the English, must retreat."""
    kit = buchan_with_reserves(play_from, {"Campbell": 1, "Graham": 1})
    kit.dice([1, 1, 6, 6]).act("fire(Lancaster Knights)")
    kit.act("hit(Campbell)")  # the Scots pick among equals; Graham takes the second
    assert kit.pieces_at("Buchan", "scots") == sorted(RESERVES)
    assert "The attacker at Buchan is now Scots" in kit.log()
    assert "Round 2 at Buchan" in kit.log()
    kit.act("pass(Lancaster Knights)", "pass(York Knights)")
    assert kit.asked == ("english", "battle_turn")  # C: the English defend now
    assert turn_of(kit) == {"York Infantry", "Northumber Infantry"}
    assert kit.record("battle")["attacker"] == "scots"
    for _ in range(2 + 3 + 2 + 2 + 3):  # the rest of Round 2, then Round 3, all passing
        kit.act(f"pass({sorted(turn_of(kit))[0]})")
    assert kit.asked == ("scots", "retreat")  # the attacker retreats after Round 3


def test_hots_5_7_a_noble_turned_in_round_2_is_a_reserve_until_round_3(
    play_from: PlayFrom,
) -> None:
    """HotS 5.7, AMB-9 (reference 7.9): in Round 2 the English knight (at 1) beats Lennox
    (blue, at 1; the Scots pick him among equals): his red block joins the English as a
    reserve. Campbell's hit later that round cannot take him, so it takes the knight
    (no choice between equals is asked), and Lennox fights for the English in Round 3."""
    kit = battle_at(
        play_from,
        {"Lanark": ["Lancaster Knights"]},
        {"Lanark": ["Lennox/S", "Campbell"]},
        strengths={"Lennox/S": 1, "Campbell": 1, "Lancaster Knights": 1},
    )
    kit.act("pass(Lennox/S)", "pass(Lancaster Knights)", "pass(Campbell)")  # Round 1
    kit.act("pass(Lennox/S)")
    kit.dice([1]).act("fire(Lancaster Knights)", "hit(Lennox/S)")
    assert (kit.at("Lennox/E"), kit.owner("Lennox/E"), kit.strength("Lennox/E")) == (
        "Lanark",
        "english",
        1,
    )
    kit.dice([1]).act("fire(Campbell)")
    assert kit.at("Lancaster Knights") == "pool"
    assert (kit.at("Lennox/E"), kit.strength("Lennox/E")) == ("Lanark", 1)
    assert "Round 3 at Lanark" in kit.log()
    assert turn_of(kit) == {"Lennox/E"}


def test_hots_1_4_a_noble_at_home_shows_b3_on_the_board_and_in_the_prompt(
    play_from: PlayFrom,
) -> None:
    """HotS 1.4: Atholl (red, printed B2) defends his home area against Douglas: the battle
    turn's question, the reveal's log line and the battle board (the Scots' view) all show
    the B3 he fires with; Douglas, attacking, keeps his printed C3."""
    from legatus.framework.frontends.server.payloads import seat_view

    kit = battle_at(play_from, {"Atholl": ["Atholl/E"]}, {"Atholl": ["Douglas"]}, player1="scots")
    assert kit.prompt is not None
    assert kit.prompt.text == "Battle at Atholl, round 1: Atholl/E (B3) fire, pass or retreat"
    assert "English reveal Atholl/E (B3, III)" in kit.log("scots")
    board = seat_view(kit.match, ["scots"])["battle"]
    ratings = {
        card["piece"]: card["rating"]
        for side in board["sides"]
        for line in side["lines"]
        for card in line["pieces"]
    }
    assert ratings == {"Atholl/E": "B3", "Douglas": "C3"}
    kit.dice([3, 3, 4]).act("fire(Atholl/E)")
    assert "Atholl/E (B3) fires 3 dice: 3, 3, 4 -> 2 hits" in kit.log()
