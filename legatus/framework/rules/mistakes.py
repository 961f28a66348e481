"""Words for syntax errors: how tokens are named, and common mistakes by example.

Lark reports an unexpected token by terminal names (``NAME``, ``_NL``,
``COLON``); authors of rules files should read "a name", "end of line",
"':'". Common mistakes are recognised the way Lark's
``error_reporting_lalr`` example does it: by parsing small malformed examples
and comparing the parser state they fail in with the state of the real error
(:meth:`lark.exceptions.UnexpectedInput.match_examples`).
"""

from __future__ import annotations

from dataclasses import dataclass

#: How terminals are named in messages; anything else is shown as its literal.
TERMINAL_WORDS: dict[str, str] = {
    "NAME": "a name",
    "INT": "a number",
    "STRING": 'a quoted text ("...")',
    "KEY": "a row or column key (7, 5-6, 8+, <=3)",
    "CELL": "a table cell",
    "DICE": "dice such as 2d6",
    "COMPARE": "a comparison (==, !=, <, <=, >, >=)",
    "ADD_OP": "'+' or '-'",
    "MUL_OP": "'*', '/' or '%'",
    "LOOP_TEST": "'while' or 'until'",
    "VERDICT": "'draw' or 'continue'",
    "OUTCOME": "'pass' or 'fail'",
    "PLACE": "'before' or 'after'",
    "RULE_AT": "@rule",
    "_NL": "end of line",
    "_INDENT": "an indented block",
    "_DEDENT": "the end of the block",
    "$END": "end of file",
}


@dataclass(frozen=True)
class Mistake:
    """A recognised mistake: what to say instead of Lark's generic message."""

    message: str
    hint: str | None = None


#: Each mistake with malformed snippets that fail in the same parser state.
#: The snippets are complete files, so they may be run as tests of this table.
COMMON_MISTAKES: dict[Mistake, tuple[str, ...]] = {
    Mistake(
        "a parameter needs a type",
        "write: param NAME: TYPE = VALUE, e.g. param hand_size: int = 6",
    ): ("param x = 5\n", "game g\nparam x = 5\n"),
    Mistake(
        "a parameter needs a default value",
        "write: param NAME: TYPE = VALUE",
    ): ("param x: int\n", 'param x: int "doc"\n'),
    Mistake(
        "a block header must end with ':'",
        "e.g. 'phase winter:' followed by indented lines",
    ): (
        "sequence\n  step a\n",
        "sequence:\n  phase winter\n    step a\n",
        "sequence:\n  repeat y in 1..5\n    step a\n",
        "victory v\n  most vp(side)\n",
        "effect e(p: side)\n  f(p)\n",
        "table t\n  0: a\n",
    ),
    Mistake(
        "expected an indented block",
        "indent the lines that belong to this block",
    ): (
        "sequence:\nstep a\n",
        "sequence:\n  phase winter:\n  step a\n",
        "victory v:\nmost x\n",
        "effect e:\nf(x)\n",
        "table t:\n0: a\n",
    ),
    Mistake(
        "'=' assigns; use '==' to compare",
    ): (
        "sequence:\n  step a when x = 5\n",
        "param x: bool = y = 1\n",
        "victory v:\n  require x = 1\n",
    ),
    Mistake(
        "write 'and', 'or' and 'not' in words",
    ): (
        "sequence:\n  step a when x && y\n",
        "sequence:\n  step a when x || y\n",
        "sequence:\n  step a when !x\n",
    ),
    Mistake(
        "a table row is written KEY: CELL CELL ...",
        "e.g. '5-6: 0 \"1 kraw. heksu w lewo\"'",
    ): ("table t:\n  0 a\n", "table t:\n  rows r: 0..1\n  0 a\n"),
    Mistake(
        "a step is written 'step NAME' or 'step NAME(arg: value)'",
    ): ("sequence:\n  deal(cards: 6)\n", "sequence:\n  phase p:\n    deal\n"),
    Mistake(
        "steps, phases and repeats belong inside 'sequence:'",
        "start the sequence of play with a line 'sequence:' and indent its steps",
    ): ("step a\n", "phase p:\n  step a\n", "repeat y in 1..5:\n  step a\n", "game g\nstep a\n"),
}


#: Characters the language has no use for, and what the author probably meant.
CHARACTER_MISTAKES: dict[str, Mistake] = {
    "&&": Mistake("write 'and', 'or' and 'not' in words"),
    "||": Mistake("write 'and', 'or' and 'not' in words"),
    "!": Mistake("write 'and', 'or' and 'not' in words"),
    "'": Mistake("texts are written in double quotes", 'e.g. "Roma"'),
}


def describe_terminal(name: str, literal: str | None) -> str:
    """The words for a terminal in an "expected ..." list."""
    if name in TERMINAL_WORDS:
        return TERMINAL_WORDS[name]
    if literal is not None:
        return repr(literal)
    return name.lower()


def describe_token(type_: str, value: str) -> str:
    """The words for the token actually found."""
    if type_ in ("_NL", "_INDENT", "_DEDENT", "$END"):
        return TERMINAL_WORDS[type_]
    if type_ == "NAME":
        return f"name {value!r}"
    if type_ in ("INT", "KEY", "CELL", "DICE"):
        return repr(value)
    if type_ == "STRING":
        return f"text {value}"
    return repr(value)
