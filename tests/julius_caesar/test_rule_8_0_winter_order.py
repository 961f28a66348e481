"""JC 8.0: the winter steps "in exactly this order", which the two texts give differently.

Spanish (default): Cleopatra home, victory, navis to port, supply, disband, reset.
Polish: Cleopatra home, navis to port, supply, victory, disband, reset. Each step is its
own procedure, so a rules file (or a variant) orders them; here the order is built with
StaticRules and a Python victory check.
"""

from __future__ import annotations

from framework.engine.core import Context, Game
from framework.engine.program import Check, Step, VictoryResult
from framework.engine.state import State
from framework.engine.testing import StaticRules
from framework.gamedef import GameDef
from games.julius_caesar import winter
from games.julius_caesar.victory import winter_victory
from tests.julius_caesar.conftest import JC_PARAMS, empty_board, place

SPANISH = ("cleopatra_home", "victory", "navis_to_port", "winter_supply", "disband", "year_reset")
POLISH = ("cleopatra_home", "navis_to_port", "winter_supply", "victory", "disband", "year_reset")


def check(ctx: Context) -> VictoryResult | None:
    return winter_victory(ctx.definition, ctx.state, int(ctx.param("vp_to_win")))


def winter_game(jc: GameDef, order: tuple[str, ...]) -> Game:
    body = tuple(Check("winter_victory") if s == "victory" else Step(s) for s in order)
    params = {**JC_PARAMS, "disband.cleopatra": False}
    return Game(jc, StaticRules(body, params, {"winter_victory": check}), winter.PROCEDURES)


def position(game: Game) -> State:
    """Pompey holds 8 VP (Syracusae, Antiochia, Utica, Carthago Nova, Tarraco, Athenae,
    Roma 2); Cleopatra is with Legio 3 at Neapolis, Alexandria (2 VP) is vacant. Caesar
    has a navis on Mare Tyrrhenum and holds two of its ports, Genua and Messana."""
    state = empty_board(game.setup())
    for city, block in [
        ("Syracusae", "Legio 37"),
        ("Antiochia", "Legio 34"),
        ("Utica", "Legio 39"),
        ("Carthago Nova", "Legio 2"),
        ("Tarraco", "Legio 5"),
        ("Athenae", "Legio 32"),
        ("Roma", "Legio 1"),
    ]:
        place(state, city, block)
    place(state, "Neapolis", "Cleopatra", "Legio 3")
    place(state, "Mare Tyrrhenum", "C Navis 1")
    place(state, "Genua", "Legio 8")
    place(state, "Messana", "Legio 13")
    return state


def test_spanish_order_checks_victory_right_after_cleopatra(jc: GameDef) -> None:
    """JC 8.1 then the check (ES): Cleopatra takes Alexandria for Pompey, 8 + 2 = 10 VP:
    Pompey wins before any navis moves."""
    game = winter_game(jc, SPANISH)
    state = game.begin(position(game))
    assert state["result"] is not None and state["result"]["winner"] == "pompey"
    assert state["pieces"]["C Navis 1"]["at"] == "Mare Tyrrhenum"


def test_polish_order_moves_navis_first(jc: GameDef) -> None:
    """PL order: navis to port comes before the check, so Caesar is asked where C Navis 1
    goes (2 actions) first; the check that follows gives Pompey the game."""
    game = winter_game(jc, POLISH)
    state = game.begin(position(game))
    assert state["result"] is None
    assert [a.text for a in game.legal_actions(state)] == [
        "to_port(C Navis 1, Genua)",
        "to_port(C Navis 1, Messana)",
    ]
    game.apply(state, "to_port(C Navis 1, Genua)")
    assert state["result"] is not None and state["result"]["winner"] == "pompey"
