"""Which values of a rules procedure's frame may name pieces, from the types the rules write.

A frame's ``env``, ``args`` and ``asking`` are declared ``PIECES`` (:mod:`.frames`): each
piece id in them follows its piece's visibility, and a side that may not identify the
piece reads a token. A piece id is recognised by its text alone, so a value of another
kind that is spelt like a piece (an area named after the noble who holds it, a card named
after a leader) would be taken for the piece, tokenized, and put back as another piece in
a search's sample. The rules language types what a decision offers and what a ``choose``
or a parameter binds; those types say which values can never be pieces, and this module
keeps them out of the tokenizing. A variable bound without a written type (``let``,
``for``) is tokenized as before: that can hide a value needlessly, never show one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from legatus.framework.rules import ast
from legatus.framework.rules.types import SYMBOL_TYPES

#: The types none of whose values is a piece's id (and lists of them).
PIECELESS: frozenset[str] = (SYMBOL_TYPES - {"piece"}) | {"int", "bool", "hex"}

Tokenize = Callable[[Any], Any]


def pieceless(type_: str) -> bool:
    """Whether no value of the type (or item of a list of it) is a piece id.

    >>> pieceless("list[space]"), pieceless("piece"), pieceless("str")
    (True, False, False)
    """
    while type_.startswith("list[") and type_.endswith("]"):
        type_ = type_[5:-1]
    return type_ in PIECELESS


class FrameTypes:
    """The rules' variables that never hold pieces, and each decision's option arguments
    that may (by decision number, then option name)."""

    def __init__(
        self,
        bodies: Iterable[tuple[Sequence[ast.Formal], Sequence[ast.Stmt]]],
        decisions: Sequence[ast.DecideStmt],
    ) -> None:
        typed: dict[str, set[str | None]] = {}
        for formals, body in bodies:
            for formal in formals:
                typed.setdefault(formal.name, set()).add(formal.type.name)
            _collect(body, typed)
        #: Variables every binding of which has a pieceless type, in any procedure.
        self.plain: frozenset[str] = frozenset(
            name for name, types in typed.items() if all(t and pieceless(t) for t in types)
        )
        self.offers: list[dict[str, tuple[bool, ...]]] = [
            {o.name: tuple(not pieceless(a.type.name) for a in o.args) for o in d.options}
            for d in decisions
        ]

    def shown(self, key: str, value: Any, tokenize: Tokenize) -> Any:
        """``value`` of the frame's field ``key`` with the ids that may be pieces tokenized."""
        if key in ("env", "args") and isinstance(value, dict):
            return {
                name: item
                if name in self.plain
                else self.shown("env", item, tokenize)
                if name == "env"
                else tokenize(item)
                for name, item in value.items()
            }
        if key == "asking" and isinstance(value, dict):
            flags = self.offers[value["decide"]] if "offers" in value else {}
            plain = value.get("name") in self.plain
            return {
                name: [_offer(offer, flags, tokenize) for offer in item]
                if name == "offers"
                else item
                if plain and name == "candidates"
                else tokenize(item)
                for name, item in value.items()
            }
        return tokenize(value)


def _offer(offer: list[Any], flags: Mapping[str, tuple[bool, ...]], tokenize: Tokenize) -> Any:
    kind, args = offer
    pieces = flags.get(kind)
    if pieces is None or len(pieces) != len(args):
        return tokenize(offer)
    return [kind, [tokenize(a) if p else a for a, p in zip(args, pieces, strict=True)]]


def _collect(body: Sequence[ast.Stmt], typed: dict[str, set[str | None]]) -> None:
    """Each variable the statements bind, with its written type (None: not written)."""
    for stmt in body:
        if isinstance(stmt, ast.ChooseStmt):
            typed.setdefault(stmt.name, set()).add(stmt.type.name)
        elif isinstance(stmt, ast.LetStmt | ast.ForStmt):
            typed.setdefault(stmt.name if isinstance(stmt, ast.LetStmt) else stmt.var, set()).add(
                None
            )
        elif isinstance(stmt, ast.RepeatStmt):
            typed.setdefault(stmt.var, set()).add("int")
        elif isinstance(stmt, ast.TurnsStmt):
            typed.setdefault(stmt.var, set()).add("side")
        if isinstance(stmt, ast.DecideStmt):
            if stmt.together:
                typed.setdefault(stmt.together, set()).add("side")
            for option in stmt.options:
                for arg in option.args:
                    typed.setdefault(arg.name, set()).add(arg.type.name)
                _collect(option.body, typed)
        elif isinstance(stmt, ast.IfStmt):
            _collect(stmt.then, typed)
            _collect(stmt.otherwise, typed)
        elif isinstance(stmt, ast.ForStmt | ast.RepeatStmt | ast.TurnsStmt | ast.LoopStmt):
            _collect(stmt.body, typed)
