"""HB 3.1: drawing cards (Ex. 1), the hand limit of seven; HB 1.3.1: an empty deck is
made again from its discards."""

from __future__ import annotations

from collections import Counter

from legatus.framework.tools.testing import Kit
from legatus.games.hannibal_barkas import queries
from tests.hannibal_barkas.conftest import give, hb_rules, laid_out, seated, set_lean, set_zone


def decks_in_hand(kit: Kit, side: str) -> Counter[str]:
    return Counter(kit.definition.cards[c].deck for c in queries.hand(kit, side))


def test_example_1_two_cards_and_one_from_each_ally() -> None:
    """Ex. 1: player A runs Rome without allies and draws 2 Roman cards; player B runs
    Carthage allied with Massylia and Macedonia and draws 4: 2 of Carthage, 1 of
    Massylia, 1 of Macedonia."""
    kit = laid_out(hb_rules("take_seats", "draw_cards"), "campaign-2p", seed=1)
    set_lean(kit, "macedonia", 2)  # Massilia is allied in Scenario III
    kit.begin()
    assert decks_in_hand(kit, "rome_north") == {"rome": 2}
    assert decks_in_hand(kit, "carthage_spain") == {
        "carthage": 2,
        "massilia": 1,
        "macedonia": 1,
    }
    assert [t for t in kit.log() if " draws " in t] == [
        "Rome draws 2 from Rome's deck",
        "Carthage draws 2 from Carthage's deck, 1 from Massilia's deck, 1 from Macedonia's deck",
    ]


def test_with_two_players_to_a_nation_the_allys_card_goes_to_its_sphere() -> None:
    """Reference A.23 #28: with four players only the player whose sphere holds the ally's
    capital draws its card: Massilia's (Cirta) to Carthage's Africa player, Macedonia's
    (Iliria) to Hannibal's."""
    kit = laid_out(hb_rules("take_seats", "draw_cards"), "campaign-4p", seed=1)
    set_lean(kit, "macedonia", 2)
    kit.begin()
    assert decks_in_hand(kit, "carthage_africa") == {"carthage": 2, "massilia": 1}
    assert decks_in_hand(kit, "carthage_spain") == {"carthage": 2, "macedonia": 1}
    assert decks_in_hand(kit, "rome_south") == {"rome": 2}


def test_a_hand_over_seven_is_cut_back_the_player_choosing() -> None:
    """HB 3.1: at most 7 cards at any moment; the excess is discarded at once, as the
    player chooses. The players over the limit choose at the same time."""
    kit = seated(hb_rules("draw_cards", "initiative", "actions"), "campaign-4p", seed=2)
    set_zone(kit, "hand:rome_north", [])
    give(kit, "rome_north", *queries.deck(kit, "rome")[:6])
    give(kit, "carthage_spain", *queries.deck(kit, "carthage")[:7])
    kit.begin()
    assert kit.asked is not None and kit.asked[1] == "discard"
    assert kit.waiting == ("rome_north", "carthage_spain")
    assert len(queries.hand(kit, "rome_north")) == 8
    first = kit.legal()[0]
    kit.act(first, side="rome_north")
    # Carthage still holds 9: it discards twice; Rome is asked no more.
    kit.act(kit.legal("carthage_spain")[0], side="carthage_spain")
    assert kit.waiting == ("carthage_spain",)
    kit.act(kit.legal()[0])
    assert len(queries.hand(kit, "rome_north")) == 7
    assert len(queries.hand(kit, "carthage_spain")) == 7
    assert kit.asked is not None and kit.asked[1] == "action"


def test_an_empty_deck_is_made_again_from_its_discards() -> None:
    """HB 1.3.1: when a deck runs out, its discard pile is shuffled into a new deck."""
    kit = seated(hb_rules("draw_cards"), "campaign-2p", seed=3)
    deck = queries.deck(kit, "rome")
    set_zone(kit, "discard_rome", deck[1:])
    set_zone(kit, "deck_rome", deck[:1])
    kit.begin()
    assert len(queries.hand(kit, "rome_north")) == 2
    assert queries.discards(kit, "rome") == []
    assert len(queries.deck(kit, "rome")) == 60 - 2
    assert any("made again from its discards" in t for t in kit.log())


def test_the_syracuse_player_draws_only_from_syracuses_deck() -> None:
    """HB 10.4: the Syracuse player draws only Syracuse's cards."""
    kit = laid_out(hb_rules("take_seats", "draw_cards"), "campaign-3p", seed=1)
    kit.begin()
    assert decks_in_hand(kit, "syracuse") == {"syracuse": 2}


def test_a_discard_is_nobody_elses_until_all_have_discarded() -> None:
    """The players over the limit discard at once (a simultaneous decision): which card one
    of them chose reaches no other before all have chosen."""
    from legatus.framework.play.ai.infoset import information_set

    views = []
    for choice in (0, 1):
        kit = seated(hb_rules("draw_cards", "initiative", "actions"), "campaign-4p", seed=2)
        set_zone(kit, "hand:rome_north", [])
        give(kit, "rome_north", *queries.deck(kit, "rome")[:6])
        give(kit, "carthage_spain", *queries.deck(kit, "carthage")[:6])
        kit.begin()
        kit.act(kit.legal("rome_north")[choice], side="rome_north")
        assert kit.waiting == ("carthage_spain",)
        views.append(
            (
                kit.view("carthage_spain"),
                information_set(kit.game, kit.state, "carthage_spain").skeleton,
            )
        )
    assert views[0] == views[1]
