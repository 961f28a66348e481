"""A game's rules as one frozen value: the definitions of all its rules files.

:func:`assemble` merges parsed files into a :class:`Ruleset` (reporting names
defined twice); the checker then verifies it; :func:`compile_rules` runs both
and computes what the evaluator needs (parameter values, compiled tables).
Variants (:mod:`legatus.framework.rules.variants`) turn one Ruleset into another.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from legatus.framework.rules import ast
from legatus.framework.rules.problems import Problem
from legatus.framework.rules.tables import Table, compile_table

Value = Any  # int | bool | str | list[Value] | an id from the game state


@dataclass(frozen=True)
class Ruleset:
    """Every definition of a game's rules, by kind and name; frozen."""

    game: str | None
    sources: Mapping[str, str]
    params: Mapping[str, ast.ParamDecl]
    defines: Mapping[str, ast.DefineDecl]
    sequence: ast.SequenceDecl | None
    victories: Mapping[str, ast.VictoryDecl]
    effects: Mapping[str, ast.EffectDecl]
    tables: Mapping[str, ast.TableDecl]
    #: Procedures whose flow the rules declare (``procedure NAME(...):``).
    procedures: Mapping[str, ast.ProcedureDecl] = field(
        default_factory=lambda: MappingProxyType({})
    )
    variants: tuple[str, ...] = ()
    #: filled by compile_rules once the checker has passed
    values: Mapping[str, Value] = field(default_factory=lambda: MappingProxyType({}))
    compiled_tables: Mapping[str, Table] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def files(self) -> tuple[str, ...]:
        return tuple(self.sources)

    def param(self, name: str) -> Value:
        """A parameter's value (after variants); KeyError names the parameter."""
        try:
            return self.values[name]
        except KeyError:
            raise KeyError(f"no parameter {name!r} in the rules") from None

    def table(self, name: str) -> Table:
        try:
            return self.compiled_tables[name]
        except KeyError:
            raise KeyError(f"no table {name!r} in the rules") from None

    def effect_for_card(self, card: str) -> ast.EffectDecl | None:
        return next((e for e in self.effects.values() if e.card == card), None)

    def with_changes(self, **changes: Any) -> Ruleset:
        frozen: dict[str, Any] = {
            k: MappingProxyType(dict(v)) if isinstance(v, dict) else v for k, v in changes.items()
        }
        return replace(self, **frozen)


_KINDS: dict[type, str] = {
    ast.ParamDecl: "params",
    ast.DefineDecl: "defines",
    ast.VictoryDecl: "victories",
    ast.EffectDecl: "effects",
    ast.TableDecl: "tables",
    ast.ProcedureDecl: "procedures",
}


def assemble(files: Sequence[ast.RulesFile]) -> tuple[Ruleset, list[Problem]]:
    """Merge parsed rules files; report duplicate names and disagreeing game headers."""
    problems: list[Problem] = []
    by_kind: dict[str, dict[str, Any]] = {kind: {} for kind in _KINDS.values()}
    names: dict[str, ast.Decl] = {}
    sequence: ast.SequenceDecl | None = None
    game: str | None = None
    for file in files:
        if file.game is not None:
            if game is not None and file.game != game:
                problems.append(
                    Problem(
                        file.span if file.span.line else ast.NOWHERE,
                        f"this file is for game {file.game!r}, the others for {game!r}",
                    )
                )
            game = game or file.game
        for decl in file.decls:
            if isinstance(decl, ast.SequenceDecl):
                if sequence is not None:
                    problems.append(
                        Problem(
                            decl.span,
                            "the sequence of play is defined twice "
                            f"(first at {sequence.span.file}:{sequence.span.line})",
                        )
                    )
                    continue
                sequence = decl
                continue
            first = names.get(decl.name)
            if first is not None:
                problems.append(duplicate(decl, first))
                continue
            names[decl.name] = decl
            by_kind[_KINDS[type(decl)]][decl.name] = decl
    ruleset = Ruleset(
        game=game,
        sources=MappingProxyType({f.path: f.source for f in files}),
        params=MappingProxyType(by_kind["params"]),
        defines=MappingProxyType(by_kind["defines"]),
        sequence=sequence,
        victories=MappingProxyType(by_kind["victories"]),
        effects=MappingProxyType(by_kind["effects"]),
        tables=MappingProxyType(by_kind["tables"]),
        procedures=MappingProxyType(by_kind["procedures"]),
    )
    return ruleset, problems


def duplicate(decl: ast.Decl, first: ast.Decl) -> Problem:
    where = f"{first.span.file}:{first.span.line}"
    return Problem(
        decl.span,
        f"{ast.decl_kind(decl)} {decl.name!r} is already defined "
        f"(as a {ast.decl_kind(first)} at {where})",
    )


def compile_tables(ruleset: Ruleset) -> dict[str, Table]:
    return {name: compile_table(decl)[0] for name, decl in ruleset.tables.items()}
