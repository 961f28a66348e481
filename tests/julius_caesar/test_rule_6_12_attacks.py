"""JC 6.12, 7.3: attacks come only from adjacent locations; each road or sea border used
to attack costs its own move point; the attacker names the main attack, the other
roads bring reserves. The attack is read through the game's queries, field by field."""

from __future__ import annotations

import json

from legatus.framework.kit import reads
from legatus.framework.tools.testing import Kit, PlayFrom

from .conftest import command_turn, group

SIX = ["Legio 8", "Legio 11", "Legio 12", "Legio 13", "Legio 14", "Legio 16"]
CAESAR_SIX_IN_MASSILIA = {
    "Massilia": SIX,
    "Tarraco": ["Legio 5", "Legio 6", "P Equitatus 1"],
    "Genua": ["Legio 1", "Legio 3", "Legio 4"],
}


def test_6_12_example_six_blocks_cannot_attack_tarraco(play_from: PlayFrom) -> None:
    """Caesar's 6 blocks in Massilia cannot attack Tarraco: it is two cities away."""
    kit = command_turn(play_from, CAESAR_SIX_IN_MASSILIA)
    kit.act("group(Massilia)")
    assert not any(a.endswith("Tarraco)") for a in kit.legal())


def test_6_12_example_at_most_four_attack_genua(play_from: PlayFrom) -> None:
    """Genua is adjacent: 4 blocks attack it (major road); the other 2 cannot attack it
    through Lugdunum, which would be a double move."""
    kit = command_turn(play_from, CAESAR_SIX_IN_MASSILIA)
    kit.act(*group("Massilia", "Genua", *SIX[:4]))
    assert kit.legal() == [
        "end_group",
        "move(Legio 14, Massilia, Lugdunum)",
        "move(Legio 14, Massilia, Lugdunum, Cenabum)",
        "move(Legio 14, Massilia, Lugdunum, Treviri)",
        "move(Legio 14, Massilia, Narbo)",
        "move(Legio 14, Massilia, Narbo, Burdigala)",
        "move(Legio 16, Massilia, Lugdunum)",
        "move(Legio 16, Massilia, Lugdunum, Cenabum)",
        "move(Legio 16, Massilia, Lugdunum, Treviri)",
        "move(Legio 16, Massilia, Narbo)",
        "move(Legio 16, Massilia, Narbo, Burdigala)",
    ]


def test_6_12_attack_record(play_from: PlayFrom) -> None:
    kit = command_turn(play_from, CAESAR_SIX_IN_MASSILIA)
    kit.act(*group("Massilia", "Genua", "Legio 8", "Legio 11"), "end_group")
    assert reads.attacks(kit) == {
        "Genua": reads.Attack(
            location="Genua",
            attacker="caesar",
            defender="pompey",
            roads=("Genua|Massilia",),
            origins={"Genua|Massilia": "Massilia"},
            arrivals={"Genua|Massilia": 2},
            main="Genua|Massilia",
            pinned=2,
            responses={},
            reserves={"caesar": 0, "pompey": 0},
        )
    }
    assert reads.reserves(kit, "Genua") == {"caesar": [], "pompey": []}


def roma_attacked_from_genua_and_ravenna(play_from: PlayFrom) -> Kit:
    """Rulebook 6.13 example: 5 blocks defend Roma; 4 attack from Genua, 2 from Ravenna."""
    kit = command_turn(
        play_from,
        {
            "Genua": ["Antonius", "Legio 8", "Legio 11", "Legio 12"],
            "Ravenna": ["Caesar", "Legio 13"],
            "Roma": ["Pompeius", "Legio 1", "Legio 3", "Legio 4", "Legio 5"],
        },
        caesar=(2, 0),
        pompey=(1, 0),
    )
    kit.act(*group("Genua", "Roma", "Antonius", "Legio 8", "Legio 11", "Legio 12"))
    return kit.act(*group("Ravenna", "Roma", "Caesar", "Legio 13"))


def test_6_12_two_roads_cost_two_moves_then_the_main_attack_is_named(play_from: PlayFrom) -> None:
    kit = roma_attacked_from_genua_and_ravenna(play_from)
    assert kit.asked == ("caesar", "main")
    assert kit.legal() == ["main(Roma, Genua)", "main(Roma, Ravenna)"]
    kit.act("main(Roma, Genua)")
    found = reads.attack(kit, "Roma")
    assert found is not None
    assert (found.main, found.pinned, found.reserves) == (
        "Genua|Roma",
        4,
        {"caesar": 2, "pompey": 0},
    )
    assert found.roads == ("Genua|Roma", "Ravenna|Roma")
    assert found.arrivals == {"Genua|Roma": 4, "Ravenna|Roma": 2}
    assert reads.pinned(kit, "Roma") == 4
    assert reads.reserves(kit, "Roma") == {"caesar": ["Caesar", "Legio 13"], "pompey": []}


def test_7_3_reserves_for_the_battle_phase(play_from: PlayFrom) -> None:
    """Ravenna named the main attack: Genua's 4 are the reserves, 2 defenders pinned; the
    battle knows where each block came from (it sees them retreat by those roads)."""
    kit = roma_attacked_from_genua_and_ravenna(play_from)
    kit.act("main(Roma, Ravenna)")
    found = reads.attack(kit, "Roma")
    assert found is not None and (found.main, found.pinned) == ("Ravenna|Roma", 2)
    assert reads.reserves(kit, "Roma") == {
        "caesar": ["Antonius", "Legio 11", "Legio 12", "Legio 8"],
        "pompey": [],
    }
    assert found.origins == {"Genua|Roma": "Genua", "Ravenna|Roma": "Ravenna"}
    assert reads.came_from(kit, "Roma") == {
        "Antonius": "Genua",
        "Legio 8": "Genua",
        "Legio 11": "Genua",
        "Legio 12": "Genua",
        "Caesar": "Ravenna",
        "Legio 13": "Ravenna",
    }


def test_3_0_public_records_name_no_block(play_from: PlayFrom) -> None:
    """What Pompeius sees of the turn's records (JC 3.0: the public ones and his own, who has
    not moved) names no block."""
    kit = roma_attacked_from_genua_and_ravenna(play_from)
    kit.act("main(Roma, Genua)")
    text = json.dumps(kit.view("pompey")["records"])
    assert not any(block in text for block in kit.definition.pieces)


def test_6_12_attack_by_land_and_sea_borders(play_from: PlayFrom) -> None:
    """A navis from the sea and a legion by road attack one port: two ways in, two MP."""
    kit = command_turn(
        play_from,
        {"Mare Hispanum": ["C Navis 1"], "Narbo": ["Legio 7"], "Tarraco": ["Legio 5"]},
        caesar=(2, 0),
    )
    kit.act(*group("Mare Hispanum", "Tarraco", "C Navis 1"), *group("Narbo", "Tarraco", "Legio 7"))
    assert kit.legal() == ["main(Tarraco, Mare Hispanum)", "main(Tarraco, Narbo)"]
    kit.act("main(Tarraco, Narbo)")
    assert reads.reserves(kit, "Tarraco") == {"caesar": ["C Navis 1"], "pompey": []}
    assert kit.at("C Navis 1") == "Tarraco"
