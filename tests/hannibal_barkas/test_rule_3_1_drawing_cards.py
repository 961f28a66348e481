"""HB 3.1: drawing cards (Ex. 1), the hand limit of seven; HB 1.3.1: an empty deck is
made again from its discards."""

from __future__ import annotations

from collections import Counter

from legatus.framework.model.gamedef import GameDef
from tests.hannibal_barkas.conftest import give, hb_rules, seated


def decks_in_hand(hb: GameDef, state: dict[str, object], side: str) -> Counter[str]:
    zones = state["zones"]
    assert isinstance(zones, dict)
    return Counter(hb.cards[c].deck for c in zones[f"hand:{side}"])


def test_example_1_two_cards_and_one_from_each_ally(hb: GameDef) -> None:
    """Ex. 1: player A runs Rome without allies and draws 2 Roman cards; player B runs
    Carthage allied with Massylia and Macedonia and draws 4: 2 of Carthage, 1 of
    Massylia, 1 of Macedonia."""
    game = hb_rules("take_seats", "draw_cards")
    state = game.setup("campaign-2p", seed=1)
    state["records"]["political"]["macedonia"] = 2  # Massilia is allied in Scenario III
    game.begin(state)
    assert decks_in_hand(hb, state, "rome_north") == {"rome": 2}
    assert decks_in_hand(hb, state, "carthage_spain") == {
        "carthage": 2,
        "massilia": 1,
        "macedonia": 1,
    }
    assert [e["text"] for e in state["log"] if " draws " in e["text"]] == [
        "Rome draws 2 from Rome's deck",
        "Carthage draws 2 from Carthage's deck, 1 from Massilia's deck, 1 from Macedonia's deck",
    ]


def test_with_two_players_to_a_nation_the_allys_card_goes_to_its_sphere(hb: GameDef) -> None:
    """Reference A.23 #28: with four players only the player whose sphere holds the ally's
    capital draws its card: Massilia's (Cirta) to Carthage's Africa player, Macedonia's
    (Iliria) to Hannibal's."""
    game = hb_rules("take_seats", "draw_cards")
    state = game.setup("campaign-4p", seed=1)
    state["records"]["political"]["macedonia"] = 2
    game.begin(state)
    assert decks_in_hand(hb, state, "carthage_africa") == {"carthage": 2, "massilia": 1}
    assert decks_in_hand(hb, state, "carthage_spain") == {"carthage": 2, "macedonia": 1}
    assert decks_in_hand(hb, state, "rome_south") == {"rome": 2}


def test_a_hand_over_seven_is_cut_back_the_player_choosing() -> None:
    """HB 3.1: at most 7 cards at any moment; the excess is discarded at once, as the
    player chooses. The players over the limit choose at the same time."""
    game = hb_rules("draw_cards", "initiative", "actions")
    state = seated(game, "campaign-4p", seed=2)
    state["zones"]["hand:rome_north"] = []
    rome_cards = state["zones"]["deck_rome"][:6]
    give(state, "rome_north", *rome_cards)
    carthage_cards = state["zones"]["deck_carthage"][:7]
    give(state, "carthage_spain", *carthage_cards)
    game.begin(state)
    prompt = state["prompt"]
    assert prompt["kind"] == "discard"
    assert prompt["sides"] == ["rome_north", "carthage_spain"]
    assert len(state["zones"]["hand:rome_north"]) == 8
    first = game.legal(state)[0]
    game.game.apply(state, first, game.run, side="rome_north")
    # Carthage still holds 9: it discards twice; Rome is asked no more.
    second = game.game.legal_actions(state, game.run, side="carthage_spain")[0].text
    game.game.apply(state, second, game.run, side="carthage_spain")
    assert state["prompt"]["sides"] == ["carthage_spain"]
    game.apply(state, game.legal(state)[0])
    assert len(state["zones"]["hand:rome_north"]) == 7
    assert len(state["zones"]["hand:carthage_spain"]) == 7
    assert state["prompt"]["kind"] == "action"


def test_an_empty_deck_is_made_again_from_its_discards() -> None:
    """HB 1.3.1: when a deck runs out, its discard pile is shuffled into a new deck."""
    game = hb_rules("draw_cards")
    state = seated(game, "campaign-2p", seed=3)
    deck = state["zones"]["deck_rome"]
    state["zones"]["discard_rome"] = deck[1:]
    state["zones"]["deck_rome"] = deck[:1]
    game.begin(state)
    assert len(state["zones"]["hand:rome_north"]) == 2
    assert state["zones"]["discard_rome"] == []
    assert len(state["zones"]["deck_rome"]) == 60 - 2
    assert any("made again from its discards" in e["text"] for e in state["log"])


def test_the_syracuse_player_draws_only_from_syracuses_deck(hb: GameDef) -> None:
    """HB 10.4: the Syracuse player draws only Syracuse's cards."""
    game = hb_rules("take_seats", "draw_cards")
    state = game.setup("campaign-3p", seed=1)
    game.begin(state)
    assert decks_in_hand(hb, state, "syracuse") == {"syracuse": 2}


def test_a_discard_is_nobody_elses_until_all_have_discarded(hb: GameDef) -> None:
    """The players over the limit discard at once (a simultaneous decision): which card one
    of them chose reaches no other before all have chosen."""
    from legatus.framework.engine.view import observe
    from legatus.framework.play.ai.infoset import information_set

    views = []
    for choice in (0, 1):
        game = hb_rules("draw_cards", "initiative", "actions")
        state = seated(game, "campaign-4p", seed=2)
        state["zones"]["hand:rome_north"] = []
        give(state, "rome_north", *state["zones"]["deck_rome"][:6])
        give(state, "carthage_spain", *state["zones"]["deck_carthage"][:6])
        game.begin(state)
        card = game.game.legal_actions(state, game.run, side="rome_north")[choice]
        game.game.apply(state, card, game.run, side="rome_north")
        assert state["prompt"]["sides"] == ["carthage_spain"]
        views.append(
            (
                observe(hb, state, "carthage_spain"),
                information_set(game.game, state, "carthage_spain").skeleton,
            )
        )
    assert views[0] == views[1]
