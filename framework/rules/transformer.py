"""Lark parse tree -> frozen AST nodes (framework.rules.ast), with source spans.

This is the only module that knows the shape of Lark's trees; it does no
semantic checking beyond what is needed to build well-formed nodes (a type
that is not in the closed set of types is reported here, because TypeRef
holds canonical spellings only).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lark import Token, Transformer, v_args
from lark.tree import Meta

from framework.errors import RulesError, SourceSpan
from framework.names import did_you_mean
from framework.rules import ast
from framework.rules.types import TypeSyntaxError, known_types, parse_type

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


def _is_token(item: object, type_: str) -> bool:
    return isinstance(item, Token) and item.type == type_


class ToAst(Transformer[Token, Any]):
    """Builds AST nodes; ``source_lines`` lets type errors show their line."""

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
        if children and isinstance(children[-1], _RuleRef):
            return children[:-1], children[-1].text
        return children, None

    # -- small pieces ---------------------------------------------------------

    @v_args(meta=True)
    def rule_ref(self, meta: Meta, children: list[Token]) -> _RuleRef:
        return _RuleRef(unquote(str(children[-1])))

    def doc(self, children: list[Token]) -> _Doc:
        return _Doc(unquote(str(children[0])))

    def doc_line(self, children: list[Token]) -> _Doc:
        return _Doc(unquote(str(children[0])))

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

    def formals(self, children: list[Any]) -> _Formals:
        return _Formals(tuple(children))

    @v_args(meta=True)
    def when(self, meta: Meta, children: list[Any]) -> _When:
        return _When(children[0])

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

    def call_args(self, children: list[Any]) -> _Args:
        return _Args(tuple(c for c in children if c is not None))

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

    # -- files ----------------------------------------------------------------

    def start(self, children: list[Any]) -> Any:
        return children[-1]

    @v_args(meta=True)
    def rules_file(self, meta: Meta, children: list[Any]) -> ast.RulesFile:
        game = None
        if children and isinstance(children[0], _Game):
            game = children[0].name
            children = children[1:]
        return ast.RulesFile(
            path=self.file, game=game, decls=tuple(children), span=self._span(meta)
        )

    def game_header(self, children: list[Token]) -> _Game:
        return _Game(str(children[0]))

    @v_args(meta=True)
    def variant_file(self, meta: Meta, children: list[Any]) -> ast.VariantFile:
        header: _VariantHeader = children[0]
        return ast.VariantFile(
            path=self.file,
            name=header.name,
            base=header.base,
            doc=header.doc,
            rule=header.rule,
            items=tuple(children[1:]),
            span=self._span(meta),
        )

    def variant_header(self, children: list[Any]) -> _VariantHeader:
        children, rule = self._split_trailer(children)
        doc = children[2].text if len(children) > 2 else None
        return _VariantHeader(str(children[0]), str(children[1]), doc, rule)

    # -- declarations ---------------------------------------------------------

    @v_args(meta=True)
    def param_decl(self, meta: Meta, children: list[Any]) -> ast.ParamDecl:
        children, rule = self._split_trailer(children)
        doc = None
        if isinstance(children[-1], _Doc):
            doc = children.pop().text
        name, type_, *rest = children
        low = high = None
        bounded = False
        if rest and isinstance(rest[0], _Bounds):
            bounds = rest.pop(0)
            low, high, bounded = bounds.low, bounds.high, True
        return ast.ParamDecl(
            name=str(name),
            type=type_,
            low=low,
            high=high,
            bounded=bounded,
            default=rest[0],
            doc=doc,
            rule=rule,
            span=self._span(meta),
        )

    def bounds(self, children: list[Token]) -> _Bounds:
        low, high = self._range_ends(children)
        return _Bounds(low, high)

    @v_args(meta=True)
    def define_decl(self, meta: Meta, children: list[Any]) -> ast.DefineDecl:
        children, rule = self._split_trailer(children)
        doc = None
        if isinstance(children[-1], _Doc):
            doc = children.pop().text
        name = str(children[0])
        params: tuple[ast.Formal, ...] = ()
        has_params = isinstance(children[1], _Formals)
        if has_params:
            params = children[1].items
        type_, body = children[-2], children[-1]
        return ast.DefineDecl(
            name=name,
            params=params,
            has_params=has_params,
            type=type_,
            body=body,
            doc=doc,
            rule=rule,
            span=self._span(meta),
        )

    # -- sequence -------------------------------------------------------------

    @v_args(meta=True)
    def sequence_decl(self, meta: Meta, children: list[Any]) -> ast.SequenceDecl:
        rule, body = _header_and_body(children)
        return ast.SequenceDecl(body=body, rule=rule, span=self._span(meta))

    def label(self, children: list[Token]) -> _Label:
        return _Label(str(children[0]))

    @v_args(meta=True)
    def step(self, meta: Meta, children: list[Any]) -> ast.Step:
        children, rule = self._split_trailer(children)
        label = None
        if isinstance(children[0], _Label):
            label = children.pop(0).name
        proc: Token = children.pop(0)
        args: tuple[ast.Arg, ...] = ()
        has_args = False
        when = None
        for child in children:
            if isinstance(child, _Args):
                args, has_args = child.args, True
            elif isinstance(child, _When):
                when = child.expr
        return ast.Step(
            label=label,
            procedure=str(proc),
            procedure_span=self._tspan(proc),
            args=args,
            has_args=has_args,
            when=when,
            rule=rule,
            span=self._span(meta),
        )

    @v_args(meta=True)
    def check(self, meta: Meta, children: list[Any]) -> ast.Check:
        children, rule = self._split_trailer(children)
        name: Token = children[0]
        when = children[1].expr if len(children) > 1 else None
        return ast.Check(
            victory=str(name),
            victory_span=self._tspan(name),
            when=when,
            rule=rule,
            span=self._span(meta),
        )

    @v_args(meta=True)
    def phase(self, meta: Meta, children: list[Any]) -> ast.Phase:
        name = str(children[0])
        when = None
        rest = children[1:]
        if rest and isinstance(rest[0], _When):
            when = rest.pop(0).expr
        rule, body = _header_and_body(rest)
        return ast.Phase(name=name, when=when, body=body, rule=rule, span=self._span(meta))

    @v_args(meta=True)
    def repeat_range(self, meta: Meta, children: list[Any]) -> ast.Repeat:
        var, start, _dotdot, end, *rest = children
        when = None
        if rest and isinstance(rest[0], _When):
            when = rest.pop(0).expr
        rule, body = _header_and_body(rest)
        return ast.Repeat(
            var=str(var),
            kind="range",
            start=start,
            end=end,
            when=when,
            body=body,
            rule=rule,
            span=self._span(meta),
        )

    @v_args(meta=True)
    def repeat_while(self, meta: Meta, children: list[Any]) -> ast.Repeat:
        var, test, condition, *rest = children
        rule, body = _header_and_body(rest)
        return ast.Repeat(
            var=str(var),
            kind=str(test),
            condition=condition,
            body=body,
            rule=rule,
            span=self._span(meta),
        )

    # -- victory --------------------------------------------------------------

    @v_args(meta=True)
    def victory_decl(self, meta: Meta, children: list[Any]) -> ast.VictoryDecl:
        name = str(children[0])
        rest = children[1:]
        rule = None
        if rest and isinstance(rest[0], _RuleRef):
            rule = rest.pop(0).text
        doc = None
        if rest and isinstance(rest[0], _Doc):
            doc = rest.pop(0).text
        return ast.VictoryDecl(
            name=name, doc=doc, clauses=tuple(rest), rule=rule, span=self._span(meta)
        )

    def _clause(self, kind: str, meta: Meta, children: list[Any]) -> ast.VictoryClause:
        children, rule = self._split_trailer(children)
        return ast.VictoryClause(kind=kind, expr=children[0], rule=rule, span=self._span(meta))

    @v_args(meta=True)
    def require(self, meta: Meta, children: list[Any]) -> ast.VictoryClause:
        return self._clause("require", meta, children)

    @v_args(meta=True)
    def most(self, meta: Meta, children: list[Any]) -> ast.VictoryClause:
        return self._clause("most", meta, children)

    @v_args(meta=True)
    def least(self, meta: Meta, children: list[Any]) -> ast.VictoryClause:
        return self._clause("least", meta, children)

    @v_args(meta=True)
    def otherwise(self, meta: Meta, children: list[Any]) -> ast.VictoryClause:
        children, rule = self._split_trailer(children)
        return ast.VictoryClause(kind=str(children[0]), rule=rule, span=self._span(meta))

    # -- effects --------------------------------------------------------------

    @v_args(meta=True)
    def effect_decl(self, meta: Meta, children: list[Any]) -> ast.EffectDecl:
        name = str(children[0])
        rest = children[1:]
        params: tuple[ast.Formal, ...] = ()
        if rest and isinstance(rest[0], _Formals):
            params = rest.pop(0).items
        card = None
        card_span = ast.NOWHERE
        if rest and isinstance(rest[0], _Card):
            binding = rest.pop(0)
            card, card_span = binding.name, binding.span
        rule = None
        if rest and isinstance(rest[0], _RuleRef):
            rule = rest.pop(0).text
        doc = None
        if rest and isinstance(rest[0], _Doc):
            doc = rest.pop(0).text
        return ast.EffectDecl(
            name=name,
            params=params,
            card=card,
            card_span=card_span,
            doc=doc,
            body=tuple(rest),
            rule=rule,
            span=self._span(meta),
        )

    def card_binding(self, children: list[Token]) -> _Card:
        return _Card(unquote(str(children[0])), self._tspan(children[0]))

    @v_args(meta=True)
    def call_stmt(self, meta: Meta, children: list[Any]) -> ast.CallStmt:
        children, rule = self._split_trailer(children)
        name: Token = children[0]
        call = ast.Call(name=str(name), args=children[1].args, span=self._span(meta))
        return ast.CallStmt(call=call, rule=rule, span=self._span(meta))

    @v_args(meta=True)
    def for_stmt(self, meta: Meta, children: list[Any]) -> ast.ForStmt:
        var, iterable, *rest = children
        condition = None
        if rest and _is_expr(rest[0]):
            condition = rest.pop(0)
        rule, body = _header_and_body(rest)
        return ast.ForStmt(
            var=str(var),
            iterable=iterable,
            condition=condition,
            body=body,
            rule=rule,
            span=self._span(meta),
        )

    @v_args(meta=True)
    def if_stmt(self, meta: Meta, children: list[Any]) -> ast.IfStmt:
        condition, *rest = children
        otherwise: tuple[ast.Stmt, ...] = ()
        if rest and isinstance(rest[-1], _Else):
            otherwise = rest.pop().body
        rule, body = _header_and_body(rest)
        return ast.IfStmt(
            condition=condition, then=body, otherwise=otherwise, rule=rule, span=self._span(meta)
        )

    def else_block(self, children: list[Any]) -> _Else:
        return _Else(tuple(children))

    @v_args(meta=True)
    def let_stmt(self, meta: Meta, children: list[Any]) -> ast.LetStmt:
        children, rule = self._split_trailer(children)
        return ast.LetStmt(
            name=str(children[0]), value=children[1], rule=rule, span=self._span(meta)
        )

    @v_args(meta=True)
    def choose_stmt(self, meta: Meta, children: list[Any]) -> ast.ChooseStmt:
        children, rule = self._split_trailer(children)
        name, type_, options, *rest = children
        where = by = None
        for child in rest:
            if isinstance(child, _Where):
                where = child.expr
            elif isinstance(child, _By):
                by = child.expr
        return ast.ChooseStmt(
            name=str(name),
            type=type_,
            options=options,
            where=where,
            by=by,
            rule=rule,
            span=self._span(meta),
        )

    def choose_where(self, children: list[Any]) -> _Where:
        return _Where(children[0])

    def choose_by(self, children: list[Any]) -> _By:
        return _By(children[0])

    # -- tables ---------------------------------------------------------------

    @v_args(meta=True)
    def table_decl(self, meta: Meta, children: list[Any]) -> ast.TableDecl:
        name = str(children[0])
        rest = children[1:]
        params: tuple[ast.Formal, ...] = ()
        if rest and isinstance(rest[0], _Formals):
            params = rest.pop(0).items
        rule = None
        if rest and isinstance(rest[0], _RuleRef):
            rule = rest.pop(0).text
        doc = None
        if rest and isinstance(rest[0], _Doc):
            doc = rest.pop(0).text
        rows_axis = None
        columns = None
        results: tuple[str, ...] = ()
        cells_roll = None
        modifiers: list[ast.Modifier] = []
        specials: list[ast.Special] = []
        rows: list[ast.TableRow] = []
        for line in rest:
            if isinstance(line, ast.RowsAxis):
                rows_axis = rows_axis or line
            elif isinstance(line, ast.ColumnsAxis):
                columns = columns or line
            elif isinstance(line, _Results):
                results = results or line.names
            elif isinstance(line, _CellsRoll):
                cells_roll = cells_roll or line.roll
            elif isinstance(line, ast.Modifier):
                modifiers.append(line)
            elif isinstance(line, ast.Special):
                specials.append(line)
            else:
                rows.append(line)
        return ast.TableDecl(
            name=name,
            params=params,
            doc=doc,
            rows_axis=rows_axis,
            columns=columns,
            results=results,
            cells_roll=cells_roll,
            modifiers=tuple(modifiers),
            specials=tuple(specials),
            rows=tuple(rows),
            rule=rule,
            span=self._span(meta),
        )

    @v_args(meta=True)
    def rows_line(self, meta: Meta, children: list[Any]) -> ast.RowsAxis:
        children, rule = self._split_trailer(children)
        name, domain = str(children[0]), children[1]
        span = self._span(meta)
        if isinstance(domain, ast.RollSpec):
            return ast.RowsAxis(name=name, roll=domain, rule=rule, span=span)
        if isinstance(domain, ast.TypeRef):
            return ast.RowsAxis(name=name, type=domain, rule=rule, span=span)
        low, high = domain
        return ast.RowsAxis(name=name, low=low, high=high, rule=rule, span=span)

    def int_domain(self, children: list[Token]) -> tuple[int, int]:
        return self._int(children[0]), self._int(children[2])

    @v_args(meta=True)
    def roll_spec(self, meta: Meta, children: list[Any]) -> ast.RollSpec:
        dice = str(children[0])
        if len(children) > 1:
            low, high = children[1]
            return ast.RollSpec(
                dice=dice, clamp=True, clamp_low=low, clamp_high=high, span=self._span(meta)
            )
        return ast.RollSpec(dice=dice, span=self._span(meta))

    def clamp(self, children: list[Token]) -> tuple[int | None, int | None]:
        return self._range_ends(children)

    @v_args(meta=True)
    def columns_line(self, meta: Meta, children: list[Any]) -> ast.ColumnsAxis:
        children, rule = self._split_trailer(children)
        return ast.ColumnsAxis(
            name=str(children[0]), keys=tuple(children[1:]), rule=rule, span=self._span(meta)
        )

    def results_line(self, children: list[Any]) -> _Results:
        children, _rule = self._split_trailer(children)
        return _Results(tuple(str(c) for c in children))

    def cells_line(self, children: list[Any]) -> _CellsRoll:
        children, _rule = self._split_trailer(children)
        return _CellsRoll(children[0])

    @v_args(meta=True)
    def modifier_line(self, meta: Meta, children: list[Any]) -> ast.Modifier:
        children, rule = self._split_trailer(children)
        doc = None
        if isinstance(children[-1], _Doc):
            doc = children.pop().text
        when = children[1].expr if len(children) > 1 else None
        return ast.Modifier(value=children[0], when=when, doc=doc, rule=rule, span=self._span(meta))

    @v_args(meta=True)
    def special_line(self, meta: Meta, children: list[Any]) -> ast.Special:
        children, rule = self._split_trailer(children)
        cell: Token = children[0]
        outcome = str(children[1]) if len(children) == 3 else None
        quoted = cell.type == "STRING"
        return ast.Special(
            text=unquote(str(cell)) if quoted else str(cell),
            quoted=quoted,
            outcome=outcome,
            meaning=unquote(str(children[-1])),
            rule=rule,
            span=self._span(meta),
        )

    @v_args(meta=True)
    def table_row(self, meta: Meta, children: list[Any]) -> ast.TableRow:
        children, rule = self._split_trailer(children)
        return ast.TableRow(
            key=children[0], cells=tuple(children[1:]), rule=rule, span=self._span(meta)
        )

    @v_args(meta=True)
    def key_text(self, meta: Meta, children: list[Token]) -> ast.KeyText:
        return ast.KeyText(text=str(children[0]), span=self._span(meta))

    @v_args(meta=True)
    def key_name(self, meta: Meta, children: list[Token]) -> ast.KeyText:
        return ast.KeyText(text=unquote(str(children[0])), quoted=True, span=self._span(meta))

    @v_args(meta=True)
    def cell_text(self, meta: Meta, children: list[Token]) -> ast.CellText:
        return ast.CellText(text=str(children[0]), span=self._span(meta))

    @v_args(meta=True)
    def cell_quoted(self, meta: Meta, children: list[Token]) -> ast.CellText:
        return ast.CellText(text=unquote(str(children[0])), quoted=True, span=self._span(meta))

    # -- variants -------------------------------------------------------------

    @v_args(meta=True)
    def param_override(self, meta: Meta, children: list[Any]) -> ast.ParamOverride:
        children, rule = self._split_trailer(children)
        return ast.ParamOverride(
            name=str(children[0]), value=children[1], rule=rule, span=self._span(meta)
        )

    @v_args(meta=True)
    def reorder(self, meta: Meta, children: list[Any]) -> ast.Reorder:
        children, rule = self._split_trailer(children)
        names: list[Token] = children[1]
        return ast.Reorder(
            path=str(children[0]),
            order=tuple(str(n) for n in names),
            order_spans=tuple(self._tspan(n) for n in names),
            rule=rule,
            span=self._span(meta),
        )

    def name_list(self, children: list[Token]) -> list[Token]:
        return children

    @v_args(meta=True)
    def replace_items(self, meta: Meta, children: list[Any]) -> ast.ReplaceItems:
        path: Token = children[0]
        rule, body = _header_and_body(children[1:])
        return ast.ReplaceItems(
            path=str(path),
            path_span=self._tspan(path),
            items=body,
            rule=rule,
            span=self._span(meta),
        )

    @v_args(meta=True)
    def insert_items(self, meta: Meta, children: list[Any]) -> ast.InsertItems:
        place, path = children[0], children[1]
        rule, body = _header_and_body(children[2:])
        return ast.InsertItems(
            place=str(place),
            path=str(path),
            path_span=self._tspan(path),
            items=body,
            rule=rule,
            span=self._span(meta),
        )

    @v_args(meta=True)
    def remove_item(self, meta: Meta, children: list[Any]) -> ast.RemoveItem:
        children, rule = self._split_trailer(children)
        path: Token = children[0]
        return ast.RemoveItem(
            path=str(path), path_span=self._tspan(path), rule=rule, span=self._span(meta)
        )

    @v_args(meta=True)
    def replace_decl(self, meta: Meta, children: list[Any]) -> ast.ReplaceDecl:
        return ast.ReplaceDecl(decl=children[0], span=self._span(meta))


# -- helper carriers (never leave this module) --------------------------------


class _RuleRef:
    def __init__(self, text: str) -> None:
        self.text = text


class _Doc:
    def __init__(self, text: str) -> None:
        self.text = text


class _Game:
    def __init__(self, name: str) -> None:
        self.name = name


class _VariantHeader:
    def __init__(self, name: str, base: str, doc: str | None, rule: str | None) -> None:
        self.name, self.base, self.doc, self.rule = name, base, doc, rule


class _Formals:
    def __init__(self, items: tuple[ast.Formal, ...]) -> None:
        self.items = items


class _When:
    def __init__(self, expr: ast.Expr) -> None:
        self.expr = expr


class _Where(_When):
    pass


class _By(_When):
    pass


class _Args:
    def __init__(self, args: tuple[ast.Arg, ...]) -> None:
        self.args = args


class _Bounds:
    def __init__(self, low: int | None, high: int | None) -> None:
        self.low, self.high = low, high


class _Label:
    def __init__(self, name: str) -> None:
        self.name = name


class _Card:
    def __init__(self, name: str, span: SourceSpan) -> None:
        self.name, self.span = name, span


class _Else:
    def __init__(self, body: tuple[ast.Stmt, ...]) -> None:
        self.body = body


class _Results:
    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names


class _CellsRoll:
    def __init__(self, roll: ast.RollSpec) -> None:
        self.roll = roll


def _header_and_body(children: list[Any]) -> tuple[str | None, tuple[Any, ...]]:
    """Split ``rule_ref? body...`` as found after a block header's colon."""
    if children and isinstance(children[0], _RuleRef):
        return children[0].text, tuple(children[1:])
    return None, tuple(children)


def _is_expr(item: object) -> bool:
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
