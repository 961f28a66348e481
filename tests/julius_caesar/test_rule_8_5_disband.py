"""JC 8.5 disbanding: blocks are never merged, but a player may disband any block to the
levy pool. The Spanish text excepts Cleopatra (default); the Polish allows any block
(parameter ``disband.cleopatra`` = true)."""

from __future__ import annotations

from collections.abc import Callable

from framework.engine.state import State
from framework.testing import GameUnderTest as Game
from tests.julius_caesar.conftest import empty_board, place


def start(make_game: Callable[..., Game], **params: bool) -> tuple[Game, State]:
    """Caesar: Caesar and Legio 13 at Ravenna, C Navis 2 in Ravenna's port, Cleopatra
    (on Caesar's side) at Alexandria, Octavian in the pool. Pompey: Legio 1 at Neapolis."""
    game = make_game("disband", **params)
    state = empty_board(game.setup())
    place(state, "Ravenna", "Caesar", "Legio 13", "C Navis 2")
    place(state, "Alexandria", "Cleopatra")
    state["pieces"]["Cleopatra"]["side"] = "caesar"
    place(state, "Neapolis", "Legio 1")
    return game, game.begin(state)


def texts(game: Game, state: State) -> list[str]:
    return [a.text for a in game.legal_actions(state)]


def test_any_block_but_cleopatra_by_the_spanish_text(make_game: Callable[..., Game]) -> None:
    """JC 8.5 (ES): Caesar may disband his 3 blocks on the map (not Cleopatra, not
    Octavian in the pool) or end: 4 actions."""
    game, state = start(make_game)
    prompt = game.prompt(state)
    assert prompt is not None and (prompt.side, prompt.kind) == ("caesar", "disband")
    assert texts(game, state) == [
        "disband(C Navis 2)",
        "disband(Caesar)",
        "disband(Legio 13)",
        "end_disband",
    ]


def test_polish_reading_allows_cleopatra(make_game: Callable[..., Game]) -> None:
    """JC 8.5 (PL, disband.cleopatra = true): Cleopatra too: 5 actions."""
    game, state = start(make_game, disband__cleopatra=True)
    assert len(texts(game, state)) == 5
    assert "disband(Cleopatra)" in texts(game, state)


def test_disband_one_at_a_time_then_pompey(make_game: Callable[..., Game]) -> None:
    """JC 8.5: Caesar disbands Legio 13 (to the pool, its steps lost for now), then ends;
    Pompey is asked next: disband(Legio 1) or end_disband."""
    game, state = start(make_game)
    game.apply(state, "disband(Legio 13)")
    assert state["pieces"]["Legio 13"]["at"] == "pool"
    assert texts(game, state) == ["disband(C Navis 2)", "disband(Caesar)", "end_disband"]
    game.apply(state, "end_disband")
    prompt = game.prompt(state)
    assert prompt is not None and prompt.side == "pompey"
    assert texts(game, state) == ["disband(Legio 1)", "end_disband"]
    game.apply(state, "end_disband")
    assert game.prompt(state) is None
    assert state["pieces"]["Legio 1"]["at"] == "Neapolis"
    public = [e["text"] for e in state["log"] if "to" not in e]
    assert public[0] == "Caesar disbands a block at Ravenna"
