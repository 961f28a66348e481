"""Positions for every game (issue 35, item 10).

An empty position (``game:`` alone, or naming a scenario) starts exactly as a new game. A
game's set-up steps, the steps at the head of its sequence of play (Hannibal Barkas's
``take_seats``: the players take their counters and cards, HB 10.2, HB II step 7; the naval
module's ``set_wind``, GBoJC 6.21), run before a position's step and before its invariants
are checked; what the position lists holds over what they did. ``remaining:`` sends the
cards not listed to one zone, or back to several (each to the one the start put it in). A
zone's last card is its top: a draw takes it first.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from legatus.framework.engine.core import Game
from legatus.framework.engine.positions import parse_position, start_state
from legatus.framework.engine.state import State, state_hash
from legatus.framework.model.errors import DataError
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match


def playable() -> list[tuple[str, str | None]]:
    """Every installed game that loads, with None (its default scenario) and each scenario."""
    catalog = default_catalog()
    found: list[tuple[str, str | None]] = []
    for name in catalog.games():
        try:
            scenarios = list(catalog.load(name).definition.scenarios)
        except Exception:  # the broken fixture games
            continue
        found.extend([(name, None), *((name, scenario) for scenario in scenarios)])
    return found


GAMES = playable()


def start(game: Game, text: str, name: str = "p.yaml") -> State:
    return start_state(game, parse_position(text, name))


def refused(game: Game, text: str) -> list[str]:
    with pytest.raises(DataError) as caught:
        start(game, text)
    return [str(problem) for problem in caught.value.problems]


def test_every_shipped_and_fixture_game_is_tried() -> None:
    names = {name for name, _ in GAMES}
    assert {"julius_caesar", "hannibal_barkas", "gbojc_naval", "council", "demo_skirmish"} <= names


@pytest.mark.parametrize(("name", "scenario"), GAMES)
def test_an_empty_position_starts_as_a_new_game(name: str, scenario: str | None) -> None:
    """``game:`` alone starts the default scenario as ``legatus play`` does (Match.new): the
    same state, hash for hash, at the same first decision; naming a scenario, that one's."""
    game = default_catalog().load(name)
    text = f"game: {name}\n" + (f"scenario: {json.dumps(scenario)}\n" if scenario else "")
    new = Match.new(game, scenario, seed=3)
    positioned = Match.from_position(game, parse_position(text, "empty.position.yaml"), seed=3)
    assert positioned.hash() == new.hash()
    asked, expected = positioned.state["prompt"], new.state["prompt"]
    assert asked is not None and asked == expected
    side = asked["side"]
    assert positioned.legal_actions(side) == new.legal_actions(side)


# -- set-up steps --------------------------------------------------------------------------

HB_2P = "game: hannibal_barkas\nscenario: campaign-2p\n"
ACTIONS = "at: {step: actions, counters: {year: 1, stage: 3}}\n"
ORDER = "records: {order: [carthage_spain, rome_north]}\n"
DECKS = "[deck_rome, deck_carthage, deck_syracuse, deck_massilia, deck_numidia, deck_macedonia]"


@pytest.fixture(scope="module")
def hb() -> Game:
    return default_catalog().load("hannibal_barkas")


@pytest.fixture(scope="module")
def jc() -> Game:
    return default_catalog().load("julius_caesar")


@pytest.mark.parametrize(
    ("name", "steps"),
    [
        ("hannibal_barkas", ["take_seats"]),
        ("gbojc_naval", ["set_wind"]),
        ("julius_caesar", ["free_deployment"]),
        ("council", []),
        ("demo_skirmish", []),
    ],
)
def test_the_set_up_steps_are_the_head_of_the_sequence(name: str, steps: list[str]) -> None:
    """The steps before the first repeat, phase or check (``step take_seats`` before
    ``repeat year``); a game that starts with a repeat has none."""
    game = default_catalog().load(name)
    assert [step.procedure for step in game.setup_steps()] == steps


def test_rule_10_2_the_players_take_their_seats_before_a_later_step(hb: Game) -> None:
    """HB 10.2, II step 7: at the actions of a stage, the seats have been taken before the
    game's invariants are checked: each leader's card with the player of his counter, a
    player's two halves' IP and gold added (Scenario III for two: Rome 2 + 0 IP, 10 + 10
    talents), the six decks shuffled. The position needs no more than the order of play."""
    state = start(hb, HB_2P + ACTIONS + ORDER)
    assert "Hannibal" in state["zones"]["leaders:carthage_spain"]
    assert "P. C. Scipio" in state["zones"]["leaders:rome_north"]
    ip, gold = state["records"]["ip"], state["records"]["gold"]
    assert (ip["rome_north"], ip["rome_south"], ip["carthage_spain"]) == (2, 0, 5)
    assert (gold["rome_north"], gold["rome_south"], gold["carthage_spain"]) == (20, 0, 20)
    rome = [c.id for c in hb.definition.cards.values() if c.kind == "event" and c.deck == "rome"]
    assert set(state["zones"]["deck_rome"]) == set(rome)
    assert state["log"][0]["text"].startswith("The players take their seats")
    assert state["prompt"]["side"] == "carthage_spain"


def test_rule_10_1_the_set_up_steps_see_the_positions_pieces(hb: Game) -> None:
    """HB 10.1: a counter belongs to the player whose sphere holds its region. Hannibal moved
    to Carthago (Scenario III for four) is Carthage (Africa)'s, and so is his card."""
    state = start(
        hb,
        "game: hannibal_barkas\nscenario: campaign-4p\n"
        "at: {step: draw_cards, counters: {year: 1, stage: 3}}\n"
        "pieces: {Hannibal: {at: Carthago}}\n",
    )
    assert state["pieces"]["Hannibal"]["side"] == "carthage_africa"
    assert "Hannibal" in state["zones"]["leaders:carthage_africa"]
    assert "Hannibal" not in state["zones"]["leaders:carthage_spain"]


def test_a_position_at_the_set_up_step_itself_is_a_new_game(hb: Game) -> None:
    """``at: take_seats`` stands before the step: nothing has run, and play runs it."""
    state = start(hb, "game: hannibal_barkas\nat: {step: take_seats}\n")
    assert state_hash(state) == state_hash(hb.new_state())


def test_rule_6_21_the_first_wind_is_set_unless_the_position_gives_it() -> None:
    """GBoJC 6.21: the scenario's first wind (3, towards S) is set before a later turn's
    step, not the record's declared start (0, towards N); a wind the position gives holds
    over it."""
    naval = default_catalog().load("gbojc_naval")
    at = "game: gbojc_naval\nat: {step: initiative, counters: {turn: 2}}\n"
    assert start(naval, at)["records"]["wind"] == {"strength": 3, "direction": "S", "calm": False}
    given = "records: {wind: {strength: 5, direction: NE, calm: false}}\n"
    wind = start(naval, at + given)["records"]["wind"]
    assert wind == {"strength": 5, "direction": "NE", "calm": False}


def test_rule_5_3_a_set_up_step_that_asks_the_players_is_passed_over(jc: Game) -> None:
    """JC 5.3: free deployment asks the players where their blocks stand. A position at the
    year's deal says that with its pieces: the deployment is not asked, the deal is; from
    the beginning it is asked first, as in a new game."""
    text = "game: julius_caesar\noptions: [free_deployment]\n"
    later = start(jc, text + "at: {step: deal_cards, counters: {year: 1}}\n")
    assert later["prompt"]["kind"] == "discard"
    assert later["pieces"]["Caesar"]["at"] == jc.new_state()["pieces"]["Caesar"]["at"]
    first = start(jc, text)
    assert first["prompt"]["kind"] != "discard"
    assert state_hash(first) == state_hash(jc.new_state(options=["free_deployment"]))


# -- remaining and the top of a deck -------------------------------------------------------


def rome_cards(hb: Game) -> int:
    """The copies of Rome's event cards."""
    return sum(
        c.copies for c in hb.definition.cards.values() if c.kind == "event" and c.deck == "rome"
    )


def test_rule_1_3_1_unlisted_cards_go_back_to_their_own_decks(hb: Game) -> None:
    """HB 1.3.1, II step 7: each nation has its deck. ``remaining:`` naming the six decks
    sends each card not listed back to its own, shuffled by the seed; the city and leader
    cards the seats took stay where they are."""
    hands = 'zones: {hand:rome_north: ["Piraci [Rome]", "Sztorm [Rome]"]}\n'
    plain = start(hb, HB_2P + ACTIONS + ORDER + hands)
    state = start(hb, HB_2P + ACTIONS + ORDER + hands + f"remaining: {DECKS}\n")
    for nation in ("rome", "carthage", "syracuse", "massilia", "numidia", "macedonia"):
        deck = state["zones"][f"deck_{nation}"]
        assert {hb.definition.cards[card].deck for card in deck} == {nation}
        assert Counter(deck) == Counter(plain["zones"][f"deck_{nation}"])
    assert state["zones"]["deck_rome"] != plain["zones"]["deck_rome"]  # shuffled again
    assert state["zones"]["hand:rome_north"] == ["Piraci [Rome]", "Sztorm [Rome]"]
    assert len(state["zones"]["deck_rome"]) == rome_cards(hb) - 2
    for key in state["zones"]:
        if not key.startswith("deck_"):
            assert state["zones"][key] == plain["zones"][key], key


def test_rule_3_1_a_deck_is_drawn_from_its_last_card(hb: Game) -> None:
    """HB 3.1: each player draws two cards of his nation's deck. The deck listed ends with
    Sztorm, Zasadzka: Rome (north) draws Zasadzka first, then Sztorm; Rome (south), next,
    Piraci. The cards not listed lie under them."""
    state = start(
        hb,
        "game: hannibal_barkas\nscenario: campaign-4p\n"
        "at: {step: draw_cards, counters: {year: 1, stage: 3}}\n"
        'zones: {deck_rome: ["Piraci [Rome]", "Sztorm [Rome]", "Zasadzka [Rome]"]}\n'
        f"remaining: {DECKS}\n",
    )
    assert state["zones"]["hand:rome_north"] == ["Zasadzka [Rome]", "Sztorm [Rome]"]
    assert state["zones"]["hand:rome_south"][0] == "Piraci [Rome]"
    assert len(state["zones"]["deck_rome"]) == rome_cards(hb) - 4
    drawn = [e["text"] for e in state["log"] if e["text"].startswith("You draw")]
    assert drawn[0] == "You draw Zasadzka [Rome], Sztorm [Rome]"


def test_rule_2_1_the_cards_listed_lie_on_top_of_the_remaining_ones(jc: Game) -> None:
    """JC 2.1: the 27 cards. A deck listed and the zone of ``remaining`` too: the cards not
    listed lie under the deck's listed ones, its top (Jupiter) last."""
    state = start(
        jc,
        "game: julius_caesar\nat: {step: card_phase, counters: {year: 2, turn: 3}}\n"
        "zones:\n  hand:caesar: [2/3, Mars]\n  hand:pompey: [3/1, 4/1]\n"
        "  deck: [Apollo, Jupiter]\nremaining: deck\n",
    )
    deck = state["zones"]["deck"]
    assert deck[-2:] == ["Apollo", "Jupiter"] and len(deck) == 27 - 4


def test_remaining_zones_are_checked_at_their_line(hb: Game, jc: Game) -> None:
    """An unknown zone, at its item's line with a suggestion; a zone named twice, or a list
    of one (one zone is written as its name), by the schema."""
    found = refused(hb, HB_2P + ACTIONS + ORDER + "remaining:\n  - deck_rome\n  - deck_cartage\n")
    assert found == [
        "p.yaml:7 $.remaining[1]: unknown card zone 'deck_cartage'; did you mean 'deck_carthage'?"
    ]
    assert refused(jc, "game: julius_caesar\nremaining: [deck, deck]\n") == [
        "p.yaml:2 $.remaining: ['deck', 'deck'] has non-unique elements"
    ]
    assert refused(jc, "game: julius_caesar\nremaining: [deck]\n") == [
        'p.yaml:2 $.remaining: ["deck"]: too short'
    ]


def test_a_card_that_fits_none_of_the_remaining_zones_is_refused(jc: Game) -> None:
    """JC 2.1: the cards are dealt at the year's deal, so before it none is in a zone: sent
    back to the zone the start put them in, they fit none. One zone takes them all."""
    text = (
        "game: julius_caesar\nat: {step: card_phase, counters: {year: 2, turn: 3}}\n"
        "zones:\n  hand:caesar: [2/3, Mars]\n  hand:pompey: [3/1, 4/1]\n"
        "remaining: [deck, 'discarded:caesar']\n"
    )
    assert refused(jc, text) == [
        "p.yaml:6 $.remaining: the start puts cards '1/2', '1/3', '2/1', '2/2', '2/3', "
        "'3/1' and 7 more in no zone, so they fit none of these: list them in zones, or give "
        "remaining one zone (it takes every card not listed)"
    ]
