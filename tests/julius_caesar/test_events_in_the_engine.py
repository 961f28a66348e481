"""The event cards run from the rules file through the engine (JC 2.1, the cards).

Each test starts the event's effect from a fixed position, exactly as the
command phase does when a side played the card (``play_event``).
"""

from __future__ import annotations

from framework.engine.state import State
from framework.testing import GameUnderTest as Game
from framework.testing import rules_game
from tests.julius_caesar.conftest import empty_board, place


def start_event(card: str, side: str, position: State, game: Game) -> State:
    """The event's effect from ``position``, as the command phase starts it."""
    game.run_procedure(position, "play_event", card=card, side=side)
    return position


def texts(game: Game, state: State) -> list[str]:
    return [a.text for a in game.legal_actions(state)]


def test_card_vulcan_without_a_target_offers_pass_and_never_dead_ends() -> None:
    """Vulcan needs an enemy group on land; Pompey's only block is a navis at sea
    (navis at sea are not affected), so the one legal answer is to pass."""
    game = rules_game("julius_caesar")
    state = empty_board(game.setup(seed=1))
    place(state, "Roma", "Legio 13")
    place(state, "Mare Tyrrhenum", "P Navis 1")
    start_event("Vulcan", "caesar", state, game)
    assert state["prompt"]["side"] == "caesar"
    assert state["prompt"]["kind"] == "choose"
    assert texts(game, state) == ["pass"]
    game.apply(state, "pass")
    assert any("no legal choice" in e["text"] for e in state["log"])
    assert state["pieces"]["P Navis 1"]["strength"] == 2


def test_card_vulcan_strikes_every_block_of_one_enemy_group() -> None:
    """Every block of the chosen enemy group loses one step, even if that eliminates
    it (the legion at I goes to the pool face up); Caesar's own blocks are spared."""
    game = rules_game("julius_caesar")
    state = empty_board(game.setup(seed=1))
    place(state, "Neapolis", "Pompeius", "Legio 1")
    place(state, "Neapolis", "Legio 3", strength=1)
    place(state, "Utica", "Legio 39")
    place(state, "Roma", "Legio 13")
    start_event("Vulcan", "caesar", state, game)
    assert texts(game, state) == ["choose(Neapolis)", "choose(Utica)"]
    game.apply(state, "choose(Neapolis)")
    pieces = state["pieces"]
    assert pieces["Pompeius"]["strength"] == 2
    assert pieces["Legio 1"]["strength"] == 3
    assert pieces["Legio 3"]["at"] == "pool" and "face_up" in pieces["Legio 3"]["flags"]
    assert pieces["Legio 39"]["strength"] == 3
    assert pieces["Legio 13"]["strength"] == 3


def test_card_jupiter_draws_the_defector_blind_among_the_enemy_blocks() -> None:
    """Jupiter asks for a location next to a friendly city and the city, never a block
    by name (its identity is hidden); a die picks the block among them in id order:
    a forced 1 of 2 -> Legio 12, which changes side and moves into Roma."""
    game = rules_game("julius_caesar")
    state = empty_board(game.setup(seed=1))
    place(state, "Genua", "Legio 8", "Legio 12")
    place(state, "Roma", "Legio 1")
    start_event("Jupiter", "pompey", state, game)
    assert texts(game, state) == ["choose(Genua)"]
    game.apply(state, "choose(Genua)")
    assert texts(game, state) == ["choose(Roma)"]
    game.forced_dice = [1]
    game.apply(state, "choose(Roma)")
    assert state["pieces"]["Legio 12"]["side"] == "pompey"
    assert state["pieces"]["Legio 12"]["at"] == "Roma"
    assert state["pieces"]["Legio 8"] == {
        "side": "caesar",
        "at": "Genua",
        "strength": 3,
        "flags": [],
    }
    assert state["records"]["defected"] == {"Legio 12": "caesar"}
