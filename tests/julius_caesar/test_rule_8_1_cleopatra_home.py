"""JC 8.1 (and 7.52): in winter Cleopatra goes home to Alexandria.

Both texts: move Cleopatra to Alexandria; if the enemy occupies it, she joins that
side at once with her current strength. Positions are built by hand on an empty map.
"""

from __future__ import annotations

from collections.abc import Callable

from framework.engine.state import State
from framework.testing import GameUnderTest as Game
from games.julius_caesar.model import vp
from tests.julius_caesar.conftest import empty_board, place


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


def test_cleopatra_in_the_pool_stays_there(make_game: Callable[..., Game]) -> None:
    """Cleopatra in the pool (disbanded by the Polish reading of 8.5) is out of play: she
    is never levied (JC 3.27), and 8.1 does not bring her back."""
    state = winter(make_game, lambda s: place(s, "Alexandria", "Legio 7"))
    assert state["pieces"]["Cleopatra"]["at"] == "pool"
    assert state["pieces"]["Cleopatra"]["side"] == "pompey"
