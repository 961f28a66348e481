"""HotS p. 8 "Tournament" (reference 13): the optional tournament bidding, variant
``tournament_bidding`` (rules: procedure ``tournament_levy``).

Before a game that starts in 1297 both players bid in secret E1-E3 or S1-S3, shown
together; opposite equal bids cancel, otherwise the difference goes to the higher bid (E2
against S1: E1), and of two bids of one letter the higher holds (the reading chosen: the
reference says nothing of them). E#: Edward face up in the English pool for # years,
counted for the Feudal Levy but never drawn; S#: # blocks more in the 1297 levy (4 + #).
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from legatus.framework.engine.core import Game
from legatus.framework.engine.state import State, clone
from legatus.framework.engine.view import observe
from legatus.framework.kit import held
from legatus.framework.play.ai.infoset import information_set
from legatus.games.hammer_of_the_scots import winter
from tests.hammer_of_the_scots.test_rule_3_card_phase import DATA, catalog
from tests.hammer_of_the_scots.test_rule_4_movement import _ctx

VARIANT = DATA / "variants" / "tournament_bidding.variant"


@cache
def bidding() -> Game:
    return catalog().load(DATA, VARIANT)


def _bid(game: Game, state: State, side: str, bid: str) -> State:
    """``side`` answers the bid with ``bid`` (E# or S#), whichever side is asked first (in a
    copy of ``state``)."""
    kind = {"E": "bid_e", "S": "bid_s"}[bid[0]]
    actions = game.legal_actions(state, side=side)
    (action,) = [a for a in actions if a.kind == kind and a.args == (int(bid[1]),)]
    state = clone(state)
    if state["prompt"]["side"] != side:
        game.take_turn(state, side)
    return game.apply(state, action)


def _after_bids(english: str, scots: str, scenario: str = "braveheart") -> State:
    game = bidding()
    state = game.new_state(scenario, seed=11)
    assert state["prompt"]["kind"] == "bid"
    state = _bid(game, state, "english", english)
    return _bid(game, state, "scots", scots)


def _in_england(state: State) -> list[str]:
    return [b for b, entry in state["pieces"].items() if entry["at"] == "England"]


def test_the_option_is_off_by_default() -> None:
    """Optional: the base rules ask no bid; four blocks are drawn into England in 1297."""
    game: Game = catalog().load(DATA)
    assert game.rules.values["tournament_bidding"] is False
    state = game.new_state("braveheart", seed=11)
    assert state["prompt"]["kind"] != "bid"
    assert len(_in_england(state)) == 4
    assert "attrs" not in state["pieces"]["Edward"]


@pytest.mark.parametrize(
    ("english", "scots", "edward_years", "drawn"),
    [
        ("E2", "S1", 1, 4),  # the reference's example: E1, no Edward in 1297
        ("S1", "E2", 1, 4),  # whoever bids which
        ("S2", "E2", 0, 4),  # opposite equal bids cancel
        ("E3", "S3", 0, 4),
        ("S3", "S1", 0, 7),  # S3 holds: 4 + 3 English blocks in 1297
        ("E1", "S3", 0, 6),  # S2
        ("E3", "E1", 3, 4),  # E3 holds
        ("S1", "E3", 2, 4),  # E2
    ],
)
def test_the_net_bid(english: str, scots: str, edward_years: int, drawn: int) -> None:
    """The bids' net result: Edward held face up for the years of an E bid; the 1297 levy
    4 blocks, more by an S bid's number; the log shows both bids."""
    state = _after_bids(english, scots)
    edward = state["pieces"]["Edward"]
    in_england = _in_england(state)
    assert len(in_england) == drawn
    if edward_years:
        assert edward["at"] == "pool" and "revealed" in edward["flags"]
        assert edward["attrs"] == {held.HELD: edward_years}
        assert "Edward" not in in_england
    else:
        assert "attrs" not in edward
    assert any(e["text"] == f"The bids: English {english}, Scots {scots}" for e in state["log"])
    assert "bid" not in state["records"]["own_command"]["english"]  # taken out when shown


def test_edward_held_is_counted_for_the_levy_but_never_drawn() -> None:
    """E3: the Feudal Levy takes half the pool rounded up, Edward counted (five blocks: three
    drawn), but never Edward, even where the dice would take him first; after his years he
    is face down and drawn like the others."""
    pool = {"Edward": "pool", "Hobelars": "pool", "York_Knights": "pool"}
    ctx = _ctx(**pool, York_Infantry="pool", Wales_Infantry="pool")
    ctx.roll = lambda count, sides, what="": [1] * count  # the first block of the pool
    ctx.state["records"]["edward_winters"] = False
    held.hold_in_pool(ctx, "Edward", 2, "revealed")
    assert held.held_in_pool(ctx, "english") == ["Edward"]
    winter.next_year(ctx)
    pieces = ctx.state["pieces"]
    assert sorted(_in_england(ctx.state)) == ["Hobelars", "York Infantry", "York Knights"]
    assert pieces["Edward"]["at"] == "pool"
    held.hold_passes(ctx, "english", "revealed")
    assert (pieces["Edward"]["attrs"], pieces["Edward"]["flags"]) == ({"held": 1}, ["revealed"])
    held.hold_passes(ctx, "english", "revealed")
    assert "attrs" not in pieces["Edward"] and pieces["Edward"]["flags"] == []
    winter.next_year(ctx)  # two blocks left in the pool: one drawn, Edward first
    assert pieces["Edward"]["at"] == "England"


def test_edward_sits_out_the_years_of_the_bid_in_a_whole_game() -> None:
    """E2 in a game between random players: Edward is never on the map in 1297 and 1298,
    the Scots see him face up in the pool meanwhile, and he is face down from 1299."""
    game = bidding()
    state = _after_bids("E2", "E1")
    choose = random.Random(4)
    seen_1299 = False
    while not game.is_over(state) and state["records"]["year"] <= 1299:
        year, edward = state["records"]["year"], state["pieces"]["Edward"]
        if year <= 1298:
            assert edward["at"] == "pool" and "revealed" in edward["flags"]
            assert "Edward" in observe(game.definition, state, "scots")["pieces"]["known"]
        else:
            seen_1299 = True
            assert "attrs" not in edward and "revealed" not in edward["flags"]
        state = game.apply(state, choose.choice(game.legal_actions(state)))
    assert seen_1299


def test_a_bid_is_hidden_until_both_have_bid() -> None:
    """The Scots' view and information set are the same whatever the English bid, until
    the Scots bid too; then both bids are shown."""
    game = bidding()
    start = game.new_state("braveheart", seed=11)
    english_first = [_bid(game, start, "english", bid) for bid in ("E3", "S2")]
    scots = [observe(game.definition, s, "scots") for s in english_first]
    assert scots[0] == scots[1]
    sets = [information_set(game, s, "scots").skeleton for s in english_first]
    assert sets[0] == sets[1]
    english = [observe(game.definition, s, "english") for s in english_first]
    assert english[0] != english[1]  # its own bid, in its own record
    done = [_bid(game, s, "scots", "S1") for s in english_first]
    assert observe(game.definition, done[0], "scots") != observe(game.definition, done[1], "scots")


def test_no_bid_in_the_bruce() -> None:
    """The bids are made before a game that starts in 1297: The Bruce (1306) draws its six
    blocks without one."""
    state = bidding().new_state("bruce", seed=11)
    assert state["prompt"]["kind"] != "bid"
    assert len(_in_england(state)) == 6


def test_a_search_sample_at_the_bid_plays_on() -> None:
    """A Scottish search's samples after the English bid hold no English bid (it reads as
    none) and may deal the hidden Edward anywhere: the Scottish bid still plays on to the
    card phase, Edward held only where he is in the pool."""
    game = bidding()
    state = _bid(game, game.new_state("braveheart", seed=11), "english", "E3")
    found = information_set(game, state, "scots")
    for seed in range(20):
        sample = found.sample([seed, 1, 2, 3])
        assert sample["records"]["own_command"]["english"].get("bid", 0) == 0
        sample = game.apply(sample, game.legal_actions(sample)[0])  # bid_e(1)
        assert sample["prompt"]["kind"] == "play"
        edward = sample["pieces"]["Edward"]
        assert ("held" in edward.get("attrs", {})) == (edward["at"] == "pool")
