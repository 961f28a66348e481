"""JC 6.2: navis move port to sea, sea to sea, sea to port, never port to port; one move
and attack, or two moves and no attack; a navis leaves a port with its location's group;
navis attack or respond only from an adjacent sea or port (ES reading, the default)."""

from __future__ import annotations

from legatus.framework.kit import reads
from legatus.framework.tools.testing import Kit, PlayFrom

from .conftest import command_turn


def ends(kit: Kit, block: str, length: int) -> set[str]:
    assert kit.prompt is not None
    return {
        str(a.args[-1])
        for a in kit.prompt.actions
        if a.kind == "move" and a.args[0] == block and len(a.args) == length + 2
    }


def test_6_2_example_1_navis_from_massilia(play_from: PlayFrom) -> None:
    """A navis in Massilia reaches Mare Hispanum; without attacking, then Oceanus
    Atlanticus, Mare Tyrrhenum or any vacant or friendly port on Mare Hispanum."""
    kit = command_turn(play_from, {"Massilia": ["C Navis 1"]})
    kit.act("group(Massilia)")
    assert ends(kit, "C Navis 1", 1) == {"Mare Hispanum"}
    assert ends(kit, "C Navis 1", 2) == {
        "Oceanus Atlanticus",
        "Mare Tyrrhenum",
        "Utica",
        "Caralis",
        "Iomnium",
        "Siga",
        "Tingis",
        "Carthago Nova",
        "Tarraco",
        "Narbo",
        "Genua",
    }


def test_6_2_example_2_navis_from_mare_internum(play_from: PlayFrom) -> None:
    """From Mare Internum to Mare Aegaeum, then to Propontis, Mare Aegypticum, or the ports
    Creta, Athenae, Thessalonica, Aenos, Ephesus (Pergamum is no port)."""
    kit = command_turn(play_from, {"Mare Internum": ["C Navis 1"]})
    kit.act("group(Mare Internum)")
    assert kit.prompt is not None
    via_aegaeum = {
        str(a.args[-1])
        for a in kit.prompt.actions
        if a.kind == "move" and len(a.args) == 4 and a.args[2] == "Mare Aegaeum"
    }
    assert via_aegaeum == {
        "Propontis",
        "Mare Aegypticum",
        "Creta",
        "Athenae",
        "Thessalonica",
        "Aenos",
        "Ephesus",
    }
    assert {"Mare Tyrrhenum", "Mare Hadriaticum", "Mare Aegaeum", "Mare Aegypticum"} <= ends(
        kit, "C Navis 1", 1
    )


def test_6_2_never_port_to_port(play_from: PlayFrom) -> None:
    kit = command_turn(play_from, {"Massilia": ["C Navis 1"]})
    kit.act("group(Massilia)")
    assert "move(C Navis 1, Massilia, Narbo)" not in kit.legal()
    assert "move(C Navis 1, Massilia, Mare Hispanum, Narbo)" in kit.legal()


def test_6_2_navis_attack_after_one_move_only(play_from: PlayFrom) -> None:
    kit = command_turn(
        play_from,
        {
            "Massilia": ["C Navis 1"],
            "Mare Hispanum": ["C Navis 2"],
            "Mare Tyrrhenum": ["P Navis 1"],
        },
        caesar=(2, 0),
    )
    kit.act("group(Massilia)")
    assert "Mare Tyrrhenum" not in ends(kit, "C Navis 1", 2)
    kit.act("end_group", "group(Mare Hispanum)", "move(C Navis 2, Mare Hispanum, Mare Tyrrhenum)")
    assert reads.contested(kit) == ["Mare Tyrrhenum"]
    battle = reads.battle(kit)  # the one battle to fight begins at once
    assert battle is not None and battle.location == "Mare Tyrrhenum"


def test_6_2_navis_leaves_port_with_the_land_group(play_from: PlayFrom) -> None:
    kit = command_turn(play_from, {"Massilia": ["Legio 11", "C Navis 1"]})
    kit.act("group(Massilia)", "move(Legio 11, Massilia, Genua)")
    kit.act("move(C Navis 1, Massilia, Mare Hispanum, Genua)")
    assert (kit.at("Legio 11"), kit.at("C Navis 1")) == ("Genua", "Genua")


def test_6_2_navis_attack_a_port_from_the_sea(play_from: PlayFrom) -> None:
    kit = command_turn(play_from, {"Mare Hispanum": ["C Navis 1"], "Tarraco": ["Legio 5"]})
    kit.act("group(Mare Hispanum)")
    assert "move(C Navis 1, Mare Hispanum, Tarraco)" in kit.legal()


def test_6_2_polish_reading_navis_attack_seas_only(play_from: PlayFrom) -> None:
    kit = command_turn(
        play_from,
        {"Mare Hispanum": ["C Navis 1"], "Tarraco": ["Legio 5"]},
        params={"navis.attack_ports": False},
    )
    kit.act("group(Mare Hispanum)")
    assert "move(C Navis 1, Mare Hispanum, Tarraco)" not in kit.legal()
    assert "move(C Navis 1, Mare Hispanum, Narbo)" in kit.legal()


def test_6_2_navis_attack_a_sea_from_a_port(play_from: PlayFrom) -> None:
    kit = command_turn(play_from, {"Massilia": ["C Navis 1"], "Mare Hispanum": ["P Navis 3"]})
    kit.act("group(Massilia)")
    assert kit.legal() == ["end_group", "move(C Navis 1, Massilia, Mare Hispanum)"]
