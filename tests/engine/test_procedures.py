"""Procedures declared in the rules language (``procedure NAME(...):``): their flow
(``for``, ``repeat``, ``while``/``until``, ``let``/``set``), their decision points
(``decide`` with named options, each with its condition and its legal arguments from
queries), how they run (prompts, resumption from a copy of the state, variants that
replace them) and how the checker reports their misuse."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from legatus.framework.engine import effects
from legatus.framework.engine.core import Context, EngineError, Game
from legatus.framework.engine.dsl import compile_game
from legatus.framework.engine.queries import register_engine_queries
from legatus.framework.model.errors import RulesErrors
from legatus.framework.model.gamedef import GameDef, RecordDecl, frozen_map
from legatus.framework.rules.formatter import format_decl
from legatus.framework.rules.loading import load_rules, with_variant
from legatus.framework.rules.parser import parse_rules, parse_variant
from legatus.framework.rules.registry import RuleRegistry

RULES = """\
game demo_skirmish

param rounds: int in 1..9 = 3 "Rounds of shouting at most" @rule "PROC 2"

sequence: @rule "PROC 0"
  step march_all @rule "PROC 1"
  step shouting(first: "red") @rule "PROC 2"

procedure march_all: @rule "PROC 1"
  "Each side in turn moves one of its pieces to a neighbouring space, or passes."
  for mover in sides():
    decide march by mover:
      "move a piece or pass"
      option move(piece: piece from on_board(mover), to: space from neighbours(location(piece))):
        move_piece(piece, to)
      option pass

procedure shouting(first: side): @rule "PROC 2"
  "The sides shout in turn until both pass in a row or the rounds run out."
  let passes = 0
  let round = 0
  let now = first
  while round < rounds and passes < 2:
    set round = round + 1
    decide shout by now:
      "{now}: shout, round {round}"
      option shout(loud: int from [1, 2, 3]) when loud_allowed(now):
        set passes = 0
        record_shout(now, loud)
      option pass:
        set passes = passes + 1
    set now = rival(now)
"""


def _on_board(ctx: Context, side: str) -> list[str]:
    return sorted(
        pid
        for pid, piece in ctx.state["pieces"].items()
        if piece["side"] == side and piece["at"] in ctx.definition.board.spaces
    )


def _move_piece(ctx: Context, piece: str, to: str) -> None:
    ctx.state["pieces"][piece]["at"] = to
    ctx.log(f"{piece} moves to {to}")


def _record_shout(ctx: Context, side: str, loud: int) -> None:
    ctx.state["records"]["shouts"].append([side, loud])


def _registry(loud_needs: dict[str, str] | None = None) -> RuleRegistry:
    registry = RuleRegistry()
    register_engine_queries(registry)
    registry.add_query("on_board", _on_board, returns="list[piece]", params={"side": "side"})
    registry.add_query(
        "rival",
        lambda ctx, side: ctx.definition.opponent(side),
        returns="side",
        params={"side": "side"},
    )
    registry.add_query(
        "loud_allowed",
        lambda ctx, side: len(ctx.state["records"]["shouts"]) < 5,
        returns="bool",
        params={"side": "side"},
        needs=loud_needs,
    )
    registry.add_effect(
        "move_piece", _move_piece, params={"piece": "piece", "to": "space"}, rule="PROC 1"
    )
    registry.add_effect(
        "record_shout", _record_shout, params={"side": "side", "loud": "int"}, rule="PROC 2"
    )
    return registry


def _definition(demo: GameDef) -> GameDef:
    records = {**demo.records, "shouts": RecordDecl("shouts", {"type": "array"})}
    return replace(demo, records=frozen_map(records))


def procedure_game(
    demo: GameDef, tmp_path: Path, rules: str = RULES, variant: str | None = None
) -> Game:
    path = tmp_path / "procedures.rules"
    path.write_text(rules, encoding="utf-8")
    definition = _definition(demo)
    registry = _registry()
    symbols = definition.symbols()
    ruleset = load_rules([path], symbols, registry)
    if variant is not None:
        ruleset = with_variant(ruleset, parse_variant(variant, "v.variant"), symbols, registry)
    return compile_game(definition, ruleset, registry)


def test_a_decision_offers_each_option_with_its_legal_arguments(
    demo: GameDef, tmp_path: Path
) -> None:
    game = procedure_game(demo, tmp_path)
    state = game.new_state(seed=1)
    prompt = game.prompt(state)
    assert prompt is not None
    assert (prompt.side, prompt.kind, prompt.text) == ("red", "march", "move a piece or pass")
    # The option's second argument is read from its first: where each piece may go.
    assert [a.text for a in prompt.actions] == [
        "move(Red Boat, Midford)",
        "move(Red Foot, Midford)",
        "pass",
    ]


def test_the_chosen_option_binds_its_arguments_and_runs_its_body(
    demo: GameDef, tmp_path: Path
) -> None:
    game = procedure_game(demo, tmp_path)
    state = game.new_state(seed=1)
    game.apply(state, "move(Red Foot, Midford)")
    assert state["pieces"]["Red Foot"]["at"] == "Midford"
    prompt = game.prompt(state)
    assert prompt is not None and (prompt.side, prompt.kind) == ("blue", "march")
    assert [a.text for a in prompt.actions] == ["move(Blue Foot, Midford)", "pass"]
    game.apply(state, "pass")
    assert state["pieces"]["Blue Foot"]["at"] == "Southtown"


def test_a_loop_ends_when_its_test_fails_and_locals_are_set(demo: GameDef, tmp_path: Path) -> None:
    game = procedure_game(demo, tmp_path)
    state = game.new_state(seed=1)
    game.apply(state, "pass")
    game.apply(state, "pass")
    # Shouting: red first; its options are its shouts and pass (listed in the engine's
    # canonical order, as every prompt's actions are).
    prompt = game.prompt(state)
    assert prompt is not None and (prompt.side, prompt.kind) == ("red", "shout")
    # The text names variables: a side by its name.
    assert prompt.text == "Red: shout, round 1"
    assert [a.text for a in prompt.actions] == ["pass", "shout(1)", "shout(2)", "shout(3)"]
    game.apply(state, "shout(2)")  # passes = 0
    game.apply(state, "pass")  # blue: passes = 1
    game.apply(state, "pass")  # red: passes = 2, the loop ends
    assert state["records"]["shouts"] == [["red", 2]]
    assert state["result"]["winner"] is None  # the sequence ended
    assert state["stack"] == []


def test_the_loop_stops_at_its_bound_whatever_the_answers(demo: GameDef, tmp_path: Path) -> None:
    game = procedure_game(demo, tmp_path)
    state = game.new_state(seed=1)
    game.apply(state, "pass")
    game.apply(state, "pass")
    game.apply(state, "shout(1)")
    game.apply(state, "shout(3)")
    game.apply(state, "shout(2)")  # round 3 of rounds = 3: no more
    assert state["records"]["shouts"] == [["red", 1], ["blue", 3], ["red", 2]]
    assert state["stack"] == []


def test_a_procedure_resumes_from_a_copy_of_the_state(demo: GameDef, tmp_path: Path) -> None:
    """Its position, variables and question are plain data in its frame: a saved state
    (here a JSON round trip) plays on exactly as the original."""
    game = procedure_game(demo, tmp_path)
    state = game.new_state(seed=1)
    game.apply(state, "pass")
    game.apply(state, "pass")
    game.apply(state, "shout(1)")
    copy = json.loads(json.dumps(state))
    assert game.prompt(copy) == game.prompt(state)
    for each in (state, copy):
        game.apply(each, "pass")
        game.apply(each, "pass")
    assert copy == state
    assert state["records"]["shouts"] == [["red", 1]]


def test_an_option_whose_condition_fails_is_not_offered(demo: GameDef, tmp_path: Path) -> None:
    game = procedure_game(demo, tmp_path)
    state = game.new_state(seed=1)
    state["records"]["shouts"] = [["red", 1]] * 5  # loud_allowed no longer holds
    game.apply(state, "pass")
    game.apply(state, "pass")
    prompt = game.prompt(state)
    assert prompt is not None and [a.text for a in prompt.actions] == ["pass"]


def test_a_variant_replaces_a_procedure(demo: GameDef, tmp_path: Path) -> None:
    variant = """\
variant one_shout of demo_skirmish "Each side shouts once, at most"
replace procedure shouting(first: side): @rule "PROC 2 (variant)"
  repeat turn in 1..2:
    decide shout by first:
      option shout(loud: int from [1, 2])
      option pass
"""
    game = procedure_game(demo, tmp_path, variant=variant)
    state = game.new_state(seed=1)
    game.apply(state, "pass")
    game.apply(state, "pass")
    prompt = game.prompt(state)
    assert prompt is not None
    assert [a.text for a in prompt.actions] == ["pass", "shout(1)", "shout(2)"]
    game.apply(state, "shout(2)")
    game.apply(state, "pass")
    assert state["stack"] == []  # two decisions, then over
    assert state["records"]["shouts"] == []  # the variant's option records nothing


def test_a_procedure_calls_another_with_its_arguments_by_position(
    demo: GameDef, tmp_path: Path
) -> None:
    """A declared procedure called from another takes its arguments by position as by
    name: they are its parameters, in the order it declares them."""
    rules = RULES.replace(
        'step shouting(first: "red") @rule "PROC 2"',
        'step shout_twice(first: "blue") @rule "PROC 2"',
    ) + (
        "\n"
        'procedure shout_twice(first: side): @rule "PROC 2"\n'
        "  record_shout(first, 1)\n"
        "  shout_once(first, 2)\n"
        "\n"
        'procedure shout_once(by: side, loud: int): @rule "PROC 2"\n'
        "  record_shout(by, loud)\n"
    )
    game = procedure_game(demo, tmp_path, rules)
    state = game.new_state(seed=1)
    game.apply(state, "pass")
    game.apply(state, "pass")
    assert state["records"]["shouts"] == [["blue", 1], ["blue", 2]]
    assert state["stack"] == []


def test_a_loop_that_never_ends_is_a_fault_of_the_rules(
    demo: GameDef, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = RULES.replace("while round < rounds and passes < 2:", "until round < 0:")
    rules = rules.replace(
        "    set round = round + 1\n    decide shout by now:", "    decide shout by now:"
    )
    rules = rules.replace(
        "option shout(loud: int from [1, 2, 3]) when loud_allowed(now):",
        "option shout(loud: int from [1, 2, 3]) when false:",
    )
    rules = rules.replace("      option pass:\n        set passes = passes + 1\n", "")
    monkeypatch.setattr(effects, "MAX_PASSES", 50)
    game = procedure_game(demo, tmp_path, rules=rules)
    state = game.new_state(seed=1)
    game.apply(state, "pass")
    with pytest.raises(
        EngineError, match=r"procedures.rules:23: the 'until' loop made 50 passes without ending"
    ):
        game.apply(state, "pass")


def test_the_formatter_writes_a_procedure_back_as_it_reads(tmp_path: Path) -> None:
    parsed = parse_rules(RULES, "procedures.rules")
    for decl in parsed.decls:
        text = "\n".join(format_decl(decl)) + "\n"
        again = parse_rules("game demo_skirmish\n" + text, "again.rules")
        assert again.decls[0] == decl


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            ("        set passes = 0\n", "        set passez = 0\n"),
            "procedures.rules:28:9: 'set' changes a variable, and 'passez' is not one here",
        ),
        (
            (
                "option shout(loud: int from [1, 2, 3])",
                "option shout(loud: int from on_board(now))",
            ),
            "procedures.rules:27:35: the choices of 'loud' must be a list (list[int])",
        ),
        (
            ("      option pass:\n        set passes", "      option shout:\n        set passes"),
            "procedures.rules:30:7: decision 'shout' has two options named 'shout' (the first at line 27)",
        ),
        (
            ('step shouting(first: "red")', "step shouting(first: 3)"),
            "procedures.rules:7:24: argument 'first' of procedure 'shouting' must be a side",
        ),
        (
            ('"{now}: shout, round {round}"', '"{nowe}: shout"'),
            "procedures.rules:25:5: the text of decision 'shout' names {nowe}, which is not a "
            "variable here",
        ),
        (
            ("step march_all", "step march_al"),
            "did you mean 'march_all'?",
        ),
        (
            ("while round < rounds and passes < 2", "while round + passes"),
            "procedures.rules:23:9: the test after 'while' must be a bool, not an int",
        ),
    ],
)
def test_the_checker_reports_misuse_at_its_place(
    demo: GameDef, tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    old, new = change
    assert old in RULES
    with pytest.raises(RulesErrors) as caught:
        procedure_game(demo, tmp_path, rules=RULES.replace(old, new))
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("needs", "message"),
    [
        (
            {"shout.limit": "int"},
            "procedures.rules:27:51: query 'loud_allowed' reads parameter 'shout.limit', "
            "which the rules do not define",
        ),
        (
            {"rounds": "bool"},
            "procedures.rules:3:15: query 'loud_allowed' reads 'rounds' as bool, but it is "
            "declared int",
        ),
    ],
)
def test_a_query_that_reads_a_parameter_the_rules_lack_is_reported_where_it_is_called(
    demo: GameDef, tmp_path: Path, needs: dict[str, str], message: str
) -> None:
    """A query, effect or procedure registered with ``needs`` names the parameters its
    Python reads; a rules file (or variant) that calls it without them is refused by the
    checker, at the first call, not when a game reaches it."""
    path = tmp_path / "procedures.rules"
    path.write_text(RULES, encoding="utf-8")
    with pytest.raises(RulesErrors) as caught:
        load_rules([path], _definition(demo).symbols(), _registry(loud_needs=needs))
    assert message in str(caught.value)
