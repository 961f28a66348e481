"""JC 6.11, 4.3.1, 4.3.2: road limits per side per turn: major 4, minor 2 (the Polish table's
3 is a variant), strait 2, or 1 when the city across is defended; sea borders unlimited."""

from __future__ import annotations

from legatus.framework.kit import reads
from legatus.framework.tools.testing import PlayFrom

from .conftest import command_turn

GENUA_SIX = ["Legio 8", "Legio 11", "Legio 12", "Legio 13", "Legio 14", "Legio 16"]


def test_6_11_example_four_blocks_genua_to_roma(play_from: PlayFrom) -> None:
    """At most 4 blocks move from Genua to Roma (major road)."""
    kit = command_turn(play_from, {"Genua": GENUA_SIX})
    kit.act("group(Genua)", *(f"move({block}, Genua, Roma)" for block in GENUA_SIX[:4]))
    actions = kit.legal()
    assert not any(", Genua, Roma" in a for a in actions)
    assert "move(Legio 14, Genua, Ravenna)" in actions
    assert reads.border_use(kit, "caesar", "Genua", "Roma") == 4


def test_6_11_example_two_blocks_ravenna_to_roma(play_from: PlayFrom) -> None:
    """One or two blocks move from Ravenna to Roma (minor road)."""
    kit = command_turn(play_from, {"Ravenna": ["Caesar", "Legio 13", "Legio 14"]})
    kit.act("group(Ravenna)", "move(Caesar, Ravenna, Roma)", "move(Legio 13, Ravenna, Roma)")
    assert not any("Ravenna, Roma" in a for a in kit.legal())


def test_6_11_polish_table_minor_limit_three(play_from: PlayFrom) -> None:
    kit = command_turn(
        play_from,
        {"Ravenna": ["Caesar", "Legio 13", "Legio 14"]},
        params={"road_limit.minor": 3},
    )
    kit.act("group(Ravenna)")
    kit.act(*(f"move({block}, Ravenna, Roma)" for block in ("Caesar", "Legio 13", "Legio 14")))
    assert [kit.at(b) for b in ("Caesar", "Legio 13", "Legio 14")] == ["Roma"] * 3


def test_6_11_limit_counts_both_directions_and_every_group(play_from: PlayFrom) -> None:
    """One block Ravenna -> Roma and one Roma -> Ravenna fill the minor road for the turn."""
    kit = command_turn(
        play_from, {"Ravenna": ["Legio 13"], "Roma": ["Legio 17", "Legio 18"]}, caesar=(2, 0)
    )
    kit.act("group(Ravenna)", "move(Legio 13, Ravenna, Roma)")
    kit.act("group(Roma)", "move(Legio 17, Roma, Ravenna)")
    assert reads.border_use(kit, "caesar", "Ravenna", "Roma") == 2
    actions = kit.legal()
    assert "move(Legio 18, Roma, Asculum, Ravenna)" in actions
    assert not any(a.startswith("move(Legio 18, Roma, Ravenna") for a in actions)


def test_6_11_example_each_side_has_its_own_limit(play_from: PlayFrom) -> None:
    """Player 1 moves 4 blocks Massilia -> Genua -> Ravenna; Player 2 then moves 4 blocks
    Roma -> Genua -> Massilia along the same road."""
    caesars = ["Legio 8", "Legio 11", "Legio 12", "Legio 14"]
    pompeys = ["Legio 1", "Legio 2", "Legio 3", "Legio 4"]
    kit = command_turn(
        play_from, {"Massilia": caesars, "Roma": pompeys}, caesar=(1, 0), pompey=(1, 0)
    )
    kit.act("group(Massilia)", *(f"move({b}, Massilia, Genua, Ravenna)" for b in caesars))
    kit.act("group(Roma)", *(f"move({b}, Roma, Genua, Massilia)" for b in pompeys))
    assert {kit.at(b) for b in caesars} == {"Ravenna"}
    assert {kit.at(b) for b in pompeys} == {"Massilia"}
    assert reads.borders_used(kit, "caesar") == {"Genua|Massilia": 4, "Genua|Ravenna": 4}
    assert reads.borders_used(kit, "pompey") == {"Genua|Massilia": 4, "Genua|Roma": 4}


def test_4_3_2_two_blocks_cross_a_strait(play_from: PlayFrom) -> None:
    kit = command_turn(play_from, {"Rhegium": ["Legio 18", "Legio 19", "Legio 20"]})
    kit.act("group(Rhegium)", "move(Legio 18, Rhegium, Messana)")
    kit.act("move(Legio 19, Rhegium, Messana, Syracusae)")
    assert not any("Rhegium, Messana" in a for a in kit.legal())


def test_4_3_2_one_block_crosses_into_a_defended_city(play_from: PlayFrom) -> None:
    kit = command_turn(play_from, {"Rhegium": ["Legio 18", "Legio 19"], "Messana": ["Legio 37"]})
    kit.act("group(Rhegium)", "move(Legio 18, Rhegium, Messana)")
    assert kit.legal() == [
        "end_group",
        "move(Legio 19, Rhegium, Neapolis)",
        "move(Legio 19, Rhegium, Neapolis, Brundisium)",
        "move(Legio 19, Rhegium, Neapolis, Roma)",
        "move(Legio 19, Rhegium, Neapolis, Sipontum)",
    ]


def test_6_11_sea_borders_have_no_limit(play_from: PlayFrom) -> None:
    navis = [f"C Navis {n}" for n in range(1, 6)]
    kit = command_turn(play_from, {"Massilia": navis})
    kit.act("group(Massilia)", *(f"move({block}, Massilia, Mare Hispanum)" for block in navis))
    assert {kit.at(b) for b in navis} == {"Mare Hispanum"}
