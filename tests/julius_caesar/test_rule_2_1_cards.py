"""JC 2.1 card phase: the year's deal and discard, each turn's face-down play and reveal.

Positions are built by hand: hands are set in the zones before the step begins, so
no assertion depends on a shuffle. Section numbers are the Polish rulebook's; the
event readings are the printed cards' (julius-caesar-rule-differences.md), with the
rulebooks' Apollo behind the parameter ``apollo.reading``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from framework.engine.state import State, clone
from framework.engine.view import observe
from framework.gamedef import GameDef
from framework.testing import GameUnderTest as Game
from games.julius_caesar.cards import full_deck, resolve_cards


def texts(game: Game, state: State) -> list[str]:
    return [a.text for a in game.legal_actions(state)]


def card_game(
    make_game: Callable[..., Game],
    caesar: list[str],
    pompey: list[str],
    turns: int = 1,
    previous: dict[str, Any] | None = None,
    **params: Any,
) -> tuple[Game, State]:
    """``turns`` card phases from hands set by hand (optionally last turn's cards)."""
    game = make_game(f"repeat turn in 1..{turns}:", "  card_phase", **params)
    state = game.setup()
    state["zones"]["hand:caesar"] = list(caesar)
    state["zones"]["hand:pompey"] = list(pompey)
    if previous is not None:
        state["records"]["cards"] = previous
    game.begin(state)
    return game, state


# -- the deal ---------------------------------------------------------------------------


def test_deck_has_27_cards_20_commands_7_events(jc: GameDef) -> None:
    """JC 2.1: 27 cards, twenty command cards and seven events."""
    deck = full_deck(jc)
    kinds = Counter(jc.cards[c].kind for c in deck)
    assert len(deck) == 27
    assert kinds == {"command": 20, "event": 7}


def test_deal_gives_six_to_each_side_from_all_27(make_game: Callable[..., Game]) -> None:
    """JC 2.1: shuffle all 27 cards and deal six to each player; then Caesar discards."""
    game = make_game("deal_cards")
    state = game.setup(seed=7)
    state["zones"]["played:caesar"] = ["4/1"]  # left over from a year: gathered again
    game.begin(state)
    zones = state["zones"]
    assert len(zones["hand:caesar"]) == 6
    assert len(zones["hand:pompey"]) == 6
    assert len(zones["deck"]) == 15
    assert zones["played:caesar"] == []
    everything = zones["hand:caesar"] + zones["hand:pompey"] + zones["deck"]
    assert Counter(everything) == Counter(full_deck(game.definition))
    prompt = game.prompt(state)
    assert prompt is not None
    assert (prompt.side, prompt.kind) == ("caesar", "discard")
    assert texts(game, state) == [f"discard({c})" for c in sorted(set(zones["hand:caesar"]))]


def test_deal_is_a_chance_event_fixed_by_the_seed(make_game: Callable[..., Game]) -> None:
    """JC 2.1 shuffle: the same seed deals the same hands; another seed another deal."""
    game = make_game("deal_cards")
    first, again, other = (game.new_state(seed=s) for s in (3, 3, 4))
    assert first["zones"] == again["zones"]
    assert first["zones"] != other["zones"]


def test_each_side_discards_one_face_down_caesar_first(make_game: Callable[..., Game]) -> None:
    """JC 2.1: each player discards one card, not shown; Caesar is asked first."""
    game = make_game("deal_cards")
    state = game.new_state(seed=11)
    zones = state["zones"]
    caesar_card = zones["hand:caesar"][0]
    game.apply(state, f"discard({caesar_card})")
    prompt = game.prompt(state)
    assert prompt is not None and prompt.side == "pompey"
    pompey_card = zones["hand:pompey"][-1]
    game.apply(state, f"discard({pompey_card})")
    assert zones["discarded:caesar"] == [caesar_card]
    assert zones["discarded:pompey"] == [pompey_card]
    assert (len(zones["hand:caesar"]), len(zones["hand:pompey"])) == (5, 5)
    public_texts = [e["text"] for e in state["log"] if "to" not in e]
    assert "Caesar discards a card face down" in public_texts
    assert not any(caesar_card in t for t in public_texts if "discards" in t)


def test_discards_parameter_asks_each_side_that_many_times(
    make_game: Callable[..., Game],
) -> None:
    """JC 2.1 with ``discards`` = 2 (a variant): both sides discard at once (a simultaneous
    decision), twice; hands of 4 remain."""
    game = make_game("deal_cards", discards=2)
    state = game.new_state(seed=5)
    asked = []
    while (prompt := game.prompt(state)) is not None:
        asked.append((prompt.side, prompt.sides))
        game.apply(state, game.legal_actions(state)[0])
    both, last = ("caesar", ("caesar", "pompey")), ("pompey", ("pompey",))
    assert asked == [both, last, both, last]
    assert len(state["zones"]["hand:caesar"]) == len(state["zones"]["hand:pompey"]) == 4


def test_the_deal_and_the_discard_show_pompey_nothing_of_caesars_cards(
    make_game: Callable[..., Game],
) -> None:
    """JC 2.1 hidden cards: Pompey's view is the same whichever card Caesar discards,
    and shows Caesar's hand and discard only as counts."""
    game = make_game("deal_cards")
    state = game.new_state(seed=2)
    hand = sorted(set(state["zones"]["hand:caesar"]))
    one = game.applied(state, f"discard({hand[0]})")
    two = game.applied(state, f"discard({hand[1]})")
    assert one["zones"] != two["zones"]
    assert observe(game.definition, one, "pompey") == observe(game.definition, two, "pompey")
    assert observe(game.definition, one, "caesar") != observe(game.definition, two, "caesar")
    view = observe(game.definition, one, "pompey")["zones"]
    assert (view["hand:caesar"], view["discarded:caesar"], view["deck"]) == (5, 1, 15)


# -- the card play: Player 1 --------------------------------------------------------------


def test_rulebook_example_tie_makes_caesar_player_1(make_game: Callable[..., Game]) -> None:
    """JC 2.1 example: Caesar 2/1, Pompey 2/2: equal moves, so Caesar is Player 1;
    Caesar has 2 moves and 1 levy, Pompey 2 moves and 2 levies."""
    game, state = card_game(make_game, ["2/1", "3/1"], ["2/2", "1/2"])
    game.apply(state, "play(2/1)")
    game.apply(state, "play(2/2)")
    public = state["records"]
    assert public["player1"] == "caesar"
    assert public["cards"] == {"caesar": "2/1", "pompey": "2/2"}
    assert public["orders"] == {
        "caesar": {"move": 2, "levy": 1},
        "pompey": {"move": 2, "levy": 2},
    }
    assert public["event"] is None
    assert public["cancelled"] is False
    assert state["zones"]["played:caesar"] == ["2/1"]
    assert state["zones"]["committed:caesar"] == []


def test_higher_move_value_is_player_1(make_game: Callable[..., Game]) -> None:
    """JC 2.1: the higher move value (not levy) makes Player 1: 3/1 beats 2/3."""
    game, state = card_game(make_game, ["2/3"], ["3/1"])
    game.apply(state, "play(2/3)")
    game.apply(state, "play(3/1)")
    assert state["records"]["player1"] == "pompey"


def test_event_player_is_player_1(make_game: Callable[..., Game]) -> None:
    """JC 2.1: the player of an event card is Player 1, even against a 4/1."""
    game, state = card_game(make_game, ["4/1"], ["Mars"])
    game.apply(state, "play(4/1)")
    game.apply(state, "play(Mars)")
    public = state["records"]
    assert public["player1"] == "pompey"
    assert public["event"] == {"card": "Mars", "side": "pompey"}
    assert public["orders"]["pompey"] == {"move": 0, "levy": 0}
    assert public["orders"]["caesar"] == {"move": 4, "levy": 1}


def test_two_events_cancel_and_end_the_turn(make_game: Callable[..., Game]) -> None:
    """JC 2.1: both players play events: both are cancelled and the turn ends."""
    game, state = card_game(make_game, ["Jupiter"], ["Vulcan"])
    game.apply(state, "play(Jupiter)")
    game.apply(state, "play(Vulcan)")
    public = state["records"]
    assert public["cancelled"] is True
    assert public["event"] is None
    assert public["player1"] is None
    assert public["orders"] == {
        "caesar": {"move": 0, "levy": 0},
        "pompey": {"move": 0, "levy": 0},
    }
    assert state["zones"]["played:pompey"] == ["Vulcan"]


def test_reveal_logs_both_cards_to_everyone(make_game: Callable[..., Game]) -> None:
    """JC 2.1: the cards are revealed together; the log names both."""
    game, state = card_game(make_game, ["2/1"], ["2/2"])
    game.apply(state, "play(2/1)")
    game.apply(state, "play(2/2)")
    last = state["log"][-2]  # the sequence's end follows the reveal
    assert "to" not in last
    assert last["text"] == (
        "Cards revealed: Caesar 2/1, Pompeius 2/2; Caesar is Player 1 (tie: Caesar)"
    )


# -- the card play: legal actions and hidden information -----------------------------------


def test_play_prompts_caesar_then_pompey_with_distinct_cards(
    make_game: Callable[..., Game],
) -> None:
    """JC 2.1, card Apollo: in a year's first turn Caesar's hand 2/3, 2/3, Apollo, Mars,
    1/2 offers 3 plays: the two 2/3 are one choice, and Apollo is withheld."""
    game, state = card_game(make_game, ["2/3", "2/3", "Apollo", "Mars", "1/2"], ["2/2"])
    prompt = game.prompt(state)
    assert prompt is not None and (prompt.side, prompt.kind) == ("caesar", "play")
    assert texts(game, state) == ["play(1/2)", "play(2/3)", "play(Mars)"]


def test_rulebook_reading_lets_apollo_be_played_in_the_first_turn(
    make_game: Callable[..., Game],
) -> None:
    """Rulebook reading of Apollo (parameter apollo.reading = rulebook): 4 plays."""
    game, state = card_game(
        make_game, ["2/3", "2/3", "Apollo", "Mars", "1/2"], ["2/2"], apollo__reading="rulebook"
    )
    assert texts(game, state) == ["play(1/2)", "play(2/3)", "play(Apollo)", "play(Mars)"]


def test_apollo_alone_is_playable_in_the_first_turn(make_game: Callable[..., Game]) -> None:
    """A side must always have a legal action: a hand of only Apollo plays it (1 action);
    with nothing to copy it gives no moves, and its player is Player 1 as an event's."""
    game, state = card_game(make_game, ["Apollo"], ["4/1"])
    assert texts(game, state) == ["play(Apollo)"]
    game.apply(state, "play(Apollo)")
    game.apply(state, "play(4/1)")
    public = state["records"]
    assert public["copied"] == {"caesar": None}
    assert public["player1"] == "caesar"
    assert public["event"] is None
    assert public["orders"]["caesar"] == {"move": 0, "levy": 0}


def test_a_side_without_cards_passes(make_game: Callable[..., Game]) -> None:
    """No card left (a variant with more turns than cards): the one action is pass."""
    game, state = card_game(make_game, [], ["1/2"])
    assert texts(game, state) == ["pass"]
    game.apply(state, "pass")
    game.apply(state, "play(1/2)")
    assert state["records"]["cards"] == {"caesar": None, "pompey": "1/2"}
    assert state["records"]["player1"] == "pompey"


def test_committed_card_is_hidden_from_the_opponent(make_game: Callable[..., Game]) -> None:
    """JC 2.1 face down: two positions differing only in Caesar's committed card look
    the same to Pompey, and differ to Caesar."""
    game_a, one = card_game(make_game, ["2/3", "1/2"], ["4/1"])
    game_b, two = card_game(make_game, ["3/1", "1/2"], ["4/1"])
    game_a.apply(one, "play(2/3)")
    game_b.apply(two, "play(3/1)")
    assert one["zones"]["committed:caesar"] == ["2/3"]
    assert two["zones"]["committed:caesar"] == ["3/1"]
    jc = game_a.definition
    assert observe(jc, one, "pompey") == observe(jc, two, "pompey")
    assert observe(jc, one, "caesar") != observe(jc, two, "caesar")
    assert observe(jc, one, "pompey")["zones"]["committed:caesar"] == 1
    assert texts(game_a, one) == ["play(4/1)"]


def test_reveal_is_an_undo_floor(make_game: Callable[..., Game]) -> None:
    """JC 2.1: once the cards are shown, nothing before can be taken back."""
    game, state = card_game(make_game, ["2/3"], ["4/1"])
    game.apply(state, "play(2/3)")
    assert state["undo_floor"] == 0
    game.apply(state, "play(4/1)")
    assert state["undo_floor"] == 2


# -- Apollo ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("reading", "player1"), [("card", "pompey"), ("rulebook", "caesar")])
def test_apollo_copying_a_command_card(
    make_game: Callable[..., Game], reading: str, player1: str
) -> None:
    """Card Apollo: turn 1 Pompey plays 3/1; turn 2 Caesar's Apollo copies it (move 3,
    levy 1) against Pompey's 4/1. By the card the copy decides: 4 > 3, Pompey is Player
    1; by the rulebooks the event player (Caesar) is."""
    game, state = card_game(
        make_game, ["2/2", "Apollo"], ["3/1", "4/1"], turns=2, apollo__reading=reading
    )
    for action in ("play(2/2)", "play(3/1)", "play(Apollo)", "play(4/1)"):
        game.apply(state, action)
    public = state["records"]
    assert public["previous_cards"] == {"caesar": "2/2", "pompey": "3/1"}
    assert public["cards"] == {"caesar": "Apollo", "pompey": "4/1"}
    assert public["copied"] == {"caesar": "3/1"}
    assert public["orders"]["caesar"] == {"move": 3, "levy": 1}
    assert public["event"] is None
    assert public["player1"] == player1


def test_apollo_copying_a_command_card_ties_go_to_caesar(
    make_game: Callable[..., Game],
) -> None:
    """Card Apollo: Pompey's Apollo copies Caesar's 3/2 against Caesar's 3/1: equal
    moves, Caesar is Player 1."""
    game, state = card_game(make_game, ["3/2", "3/1"], ["1/2", "Apollo"], turns=2)
    for action in ("play(3/2)", "play(1/2)", "play(3/1)", "play(Apollo)"):
        game.apply(state, action)
    assert state["records"]["copied"] == {"pompey": "3/2"}
    assert state["records"]["player1"] == "caesar"


def test_apollo_copies_an_event_exactly(make_game: Callable[..., Game]) -> None:
    """Card Apollo: Pompey played Mercury last turn; Caesar's Apollo is Mercury for
    Caesar this turn, and Caesar is Player 1."""
    game, state = card_game(make_game, ["2/2", "Apollo"], ["Mercury", "4/1"], turns=2)
    for action in ("play(2/2)", "play(Mercury)", "play(Apollo)", "play(4/1)"):
        game.apply(state, action)
    public = state["records"]
    assert public["event"] == {"card": "Mercury", "side": "caesar"}
    assert public["player1"] == "caesar"
    assert public["orders"]["caesar"] == {"move": 0, "levy": 0}


def test_apollo_against_an_event_cancels(make_game: Callable[..., Game]) -> None:
    """JC 2.1: Apollo is an event card, so Apollo against Vulcan cancels both."""
    game, state = card_game(make_game, ["2/2", "Apollo"], ["3/1", "Vulcan"], turns=2)
    for action in ("play(2/2)", "play(3/1)", "play(Apollo)", "play(Vulcan)"):
        game.apply(state, action)
    assert state["records"]["cancelled"] is True
    assert state["records"]["player1"] is None


def test_apollo_copying_an_apollo_copies_what_it_copied(make_game: Callable[..., Game]) -> None:
    """Card Apollo: turn 2 Pompey's Apollo copies Caesar's 3/1; turn 3 Caesar's Apollo
    copies the card Pompey had in effect, the 3/1."""
    game, state = card_game(make_game, ["3/1", "1/2", "Apollo"], ["2/2", "Apollo", "2/1"], turns=3)
    plays = ("play(3/1)", "play(2/2)", "play(1/2)", "play(Apollo)", "play(Apollo)", "play(2/1)")
    for action in plays:
        game.apply(state, action)
    public = state["records"]
    assert public["previous_cards"] == {"caesar": "1/2", "pompey": "3/1"}
    assert public["copied"] == {"caesar": "3/1"}
    assert public["player1"] == "caesar"


def test_resolve_cards_is_a_pure_function(jc: GameDef) -> None:
    """JC 2.1 decided without a game: 1/3 against 1/2 is a tie (moves 1), Caesar."""
    outcome = resolve_cards(jc, {"caesar": "1/2", "pompey": "1/3"}, {})
    assert outcome.player1 == "caesar"
    assert outcome.orders == {"caesar": {"move": 1, "levy": 2}, "pompey": {"move": 1, "levy": 3}}
    assert not outcome.cancelled


def test_unchanged_state_when_cloned_before_play(make_game: Callable[..., Game]) -> None:
    """Playing on a copy leaves the original position as it was."""
    game, state = card_game(make_game, ["2/3"], ["4/1"])
    before = clone(state)
    game.applied(state, "play(2/3)")
    assert state == before
