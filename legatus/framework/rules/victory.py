"""Deciding a victory declaration: who wins, a draw, or no decision yet."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from legatus.framework.rules import ast
from legatus.framework.rules.expressions import Scope, evaluate
from legatus.framework.rules.trace import fire


@dataclass(frozen=True)
class Outcome:
    """The result of a victory check: a winner, a draw, or no decision yet."""

    kind: str  # "win", "draw" or "none"
    winner: str | None = None
    victory: str | None = None
    rule: str | None = None

    @property
    def decided(self) -> bool:
        return self.kind != "none"


def decide(victory: ast.VictoryDecl, ctx: Scope, sides: Sequence[str]) -> Outcome:
    """Apply a victory declaration's clauses in order to the sides (see docs/dsl.md).

    The candidates start as every side. ``require`` keeps the sides meeting
    its condition (none left: no decision); ``most``/``least`` keep the sides
    with the highest/lowest value. As soon as one side remains it wins. If
    several remain at ``else draw`` the game is drawn; at ``else continue``,
    or after the last clause, there is no decision.
    """
    candidates = list(sides)
    for clause in victory.clauses:
        if clause.kind == "require":
            assert clause.expr is not None
            candidates = [s for s in candidates if evaluate(clause.expr, ctx.bind(side=s))]
            if not candidates:
                return Outcome("none", victory=victory.name)
        elif clause.kind in ("most", "least"):
            assert clause.expr is not None
            scores = {s: int(evaluate(clause.expr, ctx.bind(side=s))) for s in candidates}
            best = max(scores.values()) if clause.kind == "most" else min(scores.values())
            candidates = [s for s in candidates if scores[s] == best]
        elif len(candidates) > 1:
            fire(clause.rule or victory.rule, "dsl")
            kind = "draw" if clause.kind == "draw" else "none"
            return Outcome(kind, victory=victory.name, rule=clause.rule or victory.rule)
        if len(candidates) == 1:
            rule = clause.rule or victory.rule
            fire(rule, "dsl")
            return Outcome("win", candidates[0], victory.name, rule)
    return Outcome("none", victory=victory.name)
