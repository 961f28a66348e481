"""The abstract syntax of rules and variant files: frozen dataclasses with positions.

The transformer builds these from Lark's parse tree; the checker, the
formatter, the evaluator and the variant machinery all work on them and never
on Lark trees. Every node carries the :class:`SourceSpan` of the text it came
from, excluded from equality so that a parse-format-parse round trip compares
equal. Nodes are keyword-only so that tests may build them by hand (the span
then defaults to :data:`NOWHERE`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TypeAlias

from legatus.framework.model.errors import SourceSpan

NOWHERE = SourceSpan("<rules>", 0, 0)


@dataclass(frozen=True, kw_only=True)
class Node:
    span: SourceSpan = field(default=NOWHERE, compare=False, repr=False)


# -- expressions ------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class IntLit(Node):
    value: int


@dataclass(frozen=True, kw_only=True)
class StrLit(Node):
    value: str


@dataclass(frozen=True, kw_only=True)
class BoolLit(Node):
    value: bool


@dataclass(frozen=True, kw_only=True)
class ListLit(Node):
    items: tuple[Expr, ...]


@dataclass(frozen=True, kw_only=True)
class Var(Node):
    """A parameter, a ``define`` without arguments, or a bound variable."""

    name: str


@dataclass(frozen=True, kw_only=True)
class Arg(Node):
    """One argument of a call; ``name`` is None for a positional argument."""

    name: str | None
    value: Expr


@dataclass(frozen=True, kw_only=True)
class Call(Node):
    """A call of a query, a ``define``, a built-in, or (as a statement) an effect."""

    name: str
    args: tuple[Arg, ...]


@dataclass(frozen=True, kw_only=True)
class Unary(Node):
    """``-x``, ``+x`` or ``not x``."""

    op: str
    operand: Expr


@dataclass(frozen=True, kw_only=True)
class Binary(Node):
    """Arithmetic, comparison, membership (``in``, ``not in``) and ``and``/``or``."""

    op: str
    left: Expr
    right: Expr


@dataclass(frozen=True, kw_only=True)
class Comprehension(Node):
    """``count(b for b in blocks if strength(b) > 1)`` and friends."""

    func: str
    element: Expr
    var: str
    iterable: Expr
    condition: Expr | None


Expr: TypeAlias = IntLit | StrLit | BoolLit | ListLit | Var | Call | Unary | Binary | Comprehension


# -- shared pieces ----------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class TypeRef(Node):
    """A written type, already in canonical spelling (``list[piece]``)."""

    name: str


@dataclass(frozen=True, kw_only=True)
class Formal(Node):
    """A declared parameter of a ``define``, an effect or a table."""

    name: str
    type: TypeRef


# -- parameters and definitions ---------------------------------------------


@dataclass(frozen=True, kw_only=True)
class ParamDecl(Node):
    """``param road_limit.major: int in 1..9 = 4 "text" @rule "JC 6.11"``."""

    name: str
    type: TypeRef
    low: int | None = None
    high: int | None = None
    bounded: bool = False
    default: Expr
    doc: str | None = None
    rule: str | None = None


@dataclass(frozen=True, kw_only=True)
class DefineDecl(Node):
    """A named, side-effect-free expression, optionally with parameters."""

    name: str
    params: tuple[Formal, ...]
    has_params: bool
    type: TypeRef
    body: Expr
    doc: str | None = None
    rule: str | None = None


# -- sequence of play -------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Step(Node):
    """One step: a procedure the game plugin provides, with arguments."""

    label: str | None
    procedure: str
    procedure_span: SourceSpan = field(compare=False, repr=False, default=NOWHERE)
    args: tuple[Arg, ...]
    has_args: bool = False
    when: Expr | None = None
    rule: str | None = None

    @property
    def name(self) -> str:
        return self.label or self.procedure


@dataclass(frozen=True, kw_only=True)
class Check(Node):
    """``check NAME``: evaluate the victory declaration NAME at this point."""

    victory: str
    victory_span: SourceSpan = field(compare=False, repr=False, default=NOWHERE)
    when: Expr | None = None
    rule: str | None = None

    @property
    def name(self) -> str:
        return self.victory


@dataclass(frozen=True, kw_only=True)
class Phase(Node):
    name: str
    when: Expr | None
    body: tuple[SeqItem, ...]
    rule: str | None = None


@dataclass(frozen=True, kw_only=True)
class Repeat(Node):
    """``repeat year in 1..years:`` or ``repeat turn while COND:`` / ``until COND``.

    ``var`` names the loop (it is also its path component) and holds the
    iteration's value: the counter of a range loop, the 1-based iteration
    number of a ``while``/``until`` loop.
    """

    var: str
    kind: str  # "range", "while" or "until"
    start: Expr | None = None
    end: Expr | None = None
    condition: Expr | None = None
    when: Expr | None = None
    body: tuple[SeqItem, ...]
    rule: str | None = None

    @property
    def name(self) -> str:
        return self.var


SeqItem: TypeAlias = Step | Check | Phase | Repeat


@dataclass(frozen=True, kw_only=True)
class SequenceDecl(Node):
    body: tuple[SeqItem, ...]
    rule: str | None = None

    @property
    def name(self) -> str:
        return "sequence"


# -- victory ----------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class VictoryClause(Node):
    """``require C``, ``most E``, ``least E``, ``else draw`` or ``else continue``."""

    kind: str
    expr: Expr | None = None
    rule: str | None = None


@dataclass(frozen=True, kw_only=True)
class VictoryDecl(Node):
    name: str
    doc: str | None
    clauses: tuple[VictoryClause, ...]
    rule: str | None = None


# -- effects ----------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class CallStmt(Node):
    call: Call
    rule: str | None = None


@dataclass(frozen=True, kw_only=True)
class ForStmt(Node):
    var: str
    iterable: Expr
    condition: Expr | None
    body: tuple[Stmt, ...]
    rule: str | None = None


@dataclass(frozen=True, kw_only=True)
class IfStmt(Node):
    condition: Expr
    then: tuple[Stmt, ...]
    otherwise: tuple[Stmt, ...]
    rule: str | None = None


@dataclass(frozen=True, kw_only=True)
class LetStmt(Node):
    name: str
    value: Expr
    rule: str | None = None


@dataclass(frozen=True, kw_only=True)
class ChooseStmt(Node):
    """A player's decision: ``choose target: space from E where C by P``."""

    name: str
    type: TypeRef
    options: Expr
    where: Expr | None = None
    by: Expr | None = None
    rule: str | None = None


@dataclass(frozen=True, kw_only=True)
class SetStmt(Node):
    """``set NAME = E``: a new value for a variable already bound (a local, a loop's
    counter kept by hand)."""

    name: str
    value: Expr
    rule: str | None = None


@dataclass(frozen=True, kw_only=True)
class LoopStmt(Node):
    """``while C:`` or ``until C:``: the body again and again, the test made before each
    pass (``until``: stop once C holds)."""

    kind: str  # "while" or "until"
    test: Expr
    body: tuple[Stmt, ...]
    rule: str | None = None


@dataclass(frozen=True, kw_only=True)
class RepeatStmt(Node):
    """``repeat round in 1..battle_rounds:``: the body once per number, bound to ``var``."""

    var: str
    start: Expr
    stop: Expr
    body: tuple[Stmt, ...]
    rule: str | None = None


@dataclass(frozen=True, kw_only=True)
class OptionArg(Node):
    """One argument of a decision's option: ``block: piece from movable(side)``."""

    name: str
    type: TypeRef
    options: Expr


@dataclass(frozen=True, kw_only=True)
class DecideOption(Node):
    """One named alternative of a decision: offered when ``when`` holds, once per
    combination of its arguments' legal values; ``body`` runs when it is chosen."""

    name: str
    args: tuple[OptionArg, ...]
    when: Expr | None
    body: tuple[Stmt, ...]
    rule: str | None = None


@dataclass(frozen=True, kw_only=True)
class TurnsStmt(Node):
    """``turns SIDE in SIDES until all pass:``: the sides take turns, in order and round
    again, running the body once per turn with ``var`` bound to the side; a turn in which
    the side answers nothing but ``pass`` (or is asked nothing) is a pass, and the turns
    end when every side has passed in a row."""

    var: str
    sides: Expr
    body: tuple[Stmt, ...]
    rule: str | None = None


#: ``{NAME}`` in a decision's text: the value of the variable NAME when it is asked.
TEXT_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


@dataclass(frozen=True, kw_only=True)
class DecideStmt(Node):
    """``decide NAME by P:``: a decision point whose legal actions are its options'.

    ``decide NAME together by VAR in SIDES:`` asks every side of ``SIDES`` at once (cards
    played face down, sealed bids): each answers in any order, none sees another's answer
    (an option's body runs as its side answers and must keep it hidden), and the
    procedure goes on when all have answered. ``together`` is then the variable's name.
    """

    name: str
    by: Expr | None
    doc: str | None
    options: tuple[DecideOption, ...]
    rule: str | None = None
    together: str | None = None


Stmt: TypeAlias = (
    CallStmt
    | ForStmt
    | IfStmt
    | LetStmt
    | ChooseStmt
    | SetStmt
    | LoopStmt
    | RepeatStmt
    | DecideStmt
    | TurnsStmt
)


@dataclass(frozen=True, kw_only=True)
class EffectDecl(Node):
    """``effect NAME(params) [on "CARD"] [when CONDITION]:``: a card's or an event's
    effect; ``when`` its declared precondition (it may be played only while it holds)."""

    name: str
    params: tuple[Formal, ...]
    card: str | None
    card_span: SourceSpan = field(compare=False, repr=False, default=NOWHERE)
    doc: str | None
    body: tuple[Stmt, ...]
    rule: str | None = None
    when: Expr | None = None


@dataclass(frozen=True, kw_only=True)
class ProcedureDecl(Node):
    """A procedure whose flow the rules declare: a step of the sequence of play (or a
    statement of another procedure or effect) that may ask the players decisions."""

    name: str
    params: tuple[Formal, ...]
    doc: str | None
    body: tuple[Stmt, ...]
    rule: str | None = None


# -- tables -----------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class RollSpec(Node):
    """``roll 2d6 clamp 2..12``; a missing clamp bound leaves that side open."""

    dice: str
    clamp: bool = False
    clamp_low: int | None = None
    clamp_high: int | None = None


@dataclass(frozen=True, kw_only=True)
class RowsAxis(Node):
    """What the rows of a table are keyed by: a roll, an integer range, or names."""

    name: str
    roll: RollSpec | None = None
    low: int | None = None
    high: int | None = None
    type: TypeRef | None = None
    rule: str | None = None


@dataclass(frozen=True, kw_only=True)
class KeyText(Node):
    """A row or column key exactly as written: ``7``, ``5-6``, ``8+``, ``≤ 3``, or a name."""

    text: str
    quoted: bool = False


@dataclass(frozen=True, kw_only=True)
class ColumnsAxis(Node):
    name: str
    keys: tuple[KeyText, ...]
    rule: str | None = None


@dataclass(frozen=True, kw_only=True)
class CellText(Node):
    """A cell exactly as printed; ``quoted`` when it was written in quotes.

    Quoting does not change what a cell means, so it is left out of equality.
    """

    text: str
    quoted: bool = field(default=False, compare=False)


@dataclass(frozen=True, kw_only=True)
class TableRow(Node):
    key: KeyText
    cells: tuple[CellText, ...]
    rule: str | None = None


@dataclass(frozen=True, kw_only=True)
class Modifier(Node):
    """A die-roll modifier: ``modifier +2 when immobilised(target)``."""

    value: Expr
    when: Expr | None = None
    doc: str | None = None
    rule: str | None = None


@dataclass(frozen=True, kw_only=True)
class Special(Node):
    """A special cell and its meaning; ``outcome`` is "pass", "fail" or None."""

    text: str
    quoted: bool = field(default=False, compare=False)
    outcome: str | None
    meaning: str
    rule: str | None = None


@dataclass(frozen=True, kw_only=True)
class TableDecl(Node):
    name: str
    params: tuple[Formal, ...]
    doc: str | None
    rows_axis: RowsAxis | None
    columns: ColumnsAxis | None
    results: tuple[str, ...]
    cells_roll: RollSpec | None
    modifiers: tuple[Modifier, ...]
    specials: tuple[Special, ...]
    rows: tuple[TableRow, ...]
    rule: str | None = None


Decl: TypeAlias = (
    ParamDecl | DefineDecl | SequenceDecl | VictoryDecl | EffectDecl | TableDecl | ProcedureDecl
)


# -- variant items ----------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class ParamOverride(Node):
    name: str
    value: Expr
    rule: str | None = None


@dataclass(frozen=True, kw_only=True)
class Reorder(Node):
    path: str
    order: tuple[str, ...]
    order_spans: tuple[SourceSpan, ...] = field(compare=False, repr=False, default=())
    rule: str | None = None


@dataclass(frozen=True, kw_only=True)
class ReplaceItems(Node):
    path: str
    path_span: SourceSpan = field(compare=False, repr=False, default=NOWHERE)
    items: tuple[SeqItem, ...]
    rule: str | None = None


@dataclass(frozen=True, kw_only=True)
class InsertItems(Node):
    place: str  # "before" or "after"
    path: str
    path_span: SourceSpan = field(compare=False, repr=False, default=NOWHERE)
    items: tuple[SeqItem, ...]
    rule: str | None = None


@dataclass(frozen=True, kw_only=True)
class RemoveItem(Node):
    path: str
    path_span: SourceSpan = field(compare=False, repr=False, default=NOWHERE)
    rule: str | None = None


@dataclass(frozen=True, kw_only=True)
class ReplaceDecl(Node):
    decl: Decl


VariantItem: TypeAlias = (
    ParamOverride | Reorder | ReplaceItems | InsertItems | RemoveItem | ReplaceDecl | Decl
)


# -- files ------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class RulesFile(Node):
    path: str
    game: str | None
    decls: tuple[Decl, ...]
    source: str = field(default="", compare=False, repr=False)


@dataclass(frozen=True, kw_only=True)
class VariantFile(Node):
    path: str
    name: str
    base: str
    doc: str | None
    rule: str | None
    items: tuple[VariantItem, ...]
    source: str = field(default="", compare=False, repr=False)


def decl_kind(decl: Decl) -> str:
    """The keyword that introduces a declaration, used in messages."""
    return {
        ParamDecl: "param",
        DefineDecl: "define",
        SequenceDecl: "sequence",
        VictoryDecl: "victory",
        EffectDecl: "effect",
        TableDecl: "table",
        ProcedureDecl: "procedure",
    }[type(decl)]
