"""Random and mutated inputs only ever raise the documented errors (RulesError, RulesErrors).

Whatever a file contains, parsing and checking it either succeeds or reports
positioned problems: no Lark exception, no Python error, no hang. Whatever
parses also survives a format-and-parse round trip. Settings: no deadline and
a bounded number of examples, so a slow CI machine does not make it flaky.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from legatus.framework.model.errors import RulesError, RulesErrors
from legatus.framework.rules import ast
from legatus.framework.rules.formatter import format_file
from legatus.framework.rules.loading import compile_rules, with_variant
from legatus.framework.rules.parser import parse

from .static import FIXTURES, JC_SYMBOLS, jc_registry, jc_rules

CI = settings(
    deadline=None,
    max_examples=200,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

FRAGMENTS = [
    "game ",
    "variant ",
    " of ",
    "param ",
    "define ",
    "sequence",
    "step ",
    "check ",
    "phase ",
    "repeat ",
    " in ",
    " while ",
    " until ",
    " when ",
    "victory ",
    "require ",
    "most ",
    "least ",
    "else ",
    "draw",
    "continue",
    "effect ",
    " on ",
    "for ",
    "if ",
    "let ",
    "choose ",
    " from ",
    " where ",
    " by ",
    "table ",
    "rows ",
    "columns ",
    "results ",
    "cells ",
    "roll ",
    "2d6",
    "1d10",
    " clamp ",
    "modifier ",
    "special ",
    " pass ",
    " fail ",
    "order ",
    "replace ",
    "insert ",
    " before ",
    " after ",
    "remove ",
    "and ",
    "or ",
    "not ",
    "true",
    "false",
    "int",
    "bool",
    "side",
    "space",
    "list[",
    "piece",
    "x",
    "years",
    "vp",
    "side",
    "Roma",
    "winter",
    "disband",
    "cleopatra_home",
    "winter_supply",
    "base",
    "0",
    "1",
    "12",
    "5-6",
    "8+",
    "≤ 3",
    "AUTO",
    "NIE",
    "-",
    "+",
    "*",
    "/",
    "%",
    "==",
    "<=",
    ">",
    "..",
    ":",
    ",",
    "=",
    "(",
    ")",
    "[",
    "]",
    '"',
    '"Roma"',
    "@rule ",
    '"JC 1.2"',
    "#",
    "\n",
    "\n  ",
    "\n    ",
    "\t",
    " ",
    "  ",
    "é",
    "\\",
    "'",
    "&&",
    "!",
]

texts = st.lists(st.sampled_from(FRAGMENTS), max_size=60).map("".join)
FIXTURE_TEXTS = [
    (p.name, p.read_text(encoding="utf-8"))
    for p in sorted(FIXTURES.glob("*.rules")) + sorted(FIXTURES.glob("*.variant"))
]


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, str]:
    """A fixture with a few random edits: deletions, insertions, swapped or repeated lines."""
    name, text = draw(st.sampled_from(FIXTURE_TEXTS))
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["delete", "insert", "swap", "repeat", "indent"]))
        lines = text.splitlines(keepends=True)
        if kind == "delete" and text:
            start = draw(st.integers(0, len(text) - 1))
            text = text[:start] + text[start + draw(st.integers(1, 12)) :]
        elif kind == "insert":
            at = draw(st.integers(0, len(text)))
            text = text[:at] + draw(st.sampled_from(FRAGMENTS)) + text[at:]
        elif kind == "swap" and len(lines) > 1:
            i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
            text = "".join(lines)
        elif kind == "repeat" and lines:
            i = draw(st.integers(0, len(lines) - 1))
            lines.insert(i, lines[i])
            text = "".join(lines)
        elif kind == "indent" and lines:
            i = draw(st.integers(0, len(lines) - 1))
            lines[i] = " " * draw(st.integers(1, 3)) + lines[i]
            text = "".join(lines)
    return name, text


BASE = jc_rules()


def check_text(name: str, text: str) -> None:
    """Parse, round-trip and check ``text``; only documented errors may escape."""
    try:
        node = parse(text, name)
    except RulesError:
        return
    assert parse(format_file(node), name) == node
    try:
        if isinstance(node, ast.RulesFile):
            compile_rules([node], JC_SYMBOLS, jc_registry())
        else:
            with_variant(BASE, node, JC_SYMBOLS, jc_registry())
    except RulesError as exc:
        assert exc.span.line >= 1 and exc.span.column >= 1, exc
    except RulesErrors as exc:
        assert exc.errors and all(e.span.line >= 1 and e.span.column >= 1 for e in exc.errors), exc


@CI
@given(texts)
def test_random_token_soup_raises_only_documented_errors(text: str) -> None:
    check_text("soup.rules", text)


@CI
@given(st.text(max_size=200))
def test_arbitrary_text_raises_only_documented_errors(text: str) -> None:
    check_text("any.rules", text)


@CI
@given(mutated())
def test_mutated_fixtures_raise_only_documented_errors(case: tuple[str, str]) -> None:
    check_text(*case)


def test_deep_nesting_is_refused_with_a_position() -> None:
    text = "param x: int = " + "-" * 300 + "1\n"  # parentheses alone add no depth
    try:
        parse(text, "deep.rules")
    except RulesError as exc:
        assert exc.span.line == 1
        assert "nested more than 100 levels deep" in exc.message
    else:
        raise AssertionError("deep nesting was accepted")


def test_oversized_input_is_refused() -> None:
    text = "# " + "x" * (1024 * 1024) + "\n"
    try:
        parse(text, "big.rules")
    except RulesError as exc:
        assert str(exc) == "big.rules:1:1: file is larger than 1024 KiB; refusing to parse"
    else:
        raise AssertionError("oversized input was accepted")


def test_huge_numbers_are_refused() -> None:
    try:
        parse("param x: int = " + "9" * 5000 + "\n", "num.rules")
    except RulesError as exc:
        assert (exc.span.column, exc.message) == (16, "number too long: at most 9 digits")
    else:
        raise AssertionError("a 5000-digit number was accepted")
