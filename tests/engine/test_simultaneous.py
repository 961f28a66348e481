"""Simultaneous decisions: several sides asked at once, answers in any order, none seen
by another side before all are resolved together.

The toy game's ``secret`` step asks red and blue for a number at once
(:class:`legatus.framework.engine.simultaneous.Simultaneous`); both are revealed
together into the public record.
"""

from __future__ import annotations

import pytest

from legatus.framework.engine import rng
from legatus.framework.engine.core import Game
from legatus.framework.engine.view import observe
from legatus.framework.model.errors import IllegalActionError
from legatus.framework.model.gamedef import GameDef
from legatus.framework.play.ai.infoset import information_set
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match, NotAsked, UndoRefused
from tests.engine.toy import toy_game


def at_the_secret(game: Game) -> Match:
    """A match (with history) at the toy's first simultaneous decision: both marched."""
    match = Match.new(game, seed=3, history=True)
    match.answer("red", "pass")
    match.answer("blue", "pass")
    return match


def test_both_sides_are_awaited_and_each_has_its_question(demo: GameDef) -> None:
    match = at_the_secret(toy_game(demo))
    assert match.waiting_for() == ("red", "blue")
    assert match.state["prompt"] == {
        "side": "red",
        "kind": "commit",
        "text": "choose a number",
        "sides": ["red", "blue"],
    }
    assert [a.text for a in match.legal_actions("blue")] == ["commit(1)", "commit(2)", "commit(3)"]
    assert match.legal_actions("blue") == match.legal_actions("red")
    assert observe(demo, match.state, "blue")["prompt"] == {
        "side": "red",
        "kind": "commit",
        "sides": ["red", "blue"],
    }


def test_the_second_side_may_answer_first(demo: GameDef) -> None:
    match = at_the_secret(toy_game(demo))
    match.answer("blue", "commit(3)")
    assert match.waiting_for() == ("red",)
    assert match.moves[-1].side == "blue"
    match.answer("red", "commit(1)")
    assert match.state["records"]["numbers"] == {"red": 1, "blue": 3}
    assert match.waiting_for() == ("red",)  # the next turn's march


def test_an_answer_not_awaited_changes_nothing(demo: GameDef) -> None:
    """A second answer from the same side, an answer out of the list, a side not asked."""
    match = at_the_secret(toy_game(demo))
    match.answer("blue", "commit(3)")
    before = match.hash() if match else ""
    with pytest.raises(NotAsked, match="blue was not asked"):
        match.answer("blue", "commit(2)")
    with pytest.raises(IllegalActionError, match=r"commit\(7\)"):
        match.answer("red", "commit(7)")
    with pytest.raises(NotAsked, match="green was not asked"):
        match.answer("green", "commit(1)")
    assert match.hash() == before
    assert match.waiting_for() == ("red",)


def test_no_side_sees_another_sides_answer_before_resolution(demo: GameDef) -> None:
    """Blue answering 1 or 3 gives red the same view, information set and samples."""
    game = toy_game(demo)
    first, second = at_the_secret(game), at_the_secret(game)
    first.answer("blue", "commit(1)")
    second.answer("blue", "commit(3)")
    assert first.state["stack"] != second.state["stack"]  # the answers differ ...
    assert first.view("red") == second.view("red")  # ... but not for red
    one, other = (
        information_set(game, first.state, "red"),
        information_set(game, second.state, "red"),
    )
    assert one.skeleton == other.skeleton and one.log == other.log
    assert one.sample(rng.seed_state(4)) == other.sample(rng.seed_state(4))
    # Blue's own view keeps its answer in the frame it may read; red's has none.
    frame = information_set(game, first.state, "blue").skeleton["stack"][-1]
    assert frame["answers"] == {"blue": ["commit", 1]}
    assert one.skeleton["stack"][-1]["answers"] == {}


def test_a_sample_draws_the_answers_already_given_and_plays_on(demo: GameDef) -> None:
    """Red's search at the decision blue already answered: its samples hold an answer for
    blue drawn among blue's legal ones, and red is the side asked; MCTS chooses."""
    game = toy_game(demo)
    match = at_the_secret(game)
    match.answer("blue", "commit(2)")
    info = information_set(game, match.state, "red")
    stream = rng.seed_state(8)
    drawn = set()
    for _ in range(30):
        sample = info.sample(stream)
        assert sample["prompt"]["side"] == "red"
        (answer,) = sample["stack"][-1]["answers"].values()
        drawn.add(tuple(answer))
        game.apply(sample, "commit(1)")
        assert sample["records"]["numbers"]["red"] == 1
    assert drawn == {("commit", 1), ("commit", 2), ("commit", 3)}
    mcts = default_catalog().make_agent("mcts:iterations=6", "red", 1, game=game)
    assert mcts.choose_in(info, match.legal_actions("red")).kind == "commit"  # type: ignore[attr-defined]


def test_a_side_may_take_back_its_answer_until_the_reveal(demo: GameDef) -> None:
    match = at_the_secret(toy_game(demo))
    match.answer("blue", "commit(3)")
    match.undo("blue")
    assert match.waiting_for() == ("red", "blue")
    match.answer("blue", "commit(2)")
    match.answer("red", "commit(1)")  # the reveal: undo stops there
    with pytest.raises(UndoRefused):
        match.undo("red")


def test_a_save_with_answers_in_any_order_replays(demo: GameDef) -> None:
    game = toy_game(demo)
    match = at_the_secret(game)
    match.answer("blue", "commit(3)")
    match.answer("red", "commit(2)")
    save = match.to_save()
    assert save["moves"][-2:] == [["blue", "commit(3)"], ["red", "commit(2)"]]
    replayed = Match.resume(save, lambda name, variants: game)
    assert replayed.hash() == match.hash()


def test_players_answering_in_turn_answer_in_the_order_asked(demo: GameDef) -> None:
    """With a player per side the match asks red then blue, as before simultaneous
    decisions existed, and a match with one player asks that one even if it is second."""
    from legatus.framework.play.agents import RandomAgent

    game = toy_game(demo)
    match = at_the_secret(game)
    match.players = {"blue": RandomAgent(1)}
    assert match.step()
    assert match.moves[-1].side == "blue" and match.waiting_for() == ("red",)
    assert not match.step()  # red has no player here: its answer comes from outside
