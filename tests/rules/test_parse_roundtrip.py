"""Parsing then formatting gives back the same rules: the formatter is the parser's inverse."""

from __future__ import annotations

from pathlib import Path

import pytest

from legatus.framework.model.errors import RulesError, SourceSpan
from legatus.framework.rules import ast
from legatus.framework.rules.formatter import format_file
from legatus.framework.rules.parser import parse, parse_rules, parse_variant

from .static import CASES, FIXTURES, NAVAL_TABLES, NAVAL_TEXT_VARIANT

# the naval module's tables live in its game folder, not among the fixtures
FIXTURE_FILES = [
    *sorted(FIXTURES.glob("*.rules")),
    *sorted(FIXTURES.glob("*.variant")),
    NAVAL_TABLES,
    NAVAL_TEXT_VARIANT,
]


def _parses(path: Path) -> bool:
    try:
        parse(path.read_text(encoding="utf-8"), path.name)
    except RulesError:
        return False
    return True


PARSEABLE_CASES = [p for p in sorted(CASES.iterdir()) if _parses(p)]


@pytest.mark.parametrize("path", FIXTURE_FILES + PARSEABLE_CASES, ids=lambda p: p.name)
def test_parse_format_parse_gives_the_same_ast(path: Path) -> None:
    first = parse(path.read_text(encoding="utf-8"), path.name)
    text = format_file(first)
    second = parse(text, path.name)
    assert second == first
    assert format_file(second) == text


def test_every_fixture_and_most_cases_parse() -> None:
    assert len(FIXTURE_FILES) == 8
    assert len(PARSEABLE_CASES) >= 25


def test_nodes_carry_their_source_positions() -> None:
    text = 'param years: int = 5\n\nsequence:\n  step winter_supply(base: years)  @rule "JC 8.3"\n'
    rules = parse_rules(text, "pos.rules")
    param, sequence = rules.decls
    assert param.span == SourceSpan("pos.rules", 1, 1, 1, 21)
    assert isinstance(param, ast.ParamDecl)
    assert param.default.span == SourceSpan("pos.rules", 1, 20, 1, 21)
    assert isinstance(sequence, ast.SequenceDecl)
    step = sequence.body[0]
    assert isinstance(step, ast.Step)
    assert (step.span.line, step.span.column) == (4, 3)
    assert (step.procedure_span.line, step.procedure_span.column) == (4, 8)
    assert (step.args[0].value.span.line, step.args[0].value.span.column) == (4, 28)
    assert step.rule == "JC 8.3"


def test_expressions_keep_their_grouping() -> None:
    text = "param a: int = (1 + 2) * 3 - -(4 - 5)\nparam b: bool = not (true or false) and 1 in [1, 2]\n"
    formatted = format_file(parse(text, "x.rules"))
    assert formatted == (
        "param a: int = (1 + 2) * 3 - -(4 - 5)\n"
        "param b: bool = not (true or false) and 1 in [1, 2]\n"
    )


def test_table_cells_keep_their_printed_text_and_are_aligned() -> None:
    text = 'table t:\n  rows r: roll 1d6\n  results a b\n  1-3: "Martwa cisza" W/Poż\n  4-6: +2 -\n'
    assert format_file(parse(text, "t.rules")) == (
        "table t:\n  rows r: roll 1d6\n  results a b\n"
        '  1-3: "Martwa cisza" W/Poż\n  4-6: +2             -\n'
    )


def test_a_variant_is_not_a_rules_file_and_the_reverse() -> None:
    with pytest.raises(RulesError, match="this is a variant file, not a rules file"):
        parse_rules("variant v of g\nparam x = 1\n", "v.variant")
    with pytest.raises(RulesError, match="must start with 'variant NAME of GAME'"):
        parse_variant("param x: int = 1\n", "r.rules")
