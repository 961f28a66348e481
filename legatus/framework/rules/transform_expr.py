"""Lark parse tree -> AST, first half: positions, types and expressions.

:class:`ExpressionBuilder` turns the parts of the tree every construct shares
(types, parameter lists, ``when`` clauses, rule citations) and all expressions
into AST nodes; :class:`legatus.framework.rules.transformer.ToAst` adds the
declarations. Small carrier classes pass parts of a construct up to the rule
that builds the node; they never leave the transformer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lark import Token, Transformer, v_args
from lark.tree import Meta

from legatus.framework.model.errors import RulesError, SourceSpan
from legatus.framework.model.names import did_you_mean
from legatus.framework.rules import ast
from legatus.framework.rules.types import TypeSyntaxError, known_types, parse_type

_ESCAPES = {'"': '"', "\\": "\\", "n": "\n", "t": "\t"}
#: Longest number accepted in a rules file (rules count blocks and pips, not atoms).
MAX_DIGITS = 9


def unquote(text: str) -> str:
    """The value of a STRING token: strip the quotes and resolve escapes."""
    body = text[1:-1]
    out: list[str] = []
    i = 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body):
            out.append(_ESCAPES.get(body[i + 1], body[i + 1]))
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out)


class ExpressionBuilder(Transformer[Token, Any]):
    """Builds expression nodes; ``source_lines`` lets errors show their line."""

    def __init__(self, file: str, source_lines: Sequence[str]) -> None:
        super().__init__(visit_tokens=False)
        self.file = file
        self.lines = source_lines

    # -- positions ------------------------------------------------------------

    def _span(self, meta: Meta) -> SourceSpan:
        if getattr(meta, "empty", True):
            return ast.NOWHERE
        return SourceSpan(self.file, meta.line, meta.column, meta.end_line, meta.end_column)

    def _tspan(self, token: Token) -> SourceSpan:
        return SourceSpan(
            self.file,
            token.line or 0,
            token.column or 0,
            token.end_line or 0,
            token.end_column or 0,
        )

    def _int(self, token: Token) -> int:
        """A number from the text; more digits than any rule needs is an error
        (and would make Python's int() refuse, or arithmetic crawl)."""
        text = str(token)
        if len(text) > MAX_DIGITS:
            raise self._type_error(
                self._tspan(token), f"number too long: at most {MAX_DIGITS} digits"
            )
        return int(text)

    def _range_ends(self, children: list[Token]) -> tuple[int | None, int | None]:
        """``INT? DOTDOT INT?`` -> (low, high), either may be open."""
        low = high = None
        seen_dots = False
        for token in children:
            if token.type == "DOTDOT":
                seen_dots = True
            elif seen_dots:
                high = self._int(token)
            else:
                low = self._int(token)
        return low, high

    def _split_trailer(self, children: list[Any]) -> tuple[list[Any], str | None]:
        """Remove a trailing rule citation from ``children``."""
        if children and isinstance(children[-1], RuleRef):
            return children[:-1], children[-1].text
        return children, None

    # -- small pieces ---------------------------------------------------------

    @v_args(meta=True)
    def rule_ref(self, meta: Meta, children: list[Token]) -> RuleRef:
        return RuleRef(unquote(str(children[-1])))

    def doc(self, children: list[Token]) -> Doc:
        return Doc(unquote(str(children[0])))

    def doc_line(self, children: list[Token]) -> Doc:
        return Doc(unquote(str(children[0])))

    @v_args(meta=True)
    def type(self, meta: Meta, children: list[Any]) -> ast.TypeRef:
        head = str(children[0])
        span = self._span(meta)
        if len(children) == 2:
            inner: ast.TypeRef = children[1]
            if head != "list":
                raise self._type_error(span, f"only list types take a parameter, not {head!r}")
            return ast.TypeRef(name=f"list[{inner.name}]", span=span)
        if head == "list":
            raise self._type_error(span, "a list type needs its item type, e.g. list[piece]")
        try:
            return ast.TypeRef(name=parse_type(head), span=span)
        except TypeSyntaxError:
            raise self._type_error(
                span, f"unknown type {head!r}", did_you_mean(head, known_types())
            ) from None

    def _type_error(self, span: SourceSpan, message: str, hint: str = "") -> RulesError:
        line = self.lines[span.line - 1] if 0 < span.line <= len(self.lines) else None
        return RulesError(span, message, source_line=line, hint=hint.removeprefix("; ") or None)

    @v_args(meta=True)
    def formal(self, meta: Meta, children: list[Any]) -> ast.Formal:
        return ast.Formal(name=str(children[0]), type=children[1], span=self._span(meta))

    def formals(self, children: list[Any]) -> Formals:
        return Formals(tuple(children))

    @v_args(meta=True)
    def when(self, meta: Meta, children: list[Any]) -> When:
        return When(children[0])

    # -- expressions ----------------------------------------------------------

    @v_args(meta=True)
    def int_lit(self, meta: Meta, children: list[Token]) -> ast.IntLit:
        return ast.IntLit(value=self._int(children[0]), span=self._span(meta))

    @v_args(meta=True)
    def str_lit(self, meta: Meta, children: list[Token]) -> ast.StrLit:
        return ast.StrLit(value=unquote(str(children[0])), span=self._span(meta))

    @v_args(meta=True)
    def true_lit(self, meta: Meta, children: list[Token]) -> ast.BoolLit:
        return ast.BoolLit(value=True, span=self._span(meta))

    @v_args(meta=True)
    def false_lit(self, meta: Meta, children: list[Token]) -> ast.BoolLit:
        return ast.BoolLit(value=False, span=self._span(meta))

    @v_args(meta=True)
    def var(self, meta: Meta, children: list[Token]) -> ast.Var:
        return ast.Var(name=str(children[0]), span=self._span(meta))

    @v_args(meta=True)
    def list_lit(self, meta: Meta, children: list[Any]) -> ast.ListLit:
        return ast.ListLit(items=tuple(c for c in children if c is not None), span=self._span(meta))

    def call_args(self, children: list[Any]) -> Args:
        return Args(tuple(c for c in children if c is not None))

    @v_args(meta=True)
    def positional(self, meta: Meta, children: list[Any]) -> ast.Arg:
        return ast.Arg(name=None, value=children[0], span=self._span(meta))

    @v_args(meta=True)
    def keyword(self, meta: Meta, children: list[Any]) -> ast.Arg:
        return ast.Arg(name=str(children[0]), value=children[1], span=self._span(meta))

    @v_args(meta=True)
    def call(self, meta: Meta, children: list[Any]) -> ast.Call:
        return ast.Call(name=str(children[0]), args=children[1].args, span=self._span(meta))

    @v_args(meta=True)
    def comprehension(self, meta: Meta, children: list[Any]) -> ast.Comprehension:
        func, element, var, iterable, *rest = children
        return ast.Comprehension(
            func=str(func),
            element=element,
            var=str(var),
            iterable=iterable,
            condition=rest[0] if rest else None,
            span=self._span(meta),
        )

    @v_args(meta=True)
    def unary(self, meta: Meta, children: list[Any]) -> ast.Unary:
        return ast.Unary(op=str(children[0]), operand=children[1], span=self._span(meta))

    @v_args(meta=True)
    def not_(self, meta: Meta, children: list[Any]) -> ast.Unary:
        return ast.Unary(op="not", operand=children[0], span=self._span(meta))

    @v_args(meta=True)
    def binary(self, meta: Meta, children: list[Any]) -> ast.Binary:
        return ast.Binary(
            op=str(children[1]), left=children[0], right=children[2], span=self._span(meta)
        )

    compare = binary

    @v_args(meta=True)
    def member(self, meta: Meta, children: list[Any]) -> ast.Binary:
        return ast.Binary(op="in", left=children[0], right=children[1], span=self._span(meta))

    @v_args(meta=True)
    def not_member(self, meta: Meta, children: list[Any]) -> ast.Binary:
        return ast.Binary(op="not in", left=children[0], right=children[1], span=self._span(meta))

    @v_args(meta=True)
    def and_(self, meta: Meta, children: list[Any]) -> ast.Binary:
        return ast.Binary(op="and", left=children[0], right=children[1], span=self._span(meta))

    @v_args(meta=True)
    def or_(self, meta: Meta, children: list[Any]) -> ast.Binary:
        return ast.Binary(op="or", left=children[0], right=children[1], span=self._span(meta))


# -- carriers: parts of a construct on their way to its node ---------------------------


class RuleRef:
    def __init__(self, text: str) -> None:
        self.text = text


class Doc:
    def __init__(self, text: str) -> None:
        self.text = text


class GameHeader:
    def __init__(self, name: str) -> None:
        self.name = name


class VariantHeader:
    def __init__(self, name: str, base: str, doc: str | None, rule: str | None) -> None:
        self.name, self.base, self.doc, self.rule = name, base, doc, rule


class Formals:
    def __init__(self, items: tuple[ast.Formal, ...]) -> None:
        self.items = items


class When:
    def __init__(self, expr: ast.Expr) -> None:
        self.expr = expr


class Where(When):
    pass


class By(When):
    pass


class Args:
    def __init__(self, args: tuple[ast.Arg, ...]) -> None:
        self.args = args


class Bounds:
    def __init__(self, low: int | None, high: int | None) -> None:
        self.low, self.high = low, high


class Label:
    def __init__(self, name: str) -> None:
        self.name = name


class Card:
    def __init__(self, name: str, span: SourceSpan) -> None:
        self.name, self.span = name, span


class Else:
    def __init__(self, body: tuple[ast.Stmt, ...]) -> None:
        self.body = body


class Results:
    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names


class CellsRoll:
    def __init__(self, roll: ast.RollSpec) -> None:
        self.roll = roll


def header_and_body(children: list[Any]) -> tuple[str | None, tuple[Any, ...]]:
    """Split ``rule_ref? body...`` as found after a block header's colon."""
    if children and isinstance(children[0], RuleRef):
        return children[0].text, tuple(children[1:])
    return None, tuple(children)


def is_expr(item: object) -> bool:
    return isinstance(
        item,
        ast.IntLit
        | ast.StrLit
        | ast.BoolLit
        | ast.ListLit
        | ast.Var
        | ast.Call
        | ast.Unary
        | ast.Binary
        | ast.Comprehension,
    )
