"""JC 8.5 disbanding: blocks are never merged, but a player may disband any block to the
levy pool. The Spanish text excepts Cleopatra (default); the Polish allows any block
(parameter ``disband.cleopatra`` = true). Each test starts at the winter's disband step."""

from __future__ import annotations

from typing import Any

from legatus.framework.tools.testing import Kit, PlayFrom

from .conftest import JC, placed


def disband(play_from: PlayFrom, **more: Any) -> Kit:
    """Caesar: Caesar and Legio 13 at Ravenna, C Navis 2 in Ravenna's port, Cleopatra
    (on Caesar's side) at Alexandria, Octavian in the pool. Pompey: Legio 1 at Neapolis."""
    position = (
        "at: {step: disband, counters: {year: 1}}\n"
        + placed(
            {
                "Ravenna": ["Caesar", "Legio 13", "C Navis 2"],
                "Alexandria": ["Cleopatra"],
                "Neapolis": ["Legio 1"],
            },
            pool=["Octavian"],
        )
        + "pieces: {Cleopatra: {side: caesar}}\n"
    )
    return play_from(JC, position, **more)


def test_any_block_but_cleopatra_by_the_spanish_text(play_from: PlayFrom) -> None:
    """JC 8.5 (ES): Caesar may disband his 3 blocks on the map (not Cleopatra, not
    Octavian in the pool) or end: 4 actions."""
    kit = disband(play_from)
    assert kit.asked == ("caesar", "disband")
    assert kit.legal() == [
        "disband(C Navis 2)",
        "disband(Caesar)",
        "disband(Legio 13)",
        "end_disband",
    ]


def test_polish_reading_allows_cleopatra(play_from: PlayFrom) -> None:
    """JC 8.5 (PL, disband.cleopatra = true): Cleopatra too: 5 actions."""
    kit = disband(play_from, params={"disband.cleopatra": True})
    assert len(kit.legal()) == 5
    assert "disband(Cleopatra)" in kit.legal()


def test_disband_one_at_a_time_then_pompey(play_from: PlayFrom) -> None:
    """JC 8.5: Caesar disbands Legio 13 (to the pool, its steps lost for now), then ends;
    Pompey is asked next: disband(Legio 1) or end_disband."""
    kit = disband(play_from)
    kit.act("disband(Legio 13)")
    assert kit.at("Legio 13") == "pool"
    assert kit.legal() == ["disband(C Navis 2)", "disband(Caesar)", "end_disband"]
    kit.act("end_disband")
    assert kit.asked == ("pompey", "disband")
    assert kit.legal() == ["disband(Legio 1)", "end_disband"]
    kit.act("end_disband")
    assert kit.step == "deal_cards"  # the year has ended: the next one's deal
    assert kit.at("Legio 1") == "Neapolis"
    assert kit.log()[0] == "Caesar disbands a block at Ravenna"
