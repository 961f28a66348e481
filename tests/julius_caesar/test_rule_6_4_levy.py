"""JC 6.4: levy points add one step to a block, or bring a new block from the pool at its
minimum strength, in a friendly city only (never vacant or contested, ES reading): legions,
equitatus and the elephant in their named city, leaders, auxilia and the ballista anywhere
friendly, navis in a friendly major port; steps to navis in port, never at sea.

JC 3.21: each side starts with two leaders; the third (the one the scenario starts in the
pool) enters play only once a leader has been killed (JC 7.51). A leader who went back to
the pool alive, removed by winter supply (JC 8.3) or disbanded (JC 8.5), is levied again
like any other block."""

from __future__ import annotations

from typing import Any

from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.julius_caesar import queries

from .conftest import JC, advance, command_phase, command_turn, group, placed

#: Caesar has lost Antonius, killed (JC 7.51): a trophy of Pompeius's.
ANTONIUS_KILLED = {"leaders_lost": {"caesar": 1, "pompey": 0}, "trophies": {"pompey": ["Antonius"]}}


def levy_position(play_from: PlayFrom, levy: int = 1, records: dict[str, Any] | None = None) -> Kit:
    """Caesar levies (``levy`` LP, no MP); C Equitatus 1 was eliminated this year (face up)."""
    setup = placed(
        {
            "Roma": ["Legio 17"],
            "Massilia": ["C Navis 1"],
            "Genua": ["Legio 11"],
            "Lugdunum": ["Legio 16"],
            "Neapolis": ["Legio 1"],
        },
        strengths={"Legio 17": 2, "C Navis 1": 1, "Legio 11": 3, "Legio 16": 3},
        pool=["Legio 12", "Legio 18", "C Auxilia 1", "C Navis 3", "Octavian", "C Equitatus 1"],
    )
    setup += "pieces: {C Equitatus 1: {flags: [face_up]}}\n"
    return play_from(JC, command_phase(setup, caesar=(0, levy), records=records))


def test_6_4_levy_choices(play_from: PlayFrom) -> None:
    """Friendly cities: Roma, Massilia (major port), Genua, Lugdunum; Neapolis is enemy.
    Legio 12 -> Genua (1); Legio 18 -> Neapolis is enemy (0); C Auxilia 1 -> any of the 4
    (4); C Navis 3 -> Massilia, the only friendly major port (1); Octavian: no leader lost
    yet (0); C Equitatus 1 -> Lugdunum, but eliminated this year, face up (0). Steps:
    Legio 17 (II of IV) and C Navis 1 in port (I of II); Legio 11 and 16 are full (0).
    1 + 4 + 1 + 2 + end_levy = 9."""
    kit = levy_position(play_from)
    assert kit.asked == ("caesar", "levy")
    assert kit.legal() == [
        "end_levy",
        "levy(C Auxilia 1, Genua)",
        "levy(C Auxilia 1, Lugdunum)",
        "levy(C Auxilia 1, Massilia)",
        "levy(C Auxilia 1, Roma)",
        "levy(C Navis 3, Massilia)",
        "levy(Legio 12, Genua)",
        "step(C Navis 1)",
        "step(Legio 17)",
    ]


def test_6_4_new_block_at_minimum_then_steps_at_once(play_from: PlayFrom) -> None:
    kit = levy_position(play_from, levy=3)
    kit.act("levy(Legio 12, Genua)")
    assert (kit.at("Legio 12"), kit.strength("Legio 12")) == ("Genua", 1)
    kit.act("step(Legio 12)", "step(Legio 12)")
    assert kit.strength("Legio 12") == 3
    assert queries.levied(kit, "caesar") == ["Legio 12"]
    assert kit.step == "card_phase"  # the levy points are spent: the command phase is over


def test_6_4_third_leader_after_a_leader_is_killed(play_from: PlayFrom) -> None:
    kit = levy_position(play_from, records=ANTONIUS_KILLED)
    assert [a for a in kit.legal() if "Octavian" in a] == [
        "levy(Octavian, Genua)",
        "levy(Octavian, Lugdunum)",
        "levy(Octavian, Massilia)",
        "levy(Octavian, Roma)",
    ]


def test_6_4_elephant_enters_at_two(play_from: PlayFrom) -> None:
    kit = command_turn(
        play_from, {"Utica": ["Legio 39"]}, player1="pompey", pompey=(0, 2), pool=["P Elephant"]
    )
    kit.act("levy(P Elephant, Utica)")
    assert kit.strength("P Elephant") == 2
    kit.act("step(P Elephant)")
    assert kit.strength("P Elephant") == 4


def test_6_4_polish_reading_new_blocks_at_one(play_from: PlayFrom) -> None:
    kit = command_turn(
        play_from,
        {"Utica": ["Legio 39"]},
        player1="pompey",
        pompey=(0, 2),
        pool=["P Elephant"],
        params={"levy.new_strength": "one"},
    )
    kit.act("levy(P Elephant, Utica)")
    assert kit.strength("P Elephant") == 1
    kit.act("step(P Elephant)")
    assert kit.strength("P Elephant") == 2


def test_6_4_no_steps_to_navis_at_sea(play_from: PlayFrom) -> None:
    kit = command_turn(
        play_from,
        {"Mare Hispanum": ["C Navis 2"], "Massilia": ["C Navis 1"]},
        caesar=(0, 1),
        strengths={"C Navis 1": 1, "C Navis 2": 1},
    )
    assert kit.legal() == ["end_levy", "step(C Navis 1)"]


def contested_tarraco(play_from: PlayFrom, **more: Any) -> Kit:
    kit = command_turn(
        play_from,
        {"Narbo": ["Legio 7", "Legio 9"], "Tarraco": ["Legio 5"]},
        caesar=(1, 2),
        strengths={"Legio 7": 1, "Legio 9": 1},
        pool=["Legio 8"],
        **more,
    )
    return kit.act(*group("Narbo", "Tarraco", "Legio 7"), "end_group")


def test_6_4_never_in_contested_cities(play_from: PlayFrom) -> None:
    """Tarraco is contested: no step for Legio 7 there, no new Legio 8 (named Tarraco)."""
    kit = contested_tarraco(play_from)
    assert kit.legal() == ["end_levy", "step(Legio 9)"]


def test_6_4_polish_reading_steps_in_contested_cities(play_from: PlayFrom) -> None:
    kit = contested_tarraco(play_from, params={"levy.steps_in_contested": True})
    assert kit.legal() == ["end_levy", "step(Legio 7)", "step(Legio 9)"]


def test_6_4_levy_public_log_hides_the_block(play_from: PlayFrom) -> None:
    kit = levy_position(play_from)
    kit.act("levy(Legio 12, Genua)")
    assert [t for t in kit.log() if "levies" in t] == ["Caesar levies a new block in Genua"]
    assert [t for t in kit.log("caesar") if "levies" in t] == [
        "Caesar levies a new block in Genua",
        "Caesar levies Legio 12 in Genua at 1",
    ]
    assert [t for t in kit.log("pompey") if "levies" in t] == ["Caesar levies a new block in Genua"]


# -- JC 3.21: leaders back in the pool ---------------------------------------------------


def test_3_21_a_leader_back_in_the_pool_alive_is_levied_like_any_block(
    play_from: PlayFrom,
) -> None:
    """JC 3.21, 8.3, 8.5: only the third leader waits for a leader's death. Antonius, who
    began on the map and went back to the pool alive (winter supply or disbanding: "it
    may be rebuilt in the coming year"), may be levied in any friendly city though no
    leader has died; Octavian, the third, whom the scenario starts in the pool, may not."""
    kit = command_turn(
        play_from,
        {"Roma": ["Legio 17"], "Genua": ["Legio 11"], "Neapolis": ["Legio 1"]},
        caesar=(0, 1),
        strengths={"Legio 17": 2},
        pool=["Antonius", "Octavian"],
    )
    assert kit.legal() == [
        "end_levy",
        "levy(Antonius, Genua)",
        "levy(Antonius, Roma)",
        "step(Legio 17)",
    ]


def test_3_21_the_third_leader_after_a_death_joins_the_others(play_from: PlayFrom) -> None:
    """JC 7.51: once a Caesarian leader has died (Caesar himself, here), Octavian may be
    levied too."""
    kit = command_turn(
        play_from,
        {"Genua": ["Legio 11"]},
        caesar=(0, 1),
        pool=["Antonius", "Octavian"],
        records={"leaders_lost": {"caesar": 1, "pompey": 0}, "trophies": {"pompey": ["Caesar"]}},
    )
    assert kit.legal() == ["end_levy", "levy(Antonius, Genua)", "levy(Octavian, Genua)"]


def test_3_21_a_leader_disbanded_in_winter_returns_next_year(play_from: PlayFrom) -> None:
    """The real game over a winter: Caesar disbands Antonius (JC 8.5); the year resets
    (JC 8.6); in the next year's first turn Caesar levies Antonius back in Genua (his card
    is the first command card of his new hand; the rest of the turn is played passively).
    Octavian, the third leader, is still held back: no leader has died."""
    kit = play_from(
        JC,
        "at: {step: disband, counters: {year: 1}}\nseed: 1\n"
        + placed(
            {"Genua": ["Antonius", "Legio 8"], "Ravenna": ["Caesar"], "Neapolis": ["Legio 1"]},
            pool=["Octavian"],
        ),
    )
    assert kit.asked == ("caesar", "disband")
    kit.act("disband(Antonius)")
    assert (kit.at("Antonius"), kit.flags("Antonius")) == ("pool", [])
    advance(kit, stop=("play",))
    assert kit.counters == {"year": 2, "turn": 1}
    hand = kit.zone("hand:caesar")
    card = next(c for c in hand if kit.definition.cards[c].kind == "command")
    kit.act(f"play({card})")
    advance(kit, stop=("levy",))
    assert kit.asked == ("caesar", "levy")
    pieces = kit.definition.pieces
    leaders = [
        a
        for a in kit.legal()
        if a.startswith("levy(") and pieces[a[5:].split(",")[0]].type == "leader"
    ]
    assert leaders == ["levy(Antonius, Genua)", "levy(Antonius, Ravenna)"]
    kit.act("levy(Antonius, Genua)")
    assert (kit.at("Antonius"), kit.strength("Antonius")) == ("Genua", 1)


def test_6_4_a_block_eliminated_face_down_waits_for_the_year_end(play_from: PlayFrom) -> None:
    """JC 7.5 (PL, ``eliminated.face_up`` false): face down instead of face up, an
    eliminated block still cannot be levied this year: C Equitatus 1 is not offered."""
    setup = placed({"Lugdunum": ["Legio 16"]}, pool=["C Equitatus 1", "C Auxilia 1"])
    setup += "pieces: {C Equitatus 1: {flags: [face_down]}}\n"
    kit = play_from(JC, command_phase(setup, caesar=(0, 1)), params={"eliminated.face_up": False})
    assert kit.legal() == ["end_levy", "levy(C Auxilia 1, Lugdunum)"]
