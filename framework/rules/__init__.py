"""The Legatus rules language: parse, check, evaluate and vary a game's rules.

Stages, each its own module (see docs/dsl.md for the language itself):

- :mod:`~framework.rules.parser` (with ``grammar.lark`` and the transformer):
  text -> frozen AST (:mod:`~framework.rules.ast`) with source positions;
- :mod:`~framework.rules.ruleset` and :mod:`~framework.rules.checker` (with
  ``typecheck``, ``check_sequence`` and ``tables``): the files of a game
  merged and checked against the game's names and the
  :class:`~framework.rules.registry.RuleRegistry`;
- :mod:`~framework.rules.expressions`, :mod:`~framework.rules.victory` and
  :mod:`~framework.rules.rolls`: expressions, victory declarations and table
  rolls evaluated against a game (the engine's context stands for the state;
  the engine runs the sequence of play and the effects, see
  :mod:`framework.engine.dsl`);
- :mod:`~framework.rules.loading`: the stages wired together;
- :mod:`~framework.rules.plan`: the static picture of a sequence of play;
- :mod:`~framework.rules.variants`: variants applied and compared;
- :mod:`~framework.rules.formatter`: AST back to canonical text.
"""

from __future__ import annotations

from framework.rules.formatter import format_file
from framework.rules.loading import compile_rules, load_rules, with_variant
from framework.rules.parser import parse, parse_rules, parse_variant
from framework.rules.plan import plan
from framework.rules.registry import RuleRegistry
from framework.rules.rolls import TableRoll
from framework.rules.ruleset import Ruleset
from framework.rules.tables import Cell, Table, lookup
from framework.rules.trace import cites, tracing
from framework.rules.variants import Change, apply_variant, diff
from framework.rules.victory import Outcome

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
