"""JC 2.1 card phase: the year's deal and discard, each turn's face-down play and reveal.

Positions give the hands (card zones, the rest of the cards in the deck), so no
assertion depends on a shuffle but the deal's own tests. One block of each side stands on
the map, so that the command phase after the reveal asks its Player 1 to move: the turn's
cards are read then (the next card phase forgets them); between turns the tests play the
command phase passively. Section numbers are the Polish rulebook's; the event readings
are the printed cards' (julius-caesar-rule-differences.md), with the rulebooks' Apollo
behind the parameter ``apollo.reading``.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from legatus.framework.kit import reads
from legatus.framework.kit.cards import full_deck, resolve_cards
from legatus.framework.model.gamedef import GameDef
from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.julius_caesar import queries

from .conftest import JC, advance, placed

EMPTY_MAP = placed({})
TWO_BLOCKS = placed({"Massilia": ["Legio 11"], "Utica": ["Legio 39"]})


def card_phase(
    play_from: PlayFrom,
    caesar: list[str],
    pompey: list[str],
    previous: dict[str, Any] | None = None,
    *,
    turn: int = 1,
    **params: Any,
) -> Kit:
    """A card phase from the hands given, the year's first unless ``turn`` says otherwise
    (``previous``: last turn's card records, ``{"cards": ..., "copied": ...}``)."""
    lines = [
        f"at: {{step: card_phase, counters: {{year: 1, turn: {turn}}}}}",
        f"zones: {json.dumps({'hand:caesar': caesar, 'hand:pompey': pompey})}",
        "remaining: deck",
    ]
    if previous is not None:
        lines.append(f"records: {json.dumps(previous)}")
    return play_from(JC, "\n".join(lines) + "\n" + TWO_BLOCKS, params=params or None)


def next_turn(kit: Kit) -> Kit:
    """Play the rest of the turn passively, to the next turn's cards."""
    advance(kit, stop=("play",))
    return kit


def deal(play_from: PlayFrom, seed: int, **more: Any) -> Kit:
    """The year's deal, its shuffle from the position's seed."""
    return play_from(
        JC, "at: {step: deal_cards, counters: {year: 1}}\n" + EMPTY_MAP, seed=seed, **more
    )


# -- the deal ---------------------------------------------------------------------------


def test_deck_has_27_cards_20_commands_7_events(jc: GameDef) -> None:
    """JC 2.1: 27 cards, twenty command cards and seven events."""
    deck = full_deck(jc)
    kinds = Counter(jc.cards[c].kind for c in deck)
    assert len(deck) == 27
    assert kinds == {"command": 20, "event": 7}


def test_deal_gives_six_to_each_side_from_all_27(play_from: PlayFrom) -> None:
    """JC 2.1: shuffle all 27 cards and deal six to each player; then Caesar discards."""
    kit = play_from(
        JC,
        "at: {step: deal_cards, counters: {year: 2}}\nzones: {played:caesar: [4/1]}\n"
        "remaining: deck\n" + EMPTY_MAP,
        seed=7,
    )  # a card left over from a year: gathered again
    hands = kit.zone("hand:caesar"), kit.zone("hand:pompey")
    assert (len(hands[0]), len(hands[1]), len(kit.zone("deck"))) == (6, 6, 15)
    assert kit.zone("played:caesar") == []
    everything = hands[0] + hands[1] + kit.zone("deck")
    assert Counter(everything) == Counter(full_deck(kit.definition))
    assert kit.asked == ("caesar", "discard")
    assert kit.legal() == [f"discard({c})" for c in sorted(set(hands[0]))]


def test_deal_is_a_chance_event_fixed_by_the_seed(play_from: PlayFrom) -> None:
    """JC 2.1 shuffle: the same seed deals the same hands; another seed another deal."""
    first, again, other = (deal(play_from, seed) for seed in (3, 3, 4))
    zones = [
        {k: kit.zone(k) for k in ("deck", "hand:caesar", "hand:pompey")}
        for kit in (first, again, other)
    ]
    assert zones[0] == zones[1]
    assert zones[0] != zones[2]


def test_each_side_discards_one_face_down_caesar_first(play_from: PlayFrom) -> None:
    """JC 2.1: each player discards one card, not shown; Caesar is asked first."""
    kit = deal(play_from, 11)
    caesar_card = kit.zone("hand:caesar")[0]
    kit.act(f"discard({caesar_card})")
    assert kit.asked is not None and kit.asked[0] == "pompey"
    pompey_card = kit.zone("hand:pompey")[-1]
    kit.act(f"discard({pompey_card})")
    assert kit.zone("discarded:caesar") == [caesar_card]
    assert kit.zone("discarded:pompey") == [pompey_card]
    assert (len(kit.zone("hand:caesar")), len(kit.zone("hand:pompey"))) == (5, 5)
    assert "Caesar discards a card face down" in kit.log()
    assert not any(caesar_card in t for t in kit.log() if "discards" in t)


def test_discards_parameter_asks_each_side_that_many_times(play_from: PlayFrom) -> None:
    """JC 2.1 with ``discards`` = 2 (a variant): both sides discard at once (a simultaneous
    decision), twice; hands of 4 remain."""
    kit = deal(play_from, 5, params={"discards": 2})
    asked = []
    while kit.asked is not None and kit.asked[1] == "discard":
        assert kit.prompt is not None
        asked.append((kit.prompt.side, kit.prompt.sides))
        kit.act(kit.legal()[0])
    both, last = ("caesar", ("caesar", "pompey")), ("pompey", ("pompey",))
    assert asked == [both, last, both, last]
    assert len(kit.zone("hand:caesar")) == len(kit.zone("hand:pompey")) == 4


def test_the_deal_and_the_discard_show_pompey_nothing_of_caesars_cards(
    play_from: PlayFrom,
) -> None:
    """JC 2.1 hidden cards: Pompey's view is the same whichever card Caesar discards,
    and shows Caesar's hand and discard only as counts."""
    kit = deal(play_from, 2)
    hand = sorted(set(kit.zone("hand:caesar")))
    one = kit.fork().act(f"discard({hand[0]})")
    two = kit.fork().act(f"discard({hand[1]})")
    assert one.zone("discarded:caesar") != two.zone("discarded:caesar")
    assert one.view("pompey") == two.view("pompey")
    assert one.view("caesar") != two.view("caesar")
    zones = one.view("pompey")["zones"]
    assert (zones["hand:caesar"], zones["discarded:caesar"], zones["deck"]) == (5, 1, 15)


# -- the card play: Player 1 --------------------------------------------------------------


def test_rulebook_example_tie_makes_caesar_player_1(play_from: PlayFrom) -> None:
    """JC 2.1 example: Caesar 2/1, Pompey 2/2: equal moves, so Caesar is Player 1;
    Caesar has 2 moves and 1 levy, Pompey 2 moves and 2 levies."""
    kit = card_phase(play_from, ["2/1", "3/1"], ["2/2", "1/2"])
    kit.act("play(2/1)", "play(2/2)")
    cards = queries.cards(kit)
    assert cards.player1 == "caesar"
    assert cards.played == {"caesar": "2/1", "pompey": "2/2"}
    assert cards.orders == {"caesar": (2, 1), "pompey": (2, 2)}
    assert cards.event is None
    assert cards.cancelled is False
    assert kit.zone("played:caesar") == ["2/1"]
    assert kit.zone("committed:caesar") == []


def test_higher_move_value_is_player_1(play_from: PlayFrom) -> None:
    """JC 2.1: the higher move value (not levy) makes Player 1: 3/1 beats 2/3."""
    kit = card_phase(play_from, ["2/3"], ["3/1"])
    kit.act("play(2/3)", "play(3/1)")
    assert reads.player1(kit) == "pompey"


def test_event_player_is_player_1(play_from: PlayFrom) -> None:
    """JC 2.1: the player of an event card is Player 1, even against a 4/1."""
    kit = card_phase(play_from, ["4/1"], ["Mars"])
    kit.act("play(4/1)", "play(Mars)")
    cards = queries.cards(kit)
    assert cards.player1 == "pompey"
    assert cards.event == ("Mars", "pompey")
    assert cards.orders["pompey"] == (0, 0)
    assert cards.orders["caesar"] == (4, 1)


def test_two_events_cancel_and_end_the_turn(play_from: PlayFrom) -> None:
    """JC 2.1: both players play events: both are cancelled and the turn ends."""
    kit = card_phase(play_from, ["Jupiter", "2/2"], ["Vulcan", "1/2"])
    kit.act("play(Jupiter)", "play(Vulcan)")
    assert kit.log()[-1] == (
        "Cards revealed: Caesar Jupiter, Pompeius Vulcan; both events are cancelled; the turn ends"
    )
    assert kit.zone("played:pompey") == ["Vulcan"]
    # The turn ends at once, no event played, nobody moving: the next turn's cards.
    assert (kit.step, kit.counters, kit.asked) == (
        "card_phase",
        {"year": 1, "turn": 2},
        ("caesar", "play"),
    )
    assert queries.cards(kit).previous == {"caesar": "Jupiter", "pompey": "Vulcan"}


def test_reveal_logs_both_cards_to_everyone(play_from: PlayFrom) -> None:
    """JC 2.1: the cards are revealed together; the log names both."""
    kit = card_phase(play_from, ["2/1"], ["2/2"])
    kit.act("play(2/1)", "play(2/2)")
    revealed = [t for t in kit.log() if t.startswith("Cards revealed")]
    assert revealed == [
        "Cards revealed: Caesar 2/1, Pompeius 2/2; Caesar is Player 1 (tie: Caesar)"
    ]


# -- the card play: legal actions and hidden information -----------------------------------


def test_play_prompts_caesar_then_pompey_with_distinct_cards(play_from: PlayFrom) -> None:
    """JC 2.1, card Apollo: in a year's first turn Caesar's hand 2/3, 2/3, Apollo, Mars,
    1/2 offers 3 plays: the two 2/3 are one choice, and Apollo is withheld."""
    kit = card_phase(play_from, ["2/3", "2/3", "Apollo", "Mars", "1/2"], ["2/2"])
    assert kit.asked == ("caesar", "play")
    assert kit.legal() == ["play(1/2)", "play(2/3)", "play(Mars)"]


def test_rulebook_reading_lets_apollo_be_played_in_the_first_turn(play_from: PlayFrom) -> None:
    """Rulebook reading of Apollo (parameter apollo.reading = rulebook): 4 plays."""
    kit = card_phase(
        play_from,
        ["2/3", "2/3", "Apollo", "Mars", "1/2"],
        ["2/2"],
        **{"apollo.reading": "rulebook"},
    )
    assert kit.legal() == ["play(1/2)", "play(2/3)", "play(Apollo)", "play(Mars)"]


def test_apollo_alone_is_playable_in_the_first_turn(play_from: PlayFrom) -> None:
    """A side must always have a legal action: a hand of only Apollo plays it (1 action);
    with nothing to copy it gives no moves, and its player is Player 1 as an event's."""
    kit = card_phase(play_from, ["Apollo"], ["4/1"])
    assert kit.legal() == ["play(Apollo)"]
    kit.act("play(Apollo)", "play(4/1)")
    cards = queries.cards(kit)
    assert cards.copied == {"caesar": None}
    assert cards.player1 == "caesar"
    assert cards.event is None
    assert cards.orders["caesar"] == (0, 0)


def test_a_side_without_cards_passes(play_from: PlayFrom) -> None:
    """No card left (a variant with more turns than cards: six turns, five cards after the
    discard): in the sixth turn the one action is pass, for each side; Caesar is Player 1
    on the tie (0 against 0), and nobody moves or levies."""
    kit = card_phase(play_from, [], [], turn=6, turns_per_year=6)
    assert (kit.legal("caesar"), kit.legal("pompey")) == (["pass"], ["pass"])
    kit.act("pass", "pass")
    cards = queries.cards(kit)
    assert cards.played == {"caesar": None, "pompey": None}
    assert cards.player1 == "caesar"
    assert cards.orders == {"caesar": (0, 0), "pompey": (0, 0)}


def test_committed_card_is_hidden_from_the_opponent(play_from: PlayFrom) -> None:
    """JC 2.1 face down: two positions differing only in Caesar's committed card look
    the same to Pompey, and differ to Caesar."""
    one = card_phase(play_from, ["2/3", "1/2"], ["4/1"]).act("play(2/3)")
    two = card_phase(play_from, ["3/1", "1/2"], ["4/1"]).act("play(3/1)")
    assert one.zone("committed:caesar") == ["2/3"]
    assert two.zone("committed:caesar") == ["3/1"]
    assert one.view("pompey") == two.view("pompey")
    assert one.view("caesar") != two.view("caesar")
    assert one.view("pompey")["zones"]["committed:caesar"] == 1
    assert one.legal() == ["play(4/1)"]


def test_reveal_is_an_undo_floor(play_from: PlayFrom) -> None:
    """JC 2.1: once the cards are shown, nothing before can be taken back."""
    kit = card_phase(play_from, ["2/3"], ["4/1"])
    kit.act("play(2/3)")
    assert kit.undo_floor == 0
    kit.act("play(4/1)")
    assert kit.undo_floor == kit.actions_taken == 2


# -- Apollo ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("reading", "player1"), [("card", "pompey"), ("rulebook", "caesar")])
def test_apollo_copying_a_command_card(play_from: PlayFrom, reading: str, player1: str) -> None:
    """Card Apollo: turn 1 Pompey plays 3/1; turn 2 Caesar's Apollo copies it (move 3,
    levy 1) against Pompey's 4/1. By the card the copy decides: 4 > 3, Pompey is Player
    1; by the rulebooks the event player (Caesar) is."""
    kit = card_phase(play_from, ["2/2", "Apollo"], ["3/1", "4/1"], **{"apollo.reading": reading})
    next_turn(kit.act("play(2/2)", "play(3/1)")).act("play(Apollo)", "play(4/1)")
    cards = queries.cards(kit)
    assert cards.previous == {"caesar": "2/2", "pompey": "3/1"}
    assert cards.played == {"caesar": "Apollo", "pompey": "4/1"}
    assert cards.copied == {"caesar": "3/1"}
    assert cards.orders["caesar"] == (3, 1)
    assert cards.event is None
    assert cards.player1 == player1


def test_apollo_copying_a_command_card_ties_go_to_caesar(play_from: PlayFrom) -> None:
    """Card Apollo: Pompey's Apollo copies Caesar's 3/2 against Caesar's 3/1: equal
    moves, Caesar is Player 1."""
    kit = card_phase(play_from, ["3/2", "3/1"], ["1/2", "Apollo"])
    next_turn(kit.act("play(3/2)", "play(1/2)")).act("play(3/1)", "play(Apollo)")
    cards = queries.cards(kit)
    assert cards.copied == {"pompey": "3/2"}
    assert cards.player1 == "caesar"


def test_apollo_copies_an_event_exactly(play_from: PlayFrom) -> None:
    """Card Apollo: Pompey played Mercury last turn; Caesar's Apollo is Mercury for
    Caesar this turn, and Caesar is Player 1."""
    kit = card_phase(play_from, ["2/2", "Apollo"], ["Mercury", "4/1"])
    next_turn(kit.act("play(2/2)", "play(Mercury)")).act("play(Apollo)", "play(4/1)")
    cards = queries.cards(kit)
    assert cards.event == ("Mercury", "caesar")
    assert cards.player1 == "caesar"
    assert cards.orders["caesar"] == (0, 0)


def test_apollo_against_an_event_cancels(play_from: PlayFrom) -> None:
    """JC 2.1: Apollo is an event card, so Apollo against Vulcan cancels both."""
    kit = card_phase(play_from, ["2/2", "Apollo"], ["3/1", "Vulcan"])
    next_turn(kit.act("play(2/2)", "play(3/1)")).act("play(Apollo)", "play(Vulcan)")
    assert kit.log()[-1] == (
        "Cards revealed: Caesar Apollo (copying 3/1), Pompeius Vulcan; both events are "
        "cancelled; the turn ends"
    )
    assert kit.counters == {"year": 1, "turn": 3}


def test_apollo_copying_an_apollo_copies_what_it_copied(play_from: PlayFrom) -> None:
    """Card Apollo: turn 2 Pompey's Apollo copied Caesar's 3/1; turn 3 Caesar's Apollo
    copies the card Pompey had in effect, the 3/1. The game has one Apollo, so no play
    reaches this: the position states turn 2's cards (Pompey's Apollo and what it copied)
    and gives Caesar an Apollo for turn 3."""
    kit = card_phase(
        play_from,
        ["Apollo"],
        ["2/1"],
        {"cards": {"caesar": "1/2", "pompey": "Apollo"}, "copied": {"pompey": "3/1"}},
        turn=3,
    )
    kit.act("play(Apollo)", "play(2/1)")
    cards = queries.cards(kit)
    assert cards.previous == {"caesar": "1/2", "pompey": "3/1"}
    assert cards.copied == {"caesar": "3/1"}
    assert cards.player1 == "caesar"


def test_apollo_in_a_later_turn_copies_the_positions_last_cards(play_from: PlayFrom) -> None:
    """A position in the year's second turn, with last turn's cards: Caesar's Apollo
    (allowed: not the first turn) copies Pompey's 3/1."""
    kit = card_phase(
        play_from, ["Apollo", "2/2"], ["4/1"], {"cards": {"caesar": "2/2", "pompey": "3/1"}}, turn=2
    )
    assert kit.legal() == ["play(2/2)", "play(Apollo)"]
    kit.act("play(Apollo)", "play(4/1)")
    assert queries.cards(kit).copied == {"caesar": "3/1"}


def test_resolve_cards_is_a_pure_function(jc: GameDef) -> None:
    """JC 2.1 decided without a game: 1/3 against 1/2 is a tie (moves 1), Caesar."""
    played = {"caesar": "1/2", "pompey": "1/3"}
    outcome = resolve_cards(jc, played, {}, tie="caesar", values=["move", "levy"])
    assert outcome.player1 == "caesar"
    assert outcome.orders == {"caesar": {"move": 1, "levy": 2}, "pompey": {"move": 1, "levy": 3}}
    assert not outcome.cancelled


def test_unchanged_state_when_copied_before_play(play_from: PlayFrom) -> None:
    """Playing on a copy (Game.applied) leaves the position as it was."""
    kit = card_phase(play_from, ["2/3"], ["4/1"])
    before = kit.export()
    kit.game.applied(kit.state, "play(2/3)")
    assert kit.export() == before
