"""Hannibal Barkas at the terminal, in English (issue 38, item 2), through the command line
(run in the test's process, ``legatus_here``: the game is loaded once): cards with what they do, names of cards, places, leaders and attitudes in English (the
Polish originals kept in the data, shown with ``--language pl``), the unit abbreviations
explained, a warning before crossing the Alps, and no prompt to answer one's own move."""

from __future__ import annotations

from tests.helpers import legatus_here

HB = ("play", "hannibal_barkas", "--scenario", "campaign-2p", "--seed", "3",
      "--side", "carthage=human", "--no-autosave")  # fmt: skip
#: Carthage activates Volcae, takes 6 heavy infantry and marches (seed 3).
TO_THE_ALPS = ["activate(Volcae)", "take(heavy_infantry, 6)", "march"]


def play(*args: str, typed: list[str]) -> str:
    result = legatus_here(*args, stdin="\n".join([*typed, "quit"]) + "\n")
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_cards_places_and_leaders_read_in_english_and_a_name_may_be_typed() -> None:
    out = play(*HB, typed=["event(Mercenaries)"])
    first = out.split("carthage_spain> ")[0]
    assert "Your hand (3):\n  Tribute [Massilia]: 0 IP or 8 talents; no event; played for " in first
    assert (
        "  Mercenaries: 1 IP or 6 talents; two light infantry, free, in a city you hold that is "
        "not besieged." in first
    )
    assert "Embassy [Carthage]: 1 IP or 6 talents; a state on the political track" in first
    assert "Carthago: Carthage (Hannibal): Hanno the Great (1A), 2 LI," in first
    assert "Armies (LI light infantry, HI heavy infantry, Cav cavalry, GI Gallic infantry" in first
    # The choices name the cards in English; typing the English name plays the card.
    assert "event(…)  (2 choices)" in first and "Najemnicy" not in out
    assert "Carthage plays Mercenaries as an event: Mercenaries: two light infantry" in out


def test_the_polish_originals_with_language_pl() -> None:
    out = play(*HB, "--language", "pl", typed=["event(Najemnicy)"])
    assert "  Najemnicy: 1 IP or 6 talents; two light infantry" in out
    assert "  Poselstwo [Kartagina]: 1 IP or 6 talents;" in out
    assert "Carthage plays Najemnicy as an event" in out
    assert "Hannon Magnus (1A)" in out


def test_a_language_the_data_does_not_give_is_said_and_a_bad_one_refused() -> None:
    given = legatus_here(*HB, "--language", "de", stdin="quit\n")
    assert given.returncode == 0
    assert given.stderr == (
        "warning: hannibal_barkas gives no names in 'de' (it has: en, pl): its own names are "
        "shown\n"
    )
    bad = legatus_here(*HB, "--language", "english", stdin="quit\n")
    assert bad.returncode == 1 and bad.stdout == ""
    assert (
        bad.stderr == "error: --language 'english': expected a two-letter code such as en or pl\n"
    )


def test_the_alps_are_warned_of_and_a_step_taken_only_when_confirmed() -> None:
    """HB 4.3: each unit crossing rolls a d10 and dies on 8 or more; the step over the Alps
    says so beside it, and choosing it asks for yes; anything else takes nothing."""
    out = play(*HB, typed=[*TO_THE_ALPS, "step(Taurini)", "no", "4", "yes", "where taurini"])
    steps = out.split("carthage_spain> ")[3]
    assert (
        "    4. step(Taurini)  — Taurini (Tau): no army; over the Alps (HB 4.3); a tribe, neutral"
        in steps
    )
    assert "    1. step(Emporiae)  — Emporiae (Emp): no army\n" in steps
    warning = (
        "warning: stepping from Volcae to Taurini crosses the Alps (HB 4.3): each of the 6 "
        "units of the group rolls a d10 and dies on 8 or more (about 2 lost), and the move ends "
        "in Taurini; leaders die if their whole army does\n"
        "type yes to go ahead, anything else to choose again> "
    )
    assert out.count(warning) == 2
    refused, taken = out.split(warning)[1:]
    assert refused.startswith("not taken.\n") and "Crossing the Alps" not in refused
    assert taken.startswith(
        "  . Crossing the Alps into Taurini: rolls [10, 8, 3, 9, 10, 1]; 4 HI lost"
    )
    # The tribe's attitude test in English (the rules file keeps Tabela 2's Polish words).
    assert "  . Taurini test their attitude to carthage: d10 6 = 6, neutral" in taken
    assert "   a Gallic tribe, neutral (HB 8.1)\n" in taken
    assert "   tribe, levy infantry 4, levy cavalry 1\n" in taken
    assert "Volcae (Vol)    alps — Carthage (Hannibal): Carthalo (1), Hannibal (3A)" in taken


def test_a_player_is_not_asked_to_respond_to_his_own_move() -> None:
    """HB 1.3.1: after Carthage's army moves, Rome may answer with an effect; Carthage is
    not asked to (nothing of its own answers its own move)."""
    out = play(*HB, typed=[*TO_THE_ALPS, "step(Emporiae)", "halt", "blocks"])
    assert "Carthage moves 6 HI from Volcae to Emporiae" in out
    assert "respond to" not in out
    armies = out.split("carthage_spain> ")[-2]
    assert "   Emporiae (Emp): 6 HI (6 moved)\n" in armies
    assert "   (LI light infantry, HI heavy infantry," in armies
