"""JC 8.1 (and 7.52): in winter Cleopatra goes home to Alexandria.

Both texts: move Cleopatra to Alexandria; if the enemy occupies it, she joins that
side at once with her current strength. Each test starts at the winter's first step from
a position of a few blocks.

The reading for Cleopatra in the pool (eliminated by Vulcan outside a battle, removed by
winter supply, or disbanded by the Polish 8.5): she comes home too, at strength I. She is
never levied (JC 3.27), so otherwise the pool would take her out of the game for good,
which no text says; both say she "must return to Alexandria during each winter" (JC 7.52).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.julius_caesar import queries

from .conftest import JC, advance, command_turn, placed

WINTER = "at: {step: cleopatra_home, counters: {year: 1}}\n"


def winter(
    play_from: PlayFrom,
    where: Mapping[str, Sequence[str]],
    *,
    strengths: Mapping[str, int] | None = None,
    pool: Sequence[str] = (),
    pieces: str = "",
) -> Kit:
    """The winter of year 1 from the blocks placed (``pieces``: position lines changing
    single pieces)."""
    return play_from(JC, WINTER + placed(where, pool=pool, strengths=strengths) + pieces)


def cleopatra(kit: Kit) -> tuple[str, str, int, list[str]]:
    return (
        kit.owner("Cleopatra"),
        kit.at("Cleopatra"),
        kit.strength("Cleopatra"),
        kit.flags("Cleopatra"),
    )


def test_joins_the_enemy_holding_alexandria(play_from: PlayFrom) -> None:
    """JC 8.1: Cleopatra (Pompey, strength II, at Utica) goes home; Caesar's Legio 7
    holds Alexandria, so she joins Caesar with strength II."""
    kit = winter(
        play_from,
        {"Utica": ["Cleopatra", "Legio 39"], "Alexandria": ["Legio 7"]},
        strengths={"Cleopatra": 2, "Legio 39": 2},
    )
    assert cleopatra(kit)[:3] == ("caesar", "Alexandria", 2)
    assert kit.log()[0] == "Cleopatra goes home to Alexandria and joins Caesar"


def test_vacant_alexandria_becomes_friendly_to_her_side(play_from: PlayFrom) -> None:
    """JC 8.1 with Alexandria vacant: she keeps her side (Pompey) and makes Alexandria
    friendly to it: Pompey's VP rise by Alexandria's 2 (JC 1.2)."""
    where = {"Neapolis": ["Cleopatra", "Legio 1"]}
    last_turn = (
        "at: {step: card_phase, counters: {year: 1, turn: 5}}\n"
        "zones: {hand:caesar: [2/1], hand:pompey: [2/2]}\nremaining: deck\n"
    )
    before = play_from(JC, last_turn + placed(where))
    assert queries.vp(before, "pompey") == 0
    kit = winter(play_from, where)
    assert (kit.at("Cleopatra"), kit.owner("Cleopatra")) == ("Alexandria", "pompey")
    assert queries.vp(kit, "pompey") == 2


def test_own_side_holding_alexandria_keeps_her(play_from: PlayFrom) -> None:
    """JC 8.1: Alexandria held by her own side (Pompey's P Navis 2): she joins it there."""
    kit = winter(play_from, {"Tarsus": ["Cleopatra"], "Alexandria": ["P Navis 2"]})
    assert (kit.at("Cleopatra"), kit.owner("Cleopatra")) == ("Alexandria", "pompey")


def test_she_changes_back_to_pompey(play_from: PlayFrom) -> None:
    """JC 7.52 then 8.1: Cleopatra fighting for Caesar goes home to a Pompeian
    Alexandria and joins Pompey."""
    kit = winter(
        play_from,
        {"Roma": ["Cleopatra"], "Alexandria": ["Legio 38"]},
        strengths={"Cleopatra": 1},
        pieces="pieces: {Cleopatra: {side: caesar}}\n",
    )
    assert cleopatra(kit)[:3] == ("pompey", "Alexandria", 1)


def test_already_home_nothing_happens(play_from: PlayFrom) -> None:
    """JC 8.1: Cleopatra at Alexandria stays, nothing is logged."""
    kit = winter(play_from, {"Alexandria": ["Cleopatra"]})
    assert kit.at("Cleopatra") == "Alexandria"
    assert not any("Cleopatra" in text for text in kit.log("caesar") + kit.log("pompey"))


def test_cleopatra_in_the_pool_comes_home_and_joins_the_holder(play_from: PlayFrom) -> None:
    """JC 7.52, 8.1: "during each winter she must return to Alexandria", from the pool too
    (she is never levied, JC 3.27, and no text takes her out of the game). Eliminated by
    Vulcan she lies face up in Pompeius's pool at I; Caesar's Legio 7 holds Alexandria, so
    she comes home and joins Caesar at I (the reading of docs/variants.md)."""
    kit = winter(
        play_from,
        {"Alexandria": ["Legio 7"]},
        pool=["Cleopatra"],
        strengths={"Cleopatra": 1},
        pieces="pieces: {Cleopatra: {flags: [face_up]}}\n",
    )
    assert cleopatra(kit) == ("caesar", "Alexandria", 1, [])
    assert kit.log()[0] == "Cleopatra goes home to Alexandria and joins Caesar"


def test_cleopatra_in_the_pool_comes_home_at_her_lowest_strength(play_from: PlayFrom) -> None:
    """A block in the pool has lost its steps (JC 8.3, 8.5): Cleopatra removed there at IV
    comes back at I, for her own side into a vacant Alexandria (Pompeius: +2 VP)."""
    kit = winter(play_from, {}, pool=["Cleopatra"], strengths={"Cleopatra": 4})
    assert cleopatra(kit) == ("pompey", "Alexandria", 1, [])
    assert kit.log()[0] == "Cleopatra comes back from Pompeius's pool to Alexandria"


def test_cleopatra_out_of_play_stays_out(play_from: PlayFrom) -> None:
    """A block set out of play by a scenario (``out``) is not in the game: 8.1 leaves it."""
    kit = winter(play_from, {})
    assert kit.at("Cleopatra") == "out"


def test_cleopatra_eliminated_by_vulcan_is_home_by_winter(play_from: PlayFrom) -> None:
    """The rest of the year in the real game: Caesar's Vulcan (card: one enemy group loses a
    step) eliminates Cleopatra at I alone in Alexandria; she lies face up in Pompeius's
    pool all year, is not levied (JC 3.27), and the winter brings her back to a vacant
    Alexandria for Pompeius, whose 2 VP count again at the winter's victory check."""
    kit = command_turn(
        play_from,
        {"Alexandria": ["Cleopatra"], "Ravenna": ["Legio 13"]},
        strengths={"Cleopatra": 1},
        caesar=(0, 0),
        pompey=(2, 2),
        records={"event": {"card": "Vulcan", "side": "caesar"}},
    )
    assert kit.legal() == ["choose(Alexandria)"]
    kit.act("choose(Alexandria)")
    assert cleopatra(kit) == ("pompey", "pool", 1, ["face_up"])
    assert queries.vp(kit, "pompey") == 0
    advance(kit, stop=("disband",))
    assert kit.counters == {"year": 1}  # the winter
    assert cleopatra(kit) == ("pompey", "Alexandria", 1, [])
    assert queries.vp(kit, "pompey") == 2
    assert "Cleopatra comes back from Pompeius's pool to Alexandria" in kit.log()
