"""From files to checked, compiled rules: the stages wired together.

parse (per file) -> assemble (all files of a game) -> check -> compile
(parameter values, tables). Each stage reports every problem it can; the
first stage with problems stops the pipeline with one
:class:`~framework.errors.RulesErrors` listing them all, each positioned.

:func:`game_rules` does it for an installed game, using the loader's
``GameDef`` for names and the plugins' ``legatus_register_rules`` hook for
the registry.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from framework.errors import RulesError, RulesErrors
from framework.rules import ast
from framework.rules.checker import check
from framework.rules.expressions import param_values
from framework.rules.parser import parse_path
from framework.rules.problems import Problem, to_errors
from framework.rules.registry import RuleRegistry
from framework.rules.ruleset import Ruleset, assemble, compile_tables
from framework.rules.variants import apply_variant

if TYPE_CHECKING:
    from framework.gamedef import GameDef

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


# -- installed games --------------------------------------------------------------------


@dataclass(frozen=True)
class GameRules:
    """What checking a game's rules needs: its definition, names and registry."""

    game: GameDef
    registry: RuleRegistry
    plugin_problems: tuple[str, ...] = ()

    @property
    def symbols(self) -> Mapping[str, frozenset[str]]:
        return self.game.symbols()

    def load(self) -> Ruleset:
        """The game's rules, checked and compiled (RulesErrors lists every problem)."""
        return load_rules(self.game.rules_files, self.symbols, self.registry)


def game_registry(game: str) -> tuple[RuleRegistry, tuple[str, ...]]:
    """A registry filled by every plugin's ``legatus_register_rules`` for ``game``.

    Returns the registry and a line per plugin that failed while registering.
    """
    from framework.plugins import default_plugins

    registry = RuleRegistry()
    plugins = default_plugins()
    before = len(plugins.broken)
    plugins.call_each("legatus_register_rules", game=game, registry=registry)
    failures = tuple(f"plugin {b.plugin}: {b.reason}" for b in plugins.broken[before:])
    return registry, failures


def game_rules(name_or_path: str | Path) -> GameRules:
    """Load a game's data (DataError on problems) and its rules registry."""
    from framework.loader import load_game

    game = load_game(name_or_path)
    registry, failures = game_registry(game.name)
    return GameRules(game, registry, failures)
