"""Lark parse tree -> AST, second half: files and declarations.

This and :mod:`legatus.framework.rules.transform_expr` are the only modules that know
the shape of Lark's trees; they do no semantic checking beyond what is needed
to build well-formed nodes (a type outside the closed set of types, a number
with too many digits).
"""

from __future__ import annotations

from typing import Any, TypeVar

from lark import Token, v_args
from lark.tree import Meta

from legatus.framework.rules import ast
from legatus.framework.rules.transform_expr import (
    Args,
    Bounds,
    By,
    Card,
    CellsRoll,
    Doc,
    Else,
    ExpressionBuilder,
    Formals,
    GameHeader,
    Label,
    Results,
    RuleRef,
    VariantHeader,
    When,
    Where,
    header_and_body,
    is_expr,
    unquote,
)

T = TypeVar("T")


class ToAst(ExpressionBuilder):
    """Builds the AST of a whole rules or variant file."""

    # -- files ----------------------------------------------------------------

    def start(self, children: list[Any]) -> Any:
        return children[-1]

    @v_args(meta=True)
    def rules_file(self, meta: Meta, children: list[Any]) -> ast.RulesFile:
        game = None
        if children and isinstance(children[0], GameHeader):
            game = children[0].name
            children = children[1:]
        return ast.RulesFile(
            path=self.file, game=game, decls=tuple(children), span=self._span(meta)
        )

    def game_header(self, children: list[Token]) -> GameHeader:
        return GameHeader(str(children[0]))

    @v_args(meta=True)
    def variant_file(self, meta: Meta, children: list[Any]) -> ast.VariantFile:
        header: VariantHeader = children[0]
        return ast.VariantFile(
            path=self.file,
            name=header.name,
            base=header.base,
            doc=header.doc,
            rule=header.rule,
            items=tuple(children[1:]),
            span=self._span(meta),
        )

    def variant_header(self, children: list[Any]) -> VariantHeader:
        children, rule = self._split_trailer(children)
        doc = children[2].text if len(children) > 2 else None
        return VariantHeader(str(children[0]), str(children[1]), doc, rule)

    # -- declarations ---------------------------------------------------------

    @v_args(meta=True)
    def param_decl(self, meta: Meta, children: list[Any]) -> ast.ParamDecl:
        children, rule = self._split_trailer(children)
        doc = None
        if isinstance(children[-1], Doc):
            doc = children.pop().text
        name, type_, *rest = children
        low = high = None
        bounded = False
        if rest and isinstance(rest[0], Bounds):
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

    def bounds(self, children: list[Token]) -> Bounds:
        low, high = self._range_ends(children)
        return Bounds(low, high)

    @v_args(meta=True)
    def define_decl(self, meta: Meta, children: list[Any]) -> ast.DefineDecl:
        children, rule = self._split_trailer(children)
        doc = None
        if isinstance(children[-1], Doc):
            doc = children.pop().text
        name = str(children[0])
        params: tuple[ast.Formal, ...] = ()
        has_params = isinstance(children[1], Formals)
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
        rule, body = header_and_body(children)
        return ast.SequenceDecl(body=body, rule=rule, span=self._span(meta))

    def label(self, children: list[Token]) -> Label:
        return Label(str(children[0]))

    @v_args(meta=True)
    def step(self, meta: Meta, children: list[Any]) -> ast.Step:
        children, rule = self._split_trailer(children)
        label = None
        if isinstance(children[0], Label):
            label = children.pop(0).name
        proc: Token = children.pop(0)
        args: tuple[ast.Arg, ...] = ()
        has_args = False
        when = None
        for child in children:
            if isinstance(child, Args):
                args, has_args = child.args, True
            elif isinstance(child, When):
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
        if rest and isinstance(rest[0], When):
            when = rest.pop(0).expr
        rule, body = header_and_body(rest)
        return ast.Phase(name=name, when=when, body=body, rule=rule, span=self._span(meta))

    @v_args(meta=True)
    def repeat_range(self, meta: Meta, children: list[Any]) -> ast.Repeat:
        var, start, _dotdot, end, *rest = children
        when = None
        if rest and isinstance(rest[0], When):
            when = rest.pop(0).expr
        rule, body = header_and_body(rest)
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
        rule, body = header_and_body(rest)
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
        if rest and isinstance(rest[0], RuleRef):
            rule = rest.pop(0).text
        doc = None
        if rest and isinstance(rest[0], Doc):
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
        if rest and isinstance(rest[0], Formals):
            params = rest.pop(0).items
        card = None
        card_span = ast.NOWHERE
        if rest and isinstance(rest[0], Card):
            binding = rest.pop(0)
            card, card_span = binding.name, binding.span
        when = take(rest, When)
        rule = None
        if rest and isinstance(rest[0], RuleRef):
            rule = rest.pop(0).text
        doc = None
        if rest and isinstance(rest[0], Doc):
            doc = rest.pop(0).text
        return ast.EffectDecl(
            name=name,
            params=params,
            card=card,
            card_span=card_span,
            doc=doc,
            body=tuple(rest),
            rule=rule,
            when=when.expr if when else None,
            span=self._span(meta),
        )

    def card_binding(self, children: list[Token]) -> Card:
        return Card(unquote(str(children[0])), self._tspan(children[0]))

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
        if rest and is_expr(rest[0]):
            condition = rest.pop(0)
        rule, body = header_and_body(rest)
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
        if rest and isinstance(rest[-1], Else):
            otherwise = rest.pop().body
        rule, body = header_and_body(rest)
        return ast.IfStmt(
            condition=condition, then=body, otherwise=otherwise, rule=rule, span=self._span(meta)
        )

    def else_block(self, children: list[Any]) -> Else:
        return Else(tuple(children))

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
            if isinstance(child, Where):
                where = child.expr
            elif isinstance(child, By):
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

    def choose_where(self, children: list[Any]) -> Where:
        return Where(children[0])

    def choose_by(self, children: list[Any]) -> By:
        return By(children[0])

    @v_args(meta=True)
    def set_stmt(self, meta: Meta, children: list[Any]) -> ast.SetStmt:
        children, rule = self._split_trailer(children)
        return ast.SetStmt(
            name=str(children[0]), value=children[1], rule=rule, span=self._span(meta)
        )

    @v_args(meta=True)
    def loop_stmt(self, meta: Meta, children: list[Any]) -> ast.LoopStmt:
        kind, test, *rest = children
        rule, body = header_and_body(rest)
        return ast.LoopStmt(kind=str(kind), test=test, body=body, rule=rule, span=self._span(meta))

    @v_args(meta=True)
    def repeat_stmt(self, meta: Meta, children: list[Any]) -> ast.RepeatStmt:
        var, start, _dotdot, stop, *rest = children
        rule, body = header_and_body(rest)
        return ast.RepeatStmt(
            var=str(var), start=start, stop=stop, body=body, rule=rule, span=self._span(meta)
        )

    @v_args(meta=True)
    def turns_stmt(self, meta: Meta, children: list[Any]) -> ast.TurnsStmt:
        _turns, var, sides, _until, *rest = children
        rule, body = header_and_body(rest)
        return ast.TurnsStmt(var=str(var), sides=sides, body=body, rule=rule, span=self._span(meta))

    # -- procedures -----------------------------------------------------------

    @v_args(meta=True)
    def procedure_decl(self, meta: Meta, children: list[Any]) -> ast.ProcedureDecl:
        name = str(children[0])
        rest = children[1:]
        formals, rule, doc = take(rest, Formals), take(rest, RuleRef), take(rest, Doc)
        return ast.ProcedureDecl(
            name=name,
            params=formals.items if formals else (),
            doc=doc.text if doc else None,
            body=tuple(rest),
            rule=rule.text if rule else None,
            span=self._span(meta),
        )

    @v_args(meta=True)
    def decide_stmt(self, meta: Meta, children: list[Any]) -> ast.DecideStmt:
        name = str(children[0])
        rest = children[1:]
        by, together = take(rest, By), take(rest, Together)
        rule, doc = take(rest, RuleRef), take(rest, Doc)
        return ast.DecideStmt(
            name=name,
            by=together.sides if together else by.expr if by else None,
            doc=doc.text if doc else None,
            options=tuple(rest),
            rule=rule.text if rule else None,
            together=together.var if together else None,
            span=self._span(meta),
        )

    def together(self, children: list[Any]) -> Together:
        return Together(str(children[0]), children[1])

    @v_args(meta=True)
    def option(self, meta: Meta, children: list[Any]) -> ast.DecideOption:
        name = str(children[0])
        rest = children[1:]
        args, when = take(rest, OptionArgs), take(rest, When)
        rule, body = header_and_body(rest)
        return ast.DecideOption(
            name=name,
            args=args.items if args else (),
            when=when.expr if when else None,
            body=body,
            rule=rule,
            span=self._span(meta),
        )

    def option_args(self, children: list[Any]) -> OptionArgs:
        return OptionArgs(tuple(children))

    @v_args(meta=True)
    def option_arg(self, meta: Meta, children: list[Any]) -> ast.OptionArg:
        name, type_, options = children
        return ast.OptionArg(name=str(name), type=type_, options=options, span=self._span(meta))

    # -- tables ---------------------------------------------------------------

    @v_args(meta=True)
    def table_decl(self, meta: Meta, children: list[Any]) -> ast.TableDecl:
        name = str(children[0])
        rest = children[1:]
        params: tuple[ast.Formal, ...] = ()
        if rest and isinstance(rest[0], Formals):
            params = rest.pop(0).items
        rule = None
        if rest and isinstance(rest[0], RuleRef):
            rule = rest.pop(0).text
        doc = None
        if rest and isinstance(rest[0], Doc):
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
            elif isinstance(line, Results):
                results = results or line.names
            elif isinstance(line, CellsRoll):
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

    def results_line(self, children: list[Any]) -> Results:
        children, _rule = self._split_trailer(children)
        return Results(tuple(str(c) for c in children))

    def cells_line(self, children: list[Any]) -> CellsRoll:
        children, _rule = self._split_trailer(children)
        return CellsRoll(children[0])

    @v_args(meta=True)
    def modifier_line(self, meta: Meta, children: list[Any]) -> ast.Modifier:
        children, rule = self._split_trailer(children)
        doc = None
        if isinstance(children[-1], Doc):
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
        rule, body = header_and_body(children[1:])
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
        rule, body = header_and_body(children[2:])
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


class Together:
    """``together by VAR in SIDES`` of a decision, before it joins it."""

    def __init__(self, var: str, sides: ast.Expr) -> None:
        self.var = var
        self.sides = sides


class OptionArgs:
    """The arguments of a decision's option, before they join it."""

    def __init__(self, items: tuple[ast.OptionArg, ...]) -> None:
        self.items = items


def take(rest: list[Any], kind: type[T]) -> T | None:
    """The first of ``rest`` (removed from it) if it is a ``kind``; else None: the optional
    parts of a header, in the grammar's order."""
    if rest and isinstance(rest[0], kind):
        found: T = rest.pop(0)
        return found
    return None
