"""Undo (back to the last roll or reveal, own actions only) and saves/replays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from legatus.framework.engine.core import Game
from legatus.framework.engine.saves import check_save, read_save
from legatus.framework.engine.state import clone
from legatus.framework.model.errors import SaveError
from legatus.framework.model.gamedef import GameDef
from legatus.framework.play.driver import Match, UndoRefused
from tests.engine.toy import toy_game
from tests.helpers import answer


def test_undo_own_action_restores_the_identical_state(demo: GameDef) -> None:
    session = Match(toy_game(demo), toy_game(demo).new_state(seed=5), history=True)
    before = clone(session.state)
    answer(session, "move(Red Foot, Midford)")
    assert session.undo("red") == before


def test_undo_of_a_side_that_has_not_acted_is_refused(demo: GameDef) -> None:
    game = toy_game(demo)
    session = Match(game, game.new_state(seed=5), history=True)
    answer(session, "pass")
    with pytest.raises(UndoRefused, match=r"^nothing to undo: blue has taken no action$"):
        session.undo("blue")


def test_undo_takes_back_the_replies_with_the_decision(demo: GameDef) -> None:
    """Red marches, blue replies: red's undo takes back both, as long as nothing was rolled
    or revealed since red's decision; a front end may keep another person's replies."""
    game = toy_game(demo)
    session = Match(game, game.new_state(seed=5), history=True)
    before = clone(session.state)
    answer(session, "move(Red Foot, Midford)")
    answer(session, "pass")  # blue's reply
    with pytest.raises(UndoRefused, match=r"^red cannot undo: another player has decided since"):
        session.undo("red", replies=())
    assert session.undo("red", replies={"blue"}) == before and session.moves == []


def test_undo_never_goes_back_past_a_reveal_or_roll(demo: GameDef) -> None:
    game = toy_game(demo)
    session = Match(game, game.new_state(seed=5), history=True)
    answer(session, "pass")  # red marches
    answer(session, "pass")  # blue marches
    answer(session, "commit(2)")  # red commits
    answer(session, "commit(3)")  # blue commits: reveal, then the skirmish rolls dice
    with pytest.raises(UndoRefused, match="dice were rolled or hidden information was revealed"):
        session.undo("blue")
    assert len(session.moves) == 4


def test_nothing_to_undo(demo: GameDef) -> None:
    game = toy_game(demo)
    session = Match(game, game.new_state(seed=5), history=True)
    with pytest.raises(UndoRefused, match="nothing to undo"):
        session.undo("red")


def play(game: Game, seed: int, count: int) -> Match:
    session = Match(game, game.new_state(seed=seed), history=True)
    for _ in range(count):
        actions = game.legal_actions(session.state)
        answer(session, actions[len(session.moves) % len(actions)])
    return session


def factory_for(demo: GameDef, **kwargs: object):  # type: ignore[no-untyped-def]
    game = toy_game(demo, **kwargs)
    return lambda name, variant: game


def test_save_and_replay_round_trip(demo: GameDef, tmp_path: Path) -> None:
    session = play(toy_game(demo, turns=3), seed=9, count=10)
    path = tmp_path / "game.json"
    session.save(path)
    loaded = Match.resume(read_save(path), factory_for(demo, turns=3))
    assert loaded.hash() == session.hash()
    assert [m.action.text for m in loaded.moves] == [m.action.text for m in session.moves]


def test_truncated_save_is_refused(demo: GameDef, tmp_path: Path) -> None:
    session = play(toy_game(demo), seed=9, count=4)
    path = tmp_path / "game.json"
    session.save(path)
    path.write_text(path.read_text()[:-40])
    with pytest.raises(SaveError, match="truncated or corrupt JSON"):
        read_save(path)


def test_edited_save_is_refused(demo: GameDef) -> None:
    data = play(toy_game(demo), seed=9, count=4).to_save()
    data["seed"] = 10
    with pytest.raises(SaveError, match="checksum does not match"):
        check_save(data)


def test_save_missing_a_field_is_refused(demo: GameDef) -> None:
    data = play(toy_game(demo), seed=9, count=4).to_save()
    del data["moves"]
    with pytest.raises(SaveError, match="no 'moves' field"):
        check_save(data)


def test_not_a_save(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text(json.dumps({"hello": 1}))
    with pytest.raises(SaveError, match="not a Legatus save"):
        read_save(path)


def test_save_under_changed_rules_names_the_first_diverging_move(demo: GameDef) -> None:
    """With fewer turns the loop's bound, kept in the state's cursor, differs at once."""
    data = play(toy_game(demo, turns=3), seed=9, count=10).to_save()
    with pytest.raises(SaveError, match=r"move 1 \(red: move\(Red Boat, Midford\)\) diverges"):
        Match.resume(data, factory_for(demo, turns=1))


def test_save_under_changed_dice_target_diverges_by_hash(demo: GameDef) -> None:
    data = play(toy_game(demo, turns=3), seed=9, count=4).to_save()
    with pytest.raises(SaveError, match=r"move 4 .* (diverges|fails)"):
        Match.resume(data, factory_for(demo, turns=3, target=1))
