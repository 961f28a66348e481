"""The Legatus rules language: parse, check, evaluate and vary a game's rules.

Stages, each its own module (see docs/dsl.md for the language itself):

- :mod:`~legatus.framework.rules.parser` (with ``grammar.lark`` and the transformer):
  text -> frozen AST (:mod:`~legatus.framework.rules.ast`) with source positions;
- :mod:`~legatus.framework.rules.ruleset` and :mod:`~legatus.framework.rules.checker` (with
  ``typecheck``, ``check_sequence`` and ``tables``): the files of a game
  merged and checked against the game's names and the
  :class:`~legatus.framework.rules.registry.RuleRegistry`;
- :mod:`~legatus.framework.rules.expressions`, :mod:`~legatus.framework.rules.victory` and
  :mod:`~legatus.framework.rules.rolls`: expressions, victory declarations and table
  rolls evaluated against a game (the engine's context stands for the state;
  the engine runs the sequence of play and the effects, see
  :mod:`legatus.framework.engine.dsl`);
- :mod:`~legatus.framework.rules.loading`: the stages wired together;
- :mod:`~legatus.framework.rules.plan`: the static picture of a sequence of play;
- :mod:`~legatus.framework.rules.variants`: variants applied and compared;
- :mod:`~legatus.framework.rules.formatter`: AST back to canonical text.
"""

from __future__ import annotations

from legatus.framework.rules.formatter import format_file
from legatus.framework.rules.loading import compile_rules, load_rules, with_variant
from legatus.framework.rules.parser import parse, parse_rules, parse_variant
from legatus.framework.rules.plan import plan
from legatus.framework.rules.registry import RuleRegistry
from legatus.framework.rules.rolls import TableRoll
from legatus.framework.rules.ruleset import Ruleset
from legatus.framework.rules.tables import Cell, Table, lookup
from legatus.framework.rules.trace import cites, tracing
from legatus.framework.rules.variants import Change, apply_variant, diff
from legatus.framework.rules.victory import Outcome

__all__ = [
    "Cell",
    "Change",
    "Outcome",
    "RuleRegistry",
    "Ruleset",
    "Table",
    "TableRoll",
    "apply_variant",
    "cites",
    "compile_rules",
    "diff",
    "format_file",
    "load_rules",
    "lookup",
    "parse",
    "parse_rules",
    "parse_variant",
    "plan",
    "tracing",
    "with_variant",
]
