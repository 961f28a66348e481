"""From files to checked, compiled rules: the stages wired together.

parse (per file) -> assemble (all files of a game) -> check -> compile
(parameter values, tables). Each stage reports every problem it can; the
first stage with problems stops the pipeline with one
:class:`~legatus.framework.model.errors.RulesErrors` listing them all, each positioned.

For an installed game, the catalog (:meth:`legatus.framework.play.catalog.Catalog.rules`)
supplies the names from its data and the registry its plugin fills.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from legatus.framework.model.errors import RulesError, RulesErrors
from legatus.framework.rules import ast
from legatus.framework.rules.checker import check
from legatus.framework.rules.expressions import param_values
from legatus.framework.rules.parser import parse_path
from legatus.framework.rules.problems import Problem, to_errors
from legatus.framework.rules.registry import RuleRegistry
from legatus.framework.rules.ruleset import Ruleset, assemble, compile_tables
from legatus.framework.rules.variants import apply_variant

NO_SYMBOLS: Mapping[str, frozenset[str]] = {}


def parse_files(paths: Iterable[str | Path]) -> list[ast.RulesFile | ast.VariantFile]:
    """Parse every file; raise one RulesErrors with each file's syntax error."""
    parsed: list[ast.RulesFile | ast.VariantFile] = []
    errors: list[RulesError] = []
    for path in paths:
        try:
            parsed.append(parse_path(path))
        except RulesError as exc:
            errors.append(exc)
    if errors:
        raise RulesErrors(errors)
    return parsed


def rules_only(parsed: Sequence[ast.RulesFile | ast.VariantFile]) -> list[ast.RulesFile]:
    errors = [
        RulesError(p.span, f"{p.path} is a variant file, not a rules file")
        for p in parsed
        if isinstance(p, ast.VariantFile)
    ]
    if errors:
        raise RulesErrors(errors)
    return [p for p in parsed if isinstance(p, ast.RulesFile)]


def problems_of(
    files: Sequence[ast.RulesFile],
    symbols: Mapping[str, frozenset[str]],
    registry: RuleRegistry,
) -> tuple[Ruleset, list[Problem]]:
    ruleset, problems = assemble(files)
    problems.extend(check(ruleset, symbols, registry))
    return ruleset, problems


def compile_rules(
    files: Sequence[ast.RulesFile],
    symbols: Mapping[str, frozenset[str]] = NO_SYMBOLS,
    registry: RuleRegistry | None = None,
) -> Ruleset:
    """Assemble, check and compile parsed rules files; RulesErrors lists every problem."""
    registry = registry if registry is not None else RuleRegistry()
    ruleset, problems = problems_of(files, symbols, registry)
    if problems:
        raise RulesErrors(to_errors(problems, ruleset.sources))
    return finish(ruleset, registry)


def finish(ruleset: Ruleset, registry: RuleRegistry) -> Ruleset:
    """Compute what evaluation needs from checked rules."""
    return ruleset.with_changes(
        values=param_values(ruleset, registry), compiled_tables=compile_tables(ruleset)
    )


def load_rules(
    paths: Iterable[str | Path],
    symbols: Mapping[str, frozenset[str]] = NO_SYMBOLS,
    registry: RuleRegistry | None = None,
) -> Ruleset:
    """Parse, check and compile rules files."""
    return compile_rules(rules_only(parse_files(paths)), symbols, registry)


def with_variant(
    base: Ruleset,
    variant: ast.VariantFile,
    symbols: Mapping[str, frozenset[str]] = NO_SYMBOLS,
    registry: RuleRegistry | None = None,
) -> Ruleset:
    """The base rules with a variant applied, checked and compiled."""
    registry = registry if registry is not None else RuleRegistry()
    result, problems = apply_variant(base, variant)
    if not problems:
        problems = check(result, symbols, registry)
    if problems:
        raise RulesErrors(to_errors(problems, result.sources))
    return finish(result, registry)
