"""JC 8.2: in winter every navis at sea goes to a friendly port on its sea, or is disbanded.

The Spanish text adds "Caesar first". Friendly = held by own blocks only (JC 4.2.1).
Ports of Mare Tyrrhenum (map, JC 4.4.2): Aleria, Caralis, Genua, Lilybaeum, Messana,
Neapolis, Rhegium, Roma, Utica. Each test starts at the winter's navis step.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from legatus.framework.tools.testing import Kit, PlayFrom

from .conftest import JC, placed

#: Caesar: a navis on Mare Tyrrhenum, blocks at Roma and Genua, a navis on Mare
#: Hadriaticum with Ravenna his only Adriatic port. Pompey: a navis on Mare Internum,
#: where he holds only Utica, another on Mare Hispanum with Tarraco and Utica (no sea
#: holds navis of both sides in winter: they would have fought, JC 2.3).
TYRRHENIAN = {
    "Mare Tyrrhenum": ["C Navis 1"],
    "Mare Hispanum": ["P Navis 1"],
    "Roma": ["Legio 13"],
    "Genua": ["Legio 8"],
    "Mare Hadriaticum": ["C Navis 2"],
    "Ravenna": ["Caesar"],
    "Mare Internum": ["P Navis 3"],
    "Neapolis": ["Legio 1"],
    "Tarraco": ["Legio 5"],
    "Utica": ["Legio 39"],
}


def navis_to_port(play_from: PlayFrom, where: Mapping[str, Sequence[str]]) -> Kit:
    return play_from(JC, "at: {step: navis_to_port, counters: {year: 1}}\n" + placed(where))


def test_owner_chooses_among_friendly_ports_caesar_first(play_from: PlayFrom) -> None:
    """JC 8.2: C Navis 1 on Mare Tyrrhenum has two friendly ports, Genua and Roma: 2
    actions for Caesar; then Pompey's P Navis 1 on Mare Hispanum has Tarraco and Utica: 2
    actions."""
    kit = navis_to_port(play_from, TYRRHENIAN)
    assert kit.asked == ("caesar", "navis_to_port")
    assert kit.legal() == ["to_port(C Navis 1, Genua)", "to_port(C Navis 1, Roma)"]
    kit.act("to_port(C Navis 1, Roma)")
    assert kit.asked == ("pompey", "navis_to_port")
    assert kit.legal() == ["to_port(P Navis 1, Tarraco)", "to_port(P Navis 1, Utica)"]
    kit.act("to_port(P Navis 1, Utica)")
    assert (kit.at("C Navis 1"), kit.at("P Navis 1")) == ("Roma", "Utica")


def test_single_port_moves_without_a_question(play_from: PlayFrom) -> None:
    """JC 8.2: C Navis 2 on Mare Hadriaticum has one friendly port, Ravenna: it goes there
    at once, before Caesar's question about C Navis 1."""
    kit = navis_to_port(play_from, TYRRHENIAN)
    assert kit.asked == ("caesar", "navis_to_port")
    assert kit.at("C Navis 2") == "Ravenna"


def test_no_friendly_port_disbands_to_the_pool(play_from: PlayFrom) -> None:
    """JC 8.2: P Navis 4 on Mare Aegaeum, whose only held port (Athenae) is Caesar's,
    has no friendly port: it is disbanded to the pool, and no question is asked."""
    kit = navis_to_port(play_from, {"Mare Aegaeum": ["P Navis 4"], "Athenae": ["Legio 20"]})
    assert kit.at("P Navis 4") == "pool"
    assert kit.step != "navis_to_port"  # the step ended without a question
    assert kit.log()[0] == "Pompeius disbands a navis at Mare Aegaeum: no friendly port"


def test_enemy_and_empty_ports_are_not_friendly(play_from: PlayFrom) -> None:
    """JC 8.2, 4.2.1: a vacant port (Messana) or an enemy one (Neapolis) will not do; a
    port held only by an own navis (Lilybaeum) will: one port, no question."""
    kit = navis_to_port(
        play_from,
        {"Mare Tyrrhenum": ["C Navis 1"], "Neapolis": ["Legio 1"], "Lilybaeum": ["C Navis 3"]},
    )
    assert kit.at("C Navis 1") == "Lilybaeum"
    assert kit.step != "navis_to_port"


def test_utica_serves_three_seas(play_from: PlayFrom) -> None:
    """JC 4.4.2, 8.2: Utica touches Hispanum, Tyrrhenum and Internum; Pompey's navis on
    Mare Internum reach it, so P Navis 3 is not disbanded. Pompey's navis move only
    after Caesar's are done (Caesar first)."""
    kit = navis_to_port(play_from, TYRRHENIAN)
    assert kit.at("P Navis 3") == "Mare Internum"
    kit.act("to_port(C Navis 1, Genua)")
    assert kit.at("P Navis 3") == "Utica"


def test_navis_in_port_stay(play_from: PlayFrom) -> None:
    """JC 8.2 moves navis at sea only; a navis in port stays."""
    kit = navis_to_port(play_from, {"Massilia": ["C Navis 1"]})
    assert kit.at("C Navis 1") == "Massilia"
    assert kit.step != "navis_to_port"


def test_enemy_sees_where_a_navis_went_but_not_which(play_from: PlayFrom) -> None:
    """Hidden blocks (JC 3.0): Pompey's log says a Caesarian navis moved, not which."""
    kit = navis_to_port(play_from, TYRRHENIAN)
    kit.act("to_port(C Navis 1, Roma)")
    assert "Caesar moves a navis Mare Tyrrhenum -> Roma" in kit.log("pompey")
    assert not any("C Navis 1" in t for t in kit.log("pompey"))
