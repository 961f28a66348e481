"""The kit's battle rounds and retreats on a tiny fixture (Julius Caesar 7.2-7.7, Hammer of
the Scots 5.3-5.6): turn slots, reserves, a main force lost, the forced retreat and the
blocks trapped, the winner, and where a block may retreat or regroup.

The fixture: Red attacks Ford from Marsh (a major border); Blue defends. Around Ford:
Hill (Red's, major), Marsh (vacant, major), Wood (vacant, minor), Keep (Blue's, minor),
Mill (both sides', major) and the sea Bay (Red's), with Red's Port on it.
"""

from __future__ import annotations

import doctest
from types import SimpleNamespace
from typing import Any

from legatus.framework.kit import battle, combat, retreat
from legatus.framework.kit import rules as kit_rules
from legatus.framework.kit.rules import register_kit
from legatus.framework.model.gamedef import GameDef
from legatus.framework.rules.registry import RuleRegistry
from tests.kit.helpers import tiny_board

SIDES = ("red", "blue")

#: Block -> (side, initiative letter); all stand in Ford.
BLOCKS = {
    "Red A": ("red", "A"),
    "Red B": ("red", "B"),
    "Red Reserve": ("red", "B"),
    "Blue B1": ("blue", "B"),
    "Blue B2": ("blue", "B"),
    "Blue C": ("blue", "C"),
    "Blue Reserve": ("blue", "A"),
}
RESERVES = ["Red Reserve", "Blue Reserve"]


def _pieces(**moved: str) -> dict[str, dict[str, Any]]:
    """The blocks in Ford, but those ``moved`` (block -> where, ``_`` for a space)."""
    return {
        block: {"at": moved.get(block.replace(" ", "_"), "Ford"), "side": side}
        for block, (side, _) in BLOCKS.items()
    }


def _key(attacker: str, first: tuple[str, ...] = ()) -> Any:
    def key(block: str) -> combat.TurnKey:
        side, letter = BLOCKS[block]
        return combat.turn_key(letter, side == attacker, block in first)

    return key


def _slots(pieces: Any, acted: tuple[str, ...] = (), round_: int = 1, **kw: Any) -> Any:
    return battle.turn_slots(
        pieces, "Ford", sorted(BLOCKS), RESERVES, acted, round_, 2, _key("red", **kw)
    )


# -- turn slots and reserves (JC 7.2, 7.3; HotS 5.31) ---------------------------------------


def test_turn_slots_go_by_letter_the_defender_first_reserves_waiting() -> None:
    pieces = _pieces()
    assert _slots(pieces) == [["Red A"], ["Blue B1", "Blue B2"], ["Red B"], ["Blue C"]]
    assert battle.slot_side(pieces, ["Blue B1", "Blue B2"]) == "blue"


def test_blocks_that_acted_or_left_have_no_turn_left() -> None:
    pieces = _pieces(Blue_B2="Keep")
    assert _slots(pieces, acted=("Red A", "Blue B1")) == [["Red B"], ["Blue C"]]


def test_reserves_arrive_in_their_round() -> None:
    # Blue's reserve is an A block defending: first of all once it has arrived.
    assert _slots(_pieces(), round_=2) == [
        ["Blue Reserve"],
        ["Red A"],
        ["Blue B1", "Blue B2"],
        ["Red B", "Red Reserve"],
        ["Blue C"],
    ]
    # The round after, they are no longer listed as reserves at all: the same turns.
    assert battle.turn_slots(
        _pieces(), "Ford", sorted(BLOCKS), [], (), 3, 2, _key("red")
    ) == _slots(_pieces(), round_=2)


def test_blocks_an_event_puts_first_act_before_every_other() -> None:
    assert _slots(_pieces(), first=("Red B",)) == [
        ["Red B"],
        ["Red A"],
        ["Blue B1", "Blue B2"],
        ["Blue C"],
    ]


# -- main forces, disruption and reserves alone (JC 7.31; HotS 5.32) ------------------------


def test_main_forces_are_the_sides_with_a_block_not_in_reserve() -> None:
    pieces = _pieces()
    assert battle.main_forces(pieces, sorted(BLOCKS), RESERVES, SIDES) == ["red", "blue"]
    only_reserve = ["Red Reserve", "Blue B1"]
    assert battle.main_forces(pieces, only_reserve, RESERVES, SIDES) == ["blue"]


def test_a_main_force_lost_before_the_reserves_arrive() -> None:
    # Blue's three main blocks are gone in round 1: its reserve is left alone.
    pieces = _pieces(Blue_B1="pool", Blue_B2="pool", Blue_C="Keep")
    blocks = sorted(BLOCKS)

    def lost(round_: int, disrupted: tuple[str, ...] = (), main: tuple[str, ...] = SIDES) -> Any:
        return battle.main_force_lost(
            pieces, "Ford", blocks, RESERVES, main, disrupted, round_, 2, SIDES
        )

    assert lost(1) == ["blue"]
    assert lost(1, disrupted=("blue",)) == []  # dealt with once
    assert lost(1, main=("red",)) == []  # Blue came with reserves only: nothing was lost
    assert lost(2) == []  # the reserves have arrived
    assert battle.main_force_lost(_pieces(), "Ford", blocks, RESERVES, SIDES, (), 1, 2, SIDES) == []


def test_a_side_with_reserves_alone_ends_the_round() -> None:
    pieces = _pieces(Blue_B1="pool", Blue_B2="pool", Blue_C="pool")
    blocks = sorted(BLOCKS)
    assert battle.reserves_alone(pieces, "Ford", blocks, RESERVES, 1, 2, SIDES) == ["blue"]
    assert battle.reserves_alone(pieces, "Ford", blocks, RESERVES, 2, 2, SIDES) == []
    assert battle.reserves_alone(_pieces(), "Ford", blocks, RESERVES, 1, 2, SIDES) == []


# -- the last round, the blocks trapped, the winner (JC 7.2, 7.6; HotS 5.3, 5.8) ------------


def test_the_attacker_must_retreat_in_the_last_round_only() -> None:
    assert battle.must_retreat(4, 4, "red", "red") is True
    assert battle.must_retreat(3, 4, "red", "red") is False
    assert battle.must_retreat(4, 4, "blue", "red") is False
    assert battle.must_retreat(3, 3, "red", "red") is True  # Hammer of the Scots: 3 rounds


def test_the_first_block_that_must_retreat_and_cannot_is_trapped() -> None:
    routes = {"Red A": ["Hill"], "Red B": [], "Red Reserve": []}

    def has_retreat(block: str) -> bool:
        return bool(routes[block])

    assert battle.first_trapped(["Red A", "Red B", "Red Reserve"], True, has_retreat) == ["Red B"]
    assert battle.first_trapped(["Red A"], True, has_retreat) == []
    assert battle.first_trapped(["Red B"], False, has_retreat) == []


def test_the_attackers_left_after_the_last_round_and_the_winner() -> None:
    pieces = _pieces(Red_A="Hill", Red_Reserve="pool")
    blocks = sorted(BLOCKS)
    assert battle.left_in(pieces, "Ford", blocks, "red") == ["Red B"]
    assert battle.still_in(pieces, "Ford", ["Red A", "Red B"]) == ["Red B"]
    assert battle.sides_in(pieces, "Ford", blocks, SIDES) == ["red", "blue"]
    assert battle.sole_side(battle.sides_in(pieces, "Ford", blocks, SIDES)) == []
    gone = _pieces(Red_A="Hill", Red_B="pool", Red_Reserve="pool")
    assert battle.sole_side(battle.sides_in(gone, "Ford", blocks, SIDES)) == ["blue"]
    nobody = {b: {"at": "pool", "side": s} for b, (s, _) in BLOCKS.items()}
    assert battle.sole_side(battle.sides_in(nobody, "Ford", blocks, SIDES)) == []


def test_a_round_s_retreats_are_counted_per_side_and_border() -> None:
    used: dict[str, dict[str, int]] = {}
    one = battle.count_crossing(used, "red", "Ford|Hill")
    two = battle.count_crossing(one, "red", "Ford|Hill")
    three = battle.count_crossing(two, "blue", "Ford|Hill")
    assert used == {} and one == {"red": {"Ford|Hill": 1}}
    assert three == {"red": {"Ford|Hill": 2}, "blue": {"Ford|Hill": 1}}


# -- retreat and regroup destinations (JC 7.6-7.64, 7.7; HotS 5.5, 5.6) ---------------------

BOARD = tiny_board(
    {"area": "land", "sea": "sea"},
    {"major": [("land", "land")], "minor": [("land", "land")], "coast": [("land", "sea")]},
    {"area": ("Ford", "Hill", "Marsh", "Wood", "Keep", "Mill", "Port"), "sea": ("Bay",)},
    [
        ("major", "Ford", "Hill"),
        ("major", "Ford", "Marsh"),
        ("minor", "Ford", "Wood"),
        ("minor", "Ford", "Keep"),
        ("major", "Ford", "Mill"),
        ("coast", "Ford", "Bay"),
        ("coast", "Port", "Bay"),
        ("minor", "Port", "Hill"),
    ],
)
OCCUPIED = {
    "Ford": {"red", "blue"},
    "Hill": {"red"},
    "Keep": {"blue"},
    "Mill": {"red", "blue"},
    "Bay": {"red"},
    "Port": {"red"},
}
LIMITS = {"major": 4, "minor": 2}
ROADS = ("major", "minor")
ATTACKER_CAME_BY = frozenset({"Ford|Marsh"})


def test_an_area_s_status_for_a_side() -> None:
    status = {s: retreat.area_status(OCCUPIED, s, "red") for s in ("Hill", "Keep", "Mill", "Wood")}
    assert status == {"Hill": "friendly", "Keep": "enemy", "Mill": "contested", "Wood": "vacant"}


def _retreats(side: str, used: dict[str, int], **rules: Any) -> list[str]:
    return retreat.retreat_destinations(
        BOARD, "Ford", side, OCCUPIED, kinds=ROADS, limits=LIMITS, used=used, **rules
    )


def test_an_attacker_retreats_to_friendly_areas_or_vacant_ones_it_came_from() -> None:
    """JC 7.62: Hill (friendly) and Marsh (vacant, its border); not Wood (vacant, another
    border), Keep (enemy) nor Mill (contested)."""
    rules = {"own_border_only": {"vacant"}, "own_borders": ATTACKER_CAME_BY}
    assert _retreats("red", {}, **rules) == ["Hill", "Marsh"]
    # Four blocks have crossed to Hill this round: the major border's limit.
    assert _retreats("red", {"Ford|Hill": 4}, **rules) == ["Marsh"]
    assert _retreats("red", {"Ford|Hill": 3}, **rules) == ["Hill", "Marsh"]


def test_a_defender_never_retreats_along_a_border_the_attacker_used() -> None:
    """JC 7.63: Keep (friendly) and Wood (vacant); Marsh is closed, Hill an enemy's."""
    assert _retreats("blue", {}, closed=ATTACKER_CAME_BY) == ["Keep", "Wood"]
    assert _retreats("blue", {"Ford|Wood": 2}, closed=ATTACKER_CAME_BY) == ["Keep"]
    # Per side: Red's retreats across Wood's border do not count for Blue.
    assert _retreats("blue", {"Ford|Keep": 1}, closed=ATTACKER_CAME_BY) == ["Keep", "Wood"]


def test_hammer_of_the_scots_closes_the_borders_the_enemy_used_last() -> None:
    """HotS 5.5: friendly or neutral areas, not across a border the enemy controls."""
    assert _retreats("red", {}, closed={"Ford|Wood"}) == ["Hill", "Marsh"]
    assert _retreats("red", {}) == ["Hill", "Marsh", "Wood"]
    # AMB-7: a side barred from a country's areas retreats only elsewhere.
    assert _retreats("red", {}, barred={"Marsh", "Wood"}) == ["Hill"]


def test_a_border_kind_without_a_limit_lets_no_block_across() -> None:
    assert _retreats("red", {}, closed=(), own_borders=()) == ["Hill", "Marsh", "Wood"]
    only_major = retreat.retreat_destinations(
        BOARD, "Ford", "red", OCCUPIED, kinds=ROADS, limits={"major": 4}, used={}
    )
    assert only_major == ["Hill", "Marsh"]


def test_a_retreat_by_sea_goes_through_a_friendly_sea_to_a_friendly_port() -> None:
    """JC 7.64: Red from Ford through Bay to Port; Blue has no friendly sea."""
    assert retreat.via_sea(BOARD, "Ford", "red", OCCUPIED, sea="sea", land="land") == [
        ("Bay", "Port")
    ]
    assert retreat.via_sea(BOARD, "Ford", "blue", OCCUPIED, sea="sea", land="land") == []
    empty_port = {**OCCUPIED, "Port": set()}
    assert retreat.via_sea(BOARD, "Ford", "red", empty_port, sea="sea", land="land") == []
    vacant_too = retreat.via_sea(
        BOARD, "Ford", "red", empty_port, sea="sea", land="land", to={"friendly", "vacant"}
    )
    assert vacant_too == [("Bay", "Port")]


def test_sea_going_blocks_go_where_their_rules_say() -> None:
    """HotS 4.7: the Norse retreat to any friendly coastal area (here: Ford's and Port's
    coast; only Port is Red's)."""
    coastal = BOARD.adjacent_of_category("Bay", "land")
    assert retreat.open_spaces(coastal, OCCUPIED, "red", {"friendly"}) == ["Port"]


def test_the_victor_regroups_to_adjacent_friendly_or_vacant_areas() -> None:
    """JC 7.7, HotS 5.6: border limits aside (the caller counts them over the regroup)."""
    after = {**OCCUPIED, "Ford": {"red"}}
    assert retreat.regroup_destinations(BOARD, "Ford", "red", after, ROADS) == [
        "Hill",
        "Marsh",
        "Wood",
    ]
    assert retreat.regroup_destinations(BOARD, "Ford", "blue", after, ("minor",)) == [
        "Keep",
        "Wood",
    ]
    assert retreat.regroup_destinations(BOARD, "Ford", "red", after, ROADS, barred={"Hill"}) == [
        "Marsh",
        "Wood",
    ]


# -- the queries a rules file calls --------------------------------------------------------


def test_the_battle_queries_are_registered_with_their_parameters() -> None:
    registry = RuleRegistry()
    register_kit(registry)
    queries = registry.queries
    assert [p.name for p in queries["battle_slot"].params] == [
        "location",
        "blocks",
        "reserves",
        "acted",
        "round",
        "arrival_round",
        "attacker",
        "first",
    ]
    assert [p.name for p in queries["main_force_lost"].params] == [
        "location",
        "blocks",
        "reserves",
        "main",
        "disrupted",
        "round",
        "arrival_round",
    ]
    for name in ("battle_blocks", "sides_in_battle", "battle_winner", "turn_side", "in_battle"):
        assert name in queries


def test_the_modules_examples_hold() -> None:
    assert doctest.testmod(battle).failed == 0
    assert doctest.testmod(retreat).failed == 0


def _demo_ctx(demo: GameDef, **at: str) -> Any:
    """The demo game's four blocks in Midford (but those ``at`` elsewhere): Red Foot (C2)
    and Red Boat (D2) attack, Blue Foot (C3) defends, Blue Guard (B2) is in reserve."""
    pieces = {
        pid: {"at": at.get(pid.replace(" ", "_"), "Midford"), "side": spec.side, "strength": 2}
        for pid, spec in demo.pieces.items()
    }
    return SimpleNamespace(definition=demo, state={"pieces": pieces})


def test_the_rules_queries_read_the_ratings_and_sides_of_the_game(demo: GameDef) -> None:
    ctx = _demo_ctx(demo)
    blocks = kit_rules.battle_blocks(ctx, "Midford")
    assert blocks == ["Blue Foot", "Blue Guard", "Red Boat", "Red Foot"]
    reserves = ["Blue Guard"]

    def slot(round_: int, acted: tuple[str, ...] = (), first: tuple[str, ...] = ()) -> list[str]:
        return kit_rules.battle_slot(
            ctx, "Midford", blocks, reserves, list(acted), round_, 2, "red", list(first)
        )

    assert slot(1) == ["Blue Foot"]  # C, the defender first on an equal letter
    assert slot(1, acted=("Blue Foot",)) == ["Red Foot"]
    assert slot(1, acted=("Blue Foot", "Red Foot")) == ["Red Boat"]
    assert slot(1, acted=("Blue Foot", "Red Foot", "Red Boat")) == []
    assert slot(2) == ["Blue Guard"]  # B: the reserve has arrived
    assert slot(1, first=("Red Boat",)) == ["Red Boat"]
    assert kit_rules.turn_side(ctx, ["Red Boat"]) == "red"
    assert kit_rules.main_forces(ctx, blocks, reserves) == ["red", "blue"]
    assert kit_rules.sides_in_battle(ctx, "Midford", blocks) == ["red", "blue"]
    assert kit_rules.battle_winner(ctx, "Midford", blocks) == []


def test_the_rules_queries_see_a_main_force_lost_and_the_winner(demo: GameDef) -> None:
    ctx = _demo_ctx(demo, Blue_Foot="pool")
    blocks = ["Blue Foot", "Blue Guard", "Red Boat", "Red Foot"]
    lost = kit_rules.main_force_lost(
        ctx, "Midford", blocks, ["Blue Guard"], ["red", "blue"], [], 1, 2
    )
    assert lost == ["blue"]
    assert kit_rules.reserves_alone(ctx, "Midford", blocks, ["Blue Guard"], 1, 2) == ["blue"]
    assert kit_rules.in_battle(ctx, "Midford", blocks) == ["Blue Guard", "Red Boat", "Red Foot"]
    assert kit_rules.with_side(ctx, ["blue"], "red") == ["blue", "red"]
    assert kit_rules.no_retreats(ctx) == {}
    won = _demo_ctx(demo, Blue_Foot="pool", Blue_Guard="pool")
    assert kit_rules.battle_winner(won, "Midford", blocks) == ["red"]
