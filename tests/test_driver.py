"""The match driver: one loop for every game played, seats asked or answered from outside,
events each addressed to the side that may receive them."""

from __future__ import annotations

from pathlib import Path

import pytest

from legatus.framework.engine.actions import ActionSyntaxError
from legatus.framework.engine.core import Game, Run
from legatus.framework.engine.saves import read_save
from legatus.framework.engine.state import clone, state_hash
from legatus.framework.model.errors import IllegalActionError
from legatus.framework.model.gamedef import GameDef
from legatus.framework.model.loader import load_game
from legatus.framework.play.agents import RandomAgent, agent_seed
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import (
    ActionApplied,
    Event,
    GameOver,
    GameTooLong,
    LogAdded,
    Match,
    NotAsked,
    PromptIssued,
    StaleAnswer,
    Undone,
    UndoRefused,
    ViewChanged,
    Waiting,
)
from tests.engine.toy import toy_game
from tests.helpers import ROOT


def jc() -> Game:
    return default_catalog().load("julius_caesar")


def players(game: Game, seed: int) -> dict[str, RandomAgent]:
    return {s: RandomAgent(agent_seed(seed, i)) for i, s in enumerate(game.definition.side_ids)}


def test_a_match_plays_a_whole_game_and_counts_its_rules_in_its_run() -> None:
    game = jc()
    match = Match.new(game, seed=4, players=players(game, 4)).play()
    assert match.over and match.result is not None and match.result["reason"]
    assert match.waiting_for() == () and match.prompt() is None
    assert match.run.fired["JC 2.1"] > 0
    assert len(match.moves) == match.state["actions"]


def test_a_side_without_a_player_is_answered_from_outside() -> None:
    """The driver stops where a seat it cannot ask must decide (a server's player)."""
    game = jc()
    agents = players(game, 1)
    del agents["pompey"]
    match = Match.new(game, seed=1, players=agents)
    match.play()
    assert match.waiting_for() == ("pompey",)
    before = state_hash(match.state)
    with pytest.raises(NotAsked, match="caesar was not asked"):
        match.answer("caesar", match.legal_actions()[0])
    with pytest.raises(ActionSyntaxError, match=r"is no card: '2/7'"):
        match.answer("pompey", "discard(2/7)")  # the game's action kinds read the text
    legal = {a.text for a in match.legal_actions()}
    other = next(f"discard({c})" for c in game.definition.cards if f"discard({c})" not in legal)
    with pytest.raises(IllegalActionError):
        match.answer("pompey", other)
    assert state_hash(match.state) == before
    match.answer("pompey", match.legal_actions()[0])
    assert len(match.moves) > 0 and match.moves[-1].side == "pompey"


def test_until_stops_after_that_many_actions_and_the_bound_is_a_fault() -> None:
    game = jc()
    match = Match.new(game, seed=2, players=players(game, 2))
    match.play(until=10)
    assert len(match.moves) == 10 and not match.over
    bounded = Match.new(game, seed=2, players=players(game, 2), max_actions=15)
    with pytest.raises(GameTooLong, match="did not end within 15 actions"):
        bounded.play()
    assert len(bounded.moves) == 15


def test_events_are_addressed_and_hidden_facts_go_only_to_their_side() -> None:
    """The card phase is played face down: the prompt and the action go to the side that
    decides; the others learn who decides and what their log tells them."""
    game = jc()
    seen: list[Event] = []
    match = Match.new(game, seed=3, players=players(game, 3), listeners=[seen.append])
    match.play(until=12)
    prompts = [e for e in seen if isinstance(e, PromptIssued)]
    assert prompts and all(e.to in ("caesar", "pompey") and e.actions for e in prompts)
    waiting = [e for e in seen if isinstance(e, Waiting)]
    assert waiting and all(e.to != e.side for e in waiting)
    applied = [e for e in seen if isinstance(e, ActionApplied)]
    assert [(e.to, e.action) for e in applied] == [(m.side, m.action) for m in match.moves]
    for side in ("caesar", "pompey"):
        logged = [
            entry for e in seen if isinstance(e, LogAdded) and e.to == side for entry in e.entries
        ]
        assert logged == match.view(side)["log"]
        assert all(entry.get("to") in (None, [side]) or side in entry["to"] for entry in logged)
    assert sum(isinstance(e, ViewChanged) for e in seen) == 2 * len(match.moves)


def test_game_over_is_told_to_everyone() -> None:
    game = default_catalog().load("demo_skirmish")
    seen: list[Event] = []
    Match.new(game, seed=2, players=players(game, 2), listeners=[seen.append]).play()
    over = [e for e in seen if isinstance(e, GameOver)]
    assert len(over) == 1 and over[0].to is None and "reason" in over[0].result


def test_a_side_reads_its_log_incrementally() -> None:
    game = jc()
    match = Match.new(game, seed=5, players=players(game, 5))
    read, position = [], 0
    for _ in range(6):
        match.play(until=7)
        entries, position = match.log_since("pompey", position)
        read.extend(entries)
    assert read == match.view("pompey")["log"]
    assert match.view("pompey", log_since=position)["log"] == []


def test_undo_needs_a_history_and_restores_the_state() -> None:
    game = default_catalog().load("demo_skirmish")
    without = Match.new(game, seed=1)
    with pytest.raises(Exception, match="keeps no history"):
        without.undo("red")
    match = Match.new(game, seed=1, history=True)
    before = clone(match.state)
    match.answer("red", "move(Red Foot, Midford)")
    assert match.undo("red") == before


def test_a_match_from_any_position_continues_the_same_game() -> None:
    """A match takes any state: the second half played from a copy ends as the whole."""
    game = jc()
    whole = Match.new(game, seed=6, players=players(game, 6))
    whole.play(until=100)
    halfway = clone(whole.state)
    agents = whole.players
    whole.play()
    resumed = Match(game, halfway, players=agents, run=Run())
    # The players' generators moved on in the first match: replay the same answers instead.
    for move in whole.moves[100:]:
        resumed.answer(move.side, move.action)
    assert state_hash(resumed.state) == state_hash(whole.state)


# -- one match for every front end: revisions, stale answers, questions, retract, saves ------


def demo() -> GameDef:
    return load_game(
        ROOT / "tests" / "fixtures" / "plugins" / "demo_game" / "legatus_demo_game" / "data"
    )


def test_an_answer_chosen_before_the_question_was_asked_is_stale() -> None:
    """A front end passes the revision its player saw; the driver refuses an answer chosen
    on an older position and changes nothing. (The toy game: red marches, then blue.)"""
    match = Match.new(toy_game(demo()), seed=3, history=True)
    seen = match.revision
    match.answer("red", "pass", seen=seen)
    assert match.revision == seen + 1 and match.waiting_for() == ("blue",)
    before = match.hash()
    with pytest.raises(StaleAnswer, match="made on an old view"):
        match.answer("blue", "pass", seen=seen)
    assert match.hash() == before and len(match.moves) == 1
    match.answer("blue", "pass", seen=match.asked_at("blue"))


def test_another_sides_answer_to_a_simultaneous_decision_does_not_ask_again() -> None:
    """Both sides are asked at once: red's answer leaves blue's question as it was asked."""
    match = Match.new(toy_game(demo()), seed=3, history=True)
    match.answer("red", "pass")
    match.answer("blue", "pass")
    asked = match.revision
    assert match.asked_at("red") == match.asked_at("blue") == asked
    match.answer("red", "commit(1)", seen=asked)
    assert match.asked_at("blue") == asked  # still the question blue was shown
    match.answer("blue", "commit(2)", seen=asked)


def test_a_question_is_decided_without_touching_the_match() -> None:
    """What the server's computer players do: ask, think on the question, then answer."""
    game = jc()
    match = Match.new(game, seed=2, players=players(game, 2), history=True)
    question = match.ask()
    assert question is not None and question.side == match.waiting_for()[0]
    before = match.hash()
    action = match.decide(question)
    assert match.hash() == before and action in question.actions
    match.answer(question.side, action, seen=question.revision)
    assert match.moves[-1].action == action


def test_retract_takes_back_what_a_front_end_could_not_record() -> None:
    """Retract ignores the rule of undo (a die may have rolled): the action was never
    recorded, so it was never played."""
    game = jc()
    match = Match.new(game, seed=3, players=players(game, 3), history=True)
    match.play(until=12)
    before, moves, revision = match.hash(), len(match.moves), match.revision
    side = match.waiting_for()[0]
    match.answer(side, match.legal_actions(side)[0])
    heard: list[Event] = []
    match.listeners.append(heard.append)
    match.retract()
    assert match.hash() == before and len(match.moves) == moves
    assert match.revision == revision + 2
    assert isinstance(heard[0], Undone) and heard[0].moves == moves


def test_undo_is_told_to_every_side_and_the_position_is_asked_again() -> None:
    game = jc()
    heard: list[Event] = []
    match = Match.new(game, seed=1, history=True, listeners=[heard.append])
    side = match.waiting_for()[0]
    match.answer(side, match.legal_actions(side)[0])
    heard.clear()
    match.undo(side)
    assert isinstance(heard[0], Undone) and heard[0].to is None and heard[0].moves == 0
    changed = {e.to for e in heard if isinstance(e, ViewChanged)}
    assert changed == set(game.definition.side_ids)
    asked = [e for e in heard if isinstance(e, PromptIssued)]
    assert asked and asked[-1].to == side and asked[-1].asked_at == match.revision


def test_a_match_saves_and_resumes_to_the_same_state(tmp_path: Path) -> None:
    game = jc()
    match = Match.new(game, seed=5, players=players(game, 5), history=True)
    match.play(until=40)
    path = tmp_path / "game.json"
    match.save(path, {"caesar": "random"})
    again = Match.resume(read_save(path), lambda name, variants: game)
    assert again.hash() == match.hash() and again.moves == match.moves
    assert again.states is not None and len(again.states) == 41


def test_a_branch_tries_an_undo_without_touching_the_match() -> None:
    game = jc()
    match = Match.new(game, seed=1, history=True)
    side = match.waiting_for()[0]
    match.answer(side, match.legal_actions(side)[0])
    before = match.hash()
    probe = match.branch()
    probe.undo(side)
    assert match.hash() == before and len(match.moves) == 1 and len(probe.moves) == 0


def test_a_match_without_history_cannot_undo_save_or_retract() -> None:
    match = Match.new(jc(), seed=1)
    side = match.waiting_for()[0]
    match.answer(side, match.legal_actions(side)[0])
    for operation in (lambda: match.undo(side), match.retract, match.to_save):
        with pytest.raises(UndoRefused, match="keeps no history"):
            operation()
