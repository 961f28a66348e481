"""The kit's group moves and their record, on a tiny board built here (Julius Caesar
6.1-6.3, 6.11-6.14, 7.3; Hammer of the Scots 4.0-4.6, 5.32-5.33).

The board: roads A-B (major), B-C (minor), C-D (major), A-E (strait), B-F (red: crossing
it ends a move), F-G (major); sea borders A-S1, S1-S2, S2-D and S2-E.
Towns A-G are land, S1 and S2 seas. Land blocks ("foot") travel roads (major, minor,
strait, red), sea-going blocks ("ship") sea borders. Red moves, blue defends.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from legatus.framework.kit import engagement
from legatus.framework.kit.movement import (
    CONTESTED,
    ENEMY,
    FRIENDLY,
    VACANT,
    BlockClass,
    GroupMoves,
    MoveSettings,
    Occupancy,
    count_crossings,
)
from legatus.framework.kit.movement_rules import register_movement
from legatus.framework.rules.registry import RuleRegistry
from tests.kit.helpers import tiny_board

ROADS = ("major", "minor", "strait", "red")

BOARD = tiny_board(
    {"town": "land", "sea": "sea"},
    {**{kind: [("land", "land")] for kind in ROADS}, "sea": [("land", "sea"), ("sea", "sea")]},
    {"town": "ABCDEFG", "sea": ("S1", "S2")},
    [
        ("major", "A", "B"),
        ("minor", "B", "C"),
        ("major", "C", "D"),
        ("strait", "A", "E"),
        ("red", "B", "F"),
        ("major", "F", "G"),
        ("sea", "A", "S1"),
        ("sea", "S1", "S2"),
        ("sea", "S2", "D"),
        ("sea", "S2", "E"),
    ],
)

BLOCKS = ("r1", "r2", "rs1", "rs2", "b1", "b2", "b3")


def _settings(**changes: Any) -> MoveSettings:
    given: dict[str, Any] = {
        "distance": 3,
        "attack_distance": 1,
        "reinforce_distance": 2,
        "moving_limits": {"major": 4, "minor": 2, "strait": 2, "red": 2},
        "engaging_limits": {"major": 4, "minor": 2, "strait": 1, "red": 2},
        "classes": {
            "foot": BlockClass(ROADS),
            "ship": BlockClass(("sea",), sea_going=True, engages_land=False),
        },
        "class_of": {b: "ship" if "s" in b else "foot" for b in BLOCKS},
        "stop_kinds": frozenset({"red"}),
    }
    given.update(changes)
    return MoveSettings(**given)


def _pieces(**at: str) -> dict[str, dict[str, Any]]:
    """Blocks where the test puts them; every other block in its pool."""
    return {
        b: {"side": "red" if b.startswith("r") else "blue", "at": at.get(b, "pool")} for b in BLOCKS
    }


def _record() -> engagement.Record:
    return {"road_use": {}, "attacks": {}, "contested": []}


def _own() -> engagement.Record:
    return {"moved": [], "arrivals": {}, "reserves": {}}


def _moves(
    *,
    settings: MoveSettings | None = None,
    public: engagement.Record | None = None,
    moved: tuple[str, ...] = (),
    side: str = "red",
    **at: str,
) -> GroupMoves:
    return GroupMoves(
        BOARD,
        Occupancy(_pieces(**at)),
        side,
        settings or _settings(),
        public if public is not None else _record(),
        moved,
    )


def _attack(location: str, attacker: str, pinned: int, *roads: str) -> engagement.Record:
    public = _record()
    public["attacks"][location] = {"attacker": attacker, "pinned": pinned, "roads": list(roads)}
    return public


# -- occupancy -----------------------------------------------------------------------------


def test_a_location_is_friendly_enemy_vacant_or_contested() -> None:
    position = Occupancy(_pieces(r1="A", r2="C", b1="C", b2="D"))
    assert [position.status(s, "red") for s in "ABCD"] == [FRIENDLY, VACANT, CONTESTED, ENEMY]
    assert position.blocks("C", "blue") == ["b1"]
    assert position.others("C", "red") == 1
    assert position.locations("red") == ["A", "C"]
    assert position.contested() == {"C"}


# -- the group path search -----------------------------------------------------------------


def test_a_block_goes_up_to_its_distance_and_a_stopping_border_ends_its_move() -> None:
    moves = _moves(r1="A")
    # In the order a decision lists them, by their text: a path after those going on from it.
    assert moves.paths("A", "foot") == [
        ("A", "B", "C", "D"),
        ("A", "B", "C"),
        ("A", "B", "F"),  # the red border ends the move: not on to G
        ("A", "B"),
        ("A", "E"),
    ]
    shorter = _moves(settings=_settings(distance=2, stop_kinds=frozenset()), r1="A")
    assert shorter.paths("A", "foot") == [
        ("A", "B", "C"),
        ("A", "B", "F"),
        ("A", "B"),
        ("A", "E"),
    ]
    going_on = _moves(settings=_settings(stop_kinds=frozenset()), r1="A")
    assert ("A", "B", "F", "G") in going_on.paths("A", "foot")
    # A class with a move distance of its own goes by it.
    slow = _settings(classes={"foot": BlockClass(ROADS, distance=1)})
    assert _moves(settings=slow, r1="A").paths("A", "foot") == [("A", "B"), ("A", "E")]


def test_entering_an_enemy_location_stops_and_only_within_the_attack_distance() -> None:
    # Blue at B: the block attacks it from next door and goes no farther that way.
    assert _moves(r1="A", b1="B").paths("A", "foot") == [("A", "B"), ("A", "E")]
    # Blue at C: two locations away, beyond the attack distance 1.
    assert _moves(r1="A", b1="C").paths("A", "foot") == [
        ("A", "B", "F"),
        ("A", "B"),
        ("A", "E"),
    ]
    # C contested: a block may join the battle there from two away, and stops.
    assert _moves(r1="A", r2="C", b1="C").paths("A", "foot") == [
        ("A", "B", "C"),
        ("A", "B", "F"),
        ("A", "B"),
        ("A", "E"),
    ]


def test_border_limits_are_counted_per_side_and_lower_when_engaging() -> None:
    used = _record()
    used["road_use"] = {"red": {"A|E": 1}, "blue": {"A|B": 4}}
    # One block of red crossed the strait: a second may move on (limit 2) ...
    assert ("A", "E") in _moves(public=used, r1="A").paths("A", "foot")
    # ... but not attack across it (limit 1 when the far side is held).
    assert ("A", "E") not in _moves(public=used, r1="A", b1="E").paths("A", "foot")
    # Blue's four on the major road count against blue only.
    assert ("A", "B") in _moves(public=used, r1="A").paths("A", "foot")
    used["road_use"]["red"]["A|E"] = 2
    assert ("A", "E") not in _moves(public=used, r1="A").paths("A", "foot")


def test_a_class_travels_its_own_kinds_and_may_be_barred_from_land_battles() -> None:
    assert _moves(rs1="S1").paths("S1", "ship") == [
        ("S1", "A"),
        ("S1", "S2", "D"),
        ("S1", "S2", "E"),
        ("S1", "S2"),
    ]
    # Blue holds A: the ship may not attack a land location ...
    assert ("S1", "A") not in _moves(rs1="S1", b1="A").paths("S1", "ship")
    # ... unless its class engages land.
    settings = _settings(classes={"foot": BlockClass(ROADS), "ship": BlockClass(("sea",), True)})
    assert ("S1", "A") in _moves(settings=settings, rs1="S1", b1="A").paths("S1", "ship")
    # A class that does not move in this mode (an event card's) has no path.
    still = _settings(classes={"foot": BlockClass(ROADS, moves=False)})
    assert _moves(settings=still, r1="A").paths("A", "foot") == []


def test_a_group_lists_its_unmoved_blocks_with_their_paths() -> None:
    moves = _moves(moved=("r2",), r1="A", r2="A", rs1="S1")
    assert list(moves.group_paths("A")) == ["r1"]
    assert moves.block_paths("r2") == []
    assert moves.block_paths("rs1")[0] == ("S1", "A")
    assert moves.group_origins() == ["A", "S1"]


# -- pinning and barred borders -------------------------------------------------------------


def test_a_location_contested_before_the_turn_pins_one_block_per_enemy_block() -> None:
    one = _moves(r1="A", r2="A", b1="A")
    assert one.pinned("A") == 1
    assert sorted(one.group_paths("A")) == ["r1", "r2"]  # 2 > 1: a block may leave
    two = _moves(r1="A", r2="A", b1="A", b2="A")
    assert two.group_paths("A") == {}
    assert two.group_origins() == []


def test_the_defender_is_pinned_by_the_attack_and_barred_from_its_borders() -> None:
    attacked = _attack("A", "blue", 1, "A|B")
    moves = _moves(public=attacked, r1="A", r2="A", b1="A", b2="A")
    assert moves.pinned("A") == 1
    assert moves.barred("A") == frozenset({"A|B"})
    assert moves.paths("A", "foot") == [("A", "E")]  # not back along the attacker's road
    # The attacker is neither pinned nor barred where it attacks.
    attacker = _moves(public=attacked, side="blue", r1="A", r2="A", b1="A", b2="A")
    assert attacker.pinned("A") == 0
    assert attacker.barred("A") == frozenset()


def test_a_border_the_defence_came_in_by_reopens_only_where_the_game_says_so() -> None:
    # Blue attacked A along A|B and A|E; red then sent a reserve in along A|B.
    attacked = _attack("A", "blue", 1, "A|B", "A|E")
    attacked["attacks"]["A"]["responses"] = {"A|B": 1}
    at = {"r1": "A", "r2": "A", "b1": "A"}
    kept = _moves(public=attacked, **at)
    assert kept.barred("A") == frozenset({"A|B", "A|E"})
    assert kept.paths("A", "foot") == []
    reopened = _moves(settings=_settings(reopened_by_defence=True), public=attacked, **at)
    assert reopened.barred("A") == frozenset({"A|E"})
    assert {path[1] for path in reopened.paths("A", "foot")} == {"B"}


# -- sea moves --------------------------------------------------------------------------------


def test_a_land_block_sails_through_friendly_seas_to_a_friendly_or_vacant_port() -> None:
    moves = _moves(r1="A", rs1="S1", rs2="S2")
    assert moves.sea_routes("A") == [("S1", "S2", "D"), ("S1", "S2", "E")]
    assert moves.sea_movers() == {"r1": [("S1", "S2", "D"), ("S1", "S2", "E")]}
    # Not into an enemy port, nor through a sea its side does not hold.
    assert _moves(r1="A", rs1="S1", rs2="S2", b1="E").sea_routes("A") == [("S1", "S2", "D")]
    assert _moves(r1="A", rs1="S1").sea_routes("A") == []
    # Not out of a port across the sea border the attacker used.
    barred = _attack("A", "blue", 0, "A|S1")
    assert _moves(public=barred, r1="A", rs1="S1", rs2="S2", b1="A").sea_routes("A") == []


def test_sea_routes_come_in_the_order_a_decision_lists_them() -> None:
    # A decision lists the moves by their text: "['A', 'S', 'Q Nova']" before
    # "['A', 'S', 'Q']" (a space before a quote), the other way round as tuples.
    board = tiny_board(
        {"town": "land", "sea": "sea"},
        {**{kind: [("land", "land")] for kind in ROADS}, "sea": [("land", "sea"), ("sea", "sea")]},
        {"town": ("A", "Q", "Q Nova", "R"), "sea": ("S", "T")},
        [
            ("sea", "A", "S"),
            ("sea", "S", "Q"),
            ("sea", "S", "Q Nova"),
            ("sea", "S", "T"),
            ("sea", "T", "R"),
            ("sea", "T", "Q"),
        ],
    )
    pieces = {"r1": {"side": "red", "at": "A"}, "rs1": {"side": "red", "at": "S"}}
    pieces["rs2"] = {"side": "red", "at": "T"}
    moves = GroupMoves(board, Occupancy(pieces), "red", _settings(), _record(), ())
    routes = moves.sea_routes("A")
    assert routes == [("S", "Q Nova"), ("S", "Q"), ("S", "T", "Q"), ("S", "T", "R")]
    assert routes == sorted(routes, key=lambda route: str(["A", *route]))


# -- the record ----------------------------------------------------------------------------


def test_crossings_count_only_borders_with_a_limit() -> None:
    public = _record()
    count_crossings(BOARD, public, "red", ("S1", "A", "B", "C"), frozenset({"major", "minor"}))
    count_crossings(BOARD, public, "red", ("B", "A"), frozenset({"major"}))
    assert public["road_use"] == {"red": {"A|B": 2, "B|C": 1}}
    assert engagement.border_used(public, "red", "A|B") == 2
    assert engagement.border_used(public, "blue", "A|B") == 0


def _battle_at_c() -> tuple[engagement.Record, dict[str, engagement.Record]]:
    """Red attacks C from B and from D; blue sends a block in from D."""
    public, own = _record(), {"red": _own(), "blue": _own()}
    sides = ("red", "blue")
    note = engagement.note_engagement
    assert note(public, own["red"], "red", "blue", sides, "r1", "C", "B") == engagement.ATTACK
    assert note(public, own["red"], "red", "blue", sides, "r2", "C", "D") == engagement.REINFORCE
    assert note(public, own["blue"], "blue", "red", sides, "b3", "C", "D") == engagement.RESPOND
    return public, own


def test_an_attack_records_its_borders_arrivals_and_the_defender_s_responses() -> None:
    public, own = _battle_at_c()
    assert public["contested"] == ["C"]
    assert public["attacks"]["C"] == {
        "attacker": "red",
        "defender": "blue",
        "roads": ["B|C", "C|D"],
        "origins": {"B|C": "B", "C|D": "D"},
        "arrivals": {"B|C": 1, "C|D": 1},
        "main": None,
        "pinned": 0,
        "responses": {"C|D": 1},
        "reserves": {"red": 0, "blue": 1},
    }
    assert own["blue"]["reserves"] == {"C": ["b3"]}
    assert engagement.open_mains(public, "red") == ["C"]
    assert engagement.open_mains(public, "red", {"B|C"}) == []  # one way left: no choice


def test_the_main_attack_fights_the_rest_wait_in_reserve_and_the_main_force_pins() -> None:
    public, own = _battle_at_c()
    engagement.declare_main(public, "C", "C|D")
    assert engagement.open_mains(public, "red") == []
    engagement.settle_attacks(public, own["red"], "red", {"C": 3})
    attack = public["attacks"]["C"]
    assert (attack["main"], attack["pinned"], attack["reserves"]) == (
        "C|D",
        1,
        {"red": 1, "blue": 1},
    )
    assert own["red"]["reserves"] == {"C": ["r1"]}
    detail = engagement.attack_detail(public, own, "C", ("red", "blue"))
    assert detail is not None
    assert detail["origins_by_block"] == {"r1": "B", "r2": "D", "b3": "D"}
    assert detail["reserve_blocks"] == {"red": ["r1"], "blue": ["b3"]}
    with pytest.raises(ValueError, match=r"no attack on 'C' across 'A\|B'"):
        engagement.declare_main(public, "C", "A|B")


def test_reserves_pin_too_where_a_game_says_so_and_unreserved_borders_fight() -> None:
    public, own = _battle_at_c()
    engagement.settle_attacks(public, own["red"], "red", {"C": 3}, reserves_pin=True)
    assert public["attacks"]["C"]["main"] == "B|C"  # undeclared: the first border used
    assert public["attacks"]["C"]["pinned"] == 2
    public, own = _battle_at_c()
    engagement.settle_attacks(public, own["red"], "red", {"C": 3}, {"B|C"})
    assert public["attacks"]["C"]["main"] == "C|D"  # the only border that may be main
    assert (public["attacks"]["C"]["pinned"], own["red"]["reserves"]) == (2, {"C": []})
    assert engagement.battles(public, {"C", "A"}) == ["C", "A"]


# -- the queries a rules file calls -------------------------------------------------------------


def test_the_queries_are_registered_typed_and_share_one_search_per_decision() -> None:
    made: list[tuple[str, str]] = []
    public = _record()
    pieces = _pieces(r1="A", rs1="S1", rs2="S2")

    def factory(ctx: Any, side: str, mode: str) -> GroupMoves:
        made.append((side, mode))
        return GroupMoves(BOARD, Occupancy(pieces), side, _settings(), public, ())

    registry = RuleRegistry()
    register_movement(
        registry, factory, record=lambda state: public, sea_mode="card", rules={"sailors": "X 1"}
    )
    queries = registry.queries
    assert queries["block_routes"].signature() == (
        "block_routes(side: side, origin: space, mode: str, block: piece) -> list[list[space]]"
    )
    assert queries["sailors"].rule == "X 1"
    ctx = SimpleNamespace(memo={}, state={})
    assert queries["group_origins"].function(ctx, "red", "card") == ["A", "S1", "S2"]
    assert queries["group_movers"].function(ctx, "red", "A", "card") == ["r1"]
    routes = queries["block_routes"].function(ctx, "red", "A", "card", "r1")
    assert routes[0] == ["A", "B", "C", "D"]
    assert routes == sorted(routes, key=str) and queries["block_routes"].text_order
    assert queries["sea_routes"].function(ctx, "red", "r1") == [
        ["A", "S1", "S2", "D"],
        ["A", "S1", "S2", "E"],
    ]
    assert queries["sea_routes"].text_order  # listed as found: in their text's order
    assert made == [("red", "card")]  # one search for every query of the decision
    assert queries["open_mains"].function(ctx, "red") == []
