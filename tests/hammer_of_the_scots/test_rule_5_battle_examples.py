"""HotS 5.3-5.7: the rulebook's battle examples played through the shipped rules file with
forced dice (reference 7.4-7.9), on the public test kit.

Each test starts at the Battle Phase with only the example's blocks on the map (the rest
out of play); the one contested area is the battle, Player 1 attacking (the reference's
7.3 when no entry is recorded).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

import yaml

from legatus.framework.tools.testing import Kit, PlayFrom

HOTS = "hammer_of_the_scots"


def battle_at(
    play_from: PlayFrom,
    english: Mapping[str, Sequence[str]],
    scots: Mapping[str, Sequence[str]],
    *,
    player1: str = "english",
    strengths: Mapping[str, int] | None = None,
) -> Kit:
    """The Battle Phase of 1297's first turn with the blocks given, by side and area."""

    def item(block: str) -> object:
        strength = (strengths or {}).get(block)
        return block if strength is None else {"piece": block, "strength": strength}

    setup = {
        side: {"map": {a: [item(b) for b in bs] for a, bs in where.items()}, "others": "out"}
        for side, where in (("english", english), ("scots", scots))
    }
    position = {
        "at": {"step": "battle_phase", "counters": {"year": 1, "turn": 1}},
        "records": {"player1": player1},
        "setup": setup,
    }
    return play_from(HOTS, yaml.safe_dump(position, sort_keys=False))


def turn_of(kit: Kit) -> set[str]:
    """The blocks whose combat turn it is (those the battle turn may fire)."""
    return {a[5:-1] for a in kit.legal() if a.startswith("fire(")}


def test_rule_5_31_example_firing_order(play_from: PlayFrom) -> None:
    """HotS 5.31 (reference 7.4): an English knight (B3) and infantry (C2) attack a
    Scottish noble (B2) and infantry (C2): noble, knight, Scottish infantry, English
    infantry - A before B before C, the defender first on equal letters."""
    kit = battle_at(
        play_from,
        {"Lanark": ["Lancaster Knights", "Northumber Infantry"]},
        {"Lanark": ["Lennox/S", "Campbell"]},
    )
    order = []
    for _ in range(4):
        side, kind = kit.asked or ("", "")
        assert kind == "battle_turn"
        (block,) = turn_of(kit)
        order.append((side, block))
        kit.act(f"pass({block})")
    assert order == [
        ("scots", "Lennox/S"),
        ("english", "Lancaster Knights"),
        ("scots", "Campbell"),
        ("english", "Northumber Infantry"),
    ]


def test_rule_5_4_example_a_knight_rolls_2_4_5_one_hit(play_from: PlayFrom) -> None:
    """HotS 5.4 (reference 7.5): a 3-step knight (B3) rolls 2, 4, 5: one hit, which goes
    to the strongest Scottish block (5.41)."""
    kit = battle_at(
        play_from,
        {"Lanark": ["Durham Knights"]},
        {"Lanark": ["Lennox/S", "Campbell"]},
    )
    kit.act("pass(Lennox/S)")
    kit.dice([2, 4, 5]).act("fire(Durham Knights)")
    assert [kit.strength("Lennox/S"), kit.strength("Campbell")] == [3, 3]


def test_rule_5_41_example_three_hits_against_two_four_step_blocks(play_from: PlayFrom) -> None:
    """HotS 5.41 (reference 7.6): three hits against two 4-step blocks: the owner picks
    which takes the first, the other must take the second (now the strongest), and the
    owner picks again for the third: 3 and 2."""
    kit = battle_at(
        play_from,
        {"Lanark": ["York Infantry"]},
        {"Lanark": ["Bruce/S", "Comyn/S"]},
    )
    kit.act("pass(Bruce/S)", "pass(Comyn/S)")
    kit.dice([1, 2, 1, 6]).act("fire(York Infantry)")
    assert kit.asked == ("scots", "battle_hit")
    assert kit.legal() == ["hit(Bruce/S)", "hit(Comyn/S)"]
    kit.act("hit(Comyn/S)")
    assert kit.asked == ("scots", "battle_hit")
    assert [kit.strength("Bruce/S"), kit.strength("Comyn/S")] == [3, 3]
    kit.act("hit(Bruce/S)")
    assert [kit.strength("Bruce/S"), kit.strength("Comyn/S")] == [2, 3]
    assert kit.asked is not None and kit.asked[1] == "battle_turn"


def test_rule_5_5_and_5_6_a_retreat_then_the_victor_regroups(play_from: PlayFrom) -> None:
    """HotS 5.5 (reference 7.7): the defender's infantry retreats from Buchan to Mar, a
    vacant adjacent area; the English, alone, win and may regroup (5.6, reference 7.8) to
    an adjacent friendly or vacant area, not to Mar (now Scottish)."""
    kit = battle_at(play_from, {"Buchan": ["York Infantry"]}, {"Buchan": ["Douglas"]})
    assert "retreat(Douglas, Mar)" in kit.legal()
    kit.act("retreat(Douglas, Mar)")
    assert kit.at("Douglas") == "Mar"
    assert kit.asked == ("english", "regroup")
    assert sorted(kit.legal()) == [
        "end_regroup",
        "regroup(York Infantry, Angus)",
        "regroup(York Infantry, Badenoch)",
        "regroup(York Infantry, Strathspey)",
    ]
    kit.act("regroup(York Infantry, Angus)")
    assert kit.at("York Infantry") == "Angus"


def test_rule_5_7_a_noble_beaten_changes_side_as_a_reserve(play_from: PlayFrom) -> None:
    """HotS 5.7 (reference 7.9): Lennox (blue) at strength 1 takes the knight's hit (the
    Scots pick him among equals): his red
    block stands in Lanark at strength 1 for the English, a reserve who has no turn in
    Round 1 and fights for them from Round 2."""
    kit = battle_at(
        play_from,
        {"Lanark": ["Lancaster Knights"]},
        {"Lanark": ["Lennox/S", "Campbell"]},
        strengths={"Lennox/S": 1, "Campbell": 1},
    )
    kit.act("pass(Lennox/S)")
    kit.dice([1, 6, 6, 6]).act("fire(Lancaster Knights)")
    assert kit.legal() == ["hit(Campbell)", "hit(Lennox/S)"]  # equals: the owner picks
    kit.act("hit(Lennox/S)")
    assert kit.at("Lennox/S") == "out"
    assert (kit.at("Lennox/E"), kit.strength("Lennox/E"), kit.owner("Lennox/E")) == (
        "Lanark",
        1,
        "english",
    )
    assert kit.asked == ("scots", "battle_turn")
    assert turn_of(kit) == {"Campbell"}  # no B turn for Lennox in Round 1
    kit.act("pass(Campbell)")
    assert kit.asked == ("english", "battle_turn")  # Round 2: he fights for the English
    assert turn_of(kit) == {"Lancaster Knights", "Lennox/E"}


def test_rule_5_33_example_the_defenders_reserves_join_in_round_2(play_from: PlayFrom) -> None:
    """HotS 5.33 (reference 7.3, the rulebook's illustration): four English blocks from
    Angus attack two Scots in Buchan; three Scottish blocks marching in from Moray (across
    the Strathspey border, Player 2's move) are reserves: in Round 1 they neither fire nor
    take hits (the owner picks Campbell or Graham for the hit, not Douglas, as strong);
    they are revealed and fight from Round 2."""
    english = ["Lancaster Knights", "York Knights", "York Infantry", "Northumber Infantry"]
    reserves = ["Douglas", "Barclay", "Grant"]
    road, response = "Angus|Buchan", "Buchan|Strathspey"
    attack = {
        "attacker": "english",
        "defender": "scots",
        "roads": [road],
        "origins": {road: "Angus"},
        "arrivals": {road: 4},
        "main": road,
        "pinned": 2,
        "responses": {response: 3},
        "reserves": {"english": 0, "scots": 3},
    }
    own = {
        "english": {
            "moved": english,
            "levied": [],
            "arrivals": {"Buchan": dict.fromkeys(english, road)},
            "reserves": {"Buchan": []},
        },
        "scots": {
            "moved": reserves,
            "levied": [],
            "arrivals": {"Buchan": dict.fromkeys(reserves, response)},
            "reserves": {"Buchan": reserves},
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
    position = {
        "at": {"step": "battle_phase", "counters": {"year": 1, "turn": 1}},
        "records": {"player1": "english", "command": command, "own_command": own},
        "setup": {
            "english": {"map": {"Buchan": english}, "others": "out"},
            "scots": {"map": {"Buchan": ["Campbell", "Graham", *reserves]}, "others": "out"},
        },
    }
    kit = play_from(HOTS, json.loads(json.dumps(position)))  # no shared lists: no YAML aliases
    assert "Scots have 3 block(s) in reserve" in kit.log()
    kit.dice([1, 6, 6, 6]).act("fire(Lancaster Knights)")
    assert kit.legal() == ["hit(Campbell)", "hit(Graham)"]  # not Douglas, as strong
    kit.act("hit(Campbell)")
    assert [kit.strength(b) for b in ("Campbell", "Graham", "Douglas")] == [3, 4, 4]
    offered = []
    for _ in range(5):  # York Knights, Campbell, Graham, the two English infantry
        offered.append(turn_of(kit))
        kit.act(f"pass({sorted(offered[-1])[0]})")
    assert not set().union(*offered) & set(reserves)
    assert "Scots reveal Douglas (C3, IV)" in kit.log()  # Round 2
    kit.act("pass(Lancaster Knights)", "pass(York Knights)")
    assert kit.asked == ("scots", "battle_turn")
    assert turn_of(kit) == {"Campbell", "Graham", *reserves}
