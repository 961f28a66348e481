"""``turns SIDE in SIDES until all pass:`` in the rules language: the sides act in turn,
round after round, until every side has passed in a row (an auction's raises, a phase of
alternating activations)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from legatus.framework.engine.core import Game
from legatus.framework.engine.state import State
from legatus.framework.model.errors import RulesErrors
from legatus.framework.model.gamedef import GameDef
from legatus.framework.rules.formatter import format_decl
from legatus.framework.rules.parser import parse_rules
from tests.engine.test_procedures import procedure_game

RULES = """\
game demo_skirmish

sequence: @rule "TURN 0"
  step shouting(first: "red") @rule "TURN 1"

procedure shouting(first: side): @rule "TURN 1"
  "Each side in turn shouts or passes; the shouting ends when both pass in a row."
  turns now in [first, rival(first)] until all pass: @rule "TURN 1"
    decide shout by now:
      "{now}: shout or pass"
      option shout(loud: int from [1, 2]) when loud_allowed(now):
        record_shout(now, loud)
      option pass
"""


def _prompt_side(game: Game, state: State) -> str:
    prompt = game.prompt(state)
    assert prompt is not None
    return str(prompt.side)


def test_the_turns_end_when_every_side_has_passed_in_a_row(demo: GameDef, tmp_path: Path) -> None:
    game = procedure_game(demo, tmp_path, rules=RULES)
    state = game.new_state(seed=1)
    sides = []
    for answer in ("shout(1)", "pass", "shout(2)", "pass", "pass"):
        sides.append(_prompt_side(game, state))
        game.apply(state, answer)
    # red shouts, blue passes, red shouts again (one pass is not all), blue and red pass.
    assert sides == ["red", "blue", "red", "blue", "red"]
    assert state["records"]["shouts"] == [["red", 1], ["red", 2]]
    assert state["stack"] == [] and state["prompt"] is None


def test_a_pass_then_an_answer_starts_the_count_again(demo: GameDef, tmp_path: Path) -> None:
    game = procedure_game(demo, tmp_path, rules=RULES)
    state = game.new_state(seed=1)
    for answer in ("pass", "shout(2)", "pass"):
        game.apply(state, answer)
    assert _prompt_side(game, state) == "blue"  # red passed after blue shouted: blue's turn
    game.apply(state, "pass")
    assert state["records"]["shouts"] == [["blue", 2]]
    assert state["prompt"] is None


def test_a_side_asked_nothing_passes(demo: GameDef, tmp_path: Path) -> None:
    """Without the option pass, a side that may not shout is asked nothing: its turn is a
    pass, so once nobody may shout the turns end by themselves."""
    rules = RULES.replace("      option pass\n", "")
    game = procedure_game(demo, tmp_path, rules=rules)
    state = game.new_state(seed=1)
    for answer in ("shout(1)", "shout(1)", "shout(1)", "shout(1)", "shout(2)"):
        game.apply(state, answer)
    # Five shouts: loud_allowed no longer holds for anyone, and nothing is asked.
    assert len(state["records"]["shouts"]) == 5
    assert state["prompt"] is None


def test_the_turns_resume_from_a_copy_of_the_state(demo: GameDef, tmp_path: Path) -> None:
    game = procedure_game(demo, tmp_path, rules=RULES)
    state = game.new_state(seed=1)
    game.apply(state, "shout(1)")
    game.apply(state, "pass")
    copy = json.loads(json.dumps(state))
    for each in (state, copy):
        game.apply(each, "pass")
    assert copy == state and state["prompt"] is None


def test_the_formatter_writes_turns_back_as_it_reads() -> None:
    for decl in parse_rules(RULES, "turns.rules").decls:
        text = "\n".join(format_decl(decl)) + "\n"
        assert parse_rules("game demo_skirmish\n" + text, "again.rules").decls[0] == decl


def test_names_that_begin_with_a_keyword_are_names() -> None:
    """``until_dawn`` and ``turns_left`` are names, not ``until`` or ``turns`` and a name."""
    text = RULES + "  let turns_left = 2\n  let until_dawn = turns_left\n"
    body = parse_rules(text, "turns.rules").decls[-1].body  # type: ignore[union-attr]
    assert [type(stmt).__name__ for stmt in body] == ["TurnsStmt", "LetStmt", "LetStmt"]


def test_the_checker_wants_a_list_of_sides(demo: GameDef, tmp_path: Path) -> None:
    rules = RULES.replace("[first, rival(first)]", "[1, 2]")
    with pytest.raises(RulesErrors) as caught:
        procedure_game(demo, tmp_path, rules=rules)
    assert (
        "procedures.rules:8:17: an item of the sides that take turns must be a side, not an int"
        in str(caught.value)
    )
