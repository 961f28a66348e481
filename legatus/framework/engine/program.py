"""The executable form of a sequence of play.

The rules compiler turns a game's ``sequence:`` (and its variant edits) into
these nodes; the engine runs them (:mod:`legatus.framework.engine.core`). Nodes are
frozen and numbered once, so the position in the sequence can be kept in the
state as plain integers. Expressions (conditions, bounds, step arguments) are
opaque here: the rules evaluator interprets them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

Expr = Any


@dataclass(frozen=True)
class Step:
    """Run a procedure the game plugin registered, with evaluated arguments."""

    procedure: str
    args: Mapping[str, Expr] = field(default_factory=dict)
    when: Expr | None = None
    rule: str = ""
    label: str = ""


@dataclass(frozen=True)
class Check:
    """Evaluate a victory declaration; the game ends if it names a result."""

    victory: str
    when: Expr | None = None
    rule: str = ""


@dataclass(frozen=True)
class Block:
    """A phase, a counted repeat (``var`` from ``start`` to ``stop``), or a
    conditional repeat (``while``/``until`` ``test``)."""

    kind: str  # "phase", "range", "while", "until"
    name: str
    body: tuple[Node, ...]
    var: str = ""
    start: Expr | None = None
    stop: Expr | None = None
    test: Expr | None = None
    when: Expr | None = None
    rule: str = ""


Node = Step | Check | Block


class Program:
    """A sequence of play with every block numbered, for compact cursors."""

    def __init__(self, root: Block) -> None:
        self.root = root
        self.blocks: list[Block] = []
        self._number(root)
        self.block_ids = {id(b): i for i, b in enumerate(self.blocks)}

    def _number(self, block: Block) -> None:
        self.blocks.append(block)
        for node in block.body:
            if isinstance(node, Block):
                self._number(node)

    def steps(self) -> Iterator[Step | Check]:
        for block in self.blocks:
            for node in block.body:
                if isinstance(node, Step | Check):
                    yield node

    def block_id(self, block: Block) -> int:
        return self.block_ids[id(block)]


@dataclass(frozen=True)
class VictoryResult:
    """The outcome a victory check reached: a winner, or a draw; with more than two sides,
    optionally every side's rank (1 best, equal for sides that tie; see
    :mod:`legatus.framework.engine.outcome`)."""

    winner: str | None
    reason: str
    rule: str = ""
    ranks: Mapping[str, int] | None = None

    def to_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {"winner": self.winner, "reason": self.reason, "rule": self.rule}
        if self.ranks is not None:
            found["ranks"] = dict(self.ranks)
        return found
