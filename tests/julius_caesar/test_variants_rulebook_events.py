"""JC 2.1, the seven event cards: the printed cards (default) and the rulebooks (variant
``rulebook_events``), one test per event and reading, from the same positions.

The rulebooks (PL "Karty Zdarzeń", ES "Cartas de evento") and the cards differ
(julius-caesar-rule-differences.md):

- Apollo: its player is always Player 1 and it may be played in a year's first turn;
- Jupiter: the block defects where it stands and for good (the card moves it into the
  friendly city and returns it to its first owner's pool when eliminated);
- Mars, Mercury, Pluto: one group move with the event's bonus, navis included (the
  cards bar navis); Mercury's extra city gives the card's reach (3, or 2 and attack);
- Neptune: "Mars for ships": any group moves, its navis fire first (the card moves only
  navis); the Spanish text's "naval battle or land attack" (variant
  ``neptune_land_attack``): every attacking block of its battle fires first, as with Mars;
- Pluto: raised road limits for every move of the group, not only its attacks;
- Vulcan: every block in one city, of either side (the card: one enemy group).

Each test plays the real game from a position at the year's first card play (the hands
given, tests/julius_caesar/variants/driving.py): Caesar plays the event against Pompeius's
2/2, so Caesar is Player 1 (JC 2.1).
"""

from __future__ import annotations

import pytest

from legatus.framework.kit import reads
from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.julius_caesar import queries

from .conftest import advance
from .variants.driving import Blocks, cards, start

RULEBOOK = "rulebook_events"
READINGS = (None, RULEBOOK)
POMPEY_HAND = ["1/2", "2/1", "2/2", "2/3", "3/1", "3/2"]


def event(play_from: PlayFrom, variant: str | None, card: str, blocks: Blocks) -> Kit:
    """Caesar plays ``card`` against Pompeius's 2/2 in the first turn of the first year."""
    hand = ["1/2", "2/1", "2/2", "2/3", "3/1", card]
    kit = cards(start(play_from, blocks, hand, POMPEY_HAND, variant=variant), card, "2/2")
    assert queries.cards(kit).event == (card, "caesar")
    return kit


def moves(kit: Kit, block: str) -> list[str]:
    return [a for a in kit.legal() if a.startswith(f"move({block},")]


# -- Apollo -----------------------------------------------------------------------------

APOLLO_HAND = ["1/2", "2/1", "2/2", "3/1", "4/1", "Apollo"]


@pytest.mark.parametrize(("variant", "apollo"), [(None, []), (RULEBOOK, ["play(Apollo)"])])
def test_apollo_in_a_years_first_turn(
    play_from: PlayFrom, variant: str | None, apollo: list[str]
) -> None:
    """Card: "cannot be played in the first game turn of a year"; rulebooks: no such bar."""
    kit = start(
        play_from, {"Ravenna": ["Legio 13"], "Roma": ["Legio 1"]}, APOLLO_HAND, variant=variant
    )
    assert kit.legal() == ["play(2/1)", "play(2/2)", "play(3/1)", "play(4/1)", *apollo]


@pytest.mark.parametrize(("variant", "player1"), [(None, "pompey"), (RULEBOOK, "caesar")])
def test_apollo_copying_a_command_card_player_1(
    play_from: PlayFrom, variant: str | None, player1: str
) -> None:
    """Turn 2: Caesar's Apollo copies Pompeius's 1/2 of turn 1; Pompeius plays 3/1. Card:
    the copied 1/2 decides (1 < 3: Pompeius). Rulebooks: the event player, Caesar."""
    kit = start(
        play_from,
        {"Ravenna": ["Legio 13"], "Roma": ["Legio 1"]},
        APOLLO_HAND,
        discard=("2/1", "2/1"),
        variant=variant,
    )
    cards(kit, "2/2", "1/2")
    advance(kit, stop=("play",))
    cards(kit, "Apollo", "3/1")
    assert queries.cards(kit).copied == {"caesar": "1/2"}
    assert reads.player1(kit) == player1


# -- Jupiter ----------------------------------------------------------------------------


def test_jupiter_card_the_block_defects_into_the_friendly_city(play_from: PlayFrom) -> None:
    """Card: Caesar (Narbo) picks Tarraco, then Narbo; Legio 5 moves into Narbo and fights
    for Caesar, recorded as Pompeius's (it returns to his pool if eliminated). Tarraco is
    left vacant: Caesar's VP stay 0."""
    kit = event(play_from, None, "Jupiter", {"Narbo": ["Legio 7"], "Tarraco": {"Legio 5": 2}})
    assert kit.legal() == ["choose(Tarraco)"]
    kit.act("choose(Tarraco)")
    assert kit.legal() == ["choose(Narbo)"]
    kit.dice([1]).act("choose(Narbo)")
    assert (
        kit.owner("Legio 5"),
        kit.at("Legio 5"),
        kit.strength("Legio 5"),
        kit.flags("Legio 5"),
    ) == ("caesar", "Narbo", 2, [])
    assert kit.record("defected") == {"Legio 5": "pompey"}
    assert queries.vp(kit, "caesar") == 0


def test_jupiter_rulebook_the_block_defects_where_it_stands_for_good(play_from: PlayFrom) -> None:
    """Rulebooks: the block "defects"; it stays in Tarraco, now Caesar's: Caesar holds
    Tarraco (1 VP) and no claim of Pompeius's is recorded. No city is asked for."""
    kit = event(play_from, RULEBOOK, "Jupiter", {"Narbo": ["Legio 7"], "Tarraco": {"Legio 5": 2}})
    assert kit.legal() == ["choose(Tarraco)"]
    kit.dice([1]).act("choose(Tarraco)")
    assert (
        kit.owner("Legio 5"),
        kit.at("Legio 5"),
        kit.strength("Legio 5"),
        kit.flags("Legio 5"),
    ) == ("caesar", "Tarraco", 2, [])
    assert kit.record("defected") == {}
    assert queries.vp(kit, "caesar") == 1
    assert kit.log()[-1] == "Jupiter: Legio 5 in Tarraco goes over to Caesar"


def test_jupiter_rulebook_a_defector_among_its_comrades_fights_them(play_from: PlayFrom) -> None:
    """Rulebooks: of Legio 5 (II) and Legio 6 (III) in Tarraco the second is drawn (die 2):
    Tarraco is contested, and in the battle phase Caesar's defector attacks. Defender
    first: Legio 5 fires (dice 1, 1: two hits) and eliminates Legio 6, which goes to
    Caesar's pool, not back to Pompeius's."""
    kit = event(
        play_from,
        RULEBOOK,
        "Jupiter",
        {"Narbo": ["Legio 7"], "Tarraco": {"Legio 5": 2, "Legio 6": 2}},
    )
    kit.dice([2]).act("choose(Tarraco)")
    assert kit.owner("Legio 6") == "caesar"
    advance(kit, stop=("battle_turn",))
    assert (battle := reads.battle(kit)) is not None and battle.attacker == "caesar"
    assert kit.legal() == ["fire(Legio 5)", "pass(Legio 5)"]
    kit.dice([1, 1]).act("fire(Legio 5)")
    assert (kit.owner("Legio 6"), kit.at("Legio 6"), kit.flags("Legio 6")) == (
        "caesar",
        "pool",
        ["face_up"],
    )


@pytest.mark.parametrize("variant", READINGS)
def test_jupiter_a_leader_loses_a_step_instead(play_from: PlayFrom, variant: str | None) -> None:
    """Both readings: a leader does not defect; Scipio (II), drawn alone, drops to I."""
    kit = event(play_from, variant, "Jupiter", {"Narbo": ["Legio 7"], "Tarraco": {"Scipio": 2}})
    kit.dice([1]).act("choose(Tarraco)")
    if variant is None:
        kit.act("choose(Narbo)")
    assert (kit.owner("Scipio"), kit.at("Scipio"), kit.strength("Scipio"), kit.flags("Scipio")) == (
        "pompey",
        "Tarraco",
        1,
        [],
    )


# -- Mars -------------------------------------------------------------------------------

#: Caesar: a legion and a navis in Massilia, a legion in Narbo; Pompeius: Legio 1 (I) in Genua.
GROUP = {"Massilia": ["Legio 8", "C Navis 1"], "Narbo": ["Legio 7"], "Genua": {"Legio 1": 1}}

#: Legio 8's moves from Massilia (2 locations; Genua, enemy, is attacked and stops it).
LEGIO_8 = [
    "move(Legio 8, Massilia, Genua)",
    "move(Legio 8, Massilia, Lugdunum)",
    "move(Legio 8, Massilia, Lugdunum, Cenabum)",
    "move(Legio 8, Massilia, Lugdunum, Treviri)",
    "move(Legio 8, Massilia, Narbo)",
    "move(Legio 8, Massilia, Narbo, Burdigala)",
    "move(Legio 8, Massilia, Narbo, Tarraco)",
]
#: C Navis 1's moves (JC 6.2): Mare Hispanum, then its ports but Massilia and enemy Genua
#: (an attack only from an adjacent location), and its other seas: 1 + 8 + 2.
NAVIS_1 = [
    f"move(C Navis 1, Massilia, Mare Hispanum{tail})"
    for tail in (
        "",
        ", Caralis",
        ", Carthago Nova",
        ", Iomnium",
        ", Mare Tyrrhenum",
        ", Narbo",
        ", Oceanus Atlanticus",
        ", Siga",
        ", Tarraco",
        ", Tingis",
        ", Utica",
    )
]


@pytest.mark.parametrize(
    ("variant", "expected"), [(None, LEGIO_8), (RULEBOOK, sorted(NAVIS_1 + LEGIO_8))]
)
def test_mars_group_navis(play_from: PlayFrom, variant: str | None, expected: list[str]) -> None:
    """Card Mars: "no navis"; the rulebooks bar no block from the group."""
    kit = event(play_from, variant, "Mars", GROUP)
    assert kit.legal() == ["end_moves", "group(Massilia)", "group(Narbo)"]
    kit.act("group(Massilia)")
    assert kit.legal() == ["end_group", *expected]


@pytest.mark.parametrize("variant", READINGS)
def test_mars_attackers_fire_first_in_round_1(play_from: PlayFrom, variant: str | None) -> None:
    """Both readings: all attacking blocks fire before any defender in round 1. Legio 8
    attacks Genua; Legio 1 (C, defender) would fire first on equal initiative (JC 7.2)."""
    kit = event(play_from, variant, "Mars", GROUP)
    kit.act("group(Massilia)")
    kit.act("move(Legio 8, Massilia, Genua)")
    advance(kit, stop=("battle_turn",))
    assert kit.asked is not None and kit.asked[0] == "caesar"
    assert kit.legal() == ["fire(Legio 8)", "pass(Legio 8)"]


# -- Mercury ----------------------------------------------------------------------------

#: Legio 8's Mercury moves: 3 locations, or 2 and attack Genua (through Lugdunum).
LEGIO_8_MERCURY = [
    "move(Legio 8, Massilia, Genua)",
    "move(Legio 8, Massilia, Lugdunum)",
    "move(Legio 8, Massilia, Lugdunum, Cenabum)",
    "move(Legio 8, Massilia, Lugdunum, Cenabum, Burdigala)",
    "move(Legio 8, Massilia, Lugdunum, Cenabum, Treviri)",
    "move(Legio 8, Massilia, Lugdunum, Genua)",
    "move(Legio 8, Massilia, Lugdunum, Treviri)",
    "move(Legio 8, Massilia, Lugdunum, Treviri, Cenabum)",
    "move(Legio 8, Massilia, Narbo)",
    "move(Legio 8, Massilia, Narbo, Burdigala)",
    "move(Legio 8, Massilia, Narbo, Burdigala, Bilbilis)",
    "move(Legio 8, Massilia, Narbo, Burdigala, Cenabum)",
    "move(Legio 8, Massilia, Narbo, Tarraco)",
    "move(Legio 8, Massilia, Narbo, Tarraco, Bilbilis)",
    "move(Legio 8, Massilia, Narbo, Tarraco, Carthago Nova)",
]


@pytest.mark.parametrize(("variant", "navis"), [(None, 0), (RULEBOOK, 31)])
def test_mercury_one_extra_city_navis_too(
    play_from: PlayFrom, variant: str | None, navis: int
) -> None:
    """Card Mercury: "three cities, or two and attack", no navis. Rulebooks: "one additional
    city" (move.distance + 1, attack at move.attack_distance + 1): the same 15 moves for
    Legio 8, and the navis moves too, three locations: Mare Hispanum (1); its ports but
    Massilia (9, attacking Genua at 2 included) and seas (2); on through the vacant ports
    Caralis, Tingis, Utica (4: Mare Tyrrhenum, Oceanus Atlanticus, Mare Internum and
    Mare Tyrrhenum), Mare Tyrrhenum's ports but Genua (8) and Mare Internum (1), and
    Oceanus Atlanticus's ports (6): 1 + 11 + 4 + 9 + 6 = 31."""
    kit = event(play_from, variant, "Mercury", GROUP)
    kit.act("group(Massilia)")
    assert moves(kit, "Legio 8") == LEGIO_8_MERCURY
    found = moves(kit, "C Navis 1")
    assert len(found) == navis
    assert ("move(C Navis 1, Massilia, Mare Hispanum, Mare Tyrrhenum, Roma)" in found) == bool(
        navis
    )


# -- Neptune ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "groups", "expected"),
    [
        (None, ["group(Massilia)"], NAVIS_1),
        (RULEBOOK, ["group(Massilia)", "group(Narbo)"], sorted(NAVIS_1 + LEGIO_8)),
    ],
)
def test_neptune_which_blocks_move(
    play_from: PlayFrom, variant: str | None, groups: list[str], expected: list[str]
) -> None:
    """Card Neptune: "move only the navis of one group" (Narbo has none). Rulebooks:
    "Mars for ships": a group moves as with Mars, land blocks too."""
    kit = event(play_from, variant, "Neptune", GROUP)
    assert kit.legal() == ["end_moves", *groups]
    kit.act("group(Massilia)")
    assert kit.legal() == ["end_group", *expected]


#: Pompeius's navis (D, defender first on equal initiative, JC 7.8) on Mare Hispanum.
SEA_FIGHT = {"Massilia": ["Legio 8", "C Navis 1"], "Mare Hispanum": ["P Navis 1"]}


@pytest.mark.parametrize("variant", [*READINGS, "neptune_land_attack"])
def test_neptune_navis_fire_first_in_a_naval_battle(
    play_from: PlayFrom, variant: str | None
) -> None:
    """Every reading: the event's navis fire before any defender in round 1."""
    kit = event(play_from, variant, "Neptune", SEA_FIGHT)
    kit.act("group(Massilia)")
    kit.act("move(C Navis 1, Massilia, Mare Hispanum)")
    advance(kit, stop=("battle_turn",))
    assert kit.asked is not None and kit.asked[0] == "caesar"
    assert kit.legal() == ["fire(C Navis 1)", "pass(C Navis 1)"]


def test_neptune_rulebook_land_attack_gets_no_first_fire(play_from: PlayFrom) -> None:
    """Rulebooks: Neptune is Mars *for ships*: the group's legion attacking Genua alone
    does not fire first; Legio 1 (defender, equal initiative C) does (JC 7.2)."""
    kit = event(play_from, RULEBOOK, "Neptune", GROUP)
    kit.act("group(Massilia)")
    kit.act("move(Legio 8, Massilia, Genua)")
    advance(kit, stop=("battle_turn",))
    assert kit.asked is not None and kit.asked[0] == "pompey"
    assert kit.legal() == ["fire(Legio 1)", "pass(Legio 1)"]


NEPTUNE_ES = "neptune_land_attack"


@pytest.mark.parametrize(("variant", "first"), [(RULEBOOK, "Legio 1"), (NEPTUNE_ES, "Legio 8")])
def test_neptune_spanish_text_favours_a_land_attack(
    play_from: PlayFrom, variant: str, first: str
) -> None:
    """ES: Neptune "favours your naval battle or land attack: essentially a Mars card for
    ships" (variant ``neptune_land_attack``). The group's legion attacking Genua alone
    fires before the defender in round 1, as with Mars; by the rulebooks' "Mars for
    ships" read for navis only (``rulebook_events``) Legio 1, defending on an equal
    initiative, goes first (JC 7.2)."""
    kit = event(play_from, variant, "Neptune", GROUP)
    kit.act("group(Massilia)")
    kit.act("move(Legio 8, Massilia, Genua)")
    advance(kit, stop=("battle_turn",))
    assert kit.legal() == [f"fire({first})", f"pass({first})"]


def test_neptune_spanish_text_against_the_card(play_from: PlayFrom) -> None:
    """The card (default) moves only the navis of one group: Legio 8 cannot move and so
    cannot make the land attack the Spanish text favours; ``neptune_land_attack`` moves the
    group as the rulebooks do, Legio 8 included, and Legio 8 fires first at Genua."""
    found = {}
    for variant in (None, NEPTUNE_ES):
        kit = event(play_from, variant, "Neptune", GROUP)
        kit.act("group(Massilia)")
        found[variant] = kit.legal()
    assert found[None] == ["end_group", *NAVIS_1]
    assert found[NEPTUNE_ES] == ["end_group", *sorted(NAVIS_1 + LEGIO_8)]


# -- Pluto ------------------------------------------------------------------------------

SIX = ["Legio 8", "Legio 11", "Legio 12", "Legio 13", "Legio 14", "Legio 16"]


@pytest.mark.parametrize(("variant", "more"), [(None, []), (RULEBOOK, ["Legio 14", "Legio 16"])])
def test_pluto_raised_limits_when_not_attacking(
    play_from: PlayFrom, variant: str | None, more: list[str]
) -> None:
    """Six legions in Genua; four have gone along the major road to vacant Roma. Card
    Pluto raises the limits of attacks only: no fifth block along Genua-Roma. Rulebooks:
    "for one group move": the limit is pluto.major (6) for every move of the group, so
    each of the other two may go to Roma and on to Asculum, Neapolis or Ravenna."""
    kit = event(play_from, variant, "Pluto", {"Genua": SIX, "Tarraco": ["Legio 5"]})
    kit.act("group(Genua)")
    for block in SIX[:4]:
        kit.act(f"move({block}, Genua, Roma)")
    via_roma = [a for a in kit.legal() if ", Genua, Roma" in a]
    assert via_roma == [
        f"move({block}, Genua, Roma{tail})"
        for block in more
        for tail in ("", ", Asculum", ", Neapolis", ", Ravenna")
    ]


@pytest.mark.parametrize("variant", READINGS)
def test_pluto_six_attack_along_a_major_road(play_from: PlayFrom, variant: str | None) -> None:
    """Both readings: six blocks may attack along one major road (card: major 6)."""
    kit = event(play_from, variant, "Pluto", {"Genua": SIX, "Roma": ["Legio 1"]})
    kit.act("group(Genua)")
    for block in SIX:
        kit.act(f"move({block}, Genua, Roma)")
    assert [kit.at(b) for b in SIX] == ["Roma"] * 6


# -- Vulcan -----------------------------------------------------------------------------

#: Caesar in Massilia (a legion and a navis in port); Pompeius in Genua (Legio 1 at I,
#: Legio 3 at III, Scipio at I) and Roma, and a navis at sea.
VULCAN = {
    "Massilia": {"Legio 8": 3, "C Navis 1": 2},
    "Genua": {"Legio 1": 1, "Legio 3": 3, "Scipio": 1},
    "Roma": {"Legio 32": 2},
    "Mare Tyrrhenum": {"P Navis 1": 2},
}


@pytest.mark.parametrize(
    ("variant", "targets"),
    [(None, ["Genua", "Roma"]), (RULEBOOK, ["Genua", "Massilia", "Roma"])],
)
def test_vulcan_targets(play_from: PlayFrom, variant: str | None, targets: list[str]) -> None:
    """Card: one enemy group on land (navis at sea are immune). Rulebooks: "all blocks in
    one city", whoever's they are: Caesar's own Massilia too; never a sea."""
    kit = event(play_from, variant, "Vulcan", VULCAN)
    assert kit.legal() == [f"choose({t})" for t in targets]


@pytest.mark.parametrize("variant", READINGS)
def test_vulcan_on_an_enemy_city(play_from: PlayFrom, variant: str | None) -> None:
    """Both readings: every block in Genua loses a step, eliminating those at I: Legio 1
    to the pool face up, Scipio killed (a trophy: Caesar's VP, Massilia's 1, become 2);
    Legio 3 to II."""
    kit = event(play_from, variant, "Vulcan", VULCAN)
    kit.act("choose(Genua)")
    assert (kit.at("Legio 1"), kit.flags("Legio 1")) == ("pool", ["face_up"])
    assert kit.at("Scipio") == "out"
    assert kit.strength("Legio 3") == 2
    assert reads.trophies(kit, "caesar") == ["Scipio"]
    assert queries.vp(kit, "caesar") == 2


def test_vulcan_rulebook_no_exceptions_a_city_of_ones_own(play_from: PlayFrom) -> None:
    """Rulebooks: "no exceptions": chosen on Massilia, Caesar's legion and his navis in
    port each lose a step."""
    kit = event(play_from, RULEBOOK, "Vulcan", VULCAN)
    kit.act("choose(Massilia)")
    assert kit.strength("Legio 8") == 2
    assert kit.strength("C Navis 1") == 1
