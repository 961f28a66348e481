"""Parsing rules and variant files: text -> AST, or a positioned RulesError.

One Lark LALR parser (predictable, linear time; see grammar.lark) with a
contextual lexer and an indentation post-lexer. Every failure a user can
cause comes out as :class:`~legatus.framework.model.errors.RulesError` with file, line,
column, the source line, a caret and, where we recognise the mistake, a
plainer message (:mod:`legatus.framework.rules.mistakes`). Input is bounded in size
and nesting so that no file, however hostile, exhausts memory or the stack.
No Python is ever evaluated from a rules file: the text only becomes data.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import threading
from collections.abc import Iterator
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from lark import Lark, Token, Tree
from lark import __version__ as lark_version
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken, VisitError
from lark.grammar import Rule
from lark.indenter import Indenter
from lark.lexer import TerminalDef

from legatus.framework.model import diskcache
from legatus.framework.model.errors import RulesError, SourceSpan
from legatus.framework.rules import ast, transformer
from legatus.framework.rules.mistakes import (
    CHARACTER_MISTAKES,
    COMMON_MISTAKES,
    Mistake,
    describe_terminal,
    describe_token,
)
from legatus.framework.rules.transformer import ToAst

#: Largest rules or variant file accepted, in bytes (the biggest real one is a few KiB).
MAX_BYTES = 1024 * 1024
#: Deepest nesting of blocks and expressions accepted (the parse tree's depth).
MAX_DEPTH = 100

GRAMMAR = Path(__file__).with_name("grammar.lark")


class RulesIndenter(Indenter):
    """Python-style INDENT/DEDENT tokens; newlines inside () and [] are ignored.

    Overrides Lark's dedent check to raise a positioned RulesError, and
    remembers where unclosed brackets were opened for a better hint.
    """

    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB"]  # noqa: RUF012 - Lark's interface
    CLOSE_PAREN_types = ["RPAR", "RSQB"]  # noqa: RUF012
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8

    def __init__(self) -> None:
        super().__init__()
        self.file = "<rules>"
        self.lines: list[str] = []
        self.open_brackets: list[Token] = []

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        self.open_brackets = []
        for token in super().process(stream):  # type: ignore[no-untyped-call]
            if token.type in self.OPEN_PAREN_types:
                self.open_brackets.append(token)
            elif token.type in self.CLOSE_PAREN_types and self.open_brackets:
                self.open_brackets.pop()
            yield token

    def _process(self, stream: Iterator[Token]) -> Iterator[Token]:
        # Lark's own loop, without its asserts: a stray ')' is the parser's error.
        token = None
        for token in stream:
            if token.type == self.NL_type:
                yield from self.handle_NL(token)
            else:
                yield token
            if token.type in self.OPEN_PAREN_types:
                self.paren_level += 1
            elif token.type in self.CLOSE_PAREN_types:
                self.paren_level = max(self.paren_level - 1, 0)
        while len(self.indent_level) > 1:
            self.indent_level.pop()
            if token is not None:
                yield Token.new_borrow_pos(self.DEDENT_type, "", token)
            else:
                yield Token(self.DEDENT_type, "", 0, 1, 1, 1, 1, 0)

    def handle_NL(self, token: Token) -> Iterator[Token]:
        if self.paren_level > 0:
            return
        yield token
        indent_str = token.rsplit("\n", 1)[-1] if "\n" in token else ""
        indent = indent_str.count(" ") + indent_str.count("\t") * self.tab_len
        if indent > self.indent_level[-1]:
            self.indent_level.append(indent)
            yield Token.new_borrow_pos(self.INDENT_type, indent_str, token)
            return
        levels = list(self.indent_level)
        while indent < self.indent_level[-1]:
            self.indent_level.pop()
            yield Token.new_borrow_pos(self.DEDENT_type, indent_str, token)
        if indent != self.indent_level[-1]:
            line = token.end_line or 1
            span = SourceSpan(self.file, line, len(indent_str) + 1)
            choices = " or ".join(str(level) for level in levels)
            raise RulesError(
                span,
                "this line's indentation matches no enclosing block",
                source_line=_line(self.lines, line),
                hint=f"indent it like one of the enclosing blocks: {choices} spaces",
            )


_LAYOUT = frozenset({"_NL", "_INDENT", "_DEDENT"})
_PARSING = threading.RLock()


def _positioned(node: object) -> bool:
    """Whether a node counts for its parent's span: line breaks and indentation do not,
    so a statement ends where its text ends, not at the start of the next line."""
    return not (isinstance(node, Token) and node.type in _LAYOUT)


@cache
def _parser() -> tuple[Lark, RulesIndenter]:
    return build_parser(diskcache.cache_dir())


#: The options given to Lark; those after the first three are Python objects, given again
#: when the parser's tables are read from the cache.
_OPTIONS: dict[str, Any] = {"parser": "lalr", "lexer": "contextual", "maybe_placeholders": False}
_OBJECTS = ("postlex", "propagate_positions")


def build_parser(folder: Path | None) -> tuple[Lark, RulesIndenter]:
    """The parser, its tables read from the per-user cache in ``folder`` when they are there
    (:mod:`legatus.framework.model.diskcache`), else computed and stored there."""
    indenter = RulesIndenter()
    grammar = GRAMMAR.read_text(encoding="utf-8")
    name = diskcache.entry_name(
        "rules-parser", grammar, lark_version, repr(sorted(_OPTIONS.items()))
    )
    stored = diskcache.read(name, folder) if folder is not None else None
    if isinstance(stored, dict):
        # A damaged entry (any failure to rebuild the parser from it): computed again.
        with contextlib.suppress(Exception):
            loaded: Lark = Lark._load_from_dict(  # type: ignore[no-untyped-call]
                stored["data"], stored["memo"], postlex=indenter, propagate_positions=_positioned
            )
            return loaded, indenter
    lark = Lark(grammar, postlex=indenter, propagate_positions=_positioned, **_OPTIONS)
    if folder is not None:
        data, memo = lark.memo_serialize([TerminalDef, Rule])
        data["options"] = {k: v for k, v in data["options"].items() if k not in _OBJECTS}
        diskcache.write(name, {"data": data, "memo": memo}, folder)
    return lark, indenter


def parse(text: str, file: str = "<rules>") -> ast.RulesFile | ast.VariantFile:
    """Parse a rules or variant file's text; raise RulesError on any syntax problem."""
    if len(text.encode("utf-8", errors="surrogatepass")) > MAX_BYTES:
        raise RulesError(
            SourceSpan(file, 1, 1),
            f"file is larger than {MAX_BYTES // 1024} KiB; refusing to parse",
        )
    if not text.endswith("\n"):
        text += "\n"
    return _parse(text, file)


def _parse(text: str, file: str) -> ast.RulesFile | ast.VariantFile:
    lines = text.splitlines()
    lark, indenter = _parser()
    with _PARSING:  # the parser's indenter holds state: one parse at a time
        indenter.file, indenter.lines = file, lines
        try:
            tree = lark.parse(text)
        except UnexpectedInput as exc:
            raise _syntax_error(exc, file, lines, text, indenter) from None
    _check_depth(tree, file, lines)
    try:
        result: ast.RulesFile | ast.VariantFile = ToAst(file, lines).transform(tree)
    except VisitError as exc:
        if isinstance(exc.orig_exc, RulesError):
            raise exc.orig_exc from None
        raise
    if isinstance(result, ast.RulesFile):
        return ast.RulesFile(
            path=result.path, game=result.game, decls=result.decls, source=text, span=result.span
        )
    return ast.VariantFile(
        path=result.path,
        name=result.name,
        base=result.base,
        doc=result.doc,
        rule=result.rule,
        items=result.items,
        source=text,
        span=result.span,
    )


def parse_rules(text: str, file: str = "<rules>") -> ast.RulesFile:
    """Parse a ``.rules`` file; a variant file here is an error at its first line."""
    result = parse(text, file)
    if not isinstance(result, ast.RulesFile):
        raise RulesError(
            SourceSpan(file, result.span.line or 1, 1),
            "this is a variant file, not a rules file",
            source_line=_line(text.splitlines(), result.span.line or 1),
            hint="check it with 'legatus variant check'",
        )
    return result


def parse_variant(text: str, file: str = "<variant>") -> ast.VariantFile:
    """Parse a variant file; a plain rules file here is an error at its first line."""
    result = parse(text, file)
    if not isinstance(result, ast.VariantFile):
        raise RulesError(
            SourceSpan(file, 1, 1),
            "a variant file must start with 'variant NAME of GAME'",
            source_line=_line(text.splitlines(), 1),
        )
    return result


def read_source(path: Path) -> str:
    """A file's text, bounded in size; a file that cannot be read or undecodable bytes are a
    positioned error."""
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise RulesError(
            SourceSpan(str(path), 0, 0), f"cannot read the file: {exc.strerror or exc}"
        ) from None
    if len(data) > MAX_BYTES:
        raise RulesError(
            SourceSpan(str(path), 1, 1),
            f"file is larger than {MAX_BYTES // 1024} KiB; refusing to parse",
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[: exc.start].decode("utf-8", errors="replace")
        line = before.count("\n") + 1
        column = len(before) - (before.rfind("\n") + 1) + 1
        raise RulesError(
            SourceSpan(str(path), line, column), "the file is not valid UTF-8 text"
        ) from None


#: The syntax tree's classes by name: the only objects a cached tree can make.
_TREE_CLASSES: dict[str, type] = {
    name: value
    for name, value in vars(ast).items()
    if isinstance(value, type) and dataclasses.is_dataclass(value)
}
_FIELDS: dict[type, tuple[str, ...]] = {
    cls: tuple(f.name for f in dataclasses.fields(cls)) for cls in _TREE_CLASSES.values()
}


@cache
def _tree_version() -> str:
    """What a cached tree depends on besides the file: the grammar, the transformer, the
    tree's classes, this module and Lark."""
    files = (GRAMMAR, __file__, ast.__file__, transformer.__file__)
    digests = (hashlib.sha256(Path(f).read_bytes()).hexdigest() for f in files)
    return "".join(digests) + lark_version


def encode_tree(node: Any) -> Any:
    """A syntax tree as plain values (:mod:`marshal` stores them): a node as a dictionary of
    its fields and its class's name under ``"@"``, a tuple as a tuple. Raises TypeError on
    anything else, so what cannot be decoded exactly is never stored."""
    if isinstance(node, tuple):
        return tuple(encode_tree(item) for item in node)
    if node is None or isinstance(node, str | int | float):
        return node
    cls = type(node)
    fields = _FIELDS.get(cls)
    if fields is None or _TREE_CLASSES.get(cls.__name__) is not cls:
        raise TypeError(f"not a syntax tree node: {cls.__name__}")
    encoded = {name: encode_tree(getattr(node, name)) for name in fields}
    encoded["@"] = cls.__name__
    return encoded


def decode_tree(value: Any) -> Any:
    """The tree :func:`encode_tree` encoded (KeyError for a class the tree does not have)."""
    if isinstance(value, dict):
        cls = _TREE_CLASSES[value["@"]]
        return cls(**{name: decode_tree(item) for name, item in value.items() if name != "@"})
    if isinstance(value, tuple):
        return tuple(decode_tree(item) for item in value)
    if value is None or isinstance(value, str | int | float):
        return value
    raise TypeError(f"not an encoded syntax tree: {type(value).__name__}")


def parse_path(path: str | Path) -> ast.RulesFile | ast.VariantFile:
    """A rules or variant file parsed: once per process for the same text at the same path
    (the tree is immutable; a file edited since is parsed afresh).

    A file parsed once is read again from the per-user cache
    (:mod:`legatus.framework.model.diskcache`) by the next process, keyed by its name, its
    text and the parser's own files, as plain values that only ever make the syntax tree's
    own classes (see :func:`encode_tree`); a file with a syntax error is parsed, and
    reported, every time. Texts parsed from memory (:func:`parse`) are not kept."""
    path = Path(path)
    return _parse_text(read_source(path), str(path))


@lru_cache(maxsize=128)
def _parse_text(text: str, file: str) -> ast.RulesFile | ast.VariantFile:
    entry = diskcache.entry_name("rules-tree", _tree_version(), file, text)
    stored = diskcache.read(entry)
    if stored is not None:
        with contextlib.suppress(KeyError, TypeError, ValueError, AttributeError):
            tree = decode_tree(stored)
            if isinstance(tree, ast.RulesFile | ast.VariantFile):
                return tree
    result = parse(text, file)
    with contextlib.suppress(TypeError):
        diskcache.write(entry, encode_tree(result))
    return result


# -- errors --------------------------------------------------------------------


def _line(lines: list[str], number: int) -> str | None:
    return lines[number - 1] if 0 < number <= len(lines) else None


def _syntax_error(
    exc: UnexpectedInput, file: str, lines: list[str], text: str, indenter: RulesIndenter
) -> RulesError:
    lark, _ = _parser()
    line, column = _error_position(exc, lines)
    if isinstance(exc, UnexpectedCharacters):
        found = f"unexpected character {text[exc.pos_in_stream or 0]!r}"
        expected = exc.allowed
    elif isinstance(exc, UnexpectedToken):
        found = f"unexpected {describe_token(exc.token.type, str(exc.token))}"
        if exc.token.type == "CELL" and "CELL" not in exc.expected:
            # outside tables, a table cell is only what Lark's fallback lexer made of
            # characters the language does not use: show the first of them
            found = f"unexpected character {str(exc.token)[0]!r}"
        expected = exc.expected
    else:  # pragma: no cover - LALR raises only the two above
        found, expected = "syntax error", set()
    hint = _expected_words(lark, expected)
    if indenter.open_brackets and line > (indenter.open_brackets[-1].line or 0):
        opened = indenter.open_brackets[-1]
        hint = (
            f"the {str(opened)!r} opened at line {opened.line}, column {opened.column} "
            "is not closed"
        )
    message = found
    mistake = _match_mistake(exc, text)
    if mistake is not None:
        message = f"{found}: {mistake.message}"
        hint = mistake.hint
    return RulesError(
        SourceSpan(file, line, column), message, source_line=_line(lines, line), hint=hint
    )


def _error_position(exc: UnexpectedInput, lines: list[str]) -> tuple[int, int]:
    """Where to put the caret: at the unexpected thing, or at the next line's text
    for indentation tokens, or after the last line for the end of the file."""
    if isinstance(exc, UnexpectedToken):
        token = exc.token
        if token.type == "$END":
            last = len(lines) or 1
            return last, len(_line(lines, last) or "") + 1
        if token.type in ("_INDENT", "_DEDENT") and token.end_line:
            return token.end_line, (token.end_column or 1)
    line = exc.line if exc.line and exc.line > 0 else 1
    column = exc.column if exc.column and exc.column > 0 else 1
    return line, column


def _expected_words(lark: Lark, expected: set[str] | frozenset[str]) -> str | None:
    if not expected:
        return None
    words = []
    for name in sorted(expected):
        try:
            pattern: Any = lark.get_terminal(name).pattern
            literal = pattern.value if pattern.type == "str" else None
        except KeyError:
            literal = None
        words.append(describe_terminal(name, literal))
    unique = sorted(set(words))
    if len(unique) > 8:
        unique = [*unique[:8], "..."]
    return "expected " + (unique[0] if len(unique) == 1 else "one of: " + ", ".join(unique))


def _match_mistake(exc: UnexpectedInput, text: str) -> Mistake | None:
    """The common mistake ``exc`` looks like, if any.

    First Lark's own ``match_examples``, which needs the whole parser stack to
    match an example's; then, so that a mistake is recognised at any nesting
    depth, the LALR state alone (with the unexpected token's type); then, for
    characters the language has no use for, the characters themselves.
    """
    lark, indenter = _parser()
    saved = (indenter.file, indenter.lines, indenter.open_brackets)

    def parse_example(example: str) -> Tree[Token]:
        return lark.parse(example)

    found: Mistake | None
    try:
        found = exc.match_examples(parse_example, COMMON_MISTAKES)
    except TypeError:
        # lark 1.3 formats a debug message with "%d" % ParserState when two states
        # match but their accepted tokens differ; treat that as "no exact match"
        found = None
    finally:
        indenter.file, indenter.lines, indenter.open_brackets = saved
    if found is not None:
        return found
    position, kind = _state_key(exc)
    by_state = _mistakes_by_state()
    found = by_state.get((position, kind)) or by_state.get((position, None))
    start = exc.pos_in_stream
    if found is None and start is not None and start >= 0:
        rest = text[start:]
        found = next((m for chars, m in CHARACTER_MISTAKES.items() if rest.startswith(chars)), None)
    return found


def _state_key(exc: UnexpectedInput) -> tuple[int, str | None]:
    state: Any = exc.state
    position = state if isinstance(state, int) else getattr(state, "position", -1)
    kind = exc.token.type if isinstance(exc, UnexpectedToken) else None
    return position, kind


@cache
def _mistakes_by_state() -> dict[tuple[int, str | None], Mistake]:
    """Each example's failing (LALR state, token type), and the state alone where
    every example failing in that state shows the same mistake."""
    lark, indenter = _parser()
    exact: dict[tuple[int, str | None], Mistake] = {}
    by_position: dict[int, set[Mistake]] = {}
    for mistake, examples in COMMON_MISTAKES.items():
        for example in examples:
            try:
                lark.parse(example)
            except UnexpectedInput as exc:
                position, kind = _state_key(exc)
                exact.setdefault((position, kind), mistake)
                by_position.setdefault(position, set()).add(mistake)
    for position, mistakes in by_position.items():
        if len(mistakes) == 1:
            exact.setdefault((position, None), next(iter(mistakes)))
    indenter.open_brackets = []
    return exact


def _check_depth(tree: Tree[Token], file: str, lines: list[str]) -> None:
    """Reject trees deeper than MAX_DEPTH, iteratively (recursion could overflow)."""
    stack: list[tuple[Tree[Token], int]] = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            meta = node.meta
            line = getattr(meta, "line", 1)
            column = getattr(meta, "column", 1)
            raise RulesError(
                SourceSpan(file, line, column),
                f"nested more than {MAX_DEPTH} levels deep",
                source_line=_line(lines, line),
                hint="split the expression or block into named definitions",
            )
        for child in node.children:
            if isinstance(child, Tree):
                stack.append((child, depth + 1))
