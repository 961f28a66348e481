"""One broken rules or variant file per kind of error, with the exact report expected.

Each file in ``cases/`` starts with comment lines naming what the checker must
say: ``# error: LINE:COL: message`` (one line per expected error, all of them)
and optionally ``# hint: text`` for the first error's hint. Rules files are
checked against the fake Julius Caesar registry and names; variants are
applied to the Julius Caesar fixture.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from legatus.framework.model.errors import RulesError, RulesErrors
from legatus.framework.rules import ast
from legatus.framework.rules.loading import compile_rules, with_variant
from legatus.framework.rules.parser import parse

from .static import CASES, FIXTURES, JC_SYMBOLS, jc_registry, jc_rules

_EXPECT = re.compile(r"# error: (\d+):(\d+): (.*)")
_HINT = re.compile(r"# hint: (.*)")

CASE_FILES = sorted(CASES.glob("*.rules")) + sorted(CASES.glob("*.variant"))


def expectations(path: Path) -> tuple[list[tuple[int, int, str]], str | None]:
    errors, hint = [], None
    for line in path.read_text(encoding="utf-8").splitlines():
        if m := _EXPECT.match(line):
            message = m.group(3).replace("{FIXTURES}", str(FIXTURES))
            errors.append((int(m.group(1)), int(m.group(2)), message))
        elif m := _HINT.match(line):
            hint = m.group(1)
    return errors, hint


def reported(path: Path) -> list[RulesError]:
    text = path.read_text(encoding="utf-8")
    try:
        node = parse(text, path.name)
        if isinstance(node, ast.RulesFile):
            compile_rules([node], JC_SYMBOLS, jc_registry())
        else:
            with_variant(jc_rules(), node, JC_SYMBOLS, jc_registry())
    except RulesErrors as exc:
        return list(exc.errors)
    except RulesError as exc:
        return [exc]
    return []


def test_there_are_at_least_ten_broken_files_of_each_kind() -> None:
    assert len(list(CASES.glob("*.rules"))) >= 10
    assert len(list(CASES.glob("*.variant"))) >= 5


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: p.name)
def test_broken_file_reports_exactly_the_expected_errors(path: Path) -> None:
    expected, hint = expectations(path)
    assert expected, f"{path.name} states no expected error"
    errors = reported(path)
    got = [(e.span.line, e.span.column, e.message) for e in errors]
    assert got == expected
    if hint is not None:
        assert errors[0].hint == hint


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: p.name)
def test_every_error_shows_its_source_line_and_a_caret(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    for error in reported(path):
        if error.span.file != path.name:
            continue  # reported in the base game's file
        assert error.source_line == lines[error.span.line - 1]
        rendered = error.render().splitlines()
        assert rendered[0] == f"{path.name}:{error.span.line}:{error.span.column}: {error.message}"
        assert rendered[2] == "    " + " " * (error.span.column - 1) + "^"
