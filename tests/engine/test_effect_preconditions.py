"""Preconditions declared on effects (``effect NAME(...) when CONDITION:``): an effect may
be played only while its condition holds (Hannibal Barkas's events, HB 3.4.3); the checker
types the condition; the formatter writes it back."""

from __future__ import annotations

from pathlib import Path

import pytest

from legatus.framework.engine.core import Context, Run
from legatus.framework.model.errors import RulesErrors
from legatus.framework.model.gamedef import GameDef
from legatus.framework.rules.formatter import format_decl
from legatus.framework.rules.parser import parse_rules
from tests.engine.test_procedures import RULES, procedure_game

EFFECT = """
effect rally(player: side) when count(on_board(player)) > 1: @rule "PROC 3"
  "Only a side with two pieces or more on the board may rally."
  record_shout(player, 9)
"""


def test_an_effect_may_be_played_only_while_its_precondition_holds(
    demo: GameDef, tmp_path: Path
) -> None:
    game = procedure_game(demo, tmp_path, rules=RULES + EFFECT)
    state = game.new_state(seed=1)
    ctx = Context(game, state, Run(count=False))
    rules = game.rules
    assert rules.effect_allowed("rally", ctx, {"player": "red"})  # two red pieces
    state["pieces"]["Red Boat"]["at"] = "pool"
    assert not rules.effect_allowed("rally", ctx, {"player": "red"})
    assert not rules.effect_allowed("no_such_effect", ctx, {"player": "red"})


def test_the_checker_wants_a_condition(demo: GameDef, tmp_path: Path) -> None:
    rules = RULES + EFFECT.replace("count(on_board(player)) > 1", "count(on_board(player))")
    with pytest.raises(RulesErrors) as caught:
        procedure_game(demo, tmp_path, rules=rules)
    assert "the precondition of effect 'rally' must be a bool, not an int" in str(caught.value)


def test_the_formatter_writes_a_precondition_back() -> None:
    (decl,) = parse_rules("game demo_skirmish\n" + EFFECT, "e.rules").decls
    text = "\n".join(format_decl(decl)) + "\n"
    assert " when count(on_board(player)) > 1:" in text
    assert parse_rules("game demo_skirmish\n" + text, "again.rules").decls[0] == decl
