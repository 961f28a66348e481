"""JC 2.2, 6.0: the command phase: Player 1 moves then levies (or plays its event), then
Player 2; an event player gets no moves or levies; a cancelled turn does nothing.

This module also holds the helpers the other ``test_rule_6_*`` modules import: a game
running ``command_phase`` over the real data and the shipped rules file (some parameters
changed where a test says so), and a hand-built position with each side's orders.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import pytest

from framework.engine.core import Context, Frame, Procedure
from framework.engine.state import State, clone, pieces_at
from framework.engine.view import observe
from framework.testing import GameUnderTest as Game
from games.julius_caesar import command_record
from games.julius_caesar.model import SIDES, occupants

from .conftest import empty_board, place


class RecordEvent(Procedure):
    """Stands in for the lead's ``play_event``: notes its arguments and ends."""

    def start(self, ctx: Context, frame: Frame) -> None:
        ctx.state["records"].setdefault("events_played", []).append(dict(frame["args"]))


def command_game(make_game: Callable[..., Game], **changes: Any) -> Game:
    """The command phase alone, events recorded instead of played; ``changes`` sets
    parameters the test needs at another value than the rules file's."""
    return make_game("command_phase", **changes).with_procedures(play_event=RecordEvent())


def position(
    game: Game,
    where: Mapping[str, Iterable[str]],
    *,
    player1: str = "caesar",
    caesar: tuple[int, int] = (1, 0),
    pompey: tuple[int, int] = (0, 0),
    strengths: Mapping[str, int] | None = None,
    event: dict[str, str] | None = None,
    leaders_lost: Mapping[str, int] | None = None,
    pool: Iterable[str] = (),
    begin: bool = True,
) -> State:
    """A hand-built turn: blocks placed, (move, levy) orders per side, then begun.

    Only the blocks named in ``pool`` are in the levy pools; the others are out of play.
    """
    state = game.setup()
    empty_board(state)
    kept = set(pool)
    for block, piece in state["pieces"].items():
        if block not in kept:
            piece["at"] = "out"
    for space, blocks in where.items():
        place(state, space, *blocks)
    for block, strength in (strengths or {}).items():
        state["pieces"][block]["strength"] = strength
    state["records"].update(
        player1=player1,
        event=event,
        cancelled=False,
        orders={
            "caesar": {"move": caesar[0], "levy": caesar[1]},
            "pompey": {"move": pompey[0], "levy": pompey[1]},
        },
        leaders_lost=dict(leaders_lost or {"caesar": 0, "pompey": 0}),
    )
    return game.begin(state) if begin else state


def texts(game: Game, state: State) -> list[str]:
    return [action.text for action in game.legal_actions(state)]


def play(game: Game, state: State, *actions: str) -> State:
    for action in actions:
        game.apply(state, action)
    return state


def at(state: State, block: str) -> str:
    where: str = state["pieces"][block]["at"]
    return where


@pytest.fixture
def game(make_game: Callable[..., Game]) -> Game:
    return command_game(make_game)


# -- JC 2.2: the order of the phase ---------------------------------------------------


def test_2_2_player1_moves_then_levies_then_player2(game: Game) -> None:
    """Pompeius is Player 1: his moves, then his levy, then Caesar's moves."""
    state = position(
        game,
        {"Neapolis": ["Legio 1"], "Narbo": ["Legio 7"]},
        player1="pompey",
        pompey=(1, 1),
        caesar=(1, 0),
        strengths={"Legio 1": 2},
    )
    prompt = game.prompt(state)
    assert prompt is not None and (prompt.side, prompt.kind) == ("pompey", "group")
    play(game, state, "end_moves")
    prompt = game.prompt(state)
    assert prompt is not None and (prompt.side, prompt.kind) == ("pompey", "levy")
    assert texts(game, state) == ["end_levy", "step(Legio 1)"]
    play(game, state, "step(Legio 1)")
    prompt = game.prompt(state)
    assert prompt is not None and (prompt.side, prompt.kind) == ("caesar", "group")
    assert state["pieces"]["Legio 1"]["strength"] == 3


def test_2_2_event_replaces_the_event_players_moves_and_levies(game: Game) -> None:
    """Caesar played Mars: ``play_event`` runs in his place; his orders are not used."""
    state = position(
        game,
        {"Massilia": ["Legio 11"], "Neapolis": ["Legio 1"]},
        caesar=(3, 2),
        pompey=(1, 0),
        event={"card": "Mars", "side": "caesar"},
    )
    assert state["records"]["events_played"] == [{"card": "Mars", "side": "caesar"}]
    prompt = game.prompt(state)
    assert prompt is not None and (prompt.side, prompt.kind) == ("pompey", "group")


def test_2_2_event_of_player2_comes_after_player1s_command(game: Game) -> None:
    state = position(
        game,
        {"Massilia": ["Legio 11"], "Neapolis": ["Legio 1"]},
        player1="caesar",
        caesar=(1, 0),
        event={"card": "Neptune", "side": "pompey"},
    )
    assert "events_played" not in state["records"]
    play(game, state, "end_moves")
    assert state["records"]["events_played"] == [{"card": "Neptune", "side": "pompey"}]
    assert game.is_over(state)  # the test sequence is this one phase


def test_2_1_cancelled_turn_has_no_command_phase(game: Game) -> None:
    state = position(game, {"Massilia": ["Legio 11"]}, caesar=(3, 1), begin=False)
    state["records"]["cancelled"] = True
    before = clone(state)
    game.begin(state)
    assert game.is_over(state)
    assert state["pieces"] == before["pieces"]
    assert state["records"] == before["records"]
    assert state["records"]["command"]["attacks"] == {}  # as it started: nothing moved


def test_2_1_unused_moves_are_lost(game: Game) -> None:
    """Ending the moves with 2 MP left goes on to the levy: the MP are gone."""
    state = position(
        game,
        {"Massilia": ["Legio 11"], "Narbo": ["Legio 7"], "Utica": ["Legio 39"]},
        caesar=(3, 1),
        pompey=(1, 0),
        strengths={"Legio 11": 2},
    )
    play(game, state, "group(Massilia)", "move(Legio 11, Massilia, Genua)", "end_moves")
    prompt = game.prompt(state)
    assert prompt is not None and (prompt.side, prompt.kind) == ("caesar", "levy")
    play(game, state, "end_levy")
    prompt = game.prompt(state)
    assert prompt is not None and prompt.side == "pompey"


def test_2_2_orders_from_the_cards_when_no_orders_are_recorded(game: Game) -> None:
    """Without ``orders`` the command values are the played cards' (3/1: 3 MP)."""
    state = position(game, {"Massilia": ["Legio 11", "Legio 14"]}, begin=False)
    del state["records"]["orders"]
    state["records"]["cards"] = {"caesar": "3/1", "pompey": "2/2"}
    game.begin(state)
    prompt = game.prompt(state)
    assert prompt is not None
    assert prompt.text == "Caesar: 3 move(s) left: choose a group or a sea move"


def test_7_1_battles_listed_in_the_order_they_became_contested(game: Game) -> None:
    state = position(
        game,
        {
            "Narbo": ["Legio 7"],
            "Massilia": ["Legio 11"],
            "Tarraco": ["Legio 5"],
            "Genua": ["Legio 1"],
        },
        caesar=(2, 0),
    )
    play(game, state, "group(Narbo)", "move(Legio 7, Narbo, Tarraco)")
    play(game, state, "group(Massilia)", "move(Legio 11, Massilia, Genua)")
    assert game.is_over(state)
    assert state["records"]["battles"] == ["Tarraco", "Genua"]
    assert command_record.public(state)["contested"] == ["Tarraco", "Genua"]


# -- hidden information -----------------------------------------------------------


def test_3_0_log_names_blocks_only_to_their_owner(game: Game) -> None:
    state = position(game, {"Narbo": ["Legio 7", "Legio 9"]}, caesar=(1, 0))
    play(game, state, "group(Narbo)", "move(Legio 7, Narbo, Tarraco)")
    public = [e["text"] for e in state["log"] if "to" not in e]
    own = [e["text"] for e in state["log"] if e.get("to") == ["caesar"]]
    assert "Caesar moves a block Narbo -> Tarraco" in public
    assert "Caesar moves Legio 7 Narbo -> Tarraco" in own
    assert not any("Legio" in text for text in public)


def test_3_0_enemy_view_does_not_depend_on_which_block_moved(game: Game) -> None:
    """Moving Legio 7 or Legio 9 (same strength) looks the same to Pompeius."""
    views = []
    for block in ("Legio 7", "Legio 9"):
        state = position(game, {"Narbo": ["Legio 7", "Legio 9"], "Tarraco": ["Legio 5"]})
        play(game, state, "group(Narbo)", f"move({block}, Narbo, Tarraco)")
        views.append(observe(game.definition, state, "pompey"))
    assert views[0] == views[1]
    assert views[0]["records"]["command"]["attacks"]["Tarraco"]["arrivals"] == {"Narbo|Tarraco": 1}


# -- invariants over random play -------------------------------------------------------


@pytest.mark.parametrize("seed", range(40))
def test_6_0_random_command_phases_keep_the_rules(game: Game, seed: int) -> None:
    """From the 705 deployment, random orders and random legal actions: land blocks stay on
    land (JC 4.1), no road carries more than its limit (JC 6.11), no block moves twice
    (JC 6.1), a navis stays in each sea crossed by sea (JC 6.3), and every contested
    location is an attack listed for the battle phase (JC 7.1)."""
    chooser = random.Random(seed)
    state = game.setup(seed=seed)
    state["records"].update(
        player1=chooser.choice(["caesar", "pompey"]),
        event=None,
        cancelled=False,
        orders={s: {"move": chooser.randint(1, 4), "levy": chooser.randint(1, 3)} for s in SIDES},
        leaders_lost={"caesar": 0, "pompey": 0},
    )
    game.begin(state)
    while not game.is_over(state):
        game.apply(state, chooser.choice(game.legal_actions(state)))
    jc, board = game.definition, game.definition.board
    for block, piece in state["pieces"].items():
        if piece["at"] not in ("pool", "out"):
            space = board.spaces[piece["at"]]
            stands_on = jc.piece_types[jc.pieces[block].type].stands_on
            assert space.category in stands_on or space.kind in stands_on, block
    limits = {"major": 4, "minor": 2, "strait": 2}
    record = command_record.public(state)
    for side in SIDES:
        moved = command_record.moved(state, side)
        assert len(moved) == len(set(moved))
        for key, used in record["road_use"][side].items():
            a, b = key.split("|")
            (kind,) = board.connection_kinds_between(a, b)
            assert used <= limits[kind]
        for sea in command_record.held_seas(state, side):
            assert any(state["pieces"][b]["side"] == side for b in pieces_at(state, sea)), (
                f"{side} left {sea}"
            )
    contested = {loc for loc, sides in occupants(state).items() if len(sides) > 1}
    assert set(state["records"]["battles"]) == contested
    assert contested <= set(record["attacks"])
