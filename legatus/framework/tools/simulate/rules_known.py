"""Every rule a game can count as fired: the denominator of rule coverage.

The engine counts a rule each time a clause that cites it applies
(``Context.fired``): the steps, blocks and victory checks of the sequence of
play, the victory conditions, the statements of DSL effects, the tables rolled
(``Context.roll_on``) and their modifiers that applied, and the Python
procedures the plugin registered, each with its rulebook section (phases
and loops are not counted themselves: the steps inside them are). Python
procedures may also cite a finer section only when it applies (a sea
battle's "JC 7.8"); those cannot be listed in advance and appear in a
coverage report once they have fired. This
module lists those citations from the compiled rules and the registry, so a
simulation can report the rules that never fired as well as those that did.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from legatus.framework.engine.core import Game
from legatus.framework.rules import ast

#: Blocks of the sequence of play cite their section for readers, but the
#: engine counts the steps inside them, not the blocks themselves.
_NOT_COUNTED = (ast.Phase, ast.Repeat, ast.SequenceDecl)


def _rules_in(node: Any, seen: set[int]) -> Iterator[str]:
    """Every ``rule`` citation in a frozen AST value, depth first."""
    if id(node) in seen:
        return
    seen.add(id(node))
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        rule = getattr(node, "rule", None)
        if isinstance(rule, str) and rule and not isinstance(node, _NOT_COUNTED):
            yield rule
        for item in dataclasses.fields(node):
            yield from _rules_in(getattr(node, item.name), seen)
    elif isinstance(node, (list, tuple)):
        for item in node:
            yield from _rules_in(item, seen)
    elif hasattr(node, "values") and hasattr(node, "keys"):
        for item in node.values():
            yield from _rules_in(item, seen)


def known_rules(game: Game) -> dict[str, str]:
    """Rule citation -> "dsl" or "python", for everything the engine may count as fired."""
    known: dict[str, str] = {}
    registry = getattr(game.rules, "registry", None)
    if registry is not None:
        for entry in registry.procedures.values():
            if entry.rule:
                known[entry.rule] = "python"
    for procedure in game.procedures.values():
        rule = getattr(procedure, "rule", "")
        if isinstance(rule, str) and rule:
            known.setdefault(rule, "python")
    ruleset = getattr(game.rules, "ruleset", None)
    if ruleset is not None:
        seen: set[int] = set()
        parts = (ruleset.sequence, ruleset.victories, ruleset.effects, ruleset.tables)
        for part in (*parts, ruleset.procedures):
            for rule in _rules_in(part, seen):
                known[rule] = "dsl"
    return dict(sorted(known.items()))
