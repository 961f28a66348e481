"""JC 6.3: sea moves: 1 MP per land block, port to a friendly or vacant port through one or
more friendly seas; before any other move; one navis stays in each sea crossed; never into
an enemy or contested port; unpinned blocks in a contested port may sail."""

from __future__ import annotations

from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.julius_caesar import queries

from .conftest import command_turn, group

THREE_SEAS = {
    "Mare Tyrrhenum": ["C Navis 1"],
    "Mare Internum": ["C Navis 2"],
    "Mare Aegypticum": ["C Navis 3"],
}
TO_ANTIOCHIA = "Roma, Mare Tyrrhenum, Mare Internum, Mare Aegypticum, Antiochia"


def three_seas(play_from: PlayFrom, moves: int = 2, **more: list[str]) -> Kit:
    where = {"Roma": ["Legio 17", "Legio 18"], **THREE_SEAS, **more}
    return command_turn(play_from, where, caesar=(moves, 0))


def test_6_3_example_roma_to_antiochia(play_from: PlayFrom) -> None:
    """Caesar, a navis in each of three adjacent friendly seas, spends 2 MP to move two
    legions from Roma to vacant Antiochia by sea."""
    kit = three_seas(play_from)
    kit.act(f"sail(Legio 17, {TO_ANTIOCHIA})", f"sail(Legio 18, {TO_ANTIOCHIA})")
    assert (kit.at("Legio 17"), kit.at("Legio 18")) == ("Antiochia", "Antiochia")
    assert kit.step == "card_phase"  # 2 MP spent: the command phase is over
    seas = ("Mare Tyrrhenum", "Mare Internum", "Mare Aegypticum")
    assert queries.sea_moves(kit) == [("caesar", "Roma", seas, "Antiochia")] * 2
    assert queries.held_seas(kit, "caesar") == list(seas)


def test_6_3_sea_moves_come_before_other_moves(play_from: PlayFrom) -> None:
    kit = three_seas(play_from, moves=3)
    assert any(a.startswith("sail(") for a in kit.legal())
    kit.act("group(Mare Aegypticum)", "end_group")
    assert not any(a.startswith("sail(") for a in kit.legal())


def test_6_3_one_navis_stays_in_each_sea_crossed(play_from: PlayFrom) -> None:
    kit = three_seas(play_from, moves=3)
    kit.act("sail(Legio 17, Roma, Mare Tyrrhenum, Neapolis)")
    groups = [a for a in kit.legal() if a.startswith("group(")]
    # not group(Mare Tyrrhenum): its only navis must stay
    assert groups == ["group(Mare Aegypticum)", "group(Mare Internum)", "group(Roma)"]


def test_6_3_a_second_navis_may_leave_a_crossed_sea(play_from: PlayFrom) -> None:
    kit = command_turn(
        play_from,
        {"Roma": ["Legio 17"], "Mare Tyrrhenum": ["C Navis 1", "C Navis 2"]},
        caesar=(2, 0),
    )
    kit.act("sail(Legio 17, Roma, Mare Tyrrhenum, Neapolis)")
    kit.act(*group("Mare Tyrrhenum", "Mare Internum", "C Navis 1"))
    # C Navis 2 stays: the group had nothing more to move, and the command phase is over.
    assert kit.step == "card_phase"
    assert kit.at("C Navis 2") == "Mare Tyrrhenum"


def test_6_3_never_into_an_enemy_or_contested_port(play_from: PlayFrom) -> None:
    kit = three_seas(play_from, Antiochia=["Legio 34"])
    assert not any(a.endswith("Antiochia)") for a in kit.legal())
    assert f"sail(Legio 17, {TO_ANTIOCHIA.replace('Antiochia', 'Tarsus')})" in kit.legal()


def test_6_3_only_through_friendly_seas(play_from: PlayFrom) -> None:
    """Pompeius' navis in Mare Internum makes it enemy: no route goes through it."""
    kit = command_turn(
        play_from,
        {"Roma": ["Legio 17"], "Mare Tyrrhenum": ["C Navis 1"], "Mare Internum": ["P Navis 1"]},
    )
    sails = [a for a in kit.legal() if a.startswith("sail(")]
    assert sails == [
        f"sail(Legio 17, Roma, Mare Tyrrhenum, {port})"
        for port in (
            "Aleria",
            "Caralis",
            "Genua",
            "Lilybaeum",
            "Messana",
            "Neapolis",
            "Rhegium",
            "Utica",
        )
    ]


def test_6_3_one_move_point_per_block(play_from: PlayFrom) -> None:
    kit = three_seas(play_from, moves=1)
    kit.act(f"sail(Legio 17, {TO_ANTIOCHIA})")
    assert kit.step == "card_phase"
    assert kit.at("Legio 18") == "Roma"


def test_6_3_unpinned_blocks_may_sail_from_a_contested_port(play_from: PlayFrom) -> None:
    """Legio 13 pins one of Neapolis's two defenders; the other may sail away."""
    kit = command_turn(
        play_from,
        {
            "Roma": ["Legio 13"],
            "Neapolis": ["Legio 1", "Legio 3"],
            "Mare Tyrrhenum": ["P Navis 1"],
        },
        pompey=(2, 0),
    )
    kit.act(*group("Roma", "Neapolis", "Legio 13"))
    sails = [a for a in kit.legal() if a.startswith("sail(")]
    assert len(sails) == 16  # 2 blocks x 8 ports on Mare Tyrrhenum (Roma vacant now)
    kit.act("sail(Legio 1, Neapolis, Mare Tyrrhenum, Utica)")
    assert not any(a.startswith("sail(") for a in kit.legal())
