"""JC 8.0: the winter steps "in exactly this order", which the two texts give differently.

Spanish (the rules file's default): Cleopatra home, victory, navis to port, supply,
disband, reset. Polish (the variant ``polish_winter``): Cleopatra home, navis to port,
supply, victory, disband, reset. Each test plays the winter phase as the rules file (or the
variant) orders it, not a copy of the order.
"""

from __future__ import annotations

from framework.engine.state import State
from framework.testing import GameUnderTest, phase_steps, rules_game
from tests.julius_caesar.conftest import empty_board, place


def winter_game(variant: str | None = None) -> GameUnderTest:
    steps = phase_steps("julius_caesar", "winter", variant=variant, loops={"year": 1})
    return rules_game("julius_caesar", variant=variant, steps=steps)


def position(game: GameUnderTest) -> State:
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


def test_the_rules_file_orders_winter_as_the_spanish_text_and_the_variant_as_the_polish() -> None:
    def order(variant: str | None) -> list[str]:
        return [line.split()[1] for line in phase_steps("julius_caesar", "winter",
                                                        variant=variant)[1:]]  # fmt: skip

    assert order(None) == [
        "cleopatra_home", "winter_victory", "final_victory", "navis_to_port",
        "winter_supply(base:", "disband", "year_reset",
    ]  # fmt: skip
    assert order("polish_winter") == [
        "cleopatra_home", "navis_to_port", "winter_supply(base:", "winter_victory",
        "final_victory", "disband", "year_reset",
    ]  # fmt: skip


def test_spanish_order_checks_victory_right_after_cleopatra() -> None:
    """JC 8.1 then the check (ES): Cleopatra takes Alexandria for Pompey, 8 + 2 = 10 VP:
    Pompey wins before any navis moves."""
    game = winter_game()
    state = game.begin(position(game))
    assert state["result"] is not None and state["result"]["winner"] == "pompey"
    assert state["pieces"]["C Navis 1"]["at"] == "Mare Tyrrhenum"


def test_polish_order_moves_navis_first() -> None:
    """PL order: navis to port comes before the check, so Caesar is asked where C Navis 1
    goes (2 actions) first; the check that follows gives Pompey the game."""
    game = winter_game("polish_winter")
    state = game.begin(position(game))
    assert state["result"] is None
    assert game.legal(state) == [
        "to_port(C Navis 1, Genua)",
        "to_port(C Navis 1, Messana)",
    ]
    game.apply(state, "to_port(C Navis 1, Genua)")
    assert state["result"] is not None and state["result"]["winner"] == "pompey"
