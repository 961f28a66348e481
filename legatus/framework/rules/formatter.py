"""AST -> canonical source text.

The formatter is the inverse of the parser up to layout: parsing its output
gives back an equal AST (spans aside). It is used for the round-trip test,
for ``variant diff`` (which shows replaced definitions as text), and by
anyone who wants a rules file tidied: two-space indents, table columns
aligned, ``@rule`` citations lined up.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from legatus.framework.rules import ast

INDENT = "  "
#: Column at which trailing ``@rule`` citations are aligned when the line is shorter.
RULE_COLUMN = 48

_PRECEDENCE = {
    "or": 1,
    "and": 2,
    "not": 3,
    "==": 4,
    "!=": 4,
    "<": 4,
    "<=": 4,
    ">": 4,
    ">=": 4,
    "in": 4,
    "not in": 4,
    "+": 5,
    "-": 5,
    "*": 6,
    "/": 6,
    "%": 6,
}
_UNARY = 7
_ATOM = 8
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*\Z")
_BARE_CELL = re.compile(r'[^\s"#@][^\s"#]*\Z')


def quote(text: str) -> str:
    escaped = (
        text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    )
    return f'"{escaped}"'


# -- expressions ----------------------------------------------------------------


def _precedence(expr: ast.Expr) -> int:
    if isinstance(expr, ast.Binary):
        return _PRECEDENCE[expr.op]
    if isinstance(expr, ast.Unary):
        return _PRECEDENCE["not"] if expr.op == "not" else _UNARY
    return _ATOM


def format_expr(expr: ast.Expr) -> str:
    """One expression, with the fewest parentheses that keep its meaning."""
    match expr:
        case ast.IntLit(value=value):
            return str(value)
        case ast.BoolLit(value=value):
            return "true" if value else "false"
        case ast.StrLit(value=value):
            return quote(value)
        case ast.Var(name=name):
            return name
        case ast.ListLit(items=items):
            return "[" + ", ".join(format_expr(i) for i in items) + "]"
        case ast.Call(name=name, args=args):
            return f"{name}({format_args(args)})"
        case ast.Comprehension():
            cond = f" if {format_expr(expr.condition)}" if expr.condition is not None else ""
            return (
                f"{expr.func}({format_expr(expr.element)} for {expr.var} in "
                f"{format_expr(expr.iterable)}{cond})"
            )
        case ast.Unary(op=op, operand=operand):
            mine = _precedence(expr)
            inner = _wrap(operand, _precedence(operand) < mine)
            return f"not {inner}" if op == "not" else f"{op}{inner}"
        case ast.Binary(op=op, left=left, right=right):
            mine = _PRECEDENCE[op]
            if mine == 4:  # comparisons do not chain: both sides must bind tighter
                return f"{_wrap(left, _precedence(left) <= mine)} {op} " + _wrap(
                    right, _precedence(right) <= mine
                )
            return f"{_wrap(left, _precedence(left) < mine)} {op} " + _wrap(
                right, _precedence(right) <= mine
            )
    raise TypeError(f"not an expression: {expr!r}")  # pragma: no cover


def _wrap(expr: ast.Expr, parenthesise: bool) -> str:
    text = format_expr(expr)
    return f"({text})" if parenthesise else text


def format_args(args: Iterable[ast.Arg]) -> str:
    return ", ".join(
        f"{a.name}: {format_expr(a.value)}" if a.name else format_expr(a.value) for a in args
    )


# -- lines and blocks -------------------------------------------------------------


def _line(depth: int, text: str, rule: str | None = None) -> str:
    line = INDENT * depth + text
    if rule is not None:
        pad = max(RULE_COLUMN - len(line), 2)
        line += " " * pad + f"@rule {quote(rule)}"
    return line


def _when(expr: ast.Expr | None) -> str:
    return f" when {format_expr(expr)}" if expr is not None else ""


def _formals(params: tuple[ast.Formal, ...], always: bool = False) -> str:
    if not params and not always:
        return ""
    return "(" + ", ".join(f"{p.name}: {p.type.name}" for p in params) + ")"


def format_seq_items(items: Iterable[ast.SeqItem], depth: int) -> list[str]:
    out: list[str] = []
    for item in items:
        match item:
            case ast.Step():
                label = f"{item.label} = " if item.label else ""
                args = f"({format_args(item.args)})" if item.has_args else ""
                out.append(
                    _line(depth, f"step {label}{item.procedure}{args}{_when(item.when)}", item.rule)
                )
            case ast.Check():
                out.append(_line(depth, f"check {item.victory}{_when(item.when)}", item.rule))
            case ast.Phase():
                out.append(_line(depth, f"phase {item.name}{_when(item.when)}:", item.rule))
                out.extend(format_seq_items(item.body, depth + 1))
            case ast.Repeat():
                if item.kind == "range":
                    assert item.start is not None and item.end is not None
                    head = (
                        f"repeat {item.var} in {format_expr(item.start)}.."
                        f"{format_expr(item.end)}{_when(item.when)}:"
                    )
                else:
                    assert item.condition is not None
                    head = f"repeat {item.var} {item.kind} {format_expr(item.condition)}:"
                out.append(_line(depth, head, item.rule))
                out.extend(format_seq_items(item.body, depth + 1))
    return out


def format_stmts(stmts: Iterable[ast.Stmt], depth: int) -> list[str]:
    out: list[str] = []
    for stmt in stmts:
        match stmt:
            case ast.CallStmt(call=call):
                out.append(_line(depth, format_expr(call), stmt.rule))
            case ast.LetStmt():
                out.append(_line(depth, f"let {stmt.name} = {format_expr(stmt.value)}", stmt.rule))
            case ast.ChooseStmt():
                text = f"choose {stmt.name}: {stmt.type.name} from {format_expr(stmt.options)}"
                if stmt.where is not None:
                    text += f" where {format_expr(stmt.where)}"
                if stmt.by is not None:
                    text += f" by {format_expr(stmt.by)}"
                out.append(_line(depth, text, stmt.rule))
            case ast.ForStmt():
                cond = f" if {format_expr(stmt.condition)}" if stmt.condition is not None else ""
                head = f"for {stmt.var} in {format_expr(stmt.iterable)}{cond}:"
                out.append(_line(depth, head, stmt.rule))
                out.extend(format_stmts(stmt.body, depth + 1))
            case ast.IfStmt():
                out.append(_line(depth, f"if {format_expr(stmt.condition)}:", stmt.rule))
                out.extend(format_stmts(stmt.then, depth + 1))
                if stmt.otherwise:
                    out.append(_line(depth, "else:"))
                    out.extend(format_stmts(stmt.otherwise, depth + 1))
            case ast.SetStmt():
                out.append(_line(depth, f"set {stmt.name} = {format_expr(stmt.value)}", stmt.rule))
            case ast.LoopStmt():
                out.append(_line(depth, f"{stmt.kind} {format_expr(stmt.test)}:", stmt.rule))
                out.extend(format_stmts(stmt.body, depth + 1))
            case ast.RepeatStmt():
                head = f"repeat {stmt.var} in {format_expr(stmt.start)}..{format_expr(stmt.stop)}:"
                out.append(_line(depth, head, stmt.rule))
                out.extend(format_stmts(stmt.body, depth + 1))
            case ast.TurnsStmt():
                head = f"turns {stmt.var} in {format_expr(stmt.sides)} until all pass:"
                out.append(_line(depth, head, stmt.rule))
                out.extend(format_stmts(stmt.body, depth + 1))
            case ast.DecideStmt():
                by = f" by {format_expr(stmt.by)}" if stmt.by is not None else ""
                if stmt.together is not None and stmt.by is not None:
                    by = f" together by {stmt.together} in {format_expr(stmt.by)}"
                out.append(_line(depth, f"decide {stmt.name}{by}:", stmt.rule))
                if stmt.doc is not None:
                    out.append(_line(depth + 1, quote(stmt.doc)))
                for option in stmt.options:
                    out.extend(_format_option(option, depth + 1))
    return out


def _format_option(option: ast.DecideOption, depth: int) -> list[str]:
    args = ", ".join(
        f"{arg.name}: {arg.type.name} from {format_expr(arg.options)}" for arg in option.args
    )
    text = f"option {option.name}" + (f"({args})" if args else "") + _when(option.when)
    if not option.body:
        return [_line(depth, text, option.rule)]
    return [_line(depth, text + ":", option.rule), *format_stmts(option.body, depth + 1)]


def _roll(spec: ast.RollSpec) -> str:
    text = f"roll {spec.dice}"
    if spec.clamp:
        low = "" if spec.clamp_low is None else str(spec.clamp_low)
        high = "" if spec.clamp_high is None else str(spec.clamp_high)
        text += f" clamp {low}..{high}"
    return text


def _key(key: ast.KeyText) -> str:
    return quote(key.text) if key.quoted else key.text


def _cell(cell: ast.CellText) -> str:
    if cell.quoted or not _BARE_CELL.match(cell.text):
        return quote(cell.text)
    return cell.text


def format_table(table: ast.TableDecl, depth: int = 0) -> list[str]:
    out = [_line(depth, f"table {table.name}{_formals(table.params)}:", table.rule)]
    inner = depth + 1
    if table.doc is not None:
        out.append(_line(inner, quote(table.doc)))
    if table.rows_axis is not None:
        axis = table.rows_axis
        if axis.roll is not None:
            domain = _roll(axis.roll)
        elif axis.type is not None:
            domain = axis.type.name
        else:
            domain = f"{axis.low}..{axis.high}"
        out.append(_line(inner, f"rows {axis.name}: {domain}", axis.rule))
    if table.columns is not None:
        keys = " ".join(_key(k) for k in table.columns.keys)
        out.append(_line(inner, f"columns {table.columns.name}: {keys}", table.columns.rule))
    if table.results:
        out.append(_line(inner, "results " + " ".join(table.results)))
    if table.cells_roll is not None:
        out.append(_line(inner, "cells " + _roll(table.cells_roll)))
    for special in table.specials:
        cell = (
            quote(special.text)
            if special.quoted or not _BARE_CELL.match(special.text)
            else (special.text)
        )
        outcome = f" {special.outcome}" if special.outcome else ""
        out.append(_line(inner, f"special {cell}{outcome} {quote(special.meaning)}", special.rule))
    for modifier in table.modifiers:
        text = f"modifier {format_expr(modifier.value)}{_when(modifier.when)}"
        if modifier.doc is not None:
            text += f" {quote(modifier.doc)}"
        out.append(_line(inner, text, modifier.rule))
    out.extend(_table_rows(table.rows, inner))
    return out


def _table_rows(rows: tuple[ast.TableRow, ...], depth: int) -> list[str]:
    """Rows with their columns aligned, as a printed table is."""
    texts = [[_key(row.key) + ":", *(_cell(c) for c in row.cells)] for row in rows]
    width = max((len(t) for t in texts), default=0)
    widths = [max((len(t[i]) for t in texts if i < len(t)), default=0) for i in range(width)]
    out = []
    for row, cells in zip(rows, texts, strict=True):
        text = " ".join(c.ljust(widths[i]) for i, c in enumerate(cells)).rstrip()
        out.append(_line(depth, text, row.rule))
    return out


def format_decl(decl: ast.Decl, depth: int = 0) -> list[str]:
    match decl:
        case ast.ParamDecl():
            text = f"param {decl.name}: {decl.type.name}"
            if decl.bounded:
                low = "" if decl.low is None else str(decl.low)
                high = "" if decl.high is None else str(decl.high)
                text += f" in {low}..{high}"
            text += f" = {format_expr(decl.default)}"
            if decl.doc is not None:
                text += f" {quote(decl.doc)}"
            return [_line(depth, text, decl.rule)]
        case ast.DefineDecl():
            params = _formals(decl.params, always=decl.has_params)
            text = f"define {decl.name}{params}: {decl.type.name} = {format_expr(decl.body)}"
            if decl.doc is not None:
                text += f" {quote(decl.doc)}"
            return [_line(depth, text, decl.rule)]
        case ast.SequenceDecl():
            return [_line(depth, "sequence:", decl.rule), *format_seq_items(decl.body, depth + 1)]
        case ast.VictoryDecl():
            out = [_line(depth, f"victory {decl.name}:", decl.rule)]
            if decl.doc is not None:
                out.append(_line(depth + 1, quote(decl.doc)))
            for clause in decl.clauses:
                if clause.expr is None:
                    out.append(_line(depth + 1, f"else {clause.kind}", clause.rule))
                else:
                    text = f"{clause.kind} {format_expr(clause.expr)}"
                    out.append(_line(depth + 1, text, clause.rule))
            return out
        case ast.EffectDecl():
            card = f" on {quote(decl.card)}" if decl.card is not None else ""
            head = f"effect {decl.name}{_formals(decl.params)}{card}{_when(decl.when)}:"
            out = [_line(depth, head, decl.rule)]
            if decl.doc is not None:
                out.append(_line(depth + 1, quote(decl.doc)))
            out.extend(format_stmts(decl.body, depth + 1))
            return out
        case ast.TableDecl():
            return format_table(decl, depth)
        case ast.ProcedureDecl():
            out = [_line(depth, f"procedure {decl.name}{_formals(decl.params)}:", decl.rule)]
            if decl.doc is not None:
                out.append(_line(depth + 1, quote(decl.doc)))
            out.extend(format_stmts(decl.body, depth + 1))
            return out
    raise TypeError(f"not a declaration: {decl!r}")  # pragma: no cover


def format_variant_item(item: ast.VariantItem) -> list[str]:
    match item:
        case ast.ParamOverride():
            return [_line(0, f"param {item.name} = {format_expr(item.value)}", item.rule)]
        case ast.Reorder():
            line = _line(0, f"order {item.path}: " + ", ".join(item.order), item.rule)
            if len(line) <= 100:
                return [line]
            return [
                f"order {item.path}: [",
                *(_line(1, f"{name},") for name in item.order[:-1]),
                _line(1, f"{item.order[-1]}]", item.rule),
            ]
        case ast.ReplaceItems():
            return [
                _line(0, f"replace step {item.path}:", item.rule),
                *format_seq_items(item.items, 1),
            ]
        case ast.InsertItems():
            return [
                _line(0, f"insert {item.place} {item.path}:", item.rule),
                *format_seq_items(item.items, 1),
            ]
        case ast.RemoveItem():
            return [_line(0, f"remove step {item.path}", item.rule)]
        case ast.ReplaceDecl():
            first, *rest = format_decl(item.decl)
            return ["replace " + first, *rest]
    return format_decl(item)


def format_file(node: ast.RulesFile | ast.VariantFile) -> str:
    """A whole rules or variant file in canonical form, definitions separated by blank lines."""
    blocks: list[list[str]] = []
    if isinstance(node, ast.RulesFile):
        if node.game is not None:
            blocks.append([f"game {node.game}"])
        blocks.extend(format_decl(d) for d in node.decls)
    else:
        header = f"variant {node.name} of {node.base}"
        if node.doc is not None:
            header += f" {quote(node.doc)}"
        blocks.append([_line(0, header, node.rule)])
        blocks.extend(format_variant_item(i) for i in node.items)
    return _join(blocks)


def _join(blocks: list[list[str]]) -> str:
    """Blank lines between definitions, except within a run of one-line ones."""
    out: list[str] = []
    previous_single = False
    for block in blocks:
        single = len(block) == 1 and not block[0].rstrip().endswith(":")
        if out and not (single and previous_single):
            out.append("")
        out.extend(block)
        previous_single = single
    return "\n".join(out) + "\n"
