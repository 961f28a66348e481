"""JC 6.14, 7.3: Player 2 may reinforce a contested location with unpinned blocks from
adjacent locations; responding blocks are always reserves."""

from __future__ import annotations

from legatus.framework.kit import reads
from legatus.framework.tools.testing import Kit, PlayFrom

from .conftest import command_turn, group

NARBO = ["Legio 7", "Legio 8", "Legio 9", "Legio 10"]
BILBILIS = ["Legio 11", "Legio 12"]
NOVA_CARTHAGO = ["Legio 1", "Legio 2", "Legio 3", "Legio 4"]


def tarraco_example(play_from: PlayFrom) -> Kit:
    """Rulebook 7.3 example: Caesar attacks Tarraco from Narbo with 4 blocks (main) and from
    Bilbilis with 2; Pompeius has 3 defending and moves 4 from Carthago Nova to Tarraco."""
    kit = command_turn(
        play_from,
        {
            "Narbo": NARBO,
            "Bilbilis": BILBILIS,
            "Tarraco": ["Legio 5", "Legio 6", "P Equitatus 1"],
            "Carthago Nova": NOVA_CARTHAGO,
        },
        caesar=(2, 0),
        pompey=(1, 0),
    )
    kit.act(*group("Narbo", "Tarraco", *NARBO), *group("Bilbilis", "Tarraco", *BILBILIS))
    kit.act("main(Tarraco, Narbo)")
    return kit.act(*group("Carthago Nova", "Tarraco", *NOVA_CARTHAGO))


def test_7_3_example_responders_are_reserves(play_from: PlayFrom) -> None:
    kit = tarraco_example(play_from)
    assert kit.step == "battle_phase"  # the moves are over: the battle begins
    assert reads.attack(kit, "Tarraco") == reads.Attack(
        location="Tarraco",
        attacker="caesar",
        defender="pompey",
        roads=("Narbo|Tarraco", "Bilbilis|Tarraco"),
        origins={"Narbo|Tarraco": "Narbo", "Bilbilis|Tarraco": "Bilbilis"},
        arrivals={"Narbo|Tarraco": 4, "Bilbilis|Tarraco": 2},
        main="Narbo|Tarraco",
        pinned=3,
        responses={"Carthago Nova|Tarraco": 4},
        reserves={"caesar": 2, "pompey": 4},
    )
    assert reads.reserves(kit, "Tarraco") == {"caesar": BILBILIS, "pompey": NOVA_CARTHAGO}


def test_6_14_response_only_from_an_adjacent_location(play_from: PlayFrom) -> None:
    """Corduba is two cities from Tarraco: its blocks may not respond there."""
    kit = command_turn(
        play_from,
        {"Narbo": ["Legio 7"], "Tarraco": ["Legio 5"], "Corduba": ["Legio 2"]},
        pompey=(1, 0),
    )
    kit.act(*group("Narbo", "Tarraco", "Legio 7"), "group(Corduba)")
    assert not any(a.endswith("Tarraco)") for a in kit.legal())


def test_6_14_polish_reading_responds_from_two_cities(play_from: PlayFrom) -> None:
    kit = command_turn(
        play_from,
        {"Narbo": ["Legio 7"], "Tarraco": ["Legio 5"], "Corduba": ["Legio 2"]},
        pompey=(1, 0),
        params={"move.reinforce_distance": 2},
    )
    kit.act(*group("Narbo", "Tarraco", "Legio 7"), "group(Corduba)")
    kit.act("move(Legio 2, Corduba, Carthago Nova, Tarraco)")
    assert reads.reserves(kit, "Tarraco") == {"caesar": [], "pompey": ["Legio 2"]}
