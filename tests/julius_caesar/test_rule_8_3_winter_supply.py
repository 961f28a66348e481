"""JC 8.3 winter supply: a city keeps at most 3 blocks, plus its VP; the owner removes
the excess to the levy pool.

The rulebook's example: Genua supports 3 blocks, Massilia 3 + 1 = 4, Roma 3 + 2 = 5.
The base (3) is the step's argument ``base``, from the parameter ``winter_supply_base``.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from framework.engine.state import State
from framework.gamedef import GameDef
from framework.testing import GameUnderTest as Game
from games.julius_caesar.winter import supply_limit
from tests.julius_caesar.conftest import empty_board, place


def start(
    make_game: Callable[..., Game], build: Callable[[State], None], **params: int
) -> tuple[Game, State]:
    game = make_game("winter_supply(base: winter_supply_base)", **params)
    state = empty_board(game.setup())
    build(state)
    return game, game.begin(state)


def texts(game: Game, state: State) -> list[str]:
    return [a.text for a in game.legal_actions(state)]


@pytest.mark.parametrize(("city", "limit"), [("Genua", 3), ("Massilia", 4), ("Roma", 5)])
def test_rulebook_example_limits(jc: GameDef, city: str, limit: int) -> None:
    """JC 8.3 example: Genua 3, Massilia 3+1 = 4, Roma 3+2 = 5."""
    assert supply_limit(jc, city, 3) == limit


def test_at_the_limit_nothing_is_removed(make_game: Callable[..., Game]) -> None:
    """JC 8.3: Genua with 3, Massilia with 4 and Roma with 5 blocks keep them all."""

    def build(state: State) -> None:
        place(state, "Genua", "Antonius", "Legio 8", "Legio 12")
        place(state, "Massilia", "Legio 11", "Legio 14", "C Navis 1", "Legio 7")
        place(state, "Roma", "Legio 1", "Legio 2", "Legio 3", "Legio 4", "Legio 5")

    game, state = start(make_game, build)
    assert game.prompt(state) is None
    assert sum(p["at"] != "pool" for p in state["pieces"].values()) == 12


def test_owner_picks_the_excess_one_block_at_a_time(make_game: Callable[..., Game]) -> None:
    """JC 8.3: Genua holds 5 Caesarian blocks (a navis in port counts, blocks not steps):
    two must go. Caesar chooses among the 5 (5 actions), then among the 4 left."""

    def build(state: State) -> None:
        place(state, "Genua", "Antonius", "Legio 8", "Legio 12", "C Navis 1", "Legio 16")

    game, state = start(make_game, build)
    prompt = game.prompt(state)
    assert prompt is not None and (prompt.side, prompt.kind) == ("caesar", "winter_supply")
    assert len(texts(game, state)) == 5
    game.apply(state, "remove(C Navis 1)")
    assert texts(game, state) == [
        "remove(Antonius)",
        "remove(Legio 12)",
        "remove(Legio 16)",
        "remove(Legio 8)",
    ]
    game.apply(state, "remove(Legio 16)")
    assert game.prompt(state) is None
    assert state["pieces"]["C Navis 1"]["at"] == "pool"
    assert state["pieces"]["Legio 16"]["at"] == "pool"
    assert sorted(p for p, v in state["pieces"].items() if v["at"] == "Genua") == [
        "Antonius",
        "Legio 12",
        "Legio 8",
    ]


def test_caesar_first_then_cities_by_name(make_game: Callable[..., Game]) -> None:
    """JC 8.3 asked in a fixed order: Caesar's Narbo (4 > 3), then Pompey's Brundisium and
    Tarraco (5 > 4) in name order."""

    def build(state: State) -> None:
        place(state, "Narbo", "Legio 7", "Legio 9", "Legio 10", "Legio 11")
        place(state, "Tarraco", "Legio 5", "Legio 6", "P Equitatus 1", "Legio 2", "Legio 4")
        place(state, "Brundisium", "Legio 3", "Legio 1", "Legio 37", "Legio 39")

    game, state = start(make_game, build)
    asked = []
    while (prompt := game.prompt(state)) is not None:
        first = game.legal_actions(state)[0]
        asked.append((prompt.side, state["pieces"][str(first.args[0])]["at"]))
        game.apply(state, first)
    assert asked == [("caesar", "Narbo"), ("pompey", "Brundisium"), ("pompey", "Tarraco")]


def test_base_is_a_parameter(make_game: Callable[..., Game]) -> None:
    """Variant winter_supply_base = 2: Roma supports 2 + 2 = 4; 5 blocks lose one."""

    def build(state: State) -> None:
        place(state, "Roma", "Legio 1", "Legio 2", "Legio 3", "Legio 4", "Legio 5")

    game, state = start(make_game, build, winter_supply_base=2)
    assert len(texts(game, state)) == 5


def test_base_as_the_steps_argument(make_game: Callable[..., Game]) -> None:
    """``step winter_supply(base: ...)``: the argument overrides the parameter (base 4:
    Genua supports 4, so 4 blocks stay)."""
    game = make_game("winter_supply(base: 4)")
    state = empty_board(game.setup())
    place(state, "Genua", "Antonius", "Legio 8", "Legio 12", "Legio 16")
    game.begin(state)
    assert game.prompt(state) is None
    assert state["pieces"]["Legio 16"]["at"] == "Genua"


def test_removal_is_hidden_from_the_enemy(make_game: Callable[..., Game]) -> None:
    """The enemy learns a block left Genua, not which (JC 3.0)."""

    def build(state: State) -> None:
        place(state, "Genua", "Antonius", "Legio 8", "Legio 12", "Legio 16")

    game, state = start(make_game, build)
    game.apply(state, "remove(Antonius)")
    public = [e["text"] for e in state["log"] if "to" not in e]
    assert public[0] == "Caesar removes a block from Genua: winter supply"
