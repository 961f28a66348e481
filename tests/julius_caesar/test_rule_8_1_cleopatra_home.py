"""JC 8.1 (and 7.52): in winter Cleopatra goes home to Alexandria.

Both texts: move Cleopatra to Alexandria; if the enemy occupies it, she joins that
side at once with her current strength. Positions are built by hand on an empty map.

The reading for Cleopatra in the pool (eliminated by Vulcan outside a battle, removed by
winter supply, or disbanded by the Polish 8.5): she comes home too, at strength I. She is
never levied (JC 3.27), so otherwise the pool would take her out of the game for good,
which no text says; both say she "must return to Alexandria during each winter" (JC 7.52).
"""

from __future__ import annotations

from collections.abc import Callable

from framework.engine.state import State
from framework.testing import GameUnderTest as Game
from games.julius_caesar.model import vp
from tests.julius_caesar.conftest import empty_board, place
from tests.julius_caesar.variants.driving import advance, cards, playable, start, texts, year

POMPEY_HAND = ["1/2", "2/1", "2/2", "2/3", "3/1", "3/2"]


def winter(make_game: Callable[..., Game], build: Callable[[State], None]) -> State:
    game = make_game("cleopatra_home")
    state = empty_board(game.setup())
    build(state)
    return game.begin(state)


def test_joins_the_enemy_holding_alexandria(make_game: Callable[..., Game]) -> None:
    """JC 8.1: Cleopatra (Pompey, strength II, at Utica) goes home; Caesar's Legio 7
    holds Alexandria, so she joins Caesar with strength II."""

    def build(state: State) -> None:
        place(state, "Utica", "Cleopatra", "Legio 39", strength=2)
        place(state, "Alexandria", "Legio 7")

    state = winter(make_game, build)
    cleopatra = state["pieces"]["Cleopatra"]
    assert (cleopatra["at"], cleopatra["side"], cleopatra["strength"]) == (
        "Alexandria",
        "caesar",
        2,
    )
    assert state["log"][0]["text"] == "Cleopatra goes home to Alexandria and joins Caesar"


def test_vacant_alexandria_becomes_friendly_to_her_side(make_game: Callable[..., Game]) -> None:
    """JC 8.1 with Alexandria vacant: she keeps her side (Pompey) and makes Alexandria
    friendly to it: Pompey's VP rise by Alexandria's 2 (JC 1.2)."""

    def build(state: State) -> None:
        place(state, "Neapolis", "Cleopatra", "Legio 1")

    game = make_game("cleopatra_home")
    before = empty_board(game.setup())
    build(before)
    assert vp(game.definition, before, "pompey") == 0
    state = winter(make_game, build)
    assert state["pieces"]["Cleopatra"]["at"] == "Alexandria"
    assert state["pieces"]["Cleopatra"]["side"] == "pompey"
    assert vp(game.definition, state, "pompey") == 2


def test_own_side_holding_alexandria_keeps_her(make_game: Callable[..., Game]) -> None:
    """JC 8.1: Alexandria held by her own side (Pompey's P Navis 2): she joins it there."""

    def build(state: State) -> None:
        place(state, "Tarsus", "Cleopatra")
        place(state, "Alexandria", "P Navis 2")

    state = winter(make_game, build)
    assert (state["pieces"]["Cleopatra"]["at"], state["pieces"]["Cleopatra"]["side"]) == (
        "Alexandria",
        "pompey",
    )


def test_she_changes_back_to_pompey(make_game: Callable[..., Game]) -> None:
    """JC 7.52 then 8.1: Cleopatra fighting for Caesar goes home to a Pompeian
    Alexandria and joins Pompey."""

    def build(state: State) -> None:
        place(state, "Roma", "Cleopatra", strength=1)
        state["pieces"]["Cleopatra"]["side"] = "caesar"
        place(state, "Alexandria", "Legio 38")

    state = winter(make_game, build)
    cleopatra = state["pieces"]["Cleopatra"]
    assert (cleopatra["at"], cleopatra["side"], cleopatra["strength"]) == (
        "Alexandria",
        "pompey",
        1,
    )


def test_already_home_nothing_happens(make_game: Callable[..., Game]) -> None:
    """JC 8.1: Cleopatra at Alexandria stays, nothing is logged."""

    def build(state: State) -> None:
        place(state, "Alexandria", "Cleopatra")

    state = winter(make_game, build)
    assert state["pieces"]["Cleopatra"]["at"] == "Alexandria"
    assert [e["text"] for e in state["log"]] == [
        "Game over: the sequence of play ended without a winner"
    ]


def test_cleopatra_in_the_pool_comes_home_and_joins_the_holder(
    make_game: Callable[..., Game],
) -> None:
    """JC 7.52, 8.1: "during each winter she must return to Alexandria", from the pool too
    (she is never levied, JC 3.27, and no text takes her out of the game). Eliminated by
    Vulcan she lies face up in Pompeius's pool at I; Caesar's Legio 7 holds Alexandria, so
    she comes home and joins Caesar at I (the reading of docs/variants.md)."""

    def build(state: State) -> None:
        place(state, "Alexandria", "Legio 7")
        state["pieces"]["Cleopatra"].update(strength=1, flags=["face_up"])

    state = winter(make_game, build)
    assert state["pieces"]["Cleopatra"] == {
        "side": "caesar",
        "at": "Alexandria",
        "strength": 1,
        "flags": [],
    }
    assert state["log"][0]["text"] == "Cleopatra goes home to Alexandria and joins Caesar"


def test_cleopatra_in_the_pool_comes_home_at_her_lowest_strength(
    make_game: Callable[..., Game],
) -> None:
    """A block in the pool has lost its steps (JC 8.3, 8.5): Cleopatra removed there at IV
    comes back at I, for her own side into a vacant Alexandria (Pompeius: +2 VP)."""

    def build(state: State) -> None:
        state["pieces"]["Cleopatra"]["strength"] = 4

    state = winter(make_game, build)
    assert state["pieces"]["Cleopatra"] == {
        "side": "pompey",
        "at": "Alexandria",
        "strength": 1,
        "flags": [],
    }
    assert state["log"][0]["text"] == "Cleopatra comes back from Pompeius's pool to Alexandria"


def test_cleopatra_out_of_play_stays_out(make_game: Callable[..., Game]) -> None:
    """A block set out of play by a scenario (``out``) is not in the game: 8.1 leaves it."""
    state = winter(make_game, lambda s: s["pieces"]["Cleopatra"].update(at="out"))
    assert state["pieces"]["Cleopatra"]["at"] == "out"


def test_cleopatra_eliminated_by_vulcan_is_home_by_winter() -> None:
    """The whole year in the real game: Caesar's Vulcan (card: one enemy group loses a
    step) eliminates Cleopatra at I alone in Alexandria; she lies face up in Pompeius's
    pool all year, is not levied (JC 3.27), and the winter brings her back to a vacant
    Alexandria for Pompeius, whose 2 VP count again at the winter's victory check."""
    game = playable()
    state = start(game, {"Alexandria": {"Cleopatra": 1}, "Ravenna": ["Legio 13"]})
    year(game, state, ["1/2", "2/1", "2/2", "2/3", "3/1", "Vulcan"], POMPEY_HAND)
    cards(game, state, "Vulcan", "2/2")
    assert texts(game, state) == ["choose(Alexandria)"]
    game.apply(state, "choose(Alexandria)")
    assert state["pieces"]["Cleopatra"] == {
        "side": "pompey",
        "at": "pool",
        "strength": 1,
        "flags": ["face_up"],
    }
    assert vp(game.definition, state, "pompey") == 0
    advance(game, state, stop=("disband",))
    assert state["pieces"]["Cleopatra"] == {
        "side": "pompey",
        "at": "Alexandria",
        "strength": 1,
        "flags": [],
    }
    assert vp(game.definition, state, "pompey") == 2
    assert "Cleopatra comes back from Pompeius's pool to Alexandria" in [
        e["text"] for e in state["log"]
    ]
