"""JC 8.6 year reset: face-up blocks in the pools stand up again (levy-able next year);
all 27 cards are shuffled and dealt anew (the next year's JC 2.1 deal). Each test starts at
the winter's last step."""

from __future__ import annotations

from collections import Counter

from legatus.framework.kit import reads
from legatus.framework.kit.cards import full_deck
from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.julius_caesar import queries

from .conftest import JC, placed

RESET = "at: {step: year_reset, counters: {year: 1}}\n"


def test_face_up_blocks_stand_and_cards_are_gathered(play_from: PlayFrom) -> None:
    """JC 8.6: Legio 7 (face up in the pool, eliminated this year) stands again; the
    discards and played cards (the hands are played out) return to the deck (27 cards),
    dealt anew for the next year; the year's card records go; trophies stay (JC 1.2)."""
    kit = play_from(
        JC,
        RESET
        + placed({"Roma": ["Legio 13"]}, pool=["Legio 7"])
        + """
pieces: {Legio 7: {flags: [face_up]}}
zones: {played:caesar: [2/2], played:pompey: [Mars, 3/1], discarded:caesar: [1/2]}
remaining: deck
records:
  cards: {caesar: 2/2, pompey: 3/1}
  player1: caesar
  cancelled: false
  event: null
  trophies: {caesar: [Scipio]}
  leaders_lost: {pompey: 1}
""",
    )
    assert (kit.at("Legio 7"), kit.flags("Legio 7")) == ("pool", [])
    assert reads.eliminated(kit, "caesar") == []
    assert (kit.step, kit.counters) == ("deal_cards", {"year": 2})
    dealt = kit.zone("hand:caesar") + kit.zone("hand:pompey") + kit.zone("deck")
    assert Counter(dealt) == Counter(full_deck(kit.definition))
    assert kit.zone("played:pompey") == kit.zone("discarded:caesar") == []
    fresh = play_from(JC)  # the first year's deal, from the scenario's records
    changed = {"trophies", "leaders_lost"}
    records = [name for name in kit.definition.records if name not in changed]
    assert {n: kit.record(n) for n in records} == {n: fresh.record(n) for n in records}
    assert reads.trophies(kit, "caesar") == ["Scipio"]


def seed_dealing_apollo_to_caesar(play_from: PlayFrom) -> int:
    """A seed whose second-year deal gives Caesar Apollo (the shuffle is the seed's)."""
    for seed in range(100):
        kit = play_from(JC, RESET + placed({}), seed=seed)
        if "Apollo" in kit.zone("hand:caesar"):
            return seed
    raise AssertionError("no seed below 100 deals Caesar Apollo")


def test_next_year_apollo_is_again_barred_in_the_first_turn(play_from: PlayFrom) -> None:
    """JC 8.6 then 2.1 (card Apollo): last year's last cards were Caesar 3/1, Pompey 2/2.
    After the reset they are forgotten, so in the new year's first turn Caesar's hand,
    Apollo among its cards, does not offer Apollo (nothing to copy)."""
    seed = seed_dealing_apollo_to_caesar(play_from)
    kit = play_from(
        JC, RESET + placed({}) + "records: {cards: {caesar: 3/1, pompey: 2/2}}\n", seed=seed
    )
    hand = kit.zone("hand:caesar")
    kit.act(f"discard({next(c for c in hand if c != 'Apollo')})")
    kit.act(kit.legal()[0])  # Pompey's discard
    assert (kit.step, kit.counters) == ("card_phase", {"year": 2, "turn": 1})
    assert "Apollo" in kit.zone("hand:caesar")
    assert "play(Apollo)" not in kit.legal()
    assert queries.cards(kit).previous == {}


def test_face_down_blocks_stand_too(play_from: PlayFrom) -> None:
    """JC 8.6 with the Polish 7.5 (eliminated blocks lie face down): they stand up too."""
    kit: Kit = play_from(
        JC,
        RESET + placed({}, pool=["Legio 7"]) + "pieces: {Legio 7: {flags: [face_down]}}\n",
        params={"eliminated.face_up": False},
    )
    assert kit.flags("Legio 7") == []
