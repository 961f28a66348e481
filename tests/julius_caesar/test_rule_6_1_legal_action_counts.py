"""JC 6.1-6.3, 6.12-6.14: legal-action counts at fixed positions, like a chess perft.

Every count is derived by hand from the rule text and the map in the docstring; a change in
move generation that alters one fails here. (Further counts: the 6.13 pinning example in
``test_rule_6_13_pinning.py``, 36; the levy position in ``test_rule_6_4_levy.py``, 9.)
Each position is a turn's command phase with Caesar as Player 1.
"""

from __future__ import annotations

from legatus.framework.tools.testing import PlayFrom

from .conftest import command_turn, group
from .test_rule_6_14_response_moves import BILBILIS, NARBO, NOVA_CARTHAGO


def test_count_one_legion_in_massilia(play_from: PlayFrom) -> None:
    """One Caesar block in Massilia, empty map, 1 MP.

    Group prompt: group(Massilia), end_moves; no sea move (no friendly sea): 2.
    In the group (JC 6.1, two cities): Genua, Lugdunum, Narbo; Genua -> Lugdunum, Ravenna,
    Roma; Lugdunum -> Cenabum, Genua, Treviri; Narbo -> Burdigala, Tarraco: 11 paths, and
    end_group: 12.
    """
    kit = command_turn(play_from, {"Massilia": ["Legio 11"]})
    assert len(kit.legal()) == 2
    kit.act("group(Massilia)")
    assert len(kit.legal()) == 12


def test_count_one_navis_in_massilia(play_from: PlayFrom) -> None:
    """One Caesar navis in Massilia, empty map (JC 6.2).

    Mare Hispanum (1); then its other 9 ports (Caralis, Carthago Nova, Genua, Iomnium,
    Narbo, Siga, Tarraco, Tingis, Utica) and its 2 neighbouring seas (Mare Tyrrhenum,
    Oceanus Atlanticus): 12 paths, and end_group: 13.
    """
    kit = command_turn(play_from, {"Massilia": ["C Navis 1"]})
    kit.act("group(Massilia)")
    assert len(kit.legal()) == 13


def test_count_strait_attack_from_rhegium(play_from: PlayFrom) -> None:
    """Three Caesar blocks in Rhegium, one Pompeius block in Messana (JC 4.3.2, 6.11).

    Each block: Neapolis, and on to Brundisium, Roma or Sipontum (4), or attack Messana
    across the strait (1): 3 x 5 + end_group = 16. Once one has attacked, the strait's
    attack limit (1) is full: 2 x 4 + end_group = 9.
    """
    kit = command_turn(
        play_from, {"Rhegium": ["Legio 18", "Legio 19", "Legio 20"], "Messana": ["Legio 37"]}
    )
    kit.act("group(Rhegium)")
    assert len(kit.legal()) == 16
    kit.act("move(Legio 18, Rhegium, Messana)")
    assert len(kit.legal()) == 9


def test_count_sea_moves_across_three_seas(play_from: PlayFrom) -> None:
    """The 6.3 example position with 2 MP: Legio 17 and 18 in Roma, a Caesar navis in each of
    Mare Tyrrhenum, Mare Internum and Mare Aegypticum.

    Sea routes from Roma: Tyrrhenum's other 8 ports (Aleria, Caralis, Genua, Lilybaeum,
    Messana, Neapolis, Rhegium, Utica); through Internum its 12 ports (Ambracia,
    Brundisium, Creta, Cyrene, Lilybaeum, Messana, Pylos, Rhegium, Syracusae, Tacape,
    Thubactus, Utica); through Internum and Aegypticum its 8 ports (Alexandria, Antiochia,
    Catabathmus, Creta, Pelusium, Perga, Salamis, Tarsus): 28 routes x 2 legions = 56.
    Groups: Roma and the three seas (4); end_moves (1). 61 in all.
    """
    kit = command_turn(
        play_from,
        {
            "Roma": ["Legio 17", "Legio 18"],
            "Mare Tyrrhenum": ["C Navis 1"],
            "Mare Internum": ["C Navis 2"],
            "Mare Aegypticum": ["C Navis 3"],
        },
        caesar=(2, 0),
    )
    actions = kit.legal()
    assert len(actions) == 61
    assert sum(a.startswith("sail(") for a in actions) == 56


def test_count_response_from_carthago_nova(play_from: PlayFrom) -> None:
    """The 7.3 example after Caesar's attack (4 from Narbo, main; 2 from Bilbilis), Pompeius
    to move with 1 MP (JC 6.13, 6.14).

    Tarraco's 3 defenders are all pinned by the 4 main attackers: no group there. Group
    prompt: group(Carthago Nova), end_moves: 2. In the group, each of 4 blocks: Corduba,
    Gades, Toletum, or respond into Tarraco (4); Corduba -> Gades, Toletum (2); Gades ->
    Corduba, Emerita, Olisipo, Tingis (4); Toletum -> Asturica, Bilbilis (vacant now),
    Corduba (3): 13 x 4 = 52, and end_group: 53.
    """
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
    assert kit.legal() == ["end_moves", "group(Carthago Nova)"]
    kit.act("group(Carthago Nova)")
    assert len(kit.legal()) == 53
